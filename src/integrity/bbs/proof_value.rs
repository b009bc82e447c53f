//! bbs-2023 proof values (W3C Data Integrity BBS Cryptosuites v1.0 §3.3 bbs-2023 Functions, baseline feature):
//! `serializeBaseProofValue` / `parseBaseProofValue`, `serializeDerivedProofValue` / `parseDerivedProofValue`,
//! `compressLabelMap` / `decompressLabelMap`. CBOR and multibase as ecdsa-sd-2023's
//! ([`crate::integrity::proof_value`], whose strict decoding this shares).
//!
//! Parsing is strict: the header names the baseline feature (base 0xd9 0x5d 0x02, derived 0xd9 0x5d 0x03); the
//! headers of the other features (anonymous holder binding 0x5d04 / 0x5d05, pseudonyms 0x5d06 / 0x5d07, both
//! 0x5d08 / 0x5d09) are refused by name. Then exactly the five components, byte strings of exactly their size
//! (an 80-byte BBS signature, a 64-byte BBS header, a 96-byte BLS12-381 G2 public key, a 32-byte HMAC key), a BBS
//! proof of 272 + 32·U bytes covering at most [`MAX_MESSAGES`] statements, label-map keys and values unsigned and
//! not repeated, indexes strictly increasing, preferred CBOR serialization, nothing after it.

use crate::error::{Error, Result};
use crate::integrity::grouping::LabelMap;
use crate::integrity::proof_value::{
    cbor_array, components, compress_label_map_with, decompress_label_map_with, encode,
    increasing_indexes, indexes_cbor, mandatory_pointers, multibase_bytes, pointers_cbor, sized,
};
use ciborium::Value as Cbor;

/// Header of a baseline base proof value.
pub const BASE_HEADER: [u8; 3] = [0xd9, 0x5d, 0x02];
/// Header of a baseline derived proof value.
pub const DERIVED_HEADER: [u8; 3] = [0xd9, 0x5d, 0x03];
/// The headers of the features canonprof does not implement, by third byte, with their names.
const FEATURE_HEADERS: [(u8, &str); 6] = [
    (0x04, "anonymous holder binding base proof"),
    (0x05, "anonymous holder binding derived proof"),
    (0x06, "pseudonym base proof"),
    (0x07, "pseudonym derived proof"),
    (0x08, "holder binding with pseudonym base proof"),
    (0x09, "holder binding with pseudonym derived proof"),
];

/// Bytes of a BBS signature (BLS12-381-SHA-256: a G1 point and a scalar).
pub const SIGNATURE_LEN: usize = 80;
/// Bytes of the BBS header: proofHash ‖ mandatoryHash.
pub const HEADER_LEN: usize = 64;
/// Bytes of a BLS12-381 G2 public key, compressed.
pub const PUBLIC_KEY_LEN: usize = 96;
/// Bytes of the HMAC key.
pub const HMAC_KEY_LEN: usize = 32;
/// Bytes of a BBS proof with no undisclosed message (draft-irtf-cfrg-bbs-signatures-13 §3.6.3: three G1 points,
/// four scalars); each undisclosed message adds a 32-byte scalar.
pub const PROOF_BASE_LEN: usize = 272;

/// The most statements (BBS messages, disclosed or not) a derived proof may cover: ProofVerify makes one generator
/// per message (a hash to the curve each), so a proof value claiming a million undisclosed statements would cost
/// seconds before failing. 4,096 leaves room for credentials of thousands of statements.
pub const MAX_MESSAGES: usize = 4096;

/// The components of a base proof (§3.3.1 `serializeBaseProofValue`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseProofValue {
    /// The BBS signature over the non-mandatory statements under `bbs_header`.
    pub bbs_signature: Vec<u8>,
    /// proofHash ‖ mandatoryHash (64 bytes).
    pub bbs_header: Vec<u8>,
    /// The issuer's BLS12-381 G2 public key (96 bytes).
    pub public_key: Vec<u8>,
    /// The HMAC key (32 bytes) that made the blank node labels.
    pub hmac_key: Vec<u8>,
    /// The issuer's mandatory JSON pointers.
    pub mandatory_pointers: Vec<String>,
}

/// The components of a derived proof (§3.3.6 `serializeDerivedProofValue`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerivedProofValue {
    /// The BBS proof (272 + 32·U bytes, U the undisclosed non-mandatory statements).
    pub bbs_proof: Vec<u8>,
    /// The verifier's label map: `c14nN` (of the reveal document) → `bM` (the base proof's shuffled label).
    pub label_map: LabelMap,
    /// Positions of the mandatory statements among the disclosed ones.
    pub mandatory_indexes: Vec<usize>,
    /// Positions of the disclosed non-mandatory statements among all the non-mandatory ones (the BBS
    /// disclosed indexes).
    pub selective_indexes: Vec<usize>,
    /// The presentation header the proof is bound to.
    pub presentation_header: Vec<u8>,
}

impl DerivedProofValue {
    /// U: the undisclosed messages the proof's length says it has.
    pub fn undisclosed(&self) -> usize {
        (self.bbs_proof.len() - PROOF_BASE_LEN) / 32
    }
}

/// The body of a bbs-2023 proof value after `header`; a feature header is refused by name, as is the other
/// baseline header (a base proof where a derived one is expected and back).
fn body(proof_value: &str, header: [u8; 3], what: &str) -> Result<Vec<u8>> {
    let bytes = multibase_bytes(proof_value, what)?;
    if let Some((_, feature)) = FEATURE_HEADERS
        .iter()
        .find(|(b, _)| bytes.len() >= 3 && bytes[..2] == [0xd9, 0x5d] && bytes[2] == *b)
    {
        return Err(Error::proof(format!(
            "the proof value is a bbs-2023 {feature} (header d95d{:02x}), a feature canonprof does not implement (only the baseline)",
            bytes[2]
        )));
    }
    match bytes.strip_prefix(&header) {
        Some(body) => Ok(body.to_vec()),
        None if what == "derived" && bytes.starts_with(&BASE_HEADER) => Err(Error::proof(
            "the proof is a bbs-2023 base proof (header d95d02): only the issuer's holder derives from it; a verifier takes derived proofs",
        )),
        None => Err(Error::proof(format!(
            "the proof value does not start with the bbs-2023 {what} proof header {}",
            hex::encode(header)
        ))),
    }
}

/// §3.3.1 `serializeBaseProofValue`.
pub fn serialize_base(value: &BaseProofValue) -> String {
    encode(
        BASE_HEADER,
        vec![
            Cbor::Bytes(value.bbs_signature.clone()),
            Cbor::Bytes(value.bbs_header.clone()),
            Cbor::Bytes(value.public_key.clone()),
            Cbor::Bytes(value.hmac_key.clone()),
            pointers_cbor(&value.mandatory_pointers),
        ],
    )
}

/// §3.3.2 `parseBaseProofValue`. Errors: [`crate::ErrorKind::Proof`] for a wrong encoding, header or shape.
pub fn parse_base(proof_value: &str) -> Result<BaseProofValue> {
    let body = body(proof_value, BASE_HEADER, "base")?;
    let items = cbor_array(&body, "bbs-2023", "base")?;
    let [signature, header, public_key, hmac_key, pointers] = components(items, "base")?;
    Ok(BaseProofValue {
        bbs_signature: sized(signature, SIGNATURE_LEN, "bbsSignature")?,
        bbs_header: sized(header, HEADER_LEN, "bbsHeader")?,
        public_key: sized(public_key, PUBLIC_KEY_LEN, "publicKey")?,
        hmac_key: sized(hmac_key, HMAC_KEY_LEN, "hmacKey")?,
        mandatory_pointers: mandatory_pointers(pointers)?,
    })
}

/// §3.3.4 `compressLabelMap`: `c14nN` → N, `bM` → M; a CBOR map in ascending key order. Errors: an entry not
/// of those forms.
fn compress_label_map(label_map: &LabelMap) -> Result<Cbor> {
    compress_label_map_with(label_map, &|v| {
        v.strip_prefix('b')
            .and_then(|n| n.parse::<u64>().ok())
            .map(|n| Cbor::Integer(n.into()))
            .ok_or_else(|| Error::proof(format!("label map value `{v}` is not bN")))
    })
}

/// §3.3.5 `decompressLabelMap`: unsigned keys and values, neither repeated (two blank nodes with one label
/// would be one node to the verifier).
fn decompress_label_map(value: Cbor) -> Result<LabelMap> {
    decompress_label_map_with(value, &|v, n| {
        v.as_integer()
            .and_then(|b| u64::try_from(b).ok())
            .map(|b| format!("b{b}"))
            .ok_or_else(|| {
                Error::proof(format!(
                    "the labelMap value of c14n{n} is not an unsigned integer"
                ))
            })
    })
}

/// §3.3.6 `serializeDerivedProofValue`. Errors: a label map not of `c14nN` → `bM` entries.
pub fn serialize_derived(value: &DerivedProofValue) -> Result<String> {
    Ok(encode(
        DERIVED_HEADER,
        vec![
            Cbor::Bytes(value.bbs_proof.clone()),
            compress_label_map(&value.label_map)?,
            indexes_cbor(&value.mandatory_indexes),
            indexes_cbor(&value.selective_indexes),
            Cbor::Bytes(value.presentation_header.clone()),
        ],
    ))
}

/// §3.3.7 `parseDerivedProofValue`, with the proof's length checked against the indexes: 272 + 32·U bytes,
/// every selective index below U + R (R the selective indexes). Errors: [`crate::ErrorKind::Proof`] for a wrong
/// encoding, header, shape or length.
pub fn parse_derived(proof_value: &str) -> Result<DerivedProofValue> {
    let body = body(proof_value, DERIVED_HEADER, "derived")?;
    let items = cbor_array(&body, "bbs-2023", "derived")?;
    let [proof, label_map, mandatory, selective, presentation_header] =
        components(items, "derived")?;
    let bbs_proof = proof
        .into_bytes()
        .map_err(|_| Error::proof("bbsProof is not a CBOR byte string"))?;
    if bbs_proof.len() < PROOF_BASE_LEN || (bbs_proof.len() - PROOF_BASE_LEN) % 32 != 0 {
        return Err(Error::proof(format!(
            "bbsProof is {} bytes, not 272 + 32·U (a BLS12-381-SHA-256 BBS proof)",
            bbs_proof.len()
        )));
    }
    let value = DerivedProofValue {
        bbs_proof,
        label_map: decompress_label_map(label_map)?,
        mandatory_indexes: increasing_indexes(mandatory, "mandatoryIndexes", "a mandatory index")?,
        selective_indexes: increasing_indexes(selective, "selectiveIndexes", "a selective index")?,
        presentation_header: presentation_header
            .into_bytes()
            .map_err(|_| Error::proof("presentationHeader is not a CBOR byte string"))?,
    };
    let total = value.undisclosed() + value.selective_indexes.len();
    if total > MAX_MESSAGES {
        return Err(Error::proof(format!(
            "the BBS proof covers {total} statements, more than the {MAX_MESSAGES} canonprof verifies (ProofVerify's work grows with them)"
        )));
    }
    if let Some(&beyond) = value.selective_indexes.iter().find(|&&i| i >= total) {
        return Err(Error::proof(format!(
            "selective index {beyond} is beyond the {total} statements the BBS proof covers ({} undisclosed, {} disclosed)",
            value.undisclosed(),
            value.selective_indexes.len()
        )));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_round_trips_and_headers_are_named() {
        let value = DerivedProofValue {
            bbs_proof: vec![1; PROOF_BASE_LEN + 64],
            label_map: [("c14n0".to_string(), "b1".to_string())].into(),
            mandatory_indexes: vec![0, 2],
            selective_indexes: vec![1],
            presentation_header: vec![0x11, 0x33],
        };
        let text = serialize_derived(&value).unwrap();
        assert_eq!(parse_derived(&text).unwrap(), value);
        assert!(parse_base(&text).unwrap_err().reason().contains("header"));
        let mut bytes = multibase_bytes(&text, "derived").unwrap();
        bytes[2] = 0x05;
        let feature = crate::integrity::multikey::encode_base64url(&bytes);
        assert!(parse_derived(&feature)
            .unwrap_err()
            .reason()
            .contains("anonymous holder binding derived proof"));
    }
}
