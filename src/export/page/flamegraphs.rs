//! A run's flamegraphs: links to every graph and folded file, and the RDFC-1.0 span graphs embedded.

use super::section::RunPlace;
use crate::export::html::escape;
use crate::export::thousands;
use crate::results::FlameIndex;
use std::fmt::Write;
use std::path::Path;

/// Links to every flamegraph and folded file, and the RDFC-1.0 graphs embedded.
pub(super) fn section(out: &mut String, ctx: &RunPlace, flames: &FlameIndex) {
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
            "<li>{}: <a href=\"{}\">{}</a> (<a href=\"{}\">folded stacks</a>{}){}</li>",
            escape(&g.credential),
            escape(&link(&g.svg)),
            escape(&g.label),
            escape(&link(&g.folded)),
            crate::export::html::viewer_links(
                &g.viewers.iter().map(|v| link(v)).collect::<Vec<_>>()
            ),
            g.samples.map_or(String::new(), |s| format!(
                ", {} samples",
                thousands(s as u64)
            ))
        );
    }
    out.push_str("</ul>\n");
    // The RDFC-1.0 graphs of the main engine embedded, span graph first, as the flamegraph index shows them: as
    // <object>s, so that the graph's own script runs (search, click to zoom, labels fitted to the bars).
    let mut embedded: Vec<_> = flames
        .graphs
        .iter()
        .filter(|g| {
            !g.svg.contains('/') && (g.label == "rdfc-1.0 spans" || g.label == "rdfc-1.0 sampled")
        })
        .collect();
    embedded.sort_by_key(|g| (g.credential.clone(), !g.label.ends_with("spans")));
    for g in embedded {
        let Some((width, height)) = svg_size(&dir.join(&g.svg)) else {
            continue;
        };
        let engine = g
            .engine
            .map_or(String::new(), |e| format!(", {} engine", escape(e.name())));
        let what = if g.label.ends_with("spans") {
            "span graph: mean time per iteration over the sampling window, not the tables' medians"
        } else {
            "sampled CPU time"
        };
        let _ = writeln!(
            out,
            "<p class=\"meta\">{} — {}{engine} ({what}; click a bar to zoom, Search to highlight frames; <a href=\"{2}\">open it alone</a>)</p>\n<object class=\"flame\" type=\"image/svg+xml\" data=\"{2}\" width=\"{3}\" height=\"{4}\" title=\"{5}\"></object>",
            escape(&g.credential),
            escape(&g.label),
            escape(&link(&g.svg)),
            width.ceil(),
            height.ceil(),
            escape(&format!("{} {} flamegraph", g.credential, g.label)),
        );
    }
}

/// The `width` and `height` of an SVG file's root element (px), reading its first 4 KiB; `None` when the file is
/// not there or says no size.
fn svg_size(path: &Path) -> Option<(f64, f64)> {
    use std::io::Read;
    let mut head = vec![0u8; 4096];
    let n = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    let head = String::from_utf8_lossy(&head[..n]);
    let svg = &head[head.find("<svg")?..];
    let attribute = |name: &str| -> Option<f64> {
        let at = svg.find(&format!(" {name}=\""))? + name.len() + 3;
        let value: String = svg[at..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        value
            .parse()
            .ok()
            .filter(|v: &f64| *v > 0.0 && *v < 100_000.0)
    };
    Some((attribute("width")?, attribute("height")?))
}
