//! `canonprof verify`'s terminal report: one verdict line per file, then one indented line per check, each with
//! its outcome in words (`ok`, `FAIL`, `unsupported`, `not checked`), so the meaning never rests on colour; the
//! per-step timing table of `--iterations`; and `--export-json`.

use crate::profile::Plan;
use crate::results::verify::{
    CheckEntry, Export, FileEntry, FileTiming, NestedEntry, ReadEntry, Settings, TimingSettings,
    UnreadableEntry,
};
use crate::results::{ExportKind, Metadata};
use crate::stats::RunStats;
use crate::verify::{Check, FileReport, Outcome, Role, Trust};
use std::fmt::Write as _;

/// `FILE: verified (vcdm)` or `FILE: NOT VERIFIED (…)`, then `  [ok] subject: detail` per check, then each
/// nested credential's verdict with its checks indented once more.
pub fn render(report: &FileReport) -> String {
    let verdict = report.verdict().words();
    let mut out = format!("{}: {verdict} ({})\n", report.file, report.format.name());
    lines(&mut out, "  ", &report.checks);
    for nested in &report.nested {
        let verdict = nested.verdict().words();
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

/// The per-step timing of one file, indented under its report: the settings, then one line per step (depth-1
/// steps, the canonicalization phases, indented once more) with its calls per verification, the median of run
/// medians and the min–max of run medians in µs, the total, and the spec-step counters of one verification.
pub fn timing_table(timing: &FileTiming, plan: &Plan) -> String {
    let mut out = format!(
        "  timing: {} iterations × {} runs after {} warm-up iterations{}; µs per verification, median of run \
         medians (min–max of run medians)\n",
        plan.iterations,
        plan.runs,
        plan.warmup,
        match plan.warmup_seconds > 0.0 {
            true => format!(" and ≥ {} s", plan.warmup_seconds),
            false => String::new(),
        }
    );
    let _ = writeln!(
        out,
        "    {:<34} {:>5} {:>11}  min–max µs",
        "step", "calls", "median µs"
    );
    let row = |out: &mut String, name: &str, calls: String, s: &RunStats| {
        let _ = writeln!(
            out,
            "    {name:<34} {calls:>5} {:>11.1}  ({:.1}–{:.1})",
            s.median_us, s.min_run_median_us, s.max_run_median_us
        );
    };
    for step in &timing.steps {
        let name = format!("{}{}", "  ".repeat(step.depth), step.name);
        row(
            &mut out,
            &name,
            step.calls_per_verification.to_string(),
            &step.stats,
        );
    }
    row(&mut out, "total", String::new(), &timing.total);
    if !timing.counters.is_empty() {
        let _ = writeln!(out, "    spec-step counters, one verification:");
        for c in &timing.counters {
            let _ = writeln!(out, "      {:<44} {:>9}  {}", c.name, c.value, c.section);
        }
    }
    out
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Verified => "verified",
        Outcome::Failed => "failed",
        Outcome::Unsupported => "unsupported",
        Outcome::NotChecked => "not-checked",
    }
}

fn trust_name(trust: Trust) -> &'static str {
    match trust {
        Trust::Given => "given",
        Trust::Anchored => "anchored",
        Trust::SelfCertifying => "self-certifying",
        Trust::SelfAsserted => "self-asserted",
    }
}

fn check_entries(checks: &[Check]) -> Vec<CheckEntry> {
    checks
        .iter()
        .map(|c| {
            let (signature, trust) = match c.role {
                Role::Signature { trust } => (true, trust.map(trust_name)),
                Role::Other => (false, None),
            };
            CheckEntry {
                subject: c.subject.clone(),
                outcome: outcome_name(c.outcome).to_string(),
                detail: c.detail.clone(),
                signature,
                key_trust: trust.map(str::to_string),
            }
        })
        .collect()
}

/// The entry of a verified file: its report, its timing when measured, and its span flamegraph (the path as the
/// export records it) when drawn.
pub fn json_entry(
    report: &FileReport,
    timing: Option<&FileTiming>,
    flamegraph: Option<String>,
) -> FileEntry {
    FileEntry::Read(Box::new(ReadEntry {
        file: report.file.clone(),
        readable: true,
        format: report.format.name().to_string(),
        verified: report.verified(),
        verdict: report.verdict().name().to_string(),
        checks: check_entries(&report.checks),
        nested: report
            .nested
            .iter()
            .map(|n| NestedEntry {
                pointer: n.pointer.clone(),
                id: n.id.clone(),
                counts: n.counts,
                verified: n.verified(),
                verdict: n.verdict().name().to_string(),
                checks: check_entries(&n.checks),
            })
            .collect(),
        timing: timing.cloned(),
        flamegraph,
    }))
}

/// The entry of a file that could not be read or parsed, with the reason.
pub fn unreadable_entry(file: &str, reason: &str) -> FileEntry {
    FileEntry::Unreadable(UnreadableEntry {
        file: file.to_string(),
        readable: false,
        verified: false,
        reason: reason.to_string(),
    })
}

/// The whole `--export-json` document: the tool, the settings, and every file's entry.
pub fn json(
    files: &[FileEntry],
    plan: Option<&Plan>,
    engine: &str,
    at_unix: i64,
    metadata: &Metadata,
) -> String {
    let export = Export {
        tool: "canonprof".to_string(),
        command: "verify".to_string(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        commit: env!("CANONPROF_GIT_COMMIT").to_string(),
        settings: Settings {
            at_unix,
            engine: engine.to_string(),
            timing: plan.map(|p| TimingSettings {
                iterations: p.iterations,
                runs: p.runs,
                warmup: p.warmup,
                warmup_seconds: p.warmup_seconds,
                unit: "µs".to_string(),
                statistic:
                    "median of run medians; min–max of run medians; p10/p90 of all iterations"
                        .to_string(),
            }),
        },
        files: files.to_vec(),
    };
    super::json::enveloped(ExportKind::Verify, metadata, &export)
}
