//! The scaling sweep's renderings ([`crate::results::sweep`]): the terminal table with the fitted growth of each
//! phase, the JSON, CSV (one row per size and phase) and Markdown exports, and the SVG chart's series.

use super::{chart, fmt_us, thousands};
use crate::error::Result;
use crate::results::sweep::{Point, Sweep};
use crate::stats::fit_growth;
use std::fmt::Write;

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

/// (name, points) for every phase and both totals: median µs against the size.
pub(crate) fn series(points: &[Point]) -> Vec<chart::Series> {
    let mut all: Vec<chart::Series> = PHASES
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

/// The SVG chart of `series` (from [`series`]): median µs on a log scale against the size.
pub(crate) fn chart(sweep: &Sweep, series: &[chart::Series]) -> Result<String> {
    let title = format!("canonprof sweep — median µs against {}", sweep.unit);
    chart::line_chart(&title, &sweep.unit, "µs (log scale)", series, true)
}

/// The terminal table, then the fitted growth of each of `series` (from [`series`]).
pub(crate) fn text(sweep: &Sweep, series: &[chart::Series]) -> String {
    let mut out = table(sweep);
    let _ = writeln!(out, "\nFitted growth (y = a + b·f(size), least squares; a more complex model must explain ≥1% more):");
    if sweep.points.len() < 3 {
        let _ = writeln!(out, "  (needs at least 3 sizes)");
    }
    for (name, pts) in series {
        if let Some(fit) = fit_growth(pts) {
            let _ = writeln!(
                out,
                "  {name:<15} {:<10} R² {:.3}   b = {:.3e} µs per unit of f",
                fit.model, fit.r2, fit.b
            );
        }
    }
    out
}

fn table(sweep: &Sweep) -> String {
    let points = &sweep.points;
    let mut out = format!(
        "canonprof sweep — {}, {} runs x {} iterations{} (warm-up {}), expansion engine {}, context cache {}, medians in µs\n\n",
        sweep.unit,
        sweep.runs,
        sweep.iterations,
        super::fmt_interleaved(sweep.interleaved, "RDFC-1.0 and JCS"),
        super::fmt_warmup(sweep.warmup, sweep.warmup_seconds),
        points.first().and_then(|p| p.rdfc.engine).map_or("-", |e| e.name()),
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
            p.size,
            thousands(p.bytes as u64),
            thousands(p.quads as u64),
            thousands(p.blank_nodes as u64)
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

/// `--export-json`: the sweep (every point's RDFC-1.0 and JCS phases, the expansion engine in each RDFC-1.0
/// entry) beside `schema_version`, `kind` (`sweep`) and the run's metadata.
pub(crate) fn json(sweep: &Sweep, metadata: &crate::results::Metadata) -> String {
    super::json::enveloped(crate::results::ExportKind::Sweep, metadata, sweep)
}

/// `--export-markdown`: the table of [`text`] as Markdown, and the fitted growth of each of `series`.
pub(crate) fn markdown(sweep: &Sweep, series: &[chart::Series]) -> String {
    let mut out = format!(
        "# canonprof sweep: {}\n\n{} runs x {} iterations (warm-up {}), expansion engine {}; medians in µs.\n\n| size | bytes | quads | blank nodes |",
        sweep.unit,
        sweep.runs,
        sweep.iterations,
        super::fmt_warmup(sweep.warmup, sweep.warmup_seconds),
        sweep.points.first().and_then(|p| p.rdfc.engine).map_or("-", |e| e.name()),
    );
    for phase in PHASES {
        let _ = write!(out, " {phase} µs |");
    }
    out.push_str(" RDFC-1.0 µs | JCS µs |\n|---:|---:|---:|---:|");
    out.push_str(&"---:|".repeat(PHASES.len() + 2));
    out.push('\n');
    for p in &sweep.points {
        let _ = write!(
            out,
            "| {} | {} | {} | {} |",
            p.size,
            thousands(p.bytes as u64),
            thousands(p.quads as u64),
            thousands(p.blank_nodes as u64)
        );
        for phase in PHASES {
            let _ = write!(out, " {} |", fmt_us(phase_us(p, phase)));
        }
        let _ = writeln!(
            out,
            " {} | {} |",
            fmt_us(p.rdfc.total.median_us),
            fmt_us(p.jcs.total.median_us)
        );
    }
    out.push_str("\n## Fitted growth (y = a + b·f(size), least squares)\n\n| series | model | R² | b (µs per unit of f) |\n|---|---|---:|---:|\n");
    for (name, pts) in series {
        if let Some(fit) = fit_growth(pts) {
            let _ = writeln!(
                out,
                "| {name} | {} | {:.3} | {:.3e} |",
                fit.model, fit.r2, fit.b
            );
        }
    }
    out
}

/// `--export-csv`: one row per (size, algorithm, phase or total).
pub(crate) fn csv(sweep: &Sweep) -> String {
    let mut out = String::from("size,bytes,quads,blank_nodes,algorithm,phase,median_us,min_run_median_us,max_run_median_us\n");
    for p in &sweep.points {
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
