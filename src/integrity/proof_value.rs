//! ecdsa-sd-2023 proof values (W3C Data Integrity ECDSA Cryptosuites v1.0 §3.5 ecdsa-sd-2023 Functions):
//! `serializeBaseProofValue` / `parseBaseProofValue`, `serializeDerivedProofValue` / `parseDerivedProofValue`,
//! `compressLabelMap` / `decompressLabelMap`. CBOR (RFC 8949) from ciborium, multibase base64url-no-pad (`u…`)
//! from base64ct.
//!
//! Parsing is strict: a proof value decodes to exactly the structure §3.5.2 / §3.5.7 define, in the one
//! encoding the serialize functions produce (RFC 8949 §4.1 preferred serialization: definite lengths,
//! shortest heads; the order of a map's keys is not checked — the suites do not fix it and it carries no meaning,
//! so it is not the deterministic encoding of §4.2.1), with no bytes after it — arrays of exactly the right length, byte strings of exactly the
//! right size (64-byte P-256 signatures, the 35-byte P-256 Multikey of the proof-scoped key, a 32-byte HMAC
//! key and 32-byte HMAC labels), label-map keys unsigned and not repeated, labels not repeated, mandatory
//! indexes strictly increasing. Anything else is a malformed proof, so that no proof value has two readings.

use super::grouping::LabelMap;
use super::multikey::P256_PUB;
use crate::error::{Error, Result};
use base64ct::{Base64UrlUnpadded, Encoding};
use ciborium::Value as Cbor;

/// Header of a base proof value (CBOR tag 0x5d00 prefix).
const BASE_HEADER: [u8; 3] = [0xd9, 0x5d, 0x00];
/// Header of a derived proof value (CBOR tag 0x5d01 prefix).
pub const DERIVED_HEADER: [u8; 3] = [0xd9, 0x5d, 0x01];

/// The components of a base proof (§3.5.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseProofValue {
    /// The issuer's ECDSA signature (r‖s, 64 bytes for P-256) over proofHash ‖ publicKey ‖ mandatoryHash.
    pub base_signature: Vec<u8>,
    /// The proof-scoped public key as Multikey bytes (0x80 0x24 + 33-byte compressed P-256 point).
    pub public_key: Vec<u8>,
    /// The HMAC key (32 bytes) that made the blank node labels.
    pub hmac_key: Vec<u8>,
    /// One signature (64 bytes) per non-mandatory statement, in statement order.
    pub signatures: Vec<Vec<u8>>,
    /// The issuer's mandatory JSON pointers.
    pub mandatory_pointers: Vec<String>,
}

/// The components of a derived proof (§3.5.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerivedProofValue {
    /// As in the base proof.
    pub base_signature: Vec<u8>,
    /// As in the base proof.
    pub public_key: Vec<u8>,
    /// The signatures of the disclosed non-mandatory statements, in statement order.
    pub signatures: Vec<Vec<u8>>,
    /// The verifier's label map: `c14nN` (of the reveal document) → HMAC label `u…`.
    pub label_map: LabelMap,
    /// Positions of the mandatory statements among the disclosed ones.
    pub mandatory_indexes: Vec<usize>,
}

/// The header and CBOR array of `components` as multibase base64url-no-pad (`u…`): how ecdsa-sd-2023 and
/// bbs-2023 write their proof values.
pub(crate) fn encode(header: [u8; 3], components: Vec<Cbor>) -> String {
    let mut bytes = header.to_vec();
    ciborium::into_writer(&Cbor::Array(components), &mut bytes)
        .expect("CBOR into a Vec cannot fail");
    format!("u{}", Base64UrlUnpadded::encode_string(&bytes))
}

/// Bytes of a P-256 ECDSA signature (r ‖ s).
const SIGNATURE_LEN: usize = 64;
/// Bytes of a P-256 Multikey public key: the 2-byte multicodec header and the 33-byte compressed point.
const PUBLIC_KEY_LEN: usize = 35;
/// Bytes of the HMAC-SHA-256 key and of each HMAC label.
const HMAC_LEN: usize = 32;

/// Decodes `u…`, checks the header and the encoding (see the module) and returns the CBOR array's items.
fn decode(proof_value: &str, header: [u8; 3], what: &str) -> Result<Vec<Cbor>> {
    let bytes = multibase_bytes(proof_value, what)?;
    let body = bytes.strip_prefix(&header).ok_or_else(|| {
        Error::proof(format!(
            "the proof value does not start with the ecdsa-sd-2023 {what} proof header {:02x?}",
            header
        ))
    })?;
    cbor_array(body, "ecdsa-sd-2023", what)
}

/// The bytes of a `u…` proof value. Errors: [`crate::ErrorKind::Proof`] for another multibase or bad base64url.
pub(crate) fn multibase_bytes(proof_value: &str, what: &str) -> Result<Vec<u8>> {
    proof_value
        .strip_prefix('u')
        .and_then(|b| Base64UrlUnpadded::decode_vec(b).ok())
        .ok_or_else(|| {
            Error::proof(format!(
                "the {what} proof value is not multibase base64url-no-pad (`u…`)"
            ))
        })
}

/// The items of the one CBOR array `body` holds, in the encoding `suite` serializes (RFC 8949 §4.1
/// preferred serialization) with nothing after it. Errors: [`crate::ErrorKind::Proof`] naming what is wrong.
pub(crate) fn cbor_array(body: &[u8], suite: &str, what: &str) -> Result<Vec<Cbor>> {
    let mut rest = body;
    let value = ciborium::from_reader::<Cbor, _>(&mut rest).map_err(|e| {
        Error::proof(format!(
            "the {what} proof value is not valid CBOR: {}",
            crate::mdoc::cbor::describe(&e)
        ))
        .caused_by(e)
    })?;
    if !rest.is_empty() {
        return Err(Error::proof(format!(
            "the {what} proof value has {} bytes after its CBOR item",
            rest.len()
        )));
    }
    let mut canonical = Vec::with_capacity(body.len());
    ciborium::into_writer(&value, &mut canonical).expect("CBOR into a Vec cannot fail");
    if canonical != body {
        return Err(Error::proof(format!(
            "the {what} proof value is not in the CBOR encoding {suite} serializes (definite lengths, shortest heads: RFC 8949 §4.1 preferred serialization)"
        )));
    }
    match value {
        Cbor::Array(items) => Ok(items),
        _ => Err(Error::proof(format!(
            "the {what} proof value is not a CBOR array"
        ))),
    }
}

/// A CBOR byte string.
pub(crate) fn bytes(value: Cbor, what: &str) -> Result<Vec<u8>> {
    value
        .into_bytes()
        .map_err(|_| Error::proof(format!("{what} is not a CBOR byte string")))
}

/// A byte string of exactly `len` bytes.
pub(crate) fn sized(value: Cbor, len: usize, what: &str) -> Result<Vec<u8>> {
    let b = bytes(value, what)?;
    if b.len() != len {
        return Err(Error::proof(format!(
            "{what} is {} bytes, not {len}",
            b.len()
        )));
    }
    Ok(b)
}

/// The proof-scoped public key: a P-256 Multikey (0x80 0x24, then a compressed point: 0x02 or 0x03 and 32
/// bytes).
fn public_key(value: Cbor) -> Result<Vec<u8>> {
    let key = sized(value, PUBLIC_KEY_LEN, "publicKey")?;
    if !key.starts_with(&P256_PUB) || !matches!(key[2], 0x02 | 0x03) {
        return Err(Error::proof(
            "publicKey is not a compressed P-256 Multikey (0x80 0x24 0x02|0x03 …)",
        ));
    }
    Ok(key)
}

/// A CBOR array.
pub(crate) fn array(value: Cbor, what: &str) -> Result<Vec<Cbor>> {
    value
        .into_array()
        .map_err(|_| Error::proof(format!("{what} is not a CBOR array")))
}

/// The per-statement signatures as a CBOR array of byte strings.
fn signatures_cbor(signatures: &[Vec<u8>]) -> Cbor {
    Cbor::Array(signatures.iter().cloned().map(Cbor::Bytes).collect())
}

/// A CBOR array of 64-byte byte strings back to signatures.
fn signature_list(value: Cbor) -> Result<Vec<Vec<u8>>> {
    array(value, "signatures")?
        .into_iter()
        .enumerate()
        .map(|(i, s)| sized(s, SIGNATURE_LEN, &format!("signature {i}")))
        .collect()
}

/// The `N` components of a proof value.
pub(crate) fn components<const N: usize>(items: Vec<Cbor>, what: &str) -> Result<[Cbor; N]> {
    items.try_into().map_err(|_| {
        Error::proof(format!(
            "the {what} proof value does not have {N} components"
        ))
    })
}

/// §3.5.2 `serializeBaseProofValue`: header, then the CBOR array of the five components, as `u…`.
pub fn serialize_base(value: &BaseProofValue) -> String {
    encode(
        BASE_HEADER,
        vec![
            Cbor::Bytes(value.base_signature.clone()),
            Cbor::Bytes(value.public_key.clone()),
            Cbor::Bytes(value.hmac_key.clone()),
            signatures_cbor(&value.signatures),
            pointers_cbor(&value.mandatory_pointers),
        ],
    )
}

/// §3.5.3 `parseBaseProofValue`. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof) for a wrong encoding, header or shape.
pub fn parse_base(proof_value: &str) -> Result<BaseProofValue> {
    let [base_signature, public_key, hmac_key, signatures, pointers] =
        components(decode(proof_value, BASE_HEADER, "base")?, "base")?;
    Ok(BaseProofValue {
        base_signature: sized(base_signature, SIGNATURE_LEN, "baseSignature")?,
        public_key: self::public_key(public_key)?,
        hmac_key: sized(hmac_key, HMAC_LEN, "hmacKey")?,
        signatures: signature_list(signatures)?,
        mandatory_pointers: mandatory_pointers(pointers)?,
    })
}

/// The mandatory pointers: a CBOR array of JSON pointers (RFC 6901) as text strings.
pub(crate) fn mandatory_pointers(value: Cbor) -> Result<Vec<String>> {
    array(value, "mandatoryPointers")?
        .into_iter()
        .map(|p| match p.into_text() {
            Ok(p) if p.is_empty() || p.starts_with('/') => Ok(p),
            Ok(p) => Err(Error::proof(format!(
                "mandatory pointer `{}` is not a JSON pointer (RFC 6901)",
                crate::error::excerpt(&p)
            ))),
            Err(_) => Err(Error::proof(
                "a mandatory pointer is not a CBOR text string",
            )),
        })
        .collect()
}

/// A CBOR array of indexes (unsigned integers) in strictly increasing order; `what` names it, `one` an index
/// of it (`a mandatory index`).
pub(crate) fn increasing_indexes(value: Cbor, what: &str, one: &str) -> Result<Vec<usize>> {
    let indexes: Vec<usize> = array(value, what)?
        .into_iter()
        .map(|i| {
            i.as_integer()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| Error::proof(format!("{one} is not an unsigned integer")))
        })
        .collect::<Result<_>>()?;
    if let Some(pair) = indexes.windows(2).find(|w| w[0] >= w[1]) {
        return Err(Error::proof(format!(
            "{what} are not strictly increasing: {} then {}",
            pair[0], pair[1]
        )));
    }
    Ok(indexes)
}

/// Indexes as a CBOR array.
pub(crate) fn indexes_cbor(indexes: &[usize]) -> Cbor {
    Cbor::Array(
        indexes
            .iter()
            .map(|&i| Cbor::Integer((i as u64).into()))
            .collect(),
    )
}

/// §3.5.5 `compressLabelMap`: `c14nN` → N, `u…` → its bytes; a CBOR map in ascending key order.
/// Errors: a key or value not of those forms.
fn compress_label_map(label_map: &LabelMap) -> Result<Cbor> {
    compress_label_map_with(label_map, &|v| {
        v.strip_prefix('u')
            .and_then(|b| Base64UrlUnpadded::decode_vec(b).ok())
            .map(Cbor::Bytes)
            .ok_or_else(|| Error::proof(format!("label map value `{v}` is not u + base64url")))
    })
}

/// `compressLabelMap` with each label compressed by `label` (ecdsa-sd-2023: `u…` → bytes; bbs-2023: `bN` → N):
/// `c14nN` → N, a CBOR map in ascending key order. Errors: a key not `c14nN`, or `label`'s.
pub(crate) fn compress_label_map_with(
    label_map: &LabelMap,
    label: &dyn Fn(&str) -> Result<Cbor>,
) -> Result<Cbor> {
    let mut entries = label_map
        .iter()
        .map(|(k, v)| {
            let n: u64 = k
                .strip_prefix("c14n")
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| Error::proof(format!("label map key `{k}` is not c14nN")))?;
            Ok((n, label(v)?))
        })
        .collect::<Result<Vec<_>>>()?;
    entries.sort_by_key(|(n, _)| *n);
    Ok(Cbor::Map(
        entries
            .into_iter()
            .map(|(n, b)| (Cbor::Integer(n.into()), b))
            .collect(),
    ))
}

/// §3.5.6 `decompressLabelMap`: each key an unsigned integer N (for `c14nN`), not repeated; each value a
/// 32-byte HMAC label (for `u` + its base64url), not repeated either — two blank nodes with one label would
/// be one node to the verifier. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof) naming the entry.
fn decompress_label_map(value: Cbor) -> Result<LabelMap> {
    decompress_label_map_with(value, &|v, n| {
        let b = sized(v, HMAC_LEN, &format!("the labelMap value of c14n{n}"))?;
        Ok(format!("u{}", Base64UrlUnpadded::encode_string(&b)))
    })
}

/// `decompressLabelMap` with each value made a label by `label` (given the value and N of its key `c14nN`):
/// keys unsigned integers, neither keys nor labels repeated. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof)
/// naming the entry.
pub(crate) fn decompress_label_map_with(
    value: Cbor,
    label: &dyn Fn(Cbor, u64) -> Result<String>,
) -> Result<LabelMap> {
    let entries = value
        .into_map()
        .map_err(|_| Error::proof("labelMap is not a CBOR map"))?;
    let mut map = LabelMap::with_capacity(entries.len());
    let mut labels = std::collections::HashSet::with_capacity(entries.len());
    for (k, v) in entries {
        let n = k
            .as_integer()
            .and_then(|n| u64::try_from(n).ok())
            .ok_or_else(|| Error::proof("a labelMap key is not an unsigned integer"))?;
        let label = label(v, n)?;
        if !labels.insert(label.clone()) {
            return Err(Error::proof(format!(
                "the labelMap gives c14n{n} a label another blank node has"
            )));
        }
        if map.insert(format!("c14n{n}"), label).is_some() {
            return Err(Error::proof(format!(
                "the labelMap repeats the key c14n{n}"
            )));
        }
    }
    Ok(map)
}

/// The mandatory pointers as a CBOR array of text strings.
pub(crate) fn pointers_cbor(pointers: &[String]) -> Cbor {
    Cbor::Array(pointers.iter().cloned().map(Cbor::Text).collect())
}

/// §3.5.7 `serializeDerivedProofValue`. Errors: a label map not of `c14nN` → `u…` entries.
pub fn serialize_derived(value: &DerivedProofValue) -> Result<String> {
    Ok(encode(
        DERIVED_HEADER,
        vec![
            Cbor::Bytes(value.base_signature.clone()),
            Cbor::Bytes(value.public_key.clone()),
            signatures_cbor(&value.signatures),
            compress_label_map(&value.label_map)?,
            indexes_cbor(&value.mandatory_indexes),
        ],
    ))
}

/// §3.5.8 `parseDerivedProofValue`. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof) for a wrong encoding, header or shape.
pub fn parse_derived(proof_value: &str) -> Result<DerivedProofValue> {
    let [base_signature, public_key, signatures, label_map, indexes] =
        components(decode(proof_value, DERIVED_HEADER, "derived")?, "derived")?;
    let mandatory_indexes = increasing_indexes(indexes, "mandatoryIndexes", "a mandatory index")?;
    Ok(DerivedProofValue {
        base_signature: sized(base_signature, SIGNATURE_LEN, "baseSignature")?,
        public_key: self::public_key(public_key)?,
        signatures: signature_list(signatures)?,
        label_map: decompress_label_map(label_map)?,
        mandatory_indexes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_round_trips_and_headers_are_checked() {
        let mut public_key = vec![0x80, 0x24, 0x02];
        public_key.extend([2; 32]);
        let value = DerivedProofValue {
            base_signature: vec![1; 64],
            public_key,
            signatures: vec![vec![3; 64], vec![4; 64]],
            label_map: [(
                "c14n1".to_string(),
                format!("u{}", Base64UrlUnpadded::encode_string(&[7; 32])),
            )]
            .into(),
            mandatory_indexes: vec![0, 3],
        };
        let text = serialize_derived(&value).unwrap();
        assert!(text.starts_with("u2V0B"));
        assert_eq!(parse_derived(&text).unwrap(), value);
        assert!(parse_base(&text).unwrap_err().reason().contains("header"));
    }
}
