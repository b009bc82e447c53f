//! `canonprof verify`'s terminal report, from its results ([`crate::results::verify`]): one verdict line per
//! file, then one indented line per check, each with its outcome in words (`ok`, `FAIL`, `unsupported`, `not
//! checked`), so the meaning never rests on colour; the per-step timing table of `--iterations`; and
//! `--export-json`.

use crate::profile::Plan;
use crate::results::verify::{
    CheckEntry, Export, FileEntry, FileTiming, Outcome, ReadEntry, Settings, TimingSettings,
    Verdict,
};
use crate::results::{ExportKind, Metadata};
use crate::stats::RunStats;
use std::fmt::Write as _;

/// `FILE: verified (vcdm)` or `FILE: NOT VERIFIED (…)`, then `  [ok] subject: detail` per check, then each
/// nested credential's verdict with its checks indented once more.
pub(crate) fn render(entry: &ReadEntry) -> String {
    let mut out = format!(
        "{}: {} ({})\n",
        entry.file,
        verdict_words(entry.verdict),
        entry.format
    );
    lines(&mut out, "  ", &entry.checks);
    for nested in &entry.nested {
        let counts = if nested.counts {
            ""
        } else {
            "; does not decide the file's verdict (--nested strict makes it)"
        };
        let id = nested
            .id
            .as_deref()
            .map(|i| format!(" ({i})"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  nested credential {}{id}: {}{counts}",
            nested.pointer,
            verdict_words(nested.verdict)
        );
        lines(&mut out, "    ", &nested.checks);
    }
    out
}

/// The verdict as the verdict line says it.
fn verdict_words(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Verified => "verified",
        Verdict::VerifiedSelfAsserted => {
            "verified (a self-asserted key, not anchored, accepted by --accept-self-asserted)"
        }
        Verdict::Failed | Verdict::Unsupported => "NOT VERIFIED",
        Verdict::NoSignature => "NOT VERIFIED (no signature checked)",
        Verdict::KeyNotTrusted => "NOT VERIFIED (key not trusted)",
    }
}

fn lines(out: &mut String, indent: &str, checks: &[CheckEntry]) {
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
pub(crate) fn timing_table(timing: &FileTiming, plan: &Plan) -> String {
    let mut out = format!(
        "  timing: {} iterations × {} runs after {} warm-up iterations{}; µs per verification, median of run \
         medians (min–max of run medians)\n",
        plan.iterations,
        plan.runs,
        plan.warmup,
        if plan.warmup_seconds > 0.0 {
format!(" and ≥ {} s", plan.warmup_seconds)
} else {
String::new()
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

/// The whole `--export-json` document: the tool, the settings, and every file's entry.
pub(crate) fn json(
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
