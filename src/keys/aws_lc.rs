//! The aws-lc-rs signature backend ([`Backend::AwsLc`](super::Backend::AwsLc)): AWS-LC's Ed25519 (RFC 8032)
//! and ECDSA P-256 / SHA-256, P-384 / SHA-384 (FIPS 186-5) with the raw `r ‖ s` signature form, built from the
//! same key bytes as the RustCrypto keys. AWS-LC draws each ECDSA nonce from its own RNG (no RFC 6979), so its
//! ECDSA signatures differ run to run; they verify with either backend. Ed25519 is deterministic.

use super::algorithm::SignatureAlgorithm;
use aws_lc_rs::signature::{self, EcdsaKeyPair, Ed25519KeyPair, ParsedPublicKey};

/// A signing key held by AWS-LC.
pub(super) enum Secret {
    /// Ed25519.
    Ed25519(Ed25519KeyPair),
    /// ECDSA P-256 or P-384 (fixed-length `r ‖ s` signatures).
    Ecdsa(EcdsaKeyPair),
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self {
            Secret::Ed25519(_) => "Ed25519",
            Secret::Ecdsa(_) => "ECDSA",
        };
        write!(f, "aws-lc-rs {what} key")
    }
}

impl Secret {
    /// The AWS-LC form of a key of `algorithm`: `secret` is the 32-byte Ed25519 seed or the big-endian ECDSA
    /// scalar, `public` the Ed25519 public key or the uncompressed SEC 1 point (AWS-LC checks that they match).
    /// Errors: AWS-LC's reason.
    pub(super) fn new(
        algorithm: SignatureAlgorithm,
        secret: &[u8],
        public: &[u8],
    ) -> Result<Secret, String> {
        let reject = |e: aws_lc_rs::error::KeyRejected| format!("aws-lc-rs rejects the key: {e}");
        match algorithm {
            SignatureAlgorithm::Ed25519 => Ed25519KeyPair::from_seed_and_public_key(secret, public)
                .map(Secret::Ed25519)
                .map_err(reject),
            SignatureAlgorithm::P256 | SignatureAlgorithm::P384 => {
                let alg = match algorithm {
                    SignatureAlgorithm::P256 => &signature::ECDSA_P256_SHA256_FIXED_SIGNING,
                    _ => &signature::ECDSA_P384_SHA384_FIXED_SIGNING,
                };
                EcdsaKeyPair::from_private_key_and_public_key(alg, secret, public)
                    .map(Secret::Ecdsa)
                    .map_err(reject)
            }
            other => Err(refusal(other)),
        }
    }

    /// The signature of `message` (Ed25519 64 bytes; ECDSA `r ‖ s`, 64 / 96 bytes, random nonce). Errors:
    /// AWS-LC's internal failure (it has no other).
    pub(super) fn sign(&self, message: &[u8]) -> Result<Vec<u8>, String> {
        match self {
            Secret::Ed25519(k) => Ok(k.sign(message).as_ref().to_vec()),
            // aws-lc-rs ignores the RNG argument (ring's API): AWS-LC seeds its own.
            Secret::Ecdsa(k) => k
                .sign(&aws_lc_rs::rand::SystemRandom::new(), message)
                .map(|s| s.as_ref().to_vec())
                .map_err(|e| format!("aws-lc-rs could not sign: {e}")),
        }
    }

    /// The public key bytes AWS-LC derived (Ed25519 32 bytes, ECDSA uncompressed SEC 1 point).
    #[cfg(test)]
    pub(super) fn public_bytes(&self) -> Vec<u8> {
        use aws_lc_rs::signature::KeyPair as _;
        match self {
            Secret::Ed25519(k) => k.public_key().as_ref().to_vec(),
            Secret::Ecdsa(k) => k.public_key().as_ref().to_vec(),
        }
    }
}

/// Why AWS-LC takes no key of the post-quantum `algorithm` here (its ML-DSA is not wired in: the exchange's
/// what-if compares classical backends).
fn refusal(algorithm: SignatureAlgorithm) -> String {
    format!(
        "the aws-lc-rs backend has no {} (post-quantum keys sign with rustcrypto)",
        algorithm.name()
    )
}

/// A verification key parsed once by AWS-LC.
pub(super) struct Public(ParsedPublicKey);

impl std::fmt::Debug for Public {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "aws-lc-rs public key")
    }
}

impl Public {
    /// The AWS-LC form of a public key of `algorithm`: `bytes` are Ed25519's 32 or the uncompressed SEC 1
    /// point. Errors: AWS-LC's reason.
    pub(super) fn new(algorithm: SignatureAlgorithm, bytes: &[u8]) -> Result<Public, String> {
        let alg: &'static dyn signature::VerificationAlgorithm = match algorithm {
            SignatureAlgorithm::Ed25519 => &signature::ED25519,
            SignatureAlgorithm::P256 => &signature::ECDSA_P256_SHA256_FIXED,
            SignatureAlgorithm::P384 => &signature::ECDSA_P384_SHA384_FIXED,
            other => return Err(refusal(other)),
        };
        ParsedPublicKey::new(alg, bytes)
            .map(Public)
            .map_err(|e| format!("aws-lc-rs rejects the public key: {e}"))
    }

    /// Whether `signature` (raw, as [`Secret::sign`] makes it) is valid for `message`.
    pub(super) fn verify(&self, message: &[u8], signature: &[u8]) -> bool {
        self.0.verify_sig(message, signature).is_ok()
    }
}
