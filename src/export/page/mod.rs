//! `report.html`: one self-contained page built from saved exports ([`crate::results::saved`]) — by every main-job run
//! and by `canonprof report RESULTS.json... -o FILE`. Every chart is inline SVG drawn here ([`svg`]) or by
//! [`super::chart`], with a text table beside it; no script, style sheet, font or image is loaded from
//! anywhere, and the flamegraph SVGs stay separate files linked (and the RDFC-1.0 span graphs shown as pictures) by relative
//! path. The page is XHTML served as HTML: it parses as XML, and its ids are unique.

pub mod svg;
mod write;

pub use write::write_report;

use super::html::escape;
use super::{fmt_range, fmt_share, fmt_us, plural, thousands};
use crate::results::compare::merge::Merge;
use crate::results::exchange::{Export as ExchangeExport, FormatsReport, SuitesReport};
use crate::results::jws::Matrix;
use crate::results::saved::{Body, Canonicalization, Entry, SavedRun};
use crate::results::sweep::Sweep;
use std::fmt::Write;
use std::path::Path;
use svg::Bar;

const STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:1.5em auto;max-width:1280px;padding:0 1em;color:#222;line-height:1.4}\
h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}h3{margin-top:1.6em}\
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right;vertical-align:top}\
th{background:#f3f3f3}td.l,th.l{text-align:left}tr.total td{font-weight:bold}\
.summary{background:#f6f8fa;border-left:4px solid #0072B2;padding:.6em 1em;font-size:1.05em}\
.meta{color:#555;font-size:.9em}.chart{max-width:100%;height:auto;display:block;margin:.5em 0}\
.ct{font-size:15px;font-weight:bold}.cl{font-size:12px}.cb{font-size:12px}.cs{font-size:11px;fill:#000}\
.whisker line{stroke:#000;stroke-width:1.5}img.flame{width:100%;height:auto;border:1px solid #ddd;margin:.5em 0;display:block}\
details{margin:.5em 0}summary{cursor:pointer;color:#0b5394}nav ul{columns:3}.holds{color:#006400}.fails{color:#a00}";

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

/// Where the report is written and which runs it shows: their exports' links are made relative to
/// `report_dir`.
pub struct Page<'a> {
    /// The saved runs, in the order given.
    pub runs: &'a [SavedRun],
    /// The directory of the report file.
    pub report_dir: &'a Path,
    /// The cross-run table when more than one run is given ([`crate::results::compare::merge`]).
    pub merge: Option<&'a Merge>,
}

/// Renders the page.
pub fn render(page: &Page) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"><head><meta charset=\"utf-8\"/>\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>canonprof report</title><style>",
    );
    out.push_str(STYLE);
    out.push_str("</style></head><body>\n<h1>canonprof report: what does it cost to secure a Verifiable Credential, and where does the time go?</h1>\n");
    let names: Vec<String> = match (page.runs.is_empty(), page.merge) {
        (true, Some(m)) => m.columns.iter().map(|c| escape(&c.name)).collect(),
        _ => page
            .runs
            .iter()
            .map(|r| {
                format!(
                    "{} ({}, {})",
                    escape(&r.name()),
                    r.kind().name(),
                    escape(&r.metadata.started_at)
                )
            })
            .collect(),
    };
    let _ = writeln!(
        out,
        "<p class=\"meta\">{} saved run{}{}: {}. All times are medians of run medians in µs; whiskers and ranges are the spread over the runs (the min–max of the run medians; for an exchange total, of the run totals).</p>",
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        if page.runs.is_empty() { ", merged" } else { "" },
        names.join("; ")
    );
    if let Some(merge) = page.merge {
        merge_section(&mut out, merge);
    }
    for (i, run) in page.runs.iter().enumerate() {
        let id = format!("r{}", i + 1);
        let json_dir = super::parent_dir(&run.path);
        let ctx = Ctx {
            id: &id,
            json_dir,
            report_dir: page.report_dir,
            multiple: page.runs.len() > 1,
            name: run.name(),
        };
        match &run.body {
            Body::Canonicalization(c) => canonicalization(&mut out, &ctx, c),
            Body::Exchange(ExchangeExport::All { reports }) => {
                heading(&mut out, &ctx, "The three-format exchange");
                for (j, r) in reports.iter().enumerate() {
                    formats(&mut out, &format!("{id}-x{j}"), r);
                }
            }
            Body::Exchange(ExchangeExport::Vcdm(r)) => {
                heading(&mut out, &ctx, "W3C VCDM per cryptosuite");
                suites(&mut out, &ctx, r);
            }
            Body::Sweep(s) => {
                heading(&mut out, &ctx, "Scaling sweep");
                sweep(&mut out, s);
            }
            Body::Jws(m) => {
                heading(&mut out, &ctx, "JWS signature matrix");
                jws(&mut out, m);
            }
            Body::Verify(v) => {
                heading(&mut out, &ctx, "Verification");
                verify(&mut out, &ctx, v);
            }
        }
        metadata(&mut out, &id, run);
    }
    out.push_str("</body></html>\n");
    out
}

/// What every section of one run needs.
struct Ctx<'a> {
    /// The run's id prefix (`r1`): every id in its sections starts with it.
    id: &'a str,
    /// The directory of its export (its flamegraph paths are relative to it).
    json_dir: &'a Path,
    /// The report's directory.
    report_dir: &'a Path,
    /// Whether the page shows several runs (then each heading names its file).
    multiple: bool,
    /// The export's file name.
    name: String,
}

fn heading(out: &mut String, ctx: &Ctx, title: &str) {
    let suffix = match ctx.multiple {
        true => format!(" — {}", escape(&ctx.name)),
        false => String::new(),
    };
    let _ = writeln!(out, "<h2 id=\"{}\">{}{suffix}</h2>", ctx.id, escape(title));
}

/// An id-safe form of a name: letters, digits and `-`.
fn slug(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

/// The engine as sentences say it.
fn engine_words(engine: &str) -> &str {
    match engine {
        "json-ld" => "the json-ld crate",
        "canonprof" => "canonprof's engine",
        other => other,
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

/// The main job's entries that answer the cost question: each credential itself (no proof part), contexts
/// cached.
fn documents(c: &Canonicalization) -> Vec<&Entry> {
    c.results
        .iter()
        .filter(|e| {
            e.part == "document"
                && e.proof.is_none()
                && (e.context_cache != Some(false) || c.config.context_cache == "off")
        })
        .collect()
}

fn engines(c: &Canonicalization) -> Vec<&str> {
    let mut engines: Vec<&str> = Vec::new();
    for e in documents(c) {
        if let Some(engine) = e.engine.as_deref() {
            if !engines.contains(&engine) {
                engines.push(engine);
            }
        }
    }
    engines
}

/// The three sentences that answer the cost question with the run's own numbers.
fn summary_sentences(c: &Canonicalization) -> Vec<String> {
    let docs = documents(c);
    let measured: Vec<&Entry> = docs.iter().copied().filter(|e| !e.baseline).collect();
    let jcs_of = |credential: &str| {
        docs.iter()
            .find(|j| j.algorithm == "jcs" && j.credential == credential)
            .map(|j| j.cost_us())
    };
    let mut by_engine = Vec::new();
    let mut expansion = Vec::new();
    for engine in engines(c) {
        let rdfc: Vec<&Entry> = measured
            .iter()
            .copied()
            .filter(|e| e.algorithm == "rdfc-1.0" && e.engine.as_deref() == Some(engine))
            .collect();
        let ratios: Vec<f64> = rdfc
            .iter()
            .filter_map(|e| jcs_of(&e.credential).map(|j| e.cost_us() / j))
            .collect();
        if !ratios.is_empty() {
            by_engine.push(format!(
                "{} ({})",
                ratio_span(&ratios, "x"),
                engine_words(engine)
            ));
        }
        let shares: Vec<f64> = rdfc
            .iter()
            .filter_map(|e| e.phases.get("expand").map(|p| p.share * 100.0))
            .collect();
        if !shares.is_empty() {
            expansion.push(format!(
                "{} ({})",
                ratio_span(&shares, "%"),
                engine_words(engine)
            ));
        }
    }
    let credentials: Vec<&str> = {
        let mut names: Vec<&str> = Vec::new();
        for e in &measured {
            if !names.contains(&e.credential.as_str()) {
                names.push(&e.credential);
            }
        }
        names
    };
    let mut sentences = vec![
        format!(
            "On the same credential, RDFC-1.0 took {} as long as JCS (RFC 8785), over {} credential{}.",
            by_engine.join(" and "),
            credentials.len(),
            if credentials.len() == 1 { "" } else { "s" }
        ),
        format!(
            "JSON-LD expansion was {} of RDFC-1.0's time.",
            expansion.join(" and ")
        ),
    ];
    // Labeling's largest share with each engine, and where.
    let mut largest = 0.0f64;
    let label_parts: Vec<String> = engines(c)
        .into_iter()
        .filter_map(|engine| {
            let (share, e) = measured
                .iter()
                .filter(|e| e.algorithm == "rdfc-1.0" && e.engine.as_deref() == Some(engine))
                .filter_map(|e| e.phases.get("label").map(|p| (p.share, *e)))
                .max_by(|a, b| a.0.total_cmp(&b.0))?;
            largest = largest.max(share);
            Some(format!(
                "{} ({}, {})",
                fmt_share(share),
                engine_words(engine),
                escape(&e.credential)
            ))
        })
        .collect();
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
    let main = engines(c)
        .first()
        .map_or("the main engine", |e| engine_words(e));
    let ratios: Vec<f64> = c
        .summary
        .edu_simple_ratios
        .iter()
        .map(|(_, r)| *r)
        .collect();
    sentences.push(match ratios.is_empty() {
        true => format!("No simple and education credentials side by side in this run, so the edu/simple ratio (the study: 31–49x) is not measured; {label_words}."),
        false => format!(
            "Education credentials cost {} the median of the simple credentials with {main}, the run's main engine (the study: 31–49x); {label_words}.",
            ratio_span(&ratios, "x")
        ),
    });
    sentences
}

fn canonicalization(out: &mut String, ctx: &Ctx, c: &Canonicalization) {
    let id = ctx.id;
    heading(out, ctx, "The answer, from this run");
    out.push_str("<div class=\"summary\">");
    for s in summary_sentences(c) {
        let _ = write!(out, "<p>{s}</p>");
    }
    out.push_str("</div>\n");
    // Contents.
    let docs = documents(c);
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
    let engines = engines(c);
    for engine in &engines {
        let _ = write!(
            out,
            "<th>RDFC-1.0 {0} µs</th><th>RDFC-1.0 {0} / JCS</th><th>expand share ({0})</th>",
            escape(engine)
        );
    }
    out.push_str("</tr>\n");
    for e in &credentials {
        let jcs = docs
            .iter()
            .find(|j| j.algorithm == "jcs" && j.credential == e.credential);
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
                r.algorithm == "rdfc-1.0"
                    && r.credential == e.credential
                    && r.engine.as_deref() == Some(engine)
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
        formats(out, &format!("{id}-x0"), x);
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
        escape(&entries.iter().find(|e| e.algorithm == "rdfc-1.0").map_or(String::new(), |e| e.sha256.chars().take(16).collect::<String>() + "…"))
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
    names.sort_by_key(|(n, _)| crate::results::saved::phase_rank(n));
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

/// The three-format exchange: stacked bars per format and algorithm, the table, and the band verdicts.
fn formats(out: &mut String, id: &str, r: &FormatsReport) {
    let _ = writeln!(
        out,
        "<p class=\"meta\" id=\"{id}\">{}; {}.</p>",
        escape(&super::exchange::formats_subject(r)),
        escape(&super::exchange::formats_settings(r))
    );
    let bars: Vec<Bar> = r
        .results
        .iter()
        .map(|f| Bar {
            label: format!("{} · {}", f.alg, f.format),
            segments: f
                .operations
                .iter()
                .map(|o| (o.operation.clone(), o.total.median_us))
                .collect(),
            total_us: f.total_us,
            whisker_us: Some(f.total_range_us),
        })
        .collect();
    out.push_str(&svg::stacked_bars(
        &format!("{id}-bars"),
        &format!("Exchange on {}: issue, present, verify per format (µs; whisker: min–max of run totals)", r.credential),
        &["issue", "present", "verify"],
        &bars,
    ));
    out.push_str("\n<table><tr><th class=\"l\">alg</th><th class=\"l\">format</th><th class=\"l\">engine</th><th>issue µs</th><th>present µs</th><th>verify µs</th><th>total µs</th><th>run totals µs</th><th>canonicalizations</th><th>bytes</th><th>x509 µs</th><th class=\"l\">present</th></tr>\n");
    for f in &r.results {
        let op = |name: &str| {
            f.operations
                .iter()
                .find(|o| o.operation == name)
                .map_or("-".into(), |o| fmt_us(o.total.median_us))
        };
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"l\">{}</td></tr>",
            escape(&f.alg),
            escape(&f.format),
            escape(f.engine.as_deref().unwrap_or("-")),
            op("issue"),
            op("present"),
            op("verify"),
            fmt_us(f.total_us),
            fmt_range(f.total_range_us.0, f.total_range_us.1),
            f.canonicalizations,
            thousands(f.presented_bytes as u64),
            f.certificate_chain_us.map_or("-".into(), fmt_us),
            escape(super::exchange::present_meaning(&f.format))
        );
    }
    out.push_str("</table>\n<table><tr><th class=\"l\">alg</th><th class=\"l\">slower</th><th class=\"l\">faster</th><th>ratio</th><th class=\"l\">verdict (±10% band)</th></tr>\n");
    for ratio in &r.ratios {
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td class=\"l\">{}</td></tr>",
            escape(&ratio.alg),
            escape(&ratio.slower),
            escape(&ratio.faster),
            super::compare::fmt_ratio(ratio.ratio),
            if ratio.within_band { "within the 10% band (no real difference)" } else { "outside the band" }
        );
    }
    out.push_str("</table>\n");
}

/// A link to `file` (relative to the export's directory) from the report, when the file is there.
fn linked(ctx: &Ctx, file: &Path, text: &str) -> String {
    let path = ctx.json_dir.join(file);
    match path.is_file() {
        true => format!(
            "<a href=\"{}\">{}</a>",
            escape(&super::relative_path(ctx.report_dir, &path)),
            escape(text)
        ),
        false => format!("{} (not found beside the export)", escape(text)),
    }
}

fn suites(out: &mut String, ctx: &Ctx, r: &SuitesReport) {
    let id = ctx.id;
    let bars: Vec<Bar> = r
        .results
        .iter()
        .map(|s| Bar {
            label: format!("{} · {} · {}", s.credential, s.cryptosuite, s.engine),
            segments: s
                .operations
                .iter()
                .map(|o| (o.operation.clone(), o.total.median_us))
                .collect(),
            total_us: s.exchange_median_us,
            whisker_us: None,
        })
        .collect();
    out.push_str(&svg::stacked_bars(
        &format!("{id}-suites"),
        "W3C VCDM 2.0 per cryptosuite: issue, present, verify (µs)",
        &["issue", "present", "verify"],
        &bars,
    ));
    out.push_str("\n<table><tr><th class=\"l\">credential</th><th class=\"l\">cryptosuite</th><th class=\"l\">engine</th><th class=\"l\">operation</th><th>median µs</th><th>run medians µs</th><th>canonicalizations</th><th>canon. share</th></tr>\n");
    let graphs: Vec<String> = r
        .results
        .iter()
        .filter_map(|s| {
            let (dir, file) = (r.flamegraph_dir.as_ref()?, s.flamegraph.as_ref()?);
            let label = format!("{} · {} · {}", s.credential, s.cryptosuite, s.engine);
            Some(format!(
                "<li>{}</li>",
                linked(ctx, &Path::new(dir).join(file), &label)
            ))
        })
        .collect();
    for s in &r.results {
        for o in &s.operations {
            let _ = writeln!(
                out,
                "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&s.credential),
                escape(&s.cryptosuite),
                escape(&s.engine),
                escape(&o.operation),
                fmt_us(o.total.median_us),
                fmt_range(o.total.min_run_median_us, o.total.max_run_median_us),
                o.canonicalizations,
                fmt_share(o.canonicalization_share)
            );
        }
    }
    out.push_str("</table>\n");
    if !graphs.is_empty() {
        let _ = writeln!(
            out,
            "<p>Span flamegraphs of each exchange:</p><ul>{}</ul>",
            graphs.concat()
        );
    }
}

/// An SVG from plotters, made fit for an XHTML page (no XML declaration).
fn inline_svg(svg: &str) -> String {
    let start = svg.find("<svg").unwrap_or(0);
    svg[start..].replacen("<svg ", "<svg class=\"chart\" ", 1)
}

fn sweep(out: &mut String, s: &Sweep) {
    let series = super::sweep::series(&s.points);
    match super::sweep::chart(s, &series) {
        Ok(svg) => out.push_str(&inline_svg(&svg)),
        Err(e) => {
            let _ = write!(out, "<p>chart not drawn: {}</p>", escape(&e.to_string()));
        }
    }
    out.push_str("\n<table><tr><th>size</th><th>bytes</th><th>quads</th><th>blank nodes</th>");
    let phases = ["parse", "expand", "to_rdf", "label", "serialize", "hash"];
    for p in phases {
        let _ = write!(out, "<th>{p} µs</th>");
    }
    out.push_str("<th>RDFC-1.0 µs</th><th>JCS µs</th></tr>\n");
    for p in &s.points {
        let _ = write!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
            p.size,
            thousands(p.bytes as u64),
            thousands(p.quads as u64),
            thousands(p.blank_nodes as u64)
        );
        for name in phases {
            let us = p
                .rdfc
                .phases
                .iter()
                .find(|x| x.name == name)
                .map_or(f64::NAN, |x| x.stats.median_us);
            let _ = write!(out, "<td>{}</td>", fmt_us(us));
        }
        let _ = writeln!(
            out,
            "<td>{}</td><td>{}</td></tr>",
            fmt_us(p.rdfc.total.median_us),
            fmt_us(p.jcs.total.median_us)
        );
    }
    out.push_str("</table>\n");
}

fn jws(out: &mut String, m: &Matrix) {
    match super::jws::chart(m) {
        Ok(svg) => out.push_str(&inline_svg(&svg)),
        Err(e) => {
            let _ = write!(out, "<p>chart not drawn: {}</p>", escape(&e.to_string()));
        }
    }
    out.push_str("\n<table><tr><th class=\"l\">name</th><th class=\"l\">family</th><th>payload</th><th>sign µs</th><th>verify µs</th><th>signature bytes</th><th>token bytes</th></tr>\n");
    for c in &m.cells {
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&c.name),
            escape(&c.family),
            super::jws::size_label(c.bytes),
            fmt_us(c.sign.wall_us),
            fmt_us(c.verify.wall_us),
            thousands(c.signature_bytes as u64),
            thousands(c.token_bytes as u64)
        );
    }
    out.push_str("</table>\n");
}

fn verify(out: &mut String, ctx: &Ctx, v: &serde_json::Value) {
    out.push_str("<table><tr><th class=\"l\">file</th><th class=\"l\">format</th><th class=\"l\">verdict</th><th>verification µs</th><th class=\"l\">flamegraph</th></tr>\n");
    let files = v.get("files").and_then(|f| f.as_array());
    for f in files.into_iter().flatten() {
        let text = |k: &str| f.get(k).and_then(|x| x.as_str()).unwrap_or("-").to_string();
        let verified = f.get("verified").and_then(|x| x.as_bool()) == Some(true);
        let us = f
            .pointer("/timing/total/median_us")
            .and_then(|x| x.as_f64())
            .map_or("-".into(), fmt_us);
        let graph = f
            .get("flamegraph")
            .and_then(|g| g.as_str())
            .map_or("-".into(), |g| linked(ctx, Path::new(g), "span flamegraph"));
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{us}</td><td class=\"l\">{graph}</td></tr>",
            escape(&text("file")),
            escape(&text("format")),
            if verified { "verified" } else { "NOT VERIFIED" }
        );
    }
    out.push_str("</table>\n");
}

/// Links to every flamegraph and folded file, and the RDFC-1.0 graphs embedded.
fn flamegraphs(out: &mut String, ctx: &Ctx, flames: &crate::results::FlameIndex) {
    let dir = ctx.json_dir.join(&flames.dir);
    let link = |file: &str| super::relative_path(ctx.report_dir, &dir.join(file));
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
            .as_deref()
            .map_or(String::new(), |e| format!(", {} engine", escape(e)));
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

fn metadata(out: &mut String, id: &str, run: &SavedRun) {
    let m = &run.metadata;
    let _ = writeln!(
        out,
        "<h3 id=\"{id}-meta\">Run metadata — {}</h3>",
        escape(&run.name())
    );
    out.push_str("<table>");
    let mut row = |k: &str, v: String| {
        let _ = write!(
            out,
            "<tr><th class=\"l\">{}</th><td class=\"l\">{}</td></tr>",
            escape(k),
            escape(&v)
        );
    };
    row("kind", run.kind().name().into());
    row("started", m.started_at.clone());
    row("CPU", format!("{} ({} cores)", m.cpu, m.cores));
    row("OS", m.os.clone());
    row(
        "canonprof",
        format!(
            "{} @ {} ({})",
            m.canonprof_version,
            m.git_commit,
            if m.optimized_build {
                "optimized build"
            } else {
                "debug build"
            }
        ),
    );
    row("rustc", m.rustc.clone());
    row("crates", m.crates.join(", "));
    if let Body::Canonicalization(c) = &run.body {
        let k = &c.config;
        row(
            "settings",
            format!(
                "{} runs x {} iterations{}, warm-up {}; context cache {}; engine {}; detail {}; Hash N-Degree Quads call limit {}",
                k.runs, k.iterations, super::fmt_interleaved(k.interleaved, "a credential's pipelines"), super::fmt_warmup(k.warmup, k.warmup_seconds), k.context_cache, k.engine, k.detail, thousands(k.hndq_call_limit as u64)
            ),
        );
    }
    out.push_str("</table>\n");
}

fn merge_section(out: &mut String, m: &Merge) {
    out.push_str("<h2 id=\"merge\">Across runs</h2>\n<p>A ratio's ordering survives when it is outside the ±10% band on the same side in every run (the study's test).</p>\n<table><tr><th class=\"l\">run</th><th class=\"l\">file</th><th class=\"l\">environment</th><th class=\"l\">settings</th><th class=\"l\">build</th></tr>\n");
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
                let _ = write!(out, "<td>{}</td>", super::compare::merged_value(*v, ratio));
            }
            if let Some(s) = r.survival {
                let _ = write!(out, "<td class=\"l\">{}</td>", escape(s.describe()));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</table>\n");
    }
}
