//! The halves of derive and verify that the selective-disclosure suites share — ecdsa-sd-2023 (W3C Data
//! Integrity ECDSA Cryptosuites v1.0 §3.5.4 `createDisclosureData`, §3.5.9 `createVerifyData`) and bbs-2023
//! (Data Integrity BBS Cryptosuites v1.0 §3.3.3 `createDisclosureData`, §3.3.8 `createVerifyData`): splitting
//! off the proof, hashing the proof configuration, grouping the document into mandatory / selective /
//! combined statements with the verifier's label map, and canonicalizing a revealed document with a derived
//! proof's label map into mandatory and non-mandatory statements. Each suite signs or proves over what these
//! return.

use super::cryptosuite::Cryptosuite;
use super::grouping::{self, Group, IndexedQuads, LabelMap};
use super::proof_span;
use super::selection::select_json_ld;
use super::shared_steps::{self, Canonicalizer};
use crate::canon::rdfc::{self, HashAlgorithm, RdfcOptions};
use crate::canon::Session;
use crate::error::{Error, ErrorKind, Result};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// Splits a secured document into (unsecured document, proof object).
pub(super) fn split_proof(secured: &Value) -> Result<(Value, Map<String, Value>)> {
    let mut document = secured
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the secured document is not a JSON object"))?;
    let proof = document
        .remove("proof")
        .and_then(|p| p.as_object().cloned())
        .ok_or_else(|| Error::proof("the document has no proof object"))?;
    Ok((Value::Object(document), proof))
}

/// The proof's `proofValue` string.
pub(super) fn proof_value_text(proof: &Map<String, Value>) -> Result<&str> {
    proof
        .get("proofValue")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::proof("the proof has no proofValue string"))
}

/// Base Proof Configuration and Base Proof Hashing of it (ECDSA §3.6.4 / §3.6.3, BBS §3.4.4 / §3.4.3): (canonical
/// configuration, SHA-256 of it).
pub(super) fn proof_hash(
    canon: &mut Canonicalizer,
    unsecured: &Value,
    options: &Value,
) -> Result<(String, [u8; 32])> {
    let canonical = shared_steps::proof_configuration(canon, unsecured, options)?;
    let _span = tracing::info_span!(proof_span::HASH_DATA).entered();
    let hash = Sha256::digest(canonical.as_bytes()).into();
    Ok((canonical, hash))
}

/// What creating a base proof computed, for inspection and the W3C test vectors (ecdsa-sd-2023 and bbs-2023
/// alike).
#[derive(Debug, Clone)]
pub struct BaseIntermediates {
    /// The canonical base proof configuration.
    pub canonical_proof_config: String,
    /// SHA-256 of the canonical proof configuration.
    pub proof_hash: [u8; 32],
    /// SHA-256 of the mandatory statements.
    pub mandatory_hash: [u8; 32],
    /// The credential's canonical statements with HMAC labels (bbs-2023: shuffled, `_:b0`, …), sorted.
    pub nquads: Vec<String>,
    /// The mandatory statements by index.
    pub mandatory: IndexedQuads,
    /// The non-mandatory statements by index: what the suite signs (ecdsa-sd-2023 one by one, bbs-2023 as the
    /// BBS messages), in this order.
    pub non_mandatory: IndexedQuads,
    /// Canonicalizations run (2).
    pub canonicalizations: usize,
}

/// The Base Proof Transformation, Hashing and Configuration steps (ECDSA §3.6.2–§3.6.4, BBS §3.4.2–§3.4.4) of
/// `suite`: the canonical proof configuration and its hash, then `canonicalizeAndGroup` of `unsecured` with the
/// labels of `factory` and the `mandatory_pointers`, and the mandatory hash; the suite signs what this returns.
/// Errors: [`ErrorKind::Proof`] for unusable options or a pointer that does not match; expansion and
/// canonicalization errors.
pub(super) fn base_transform(
    suite: Cryptosuite,
    hash: HashAlgorithm,
    unsecured: &Value,
    options: &Value,
    factory: &dyn Fn(&LabelMap) -> Result<LabelMap>,
    mandatory_pointers: &[String],
    session: &Session,
) -> Result<BaseIntermediates> {
    let mut canon = Canonicalizer::new(suite, hash, session);
    let (canonical_proof_config, proof_hash) = proof_hash(&mut canon, unsecured, options)?;
    let mut grouped = grouping::canonicalize_and_group(
        "unsecured document",
        unsecured,
        factory,
        &[mandatory_pointers],
        session,
        &RdfcOptions::for_proofs(session.settings()).with_hash(hash),
    )?;
    let group = grouped.groups.remove(0);
    let mandatory_hash = {
        let _span = tracing::info_span!(proof_span::HASH_DATA).entered();
        grouping::hash_mandatory_nquads(group.matching.values())
    };
    Ok(BaseIntermediates {
        canonical_proof_config,
        proof_hash,
        mandatory_hash,
        nquads: grouped.nquads,
        mandatory: group.matching,
        non_mandatory: group.non_matching,
        canonicalizations: canon.runs + grouped.canonicalizations,
    })
}

/// A 32-byte HMAC key drawn from `rng` (the `BaseOptions::from_seed` of both suites).
pub(super) fn hmac_key_from(rng: &mut impl rand_core::Rng) -> [u8; 32] {
    let mut hmac_key = [0u8; 32];
    rng.fill_bytes(&mut hmac_key);
    hmac_key
}

/// The proof: the proof options with `proofValue`. Errors: options that are not a JSON object.
pub(super) fn with_proof_value(options: &Value, proof_value: String) -> Result<Value> {
    let mut proof = options
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the proof options are not a JSON object"))?;
    proof.insert("proofValue".to_string(), Value::from(proof_value));
    Ok(Value::Object(proof))
}

/// The reveal document with the base proof's options and the derived `proof_value` as its proof.
pub(super) fn attach_derived_proof(
    mut reveal: Value,
    proof: &Map<String, Value>,
    proof_value: String,
) -> Value {
    let mut new_proof = proof.clone();
    new_proof.insert("proofValue".to_string(), Value::from(proof_value));
    if let Value::Object(map) = &mut reveal {
        map.insert("proof".to_string(), Value::Object(new_proof));
    }
    reveal
}

/// What `createDisclosureData` groups before the suite adds its signatures or proof.
pub(super) struct Disclosure {
    /// The statements the issuer's mandatory pointers select, and the rest (the non-mandatory statements the
    /// base proof signed, in order).
    pub mandatory: Group,
    /// The statements the holder's selective pointers select.
    pub selective: Group,
    /// The indexes of the combined (disclosed) statements among all.
    pub combined_indexes: Vec<usize>,
    /// Positions of the mandatory statements among the combined (disclosed) ones.
    pub mandatory_indexes: Vec<usize>,
    /// The reveal document: what the combined pointers select from the document as it was.
    pub reveal: Value,
    /// The verifier's label map: `c14nN` of the reveal document → the base proof's label.
    pub label_map: LabelMap,
    /// Canonicalizations run (2: the document and the reveal selection).
    pub canonicalizations: usize,
}

/// `createDisclosureData`'s grouping (ECDSA §3.5.4 steps 1–7 and 10–13, BBS §3.3.3 likewise): the document
/// canonicalized with `factory`'s labels and grouped by the mandatory, selective and combined pointers; the
/// mandatory indexes relative to the combined statements; the reveal document; the verifier's label map.
/// Errors: [`crate::ErrorKind::Proof`] for a pointer that does not match or nothing to disclose; expansion and
/// canonicalization errors.
pub(super) fn group_for_disclosure(
    document: &Value,
    factory: &dyn Fn(&LabelMap) -> Result<LabelMap>,
    (mandatory_pointers, selective_pointers): (&[String], &[String]),
    hash: HashAlgorithm,
    session: &Session,
) -> Result<Disclosure> {
    let options = &RdfcOptions::for_proofs(session.settings()).with_hash(hash);
    let combined: Vec<String> = mandatory_pointers
        .iter()
        .chain(selective_pointers)
        .cloned()
        .collect();
    let mut grouped = grouping::canonicalize_and_group(
        "secured document",
        document,
        factory,
        &[mandatory_pointers, selective_pointers, &combined],
        session,
        options,
    )?;
    let combined_group = grouped.groups.pop().expect("three groups were asked for");
    let selective = grouped.groups.pop().expect("three groups were asked for");
    let mandatory = grouped.groups.pop().expect("three groups were asked for");
    let span = tracing::info_span!(proof_span::GROUP).entered();
    let mandatory_indexes = combined_group
        .matching
        .keys()
        .enumerate()
        .filter(|(_, absolute)| mandatory.matching.contains_key(absolute))
        .map(|(relative, _)| relative)
        .collect();
    let reveal = select_json_ld(&combined, document)?
        .ok_or_else(|| Error::proof("nothing to disclose: no mandatory or selective pointers"))?;
    drop(span);
    // The verifier's label map, from the reveal selection's canonical labels. (Not charged to the verification
    // budget: the holder derives, the verifier never runs this.)
    let (issued, _) = {
        let _span = tracing::info_span!(proof_span::CANONICALIZE_DOCUMENT).entered();
        rdfc::issue_identifiers(&combined_group.deskolemized, options)?
    };
    let label_map = issued
        .iter()
        .map(|(input, c14n)| {
            let label = grouped.label_map.get(input).cloned().ok_or_else(|| {
                Error::proof(format!(
                    "blank node _:{input} of the selection has no HMAC label"
                ))
            })?;
            Ok((c14n.clone(), label))
        })
        .collect::<Result<LabelMap>>()?;
    Ok(Disclosure {
        mandatory,
        selective,
        combined_indexes: combined_group.matching.keys().copied().collect(),
        mandatory_indexes,
        reveal,
        label_map,
        canonicalizations: grouped.canonicalizations + 1,
    })
}

/// The derived proof value of `proof` read by `parse`, and [`verify_data`] with its label map and mandatory
/// indexes (`fit`). `Ok(Err(reason))` for a proof value that does not parse or a proof that does not fit.
pub(super) fn derived_verify_data<P>(
    suite: (Cryptosuite, HashAlgorithm),
    document: &Value,
    proof: &Map<String, Value>,
    parse: impl Fn(&str) -> Result<P>,
    fit: impl Fn(&P) -> (&LabelMap, &[usize]),
    session: &Session,
) -> Result<std::result::Result<(P, VerifyData), String>> {
    let derived = match parse(proof_value_text(proof)?) {
        Ok(d) => d,
        Err(e) => return Ok(Err(e.into_reason())),
    };
    let (label_map, mandatory_indexes) = fit(&derived);
    Ok(verify_data(
        suite,
        document,
        proof,
        label_map,
        mandatory_indexes,
        session,
    )?
    .map(|data| (derived, data)))
}

/// What `createVerifyData` computes from a revealed document.
pub(super) struct VerifyData {
    /// The canonical proof configuration.
    pub canonical_proof_config: String,
    /// SHA-256 of it.
    pub proof_hash: [u8; 32],
    /// Canonicalizations run (2: the proof configuration and the revealed document).
    pub canonicalizations: usize,
    /// The revealed document's statements relabeled with the proof's label map, sorted.
    pub nquads: Vec<String>,
    /// The others, in order.
    pub non_mandatory: Vec<String>,
    /// SHA-256 of the mandatory statements.
    pub mandatory_hash: [u8; 32],
}

/// `createVerifyData` (ECDSA §3.5.9 steps 1–8, BBS §3.3.8 likewise) of `suite`: the proof configuration (`proof`
/// without its `proofValue`) canonicalized and hashed, `labelReplacementCanonicalizeJsonLd` of the revealed
/// `document` with the derived proof's `label_map`, then the statements at `mandatory_indexes` and the others,
/// and the mandatory hash. `Ok(Err(reason))` when the proof does not fit the document (unusable proof options, a
/// blank node without a label, a label map with extra entries, a mandatory index beyond the statements): the
/// proof is then not verified; `Err` for what cannot be checked at all.
fn verify_data(
    (suite, hash): (Cryptosuite, HashAlgorithm),
    document: &Value,
    proof: &Map<String, Value>,
    label_map: &LabelMap,
    mandatory_indexes: &[usize],
    session: &Session,
) -> Result<std::result::Result<VerifyData, String>> {
    let mut options = proof.clone();
    options.remove("proofValue");
    let mut canon = Canonicalizer::new(suite, hash, session);
    let (canonical_proof_config, proof_hash) =
        match proof_hash(&mut canon, document, &Value::Object(options)) {
            Ok(p) => p,
            Err(e) if e.kind() == ErrorKind::Proof => return Ok(Err(e.into_reason())),
            Err(e) => return Err(e),
        };
    let options = RdfcOptions::for_proofs(session.settings()).with_hash(hash);
    let options = &options;
    super::budget::charge()?;
    let (dataset, issued) = {
        let _span = tracing::info_span!(proof_span::CANONICALIZE_DOCUMENT).entered();
        let dataset = super::skolem::compact_to_deskolemized_nquads(
            "revealed document",
            document,
            "",
            session,
        )?;
        let (issued, _) = rdfc::issue_identifiers(&dataset, options)?;
        (dataset, issued)
    };
    let factory = |issued: &LabelMap| grouping::disclosed_label_map(label_map, issued);
    let nquads = match grouping::replace_labels(&dataset, &issued, &factory) {
        Ok((nquads, _)) => nquads,
        Err(e) => return Ok(Err(e.into_reason())),
    };
    // The label map holds exactly one label per blank node of the revealed document: one missing failed
    // above, one too many fails here (an extra entry would be a second reading of the same proof).
    if label_map.len() != issued.len() {
        return Ok(Err(format!(
            "the derived proof's label map has {} entries for the {} blank nodes of the revealed document",
            label_map.len(),
            issued.len()
        )));
    }
    if let Some(&beyond) = mandatory_indexes.iter().find(|&&i| i >= nquads.len()) {
        return Ok(Err(format!(
            "the derived proof's mandatory index {beyond} is beyond the {} disclosed statements",
            nquads.len()
        )));
    }
    let (mandatory, non_mandatory): (Vec<_>, Vec<_>) = nquads
        .iter()
        .enumerate()
        .partition(|(i, _)| mandatory_indexes.contains(i));
    let mandatory_hash = {
        let _span = tracing::info_span!(proof_span::HASH_DATA).entered();
        grouping::hash_mandatory_nquads(mandatory.into_iter().map(|(_, s)| s))
    };
    let non_mandatory = non_mandatory.into_iter().map(|(_, s)| s.clone()).collect();
    Ok(Ok(VerifyData {
        canonical_proof_config,
        proof_hash,
        canonicalizations: canon.runs + 1,
        nquads,
        non_mandatory,
        mandatory_hash,
    }))
}
