//! The command line: the main job (`canonprof [--schema simple|edu|all] …`, module `profile`), `canonprof
//! canonicalize FILE` (`canonicalize`), `canonprof flame FILE` (`flame`), `canonprof sweep` (`sweep`),
//! `canonprof exchange` (`exchange`) and `canonprof jws` (`jws`).

mod canonicalize;
mod exchange;
mod flame;
mod jws;
mod profile;
mod sweep;

use crate::canon::rdfc::{HashAlgorithm, RdfcOptions, DEFAULT_HNDQ_CALL_LIMIT};
use crate::error::{Error, ErrorKind, Result};
use crate::loader::OfflineLoader;
use clap::{Args, Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Where does the time go when a Verifiable Credential is canonicalized? Runs RDFC-1.0 (JSON-LD expansion,
/// deserialization to RDF, blank node labeling, serialization, hashing) against JCS (RFC 8785) phase by phase on
/// simple and production education credentials, reports medians with spread, and draws flamegraphs.
///
/// Time: the measurements (N=50 iterations x R=5 runs, warm-up 5) take about 15 s for `--schema edu` on 2
/// cores; --study uses the study's N=2000 x R=5 (tens of minutes). The flamegraphs then sample each pipeline for
/// --flame-seconds (default 4.5 s ≈ 1,100 samples at a 250 Hz kernel tick): 2 sampled graphs per credential,
/// plus 1 for person-20 when edu credentials run — about 40 s more for `--schema edu`, 63 s for `--schema all`.
/// --no-flamegraphs skips them.
#[derive(Debug, Parser)]
#[command(name = "canonprof", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    profile: profile::ProfileArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print one document's canonical form (canonical N-Quads or JCS), issued identifiers map, or SHA-256.
    Canonicalize(canonicalize::CanonicalizeArgs),
    /// Draw the sampled, span and differential flamegraphs of one credential: samples each algorithm for
    /// --flame-seconds (default 4.5 s each: about 9 s for both algorithms, 14 s with --engine both) and prints the SVG paths (no index.html).
    Flame(flame::FlameCommandArgs),
    /// Grow a synthetic credential (attributes, nesting depth or blank nodes) and report each phase's cost against
    /// its size, with fitted growth and an SVG chart (default sizes: under a minute).
    Sweep(sweep::SweepArgs),
    /// Issue, present (5 attributes disclosed) and verify: SD-JWT VC, mdoc and W3C VCDM side by side (a few
    /// seconds), or every Data Integrity cryptosuite in detail (`--format vcdm`, about 2 minutes).
    Exchange(exchange::ExchangeArgs),
    /// Sign and verify JWS with 39 algorithms over payloads of 1 KiB to 5 MiB: wall and CPU time, heap bytes,
    /// sizes (the full matrix takes about 2 minutes).
    Jws(jws::JwsArgs),
}

/// Options shared by every command that canonicalizes.
#[derive(Debug, Args)]
struct CommonArgs {
    /// Directory with an index.json (context URL → file name) of extra JSON-LD contexts, served offline.
    #[arg(long, value_name = "DIR")]
    contexts: Option<PathBuf>,
    /// Refuse a dataset as poison after this many Hash N-Degree Quads calls (RDFC-1.0 §7.1).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_HNDQ_CALL_LIMIT, allow_negative_numbers = true)]
    hndq_limit: usize,
    /// Refuse a dataset whose blank node labeling takes longer than this many seconds (RDFC-1.0 §7.1 timeout).
    #[arg(
        long,
        value_name = "S",
        default_value_t = 10.0,
        allow_negative_numbers = true
    )]
    time_limit: f64,
    /// Process each distinct top-level @context once and reuse it (as jsonld.js and PyLD do across calls); `off`
    /// measures the cold path a verifier that caches nothing pays; `both` (main job) measures RDFC-1.0 both ways
    /// and shows them side by side (elsewhere `both` acts as `on`).
    #[arg(long, value_name = "on|off|both", default_value = "on", value_parser = ["on", "off", "both"])]
    context_cache: String,
    /// The JSON-LD expansion engine (expansion and deserialization to RDF): `json-ld` (the json-ld crate, the
    /// reference), `canonprof` (canonprof's own: shared, memoized contexts), or `both` (the main job measures
    /// RDFC-1.0 with each, side by side with their ratio; `canonicalize` checks they agree byte for byte;
    /// `flame` draws RDFC-1.0 with each; `exchange` runs each RDFC-1.0 cryptosuite once per engine).
    #[arg(long, value_name = "json-ld|canonprof|both", default_value = "json-ld", value_parser = ["json-ld", "canonprof", "both"])]
    engine: String,
    /// Profile documents that safe mode refuses: drop what the JSON-LD 1.1 API drops (undefined terms, relative
    /// or invalid IRIs) and report how many statements were dropped.
    #[arg(long)]
    lossy: bool,
    /// Refuse input files larger than this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = crate::document::Limits::DEFAULT.max_bytes)]
    max_input_size: usize,
    /// Refuse JSON nested deeper than this many arrays and objects (at most 127: serde_json, which parses every
    /// input, stops at 128).
    #[arg(long, value_name = "N", default_value_t = crate::document::Limits::DEFAULT.max_depth)]
    max_depth: usize,
    /// Refuse a document whose contexts need more than this many dereferences ("context overflow"; a context
    /// that includes itself is refused at once).
    #[arg(long, value_name = "N", default_value_t = crate::loader::DEFAULT_MAX_CONTEXT_LOADS)]
    max_context_loads: usize,
}

/// Options of every command that draws flamegraphs.
#[derive(Debug, Args)]
struct FlameArgs {
    /// Directory for the flamegraphs and their folded stacks (and the main job's index.html); default:
    /// flamegraphs/<run start>/ under the current directory.
    #[arg(long, value_name = "DIR")]
    flamegraphs: Option<PathBuf>,
    /// Seconds of CPU sampling per sampled flamegraph (0 < S ≤ 600); 4.5 s gives ≥ 1,000 samples at a 250 Hz
    /// kernel tick.
    #[arg(
        long,
        value_name = "S",
        default_value_t = 4.5,
        allow_negative_numbers = true
    )]
    flame_seconds: f64,
}

/// Runs the command line; returns the process exit code (0 success, 1 error, 2 usage).
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = match cli.command {
        Some(Command::Canonicalize(args)) => canonicalize::run(args),
        Some(Command::Flame(args)) => flame::run(args),
        Some(Command::Sweep(args)) => sweep::run(args),
        Some(Command::Exchange(args)) => exchange::run(args),
        Some(Command::Jws(args)) => jws::run(args),
        None => profile::run(cli.profile),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("canonprof: error: {e}");
            if e.kind == ErrorKind::Usage {
                2
            } else {
                1
            }
        }
    }
}

fn loader(common: &CommonArgs) -> Result<OfflineLoader> {
    loader_with_cache(common, common.context_cache != "off")
}

/// A loader with the bundled and user contexts and the context cache `on` or off.
fn loader_with_cache(common: &CommonArgs, on: bool) -> Result<OfflineLoader> {
    if common.max_input_size == 0 || common.max_depth == 0 || common.max_context_loads == 0 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--max-input-size, --max-depth and --max-context-loads must be at least 1",
        ));
    }
    if common.max_depth > crate::document::Limits::MAX_DEPTH_CEILING {
        return Err(Error::new(
            ErrorKind::Usage,
            format!(
                "--max-depth can be at most {}: serde_json, which parses every input, stops at 128 nested arrays and objects",
                crate::document::Limits::MAX_DEPTH_CEILING
            ),
        ));
    }
    crate::document::set_limits(crate::document::Limits {
        max_bytes: common.max_input_size,
        max_depth: common.max_depth,
    });
    let engine = match common.engine.as_str() {
        "canonprof" => crate::loader::Engine::Canonprof,
        _ => crate::loader::Engine::JsonLd,
    };
    let loader = OfflineLoader::bundled()
        .with_engine(engine)
        .with_context_cache(on)
        .with_max_context_loads(common.max_context_loads);
    match &common.contexts {
        Some(dir) => loader.with_user_contexts(dir),
        None => Ok(loader),
    }
}

/// With `--engine both`: a loader like [`loader`]'s with canonprof's engine (the main one has json-ld's).
fn other_engine_loader(common: &CommonArgs) -> Result<Option<OfflineLoader>> {
    other_engine_loader_with_cache(common, common.context_cache != "off")
}

/// [`other_engine_loader`] with the context cache `on` or off.
fn other_engine_loader_with_cache(common: &CommonArgs, on: bool) -> Result<Option<OfflineLoader>> {
    match common.engine.as_str() {
        "both" => Ok(Some(
            loader_with_cache(common, on)?.with_engine(crate::loader::Engine::Canonprof),
        )),
        _ => Ok(None),
    }
}

/// The main loader, then the other engine's if there is one: what runners that take one loader per engine get.
fn engine_loaders<'a>(
    main: &'a OfflineLoader,
    other: &'a Option<OfflineLoader>,
) -> Vec<&'a OfflineLoader> {
    std::iter::once(main).chain(other.as_ref()).collect()
}

fn rdfc_options(common: &CommonArgs, hash: HashAlgorithm) -> Result<RdfcOptions> {
    if common.hndq_limit == 0 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--hndq-limit must be at least 1",
        ));
    }
    if !(common.time_limit > 0.0 && common.time_limit <= 86_400.0) {
        return Err(Error::new(
            ErrorKind::Usage,
            "--time-limit must be a number of seconds above 0 and at most 86400",
        ));
    }
    Ok(RdfcOptions {
        hndq_call_limit: common.hndq_limit,
        hash,
        time_limit: Some(std::time::Duration::from_secs_f64(common.time_limit)),
        lossy: common.lossy,
    })
}

impl FlameArgs {
    /// The output directory (given, or `flamegraphs/<run start>`); [`create_dir`] makes it once the inputs are
    /// checked, before any measuring.
    fn dir(&self, started_at: &str) -> Result<PathBuf> {
        if !(self.flame_seconds > 0.0 && self.flame_seconds <= 600.0) {
            return Err(Error::new(
                ErrorKind::Usage,
                "--flame-seconds must be a number of seconds above 0 and at most 600",
            ));
        }
        Ok(match &self.flamegraphs {
            Some(dir) => dir.clone(),
            None => Path::new("flamegraphs").join(started_at.replace(':', "-")),
        })
    }
}

/// Fails early (before minutes of measuring) if an export file cannot be written.
fn check_writable(path: &Path) -> Result<()> {
    let label = path.display().to_string();
    if path.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            "cannot write export: the path is a directory",
        )
        .in_source(label));
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(Error::new(
            ErrorKind::Io,
            "cannot write export: its directory does not exist",
        )
        .in_source(label));
    }
    // Probe with the same temporary name the atomic writer uses, then remove it.
    let probe = crate::export::temporary_path(path);
    std::fs::write(&probe, b"").map_err(|e| {
        Error::new(ErrorKind::Io, format!("cannot write export: {e}")).in_source(&label)
    })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Creates a flamegraph directory (and its parents).
fn create_dir(dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::new(
            ErrorKind::Usage,
            "--flamegraphs must name a directory, and this is a file",
        )
        .in_source(dir.display().to_string()));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(&dir.display().to_string(), &e))
}

/// Draws the flamegraphs of `credentials` with a progress bar.
fn draw_flamegraphs(
    credentials: &[crate::corpus::Credential],
    algorithms: &[crate::canon::Algorithm],
    loader: &OfflineLoader,
    rdfc: &RdfcOptions,
    settings: &crate::benchmark::flames::Settings,
) -> Result<Vec<crate::benchmark::flames::Graph>> {
    use crate::benchmark::flames;
    let steps = flames::sampled_graph_count(credentials, algorithms) as u64;
    with_progress(steps, "sampling", |bar| {
        flames::write_all(
            credentials,
            algorithms,
            loader,
            rdfc,
            settings,
            &mut |what| {
                bar.set_message(what.to_string());
                bar.inc(1);
            },
        )
    })
}

/// The current time as RFC 3339 (UTC, seconds).
fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Writes to stdout; a reader that went away (`| head`) is not an error.
fn write_stdout(text: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(Error::io("<stdout>", &e)),
        _ => Ok(()),
    }
}

/// Runs `work` with a progress bar of `steps` steps named `what` (see [`progress_bar`]), cleared after.
fn with_progress<T>(steps: u64, what: &str, work: impl FnOnce(&indicatif::ProgressBar) -> T) -> T {
    let bar = progress_bar(steps, what);
    let result = work(&bar);
    bar.finish_and_clear();
    result
}

/// A progress bar on stderr when it is a terminal, hidden otherwise.
fn progress_bar(steps: u64, what: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(steps);
    let template = format!("{{spinner}} {what} [{{bar:40}}] {{pos}}/{{len}} {{msg}} ETA {{eta}}");
    bar.set_style(
        indicatif::ProgressStyle::with_template(&template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}
