//! Comparing saved runs: [`diff`] (two runs row by row: a change only when significant and beyond the study's
//! band, [`Criteria`]) and [`merge`] (the study's
//! cross-environment table: one column per run, and whether each ordering survives every environment). Pure
//! functions of [`crate::results::saved`] runs; rendered by [`crate::export::compare`].

pub(crate) mod diff;
pub(crate) mod merge;

use crate::stats::change::Change;

/// What names a run in a comparison: its file, environment, build and settings, from its metadata.
#[derive(Debug, Clone)]
pub(crate) struct RunInfo {
    /// The file name.
    pub name: String,
    /// The environment: CPU, cores, start time.
    pub environment: String,
    /// canonprof version @ commit, and `rustc`.
    pub build: String,
    /// N, R, warm-up and options ([`crate::results::saved::SavedRun::settings`]).
    pub settings: String,
}

impl RunInfo {
    /// The run's names.
    pub(crate) fn of(run: &crate::results::saved::SavedRun) -> RunInfo {
        let m = &run.metadata;
        RunInfo {
            name: run.name(),
            environment: run.environment(),
            build: format!(
                "canonprof {} @ {}, {}",
                m.canonprof_version, m.git_commit, m.rustc
            ),
            settings: run.settings(),
        }
    }
}

/// The study's band: a difference within ±10% is not called real ([`crate::results::exchange::BAND`]).
pub(crate) const DEFAULT_BAND: f64 = crate::results::exchange::BAND;

/// The default significance level of `diff --significance` and `merge`.
pub(crate) const DEFAULT_SIGNIFICANCE: f64 = 0.05;

/// What it takes to call a difference real: statistically significant (the two-sided Mann-Whitney U test over the
/// run medians, [`crate::stats::change`], at `significance`) and beyond `band`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Criteria {
    /// The band (fraction, e.g. 0.10): B/A within `1/(1 + band)`–`1 + band` is not called a change.
    pub band: f64,
    /// The significance level α: p must be below it.
    pub significance: f64,
}

impl Default for Criteria {
    fn default() -> Criteria {
        Criteria {
            band: DEFAULT_BAND,
            significance: DEFAULT_SIGNIFICANCE,
        }
    }
}

impl Criteria {
    /// The verdict on B against A, whose medians are in `ratio` (B/A), given the test's outcome (`None`: too few
    /// runs for it, [`crate::stats::change::compare`]).
    pub(crate) fn judge(&self, ratio: f64, change: Option<&Change>) -> Verdict {
        let Some(change) = change else {
            return Verdict::TooFewRuns;
        };
        if change.p >= self.significance {
            Verdict::NoChange
        } else if ratio > 1.0 + self.band {
            Verdict::Slower
        } else if ratio < 1.0 / (1.0 + self.band) {
            Verdict::Faster
        } else {
            Verdict::NoChange
        }
    }

    /// The fewest runs per side the test needs at this level ([`crate::stats::change::fewest_runs`]).
    pub(crate) fn fewest_runs(&self) -> usize {
        crate::stats::change::fewest_runs(self.significance)
    }
}

/// A comparison's outcome for one row: B slower or faster than A only when the difference is both significant
/// and beyond the band (the band is symmetric in ratio: `1 + band` above, `1 / (1 + band)` below).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// B is slower than A: significant and beyond the band.
    Slower,
    /// B is faster than A: significant and beyond the band.
    Faster,
    /// Not significant, or within the band: not called a change.
    NoChange,
    /// Fewer runs than the test can judge (or a file without run medians): no verdict.
    TooFewRuns,
}

impl Verdict {
    /// As the tables say it: `slower`, `faster`, `no change`, `too few runs to tell`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Verdict::Slower => "slower",
            Verdict::Faster => "faster",
            Verdict::NoChange => "no change",
            Verdict::TooFewRuns => "too few runs to tell",
        }
    }
}

/// Parses a percentage as the options take it (`10%`, `10`, `2.5%`) into a fraction (0.10). Errors: the
/// message for a usage error naming `option`.
pub(crate) fn parse_percent(text: &str, option: &str) -> Result<f64, String> {
    let number = text.trim().trim_end_matches('%').trim();
    match number.parse::<f64>() {
        Ok(p) if p.is_finite() && (0.0..=10_000.0).contains(&p) => Ok(p / 100.0),
        _ => Err(format!(
            "{option} takes a percentage from 0 to 10000, such as 10%; got `{text}`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_and_percentages() {
        let criteria = Criteria::default();
        let significant = Change {
            p: 0.01,
            interval: (1.0, 1.0),
        };
        let not = Change {
            p: 0.05,
            ..significant
        };
        let judge = |ratio, change| criteria.judge(ratio, change);
        assert_eq!(judge(1.0, Some(&significant)), Verdict::NoChange);
        assert_eq!(judge(1.1, Some(&significant)), Verdict::NoChange);
        assert_eq!(judge(1.11, Some(&significant)), Verdict::Slower);
        assert_eq!(judge(1.11, Some(&not)), Verdict::NoChange);
        assert_eq!(judge(1.11, None), Verdict::TooFewRuns);
        assert_eq!(judge(1.0 / 1.1, Some(&significant)), Verdict::NoChange);
        assert_eq!(judge(0.9, Some(&significant)), Verdict::Faster);
        assert_eq!(criteria.fewest_runs(), 4);
        assert_eq!(parse_percent("10%", "--band"), Ok(0.10));
        assert_eq!(parse_percent("2.5", "--band"), Ok(0.025));
        assert!(parse_percent("ten", "--band").is_err());
        assert!(parse_percent("-1%", "--band").is_err());
    }
}
