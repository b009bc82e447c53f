//! An exchange's sections: the three-format table (also inside a canonicalization run) and the per-cryptosuite
//! VCDM table.

use super::section::{linked, RunPlace};
use super::svg::{self, Bar};
use crate::export::html::escape;
use crate::export::{fmt_range, fmt_share, fmt_us, thousands};
use crate::results::exchange::{FormatsReport, SuitesReport};
use std::fmt::Write;
use std::path::Path;

/// The three-format exchange: stacked bars per format and algorithm, the table, and the band verdicts.
pub(super) fn formats(out: &mut String, id: &str, r: &FormatsReport) {
    let _ = writeln!(
        out,
        "<p class=\"meta\" id=\"{id}\">{}; {}.</p>",
        escape(&crate::export::exchange::formats_subject(r)),
        escape(&crate::export::exchange::formats_settings(r))
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
    chart(
        out,
        &format!("{id}-bars"),
        &format!(
            "Exchange on {}: issue, present, verify per format",
            r.credential
        ),
        "whisker: min–max of run totals",
        &bars,
    );
    out.push_str("\n<table><tr><th class=\"l\">alg</th><th class=\"l\">format</th><th class=\"l\">engine</th><th>issue µs</th><th>present µs</th><th>verify µs</th><th>total µs</th><th>run totals µs</th><th>canonicalizations</th><th>credential bytes</th><th>bytes</th><th>signature bytes</th><th>repeated signature bytes</th><th>x509 µs</th><th class=\"l\">present</th></tr>\n");
    for f in &r.results {
        let op = |name: &str| {
            f.operations
                .iter()
                .find(|o| o.operation == name)
                .map_or("-".into(), |o| fmt_us(o.total.median_us))
        };
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"l\">{}</td></tr>",
            escape(&f.alg),
            escape(&f.format),
            escape(f.engine.map_or("-", |e| e.name())),
            op("issue"),
            op("present"),
            op("verify"),
            fmt_us(f.total_us),
            fmt_range(f.total_range_us.0, f.total_range_us.1),
            f.canonicalizations,
            thousands(f.issued_bytes as u64),
            thousands(f.presented_bytes as u64),
            thousands(f.signature_bytes as u64),
            escape(&crate::export::exchange::repeated(f)),
            f.certificate_chain_us.map_or("-".into(), fmt_us),
            escape(crate::export::exchange::present_meaning(&f.format))
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
            crate::export::compare::fmt_ratio(ratio.ratio),
            crate::results::claims::band_words(!ratio.within_band)
        );
    }
    out.push_str("</table>\n");
}

/// The operations of the exchange's `bars` as stacked bars on a linear µs axis; or, when one bar is more than
/// [`svg::LOG_ABOVE`] times another (the shorter ones would be slivers), the totals on a log axis followed by the
/// operations as shares of each total. `whisker` says what the whiskers are ("" when there are none).
fn chart(out: &mut String, id: &str, title: &str, whisker: &str, bars: &[Bar]) {
    const OPERATIONS: [&str; 3] = ["issue", "present", "verify"];
    let whisker = if whisker.is_empty() {
        String::new()
    } else {
        format!("; {whisker}")
    };
    if svg::spans_orders(bars) {
        out.push_str(&svg::log_bars(
            id,
            &format!(
                "{title}: totals (µs, log scale: the largest is over {:.0}x the smallest{whisker})",
                svg::LOG_ABOVE
            ),
            bars,
        ));
        out.push_str(&svg::share_bars(
            &format!("{id}-shares"),
            &format!("{title}: the operations as shares of each total"),
            &OPERATIONS,
            bars,
        ));
    } else {
        out.push_str(&svg::stacked_bars(
            id,
            &format!("{title} (µs, linear scale{whisker})"),
            &OPERATIONS,
            bars,
        ));
    }
}

pub(super) fn suites(out: &mut String, ctx: &RunPlace, r: &SuitesReport) {
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
    chart(
        out,
        &format!("{id}-suites"),
        "W3C VCDM 2.0 per cryptosuite: issue, present, verify",
        "",
        &bars,
    );
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
                escape(s.engine.name()),
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
