//! The JCS path (RFC 8785 JSON Canonicalization Scheme) on the same credential: `parse` (JSON text → value),
//! `jcs` (canonical serialization: UTF-16 key order §3.2.3, ECMAScript number form §3.2.2.3, minimal string
//! escaping §3.2.2.2, via the `serde_jcs` crate), `hash` (SHA-256 of the canonical UTF-8 bytes).

use super::phase;
use crate::error::{Error, ErrorKind, Result};
use sha2::{Digest, Sha256};

/// The JCS form of a document and its SHA-256.
#[derive(Debug, Clone)]
pub struct JcsOutput {
    /// The canonical JSON text (RFC 8785 §3.2.4: UTF-8, no trailing newline).
    pub canonical: String,
    /// SHA-256 of `canonical`, lowercase hex.
    pub sha256: String,
}

/// Runs the JCS pipeline on `text` with one `tracing` span per phase (`parse`, `jcs`, `hash`).
/// `label` names the input in errors ([`ErrorKind::Json`], [`ErrorKind::NonFiniteNumber`]).
/// Duplicate member names are rejected earlier, by [`crate::document::Document::check_json`].
pub fn canonicalize(label: &str, text: &str) -> Result<JcsOutput> {
    let value: serde_json::Value = {
        let _span = tracing::info_span!(phase::PARSE).entered();
        serde_json::from_str(text).map_err(|e| crate::document::json_error(label, &e))?
    };
    let canonical = {
        let _span = tracing::info_span!(phase::JCS).entered();
        canonical_string(&value).map_err(|e| e.in_source(label))?
    };
    let sha256 = {
        let _span = tracing::info_span!(phase::HASH).entered();
        hex::encode(Sha256::digest(canonical.as_bytes()))
    };
    Ok(JcsOutput { canonical, sha256 })
}

/// RFC 8785 §3.2 serialization of a parsed JSON value. Numbers are IEEE-754 doubles (§3.2.2.3), so an integer
/// beyond 2^53 prints as the double it rounds to. Errors: [`ErrorKind::NonFiniteNumber`].
pub fn canonical_string(value: &serde_json::Value) -> Result<String> {
    serde_jcs::to_string(value).map_err(|e| {
        Error::new(
            ErrorKind::NonFiniteNumber,
            format!("JCS serialization failed: {e}"),
        )
    })
}

/// RFC 8785 canonical form of a JSON value held by the json-ld crate (for `@json` literals, JSON-LD 1.1 API §8.2
/// step 7).
pub fn canonicalize_json_ld_value(value: &json_ld::syntax::Value) -> Result<String> {
    canonical_string(&to_serde(value)?)
}

fn to_serde(value: &json_ld::syntax::Value) -> Result<serde_json::Value> {
    use json_ld::syntax::Value as J;
    Ok(match value {
        J::Null => serde_json::Value::Null,
        J::Boolean(b) => serde_json::Value::Bool(*b),
        J::Number(n) => {
            let double: f64 = n.as_str().parse().unwrap_or(f64::NAN);
            serde_json::Number::from_f64(double)
                .map(serde_json::Value::Number)
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::NonFiniteNumber,
                        format!(
                            "number `{}` is outside the IEEE-754 double range",
                            n.as_str()
                        ),
                    )
                })?
        }
        J::String(s) => serde_json::Value::String(s.to_string()),
        J::Array(items) => {
            serde_json::Value::Array(items.iter().map(to_serde).collect::<Result<_>>()?)
        }
        J::Object(object) => {
            let mut map = serde_json::Map::new();
            for entry in object.iter() {
                map.insert(entry.key.to_string(), to_serde(&entry.value)?);
            }
            serde_json::Value::Object(map)
        }
    })
}
