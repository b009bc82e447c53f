//! SD-JWT VC (RFC 9901 §7.1 and §7.3, the SD-JWT VC draft): the issuer-signed JWT with a `--key` (a JWK, a
//! Multikey, a DID document or a PEM public key) or, failing that, the key its header carries — the `x5c` leaf
//! (anchored with `--trust-anchor`) or the `jwk`, each reported as self-asserted otherwise —, every Disclosure digest over its received encoding, no duplicate or unreferenced
//! Disclosures ([`sd_jwt::verify`]), the Key Binding JWT when present (`sd_hash`, signature by `cnf.jwk`, and
//! `--nonce` / `--aud` when given), and `nbf` / `exp` at `--at`.

use super::binding;
use super::check::{Check, Outcome};
use super::claims;
use super::options::Options;
use crate::document::Limits;
use crate::error::{Error, ErrorKind, Result};
use crate::sd_jwt::{self, Expected};
use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::Value;

/// The checks of one compact SD-JWT. Errors: the bytes are not UTF-8 or not an SD-JWT at all.
pub(crate) fn verify(file: &str, bytes: &[u8], options: &Options) -> Result<Vec<Check>> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Error::sd_jwt("not UTF-8 text"))?
        .trim();
    let jwt = text.split('~').next().unwrap_or("");
    let limits = &options.session.settings().input_limits;
    let header = segment(file, jwt, 0, limits)?;
    let mut checks = Vec::new();
    if let Err((outcome, why)) =
        super::claims::critical(header.as_object().unwrap_or(&serde_json::Map::new()), &[])
    {
        checks.push(Check::signature("issuer signature", outcome, why, None));
        return Ok(checks);
    }
    if let Some(why) = header
        .as_object()
        .and_then(super::jwt::post_quantum_unsupported)
    {
        checks.push(Check::signature(
            "issuer signature",
            Outcome::Unsupported,
            why,
            None,
        ));
        return Ok(checks);
    }
    // The issuer's key, found as for every JWS ([`super::jwt::key_for`]).
    let jose: jsonwebtoken::Header = serde_json::from_value(header.clone()).map_err(|e| {
        Error::sd_jwt(format!(
            "the JWS protected header is not a JOSE header: {}",
            crate::error::excerpt(&e.to_string())
        ))
    })?;
    let found = match super::jwt::key_for(&jose, options) {
        Ok(found) => found,
        Err((outcome, why)) => {
            checks.push(Check::signature("issuer signature", outcome, why, None));
            return Ok(checks);
        }
    };
    checks.extend(found.chain);
    let (origin, trust, signer) = (found.origin, found.trust, found.signer);
    let kb = text.rsplit('~').next().filter(|p| !p.is_empty());
    // A KB-JWT is checked whenever present; without --nonce / --aud its own values are taken, so only its
    // signature, typ and sd_hash constrain it (said in the check).
    let kb_claims = kb.map(|k| segment(file, k, 1, limits)).transpose()?;
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
    let (nonce, aud) = (
        claim("nonce", &options.settings.nonce),
        claim("aud", &options.settings.aud),
    );
    let expected = kb.map(|_| Expected {
        nonce: &nonce,
        aud: &aud,
    });
    let verified = match sd_jwt::verify_within(text, (&found.key, jose.alg), expected, limits) {
        Ok(v) => v,
        Err(e) => {
            let outcome = match e.kind() {
                ErrorKind::Key => Outcome::Unsupported,
                _ => Outcome::Failed,
            };
            // A signature that does not verify, or an SD-JWT that cannot be checked: the issuer signature was
            // not shown to hold either way.
            checks.push(Check::signature("SD-JWT", outcome, e.reason(), Some(trust)));
            return Ok(checks);
        }
    };
    let typ = verified.header.typ.clone().unwrap_or_default();
    // RFC 9901 §9.11 explicit typing: a `typ` that says the JWT is something else (`kb+jwt`, a Key Binding JWT's;
    // `JWT`) must not pass as an issuer-signed SD-JWT; an SD-JWT's ends in `sd-jwt` (`dc+sd-jwt`, `vc+sd-jwt`,
    // `example+sd-jwt`). Without `typ` it is said, not failed: RFC 9901 does not require one.
    if !typ.is_empty() && !typ.ends_with("sd-jwt") {
        checks.push(Check::signature(
            "issuer signature",
            Outcome::Failed,
            format!(
                "the issuer-signed JWT is typed {}, not an SD-JWT type (…+sd-jwt; RFC 9901 §9.11)",
                crate::error::excerpt(&typ)
            ),
            Some(trust),
        ));
        return Ok(checks);
    }
    if typ.is_empty() {
        checks.push(Check::new(
            "typ",
            Outcome::NotChecked,
            "the issuer-signed JWT has no typ: not explicitly typed (SD-JWT VC asks for dc+sd-jwt)",
        ));
    }
    // An SD-JWT without `vct` is an RFC 9901 SD-JWT but not an SD-JWT VC (SD-JWT VC §3.2.2.2 requires it): said,
    // not failed, so that plain SD-JWTs still verify as what they are.
    if !verified.claims.get("vct").is_some_and(Value::is_string) {
        checks.push(Check::new(
            "SD-JWT VC",
            Outcome::NotChecked,
            "no `vct` string: an SD-JWT (RFC 9901), not an SD-JWT VC",
        ));
    }
    // SD-JWT VC §3.2.2: these claims must be in the clear; an issuer that made one disclosable let the holder drop
    // a validity period, the issuer the key is bound to, or the holder key by withholding it (which no verifier can
    // see), so a credential that discloses one is refused.
    let mut hidden: Vec<&str> = verified
        .digests
        .values()
        .filter_map(|d| d.name.as_deref())
        .filter(|n| ALWAYS_CLEAR.contains(n))
        .collect();
    hidden.sort_unstable();
    if !hidden.is_empty() {
        checks.push(Check::new(
            "disclosures",
            Outcome::Failed,
            format!(
                "{} must not be selectively disclosable (SD-JWT VC §3.2.2); a holder could withhold it",
                hidden.join(", ")
            ),
        ));
    }
    checks.push(Check::signature(
        "issuer signature",
        Outcome::Verified,
        format!(
            "{} over the issuer-signed JWT ({}, {origin})",
            verified.header.alg.name(),
            match typ.as_str() {
                "" => "no typ".to_string(),
                typ => format!("typ {typ}"),
            }
        ),
        Some(trust),
    ));
    // SD-JWT VC: `iss` names the issuer the key must belong to.
    match verified.claims.get("iss") {
        Some(Value::String(iss)) => checks.extend(binding::line(
            "issuer",
            iss,
            &[signer],
            options.settings.binding_strict,
        )),
        Some(other) => checks.push(Check::new(
            "issuer",
            Outcome::Failed,
            format!(
                "`iss` is {}, not a string (RFC 7519 §4.1.1)",
                crate::document::type_name(other)
            ),
        )),
        None => checks.push(Check::new(
            "issuer",
            if options.settings.binding_strict {
                Outcome::Failed
            } else {
                Outcome::NotChecked
            },
            "no `iss`: the key is bound to nobody",
        )),
    }
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
        if iat > (options.settings.at_unix + 60) as f64 {
            checks.push(Check::new(
                "key binding",
                Outcome::Failed,
                format!(
                    "the KB-JWT's iat {iat} is after {} ({})",
                    options.at().name(),
                    options.settings.at_unix
                ),
            ));
            checks.push(claims::time_check(
                &verified.claims,
                Vec::new(),
                options.at(),
            ));
            return Ok(checks);
        }
    }
    if verified.key_bound {
        let given = match (&options.settings.nonce, &options.settings.aud) {
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
                    .map_or(0.0, |iat| options.settings.at_unix as f64 - iat)
            ),
        ));
    } else if options.settings.nonce.is_some() || options.settings.aud.is_some() {
        // The verifier asked for a presentation bound to its nonce / audience: one without a KB-JWT is not it.
        checks.push(Check::new(
            "key binding",
            Outcome::Failed,
            "--nonce / --aud given, but the SD-JWT has no Key Binding JWT (RFC 9901 §7.3)",
        ));
    } else {
        checks.push(Check::new(
            "key binding",
            Outcome::NotChecked,
            "no Key Binding JWT",
        ));
    }
    checks.push(claims::time_check(
        &verified.claims,
        Vec::new(),
        options.at(),
    ));
    Ok(checks)
}

/// Claims an SD-JWT VC carries in the clear, never as Disclosures (SD-JWT VC §3.2.2).
const ALWAYS_CLEAR: [&str; 7] = ["iss", "nbf", "exp", "cnf", "vct", "vct#integrity", "status"];

/// The JSON object of a JWS's `index`th part (0: header, 1: payload), read strictly ([`super::json::json_part`]).
fn segment(file: &str, jws: &str, index: usize, limits: &Limits) -> Result<Value> {
    let what = ["the JWS protected header", "the JWT payload"][index.min(1)];
    let part = jws
        .split('.')
        .nth(index)
        .ok_or_else(|| Error::sd_jwt("not a compact JWS: fewer than 3 parts separated by `.`"))?;
    let bytes = Base64UrlUnpadded::decode_vec(part)
        .map_err(|_| Error::sd_jwt(format!("{what} is not base64url without padding")))?;
    super::json::json_part(file, what, &bytes, limits).map(Value::Object)
}
