//! What each JSON-LD engine implements for the seam (`super`): its phases over its own document and expanded
//! types, how it is asked to expand, and the expanded document as the engine that made it holds it.

use super::canonprof::json::Json;
use crate::canon::dataset::Dataset;
use crate::canon::session::Session;
use crate::error::Result;

/// How an engine expands (JSON-LD 1.1 API §4.1 `expand()` options).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode<'a> {
    /// As the VC Data Integrity cryptosuites run it: no base IRI, safe mode (what would be dropped is an error).
    Safe,
    /// [`Mode::Safe`] on a document canonprof's engine has accepted in safe mode (`settle_refusals`): the json-ld
    /// crate's engine skips its safe-mode pre-check, whose refusal that acceptance has overruled.
    SafeAcceptedByCanonprof,
    /// `--lossy`: no base IRI, what safe mode refuses is kept for `to_rdf` to drop and count.
    Lossy,
    /// The API's defaults (the W3C test suite): `base` as the document URL, undefined terms dropped.
    Api {
        /// The document URL.
        base: &'a str,
    },
}

/// One engine's phases over its own document and expanded types (static dispatch inside a document).
pub(crate) trait Pipeline {
    /// A parsed JSON-LD document.
    type Document;
    /// An expanded document (JSON-LD 1.1 API §5.1 output).
    type Expanded;
    /// The `parse` phase: document text → [`Self::Document`]. Errors: [`ErrorKind::Json`] naming `label`.
    fn parse(label: &str, text: &str) -> Result<Self::Document>;
    /// A JSON value as a [`Self::Document`] (not timed).
    fn from_json(value: &serde_json::Value) -> Self::Document;
    /// The `expand` phase (JSON-LD 1.1 API §4.1 `expand()`). May take the top-level `@context` out of `document`.
    /// Errors: [`ErrorKind::Expansion`] with its JSON-LD error code, [`ErrorKind::SafeMode`], loader errors.
    fn expand(
        document: &mut Self::Document,
        session: &Session,
        mode: Mode,
    ) -> Result<Self::Expanded>;
    /// The `to_rdf` phase (JSON-LD 1.1 API §8.1), safe unless `lossy`: the dataset and the statements dropped.
    fn to_rdf(expanded: &Self::Expanded, lossy: bool) -> Result<(Dataset, usize)>;
    /// Appends `{"@vocab": vocab}` to the document's top-level `@context`; false if the document is no object.
    fn append_vocab(document: &mut Self::Document, vocab: &str) -> bool;
    /// The expanded document behind the engine-neutral [`Expanded`].
    fn wrap(expanded: Self::Expanded) -> Expanded;
}

/// An expanded document (JSON-LD 1.1 API §5.1 output), as the engine that made it holds it.
#[derive(Debug, Clone)]
pub enum Expanded {
    /// The json-ld crate's.
    JsonLdCrate(crate::canon::jsonld::json_ld_crate::Expanded),
    /// canonprof's: the expanded document's items (canonprof's `Json`; `serde_json::Value::from` converts one).
    Canonprof(Vec<Json>),
}
