//! The terminal report ([`Verbosity`]): by default, per credential a table of phases × pipelines (each phase's
//! share of the pipeline's cost, in µs scaled to it), the cost with its spread and the headline line naming both
//! engines ([`compact`]); with `--verbose` the detailed tables, spec steps and work counters instead
//! ([`verbose`]); then the baseline credentials and the summary, which `--quiet` prints alone.

mod compact;
mod shared;
mod verbose;

use super::{engine_words, fmt_overheads, fmt_share, fmt_us, plural};
use crate::options::Verbosity;
use crate::results::canonicalization::Canonicalization;
use crate::results::names::Engine;
use crate::results::summary::{answer, Answer};
use crate::results::{Claim, CredentialResult, Report};
use shared::engines_first;
use std::fmt::Write;

/// Renders the whole report for a terminal (plain text, fixed-width columns).
pub(crate) fn render(report: &Report, verbosity: Verbosity) -> String {
    let mut out = String::new();
    if verbosity != Verbosity::Quiet {
        let _ = writeln!(out, "{}\n", settings_line(report));
        for c in report.credentials.iter().filter(|c| !c.baseline) {
            match verbosity {
                Verbosity::Verbose => verbose::credential(&mut out, c),
                _ => compact::credential(&mut out, c),
            }
        }
        baseline(&mut out, report);
    }
    summary(&mut out, report, verbosity);
    out
}

/// The run's settings, and how to read the tables.
fn settings_line(report: &Report) -> String {
    let cfg = &report.config;
    format!(
        "canonprof {} — RDFC-1.0 vs JCS, {} x {}{} (warm-up {}), context cache {}, expansion engine {}; \
         medians in µs. A pipeline's cost is its iterations run without the span timer; its phases are shares of \
         that cost (from the iterations run with it), shown in µs scaled to it.",
        report.metadata.canonprof_version,
        plural(cfg.runs, "run"),
        plural(cfg.iterations, "iteration"),
        super::fmt_interleaved(cfg.interleaved, "a credential's pipelines"),
        super::fmt_warmup(cfg.warmup, cfg.warmup_seconds),
        cfg.context_cache,
        cfg.engine
    )
}

/// The simple credentials the edu / simple ratio is taken against, one line each with both engines.
fn baseline(out: &mut String, report: &Report) {
    let baseline: Vec<&CredentialResult> =
        report.credentials.iter().filter(|c| c.baseline).collect();
    if baseline.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "Baseline for the edu / simple ratio with each engine (simple credentials, same run and settings), cost in µs"
    );
    for c in baseline {
        let rdfc: Vec<String> = engines_first(c)
            .iter()
            .map(|a| {
                let s = a.cost_stats();
                format!(
                    "{} ({}) with {}",
                    fmt_us(s.median_us),
                    super::fmt_range(s.min_run_median_us, s.max_run_median_us),
                    engine_words(a.engine)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "  {:<14} RDFC-1.0 {}; JCS {}; {}",
            c.credential,
            rdfc.join(", "),
            fmt_us(c.jcs.cost_us()),
            plural(c.quads, "quad")
        );
    }
    let _ = writeln!(out);
}

/// The summary's opening lines: RDFC-1.0 / JCS over the measured credentials, one line per engine (canonprof's
/// first), each the smallest and largest ratio — the figures of the report page's answer.
fn headline(out: &mut String, answer: &Answer) {
    let mut engines: Vec<&(Engine, Vec<f64>)> = answer.rdfc_over_jcs.iter().collect();
    engines.sort_by_key(|(engine, _)| *engine != Engine::Canonprof);
    for (engine, ratios) in engines {
        let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ratios.iter().copied().fold(0.0, f64::max);
        let _ = writeln!(
            out,
            "  RDFC-1.0 costs {lo:.1}–{hi:.1}x JCS with {} (over {})",
            engine_words(Some(*engine)),
            plural(ratios.len(), "credential")
        );
    }
}

fn summary(out: &mut String, report: &Report, verbosity: Verbosity) {
    let s = &report.summary;
    let saved = Canonicalization::of(report, None, &[], None);
    let answer = answer(&saved);
    let main = engine_words(answer.main_engine);
    let _ = writeln!(out, "Summary");
    headline(out, &answer);
    if let (Some(lo), Some(hi)) = (s.edu_simple_ratio_min, s.edu_simple_ratio_max) {
        let each: Vec<String> = s
            .edu_simple_ratios
            .iter()
            .map(|(n, r)| format!("{n} {r:.1}x"))
            .collect();
        let _ = writeln!(
            out,
            "  edu / simple RDFC-1.0 cost with {main}: {lo:.1}x–{hi:.1}x ({}), against the median of the simple \
             credentials (the study reported 31–49x for its education credentials)",
            each.join(", ")
        );
        for (engine, ratios) in answer.edu_simple_by_engine.iter().skip(1) {
            let lo = ratios.iter().map(|(_, r)| *r).fold(f64::INFINITY, f64::min);
            let hi = ratios.iter().map(|(_, r)| *r).fold(0.0, f64::max);
            let each: Vec<String> = ratios.iter().map(|(n, r)| format!("{n} {r:.1}x")).collect();
            let _ = writeln!(
                out,
                "  edu / simple RDFC-1.0 cost with {}: {lo:.1}x–{hi:.1}x ({})",
                engine_words(Some(*engine)),
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
                "  edu / simple with the context cache off: {} ({main})",
                each.join(", ")
            );
        }
    }
    let _ = writeln!(
        out,
        "  dominant RDFC-1.0 phase with {main}: {} in {} of {}; blank node labeling at most {} of its RDFC-1.0 time",
        s.dominant_phase,
        s.dominant_in,
        plural(s.profiled, "credential"),
        fmt_share(s.max_label_share)
    );
    for c in report
        .credentials
        .iter()
        .filter(|c| !c.baseline && verbosity == Verbosity::Verbose)
    {
        let shares: Vec<String> = c
            .per_engine()
            .map(|a| {
                let engine = a.engine.map_or("-", |e| e.name());
                format!("{engine} {}", fmt_share(a.phase_share("expand")))
            })
            .collect();
        let literal = c
            .per_engine()
            .find_map(|a| {
                a.counter("context_processing.performed")?
                    .as_written_over_cold()
            })
            .map_or(String::new(), |r| {
                format!("; Context Processing as written / performed cold {r:.1}x")
            });
        let _ = writeln!(
            out,
            "  {}: expand's share of RDFC-1.0 {}{literal}",
            c.credential,
            shares.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "  instrumentation overhead (span timer, detail {}, vs none, interleaved): {}",
        report.config.detail.name(),
        fmt_overheads(s)
    );
    let m = &report.metadata;
    let _ = writeln!(
        out,
        "  machine: {} ({} cores), {}, commit {}",
        m.cpu, m.cores, m.rustc, m.git_commit
    );
}

/// The study's claims with this run's verdicts: one line per claim, what was measured, and the verdict.
pub(crate) fn claims(claims: &[Claim]) -> String {
    let mut out = String::from("The study's claims, checked on this run\n");
    let (measured, unmeasured): (Vec<&Claim>, Vec<&Claim>) =
        claims.iter().partition(|c| !c.measured.is_empty());
    for c in measured {
        let _ = writeln!(
            out,
            "  {}: {} — measured: {}",
            c.claim,
            c.verdict.name().to_uppercase(),
            c.measured.join("; ")
        );
    }
    for c in unmeasured {
        let _ = writeln!(
            out,
            "  {}: NOT MEASURED — it needs {}",
            c.claim,
            crate::results::claims::main_job_needs(&c.claim)
        );
    }
    out
}
