//! A JWS matrix's section: the chart and the sign/verify table.

use super::section::inline_svg;
use crate::export::html::escape;
use crate::export::{fmt_us, thousands};
use crate::results::jws::Matrix;
use std::fmt::Write;

pub(super) fn section(out: &mut String, m: &Matrix) {
    match crate::export::jws::chart(m) {
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
            crate::export::jws::size_label(c.bytes),
            fmt_us(c.sign.wall_us),
            fmt_us(c.verify.wall_us),
            thousands(c.signature_bytes as u64),
            thousands(c.token_bytes as u64)
        );
    }
    out.push_str("</table>\n");
}
