//! The terminal report: a table per credential (per-phase median µs with the min–max of run medians, p10–p90
//! and share; sub-phases indented under their phase), RDFC-1.0 and JCS totals and their ratio, then the summary
//! of the study's claims.

use super::{
    engine_words, fmt_overheads, fmt_range, fmt_share, fmt_us, plural, rdfc_jcs_per_engine,
    thousands,
};
use crate::results::canonicalization::Canonicalization;
use crate::results::names::Engine;
use crate::results::summary::{answer, Answer};
use crate::results::{AlgorithmResult, Claim, CredentialResult, Report};
use crate::stats::RunStats;
use std::fmt::Write;

/// Renders the whole report for a terminal (plain text, fixed-width columns).
pub(crate) fn render(report: &Report) -> String {
    let mut out = String::new();
    let cfg = &report.config;
    let _ = writeln!(
        out,
        "canonprof {} — RDFC-1.0 vs JCS, {} x {}{} (warm-up {}), context cache {}, expansion engine {}, medians in µs\n",
        report.metadata.canonprof_version,
        plural(cfg.runs, "run"),
        plural(cfg.iterations, "iteration"),
        super::fmt_interleaved(cfg.interleaved, "a credential's pipelines"),
        super::fmt_warmup(cfg.warmup, cfg.warmup_seconds),
        cfg.context_cache,
        cfg.engine
    );
    for c in report.credentials.iter().filter(|c| !c.baseline) {
        credential(&mut out, c);
    }
    let baseline: Vec<&CredentialResult> =
        report.credentials.iter().filter(|c| c.baseline).collect();
    if !baseline.is_empty() {
        let _ = writeln!(
            out,
            "Baseline for the edu / simple ratio (simple credentials, same run and settings)"
        );
        for c in baseline {
            let _ = writeln!(
                out,
                "  {:<14} RDFC-1.0 {:>8} µs ({})   JCS {:>6} µs   {}",
                c.credential,
                fmt_us(c.rdfc.total.median_us),
                fmt_range(
                    c.rdfc.total.min_run_median_us,
                    c.rdfc.total.max_run_median_us
                ),
                fmt_us(c.jcs.total.median_us),
                plural(c.quads, "quad")
            );
        }
        let _ = writeln!(out);
    }
    summary(&mut out, report);
    out
}

fn credential(out: &mut String, c: &CredentialResult) {
    let labeling = if c.blank_nodes == 0 {
        String::new()
    } else {
        format!(
            " ({} by first-degree hash, {})",
            c.unique_first_degree,
            plural(c.hndq_calls, "Hash N-Degree Quads call")
        )
    };
    let dropped = match c.dropped_quads {
        0 => String::new(),
        n => format!(" — --lossy dropped {}", plural(n, "statement")),
    };
    let _ = writeln!(
        out,
        "{} ({}) — {} bytes, {}, {}{labeling}{dropped}",
        c.credential,
        c.set,
        thousands(c.bytes as u64),
        plural(c.quads, "quad"),
        plural(c.blank_nodes, "blank node"),
    );
    let width = c
        .algorithms()
        .iter()
        .map(|a| a.label().chars().count())
        .max()
        .unwrap_or(0)
        .max(13);
    let _ = writeln!(
        out,
        "  {:<width$} {:<14} {:>10}  {:>22}  {:>21}  {:>6} {:>8} {:>11}",
        "algorithm",
        "phase",
        "median µs",
        "run medians min–max µs",
        "p10–p90 µs",
        "share",
        "allocs",
        "heap bytes"
    );
    for a in c.algorithms() {
        algorithm(out, a, width);
    }
    if !c.proofs.is_empty() {
        let _ = writeln!(
            out,
            "  signed: the rows above are the document without its top-level proof, as a verifier canonicalizes it; each proof's parts:"
        );
        for p in &c.proofs {
            let label = format!("{} — {}", p.proof, p.part);
            let _ = writeln!(out, "  {label}");
            algorithm(out, &p.result, width);
        }
    }
    for a in c.algorithms() {
        spec_steps(out, a);
    }
    if let Some(counted) = c.counted() {
        counters(out, counted);
    }
    let (dominant, share) = c.dominant_phase();
    let _ = writeln!(
        out,
        "  RDFC-1.0 / JCS = {} (pipelines timed without the span timer); dominant RDFC-1.0 phase with {}: {dominant} ({})\n",
        rdfc_jcs_per_engine(c),
        engine_words(c.rdfc.engine),
        fmt_share(share)
    );
    if let Some(other) = &c.rdfc_engine {
        let ratio = |phase: &str| match (c.rdfc.phase_median(phase), other.phase_median(phase)) {
            (Some(a), Some(b)) if b > 0.0 => format!("{phase} {:.1}x", a / b),
            _ => format!("{phase} -"),
        };
        let _ = writeln!(
            out,
            "  engines: RDFC-1.0 json-ld / canonprof = {:.1}x ({}, {}, {}); canonical N-Quads identical\n",
            c.rdfc.total.median_us / other.total.median_us,
            ratio("parse"),
            ratio("expand"),
            ratio("to_rdf")
        );
    }
    if let Some(cold) = &c.rdfc_cold {
        let _ = writeln!(
            out,
            "  context cache: RDFC-1.0 cold / cached = {:.1}x\n",
            cold.total.median_us / c.rdfc.total.median_us
        );
    }
    if let (Some(cold), Some(other), Some(other_cold)) =
        (&c.rdfc_cold, &c.rdfc_engine, &c.rdfc_engine_cold)
    {
        let _ = writeln!(
            out,
            "  cold: RDFC-1.0 json-ld / canonprof = {:.1}x; canonprof engine cold / cached = {:.1}x\n",
            cold.total.median_us / other_cold.total.median_us,
            other_cold.total.median_us / other.total.median_us
        );
    }
}

fn row(out: &mut String, algorithm: &str, width: usize, phase: &str, s: &RunStats, last: &str) {
    let _ = writeln!(
        out,
        "  {:<width$} {:<14} {:>10}  {:>22}  {:>21}  {last}",
        algorithm,
        phase,
        fmt_us(s.median_us),
        fmt_range(s.min_run_median_us, s.max_run_median_us),
        fmt_range(s.p10_us, s.p90_us),
    );
}

fn algorithm(out: &mut String, a: &AlgorithmResult, width: usize) {
    for p in &a.phases {
        let name = match p.parent {
            Some(_) => format!("  {}", p.name),
            None => p.name.clone(),
        };
        let heap = match (p.allocations, p.allocated_bytes) {
            (Some(n), Some(bytes)) => format!(
                " {:>8} {:>11}",
                thousands(n.round() as u64),
                thousands(bytes.round() as u64)
            ),
            _ => String::new(),
        };
        row(
            out,
            &a.label(),
            width,
            &name,
            &p.stats,
            &format!("{:>6}{heap}", fmt_share(p.share)),
        );
    }
    let hash = format!("sha256 {}…", &a.sha256[..12.min(a.sha256.len())]);
    row(out, &a.label(), width, "TOTAL", &a.total, &hash);
}

/// The spec-step breakdown of one pipeline (`--detail spec`), if measured.
fn spec_steps(out: &mut String, a: &AlgorithmResult) {
    if a.steps.is_empty() {
        return;
    }
    let pass = match a.steps_pass_us {
        Some(us) => format!(
            " (a pass of their own with the spec steps timed: {} µs, {:+.1}% against the total above)",
            fmt_us(us),
            (us / a.total.median_us - 1.0) * 100.0
        ),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "  spec steps of {} — self time; the rows of a phase add up to the phase{pass}",
        a.label()
    );
    // One width for every credential's table (the longest spec-step name is ~30 characters), so they line up.
    let width = a
        .steps
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(30);
    for step in &a.steps {
        let _ = writeln!(
            out,
            "    {:<10} {:<width$} {:>10}  {:>21}  {:>6}",
            step.phase,
            step.name,
            fmt_us(step.stats.median_us),
            fmt_range(step.stats.min_run_median_us, step.stats.max_run_median_us),
            fmt_share(step.share)
        );
    }
}

/// The work counters of one pipeline (those not zero) and what following the algorithms as written costs.
fn counters(out: &mut String, a: &AlgorithmResult) {
    let literal = a.counters.iter().any(|c| c.as_written.is_some());
    let _ = writeln!(
        out,
        "  work of {} in one iteration (machine-independent; cold: context cache and memo empty{})",
        a.label(),
        if literal {
            "; as written: no memo, no cache"
        } else {
            ""
        }
    );
    let width = a
        .counters
        .iter()
        .map(|c| c.name.chars().count())
        .max()
        .unwrap_or(0);
    let _ = writeln!(
        out,
        "    {:<width$} {:<24} {:>10} {:>10}{}",
        "counter",
        "section",
        "steady",
        "cold",
        if literal {
            format!(" {:>10}", "as written")
        } else {
            String::new()
        }
    );
    for c in &a.counters {
        if c.steady == 0 && c.cold == 0 && c.as_written.unwrap_or(0) == 0 {
            continue;
        }
        let _ = writeln!(
            out,
            "    {:<width$} {:<24} {:>10} {:>10}{}",
            c.name,
            c.section,
            thousands(c.steady),
            thousands(c.cold),
            c.as_written
                .map(|w| format!(" {:>10}", thousands(w)))
                .unwrap_or_default()
        );
    }
    if let Some(line) = as_written_line(a) {
        let _ = writeln!(out, "  {line}");
    }
}

/// "As written against as performed" for Context Processing and Create Term Definition, if measured: e.g.
/// `as written / performed: Context Processing 241 / 77 cold (3.1x), 0 at steady state; …`.
fn as_written_line(a: &AlgorithmResult) -> Option<String> {
    let ratio = |name: &str, title: &str| -> Option<String> {
        let c = a.counter(name)?;
        let written = c.as_written?;
        let times = c
            .as_written_over_cold()
            .map_or(String::new(), |r| format!(" ({r:.1}x)"));
        Some(format!(
            "{title} {} / {} cold{times}, {} at steady state",
            thousands(written),
            thousands(c.cold),
            thousands(c.steady)
        ))
    };
    let processing = ratio("context_processing.performed", "Context Processing")?;
    let definitions = ratio("create_term_definition", "Create Term Definition")?;
    Some(format!(
        "as written / performed: {processing}; {definitions}"
    ))
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

fn summary(out: &mut String, report: &Report) {
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
    for c in report.credentials.iter().filter(|c| !c.baseline) {
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
    if !unmeasured.is_empty() {
        let _ = writeln!(
            out,
            "  not measured in this run: {} (they need the exchange table, or both credential sets)",
            plural(unmeasured.len(), "claim")
        );
    }
    out
}
