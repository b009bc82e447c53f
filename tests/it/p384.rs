//! ecdsa-rdfc-2019 with P-384 keys labels blank nodes with SHA-384 (the suites' hash table,
//! `cryptosuite::SUITES`): the W3C `ecdsa-rdfc-2019-p384/employ` vector (three blank nodes) is reproduced byte
//! for byte and verifies, through the library and `canonprof verify`, with either expansion engine; canonprof's
//! own P-384 proofs on the corpus credentials with the most blank nodes use SHA-384 labels and verify; the
//! verifier's view of signed input in the main job carries the suite's hash; ecdsa-sd-2023 stays P-256.

use crate::common::{canonprof, data};
use canonprof::canon::rdfc::{self, HashAlgorithm, RdfcOptions};
use canonprof::canon::{Engine, Session, Settings};
use canonprof::corpus::BUNDLED;
use canonprof::document::Limits;
use canonprof::exchange::disclosure;
use canonprof::integrity::budget::ProofLimits;
use canonprof::integrity::cryptosuite::SUITES;
use canonprof::integrity::ecdsa_sd::{self, BaseOptions};
use canonprof::integrity::multikey;
use canonprof::integrity::suites::{self, Cryptosuite};
use canonprof::integrity::verifier;
use canonprof::keys::{SecretKey, SignatureAlgorithm};
use canonprof::ErrorKind;
use serde_json::Value;

const EMPLOY: &str = "di-vectors/vc-di-ecdsa/ecdsa-rdfc-2019-p384/employ";

fn text(path: &str) -> String {
    std::fs::read_to_string(data(path)).unwrap()
}

fn json(path: &str) -> Value {
    serde_json::from_str(&text(path)).unwrap()
}

fn employ(file: &str) -> String {
    text(&format!("{EMPLOY}/{file}"))
}

fn sessions() -> [Session; 2] {
    [
        Session::bundled(Settings::default().with_engine(Engine::JsonLd)),
        Session::bundled(Settings::default().with_engine(Engine::Canonprof)),
    ]
}

/// The canonical N-Quads of `value` labeled with `hash`.
fn canonical(value: &Value, hash: HashAlgorithm, session: &Session) -> String {
    let options = RdfcOptions::DEFAULT.with_hash(hash);
    rdfc::canonical_form_of_value("test", value, session, &options).unwrap()
}

/// The `c14nN` labels of canonical N-Quads, each once, in order of first use.
fn labels(nquads: &str) -> Vec<&str> {
    let mut seen = Vec::new();
    for word in nquads.split([' ', '\n']) {
        if word.starts_with("_:c14n") && !seen.contains(&word) {
            seen.push(word);
        }
    }
    seen
}

#[test]
fn the_hash_table_gives_sha384_to_p384_and_nothing_to_pairs_a_suite_does_not_sign_with() {
    use SignatureAlgorithm::{Ed25519, P256, P384};
    let hash = |suite: Cryptosuite, key| suite.hash_for(key);
    assert_eq!(
        hash(Cryptosuite::EcdsaRdfc2019, P384),
        Some(HashAlgorithm::Sha384)
    );
    assert_eq!(
        hash(Cryptosuite::EcdsaJcs2019, P384),
        Some(HashAlgorithm::Sha384)
    );
    assert_eq!(
        hash(Cryptosuite::EcdsaRdfc2019, P256),
        Some(HashAlgorithm::Sha256)
    );
    assert_eq!(
        hash(Cryptosuite::EddsaRdfc2022, Ed25519),
        Some(HashAlgorithm::Sha256)
    );
    assert_eq!(hash(Cryptosuite::EcdsaSd2023, P384), None);
    assert_eq!(hash(Cryptosuite::EddsaJcs2022, P256), None);
    assert_eq!(hash(Cryptosuite::EcdsaRdfc2019, Ed25519), None);
    // Every suite has a row with a key, and no pair has two.
    for suite in Cryptosuite::ALL {
        assert!(
            SUITES
                .iter()
                .any(|r| r.suite == suite && !r.keys.is_empty()),
            "{suite:?}"
        );
    }
    for (i, a) in SUITES.iter().enumerate() {
        assert!(!SUITES[i + 1..].iter().any(|b| b.suite == a.suite));
        for (j, k) in a.keys.iter().enumerate() {
            assert!(!a.keys[j + 1..].iter().any(|l| l.key == k.key));
        }
    }
}

#[test]
fn the_employ_p384_vector_is_reproduced_byte_for_byte_with_both_engines() {
    let unsigned = json("di-vectors/vc-di-ecdsa/employmentAuth.json");
    let pair = json("di-vectors/vc-di-ecdsa/p384KeyPair.json");
    let secret = multikey::secret_key(pair["secretKeyMultibase"].as_str().unwrap()).unwrap();
    let mut options = json(&format!("{EMPLOY}/proofConfigECDSAP384.json"));
    options.as_object_mut().unwrap().remove("@context");
    let sha384 = |t: &str| hex::encode(HashAlgorithm::Sha384.digest(t.as_bytes()));
    for session in sessions() {
        let (proof, i) = suites::create_proof(
            Cryptosuite::EcdsaRdfc2019,
            &unsigned,
            &options,
            &secret,
            &session,
        )
        .unwrap();
        let engine = session.engine();
        assert_eq!(
            i.canonical_document,
            employ("canonDocECDSAP384.txt").trim_end().to_string() + "\n",
            "{engine:?}"
        );
        assert_eq!(
            i.canonical_proof_config.trim_end(),
            employ("proofCanonECDSAP384.txt").trim_end()
        );
        assert_eq!(
            sha384(&i.canonical_document),
            employ("docHashECDSAP384.txt").trim()
        );
        assert_eq!(
            sha384(&i.canonical_proof_config),
            employ("proofHashECDSAP384.txt").trim()
        );
        assert_eq!(
            hex::encode(&i.hash_data),
            employ("combinedHashECDSAP384.txt").trim()
        );
        assert_eq!(
            proof["proofValue"].as_str().unwrap(),
            employ("sigBTC58ECDSAP384.txt").trim()
        );
        assert_eq!(
            proof,
            json(&format!("{EMPLOY}/signedECDSAP384.json"))["proof"]
        );
        // Three blank nodes, and SHA-256 labels them in another order: the canonical document differs.
        assert_eq!(labels(&i.canonical_document).len(), 3);
        let sha256 = canonical(&unsigned, HashAlgorithm::Sha256, &session);
        assert_ne!(sha256, i.canonical_document, "{engine:?}");
    }
}

#[test]
fn the_employ_p384_vector_verifies_and_its_tampered_copy_does_not() {
    let signed = json(&format!("{EMPLOY}/signedECDSAP384.json"));
    let mut tampered = signed.clone();
    tampered["credentialSubject"]["familyName"] = Value::from("SMYTH");
    for session in sessions() {
        let v = suites::verify_proof(&signed, None, &session).unwrap();
        assert!(v.verified, "{:?}: {:?}", session.engine(), v.reason);
        assert_eq!(v.intermediates.unwrap().hash_data.len(), 96);
        let v = suites::verify_proof(&tampered, None, &session).unwrap();
        assert!(!v.verified);
    }
    let file = data(&format!("{EMPLOY}/signedECDSAP384.json"))
        .display()
        .to_string();
    let ok = canonprof(&["verify", &file, "--at", "2025-06-01T00:00:00Z"]);
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert_eq!(ok.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with(&format!(
            "{file}: verified (vcdm)\n  [ok] proof 1 of 1 (ecdsa-rdfc-2019): "
        )),
        "{stdout}"
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("tampered.json");
    std::fs::write(&bad, serde_json::to_vec_pretty(&tampered).unwrap()).unwrap();
    let bad = bad.display().to_string();
    let refused = canonprof(&["verify", &bad, "--at", "2025-06-01T00:00:00Z"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stdout)
        .contains("the signature does not verify over hashData"));
}

/// A bundled corpus credential, unsecured, issued by `key`'s `did:key`.
fn corpus_unsecured(name: &str, key: &SecretKey) -> Value {
    let (_, _, text) = BUNDLED.iter().find(|(_, n, _)| *n == name).unwrap();
    let mut unsecured = disclosure::unsecured(&serde_json::from_str(text).unwrap());
    let (did, _) = multikey::did_key(&key.public_key());
    match unsecured.get_mut("issuer").unwrap() {
        Value::Object(issuer) => {
            issuer.insert("id".into(), Value::from(did));
        }
        other => *other = Value::from(did),
    }
    unsecured
}

fn proof_options(suite: Cryptosuite, key: &SecretKey) -> Value {
    let (_, method) = multikey::did_key(&key.public_key());
    serde_json::json!({
        "type": "DataIntegrityProof",
        "cryptosuite": suite.name(),
        "created": "2026-01-01T00:00:00Z",
        "verificationMethod": method,
        "proofPurpose": "assertionMethod",
    })
}

#[test]
fn canonprof_p384_proofs_on_many_blank_nodes_use_sha384_labels_and_verify() {
    let key = SecretKey::from_seed(SignatureAlgorithm::P384, 27);
    for (name, blank_nodes) in [("ob3-full", 40), ("clr2", 3)] {
        let unsecured = corpus_unsecured(name, &key);
        let options = proof_options(Cryptosuite::EcdsaRdfc2019, &key);
        let mut documents = Vec::new();
        for session in sessions() {
            let (proof, i) = suites::create_proof(
                Cryptosuite::EcdsaRdfc2019,
                &unsecured,
                &options,
                &key,
                &session,
            )
            .unwrap();
            let with_sha384 = canonical(&unsecured, HashAlgorithm::Sha384, &session);
            let with_sha256 = canonical(&unsecured, HashAlgorithm::Sha256, &session);
            assert_eq!(i.canonical_document, with_sha384, "{name}");
            assert_ne!(i.canonical_document, with_sha256, "{name}");
            assert_eq!(labels(&i.canonical_document).len(), blank_nodes, "{name}");
            assert_eq!(
                i.hash_data[48..],
                HashAlgorithm::Sha384.digest(with_sha384.as_bytes())[..]
            );
            let secured = suites::secure(&unsecured, proof).unwrap();
            for verifier in sessions() {
                let v = suites::verify_proof(&secured, None, &verifier).unwrap();
                assert!(v.verified, "{name}: {:?}", v.reason);
            }
            documents.push(secured);
        }
        assert_eq!(
            documents[0], documents[1],
            "{name}: both engines sign the same"
        );
    }
}

#[test]
fn the_main_jobs_verifier_view_labels_a_p384_proof_with_sha384() {
    let signed = json(&format!("{EMPLOY}/signedECDSAP384.json"));
    let inputs = verifier::inputs(&signed, ProofLimits::DEFAULT.max_proofs)
        .unwrap()
        .unwrap();
    assert_eq!(inputs.proofs[0].hash(), HashAlgorithm::Sha384);
    let p256 = json("di-vectors/vc-di-ecdsa/ecdsa-rdfc-2019-p256/signedECDSAP256.json");
    let inputs = verifier::inputs(&p256, ProofLimits::DEFAULT.max_proofs)
        .unwrap()
        .unwrap();
    assert_eq!(inputs.proofs[0].hash(), HashAlgorithm::Sha256);
    let mut credentials = vec![canonprof::corpus::Credential {
        name: "employ".into(),
        set: "user",
        document: canonprof::document::Document {
            label: "employ.json".into(),
            text: serde_json::to_string(&signed).unwrap(),
        },
        baseline: false,
    }];
    let parts = canonprof::benchmark::signed::verifier_view(
        &mut credentials,
        &Limits::DEFAULT,
        &ProofLimits::DEFAULT,
    )
    .unwrap();
    let parts: Vec<(&str, HashAlgorithm)> = parts[0].iter().map(|p| (p.part, p.hash)).collect();
    assert_eq!(
        parts,
        [
            ("proof configuration", HashAlgorithm::Sha384),
            ("document (SHA-384 labeling)", HashAlgorithm::Sha384)
        ]
    );
}

#[test]
fn ecdsa_sd_2023_refuses_p384_keys_both_ways() {
    let session = Session::bundled(Settings::default());
    let key = SecretKey::from_seed(SignatureAlgorithm::P384, 1);
    let unsecured = corpus_unsecured("person-20", &key);
    let options = proof_options(Cryptosuite::EcdsaSd2023, &key);
    let base = BaseOptions::from_seed(vec!["/issuer".into()], 1);
    let e = ecdsa_sd::create_base_proof(&unsecured, &options, &key, &base, &session).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Key);
    let e = suites::create_proof(
        Cryptosuite::EcdsaRdfc2019,
        &unsecured,
        &options,
        &SecretKey::from_seed(SignatureAlgorithm::Ed25519, 1),
        &session,
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Key);
    assert!(
        e.to_string()
            .contains("ecdsa-rdfc-2019 needs a different key type, not Ed25519"),
        "{e}"
    );
    // A derived proof that names a P-384 did:key does not verify.
    let mut secured = suites::secure(&unsecured, options).unwrap();
    secured["proof"]["proofValue"] = Value::from("u2V0BhVhA");
    let v = ecdsa_sd::verify_derived_proof(&secured, None, &session).unwrap();
    assert!(!v.verified);
    assert!(v.reason.unwrap().contains("P-256"));
}

/// The exchange's P-384 ecdsa-rdfc-2019 leg on ob3-full issues, presents and verifies with both signature
/// backends (AWS-LC signs the SHA-384 hashData as RustCrypto does).
#[test]
fn the_exchange_runs_p384_on_ob3_full_with_both_backends() {
    use canonprof::exchange::leg::Leg;
    use canonprof::exchange::{Exchange, Operation};
    use canonprof::keys::Backend;
    let session = Session::bundled(Settings::default());
    let key = SecretKey::from_seed(SignatureAlgorithm::P384, 3);
    let unsecured = corpus_unsecured("ob3-full", &key);
    for backend in [Backend::RustCrypto, Backend::AwsLc] {
        let leg = Leg::new(
            Cryptosuite::EcdsaRdfc2019,
            true,
            unsecured.clone(),
            &session,
            3,
            backend,
        )
        .unwrap();
        for op in [Operation::Issue, Operation::Present, Operation::Verify] {
            assert_eq!(leg.run(op).unwrap(), 2, "{backend:?} {op:?}");
        }
    }
}

/// The main job on the signed employ vector: the proof configuration and the document labeled with SHA-384 are
/// rows whose canonical N-Quads are the vector's, byte for byte (their SHA-256 in the JSON export).
#[test]
fn the_main_job_measures_the_p384_vector_as_its_verifier_canonicalizes_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.json");
    let file = data(&format!("{EMPLOY}/signedECDSAP384.json"));
    crate::common::canonprof_quick(&[
        "--credential",
        &file.display().to_string(),
        "--no-flamegraphs",
        "--no-exchange",
        "--export-json",
        &out.display().to_string(),
    ]);
    let export = crate::common::read_json(&out);
    let sha256 = |t: &str| hex::encode(HashAlgorithm::Sha256.digest(t.as_bytes()));
    for (part, vector) in [
        ("proof configuration", "proofCanonECDSAP384.txt"),
        ("document (SHA-384 labeling)", "canonDocECDSAP384.txt"),
    ] {
        let rows: Vec<&Value> = export["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["part"] == part)
            .collect();
        assert_eq!(rows.len(), 1, "{part}");
        assert_eq!(rows[0]["sha256"], sha256(&employ(vector)), "{part}");
        assert_eq!(rows[0]["cryptosuite"], "ecdsa-rdfc-2019");
    }
}
