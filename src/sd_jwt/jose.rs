//! JWS keys for SD-JWT (RFC 7515 / RFC 7518 / RFC 8037 / RFC 9964): an issuer or holder key pair, its public JWK
//! (RFC 7517; `AKP` for the post-quantum keys, RFC 9964 §3), its verification key, and the compact JWS that
//! SD-JWT signs and checks with them. The JWS `alg` is a [`JwsAlg`]: jsonwebtoken's registered algorithms, and
//! `ML-DSA-44` (RFC 9964 §5) and `SLH-DSA-SHA2-128s` (draft-ietf-cose-sphincs-plus, a draft), which jsonwebtoken 12
//! does not know. jsonwebtoken verifies with keys of its own ([`JwsKey::Jsonwebtoken`], the `canonprof verify`
//! command's, whatever their registered algorithm); a [`JoseKey`] signs, and a [`JwsKey::Key`] verifies, through
//! canonprof's keys and so through their signature backend ([`crate::keys::Backend`]) — the exchange's SD-JWT
//! VC, whose JWS signature bytes are the same as jsonwebtoken's with RustCrypto. The compact JWS is put together
//! and taken apart here (RFC 7515 §7.1), the header being [`JoseHeader`]: exact `alg`, never `none`, and the key's
//! algorithm must be the one `alg` names.

use crate::document::Limits;
use crate::error::{Error, Result};
use crate::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use base64ct::{Base64UrlUnpadded, Encoding};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use serde_json::{json, Map, Value};

/// A JWS `alg` (RFC 7515 §4.1.1): one of jsonwebtoken's registered algorithms (RFC 7518, RFC 8037), or a
/// post-quantum one jsonwebtoken 12 does not know. There is no `none`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JwsAlg {
    /// A registered algorithm jsonwebtoken signs and verifies (`EdDSA`, `ES256`, `ES384`, `RS256`, …).
    Registered(Algorithm),
    /// `ML-DSA-44` (RFC 9964 §5, §8.1.4): pure ML-DSA-44 with the empty context (FIPS 204 Algorithm 2).
    MlDsa44,
    /// `SLH-DSA-SHA2-128s` (draft-ietf-cose-sphincs-plus, an Internet-Draft: the name may change).
    SlhDsaSha2_128s,
}

impl JwsAlg {
    /// The `alg` value: `EdDSA`, `ES256`, …, `ML-DSA-44`, `SLH-DSA-SHA2-128s`.
    pub fn name(self) -> &'static str {
        match self {
            JwsAlg::MlDsa44 => "ML-DSA-44",
            JwsAlg::SlhDsaSha2_128s => "SLH-DSA-SHA2-128s",
            JwsAlg::Registered(alg) => match alg {
                Algorithm::HS256 => "HS256",
                Algorithm::HS384 => "HS384",
                Algorithm::HS512 => "HS512",
                Algorithm::ES256 => "ES256",
                Algorithm::ES384 => "ES384",
                Algorithm::RS256 => "RS256",
                Algorithm::RS384 => "RS384",
                Algorithm::RS512 => "RS512",
                Algorithm::PS256 => "PS256",
                Algorithm::PS384 => "PS384",
                Algorithm::PS512 => "PS512",
                Algorithm::EdDSA => "EdDSA",
                // jsonwebtoken's enum is non-exhaustive; 12.0 reads and makes no other algorithm.
                _ => "unnamed",
            },
        }
    }

    /// The algorithm `name` names, exactly (case-sensitive, RFC 7515 §4.1.1); `None` for any other name, `none`
    /// included.
    pub fn from_name(name: &str) -> Option<JwsAlg> {
        match name {
            "ML-DSA-44" => Some(JwsAlg::MlDsa44),
            "SLH-DSA-SHA2-128s" => Some(JwsAlg::SlhDsaSha2_128s),
            other => other.parse::<Algorithm>().ok().map(JwsAlg::Registered),
        }
    }

    /// The JWS algorithm of a key of `algorithm`: `EdDSA` (RFC 8037), `ES256` / `ES384` (RFC 7518), `ML-DSA-44`
    /// (RFC 9964), `SLH-DSA-SHA2-128s` (draft); `None` for FALCON-512, whose round-3 signatures no JOSE
    /// specification names (draft-ietf-cose-falcon's `FN-DSA-512` is FIPS 206's FN-DSA, another signature), and for
    /// BLS12-381 (BBS signs message lists, not a JWS).
    pub fn of(algorithm: SignatureAlgorithm) -> Option<JwsAlg> {
        match algorithm {
            SignatureAlgorithm::Ed25519 => Some(JwsAlg::Registered(Algorithm::EdDSA)),
            SignatureAlgorithm::P256 => Some(JwsAlg::Registered(Algorithm::ES256)),
            SignatureAlgorithm::P384 => Some(JwsAlg::Registered(Algorithm::ES384)),
            SignatureAlgorithm::MlDsa44 => Some(JwsAlg::MlDsa44),
            SignatureAlgorithm::SlhDsaSha2_128s => Some(JwsAlg::SlhDsaSha2_128s),
            SignatureAlgorithm::Falcon512 | SignatureAlgorithm::Bls12381G2 => None,
        }
    }

    /// jsonwebtoken's algorithm, for a registered one.
    pub fn jsonwebtoken(self) -> Option<Algorithm> {
        match self {
            JwsAlg::Registered(alg) => Some(alg),
            _ => None,
        }
    }

    /// Whether only an Internet-Draft names it (`SLH-DSA-SHA2-128s`).
    pub fn is_draft(self) -> bool {
        self == JwsAlg::SlhDsaSha2_128s
    }
}

impl From<Algorithm> for JwsAlg {
    fn from(alg: Algorithm) -> JwsAlg {
        JwsAlg::Registered(alg)
    }
}

/// The JOSE header of the JWSs SD-JWT signs (RFC 7515 §4.1): `alg` and, when given, `typ`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoseHeader {
    /// `typ` (RFC 7515 §4.1.9), e.g. `dc+sd-jwt`, `kb+jwt`.
    pub typ: Option<String>,
    /// `alg` (RFC 7515 §4.1.1).
    pub alg: JwsAlg,
}

impl JoseHeader {
    /// A header with `alg` and no `typ`.
    pub fn new(alg: JwsAlg) -> JoseHeader {
        JoseHeader { typ: None, alg }
    }

    /// The header's JSON: `{"typ":…,"alg":…}`, members in jsonwebtoken's order, so a JWS with a registered `alg`
    /// has the bytes jsonwebtoken gives it.
    fn to_json(&self) -> String {
        let mut out = String::from("{");
        if let Some(typ) = &self.typ {
            out.push_str(&format!("\"typ\":{},", Value::from(typ.as_str())));
        }
        out.push_str(&format!("\"alg\":{}}}", Value::from(self.alg.name())));
        out
    }

    /// RFC 7515 §4.1: the header of a received JWS — `alg` a string naming a [`JwsAlg`] exactly, `typ` absent or
    /// a string; the other registered members (`kid`, `x5c`, `jwk`, …) of the types RFC 7515 gives them, as
    /// jsonwebtoken's header type reads them. Errors: the reason, as a phrase.
    fn parse(header: &Map<String, Value>) -> std::result::Result<JoseHeader, String> {
        let alg = match header.get("alg") {
            Some(Value::String(name)) => JwsAlg::from_name(name).ok_or_else(|| {
                format!(
                    "its header's alg `{}` is not a JWS algorithm canonprof verifies",
                    crate::error::excerpt(name)
                )
            })?,
            Some(other) => {
                return Err(format!(
                    "its header's alg is {}, not a string",
                    crate::document::type_name(other)
                ))
            }
            None => return Err("its header has no alg (RFC 7515 §4.1.1)".to_string()),
        };
        // The other registered members checked by jsonwebtoken's header type (its `alg` set to one it knows, the
        // real one being checked above).
        let mut registered = header.clone();
        registered.insert("alg".into(), Value::from("EdDSA"));
        let parsed = serde_json::from_value::<jsonwebtoken::Header>(Value::Object(registered))
            .map_err(|e| {
                format!(
                    "its header is not a JOSE header: {}",
                    crate::error::excerpt(&e.to_string())
                )
            })?;
        Ok(JoseHeader {
            typ: parsed.typ,
            alg,
        })
    }
}

/// A signing key with its JWS algorithm (`EdDSA` for Ed25519, `ES256` for P-256, `ML-DSA-44`,
/// `SLH-DSA-SHA2-128s`) and public JWK.
#[derive(Clone)]
pub struct JoseKey {
    /// The JWS `alg`.
    pub alg: JwsAlg,
    /// jsonwebtoken's signing key, for a registered `alg`.
    encoding: Option<EncodingKey>,
    /// The key that signs ([`sign`]), through its backend.
    key: SecretKey,
    /// The public key as a JWK (`OKP`/`Ed25519`, `EC`/`P-256`, or `AKP` with `alg` and `pub`, RFC 9964 §3), as it
    /// goes into `cnf`.
    pub jwk: Value,
}

impl std::fmt::Debug for JoseKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "JoseKey({}, {})", self.alg.name(), self.jwk)
    }
}

impl JoseKey {
    /// The JOSE form of an Ed25519, P-256, ML-DSA-44 or SLH-DSA-SHA2-128s key (signing through the key's
    /// backend); a post-quantum key's JWK is RFC 9964 §3's `AKP`: `{"kty": "AKP", "alg": …, "pub": …}`, `pub` the
    /// raw public key (FIPS 204 §7.2 `pkEncode`, FIPS 205 `PK.seed ‖ PK.root`) in base64url. Errors:
    /// [`ErrorKind::Key`](crate::ErrorKind::Key) for a P-384 key (not used by SD-JWT VC here) or a FALCON-512 key
    /// (no JOSE `alg` names its signatures).
    pub fn new(key: &SecretKey) -> Result<JoseKey> {
        let b64 = |bytes: &[u8]| Base64UrlUnpadded::encode_string(bytes);
        let public = key.public_key();
        match (key.algorithm(), public.coordinates()) {
            (SignatureAlgorithm::Ed25519, _) => Ok(JoseKey {
                alg: Algorithm::EdDSA.into(),
                key: key.clone(),
                encoding: Some(EncodingKey::from_ed_der(&key.to_pkcs8_der().map_err(
                    |e| Error::key(format!("Ed25519 key: {}", e.reason())).caused_by(e),
                )?)),
                jwk: json!({"kty": "OKP", "crv": "Ed25519", "x": b64(&public.to_bytes(false))}),
            }),
            (SignatureAlgorithm::P256, Some((x, y))) => Ok(JoseKey {
                alg: Algorithm::ES256.into(),
                key: key.clone(),
                encoding: Some(EncodingKey::from_ec_der(&key.to_pkcs8_der().map_err(
                    |e| Error::key(format!("P-256 key: {}", e.reason())).caused_by(e),
                )?)),
                jwk: json!({"kty": "EC", "crv": "P-256", "x": b64(&x), "y": b64(&y)}),
            }),
            (algorithm @ (SignatureAlgorithm::MlDsa44 | SignatureAlgorithm::SlhDsaSha2_128s), _) => {
                let alg = JwsAlg::of(algorithm)
                    .ok_or_else(|| Error::key("no JWS alg for the key"))?;
                Ok(JoseKey {
                    alg,
                    key: key.clone(),
                    encoding: None,
                    jwk: json!({"kty": "AKP", "alg": alg.name(), "pub": b64(&public.to_bytes(false))}),
                })
            }
            _ => Err(Error::key(
                "SD-JWT VC here signs with EdDSA (Ed25519), ES256 (P-256), ML-DSA-44 or SLH-DSA-SHA2-128s",
            )),
        }
    }

    /// The encoding key for jsonwebtoken (RustCrypto, whatever the key's backend); `None` for a post-quantum key,
    /// which jsonwebtoken cannot sign with.
    pub fn encoding(&self) -> Option<&EncodingKey> {
        self.encoding.as_ref()
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
    header: &JoseHeader,
    claims: &impl serde::Serialize,
    key: &JoseKey,
    what: &str,
) -> Result<String> {
    let failed = |reason: String| Error::signature(format!("signing {what}: {reason}"));
    if header.alg != key.alg {
        return Err(failed(format!(
            "the header's alg is {}, the key's {}",
            header.alg.name(),
            key.alg.name()
        )));
    }
    let claims = serde_json::to_vec(claims).map_err(|e| failed(e.to_string()))?;
    let mut jws = format!(
        "{}.{}",
        Base64UrlUnpadded::encode_string(header.to_json().as_bytes()),
        Base64UrlUnpadded::encode_string(&claims)
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
    /// canonprof's key (`EdDSA`, `ES256`, `ES384`, `ML-DSA-44` or `SLH-DSA-SHA2-128s` by its algorithm),
    /// verifying through its backend.
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

/// A compact JWS taken apart and decoded strictly, before any signature is checked: exactly three parts,
/// each exactly base64url without padding (RFC 7515 §2), the header a JSON object [`JoseHeader::parse`] reads,
/// the payload a JSON object, both I-JSON (no repeated member names, RFC 7493 §2.3).
struct Parts<'a> {
    header: JoseHeader,
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
    let header = JoseHeader::parse(&header_json).map_err(malformed)?;
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
) -> Result<(JoseHeader, Map<String, Value>)> {
    let parts = parts(jws, what, limits)?;
    let verified = match key {
        JwsKey::Key(key) => {
            let Some(alg) = JwsAlg::of(key.algorithm()) else {
                return Err(Error::sd_jwt(format!(
                    "the {what} cannot be checked: no JWS alg names {} signatures",
                    key.algorithm().name()
                )));
            };
            if parts.header.alg != alg {
                return Err(wrong_alg(what, parts.header.alg, alg));
            }
            let signature = Base64UrlUnpadded::decode_vec(parts.signature)
                .map_err(|_| Error::sd_jwt(format!("the {what}'s signature is not base64url")))?;
            key.verify(parts.signing_input.as_bytes(), &signature)
        }
        JwsKey::Jsonwebtoken(key, alg) => {
            if parts.header.alg != JwsAlg::Registered(alg) {
                return Err(wrong_alg(what, parts.header.alg, alg.into()));
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

fn wrong_alg(what: &str, header: JwsAlg, key: JwsAlg) -> Error {
    Error::sd_jwt(format!(
        "the {what}'s header names alg {}, but the key verifies {}",
        header.name(),
        key.name()
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

/// A verification key from a public JWK (`OKP` Ed25519, `EC` P-256 or P-384, or RFC 9964 §3's `AKP` with `alg`
/// `ML-DSA-44` or `SLH-DSA-SHA2-128s` and `pub` of the algorithm's exact length, without `priv`), as canonprof's
/// key (RustCrypto backend). Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) for an unsupported or malformed
/// JWK.
pub fn public_key(jwk: &Value) -> Result<PublicKey> {
    if jwk.get("kty").and_then(Value::as_str) == Some("AKP") {
        return akp_public_key(jwk);
    }
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

/// RFC 9964 §3: an `AKP` public JWK — `alg` REQUIRED, naming the algorithm (`ML-DSA-44`, `SLH-DSA-SHA2-128s`);
/// `pub` REQUIRED, base64url of the raw public key; `priv` MUST NOT be present in a public key. Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key) saying which of these fails.
fn akp_public_key(jwk: &Value) -> Result<PublicKey> {
    let bad = |why: String| Error::key(format!("invalid AKP JWK (RFC 9964 §3): {why}"));
    if jwk.get("priv").is_some() {
        return Err(bad(
            "it has `priv`, which a public key must not carry".to_string()
        ));
    }
    let alg = match jwk.get("alg") {
        Some(Value::String(alg)) => alg,
        Some(other) => {
            return Err(bad(format!(
                "`alg` is {}, not a string",
                crate::document::type_name(other)
            )))
        }
        None => return Err(bad("no `alg`, which AKP keys require".to_string())),
    };
    let algorithm = JwsAlg::from_name(alg)
        .and_then(|alg| {
            SignatureAlgorithm::POST_QUANTUM
                .into_iter()
                .find(|a| JwsAlg::of(*a) == Some(alg))
        })
        .ok_or_else(|| {
            bad(format!(
                "`alg` {} is not ML-DSA-44 or SLH-DSA-SHA2-128s",
                crate::error::excerpt(alg)
            ))
        })?;
    let bytes = jwk
        .get("pub")
        .and_then(Value::as_str)
        .and_then(|v| Base64UrlUnpadded::decode_vec(v).ok())
        .ok_or_else(|| bad("no base64url `pub`".to_string()))?;
    PublicKey::from_bytes(algorithm, &bytes).map_err(|e| bad(e.reason().to_string()).caused_by(e))
}

/// A verification key from a public JWK, with the JWS algorithm it implies. Errors: an unsupported or
/// malformed JWK — an `AKP` one included: jsonwebtoken 12 verifies no post-quantum algorithm
/// ([`public_key`] reads it as canonprof's key).
pub fn decoding_key(jwk: &Value) -> Result<(DecodingKey, Algorithm)> {
    if jwk.get("kty").and_then(Value::as_str) == Some("AKP") {
        return Err(Error::key(
            "an AKP JWK (RFC 9964) is verified with canonprof's keys; jsonwebtoken has no post-quantum algorithm",
        ));
    }
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
        "unsupported JWK (kty {}, crv {}): SD-JWT here takes OKP Ed25519, EC P-256 / P-384 or AKP (RFC 9964)",
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
