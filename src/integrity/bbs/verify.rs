//! bbs-2023 derived proof verification (BBS Cryptosuites v1.0 §3.4.7 Verify Derived Proof, §3.3.8
//! `createVerifyData`).

use super::proof_value::{self, DerivedFeature};
use super::{HASH, SUITE};
use crate::canon::Session;
use crate::error::Result;
use crate::integrity::cryptosuite::{Intermediates, Verification};
use crate::integrity::disclosure::{self, split_proof};
use crate::integrity::proof_span;
use crate::keys::{PublicKey, SignatureAlgorithm};
use serde_json::Value;

/// §3.4.7 Verify Derived Proof with §3.3.8 `createVerifyData`: canonicalizes the revealed document with the
/// proof's label map, splits it by the mandatory indexes, and runs BBS ProofVerify of the disclosed
/// non-mandatory statements at the selective indexes, under proofHash ‖ mandatoryHash and the proof's
/// presentation header, with the issuer's key: `public_key`, or else resolved from a `did:key` verification
/// method. The proof value's header selects the feature: baseline (0xd9 0x5d 0x03, ProofVerify) or anonymous
/// holder binding (0xd9 0x5d 0x05, draft-irtf-cfrg-bbs-blind-signatures-02 BlindProofVerify with
/// `lengthBBSMessages` and one undisclosed committed message, the holder secret). A proof that does not verify is `verified: false` with the reason (a base proof, a feature
/// canonprof does not implement, a malformed or truncated proof value, indexes or a label map that do not fit,
/// tampered statements, another key); errors are for what cannot be checked at all.
pub fn verify_derived_proof(
    secured: &Value,
    public_key: Option<&PublicKey>,
    session: &Session,
) -> Result<Verification> {
    let (document, proof) = split_proof(secured)?;
    let not = Verification::failed;
    let issuer_key = crate::integrity::multikey::proof_key(public_key, &proof)?;
    let Some(bls) = issuer_key.bls12381_g2() else {
        return Ok(not(format!(
            "bbs-2023 verifies with a BLS12-381 G2 key, not {}",
            issuer_key.algorithm().name()
        )));
    };
    debug_assert_eq!(issuer_key.algorithm(), SignatureAlgorithm::Bls12381G2);
    // §3.3.7 parseDerivedProofValue, §3.3.8 steps 1–8.
    let ((feature, derived), data) = match disclosure::derived_verify_data(
        (SUITE, HASH),
        &document,
        &proof,
        proof_value::parse_derived_with_feature,
        |(_, d)| (&d.label_map, &d.mandatory_indexes),
        session,
    )? {
        Ok(parsed) => parsed,
        Err(reason) => return Ok(not(reason)),
    };
    let bbs_header = [data.proof_hash, data.mandatory_hash].concat();
    let intermediates = Intermediates {
        canonical_document: data.nquads.concat(),
        canonical_proof_config: data.canonical_proof_config.clone(),
        hash_data: bbs_header.clone(),
        canonicalizations: data.canonicalizations,
    };
    let with = |verified: bool, reason: Option<String>| Verification {
        verified,
        reason,
        intermediates: Some(intermediates.clone()),
    };
    if derived.selective_indexes.len() != data.non_mandatory.len() {
        return Ok(with(
            false,
            Some(format!(
                "the derived proof has {} selective indexes for {} disclosed non-mandatory statements",
                derived.selective_indexes.len(),
                data.non_mandatory.len()
            )),
        ));
    }
    // The statements ProofVerify covers: the disclosed and undisclosed BBS messages.
    let statements = match feature {
        DerivedFeature::Baseline => derived.undisclosed() + derived.selective_indexes.len(),
        DerivedFeature::AnonymousHolderBinding {
            length_bbs_messages,
        } => length_bbs_messages + 1,
    };
    crate::integrity::budget::charge_bbs_statements(statements)?;
    let disclosed: Vec<&[u8]> = data.non_mandatory.iter().map(|s| s.as_bytes()).collect();
    let verified = {
        let _span = tracing::info_span!(proof_span::BBS_PROOF_VERIFY).entered();
        match feature {
            DerivedFeature::Baseline => bls.bbs_proof_verify(
                &derived.bbs_proof,
                &bbs_header,
                &derived.presentation_header,
                &disclosed,
                &derived.selective_indexes,
            ),
            DerivedFeature::AnonymousHolderBinding {
                length_bbs_messages,
            } => bls.bbs_blind_proof_verify(
                &derived.bbs_proof,
                (&bbs_header, &derived.presentation_header),
                length_bbs_messages,
                &disclosed,
                &derived.selective_indexes,
            ),
        }
    };
    Ok(match verified {
        Err(refused) => with(false, Some(refused)),
        Ok(true) => with(true, None),
        Ok(false) => with(
            false,
            Some(format!(
                "the {} does not verify over the disclosed statements at their selective indexes under proofHash ‖ mandatoryHash and the presentation header (a changed statement, index, proof option or key{})",
                match feature {
                    DerivedFeature::Baseline => "BBS proof",
                    DerivedFeature::AnonymousHolderBinding { .. } => "blind BBS proof (anonymous holder binding)",
                },
                match feature {
                    DerivedFeature::Baseline => "",
                    DerivedFeature::AnonymousHolderBinding { .. } => ", lengthBBSMessages or holder secret",
                }
            )),
        ),
    })
}
