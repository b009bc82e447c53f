//! One credential of a canonicalization run: its bars per algorithm and engine, the phase table, spec steps and
//! counters.

use super::section::{slug, RunPlace};
use super::svg::{self, Bar};
use crate::export::html::escape;
use crate::export::{fmt_range, fmt_share, fmt_us, plural, thousands};
use crate::results::canonicalization::{phase_rank, Canonicalization, Entry};
use crate::results::names::Algorithm;
use std::fmt::Write;

/// The phase names the bars colour, in legend order (sub-phases are not stacked: they are inside `label`).
const PHASE_LEGEND: [&str; 8] = [
    "parse",
    "expand",
    "to_rdf",
    "label",
    "serialize",
    "jcs",
    "hash",
    crate::results::OTHER_PHASE,
];

/// One credential: its bars per algorithm and engine, the phase table, spec steps and counters.
pub(super) fn section(out: &mut String, ctx: &RunPlace, c: &Canonicalization, name: &str) {
    let entries: Vec<&Entry> = c.results.iter().filter(|e| e.credential == name).collect();
    let Some(first) = entries.first() else { return };
    let id = format!("{}-c-{}", ctx.id, slug(name));
    let _ = writeln!(
        out,
        "<h3 id=\"{id}\">{} <small>({}{})</small></h3><p class=\"meta\">{} bytes, {}, {}, {}; SHA-256 of the canonical N-Quads {}</p>",
        escape(name),
        escape(&first.set),
        if first.baseline { ", the simple baseline" } else { "" },
        thousands(first.bytes as u64),
        plural(first.quads, "quad"),
        plural(first.blank_nodes, "blank node"),
        plural(first.hndq_calls, "Hash N-Degree Quads call"),
        escape(&entries.iter().find(|e| e.algorithm == Algorithm::Rdfc10).map_or(String::new(), |e| e.sha256.chars().take(16).collect::<String>() + "…"))
    );
    // The cost of each pipeline (the uninstrumented iterations) on a log axis, so that JCS's tens of µs and the
    // json-ld crate's thousands are both readable bars and their ratio is a distance; then the phases of the
    // instrumented pass as shares of each pipeline (the same shares scale the table's µs to the cost).
    let bars: Vec<Bar> = entries
        .iter()
        .map(|e| {
            let cost = e.cost_stats();
            Bar {
                label: e.label(),
                segments: e
                    .phases_in_order()
                    .into_iter()
                    .filter(|(_, p)| p.parent.is_none())
                    .map(|(n, p)| (n.to_string(), e.scaled_us(p.share)))
                    .collect(),
                total_us: e.cost_us(),
                whisker_us: Some((cost.min_run_median_us, cost.max_run_median_us)),
            }
        })
        .collect();
    out.push_str(&svg::log_bars(
        &format!("{id}-bars"),
        &format!(
            "{name}: the cost per algorithm and engine (µs; whisker: min–max of the run medians)"
        ),
        &bars,
    ));
    out.push_str(&svg::share_bars(
        &format!("{id}-shares"),
        &format!("{name}: each pipeline's phases as shares of its cost"),
        &PHASE_LEGEND,
        &bars,
    ));
    // The table beside the chart: one row per phase, one column pair per pipeline; one cost per pipeline (its
    // last row), the phases as shares of it and in µs scaled to it.
    out.push_str("\n<table><tr><th class=\"l\">phase</th>");
    for e in &entries {
        let _ = write!(
            out,
            "<th>{} µs (scaled to the cost)</th><th>share</th>",
            escape(&e.label())
        );
    }
    out.push_str("</tr>\n");
    let mut names: Vec<(&str, bool)> = Vec::new();
    for e in &entries {
        for (n, p) in e.phases_in_order() {
            if !names.iter().any(|(x, _)| *x == n) {
                names.push((n, p.parent.is_some()));
            }
        }
    }
    // Pipeline order over all entries (a stable sort: names it does not know stay in the order first seen).
    names.sort_by_key(|(n, _)| phase_rank(n));
    for (n, sub) in &names {
        let _ = write!(
            out,
            "<tr><td class=\"l\">{}{}</td>",
            if *sub { "› " } else { "" },
            escape(n)
        );
        for e in &entries {
            match e.phases.get(*n) {
                Some(p) => {
                    let _ = write!(
                        out,
                        "<td>{}</td><td>{}</td>",
                        fmt_us(e.scaled_us(p.share)),
                        fmt_share(p.share)
                    );
                }
                None => out.push_str("<td>-</td><td>-</td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("<tr class=\"total\"><td class=\"l\">cost <span class=\"meta\">(median; run medians min–max; p10–p90)</span></td>");
    for e in &entries {
        let cost = e.cost_stats();
        let _ = write!(
            out,
            "<td>{} <span class=\"meta\">({}; {})</span></td><td>100%</td>",
            fmt_us(cost.median_us),
            fmt_range(cost.min_run_median_us, cost.max_run_median_us),
            fmt_range(cost.p10_us, cost.p90_us)
        );
    }
    out.push_str("</tr>\n<tr><td class=\"l meta\">instrumented pass (span timer on; the shares' source)</td>");
    for e in &entries {
        let _ = write!(
            out,
            "<td class=\"meta\">{} ({:+.1}%)</td><td></td>",
            fmt_us(e.total.median_us),
            (e.total.median_us / e.cost_us() - 1.0) * 100.0
        );
    }
    out.push_str("</tr></table>\n");
    // Spec steps, per pipeline that has them: each a fraction of its phase in the pass that timed them, in µs of
    // the phase row above, so a phase's steps add up to it.
    for e in entries.iter().filter(|e| !e.steps.is_empty()) {
        let _ = writeln!(
            out,
            "<details><summary>Spec steps of {} (self time; scaled to the cost as the phase rows are, so the rows of a phase add up to the phase row above{})</summary><table><tr><th class=\"l\">phase</th><th class=\"l\">step</th><th>µs (scaled to the cost)</th><th>share of the phase</th><th>share of the cost</th></tr>",
            escape(&e.label()),
            match e.steps_pass_us {
                Some(pass) => format!(
                    "; timed in a pass of their own, {} µs instrumented, whose phase fractions they keep",
                    fmt_us(pass)
                ),
                None => "; timed in the instrumented pass".to_string(),
            }
        );
        for s in &e.steps {
            let fraction = e.step_fraction(s);
            let _ = writeln!(
                out,
                "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&s.phase),
                escape(&s.name),
                fmt_us(e.scaled_step_us(s)),
                fmt_share(fraction),
                fmt_share(e.scaled_step_us(s) / e.cost_us())
            );
        }
        out.push_str("</table></details>\n");
    }
    for e in entries.iter().filter(|e| !e.counters.is_empty()) {
        let _ = writeln!(
            out,
            "<details><summary>Work counters of {} (machine-independent counts, one iteration)</summary><table><tr><th class=\"l\">counter</th><th class=\"l\">section</th><th>steady</th><th>cold</th><th>as written</th></tr>",
            escape(&e.label())
        );
        for (name, k) in &e.counters {
            let _ = writeln!(
                out,
                "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(name),
                escape(&k.section),
                thousands(k.steady),
                thousands(k.cold),
                k.as_written.map_or("-".into(), thousands)
            );
        }
        out.push_str("</table></details>\n");
    }
}
