//! The EdDSA Data Integrity cryptosuites against the W3C vc-di-eddsa test vectors (tests/data/di-vectors, see
//! its SOURCES.md): canonical document, canonical proof configuration, hashes and the (deterministic Ed25519)
//! proof value byte for byte; the signed vectors verify; tampered ones do not; case 019.

mod common;

use canonprof::integrity::eddsa::{self, Cryptosuite};
use canonprof::integrity::multikey;
use canonprof::loader::OfflineLoader;
use serde_json::Value;

fn read(path: &str) -> String {
    std::fs::read_to_string(common::data(&format!("di-vectors/vc-di-eddsa/{path}"))).unwrap()
}

fn json(path: &str) -> Value {
    serde_json::from_str(&read(path)).unwrap()
}

fn keys() -> (ed25519_dalek::SigningKey, ed25519_dalek::VerifyingKey) {
    let pair = json("keyPair.json");
    let signing = multikey::signing_key(pair["privateKeyMultibase"].as_str().unwrap()).unwrap();
    let public = multikey::public_key(pair["publicKeyMultibase"].as_str().unwrap()).unwrap();
    assert_eq!(
        signing.verifying_key(),
        public,
        "the vector key pair belongs together"
    );
    (signing, public)
}

fn sha256_hex(text: &str) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(text.as_bytes()))
}

/// (suite, folder, file suffix) of the two suites' vectors.
const SUITES: [(Cryptosuite, &str, &str); 2] = [
    (Cryptosuite::Rdfc2022, "eddsa-rdfc-2022", "DataInt"),
    (Cryptosuite::Jcs2022, "eddsa-jcs-2022", "JCS"),
];

#[test]
fn create_proof_matches_the_vectors_byte_for_byte() {
    let loader = OfflineLoader::bundled();
    let (signing, _) = keys();
    let unsigned = json("unsigned.json");
    for (suite, dir, sfx) in SUITES {
        // The vector's proof configuration is the options plus the document's @context; a caller passes options.
        let mut options = json(&format!("{dir}/proofConfig{sfx}.json"));
        options.as_object_mut().unwrap().remove("@context");
        let (proof, i) =
            eddsa::create_proof(suite, &unsigned, &options, &signing, &loader).unwrap();
        assert_eq!(
            i.canonical_document.trim_end(),
            read(&format!("{dir}/canonDoc{sfx}.txt")).trim_end(),
            "{dir} canonical document"
        );
        assert_eq!(
            i.canonical_proof_config.trim_end(),
            read(&format!("{dir}/proofCanon{sfx}.txt")).trim_end(),
            "{dir} proof config"
        );
        assert_eq!(
            sha256_hex(&i.canonical_document),
            read(&format!("{dir}/docHash{sfx}.txt")).trim(),
            "{dir} document hash"
        );
        assert_eq!(
            sha256_hex(&i.canonical_proof_config),
            read(&format!("{dir}/proofHash{sfx}.txt")).trim(),
            "{dir} proof hash"
        );
        assert_eq!(
            hex::encode(&i.hash_data),
            read(&format!("{dir}/combinedHash{sfx}.txt")).trim(),
            "{dir} hashData"
        );
        let proof_value = proof["proofValue"].as_str().unwrap();
        assert_eq!(
            proof_value,
            read(&format!("{dir}/sigBTC58{sfx}.txt")).trim(),
            "{dir} proofValue"
        );
        assert_eq!(
            hex::encode(multikey::decode_base58btc(proof_value).unwrap()),
            read(&format!("{dir}/sigHex{sfx}.txt")).trim()
        );
        assert_eq!(
            i.canonicalizations, 2,
            "the document and the proof configuration"
        );
        let signed = json(&format!("{dir}/signed{sfx}.json"));
        assert_eq!(proof, signed["proof"], "{dir} proof");
    }
}

#[test]
fn signed_vectors_verify_and_tampered_ones_do_not() {
    let loader = OfflineLoader::bundled();
    let (_, public) = keys();
    for (_, dir, sfx) in SUITES {
        let signed = json(&format!("{dir}/signed{sfx}.json"));
        // The key resolved offline from the did:key verification method, and the key given explicitly.
        for key in [None, Some(&public)] {
            let v = eddsa::verify_proof(&signed, key, &loader).unwrap();
            assert!(v.verified, "{dir}: {:?}", v.reason);
            assert_eq!(v.intermediates.unwrap().canonicalizations, 2);
        }
        let mut claim = signed.clone();
        claim["credentialSubject"]["alumniOf"] = Value::from("The School of Forgery");
        let mut option = signed.clone();
        option["proof"]["created"] = Value::from("2023-02-24T23:36:39Z");
        let other_key = ed25519_dalek::SigningKey::from_bytes(&[7; 32]).verifying_key();
        for (what, doc, key) in [
            ("claim", &claim, None),
            ("proof option", &option, None),
            ("key", &signed, Some(&other_key)),
        ] {
            let v = eddsa::verify_proof(doc, key, &loader).unwrap();
            assert!(!v.verified, "{dir}: tampered {what} must not verify");
            assert!(
                v.reason.is_some_and(|r| r.contains("signature")),
                "{dir} {what}"
            );
        }
        let mut suite = signed.clone();
        suite["proof"]["cryptosuite"] = Value::from("ecdsa-rdfc-2019");
        assert!(
            eddsa::verify_proof(&suite, None, &loader).is_err(),
            "an unsupported cryptosuite is an error"
        );
    }
}

#[test]
fn case_019_jcs_proof_context_and_hash_order() {
    let loader = OfflineLoader::bundled();
    let secured: Value = serde_json::from_str(
        r#"{"@context":["https://www.w3.org/ns/credentials/v2",{"@vocab":"https://vocab.example/"}],
 "type":["VerifiableCredential"],"issuer":"did:example:issuer1","validFrom":"2024-05-01T00:00:00Z",
 "credentialSubject":{"id":"did:example:subj9","score":1.50,"nick":"\ud83d\ude00","rank":1e21},
 "proof":{"type":"DataIntegrityProof","cryptosuite":"eddsa-jcs-2022","created":"2024-05-01T00:00:00Z",
          "verificationMethod":"did:example:issuer1#key-1","proofPurpose":"assertionMethod",
          "@context":["https://www.w3.org/ns/credentials/v2",{"@vocab":"https://vocab.example/"}],
          "proofValue":"z3u2en7t5LR2WtQH5PfFqMqwVHBeXouLzo6haApm8XHqvjxq"}}"#,
    )
    .unwrap();
    let (_, public) = keys();
    let v = eddsa::verify_proof(&secured, Some(&public), &loader).unwrap();
    let i = v.intermediates.expect("got as far as hashing");
    assert_eq!(
        i.canonical_proof_config,
        r#"{"@context":["https://www.w3.org/ns/credentials/v2",{"@vocab":"https://vocab.example/"}],"created":"2024-05-01T00:00:00Z","cryptosuite":"eddsa-jcs-2022","proofPurpose":"assertionMethod","type":"DataIntegrityProof","verificationMethod":"did:example:issuer1#key-1"}"#
    );
    assert_eq!(
        i.canonical_document,
        "{\"@context\":[\"https://www.w3.org/ns/credentials/v2\",{\"@vocab\":\"https://vocab.example/\"}],\"credentialSubject\":{\"id\":\"did:example:subj9\",\"nick\":\"\u{1F600}\",\"rank\":1e+21,\"score\":1.5},\"issuer\":\"did:example:issuer1\",\"type\":[\"VerifiableCredential\"],\"validFrom\":\"2024-05-01T00:00:00Z\"}"
    );
    assert_eq!(
        hex::encode(&i.hash_data),
        "aa956fc9dfdb74c0566639d06b6f07901590db23bc6c9e1765e255309beb5b7dfcd1b6b32b18e64e036f8aadaee668cca9768930eb25b3d46b4f6a9abf76306e"
    );
    assert!(!v.verified, "the placeholder proofValue is no signature");
    // The document's @context must start with the proof's: reordered, it is refused before any signature check.
    let mut reordered = secured.clone();
    reordered["@context"] = serde_json::json!([{"@vocab":"https://vocab.example/"},"https://www.w3.org/ns/credentials/v2"]);
    let v = eddsa::verify_proof(&reordered, Some(&public), &loader).unwrap();
    assert!(!v.verified && v.intermediates.is_none(), "{:?}", v.reason);
    assert!(v.reason.unwrap().contains("@context"));
}
