//! bbs-2023 against the W3C vc-di-bbs test vectors (tests/data/di-vectors/vc-di-bbs: the windsurf document at
//! the top level and `prc/`), baseline feature, on both expansion engines: every deterministic intermediate of
//! the base proof byte for byte (canonical document, shuffled HMAC labels, mandatory / non-mandatory split,
//! proof configuration, hashes, the BBS signature and the whole proofValue); the derived proof's group and
//! adjusted indexes, label map, reveal document and presentation header (its BBS proof by verification: ProofGen
//! is randomized); the vectors' derived documents verify; own round trips; two derivations share no 16-byte
//! window of proof bytes; tampered statements, other keys and base proofs do not verify.

use crate::common;
use canonprof::canon::{Session, Settings};
use canonprof::integrity::bbs::{self, proof_value, BaseOptions};
use canonprof::integrity::multikey;
use canonprof::integrity::suites::{self as di, Cryptosuite};
use canonprof::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use serde_json::Value;

use common::ENGINES;

fn json(path: &str) -> Value {
    let path = common::data(&format!("di-vectors/vc-di-bbs/{path}"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn strings(value: &Value) -> Vec<String> {
    serde_json::from_value(value.clone()).unwrap()
}

fn numbers(value: &Value) -> Vec<usize> {
    serde_json::from_value(value.clone()).unwrap()
}

/// (vector folder: "" for the top level, mandatory pointers, selective pointers).
const SETS: [(&str, &str, &str); 2] = [
    ("", "windMandatory.json", "windSelective.json"),
    ("prc/", "prCredMandatory.json", "prCredSelective.json"),
];

fn unsigned(dir: &str) -> Value {
    let mut document = json(&format!("{dir}addSignedSDBase.json"));
    document.as_object_mut().unwrap().remove("proof");
    document
}

fn options(dir: &str) -> Value {
    let mut options = json(&format!("{dir}addProofConfig.json"));
    options.as_object_mut().unwrap().remove("@context");
    options
}

/// The vectors' issuer key (secret, public) and HMAC key.
fn key_material() -> (SecretKey, PublicKey, [u8; 32]) {
    let keys = json("BBSKeyMaterial.json");
    let bytes = |name: &str| hex::decode(keys[name].as_str().unwrap()).unwrap();
    let secret =
        SecretKey::from_bytes(SignatureAlgorithm::Bls12381G2, &bytes("privateKeyHex")).unwrap();
    let public =
        PublicKey::from_bytes(SignatureAlgorithm::Bls12381G2, &bytes("publicKeyHex")).unwrap();
    assert_eq!(secret.public_key(), public);
    (secret, public, bytes("hmacKeyString").try_into().unwrap())
}

fn presentation_header() -> Vec<u8> {
    hex::decode(
        json("BBSDeriveMaterial.json")["presentationHeaderHex"]
            .as_str()
            .unwrap(),
    )
    .unwrap()
}

#[test]
fn the_vectors_key_is_its_did_key() {
    let (_, public, _) = key_material();
    let method = options("")["verificationMethod"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(multikey::did_key_public_key(&method).unwrap(), public);
    assert_eq!(multikey::did_key(&public).1, method);
    let (secret, _, _) = key_material();
    let refused = secret.sign(b"one message").unwrap_err();
    assert!(refused.reason().contains("list of messages"), "{refused}");
}

#[test]
fn base_proof_matches_the_vectors_byte_for_byte() {
    let (secret, _, hmac_key) = key_material();
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        for (dir, mandatory, _) in SETS {
            let mandatory = strings(&json(mandatory));
            let base = BaseOptions {
                mandatory_pointers: mandatory.clone(),
                hmac_key,
            };
            let (proof, i) =
                bbs::create_base_proof(&unsigned(dir), &options(dir), &secret, &base, &session)
                    .unwrap();
            common::assert_base_intermediates(
                &i,
                &|name| common::data(&format!("di-vectors/vc-di-bbs/{dir}{name}")),
                dir,
            );
            let raw = json(&format!("{dir}addRawBaseSignatureInfo.json"));
            let ours = proof_value::parse_base(proof["proofValue"].as_str().unwrap()).unwrap();
            assert_eq!(
                hex::encode(&ours.bbs_signature),
                raw["bbsSignature"],
                "{dir}"
            );
            assert_eq!(
                ours.bbs_header,
                [i.proof_hash, i.mandatory_hash].concat(),
                "{dir}"
            );
            let expected = json(&format!("{dir}addSignedSDBase.json"));
            assert_eq!(
                proof["proofValue"], expected["proof"]["proofValue"],
                "{dir}"
            );
            assert_eq!(proof, expected["proof"], "{dir}");
            assert_eq!(i.canonicalizations, 2, "{dir}");
        }
    }
}

#[test]
fn the_canonical_document_before_hmac_labels_is_the_vectors() {
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        for (dir, _, _) in SETS {
            let expected = strings(&json(&format!("{dir}addBaseDocCanon.json")));
            let canonical = canonprof::canon::rdfc::canonical_form_of_value(
                "vector",
                &unsigned(dir),
                &session,
                &canonprof::canon::rdfc::RdfcOptions::for_proofs(session.settings()),
            )
            .unwrap();
            assert_eq!(canonical, expected.concat(), "{dir}");
        }
    }
}

#[test]
fn derived_proof_matches_the_vectors_and_verifies() {
    let (_, public, _) = key_material();
    let ph = presentation_header();
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        for (dir, _, selective) in SETS {
            let signed = json(&format!("{dir}addSignedSDBase.json"));
            let (revealed, i) =
                bbs::derive_proof(&signed, &strings(&json(selective)), &ph, &session).unwrap();
            let groups = json(&format!("{dir}derivedGroupIndexes.json"));
            let adjusted = json(&format!("{dir}derivedAdjIndexes.json"));
            for (ours, theirs) in [
                (&i.groups.mandatory, &groups["mandatoryIndexes"]),
                (&i.groups.non_mandatory, &groups["nonMandatoryIndexes"]),
                (&i.groups.selective, &groups["selectiveIndexes"]),
                (&i.groups.combined, &groups["combinedIndexes"]),
                (&i.value.mandatory_indexes, &adjusted["adjMandatoryIndexes"]),
                (&i.value.selective_indexes, &adjusted["adjSelectiveIndexes"]),
            ] {
                assert_eq!(ours, &numbers(theirs), "{dir}");
            }
            let disclosure = json(&format!("{dir}derivedDisclosureData.json"));
            let label_map: Vec<(String, String)> =
                serde_json::from_value(disclosure["labelMap"]["value"].clone()).unwrap();
            assert_eq!(i.value.label_map, label_map.into_iter().collect(), "{dir}");
            assert_eq!(
                i.value.mandatory_indexes,
                numbers(&disclosure["mandatoryIndexes"]),
                "{dir}"
            );
            assert_eq!(
                i.value.selective_indexes,
                numbers(&disclosure["adjSelectiveIndexes"]),
                "{dir}"
            );
            assert_eq!(i.value.presentation_header, ph);
            // The BBS proof is randomized: same length as the vector's, and it verifies.
            let theirs = hex::decode(disclosure["bbsProof"].as_str().unwrap()).unwrap();
            assert_eq!(i.value.bbs_proof.len(), theirs.len(), "{dir}");
            assert_ne!(i.value.bbs_proof, theirs, "{dir}");
            let mut expected = json(&format!("{dir}derivedRevealDocument.json"));
            let mut ours = revealed.clone();
            for doc in [&mut expected, &mut ours] {
                doc["proof"].as_object_mut().unwrap().remove("proofValue");
            }
            assert_eq!(
                ours, expected,
                "{dir}: the reveal document and proof options"
            );
            assert_eq!(i.canonicalizations, 2, "{dir}");
            for key in [Some(&public), None] {
                let v = bbs::verify_derived_proof(&revealed, key, &session).unwrap();
                assert!(v.verified, "{dir}: {:?}", v.reason);
            }
        }
    }
}

#[test]
fn the_vectors_derived_documents_verify_and_tampered_ones_do_not() {
    let (_, public, _) = key_material();
    let other = SecretKey::from_seed(SignatureAlgorithm::Bls12381G2, 7).public_key();
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        for (dir, _, _) in SETS {
            let revealed = json(&format!("{dir}derivedRevealDocument.json"));
            let v = di::verify_proof(&revealed, None, &session).unwrap();
            assert!(v.verified, "{dir}: {:?}", v.reason);
            let i = v.intermediates.unwrap();
            assert_eq!(i.canonicalizations, 2);
            let hashes = json(&format!("{dir}addHashData.json"));
            assert_eq!(
                hex::encode(&i.hash_data),
                format!(
                    "{}{}",
                    hashes["proofHash"].as_str().unwrap(),
                    hashes["mandatoryHash"].as_str().unwrap()
                ),
                "{dir}"
            );
            let derived =
                proof_value::parse_derived(revealed["proof"]["proofValue"].as_str().unwrap())
                    .unwrap();
            let disclosure = json(&format!("{dir}derivedDisclosureData.json"));
            assert_eq!(
                hex::encode(&derived.bbs_proof),
                disclosure["bbsProof"],
                "{dir}"
            );
            assert_eq!(derived.presentation_header, presentation_header());
            // prc/ also has the verifier's side: createVerifyData's statements and the parsed proof value.
            if dir == "prc/" {
                let nquads = strings(&json("prc/verifyNQuads.json"));
                assert_eq!(i.canonical_document, nquads.concat());
                let parsed = json("prc/verifyDerivedProofValue.json");
                assert_eq!(hex::encode(&derived.bbs_proof), parsed["bbsProof"]);
                let label_map: Vec<(String, String)> =
                    serde_json::from_value(parsed["labelMap"].clone()).unwrap();
                assert_eq!(derived.label_map, label_map.into_iter().collect());
                assert_eq!(
                    derived.mandatory_indexes,
                    numbers(&parsed["mandatoryIndexes"])
                );
                assert_eq!(
                    derived.selective_indexes,
                    numbers(&parsed["adjSelectedIndexes"])
                );
            }
            assert!(
                !bbs::verify_derived_proof(&revealed, Some(&other), &session)
                    .unwrap()
                    .verified
            );
            // A changed disclosed value.
            let mut tampered = revealed.clone();
            let text = serde_json::to_string(&tampered).unwrap();
            let changed = text
                .replacen("Lahaina", "Lahainb", 1)
                .replacen("Arcadia", "Arcadib", 1);
            assert_ne!(changed, text, "{dir}");
            tampered = serde_json::from_str(&changed).unwrap();
            let v = bbs::verify_derived_proof(&tampered, Some(&public), &session).unwrap();
            assert!(!v.verified, "{dir}");
            // A changed proof option.
            let mut tampered = revealed.clone();
            tampered["proof"]["created"] = Value::from("2024-01-01T00:00:00Z");
            assert!(
                !bbs::verify_derived_proof(&tampered, Some(&public), &session)
                    .unwrap()
                    .verified
            );
            // The base proof is not a derived proof.
            let base = json(&format!("{dir}addSignedSDBase.json"));
            let v = bbs::verify_derived_proof(&base, Some(&public), &session).unwrap();
            assert!(!v.verified);
            assert!(v.reason.unwrap().contains("base proof"), "{dir}");
        }
    }
}

/// Every 16-byte window of `a` that also occurs in `b`.
fn shared_window(a: &[u8], b: &[u8]) -> Option<usize> {
    let windows: std::collections::HashSet<&[u8]> = b.windows(16).collect();
    a.windows(16).position(|w| windows.contains(w))
}

#[test]
fn own_round_trips_are_unlinkable_and_tampering_fails() {
    let key = SecretKey::from_seed(SignatureAlgorithm::Bls12381G2, 2026);
    let public = key.public_key();
    let (_, method) = multikey::did_key(&public);
    assert!(method.starts_with("did:key:zUC7"), "{method}");
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        let mut opts = options("");
        opts["verificationMethod"] = Value::from(method.clone());
        let base = BaseOptions::from_seed(strings(&json("windMandatory.json")), 5);
        let (proof, _) =
            bbs::create_base_proof(&unsigned(""), &opts, &key, &base, &session).unwrap();
        let mut signed = unsigned("");
        signed["proof"] = proof;
        let selective = strings(&json("windSelective.json"));
        let (a, ia) = bbs::derive_proof(&signed, &selective, b"verifier one", &session).unwrap();
        let (b, ib) = bbs::derive_proof(&signed, &selective, b"verifier one", &session).unwrap();
        for revealed in [&a, &b] {
            let v = di::verify_proof(revealed, None, &session).unwrap();
            assert!(v.verified, "{:?}", v.reason);
        }
        // Same disclosure, same reveal document, proofs with no 16 bytes in common.
        assert_eq!(ia.value.label_map, ib.value.label_map);
        let (pa, pb) = (
            a["proof"]["proofValue"].as_str().unwrap(),
            b["proof"]["proofValue"].as_str().unwrap(),
        );
        assert_eq!(
            shared_window(&ia.value.bbs_proof, &ib.value.bbs_proof),
            None
        );
        assert_ne!(pa, pb);
        // A proof bound to another presentation header does not verify under this one.
        let mut swapped = a.clone();
        let mut value = proof_value::parse_derived(pa).unwrap();
        value.presentation_header = b"verifier two".to_vec();
        swapped["proof"]["proofValue"] =
            Value::from(proof_value::serialize_derived(&value).unwrap());
        assert!(
            !bbs::verify_derived_proof(&swapped, None, &session)
                .unwrap()
                .verified
        );
        // Another key.
        let other = SecretKey::from_seed(SignatureAlgorithm::Bls12381G2, 7).public_key();
        assert!(
            !bbs::verify_derived_proof(&a, Some(&other), &session)
                .unwrap()
                .verified
        );
        // A P-256 key is refused as the issuer's.
        let p256 = SecretKey::from_seed(SignatureAlgorithm::P256, 1).public_key();
        assert!(
            !bbs::verify_derived_proof(&a, Some(&p256), &session)
                .unwrap()
                .verified
        );
    }
}

#[test]
fn the_suite_is_a_row() {
    let suite = Cryptosuite::from_name("bbs-2023").unwrap();
    assert_eq!(suite, Cryptosuite::Bbs2023);
    assert!(suite.is_selective());
    assert_eq!(suite.key_algorithm(false), SignatureAlgorithm::Bls12381G2);
    assert!(!suite.is_jcs());
}
