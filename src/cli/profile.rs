//! The main job: measure every credential, print the tables, write the exports, then draw the flamegraphs.

use super::args::{EngineArgs, FlameArgs, InputArgs, PlanArgs, RdfcArgs};
use super::baseline::BaselineArgs;
use super::terminal::Terminal;
use crate::benchmark::{Config, Exports, Flamegraphs, Job, Sessions};
use crate::canon::rdfc::HashAlgorithm;
use crate::corpus::{self, Schema};
use crate::error::Result;
use crate::export::check_writable;
use crate::options::ContextCacheChoice;
use crate::options::{Signatures, Verbosity};
use crate::results::metadata::now;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(mut_arg("engine", |a| a.default_value("both")))]
#[command(mut_arg("iterations", |a| a.help(format!(
    "Iterations per run (N) [default: {}; {} with --study]",
    Config::DEFAULT.plan.iterations,
    Config::STUDY.plan.iterations
))))]
pub(super) struct ProfileArgs {
    /// Which bundled credentials to profile.
    #[arg(long, value_enum, default_value_t = Schema::All)]
    schema: Schema,
    /// Profile these credential files instead of the bundled ones (not with --schema).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "schema")]
    credential: Vec<PathBuf>,
    #[command(flatten)]
    plan: PlanArgs<
        { Config::DEFAULT.plan.iterations },
        { Config::DEFAULT.plan.runs },
        { Config::DEFAULT.plan.warmup },
    >,
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
    /// Skip the three-format exchange table (SD-JWT VC, mdoc, W3C VCDM) printed after the canonicalization
    /// table: on person-20, or with --credential on the first of your credentials the formats can carry.
    #[arg(long)]
    no_exchange: bool,
    /// Print the detailed tables too: each phase's spread and heap, the spec steps, the work counters, the
    /// engines' ratios per phase and the exchange's pairwise ratios (all always in the exports and the report).
    #[arg(long, short, conflicts_with = "quiet")]
    verbose: bool,
    /// Print the summary, the study's claims and where the report is, nothing else.
    #[arg(long, short)]
    quiet: bool,
    /// The signature backend of the exchange table's keys: `rustcrypto` (pure Rust, RFC 6979 ECDSA nonces),
    /// `aws-lc-rs` (AWS-LC's assembly, random ECDSA nonces) or `both` (each format with each, interleaved, and
    /// the share of each exchange that the backend accounts for).
    #[arg(
        long,
        value_enum,
        default_value = "rustcrypto",
        conflicts_with = "no_exchange"
    )]
    signatures: Signatures,
    /// Skip the flamegraphs.
    #[arg(long, conflicts_with_all = ["flamegraphs", "flame_seconds"])]
    no_flamegraphs: bool,
    /// Write the report page here [default: report.html beside the flamegraphs, or with --no-flamegraphs the
    /// --export-json file's name with .html (run-b.json → run-b.html); an existing page is replaced and the run
    /// says so]. Beside it goes results.json (the saved run it is built from) unless --export-json.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    #[command(flatten)]
    flame: FlameArgs,
    /// With both engines: also draw the json-ld crate's RDFC-1.0 flamegraphs (in json-ld-engine/; its sampled
    /// graphs are towers of the crate's async frames, and take --flame-seconds each). By default the RDFC-1.0
    /// graphs are canonprof's engine's, whose frames are the specifications' steps.
    #[arg(long, conflicts_with = "no_flamegraphs")]
    all_flamegraphs: bool,
    #[command(flatten)]
    rdfc: RdfcArgs,
    /// Process each distinct top-level @context once and reuse it (as jsonld.js and PyLD do across calls); `off`
    /// measures the cold path a verifier that caches nothing pays; `both` measures RDFC-1.0 both ways and shows
    /// them side by side.
    #[arg(long, value_enum, value_name = "on|off|both", default_value_t = ContextCacheChoice::On)]
    context_cache: ContextCacheChoice,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    baseline: BaselineArgs,
}

/// Where and how the flamegraphs are drawn, unless `--no-flamegraphs`.
fn flamegraphs(args: &ProfileArgs) -> Result<Option<Flamegraphs>> {
    if args.no_flamegraphs {
        return Ok(None);
    }
    Ok(Some(Flamegraphs {
        dir: args.flame.dir(&now())?,
        seconds: args.flame.flame_seconds,
        all_engines: args.all_flamegraphs,
        keep_recursion: args.flame.keep_recursion,
        formats: args.flame.formats(),
    }))
}

pub(super) fn run(args: ProfileArgs) -> Result<()> {
    let rdfc = args.rdfc.options(HashAlgorithm::Sha256)?;
    let base = if args.study {
        Config::STUDY
    } else {
        Config::DEFAULT
    };
    let config = Config::new(args.plan.plan_over(base.plan)?, rdfc).with_detail(args.flame.detail);
    let baselines = args.baseline.check(args.export_json.as_deref())?;
    let flamegraphs = flamegraphs(&args)?;
    let exports = Exports {
        json: baselines.json().map(PathBuf::from),
        csv: args.export_csv,
        markdown: args.export_markdown,
        report: args.report,
    };
    for path in [
        &exports.json,
        &exports.csv,
        &exports.markdown,
        &exports.report,
    ]
    .into_iter()
    .flatten()
    {
        check_writable(path)?;
    }
    let (engines, caches) = (args.engine.engines()?, args.context_cache.modes());
    let sessions = args
        .input
        .sessions()?
        .with_as_written(args.engine.as_written);
    let sessions = Sessions::new(engines, caches, |engine, cache| {
        sessions.session(engine, cache)
    })?;
    let credentials = if args.credential.is_empty() {
        corpus::for_main_job(args.schema)
    } else {
        corpus::user_files(&args.credential, &args.input.limits())?
    };
    let job = Job {
        credentials,
        config,
        sessions,
        exchange: (!args.no_exchange).then_some(args.signatures),
        exports,
        flamegraphs,
        verbosity: match (args.quiet, args.verbose) {
            (true, _) => Verbosity::Quiet,
            (_, true) => Verbosity::Verbose,
            _ => Verbosity::Normal,
        },
    };
    job.run(&mut Terminal::default())?;
    baselines.finish()
}
