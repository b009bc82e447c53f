//! `--export-markdown`: the run's answer and tables as GitHub-flavoured Markdown, ready to paste into a spec
//! discussion. Every ratio and share names its expansion engine (`the json-ld crate's engine`, `canonprof's
//! engine`, or an `engine` column). A pipeline has one cost — the iterations run without the span timer (median
//! of run medians, their min–max, p10–p90) — and its phases are shares of the instrumented pass shown in µs
//! scaled to that cost; the instrumented pass's own total appears only under that name.

use super::thousands;
use super::{engine_words, fmt_range, fmt_share, fmt_us, plural};
use crate::results::exchange::FormatsReport;
use crate::results::names::Engine;
use crate::results::{AlgorithmResult, Claim, CredentialResult, EngineRatios, Report};
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
        "{} x {}{}, warm-up {}, context cache {}, expansion engine {}. {} ({} cores), {}, canonprof {} @ {}.\n",
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
    let _ = writeln!(
        out,
        "A pipeline's **cost** is the median of the run medians of its iterations run without the span timer (µs, \
         with the min–max of the run medians and p10–p90 of all those iterations); every ratio compares costs. \
         Phases and spec steps come from the instrumented pass, shown as shares of it and in µs scaled to the cost.\n"
    );
    summary(&mut out, report);
    per_credential(&mut out, report);
    costs(&mut out, report);
    phases(&mut out, report);
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

/// The engines of a per-engine figure, canonprof's first (as the terminal's summary orders them).
fn canonprof_first(
    figures: &std::collections::BTreeMap<String, EngineRatios>,
) -> Vec<(Engine, &EngineRatios)> {
    let mut engines: Vec<(Engine, &EngineRatios)> = figures
        .iter()
        .filter_map(|(name, r)| Some((engine_named(name)?, r)))
        .collect();
    engines.sort_by_key(|(engine, _)| *engine != Engine::Canonprof);
    engines
}

/// The engine of a summary key (`json-ld`, `canonprof`).
fn engine_named(name: &str) -> Option<Engine> {
    [Engine::JsonLd, Engine::Canonprof]
        .into_iter()
        .find(|e| e.name() == name)
}

/// RDFC-1.0 through `engine` on `c` (with the run's context cache setting), if measured.
fn through(c: &CredentialResult, engine: Engine) -> Option<&AlgorithmResult> {
    c.per_engine().find(|a| a.engine == Some(engine))
}

/// The engines measured, canonprof's first.
fn engines(report: &Report) -> Vec<Engine> {
    let mut engines: Vec<Engine> = Vec::new();
    for e in report
        .credentials
        .iter()
        .flat_map(CredentialResult::per_engine)
        .filter_map(|a| a.engine)
    {
        if !engines.contains(&e) {
            engines.push(e);
        }
    }
    engines.sort_by_key(|engine| *engine != Engine::Canonprof);
    engines
}

/// The summary: one RDFC-1.0 / JCS line per engine first, then edu / simple and the dominant phase per engine,
/// and the instrumentation overhead (once).
fn summary(out: &mut String, report: &Report) {
    let s = &report.summary;
    let _ = writeln!(out, "## Summary\n");
    for (engine, r) in canonprof_first(&s.rdfc_over_jcs) {
        let _ = writeln!(
            out,
            "- RDFC-1.0 costs {:.1}–{:.1}x JCS with {} (over {})",
            r.min,
            r.max,
            engine_words(Some(engine)),
            plural(r.ratios.len(), "credential")
        );
    }
    for (engine, r) in canonprof_first(&s.edu_over_simple) {
        let each: Vec<String> = r
            .ratios
            .iter()
            .map(|(n, r)| format!("{n} {r:.1}x"))
            .collect();
        let _ = writeln!(
            out,
            "- edu / simple RDFC-1.0 cost with {}: {:.1}x–{:.1}x ({}), against the median of the simple credentials (the study: 31–49x)",
            engine_words(Some(engine)),
            r.min,
            r.max,
            each.join(", ")
        );
    }
    if !s.edu_simple_ratios_cold.is_empty() {
        let each: Vec<String> = s
            .edu_simple_ratios_cold
            .iter()
            .map(|(n, r)| format!("{n} {r:.1}x"))
            .collect();
        let _ = writeln!(
            out,
            "- edu / simple RDFC-1.0 cost with the context cache off, with {}: {}",
            engine_words(report.credentials.first().and_then(|c| c.rdfc.engine)),
            each.join(", ")
        );
    }
    for engine in engines(report) {
        dominant_line(out, report, engine);
    }
    let _ = writeln!(
        out,
        "- instrumentation overhead (detail {}; the instrumented pass's total over the cost, − 1, all credentials): {}",
        report.config.detail.name(),
        instrumentation_words(s)
    );
}

/// The overhead per engine, each named (`the json-ld crate's engine +0.4%, canonprof's engine +14.6%`).
fn instrumentation_words(s: &crate::results::Summary) -> String {
    if s.instrumentation_overhead_by_engine.is_empty() {
        return format!("{:+.1}%", s.instrumentation_overhead * 100.0);
    }
    s.instrumentation_overhead_by_engine
        .iter()
        .map(|(engine, o)| format!("{} {:+.1}%", engine_words(Some(*engine)), o * 100.0))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `- dominant RDFC-1.0 phase with <engine>: expand in 4 of 4 credentials; blank node labeling at most 3.1%`.
fn dominant_line(out: &mut String, report: &Report, engine: Engine) {
    let runs: Vec<&AlgorithmResult> = report
        .credentials
        .iter()
        .filter(|c| !c.baseline)
        .filter_map(|c| through(c, engine))
        .collect();
    if runs.is_empty() {
        return;
    }
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for a in &runs {
        let phase = a.dominant_phase().0;
        match counts.iter_mut().find(|(p, _)| *p == phase) {
            Some((_, n)) => *n += 1,
            None => counts.push((phase, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let (phase, n) = counts[0];
    let label = runs
        .iter()
        .map(|a| a.phase_share(crate::canon::phase::LABEL))
        .fold(0.0, f64::max);
    let _ = writeln!(
        out,
        "- dominant RDFC-1.0 phase with {}: {phase} in {n} of {}; blank node labeling at most {} of RDFC-1.0",
        engine_words(Some(engine)),
        plural(runs.len(), "credential"),
        fmt_share(label)
    );
}

/// Per credential one headline line (RDFC-1.0 / JCS with each engine), then a row per credential and engine.
fn per_credential(out: &mut String, report: &Report) {
    let _ = writeln!(out, "\n## Per credential\n");
    for c in &report.credentials {
        let _ = writeln!(
            out,
            "- **{}**{}: RDFC-1.0 / JCS = {}",
            c.credential,
            if c.baseline { " (baseline)" } else { "" },
            super::rdfc_jcs_per_engine(c)
        );
    }
    let _ = writeln!(
        out,
        "\n| credential | engine | RDFC-1.0 cost µs | JCS cost µs | RDFC-1.0 / JCS | dominant RDFC-1.0 phase | RDFC-1.0 cold / cached |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---|---:|");
    for c in &report.credentials {
        let colds = [c.rdfc_cold.as_ref(), c.rdfc_engine_cold.as_ref()];
        for (a, cold) in c.per_engine().zip(colds) {
            let (phase, share) = a.dominant_phase();
            let cold = cold.map_or("-".to_string(), |cold| {
                format!("{:.1}x", cold.cost_us() / a.cost_us())
            });
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {:.1}x | {phase} ({}) | {cold} |",
                c.credential,
                engine_cell(a),
                fmt_us(a.cost_us()),
                fmt_us(c.jcs.cost_us()),
                a.cost_us() / c.jcs.cost_us(),
                fmt_share(share)
            );
        }
    }
}

/// The `engine` cell of a pipeline: the expansion engine's name, or `none (JCS)` (JCS expands nothing).
fn engine_cell(a: &AlgorithmResult) -> &'static str {
    a.engine.map_or("none (JCS)", |e| e.name())
}

/// Each pipeline's cost with its spread, and beside it the instrumented pass's total (named so).
fn costs(out: &mut String, report: &Report) {
    let _ = writeln!(
        out,
        "\n## Cost per pipeline (iterations without the span timer)\n"
    );
    let _ = writeln!(
        out,
        "| credential | bytes | quads | blank nodes | algorithm | engine | cost µs | run medians | p10–p90 | instrumented pass µs |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---|---|---:|---|---|---:|");
    for c in &report.credentials {
        for a in c.algorithms() {
            let s = a.cost_stats();
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                c.credential,
                thousands(c.bytes as u64),
                thousands(c.quads as u64),
                thousands(c.blank_nodes as u64),
                a.label(),
                engine_cell(a),
                fmt_us(a.cost_us()),
                fmt_range(s.min_run_median_us, s.max_run_median_us),
                fmt_range(s.p10_us, s.p90_us),
                fmt_us(a.total.median_us)
            );
        }
    }
}

/// Each pipeline's phases: the share of the instrumented pass and the µs it scales to of the cost.
fn phases(out: &mut String, report: &Report) {
    let _ = writeln!(
        out,
        "\n## Phases (shares of the instrumented pass, in µs scaled to the cost)\n"
    );
    let _ = writeln!(
        out,
        "| credential | algorithm | engine | phase | share | µs (scaled to the cost) |"
    );
    let _ = writeln!(out, "|---|---|---|---|---:|---:|");
    for c in &report.credentials {
        for a in c.algorithms() {
            for p in &a.phases {
                let phase = match &p.parent {
                    Some(parent) => format!("{parent} › {}", p.name),
                    None => p.name.clone(),
                };
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {phase} | {} | {} |",
                    c.credential,
                    a.label(),
                    engine_cell(a),
                    fmt_share(p.share),
                    fmt_us(a.scaled_us(p.share))
                );
            }
        }
    }
}

/// Each pipeline's spec-step self times, as fractions of their phase in the pass that timed them and in µs
/// scaled to the cost (the rows of a phase add up to its row in the phase table).
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
        "\n## Spec steps (self time, in µs scaled to the cost; the rows of a phase add up to the phase)\n"
    );
    for (c, a) in &rows {
        if let Some(pass) = a.steps_pass_us {
            let _ = writeln!(
                out,
                "- {} {}: from a pass of its own with the spec steps timed (its instrumented total {} µs)",
                c.credential,
                a.label(),
                fmt_us(pass)
            );
        }
    }
    let _ = writeln!(
        out,
        "\n| credential | algorithm | engine | phase | step | of the phase | µs (scaled to the cost) |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---:|---:|");
    for (c, a) in rows {
        for step in &a.steps {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} |",
                c.credential,
                a.label(),
                engine_cell(a),
                step.phase,
                step.name,
                fmt_share(a.step_fraction(step)),
                fmt_us(a.scaled_step_us(step))
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
