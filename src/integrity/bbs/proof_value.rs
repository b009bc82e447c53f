//! bbs-2023 proof values (W3C Data Integrity BBS Cryptosuites v1.0 §3.3 bbs-2023 Functions, baseline and
//! anonymous holder binding features): `serializeBaseProofValue` / `parseBaseProofValue`,
//! `serializeDerivedProofValue` / `parseDerivedProofValue`, `compressLabelMap` / `decompressLabelMap`. CBOR and
//! multibase as ecdsa-sd-2023's ([`crate::integrity::proof_value`], whose strict decoding this shares).
//!
//! Parsing is strict: the header names the feature (baseline: base 0xd9 0x5d 0x02, derived 0xd9 0x5d 0x03;
//! anonymous holder binding: 0x5d04 / 0x5d05); the headers of the pseudonym features (pseudonyms 0x5d06 /
//! 0x5d07, holder binding with pseudonyms 0x5d08 / 0x5d09) are refused by name. Then exactly the five components
//! (six for a holder binding derived proof: `lengthBBSMessages`), byte strings of exactly their size (an 80-byte
//! BBS signature, a 64-byte BBS header, a 96-byte BLS12-381 G2 public key, a 32-byte HMAC key), a BBS proof of
//! 272 + 32·U bytes covering at most [`MAX_MESSAGES`] statements (holder binding: exactly 272 + 32·(L − R + 2)),
//! label-map keys and values unsigned and not repeated, indexes strictly increasing, preferred CBOR
//! serialization, nothing after it.

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
/// Header of an anonymous holder binding base proof value.
pub const HOLDER_BINDING_BASE_HEADER: [u8; 3] = [0xd9, 0x5d, 0x04];
/// Header of an anonymous holder binding derived proof value.
pub const HOLDER_BINDING_DERIVED_HEADER: [u8; 3] = [0xd9, 0x5d, 0x05];
/// The headers of the features canonprof does not implement, by third byte, with their names.
const FEATURE_HEADERS: [(u8, &str); 4] = [
    (0x06, "pseudonym base proof"),
    (0x07, "pseudonym derived proof"),
    (0x08, "holder binding with pseudonym base proof"),
    (0x09, "holder binding with pseudonym derived proof"),
];

/// The bbs-2023 feature option of a base proof (its `featureOption`, named by its proof value's header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// `"baseline"`: headers 0xd9 0x5d 0x02 / 0x03.
    Baseline,
    /// `"anonymous_holder_binding"`: headers 0xd9 0x5d 0x04 / 0x05; the signature covers a holder secret the
    /// issuer never saw (a blind BBS signature).
    AnonymousHolderBinding,
}

impl Feature {
    /// The spec's `featureOption` value.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Baseline => "baseline",
            Feature::AnonymousHolderBinding => "anonymous_holder_binding",
        }
    }

    fn base_header(self) -> [u8; 3] {
        match self {
            Feature::Baseline => BASE_HEADER,
            Feature::AnonymousHolderBinding => HOLDER_BINDING_BASE_HEADER,
        }
    }
}

/// The feature of a derived proof, with what it adds to the baseline's components.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DerivedFeature {
    /// `"baseline"` (header 0xd9 0x5d 0x03): five components.
    Baseline,
    /// `"anonymous_holder_binding"` (header 0xd9 0x5d 0x05): a sixth component, `lengthBBSMessages`.
    AnonymousHolderBinding {
        /// L: the number of BBS messages (non-mandatory statements) the base signature covers; the verifier
        /// cannot count the undisclosed ones among the proof's hidden scalars, which include the holder secret.
        length_bbs_messages: usize,
    },
}

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

/// The header and body of a bbs-2023 proof value; the pseudonym features' headers are refused by name, as is a
/// base proof where a derived one is expected and back.
fn body(proof_value: &str, what: &str) -> Result<(u8, Vec<u8>)> {
    let bytes = multibase_bytes(proof_value, what)?;
    if bytes.len() < 3 || bytes[..2] != [0xd9, 0x5d] {
        return Err(Error::proof(format!(
            "the proof value does not start with a bbs-2023 {what} proof header (d95d then {})",
            if what == "base" {
                "02 or 04"
            } else {
                "03 or 05"
            }
        )));
    }
    if let Some((_, feature)) = FEATURE_HEADERS.iter().find(|(b, _)| bytes[2] == *b) {
        return Err(Error::proof(format!(
            "the proof value is a bbs-2023 {feature} (header d95d{:02x}), a feature canonprof does not implement (only the baseline and anonymous holder binding)",
            bytes[2]
        )));
    }
    match (what, bytes[2]) {
        ("base", 0x02 | 0x04) | ("derived", 0x03 | 0x05) => Ok((bytes[2], bytes[3..].to_vec())),
        ("derived", 0x02 | 0x04) => Err(Error::proof(format!(
            "the proof is a bbs-2023 base proof (header d95d{:02x}): only the issuer's holder derives from it; a verifier takes derived proofs",
            bytes[2]
        ))),
        ("base", 0x03 | 0x05) => Err(Error::proof(format!(
            "the proof is a bbs-2023 derived proof (header d95d{:02x}), not a base proof",
            bytes[2]
        ))),
        _ => Err(Error::proof(format!(
            "the proof value's header d95d{:02x} is not a bbs-2023 {what} proof header",
            bytes[2]
        ))),
    }
}

/// §3.3.1 `serializeBaseProofValue`, baseline feature.
pub fn serialize_base(value: &BaseProofValue) -> String {
    serialize_base_with_feature(Feature::Baseline, value)
}

/// §3.3.1 `serializeBaseProofValue` for `feature`: its header, then the five components (anonymous holder binding
/// has the baseline's five: the holder's commitment is inside the signature).
pub fn serialize_base_with_feature(feature: Feature, value: &BaseProofValue) -> String {
    encode(
        feature.base_header(),
        vec![
            Cbor::Bytes(value.bbs_signature.clone()),
            Cbor::Bytes(value.bbs_header.clone()),
            Cbor::Bytes(value.public_key.clone()),
            Cbor::Bytes(value.hmac_key.clone()),
            pointers_cbor(&value.mandatory_pointers),
        ],
    )
}

/// §3.3.2 `parseBaseProofValue` of a baseline base proof. Errors: [`crate::ErrorKind::Proof`] for a wrong
/// encoding, header (an anonymous holder binding base proof among them) or shape.
pub fn parse_base(proof_value: &str) -> Result<BaseProofValue> {
    match parse_base_with_feature(proof_value)? {
        (Feature::Baseline, value) => Ok(value),
        (feature, _) => Err(Error::proof(format!(
            "the base proof's featureOption is {} (header d95d04), not baseline: its holder derives with the holder secret",
            feature.name()
        ))),
    }
}

/// §3.3.2 `parseBaseProofValue`: the feature (baseline or anonymous holder binding) and the five components.
/// Errors: [`crate::ErrorKind::Proof`] for a wrong encoding, header or shape.
pub fn parse_base_with_feature(proof_value: &str) -> Result<(Feature, BaseProofValue)> {
    let (header, body) = body(proof_value, "base")?;
    let feature = if header == 0x04 {
        Feature::AnonymousHolderBinding
    } else {
        Feature::Baseline
    };
    let items = cbor_array(&body, "bbs-2023", "base")?;
    let [signature, header, public_key, hmac_key, pointers] = components(items, "base")?;
    Ok((
        feature,
        BaseProofValue {
            bbs_signature: sized(signature, SIGNATURE_LEN, "bbsSignature")?,
            bbs_header: sized(header, HEADER_LEN, "bbsHeader")?,
            public_key: sized(public_key, PUBLIC_KEY_LEN, "publicKey")?,
            hmac_key: sized(hmac_key, HMAC_KEY_LEN, "hmacKey")?,
            mandatory_pointers: mandatory_pointers(pointers)?,
        },
    ))
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

/// §3.3.6 `serializeDerivedProofValue`, baseline feature. Errors: a label map not of `c14nN` → `bM` entries.
pub fn serialize_derived(value: &DerivedProofValue) -> Result<String> {
    serialize_derived_with_feature(DerivedFeature::Baseline, value)
}

/// §3.3.6 `serializeDerivedProofValue` for `feature`: the baseline's five components, and for anonymous holder
/// binding `lengthBBSMessages` as a sixth. Errors: a label map not of `c14nN` → `bM` entries.
pub fn serialize_derived_with_feature(
    feature: DerivedFeature,
    value: &DerivedProofValue,
) -> Result<String> {
    let mut components = vec![
        Cbor::Bytes(value.bbs_proof.clone()),
        compress_label_map(&value.label_map)?,
        indexes_cbor(&value.mandatory_indexes),
        indexes_cbor(&value.selective_indexes),
        Cbor::Bytes(value.presentation_header.clone()),
    ];
    let header = match feature {
        DerivedFeature::Baseline => DERIVED_HEADER,
        DerivedFeature::AnonymousHolderBinding {
            length_bbs_messages,
        } => {
            components.push(Cbor::Integer((length_bbs_messages as u64).into()));
            HOLDER_BINDING_DERIVED_HEADER
        }
    };
    Ok(encode(header, components))
}

/// §3.3.7 `parseDerivedProofValue` of a baseline derived proof, with the proof's length checked against the
/// indexes: 272 + 32·U bytes, every selective index below U + R (R the selective indexes). Errors:
/// [`crate::ErrorKind::Proof`] for a wrong encoding, header (an anonymous holder binding one among them), shape
/// or length.
pub fn parse_derived(proof_value: &str) -> Result<DerivedProofValue> {
    match parse_derived_with_feature(proof_value)? {
        (DerivedFeature::Baseline, value) => Ok(value),
        _ => Err(Error::proof(
            "the derived proof's featureOption is anonymous_holder_binding (header d95d05), not baseline",
        )),
    }
}

/// §3.3.7 `parseDerivedProofValue`: the feature and the components. Baseline: five components, a proof of
/// 272 + 32·U bytes, every selective index below U + R. Anonymous holder binding: six, the sixth
/// `lengthBBSMessages` (L, an unsigned integer of at most [`MAX_MESSAGES`]), every selective index below L, a
/// proof of exactly 272 + 32·(L − R + 2) bytes (the undisclosed messages, the holder secret and the prover's
/// blind). Errors: [`crate::ErrorKind::Proof`] for a wrong encoding, header, shape or length.
pub fn parse_derived_with_feature(
    proof_value: &str,
) -> Result<(DerivedFeature, DerivedProofValue)> {
    let (header, body) = body(proof_value, "derived")?;
    let mut items = cbor_array(&body, "bbs-2023", "derived")?;
    let feature = if header == 0x05 {
        let length = match items.len() {
            6 => items.pop().expect("six components"),
            n => {
                return Err(Error::proof(format!(
                    "the derived proof value does not have 6 components (an anonymous holder binding derived proof) but {n}"
                )))
            }
        };
        let length_bbs_messages = length
            .as_integer()
            .and_then(|n| u64::try_from(n).ok())
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| Error::proof("lengthBBSMessages is not an unsigned integer"))?;
        DerivedFeature::AnonymousHolderBinding {
            length_bbs_messages,
        }
    } else {
        DerivedFeature::Baseline
    };
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
    match feature {
        DerivedFeature::Baseline => check_baseline_lengths(&value)?,
        DerivedFeature::AnonymousHolderBinding {
            length_bbs_messages,
        } => check_holder_binding_lengths(&value, length_bbs_messages)?,
    }
    Ok((feature, value))
}

/// A baseline proof's statements: at most [`MAX_MESSAGES`], every selective index below U + R.
fn check_baseline_lengths(value: &DerivedProofValue) -> Result<()> {
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
    Ok(())
}

/// An anonymous holder binding proof's lengths: L plus the committed holder secret at most [`MAX_MESSAGES`]
/// statements, every selective index below L, the proof exactly 272 + 32·(L − R + 2) bytes.
fn check_holder_binding_lengths(value: &DerivedProofValue, length: usize) -> Result<()> {
    if length >= MAX_MESSAGES {
        return Err(Error::proof(format!(
            "lengthBBSMessages is {length}: with the holder's committed secret more than the {MAX_MESSAGES} statements canonprof verifies (BlindProofVerify's work grows with them)"
        )));
    }
    if let Some(&beyond) = value.selective_indexes.iter().find(|&&i| i >= length) {
        return Err(Error::proof(format!(
            "selective index {beyond} is beyond lengthBBSMessages ({length})"
        )));
    }
    // Indexes strictly increasing and below L: R ≤ L.
    let expected = PROOF_BASE_LEN + 32 * (length - value.selective_indexes.len() + 2);
    if value.bbs_proof.len() != expected {
        return Err(Error::proof(format!(
            "bbsProof is {} bytes, not the {expected} of a blind BBS proof of {length} messages with {} disclosed and the holder secret undisclosed (272 + 32·(L − R + 2))",
            value.bbs_proof.len(),
            value.selective_indexes.len()
        )));
    }
    Ok(())
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
        bytes[2] = 0x07;
        let feature = crate::integrity::multikey::encode_base64url(&bytes);
        assert!(parse_derived(&feature)
            .unwrap_err()
            .reason()
            .contains("pseudonym derived proof"));
    }

    #[test]
    fn holder_binding_values_round_trip_with_exact_lengths() {
        let value = DerivedProofValue {
            // L = 5, R = 2: 272 + 32·(5 − 2 + 2).
            bbs_proof: vec![1; PROOF_BASE_LEN + 32 * 5],
            label_map: [("c14n0".to_string(), "b0".to_string())].into(),
            mandatory_indexes: vec![0],
            selective_indexes: vec![1, 4],
            presentation_header: vec![],
        };
        let feature = DerivedFeature::AnonymousHolderBinding {
            length_bbs_messages: 5,
        };
        let text = serialize_derived_with_feature(feature, &value).unwrap();
        assert_eq!(
            multibase_bytes(&text, "derived").unwrap()[..3],
            HOLDER_BINDING_DERIVED_HEADER
        );
        assert_eq!(
            parse_derived_with_feature(&text).unwrap(),
            (feature, value.clone())
        );
        for l in [4, 6] {
            let other = serialize_derived_with_feature(
                DerivedFeature::AnonymousHolderBinding {
                    length_bbs_messages: l,
                },
                &value,
            )
            .unwrap();
            assert!(parse_derived_with_feature(&other).is_err(), "L = {l}");
        }
        let base = BaseProofValue {
            bbs_signature: vec![2; SIGNATURE_LEN],
            bbs_header: vec![3; HEADER_LEN],
            public_key: vec![4; PUBLIC_KEY_LEN],
            hmac_key: vec![5; HMAC_KEY_LEN],
            mandatory_pointers: vec!["/issuer".to_string()],
        };
        let text = serialize_base_with_feature(Feature::AnonymousHolderBinding, &base);
        assert_eq!(
            parse_base_with_feature(&text).unwrap(),
            (Feature::AnonymousHolderBinding, base)
        );
        assert!(parse_base(&text).is_err());
    }
}
