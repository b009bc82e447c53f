//! The mdoc issuer's certificate chain (ISO/IEC 18013-5 Annex B: an IACA root certificate and a document
//! signer (DS) certificate), generated offline with x509-cert's builder from seeded P-256 keys, and checked the
//! way a reader does: the DS certificate's signature by the trusted IACA key and both validity periods.

use crate::error::{Error, Result};
use crate::keys::{Backend, PublicKey, SecretKey, SignatureAlgorithm};
use std::str::FromStr;
use std::time::Duration;
use x509_cert::builder::{self, Builder, CertificateBuilder};
use x509_cert::der::{self, Decode, Encode};
use x509_cert::ext::pkix::{
    AuthorityKeyIdentifier, BasicConstraints, KeyUsage, KeyUsages, SubjectKeyIdentifier,
};
use x509_cert::ext::{Extension, ToExtension};
use x509_cert::name::Name;
use x509_cert::serial_number::SerialNumber;
use x509_cert::spki::{SubjectPublicKeyInfoOwned, SubjectPublicKeyInfoRef};
use x509_cert::time::{Time, Validity};
use x509_cert::{Certificate, TbsCertificate};

/// Validity of the generated certificates: 2025-01-01 to 2035-01-01 (UTC), so runs are reproducible.
const NOT_BEFORE: u64 = 1_735_689_600;
const NOT_AFTER: u64 = 2_051_222_400;

/// A generated chain: the IACA root and the DS certificate (DER).
#[derive(Debug, Clone)]
pub struct Chain {
    /// The self-signed IACA root certificate.
    pub iaca: Vec<u8>,
    /// The document signer certificate, issued by the IACA, for the MSO signing key.
    pub ds: Vec<u8>,
}

fn validity() -> Result<Validity> {
    let time = |secs| {
        der::asn1::UtcTime::from_unix_duration(Duration::from_secs(secs))
            .map(Time::UtcTime)
            .map_err(|e| Error::mdoc(format!("certificate time: {e}")).caused_by(e))
    };
    Ok(Validity::new(time(NOT_BEFORE)?, time(NOT_AFTER)?))
}

/// The two certificate profiles of the chain (RFC 5280 §4.2.1 extensions, in this order): the IACA root —
/// subject key identifier, basic constraints (CA), key usage keyCertSign + cRLSign — and the DS leaf — subject
/// and authority key identifiers, basic constraints (not a CA), key usage digitalSignature + nonRepudiation.
/// (The extension set x509-cert 0.2's `Profile::Root` / `Profile::Leaf` made, so the certificates keep their
/// bytes.)
enum AnnexB {
    /// The self-signed IACA root, `subject` also the issuer.
    Root { subject: Name },
    /// The DS certificate `subject`, issued by `issuer`.
    Leaf { issuer: Name, subject: Name },
}

impl builder::Profile for AnnexB {
    fn get_issuer(&self, subject: &Name) -> Name {
        match self {
            AnnexB::Root { .. } => subject.clone(),
            AnnexB::Leaf { issuer, .. } => issuer.clone(),
        }
    }

    fn get_subject(&self) -> Name {
        match self {
            AnnexB::Root { subject } | AnnexB::Leaf { subject, .. } => subject.clone(),
        }
    }

    fn build_extensions(
        &self,
        spk: SubjectPublicKeyInfoRef<'_>,
        issuer_spk: SubjectPublicKeyInfoRef<'_>,
        tbs: &TbsCertificate,
    ) -> builder::Result<Vec<Extension>> {
        let root = matches!(self, AnnexB::Root { .. });
        let mut extensions =
            vec![SubjectKeyIdentifier::try_from(spk)?.to_extension(tbs.subject(), &[])?];
        if !root {
            let aki = AuthorityKeyIdentifier::try_from(issuer_spk)?;
            extensions.push(aki.to_extension(tbs.subject(), &extensions)?);
        }
        let basic = BasicConstraints {
            ca: root,
            path_len_constraint: None,
        };
        extensions.push(basic.to_extension(tbs.subject(), &extensions)?);
        let usage = if root {
            KeyUsages::KeyCertSign | KeyUsages::CRLSign
        } else {
            KeyUsages::DigitalSignature | KeyUsages::NonRepudiation
        };
        extensions.push(KeyUsage(usage).to_extension(tbs.subject(), &extensions)?);
        Ok(extensions)
    }
}

/// The SubjectPublicKeyInfo of an MSO signing key (P-256 or Ed25519).
fn spki(key: &SecretKey) -> Result<SubjectPublicKeyInfoOwned> {
    let der = key.public_key().to_spki_der().map_err(|e| {
        let what = match key.algorithm() {
            SignatureAlgorithm::Ed25519 => "Ed25519 key",
            _ => "public key",
        };
        Error::key(format!("{what}: {}", e.reason()))
    })?;
    SubjectPublicKeyInfoOwned::from_der(&der)
        .map_err(|e| Error::key(format!("public key: {e}")).caused_by(e))
}

/// ISO/IEC 18013-5 Annex B: a self-signed IACA root (P-256 key `iaca`) and a DS certificate for `signer`
/// issued by it. Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) for an IACA key that is not P-256,
/// [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) when building a certificate fails.
pub fn generate(iaca: &SecretKey, signer: &SecretKey) -> Result<Chain> {
    let Some(iaca_key) = iaca.p256_signing_key() else {
        return Err(Error::key("the IACA key here is P-256"));
    };
    let name =
        |n: &str| Name::from_str(n).map_err(|e| Error::mdoc(format!("name {n}: {e}")).caused_by(e));
    let iaca_name = name("CN=canonprof IACA,C=UT")?;
    let serial = |n: u32| SerialNumber::from(n);
    let root = CertificateBuilder::new(
        AnnexB::Root {
            subject: iaca_name.clone(),
        },
        serial(1),
        validity()?,
        spki(iaca)?,
    )
    .and_then(|b| b.build::<_, p256::ecdsa::DerSignature>(iaca_key))
    .map_err(|e| Error::mdoc(format!("IACA certificate: {e}")).caused_by(e))?;
    let ds = CertificateBuilder::new(
        AnnexB::Leaf {
            issuer: iaca_name,
            subject: name("CN=canonprof DS,C=UT")?,
        },
        serial(2),
        validity()?,
        spki(signer)?,
    )
    .and_then(|b| b.build::<_, p256::ecdsa::DerSignature>(iaca_key))
    .map_err(|e| Error::mdoc(format!("DS certificate: {e}")).caused_by(e))?;
    let der = |c: Certificate| {
        c.to_der()
            .map_err(|e| Error::mdoc(format!("certificate DER: {e}")).caused_by(e))
    };
    Ok(Chain {
        iaca: der(root)?,
        ds: der(ds)?,
    })
}

fn within(cert: &Certificate, now_unix: u64, what: &str) -> Result<()> {
    let v = &cert.tbs_certificate().validity();
    let (from, until) = (
        v.not_before.to_unix_duration().as_secs(),
        v.not_after.to_unix_duration().as_secs(),
    );
    if now_unix < from || now_unix > until {
        return Err(Error::mdoc(format!(
            "the {what} certificate is not valid at {now_unix} (valid {from}–{until})"
        )));
    }
    Ok(())
}

/// Checks the DS certificate `ds` against the trusted IACA root `iaca` (both DER) at `now_unix`: the DS is
/// issued by the IACA's subject, its ECDSA P-256 / SHA-256 signature verifies with the IACA key, both are
/// within their validity; the signature is checked through `backend`. Returns the DS certificate's
/// SubjectPublicKeyInfo (the MSO signing key).
/// Errors, each naming the check that failed: [`ErrorKind::Signature`](crate::ErrorKind::Signature) when the
/// DS signature does not verify, [`ErrorKind::Key`](crate::ErrorKind::Key) for an IACA key that is not P-256,
/// [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) otherwise (not DER, another issuer, outside validity).
pub fn verify_chain(
    ds: &[u8],
    iaca: &[u8],
    now_unix: u64,
    backend: Backend,
) -> Result<SubjectPublicKeyInfoOwned> {
    let parse = |der: &[u8], what: &str| {
        Certificate::from_der(der).map_err(|e| {
            Error::mdoc(format!("the {what} certificate is not DER X.509: {e}")).caused_by(e)
        })
    };
    let (ds_cert, iaca_cert) = (parse(ds, "DS")?, parse(iaca, "IACA")?);
    if ds_cert.tbs_certificate().issuer() != iaca_cert.tbs_certificate().subject() {
        return Err(Error::mdoc(
            "the DS certificate was not issued by the trusted IACA",
        ));
    }
    let iaca_spki = iaca_cert
        .tbs_certificate()
        .subject_public_key_info()
        .to_der()
        .map_err(|e| Error::key(format!("IACA key: {e}")).caused_by(e))?;
    let iaca_key = PublicKey::from_spki_der(&iaca_spki, &[SignatureAlgorithm::P256])
        .ok_or_else(|| Error::key("the IACA key is not P-256"))?
        .with_backend(backend)?;
    let tbs = ds_cert
        .tbs_certificate()
        .to_der()
        .map_err(|e| Error::mdoc(format!("DS certificate: {e}")).caused_by(e))?;
    // ECDSA-Sig-Value DER (RFC 5480 §2.2.3) to the r ‖ s both backends verify.
    let signature = p256::ecdsa::Signature::from_der(ds_cert.signature().raw_bytes())
        .map_err(|e| Error::mdoc(format!("DS certificate signature: {e}")).caused_by(e))?;
    if !iaca_key.verify(&tbs, &signature.to_bytes()) {
        return Err(Error::signature(
            "the DS certificate's signature does not verify with the IACA key",
        ));
    }
    within(&iaca_cert, now_unix, "IACA")?;
    within(&ds_cert, now_unix, "DS")?;
    Ok(ds_cert.tbs_certificate().subject_public_key_info().clone())
}
