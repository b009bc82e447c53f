//! `canonprof sign`: for every cryptosuite and curve the signed credential verifies with `canonprof verify` and a
//! tampered copy does not; keys from `--generate-key` (JWK, `kid` its did:key, mode 0600), PEM (OpenSSL's PKCS#8
//! and SEC 1) and Multikey files; a key that does not fit the suite is a usage error; a second proof makes a proof
//! set; unknown contexts and repeated keys are refused; `--out` is written whole or not at all; SD-JWT VC and mdoc
//! output verify.

use crate::common::{canonprof, canonprof_ok, data};
use canonprof::canon::{Session, Settings};
use canonprof::integrity::multikey;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The W3C vc-di-eddsa test vectors' unsigned credential (no validity end).
const ALUMNI: &str = "sign/vc-di-eddsa--alumni-unsigned.json";
/// The W3C vc-di-ecdsa test vectors' unsigned credential (valid 2024-12-16 to 2025-12-16).
const PR_CARD: &str = "sign/vc-di-ecdsa--prCred-unsigned.json";
/// An instant inside both credentials' validity.
const AT: &str = "2025-06-01T00:00:00Z";
const CREATED: &str = "2025-05-01T12:00:00Z";

/// Every suite with the key algorithms it signs with (`--generate-key` names).
const SUITES: [(&str, &[&str]); 5] = [
    ("eddsa-rdfc-2022", &["ed25519"]),
    ("eddsa-jcs-2022", &["ed25519"]),
    ("ecdsa-rdfc-2019", &["p256", "p384"]),
    ("ecdsa-jcs-2019", &["p256", "p384"]),
    ("ecdsa-sd-2023", &["p256"]),
];

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

fn fixture(name: &str) -> String {
    data(name).display().to_string()
}

/// `--generate-key alg --seed seed` into `dir/<alg>.jwk`; its path.
fn generate(dir: &Path, alg: &str, seed: u64) -> String {
    let out = path(dir, &format!("{alg}-{seed}.jwk"));
    if Path::new(&out).exists() {
        return out;
    }
    canonprof_ok(&[
        "sign",
        "--generate-key",
        alg,
        "--seed",
        &seed.to_string(),
        "--out",
        &out,
    ]);
    out
}

/// Signs `credential` into `dir/<name>` and returns the signed document.
fn sign(credential: &str, suite: &str, key: &str, out: &str, extra: &[&str]) -> Value {
    let args = [
        &[
            "sign",
            credential,
            "--cryptosuite",
            suite,
            "--key",
            key,
            "--created",
            CREATED,
            "--out",
            out,
        ][..],
        extra,
    ]
    .concat();
    canonprof_ok(&args);
    serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap()
}

/// `canonprof verify --at AT file`: (exit code, stdout).
fn verify(file: &str, extra: &[&str]) -> (Option<i32>, String) {
    let output = canonprof(&[&["verify", "--at", AT, file][..], extra].concat());
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

fn assert_verifies(file: &str, extra: &[&str]) {
    let (code, stdout) = verify(file, extra);
    assert_eq!(code, Some(0), "{file}: {stdout}");
    assert!(stdout.contains(": verified ("), "{stdout}");
}

fn assert_rejected(file: &str, extra: &[&str]) {
    let (code, stdout) = verify(file, extra);
    assert_eq!(code, Some(1), "{file}: {stdout}");
    assert!(stdout.contains("NOT VERIFIED"), "{stdout}");
}

/// `document` with a subject claim changed, written to `out`.
fn tampered(document: &Value, out: &str) -> String {
    let mut copy = document.clone();
    let subject = copy["credentialSubject"].as_object_mut().unwrap();
    let (name, _) = subject
        .iter()
        .find(|(k, _)| *k != "id" && *k != "type")
        .map(|(k, v)| (k.clone(), v.clone()))
        .unwrap();
    subject.insert(name, Value::from("tampered"));
    std::fs::write(out, serde_json::to_vec_pretty(&copy).unwrap()).unwrap();
    out.to_string()
}

/// The holder's derived proof of an ecdsa-sd-2023 base-signed document, disclosing `pointers`, written to `out`.
fn derive(secured: &Value, pointers: &[&str], out: &str) -> Value {
    let pointers: Vec<String> = pointers.iter().map(|p| p.to_string()).collect();
    let (derived, _) = canonprof::integrity::ecdsa_sd::derive_proof(
        secured,
        &pointers,
        &Session::bundled(Settings::default()),
    )
    .unwrap();
    std::fs::write(out, serde_json::to_vec_pretty(&derived).unwrap()).unwrap();
    derived
}

fn jwk(file: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

#[test]
fn every_suite_and_curve_signs_what_verify_accepts_and_tampering_breaks() {
    let dir = tempfile::tempdir().unwrap();
    let mut signed = 0;
    for (suite, algorithms) in SUITES {
        for alg in algorithms {
            let key = generate(dir.path(), alg, 5);
            let kid = jwk(&key)["kid"].as_str().unwrap().to_string();
            for credential in [ALUMNI, PR_CARD] {
                let name = format!("{suite}-{alg}-{}", credential.len());
                let out = path(dir.path(), &format!("{name}.json"));
                let extra: &[&str] = if suite == "ecdsa-sd-2023" {
                    &["--mandatory", "/issuer", "--seed", "9"]
                } else {
                    &[]
                };
                let secured = sign(&fixture(credential), suite, &key, &out, extra);
                let proof = &secured["proof"];
                assert_eq!(proof["type"], "DataIntegrityProof");
                assert_eq!(proof["cryptosuite"], *suite);
                assert_eq!(proof["created"], CREATED);
                assert_eq!(proof["proofPurpose"], "assertionMethod");
                assert_eq!(proof["verificationMethod"], kid.as_str());
                let checked = if suite == "ecdsa-sd-2023" {
                    // A base proof is the holder's to derive from; the derived proof is what verifiers check.
                    let derived_out = path(dir.path(), &format!("{name}.derived.json"));
                    let derived = derive(&secured, &["/credentialSubject"], &derived_out);
                    assert_rejected(&tampered(&derived, &path(dir.path(), "t.json")), &[]);
                    derived_out
                } else {
                    assert_rejected(&tampered(&secured, &path(dir.path(), "t.json")), &[]);
                    out
                };
                assert_verifies(&checked, &[]);
                signed += 1;
            }
        }
    }
    assert_eq!(signed, 14, "7 suite and curve pairs, 2 credentials each");
}

#[test]
fn a_signed_proof_is_what_the_suite_computes_over_the_credential() {
    // Ed25519 and RFC 6979 ECDSA are deterministic: the same key, credential and `created` give the same bytes,
    // and the library's own Create Proof gives the same proofValue.
    let dir = tempfile::tempdir().unwrap();
    let key = generate(dir.path(), "ed25519", 11);
    let first = sign(
        &fixture(ALUMNI),
        "eddsa-rdfc-2022",
        &key,
        &path(dir.path(), "1.json"),
        &[],
    );
    let again = sign(
        &fixture(ALUMNI),
        "eddsa-rdfc-2022",
        &key,
        &path(dir.path(), "2.json"),
        &[],
    );
    assert_eq!(
        std::fs::read(path(dir.path(), "1.json")).unwrap(),
        std::fs::read(path(dir.path(), "2.json")).unwrap()
    );
    let secret =
        canonprof::keys::SecretKey::from_seed(canonprof::keys::SignatureAlgorithm::Ed25519, 11);
    let unsecured: Value =
        serde_json::from_str(&std::fs::read_to_string(data(ALUMNI)).unwrap()).unwrap();
    let mut options = first["proof"].clone();
    options.as_object_mut().unwrap().remove("proofValue");
    let (proof, intermediates) = canonprof::integrity::suites::create_proof(
        canonprof::integrity::suites::Cryptosuite::EddsaRdfc2022,
        &unsecured,
        &options,
        &secret,
        &Session::bundled(Settings::default()),
    )
    .unwrap();
    assert_eq!(proof["proofValue"], again["proof"]["proofValue"]);
    assert_eq!(intermediates.canonicalizations, 2);
    let mut body = first.clone();
    body.as_object_mut().unwrap().remove("proof");
    assert_eq!(body, unsecured, "the credential itself is unchanged");
}

#[test]
fn generated_keys_are_private_jwks_named_by_their_did_key() {
    let dir = tempfile::tempdir().unwrap();
    for (alg, kty, crv, prefix) in [
        ("ed25519", "OKP", "Ed25519", "did:key:z6Mk"),
        ("p256", "EC", "P-256", "did:key:zDn"),
        ("p384", "EC", "P-384", "did:key:z82"),
    ] {
        let file = generate(dir.path(), alg, 3);
        let key = jwk(&file);
        assert_eq!(key["kty"], kty);
        assert_eq!(key["crv"], crv);
        assert!(key["d"].is_string());
        let kid = key["kid"].as_str().unwrap();
        let (did, fragment) = kid.split_once('#').unwrap();
        assert!(did.starts_with(prefix), "{kid}");
        assert_eq!(did, format!("did:key:{fragment}"));
        let public = multikey::did_key_public_key(kid).unwrap();
        assert_eq!(
            canonprof::verify::keys::to_jwk(&public)["x"],
            key["x"],
            "the kid is the did:key of this key"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{file}");
        }
        // The same seed gives the same key; a key file is never overwritten.
        let again = path(dir.path(), &format!("{alg}-again.jwk"));
        canonprof_ok(&[
            "sign",
            "--generate-key",
            alg,
            "--seed",
            "3",
            "--out",
            &again,
        ]);
        assert_eq!(jwk(&again), key);
        let output = canonprof(&["sign", "--generate-key", alg, "--out", &again]);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(jwk(&again), key);
    }
    // Without a seed: from the OS RNG, two keys differ.
    let (a, b) = (path(dir.path(), "os-a.jwk"), path(dir.path(), "os-b.jwk"));
    canonprof_ok(&["sign", "--generate-key", "ed25519", "--out", &a]);
    canonprof_ok(&["sign", "--generate-key", "ed25519", "--out", &b]);
    assert_ne!(jwk(&a)["d"], jwk(&b)["d"]);
    let out = path(dir.path(), "signed.json");
    sign(&fixture(ALUMNI), "eddsa-jcs-2022", &a, &out, &[]);
    assert_verifies(&out, &[]);
}

#[test]
fn a_key_that_does_not_fit_the_suite_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let keys: Vec<(&str, String)> = ["ed25519", "p256", "p384"]
        .into_iter()
        .map(|alg| (alg, generate(dir.path(), alg, 1)))
        .collect();
    let out = path(dir.path(), "never.json");
    let mut refused = 0;
    for (suite, fits) in SUITES {
        for (alg, key) in keys.iter().filter(|(alg, _)| !fits.contains(alg)) {
            let output = canonprof(&[
                "sign",
                &fixture(ALUMNI),
                "--cryptosuite",
                suite,
                "--key",
                key,
                "--out",
                &out,
            ]);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{suite} {alg}: {stderr}");
            assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
            assert!(
                stderr.contains(&format!("--cryptosuite {suite} needs")),
                "{stderr}"
            );
            assert!(!Path::new(&out).exists());
            refused += 1;
        }
    }
    assert_eq!(refused, 8);
}

#[test]
fn pem_and_multikey_secret_keys_sign() {
    let dir = tempfile::tempdir().unwrap();
    for (file, suite) in [
        ("sign/ed25519.pkcs8.pem", "eddsa-rdfc-2022"),
        ("sign/p256.pkcs8.pem", "ecdsa-rdfc-2019"),
        ("sign/p384.pkcs8.pem", "ecdsa-jcs-2019"),
        ("sign/p256.sec1.pem", "ecdsa-jcs-2019"),
        ("sign/p384.sec1.pem", "ecdsa-rdfc-2019"),
    ] {
        let out = path(dir.path(), "pem.json");
        let secured = sign(&fixture(ALUMNI), suite, &fixture(file), &out, &[]);
        let method = secured["proof"]["verificationMethod"].as_str().unwrap();
        assert!(method.starts_with("did:key:z"), "{file}: {method}");
        assert_verifies(&out, &[]);
    }
    // The SEC 1 file is the PKCS#8 file's key (OpenSSL converted it): the same did:key.
    let method = |file: &str| {
        let out = path(dir.path(), "m.json");
        sign(
            &fixture(ALUMNI),
            "ecdsa-jcs-2019",
            &fixture(file),
            &out,
            &[],
        )["proof"]["verificationMethod"]
            .clone()
    };
    assert_eq!(method("sign/p256.sec1.pem"), method("sign/p256.pkcs8.pem"));
    let output = canonprof(&[
        "sign",
        &fixture(ALUMNI),
        "--cryptosuite",
        "ecdsa-rdfc-2019",
        "--key",
        &fixture("sign/p256.encrypted.pem"),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("p256.encrypted.pem: PEM: an encrypted private key"),
        "{stderr}"
    );

    // Multikey secrets (`secretKeyMultibase`: multicodec ed25519-priv 0x1300, p256-priv 0x1306, p384-priv
    // 0x1307), with their publicKeyMultibase and an id.
    for (alg, prefix, suite) in [
        ("ed25519", [0x80u8, 0x26], "eddsa-jcs-2022"),
        ("p256", [0x86, 0x26], "ecdsa-sd-2023"),
        ("p384", [0x87, 0x26], "ecdsa-rdfc-2019"),
    ] {
        let key = jwk(&generate(dir.path(), alg, 21));
        use base64ct::{Base64UrlUnpadded, Encoding};
        let secret = Base64UrlUnpadded::decode_vec(key["d"].as_str().unwrap()).unwrap();
        let kid = key["kid"].as_str().unwrap();
        let (controller, public) = kid.split_once('#').unwrap();
        let multikey = serde_json::json!({
            "type": "Multikey",
            "id": kid,
            "controller": controller,
            "publicKeyMultibase": public,
            "secretKeyMultibase": multikey::encode_base58btc(&[&prefix[..], &secret].concat()),
        });
        let file = path(dir.path(), &format!("{alg}.multikey.json"));
        std::fs::write(&file, multikey.to_string()).unwrap();
        let out = path(dir.path(), "mk.json");
        let extra: &[&str] = if suite == "ecdsa-sd-2023" {
            &["--mandatory", "/issuer"]
        } else {
            &[]
        };
        let secured = sign(&fixture(ALUMNI), suite, &file, &out, extra);
        assert_eq!(secured["proof"]["verificationMethod"], kid);
        if suite != "ecdsa-sd-2023" {
            assert_verifies(&out, &[]);
        }
        // A publicKeyMultibase of another key is refused.
        let mut mixed = multikey.clone();
        mixed["publicKeyMultibase"] = Value::from(multikey::public_key_multibase(
            &canonprof::keys::SecretKey::from_seed(canonprof::keys::SignatureAlgorithm::Ed25519, 1)
                .public_key(),
        ));
        std::fs::write(&file, mixed.to_string()).unwrap();
        let output = canonprof(&[
            "sign",
            &fixture(ALUMNI),
            "--cryptosuite",
            suite,
            "--key",
            &file,
        ]);
        assert_eq!(output.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&output.stderr).contains("is not the public key of"));
    }
}

#[test]
fn a_second_proof_makes_a_proof_set() {
    let dir = tempfile::tempdir().unwrap();
    let ed = generate(dir.path(), "ed25519", 2);
    let p384 = generate(dir.path(), "p384", 2);
    let once = path(dir.path(), "once.json");
    let first = sign(&fixture(PR_CARD), "eddsa-rdfc-2022", &ed, &once, &[]);
    let twice = path(dir.path(), "twice.json");
    let second = sign(&once, "ecdsa-jcs-2019", &p384, &twice, &[]);
    let proofs = second["proof"].as_array().unwrap();
    assert_eq!(proofs.len(), 2);
    assert_eq!(
        proofs[0], first["proof"],
        "the existing proof is kept as it was"
    );
    let thrice = path(dir.path(), "thrice.json");
    let third = sign(&twice, "ecdsa-rdfc-2019", &p384, &thrice, &[]);
    assert_eq!(third["proof"].as_array().unwrap().len(), 3);
    let (code, stdout) = verify(&thrice, &[]);
    assert_eq!(code, Some(0), "{stdout}");
    for n in 1..=3 {
        assert!(stdout.contains(&format!("[ok] proof {n} of 3")), "{stdout}");
    }
    assert_rejected(&tampered(&third, &path(dir.path(), "t.json")), &[]);
}

#[test]
fn a_credential_without_the_proof_terms_gets_the_data_integrity_context() {
    let dir = tempfile::tempdir().unwrap();
    let key = generate(dir.path(), "ed25519", 4);
    let v1 = serde_json::json!({
        "@context": ["https://www.w3.org/2018/credentials/v1", "https://www.w3.org/2018/credentials/examples/v1"],
        "type": ["VerifiableCredential", "AlumniCredential"],
        "issuer": "did:example:issuer",
        "issuanceDate": "2024-01-01T00:00:00Z",
        "credentialSubject": {"id": "did:example:subject", "alumniOf": "Example University"}
    });
    let file = path(dir.path(), "v1.json");
    std::fs::write(&file, v1.to_string()).unwrap();
    let out = path(dir.path(), "v1.signed.json");
    let secured = sign(&file, "eddsa-rdfc-2022", &key, &out, &[]);
    assert_eq!(
        secured["@context"][2],
        canonprof::integrity::suites::DATA_INTEGRITY_V2
    );
    assert_verifies(&out, &[]);
}

#[test]
fn unknown_contexts_and_repeated_keys_are_refused_by_every_suite() {
    let dir = tempfile::tempdir().unwrap();
    let key = generate(dir.path(), "p256", 8);
    let unknown = r#"{"@context": ["https://www.w3.org/ns/credentials/v2"], "type": "VerifiableCredential",
        "issuer": "did:example:1", "credentialSubject": {"n": {"@context": "https://unknown.example/ctx", "a": 1}}}"#;
    let repeated = r#"{"@context": ["https://www.w3.org/ns/credentials/v2"], "type": "VerifiableCredential",
        "issuer": "did:example:1", "credentialSubject": {"a": 1, "a": 2}}"#;
    let (unknown_file, repeated_file) = (path(dir.path(), "u.json"), path(dir.path(), "r.json"));
    std::fs::write(&unknown_file, unknown).unwrap();
    std::fs::write(&repeated_file, repeated).unwrap();
    for suite in ["ecdsa-rdfc-2019", "ecdsa-jcs-2019", "ecdsa-sd-2023"] {
        for (file, needles) in [
            (
                &unknown_file,
                &[
                    "u.json:/credentialSubject/n/@context",
                    "https://unknown.example/ctx",
                ][..],
            ),
            (
                &repeated_file,
                &["r.json:2:", "duplicate key", "/credentialSubject/a"][..],
            ),
        ] {
            let out = path(dir.path(), "never.json");
            let output = canonprof(&[
                "sign",
                file,
                "--cryptosuite",
                suite,
                "--key",
                &key,
                "--out",
                &out,
            ]);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(1), "{suite}: {stderr}");
            assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
            for needle in needles {
                assert!(stderr.contains(needle), "{suite}: {needle:?} in {stderr}");
            }
            assert!(!Path::new(&out).exists());
        }
    }
    let output = canonprof(&[
        "sign",
        &fixture(ALUMNI),
        "--cryptosuite",
        "ecdsa-jcs-2019",
        "--key",
        &key,
        "--max-input-size",
        "100",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--max-input-size"));
}

#[test]
fn out_is_replaced_whole_or_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let key = generate(dir.path(), "ed25519", 6);
    let out = path(dir.path(), "out.json");
    std::fs::write(&out, "previous").unwrap();
    // A failure after the output was checked (an unknown context) leaves the old file and no temporary one.
    let bad = path(dir.path(), "bad.json");
    std::fs::write(
        &bad,
        r#"{"@context": "https://unknown.example/v1", "type": "VerifiableCredential"}"#,
    )
    .unwrap();
    let output = canonprof(&[
        "sign",
        &bad,
        "--cryptosuite",
        "eddsa-jcs-2022",
        "--key",
        &key,
        "--out",
        &out,
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous");
    let names = |dir: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(names(dir.path()), ["bad.json", "ed25519-6.jwk", "out.json"]);
    // Success replaces it whole; stdout gets the same bytes without --out.
    let secured = sign(&fixture(ALUMNI), "eddsa-jcs-2022", &key, &out, &[]);
    let stdout = canonprof_ok(&[
        "sign",
        &fixture(ALUMNI),
        "--cryptosuite",
        "eddsa-jcs-2022",
        "--key",
        &key,
        "--created",
        CREATED,
    ])
    .stdout;
    assert_eq!(std::fs::read(&out).unwrap(), stdout);
    assert_eq!(serde_json::from_slice::<Value>(&stdout).unwrap(), secured);
    assert_eq!(names(dir.path()), ["bad.json", "ed25519-6.jwk", "out.json"]);
    // An output directory that does not exist is refused before any work.
    let missing: PathBuf = dir.path().join("no/such/dir/out.json");
    let output = canonprof(&[
        "sign",
        &fixture(ALUMNI),
        "--cryptosuite",
        "eddsa-jcs-2022",
        "--key",
        &key,
        "--out",
        &missing.display().to_string(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("directory does not exist"));
}

#[test]
fn the_default_created_is_now_in_seconds_utc() {
    let dir = tempfile::tempdir().unwrap();
    let key = generate(dir.path(), "ed25519", 12);
    let stdout = canonprof_ok(&[
        "sign",
        &fixture(ALUMNI),
        "--cryptosuite",
        "eddsa-jcs-2022",
        "--key",
        &key,
    ])
    .stdout;
    let secured: Value = serde_json::from_slice(&stdout).unwrap();
    let created = secured["proof"]["created"].as_str().unwrap();
    assert_eq!(created.len(), "2026-01-01T00:00:00Z".len(), "{created}");
    assert!(created.ends_with('Z'));
    let at = chrono::DateTime::parse_from_rfc3339(created).unwrap();
    assert!((chrono::Utc::now().timestamp() - at.timestamp()).abs() < 3600);
    let output = canonprof(&[
        "sign",
        &fixture(ALUMNI),
        "--cryptosuite",
        "eddsa-jcs-2022",
        "--key",
        &key,
        "--created",
        "2025-13-01T00:00:00Z",
    ]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn sd_jwt_and_mdoc_output_verify() {
    let dir = tempfile::tempdir().unwrap();
    for alg in ["ed25519", "p256"] {
        let key = generate(dir.path(), alg, 14);
        let mut public = jwk(&key);
        public.as_object_mut().unwrap().remove("d");
        let public_file = path(dir.path(), &format!("{alg}.public.jwk"));
        std::fs::write(&public_file, public.to_string()).unwrap();
        let out = path(dir.path(), &format!("{alg}.sd-jwt"));
        canonprof_ok(&[
            "sign",
            &fixture(PR_CARD),
            "--format",
            "sd-jwt",
            "--key",
            &key,
            "--created",
            CREATED,
            "--seed",
            "1",
            "--out",
            &out,
        ]);
        let text = std::fs::read_to_string(&out).unwrap();
        // Every subject claim but `type` is a Disclosure: 9 of them.
        assert_eq!(text.trim_end().matches('~').count(), 10, "{text}");
        assert_verifies(&out, &["--key", &public_file]);
        let mut parts: Vec<&str> = text.trim_end().split('~').collect();
        parts.remove(1);
        let dropped = parts.join("~");
        // A changed issuer-signed JWT payload does not verify.
        let file = path(dir.path(), "changed.sd-jwt");
        std::fs::write(&file, text.replacen('.', ".e", 1)).unwrap();
        assert_rejected(&file, &["--key", &public_file]);
        // Withholding a Disclosure is what a holder may do: it still verifies, with one claim fewer.
        let file = path(dir.path(), "fewer.sd-jwt");
        std::fs::write(&file, dropped).unwrap();
        assert_verifies(&file, &["--key", &public_file]);
    }
    let key = generate(dir.path(), "p256", 15);
    let (out, cert) = (path(dir.path(), "m.hex"), path(dir.path(), "m.pem"));
    let output = canonprof_ok(&[
        "sign",
        &fixture(PR_CARD),
        "--format",
        "mdoc",
        "--key",
        &key,
        "--created",
        CREATED,
        "--seed",
        "1",
        "--out",
        &out,
        "--certificate-out",
        &cert,
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let transcript = stderr
        .split("--session-transcript ")
        .nth(1)
        .and_then(|t| t.split('`').next())
        .unwrap();
    let checks = ["--trust-anchor", &cert, "--session-transcript", transcript];
    let (code, stdout) = verify(&out, &checks);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("9 data elements match"), "{stdout}");
    assert!(stdout.contains("[ok] certificate chain"), "{stdout}");
    assert!(stdout.contains("[ok] device signature"), "{stdout}");
    let mut bytes = hex::decode(std::fs::read_to_string(&out).unwrap().trim()).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 1;
    let bad = path(dir.path(), "bad.hex");
    std::fs::write(&bad, hex::encode(bytes)).unwrap();
    assert_rejected(&bad, &checks);
    let ed = generate(dir.path(), "ed25519", 15);
    let output = canonprof(&["sign", &fixture(PR_CARD), "--format", "mdoc", "--key", &ed]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn options_the_command_would_ignore_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let key = generate(dir.path(), "p256", 16);
    let alumni = fixture(ALUMNI);
    fn sign_with<'a>(alumni: &'a str, key: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
        [&["sign", alumni, "--key", key][..], extra].concat()
    }
    let out = path(dir.path(), "k.jwk");
    for args in [
        sign_with(
            &alumni,
            &key,
            &["--cryptosuite", "ecdsa-rdfc-2019", "--seed", "1"],
        ),
        sign_with(
            &alumni,
            &key,
            &["--cryptosuite", "ecdsa-rdfc-2019", "--mandatory", "/issuer"],
        ),
        sign_with(
            &alumni,
            &key,
            &["--cryptosuite", "ecdsa-rdfc-2019", "--vct", "x"],
        ),
        sign_with(
            &alumni,
            &key,
            &["--cryptosuite", "ecdsa-rdfc-2019", "--format", "sd-jwt"],
        ),
        sign_with(
            &alumni,
            &key,
            &[
                "--format",
                "sd-jwt",
                "--verification-method",
                "did:example:1#k",
            ],
        ),
        sign_with(
            &alumni,
            &key,
            &["--format", "sd-jwt", "--certificate-out", "c.pem"],
        ),
        sign_with(
            &alumni,
            &key,
            &["--format", "mdoc", "--holder-key", "h.jwk"],
        ),
        sign_with(&alumni, &key, &[]),
        vec![
            "sign",
            "--generate-key",
            "p256",
            "--out",
            &out,
            "--created",
            CREATED,
        ],
        vec![
            "sign",
            "--generate-key",
            "p256",
            "--out",
            &out,
            "--format",
            "mdoc",
        ],
        vec!["sign", "--generate-key", "p256"],
    ] {
        let output = canonprof(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    assert!(!Path::new(&out).exists());
}

/// An mdoc signed from a credential whose validFrom is long past, with no validUntil, is valid now: its MSO's
/// window runs a year from the signing, and overlaps the certificate's.
#[test]
fn an_mdoc_from_an_old_credential_verifies_now() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).display().to_string();
    let out = crate::common::canonprof(&[
        "sign",
        "--generate-key",
        "p256",
        "--seed",
        "7",
        "--out",
        &path("k.jwk"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let alumni = crate::common::data("sign/vc-di-eddsa--alumni-unsigned.json")
        .display()
        .to_string();
    let out = crate::common::canonprof(&[
        "sign",
        &alumni,
        "--format",
        "mdoc",
        "--key",
        &path("k.jwk"),
        "--certificate-out",
        &path("c.pem"),
        "--out",
        &path("m.hex"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out =
        crate::common::canonprof(&["verify", &path("m.hex"), "--trust-anchor", &path("c.pem")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// A document typed both credential and presentation is signed for the purpose verify expects of it
/// (`assertionMethod`: held to a credential's rules), so it verifies.
#[test]
fn a_document_typed_credential_and_presentation_signs_as_a_credential() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).display().to_string();
    let out = crate::common::canonprof(&[
        "sign",
        "--generate-key",
        "ed25519",
        "--seed",
        "8",
        "--out",
        &path("k.jwk"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let alumni = crate::common::data("sign/vc-di-eddsa--alumni-unsigned.json");
    let mut doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(alumni).unwrap()).unwrap();
    doc["type"] = serde_json::json!(["VerifiableCredential", "VerifiablePresentation"]);
    std::fs::write(path("both.json"), doc.to_string()).unwrap();
    let out = crate::common::canonprof(&[
        "sign",
        &path("both.json"),
        "--cryptosuite",
        "eddsa-jcs-2022",
        "--key",
        &path("k.jwk"),
        "--out",
        &path("signed.json"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = crate::common::canonprof(&["verify", &path("signed.json")]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
