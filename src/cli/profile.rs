//! The main job: measure every credential, print the tables, write the exports, then draw the flamegraphs.

use super::args::{EngineArgs, FlameArgs, InputArgs, PlanArgs, RdfcArgs};
use super::{check_writable, create_dir, draw_flamegraphs, now, with_progress, write_stdout};
use crate::benchmark::{self, flames, Config};
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::corpus::{self, Schema};
use crate::error::Result;
use crate::exchange::runner;
use crate::export::{self, html};
use crate::options::ContextCacheChoice;
use crate::options::Signatures;
use crate::report::{FlameIndex, FlameLink};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
#[command(mut_arg("engine", |a| a.default_value("both")))]
#[command(mut_arg("iterations", |a| a.help(format!(
    "Iterations per run (N) [default: {}; {} with --study]",
    Config::DEFAULT.iterations,
    Config::STUDY.iterations
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
        { Config::DEFAULT.iterations },
        { Config::DEFAULT.runs },
        { Config::DEFAULT.warmup },
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
    /// Skip the three-format exchange table (SD-JWT VC, mdoc, W3C VCDM on person-20) printed after the
    /// canonicalization table.
    #[arg(long)]
    no_exchange: bool,
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
    /// Write the report page here [default: report.html beside the flamegraphs, or beside --export-json with
    /// --no-flamegraphs]. Beside it goes results.json (the saved run it is built from) unless --export-json.
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
}

pub(super) fn run(args: ProfileArgs) -> Result<()> {
    let rdfc = args.rdfc.options(HashAlgorithm::Sha256)?;
    let base = if args.study {
        Config::STUDY
    } else {
        Config::DEFAULT
    };
    let config =
        Config::new(&args.plan.plan_over(base.plan())?, rdfc).with_detail(args.flame.detail);
    for path in [
        &args.export_json,
        &args.export_csv,
        &args.export_markdown,
        &args.report,
    ]
    .into_iter()
    .flatten()
    {
        check_writable(path)?;
    }
    let flame_dir = match args.no_flamegraphs {
        true => None,
        false => Some(args.flame.dir(&now())?),
    };
    // The report page, and the saved run it is built from (the user's --export-json, or results.json beside it).
    let report_path = args
        .report
        .clone()
        .or_else(|| match (&flame_dir, &args.export_json) {
            (Some(dir), _) => Some(dir.join("report.html")),
            (None, Some(json)) => Some(export::parent_dir(json).join("report.html")),
            (None, None) => None,
        });
    let saved_path = match (&args.export_json, &report_path) {
        (Some(json), _) => Some(json.clone()),
        (None, Some(report)) => Some(export::parent_dir(report).join("results.json")),
        (None, None) => None,
    };
    // The main loader: the first engine with the first cache mode; then the second engine's (`--engine both`),
    // the first engine's cold one (`--context-cache both`), and the second engine's cold one (both).
    let (engines, caches) = (args.engine.engines()?, args.context_cache.modes());
    let loaders = args
        .input
        .loaders()?
        .with_as_written(args.engine.as_written);
    let loader = loaders.loader(engines[0], caches[0])?;
    let mut credentials = if args.credential.is_empty() {
        corpus::for_main_job(args.schema)
    } else {
        corpus::user_files(&args.credential)?
    };
    // A signed credential is profiled as a verifier sees it: without its proof, and each proof configuration.
    let proofs = benchmark::signed::verifier_view(&mut credentials)?;
    let shapes = benchmark::check(&credentials, &loader, &config)?;
    let other_engine = match engines.get(1) {
        Some(&engine) => Some(loaders.loader(engine, caches[0])?),
        None => None,
    };
    if let Some(other) = &other_engine {
        benchmark::check(&credentials, other, &config)?;
    }
    if let Some(dir) = &flame_dir {
        create_dir(dir)?;
    }
    let cold = match caches.get(1) {
        Some(&cache) => Some(loaders.loader(engines[0], cache)?),
        None => None,
    };
    let other_engine_cold = match (engines.get(1), caches.get(1)) {
        (Some(&engine), Some(&cache)) => Some(loaders.loader(engine, cache)?),
        _ => None,
    };
    let pipelines = 2
        + usize::from(cold.is_some())
        + usize::from(other_engine.is_some())
        + usize::from(other_engine_cold.is_some());
    let parts: usize = proofs.iter().map(Vec::len).sum();
    let steps = ((credentials.len() * pipelines + parts) * config.runs * config.iterations) as u64;
    let extra = benchmark::Extra {
        cold: cold.as_ref(),
        engine: other_engine.as_ref(),
        engine_cold: other_engine_cold.as_ref(),
        proofs: &proofs,
    };
    let report = with_progress(steps, "measuring", |bar| {
        benchmark::run(&credentials, &shapes, &loader, extra, &config, &mut || {
            bar.inc(1)
        })
    })?;
    write_stdout(&export::table::render(&report))?;
    let exchange = match args.no_exchange {
        true => None,
        false => {
            let per_engine: Vec<_> = std::iter::once(&loader).chain(&other_engine).collect();
            let plan = config.plan();
            let backends = args.signatures.backends();
            let steps = runner::study_table_steps(&per_engine, &plan, backends);
            Some(with_progress(steps, "exchanging", |bar| {
                runner::study_table(&per_engine, &plan, backends, &mut || bar.inc(1))
            })?)
        }
    };
    if let Some(exchange) = &exchange {
        write_stdout(&format!("\n{}", export::exchange::formats_table(exchange)))?;
    }
    let claims = benchmark::claims::evaluate(&report, exchange.as_ref());
    write_stdout(&format!("\n{}", export::table::claims(&claims)))?;
    // Written now when flamegraphs follow, so that the results survive a failure while sampling; written (again,
    // with the flamegraphs) at the end.
    if let (Some(path), Some(_)) = (&args.export_json, &flame_dir) {
        let json = export::json::render_with(&report, exchange.as_ref(), &claims, None);
        export::write_atomically(path, &json)?;
    }
    if let Some(path) = &args.export_csv {
        export::write_atomically(path, &export::csv::render(&report))?;
    }
    if let Some(path) = &args.export_markdown {
        export::write_atomically(
            path,
            &export::markdown::render(&report, exchange.as_ref(), &claims),
        )?;
    }
    let saved = Saved {
        report: &report,
        exchange: exchange.as_ref(),
        claims: &claims,
        json: saved_path.as_deref(),
        page: report_path.as_deref(),
    };
    let Some(dir) = flame_dir else {
        return saved.write(None);
    };
    let algorithms = [Algorithm::Rdfc, Algorithm::Jcs];
    let settings = flames::Settings {
        dir: dir.clone(),
        seconds: args.flame.flame_seconds,
        started_at: report.metadata.started_at.clone(),
        detail: config.detail,
    };
    // The main directory shows RDFC-1.0 and JCS with canonprof's engine when it runs (its frames are the spec
    // steps); the json-ld crate's RDFC-1.0 graphs (towers of the crate's async frames) are drawn too, in a
    // subdirectory, with --all-flamegraphs.
    let (primary, secondary) = match &other_engine {
        Some(other) => (other, args.all_flamegraphs.then_some(&loader)),
        None => (&loader, None),
    };
    let sub_dir = secondary.map(|l| flames::engine_dir(l.engine()));
    let intro = html::engine_note(
        primary.engine().name(),
        secondary.map(|l| l.engine().name()).zip(sub_dir.as_deref()),
        other_engine.is_some() && secondary.is_none(),
    );
    let (index, graphs) = flamegraphs_with_index(
        &credentials,
        &algorithms,
        primary,
        &config,
        &settings,
        &report,
        &intro,
    )?;
    let mut drawn: Vec<FlameLink> = links(&graphs, primary.engine().name(), "");
    write_stdout(&format!(
        "\nFlamegraphs: {} ({}, RDFC-1.0 with the {} engine)\n",
        index.display(),
        flames::describe(&graphs),
        primary.engine().name()
    ))?;
    if let (Some(other), Some(sub_dir)) = (secondary, sub_dir) {
        let sub = dir.join(&sub_dir);
        create_dir(&sub)?;
        let settings = flames::Settings {
            dir: sub,
            ..settings
        };
        let note = html::other_engine_note(other.engine().name());
        let (index, graphs) = flamegraphs_with_index(
            &credentials,
            &[Algorithm::Rdfc],
            other,
            &config,
            &settings,
            &report,
            &note,
        )?;
        write_stdout(&format!(
            "Flamegraphs of the {} engine: {} ({})\n",
            other.engine().name(),
            index.display(),
            flames::describe(&graphs)
        ))?;
        drawn.extend(links(
            &graphs,
            other.engine().name(),
            &format!("{sub_dir}/"),
        ));
    }
    saved.write(Some((&dir, drawn)))
}

/// What the main job saves at its end: the JSON export (or results.json beside the report) with the
/// flamegraphs drawn, and the report page built from it.
struct Saved<'a> {
    report: &'a crate::report::Report,
    exchange: Option<&'a crate::report::exchange::FormatsReport>,
    claims: &'a [crate::report::Claim],
    /// Where the saved run goes (`None`: neither a report nor --export-json).
    json: Option<&'a std::path::Path>,
    /// Where the report page goes.
    page: Option<&'a std::path::Path>,
}

impl Saved<'_> {
    /// Writes the saved run with `flamegraphs` (their directory and graphs) and the report built from it.
    fn write(&self, flamegraphs: Option<(&std::path::Path, Vec<FlameLink>)>) -> Result<()> {
        let Some(json_path) = self.json else {
            return write_stdout(
                "\nReport: not written (--no-flamegraphs without --export-json or --report)\n",
            );
        };
        let index = flamegraphs.map(|(dir, graphs)| FlameIndex {
            dir: export::relative_path(export::parent_dir(json_path), dir),
            index: Some("index.html".into()),
            graphs,
        });
        let json =
            export::json::render_with(self.report, self.exchange, self.claims, index.as_ref());
        export::write_atomically(json_path, &json)?;
        let Some(page) = self.page else { return Ok(()) };
        let run = crate::saved::SavedRun::parse(&json, json_path)?;
        super::compare::write_report(std::slice::from_ref(&run), page)?;
        write_stdout(&format!(
            "\nReport: {} (from {})\n",
            page.display(),
            json_path.display()
        ))
    }
}

/// The export's records of `graphs`, drawn with `engine`'s RDFC-1.0, their files under `prefix`.
fn links(graphs: &[flames::Graph], engine: &str, prefix: &str) -> Vec<FlameLink> {
    graphs
        .iter()
        .map(|g| FlameLink {
            credential: g.credential.clone(),
            label: g.label.clone(),
            engine: g.label.contains("rdfc-1.0").then(|| engine.to_string()),
            svg: format!("{prefix}{}", g.svg),
            folded: format!("{prefix}{}", g.folded),
            samples: g.samples,
        })
        .collect()
}

/// Draws the flamegraphs of `algorithms` through `loader` into `settings.dir` with their `index.html` (`intro`:
/// trusted HTML under its heading); returns the index path and the number of graphs.
fn flamegraphs_with_index(
    credentials: &[crate::corpus::Credential],
    algorithms: &[Algorithm],
    loader: &crate::loader::OfflineLoader,
    config: &Config,
    settings: &flames::Settings,
    report: &crate::report::Report,
    intro: &str,
) -> Result<(PathBuf, Vec<flames::Graph>)> {
    let graphs = draw_flamegraphs(credentials, algorithms, loader, &config.rdfc, settings)?;
    let index = flames::write_index(&graphs, report, intro, &settings.dir)?;
    Ok((index, graphs))
}
