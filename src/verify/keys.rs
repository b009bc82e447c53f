//! Keys given with `--key FILE`: a Multikey (Controller Documents §2.2.2), a JWK (RFC 7517), a DID document or
//! controller document (its `verificationMethod` entries, with `publicKeyMultibase`, `publicKeyJwk` or an
//! Ed25519VerificationKey2018's `publicKeyBase58`), or a PEM
//! `PUBLIC KEY` (SPKI). Each becomes a [`KnownKey`] matched to proofs by verification method id.

use crate::document::Limits;
use crate::error::{Error, Result};
use crate::integrity::multikey;
use crate::keys::{PublicKey, SignatureAlgorithm};
use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::Value;

/// A key from a `--key` file.
#[derive(Debug, Clone)]
pub struct KnownKey {
    /// Its verification method id (`id` of a Multikey or DID document entry, `kid` of a JWK), if it has one.
    pub id: Option<String>,
    /// The key.
    pub public: PublicKey,
    /// The key as a JWK (what SD-JWT verification takes).
    pub jwk: Value,
    /// Who controls it: the entry's `controller`, else the id of the DID or controller document it is in.
    pub controller: Option<String>,
    /// The file it came from.
    pub origin: String,
    /// For a key listed in a DID or controller document: the verification relationships (`assertionMethod`,
    /// `authentication`, …) that document lists it under, the only proof purposes it may serve. `None` for a key
    /// given on its own, which serves any.
    pub relationships: Option<Vec<String>>,
}

/// The verification relationships of a DID or controller document (Controlled Identifiers §2.3).
const RELATIONSHIPS: [&str; 5] = [
    "assertionMethod",
    "authentication",
    "capabilityInvocation",
    "capabilityDelegation",
    "keyAgreement",
];

/// Every key in `text` (a file's contents). Errors: [`crate::ErrorKind::Key`] naming `origin` when the text is
/// none of the forms, or a key in it is malformed.
pub fn parse(origin: &str, text: &str, limits: &Limits) -> Result<Vec<KnownKey>> {
    let trimmed = text.trim();
    if trimmed.starts_with("-----BEGIN PUBLIC KEY-----") {
        let der = crate::keys::pem_der(trimmed, "PUBLIC KEY").ok_or_else(|| {
            Error::key("PEM: the PUBLIC KEY block is not base64").in_source(origin)
        })?;
        let public = PublicKey::from_spki_der(&der, &SignatureAlgorithm::ALL).ok_or_else(|| {
            Error::key("the PEM key is not Ed25519, P-256 or P-384").in_source(origin)
        })?;
        return Ok(vec![known(None, public, origin)]);
    }
    // Read strictly, as every JSON canonprof trusts: a key file whose `x` or `assertionMethod` repeats must not
    // take its last value.
    let value = super::json::json_document(origin, trimmed.as_bytes(), limits).map_err(|e| {
        Error::key(format!(
            "not a JSON key or a PEM public key: {}",
            e.reason()
        ))
        .in_source(origin)
    })?;
    let mut keys = Vec::new();
    collect(&value, None, origin, &mut keys).map_err(|e| e.in_source(origin))?;
    if keys.is_empty() {
        return Err(
            Error::key("no key in it (a Multikey, JWK, DID document or PEM public key)")
                .in_source(origin),
        );
    }
    Ok(keys)
}

fn collect(
    value: &Value,
    document: Option<&str>,
    origin: &str,
    keys: &mut Vec<KnownKey>,
) -> Result<()> {
    let before = keys.len();
    let id = value
        .get("id")
        .or_else(|| value.get("kid"))
        .and_then(Value::as_str)
        .map(str::to_string);
    if value.get("kty").is_some() {
        keys.push(known(id.clone(), from_jwk(value)?, origin));
    } else if let Some(multibase) = value.get("publicKeyMultibase").and_then(Value::as_str) {
        keys.push(known(id.clone(), multikey::public_key(multibase)?, origin));
    } else if let Some(jwk) = value.get("publicKeyJwk") {
        keys.push(known(id.clone(), from_jwk(jwk)?, origin));
    } else if let Some(base58) = value.get("publicKeyBase58").and_then(Value::as_str) {
        // Ed25519VerificationKey2018 (W3C CCG Ed25519 Signature 2018): the 32 raw bytes in base58btc.
        let bytes = multikey::decode_base58_at_most(
            base58,
            32,
            "publicKeyBase58 (an Ed25519 public key, 32 bytes)",
        )
        .map_err(|e| Error::key(format!("publicKeyBase58: {}", e.reason())).caused_by(e))?;
        keys.push(known(
            id.clone(),
            PublicKey::from_bytes(SignatureAlgorithm::Ed25519, &bytes)?,
            origin,
        ));
    }
    // A key listed in a DID or controller document is that document's: the document's `id` is who its listing
    // binds, whatever the entry's own `controller` claims (a document cannot list keys in another's name).
    let controller = match document {
        Some(doc) => Some(doc.to_string()),
        None => value
            .get("controller")
            .and_then(Value::as_str)
            .map(str::to_string),
    };
    for key in &mut keys[before..] {
        key.controller = controller.clone();
    }
    let this = value.get("id").and_then(Value::as_str);
    let start = keys.len();
    if let Some(Value::Array(methods)) = value.get("verificationMethod") {
        for method in methods {
            collect(method, this, origin, keys)?;
        }
    }
    // Keys embedded in a relationship are methods of the document too.
    for relationship in RELATIONSHIPS {
        if let Some(Value::Array(entries)) = value.get(relationship) {
            for entry in entries.iter().filter(|e| e.is_object()) {
                collect(entry, this, origin, keys)?;
            }
        }
    }
    if keys.len() > start {
        let absolute = |reference: &str| match (reference.starts_with('#'), this) {
            (true, Some(doc)) => format!("{doc}{reference}"),
            _ => reference.to_string(),
        };
        for key in &mut keys[start..] {
            let Some(key_id) = key.id.as_deref().map(absolute) else {
                key.relationships = Some(Vec::new());
                continue;
            };
            let listed = RELATIONSHIPS
                .iter()
                .filter(|r| match value.get(**r) {
                    Some(Value::Array(entries)) => entries.iter().any(|e| {
                        let reference = match e {
                            Value::String(s) => Some(s.as_str()),
                            Value::Object(o) => o.get("id").and_then(Value::as_str),
                            _ => None,
                        };
                        reference.is_some_and(|r| absolute(r) == key_id)
                    }),
                    _ => false,
                })
                .map(|r| r.to_string())
                .collect();
            key.relationships = Some(listed);
        }
    }
    Ok(())
}

fn known(id: Option<String>, public: PublicKey, origin: &str) -> KnownKey {
    KnownKey {
        relationships: None,
        jwk: to_jwk(&public),
        controller: None,
        id,
        public,
        origin: origin.to_string(),
    }
}

/// The JWK `crv` of a BLS12-381 G2 key (`OKP`, `x` the 96-byte compressed point: draft-ietf-cose-bls-key-
/// representations).
pub const BLS12381G2_CRV: &str = "Bls12381G2";

/// A public JWK (`OKP`/`Ed25519` or `Bls12381G2`, `EC`/`P-256` or `P-384`, or `AKP` with `alg` `ML-DSA-44` (RFC 9964 §6),
/// `SLH-DSA-SHA2-128s` or `FN-DSA-512` (the drafts' names, [`SignatureAlgorithm::akp_alg`]) and `pub`) as a key.
/// Errors: another key type or curve, or a malformed coordinate or key.
pub fn from_jwk(jwk: &Value) -> Result<PublicKey> {
    let field = |name: &str| -> Result<Vec<u8>> {
        let text = jwk
            .get(name)
            .and_then(Value::as_str)
            .ok_or_else(|| Error::key(format!("the JWK has no `{name}`")))?;
        Base64UrlUnpadded::decode_vec(text).map_err(|e| {
            Error::key(format!("the JWK's `{name}` is not base64url: {e}")).caused_by(e)
        })
    };
    match (
        jwk.get("kty").and_then(Value::as_str),
        jwk.get("crv").and_then(Value::as_str),
    ) {
        (Some("OKP"), Some("Ed25519")) => {
            PublicKey::from_bytes(SignatureAlgorithm::Ed25519, &field("x")?)
        }
        (Some("OKP"), Some(BLS12381G2_CRV)) => {
            PublicKey::from_bytes(SignatureAlgorithm::Bls12381G2, &field("x")?)
        }
        (Some("EC"), Some(curve @ ("P-256" | "P-384"))) => {
            let mut point = vec![4u8];
            point.extend(field("x")?);
            point.extend(field("y")?);
            let alg = if curve == "P-256" {
                SignatureAlgorithm::P256
            } else {
                SignatureAlgorithm::P384
            };
            PublicKey::from_bytes(alg, &point)
        }
        (Some("AKP"), _) => {
            let algorithm = akp_algorithm(jwk)?;
            PublicKey::from_bytes(algorithm, &field("pub")?)
        }
        (kty, crv) => Err(Error::key(format!(
            "a JWK of kty {} / crv {} (Ed25519, P-256 and P-384 are supported)",
            kty.unwrap_or("?"),
            crv.unwrap_or("?")
        ))),
    }
    .map_err(|e| Error::key(format!("JWK: {}", e.reason())).caused_by(e))
}

/// The algorithm of an `AKP` JWK (RFC 9964 §6): its `alg`, one of [`SignatureAlgorithm::akp_alg`]'s. Errors:
/// [`crate::ErrorKind::Key`] for a missing or other `alg`.
pub fn akp_algorithm(jwk: &Value) -> Result<SignatureAlgorithm> {
    let alg = jwk
        .get("alg")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::key("an AKP JWK has no `alg` (RFC 9964 §6 requires it)"))?;
    SignatureAlgorithm::from_akp_alg(alg).ok_or_else(|| {
        Error::key(format!(
            "an AKP JWK of alg {} (ML-DSA-44, SLH-DSA-SHA2-128s and FN-DSA-512 are supported)",
            crate::error::excerpt(alg)
        ))
    })
}

/// The public JWK of a key: `OKP` / `EC` for the classical keys, `AKP` with `alg` and `pub` (RFC 9964 §6) for the
/// post-quantum ones.
pub fn to_jwk(key: &PublicKey) -> Value {
    let b64 = |b: &[u8]| Base64UrlUnpadded::encode_string(b);
    if let Some(alg) = key.algorithm().akp_alg() {
        return serde_json::json!({"kty": "AKP", "alg": alg, "pub": b64(&key.to_bytes(true))});
    }
    if key.algorithm() == SignatureAlgorithm::Bls12381G2 {
        return serde_json::json!({"kty": "OKP", "crv": BLS12381G2_CRV, "x": b64(&key.to_bytes(true))});
    }
    match key.coordinates() {
        None => serde_json::json!({"kty": "OKP", "crv": "Ed25519", "x": b64(&key.to_bytes(true))}),
        Some((x, y)) => {
            let crv = if key.algorithm() == SignatureAlgorithm::P384 {
                "P-384"
            } else {
                "P-256"
            };
            serde_json::json!({"kty": "EC", "crv": crv, "x": b64(&x), "y": b64(&y)})
        }
    }
}

/// The key for `verification_method` among `keys`: the one with that id (or the id's fragment), else the only
/// one given.
pub fn find<'k>(keys: &'k [KnownKey], verification_method: &str) -> Option<&'k KnownKey> {
    let fragment = verification_method.rsplit_once('#').map(|(_, f)| f);
    keys.iter()
        .find(|k| {
            k.id.as_deref().is_some_and(|id| {
                id == verification_method
                    || fragment.is_some_and(|f| id.strip_prefix('#') == Some(f))
            })
        })
        .or(match keys {
            [only] => Some(only),
            _ => None,
        })
}

/// The key a self-certifying identifier is, resolved offline, with the DID that controls it: a `did:key`
/// (W3C did:key v0.7: the multibase Multikey after `did:key:`) or a `did:jwk` (did:jwk: the base64url of a
/// public JWK, UTF-8 JSON, after `did:jwk:`), with or without a fragment. `None` for any other identifier.
/// Errors: [`crate::ErrorKind::Key`] for a malformed one (a did:jwk holding a private key among them).
pub fn self_certifying(method: &str, limits: &Limits) -> Option<Result<(PublicKey, String)>> {
    let did = method.split('#').next().unwrap_or(method);
    if let Some(multibase) = did.strip_prefix("did:key:") {
        // did:key §3.1.2: the key's fragment is the method-specific identifier itself; another key's fragment
        // would name a key this DID does not have.
        let key = match multikey::did_key_public_key(method) {
            Ok(key) => key,
            Err(e) => return Some(Err(e)),
        };
        if let Some((_, fragment)) = method.split_once('#') {
            if fragment != multibase {
                return Some(Err(crate::Error::key(format!(
                    "the did:key fragment #{} is not the DID's own key (did:key §3.1.2)",
                    crate::error::excerpt(fragment)
                ))));
            }
        }
        return Some(Ok((key, did.to_string())));
    }
    let encoded = did.strip_prefix("did:jwk:")?;
    // did:jwk §2: the one verification method is `#0`.
    if method.split_once('#').is_some_and(|(_, f)| f != "0") {
        return Some(Err(crate::Error::key(
            "a did:jwk verification method other than #0, which is its only one (did:jwk §2)",
        )));
    }
    Some(did_jwk(encoded, limits).map(|k| (k, did.to_string())))
}

/// The public key of a did:jwk's method-specific identifier.
fn did_jwk(encoded: &str, limits: &Limits) -> Result<PublicKey> {
    // A public JWK of the supported keys is under 2.5 KB (ML-DSA-44's `pub`: 1,750 characters); refuse longer
    // identifiers before decoding.
    const MAX_ENCODED: usize = 4096;
    if encoded.len() > MAX_ENCODED {
        return Err(Error::key(format!(
            "a did:jwk of {} characters is longer than a public key of a supported curve can be ({MAX_ENCODED})",
            encoded.len()
        )));
    }
    let bytes = Base64UrlUnpadded::decode_vec(encoded)
        .map_err(|_| Error::key("the did:jwk identifier is not base64url without padding"))?;
    let jwk = super::json::json_part("did:jwk", "its JWK", &bytes, limits).map_err(|e| {
        Error::key(format!(
            "the did:jwk identifier is not a JWK: {}",
            e.reason()
        ))
    })?;
    if jwk.contains_key("d") {
        return Err(Error::key(
            "the did:jwk identifier holds a private key (`d`), which did:jwk forbids",
        ));
    }
    // A key marked for encryption, or for another algorithm than its curve signs with, is not a signing key; a
    // certificate riding along would be a second, unchecked claim about it.
    if jwk.get("use").is_some_and(|u| u != "sig") {
        return Err(Error::key("the did:jwk key's `use` is not `sig`"));
    }
    if ["x5c", "x5u", "x5t", "x5t#S256"]
        .iter()
        .any(|k| jwk.contains_key(*k))
    {
        return Err(Error::key(
            "the did:jwk key carries a certificate (x5c / x5u / x5t)",
        ));
    }
    let public = from_jwk(&Value::Object(jwk.clone()))?;
    let expected = match public.algorithm() {
        SignatureAlgorithm::Ed25519 => "EdDSA",
        SignatureAlgorithm::P256 => "ES256",
        SignatureAlgorithm::P384 => "ES384",
        other => other.akp_alg().unwrap_or("?"),
    };
    if let Some(alg) = jwk.get("alg") {
        if alg != expected && !(expected == "EdDSA" && alg == "Ed25519") {
            return Err(Error::key(format!(
                "the did:jwk key's `alg` {} is not {expected}, what its curve signs with",
                crate::error::excerpt(&alg.to_string())
            )));
        }
    }
    Ok(public)
}
