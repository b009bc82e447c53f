//! The signing keys of the credential formats: one signature-algorithm enum ([`SignatureAlgorithm`]: Ed25519,
//! ECDSA P-256, ECDSA P-384, and the post-quantum ML-DSA-44, SLH-DSA-SHA2-128s and FALCON-512) and the secret and
//! public keys made from it, shared by VC Data Integrity
//! ([`crate::integrity`]), SD-JWT VC ([`crate::sd_jwt`]), mdoc ([`crate::mdoc`]) and the exchange. A leaf: it
//! knows no credential format; each format encodes the keys its own way (Multikey, JWK, COSE_Key, X.509
//! SubjectPublicKeyInfo) from the byte forms here. Keys come from a seeded RNG (ChaCha20), so runs reproduce.
//!
//! Every key signs and verifies through a signature [`Backend`]: RustCrypto (the default; Ed25519 (RFC 8032)
//! from ed25519-dalek, ECDSA (FIPS 186-5, deterministic nonces of RFC 6979) from p256 / p384), or aws-lc-rs
//! (AWS-LC's assembly; ECDSA with random nonces) for the exchange's what-if ([`SecretKey::with_backend`]). The
//! key bytes are the same with either, so a signature made by one verifies with the other; with RustCrypto the
//! same seed gives the same signature bytes, with aws-lc-rs only Ed25519's repeat.
//!
//! The post-quantum keys (`post_quantum.rs`: ml-dsa, slh-dsa, pqcrypto-falcon) sign with RustCrypto's backend
//! only: aws-lc-rs refuses them ([`SecretKey::with_backend`]). ML-DSA-44 and SLH-DSA sign deterministically;
//! FALCON-512's signatures take a random nonce from the operating system (PQClean's), so they differ run to run.

mod algorithm;
mod aws_lc;
pub(crate) mod bls;
pub(crate) mod bls_blind;
mod falcon_codec;
mod post_quantum;

pub use algorithm::SignatureAlgorithm;

use crate::error::{Error, ErrorKind, Result};
use std::sync::Arc;

/// The library that computes and checks a key's signatures (Ed25519, ECDSA P-256 and P-384 alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Backend {
    /// RustCrypto, pure Rust: ed25519-dalek, p256, p384. ECDSA nonces are RFC 6979-deterministic, so the same
    /// key and message give the same signature bytes. The W3C vectors are checked with it.
    #[default]
    RustCrypto,
    /// aws-lc-rs: AWS-LC's C and assembly. ECDSA nonces are random (AWS-LC's own RNG), so ECDSA signature
    /// bytes differ run to run (their sizes do not); Ed25519 stays deterministic.
    AwsLc,
}

impl Backend {
    /// Every backend, the default first.
    pub const ALL: [Backend; 2] = [Backend::RustCrypto, Backend::AwsLc];

    /// `rustcrypto` or `aws-lc-rs` (the `--signatures` values and the exports' `signatures`).
    pub fn name(self) -> &'static str {
        match self {
            Backend::RustCrypto => "rustcrypto",
            Backend::AwsLc => "aws-lc-rs",
        }
    }

    /// The backend of a [`Backend::name`]; `None` for another name.
    pub fn from_name(name: &str) -> Option<Backend> {
        Backend::ALL.into_iter().find(|b| b.name() == name)
    }

    /// What the backend is, for headers: `RustCrypto (ECDSA nonces RFC 6979)` or `aws-lc-rs (ECDSA nonces
    /// random: ECDSA signatures differ run to run)`.
    pub fn describe(self) -> &'static str {
        match self {
            Backend::RustCrypto => "RustCrypto (ECDSA nonces RFC 6979)",
            Backend::AwsLc => "aws-lc-rs (ECDSA nonces random: ECDSA signatures differ run to run)",
        }
    }
}

/// A RustCrypto signing key.
#[derive(Debug, Clone)]
enum RustCryptoSecret {
    Ed25519(ed25519_dalek::SigningKey),
    P256(p256::ecdsa::SigningKey),
    P384(p384::ecdsa::SigningKey),
    /// ML-DSA-44, SLH-DSA-SHA2-128s or FALCON-512 (not all RustCrypto: Falcon is PQClean's C).
    PostQuantum(Arc<post_quantum::Secret>),
    /// BLS12-381 G2 for BBS (zkryptium).
    Bls12381G2(Arc<bls::Secret>),
}

/// A RustCrypto verification key.
#[derive(Debug, Clone, PartialEq)]
enum RustCryptoPublic {
    Ed25519(ed25519_dalek::VerifyingKey),
    P256(p256::ecdsa::VerifyingKey),
    P384(p384::ecdsa::VerifyingKey),
    /// ML-DSA-44, SLH-DSA-SHA2-128s or FALCON-512.
    PostQuantum(Arc<post_quantum::Public>),
    /// BLS12-381 G2 for BBS.
    Bls12381G2(Arc<bls::Public>),
}

/// A signing key: Ed25519, ECDSA P-256 (SHA-256) or ECDSA P-384 (SHA-384), signing through its [`Backend`]
/// (RustCrypto unless [`SecretKey::with_backend`] says otherwise). Cloning is cheap.
#[derive(Debug, Clone)]
pub struct SecretKey {
    key: RustCryptoSecret,
    /// The same key (and its public key) prepared by AWS-LC, when that is the backend.
    aws_lc: Option<(Arc<aws_lc::Secret>, Arc<aws_lc::Public>)>,
}

/// A verification key: Ed25519, ECDSA P-256 or ECDSA P-384, verifying through its [`Backend`]. Two keys are
/// equal when their key material is, whatever their backends. Cloning is cheap.
#[derive(Debug, Clone)]
pub struct PublicKey {
    key: RustCryptoPublic,
    /// The same key parsed by AWS-LC, when that is the backend.
    aws_lc: Option<Arc<aws_lc::Public>>,
}

impl PartialEq for PublicKey {
    fn eq(&self, other: &PublicKey) -> bool {
        self.key == other.key
    }
}

/// An AWS-LC refusal or failure as [`ErrorKind::Key`] (preparing a key) or [`ErrorKind::Signature`] (signing).
fn aws_lc_error(kind: ErrorKind) -> impl Fn(String) -> Error {
    move |reason| Error::new(kind, reason)
}

impl SecretKey {
    fn rustcrypto(key: RustCryptoSecret) -> SecretKey {
        SecretKey { key, aws_lc: None }
    }

    /// A key of `algorithm` drawn from a ChaCha20 RNG seeded with `seed`, so runs are reproducible: Ed25519 from
    /// 32 random bytes, ECDSA by rejection sampling of a scalar below the group order. RustCrypto backend.
    pub fn from_seed(algorithm: SignatureAlgorithm, seed: u64) -> SecretKey {
        use rand_core::SeedableRng;
        SecretKey::from_rng(
            algorithm,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(seed),
        )
    }

    /// A key of `algorithm` drawn from `rng` as [`SecretKey::from_seed`] draws it. RustCrypto backend.
    pub fn from_rng<R: rand_core::CryptoRng + ?Sized>(
        algorithm: SignatureAlgorithm,
        rng: &mut R,
    ) -> SecretKey {
        use p256::elliptic_curve::Generate;
        if let Some(key) = post_quantum::Secret::from_rng(algorithm, rng) {
            return SecretKey::rustcrypto(RustCryptoSecret::PostQuantum(Arc::new(key)));
        }
        if algorithm == SignatureAlgorithm::Bls12381G2 {
            return SecretKey::rustcrypto(RustCryptoSecret::Bls12381G2(Arc::new(
                bls::Secret::from_rng(rng),
            )));
        }
        SecretKey::rustcrypto(match algorithm {
            SignatureAlgorithm::Ed25519 => {
                RustCryptoSecret::Ed25519(ed25519_dalek::SigningKey::generate(rng))
            }
            SignatureAlgorithm::P256 => {
                RustCryptoSecret::P256(p256::ecdsa::SigningKey::generate_from_rng(rng))
            }
            SignatureAlgorithm::P384 => {
                RustCryptoSecret::P384(p384::ecdsa::SigningKey::generate_from_rng(rng))
            }
            _ => unreachable!("post-quantum keys are made above"),
        })
    }

    /// A key from its bytes: the 32-byte Ed25519 secret (RFC 8032 §5.1.5), the ECDSA secret scalar, big-endian
    /// (32 bytes for P-256, 48 for P-384; SEC 1 §2.3.7), the ML-DSA-44 seed ξ (32 bytes, FIPS 204 §3.6.3) or
    /// expanded key (2,560 bytes, `skEncode`), the SLH-DSA-SHA2-128s key (64 bytes, FIPS 205 §9.1), or the
    /// FALCON-512 key (1,281 bytes, round 3). RustCrypto backend. Errors: [`ErrorKind::Key`] for a wrong length,
    /// a scalar out of range or an inconsistent post-quantum key, with the bare reason for the caller to put in
    /// context.
    pub fn from_bytes(algorithm: SignatureAlgorithm, bytes: &[u8]) -> Result<SecretKey> {
        if let Some(key) = post_quantum::Secret::from_bytes(algorithm, bytes) {
            return Ok(SecretKey::rustcrypto(RustCryptoSecret::PostQuantum(
                Arc::new(key?),
            )));
        }
        if algorithm == SignatureAlgorithm::Bls12381G2 {
            return Ok(SecretKey::rustcrypto(RustCryptoSecret::Bls12381G2(
                Arc::new(bls::Secret::from_bytes(bytes)?),
            )));
        }
        let key = match algorithm {
            SignatureAlgorithm::Ed25519 => RustCryptoSecret::Ed25519(
                ed25519_dalek::SigningKey::from_bytes(ed25519_bytes(bytes)?),
            ),
            SignatureAlgorithm::P256 => p256::ecdsa::SigningKey::from_slice(bytes)
                .map(RustCryptoSecret::P256)
                .map_err(key_error)?,
            SignatureAlgorithm::P384 => p384::ecdsa::SigningKey::from_slice(bytes)
                .map(RustCryptoSecret::P384)
                .map_err(key_error)?,
            _ => unreachable!("post-quantum keys are read above"),
        };
        Ok(SecretKey::rustcrypto(key))
    }

    /// The same key signing through `backend` (prepared once here, not per signature). Errors:
    /// [`ErrorKind::Key`] if the backend refuses the key: aws-lc-rs refuses the post-quantum keys (it does not
    /// refuse a classical key made here).
    pub fn with_backend(mut self, backend: Backend) -> Result<SecretKey> {
        self.aws_lc = match backend {
            Backend::RustCrypto => None,
            Backend::AwsLc => {
                let algorithm = self.algorithm();
                refuse_post_quantum(algorithm, backend)?;
                let public = self.public_key().to_bytes(false);
                let secret = aws_lc::Secret::new(algorithm, &self.secret_bytes(), &public)
                    .map_err(aws_lc_error(ErrorKind::Key))?;
                let public = aws_lc::Public::new(algorithm, &public)
                    .map_err(aws_lc_error(ErrorKind::Key))?;
                Some((Arc::new(secret), Arc::new(public)))
            }
        };
        Ok(self)
    }

    /// The backend it signs through.
    pub fn backend(&self) -> Backend {
        match self.aws_lc {
            Some(_) => Backend::AwsLc,
            None => Backend::RustCrypto,
        }
    }

    /// A key from PKCS#8 `PrivateKeyInfo` DER (RFC 5958): Ed25519 (RFC 8410), or ECDSA P-256 / P-384 (an
    /// RFC 5915 `ECPrivateKey` inside, the curve named by the algorithm parameters). RustCrypto backend.
    /// Errors: [`ErrorKind::Key`] when it is none of these (the bare reason).
    ///
    /// Post-quantum keys have no PKCS#8 form here yet ([`SecretKey::to_pkcs8_der`] says so).
    pub fn from_pkcs8_der(der: &[u8]) -> Result<SecretKey> {
        use p256::pkcs8::DecodePrivateKey as _;
        let key = {
            use ed25519_dalek::pkcs8::DecodePrivateKey as _;
            ed25519_dalek::SigningKey::from_pkcs8_der(der)
                .ok()
                .map(RustCryptoSecret::Ed25519)
        }
        .or_else(|| {
            p256::ecdsa::SigningKey::from_pkcs8_der(der)
                .ok()
                .map(RustCryptoSecret::P256)
        })
        .or_else(|| {
            p384::ecdsa::SigningKey::from_pkcs8_der(der)
                .ok()
                .map(RustCryptoSecret::P384)
        })
        .ok_or_else(|| {
            Error::key("PKCS#8: not an unencrypted Ed25519, P-256 or P-384 private key")
        })?;
        Ok(SecretKey::rustcrypto(key))
    }

    /// A key from SEC 1 `ECPrivateKey` DER (RFC 5915 §3, the OpenSSL `EC PRIVATE KEY` form) of a P-256 or
    /// P-384 key. RustCrypto backend. Errors: [`ErrorKind::Key`] when it is neither (the bare reason).
    pub fn from_sec1_der(der: &[u8]) -> Result<SecretKey> {
        let key = p256::SecretKey::from_sec1_der(der)
            .ok()
            .map(|k| RustCryptoSecret::P256(k.into()))
            .or_else(|| {
                p384::SecretKey::from_sec1_der(der)
                    .ok()
                    .map(|k| RustCryptoSecret::P384(k.into()))
            })
            .ok_or_else(|| Error::key("SEC 1: not a P-256 or P-384 EC private key"))?;
        Ok(SecretKey::rustcrypto(key))
    }

    /// The secret's bytes, as [`SecretKey::from_bytes`] takes them (a JWK's `d`, RFC 7518 §6.2.2.1, RFC 8037
    /// §2; an `AKP` JWK's `priv`, RFC 9964 §6, for the post-quantum keys: ML-DSA-44's 32-byte seed when the key
    /// has one, else its 2,560-byte expanded form).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.secret_bytes()
    }

    /// The secret's bytes, as [`SecretKey::from_bytes`] takes them.
    fn secret_bytes(&self) -> Vec<u8> {
        match &self.key {
            RustCryptoSecret::Ed25519(k) => k.to_bytes().to_vec(),
            RustCryptoSecret::P256(k) => k.to_bytes().to_vec(),
            RustCryptoSecret::P384(k) => k.to_bytes().to_vec(),
            RustCryptoSecret::PostQuantum(k) => k.to_bytes(),
            RustCryptoSecret::Bls12381G2(k) => k.to_bytes(),
        }
    }

    /// The key's algorithm.
    pub fn algorithm(&self) -> SignatureAlgorithm {
        match &self.key {
            RustCryptoSecret::Ed25519(_) => SignatureAlgorithm::Ed25519,
            RustCryptoSecret::P256(_) => SignatureAlgorithm::P256,
            RustCryptoSecret::P384(_) => SignatureAlgorithm::P384,
            RustCryptoSecret::PostQuantum(k) => k.algorithm(),
            RustCryptoSecret::Bls12381G2(_) => SignatureAlgorithm::Bls12381G2,
        }
    }

    /// The RustCrypto P-256 key, for code that needs the crate's own signer (the X.509 certificate builder);
    /// `None` for another algorithm.
    pub fn p256_signing_key(&self) -> Option<&p256::ecdsa::SigningKey> {
        match &self.key {
            RustCryptoSecret::P256(k) => Some(k),
            _ => None,
        }
    }

    /// The zkryptium key of a BLS12-381 G2 key (bbs-2023 signs with it); `None` for another algorithm.
    pub(crate) fn bls12381_g2(&self) -> Option<&bls::Secret> {
        match &self.key {
            RustCryptoSecret::Bls12381G2(k) => Some(k),
            _ => None,
        }
    }

    /// The matching public key, verifying through the same backend.
    pub fn public_key(&self) -> PublicKey {
        let key = match &self.key {
            RustCryptoSecret::Ed25519(k) => RustCryptoPublic::Ed25519(k.verifying_key()),
            RustCryptoSecret::P256(k) => RustCryptoPublic::P256(*k.verifying_key()),
            RustCryptoSecret::P384(k) => RustCryptoPublic::P384(*k.verifying_key()),
            RustCryptoSecret::PostQuantum(k) => RustCryptoPublic::PostQuantum(Arc::new(k.public())),
            RustCryptoSecret::Bls12381G2(k) => {
                RustCryptoPublic::Bls12381G2(Arc::new(k.public.clone()))
            }
        };
        PublicKey {
            key,
            aws_lc: self.aws_lc.as_ref().map(|(_, public)| public.clone()),
        }
    }

    /// The signature of `message`: Ed25519 (64 bytes), or ECDSA over SHA-256 (P-256) / SHA-384 (P-384) of
    /// `message` as the raw `r ‖ s` (64 / 96 bytes) — the JWS / COSE `EdDSA`, `ES256`, `ES384` signature form
    /// (RFC 7518 §3.4, RFC 9053 §2.1) and the Data Integrity proof bytes — through the key's backend (ECDSA
    /// nonces: RFC 6979 with RustCrypto, random with aws-lc-rs); or the post-quantum signature of `message`
    /// itself (ML-DSA-44 2,420 bytes, SLH-DSA-SHA2-128s 7,856, FALCON-512 666, padded). Errors:
    /// [`ErrorKind::Signature`] if aws-lc-rs fails internally or ML-DSA's rejection sampling gives up.
    pub fn sign(&self, message: &[u8]) -> Result<Vec<u8>> {
        use signature::Signer;
        if let Some((key, _)) = &self.aws_lc {
            return key
                .sign(message)
                .map_err(aws_lc_error(ErrorKind::Signature));
        }
        Ok(match &self.key {
            RustCryptoSecret::Ed25519(k) => k.sign(message).to_bytes().to_vec(),
            RustCryptoSecret::P256(k) => Signer::<p256::ecdsa::Signature>::sign(k, message)
                .to_bytes()
                .to_vec(),
            RustCryptoSecret::P384(k) => Signer::<p384::ecdsa::Signature>::sign(k, message)
                .to_bytes()
                .to_vec(),
            RustCryptoSecret::PostQuantum(k) => return k.sign(message),
            RustCryptoSecret::Bls12381G2(_) => return Err(bls::signs_message_lists()),
        })
    }

    /// The key as PKCS#8 `PrivateKeyInfo` DER (RFC 5958; RFC 8410 for Ed25519, RFC 5915 inside for ECDSA), as
    /// JOSE libraries load it. Errors: [`ErrorKind::Key`] if encoding fails (the bare reason), or for a
    /// post-quantum key ("ALG is not supported by PKCS#8 yet").
    pub fn to_pkcs8_der(&self) -> Result<Vec<u8>> {
        use p256::pkcs8::EncodePrivateKey as _;
        let der = match &self.key {
            RustCryptoSecret::PostQuantum(k) => {
                return Err(not_supported_yet(k.algorithm(), "PKCS#8"))
            }
            RustCryptoSecret::Bls12381G2(_) => {
                return Err(not_supported_yet(SignatureAlgorithm::Bls12381G2, "PKCS#8"))
            }
            RustCryptoSecret::Ed25519(k) => {
                use ed25519_dalek::pkcs8::EncodePrivateKey as _;
                k.to_pkcs8_der()
            }
            RustCryptoSecret::P256(k) => k.to_pkcs8_der(),
            RustCryptoSecret::P384(k) => k.to_pkcs8_der(),
        };
        der.map(|d| d.as_bytes().to_vec())
            .map_err(|e| Error::key(e.to_string()).caused_by(e))
    }
}

impl PublicKey {
    fn rustcrypto(key: RustCryptoPublic) -> PublicKey {
        PublicKey { key, aws_lc: None }
    }

    /// A key from its bytes: the 32-byte Ed25519 public key (RFC 8032 §5.1.5), or an ECDSA point in SEC 1
    /// encoding (§2.3.3: compressed or uncompressed). RustCrypto backend. Errors:
    /// [`ErrorKind::Key`] for a wrong length or a point not on the curve, with the bare
    /// reason (the crate's) for the caller to put in context.
    pub fn from_bytes(algorithm: SignatureAlgorithm, bytes: &[u8]) -> Result<PublicKey> {
        if let Some(key) = post_quantum::Public::from_bytes(algorithm, bytes) {
            return Ok(PublicKey::rustcrypto(RustCryptoPublic::PostQuantum(
                Arc::new(key?),
            )));
        }
        if algorithm == SignatureAlgorithm::Bls12381G2 {
            return Ok(PublicKey::rustcrypto(RustCryptoPublic::Bls12381G2(
                Arc::new(bls::Public::from_bytes(bytes)?),
            )));
        }
        let key = match algorithm {
            SignatureAlgorithm::Ed25519 => {
                ed25519_dalek::VerifyingKey::from_bytes(ed25519_bytes(bytes)?)
                    .map(RustCryptoPublic::Ed25519)
                    .map_err(key_error)?
            }
            SignatureAlgorithm::P256 => p256::ecdsa::VerifyingKey::from_sec1_bytes(bytes)
                .map(RustCryptoPublic::P256)
                .map_err(key_error)?,
            SignatureAlgorithm::P384 => p384::ecdsa::VerifyingKey::from_sec1_bytes(bytes)
                .map(RustCryptoPublic::P384)
                .map_err(key_error)?,
            _ => unreachable!("post-quantum keys are read above"),
        };
        Ok(PublicKey::rustcrypto(key))
    }

    /// The same key verifying through `backend` (parsed once here, not per verification). Errors:
    /// [`ErrorKind::Key`] if the backend refuses the key (not for a point on the curve; aws-lc-rs refuses the
    /// post-quantum keys).
    pub fn with_backend(mut self, backend: Backend) -> Result<PublicKey> {
        self.aws_lc = match backend {
            Backend::RustCrypto => None,
            Backend::AwsLc => {
                refuse_post_quantum(self.algorithm(), backend)?;
                let parsed = aws_lc::Public::new(self.algorithm(), &self.to_bytes(false))
                    .map_err(aws_lc_error(ErrorKind::Key))?;
                Some(Arc::new(parsed))
            }
        };
        Ok(self)
    }

    /// The backend it verifies through.
    pub fn backend(&self) -> Backend {
        match self.aws_lc {
            Some(_) => Backend::AwsLc,
            None => Backend::RustCrypto,
        }
    }

    /// The zkryptium key of a BLS12-381 G2 public key (bbs-2023 verifies with it); `None` for another
    /// algorithm.
    pub(crate) fn bls12381_g2(&self) -> Option<&bls::Public> {
        match &self.key {
            RustCryptoPublic::Bls12381G2(k) => Some(k),
            _ => None,
        }
    }

    /// The key's algorithm.
    pub fn algorithm(&self) -> SignatureAlgorithm {
        match &self.key {
            RustCryptoPublic::Ed25519(_) => SignatureAlgorithm::Ed25519,
            RustCryptoPublic::P256(_) => SignatureAlgorithm::P256,
            RustCryptoPublic::P384(_) => SignatureAlgorithm::P384,
            RustCryptoPublic::PostQuantum(k) => k.algorithm(),
            RustCryptoPublic::Bls12381G2(_) => SignatureAlgorithm::Bls12381G2,
        }
    }

    /// The key's bytes: Ed25519's 32, or the ECDSA point in SEC 1 encoding (§2.3.3), compressed (33 / 49 bytes)
    /// or uncompressed (`04 ‖ x ‖ y`, 65 / 97 bytes); `compressed` is ignored for Ed25519. A post-quantum key's
    /// encoding: ML-DSA-44 `pkEncode` (1,312 bytes), SLH-DSA PK.seed ‖ PK.root (32), FALCON-512 (897).
    pub fn to_bytes(&self, compressed: bool) -> Vec<u8> {
        match &self.key {
            RustCryptoPublic::Ed25519(k) => k.to_bytes().to_vec(),
            RustCryptoPublic::P256(k) => k.to_sec1_point(compressed).as_bytes().to_vec(),
            RustCryptoPublic::P384(k) => k.to_sec1_point(compressed).as_bytes().to_vec(),
            RustCryptoPublic::PostQuantum(k) => k.to_bytes(),
            RustCryptoPublic::Bls12381G2(k) => k.to_bytes(),
        }
    }

    /// The affine coordinates (x, y), big-endian, of an ECDSA key (32 / 48 bytes each) — what a JWK (RFC 7518
    /// §6.2.1) and an EC2 COSE_Key (RFC 9053 §7.1.1) carry; `None` for Ed25519 and the post-quantum keys.
    pub fn coordinates(&self) -> Option<(Vec<u8>, Vec<u8>)> {
        let point = self.to_bytes(false);
        match self.key {
            RustCryptoPublic::Ed25519(_)
            | RustCryptoPublic::PostQuantum(_)
            | RustCryptoPublic::Bls12381G2(_) => None,
            _ => {
                let half = (point.len() - 1) / 2;
                Some((point[1..1 + half].to_vec(), point[1 + half..].to_vec()))
            }
        }
    }

    /// The key as X.509 `SubjectPublicKeyInfo` DER (RFC 5280 §4.1.2.7; RFC 8410 for Ed25519, RFC 5480 for
    /// ECDSA). Errors: [`ErrorKind::Key`] if encoding fails (the bare reason), or for a post-quantum key ("ALG
    /// is not supported by X.509 yet").
    pub fn to_spki_der(&self) -> Result<Vec<u8>> {
        use p256::pkcs8::EncodePublicKey as _;
        let der = match &self.key {
            RustCryptoPublic::PostQuantum(k) => {
                return Err(not_supported_yet(k.algorithm(), "X.509"))
            }
            RustCryptoPublic::Bls12381G2(_) => {
                return Err(not_supported_yet(SignatureAlgorithm::Bls12381G2, "X.509"))
            }
            RustCryptoPublic::Ed25519(k) => {
                use ed25519_dalek::pkcs8::EncodePublicKey as _;
                k.to_public_key_der()
            }
            RustCryptoPublic::P256(k) => k.to_public_key_der(),
            RustCryptoPublic::P384(k) => k.to_public_key_der(),
        };
        der.map(|d| d.as_bytes().to_vec())
            .map_err(|e| Error::key(e.to_string()).caused_by(e))
    }

    /// The key in an X.509 `SubjectPublicKeyInfo` (DER) if it is one of `algorithms` (tried in that order; the
    /// post-quantum ones are skipped: no SPKI form here yet); RustCrypto backend.
    pub fn from_spki_der(der: &[u8], algorithms: &[SignatureAlgorithm]) -> Option<PublicKey> {
        use p256::pkcs8::DecodePublicKey as _;
        let key = algorithms.iter().find_map(|algorithm| match algorithm {
            SignatureAlgorithm::Ed25519 => {
                use ed25519_dalek::pkcs8::DecodePublicKey as _;
                ed25519_dalek::VerifyingKey::from_public_key_der(der)
                    .ok()
                    .map(RustCryptoPublic::Ed25519)
            }
            SignatureAlgorithm::P256 => p256::ecdsa::VerifyingKey::from_public_key_der(der)
                .ok()
                .map(RustCryptoPublic::P256),
            SignatureAlgorithm::P384 => p384::ecdsa::VerifyingKey::from_public_key_der(der)
                .ok()
                .map(RustCryptoPublic::P384),
            _ => None,
        })?;
        Some(PublicKey::rustcrypto(key))
    }

    /// Whether `signature` (the raw form [`SecretKey::sign`] makes) is valid for `message`, checked through the
    /// key's backend; `false` also for a malformed signature.
    pub fn verify(&self, message: &[u8], signature: &[u8]) -> bool {
        use signature::Verifier;
        if let Some(key) = &self.aws_lc {
            return key.verify(message, signature);
        }
        match &self.key {
            RustCryptoPublic::Ed25519(k) => ed25519_dalek::Signature::from_slice(signature)
                .is_ok_and(|s| k.verify(message, &s).is_ok()),
            RustCryptoPublic::P256(k) => p256::ecdsa::Signature::from_slice(signature)
                .is_ok_and(|s| k.verify(message, &s).is_ok()),
            RustCryptoPublic::P384(k) => p384::ecdsa::Signature::from_slice(signature)
                .is_ok_and(|s| k.verify(message, &s).is_ok()),
            RustCryptoPublic::PostQuantum(k) => k.verify(message, signature),
            RustCryptoPublic::Bls12381G2(_) => false,
        }
    }
}

/// "ALG is not supported by FORMAT yet": the error of a format (PKCS#8, X.509, SD-JWT, mdoc) that cannot
/// carry a post-quantum key yet, as [`ErrorKind::Key`].
pub fn not_supported_yet(algorithm: SignatureAlgorithm, format: &str) -> Error {
    Error::key(format!(
        "{} is not supported by {format} yet",
        algorithm.name()
    ))
}

/// [`ErrorKind::Key`] for a post-quantum `algorithm` with a backend other than RustCrypto.
fn refuse_post_quantum(algorithm: SignatureAlgorithm, backend: Backend) -> Result<()> {
    if algorithm == SignatureAlgorithm::Bls12381G2 && backend != Backend::RustCrypto {
        return Err(Error::key(format!(
            "the {} backend has no BLS12-381 (BBS signs with zkryptium, through rustcrypto)",
            backend.name()
        )));
    }
    if algorithm.is_post_quantum() && backend != Backend::RustCrypto {
        return Err(Error::key(format!(
            "the {} backend has no {} (post-quantum keys sign with rustcrypto: ml-dsa, slh-dsa, pqcrypto-falcon)",
            backend.name(),
            algorithm.name()
        )));
    }
    Ok(())
}

/// The DER of the first PEM block (RFC 7468) whose label starts with `label` (`CERTIFICATE`, `PUBLIC KEY`; `""`
/// for any), or `None` when there is none or its base64 is malformed.
pub fn pem_der(text: &str, label: &str) -> Option<Vec<u8>> {
    use base64ct::{Base64, Encoding};
    let begin = format!("-----BEGIN {label}");
    let body: String = text
        .lines()
        .skip_while(|l| !l.starts_with(&begin))
        .skip(1)
        .take_while(|l| !l.starts_with("-----END"))
        .collect();
    Base64::decode_vec(body.trim())
        .ok()
        .filter(|d| !d.is_empty())
}

/// `bytes` as an Ed25519 key's 32 bytes (RFC 8032 §5.1.5, secret or public). Errors:
/// [`ErrorKind::Key`] for another length.
fn ed25519_bytes(bytes: &[u8]) -> Result<&[u8; 32]> {
    bytes
        .try_into()
        .map_err(|_| Error::key("Ed25519 keys have 32 bytes"))
}

/// A key crate's refusal as [`ErrorKind::Key`], with its bare reason.
fn key_error(e: impl std::fmt::Display) -> Error {
    Error::key(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Seeded keys are part of canonprof's reproducibility (the exchange's presented bytes, the mdoc
    /// certificates): pinned here so that a change of RNG or key-generation crate cannot move them silently.
    #[test]
    fn seeded_keys_and_signatures_are_pinned() {
        let pinned = [
            (
                SignatureAlgorithm::Ed25519,
                "2ac1b57b44ec16fdf46b9816e10c428d64ad5cb92514b4bb89a1f8bdaf07b279",
                "5d634b4e4e3ade8c49ac4f4e26d4a9eb2be64f0a183850724386d387c0be8745e36fdb4e55a492746c6f25451ec9d2da7a6cd2ac913bdda6ad346b257867d007",
            ),
            (
                SignatureAlgorithm::P256,
                "02df65f8ba8a79b711869fca47de43f9d9311bba77b9f1dc26e7b3addcbf769acb",
                "5389c282a93e3645b1a18cdf7ce5cf0916465889d2e2169c60fab06e2bc22fc9c29fed13d9184f8d5feefe30f6d25356793ba76bbc278e532a2fdc0f3ccb3e4c",
            ),
            (
                SignatureAlgorithm::P384,
                "023167ff45da84b42aeabd61bb421e1bfa56275a4682dd5eebce0b318b1a1298b8e0789e6cfa4fd90c8adbdc9dc8cb921a",
                "73f21e45e3496b65ab0ee2369608f7466ef3aeca6098e1dbc4aff0c26d9ac7a3815d21148dc3721ef2e0c1d1bd1e7abb65441f71bf7509a495949711ad45f690598d94cd8ae24fb35b3493eee256809dea7aaf2019a894057c46c36c92fe3c3f",
            ),
        ];
        for (algorithm, public, signature) in pinned {
            let key = SecretKey::from_seed(algorithm, 2026);
            let signed = key.sign(b"canonprof").unwrap();
            assert_eq!(key.algorithm(), algorithm);
            assert_eq!(
                hex::encode(key.public_key().to_bytes(true)),
                public,
                "{}",
                algorithm.name()
            );
            assert_eq!(hex::encode(&signed), signature, "{}", algorithm.name());
            assert!(key.public_key().verify(b"canonprof", &signed));
            assert!(!key.public_key().verify(b"canonprof?", &signed));
            let again =
                PublicKey::from_bytes(algorithm, &key.public_key().to_bytes(false)).unwrap();
            assert_eq!(again, key.public_key());
        }
    }

    /// The same key bytes with either backend: a signature made by one verifies with the other (Ed25519, P-256,
    /// P-384), a changed message or signature with neither; aws-lc-rs's Ed25519 signatures are RustCrypto's
    /// bytes (both deterministic), its ECDSA ones are not (random nonces) but have the same length.
    #[test]
    fn backends_verify_each_others_signatures() {
        for algorithm in SignatureAlgorithm::CLASSICAL {
            let rust = SecretKey::from_seed(algorithm, 2026);
            let aws = rust.clone().with_backend(Backend::AwsLc).unwrap();
            assert_eq!(aws.backend(), Backend::AwsLc);
            assert_eq!(aws.public_key().backend(), Backend::AwsLc);
            assert_eq!(aws.public_key(), rust.public_key(), "{}", algorithm.name());
            assert_eq!(
                aws.aws_lc.as_ref().unwrap().0.public_bytes(),
                rust.public_key().to_bytes(false)
            );
            let message = b"canonprof across backends";
            let by_rust = rust.sign(message).unwrap();
            let by_aws = aws.sign(message).unwrap();
            assert_eq!(by_aws.len(), by_rust.len(), "{}", algorithm.name());
            if algorithm == SignatureAlgorithm::Ed25519 {
                assert_eq!(by_aws, by_rust);
            }
            let verifiers = [
                rust.public_key(),
                rust.public_key().with_backend(Backend::AwsLc).unwrap(),
            ];
            for verifier in &verifiers {
                for signature in [&by_rust, &by_aws] {
                    let what = format!("{} {:?}", algorithm.name(), verifier.backend());
                    assert!(verifier.verify(message, signature), "{what}");
                    assert!(
                        !verifier.verify(b"canonprof elsewhere", signature),
                        "{what}"
                    );
                    let mut flipped = signature.clone();
                    flipped[5] ^= 1;
                    assert!(!verifier.verify(message, &flipped), "{what}");
                    assert!(!verifier.verify(message, &signature[1..]), "{what}");
                }
            }
            let other = SecretKey::from_seed(algorithm, 7).public_key();
            for verifier in [other.clone(), other.with_backend(Backend::AwsLc).unwrap()] {
                assert!(!verifier.verify(message, &by_aws));
            }
            let back = aws.clone().with_backend(Backend::RustCrypto).unwrap();
            assert_eq!(back.backend(), Backend::RustCrypto);
            assert_eq!(back.public_key().backend(), Backend::RustCrypto);
        }
        for backend in Backend::ALL {
            assert_eq!(Backend::from_name(backend.name()), Some(backend));
        }
        assert_eq!(Backend::from_name("ring"), None);
    }
}
