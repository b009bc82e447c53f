//! FN-DSA (Falcon) from fn-dsa.

use super::algorithm::Algorithm;
use crate::error::{Error, Result};
use std::cell::RefCell;

/// FN-DSA (Falcon) from fn-dsa (Thomas Pornin), raw message mode, empty domain.
struct Falcon {
    signing: Vec<u8>,
    verifying: Vec<u8>,
    logn: u32,
    rng: RefCell<fn_dsa_rand_chacha::ChaCha20Rng>,
}

impl Algorithm for Falcon {
    fn sign(&self, input: &[u8]) -> Result<Vec<u8>> {
        use fn_dsa::{SigningKey, SigningKeyStandard, DOMAIN_NONE, HASH_ID_RAW};
        let mut sk = SigningKeyStandard::decode(&self.signing)
            .ok_or_else(|| Error::key("FN-DSA signing key"))?;
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

pub(super) fn falcon<const LOGN: u32>(seed: u64) -> Result<Box<dyn Algorithm>> {
    use fn_dsa::{KeyPairGenerator, KeyPairGeneratorStandard};
    use fn_dsa_rand_core::SeedableRng;
    let mut rng = fn_dsa_rand_chacha::ChaCha20Rng::seed_from_u64(seed);
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
