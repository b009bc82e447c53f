//! The holder's secrets for bbs-2023 anonymous holder binding (BBS Cryptosuites v1.0 §3.4.5 and §3.4.6,
//! featureOption `"anonymous_holder_binding"`): a holder secret the issuer signs without seeing it, committed to
//! with draft-irtf-cfrg-bbs-blind-signatures-02 `Commit`.

use crate::error::Result;
use crate::keys::bls_blind;

/// What the holder keeps to derive proofs from a holder-bound base proof: the holder secret (the one committed
/// message) and the `secret_prover_blind` of its commitment. Its `Debug` shows neither.
#[derive(Clone, PartialEq, Eq)]
pub struct HolderBinding {
    /// The holder secret: the committed message, as bytes (the W3C vectors' `holderSecretHex` hex-decoded, 32
    /// bytes).
    pub holder_secret: Vec<u8>,
    /// The blind of the commitment (`secretProverBlind`): a big-endian scalar below the group order.
    pub secret_prover_blind: [u8; 32],
}

impl std::fmt::Debug for HolderBinding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "HolderBinding {{ holder secret and prover blind hidden }}"
        )
    }
}

/// draft-irtf-cfrg-bbs-blind-signatures-02 §4.1 `Commit` to `[holder_secret]` (the holder's step before issuance):
/// the `commitment_with_proof` for the issuer ([`super::create_base_proof_with_holder_binding`], 144 bytes: the
/// commitment and a proof of knowledge of its opening) and what the holder keeps. The blind and the proof's
/// scalars come from the operating system's RNG (zkryptium's), so commitments differ run to run. Errors:
/// [`crate::ErrorKind::Proof`] if the crate fails.
pub fn commit_holder_secret(holder_secret: &[u8]) -> Result<(Vec<u8>, HolderBinding)> {
    let (commitment_with_proof, secret_prover_blind) = bls_blind::commit(holder_secret)?;
    Ok((
        commitment_with_proof,
        HolderBinding {
            holder_secret: holder_secret.to_vec(),
            secret_prover_blind,
        },
    ))
}
