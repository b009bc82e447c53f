//! The `report` command's page: saved runs rendered into one report.html, with the cross-run table when two or
//! more of them hold a canonicalization or exchange table. The main job writes its page the same way.

use crate::error::Result;
use crate::export;
use crate::results::compare::{merge, DEFAULT_BAND};
use crate::results::saved::SavedRun;
use std::path::Path;

/// Writes `report.html` for `runs` at `path` (with the cross-run table when two or more runs hold a
/// canonicalization or exchange table). Errors: the page cannot be written.
pub fn write_report(runs: &[SavedRun], path: &Path) -> Result<()> {
    let comparable: Vec<&SavedRun> = runs.iter().filter(|r| r.is_comparable()).collect();
    let merged = (comparable.len() > 1).then(|| merge::merge(&comparable, DEFAULT_BAND));
    let page = super::Page {
        runs,
        report_dir: export::parent_dir(path),
        merge: merged.as_ref(),
    };
    export::write_atomically(path, &super::render(&page))
}
