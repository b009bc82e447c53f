//! Span names of the steps inside a proof operation (create, derive, verify), shared by every suite's module
//! and by the JOSE verifiers; the canonicalization phases nest inside the first two. The exchange's flamegraphs
//! and tables group time by these names.

/// Transformation: canonicalizing the unsecured document.
pub(crate) const CANONICALIZE_DOCUMENT: &str = "canonicalize_document";
/// Proof Configuration: canonicalizing the proof options.
pub(crate) const CANONICALIZE_PROOF_CONFIG: &str = "canonicalize_proof_config";
/// Hashing both.
pub(crate) const HASH_DATA: &str = "hash_data";
/// Signing hashData.
pub(crate) const SIGN: &str = "sign";
/// Verifying the signature.
pub(crate) const VERIFY: &str = "verify";
/// ecdsa-sd-2023: replacing canonical blank node labels (HMAC of `c14nN`, or the derived proof's map).
pub(crate) const RELABEL: &str = "relabel";
/// ecdsa-sd-2023: selecting JSON pointers and splitting the statements into groups.
pub(crate) const GROUP: &str = "group";
/// ecdsa-sd-2023: signing each non-mandatory statement with the proof-scoped key.
pub(crate) const SIGN_STATEMENTS: &str = "sign_statements";
/// ecdsa-sd-2023: verifying each disclosed non-mandatory statement's signature.
pub(crate) const VERIFY_STATEMENTS: &str = "verify_statements";
/// bbs-2023: the HMAC blank node labels, shuffled (`createShuffledIdLabelMapFunction`), inside `relabel`.
pub(crate) const HMAC_LABELS: &str = "hmac_labels";
/// bbs-2023: BBS Sign of the non-mandatory statements.
pub(crate) const BBS_SIGN: &str = "bbs_sign";
/// bbs-2023: BBS ProofGen disclosing the selected statements.
pub(crate) const BBS_PROOF_GEN: &str = "bbs_proof_gen";
/// bbs-2023: BBS ProofVerify of a derived proof.
pub(crate) const BBS_PROOF_VERIFY: &str = "bbs_proof_verify";
