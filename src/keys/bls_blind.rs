//! Blind BBS (draft-irtf-cfrg-bbs-blind-signatures-02, as zkryptium 0.8.0's `bbsplus_blind` implements it, with
//! the generator counts of the grotto library) for bbs-2023's anonymous holder binding: the holder commits to one
//! secret message, the issuer signs its messages with the commitment (BlindSign), the holder proves knowledge of
//! the signature and of the secret without disclosing it (BlindProofGen / BlindProofVerify).
//!
//! zkryptium slices commitments and proofs without checking their lengths, and computes the number of committed
//! messages of a proof as `R + U − 1 − L` in `usize` (a short proof underflows); these functions check the exact
//! lengths first. Commit and BlindProofGen draw their random scalars from the operating system's RNG (zkryptium's).

use super::bls::{Public, Secret};
use crate::error::{Error, Result};
use zkryptium::bbsplus::commitment::BlindFactor;
use zkryptium::schemes::algorithms::BbsBls12381Sha256;
use zkryptium::schemes::generics::{BlindSignature, Commitment, PoKSignature};

/// Bytes of a `commitment_with_proof` to one committed message: a G1 point, then the scalars `s^`, `m^_1` and the
/// challenge (draft-irtf-cfrg-bbs-blind-signatures-02 §4.1).
pub(crate) const COMMITMENT_LEN: usize = 48 + 3 * 32;
/// Bytes of a BBS proof with no undisclosed message; each undisclosed message adds 32.
const PROOF_BASE_LEN: usize = 272;

fn owned(messages: &[&[u8]]) -> Vec<Vec<u8>> {
    messages.iter().map(|m| m.to_vec()).collect()
}

fn blind_factor(bytes: &[u8; 32]) -> Result<BlindFactor> {
    BlindFactor::from_bytes(bytes)
        .map_err(|_| Error::proof("the secret prover blind is not a scalar below the group order"))
}

/// The bytes of a blind BBS proof of `length` messages with `disclosed` disclosed and one committed message (and
/// the prover blind) undisclosed: 272 + 32·(L − R + 2).
pub(crate) fn blind_proof_len(length: usize, disclosed: usize) -> Option<usize> {
    length
        .checked_sub(disclosed)
        .map(|undisclosed| PROOF_BASE_LEN + 32 * (undisclosed + 2))
}

/// draft-irtf-cfrg-bbs-blind-signatures-02 §4.1 `Commit` to `[holder_secret]`: (`commitment_with_proof`, 144
/// bytes; `secret_prover_blind`). Random: the operating system's RNG (zkryptium's).
pub(crate) fn commit(holder_secret: &[u8]) -> Result<(Vec<u8>, [u8; 32])> {
    Commitment::<BbsBls12381Sha256>::commit(Some(&[holder_secret.to_vec()]))
        .map(|(commitment, blind)| (commitment.to_bytes(), blind.to_bytes()))
        .map_err(|e| Error::proof(format!("blind BBS Commit failed: {e}")))
}

impl Secret {
    /// draft-irtf-cfrg-bbs-blind-signatures-02 §4.2 `BlindSign` of `messages` under `header` with the holder's
    /// `commitment_with_proof` (exactly [`COMMITMENT_LEN`] bytes: one committed message), whose proof it checks.
    /// Deterministic. Errors: [`crate::ErrorKind::Proof`] for a commitment of another length or whose proof does
    /// not verify.
    pub(crate) fn bbs_blind_sign(
        &self,
        commitment_with_proof: &[u8],
        header: &[u8],
        messages: &[&[u8]],
    ) -> Result<Vec<u8>> {
        if commitment_with_proof.len() != COMMITMENT_LEN {
            return Err(Error::proof(format!(
                "PROOF_GENERATION_ERROR: the holder's commitment_with_proof is {} bytes, not {COMMITMENT_LEN} (a commitment to one holder secret)",
                commitment_with_proof.len()
            )));
        }
        BlindSignature::<BbsBls12381Sha256>::blind_sign(
            &self.key,
            &self.public.0,
            Some(commitment_with_proof),
            Some(header),
            Some(&owned(messages)),
        )
        .map(|s| s.to_bytes().to_vec())
        .map_err(|e| {
            Error::proof(format!(
                "PROOF_GENERATION_ERROR: BlindSign refused the holder's commitment_with_proof ({e})"
            ))
        })
    }
}

impl Public {
    /// draft-irtf-cfrg-bbs-blind-signatures-02 §4.3 blind signature verification: `signature` over `messages`
    /// and the committed `[holder_secret]` with `secret_prover_blind`, under `header`.
    pub(crate) fn bbs_verify_blind_sign(
        &self,
        signature: &[u8],
        header: &[u8],
        messages: &[&[u8]],
        holder_secret: &[u8],
        secret_prover_blind: &[u8; 32],
    ) -> bool {
        let (Ok(signature), Ok(blind)) = (
            <&[u8; 80]>::try_from(signature),
            blind_factor(secret_prover_blind),
        ) else {
            return false;
        };
        BlindSignature::<BbsBls12381Sha256>::from_bytes(signature).is_ok_and(|s| {
            s.verify_blind_sign(
                &self.0,
                Some(header),
                Some(&owned(messages)),
                Some(&[holder_secret.to_vec()]),
                Some(&blind),
            )
            .is_ok()
        })
    }

    /// draft-irtf-cfrg-bbs-blind-signatures-02 §4.4 `BlindProofGen`: a proof of `signature` over `messages` and
    /// the undisclosed committed `[holder_secret]`, disclosing the messages at `disclosed` (increasing), bound to
    /// `presentation_header`. Random: the operating system's RNG (zkryptium's). Errors:
    /// [`crate::ErrorKind::Proof`] for an index out of range or a crate failure.
    pub(crate) fn bbs_blind_proof_gen(
        &self,
        signature: &[u8],
        (header, presentation_header): (&[u8], &[u8]),
        messages: &[&[u8]],
        disclosed: &[usize],
        (holder_secret, secret_prover_blind): (&[u8], &[u8; 32]),
    ) -> Result<Vec<u8>> {
        if let Some(&beyond) = disclosed.iter().find(|&&i| i >= messages.len()) {
            return Err(Error::proof(format!(
                "BBS BlindProofGen: disclosed index {beyond} is beyond the {} signed messages",
                messages.len()
            )));
        }
        PoKSignature::<BbsBls12381Sha256>::blind_proof_gen(
            &self.0,
            signature,
            Some(header),
            Some(presentation_header),
            Some(&owned(messages)),
            Some(&[holder_secret.to_vec()]),
            Some(disclosed),
            None,
            Some(&blind_factor(secret_prover_blind)?),
        )
        .map(|p| p.to_bytes())
        .map_err(|e| Error::proof(format!("BBS BlindProofGen failed: {e}")))
    }

    /// draft-irtf-cfrg-bbs-blind-signatures-02 §4.5 `BlindProofVerify` of `proof` for the `disclosed` messages at
    /// `indexes` (strictly increasing) among `length` signed messages (L, with one undisclosed committed message),
    /// under `header` and `presentation_header`. False for a proof not of exactly 272 + 32·(L − R + 2) bytes; `Err`
    /// with the reason for one refused before BlindProofVerify (`bls::proof_encoding_refusal`).
    pub(crate) fn bbs_blind_proof_verify(
        &self,
        proof: &[u8],
        (header, presentation_header): (&[u8], &[u8]),
        length: usize,
        disclosed: &[&[u8]],
        indexes: &[usize],
    ) -> std::result::Result<bool, String> {
        if disclosed.len() != indexes.len()
            || indexes.iter().any(|&i| i >= length)
            || blind_proof_len(length, indexes.len()) != Some(proof.len())
        {
            return Ok(false);
        }
        if let Some(reason) = super::bls::proof_encoding_refusal(proof) {
            return Err(reason);
        }
        Ok(
            PoKSignature::<BbsBls12381Sha256>::from_bytes(proof).is_ok_and(|p| {
                p.blind_proof_verify(
                    &self.0,
                    Some(header),
                    Some(presentation_header),
                    Some(length),
                    Some(&owned(disclosed)),
                    None,
                    Some(indexes),
                    None,
                )
                .is_ok()
            }),
        )
    }
}
