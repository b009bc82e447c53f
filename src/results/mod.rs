//! The results: what every runner measured, as typed models (names and numbers: µs, bytes, counts) that the
//! runners fill and [`crate::export`] renders, and the analysis over them. Nothing here runs or measures, and
//! nothing names a credential format, key or algorithm type. This module holds the main job's models
//! ([`Report`], built by [`crate::benchmark`]); [`sweep`] the scaling sweep's, [`exchange`] the credential
//! exchange's and [`jws`] the JWS matrix's. [`saved`] reads exports back, [`compare`] diffs and merges saved runs,
//! [`claims`] checks the study's claims and [`summary`] computes the cross-credential figures.

pub(crate) mod canonicalization;
pub(crate) mod claims;
pub(crate) mod compare;
pub(crate) mod exchange;
pub(crate) mod jws;
pub(crate) mod metadata;
pub(crate) mod names;
pub(crate) mod saved;
pub(crate) mod summary;
pub(crate) mod sweep;
pub(crate) mod verify;

use crate::profile::Detail;
use crate::stats::RunStats;
use names::{Algorithm, CacheSetting, Engine, EngineSetting};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Version of every JSON export's schema (main job, exchange, sweep, JWS, verify); bumped on incompatible
/// changes. 3: `kind`, `metadata` and `flamegraphs` in every export (2: the main job's alone, without them).
pub(crate) const SCHEMA_VERSION: u32 = 3;

/// The warm-up as the headers say it: `5` iterations, or `5, at least 1 s` with a time floor (`--warmup-time`).
/// Here, with the settings it names, so that saved runs (`saved`) say it as the exports do.
pub fn fmt_warmup(iterations: usize, seconds: f64) -> String {
    if seconds > 0.0 {
        format!("{iterations}, at least {seconds} s")
    } else {
        iterations.to_string()
    }
}

/// How a run's workloads were ordered, as the headers say it after "R runs x N iterations": `, <what>
/// interleaved run by run` (e.g. `a credential's pipelines`), or nothing for runs saved before they were
/// (`RunConfig::interleaved` and its like in the sweep and the per-suite exchange).
pub fn fmt_interleaved(interleaved: bool, what: &str) -> String {
    if interleaved {
        format!(", {what} interleaved run by run")
    } else {
        String::new()
    }
}

/// What a JSON export holds, its `"kind"`: every export says it beside its `schema_version`, so that
/// `canonprof report`, `diff` and `merge` can read a saved file back and refuse one of another kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ExportKind {
    /// The main job: RDFC-1.0 against JCS per credential (with the three-format exchange and the claims).
    Canonicalization,
    /// `canonprof exchange`: the three-format table or the per-cryptosuite VCDM table.
    Exchange,
    /// `canonprof sweep`: phases against the size of a synthetic credential.
    Sweep,
    /// `canonprof jws`: the JWS signature matrix.
    Jws,
    /// `canonprof verify`: verdicts, and per-step timing when measured.
    Verify,
}

impl ExportKind {
    /// The name with its article, as sentences say it: `a canonicalization`, `an exchange`.
    pub(crate) fn with_article(self) -> &'static str {
        match self {
            ExportKind::Canonicalization => "a canonicalization",
            ExportKind::Exchange => "an exchange",
            ExportKind::Sweep => "a sweep",
            ExportKind::Jws => "a jws",
            ExportKind::Verify => "a verify",
        }
    }

    /// The name in `"kind"`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ExportKind::Canonicalization => "canonicalization",
            ExportKind::Exchange => "exchange",
            ExportKind::Sweep => "sweep",
            ExportKind::Jws => "jws",
            ExportKind::Verify => "verify",
        }
    }
}

/// The flamegraphs a run drew, as its export records them so that a report built later from the saved file can
/// link them: `dir` relative to the export file's directory, each graph's files relative to `dir`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct FlameIndex {
    /// The flamegraph directory, relative to the directory of the file that records it (`/`-separated).
    pub dir: String,
    /// Its `index.html`, relative to `dir`, when one was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<String>,
    /// Every graph drawn, in drawing order.
    pub graphs: Vec<FlameLink>,
}

/// One flamegraph of a [`FlameIndex`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct FlameLink {
    /// Credential name.
    pub credential: String,
    /// What it shows, e.g. `rdfc-1.0 sampled`, `jcs → rdfc-1.0 (spans)`.
    pub label: String,
    /// The expansion engine of its RDFC-1.0 pipeline (`json-ld` or `canonprof`), `None` for JCS alone.
    #[serde(default)]
    pub engine: Option<Engine>,
    /// SVG file, relative to the index's `dir`.
    pub svg: String,
    /// Folded-stacks file beside it, relative to `dir`.
    pub folded: String,
    /// Samples in a sampled graph; `None` for span and differential graphs.
    #[serde(default)]
    pub samples: Option<usize>,
    /// Files for interactive viewers beside the SVG (speedscope, pprof, Chrome trace), relative to `dir`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub viewers: Vec<String>,
}

/// One phase of one pipeline on one credential.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PhaseResult {
    /// Phase name (`expand`, `to_rdf`, `label`, …, or a sub-phase such as `first_degree`).
    pub name: String,
    /// For a sub-phase, the phase it is nested in (e.g. `label`); `None` for a phase.
    pub parent: Option<String>,
    /// Timing statistics (µs).
    #[serde(flatten)]
    pub stats: RunStats,
    /// Median of this phase as a fraction of the pipeline's median total (0–1).
    pub share: f64,
    /// Heap allocations inside the phase in one iteration (median over the measured iterations); `None` without
    /// the counting allocator (library use) and for the `other` row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocations: Option<f64>,
    /// Bytes those allocations asked for (median per iteration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocated_bytes: Option<f64>,
}

/// One work counter of one pipeline on one credential: how often a specification step ran, or how much it
/// handled (quads, bytes), in one iteration — counts that do not depend on the machine.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CounterResult {
    /// The counter, e.g. `context_processing.type_scoped` (docs/export-json.md lists every one).
    pub name: String,
    /// The specification and section of the step, e.g. `JSON-LD 1.1 API §4.1.2`.
    pub section: String,
    /// One iteration at steady state: after the warm-up and the measured runs, the memo and context cache as
    /// they left them.
    pub steady: u64,
    /// One iteration cold: a fresh session, context cache and memo empty.
    pub cold: u64,
    /// One iteration of canonprof's engine following the algorithms as written (no memo, no context cache); for
    /// canonprof's engine only.
    pub as_written: Option<u64>,
}

impl CounterResult {
    /// As written / cold, when both are known and cold is not 0.
    pub fn as_written_over_cold(&self) -> Option<f64> {
        let written = self.as_written?;
        (self.cold > 0).then(|| written as f64 / self.cold as f64)
    }
}

/// The self time of one span inside a phase with `--detail spec`: a spec step (e.g. `context_processing §4.1`),
/// a sub-phase, or the phase's own time outside them (`name` is [`OWN`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StepResult {
    /// The phase the span is nested in (`expand`, `to_rdf`, `label`, …).
    pub phase: String,
    /// The span's name; [`OWN`] for the phase's own time outside the spans inside it.
    pub name: String,
    /// Self-time statistics (µs): the span's time less the spans directly inside it, summed per iteration (a
    /// recursive step counts once).
    #[serde(flatten)]
    pub stats: RunStats,
    /// Median as a fraction of the pipeline's median total (0–1).
    pub share: f64,
}

/// The name of the last row among an algorithm's phases ([`AlgorithmResult::phases`]): what the phases leave of
/// the total — the span timer's own cost and the work between spans — so that the shares add up.
pub(crate) const OTHER_PHASE: &str = "other";

/// The name of a phase's own row in a spec-step breakdown ([`StepResult`]).
pub(crate) const OWN: &str = "(own)";

/// One pipeline (RDFC-1.0 or JCS) on one credential.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AlgorithmResult {
    /// RDFC-1.0 or JCS.
    pub algorithm: Algorithm,
    /// Phases in pipeline order, each sub-phase right after its parent (sub-phase times are included in the
    /// parent's).
    pub phases: Vec<PhaseResult>,
    /// Wall time of the whole instrumented pipeline (µs).
    pub total: RunStats,
    /// Median wall time of the same pipeline run without the timing layer (µs), interleaved with the
    /// instrumented iterations.
    pub uninstrumented_median_us: f64,
    /// The pipeline's cost: those uninstrumented iterations with their spread (the median is
    /// [`AlgorithmResult::uninstrumented_median_us`]). `None` in runs saved before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<RunStats>,
    /// SHA-256 (hex) of the canonical output.
    pub sha256: String,
    /// Size of the canonical output in bytes.
    pub canonical_bytes: usize,
    /// For RDFC-1.0: whether top-level contexts were cached (`None` for JCS).
    pub context_cache: Option<bool>,
    /// For RDFC-1.0: the expansion engine (`None` for JCS).
    pub engine: Option<Engine>,
    /// Work counters (RDFC-1.0), those the engine has: steady state, cold and as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<CounterResult>,
    /// The self time of every span inside each phase, phase by phase: with `--detail spec`, from the measured
    /// runs above; otherwise, for canonprof's engine, from a pass of its own with the spec steps timed (its
    /// shares are of that pass's total, [`AlgorithmResult::steps_pass_us`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<StepResult>,
    /// The median total (µs) of the separate spec-step pass that gave [`AlgorithmResult::steps`], if there was
    /// one: against [`AlgorithmResult::total`], what timing the spec steps costs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps_pass_us: Option<f64>,
}

/// Everything measured on one credential.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CredentialResult {
    /// Short name (e.g. `ob3-full`).
    pub credential: String,
    /// `simple`, `edu` or `user`.
    pub set: String,
    /// Measured only as the baseline of the edu/simple ratio.
    pub baseline: bool,
    /// The file (bundled path or the user's path).
    pub file: String,
    /// Input size in bytes.
    pub bytes: usize,
    /// Quads in the RDF dataset.
    pub quads: usize,
    /// Distinct blank nodes in the RDF dataset.
    pub blank_nodes: usize,
    /// Blank nodes labelled by a unique first-degree hash (RDFC-1.0 §4.4.3 step 4).
    pub unique_first_degree: usize,
    /// Hash N-Degree Quads calls (RDFC-1.0 §4.8) for the rest.
    pub hndq_calls: usize,
    /// Statements dropped by `--lossy` (0 without it: safe mode refuses instead).
    pub dropped_quads: usize,
    /// RDFC-1.0 pipeline.
    pub rdfc: AlgorithmResult,
    /// RDFC-1.0 again with the context cache off (`--context-cache both`).
    pub rdfc_cold: Option<AlgorithmResult>,
    /// RDFC-1.0 again with canonprof's expansion engine (`--engine both`; `rdfc` is then the json-ld engine's).
    pub rdfc_engine: Option<AlgorithmResult>,
    /// That run with the context cache off too (`--engine both --context-cache both`).
    pub rdfc_engine_cold: Option<AlgorithmResult>,
    /// JCS pipeline.
    pub jcs: AlgorithmResult,
    /// A signed credential, profiled as a verifier sees it: the rows above are the document without its
    /// top-level `proof`; these are each proof's configuration (and a chained proof's document), with the
    /// algorithm its cryptosuite names. Empty for an unsigned credential.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proofs: Vec<ProofResult>,
}

/// One more input a verifier canonicalizes for a signed credential.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProofResult {
    /// Which proof, e.g. `proof 1 of 1 (eddsa-rdfc-2022)`.
    pub proof: String,
    /// The proof's cryptosuite (or its type, for a proof without one).
    pub cryptosuite: String,
    /// `proof configuration`, or `chain document` (the document with the proofs a chained proof names).
    pub part: String,
    /// The pipeline its cryptosuite names, measured on it.
    pub result: AlgorithmResult,
}

/// One row of a breakdown: phase or sub-phase name (`total` for the whole pipeline), its parent phase for a
/// sub-phase, the statistics and the share of the total.
pub(crate) type BreakdownRow<'a> = (&'a str, Option<&'a str>, &'a RunStats, f64);

impl AlgorithmResult {
    /// The pipeline's cost without the span timer (µs): [`AlgorithmResult::uninstrumented_median_us`], or the
    /// instrumented total's median where there is none (0). What ratios between algorithms compare: the
    /// timer's own cost grows with the number of spans, which differs between RDFC-1.0 and JCS.
    pub fn cost_us(&self) -> f64 {
        match self.uninstrumented_median_us {
            u if u > 0.0 => u,
            _ => self.total.median_us,
        }
    }

    /// The statistics of the pipeline's cost: [`AlgorithmResult::cost`], or the instrumented total where a run
    /// was saved without it.
    pub fn cost_stats(&self) -> &RunStats {
        self.cost.as_ref().unwrap_or(&self.total)
    }

    /// A share of the instrumented pass (a phase's, a spec step's) in µs of the pipeline's cost: the phase rows
    /// come from the instrumented iterations, the cost from the uninstrumented ones, so a phase is shown as its
    /// share of the one cost rather than as a second total.
    pub fn scaled_us(&self, share: f64) -> f64 {
        share * self.cost_us()
    }

    /// A spec step in µs of the pipeline's cost: its fraction of its phase in the pass that timed the steps (the
    /// rows of a phase add up to it there), times the phase's scaled µs — so the steps of a phase add up to the
    /// phase row shown beside them even when they came from a pass of their own with a larger total.
    pub fn scaled_step_us(&self, step: &StepResult) -> f64 {
        self.step_fraction(step) * self.phase_share(&step.phase) * self.cost_us()
    }

    /// A spec step's fraction (0–1) of its phase, in the pass that timed the steps.
    pub fn step_fraction(&self, step: &StepResult) -> f64 {
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

    /// The name shown in tables: the algorithm, marked `canonprof` for RDFC-1.0 through canonprof's expansion
    /// engine and `cold` without the context cache.
    pub fn label(&self) -> String {
        let mut label = self.algorithm.name().to_string();
        if self.engine == Some(Engine::Canonprof) {
            label.push_str(" canonprof");
        }
        if self.context_cache == Some(false) {
            label.push_str(" cold");
        }
        label
    }

    /// The phase with the largest median (the `other` row aside), and its share.
    pub fn dominant_phase(&self) -> (&str, f64) {
        self.phases
            .iter()
            .filter(|p| p.parent.is_none() && p.name != OTHER_PHASE)
            .max_by(|a, b| a.share.total_cmp(&b.share))
            .map_or(("-", 0.0), |p| (p.name.as_str(), p.share))
    }

    /// The share of phase `name` (0 if not measured).
    pub fn phase_share(&self, name: &str) -> f64 {
        self.phases
            .iter()
            .find(|p| p.name == name && p.parent.is_none())
            .map_or(0.0, |p| p.share)
    }

    /// The counter `name`, if this pipeline has it.
    pub fn counter(&self, name: &str) -> Option<&CounterResult> {
        self.counters.iter().find(|c| c.name == name)
    }

    /// The median of phase `name` (µs), if measured.
    pub fn phase_median(&self, name: &str) -> Option<f64> {
        self.phases
            .iter()
            .find(|p| p.name == name && p.parent.is_none())
            .map(|p| p.stats.median_us)
    }

    /// The phases (sub-phases after their parent) followed by a `total` row.
    pub fn rows(&self) -> impl Iterator<Item = BreakdownRow<'_>> {
        self.phases
            .iter()
            .map(|p| (p.name.as_str(), p.parent.as_deref(), &p.stats, p.share))
            .chain(std::iter::once(("total", None, &self.total, 1.0)))
    }
}

impl CredentialResult {
    /// Every measured pipeline: RDFC-1.0, its cold run and its canonprof-engine run if any, JCS.
    pub fn algorithms(&self) -> Vec<&AlgorithmResult> {
        std::iter::once(&self.rdfc)
            .chain(self.rdfc_cold.as_ref())
            .chain(self.rdfc_engine.as_ref())
            .chain(self.rdfc_engine_cold.as_ref())
            .chain(std::iter::once(&self.jcs))
            .collect()
    }

    /// RDFC-1.0 median total / JCS median total.
    pub fn rdfc_jcs_ratio(&self) -> f64 {
        self.rdfc.cost_us() / self.jcs.cost_us()
    }

    /// The RDFC-1.0 phase with the largest median, and its share.
    pub fn dominant_phase(&self) -> (&str, f64) {
        self.rdfc.dominant_phase()
    }

    /// RDFC-1.0 through each expansion engine the run measured, with the run's context cache setting: the main
    /// engine's, then the other's (`--engine both`).
    pub fn per_engine(&self) -> impl Iterator<Item = &AlgorithmResult> {
        std::iter::once(&self.rdfc).chain(self.rdfc_engine.as_ref())
    }

    /// The RDFC-1.0 run whose work counters to show: canonprof's engine's when it ran (it has every counter),
    /// else the main engine's; `None` if neither counted.
    pub fn counted(&self) -> Option<&AlgorithmResult> {
        let mut runs: Vec<&AlgorithmResult> = self.per_engine().collect();
        runs.reverse();
        runs.into_iter().find(|a| !a.counters.is_empty())
    }
}

/// Settings of the run, recorded for reproduction.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunConfig {
    /// Iterations per run (N).
    pub iterations: usize,
    /// Runs (R).
    pub runs: usize,
    /// Warm-up iterations per pipeline before measuring.
    pub warmup: usize,
    /// Warm-up time floor per pipeline, seconds (0: none).
    pub warmup_seconds: f64,
    /// Hash N-Degree Quads call limit.
    pub hndq_call_limit: usize,
    /// The context cache mode: `on` (top-level contexts processed once and reused), `off`, or `both` (RDFC-1.0
    /// measured both ways).
    pub context_cache: CacheSetting,
    /// The expansion engine: `json-ld`, `canonprof`, or `both` (RDFC-1.0 measured with each).
    pub engine: EngineSetting,
    /// What the span timer timed: `phases`, or `spec` (the spec steps inside the phases too).
    pub detail: Detail,
    /// Whether a credential's pipelines (RDFC-1.0 through each session, JCS) took turns run by run; false in runs
    /// saved before they did, whose pipelines ran one after the other.
    #[serde(default)]
    pub interleaved: bool,
}

/// Where and with what the numbers were produced.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Metadata {
    /// canonprof version.
    pub canonprof_version: String,
    /// Git commit canonprof was built from (`unknown` outside a checkout).
    pub git_commit: String,
    /// `rustc --version` at build time.
    pub rustc: String,
    /// Versions of the crates doing the work (`name=version`).
    pub crates: Vec<String>,
    /// CPU model (from /proc/cpuinfo where available).
    pub cpu: String,
    /// Logical cores available.
    pub cores: usize,
    /// Operating system and architecture.
    pub os: String,
    /// Start of the run, RFC 3339 UTC.
    pub started_at: String,
    /// Whether the binary was built with optimizations.
    pub optimized_build: bool,
}

/// The summary line of the study's claims.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Summary {
    /// For each edu credential: its RDFC-1.0 cost ([`AlgorithmResult::cost_us`]) / the median of the simple credentials' costs
    /// (the study: 31–49x). `None` unless both sets were run.
    pub edu_simple_ratio_min: Option<f64>,
    /// Largest of those ratios.
    pub edu_simple_ratio_max: Option<f64>,
    /// Each edu credential's ratio, by name.
    pub edu_simple_ratios: Vec<(String, f64)>,
    /// The same ratios with the context cache off (`--context-cache both`; empty otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edu_simple_ratios_cold: Vec<(String, f64)>,
    /// The phase that dominates RDFC-1.0 time in most credentials.
    pub dominant_phase: String,
    /// In how many credentials (baseline excluded) it dominates.
    pub dominant_in: usize,
    /// Number of credentials profiled (baseline excluded).
    pub profiled: usize,
    /// Largest share of blank node labeling in any credential (0–1): the study says it is not the driver.
    pub max_label_share: f64,
    /// Instrumentation overhead: instrumented / uninstrumented RDFC-1.0 time − 1, over all credentials.
    pub instrumentation_overhead: f64,
    /// The same per expansion engine (RDFC-1.0 through each engine the run measured), by engine name: with
    /// `--detail spec` canonprof's engine times its spec steps, which costs more.
    pub instrumentation_overhead_by_engine: Vec<(Engine, f64)>,
    /// The headline, per expansion engine (keyed by its name, `json-ld`, `canonprof`): each measured credential's
    /// RDFC-1.0 cost through that engine over its JCS cost (the uninstrumented iterations' medians), the
    /// baseline left out. Empty in runs saved before it was kept.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rdfc_over_jcs: BTreeMap<String, EngineRatios>,
    /// Per expansion engine, keyed likewise: each edu credential's RDFC-1.0 cost through that engine over the
    /// median of the simple credentials' (the study's edu/simple ratio). Empty unless both sets ran, and in runs
    /// saved before it was kept.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub edu_over_simple: BTreeMap<String, EngineRatios>,
}

/// One ratio per credential with one expansion engine, with its smallest and largest value: a headline figure
/// of [`Summary`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct EngineRatios {
    /// The smallest ratio.
    pub min: f64,
    /// The largest ratio.
    pub max: f64,
    /// Each credential's ratio, by name, in run order.
    pub ratios: Vec<(String, f64)>,
}

impl EngineRatios {
    /// The figure of `ratios`; `None` when there are none.
    pub(crate) fn of(ratios: Vec<(String, f64)>) -> Option<EngineRatios> {
        let min = ratios.iter().map(|(_, r)| *r).reduce(f64::min)?;
        let max = ratios.iter().map(|(_, r)| *r).reduce(f64::max)?;
        Some(EngineRatios { min, max, ratios })
    }
}

/// One claim of the study, checked on this run's numbers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Claim {
    /// The claim, as the study makes it (e.g. `VCDM is 1.73-2.04x slower than mdoc`).
    pub claim: String,
    /// What this run measured, per engine (and cache setting or signature algorithm, where it matters), e.g.
    /// `json-ld ed25519 3.57x`.
    pub measured: Vec<String>,
    /// Whether it holds on this run.
    pub verdict: ClaimVerdict,
}

/// The verdict on one claim of the study.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum ClaimVerdict {
    /// It holds with every engine (and signature backend) measured.
    #[serde(rename = "holds")]
    Holds,
    /// It holds with none of them.
    #[serde(rename = "does not hold")]
    DoesNotHold,
    /// It holds with one engine and not with the other.
    #[serde(rename = "depends on the implementation")]
    DependsOnTheImplementation,
    /// The run did not include what it needs.
    #[serde(rename = "not measured")]
    NotMeasured,
}

impl ClaimVerdict {
    /// The verdict as the exports write it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ClaimVerdict::Holds => "holds",
            ClaimVerdict::DoesNotHold => "does not hold",
            ClaimVerdict::DependsOnTheImplementation => "depends on the implementation",
            ClaimVerdict::NotMeasured => "not measured",
        }
    }
}

/// The whole main-job report.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    /// One entry per credential, in run order.
    pub credentials: Vec<CredentialResult>,
    /// Cross-credential summary.
    pub summary: Summary,
    /// Run settings.
    pub config: RunConfig,
    /// Machine and build.
    pub metadata: Metadata,
}
