//! A verify run's section: one row per file with its verdict, time and flamegraph.

use super::section::{linked, Ctx};
use crate::export::fmt_us;
use crate::export::html::escape;
use std::fmt::Write;
use std::path::Path;

pub(super) fn section(out: &mut String, ctx: &Ctx, v: &serde_json::Value) {
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
