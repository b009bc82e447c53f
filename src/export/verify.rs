//! `canonprof verify`'s terminal report: one verdict line per file, then one indented line per check, each with
//! its outcome in words (`ok`, `FAIL`, `unsupported`, `not checked`), so the meaning never rests on colour.

use crate::verify::{FileReport, Outcome};
use std::fmt::Write as _;

/// `FILE: verified (vcdm)` or `FILE: NOT VERIFIED (…)`, then `  [ok] subject: detail` per check.
pub fn render(report: &FileReport) -> String {
    let verdict = if report.verified() {
        "verified"
    } else {
        "NOT VERIFIED"
    };
    let mut out = format!("{}: {verdict} ({})\n", report.file, report.format.name());
    for check in &report.checks {
        let mark = match check.outcome {
            Outcome::Verified => "ok",
            Outcome::Failed => "FAIL",
            Outcome::Unsupported => "unsupported",
            Outcome::NotChecked => "not checked",
        };
        let _ = writeln!(out, "  [{mark}] {}: {}", check.subject, check.detail);
    }
    out
}
