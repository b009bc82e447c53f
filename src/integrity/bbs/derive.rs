//! bbs-2023 derived proof (BBS Cryptosuites v1.0 §3.4.6 Add Derived Proof, §3.3.3 `createDisclosureData`).

use super::holder::HolderBinding;
use super::proof_value::{self, DerivedFeature, DerivedProofValue, Feature};
use super::{shuffled_labels, HASH};
use crate::canon::Session;
use crate::error::{Error, Result};
use crate::integrity::disclosure::{self, proof_value_text, split_proof, Disclosure};
use crate::integrity::proof_span;
use crate::keys::bls;
use serde_json::Value;

/// What deriving a proof computed.
#[derive(Debug, Clone)]
pub struct DerivedIntermediates {
    /// The derived proof's components.
    pub value: DerivedProofValue,
    /// Where the statements are among all the document's (sorted, relabeled) statements.
    pub groups: GroupIndexes,
    /// Canonicalizations run (2: the document and the reveal selection).
    pub canonicalizations: usize,
    /// The derived proof's feature (anonymous holder binding: with `lengthBBSMessages`).
    pub feature: DerivedFeature,
}

/// Indexes of statements among all the document's statements (the W3C vectors' `derivedGroupIndexes`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupIndexes {
    /// The mandatory statements.
    pub mandatory: Vec<usize>,
    /// The non-mandatory statements (the BBS messages).
    pub non_mandatory: Vec<usize>,
    /// The statements the selective pointers select.
    pub selective: Vec<usize>,
    /// The disclosed statements: mandatory and selective.
    pub combined: Vec<usize>,
}

/// §3.4.6 Add Derived Proof with §3.3.3 `createDisclosureData`: the reveal document (what `selective_pointers`
/// plus the issuer's mandatory pointers select, with the `id` and `type` on the way) with a derived proof: a BBS
/// proof (ProofGen, OS randomness) of the base signature disclosing the selected non-mandatory statements, bound
/// to `presentation_header`. Errors: [`crate::ErrorKind::Proof`] for a missing or malformed base proof (a holder
/// bound one among them: [`derive_proof_with_holder_binding`]), a pointer that does not match or a base signature
/// that does not fit its statements; expansion and canonicalization errors.
pub fn derive_proof(
    secured: &Value,
    selective_pointers: &[String],
    presentation_header: &[u8],
    session: &Session,
) -> Result<(Value, DerivedIntermediates)> {
    derive(
        secured,
        selective_pointers,
        presentation_header,
        None,
        session,
    )
}

/// §3.4.6 Add Derived Proof as [`derive_proof`] from an anonymous holder binding base proof (header
/// 0xd9 0x5d 0x04): the holder first checks the blind signature over the statements and its `holder` secret
/// (draft-irtf-cfrg-bbs-blind-signatures-02 §4.3), then proves it with BlindProofGen (§4.4: the holder secret
/// undisclosed; OS randomness), and the proof value (header 0xd9 0x5d 0x05) adds `lengthBBSMessages`. Errors: as
/// [`derive_proof`], a baseline base proof, and [`crate::ErrorKind::Proof`] when the signature does not verify
/// with this holder secret and prover blind (another holder's credential, or a wrong secret).
pub fn derive_proof_with_holder_binding(
    secured: &Value,
    selective_pointers: &[String],
    presentation_header: &[u8],
    holder: &HolderBinding,
    session: &Session,
) -> Result<(Value, DerivedIntermediates)> {
    derive(
        secured,
        selective_pointers,
        presentation_header,
        Some(holder),
        session,
    )
}

/// §3.4.6 / §3.3.3 for either feature: `holder` must be given exactly for a holder-bound base proof.
fn derive(
    secured: &Value,
    selective_pointers: &[String],
    presentation_header: &[u8],
    holder: Option<&HolderBinding>,
    session: &Session,
) -> Result<(Value, DerivedIntermediates)> {
    let (document, proof) = split_proof(secured)?;
    let (feature, base) = proof_value::parse_base_with_feature(proof_value_text(&proof)?)?;
    match (feature, holder) {
        (Feature::Baseline, Some(_)) => {
            return Err(Error::proof(
                "the base proof is a baseline one (header d95d02), not bound to a holder secret: derive it without one",
            ))
        }
        (Feature::AnonymousHolderBinding, None) => {
            return Err(Error::proof(
                "the base proof is bound to a holder secret (anonymous_holder_binding, header d95d04): derive it with the holder's secret and prover blind",
            ))
        }
        _ => {}
    }
    let public_key = bls::Public::from_bytes(&base.public_key)
        .map_err(|e| Error::proof(format!("the base proof's publicKey: {}", e.reason())))?;
    // §3.3.3 steps 1–7 and the reveal document with the verifier's label map.
    let factory = shuffled_labels(base.hmac_key.clone());
    let Disclosure {
        mandatory,
        selective,
        combined_indexes,
        mandatory_indexes,
        reveal,
        label_map,
        canonicalizations,
    } = disclosure::group_for_disclosure(
        &document,
        &factory,
        (&base.mandatory_pointers, selective_pointers),
        HASH,
        session,
    )?;
    // The selective indexes: positions of the selected statements among the non-mandatory ones (a selected
    // statement that is mandatory is disclosed as such).
    let selective_indexes: Vec<usize> = {
        let _span = tracing::info_span!(proof_span::GROUP).entered();
        mandatory
            .non_matching
            .keys()
            .enumerate()
            .filter(|(_, absolute)| selective.matching.contains_key(absolute))
            .map(|(relative, _)| relative)
            .collect()
    };
    let messages: Vec<&[u8]> = mandatory
        .non_matching
        .values()
        .map(|s| s.as_bytes())
        .collect();
    let bbs_proof = {
        let _span = tracing::info_span!(proof_span::BBS_PROOF_GEN).entered();
        match holder {
            None => public_key.bbs_proof_gen(
                &base.bbs_signature,
                &base.bbs_header,
                presentation_header,
                &messages,
                &selective_indexes,
            )?,
            Some(holder) => {
                if !public_key.bbs_verify_blind_sign(
                    &base.bbs_signature,
                    &base.bbs_header,
                    &messages,
                    &holder.holder_secret,
                    &holder.secret_prover_blind,
                ) {
                    return Err(Error::proof(
                        "the holder-bound base signature does not verify with this holder secret and prover blind over the credential's statements (another holder's credential, a wrong secret or a changed credential)",
                    ));
                }
                public_key.bbs_blind_proof_gen(
                    &base.bbs_signature,
                    (&base.bbs_header, presentation_header),
                    &messages,
                    &selective_indexes,
                    (&holder.holder_secret, &holder.secret_prover_blind),
                )?
            }
        }
    };
    let feature = match holder {
        None => DerivedFeature::Baseline,
        Some(_) => DerivedFeature::AnonymousHolderBinding {
            length_bbs_messages: messages.len(),
        },
    };
    let groups = GroupIndexes {
        mandatory: mandatory.matching.keys().copied().collect(),
        non_mandatory: mandatory.non_matching.keys().copied().collect(),
        selective: selective.matching.keys().copied().collect(),
        combined: combined_indexes,
    };
    let value = DerivedProofValue {
        bbs_proof,
        label_map,
        mandatory_indexes,
        selective_indexes,
        presentation_header: presentation_header.to_vec(),
    };
    let reveal = disclosure::attach_derived_proof(
        reveal,
        &proof,
        proof_value::serialize_derived_with_feature(feature, &value)?,
    );
    Ok((
        reveal,
        DerivedIntermediates {
            value,
            groups,
            canonicalizations,
            feature,
        },
    ))
}
