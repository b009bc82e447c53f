//! The two canonicalization pipelines measured side by side, each phase a `tracing` span named after it:
//! - [`rdfc`]: RDFC-1.0 as the VC Data Integrity `*-rdfc-*` cryptosuites run it — `parse`, `expand` (JSON-LD 1.1
//!   expansion), `to_rdf` (deserialization to RDF), `label` (RDFC-1.0 §4.4 blank node labeling, with the
//!   sub-phases `first_degree` and `n_degree`, see [`label`]), `serialize`
//!   (relabel and canonical N-Quads, §4.5/§5), `hash` (SHA-256);
//! - [`jcs`]: RFC 8785 — `parse`, `jcs`, `hash`.
//!
//! Both start from the document text, so their totals compare like for like. The first three RDFC-1.0 phases run
//! in one of two JSON-LD 1.1 engines, which meet at one seam: [`jsonld`].

pub(crate) mod dataset;
pub mod jcs;
pub mod jsonld;
pub mod label;
mod literal_escape;
pub mod nquads;
pub mod rdfc;
pub(crate) mod scan;
pub(crate) mod session;
pub(crate) mod settings;
mod shared_types;
mod span_names;
pub mod work;

pub use session::Session;
pub use settings::{Engine, LabelingBounds, Settings};
pub use shared_types::{lower_hex, Quads, Str};
pub use span_names::{phase, step, subphase};

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
