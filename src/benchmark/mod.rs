//! The main job's runner: for each credential, check the input, run both pipelines once for reference, warm up,
//! then R rounds in which RDFC-1.0 (through each session) and JCS each run N iterations in turn — each iteration
//! once under the span timer and once without it, in alternating order, so the instrumentation overhead is
//! measured in the same run — and summarize.

mod flame_job;
pub(crate) mod flames;
mod job;
pub mod signed;
pub(crate) mod sweep;
mod sweep_job;
pub(crate) mod work;

use crate::canon::rdfc::{self, RdfcOptions};
use crate::canon::{jcs, Algorithm, Session};
use crate::corpus::Credential;
use crate::error::Result;
use crate::profile;
use crate::results::metadata;
use crate::results::names::{self, CacheSetting, EngineSetting};
use crate::results::{
    AlgorithmResult, CredentialResult, PhaseResult, Report, RunConfig, StepResult, OTHER_PHASE, OWN,
};
use crate::stats::{median, RunStats};

pub use flame_job::FlameJob;
pub use job::{Exports, Flamegraphs, Job, Sessions};
pub use sweep_job::SweepJob;

/// How much to measure, and how: the measurement plan (N, R, warm-up; always paired: the main job measures every
/// iteration with and without the span timer), the RDFC-1.0 options and what the span timer times.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Iterations, runs and warm-up ([`profile::Plan::plain`] is set where the pairing is chosen).
    pub plan: profile::Plan,
    /// RDFC-1.0 options (poison limit).
    pub rdfc: RdfcOptions,
    /// What the span timer times (`--detail`).
    pub detail: profile::Detail,
}

impl Config {
    /// The defaults: N=50, R=5, warm-up 5 — `canonprof --schema edu` in well under a minute on 2 cores.
    pub const DEFAULT: Config = Config {
        plan: profile::Plan {
            iterations: 50,
            runs: 5,
            warmup: 5,
            warmup_seconds: 0.0,
            plain: false,
        },
        rdfc: RdfcOptions::DEFAULT,
        detail: profile::Detail::Phases,
    };
    /// The study's setting: N=2000, R=5.
    pub const STUDY: Config = Config {
        plan: profile::Plan {
            iterations: 2000,
            runs: 5,
            ..Config::DEFAULT.plan
        },
        ..Config::DEFAULT
    };

    /// The settings of `plan` with `rdfc`, the span timer timing the phases.
    pub fn new(plan: profile::Plan, rdfc: RdfcOptions) -> Config {
        Config {
            plan: profile::Plan {
                plain: false,
                ..plan
            },
            rdfc,
            detail: profile::Detail::Phases,
        }
    }

    /// These settings with the span timer's `detail`.
    pub fn with_detail(self, detail: profile::Detail) -> Config {
        Config { detail, ..self }
    }
}

/// What checking found about a credential's RDF dataset: its size, the labeling work, the dropped statements.
#[derive(Debug, Clone, Copy)]
pub struct DatasetFacts {
    /// Quads in the dataset.
    pub quads: usize,
    /// What blank node labeling did.
    pub label: crate::canon::label::LabelCounts,
    /// Statements `--lossy` dropped.
    pub dropped: usize,
}

/// Checks every credential (JSON, duplicate keys, expansion, canonicalization) before anything is timed, so a bad
/// input fails fast with its file named. Returns each one's [`DatasetFacts`].
pub fn check(
    credentials: &[Credential],
    session: &Session,
    config: &Config,
) -> Result<Vec<DatasetFacts>> {
    credentials
        .iter()
        .map(|c| {
            let doc = &c.document;
            jcs::canonicalize_checked(doc.check_json(&session.settings().input_limits)?)?;
            let output = rdfc::canonicalize_jsonld(&doc.label, &doc.text, session, &config.rdfc)?;
            Ok(DatasetFacts {
                quads: output.quads,
                label: output.label_counts,
                dropped: if config.rdfc.lossy {
                    output.dropped
                        + rdfc::undefined_term_statements(&doc.label, &doc.text, session)?
                } else {
                    0
                },
            })
        })
        .collect()
}

/// What the main job measures besides RDFC-1.0 through the main session and JCS: the other sessions RDFC-1.0 runs
/// through, and the inputs a verifier canonicalizes for a signed credential.
#[derive(Default, Clone, Copy)]
pub struct AlsoMeasured<'a> {
    /// `--context-cache both`: the same engine with the context cache off.
    pub cold: Option<&'a Session>,
    /// `--engine both`: canonprof's expansion engine (the main session has json-ld's).
    pub engine: Option<&'a Session>,
    /// `--engine both --context-cache both`: canonprof's engine with the context cache off.
    pub engine_cold: Option<&'a Session>,
    /// Per credential (by index), the other inputs a verifier canonicalizes for it ([`signed::verifier_view`]);
    /// missing or empty for an unsigned credential.
    pub proofs: &'a [Vec<signed::ProofPart>],
}

/// Runs the main job on checked credentials; `progress` is called after every iteration pair. RDFC-1.0 is
/// measured again through each session of `also` (context cache off; the other expansion engine).
pub fn run(
    credentials: &[Credential],
    facts: &[DatasetFacts],
    session: &Session,
    also: AlsoMeasured,
    config: &Config,
    progress: &mut dyn FnMut(),
) -> Result<Report> {
    let cold = also.cold;
    let started_at = metadata::now();
    let timer = profile::Timer::with_detail(config.detail);
    let mut results = Vec::new();
    for (index, (credential, facts)) in credentials.iter().zip(facts).enumerate() {
        let doc = &credential.document;
        let (label, text) = (doc.label.as_str(), doc.text.as_str());
        // Every pipeline of the credential, measured interleaved run by run: RDFC-1.0 through the main session and
        // each extra one (context cache off; the other engine), JCS, then the verifier's other inputs.
        let rdfc = |session| Pipeline {
            algorithm: Algorithm::Rdfc,
            label,
            text,
            session,
            hash: None,
        };
        let extras = [cold, also.engine, also.engine_cold];
        let parts = also.proofs.get(index).map_or(&[][..], Vec::as_slice);
        let mut pipelines = vec![rdfc(session)];
        pipelines.extend(extras.iter().flatten().map(|&l| rdfc(l)));
        pipelines.push(Pipeline {
            algorithm: Algorithm::Jcs,
            ..rdfc(session)
        });
        pipelines.extend(parts.iter().map(|part| Pipeline {
            algorithm: part.algorithm,
            label: &part.document.label,
            text: &part.document.text,
            session,
            hash: Some(part.hash),
        }));
        let mut measured = measure_algorithms(config, &timer, &pipelines, progress)?.into_iter();
        let mut next = || measured.next().expect("a result per pipeline");
        let rdfc_result = next();
        let mut again = |l: Option<&Session>| l.map(|_| next());
        let rdfc_cold = again(cold);
        let rdfc_engine = again(also.engine);
        let rdfc_engine_cold = again(also.engine_cold);
        if let Some(other) = &rdfc_engine {
            crate::canonicalize::engines_agree(label, &rdfc_result.sha256, &other.sha256)?;
        }
        let jcs_result = measured.next().expect("a result per pipeline");
        let proofs = parts
            .iter()
            .zip(measured)
            .map(|(part, result)| crate::results::ProofResult {
                proof: part.proof.clone(),
                cryptosuite: part.cryptosuite.clone(),
                part: part.part.to_string(),
                result,
            })
            .collect::<Vec<_>>();
        results.push(CredentialResult {
            credential: credential.name.clone(),
            set: credential.set.to_string(),
            baseline: credential.baseline,
            file: doc.label.clone(),
            bytes: doc.text.len(),
            quads: facts.quads,
            blank_nodes: facts.label.blank_nodes,
            unique_first_degree: facts.label.unique_first_degree,
            hndq_calls: facts.label.hndq_calls,
            dropped_quads: facts.dropped,
            rdfc: rdfc_result,
            rdfc_cold,
            rdfc_engine,
            rdfc_engine_cold,
            jcs: jcs_result,
            proofs,
        });
    }
    let summary = crate::results::summary::summarize(&results);
    Ok(Report {
        credentials: results,
        summary,
        config: run_config(config, session, &also),
        metadata: metadata::collect(started_at),
    })
}

/// The run configuration a report records: the plan, the labeling bound, and which engines and cache modes RDFC-1.0
/// ran through.
fn run_config(config: &Config, session: &Session, also: &AlsoMeasured) -> RunConfig {
    let plan = &config.plan;
    RunConfig {
        iterations: plan.iterations,
        runs: plan.runs,
        warmup: plan.warmup,
        warmup_seconds: plan.warmup_seconds,
        hndq_call_limit: config.rdfc.hndq_call_limit,
        context_cache: match (also.cold.is_some(), session.caches_contexts()) {
            (true, _) => CacheSetting::Both,
            (false, true) => CacheSetting::On,
            (false, false) => CacheSetting::Off,
        },
        engine: match also.engine {
            Some(_) => EngineSetting::Both,
            None => session.engine().into(),
        },
        detail: config.detail,
        interleaved: true,
    }
}

/// One pipeline the main job measures: an algorithm on a document, RDFC-1.0 through `session` (its expansion engine
/// and context cache).
#[derive(Clone, Copy)]
pub struct Pipeline<'a> {
    /// RDFC-1.0 or JCS.
    pub algorithm: Algorithm,
    /// The document's name in messages (its file).
    pub label: &'a str,
    /// The document's JSON text.
    pub text: &'a str,
    /// The session RDFC-1.0 expands through.
    pub session: &'a Session,
    /// RDFC-1.0's labeling hash when it is not the configuration's: a proof's cryptosuite's hash for its key.
    pub hash: Option<rdfc::HashAlgorithm>,
}

impl Pipeline<'_> {
    /// The RDFC-1.0 options of this pipeline: the configuration's, with the pipeline's labeling hash.
    fn rdfc_options(&self, config: &Config) -> RdfcOptions {
        match self.hash {
            Some(hash) => config.rdfc.with_hash(hash),
            None => config.rdfc,
        }
    }
}

impl Pipeline<'_> {
    /// Runs the pipeline once; returns its output's SHA-256 (hex) and length in bytes.
    fn run(&self, config: &Config, checked: crate::document::Checked) -> Result<(String, usize)> {
        match self.algorithm {
            Algorithm::Rdfc => {
                let options = self.rdfc_options(config);
                rdfc::canonicalize_jsonld(self.label, self.text, self.session, &options)
                    .map(|o| (o.sha256, o.canonical.len()))
            }
            Algorithm::Jcs => {
                jcs::canonicalize_checked(checked).map(|o| (o.sha256, o.canonical.len()))
            }
        }
    }
}

/// Measures pipelines the main job's way — each warmed up, then R rounds in which each runs N iterations in turn
/// ([`profile::measure_interleaved`]), every iteration paired with a plain (uninstrumented) one — and summarizes
/// each, in the order given. Interleaving puts a slow spell of the machine on RDFC-1.0 and JCS alike, so their
/// ratio is taken from the same stretch of time. `progress` is called after every iteration pair. Errors: a
/// document that fails its input check, or a pipeline's error.
pub fn measure_algorithms(
    config: &Config,
    timer: &profile::Timer,
    pipelines: &[Pipeline],
    progress: &mut dyn FnMut(),
) -> Result<Vec<AlgorithmResult>> {
    // The input check (I-JSON, depth) runs once, untimed, as it does before the RDFC-1.0 path.
    let checked = pipelines
        .iter()
        .map(|p| crate::document::check(p.label, p.text, &p.session.settings().input_limits))
        .collect::<Result<Vec<_>>>()?;
    let mut outputs: Vec<Option<(String, usize)>> = vec![None; pipelines.len()];
    // One workload per pipeline (closures of one type: no boxing on the measured path).
    let mut workloads: Vec<_> = pipelines
        .iter()
        .zip(&checked)
        .zip(outputs.iter_mut())
        .map(|((pipeline, &checked), output)| {
            move || -> Result<()> {
                *output = Some(pipeline.run(config, checked)?);
                Ok(())
            }
        })
        .collect();
    let plan = profile::Plan {
        plain: true,
        ..config.plan
    };
    let samples = profile::measure_interleaved(&plan, timer, &mut workloads, progress)?;
    drop(workloads);
    pipelines
        .iter()
        .zip(checked)
        .zip(samples)
        .zip(outputs)
        .map(|(((pipeline, checked), samples), output)| {
            result_of(config, pipeline, checked, &samples, output)
        })
        .collect()
}

/// One pipeline's result from its samples, with canonprof's engine's spec-step shares from a pass of their own
/// (by default) and RDFC-1.0's work counters.
fn result_of(
    config: &Config,
    pipeline: &Pipeline,
    checked: crate::document::Checked,
    samples: &profile::Samples,
    output: Option<(String, usize)>,
) -> Result<AlgorithmResult> {
    let algorithm = pipeline.algorithm;
    let session = pipeline.session;
    // canonprof's engine's spec-step shares by default, from a pass of their own with the spec steps timed, so
    // that their overhead stays out of the phases' times.
    let spec_pass = if config.detail == profile::Detail::Phases
        && algorithm == Algorithm::Rdfc
        && session.engine() == crate::canon::Engine::Canonprof
    {
        let spec_timer = profile::Timer::with_detail(profile::Detail::Spec);
        let plan = profile::Plan {
            plain: false,
            warmup: 1,
            warmup_seconds: 0.0,
            ..config.plan
        };
        let mut workload = || pipeline.run(config, checked).map(drop);
        Some(profile::measure(
            &plan,
            &spec_timer,
            &mut workload,
            &mut || {},
        )?)
    } else {
        None
    };
    let mut result = into_result(samples, algorithm, output.expect("ran at least once"));
    if algorithm == Algorithm::Rdfc {
        result.context_cache = Some(session.caches_contexts());
        result.engine = Some(session.engine());
        let options = pipeline.rdfc_options(config);
        result.counters = work::counters(pipeline.label, pipeline.text, session, &options)?;
    }
    if config.detail == profile::Detail::Spec {
        result.steps = steps(samples, algorithm, result.total.median_us);
    } else if let Some(spec) = spec_pass {
        let total = RunStats::from_runs(&spec.total);
        result.steps = steps(&spec, algorithm, total.median_us);
        result.steps_pass_us = Some(total.median_us);
    }
    Ok(result)
}

/// A row of the breakdown: a phase (depth 0) or a sub-phase (depth 1) with its parent.
#[derive(Clone, Copy)]
struct Row {
    name: &'static str,
    parent: Option<&'static str>,
}

impl Row {
    fn depth(&self) -> usize {
        usize::from(self.parent.is_some())
    }
}

/// The rows of an algorithm's breakdown, each sub-phase right after its parent.
fn rows(algorithm: Algorithm) -> Vec<Row> {
    let mut rows = Vec::new();
    for &name in algorithm.phases() {
        rows.push(Row { name, parent: None });
        for &(parent, sub) in algorithm.subphases() {
            if parent == name {
                rows.push(Row {
                    name: sub,
                    parent: Some(parent),
                });
            }
        }
    }
    rows
}

/// The pipeline's result from its samples: a row per phase and sub-phase, with its share of the total median.
fn into_result(
    samples: &profile::Samples,
    algorithm: Algorithm,
    (sha256, canonical_bytes): (String, usize),
) -> AlgorithmResult {
    let total = RunStats::from_runs(&samples.total);
    let cost = (!samples.plain.is_empty()).then(|| RunStats::from_runs(&samples.plain));
    let mut phases: Vec<PhaseResult> = rows(algorithm)
        .into_iter()
        .map(|row| {
            let key = (row.depth(), row.name);
            let stats = RunStats::from_runs(&samples.span(key));
            let (allocations, bytes) = samples.heap(key);
            let counted = crate::profile::alloc::installed();
            let per_iteration = |runs: Vec<Vec<f64>>| {
                counted.then(|| median(&runs.into_iter().flatten().collect::<Vec<_>>()))
            };
            PhaseResult {
                name: row.name.to_string(),
                parent: row.parent.map(str::to_string),
                stats: stats.clone(),
                share: stats.median_us / total.median_us,
                allocations: per_iteration(allocations),
                allocated_bytes: per_iteration(bytes),
            }
        })
        .collect();
    // What the phases leave of each iteration's total: the span timer's own cost and the work between spans.
    let mut other = samples.total.clone();
    for &phase_name in algorithm.phases() {
        for (run, spans) in other.iter_mut().zip(samples.span((0, phase_name))) {
            for (left, spent) in run.iter_mut().zip(spans) {
                *left -= spent;
            }
        }
    }
    let stats = RunStats::from_runs(&other);
    phases.push(PhaseResult {
        name: OTHER_PHASE.to_string(),
        parent: None,
        stats: stats.clone(),
        share: stats.median_us / total.median_us,
        allocations: None,
        allocated_bytes: None,
    });
    AlgorithmResult {
        algorithm: match algorithm {
            Algorithm::Rdfc => names::Algorithm::Rdfc10,
            Algorithm::Jcs => names::Algorithm::Jcs,
        },
        phases,
        total,
        uninstrumented_median_us: cost.as_ref().map_or(0.0, |c| c.median_us),
        cost,
        sha256,
        canonical_bytes,
        context_cache: None,
        engine: None,
        counters: Vec::new(),
        steps: Vec::new(),
        steps_pass_us: None,
    }
}

/// The spec-step breakdown (`--detail spec`): per phase, the self time of every span inside it — spec steps in
/// the order of [`crate::canon::step::ALL`], then sub-phases — and the phase's own time ([`OWN`]); the rows of a
/// phase add up to the phase's time.
fn steps(samples: &profile::Samples, algorithm: Algorithm, total_us: f64) -> Vec<StepResult> {
    let keys = samples.self_keys();
    let order = |name: &str| {
        crate::canon::step::ALL
            .iter()
            .position(|(_, step)| *step == name)
            .unwrap_or(usize::MAX)
    };
    let mut rows = Vec::new();
    for &phase_name in algorithm.phases() {
        let mut inside: Vec<&'static str> = keys
            .iter()
            .filter(|(root, name)| *root == phase_name && *name != phase_name)
            .map(|(_, name)| *name)
            .collect();
        inside.sort_by_key(|name| (order(name), *name));
        if inside.is_empty() {
            continue;
        }
        for name in inside.into_iter().chain(std::iter::once(phase_name)) {
            let stats = RunStats::from_runs(&samples.self_time((phase_name, name)));
            rows.push(StepResult {
                phase: phase_name.to_string(),
                name: if name == phase_name {
                    OWN.to_string()
                } else {
                    name.to_string()
                },
                stats: stats.clone(),
                share: stats.median_us / total_us,
            });
        }
    }
    rows
}
