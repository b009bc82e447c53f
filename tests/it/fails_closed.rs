//! `verify` fails closed: no `verified` without a signature checked with a trusted key, in every format.
//! Each kind of wrong verdict is tried with several inputs of its kind: files that sign nothing, repeated JSON keys,
//! dates that are not NumericDates, keys the credential only asserts about itself, and an issuer that is not the
//! signer under `--issuer-binding strict`.

use crate::common::{canonprof, data};
use base64ct::{Base64, Base64UrlUnpadded, Encoding};
use canonprof::canon::{Session, Settings};
use canonprof::document::Limits;
use canonprof::keys::{SecretKey, SignatureAlgorithm};
use canonprof::sd_jwt::jose::JoseKey;
use canonprof::verify::{self, keys, FileReport, Options, Outcome, Refusal, Verdict};
use serde_json::{json, Value};

/// 2025-06-01T00:00:00Z.
const AT: i64 = 1_748_736_000;

fn options(session: &Session) -> Options<'_> {
    Options::new(session, AT)
}

/// The report of `bytes`, or `None` when the file could not be read at all (which the CLI reports as NOT
/// VERIFIED too).
fn read(bytes: &[u8], options: &Options) -> Option<FileReport> {
    verify::verify_bytes("hostile", bytes, None, options).ok()
}

/// Asserts `bytes` is not verified: refused as unreadable, or a NOT VERIFIED report.
fn refused(what: &str, bytes: &[u8], options: &Options) {
    if let Some(report) = read(bytes, options) {
        assert!(
            !report.verified(),
            "{what}: verified ({:?}): {:#?}",
            report.verdict(),
            report.checks
        );
    }
}

fn vector() -> Value {
    let path = data("di-vectors/vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A compact JWS of `header` and `payload` (JSON texts, written as given: they may repeat keys) signed by `key`.
fn jws(header: &str, payload: &str, key: &SecretKey) -> String {
    let jose = JoseKey::new(key).unwrap();
    let alg = match key.algorithm() {
        SignatureAlgorithm::Ed25519 => jsonwebtoken::Algorithm::EdDSA,
        _ => jsonwebtoken::Algorithm::ES256,
    };
    let input = format!(
        "{}.{}",
        Base64UrlUnpadded::encode_string(header.as_bytes()),
        Base64UrlUnpadded::encode_string(payload.as_bytes())
    );
    let signature =
        jsonwebtoken::crypto::sign(input.as_bytes(), jose.encoding().unwrap(), alg).unwrap();
    format!("{input}.{signature}")
}

fn did_key(key: &SecretKey) -> (String, String) {
    canonprof::integrity::multikey::did_key(&key.public_key())
}

#[test]
fn files_that_sign_nothing_are_not_verified() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    // JWS JSON with no signature, or signature entries that are not objects.
    let credential = json!({"@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"],
        "issuer": "https://issuer.example", "validFrom": "2020-01-01T00:00:00Z", "credentialSubject": {"id": "x"}});
    let payload = Base64UrlUnpadded::encode_string(credential.to_string().as_bytes());
    for signatures in [
        json!([]),
        json!([1]),
        json!(["x"]),
        json!([null]),
        json!([[]]),
    ] {
        let doc = json!({"payload": payload, "signatures": signatures});
        let report = read(doc.to_string().as_bytes(), &options).unwrap();
        assert_eq!(report.format, verify::Format::JwsJson);
        assert!(!report.verified(), "{signatures}: {:?}", report.checks);
    }
    // Data Integrity with an empty proof list, with and without a changed claim.
    let mut doc = vector();
    doc["proof"] = json!([]);
    let report = read(doc.to_string().as_bytes(), &options).unwrap();
    assert!(!report.verified(), "{:?}", report.checks);
    doc["credentialSubject"]["alumniOf"] = "Another University".into();
    refused(
        "proof: [] and a changed claim",
        doc.to_string().as_bytes(),
        &options,
    );
    for proof in [
        json!([1]),
        json!([null]),
        json!("x"),
        json!(true),
        json!({}),
    ] {
        let mut doc = vector();
        doc["proof"] = proof.clone();
        refused(
            &format!("proof {proof}"),
            doc.to_string().as_bytes(),
            &options,
        );
    }
    // No proof at all, validity alone.
    let mut doc = vector();
    doc.as_object_mut().unwrap().remove("proof");
    let report = read(doc.to_string().as_bytes(), &options).unwrap();
    assert_eq!(report.verdict(), Verdict::NotVerified(Refusal::Failed));
    // A proof set where one entry is not an object: the good proof does not carry the file.
    let mut doc = vector();
    let proof = doc["proof"].clone();
    doc["proof"] = json!([proof, 7]);
    refused(
        "a proof set with a number",
        doc.to_string().as_bytes(),
        &options,
    );
}

#[test]
fn repeated_json_keys_are_refused_wherever_verify_reads_json() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    let good = std::fs::read_to_string(data(
        "di-vectors/vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json",
    ))
    .unwrap();
    assert!(read(good.as_bytes(), &options).unwrap().verified());
    // A later `"proof": []`, a second claim value, a repeated key deep inside: each refused before any check.
    let trimmed = good.trim_end().trim_end_matches('}');
    let repeated_claim = good.replacen(
        "\"credentialSubject\": {",
        "\"credentialSubject\": {\"alumniOf\": \"Evil U\", ",
        1,
    );
    assert_ne!(repeated_claim, good);
    for (what, text) in [
        ("a later proof: []", format!("{trimmed}, \"proof\": []}}")),
        (
            "a second issuer",
            format!("{trimmed}, \"issuer\": \"did:example:evil\"}}"),
        ),
        ("a repeated claim", repeated_claim),
    ] {
        let error = verify::verify_bytes("dup.json", text.as_bytes(), None, &options).unwrap_err();
        assert_eq!(
            error.kind(),
            canonprof::ErrorKind::DuplicateKey,
            "{what}: {error}"
        );
        assert!(
            error.to_string().starts_with("dup.json:"),
            "{what}: {error}"
        );
    }
    // In a JWT header and payload, signed so that only the repetition is wrong.
    let key = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 41);
    let (did, method) = did_key(&key);
    let body = |extra: &str| {
        format!(
            r#"{{"iss":"{did}","nbf":1600000000,{extra}"vc":{{"@context":["https://www.w3.org/2018/credentials/v1"],"type":["VerifiableCredential"],"issuer":"{did}","credentialSubject":{{"id":"x"}}}}}}"#
        )
    };
    let header = format!(r#"{{"alg":"EdDSA","kid":"{method}"}}"#);
    let token = jws(&header, &body(""), &key);
    let report = read(token.as_bytes(), &options).unwrap();
    assert_eq!(report.verdict(), Verdict::Verified, "{:?}", report.checks);
    for (what, token) in [
        ("payload", jws(&header, &body(r#""nbf":4000000000,"#), &key)),
        (
            "payload iss",
            jws(&header, &body(r#""iss":"did:example:evil","#), &key),
        ),
        (
            "header",
            jws(
                &format!(r#"{{"alg":"EdDSA","kid":"{method}","kid":"did:example:x"}}"#),
                &body(""),
                &key,
            ),
        ),
    ] {
        refused(what, token.as_bytes(), &options);
        let error = verify::verify_bytes("t.jwt", token.as_bytes(), None, &options).unwrap_err();
        assert_eq!(
            error.kind(),
            canonprof::ErrorKind::DuplicateKey,
            "{what}: {error}"
        );
    }
    // In a JWS JSON Serialization's document and in its payload.
    let payload = r#"{"issuer":"https://i.example","issuer":"https://evil.example"}"#;
    let doc = format!(
        r#"{{"payload":"{}","signatures":[],"signatures":[{{"protected":"e30","signature":"AA"}}]}}"#,
        Base64UrlUnpadded::encode_string(payload.as_bytes())
    );
    refused("JWS JSON", doc.as_bytes(), &options);
}

#[test]
fn jwt_dates_must_be_numeric_dates() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    let key = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 42);
    let (did, method) = did_key(&key);
    let header = format!(r#"{{"alg":"EdDSA","kid":"{method}","typ":"vc+jwt"}}"#);
    let token = |dates: &str| {
        let payload = format!(
            r#"{{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"{did}","credentialSubject":{{"id":"x"}}{dates}}}"#
        );
        jws(&header, &payload, &key)
    };
    assert!(read(token("").as_bytes(), &options).unwrap().verified());
    let later = AT + 3600;
    assert!(
        read(token(&format!(r#","exp":{later}.5"#)).as_bytes(), &options)
            .unwrap()
            .verified()
    );
    for dates in [
        format!(r#","exp":{}.5"#, AT - 10),
        r#","exp":"2000-01-01T00:00:00Z""#.to_string(),
        r#","exp":"1""#.to_string(),
        r#","exp":null"#.to_string(),
        r#","exp":true"#.to_string(),
        r#","exp":[1]"#.to_string(),
        r#","nbf":"0""#.to_string(),
        r#","nbf":false"#.to_string(),
        format!(r#","nbf":{}.25"#, AT + 10),
        r#","iat":"now""#.to_string(),
    ] {
        let report = read(token(&dates).as_bytes(), &options).unwrap();
        assert!(!report.verified(), "{dates}: {:?}", report.checks);
        let validity = report
            .checks
            .iter()
            .find(|c| c.subject == "validity")
            .unwrap();
        assert_eq!(validity.outcome, Outcome::Failed, "{dates}");
    }
    // The same in an SD-JWT's issuer-signed JWT.
    let sd = |dates: &str| {
        let payload = format!(r#"{{"iss":"{did}","vct":"x","_sd_alg":"sha-256","_sd":[]{dates}}}"#);
        format!(
            "{}~",
            jws(
                &format!(r#"{{"alg":"EdDSA","kid":"{method}","typ":"dc+sd-jwt"}}"#),
                &payload,
                &key
            )
        )
    };
    let report = read(sd("").as_bytes(), &options).unwrap();
    assert_eq!(report.format, verify::Format::SdJwt);
    assert_eq!(report.verdict(), Verdict::Verified, "{:?}", report.checks);
    for dates in [
        format!(r#","exp":{}.5"#, AT - 10),
        r#","exp":"2000-01-01""#.to_string(),
        r#","exp":null"#.to_string(),
        r#","nbf":true"#.to_string(),
    ] {
        refused(&dates, sd(&dates).as_bytes(), &options);
    }
}

#[test]
fn self_asserted_keys_are_not_trusted_unless_accepted() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let key = SecretKey::from_seed(SignatureAlgorithm::P256, 43);
    let jose = JoseKey::new(&key).unwrap();
    let jwk = serde_json::to_string(&keys::to_jwk(&key.public_key())).unwrap();
    let vc = r#"{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"https://issuer.example","credentialSubject":{"id":"x"}}"#;
    // A header jwk (VC-JOSE and SD-JWT), and a self-made certificate in x5c (VC-JOSE).
    let chain =
        canonprof::mdoc::cert::generate(&SecretKey::from_seed(SignatureAlgorithm::P256, 44), &key)
            .unwrap();
    let x5c = format!(r#"["{}"]"#, Base64::encode_string(&chain.ds));
    let files = [
        jws(
            &format!(r#"{{"alg":"ES256","typ":"vc+jwt","jwk":{jwk}}}"#),
            vc,
            &key,
        ),
        format!(
            "{}~",
            jws(
                &format!(r#"{{"alg":"ES256","typ":"dc+sd-jwt","jwk":{jwk}}}"#),
                r#"{"iss":"https://issuer.example","vct":"x","_sd_alg":"sha-256","_sd":[]}"#,
                &key
            )
        ),
        jws(
            &format!(r#"{{"alg":"ES256","typ":"vc+jwt","x5c":{x5c}}}"#),
            vc,
            &key,
        ),
        format!(
            "{}~",
            jws(
                &format!(r#"{{"alg":"ES256","typ":"dc+sd-jwt","x5c":{x5c}}}"#),
                r#"{"iss":"https://issuer.example","vct":"x","_sd_alg":"sha-256","_sd":[]}"#,
                &key
            )
        ),
    ];
    let _ = jose;
    for (i, file) in files.iter().enumerate() {
        options.settings.at_unix = crate::common::chain_time(&chain.ds);
        options.settings.accept_self_asserted = false;
        let report = read(file.as_bytes(), &options).unwrap();
        assert_eq!(
            report.verdict(),
            Verdict::NotVerified(Refusal::KeyNotTrusted),
            "{i}: {:?}",
            report.checks
        );
        options.settings.accept_self_asserted = true;
        let report = read(file.as_bytes(), &options).unwrap();
        assert_eq!(
            report.verdict(),
            Verdict::VerifiedSelfAsserted,
            "{i}: {:?}",
            report.checks
        );
        // The x5c ones are trusted once their chain reaches the anchor.
        if i >= 2 {
            options.settings.accept_self_asserted = false;
            options.trust_anchor = Some(chain.iaca.clone());
            let report = read(file.as_bytes(), &options).unwrap();
            assert_eq!(
                report.verdict(),
                Verdict::Verified,
                "{i}: {:?}",
                report.checks
            );
            options.trust_anchor = None;
        }
    }
}

/// The Node.js peer's mdoc DeviceResponses (@auth0/mdl), each with the IACA certificate it was issued under: not
/// trusted alone, verified with that IACA as --trust-anchor or with --accept-self-asserted (said in the verdict).
#[test]
fn mdoc_issuer_keys_need_an_anchor() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    for name in ["mdoc-es256", "mdoc-eddsa"] {
        let bytes = std::fs::read(data(&format!("interop/node/{name}.cbor"))).unwrap();
        let pem = std::fs::read_to_string(data(&format!("interop/node/{name}.iaca.pem"))).unwrap();
        let iaca = canonprof::keys::pem_der(&pem, "CERTIFICATE").unwrap();
        options.settings.at_unix = 1_767_312_000; // 2026-01-02, inside the MSO's and the chain's validity
        options.trust_anchor = None;
        options.settings.accept_self_asserted = false;
        let report =
            verify::verify_bytes(name, &bytes, Some(verify::Format::Mdoc), &options).unwrap();
        assert_eq!(
            report.verdict(),
            Verdict::NotVerified(Refusal::KeyNotTrusted),
            "{name}: {:?}",
            report.checks
        );
        options.settings.accept_self_asserted = true;
        let report =
            verify::verify_bytes(name, &bytes, Some(verify::Format::Mdoc), &options).unwrap();
        assert_eq!(
            report.verdict(),
            Verdict::VerifiedSelfAsserted,
            "{name}: {:?}",
            report.checks
        );
        options.settings.accept_self_asserted = false;
        options.trust_anchor = Some(iaca);
        let report =
            verify::verify_bytes(name, &bytes, Some(verify::Format::Mdoc), &options).unwrap();
        assert_eq!(
            report.verdict(),
            Verdict::Verified,
            "{name}: {:?}",
            report.checks
        );
    }
}

#[test]
fn the_issuer_must_be_the_signer_under_strict_binding() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let (signer, other) = (
        SecretKey::from_seed(SignatureAlgorithm::Ed25519, 45),
        SecretKey::from_seed(SignatureAlgorithm::Ed25519, 46),
    );
    let (_, method) = did_key(&signer);
    let (other_did, _) = did_key(&other);
    let header = format!(r#"{{"alg":"EdDSA","kid":"{method}","typ":"vc+jwt"}}"#);
    let jose = |issuer: &str| {
        jws(
            &header,
            &format!(
                r#"{{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"{issuer}","credentialSubject":{{"id":"x"}}}}"#
            ),
            &signer,
        )
    };
    let vc_jwt = |iss: &str| {
        jws(
            &format!(r#"{{"alg":"EdDSA","kid":"{method}"}}"#),
            &format!(
                r#"{{"iss":"{iss}","vc":{{"@context":["https://www.w3.org/2018/credentials/v1"],"type":["VerifiableCredential"],"issuer":"{iss}","credentialSubject":{{"id":"x"}}}}}}"#
            ),
            &signer,
        )
    };
    let sd_jwt = |iss: &str| {
        format!(
            "{}~",
            jws(
                &format!(r#"{{"alg":"EdDSA","kid":"{method}","typ":"dc+sd-jwt"}}"#),
                &format!(r#"{{"iss":"{iss}","vct":"x","_sd_alg":"sha-256","_sd":[]}}"#),
                &signer
            )
        )
    };
    let (own_did, _) = did_key(&signer);
    for (what, make) in [
        ("VC-JOSE", &jose as &dyn Fn(&str) -> String),
        ("VC-JWT", &vc_jwt),
        ("SD-JWT VC", &sd_jwt),
    ] {
        for strict in [false, true] {
            options.settings.binding_strict = strict;
            let own = read(make(&own_did).as_bytes(), &options).unwrap();
            assert_eq!(own.verdict(), Verdict::Verified, "{what}: {:?}", own.checks);
            for party in [other_did.as_str(), "https://issuer.example"] {
                let report = read(make(party).as_bytes(), &options).unwrap();
                let issuer = report
                    .checks
                    .iter()
                    .find(|c| c.subject == "issuer")
                    .unwrap();
                if strict {
                    assert!(!report.verified(), "{what} {party}: {:?}", report.checks);
                    assert_eq!(issuer.outcome, Outcome::Failed);
                } else {
                    assert_eq!(issuer.outcome, Outcome::NotChecked, "{what}");
                }
            }
        }
    }
    // Data Integrity: the W3C vector's issuer is not its did:key signer.
    options.settings.binding_strict = true;
    refused("DI strict", vector().to_string().as_bytes(), &options);
}

#[test]
fn the_command_says_which_key_and_how_to_trust_it() {
    let key = SecretKey::from_seed(SignatureAlgorithm::P256, 47);
    let jwk = serde_json::to_string(&keys::to_jwk(&key.public_key())).unwrap();
    let vc = r#"{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"https://issuer.example","credentialSubject":{"id":"x"}}"#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("jwk.jwt");
    std::fs::write(
        &path,
        jws(
            &format!(r#"{{"alg":"ES256","typ":"vc+jwt","jwk":{jwk}}}"#),
            vc,
            &key,
        ),
    )
    .unwrap();
    let file = path.display().to_string();
    let out = canonprof(&["verify", &file]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with(&format!("{file}: NOT VERIFIED (key not trusted) (jwt)\n")),
        "{stdout}"
    );
    assert!(
        stdout.contains("the header's jwk: self-asserted") && stdout.contains("pass --key"),
        "{stdout}"
    );
    let out = canonprof(&["verify", &file, "--accept-self-asserted"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("not anchored"));
    // The public key as --key makes it trusted.
    let key_file = dir.path().join("key.jwk");
    std::fs::write(&key_file, &jwk).unwrap();
    let out = canonprof(&["verify", &file, "--key", &key_file.display().to_string()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // A syntax error is located after the file name.
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{\n  \"a\": [1,,2]\n}").unwrap();
    let name = broken.display().to_string();
    let out = canonprof(&["verify", &name]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("(could not be read: {name}:2:")),
        "{stdout}"
    );
}

/// A `--key` matched only because it was the one given (or by a bare fragment) does not speak for the DID a `kid`
/// names: the binding to that DID is not shown.
#[test]
fn a_given_key_does_not_bind_the_did_its_kid_claims() {
    let session = Session::bundled(Settings::default());
    let mut options = options(&session);
    let key = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 48);
    let jwk = keys::to_jwk(&key.public_key());
    options.keys = keys::parse("key.jwk", &jwk.to_string(), &Limits::DEFAULT).unwrap();
    for kid in ["did:example:victim#key-1", "did:example:victim", ""] {
        let header = match kid {
            "" => r#"{"alg":"EdDSA","typ":"vc+jwt"}"#.to_string(),
            kid => format!(r#"{{"alg":"EdDSA","typ":"vc+jwt","kid":"{kid}"}}"#),
        };
        let token = jws(
            &header,
            r#"{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"did:example:victim","credentialSubject":{"id":"x"}}"#,
            &key,
        );
        options.settings.binding_strict = false;
        let report = read(token.as_bytes(), &options).unwrap();
        assert!(report.verified(), "{kid}: {:?}", report.checks);
        let issuer = report
            .checks
            .iter()
            .find(|c| c.subject == "issuer")
            .unwrap();
        assert_eq!(issuer.outcome, Outcome::NotChecked, "{kid}: {issuer:?}");
        options.settings.binding_strict = true;
        refused(kid, token.as_bytes(), &options);
    }
}

/// RFC 7515 §4.1.11: a compact JWS (VC-JWT, VC-JOSE, SD-JWT) whose `crit` names an extension this verifier does
/// not process, or whose `crit` is malformed, is not verified.
#[test]
fn critical_header_extensions_are_understood_or_refused() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    let key = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 49);
    let (did, method) = did_key(&key);
    let vc = format!(
        r#"{{"@context":["https://www.w3.org/ns/credentials/v2"],"type":["VerifiableCredential"],"issuer":"{did}","credentialSubject":{{"id":"x"}}}}"#
    );
    let sd = format!(r#"{{"iss":"{did}","vct":"x","_sd_alg":"sha-256","_sd":[]}}"#);
    for crit in [
        r#","crit":["exp"],"exp":1"#,
        r#","crit":["b64"],"b64":false"#,
        r#","crit":[]"#,
        r#","crit":"exp""#,
        r#","crit":["nothere"]"#,
        r#","crit":[1]"#,
    ] {
        let header = format!(r#"{{"alg":"EdDSA","typ":"vc+jwt","kid":"{method}"{crit}}}"#);
        refused(crit, jws(&header, &vc, &key).as_bytes(), &options);
        let header = format!(r#"{{"alg":"EdDSA","typ":"dc+sd-jwt","kid":"{method}"{crit}}}"#);
        refused(
            crit,
            format!("{}~", jws(&header, &sd, &key)).as_bytes(),
            &options,
        );
    }
}

/// A Data Integrity credential that names no issuer binds its keys to nobody: not verified (a credential must name
/// its issuer, VCDM 2.0 §4.7).
#[test]
fn a_credential_without_an_issuer_is_not_verified() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("k.jwk");
    let out = canonprof(&[
        "sign",
        "--generate-key",
        "ed25519",
        "--seed",
        "3",
        "--out",
        &key.display().to_string(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut unsigned: Value = serde_json::from_str(
        &std::fs::read_to_string(data("sign/vc-di-eddsa--alumni-unsigned.json")).unwrap(),
    )
    .unwrap();
    for issuer in [Value::Null, json!(7), json!({"name": "no id"})] {
        match &issuer {
            Value::Null => {
                unsigned.as_object_mut().unwrap().remove("issuer");
            }
            other => unsigned["issuer"] = other.clone(),
        }
        let input = dir.path().join("in.json");
        std::fs::write(&input, unsigned.to_string()).unwrap();
        let signed = dir.path().join("signed.json");
        let out = canonprof(&[
            "sign",
            &input.display().to_string(),
            "--cryptosuite",
            "eddsa-rdfc-2022",
            "--key",
            &key.display().to_string(),
            "--out",
            &signed.display().to_string(),
        ]);
        assert!(
            out.status.success(),
            "{issuer}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let out = canonprof(&["verify", &signed.display().to_string()]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{issuer}: {stdout}");
        assert!(
            stdout.contains("[ok] proof 1 of 1") && stdout.contains("names no issuer"),
            "{stdout}"
        );
    }
}

/// Disclosures nested inside Disclosures as deep as an attacker likes: refused past --max-depth (a chain of
/// 20,000 overflowed the stack), as objects and as array elements.
#[test]
fn disclosures_nested_past_the_depth_limit_are_refused() {
    let session = Session::bundled(Settings::default());
    let options = options(&session);
    let key = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 50);
    let (did, method) = did_key(&key);
    let header = format!(r#"{{"alg":"EdDSA","typ":"dc+sd-jwt","kid":"{method}"}}"#);
    for (depth, as_array) in [(20, false), (20, true), (150, false), (3000, true)] {
        let mut disclosures = Vec::new();
        let mut inner = json!({"leaf": 1});
        for i in 0..depth {
            let array = if as_array {
                json!([format!("s{i}"), inner])
            } else {
                json!([format!("s{i}"), "k", inner])
            };
            let encoded = Base64UrlUnpadded::encode_string(array.to_string().as_bytes());
            let digest = canonprof::sd_jwt::digest(&encoded);
            inner = if as_array {
                json!([{ "...": digest }])
            } else {
                json!({ "_sd": [digest] })
            };
            disclosures.push(encoded);
        }
        let mut payload = json!({"iss": did, "vct": "x", "_sd_alg": "sha-256"});
        if as_array {
            payload["arr"] = inner;
        } else {
            payload["_sd"] = inner["_sd"].clone();
        }
        disclosures.reverse();
        let token = format!(
            "{}~{}~",
            jws(&header, &payload.to_string(), &key),
            disclosures.join("~")
        );
        let report = read(token.as_bytes(), &options).unwrap();
        match depth {
            20 => assert!(report.verified(), "{depth}: {:?}", report.checks),
            _ => {
                assert!(!report.verified());
                assert!(
                    report
                        .checks
                        .iter()
                        .any(|c| c.detail.contains("--max-depth")),
                    "{depth}: {:?}",
                    report.checks
                );
            }
        }
    }
}

/// Writing an export onto a device writes into it: the node stays (renaming over it, as root, deleted /dev/full).
#[test]
fn exports_write_into_devices_instead_of_replacing_them() {
    use std::os::unix::fs::FileTypeExt;
    let null = std::path::Path::new("/dev/null");
    canonprof::export::write_atomically(null, "{}").unwrap();
    assert!(std::fs::metadata(null)
        .unwrap()
        .file_type()
        .is_char_device());
}

/// A `--key` file is read as strictly as any JSON verify trusts: a repeated member is refused, not taken last.
#[test]
fn key_files_with_repeated_members_are_refused() {
    let key = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 51);
    let other = SecretKey::from_seed(SignatureAlgorithm::Ed25519, 52);
    let x = |k: &SecretKey| {
        keys::to_jwk(&k.public_key())["x"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let text = format!(
        r#"{{"kty":"OKP","crv":"Ed25519","x":"{}","x":"{}"}}"#,
        x(&key),
        x(&other)
    );
    let error = keys::parse("dup.jwk", &text, &Limits::DEFAULT).unwrap_err();
    assert!(error.to_string().contains("duplicate key"), "{error}");
}
