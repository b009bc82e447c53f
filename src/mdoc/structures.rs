//! The ISO/IEC 18013-5 data structures a reader receives, decoded into types: `DeviceResponse`, its `Document`s,
//! `IssuerSigned` with its `IssuerSignedItemBytes`, `DeviceSigned` (§8.3.2.1.2.2) and the
//! `MobileSecurityObject` (§9.1.2.4). Every tag-24 item keeps the bytes it was received as ([`Tag24`]): the value
//! digests are over the received `IssuerSignedItemBytes` and the device signature over the received
//! `DeviceNameSpacesBytes`, never over a re-encoding (case 026). Clause numbers as in the module above. Errors
//! are [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) (or [`ErrorKind::Key`](crate::ErrorKind::Key) for the
//! device key), one line naming the structure and the field.

use super::cbor::{describe_cose, Item, X5CHAIN};
use crate::error::{excerpt, Error, Result};
use ciborium::Value as Cbor;
use coset::{AsCborValue, CoseKey, CoseSign1};

/// A tag-24 item (`#6.24(bstr .cbor T)`, RFC 8949 §3.4.5.1) as received, with the embedded item decoded.
#[derive(Debug, Clone, PartialEq)]
pub struct Tag24<'a, T> {
    /// The item's received bytes, wrapper (`d8 18` and the byte-string head) included: what is hashed.
    pub bytes: &'a [u8],
    /// The embedded item's encoding (the byte string's content).
    pub content: &'a [u8],
    /// The embedded item, decoded.
    pub value: T,
}

impl<'a, T> Tag24<'a, T> {
    /// Decodes the tag-24 `item` with `inner` applied to the embedded item. Errors: not tag 24 over a byte
    /// string, the embedded bytes not one CBOR item, and `inner`'s.
    fn decode(
        item: Item<'a>,
        what: &str,
        inner: impl FnOnce(Item<'a>) -> Result<T>,
    ) -> Result<Tag24<'a, T>> {
        let content = item.tag24_content(what)?;
        Ok(Tag24 {
            bytes: item.bytes,
            content,
            value: inner(Item::whole(content, what)?)?,
        })
    }
}

/// §9.1.2.5: the least number of random bytes that salt an `IssuerSignedItem`.
const MIN_RANDOM: usize = 16;

/// §8.3.2.1.2.2 `IssuerSignedItem`: one data element with its digest ID and salt.
#[derive(Debug, Clone, PartialEq)]
pub struct IssuerSignedItem {
    /// `digestID`: the key of its digest in the MSO's `valueDigests` for the namespace.
    pub digest_id: u64,
    /// `random`: the salt (at least 16 bytes, §9.1.2.5).
    pub random: Vec<u8>,
    /// `elementIdentifier`.
    pub element_identifier: String,
    /// `elementValue`.
    pub element_value: Cbor,
}

impl IssuerSignedItem {
    /// An `IssuerSignedItemBytes` (`#6.24(bstr .cbor IssuerSignedItem)`) as received. Errors: not tag 24, a
    /// missing or mistyped member.
    pub fn from_tag24(item: Item<'_>) -> Result<Tag24<'_, IssuerSignedItem>> {
        Tag24::decode(item, "an IssuerSignedItemBytes", |inner| {
            let fields = inner.fields("an IssuerSignedItem")?;
            let random = fields.field("random")?.byte_string("random")?;
            if random.len() < MIN_RANDOM {
                return Err(Error::mdoc(format!(
                    "an IssuerSignedItem's random is {} bytes, fewer than the {MIN_RANDOM} ISO/IEC 18013-5 §9.1.2.5 asks for",
                    random.len()
                )));
            }
            Ok(IssuerSignedItem {
                digest_id: fields.field("digestID")?.unsigned("digestID")?,
                random,
                element_identifier: fields
                    .field("elementIdentifier")?
                    .text("an elementIdentifier")?,
                element_value: fields.field("elementValue")?.decode("elementValue")?,
            })
        })
    }
}

/// §8.3.2.1.2.2 `IssuerSigned`: the disclosed items per namespace and the issuer's signature over the MSO.
#[derive(Debug, Clone)]
pub struct IssuerSigned<'a> {
    /// `nameSpaces` (`IssuerNameSpaces`): namespace → its `IssuerSignedItemBytes`, in received order.
    pub name_spaces: Vec<(String, Vec<Tag24<'a, IssuerSignedItem>>)>,
    /// `issuerAuth`, as received: the COSE_Sign1 (RFC 9052 §4.2) over `MobileSecurityObjectBytes`, decoded by
    /// [`IssuerSigned::issuer_auth`] (a holder presenting passes it on untouched).
    pub issuer_auth: Item<'a>,
    /// The whole `IssuerSigned` as received.
    pub item: Item<'a>,
}

impl<'a> IssuerSigned<'a> {
    /// Decodes an `IssuerSigned` map. Errors: a missing `nameSpaces` or `issuerAuth`, a namespace that is not
    /// text, items that are not an array of `IssuerSignedItemBytes`.
    pub fn decode(item: Item<'a>) -> Result<IssuerSigned<'a>> {
        let fields = item.fields("issuerSigned")?;
        let mut name_spaces = Vec::new();
        for (namespace, items) in fields.field("nameSpaces")?.map("nameSpaces")? {
            let namespace = namespace.text("a namespace")?;
            let items = items
                .array("a namespace's items")?
                .into_iter()
                .map(IssuerSignedItem::from_tag24)
                .collect::<Result<_>>()?;
            name_spaces.push((namespace, items));
        }
        Ok(IssuerSigned {
            name_spaces,
            issuer_auth: fields.field("issuerAuth")?,
            item,
        })
    }

    /// `issuerAuth` decoded, its protected header checked like every received item (`sign1`). Errors: not a
    /// COSE_Sign1.
    pub fn issuer_auth(&self) -> Result<CoseSign1> {
        sign1(self.issuer_auth, "issuerAuth")
    }
}

/// A received COSE_Sign1 (RFC 9052 §4.2) decoded by coset, with its protected header — a byte string holding
/// an encoded header map, which the framing of the enclosing structure does not look into — checked as every
/// received item is ([`super::cbor`]: preferred serialization, no repeated label). Errors: not a COSE_Sign1,
/// in words.
pub(crate) fn sign1(item: Item<'_>, what: &str) -> Result<CoseSign1> {
    let sign1 = CoseSign1::from_cbor_value(item.decode(what)?)
        .map_err(|e| Error::mdoc(format!("{what} is not a COSE_Sign1: {}", describe_cose(&e))))?;
    if let Some(protected) = sign1.protected.original_data.as_deref() {
        if !protected.is_empty() {
            Item::whole(protected, &format!("the protected header of {what}"))?;
        }
    }
    Ok(sign1)
}

/// The DS certificate (DER) in an `issuerAuth`'s unprotected `x5chain` (RFC 9360 §2: one certificate, or the
/// chain with the DS certificate first). Errors: no `x5chain`.
pub(crate) fn ds_certificate(issuer_auth: &CoseSign1) -> Result<&[u8]> {
    issuer_auth
        .unprotected
        .rest
        .iter()
        .find(|(l, _)| *l == coset::Label::Int(X5CHAIN))
        .and_then(|(_, v)| match v {
            Cbor::Bytes(b) => Some(b.as_slice()),
            Cbor::Array(chain) => chain.first().and_then(Cbor::as_bytes).map(Vec::as_slice),
            _ => None,
        })
        .ok_or_else(|| Error::mdoc("issuerAuth has no x5chain certificate"))
}

/// §8.3.2.1.2.2 `DeviceAuth`: how the device authenticated the response.
#[derive(Debug, Clone)]
pub enum DeviceAuth {
    /// `deviceSignature`: a COSE_Sign1 with detached payload over `DeviceAuthenticationBytes` (§9.1.3.4).
    Signature(Box<CoseSign1>),
    /// `deviceMac`: a COSE_Mac0 (not checked here: it needs the reader's ephemeral key agreement, §9.1.3.5).
    Mac,
}

/// §8.3.2.1.2.2 `DeviceSigned`: the device-signed elements and the device authentication.
#[derive(Debug, Clone)]
pub struct DeviceSigned<'a> {
    /// `nameSpaces` (`DeviceNameSpacesBytes`) as received.
    pub name_spaces: Tag24<'a, Cbor>,
    /// `deviceAuth`.
    pub device_auth: DeviceAuth,
}

impl<'a> DeviceSigned<'a> {
    /// Decodes a `DeviceSigned` map. Errors: a missing `nameSpaces` or `deviceAuth`, neither `deviceSignature`
    /// nor `deviceMac`, a `deviceSignature` that is not a COSE_Sign1.
    pub fn decode(item: Item<'a>) -> Result<DeviceSigned<'a>> {
        let fields = item.fields("deviceSigned")?;
        let name_spaces = Tag24::decode(
            fields.field("nameSpaces")?,
            "DeviceNameSpacesBytes",
            |inner| inner.decode("DeviceNameSpaces"),
        )?;
        let auth = fields.field("deviceAuth")?.fields("deviceAuth")?;
        let device_auth = match auth.get("deviceSignature") {
            Some(signature) => {
                DeviceAuth::Signature(Box::new(sign1(signature, "deviceSignature")?))
            }
            None if auth.get("deviceMac").is_some() => DeviceAuth::Mac,
            None => {
                return Err(Error::mdoc(
                    "deviceAuth has neither deviceSignature nor deviceMac",
                ))
            }
        };
        Ok(DeviceSigned {
            name_spaces,
            device_auth,
        })
    }
}

/// §8.3.2.1.2.2 `Document` of a `DeviceResponse`: one mdoc as presented.
#[derive(Debug, Clone)]
pub struct ResponseDocument<'a> {
    /// `docType`.
    pub doc_type: String,
    /// `issuerSigned`.
    pub issuer_signed: IssuerSigned<'a>,
    /// `deviceSigned` (required by the standard; absent in some test material).
    pub device_signed: Option<DeviceSigned<'a>>,
}

/// §8.3.2.1.2.2 `DeviceResponse`: what the mdoc sends the reader.
#[derive(Debug, Clone)]
pub struct DeviceResponse<'a> {
    /// `version` (`"1.0"`).
    pub version: String,
    /// `documents` (optional in the standard when there are only errors: then empty).
    pub documents: Vec<ResponseDocument<'a>>,
    /// `status` (0: OK, §8.3.2.1.2.3).
    pub status: u64,
}

impl<'a> DeviceResponse<'a> {
    /// Decodes a received `DeviceResponse` (exactly one CBOR item). Errors: not CBOR, bytes after it, a missing
    /// or mistyped member of the response, a document or its `issuerSigned`.
    pub fn decode(bytes: &'a [u8]) -> Result<DeviceResponse<'a>> {
        const WHAT: &str = "the DeviceResponse";
        let response = Item::whole(bytes, WHAT)?.fields(WHAT)?;
        let documents = match response.get("documents") {
            None => Vec::new(),
            Some(documents) => documents
                .array("documents")?
                .into_iter()
                .map(|document| {
                    let fields = document.fields("the document")?;
                    let device_signed = fields.get("deviceSigned");
                    Ok(ResponseDocument {
                        doc_type: fields.field("docType")?.text("docType")?,
                        issuer_signed: IssuerSigned::decode(fields.field("issuerSigned")?)?,
                        device_signed: device_signed.map(DeviceSigned::decode).transpose()?,
                    })
                })
                .collect::<Result<_>>()?,
        };
        Ok(DeviceResponse {
            version: response.field("version")?.text("version")?,
            documents,
            status: response.field("status")?.unsigned("status")?,
        })
    }
}

/// §9.1.2.4 `ValidityInfo`, as Unix seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValidityInfo {
    /// `signed`.
    pub signed: i64,
    /// `validFrom`.
    pub valid_from: i64,
    /// `validUntil`.
    pub valid_until: i64,
}

/// §9.1.2.4 `DigestIDs` of one namespace: (digest ID, digest of its `IssuerSignedItemBytes`), in received order.
pub type DigestIds = Vec<(u64, Vec<u8>)>;

/// §9.1.2.4 `MobileSecurityObject`: what the issuer signs.
#[derive(Debug, Clone)]
pub struct MobileSecurityObject {
    /// `version` (`"1.0"`).
    pub version: String,
    /// `digestAlgorithm` (`"SHA-256"`, `"SHA-384"` or `"SHA-512"`).
    pub digest_algorithm: String,
    /// `digestAlgorithm` as the algorithm the value digests are computed with.
    pub algorithm: DigestAlgorithm,
    /// `valueDigests`: namespace → its `DigestIDs`, in received order.
    pub value_digests: Vec<(String, DigestIds)>,
    /// `deviceKeyInfo.deviceKey`: the holder's device key (COSE_Key, RFC 9052 §7).
    pub device_key: CoseKey,
    /// `docType`.
    pub doc_type: String,
    /// `validityInfo`.
    pub validity_info: ValidityInfo,
}

impl MobileSecurityObject {
    /// Decodes the `MobileSecurityObjectBytes` (`#6.24(bstr .cbor MobileSecurityObject)`) that `issuerAuth`
    /// signs (its payload, as received). Errors: no payload, not tag 24, a missing or mistyped member.
    pub fn from_issuer_auth(issuer_auth: &CoseSign1) -> Result<MobileSecurityObject> {
        const WHAT: &str = "the MSO";
        let payload = issuer_auth
            .payload
            .as_deref()
            .ok_or_else(|| Error::mdoc("issuerAuth has no payload"))?;
        let bytes = Item::whole(payload, "the MSO bytes")?;
        Ok(Tag24::decode(bytes, "MobileSecurityObjectBytes", |mso| {
            let mso = mso.fields(WHAT)?;
            let digest_algorithm = mso.field("digestAlgorithm")?.text("digestAlgorithm")?;
            let algorithm = DigestAlgorithm::from_name(&digest_algorithm)?;
            let validity = mso.field("validityInfo")?.fields("validityInfo")?;
            let time = |key: &str| tdate_seconds(validity.field(key)?, key);
            let mut value_digests = Vec::new();
            for (namespace, digests) in mso.field("valueDigests")?.map("valueDigests")? {
                let namespace = namespace.text("a valueDigests namespace")?;
                let digests = digests
                    .map("a namespace's digests")?
                    .into_iter()
                    .map(|(id, digest)| {
                        let (id, digest) =
                            (id.unsigned("a digestID")?, digest.byte_string("a digest")?);
                        if digest.len() != algorithm.output_len() {
                            return Err(Error::mdoc(format!(
                                "the MSO's digest {id} of {} is {} bytes, not the {} of {}",
                                excerpt(&namespace),
                                digest.len(),
                                algorithm.output_len(),
                                algorithm.name()
                            )));
                        }
                        Ok((id, digest))
                    })
                    .collect::<Result<_>>()?;
                value_digests.push((namespace, digests));
            }
            let device_key = mso
                .field("deviceKeyInfo")?
                .field("deviceKey", "deviceKeyInfo")?
                .decode::<Cbor>("deviceKey")?;
            Ok(MobileSecurityObject {
                version: mso.field("version")?.text("version")?,
                digest_algorithm,
                algorithm,
                value_digests,
                device_key: CoseKey::from_cbor_value(device_key).map_err(|e| {
                    Error::key(format!(
                        "the MSO's deviceKey is not a COSE_Key: {}",
                        describe_cose(&e)
                    ))
                })?,
                doc_type: mso.field("docType")?.text("docType")?,
                validity_info: ValidityInfo {
                    signed: time("signed")?,
                    valid_from: time("validFrom")?,
                    valid_until: time("validUntil")?,
                },
            })
        })?
        .value)
    }

    /// The digest of `digest_id` in `namespace`, if the MSO has one.
    pub fn digest(&self, namespace: &str, digest_id: u64) -> Option<&[u8]> {
        self.value_digests
            .iter()
            .find(|(ns, _)| ns == namespace)?
            .1
            .iter()
            .find(|(id, _)| *id == digest_id)
            .map(|(_, d)| d.as_slice())
    }
}

/// An RFC 3339 `tdate` (`#6.0(tstr)`, or a bare text string) as Unix seconds. Errors: not one.
fn tdate_seconds(item: Item<'_>, what: &str) -> Result<i64> {
    let text = match item.decode::<Cbor>(what)? {
        Cbor::Tag(0, inner) => inner.as_text().map(str::to_string),
        other => other.as_text().map(str::to_string),
    }
    .ok_or_else(|| Error::mdoc(format!("{what} is not a tdate")))?;
    chrono::DateTime::parse_from_rfc3339(&text)
        .map(|t| t.timestamp())
        .map_err(|e| {
            Error::mdoc(format!(
                "{what} `{}` is not an RFC 3339 date-time: {e}",
                excerpt(&text)
            ))
        })
}

/// §9.1.2.4 / §9.1.2.5: the digest algorithms an MSO's `digestAlgorithm` may name — those ISO/IEC 18013-5
/// allows, all of which canonprof implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DigestAlgorithm {
    /// `"SHA-256"`.
    Sha256,
    /// `"SHA-384"`.
    Sha384,
    /// `"SHA-512"`.
    Sha512,
}

impl DigestAlgorithm {
    /// The algorithm `name` names. Errors: [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) naming any other.
    pub fn from_name(name: &str) -> Result<DigestAlgorithm> {
        match name {
            "SHA-256" => Ok(DigestAlgorithm::Sha256),
            "SHA-384" => Ok(DigestAlgorithm::Sha384),
            "SHA-512" => Ok(DigestAlgorithm::Sha512),
            other => Err(Error::mdoc(format!(
                "the MSO's digestAlgorithm `{}` is not one ISO/IEC 18013-5 allows (SHA-256, SHA-384, SHA-512)",
                excerpt(other)
            ))),
        }
    }

    /// The name an MSO gives it.
    pub fn name(self) -> &'static str {
        match self {
            DigestAlgorithm::Sha256 => "SHA-256",
            DigestAlgorithm::Sha384 => "SHA-384",
            DigestAlgorithm::Sha512 => "SHA-512",
        }
    }

    /// The length of its digests in bytes.
    fn output_len(self) -> usize {
        match self {
            DigestAlgorithm::Sha256 => 32,
            DigestAlgorithm::Sha384 => 48,
            DigestAlgorithm::Sha512 => 64,
        }
    }

    /// The digest of `bytes`.
    pub fn digest(self, bytes: &[u8]) -> Vec<u8> {
        use sha2::Digest;
        match self {
            DigestAlgorithm::Sha256 => sha2::Sha256::digest(bytes).to_vec(),
            DigestAlgorithm::Sha384 => sha2::Sha384::digest(bytes).to_vec(),
            DigestAlgorithm::Sha512 => sha2::Sha512::digest(bytes).to_vec(),
        }
    }
}
