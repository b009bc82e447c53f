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
