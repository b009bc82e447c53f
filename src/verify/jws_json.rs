//! Credentials secured as a JWS in the JSON Serialization (RFC 7515 §7.2): `{"payload", "signatures": [{"protected",
//! "header", "signature"}]}` or its flattened form — what the European Digital Credentials (EDC / ELM) issuer
//! produces as JAdES (ETSI TS 119 182-1): `b64: false` (RFC 7797, the payload unencoded), an `x5c` signer
//! certificate, `sigT` and a timestamp. Each signature is checked over `<protected>.<payload>` with the key of a
//! `--key` (by `kid`) or the `x5c` leaf (self-asserted unless it chains to `--trust-anchor`); then the payload
//! credential's validity at `--at`. JAdES's unsigned properties (`etsiU`: timestamps, revocation data) are
//! reported, not checked.

use super::binding::{self, Signer};
use super::check::{Check, Outcome, Trust};
use super::data_integrity;
use super::options::Options;
use crate::error::{Error, Result};
use base64ct::{Base64UrlUnpadded, Encoding};
use jsonwebtoken::Algorithm;
use serde_json::{Map, Value};
use std::str::FromStr;

/// Header parameters a `crit` may name that this verifier understands (RFC 7515 §4.1.11): `b64` (RFC 7797),
/// and JAdES's `sigT`, `adoTst`, `x5t#S256` and `srCms`, which qualify the signature without changing what is
/// signed.
const UNDERSTOOD: [&str; 5] = ["b64", "sigT", "adoTst", "x5t#S256", "srCms"];

/// Whether `value` is a JWS JSON Serialization (general or flattened).
pub(crate) fn is_jws_json(value: &Value) -> bool {
    value.get("payload").is_some_and(Value::is_string)
        && (value.get("signatures").is_some_and(Value::is_array)
            || value.get("signature").is_some_and(Value::is_string))
}

/// The checks of one JWS JSON document. Errors: not a JWS JSON Serialization.
pub(crate) fn verify(file: &str, value: &Value, options: &Options) -> Result<Vec<Check>> {
    if !is_jws_json(value) {
        return Err(Error::jws("not a JWS JSON Serialization (RFC 7515 §7.2)"));
    }
    let payload = value["payload"].as_str().unwrap_or("");
    // The general form lists its signatures; the flattened form is one. Every entry must be an object, and an
    // empty list signs nothing.
    let entries: Vec<&Value> = match value.get("signatures") {
        Some(Value::Array(items)) => items.iter().collect(),
        _ => vec![value],
    };
    let mut checks = Vec::new();
    if value.get("signatures").is_some()
        && ["protected", "header", "signature"]
            .iter()
            .any(|k| value.get(k).is_some())
    {
        // RFC 7515 §7.2.2: the flattened members must not sit beside `signatures`; which one was meant to be
        // checked is not clear, so neither is.
        checks.push(Check::signature(
            "signatures",
            Outcome::Failed,
            "both the general (`signatures`) and the flattened (`protected` / `header` / `signature`) syntax \
             (RFC 7515 §7.2.2)",
            None,
        ));
        return Ok(checks);
    }
    if entries.is_empty() {
        checks.push(Check::signature(
            "signatures",
            Outcome::Failed,
            "the `signatures` list is empty: nothing signs the payload",
            None,
        ));
    }
    let mut encoded = None;
    let mut signers = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let label = format!("signature {} of {}", i + 1, entries.len());
        let Some(signature) = entry.as_object() else {
            checks.push(Check::signature(
                label,
                Outcome::Failed,
                "not a JSON object (RFC 7515 §7.2.1)",
                None,
            ));
            continue;
        };
        let mut chain = None;
        match check_signature(file, signature, payload, options, &mut chain) {
            Ok(signed) => {
                if encoded.is_some_and(|e| e != signed.b64) {
                    checks.push(Check::signature(
                        label.clone(),
                        Outcome::Failed,
                        "the signatures disagree on `b64`: the payload cannot be read one way for all",
                        None,
                    ));
                }
                encoded = encoded.or(Some(signed.b64));
                signers.push(signed.signer);
                checks.push(Check::signature(
                    label,
                    Outcome::Verified,
                    signed.detail,
                    Some(signed.trust),
                ));
            }
            Err((outcome, why)) => checks.push(Check::signature(label, outcome, why, None)),
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
    let bytes = match encoded {
        Some(true) => match Base64UrlUnpadded::decode_vec(payload) {
            Ok(bytes) => bytes,
            Err(_) => {
                checks.push(Check::new(
                    "payload",
                    Outcome::Failed,
                    "the payload is not base64url without padding (RFC 7515 §2)",
                ));
                return Ok(checks);
            }
        },
        _ => payload.as_bytes().to_vec(),
    };
    match super::json::json_part(
        file,
        "the JWS payload",
        &bytes,
        &options.session.settings().input_limits,
    ) {
        Ok(credential) => {
            let credential = Value::Object(credential);
            let issuer = match credential.get("issuer") {
                Some(Value::String(s)) => Some(s.as_str()),
                Some(Value::Object(o)) => o.get("id").and_then(Value::as_str),
                _ => None,
            };
            match issuer {
                Some(issuer) => checks.extend(binding::line(
                    "issuer",
                    issuer,
                    &signers,
                    options.settings.binding_strict,
                )),
                // A credential must name its issuer (VCDM 2.0 §4.7).
                None if !signers.is_empty() => checks.push(Check::new(
                    "issuer",
                    Outcome::Failed,
                    "the payload credential names no issuer (a string or an object with an `id`): the key is bound \
                     to nobody",
                )),
                None => {}
            }
            checks.push(data_integrity::validity(&credential, options.at()));
            checks.extend(data_integrity::embedded_proofs(&credential, options));
            if credential.get("credentialStatus").is_some() {
                checks.push(Check::new(
                    "credentialStatus",
                    Outcome::NotChecked,
                    "not checked (offline)",
                ));
            }
        }
        Err(e) => checks.push(Check::new(
            "payload",
            Outcome::Failed,
            format!("the payload is not a JSON credential: {}", e.reason()),
        )),
    }
    Ok(checks)
}

/// A signature that verified.
struct Signed {
    /// The line's detail.
    detail: String,
    /// Whether the payload is base64url-encoded (no `b64: false`).
    b64: bool,
    trust: Trust,
    signer: Signer,
}

/// One signature: its protected header, `crit`, key, and the signature over `<protected>.<payload>`; `chain` gets
/// the certificate chain's line for an `x5c` key.
fn check_signature(
    file: &str,
    signature: &Map<String, Value>,
    payload: &str,
    options: &Options,
    chain: &mut Option<Check>,
) -> std::result::Result<Signed, (Outcome, String)> {
    let failed = |why: String| (Outcome::Failed, why);
    let protected = signature
        .get("protected")
        .and_then(Value::as_str)
        .ok_or_else(|| failed("no protected header".into()))?;
    let bytes = Base64UrlUnpadded::decode_vec(protected)
        .map_err(|_| failed("the protected header is not base64url without padding".into()))?;
    let header = Value::Object(
        super::json::json_part(
            file,
            "a JWS protected header",
            &bytes,
            &options.session.settings().input_limits,
        )
        .map_err(|e| failed(e.into_reason()))?,
    );
    let alg_name = header.get("alg").and_then(Value::as_str).unwrap_or("");
    let alg = Algorithm::from_str(alg_name).map_err(|_| {
        (
            Outcome::Unsupported,
            format!("unsupported alg `{}`", crate::error::excerpt(alg_name)),
        )
    })?;
    if matches!(alg, Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512) {
        return Err(failed(format!(
            "{alg_name} is a shared-secret MAC, not an issuer signature"
        )));
    }
    super::claims::critical(header.as_object().unwrap_or(&Map::new()), &UNDERSTOOD)?;
    if header.get("sigD").is_some() {
        return Err((
            Outcome::Unsupported,
            "a detached JAdES signature (sigD): the signed data is elsewhere".into(),
        ));
    }
    let b64 = match header.get("b64") {
        None => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(failed("`b64` is not a boolean (RFC 7797 §3)".into())),
    };
    // RFC 7797 §6: `b64` must be listed in `crit`, so that a recipient that does not know it refuses rather than
    // reading the payload the other way; RFC 7515 §4.1.11: `crit` and what it names are integrity protected.
    let in_crit = header
        .get("crit")
        .and_then(Value::as_array)
        .is_some_and(|c| c.iter().any(|n| n == "b64"));
    if header.get("b64").is_some() && !in_crit {
        return Err(failed("`b64` is not listed in `crit` (RFC 7797 §6)".into()));
    }
    if let Some(unprotected) = signature.get("header").and_then(Value::as_object) {
        if let Some(name) = ["crit", "b64"]
            .iter()
            .find(|n| unprotected.contains_key(**n))
        {
            return Err(failed(format!(
                "`{name}` is in the unprotected header; it must be integrity protected (RFC 7515 §4.1.11, RFC 7797 §3)"
            )));
        }
    }
    if let Some(why) = header
        .as_object()
        .and_then(super::jwt::post_quantum_unsupported)
    {
        return Err(failed(why));
    }
    let jose: jsonwebtoken::Header = serde_json::from_value(header.clone()).map_err(|e| {
        failed(format!(
            "the protected header is not a JOSE header: {}",
            crate::error::excerpt(&e.to_string())
        ))
    })?;
    let found = super::jwt::key_for(&jose, options)?;
    *chain = found.chain;
    let (key, origin, trust, signer) = (found.key, found.origin, found.trust, found.signer);
    let message = format!("{protected}.{payload}");
    let sig = signature
        .get("signature")
        .and_then(Value::as_str)
        .ok_or_else(|| failed("no signature".into()))?;
    let result = {
        let _span = tracing::info_span!(crate::integrity::proof_span::VERIFY).entered();
        jsonwebtoken::crypto::verify(sig, message.as_bytes(), &key, alg)
    };
    match result {
        Ok(true) => Ok(Signed {
            detail: format!(
                "{alg_name} over the protected header and the {} payload ({origin})",
                if b64 {
                    "base64url"
                } else {
                    "unencoded (b64: false)"
                }
            ),
            b64,
            trust,
            signer,
        }),
        _ => Err(failed(format!("the {alg_name} signature does not verify"))),
    }
}
