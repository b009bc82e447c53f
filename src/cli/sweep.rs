//! `canonprof sweep`: each phase's cost against the size of a synthetic credential, with fitted growth and an
//! SVG chart.

use super::{check_writable, loader, rdfc_options, with_progress, write_stdout, CommonArgs};
use crate::benchmark::sweep::{self, Kind};
use crate::benchmark::Config;
use crate::canon::rdfc::HashAlgorithm;
use crate::error::{Error, ErrorKind, Result};
use crate::export::{self, sweep as render};
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
    /// Iterations per run (N).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 20,
        allow_negative_numbers = true
    )]
    iterations: usize,
    /// Number of runs (R).
    #[arg(
        long,
        value_name = "R",
        default_value_t = 3,
        allow_negative_numbers = true
    )]
    runs: usize,
    /// Warm-up iterations per pipeline and size.
    #[arg(
        long,
        value_name = "W",
        default_value_t = 3,
        allow_negative_numbers = true
    )]
    warmup: usize,
    /// Where to write the SVG chart [default: sweep-<kind>.svg].
    #[arg(long, value_name = "FILE")]
    chart: Option<PathBuf>,
    /// Write one CSV row per (size, phase).
    #[arg(long, value_name = "FILE")]
    export_csv: Option<PathBuf>,
    #[command(flatten)]
    common: CommonArgs,
}

pub(super) fn run(args: SweepArgs) -> Result<()> {
    let sizes = if args.sizes.is_empty() {
        args.kind.default_sizes()
    } else {
        args.sizes.clone()
    };
    if sizes.contains(&0) || args.iterations == 0 || args.runs == 0 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--sizes, --iterations and --runs must be at least 1",
        ));
    }
    let config = Config {
        iterations: args.iterations,
        runs: args.runs,
        warmup: args.warmup,
        rdfc: rdfc_options(&args.common, HashAlgorithm::Sha256)?,
    };
    let chart_path = args
        .chart
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("sweep-{}.svg", args.kind.name())));
    check_writable(&chart_path)?;
    if let Some(path) = &args.export_csv {
        check_writable(path)?;
    }
    let loader = loader(&args.common)?;
    let steps = (sizes.len() * 2 * config.runs * config.iterations) as u64;
    let sweep = with_progress(steps, "measuring", |bar| {
        sweep::run(args.kind, &sizes, &loader, &config, &mut || bar.inc(1))
    })?;
    let series = render::series(&sweep.points);
    export::write_atomically(&chart_path, &render::chart(&sweep, &series)?)?;
    if let Some(path) = &args.export_csv {
        export::write_atomically(path, &render::csv(&sweep))?;
    }
    let text = render::text(&sweep, &series);
    write_stdout(&format!("{text}\nChart: {}\n", chart_path.display()))
}
