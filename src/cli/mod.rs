//! The command line: it parses, checks once and dispatches. The main job (`canonprof [--schema simple|edu|all]
//! …`, module `profile`), `canonprof canonicalize FILE` (`canonicalize`), `canonprof flame FILE` (`flame`),
//! `canonprof sweep` (`sweep`), `canonprof exchange` (`exchange`), `canonprof jws` (`jws`), `canonprof verify`
//! (`verify`) and `canonprof sign` (`sign`); the argument groups they share and their checks are in `args`, the
//! modes they offer in `crate::options`. Each handler turns its flags into the typed plan of one library job
//! ([`crate::benchmark::Job`], [`crate::verify::run`], `crate::sign::run`, [`crate::exchange::Job`], …), which
//! owns its loops, progress counts and outputs, and runs it on the terminal console (`terminal::Terminal`); the
//! handler maps the result to an exit code.

mod args;
mod baseline;
mod canonicalize;
mod compare;
mod exchange;
mod flame;
mod jws;
mod profile;
mod sign;
mod sweep;
mod terminal;
mod verify;

use crate::error::ErrorKind;
use clap::{Parser, Subcommand};

/// Where does the time go when a Verifiable Credential is canonicalized? Runs RDFC-1.0 (JSON-LD expansion,
/// deserialization to RDF, blank node labeling, serialization, hashing) against JCS (RFC 8785) phase by phase on
/// simple and production education credentials, reports medians with spread, and draws flamegraphs.
///
/// Time: the measurements run N=50 iterations x R=5 runs after a warm-up of 5 per pipeline and credential;
/// --study uses the study's N=2000 x R=5 (forty times the iterations). The flamegraphs then sample each pipeline
/// for --flame-seconds (default 4.5 s ≈ 1,100 samples at a 250 Hz kernel tick): 2 sampled graphs per
/// credential, plus 1 for person-20 when edu credentials run — about 40 s more for `--schema edu`, 63 s for
/// `--schema all`. --no-flamegraphs skips them.
#[derive(Debug, Parser)]
#[command(name = "canonprof", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    profile: profile::ProfileArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print one document's canonical form (canonical N-Quads or JCS), issued identifiers map, or SHA-256.
    Canonicalize(canonicalize::CanonicalizeArgs),
    /// Draw the sampled, span and differential flamegraphs of one credential: samples each algorithm for
    /// --flame-seconds (default 4.5 s each: about 9 s for both algorithms, 14 s with --engine both) and prints the SVG paths (no index.html).
    Flame(flame::FlameCommandArgs),
    /// Grow a synthetic credential (attributes, nesting depth or blank nodes) and report each phase's cost against
    /// its size, with fitted growth and an SVG chart.
    Sweep(sweep::SweepArgs),
    /// Issue, present (5 attributes disclosed) and verify: SD-JWT VC, mdoc and W3C VCDM side by side, or every
    /// Data Integrity cryptosuite in detail (`--format vcdm`; by default on person-20 and the four edu
    /// credentials).
    Exchange(exchange::ExchangeArgs),
    #[command(about = jws::about(), long_about = None)]
    Jws(jws::JwsArgs),
    /// Verify credentials users hold: W3C VCDM with Data Integrity proofs (did:key resolved offline, other keys
    /// with --key), SD-JWT VC, mdoc DeviceResponses; one verdict per file and a line per proof or check.
    Verify(verify::VerifyArgs),
    /// Add a VC Data Integrity proof to a credential with a secret key (every cryptosuite canonprof verifies),
    /// or issue its subject claims as an SD-JWT VC; `--generate-key` writes a key.
    Sign(sign::SignArgs),
    /// Build one self-contained report.html (charts and tables inline, flamegraphs linked) from saved
    /// --export-json files.
    Report(compare::ReportArgs),
    /// Compare two saved runs row by row: B/A and a verdict against the study's 10% band; --fail-above for CI.
    Diff(compare::DiffArgs),
    /// The study's cross-environment table of saved runs: totals and ratios per run, and whether each ordering
    /// survives every environment.
    Merge(compare::MergeArgs),
}

/// Runs the command line; returns the process exit code (0 success, 1 error, 2 usage).
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = match cli.command {
        Some(Command::Canonicalize(args)) => canonicalize::run(args),
        Some(Command::Flame(args)) => flame::run(args),
        Some(Command::Sweep(args)) => sweep::run(args),
        Some(Command::Exchange(args)) => exchange::run(args),
        Some(Command::Jws(args)) => jws::run(args),
        Some(Command::Verify(args)) => verify::run(args),
        Some(Command::Sign(args)) => sign::run(args),
        Some(Command::Report(args)) => compare::report(args),
        Some(Command::Diff(args)) => compare::diff(args),
        Some(Command::Merge(args)) => compare::merge(args),
        None => profile::run(cli.profile),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("canonprof: error: {e}");
            if e.kind() == ErrorKind::Usage {
                2
            } else {
                1
            }
        }
    }
}
