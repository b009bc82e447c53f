//! Compact JWS credentials: VC-JWT (VCDM 1.1 §6.3: the credential in the `vc` claim, `iss` / `nbf` / `exp` /
//! `jti` / `sub` beside it) and VC-JOSE (VC-JOSE-COSE §3.1.1, `typ` `vc+jwt`: the credential is the payload).
//! The key: a `--key`, a `did:key` `kid`, the header's `x5c` leaf (anchored with `--trust-anchor`, else
//! self-asserted) or its own `jwk` (self-asserted); a `kid` behind a
//! URL or another DID method cannot be resolved offline. The signature (RFC 7515, by jsonwebtoken), `alg` never
//! `none`, `iss` against the credential's issuer, and the validity at `--at`.

use super::binding::{self, Signer};
use super::check::{Check, Outcome, Trust};
use super::options::Options;
use super::{claims, data_integrity::unix, keys};
use crate::document::Limits;
use crate::error::{Error, Result};
use base64ct::{Base64UrlUnpadded, Encoding};
use jsonwebtoken::{jwk::Jwk, Algorithm, DecodingKey};
use serde_json::{Map, Value};

/// The parts of a JWS Compact Serialization (RFC 7515 §7.1), each decoded strictly.
struct Compact<'t> {
    /// `<header>.<payload>`, the signing input.
    signing_input: &'t str,
    /// The third part, as written.
    signature: &'t str,
    header: jsonwebtoken::Header,
    claims: Map<String, Value>,
    /// Why the header's `crit` refuses the token, if it does: no extension is understood in a compact JWS here.
    critical: Option<(Outcome, String)>,
}

/// Splits and decodes a compact JWS: three base64url parts, a header and a payload that are JSON objects without
/// repeated member names. Errors name the part that is wrong.
fn compact<'t>(file: &str, token: &'t str, limits: &Limits) -> Result<Compact<'t>> {
    let parts: Vec<&str> = token.split('.').collect();
    let [header, payload, signature] = parts[..] else {
        return Err(Error::jws(format!(
            "not a compact JWS: {} parts separated by `.`, not 3 (RFC 7515 §7.1)",
            parts.len()
        )));
    };
    let decode = |part: &str, what: &str| {
        Base64UrlUnpadded::decode_vec(part).map_err(|_| {
            Error::jws(format!(
                "the {what} is not base64url without padding (RFC 7515 §2)"
            ))
        })
    };
    let header_map = super::json::json_part(
        file,
        "the JWS protected header",
        &decode(header, "JWS protected header")?,
        limits,
    )?;
    let claims = super::json::json_part(
        file,
        "the JWT payload",
        &decode(payload, "JWT payload")?,
        limits,
    )?;
    let critical = super::claims::critical(&header_map, &[]).err();
    if let Some(why) = post_quantum_unsupported(&header_map) {
        return Err(Error::jws(why));
    }
    let parsed: jsonwebtoken::Header =
        serde_json::from_value(Value::Object(header_map)).map_err(|e| {
            Error::jws(format!(
                "the JWS protected header is not usable: {}",
                crate::error::excerpt(&e.to_string())
            ))
        })?;
    Ok(Compact {
        signing_input: &token[..header.len() + 1 + payload.len()],
        signature,
        header: parsed,
        claims,
        critical,
    })
}

/// The checks of one compact JWS. Errors: not a JWS whose header and payload can be read.
pub(crate) fn verify(file: &str, bytes: &[u8], options: &Options) -> Result<Vec<Check>> {
    let token = std::str::from_utf8(bytes)
        .map_err(|_| Error::jws("not UTF-8 text"))?
        .trim();
    let Compact {
        signing_input,
        signature,
        header,
        claims,
        critical,
    } = compact(file, token, &options.session.settings().input_limits)?;
    let mut checks = Vec::new();
    if let Some((outcome, why)) = critical {
        checks.push(Check::signature("signature", outcome, why, None));
        return Ok(checks);
    }
    let found = match key_for(&header, options) {
        Ok(found) => found,
        Err((outcome, why)) => {
            checks.push(Check::signature("signature", outcome, why, None));
            return Ok(checks);
        }
    };
    checks.extend(found.chain);
    let result = {
        let _span = tracing::info_span!(crate::integrity::proof_span::VERIFY).entered();
        jsonwebtoken::crypto::verify(signature, signing_input.as_bytes(), &found.key, header.alg)
    };
    if !matches!(result, Ok(true)) {
        checks.push(Check::signature(
            "signature",
            Outcome::Failed,
            format!(
                "the {:?} signature does not verify over the header and payload ({})",
                header.alg, found.origin
            ),
            Some(found.trust),
        ));
        return Ok(checks);
    }
    let jose = matches!(
        header.typ.as_deref(),
        Some("vc+jwt" | "application/vc+jwt" | "vc+ld+jwt")
    );
    let kind = if jose {
        "VC-JOSE"
    } else {
        "VC-JWT (VCDM 1.1 vc claim)"
    };
    checks.push(Check::signature(
        "signature",
        Outcome::Verified,
        format!("{:?} over the {kind} ({})", header.alg, found.origin),
        Some(found.trust),
    ));
    let credential = match (jose, claims.get("vc")) {
        (false, Some(Value::Object(vc))) => Value::Object(vc.clone()),
        (false, _) => {
            checks.push(Check::new(
                "credential",
                Outcome::Failed,
                "no `vc` claim (VCDM 1.1 §6.3.1)",
            ));
            return Ok(checks);
        }
        (true, _) => Value::Object(claims.clone()),
    };
    let issuer = match credential.get("issuer") {
        Some(Value::String(s)) => Some(s.as_str()),
        Some(Value::Object(o)) => o.get("id").and_then(Value::as_str),
        _ => None,
    };
    let iss = match claims.get("iss") {
        None => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(other) => {
            checks.push(Check::new(
                "issuer",
                Outcome::Failed,
                format!(
                    "`iss` is {}, not a string (RFC 7519 §4.1.1)",
                    crate::document::type_name(other)
                ),
            ));
            return Ok(checks);
        }
    };
    if let (Some(iss), Some(issuer)) = (iss, issuer) {
        if iss != issuer {
            checks.push(Check::new(
                "issuer",
                Outcome::Failed,
                format!("iss {iss} is not the credential's issuer {issuer}"),
            ));
        }
    }
    // The party the key must belong to: `iss` (VCDM 1.1 §6.3.1 maps the issuer to it), else the credential's
    // issuer.
    match iss.or(issuer) {
        Some(party) => checks.extend(binding::line(
            "issuer",
            party,
            &[found.signer],
            options.settings.binding_strict,
        )),
        // A credential must name its issuer (VCDM 2.0 §4.7, VCDM 1.1 §4.7).
        None => checks.push(Check::new(
            "issuer",
            Outcome::Failed,
            "the token names no issuer (`iss`, or the credential's `issuer` as a string or an object with an \
             `id`): the key is bound to nobody",
        )),
    }
    let mut bounds = Vec::new();
    for (name, end) in [
        ("validFrom", false),
        ("issuanceDate", false),
        ("validUntil", true),
        ("expirationDate", true),
    ] {
        if let Some(value) = credential.get(name) {
            match value.as_str().and_then(unix) {
                Some(n) => {
                    bounds.push((format!("{name} {}", value.as_str().unwrap_or("")), n, end))
                }
                None => {
                    checks.push(Check::new(
                        "validity",
                        Outcome::Failed,
                        format!(
                            "`{name}` {} is not a date-time",
                            crate::error::excerpt(&value.to_string())
                        ),
                    ));
                    return Ok(checks);
                }
            }
        }
    }
    checks.push(claims::time_check(&claims, bounds, options.at()));
    checks.extend(super::data_integrity::embedded_proofs(&credential, options));
    if credential.get("credentialStatus").is_some() {
        checks.push(Check::new(
            "credentialStatus",
            Outcome::NotChecked,
            "not checked (offline)",
        ));
    }
    Ok(checks)
}

/// The key a JWS header leads to.
pub(super) struct Found {
    pub(super) key: DecodingKey,
    /// Where it came from, for the line.
    pub(super) origin: String,
    pub(super) trust: Trust,
    pub(super) signer: Signer,
    /// The certificate chain's line, for an `x5c` key.
    pub(super) chain: Option<Check>,
}

/// Why a JWS whose `alg` names a post-quantum algorithm (`ML-DSA-44`, RFC 9964 §5; `SLH-DSA-SHA2-128s`, an
/// Internet-Draft) is not verified by `verify`: its key lookup (`x5c`, `jwk`, `--key`) is jsonwebtoken's, which
/// has no such algorithm. `None` for any other `alg`. The JWS is then reported unsupported: not verified.
pub(super) fn post_quantum_unsupported(header: &serde_json::Map<String, Value>) -> Option<String> {
    let alg = crate::sd_jwt::jose::JwsAlg::from_name(header.get("alg")?.as_str()?)?;
    alg.jsonwebtoken().is_none().then(|| {
        format!(
            "`alg` {} is not verified by `canonprof verify` yet: post-quantum JWSs are checked only inside `canonprof exchange`",
            alg.name()
        )
    })
}

/// The verification key: a `--key` (matched to `kid`, or the only one), a `did:key` or `did:jwk` `kid`, the header's
/// `x5c` leaf (anchored when its chain reaches `--trust-anchor`, else self-asserted) or its `jwk` (self-asserted):
/// the one key lookup of every JWS form (compact and JSON Serialization).
pub(super) fn key_for(
    header: &jsonwebtoken::Header,
    options: &Options,
) -> std::result::Result<Found, (Outcome, String)> {
    let unsupported = |why: String| (Outcome::Unsupported, why);
    if matches!(
        header.alg,
        Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512
    ) {
        return Err((
            Outcome::Failed,
            format!(
                "{:?} is a shared-secret MAC, not an issuer signature",
                header.alg
            ),
        ));
    }
    let kid = header.kid.as_deref().unwrap_or("");
    if let Some(known) = keys::find(&options.keys, kid) {
        let key = from_jwk(&known.jwk).map_err(unsupported)?;
        return Ok(Found {
            key,
            origin: format!("key from {}", known.origin),
            trust: Trust::Given,
            signer: Signer::given(known, kid),
            chain: None,
        });
    }
    if let Some(resolved) = keys::self_certifying(kid, &options.session.settings().input_limits) {
        let (public, did) = resolved.map_err(|e| (Outcome::Failed, e.into_reason()))?;
        let scheme = did.split(':').take(2).collect::<Vec<_>>().join(":");
        return Ok(Found {
            key: from_jwk(&keys::to_jwk(&public)).map_err(unsupported)?,
            origin: format!("{scheme}, resolved offline"),
            trust: Trust::SelfCertifying,
            signer: Signer::of_method(kid, None),
            chain: None,
        });
    }
    if let Some(chain) = &header.x5c {
        let leaf = super::x5c::leaf(&Value::from(chain.clone()))
            .map_err(|e| unsupported(e.into_reason()))?;
        let anchored = super::x5c::anchored(
            &leaf,
            options.trust_anchor.as_deref(),
            options.settings.at_unix,
        );
        return Ok(Found {
            trust: super::x5c::trust(&anchored),
            origin: format!("the x5c signer {}", leaf.subject),
            signer: Signer::described(format!("the x5c signer {}", leaf.subject)),
            key: leaf.key,
            chain: Some(anchored),
        });
    }
    if let Some(jwk) = &header.jwk {
        let key = DecodingKey::from_jwk(jwk).map_err(|e| {
            unsupported(format!(
                "the header's jwk cannot be used: {}",
                crate::sd_jwt::jose::describe(&e)
            ))
        })?;
        return Ok(Found {
            key,
            origin: "the header's jwk: self-asserted, not anchored; pass --key to trust it".into(),
            trust: Trust::SelfAsserted,
            signer: Signer::described("the header's jwk"),
            chain: None,
        });
    }
    if kid.is_empty() {
        Err(unsupported("no key: pass --key".into()))
    } else {
        Err(unsupported(format!(
            "cannot resolve offline: {}; pass --key",
            crate::error::excerpt(kid)
        )))
    }
}

fn from_jwk(jwk: &Value) -> std::result::Result<DecodingKey, String> {
    let invalid = |e: &dyn std::fmt::Display| {
        format!(
            "not a usable JWK: {}",
            crate::error::excerpt(&e.to_string())
        )
    };
    let parsed: Jwk = serde_json::from_value(jwk.clone()).map_err(|e| invalid(&e))?;
    DecodingKey::from_jwk(&parsed)
        .map_err(|e| format!("not a usable JWK: {}", crate::sd_jwt::jose::describe(&e)))
}
