//! Tampered twins: each changes one value a verifier must notice, keeping the artifact well-formed so the
//! failure is the signature's or the digest's, not the parser's.

use crate::error::{Error, Result};
use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::Value;

/// A credential with the first string (or boolean, or number) value in its `credentialSubject` (depth-first,
/// skipping `id`, `type` and `@context`) changed. Returns the copy and what was changed (`credentialSubject.x`).
/// Errors: no such value.
pub(crate) fn credential(secured: &Value) -> Result<(Value, String)> {
    let mut copy = secured.clone();
    let subject = copy
        .get_mut("credentialSubject")
        .ok_or_else(|| Error::proof("no credentialSubject to tamper with"))?;
    let path = change_first(subject, "credentialSubject".to_string())
        .ok_or_else(|| Error::proof("no value in credentialSubject to tamper with"))?;
    Ok((copy, format!("{path} changed")))
}

fn change_first(value: &mut Value, path: String) -> Option<String> {
    match value {
        Value::String(s) => {
            s.push('!');
            Some(path)
        }
        Value::Bool(b) => {
            *b = !*b;
            Some(path)
        }
        Value::Number(n) => {
            *value = Value::from(n.as_f64().unwrap_or(0.0) + 1.0);
            Some(path)
        }
        Value::Array(items) => items
            .iter_mut()
            .enumerate()
            .find_map(|(i, v)| change_first(v, format!("{path}[{i}]"))),
        Value::Object(map) => map
            .iter_mut()
            .filter(|(k, _)| !matches!(k.as_str(), "id" | "type" | "@context"))
            .find_map(|(k, v)| change_first(v, format!("{path}.{k}"))),
        Value::Null => None,
    }
}

/// An SD-JWT presentation with its first Disclosure's claim value changed and re-encoded (RFC 9901 §4.2.1), so
/// its digest matches nothing the issuer signed. Errors: no Disclosure, or one that is not base64url JSON.
pub(crate) fn sd_jwt(presentation: &str) -> Result<(String, String)> {
    let mut parts: Vec<String> = presentation.split('~').map(str::to_string).collect();
    let encoded = parts
        .get(1)
        .filter(|p| !p.is_empty())
        .ok_or_else(|| Error::sd_jwt("no Disclosure to tamper with"))?;
    let bytes = Base64UrlUnpadded::decode_vec(encoded)
        .map_err(|e| Error::sd_jwt(format!("Disclosure is not base64url: {e}")).caused_by(e))?;
    let mut disclosure: Vec<Value> = serde_json::from_slice(&bytes)
        .map_err(|e| Error::sd_jwt(format!("Disclosure is not a JSON array: {e}")).caused_by(e))?;
    let name = disclosure
        .get(1)
        .and_then(Value::as_str)
        .unwrap_or("?")
        .to_string();
    let value = disclosure
        .last_mut()
        .ok_or_else(|| Error::sd_jwt("empty Disclosure"))?;
    change_first(value, String::new());
    let text = serde_json::to_string(&disclosure)
        .map_err(|e| Error::sd_jwt(e.to_string()).caused_by(e))?;
    parts[1] = Base64UrlUnpadded::encode_string(text.as_bytes());
    Ok((
        parts.join("~"),
        format!("Disclosure of `{name}` changed and re-encoded"),
    ))
}

/// A `DeviceResponse` with the first `elementValue` changed in place (a text string's last character, a
/// boolean flipped, a small unsigned integer incremented), same length, so the `IssuerSignedItemBytes` digest no
/// longer matches the MSO's `valueDigests` (ISO/IEC 18013-5 §9.3.1). Errors: no such value.
pub(crate) fn mdoc(device_response: &[u8]) -> Result<(Vec<u8>, String)> {
    // The CBOR text string "elementValue" (major type 3, length 12).
    let key: &[u8] = b"\x6celementValue";
    let at = device_response
        .windows(key.len())
        .position(|w| w == key)
        .map(|i| i + key.len())
        .ok_or_else(|| Error::mdoc("no elementValue to tamper with"))?;
    let mut copy = device_response.to_vec();
    let head = copy[at];
    match head {
        0xf4 | 0xf5 => copy[at] ^= 0x01,
        0x00..=0x16 => copy[at] += 1,
        0x61..=0x77 => {
            let last = at + (head - 0x60) as usize;
            let byte = copy
                .get_mut(last)
                .ok_or_else(|| Error::mdoc("elementValue runs past the end"))?;
            *byte = if byte.is_ascii_alphanumeric() && *byte != b'z' {
                *byte + 1
            } else {
                b'a'
            };
        }
        _ => {
            return Err(Error::mdoc(
                "the first elementValue is not a short text, boolean or small integer",
            ))
        }
    }
    Ok((copy, "the first disclosed elementValue changed".to_string()))
}
