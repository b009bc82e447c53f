//! JWS keys for SD-JWT (RFC 7515 / RFC 7518 / RFC 8037): an issuer or holder key pair, its public JWK (RFC 7517)
//! and verification key, and the compact JWS that SD-JWT signs and checks with them. jsonwebtoken gives the
//! JOSE header type and serializes it, and verifies with keys of its own ([`JwsKey::Jsonwebtoken`], the
//! `canonprof verify` command's, whatever their algorithm); a [`JoseKey`] signs, and a [`JwsKey::Key`] verifies,
//! through canonprof's keys and so through their signature backend ([`crate::keys::Backend`]) — the exchange's
//! SD-JWT VC, whose JWS signature bytes are the same as jsonwebtoken's with RustCrypto.

use crate::document::Limits;
use crate::error::{Error, Result};
use crate::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use base64ct::{Base64UrlUnpadded, Encoding};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header};
use serde_json::{json, Map, Value};

/// A signing key with its JWS algorithm (`EdDSA` for Ed25519, `ES256` for P-256) and public JWK.
#[derive(Clone)]
pub struct JoseKey {
    /// The JWS `alg`.
    pub alg: Algorithm,
    encoding: EncodingKey,
    /// The key that signs ([`sign`]), through its backend.
    key: SecretKey,
    /// The public key as a JWK (`OKP`/`Ed25519` or `EC`/`P-256`), as it goes into `cnf`.
    pub jwk: Value,
}

impl std::fmt::Debug for JoseKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "JoseKey({:?}, {})", self.alg, self.jwk)
    }
}

impl JoseKey {
    /// The JOSE form of an Ed25519 or P-256 key (signing through the key's backend). Errors:
    /// [`ErrorKind::Key`](crate::ErrorKind::Key) for a P-384 key (not used by SD-JWT VC here).
    pub fn new(key: &SecretKey) -> Result<JoseKey> {
        let b64 = |bytes: &[u8]| Base64UrlUnpadded::encode_string(bytes);
        let public = key.public_key();
        if key.algorithm().is_post_quantum() {
            return Err(crate::keys::not_supported_yet(key.algorithm(), "SD-JWT"));
        }
        match (key.algorithm(), public.coordinates()) {
            (SignatureAlgorithm::Ed25519, _) => Ok(JoseKey {
                alg: Algorithm::EdDSA,
                key: key.clone(),
                encoding: EncodingKey::from_ed_der(&key.to_pkcs8_der().map_err(|e| {
                    Error::key(format!("Ed25519 key: {}", e.reason())).caused_by(e)
                })?),
                jwk: json!({"kty": "OKP", "crv": "Ed25519", "x": b64(&public.to_bytes(false))}),
            }),
            (SignatureAlgorithm::P256, Some((x, y))) => {
                Ok(JoseKey {
                    alg: Algorithm::ES256,
                    key: key.clone(),
                    encoding: EncodingKey::from_ec_der(&key.to_pkcs8_der().map_err(|e| {
                        Error::key(format!("P-256 key: {}", e.reason())).caused_by(e)
                    })?),
                    jwk: json!({"kty": "EC", "crv": "P-256", "x": b64(&x), "y": b64(&y)}),
                })
            }
            _ => Err(Error::key(
                "SD-JWT VC here signs with EdDSA (Ed25519) or ES256 (P-256)",
            )),
        }
    }

    /// The encoding key for jsonwebtoken (RustCrypto, whatever the key's backend).
    pub fn encoding(&self) -> &EncodingKey {
        &self.encoding
    }

    /// The public key, verifying through the signing key's backend.
    pub fn public_key(&self) -> PublicKey {
        self.key.public_key()
    }
}

/// RFC 7515 §7.1: the compact JWS of `claims` (serialized as JSON) under `header` (its `alg` must be the key's),
/// signed with `key` through its backend — `BASE64URL(header) . BASE64URL(claims) . BASE64URL(signature)`, the
/// header and claims serialized as jsonwebtoken serializes them. Errors:
/// [`ErrorKind::Signature`](crate::ErrorKind::Signature) for another `alg` or a failed signature, with `what`
/// (e.g. `the issuer JWT`).
pub fn sign(
    header: &Header,
    claims: &impl serde::Serialize,
    key: &JoseKey,
    what: &str,
) -> Result<String> {
    let failed = |reason: String| Error::signature(format!("signing {what}: {reason}"));
    if header.alg != key.alg {
        return Err(failed(format!(
            "the header's alg is {:?}, the key's {:?}",
            header.alg, key.alg
        )));
    }
    let json = |value: serde_json::Result<Vec<u8>>| {
        value
            .map(|bytes| Base64UrlUnpadded::encode_string(&bytes))
            .map_err(|e| failed(e.to_string()))
    };
    let mut jws = format!(
        "{}.{}",
        json(serde_json::to_vec(header))?,
        json(serde_json::to_vec(claims))?
    );
    let signature = key
        .key
        .sign(jws.as_bytes())
        .map_err(|e| failed(e.into_reason()))?;
    jws.push('.');
    jws.push_str(&Base64UrlUnpadded::encode_string(&signature));
    Ok(jws)
}

/// A JWS verification key.
#[derive(Debug, Clone, Copy)]
pub enum JwsKey<'a> {
    /// jsonwebtoken's key and the algorithm the JWS must name (any algorithm jsonwebtoken verifies, with its
    /// RustCrypto provider).
    Jsonwebtoken(&'a DecodingKey, Algorithm),
    /// canonprof's key (`EdDSA`, `ES256` or `ES384` by its algorithm), verifying through its backend.
    Key(&'a PublicKey),
}

impl<'a> From<(&'a DecodingKey, Algorithm)> for JwsKey<'a> {
    fn from((key, alg): (&'a DecodingKey, Algorithm)) -> JwsKey<'a> {
        JwsKey::Jsonwebtoken(key, alg)
    }
}

impl<'a> From<&'a PublicKey> for JwsKey<'a> {
    fn from(key: &'a PublicKey) -> JwsKey<'a> {
        JwsKey::Key(key)
    }
}

/// The JWS `alg` of a key: `EdDSA`, `ES256`, `ES384`. Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) for a
/// post-quantum key ("ALG is not supported by SD-JWT yet").
fn algorithm_of(key: &PublicKey) -> Result<Algorithm> {
    match key.algorithm() {
        SignatureAlgorithm::Ed25519 => Ok(Algorithm::EdDSA),
        SignatureAlgorithm::P256 => Ok(Algorithm::ES256),
        SignatureAlgorithm::P384 => Ok(Algorithm::ES384),
        other => Err(crate::keys::not_supported_yet(other, "SD-JWT")),
    }
}

/// A compact JWS taken apart and decoded strictly, before any signature is checked: exactly three parts,
/// each exactly base64url without padding (RFC 7515 §2), the header a JSON object that jsonwebtoken's
/// [`Header`] reads, the payload a JSON object, both I-JSON (no repeated member names, RFC 7493 §2.3).
struct Parts<'a> {
    header: Header,
    claims: Map<String, Value>,
    /// `BASE64URL(header) . BASE64URL(payload)`: what the signature is over.
    signing_input: &'a str,
    /// The signature part as received (base64url).
    signature: &'a str,
}

/// [`Parts`] of `jws`. Errors: [`ErrorKind::SdJwt`](crate::ErrorKind::SdJwt) naming the part and what is
/// wrong with it — a payload that is not a JSON object is the payload's fault, whatever the signature.
fn parts<'a>(jws: &'a str, what: &str, limits: &Limits) -> Result<Parts<'a>> {
    let malformed = |reason: String| Error::sd_jwt(format!("the {what} is malformed: {reason}"));
    let pieces: Vec<&str> = jws.split('.').collect();
    let [header, payload, signature] = pieces[..] else {
        return Err(malformed(format!(
            "{} dot-separated parts, not the 3 of a compact JWS (RFC 7515 §7.1)",
            pieces.len()
        )));
    };
    let json = |part: &str, name: &str| -> Result<Map<String, Value>> {
        let bytes = Base64UrlUnpadded::decode_vec(part)
            .map_err(|_| malformed(format!("its {name} is not base64url without padding")))?;
        match strict_json(&bytes, &format!("its {name}"), limits) {
            Ok(Value::Object(object)) => Ok(object),
            Ok(_) => Err(malformed(format!("its {name} is not a JSON object"))),
            Err(e) => Err(malformed(e.into_reason())),
        }
    };
    let signing_input = &jws[..header.len() + 1 + payload.len()];
    let header_json = json(header, "header")?;
    // RFC 7515 §4.1.11: no header extension is processed for SD-JWTs and their Key Binding JWTs, so a `crit`
    // makes the JWS one this verifier must refuse; RFC 7797's `b64` would change what is signed.
    for name in ["crit", "b64"] {
        if header_json.contains_key(name) {
            return Err(malformed(format!(
                "its header has `{name}`, an extension not processed for SD-JWTs (RFC 7515 §4.1.11, RFC 7797)"
            )));
        }
    }
    let claims = json(payload, "payload")?;
    let header = serde_json::from_value::<Header>(Value::Object(header_json)).map_err(|e| {
        malformed(format!(
            "its header is not a JOSE header: {}",
            crate::error::excerpt(&e.to_string())
        ))
    })?;
    Base64UrlUnpadded::decode_vec(signature)
        .map_err(|_| malformed("its signature is not base64url without padding".to_string()))?;
    Ok(Parts {
        header,
        claims,
        signing_input,
        signature,
    })
}

/// RFC 7515 §5.2: verifies the compact JWS `jws` with `key` — its header's `alg` must be the key's — and returns
/// its header and claims (a JSON object), with no registered-claim checks. The JWS is decoded strictly
/// (`Parts`) before its signature is checked, so a malformed header or payload is never reported as a bad
/// signature. `what` names the JWS in errors. Errors: [`ErrorKind::Signature`](crate::ErrorKind::Signature)
/// when the signature does not verify, [`ErrorKind::SdJwt`](crate::ErrorKind::SdJwt) for anything else
/// (malformed, another `alg`), each as one sentence. Its header and payload are read within `limits`.
pub fn verify(
    jws: &str,
    key: JwsKey,
    what: &str,
    limits: &Limits,
) -> Result<(Header, Map<String, Value>)> {
    let parts = parts(jws, what, limits)?;
    let verified = match key {
        JwsKey::Key(key) => {
            let alg = algorithm_of(key)?;
            if parts.header.alg != alg {
                return Err(wrong_alg(what, parts.header.alg, alg));
            }
            let signature = Base64UrlUnpadded::decode_vec(parts.signature)
                .map_err(|_| Error::sd_jwt(format!("the {what}'s signature is not base64url")))?;
            key.verify(parts.signing_input.as_bytes(), &signature)
        }
        JwsKey::Jsonwebtoken(key, alg) => {
            if parts.header.alg != alg {
                return Err(wrong_alg(what, parts.header.alg, alg));
            }
            match jsonwebtoken::crypto::verify(
                parts.signature,
                parts.signing_input.as_bytes(),
                key,
                alg,
            ) {
                Ok(verified) => verified,
                // A signature of the wrong size for the algorithm is a signature that does not verify.
                Err(e) if *e.kind() == jsonwebtoken::errors::ErrorKind::InvalidSignature => false,
                Err(e) => {
                    return Err(Error::sd_jwt(format!(
                        "the {what} cannot be checked: {}",
                        describe(&e)
                    )))
                }
            }
        }
    };
    if !verified {
        return Err(Error::signature(format!(
            "the {what}'s signature does not verify with the key"
        )));
    }
    Ok((parts.header, parts.claims))
}

fn wrong_alg(what: &str, header: Algorithm, key: Algorithm) -> Error {
    Error::sd_jwt(format!(
        "the {what}'s header names alg {header:?}, but the key verifies {key:?}"
    ))
}

/// What a jsonwebtoken error says, as a sentence (never jsonwebtoken's variant names), for every place that
/// shows one.
pub fn describe(e: &jsonwebtoken::errors::Error) -> String {
    use jsonwebtoken::errors::ErrorKind as K;
    let text = match e.kind() {
        K::InvalidToken => "it is not a compact JWS (three base64url parts separated by dots)",
        K::InvalidSignature => "the signature does not verify",
        K::InvalidEcdsaKey => "the key is not a usable ECDSA key",
        K::InvalidEddsaKey => "the key is not a usable EdDSA key",
        K::InvalidRsaKey(_) => "the key is not a usable RSA key",
        K::RsaFailedSigning => "RSA signing failed",
        K::Signing(_) => "signing failed",
        K::InvalidAlgorithmName => "the algorithm name is not a JWS algorithm",
        K::UnsupportedAlgorithm => "the algorithm is not supported",
        K::InvalidKeyFormat => "the key is not in a form the algorithm can use",
        K::MissingRequiredClaim(claim) => {
            return format!(
                "the required claim `{}` is missing",
                crate::error::excerpt(claim)
            )
        }
        K::InvalidClaimFormat(claim) => {
            return format!(
                "the claim `{}` has the wrong type",
                crate::error::excerpt(claim)
            )
        }
        K::ExpiredSignature => "it has expired (exp)",
        K::InvalidIssuer => "its iss is not the expected issuer",
        K::InvalidAudience => "its aud is not the expected audience",
        K::InvalidSubject => "its sub is not the expected subject",
        K::ImmatureSignature => "it is not valid yet (nbf)",
        K::InvalidAlgorithm => "the header's alg is not the key's algorithm",
        K::MissingAlgorithm => "no algorithm is allowed",
        K::Base64(_) => "a part is not base64url",
        K::Json(e) => {
            return format!(
                "a part is not the JSON expected: {}",
                crate::error::excerpt(&e.to_string())
            )
        }
        K::Utf8(_) => "a part is not UTF-8",
        K::Provider(_) => "the cryptographic provider failed",
        _ => "jsonwebtoken cannot process it",
    };
    text.to_string()
}

/// A verification key from a public JWK (`OKP` Ed25519, `EC` P-256 or P-384), as canonprof's key (RustCrypto
/// backend). Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) for an unsupported or malformed JWK.
pub fn public_key(jwk: &Value) -> Result<PublicKey> {
    let field = |name: &str| {
        jwk.get(name)
            .and_then(Value::as_str)
            .and_then(|v| Base64UrlUnpadded::decode_vec(v).ok())
            .ok_or_else(|| Error::key(format!("invalid JWK: no base64url `{name}`")))
    };
    let (algorithm, bytes) = match (
        jwk.get("kty").and_then(Value::as_str),
        jwk.get("crv").and_then(Value::as_str),
    ) {
        (Some("OKP"), Some("Ed25519")) => (SignatureAlgorithm::Ed25519, field("x")?),
        (Some("EC"), Some(crv @ ("P-256" | "P-384"))) => {
            let algorithm = match crv {
                "P-256" => SignatureAlgorithm::P256,
                _ => SignatureAlgorithm::P384,
            };
            (algorithm, [vec![4], field("x")?, field("y")?].concat())
        }
        _ => return Err(unsupported_jwk(jwk)),
    };
    PublicKey::from_bytes(algorithm, &bytes)
        .map_err(|e| Error::key(format!("invalid JWK: {}", e.reason())).caused_by(e))
}

/// A verification key from a public JWK, with the JWS algorithm it implies. Errors: an unsupported or
/// malformed JWK.
pub fn decoding_key(jwk: &Value) -> Result<(DecodingKey, Algorithm)> {
    let alg = match (
        jwk.get("kty").and_then(Value::as_str),
        jwk.get("crv").and_then(Value::as_str),
    ) {
        (Some("OKP"), Some("Ed25519")) => Algorithm::EdDSA,
        (Some("EC"), Some("P-256")) => Algorithm::ES256,
        (Some("EC"), Some("P-384")) => Algorithm::ES384,
        _ => return Err(unsupported_jwk(jwk)),
    };
    let parsed: jsonwebtoken::jwk::Jwk = serde_json::from_value(jwk.clone()).map_err(|e| {
        Error::key(format!(
            "invalid JWK: {}",
            crate::error::excerpt(&e.to_string())
        ))
    })?;
    let key = DecodingKey::from_jwk(&parsed)
        .map_err(|e| Error::key(format!("invalid JWK: {}", describe(&e))))?;
    Ok((key, alg))
}

/// A JWK of another key type or curve, named by its `kty` and `crv`.
fn unsupported_jwk(jwk: &Value) -> Error {
    let member = |name: &str| {
        jwk.get(name).map_or("none".to_string(), |v| {
            crate::error::excerpt(&v.to_string())
        })
    };
    Error::key(format!(
        "unsupported JWK (kty {}, crv {}): SD-JWT here takes OKP Ed25519 or EC P-256 / P-384",
        member("kty"),
        member("crv")
    ))
}

/// `bytes` as one I-JSON value read as every untrusted JSON is ([`crate::document::parse_untrusted_json`]:
/// UTF-8, well-formed, no repeated member names, finite numbers, bounded nesting). `what` names it in errors.
/// Errors: [`ErrorKind::SdJwt`](crate::ErrorKind::SdJwt) saying what is wrong and where.
pub(super) fn strict_json(bytes: &[u8], what: &str, limits: &Limits) -> Result<Value> {
    crate::document::parse_untrusted_json(what, bytes, *limits).map_err(|e| {
        if std::str::from_utf8(bytes).is_err() {
            return Error::sd_jwt(format!("{what} is not UTF-8"));
        }
        let at = e
            .position()
            .map(|p| format!(" (at {p})"))
            .unwrap_or_default();
        Error::sd_jwt(format!(
            "{what} is not I-JSON: {}{at}",
            crate::error::excerpt(e.reason())
        ))
    })
}
