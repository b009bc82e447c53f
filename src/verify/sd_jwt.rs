//! SD-JWT VC (RFC 9901 §7.1 and §7.3, the SD-JWT VC draft): the issuer-signed JWT with a `--key` (a JWK, a
//! Multikey, a DID document or a PEM public key) or, failing that, the key its header carries — the `x5c` leaf
//! (anchored with `--trust-anchor`) or the `jwk`, each reported as self-asserted otherwise —, every Disclosure digest over its received encoding, no duplicate or unreferenced
//! Disclosures ([`sd_jwt::verify`]), the Key Binding JWT when present (`sd_hash`, signature by `cnf.jwk`, and
//! `--nonce` / `--aud` when given), and `nbf` / `exp` at `--at`.

use super::{Check, Options, Outcome};
use crate::error::{Error, ErrorKind, Result};
use crate::sd_jwt::{self, jose::decoding_key, Expected};
use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::Value;

/// The checks of one compact SD-JWT. Errors: the bytes are not UTF-8 or not an SD-JWT at all.
pub fn verify(bytes: &[u8], options: &Options) -> Result<Vec<Check>> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| Error::sd_jwt(format!("not UTF-8: {e}")))?
        .trim();
    let jwt = text.split('~').next().unwrap_or("");
    let header = segment(jwt, 0)?;
    let mut checks = Vec::new();
    let (key, origin) = match options.keys.first() {
        Some(key) => (
            Key::Jwk(key.jwk.clone()),
            format!("key from {}", key.origin),
        ),
        None => match (header.get("x5c"), header.get("jwk")) {
            (Some(chain), _) => match super::x5c::leaf(chain) {
                Ok(leaf) => {
                    checks.push(super::x5c::anchored(
                        &leaf,
                        options.trust_anchor.as_deref(),
                        options.at_unix,
                    ));
                    let origin = format!("the x5c signer {}", leaf.subject);
                    let alg = header
                        .get("alg")
                        .and_then(Value::as_str)
                        .and_then(|a| a.parse::<jsonwebtoken::Algorithm>().ok());
                    match alg {
                        Some(alg) => (Key::Decoding(leaf.key, alg), origin),
                        None => {
                            checks.push(Check::new(
                                "issuer signature",
                                Outcome::Unsupported,
                                "the header's alg is not a JOSE signature algorithm",
                            ));
                            return Ok(checks);
                        }
                    }
                }
                Err(e) => {
                    checks.push(Check::new(
                        "issuer signature",
                        Outcome::Unsupported,
                        e.reason,
                    ));
                    return Ok(checks);
                }
            },
            (None, Some(jwk)) => {
                checks.push(Check::new(
                    "issuer key",
                    Outcome::NotChecked,
                    "self-asserted (the header's jwk), not anchored: pass --key",
                ));
                (Key::Jwk(jwk.clone()), "the header's jwk".into())
            }
            (None, None) => {
                checks.push(Check::new(
                    "issuer signature",
                    Outcome::Unsupported,
                    "no issuer key: pass --key",
                ));
                return Ok(checks);
            }
        },
    };
    let kb = text.rsplit('~').next().filter(|p| !p.is_empty());
    // A KB-JWT is checked whenever present; without --nonce / --aud its own values are taken, so only its
    // signature, typ and sd_hash constrain it (said in the check).
    let kb_claims = kb.map(|k| segment(k, 1)).transpose()?;
    let claim = |name: &str, given: &Option<String>| -> String {
        given.clone().unwrap_or_else(|| {
            kb_claims
                .as_ref()
                .and_then(|c| c.get(name))
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        })
    };
    let (nonce, aud) = (claim("nonce", &options.nonce), claim("aud", &options.aud));
    let expected = kb.map(|_| Expected {
        nonce: &nonce,
        aud: &aud,
    });
    let key = match key {
        Key::Jwk(jwk) => decoding_key(&jwk),
        Key::Decoding(key, alg) => Ok((key, alg)),
    };
    let verified = match key.and_then(|(key, alg)| sd_jwt::verify(text, (&key, alg), expected)) {
        Ok(v) => v,
        Err(e) => {
            let outcome = match e.kind {
                ErrorKind::Key => Outcome::Unsupported,
                _ => Outcome::Failed,
            };
            checks.push(Check::new("SD-JWT", outcome, e.reason));
            return Ok(checks);
        }
    };
    let typ = verified.header.typ.clone().unwrap_or_default();
    checks.push(Check::new(
        "issuer signature",
        Outcome::Verified,
        format!(
            "{:?} over the issuer-signed JWT (typ {typ}, {origin})",
            verified.header.alg
        ),
    ));
    checks.push(Check::new(
        "disclosures",
        Outcome::Verified,
        format!(
            "{} digests match, none unreferenced or repeated",
            verified.digests.len()
        ),
    ));
    // RFC 9901 §7.3 step 5: the KB-JWT's creation time within an acceptable window — here, not after --at
    // (with a minute of clock skew); its age is said, the window being the verifier's policy.
    if let Some(iat) = verified.key_binding_iat {
        if iat > (options.at_unix + 60) as f64 {
            checks.push(Check::new(
                "key binding",
                Outcome::Failed,
                format!("the KB-JWT's iat {iat} is after --at ({})", options.at_unix),
            ));
            checks.push(time_check(&verified.claims, options.at_unix));
            return Ok(checks);
        }
    }
    if verified.key_bound {
        let given = match (&options.nonce, &options.aud) {
            (Some(_), Some(_)) => "nonce and aud as given",
            _ => "nonce / aud not checked (pass --nonce and --aud)",
        };
        checks.push(Check::new(
            "key binding",
            Outcome::Verified,
            format!(
                "KB-JWT signed by cnf.jwk, sd_hash matches, iat {} s before --at; {given}",
                verified
                    .key_binding_iat
                    .map_or(0.0, |iat| options.at_unix as f64 - iat)
            ),
        ));
    } else {
        checks.push(Check::new(
            "key binding",
            Outcome::NotChecked,
            "no Key Binding JWT",
        ));
    }
    checks.push(time_check(&verified.claims, options.at_unix));
    Ok(checks)
}

/// The issuer's key: a JWK (`--key`, the header's `jwk`) or the `x5c` leaf's key with the header's `alg`.
enum Key {
    Jwk(Value),
    Decoding(jsonwebtoken::DecodingKey, jsonwebtoken::Algorithm),
}

/// The JSON of a JWS's `index`th part (0: header, 1: payload).
fn segment(jws: &str, index: usize) -> Result<Value> {
    let part = jws
        .split('.')
        .nth(index)
        .ok_or_else(|| Error::sd_jwt("not a compact JWS"))?;
    let bytes = Base64UrlUnpadded::decode_vec(part)
        .map_err(|e| Error::sd_jwt(format!("JWS part {index}: {e}")))?;
    serde_json::from_slice(&bytes)
        .map_err(|e| Error::sd_jwt(format!("JWS part {index} is not JSON: {e}")))
}

/// `nbf` and `exp` (RFC 7519 §4.1.4–5) at `at`, compared as the NumericDates they are (JSON numbers, possibly
/// not integers; their type was checked when the SD-JWT was verified).
fn time_check(claims: &serde_json::Map<String, Value>, at: i64) -> Check {
    let at = at as f64;
    let number = |name: &str| claims.get(name).and_then(Value::as_f64);
    if let Some(exp) = number("exp").filter(|&e| e < at) {
        return Check::new(
            "validity",
            Outcome::Failed,
            format!("expired at --at (exp {exp})"),
        );
    }
    if let Some(nbf) = number("nbf").filter(|&n| n > at) {
        return Check::new(
            "validity",
            Outcome::Failed,
            format!("not yet valid at --at (nbf {nbf})"),
        );
    }
    match number("exp").or(number("nbf")) {
        Some(_) => Check::new("validity", Outcome::Verified, "valid at --at (nbf / exp)"),
        None => Check::new("validity", Outcome::NotChecked, "no nbf or exp"),
    }
}
