//! `canonprof canonicalize FILE`: one document's canonical form for inspection — the canonical text, the issued
//! identifiers map, or the SHA-256 — through the same pipelines the benchmark times.

use crate::canon::rdfc::{self, RdfcOptions};
use crate::canon::{jcs, nquads, Algorithm};
use crate::document::Document;
use crate::error::{Error, ErrorKind, Result};
use crate::loader::OfflineLoader;

/// The input syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// A JSON-LD document (a credential).
    Jsonld,
    /// An RDF dataset in N-Quads (RDFC-1.0 only).
    Nquads,
}

/// What to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Output {
    /// The canonical text (canonical N-Quads, or JCS JSON).
    Canonical,
    /// The issued identifiers map as a JSON object, input label → canonical label, without `_:` (RDFC-1.0 only).
    Map,
    /// SHA-256 of the canonical text, lowercase hex (also with `--hash-algorithm sha384`, which only changes the
    /// hash used inside blank node labeling).
    Hash,
}

/// One canonicalization request.
#[derive(Debug, Clone, Copy)]
pub struct Request {
    /// RDFC-1.0 or JCS.
    pub algorithm: Algorithm,
    /// JSON-LD or N-Quads.
    pub input_format: InputFormat,
    /// What to return.
    pub output: Output,
    /// RDFC-1.0 options (poison limit, labeling hash).
    pub rdfc: RdfcOptions,
}

/// Canonicalizes `document` as `request` says and returns the text to print (canonical N-Quads end in `\n`; JCS
/// and hashes get no newline added here). Errors: every input error of the pipelines, and
/// [`ErrorKind::Usage`] for combinations that do not exist (JCS on N-Quads, `--output map` with JCS).
pub fn run(document: &Document, loader: &OfflineLoader, request: &Request) -> Result<String> {
    run_counting(document, loader, request).map(|(text, _)| text)
}

/// [`run`], also returning how many statements `--lossy` dropped (0 otherwise).
pub fn run_counting(
    document: &Document,
    loader: &OfflineLoader,
    request: &Request,
) -> Result<(String, usize)> {
    let label = &document.label;
    match (request.algorithm, request.input_format) {
        (Algorithm::Jcs, InputFormat::Nquads) => Err(Error::new(
            ErrorKind::Usage,
            "JCS canonicalizes JSON, not N-Quads: use --algorithm rdfc-1.0",
        )),
        (Algorithm::Jcs, InputFormat::Jsonld) => {
            if request.output == Output::Map {
                return Err(Error::new(ErrorKind::Usage, "--output map needs --algorithm rdfc-1.0 (JCS issues no blank node identifiers)"));
            }
            let out = jcs::canonicalize_checked(document.check_json()?)?;
            let text = if request.output == Output::Hash {
                out.sha256
            } else {
                out.canonical
            };
            Ok((text, 0))
        }
        (Algorithm::Rdfc, format) => {
            let out = match format {
                InputFormat::Jsonld => {
                    document.check_json()?;
                    rdfc::canonicalize_jsonld(label, &document.text, loader, &request.rdfc)?
                }
                InputFormat::Nquads => {
                    let dataset = nquads::parse_dataset(label, &document.text)?;
                    rdfc::canonicalize(&dataset, &request.rdfc).map_err(|e| e.in_source(label))?
                }
            };
            let dropped = out.dropped;
            let text = match request.output {
                Output::Canonical => out.canonical,
                Output::Hash => out.sha256,
                Output::Map => {
                    let sorted: std::collections::BTreeMap<_, _> = out.issued.into_iter().collect();
                    serde_json::to_string_pretty(&sorted).expect("a map of strings serializes")
                }
            };
            Ok((text, dropped))
        }
    }
}
