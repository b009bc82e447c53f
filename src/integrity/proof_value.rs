//! ecdsa-sd-2023 proof values (W3C Data Integrity ECDSA Cryptosuites v1.0 §3.5 ecdsa-sd-2023 Functions):
//! `serializeBaseProofValue` / `parseBaseProofValue`, `serializeDerivedProofValue` / `parseDerivedProofValue`,
//! `compressLabelMap` / `decompressLabelMap`. CBOR (RFC 8949) from ciborium, multibase base64url-no-pad (`u…`)
//! from base64ct.

use super::grouping::LabelMap;
use crate::error::{Error, Result};
use base64ct::{Base64UrlUnpadded, Encoding};
use ciborium::Value as Cbor;

/// Header of a base proof value (CBOR tag 0x5d00 prefix).
pub const BASE_HEADER: [u8; 3] = [0xd9, 0x5d, 0x00];
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

fn encode(header: [u8; 3], components: Vec<Cbor>) -> String {
    let mut bytes = header.to_vec();
    ciborium::into_writer(&Cbor::Array(components), &mut bytes)
        .expect("CBOR into a Vec cannot fail");
    format!("u{}", Base64UrlUnpadded::encode_string(&bytes))
}

/// Decodes `u…`, checks the header and returns the CBOR array's items.
fn decode(proof_value: &str, header: [u8; 3], what: &str) -> Result<Vec<Cbor>> {
    let bytes = proof_value
        .strip_prefix('u')
        .and_then(|b| Base64UrlUnpadded::decode_vec(b).ok())
        .ok_or_else(|| {
            Error::proof(format!(
                "the {what} proof value is not multibase base64url-no-pad (`u…`)"
            ))
        })?;
    let body = bytes.strip_prefix(&header).ok_or_else(|| {
        Error::proof(format!(
            "the proof value does not start with the ecdsa-sd-2023 {what} proof header {:02x?}",
            header
        ))
    })?;
    match ciborium::from_reader::<Cbor, _>(body) {
        Ok(Cbor::Array(items)) => Ok(items),
        Ok(_) => Err(Error::proof(format!(
            "the {what} proof value is not a CBOR array"
        ))),
        Err(e) => Err(Error::proof(format!(
            "the {what} proof value is not valid CBOR: {e}"
        ))),
    }
}

fn bytes(value: Cbor, what: &str) -> Result<Vec<u8>> {
    value
        .into_bytes()
        .map_err(|_| Error::proof(format!("{what} is not a CBOR byte string")))
}

fn array(value: Cbor, what: &str) -> Result<Vec<Cbor>> {
    value
        .into_array()
        .map_err(|_| Error::proof(format!("{what} is not a CBOR array")))
}

/// The per-statement signatures as a CBOR array of byte strings.
fn signatures_cbor(signatures: &[Vec<u8>]) -> Cbor {
    Cbor::Array(signatures.iter().cloned().map(Cbor::Bytes).collect())
}

/// A CBOR array of byte strings back to signatures.
fn signature_list(value: Cbor) -> Result<Vec<Vec<u8>>> {
    array(value, "signatures")?
        .into_iter()
        .map(|s| bytes(s, "a signature"))
        .collect()
}

fn components<const N: usize>(items: Vec<Cbor>, what: &str) -> Result<[Cbor; N]> {
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
            Cbor::Array(
                value
                    .mandatory_pointers
                    .iter()
                    .cloned()
                    .map(Cbor::Text)
                    .collect(),
            ),
        ],
    )
}

/// §3.5.3 `parseBaseProofValue`. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof) for a wrong encoding, header or shape.
pub fn parse_base(proof_value: &str) -> Result<BaseProofValue> {
    let [base_signature, public_key, hmac_key, signatures, pointers] =
        components(decode(proof_value, BASE_HEADER, "base")?, "base")?;
    Ok(BaseProofValue {
        base_signature: bytes(base_signature, "baseSignature")?,
        public_key: bytes(public_key, "publicKey")?,
        hmac_key: bytes(hmac_key, "hmacKey")?,
        signatures: signature_list(signatures)?,
        mandatory_pointers: array(pointers, "mandatoryPointers")?
            .into_iter()
            .map(|p| {
                p.into_text()
                    .map_err(|_| Error::proof("a mandatory pointer is not a CBOR text string"))
            })
            .collect::<Result<_>>()?,
    })
}

/// §3.5.5 `compressLabelMap`: `c14nN` → N, `u…` → its bytes; a CBOR map in ascending key order.
/// Errors: a key or value not of those forms.
fn compress_label_map(label_map: &LabelMap) -> Result<Cbor> {
    let mut entries = label_map
        .iter()
        .map(|(k, v)| {
            let n: u64 = k
                .strip_prefix("c14n")
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| Error::proof(format!("label map key `{k}` is not c14nN")))?;
            let b = v
                .strip_prefix('u')
                .and_then(|b| Base64UrlUnpadded::decode_vec(b).ok())
                .ok_or_else(|| {
                    Error::proof(format!("label map value `{v}` is not u + base64url"))
                })?;
            Ok((n, b))
        })
        .collect::<Result<Vec<_>>>()?;
    entries.sort();
    Ok(Cbor::Map(
        entries
            .into_iter()
            .map(|(n, b)| (Cbor::Integer(n.into()), Cbor::Bytes(b)))
            .collect(),
    ))
}

/// §3.5.6 `decompressLabelMap`.
fn decompress_label_map(value: Cbor) -> Result<LabelMap> {
    let entries = value
        .into_map()
        .map_err(|_| Error::proof("labelMap is not a CBOR map"))?;
    entries
        .into_iter()
        .map(|(k, v)| {
            let n = k
                .as_integer()
                .and_then(|n| u64::try_from(n).ok())
                .ok_or_else(|| Error::proof("a labelMap key is not an unsigned integer"))?;
            let b = bytes(v, "a labelMap value")?;
            Ok((
                format!("c14n{n}"),
                format!("u{}", Base64UrlUnpadded::encode_string(&b)),
            ))
        })
        .collect()
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
            Cbor::Array(
                value
                    .mandatory_indexes
                    .iter()
                    .map(|&i| Cbor::Integer((i as u64).into()))
                    .collect(),
            ),
        ],
    ))
}

/// §3.5.8 `parseDerivedProofValue`. Errors: [`ErrorKind::Proof`](crate::ErrorKind::Proof) for a wrong encoding, header or shape.
pub fn parse_derived(proof_value: &str) -> Result<DerivedProofValue> {
    let [base_signature, public_key, signatures, label_map, indexes] =
        components(decode(proof_value, DERIVED_HEADER, "derived")?, "derived")?;
    Ok(DerivedProofValue {
        base_signature: bytes(base_signature, "baseSignature")?,
        public_key: bytes(public_key, "publicKey")?,
        signatures: signature_list(signatures)?,
        label_map: decompress_label_map(label_map)?,
        mandatory_indexes: array(indexes, "mandatoryIndexes")?
            .into_iter()
            .map(|i| {
                i.as_integer()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or_else(|| Error::proof("a mandatory index is not an unsigned integer"))
            })
            .collect::<Result<_>>()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_round_trips_and_headers_are_checked() {
        let value = DerivedProofValue {
            base_signature: vec![1; 64],
            public_key: vec![2; 35],
            signatures: vec![vec![3; 64], vec![4; 64]],
            label_map: [("c14n1".to_string(), "uAQI".to_string())].into(),
            mandatory_indexes: vec![0, 3],
        };
        let text = serialize_derived(&value).unwrap();
        assert!(text.starts_with("u2V0B"));
        assert_eq!(parse_derived(&text).unwrap(), value);
        assert!(parse_base(&text).unwrap_err().reason.contains("header"));
    }
}
