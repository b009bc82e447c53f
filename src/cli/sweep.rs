//! `canonprof sweep`: each phase's cost against the size of a synthetic credential, with fitted growth and an
//! SVG chart.

use super::{check_writable, loader, progress_bar, rdfc_options, write_stdout, CommonArgs};
use crate::benchmark::sweep::{self, Kind, Point};
use crate::benchmark::Config;
use crate::canon::rdfc::HashAlgorithm;
use crate::error::{Error, ErrorKind, Result};
use crate::export::{self, fmt_us};
use crate::stats::fit_growth;
use clap::Args;
use std::fmt::Write;
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

/// The RDFC-1.0 phases shown, then the two totals.
const PHASES: [&str; 6] = ["parse", "expand", "to_rdf", "label", "serialize", "hash"];

fn phase_us(point: &Point, phase: &str) -> f64 {
    point
        .rdfc
        .phases
        .iter()
        .find(|p| p.name == phase)
        .map_or(f64::NAN, |p| p.stats.median_us)
}

/// (name, points) for every phase and both totals.
fn series(points: &[Point]) -> Vec<export::chart::Series> {
    let mut all: Vec<export::chart::Series> = PHASES
        .iter()
        .map(|ph| {
            (
                ph.to_string(),
                points
                    .iter()
                    .map(|p| (p.size as f64, phase_us(p, ph)))
                    .collect(),
            )
        })
        .collect();
    all.push((
        "RDFC-1.0 total".into(),
        points
            .iter()
            .map(|p| (p.size as f64, p.rdfc.total.median_us))
            .collect(),
    ));
    all.push((
        "JCS total".into(),
        points
            .iter()
            .map(|p| (p.size as f64, p.jcs.total.median_us))
            .collect(),
    ));
    all
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
    let kind_name = clap::ValueEnum::to_possible_value(&args.kind)
        .map_or_else(String::new, |v| v.get_name().to_string());
    let chart_path = args
        .chart
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("sweep-{kind_name}.svg")));
    check_writable(&chart_path)?;
    if let Some(path) = &args.export_csv {
        check_writable(path)?;
    }
    let loader = loader(&args.common)?;
    let bar = progress_bar(
        (sizes.len() * 2 * config.runs * config.iterations) as u64,
        "measuring",
    );
    let points = sweep::run(args.kind, &sizes, &loader, &config, &mut || bar.inc(1));
    bar.finish_and_clear();
    let points = points?;
    let all = series(&points);
    let title = format!("canonprof sweep — median µs against {}", args.kind.unit());
    export::write_atomically(
        &chart_path,
        &export::chart::line_chart(&title, args.kind.unit(), "µs (log scale)", &all, true)?,
    )?;
    if let Some(path) = &args.export_csv {
        export::write_atomically(path, &csv(&points))?;
    }
    let mut out = table(args.kind, &config, &points);
    let _ = writeln!(out, "\nFitted growth (y = a + b·f(size), least squares; a more complex model must explain ≥1% more):");
    if sizes.len() < 3 {
        let _ = writeln!(out, "  (needs at least 3 sizes)");
    }
    for (name, pts) in &all {
        if let Some(fit) = fit_growth(pts) {
            let _ = writeln!(
                out,
                "  {name:<15} {:<10} R² {:.3}   b = {:.3e} µs per unit of f",
                fit.model, fit.r2, fit.b
            );
        }
    }
    let _ = writeln!(out, "\nChart: {}", chart_path.display());
    write_stdout(&out)
}

fn table(kind: Kind, config: &Config, points: &[Point]) -> String {
    let mut out = format!(
        "canonprof sweep — {}, {} runs x {} iterations (warm-up {}), context cache {}, medians in µs\n\n",
        kind.unit(),
        config.runs,
        config.iterations,
        config.warmup,
        if points.first().and_then(|p| p.rdfc.context_cache).unwrap_or(false) { "on" } else { "off" }
    );
    let _ = writeln!(
        out,
        "{:>6} {:>8} {:>6} {:>7} {:>8} {:>9} {:>8} {:>8} {:>9} {:>7} {:>9} {:>8}",
        "size",
        "bytes",
        "quads",
        "bnodes",
        "parse",
        "expand",
        "to_rdf",
        "label",
        "serialize",
        "hash",
        "RDFC-1.0",
        "JCS"
    );
    for p in points {
        let _ = write!(
            out,
            "{:>6} {:>8} {:>6} {:>7}",
            p.size, p.bytes, p.quads, p.blank_nodes
        );
        for (phase, width) in PHASES.iter().zip([8, 9, 8, 8, 9, 7]) {
            let _ = write!(out, " {:>width$}", fmt_us(phase_us(p, phase)));
        }
        let _ = writeln!(
            out,
            " {:>9} {:>8}",
            fmt_us(p.rdfc.total.median_us),
            fmt_us(p.jcs.total.median_us)
        );
    }
    out
}

fn csv(points: &[Point]) -> String {
    let mut out = String::from("size,bytes,quads,blank_nodes,algorithm,phase,median_us,min_run_median_us,max_run_median_us\n");
    for p in points {
        for a in [&p.rdfc, &p.jcs] {
            for (name, _, s, _) in a.rows() {
                let _ = writeln!(
                    out,
                    "{},{},{},{},{},{name},{:.3},{:.3},{:.3}",
                    p.size,
                    p.bytes,
                    p.quads,
                    p.blank_nodes,
                    a.algorithm,
                    s.median_us,
                    s.min_run_median_us,
                    s.max_run_median_us
                );
            }
        }
    }
    out
}
