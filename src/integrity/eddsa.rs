//! The EdDSA Data Integrity cryptosuites eddsa-rdfc-2022 and eddsa-jcs-2022 (W3C Data Integrity EdDSA
//! Cryptosuites v1.0, §3.2 and §3.3), step by step, with canonprof's RDFC-1.0 and JCS pipelines as the
//! transformation and proof-configuration canonicalizers, Ed25519 from ed25519-dalek and SHA-256 from sha2.
//! Every operation counts its canonicalizations (two: the document and the proof configuration).

use super::multikey;
use crate::canon::jcs;
use crate::canon::rdfc::{self, RdfcOptions};
use crate::error::{Error, ErrorKind, Result};
use crate::loader::OfflineLoader;
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The cryptosuite of a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cryptosuite {
    /// eddsa-rdfc-2022: RDFC-1.0 canonicalization (§3.2).
    Rdfc2022,
    /// eddsa-jcs-2022: JCS canonicalization (§3.3).
    Jcs2022,
}

impl Cryptosuite {
    /// The `cryptosuite` value of the proof.
    pub fn name(self) -> &'static str {
        match self {
            Cryptosuite::Rdfc2022 => "eddsa-rdfc-2022",
            Cryptosuite::Jcs2022 => "eddsa-jcs-2022",
        }
    }

    /// The cryptosuite named by a proof's `cryptosuite` value.
    pub fn from_name(name: &str) -> Option<Self> {
        [Cryptosuite::Rdfc2022, Cryptosuite::Jcs2022]
            .into_iter()
            .find(|c| c.name() == name)
    }
}

/// The values an operation computed, for inspection and the W3C test vectors.
#[derive(Debug, Clone)]
pub struct Intermediates {
    /// The transformed (canonical) unsecured document.
    pub canonical_document: String,
    /// The canonical proof configuration.
    pub canonical_proof_config: String,
    /// SHA-256(canonical proof configuration) ‖ SHA-256(canonical document): 64 bytes.
    pub hash_data: Vec<u8>,
    /// Canonicalizations run by the operation (2).
    pub canonicalizations: usize,
}

/// The outcome of verifying a proof.
#[derive(Debug, Clone)]
pub struct Verification {
    /// Whether the proof verifies.
    pub verified: bool,
    /// Why not, when it does not.
    pub reason: Option<String>,
    /// The intermediate values, when the proof got as far as hashing.
    pub intermediates: Option<Intermediates>,
}

fn error(reason: impl Into<String>) -> Error {
    Error::new(ErrorKind::Integrity, reason)
}

/// Canonicalizes a JSON value with the suite's algorithm (RDFC-1.0 over its JSON-LD, or JCS).
fn canonicalize(
    suite: Cryptosuite,
    value: &Value,
    loader: &OfflineLoader,
    what: &str,
) -> Result<String> {
    match suite {
        Cryptosuite::Rdfc2022 => {
            let text = serde_json::to_string(value).expect("a JSON value serializes");
            Ok(rdfc::canonicalize_jsonld(what, &text, loader, &RdfcOptions::default())?.canonical)
        }
        Cryptosuite::Jcs2022 => jcs::canonical_string(value).map_err(|e| e.in_source(what)),
    }
}

/// §3.2.3 / §3.3.3 Transformation: checks the options' `type` and `cryptosuite`, then canonicalizes the
/// unsecured document.
fn transformation(
    suite: Cryptosuite,
    unsecured: &Value,
    options: &Value,
    loader: &OfflineLoader,
) -> Result<String> {
    if options.get("type") != Some(&Value::from("DataIntegrityProof"))
        || options.get("cryptosuite") != Some(&Value::from(suite.name()))
    {
        return Err(error(format!(
            "PROOF_TRANSFORMATION_ERROR: the proof options are not a DataIntegrityProof with cryptosuite {}",
            suite.name()
        )));
    }
    canonicalize(suite, unsecured, loader, "unsecured document")
}

/// §3.2.5 / §3.3.5 Proof Configuration: the options with the document's `@context`, canonicalized.
fn proof_configuration(
    suite: Cryptosuite,
    unsecured: &Value,
    options: &Value,
    loader: &OfflineLoader,
) -> Result<String> {
    let mut config = options
        .as_object()
        .cloned()
        .ok_or_else(|| error("the proof options are not a JSON object"))?;
    if config.get("type") != Some(&Value::from("DataIntegrityProof"))
        || config.get("cryptosuite") != Some(&Value::from(suite.name()))
    {
        return Err(error(format!(
            "PROOF_GENERATION_ERROR: not a DataIntegrityProof with cryptosuite {}",
            suite.name()
        )));
    }
    if let Some(created) = config.get("created") {
        let valid = created
            .as_str()
            .is_some_and(|c| chrono::DateTime::parse_from_rfc3339(c).is_ok());
        if !valid {
            return Err(error(format!(
                "PROOF_GENERATION_ERROR: `created` {created} is not an XML Schema dateTime"
            )));
        }
    }
    match unsecured.get("@context") {
        Some(context) => {
            config.insert("@context".to_string(), context.clone());
        }
        None => {
            config.remove("@context");
        }
    }
    canonicalize(suite, &Value::Object(config), loader, "proof configuration")
}

/// §3.2.4 / §3.3.4 Hashing: SHA-256 of the proof configuration (first) joined with SHA-256 of the document.
fn hashing(canonical_proof_config: &str, canonical_document: &str) -> Vec<u8> {
    let mut hash_data = Sha256::digest(canonical_proof_config.as_bytes()).to_vec();
    hash_data.extend_from_slice(&Sha256::digest(canonical_document.as_bytes()));
    hash_data
}

/// §3.2.1 / §3.3.1 Create Proof: the proof (the options plus `proofValue`) for `unsecured` (a document without a
/// `proof`). Errors: [`ErrorKind::Integrity`] for unusable options, and any canonicalization error.
pub fn create_proof(
    suite: Cryptosuite,
    unsecured: &Value,
    options: &Value,
    key: &SigningKey,
    loader: &OfflineLoader,
) -> Result<(Value, Intermediates)> {
    // Steps 1–4 (eddsa-jcs-2022 §3.3.1 step 2: the proof carries the document's @context).
    let mut proof = options
        .as_object()
        .cloned()
        .ok_or_else(|| error("the proof options are not a JSON object"))?;
    if let (Cryptosuite::Jcs2022, Some(context)) = (suite, unsecured.get("@context")) {
        proof.insert("@context".to_string(), context.clone());
    }
    let canonical_proof_config = proof_configuration(suite, unsecured, options, loader)?;
    let canonical_document = transformation(suite, unsecured, options, loader)?;
    let hash_data = hashing(&canonical_proof_config, &canonical_document);
    // Steps 5–6: §3.2.6 Proof Serialization (Ed25519 over hashData), multibase base58btc.
    let signature = key.sign(&hash_data);
    proof.insert(
        "proofValue".to_string(),
        Value::from(multikey::encode_base58btc(&signature.to_bytes())),
    );
    let intermediates = Intermediates {
        canonical_document,
        canonical_proof_config,
        hash_data,
        canonicalizations: 2,
    };
    Ok((Value::Object(proof), intermediates))
}

/// The document with `proof` added (VC Data Integrity §4.2 Add Proof, single proof).
pub fn secure(unsecured: &Value, proof: Value) -> Result<Value> {
    let mut document = unsecured
        .as_object()
        .cloned()
        .ok_or_else(|| error("the document is not a JSON object"))?;
    document.insert("proof".to_string(), proof);
    Ok(Value::Object(document))
}

/// §3.2.2 / §3.3.2 Verify Proof of a secured document with one proof. The key is `public_key`, or else resolved
/// from a `did:key` verification method. A proof that does not verify is `verified: false` with the reason;
/// errors are for what cannot be checked at all (no proof, unknown cryptosuite, bad key or multibase).
pub fn verify_proof(
    secured: &Value,
    public_key: Option<&VerifyingKey>,
    loader: &OfflineLoader,
) -> Result<Verification> {
    let document = secured
        .as_object()
        .ok_or_else(|| error("the secured document is not a JSON object"))?;
    let proof = document
        .get("proof")
        .and_then(Value::as_object)
        .ok_or_else(|| error("the document has no proof object"))?;
    let suite = proof
        .get("cryptosuite")
        .and_then(Value::as_str)
        .and_then(Cryptosuite::from_name)
        .ok_or_else(|| error("the proof's cryptosuite is not eddsa-rdfc-2022 or eddsa-jcs-2022"))?;
    // Steps 1–3: unsecured document, proof options, proof bytes.
    let mut unsecured = document.clone();
    unsecured.remove("proof");
    let mut options = proof.clone();
    let proof_value = options
        .remove("proofValue")
        .and_then(|v| v.as_str().map(str::to_string));
    let proof_value = proof_value.ok_or_else(|| error("the proof has no proofValue string"))?;
    let proof_bytes = multikey::decode_base58btc(&proof_value)?;
    let key = match public_key {
        Some(key) => *key,
        None => multikey::did_key_public_key(
            options
                .get("verificationMethod")
                .and_then(Value::as_str)
                .unwrap_or(""),
        )?,
    };
    let not = |reason: String| Verification {
        verified: false,
        reason: Some(reason),
        intermediates: None,
    };
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
    let canonical_document = match transformation(suite, &unsecured, &options, loader) {
        Ok(c) => c,
        Err(e) if e.kind == ErrorKind::Integrity => return Ok(not(e.reason)),
        Err(e) => return Err(e),
    };
    let canonical_proof_config = proof_configuration(suite, &unsecured, &options, loader)?;
    let hash_data = hashing(&canonical_proof_config, &canonical_document);
    let intermediates = Intermediates {
        canonical_document,
        canonical_proof_config,
        hash_data,
        canonicalizations: 2,
    };
    let Ok(signature) = Signature::from_slice(&proof_bytes) else {
        return Ok(Verification {
            intermediates: Some(intermediates),
            ..not("the proofValue is not a 64-byte Ed25519 signature".into())
        });
    };
    let verified = key.verify(&intermediates.hash_data, &signature).is_ok();
    let reason =
        (!verified).then(|| "the Ed25519 signature does not verify over hashData".to_string());
    Ok(Verification {
        verified,
        reason,
        intermediates: Some(intermediates),
    })
}
