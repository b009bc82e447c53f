//! What a verifier canonicalizes for a secured document (VC Data Integrity 1.0 §4.4 Verify Proof, §4.5 Verify
//! Proof Sets and Chains): the document without its top-level `proof` — for a proof whose `previousProof`
//! references others, with those proofs as its `proof`, as chain verification does — and each proof's
//! configuration (the proof without `proofValue`, with the document's `@context`), each with the algorithm its
//! cryptosuite names and the labeling hash its suite uses with its key ([`super::suites::SUITE_HASHES`]).
//! Nothing is verified here; see [`super::suites::verify_proof`] for that.

use super::suites::Cryptosuite;
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::error::{Error, Result};
use serde_json::{Map, Value};

/// One proof of a secured document, as a verifier canonicalizes it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProofInput {
    /// Which proof: `proof 1 of 2 (eddsa-rdfc-2022)`, or its `id` when it has one.
    pub label: String,
    /// The proof's cryptosuite (`eddsa-rdfc-2022`, …), or its `type` for a proof without one (e.g.
    /// `Ed25519Signature2020`).
    pub cryptosuite: String,
    /// The canonicalization its cryptosuite names: JCS for the `*-jcs-*` suites, RDFC-1.0 otherwise.
    pub algorithm: Algorithm,
    /// RDFC-1.0's labeling hash for this proof: its cryptosuite's hash for the key of its `did:key`
    /// verification method (SHA-384 for ecdsa-rdfc-2019 with P-384); SHA-256 when the suite or the key is not
    /// known here (legacy suites, other DID methods).
    pub hash: HashAlgorithm,
    /// The proof configuration (VC DI §4.2 / each cryptosuite's Proof Configuration): the proof without
    /// `proofValue`, with the document's `@context`.
    pub configuration: Value,
    /// For a proof with `previousProof`: the document it secures (the unsecured document with the referenced
    /// proofs as its `proof`, §4.5); `None` when that is the unsecured document itself.
    pub document: Option<Value>,
}

/// A secured document split as a verifier sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifierInputs {
    /// The document without its top-level `proof`.
    pub unsecured: Value,
    /// Each top-level proof, in document order.
    pub proofs: Vec<ProofInput>,
}

/// The verifier's view of `document` (see the module documentation), or `None` when it has no top-level `proof`
/// (proofs nested deeper, e.g. inside endorsements, are part of the document). Errors:
/// [`crate::ErrorKind::Proof`] for a `proof` that is not an object or an array of objects, or a `previousProof`
/// that names no proof of the document.
pub fn inputs(document: &Value) -> Result<Option<VerifierInputs>> {
    let Some(object) = document.as_object() else {
        return Ok(None);
    };
    let Some(proof) = object.get("proof") else {
        return Ok(None);
    };
    let proofs: Vec<&Map<String, Value>> = match proof {
        Value::Array(items) => items.iter().map(Value::as_object).collect::<Option<_>>(),
        Value::Object(one) => Some(vec![one]),
        _ => None,
    }
    .ok_or_else(|| Error::proof("`proof` is not an object or an array of objects"))?;
    let mut unsecured = object.clone();
    unsecured.remove("proof");
    let context = unsecured.get("@context").cloned();
    let count = proofs.len();
    let inputs = proofs
        .iter()
        .enumerate()
        .map(|(i, proof)| {
            let cryptosuite = proof
                .get("cryptosuite")
                .or_else(|| proof.get("type"))
                .and_then(Value::as_str)
                .unwrap_or("unknown")
                .to_string();
            let algorithm = match cryptosuite.contains("-jcs-") {
                true => Algorithm::Jcs,
                false => Algorithm::Rdfc,
            };
            let mut configuration = (*proof).clone();
            configuration.remove("proofValue");
            if !configuration.contains_key("@context") {
                if let Some(context) = &context {
                    configuration.insert("@context".into(), context.clone());
                }
            }
            let label = match proof.get("id").and_then(Value::as_str) {
                Some(id) => format!("proof {id} ({cryptosuite})"),
                None => format!("proof {} of {count} ({cryptosuite})", i + 1),
            };
            Ok(ProofInput {
                label,
                hash: labeling_hash(&cryptosuite, proof),
                cryptosuite,
                algorithm,
                configuration: Value::Object(configuration),
                document: chain_document(&unsecured, proof, &proofs)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Some(VerifierInputs {
        unsecured: Value::Object(unsecured),
        proofs: inputs,
    }))
}

/// The hash `cryptosuite` labels blank nodes with for the key of `proof`'s `did:key` verification method (see
/// [`ProofInput::hash`]).
fn labeling_hash(cryptosuite: &str, proof: &Map<String, Value>) -> HashAlgorithm {
    let key = proof
        .get("verificationMethod")
        .and_then(Value::as_str)
        .and_then(|method| super::multikey::did_key_public_key(method).ok());
    Cryptosuite::from_name(cryptosuite)
        .zip(key)
        .and_then(|(suite, key)| suite.hash_for(key.algorithm()))
        .unwrap_or_default()
}

/// VC DI §4.5 step 3 for a proof with `previousProof` (a string or a list of strings): the unsecured document
/// with the proofs it names as `proof`.
fn chain_document(
    unsecured: &Map<String, Value>,
    proof: &Map<String, Value>,
    all: &[&Map<String, Value>],
) -> Result<Option<Value>> {
    let previous: Vec<&str> = match proof.get("previousProof") {
        None => return Ok(None),
        Some(Value::String(id)) => vec![id.as_str()],
        Some(Value::Array(ids)) => ids.iter().filter_map(Value::as_str).collect(),
        Some(other) => {
            return Err(Error::proof(format!(
                "`previousProof` {other} is not a string or a list of strings"
            )))
        }
    };
    let matching = previous
        .iter()
        .map(|id| {
            all.iter()
                .find(|p| p.get("id").and_then(Value::as_str) == Some(id))
                .map(|p| Value::Object((*p).clone()))
                .ok_or_else(|| {
                    Error::proof(format!(
                        "`previousProof` `{id}` names no proof of the document"
                    ))
                })
        })
        .collect::<Result<Vec<_>>>()?;
    let mut document = unsecured.clone();
    document.insert("proof".into(), Value::Array(matching));
    Ok(Some(Value::Object(document)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_unsigned_document_has_no_verifier_inputs() {
        assert_eq!(inputs(&json!({"@context": [], "name": "x"})).unwrap(), None);
    }

    #[test]
    fn a_chain_member_secures_the_document_with_the_proofs_it_names() {
        let doc = json!({
            "@context": ["c"], "name": "x",
            "proof": [
                {"id": "urn:p1", "type": "DataIntegrityProof", "cryptosuite": "eddsa-jcs-2022", "proofValue": "z1"},
                {"id": "urn:p2", "type": "DataIntegrityProof", "cryptosuite": "eddsa-rdfc-2022",
                 "previousProof": "urn:p1", "proofValue": "z2"}
            ]
        });
        let got = inputs(&doc).unwrap().unwrap();
        assert_eq!(got.unsecured, json!({"@context": ["c"], "name": "x"}));
        assert_eq!(got.proofs[0].algorithm, Algorithm::Jcs);
        assert_eq!(got.proofs[0].document, None);
        assert_eq!(
            got.proofs[0].configuration,
            json!({"@context": ["c"], "id": "urn:p1", "type": "DataIntegrityProof", "cryptosuite": "eddsa-jcs-2022"})
        );
        assert_eq!(got.proofs[1].algorithm, Algorithm::Rdfc);
        assert_eq!(got.proofs[1].label, "proof urn:p2 (eddsa-rdfc-2022)");
        let chained = got.proofs[1].document.as_ref().unwrap();
        assert_eq!(chained["proof"][0]["proofValue"], "z1");
        assert_eq!(chained["proof"].as_array().unwrap().len(), 1);
        let bad = json!({"proof": {"previousProof": "urn:none"}});
        assert!(inputs(&bad).is_err());
    }
}
