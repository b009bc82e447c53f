//! `canonprof exchange --format vcdm`: issue, present and verify with the Data Integrity cryptosuites, per
//! operation, with the canonicalization count and its share of the time.

use super::{check_writable, create_dir, loader, progress_bar, write_stdout, CommonArgs};
use crate::corpus::{self, Schema};
use crate::error::{Error, ErrorKind, Result};
use crate::exchange::vcdm::{self, Settings, SuiteResult};
use crate::export::{self, fmt_range, fmt_share, fmt_us};
use crate::integrity::suites::Cryptosuite;
use clap::{Args, ValueEnum};
use std::fmt::Write;
use std::path::PathBuf;

/// Which credential format's exchange to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Format {
    /// W3C VCDM 2.0 with Data Integrity proofs.
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
    /// The credential format.
    #[arg(long, value_enum, default_value_t = Format::Vcdm)]
    format: Format,
    /// Cryptosuites to run (repeatable) [default: all five].
    #[arg(long, value_enum, value_name = "NAME")]
    cryptosuite: Vec<Suite>,
    /// The ECDSA curve of ecdsa-rdfc-2019 and ecdsa-jcs-2019 (ecdsa-sd-2023 is P-256).
    #[arg(long, value_parser = ["p256", "p384"], default_value = "p256")]
    curve: String,
    /// Credentials: person-20 and the edu set by default; `simple` or `edu` picks one set.
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
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Write the results as JSON.
    #[arg(long, value_name = "FILE")]
    export_json: Option<PathBuf>,
    /// Draw one span flamegraph per credential and suite into DIR (`exchange-<credential>-<suite>.svg`:
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
            None => corpus::bundled(Schema::All)
                .into_iter()
                .filter(|c| c.set == "edu" || c.name == "person-20")
                .collect(),
        }
    };
    let loader = loader(&args.common)?;
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
    let steps = (credentials.len() * suites.len() * 3 * settings.runs * settings.iterations) as u64;
    let bar = progress_bar(steps, "exchanging");
    let results = vcdm::run(
        &credentials,
        &suites,
        args.curve == "p384",
        &loader,
        &settings,
        &mut || bar.inc(1),
    );
    bar.finish_and_clear();
    let results = results?;
    write_stdout(&table(&results, &settings))?;
    if let Some(dir) = &settings.flamegraphs {
        let drawn = results.iter().filter(|r| r.flamegraph.is_some()).count();
        write_stdout(&format!(
            "flamegraphs: {drawn} exchange span graphs in {}\n",
            dir.display()
        ))?;
    }
    if let Some(path) = &args.export_json {
        let json = serde_json::json!({"format": "vcdm", "config": {"iterations": settings.iterations, "runs": settings.runs,
            "warmup": settings.warmup, "seed": settings.seed, "disclosed": vcdm::DISCLOSED}, "results": results});
        export::write_atomically(
            path,
            &(serde_json::to_string_pretty(&json).expect("serializable") + "\n"),
        )?;
    }
    Ok(())
}

fn table(results: &[SuiteResult], settings: &Settings) -> String {
    let mut out = format!(
        "canonprof exchange — W3C VCDM 2.0 + Data Integrity: issue, present ({} disclosed attributes: re-signed, or derived with ecdsa-sd-2023), verify; {} runs x {} iterations (warm-up {}), medians in µs\n\n",
        vcdm::DISCLOSED, settings.runs, settings.iterations, settings.warmup
    );
    let _ = writeln!(
        out,
        "{:<16} {:<20} {:<9} {:>10} {:>19} {:>7} {:>11} {:>11}",
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
                "{:<16} {:<20} {:<9} {:>10} {:>19} {:>7} {:>11} {:>11}",
                r.credential,
                r.cryptosuite,
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
            "{:<16} {:<20} {:<9} {:>10} {:>19} {:>7}   presented {} bytes\n",
            r.credential,
            r.cryptosuite,
            "EXCHANGE",
            fmt_us(r.exchange_median_us),
            "",
            r.canonicalizations,
            r.presented_bytes
        );
    }
    out
}
