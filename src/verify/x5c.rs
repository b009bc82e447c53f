//! Keys carried in a JOSE header's `x5c` (RFC 7515 §4.1.6: a chain of base64 — not base64url — DER X.509
//! certificates, the signer's first): the leaf's public key for jsonwebtoken (RSA, EC P-256 / P-384, Ed25519), its
//! subject for the report, and whether the chain reaches a `--trust-anchor` (each link checked as the mdoc chain
//! is, [`crate::mdoc::cert::verify_chain`]: ECDSA P-256 signatures). Without an anchor the key is self-asserted.

use super::check::{Check, Outcome, Trust};
use crate::error::{Error, Result};
use base64ct::{Base64, Encoding};
use jsonwebtoken::DecodingKey;
use serde_json::Value;
use x509_cert::der::Decode;
use x509_cert::Certificate;

/// rsaEncryption (RFC 8017 Appendix C).
const RSA: &str = "1.2.840.113549.1.1.1";
/// id-ecPublicKey (RFC 5480 §2.1.1).
const EC: &str = "1.2.840.10045.2.1";
/// id-Ed25519 (RFC 8410 §3).
const ED25519: &str = "1.3.101.112";

/// The most certificates an `x5c` chain may hold: each link costs a signature verification, and real chains
/// have two to four.
const MAX_CHAIN: usize = 16;

/// The signer's certificate from an `x5c` header.
pub struct Leaf {
    /// The key, as jsonwebtoken takes it.
    pub key: DecodingKey,
    /// The certificate's subject, RFC 4514 style.
    pub subject: String,
    /// Every certificate of the chain, DER, the leaf first.
    pub chain: Vec<Vec<u8>>,
}

/// The leaf of `x5c` (a JSON array of base64 DER certificates). Errors: [`crate::ErrorKind::Key`] naming what
/// is malformed, or a key type other than RSA, EC and Ed25519.
pub fn leaf(x5c: &Value) -> Result<Leaf> {
    let certificates = x5c
        .as_array()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| Error::key("x5c is not a non-empty array of certificates"))?;
    if certificates.len() > MAX_CHAIN {
        return Err(Error::key(format!(
            "x5c holds {} certificates, more than {MAX_CHAIN}",
            certificates.len()
        )));
    }
    let chain = certificates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let text = c
                .as_str()
                .ok_or_else(|| Error::key(format!("x5c[{i}] is not a string")))?;
            Base64::decode_vec(text).map_err(|e| {
                Error::key(format!("x5c[{i}] is not base64 (RFC 7515 §4.1.6): {e}")).caused_by(e)
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let certificate = Certificate::from_der(&chain[0]).map_err(|e| {
        Error::key(format!("x5c[0] is not a DER X.509 certificate: {e}")).caused_by(e)
    })?;
    let spki = certificate.tbs_certificate().subject_public_key_info();
    let bytes = spki.subject_public_key.raw_bytes();
    let key = match spki.algorithm.oid.to_string().as_str() {
        RSA => DecodingKey::from_rsa_der(bytes),
        EC => DecodingKey::from_ec_der(bytes),
        ED25519 => DecodingKey::from_ed_der(bytes),
        other => {
            return Err(Error::key(format!(
                "x5c[0] holds a key of algorithm {other} (RSA, EC and Ed25519 are supported)"
            )))
        }
    };
    Ok(Leaf {
        key,
        subject: certificate.tbs_certificate().subject().to_string(),
        chain,
    })
}

/// Whether `leaf`'s chain reaches `anchor` (DER) at `at_unix`: each certificate issued by the next, the last by
/// the anchor (or being it). Without an anchor, "not anchored". A chain canonprof cannot check (not P-256) is
/// unsupported, naming why.
pub fn anchored(leaf: &Leaf, anchor: Option<&[u8]>, at_unix: i64) -> Check {
    let subject = "certificate chain";
    let Some(anchor) = anchor else {
        return Check::new(
            subject,
            Outcome::NotChecked,
            format!(
                "self-asserted (the header's x5c, signer {}), not anchored: pass --trust-anchor with the root \
                 certificate it should chain to (or --accept-self-asserted)",
                leaf.subject
            ),
        );
    };
    let at = u64::try_from(at_unix).unwrap_or(0);
    let mut links: Vec<&[u8]> = leaf.chain.iter().map(Vec::as_slice).collect();
    if links.last().is_some_and(|last| *last == anchor) {
        links.pop();
    }
    links.push(anchor);
    // Every certificate the x5c carries that issues another must be a CA (RFC 5280 §4.2.1.9: basicConstraints
    // cA, §4.2.1.3: keyCertSign when keyUsage is present): otherwise any end-entity key the anchor certified could
    // certify keys of its own. The anchor itself is the user's choice.
    let issuers = links.len().saturating_sub(1);
    for (i, issuer) in links.iter().enumerate().take(issuers).skip(1) {
        if let Err(why) = is_ca(issuer) {
            return Check::new(
                subject,
                Outcome::Failed,
                format!("x5c[{i}] issues x5c[{}] but {why}", i - 1),
            );
        }
    }
    for pair in links.windows(2) {
        if let Err(e) =
            crate::mdoc::cert::verify_chain(pair[0], pair[1], at, crate::keys::Backend::RustCrypto)
        {
            let outcome = match e.kind() {
                crate::ErrorKind::Key => Outcome::Unsupported,
                _ => Outcome::Failed,
            };
            return Check::new(subject, outcome, e.reason());
        }
    }
    let anchor_subject = Certificate::from_der(anchor)
        .map(|c| c.tbs_certificate().subject().to_string())
        .unwrap_or_default();
    Check::new(
        subject,
        Outcome::Verified,
        format!(
            "{} chains to the trust anchor {anchor_subject}",
            leaf.subject
        ),
    )
}

/// Whether the certificate `der` may issue certificates: basicConstraints with cA true, and keyCertSign if it has
/// a keyUsage. Errors: why not, in words.
fn is_ca(der: &[u8]) -> std::result::Result<(), String> {
    use x509_cert::ext::pkix::{BasicConstraints, KeyUsage, KeyUsages};
    let cert =
        Certificate::from_der(der).map_err(|_| "is not a DER X.509 certificate".to_string())?;
    let tbs = cert.tbs_certificate();
    match tbs.get_extension::<BasicConstraints>() {
        Ok(Some((_, bc))) if bc.ca => {}
        Ok(_) => {
            return Err(
                "is not a CA certificate (no basicConstraints cA, RFC 5280 §4.2.1.9)".into(),
            )
        }
        Err(_) => return Err("has a malformed basicConstraints extension".into()),
    }
    match tbs.get_extension::<KeyUsage>() {
        Ok(None) => Ok(()),
        Ok(Some((_, usage))) if usage.0.contains(KeyUsages::KeyCertSign) => Ok(()),
        Ok(Some(_)) => Err("its keyUsage lacks keyCertSign (RFC 5280 §4.2.1.3)".into()),
        Err(_) => Err("has a malformed keyUsage extension".into()),
    }
}

/// How far the key of a leaf whose chain line is `chain` ([`anchored`]) can be trusted: anchored when the chain
/// reached `--trust-anchor`, else self-asserted (a chain that failed fails the file anyway).
pub fn trust(chain: &Check) -> Trust {
    match chain.outcome {
        Outcome::Verified => Trust::Anchored,
        _ => Trust::SelfAsserted,
    }
}
