//! The exchange's renderings ([`crate::results::exchange`]): the three-format table (also printed by the main
//! job), the per-cryptosuite VCDM table, and `canonprof exchange --export-json`.

use super::{fmt_range, fmt_share, fmt_us};
use crate::integrity::proof_span;
use crate::keys::Backend;
use crate::results::exchange::{
    Export, FormatResult, FormatsReport, Ratio, SuiteResult, SuitesReport, BAND, BBS_LIBRARY,
};
use crate::results::names::EngineSetting;
use crate::results::{Claim, ExportKind, Metadata};
use std::fmt::Write;

/// The study's table: per algorithm and format, issue / present / verify medians, the exchange total with the
/// min–max of run totals, canonicalizations, the sizes (the issued credential, what the holder presents, and the
/// signatures in it) and (mdoc) the certificate chain check inside verify (`x509`). `verbose` adds what "present" does per format and the pairwise ratios judged against the
/// 10% band (always in the JSON and Markdown); without it one line says where they are.
pub(crate) fn formats_table(report: &FormatsReport, verbose: bool) -> String {
    let mut out = format!(
        "canonprof exchange — SD-JWT VC, mdoc and W3C VCDM on {}; {}; medians in µs\n\n",
        formats_subject(report),
        formats_settings(report)
    );
    let width = report
        .results
        .iter()
        .map(|r| r.format.chars().count())
        .max()
        .unwrap_or(0)
        .max(22);
    let alg_width = report
        .results
        .iter()
        .map(|r| r.alg.chars().count())
        .max()
        .unwrap_or(0)
        .max(8);
    let _ = writeln!(
        out,
        "{:<alg_width$} {:<width$} {:>9} {:>10} {:>9} {:>10} {:>19} {:>6} {:>7} {:>7} {:>6} {:>14} {:>9}",
        "alg",
        "format",
        "issue µs",
        "present µs",
        "verify µs",
        "total µs",
        "run totals µs",
        "canon.",
        "cred. B",
        "pres. B",
        "sig. B",
        "repeat B",
        "x509 µs"
    );
    for r in &report.results {
        let op = |i: usize| fmt_us(r.operations[i].total.median_us);
        let _ = writeln!(
            out,
            "{:<alg_width$} {:<width$} {:>9} {:>10} {:>9} {:>10} {:>19} {:>6} {:>7} {:>7} {:>6} {:>14} {:>9}",
            r.alg,
            r.format,
            op(0),
            op(1),
            op(2),
            fmt_us(r.total_us),
            fmt_range(r.total_range_us.0, r.total_range_us.1),
            r.canonicalizations,
            super::thousands(r.issued_bytes as u64),
            super::thousands(r.presented_bytes as u64),
            super::thousands(r.signature_bytes as u64),
            repeated(r),
            r.certificate_chain_us.map_or(String::new(), fmt_us),
        );
    }
    let _ = write!(
        out,
        "\ncanon.: RDFC-1.0 or JCS canonicalizations per exchange; bytes (B): the issued credential, what the holder\npresents, and the signatures in it the verifier checks (SD-JWT VC: issuer JWT + KB-JWT; mdoc: MSO + device + DS\ncertificate; VCDM: the proof value); repeat B: the longest run of signature bytes two presentations of the\ncredential share (16 or more: a verifier can link them; a BBS proof repeats none); x509 µs: the mdoc certificate\nchain check inside verify."
    );
    if verbose {
        let _ = writeln!(out, " present:");
        for (format, meaning) in present_meanings(report) {
            let _ = writeln!(out, "  {format:<width$} {meaning}");
        }
    } else {
        out.push('\n');
    }
    if !report.backend_shares.is_empty() {
        let _ = writeln!(
            out,
            "\nthe signature backend's share of each exchange (the same formats with RustCrypto and aws-lc-rs, interleaved in the same runs;\nshare = (RustCrypto total - aws-lc-rs total) / RustCrypto total):"
        );
        let _ = writeln!(
            out,
            "  {:<8} {:<width$} {:>15} {:>15} {:>8} {:>7}",
            "alg", "format", "rustcrypto µs", "aws-lc-rs µs", "speedup", "share"
        );
        for b in &report.backend_shares {
            let _ = writeln!(
                out,
                "  {:<8} {:<width$} {:>15} {:>15} {:>7.2}x {:>7}",
                b.alg,
                b.format,
                fmt_us(b.rustcrypto_us),
                fmt_us(b.aws_lc_rs_us),
                b.speedup,
                fmt_share(b.share)
            );
        }
    }
    if verbose {
        let _ = writeln!(
            out,
            "\nratios of exchange totals (a difference within ±{:.0}% is not called real):",
            BAND * 100.0
        );
        for ratio in &report.ratios {
            let _ = writeln!(
                out,
                "  {:<8} {}",
                ratio.alg,
                sentence(ratio, unmarked(report))
            );
        }
    } else if !report.ratios.is_empty() {
        let _ = writeln!(
            out,
            "what present does per format and the {} pairwise ratios of exchange totals: with --verbose (always in the\nJSON and Markdown exports)",
            report.ratios.len()
        );
    }
    out.push('\n');
    out
}

/// The study's claims `canonprof exchange` checks on `report`'s rows: a header as the main job's, one line per
/// claim with its verdict and measured values (each naming its engine and signature backend), then the claims
/// it cannot check, each with the rows it needs. `several`: the run exchanged several credentials (the header
/// names this one).
pub(crate) fn claims(report: &FormatsReport, claims: &[Claim], several: bool) -> String {
    let mut out = String::from("The study's claims, checked on this run");
    if several {
        let _ = write!(out, " (on {})", report.credential);
    }
    out.push('\n');
    for c in claims {
        let _ = writeln!(
            out,
            "  {}: {} — measured: {}",
            c.claim,
            c.verdict.name().to_uppercase(),
            c.measured.join("; ")
        );
    }
    for (claim, needs) in crate::results::claims::unchecked_by_exchange(report) {
        let _ = writeln!(out, "  not checked here: {claim} — needs {needs}");
    }
    out
}

/// [`claims`] as Markdown (`--export-markdown`): a table of claim, verdict and measured, then the unchecked
/// claims with the rows they need.
fn claims_markdown(report: &FormatsReport, claims: &[Claim]) -> String {
    let mut out = String::from(
        "\n### The study's claims, checked on this run\n\n| claim | verdict | measured |\n|---|---|---|\n",
    );
    for c in claims {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            c.claim,
            c.verdict.name(),
            c.measured.join("<br/>")
        );
    }
    out.push('\n');
    for (claim, needs) in crate::results::claims::unchecked_by_exchange(report) {
        let _ = writeln!(out, "- not checked here: {claim} — needs {needs}");
    }
    out
}

/// The exchange's Markdown export: each three-format table with the claims checked on it.
pub(crate) fn formats_markdown_with_claims(
    reports: &[FormatsReport],
    claims: &[Vec<Claim>],
) -> String {
    let mut out = String::from("# canonprof exchange\n\n");
    for (i, report) in reports.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&formats_markdown(report));
        if let Some(claims) = claims.get(i) {
            out.push_str(&claims_markdown(report, claims));
        }
    }
    out
}

/// What "present" does in `format` (a three-format row's name, `VCDM <cryptosuite>` with an optional engine
/// suffix): the holder derives a presentation from what the issuer signed (SD-JWT VC, mdoc, ecdsa-sd-2023,
/// bbs-2023) or
/// re-signs a credential reduced to the disclosed attributes (the other Data Integrity cryptosuites).
pub(crate) fn present_meaning(format: &str) -> &'static str {
    match format {
        f if f.starts_with("SD-JWT VC") => {
            "derives: keeps the disclosed Disclosures and adds a KB-JWT (holder-signed)"
        }
        f if f.starts_with("mdoc") => {
            "derives: keeps the disclosed IssuerSignedItems and signs DeviceAuth (holder)"
        }
        f if f.contains("ecdsa-sd-2023") => {
            "derives: a derived proof over the disclosed statements"
        }
        f if f.contains("bbs-2023") => {
            "derives: a fresh BBS proof of the issuer's signature, disclosing the selected statements"
        }
        f if f.starts_with(crate::results::exchange::VCDM_PREFIX) => {
            "re-signs: the holder signs a credential reduced to the disclosed attributes"
        }
        _ => "-",
    }
}

/// Each distinct format of `report` with [`present_meaning`], in table order.
fn present_meanings(report: &FormatsReport) -> Vec<(&str, &'static str)> {
    let mut seen: Vec<(&str, &'static str)> = Vec::new();
    for r in &report.results {
        if !seen.iter().any(|(f, _)| *f == r.format) {
            seen.push((&r.format, present_meaning(&r.format)));
        }
    }
    seen
}

/// The three-format table as Markdown (`--export-markdown`, and inside the main job's): per algorithm and
/// format the operations' medians, the exchange total with its run range, canonicalizations, bytes, the mdoc
/// chain check and what "present" means; then the ratios against the band.
pub(crate) fn formats_markdown(report: &FormatsReport) -> String {
    let mut out = format!(
        "## Exchange: SD-JWT VC, mdoc and W3C VCDM on {}\n\n{}; medians in µs.\n\n",
        formats_subject(report),
        formats_settings(report)
    );
    out.push_str("| alg | format | engine | signatures | issue µs | present µs | verify µs | total µs | run totals µs | canonicalizations | credential bytes | bytes | signature bytes | repeated signature bytes | x509 µs | present |\n|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for r in &report.results {
        let op = |i: usize| fmt_us(r.operations[i].total.median_us);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.alg,
            r.format,
            r.engine.map_or("-", |e| e.name()),
            r.signatures,
            op(0),
            op(1),
            op(2),
            fmt_us(r.total_us),
            fmt_range(r.total_range_us.0, r.total_range_us.1),
            r.canonicalizations,
            super::thousands(r.issued_bytes as u64),
            super::thousands(r.presented_bytes as u64),
            super::thousands(r.signature_bytes as u64),
            repeated(r),
            r.certificate_chain_us.map_or("-".into(), fmt_us),
            present_meaning(&r.format)
        );
    }
    if !report.backend_shares.is_empty() {
        out.push_str("\nThe signature backend's share of each exchange (the same formats with RustCrypto and aws-lc-rs, interleaved in the same runs; share = (RustCrypto total − aws-lc-rs total) / RustCrypto total):\n\n| alg | format | RustCrypto µs | aws-lc-rs µs | speedup | share |\n|---|---|---:|---:|---:|---:|\n");
        for b in &report.backend_shares {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {:.2}x | {} |",
                b.alg,
                b.format,
                fmt_us(b.rustcrypto_us),
                fmt_us(b.aws_lc_rs_us),
                b.speedup,
                fmt_share(b.share)
            );
        }
    }
    let _ = writeln!(
        out,
        "\nRatios of exchange totals (a difference within ±{:.0}% is not called real):\n",
        BAND * 100.0
    );
    for ratio in &report.ratios {
        let _ = writeln!(
            out,
            "- {}: {}",
            ratio.alg,
            sentence(ratio, unmarked(report))
        );
    }
    out
}

/// The per-suite VCDM table as Markdown.
pub(crate) fn suites_markdown(report: &SuitesReport) -> String {
    let c = &report.config;
    let mut out = format!(
        "## Exchange: W3C VCDM 2.0 + Data Integrity per cryptosuite\n\n{} runs x {} iterations{} (warm-up {}); up to {} subject attributes disclosed; context cache {}; {}; seed {}; medians in µs.\n\n| credential | cryptosuite | engine | signatures | operation | median µs | run medians µs | canonicalizations | canon. share | sign/verify µs |\n|---|---|---|---|---|---:|---:|---:|---:|---:|\n",
        c.settings.runs,
        c.settings.iterations,
        super::fmt_interleaved(c.interleaved, SUITES_INTERLEAVED),
        super::fmt_warmup(c.settings.warmup, c.settings.warmup_seconds),
        c.disclosed,
        on_off(c.context_cache),
        signatures_sentence(&c.signatures),
        c.settings.seed
    );
    for r in &report.results {
        for op in &r.operations {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                r.credential,
                r.cryptosuite,
                r.engine,
                r.signatures,
                op.operation,
                fmt_us(op.total.median_us),
                fmt_range(op.total.min_run_median_us, op.total.max_run_median_us),
                op.canonicalizations,
                fmt_share(op.canonicalization_share),
                fmt_us(crypto_us(op))
            );
        }
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | **exchange** | {} | | {} | | presented {} bytes; present {} |",
            r.credential,
            r.cryptosuite,
            r.engine,
            r.signatures,
            fmt_us(r.exchange_median_us),
            r.canonicalizations,
            super::thousands(r.presented_bytes as u64),
            present_meaning(&format!("VCDM {}", r.cryptosuite))
                .split(':')
                .next()
                .unwrap_or("-")
        );
    }
    out.push_str("\nSteps of each operation (median µs; the spans of `crate::integrity::proof_span`, in the order they run):\n\n| credential | cryptosuite | engine | operation | steps |\n|---|---|---|---|---|\n");
    for r in &report.results {
        for op in &r.operations {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                r.credential,
                r.cryptosuite,
                r.engine,
                op.operation,
                steps_line(op)
            );
        }
    }
    out
}

/// An operation's steps with their medians: `canonicalize_proof_config 1,234 · canonicalize_document 5,678 · …`.
fn steps_line(op: &crate::results::exchange::OperationResult) -> String {
    let steps: Vec<String> = op
        .steps
        .iter()
        .map(|s| format!("{} {}", s.name, fmt_us(s.stats.median_us)))
        .collect();
    if steps.is_empty() {
        "-".to_string()
    } else {
        steps.join(" · ")
    }
}

/// The steps of an operation that sign or verify (span names): the suites'
/// one signature, bbs-2023's BBS Sign, ProofGen and ProofVerify.
const CRYPTO_STEPS: [&str; 5] = [
    proof_span::SIGN,
    proof_span::VERIFY,
    proof_span::BBS_SIGN,
    proof_span::BBS_PROOF_GEN,
    proof_span::BBS_PROOF_VERIFY,
];

/// The sign or verify step's median inside an operation (µs), NaN without one.
fn crypto_us(op: &crate::results::exchange::OperationResult) -> f64 {
    op.steps
        .iter()
        .find(|s| CRYPTO_STEPS.contains(&s.name.as_str()))
        .map_or(f64::NAN, |s| s.stats.median_us)
}

/// The longest run of signature bytes two presentations share, with `linkable` from
/// [`LINKABLE_RUN`](crate::results::exchange::LINKABLE_RUN) bytes
/// (`-` when not measured).
pub(crate) fn repeated(r: &FormatResult) -> String {
    match (r.repeated_bytes, r.linkable()) {
        (Some(n), Some(true)) => format!("{} linkable", super::thousands(n as u64)),
        (Some(n), _) => super::thousands(n as u64),
        (None, _) => "-".to_string(),
    }
}

/// CSV of the three-format tables (`--export-csv`): one row per (credential, alg, format, operation) and an
/// `exchange` row per format; times in µs.
pub(crate) fn formats_csv(reports: &[FormatsReport]) -> String {
    let mut out = String::from("credential,alg,format,engine,signatures,operation,median_us,min_run_median_us,max_run_median_us,p10_us,p90_us,canonicalizations,presented_bytes,issued_bytes,signature_bytes,repeated_signature_bytes\n");
    for report in reports {
        for r in &report.results {
            let engine = r.engine.map_or("", |e| e.name());
            let signatures = &r.signatures;
            for op in &r.operations {
                let t = &op.total;
                let _ = writeln!(
                    out,
                    "{},{},{},{engine},{signatures},{},{:.3},{:.3},{:.3},{:.3},{:.3},{},,,,",
                    report.credential,
                    r.alg,
                    r.format,
                    op.operation,
                    t.median_us,
                    t.min_run_median_us,
                    t.max_run_median_us,
                    t.p10_us,
                    t.p90_us,
                    op.canonicalizations
                );
            }
            let _ = writeln!(
                out,
                "{},{},{},{engine},{signatures},exchange,{:.3},{:.3},{:.3},,,{},{},{},{},{}",
                report.credential,
                r.alg,
                r.format,
                r.total_us,
                r.total_range_us.0,
                r.total_range_us.1,
                r.canonicalizations,
                r.presented_bytes,
                r.issued_bytes,
                r.signature_bytes,
                r.repeated_bytes.map_or(String::new(), |n| n.to_string())
            );
        }
    }
    out
}

/// CSV of the per-suite table (`--export-csv` with `--format vcdm`): one row per (credential, cryptosuite,
/// engine, operation) and an `exchange` row each; times in µs.
pub(crate) fn suites_csv(report: &SuitesReport) -> String {
    let mut out = String::from("credential,cryptosuite,engine,signatures,operation,median_us,min_run_median_us,max_run_median_us,p10_us,p90_us,canonicalizations,canonicalization_share,presented_bytes\n");
    for r in &report.results {
        for op in &r.operations {
            let t = &op.total;
            let _ = writeln!(
                out,
                "{},{},{},{},{},{:.3},{:.3},{:.3},{:.3},{:.3},{},{:.4},",
                r.credential,
                r.cryptosuite,
                r.engine,
                r.signatures,
                op.operation,
                t.median_us,
                t.min_run_median_us,
                t.max_run_median_us,
                t.p10_us,
                t.p90_us,
                op.canonicalizations,
                op.canonicalization_share
            );
        }
        let _ = writeln!(
            out,
            "{},{},{},{},exchange,{:.3},,,,,{},,{}",
            r.credential,
            r.cryptosuite,
            r.engine,
            r.signatures,
            r.exchange_median_us,
            r.canonicalizations,
            r.presented_bytes
        );
    }
    out
}

/// What a three-format table exchanged: `person-20 (20 subject attributes, 5 disclosed: a, b, …)`.
pub(crate) fn formats_subject(report: &FormatsReport) -> String {
    format!(
        "{} ({} subject attribute{}, {} disclosed: {})",
        report.credential,
        report.attributes,
        if report.attributes == 1 { "" } else { "s" },
        report.disclosed.len(),
        report.disclosed.join(", ")
    )
}

/// How a three-format table was measured, as every rendering of it says: `5 runs x 50 iterations, formats
/// interleaved run by run (warm-up 5); RDFC-1.0 expansion engine json-ld, context cache on; signatures
/// RustCrypto (ECDSA nonces RFC 6979); seed 2026`.
pub(crate) fn formats_settings(report: &FormatsReport) -> String {
    let s = &report.settings;
    format!(
        "{} runs x {} iterations, formats interleaved run by run (warm-up {}); RDFC-1.0 expansion engine {}, context cache {}; {}; seed {}",
        s.runs,
        s.iterations,
        super::fmt_warmup(s.warmup, s.warmup_seconds),
        report.engines_name(),
        on_off(report.context_cache),
        signatures_sentence(&report.signatures),
        s.seed
    )
}

/// The signature backends of a table (`rustcrypto`, `aws-lc-rs`, `rustcrypto and aws-lc-rs`) as its header
/// says them: `signatures RustCrypto (ECDSA nonces RFC 6979)`, or each backend described and joined by `and`
/// (the aws-lc-rs rows then name their backend); an unknown name as it is.
fn signatures_sentence(signatures: &str) -> String {
    let described: Vec<String> = signatures
        .split(" and ")
        .map(|name| match Backend::from_name(name) {
            Some(backend) => backend.describe().to_string(),
            None => name.to_string(),
        })
        .collect();
    match described.len() {
        1 => format!("signatures {}", described[0]),
        _ => format!(
            "signatures {}, interleaved (rows named by their backend are its)",
            described.join(" and ")
        ),
    }
}

/// `VCDM eddsa-rdfc-2022 / mdoc = 1.90x: differs by more than the 10% band`.
fn sentence(ratio: &Ratio, unmarked: &str) -> String {
    format!(
        "{} / {} = {:.2}x: {}",
        with_engine(&ratio.slower, unmarked),
        with_engine(&ratio.faster, unmarked),
        ratio.ratio,
        crate::results::claims::band_words(!ratio.within_band)
    )
}

/// The engine of the rows whose format names none: the run's only engine, or the json-ld crate's beside
/// canonprof's.
fn unmarked(report: &FormatsReport) -> &'static str {
    match report.engine {
        EngineSetting::Canonprof => "canonprof",
        _ => "json-ld",
    }
}

/// A format as a ratio names it: an RDFC-1.0 cryptosuite's row with its expansion engine (the rows of the run's
/// first engine carry none in the table), so that no ratio of canonicalized rows leaves its engine unsaid.
fn with_engine(format: &str, unmarked: &str) -> String {
    let rdfc = format.contains("rdfc") || format.contains("ecdsa-sd");
    match rdfc && !format.ends_with("engine)") {
        true => format!("{format} ({unmarked} engine)"),
        false => format.to_string(),
    }
}

/// Per credential, cryptosuite and operation: median with the min–max of run medians, canonicalizations, their
/// share, and the signature step.
pub(crate) fn suites_table(report: &SuitesReport) -> String {
    let (results, config) = (&report.results, &report.config);
    // Rows of a second expansion engine (`--engine both`) are named by it.
    // So are a second signature backend's (`--signatures both`).
    let first_engine = results.first().map(|r| r.engine);
    // bbs-2023's rows sign with zkryptium whatever the backend: not a second backend.
    let first_backend = results
        .iter()
        .find(|r| r.signatures != BBS_LIBRARY)
        .map_or("", |r| r.signatures.as_str());
    let label = |r: &SuiteResult| {
        let mut label = if Some(r.engine) == first_engine {
            r.cryptosuite.clone()
        } else {
            format!("{} ({} engine)", r.cryptosuite, r.engine)
        };
        if r.signatures != first_backend && r.signatures != BBS_LIBRARY {
            label = format!("{label} ({})", r.signatures);
        }
        label
    };
    let mut engines: Vec<&str> = Vec::new();
    for r in results {
        if !engines.contains(&r.engine.name()) {
            engines.push(r.engine.name());
        }
    }
    let width = results
        .iter()
        .map(|r| label(r).chars().count())
        .max()
        .unwrap_or(0)
        .max(20);
    let mut out = format!(
        "canonprof exchange — W3C VCDM 2.0 + Data Integrity: issue, present (up to {} subject attributes disclosed: re-signed, or derived with ecdsa-sd-2023 or bbs-2023), verify; {} runs x {} iterations{} (warm-up {}); RDFC-1.0 expansion engine {}, context cache {}; {}; medians in µs\n\n",
        config.disclosed, config.settings.runs, config.settings.iterations, super::fmt_interleaved(config.interleaved, SUITES_INTERLEAVED), super::fmt_warmup(config.settings.warmup, config.settings.warmup_seconds), engines.join(" and "),
        on_off(config.context_cache), signatures_sentence(&config.signatures)
    );
    let _ = writeln!(
        out,
        "{:<16} {:<width$} {:<9} {:>10} {:>19} {:>7} {:>11} {:>14}",
        "credential",
        "cryptosuite",
        "operation",
        "median µs",
        "run medians µs",
        "canon.",
        "canon share",
        "sign/verify µs"
    );
    for r in results {
        for op in &r.operations {
            let crypto = crypto_us(op);
            let _ = writeln!(
                out,
                "{:<16} {:<width$} {:<9} {:>10} {:>19} {:>7} {:>11} {:>14}",
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
            "{:<16} {:<width$} {:<9} {:>10} {:>19} {:>7}   presented {} bytes; present {}\n",
            r.credential,
            label(r),
            "EXCHANGE",
            fmt_us(r.exchange_median_us),
            "",
            r.canonicalizations,
            super::thousands(r.presented_bytes as u64),
            present_meaning(&format!("VCDM {}", r.cryptosuite))
        );
    }
    let selective: Vec<&SuiteResult> = results
        .iter()
        .filter(|r| SELECTIVE.contains(&r.cryptosuite.as_str()))
        .collect();
    if !selective.is_empty() {
        out.push_str("steps of the selective-disclosure suites (median µs; every suite's in the Markdown and JSON exports):\n");
        for r in selective {
            for op in &r.operations {
                let _ = writeln!(
                    out,
                    "  {:<16} {:<width$} {:<9} {}",
                    r.credential,
                    label(r),
                    op.operation,
                    steps_line(op)
                );
            }
        }
    }
    out
}

/// The suites whose steps the terminal lists: the selective-disclosure ones, whose steps differ most.
const SELECTIVE: [&str; 2] = ["ecdsa-sd-2023", "bbs-2023"];

/// `canonprof exchange --export-json`: pretty JSON, keys in code point order at every level (see
/// [`super::json::to_text`]).
pub(crate) fn json(export: &Export, metadata: &Metadata) -> String {
    super::json::enveloped(ExportKind::Exchange, metadata, export)
}

fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// What takes turns in the per-suite table ([`super::fmt_interleaved`]).
const SUITES_INTERLEAVED: &str = "suites and operations";
