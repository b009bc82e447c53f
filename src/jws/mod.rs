//! JWS Compact Serialization (RFC 7515 §7.1) over every algorithm of the matrix ([`algorithms`]), and the
//! matrix runner (`matrix`). The serialization is canonprof's own (three base64url parts): no JOSE crate
//! supports the post-quantum, hash-based, SM2 or KMAC/CMAC algorithms, and one code path for all keeps the
//! comparison fair. The signing input is `BASE64URL(UTF8(header)) '.' BASE64URL(payload)` (§5.1).

pub mod algorithms;
mod job;
pub(crate) mod matrix;

pub use job::Job;
pub use matrix::payload;

use crate::error::{Error, Result};
use algorithms::{Algorithm, Spec};
use base64ct::{Base64UrlUnpadded, Encoding};

/// The protected header: `{"alg":"<alg>"}` (RFC 7515 §4.1.1).
pub fn header(alg: &str) -> String {
    serde_json::json!({ "alg": alg }).to_string()
}

/// RFC 7515 §5.1: signs `payload` with `key` under a protected header naming `spec.alg`; returns the compact
/// serialization `header.payload.signature`. Errors: the algorithm's (e.g. an exhausted stateful key).
pub fn sign(spec: &Spec, key: &dyn Algorithm, payload: &[u8]) -> Result<String> {
    let mut token = Base64UrlUnpadded::encode_string(header(spec.alg).as_bytes());
    token.push('.');
    token.push_str(&Base64UrlUnpadded::encode_string(payload));
    let signature = key.sign(token.as_bytes())?;
    token.push('.');
    token.push_str(&Base64UrlUnpadded::encode_string(&signature));
    Ok(token)
}

/// RFC 7515 §5.2: parses a compact serialization, checks that its protected header is JSON naming `spec.alg`
/// and that the signature verifies over the signing input as received; returns the payload. Errors:
/// [`ErrorKind::Jws`](crate::ErrorKind::Jws) with the reason (not three parts, bad base64url, bad header, wrong
/// `alg`), [`ErrorKind::Signature`](crate::ErrorKind::Signature) when the signature does not verify.
pub fn verify(spec: &Spec, key: &dyn Algorithm, token: &str) -> Result<Vec<u8>> {
    let mut parts = token.split('.');
    let (Some(header), Some(payload), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Error::jws(
            "not a JWS Compact Serialization (three base64url parts)",
        ));
    };
    let decode = |part: &str, what: &str| {
        Base64UrlUnpadded::decode_vec(part)
            .map_err(|_| Error::jws(format!("the {what} is not base64url")))
    };
    let header_json: serde_json::Value = serde_json::from_slice(&decode(header, "header")?)
        .map_err(|_| Error::jws("the protected header is not JSON"))?;
    if header_json.get("alg").and_then(|a| a.as_str()) != Some(spec.alg) {
        return Err(Error::jws(format!("the header's alg is not {}", spec.alg)));
    }
    let payload = decode(payload, "payload")?;
    let signature = decode(signature, "signature")?;
    let input = &token[..header.len() + 1 + token[header.len() + 1..].find('.').unwrap_or(0)];
    if !key.verify(input.as_bytes(), &signature) {
        return Err(Error::signature("the signature does not verify"));
    }
    Ok(payload)
}
