//! A verify run's section: one row per file with its verdict, time and flamegraph.

use super::section::{linked, RunPlace};
use crate::export::fmt_us;
use crate::export::html::escape;
use crate::results::verify::{Export, FileEntry};
use std::fmt::Write;
use std::path::Path;

pub(super) fn section(out: &mut String, ctx: &RunPlace, v: &Export) {
    out.push_str("<table><tr><th class=\"l\">file</th><th class=\"l\">format</th><th class=\"l\">verdict</th><th>verification µs</th><th class=\"l\">flamegraph</th></tr>\n");
    for f in &v.files {
        let (file, format, verified, us, graph) = match f {
            FileEntry::Read(r) => (
                r.file.as_str(),
                r.format.as_str(),
                r.verified,
                r.timing
                    .as_ref()
                    .map_or("-".into(), |t| fmt_us(t.total.median_us)),
                r.flamegraph
                    .as_deref()
                    .map_or("-".into(), |g| linked(ctx, Path::new(g), "span flamegraph")),
            ),
            FileEntry::Unreadable(u) => (u.file.as_str(), "-", u.verified, "-".into(), "-".into()),
        };
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{us}</td><td class=\"l\">{graph}</td></tr>",
            escape(file),
            escape(format),
            if verified { "verified" } else { "NOT VERIFIED" }
        );
    }
    out.push_str("</table>\n");
}
