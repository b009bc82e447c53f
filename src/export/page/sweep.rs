//! A sweep's section: the growth chart and the phases per size.

use super::section::inline_svg;
use crate::export::html::escape;
use crate::export::{fmt_us, thousands};
use crate::results::sweep::Sweep;
use std::fmt::Write;

pub(super) fn section(out: &mut String, s: &Sweep) {
    let series = crate::export::sweep::series(&s.points);
    match crate::export::sweep::chart(s, &series) {
        Ok(svg) => out.push_str(&inline_svg(&svg)),
        Err(e) => {
            let _ = write!(out, "<p>chart not drawn: {}</p>", escape(&e.to_string()));
        }
    }
    out.push_str("\n<table><tr><th>size</th><th>bytes</th><th>quads</th><th>blank nodes</th>");
    let phases = crate::canon::phase::RDFC;
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
                .find(|x| x.name == *name)
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
