//! The two canonicalization pipelines measured side by side, each phase a `tracing` span named after it:
//! - [`rdfc`]: RDFC-1.0 as the VC Data Integrity `*-rdfc-*` cryptosuites run it — `parse`, `expand` (JSON-LD 1.1
//!   expansion), `to_rdf` (deserialization to RDF), `label` (RDFC-1.0 §4.4 blank node labeling, with the
//!   sub-phases `first_degree` and `n_degree`, see [`label`]), `serialize`
//!   (relabel and canonical N-Quads, §4.5/§5), `hash` (SHA-256);
//! - [`jcs`]: RFC 8785 — `parse`, `jcs`, `hash`.
//!
//! Both start from the document text, so their totals compare like for like. The first three RDFC-1.0 phases run
//! in one of two JSON-LD 1.1 engines, which meet at one seam: [`jsonld`].

pub mod dataset;
pub mod jcs;
pub mod jsonld;
pub mod label;
mod literal_escape;
pub mod nquads;
pub mod rdfc;
pub mod scan;
pub mod session;
pub mod settings;
pub mod work;

pub use session::Session;
pub use settings::{Engine, LabelingBounds, Settings};

/// A string shared by the JSON values of canonprof's engine and the terms of a [`dataset::Dataset`]: inline up to
/// 23 bytes, shared (`Arc<str>`) beyond; cloning is cheap either way.
pub type Str = smol_str::SmolStr;

/// An RDF dataset: a set of quads that remembers insertion order. RDFC-1.0 §4.4.3 iterates the blank node to
/// quads map without fixing an order, and on some symmetric datasets the canonical form depends on it (see
/// docs/design.md); canonprof iterates blank nodes in order of first appearance, as rdf-canonize does, so the same
/// input always gives the same output.
/// Hashed with aHash (keyed, much faster than the default SipHash on long literals); iteration follows insertion
/// order whatever the hasher.
pub type Quads = indexmap::IndexSet<oxrdf::Quad, ahash::RandomState>;

/// Lowercase hex of `bytes` (a digest), written into a string of the exact size: `hex::encode` pushes it character
/// by character, growing the string as it goes — a fifth of RDFC-1.0 labeling on ob3-full, which hex-encodes every
/// Hash First Degree Quads and Hash Related Blank Node result (§4.6, §4.7).
pub fn lower_hex(bytes: &[u8]) -> String {
    let mut out = vec![0u8; bytes.len() * 2];
    hex::encode_to_slice(bytes, &mut out).expect("an output twice the input's length");
    String::from_utf8(out).expect("hex digits are ASCII")
}

/// Phase (span) names, used verbatim in tables, exports and flamegraphs.
pub mod phase {
    /// JSON text → in-memory value (both pipelines).
    pub const PARSE: &str = "parse";
    /// JSON-LD 1.1 API §5.1 expansion, safe mode.
    pub const EXPAND: &str = "expand";
    /// JSON-LD 1.1 API §8.1 deserialization to an RDF dataset.
    pub const TO_RDF: &str = "to_rdf";
    /// RDFC-1.0 §4.4 blank node labeling (hash first degree quads, hash N-degree quads, issue identifiers).
    pub const LABEL: &str = "label";
    /// RDFC-1.0 §4.5 relabeling and §5 canonical N-Quads serialization (sorted).
    pub const SERIALIZE: &str = "serialize";
    /// SHA-256 of the canonical bytes.
    pub const HASH: &str = "hash";
    /// RFC 8785 canonical JSON serialization.
    pub const JCS: &str = "jcs";

    /// RDFC-1.0 pipeline phases in order.
    pub const RDFC: &[&str] = &[PARSE, EXPAND, TO_RDF, LABEL, SERIALIZE, HASH];
    /// Sub-phases (spans nested one level inside a phase), as (parent, name).
    pub const RDFC_SUBPHASES: &[(&str, &str)] = &[
        (LABEL, super::label::subphase::FIRST_DEGREE),
        (LABEL, super::label::subphase::N_DEGREE),
    ];
    /// JCS pipeline phases in order.
    pub const JCS_PHASES: &[&str] = &[PARSE, JCS, HASH];
}

/// Spec-step span names ([`crate::profile::step`], timed with `--detail spec`), each the step's name and section, nested
/// under the phases: canonprof's engine opens the JSON-LD ones inside `expand` and both engines the §8 ones
/// inside `to_rdf`, and RDFC-1.0 labeling (both engines) the RDFC-1.0 ones inside `label`. Each is also the
/// name of a function kept out of line, so sampled flamegraphs carry the step too.
pub mod step {
    /// JSON-LD 1.1 API §4.1 Context Processing (the invocations the memo does not answer).
    pub const CONTEXT_PROCESSING: &str = "context_processing §4.1";
    /// JSON-LD 1.1 API §4.2 Create Term Definition.
    pub const CREATE_TERM_DEFINITION: &str = "create_term_definition §4.2";
    /// JSON-LD 1.1 API §5.2 IRI Expansion.
    pub const IRI_EXPANSION: &str = "iri_expansion §5.2";
    /// JSON-LD 1.1 API §5.3 Value Expansion.
    pub const VALUE_EXPANSION: &str = "value_expansion §5.3";
    /// JSON-LD 1.1 API §8.2 Object to RDF Conversion of a value object (a literal).
    pub const OBJECT_TO_RDF: &str = "object_to_rdf §8.2";
    /// JSON-LD 1.1 API §8.3 List to RDF Conversion.
    pub const LIST_TO_RDF: &str = "list_to_rdf §8.3";
    /// RDFC-1.0 §4.6 Hash First Degree Quads.
    pub const HASH_FIRST_DEGREE_QUADS: &str = "hash_first_degree_quads §4.6";
    /// RDFC-1.0 §4.7 Hash Related Blank Node.
    pub const HASH_RELATED_BLANK_NODE: &str = "hash_related_blank_node §4.7";
    /// RDFC-1.0 §4.8 Hash N-Degree Quads.
    pub const HASH_N_DEGREE_QUADS: &str = "hash_n_degree_quads §4.8";

    /// Every spec-step span, as (phase it is nested in, name), in the order of the specifications.
    pub const ALL: &[(&str, &str)] = &[
        (super::phase::EXPAND, CONTEXT_PROCESSING),
        (super::phase::EXPAND, CREATE_TERM_DEFINITION),
        (super::phase::EXPAND, IRI_EXPANSION),
        (super::phase::EXPAND, VALUE_EXPANSION),
        (super::phase::TO_RDF, OBJECT_TO_RDF),
        (super::phase::TO_RDF, LIST_TO_RDF),
        (super::phase::LABEL, HASH_FIRST_DEGREE_QUADS),
        (super::phase::LABEL, HASH_RELATED_BLANK_NODE),
        (super::phase::LABEL, HASH_N_DEGREE_QUADS),
    ];
}

/// The canonicalization algorithm, as named on the command line and in exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
pub enum Algorithm {
    /// RDF Dataset Canonicalization (W3C RDFC-1.0) after JSON-LD expansion.
    #[value(name = "rdfc-1.0")]
    #[serde(rename = "rdfc-1.0")]
    Rdfc,
    /// JSON Canonicalization Scheme (RFC 8785).
    #[value(name = "jcs")]
    #[serde(rename = "jcs")]
    Jcs,
}

impl Algorithm {
    /// The name used in tables and exports (`rdfc-1.0`, `jcs`).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Rdfc => "rdfc-1.0",
            Algorithm::Jcs => "jcs",
        }
    }

    /// The phases of this algorithm's pipeline, in order.
    pub fn phases(self) -> &'static [&'static str] {
        match self {
            Algorithm::Rdfc => phase::RDFC,
            Algorithm::Jcs => phase::JCS_PHASES,
        }
    }

    /// The sub-phases of this algorithm's pipeline, as (parent phase, name).
    pub fn subphases(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Algorithm::Rdfc => phase::RDFC_SUBPHASES,
            Algorithm::Jcs => &[],
        }
    }
}
