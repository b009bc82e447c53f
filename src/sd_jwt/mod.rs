//! Selective Disclosure for JWTs (RFC 9901 SD-JWT) and SD-JWT VC (IETF SD-JWT-based Verifiable Credentials):
//! issuing with salted Disclosures and decoy digests, presenting a subset with a Key Binding JWT, verifying.
//! JWS signing and verification are [`jose`]'s (canonprof's keys through their signature backend, or
//! jsonwebtoken's verification keys); the SD-JWT logic is canonprof's (the Rust
//! SD-JWT crates had the faults of cases 022 and 023). No canonicalization: Disclosures are hashed as received.

pub mod jose;

use crate::document::Limits;
use crate::error::{excerpt, Error, Result};
use base64ct::{Base64UrlUnpadded, Encoding};
use jose::{strict_json, JoseHeader, JoseKey, JwsKey};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256, Sha384, Sha512};
use std::collections::{HashMap, HashSet};

/// `typ` of an SD-JWT VC issuer-signed JWT (SD-JWT VC §3.2.1).
const SD_JWT_VC_TYP: &str = "dc+sd-jwt";
/// `typ` of a Key Binding JWT (RFC 9901 §4.3).
const KB_JWT_TYP: &str = "kb+jwt";

/// Span names of the steps of the SD-JWT operations.
pub mod span {
    /// Issue: salting, encoding and hashing the Disclosures.
    pub(super) const DISCLOSE: &str = "disclose";
    /// Signing a JWS (issuer JWT or KB-JWT).
    pub const SIGN: &str = "sign";
    /// Present: choosing the Disclosures and computing `sd_hash`.
    pub const SELECT: &str = "select";
    /// Verifying the issuer JWT's signature.
    pub const VERIFY: &str = "verify";
    /// Hashing the received Disclosures and rebuilding the claims.
    pub const DIGESTS: &str = "digests";
    /// Checking the Key Binding JWT.
    pub(super) const KEY_BINDING: &str = "key_binding";
}

fn b64(bytes: &[u8]) -> String {
    Base64UrlUnpadded::encode_string(bytes)
}

/// RFC 9901 §4.2.3: the digest of a Disclosure — base64url(SHA-256(the ASCII bytes of the Disclosure as
/// received)), never of a re-encoding (case 021).
pub fn digest(disclosure: &str) -> String {
    b64(&Sha256::digest(disclosure.as_bytes()))
}

/// RFC 9901 §4.1.1 `_sd_alg`: the hash algorithms (by their IANA "Named Information Hash Algorithm" names)
/// canonprof computes Disclosure digests with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HashAlg {
    /// `sha-256`, also what an absent `_sd_alg` means.
    Sha256,
    /// `sha-384`.
    Sha384,
    /// `sha-512`.
    Sha512,
}

impl HashAlg {
    /// The algorithm an issuer-signed JWT's payload names in `_sd_alg` (RFC 9901 §4.1.1: SHA-256 when absent).
    /// Errors: [`ErrorKind::SdJwt`](crate::ErrorKind::SdJwt) for a value that is not a string, or names a hash
    /// canonprof does not implement.
    pub fn of_payload(payload: &Map<String, Value>) -> Result<HashAlg> {
        match payload.get("_sd_alg") {
            None => Ok(HashAlg::Sha256),
            Some(Value::String(name)) => match name.as_str() {
                "sha-256" => Ok(HashAlg::Sha256),
                "sha-384" => Ok(HashAlg::Sha384),
                "sha-512" => Ok(HashAlg::Sha512),
                other => Err(Error::sd_jwt(format!(
                    "malformed SD-JWT: `_sd_alg` names `{}`, not a supported hash (sha-256, sha-384, sha-512)",
                    excerpt(other)
                ))),
            },
            Some(other) => Err(Error::sd_jwt(format!(
                "malformed SD-JWT: `_sd_alg` is {}, not a string naming a hash algorithm",
                crate::document::type_name(other)
            ))),
        }
    }

    /// RFC 9901 §4.2.3: base64url(hash(the ASCII bytes of `disclosure` as received)).
    pub fn digest(self, disclosure: &str) -> String {
        let bytes = disclosure.as_bytes();
        match self {
            HashAlg::Sha256 => b64(&Sha256::digest(bytes)),
            HashAlg::Sha384 => b64(&Sha384::digest(bytes)),
            HashAlg::Sha512 => b64(&Sha512::digest(bytes)),
        }
    }
}

/// RFC 7519 §2 NumericDate: the claim `name` of `claims` (a JWT's, `what` naming it), when present, is a JSON
/// number — possibly not an integer — and is returned as one. Errors:
/// [`ErrorKind::SdJwt`](crate::ErrorKind::SdJwt) for any other type.
pub fn numeric_date(claims: &Map<String, Value>, name: &str, what: &str) -> Result<Option<f64>> {
    match claims.get(name) {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_f64()),
        Some(other) => Err(Error::sd_jwt(format!(
            "malformed {what}: `{name}` is {}, not a NumericDate (RFC 7519 §2: a JSON number)",
            crate::document::type_name(other)
        ))),
    }
}

/// The registered time claims (RFC 7519 §4.1.4–6) whose type is checked.
const TIME_CLAIMS: [&str; 3] = ["exp", "nbf", "iat"];

/// A decoded Disclosure (RFC 9901 §4.2.1 object property `[salt, name, value]`, §4.2.2 array element
/// `[salt, value]`), with the string it was decoded from.
#[derive(Debug, Clone, PartialEq)]
pub struct Disclosure {
    /// The base64url string as received.
    pub encoded: String,
    /// The claim name (`None` for an array element).
    pub name: Option<String>,
    /// The claim value.
    pub value: Value,
}

impl Disclosure {
    /// RFC 9901 §4.2.1–4.2.2: decodes a Disclosure, which must be exactly base64url without padding of an
    /// I-JSON array `[salt, name, value]` or `[salt, value]`, the salt a string, the name a string other than
    /// `_sd` and `...`. Errors: [`ErrorKind::SdJwt`](crate::ErrorKind::SdJwt) saying which of these fails, the
    /// Disclosure quoted in at most 80 characters.
    pub fn parse(encoded: &str) -> Result<Disclosure> {
        Disclosure::parse_within(encoded, &Limits::DEFAULT)
    }

    /// [`Disclosure::parse`] with its JSON read within `limits` (`--max-depth`, `--max-json-values`).
    fn parse_within(encoded: &str, limits: &Limits) -> Result<Disclosure> {
        let bad = |why: &str| {
            Error::sd_jwt(format!(
                "malformed Disclosure `{}`: {why}",
                excerpt(encoded)
            ))
        };
        let json = Base64UrlUnpadded::decode_vec(encoded)
            .map_err(|_| bad("not base64url without padding"))?;
        let items = match strict_json(&json, "its JSON", limits) {
            Ok(Value::Array(items)) => items,
            Ok(other) => {
                return Err(bad(&format!(
                    "{}, not a JSON array",
                    crate::document::type_name(&other)
                )))
            }
            Err(e) => return Err(bad(e.reason())),
        };
        let (salt, name, value) = match items.as_slice() {
            [salt, name, value] => (salt, Some(name), value),
            [salt, value] => (salt, None, value),
            _ => {
                return Err(bad(&format!(
                    "an array of {} elements, not [salt, name, value] or [salt, value]",
                    items.len()
                )))
            }
        };
        if !salt.is_string() {
            return Err(bad(&format!(
                "the salt is {}, not a string",
                crate::document::type_name(salt)
            )));
        }
        let name = match name {
            None => None,
            Some(Value::String(name)) if name == "_sd" || name == "..." => {
                return Err(bad(&format!("the claim name `{name}` is reserved")))
            }
            Some(Value::String(name)) => Some(name.clone()),
            Some(other) => {
                return Err(bad(&format!(
                    "the claim name is {}, not a string",
                    crate::document::type_name(other)
                )))
            }
        };
        Ok(Disclosure {
            encoded: encoded.to_string(),
            name,
            value: value.clone(),
        })
    }

    /// A new object-property Disclosure with a 128-bit salt from `rng` (RFC 9901 §4.2.1, §9.3).
    pub fn new(name: &str, value: &Value, rng: &mut impl rand_core::Rng) -> Disclosure {
        let mut salt = [0u8; 16];
        rng.fill_bytes(&mut salt);
        let array = Value::Array(vec![
            Value::from(b64(&salt)),
            Value::from(name),
            value.clone(),
        ]);
        Disclosure {
            encoded: b64(array.to_string().as_bytes()),
            name: Some(name.to_string()),
            value: value.clone(),
        }
    }
}

/// An issued SD-JWT: the issuer-signed JWT and every Disclosure.
#[derive(Debug, Clone)]
pub struct Issued {
    /// The issuer-signed JWT (compact JWS).
    pub jwt: String,
    /// All Disclosures.
    pub disclosures: Vec<Disclosure>,
}

impl Issued {
    /// RFC 9901 §4: `<Issuer-signed JWT>~<Disclosure 1>~…~<Disclosure N>~`.
    pub fn serialize(&self) -> String {
        let mut out = self.jwt.clone();
        out.push('~');
        for d in &self.disclosures {
            out.push_str(&d.encoded);
            out.push('~');
        }
        out
    }
}

/// What the issuer puts in an SD-JWT VC.
#[derive(Debug, Clone)]
pub struct Claims {
    /// Always-disclosed claims (`iss`, `iat`, `vct`, …).
    pub plain: Map<String, Value>,
    /// Selectively disclosable top-level claims.
    pub selective: Map<String, Value>,
    /// Number of decoy digests (RFC 9901 §4.2.5).
    pub decoys: usize,
    /// The holder's public JWK (`cnf.jwk`, RFC 7800), for key binding.
    pub holder_jwk: Value,
}

/// RFC 9901 §4.1 / SD-JWT VC §3: signs an SD-JWT VC (`typ` `dc+sd-jwt`, `_sd_alg` `sha-256`) whose `_sd` lists
/// the digests of the selective claims' Disclosures and `decoys` decoy digests, sorted. Salts and decoys come
/// from `rng`. Spans: `disclose`, `sign`. Errors: a claim named `_sd`, `_sd_alg`, `...` or `cnf` among the
/// selective claims; a signing failure.
pub fn issue(claims: &Claims, issuer: &JoseKey, rng: &mut impl rand_core::Rng) -> Result<Issued> {
    let (payload, disclosures) = {
        let _span = tracing::info_span!(span::DISCLOSE).entered();
        let mut payload = claims.plain.clone();
        let mut digests = Vec::with_capacity(claims.selective.len() + claims.decoys);
        let mut disclosures = Vec::with_capacity(claims.selective.len());
        for (name, value) in &claims.selective {
            if ["_sd", "_sd_alg", "...", "cnf"].contains(&name.as_str()) {
                return Err(Error::sd_jwt(format!(
                    "`{name}` cannot be selectively disclosable"
                )));
            }
            let d = Disclosure::new(name, value, rng);
            digests.push(digest(&d.encoded));
            disclosures.push(d);
        }
        for _ in 0..claims.decoys {
            let mut random = [0u8; 32];
            rng.fill_bytes(&mut random);
            digests.push(b64(&Sha256::digest(random)));
        }
        digests.sort();
        payload.insert("_sd".into(), Value::from(digests));
        payload.insert("_sd_alg".into(), Value::from("sha-256"));
        payload.insert("cnf".into(), serde_json::json!({"jwk": claims.holder_jwk}));
        (payload, disclosures)
    };
    let _span = tracing::info_span!(span::SIGN).entered();
    let mut header = JoseHeader::new(issuer.alg);
    header.typ = Some(SD_JWT_VC_TYP.to_string());
    let jwt = jose::sign(&header, &payload, issuer, "the issuer JWT")?;
    Ok(Issued { jwt, disclosures })
}

/// The holder's binding to one presentation (RFC 9901 §4.3).
#[derive(Debug, Clone)]
pub struct KeyBinding<'a> {
    /// The holder's key (the one in `cnf`).
    pub holder: &'a JoseKey,
    /// The verifier's nonce.
    pub nonce: &'a str,
    /// The verifier (`aud`).
    pub aud: &'a str,
    /// Issued-at time (seconds).
    pub iat: i64,
}

/// Splits `<JWT>~<D1>~…~<Dn>~[<KB-JWT>]` into (JWT, Disclosures, KB-JWT or `None`). Errors: no `~`.
fn split(serialized: &str) -> Result<(&str, Vec<&str>, Option<&str>)> {
    let mut parts: Vec<&str> = serialized.split('~').collect();
    if parts.len() < 2 {
        return Err(Error::sd_jwt(
            "not an SD-JWT: no `~` after the issuer-signed JWT",
        ));
    }
    let kb = parts.pop().filter(|p| !p.is_empty());
    let jwt = parts.remove(0);
    Ok((jwt, parts, kb))
}

/// RFC 9901 §4.3.1: `sd_hash` = base64url(SHA-256(ASCII of `<JWT>~<D1>~…~<Dn>~`)), the final `~` included
/// (case 022) — SHA-256 being the `_sd_alg` canonprof issues with; [`verify`] hashes with the one the payload
/// names ([`HashAlg::digest`]).
pub fn sd_hash(sd_jwt_part: &str) -> String {
    b64(&Sha256::digest(sd_jwt_part.as_bytes()))
}

/// RFC 9901 §5.2 / §4.3: the presentation of `issued` (a serialized SD-JWT) disclosing the claims named in
/// `disclose`, with a Key Binding JWT when `binding` is given. Spans: `select`, `sign`. Errors: a malformed
/// SD-JWT or Disclosure, a name with no Disclosure.
pub fn present(issued: &str, disclose: &[&str], binding: Option<&KeyBinding>) -> Result<String> {
    let mut out = {
        let _span = tracing::info_span!(span::SELECT).entered();
        let (jwt, disclosures, _) = split(issued)?;
        let mut out = format!("{jwt}~");
        let mut found = HashSet::new();
        for encoded in disclosures {
            let d = Disclosure::parse(encoded)?;
            if let Some(name) = d.name.as_deref().filter(|n| disclose.contains(n)) {
                found.insert(name.to_string());
                out.push_str(encoded);
                out.push('~');
            }
        }
        if let Some(missing) = disclose.iter().find(|n| !found.contains(**n)) {
            return Err(Error::sd_jwt(format!(
                "no Disclosure for claim `{missing}`"
            )));
        }
        out
    };
    if let Some(kb) = binding {
        let payload = serde_json::json!({
            "nonce": kb.nonce, "aud": kb.aud, "iat": kb.iat, "sd_hash": sd_hash(&out),
        });
        let _span = tracing::info_span!(span::SIGN).entered();
        let mut header = JoseHeader::new(kb.holder.alg);
        header.typ = Some(KB_JWT_TYP.to_string());
        let jwt = jose::sign(&header, &payload, kb.holder, "the KB-JWT")?;
        out.push_str(&jwt);
    }
    Ok(out)
}

/// What the verifier expects of the Key Binding JWT.
#[derive(Debug, Clone, Copy)]
pub struct Expected<'a> {
    /// The nonce it sent.
    pub nonce: &'a str,
    /// Its own identifier.
    pub aud: &'a str,
}

/// A verified presentation.
#[derive(Debug, Clone)]
pub struct Verified {
    /// The issuer JWT's header.
    pub header: JoseHeader,
    /// The processed claims: disclosed claims in place, `_sd`, `_sd_alg` and undisclosed digests removed.
    pub claims: Map<String, Value>,
    /// Digest → Disclosure of every presented Disclosure.
    pub digests: HashMap<String, Disclosure>,
    /// Whether a Key Binding JWT was checked.
    pub key_bound: bool,
    /// The Key Binding JWT's `iat` (Unix seconds, a NumericDate: possibly not an integer), when one was
    /// checked; its window is the caller's policy (RFC 9901 §7.3 step 5).
    pub key_binding_iat: Option<f64>,
}

/// The Disclosure of `digest`, if presented; each digest may occur once in the whole payload.
fn take(
    digest: &str,
    by_digest: &HashMap<String, Disclosure>,
    used: &mut HashSet<String>,
) -> Result<Option<Disclosure>> {
    if !used.insert(digest.to_string()) {
        return Err(Error::sd_jwt(format!(
            "digest {} appears more than once",
            excerpt(digest)
        )));
    }
    Ok(by_digest.get(digest).cloned())
}

/// RFC 9901 §7.1 step 3–5: replaces digests by the claims of the Disclosures, recursively; every digest at most
/// once; the `...` array elements whose digest is not disclosed are dropped. `depth` is how deep `value` sits in
/// the processed payload: Disclosures that nest inside Disclosures could otherwise build a payload deeper than any
/// input file may be (and deeper than the stack), so past `--max-depth` the SD-JWT is refused.
fn rebuild(
    value: &mut Value,
    by_digest: &HashMap<String, Disclosure>,
    used: &mut HashSet<String>,
    depth: usize,
    max: usize,
) -> Result<()> {
    if depth > max {
        return Err(Error::new(
            crate::ErrorKind::Limit,
            format!(
                "the disclosed claims nest deeper than {max} objects and arrays (Disclosures inside Disclosures; raise with --max-depth)"
            ),
        ));
    }
    match value {
        Value::Object(object) => {
            // RFC 9901 §4.1.1: `_sd_alg` appears at the top level (depth 1) only.
            if depth > 1 && object.contains_key("_sd_alg") {
                return Err(Error::sd_jwt(
                    "`_sd_alg` below the top level of the payload (RFC 9901 §4.1.1)",
                ));
            }
            if let Some(sd) = object.remove("_sd") {
                let digests = sd
                    .as_array()
                    .ok_or_else(|| Error::sd_jwt("`_sd` is not an array"))?;
                for d in digests {
                    let d = d
                        .as_str()
                        .ok_or_else(|| Error::sd_jwt("an `_sd` digest is not a string"))?;
                    if let Some(disclosure) = take(d, by_digest, used)? {
                        let name = disclosure.name.clone().ok_or_else(|| {
                            Error::sd_jwt(format!(
                                "Disclosure {} is an array element but sits in `_sd`",
                                excerpt(&disclosure.encoded)
                            ))
                        })?;
                        if name == "_sd" || name == "..." || object.contains_key(&name) {
                            return Err(Error::sd_jwt(format!(
                                "Disclosure for `{}` would overwrite a claim or is not allowed",
                                excerpt(&name)
                            )));
                        }
                        object.insert(name, disclosure.value);
                    }
                }
            }
            for member in object.values_mut() {
                rebuild(member, by_digest, used, depth + 1, max)?;
            }
        }
        Value::Array(items) => {
            let mut kept = Vec::with_capacity(items.len());
            for mut item in std::mem::take(items) {
                let digest = item
                    .as_object()
                    .filter(|o| o.len() == 1)
                    .and_then(|o| o.get("..."))
                    .and_then(Value::as_str)
                    .map(str::to_string);
                match digest {
                    Some(d) => match take(&d, by_digest, used)? {
                        Some(disclosure) if disclosure.name.is_none() => {
                            let mut v = disclosure.value;
                            rebuild(&mut v, by_digest, used, depth + 1, max)?;
                            kept.push(v);
                        }
                        Some(_) => {
                            return Err(Error::sd_jwt(format!(
                                "digest {} in an array names an object property",
                                excerpt(&d)
                            )))
                        }
                        None => {}
                    },
                    None => {
                        rebuild(&mut item, by_digest, used, depth + 1, max)?;
                        kept.push(item);
                    }
                }
            }
            *items = kept;
        }
        _ => {}
    }
    Ok(())
}

/// RFC 9901 §7.1 (SD-JWT) and §7.3 (with key binding): verifies the issuer JWT with `issuer` (a jsonwebtoken
/// key and algorithm, or canonprof's key: [`JwsKey`]; its `typ` is in [`Verified::header`] for the caller's
/// policy), `_sd_alg` sha-256, hashes every Disclosure as received,
/// rebuilds the claims, rejects a Disclosure no digest references (case 023) and a digest used twice; with
/// `expected`, requires a KB-JWT (`typ` `kb+jwt`) signed by `cnf.jwk`, with the nonce, `aud` and `sd_hash` of
/// the presentation (final `~` included, case 022) — `cnf.jwk` taken as canonprof's key through the issuer
/// key's backend when `issuer` is canonprof's, else as jsonwebtoken's, except an `AKP` one (RFC 9964), which
/// only canonprof's keys verify. Spans: `verify`, `digests`, `key_binding`. Errors:
/// [`ErrorKind::Signature`](crate::ErrorKind::Signature) for a JWS signature that does not verify,
/// [`ErrorKind::Digest`](crate::ErrorKind::Digest) for an unreferenced Disclosure,
/// [`ErrorKind::SdJwt`](crate::ErrorKind::SdJwt) for every other check that fails, each with the reason.
pub fn verify<'k>(
    presentation: &str,
    issuer: impl Into<JwsKey<'k>>,
    expected: Option<Expected>,
) -> Result<Verified> {
    verify_within(presentation, issuer, expected, &Limits::DEFAULT)
}

/// [`verify`] with every JSON part read within `limits` (`--max-depth`, `--max-json-values`; the claims rebuilt
/// from Disclosures nest at most `limits.max_depth` deep).
pub(crate) fn verify_within<'k>(
    presentation: &str,
    issuer: impl Into<JwsKey<'k>>,
    expected: Option<Expected>,
    limits: &Limits,
) -> Result<Verified> {
    let issuer = issuer.into();
    let (jwt, disclosures, kb) = split(presentation)?;
    let (header, payload) = {
        let _span = tracing::info_span!(span::VERIFY).entered();
        jose::verify(jwt, issuer, "issuer-signed JWT", limits)?
    };
    let (claims, digests, alg) = {
        let _span = tracing::info_span!(span::DIGESTS).entered();
        let alg = HashAlg::of_payload(&payload)?;
        for name in TIME_CLAIMS {
            numeric_date(&payload, name, "issuer-signed JWT")?;
        }
        let mut by_digest = HashMap::new();
        for encoded in &disclosures {
            let d = Disclosure::parse_within(encoded, limits)?;
            if by_digest.insert(alg.digest(encoded), d).is_some() {
                return Err(Error::sd_jwt(format!(
                    "Disclosure {} is presented twice",
                    excerpt(encoded)
                )));
            }
        }
        let mut claims = Value::Object(payload);
        let mut used = HashSet::new();
        rebuild(&mut claims, &by_digest, &mut used, 1, limits.max_depth)?;
        if let Some(unused) = by_digest.keys().find(|d| !used.contains(*d)) {
            return Err(Error::digest(format!(
                "disclosure not referenced by the Issuer-signed JWT (digest {unused})"
            )));
        }
        let Value::Object(mut claims) = claims else {
            unreachable!("an object stays an object")
        };
        claims.remove("_sd_alg");
        (claims, by_digest, alg)
    };
    let mut key_binding_iat = None;
    let key_bound = match (expected, kb) {
        (None, _) => false,
        (Some(_), None) => return Err(Error::sd_jwt("the presentation has no Key Binding JWT")),
        (Some(expected), Some(kb)) => {
            let _span = tracing::info_span!(span::KEY_BINDING).entered();
            let jwk = claims
                .get("cnf")
                .and_then(|c| c.get("jwk"))
                .ok_or_else(|| Error::sd_jwt("the issuer JWT has no cnf.jwk to bind to"))?;
            let (kb_header, kb_claims) = match issuer {
                JwsKey::Key(issuer) => {
                    let key = jose::public_key(jwk)?.with_backend(issuer.backend())?;
                    jose::verify(kb, JwsKey::Key(&key), "Key Binding JWT", limits)?
                }
                JwsKey::Jsonwebtoken(..)
                    if jwk.get("kty").and_then(Value::as_str) == Some("AKP") =>
                {
                    let key = jose::public_key(jwk)?;
                    jose::verify(kb, JwsKey::Key(&key), "Key Binding JWT", limits)?
                }
                JwsKey::Jsonwebtoken(..) => {
                    let (key, alg) = jose::decoding_key(jwk)?;
                    jose::verify(
                        kb,
                        JwsKey::Jsonwebtoken(&key, alg),
                        "Key Binding JWT",
                        limits,
                    )?
                }
            };
            if kb_header.typ.as_deref() != Some(KB_JWT_TYP) {
                return Err(Error::sd_jwt("the Key Binding JWT's typ is not kb+jwt"));
            }
            let sd_jwt_part = &presentation[..presentation.len() - kb.len()];
            let checks = [
                ("nonce", Value::from(expected.nonce)),
                ("aud", Value::from(expected.aud)),
                // §4.3.1: with the hash `_sd_alg` names.
                ("sd_hash", Value::from(alg.digest(sd_jwt_part))),
            ];
            for (claim, want) in checks {
                if kb_claims.get(claim) != Some(&want) {
                    return Err(Error::sd_jwt(format!(
                        "the Key Binding JWT's {claim} is {}, expected {want}",
                        kb_claims
                            .get(claim)
                            .map_or("missing".to_string(), |v| excerpt(&v.to_string()))
                    )));
                }
            }
            for name in TIME_CLAIMS {
                numeric_date(&kb_claims, name, "Key Binding JWT")?;
            }
            // §4.3: iat is REQUIRED, a NumericDate.
            key_binding_iat = Some(
                numeric_date(&kb_claims, "iat", "Key Binding JWT")?.ok_or_else(|| {
                    Error::sd_jwt("the Key Binding JWT has no iat (RFC 9901 §4.3)")
                })?,
            );
            true
        }
    };
    Ok(Verified {
        header,
        claims,
        digests,
        key_bound,
        key_binding_iat,
    })
}
