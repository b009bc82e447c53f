//! The analysis the renderers show: the main job's cross-credential [`Summary`] ([`summarize`]).

use super::{AlgorithmResult, CredentialResult, Summary};
use crate::canon::phase;
use crate::stats::median;
use std::collections::BTreeMap;

/// Each edu credential's RDFC-1.0 total (the pipeline `pick` chooses) over the median of the simple credentials'
/// (the study's edu/simple ratio); empty unless both sets have that pipeline.
pub(crate) fn edu_simple_ratios<'a>(
    results: &'a [CredentialResult],
    pick: impl Fn(&'a CredentialResult) -> Option<&'a AlgorithmResult>,
) -> Vec<(String, f64)> {
    let total = |r: &'a CredentialResult| pick(r).map(|a| a.total.median_us);
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
fn overhead_by_engine(results: &[CredentialResult]) -> Vec<(String, f64)> {
    let mut sums: Vec<(String, f64, f64)> = Vec::new();
    for a in results.iter().flat_map(CredentialResult::per_engine) {
        let engine = a.engine.clone().unwrap_or_default();
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

/// The study's claims, checked on this run's numbers.
pub fn summarize(results: &[CredentialResult]) -> Summary {
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
    }
}
