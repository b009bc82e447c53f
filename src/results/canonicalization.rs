//! The main job's export file (`docs/export-json.md`): one type that `--export-json` writes
//! ([`Canonicalization::of`], then [`crate::export::json`]) and that `report`, `diff` and `merge` read back
//! ([`super::saved`]). One entry in `results` per (credential, algorithm, engine, cache mode, part), phases and
//! counters keyed by name, all times in µs. Fields added after schema 3 was first written read back with
//! defaults, so older saved runs still load.

use super::exchange::FormatsReport;
use super::names::{Algorithm, CacheSetting, Engine};
use super::{
    AlgorithmResult, Claim, CredentialResult, FlameIndex, Report, RunConfig, StepResult, Summary,
    OTHER_PHASE,
};
use crate::canon::phase;
use crate::canon::subphase;
use crate::stats::RunStats;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The main job's export, beside the envelope every export has (`schema_version`, `kind`, `metadata`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Canonicalization {
    /// One entry per (credential, algorithm, engine, cache mode, part).
    pub results: Vec<Entry>,
    /// The study's summary figures.
    pub summary: Summary,
    /// N, R, warm-up and options.
    pub config: RunConfig,
    /// The three-format exchange, unless the run had `--no-exchange`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchange: Option<FormatsReport>,
    /// The study's claims with the run's verdicts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub claims: Vec<Claim>,
    /// The flamegraphs drawn, relative to the export's directory (absent with `--no-flamegraphs`, or before
    /// they are drawn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flamegraphs: Option<FlameIndex>,
}

/// One entry of the main job's `results`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Entry {
    /// Credential short name.
    pub credential: String,
    /// `simple`, `edu` or `user`.
    pub set: String,
    /// Measured only as the simple baseline of the edu/simple ratio.
    #[serde(default)]
    pub baseline: bool,
    /// The file (bundled path or the user's path).
    #[serde(default)]
    pub file: String,
    /// RDFC-1.0 or JCS.
    pub algorithm: Algorithm,
    /// `document` (for a signed credential: without its top-level proof), `proof configuration` or `chain
    /// document`.
    #[serde(default = "document")]
    pub part: String,
    /// For a proof's part: which proof.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
    /// For a proof's part: its cryptosuite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cryptosuite: Option<String>,
    /// RDFC-1.0: whether contexts were cached; JCS: `None`.
    #[serde(default)]
    pub context_cache: Option<bool>,
    /// RDFC-1.0: the expansion engine; JCS: `None`.
    #[serde(default)]
    pub engine: Option<Engine>,
    /// Input size in bytes.
    pub bytes: usize,
    /// Quads in the dataset.
    pub quads: usize,
    /// Blank nodes in the dataset.
    pub blank_nodes: usize,
    /// Blank nodes labelled by a unique first-degree hash.
    #[serde(default)]
    pub unique_first_degree: usize,
    /// Hash N-Degree Quads calls.
    #[serde(default)]
    pub hndq_calls: usize,
    /// Statements dropped by `--lossy`.
    #[serde(default)]
    pub dropped_quads: usize,
    /// Phases by name (pipeline order: [`Entry::phases_in_order`]).
    pub phases: BTreeMap<String, Phase>,
    /// The whole pipeline.
    pub total: RunStats,
    /// Median of the iterations run without the span timer (µs); 0 in runs saved without it.
    #[serde(default)]
    pub uninstrumented_median_us: f64,
    /// The uninstrumented iterations with their spread: the pipeline's cost (absent in older runs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<RunStats>,
    /// SHA-256 of the canonical output.
    pub sha256: String,
    /// Size of the canonical output in bytes.
    #[serde(default)]
    pub canonical_bytes: usize,
    /// Work counters by name (RDFC-1.0; those the engine has).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counters: BTreeMap<String, Counter>,
    /// Spec-step self times.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<StepResult>,
    /// The median total (µs) of the separate pass the spec steps were timed in, when they come from one (their
    /// shares are of that total).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps_pass_us: Option<f64>,
}

fn document() -> String {
    "document".into()
}

/// A phase of an [`Entry`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Phase {
    /// The phase it is nested in, for a sub-phase.
    #[serde(default)]
    pub parent: Option<String>,
    /// Its statistics (µs).
    #[serde(flatten)]
    pub stats: RunStats,
    /// Median / the pipeline's median total.
    pub share: f64,
    /// Heap allocations per iteration (median), when counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocations: Option<f64>,
    /// Bytes those allocations asked for (median per iteration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocated_bytes: Option<f64>,
}

/// A work counter of an [`Entry`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Counter {
    /// The specification section.
    pub section: String,
    /// One iteration at steady state.
    pub steady: u64,
    /// One iteration cold.
    pub cold: u64,
    /// canonprof's engine as written.
    #[serde(default)]
    pub as_written: Option<u64>,
}

impl Canonicalization {
    /// The export of `report`, with the main job's three-format `exchange` table, the study's `claims` checked,
    /// and the `flamegraphs` drawn (paths relative to the export file's directory).
    pub(crate) fn of(
        report: &Report,
        exchange: Option<&FormatsReport>,
        claims: &[Claim],
        flamegraphs: Option<&FlameIndex>,
    ) -> Canonicalization {
        let results = report
            .credentials
            .iter()
            .flat_map(|c| {
                let parts = c.proofs.iter().map(move |p| Entry {
                    part: p.part.clone(),
                    proof: Some(p.proof.clone()),
                    cryptosuite: Some(p.cryptosuite.clone()),
                    ..Entry::of(c, &p.result)
                });
                c.algorithms()
                    .into_iter()
                    .map(move |a| Entry::of(c, a))
                    .chain(parts)
            })
            .collect();
        Canonicalization {
            results,
            summary: report.summary.clone(),
            config: report.config.clone(),
            exchange: exchange.cloned(),
            claims: claims.to_vec(),
            flamegraphs: flamegraphs.cloned(),
        }
    }

    /// The entries that answer the cost question: each credential itself (no proof part), contexts cached (or
    /// not, when the whole run had the cache off).
    pub(crate) fn documents(&self) -> Vec<&Entry> {
        self.results
            .iter()
            .filter(|e| {
                e.part == "document"
                    && e.proof.is_none()
                    && (e.context_cache != Some(false)
                        || self.config.context_cache == CacheSetting::Off)
            })
            .collect()
    }

    /// The expansion engines of [`Canonicalization::documents`], the run's main engine first.
    pub(crate) fn engines(&self) -> Vec<Engine> {
        let mut engines: Vec<Engine> = Vec::new();
        for engine in self.documents().iter().filter_map(|e| e.engine) {
            if !engines.contains(&engine) {
                engines.push(engine);
            }
        }
        engines
    }
}

impl Entry {
    /// The `document` entry of pipeline `a` on credential `c`.
    fn of(c: &CredentialResult, a: &AlgorithmResult) -> Entry {
        let phases = a
            .phases
            .iter()
            .map(|p| {
                let phase = Phase {
                    parent: p.parent.clone(),
                    stats: p.stats.clone(),
                    share: p.share,
                    allocations: p.allocations,
                    allocated_bytes: p.allocated_bytes,
                };
                (p.name.clone(), phase)
            })
            .collect();
        let counters = a
            .counters
            .iter()
            .map(|k| {
                let counter = Counter {
                    section: k.section.clone(),
                    steady: k.steady,
                    cold: k.cold,
                    as_written: k.as_written,
                };
                (k.name.clone(), counter)
            })
            .collect();
        Entry {
            credential: c.credential.clone(),
            set: c.set.clone(),
            baseline: c.baseline,
            file: c.file.clone(),
            algorithm: a.algorithm,
            part: document(),
            proof: None,
            cryptosuite: None,
            context_cache: a.context_cache,
            engine: a.engine,
            bytes: c.bytes,
            quads: c.quads,
            blank_nodes: c.blank_nodes,
            unique_first_degree: c.unique_first_degree,
            hndq_calls: c.hndq_calls,
            dropped_quads: c.dropped_quads,
            phases,
            total: a.total.clone(),
            uninstrumented_median_us: a.uninstrumented_median_us,
            cost: a.cost.clone(),
            sha256: a.sha256.clone(),
            canonical_bytes: a.canonical_bytes,
            counters,
            steps: a.steps.clone(),
            steps_pass_us: a.steps_pass_us,
        }
    }

    /// The pipeline's cost without the span timer (µs): [`Entry::uninstrumented_median_us`], or the
    /// instrumented total's median in a run saved without it. What ratios between algorithms compare (the
    /// timer's own cost grows with the number of spans, which differs between RDFC-1.0 and JCS).
    pub(crate) fn cost_us(&self) -> f64 {
        match self.uninstrumented_median_us {
            u if u > 0.0 => u,
            _ => self.total.median_us,
        }
    }

    /// The statistics of the pipeline's cost: [`Entry::cost`], or the instrumented total in a run saved without it
    /// (as [`crate::results::AlgorithmResult::cost_stats`]).
    pub(crate) fn cost_stats(&self) -> &RunStats {
        self.cost.as_ref().unwrap_or(&self.total)
    }

    /// A share of the instrumented pass in µs of the pipeline's cost (as
    /// [`crate::results::AlgorithmResult::scaled_us`]).
    pub(crate) fn scaled_us(&self, share: f64) -> f64 {
        share * self.cost_us()
    }

    /// A spec step in µs of the pipeline's cost: its fraction of its phase in the pass that timed the steps, times
    /// the phase's scaled µs (as [`crate::results::AlgorithmResult::scaled_step_us`]), so that the steps of a phase
    /// add up to the phase row.
    pub(crate) fn scaled_step_us(&self, step: &StepResult) -> f64 {
        let share = self.phases.get(&step.phase).map_or(0.0, |p| p.share);
        self.step_fraction(step) * self.scaled_us(share)
    }

    /// A spec step's fraction (0–1) of its phase, in the pass that timed the steps.
    pub(crate) fn step_fraction(&self, step: &StepResult) -> f64 {
        let phase: f64 = self
            .steps
            .iter()
            .filter(|s| s.phase == step.phase)
            .map(|s| s.stats.median_us)
            .sum();
        match phase {
            p if p > 0.0 => step.stats.median_us / p,
            _ => 0.0,
        }
    }

    /// The label that keys this entry's rows in `diff` and `merge`: [`Entry::label`], except that a cold entry
    /// is marked ` cold` only when its run measured both cache modes, so that a run with `--context-cache off`
    /// compares row for row with one with it on.
    pub(crate) fn key_label(&self, context_cache: CacheSetting) -> String {
        self.label_with(context_cache == CacheSetting::Both)
    }

    /// Its phases in pipeline order (each sub-phase after its parent), as (name, phase).
    pub(crate) fn phases_in_order(&self) -> Vec<(&str, &Phase)> {
        let mut phases: Vec<(&str, &Phase)> =
            self.phases.iter().map(|(n, p)| (n.as_str(), p)).collect();
        phases.sort_by_key(|(name, _)| (phase_rank(name), name.to_string()));
        phases
    }

    /// The row label people read: `rdfc-1.0 canonprof`, `rdfc-1.0 json-ld cold`, `jcs`, with a proof part's
    /// name after it.
    pub(crate) fn label(&self) -> String {
        self.label_with(true)
    }

    /// [`Entry::label`], a cold entry marked ` cold` only when `mark_cold`.
    fn label_with(&self, mark_cold: bool) -> String {
        let mut label = self.algorithm.name().to_string();
        if let Some(engine) = self.engine {
            label = format!("{label} {engine}");
        }
        if mark_cold && self.context_cache == Some(false) {
            label.push_str(" cold");
        }
        if let Some(proof) = &self.proof {
            label = format!("{label} · {proof} {}", self.part);
        }
        label
    }
}

/// The pipeline order of the phase names the exports use; others sort after them by name.
const PHASE_ORDER: [&str; 10] = [
    phase::PARSE,
    phase::EXPAND,
    phase::TO_RDF,
    phase::LABEL,
    subphase::FIRST_DEGREE,
    subphase::N_DEGREE,
    phase::SERIALIZE,
    phase::JCS,
    phase::HASH,
    OTHER_PHASE,
];

/// A phase name's place in the pipeline order (parse, expand, to_rdf, label, first_degree, n_degree,
/// serialize, jcs, hash, other); names it does not know come after all of them.
pub(crate) fn phase_rank(name: &str) -> usize {
    PHASE_ORDER
        .iter()
        .position(|p| *p == name)
        .unwrap_or(PHASE_ORDER.len())
}
