//! `canonprof exchange`: the three-format exchange table (SD-JWT VC, mdoc, W3C VCDM; `--format all`, the
//! default) or, with `--format vcdm`, every Data Integrity cryptosuite per operation on the VCDM credentials,
//! with the canonicalization count and its share of the time.

use super::{check_writable, create_dir, loader, with_progress, write_stdout, CommonArgs};
use crate::corpus::{self, Schema};
use crate::error::{Error, ErrorKind, Result};
use crate::exchange::formats::{self, Alg};
use crate::exchange::runner;
use crate::exchange::vcdm::Settings;
use crate::export::{self, exchange as render};
use crate::integrity::suites::Cryptosuite;
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

/// The cryptosuites on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Suite {
    #[value(name = "eddsa-rdfc-2022")]
    EddsaRdfc2022,
    #[value(name = "eddsa-jcs-2022")]
    EddsaJcs2022,
    #[value(name = "ecdsa-rdfc-2019")]
    EcdsaRdfc2019,
    #[value(name = "ecdsa-jcs-2019")]
    EcdsaJcs2019,
    #[value(name = "ecdsa-sd-2023")]
    EcdsaSd2023,
}

impl Suite {
    fn cryptosuite(self) -> Cryptosuite {
        match self {
            Suite::EddsaRdfc2022 => Cryptosuite::EddsaRdfc2022,
            Suite::EddsaJcs2022 => Cryptosuite::EddsaJcs2022,
            Suite::EcdsaRdfc2019 => Cryptosuite::EcdsaRdfc2019,
            Suite::EcdsaJcs2019 => Cryptosuite::EcdsaJcs2019,
            Suite::EcdsaSd2023 => Cryptosuite::EcdsaSd2023,
        }
    }
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
    cryptosuite: Vec<Suite>,
    /// `--format vcdm`: the ECDSA curve of ecdsa-rdfc-2019 and ecdsa-jcs-2019 (ecdsa-sd-2023 is P-256)
    /// [default: p256].
    #[arg(long, value_parser = ["p256", "p384"])]
    curve: Option<String>,
    /// Credentials: `--format all` uses person-20 and `--format vcdm` person-20 and the edu set by default;
    /// `simple`, `edu` or `all` picks a set.
    #[arg(long, value_enum)]
    schema: Option<Schema>,
    /// Your own credential files instead (not with --schema).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "schema")]
    credential: Vec<PathBuf>,
    /// Iterations per run (N).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 50,
        allow_negative_numbers = true
    )]
    iterations: usize,
    /// Number of runs (R).
    #[arg(
        long,
        value_name = "R",
        default_value_t = 5,
        allow_negative_numbers = true
    )]
    runs: usize,
    /// Warm-up iterations per operation.
    #[arg(
        long,
        value_name = "W",
        default_value_t = 5,
        allow_negative_numbers = true
    )]
    warmup: usize,
    /// Seed of the RNG that makes the issuer and holder keys.
    #[arg(long, default_value_t = runner::SEED)]
    seed: u64,
    /// Write the results as JSON.
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// `--format vcdm`: draw one span flamegraph per credential and suite into DIR (`exchange-<credential>-<suite>.svg`:
    /// operation › step › phase, mean of N exchanges).
    #[arg(long, value_name = "DIR")]
    flamegraphs: Option<PathBuf>,
    #[command(flatten)]
    common: CommonArgs,
}

pub(super) fn run(args: ExchangeArgs) -> Result<()> {
    if args.iterations == 0 || args.runs == 0 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--iterations and --runs must be at least 1",
        ));
    }
    if let Some(path) = &args.export_json {
        check_writable(path)?;
    }
    if args.format == Format::All {
        return run_all(args);
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
        args.cryptosuite.iter().map(|s| s.cryptosuite()).collect()
    };
    let credentials = if !args.credential.is_empty() {
        corpus::user_files(&args.credential)?
    } else {
        match args.schema {
            Some(schema) => corpus::bundled(schema),
            None => corpus::reference_and_edu(),
        }
    };
    let loader = loader(&args.common)?;
    let other = super::other_engine_loader(&args.common)?;
    let loaders = super::engine_loaders(&loader, &other);
    let settings = Settings {
        iterations: args.iterations,
        runs: args.runs,
        warmup: args.warmup,
        seed: args.seed,
        flamegraphs: args.flamegraphs.clone(),
    };
    if let Some(dir) = &settings.flamegraphs {
        create_dir(dir)?;
    }
    let steps = runner::suites_steps(credentials.len(), &suites, &loaders, &settings);
    let report = with_progress(steps, "exchanging", |bar| {
        runner::run_suites(
            &credentials,
            &suites,
            args.curve.as_deref() == Some("p384"),
            &loaders,
            &settings,
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
    if let Some(path) = &args.export_json {
        export::write_atomically(path, &render::json(&Export::Vcdm(report)))?;
    }
    Ok(())
}

/// `--format all`: the three-format table for each credential (person-20 by default).
fn run_all(args: ExchangeArgs) -> Result<()> {
    if !args.cryptosuite.is_empty() || args.curve.is_some() || args.flamegraphs.is_some() {
        return Err(Error::new(
            ErrorKind::Usage,
            "--cryptosuite, --curve and --flamegraphs go with --format vcdm (which takes no --alg)",
        ));
    }
    let algs = if args.alg.is_empty() {
        vec![Alg::Ed25519, Alg::P256]
    } else {
        args.alg.clone()
    };
    let credentials = if !args.credential.is_empty() {
        corpus::user_files(&args.credential)?
    } else {
        match args.schema {
            Some(schema) => corpus::bundled(schema),
            None => corpus::simple_reference(),
        }
    };
    let loader = loader(&args.common)?;
    let other = super::other_engine_loader(&args.common)?;
    let loaders = super::engine_loaders(&loader, &other);
    let settings = formats::Settings {
        iterations: args.iterations,
        runs: args.runs,
        warmup: args.warmup,
        seed: args.seed,
    };
    let steps = runner::formats_steps(credentials.len(), &algs, &loaders, &settings);
    let reports = with_progress(steps, "exchanging", |bar| {
        runner::run_formats(&credentials, &algs, &loaders, &settings, &mut || bar.inc(1))
    })?;
    for report in &reports {
        write_stdout(&render::formats_table(report))?;
    }
    if let Some(path) = &args.export_json {
        export::write_atomically(path, &render::json(&Export::All { reports }))?;
    }
    Ok(())
}
