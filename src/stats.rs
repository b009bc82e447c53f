//! Statistics as the study reported them: per run, the median of N iterations; across R runs, the median of run
//! medians with its spread (min–max of run medians) and the p10/p90 of all iterations pooled. Pure functions on
//! numbers (µs); nothing here knows what was measured.

use serde::Serialize;

/// Summary of R runs × N samples, all in the samples' unit (µs in canonprof).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
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
}

/// Median of `values` (mean of the two middle values for an even count); `NaN` for an empty slice.
pub fn median(values: &[f64]) -> f64 {
    percentile(values, 50.0)
}

/// The `p`-th percentile (0–100) with linear interpolation between closest ranks; `NaN` for an empty slice.
pub fn percentile(values: &[f64], p: f64) -> f64 {
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
    /// Summarizes `runs` (each a list of samples). Runs with no samples are ignored; all-empty gives `NaN`s.
    pub fn from_runs(runs: &[Vec<f64>]) -> RunStats {
        let medians: Vec<f64> = runs
            .iter()
            .filter(|r| !r.is_empty())
            .map(|r| median(r))
            .collect();
        let pooled: Vec<f64> = runs.iter().flatten().copied().collect();
        RunStats {
            median_us: median(&medians),
            min_run_median_us: medians.iter().copied().fold(f64::NAN, f64::min),
            max_run_median_us: medians.iter().copied().fold(f64::NAN, f64::max),
            p10_us: percentile(&pooled, 10.0),
            p90_us: percentile(&pooled, 90.0),
            runs: medians.len(),
            samples: pooled.len(),
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
    }
}
