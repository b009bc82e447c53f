//! Renderings of [`crate::results::compare`]: `canonprof diff` as a terminal table and Markdown, `canonprof merge` as
//! Markdown, JSON and (in [`super::page`]) HTML.

use super::{fmt_us, json::to_text};
use crate::results::compare::diff::{Diff, DiffRow};
use crate::results::compare::merge::{Merge, MergeRow};
use crate::results::compare::Criteria;
use crate::stats::change;
use serde_json::json;
use std::fmt::Write;

/// The diff's ratio as people read it: `1.23x`.
pub(super) fn fmt_ratio(ratio: f64) -> String {
    if ratio.is_finite() {
        format!("{ratio:.2}x")
    } else {
        "-".into()
    }
}

/// What a diff's verdicts mean, as its header says it: the test, its level, the band, the interval and the
/// fewest runs (one line each, after `bullet`).
fn criteria_lines(c: &Criteria, bullet: &str) -> String {
    let level = (change::CONFIDENCE * 100.0).round();
    format!(
        "{bullet}B/A: B's median over A's (medians of run medians); CI: its {level}% confidence interval (percentile bootstrap over the runs and their kept samples, {} resamples, fixed seed)\n\
         {bullet}slower / faster: only when the two-sided Mann-Whitney U test over the two runs' run medians gives p < {alpha} (--significance) AND B/A is beyond {}; otherwise no change\n\
         {bullet}too few runs to tell: with m and n runs the exact test's smallest p is 2/C(m+n, m), which must be below {alpha} (so at least {} runs each), or a row saved without run medians\n",
        change::RESAMPLES,
        fmt_band(c.band),
        c.fewest_runs(),
        alpha = c.significance,
    )
}

/// The band as the headers say it: `±10% (the study's band)`, or `±5%`.
fn fmt_band(band: f64) -> String {
    let pct = (band * 1000.0).round() / 10.0;
    if (band - crate::results::compare::DEFAULT_BAND).abs() < 1e-9 {
        format!("±{pct}% (the study's band)")
    } else {
        format!("±{pct}% (--band; the study's is ±10%)")
    }
}

/// The header lines naming both runs, and a warning line when their settings differ.
fn runs_header(d: &Diff, bullet: &str) -> String {
    let mut out = format!(
        "{bullet}A: {} — {}; {}\n{bullet}B: {} — {}; {}\n",
        d.a.name, d.a.environment, d.a.settings, d.b.name, d.b.environment, d.b.settings
    );
    if d.a.settings != d.b.settings {
        out.push_str(&format!(
            "{bullet}note: the two runs' settings differ (above): the rows compare those settings as much as the code or machine\n"
        ));
    }
    out
}

/// The terminal table: a header naming both runs and what the verdicts mean, one line per row in both (A µs,
/// B µs, B/A, its interval, p, verdict), the counts, and the rows only one run has.
pub(crate) fn diff_table(d: &Diff) -> String {
    let mut out = format!(
        "canonprof diff — per row: B/A with its confidence interval, and a verdict\n{}{}\n",
        criteria_lines(&d.criteria, "  "),
        runs_header(d, "  ")
    );
    let width = d
        .rows
        .iter()
        .map(|r| r.key.chars().count())
        .max()
        .unwrap_or(0)
        .max(10);
    let mut group = "";
    for r in &d.rows {
        if r.group != group {
            group = r.group;
            let _ = writeln!(
                out,
                "{:<width$} {:>11} {:>11} {:>8} {:>13} {:>6}  verdict",
                group,
                "A µs",
                "B µs",
                "B/A",
                ci_heading(),
                "p"
            );
        }
        let [a, b, ratio, ci, p, verdict] = cells(r);
        let _ = writeln!(
            out,
            "{:<width$} {a:>11} {b:>11} {ratio:>8} {ci:>13} {p:>6}  {verdict}",
            r.key
        );
    }
    let _ = writeln!(out, "\n{}", counts(d));
    only(&mut out, "only in A", &d.only_a, "  ");
    only(&mut out, "only in B", &d.only_b, "  ");
    out
}

/// `95% CI`.
fn ci_heading() -> String {
    format!("{}% CI", (change::CONFIDENCE * 100.0).round())
}

/// A row's A µs, B µs, B/A, its interval, p and verdict, as both renderings print them (`-` for the interval
/// and p when there are too few runs).
fn cells(r: &DiffRow) -> [String; 6] {
    let (ci, p) = match &r.change {
        Some(c) => (
            format!("{:.2}–{:.2}", c.interval.0, c.interval.1),
            if c.p < 0.001 {
                "<0.001".to_string()
            } else {
                format!("{:.3}", c.p)
            },
        ),
        None => ("-".into(), "-".into()),
    };
    [
        fmt_us(r.a_us),
        fmt_us(r.b_us),
        fmt_ratio(r.ratio),
        ci,
        p,
        r.verdict.name().to_string(),
    ]
}

/// `3 rows slower, 1 faster, 210 no change, 5 too few runs to tell (of 219 rows in both)`.
fn counts(d: &Diff) -> String {
    let (slower, faster, none, few) = d.counts();
    format!(
        "{slower} rows slower, {faster} faster, {none} no change, {few} too few runs to tell (of {} rows in both)",
        d.rows.len()
    )
}

fn only(out: &mut String, title: &str, rows: &[(&str, String)], indent: &str) {
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(out, "{title} ({}):", rows.len());
    for (group, key) in rows {
        let _ = writeln!(out, "{indent}{group} · {key}");
    }
}

/// The diff as Markdown: the same rows as [`diff_table`], one table per group.
pub(crate) fn diff_markdown(d: &Diff) -> String {
    let mut out = format!(
        "# canonprof diff\n\n{}{}",
        criteria_lines(&d.criteria, "- "),
        runs_header(d, "- ")
    );
    let mut group = "";
    for r in &d.rows {
        if r.group != group {
            group = r.group;
            let _ = writeln!(
                out,
                "\n## {group}\n\n| row | A µs | B µs | B/A | {} | p | verdict |\n|---|---:|---:|---:|---:|---:|---|",
                ci_heading()
            );
        }
        let _ = writeln!(out, "| {} | {} |", r.key, cells(r).join(" | "));
    }
    let _ = writeln!(out, "\n{}.\n", counts(d));
    only(&mut out, "Only in A", &d.only_a, "- ");
    only(&mut out, "Only in B", &d.only_b, "- ");
    out
}

/// A merged value: µs for a total, `1.23x` for a ratio, `-` where the run lacks it.
pub(super) fn merged_value(value: Option<f64>, ratio: bool) -> String {
    match (value, ratio) {
        (Some(v), true) => fmt_ratio(v),
        (Some(v), false) => fmt_us(v),
        (None, _) => "-".into(),
    }
}

/// The merged table as Markdown: the columns' environments, the totals, then the ratios with whether each
/// ordering survives every environment.
pub(crate) fn merge_markdown(m: &Merge) -> String {
    let mut out = format!(
        "# canonprof merge — {} runs\n\nA ratio's ordering survives when it holds on the same side in every run (the study's test); in one run it holds only when the ratio is beyond the band, {}, and significant (two-sided Mann-Whitney U test over the numerator's and denominator's run medians, p < {}).\n\n",
        m.columns.len(),
        fmt_band(m.criteria.band),
        m.criteria.significance
    );
    for (i, c) in m.columns.iter().enumerate() {
        let _ = writeln!(
            out,
            "- run {}: `{}` — {}; {}; {}",
            i + 1,
            c.name,
            c.environment,
            c.settings,
            c.build
        );
    }
    let header = |out: &mut String, first: &str, last: Option<&str>| {
        let _ = write!(out, "\n| {first} |");
        for i in 0..m.columns.len() {
            let _ = write!(out, " run {} |", i + 1);
        }
        if let Some(last) = last {
            let _ = write!(out, " {last} |");
        }
        let _ = write!(out, "\n|---|");
        out.push_str(&"---:|".repeat(m.columns.len()));
        if last.is_some() {
            out.push_str("---|");
        }
        out.push('\n');
    };
    let rows = |out: &mut String, rows: &[MergeRow], ratio: bool| {
        for r in rows {
            let _ = write!(out, "| {} |", r.label);
            for v in &r.values {
                let _ = write!(out, " {} |", merged_value(*v, ratio));
            }
            if let Some(s) = r.survival {
                let _ = write!(out, " {} |", s.describe());
            }
            out.push('\n');
        }
    };
    if !m.totals.is_empty() {
        header(&mut out, "total (median µs)", None);
        rows(&mut out, &m.totals, false);
    }
    if !m.ratios.is_empty() {
        header(&mut out, "ratio", Some("ordering"));
        rows(&mut out, &m.ratios, true);
    }
    out
}

/// The merged table as JSON (`merge --export-json`): `columns`, `totals` and `ratios`, each row with its
/// `values` per column (null where a run lacks it) and, for ratios, `survival`.
pub(crate) fn merge_json(m: &Merge) -> String {
    let row = |r: &MergeRow| {
        json!({
            "label": r.label,
            "values": r.values,
            "survival": r.survival.map(|s| s.describe()),
        })
    };
    to_text(&json!({
        "kind": "merge",
        "schema_version": super::json::SCHEMA_VERSION,
        "band": m.criteria.band,
        "significance": m.criteria.significance,
        "columns": m.columns.iter().map(|c| json!({
            "name": c.name, "environment": c.environment, "build": c.build, "settings": c.settings
        })).collect::<Vec<_>>(),
        "totals_unit": "µs",
        "totals": m.totals.iter().map(row).collect::<Vec<_>>(),
        "ratios": m.ratios.iter().map(row).collect::<Vec<_>>(),
    }))
}
