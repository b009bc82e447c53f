//! The command line: the main job (`canonprof [--schema simple|edu|all] …`) and `canonprof canonicalize FILE`.

use crate::benchmark::{self, Config};
use crate::canon::rdfc::{HashAlgorithm, RdfcOptions, DEFAULT_HNDQ_CALL_LIMIT};
use crate::canon::Algorithm;
use crate::canonicalize::{self, InputFormat, Output, Request};
use crate::corpus::{self, Schema};
use crate::document::Document;
use crate::error::{Error, ErrorKind, Result};
use crate::export;
use crate::loader::OfflineLoader;
use clap::{Args, Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Where does the time go when a Verifiable Credential is canonicalized? Runs RDFC-1.0 (JSON-LD expansion,
/// deserialization to RDF, blank node labeling, serialization, hashing) against JCS (RFC 8785) phase by phase on
/// simple and production education credentials, and reports medians with spread.
///
/// Defaults (N=50 iterations x R=5 runs, warm-up 5) finish `canonprof --schema edu` in well under a minute on
/// 2 cores; --study uses the study's N=2000 x R=5 (tens of minutes for the edu set).
#[derive(Debug, Parser)]
#[command(name = "canonprof", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    profile: ProfileArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print one document's canonical form (canonical N-Quads or JCS), issued identifiers map, or SHA-256.
    Canonicalize(CanonicalizeArgs),
}

/// Options shared by every command that canonicalizes.
#[derive(Debug, Args)]
struct CommonArgs {
    /// Directory with an index.json (context URL → file name) of extra JSON-LD contexts, served offline.
    #[arg(long, value_name = "DIR")]
    contexts: Option<PathBuf>,
    /// Refuse a dataset as poison after this many Hash N-Degree Quads calls (RDFC-1.0 §7.1).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_HNDQ_CALL_LIMIT)]
    hndq_limit: usize,
}

#[derive(Debug, Args)]
struct ProfileArgs {
    /// Which bundled credentials to profile.
    #[arg(long, value_enum, default_value_t = Schema::All)]
    schema: Schema,
    /// Profile these credential files instead of the bundled ones (not with --schema).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "schema")]
    credential: Vec<PathBuf>,
    /// Iterations per run (N).
    #[arg(long, value_name = "N")]
    iterations: Option<usize>,
    /// Number of runs (R).
    #[arg(long, value_name = "R")]
    runs: Option<usize>,
    /// Warm-up iterations per pipeline before measuring.
    #[arg(long, value_name = "W")]
    warmup: Option<usize>,
    /// The study's setting: N=2000 iterations x R=5 runs (explicit --iterations/--runs still win).
    #[arg(long)]
    study: bool,
    /// Write the results as JSON (schema: docs/export-json.md).
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// Write the results as CSV, one row per credential, algorithm and phase.
    #[arg(long, value_name = "FILE")]
    export_csv: Option<PathBuf>,
    /// Write the results as Markdown tables.
    #[arg(long, value_name = "FILE")]
    export_markdown: Option<PathBuf>,
    #[command(flatten)]
    common: CommonArgs,
}

#[derive(Debug, Args)]
struct CanonicalizeArgs {
    /// The document to canonicalize.
    file: PathBuf,
    /// Canonicalization algorithm.
    #[arg(long, value_enum, default_value_t = Algorithm::Rdfc)]
    algorithm: Algorithm,
    /// Input syntax.
    #[arg(long, value_enum, default_value_t = InputFormat::Jsonld)]
    input_format: InputFormat,
    /// What to print.
    #[arg(long, value_enum, default_value_t = Output::Canonical)]
    output: Output,
    /// Hash used inside RDFC-1.0 blank node labeling (the W3C suite also tests SHA-384).
    #[arg(long, value_parser = ["sha256", "sha384"], default_value = "sha256")]
    hash_algorithm: String,
    #[command(flatten)]
    common: CommonArgs,
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
    match run(cli) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("canonprof: error: {e}");
            1
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Some(Command::Canonicalize(args)) => canonicalize_command(args),
        None => profile_command(cli.profile),
    }
}

fn loader(common: &CommonArgs) -> Result<OfflineLoader> {
    let loader = OfflineLoader::bundled();
    match &common.contexts {
        Some(dir) => loader.with_user_contexts(dir),
        None => Ok(loader),
    }
}

fn rdfc_options(common: &CommonArgs, hash: HashAlgorithm) -> Result<RdfcOptions> {
    if common.hndq_limit == 0 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--hndq-limit must be at least 1",
        ));
    }
    Ok(RdfcOptions {
        hndq_call_limit: common.hndq_limit,
        hash,
    })
}

fn canonicalize_command(args: CanonicalizeArgs) -> Result<()> {
    let hash = if args.hash_algorithm == "sha384" {
        HashAlgorithm::Sha384
    } else {
        HashAlgorithm::Sha256
    };
    let request = Request {
        algorithm: args.algorithm,
        input_format: args.input_format,
        output: args.output,
        rdfc: rdfc_options(&args.common, hash)?,
    };
    let loader = loader(&args.common)?;
    let document = Document::read(&args.file)?;
    let text = canonicalize::run(&document, &loader, &request)?;
    // Canonical text is printed byte for byte (JCS has no trailing newline); hashes and maps get one.
    let newline = if text.ends_with('\n') || request.output == Output::Canonical {
        ""
    } else {
        "\n"
    };
    write_stdout(&format!("{text}{newline}"))
}

fn profile_command(args: ProfileArgs) -> Result<()> {
    let base = if args.study {
        Config::STUDY
    } else {
        Config::DEFAULT
    };
    let config = Config {
        iterations: args.iterations.unwrap_or(base.iterations),
        runs: args.runs.unwrap_or(base.runs),
        warmup: args.warmup.unwrap_or(base.warmup),
        rdfc: rdfc_options(&args.common, HashAlgorithm::Sha256)?,
    };
    if config.iterations == 0 || config.runs == 0 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--iterations and --runs must be at least 1",
        ));
    }
    for path in [&args.export_json, &args.export_csv, &args.export_markdown]
        .into_iter()
        .flatten()
    {
        check_writable(path)?;
    }
    let loader = loader(&args.common)?;
    let credentials = if args.credential.is_empty() {
        corpus::for_main_job(args.schema)
    } else {
        let mut files = args
            .credential
            .iter()
            .map(|p| corpus::user_file(p))
            .collect::<Result<Vec<_>>>()?;
        corpus::disambiguate(&mut files);
        files
    };
    let shapes = benchmark::check(&credentials, &loader, &config)?;
    let steps = (credentials.len() * 2 * config.runs * config.iterations) as u64;
    let bar = progress_bar(steps);
    let report = benchmark::run(&credentials, &shapes, &loader, &config, &mut || bar.inc(1));
    bar.finish_and_clear();
    let report = report?;
    write_stdout(&export::table::render(&report))?;
    if let Some(path) = &args.export_json {
        export::write_atomically(path, &export::json::render(&report))?;
    }
    if let Some(path) = &args.export_csv {
        export::write_atomically(path, &export::csv::render(&report))?;
    }
    if let Some(path) = &args.export_markdown {
        export::write_atomically(path, &export::markdown::render(&report))?;
    }
    Ok(())
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

/// Fails early (before minutes of measuring) if an export file's directory does not exist.
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
    let probe = export::temporary_path(path);
    std::fs::write(&probe, b"").map_err(|e| {
        Error::new(ErrorKind::Io, format!("cannot write export: {e}")).in_source(&label)
    })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

fn progress_bar(steps: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(steps);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} measuring [{bar:40}] {pos}/{len} iterations, ETA {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar
}
