//! ecdsa-sd-2023 against the W3C vc-di-ecdsa test vectors (tests/data/di-vectors/vc-di-ecdsa/ecdsa-sd-2023,
//! both credentials: `employ` and `prc`): the base proof's canonical proof configuration, HMAC-relabeled
//! statements, mandatory / non-mandatory split and hashes byte for byte; the derived proof's reveal document
//! and proof value byte for byte from the vectors' base proof; the derived vectors verify; tampered claims,
//! proof options, keys, and base proofs offered as derived ones do not; canonicalizations are counted.

use crate::common;
use canonprof::canon::{Session, Settings};
use canonprof::integrity::ecdsa_sd::{self, BaseOptions};
use canonprof::integrity::multikey;
use canonprof::integrity::proof_value;
use canonprof::integrity::suites::{self as di, Cryptosuite};
use canonprof::keys::{PublicKey, SecretKey, SignatureAlgorithm};
use serde_json::Value;

/// Every test below runs on both expansion engines: ecdsa-sd-2023's skolemization, expansion, deserialization
/// to RDF and term facts all go through the session's engine.
const ENGINES: [canonprof::canon::Engine; 2] = [
    canonprof::canon::Engine::JsonLd,
    canonprof::canon::Engine::Canonprof,
];

fn json(path: &str) -> Value {
    let path = common::data(&format!("di-vectors/vc-di-ecdsa/{path}"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn strings(value: &Value) -> Vec<String> {
    serde_json::from_value(value.clone()).unwrap()
}

/// (vector folder, mandatory pointers, selective pointers). The unsigned credential is the vector's signed
/// base document without its proof (prCredUnsigned.json has a different `description`).
const SETS: [(&str, &str, &str); 2] = [
    (
        "ecdsa-sd-2023/employ",
        "employMandatory.json",
        "employSelective.json",
    ),
    (
        "ecdsa-sd-2023/prc",
        "prCredMandatory.json",
        "prCredSelective.json",
    ),
];

fn unsigned(dir: &str) -> Value {
    let mut document = json(&format!("{dir}/addSignedSDBase.json"));
    document.as_object_mut().unwrap().remove("proof");
    document
}

/// The vectors' issuer key, proof-scoped key and HMAC key.
fn key_material(mandatory: Vec<String>) -> (SecretKey, PublicKey, BaseOptions) {
    let keys = json("ecdsa-sd-2023/SDKeyMaterial.json");
    let secret = |pair: &str| {
        multikey::secret_key(keys[pair]["secretKeyMultibase"].as_str().unwrap()).unwrap()
    };
    let issuer = secret("baseKeyPair");
    let public =
        multikey::public_key(keys["baseKeyPair"]["publicKeyMultibase"].as_str().unwrap()).unwrap();
    let proof_key = secret("proofKeyPair");
    assert_eq!(proof_key.algorithm(), SignatureAlgorithm::P256);
    let hmac_key: [u8; 32] = hex::decode(keys["hmacKeyString"].as_str().unwrap())
        .unwrap()
        .try_into()
        .unwrap();
    let base = BaseOptions {
        mandatory_pointers: mandatory,
        hmac_key,
        proof_key,
    };
    (issuer, public, base)
}

/// The proof options of the vector: its proof configuration without the `@context` the configuration adds.
fn options(dir: &str) -> Value {
    let mut options = json(&format!("{dir}/addProofConfig.json"));
    options.as_object_mut().unwrap().remove("@context");
    options
}

#[test]
fn base_proof_matches_the_vectors() {
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        for (dir, mandatory, _) in SETS {
            let mandatory = strings(&json(mandatory));
            let (issuer, public, base) = key_material(mandatory.clone());
            let unsecured = unsigned(dir);
            let (proof, i) =
                ecdsa_sd::create_base_proof(&unsecured, &options(dir), &issuer, &base, &session)
                    .unwrap();
            common::assert_base_intermediates(
                &i,
                &|name| common::data(&format!("di-vectors/vc-di-ecdsa/{dir}/{name}")),
                dir,
            );

            // Our proof value carries the vector's keys and pointers, and its signatures verify (ECDSA signatures
            // themselves differ: the vectors' are randomized, ours use RFC 6979 nonces).
            let ours = proof_value::parse_base(proof["proofValue"].as_str().unwrap()).unwrap();
            let theirs = proof_value::parse_base(
                json(&format!("{dir}/addSignedSDBase.json"))["proof"]["proofValue"]
                    .as_str()
                    .unwrap(),
            )
            .unwrap();
            assert_eq!(ours.public_key, theirs.public_key, "{dir}");
            assert_eq!(ours.hmac_key, theirs.hmac_key, "{dir}");
            assert_eq!(ours.mandatory_pointers, mandatory, "{dir}");
            assert_eq!(ours.signatures.len(), i.non_mandatory.len(), "{dir}");
            let raw = json(&format!("{dir}/addRawBaseSignatureInfo.json"));
            assert_eq!(
                hex::encode(&theirs.base_signature),
                raw["baseSignature"],
                "{dir}"
            );
            let raw_signatures: Vec<String> = theirs.signatures.iter().map(hex::encode).collect();
            assert_eq!(raw_signatures, strings(&raw["signatures"]), "{dir}");
            let to_sign = [&i.proof_hash[..], &ours.public_key, &i.mandatory_hash[..]].concat();
            for signature in [&ours.base_signature, &theirs.base_signature] {
                assert!(public.verify(&to_sign, signature), "{dir}: base signature");
            }
        }
    }
}

#[test]
fn derived_proof_matches_the_vectors_byte_for_byte() {
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        for (dir, _, selective) in SETS {
            let signed = json(&format!("{dir}/addSignedSDBase.json"));
            let (revealed, i) =
                ecdsa_sd::derive_proof(&signed, &strings(&json(selective)), &session).unwrap();
            let expected = json(&format!("{dir}/derivedRevealDocument.json"));
            assert_eq!(
                revealed["proof"]["proofValue"], expected["proof"]["proofValue"],
                "{dir}"
            );
            assert_eq!(revealed, expected, "{dir}");
            let disclosure = json(&format!("{dir}/derivedDisclosureData.json"));
            let label_map: Vec<(String, String)> =
                serde_json::from_value(disclosure["labelMap"]["value"].clone()).unwrap();
            assert_eq!(i.value.label_map, label_map.into_iter().collect(), "{dir}");
            let indexes: Vec<usize> =
                serde_json::from_value(disclosure["mandatoryIndexes"].clone()).unwrap();
            assert_eq!(i.value.mandatory_indexes, indexes, "{dir}");
            assert_eq!(
                i.canonicalizations, 2,
                "{dir}: the document and the reveal selection"
            );
        }
    }
}

#[test]
fn derived_vectors_verify_and_tampered_ones_do_not() {
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        for (dir, mandatory, _) in SETS {
            let revealed = json(&format!("{dir}/derivedRevealDocument.json"));
            let (_, public, _) = key_material(strings(&json(mandatory)));
            for key in [None, Some(&public)] {
                let v = di::verify_proof(&revealed, key, &session).unwrap();
                assert!(v.verified, "{dir}: {:?}", v.reason);
                let i = v.intermediates.unwrap();
                assert_eq!(
                    i.canonicalizations, 2,
                    "{dir}: reveal document and proof configuration"
                );
                let verify_data = json(&format!("{dir}/verifyCreateVerifyData.json"));
                assert_eq!(
                    hex::encode(&i.hash_data[..32]),
                    verify_data["proofHash"],
                    "{dir}"
                );
                assert_eq!(
                    hex::encode(&i.hash_data[35 + 32..]),
                    verify_data["mandatoryHash"],
                    "{dir}"
                );
                assert_eq!(
                    i.canonical_document,
                    strings(&json(&format!("{dir}/verifyNQuads.json"))).concat()
                );
            }
            let mut claim = revealed.clone();
            claim["credentialSubject"]["birthCountry"] = Value::from("Atlantis");
            let mut mandatory_claim = revealed.clone();
            mandatory_claim["issuer"]["image"] = Value::from("data:image/png;base64,AAAA");
            let mut option = revealed.clone();
            option["proof"]["created"] = Value::from("2023-08-15T23:36:39Z");
            let mut extra = revealed.clone();
            extra["credentialSubject"]["givenName"] = Value::from("JOHN");
            let other = SecretKey::from_bytes(SignatureAlgorithm::P256, &[7; 32])
                .unwrap()
                .public_key();
            let base = json(&format!("{dir}/addSignedSDBase.json"));
            for (what, doc, key, reason) in [
                ("claim", &claim, None, "signature of disclosed statement"),
                ("mandatory claim", &mandatory_claim, None, "base signature"),
                ("proof option", &option, None, "base signature"),
                ("undisclosed claim added", &extra, None, "signatures for"),
                ("key", &revealed, Some(&other), "base signature"),
                ("base proof presented", &base, None, "derived proof header"),
            ] {
                let v = di::verify_proof(doc, key, &session).unwrap();
                assert!(!v.verified, "{dir}: tampered {what} must not verify");
                let why = v.reason.unwrap();
                assert!(why.contains(reason), "{dir} {what}: {why}");
            }
        }
    }
}

#[test]
fn issue_derive_verify_round_trip_with_seeded_keys() {
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        let unsecured = json("employmentAuth.json");
        let issuer = SecretKey::from_seed(Cryptosuite::EcdsaSd2023.key_algorithm(false), 7);
        let base = BaseOptions::from_seed(vec!["/issuer".to_string(), "/validFrom".to_string()], 7);
        let options = serde_json::json!({
            "type": "DataIntegrityProof", "cryptosuite": "ecdsa-sd-2023",
            "created": "2026-01-01T00:00:00Z", "verificationMethod": "did:example:issuer#key-1",
            "proofPurpose": "assertionMethod"
        });
        let (proof, issued) =
            ecdsa_sd::create_base_proof(&unsecured, &options, &issuer, &base, &session).unwrap();
        let (again, _) =
            ecdsa_sd::create_base_proof(&unsecured, &options, &issuer, &base, &session).unwrap();
        assert_eq!(
            proof, again,
            "seeded keys and RFC 6979 make the base proof reproducible"
        );
        let secured = di::secure(&unsecured, proof).unwrap();
        let selective = [
            "/credentialSubject/givenName",
            "/credentialSubject/employmentAuthorizationDocument/lprNumber",
        ];
        let selective: Vec<String> = selective.iter().map(|s| s.to_string()).collect();
        let (revealed, derived) = ecdsa_sd::derive_proof(&secured, &selective, &session).unwrap();
        assert!(revealed["credentialSubject"].get("familyName").is_none());
        assert_eq!(
            revealed["credentialSubject"]["employmentAuthorizationDocument"]["lprNumber"],
            "999-999-999"
        );
        let v = di::verify_proof(&revealed, Some(&issuer.public_key()), &session).unwrap();
        assert!(v.verified, "{:?}", v.reason);
        let counts = [
            issued.canonicalizations,
            derived.canonicalizations,
            v.intermediates.unwrap().canonicalizations,
        ];
        assert_eq!(counts, [2, 2, 2], "six canonicalizations per exchange");
        let missing = ecdsa_sd::derive_proof(
            &secured,
            &["/credentialSubject/nickname".to_string()],
            &session,
        );
        assert!(missing
            .unwrap_err()
            .reason()
            .contains("/credentialSubject/nickname"));
        assert!(di::create_proof(
            di::Cryptosuite::EcdsaSd2023,
            &unsecured,
            &options,
            &issuer,
            &session
        )
        .is_err());
    }
}

/// Every corpus credential through issue → derive (the exchange's 5 attributes, `/issuer` mandatory) →
/// verify: ob3-full and clr2 carry embedded proofs (implicit graphs) and ob3-full RDF lists, which the
/// selection must match to the document's blank nodes; a changed disclosed value must then fail.
#[test]
fn every_corpus_credential_round_trips_and_tampering_fails() {
    use canonprof::corpus::{bundled, Schema};
    use canonprof::exchange::disclosure::{mandatory_pointers, selective_pointers};
    for engine in ENGINES {
        let session = Session::bundled(
            Settings::default()
                .with_context_cache(true)
                .with_engine(engine),
        );
        let issuer = SecretKey::from_seed(Cryptosuite::EcdsaSd2023.key_algorithm(false), 3);
        let options = serde_json::json!({
            "type": "DataIntegrityProof", "cryptosuite": "ecdsa-sd-2023",
            "created": "2026-01-01T00:00:00Z", "verificationMethod": "did:example:issuer#key-1",
            "proofPurpose": "assertionMethod"
        });
        let credentials = bundled(Schema::All);
        assert_eq!(credentials.len(), 7);
        for credential in credentials {
            let name = &credential.name;
            let parsed: Value = serde_json::from_str(&credential.document.text).unwrap();
            let unsecured = di::with_suite_context(&parsed);
            let base = BaseOptions::from_seed(mandatory_pointers(&unsecured), 3);
            let (proof, issued) =
                ecdsa_sd::create_base_proof(&unsecured, &options, &issuer, &base, &session)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                issued.mandatory.len() >= 2,
                "{name}: /issuer and the credential types are mandatory"
            );
            let secured = di::secure(&unsecured, proof).unwrap();
            let selective = selective_pointers(&unsecured).unwrap();
            let (revealed, _) = ecdsa_sd::derive_proof(&secured, &selective, &session)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let v = di::verify_proof(&revealed, Some(&issuer.public_key()), &session).unwrap();
            assert!(v.verified, "{name}: {:?}", v.reason);
            // Tamper with the first disclosed attribute's value (its first string, wherever it is).
            let mut tampered = revealed.clone();
            let first = selective[0].trim_start_matches("/credentialSubject/");
            let value = &mut tampered["credentialSubject"][first];
            assert!(
                change_first_string(value),
                "{name}: {first} has a string to change"
            );
            let v = di::verify_proof(&tampered, Some(&issuer.public_key()), &session).unwrap();
            assert!(
                !v.verified,
                "{name}: a changed disclosed value must not verify"
            );
        }
    }
}

fn change_first_string(value: &mut Value) -> bool {
    match value {
        Value::String(s) => {
            s.push_str("-forged");
            true
        }
        Value::Array(items) => items.iter_mut().any(change_first_string),
        Value::Object(map) => map
            .iter_mut()
            .filter(|(k, _)| !["type", "@context"].contains(&k.as_str()))
            .any(|(_, v)| change_first_string(v)),
        _ => false,
    }
}

/// Blank nodes no JSON object names — an embedded credential's `proof` graph (a `@graph` container) and the
/// nodes of an RDF list — are matched between selection and document, so selecting them derives and verifies,
/// and a changed list element does not.
#[test]
fn implicit_graphs_and_lists_can_be_disclosed() {
    for engine in ENGINES {
        let session = Session::bundled(Settings::default().with_engine(engine));
        let unsecured = serde_json::json!({
            "@context": ["https://www.w3.org/ns/credentials/v2",
                         {"@vocab": "https://example.org/vocab#", "steps": {"@container": "@list"}}],
            "type": ["VerifiableCredential"],
            "issuer": "did:example:issuer",
            "credentialSubject": {
                "steps": [{"name": "one"}, {"name": "two"}],
                "other": "hidden",
                "endorsement": {
                    "type": ["VerifiableCredential"], "issuer": "did:example:endorser",
                    "credentialSubject": {"note": "good"},
                    "proof": {"type": "DataIntegrityProof", "cryptosuite": "eddsa-rdfc-2022",
                              "created": "2026-01-01T00:00:00Z", "proofPurpose": "assertionMethod",
                              "verificationMethod": "did:example:endorser#key-1", "proofValue": "z1111"}
                }
            }
        });
        let issuer = SecretKey::from_seed(Cryptosuite::EcdsaSd2023.key_algorithm(false), 5);
        let base = BaseOptions::from_seed(vec!["/issuer".to_string()], 5);
        let options = serde_json::json!({
            "type": "DataIntegrityProof", "cryptosuite": "ecdsa-sd-2023",
            "created": "2026-01-01T00:00:00Z", "verificationMethod": "did:example:issuer#key-1",
            "proofPurpose": "assertionMethod"
        });
        let (proof, _) =
            ecdsa_sd::create_base_proof(&unsecured, &options, &issuer, &base, &session).unwrap();
        let secured = di::secure(&unsecured, proof).unwrap();
        let selective = vec![
            "/credentialSubject/steps".to_string(),
            "/credentialSubject/endorsement".to_string(),
        ];
        let (revealed, derived) = ecdsa_sd::derive_proof(&secured, &selective, &session).unwrap();
        assert!(revealed["credentialSubject"].get("other").is_none());
        assert_eq!(
            revealed["credentialSubject"]["endorsement"]["proof"]["proofValue"],
            "z1111"
        );
        assert!(
            derived.value.signatures.len() >= 10,
            "list and proof-graph statements are disclosed"
        );
        let v = di::verify_proof(&revealed, Some(&issuer.public_key()), &session).unwrap();
        assert!(v.verified, "{:?}", v.reason);
        let mut tampered = revealed.clone();
        tampered["credentialSubject"]["steps"][1]["name"] = Value::from("three");
        let v = di::verify_proof(&tampered, Some(&issuer.public_key()), &session).unwrap();
        assert!(!v.verified);
    }
}
