//! Compact JWS credentials: VC-JWT (VCDM 1.1 §6.3: the credential in the `vc` claim, `iss` / `nbf` / `exp` /
//! `jti` / `sub` beside it) and VC-JOSE (VC-JOSE-COSE §3.1.1, `typ` `vc+jwt`: the credential is the payload).
//! The key: a `--key`, a `did:key` `kid`, the header's `x5c` leaf (anchored with `--trust-anchor`, else
//! self-asserted) or its own `jwk` (self-asserted); a `kid` behind a
//! URL or another DID method cannot be resolved offline. The signature (RFC 7515, by jsonwebtoken), `alg` never
//! `none`, `iss` against the credential's issuer, and the validity at `--at`.

use super::{data_integrity::unix, keys, Check, Options, Outcome};
use crate::error::{Error, Result};
use crate::integrity::multikey;
use jsonwebtoken::{jwk::Jwk, Algorithm, DecodingKey, Validation};
use serde_json::Value;

/// The checks of one compact JWS. Errors: not a JWS whose header can be read.
pub fn verify(bytes: &[u8], options: &Options) -> Result<Vec<Check>> {
    let token = std::str::from_utf8(bytes)
        .map_err(|e| Error::jws(format!("not UTF-8: {e}")))?
        .trim();
    let header = jsonwebtoken::decode_header(token)
        .map_err(|e| Error::jws(format!("not a compact JWS: {e}")))?;
    let mut checks = Vec::new();
    let (key, origin, provenance) = match key_for(&header, options) {
        Ok(found) => found,
        Err((outcome, why)) => {
            checks.push(Check::new("signature", outcome, why));
            return Ok(checks);
        }
    };
    checks.extend(provenance);
    let mut validation = Validation::new(header.alg);
    validation.required_spec_claims.clear();
    validation.validate_exp = false;
    validation.validate_nbf = false;
    validation.validate_aud = false;
    let decoded = {
        let _span = tracing::info_span!(crate::integrity::suites::step::VERIFY).entered();
        jsonwebtoken::decode::<serde_json::Map<String, Value>>(token, &key, &validation)
    };
    let claims = match decoded {
        Ok(data) => data.claims,
        Err(e) => {
            checks.push(Check::new(
                "signature",
                Outcome::Failed,
                format!("{:?} JWS does not verify: {e}", header.alg),
            ));
            return Ok(checks);
        }
    };
    let jose = matches!(
        header.typ.as_deref(),
        Some("vc+jwt" | "application/vc+jwt" | "vc+ld+jwt")
    );
    let kind = if jose {
        "VC-JOSE"
    } else {
        "VC-JWT (VCDM 1.1 vc claim)"
    };
    checks.push(Check::new(
        "signature",
        Outcome::Verified,
        format!("{:?} over the {kind} ({origin})", header.alg),
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
    if let Some(iss) = claims.get("iss").and_then(Value::as_str) {
        let issuer = match credential.get("issuer") {
            Some(Value::String(s)) => Some(s.as_str()),
            Some(Value::Object(o)) => o.get("id").and_then(Value::as_str),
            _ => None,
        };
        checks.push(match issuer {
            Some(i) if i != iss => Check::new(
                "issuer",
                Outcome::Failed,
                format!("iss {iss} is not the credential's issuer {i}"),
            ),
            _ => Check::new("issuer", Outcome::Verified, format!("iss {iss}")),
        });
    }
    checks.push(time_check(&claims, &credential, options.at_unix));
    if credential.get("credentialStatus").is_some() {
        checks.push(Check::new(
            "credentialStatus",
            Outcome::NotChecked,
            "not checked (offline)",
        ));
    }
    Ok(checks)
}

/// The verification key: a `--key` (matched to `kid`, or the only one), a `did:key` `kid`, the header's `x5c`
/// leaf or its `jwk`; with where it came from, and for a key the header carries, the line that says whether it
/// is anchored (the chain against `--trust-anchor`, or "self-asserted").
fn key_for(
    header: &jsonwebtoken::Header,
    options: &Options,
) -> std::result::Result<(DecodingKey, String, Option<Check>), (Outcome, String)> {
    let unsupported = |why: String| (Outcome::Unsupported, why);
    if header.alg == Algorithm::HS256
        || header.alg == Algorithm::HS384
        || header.alg == Algorithm::HS512
    {
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
        return from_jwk(&known.jwk)
            .map(|k| (k, format!("key from {}", known.origin), None))
            .map_err(unsupported);
    }
    if kid.starts_with("did:key:") {
        let public = multikey::did_key_public_key(kid).map_err(|e| unsupported(e.reason))?;
        return from_jwk(&keys::to_jwk(&public))
            .map(|k| (k, "did:key, resolved offline".into(), None))
            .map_err(unsupported);
    }
    if let Some(chain) = &header.x5c {
        let leaf =
            super::x5c::leaf(&Value::from(chain.clone())).map_err(|e| unsupported(e.reason))?;
        let anchored =
            super::x5c::anchored(&leaf, options.trust_anchor.as_deref(), options.at_unix);
        return Ok((
            leaf.key,
            format!("the x5c signer {}", leaf.subject),
            Some(anchored),
        ));
    }
    if let Some(jwk) = &header.jwk {
        let self_asserted = Check::new(
            "issuer key",
            Outcome::NotChecked,
            "self-asserted (the header's jwk), not anchored: pass --key",
        );
        return DecodingKey::from_jwk(jwk)
            .map(|k| (k, "the header's jwk".into(), Some(self_asserted)))
            .map_err(|e| unsupported(format!("the header's jwk cannot be used: {e}")));
    }
    match kid.is_empty() {
        true => Err(unsupported("no key: pass --key".into())),
        false => Err(unsupported(format!(
            "cannot resolve offline: {kid}; pass --key"
        ))),
    }
}

fn from_jwk(jwk: &Value) -> std::result::Result<DecodingKey, String> {
    let parsed: Jwk =
        serde_json::from_value(jwk.clone()).map_err(|e| format!("invalid JWK: {e}"))?;
    DecodingKey::from_jwk(&parsed).map_err(|e| format!("invalid JWK: {e}"))
}

/// `nbf` / `exp` (RFC 7519) and the credential's own validity (`validFrom` / `validUntil`, `expirationDate`) at
/// `at`.
fn time_check(claims: &serde_json::Map<String, Value>, credential: &Value, at: i64) -> Check {
    let mut bounds: Vec<(String, i64, bool)> = Vec::new();
    for (name, later) in [("nbf", false), ("exp", true)] {
        if let Some(n) = claims.get(name).and_then(Value::as_i64) {
            bounds.push((format!("{name} {n}"), n, later));
        }
    }
    for (name, later) in [
        ("validFrom", false),
        ("validUntil", true),
        ("expirationDate", true),
    ] {
        if let Some(t) = credential.get(name).and_then(Value::as_str) {
            match unix(t) {
                Some(n) => bounds.push((format!("{name} {t}"), n, later)),
                None => {
                    return Check::new(
                        "validity",
                        Outcome::Failed,
                        format!("`{name}` {t} is not a date-time"),
                    )
                }
            }
        }
    }
    for (what, when, later) in &bounds {
        if (*later && *when < at) || (!*later && *when > at) {
            let state = if *later { "expired" } else { "not yet valid" };
            return Check::new(
                "validity",
                Outcome::Failed,
                format!("{state} at --at ({what})"),
            );
        }
    }
    match bounds.is_empty() {
        true => Check::new("validity", Outcome::NotChecked, "no validity period"),
        false => Check::new(
            "validity",
            Outcome::Verified,
            format!(
                "valid at --at ({})",
                bounds
                    .iter()
                    .map(|b| b.0.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
    }
}
