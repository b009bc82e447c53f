//! The credential exchange — issue, present, verify — measured per operation, for each credential format:
//! [`vcdm`] (W3C VCDM 2.0 with the Data Integrity cryptosuites; each suite's exchange a [`leg::Leg`]),
//! [`sd_jwt`] (SD-JWT VC) and [`mdoc`] (ISO/IEC 18013-5), all behind [`Exchange`]; [`formats`] runs them side
//! by side as the study reported them; [`runner`] runs either for the command line and the main job.

pub mod flames;
pub mod formats;
pub mod leg;
pub mod mdoc;
pub mod runner;
pub mod sd_jwt;
pub mod vcdm;

use crate::error::Result;

/// An operation of the exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// The issuer secures the credential.
    Issue,
    /// The holder presents 5 attributes (re-signed, a derived proof, chosen Disclosures or data elements).
    Present,
    /// The verifier checks the presented credential.
    Verify,
}

impl Operation {
    /// In exchange order.
    pub const ALL: [Operation; 3] = [Operation::Issue, Operation::Present, Operation::Verify];

    /// `issue`, `present`, `verify`.
    pub fn name(self) -> &'static str {
        match self {
            Operation::Issue => "issue",
            Operation::Present => "present",
            Operation::Verify => "verify",
        }
    }

    /// A span named after the operation (for the exchange flamegraphs, where the steps nest inside it).
    pub fn span(self) -> tracing::Span {
        match self {
            Operation::Issue => tracing::info_span!("issue"),
            Operation::Present => tracing::info_span!("present"),
            Operation::Verify => tracing::info_span!("verify_presentation"),
        }
    }
}

/// One format's exchange of one credential, prepared (keys, issued and presented forms made once) and run
/// operation by operation.
pub trait Exchange {
    /// The format as the table names it, e.g. `SD-JWT VC`, `mdoc`, `VCDM eddsa-rdfc-2022`.
    fn format(&self) -> String;
    /// Runs `op` once; returns the canonicalizations it ran.
    fn run(&self, op: Operation) -> Result<usize>;
    /// Size of what the holder sends the verifier (bytes).
    fn presented_bytes(&self) -> usize;
}
