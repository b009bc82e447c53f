//! The ecdsa-sd-2023 cryptosuite (W3C Data Integrity ECDSA Cryptosuites v1.0 §3.6), step by step: the issuer
//! creates a **base proof** (mandatory JSON pointers, HMAC-relabeled blank nodes, one proof-scoped signature
//! per non-mandatory statement), the holder **derives** a proof for a selection of the credential, the verifier
//! **verifies the derived proof**. P-256 with SHA-256 (p256, sha2); HMAC-SHA-256 (hmac); CBOR (ciborium).
//! Canonicalization is canonprof's RDFC-1.0: each operation runs two (issue: document and proof configuration;
//! derive: document and the reveal selection; verify: reveal document and proof configuration).

use super::cryptosuite::{Cryptosuite, Intermediates, Verification};
use super::disclosure::{self, proof_value_text, split_proof, Disclosure};
use super::grouping::{self, LabelMap};
use super::multikey::P256_PUB as P256_MULTIKEY_HEADER;
use super::proof_span;
use super::proof_value::{self, BaseProofValue, DerivedProofValue};
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Session;
use crate::error::{Error, Result};
use crate::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use serde_json::Value;

const SUITE: Cryptosuite = Cryptosuite::EcdsaSd2023;
/// The suite's one hash (ECDSA Cryptosuites v1.0 §3.5: P-256 keys, SHA-256), its row in
/// [`super::cryptosuite::SUITES`]: the labeling hash here, and the hash of the proof configuration and the mandatory
/// statements.
const HASH: HashAlgorithm = HashAlgorithm::Sha256;

/// The issuer's choices for a base proof besides its key.
#[derive(Debug, Clone)]
pub struct BaseOptions {
    /// JSON pointers (RFC 6901) into the credential that every presentation must disclose.
    pub mandatory_pointers: Vec<String>,
    /// The HMAC key (32 bytes) that makes the blank node labels (§3.6.2 step 1).
    pub hmac_key: [u8; 32],
    /// The proof-scoped key pair (§3.6.5 step 1), P-256, that signs each non-mandatory statement (through its
    /// signature backend).
    pub proof_key: SecretKey,
}

impl BaseOptions {
    /// HMAC key and proof-scoped key drawn from a seeded RNG (ChaCha20), so runs are reproducible; the proof
    /// key signs with RustCrypto (see [`SecretKey::with_backend`]).
    pub fn from_seed(mandatory_pointers: Vec<String>, seed: u64) -> BaseOptions {
        use rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        BaseOptions {
            mandatory_pointers,
            hmac_key: disclosure::hmac_key_from(&mut rng),
            proof_key: SecretKey::from_rng(SignatureAlgorithm::P256, &mut rng),
        }
    }
}

pub use super::disclosure::BaseIntermediates;

/// Multikey bytes of a P-256 public key: 0x80 0x24 + the compressed point (35 bytes).
fn multikey_bytes(key: &PublicKey) -> Vec<u8> {
    let mut bytes = P256_MULTIKEY_HEADER.to_vec();
    bytes.extend_from_slice(&key.to_bytes(true));
    bytes
}

/// §3.5.1 `serializeSignData`: proofHash ‖ publicKey ‖ mandatoryHash.
fn sign_data(proof_hash: &[u8], public_key: &[u8], mandatory_hash: &[u8]) -> Vec<u8> {
    [proof_hash, public_key, mandatory_hash].concat()
}

/// §3.6.1 Create Base Proof, with §3.6.2 Base Proof Transformation (`canonicalizeAndGroup` with the mandatory
/// pointers and HMAC labels), §3.6.3 Base Proof Hashing, §3.6.4 Base Proof Configuration and §3.6.5 Base Proof
/// Serialization. `key` must be P-256. Returns the proof (the options plus `proofValue`). Errors:
/// [`ErrorKind::Proof`](crate::ErrorKind::Proof) for unusable options, a non-P-256 key or a pointer that does not match; expansion
/// and canonicalization errors.
pub fn create_base_proof(
    unsecured: &Value,
    options: &Value,
    key: &SecretKey,
    base: &BaseOptions,
    session: &Session,
) -> Result<(Value, BaseIntermediates)> {
    if key.algorithm() != SignatureAlgorithm::P256
        || base.proof_key.algorithm() != SignatureAlgorithm::P256
    {
        return Err(Error::key(
            "PROOF_GENERATION_ERROR: ecdsa-sd-2023 signs with P-256 keys",
        ));
    }
    // §3.6.2 Base Proof Transformation, §3.6.3 Base Proof Hashing, §3.6.4 Base Proof Configuration.
    let hmac_key = base.hmac_key;
    let factory = move |issued: &LabelMap| Ok(grouping::hmac_label_map(&hmac_key, issued));
    let intermediates = disclosure::base_transform(
        SUITE,
        HASH,
        unsecured,
        options,
        &factory,
        &base.mandatory_pointers,
        session,
    )?;
    let (proof_hash, mandatory_hash) = (intermediates.proof_hash, intermediates.mandatory_hash);
    // §3.6.5 Base Proof Serialization.
    let signatures = {
        let _span = tracing::info_span!(proof_span::SIGN_STATEMENTS).entered();
        intermediates
            .non_mandatory
            .values()
            .map(|statement| base.proof_key.sign(statement.as_bytes()))
            .collect::<Result<_>>()?
    };
    let public_key = multikey_bytes(&base.proof_key.public_key());
    let base_signature = {
        let _span = tracing::info_span!(proof_span::SIGN).entered();
        key.sign(&sign_data(&proof_hash, &public_key, &mandatory_hash))?
    };
    let proof_value = proof_value::serialize_base(&BaseProofValue {
        base_signature,
        public_key,
        hmac_key: base.hmac_key.to_vec(),
        signatures,
        mandatory_pointers: base.mandatory_pointers.clone(),
    });
    Ok((
        disclosure::with_proof_value(options, proof_value)?,
        intermediates,
    ))
}

/// What deriving a proof computed.
#[derive(Debug, Clone)]
pub struct DerivedIntermediates {
    /// The derived proof's components.
    pub value: DerivedProofValue,
    /// Canonicalizations run (2: the document and the reveal selection).
    pub canonicalizations: usize,
}

/// §3.6.6 Add Derived Proof with §3.5.4 `createDisclosureData`: the reveal document (what
/// `selective_pointers` plus the issuer's mandatory pointers select, with the `id` and `type` on the way) with a
/// derived proof. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof) for a missing or malformed base proof or a pointer that does
/// not match; expansion and canonicalization errors.
pub fn derive_proof(
    secured: &Value,
    selective_pointers: &[String],
    session: &Session,
) -> Result<(Value, DerivedIntermediates)> {
    let (document, proof) = split_proof(secured)?;
    let base = proof_value::parse_base(proof_value_text(&proof)?)?;
    // §3.5.4 steps 1–7 and 10–13.
    let hmac_key = base.hmac_key.clone();
    let factory = move |issued: &LabelMap| Ok(grouping::hmac_label_map(&hmac_key, issued));
    let Disclosure {
        mandatory,
        selective,
        mandatory_indexes,
        reveal,
        label_map,
        canonicalizations,
        ..
    } = disclosure::group_for_disclosure(
        &document,
        &factory,
        (&base.mandatory_pointers, selective_pointers),
        HASH,
        session,
    )?;
    // Steps 8–9: the signatures of the selected non-mandatory statements.
    if base.signatures.len() != mandatory.non_matching.len() {
        return Err(Error::proof(format!(
            "the base proof has {} signatures for {} non-mandatory statements",
            base.signatures.len(),
            mandatory.non_matching.len()
        )));
    }
    let signatures = mandatory
        .non_matching
        .keys()
        .zip(&base.signatures)
        .filter(|(absolute, _)| selective.matching.contains_key(absolute))
        .map(|(_, s)| s.clone())
        .collect();
    let value = DerivedProofValue {
        base_signature: base.base_signature,
        public_key: base.public_key,
        signatures,
        label_map,
        mandatory_indexes,
    };
    let reveal =
        disclosure::attach_derived_proof(reveal, &proof, proof_value::serialize_derived(&value)?);
    let intermediates = DerivedIntermediates {
        value,
        canonicalizations,
    };
    Ok((reveal, intermediates))
}

/// §3.6.7 Verify Derived Proof with §3.5.9 `createVerifyData`: canonicalizes the revealed document with the
/// proof's label map, checks the issuer's base signature over proofHash ‖ publicKey ‖ mandatoryHash and each
/// disclosed statement's signature with the proof-scoped key. The issuer key is `public_key`, or else
/// resolved from a `did:key` verification method. A proof that does not verify is `verified: false` with the
/// reason (a base proof, tampered statements, wrong key, a signature count that does not match); errors are
/// for what cannot be checked at all.
pub fn verify_derived_proof(
    secured: &Value,
    public_key: Option<&PublicKey>,
    session: &Session,
) -> Result<Verification> {
    let (document, proof) = split_proof(secured)?;
    let not = Verification::failed;
    let issuer_key = super::multikey::proof_key(public_key, &proof)?;
    if issuer_key.algorithm() != SignatureAlgorithm::P256 {
        return Ok(not("ecdsa-sd-2023 verifies with a P-256 key".to_string()));
    }
    // §3.5.8 parseDerivedProofValue, §3.5.9 steps 1–8.
    let (derived, data) = match disclosure::derived_verify_data(
        (SUITE, HASH),
        &document,
        &proof,
        proof_value::parse_derived,
        |d| (&d.label_map, &d.mandatory_indexes),
        session,
    )? {
        Ok(parsed) => parsed,
        Err(reason) => return Ok(not(reason)),
    };
    let non_mandatory = &data.non_mandatory;
    let intermediates = Intermediates {
        canonical_document: data.nquads.concat(),
        canonical_proof_config: data.canonical_proof_config,
        hash_data: sign_data(&data.proof_hash, &derived.public_key, &data.mandatory_hash),
        canonicalizations: data.canonicalizations,
    };
    let with = |verified: bool, reason: Option<String>| Verification {
        verified,
        reason,
        intermediates: Some(intermediates.clone()),
    };
    if derived.signatures.len() != non_mandatory.len() {
        return Ok(with(
            false,
            Some(format!(
                "the derived proof has {} signatures for {} non-mandatory statements",
                derived.signatures.len(),
                non_mandatory.len()
            )),
        ));
    }
    let base_ok = {
        let _span = tracing::info_span!(proof_span::VERIFY).entered();
        issuer_key.verify(&intermediates.hash_data, &derived.base_signature)
    };
    if !base_ok {
        return Ok(with(
            false,
            Some("the base signature does not verify over proofHash ‖ publicKey ‖ mandatoryHash (a changed mandatory statement, proof option or key)".to_string()),
        ));
    }
    let proof_key = derived
        .public_key
        .strip_prefix(&P256_MULTIKEY_HEADER)
        .and_then(|k| PublicKey::from_bytes(SignatureAlgorithm::P256, k).ok());
    let Some(proof_key) = proof_key else {
        return Ok(with(
            false,
            Some("the proof-scoped public key is not a P-256 Multikey".to_string()),
        ));
    };
    // The statements are checked through the issuer key's signature backend.
    let proof_key = proof_key.with_backend(issuer_key.backend())?;
    let _span = tracing::info_span!(proof_span::VERIFY_STATEMENTS).entered();
    let bad = non_mandatory
        .iter()
        .zip(&derived.signatures)
        .position(|(statement, signature)| !proof_key.verify(statement.as_bytes(), signature));
    Ok(match bad {
        None => with(true, None),
        Some(i) => with(
            false,
            Some(format!(
                "the signature of disclosed statement {i} does not verify: {}",
                non_mandatory[i].trim_end()
            )),
        ),
    })
}
