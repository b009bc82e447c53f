//! What a verifier canonicalizes for a secured document (VC Data Integrity 1.0 §4.4 Verify Proof, §4.5 Verify
//! Proof Sets and Chains): the document without its top-level `proof` — for a proof whose `previousProof`
//! references others, with those proofs as its `proof`, as chain verification does — and each proof's
//! configuration (the proof without `proofValue`, with the document's `@context`), each with the algorithm its
//! cryptosuite names and the labeling hash its suite uses with its key ([`super::cryptosuite::SUITES`]).
//! Nothing is verified here; see [`super::suites::verify_proof`] for that.

use super::cryptosuite::Cryptosuite;
use crate::canon::rdfc::HashAlgorithm;
use crate::canon::Algorithm;
use crate::error::{Error, ErrorKind, Result};
use serde_json::{Map, Value};
use std::collections::HashMap;

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
    /// The proof configuration (VC DI §4.2 / each cryptosuite's Proof Configuration): the proof without
    /// `proofValue`, with the document's `@context`.
    pub configuration: Value,
    /// For a proof with `previousProof`: the proofs it names (indexes into the proof set, each once, in the
    /// order named), whose document [`VerifierInputs::document_of`] builds; `None` without `previousProof`.
    pub previous: Option<Vec<usize>>,
}

/// A secured document split as a verifier sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifierInputs {
    /// The document without its top-level `proof`.
    pub unsecured: Value,
    /// Each top-level proof, in document order.
    pub proofs: Vec<ProofInput>,
    /// The proofs as written (with `proofValue`), for the documents of chained proofs.
    secured: Vec<Map<String, Value>>,
}

impl VerifierInputs {
    /// VC DI §4.5 step 3 for proof `index` when it has `previousProof`: the unsecured document with the proofs it
    /// names as `proof` (built when asked, so a chain costs one such document at a time); `None` when the proof
    /// secures the unsecured document itself.
    pub fn document_of(&self, index: usize) -> Option<Value> {
        let previous = self.proofs.get(index)?.previous.as_ref()?;
        let mut document = self.unsecured.as_object()?.clone();
        let matching = previous
            .iter()
            .map(|&i| Value::Object(self.secured[i].clone()))
            .collect();
        document.insert("proof".into(), Value::Array(matching));
        Some(Value::Object(document))
    }
}

/// The proof purpose a proof of `document` serves (VC Data Integrity §2.1, the VCDM's proof purposes):
/// `authentication` for a presentation, `assertionMethod` for anything else — a document typed as both credential
/// and presentation included, held to a credential's rules so a holder cannot sign in its issuer's name. The one
/// rule `sign` writes and `verify` expects.
pub fn proof_purpose(document: &Value) -> &'static str {
    let has_type = |name: &str| match document.get("type") {
        Some(Value::String(t)) => t == name,
        Some(Value::Array(types)) => types.iter().any(|t| t.as_str() == Some(name)),
        _ => false,
    };
    if has_type("VerifiablePresentation") && !has_type("VerifiableCredential") {
        "authentication"
    } else {
        "assertionMethod"
    }
}

/// The verifier's view of `document` (see the module documentation), or `None` when it has no top-level `proof`
/// (proofs nested deeper, e.g. inside endorsements, are part of the document). Errors:
/// [`crate::ErrorKind::Proof`] for a `proof` that is not an object or an array of objects, a `previousProof`
/// that names no proof of the document, or `previousProof` references that form a cycle;
/// [`crate::ErrorKind::Limit`] for more than `max_proofs` proofs
/// ([`ProofLimits::max_proofs`](super::budget::ProofLimits)).
pub fn inputs(document: &Value, max_proofs: usize) -> Result<Option<VerifierInputs>> {
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
    if proofs.len() > max_proofs {
        return Err(Error::new(
            ErrorKind::Limit,
            format!(
                "`proof` holds {} proofs, more than {max_proofs} (raise with --max-proofs)",
                proofs.len()
            ),
        ));
    }
    let previous = previous_proofs(&proofs)?;
    let mut unsecured = object.clone();
    unsecured.remove("proof");
    let context = unsecured.get("@context").cloned();
    let count = proofs.len();
    let inputs = proofs
        .iter()
        .zip(previous)
        .enumerate()
        .map(|(i, (proof, previous))| {
            let cryptosuite = proof
                .get("cryptosuite")
                .or_else(|| proof.get("type"))
                .and_then(Value::as_str)
                .unwrap_or("unknown")
                .to_string();
            let algorithm = if cryptosuite.contains("-jcs-") {
                Algorithm::Jcs
            } else {
                Algorithm::Rdfc
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
            ProofInput {
                label,
                cryptosuite,
                algorithm,
                configuration: Value::Object(configuration),
                previous,
            }
        })
        .collect();
    Ok(Some(VerifierInputs {
        unsecured: Value::Object(unsecured),
        proofs: inputs,
        secured: proofs.into_iter().cloned().collect(),
    }))
}

impl ProofInput {
    /// RDFC-1.0's labeling hash for this proof: its cryptosuite's hash for the key of its `did:key` verification
    /// method (SHA-384 for ecdsa-rdfc-2019 with P-384); SHA-256 when the suite or the key is not known here
    /// (legacy suites, other DID methods). Computed when asked (the main job's view), not for every verification:
    /// it decodes the key.
    pub fn hash(&self) -> HashAlgorithm {
        self.configuration
            .as_object()
            .map_or_else(HashAlgorithm::default, |proof| {
                labeling_hash(&self.cryptosuite, proof)
            })
    }
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
        .and_then(|(suite, key)| suite.key_hash(key.algorithm()))
        .map(|hashes| hashes.labeling_hash)
        .unwrap_or_default()
}

/// VC DI §4.5 step 3's `matchingProofs` of every proof, each resolved once: the proofs its `previousProof` (a
/// string or a list of strings) names, by `id` (the first proof with that `id`), each once. Errors: a name that
/// matches no proof, a `previousProof` of another type, references that form a cycle (no proof can secure one
/// made after it).
fn previous_proofs(all: &[&Map<String, Value>]) -> Result<Vec<Option<Vec<usize>>>> {
    let mut by_id: HashMap<&str, usize> = HashMap::with_capacity(all.len());
    for (i, proof) in all.iter().enumerate() {
        if let Some(id) = proof.get("id").and_then(Value::as_str) {
            by_id.entry(id).or_insert(i);
        }
    }
    let resolved = all
        .iter()
        .map(|proof| {
            let names: Vec<&str> = match proof.get("previousProof") {
                None => return Ok(None),
                Some(Value::String(id)) => vec![id.as_str()],
                Some(Value::Array(ids)) => match ids.iter().map(Value::as_str).collect::<Option<Vec<_>>>() {
                    Some(ids) => ids,
                    None => {
                        return Err(Error::proof(
                            "`previousProof` is a list with an entry that is not a string (VC Data Integrity §2.1)",
                        ))
                    }
                },
                Some(other) => {
                    return Err(Error::proof(format!(
                        "`previousProof` {} is not a string or a list of strings",
                        crate::error::excerpt(&other.to_string())
                    )))
                }
            };
            let mut matching: Vec<usize> = Vec::new();
            for id in names {
                let &i = by_id.get(id).ok_or_else(|| {
                    Error::proof(format!(
                        "`previousProof` `{}` names no proof of the document",
                        crate::error::excerpt(id)
                    ))
                })?;
                if !matching.contains(&i) {
                    matching.push(i);
                }
            }
            Ok(Some(matching))
        })
        .collect::<Result<Vec<_>>>()?;
    refuse_cycles(all, &resolved)?;
    Ok(resolved)
}

/// Refuses `previousProof` references that lead back to the proof they start from.
fn refuse_cycles(all: &[&Map<String, Value>], previous: &[Option<Vec<usize>>]) -> Result<()> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut marks = vec![Mark::New; previous.len()];
    let name = |i: usize| {
        all[i]
            .get("id")
            .and_then(Value::as_str)
            .map_or_else(|| format!("proof {}", i + 1), crate::error::excerpt)
    };
    for start in 0..previous.len() {
        if marks[start] != Mark::New {
            continue;
        }
        // Depth-first, with an explicit stack of (proof, next reference to follow).
        let mut stack = vec![(start, 0usize)];
        marks[start] = Mark::OnPath;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            let refs = previous[node].as_deref().unwrap_or(&[]);
            match refs.get(*next) {
                Some(&to) => {
                    *next += 1;
                    match marks[to] {
                        Mark::OnPath => {
                            let from = stack.iter().position(|&(n, _)| n == to).unwrap_or(0);
                            let mut path: Vec<String> =
                                stack[from..].iter().map(|&(n, _)| name(n)).collect();
                            path.push(name(to));
                            return Err(Error::proof(format!(
                                "`previousProof` references form a cycle: {}",
                                path.join(" → ")
                            )));
                        }
                        Mark::New => {
                            marks[to] = Mark::OnPath;
                            stack.push((to, 0));
                        }
                        Mark::Done => {}
                    }
                }
                None => {
                    marks[node] = Mark::Done;
                    stack.pop();
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::budget::ProofLimits;
    use super::*;
    use serde_json::json;

    #[test]
    fn an_unsigned_document_has_no_verifier_inputs() {
        assert_eq!(
            inputs(
                &json!({"@context": [], "name": "x"}),
                ProofLimits::DEFAULT.max_proofs
            )
            .unwrap(),
            None
        );
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
        let got = inputs(&doc, ProofLimits::DEFAULT.max_proofs)
            .unwrap()
            .unwrap();
        assert_eq!(got.unsecured, json!({"@context": ["c"], "name": "x"}));
        assert_eq!(got.proofs[0].algorithm, Algorithm::Jcs);
        assert_eq!(got.proofs[0].previous, None);
        assert_eq!(got.document_of(0), None);
        assert_eq!(
            got.proofs[0].configuration,
            json!({"@context": ["c"], "id": "urn:p1", "type": "DataIntegrityProof", "cryptosuite": "eddsa-jcs-2022"})
        );
        assert_eq!(got.proofs[1].algorithm, Algorithm::Rdfc);
        assert_eq!(got.proofs[1].label, "proof urn:p2 (eddsa-rdfc-2022)");
        let chained = got.document_of(1).unwrap();
        assert_eq!(chained["proof"][0]["proofValue"], "z1");
        assert_eq!(chained["proof"].as_array().unwrap().len(), 1);
        let bad = json!({"proof": {"previousProof": "urn:none"}});
        assert!(inputs(&bad, ProofLimits::DEFAULT.max_proofs).is_err());
    }
}
