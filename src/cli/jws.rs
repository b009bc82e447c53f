//! `canonprof jws`: the JWS signature matrix — every algorithm × payload size, wall and thread CPU time, heap
//! bytes, key / signature / token sizes — as a table, CSV, JSON, Markdown and an SVG chart.

use super::terminal::Terminal;
use crate::error::{Error, ErrorKind, Result};
use crate::export::check_writable;
use crate::jws::algorithms::{Spec, ALL, DEFAULT_SEED};
use crate::jws::matrix::{Settings, DEFAULT_SIZES};
use crate::jws::Job;
use clap::Args;
use std::path::PathBuf;

/// `canonprof jws --help`'s first line, counting the algorithms of the table ([`ALL`]).
pub(super) fn about() -> String {
    format!(
        "Sign and verify JWS with the {} algorithms of canonprof's table over payloads of 1 KiB to 5 MiB: wall and \
         CPU time, heap bytes, sizes (the slow signers take most of the full default matrix's time)",
        ALL.len()
    )
}

/// Sign and verify JWS Compact Serializations with every algorithm of the table (HMAC, KMAC, CMAC, RSA, ECDSA,
/// EdDSA, SM2, ML-DSA, FN-DSA, SLH-DSA, XMSS, LMS; GOST is listed as unavailable) over every payload size. The
/// slow algorithms (SLH-DSA `s` variants, RSA-8192, XMSS) are measured 3 times after 1 warm-up pair.
#[derive(Debug, Args)]
pub(super) struct JwsArgs {
    /// Algorithms by name (`RSA-2048`, `ML-DSA-65`, …) or JWS `alg` (`ES256`, `EdDSA`, …), repeatable
    /// [default: all].
    #[arg(long, value_name = "ALG")]
    alg: Vec<String>,
    /// Payload sizes, comma-separated, with B, KiB or MiB [default: 1KiB,5KiB,10KiB,50KiB,100KiB,500KiB,1MiB,5MiB].
    #[arg(long, value_name = "SIZE,…", value_delimiter = ',')]
    sizes: Vec<String>,
    /// Unmeasured sign + verify pairs before measuring each (algorithm, size).
    #[arg(
        long,
        value_name = "W",
        default_value_t = 5,
        allow_negative_numbers = true
    )]
    warmup: usize,
    /// Measured operations per (algorithm, size).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 10,
        allow_negative_numbers = true
    )]
    measurements: usize,
    /// Seed of the keys and payloads (the bundled RSA-4096/8192 keys are this seed's; others are generated).
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Write one CSV row per (algorithm, size).
    #[arg(long, value_name = "FILE")]
    export_csv: Option<PathBuf>,
    /// Write the matrix as JSON.
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// Write the matrix as Markdown tables, one per size.
    #[arg(long, value_name = "FILE")]
    export_markdown: Option<PathBuf>,
    /// Write an SVG chart of sign and verify time against payload size per algorithm family.
    #[arg(long, value_name = "FILE")]
    chart: Option<PathBuf>,
}

/// `1KiB`, `5 MiB`, `2048`, `512B` → bytes.
fn parse_size(text: &str) -> Result<usize> {
    let t = text.trim();
    let (number, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let factor = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "kib" | "k" | "kb" => 1 << 10,
        "mib" | "m" | "mb" => 1 << 20,
        _ => 0,
    };
    match number.parse::<usize>() {
        Ok(n) if n > 0 && factor > 0 && n <= (64 << 20) / factor => Ok(n * factor),
        _ => Err(Error::new(
            ErrorKind::Usage,
            format!("--sizes: `{text}` is not a size from 1 B to 64 MiB (e.g. 1KiB, 5MiB, 512B)"),
        )),
    }
}

/// The specs named by `names` (display name or `alg`, case-insensitive), in table order.
fn select(names: &[String]) -> Result<Vec<Spec>> {
    if names.is_empty() {
        return Ok(ALL.to_vec());
    }
    let matches = |spec: &Spec, name: &str| {
        spec.name.eq_ignore_ascii_case(name) || spec.alg.eq_ignore_ascii_case(name)
    };
    if let Some(unknown) = names.iter().find(|n| !ALL.iter().any(|s| matches(s, n))) {
        let known: Vec<&str> = ALL.iter().map(|s| s.name).collect();
        return Err(Error::new(
            ErrorKind::Usage,
            format!(
                "--alg: unknown algorithm `{unknown}`; known: {}",
                known.join(", ")
            ),
        ));
    }
    Ok(ALL
        .iter()
        .filter(|s| names.iter().any(|n| matches(s, n)))
        .copied()
        .collect())
}

pub(super) fn run(args: JwsArgs) -> Result<()> {
    if args.measurements == 0 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--measurements must be at least 1",
        ));
    }
    for path in [
        &args.export_csv,
        &args.export_json,
        &args.export_markdown,
        &args.chart,
    ]
    .into_iter()
    .flatten()
    {
        check_writable(path)?;
    }
    let specs = select(&args.alg)?;
    let sizes = if args.sizes.is_empty() {
        DEFAULT_SIZES.to_vec()
    } else {
        args.sizes
            .iter()
            .map(|s| parse_size(s))
            .collect::<Result<Vec<_>>>()?
    };
    let job = Job {
        specs,
        settings: Settings {
            warmup: args.warmup,
            measurements: args.measurements,
            sizes,
            seed: args.seed,
        },
        csv: args.export_csv,
        json: args.export_json,
        markdown: args.export_markdown,
        chart: args.chart,
    };
    job.run(&mut Terminal::default())
}
