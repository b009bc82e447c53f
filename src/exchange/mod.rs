//! The credential exchange — issue, present, verify — measured per operation, for each credential format:
//! `vcdm` (W3C VCDM 2.0 with the Data Integrity cryptosuites; each suite's exchange a [`leg::Leg`]),
//! [`sd_jwt`] (SD-JWT VC) and [`mdoc`] (ISO/IEC 18013-5), all behind [`Exchange`]; [`disclosure`] is what every
//! format's holder discloses; `formats` runs them side by side as the study reported them; `runner` runs
//! either for the command line and the main job, `subject` picks the main job's credential.

pub mod disclosure;
pub(crate) mod flames;
pub(crate) mod formats;
mod job;
pub mod leg;
pub(crate) mod linkability;
pub mod mdoc;
pub(crate) mod runner;
pub mod sd_jwt;
pub(crate) mod subject;
pub(crate) mod vcdm;

pub use job::{Exports, Job, Tables};

use crate::error::Result;
use crate::keys::Backend;

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
    /// Size of what the issuer sends the holder (bytes): the issued credential.
    fn issued_bytes(&self) -> usize;
    /// Bytes of every signature the verifier checks in the presentation, decoded — SD-JWT VC: the issuer-signed
    /// JWT's and the KB-JWT's; mdoc: the MSO's (issuerAuth), the device signature and the DS certificate's (by
    /// the IACA); VCDM: the presented proof's `proofValue`, decoded (for ecdsa-sd-2023 the base signature, the
    /// per-statement signatures and what else its derived proof value carries).
    fn signature_bytes(&self) -> usize;
    /// Presents anew and returns the signatures in that presentation — SD-JWT VC's issuer-signed JWT and KB-JWT
    /// signatures, mdoc's `issuerAuth` and device signatures, a Data Integrity proof's signatures (bbs-2023: its
    /// BBS proof) — which the exchange compares across two presentations to tell whether they can be linked.
    fn fresh_signatures(&self) -> Result<Vec<Vec<u8>>>;
    /// The JSON-LD expansion engine that ran this format's RDFC-1.0 canonicalizations (`json-ld` or
    /// `canonprof`); `None` when it runs none (SD-JWT VC, mdoc, the JCS suites).
    fn engine(&self) -> Option<crate::canon::Engine> {
        None
    }
    /// The signature backend of every signature it makes and checks.
    fn backend(&self) -> Backend;
    /// The library that makes and checks its signatures, as the results name it: the backend's name
    /// (`rustcrypto`, `aws-lc-rs`), or `zkryptium` for BBS (bbs-2023), which no backend provides.
    fn signature_library(&self) -> &'static str {
        self.backend().name()
    }
}

/// A format whose exchange runs no canonicalization (SD-JWT VC, mdoc): its three operations, each making what
/// it sends on the wire; every such format is an [`Exchange`] that counts 0 canonicalizations.
pub trait Uncanonicalized {
    /// The format as the table names it.
    const FORMAT: &'static str;
    /// What goes on the wire: the issued and the presented form.
    type Wire: AsRef<[u8]>;
    /// The issuer's operation: the issued form.
    fn issue(&self) -> Result<Self::Wire>;
    /// The holder's operation: the presented form.
    fn present(&self) -> Result<Self::Wire>;
    /// The verifier's operation on the prepared presentation. Errors: the verification's, and
    /// [`ErrorKind::Internal`](crate::ErrorKind::Internal) if a fresh presentation lost what was disclosed.
    fn verify(&self) -> Result<()>;
    /// The prepared presentation.
    fn presented(&self) -> &Self::Wire;
    /// The prepared issued form.
    fn issued(&self) -> &Self::Wire;
    /// Bytes of the signatures in the prepared presentation ([`Exchange::signature_bytes`]).
    fn presented_signature_bytes(&self) -> usize;
    /// The signatures the verifier receives in `presented` ([`Exchange::fresh_signatures`]).
    fn signatures_in(&self, presented: &Self::Wire) -> Result<Vec<Vec<u8>>>;
    /// The signature backend of its keys.
    fn signatures(&self) -> Backend;
}

impl<T: Uncanonicalized> Exchange for T {
    fn format(&self) -> String {
        T::FORMAT.to_string()
    }

    fn run(&self, op: Operation) -> Result<usize> {
        match op {
            Operation::Issue => self.issue().map(|_| 0),
            Operation::Present => self.present().map(|_| 0),
            Operation::Verify => self.verify().map(|()| 0),
        }
    }

    fn presented_bytes(&self) -> usize {
        self.presented().as_ref().len()
    }

    fn issued_bytes(&self) -> usize {
        self.issued().as_ref().len()
    }

    fn signature_bytes(&self) -> usize {
        self.presented_signature_bytes()
    }

    fn fresh_signatures(&self) -> Result<Vec<Vec<u8>>> {
        self.signatures_in(&self.present()?)
    }

    fn backend(&self) -> Backend {
        self.signatures()
    }
}
