//! `canonprof merge A.json B.json ...`: the study's cross-environment table. One column per run (its
//! environment from the metadata); rows for the exchange totals, the canonicalization totals, and the ratios the
//! study reports (VCDM / mdoc, VCDM / SD-JWT VC, VCDM-JCS / SD-JWT VC at verify, RDFC-1.0 / JCS, edu / simple);
//! for each ratio whether its ordering holds in every environment — the study's "survives" test: outside the
//! band, on the same side, in every run.

use super::{RunInfo, Verdict};
use crate::results::canonicalization::Entry;
use crate::results::exchange::FormatsReport;
use crate::results::names::Algorithm;
use crate::results::saved::{Body, SavedRun};

/// Whether a ratio's ordering survives every environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Survival {
    /// Above `1 + band` in every run: the numerator is slower everywhere.
    HoldsAbove,
    /// Below `1 / (1 + band)` in every run: the numerator is faster everywhere.
    HoldsBelow,
    /// Within the band in every run: no real difference anywhere.
    WithinEverywhere,
    /// The verdicts differ between runs.
    DoesNotSurvive,
    /// Some run lacks the row.
    NotInEveryRun,
}

impl Survival {
    /// As the tables say it.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Survival::HoldsAbove => "holds everywhere (> 1)",
            Survival::HoldsBelow => "holds everywhere (< 1)",
            Survival::WithinEverywhere => "within band everywhere",
            Survival::DoesNotSurvive => "does not survive",
            Survival::NotInEveryRun => "not in every run",
        }
    }
}

/// One row: a label and a value per column (`None`: that run does not have it).
#[derive(Debug, Clone)]
pub(crate) struct MergeRow {
    /// What the row is: `exchange total · ed25519 · mdoc`, `VCDM eddsa-rdfc-2022 / mdoc · ed25519`.
    pub label: String,
    /// Per column: µs for a total, a plain ratio for a ratio.
    pub values: Vec<Option<f64>>,
    /// For a ratio row: whether its ordering survives.
    pub survival: Option<Survival>,
}

/// The merged table.
#[derive(Debug, Clone)]
pub(crate) struct Merge {
    /// The band (fraction).
    pub band: f64,
    /// One per run, in the order given.
    pub columns: Vec<RunInfo>,
    /// Totals (µs).
    pub totals: Vec<MergeRow>,
    /// Ratios with their survival.
    pub ratios: Vec<MergeRow>,
}

/// A run's named figures, in first-seen order.
type Figures = Vec<(String, f64)>;

/// Merges `runs` (main-job or exchange exports) into one table judged against `band`.
pub(crate) fn merge(runs: &[&SavedRun], band: f64) -> Merge {
    let per_run: Vec<(Figures, Figures)> = runs.iter().map(|r| figures(r)).collect();
    let table = |pick: fn(&(Figures, Figures)) -> &Figures, ratio: bool| {
        let mut labels: Vec<&str> = Vec::new();
        for run in &per_run {
            for (label, _) in pick(run) {
                if !labels.contains(&label.as_str()) {
                    labels.push(label);
                }
            }
        }
        labels
            .into_iter()
            .map(|label| {
                let values: Vec<Option<f64>> = per_run
                    .iter()
                    .map(|run| pick(run).iter().find(|(l, _)| l == label).map(|(_, v)| *v))
                    .collect();
                let survival = ratio.then(|| survival(&values, band));
                MergeRow {
                    label: label.to_string(),
                    values,
                    survival,
                }
            })
            .collect::<Vec<_>>()
    };
    Merge {
        band,
        columns: runs.iter().map(|r| RunInfo::of(r)).collect(),
        totals: table(|r| &r.0, false),
        ratios: table(|r| &r.1, true),
    }
}

/// Whether the ordering of `values` (ratios) survives: the same verdict outside the band in every run.
fn survival(values: &[Option<f64>], band: f64) -> Survival {
    let Some(values) = values.iter().copied().collect::<Option<Vec<f64>>>() else {
        return Survival::NotInEveryRun;
    };
    let verdicts: Vec<Verdict> = values.iter().map(|&v| Verdict::of(v, band)).collect();
    match verdicts.as_slice() {
        [first, rest @ ..] if rest.iter().all(|v| v == first) => match first {
            Verdict::Slower => Survival::HoldsAbove,
            Verdict::Faster => Survival::HoldsBelow,
            Verdict::WithinBand => Survival::WithinEverywhere,
        },
        _ => Survival::DoesNotSurvive,
    }
}

/// A run's totals (µs) and ratios.
fn figures(run: &SavedRun) -> (Figures, Figures) {
    let (mut totals, mut ratios) = (Vec::new(), Vec::new());
    for report in run.formats() {
        exchange_figures(report, &mut totals, &mut ratios);
    }
    if let Body::Canonicalization(c) = &run.body {
        let documents: Vec<&Entry> = c.documents().into_iter().filter(|e| !e.baseline).collect();
        for e in &documents {
            totals.push((
                format!(
                    "canonicalization total · {} · {}",
                    e.credential,
                    e.key_label(c.config.context_cache)
                ),
                e.total.median_us,
            ));
        }
        for e in documents
            .iter()
            .filter(|e| e.algorithm == Algorithm::Rdfc10)
        {
            let jcs = documents
                .iter()
                .find(|j| j.algorithm == Algorithm::Jcs && j.credential == e.credential);
            if let Some(jcs) = jcs {
                let label = format!("{} / JCS · {}", rdfc_label(e), e.credential);
                ratios.push((label, e.cost_us() / jcs.cost_us()));
            }
        }
        // The summary's ratios are of the run's main engine: its first RDFC-1.0 entry's.
        let main = documents.iter().find(|e| e.algorithm == Algorithm::Rdfc10);
        let main = main.map_or("RDFC-1.0".to_string(), |e| rdfc_label(e));
        for (credential, ratio) in &c.summary.edu_simple_ratios {
            let label = format!("edu / simple, {main} · {credential}");
            ratios.push((label, *ratio));
        }
    }
    (totals, ratios)
}

/// `RDFC-1.0 (canonprof)`.
fn rdfc_label(e: &Entry) -> String {
    match e.engine {
        Some(engine) => format!("RDFC-1.0 ({engine})"),
        None => "RDFC-1.0".into(),
    }
}

/// The three-format table's totals, and the study's ratios per algorithm: every VCDM format over mdoc and over
/// SD-JWT VC (exchange totals), and each JCS suite's verify over SD-JWT VC's.
fn exchange_figures(report: &FormatsReport, totals: &mut Figures, ratios: &mut Figures) {
    for r in &report.results {
        totals.push((
            format!("exchange total · {} · {}", r.alg, r.format),
            r.total_us,
        ));
    }
    let find = |alg: &str, format: &str| {
        report
            .results
            .iter()
            .find(|r| r.alg == alg && r.format == format)
    };
    let verify_us = |r: &crate::results::exchange::FormatResult| {
        r.operations
            .iter()
            .find(|o| o.operation == "verify")
            .map(|o| o.total.median_us)
    };
    for r in report.results.iter().filter(|r| r.is_vcdm()) {
        for other in ["mdoc", "SD-JWT VC"] {
            if let Some(o) = find(&r.alg, other) {
                let label = format!("{} / {other} · {}", r.format, r.alg);
                ratios.push((label, r.total_us / o.total_us));
            }
        }
        if r.format.contains("-jcs-") {
            let sd = find(&r.alg, "SD-JWT VC");
            if let (Some(v), Some(s)) = (verify_us(r), sd.and_then(verify_us)) {
                let label = format!("{} / SD-JWT VC at verify · {}", r.format, r.alg);
                ratios.push((label, v / s));
            }
        }
    }
}
