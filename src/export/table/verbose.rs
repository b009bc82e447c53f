//! A credential in the verbose terminal view (`--verbose`): each pipeline's phases with their spread and heap
//! (µs scaled to the pipeline's cost), the spec steps scaled the same way, the work counters and what following
//! the algorithms as written costs, and the engines' and context cache's ratios.

use super::shared::{cold_line, column, credential_header, headline};
use crate::export::{fmt_range, fmt_share};
use crate::export::{fmt_us, thousands};
use crate::results::{AlgorithmResult, CredentialResult};
use crate::stats::RunStats;
use std::fmt::Write;

pub(super) fn credential(out: &mut String, c: &CredentialResult) {
    let _ = writeln!(out, "{}", credential_header(c));
    let width = c
        .algorithms()
        .iter()
        .map(|a| column(a).chars().count())
        .max()
        .unwrap_or(0)
        .max(13);
    let _ = writeln!(
        out,
        "  {:<width$} {:<14} {:>10}  {:>22}  {:>21}  {:>6} {:>8} {:>11}",
        "pipeline",
        "phase",
        "µs scaled",
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
    let _ = writeln!(out, "  {}\n", headline(c));
    if let Some(other) = &c.rdfc_engine {
        let ratio = |phase: &str| match (
            c.rdfc.phases.iter().find(|p| p.name == phase),
            other.phases.iter().find(|p| p.name == phase),
        ) {
            (Some(a), Some(b)) if b.share > 0.0 => format!(
                "{phase} {:.1}x",
                c.rdfc.scaled_us(a.share) / other.scaled_us(b.share)
            ),
            _ => format!("{phase} -"),
        };
        let _ = writeln!(
            out,
            "  engines: RDFC-1.0 with the json-ld crate's engine / with canonprof's = {:.1}x ({}, {}, {}); canonical N-Quads identical\n",
            c.rdfc.cost_us() / other.cost_us(),
            ratio("parse"),
            ratio("expand"),
            ratio("to_rdf")
        );
    }
    if let Some(line) = cold_line(c) {
        let _ = writeln!(out, "  {line}\n");
    }
}

/// One row: the statistics `s` of the instrumented pass times `scale` (the pipeline's cost over the pass's
/// total), so that the row is in µs of the one cost.
fn row(
    out: &mut String,
    pipeline: &str,
    width: usize,
    phase: &str,
    s: &RunStats,
    scale: f64,
    last: &str,
) {
    let _ = writeln!(
        out,
        "  {:<width$} {:<14} {:>10}  {:>22}  {:>21}  {last}",
        pipeline,
        phase,
        fmt_us(s.median_us * scale),
        fmt_range(s.min_run_median_us * scale, s.max_run_median_us * scale),
        fmt_range(s.p10_us * scale, s.p90_us * scale),
    );
}

/// A pipeline's phases, scaled to its cost, then the cost itself (the iterations run without the span timer).
fn algorithm(out: &mut String, a: &AlgorithmResult, width: usize) {
    let label = column(a);
    let scale = match a.total.median_us {
        t if t > 0.0 => a.cost_us() / t,
        _ => 1.0,
    };
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
        let share = format!("{:>6}{heap}", fmt_share(p.share));
        row(out, &label, width, &name, &p.stats, scale, &share);
    }
    let hash = format!("sha256 {}…", &a.sha256[..12.min(a.sha256.len())]);
    row(out, &label, width, "cost", a.cost_stats(), 1.0, &hash);
}

/// The spec-step breakdown of one pipeline, if measured: each step's fraction of its phase in the pass that
/// timed the steps, in µs of the phase row above ([`AlgorithmResult::scaled_step_us`]).
fn spec_steps(out: &mut String, a: &AlgorithmResult) {
    if a.steps.is_empty() {
        return;
    }
    let pass = match a.steps_pass_us {
        Some(_) => ", from a pass of their own with the spec steps timed",
        None => "",
    };
    let _ = writeln!(
        out,
        "  spec steps of {} — self time{pass}, µs scaled to the phase rows above (the rows of a phase add up to it); share of the phase",
        column(a)
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
            "    {:<10} {:<width$} {:>10}  {:>6}",
            step.phase,
            step.name,
            fmt_us(a.scaled_step_us(step)),
            fmt_share(a.step_fraction(step))
        );
    }
}

/// The work counters of one pipeline (those not zero) and what following the algorithms as written costs.
fn counters(out: &mut String, a: &AlgorithmResult) {
    let literal = a.counters.iter().any(|c| c.as_written.is_some());
    let _ = writeln!(
        out,
        "  work of {} in one iteration (machine-independent; cold: context cache and memo empty{})",
        column(a),
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
