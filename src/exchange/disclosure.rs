//! What the holder discloses from a credential, shared by every format's exchange (and the interop fixtures):
//! the unsecured document the issuer secures, the subject attributes, the first [`DISCLOSED`] of them, and the
//! ecdsa-sd-2023 pointers that select the same attributes.

use crate::error::{Error, ErrorKind, Result};
use crate::integrity::suites;
use serde_json::Value;

/// Subject attributes disclosed in the presentation (the study: 5 of 20).
pub const DISCLOSED: usize = 5;

/// The unsecured data document the issuer secures (VC Data Integrity §4.2 Add Proof takes one): the credential
/// without its `proof` member, if it carries one — the exchange issues its own proofs, and a proof already on
/// the credential would end up inside the presented subset, where the verifier cannot tell it from the holder's
/// — with the suite's context added ([`suites::with_suite_context`]).
pub fn unsecured(credential: &Value) -> Value {
    let mut unsecured = suites::with_suite_context(credential);
    if let Some(object) = unsecured.as_object_mut() {
        object.remove("proof");
    }
    unsecured
}

/// Whether a credential's JSON text carries a top-level `proof` member, which the exchange leaves out (see
/// [`unsecured`]); false for text that is not a JSON object.
pub fn carries_proof(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok_and(|v| v.get("proof").is_some())
}

const STRUCTURAL: [&str; 4] = ["id", "@id", "type", "@type"];

/// The credential's subject attributes, without `id` and `type`. Errors: no `credentialSubject` object.
pub fn subject_attributes(credential: &Value) -> Result<serde_json::Map<String, Value>> {
    let mut subject = credential
        .get("credentialSubject")
        .and_then(Value::as_object)
        .cloned()
        .ok_or_else(|| {
            Error::new(
                ErrorKind::Credential,
                "the credential has no credentialSubject object",
            )
        })?;
    subject.retain(|k, _| !STRUCTURAL.contains(&k.as_str()));
    Ok(subject)
}

/// The first [`DISCLOSED`] subject attributes in code point order (not `id` or `type`). Errors: no
/// `credentialSubject` object.
pub fn disclosed_attributes(credential: &Value) -> Result<Vec<String>> {
    Ok(subject_attributes(credential)?
        .keys()
        .filter(|k| !STRUCTURAL.contains(&k.as_str()))
        .take(DISCLOSED)
        .cloned()
        .collect())
}

/// The credential with its subject reduced to `id` and `type` (if present: `type` selects type-scoped contexts,
/// without it the other terms may be undefined) and the first [`DISCLOSED`] other attributes in code point order.
/// Errors: no `credentialSubject` object.
pub fn disclose(credential: &Value) -> Result<Value> {
    let mut keep = disclosed_attributes(credential)?;
    keep.extend(STRUCTURAL.iter().map(|k| k.to_string()));
    let mut reduced = credential.clone();
    if let Some(subject) = reduced
        .get_mut("credentialSubject")
        .and_then(Value::as_object_mut)
    {
        subject.retain(|k, _| keep.contains(k));
    }
    Ok(reduced)
}

/// ecdsa-sd-2023 selective pointers for the same attributes [`disclose`] keeps: `/credentialSubject/<name>`
/// (RFC 6901 escaping). Errors: no `credentialSubject` object.
pub fn selective_pointers(credential: &Value) -> Result<Vec<String>> {
    Ok(disclosed_attributes(credential)?
        .iter()
        .map(|k| {
            format!(
                "/credentialSubject/{}",
                k.replace('~', "~0").replace('/', "~1")
            )
        })
        .collect())
}

/// ecdsa-sd-2023 mandatory pointers: `/issuer` when the credential has one (as in the W3C vectors).
pub fn mandatory_pointers(credential: &Value) -> Vec<String> {
    credential
        .get("issuer")
        .map(|_| vec!["/issuer".to_string()])
        .unwrap_or_default()
}
