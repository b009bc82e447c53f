//! The RDFC-1.0 pipeline as the VC Data Integrity `*-rdfc-*` cryptosuites run it (VC Data Integrity
//! "transformation" step: JSON-LD → RDF → RDFC-1.0 → canonical N-Quads → hash), one span per phase.
//! Blank node labeling is canonprof's step-by-step RDFC-1.0 §4.4 ([`super::label`], timed in two sub-phases and
//! checked against rdf-canon 0.15 in the tests) with a Hash N-Degree Quads call limit as the poison guard (§7.1);
//! relabeling and canonical N-Quads serialization are [`super::nquads::canonical_nquads`]. rdf-canon 0.15, the
//! crate this project started from, is kept as a reference in the tests: it counts a quad twice for a blank node
//! that occurs twice in it, unlike rdf-canonize (docs/design.md).

use super::label::{self, LabelCounts};
use super::{expand, native, nquads, phase, to_rdf, Quads};
use crate::error::{Error, ErrorKind, Result};
use crate::loader::{Engine, OfflineLoader};
use json_ld::syntax::Parse;
use sha2::{Digest, Sha256, Sha384};
use std::collections::HashMap;

/// Default limit on Hash N-Degree Quads calls (RDFC-1.0 §4.8) before a dataset is refused as poison (§7.1).
/// It accepts every credential in the corpus and every positive W3C test, and refuses the 10-clique of test074
/// and the 8-clique of case 017 in milliseconds.
pub const DEFAULT_HNDQ_CALL_LIMIT: usize = 4000;

/// The hash algorithm of RDFC-1.0 (§4.4: SHA-256 by default; SHA-384 is allowed and tested by the W3C suite).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HashAlgorithm {
    /// SHA-256 (default).
    #[default]
    Sha256,
    /// SHA-384.
    Sha384,
}

/// Options of the RDFC-1.0 labeling.
#[derive(Debug, Clone, Copy)]
pub struct RdfcOptions {
    /// Maximum number of Hash N-Degree Quads calls before refusing the dataset as poison.
    pub hndq_call_limit: usize,
    /// The hash used inside labeling (the final document hash is always SHA-256).
    pub hash: HashAlgorithm,
    /// Wall-clock limit on blank node labeling (`None`: only the call limit bounds it).
    pub time_limit: Option<std::time::Duration>,
    /// `--lossy`: drop (and count) what safe mode would refuse, instead of refusing the document.
    pub lossy: bool,
}

/// Default wall-clock limit on blank node labeling: far above any ordinary credential (milliseconds), low
/// enough that a pathological dataset fails within seconds.
pub const DEFAULT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

impl RdfcOptions {
    /// The defaults: SHA-256, [`DEFAULT_HNDQ_CALL_LIMIT`] and [`DEFAULT_TIME_LIMIT`].
    pub const DEFAULT: RdfcOptions = RdfcOptions {
        hndq_call_limit: DEFAULT_HNDQ_CALL_LIMIT,
        hash: HashAlgorithm::Sha256,
        time_limit: Some(DEFAULT_TIME_LIMIT),
        lossy: false,
    };
}

impl Default for RdfcOptions {
    fn default() -> Self {
        RdfcOptions::DEFAULT
    }
}

/// The canonical form of a dataset (RDFC-1.0 §4.4 output) and its SHA-256.
#[derive(Debug, Clone)]
pub struct RdfcOutput {
    /// Canonical N-Quads (RDFC-1.0 §5 and Appendix A), one statement per line, each ending in `\n`.
    pub canonical: String,
    /// Issued identifiers map: input blank node label → canonical label (`c14nN`), both without `_:`.
    pub issued: HashMap<String, String>,
    /// SHA-256 of `canonical`, lowercase hex.
    pub sha256: String,
    /// Number of quads in the dataset.
    pub quads: usize,
    /// What blank node labeling did (blank nodes, unique first-degree hashes, Hash N-Degree Quads calls).
    pub label_counts: LabelCounts,
    /// Statements dropped by `--lossy` (0 in safe mode, which refuses instead).
    pub dropped: usize,
}

/// Runs the full pipeline on a JSON-LD document text: `parse`, `expand`, `to_rdf`, then
/// [`canonicalize_dataset`]. `label` names the document in errors.
pub fn canonicalize_jsonld(
    label: &str,
    text: &str,
    loader: &OfflineLoader,
    options: &RdfcOptions,
) -> Result<RdfcOutput> {
    let (dataset, dropped) = match loader.engine() {
        Engine::JsonLd => json_ld_dataset(label, text, loader, options)?,
        Engine::Canonprof => native_dataset(label, text, loader, options)?,
    };
    let mut output = canonicalize_dataset(&dataset, options).map_err(|e| e.in_source(label))?;
    output.dropped = dropped;
    Ok(output)
}

/// `parse`, `expand`, `to_rdf` with canonprof's own engine ([`native`]): serde_json parsing, memoized context
/// processing, direct deserialization.
fn native_dataset(
    label: &str,
    text: &str,
    loader: &OfflineLoader,
    options: &RdfcOptions,
) -> Result<(Quads, usize)> {
    let document: serde_json::Value = {
        let _span = tracing::info_span!(phase::PARSE).entered();
        serde_json::from_str(text).map_err(|e| crate::document::json_error(label, &e))?
    };
    // Each phase frees what it alone needed, inside its own span, so that freeing is timed where it belongs.
    let expanded = {
        let _span = tracing::info_span!(phase::EXPAND).entered();
        let expanded = native::expand(&document, loader, None, !options.lossy)
            .map_err(|e| locate(e, label, text))?;
        drop(document);
        expanded
    };
    let _span = tracing::info_span!(phase::TO_RDF).entered();
    let dataset = native::to_rdf(&expanded, options.lossy).map_err(|e| locate(e, label, text));
    drop(expanded);
    dataset
}

/// `parse`, `expand`, `to_rdf` with the json-ld crate (the reference engine).
fn json_ld_dataset(
    label: &str,
    text: &str,
    loader: &OfflineLoader,
    options: &RdfcOptions,
) -> Result<(Quads, usize)> {
    let mut document = {
        let _span = tracing::info_span!(phase::PARSE).entered();
        json_ld::syntax::Value::parse_str(text)
            .map(|(value, _)| value)
            .map_err(|e| {
                Error::new(ErrorKind::Json, format!("invalid JSON: {e}")).in_source(label)
            })?
    };
    let expanded = {
        let _span = tracing::info_span!(phase::EXPAND).entered();
        let expanded = match options.lossy {
            false => expand::expand(&mut document, loader),
            true => expand::expand_lossy(&mut document, loader),
        }
        .map_err(|e| locate(e, label, text))?;
        drop(document);
        expanded
    };
    let _span = tracing::info_span!(phase::TO_RDF).entered();
    let dataset = match options.lossy {
        false => to_rdf::to_rdf(&expanded).map(|d| (d, 0)),
        true => to_rdf::to_rdf_lossy(&expanded),
    }
    .map_err(|e| locate(e, label, text));
    drop(expanded);
    dataset
}

/// Names the file, and turns a locate hint into a JSON pointer (error path only).
fn locate(mut error: Error, label: &str, text: &str) -> Error {
    if error.position.is_none() {
        if let Some(pointer) = error
            .locate
            .as_ref()
            .and_then(|l| crate::document::find_pointer(text, l))
        {
            error.position = Some(pointer);
        }
    }
    error.in_source(label)
}

/// RDFC-1.0 on a dataset: `label` (§4.4 Canonicalization Algorithm: issue canonical identifiers), `serialize`
/// (§4.5 relabel, §5 sorted canonical N-Quads), `hash` (SHA-256). Errors: [`ErrorKind::Poison`] when the Hash
/// N-Degree Quads call limit is exceeded.
pub fn canonicalize_dataset(dataset: &Quads, options: &RdfcOptions) -> Result<RdfcOutput> {
    let (issued, label_counts) = issue_identifiers(dataset, options)?;
    let canonical = {
        let _span = tracing::info_span!(phase::SERIALIZE).entered();
        nquads::canonical_nquads(dataset, &issued)
    };
    let sha256 = {
        let _span = tracing::info_span!(phase::HASH).entered();
        hex::encode(Sha256::digest(canonical.as_bytes()))
    };
    Ok(RdfcOutput {
        canonical,
        issued,
        sha256,
        quads: dataset.len(),
        label_counts,
        dropped: 0,
    })
}

/// RDFC-1.0 §4.4 Canonicalization Algorithm, the `label` phase alone: the issued identifiers map (input blank
/// node label → `c14nN`, both without `_:`) — what the selective disclosure functions need (they relabel the
/// canonical identifiers before serializing). Errors: [`ErrorKind::Poison`] as for [`canonicalize_dataset`].
pub fn issue_identifiers(
    dataset: &Quads,
    options: &RdfcOptions,
) -> Result<(HashMap<String, String>, LabelCounts)> {
    let _span = tracing::info_span!(phase::LABEL).entered();
    match options.hash {
        HashAlgorithm::Sha256 => {
            label::issue_bounded::<Sha256>(dataset, options.hndq_call_limit, options.time_limit)
        }
        HashAlgorithm::Sha384 => {
            label::issue_bounded::<Sha384>(dataset, options.hndq_call_limit, options.time_limit)
        }
    }
}

/// Marks the IRIs that undefined terms get in [`undefined_term_statements`].
const MARK: &str = "urn:canonprof:undefined-term#";

/// `--lossy`: how many statements the values of undefined terms would have made — what json-ld 0.21's lenient
/// expansion drops without a trace. The document is expanded a second time with a marker `@vocab` appended to its
/// top-level `@context`, which gives every undefined term an IRI; the extra statements (less the `@type`
/// statements the marker rescues, which [`to_rdf::to_rdf_lossy`] already counts) are the dropped ones. Not timed:
/// called when checking inputs. Errors: as for [`canonicalize_jsonld`].
pub fn undefined_term_statements(label: &str, text: &str, loader: &OfflineLoader) -> Result<usize> {
    if loader.engine() == Engine::Canonprof {
        return native_undefined_term_statements(label, text, loader);
    }
    let parse = || {
        json_ld::syntax::Value::parse_str(text)
            .map(|(value, _)| value)
            .map_err(|e| Error::new(ErrorKind::Json, format!("invalid JSON: {e}")).in_source(label))
    };
    let count = |mut document: json_ld::syntax::Value| -> Result<Quads> {
        let expanded =
            expand::expand_lossy(&mut document, loader).map_err(|e| e.in_source(label))?;
        to_rdf::to_rdf_lossy(&expanded)
            .map(|(d, _)| d)
            .map_err(|e| e.in_source(label))
    };
    let plain = count(parse()?)?;
    let mut marked = parse()?;
    let Some(object) = marked.as_object_mut() else {
        return Ok(0);
    };
    let vocab: json_ld::syntax::Value =
        json_ld::syntax::Value::parse_str(&format!(r#"{{"@vocab": "{MARK}"}}"#))
            .expect("valid JSON")
            .0;
    match object
        .index_of("@context")
        .and_then(|i| object.remove_at(i))
    {
        Some(entry) => {
            let mut contexts = match entry.value {
                json_ld::syntax::Value::Array(items) => items,
                other => vec![other],
            };
            contexts.push(vocab);
            object.push_front("@context".into(), json_ld::syntax::Value::Array(contexts));
        }
        None => {
            object.push_front("@context".into(), vocab);
        }
    }
    Ok(marked_extra(&plain, &count(marked)?))
}

/// [`undefined_term_statements`] with canonprof's engine: the same two expansions, on serde_json values.
fn native_undefined_term_statements(
    label: &str,
    text: &str,
    loader: &OfflineLoader,
) -> Result<usize> {
    let document: serde_json::Value =
        serde_json::from_str(text).map_err(|e| crate::document::json_error(label, &e))?;
    let count = |document: &serde_json::Value| -> Result<Quads> {
        let expanded =
            native::expand(document, loader, None, false).map_err(|e| e.in_source(label))?;
        native::to_rdf(&expanded, true)
            .map(|(d, _)| d)
            .map_err(|e| e.in_source(label))
    };
    let plain = count(&document)?;
    let mut marked = document;
    let Some(object) = marked.as_object_mut() else {
        return Ok(0);
    };
    let vocab = serde_json::json!({ "@vocab": MARK });
    let contexts = match object.remove("@context") {
        Some(serde_json::Value::Array(mut items)) => {
            items.push(vocab);
            items
        }
        Some(other) => vec![other, vocab],
        None => vec![vocab],
    };
    object.insert("@context".into(), serde_json::Value::Array(contexts));
    Ok(marked_extra(&plain, &count(&marked)?))
}

/// The statements the marker `@vocab` adds (`with_marker` less `plain`), less the `@type` statements it rescues
/// (which `--lossy` already counts as dropped).
fn marked_extra(plain: &Quads, with_marker: &Quads) -> usize {
    let rescued_types = with_marker
        .iter()
        .filter(|q| {
            q.predicate.as_ref() == oxrdf::vocab::rdf::TYPE
                && matches!(&q.object, oxrdf::Term::NamedNode(n) if n.as_str().starts_with(MARK))
        })
        .count();
    with_marker
        .len()
        .saturating_sub(plain.len())
        .saturating_sub(rescued_types)
}
