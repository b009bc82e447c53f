//! Renderings of the JWS matrix ([`crate::results::jws`]): the terminal table (the enterprise benchmark's columns `KTY ALG BYTES SIGN VER
//! CPU-S CPU-V MEM-S MEM-V` plus signature and token sizes, then totals), JSON, CSV (one row per algorithm and
//! size), Markdown and the sign / verify chart against payload size per family.

use super::{chart, fmt_us};
pub(crate) use crate::results::jws::size_label;
use crate::results::jws::{Cell, Matrix};
use std::collections::BTreeMap;
use std::fmt::Write;

fn heap(bytes: u64, counted: bool) -> String {
    if counted {
        super::thousands(bytes)
    } else {
        "n/a".into()
    }
}

/// The terminal table and totals.
pub(crate) fn table(m: &Matrix) -> String {
    let s = &m.settings;
    let mut out = format!(
        "canonprof jws — JWS Compact Serialization, sign and verify; warm-up {}, {} measurements (slow algorithms: see below), seed {}; medians: time in µs, heap in bytes ({})\n\n",
        s.warmup,
        s.measurements,
        s.seed,
        if m.heap_counted { "counting allocator: bytes allocated; MEM = peak" } else { "heap not counted: library build" }
    );
    let _ = writeln!(
        out,
        "{:<22} {:<5} {:<18} {:>7} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>6} {:>9}",
        "NAME",
        "KTY",
        "ALG",
        "BYTES",
        "SIGN",
        "VER",
        "CPU-S",
        "CPU-V",
        "MEM-S",
        "MEM-V",
        "SIG",
        "TOKEN"
    );
    for c in &m.cells {
        let [name, kty, alg, sign, verify, cpu_sign, cpu_verify, mem_sign, mem_verify, sig, token] =
            columns(c, m.heap_counted);
        let _ = writeln!(
            out,
            "{name:<22} {kty:<5} {alg:<18} {:>7} {sign:>10} {verify:>10} {cpu_sign:>10} {cpu_verify:>10} {mem_sign:>10} {mem_verify:>10} {sig:>6} {token:>9}",
            size_label(c.bytes),
        );
    }
    let total = |f: fn(&Cell) -> f64| m.cells.iter().map(f).sum::<f64>();
    let _ = writeln!(
        out,
        "\nTOTAL ({} cells): sign {} µs, verify {} µs, CPU sign {} µs, CPU verify {} µs",
        m.cells.len(),
        fmt_us(total(|c| c.sign.wall_us)),
        fmt_us(total(|c| c.verify.wall_us)),
        fmt_us(total(|c| c.sign.cpu_us)),
        fmt_us(total(|c| c.verify.cpu_us)),
    );
    let mut families: BTreeMap<&str, (f64, f64)> = BTreeMap::new();
    for c in &m.cells {
        let e = families.entry(c.family.as_str()).or_default();
        e.0 += c.sign.wall_us;
        e.1 += c.verify.wall_us;
    }
    for (family, (sign, verify)) in families {
        let _ = writeln!(
            out,
            "  {family:<8} sign {:>12} µs  verify {:>12} µs",
            fmt_us(sign),
            fmt_us(verify)
        );
    }
    // The lowered count is what the slow algorithms' cells were measured with.
    let slow = m.cells.iter().find(|c| m.lowered.contains(&c.name));
    if let Some(slow) = slow {
        let _ = writeln!(
            out,
            "\nslow signing: {} measured {} times after 1 warm-up pair",
            m.lowered.join(", "),
            slow.measurements
        );
    }
    for u in &m.unavailable {
        let _ = writeln!(out, "unavailable: {} ({}): {}", u.name, u.alg, u.reason);
    }
    if m.cells.iter().any(|c| c.extra) {
        let _ = writeln!(out, "{EXTRA}");
    }
    out
}

/// The footnote of the rows marked `*`.
const EXTRA: &str = "* an extra: not among the enterprise signature benchmark's 39 algorithms";

/// JSON (`--export-json`): the matrix beside `schema_version`, `kind` (`jws`) and the run's metadata.
pub(crate) fn json(m: &Matrix, metadata: &crate::results::Metadata) -> String {
    super::json::enveloped(crate::results::ExportKind::Jws, metadata, m)
}

/// CSV: one row per (algorithm, size); times in µs, heap in bytes.
pub(crate) fn csv(m: &Matrix) -> String {
    let mut out = String::from("name,family,kty,alg,bytes,measurements,sign_us,sign_min_us,sign_max_us,sign_p90_us,verify_us,verify_min_us,verify_max_us,verify_p90_us,cpu_sign_us,cpu_verify_us,heap_sign_allocated,heap_sign_peak,heap_verify_allocated,heap_verify_peak,key_bytes,signature_bytes,token_bytes\n");
    for c in &m.cells {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{:.3},{},{},{},{},{},{},{}",
            c.name, c.family, c.kty, c.alg, c.bytes, c.measurements,
            c.sign.wall_us, c.sign.wall_min_us, c.sign.wall_max_us, c.sign.wall_p90_us,
            c.verify.wall_us, c.verify.wall_min_us, c.verify.wall_max_us, c.verify.wall_p90_us,
            c.sign.cpu_us, c.verify.cpu_us,
            c.sign.heap_allocated, c.sign.heap_peak, c.verify.heap_allocated, c.verify.heap_peak,
            c.key_bytes, c.signature_bytes, c.token_bytes,
        );
    }
    out
}

/// A cell's columns in the table and Markdown (without the payload size): name, kty, alg, sign and verify wall
/// µs, CPU sign and verify µs, heap peak sign and verify, signature and token bytes.
fn columns(c: &Cell, heap_counted: bool) -> [String; 11] {
    [
        if c.extra {
            format!("{} *", c.name)
        } else {
            c.name.clone()
        },
        c.kty.to_string(),
        c.alg.to_string(),
        fmt_us(c.sign.wall_us),
        fmt_us(c.verify.wall_us),
        fmt_us(c.sign.cpu_us),
        fmt_us(c.verify.cpu_us),
        heap(c.sign.heap_peak, heap_counted),
        heap(c.verify.heap_peak, heap_counted),
        super::thousands(c.signature_bytes as u64),
        super::thousands(c.token_bytes as u64),
    ]
}

/// Markdown: one table per payload size.
pub(crate) fn markdown(m: &Matrix) -> String {
    let mut out = String::from("# canonprof jws\n");
    for &size in &m.settings.sizes {
        let _ = writeln!(
            out,
            "\n## {}\n\n| name | kty | alg | sign µs | verify µs | CPU sign µs | CPU verify µs | heap peak sign | heap peak verify | signature B | token B |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
            size_label(size)
        );
        for c in m.cells.iter().filter(|c| c.bytes == size) {
            let _ = writeln!(out, "| {} |", columns(c, m.heap_counted).join(" | "));
        }
    }
    for u in &m.unavailable {
        let _ = writeln!(out, "\nUnavailable: {} ({}): {}", u.name, u.alg, u.reason);
    }
    if m.cells.iter().any(|c| c.extra) {
        let _ = writeln!(out, "\n{EXTRA}");
    }
    out
}

/// Two log-log panels (sign, verify): per family, the median over its algorithms of the median time against
/// the payload size (KiB).
pub(crate) fn chart(m: &Matrix) -> crate::error::Result<String> {
    let panel = |verify: bool| -> Vec<chart::Series> {
        let mut by_family: BTreeMap<&str, BTreeMap<usize, Vec<f64>>> = BTreeMap::new();
        for c in &m.cells {
            let us = if verify {
                c.verify.wall_us
            } else {
                c.sign.wall_us
            };
            by_family
                .entry(c.family.as_str())
                .or_default()
                .entry(c.bytes)
                .or_default()
                .push(us);
        }
        by_family
            .into_iter()
            .map(|(family, sizes)| {
                let points = sizes
                    .into_iter()
                    .map(|(bytes, us)| (bytes as f64 / 1024.0, crate::stats::median(&us).max(0.01)))
                    .collect();
                (family.to_string(), points)
            })
            .collect()
    };
    chart::log_log_panels(
        "canonprof jws: median time against payload size, per algorithm family (median over the family)",
        "payload (KiB)",
        "µs",
        &[("sign", panel(false)), ("verify", panel(true))],
    )
}
