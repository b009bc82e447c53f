//! canonprof as verifier of an interop directory (any producer's [`super::Manifest`]): Data Integrity with the
//! key resolved offline from the proof's `did:key` (VC Data Integrity §4.4 Verify Proof, through
//! [`suites::verify_proof`]), SD-JWT VC with the manifest's issuer JWK and KB-JWT expectations
//! ([`sd_jwt::verify`]), mdoc with the manifest's IACA and SessionTranscript ([`mdoc::verify`]).

use super::{Artifact, ArtifactResult, Manifest, Outcome, VerifierReport};
use crate::canon::Session;
use crate::document::Limits;
use crate::error::{Error, ErrorKind, Result};
use crate::integrity::suites;
use crate::mdoc::{self, Verification};
use crate::sd_jwt::{self, jose::decoding_key, Expected};
use ciborium::Value as Cbor;
use serde_json::Value;
use std::path::Path;

/// Reads `dir/manifest.json` and verifies every artifact with `session` (its contexts and expansion engine).
/// A failed artifact is a result, not an error. Errors: [`ErrorKind::Io`] / [`ErrorKind::Json`] for a missing
/// or malformed manifest.
pub fn verify(dir: &Path, session: &Session) -> Result<VerifierReport> {
    let path = dir.join("manifest.json");
    let limits = &session.settings().input_limits;
    let text = limits.read_text(&path)?;
    let manifest: Manifest = serde_json::from_str(&text).map_err(|e| {
        Error::new(ErrorKind::Json, e.to_string()).in_source(path.display().to_string())
    })?;
    let results = manifest
        .artifacts
        .iter()
        .map(|a| {
            let (outcome, reason) = match check(dir, a, session) {
                Ok(Checked::Verified) => (Outcome::Verified, None),
                Ok(Checked::Rejected(why)) => (Outcome::Rejected, Some(why)),
                Ok(Checked::Unsupported(why)) => (Outcome::Unsupported, Some(why)),
                Err(e) if rejects(e.kind()) => (Outcome::Rejected, Some(e.to_string())),
                Err(e) => (Outcome::Error, Some(e.to_string())),
            };
            ArtifactResult {
                name: a.name.clone(),
                format: a.format.clone(),
                expect: a.expect,
                outcome,
                reason,
            }
        })
        .collect();
    Ok(VerifierReport {
        verifier: super::implementation(),
        producer: manifest.producer,
        results,
    })
}

/// The error kinds that mean "checked, and a check failed" rather than "could not check".
fn rejects(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::Signature
            | ErrorKind::Digest
            | ErrorKind::SdJwt
            | ErrorKind::Mdoc
            | ErrorKind::Proof
    )
}

enum Checked {
    Verified,
    Rejected(String),
    Unsupported(String),
}

fn check(dir: &Path, artifact: &Artifact, session: &Session) -> Result<Checked> {
    let path = dir.join(&artifact.file);
    let limits = &session.settings().input_limits;
    let bytes = limits.read_bytes(&path)?;
    match artifact.format.as_str() {
        "vcdm" => vcdm(&bytes, artifact, session),
        "sd-jwt" => sd_jwt_vc(&bytes, artifact, limits),
        "mdoc" => mdoc_response(dir, &bytes, artifact, limits),
        other => Ok(Checked::Unsupported(format!(
            "format `{other}` is not one of vcdm, sd-jwt, mdoc"
        ))),
    }
}

fn vcdm(bytes: &[u8], artifact: &Artifact, session: &Session) -> Result<Checked> {
    let mut document: Value = serde_json::from_slice(bytes)
        .map_err(|e| Error::new(ErrorKind::Json, e.to_string()).caused_by(e))?;
    if artifact.kind.as_deref() == Some("base") {
        document = derive_from_base(&document, artifact, session)?;
    }
    let proof_type = document
        .pointer("/proof/type")
        .and_then(Value::as_str)
        .unwrap_or("");
    if proof_type != "DataIntegrityProof" {
        return Ok(Checked::Unsupported(format!(
            "proof type `{proof_type}` (a single DataIntegrityProof is checked)"
        )));
    }
    let verification = suites::verify_proof(&document, None, session)?;
    Ok(if verification.verified {
        Checked::Verified
    } else {
        Checked::Rejected(
            verification
                .reason
                .unwrap_or_else(|| "the proof does not verify".into()),
        )
    })
}

/// A base proof's document with a proof derived from it, as a holder would (VC Data Integrity ECDSA §3.6.6 for
/// ecdsa-sd-2023, BBS Cryptosuites §3.4.6 for bbs-2023), disclosing the manifest's `selective_pointers` (or the
/// exchange's 5 subject attributes when it gives none). Errors: another suite, and what deriving reports (a
/// malformed base proof is a [`ErrorKind::Proof`], so a rejection).
fn derive_from_base(document: &Value, artifact: &Artifact, session: &Session) -> Result<Value> {
    use crate::integrity::suites::Cryptosuite;
    let selective = match &artifact.selective_pointers {
        Some(pointers) => pointers.clone(),
        None => crate::exchange::disclosure::selective_pointers(document)?,
    };
    let suite = document
        .pointer("/proof/cryptosuite")
        .and_then(Value::as_str)
        .unwrap_or("");
    if suite == Cryptosuite::Bbs2023.name() {
        let header = super::issue::BBS_PRESENTATION_HEADER;
        Ok(crate::integrity::bbs::derive_proof(document, &selective, header, session)?.0)
    } else if suite == Cryptosuite::EcdsaSd2023.name() {
        Ok(crate::integrity::ecdsa_sd::derive_proof(document, &selective, session)?.0)
    } else {
        Err(Error::proof(format!(
            "a base proof of cryptosuite `{suite}`: only ecdsa-sd-2023 and bbs-2023 have base proofs"
        )))
    }
}

fn sd_jwt_vc(bytes: &[u8], artifact: &Artifact, limits: &Limits) -> Result<Checked> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| Error::sd_jwt(format!("not UTF-8: {e}")).caused_by(e))?
        .trim();
    let jwk = artifact
        .issuer_jwk
        .as_ref()
        .ok_or_else(|| Error::new(ErrorKind::Usage, "the manifest gives no issuer_jwk"))?;
    let (key, alg) = decoding_key(jwk)?;
    let expected = artifact.key_binding.as_ref().map(|b| Expected {
        nonce: &b.nonce,
        aud: &b.aud,
    });
    let verified = sd_jwt::verify_within(text, (&key, alg), expected, limits)?;
    Ok(missing(artifact, |name| verified.claims.contains_key(name)))
}

fn mdoc_response(
    dir: &Path,
    bytes: &[u8],
    artifact: &Artifact,
    limits: &Limits,
) -> Result<Checked> {
    let usage = |what: &str| Error::new(ErrorKind::Usage, format!("the manifest gives no {what}"));
    let anchor_file = artifact
        .trust_anchor
        .as_ref()
        .ok_or_else(|| usage("trust_anchor"))?;
    let anchor_path = dir.join(anchor_file);
    let pem = limits.read_text(&anchor_path)?;
    let iaca = crate::keys::pem_der(&pem, "")
        .ok_or_else(|| Error::mdoc(format!("{anchor_file} is not a PEM certificate")))?;
    let transcript_hex = artifact
        .session_transcript_hex
        .as_ref()
        .ok_or_else(|| usage("session_transcript_hex"))?;
    let transcript_bytes = hex::decode(transcript_hex)
        .map_err(|e| Error::mdoc(format!("session_transcript_hex: {e}")).caused_by(e))?;
    let transcript: Cbor = ciborium::from_reader(transcript_bytes.as_slice()).map_err(|e| {
        Error::mdoc(format!(
            "session_transcript_hex is not CBOR: {}",
            crate::mdoc::cbor::describe(&e)
        ))
        .caused_by(e)
    })?;
    let now = artifact.now.as_deref().unwrap_or("2026-06-01T00:00:00Z");
    let now_unix = chrono::DateTime::parse_from_rfc3339(now)
        .map_err(|e| Error::new(ErrorKind::Usage, format!("now `{now}`: {e}")).caused_by(e))?
        .timestamp();
    let check = Verification {
        now_unix,
        iaca: Some(&iaca),
        session_transcript: Some(&transcript),
    };
    let verified = mdoc::verify(bytes, &check)?;
    if let Some(doc_type) = &artifact.doc_type {
        if &verified.doc_type != doc_type {
            return Ok(Checked::Rejected(format!(
                "docType {} is not {doc_type}",
                verified.doc_type
            )));
        }
    }
    if !verified.device_authenticated {
        return Ok(Checked::Rejected(
            "the device signature was not checked".into(),
        ));
    }
    Ok(missing(artifact, |name| {
        verified.elements.iter().any(|(_, id, _)| id == name)
    }))
}

/// Verified, unless a claim the manifest says was disclosed is not in the verified result.
fn missing(artifact: &Artifact, present: impl Fn(&str) -> bool) -> Checked {
    match artifact.disclosed.iter().flatten().find(|n| !present(n)) {
        Some(name) => Checked::Rejected(format!(
            "the disclosed `{name}` is not in the verified result"
        )),
        None => Checked::Verified,
    }
}
