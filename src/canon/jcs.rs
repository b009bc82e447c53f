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

/// RFC 8785 §3.2 serialization of a parsed JSON value, written straight into one buffer: members sorted by
/// their names' UTF-16 code units (§3.2.3), numbers in ECMAScript `Number.prototype.toString` form via `ryu-js`
/// (§3.2.2.3; numbers are IEEE-754 doubles, so an integer beyond 2^53 prints as the double it rounds to),
/// strings with the minimal escaping of §3.2.2.2. Checked byte for byte against `serde_jcs` and the RFC 8785
/// vectors in the tests; it exists because `serde_jcs` spends most of its time growing per-object buffers
/// (docs/performance.md). Errors: [`ErrorKind::NonFiniteNumber`].
pub fn canonical_string(value: &serde_json::Value) -> Result<String> {
    let mut out = String::with_capacity(256);
    write_value(&mut out, value)?;
    Ok(out)
}

/// The reference serialization by the `serde_jcs` crate (what [`canonical_string`] is tested against).
pub fn canonical_string_serde_jcs(value: &serde_json::Value) -> Result<String> {
    serde_jcs::to_string(value).map_err(|e| {
        Error::new(
            ErrorKind::NonFiniteNumber,
            format!("JCS serialization failed: {e}"),
        )
    })
}

fn write_value(out: &mut String, value: &serde_json::Value) -> Result<()> {
    use serde_json::Value as V;
    match value {
        V::Null => out.push_str("null"),
        V::Bool(true) => out.push_str("true"),
        V::Bool(false) => out.push_str("false"),
        V::Number(n) => {
            let double = n.as_f64().unwrap_or(f64::NAN);
            if !double.is_finite() {
                return Err(Error::new(
                    ErrorKind::NonFiniteNumber,
                    format!("JCS serialization failed: number `{n}` is not a finite double"),
                ));
            }
            out.push_str(ryu_js::Buffer::new().format_finite(double));
        }
        V::String(s) => write_string(out, s),
        V::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item)?;
            }
            out.push(']');
        }
        V::Object(map) => {
            let mut entries: Vec<(&String, &serde_json::Value)> = map.iter().collect();
            // §3.2.3: UTF-16 code unit order (a stable sort: linear when the map is already in that order).
            entries.sort_by(|(a, _), (b, _)| utf16_cmp(a, b));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, key);
                out.push(':');
                write_value(out, item)?;
            }
            out.push('}');
        }
    }
    Ok(())
}

/// Compares two strings by their UTF-16 code units (RFC 8785 §3.2.3). Byte order is the same unless a
/// character at or above U+E000 is involved (UTF-8 lead byte 0xEE or more).
fn utf16_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let simple = |s: &str| s.bytes().all(|byte| byte < 0xEE);
    if simple(a) && simple(b) {
        a.cmp(b)
    } else {
        a.encode_utf16().cmp(b.encode_utf16())
    }
}

/// RFC 8785 §3.2.2.2: a string in quotes, escaping only the quotation mark, the reverse solidus and
/// U+0000–U+001F (as `\b`, `\t`, `\n`, `\f`, `\r`, else `\u00xx` in lower-case hex).
fn write_string(out: &mut String, s: &str) {
    out.push('"');
    let mut start = 0;
    for (i, byte) in s.bytes().enumerate() {
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            b'\t' => "\\t",
            b'\n' => "\\n",
            0x0C => "\\f",
            b'\r' => "\\r",
            0x00..=0x1F => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if escape.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(b"0123456789abcdef"[usize::from(byte >> 4)]));
            out.push(char::from(b"0123456789abcdef"[usize::from(byte & 0xF)]));
        } else {
            out.push_str(escape);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
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
