//! `canonprof canonicalize FILE`.

use super::args::{LoaderArgs, RdfcArgs};
use super::terminal::write_stdout;
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::canonicalize::{self, InputFormat, Output, Request};
use crate::error::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub(super) struct CanonicalizeArgs {
    /// The document to canonicalize.
    file: PathBuf,
    /// Canonicalization algorithm.
    #[arg(long, value_enum, default_value_t = Algorithm::Rdfc)]
    algorithm: Algorithm,
    /// Input syntax.
    #[arg(long, value_enum, default_value_t = InputFormat::Jsonld)]
    input_format: InputFormat,
    /// What to print.
    #[arg(long, value_enum, default_value_t = Output::Canonical)]
    output: Output,
    /// Hash used inside RDFC-1.0 blank node labeling (the W3C suite also tests SHA-384); --output hash is
    /// always SHA-256.
    #[arg(long, value_enum, default_value_t = HashAlgorithm::Sha256)]
    hash_algorithm: HashAlgorithm,
    #[command(flatten)]
    rdfc: RdfcArgs,
    #[command(flatten)]
    session: LoaderArgs,
}

pub(super) fn run(args: CanonicalizeArgs) -> Result<()> {
    let request = Request {
        algorithm: args.algorithm,
        input_format: args.input_format,
        output: args.output,
        rdfc: args.rdfc.options(args.hash_algorithm)?,
    };
    let sessions = args.session.per_engine()?;
    let document = args.session.limits().read_document(&args.file)?;
    let printed = canonicalize::job(&document, &sessions, &request)?;
    for note in &printed.notes {
        eprintln!("canonprof: note: {note}");
    }
    write_stdout(&printed.text)
}
