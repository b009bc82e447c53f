//! The exchange's renderings ([`crate::report::exchange`]): the three-format table (also printed by the main
//! job), the per-cryptosuite VCDM table, and `canonprof exchange --export-json`.

use super::{fmt_range, fmt_share, fmt_us};
use crate::report::exchange::{Export, FormatsReport, Ratio, SuiteResult, SuitesReport, BAND};
use std::fmt::Write;

/// The study's table: per algorithm and format, issue / present / verify medians, the exchange total with the
/// min–max of run totals, canonicalizations, bytes on the wire and (mdoc) the certificate chain check inside
/// verify (`x509`); then
/// the pairwise ratios judged against the 10% band.
pub fn formats_table(report: &FormatsReport) -> String {
    let s = &report.settings;
    let mut out = format!(
        "canonprof exchange — SD-JWT VC, mdoc and W3C VCDM on {} ({} subject attributes, {} disclosed: {}); {} runs x {} iterations, formats interleaved run by run (warm-up {}); RDFC-1.0 expansion engine {}, context cache {}; medians in µs\n\n",
        report.credential,
        report.attributes,
        report.disclosed.len(),
        report.disclosed.join(", "),
        s.runs,
        s.iterations,
        super::fmt_warmup(s.warmup, s.warmup_seconds),
        report.engine,
        on_off(report.context_cache)
    );
    let width = report
        .results
        .iter()
        .map(|r| r.format.chars().count())
        .max()
        .unwrap_or(0)
        .max(22);
    let _ = writeln!(
        out,
        "{:<8} {:<width$} {:>9} {:>9} {:>9} {:>10} {:>19} {:>6} {:>7} {:>9}",
        "alg",
        "format",
        "issue",
        "present",
        "verify",
        "total",
        "run totals",
        "canon.",
        "bytes",
        "x509"
    );
    for r in &report.results {
        let op = |i: usize| fmt_us(r.operations[i].total.median_us);
        let _ = writeln!(
            out,
            "{:<8} {:<width$} {:>9} {:>9} {:>9} {:>10} {:>19} {:>6} {:>7} {:>9}",
            r.alg,
            r.format,
            op(0),
            op(1),
            op(2),
            fmt_us(r.total_us),
            fmt_range(r.total_range_us.0, r.total_range_us.1),
            r.canonicalizations,
            fmt_us(r.presented_bytes as f64),
            r.certificate_chain_us.map_or(String::new(), fmt_us),
        );
    }
    let _ = writeln!(
        out,
        "\nratios of exchange totals (a difference within ±{:.0}% is not called real):",
        BAND * 100.0
    );
    for ratio in &report.ratios {
        let _ = writeln!(out, "  {:<8} {}", ratio.alg, sentence(ratio));
    }
    out.push('\n');
    out
}

/// `VCDM eddsa-rdfc-2022 / mdoc = 1.9x: outside the band`.
fn sentence(ratio: &Ratio) -> String {
    format!(
        "{} / {} = {:.2}x: {}",
        ratio.slower,
        ratio.faster,
        ratio.ratio,
        if ratio.within_band {
            "within the 10% band (no real difference)"
        } else {
            "outside the band"
        }
    )
}

/// Per credential, cryptosuite and operation: median with the min–max of run medians, canonicalizations, their
/// share, and the signature step.
pub fn suites_table(report: &SuitesReport) -> String {
    let (results, config) = (&report.results, &report.config);
    // Rows of a second expansion engine (`--engine both`) are named by it.
    let first_engine = results.first().map_or("", |r| r.engine.as_str());
    let label = |r: &SuiteResult| match r.engine == first_engine {
        true => r.cryptosuite.clone(),
        false => format!("{} ({} engine)", r.cryptosuite, r.engine),
    };
    let mut engines: Vec<&str> = Vec::new();
    for r in results {
        if !engines.contains(&r.engine.as_str()) {
            engines.push(&r.engine);
        }
    }
    let width = results
        .iter()
        .map(|r| label(r).chars().count())
        .max()
        .unwrap_or(0)
        .max(20);
    let mut out = format!(
        "canonprof exchange — W3C VCDM 2.0 + Data Integrity: issue, present (up to {} subject attributes disclosed: re-signed, or derived with ecdsa-sd-2023), verify; {} runs x {} iterations (warm-up {}); RDFC-1.0 expansion engine {}, context cache {}; medians in µs\n\n",
        config.disclosed, config.settings.runs, config.settings.iterations, super::fmt_warmup(config.settings.warmup, config.settings.warmup_seconds), engines.join(" and "),
        on_off(config.context_cache)
    );
    let _ = writeln!(
        out,
        "{:<16} {:<width$} {:<9} {:>10} {:>19} {:>7} {:>11} {:>11}",
        "credential",
        "cryptosuite",
        "operation",
        "median",
        "run medians",
        "canon.",
        "canon share",
        "sign/verify"
    );
    for r in results {
        for op in &r.operations {
            let crypto = op
                .steps
                .iter()
                .find(|s| s.name == "sign" || s.name == "verify")
                .map_or(f64::NAN, |s| s.stats.median_us);
            let _ = writeln!(
                out,
                "{:<16} {:<width$} {:<9} {:>10} {:>19} {:>7} {:>11} {:>11}",
                r.credential,
                label(r),
                op.operation,
                fmt_us(op.total.median_us),
                fmt_range(op.total.min_run_median_us, op.total.max_run_median_us),
                op.canonicalizations,
                fmt_share(op.canonicalization_share),
                fmt_us(crypto)
            );
        }
        let _ = writeln!(
            out,
            "{:<16} {:<width$} {:<9} {:>10} {:>19} {:>7}   presented {} bytes\n",
            r.credential,
            label(r),
            "EXCHANGE",
            fmt_us(r.exchange_median_us),
            "",
            r.canonicalizations,
            r.presented_bytes
        );
    }
    out
}

/// `canonprof exchange --export-json`: pretty JSON, keys in code point order at every level (see
/// [`super::json::to_text`]).
pub fn json(export: &Export) -> String {
    super::json::to_text(export)
}

fn on_off(on: bool) -> &'static str {
    match on {
        true => "on",
        false => "off",
    }
}
