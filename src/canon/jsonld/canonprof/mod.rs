//! canonprof's own JSON-LD 1.1 expansion and deserialization to RDF (`--engine canonprof`, "the canonprof
//! engine"), beside the `json-ld` crate's ([`super::json_ld_crate`], `--engine json-ld`, the reference): the same
//! `expand` and `to_rdf` phases, the same safe mode and the same dataset, built for the credential workload —
//! processed contexts immutable and shared ([`active_context`]), every context processing result memoized ([`memo`]),
//! no re-parsing (the document is parsed once, by `serde_json`, in the `parse` phase). Steps follow the JSON-LD
//! 1.1 Processing Algorithms and API:
//! - [`json`]: the JSON values the engine reads and writes;
//! - [`active_context`]: the active context and term definitions;
//! - [`context_processing`]: §4.1 Context Processing Algorithm (§4.2 Create Term Definition in `term_definition`);
//! - [`iri`]: IRI Expansion, keywords, RFC 3986 resolution;
//! - [`mod@expand`]: §5.1 Expansion Algorithm (its keyword entries, step 13.4, in `expand_keyword`);
//! - [`value_expansion`]: §5.3.2 Value Expansion;
//! - [`mod@to_rdf`]: §8.1–§8.3 Deserialize JSON-LD to RDF;
//! - [`mod@context_terms`]: what ecdsa-sd-2023's skolemization needs to know of a context's terms.
//!
//! Checked against the W3C JSON-LD 1.1 expand and toRdf suites (`tests/it/jsonld_suite.rs`), the corpus and the
//! W3C RDFC-1.0 inputs (byte-identical canonical output with both engines) and a differential property test.

pub(crate) mod active_context;
pub(crate) mod context_processing;
pub(crate) mod context_terms;
pub(crate) mod expand;
mod expand_keyword;
pub(crate) mod iri;
pub(crate) mod json;
pub(crate) mod memo;
mod term_definition;
pub(crate) mod to_rdf;
pub(crate) mod value_expansion;

pub(crate) use super::invalid;
use super::{Mode, Pipeline};
use crate::canon::dataset::Dataset;
use crate::canon::session::Session;
use crate::error::Result;
use context_processing::Processor;
use expand::Expander;

/// A JSON value: documents, contexts and expanded documents ([`json`]: maps iterate member names in code point
/// order, which gives the algorithms' "ordered" behaviour for free).
pub(crate) use json::{Json, Map, Str};

/// JSON-LD 1.1 API §4.1 `expand()` with canonprof's engine: `base` as the document URL (`None` for the Data
/// Integrity cryptosuites), `safe` for safe mode. The memo is the session's (kept across documents) when its
/// processed-context cache is on, else a fresh one for this document — one that remembers no processed context
/// when the session asks for the algorithms as written ([`Session::as_written`]). Returns the expanded document's items.
/// Errors: [`ErrorKind::Expansion`](crate::ErrorKind::Expansion) (spec error code first), [`ErrorKind::SafeMode`](crate::ErrorKind::SafeMode) naming the member, loader
/// errors ([`ErrorKind::UnknownContext`](crate::ErrorKind::UnknownContext) names the URL, [`ErrorKind::Limit`](crate::ErrorKind::Limit) for a context overflow).
pub(crate) fn expand(
    document: &Json,
    session: &Session,
    base: Option<&str>,
    safe: bool,
) -> Result<Vec<Json>> {
    session.loader().clear_failure();
    with_processor(session, |processor| {
        let mut expander = Expander {
            processor,
            safe,
            root: None,
        };
        expander.document(document, base)
    })
}

/// Runs `work` with a Context Processing [`Processor`] whose memo is the session's choice: the session's own (kept
/// across documents) when its processed-context cache is on, else a fresh one — one that remembers no processed
/// context when the session asks for the algorithms as written. Expansion and the term facts of ecdsa-sd-2023
/// ([`mod@context_terms`]) share it, so a context processed for one is processed once for both.
pub(crate) fn with_processor<T>(
    session: &Session,
    work: impl FnOnce(Processor<'_>) -> Result<T>,
) -> Result<T> {
    let memo = session.canonprof_memo();
    work(Processor {
        loader: session.loader(),
        memo: &memo,
    })
}

/// canonprof's engine, as a [`Pipeline`].
pub(crate) struct Canonprof;

impl Pipeline for Canonprof {
    type Document = Json;
    type Expanded = Vec<Json>;

    fn parse(label: &str, text: &str) -> Result<Json> {
        serde_json::from_str(text).map_err(|e| crate::document::json_error(label, e))
    }

    fn from_json(value: &serde_json::Value) -> Json {
        Json::from(value)
    }

    fn expand(document: &mut Json, session: &Session, mode: Mode) -> Result<Vec<Json>> {
        match mode {
            Mode::Safe | Mode::SafeAcceptedByCanonprof => expand(document, session, None, true),
            Mode::Lossy => expand(document, session, None, false),
            Mode::Api { base } => expand(document, session, Some(base), false),
        }
    }

    fn to_rdf(expanded: &Vec<Json>, lossy: bool) -> Result<(Dataset, usize)> {
        to_rdf::to_rdf(expanded, lossy)
    }

    fn append_vocab(document: &mut Json, vocab: &str) -> bool {
        let Some(object) = document.as_object_mut() else {
            return false;
        };
        let mut marker = Map::new();
        marker.insert("@vocab", Json::String(Str::from(vocab)));
        let vocab = Json::Object(marker);
        let contexts = match object.remove("@context") {
            Some(Json::Array(mut items)) => {
                items.push(vocab);
                items
            }
            Some(other) => vec![other, vocab],
            None => vec![vocab],
        };
        object.insert("@context", Json::Array(contexts));
        true
    }

    fn wrap(expanded: Vec<Json>) -> super::Expanded {
        super::Expanded::Canonprof(expanded)
    }
}
