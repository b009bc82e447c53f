//! `canonprof merge A.json B.json ...`: the study's cross-environment table. One column per run (its
//! environment from the metadata); rows for the exchange totals, the canonicalization totals, and the ratios the
//! study reports (VCDM / mdoc, VCDM / SD-JWT VC, VCDM-JCS / SD-JWT VC at verify, RDFC-1.0 / JCS, edu / simple);
//! for each ratio whether its ordering holds in every environment — the study's "survives" test: on the same
//! side in every run, where in each run the ordering holds only when the difference is significant (the
//! Mann-Whitney U test over the numerator's and the denominator's run medians) and beyond the band — the same
//! [`Criteria`] as `diff`.

use super::{Criteria, RunInfo, Verdict};
use crate::results::canonicalization::Entry;
use crate::results::exchange::FormatsReport;
use crate::results::names::Algorithm;
use crate::results::saved::{Body, SavedRun};
use crate::stats::change::{self, Side};
use crate::stats::RunStats;

/// Whether a ratio's ordering survives every environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Survival {
    /// Significant and above `1 + band` in every run: the numerator is slower everywhere.
    HoldsAbove,
    /// Significant and below `1 / (1 + band)` in every run: the numerator is faster everywhere.
    HoldsBelow,
    /// No change (not significant, or within the band) in every run: no real difference anywhere.
    NoChangeEverywhere,
    /// The verdicts differ between runs.
    DoesNotSurvive,
    /// Some run has too few runs for the test (or no run medians: a file from before they were kept).
    TooFewRuns,
    /// Some run lacks the row.
    NotInEveryRun,
}

impl Survival {
    /// As the tables say it.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Survival::HoldsAbove => "holds everywhere (> 1)",
            Survival::HoldsBelow => "holds everywhere (< 1)",
            Survival::NoChangeEverywhere => "no change everywhere",
            Survival::DoesNotSurvive => "does not survive",
            Survival::TooFewRuns => "too few runs to tell",
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
    /// What an ordering takes.
    pub criteria: Criteria,
    /// One per run, in the order given.
    pub columns: Vec<RunInfo>,
    /// Totals (µs).
    pub totals: Vec<MergeRow>,
    /// Ratios with their survival.
    pub ratios: Vec<MergeRow>,
}

/// One named figure of a run: a total (µs) or a ratio, with, for a ratio, its verdict in that run.
#[derive(Debug, Clone)]
struct Figure {
    label: String,
    value: f64,
    verdict: Option<Verdict>,
}

/// A run's named figures, in first-seen order.
#[derive(Debug, Default)]
struct Figures(Vec<Figure>);

impl Figures {
    fn total(&mut self, label: String, value: f64) {
        self.0.push(Figure {
            label,
            value,
            verdict: None,
        });
    }

    /// A ratio `value` = numerator / denominator, judged on the two sides' run medians.
    fn ratio(
        &mut self,
        label: String,
        value: f64,
        sides: (Side<'_>, Side<'_>),
        criteria: Criteria,
    ) {
        let (numerator, denominator) = sides;
        let test = change::compare(denominator, numerator, criteria.significance);
        self.0.push(Figure {
            label,
            value,
            verdict: Some(criteria.judge(value, test.as_ref())),
        });
    }
}

/// Merges `runs` (main-job or exchange exports) into one table judged with `criteria`.
pub(crate) fn merge(runs: &[&SavedRun], criteria: Criteria) -> Merge {
    let per_run: Vec<(Figures, Figures)> = runs.iter().map(|r| figures(r, criteria)).collect();
    let table = |pick: fn(&(Figures, Figures)) -> &Figures, ratio: bool| {
        let mut labels: Vec<&str> = Vec::new();
        for run in &per_run {
            for f in &pick(run).0 {
                if !labels.contains(&f.label.as_str()) {
                    labels.push(&f.label);
                }
            }
        }
        labels
            .into_iter()
            .map(|label| {
                let found: Vec<Option<&Figure>> = per_run
                    .iter()
                    .map(|run| pick(run).0.iter().find(|f| f.label == label))
                    .collect();
                let values = found.iter().map(|f| f.map(|f| f.value)).collect();
                let verdicts: Vec<Option<Verdict>> =
                    found.iter().map(|f| f.and_then(|f| f.verdict)).collect();
                let survival = ratio.then(|| survival(&verdicts));
                MergeRow {
                    label: label.to_string(),
                    values,
                    survival,
                }
            })
            .collect::<Vec<_>>()
    };
    Merge {
        criteria,
        columns: runs.iter().map(|r| RunInfo::of(r)).collect(),
        totals: table(|r| &r.0, false),
        ratios: table(|r| &r.1, true),
    }
}

/// Whether a ratio's ordering survives, from its verdict in each run (`None`: that run lacks it).
fn survival(verdicts: &[Option<Verdict>]) -> Survival {
    let Some(verdicts) = verdicts.iter().copied().collect::<Option<Vec<Verdict>>>() else {
        return Survival::NotInEveryRun;
    };
    if verdicts.contains(&Verdict::TooFewRuns) {
        return Survival::TooFewRuns;
    }
    match verdicts.as_slice() {
        [first, rest @ ..] if rest.iter().all(|v| v == first) => match first {
            Verdict::Slower => Survival::HoldsAbove,
            Verdict::Faster => Survival::HoldsBelow,
            Verdict::NoChange | Verdict::TooFewRuns => Survival::NoChangeEverywhere,
        },
        _ => Survival::DoesNotSurvive,
    }
}

/// A run's totals (µs) and ratios.
fn figures(run: &SavedRun, criteria: Criteria) -> (Figures, Figures) {
    let (mut totals, mut ratios) = (Figures::default(), Figures::default());
    for report in run.formats() {
        exchange_figures(report, &mut totals, &mut ratios, criteria);
    }
    if let Body::Canonicalization(c) = &run.body {
        let with_baselines = c.documents();
        let documents: Vec<&Entry> = with_baselines
            .iter()
            .copied()
            .filter(|e| !e.baseline)
            .collect();
        for e in &documents {
            totals.total(
                format!(
                    "canonicalization total · {} · {}",
                    e.credential,
                    e.key_label(c.config.context_cache)
                ),
                e.total.median_us,
            );
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
                // The test is on the instrumented totals' run medians (the uninstrumented pass keeps none).
                let sides = (Side::of(&e.total), Side::of(&jcs.total));
                ratios.ratio(label, e.cost_us() / jcs.cost_us(), sides, criteria);
            }
        }
        // The summary's ratios are of the run's main engine: its first RDFC-1.0 entry's.
        let main = documents.iter().find(|e| e.algorithm == Algorithm::Rdfc10);
        let label = main.map_or("RDFC-1.0".to_string(), |e| rdfc_label(e));
        // Tested as the edu credential's run medians against those of every simple credential (same pipeline).
        let same_pipeline = |e: &&&Entry| {
            main.is_some_and(|m| {
                e.algorithm == m.algorithm
                    && e.engine == m.engine
                    && e.context_cache == m.context_cache
            })
        };
        let simple = pooled(
            with_baselines
                .iter()
                .filter(same_pipeline)
                .filter(|e| e.set == "simple"),
        );
        for (credential, ratio) in &c.summary.edu_simple_ratios {
            let edu = with_baselines
                .iter()
                .filter(same_pipeline)
                .find(|e| e.set == "edu" && &e.credential == credential);
            let edu = edu.map_or_else(RunStats::default_empty, |e| e.total.clone());
            let label = format!("edu / simple, {label} · {credential}");
            ratios.ratio(label, *ratio, (Side::of(&edu), Side::of(&simple)), criteria);
        }
    }
    (totals, ratios)
}

/// The run medians (and kept samples) of several entries together, as one side of a test.
fn pooled<'a>(entries: impl Iterator<Item = &'a &'a Entry>) -> RunStats {
    let mut stats = RunStats::default_empty();
    for e in entries {
        stats.run_medians_us.extend(&e.total.run_medians_us);
        stats
            .run_samples_us
            .extend(e.total.run_samples_us.iter().cloned());
    }
    stats
}

/// `RDFC-1.0 (canonprof)`.
fn rdfc_label(e: &Entry) -> String {
    match e.engine {
        Some(engine) => format!("RDFC-1.0 ({engine})"),
        None => "RDFC-1.0".into(),
    }
}

/// The three-format table's totals, and the study's ratios per algorithm: every VCDM format over mdoc and over
/// SD-JWT VC (exchange totals, tested on each run's sum of the operations' run medians), and each JCS suite's
/// verify over SD-JWT VC's.
fn exchange_figures(
    report: &FormatsReport,
    totals: &mut Figures,
    ratios: &mut Figures,
    criteria: Criteria,
) {
    for r in &report.results {
        totals.total(
            format!("exchange total · {} · {}", r.alg, r.format),
            r.total_us,
        );
    }
    let per_run_totals = |r: &crate::results::exchange::FormatResult| {
        let mut stats = RunStats::default_empty();
        let runs = r
            .operations
            .first()
            .map_or(0, |o| o.total.run_medians_us.len());
        if r.operations
            .iter()
            .all(|o| o.total.run_medians_us.len() == runs)
        {
            stats.run_medians_us = (0..runs)
                .map(|i| r.operations.iter().map(|o| o.total.run_medians_us[i]).sum())
                .collect();
        }
        stats
    };
    let find = |alg: &str, format: &str| {
        report
            .results
            .iter()
            .find(|r| r.alg == alg && r.format == format)
    };
    let verify = |r: &'_ crate::results::exchange::FormatResult| {
        r.operations
            .iter()
            .find(|o| o.operation == "verify")
            .map(|o| o.total.clone())
    };
    for r in report.results.iter().filter(|r| r.is_vcdm()) {
        for other in ["mdoc", "SD-JWT VC"] {
            if let Some(o) = find(&r.alg, other) {
                let label = format!("{} / {other} · {}", r.format, r.alg);
                let (mine, theirs) = (per_run_totals(r), per_run_totals(o));
                let sides = (Side::of(&mine), Side::of(&theirs));
                ratios.ratio(label, r.total_us / o.total_us, sides, criteria);
            }
        }
        if r.format.contains("-jcs-") {
            let sd = find(&r.alg, "SD-JWT VC");
            if let (Some(v), Some(s)) = (verify(r), sd.and_then(verify)) {
                let label = format!("{} / SD-JWT VC at verify · {}", r.format, r.alg);
                let value = v.median_us / s.median_us;
                ratios.ratio(label, value, (Side::of(&v), Side::of(&s)), criteria);
            }
        }
    }
}
