//! The cross-run section: the runs side by side, the totals, and the study's ratios with whether each ordering
//! survives every run.

use super::svg::{self, Bar};
use crate::export::html::escape;
use crate::results::compare::merge::Merge;
use std::fmt::Write;

pub(super) fn section(out: &mut String, m: &Merge) {
    out.push_str("<h2 id=\"merge\">Across runs</h2>\n<p>A ratio's ordering survives when it holds on the same side in every run (the study's test); in one run it holds only when the ratio is beyond the ±10% band and significant (two-sided Mann-Whitney U test over the run medians, p &lt; 0.05).</p>\n<table><tr><th class=\"l\">run</th><th class=\"l\">file</th><th class=\"l\">environment</th><th class=\"l\">settings</th><th class=\"l\">build</th></tr>\n");
    for (i, c) in m.columns.iter().enumerate() {
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td></tr>",
            i + 1,
            escape(&c.name),
            escape(&c.environment),
            escape(&c.settings),
            escape(&c.build)
        );
    }
    out.push_str("</table>\n");
    for (title, rows, ratio) in [
        ("total (median µs)", &m.totals, false),
        ("ratio", &m.ratios, true),
    ] {
        if rows.is_empty() {
            continue;
        }
        if ratio {
            let legend: Vec<String> = (1..=m.columns.len()).map(|i| format!("run {i}")).collect();
            let legend: Vec<&str> = legend.iter().map(String::as_str).collect();
            let bars: Vec<Bar> = rows
                .iter()
                .flat_map(|r| {
                    r.values.iter().enumerate().filter_map(|(i, v)| {
                        v.map(|v| Bar {
                            label: format!("{} · run {}", r.label, i + 1),
                            segments: vec![(format!("run {}", i + 1), v)],
                            total_us: v,
                            whisker_us: None,
                        })
                    })
                })
                .collect();
            out.push_str(&svg::ratio_bars(
                "merge-ratios",
                "The study's ratios in each run (dashed: 1x)",
                &legend,
                &bars,
            ));
        }
        let _ = write!(out, "<table><tr><th class=\"l\">{title}</th>");
        for i in 0..m.columns.len() {
            let _ = write!(out, "<th>run {}</th>", i + 1);
        }
        if ratio {
            out.push_str("<th class=\"l\">ordering</th>");
        }
        out.push_str("</tr>\n");
        for r in rows {
            let _ = write!(out, "<tr><td class=\"l\">{}</td>", escape(&r.label));
            for v in &r.values {
                let _ = write!(
                    out,
                    "<td>{}</td>",
                    crate::export::compare::merged_value(*v, ratio)
                );
            }
            if let Some(s) = r.survival {
                let _ = write!(out, "<td class=\"l\">{}</td>", escape(s.describe()));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
    }
}
