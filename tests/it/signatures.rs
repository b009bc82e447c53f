//! The exchange's signature backends (`--signatures`): with RustCrypto and with aws-lc-rs every format's
//! exchange round-trips and a tampered presentation fails; what one backend signs, the other verifies; the
//! tables and exports say which backend signed. Values only, never timings.

use crate::common::{canonprof_quick, read_json};
use canonprof::canon::{Session, Settings};
use canonprof::exchange::disclosure::{disclosed_attributes, subject_attributes, unsecured};
use canonprof::exchange::mdoc::MdocLeg;
use canonprof::exchange::sd_jwt::SdJwtLeg;
use canonprof::exchange::{leg::Leg, Exchange, Operation, Uncanonicalized};
use canonprof::integrity::suites::{self, Cryptosuite};
use canonprof::keys::{Backend, SecretKey, SignatureAlgorithm};
use canonprof::mdoc::{self, cert, Verification};
use canonprof::sd_jwt::{self, jose};
use ciborium::Value as Cbor;
use serde_json::Value;

const SEED: u64 = 2026;

fn person() -> Value {
    let credential = canonprof::corpus::simple_reference().remove(0);
    serde_json::from_str(&credential.document.text).unwrap()
}

fn run_all(leg: &dyn Exchange, what: &str) {
    for op in Operation::ALL {
        leg.run(op)
            .unwrap_or_else(|e| panic!("{what} {}: {}", op.name(), e.reason()));
    }
}

/// SD-JWT VC: issue, present, verify with each backend; the presentation verifies with the other backend's
/// issuer key too; a changed signature, a changed KB-JWT and a foreign issuer key are refused.
#[test]
fn sd_jwt_vc_round_trips_and_refuses_tampering_with_each_backend() {
    let credential = person();
    let (plain, disclosed) = (
        subject_attributes(&credential).unwrap(),
        disclosed_attributes(&credential).unwrap(),
    );
    for backend in Backend::ALL {
        for alg in [SignatureAlgorithm::Ed25519, SignatureAlgorithm::P256] {
            let what = format!("{} {}", backend.name(), alg.name());
            let leg = SdJwtLeg::new(&plain, &disclosed, alg, SEED, backend).unwrap();
            assert_eq!(leg.backend(), backend);
            run_all(&leg, &what);
            let presented = leg.present().unwrap();
            let expected = Some(leg.key_binding_expected());
            for verifier in Backend::ALL {
                let issuer = jose::public_key(leg.issuer_jwk())
                    .unwrap()
                    .with_backend(verifier)
                    .unwrap();
                let verified = sd_jwt::verify(&presented, &issuer, expected).unwrap();
                assert!(verified.key_bound, "{what}, checked with {verifier:?}");
                assert!(disclosed.iter().all(|n| verified.claims.contains_key(n)));
                // The issuer JWT's signature changed (its last character, inside the signature).
                let jwt_end = presented.find('~').unwrap();
                let mut bad = presented.clone().into_bytes();
                bad[jwt_end - 2] = if bad[jwt_end - 2] == b'A' { b'B' } else { b'A' };
                let bad = String::from_utf8(bad).unwrap();
                let err = sd_jwt::verify(&bad, &issuer, expected).unwrap_err();
                assert!(
                    err.reason().contains("does not verify"),
                    "{what}: {}",
                    err.reason()
                );
                // The KB-JWT's signature changed.
                let mut bad = presented.clone().into_bytes();
                let last = bad.len() - 2;
                bad[last] = if bad[last] == b'A' { b'B' } else { b'A' };
                let bad = String::from_utf8(bad).unwrap();
                assert!(sd_jwt::verify(&bad, &issuer, expected).is_err(), "{what}");
                // Another issuer's key.
                let other = SecretKey::from_seed(alg, 99)
                    .with_backend(verifier)
                    .unwrap()
                    .public_key();
                assert!(sd_jwt::verify(&presented, &other, expected).is_err());
            }
            // jsonwebtoken's own verification (the `canonprof verify` path) accepts it as well.
            let (key, jws_alg) = jose::decoding_key(leg.issuer_jwk()).unwrap();
            sd_jwt::verify(&presented, (&key, jws_alg), expected).unwrap();
        }
    }
}

/// mdoc: with each backend the exchange runs, the response verifies with either backend, and its device
/// signature over another SessionTranscript or its DS certificate against another IACA is refused.
#[test]
fn mdoc_round_trips_and_refuses_tampering_with_each_backend() {
    let credential = person();
    let (plain, disclosed) = (
        subject_attributes(&credential).unwrap(),
        disclosed_attributes(&credential).unwrap(),
    );
    for backend in Backend::ALL {
        for alg in [SignatureAlgorithm::Ed25519, SignatureAlgorithm::P256] {
            let what = format!("{} {}", backend.name(), alg.name());
            let leg = MdocLeg::new(&plain, &disclosed, alg, SEED, backend).unwrap();
            assert_eq!(leg.backend(), backend);
            run_all(&leg, &what);
            let response = leg.present().unwrap();
            let check = Verification {
                now_unix: MdocLeg::NOW_UNIX,
                iaca: Some(leg.trust_anchor()),
                session_transcript: Some(leg.session_transcript()),
            };
            let elsewhere =
                Cbor::Array(vec![Cbor::Null, Cbor::Null, Cbor::Text("elsewhere".into())]);
            let moved = Verification {
                now_unix: MdocLeg::NOW_UNIX,
                iaca: Some(leg.trust_anchor()),
                session_transcript: Some(&elsewhere),
            };
            let other_root = cert::generate(
                &SecretKey::from_seed(SignatureAlgorithm::P256, 77),
                &SecretKey::from_seed(alg, SEED),
            )
            .unwrap();
            let foreign = Verification {
                now_unix: MdocLeg::NOW_UNIX,
                iaca: Some(&other_root.iaca),
                session_transcript: Some(leg.session_transcript()),
            };
            for verifier in Backend::ALL {
                let verified = mdoc::verify_with(&response, &check, verifier).unwrap();
                assert!(verified.device_authenticated, "{what} by {verifier:?}");
                assert_eq!(verified.elements.len(), disclosed.len());
                // The device signed another SessionTranscript; another IACA (same name) did not sign the DS.
                let err = mdoc::verify_with(&response, &moved, verifier).unwrap_err();
                assert!(
                    err.reason().contains("device signature"),
                    "{what}: {}",
                    err.reason()
                );
                let err = mdoc::verify_with(&response, &foreign, verifier).unwrap_err();
                assert!(
                    err.reason().contains("DS certificate's signature"),
                    "{what}: {}",
                    err.reason()
                );
            }
        }
    }
}

/// Every classical Data Integrity suite (eddsa-rdfc-2022, eddsa-jcs-2022, ecdsa-rdfc-2019 and ecdsa-jcs-2019 with
/// P-256 and P-384, ecdsa-sd-2023; aws-lc-rs has no post-quantum keys): with each backend the exchange runs; the presented credential verifies with the
/// other backend's key; a changed claim does not verify with either.
#[test]
fn data_integrity_suites_round_trip_and_refuse_tampering_with_each_backend() {
    let session = Session::bundled(Settings::default());
    let document = unsecured(&person());
    let mut cases: Vec<(Cryptosuite, bool)> =
        Cryptosuite::CLASSICAL.iter().map(|&s| (s, false)).collect();
    cases.push((Cryptosuite::EcdsaRdfc2019, true));
    cases.push((Cryptosuite::EcdsaJcs2019, true));
    for backend in Backend::ALL {
        for &(suite, p384) in &cases {
            let what = format!(
                "{} {}{}",
                backend.name(),
                suite.name(),
                if p384 { " P-384" } else { "" }
            );
            let leg = Leg::new(suite, p384, document.clone(), &session, SEED, backend).unwrap();
            assert_eq!(leg.backend(), backend);
            run_all(&leg, &what);
            // The verifier: the issuer's key for the derived proof, the holder's for a re-signed subset.
            let seed = if suite.is_selective() { SEED } else { SEED + 1 };
            let key = SecretKey::from_seed(suite.key_algorithm(p384), seed);
            let mut tampered = leg.presented.clone();
            let subject = tampered["credentialSubject"].as_object_mut().unwrap();
            let name = disclosed_attributes(&document).unwrap().remove(0);
            subject.insert(name, Value::from("tampered"));
            for verifier in Backend::ALL {
                let public = key.clone().with_backend(verifier).unwrap().public_key();
                let v = suites::verify_proof(&leg.presented, Some(&public), &session).unwrap();
                assert!(v.verified, "{what} by {verifier:?}: {:?}", v.reason);
                let v = suites::verify_proof(&tampered, Some(&public), &session).unwrap();
                assert!(
                    !v.verified,
                    "{what}: a changed claim verified by {verifier:?}"
                );
            }
        }
    }
}

/// `canonprof exchange --signatures both`: each format with each backend in one table, the aws-lc-rs rows named
/// by it, the header saying both, ratios only within a backend, and the backend's share of each exchange in the
/// table and the JSON; the CSV says each row's backend.
#[test]
fn signatures_both_measures_each_format_with_each_backend() {
    let dir = tempfile::tempdir().unwrap();
    let (json, csv) = (dir.path().join("x.json"), dir.path().join("x.csv"));
    let (json_arg, csv_arg) = (json.display().to_string(), csv.display().to_string());
    let output = canonprof_quick(&[
        "exchange",
        "--alg",
        "ed25519",
        "--signatures",
        "both",
        "--export-json",
        &json_arg,
        "--export-csv",
        &csv_arg,
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("signatures RustCrypto (ECDSA nonces RFC 6979) and aws-lc-rs")
            && stdout.contains("mdoc (aws-lc-rs)")
            && stdout.contains("the signature backend's share"),
        "{stdout}"
    );
    let report = &read_json(&json)["reports"][0];
    assert_eq!(report["signatures"], "rustcrypto and aws-lc-rs");
    let results = report["results"].as_array().unwrap();
    assert_eq!(results.len(), 2 * 4);
    let rows = |backend: &str| {
        results
            .iter()
            .filter(|r| r["signatures"] == backend)
            .map(|r| r["format"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        rows("aws-lc-rs"),
        rows("rustcrypto")
            .iter()
            .map(|f| format!("{f} (aws-lc-rs)"))
            .collect::<Vec<_>>()
    );
    // The same bytes go on the wire with either backend (Ed25519 signs deterministically).
    for r in results.iter().filter(|r| r["signatures"] == "rustcrypto") {
        let twin = results
            .iter()
            .find(|o| o["format"] == format!("{} (aws-lc-rs)", r["format"].as_str().unwrap()))
            .unwrap();
        assert_eq!(r["presented_bytes"], twin["presented_bytes"]);
        assert_eq!(r["canonicalizations"], twin["canonicalizations"]);
    }
    for ratio in report["ratios"].as_array().unwrap() {
        let aws = ratio["signatures"] == "aws-lc-rs";
        for side in ["slower", "faster"] {
            assert_eq!(ratio[side].as_str().unwrap().ends_with("(aws-lc-rs)"), aws);
        }
    }
    assert_eq!(report["ratios"].as_array().unwrap().len(), 2 * 6);
    let shares = report["backend_shares"].as_array().unwrap();
    assert_eq!(shares.len(), 4);
    for share in shares {
        let (rust, aws) = (
            share["rustcrypto_us"].as_f64().unwrap(),
            share["aws_lc_rs_us"].as_f64().unwrap(),
        );
        let expected = (rust - aws) / rust;
        assert!((share["share"].as_f64().unwrap() - expected).abs() < 1e-9);
    }
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert!(csv.starts_with("credential,alg,format,engine,signatures,operation"));
    assert!(csv.contains(",aws-lc-rs,exchange,"), "{csv}");
}

/// A single backend names itself in the header and every row; an unknown one is one usage line.
#[test]
fn signatures_aws_lc_rs_is_said_in_the_header_and_rows() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("x.json");
    let json_arg = json.display().to_string();
    let output = canonprof_quick(&[
        "exchange",
        "--format",
        "vcdm",
        "--cryptosuite",
        "ecdsa-jcs-2019",
        "--schema",
        "simple",
        "--signatures",
        "aws-lc-rs",
        "--export-json",
        &json_arg,
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("signatures aws-lc-rs (ECDSA nonces random"),
        "{stdout}"
    );
    let export = read_json(&json);
    assert_eq!(export["config"]["signatures"], "aws-lc-rs");
    for r in export["results"].as_array().unwrap() {
        assert_eq!(r["signatures"], "aws-lc-rs");
    }
    let output = crate::common::canonprof(&["exchange", "--signatures", "ring"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("invalid value 'ring'"), "{stderr}");
}

/// The study's claims in a main job with `--signatures both` are checked on every backend's rows, each compared
/// with the rows of its own backend.
#[test]
fn signatures_both_checks_the_claims_on_each_backends_rows() {
    let (_, export) = crate::common::quick_export(&[
        "--schema",
        "simple",
        "--no-flamegraphs",
        "--signatures",
        "both",
    ]);
    let claims = export["claims"].as_array().unwrap();
    let measured = |start: &str| -> Vec<String> {
        let claim = claims
            .iter()
            .find(|c| c["claim"].as_str().unwrap().starts_with(start))
            .unwrap_or_else(|| panic!("no claim {start}"));
        claim["measured"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect()
    };
    for start in ["VCDM is 1.73", "VCDM is 1.57"] {
        let rows = measured(start);
        for engine in ["json-ld crate's engine", "canonprof's engine"] {
            for alg in ["ed25519", "p256"] {
                for backend in ["RustCrypto", "aws-lc-rs"] {
                    let want = format!(" ({alg}, {engine}, {backend}): ");
                    assert!(rows.iter().any(|m| m.contains(&want)), "{want}: {rows:?}");
                }
            }
        }
    }
    let jcs = measured("with JCS");
    assert!(
        jcs.iter().any(|m| m
            .starts_with("VCDM eddsa-jcs-2022 verify / SD-JWT VC verify (ed25519, no JSON-LD engine, aws-lc-rs): ")),
        "{jcs:?}"
    );
    assert_eq!(jcs.len(), 4, "{jcs:?}");
    assert_eq!(
        measured("the Data Integrity cryptosuites"),
        ["6 per exchange in 16 of 16 VCDM rows (json-ld crate's engine, canonprof's engine, no JSON-LD engine; RustCrypto, aws-lc-rs)"]
    );
}
