//! `--export-markdown`: the per-credential tables and the summary as GitHub-flavoured Markdown, ready to paste
//! into a spec discussion.

use super::thousands;
use super::{fmt_range, fmt_share, fmt_us, plural};
use crate::results::exchange::FormatsReport;
use crate::results::{Claim, Report};
use std::fmt::Write;

/// Renders the report as Markdown, with the three-format `exchange` table (none: no exchange section) and the
/// study's `claims` checked (none: no claims section).
pub(crate) fn render(
    report: &Report,
    exchange: Option<&FormatsReport>,
    claims: &[Claim],
) -> String {
    let mut out = String::new();
    let cfg = &report.config;
    let m = &report.metadata;
    let _ = writeln!(out, "# canonprof: RDFC-1.0 vs JCS per phase\n");
    let _ = writeln!(
        out,
        "{} x {}{}, warm-up {}, context cache {}, expansion engine {}; medians of run medians in µs (min–max of run medians). {} ({} cores), {}, canonprof {} @ {}.\n",
        plural(cfg.runs, "run"),
        plural(cfg.iterations, "iteration"),
        super::fmt_interleaved(cfg.interleaved, "a credential's pipelines"),
        super::fmt_warmup(cfg.warmup, cfg.warmup_seconds),
        cfg.context_cache,
        cfg.engine,
        m.cpu,
        m.cores,
        m.rustc,
        m.canonprof_version,
        m.git_commit
    );
    let _ = writeln!(out, "| credential | bytes | quads | blank nodes | algorithm | phase | median µs | run medians | p10–p90 | share |");
    let _ = writeln!(out, "|---|---:|---:|---:|---|---|---:|---|---|---:|");
    for c in &report.credentials {
        for a in c.algorithms() {
            for (name, parent, s, share) in a.rows() {
                let phase = match (parent, name) {
                    (Some(parent), _) => format!("{parent} › {name}"),
                    (None, "total") => "**total**".to_string(),
                    (None, _) => name.to_string(),
                };
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {phase} | {} | {} | {} | {} |",
                    c.credential,
                    thousands(c.bytes as u64),
                    thousands(c.quads as u64),
                    thousands(c.blank_nodes as u64),
                    a.label(),
                    fmt_us(s.median_us),
                    fmt_range(s.min_run_median_us, s.max_run_median_us),
                    fmt_range(s.p10_us, s.p90_us),
                    fmt_share(share)
                );
            }
        }
    }
    let saved = crate::results::canonicalization::Canonicalization::of(report, None, &[], None);
    let answer = crate::results::summary::answer(&saved);
    let main = super::engine_words(answer.main_engine);
    let _ = writeln!(
        out,
        "\n| credential | RDFC-1.0 µs ({main}) | JCS µs | RDFC/JCS | dominant phase ({main}) | RDFC-1.0 cold / cached ({main}) |"
    );
    let _ = writeln!(out, "|---|---:|---:|---|---|---:|");
    for c in &report.credentials {
        let (phase, share) = c.dominant_phase();
        let cold = c.rdfc_cold.as_ref().map_or("-".to_string(), |cold| {
            format!("{:.1}x", cold.total.median_us / c.rdfc.total.median_us)
        });
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {phase} ({}) | {cold} |",
            c.credential,
            fmt_us(c.rdfc.total.median_us),
            fmt_us(c.jcs.total.median_us),
            super::rdfc_jcs_per_engine(c),
            fmt_share(share)
        );
    }
    let s = &report.summary;
    let _ = writeln!(out);
    if let (Some(lo), Some(hi)) = (s.edu_simple_ratio_min, s.edu_simple_ratio_max) {
        let _ = writeln!(
            out,
            "- edu / simple RDFC-1.0 cost with {main}: {lo:.1}x–{hi:.1}x (the study: 31–49x)"
        );
        for (engine, ratios) in answer.edu_simple_by_engine.iter().skip(1) {
            let lo = ratios.iter().map(|(_, r)| *r).fold(f64::INFINITY, f64::min);
            let hi = ratios.iter().map(|(_, r)| *r).fold(0.0, f64::max);
            let _ = writeln!(
                out,
                "- edu / simple RDFC-1.0 cost with {}: {lo:.1}x–{hi:.1}x",
                super::engine_words(Some(*engine))
            );
        }
    }
    let _ = writeln!(
        out,
        "- dominant phase with {main}: {} in {} of {}; blank node labeling at most {}",
        s.dominant_phase,
        s.dominant_in,
        s.profiled,
        fmt_share(s.max_label_share)
    );
    let _ = writeln!(
        out,
        "- instrumentation overhead (detail {}): {}",
        cfg.detail.name(),
        super::fmt_overheads(s)
    );
    spec_steps(&mut out, report);
    counters(&mut out, report);
    if let Some(exchange) = exchange {
        let _ = writeln!(out, "\n{}", super::exchange::formats_markdown(exchange));
    }
    if !claims.is_empty() {
        let _ = writeln!(out, "\n## The study's claims, checked on this run\n");
        let _ = writeln!(out, "| claim | verdict | measured |");
        let _ = writeln!(out, "|---|---|---|");
        for c in claims {
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                c.claim,
                c.verdict.name(),
                c.measured.join("; ")
            );
        }
    }
    out
}

/// `--detail spec`: each pipeline's spec-step self times.
fn spec_steps(out: &mut String, report: &Report) {
    let rows: Vec<_> = report
        .credentials
        .iter()
        .flat_map(|c| c.algorithms().into_iter().map(move |a| (c, a)))
        .filter(|(_, a)| !a.steps.is_empty())
        .collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n## Spec steps (self time; the rows of a phase add up to it)\n"
    );
    let _ = writeln!(
        out,
        "| credential | algorithm | phase | step | median µs | run medians | share |"
    );
    let _ = writeln!(out, "|---|---|---|---|---:|---|---:|");
    for (c, a) in rows {
        for step in &a.steps {
            let s = &step.stats;
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} |",
                c.credential,
                a.label(),
                step.phase,
                step.name,
                fmt_us(s.median_us),
                fmt_range(s.min_run_median_us, s.max_run_median_us),
                fmt_share(step.share)
            );
        }
    }
}

/// The work counters of each credential (canonprof's engine where it ran, else the json-ld engine's), those
/// not zero.
fn counters(out: &mut String, report: &Report) {
    let counted: Vec<_> = report
        .credentials
        .iter()
        .filter_map(|c| Some((c, c.counted()?)))
        .collect();
    if counted.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n## Work counters (one iteration; machine-independent)\n"
    );
    let _ = writeln!(
        out,
        "| credential | engine | counter | section | steady | cold | as written |"
    );
    let _ = writeln!(out, "|---|---|---|---|---:|---:|---:|");
    for (c, a) in counted {
        for k in a
            .counters
            .iter()
            .filter(|k| k.steady + k.cold + k.as_written.unwrap_or(0) > 0)
        {
            let _ = writeln!(
                out,
                "| {} | {} | `{}` | {} | {} | {} | {} |",
                c.credential,
                a.engine.map_or("-", |e| e.name()),
                k.name,
                k.section,
                thousands(k.steady),
                thousands(k.cold),
                k.as_written.map_or("-".to_string(), thousands)
            );
        }
    }
}
