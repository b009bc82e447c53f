//! `canonprof exchange`: the three-format exchange table (SD-JWT VC, mdoc, W3C VCDM; `--format all`, the
//! default) or, with `--format vcdm`, every Data Integrity cryptosuite per operation on the VCDM credentials,
//! with the canonicalization count and its share of the time.

use super::args::{LoaderArgs, PlanArgs, ProfileFormatArgs};
use super::baseline::BaselineArgs;
use super::terminal::Terminal;
use crate::corpus::{self, Credential, Schema};
use crate::error::{Error, ErrorKind, Result};
use crate::exchange::formats::Alg;
use crate::exchange::{disclosure, runner, Exports, Job, Tables};
use crate::export::check_writable;
use crate::integrity::suites::Cryptosuite;
use crate::options::{Curve, Signatures};
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
    /// `--format all`: the signature algorithm every format uses (repeatable, or comma-separated) [default:
    /// ed25519, p256, ml-dsa-44, bls12-381-g2]. `slh-dsa-128s` (SLH-DSA-SHA2-128s: some 170 ms per signature, so a
    /// run takes minutes) and `falcon-512` run only when named; each runs the formats that have it: SD-JWT VC and
    /// mdoc with ML-DSA-44 (RFC 9964), SD-JWT VC with SLH-DSA (an IETF draft), the Data Integrity suites with all
    /// three; `bls12-381-g2` runs bbs-2023 alone (BBS signatures: unlinkable presentations).
    #[arg(long, value_enum, value_name = "ALG", value_delimiter = ',')]
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
    /// `--format all`: also print what "present" does per format and the pairwise ratios of exchange totals
    /// (always in the JSON and Markdown exports).
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    profile_formats: ProfileFormatArgs,
    #[command(flatten)]
    session: LoaderArgs,
    #[command(flatten)]
    baseline: BaselineArgs,
}

impl ExchangeArgs {
    /// The user's credential files, the `--schema` set, or `default`.
    fn credentials(&self, default: fn() -> Vec<Credential>) -> Result<Vec<Credential>> {
        if !self.credential.is_empty() {
            let credentials = corpus::user_files(&self.credential, &self.session.limits())?;
            for credential in &credentials {
                if disclosure::carries_proof(&credential.document.text) {
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
    let baselines = args.baseline.check(args.export_json.as_deref())?;
    let exports = Exports {
        json: baselines.json().map(PathBuf::from),
        csv: args.export_csv.clone(),
        markdown: args.export_markdown.clone(),
    };
    for path in [&exports.json, &exports.csv, &exports.markdown]
        .into_iter()
        .flatten()
    {
        check_writable(path)?;
    }
    let tables = args.tables()?;
    let credentials = args.credentials(match args.format {
        Format::All => corpus::simple_reference,
        Format::Vcdm => corpus::reference_and_edu,
    })?;
    let job = Job {
        tables,
        credentials,
        sessions: args.session.per_engine()?,
        plan,
        seed: args.seed,
        signatures: args.signatures,
        exports,
        verbose: args.verbose,
    };
    job.run(&mut Terminal::default())?;
    baselines.finish()
}

impl ExchangeArgs {
    /// Which exchange, with its options. Errors: [`ErrorKind::Usage`] for an option of the other format.
    fn tables(&self) -> Result<Tables> {
        let usage = |message: &str| Err(Error::new(ErrorKind::Usage, message));
        match self.format {
            Format::All if !self.cryptosuite.is_empty() || self.curve.is_some() || self.flamegraphs.is_some() => {
                usage("--cryptosuite, --curve and --flamegraphs go with --format vcdm (which takes no --alg)")
            }
            Format::All => Ok(Tables::Formats {
                algs: if self.alg.is_empty() {
                    Alg::DEFAULT.to_vec()
                } else {
                    self.alg.clone()
                },
            }),
            Format::Vcdm if !self.alg.is_empty() => {
                usage("--alg goes with --format all, the default (for --format vcdm, pick --cryptosuite)")
            }
            Format::Vcdm => Ok(Tables::Suites {
                suites: if self.cryptosuite.is_empty() {
                    Cryptosuite::CLASSICAL.to_vec()
                } else {
                    self.cryptosuite.clone()
                },
                ecdsa: self.curve.unwrap_or_default().algorithm(),
                flamegraphs: self.flamegraphs.clone(),
                profile_formats: self.profile_formats.formats(),
            }),
        }
    }
}
