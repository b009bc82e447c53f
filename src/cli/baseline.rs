//! Named baselines, as criterion has them: `--save-baseline NAME` keeps the run's JSON export as
//! `<dir>/NAME.json`; `--baseline NAME` prints `diff` of the run against `<dir>/NAME.json` at the end (the same
//! table and verdicts as `canonprof diff`, default band and significance). `<dir>` is `./canonprof-baselines`,
//! or `$CANONPROF_BASELINE_DIR` (docs/report.md).

use super::terminal::write_stdout;
use crate::error::{Error, ErrorKind, Result};
use crate::export::{self, compare as render};
use crate::results::compare::{diff, Criteria};
use crate::results::saved::SavedRun;
use clap::Args;
use std::path::{Path, PathBuf};

/// The environment variable that moves the baselines' directory.
const DIR_VARIABLE: &str = "CANONPROF_BASELINE_DIR";

/// The baselines' directory unless [`DIR_VARIABLE`] says otherwise.
const DEFAULT_DIR: &str = "canonprof-baselines";

/// Where a `--baseline` run without `--save-baseline` or `--export-json` saves itself, to be compared.
const LAST_RUN: &str = "last-run";

/// `--save-baseline` and `--baseline` of the main job and `exchange`.
#[derive(Debug, Args)]
pub(super) struct BaselineArgs {
    /// Save this run as baseline NAME: its JSON export, copied to ./canonprof-baselines/NAME.json
    /// ($CANONPROF_BASELINE_DIR moves the directory); an existing baseline of that name is replaced.
    #[arg(long, value_name = "NAME")]
    save_baseline: Option<String>,
    /// At the end, print the diff of this run against baseline NAME (./canonprof-baselines/NAME.json, or in
    /// $CANONPROF_BASELINE_DIR): slower or faster only when significant and beyond the 10% band, as `diff`.
    #[arg(long, value_name = "NAME")]
    baseline: Option<String>,
}

/// The checked plan: where the run's JSON must be written, and what to do with it afterwards.
pub(super) struct Baselines {
    /// The baseline to compare with, read before the run (so that saving under its name does not replace it
    /// first), and its name.
    compare: Option<(String, SavedRun)>,
    /// Where to save the run as a baseline.
    save: Option<PathBuf>,
    /// Where the run's JSON export goes: the user's `--export-json`, else the baseline saved or `last-run.json`.
    json: Option<PathBuf>,
    /// Whether that is the user's own export (then it is copied to [`Baselines::save`] after the run).
    users_export: bool,
}

impl BaselineArgs {
    /// Checks the names and reads the baseline to compare with. `export_json` is the run's `--export-json`.
    /// Errors: [`ErrorKind::Usage`] for a name that is not a plain file name; a missing baseline (one line naming
    /// its path and `--save-baseline`); a baseline that does not read as a saved run.
    pub(super) fn check(&self, export_json: Option<&Path>) -> Result<Baselines> {
        let dir = std::env::var_os(DIR_VARIABLE)
            .map_or_else(|| PathBuf::from(DEFAULT_DIR), PathBuf::from);
        let path =
            |name: &str| -> Result<PathBuf> { Ok(dir.join(format!("{}.json", checked(name)?))) };
        let save = self.save_baseline.as_deref().map(path).transpose()?;
        let compare = match &self.baseline {
            Some(name) => {
                let file = path(name)?;
                if !file.is_file() {
                    return Err(Error::new(
                        ErrorKind::Usage,
                        format!(
                            "no baseline `{name}` at {}: save one first with --save-baseline {name}",
                            file.display()
                        ),
                    ));
                }
                Some((name.clone(), SavedRun::read(&file)?))
            }
            None => None,
        };
        let (json, users_export) = match (export_json, &save, &compare) {
            (Some(json), _, _) => (Some(json.to_path_buf()), true),
            (None, Some(save), _) => (Some(save.clone()), false),
            (None, None, Some(_)) => (Some(dir.join(format!("{LAST_RUN}.json"))), false),
            (None, None, None) => (None, false),
        };
        if let Some(json) = json.as_deref().filter(|_| !users_export) {
            std::fs::create_dir_all(export::parent_dir(json)).map_err(|e| {
                Error::new(
                    ErrorKind::Io,
                    format!("cannot create the baselines' directory: {e}"),
                )
                .in_source(dir.display().to_string())
            })?;
        }
        Ok(Baselines {
            compare,
            save,
            json,
            users_export,
        })
    }
}

impl Baselines {
    /// Where the run must write its JSON export (`None`: no baseline asked, leave it as the user set it).
    pub(super) fn json(&self) -> Option<&Path> {
        self.json.as_deref()
    }

    /// After the run: saves it as the baseline (copying the user's export) and prints the diff against the
    /// baseline asked for. Errors: the export cannot be read back or copied; the run and the baseline are of
    /// different kinds.
    pub(super) fn finish(&self) -> Result<()> {
        let Some(json) = &self.json else {
            return Ok(());
        };
        if let (Some(save), true) = (&self.save, self.users_export) {
            let text = crate::document::Limits::DEFAULT.read_text(json)?;
            export::write_atomically(save, &text)?;
        }
        if let Some(save) = &self.save {
            write_stdout(&format!("Baseline saved: {}\n", save.display()))?;
        }
        let Some((name, baseline)) = &self.compare else {
            return Ok(());
        };
        let run = SavedRun::read(json)?;
        if run.kind() != baseline.kind() {
            return Err(Error::new(
                ErrorKind::SavedExport,
                format!(
                    "baseline `{name}` is {} export, this run {} export: compare runs of one command",
                    baseline.kind().with_article(),
                    run.kind().with_article()
                ),
            )
            .in_source(baseline.path.display().to_string()));
        }
        let d = diff::diff(baseline, &run, Criteria::default());
        write_stdout(&format!(
            "\nAgainst baseline `{name}` (A: {}, B: this run)\n{}",
            baseline.path.display(),
            render::diff_table(&d)
        ))
    }
}

/// `name` when it can name a file in the baselines' directory: letters, digits, `.`, `_` and `-`, not starting
/// with `.` (no path separators, no `..`). Errors: [`ErrorKind::Usage`].
fn checked(name: &str) -> Result<&str> {
    let plain = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if plain && !name.is_empty() && !name.starts_with('.') && name.len() <= 100 {
        Ok(name)
    } else {
        Err(Error::new(
            ErrorKind::Usage,
            format!(
                "baseline name `{name}`: use letters, digits, `.`, `_` and `-` (not first), no path separators"
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::checked;

    #[test]
    fn baseline_names_are_plain_file_names() {
        for good in ["main", "v0.4.1", "before_cache-fix"] {
            assert_eq!(checked(good).unwrap(), good);
        }
        for bad in [
            "", ".", "..", "../x", "a/b", "a\\b", ".hidden", "a b", "naïve",
        ] {
            assert!(checked(bad).is_err(), "{bad}");
        }
    }
}
