//! Signed input, profiled as a verifier sees it ([`crate::integrity::verifier`]): a credential with a top-level
//! `proof` is measured as the document without it, and each proof's configuration (and, for a proof in a chain,
//! the document with the proofs it names) separately, with the algorithm its cryptosuite names and the labeling
//! hash the suite uses with the proof's key; a proof whose suite labels with another hash than the main job's
//! SHA-256 (ecdsa-rdfc-2019 with P-384) also has the document as a row of its own.

use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::corpus::Credential;
use crate::document::Document;
use crate::document::Limits;
use crate::error::Result;
use crate::integrity::budget::ProofLimits;
use crate::integrity::verifier;

/// One more input of a signed credential: a proof configuration, the document a chained proof secures, or the
/// document again under a proof's own labeling hash.
#[derive(Debug, Clone)]
pub struct ProofPart {
    /// Which proof (see [`verifier::ProofInput::label`]).
    pub proof: String,
    /// The proof's cryptosuite (or type).
    pub cryptosuite: String,
    /// `proof configuration`, `chain document` or `document (SHA-384 labeling)`.
    pub part: &'static str,
    /// The canonicalization the cryptosuite names.
    pub algorithm: Algorithm,
    /// RDFC-1.0's labeling hash of the proof's cryptosuite with its key ([`verifier::ProofInput::hash`]).
    pub hash: HashAlgorithm,
    /// The input: its label (the file and the part) and JSON text.
    pub document: Document,
}

/// Replaces each signed credential's text by the document without its top-level `proof` (JSON, pretty-printed;
/// the label stays the file's) and returns, per credential, the other inputs a verifier canonicalizes. Unsigned credentials are unchanged,
/// with no parts. Errors: the file is not JSON ([`crate::ErrorKind::Json`]); a malformed `proof` or a dangling
/// `previousProof` ([`crate::ErrorKind::Proof`]) — each naming the file.
pub fn verifier_view(
    credentials: &mut [Credential],
    limits: &Limits,
    proof_limits: &ProofLimits,
) -> Result<Vec<Vec<ProofPart>>> {
    credentials
        .iter_mut()
        .map(|credential| {
            let doc = &credential.document;
            doc.check_json(limits)?;
            let value: serde_json::Value = serde_json::from_str(&doc.text)
                .map_err(|e| crate::document::json_error(&doc.label, e))?;
            let Some(inputs) = verifier::inputs(&value, proof_limits.max_proofs)
                .map_err(|e| e.in_source(&doc.label))?
            else {
                return Ok(Vec::new());
            };
            let label = doc.label.clone();
            let text = |value: &serde_json::Value| {
                serde_json::to_string_pretty(value).expect("a JSON value serializes")
            };
            let mut parts = Vec::new();
            // The document is measured once per labeling hash: two P-384 proofs canonicalize it the same way.
            let mut relabeled = Vec::new();
            for (i, proof) in inputs.proofs.iter().enumerate() {
                let part = |name: &'static str, value: &serde_json::Value| ProofPart {
                    proof: proof.label.clone(),
                    cryptosuite: proof.cryptosuite.clone(),
                    part: name,
                    algorithm: proof.algorithm,
                    hash: proof.hash(),
                    document: Document {
                        label: format!("{label} ({}, {name})", proof.label),
                        text: text(value),
                    },
                };
                parts.push(part("proof configuration", &proof.configuration));
                match inputs.document_of(i) {
                    Some(chained) => parts.push(part("chain document", &chained)),
                    // The document row is labeled with the main job's SHA-256; a suite that labels with another
                    // hash (ecdsa-rdfc-2019 with P-384) canonicalizes the document again, so it is a row too.
                    None if proof.hash() != HashAlgorithm::Sha256
                        && proof.algorithm == Algorithm::Rdfc
                        && !relabeled.contains(&proof.hash()) =>
                    {
                        relabeled.push(proof.hash());
                        parts.push(part(relabeled_document(proof.hash()), &inputs.unsecured))
                    }
                    None => {}
                }
            }
            credential.document.text = text(&inputs.unsecured);
            Ok(parts)
        })
        .collect()
}

/// The part name of the document canonicalized again with a proof's labeling hash (not `document`, which is the
/// credential's own row).
fn relabeled_document(hash: HashAlgorithm) -> &'static str {
    match hash {
        HashAlgorithm::Sha256 => "document (SHA-256 labeling)",
        HashAlgorithm::Sha384 => "document (SHA-384 labeling)",
        HashAlgorithm::Sha512 => "document (SHA-512 labeling)",
    }
}
