//! `report.html`: one self-contained page built from saved exports ([`crate::results::saved`]) — by every
//! main-job run and by `canonprof report RESULTS.json... -o FILE`. One file per kind of saved run draws its
//! sections (`canonicalization`, `exchange`, `sweep`, `jws`, `verify`), `merge` the cross-run table, `section`
//! what they share; every chart is inline SVG drawn here (`svg`) or by [`super::chart`], with a text table beside
//! it. No script, style sheet, font or image is loaded from anywhere, and the flamegraph SVGs stay separate files
//! linked (and the RDFC-1.0 span graphs shown as pictures) by relative path. The page is XHTML served as HTML: it
//! parses as XML, and its ids are unique.

mod canonicalization;
mod credential;
mod exchange;
mod flamegraphs;
mod jws;
mod merge;
mod section;
mod svg;
mod sweep;
mod verify;

use crate::error::Result;
use crate::export::html::escape;
use crate::export::thousands;
use crate::results::compare::merge::Merge;
use crate::results::exchange::Export as ExchangeExport;
use crate::results::saved::{Body, SavedRun};
use section::{heading, RunPlace};
use std::fmt::Write;
use std::path::Path;

const STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:1.5em auto;max-width:1280px;padding:0 1em;color:#222;line-height:1.4}\
h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}h3{margin-top:1.6em}\
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right;vertical-align:top}\
th{background:#f3f3f3}td.l,th.l{text-align:left}tr.total td{font-weight:bold}\
.summary{background:#f6f8fa;border-left:4px solid #0072B2;padding:.6em 1em;font-size:1.05em}\
.meta{color:#555;font-size:.9em}.chart{max-width:100%;height:auto;display:block;margin:.5em 0}\
.ct{font-size:15px;font-weight:bold}.cl{font-size:12px}.cb{font-size:12px}.cs{font-size:11px;fill:#000}\
.whisker line{stroke:#000;stroke-width:1.5}object.flame{max-width:100%;border:1px solid #ddd;margin:.5em 0;display:block}\
details{margin:.5em 0}summary{cursor:pointer;color:#0b5394}nav ul{columns:3}.holds{color:#006400}.fails{color:#a00}";

/// Writes `report.html` for `runs` at `path` (with the cross-run table when two or more runs hold a
/// canonicalization or exchange table). Errors: the page cannot be written.
pub(crate) fn write_report(runs: &[SavedRun], path: &Path) -> Result<()> {
    let comparable: Vec<&SavedRun> = runs.iter().filter(|r| r.is_comparable()).collect();
    let merged = (comparable.len() > 1)
        .then(|| crate::results::compare::merge::merge(&comparable, Default::default()));
    let page = Page {
        runs,
        report_dir: crate::export::parent_dir(path),
        merge: merged.as_ref(),
    };
    crate::export::write_atomically(path, &render(&page))
}

/// Where the report is written and which runs it shows: their exports' links are made relative to
/// `report_dir`.
pub(crate) struct Page<'a> {
    /// The saved runs, in the order given.
    pub runs: &'a [SavedRun],
    /// The directory of the report file.
    pub report_dir: &'a Path,
    /// The cross-run table when more than one run is given ([`crate::results::compare::merge`]).
    pub merge: Option<&'a Merge>,
}

/// Renders the page.
pub(crate) fn render(page: &Page) -> String {
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
        "<p class=\"meta\">{} saved run{}{}: {}. All times are medians of run medians in µs; whiskers and ranges are the spread over the runs (the min–max of the run medians; for an exchange total, of the run totals). A pipeline has one cost, the iterations run without the span timer; its phases and spec steps are shares of the instrumented pass, shown in µs scaled to that cost.</p>",
        names.len(),
        if names.len() == 1 { "" } else { "s" },
        if page.runs.is_empty() { ", merged" } else { "" },
        names.join("; ")
    );
    if let Some(merge) = page.merge {
        merge::section(&mut out, merge);
    }
    for (i, run) in page.runs.iter().enumerate() {
        let id = format!("r{}", i + 1);
        let json_dir = super::parent_dir(&run.path);
        let ctx = RunPlace {
            id: &id,
            json_dir,
            report_dir: page.report_dir,
            multiple: page.runs.len() > 1,
            name: run.name(),
        };
        match &run.body {
            Body::Canonicalization(c) => canonicalization::section(&mut out, &ctx, c),
            Body::Exchange(ExchangeExport::All { reports, .. }) => {
                heading(&mut out, &ctx, "The three-format exchange");
                for (j, r) in reports.iter().enumerate() {
                    exchange::formats(&mut out, &format!("{id}-x{j}"), r);
                }
            }
            Body::Exchange(ExchangeExport::Vcdm(r)) => {
                heading(&mut out, &ctx, "W3C VCDM per cryptosuite");
                exchange::suites(&mut out, &ctx, r);
            }
            Body::Sweep(s) => {
                heading(&mut out, &ctx, "Scaling sweep");
                sweep::section(&mut out, s);
            }
            Body::Jws(m) => {
                heading(&mut out, &ctx, "JWS signature matrix");
                jws::section(&mut out, m);
            }
            Body::Verify(v) => {
                heading(&mut out, &ctx, "Verification");
                verify::section(&mut out, &ctx, v);
            }
        }
        metadata(&mut out, &id, run);
    }
    out.push_str("</body></html>\n");
    out
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
                k.runs, k.iterations, crate::export::fmt_interleaved(k.interleaved, "a credential's pipelines"), crate::export::fmt_warmup(k.warmup, k.warmup_seconds), k.context_cache, k.engine, k.detail.name(), thousands(k.hndq_call_limit as u64)
            ),
        );
    }
    out.push_str("</table>\n");
}
