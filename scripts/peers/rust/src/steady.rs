//! Steady-state measurement, a port of ../node/steady.mjs (and ../python/steady.py): warm up in batches of about
//! `batch_seconds` of work until at least `min_seconds` have passed and the last two batch medians agree within
//! `tolerance` (or `max_seconds` ran out: then `converged: false`, and `still_falling` when the last batch median
//! was still more than `tolerance` below the one before), then R runs of N iterations. Times in µs.

use serde_json::{json, Value};
use std::time::Instant;

#[derive(Clone, Copy)]
pub struct Settings {
    pub min_seconds: f64,
    pub max_seconds: f64,
    pub tolerance: f64,
    pub batch_seconds: f64,
}

/// Microseconds since `t0`.
pub fn us_since(t0: Instant) -> f64 {
    t0.elapsed().as_nanos() as f64 / 1000.0
}

/// Linear-interpolation percentile, as steady.mjs computes it.
pub fn percentile(values: &[f64], p: f64) -> f64 {
    let mut s = values.to_vec();
    s.sort_by(f64::total_cmp);
    let rank = p / 100.0 * (s.len() - 1) as f64;
    let (lo, hi) = (rank.floor() as usize, rank.ceil() as usize);
    s[lo] + (s[hi] - s[lo]) * (rank - lo as f64)
}

/// canonprof's statistics of per-run samples: median of run medians, min–max of run medians, pooled p10/p90.
pub fn stats(per_run: &[Vec<f64>]) -> Value {
    let medians: Vec<f64> = per_run.iter().map(|r| percentile(r, 50.0)).collect();
    let pooled: Vec<f64> = per_run.iter().flatten().copied().collect();
    json!({
        "median_us": percentile(&medians, 50.0),
        "min_run_median_us": medians.iter().copied().fold(f64::INFINITY, f64::min),
        "max_run_median_us": medians.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        "p10_us": percentile(&pooled, 10.0),
        "p90_us": percentile(&pooled, 90.0),
        "runs": medians.len(),
        "samples": pooled.len(),
    })
}

/// Calls `f` (one call = one iteration) until steady state; returns the warm-up report.
pub fn warm_up(mut f: impl FnMut(), s: Settings) -> Value {
    let start = Instant::now();
    let mut medians: Vec<f64> = Vec::new();
    let (mut iterations, mut converged) = (0usize, false);
    loop {
        let (mut batch, batch_start) = (Vec::new(), Instant::now());
        while batch.len() < 3 || batch_start.elapsed().as_secs_f64() < s.batch_seconds {
            let t0 = Instant::now();
            f();
            batch.push(us_since(t0));
        }
        iterations += batch.len();
        medians.push(percentile(&batch, 50.0));
        let (elapsed, n) = (start.elapsed().as_secs_f64(), medians.len());
        let agree =
            n >= 2 && (medians[n - 1] - medians[n - 2]).abs() <= s.tolerance * medians[n - 2];
        if elapsed >= s.min_seconds && agree {
            converged = true;
            break;
        }
        if elapsed >= s.max_seconds {
            break;
        }
    }
    let n = medians.len();
    json!({
        "iterations": iterations,
        "seconds": start.elapsed().as_secs_f64(),
        "batches": n,
        "converged": converged,
        "still_falling": !converged && n >= 2 && medians[n - 1] < medians[n - 2] * (1.0 - s.tolerance),
        "last_batch_medians_us": medians[n.saturating_sub(3)..],
    })
}
