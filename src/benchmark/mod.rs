//! The main job's runner: for each credential, check the input, run both pipelines once for reference, warm up,
//! then R runs × N iterations of RDFC-1.0 and JCS — each iteration once under the span timer and once without it,
//! in alternating order, so the instrumentation overhead is measured in the same run — and summarize.

pub mod flames;
mod metadata;
pub mod sweep;

use crate::canon::rdfc::{self, RdfcOptions};
use crate::canon::{jcs, phase, Algorithm};
use crate::corpus::Credential;
use crate::error::{Error, ErrorKind, Result};
use crate::loader::OfflineLoader;
use crate::profile;
use crate::report::{AlgorithmResult, CredentialResult, PhaseResult, Report, RunConfig, Summary};
use crate::stats::{median, RunStats};
use std::collections::BTreeMap;
use std::time::Instant;

pub use metadata::collect as collect_metadata;

/// How much to measure.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Iterations per run (N).
    pub iterations: usize,
    /// Runs (R).
    pub runs: usize,
    /// Warm-up iterations of each pipeline before measuring.
    pub warmup: usize,
    /// RDFC-1.0 options (poison limit).
    pub rdfc: RdfcOptions,
}

impl Config {
    /// The defaults: N=50, R=5, warm-up 5 — `canonprof --schema edu` in well under a minute on 2 cores.
    pub const DEFAULT: Config = Config {
        iterations: 50,
        runs: 5,
        warmup: 5,
        rdfc: RdfcOptions::DEFAULT,
    };
    /// The study's setting: N=2000, R=5.
    pub const STUDY: Config = Config {
        iterations: 2000,
        runs: 5,
        ..Config::DEFAULT
    };
}

/// The shape of a credential's RDF dataset, found while checking it.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Quads in the dataset.
    pub quads: usize,
    /// What blank node labeling did.
    pub label: crate::canon::label::LabelCounts,
}

/// Checks every credential (JSON, duplicate keys, expansion, canonicalization) before anything is timed, so a bad
/// input fails fast with its file named. Returns the shape of each.
pub fn check(
    credentials: &[Credential],
    loader: &OfflineLoader,
    config: &Config,
) -> Result<Vec<Shape>> {
    credentials
        .iter()
        .map(|c| {
            let doc = &c.document;
            doc.check_json()?;
            jcs::canonicalize(&doc.label, &doc.text)?;
            let output = rdfc::canonicalize_jsonld(&doc.label, &doc.text, loader, &config.rdfc)?;
            Ok(Shape {
                quads: output.quads,
                label: output.label_counts,
            })
        })
        .collect()
}

/// Runs the main job on checked credentials; `progress` is called after every iteration pair. With `cold`
/// (`--context-cache both`), RDFC-1.0 is measured a second time through that loader (context cache off).
pub fn run(
    credentials: &[Credential],
    shapes: &[Shape],
    loader: &OfflineLoader,
    cold: Option<&OfflineLoader>,
    config: &Config,
    progress: &mut dyn FnMut(),
) -> Result<Report> {
    let started_at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let timer = profile::Timer::new();
    let mut results = Vec::new();
    for (credential, shape) in credentials.iter().zip(shapes) {
        let doc = &credential.document;
        let (label, text) = (doc.label.as_str(), doc.text.as_str());
        let rdfc_result = measure_algorithm(
            config,
            &timer,
            Algorithm::Rdfc,
            label,
            text,
            loader,
            progress,
        )?;
        let rdfc_cold = match cold {
            Some(cold) => Some(measure_algorithm(
                config,
                &timer,
                Algorithm::Rdfc,
                label,
                text,
                cold,
                progress,
            )?),
            None => None,
        };
        let jcs_result = measure_algorithm(
            config,
            &timer,
            Algorithm::Jcs,
            label,
            text,
            loader,
            progress,
        )?;
        results.push(CredentialResult {
            credential: credential.name.clone(),
            set: credential.set.to_string(),
            baseline: credential.baseline,
            file: doc.label.clone(),
            bytes: doc.text.len(),
            quads: shape.quads,
            blank_nodes: shape.label.blank_nodes,
            unique_first_degree: shape.label.unique_first_degree,
            hndq_calls: shape.label.hndq_calls,
            rdfc: rdfc_result,
            rdfc_cold,
            jcs: jcs_result,
        });
    }
    let summary = summarize(&results);
    Ok(Report {
        credentials: results,
        summary,
        config: RunConfig {
            iterations: config.iterations,
            runs: config.runs,
            warmup: config.warmup,
            hndq_call_limit: config.rdfc.hndq_call_limit,
            context_cache: match (cold.is_some(), loader.caches_contexts()) {
                (true, _) => "both",
                (false, true) => "on",
                (false, false) => "off",
            }
            .to_string(),
        },
        metadata: metadata::collect(started_at),
    })
}

/// Measures one pipeline on one document the main job's way (warm-up, R × N instrumented and plain iterations)
/// and summarizes it; `progress` is called after every iteration pair.
pub fn measure_algorithm(
    config: &Config,
    timer: &profile::Timer,
    algorithm: Algorithm,
    label: &str,
    text: &str,
    loader: &OfflineLoader,
    progress: &mut dyn FnMut(),
) -> Result<AlgorithmResult> {
    let mut output = None;
    let mut pipeline = || -> Result<()> {
        let (sha256, bytes) = match algorithm {
            Algorithm::Rdfc => rdfc::canonicalize_jsonld(label, text, loader, &config.rdfc)
                .map(|o| (o.sha256, o.canonical.len()))?,
            Algorithm::Jcs => {
                jcs::canonicalize(label, text).map(|o| (o.sha256, o.canonical.len()))?
            }
        };
        output = Some((sha256, bytes));
        Ok(())
    };
    let m = measure(config, timer, algorithm, &mut pipeline, progress)?;
    let mut result = m.into_result(algorithm, output.take().expect("ran at least once"));
    if algorithm == Algorithm::Rdfc {
        result.context_cache = Some(loader.caches_contexts());
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

/// Raw samples of one pipeline (µs), per run.
struct Measurement {
    phases: Vec<(Row, Vec<Vec<f64>>)>,
    total: Vec<Vec<f64>>,
    plain: Vec<f64>,
}

/// Warm-up, then R × N iterations, each once instrumented and once plain (alternating which goes first).
fn measure(
    config: &Config,
    timer: &profile::Timer,
    algorithm: Algorithm,
    pipeline: &mut dyn FnMut() -> Result<()>,
    progress: &mut dyn FnMut(),
) -> Result<Measurement> {
    timer.prime();
    for _ in 0..config.warmup {
        timer.timed(&mut *pipeline)?;
        pipeline()?;
    }
    let mut m = Measurement {
        phases: rows(algorithm)
            .into_iter()
            .map(|r| (r, Vec::new()))
            .collect(),
        total: Vec::new(),
        plain: Vec::new(),
    };
    for _ in 0..config.runs {
        timer.prime();
        profile::take_records();
        let mut phase_samples: BTreeMap<(usize, &str), Vec<f64>> = BTreeMap::new();
        let mut totals = Vec::with_capacity(config.iterations);
        for i in 0..config.iterations {
            let (total, plain) = if i % 2 == 0 {
                let t = timed(Some(timer), pipeline)?;
                (t, timed(None, pipeline)?)
            } else {
                let p = timed(None, pipeline)?;
                (timed(Some(timer), pipeline)?, p)
            };
            totals.push(total);
            m.plain.push(plain);
            let mut per_phase: BTreeMap<(usize, &str), f64> = BTreeMap::new();
            for record in profile::take_records().into_iter().filter(|r| r.depth <= 1) {
                *per_phase.entry((record.depth, record.name)).or_default() +=
                    record.nanos as f64 / 1000.0;
            }
            if per_phase.is_empty() {
                return Err(Error::new(
                    ErrorKind::Internal,
                    "internal error: the span timer recorded no phase",
                ));
            }
            for (row, _) in &m.phases {
                let key = (row.depth(), row.name);
                phase_samples
                    .entry(key)
                    .or_default()
                    .push(per_phase.get(&key).copied().unwrap_or(0.0));
            }
            progress();
        }
        for (row, runs) in m.phases.iter_mut() {
            runs.push(
                phase_samples
                    .remove(&(row.depth(), row.name))
                    .unwrap_or_default(),
            );
        }
        m.total.push(totals);
    }
    Ok(m)
}

/// Wall time of one pipeline call in µs, under the span timer (`Some`) or with no subscriber (`None`).
fn timed(timer: Option<&profile::Timer>, pipeline: &mut dyn FnMut() -> Result<()>) -> Result<f64> {
    let start = Instant::now();
    match timer {
        Some(t) => t.timed(&mut *pipeline)?,
        None => pipeline()?,
    }
    Ok(start.elapsed().as_nanos() as f64 / 1000.0)
}

impl Measurement {
    fn into_result(
        self,
        algorithm: Algorithm,
        (sha256, canonical_bytes): (String, usize),
    ) -> AlgorithmResult {
        let total = RunStats::from_runs(&self.total);
        let phases = self
            .phases
            .iter()
            .map(|(row, runs)| {
                let stats = RunStats::from_runs(runs);
                PhaseResult {
                    name: row.name.to_string(),
                    parent: row.parent.map(str::to_string),
                    stats,
                    share: stats.median_us / total.median_us,
                }
            })
            .collect();
        AlgorithmResult {
            algorithm: algorithm.name().to_string(),
            phases,
            total,
            uninstrumented_median_us: median(&self.plain),
            sha256,
            canonical_bytes,
            context_cache: None,
        }
    }
}

/// The study's claims, checked on this run's numbers.
pub fn summarize(results: &[CredentialResult]) -> Summary {
    let simple: Vec<f64> = results
        .iter()
        .filter(|r| r.set == "simple")
        .map(|r| r.rdfc.total.median_us)
        .collect();
    let simple_median = median(&simple);
    let edu_simple_ratios: Vec<(String, f64)> = results
        .iter()
        .filter(|r| r.set == "edu" && !simple.is_empty())
        .map(|r| (r.credential.clone(), r.rdfc.total.median_us / simple_median))
        .collect();
    let ratios: Vec<f64> = edu_simple_ratios.iter().map(|(_, r)| *r).collect();
    let profiled: Vec<&CredentialResult> = results.iter().filter(|r| !r.baseline).collect();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &profiled {
        *counts.entry(r.dominant_phase().0).or_default() += 1;
    }
    let (dominant_phase, dominant_in) = counts
        .iter()
        .max_by_key(|(_, n)| **n)
        .map_or(("-".to_string(), 0), |(p, n)| (p.to_string(), *n));
    let max_label_share = profiled
        .iter()
        .flat_map(|r| {
            r.rdfc
                .phases
                .iter()
                .filter(|p| p.name == phase::LABEL)
                .map(|p| p.share)
        })
        .fold(0.0, f64::max);
    let instrumented: f64 = results.iter().map(|r| r.rdfc.total.median_us).sum();
    let plain: f64 = results
        .iter()
        .map(|r| r.rdfc.uninstrumented_median_us)
        .sum();
    Summary {
        edu_simple_ratio_min: ratios.iter().copied().reduce(f64::min),
        edu_simple_ratio_max: ratios.iter().copied().reduce(f64::max),
        edu_simple_ratios,
        dominant_phase,
        dominant_in,
        profiled: profiled.len(),
        max_label_share,
        instrumentation_overhead: instrumented / plain - 1.0,
    }
}
