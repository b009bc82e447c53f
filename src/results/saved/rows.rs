//! A saved export flattened into comparable rows: one per measured thing with its median, keyed the same way in
//! every run of one kind, for `canonprof diff` (row by row) and `canonprof merge` (totals and ratios).

use super::{Body, SavedRun};
use crate::results::exchange::Export as ExchangeExport;
use crate::results::verify::FileEntry;
use crate::stats::change::Side;
use crate::stats::RunStats;

/// One measured thing of a run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row {
    /// What it belongs to: `canonicalization`, `exchange`, `suites`, `sweep`, `jws` or `verify`.
    pub group: &'static str,
    /// Its key inside the group, the same in every run: `ob3-full · rdfc-1.0 canonprof · expand`,
    /// `person-20 · ed25519 · mdoc · verify`, `ES256 · 1 KiB · sign`.
    pub key: String,
    /// Median (µs).
    pub median_us: f64,
    /// Smallest and largest run median (µs), where the export has them.
    pub range_us: Option<(f64, f64)>,
    /// Each run's median (µs), where the export has them (empty in older files and for the JWS matrix).
    pub run_medians_us: Vec<f64>,
    /// Per run, its kept samples ([`crate::stats::RunStats::run_samples_us`]); may be empty.
    pub run_samples_us: Vec<Vec<f64>>,
}

impl Row {
    fn new(group: &'static str, key: String, median_us: f64, range: Option<(f64, f64)>) -> Row {
        Row {
            group,
            key,
            median_us,
            range_us: range,
            run_medians_us: Vec::new(),
            run_samples_us: Vec::new(),
        }
    }

    /// The row of `stats`: its median, run range, run medians and kept samples.
    fn of(group: &'static str, key: String, stats: &RunStats) -> Row {
        Row {
            run_medians_us: stats.run_medians_us.clone(),
            run_samples_us: stats.run_samples_us.clone(),
            ..Row::new(
                group,
                key,
                stats.median_us,
                Some((stats.min_run_median_us, stats.max_run_median_us)),
            )
        }
    }

    /// What `diff` compares: the run medians and kept samples.
    pub(crate) fn side(&self) -> Side<'_> {
        Side {
            run_medians: &self.run_medians_us,
            run_samples: &self.run_samples_us,
        }
    }
}

/// Every row of `run`, in the export's order: the main job's (credential × algorithm × engine × phase, then
/// its exchange's format × operation), an exchange's, a sweep's (size × algorithm × phase), the JWS matrix's
/// (algorithm × size × sign/verify) and a timed verify's (file × step).
pub(crate) fn rows(run: &SavedRun) -> Vec<Row> {
    let mut out = Vec::new();
    match &run.body {
        Body::Canonicalization(c) => {
            for e in &c.results {
                let base = format!("{} · {}", e.credential, e.key_label(c.config.context_cache));
                for (name, phase) in e.phases_in_order() {
                    let key = format!("{base} · {name}");
                    out.push(Row::of("canonicalization", key, &phase.stats));
                }
                out.push(Row::of(
                    "canonicalization",
                    format!("{base} · total"),
                    &e.total,
                ));
            }
        }
        Body::Exchange(ExchangeExport::Vcdm(report)) => {
            for r in &report.results {
                let base = format!("{} · {} · {}", r.credential, r.cryptosuite, r.engine);
                let exchange = (r.exchange_median_us, None);
                operations(&mut out, "suites", &base, &r.operations, exchange);
            }
        }
        Body::Sweep(sweep) => {
            for p in &sweep.points {
                for a in [&p.rdfc, &p.jcs] {
                    for (name, _, s, _) in a.rows() {
                        let key = format!("{} {} · {} · {name}", p.size, sweep.grows, a.label());
                        out.push(Row::of("sweep", key, s));
                    }
                }
            }
        }
        Body::Jws(m) => {
            for c in &m.cells {
                let size = crate::results::jws::size_label(c.bytes);
                for (op, s) in [("sign", &c.sign), ("verify", &c.verify)] {
                    let key = format!("{} · {size} · {op}", c.name);
                    out.push(Row::new(
                        "jws",
                        key,
                        s.wall_us,
                        Some((s.wall_min_us, s.wall_max_us)),
                    ));
                }
            }
        }
        Body::Verify(export) => {
            for file in &export.files {
                let FileEntry::Read(read) = file else {
                    continue;
                };
                let Some(timing) = &read.timing else {
                    continue;
                };
                for step in &timing.steps {
                    let label = match &step.parent {
                        Some(parent) => format!("{parent} › {}", step.name),
                        None => step.name.clone(),
                    };
                    let key = format!("{} · {label}", read.file);
                    out.push(Row::of("verify", key, &step.stats));
                }
                let key = format!("{} · total", read.file);
                out.push(Row::of("verify", key, &timing.total));
            }
        }
        Body::Exchange(ExchangeExport::All { .. }) => {}
    }
    for report in run.formats() {
        for r in &report.results {
            let base = format!("{} · {} · {}", report.credential, r.alg, r.format);
            let exchange = (r.total_us, Some(r.total_range_us));
            operations(&mut out, "exchange", &base, &r.operations, exchange);
        }
    }
    out
}

/// An exchange's rows: one per operation (`<base> · issue`, …) and its whole exchange (`<base> · exchange`:
/// the median total and, where the export has it, the run range; its run medians are each run's sum of the
/// operations' run medians, when every operation has one per run — no kept samples, the sum's are not kept).
fn operations(
    out: &mut Vec<Row>,
    group: &'static str,
    base: &str,
    operations: &[crate::results::exchange::OperationResult],
    exchange: (f64, Option<(f64, f64)>),
) {
    for op in operations {
        let key = format!("{base} · {}", op.operation);
        out.push(Row::of(group, key, &op.total));
    }
    let runs = operations
        .first()
        .map_or(0, |o| o.total.run_medians_us.len());
    let per_run = operations
        .iter()
        .all(|o| o.total.run_medians_us.len() == runs);
    let mut total = Row::new(group, format!("{base} · exchange"), exchange.0, exchange.1);
    if per_run {
        total.run_medians_us = (0..runs)
            .map(|i| operations.iter().map(|o| o.total.run_medians_us[i]).sum())
            .collect();
    }
    out.push(total);
}
