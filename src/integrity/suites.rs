//! The Data Integrity cryptosuites that sign once, eddsa-rdfc-2022 and eddsa-jcs-2022 (W3C Data Integrity EdDSA
//! Cryptosuites v1.0 §3.2, §3.3) and ecdsa-rdfc-2019 and ecdsa-jcs-2019 (W3C Data Integrity ECDSA Cryptosuites
//! v1.0 §3.2, §3.3; P-256 and P-384), step by step, with canonprof's RDFC-1.0 and JCS pipelines as the
//! transformation and proof-configuration canonicalizers (`integrity::shared_steps`); Ed25519 from ed25519-dalek,
//! ECDSA from p256/p384 (RFC 6979 deterministic nonces), SHA-2 from sha2. Which suite canonicalizes how, signs
//! with which key and hashes with what is its row of [`super::cryptosuite::SUITES`], not code here. Every
//! operation counts its canonicalizations (two: document and proof configuration). [`verify_proof`] is the
//! entry for every suite: a selective suite's proof goes to its own module.

pub use super::cryptosuite::{Cryptosuite, Intermediates, Verification};
use super::cryptosuite::{KeyHash, ProofAlgorithm};
use super::multikey;
use super::proof_span;
pub use super::shared_steps::is_xsd_date_time;
use super::shared_steps::{hashing, proof_configuration, transformation, Canonicalizer};
use crate::canon::Session;
use crate::error::{Error, ErrorKind, Result};
use crate::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use serde_json::Value;

/// The hashes of `suite` with `key`, or [`ErrorKind::Key`] with `message` for a key the suite does not take.
fn hashes_or_key_error(
    suite: Cryptosuite,
    key: SignatureAlgorithm,
    message: impl FnOnce(&str, &str) -> String,
) -> Result<&'static KeyHash> {
    suite
        .key_hash(key)
        .ok_or_else(|| Error::key(message(suite.name(), key.name())))
}

/// §3.2.1 / §3.3.1 Create Proof: the proof (the options plus `proofValue`; JCS suites also carry the document's
/// `@context`) for `unsecured` (a document without `proof`). Errors: [`ErrorKind::Proof`] for unusable
/// options or a key of the wrong type, and any canonicalization error.
pub fn create_proof(
    suite: Cryptosuite,
    unsecured: &Value,
    options: &Value,
    key: &SecretKey,
    session: &Session,
) -> Result<(Value, Intermediates)> {
    match suite.spec().algorithm {
        ProofAlgorithm::EcdsaSelectiveDisclosure => {
            return Err(Error::proof(
                "PROOF_GENERATION_ERROR: ecdsa-sd-2023 base proofs need mandatory pointers: use ecdsa_sd::create_base_proof",
            ))
        }
        ProofAlgorithm::BbsSelectiveDisclosure => {
            return Err(Error::proof(
                "PROOF_GENERATION_ERROR: bbs-2023 base proofs need mandatory pointers: use bbs::create_base_proof",
            ))
        }
        ProofAlgorithm::SignHashData => {}
    }
    let hashes = hashes_or_key_error(suite, key.algorithm(), |suite, key| {
        format!("PROOF_GENERATION_ERROR: {suite} needs a different key type, not {key}")
    })?;
    // Steps 1–4.
    let mut proof = options
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the proof options are not a JSON object"))?;
    if let (true, Some(context)) = (suite.is_jcs(), unsecured.get("@context")) {
        proof.insert("@context".to_string(), context.clone());
    }
    let mut canon = Canonicalizer::new(suite, hashes.labeling_hash, session);
    let canonical_proof_config = proof_configuration(&mut canon, unsecured, options)?;
    let canonical_document = transformation(&mut canon, unsecured, options)?;
    let hash_data = hashing(&canonical_proof_config, &canonical_document, hashes.hash);
    // Steps 5–6: Proof Serialization, in the suite's proof value encoding.
    let signature = {
        let _span = tracing::info_span!(proof_span::SIGN).entered();
        key.sign(&hash_data)?
    };
    proof.insert(
        "proofValue".to_string(),
        Value::from(suite.spec().proof_value.encode(&signature)),
    );
    let intermediates = Intermediates {
        canonical_document,
        canonical_proof_config,
        hash_data,
        canonicalizations: canon.runs,
    };
    Ok((Value::Object(proof), intermediates))
}

/// The VC Data Integrity v2 context, which defines the proof terms.
pub const DATA_INTEGRITY_V2: &str = "https://w3id.org/security/data-integrity/v2";

/// The document with the Data Integrity context appended to its `@context` when neither it nor the VC v2
/// context (which includes it) is there — what Data Integrity libraries do for VCDM 1.1 credentials (VC Data
/// Integrity §2.1: the proof's terms must be defined by the document's contexts).
pub fn with_suite_context(document: &Value) -> Value {
    let mut document = document.clone();
    let Some(object) = document.as_object_mut() else {
        return document;
    };
    let mut contexts = match object.remove("@context") {
        Some(Value::Array(items)) => items,
        Some(other) => vec![other],
        None => Vec::new(),
    };
    let defines = |c: &Value| {
        c.as_str()
            .is_some_and(|c| c == DATA_INTEGRITY_V2 || c == "https://www.w3.org/ns/credentials/v2")
    };
    if !contexts.iter().any(defines) {
        contexts.push(Value::from(DATA_INTEGRITY_V2));
    }
    object.insert("@context".to_string(), Value::Array(contexts));
    document
}

/// The document with `proof` added (VC Data Integrity §4.2 Add Proof, single proof).
pub fn secure(unsecured: &Value, proof: Value) -> Result<Value> {
    let mut document = unsecured
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the document is not a JSON object"))?;
    document.insert("proof".to_string(), proof);
    Ok(Value::Object(document))
}

/// §3.2.2 / §3.3.2 Verify Proof of a secured document with one proof (an ecdsa-sd-2023 proof goes to
/// [`super::ecdsa_sd::verify_derived_proof`], a bbs-2023 one to [`super::bbs::verify_derived_proof`]). The key is `public_key`, or else resolved
/// from a `did:key` verification method. A proof that does not verify is `verified: false` with the reason;
/// errors are for what cannot be checked at all (no proof, unknown cryptosuite, bad key or multibase).
pub fn verify_proof(
    secured: &Value,
    public_key: Option<&PublicKey>,
    session: &Session,
) -> Result<Verification> {
    let document = secured
        .as_object()
        .ok_or_else(|| Error::proof("the secured document is not a JSON object"))?;
    let proof = document
        .get("proof")
        .and_then(Value::as_object)
        .ok_or_else(|| Error::proof("the document has no proof object"))?;
    let mut unsecured = document.clone();
    unsecured.remove("proof");
    verify_proof_over(&unsecured, proof, public_key, session)
}

/// [`verify_proof`] of `proof` over `unsecured`, given apart: the document a proof of a set secures is the one
/// without any proof, and a proof in a chain secures the document with its previous proofs as `proof` (VC Data
/// Integrity §4.5), so its `unsecured` has a `proof` member of its own. Errors: as [`verify_proof`].
pub fn verify_proof_over(
    unsecured: &serde_json::Map<String, Value>,
    proof: &serde_json::Map<String, Value>,
    public_key: Option<&PublicKey>,
    session: &Session,
) -> Result<Verification> {
    let name = proof.get("cryptosuite").and_then(Value::as_str);
    let suite = name.and_then(Cryptosuite::from_name).ok_or_else(|| {
        match name.and_then(super::cryptosuite::unsupported_suite) {
            Some(why) => Error::proof(why),
            None => Error::proof(format!(
                "the proof's cryptosuite is not one of {}",
                super::cryptosuite::SUITES.map(|s| s.name).join(", ")
            )),
        }
    })?;
    verify_proof_as(suite, unsecured, proof, public_key, session)
}

/// [`verify_proof_over`] with `suite`'s algorithm whatever the proof's `cryptosuite` says (which stays in the
/// proof configuration as written): for proofs that name a suite by a draft or misspelt name (`eddsa-2022`,
/// `eddsa-rdf-2022`), to find out whether they were made with the published algorithm. Errors: as
/// [`verify_proof`].
pub fn verify_proof_as(
    suite: Cryptosuite,
    unsecured: &serde_json::Map<String, Value>,
    proof: &serde_json::Map<String, Value>,
    public_key: Option<&PublicKey>,
    session: &Session,
) -> Result<Verification> {
    let selective = match suite.spec().algorithm {
        ProofAlgorithm::EcdsaSelectiveDisclosure => {
            Some(super::ecdsa_sd::verify_derived_proof as _)
        }
        ProofAlgorithm::BbsSelectiveDisclosure => Some(super::bbs::verify_derived_proof as _),
        ProofAlgorithm::SignHashData => None,
    };
    if let Some(verify_derived_proof) = selective {
        let verify_derived_proof: fn(&Value, Option<&PublicKey>, &Session) -> Result<Verification> =
            verify_derived_proof;
        let mut secured = unsecured.clone();
        secured.insert("proof".into(), Value::Object(proof.clone()));
        return verify_derived_proof(&Value::Object(secured), public_key, session);
    }
    // Steps 1–3: unsecured document, proof options, proof bytes.
    let mut unsecured = unsecured.clone();
    let mut options = proof.clone();
    let proof_value = options
        .remove("proofValue")
        .and_then(|v| v.as_str().map(str::to_string));
    // The longest signature of the suite: P-384's 96 bytes for the ECDSA suites, the post-quantum signature's
    // size for the others.
    let max = suite.spec().max_signature_bytes;
    let proof_bytes = suite.spec().proof_value.decode(
        &proof_value.ok_or_else(|| Error::proof("the proof has no proofValue string"))?,
        max,
        &format!(
            "proofValue ({}: a signature of at most {max} bytes)",
            suite.name()
        ),
    )?;
    let key = multikey::proof_key(public_key, &options)?;
    let hashes = hashes_or_key_error(suite, key.algorithm(), |suite, key| {
        format!("the key is not of the type {suite} signs with: {key}")
    })?;
    let not = Verification::failed;
    // Step 4: the proof's @context must be a prefix of the document's; the document then uses the proof's.
    if let Some(proof_context) = options.get("@context") {
        let as_list = |v: &Value| match v {
            Value::Array(items) => items.clone(),
            other => vec![other.clone()],
        };
        let (theirs, ours) = (
            as_list(proof_context),
            unsecured.get("@context").map(as_list).unwrap_or_default(),
        );
        if ours.len() < theirs.len() || ours[..theirs.len()] != theirs[..] {
            return Ok(not(
                "the document's @context does not start with the proof's @context".to_string(),
            ));
        }
        unsecured.insert("@context".to_string(), proof_context.clone());
    }
    let (unsecured, options) = (Value::Object(unsecured), Value::Object(options));
    // Steps 5–8.
    let mut canon = Canonicalizer::new(suite, hashes.labeling_hash, session);
    if let Some(written) = proof.get("cryptosuite").and_then(Value::as_str) {
        canon.name = written.to_string();
    }
    let canonical_document = match transformation(&mut canon, &unsecured, &options) {
        Ok(c) => c,
        Err(e) if e.kind() == ErrorKind::Proof => return Ok(not(e.into_reason())),
        Err(e) => return Err(e),
    };
    let canonical_proof_config = proof_configuration(&mut canon, &unsecured, &options)?;
    let hash_data = hashing(&canonical_proof_config, &canonical_document, hashes.hash);
    let intermediates = Intermediates {
        canonical_document,
        canonical_proof_config,
        hash_data,
        canonicalizations: canon.runs,
    };
    let verified = {
        let _span = tracing::info_span!(proof_span::VERIFY).entered();
        key.verify(&intermediates.hash_data, &proof_bytes)
    };
    let reason = (!verified).then(|| match key.algorithm().post_quantum_sizes() {
        // A post-quantum signature of another parameter set has another length: say so, not just "no".
        Some((_, _, len)) if proof_bytes.len() != len => format!(
            "the signature has {} bytes; {} signatures have {len}",
            proof_bytes.len(),
            key.algorithm().name()
        ),
        Some(_) => format!(
            "the {} signature does not verify over hashData ({} of the proof configuration and the document, as {} uses)",
            key.algorithm().name(),
            hashes.hash.name(),
            suite.name()
        ),
        None => "the signature does not verify over hashData".to_string(),
    });
    Ok(Verification {
        verified,
        reason,
        intermediates: Some(intermediates),
    })
}
