//! A canonicalization run's sections: the answer in three sentences, the claims, RDFC-1.0 / JCS per credential,
//! each credential's phases (bars, table, spec steps, counters), its exchange and its flamegraphs.

use super::section::{heading, slug, Ctx};
use super::svg::{self, Bar};
use crate::export::html::escape;
use crate::export::{fmt_range, fmt_share, fmt_us, plural, thousands};
use crate::results::canonicalization::{phase_rank, Canonicalization, Entry};
use crate::results::names::{Algorithm, Engine};
use crate::results::summary;
use crate::results::FlameIndex;
use std::fmt::Write;
use std::path::Path;

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

/// The engine as sentences say it.
fn engine_words(engine: Engine) -> &'static str {
    match engine {
        Engine::JsonLd => "the json-ld crate",
        Engine::Canonprof => "canonprof's engine",
    }
}

/// `a–b` of ratios, or the one value.
fn ratio_span(values: &[f64], unit: &str) -> String {
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let one = |v: f64| match v >= 10.0 {
        true => format!("{v:.0}"),
        false => format!("{v:.1}"),
    };
    match (hi - lo).abs() < 0.05 {
        true => format!("{}{unit}", one(lo)),
        false => format!("{}–{}{unit}", one(lo), one(hi)),
    }
}

/// The three sentences that answer the cost question with the run's own numbers ([`summary::answer`]).
fn summary_sentences(c: &Canonicalization) -> Vec<String> {
    let answer = summary::answer(c);
    let per_engine = |figures: &[(Engine, Vec<f64>)], unit: &str| {
        figures
            .iter()
            .map(|(engine, values)| {
                format!("{} ({})", ratio_span(values, unit), engine_words(*engine))
            })
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let mut sentences = vec![
        format!(
            "On the same credential, RDFC-1.0 took {} as long as JCS (RFC 8785), over {} credential{}.",
            per_engine(&answer.rdfc_over_jcs, "x"),
            answer.credentials,
            if answer.credentials == 1 { "" } else { "s" }
        ),
        format!(
            "JSON-LD expansion was {} of RDFC-1.0's time.",
            per_engine(&answer.expansion_percent, "%")
        ),
    ];
    // Labeling's largest share with each engine, and where.
    let label_parts: Vec<String> = answer
        .largest_label_share
        .iter()
        .map(|(engine, share, credential)| {
            format!(
                "{} ({}, {})",
                fmt_share(*share),
                engine_words(*engine),
                escape(credential)
            )
        })
        .collect();
    let largest = answer
        .largest_label_share
        .iter()
        .fold(0.0f64, |m, (_, share, _)| m.max(*share));
    let label_words =
        match label_parts.is_empty() {
            true => "blank node labeling was not measured".to_string(),
            false => {
                format!(
            "blank node labeling took at most {} of RDFC-1.0, so it is {}what drives the cost",
            label_parts.join(" and "),
            if largest < 0.25 { "not " } else { "a large part of " }
        )
            }
        };
    let main = answer.main_engine.map_or("the main engine", engine_words);
    sentences.push(match answer.edu_simple.is_empty() {
        true => format!("No simple and education credentials side by side in this run, so the edu/simple ratio (the study: 31–49x) is not measured; {label_words}."),
        false => format!(
            "Education credentials cost {} the median of the simple credentials with {main}, the run's main engine (the study: 31–49x); {label_words}.",
            ratio_span(&answer.edu_simple, "x")
        ),
    });
    sentences
}

pub(super) fn section(out: &mut String, ctx: &Ctx, c: &Canonicalization) {
    let id = ctx.id;
    heading(out, ctx, "The answer, from this run");
    out.push_str("<div class=\"summary\">");
    for s in summary_sentences(c) {
        let _ = write!(out, "<p>{s}</p>");
    }
    out.push_str("</div>\n");
    // Contents.
    let docs = c.documents();
    let mut credentials: Vec<&Entry> = Vec::new();
    for e in c.results.iter() {
        if !credentials.iter().any(|x| x.credential == e.credential) {
            credentials.push(e);
        }
    }
    out.push_str("<nav><ul>");
    let _ = write!(
        out,
        "<li><a href=\"#{id}-claims\">The study's claims</a></li>"
    );
    for e in &credentials {
        let _ = write!(
            out,
            "<li><a href=\"#{id}-c-{}\">{}</a> ({})</li>",
            slug(&e.credential),
            escape(&e.credential),
            escape(&e.set)
        );
    }
    if c.exchange.is_some() {
        let _ = write!(
            out,
            "<li><a href=\"#{id}-x0\">The three-format exchange</a></li>"
        );
    }
    if c.flamegraphs.is_some() {
        let _ = write!(out, "<li><a href=\"#{id}-flames\">Flamegraphs</a></li>");
    }
    let _ = writeln!(
        out,
        "<li><a href=\"#{id}-meta\">Run metadata</a></li></ul></nav>"
    );
    // The claims.
    let _ = writeln!(
        out,
        "<h3 id=\"{id}-claims\">The study's claims, checked on this run</h3>"
    );
    out.push_str("<table><tr><th class=\"l\">claim</th><th class=\"l\">verdict</th><th class=\"l\">measured</th></tr>\n");
    for claim in &c.claims {
        let class = match claim.verdict.as_str() {
            "holds" => " holds",
            "does not hold" => " fails",
            _ => "",
        };
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l{class}\"><strong>{}</strong></td><td class=\"l\">{}</td></tr>",
            escape(&claim.claim),
            escape(&claim.verdict),
            claim.measured.iter().map(|m| escape(m)).collect::<Vec<_>>().join("<br/>")
        );
    }
    out.push_str("</table>\n");
    // RDFC-1.0 / JCS per credential.
    let _ = writeln!(
        out,
        "<h3 id=\"{id}-ratios\">RDFC-1.0 / JCS per credential</h3><p class=\"meta\">Medians of the iterations run without the span timer (whose own cost grows with the number of spans).</p>"
    );
    out.push_str("<table><tr><th class=\"l\">credential</th><th class=\"l\">set</th><th>bytes</th><th>quads</th><th>blank nodes</th><th>JCS µs</th>");
    let engines = c.engines();
    for engine in &engines {
        let _ = write!(
            out,
            "<th>RDFC-1.0 {0} µs</th><th>RDFC-1.0 {0} / JCS</th><th>expand share ({0})</th>",
            escape(engine.name())
        );
    }
    out.push_str("</tr>\n");
    for e in &credentials {
        let jcs = docs
            .iter()
            .find(|j| j.algorithm == Algorithm::Jcs && j.credential == e.credential);
        let _ = write!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
            escape(&e.credential),
            escape(&e.set),
            if e.baseline { " (baseline)" } else { "" },
            thousands(e.bytes as u64),
            thousands(e.quads as u64),
            thousands(e.blank_nodes as u64),
            jcs.map_or("-".into(), |j| fmt_us(j.cost_us()))
        );
        for engine in &engines {
            let rdfc = docs.iter().find(|r| {
                r.algorithm == Algorithm::Rdfc10
                    && r.credential == e.credential
                    && r.engine == Some(*engine)
            });
            match (rdfc, jcs) {
                (Some(r), Some(j)) => {
                    let _ = write!(
                        out,
                        "<td>{}</td><td>{:.1}x</td><td>{}</td>",
                        fmt_us(r.cost_us()),
                        r.cost_us() / j.cost_us(),
                        r.phases
                            .get("expand")
                            .map_or("-".into(), |p| fmt_share(p.share))
                    );
                }
                _ => out.push_str("<td>-</td><td>-</td><td>-</td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    // Per credential.
    for e in &credentials {
        credential(out, ctx, c, &e.credential);
    }
    if let Some(x) = &c.exchange {
        let _ = writeln!(out, "<h3>The three-format exchange</h3>");
        super::exchange::formats(out, &format!("{id}-x0"), x);
    }
    if let Some(flames) = &c.flamegraphs {
        flamegraphs(out, ctx, flames);
    }
}

/// One credential: its bars per algorithm and engine, the phase table, spec steps and counters.
fn credential(out: &mut String, ctx: &Ctx, c: &Canonicalization, name: &str) {
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
    let bars: Vec<Bar> = entries
        .iter()
        .map(|e| Bar {
            label: e.label(),
            segments: e
                .phases_in_order()
                .into_iter()
                .filter(|(_, p)| p.parent.is_none())
                .map(|(n, p)| (n.to_string(), p.stats.median_us))
                .collect(),
            total_us: e.total.median_us,
            whisker_us: Some((e.total.min_run_median_us, e.total.max_run_median_us)),
        })
        .collect();
    out.push_str(&svg::stacked_bars(
        &format!("{id}-bars"),
        &format!("{name}: phases per algorithm and engine (µs; whisker: min–max of the total's run medians)"),
        &PHASE_LEGEND,
        &bars,
    ));
    out.push_str(&svg::share_bars(
        &format!("{id}-shares"),
        &format!("{name}: each pipeline's phases as shares of its own total"),
        &PHASE_LEGEND,
        &bars,
    ));
    // The table beside the chart: one row per phase, one column per pipeline.
    out.push_str("\n<table><tr><th class=\"l\">phase</th>");
    for e in &entries {
        let _ = write!(out, "<th>{} µs</th><th>share</th>", escape(&e.label()));
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
                        "<td>{} <span class=\"meta\">({})</span></td><td>{}</td>",
                        fmt_us(p.stats.median_us),
                        fmt_range(p.stats.min_run_median_us, p.stats.max_run_median_us),
                        fmt_share(p.share)
                    );
                }
                None => out.push_str("<td>-</td><td>-</td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("<tr class=\"total\"><td class=\"l\">total</td>");
    for e in &entries {
        let _ = write!(
            out,
            "<td>{} <span class=\"meta\">({})</span></td><td>100%</td>",
            fmt_us(e.total.median_us),
            fmt_range(e.total.min_run_median_us, e.total.max_run_median_us)
        );
    }
    out.push_str("</tr></table>\n");
    // Spec steps and counters, per pipeline that has them.
    for e in entries.iter().filter(|e| !e.steps.is_empty()) {
        let _ = writeln!(
            out,
            "<details><summary>Spec steps of {} (self time; the rows of a phase add up to the phase{})</summary><table><tr><th class=\"l\">phase</th><th class=\"l\">step</th><th>median µs</th><th>run medians</th><th>share</th></tr>",
            escape(&e.label()),
            match e.steps_pass_us {
                Some(pass) => format!(
                    " in a pass of its own with the spec steps timed: {} µs, {:+.1}% against the total above; shares are of that pass",
                    fmt_us(pass),
                    (pass / e.total.median_us - 1.0) * 100.0
                ),
                None => " as measured in the runs above".to_string(),
            }
        );
        for s in &e.steps {
            let _ = writeln!(
                out,
                "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&s.phase),
                escape(&s.name),
                fmt_us(s.stats.median_us),
                fmt_range(s.stats.min_run_median_us, s.stats.max_run_median_us),
                fmt_share(s.share)
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

/// Links to every flamegraph and folded file, and the RDFC-1.0 graphs embedded.
fn flamegraphs(out: &mut String, ctx: &Ctx, flames: &FlameIndex) {
    let dir = ctx.json_dir.join(&flames.dir);
    let link = |file: &str| crate::export::relative_path(ctx.report_dir, &dir.join(file));
    let _ = writeln!(out, "<h3 id=\"{}-flames\">Flamegraphs</h3>", ctx.id);
    if let Some(index) = &flames.index {
        let _ = writeln!(
            out,
            "<p>Their index: <a href=\"{}\">{}</a>. Sampled graphs show where CPU time goes; span graphs the phases (and, with <code>--detail spec</code>, the specifications' steps).</p>",
            escape(&link(index)),
            escape(&link(index))
        );
    }
    out.push_str("<ul>");
    for g in &flames.graphs {
        let _ = write!(
            out,
            "<li>{}: <a href=\"{}\">{}</a> (<a href=\"{}\">folded stacks</a>){}</li>",
            escape(&g.credential),
            escape(&link(&g.svg)),
            escape(&g.label),
            escape(&link(&g.folded)),
            g.samples.map_or(String::new(), |s| format!(
                ", {} samples",
                thousands(s as u64)
            ))
        );
    }
    out.push_str("</ul>\n");
    // The RDFC-1.0 span graphs of the main engine embedded, as the flamegraph index shows them.
    for g in flames
        .graphs
        .iter()
        .filter(|g| g.label == "rdfc-1.0 spans" && !g.svg.contains('/'))
    {
        let Some(height) = svg_height(&dir.join(&g.svg)) else {
            continue;
        };
        let engine = g
            .engine
            .map_or(String::new(), |e| format!(", {} engine", escape(e.name())));
        // A picture of the graph (an <img> renders everywhere, screenshots included); the link opens the
        // interactive SVG (zoom, search).
        let _ = writeln!(
            out,
            "<p class=\"meta\">{} — {}{engine} (span graph: mean time per iteration over the sampling window, not the tables' medians; click it to open it interactive)</p><a href=\"{2}\"><img class=\"flame\" src=\"{2}\" alt=\"{3}\" style=\"max-height:{4}px\"/></a>",
            escape(&g.credential),
            escape(&g.label),
            escape(&link(&g.svg)),
            escape(&format!("{} {} span flamegraph", g.credential, g.label)),
            height.ceil()
        );
    }
}

/// The `height` of an SVG file's root element (px), reading its first 4 KiB; `None` when the file is not there
/// or says no height.
fn svg_height(path: &Path) -> Option<f64> {
    use std::io::Read;
    let mut head = vec![0u8; 4096];
    let n = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    let head = String::from_utf8_lossy(&head[..n]);
    let svg = &head[head.find("<svg")?..];
    let at = svg.find(" height=\"")? + 9;
    let value: String = svg[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    value
        .parse()
        .ok()
        .filter(|h: &f64| *h > 0.0 && *h < 100_000.0)
}
