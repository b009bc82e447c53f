//! Whether two measurements differ, as `diff` and `merge` ask it: a measurement is R run medians (each the median
//! of one run's iterations) and, where kept, some samples of each run ([`super::RunStats`]).
//!
//! - **Significance**: the two-sided Mann-Whitney U test (Wilcoxon rank-sum test) over the two sets of run medians
//!   — the runs are the independent repetitions; iterations inside a run share its machine state. U counts the
//!   pairs (a, b) with a > b, a tie counting ½ (Mann & Whitney 1947). Without ties and with at most
//!   [`EXACT_UP_TO`] runs in all, the p-value is exact ([`exact_u_counts`]); otherwise the normal approximation
//!   with tie and continuity correction — the same figures as scipy's `mannwhitneyu(..., method="auto")` for
//!   the sizes canonprof runs (checked in the tests). (`statrs` 0.19's `mannwhitneyu` was tried first: its exact
//!   path gave p = 1 for two fully separated samples of 4, where the answer is 2/70, and enumerates every
//!   arrangement; its `erfc` serves the approximation.)
//! - **Too few runs**: with m and n runs, the smallest two-sided p the exact test can give is 2 / C(m+n, m) (the
//!   two most extreme of the C(m+n, m) equally likely rank arrangements). When that is not below the
//!   significance level, no data can be called significant: 4 runs each at 0.05 (2/70 ≈ 0.029), while 3 and 3
//!   give at best 2/20 = 0.1.
//! - **Confidence interval of B/A**: a percentile bootstrap, [`RESAMPLES`] resamples from a fixed seed (the same
//!   figures every time), of the ratio of the two statistics the tables show (median of run medians). Each
//!   resample draws R runs with replacement and, inside each drawn run, its kept samples with replacement
//!   (a two-level bootstrap, so both the spread between runs and inside them count); a run with no kept samples
//!   counts as its median alone.

use super::{median, percentile};
use rand_core::{Rng, SeedableRng};

/// The exact distribution of U is used up to this many runs in all (its counts, at most C(50, 25) ≈ 1.3·10^14,
/// stay exact in an `f64`).
pub(crate) const EXACT_UP_TO: usize = 50;

/// Bootstrap resamples per confidence interval.
pub(crate) const RESAMPLES: usize = 1000;

/// The confidence level of the intervals (95%).
pub(crate) const CONFIDENCE: f64 = 0.95;

/// The bootstrap's seed: fixed, so a diff prints the same interval every time it is run on the same files.
const SEED: u64 = 0x6361_6e6f_6e70_726f;

/// One side of a comparison: its run medians and, per run, its kept samples (may be empty).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Side<'a> {
    /// One median per run.
    pub run_medians: &'a [f64],
    /// Per run, the kept samples ([`super::RunStats::run_samples_us`]); ignored unless one per run.
    pub run_samples: &'a [Vec<f64>],
}

impl<'a> Side<'a> {
    /// The side of `stats`.
    pub(crate) fn of(stats: &'a super::RunStats) -> Side<'a> {
        Side {
            run_medians: &stats.run_medians_us,
            run_samples: &stats.run_samples_us,
        }
    }
}

/// The outcome of comparing B with A when both have enough runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Change {
    /// The two-sided p-value of the Mann-Whitney U test over the run medians.
    pub p: f64,
    /// The [`CONFIDENCE`] percentile-bootstrap interval of B/A (ratio of medians of run medians).
    pub interval: (f64, f64),
}

/// The smallest two-sided p-value the exact Mann-Whitney U test can reach with `m` and `n` observations:
/// 2 / C(m+n, m) (1 when either is empty).
pub(crate) fn smallest_p(m: usize, n: usize) -> f64 {
    if m == 0 || n == 0 {
        return 1.0;
    }
    // C(m+n, m) as a product of m ratios; f64 is ample (only whether it is below a level matters).
    let arrangements: f64 = (1..=m).map(|i| (n + i) as f64 / i as f64).product();
    (2.0 / arrangements).min(1.0)
}

/// Whether `m` against `n` runs can show a difference at `alpha` at all ([`smallest_p`] below `alpha`).
pub(crate) fn enough_runs(m: usize, n: usize, alpha: f64) -> bool {
    smallest_p(m, n) < alpha
}

/// The fewest runs per side (the same number on both) with which the test can reach `alpha`: 4 at 0.05.
pub(crate) fn fewest_runs(alpha: f64) -> usize {
    (1..=64).find(|&r| enough_runs(r, r, alpha)).unwrap_or(64)
}

/// The two-sided Mann-Whitney U p-value of `a` against `b` (1 when the test has nothing to rank, e.g. every
/// value equal, or a value is not a number).
pub(crate) fn mann_whitney_p(a: &[f64], b: &[f64]) -> f64 {
    let (m, n) = (a.len(), b.len());
    if m == 0 || n == 0 || a.iter().chain(b).any(|v| !v.is_finite()) {
        return 1.0;
    }
    let u_a: f64 = a
        .iter()
        .map(|x| {
            b.iter()
                .map(|y| match x.total_cmp(y) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                })
                .sum::<f64>()
        })
        .sum();
    // Two-sided: twice the upper tail beyond the larger of U_a and U_b = mn − U_a.
    let u = u_a.max((m * n) as f64 - u_a);
    let mut pooled: Vec<f64> = a.iter().chain(b).copied().collect();
    pooled.sort_by(f64::total_cmp);
    let ties: Vec<usize> = pooled
        .chunk_by(|x, y| x == y)
        .map(<[f64]>::len)
        .filter(|&t| t > 1)
        .collect();
    let p = if ties.is_empty() && m + n <= EXACT_UP_TO {
        let counts = exact_u_counts(m, n);
        let total: f64 = counts.iter().sum();
        2.0 * counts[u as usize..].iter().sum::<f64>() / total
    } else {
        normal_p(u, m, n, &ties)
    };
    if p.is_finite() {
        p.min(1.0)
    } else {
        1.0
    }
}

/// How many of the C(m+n, m) equally likely rank arrangements give each U = 0..=mn when there are no ties: the
/// coefficients of the Gaussian binomial coefficient [m+n choose m]_q = ∏_{i=1..m} (1 − q^{n+i}) / (1 − q^i)
/// (Andrews, *The Theory of Partitions*, 3.3; U counts the inversions between the two samples). Built one factor
/// at a time, so every intermediate polynomial is [n+i choose i]_q with non-negative integer coefficients.
pub(crate) fn exact_u_counts(m: usize, n: usize) -> Vec<f64> {
    let mut counts = vec![0.0; m * n + 1];
    counts[0] = 1.0;
    for i in 1..=m {
        // Multiply by (1 − q^{n+i}): from the top down, so each coefficient reads the old value below it.
        for j in (n + i..=m * n).rev() {
            counts[j] -= counts[j - n - i];
        }
        // Divide by (1 − q^i), i.e. multiply by 1 + q^i + q^2i + …: running sums with stride i.
        for j in i..=m * n {
            counts[j] += counts[j - i];
        }
    }
    counts
}

/// The two-sided p of U (the larger of the two) by the normal approximation, with the tie correction of the
/// variance and a continuity correction of ½ (as scipy's `method="asymptotic"`).
fn normal_p(u: f64, m: usize, n: usize, ties: &[usize]) -> f64 {
    let (m, n) = (m as f64, n as f64);
    let all = m + n;
    let tie_term: f64 = ties.iter().map(|&t| (t * t * t - t) as f64).sum();
    let sd = (m * n / 12.0 * ((all + 1.0) - tie_term / (all * (all - 1.0)))).sqrt();
    let z = (u - m * n / 2.0 - 0.5) / sd;
    // 2 · P(Z > z) = erfc(z / √2).
    statrs::function::erf::erfc(z / std::f64::consts::SQRT_2)
}

/// Compares B with A: `None` when either side has too few runs for `alpha` ([`enough_runs`]).
pub(crate) fn compare(a: Side<'_>, b: Side<'_>, alpha: f64) -> Option<Change> {
    if !enough_runs(a.run_medians.len(), b.run_medians.len(), alpha) {
        return None;
    }
    Some(Change {
        p: mann_whitney_p(a.run_medians, b.run_medians),
        interval: ratio_interval(a, b),
    })
}

/// The [`CONFIDENCE`] percentile-bootstrap interval of median(B)/median(A), as the module says.
pub(crate) fn ratio_interval(a: Side<'_>, b: Side<'_>) -> (f64, f64) {
    let (runs_a, runs_b) = (runs(a), runs(b));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(SEED);
    let mut scratch = Vec::new();
    let ratios: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let resampled_a = resampled_median(&runs_a, &mut rng, &mut scratch);
            resampled_median(&runs_b, &mut rng, &mut scratch) / resampled_a
        })
        .collect();
    let tail = (1.0 - CONFIDENCE) / 2.0 * 100.0;
    (percentile(&ratios, tail), percentile(&ratios, 100.0 - tail))
}

/// A side's runs as sample lists: the kept samples when there is one list per run, else each run's median.
fn runs<'a>(side: Side<'a>) -> Vec<std::borrow::Cow<'a, [f64]>> {
    let kept = side.run_samples.len() == side.run_medians.len()
        && side.run_samples.iter().all(|s| !s.is_empty());
    if kept {
        side.run_samples
            .iter()
            .map(|s| s.as_slice().into())
            .collect()
    } else {
        side.run_medians.iter().map(|&m| vec![m].into()).collect()
    }
}

/// One two-level resample: R runs drawn with replacement, each run's samples drawn with replacement, the median
/// of the drawn runs' medians.
fn resampled_median(
    runs: &[std::borrow::Cow<'_, [f64]>],
    rng: &mut rand_chacha::ChaCha8Rng,
    scratch: &mut Vec<f64>,
) -> f64 {
    let medians: Vec<f64> = (0..runs.len())
        .map(|_| {
            let run = &runs[below(rng, runs.len())];
            scratch.clear();
            scratch.extend((0..run.len()).map(|_| run[below(rng, run.len())]));
            median(scratch)
        })
        .collect();
    median(&medians)
}

/// A uniform index below `n` (Lemire's multiply-shift; the bias is below 2^-50 for these sizes).
fn below(rng: &mut rand_chacha::ChaCha8Rng, n: usize) -> usize {
    ((u128::from(rng.next_u64()) * n as u128) >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// p-values of scipy.stats.mannwhitneyu(x, y) (scipy 1.17, alternative "two-sided", method "auto": exact for
    /// these sizes without ties, asymptotic with tie and continuity correction otherwise), copied here.
    #[test]
    fn mann_whitney_p_values_match_scipy() {
        let cases: [(&[f64], &[f64], f64); 6] = [
            // Exact, the most extreme arrangement of 4 and 4: 2/70.
            (&[1.0, 2.0, 3.0, 4.0], &[5.0, 6.0, 7.0, 8.0], 2.0 / 70.0),
            // Exact, 5 and 5 fully separated: 2/252.
            (
                &[10.0, 11.0, 12.0, 13.0, 14.0],
                &[20.0, 21.0, 22.0, 23.0, 24.0],
                2.0 / 252.0,
            ),
            // scipy's documentation example (exact): males vs females, two-sided.
            (
                &[19.0, 22.0, 16.0, 29.0, 24.0],
                &[20.0, 11.0, 17.0, 12.0],
                SCIPY_DOC_EXAMPLE,
            ),
            // Interleaved 5 and 5 (exact).
            (
                &[1.0, 3.0, 5.0, 7.0, 9.0],
                &[2.0, 4.0, 6.0, 8.0, 10.0],
                SCIPY_INTERLEAVED,
            ),
            // Exact, 4 and 6 with one overlap.
            (
                &[1.0, 2.0, 3.0, 5.0],
                &[4.0, 6.0, 7.0, 8.0, 9.0, 10.0],
                0.01904761904761905,
            ),
            // Ties: the normal approximation with tie and continuity correction.
            (
                &[1.0, 2.0, 2.0, 3.0, 4.0],
                &[2.0, 3.0, 5.0, 6.0, 7.0],
                0.11161176829829224,
            ),
        ];
        for (x, y, expected) in cases {
            let p = mann_whitney_p(x, y);
            assert!(
                (p - expected).abs() < 1e-9,
                "{x:?} {y:?}: {p} vs {expected}"
            );
            // The test is symmetric in its two samples.
            assert!((mann_whitney_p(y, x) - expected).abs() < 1e-9);
        }
        assert_eq!(mann_whitney_p(&[5.0; 5], &[5.0; 5]), 1.0);
        // Beyond the exact sizes: scipy's mannwhitneyu(range(30), [x + 10 for x in range(30)]).
        let a: Vec<f64> = (0..30).map(f64::from).collect();
        let b: Vec<f64> = (10..40).map(f64::from).collect();
        let p = mann_whitney_p(&a, &b);
        assert!((p - SCIPY_LARGE).abs() < 1e-9, "{p}");
    }

    /// scipy: mannwhitneyu(range(30), range(10, 40), method="asymptotic").pvalue (60 values: beyond
    /// [`EXACT_UP_TO`], so canonprof approximates too).
    const SCIPY_LARGE: f64 = 0.00022448380595775603;

    #[test]
    fn exact_counts_are_the_gaussian_binomial_coefficients() {
        // m = 2, n = 2: the 6 arrangements give U = 0, 1, 2, 2, 3, 4.
        assert_eq!(exact_u_counts(2, 2), vec![1.0, 1.0, 2.0, 1.0, 1.0]);
        let counts = exact_u_counts(25, 25);
        assert_eq!(counts.iter().sum::<f64>(), 126_410_606_437_752.0); // C(50, 25)
                                                                       // Symmetric about mn/2.
        assert!(counts.iter().eq(counts.iter().rev()));
    }

    /// scipy: mannwhitneyu([19, 22, 16, 29, 24], [20, 11, 17, 12]).pvalue.
    const SCIPY_DOC_EXAMPLE: f64 = 0.1111111111111111;
    /// scipy: mannwhitneyu([1, 3, 5, 7, 9], [2, 4, 6, 8, 10]).pvalue.
    const SCIPY_INTERLEAVED: f64 = 0.6904761904761905;

    #[test]
    fn too_few_runs_is_where_the_exact_test_cannot_reach_the_level() {
        assert!((smallest_p(4, 4) - 2.0 / 70.0).abs() < 1e-12);
        assert!((smallest_p(3, 3) - 0.1).abs() < 1e-12);
        assert!(enough_runs(4, 4, 0.05) && !enough_runs(3, 3, 0.05));
        assert!(!enough_runs(3, 4, 0.05) && enough_runs(3, 5, 0.05));
        assert!(!enough_runs(0, 10, 0.05));
        assert_eq!(fewest_runs(0.05), 4);
        assert_eq!(fewest_runs(0.01), 5);
        let a = [1.0, 2.0, 3.0];
        let side = Side {
            run_medians: &a,
            run_samples: &[],
        };
        assert_eq!(compare(side, side, 0.05), None);
    }

    #[test]
    fn the_interval_covers_the_ratio_and_is_the_same_every_time() {
        let a_samples: Vec<Vec<f64>> = (0..5)
            .map(|r| {
                (0..20)
                    .map(|i| 100.0 + f64::from(r) + f64::from(i) * 0.5)
                    .collect()
            })
            .collect();
        let b_samples: Vec<Vec<f64>> = a_samples
            .iter()
            .map(|s| s.iter().map(|v| v * 1.2).collect())
            .collect();
        let medians = |s: &[Vec<f64>]| s.iter().map(|r| median(r)).collect::<Vec<f64>>();
        let (ma, mb) = (medians(&a_samples), medians(&b_samples));
        let a = Side {
            run_medians: &ma,
            run_samples: &a_samples,
        };
        let b = Side {
            run_medians: &mb,
            run_samples: &b_samples,
        };
        let change = compare(a, b, 0.05).unwrap();
        assert!((change.p - 2.0 / 252.0).abs() < 1e-9, "{}", change.p);
        let (low, high) = change.interval;
        assert!(
            low < 1.2 && 1.2 < high && low > 1.1 && high < 1.3,
            "{low}–{high}"
        );
        assert_eq!(compare(a, b, 0.05).unwrap(), change);
    }
}
