//! BLS12-381 G2 keys for BBS signatures (draft-irtf-cfrg-bbs-signatures-13, ciphersuite BLS12-381-SHA-256), from
//! zkryptium: a 32-byte secret scalar (big-endian) and a 96-byte compressed G2 public key. A seeded key is
//! `KeyGen` (§3.4 of the draft) over 32 bytes of key material drawn from the caller's RNG.
//!
//! These keys do not sign one message: BBS signs a list of messages under a header (bbs-2023 does it in
//! [`crate::integrity::bbs`]), so [`super::SecretKey::sign`] and [`super::PublicKey::verify`] refuse them.

use crate::error::{Error, Result};
use zkryptium::bbsplus::keys::{BBSplusPublicKey, BBSplusSecretKey};
use zkryptium::keys::pair::KeyPair;
use zkryptium::schemes::algorithms::BbsBls12381Sha256;

/// Bytes of a secret key.
pub(crate) const SECRET_LEN: usize = 32;
/// Bytes of a compressed G2 public key.
pub(crate) const PUBLIC_LEN: usize = 96;

/// A BLS12-381 secret key with its public key.
#[derive(Clone)]
pub(crate) struct Secret {
    pub(crate) key: BBSplusSecretKey,
    pub(crate) public: Public,
}

/// A BLS12-381 G2 public key.
#[derive(Clone, PartialEq)]
pub(crate) struct Public(pub(crate) BBSplusPublicKey);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BLS12-381 G2 secret key")
    }
}

impl std::fmt::Debug for Public {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "BLS12-381 G2 public key {}…",
            hex::encode(&self.to_bytes()[..8])
        )
    }
}

impl Secret {
    /// `KeyGen` over 32 bytes of key material from `rng`.
    pub(crate) fn from_rng<R: rand_core::CryptoRng + ?Sized>(rng: &mut R) -> Secret {
        let mut material = [0u8; 32];
        rng.fill_bytes(&mut material);
        let pair = KeyPair::<BbsBls12381Sha256>::generate(&material, None, None)
            .expect("KeyGen takes 32 bytes of key material");
        let (key, public) = pair.into_parts();
        Secret {
            key,
            public: Public(public),
        }
    }

    /// A key from its 32 big-endian bytes. Errors: [`crate::ErrorKind::Key`] for another length or a scalar
    /// out of range (zero or not below the group order).
    pub(crate) fn from_bytes(bytes: &[u8]) -> Result<Secret> {
        if bytes.len() != SECRET_LEN {
            return Err(Error::key(format!(
                "BLS12-381 secret keys have {SECRET_LEN} bytes, not {}",
                bytes.len()
            )));
        }
        let key = BBSplusSecretKey::from_bytes(bytes)
            .ok()
            .filter(|k| k.to_bytes() != [0; SECRET_LEN])
            .ok_or_else(|| Error::key("the BLS12-381 secret key is not a scalar in 1..r"))?;
        let public = Public(key.public_key());
        Ok(Secret { key, public })
    }

    /// The 32 big-endian bytes.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        self.key.to_bytes().to_vec()
    }
}

impl Public {
    /// A key from its 96-byte compressed G2 point. Errors: [`crate::ErrorKind::Key`] for another length or bytes
    /// that are not a point of the G2 subgroup.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Result<Public> {
        if bytes.len() != PUBLIC_LEN {
            return Err(Error::key(format!(
                "BLS12-381 G2 public keys have {PUBLIC_LEN} bytes, not {}",
                bytes.len()
            )));
        }
        // draft-irtf-cfrg-bbs-signatures-13 §4.2.4.7 octets_to_pubkey / KeyValidate: the identity is no key (a
        // compressed point with the infinity flag, 0x40 of its first byte, is the identity or invalid).
        if bytes[0] & INFINITY_FLAG != 0 {
            return Err(Error::key(
                "the BLS12-381 public key is the identity point of G2, which no secret key has",
            ));
        }
        let key = BBSplusPublicKey::from_bytes(bytes)
            .map_err(|_| Error::key("the BLS12-381 public key is not a compressed point of G2"))?;
        if key.to_bytes()[..] != bytes[..] {
            return Err(Error::key(
                "the BLS12-381 public key is not in its one compressed encoding",
            ));
        }
        Ok(Public(key))
    }

    /// The 96-byte compressed point.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes().to_vec()
    }
}

/// The infinity flag of a compressed BLS12-381 point (its first byte; ZCash serialization): set, the point is the
/// identity (or the encoding is invalid).
const INFINITY_FLAG: u8 = 0x40;
/// Bytes of a compressed G1 point.
const G1_LEN: usize = 48;
/// Bytes of a scalar.
const SCALAR_LEN: usize = 32;

/// Why a BBS proof's encoding is refused before ProofVerify, or `None`: draft-irtf-cfrg-bbs-signatures-13
/// §4.2.4.5 `octets_to_proof` refuses a proof whose Abar, Bbar or D is the identity of G1 or whose scalars are
/// zero (or not below r, which zkryptium refuses). zkryptium 0.8.0 does not refuse the identity points, and with
/// Abar = Bbar = identity the pairing check passes trivially and the challenge can be solved from public values:
/// a forgery. `proof` is 272 + 32·U bytes (checked by the caller): three G1 points, then scalars.
pub(crate) fn proof_encoding_refusal(proof: &[u8]) -> Option<String> {
    const POINTS: [&str; 3] = ["Abar", "Bbar", "D"];
    for (i, name) in POINTS.iter().enumerate() {
        let first = *proof.get(i * G1_LEN)?;
        if first & INFINITY_FLAG != 0 {
            return Some(format!(
                "the BBS proof's {name} is the identity point of G1 (or carries its flag), which a proof never has"
            ));
        }
    }
    let scalars = proof.get(POINTS.len() * G1_LEN..)?;
    scalars
        .chunks(SCALAR_LEN)
        .position(|s| s.iter().all(|&b| b == 0))
        .map(|i| format!("scalar {i} of the BBS proof is zero, which a proof never has"))
}

/// The error of signing or verifying one message with a BLS12-381 key.
pub(crate) fn signs_message_lists() -> Error {
    Error::key(
        "BLS12-381 G2 keys sign with BBS, which signs a list of messages under a header (the bbs-2023 cryptosuite), not one message",
    )
}

/// Messages as zkryptium takes them.
fn owned(messages: &[&[u8]]) -> Vec<Vec<u8>> {
    messages.iter().map(|m| m.to_vec()).collect()
}

impl Secret {
    /// BBS `Sign` (draft-irtf-cfrg-bbs-signatures-13 §3.5.1) of `messages` under `header`: 80 bytes,
    /// deterministic. Errors: [`crate::ErrorKind::Signature`] if the crate fails.
    pub(crate) fn bbs_sign(&self, header: &[u8], messages: &[&[u8]]) -> Result<Vec<u8>> {
        use zkryptium::schemes::generics::Signature;
        Signature::<BbsBls12381Sha256>::sign(
            Some(&owned(messages)),
            &self.key,
            &self.public.0,
            Some(header),
        )
        .map(|s| s.to_bytes().to_vec())
        .map_err(|e| Error::signature(format!("BBS Sign failed: {e}")))
    }
}

impl Public {
    /// BBS `ProofGen` (§3.5.3): a proof of `signature` over `messages` under `header`, disclosing the messages at
    /// `disclosed` (increasing), bound to `presentation_header`. Its random scalars come from the operating
    /// system's RNG (zkryptium's), so two proofs of one signature differ. Errors: [`crate::ErrorKind::Proof`] when
    /// the signature does not fit (the crate checks it) or an index is out of range.
    pub(crate) fn bbs_proof_gen(
        &self,
        signature: &[u8],
        header: &[u8],
        presentation_header: &[u8],
        messages: &[&[u8]],
        disclosed: &[usize],
    ) -> Result<Vec<u8>> {
        use zkryptium::schemes::generics::PoKSignature;
        if let Some(&beyond) = disclosed.iter().find(|&&i| i >= messages.len()) {
            return Err(Error::proof(format!(
                "BBS ProofGen: disclosed index {beyond} is beyond the {} signed messages",
                messages.len()
            )));
        }
        PoKSignature::<BbsBls12381Sha256>::proof_gen(
            &self.0,
            signature,
            Some(header),
            Some(presentation_header),
            Some(&owned(messages)),
            Some(disclosed),
        )
        .map(|p| p.to_bytes())
        .map_err(|e| Error::proof(format!("BBS ProofGen failed (a signature that does not match its messages, header or key?): {e}")))
    }

    /// BBS `ProofVerify` (§3.5.4) of `proof` (272 + 32·U bytes, checked by the caller) for the `disclosed`
    /// messages at `indexes` (strictly increasing), under `header` and `presentation_header`. `Err` with the
    /// reason for a proof refused before ProofVerify ([`proof_encoding_refusal`]).
    pub(crate) fn bbs_proof_verify(
        &self,
        proof: &[u8],
        header: &[u8],
        presentation_header: &[u8],
        disclosed: &[&[u8]],
        indexes: &[usize],
    ) -> std::result::Result<bool, String> {
        use zkryptium::schemes::generics::PoKSignature;
        if proof.len() < 272 || (proof.len() - 272) % 32 != 0 || disclosed.len() != indexes.len() {
            return Ok(false);
        }
        if let Some(reason) = proof_encoding_refusal(proof) {
            return Err(reason);
        }
        Ok(
            PoKSignature::<BbsBls12381Sha256>::from_bytes(proof).is_ok_and(|p| {
                p.proof_verify(
                    &self.0,
                    Some(&owned(disclosed)),
                    Some(indexes),
                    Some(header),
                    Some(presentation_header),
                )
                .is_ok()
            }),
        )
    }
}
