//! The signature algorithms of the matrix over the signature 3 traits (`Signer`, `Verifier`): ECDSA P-256 /
//! P-384 / P-521, Ed25519, Ed448, SM2, ML-DSA, SLH-DSA, RSASSA-PKCS1-v1_5 and RSASSA-PSS.

use super::algorithm::{rng, Algorithm, DEFAULT_SEED};
use super::mac::secret;
use crate::error::{Error, Result};
use std::cell::RefCell;

/// A signer / verifier pair of the signature 3 traits; `S` the signature type.
pub(super) struct Pair<SK, VK, S> {
    signing: SK,
    verifying: VK,
    key_bytes: usize,
    _signature: std::marker::PhantomData<S>,
}

impl<SK, VK, S> Algorithm for Pair<SK, VK, S>
where
    SK: signature::Signer<S>,
    VK: signature::Verifier<S>,
    S: signature::SignatureEncoding,
{
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        self.signing
            .try_sign(input)
            .map(|s| s.to_vec())
            .map_err(|e| Error::signature(format!("signing failed: {e}")).caused_by(e))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        S::try_from(signature).is_ok_and(|s| self.verifying.verify(input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        self.key_bytes
    }
}

pub(super) fn pair<SK: 'static, VK: 'static, S: 'static>(
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

pub(super) fn ecdsa_p256(seed: u64) -> Result<Box<dyn Algorithm>> {
    use hmac::digest::common::Generate;
    use p256::ecdsa::{Signature, SigningKey};
    let sk = SigningKey::generate_from_rng(&mut rng(seed));
    let vk = *sk.verifying_key();
    Ok(pair::<_, _, Signature>(sk, vk, 65))
}

pub(super) fn ecdsa_p384(seed: u64) -> Result<Box<dyn Algorithm>> {
    use hmac::digest::common::Generate;
    use p384::ecdsa::{Signature, SigningKey};
    let sk = SigningKey::generate_from_rng(&mut rng(seed));
    let vk = *sk.verifying_key();
    Ok(pair::<_, _, Signature>(sk, vk, 97))
}

pub(super) fn ecdsa_p521(seed: u64) -> Result<Box<dyn Algorithm>> {
    use hmac::digest::common::Generate;
    use p521::ecdsa::{Signature, SigningKey, VerifyingKey};
    let sk = SigningKey::generate_from_rng(&mut rng(seed));
    let vk = VerifyingKey::from(&sk);
    Ok(pair::<_, _, Signature>(sk, vk, 133))
}

pub(super) fn ed25519(seed: u64) -> Result<Box<dyn Algorithm>> {
    let sk = ed25519_dalek::SigningKey::from_bytes(&secret::<32>(seed));
    let vk = sk.verifying_key();
    Ok(pair::<_, _, ed25519_dalek::Signature>(sk, vk, 32))
}

pub(super) fn ed448(seed: u64) -> Result<Box<dyn Algorithm>> {
    use hmac::digest::common::Generate;
    let sk = ed448_goldilocks::SigningKey::generate_from_rng(&mut rng(seed));
    let vk = sk.verifying_key();
    Ok(pair::<_, _, ed448_goldilocks::Signature>(sk, vk, 57))
}

pub(super) fn sm2(seed: u64) -> Result<Box<dyn Algorithm>> {
    use hmac::digest::common::Generate;
    let secret = sm2::SecretKey::generate_from_rng(&mut rng(seed));
    let distid = "1234567812345678"; // the default distinguishing identifier of GB/T 32918.2
    let sk = sm2::dsa::SigningKey::new(distid, &secret)
        .map_err(|e| Error::key(format!("SM2 key: {e}")).caused_by(e))?;
    let vk = sm2::dsa::VerifyingKey::new(distid, secret.public_key())
        .map_err(|e| Error::key(format!("SM2 key: {e}")).caused_by(e))?;
    Ok(pair::<_, _, sm2::dsa::Signature>(sk, vk, 65))
}

pub(super) fn ml_dsa<P: ml_dsa::MlDsaParams + 'static>(seed: u64) -> Result<Box<dyn Algorithm>> {
    use signature::Keypair;
    let sk = ml_dsa::SigningKey::<P>::from_seed(&secret::<32>(seed).into());
    let vk = sk.verifying_key();
    let key_bytes = vk.encode().len();
    Ok(pair::<_, _, ml_dsa::Signature<P>>(sk, vk, key_bytes))
}

pub(super) fn slh_dsa<P: slh_dsa::ParameterSet + 'static>(seed: u64) -> Result<Box<dyn Algorithm>> {
    use signature::Keypair;
    let sk = slh_dsa::SigningKey::<P>::new(&mut rng(seed));
    let vk = sk.verifying_key();
    let key_bytes = vk.to_bytes().len();
    Ok(pair::<_, _, slh_dsa::Signature<P>>(sk, vk, key_bytes))
}

/// RSA keys of [`DEFAULT_SEED`] bundled in `keys/jws/` (PKCS#8 DER): exactly what [`generate_rsa_key`] makes,
/// stored because 8192-bit prime generation takes ~15 s (4096: ~1 s) on 2 cores.
const BUNDLED_RSA: [(usize, &[u8]); 3] = [
    (
        4096,
        include_bytes!("../../../keys/jws/rsa-4096-seed-2026.der"),
    ),
    (
        6144,
        include_bytes!("../../../keys/jws/rsa-6144-seed-2026.der"),
    ),
    (
        8192,
        include_bytes!("../../../keys/jws/rsa-8192-seed-2026.der"),
    ),
];

/// An RSA private key of `bits` from a ChaCha20 RNG seeded with `seed` (rsa crate prime generation).
pub fn generate_rsa_key(bits: usize, seed: u64) -> Result<rsa::PrivateKey> {
    rsa::PrivateKey::new(&mut rng(seed), bits)
        .map_err(|e| Error::key(format!("RSA-{bits} key: {e}")).caused_by(e))
}

/// RSASSA-PKCS1-v1_5 (RS256) or RSASSA-PSS (PS256) with SHA-256 (RFC 8017): the bundled key for the default
/// seed, else a generated one.
fn rsa_key(bits: usize, seed: u64) -> Result<rsa::PrivateKey> {
    use rsa::pkcs8::DecodePrivateKey;
    match BUNDLED_RSA.iter().find(|(b, _)| *b == bits) {
        Some((_, der)) if seed == DEFAULT_SEED => rsa::PrivateKey::from_pkcs8_der(der)
            .map_err(|e| Error::key(format!("bundled RSA-{bits} key: {e}")).caused_by(e)),
        _ => generate_rsa_key(bits, seed),
    }
}

pub(super) fn rs256<const BITS: usize>(seed: u64) -> Result<Box<dyn Algorithm>> {
    use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
    let key = rsa_key(BITS, seed)?;
    let sk = SigningKey::<sha2::Sha256>::new(key.clone());
    let vk = VerifyingKey::<sha2::Sha256>::new(key.to_public_key());
    Ok(pair::<_, _, Signature>(sk, vk, BITS / 8))
}

/// RSASSA-PSS needs randomness for its salt: a seeded RNG behind a `RefCell`.
struct Pss {
    signing: rsa::pss::SigningKey<sha2::Sha256>,
    verifying: rsa::pss::VerifyingKey<sha2::Sha256>,
    rng: RefCell<rand_chacha::ChaCha20Rng>,
    key_bytes: usize,
}

impl Algorithm for Pss {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        use signature::{RandomizedSigner, SignatureEncoding};
        self.signing
            .try_sign_with_rng(&mut *self.rng.borrow_mut(), input)
            .map(|s| s.to_vec())
            .map_err(|e| Error::signature(format!("PSS signing failed: {e}")).caused_by(e))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        use signature::Verifier;
        rsa::pss::Signature::try_from(signature)
            .is_ok_and(|s| self.verifying.verify(input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        self.key_bytes
    }
}

pub(super) fn ps256(seed: u64) -> Result<Box<dyn Algorithm>> {
    let key = rsa_key(2048, seed)?;
    Ok(Box::new(Pss {
        signing: rsa::pss::SigningKey::new(key.clone()),
        verifying: rsa::pss::VerifyingKey::new(key.to_public_key()),
        rng: RefCell::new(rng(seed.wrapping_add(1))),
        key_bytes: 256,
    }))
}
