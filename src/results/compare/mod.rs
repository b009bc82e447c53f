//! Comparing saved runs: [`diff`] (two runs row by row, with the study's band) and [`merge`] (the study's
//! cross-environment table: one column per run, and whether each ordering survives every environment). Pure
//! functions of [`crate::results::saved`] runs; rendered by [`crate::export::compare`].

pub(crate) mod diff;
pub(crate) mod merge;

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

/// Which of two medians is larger beyond `band`: B/A above `1 + band` is [`Verdict::Slower`], below
/// `1 / (1 + band)` [`Verdict::Faster`] (the band is symmetric in ratio), otherwise [`Verdict::WithinBand`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// B is slower than A by more than the band.
    Slower,
    /// B is faster than A by more than the band.
    Faster,
    /// The difference is inside the band: not called real.
    WithinBand,
}

impl Verdict {
    /// The verdict of the ratio B/A against `band` (e.g. 0.10).
    pub(crate) fn of(ratio: f64, band: f64) -> Verdict {
        if ratio > 1.0 + band {
            Verdict::Slower
        } else if ratio < 1.0 / (1.0 + band) {
            Verdict::Faster
        } else {
            Verdict::WithinBand
        }
    }

    /// As the tables say it: `slower`, `faster`, `within band`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Verdict::Slower => "slower",
            Verdict::Faster => "faster",
            Verdict::WithinBand => "within band",
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
        assert_eq!(Verdict::of(1.0, 0.1), Verdict::WithinBand);
        assert_eq!(Verdict::of(1.1, 0.1), Verdict::WithinBand);
        assert_eq!(Verdict::of(1.11, 0.1), Verdict::Slower);
        assert_eq!(Verdict::of(1.0 / 1.1, 0.1), Verdict::WithinBand);
        assert_eq!(Verdict::of(0.9, 0.1), Verdict::Faster);
        assert_eq!(parse_percent("10%", "--band"), Ok(0.10));
        assert_eq!(parse_percent("2.5", "--band"), Ok(0.025));
        assert!(parse_percent("ten", "--band").is_err());
        assert!(parse_percent("-1%", "--band").is_err());
    }
}
