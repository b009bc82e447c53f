//! The Data Integrity cryptosuites against the W3C vc-di-eddsa and vc-di-ecdsa test vectors
//! (tests/data/di-vectors, see its SOURCES.md): canonical document, canonical proof configuration, hashes and the
//! proof value (deterministic Ed25519; ECDSA with RFC 6979 nonces) byte for byte; the signed vectors verify;
//! tampered claims, proof options and keys do not; case 019.

use crate::common;
use canonprof::canon::{Session, Settings};
use canonprof::integrity::multikey;
use canonprof::integrity::suites::{self as di, Cryptosuite};
use canonprof::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use serde_json::Value;

fn read(path: &str) -> String {
    std::fs::read_to_string(common::data(&format!("di-vectors/{path}"))).unwrap()
}

fn json(path: &str) -> Value {
    serde_json::from_str(&read(path)).unwrap()
}

/// The key pair in `file` (`privateKeyMultibase` or `secretKeyMultibase`).
fn keys(file: &str) -> (SecretKey, PublicKey) {
    let pair = json(file);
    let secret = pair
        .get("privateKeyMultibase")
        .or(pair.get("secretKeyMultibase"))
        .unwrap()
        .as_str()
        .unwrap();
    let secret = multikey::secret_key(secret).unwrap();
    let public = multikey::public_key(pair["publicKeyMultibase"].as_str().unwrap()).unwrap();
    assert_eq!(
        secret.public_key(),
        public,
        "{file}: the vector key pair belongs together"
    );
    (secret, public)
}

fn hex_hash(text: &str, sha384: bool) -> String {
    use sha2::Digest;
    if sha384 {
        hex::encode(sha2::Sha384::digest(text.as_bytes()))
    } else {
        hex::encode(sha2::Sha256::digest(text.as_bytes()))
    }
}

/// (suite, vector folder, file suffix, key pair file, SHA-384?) of every vector set.
const VECTORS: [(Cryptosuite, &str, &str, &str, bool); 6] = [
    (
        Cryptosuite::EddsaRdfc2022,
        "vc-di-eddsa/eddsa-rdfc-2022",
        "DataInt",
        "vc-di-eddsa/keyPair.json",
        false,
    ),
    (
        Cryptosuite::EddsaJcs2022,
        "vc-di-eddsa/eddsa-jcs-2022",
        "JCS",
        "vc-di-eddsa/keyPair.json",
        false,
    ),
    (
        Cryptosuite::EcdsaRdfc2019,
        "vc-di-ecdsa/ecdsa-rdfc-2019-p256",
        "ECDSAP256",
        "vc-di-ecdsa/p256KeyPair.json",
        false,
    ),
    (
        Cryptosuite::EcdsaRdfc2019,
        "vc-di-ecdsa/ecdsa-rdfc-2019-p384",
        "ECDSAP384",
        "vc-di-ecdsa/p384KeyPair.json",
        true,
    ),
    (
        Cryptosuite::EcdsaJcs2019,
        "vc-di-ecdsa/ecdsa-jcs-2019-p256",
        "JCSECDSAP256",
        "vc-di-ecdsa/p256KeyPair.json",
        false,
    ),
    (
        Cryptosuite::EcdsaJcs2019,
        "vc-di-ecdsa/ecdsa-jcs-2019-p384",
        "JCSECDSAP384",
        "vc-di-ecdsa/p384KeyPair.json",
        true,
    ),
];

#[test]
fn create_proof_matches_the_vectors_byte_for_byte() {
    let session = Session::bundled(Settings::default());
    let unsigned = json("vc-di-eddsa/unsigned.json");
    for (suite, dir, sfx, key_file, sha384) in VECTORS {
        let (secret, _) = keys(key_file);
        // The vector's proof configuration is the options plus the document's @context; a caller passes options.
        let mut options = json(&format!("{dir}/proofConfig{sfx}.json"));
        options.as_object_mut().unwrap().remove("@context");
        let (proof, i) = di::create_proof(suite, &unsigned, &options, &secret, &session).unwrap();
        let file = |name: &str| read(&format!("{dir}/{name}{sfx}.txt"));
        assert_eq!(
            i.canonical_document.trim_end(),
            file("canonDoc").trim_end(),
            "{dir} canonical document"
        );
        assert_eq!(
            i.canonical_proof_config.trim_end(),
            file("proofCanon").trim_end(),
            "{dir} proof configuration"
        );
        assert_eq!(
            hex_hash(&i.canonical_document, sha384),
            file("docHash").trim(),
            "{dir} document hash"
        );
        assert_eq!(
            hex_hash(&i.canonical_proof_config, sha384),
            file("proofHash").trim(),
            "{dir} proof hash"
        );
        assert_eq!(
            hex::encode(&i.hash_data),
            file("combinedHash").trim(),
            "{dir} hashData"
        );
        let proof_value = proof["proofValue"].as_str().unwrap();
        assert_eq!(proof_value, file("sigBTC58").trim(), "{dir} proofValue");
        assert_eq!(
            hex::encode(multikey::decode_base58btc(proof_value).unwrap()),
            file("sigHex").trim(),
            "{dir} signature"
        );
        assert_eq!(
            i.canonicalizations, 2,
            "the document and the proof configuration"
        );
        assert_eq!(
            proof,
            json(&format!("{dir}/signed{sfx}.json"))["proof"],
            "{dir} proof"
        );
    }
}

#[test]
fn signed_vectors_verify_and_tampered_ones_do_not() {
    let session = Session::bundled(Settings::default());
    for (_, dir, sfx, key_file, _) in VECTORS {
        let (_, public) = keys(key_file);
        let signed = json(&format!("{dir}/signed{sfx}.json"));
        // The key resolved offline from the did:key verification method, and the key given explicitly.
        for key in [None, Some(&public)] {
            let v = di::verify_proof(&signed, key, &session).unwrap();
            assert!(v.verified, "{dir}: {:?}", v.reason);
            assert_eq!(v.intermediates.unwrap().canonicalizations, 2);
        }
        let mut claim = signed.clone();
        claim["credentialSubject"]["alumniOf"] = Value::from("The School of Forgery");
        let mut option = signed.clone();
        option["proof"]["created"] = Value::from("2023-02-24T23:36:39Z");
        let length = match public.algorithm() {
            SignatureAlgorithm::P384 => 48,
            _ => 32,
        };
        let other = SecretKey::from_bytes(public.algorithm(), &vec![7; length])
            .unwrap()
            .public_key();
        for (what, doc, key) in [
            ("claim", &claim, None),
            ("proof option", &option, None),
            ("key", &signed, Some(&other)),
        ] {
            let v = di::verify_proof(doc, key, &session).unwrap();
            assert!(!v.verified, "{dir}: tampered {what} must not verify");
            assert!(
                v.reason.is_some_and(|r| r.contains("signature")),
                "{dir} {what}"
            );
        }
        let mut suite = signed.clone();
        suite["proof"]["cryptosuite"] = Value::from("nonesuch-2099");
        assert!(
            di::verify_proof(&suite, None, &session).is_err(),
            "an unsupported cryptosuite is an error"
        );
    }
}

#[test]
fn case_019_jcs_proof_context_and_hash_order() {
    let session = Session::bundled(Settings::default());
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
    let (_, public) = keys("vc-di-eddsa/keyPair.json");
    let v = di::verify_proof(&secured, Some(&public), &session).unwrap();
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
    let v = di::verify_proof(&reordered, Some(&public), &session).unwrap();
    assert!(!v.verified && v.intermediates.is_none(), "{:?}", v.reason);
    assert!(v.reason.unwrap().contains("@context"));
}

#[test]
fn case_020_rdfc_proof_configuration_and_created_validation() {
    let session = Session::bundled(Settings::default());
    let unsecured: Value = serde_json::json!({"@context": "https://www.w3.org/ns/credentials/v2",
        "type": "VerifiableCredential", "issuer": "did:example:issuer1",
        "credentialSubject": {"id": "did:example:subject"}});
    let options = serde_json::json!({"type": "DataIntegrityProof", "cryptosuite": "eddsa-rdfc-2022",
        "created": "2024-05-01T00:00:00Z", "verificationMethod": "did:example:issuer1#key-1",
        "proofPurpose": "assertionMethod"});
    let (secret, _) = keys("vc-di-eddsa/keyPair.json");
    let (_, i) = di::create_proof(
        Cryptosuite::EddsaRdfc2022,
        &unsecured,
        &options,
        &secret,
        &session,
    )
    .unwrap();
    assert_eq!(
        i.canonical_proof_config,
        "_:c14n0 <http://purl.org/dc/terms/created> \"2024-05-01T00:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime> .\n\
         _:c14n0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/security#DataIntegrityProof> .\n\
         _:c14n0 <https://w3id.org/security#cryptosuite> \"eddsa-rdfc-2022\"^^<https://w3id.org/security#cryptosuiteString> .\n\
         _:c14n0 <https://w3id.org/security#proofPurpose> <https://w3id.org/security#assertionMethod> .\n\
         _:c14n0 <https://w3id.org/security#verificationMethod> <did:example:issuer1#key-1> .\n"
    );
    assert_eq!(
        hex_hash(&i.canonical_proof_config, false),
        "9cc0ab16bc4d69d875fade017164fcd5cd532b54aff6f8bec2ec5a443bf7e46e"
    );
    // An invalid xsd:dateTime is refused although JSON-LD toRdf would carry it along.
    let mut bad = options.clone();
    bad["created"] = Value::from("2024-05-01 00:00:00");
    let err = di::create_proof(
        Cryptosuite::EddsaRdfc2022,
        &unsecured,
        &bad,
        &secret,
        &session,
    )
    .unwrap_err();
    assert!(
        err.reason().contains("PROOF_GENERATION_ERROR") && err.reason().contains("created"),
        "{err}"
    );
    // The lexical space of xsd:dateTime, not RFC 3339: no zone, fractions and 24:00:00 are fine.
    for ok in [
        "2024-05-01T00:00:00",
        "2024-05-01T23:59:59.5+05:30",
        "-0044-03-15T12:00:00Z",
        "2024-05-01T24:00:00Z",
    ] {
        assert!(di::is_xsd_date_time(ok), "{ok}");
    }
    for no in [
        "2024-05-01 00:00:00",
        "2024-13-01T00:00:00Z",
        "2024-05-01T25:00:00Z",
        "24-05-01T00:00:00Z",
        "2024-05-01T00:00:00+15:00",
        "2024-05-01T00:00",
    ] {
        assert!(!di::is_xsd_date_time(no), "{no}");
    }
}

/// A credential that already carries a proof (here a W3C vector) is exchanged without it: the issuer secures the
/// unsecured credential, the holder's re-signed subset carries only the holder's proof, and the verifier checks
/// that one (were the old proof kept, it would ride along inside the subset and the fresh proof would not verify).
/// The CLI says on stderr that the proof was left out.
#[test]
fn exchange_of_a_signed_credential_issues_over_the_credential_without_its_proof() {
    let signed = common::data("di-vectors/vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let path = signed.display().to_string();
    for format in ["all", "vcdm"] {
        let output =
            common::canonprof_quick(&["exchange", "--format", format, "--credential", &path]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            stderr,
            format!(
                "canonprof: note: {path} carries a proof; the exchange issues its own proofs over the credential without it\n"
            ),
            "{format}"
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains("eddsa-rdfc-2022"), "{format}: {stdout}");
    }
}
