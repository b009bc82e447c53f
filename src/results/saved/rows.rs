//! A saved export flattened into comparable rows: one per measured thing with its median, keyed the same way in
//! every run of one kind, for `canonprof diff` (row by row) and `canonprof merge` (totals and ratios).

use super::{Body, SavedRun};
use crate::results::exchange::Export as ExchangeExport;
use crate::results::verify::FileEntry;

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
}

impl Row {
    fn new(group: &'static str, key: String, median_us: f64, range: Option<(f64, f64)>) -> Row {
        Row {
            group,
            key,
            median_us,
            range_us: range,
        }
    }
}

/// Every row of `run`, in the export's order: the main job's (credential × algorithm × engine × phase, then
/// its exchange's format × operation), an exchange's, a sweep's (size × algorithm × phase), the JWS matrix's
/// (algorithm × size × sign/verify) and a timed verify's (file × step).
pub(crate) fn rows(run: &SavedRun) -> Vec<Row> {
    let mut out = Vec::new();
    let stats_range = |s: &crate::stats::RunStats| Some((s.min_run_median_us, s.max_run_median_us));
    match &run.body {
        Body::Canonicalization(c) => {
            for e in &c.results {
                let base = format!("{} · {}", e.credential, e.key_label(c.config.context_cache));
                for (name, phase) in e.phases_in_order() {
                    let key = format!("{base} · {name}");
                    out.push(Row::new(
                        "canonicalization",
                        key,
                        phase.stats.median_us,
                        stats_range(&phase.stats),
                    ));
                }
                out.push(Row::new(
                    "canonicalization",
                    format!("{base} · total"),
                    e.total.median_us,
                    stats_range(&e.total),
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
                        out.push(Row::new("sweep", key, s.median_us, stats_range(s)));
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
                    let s = &step.stats;
                    out.push(Row::new("verify", key, s.median_us, stats_range(s)));
                }
                let t = &timing.total;
                let key = format!("{} · total", read.file);
                out.push(Row::new("verify", key, t.median_us, stats_range(t)));
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
/// the median total and, where the export has it, the run range).
fn operations(
    out: &mut Vec<Row>,
    group: &'static str,
    base: &str,
    operations: &[crate::results::exchange::OperationResult],
    exchange: (f64, Option<(f64, f64)>),
) {
    for op in operations {
        let t = &op.total;
        let key = format!("{base} · {}", op.operation);
        let range = Some((t.min_run_median_us, t.max_run_median_us));
        out.push(Row::new(group, key, t.median_us, range));
    }
    out.push(Row::new(
        group,
        format!("{base} · exchange"),
        exchange.0,
        exchange.1,
    ));
}
