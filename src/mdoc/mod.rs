//! ISO/IEC 18013-5 mdoc: issuing an `IssuerSigned` whose Mobile Security Object (MSO) is signed as a
//! COSE_Sign1 (ES256, EdDSA, or ML-DSA-44 as RFC 9964 registers it for COSE) with the DS certificate in `x5chain`; presenting a `DeviceResponse` with the chosen
//! data elements and a `DeviceSigned` signature over the `SessionTranscript`; verifying it (certificate chain,
//! MSO signature, doc type, validity, every value digest over the exact received `IssuerSignedItemBytes`,
//! device signature). What a reader receives is decoded into the types of `structures` (`DeviceResponse`,
//! `IssuerSigned`, `MobileSecurityObject`, …), whose tag-24 items keep their received bytes ([`cbor`] finds each
//! item's extent). CBOR from ciborium, COSE from coset, X.509 from x509-cert ([`cert`]). Clause numbers are
//! those of ISO/IEC 18013-5:2021 as cited by public implementations (§8.3.2.1.2 data structures, §9.1.2
//! mdoc authentication, §9.1.3 issuer data authentication, §9.3.1 reader verification).

pub mod cbor;
pub mod cert;
pub(crate) mod structures;

use crate::error::{excerpt, Error, Result};
use crate::keys::{Backend, PublicKey, SecretKey, SignatureAlgorithm};
use cbor::{encode, Item, X5CHAIN};
use ciborium::Value as Cbor;
use coset::{
    iana, AsCborValue, CborSerializable, CoseKey, CoseSign1, CoseSign1Builder, HeaderBuilder, Label,
};
use sha2::{Digest, Sha256};
pub use structures::{
    DeviceAuth, DeviceResponse, DeviceSigned, DigestAlgorithm, DigestIds, IssuerSigned,
    IssuerSignedItem, MobileSecurityObject, ResponseDocument, Tag24, ValidityInfo,
};

/// The mDL document type.
pub const MDL_DOC_TYPE: &str = "org.iso.18013.5.1.mDL";
/// The mDL namespace.
pub const MDL_NAMESPACE: &str = "org.iso.18013.5.1";

/// Span names of the steps of the mdoc operations.
pub mod span {
    /// Issue: encoding the items and their digests into the MSO.
    pub const DIGESTS: &str = "digests";
    /// Signing (MSO or device authentication).
    pub const SIGN: &str = "sign";
    /// Present: choosing the items.
    pub const SELECT: &str = "select";
    /// Verify: the DS certificate against the IACA root.
    pub const CERTIFICATE_CHAIN: &str = "certificate_chain";
    /// Verify: the MSO signature.
    pub const VERIFY: &str = "verify";
    /// Verify: the device signature.
    pub(super) const DEVICE_AUTH: &str = "device_auth";
}

/// RFC 8949 §3.4.5.1: `#6.24(bstr .cbor value)`.
fn tag24(value: &Cbor) -> Cbor {
    Cbor::Tag(24, Box::new(Cbor::Bytes(encode(value))))
}

fn text_map(entries: Vec<(&str, Cbor)>) -> Cbor {
    Cbor::Map(
        entries
            .into_iter()
            .map(|(k, v)| (Cbor::Text(k.into()), v))
            .collect(),
    )
}

/// RFC 3339 `tdate` (`#6.0(tstr)`).
fn tdate(text: &str) -> Cbor {
    Cbor::Tag(0, Box::new(Cbor::Text(text.into())))
}

/// The COSE algorithm of a key of `algorithm` (RFC 9053 §2.1, §2.2; RFC 9964 §8.1.1): ES256 (-7) for P-256,
/// EdDSA (-8) for Ed25519, ML-DSA-44 (-48) for ML-DSA-44; `None` for the others (P-384 is not used by mdoc
/// here; SLH-DSA-SHA2-128s and FALCON-512 have no settled COSE value: the value draft-ietf-cose-sphincs-plus
/// asked for SLH-DSA-SHA2-128s, -51, is ESP384's in the IANA registry coset 0.4 follows).
pub fn cose_algorithm(algorithm: SignatureAlgorithm) -> Option<iana::Algorithm> {
    match algorithm {
        SignatureAlgorithm::P256 => Some(iana::Algorithm::ES256),
        SignatureAlgorithm::Ed25519 => Some(iana::Algorithm::EdDSA),
        SignatureAlgorithm::MlDsa44 => Some(iana::Algorithm::ML_DSA_44),
        _ => None,
    }
}

/// [`cose_algorithm`] of a signing key. Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) for a key with none.
fn algorithm(key: &SecretKey) -> Result<iana::Algorithm> {
    cose_algorithm(key.algorithm()).ok_or_else(|| {
        Error::key("mdoc here signs with ES256 (P-256), EdDSA (Ed25519) or ML-DSA-44 (RFC 9964)")
    })
}

/// RFC 9052 §4.4 with the key's algorithm: the COSE_Sign1 `what` must name, in its protected header, the COSE
/// algorithm of `key` (a signature is never checked under an algorithm it does not claim). Errors:
/// [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) naming what was found.
fn check_algorithm(sign1: &CoseSign1, key: &PublicKey, what: &str) -> Result<()> {
    let expected = cose_algorithm(key.algorithm())
        .ok_or_else(|| Error::key(format!("{what}: no COSE algorithm for the key")))?;
    match &sign1.protected.header.alg {
        Some(coset::Algorithm::Assigned(alg)) if *alg == expected => Ok(()),
        Some(coset::Algorithm::Assigned(alg)) => Err(Error::mdoc(format!(
            "{what} names COSE alg {} in its protected header, but the key is {} (COSE alg {})",
            *alg as i64,
            key.algorithm().name(),
            expected as i64
        ))),
        Some(_) => Err(Error::mdoc(format!(
            "{what} names a COSE alg that is not a registered integer"
        ))),
        None => Err(Error::mdoc(format!(
            "{what} names no alg in its protected header (RFC 9052 §3.1)"
        ))),
    }
}

/// The public COSE_Key of a device key: RFC 9053 §7.1's EC2 P-256 with x and y or OKP Ed25519 with x, or RFC
/// 9964 §3's AKP with `alg` ML-DSA-44 (-48) and `pub` (-1), the raw public key. Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key) for any other key.
pub fn cose_key(key: &SecretKey) -> Result<CoseKey> {
    let public = key.public_key();
    match (public.algorithm(), public.coordinates()) {
        (SignatureAlgorithm::MlDsa44, _) => Ok(coset::CoseKeyBuilder::new_mldsa_pub_key(
            coset::MlDsaVariant::MlDsa44,
            public.to_bytes(false),
        )
        .build()),
        (SignatureAlgorithm::P256, Some((x, y))) => {
            Ok(coset::CoseKeyBuilder::new_ec2_pub_key(iana::EllipticCurve::P_256, x, y).build())
        }
        (SignatureAlgorithm::Ed25519, _) => Ok(coset::CoseKeyBuilder::new_okp_key()
            .param(
                iana::OkpKeyParameter::Crv as i64,
                Cbor::from(iana::EllipticCurve::Ed25519 as i64),
            )
            .param(
                iana::OkpKeyParameter::X as i64,
                Cbor::Bytes(public.to_bytes(false)),
            )
            .build()),
        _ => Err(Error::key(
            "mdoc device keys here are P-256, Ed25519 or ML-DSA-44",
        )),
    }
}

/// The verification key of a COSE_Key (EC2 P-256, OKP Ed25519, or AKP ML-DSA-44: RFC 9964 §3, `alg` REQUIRED,
/// `pub` of exactly 1,312 bytes, no `priv`). Errors: [`ErrorKind::Key`](crate::ErrorKind::Key) for any other
/// key or a malformed one.
fn public_of(key: &CoseKey) -> Result<PublicKey> {
    let param = |label: i64| {
        key.params
            .iter()
            .find(|(l, _)| *l == Label::Int(label))
            .and_then(|(_, v)| v.as_bytes())
    };
    let bad = || Error::key("the device key is not an EC2 P-256 or OKP Ed25519 COSE_Key");
    match key.kty {
        coset::KeyType::Assigned(iana::KeyType::EC2) => {
            let (x, y) = (param(-2).ok_or_else(bad)?, param(-3).ok_or_else(bad)?);
            let point = [&[4u8][..], x, y].concat();
            PublicKey::from_bytes(SignatureAlgorithm::P256, &point).map_err(|_| bad())
        }
        coset::KeyType::Assigned(iana::KeyType::OKP) => {
            let x = param(-2).ok_or_else(bad)?;
            PublicKey::from_bytes(SignatureAlgorithm::Ed25519, x).map_err(|_| bad())
        }
        coset::KeyType::Assigned(iana::KeyType::AKP) => {
            let akp = |why: &str| {
                Error::key(format!(
                    "the device key is not an AKP ML-DSA-44 COSE_Key (RFC 9964 §3): {why}"
                ))
            };
            if key.alg != Some(coset::Algorithm::Assigned(iana::Algorithm::ML_DSA_44)) {
                return Err(akp("its alg is not ML-DSA-44 (-48)"));
            }
            if key
                .params
                .iter()
                .any(|(l, _)| *l == Label::Int(iana::AkpKeyParameter::Priv as i64))
            {
                return Err(akp("it carries priv (-2), which a public key must not"));
            }
            let public = param(iana::AkpKeyParameter::Pub as i64)
                .ok_or_else(|| akp("no pub (-1) byte string"))?;
            PublicKey::from_bytes(SignatureAlgorithm::MlDsa44, public).map_err(|e| akp(e.reason()))
        }
        _ => Err(bad()),
    }
}

/// The MSO signing key in a certificate's SubjectPublicKeyInfo (P-256, Ed25519, or ML-DSA-44: [`cert::ml_dsa_key`]).
/// Errors: [`ErrorKind::Key`](crate::ErrorKind::Key).
fn public_of_spki(spki: &x509_cert::spki::SubjectPublicKeyInfoOwned) -> Result<PublicKey> {
    use x509_cert::der::Encode;
    if let Some(key) = cert::ml_dsa_key(spki)? {
        return Ok(key);
    }
    let der = spki
        .to_der()
        .map_err(|e| Error::key(format!("DS key: {e}")).caused_by(e))?;
    PublicKey::from_spki_der(
        &der,
        &[SignatureAlgorithm::P256, SignatureAlgorithm::Ed25519],
    )
    .ok_or_else(|| Error::key("the DS certificate's key is not P-256, Ed25519 or ML-DSA-44"))
}

/// `ValidityInfo` of the MSO (RFC 3339 times).
#[derive(Debug, Clone)]
pub struct Validity {
    /// When the MSO was signed.
    pub signed: String,
    /// Valid from.
    pub valid_from: String,
    /// Valid until.
    pub valid_until: String,
}

/// What the issuer certifies: one namespace of data elements for a device key.
#[derive(Debug, Clone, Copy)]
pub struct Document<'a> {
    /// The doc type (e.g. [`MDL_DOC_TYPE`]).
    pub doc_type: &'a str,
    /// The namespace of the elements (e.g. [`MDL_NAMESPACE`]).
    pub namespace: &'a str,
    /// The data elements: (elementIdentifier, elementValue).
    pub elements: &'a [(String, Cbor)],
    /// The holder's device key (goes into `deviceKeyInfo`).
    pub device_key: &'a CoseKey,
    /// The MSO's validity.
    pub validity: &'a Validity,
}

/// §8.3.2.1.2.2 / §9.1.2.4: an `IssuerSigned` (CBOR) for the `document`'s elements in its namespace: each
/// `IssuerSignedItem` (digest ID, 16 random bytes from `rng`, identifier, value) tag-24 encoded, its SHA-256 in
/// the MSO's `valueDigests`, the MSO (`version`, `digestAlgorithm`, `deviceKeyInfo`, `docType`, `validityInfo`)
/// signed by `issuer` as a COSE_Sign1 with `ds_cert` in `x5chain`. Spans: `digests`, `sign`.
pub fn issue(
    document: &Document,
    issuer: &SecretKey,
    ds_cert: &[u8],
    rng: &mut impl rand_core::Rng,
) -> Result<Vec<u8>> {
    let Document {
        doc_type,
        namespace,
        elements,
        device_key: device,
        validity,
    } = *document;
    let alg = algorithm(issuer)?;
    let (items, payload) = {
        let _span = tracing::info_span!(span::DIGESTS).entered();
        let mut items = Vec::with_capacity(elements.len());
        let mut digests = Vec::with_capacity(elements.len());
        for (id, (identifier, value)) in elements.iter().enumerate() {
            let mut random = [0u8; 16];
            rng.fill_bytes(&mut random);
            let item = tag24(&text_map(vec![
                ("digestID", Cbor::from(id as u64)),
                ("random", Cbor::Bytes(random.to_vec())),
                ("elementIdentifier", Cbor::Text(identifier.clone())),
                ("elementValue", value.clone()),
            ]));
            digests.push((
                Cbor::from(id as u64),
                Cbor::Bytes(Sha256::digest(encode(&item)).to_vec()),
            ));
            items.push(item);
        }
        let device_key = device
            .clone()
            .to_cbor_value()
            .map_err(|e| Error::key(format!("device key: {}", cbor::describe_cose(&e))))?;
        let mso = text_map(vec![
            ("version", Cbor::Text("1.0".into())),
            ("digestAlgorithm", Cbor::Text("SHA-256".into())),
            (
                "valueDigests",
                Cbor::Map(vec![(Cbor::Text(namespace.into()), Cbor::Map(digests))]),
            ),
            ("deviceKeyInfo", text_map(vec![("deviceKey", device_key)])),
            ("docType", Cbor::Text(doc_type.into())),
            (
                "validityInfo",
                text_map(vec![
                    ("signed", tdate(&validity.signed)),
                    ("validFrom", tdate(&validity.valid_from)),
                    ("validUntil", tdate(&validity.valid_until)),
                ]),
            ),
        ]);
        (items, encode(&tag24(&mso)))
    };
    let _span = tracing::info_span!(span::SIGN).entered();
    let issuer_auth = CoseSign1Builder::new()
        .protected(HeaderBuilder::new().algorithm(alg).build())
        .unprotected(
            HeaderBuilder::new()
                .value(X5CHAIN, Cbor::Bytes(ds_cert.to_vec()))
                .build(),
        )
        .payload(payload)
        .try_create_signature(&[], |tbs| issuer.sign(tbs))?
        .build();
    let issuer_auth = issuer_auth
        .to_cbor_value()
        .map_err(|e| Error::mdoc(format!("issuerAuth: {}", cbor::describe_cose(&e))))?;
    Ok(encode(&text_map(vec![
        (
            "nameSpaces",
            Cbor::Map(vec![(Cbor::Text(namespace.into()), Cbor::Array(items))]),
        ),
        ("issuerAuth", issuer_auth),
    ])))
}

/// `DeviceAuthenticationBytes` (§9.1.3.4): `#6.24(["DeviceAuthentication", SessionTranscript, DocType,
/// DeviceNameSpacesBytes])`, encoded, with `device_namespaces` (the `DeviceNameSpacesBytes`) as received.
fn device_authentication(
    session_transcript: &Cbor,
    doc_type: &str,
    device_namespaces: &[u8],
) -> Vec<u8> {
    cbor::tag24_of(&cbor::array_of(&[
        &encode(&Cbor::Text("DeviceAuthentication".into())),
        &encode(session_transcript),
        &encode(&Cbor::Text(doc_type.into())),
        device_namespaces,
    ]))
}

/// §8.3.2.1.2.2 / §9.1.3: a `DeviceResponse` (CBOR) with one document holding the items of `issuer_signed`
/// named in `disclose` (their tag-24 bytes exactly as issued; the rest of `IssuerSigned`, `issuerAuth` included,
/// as received) and a `DeviceSigned` whose `deviceSignature` (COSE_Sign1, detached payload) covers
/// `DeviceAuthenticationBytes` for `session_transcript`, with no device-signed elements. Spans: `select`,
/// `sign`. Errors: a malformed `IssuerSigned` ([`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc)), an identifier that
/// is not in it, a P-384 device key ([`ErrorKind::Key`](crate::ErrorKind::Key)).
pub fn present(
    issuer_signed: &[u8],
    doc_type: &str,
    disclose: &[&str],
    device: &SecretKey,
    session_transcript: &Cbor,
) -> Result<Vec<u8>> {
    let alg = algorithm(device)?;
    let issuer_signed_bytes = {
        let _span = tracing::info_span!(span::SELECT).entered();
        let item = Item::whole(issuer_signed, "IssuerSigned")?;
        let signed = IssuerSigned::decode(item)?;
        let mut found = 0;
        let mut name_spaces = Vec::with_capacity(signed.name_spaces.len());
        for (namespace, items) in &signed.name_spaces {
            let kept: Vec<&[u8]> = items
                .iter()
                .filter(|i| disclose.contains(&i.value.element_identifier.as_str()))
                .map(|i| i.bytes)
                .collect();
            found += kept.len();
            name_spaces.push((
                encode(&Cbor::Text(namespace.clone())),
                cbor::array_of(&kept),
            ));
        }
        if found != disclose.len() {
            return Err(Error::mdoc(format!(
                "IssuerSigned holds {found} of the {} requested elements",
                disclose.len()
            )));
        }
        let name_spaces = cbor::map_of(
            &name_spaces
                .iter()
                .map(|(k, v)| (k.as_slice(), v.as_slice()))
                .collect::<Vec<_>>(),
        );
        // The members of IssuerSigned in received order, nameSpaces reduced to the disclosed items.
        let members = item.map("IssuerSigned")?;
        let members: Vec<(&[u8], &[u8])> = members
            .iter()
            .map(|(k, v)| match k.text("an IssuerSigned key") {
                Ok(key) if key == "nameSpaces" => (k.bytes, name_spaces.as_slice()),
                _ => (k.bytes, v.bytes),
            })
            .collect();
        cbor::map_of(&members)
    };
    let _span = tracing::info_span!(span::SIGN).entered();
    let device_namespaces = encode(&tag24(&Cbor::Map(Vec::new())));
    let to_sign = device_authentication(session_transcript, doc_type, &device_namespaces);
    let signature = CoseSign1Builder::new()
        .protected(HeaderBuilder::new().algorithm(alg).build())
        .try_create_detached_signature(&to_sign, &[], |tbs| device.sign(tbs))?
        .build()
        .to_cbor_value()
        .map_err(|e| Error::mdoc(format!("deviceSignature: {}", cbor::describe_cose(&e))))?;
    let device_signed = cbor::text_map_of(&[
        ("nameSpaces", &device_namespaces),
        (
            "deviceAuth",
            &encode(&text_map(vec![("deviceSignature", signature)])),
        ),
    ]);
    let document = cbor::text_map_of(&[
        ("docType", &encode(&Cbor::Text(doc_type.into()))),
        ("issuerSigned", &issuer_signed_bytes),
        ("deviceSigned", &device_signed),
    ]);
    Ok(cbor::text_map_of(&[
        ("version", &encode(&Cbor::Text("1.0".into()))),
        ("documents", &cbor::array_of(&[&document])),
        ("status", &encode(&Cbor::from(0u64))),
    ]))
}

/// What the reader checks against.
#[derive(Debug, Clone, Copy)]
pub struct Verification<'a> {
    /// The time of verification (Unix seconds).
    pub now_unix: i64,
    /// The trusted IACA root (DER): the DS certificate must chain to it; `None` skips the chain (the MSO
    /// signature is still checked with the DS certificate's key).
    pub iaca: Option<&'a [u8]>,
    /// The SessionTranscript the device signed; `None` skips device authentication (e.g. a MAC-authenticated
    /// response such as ISO 18013-5 Annex D's).
    pub session_transcript: Option<&'a Cbor>,
}

/// A verified document.
#[derive(Debug, Clone)]
pub struct Verified {
    /// The MSO's doc type.
    pub doc_type: String,
    /// Disclosed elements: (namespace, identifier, value).
    pub elements: Vec<(String, String, Cbor)>,
    /// Whether the device signature was checked.
    pub device_authenticated: bool,
}

/// §9.1.2.4 / §9.3.1: SHA-256 over the exact received `IssuerSignedItemBytes` ([`Tag24::bytes`]).
pub fn item_digest(item_bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(item_bytes).into()
}

/// §9.3.1 mdoc reader verification of the one document of `device_response` (decoded as a
/// [`DeviceResponse`]): the DS certificate (from `x5chain`) against the trusted IACA, the MSO's COSE_Sign1
/// signature with the DS key, `docType`, the validity period at `now`, every presented element's digest over its
/// received bytes against `valueDigests`, and the device signature over `DeviceAuthenticationBytes`. Spans:
/// `certificate_chain`, `verify`, `digests`, `device_auth`. Errors, each naming the failed check:
/// [`ErrorKind::Signature`](crate::ErrorKind::Signature) (MSO, DS certificate or device signature),
/// [`ErrorKind::Digest`](crate::ErrorKind::Digest) (a value digest), [`ErrorKind::Key`](crate::ErrorKind::Key)
/// (a key of another type), [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) (structure, doc type, validity, chain).
pub fn verify(device_response: &[u8], check: &Verification) -> Result<Verified> {
    verify_with(device_response, check, Backend::RustCrypto)
}

/// [`verify`] with every signature (DS certificate, MSO, device) checked through `backend`. Errors: as
/// [`verify`].
pub fn verify_with(
    device_response: &[u8],
    check: &Verification,
    backend: Backend,
) -> Result<Verified> {
    let response = DeviceResponse::decode(device_response)?;
    if response.status != 0 {
        return Err(Error::mdoc("the DeviceResponse status is not 0 (OK)"));
    }
    // Every document present must be checked; one is what this verifier checks per file, so a response with
    // more is refused rather than judged by its first.
    let document = match response.documents.as_slice() {
        [one] => one,
        [] => return Err(Error::mdoc("the DeviceResponse has no document")),
        more => {
            return Err(Error::mdoc(format!(
                "the DeviceResponse holds {} documents; canonprof verifies a DeviceResponse with one, and the others \
                 would go unchecked",
                more.len()
            )))
        }
    };
    let doc_type = document.doc_type.as_str();
    let issuer_signed = &document.issuer_signed;
    let issuer_auth = issuer_signed.issuer_auth()?;
    let ds_cert = structures::ds_certificate(&issuer_auth)?;
    let issuer_key = {
        let _span = tracing::info_span!(span::CERTIFICATE_CHAIN).entered();
        let spki = match check.iaca {
            Some(iaca) => cert::verify_chain(ds_cert, iaca, check.now_unix.max(0) as u64, backend)?,
            None => {
                use x509_cert::der::Decode;
                x509_cert::Certificate::from_der(ds_cert)
                    .map_err(|e| {
                        Error::mdoc(format!("the DS certificate is not DER X.509: {e}"))
                            .caused_by(e)
                    })?
                    .tbs_certificate()
                    .subject_public_key_info()
                    .clone()
            }
        };
        public_of_spki(&spki)?.with_backend(backend)?
    };
    {
        let _span = tracing::info_span!(span::VERIFY).entered();
        check_algorithm(
            &issuer_auth,
            &issuer_key,
            "the MSO's COSE_Sign1 (issuerAuth)",
        )?;
        issuer_auth
            .verify_signature(&[], |signature, tbs| {
                issuer_key.verify(tbs, signature).then_some(()).ok_or(())
            })
            .map_err(|_| {
                Error::signature(
                    "the MSO signature (issuerAuth) does not verify with the DS certificate's key",
                )
            })?;
    }
    let _span = tracing::info_span!(span::DIGESTS).entered();
    let mso = MobileSecurityObject::from_issuer_auth(&issuer_auth)?;
    if mso.doc_type != doc_type {
        return Err(Error::mdoc("the document's docType is not the MSO's"));
    }
    let (from, until) = (mso.validity_info.valid_from, mso.validity_info.valid_until);
    if check.now_unix < from || check.now_unix > until {
        return Err(Error::mdoc(format!(
            "the MSO is not valid at {} (valid {from}–{until})",
            check.now_unix
        )));
    }
    let mut elements = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (ns, items) in &issuer_signed.name_spaces {
        if !mso.value_digests.iter().any(|(n, _)| n == ns) {
            return Err(Error::digest(format!(
                "the MSO has no digests for {}",
                excerpt(ns)
            )));
        }
        for item in items {
            let IssuerSignedItem {
                digest_id,
                element_identifier: name,
                element_value: value,
                ..
            } = &item.value;
            if !seen.insert((ns.as_str(), *digest_id)) {
                return Err(Error::mdoc(format!(
                    "the document presents digestID {digest_id} of {} twice",
                    excerpt(ns)
                )));
            }
            let expected = mso.digest(ns, *digest_id).ok_or_else(|| {
                Error::digest(format!(
                    "the MSO has no digest {digest_id} for {}",
                    excerpt(ns)
                ))
            })?;
            if expected != mso.algorithm.digest(item.bytes) {
                return Err(Error::digest(format!(
                    "the value digest of {} does not match the MSO",
                    excerpt(&format!("{ns}/{name}"))
                )));
            }
            elements.push((ns.clone(), name.clone(), value.clone()));
        }
    }
    drop(_span);
    let device_authenticated = match check.session_transcript {
        None => false,
        Some(transcript) => {
            let _span = tracing::info_span!(span::DEVICE_AUTH).entered();
            let device_key = public_of(&mso.device_key)?.with_backend(backend)?;
            let device_signed = document
                .device_signed
                .as_ref()
                .ok_or_else(|| Error::mdoc("the document has no `deviceSigned`"))?;
            let DeviceAuth::Signature(signature) = &device_signed.device_auth else {
                return Err(Error::mdoc(
                    "deviceAuth has no deviceSignature (a deviceMac is not supported)",
                ));
            };
            check_algorithm(signature, &device_key, "the deviceSignature")?;
            let signed =
                device_authentication(transcript, doc_type, device_signed.name_spaces.bytes);
            signature
                .verify_detached_signature(&signed, &[], |sig, tbs| {
                    device_key.verify(tbs, sig).then_some(()).ok_or(())
                })
                .map_err(|_| {
                    Error::signature(
                        "the device signature does not verify over DeviceAuthenticationBytes",
                    )
                })?;
            true
        }
    };
    Ok(Verified {
        doc_type: doc_type.to_string(),
        elements,
        device_authenticated,
    })
}

/// Parses a COSE_Sign1 (RFC 9052 §4.2) from tagged or untagged bytes (for tests and tools). Errors:
/// [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc).
pub fn parse_sign1(bytes: &[u8]) -> Result<CoseSign1> {
    CoseSign1::from_slice(bytes)
        .map_err(|e| Error::mdoc(format!("not a COSE_Sign1: {}", cbor::describe_cose(&e))))
}
