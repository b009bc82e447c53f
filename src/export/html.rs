//! `index.html` for a flamegraph run: per credential, its phase table (RDFC-1.0 and JCS) next to links to every
//! flamegraph and folded-stacks file, with the RDFC-1.0 graphs embedded.

use super::{fmt_range, fmt_share, fmt_us, plural, thousands};
use crate::results::{CredentialResult, Report};
use std::fmt::Write;

/// A flamegraph to link: (credential, label, SVG file, folded file, files for interactive viewers), paths
/// relative to the index.
pub(crate) type Link<'a> = (&'a str, &'a str, &'a str, &'a str, &'a [String]);

/// Escapes text for HTML.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;max-width:1400px}\
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}\
td:first-child,td:nth-child(2),th{text-align:left}tr.sub td:nth-child(2){padding-left:1.5em;color:#555}\
tr.total td{font-weight:bold}section{margin-bottom:3em}object{width:100%;border:1px solid #ddd;margin:.5em 0}\
.meta{color:#555}";

/// The note under the main index's heading: which engine the RDFC-1.0 graphs show, where the other engine's
/// are (`other`: its name and subdirectory), or that they were left out (`left_out`: both engines ran, and
/// `--all-flamegraphs` was not given).
pub(crate) fn engine_note(engine: &str, other: Option<(&str, &str)>, left_out: bool) -> String {
    let mut note = format!("<p>RDFC-1.0 graphs of the <strong>{engine}</strong> expansion engine");
    match other {
        Some((name, dir)) => note.push_str(&format!(
            "; those of the {name} engine are in <a href=\"{dir}/index.html\">{dir}/</a>"
        )),
        None if left_out => note.push_str(
            "; the json-ld crate's are drawn with <code>--all-flamegraphs</code> (its sampled graphs are towers of the crate's async frames)",
        ),
        None => {}
    }
    note.push_str(".</p>\n");
    note
}

/// The note under the heading of a second engine's own index, one directory below the main one.
pub(crate) fn other_engine_note(engine: &str) -> String {
    format!(
        "<p>RDFC-1.0 graphs of the <strong>{engine}</strong> expansion engine; the other engine's and JCS's are \
         in <a href=\"../index.html\">the main index</a>.</p>\n"
    )
}

/// Renders the index page of a run; `intro` is trusted HTML (made by canonprof, e.g. which expansion engine the
/// graphs show) placed under the heading.
pub(crate) fn render(report: &Report, links: &[Link<'_>], intro: &str) -> String {
    let m = &report.metadata;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>canonprof flamegraphs — {}</title>\
         <style>{STYLE}</style></head><body>\n<h1>canonprof: where RDFC-1.0 and JCS spend their time</h1>\n\
         <p class=\"meta\">{} · canonprof {} · commit {} · {} ({} cores) · {} · {} x {}, medians in µs</p>\n",
        escape(&m.started_at),
        escape(&m.started_at),
        escape(&m.canonprof_version),
        escape(&m.git_commit),
        escape(&m.cpu),
        m.cores,
        escape(&m.rustc),
        plural(report.config.runs, "run"),
        plural(report.config.iterations, "iteration"),
    );
    out.push_str(intro);
    for c in &report.credentials {
        let mine: Vec<&Link> = links.iter().filter(|l| l.0 == c.credential).collect();
        if mine.is_empty() {
            continue;
        }
        section(&mut out, c, &mine);
    }
    out.push_str("</body></html>\n");
    out
}

/// `, <a>speedscope</a>, <a>pprof</a>, …` for the files beside a graph, each named by the viewer that opens it.
pub(crate) fn viewer_links(files: &[String]) -> String {
    files
        .iter()
        .map(|f| format!(", <a href=\"{}\">{}</a>", escape(f), viewer_name(f)))
        .collect()
}

/// What opens a file written by [`super::profile::write_beside`], from its suffix.
fn viewer_name(file: &str) -> &'static str {
    if file.ends_with(".speedscope.json") {
        "speedscope"
    } else if file.ends_with(".pprof.pb") {
        "pprof"
    } else if file.ends_with(".trace.json") {
        "Chrome trace"
    } else {
        "file"
    }
}

fn section(out: &mut String, c: &CredentialResult, links: &[&Link<'_>]) {
    let _ = write!(
        out,
        "<section id=\"{0}\"><h2>{0} <small>({1})</small></h2>\n<p class=\"meta\">{2} bytes, {3}, {4}; RDFC-1.0 / JCS = {5}</p>\n\
         <table><tr><th>algorithm</th><th>phase</th><th>µs (scaled to the cost)</th><th>run medians</th><th>p10–p90</th><th>share</th></tr>\n",
        escape(&c.credential),
        escape(&c.set),
        thousands(c.bytes as u64),
        plural(c.quads, "quad"),
        plural(c.blank_nodes, "blank node"),
        escape(&super::rdfc_jcs_per_engine(c))
    );
    // One cost per pipeline (the uninstrumented iterations, with their spread); the phases of the instrumented pass
    // as shares of it and in µs scaled to it; the instrumented pass's own total only labelled as such.
    for a in c.algorithms() {
        for p in &a.phases {
            let _ = writeln!(
                out,
                "<tr{}><td>{}</td><td>{}</td><td>{}</td><td></td><td></td><td>{}</td></tr>",
                if p.parent.is_some() {
                    " class=\"sub\""
                } else {
                    ""
                },
                escape(&a.label()),
                escape(&p.name),
                fmt_us(a.scaled_us(p.share)),
                fmt_share(p.share)
            );
        }
        let cost = a.cost_stats();
        let _ = writeln!(
            out,
            "<tr class=\"total\"><td>{0}</td><td>cost</td><td>{1}</td><td>{2}</td><td>{3}</td><td>100%</td></tr>\n\
             <tr class=\"sub\"><td>{0}</td><td>instrumented pass (span timer on)</td><td>{4} ({5:+.1}%)</td><td></td><td></td><td></td></tr>",
            escape(&a.label()),
            fmt_us(cost.median_us),
            fmt_range(cost.min_run_median_us, cost.max_run_median_us),
            fmt_range(cost.p10_us, cost.p90_us),
            fmt_us(a.total.median_us),
            (a.total.median_us / a.cost_us() - 1.0) * 100.0
        );
    }
    out.push_str("</table>\n<ul>\n");
    for (_, label, svg, folded, viewers) in links {
        let _ = writeln!(
            out,
            "<li><a href=\"{0}\">{1}</a> (<a href=\"{2}\">folded stacks</a>{3})</li>",
            escape(svg),
            escape(label),
            escape(folded),
            viewer_links(viewers)
        );
    }
    out.push_str("</ul>\n");
    // The span graph first (with `--detail spec` it holds the specifications' steps), then the sampled one.
    let mut embedded: Vec<&&Link> = links
        .iter()
        .filter(|l| l.1.starts_with("rdfc-1.0"))
        .collect();
    embedded.sort_by_key(|l| !l.1.ends_with("spans"));
    for (_, label, svg, _, _) in embedded {
        let _ = writeln!(
            out,
            "<object type=\"image/svg+xml\" data=\"{}\" title=\"{}\"></object>",
            escape(svg),
            escape(label)
        );
    }
    out.push_str("</section>\n");
}
