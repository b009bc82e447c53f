//! Linked Data Signature suites that came before VC Data Integrity 1.0 and are still in issued credentials (Open
//! Badges 3.0 and CLR 2.0 issuers shipped `Ed25519Signature2020` for years):
//! - `Ed25519Signature2020` (W3C CCG Ed25519 Signature 2020, §4 Algorithms; the W3C vc-di-eddsa vectors'
//!   `Ed25519Signature2020` directory): a multibase base58btc `proofValue`;
//! - `Ed25519Signature2018`, `JsonWebSignature2020` and `EcdsaSecp256r1Signature2019` (W3C CCG Ed25519 Signature
//!   2018, JSON Web Signature 2020 §4): a detached JWS with an unencoded payload (RFC 7797, `b64: false`) in
//!   `jws`.
//!
//! All of them canonicalize the document and the proof options (the proof without its `proofValue` / `jws`,
//! with the document's `@context`) with URDNA2015 — RDFC-1.0's earlier name, the same algorithm on credential
//! input — and sign SHA-256(canonical proof options) ‖ SHA-256(canonical document), as the Data Integrity suites
//! do. Verification only: canonprof issues with the published cryptosuites.

use super::cryptosuite::{Intermediates, Verification};
use super::multikey;
use super::proof_span;
use crate::canon::rdfc::{self, HashAlgorithm, RdfcOptions};
use crate::canon::Session;
use crate::error::{Error, Result};
use crate::keys::{PublicKey, SignatureAlgorithm};
use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::{Map, Value};

/// A legacy proof type canonprof verifies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegacySuite {
    /// `Ed25519Signature2020`: Ed25519 over the hash data, `proofValue` multibase base58btc.
    Ed25519Signature2020,
    /// `Ed25519Signature2018`: a detached `EdDSA` JWS over the hash data.
    Ed25519Signature2018,
    /// `JsonWebSignature2020`: a detached JWS (`EdDSA`, `ES256`, `ES384`) over the hash data.
    JsonWebSignature2020,
    /// `EcdsaSecp256r1Signature2019`: a detached `ES256` JWS over the hash data.
    EcdsaSecp256r1Signature2019,
}

/// Legacy proof types canonprof recognizes but cannot verify, with the reason (the key algorithm it lacks).
pub const UNSUPPORTED: [(&str, &str); 3] = [
    (
        "RsaSignature2018",
        "an RSA (PS256 / RS256) detached JWS; RSA verification keys are not supported",
    ),
    (
        "EcdsaSecp256k1Signature2019",
        "an ES256K (secp256k1) detached JWS; secp256k1 keys are not supported",
    ),
    (
        "BbsBlsSignature2020",
        "a BBS+ signature over BLS12-381; BBS is not supported",
    ),
];

impl LegacySuite {
    /// Every legacy suite verified.
    pub const ALL: [LegacySuite; 4] = [
        LegacySuite::Ed25519Signature2020,
        LegacySuite::Ed25519Signature2018,
        LegacySuite::JsonWebSignature2020,
        LegacySuite::EcdsaSecp256r1Signature2019,
    ];

    /// The proof `type` it is written with.
    pub fn name(self) -> &'static str {
        match self {
            LegacySuite::Ed25519Signature2020 => "Ed25519Signature2020",
            LegacySuite::Ed25519Signature2018 => "Ed25519Signature2018",
            LegacySuite::JsonWebSignature2020 => "JsonWebSignature2020",
            LegacySuite::EcdsaSecp256r1Signature2019 => "EcdsaSecp256r1Signature2019",
        }
    }

    /// The suite a proof `type` names, if it is one of [`LegacySuite::ALL`].
    pub fn from_type(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether the signature is a detached JWS in `jws` (else a multibase `proofValue`).
    fn is_jws(self) -> bool {
        self != LegacySuite::Ed25519Signature2020
    }

    /// The JWS `alg` values the suite allows with `key`'s algorithm.
    fn allows(self, alg: &str, key: SignatureAlgorithm) -> bool {
        let matches = matches!(
            (alg, key),
            ("EdDSA", SignatureAlgorithm::Ed25519)
                | ("ES256", SignatureAlgorithm::P256)
                | ("ES384", SignatureAlgorithm::P384)
        );
        match self {
            LegacySuite::Ed25519Signature2020 | LegacySuite::Ed25519Signature2018 => {
                alg == "EdDSA" && matches
            }
            LegacySuite::EcdsaSecp256r1Signature2019 => alg == "ES256" && matches,
            LegacySuite::JsonWebSignature2020 => matches,
        }
    }
}

/// The signature of a legacy proof, decoded: the bytes verified and the bytes they sign before the hash data
/// (a JWS's `<protected header>.`, empty for a `proofValue`).
struct Signature {
    bytes: Vec<u8>,
    prefix: Vec<u8>,
    alg: &'static str,
}

/// The proof's signature. A detached JWS must be `<header>..<signature>` with `b64: false` in `crit` (RFC 7797
/// §3, §5.2). Errors: [`crate::ErrorKind::Proof`] naming what is malformed.
fn signature(
    suite: LegacySuite,
    proof: &Map<String, Value>,
    limits: &crate::document::Limits,
) -> Result<Signature> {
    if !suite.is_jws() {
        let value = proof
            .get("proofValue")
            .and_then(Value::as_str)
            .ok_or_else(|| Error::proof("the proof has no proofValue string"))?;
        let bytes = multikey::decode_base58btc_at_most(
            value,
            64,
            "proofValue (an Ed25519 signature, 64 bytes)",
        )
        .map_err(|e| Error::proof(e.reason()).caused_by(e))?;
        return Ok(Signature {
            bytes,
            prefix: Vec::new(),
            alg: "EdDSA",
        });
    }
    let jws = proof
        .get("jws")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::proof("the proof has no jws string"))?;
    let mut parts = jws.split('.');
    let (Some(header), Some(""), Some(sig), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Error::proof(
            "`jws` is not a detached JWS `<header>..<signature>`",
        ));
    };
    let header_json = Base64UrlUnpadded::decode_vec(header)
        .map_err(|e| Error::proof(format!("the JWS header is not base64url: {e}")).caused_by(e))?;
    // Read as strictly as any signed JSON (a repeated `alg` or `b64` must not pick the last value), and RFC 7515
    // §4.1.11: `crit` may name only what this verifier processes, `b64` (RFC 7797).
    let header_value =
        crate::document::parse_untrusted_json("the JWS header", &header_json, *limits).map_err(
            |e| Error::proof(format!("the JWS header is not I-JSON: {}", e.reason())).caused_by(e),
        )?;
    let crit = header_value.get("crit").and_then(Value::as_array);
    if let Some(other) = crit.into_iter().flatten().find(|v| *v != "b64") {
        return Err(Error::proof(format!(
            "the JWS header's crit names {}, which this verifier does not understand (RFC 7515 §4.1.11)",
            crate::error::excerpt(&other.to_string())
        )));
    }
    let unencoded = header_value.get("b64") == Some(&Value::Bool(false))
        && crit.is_some_and(|c| c.iter().any(|v| v == "b64"));
    if !unencoded {
        return Err(Error::proof(
            "the JWS header does not carry b64: false in crit (RFC 7797)",
        ));
    }
    let alg = match header_value.get("alg").and_then(Value::as_str) {
        Some("EdDSA") => "EdDSA",
        Some("ES256") => "ES256",
        Some("ES384") => "ES384",
        Some(other) => {
            return Err(Error::proof(format!(
                "unsupported JWS alg {} (EdDSA, ES256 and ES384 are supported)",
                crate::error::excerpt(other)
            )))
        }
        None => return Err(Error::proof("the JWS header has no alg")),
    };
    let bytes = Base64UrlUnpadded::decode_vec(sig).map_err(|e| {
        Error::proof(format!("the JWS signature is not base64url: {e}")).caused_by(e)
    })?;
    Ok(Signature {
        bytes,
        prefix: format!("{header}.").into_bytes(),
        alg,
    })
}

/// URDNA2015 / RDFC-1.0 canonical N-Quads of `value`, labeled with SHA-256 whatever the key (URDNA2015 has no
/// other hash); `what` names it in errors.
fn canonicalize(value: &Value, what: &str, session: &Session) -> Result<String> {
    super::budget::charge()?;
    let options = RdfcOptions::for_proofs(session.settings()).with_hash(HashAlgorithm::Sha256);
    rdfc::canonical_form_of_value(what, value, session, &options)
}

/// Verifies a legacy `proof` over `unsecured` (the document without it) with `public_key`, or a key resolved
/// from a `did:key` verification method. A proof that does not verify is `verified: false` with the reason;
/// errors are for what cannot be checked at all (a malformed signature or key, a canonicalization error).
pub fn verify_proof(
    suite: LegacySuite,
    unsecured: &Map<String, Value>,
    proof: &Map<String, Value>,
    public_key: Option<&PublicKey>,
    session: &Session,
) -> Result<Verification> {
    let signature = signature(suite, proof, &session.settings().input_limits)?;
    let key = multikey::proof_key(public_key, proof)?;
    if !suite.allows(signature.alg, key.algorithm()) {
        return Err(Error::key(format!(
            "a {} key cannot check a {} {} signature",
            key.algorithm().name(),
            suite.name(),
            signature.alg
        )));
    }
    // The proof options: the proof without its signature, with the document's @context.
    let mut options = proof.clone();
    options.remove("proofValue");
    options.remove("jws");
    match unsecured.get("@context") {
        Some(context) => options.insert("@context".into(), context.clone()),
        None => options.remove("@context"),
    };
    let canonical_document = {
        let _span = tracing::info_span!(proof_span::CANONICALIZE_DOCUMENT).entered();
        canonicalize(
            &Value::Object(unsecured.clone()),
            "unsecured document",
            session,
        )?
    };
    let canonical_proof_config = {
        let _span = tracing::info_span!(proof_span::CANONICALIZE_PROOF_CONFIG).entered();
        canonicalize(&Value::Object(options), "proof options", session)?
    };
    let hash_data = super::shared_steps::hashing(
        &canonical_proof_config,
        &canonical_document,
        HashAlgorithm::Sha256,
    );
    let verified = {
        let _span = tracing::info_span!(proof_span::VERIFY).entered();
        let mut message = signature.prefix;
        message.extend_from_slice(&hash_data);
        key.verify(&message, &signature.bytes)
    };
    Ok(Verification {
        verified,
        reason: (!verified).then(|| {
            format!(
                "the {} signature does not verify over the hash data",
                suite.name()
            )
        }),
        intermediates: Some(Intermediates {
            canonical_document,
            canonical_proof_config,
            hash_data,
            canonicalizations: 2,
        }),
    })
}
