//! The ecdsa-sd-2023 cryptosuite (W3C Data Integrity ECDSA Cryptosuites v1.0 §3.6), step by step: the issuer
//! creates a **base proof** (mandatory JSON pointers, HMAC-relabeled blank nodes, one proof-scoped signature
//! per non-mandatory statement), the holder **derives** a proof for a selection of the credential, the verifier
//! **verifies the derived proof**. P-256 with SHA-256 (p256, sha2); HMAC-SHA-256 (hmac); CBOR (ciborium).
//! Canonicalization is canonprof's RDFC-1.0: each operation runs two (issue: document and proof configuration;
//! derive: document and the reveal selection; verify: reveal document and proof configuration).

use super::cryptosuite::{Cryptosuite, Intermediates, Verification};
use super::grouping::{self, IndexedQuads, LabelMap};
use super::multikey::P256_PUB as P256_MULTIKEY_HEADER;
use super::proof_span;
use super::proof_value::{self, BaseProofValue, DerivedProofValue};
use super::selection::select_json_ld;
use super::shared_steps::{self, Canonicalizer};
use crate::canon::rdfc::{self, HashAlgorithm, RdfcOptions};
use crate::canon::Session;
use crate::error::{Error, ErrorKind, Result};
use crate::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use serde_json::Value;
use sha2::{Digest, Sha256};

const SUITE: Cryptosuite = Cryptosuite::EcdsaSd2023;
/// The suite's one hash (ECDSA Cryptosuites v1.0 §3.5: P-256 keys, SHA-256), its row in
/// [`super::cryptosuite::SUITES`]: the labeling hash here, and the hash of the proof configuration and the mandatory
/// statements.
const HASH: HashAlgorithm = HashAlgorithm::Sha256;

/// The issuer's choices for a base proof besides its key.
#[derive(Debug, Clone)]
pub struct BaseOptions {
    /// JSON pointers (RFC 6901) into the credential that every presentation must disclose.
    pub mandatory_pointers: Vec<String>,
    /// The HMAC key (32 bytes) that makes the blank node labels (§3.6.2 step 1).
    pub hmac_key: [u8; 32],
    /// The proof-scoped key pair (§3.6.5 step 1), P-256, that signs each non-mandatory statement (through its
    /// signature backend).
    pub proof_key: SecretKey,
}

impl BaseOptions {
    /// HMAC key and proof-scoped key drawn from a seeded RNG (ChaCha20), so runs are reproducible; the proof
    /// key signs with RustCrypto (see [`SecretKey::with_backend`]).
    pub fn from_seed(mandatory_pointers: Vec<String>, seed: u64) -> BaseOptions {
        use rand_core::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let mut hmac_key = [0u8; 32];
        rng.fill_bytes(&mut hmac_key);
        BaseOptions {
            mandatory_pointers,
            hmac_key,
            proof_key: SecretKey::from_rng(SignatureAlgorithm::P256, &mut rng),
        }
    }
}

/// What creating a base proof computed, for inspection and the W3C test vectors.
#[derive(Debug, Clone)]
pub struct BaseIntermediates {
    /// The canonical base proof configuration.
    pub canonical_proof_config: String,
    /// SHA-256 of the canonical proof configuration.
    pub proof_hash: [u8; 32],
    /// SHA-256 of the mandatory statements.
    pub mandatory_hash: [u8; 32],
    /// The credential's canonical statements with HMAC labels, sorted.
    pub nquads: Vec<String>,
    /// The mandatory statements by index.
    pub mandatory: IndexedQuads,
    /// The non-mandatory statements by index.
    pub non_mandatory: IndexedQuads,
    /// Canonicalizations run (2).
    pub canonicalizations: usize,
}

/// Multikey bytes of a P-256 public key: 0x80 0x24 + the compressed point (35 bytes).
fn multikey_bytes(key: &PublicKey) -> Vec<u8> {
    let mut bytes = P256_MULTIKEY_HEADER.to_vec();
    bytes.extend_from_slice(&key.to_bytes(true));
    bytes
}

/// §3.5.1 `serializeSignData`: proofHash ‖ publicKey ‖ mandatoryHash.
fn sign_data(proof_hash: &[u8], public_key: &[u8], mandatory_hash: &[u8]) -> Vec<u8> {
    [proof_hash, public_key, mandatory_hash].concat()
}

/// §3.6.4 Base Proof Configuration and §3.6.3 Base Proof Hashing of it: (canonical configuration, SHA-256).
fn proof_hash(
    canon: &mut Canonicalizer,
    unsecured: &Value,
    options: &Value,
) -> Result<(String, [u8; 32])> {
    let canonical = shared_steps::proof_configuration(canon, unsecured, options)?;
    let _span = tracing::info_span!(proof_span::HASH_DATA).entered();
    let hash = Sha256::digest(canonical.as_bytes()).into();
    Ok((canonical, hash))
}

/// §3.6.1 Create Base Proof, with §3.6.2 Base Proof Transformation (`canonicalizeAndGroup` with the mandatory
/// pointers and HMAC labels), §3.6.3 Base Proof Hashing, §3.6.4 Base Proof Configuration and §3.6.5 Base Proof
/// Serialization. `key` must be P-256. Returns the proof (the options plus `proofValue`). Errors:
/// [`ErrorKind::Proof`] for unusable options, a non-P-256 key or a pointer that does not match; expansion
/// and canonicalization errors.
pub fn create_base_proof(
    unsecured: &Value,
    options: &Value,
    key: &SecretKey,
    base: &BaseOptions,
    session: &Session,
) -> Result<(Value, BaseIntermediates)> {
    if key.algorithm() != SignatureAlgorithm::P256
        || base.proof_key.algorithm() != SignatureAlgorithm::P256
    {
        return Err(Error::key(
            "PROOF_GENERATION_ERROR: ecdsa-sd-2023 signs with P-256 keys",
        ));
    }
    let mut canon = Canonicalizer::new(SUITE, HASH, session);
    let (canonical_proof_config, proof_hash) = proof_hash(&mut canon, unsecured, options)?;
    // §3.6.2 Base Proof Transformation.
    let hmac_key = base.hmac_key;
    let factory = move |issued: &LabelMap| Ok(grouping::hmac_label_map(&hmac_key, issued));
    let mut grouped = grouping::canonicalize_and_group(
        "unsecured document",
        unsecured,
        &factory,
        &[&base.mandatory_pointers],
        session,
        &RdfcOptions::for_proofs(session.settings()).with_hash(HASH),
    )?;
    let group = grouped.groups.remove(0);
    // §3.6.3 Base Proof Hashing.
    let mandatory_hash = {
        let _span = tracing::info_span!(proof_span::HASH_DATA).entered();
        grouping::hash_mandatory_nquads(group.matching.values())
    };
    // §3.6.5 Base Proof Serialization.
    let signatures = {
        let _span = tracing::info_span!(proof_span::SIGN_STATEMENTS).entered();
        group
            .non_matching
            .values()
            .map(|statement| base.proof_key.sign(statement.as_bytes()))
            .collect::<Result<_>>()?
    };
    let public_key = multikey_bytes(&base.proof_key.public_key());
    let base_signature = {
        let _span = tracing::info_span!(proof_span::SIGN).entered();
        key.sign(&sign_data(&proof_hash, &public_key, &mandatory_hash))?
    };
    let proof_value = proof_value::serialize_base(&BaseProofValue {
        base_signature,
        public_key,
        hmac_key: base.hmac_key.to_vec(),
        signatures,
        mandatory_pointers: base.mandatory_pointers.clone(),
    });
    let mut proof = options
        .as_object()
        .cloned()
        .ok_or_else(|| Error::proof("the proof options are not a JSON object"))?;
    proof.insert("proofValue".to_string(), Value::from(proof_value));
    let intermediates = BaseIntermediates {
        canonical_proof_config,
        proof_hash,
        mandatory_hash,
        nquads: grouped.nquads,
        mandatory: group.matching,
        non_mandatory: group.non_matching,
        canonicalizations: canon.runs + grouped.canonicalizations,
    };
    Ok((Value::Object(proof), intermediates))
}

/// What deriving a proof computed.
#[derive(Debug, Clone)]
pub struct DerivedIntermediates {
    /// The derived proof's components.
    pub value: DerivedProofValue,
    /// Canonicalizations run (2: the document and the reveal selection).
    pub canonicalizations: usize,
}

/// Splits a secured document into (unsecured document, proof object).
fn split_proof(secured: &Value) -> Result<(Value, serde_json::Map<String, Value>)> {
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

fn proof_value_text(proof: &serde_json::Map<String, Value>) -> Result<&str> {
    proof
        .get("proofValue")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::proof("the proof has no proofValue string"))
}

/// §3.6.6 Add Derived Proof with §3.5.4 `createDisclosureData`: the reveal document (what
/// `selective_pointers` plus the issuer's mandatory pointers select, with the `id` and `type` on the way) with a
/// derived proof. Errors: [`ErrorKind::Proof`] for a missing or malformed base proof or a pointer that does
/// not match; expansion and canonicalization errors.
pub fn derive_proof(
    secured: &Value,
    selective_pointers: &[String],
    session: &Session,
) -> Result<(Value, DerivedIntermediates)> {
    let (document, proof) = split_proof(secured)?;
    let base = proof_value::parse_base(proof_value_text(&proof)?)?;
    // §3.5.4 steps 1–5.
    let hmac_key = base.hmac_key.clone();
    let factory = move |issued: &LabelMap| Ok(grouping::hmac_label_map(&hmac_key, issued));
    let combined: Vec<String> = base
        .mandatory_pointers
        .iter()
        .chain(selective_pointers)
        .cloned()
        .collect();
    let options = RdfcOptions::for_proofs(session.settings()).with_hash(HASH);
    let grouped = grouping::canonicalize_and_group(
        "secured document",
        &document,
        &factory,
        &[&base.mandatory_pointers, selective_pointers, &combined],
        session,
        &options,
    )?;
    let [mandatory, selective, combined_group] = &grouped.groups[..] else {
        unreachable!("three groups were asked for")
    };
    let _span = tracing::info_span!(proof_span::GROUP).entered();
    // Steps 6–7: mandatory indexes relative to the combined statements.
    let mandatory_indexes = combined_group
        .matching
        .keys()
        .enumerate()
        .filter(|(_, absolute)| mandatory.matching.contains_key(absolute))
        .map(|(relative, _)| relative)
        .collect();
    // Steps 8–9: the signatures of the selected non-mandatory statements.
    if base.signatures.len() != mandatory.non_matching.len() {
        return Err(Error::proof(format!(
            "the base proof has {} signatures for {} non-mandatory statements",
            base.signatures.len(),
            mandatory.non_matching.len()
        )));
    }
    let signatures = mandatory
        .non_matching
        .keys()
        .zip(&base.signatures)
        .filter(|(absolute, _)| selective.matching.contains_key(absolute))
        .map(|(_, s)| s.clone())
        .collect();
    // Step 10: the reveal document, selected from the document as it was (not skolemized).
    let mut reveal = select_json_ld(&combined, &document)?
        .ok_or_else(|| Error::proof("nothing to disclose: no mandatory or selective pointers"))?;
    drop(_span);
    // Steps 11–13: the verifier's label map, from the reveal selection's canonical labels. (Not charged to the
    // verification budget: the holder derives, the verifier never runs this.)
    let (issued, _) = {
        let _span = tracing::info_span!(proof_span::CANONICALIZE_DOCUMENT).entered();
        rdfc::issue_identifiers(&combined_group.deskolemized, &options)?
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
    let value = DerivedProofValue {
        base_signature: base.base_signature,
        public_key: base.public_key,
        signatures,
        label_map,
        mandatory_indexes,
    };
    let mut new_proof = proof.clone();
    new_proof.insert(
        "proofValue".to_string(),
        Value::from(proof_value::serialize_derived(&value)?),
    );
    if let Value::Object(map) = &mut reveal {
        map.insert("proof".to_string(), Value::Object(new_proof));
    }
    let intermediates = DerivedIntermediates {
        value,
        canonicalizations: grouped.canonicalizations + 1,
    };
    Ok((reveal, intermediates))
}

/// §3.6.7 Verify Derived Proof with §3.5.9 `createVerifyData`: canonicalizes the revealed document with the
/// proof's label map, checks the issuer's base signature over proofHash ‖ publicKey ‖ mandatoryHash and each
/// disclosed statement's signature with the proof-scoped key. The issuer key is `public_key`, or else
/// resolved from a `did:key` verification method. A proof that does not verify is `verified: false` with the
/// reason (a base proof, tampered statements, wrong key, a signature count that does not match); errors are
/// for what cannot be checked at all.
pub fn verify_derived_proof(
    secured: &Value,
    public_key: Option<&PublicKey>,
    session: &Session,
) -> Result<Verification> {
    let (document, proof) = split_proof(secured)?;
    let not = |reason: String| Verification {
        verified: false,
        reason: Some(reason),
        intermediates: None,
    };
    let issuer_key = super::multikey::proof_key(public_key, &proof)?;
    if issuer_key.algorithm() != SignatureAlgorithm::P256 {
        return Ok(not("ecdsa-sd-2023 verifies with a P-256 key".to_string()));
    }
    let derived = match proof_value::parse_derived(proof_value_text(&proof)?) {
        Ok(d) => d,
        Err(e) => return Ok(not(e.into_reason())),
    };
    let mut options = proof.clone();
    options.remove("proofValue");
    let mut canon = Canonicalizer::new(SUITE, HASH, session);
    let (canonical_proof_config, proof_hash) =
        match proof_hash(&mut canon, &document, &Value::Object(options)) {
            Ok(p) => p,
            Err(e) if e.kind() == ErrorKind::Proof => return Ok(not(e.into_reason())),
            Err(e) => return Err(e),
        };
    // §3.5.9 steps 4–5: labelReplacementCanonicalizeJsonLd with the disclosed label map.
    super::budget::charge()?;
    let (dataset, issued) = {
        let _span = tracing::info_span!(proof_span::CANONICALIZE_DOCUMENT).entered();
        let dataset = super::skolem::compact_to_deskolemized_nquads(
            "revealed document",
            &document,
            "",
            session,
        )?;
        let (issued, _) = rdfc::issue_identifiers(
            &dataset,
            &RdfcOptions::for_proofs(session.settings()).with_hash(HASH),
        )?;
        (dataset, issued)
    };
    let factory = |issued: &LabelMap| grouping::disclosed_label_map(&derived.label_map, issued);
    let nquads = match grouping::replace_labels(&dataset, &issued, &factory) {
        Ok((nquads, _)) => nquads,
        Err(e) => return Ok(not(e.into_reason())),
    };
    // The label map holds exactly one label per blank node of the revealed document: one missing failed
    // above, one too many fails here (an extra entry would be a second reading of the same proof).
    if derived.label_map.len() != issued.len() {
        return Ok(not(format!(
            "the derived proof's label map has {} entries for the {} blank nodes of the revealed document",
            derived.label_map.len(),
            issued.len()
        )));
    }
    if let Some(&beyond) = derived
        .mandatory_indexes
        .iter()
        .find(|&&i| i >= nquads.len())
    {
        return Ok(not(format!(
            "the derived proof's mandatory index {beyond} is beyond the {} disclosed statements",
            nquads.len()
        )));
    }
    // Steps 6–8.
    let (mut mandatory, mut non_mandatory) = (Vec::new(), Vec::new());
    for (i, statement) in nquads.iter().enumerate() {
        if derived.mandatory_indexes.contains(&i) {
            mandatory.push(statement);
        } else {
            non_mandatory.push(statement);
        }
    }
    let mandatory_hash = {
        let _span = tracing::info_span!(proof_span::HASH_DATA).entered();
        grouping::hash_mandatory_nquads(mandatory.iter().copied())
    };
    let intermediates = Intermediates {
        canonical_document: nquads.concat(),
        canonical_proof_config,
        hash_data: sign_data(&proof_hash, &derived.public_key, &mandatory_hash),
        canonicalizations: canon.runs + 1,
    };
    let with = |verified: bool, reason: Option<String>| Verification {
        verified,
        reason,
        intermediates: Some(intermediates.clone()),
    };
    if derived.signatures.len() != non_mandatory.len() {
        return Ok(with(
            false,
            Some(format!(
                "the derived proof has {} signatures for {} non-mandatory statements",
                derived.signatures.len(),
                non_mandatory.len()
            )),
        ));
    }
    let base_ok = {
        let _span = tracing::info_span!(proof_span::VERIFY).entered();
        issuer_key.verify(&intermediates.hash_data, &derived.base_signature)
    };
    if !base_ok {
        return Ok(with(
            false,
            Some("the base signature does not verify over proofHash ‖ publicKey ‖ mandatoryHash (a changed mandatory statement, proof option or key)".to_string()),
        ));
    }
    let proof_key = derived
        .public_key
        .strip_prefix(&P256_MULTIKEY_HEADER)
        .and_then(|k| PublicKey::from_bytes(SignatureAlgorithm::P256, k).ok());
    let Some(proof_key) = proof_key else {
        return Ok(with(
            false,
            Some("the proof-scoped public key is not a P-256 Multikey".to_string()),
        ));
    };
    // The statements are checked through the issuer key's signature backend.
    let proof_key = proof_key.with_backend(issuer_key.backend())?;
    let _span = tracing::info_span!(proof_span::VERIFY_STATEMENTS).entered();
    let bad = non_mandatory
        .iter()
        .zip(&derived.signatures)
        .position(|(statement, signature)| !proof_key.verify(statement.as_bytes(), signature));
    Ok(match bad {
        None => with(true, None),
        Some(i) => with(
            false,
            Some(format!(
                "the signature of disclosed statement {i} does not verify: {}",
                non_mandatory[i].trim_end()
            )),
        ),
    })
}
