//! The SD-JWT VC leg of the exchange: the issuer puts the credential's subject attributes in an SD-JWT VC as
//! selectively disclosable claims (plus decoys, `vct`, `cnf`); the holder presents 5 of them with a Key
//! Binding JWT; the verifier checks the issuer signature, every digest and the KB-JWT. No canonicalization.

use super::Uncanonicalized;
use crate::error::{Error, ErrorKind, Result};
use crate::keys::{Backend, PublicKey, SecretKey, SignatureAlgorithm};
use crate::sd_jwt::jose::{JoseKey, JwsAlg};
use crate::sd_jwt::{self, Claims, Expected, KeyBinding};
use serde_json::{Map, Value};

/// Decoy digests per SD-JWT VC (RFC 9901 §4.2.5).
pub const DECOYS: usize = 5;
const NONCE: &str = "n-0S6_WzA2Mj";
const AUDIENCE: &str = "https://verifier.example";

/// A prepared SD-JWT VC exchange.
pub struct SdJwtLeg {
    issuer: JoseKey,
    issuer_public: PublicKey,
    holder: JoseKey,
    claims: Claims,
    disclosed: Vec<String>,
    seed: u64,
    issued: String,
    presented: String,
}

impl SdJwtLeg {
    /// Prepares the exchange of `attributes` (the subject's claims), disclosing `disclosed`, with issuer and
    /// holder keys of `algorithm` (Ed25519: `EdDSA`, P-256: `ES256`, ML-DSA-44: `ML-DSA-44` with `AKP` JWKs,
    /// RFC 9964; SLH-DSA-SHA2-128s: the draft's `SLH-DSA-SHA2-128s`) from `seed`, every JWS signed and verified
    /// through `backend`. Errors: a P-384 or FALCON-512 `algorithm` ([`SdJwtLeg::supports`]), issuing or
    /// presenting failed.
    pub fn new(
        attributes: &Map<String, Value>,
        disclosed: &[String],
        algorithm: SignatureAlgorithm,
        seed: u64,
        backend: Backend,
    ) -> Result<SdJwtLeg> {
        let key = |seed| SecretKey::from_seed(algorithm, seed).with_backend(backend);
        let issuer = JoseKey::new(&key(seed)?)?;
        let holder = JoseKey::new(&key(seed.wrapping_add(1))?)?;
        let issuer_public = issuer.public_key();
        let plain = serde_json::json!({
            "iss": "https://issuer.example", "iat": 1_767_225_600, "vct": "https://credentials.example/person",
        });
        let claims = Claims {
            plain: plain.as_object().cloned().unwrap_or_default(),
            selective: attributes.clone(),
            decoys: DECOYS,
            holder_jwk: holder.jwk.clone(),
        };
        let mut leg = SdJwtLeg {
            issuer,
            issuer_public,
            holder,
            claims,
            disclosed: disclosed.to_vec(),
            seed,
            issued: String::new(),
            presented: String::new(),
        };
        leg.issued = leg.issue()?;
        leg.presented = leg.present()?;
        Ok(leg)
    }

    /// Whether SD-JWT VC signs with `algorithm` here: a JWS `alg` names it ([`JwsAlg::of`]) and it is not
    /// P-384 (which the exchange does not use).
    pub fn supports(algorithm: SignatureAlgorithm) -> bool {
        algorithm != SignatureAlgorithm::P384 && JwsAlg::of(algorithm).is_some()
    }

    /// The issuer's public key as a JWK (RFC 7517), what a verifier checks the issuer-signed JWT with.
    pub fn issuer_jwk(&self) -> &Value {
        &self.issuer.jwk
    }

    /// The nonce and audience the holder binds the presentation to ([`KeyBinding`]).
    pub fn key_binding_expected(&self) -> Expected<'static> {
        Expected {
            nonce: NONCE,
            aud: AUDIENCE,
        }
    }

    /// The disclosed claims presented without a Key Binding JWT (RFC 9901 §4: the compact form ends in `~`).
    /// Errors: as [`sd_jwt::present`].
    pub fn present_unbound(&self) -> Result<String> {
        let names: Vec<&str> = self.disclosed.iter().map(String::as_str).collect();
        sd_jwt::present(&self.issued, &names, None)
    }
}

impl Uncanonicalized for SdJwtLeg {
    const FORMAT: &'static str = "SD-JWT VC";
    type Wire = String;

    fn issue(&self) -> Result<String> {
        use rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(self.seed);
        Ok(sd_jwt::issue(&self.claims, &self.issuer, &mut rng)?.serialize())
    }

    fn present(&self) -> Result<String> {
        let names: Vec<&str> = self.disclosed.iter().map(String::as_str).collect();
        let binding = KeyBinding {
            holder: &self.holder,
            nonce: NONCE,
            aud: AUDIENCE,
            iat: 1_767_225_700,
        };
        sd_jwt::present(&self.issued, &names, Some(&binding))
    }

    fn verify(&self) -> Result<()> {
        let expected = self.key_binding_expected();
        let verified = sd_jwt::verify(&self.presented, &self.issuer_public, Some(expected))?;
        if self
            .disclosed
            .iter()
            .all(|n| verified.claims.contains_key(n))
        {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::Internal,
                "a fresh SD-JWT VC presentation lost a disclosed claim",
            ))
        }
    }

    fn presented(&self) -> &String {
        &self.presented
    }

    fn issued(&self) -> &String {
        &self.issued
    }

    /// The issuer-signed JWT's signature and the KB-JWT's, decoded.
    fn presented_signature_bytes(&self) -> usize {
        self.signatures_in(&self.presented)
            .map_or(0, |s| s.iter().map(Vec::len).sum())
    }

    /// The issuer-signed JWT's signature and the KB-JWT's, decoded (what is not base64url is left out).
    fn signatures_in(&self, presented: &String) -> Result<Vec<Vec<u8>>> {
        use base64ct::{Base64UrlUnpadded, Encoding};
        let signature = |jws: &str| {
            jws.rsplit('.')
                .next()
                .and_then(|s| Base64UrlUnpadded::decode_vec(s).ok())
                .unwrap_or_default()
        };
        let issuer_jwt = presented.split('~').next().unwrap_or("");
        let kb_jwt = presented.rsplit('~').next().unwrap_or("");
        Ok(vec![signature(issuer_jwt), signature(kb_jwt)])
    }

    fn signatures(&self) -> Backend {
        self.issuer_public.backend()
    }
}
