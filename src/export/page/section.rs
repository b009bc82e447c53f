//! What every section of the page needs: the run's ids and directories, headings, ids, links and inline SVG.

use crate::export::html::escape;
use std::fmt::Write;
use std::path::Path;

/// Where one saved run sits on the page and on disk: what every section of it needs.
pub(super) struct RunPlace<'a> {
    /// The run's id prefix (`r1`): every id in its sections starts with it.
    pub(super) id: &'a str,
    /// The directory of its export (its flamegraph paths are relative to it).
    pub(super) json_dir: &'a Path,
    /// The report's directory.
    pub(super) report_dir: &'a Path,
    /// Whether the page shows several runs (then each heading names its file).
    pub(super) multiple: bool,
    /// The export's file name.
    pub(super) name: String,
}

pub(super) fn heading(out: &mut String, ctx: &RunPlace, title: &str) {
    let suffix = if ctx.multiple {
        format!(" — {}", escape(&ctx.name))
    } else {
        String::new()
    };
    let _ = writeln!(out, "<h2 id=\"{}\">{}{suffix}</h2>", ctx.id, escape(title));
}

/// An id-safe form of a name: letters, digits and `-`.
pub(super) fn slug(name: &str) -> String {
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

/// A link to `file` (relative to the export's directory) from the report, when the file is there.
pub(super) fn linked(ctx: &RunPlace, file: &Path, text: &str) -> String {
    let path = ctx.json_dir.join(file);
    if path.is_file() {
        format!(
            "<a href=\"{}\">{}</a>",
            escape(&crate::export::relative_path(ctx.report_dir, &path)),
            escape(text)
        )
    } else {
        format!("{} (not found beside the export)", escape(text))
    }
}

/// An SVG from plotters, made fit for an XHTML page (no XML declaration).
pub(super) fn inline_svg(svg: &str) -> String {
    let start = svg.find("<svg").unwrap_or(0);
    svg[start..].replacen("<svg ", "<svg class=\"chart\" ", 1)
}
