//! The mdoc issuer's certificate chain (ISO/IEC 18013-5 Annex B: an IACA root certificate and a document
//! signer (DS) certificate), generated offline with x509-cert's builder from seeded keys — an ECDSA P-256 IACA, or
//! an ML-DSA-44 one (FIPS 204; its X.509 algorithm identifier and key and signature encodings are RFC 9881's:
//! `id-ml-dsa-44`, parameters absent, the raw public key and signature in the BIT STRINGs), signed through the
//! ml-dsa crate's `Signer`, whose x509-cert builder support it has — and checked the way a reader does: the DS
//! certificate's signature by the trusted IACA key and both validity periods.

use crate::error::{Error, Result};
use crate::keys::{Backend, PublicKey, SecretKey, SignatureAlgorithm};
use std::str::FromStr;
use std::time::Duration;
use x509_cert::builder::{self, Builder, CertificateBuilder};
use x509_cert::der::asn1::{BitString, ObjectIdentifier};
use x509_cert::der::{self, Decode, Encode};
use x509_cert::ext::pkix::{
    AuthorityKeyIdentifier, BasicConstraints, KeyUsage, KeyUsages, SubjectKeyIdentifier,
};
use x509_cert::ext::{Extension, ToExtension};
use x509_cert::name::Name;
use x509_cert::serial_number::SerialNumber;
use x509_cert::spki::{
    AlgorithmIdentifierOwned, SubjectPublicKeyInfoOwned, SubjectPublicKeyInfoRef,
};
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

/// `id-ml-dsa-44` (RFC 9881 §2; NIST's 2.16.840.1.101.3.4.3.17).
const ID_ML_DSA_44: ObjectIdentifier = ObjectIdentifier::new_unwrap("2.16.840.1.101.3.4.3.17");

/// RFC 9881 §2: the `AlgorithmIdentifier` of ML-DSA-44, its parameters absent.
fn ml_dsa_44_identifier() -> AlgorithmIdentifierOwned {
    AlgorithmIdentifierOwned {
        oid: ID_ML_DSA_44,
        parameters: None,
    }
}

/// RFC 9881 §4: an ML-DSA-44 SubjectPublicKeyInfo's key — `id-ml-dsa-44` with absent parameters, the BIT
/// STRING exactly the 1,312-byte raw public key — as canonprof's key; `None` for a key of another algorithm.
/// Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) for parameters, unused bits or a wrong length.
pub(crate) fn ml_dsa_key(spki: &SubjectPublicKeyInfoOwned) -> Result<Option<PublicKey>> {
    if spki.algorithm.oid != ID_ML_DSA_44 {
        return Ok(None);
    }
    if spki.algorithm.parameters.is_some() {
        return Err(Error::key(
            "the ML-DSA-44 key's algorithm identifier has parameters (RFC 9881 §2: absent)",
        ));
    }
    let bytes = spki
        .subject_public_key
        .as_bytes()
        .ok_or_else(|| Error::key("the ML-DSA-44 key's BIT STRING has unused bits"))?;
    PublicKey::from_bytes(SignatureAlgorithm::MlDsa44, bytes)
        .map(Some)
        .map_err(|e| Error::key(format!("the ML-DSA-44 key: {}", e.reason())).caused_by(e))
}

/// The SubjectPublicKeyInfo of an MSO signing key (P-256, Ed25519, or ML-DSA-44 as RFC 9881 §4 writes it).
fn spki(key: &SecretKey) -> Result<SubjectPublicKeyInfoOwned> {
    if key.algorithm() == SignatureAlgorithm::MlDsa44 {
        let raw = key.public_key().to_bytes(false);
        return Ok(SubjectPublicKeyInfoOwned {
            algorithm: ml_dsa_44_identifier(),
            subject_public_key: BitString::from_bytes(&raw)
                .map_err(|e| Error::key(format!("ML-DSA-44 key: {e}")).caused_by(e))?,
        });
    }
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

/// ISO/IEC 18013-5 Annex B: a self-signed IACA root (key `iaca`: ECDSA P-256, or ML-DSA-44 signing as RFC 9881
/// says — deterministic, empty context) and a DS certificate for `signer` issued by it. Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key) for an IACA key of another algorithm,
/// [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) when building a certificate fails.
pub fn generate(iaca: &SecretKey, signer: &SecretKey) -> Result<Chain> {
    if let Some(iaca_key) = iaca.p256_signing_key() {
        return chain::<_, p256::ecdsa::DerSignature>(iaca_key, spki(iaca)?, spki(signer)?);
    }
    if iaca.algorithm() == SignatureAlgorithm::MlDsa44 {
        // The seed ξ (FIPS 204 §3.6.3) is the key: the ml-dsa key made from it is the same key.
        let seed: [u8; 32] = iaca
            .to_bytes()
            .try_into()
            .map_err(|_| Error::key("the ML-DSA-44 IACA key is not a 32-byte seed"))?;
        let iaca_key = ml_dsa::SigningKey::<ml_dsa::MlDsa44>::from_seed(&seed.into());
        return chain::<_, ml_dsa::Signature<ml_dsa::MlDsa44>>(
            &iaca_key,
            spki(iaca)?,
            spki(signer)?,
        );
    }
    Err(Error::key("the IACA key here is P-256 or ML-DSA-44"))
}

/// The IACA root (self-signed by `iaca_key`, whose key info is `iaca_spki`) and the DS certificate for
/// `signer_spki` it signs.
fn chain<S, Signature>(
    iaca_key: &S,
    iaca_spki: SubjectPublicKeyInfoOwned,
    signer_spki: SubjectPublicKeyInfoOwned,
) -> Result<Chain>
where
    S: signature::Signer<Signature>
        + signature::Keypair
        + x509_cert::spki::DynSignatureAlgorithmIdentifier,
    S::VerifyingKey: x509_cert::spki::EncodePublicKey,
    Signature: x509_cert::spki::SignatureBitStringEncoding,
{
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
        iaca_spki,
    )
    .and_then(|b| b.build::<_, Signature>(iaca_key))
    .map_err(|e| Error::mdoc(format!("IACA certificate: {e}")).caused_by(e))?;
    let ds = CertificateBuilder::new(
        AnnexB::Leaf {
            issuer: iaca_name,
            subject: name("CN=canonprof DS,C=UT")?,
        },
        serial(2),
        validity()?,
        signer_spki,
    )
    .and_then(|b| b.build::<_, Signature>(iaca_key))
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
/// issued by the IACA's subject, its ECDSA P-256 / SHA-256 signature — or, under an ML-DSA-44 IACA, its
/// `id-ml-dsa-44` signature (RFC 9881 §3: the algorithm identifier exactly, the BIT STRING the raw 2,420-byte
/// signature) — verifies with the IACA key, both are within their validity; the signature is checked through
/// `backend`. Returns the DS certificate's
/// SubjectPublicKeyInfo (the MSO signing key).
/// Errors, each naming the check that failed: [`ErrorKind::Signature`](crate::ErrorKind::Signature) when the
/// DS signature does not verify, [`ErrorKind::Key`](crate::ErrorKind::Key) for an IACA key that is not P-256 or ML-DSA-44,
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
    let tbs = ds_cert
        .tbs_certificate()
        .to_der()
        .map_err(|e| Error::mdoc(format!("DS certificate: {e}")).caused_by(e))?;
    let (iaca_key, signature) = match ml_dsa_key(
        iaca_cert.tbs_certificate().subject_public_key_info(),
    )? {
        Some(key) => {
            if *ds_cert.signature_algorithm() != ml_dsa_44_identifier() {
                return Err(Error::mdoc(
                        "the DS certificate's signature algorithm is not id-ml-dsa-44 (without parameters), the IACA key's",
                    ));
            }
            let signature = ds_cert.signature().as_bytes().ok_or_else(|| {
                Error::mdoc("the DS certificate's signature BIT STRING has unused bits")
            })?;
            (key, signature.to_vec())
        }
        None => {
            let iaca_spki = iaca_cert
                .tbs_certificate()
                .subject_public_key_info()
                .to_der()
                .map_err(|e| Error::key(format!("IACA key: {e}")).caused_by(e))?;
            let key = PublicKey::from_spki_der(&iaca_spki, &[SignatureAlgorithm::P256])
                .ok_or_else(|| Error::key("the IACA key is not P-256 or ML-DSA-44"))?;
            // ECDSA-Sig-Value DER (RFC 5480 §2.2.3) to the r ‖ s both backends verify.
            let signature = p256::ecdsa::Signature::from_der(ds_cert.signature().raw_bytes())
                .map_err(|e| Error::mdoc(format!("DS certificate signature: {e}")).caused_by(e))?;
            (key, signature.to_bytes().to_vec())
        }
    };
    let iaca_key = iaca_key.with_backend(backend)?;
    if !iaca_key.verify(&tbs, &signature) {
        return Err(Error::signature(
            "the DS certificate's signature does not verify with the IACA key",
        ));
    }
    within(&iaca_cert, now_unix, "IACA")?;
    within(&ds_cert, now_unix, "DS")?;
    Ok(ds_cert.tbs_certificate().subject_public_key_info().clone())
}
