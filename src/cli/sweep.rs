//! `canonprof sweep`: each phase's cost against the size of a synthetic credential, with fitted growth and an
//! SVG chart.

use super::args::{CacheArgs, JsonLdArgs, PlanArgs, RdfcArgs};
use super::terminal::Terminal;
use crate::benchmark::sweep::Kind;
use crate::benchmark::{Config, SweepJob};
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Engine;
use crate::error::{Error, ErrorKind, Result};
use crate::export::check_writable;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub(super) struct SweepArgs {
    /// What grows.
    #[arg(long, value_enum, default_value_t = Kind::Attributes)]
    kind: Kind,
    /// Sizes to measure, comma-separated [default: attributes 5…500, depth 1…32, blank-nodes 1…64].
    #[arg(long, value_name = "N,N,…", value_delimiter = ',')]
    sizes: Vec<usize>,
    #[command(flatten)]
    plan: PlanArgs<20, 3, 3>,
    /// Where to write the SVG chart [default: sweep-<kind>.svg].
    #[arg(long, value_name = "FILE")]
    chart: Option<PathBuf>,
    /// Write one CSV row per (size, phase).
    #[arg(long, value_name = "FILE")]
    export_csv: Option<PathBuf>,
    /// Write the results as JSON (schema: docs/export-json.md).
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// Write the table and the fitted growth as Markdown.
    #[arg(long, value_name = "FILE")]
    export_markdown: Option<PathBuf>,
    #[command(flatten)]
    rdfc: RdfcArgs,
    #[command(flatten)]
    cache: CacheArgs,
    /// The JSON-LD expansion engine (expansion and deserialization to RDF).
    #[arg(long, value_enum, value_name = "json-ld|canonprof", default_value_t = Engine::JsonLd)]
    engine: Engine,
    #[command(flatten)]
    jsonld: JsonLdArgs,
}

pub(super) fn run(args: SweepArgs) -> Result<()> {
    let sizes = if args.sizes.is_empty() {
        args.kind.default_sizes()
    } else {
        args.sizes.clone()
    };
    // One message for the sizes and the plan, which share the "at least 1" rule.
    let plan = match (sizes.contains(&0), args.plan.plan()) {
        (false, Ok(plan)) => plan,
        _ => {
            return Err(Error::new(
                ErrorKind::Usage,
                "--sizes, --iterations and --runs must be at least 1",
            ))
        }
    };
    let config = Config::new(plan, args.rdfc.options(HashAlgorithm::Sha256)?);
    let chart_path = args
        .chart
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("sweep-{}.svg", args.kind.name())));
    check_writable(&chart_path)?;
    for path in [&args.export_csv, &args.export_json, &args.export_markdown]
        .into_iter()
        .flatten()
    {
        check_writable(path)?;
    }
    let sessions = args.jsonld.sessions(None)?;
    let job = SweepJob {
        kind: args.kind,
        sizes,
        config,
        session: sessions.session(args.engine, args.cache.context_cache.enabled())?,
        chart: chart_path,
        csv: args.export_csv.clone(),
        json: args.export_json.clone(),
        markdown: args.export_markdown.clone(),
    };
    job.run(&mut Terminal::default())
}
