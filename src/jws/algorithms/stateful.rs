//! The stateful hash-based signatures of the matrix: LMS (RFC 8554) and XMSS (RFC 8391), 1024 signatures per
//! key.

use super::{rng, Algorithm};
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
            .map_err(|e| Error::signature(format!("LMS signing failed (key exhausted?): {e}")))
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
            .map_err(|e| Error::signature(format!("XMSS signing failed (key exhausted?): {e}")))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        use xmss_signature::Verifier;
        let pair = self.pair.borrow();
        xmss::DetachedSignature::<xmss::XmssSha2_10_256>::try_from(signature.to_vec())
            .is_ok_and(|s| Verifier::verify(pair.verifying_key(), input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        68
    }
}

pub(super) fn xmss(seed: u64) -> Result<Box<dyn Algorithm>> {
    let pair = xmss::KeyPair::<xmss::XmssSha2_10_256>::generate(&mut rng(seed))
        .map_err(|e| Error::key(format!("XMSS key: {e}")))?;
    Ok(Box::new(Xmss {
        pair: RefCell::new(pair),
    }))
}
