//! `canonprof verify FILE...` from a checked plan to its outputs: read the key and trust-anchor files and every
//! file to verify (all within the input limits), verify each ([`super::dispatch::verify_bytes`]), time it and draw its span
//! flamegraph when asked, print its report as it comes, and write the `--export-json` document.

use super::detect::Format;
use super::options::{Options, Settings};
use super::{keys, timing};
use crate::canon::Session;
use crate::console::Console;
use crate::document::Limits;
use crate::error::{Error, ErrorKind, Result};
use crate::export::verify as render;
use crate::profile::{self, Timer};
use crate::results::verify::FileEntry;
use std::path::{Path, PathBuf};

/// What `verify` was asked, its options checked.
pub struct Plan {
    /// The files to verify, in order.
    pub files: Vec<PathBuf>,
    /// The format of every file (`None`: detected per file).
    pub format: Option<Format>,
    /// `--key` files.
    pub key_files: Vec<PathBuf>,
    /// `--trust-anchor`: a PEM certificate file.
    pub trust_anchor: Option<PathBuf>,
    /// Everything else the verifier is told, as [`Options`] takes it (its keys and trust anchor are read here).
    pub settings: Settings,
    /// The contexts and expansion engine of the RDFC-1.0 cryptosuites.
    pub session: Session,
    /// The bounds every file is read within.
    pub limits: Limits,
    /// N, R and warm-up of the timing, and the verifications per span flamegraph.
    pub measure: profile::Plan,
    /// Whether each file's verification is timed (`--iterations` and the like given).
    pub timed: bool,
    /// `--export-json`.
    pub export_json: Option<PathBuf>,
    /// `--flamegraphs`: the directory of one span flamegraph per file.
    pub flamegraphs: Option<PathBuf>,
}

/// How many files did not verify, of how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Files that did not verify or could not be read.
    pub failed: usize,
    /// Files given.
    pub files: usize,
}

/// Runs `plan`, printing each file's report on `console` as it is verified. A file that cannot be read or parsed
/// is a verdict line, not an error. Errors: a key or trust-anchor file that cannot be read or used, a flamegraph
/// directory or export that cannot be written.
pub fn run(plan: &Plan, console: &mut dyn Console) -> Result<Summary> {
    let options = options(plan)?;
    let metadata = crate::results::metadata::collect(crate::results::metadata::now());
    // The flamegraph directory first: the export may go into it.
    if let Some(dir) = &plan.flamegraphs {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(&dir.display().to_string(), e))?;
    }
    if let Some(path) = &plan.export_json {
        crate::export::check_writable(path)?;
    }
    let timer = Timer::new();
    let mut failed = 0;
    let mut entries = Vec::new();
    for path in &plan.files {
        let label = path.display().to_string();
        let (text, entry) = match verify_file(plan, &options, &timer, path) {
            Ok(verified) => {
                failed += usize::from(!verified.report.verified());
                verified.shown(plan)
            }
            Err(e) => {
                failed += 1;
                let reason = unreadable_reason(&label, e);
                let text = format!("{label}: NOT VERIFIED (could not be read: {reason})\n");
                (text, FileEntry::unreadable(&label, &reason))
            }
        };
        entries.push(entry);
        console.print(&text)?;
    }
    if let Some(path) = &plan.export_json {
        let engine = plan.session.engine().name();
        let timing = plan.timed.then_some(&plan.measure);
        let at_unix = options.settings.at_unix;
        let json = render::json(&entries, timing, engine, at_unix, &metadata);
        crate::export::write_atomically(path, &json)?;
    }
    Ok(Summary {
        failed,
        files: plan.files.len(),
    })
}

/// The verifier's options: the plan's settings with the keys and the trust anchor read from their files.
fn options(plan: &Plan) -> Result<Options<'_>> {
    let mut known = Vec::new();
    for path in &plan.key_files {
        let text = plan.limits.read_text(path)?;
        known.extend(keys::parse(
            &path.display().to_string(),
            &text,
            &plan.limits,
        )?);
    }
    let trust_anchor = match &plan.trust_anchor {
        Some(path) => Some(pem_certificate(&plan.limits, path)?),
        None => None,
    };
    Ok(Options {
        keys: known,
        trust_anchor,
        settings: plan.settings.clone(),
        ..Options::new(&plan.session, plan.settings.at_unix)
    })
}

/// One file verified: its report, its timing when measured, the path of its flamegraph when drawn.
struct Verified {
    report: super::report::FileReport,
    timing: Option<timing::FileTiming>,
    flamegraph: Option<String>,
}

impl Verified {
    /// The file's lines for the terminal and its `--export-json` entry.
    fn shown(self, plan: &Plan) -> (String, FileEntry) {
        // Relative to the export's directory, as every export records its flamegraphs.
        let recorded = self.flamegraph.as_ref().map(|svg| match &plan.export_json {
            Some(json) => {
                crate::export::relative_path(crate::export::parent_dir(json), Path::new(svg))
            }
            None => svg.clone(),
        });
        let entry = super::entry::read_entry(&self.report, self.timing.as_ref(), recorded);
        let mut text = render::render(&entry);
        if let Some(timing) = &self.timing {
            text.push_str(&render::timing_table(timing, &plan.measure));
        } else if plan.timed {
            text.push_str("  timing: none (the verification ended before any of its steps ran)\n");
        }
        match &self.flamegraph {
            Some(svg) => text.push_str(&format!("  flamegraph: {svg}\n")),
            None if plan.flamegraphs.is_some() => text.push_str(
                "  flamegraph: none (the verification ended before any of its steps ran)\n",
            ),
            None => {}
        }
        (text, FileEntry::Read(Box::new(entry)))
    }
}

/// Reads and verifies one file, timed and drawn as the plan says. Errors: the file cannot be read or parsed as
/// any format (a verification failure is a check of the report instead).
fn verify_file(plan: &Plan, options: &Options, timer: &Timer, path: &Path) -> Result<Verified> {
    let label = path.display().to_string();
    let bytes = plan.limits.read_bytes(path)?;
    let (format, measure) = (plan.format, &plan.measure);
    let (report, timing) = if plan.timed {
        timing::time_file(&label, &bytes, format, options, measure, timer)?
    } else {
        (
            super::dispatch::verify_bytes(&label, &bytes, format, options)?,
            None,
        )
    };
    let flamegraph = match &plan.flamegraphs {
        Some(dir) => flamegraph(&label, &bytes, plan, options, timer, dir)?,
        None => None,
    };
    Ok(Verified {
        report,
        timing,
        flamegraph,
    })
}

/// Why a file could not be read, as the verdict line says it: the reason alone when the error is about the file
/// as a whole, or with the file and position first (`FILE:17:142: …`) when it points into it, or the part it names
/// (`FILE (the JWT payload): …`).
fn unreadable_reason(label: &str, e: Error) -> String {
    let e = if e.source_name() == Some(label) && e.position().is_none() {
        e.without_source()
    } else {
        e
    };
    match e.position() {
        Some(_) => e.in_source(label).to_string(),
        None => e.to_string(),
    }
}

/// The DER of a PEM certificate file. Errors: unreadable, or no `CERTIFICATE` block.
fn pem_certificate(limits: &Limits, path: &Path) -> Result<Vec<u8>> {
    let label = path.display().to_string();
    let text = limits.read_text(path)?;
    crate::keys::pem_der(&text, "CERTIFICATE").ok_or_else(|| {
        Error::new(ErrorKind::Usage, "--trust-anchor is not a PEM certificate").in_source(label)
    })
}

/// Draws the span flamegraph of `plan.measure.iterations` verifications of one file into `dir`; returns its path,
/// or none when the verification ends before any of its steps runs (nothing to draw).
fn flamegraph(
    label: &str,
    bytes: &[u8],
    plan: &Plan,
    options: &Options,
    timer: &Timer,
    dir: &Path,
) -> Result<Option<String>> {
    use crate::profile::{flamegraph, folded};
    let iterations = plan.measure.iterations;
    let name = Path::new(label)
        .file_name()
        .map_or_else(|| label.to_string(), |n| n.to_string_lossy().into_owned());
    let stem: String = format!("verify-{name}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let Some(stacks) =
        timing::stacks(label, bytes, plan.format, options, iterations, timer, &name)?
    else {
        return Ok(None);
    };
    let titles = flamegraph::Titles {
        title: format!("{name} — verify — span time, mean of {iterations} verifications"),
        subtitle: format!(
            "canonprof {} · commit {} · engine {}",
            env!("CARGO_PKG_VERSION"),
            env!("CANONPROF_GIT_COMMIT"),
            options.session.engine().name()
        ),
        count_name: "ns".to_string(),
        root: format!("{name} — verify"),
    };
    let svg = dir.join(format!("{stem}.svg"));
    crate::export::write_atomically(&svg, &flamegraph::svg(&stacks, &titles)?)?;
    crate::export::write_atomically(
        &dir.join(format!("{stem}.folded")),
        &folded::to_text(&stacks),
    )?;
    Ok(Some(svg.display().to_string()))
}
