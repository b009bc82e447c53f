//! Statistics as the study reported them: per run, the median of N iterations; across R runs, the median of run
//! medians with its spread (min–max of run medians) and the p10/p90 of all iterations pooled; and whether two
//! such measurements differ ([`change`]). Pure functions on numbers (µs); nothing here knows what was measured.

pub(crate) mod change;

use serde::{Deserialize, Serialize};

/// At most this many samples of each run are kept in [`RunStats::run_samples_us`]: enough to resample a run's
/// median (the bootstrap of [`change`]), few enough that a `--study` run (2000 iterations) stays small on disk.
pub(crate) const KEPT_PER_RUN: usize = 32;

/// Summary of R runs × N samples, all in the samples' unit (µs in canonprof).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunStats {
    /// Median of the per-run medians (the headline number).
    pub median_us: f64,
    /// Smallest per-run median.
    pub min_run_median_us: f64,
    /// Largest per-run median.
    pub max_run_median_us: f64,
    /// 10th percentile of all samples pooled.
    pub p10_us: f64,
    /// 90th percentile of all samples pooled.
    pub p90_us: f64,
    /// Number of runs.
    pub runs: usize,
    /// Total number of samples.
    pub samples: usize,
    /// Each run's median, in run order: what `diff`'s Mann-Whitney U test compares. Empty in files written before
    /// canonprof kept them (such rows are "too few runs to tell").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub run_medians_us: Vec<f64>,
    /// Per run, at most [`KEPT_PER_RUN`] of its samples: all of them, sorted, when the run has that many or fewer,
    /// else the evenly spaced order statistics from its smallest to its largest (ranks `i·(n−1)/(K−1)` rounded,
    /// K = 32), which keep the run's distribution for `diff`'s bootstrap. Empty in older files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub run_samples_us: Vec<Vec<f64>>,
}

/// The samples of one run that are kept ([`RunStats::run_samples_us`]): sorted, and at most [`KEPT_PER_RUN`]
/// evenly spaced order statistics (the smallest and largest always among them).
pub(crate) fn kept_samples(run: &[f64]) -> Vec<f64> {
    let mut sorted = run.to_vec();
    sorted.sort_by(f64::total_cmp);
    if sorted.len() <= KEPT_PER_RUN {
        return sorted;
    }
    let last = (sorted.len() - 1) as f64;
    (0..KEPT_PER_RUN)
        .map(|i| sorted[(i as f64 * last / (KEPT_PER_RUN - 1) as f64).round() as usize])
        .collect()
}

/// Median of `values` (mean of the two middle values for an even count); `NaN` for an empty slice.
pub(crate) fn median(values: &[f64]) -> f64 {
    percentile(values, 50.0)
}

/// The `p`-th percentile (0–100) with linear interpolation between closest ranks; `NaN` for an empty slice.
pub(crate) fn percentile(values: &[f64], p: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = (p / 100.0).clamp(0.0, 1.0) * (sorted.len() - 1) as f64;
    let (low, high) = (rank.floor() as usize, rank.ceil() as usize);
    sorted[low] + (sorted[high] - sorted[low]) * (rank - low as f64)
}

impl RunStats {
    /// No runs: `NaN` figures, no run medians (a side with nothing to test, or to fill).
    pub(crate) fn default_empty() -> RunStats {
        RunStats::from_runs(&[])
    }

    /// Summarizes `runs` (each a list of samples). Runs with no samples are ignored; all-empty gives `NaN`s.
    pub fn from_runs(runs: &[Vec<f64>]) -> RunStats {
        let runs: Vec<&Vec<f64>> = runs.iter().filter(|r| !r.is_empty()).collect();
        let medians: Vec<f64> = runs.iter().map(|r| median(r)).collect();
        let pooled: Vec<f64> = runs.iter().flat_map(|r| r.iter()).copied().collect();
        RunStats {
            median_us: median(&medians),
            min_run_median_us: medians.iter().copied().fold(f64::NAN, f64::min),
            max_run_median_us: medians.iter().copied().fold(f64::NAN, f64::max),
            p10_us: percentile(&pooled, 10.0),
            p90_us: percentile(&pooled, 90.0),
            runs: medians.len(),
            samples: pooled.len(),
            run_samples_us: runs.iter().map(|r| kept_samples(r)).collect(),
            run_medians_us: medians,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_percentiles() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(
            percentile(
                &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0],
                10.0
            ),
            2.0
        );
        assert_eq!(
            percentile(
                &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0],
                90.0
            ),
            10.0
        );
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn run_stats_is_median_of_run_medians() {
        let runs = vec![
            vec![1.0, 2.0, 9.0],
            vec![4.0, 5.0, 6.0],
            vec![7.0, 8.0, 100.0],
        ];
        let s = RunStats::from_runs(&runs);
        assert_eq!(s.median_us, 5.0);
        assert_eq!((s.min_run_median_us, s.max_run_median_us), (2.0, 8.0));
        assert_eq!((s.runs, s.samples), (3, 9));
        assert!((s.p10_us - 1.8).abs() < 1e-9, "{}", s.p10_us);
        assert_eq!(s.run_medians_us, vec![2.0, 5.0, 8.0]);
        assert_eq!(s.run_samples_us[2], vec![7.0, 8.0, 100.0]);
    }

    /// Written, read back, written again byte for byte; a file from before the run medians reads with none.
    #[test]
    fn run_stats_read_back_the_same_and_old_files_still_read() {
        let runs: Vec<Vec<f64>> = (0..5)
            .map(|r| (0..100).map(|i| f64::from(r * 7 + i) * 0.37).collect())
            .collect();
        let written = serde_json::to_string(&RunStats::from_runs(&runs)).unwrap();
        let back: RunStats = serde_json::from_str(&written).unwrap();
        assert_eq!(back.run_samples_us.len(), 5);
        assert_eq!(serde_json::to_string(&back).unwrap(), written);
        let old = r#"{"median_us":5.0,"min_run_median_us":2.0,"max_run_median_us":8.0,"p10_us":1.8,"p90_us":9.0,"runs":3,"samples":9}"#;
        let old: RunStats = serde_json::from_str(old).unwrap();
        assert!(old.run_medians_us.is_empty() && old.run_samples_us.is_empty());
        assert!(!serde_json::to_string(&old)
            .unwrap()
            .contains("run_medians_us"));
    }

    #[test]
    fn a_long_run_keeps_evenly_spaced_order_statistics() {
        let run: Vec<f64> = (0..2000).rev().map(f64::from).collect();
        let kept = kept_samples(&run);
        assert_eq!(kept.len(), KEPT_PER_RUN);
        // Ranks i·1999/31 rounded: 0, 64.48 → 64, 128.97 → 129, …, 1999.
        assert_eq!(&kept[..3], &[0.0, 64.0, 129.0]);
        assert_eq!(kept[KEPT_PER_RUN - 1], 1999.0);
        assert_eq!(kept_samples(&[3.0, 1.0]), vec![1.0, 3.0]);
    }
}

/// A fitted growth model `y = a + b·f(x)`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Fit {
    /// `linear` (f = x), `n log n` (f = x·ln x) or `quadratic` (f = x²).
    pub model: &'static str,
    /// Intercept.
    pub a: f64,
    /// Slope on f(x).
    pub b: f64,
    /// Coefficient of determination of this model (1 = exact).
    pub r2: f64,
}

/// A growth model: its name and f.
type Model = (&'static str, fn(f64) -> f64);

/// Least-squares fits of `y = a + b·f(x)` for f = x, x·ln x and x², returning the best one. A more complex
/// model wins only if it explains at least 1% more of the variance (R² + 0.01), so noise does not turn a linear
/// cost into "quadratic". `None` for fewer than 3 points. Pure function on numbers (a scaling sweep's sizes and
/// µs).
pub(crate) fn fit_growth(points: &[(f64, f64)]) -> Option<Fit> {
    if points.len() < 3 {
        return None;
    }
    let models: [Model; 3] = [
        ("linear", |x| x),
        ("n log n", |x| x * x.max(1.0).ln()),
        ("quadratic", |x| x * x),
    ];
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / points.len() as f64;
    let ss_tot: f64 = points.iter().map(|p| (p.1 - mean_y).powi(2)).sum();
    let mut best: Option<Fit> = None;
    for (model, f) in models {
        let xs: Vec<f64> = points.iter().map(|p| f(p.0)).collect();
        let n = xs.len() as f64;
        let mean_x = xs.iter().sum::<f64>() / n;
        let sxx: f64 = xs.iter().map(|x| (x - mean_x).powi(2)).sum();
        let sxy: f64 = xs
            .iter()
            .zip(points)
            .map(|(x, p)| (x - mean_x) * (p.1 - mean_y))
            .sum();
        let b = if sxx > 0.0 { sxy / sxx } else { 0.0 };
        let a = mean_y - b * mean_x;
        let ss_res: f64 = xs
            .iter()
            .zip(points)
            .map(|(x, p)| (p.1 - (a + b * x)).powi(2))
            .sum();
        let r2 = if ss_tot > 0.0 {
            1.0 - ss_res / ss_tot
        } else {
            1.0
        };
        let fit = Fit { model, a, b, r2 };
        best = match best {
            Some(current) if fit.r2 <= current.r2 + 0.01 => Some(current),
            _ => Some(fit),
        };
    }
    best
}

#[cfg(test)]
mod growth_tests {
    use super::*;

    #[test]
    fn recognises_linear_and_quadratic_growth() {
        let linear: Vec<(f64, f64)> = [5.0, 10.0, 20.0, 50.0, 100.0, 200.0]
            .iter()
            .map(|&x| (x, 3.0 + 2.0 * x))
            .collect();
        let fit = fit_growth(&linear).unwrap();
        assert_eq!(fit.model, "linear");
        assert!((fit.b - 2.0).abs() < 1e-9 && (fit.a - 3.0).abs() < 1e-6 && fit.r2 > 0.999999);
        let quadratic: Vec<(f64, f64)> = [5.0, 10.0, 20.0, 50.0, 100.0, 200.0]
            .iter()
            .map(|&x| (x, 1.0 + 0.5 * x * x))
            .collect();
        assert_eq!(fit_growth(&quadratic).unwrap().model, "quadratic");
        assert!(fit_growth(&linear[..2]).is_none());
    }
}
