//! A credential in the default terminal view: one table of phases × pipelines (each cell the phase's µs scaled
//! to the pipeline's cost, and its share), the cost with its spread, the headline line naming both engines, and
//! each proof part in a line.

use super::shared::{column, credential_header, headline};
use crate::export::{fmt_range, fmt_share};
use crate::export::{fmt_us, plural, thousands};
use crate::results::{AlgorithmResult, CredentialResult};
use std::fmt::Write;

/// A cell of a pipeline's column.
type Cell = fn(&AlgorithmResult) -> String;

/// The phase column's width: the longest phase name and the spread rows' names.
const PHASE_WIDTH: usize = 13;

pub(super) fn credential(out: &mut String, c: &CredentialResult) {
    let _ = writeln!(out, "{}", credential_header(c));
    let pipelines = c.algorithms();
    let width = pipelines
        .iter()
        .map(|a| column(a).chars().count())
        .max()
        .unwrap_or(0)
        .max(16)
        + 2;
    let mut line = format!("  {:<PHASE_WIDTH$}", "µs (share)");
    for a in &pipelines {
        let _ = write!(line, "{:>width$}", column(a));
    }
    let _ = writeln!(out, "{}", line.trim_end());
    let names: Vec<Vec<&str>> = pipelines.iter().map(|a| top_level(a)).collect();
    for phase in phase_names(&names) {
        let mut line = format!("  {phase:<PHASE_WIDTH$}");
        for a in &pipelines {
            let cell = match a
                .phases
                .iter()
                .find(|p| p.parent.is_none() && p.name == phase)
            {
                Some(p) => format!("{} {:>6}", fmt_us(a.scaled_us(p.share)), fmt_share(p.share)),
                None => "-".to_string(),
            };
            let _ = write!(line, "{cell:>width$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let rows: [(&str, Cell); 3] = [
        ("cost", |a| fmt_us(a.cost_stats().median_us)),
        ("  run medians", |a| {
            let s = a.cost_stats();
            fmt_range(s.min_run_median_us, s.max_run_median_us)
        }),
        ("  p10–p90", |a| {
            let s = a.cost_stats();
            fmt_range(s.p10_us, s.p90_us)
        }),
    ];
    for (name, cell) in rows {
        let mut line = format!("  {name:<PHASE_WIDTH$}");
        for a in &pipelines {
            let _ = write!(line, "{:>width$}", cell(a));
        }
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "  {}", headline(c));
    if let Some(line) = super::shared::cold_line(c) {
        let _ = writeln!(out, "  {line}");
    }
    for p in &c.proofs {
        let cost = p.result.cost_stats();
        let _ = writeln!(
            out,
            "  {} — {}: {} {} µs ({}), {}",
            p.proof,
            p.part,
            column(&p.result),
            fmt_us(cost.median_us),
            fmt_range(cost.min_run_median_us, cost.max_run_median_us),
            plural(p.result.canonical_bytes, "canonical byte")
        );
    }
    if c.dropped_quads > 0 {
        let _ = writeln!(
            out,
            "  --lossy dropped {} of {}",
            plural(c.dropped_quads, "statement"),
            thousands(c.quads as u64)
        );
    }
    let _ = writeln!(out);
}

/// The top-level phases of the pipelines (each a list of phase names) in pipeline order: each pipeline's phases
/// merged in, a phase another pipeline lacks placed after the phase it follows in its own (`jcs` after
/// `serialize`, before `hash`), `other` last.
fn phase_names(pipelines: &[Vec<&str>]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for phases in pipelines {
        let mut after: Option<usize> = None;
        for &name in phases {
            after = Some(match names.iter().position(|n| n == name) {
                Some(i) => i,
                None => {
                    // A new phase goes after its predecessor and any phases already placed there that this
                    // pipeline does not have, so that shared phases keep their order.
                    let at = (after.map_or(0, |i| i + 1)..names.len())
                        .find(|&i| phases.contains(&names[i].as_str()))
                        .unwrap_or(names.len());
                    names.insert(at, name.to_string());
                    at
                }
            });
        }
    }
    if let Some(i) = names.iter().position(|n| n == crate::results::OTHER_PHASE) {
        let other = names.remove(i);
        names.push(other);
    }
    names
}

/// The top-level phase names of a pipeline, in its order.
fn top_level(a: &AlgorithmResult) -> Vec<&str> {
    a.phases
        .iter()
        .filter(|p| p.parent.is_none())
        .map(|p| p.name.as_str())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_merge_in_pipeline_order() {
        let rdfc = vec![
            "parse",
            "expand",
            "to_rdf",
            "label",
            "serialize",
            "hash",
            "other",
        ];
        let jcs = vec!["parse", "jcs", "hash", "other"];
        assert_eq!(
            phase_names(&[rdfc.clone(), jcs.clone()]),
            [
                "parse",
                "expand",
                "to_rdf",
                "label",
                "serialize",
                "jcs",
                "hash",
                "other"
            ]
        );
        assert_eq!(
            phase_names(&[jcs, rdfc]),
            [
                "parse",
                "jcs",
                "expand",
                "to_rdf",
                "label",
                "serialize",
                "hash",
                "other"
            ]
        );
    }
}
