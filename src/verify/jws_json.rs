//! Credentials secured as a JWS in the JSON Serialization (RFC 7515 §7.2): `{"payload", "signatures": [{"protected",
//! "header", "signature"}]}` or its flattened form — what the European Digital Credentials (EDC / ELM) issuer
//! produces as JAdES (ETSI TS 119 182-1): `b64: false` (RFC 7797, the payload unencoded), an `x5c` signer
//! certificate, `sigT` and a timestamp. Each signature is checked over `<protected>.<payload>` with the key of a
//! `--key` (by `kid`) or the `x5c` leaf (self-asserted unless it chains to `--trust-anchor`); then the payload
//! credential's validity at `--at`. JAdES's unsigned properties (`etsiU`: timestamps, revocation data) are
//! reported, not checked.

use super::{data_integrity, keys, x5c, Check, Options, Outcome};
use crate::error::{Error, Result};
use base64ct::{Base64UrlUnpadded, Encoding};
use jsonwebtoken::{Algorithm, DecodingKey};
use serde_json::{Map, Value};
use std::str::FromStr;

/// Header parameters a `crit` may name that this verifier understands (RFC 7515 §4.1.11): `b64` (RFC 7797),
/// and JAdES's `sigT`, `adoTst`, `x5t#S256` and `srCms`, which qualify the signature without changing what is
/// signed.
const UNDERSTOOD: [&str; 5] = ["b64", "sigT", "adoTst", "x5t#S256", "srCms"];

/// Whether `value` is a JWS JSON Serialization (general or flattened).
pub fn is_jws_json(value: &Value) -> bool {
    value.get("payload").is_some_and(Value::is_string)
        && (value.get("signatures").is_some_and(Value::is_array)
            || value.get("signature").is_some_and(Value::is_string))
}

/// The checks of one JWS JSON document. Errors: not JSON, or not a JWS JSON Serialization.
pub fn verify(value: &Value, options: &Options) -> Result<Vec<Check>> {
    if !is_jws_json(value) {
        return Err(Error::jws("not a JWS JSON Serialization (RFC 7515 §7.2)"));
    }
    let payload = value["payload"].as_str().unwrap_or("");
    let signatures: Vec<&Map<String, Value>> = match value.get("signatures") {
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_object).collect(),
        _ => value.as_object().into_iter().collect(),
    };
    let mut checks = Vec::new();
    let mut encoded = None;
    for (i, signature) in signatures.iter().enumerate() {
        let label = format!("signature {} of {}", i + 1, signatures.len());
        let mut chain = None;
        match check_signature(signature, payload, options, &mut chain) {
            Ok((detail, b64)) => {
                encoded = encoded.or(Some(b64));
                checks.push(Check::new(label, Outcome::Verified, detail));
            }
            Err((outcome, why)) => checks.push(Check::new(label, outcome, why)),
        }
        checks.extend(chain);
        if signature
            .get("header")
            .and_then(|h| h.get("etsiU"))
            .is_some()
        {
            checks.push(Check::new(
                "JAdES unsigned properties",
                Outcome::NotChecked,
                "etsiU (timestamps, validation data): not checked",
            ));
        }
    }
    // The payload: the credential, unencoded (b64: false) or base64url.
    let text = match encoded {
        Some(true) => Base64UrlUnpadded::decode_vec(payload)
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
            .unwrap_or_default(),
        _ => payload.to_string(),
    };
    match serde_json::from_str::<Value>(&text) {
        Ok(credential) if credential.is_object() => {
            checks.push(data_integrity::validity(&credential, options.at_unix));
            if credential.get("credentialStatus").is_some() {
                checks.push(Check::new(
                    "credentialStatus",
                    Outcome::NotChecked,
                    "not checked (offline)",
                ));
            }
        }
        _ => checks.push(Check::new(
            "payload",
            Outcome::Failed,
            "the payload is not a JSON credential",
        )),
    }
    Ok(checks)
}

/// One signature: its protected header, `crit`, key, and the signature over `<protected>.<payload>`. On success,
/// the line's detail and whether the payload is base64url-encoded; `chain` gets the certificate chain's line
/// for an `x5c` key.
fn check_signature(
    signature: &Map<String, Value>,
    payload: &str,
    options: &Options,
    chain: &mut Option<Check>,
) -> std::result::Result<(String, bool), (Outcome, String)> {
    let failed = |why: String| (Outcome::Failed, why);
    let protected = signature
        .get("protected")
        .and_then(Value::as_str)
        .ok_or_else(|| failed("no protected header".into()))?;
    let header: Value = Base64UrlUnpadded::decode_vec(protected)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or_else(|| failed("the protected header is not base64url JSON".into()))?;
    let alg_name = header.get("alg").and_then(Value::as_str).unwrap_or("");
    let alg = Algorithm::from_str(alg_name).map_err(|_| {
        (
            Outcome::Unsupported,
            format!("unsupported alg `{alg_name}`"),
        )
    })?;
    if matches!(alg, Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512) {
        return Err(failed(format!(
            "{alg_name} is a shared-secret MAC, not an issuer signature"
        )));
    }
    if let Some(crit) = header.get("crit").and_then(Value::as_array) {
        if let Some(unknown) = crit
            .iter()
            .filter_map(Value::as_str)
            .find(|c| !UNDERSTOOD.contains(c))
        {
            return Err((
                Outcome::Unsupported,
                format!("crit names `{unknown}`, which this verifier does not understand (RFC 7515 §4.1.11)"),
            ));
        }
    }
    if header.get("sigD").is_some() {
        return Err((
            Outcome::Unsupported,
            "a detached JAdES signature (sigD): the signed data is elsewhere".into(),
        ));
    }
    let b64 = header.get("b64") != Some(&Value::Bool(false));
    let kid = header.get("kid").and_then(Value::as_str).unwrap_or("");
    let (key, origin): (DecodingKey, String) = match keys::find(&options.keys, kid) {
        Some(known) => (
            jwk_key(&known.jwk).map_err(|e| (Outcome::Unsupported, e))?,
            format!("key from {}", known.origin),
        ),
        None => match header.get("x5c") {
            Some(certificates) => {
                let leaf = x5c::leaf(certificates).map_err(|e| (Outcome::Unsupported, e.reason))?;
                *chain = Some(x5c::anchored(
                    &leaf,
                    options.trust_anchor.as_deref(),
                    options.at_unix,
                ));
                let origin = format!("the x5c signer {}", leaf.subject);
                (leaf.key, origin)
            }
            None => return Err((Outcome::Unsupported, "no key: pass --key".into())),
        },
    };
    let message = format!("{protected}.{payload}");
    let sig = signature
        .get("signature")
        .and_then(Value::as_str)
        .ok_or_else(|| failed("no signature".into()))?;
    let result = {
        let _span = tracing::info_span!(crate::integrity::suites::step::VERIFY).entered();
        jsonwebtoken::crypto::verify(sig, message.as_bytes(), &key, alg)
    };
    match result {
        Ok(true) => Ok((
            format!(
                "{alg_name} over the protected header and the {} payload ({origin})",
                if b64 {
                    "base64url"
                } else {
                    "unencoded (b64: false)"
                }
            ),
            b64,
        )),
        Ok(false) => Err(failed(format!("the {alg_name} signature does not verify"))),
        Err(e) => Err(failed(format!(
            "the {alg_name} signature cannot be checked: {e}"
        ))),
    }
}

fn jwk_key(jwk: &Value) -> std::result::Result<DecodingKey, String> {
    let parsed: jsonwebtoken::jwk::Jwk =
        serde_json::from_value(jwk.clone()).map_err(|e| format!("invalid JWK: {e}"))?;
    DecodingKey::from_jwk(&parsed).map_err(|e| format!("invalid JWK: {e}"))
}
