//! The mdoc leg of the exchange: the issuer signs the credential's subject attributes as 20 data elements of
//! one namespace (MSO as COSE_Sign1, DS certificate from a generated IACA: ECDSA P-256 for the classical
//! algorithms, ML-DSA-44 with ML-DSA-44, so the whole chain is post-quantum); the holder presents 5 in a
//! `DeviceResponse` signed over the `SessionTranscript`; the verifier checks the certificate chain (its own
//! step, `certificate_chain`), the MSO, every digest, validity and the device signature. No canonicalization.

use super::Uncanonicalized;
use crate::error::{Error, ErrorKind, Result};
use crate::keys::{Backend, SecretKey, SignatureAlgorithm};
use crate::mdoc::{self, cert, Document, Validity, Verification};
use ciborium::Value as Cbor;
use serde_json::{Map, Value};

/// The verification time: 2026-06-01T00:00:00Z (fixed, so runs are reproducible).
const NOW: i64 = 1_780_272_000;

/// A prepared mdoc exchange.
pub struct MdocLeg {
    issuer: SecretKey,
    device: SecretKey,
    chain: cert::Chain,
    device_key: coset::CoseKey,
    elements: Vec<(String, Cbor)>,
    disclosed: Vec<String>,
    validity: Validity,
    transcript: Cbor,
    seed: u64,
    backend: Backend,
    issued: Vec<u8>,
    presented: Vec<u8>,
    /// The signature bytes the verifier checks: MSO, device, DS certificate.
    signature_bytes: usize,
}

impl MdocLeg {
    /// Prepares the exchange of `attributes` as mDL-namespace data elements, disclosing `disclosed`, with
    /// issuer and device keys of `algorithm` (P-256: ES256, Ed25519: EdDSA, ML-DSA-44: ML-DSA-44, RFC 9964) from
    /// `seed` and a P-256 IACA (an ML-DSA-44 one with ML-DSA-44); the issuer, device and DS-certificate
    /// signatures are made and checked through `backend` (the certificates are made once, with RustCrypto, so
    /// their bytes repeat). Errors: an `algorithm` mdoc does not sign with here ([`MdocLeg::supports`]), a value
    /// with no CBOR form, certificate generation, issuing or presenting failed.
    pub fn new(
        attributes: &Map<String, Value>,
        disclosed: &[String],
        algorithm: SignatureAlgorithm,
        seed: u64,
        backend: Backend,
    ) -> Result<MdocLeg> {
        let issuer = SecretKey::from_seed(algorithm, seed).with_backend(backend)?;
        let device = SecretKey::from_seed(algorithm, seed.wrapping_add(1)).with_backend(backend)?;
        let iaca_algorithm = match algorithm {
            SignatureAlgorithm::MlDsa44 => SignatureAlgorithm::MlDsa44,
            _ => SignatureAlgorithm::P256,
        };
        let iaca = SecretKey::from_seed(iaca_algorithm, seed.wrapping_add(2));
        let elements = attributes
            .iter()
            .map(|(k, v)| {
                Cbor::serialized(v).map(|c| (k.clone(), c)).map_err(|e| {
                    Error::new(
                        ErrorKind::Credential,
                        format!("`{k}` has no CBOR form: {e}"),
                    )
                })
            })
            .collect::<Result<_>>()?;
        let mut leg = MdocLeg {
            chain: cert::generate(&iaca, &issuer)?,
            device_key: mdoc::cose_key(&device)?,
            issuer,
            device,
            elements,
            disclosed: disclosed.to_vec(),
            validity: Validity {
                signed: "2026-01-01T00:00:00Z".into(),
                valid_from: "2026-01-01T00:00:00Z".into(),
                valid_until: "2027-01-01T00:00:00Z".into(),
            },
            transcript: Cbor::Array(vec![
                Cbor::Null,
                Cbor::Null,
                Cbor::Text("canonprof-handover".into()),
            ]),
            seed,
            backend,
            issued: Vec::new(),
            presented: Vec::new(),
            signature_bytes: 0,
        };
        leg.issued = leg.issue()?;
        leg.presented = leg.present()?;
        leg.signature_bytes = leg.count_signature_bytes()?;
        Ok(leg)
    }

    /// Whether mdoc signs with `algorithm` here: a COSE algorithm names it ([`mdoc::cose_algorithm`]: ES256,
    /// EdDSA, ML-DSA-44).
    pub fn supports(algorithm: SignatureAlgorithm) -> bool {
        mdoc::cose_algorithm(algorithm).is_some()
    }

    /// The MSO's, the device's and the DS certificate's signature bytes (a signature of each key; the
    /// certificate's as it is encoded, DER for ECDSA).
    fn count_signature_bytes(&self) -> Result<usize> {
        use x509_cert::der::Decode;
        let ds = x509_cert::Certificate::from_der(&self.chain.ds)
            .map_err(|e| Error::mdoc(format!("the DS certificate: {e}")).caused_by(e))?;
        Ok(self.issuer.sign(b"")?.len()
            + self.device.sign(b"")?.len()
            + ds.signature().raw_bytes().len())
    }

    /// The IACA root certificate (DER) the verifier trusts.
    pub fn trust_anchor(&self) -> &[u8] {
        &self.chain.iaca
    }

    /// The SessionTranscript the device signs over (ISO/IEC 18013-5 §9.1.5.1): `[null, null, "canonprof-handover"]`.
    pub fn session_transcript(&self) -> &Cbor {
        &self.transcript
    }

    /// The verification time, Unix seconds (2026-06-01T00:00:00Z).
    pub const NOW_UNIX: i64 = NOW;
}

impl Uncanonicalized for MdocLeg {
    const FORMAT: &'static str = "mdoc";
    type Wire = Vec<u8>;

    fn issue(&self) -> Result<Vec<u8>> {
        use rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(self.seed);
        let document = Document {
            doc_type: mdoc::MDL_DOC_TYPE,
            namespace: mdoc::MDL_NAMESPACE,
            elements: &self.elements,
            device_key: &self.device_key,
            validity: &self.validity,
        };
        mdoc::issue(&document, &self.issuer, &self.chain.ds, &mut rng)
    }

    fn present(&self) -> Result<Vec<u8>> {
        let names: Vec<&str> = self.disclosed.iter().map(String::as_str).collect();
        mdoc::present(
            &self.issued,
            mdoc::MDL_DOC_TYPE,
            &names,
            &self.device,
            &self.transcript,
        )
    }

    fn verify(&self) -> Result<()> {
        let check = Verification {
            now_unix: NOW,
            iaca: Some(&self.chain.iaca),
            session_transcript: Some(&self.transcript),
        };
        let verified = mdoc::verify_with(&self.presented, &check, self.backend)?;
        if verified.elements.len() == self.disclosed.len() && verified.device_authenticated {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::Internal,
                "a fresh mdoc presentation lost a data element",
            ))
        }
    }

    fn presented(&self) -> &Vec<u8> {
        &self.presented
    }

    fn issued(&self) -> &Vec<u8> {
        &self.issued
    }

    fn presented_signature_bytes(&self) -> usize {
        self.signature_bytes
    }

    /// Each document's `issuerAuth` signature and its device signature.
    fn signatures_in(&self, presented: &Vec<u8>) -> Result<Vec<Vec<u8>>> {
        use crate::mdoc::structures::{DeviceAuth, DeviceResponse};
        let mut signatures = Vec::new();
        for document in DeviceResponse::decode(presented)?.documents {
            signatures.push(document.issuer_signed.issuer_auth()?.signature);
            if let Some(DeviceAuth::Signature(sign1)) =
                document.device_signed.map(|d| d.device_auth)
            {
                signatures.push(sign1.signature);
            }
        }
        Ok(signatures)
    }

    fn signatures(&self) -> Backend {
        self.backend
    }
}
