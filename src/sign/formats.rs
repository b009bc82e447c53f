//! The credential's subject claims issued in the formats without canonicalization: an SD-JWT VC (RFC 9901,
//! SD-JWT VC) and an ISO/IEC 18013-5 mdoc, through the issuers the exchange uses ([`crate::sd_jwt::issue`],
//! [`crate::mdoc::issue`] and [`crate::mdoc::present`]).

use crate::error::{Error, ErrorKind, Result};
use crate::keys::{SecretKey, SignatureAlgorithm};
use serde_json::{Map, Value};

/// What an issued SD-JWT VC or mdoc says besides the subject's claims.
#[derive(Debug, Clone)]
pub(crate) struct IssueRequest<'a> {
    /// The issuer's key: Ed25519 (`EdDSA`) or P-256 (`ES256`); P-256 only for mdoc.
    pub key: &'a SecretKey,
    /// SD-JWT: the holder's public JWK for `cnf` (RFC 7800); `None` binds to the issuer's own key.
    pub holder_jwk: Option<Value>,
    /// When it is issued (SD-JWT `iat`, the MSO's `signed`), Unix seconds.
    pub issued_at: i64,
    /// SD-JWT: `vct`; `None` takes the credential's most specific `type` (its last that is not
    /// `VerifiableCredential`).
    pub vct: Option<String>,
    /// Seed of the salts, decoys and mdoc randoms; `None` draws them from the OS.
    pub seed: Option<u64>,
}

/// Decoy digests in an issued SD-JWT VC (RFC 9901 §4.2.5).
const DECOYS: usize = 3;

/// The credential's `credentialSubject` object. Errors: [`ErrorKind::Credential`] when there is none (an array
/// of subjects included: which one would it be?).
fn subject(credential: &Value) -> Result<&Map<String, Value>> {
    credential
        .get("credentialSubject")
        .and_then(Value::as_object)
        .ok_or_else(|| {
            Error::new(
                ErrorKind::Credential,
                "the credential has no credentialSubject object to issue claims from",
            )
            .at("/credentialSubject")
        })
}

/// The subject's claims: its members but `id` and `type`.
fn claims(subject: &Map<String, Value>) -> Map<String, Value> {
    let mut claims = subject.clone();
    claims.retain(|k, _| k != "id" && k != "type");
    claims
}

/// A credential date-time member (`validFrom`, `validUntil`, VCDM 1.1's `expirationDate`) as Unix seconds, or
/// `None` when absent. Errors: [`ErrorKind::Credential`] at its pointer when it is not RFC 3339.
fn instant(credential: &Value, names: &[&str]) -> Result<Option<i64>> {
    for name in names {
        if let Some(value) = credential.get(*name) {
            let parsed = value
                .as_str()
                .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok());
            return match parsed {
                Some(t) => Ok(Some(t.timestamp())),
                None => Err(Error::new(
                    ErrorKind::Credential,
                    format!("`{name}` is not an RFC 3339 date-time"),
                )
                .at(format!("/{name}"))),
            };
        }
    }
    Ok(None)
}

/// RFC 9901 §4 / SD-JWT VC §3.2: the credential's subject claims, each selectively disclosable, in an SD-JWT VC
/// signed by the key, with `iss` (the credential's issuer id, when there is one), `iat`, `nbf` / `exp` (from
/// `validFrom` / `validUntil`, when there), `vct`, `sub` (the subject's `id`, when there is one) and `cnf`
/// plain; the compact serialization with every Disclosure and no Key Binding JWT (`…~`). Errors:
/// [`ErrorKind::Usage`] for a P-384 key, [`ErrorKind::Credential`] for a credential without a
/// `credentialSubject` object or a type to use as `vct`, or with a date that is not RFC 3339.
pub(crate) fn issue_sd_jwt(credential: &Value, request: &IssueRequest) -> Result<String> {
    use crate::sd_jwt::{self, jose::JoseKey, Claims};
    if request.key.algorithm().is_post_quantum() {
        return Err(crate::keys::not_supported_yet(
            request.key.algorithm(),
            "SD-JWT",
        ));
    }
    if request.key.algorithm() == SignatureAlgorithm::P384 {
        return Err(Error::new(
            ErrorKind::Usage,
            "--format sd-jwt signs with an Ed25519 (EdDSA) or P-256 (ES256) key, and --key is P-384",
        ));
    }
    let issuer = JoseKey::new(request.key)?;
    let subject = subject(credential)?;
    let selective = claims(subject);
    let mut plain = Map::new();
    let issuer_id = match credential.get("issuer") {
        Some(Value::String(id)) => Some(id.clone()),
        Some(Value::Object(o)) => o.get("id").and_then(Value::as_str).map(str::to_string),
        _ => None,
    };
    if let Some(iss) = issuer_id {
        plain.insert("iss".into(), iss.into());
    }
    plain.insert("iat".into(), request.issued_at.into());
    if let Some(nbf) = instant(credential, &["validFrom"])? {
        plain.insert("nbf".into(), nbf.into());
    }
    if let Some(exp) = instant(credential, &["validUntil", "expirationDate"])? {
        plain.insert("exp".into(), exp.into());
    }
    let vct = request
        .vct
        .clone()
        .or_else(|| match credential.get("type") {
            Some(Value::Array(types)) => types
                .iter()
                .filter_map(Value::as_str)
                .rfind(|t| *t != "VerifiableCredential")
                .map(str::to_string),
            Some(Value::String(t)) if t != "VerifiableCredential" => Some(t.clone()),
            _ => None,
        });
    let vct = vct.ok_or_else(|| {
        Error::new(
            ErrorKind::Credential,
            "the credential has no type besides VerifiableCredential to use as vct; give --vct",
        )
        .at("/type")
    })?;
    plain.insert("vct".into(), vct.into());
    if let Some(sub) = subject.get("id").and_then(Value::as_str) {
        plain.insert("sub".into(), sub.into());
    }
    let claims = Claims {
        plain,
        selective,
        decoys: DECOYS,
        holder_jwk: request
            .holder_jwk
            .clone()
            .unwrap_or_else(|| issuer.jwk.clone()),
    };
    let mut rng = super::rng(request.seed)?;
    Ok(sd_jwt::issue(&claims, &issuer, &mut rng)?.serialize())
}

/// An issued mdoc: the DeviceResponse and the certificate a reader trusts.
#[derive(Debug, Clone)]
pub(crate) struct IssuedMdoc {
    /// The `DeviceResponse` (CBOR) disclosing every data element.
    pub device_response: Vec<u8>,
    /// The self-signed certificate of the key (DER), the chain's root (its IACA).
    pub certificate: Vec<u8>,
    /// The SessionTranscript (CBOR) the device signature covers.
    pub session_transcript: Vec<u8>,
}

/// The SessionTranscript the device signs over (ISO/IEC 18013-5 §9.1.5.1): `[null, null, "canonprof-sign"]`,
/// fixed, since no reader asked.
fn session_transcript() -> ciborium::Value {
    use ciborium::Value as Cbor;
    Cbor::Array(vec![
        Cbor::Null,
        Cbor::Null,
        Cbor::Text("canonprof-sign".into()),
    ])
}

/// ISO/IEC 18013-5 §8.3.2.1.2: the credential's subject claims as data elements of the mDL namespace, in an
/// `IssuerSigned` whose MSO the key signs (ES256) with a DS certificate self-signed by the same key (the
/// chain's root, what `--trust-anchor` takes), presented in a `DeviceResponse` disclosing every element and
/// device-signed over a fixed SessionTranscript by the same key (so it stands for issuer and holder: a test
/// artifact, not a wallet's). Validity: signed at `issued_at`, valid from `validFrom` (else `issued_at`) until
/// `validUntil` (else a year after the later of the signing and `validFrom`). Errors: [`ErrorKind::Usage`] for a key that is not P-256,
/// [`ErrorKind::Credential`] for no `credentialSubject` object or a claim with no CBOR form.
pub(crate) fn issue_mdoc(credential: &Value, request: &IssueRequest) -> Result<IssuedMdoc> {
    use crate::mdoc::{self, cert, Document, Validity};
    if request.key.algorithm().is_post_quantum() {
        return Err(crate::keys::not_supported_yet(
            request.key.algorithm(),
            "mdoc",
        ));
    }
    if request.key.algorithm() != SignatureAlgorithm::P256 {
        return Err(Error::new(
            ErrorKind::Usage,
            format!(
                "--format mdoc signs with a P-256 key (ES256; its self-signed certificate is P-256), and --key is {}",
                request.key.algorithm().name()
            ),
        ));
    }
    let elements = claims(subject(credential)?)
        .iter()
        .map(|(k, v)| {
            ciborium::Value::serialized(v)
                .map(|c| (k.clone(), c))
                .map_err(|e| {
                    Error::new(
                        ErrorKind::Credential,
                        format!("`{k}` has no CBOR form: {e}"),
                    )
                    .at(format!(
                        "/credentialSubject/{}",
                        crate::document::pointer_token(k)
                    ))
                })
        })
        .collect::<Result<Vec<_>>>()?;
    let rfc3339 = |unix: i64| {
        chrono::DateTime::from_timestamp(unix, 0)
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
            .ok_or_else(|| Error::new(ErrorKind::Usage, "the date is out of range"))
    };
    let from = instant(credential, &["validFrom"])?.unwrap_or(request.issued_at);
    // Without a validUntil, a year after it is signed (or after validFrom, if later): a year after an old
    // validFrom would leave a window that closed before the signing, and before the certificate's.
    let until = instant(credential, &["validUntil", "expirationDate"])?
        .unwrap_or(from.max(request.issued_at) + 365 * 86_400);
    let validity = Validity {
        signed: rfc3339(request.issued_at)?,
        valid_from: rfc3339(from)?,
        valid_until: rfc3339(until)?,
    };
    let chain = cert::generate(request.key, request.key)?;
    let device_key = mdoc::cose_key(request.key)?;
    let document = Document {
        doc_type: mdoc::MDL_DOC_TYPE,
        namespace: mdoc::MDL_NAMESPACE,
        elements: &elements,
        device_key: &device_key,
        validity: &validity,
    };
    let mut rng = super::rng(request.seed)?;
    let issued = mdoc::issue(&document, request.key, &chain.ds, &mut rng)?;
    let names: Vec<&str> = elements.iter().map(|(k, _)| k.as_str()).collect();
    let transcript = session_transcript();
    let device_response = mdoc::present(
        &issued,
        mdoc::MDL_DOC_TYPE,
        &names,
        request.key,
        &transcript,
    )?;
    Ok(IssuedMdoc {
        device_response,
        certificate: chain.iaca,
        session_transcript: mdoc::cbor::encode(&transcript),
    })
}
