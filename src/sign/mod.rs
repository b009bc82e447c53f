//! `canonprof sign`'s library: adds a VC Data Integrity proof to a credential (VC Data Integrity 1.0 §4.2 Add
//! Proof, through each cryptosuite's own Create Proof: [`suites::create_proof`], or
//! [`ecdsa_sd::create_base_proof`] for an ecdsa-sd-2023 base proof, [`bbs::create_base_proof`] for a bbs-2023 one), or issues the credential's subject claims as
//! an SD-JWT VC (RFC 9901, SD-JWT VC). Secret key files are [`key_file`]'s.

mod formats;
mod job;
pub(crate) mod key_file;

pub(crate) use formats::{issue_mdoc, issue_sd_jwt, IssueRequest};
pub(crate) use job::{generate_key, run, Plan, Target};

use crate::canon::Session;
use crate::error::{Error, ErrorKind, Result};
use crate::integrity::bbs;
use crate::integrity::cryptosuite::ProofAlgorithm;
use crate::integrity::ecdsa_sd::{self, BaseOptions};
use crate::integrity::multikey;
use crate::integrity::suites::{self, Cryptosuite};
use crate::keys::{SecretKey, SignatureAlgorithm};
use serde_json::Value;

/// What a new Data Integrity proof says besides its signature.
#[derive(Debug, Clone)]
pub(crate) struct ProofRequest<'a> {
    /// Its cryptosuite.
    pub suite: Cryptosuite,
    /// The signing key; it must fit the suite ([`check_key_fits`]).
    pub key: &'a SecretKey,
    /// Its `verificationMethod`.
    pub verification_method: String,
    /// Its `created` (an xsd:dateTime).
    pub created: String,
    /// ecdsa-sd-2023 and bbs-2023: the JSON pointers (RFC 6901) every presentation must disclose.
    pub mandatory_pointers: Vec<String>,
    /// ecdsa-sd-2023 and bbs-2023: the seed of the HMAC key (and ecdsa-sd-2023's proof-scoped key); `None` draws
    /// them from the OS.
    pub seed: Option<u64>,
}

/// A ChaCha20 RNG seeded from the operating system. Errors: [`ErrorKind::Internal`] if the OS gives no
/// randomness.
pub(crate) fn os_rng() -> Result<rand_chacha::ChaCha20Rng> {
    use rand_core::SeedableRng;
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| {
        Error::new(
            ErrorKind::Internal,
            format!("the operating system gave no randomness: {e}"),
        )
    })?;
    Ok(rand_chacha::ChaCha20Rng::from_seed(seed))
}

/// The RNG of `seed` (reproducible) or the operating system's.
fn rng(seed: Option<u64>) -> Result<rand_chacha::ChaCha20Rng> {
    use rand_core::SeedableRng;
    match seed {
        Some(seed) => Ok(rand_chacha::ChaCha20Rng::seed_from_u64(seed)),
        None => os_rng(),
    }
}

/// Checks that `suite` signs with `key`'s algorithm (its row's keys): Ed25519 for eddsa-rdfc-2022 and eddsa-jcs-2022 (VC DI
/// EdDSA §2.1), P-256 or P-384 for ecdsa-rdfc-2019 and ecdsa-jcs-2019, P-256 for ecdsa-sd-2023 (VC DI ECDSA
/// §2.1, §3.6). Errors: [`ErrorKind::Usage`] naming both.
pub(crate) fn check_key_fits(suite: Cryptosuite, key: &SecretKey) -> Result<()> {
    let algorithm = key.algorithm();
    if suite.key_hash(algorithm).is_some() {
        return Ok(());
    }
    let needs = suite.spec().keys_in_words;
    Err(Error::new(
        ErrorKind::Usage,
        format!(
            "--cryptosuite {} needs {needs}, and --key is {}",
            suite.name(),
            algorithm.name()
        ),
    ))
}

/// The key's `did:key` verification method (`did:key:z…#z…`).
pub(crate) fn did_key_method(key: &SecretKey) -> String {
    multikey::did_key(&key.public_key()).1
}

/// VC Data Integrity §4.2 Add Proof: `document` with a new proof of `request`. The proof secures the document
/// without its `proof` member; an existing proof (an object or an array of them) is kept and the new one joins
/// it in a proof set (§2.1.2: each proof of a set signs the document without the others, so they verify
/// independently, in any order). A document with no proof whose contexts do not define the proof's terms gets
/// the Data Integrity context appended ([`suites::with_suite_context`]); one with a proof keeps its contexts,
/// which the existing proof signed. Every `@context` URL must be one the session has, JCS suites included.
/// `proofPurpose` is `authentication` for a VerifiablePresentation, `assertionMethod` otherwise. Errors:
/// [`ErrorKind::Usage`] for a key that does not fit the suite, [`ErrorKind::Credential`] for a document that is
/// not an object or whose `proof` is neither an object nor an array of objects, the session's
/// [`ErrorKind::UnknownContext`], and what creating the proof reports (canonicalization, a mandatory pointer
/// that selects nothing).
pub(crate) fn add_proof(
    document: &Value,
    request: &ProofRequest,
    session: &Session,
) -> Result<Value> {
    check_key_fits(request.suite, request.key)?;
    let object = document
        .as_object()
        .ok_or_else(|| Error::new(ErrorKind::Credential, "the credential is not a JSON object"))?;
    check_contexts(document, "", session)?;
    let mut unsecured = object.clone();
    let existing = unsecured.remove("proof");
    let existing = match existing {
        None => None,
        Some(Value::Object(proof)) => Some(vec![Value::Object(proof)]),
        Some(Value::Array(proofs)) if proofs.iter().all(Value::is_object) => Some(proofs),
        Some(_) => {
            return Err(Error::new(
                ErrorKind::Credential,
                "`proof` is neither a proof object nor an array of them",
            )
            .at("/proof"))
        }
    };
    let mut unsecured = Value::Object(unsecured);
    if existing.is_none() && !defines_proof_terms(&unsecured) {
        unsecured = suites::with_suite_context(&unsecured);
    }
    let purpose = crate::integrity::verifier::proof_purpose(&unsecured);
    let options = serde_json::json!({
        "type": "DataIntegrityProof",
        "cryptosuite": request.suite.name(),
        "created": request.created,
        "verificationMethod": request.verification_method,
        "proofPurpose": purpose,
    });
    let proof = match request.suite.spec().algorithm {
        ProofAlgorithm::EcdsaSelectiveDisclosure => {
            let base = match request.seed {
                Some(seed) => BaseOptions::from_seed(request.mandatory_pointers.clone(), seed),
                None => {
                    use rand_core::Rng;
                    let mut rng = os_rng()?;
                    let mut hmac_key = [0u8; 32];
                    rng.fill_bytes(&mut hmac_key);
                    BaseOptions {
                        mandatory_pointers: request.mandatory_pointers.clone(),
                        hmac_key,
                        proof_key: SecretKey::from_rng(SignatureAlgorithm::P256, &mut rng),
                    }
                }
            };
            ecdsa_sd::create_base_proof(&unsecured, &options, request.key, &base, session)?.0
        }
        ProofAlgorithm::BbsSelectiveDisclosure => {
            let base = match request.seed {
                Some(seed) => bbs::BaseOptions::from_seed(request.mandatory_pointers.clone(), seed),
                None => {
                    use rand_core::Rng;
                    let mut hmac_key = [0u8; 32];
                    os_rng()?.fill_bytes(&mut hmac_key);
                    bbs::BaseOptions {
                        mandatory_pointers: request.mandatory_pointers.clone(),
                        hmac_key,
                    }
                }
            };
            bbs::create_base_proof(&unsecured, &options, request.key, &base, session)?.0
        }
        ProofAlgorithm::SignHashData => {
            suites::create_proof(request.suite, &unsecured, &options, request.key, session)?.0
        }
    };
    let mut secured = unsecured.as_object().cloned().unwrap_or_default();
    let proof = match existing {
        None => proof,
        Some(mut proofs) => {
            proofs.push(proof);
            Value::Array(proofs)
        }
    };
    secured.insert("proof".into(), proof);
    Ok(Value::Object(secured))
}

/// Whether the document's contexts define the Data Integrity proof terms: the VC 2.0 context (which includes
/// them) or the Data Integrity context itself is among them.
fn defines_proof_terms(document: &Value) -> bool {
    let defines = |c: &Value| {
        c.as_str().is_some_and(|c| {
            c == suites::DATA_INTEGRITY_V2 || c == "https://www.w3.org/ns/credentials/v2"
        })
    };
    match document.get("@context") {
        Some(Value::Array(items)) => items.iter().any(defines),
        Some(context) => defines(context),
        None => false,
    }
}

/// Checks every `@context` and `@import` URL in `value` (at any depth: embedded and scoped contexts too) against
/// the session, so that a JCS suite, which never expands the document, refuses what an RDFC-1.0 suite would.
/// Errors: the loader's [`ErrorKind::UnknownContext`], at the JSON pointer of the URL.
fn check_contexts(value: &Value, pointer: &str, session: &Session) -> Result<()> {
    match value {
        Value::Object(map) => {
            for (key, member) in map {
                let here = format!("{pointer}/{}", crate::document::pointer_token(key));
                if key == "@context" || key == "@import" {
                    let urls: Vec<(String, &str)> = match member {
                        Value::String(url) => vec![(here.clone(), url.as_str())],
                        Value::Array(items) => items
                            .iter()
                            .enumerate()
                            .filter_map(|(i, c)| c.as_str().map(|u| (format!("{here}/{i}"), u)))
                            .collect(),
                        _ => Vec::new(),
                    };
                    for (at, url) in urls {
                        session.loader().get(url).map_err(|e| e.at(at))?;
                    }
                }
                check_contexts(member, &here, session)?;
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                check_contexts(item, &format!("{pointer}/{i}"), session)?;
            }
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::Settings;

    fn request(key: &SecretKey, suite: Cryptosuite) -> ProofRequest<'_> {
        ProofRequest {
            suite,
            key,
            verification_method: did_key_method(key),
            created: "2025-01-01T00:00:00Z".into(),
            mandatory_pointers: Vec::new(),
            seed: Some(1),
        }
    }

    /// A presentation's proof is for authentication; a `proof` that is not proofs is refused at its pointer;
    /// an existing proof array grows by one, the old proofs unchanged.
    #[test]
    fn proof_purpose_and_proof_sets() {
        let session = Session::bundled(Settings::default());
        let key = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 1);
        let presentation = serde_json::json!({
            "@context": ["https://www.w3.org/ns/credentials/v2"],
            "type": ["VerifiablePresentation"],
            "holder": "did:example:holder"
        });
        let suite = Cryptosuite::EddsaJcs2022;
        let signed = add_proof(&presentation, &request(&key, suite), &session).unwrap();
        assert_eq!(signed["proof"]["proofPurpose"], "authentication");
        let twice = add_proof(&signed, &request(&key, suite), &session).unwrap();
        let thrice = add_proof(&twice, &request(&key, suite), &session).unwrap();
        let proofs = thrice["proof"].as_array().unwrap();
        assert_eq!(proofs.len(), 3);
        assert_eq!(proofs[0], signed["proof"]);
        assert_eq!(proofs[..2], twice["proof"].as_array().unwrap()[..]);
        for bad in [serde_json::json!("z123"), serde_json::json!([{}, 5])] {
            let mut document = presentation.clone();
            document["proof"] = bad;
            let e = add_proof(&document, &request(&key, suite), &session).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Credential);
            assert_eq!(e.position(), Some("/proof"));
        }
        let p384 = SecretKey::from_seed(SignatureAlgorithm::P384, 1);
        let e = add_proof(
            &presentation,
            &request(&p384, Cryptosuite::EcdsaSd2023),
            &session,
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Usage);
    }

    /// Every context URL the document names, wherever it is, must be one the session has: a JCS suite refuses
    /// what an RDFC-1.0 suite would, at the URL's pointer.
    #[test]
    fn unknown_context_urls_are_refused_at_any_depth() {
        let session = Session::bundled(Settings::default());
        let key = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 1);
        let v2 = "https://www.w3.org/ns/credentials/v2";
        let unknown = "https://unknown.example/context";
        let documents = [
            (
                serde_json::json!({"@context": [v2, unknown]}),
                "/@context/1",
            ),
            (serde_json::json!({"@context": unknown}), "/@context"),
            (
                serde_json::json!({"@context": [v2, {"@import": unknown}]}),
                "/@context/1/@import",
            ),
            (
                serde_json::json!({"@context": [v2, {"T": {"@id": "urn:t", "@context": unknown}}]}),
                "/@context/1/T/@context",
            ),
            (
                serde_json::json!({"@context": v2, "credentialSubject": [{}, {"@context": [unknown]}]}),
                "/credentialSubject/1/@context/0",
            ),
        ];
        for suite in [Cryptosuite::EddsaJcs2022, Cryptosuite::EddsaRdfc2022] {
            for (document, pointer) in &documents {
                let e = add_proof(document, &request(&key, suite), &session).unwrap_err();
                assert_eq!(e.kind(), ErrorKind::UnknownContext, "{document}");
                assert_eq!(e.position(), Some(*pointer), "{document}");
            }
        }
    }
}
