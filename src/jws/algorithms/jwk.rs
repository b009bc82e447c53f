//! Keys from JWKs (RFC 7517) for the published JWS examples (RFC 7515 Appendix A, RFC 8037 Appendix A).

use super::algorithm::Algorithm;
use super::mac::MacAlg;
use super::signatures::pair;
use crate::error::{Error, Result};

/// A key from a JWK (RFC 7517) for the published JWS examples: `oct` (HS256), `RSA` (RS256, public),
/// `EC` P-256 / P-521 (ES256 / ES512, public) and `OKP` Ed25519 (EdDSA, with `d` it also signs). Errors: another
/// key type or malformed members.
pub fn from_jwk(jwk: &serde_json::Value) -> Result<Box<dyn Algorithm>> {
    use base64ct::{Base64UrlUnpadded, Encoding};
    let member = |name: &str| -> Result<Vec<u8>> {
        jwk.get(name)
            .and_then(|v| v.as_str())
            .and_then(|v| Base64UrlUnpadded::decode_vec(v).ok())
            .ok_or_else(|| Error::key(format!("JWK member `{name}` is missing or not base64url")))
    };
    let kty = jwk.get("kty").and_then(|v| v.as_str()).unwrap_or("");
    let crv = jwk.get("crv").and_then(|v| v.as_str()).unwrap_or("");
    let point = |x: Vec<u8>, y: Vec<u8>| [&[4u8][..], &x, &y].concat();
    match (kty, crv) {
        ("oct", _) => Ok(Box::new(MacAlg::<hmac::SimpleHmac<sha2::Sha256>>::new(
            member("k")?,
            "HMAC",
        ))),
        ("RSA", _) => {
            let n = rsa::BoxedUint::from_be_slice_vartime(&member("n")?);
            let e = rsa::BoxedUint::from_be_slice_vartime(&member("e")?);
            let public = rsa::PublicKey::new(n, e)
                .map_err(|e| Error::key(format!("RSA JWK: {e}")).caused_by(e))?;
            let bytes = rsa::traits::PublicKeyParts::size(&public);
            let vk = rsa::pkcs1v15::VerifyingKey::<sha2::Sha256>::new(public);
            Ok(Box::new(VerifyOnly::<_, rsa::pkcs1v15::Signature>::new(
                vk, bytes,
            )))
        }
        ("EC", "P-256") => {
            let vk = p256::ecdsa::VerifyingKey::from_sec1_bytes(&point(member("x")?, member("y")?))
                .map_err(|e| Error::key(format!("P-256 JWK: {e}")).caused_by(e))?;
            Ok(Box::new(VerifyOnly::<_, p256::ecdsa::Signature>::new(
                vk, 65,
            )))
        }
        ("EC", "P-521") => {
            let vk = p521::ecdsa::VerifyingKey::from_sec1_bytes(&point(member("x")?, member("y")?))
                .map_err(|e| Error::key(format!("P-521 JWK: {e}")).caused_by(e))?;
            Ok(Box::new(VerifyOnly::<_, p521::ecdsa::Signature>::new(
                vk, 133,
            )))
        }
        ("OKP", "Ed25519") => match member("d") {
            Ok(d) => {
                let d: [u8; 32] = d
                    .try_into()
                    .map_err(|_| Error::key("Ed25519 `d` is not 32 bytes"))?;
                let sk = ed25519_dalek::SigningKey::from_bytes(&d);
                let vk = sk.verifying_key();
                Ok(pair::<_, _, ed25519_dalek::Signature>(sk, vk, 32))
            }
            Err(_) => {
                let x: [u8; 32] = member("x")?
                    .try_into()
                    .map_err(|_| Error::key("Ed25519 `x` is not 32 bytes"))?;
                let vk = ed25519_dalek::VerifyingKey::from_bytes(&x)
                    .map_err(|e| Error::key(format!("Ed25519 JWK: {e}")).caused_by(e))?;
                Ok(Box::new(VerifyOnly::<_, ed25519_dalek::Signature>::new(
                    vk, 32,
                )))
            }
        },
        _ => Err(Error::key(format!(
            "unsupported JWK (kty {kty}, crv {crv})"
        ))),
    }
}

/// A verifying key alone.
struct VerifyOnly<VK, S> {
    verifying: VK,
    key_bytes: usize,
    _signature: std::marker::PhantomData<S>,
}

impl<VK, S> VerifyOnly<VK, S> {
    fn new(verifying: VK, key_bytes: usize) -> Self {
        VerifyOnly {
            verifying,
            key_bytes,
            _signature: std::marker::PhantomData,
        }
    }
}

impl<VK, S> Algorithm for VerifyOnly<VK, S>
where
    VK: signature::Verifier<S>,
    S: signature::SignatureEncoding,
{
    fn sign(&self, _: &[u8]) -> Result<Vec<u8>> {
        Err(Error::key("this key is public: it verifies only"))
    }

    fn verify(&self, input: &[u8], signature: &[u8]) -> bool {
        S::try_from(signature).is_ok_and(|s| self.verifying.verify(input, &s).is_ok())
    }

    fn key_bytes(&self) -> usize {
        self.key_bytes
    }
}
