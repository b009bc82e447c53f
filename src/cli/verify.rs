//! `canonprof verify FILE...`: parses and checks the options once, reads each file, verifies it
//! ([`crate::verify`]) and prints its report; exit status 0 when every file verified, 1 when one did not or
//! could not be read, 2 for a usage error.

use super::args::{LabelingArgs, LoaderArgs, PlanArgs, ProofLimitsArgs};
use super::{check_writable, write_stdout};
use crate::error::{Error, ErrorKind, Result};
use crate::verify::{self, keys, Format, Options};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// Detect from the file's shape.
    Auto,
    /// W3C VCDM with Data Integrity proofs.
    Vcdm,
    /// SD-JWT VC.
    SdJwt,
    /// VC-JWT (VCDM 1.1 `vc` claim) or VC-JOSE (`vc+jwt`).
    Jwt,
    /// ISO/IEC 18013-5 mdoc DeviceResponse (binary or hex CBOR).
    Mdoc,
    /// A JWS JSON Serialization (JAdES) with the credential as its payload.
    JwsJson,
}

/// `--nested`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum NestedArg {
    /// Nested credentials are reported, not counted.
    Lenient,
    /// Nested credentials decide the verdict too.
    Strict,
}

/// `--issuer-binding`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BindingArg {
    /// A binding that is not shown offline is reported, not counted.
    Lenient,
    /// A Data Integrity proof must be shown to be the issuer's (holder's), or the file does not verify.
    Strict,
}

#[derive(Debug, Args)]
pub(super) struct VerifyArgs {
    /// The credentials, presentations, SD-JWTs or DeviceResponses to verify.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The format of every file (default: detected per file).
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// A public key file: Multikey, JWK, DID or controller document, or PEM public key (repeatable; matched to
    /// each proof by verification method id, or the only one given). did:key needs none.
    #[arg(long = "key", value_name = "FILE")]
    keys: Vec<PathBuf>,
    /// The trusted root certificate (PEM) an mdoc's DS certificate, or a header's x5c chain (VC-JWT, VC-JOSE,
    /// SD-JWT, JAdES), must chain to.
    #[arg(long, value_name = "PEM")]
    trust_anchor: Option<PathBuf>,
    /// mdoc: the CBOR SessionTranscript (hex) the device signed over; checks the device signature.
    #[arg(long, value_name = "HEX")]
    session_transcript: Option<String>,
    /// SD-JWT: the nonce the Key Binding JWT must carry.
    #[arg(long)]
    nonce: Option<String>,
    /// SD-JWT: the audience the Key Binding JWT must carry.
    #[arg(long)]
    aud: Option<String>,
    /// Presentations: the challenge the authentication proof must carry.
    #[arg(long)]
    challenge: Option<String>,
    /// Presentations: the domain the authentication proof must carry.
    #[arg(long)]
    domain: Option<String>,
    /// The instant every validity rule is evaluated at (RFC 3339; default: now).
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
    /// Whether signed credentials nested inside a credential (endorsements, a CLR's badges) decide the file's
    /// verdict: `lenient` reports them only, `strict` counts them (a presentation's credentials always count).
    #[arg(long, value_enum, default_value_t = NestedArg::Lenient)]
    nested: NestedArg,
    /// Whether a proof must be shown to be the issuer's (a presentation's: the holder's), its verification method
    /// controlled by them: `lenient` reports it, `strict` fails a file where it is not shown (a method of another
    /// did:key, or one whose controller is not known offline).
    #[arg(long, value_enum, default_value_t = BindingArg::Lenient)]
    issuer_binding: BindingArg,
    /// Accept a signature whose key the credential only asserts about itself — a header `jwk`, an `x5c` chain or
    /// mdoc DS certificate that reaches no --trust-anchor — as verified (the verdict and the line say the key
    /// was not anchored). Without it such a file is `NOT VERIFIED (key not trusted)`: anyone can make such a
    /// key for any issuer.
    #[arg(long)]
    accept_self_asserted: bool,
    /// Timing is off unless one of --iterations, --runs, --warmup or --warmup-time is given: then each file's
    /// verification is repeated and per-step medians are printed after its report.
    #[command(flatten)]
    plan: PlanArgs<50, 5, 5>,
    /// Write the reports (and the timings, when measured) as JSON (docs/verify.md gives the schema).
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// Draw one span flamegraph per file into DIR (`verify-<file>.svg` and `.folded`: step › phase, mean of N
    /// verifications).
    #[arg(long, value_name = "DIR")]
    flamegraphs: Option<PathBuf>,
    #[command(flatten)]
    labeling: LabelingArgs,
    #[command(flatten)]
    loader: LoaderArgs,
    #[command(flatten)]
    proof_limits: ProofLimitsArgs,
}

pub(super) fn run(args: VerifyArgs) -> Result<()> {
    let usage = |m: String| Error::new(ErrorKind::Usage, m);
    let at_unix = match &args.at {
        Some(at) => chrono::DateTime::parse_from_rfc3339(at)
            .map_err(|e| usage(format!("--at `{at}` is not an RFC 3339 date-time: {e}")))?
            .timestamp(),
        None => chrono::Utc::now().timestamp(),
    };
    let mut known = Vec::new();
    for path in &args.keys {
        let label = path.display().to_string();
        let text = crate::input::read_bounded_text(path)?;
        known.extend(keys::parse(&label, &text)?);
    }
    let trust_anchor = match &args.trust_anchor {
        Some(path) => Some(pem_certificate(path)?),
        None => None,
    };
    let session_transcript = match &args.session_transcript {
        Some(text) => {
            let bytes = hex::decode(text.trim())
                .map_err(|e| usage(format!("--session-transcript is not hex: {e}")))?;
            Some(
                ciborium::from_reader(bytes.as_slice())
                    .map_err(|e| usage(format!("--session-transcript is not CBOR: {e}")))?,
            )
        }
        None => None,
    };
    let plan = args.plan.plan()?;
    let timed = args.plan.given();
    let metadata = crate::benchmark::collect_metadata(super::now());
    // The flamegraph directory first: the export may go into it.
    if let Some(dir) = &args.flamegraphs {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(&dir.display().to_string(), e))?;
    }
    if let Some(path) = &args.export_json {
        check_writable(path)?;
    }
    let bounds = args.labeling.bounds()?;
    args.proof_limits.apply()?;
    let loaders: Vec<_> = args
        .loader
        .per_engine()?
        .into_iter()
        .map(|l| l.with_labeling_bounds(bounds))
        .collect();
    if loaders.len() > 1 {
        return Err(usage(
            "--engine both does not apply to verify: pick json-ld or canonprof".into(),
        ));
    }
    let options = Options {
        loader: &loaders[0],
        keys: known,
        trust_anchor,
        session_transcript,
        nonce: args.nonce.clone(),
        aud: args.aud.clone(),
        challenge: args.challenge.clone(),
        domain: args.domain.clone(),
        at_unix,
        nested_strict: args.nested == NestedArg::Strict,
        binding_strict: args.issuer_binding == BindingArg::Strict,
        accept_self_asserted: args.accept_self_asserted,
    };
    let format = match args.format {
        FormatArg::Auto => None,
        FormatArg::Vcdm => Some(Format::Vcdm),
        FormatArg::SdJwt => Some(Format::SdJwt),
        FormatArg::Jwt => Some(Format::Jwt),
        FormatArg::Mdoc => Some(Format::Mdoc),
        FormatArg::JwsJson => Some(Format::JwsJson),
    };
    let timer = crate::profile::Timer::new();
    let mut failed = 0;
    let mut exported = Vec::new();
    for path in &args.files {
        let label = path.display().to_string();
        let measured = read(path).and_then(|bytes| {
            let (report, timing) = match timed {
                true => verify::timing::time_file(&label, &bytes, format, &options, &plan, &timer)
                    .map(|(r, t)| (r, Some(t)))?,
                false => (
                    verify::verify_bytes(&label, &bytes, format, &options)?,
                    None,
                ),
            };
            let flamegraph = match &args.flamegraphs {
                Some(dir) => Some(flamegraph(
                    &label, &bytes, format, &options, &plan, &timer, dir,
                )?),
                None => None,
            };
            Ok((report, timing, flamegraph))
        });
        let text = match measured {
            Ok((report, timing, flamegraph)) => {
                failed += usize::from(!report.verified());
                let mut text = crate::export::verify::render(&report);
                if let Some(timing) = &timing {
                    text.push_str(&crate::export::verify::timing_table(timing, &plan));
                }
                if let Some(svg) = &flamegraph {
                    text.push_str(&format!("  flamegraph: {svg}\n"));
                }
                let mut entry = crate::export::verify::json_entry(&report, timing.as_ref());
                if let (Some(svg), Some(object)) = (&flamegraph, entry.as_object_mut()) {
                    // Relative to the export's directory, as every export records its flamegraphs.
                    let svg = match &args.export_json {
                        Some(json) => crate::export::relative_path(
                            crate::export::parent_dir(json),
                            std::path::Path::new(svg),
                        ),
                        None => svg.clone(),
                    };
                    object.insert("flamegraph".into(), svg.into());
                }
                exported.push(entry);
                text
            }
            Err(e) => {
                failed += 1;
                let reason = unreadable_reason(&label, e);
                exported.push(crate::export::verify::unreadable_entry(&label, &reason));
                format!("{label}: NOT VERIFIED (could not be read: {reason})\n")
            }
        };
        write_stdout(&text)?;
    }
    if let Some(path) = &args.export_json {
        let engine = options.loader.engine().name();
        let json = crate::export::verify::json(
            &exported,
            timed.then_some(&plan),
            engine,
            at_unix,
            &metadata,
        );
        crate::export::write_atomically(path, &json)?;
    }
    match failed {
        0 => Ok(()),
        n => Err(Error::new(
            ErrorKind::Credential,
            match args.files.len() {
                1 => "the file did not verify".to_string(),
                all => format!("{n} of {all} files did not verify"),
            },
        )),
    }
}

/// Why a file could not be read, as the verdict line says it: the reason alone when the error is about the file
/// as a whole, or with the file and position first (`FILE:17:142: …`) when it points into it, or the part it names
/// (`FILE (the JWT payload): …`).
fn unreadable_reason(label: &str, e: Error) -> String {
    let e = match e.source_name() == Some(label) && e.position().is_none() {
        true => e.without_source(),
        false => e,
    };
    match e.position() {
        Some(_) => e.in_source(label).to_string(),
        None => e.to_string(),
    }
}

/// A file's bytes, within the input size limit (`--max-input-size`).
fn read(path: &std::path::Path) -> Result<Vec<u8>> {
    crate::input::read_bounded(path)
}

/// The DER of a PEM certificate file. Errors: unreadable, or no `CERTIFICATE` block.
fn pem_certificate(path: &std::path::Path) -> Result<Vec<u8>> {
    let label = path.display().to_string();
    let text = crate::input::read_bounded_text(path)?;
    crate::keys::pem_der(&text, "CERTIFICATE").ok_or_else(|| {
        Error::new(ErrorKind::Usage, "--trust-anchor is not a PEM certificate").in_source(label)
    })
}

/// Draws the span flamegraph of `plan.iterations` verifications of one file into `dir`; returns its path.
fn flamegraph(
    label: &str,
    bytes: &[u8],
    format: Option<Format>,
    options: &Options,
    plan: &crate::profile::Plan,
    timer: &crate::profile::Timer,
    dir: &std::path::Path,
) -> Result<String> {
    use crate::profile::{flamegraph, folded};
    let name = std::path::Path::new(label)
        .file_name()
        .map_or_else(|| label.to_string(), |n| n.to_string_lossy().into_owned());
    let stem: String = format!("verify-{name}")
        .chars()
        .map(|c| match c.is_ascii_alphanumeric() || "-_.".contains(c) {
            true => c,
            false => '_',
        })
        .collect();
    let stacks =
        verify::timing::stacks(label, bytes, format, options, plan.iterations, timer, &name)?;
    let titles = flamegraph::Titles {
        title: format!(
            "{name} — verify — span time, mean of {} verifications",
            plan.iterations
        ),
        subtitle: format!(
            "canonprof {} · commit {} · engine {}",
            env!("CARGO_PKG_VERSION"),
            env!("CANONPROF_GIT_COMMIT"),
            options.loader.engine().name()
        ),
        count_name: "ns".to_string(),
    };
    let svg = dir.join(format!("{stem}.svg"));
    crate::export::write_atomically(&svg, &flamegraph::svg(&stacks, &titles)?)?;
    crate::export::write_atomically(
        &dir.join(format!("{stem}.folded")),
        &folded::to_text(&stacks),
    )?;
    Ok(svg.display().to_string())
}
