//! The bbs-2023 cryptosuite (W3C Data Integrity BBS Cryptosuites v1.0 §3), baseline feature: the issuer creates
//! a **base proof** (mandatory JSON pointers, blank nodes relabeled by HMAC and then shuffled to `b0, b1, …`, one
//! BBS signature over the non-mandatory statements under the header proofHash ‖ mandatoryHash), the holder
//! **derives** a proof (a BBS proof disclosing the selected non-mandatory statements, bound to a presentation
//! header: unlinkable, two derivations share no bytes of proof), the verifier **verifies the derived proof**.
//!
//! BBS is zkryptium's (draft-irtf-cfrg-bbs-signatures-13, ciphersuite BLS12-381-SHA-256; keys in
//! [`crate::keys`] as [`crate::keys::SignatureAlgorithm::Bls12381G2`]); its ProofGen draws its random scalars
//! from the operating system's RNG. The Selective Disclosure Functions are ecdsa-sd-2023's (skolemization,
//! JSON pointer selection, canonicalize-and-group, the derive and verify halves in `disclosure`), with the
//! shuffled label map of §3.2.1 `createShuffledIdLabelMapFunction`. Canonicalization is canonprof's RDFC-1.0 with
//! SHA-256: issue runs two (document, proof configuration), derive two (document, reveal selection), verify two
//! (reveal document, proof configuration).
//!
//! The **anonymous holder binding** feature (featureOption `"anonymous_holder_binding"`, headers 0x5d04 / 0x5d05):
//! the holder commits to a secret ([`commit_holder_secret`]), the issuer signs blind with the commitment
//! ([`create_base_proof_with_holder_binding`]: draft-irtf-cfrg-bbs-blind-signatures-02 BlindSign, zkryptium's
//! `bbsplus_blind`), the holder derives with the secret ([`derive_proof_with_holder_binding`]: BlindProofGen, the
//! secret undisclosed), and [`verify_derived_proof`] verifies either feature by the proof value's header
//! (BlindProofVerify with `lengthBBSMessages`). The pseudonym features are not implemented: their proof values
//! are refused by name ([`proof_value`]).

mod base;
mod derive;
mod holder;
pub mod proof_value;
mod verify;

pub use base::{
    create_base_proof, create_base_proof_with_holder_binding, BaseIntermediates, BaseOptions,
};
pub use derive::{
    derive_proof, derive_proof_with_holder_binding, DerivedIntermediates, GroupIndexes,
};
pub use holder::{commit_holder_secret, HolderBinding};
pub use verify::verify_derived_proof;

use super::cryptosuite::Cryptosuite;
use crate::canon::rdfc::HashAlgorithm;

const SUITE: Cryptosuite = Cryptosuite::Bbs2023;
/// The suite's one hash (BBS Cryptosuites v1.0 §3.4.3: SHA-256), its row in [`super::cryptosuite::SUITES`]: the
/// labeling hash, and the hash of the proof configuration and of the mandatory statements.
const HASH: HashAlgorithm = HashAlgorithm::Sha256;

/// §3.2.1 `createShuffledIdLabelMapFunction` with `hmac_key` (the `hmac_labels` span), as a label map factory.
fn shuffled_labels(
    hmac_key: Vec<u8>,
) -> impl Fn(&super::grouping::LabelMap) -> crate::error::Result<super::grouping::LabelMap> {
    move |issued| {
        let _span = tracing::info_span!(super::proof_span::HMAC_LABELS).entered();
        Ok(super::grouping::shuffled_label_map(&hmac_key, issued))
    }
}
