//! bbs-2023 base proof (BBS Cryptosuites v1.0 §3.4.1–§3.4.5).

use super::proof_value::{self, BaseProofValue, Feature};
use super::{shuffled_labels, HASH, SUITE};
use crate::canon::Session;
use crate::error::{Error, Result};
use crate::integrity::disclosure;
use crate::integrity::proof_span;
use crate::keys::SecretKey;
use serde_json::Value;

/// The issuer's choices for a base proof besides its key.
#[derive(Debug, Clone)]
pub struct BaseOptions {
    /// JSON pointers (RFC 6901) into the credential that every presentation must disclose.
    pub mandatory_pointers: Vec<String>,
    /// The HMAC key (32 bytes) that makes the blank node labels (§3.4.2 step 1).
    pub hmac_key: [u8; 32],
}

impl BaseOptions {
    /// The HMAC key drawn from a seeded RNG (ChaCha20), so runs are reproducible.
    pub fn from_seed(mandatory_pointers: Vec<String>, seed: u64) -> BaseOptions {
        use rand_core::SeedableRng;
        BaseOptions {
            mandatory_pointers,
            hmac_key: disclosure::hmac_key_from(&mut rand_chacha::ChaCha20Rng::seed_from_u64(seed)),
        }
    }
}

pub use crate::integrity::disclosure::BaseIntermediates;

/// §3.4.1 Create Base Proof, with §3.4.2 Base Proof Transformation (`canonicalizeAndGroup` with the mandatory
/// pointers and the shuffled HMAC labels), §3.4.3 Base Proof Hashing, §3.4.4 Base Proof Configuration and
/// §3.4.5 Base Proof Serialization (BBS Sign of the non-mandatory statements under proofHash ‖ mandatoryHash),
/// featureOption `"baseline"`. `key` must be BLS12-381 G2. Returns the proof (the options plus `proofValue`).
/// Errors: [`crate::ErrorKind::Proof`] for unusable options or a pointer that does not match,
/// [`crate::ErrorKind::Key`] for another key; expansion and canonicalization errors.
pub fn create_base_proof(
    unsecured: &Value,
    options: &Value,
    key: &SecretKey,
    base: &BaseOptions,
    session: &Session,
) -> Result<(Value, BaseIntermediates)> {
    create(unsecured, options, key, base, None, session)
}

/// §3.4.1 Create Base Proof as [`create_base_proof`], featureOption `"anonymous_holder_binding"` (§3.4.5): the
/// signature is BBS BlindSign (draft-irtf-cfrg-bbs-blind-signatures-02) of the non-mandatory statements with the
/// holder's `commitment_with_proof` (from [`super::commit_holder_secret`]: 144 bytes, a commitment to one holder
/// secret, whose proof of knowledge BlindSign checks), and the proof value has header 0xd9 0x5d 0x04. BlindSign
/// is deterministic. Errors: as [`create_base_proof`], and [`crate::ErrorKind::Proof`]
/// (`PROOF_GENERATION_ERROR`) for a commitment of another length or whose proof does not verify.
pub fn create_base_proof_with_holder_binding(
    unsecured: &Value,
    options: &Value,
    key: &SecretKey,
    base: &BaseOptions,
    commitment_with_proof: &[u8],
    session: &Session,
) -> Result<(Value, BaseIntermediates)> {
    create(
        unsecured,
        options,
        key,
        base,
        Some(commitment_with_proof),
        session,
    )
}

/// §3.4.1–§3.4.5 for the baseline (`commitment_with_proof` `None`) or anonymous holder binding.
fn create(
    unsecured: &Value,
    options: &Value,
    key: &SecretKey,
    base: &BaseOptions,
    commitment_with_proof: Option<&[u8]>,
    session: &Session,
) -> Result<(Value, BaseIntermediates)> {
    let bls = key.bls12381_g2().ok_or_else(|| {
        Error::key("PROOF_GENERATION_ERROR: bbs-2023 signs with BLS12-381 G2 keys")
    })?;
    // §3.4.2 Base Proof Transformation, §3.4.3 Base Proof Hashing, §3.4.4 Base Proof Configuration.
    let factory = shuffled_labels(base.hmac_key.to_vec());
    let intermediates = disclosure::base_transform(
        SUITE,
        HASH,
        unsecured,
        options,
        &factory,
        &base.mandatory_pointers,
        session,
    )?;
    // A verifier (canonprof's among them) refuses a derived proof over more statements than it bounds its work
    // by: a base proof no presentation of which would verify is refused here, before signing.
    // With holder binding the holder's committed secret is one statement more.
    let statements =
        intermediates.non_mandatory.len() + usize::from(commitment_with_proof.is_some());
    if statements > super::proof_value::MAX_MESSAGES {
        return Err(Error::proof(format!(
            "PROOF_GENERATION_ERROR: the credential has {statements} statements to sign with BBS (its non-mandatory ones, and a holder's committed secret), more than the {} a bbs-2023 derived proof may cover (verifiers bound BBS ProofVerify's work by it)",
            super::proof_value::MAX_MESSAGES
        )));
    }
    // §3.4.5 Base Proof Serialization.
    let bbs_header = [intermediates.proof_hash, intermediates.mandatory_hash].concat();
    let messages: Vec<&[u8]> = intermediates
        .non_mandatory
        .values()
        .map(|s| s.as_bytes())
        .collect();
    let (feature, bbs_signature) = {
        let _span = tracing::info_span!(proof_span::BBS_SIGN).entered();
        match commitment_with_proof {
            None => (Feature::Baseline, bls.bbs_sign(&bbs_header, &messages)?),
            Some(commitment) => (
                Feature::AnonymousHolderBinding,
                bls.bbs_blind_sign(commitment, &bbs_header, &messages)?,
            ),
        }
    };
    let proof_value = proof_value::serialize_base_with_feature(
        feature,
        &BaseProofValue {
            bbs_signature,
            bbs_header,
            public_key: bls.public.to_bytes(),
            hmac_key: base.hmac_key.to_vec(),
            mandatory_pointers: base.mandatory_pointers.clone(),
        },
    );
    Ok((
        disclosure::with_proof_value(options, proof_value)?,
        intermediates,
    ))
}
