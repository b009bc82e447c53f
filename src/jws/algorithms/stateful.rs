//! The stateful hash-based signatures of the matrix: LMS (RFC 8554) and XMSS (RFC 8391), 1024 signatures per
//! key.

use super::algorithm::{rng, Algorithm};
use crate::error::{Error, Result};
use std::cell::RefCell;

/// LMS (RFC 8554) SHA-256/M32/H10 with LM-OTS SHA-256/N32/W4: 1024 signatures per key.
struct Lms {
    signing: RefCell<lms_signature::lms::SigningKey<LmsMode>>,
    verifying: lms_signature::lms::VerifyingKey<LmsMode>,
    rng: RefCell<rand_chacha::ChaCha20Rng>,
}

type LmsMode = lms_signature::lms::LmsSha256M32H10<lms_signature::ots::LmsOtsSha256N32W4>;

impl Algorithm for Lms {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        use signature::{RandomizedSignerMut, SignatureEncoding};
        self.signing
            .borrow_mut()
            .try_sign_with_rng(&mut *self.rng.borrow_mut(), input)
            .map(|s| s.to_vec())
            .map_err(|e| {
                Error::signature(format!("LMS signing failed (key exhausted?): {e}")).caused_by(e)
            })
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        use signature::Verifier;
        lms_signature::lms::Signature::<LmsMode>::try_from(signature)
            .is_ok_and(|s| self.verifying.verify(input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        56
    }
}

pub(super) fn lms(seed: u64) -> Result<Box<dyn Algorithm>> {
    let mut rng = rng(seed);
    let signing = lms_signature::lms::SigningKey::<LmsMode>::new(&mut rng);
    let verifying = signing.public();
    Ok(Box::new(Lms {
        signing: RefCell::new(signing),
        verifying,
        rng: RefCell::new(rng),
    }))
}

/// XMSS (RFC 8391) XMSS-SHA2_10_256: 1024 signatures per key, by purecrypto, which keeps the Merkle tree it
/// built at key generation and reads each signature's authentication path from it. (The xmss crate 0.1.0-pre.0
/// runs treehash over all 1,024 leaves in every signature, RFC 8391 §4.1.9's plain algorithm: ~0.4 s a
/// signature; docs/jws.md. It stays as the test oracle: its verifier checks purecrypto's signatures.)
struct Xmss {
    signing: RefCell<purecrypto::xmss::XmssPrivateKey>,
    verifying: purecrypto::xmss::XmssPublicKey,
}

impl Algorithm for Xmss {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        self.signing
            .borrow_mut()
            .sign(input)
            .map_err(|e| Error::signature(format!("XMSS signing failed (key exhausted?): {e:?}")))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        self.verifying.verify(input, signature)
    }

    fn key_bytes(&self) -> usize {
        // The RFC 8391 public key: a 4-byte OID, the root and the public seed.
        4 + self.verifying.to_bytes().len()
    }
}

/// The RFC 8391 public key (OID ‖ root ‖ PUB_SEED) of the matrix's XMSS key for `seed`, to check its signatures
/// with another implementation.
pub fn xmss_public_key(seed: u64) -> Vec<u8> {
    let key = xmss_key(seed);
    let oid = purecrypto::xmss::XmssParamSet::Sha2_10_256.oid();
    [&oid.to_be_bytes()[..], key.public_key().to_bytes()].concat()
}

/// The private key: SK_SEED ‖ SK_PRF ‖ PUB_SEED (3 × 32 bytes) from a ChaCha20 RNG seeded with `seed`.
fn xmss_key(seed: u64) -> purecrypto::xmss::XmssPrivateKey {
    use rand_core::Rng;
    let mut bytes = [0u8; 96];
    rng(seed).fill_bytes(&mut bytes);
    purecrypto::xmss::XmssPrivateKey::from_seed(purecrypto::xmss::XmssParamSet::Sha2_10_256, &bytes)
}

pub(super) fn xmss(seed: u64) -> Result<Box<dyn Algorithm>> {
    let key = xmss_key(seed);
    Ok(Box::new(Xmss {
        verifying: key.public_key(),
        signing: RefCell::new(key),
    }))
}
