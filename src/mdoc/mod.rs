//! ISO/IEC 18013-5 mdoc: issuing an `IssuerSigned` whose Mobile Security Object (MSO) is signed as a
//! COSE_Sign1 (ES256 or EdDSA) with the DS certificate in `x5chain`; presenting a `DeviceResponse` with the chosen
//! data elements and a `DeviceSigned` signature over the `SessionTranscript`; verifying it (certificate chain,
//! MSO signature, doc type, validity, every value digest over the exact received `IssuerSignedItemBytes`,
//! device signature). CBOR from ciborium, COSE from coset, X.509 from x509-cert ([`cert`]). Clause numbers are
//! those of ISO/IEC 18013-5:2021 as cited by public implementations (§8.3.2.1.2 data structures, §9.1.2
//! mdoc authentication, §9.1.3 issuer data authentication, §9.3.1 reader verification).

pub mod cert;

use crate::error::{Error, Result};
use crate::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use ciborium::Value as Cbor;
use coset::{
    iana, AsCborValue, CborSerializable, CoseKey, CoseSign1, CoseSign1Builder, HeaderBuilder, Label,
};
use sha2::{Digest, Sha256};

/// The mDL document type.
pub const MDL_DOC_TYPE: &str = "org.iso.18013.5.1.mDL";
/// The mDL namespace.
pub const MDL_NAMESPACE: &str = "org.iso.18013.5.1";
/// COSE header label of `x5chain` (RFC 9360).
const X5CHAIN: i64 = 33;

/// Span names of the steps of the mdoc operations.
pub mod step {
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
    pub const DEVICE_AUTH: &str = "device_auth";
}

fn encode(value: &Cbor) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(value, &mut out).expect("CBOR into a Vec cannot fail");
    out
}

fn decode(bytes: &[u8], what: &str) -> Result<Cbor> {
    ciborium::from_reader(bytes).map_err(|e| Error::mdoc(format!("{what} is not CBOR: {e}")))
}

/// RFC 8949 §3.4.5.1: `#6.24(bstr .cbor value)`.
fn tag24(value: &Cbor) -> Cbor {
    Cbor::Tag(24, Box::new(Cbor::Bytes(encode(value))))
}

/// The bytes inside a tag-24 item.
fn untag24<'a>(value: &'a Cbor, what: &str) -> Result<&'a [u8]> {
    match value {
        Cbor::Tag(24, inner) => match inner.as_ref() {
            Cbor::Bytes(bytes) => Ok(bytes),
            _ => Err(Error::mdoc(format!("{what} is not a tag-24 byte string"))),
        },
        _ => Err(Error::mdoc(format!("{what} is not tag 24 (encoded CBOR)"))),
    }
}

fn text_map(entries: Vec<(&str, Cbor)>) -> Cbor {
    Cbor::Map(
        entries
            .into_iter()
            .map(|(k, v)| (Cbor::Text(k.into()), v))
            .collect(),
    )
}

fn get<'a>(map: &'a Cbor, key: &str) -> Option<&'a Cbor> {
    map.as_map()?
        .iter()
        .find(|(k, _)| k.as_text() == Some(key))
        .map(|(_, v)| v)
}

fn field<'a>(map: &'a Cbor, key: &str, what: &str) -> Result<&'a Cbor> {
    get(map, key).ok_or_else(|| Error::mdoc(format!("{what} has no `{key}`")))
}

/// RFC 3339 `tdate` (`#6.0(tstr)`).
fn tdate(text: &str) -> Cbor {
    Cbor::Tag(0, Box::new(Cbor::Text(text.into())))
}

fn tdate_seconds(value: &Cbor, what: &str) -> Result<i64> {
    let text = match value {
        Cbor::Tag(0, inner) => inner.as_text(),
        other => other.as_text(),
    }
    .ok_or_else(|| Error::mdoc(format!("{what} is not a tdate")))?;
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| t.timestamp())
        .map_err(|e| Error::mdoc(format!("{what} `{text}` is not RFC 3339: {e}")))
}

/// The COSE algorithm of a key (RFC 9053 §2.1, §2.2): ES256 for P-256, EdDSA for Ed25519. Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key) for P-384.
fn algorithm(key: &SecretKey) -> Result<iana::Algorithm> {
    match key.algorithm() {
        SignatureAlgorithm::P256 => Ok(iana::Algorithm::ES256),
        SignatureAlgorithm::Ed25519 => Ok(iana::Algorithm::EdDSA),
        SignatureAlgorithm::P384 => Err(Error::key(
            "mdoc here signs with ES256 (P-256) or EdDSA (Ed25519)",
        )),
    }
}

/// The public COSE_Key (RFC 9053 §7.1: EC2 P-256 with x and y, or OKP Ed25519 with x) of a device key. Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key) for P-384.
pub fn cose_key(key: &SecretKey) -> Result<CoseKey> {
    let public = key.public_key();
    match (public.algorithm(), public.coordinates()) {
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
        _ => Err(Error::key("mdoc device keys here are P-256 or Ed25519")),
    }
}

/// The verification key of a COSE_Key (EC2 P-256 or OKP Ed25519). Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key) for any other key or a malformed one.
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
        _ => Err(bad()),
    }
}

/// The MSO signing key in a certificate's SubjectPublicKeyInfo (P-256 or Ed25519). Errors:
/// [`ErrorKind::Key`](crate::ErrorKind::Key).
fn public_of_spki(spki: &x509_cert::spki::SubjectPublicKeyInfoOwned) -> Result<PublicKey> {
    use x509_cert::der::Encode;
    let der = spki
        .to_der()
        .map_err(|e| Error::key(format!("DS key: {e}")))?;
    PublicKey::from_spki_der(
        &der,
        &[SignatureAlgorithm::P256, SignatureAlgorithm::Ed25519],
    )
    .ok_or_else(|| Error::key("the DS certificate's key is not P-256 or Ed25519"))
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
    rng: &mut impl rand_core::RngCore,
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
        let _span = tracing::info_span!(step::DIGESTS).entered();
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
            .map_err(|e| Error::key(format!("device key: {e}")))?;
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
    let _span = tracing::info_span!(step::SIGN).entered();
    let issuer_auth = CoseSign1Builder::new()
        .protected(HeaderBuilder::new().algorithm(alg).build())
        .unprotected(
            HeaderBuilder::new()
                .value(X5CHAIN, Cbor::Bytes(ds_cert.to_vec()))
                .build(),
        )
        .payload(payload)
        .create_signature(&[], |tbs| issuer.sign(tbs))
        .build();
    let issuer_auth = issuer_auth
        .to_cbor_value()
        .map_err(|e| Error::mdoc(format!("issuerAuth: {e}")))?;
    Ok(encode(&text_map(vec![
        (
            "nameSpaces",
            Cbor::Map(vec![(Cbor::Text(namespace.into()), Cbor::Array(items))]),
        ),
        ("issuerAuth", issuer_auth),
    ])))
}

/// The elementIdentifier of a tag-24 IssuerSignedItem.
fn element_identifier(item: &Cbor) -> Result<String> {
    let inner = decode(
        untag24(item, "an IssuerSignedItemBytes")?,
        "an IssuerSignedItem",
    )?;
    field(&inner, "elementIdentifier", "an IssuerSignedItem")?
        .as_text()
        .map(str::to_string)
        .ok_or_else(|| Error::mdoc("an elementIdentifier is not text"))
}

/// `DeviceAuthenticationBytes` (§9.1.3.4): `#6.24(["DeviceAuthentication", SessionTranscript, DocType,
/// DeviceNameSpacesBytes])`, encoded.
fn device_authentication(
    session_transcript: &Cbor,
    doc_type: &str,
    device_namespaces: &Cbor,
) -> Vec<u8> {
    encode(&tag24(&Cbor::Array(vec![
        Cbor::Text("DeviceAuthentication".into()),
        session_transcript.clone(),
        Cbor::Text(doc_type.into()),
        device_namespaces.clone(),
    ])))
}

/// §8.3.2.1.2.2 / §9.1.3: a `DeviceResponse` (CBOR) with one document holding the items of `issuer_signed`
/// named in `disclose` (their tag-24 bytes as issued) and a `DeviceSigned` whose `deviceSignature` (COSE_Sign1,
/// detached payload) covers `DeviceAuthenticationBytes` for `session_transcript`, with no device-signed
/// elements. Spans: `select`, `sign`. Errors: a malformed `IssuerSigned`, an identifier that is not in it.
pub fn present(
    issuer_signed: &[u8],
    doc_type: &str,
    disclose: &[&str],
    device: &SecretKey,
    session_transcript: &Cbor,
) -> Result<Vec<u8>> {
    let alg = algorithm(device)?;
    let issuer_signed_value = {
        let _span = tracing::info_span!(step::SELECT).entered();
        let mut signed = decode(issuer_signed, "IssuerSigned")?;
        let namespaces = match signed.as_map_mut().and_then(|m| {
            m.iter_mut()
                .find(|(k, _)| k.as_text() == Some("nameSpaces"))
        }) {
            Some((_, Cbor::Map(namespaces))) => namespaces,
            _ => return Err(Error::mdoc("IssuerSigned has no nameSpaces map")),
        };
        let mut found = 0;
        for (_, items) in namespaces.iter_mut() {
            let Cbor::Array(list) = items else {
                return Err(Error::mdoc("a nameSpaces entry is not an array"));
            };
            let mut kept = Vec::new();
            for item in list.drain(..) {
                if disclose.contains(&element_identifier(&item)?.as_str()) {
                    kept.push(item);
                }
            }
            found += kept.len();
            *list = kept;
        }
        if found != disclose.len() {
            return Err(Error::mdoc(format!(
                "IssuerSigned holds {found} of the {} requested elements",
                disclose.len()
            )));
        }
        signed
    };
    let _span = tracing::info_span!(step::SIGN).entered();
    let device_namespaces = tag24(&Cbor::Map(Vec::new()));
    let to_sign = device_authentication(session_transcript, doc_type, &device_namespaces);
    let signature = CoseSign1Builder::new()
        .protected(HeaderBuilder::new().algorithm(alg).build())
        .create_detached_signature(&to_sign, &[], |tbs| device.sign(tbs))
        .build()
        .to_cbor_value()
        .map_err(|e| Error::mdoc(format!("deviceSignature: {e}")))?;
    let document = text_map(vec![
        ("docType", Cbor::Text(doc_type.into())),
        ("issuerSigned", issuer_signed_value),
        (
            "deviceSigned",
            text_map(vec![
                ("nameSpaces", device_namespaces),
                ("deviceAuth", text_map(vec![("deviceSignature", signature)])),
            ]),
        ),
    ]);
    Ok(encode(&text_map(vec![
        ("version", Cbor::Text("1.0".into())),
        ("documents", Cbor::Array(vec![document])),
        ("status", Cbor::from(0u64)),
    ])))
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

/// The exact bytes of a tag-24 item inside `received`, wrapper included (case 026: never a re-encoding). The
/// item's content (salted) is found in the received bytes and the `d8 18` + byte-string header before it is
/// taken as sent, whatever its length encoding.
pub fn received_item<'a>(received: &'a [u8], inner: &[u8]) -> Result<&'a [u8]> {
    let start = received
        .windows(inner.len().max(1))
        .position(|w| w == inner)
        .ok_or_else(|| Error::mdoc("an IssuerSignedItemBytes is not in the received bytes"))?;
    for header in [1usize, 2, 3, 5, 9] {
        let Some(tag_at) = start.checked_sub(header + 2) else {
            continue;
        };
        if received[tag_at..tag_at + 2] != [0xd8, 0x18] || received[tag_at + 2] >> 5 != 2 {
            continue;
        }
        let head = &received[tag_at + 2..start];
        let length = match (head[0] & 0x1f, head.len()) {
            (n @ 0..=23, 1) => n as u64,
            (24, 2) => head[1] as u64,
            (25, 3) => u16::from_be_bytes([head[1], head[2]]) as u64,
            (26, 5) => u32::from_be_bytes(head[1..5].try_into().expect("4 bytes")) as u64,
            (27, 9) => u64::from_be_bytes(head[1..9].try_into().expect("8 bytes")),
            _ => continue,
        };
        if length == inner.len() as u64 {
            return Ok(&received[tag_at..start + inner.len()]);
        }
    }
    Err(Error::mdoc(
        "an IssuerSignedItemBytes has no tag-24 byte-string header before it",
    ))
}

/// §9.1.2.4 / §9.3.1: SHA-256 over the exact received `IssuerSignedItemBytes`.
pub fn item_digest(item_bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(item_bytes).into()
}

/// §9.3.1 mdoc reader verification of the first document of `device_response`: the DS certificate (from
/// `x5chain`) against the trusted IACA, the MSO's COSE_Sign1 signature with the DS key, `docType`, the
/// validity period at `now`, every presented element's digest over its received bytes against
/// `valueDigests`, and the device signature over `DeviceAuthenticationBytes`. Spans: `certificate_chain`,
/// `verify`, `digests`, `device_auth`. Errors, each naming the failed check:
/// [`ErrorKind::Signature`](crate::ErrorKind::Signature) (MSO, DS certificate or device signature),
/// [`ErrorKind::Digest`](crate::ErrorKind::Digest) (a value digest), [`ErrorKind::Key`](crate::ErrorKind::Key)
/// (a key of another type), [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) (structure, doc type, validity, chain).
pub fn verify(device_response: &[u8], check: &Verification) -> Result<Verified> {
    let response = decode(device_response, "the DeviceResponse")?;
    if get(&response, "status")
        .and_then(|s| s.as_integer())
        .map(i128::from)
        != Some(0)
    {
        return Err(Error::mdoc("the DeviceResponse status is not 0 (OK)"));
    }
    let document = field(&response, "documents", "the DeviceResponse")?
        .as_array()
        .and_then(|d| d.first())
        .ok_or_else(|| Error::mdoc("the DeviceResponse has no document"))?;
    let doc_type = field(document, "docType", "the document")?
        .as_text()
        .ok_or_else(|| Error::mdoc("docType is not text"))?;
    let issuer_signed = field(document, "issuerSigned", "the document")?;
    let issuer_auth =
        CoseSign1::from_cbor_value(field(issuer_signed, "issuerAuth", "issuerSigned")?.clone())
            .map_err(|e| Error::mdoc(format!("issuerAuth is not a COSE_Sign1: {e}")))?;
    let ds_cert = issuer_auth
        .unprotected
        .rest
        .iter()
        .find(|(l, _)| *l == Label::Int(X5CHAIN))
        .and_then(|(_, v)| match v {
            Cbor::Bytes(b) => Some(b.as_slice()),
            Cbor::Array(chain) => chain.first().and_then(Cbor::as_bytes).map(Vec::as_slice),
            _ => None,
        })
        .ok_or_else(|| Error::mdoc("issuerAuth has no x5chain certificate"))?;
    let issuer_key = {
        let _span = tracing::info_span!(step::CERTIFICATE_CHAIN).entered();
        let spki = match check.iaca {
            Some(iaca) => cert::verify_chain(ds_cert, iaca, check.now_unix.max(0) as u64)?,
            None => {
                use x509_cert::der::Decode;
                x509_cert::Certificate::from_der(ds_cert)
                    .map_err(|e| Error::mdoc(format!("the DS certificate is not DER X.509: {e}")))?
                    .tbs_certificate
                    .subject_public_key_info
            }
        };
        public_of_spki(&spki)?
    };
    {
        let _span = tracing::info_span!(step::VERIFY).entered();
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
    let _span = tracing::info_span!(step::DIGESTS).entered();
    let payload = issuer_auth
        .payload
        .as_deref()
        .ok_or_else(|| Error::mdoc("issuerAuth has no payload"))?;
    let mso = decode(
        untag24(
            &decode(payload, "the MSO bytes")?,
            "MobileSecurityObjectBytes",
        )?,
        "the MSO",
    )?;
    if field(&mso, "docType", "the MSO")?.as_text() != Some(doc_type) {
        return Err(Error::mdoc("the document's docType is not the MSO's"));
    }
    let validity = field(&mso, "validityInfo", "the MSO")?;
    let from = tdate_seconds(field(validity, "validFrom", "validityInfo")?, "validFrom")?;
    let until = tdate_seconds(field(validity, "validUntil", "validityInfo")?, "validUntil")?;
    if check.now_unix < from || check.now_unix > until {
        return Err(Error::mdoc(format!(
            "the MSO is not valid at {} (valid {from}–{until})",
            check.now_unix
        )));
    }
    let value_digests = field(&mso, "valueDigests", "the MSO")?;
    let mut elements = Vec::new();
    let namespaces = field(issuer_signed, "nameSpaces", "issuerSigned")?
        .as_map()
        .ok_or_else(|| Error::mdoc("nameSpaces is not a map"))?;
    for (namespace, items) in namespaces {
        let ns = namespace
            .as_text()
            .ok_or_else(|| Error::mdoc("a namespace is not text"))?;
        let digests = get(value_digests, ns)
            .ok_or_else(|| Error::mdoc(format!("the MSO has no digests for {ns}")))?;
        for item in items
            .as_array()
            .ok_or_else(|| Error::mdoc("a namespace's items are not an array"))?
        {
            let inner = untag24(item, "an IssuerSignedItemBytes")?;
            let received = received_item(device_response, inner)?;
            let parsed = decode(inner, "an IssuerSignedItem")?;
            let id = field(&parsed, "digestID", "an IssuerSignedItem")?
                .as_integer()
                .ok_or_else(|| Error::mdoc("digestID is not an integer"))?;
            let name = field(&parsed, "elementIdentifier", "an IssuerSignedItem")?
                .as_text()
                .unwrap_or("?")
                .to_string();
            let expected = digests
                .as_map()
                .and_then(|m| m.iter().find(|(k, _)| k.as_integer() == Some(id)))
                .and_then(|(_, v)| v.as_bytes())
                .ok_or_else(|| {
                    Error::digest(format!("the MSO has no digest {} for {ns}", i128::from(id)))
                })?;
            if expected.as_slice() != item_digest(received) {
                return Err(Error::digest(format!(
                    "the value digest of {ns}/{name} does not match the MSO"
                )));
            }
            let value = field(&parsed, "elementValue", "an IssuerSignedItem")?.clone();
            elements.push((ns.to_string(), name, value));
        }
    }
    drop(_span);
    let device_authenticated = match check.session_transcript {
        None => false,
        Some(transcript) => {
            let _span = tracing::info_span!(step::DEVICE_AUTH).entered();
            let device_key = CoseKey::from_cbor_value(
                field(
                    field(&mso, "deviceKeyInfo", "the MSO")?,
                    "deviceKey",
                    "deviceKeyInfo",
                )?
                .clone(),
            )
            .map_err(|e| Error::key(format!("the MSO's deviceKey is not a COSE_Key: {e}")))?;
            let device_key = public_of(&device_key)?;
            let device_signed = field(document, "deviceSigned", "the document")?;
            let device_namespaces = field(device_signed, "nameSpaces", "deviceSigned")?;
            let signature = field(
                field(device_signed, "deviceAuth", "deviceSigned")?,
                "deviceSignature",
                "deviceAuth",
            )
            .map_err(|_| {
                Error::mdoc("deviceAuth has no deviceSignature (a deviceMac is not supported)")
            })?;
            let signature = CoseSign1::from_cbor_value(signature.clone())
                .map_err(|e| Error::mdoc(format!("deviceSignature is not a COSE_Sign1: {e}")))?;
            let signed = device_authentication(transcript, doc_type, device_namespaces);
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

/// Parses a COSE_Sign1 from tagged or untagged bytes (for tests and tools).
pub fn parse_sign1(bytes: &[u8]) -> Result<CoseSign1> {
    CoseSign1::from_slice(bytes).map_err(|e| Error::mdoc(format!("not a COSE_Sign1: {e}")))
}
