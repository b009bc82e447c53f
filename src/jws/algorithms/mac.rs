//! The MACs of the matrix: HMAC and CMAC over the RustCrypto `Mac` trait, KMAC from tiny-keccak.

use super::algorithm::{rng, Algorithm};
use crate::error::{Error, Result};

/// A MAC of the RustCrypto `Mac` trait — HMAC (RFC 2104, `SimpleHmac<D>` over any digest 0.11 hash, a 64-byte
/// key) or CMAC (NIST SP 800-38B, `Cmac<C>` over AES with a 16-, 24- or 32-byte key, 16-byte tag) — keyed from the
/// seed (or a JWK's `k`). `kind` names it in key errors.
pub(super) struct MacAlg<M> {
    key: Vec<u8>,
    kind: &'static str,
    _mac: std::marker::PhantomData<M>,
}

impl<M: hmac::Mac + hmac::digest::KeyInit> MacAlg<M> {
    pub(super) fn new(key: Vec<u8>, kind: &'static str) -> Self {
        MacAlg {
            key,
            kind,
            _mac: std::marker::PhantomData,
        }
    }

    fn keyed(&self) -> Result<M> {
        <M as hmac::digest::KeyInit>::new_from_slice(&self.key)
            .map_err(|e| Error::key(format!("{} key: {e}", self.kind)).caused_by(e))
    }
}

impl<M: hmac::Mac + hmac::digest::KeyInit> Algorithm for MacAlg<M> {
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

pub(super) fn secret<const N: usize>(seed: u64) -> [u8; N] {
    use rand_core::Rng;
    let mut key = [0u8; N];
    rng(seed).fill_bytes(&mut key);
    key
}

pub(super) fn hmac<D>(seed: u64) -> Result<Box<dyn Algorithm>>
where
    D: hmac::digest::Digest + hmac::digest::block_api::BlockSizeUser + Clone + 'static,
    hmac::SimpleHmac<D>: hmac::Mac + hmac::digest::KeyInit,
{
    Ok(Box::new(MacAlg::<hmac::SimpleHmac<D>>::new(
        secret::<64>(seed).to_vec(),
        "HMAC",
    )))
}

/// KMAC (NIST SP 800-185) with a 32-byte key and an empty customization string; output 32 bytes (KMAC128) or
/// 64 bytes (KMAC256).
pub(super) struct Kmac {
    pub(super) key: [u8; 32],
    pub(super) wide: bool,
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

pub(super) fn cmac<C: cmac::block_api::CmacCipher + 'static, const N: usize>(
    seed: u64,
) -> Result<Box<dyn Algorithm>>
where
    cmac::Cmac<C>: hmac::Mac + hmac::digest::KeyInit,
{
    Ok(Box::new(MacAlg::<cmac::Cmac<C>>::new(
        secret::<N>(seed).to_vec(),
        "CMAC",
    )))
}
