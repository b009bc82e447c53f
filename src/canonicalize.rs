//! `canonprof canonicalize FILE`: one document's canonical form for inspection — the canonical text, the issued
//! identifiers map, or the SHA-256 — through the same pipelines the benchmark times.

use crate::canon::rdfc::{self, RdfcOptions};
use crate::canon::Session;
use crate::canon::{jcs, nquads, Algorithm};
use crate::document::Document;
use crate::error::{Error, ErrorKind, Result};

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
pub fn run(document: &Document, session: &Session, request: &Request) -> Result<String> {
    run_counting(document, session, request).map(|(text, _)| text)
}

/// [`run`], also returning how many statements `--lossy` dropped (0 otherwise).
fn run_counting(
    document: &Document,
    session: &Session,
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
            let out =
                jcs::canonicalize_checked(document.check_json(&session.settings().input_limits)?)?;
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
                    document.check_json(&session.settings().input_limits)?;
                    rdfc::canonicalize_jsonld(label, &document.text, session, &request.rdfc)?
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

/// What `canonprof canonicalize` prints: the text on stdout, and notes for stderr.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// The output, with the newline it is printed with (canonical text is printed byte for byte: JCS has no
    /// trailing newline; hashes and maps get one).
    pub text: String,
    /// Notes about the input (`--engine both` agreed, `--lossy` dropped statements), one line each.
    pub notes: Vec<String>,
}

/// The `canonicalize` command: `run_counting` through the first of `sessions`; with a second one (`--engine
/// both`), RDFC-1.0 of JSON-LD again through it, which must give the same bytes. Errors: as [`run`], and
/// [`engines_agree`]'s.
pub fn job(document: &Document, sessions: &[Session], request: &Request) -> Result<Printed> {
    let session = &sessions[0];
    let label = &document.label;
    let (text, dropped) = run_counting(document, session, request)?;
    let mut notes = Vec::new();
    let jsonld_rdfc =
        request.algorithm == Algorithm::Rdfc && request.input_format == InputFormat::Jsonld;
    if let (Some(other), true) = (sessions.get(1), jsonld_rdfc) {
        let (native, _) = run_counting(document, other, request)?;
        engines_agree(label, &sha256_hex(&text), &sha256_hex(&native))?;
        notes.push(format!(
            "{label}: the json-ld and canonprof engines give identical output"
        ));
    }
    if request.rdfc.lossy && request.input_format == InputFormat::Jsonld {
        let undefined = rdfc::undefined_term_statements(label, &document.text, session)?;
        let total = dropped + undefined;
        notes.push(format!(
            "{label}: --lossy dropped {total} statement{} ({dropped} with relative or invalid IRIs, {undefined} of undefined terms)",
            if total == 1 { "" } else { "s" }
        ));
    }
    let newline = if text.ends_with('\n') || request.output == Output::Canonical {
        ""
    } else {
        "\n"
    };
    Ok(Printed {
        text: format!("{text}{newline}"),
        notes,
    })
}

/// Checks that the json-ld crate's engine and canonprof's gave `label` the same canonical output, given as the
/// SHA-256 (hex) of each: the two engines implement one specification, so a difference is a bug in one of them.
/// Errors: [`ErrorKind::Internal`], naming both hashes.
pub fn engines_agree(label: &str, json_ld: &str, canonprof: &str) -> Result<()> {
    if json_ld == canonprof {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::Internal,
        format!(
            "the json-ld and canonprof expansion engines give different canonical output (SHA-256 {json_ld} vs {canonprof}); please report this input"
        ),
    )
    .in_source(label))
}

/// SHA-256 of `text`, lowercase hex.
fn sha256_hex(text: &str) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(text.as_bytes()))
}
