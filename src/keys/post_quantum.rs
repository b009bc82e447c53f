//! The post-quantum keys: ML-DSA-44 (FIPS 204) from ml-dsa, SLH-DSA-SHA2-128s (FIPS 205) from slh-dsa, and
//! FALCON-512 (the NIST round-3 submission, padded signatures) from pqcrypto-falcon (PQClean's C code).
//!
//! - ML-DSA: pure ML-DSA with the empty context (FIPS 204 Algorithm 2 / 3), signed with the deterministic variant
//!   (`rnd` = 0³², §3.4), so the same key and message give the same signature; hedged signatures (the CG report's
//!   vectors) verify alike. A secret key is its 32-byte seed ξ (§3.6.3; RFC 9964's `priv`), or the 2,560-byte
//!   expanded key (`skEncode`, Algorithm 24; the report's `KeysMLDSA.json`), whose `s1`/`s2` coefficients are
//!   range-checked before the crate decodes it (its decoder is not meant for untrusted bytes) and which must then
//!   sign what its public key verifies (a `tr` or `t0` of another key fails).
//! - SLH-DSA: pure SLH-DSA with the empty context (FIPS 205 Algorithm 22 / 24), deterministic (`opt_rand` =
//!   PK.seed). A secret key is SK.seed ‖ SK.prf ‖ PK.seed ‖ PK.root (64 bytes); PK.root is recomputed from the
//!   seeds on decoding and must match.
//! - FALCON-512: round-3 Falcon as the CG report's vectors use it (header byte 0x39, 40-byte nonce, signatures
//!   padded to 666 bytes: PQClean `falcon-padded-512`). fn-dsa (FIPS 206 draft: another hash-to-point and
//!   signature format) cannot verify them; it serves here only for key generation from a seeded RNG and for
//!   the public key of a secret key, through `falcon_codec` (the two pack the same coefficients in opposite
//!   bit orders). PQClean draws each signature's nonce from the operating system's RNG, so Falcon signatures
//!   differ run to run (their size does not).

use super::algorithm::SignatureAlgorithm;
use super::falcon_codec;
use crate::error::{Error, Result};
use pqcrypto_falcon::falconpadded512 as falcon;

type MlDsa = ml_dsa::MlDsa44;
type SlhDsa = slh_dsa::Sha2_128s;

/// Bytes of an ML-DSA-44 expanded secret key (FIPS 204 Table 2).
const ML_DSA_EXPANDED: usize = 2560;
/// Bytes of a FALCON-512 secret key (round 3: header, f, g, F).
const FALCON_SECRET: usize = 1281;
/// Bytes of a FALCON-512 public key (header 0x09, h in 14-bit words).
const FALCON_PUBLIC: usize = 897;
/// Bytes of a padded FALCON-512 signature.
const FALCON_SIGNATURE: usize = 666;
/// FALCON-512's log2 of the degree.
const FALCON_LOGN: u32 = 9;

/// A post-quantum signing key.
pub(super) enum Secret {
    MlDsa44 {
        key: Box<ml_dsa::ExpandedSigningKey<MlDsa>>,
        /// The seed ξ, when the key was made or read from it.
        seed: Option<[u8; 32]>,
        public: Public,
    },
    SlhDsa(Box<slh_dsa::SigningKey<SlhDsa>>),
    Falcon {
        secret: Box<falcon::SecretKey>,
        public: Public,
    },
}

/// A post-quantum verification key.
#[derive(Clone)]
pub(super) enum Public {
    MlDsa44(Box<ml_dsa::VerifyingKey<MlDsa>>),
    SlhDsa(Box<slh_dsa::VerifyingKey<SlhDsa>>),
    Falcon(Box<falcon::PublicKey>),
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} secret key", self.algorithm().name())
    }
}

impl std::fmt::Debug for Public {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} public key {}…",
            self.algorithm().name(),
            hex::encode(&self.to_bytes()[..8])
        )
    }
}

impl PartialEq for Public {
    fn eq(&self, other: &Public) -> bool {
        self.algorithm() == other.algorithm() && self.to_bytes() == other.to_bytes()
    }
}

/// `bytes` of exactly `len` for `what`. Errors: [`crate::ErrorKind::Key`] naming both lengths.
fn exact<'b>(bytes: &'b [u8], len: usize, what: &str) -> Result<&'b [u8]> {
    if bytes.len() == len {
        Ok(bytes)
    } else {
        Err(Error::key(format!(
            "{what} has {len} bytes, not {}",
            bytes.len()
        )))
    }
}

impl Secret {
    /// A key of the post-quantum `algorithm` from `rng`: ML-DSA-44 from a 32-byte seed ξ (FIPS 204 Algorithm 6),
    /// SLH-DSA from three 16-byte seeds (FIPS 205 Algorithm 18), FALCON-512 from fn-dsa's key generation with a
    /// ChaCha20 RNG seeded by 32 bytes of `rng`. `None` for a classical algorithm.
    pub(super) fn from_rng<R: rand_core::CryptoRng + ?Sized>(
        algorithm: SignatureAlgorithm,
        rng: &mut R,
    ) -> Option<Secret> {
        Some(match algorithm {
            SignatureAlgorithm::MlDsa44 => {
                let mut seed = [0u8; 32];
                rng.fill_bytes(&mut seed);
                ml_dsa_from_seed(seed)
            }
            SignatureAlgorithm::SlhDsaSha2_128s => {
                Secret::SlhDsa(Box::new(slh_dsa::SigningKey::<SlhDsa>::new(rng)))
            }
            SignatureAlgorithm::Falcon512 => {
                use fn_dsa::{KeyPairGenerator, KeyPairGeneratorStandard};
                use fn_dsa_rand_core::SeedableRng;
                let mut seed = [0u8; 32];
                rng.fill_bytes(&mut seed);
                let mut falcon_rng = fn_dsa_rand_chacha::ChaCha20Rng::from_seed(seed);
                let mut signing = vec![0u8; fn_dsa::sign_key_size(FALCON_LOGN)];
                let mut verifying = vec![0u8; fn_dsa::vrfy_key_size(FALCON_LOGN)];
                KeyPairGeneratorStandard::default().keygen(
                    FALCON_LOGN,
                    &mut falcon_rng,
                    &mut signing,
                    &mut verifying,
                );
                falcon_secret(&falcon_codec::secret_from_fn_dsa(&signing))
                    .expect("fn-dsa's FALCON-512 key re-encoded is a round-3 secret key")
            }
            _ => return None,
        })
    }

    /// A key from its bytes (see the module): ML-DSA-44 a 32-byte seed or a 2,560-byte expanded key,
    /// SLH-DSA-SHA2-128s 64 bytes, FALCON-512 1,281 bytes. Errors: [`crate::ErrorKind::Key`] for another length
    /// or an inconsistent key, with the bare reason; `None` for a classical algorithm.
    pub(super) fn from_bytes(
        algorithm: SignatureAlgorithm,
        bytes: &[u8],
    ) -> Option<Result<Secret>> {
        Some(match algorithm {
            SignatureAlgorithm::MlDsa44 => match bytes.len() {
                32 => Ok(ml_dsa_from_seed(bytes.try_into().expect("32 bytes"))),
                ML_DSA_EXPANDED => ml_dsa_from_expanded(bytes),
                n => Err(Error::key(format!(
                    "an ML-DSA-44 secret key has 32 bytes (the seed) or 2560 (expanded), not {n}"
                ))),
            },
            SignatureAlgorithm::SlhDsaSha2_128s => slh_dsa_secret(bytes),
            SignatureAlgorithm::Falcon512 => falcon_secret(bytes),
            _ => return None,
        })
    }

    /// The key's bytes, as [`Secret::from_bytes`] reads them: ML-DSA-44's seed when it has one (else its expanded
    /// form), SLH-DSA's 64 bytes, FALCON-512's 1,281.
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        match self {
            Secret::MlDsa44 {
                seed: Some(seed), ..
            } => seed.to_vec(),
            #[allow(deprecated)] // skEncode: the key was read in this form
            Secret::MlDsa44 { key, .. } => key.to_expanded().to_vec(),
            Secret::SlhDsa(key) => key.to_vec(),
            Secret::Falcon { secret, .. } => {
                use pqcrypto_traits::sign::SecretKey as _;
                secret.as_bytes().to_vec()
            }
        }
    }

    /// The key's algorithm.
    pub(super) fn algorithm(&self) -> SignatureAlgorithm {
        match self {
            Secret::MlDsa44 { .. } => SignatureAlgorithm::MlDsa44,
            Secret::SlhDsa(_) => SignatureAlgorithm::SlhDsaSha2_128s,
            Secret::Falcon { .. } => SignatureAlgorithm::Falcon512,
        }
    }

    /// The matching public key.
    pub(super) fn public(&self) -> Public {
        match self {
            Secret::MlDsa44 { public, .. } | Secret::Falcon { public, .. } => public.clone(),
            Secret::SlhDsa(key) => {
                let public: &slh_dsa::VerifyingKey<SlhDsa> = key.as_ref().as_ref();
                Public::SlhDsa(Box::new(public.clone()))
            }
        }
    }

    /// The signature of `message`: ML-DSA-44 2,420 bytes (deterministic), SLH-DSA-SHA2-128s 7,856
    /// (deterministic), FALCON-512 666 (padded; random nonce). Errors: [`crate::ErrorKind::Signature`] if ML-DSA's
    /// rejection sampling gives up (probability below 2⁻¹²⁸) or PQClean's Falcon signing fails.
    pub(super) fn sign(&self, message: &[u8]) -> Result<Vec<u8>> {
        match self {
            Secret::MlDsa44 { key, .. } => key
                .sign_deterministic(message, &[])
                .map(|s| s.encode().to_vec())
                .map_err(|_| Error::signature("ML-DSA-44 signing failed")),
            Secret::SlhDsa(key) => key
                .try_sign_with_context(message, &[], None)
                .map(|s| s.to_vec())
                .map_err(|_| Error::signature("SLH-DSA signing failed")),
            Secret::Falcon { secret, .. } => {
                use pqcrypto_traits::sign::DetachedSignature as _;
                // PQClean reports a failure as an empty signature (not for a key decoded here).
                let signature = falcon::detached_sign(message, secret).as_bytes().to_vec();
                if signature.len() != FALCON_SIGNATURE {
                    return Err(Error::signature(format!(
                        "FALCON-512 signing failed ({} bytes, not 666)",
                        signature.len()
                    )));
                }
                Ok(signature)
            }
        }
    }
}

/// The ML-DSA-44 key of the seed ξ (FIPS 204 Algorithm 6 `ML-DSA.KeyGen_internal`).
fn ml_dsa_from_seed(seed: [u8; 32]) -> Secret {
    let key = ml_dsa::SigningKey::<MlDsa>::from_seed(&seed.into());
    let public = Public::MlDsa44(Box::new(ml_dsa::Keypair::verifying_key(&key)));
    Secret::MlDsa44 {
        key: Box::new(key.expanded_key().clone()),
        seed: Some(seed),
        public,
    }
}

/// ML-DSA-44 with η = 2 writes each coefficient of `s1` and `s2` as the 3-bit value η − c (FIPS 204 Algorithm 16
/// `BitPack(w, η, η)`), which must be at most 2η = 4.
const ML_DSA_ETA_MAX: u32 = 4;

/// An ML-DSA-44 key from its 2,560-byte expanded form (FIPS 204 Algorithm 25 `skDecode`: ρ 32, K 32, tr 64, s1
/// 4 × 96, s2 4 × 96, t0 4 × 416 bytes), checked first: every `s1`/`s2` coefficient in range (§7.2: `skDecode`
/// is only defined for such keys, and the crate's decoder does not check), and `tr` = H(pkEncode(ρ, t1)), the
/// public key the secret derives (checked by a signature, see below). Errors: [`crate::ErrorKind::Key`] naming what is wrong.
fn ml_dsa_from_expanded(bytes: &[u8]) -> Result<Secret> {
    let s = &bytes[128..128 + 768];
    for (i, chunk) in s.chunks_exact(3).enumerate() {
        let word = u32::from(chunk[0]) | u32::from(chunk[1]) << 8 | u32::from(chunk[2]) << 16;
        if let Some(j) = (0..8).find(|j| (word >> (3 * j)) & 7 > ML_DSA_ETA_MAX) {
            let index = i * 8 + j;
            let (vector, at) = if index < 1024 {
                ("s1", index)
            } else {
                ("s2", index - 1024)
            };
            return Err(Error::key(format!(
                "the ML-DSA-44 expanded secret key's {vector} coefficient {at} is out of range (its 3-bit value is above 2η = 4)"
            )));
        }
    }
    let encoded: ml_dsa::ExpandedSigningKeyBytes<MlDsa> = bytes
        .try_into()
        .map_err(|_| Error::key("an ML-DSA-44 expanded secret key has 2560 bytes"))?;
    #[allow(deprecated)] // skDecode: the report's key form; checked above
    let key = ml_dsa::ExpandedSigningKey::<MlDsa>::from_expanded(&encoded);
    let public = key.verifying_key();
    // tr must be H(pk): a key whose tr is another's signs μ = H(tr ‖ M′) that no verifier recomputes. The crate
    // exposes no H, so the check is a deterministic signature over a fixed message, verified with the public
    // key s1 and s2 give (~1 ms).
    let probe = b"canonprof: ML-DSA-44 expanded key check";
    let consistent = key
        .sign_deterministic(probe, &[])
        .is_ok_and(|signature| public.verify_with_context(probe, &[], &signature));
    if !consistent {
        return Err(Error::key(
            "the ML-DSA-44 expanded secret key is inconsistent: its tr or t0 is not of the public key its s1, s2 give",
        ));
    }
    Ok(Secret::MlDsa44 {
        key: Box::new(key),
        seed: None,
        public: Public::MlDsa44(Box::new(public)),
    })
}

/// An SLH-DSA-SHA2-128s key from SK.seed ‖ SK.prf ‖ PK.seed ‖ PK.root (FIPS 205 §9.1), PK.root recomputed from
/// the seeds (Algorithm 18) and compared. Errors: [`crate::ErrorKind::Key`].
fn slh_dsa_secret(bytes: &[u8]) -> Result<Secret> {
    let bytes = exact(bytes, 64, "an SLH-DSA-SHA2-128s secret key")?;
    let derived = slh_dsa::SigningKey::<SlhDsa>::slh_keygen_internal(
        &bytes[..16],
        &bytes[16..32],
        &bytes[32..48],
    );
    if derived.as_ref().to_bytes().as_slice() != &bytes[32..] {
        return Err(Error::key(
            "the SLH-DSA-SHA2-128s secret key's PK.root is not the root its SK.seed and PK.seed give",
        ));
    }
    Ok(Secret::SlhDsa(Box::new(derived)))
}

/// A FALCON-512 key from its 1,281 bytes (round 3 §3.11.5: header 0x59, f and g in 6-bit, F in 8-bit words),
/// decoded by fn-dsa (same layout) to check it — f invertible, G in range — and to compute its public key.
/// Errors: [`crate::ErrorKind::Key`].
fn falcon_secret(bytes: &[u8]) -> Result<Secret> {
    use fn_dsa::{SigningKey as _, SigningKeyStandard};
    use pqcrypto_traits::sign::SecretKey as _;
    let bytes = exact(bytes, FALCON_SECRET, "a FALCON-512 secret key")?;
    let decoded = SigningKeyStandard::decode(&falcon_codec::secret_to_fn_dsa(bytes))
        .filter(|k| k.get_logn() == FALCON_LOGN)
        .ok_or_else(|| {
            Error::key(
                "not a FALCON-512 secret key (header 0x59, f invertible, f, g, F, G in range)",
            )
        })?;
    let mut public = vec![0u8; FALCON_PUBLIC];
    decoded.to_verifying_key(&mut public);
    let public = falcon_codec::public_from_fn_dsa(&public).ok_or_else(|| {
        Error::key("not a FALCON-512 secret key (its public key does not decode)")
    })?;
    let secret = falcon::SecretKey::from_bytes(bytes)
        .map_err(|_| Error::key("a FALCON-512 secret key has 1281 bytes"))?;
    Ok(Secret::Falcon {
        secret: Box::new(secret),
        public: Public::from_bytes(SignatureAlgorithm::Falcon512, &public)
            .expect("a post-quantum algorithm")?,
    })
}

impl Public {
    /// A key from its bytes: ML-DSA-44 `pkEncode` (1,312 bytes; every such string is a key), SLH-DSA-SHA2-128s
    /// PK.seed ‖ PK.root (32), FALCON-512 (897: header 0x09, then 512 values below q = 12289, checked). Errors:
    /// [`crate::ErrorKind::Key`] with the bare reason; `None` for a classical algorithm.
    pub(super) fn from_bytes(
        algorithm: SignatureAlgorithm,
        bytes: &[u8],
    ) -> Option<Result<Public>> {
        Some(match algorithm {
            SignatureAlgorithm::MlDsa44 => {
                exact(bytes, 1312, "an ML-DSA-44 public key").map(|bytes| {
                    let encoded: ml_dsa::EncodedVerifyingKey<MlDsa> =
                        bytes.try_into().expect("1312 bytes");
                    Public::MlDsa44(Box::new(ml_dsa::VerifyingKey::decode(&encoded)))
                })
            }
            SignatureAlgorithm::SlhDsaSha2_128s => {
                exact(bytes, 32, "an SLH-DSA-SHA2-128s public key").map(|bytes| {
                    Public::SlhDsa(Box::new(
                        slh_dsa::VerifyingKey::try_from(bytes).expect("32 bytes"),
                    ))
                })
            }
            SignatureAlgorithm::Falcon512 => {
                exact(bytes, FALCON_PUBLIC, "a FALCON-512 public key").and_then(|bytes| {
                    use pqcrypto_traits::sign::PublicKey as _;
                    if !falcon_codec::public_is_valid(bytes) {
                        return Err(Error::key(
                            "not a FALCON-512 public key (header 0x09, then 512 values below 12289)",
                        ));
                    }
                    falcon::PublicKey::from_bytes(bytes)
                        .map(|k| Public::Falcon(Box::new(k)))
                        .map_err(|_| Error::key("a FALCON-512 public key has 897 bytes"))
                })
            }
            _ => return None,
        })
    }

    /// The key's bytes, as [`Public::from_bytes`] reads them.
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        match self {
            Public::MlDsa44(key) => key.encode().to_vec(),
            Public::SlhDsa(key) => key.to_vec(),
            Public::Falcon(key) => {
                use pqcrypto_traits::sign::PublicKey as _;
                key.as_bytes().to_vec()
            }
        }
    }

    /// The key's algorithm.
    pub(super) fn algorithm(&self) -> SignatureAlgorithm {
        match self {
            Public::MlDsa44(_) => SignatureAlgorithm::MlDsa44,
            Public::SlhDsa(_) => SignatureAlgorithm::SlhDsaSha2_128s,
            Public::Falcon(_) => SignatureAlgorithm::Falcon512,
        }
    }

    /// Whether `signature` is a valid signature of `message`: exactly the parameter set's length (2,420 / 7,856 /
    /// 666 bytes), decodable, and verifying (pure ML-DSA / SLH-DSA with the empty context; padded Falcon).
    pub(super) fn verify(&self, message: &[u8], signature: &[u8]) -> bool {
        match self {
            Public::MlDsa44(key) => {
                let Ok(encoded) = ml_dsa::EncodedSignature::<MlDsa>::try_from(signature) else {
                    return false;
                };
                ml_dsa::Signature::<MlDsa>::decode(&encoded)
                    .is_some_and(|s| key.verify_with_context(message, &[], &s))
            }
            Public::SlhDsa(key) => slh_dsa::Signature::<SlhDsa>::try_from(signature)
                .is_ok_and(|s| key.try_verify_with_context(message, &[], &s).is_ok()),
            Public::Falcon(key) => {
                use pqcrypto_traits::sign::DetachedSignature as _;
                signature.len() == FALCON_SIGNATURE
                    && falcon::DetachedSignature::from_bytes(signature)
                        .is_ok_and(|s| falcon::verify_detached_signature(&s, message, key).is_ok())
            }
        }
    }
}
