//! JWS keys for SD-JWT (RFC 7515 / RFC 7518 / RFC 8037 via the jsonwebtoken crate, RustCrypto backend): an
//! issuer or holder key pair as a jsonwebtoken encoding key, its public JWK (RFC 7517) and decoding key.

use crate::error::{Error, Result};
use crate::keys::SecretKey;
use base64ct::{Base64UrlUnpadded, Encoding};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use serde_json::{json, Value};

/// A signing key with its JWS algorithm (`EdDSA` for Ed25519, `ES256` for P-256) and public JWK.
#[derive(Clone)]
pub struct JoseKey {
    /// The JWS `alg`.
    pub alg: Algorithm,
    encoding: EncodingKey,
    /// The public key as a JWK (`OKP`/`Ed25519` or `EC`/`P-256`), as it goes into `cnf`.
    pub jwk: Value,
}

impl std::fmt::Debug for JoseKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "JoseKey({:?}, {})", self.alg, self.jwk)
    }
}

impl JoseKey {
    /// The JOSE form of an Ed25519 or P-256 key. Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) for a P-384
    /// key (not used by SD-JWT VC here).
    pub fn new(key: &SecretKey) -> Result<JoseKey> {
        let b64 = |bytes: &[u8]| Base64UrlUnpadded::encode_string(bytes);
        let public = key.public_key();
        match (key, public.coordinates()) {
            (SecretKey::Ed25519(_), _) => Ok(JoseKey {
                alg: Algorithm::EdDSA,
                encoding: EncodingKey::from_ed_der(
                    &key.to_pkcs8_der()
                        .map_err(|e| Error::key(format!("Ed25519 key: {}", e.reason)))?,
                ),
                jwk: json!({"kty": "OKP", "crv": "Ed25519", "x": b64(&public.to_bytes(false))}),
            }),
            (SecretKey::P256(_), Some((x, y))) => Ok(JoseKey {
                alg: Algorithm::ES256,
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

    /// The encoding key for jsonwebtoken.
    pub fn encoding(&self) -> &EncodingKey {
        &self.encoding
    }
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
