//! `canonprof verify`: every signed W3C vc-di-eddsa / vc-di-ecdsa vector verifies (proof sets and chains, P-384,
//! the ecdsa-sd-2023 derived documents), and a changed claim, a changed proof option or another key each fails
//! with its reason; unsupported proof types, base proofs, draft cryptosuite names and keys behind URLs are named;
//! the SD-JWT examples and the ISO 18013-5 Annex D DeviceResponse verify and their tampered copies do not; `--at`
//! decides validity; the command's exit status and lines.

use crate::common::{canonprof, data, QUICK};
use canonprof::canon::{Session, Settings};
use canonprof::document::Limits;
use canonprof::verify::{
    self, keys, Check, FileReport, Format, Options, Outcome, Refusal, Role, Trust, Verdict,
};
use serde_json::Value;

/// 2025-06-01T00:00:00Z: inside every vector's validity period.
const AT: i64 = 1_748_736_000;

fn options(session: &Session) -> Options<'_> {
    Options::new(session, AT)
}

fn check(name: &str, bytes: &[u8], options: &Options) -> FileReport {
    verify::verify_bytes(name, bytes, None, options).unwrap()
}

fn vector(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(data(&format!("di-vectors/{path}"))).unwrap())
        .unwrap()
}

fn proof_checks(report: &FileReport) -> Vec<&Check> {
    report
        .checks
        .iter()
        .filter(|c| c.subject.starts_with("proof"))
        .collect()
}

const SIGNED: [&str; 12] = [
    "vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json",
    "vc-di-eddsa/eddsa-jcs-2022/signedJCS.json",
    "vc-di-eddsa/proof-set-chain/signedProofSet1.json",
    "vc-di-eddsa/proof-set-chain/signedProofSet2.json",
    "vc-di-eddsa/proof-set-chain/signedProofChain1.json",
    "vc-di-eddsa/proof-set-chain/signedProofChain2.json",
    "vc-di-ecdsa/ecdsa-rdfc-2019-p256/signedECDSAP256.json",
    "vc-di-ecdsa/ecdsa-rdfc-2019-p384/signedECDSAP384.json",
    "vc-di-ecdsa/ecdsa-jcs-2019-p256/signedJCSECDSAP256.json",
    "vc-di-ecdsa/ecdsa-jcs-2019-p384/signedJCSECDSAP384.json",
    "vc-di-ecdsa/ecdsa-sd-2023/employ/derivedRevealDocument.json",
    "vc-di-ecdsa/ecdsa-sd-2023/prc/derivedRevealDocument.json",
];

#[test]
fn every_signed_w3c_vector_verifies_and_each_tampering_fails_with_its_reason() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    for path in SIGNED {
        let doc = vector(path);
        let report = check(path, doc.to_string().as_bytes(), &options);
        assert!(report.verified(), "{path}: {:?}", report.checks);
        assert_eq!(report.format, Format::Vcdm);
        let proofs = proof_checks(&report);
        assert_eq!(
            proofs.len(),
            doc["proof"].as_array().map_or(1, Vec::len),
            "{path}"
        );
        // A changed claim.
        let mut claim = doc.clone();
        let subject = &mut claim["credentialSubject"];
        let key = subject
            .as_object()
            .unwrap()
            .keys()
            .find(|k| *k != "id" && *k != "type")
            .unwrap()
            .clone();
        subject[&key] = Value::String("changed".into());
        let report = check(path, claim.to_string().as_bytes(), &options);
        assert!(!report.verified(), "{path}: a changed claim verified");
        assert!(
            proof_checks(&report)
                .iter()
                .any(|c| c.outcome == Outcome::Failed),
            "{path}"
        );
        // A changed proof option (`created`, part of every proof configuration).
        let mut option = doc.clone();
        let first = match &mut option["proof"] {
            Value::Array(items) => &mut items[0],
            one => one,
        };
        first["created"] = Value::String("2020-02-02T00:00:00Z".into());
        let report = check(path, option.to_string().as_bytes(), &options);
        assert_eq!(
            proof_checks(&report)[0].outcome,
            Outcome::Failed,
            "{path}: {:?}",
            report.checks
        );
        // Another key: the same proof checked against a key that did not make it (`--key`, matched as the only
        // one given).
        let other = if path.contains("eddsa") {
            r#"{"publicKeyMultibase": "z6MkhWqdDBPojHA7cprTGTt5yHv5yUi1B8cnXn8ReLumkw6E"}"#
                .to_string()
        } else {
            let pair = vector(if path.contains("p384") {
                "vc-di-ecdsa/p256KeyPair.json"
            } else {
                "vc-di-ecdsa/p384KeyPair.json"
            });
            format!(
                r#"{{"publicKeyMultibase": {}}}"#,
                pair["publicKeyMultibase"]
            )
        };
        let mut with_key = options.clone();
        with_key.keys = keys::parse("other.json", &other, &Limits::DEFAULT).unwrap();
        let report = check(path, doc.to_string().as_bytes(), &with_key);
        assert!(!report.verified(), "{path}: verified with another key");
    }
}

#[test]
fn what_cannot_be_checked_is_named() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    let outcome_of = |doc: &Value| {
        let report = check("doc.json", doc.to_string().as_bytes(), &options);
        assert!(!report.verified());
        let proof = proof_checks(&report)[0].clone();
        (proof.outcome, proof.detail)
    };
    let mut rsa = vector("vc-di-eddsa/Ed25519Signature2020/signedEdSig.json");
    rsa["proof"]["type"] = "RsaSignature2018".into();
    let (outcome, detail) = outcome_of(&rsa);
    assert_eq!(outcome, Outcome::Unsupported);
    assert!(
        detail.starts_with("unsupported proof type RsaSignature2018: an RSA"),
        "{detail}"
    );
    let (outcome, detail) = outcome_of(&vector(
        "vc-di-ecdsa/ecdsa-sd-2023/employ/addSignedSDBase.json",
    ));
    assert_eq!(outcome, Outcome::Unsupported);
    assert!(detail.contains("base proof"), "{detail}");
    let mut draft = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    draft["proof"]["cryptosuite"] = "eddsa-2022".into();
    let (outcome, detail) = outcome_of(&draft);
    assert_eq!(outcome, Outcome::Unsupported);
    assert!(
        detail.contains("`eddsa-2022`") && detail.contains("draft"),
        "{detail}"
    );
    let mut web = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    web["proof"]["verificationMethod"] = "did:web:issuer.example#key-1".into();
    let (outcome, detail) = outcome_of(&web);
    assert_eq!(outcome, Outcome::Unsupported);
    assert_eq!(
        detail,
        "cannot resolve offline: did:web:issuer.example#key-1; pass --key"
    );
    let mut purpose = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    purpose["proof"]["proofPurpose"] = "authentication".into();
    let (outcome, detail) = outcome_of(&purpose);
    assert_eq!(outcome, Outcome::Failed);
    assert!(detail.contains("expected assertionMethod"), "{detail}");
    let mut truncated = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let value = truncated["proof"]["proofValue"]
        .as_str()
        .unwrap()
        .to_string();
    truncated["proof"]["proofValue"] = value[..20].into();
    assert_eq!(outcome_of(&truncated).0, Outcome::Failed);
    truncated["proof"]["proofValue"] = format!("u{}", &value[1..]).into();
    let (outcome, detail) = outcome_of(&truncated);
    assert_eq!(outcome, Outcome::Failed);
    assert!(detail.contains("multibase"), "{detail}");
}

#[test]
fn a_key_from_a_did_document_is_matched_by_verification_method_id() {
    let session = Session::bundled(Settings::default());
    let doc = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let method = doc["proof"]["verificationMethod"].as_str().unwrap();
    let multibase = method.rsplit_once('#').unwrap().1;
    let did_document = serde_json::json!({"id": "did:key:x", "verificationMethod": [
        {"id": "did:key:x#other", "type": "Multikey", "publicKeyMultibase": "z6MkhWqdDBPojHA7cprTGTt5yHv5yUi1B8cnXn8ReLumkw6E"},
        {"id": method, "type": "Multikey", "publicKeyMultibase": multibase}],
        "assertionMethod": [method]});
    let mut options = options(&session);
    options.keys = keys::parse("did.json", &did_document.to_string(), &Limits::DEFAULT).unwrap();
    assert_eq!(options.keys.len(), 2);
    let report = check("signed.json", doc.to_string().as_bytes(), &options);
    assert!(report.verified(), "{:?}", report.checks);
    assert!(proof_checks(&report)[0]
        .detail
        .contains("key from did.json"));
}

#[test]
fn validity_is_decided_at_the_given_instant() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let prc = vector("vc-di-ecdsa/ecdsa-sd-2023/prc/derivedRevealDocument.json").to_string();
    assert!(check("prc.json", prc.as_bytes(), &options).verified());
    options.settings.at_unix = 1_798_761_600; // 2027-01-01, after its validUntil (2025-12-16)
    let report = check("prc.json", prc.as_bytes(), &options);
    assert!(!report.verified());
    let validity = report
        .checks
        .iter()
        .find(|c| c.subject == "validity")
        .unwrap();
    assert_eq!(validity.outcome, Outcome::Failed);
    assert!(
        validity.detail.starts_with("expired at --at"),
        "{}",
        validity.detail
    );
}

#[test]
fn sd_jwt_examples_verify_with_the_published_key_and_tampering_fails() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let keys_file = std::fs::read_to_string(data("sd-jwt/keys.json")).unwrap();
    let jwk: Value = serde_json::from_str::<Value>(&keys_file).unwrap()
        ["issuer_public_jwk_from_RFC9901_A5"]
        .clone();
    options.keys = keys::parse("issuer.jwk", &jwk.to_string(), &Limits::DEFAULT).unwrap();
    let mut checked = 0;
    for file in [
        "sd-jwt-examples.extracted.json",
        "sd-jwt-vc-examples.extracted.json",
    ] {
        let examples: Vec<Value> = serde_json::from_str(
            &std::fs::read_to_string(data(&format!("sd-jwt/{file}"))).unwrap(),
        )
        .unwrap();
        for example in examples.iter().filter(|e| e.get("disclosures").is_some()) {
            let value = example["value"].as_str().unwrap();
            // A presentation is checked at an instant after its KB-JWT was made (RFC 9901 §7.3 step 5).
            let kb_iat = example["kb_jwt"]["payload"]["iat"].as_i64().unwrap_or(0);
            let mut options = options.clone();
            options.settings.at_unix = options.settings.at_unix.max(kb_iat + 3600);
            let report = check(file, value.as_bytes(), &options);
            assert_eq!(report.format, Format::SdJwt);
            assert!(
                report.verified(),
                "{file} {}: {:?}",
                example["section"],
                report.checks
            );
            let bound = report
                .checks
                .iter()
                .find(|c| c.subject == "key binding")
                .unwrap();
            assert_eq!(
                bound.outcome == Outcome::Verified,
                example.get("kb_jwt").is_some()
            );
            // One Disclosure changed: its digest matches nothing the issuer signed.
            let mut parts: Vec<String> = value.split('~').map(str::to_string).collect();
            let swap = if &parts[1][5..6] == "A" { "B" } else { "A" };
            parts[1].replace_range(5..6, swap);
            let report = check(file, parts.join("~").as_bytes(), &options);
            assert!(!report.verified(), "{file}: tampered verified");
            checked += 1;
        }
    }
    assert_eq!(checked, 13);
    // A wrong nonce fails the Key Binding JWT.
    let examples: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(data("sd-jwt/sd-jwt-examples.extracted.json")).unwrap(),
    )
    .unwrap();
    let bound = examples.iter().find(|e| e.get("kb_jwt").is_some()).unwrap();
    options.settings.nonce = Some("another-nonce".into());
    options.settings.aud = Some(bound["kb_jwt"]["payload"]["aud"].as_str().unwrap().into());
    let report = check(
        "kb.txt",
        bound["value"].as_str().unwrap().as_bytes(),
        &options,
    );
    assert!(!report.verified());
    assert!(
        report.checks[0].detail.contains("nonce"),
        "{:?}",
        report.checks
    );
}

#[test]
fn the_annex_d_device_response_verifies_in_its_validity_window_only() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    options.settings.at_unix = 1_609_459_200; // 2021-01-01
    let hex = std::fs::read(data("mdoc/iso18013-5-annex-d/device_response.hex")).unwrap();
    let report = check("device_response.hex", &hex, &options);
    assert_eq!(report.format, Format::Mdoc);
    // Its DS certificate travels in the mdoc: without an anchor the key is not trusted...
    assert_eq!(
        report.verdict(),
        Verdict::NotVerified(Refusal::KeyNotTrusted),
        "{:?}",
        report.checks
    );
    // ...unless the user accepts a self-asserted key, which the verdict says.
    options.settings.accept_self_asserted = true;
    let report = check("device_response.hex", &hex, &options);
    assert_eq!(
        report.verdict(),
        Verdict::VerifiedSelfAsserted,
        "{:?}",
        report.checks
    );
    let chain = report
        .checks
        .iter()
        .find(|c| c.subject == "certificate chain")
        .unwrap();
    assert_eq!(chain.outcome, Outcome::NotChecked);
    // A changed element value: the digest no longer matches.
    let mut raw = hex::decode(String::from_utf8(hex.clone()).unwrap().trim()).unwrap();
    let at = raw
        .windows(b"\x6celementValue".len())
        .position(|w| w == b"\x6celementValue")
        .unwrap()
        + 13;
    raw[at + 2] ^= 0x01;
    let report = check("changed.cbor", &raw, &options);
    assert!(!report.verified(), "{:?}", report.checks);
    options.settings.at_unix = 1_748_736_000;
    assert!(!check("device_response.hex", &hex, &options).verified());
}

#[test]
fn the_command_reports_every_file_and_exits_by_the_worst() {
    let good = data("di-vectors/vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json")
        .display()
        .to_string();
    let unsupported = data("signed-credentials/ob3-validator--simple-multiple-proofs.json")
        .display()
        .to_string();
    let at = ["--at", "2025-06-01T00:00:00Z"];
    let ok = canonprof(&[&["verify", good.as_str()][..], &at].concat());
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert!(
        stdout.starts_with(&format!(
            "{good}: verified (vcdm)\n  [ok] proof 1 of 1 (eddsa-rdfc-2022): "
        )),
        "{stdout}"
    );
    let mixed = canonprof(
        &[
            &[
                "verify",
                good.as_str(),
                unsupported.as_str(),
                "/no/such/file.json",
            ][..],
            &at,
        ]
        .concat(),
    );
    assert_eq!(mixed.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&mixed.stdout);
    assert!(
        stdout.contains(&format!(
            "{unsupported}: NOT VERIFIED (vcdm)\n  [unsupported] proof 1 of 2 (SomeProofType)"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("/no/such/file.json: NOT VERIFIED (could not be read: No such file"),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&mixed.stderr);
    assert_eq!(
        stderr.trim(),
        "canonprof: error: 2 of 3 files did not verify"
    );
    let usage = canonprof(&["verify", good.as_str(), "--at", "yesterday"]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr)
        .contains("--at `yesterday` is not an RFC 3339 date-time"));
}

/// Open Badges 3.0 and CLR 2.0 credentials from 1EdTech's public validator (tests/data/signed-credentials): their
/// verification methods are `https://…/issuers/…#<multibase>` URLs, so without `--key` each says it cannot
/// resolve offline; with the Multikey the URL's fragment names, each eddsa-rdfc-2022 and ecdsa-sd-2023 proof
/// verifies, Ed25519Signature2020 too, and the legacy names (`eddsa-2022`, an unknown type in a proof set) are named.
#[test]
fn signed_education_credentials_verify_with_their_keys() {
    let session = Session::bundled(Settings::default());
    let read = |name: &str| std::fs::read(data(&format!("signed-credentials/{name}"))).unwrap();
    let method_key = |bytes: &[u8]| -> Vec<keys::KnownKey> {
        let doc: Value = serde_json::from_slice(bytes).unwrap();
        let proofs = match &doc["proof"] {
            Value::Array(items) => items.clone(),
            one => vec![one.clone()],
        };
        let method = proofs
            .iter()
            .rev()
            .find_map(|p| p["verificationMethod"].as_str())
            .unwrap()
            .to_string();
        let multibase = method.rsplit_once('#').unwrap().1;
        keys::parse(
            "issuer-key.json",
            &serde_json::json!({"id": method, "publicKeyMultibase": multibase}).to_string(),
            &Limits::DEFAULT,
        )
        .unwrap()
    };
    for (name, suite) in [
        ("ob3-validator--simple.json", "eddsa-rdfc-2022"),
        ("ob3-validator--complete.json", "eddsa-rdfc-2022"),
        ("ob3-validator--endorsement-valid.json", "eddsa-rdfc-2022"),
        ("ob3-validator--sd-derivedcredential.json", "ecdsa-sd-2023"),
        ("clr2-validator--simple.json", "eddsa-rdfc-2022"),
        ("ob3-validator--simple_v1.json", "Ed25519Signature2020"),
    ] {
        let bytes = read(name);
        let mut options = options(&session);
        let report = check(name, &bytes, &options);
        assert!(!report.verified());
        assert!(
            proof_checks(&report)[0]
                .detail
                .starts_with("cannot resolve offline: https://"),
            "{name}"
        );
        options.keys = method_key(&bytes);
        let report = check(name, &bytes, &options);
        assert!(report.verified(), "{name}: {:?}", report.checks);
        assert!(
            proof_checks(&report)[0]
                .detail
                .starts_with(&format!("{suite} signature verified")),
            "{name}"
        );
        // The same credential with one more character in a claim.
        let mut doc: Value = serde_json::from_slice(&bytes).unwrap();
        doc["issuer"]["name"] =
            Value::String(format!("{}!", doc["issuer"]["name"].as_str().unwrap_or("")));
        assert!(
            !check(name, doc.to_string().as_bytes(), &options).verified(),
            "{name}: changed issuer name verified"
        );
    }
    let named = |name: &str| {
        let bytes = read(name);
        let mut options = options(&session);
        options.keys = method_key(&bytes);
        let report = check(name, &bytes, &options);
        assert!(!report.verified(), "{name}");
        proof_checks(&report)
            .iter()
            .map(|c| (c.outcome, c.detail.clone()))
            .collect::<Vec<_>>()
    };
    // `eddsa-2022` (eddsa-rdfc-2022's name in 2022 drafts) verifies under eddsa-rdfc-2022's algorithm, and says so.
    let bytes = read("ob3-validator--simple-eddsa-2022.json");
    let mut with_key = options(&session);
    with_key.keys = method_key(&bytes);
    let report = check("simple-eddsa-2022.json", &bytes, &with_key);
    assert!(report.verified(), "{:?}", report.checks);
    assert!(proof_checks(&report)[0]
        .detail
        .contains("the proof names it `eddsa-2022`"));
    // Nested signed credentials (endorsements signed as `eddsa-rdf-2022`, expired in 2020) are reported on their
    // own and decide the verdict only with --nested strict.
    let bytes = read("ob3-validator--complete.json");
    let mut with_key = options(&session);
    with_key.keys = method_key(&bytes);
    let report = check("complete.json", &bytes, &with_key);
    assert!(report.verified(), "{:?}", report.checks);
    assert_eq!(report.nested.len(), 5);
    assert!(report.nested.iter().all(|n| !n.counts && !n.verified()));
    assert_eq!(
        report.nested[0].pointer,
        "/credentialSubject/achievement/creator/endorsement/0"
    );
    with_key.settings.nested_strict = true;
    assert!(!check("complete.json", &bytes, &with_key).verified());
    let set = named("ob3-validator--simple-multiple-proofs.json");
    assert_eq!(
        set[0],
        (
            Outcome::Unsupported,
            "unsupported proof type SomeProofType".to_string()
        )
    );
    assert_eq!(set[1].0, Outcome::Verified, "{set:?}");
}

/// A presentation's credentials always decide its verdict (they are what is presented); an unsigned presentation
/// fails on its own missing proof.
#[test]
fn a_presentations_credentials_count() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    let credential = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let presentation = serde_json::json!({
        "@context": ["https://www.w3.org/ns/credentials/v2"],
        "type": ["VerifiablePresentation"],
        "verifiableCredential": [credential],
    });
    let report = check("vp.json", presentation.to_string().as_bytes(), &options);
    assert_eq!(report.nested.len(), 1);
    let inner = &report.nested[0];
    assert!(inner.counts && inner.verified(), "{:?}", inner.checks);
    assert_eq!(inner.pointer, "/verifiableCredential/0");
    assert_eq!(
        report.checks[0].detail,
        "the document has no top-level proof"
    );
    assert!(!report.verified());
}

/// VC-JWT and VC-JOSE: 1EdTech's CLR 2.0 VC-JWT verifies with the RSA key its header carries (reported as
/// self-asserted) and not once its payload is changed; a `kid` of another DID method cannot be resolved offline;
/// a VC-JOSE credential signed here with a did:key `kid` verifies, and not after its `validUntil`.
#[test]
fn vc_jwt_and_vc_jose_credentials() {
    use base64ct::{Base64UrlUnpadded, Encoding};
    use canonprof::keys::{SecretKey, SignatureAlgorithm};
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let clr =
        std::fs::read_to_string(data("signed-credentials/clr2-validator--simple.jwt")).unwrap();
    let report = check("simple.jwt", clr.as_bytes(), &options);
    assert_eq!(report.format, Format::Jwt);
    // The RSA key is the header's own jwk: anyone can make one for any issuer.
    assert_eq!(
        report.verdict(),
        Verdict::NotVerified(Refusal::KeyNotTrusted),
        "{:?}",
        report.checks
    );
    assert_eq!(
        report.checks[0].role,
        Role::Signature {
            trust: Some(Trust::SelfAsserted)
        }
    );
    assert!(report.checks[0].detail.contains("pass --key"));
    options.settings.accept_self_asserted = true;
    let report = check("simple.jwt", clr.as_bytes(), &options);
    assert_eq!(
        report.verdict(),
        Verdict::VerifiedSelfAsserted,
        "{:?}",
        report.checks
    );
    let parts: Vec<&str> = clr.trim().split('.').collect();
    let mut payload: Value =
        serde_json::from_slice(&Base64UrlUnpadded::decode_vec(parts[1]).unwrap()).unwrap();
    payload["sub"] = "someone-else".into();
    let changed = format!(
        "{}.{}.{}",
        parts[0],
        Base64UrlUnpadded::encode_string(payload.to_string().as_bytes()),
        parts[2]
    );
    assert!(!check("changed.jwt", changed.as_bytes(), &options).verified());
    options.settings.accept_self_asserted = false;
    let velocity = std::fs::read(data("signed-credentials/ob3-validator--velocity.jwt")).unwrap();
    let report = check("velocity.jwt", &velocity, &options);
    assert!(!report.verified());
    assert!(
        report.checks[0]
            .detail
            .starts_with("cannot resolve offline: did:velocity:"),
        "{:?}",
        report.checks
    );
    // A VC-JOSE credential (typ vc+jwt) signed with an Ed25519 key named by its did:key.
    let secret = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 9);
    let (did, method) = canonprof::integrity::multikey::did_key(&secret.public_key());
    let jose = canonprof::sd_jwt::jose::JoseKey::new(&secret).unwrap();
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::EdDSA);
    header.typ = Some("vc+jwt".into());
    header.kid = Some(method);
    let credential = serde_json::json!({
        "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"],
        "issuer": did, "validFrom": "2025-01-01T00:00:00Z", "validUntil": "2026-01-01T00:00:00Z",
        "credentialSubject": {"id": "did:example:subject"}, "iss": did});
    let token = jsonwebtoken::encode(&header, &credential, jose.encoding().unwrap()).unwrap();
    let report = check("vc.jwt", token.as_bytes(), &options);
    assert!(report.verified(), "{:?}", report.checks);
    assert!(
        report.checks[0].detail.contains("VC-JOSE") && report.checks[0].detail.contains("did:key")
    );
    options.settings.at_unix = 1_798_761_600; // 2027-01-01
    let report = check("vc.jwt", token.as_bytes(), &options);
    assert!(!report.verified());
    assert!(
        report
            .checks
            .iter()
            .any(|c| c.detail.starts_with("expired at --at (validUntil")),
        "{:?}",
        report.checks
    );
}

/// The Linked Data Signature suites before Data Integrity: the W3C vc-di-eddsa `Ed25519Signature2020` vector
/// (its intermediate values too), 1EdTech's CLR 2.0 `complex.json` (did:key, seven signed credentials inside),
/// and Transmute's `Ed25519Signature2018` credential and presentation (detached JWS, RFC 7797).
#[test]
fn legacy_linked_data_signatures_verify() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    let dir = "vc-di-eddsa/Ed25519Signature2020";
    let text = |name: &str| {
        std::fs::read_to_string(data(&format!("di-vectors/{dir}/{name}")))
            .unwrap()
            .trim()
            .to_string()
    };
    let signed = vector(&format!("{dir}/signedEdSig.json"));
    let report = check("signedEdSig.json", signed.to_string().as_bytes(), &options);
    assert!(report.verified(), "{:?}", report.checks);
    assert_eq!(
        proof_checks(&report)[0].detail,
        "Ed25519Signature2020 signature verified (did:key, resolved offline)"
    );
    // The intermediate values are the vector's.
    let mut unsecured = signed.as_object().unwrap().clone();
    let proof = unsecured.remove("proof").unwrap();
    let v = canonprof::integrity::legacy::verify_proof(
        canonprof::integrity::legacy::LegacySuite::Ed25519Signature2020,
        &unsecured,
        proof.as_object().unwrap(),
        None,
        &session,
    )
    .unwrap();
    let inter = v.intermediates.unwrap();
    assert_eq!(inter.canonical_document.trim(), text("canonDocEdSig.txt"));
    assert_eq!(
        inter.canonical_proof_config.trim(),
        text("proofCanonEdSig.txt")
    );
    assert_eq!(hex::encode(&inter.hash_data), text("combinedHashEdSig.txt"));
    // A changed claim and a changed proof option fail.
    let mut claim = signed.clone();
    claim["credentialSubject"]["alumniOf"] = "changed".into();
    let report = check("claim.json", claim.to_string().as_bytes(), &options);
    assert_eq!(proof_checks(&report)[0].outcome, Outcome::Failed);
    assert!(proof_checks(&report)[0].detail.contains("does not verify"));
    let mut created = signed.clone();
    created["proof"]["created"] = "2020-02-02T00:00:00Z".into();
    assert!(!check("created.json", created.to_string().as_bytes(), &options).verified());

    let read = |name: &str| std::fs::read(data(&format!("signed-credentials/{name}"))).unwrap();
    let report = check(
        "complex.json",
        &read("clr2-validator--complex.json"),
        &options,
    );
    assert!(report.verified(), "{:?}", report.checks);
    assert_eq!(report.nested.len(), 7);
    assert!(
        report.nested.iter().all(|n| n.verified()),
        "{:?}",
        report.nested
    );

    // Ed25519Signature2018: a detached JWS over the hash data.
    let credential = read("transmute--ed25519-2018-credential.json");
    let report = check("credential.json", &credential, &options);
    assert!(report.verified(), "{:?}", report.checks);
    let mut with_key = options.clone();
    with_key.keys = keys::parse(
        "key.json",
        &String::from_utf8(read("transmute--ed25519-2018-key.json")).unwrap(),
        &Limits::DEFAULT,
    )
    .unwrap();
    let report = check("credential.json", &credential, &with_key);
    assert!(report.verified(), "{:?}", report.checks);
    assert!(proof_checks(&report)[0]
        .detail
        .contains("key from key.json"));
    let mut doc: Value = serde_json::from_slice(&credential).unwrap();
    doc["credentialSubject"]["degree"]["name"] = "Master of Arts".into();
    assert!(!check("changed.json", doc.to_string().as_bytes(), &options).verified());
    let mut doc: Value = serde_json::from_slice(&credential).unwrap();
    let jws = doc["proof"]["jws"].as_str().unwrap().to_string();
    // The header without b64: false is not an unencoded-payload JWS.
    doc["proof"]["jws"] = format!("eyJhbGciOiJFZERTQSJ9{}", &jws[jws.find("..").unwrap()..]).into();
    let report = check("header.json", doc.to_string().as_bytes(), &options);
    assert_eq!(proof_checks(&report)[0].outcome, Outcome::Failed);
    assert!(proof_checks(&report)[0].detail.contains("RFC 7797"));
    doc["proof"]["jws"] = jws.replace("..", ".e30.").into();
    let report = check("attached.json", doc.to_string().as_bytes(), &options);
    assert!(proof_checks(&report)[0].detail.contains("detached JWS"));

    // The presentation: --challenge / --domain bind its authentication proof, not the credential inside.
    let presentation = read("transmute--ed25519-2018-presentation.json");
    let mut bound = options.clone();
    bound.settings.challenge = Some("99612b24-63d9-11ea-b99f-4f66f3e4f81a".into());
    bound.settings.domain = Some("verifier.example.com".into());
    let report = check("vp.json", &presentation, &bound);
    assert!(report.verified(), "{:?} {:?}", report.checks, report.nested);
    assert!(report.nested[0].counts && report.nested[0].verified());
    bound.settings.challenge = Some("another".into());
    let report = check("vp.json", &presentation, &bound);
    assert!(!report.verified());
    assert_eq!(
        proof_checks(&report)[0].detail,
        "the proof's challenge is not another"
    );
    assert!(report.nested[0].verified());
}

/// `--iterations / --runs`: per-step medians under each report, with machine-independent counts; `--export-json`
/// and `--flamegraphs` write what they name. Values are checked, never which time is larger.
#[test]
fn timing_export_and_flamegraphs() {
    let dir = tempfile::tempdir().unwrap();
    let eddsa = data("di-vectors/vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let sd = data("di-vectors/vc-di-ecdsa/ecdsa-sd-2023/employ/derivedRevealDocument.json");
    let json_path = dir.path().join("verify.json");
    let flames = dir.path().join("flames");
    let args: Vec<String> = [
        "verify",
        eddsa.to_str().unwrap(),
        sd.to_str().unwrap(),
        "/no/such/file.json",
        "--at",
        "2025-06-01T00:00:00Z",
        "--iterations",
        "3",
        "--runs",
        "2",
        "--warmup",
        "1",
        "--export-json",
        json_path.to_str().unwrap(),
        "--flamegraphs",
        flames.to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = canonprof(&refs);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "  timing: 3 iterations × 2 runs after 1 warm-up iterations; µs per verification"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("    canonicalize_document                  1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("      expand                               1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    verify_statements                      1"),
        "{stdout}"
    );
    let export: Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(export["command"], "verify");
    assert_eq!(export["settings"]["timing"]["iterations"], 3);
    let files = export["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert_eq!(files[0]["verified"], true);
    assert_eq!(files[0]["checks"][0]["outcome"], "verified");
    let timing = &files[0]["timing"];
    assert_eq!(timing["total"]["runs"], 2);
    assert_eq!(timing["total"]["samples"], 6);
    let steps = timing["steps"].as_array().unwrap();
    let names: Vec<(&str, u64)> = steps
        .iter()
        .filter(|s| s["depth"] == 0)
        .map(|s| {
            (
                s["name"].as_str().unwrap(),
                s["calls_per_verification"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("canonicalize_document", 1),
            ("canonicalize_proof_config", 1),
            ("hash_data", 1),
            ("verify", 1)
        ]
    );
    assert!(steps
        .iter()
        .any(|s| s["name"] == "expand" && s["parent"] == "canonicalize_proof_config"));
    // One eddsa-rdfc-2022 verification deserializes two datasets to RDF: the document's 8 quads and the proof
    // configuration's 5 (the vector's canonDocDataInt.txt and proofCanonDataInt.txt).
    let counter = |file: &Value, name: &str| {
        file["timing"]["counters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["value"].as_u64().unwrap())
    };
    assert_eq!(counter(&files[0], "to_rdf.quads_emitted"), Some(13));
    let canonical_bytes = ["canonDocDataInt.txt", "proofCanonDataInt.txt"]
        .iter()
        .map(|f| {
            std::fs::read(data(&format!("di-vectors/vc-di-eddsa/eddsa-rdfc-2022/{f}")))
                .unwrap()
                .len() as u64
        })
        .sum::<u64>();
    // RDFC-1.0 §5 serializes exactly the vector's canonical N-Quads.
    assert_eq!(counter(&files[0], "serialize.bytes"), Some(canonical_bytes));
    assert!(files[1]["timing"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["name"] == "verify_statements"));
    assert_eq!(files[2]["readable"], false);
    assert!(files[2]["reason"]
        .as_str()
        .unwrap()
        .contains("No such file"));
    let folded = std::fs::read_to_string(flames.join("verify-signedDataInt.json.folded")).unwrap();
    assert!(
        folded.contains("signedDataInt.json;canonicalize_document;expand "),
        "{folded}"
    );
    assert!(flames
        .join("verify-derivedRevealDocument.json.svg")
        .exists());
    // Without the plan's options nothing is timed; a bad plan is a usage error and writes no export.
    let plain = canonprof(&[
        "verify",
        eddsa.to_str().unwrap(),
        "--at",
        "2025-06-01T00:00:00Z",
    ]);
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("timing:"));
    let bad = dir.path().join("bad.json");
    let usage = canonprof(&[
        "verify",
        eddsa.to_str().unwrap(),
        "--iterations",
        "0",
        "--export-json",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(!bad.exists());
}

/// A signed credential with a poison graph inside (an n-clique of blank nodes, RDFC-1.0 §7.1): the verifier
/// refuses it as poison, quickly, per proof, with the bound named; `--hndq-limit` sets the bound.
fn with_clique(n: usize) -> Value {
    let mut doc = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let nodes: Vec<Value> = (0..n)
        .map(|i| {
            serde_json::json!({
                "@id": format!("_:v{i}"),
                "urn:ex:edge": (0..n).filter(|&j| j != i).map(|j| serde_json::json!({"@id": format!("_:v{j}")})).collect::<Vec<_>>(),
            })
        })
        .collect();
    doc["credentialSubject"]["urn:ex:poison"] = Value::Array(nodes);
    doc
}

#[test]
fn a_poison_graph_inside_a_signed_credential_is_refused_quickly() {
    let dir = tempfile::tempdir().unwrap();
    let poison = dir.path().join("poison.json");
    std::fs::write(&poison, with_clique(8).to_string()).unwrap();
    let at = "2025-06-01T00:00:00Z";
    let start = std::time::Instant::now();
    let out = canonprof(&["verify", poison.to_str().unwrap(), "--at", at]);
    assert!(start.elapsed().as_secs() < 10, "refusal is bounded");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("[FAIL] proof 1 of 1 (eddsa-rdfc-2022):")
            && stdout.contains("--hndq-limit"),
        "{stdout}"
    );
    // A 6-clique is within the default bound (its signature then fails: the claims changed) …
    let six = dir.path().join("six.json");
    std::fs::write(&six, with_clique(6).to_string()).unwrap();
    let out = canonprof(&["verify", six.to_str().unwrap(), "--at", at]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("does not verify"), "{stdout}");
    // … and refused under a lower one.
    let out = canonprof(&[
        "verify",
        six.to_str().unwrap(),
        "--at",
        at,
        "--hndq-limit",
        "10",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("--hndq-limit"), "{stdout}");
    let usage = canonprof(&["verify", six.to_str().unwrap(), "--hndq-limit", "0"]);
    assert_eq!(usage.status.code(), Some(2));
}

/// The remaining bad inputs a user can give, each with its status and message: an unknown cryptosuite, a
/// key of the wrong type for the proof, a JWK on a curve canonprof does not take, and a file that is no format.
#[test]
fn bad_inputs_get_a_reason_and_the_right_status() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    let mut unknown = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    unknown["proof"]["cryptosuite"] = "made-up-2099".into();
    let report = check("unknown.json", unknown.to_string().as_bytes(), &options);
    let proof = proof_checks(&report)[0].clone();
    assert_eq!(proof.outcome, Outcome::Unsupported);
    assert!(
        proof
            .detail
            .starts_with("unsupported cryptosuite `made-up-2099`"),
        "{}",
        proof.detail
    );
    // A P-256 Multikey for an eddsa-rdfc-2022 proof.
    let p256 = vector("vc-di-ecdsa/p256KeyPair.json");
    let mut wrong = options.clone();
    wrong.keys = keys::parse(
        "p256.json",
        &format!(
            r#"{{"publicKeyMultibase": {}}}"#,
            p256["publicKeyMultibase"]
        ),
        &Limits::DEFAULT,
    )
    .unwrap();
    let doc = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let report = check("eddsa.json", doc.to_string().as_bytes(), &wrong);
    let proof = proof_checks(&report)[0].clone();
    assert_eq!(proof.outcome, Outcome::Failed);
    assert!(
        proof.detail.contains("the key is not of the type"),
        "{}",
        proof.detail
    );
    // A JWK on secp256k1: refused when the key file is read, naming the file and the curve; exit status 1.
    let err = keys::parse(
        "k1.json",
        r#"{"kty": "EC", "crv": "secp256k1", "x": "AA", "y": "AA"}"#,
        &Limits::DEFAULT,
    )
    .unwrap_err();
    assert!(err.to_string().contains("k1.json"), "{err}");
    assert!(err.to_string().contains("crv secp256k1"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let k1 = dir.path().join("k1.json");
    std::fs::write(
        &k1,
        r#"{"kty": "EC", "crv": "secp256k1", "x": "AA", "y": "AA"}"#,
    )
    .unwrap();
    let good = data("di-vectors/vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let out = canonprof(&[
        "verify",
        good.to_str().unwrap(),
        "--key",
        k1.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("k1.json") && stderr.contains("secp256k1"),
        "{stderr}"
    );
    assert_ne!(out.status.code(), Some(0));
    // Bytes that are no format: a "could not be read" line, exit 1.
    let junk = dir.path().join("junk.bin");
    std::fs::write(&junk, [0xff, 0x00, 0x13]).unwrap();
    let out = canonprof(&["verify", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout)
        .contains("NOT VERIFIED (could not be read: not a JSON credential"));
}

/// The data model beside the proofs: whether the issuer (a presentation's holder) controls the signing method,
/// decided offline where it can be and failing only with `--issuer-binding strict`; VCDM 1.1's required
/// `issuanceDate`.
#[test]
fn issuer_binding_and_the_vcdm_1_1_issuance_date() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let subject = |report: &FileReport, name: &str| {
        report
            .checks
            .iter()
            .find(|c| c.subject == name)
            .cloned()
            .unwrap_or_else(|| panic!("no {name} check: {:?}", report.checks))
    };
    let read = |name: &str| std::fs::read(data(&format!("signed-credentials/{name}"))).unwrap();
    // The holder's own did:key signs the presentation.
    let vp = read("transmute--ed25519-2018-presentation.json");
    assert_eq!(
        subject(&check("vp.json", &vp, &options), "holder").outcome,
        Outcome::Verified
    );
    // The W3C ecdsa-sd-2023 vector is signed by another did:key than its issuer's: reported, and failed only
    // when strict.
    let sd = vector("vc-di-ecdsa/ecdsa-sd-2023/employ/derivedRevealDocument.json").to_string();
    let report = check("sd.json", sd.as_bytes(), &options);
    assert!(report.verified());
    let binding = subject(&report, "issuer");
    assert_eq!(binding.outcome, Outcome::NotChecked);
    assert!(
        binding.detail.contains("not as the issuer's"),
        "{}",
        binding.detail
    );
    options.settings.binding_strict = true;
    let report = check("sd.json", sd.as_bytes(), &options);
    assert!(!report.verified());
    assert_eq!(subject(&report, "issuer").outcome, Outcome::Failed);
    // A key from a DID document whose id is the issuer: the issuer controls it.
    let doc = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let method = doc["proof"]["verificationMethod"].as_str().unwrap();
    let multibase = method.rsplit_once('#').unwrap().1;
    options.keys = keys::parse(
        "issuer-did.json",
        &serde_json::json!({
            "id": doc["issuer"],
            "verificationMethod": [{"id": method, "type": "Multikey", "publicKeyMultibase": multibase}],
            "assertionMethod": [method],
        })
        .to_string(),
        &Limits::DEFAULT,
    )
    .unwrap();
    let report = check("doc.json", doc.to_string().as_bytes(), &options);
    assert!(report.verified(), "{:?}", report.checks);
    assert_eq!(subject(&report, "issuer").outcome, Outcome::Verified);
    // A VCDM 1.1 credential without issuanceDate.
    options.keys.clear();
    options.settings.binding_strict = false;
    let mut v1: Value =
        serde_json::from_slice(&read("transmute--ed25519-2018-credential.json")).unwrap();
    v1.as_object_mut().unwrap().remove("issuanceDate");
    let report = check("v1.json", v1.to_string().as_bytes(), &options);
    let model = subject(&report, "data model");
    assert_eq!(model.outcome, Outcome::Failed);
    assert!(model.detail.contains("VCDM 1.1 §4.6"), "{}", model.detail);
}

/// Keys in an `x5c` header and JWS JSON Serialization: the European Digital Credentials issuer's JAdES credential
/// (RS256, `b64: false`, an `x5c` seal certificate) verifies, a changed payload does not; a VC-JOSE credential
/// signed by a certificate's key verifies with the chain anchored by `--trust-anchor`, and is reported as
/// self-asserted without it.
#[test]
fn jades_and_x5c_keys() {
    use base64ct::{Base64, Base64UrlUnpadded, Encoding};
    use canonprof::keys::{SecretKey, SignatureAlgorithm};
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let bytes = std::fs::read(data(
        "signed-credentials/elm-edc--Sample-CertOfPart-signed.jsonld",
    ))
    .unwrap();
    let report = check("edc.jsonld", &bytes, &options);
    assert_eq!(report.format, Format::JwsJson);
    // The seal's certificate chains to nothing given: not trusted, unless accepted as self-asserted.
    assert_eq!(
        report.verdict(),
        Verdict::NotVerified(Refusal::KeyNotTrusted),
        "{:?}",
        report.checks
    );
    options.settings.accept_self_asserted = true;
    let report = check("edc.jsonld", &bytes, &options);
    assert_eq!(
        report.verdict(),
        Verdict::VerifiedSelfAsserted,
        "{:?}",
        report.checks
    );
    assert!(report.checks[0].detail.starts_with("RS256 over the protected header and the unencoded (b64: false) payload (the x5c signer"), "{:?}", report.checks[0]);
    assert!(report
        .checks
        .iter()
        .any(|c| c.subject == "certificate chain" && c.outcome == Outcome::NotChecked));
    // Timed, its step is the JWS signature check (a VC-JWT's too).
    let plan = canonprof::profile::Plan {
        iterations: 2,
        runs: 1,
        warmup: 0,
        warmup_seconds: 0.0,
        plain: false,
    };
    let timer = canonprof::profile::Timer::new();
    let jwt = std::fs::read(data("signed-credentials/clr2-validator--simple.jwt")).unwrap();
    for (name, file) in [("edc.jsonld", &bytes), ("simple.jwt", &jwt)] {
        let (_, timing) = verify::time_file(name, file, None, &options, &plan, &timer).unwrap();
        let timing = timing.expect("the verification ran a step");
        let steps: Vec<&str> = timing.steps.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(steps, ["verify"], "{name}");
    }
    let mut doc: Value = serde_json::from_slice(&bytes).unwrap();
    let payload = doc["payload"]
        .as_str()
        .unwrap()
        .replacen("Generic", "Genetic", 1);
    assert_ne!(payload, doc["payload"].as_str().unwrap());
    doc["payload"] = payload.into();
    let report = check("changed.jsonld", doc.to_string().as_bytes(), &options);
    assert!(!report.verified());
    assert_eq!(report.checks[0].outcome, Outcome::Failed);
    assert!(
        report.checks[0].detail.contains("does not verify"),
        "{:?}",
        report.checks[0]
    );

    // A VC-JOSE credential signed with a document signer key whose certificate the IACA issued.
    let (iaca, ds) = (
        SecretKey::from_seed(SignatureAlgorithm::P256, 31),
        SecretKey::from_seed(SignatureAlgorithm::P256, 32),
    );
    let chain = canonprof::mdoc::cert::generate(&iaca, &ds).unwrap();
    let jose = canonprof::sd_jwt::jose::JoseKey::new(&ds).unwrap();
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
    header.typ = Some("vc+jwt".into());
    header.x5c = Some(vec![Base64::encode_string(&chain.ds)]);
    let credential = serde_json::json!({
        "@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"],
        "issuer": "https://issuer.example", "credentialSubject": {"id": "did:example:subject"}});
    let token = jsonwebtoken::encode(&header, &credential, jose.encoding().unwrap()).unwrap();
    options.settings.at_unix = crate::common::chain_time(&chain.ds);
    options.settings.accept_self_asserted = false;
    let report = check("x5c.jwt", token.as_bytes(), &options);
    assert_eq!(
        report.verdict(),
        Verdict::NotVerified(Refusal::KeyNotTrusted),
        "{:?}",
        report.checks
    );
    let line = |report: &FileReport| {
        report
            .checks
            .iter()
            .find(|c| c.subject == "certificate chain")
            .cloned()
            .unwrap()
    };
    assert_eq!(line(&report).outcome, Outcome::NotChecked);
    options.trust_anchor = Some(chain.iaca.clone());
    let report = check("x5c.jwt", token.as_bytes(), &options);
    assert_eq!(report.verdict(), Verdict::Verified, "{:?}", report.checks);
    assert_eq!(
        line(&report).outcome,
        Outcome::Verified,
        "{:?}",
        line(&report)
    );
    // Another root: the chain fails.
    let other =
        canonprof::mdoc::cert::generate(&SecretKey::from_seed(SignatureAlgorithm::P256, 33), &ds)
            .unwrap();
    options.trust_anchor = Some(other.iaca);
    let report = check("x5c.jwt", token.as_bytes(), &options);
    assert_eq!(
        line(&report).outcome,
        Outcome::Failed,
        "{:?}",
        line(&report)
    );
    // A changed payload fails the signature whatever the chain says.
    let parts: Vec<&str> = token.split('.').collect();
    let changed = format!(
        "{}.{}.{}",
        parts[0],
        Base64UrlUnpadded::encode_string(br#"{"issuer":"https://other.example"}"#),
        parts[2]
    );
    assert!(!check("changed.jwt", changed.as_bytes(), &options).verified());
}

/// RFC 9901 §7.3 step 5: a Key Binding JWT made after the instant of verification is refused.
#[test]
fn a_key_binding_jwt_from_after_at_is_refused() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let keys_file = std::fs::read_to_string(data("sd-jwt/keys.json")).unwrap();
    let jwk = serde_json::from_str::<Value>(&keys_file).unwrap()
        ["issuer_public_jwk_from_RFC9901_A5"]
        .clone();
    options.keys = keys::parse("issuer.jwk", &jwk.to_string(), &Limits::DEFAULT).unwrap();
    let examples: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(data("sd-jwt/sd-jwt-vc-examples.extracted.json")).unwrap(),
    )
    .unwrap();
    let bound = examples.iter().find(|e| e.get("kb_jwt").is_some()).unwrap();
    let iat = bound["kb_jwt"]["payload"]["iat"].as_i64().unwrap();
    let value = bound["value"].as_str().unwrap().as_bytes();
    options.settings.at_unix = iat - 3600;
    let report = check("kb.txt", value, &options);
    assert!(!report.verified());
    let line = report
        .checks
        .iter()
        .find(|c| c.subject == "key binding")
        .unwrap();
    assert_eq!(line.outcome, Outcome::Failed);
    assert_eq!(
        line.detail,
        format!("the KB-JWT's iat {iat} is after --at ({})", iat - 3600)
    );
    options.settings.at_unix = iat + 3600;
    let report = check("kb.txt", value, &options);
    assert!(report.verified(), "{:?}", report.checks);
    assert!(report
        .checks
        .iter()
        .any(|c| c.detail.contains("iat 3600 s before --at")));
}

/// A verification that ends before any of its steps runs (no proof; a key that cannot be resolved offline) keeps
/// its verdict and checks under `--iterations` and `--flamegraphs`: the timing and the flamegraph say there was
/// nothing to time, the file is not "unreadable" and no internal error shows.
#[test]
fn timing_a_verification_that_ran_no_step_keeps_its_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let no_proof = dir.path().join("no-proof.json");
    std::fs::write(
        &no_proof,
        r#"{"@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"],
            "issuer": "did:example:1", "credentialSubject": {"id": "did:example:2"}}"#,
    )
    .unwrap();
    let flames = dir.path().join("flames");
    let json_path = dir.path().join("verify.json");
    let args = [
        "verify",
        no_proof.to_str().unwrap(),
        "--flamegraphs",
        flames.to_str().unwrap(),
        "--export-json",
        json_path.to_str().unwrap(),
    ];
    let out = canonprof(&[&args[..], &QUICK[..]].concat());
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("[FAIL] proof: the document has no top-level proof"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  timing: none (the verification ended before any of its steps ran)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  flamegraph: none (the verification ended before any of its steps ran)"),
        "{stdout}"
    );
    assert!(!stdout.contains("internal error"), "{stdout}");
    let export: Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    let file = &export["files"][0];
    assert_eq!(file["readable"], true);
    assert_eq!(file["verdict"], "failed");
    assert_eq!(file["checks"][0]["outcome"], "failed");
    assert!(file["timing"].is_null());
}

/// The validity line names the instant it judged: "now" when `--at` was not given, "at --at" when it was.
#[test]
fn validity_says_now_without_at() {
    let file = data("signed-credentials/ob3-validator--simple-eddsa-2022.json");
    let file = file.to_str().unwrap();
    let now = canonprof(&["verify", file]);
    let now = String::from_utf8_lossy(&now.stdout);
    assert!(
        now.contains("[ok] validity: valid now (issuanceDate 2022-11-27T00:00:00Z)"),
        "{now}"
    );
    let at = canonprof(&["verify", file, "--at", "2026-01-01T00:00:00Z"]);
    let at = String::from_utf8_lossy(&at.stdout);
    assert!(
        at.contains("[ok] validity: valid at --at (issuanceDate 2022-11-27T00:00:00Z)"),
        "{at}"
    );
    let before = canonprof(&["verify", file, "--at", "2020-01-01T00:00:00Z"]);
    let before = String::from_utf8_lossy(&before.stdout);
    assert!(
        before.contains("validity: not yet valid at --at (issuanceDate"),
        "{before}"
    );
}
