//! The analysis the renderers show: the main job's cross-credential [`Summary`] ([`summarize`]), and the figures
//! that answer the cost question from a saved run ([`answer`]).

use super::canonicalization::{Canonicalization, Entry};
use super::names::{Algorithm, Engine};
use super::{AlgorithmResult, CredentialResult, EngineRatios, Summary};
use crate::canon::phase;
use crate::stats::median;
use std::collections::BTreeMap;

/// Each edu credential's RDFC-1.0 cost (the pipeline `pick` chooses; [`AlgorithmResult::cost_us`]) over the
/// median of the simple credentials' (the study's edu/simple ratio); empty unless both sets have that pipeline.
pub(crate) fn edu_simple_ratios<'a>(
    results: &'a [CredentialResult],
    pick: impl Fn(&'a CredentialResult) -> Option<&'a AlgorithmResult>,
) -> Vec<(String, f64)> {
    let total = |r: &'a CredentialResult| pick(r).map(AlgorithmResult::cost_us);
    let simple: Vec<f64> = results
        .iter()
        .filter(|r| r.set == "simple")
        .filter_map(&total)
        .collect();
    if simple.is_empty() {
        return Vec::new();
    }
    let base = median(&simple);
    results
        .iter()
        .filter(|r| r.set == "edu")
        .filter_map(|r| Some((r.credential.clone(), total(r)? / base)))
        .collect()
}

/// Instrumented / uninstrumented RDFC-1.0 time − 1 over all credentials, per expansion engine.
fn overhead_by_engine(results: &[CredentialResult]) -> Vec<(Engine, f64)> {
    let mut sums: Vec<(Engine, f64, f64)> = Vec::new();
    for a in results.iter().flat_map(CredentialResult::per_engine) {
        let Some(engine) = a.engine else { continue };
        let i = match sums.iter().position(|(e, _, _)| *e == engine) {
            Some(i) => i,
            None => {
                sums.push((engine, 0.0, 0.0));
                sums.len() - 1
            }
        };
        sums[i].1 += a.total.median_us;
        sums[i].2 += a.uninstrumented_median_us;
    }
    sums.into_iter()
        .map(|(engine, timed, plain)| (engine, timed / plain - 1.0))
        .collect()
}

/// The expansion engines the run measured RDFC-1.0 with, the main engine first.
fn engines(results: &[CredentialResult]) -> Vec<Engine> {
    let mut engines = Vec::new();
    for engine in results
        .iter()
        .flat_map(CredentialResult::per_engine)
        .filter_map(|a| a.engine)
    {
        if !engines.contains(&engine) {
            engines.push(engine);
        }
    }
    engines
}

/// RDFC-1.0 through `engine` (with the run's context cache setting) on credential `c`, if measured.
fn through(c: &CredentialResult, engine: Engine) -> Option<&AlgorithmResult> {
    c.per_engine().find(|a| a.engine == Some(engine))
}

/// Per expansion engine, by name: each measured credential's RDFC-1.0 cost over its JCS cost, the baseline left
/// out — the figures [`answer`] gives from the saved run.
fn rdfc_over_jcs_by_engine(results: &[CredentialResult]) -> BTreeMap<String, EngineRatios> {
    engines(results)
        .into_iter()
        .filter_map(|engine| {
            let ratios = results
                .iter()
                .filter(|c| !c.baseline)
                .filter_map(|c| {
                    let rdfc = through(c, engine)?;
                    Some((c.credential.clone(), rdfc.cost_us() / c.jcs.cost_us()))
                })
                .collect();
            Some((engine.name().to_string(), EngineRatios::of(ratios)?))
        })
        .collect()
}

/// Per expansion engine, by name: the edu/simple ratios ([`edu_simple_ratios`]) through that engine.
fn edu_over_simple_by_engine(results: &[CredentialResult]) -> BTreeMap<String, EngineRatios> {
    engines(results)
        .into_iter()
        .filter_map(|engine| {
            let ratios = edu_simple_ratios(results, |c| through(c, engine));
            Some((engine.name().to_string(), EngineRatios::of(ratios)?))
        })
        .collect()
}

/// The study's claims, checked on this run's numbers.
pub(crate) fn summarize(results: &[CredentialResult]) -> Summary {
    let cached = edu_simple_ratios(results, |r| Some(&r.rdfc));
    let ratios: Vec<f64> = cached.iter().map(|(_, r)| *r).collect();
    // The same ratio with the context cache off (`--context-cache both`).
    let cold_ratios = edu_simple_ratios(results, |r| r.rdfc_cold.as_ref());
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
        .map(|r| r.rdfc.phase_share(phase::LABEL))
        .fold(0.0, f64::max);
    let instrumented: f64 = results.iter().map(|r| r.rdfc.total.median_us).sum();
    let plain: f64 = results
        .iter()
        .map(|r| r.rdfc.uninstrumented_median_us)
        .sum();
    Summary {
        edu_simple_ratio_min: ratios.iter().copied().reduce(f64::min),
        edu_simple_ratio_max: ratios.iter().copied().reduce(f64::max),
        edu_simple_ratios: cached,
        edu_simple_ratios_cold: cold_ratios,
        dominant_phase,
        dominant_in,
        profiled: profiled.len(),
        max_label_share,
        instrumentation_overhead: instrumented / plain - 1.0,
        instrumentation_overhead_by_engine: overhead_by_engine(results),
        rdfc_over_jcs: rdfc_over_jcs_by_engine(results),
        edu_over_simple: edu_over_simple_by_engine(results),
    }
}

/// The figures that answer the cost question from a saved main-job run, per expansion engine (the run's main
/// engine first): what the page's summary sentences say.
#[derive(Debug, Clone)]
pub(crate) struct Answer<'a> {
    /// Per engine: each measured credential's RDFC-1.0 cost over its JCS cost (engines without a pair left out).
    pub rdfc_over_jcs: Vec<(Engine, Vec<f64>)>,
    /// Per engine: JSON-LD expansion's share of RDFC-1.0 in each measured credential, in percent.
    pub expansion_percent: Vec<(Engine, Vec<f64>)>,
    /// How many credentials were measured (the baseline aside).
    pub credentials: usize,
    /// Per engine: blank node labeling's largest share of RDFC-1.0 (0–1), and in which credential.
    pub largest_label_share: Vec<(Engine, f64, &'a str)>,
    /// The edu/simple ratios of the run's main engine.
    pub edu_simple: Vec<f64>,
    /// Per engine: each edu credential's RDFC-1.0 cost over the median of the simple credentials' (the
    /// main engine's are [`Answer::edu_simple`]'s, by credential).
    pub edu_simple_by_engine: Vec<(Engine, Vec<(String, f64)>)>,
    /// The run's main engine.
    pub main_engine: Option<Engine>,
}

/// The figures of [`Answer`] from a saved run's entries ([`Canonicalization::documents`]).
pub(crate) fn answer(c: &Canonicalization) -> Answer<'_> {
    let docs = c.documents();
    let measured: Vec<&Entry> = docs.iter().copied().filter(|e| !e.baseline).collect();
    let jcs_of = |credential: &str| {
        docs.iter()
            .find(|j| j.algorithm == Algorithm::Jcs && j.credential == credential)
            .map(|j| j.cost_us())
    };
    let engines = c.engines();
    let rdfc_of = |engine: Engine| {
        measured
            .iter()
            .copied()
            .filter(move |e| e.algorithm == Algorithm::Rdfc10 && e.engine == Some(engine))
    };
    let mut rdfc_over_jcs = Vec::new();
    let mut edu_simple_by_engine = Vec::new();
    let mut expansion_percent = Vec::new();
    let mut largest_label_share = Vec::new();
    for &engine in &engines {
        let ratios: Vec<f64> = rdfc_of(engine)
            .filter_map(|e| jcs_of(&e.credential).map(|j| e.cost_us() / j))
            .collect();
        if !ratios.is_empty() {
            rdfc_over_jcs.push((engine, ratios));
        }
        let in_set = |set: &'static str| {
            docs.iter().copied().filter(move |e| {
                e.set == set && e.algorithm == Algorithm::Rdfc10 && e.engine == Some(engine)
            })
        };
        let simple: Vec<f64> = in_set("simple").map(Entry::cost_us).collect();
        if !simple.is_empty() {
            let base = median(&simple);
            let ratios: Vec<(String, f64)> = in_set("edu")
                .map(|e| (e.credential.clone(), e.cost_us() / base))
                .collect();
            if !ratios.is_empty() {
                edu_simple_by_engine.push((engine, ratios));
            }
        }
        let shares: Vec<f64> = rdfc_of(engine)
            .filter_map(|e| e.phases.get(phase::EXPAND).map(|p| p.share * 100.0))
            .collect();
        if !shares.is_empty() {
            expansion_percent.push((engine, shares));
        }
        let largest = rdfc_of(engine)
            .filter_map(|e| e.phases.get(phase::LABEL).map(|p| (p.share, e)))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((share, e)) = largest {
            largest_label_share.push((engine, share, e.credential.as_str()));
        }
    }
    let mut credentials: Vec<&str> = Vec::new();
    for e in &measured {
        if !credentials.contains(&e.credential.as_str()) {
            credentials.push(&e.credential);
        }
    }
    Answer {
        rdfc_over_jcs,
        expansion_percent,
        credentials: credentials.len(),
        largest_label_share,
        edu_simple: c
            .summary
            .edu_simple_ratios
            .iter()
            .map(|(_, r)| *r)
            .collect(),
        edu_simple_by_engine,
        main_engine: engines.first().copied(),
    }
}
