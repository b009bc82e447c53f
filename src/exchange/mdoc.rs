//! The mdoc leg of the exchange: the issuer signs the credential's subject attributes as 20 data elements of
//! one namespace (MSO as COSE_Sign1, DS certificate from a generated IACA); the holder presents 5 in a
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
}

impl MdocLeg {
    /// Prepares the exchange of `attributes` as mDL-namespace data elements, disclosing `disclosed`, with
    /// issuer and device keys of `algorithm` (P-256: ES256, Ed25519: EdDSA) from `seed` and a P-256 IACA; the
    /// issuer, device and DS-certificate signatures are made and checked through `backend` (the certificates
    /// are made once, with RustCrypto, so their bytes repeat). Errors: a P-384 `algorithm`, a value with no
    /// CBOR form, certificate generation, issuing or presenting failed.
    pub fn new(
        attributes: &Map<String, Value>,
        disclosed: &[String],
        algorithm: SignatureAlgorithm,
        seed: u64,
        backend: Backend,
    ) -> Result<MdocLeg> {
        let issuer = SecretKey::from_seed(algorithm, seed).with_backend(backend)?;
        let device = SecretKey::from_seed(algorithm, seed.wrapping_add(1)).with_backend(backend)?;
        let iaca = SecretKey::from_seed(SignatureAlgorithm::P256, seed.wrapping_add(2));
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
        };
        leg.issued = leg.issue()?;
        leg.presented = leg.present()?;
        Ok(leg)
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

    fn signatures(&self) -> Backend {
        self.backend
    }
}
