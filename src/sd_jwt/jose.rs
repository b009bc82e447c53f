//! JWS keys for SD-JWT (RFC 7515 / RFC 7518 / RFC 8037): an issuer or holder key pair, its public JWK (RFC 7517)
//! and verification key, and the compact JWS that SD-JWT signs and checks with them. jsonwebtoken gives the
//! JOSE header type and serializes it, and verifies with keys of its own ([`JwsKey::Jsonwebtoken`], the
//! `canonprof verify` command's, whatever their algorithm); a [`JoseKey`] signs, and a [`JwsKey::Key`] verifies,
//! through canonprof's keys and so through their signature backend ([`crate::keys::Backend`]) — the exchange's
//! SD-JWT VC, whose JWS signature bytes are the same as jsonwebtoken's with RustCrypto.

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
        match (key.algorithm(), public.coordinates()) {
            (SignatureAlgorithm::Ed25519, _) => Ok(JoseKey {
                alg: Algorithm::EdDSA,
                key: key.clone(),
                encoding: EncodingKey::from_ed_der(
                    &key.to_pkcs8_der()
                        .map_err(|e| Error::key(format!("Ed25519 key: {}", e.reason)))?,
                ),
                jwk: json!({"kty": "OKP", "crv": "Ed25519", "x": b64(&public.to_bytes(false))}),
            }),
            (SignatureAlgorithm::P256, Some((x, y))) => Ok(JoseKey {
                alg: Algorithm::ES256,
                key: key.clone(),
                encoding: EncodingKey::from_ec_der(
                    &key.to_pkcs8_der()
                        .map_err(|e| Error::key(format!("P-256 key: {}", e.reason)))?,
                ),
                jwk: json!({"kty": "EC", "crv": "P-256", "x": b64(&x), "y": b64(&y)}),
            }),
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
    let signature = key.key.sign(jws.as_bytes()).map_err(|e| failed(e.reason))?;
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

/// The JWS `alg` of a key: `EdDSA`, `ES256`, `ES384`.
pub fn algorithm_of(key: &PublicKey) -> Algorithm {
    match key.algorithm() {
        SignatureAlgorithm::Ed25519 => Algorithm::EdDSA,
        SignatureAlgorithm::P256 => Algorithm::ES256,
        SignatureAlgorithm::P384 => Algorithm::ES384,
    }
}

/// RFC 7515 §5.2: verifies the compact JWS `jws` with `key` — its header's `alg` must be the key's — and returns
/// its header and claims (a JSON object), with no registered-claim checks. `what` names the JWS in errors.
/// Errors: [`ErrorKind::Signature`](crate::ErrorKind::Signature) when the signature does not verify,
/// [`ErrorKind::SdJwt`](crate::ErrorKind::SdJwt) for anything else (malformed, another `alg`), each as `the
/// {what} does not verify: {reason}` with jsonwebtoken's reason names.
pub fn verify(jws: &str, key: JwsKey, what: &str) -> Result<(Header, Map<String, Value>)> {
    let not = |reason: &str| Error::sd_jwt(format!("the {what} does not verify: {reason}"));
    let key = match key {
        JwsKey::Key(key) => key,
        JwsKey::Jsonwebtoken(key, alg) => return verify_jsonwebtoken(jws, key, alg, what),
    };
    let (signing_input, signature) = jws.rsplit_once('.').ok_or_else(|| not("InvalidToken"))?;
    let (_, payload) = signing_input
        .split_once('.')
        .filter(|(_, p)| !p.contains('.'))
        .ok_or_else(|| not("InvalidToken"))?;
    let header = jsonwebtoken::decode_header(jws).map_err(|e| not(&e.to_string()))?;
    if header.alg != algorithm_of(key) {
        return Err(not("InvalidAlgorithm"));
    }
    let signature =
        Base64UrlUnpadded::decode_vec(signature).map_err(|_| not("InvalidSignature"))?;
    if !key.verify(signing_input.as_bytes(), &signature) {
        return Err(Error::signature(format!(
            "the {what} does not verify: InvalidSignature"
        )));
    }
    let claims = Base64UrlUnpadded::decode_vec(payload)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Map<String, Value>>(&bytes).ok())
        .ok_or_else(|| not("the payload is not a base64url JSON object"))?;
    Ok((header, claims))
}

/// [`verify`] by jsonwebtoken.
fn verify_jsonwebtoken(
    jws: &str,
    key: &DecodingKey,
    alg: Algorithm,
    what: &str,
) -> Result<(Header, Map<String, Value>)> {
    let mut validation = jsonwebtoken::Validation::new(alg);
    validation.required_spec_claims = std::collections::HashSet::new();
    validation.validate_exp = false;
    validation.validate_nbf = false;
    validation.validate_aud = false;
    let data = jsonwebtoken::decode::<Map<String, Value>>(jws, key, &validation).map_err(|e| {
        let reason = format!("the {what} does not verify: {e}");
        match e.kind() {
            jsonwebtoken::errors::ErrorKind::InvalidSignature => Error::signature(reason),
            _ => Error::sd_jwt(reason),
        }
    })?;
    Ok((data.header, data.claims))
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
        _ => return Err(Error::key(format!("unsupported JWK {jwk}"))),
    };
    PublicKey::from_bytes(algorithm, &bytes)
        .map_err(|e| Error::key(format!("invalid JWK: {}", e.reason)))
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
        _ => return Err(Error::key(format!("unsupported JWK {jwk}"))),
    };
    let parsed: jsonwebtoken::jwk::Jwk =
        serde_json::from_value(jwk.clone()).map_err(|e| Error::key(format!("invalid JWK: {e}")))?;
    let key =
        DecodingKey::from_jwk(&parsed).map_err(|e| Error::key(format!("invalid JWK: {e}")))?;
    Ok((key, alg))
}
