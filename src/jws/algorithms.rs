//! The algorithms of the JWS matrix, each from a RustCrypto crate (or the best-kept crate there is), behind one
//! [`Algorithm`] interface; keys from a seeded ChaCha20 RNG. JOSE `alg` names: the registered ones (RFC 7518,
//! RFC 8037) where they exist, the IETF drafts' (`ML-DSA-44` …, draft-ietf-cose-dilithium; `SLH-DSA-SHA2-128s` …,
//! draft-ietf-cose-sphincs-plus; `FN-DSA-512` …, draft-ietf-cose-falcon; `HSS-LMS`, RFC 8778 for COSE), and
//! documented private names (listed in docs/jws.md) for the rest.

use crate::error::{Error, ErrorKind, Result};
use jws_rand_core::SeedableRng;
use std::cell::RefCell;

/// One signing / MAC algorithm with its key.
pub trait Algorithm {
    /// Signature (or MAC tag) over the JWS signing input.
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>>;
    /// Whether `signature` is valid for `input`.
    fn verify(&self, input: &[u8], signature: &[u8]) -> bool;
    /// Size of the verification key (the shared key for MACs), bytes.
    fn key_bytes(&self) -> usize;
}

/// A row of the matrix: what the algorithm is called and how to make it.
#[derive(Clone, Copy)]
pub struct Spec {
    /// Display name, e.g. `RSA-2048`, `HMAC-SHA3-256`.
    pub name: &'static str,
    /// Algorithm family for the chart and totals, e.g. `HMAC`, `ML-DSA`.
    pub family: &'static str,
    /// JWK key type (`oct`, `RSA`, `EC`, `OKP`, `AKP`, `HSS`, `XMSS`, …).
    pub kty: &'static str,
    /// The JWS `alg` header value.
    pub alg: &'static str,
    /// Makes the keyed algorithm from a seed, or says why it cannot.
    make: fn(u64) -> Result<Box<dyn Algorithm>>,
    /// Many-times-slower signing (SLH-DSA `s`, RSA-8192): the runner may lower its measurement count.
    pub slow: bool,
}

impl std::fmt::Debug for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.name, self.alg)
    }
}

impl Spec {
    /// The algorithm with keys from `seed`. Errors: [`ErrorKind::Unavailable`]-style usage errors for
    /// algorithms without a usable crate, key generation failures.
    pub fn make(&self, seed: u64) -> Result<Box<dyn Algorithm>> {
        (self.make)(seed)
    }
}

fn rng(seed: u64) -> jws_rand_chacha::ChaCha20Rng {
    jws_rand_chacha::ChaCha20Rng::seed_from_u64(seed)
}

fn error(reason: impl Into<String>) -> Error {
    Error::new(ErrorKind::Integrity, reason)
}

// ---- MACs -------------------------------------------------------------------------------------------------

/// A MAC of the RustCrypto `Mac` trait — HMAC (RFC 2104, `SimpleHmac<D>` over any digest 0.11 hash, a 64-byte
/// key) or CMAC (NIST SP 800-38B, `Cmac<C>` over AES with a 16-, 24- or 32-byte key, 16-byte tag) — keyed from the
/// seed (or a JWK's `k`). `kind` names it in key errors.
struct MacAlg<M> {
    key: Vec<u8>,
    kind: &'static str,
    _mac: std::marker::PhantomData<M>,
}

impl<M: jws_hmac::Mac + jws_hmac::digest::KeyInit> MacAlg<M> {
    fn new(key: Vec<u8>, kind: &'static str) -> Self {
        MacAlg {
            key,
            kind,
            _mac: std::marker::PhantomData,
        }
    }

    fn keyed(&self) -> Result<M> {
        <M as jws_hmac::digest::KeyInit>::new_from_slice(&self.key)
            .map_err(|e| error(format!("{} key: {e}", self.kind)))
    }
}

impl<M: jws_hmac::Mac + jws_hmac::digest::KeyInit> Algorithm for MacAlg<M> {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        let mut mac = self.keyed()?;
        mac.update(input);
        Ok(mac.finalize().into_bytes().to_vec())
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        let Ok(mut mac) = self.keyed() else {
            return false;
        };
        mac.update(input);
        mac.verify_slice(signature).is_ok()
    }

    fn key_bytes(&self) -> usize {
        self.key.len()
    }
}

fn secret<const N: usize>(seed: u64) -> [u8; N] {
    use jws_rand_core::Rng;
    let mut key = [0u8; N];
    rng(seed).fill_bytes(&mut key);
    key
}

fn hmac<D>(seed: u64) -> Result<Box<dyn Algorithm>>
where
    D: jws_hmac::digest::Digest + jws_hmac::digest::block_api::BlockSizeUser + Clone + 'static,
    jws_hmac::SimpleHmac<D>: jws_hmac::Mac + jws_hmac::digest::KeyInit,
{
    Ok(Box::new(MacAlg::<jws_hmac::SimpleHmac<D>>::new(
        secret::<64>(seed).to_vec(),
        "HMAC",
    )))
}

/// KMAC (NIST SP 800-185) with a 32-byte key and an empty customization string; output 32 bytes (KMAC128) or
/// 64 bytes (KMAC256).
struct Kmac {
    key: [u8; 32],
    wide: bool,
}

impl Kmac {
    fn tag(&self, input: &[u8]) -> Vec<u8> {
        use tiny_keccak::{Hasher, Kmac};
        let mut kmac = if self.wide {
            Kmac::v256(&self.key, b"")
        } else {
            Kmac::v128(&self.key, b"")
        };
        kmac.update(input);
        let mut out = vec![0u8; if self.wide { 64 } else { 32 }];
        kmac.finalize(&mut out);
        out
    }
}

impl Algorithm for Kmac {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        Ok(self.tag(input))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        let tag = self.tag(input);
        // Constant-time comparison: no early exit on the first differing byte.
        tag.len() == signature.len()
            && tag.iter().zip(signature).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0
    }

    fn key_bytes(&self) -> usize {
        self.key.len()
    }
}

fn cmac<C: cmac::block_api::CmacCipher + 'static, const N: usize>(
    seed: u64,
) -> Result<Box<dyn Algorithm>>
where
    cmac::Cmac<C>: jws_hmac::Mac + jws_hmac::digest::KeyInit,
{
    Ok(Box::new(MacAlg::<cmac::Cmac<C>>::new(
        secret::<N>(seed).to_vec(),
        "CMAC",
    )))
}

// ---- signatures (signature 3 traits) --------------------------------------------------------------------

/// A signer / verifier pair of the signature 3 traits; `S` the signature type.
struct Pair<SK, VK, S> {
    signing: SK,
    verifying: VK,
    key_bytes: usize,
    _signature: std::marker::PhantomData<S>,
}

impl<SK, VK, S> Algorithm for Pair<SK, VK, S>
where
    SK: jws_signature::Signer<S>,
    VK: jws_signature::Verifier<S>,
    S: jws_signature::SignatureEncoding,
{
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        self.signing
            .try_sign(input)
            .map(|s| s.to_vec())
            .map_err(|e| error(format!("signing failed: {e}")))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        S::try_from(signature).is_ok_and(|s| self.verifying.verify(input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        self.key_bytes
    }
}

fn pair<SK: 'static, VK: 'static, S: 'static>(
    signing: SK,
    verifying: VK,
    key_bytes: usize,
) -> Box<dyn Algorithm>
where
    Pair<SK, VK, S>: Algorithm,
{
    Box::new(Pair::<SK, VK, S> {
        signing,
        verifying,
        key_bytes,
        _signature: std::marker::PhantomData,
    })
}

fn ecdsa_p256(seed: u64) -> Result<Box<dyn Algorithm>> {
    use jws_hmac::digest::common::Generate;
    use jws_p256::ecdsa::{Signature, SigningKey};
    let sk = SigningKey::generate_from_rng(&mut rng(seed));
    let vk = *sk.verifying_key();
    Ok(pair::<_, _, Signature>(sk, vk, 65))
}

fn ecdsa_p384(seed: u64) -> Result<Box<dyn Algorithm>> {
    use jws_hmac::digest::common::Generate;
    use jws_p384::ecdsa::{Signature, SigningKey};
    let sk = SigningKey::generate_from_rng(&mut rng(seed));
    let vk = *sk.verifying_key();
    Ok(pair::<_, _, Signature>(sk, vk, 97))
}

fn ecdsa_p521(seed: u64) -> Result<Box<dyn Algorithm>> {
    use jws_hmac::digest::common::Generate;
    use p521::ecdsa::{Signature, SigningKey, VerifyingKey};
    let sk = SigningKey::generate_from_rng(&mut rng(seed));
    let vk = VerifyingKey::from(&sk);
    Ok(pair::<_, _, Signature>(sk, vk, 133))
}

fn ed25519(seed: u64) -> Result<Box<dyn Algorithm>> {
    let sk = jws_ed25519::SigningKey::from_bytes(&secret::<32>(seed));
    let vk = sk.verifying_key();
    Ok(pair::<_, _, jws_ed25519::Signature>(sk, vk, 32))
}

fn ed448(seed: u64) -> Result<Box<dyn Algorithm>> {
    use jws_hmac::digest::common::Generate;
    let sk = ed448_goldilocks::SigningKey::generate_from_rng(&mut rng(seed));
    let vk = sk.verifying_key();
    Ok(pair::<_, _, ed448_goldilocks::Signature>(sk, vk, 57))
}

fn sm2(seed: u64) -> Result<Box<dyn Algorithm>> {
    use jws_hmac::digest::common::Generate;
    let secret = sm2::SecretKey::generate_from_rng(&mut rng(seed));
    let distid = "1234567812345678"; // the default distinguishing identifier of GB/T 32918.2
    let sk =
        sm2::dsa::SigningKey::new(distid, &secret).map_err(|e| error(format!("SM2 key: {e}")))?;
    let vk = sm2::dsa::VerifyingKey::new(distid, secret.public_key())
        .map_err(|e| error(format!("SM2 key: {e}")))?;
    Ok(pair::<_, _, sm2::dsa::Signature>(sk, vk, 65))
}

fn ml_dsa<P: ml_dsa::MlDsaParams + 'static>(seed: u64) -> Result<Box<dyn Algorithm>> {
    use jws_signature::Keypair;
    let sk = ml_dsa::SigningKey::<P>::from_seed(&secret::<32>(seed).into());
    let vk = sk.verifying_key();
    let key_bytes = vk.encode().len();
    Ok(pair::<_, _, ml_dsa::Signature<P>>(sk, vk, key_bytes))
}

fn slh_dsa<P: slh_dsa::ParameterSet + 'static>(seed: u64) -> Result<Box<dyn Algorithm>> {
    use jws_signature::Keypair;
    let sk = slh_dsa::SigningKey::<P>::new(&mut rng(seed));
    let vk = sk.verifying_key();
    let key_bytes = vk.to_bytes().len();
    Ok(pair::<_, _, slh_dsa::Signature<P>>(sk, vk, key_bytes))
}

/// The default seed of `canonprof jws`.
pub const DEFAULT_SEED: u64 = 2026;

/// RSA keys of [`DEFAULT_SEED`] bundled in `keys/jws/` (PKCS#8 DER): exactly what [`generate_rsa_key`] makes,
/// stored because 8192-bit prime generation takes ~15 s (4096: ~1 s) on 2 cores.
const BUNDLED_RSA: [(usize, &[u8]); 2] = [
    (
        4096,
        include_bytes!("../../keys/jws/rsa-4096-seed-2026.der"),
    ),
    (
        8192,
        include_bytes!("../../keys/jws/rsa-8192-seed-2026.der"),
    ),
];

/// An RSA private key of `bits` from a ChaCha20 RNG seeded with `seed` (rsa crate prime generation).
pub fn generate_rsa_key(bits: usize, seed: u64) -> Result<rsa::PrivateKey> {
    rsa::PrivateKey::new(&mut rng(seed), bits).map_err(|e| error(format!("RSA-{bits} key: {e}")))
}

/// RSASSA-PKCS1-v1_5 (RS256) or RSASSA-PSS (PS256) with SHA-256 (RFC 8017): the bundled key for the default
/// seed, else a generated one.
fn rsa_key(bits: usize, seed: u64) -> Result<rsa::PrivateKey> {
    use rsa::pkcs8::DecodePrivateKey;
    match BUNDLED_RSA.iter().find(|(b, _)| *b == bits) {
        Some((_, der)) if seed == DEFAULT_SEED => rsa::PrivateKey::from_pkcs8_der(der)
            .map_err(|e| error(format!("bundled RSA-{bits} key: {e}"))),
        _ => generate_rsa_key(bits, seed),
    }
}

fn rs256<const BITS: usize>(seed: u64) -> Result<Box<dyn Algorithm>> {
    use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
    let key = rsa_key(BITS, seed)?;
    let sk = SigningKey::<jws_sha2::Sha256>::new(key.clone());
    let vk = VerifyingKey::<jws_sha2::Sha256>::new(key.to_public_key());
    Ok(pair::<_, _, Signature>(sk, vk, BITS / 8))
}

/// RSASSA-PSS needs randomness for its salt: a seeded RNG behind a `RefCell`.
struct Pss {
    signing: rsa::pss::SigningKey<jws_sha2::Sha256>,
    verifying: rsa::pss::VerifyingKey<jws_sha2::Sha256>,
    rng: RefCell<jws_rand_chacha::ChaCha20Rng>,
    key_bytes: usize,
}

impl Algorithm for Pss {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        use jws_signature::{RandomizedSigner, SignatureEncoding};
        self.signing
            .try_sign_with_rng(&mut *self.rng.borrow_mut(), input)
            .map(|s| s.to_vec())
            .map_err(|e| error(format!("PSS signing failed: {e}")))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        use jws_signature::Verifier;
        rsa::pss::Signature::try_from(signature)
            .is_ok_and(|s| self.verifying.verify(input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        self.key_bytes
    }
}

fn ps256(seed: u64) -> Result<Box<dyn Algorithm>> {
    let key = rsa_key(2048, seed)?;
    Ok(Box::new(Pss {
        signing: rsa::pss::SigningKey::new(key.clone()),
        verifying: rsa::pss::VerifyingKey::new(key.to_public_key()),
        rng: RefCell::new(rng(seed.wrapping_add(1))),
        key_bytes: 256,
    }))
}

// ---- FN-DSA (Falcon) -------------------------------------------------------------------------------------

/// FN-DSA (Falcon) from fn-dsa (Thomas Pornin), raw message mode, empty domain.
struct Falcon {
    signing: Vec<u8>,
    verifying: Vec<u8>,
    logn: u32,
    rng: RefCell<rand_chacha::ChaCha20Rng>,
}

impl Algorithm for Falcon {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        use fn_dsa::{SigningKey, SigningKeyStandard, DOMAIN_NONE, HASH_ID_RAW};
        let mut sk =
            SigningKeyStandard::decode(&self.signing).ok_or_else(|| error("FN-DSA signing key"))?;
        let mut sig = vec![0u8; fn_dsa::signature_size(self.logn)];
        sk.sign(
            &mut *self.rng.borrow_mut(),
            &DOMAIN_NONE,
            &HASH_ID_RAW,
            input,
            &mut sig,
        );
        Ok(sig)
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        use fn_dsa::{VerifyingKey, VerifyingKeyStandard, DOMAIN_NONE, HASH_ID_RAW};
        VerifyingKeyStandard::decode(&self.verifying)
            .is_some_and(|vk| vk.verify(signature, &DOMAIN_NONE, &HASH_ID_RAW, input))
    }

    fn key_bytes(&self) -> usize {
        self.verifying.len()
    }
}

fn falcon<const LOGN: u32>(seed: u64) -> Result<Box<dyn Algorithm>> {
    use fn_dsa::{KeyPairGenerator, KeyPairGeneratorStandard};
    use rand_core::SeedableRng;
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    let mut signing = vec![0u8; fn_dsa::sign_key_size(LOGN)];
    let mut verifying = vec![0u8; fn_dsa::vrfy_key_size(LOGN)];
    KeyPairGeneratorStandard::default().keygen(LOGN, &mut rng, &mut signing, &mut verifying);
    Ok(Box::new(Falcon {
        signing,
        verifying,
        logn: LOGN,
        rng: RefCell::new(rng),
    }))
}

// ---- stateful hash-based signatures --------------------------------------------------------------------

/// LMS (RFC 8554) SHA-256/M32/H10 with LM-OTS SHA-256/N32/W4: 1024 signatures per key.
struct Lms {
    signing: RefCell<lms_signature::lms::SigningKey<LmsMode>>,
    verifying: lms_signature::lms::VerifyingKey<LmsMode>,
    rng: RefCell<jws_rand_chacha::ChaCha20Rng>,
}

type LmsMode = lms_signature::lms::LmsSha256M32H10<lms_signature::ots::LmsOtsSha256N32W4>;

impl Algorithm for Lms {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        use jws_signature::{RandomizedSignerMut, SignatureEncoding};
        self.signing
            .borrow_mut()
            .try_sign_with_rng(&mut *self.rng.borrow_mut(), input)
            .map(|s| s.to_vec())
            .map_err(|e| error(format!("LMS signing failed (key exhausted?): {e}")))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        use jws_signature::Verifier;
        lms_signature::lms::Signature::<LmsMode>::try_from(signature)
            .is_ok_and(|s| self.verifying.verify(input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        56
    }
}

fn lms(seed: u64) -> Result<Box<dyn Algorithm>> {
    let mut rng = rng(seed);
    let signing = lms_signature::lms::SigningKey::<LmsMode>::new(&mut rng);
    let verifying = signing.public();
    Ok(Box::new(Lms {
        signing: RefCell::new(signing),
        verifying,
        rng: RefCell::new(rng),
    }))
}

/// XMSS (RFC 8391) XMSS-SHA2_10_256: 1024 signatures per key.
struct Xmss {
    pair: RefCell<xmss::KeyPair<xmss::XmssSha2_10_256>>,
}

impl Algorithm for Xmss {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        let mut pair = self.pair.borrow_mut();
        pair.signing_key()
            .sign_detached(input)
            .map(|s| s.as_ref().to_vec())
            .map_err(|e| error(format!("XMSS signing failed (key exhausted?): {e:?}")))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        use signature::Verifier;
        let pair = self.pair.borrow();
        xmss::DetachedSignature::<xmss::XmssSha2_10_256>::try_from(signature.to_vec())
            .is_ok_and(|s| Verifier::verify(pair.verifying_key(), input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        68
    }
}

fn xmss(seed: u64) -> Result<Box<dyn Algorithm>> {
    let pair = xmss::KeyPair::<xmss::XmssSha2_10_256>::generate(&mut rng(seed))
        .map_err(|e| error(format!("XMSS key: {e:?}")))?;
    Ok(Box::new(Xmss {
        pair: RefCell::new(pair),
    }))
}

/// GOST R 34.10-2012: no maintained Rust crate signs with it.
fn gost(_: u64) -> Result<Box<dyn Algorithm>> {
    Err(Error::new(
        ErrorKind::Unavailable,
        "no crate on crates.io implements GOST R 34.10-2012 signatures (RustCrypto has only the streebog and gost94 hashes; gost-crypto 0.3 has the GOST 28147-89 cipher and the 34.11-94 hash)",
    ))
}

macro_rules! spec {
    ($name:expr, $family:expr, $kty:expr, $alg:expr, $make:expr) => {
        Spec {
            name: $name,
            family: $family,
            kty: $kty,
            alg: $alg,
            make: $make,
            slow: false,
        }
    };
    ($name:expr, $family:expr, $kty:expr, $alg:expr, $make:expr, slow) => {
        Spec {
            name: $name,
            family: $family,
            kty: $kty,
            alg: $alg,
            make: $make,
            slow: true,
        }
    };
}

/// Every algorithm of the matrix, in table order (the enterprise benchmark's 39).
pub const ALL: [Spec; 39] = [
    spec!(
        "HMAC-SHA-256",
        "HMAC",
        "oct",
        "HS256",
        hmac::<jws_sha2::Sha256>
    ),
    spec!(
        "HMAC-SHA-384",
        "HMAC",
        "oct",
        "HS384",
        hmac::<jws_sha2::Sha384>
    ),
    spec!(
        "HMAC-SHA-512",
        "HMAC",
        "oct",
        "HS512",
        hmac::<jws_sha2::Sha512>
    ),
    spec!(
        "HMAC-SHA3-256",
        "HMAC",
        "oct",
        "HS3-256",
        hmac::<sha3::Sha3_256>
    ),
    spec!(
        "HMAC-SHA3-384",
        "HMAC",
        "oct",
        "HS3-384",
        hmac::<sha3::Sha3_384>
    ),
    spec!(
        "HMAC-SHA3-512",
        "HMAC",
        "oct",
        "HS3-512",
        hmac::<sha3::Sha3_512>
    ),
    spec!("HMAC-SM3", "HMAC", "oct", "HSM3", hmac::<sm3::Sm3>),
    spec!(
        "HMAC-Streebog-256",
        "HMAC",
        "oct",
        "HGOST256",
        hmac::<streebog::Streebog256>
    ),
    spec!(
        "HMAC-Streebog-512",
        "HMAC",
        "oct",
        "HGOST512",
        hmac::<streebog::Streebog512>
    ),
    spec!("KMAC128", "KMAC", "oct", "KMAC128", |seed| Ok(Box::new(
        Kmac {
            key: secret(seed),
            wide: false
        }
    ))),
    spec!("KMAC256", "KMAC", "oct", "KMAC256", |seed| Ok(Box::new(
        Kmac {
            key: secret(seed),
            wide: true
        }
    ))),
    spec!(
        "CMAC-AES-128",
        "CMAC",
        "oct",
        "CMAC-AES128",
        cmac::<aes::Aes128, 16>
    ),
    spec!(
        "CMAC-AES-192",
        "CMAC",
        "oct",
        "CMAC-AES192",
        cmac::<aes::Aes192, 24>
    ),
    spec!(
        "CMAC-AES-256",
        "CMAC",
        "oct",
        "CMAC-AES256",
        cmac::<aes::Aes256, 32>
    ),
    spec!("RSA-2048", "RSA", "RSA", "RS256", rs256::<2048>),
    spec!("RSA-2048-PSS", "RSA", "RSA", "PS256", ps256),
    spec!("RSA-3072", "RSA", "RSA", "RS256", rs256::<3072>),
    spec!("RSA-4096", "RSA", "RSA", "RS256", rs256::<4096>),
    spec!("RSA-8192", "RSA", "RSA", "RS256", rs256::<8192>, slow),
    spec!("P-256", "ECDSA", "EC", "ES256", ecdsa_p256),
    spec!("P-384", "ECDSA", "EC", "ES384", ecdsa_p384),
    spec!("P-521", "ECDSA", "EC", "ES512", ecdsa_p521),
    spec!("Ed25519", "EdDSA", "OKP", "EdDSA", ed25519),
    spec!("Ed448", "EdDSA", "OKP", "EdDSA", ed448),
    spec!("SM2", "SM2", "EC", "SM2SM3", sm2),
    spec!(
        "GOST R 34.10-2012-256",
        "GOST",
        "EC",
        "GOST3410-2012-256",
        gost
    ),
    spec!(
        "ML-DSA-44",
        "ML-DSA",
        "AKP",
        "ML-DSA-44",
        ml_dsa::<ml_dsa::MlDsa44>
    ),
    spec!(
        "ML-DSA-65",
        "ML-DSA",
        "AKP",
        "ML-DSA-65",
        ml_dsa::<ml_dsa::MlDsa65>
    ),
    spec!(
        "ML-DSA-87",
        "ML-DSA",
        "AKP",
        "ML-DSA-87",
        ml_dsa::<ml_dsa::MlDsa87>
    ),
    spec!("FALCON-512", "FN-DSA", "AKP", "FN-DSA-512", falcon::<9>),
    spec!("FALCON-1024", "FN-DSA", "AKP", "FN-DSA-1024", falcon::<10>),
    spec!(
        "SLH-DSA-SHA2-128f",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-128f",
        slh_dsa::<slh_dsa::Sha2_128f>
    ),
    spec!(
        "SLH-DSA-SHA2-128s",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-128s",
        slh_dsa::<slh_dsa::Sha2_128s>,
        slow
    ),
    spec!(
        "SLH-DSA-SHA2-192f",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-192f",
        slh_dsa::<slh_dsa::Sha2_192f>
    ),
    spec!(
        "SLH-DSA-SHA2-192s",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-192s",
        slh_dsa::<slh_dsa::Sha2_192s>,
        slow
    ),
    spec!(
        "SLH-DSA-SHA2-256f",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-256f",
        slh_dsa::<slh_dsa::Sha2_256f>
    ),
    spec!(
        "SLH-DSA-SHA2-256s",
        "SLH-DSA",
        "AKP",
        "SLH-DSA-SHA2-256s",
        slh_dsa::<slh_dsa::Sha2_256s>,
        slow
    ),
    spec!(
        "XMSS-SHA2_10_256",
        "XMSS",
        "XMSS",
        "XMSS-SHA2_10_256",
        xmss,
        slow
    ),
    spec!("LMS-SHA256-M32-H10", "LMS", "HSS", "HSS-LMS", lms),
];

/// A key from a JWK (RFC 7517) for the published JWS examples: `oct` (HS256), `RSA` (RS256, public),
/// `EC` P-256 / P-521 (ES256 / ES512, public) and `OKP` Ed25519 (EdDSA, with `d` it also signs). Errors: another
/// key type or malformed members.
pub fn from_jwk(jwk: &serde_json::Value) -> Result<Box<dyn Algorithm>> {
    use base64ct::{Base64UrlUnpadded, Encoding};
    let member = |name: &str| -> Result<Vec<u8>> {
        jwk.get(name)
            .and_then(|v| v.as_str())
            .and_then(|v| Base64UrlUnpadded::decode_vec(v).ok())
            .ok_or_else(|| error(format!("JWK member `{name}` is missing or not base64url")))
    };
    let kty = jwk.get("kty").and_then(|v| v.as_str()).unwrap_or("");
    let crv = jwk.get("crv").and_then(|v| v.as_str()).unwrap_or("");
    let point = |x: Vec<u8>, y: Vec<u8>| [&[4u8][..], &x, &y].concat();
    match (kty, crv) {
        ("oct", _) => Ok(Box::new(
            MacAlg::<jws_hmac::SimpleHmac<jws_sha2::Sha256>>::new(member("k")?, "HMAC"),
        )),
        ("RSA", _) => {
            let n = rsa::BoxedUint::from_be_slice_vartime(&member("n")?);
            let e = rsa::BoxedUint::from_be_slice_vartime(&member("e")?);
            let public = rsa::PublicKey::new(n, e).map_err(|e| error(format!("RSA JWK: {e}")))?;
            let bytes = rsa::traits::PublicKeyParts::size(&public);
            let vk = rsa::pkcs1v15::VerifyingKey::<jws_sha2::Sha256>::new(public);
            Ok(Box::new(VerifyOnly::<_, rsa::pkcs1v15::Signature>::new(
                vk, bytes,
            )))
        }
        ("EC", "P-256") => {
            let vk =
                jws_p256::ecdsa::VerifyingKey::from_sec1_bytes(&point(member("x")?, member("y")?))
                    .map_err(|e| error(format!("P-256 JWK: {e}")))?;
            Ok(Box::new(VerifyOnly::<_, jws_p256::ecdsa::Signature>::new(
                vk, 65,
            )))
        }
        ("EC", "P-521") => {
            let vk = p521::ecdsa::VerifyingKey::from_sec1_bytes(&point(member("x")?, member("y")?))
                .map_err(|e| error(format!("P-521 JWK: {e}")))?;
            Ok(Box::new(VerifyOnly::<_, p521::ecdsa::Signature>::new(
                vk, 133,
            )))
        }
        ("OKP", "Ed25519") => match member("d") {
            Ok(d) => {
                let d: [u8; 32] = d
                    .try_into()
                    .map_err(|_| error("Ed25519 `d` is not 32 bytes"))?;
                let sk = jws_ed25519::SigningKey::from_bytes(&d);
                let vk = sk.verifying_key();
                Ok(pair::<_, _, jws_ed25519::Signature>(sk, vk, 32))
            }
            Err(_) => {
                let x: [u8; 32] = member("x")?
                    .try_into()
                    .map_err(|_| error("Ed25519 `x` is not 32 bytes"))?;
                let vk = jws_ed25519::VerifyingKey::from_bytes(&x)
                    .map_err(|e| error(format!("Ed25519 JWK: {e}")))?;
                Ok(Box::new(VerifyOnly::<_, jws_ed25519::Signature>::new(
                    vk, 32,
                )))
            }
        },
        _ => Err(error(format!("unsupported JWK (kty {kty}, crv {crv})"))),
    }
}

/// A verifying key alone.
struct VerifyOnly<VK, S> {
    verifying: VK,
    key_bytes: usize,
    _signature: std::marker::PhantomData<S>,
}

impl<VK, S> VerifyOnly<VK, S> {
    fn new(verifying: VK, key_bytes: usize) -> Self {
        VerifyOnly {
            verifying,
            key_bytes,
            _signature: std::marker::PhantomData,
        }
    }
}

impl<VK, S> Algorithm for VerifyOnly<VK, S>
where
    VK: jws_signature::Verifier<S>,
    S: jws_signature::SignatureEncoding,
{
    fn sign(&self, _: &[u8]) -> Result<Vec<u8>> {
        Err(error("this key is public: it verifies only"))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        S::try_from(signature).is_ok_and(|s| self.verifying.verify(input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        self.key_bytes
    }
}
