//! bbs-2023 base proof (BBS Cryptosuites v1.0 §3.4.1–§3.4.5).

use super::proof_value::{self, BaseProofValue};
use super::{shuffled_labels, HASH, SUITE};
use crate::canon::rdfc::RdfcOptions;
use crate::canon::Session;
use crate::error::{Error, Result};
use crate::integrity::disclosure::proof_hash;
use crate::integrity::grouping::{self, IndexedQuads};
use crate::integrity::proof_span;
use crate::integrity::shared_steps::Canonicalizer;
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
        use rand_core::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let mut hmac_key = [0u8; 32];
        rng.fill_bytes(&mut hmac_key);
        BaseOptions {
            mandatory_pointers,
            hmac_key,
        }
    }
}

/// What creating a base proof computed, for inspection and the W3C test vectors.
#[derive(Debug, Clone)]
pub struct BaseIntermediates {
    /// The canonical base proof configuration.
    pub canonical_proof_config: String,
    /// SHA-256 of the canonical proof configuration.
    pub proof_hash: [u8; 32],
    /// SHA-256 of the mandatory statements.
    pub mandatory_hash: [u8; 32],
    /// The credential's canonical statements with shuffled HMAC labels (`_:b0`, …), sorted.
    pub nquads: Vec<String>,
    /// The mandatory statements by index.
    pub mandatory: IndexedQuads,
    /// The non-mandatory statements by index: the BBS messages, in this order.
    pub non_mandatory: IndexedQuads,
    /// The BBS signature (80 bytes).
    pub bbs_signature: Vec<u8>,
    /// Canonicalizations run (2).
    pub canonicalizations: usize,
}

/// §3.4.1 Create Base Proof, with §3.4.2 Base Proof Transformation (`canonicalizeAndGroup` with the mandatory
/// pointers and the shuffled HMAC labels), §3.4.3 Base Proof Hashing, §3.4.4 Base Proof Configuration and
/// §3.4.5 Base Proof Serialization (BBS Sign of the non-mandatory statements under proofHash ‖ mandatoryHash).
/// `key` must be BLS12-381 G2. Returns the proof (the options plus `proofValue`). Errors:
/// [`crate::ErrorKind::Proof`] for unusable options or a pointer that does not match, [`crate::ErrorKind::Key`]
/// for another key; expansion and canonicalization errors.
pub fn create_base_proof(
    unsecured: &Value,
    options: &Value,
    key: &SecretKey,
    base: &BaseOptions,
    session: &Session,
) -> Result<(Value, BaseIntermediates)> {
    let bls = key.bls12381_g2().ok_or_else(|| {
        Error::key("PROOF_GENERATION_ERROR: bbs-2023 signs with BLS12-381 G2 keys")
    })?;
    let mut canon = Canonicalizer::new(SUITE, HASH, session);
    let (canonical_proof_config, proof_hash) = proof_hash(&mut canon, unsecured, options)?;
    // §3.4.2 Base Proof Transformation.
    let factory = shuffled_labels(base.hmac_key.to_vec());
    let mut grouped = grouping::canonicalize_and_group(
        "unsecured document",
        unsecured,
        &factory,
        &[&base.mandatory_pointers],
        session,
        &RdfcOptions::for_proofs(session.settings()).with_hash(HASH),
    )?;
    let group = grouped.groups.remove(0);
    // §3.4.3 Base Proof Hashing.
    let mandatory_hash = {
        let _span = tracing::info_span!(proof_span::HASH_DATA).entered();
        grouping::hash_mandatory_nquads(group.matching.values())
    };
    // §3.4.5 Base Proof Serialization.
    let bbs_header = [proof_hash, mandatory_hash].concat();
    let messages: Vec<&[u8]> = group.non_matching.values().map(|s| s.as_bytes()).collect();
    let bbs_signature = {
        let _span = tracing::info_span!(proof_span::BBS_SIGN).entered();
        bls.bbs_sign(&bbs_header, &messages)?
    };
    let proof_value = proof_value::serialize_base(&BaseProofValue {
        bbs_signature: bbs_signature.clone(),
        bbs_header,
        public_key: bls.public.to_bytes(),
        hmac_key: base.hmac_key.to_vec(),
        mandatory_pointers: base.mandatory_pointers.clone(),
    });
    let mut proof = options
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the proof options are not a JSON object"))?;
    proof.insert("proofValue".to_string(), Value::from(proof_value));
    let intermediates = BaseIntermediates {
        canonical_proof_config,
        proof_hash,
        mandatory_hash,
        nquads: grouped.nquads,
        mandatory: group.matching,
        non_mandatory: group.non_matching,
        bbs_signature,
        canonicalizations: canon.runs + grouped.canonicalizations,
    };
    Ok((Value::Object(proof), intermediates))
}
