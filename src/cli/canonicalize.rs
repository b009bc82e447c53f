//! `canonprof canonicalize FILE`.

use super::args::{LoaderArgs, RdfcArgs};
use super::write_stdout;
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::canonicalize::{self, InputFormat, Output, Request};
use crate::document::Document;
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
    loader: LoaderArgs,
}

pub(super) fn run(args: CanonicalizeArgs) -> Result<()> {
    let request = Request {
        algorithm: args.algorithm,
        input_format: args.input_format,
        output: args.output,
        rdfc: args.rdfc.options(args.hash_algorithm)?,
    };
    let loaders = args.loader.per_engine()?;
    let loader = &loaders[0];
    let document = Document::read(&args.file)?;
    let (text, dropped) = canonicalize::run_counting(&document, loader, &request)?;
    if let Some(other) = loaders.get(1) {
        // `--engine both`: canonprof's engine must give the same bytes as the json-ld engine.
        if request.algorithm == crate::canon::Algorithm::Rdfc
            && request.input_format == InputFormat::Jsonld
        {
            let (native, _) = canonicalize::run_counting(&document, other, &request)?;
            if native != text {
                return Err(crate::error::Error::new(
                    crate::error::ErrorKind::Internal,
                    "the json-ld and canonprof expansion engines give different canonical output (--engine both); please report this input",
                )
                .in_source(&document.label));
            }
            eprintln!(
                "canonprof: note: {}: the json-ld and canonprof engines give identical output",
                document.label
            );
        }
    }
    if request.rdfc.lossy && request.input_format == InputFormat::Jsonld {
        let undefined =
            crate::canon::rdfc::undefined_term_statements(&document.label, &document.text, loader)?;
        let total = dropped + undefined;
        eprintln!(
            "canonprof: note: {}: --lossy dropped {total} statement{} ({dropped} with relative or invalid IRIs, {undefined} of undefined terms)",
            document.label,
            if total == 1 { "" } else { "s" }
        );
    }
    // Canonical text is printed byte for byte (JCS has no trailing newline); hashes and maps get one.
    let newline = if text.ends_with('\n') || request.output == Output::Canonical {
        ""
    } else {
        "\n"
    };
    write_stdout(&format!("{text}{newline}"))
}
