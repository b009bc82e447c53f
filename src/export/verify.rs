//! `canonprof verify`'s terminal report: one verdict line per file, then one indented line per check, each with
//! its outcome in words (`ok`, `FAIL`, `unsupported`, `not checked`), so the meaning never rests on colour.

use crate::verify::{Check, FileReport, Outcome};
use std::fmt::Write as _;

/// `FILE: verified (vcdm)` or `FILE: NOT VERIFIED (…)`, then `  [ok] subject: detail` per check, then each
/// nested credential's verdict with its checks indented once more.
pub fn render(report: &FileReport) -> String {
    let verdict = if report.verified() {
        "verified"
    } else {
        "NOT VERIFIED"
    };
    let mut out = format!("{}: {verdict} ({})\n", report.file, report.format.name());
    lines(&mut out, "  ", &report.checks);
    for nested in &report.nested {
        let verdict = if nested.verified() {
            "verified"
        } else {
            "NOT VERIFIED"
        };
        let counts = match nested.counts {
            true => "",
            false => "; does not decide the file's verdict (--nested strict makes it)",
        };
        let id = nested
            .id
            .as_deref()
            .map(|i| format!(" ({i})"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  nested credential {}{id}: {verdict}{counts}",
            nested.pointer
        );
        lines(&mut out, "    ", &nested.checks);
    }
    out
}

fn lines(out: &mut String, indent: &str, checks: &[Check]) {
    for check in checks {
        let mark = match check.outcome {
            Outcome::Verified => "ok",
            Outcome::Failed => "FAIL",
            Outcome::Unsupported => "unsupported",
            Outcome::NotChecked => "not checked",
        };
        let _ = writeln!(out, "{indent}[{mark}] {}: {}", check.subject, check.detail);
    }
}
