//! `canonprof exchange`: the three-format exchange table (SD-JWT VC, mdoc, W3C VCDM; `--format all`, the
//! default) or, with `--format vcdm`, every Data Integrity cryptosuite per operation on the VCDM credentials,
//! with the canonicalization count and its share of the time.

use super::args::{LoaderArgs, PlanArgs};
use super::{check_writable, now, with_progress, write_stdout};
use crate::benchmark::create_dir;
use crate::corpus::{self, Credential, Schema};
use crate::error::{Error, ErrorKind, Result};
use crate::exchange::formats::{self, Alg};
use crate::exchange::runner;
use crate::exchange::vcdm::{self, Settings};
use crate::export::{self, exchange as render};
use crate::integrity::suites::Cryptosuite;
use crate::loader::OfflineLoader;
use crate::options::{Curve, Signatures};
use crate::report::exchange::Export;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Which credential format's exchange to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// SD-JWT VC, mdoc and W3C VCDM side by side, one signature algorithm at a time (the study's table).
    All,
    /// W3C VCDM 2.0 with every Data Integrity cryptosuite, per operation and step.
    Vcdm,
}

#[derive(Debug, Args)]
pub(super) struct ExchangeArgs {
    /// The credential format: `all` (the three-format table) or `vcdm` (every cryptosuite in detail).
    #[arg(long, value_enum, default_value_t = Format::All)]
    format: Format,
    /// `--format all`: the signature algorithm every format uses (repeatable) [default: both].
    #[arg(long, value_enum, value_name = "ALG")]
    alg: Vec<Alg>,
    /// `--format vcdm`: cryptosuites to run (repeatable) [default: all five].
    #[arg(long, value_enum, value_name = "NAME")]
    cryptosuite: Vec<Cryptosuite>,
    /// `--format vcdm`: the ECDSA curve of ecdsa-rdfc-2019 and ecdsa-jcs-2019 (ecdsa-sd-2023 is P-256)
    /// [default: p256].
    #[arg(long, value_enum)]
    curve: Option<Curve>,
    /// Credentials: `--format all` uses person-20 and `--format vcdm` person-20 and the edu set by default;
    /// `simple`, `edu` or `all` picks a set.
    #[arg(long, value_enum)]
    schema: Option<Schema>,
    /// Your own credential files instead (not with --schema).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "schema")]
    credential: Vec<PathBuf>,
    #[command(flatten)]
    plan: PlanArgs<50, 5, 5>,
    /// Seed of the RNG that makes the issuer and holder keys.
    #[arg(long, default_value_t = runner::SEED)]
    seed: u64,
    /// The signature backend of every format's keys (Ed25519, P-256, P-384): `rustcrypto` (pure Rust, RFC 6979
    /// ECDSA nonces), `aws-lc-rs` (AWS-LC's assembly, random ECDSA nonces: ECDSA signature bytes differ run to
    /// run) or `both` (each format with each, interleaved, and the share of each exchange the backend accounts
    /// for).
    #[arg(long, value_enum, default_value = "rustcrypto")]
    signatures: Signatures,
    /// Write the results as JSON (schema: docs/export-json.md).
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// Write the results as CSV, one row per credential, format or cryptosuite, and operation (µs).
    #[arg(long, value_name = "FILE")]
    export_csv: Option<PathBuf>,
    /// Write the tables as Markdown.
    #[arg(long, value_name = "FILE")]
    export_markdown: Option<PathBuf>,
    /// `--format vcdm`: draw one span flamegraph per credential and suite into DIR (`exchange-<credential>-<suite>.svg`:
    /// operation › step › phase, mean of N exchanges).
    #[arg(long, value_name = "DIR")]
    flamegraphs: Option<PathBuf>,
    #[command(flatten)]
    loader: LoaderArgs,
}

impl ExchangeArgs {
    /// The user's credential files, the `--schema` set, or `default`.
    fn credentials(&self, default: fn() -> Vec<Credential>) -> Result<Vec<Credential>> {
        if !self.credential.is_empty() {
            let credentials = corpus::user_files(&self.credential)?;
            for credential in &credentials {
                if vcdm::carries_proof(&credential.document.text) {
                    eprintln!(
                        "canonprof: note: {} carries a proof; the exchange issues its own proofs over the credential without it",
                        credential.document.label
                    );
                }
            }
            return Ok(credentials);
        }
        Ok(self.schema.map_or_else(default, corpus::bundled))
    }
}

pub(super) fn run(args: ExchangeArgs) -> Result<()> {
    let plan = args.plan.plan()?;
    let metadata = crate::benchmark::collect_metadata(now());
    for path in [&args.export_json, &args.export_csv, &args.export_markdown]
        .into_iter()
        .flatten()
    {
        check_writable(path)?;
    }
    if args.format == Format::All {
        return run_all(args, plan, metadata);
    }
    if !args.alg.is_empty() {
        return Err(Error::new(
            ErrorKind::Usage,
            "--alg goes with --format all, the default (for --format vcdm, pick --cryptosuite)",
        ));
    }
    let suites: Vec<Cryptosuite> = if args.cryptosuite.is_empty() {
        Cryptosuite::ALL.to_vec()
    } else {
        args.cryptosuite.clone()
    };
    let credentials = args.credentials(corpus::reference_and_edu)?;
    let loaders = args.loader.per_engine()?;
    let loaders: Vec<&OfflineLoader> = loaders.iter().collect();
    let settings = Settings {
        iterations: plan.iterations,
        runs: plan.runs,
        warmup: plan.warmup,
        warmup_seconds: plan.warmup_seconds,
        seed: args.seed,
        flamegraphs: args.flamegraphs.clone(),
    };
    if let Some(dir) = &settings.flamegraphs {
        create_dir(dir)?;
    }
    let ecdsa = args.curve.unwrap_or_default().algorithm();
    let backends = args.signatures.backends();
    let steps = runner::suites_steps(credentials.len(), &suites, &loaders, &settings, backends);
    let report = with_progress(steps, "exchanging", |bar| {
        runner::run_suites(
            &credentials,
            &suites,
            ecdsa,
            &loaders,
            &settings,
            backends,
            &mut || bar.inc(1),
        )
    })?;
    write_stdout(&render::suites_table(&report))?;
    if let Some(dir) = &settings.flamegraphs {
        let drawn = report
            .results
            .iter()
            .filter(|r| r.flamegraph.is_some())
            .count();
        write_stdout(&format!(
            "flamegraphs: {drawn} exchange span graphs in {}\n",
            dir.display()
        ))?;
    }
    if let Some(path) = &args.export_csv {
        export::write_atomically(path, &render::suites_csv(&report))?;
    }
    if let Some(path) = &args.export_markdown {
        export::write_atomically(path, &render::suites_markdown(&report))?;
    }
    if let Some(path) = &args.export_json {
        let mut report = report;
        report.flamegraph_dir = settings
            .flamegraphs
            .as_deref()
            .map(|dir| export::relative_path(export::parent_dir(path), dir));
        export::write_atomically(path, &render::json(&Export::Vcdm(report), &metadata))?;
    }
    Ok(())
}

/// `--format all`: the three-format table for each credential (person-20 by default).
fn run_all(
    args: ExchangeArgs,
    plan: crate::profile::Plan,
    metadata: crate::report::Metadata,
) -> Result<()> {
    if !args.cryptosuite.is_empty() || args.curve.is_some() || args.flamegraphs.is_some() {
        return Err(Error::new(
            ErrorKind::Usage,
            "--cryptosuite, --curve and --flamegraphs go with --format vcdm (which takes no --alg)",
        ));
    }
    let algs = if args.alg.is_empty() {
        Alg::ALL.to_vec()
    } else {
        args.alg.clone()
    };
    let credentials = args.credentials(corpus::simple_reference)?;
    let loaders = args.loader.per_engine()?;
    let loaders: Vec<&OfflineLoader> = loaders.iter().collect();
    let settings = formats::Settings {
        iterations: plan.iterations,
        runs: plan.runs,
        warmup: plan.warmup,
        warmup_seconds: plan.warmup_seconds,
        seed: args.seed,
    };
    let backends = args.signatures.backends();
    let steps = runner::formats_steps(credentials.len(), &algs, &loaders, &settings, backends);
    let reports = with_progress(steps, "exchanging", |bar| {
        runner::run_formats(
            &credentials,
            &algs,
            &loaders,
            &settings,
            backends,
            &mut || bar.inc(1),
        )
    })?;
    for report in &reports {
        write_stdout(&render::formats_table(report))?;
    }
    if let Some(path) = &args.export_csv {
        export::write_atomically(path, &render::formats_csv(&reports))?;
    }
    if let Some(path) = &args.export_markdown {
        let tables: Vec<String> = reports.iter().map(render::formats_markdown).collect();
        let text = format!("# canonprof exchange\n\n{}", tables.join("\n"));
        export::write_atomically(path, &text)?;
    }
    if let Some(path) = &args.export_json {
        export::write_atomically(path, &render::json(&Export::All { reports }, &metadata))?;
    }
    Ok(())
}
