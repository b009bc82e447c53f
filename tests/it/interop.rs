//! The interop directory (src/interop): canonprof's own artifacts verify in canonprof and their tampered twins
//! do not, with either expansion engine; peers' committed artifacts (tests/data/interop/) verify too; the
//! committed canonprof artifacts are what issuing from their seed writes, byte for byte; every suite × curve ×
//! matrix credential is there in both directions; a broken manifest entry is a result, not a crash.

use canonprof::canon::{Engine, Session, Settings};
use canonprof::interop::issue::{MATRIX_CREDENTIALS, SUITES};
use canonprof::interop::{issue, verify, Expect, Manifest, Outcome};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// tests/data/interop/<producer>.
fn committed(producer: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/interop")
        .join(producer)
}

fn manifest(dir: &Path) -> Manifest {
    serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap()
}

/// Every genuine artifact verifies and every tampered twin is rejected, with either engine.
fn assert_all_as_expected(dir: &Path, what: &str) -> usize {
    let mut count = 0;
    for engine in [Engine::JsonLd, Engine::Canonprof] {
        let report = verify::verify(
            dir,
            &Session::bundled(Settings::default().with_engine(engine)),
        )
        .unwrap();
        for r in &report.results {
            let want = match r.expect {
                Expect::Verified => Outcome::Verified,
                Expect::Rejected => Outcome::Rejected,
            };
            assert_eq!(
                r.outcome, want,
                "{what} {engine:?} {}: {:?}",
                r.name, r.reason
            );
        }
        count = report.results.len();
    }
    count
}

#[test]
fn own_artifacts_round_trip_with_both_engines() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = issue::issue(dir.path(), 2026).unwrap();
    let names: HashSet<&str> = manifest.artifacts.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        names.len(),
        manifest.artifacts.len(),
        "artifact names are unique"
    );
    // (6 re-signing suites + ecdsa-sd-2023 derived) x 3 matrix credentials + 4 other corpus credentials, SD-JWT
    // x 4, mdoc x 2, the 6 post-quantum suites on person-20, bbs-2023's base and derived proofs on person-20;
    // each twice.
    assert_eq!(manifest.artifacts.len(), 2 * (7 * 3 + 4 + 4 + 2 + 6 + 2));
    // did:key z… (base58btc) for the classical keys, u… (base64url) for the post-quantum ones.
    assert!(manifest
        .artifacts
        .iter()
        .filter(|a| a.format == "vcdm")
        .all(|a| {
            let text = std::fs::read_to_string(dir.path().join(&a.file)).unwrap();
            let multibase = match a.alg.as_deref() {
                Some("ml-dsa-44" | "slh-dsa-128s" | "falcon-512") => 'u',
                _ => 'z',
            };
            text.contains(&format!("\"verificationMethod\": \"did:key:{multibase}"))
        }));
    for engine in [Engine::JsonLd, Engine::Canonprof] {
        let report = verify::verify(
            dir.path(),
            &Session::bundled(Settings::default().with_engine(engine)),
        )
        .unwrap();
        for r in &report.results {
            let want = match r.expect {
                Expect::Verified => Outcome::Verified,
                Expect::Rejected => Outcome::Rejected,
            };
            assert_eq!(r.outcome, want, "{engine:?} {}: {:?}", r.name, r.reason);
        }
    }
}

#[test]
fn issuing_is_reproducible_from_the_seed() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    issue::issue(a.path(), 7).unwrap();
    let manifest = issue::issue(b.path(), 7).unwrap();
    // FALCON-512's signatures carry OS-random nonces: those artifacts are checked by verifying them (below).
    for artifact in manifest.artifacts.iter().filter(|a| issue::reproducible(a)) {
        let read = |d: &tempfile::TempDir| std::fs::read(d.path().join(&artifact.file)).unwrap();
        assert_eq!(read(&a), read(&b), "{}", artifact.file);
    }
    assert!(manifest.artifacts.iter().any(|a| !issue::reproducible(a)));
    assert_all_as_expected(b.path(), "reissued");
}

#[test]
fn a_missing_file_or_unknown_format_is_a_result() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("manifest.json"),
        r#"{"producer": "test", "artifacts": [
            {"name": "gone", "format": "vcdm", "file": "gone.json", "expect": "verified"},
            {"name": "odd", "format": "x509", "file": "manifest.json", "expect": "verified"},
            {"name": "rsa", "format": "vcdm", "file": "rsa.json", "expect": "verified"}]}"#,
    )
    .unwrap();
    std::fs::write(
        dir.path().join("rsa.json"),
        r#"{"proof": {"type": "RsaSignature2018"}}"#,
    )
    .unwrap();
    let report = verify::verify(dir.path(), &Session::bundled(Settings::default())).unwrap();
    let outcomes: Vec<Outcome> = report.results.iter().map(|r| r.outcome).collect();
    assert_eq!(
        outcomes,
        [Outcome::Error, Outcome::Unsupported, Outcome::Unsupported]
    );
    assert!(report.results[0]
        .reason
        .as_deref()
        .unwrap()
        .contains("gone.json"));
    assert!(verify::verify(
        &dir.path().join("nowhere"),
        &Session::bundled(Settings::default())
    )
    .is_err());
}

/// Artifacts issued by the Node.js peer (@digitalbazaar/vc + cryptosuites, @sd-jwt/sd-jwt-vc, @auth0/mdl) and
/// the Python peer (di.py on PyLD, sd-jwt, pymdoccbor), committed from `interop.mjs issue` / `interop.py issue`:
/// canonprof verifies every genuine one and rejects every tampered twin, with either engine.
#[test]
fn peer_artifacts_verify_in_canonprof() {
    for producer in ["node", "python"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/interop")
            .join(producer);
        for engine in [Engine::JsonLd, Engine::Canonprof] {
            let report = verify::verify(
                &dir,
                &Session::bundled(Settings::default().with_engine(engine)),
            )
            .unwrap();
            assert!(
                report.results.len() >= 30,
                "{producer}: {} artifacts",
                report.results.len()
            );
            for r in &report.results {
                let want = match r.expect {
                    Expect::Verified => Outcome::Verified,
                    Expect::Rejected => Outcome::Rejected,
                };
                assert_eq!(
                    r.outcome, want,
                    "{producer} {engine:?} {}: {:?}",
                    r.name, r.reason
                );
            }
        }
    }
}

/// The committed canonprof artifacts (`interop issue tests/data/interop/canonprof`, seed 2026) are what issuing
/// writes now, byte for byte (RFC 6979 ECDSA, Ed25519, seeded SD-JWT salts and mdoc randoms): the Node.js peer
/// verified exactly these bytes. The manifest differs only in the producer's commit.
#[test]
fn committed_canonprof_artifacts_are_reissued_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let fresh = issue::issue(dir.path(), 2026).unwrap();
    let old = manifest(&committed("canonprof"));
    assert_eq!(
        serde_json::to_value(&fresh.artifacts).unwrap(),
        serde_json::to_value(&old.artifacts).unwrap()
    );
    // FALCON-512's signatures carry OS-random nonces: the committed ones are checked by verifying them
    // (the_matrix_is_covered_both_ways_and_verifies).
    let mut files: Vec<&str> = fresh
        .artifacts
        .iter()
        .filter(|a| issue::reproducible(a))
        .map(|a| a.file.as_str())
        .collect();
    files.extend(
        fresh
            .artifacts
            .iter()
            .filter_map(|a| a.trust_anchor.as_deref()),
    );
    for file in files {
        let read = |d: &Path| std::fs::read(d.join(file)).unwrap();
        assert!(
            read(dir.path()) == read(&committed("canonprof")),
            "{file} differs from the committed one"
        );
    }
}

/// Both directions cover every Data Integrity suite × curve on every matrix credential (ob3-full: 40 blank
/// nodes), and canonprof also its ecdsa-sd-2023 derived proof on each; the committed artifacts verify.
#[test]
fn the_matrix_is_covered_both_ways_and_verifies() {
    for producer in ["canonprof", "node"] {
        let dir = committed(producer);
        let artifacts = manifest(&dir).artifacts;
        for credential in MATRIX_CREDENTIALS {
            for (suite, alg) in SUITES {
                let curve = (!suite.is_eddsa()).then(|| alg.name());
                let found = artifacts.iter().filter(|a| {
                    a.format == "vcdm"
                        && a.credential.as_deref() == Some(credential)
                        && a.cryptosuite.as_deref() == Some(suite.name())
                        && a.curve.as_deref() == curve
                });
                let expects: Vec<Expect> = found.map(|a| a.expect).collect();
                assert_eq!(
                    expects,
                    [Expect::Verified, Expect::Rejected],
                    "{producer}: {} {curve:?} on {credential}",
                    suite.name()
                );
            }
        }
        let derived = artifacts
            .iter()
            .filter(|a| a.kind.as_deref() == Some("derived"))
            .count();
        assert!(derived >= 2, "{producer}: {derived} derived artifacts");
        let count = assert_all_as_expected(&dir, producer);
        assert!(count >= 58, "{producer}: {count} artifacts");
    }
}

/// The Node.js peer's post-quantum artifacts (scripts/peers/node/lib/pq.mjs on @noble/post-quantum, appended by
/// `interop.mjs issue-pq`): the six suites of the CCG Quantum-Safe Cryptosuites v0.3 on person-20 and the two
/// ML-DSA-44 suites on ob3-full, each a genuine credential and its tampered twin, with a base64url (`u`) proof
/// value of the parameter set's exact signature length and a `did:key:u…` Multikey verification method with the
/// report's multicodec header (ML-DSA-44 0x1210, SLH-DSA-SHA2-128s 0x1220, FALCON-512 0x122c).
#[test]
fn node_post_quantum_artifacts_are_committed() {
    use base64ct::{Base64UrlUnpadded, Encoding};
    let decode = |text: &str| Base64UrlUnpadded::decode_vec(text).unwrap();
    let dir = committed("node");
    let artifacts = manifest(&dir).artifacts;
    let suites = [
        ("mldsa44-rdfc-2024", [0x90, 0x24], 1312, 2420),
        ("mldsa44-jcs-2024", [0x90, 0x24], 1312, 2420),
        ("slhdsa128-rdfc-2024", [0xa0, 0x24], 32, 7856),
        ("slhdsa128-jcs-2024", [0xa0, 0x24], 32, 7856),
        ("falcon512-rdfc-2024", [0xac, 0x24], 897, 666),
        ("falcon512-jcs-2024", [0xac, 0x24], 897, 666),
    ];
    for (suite, header, key_len, sig_len) in suites {
        let credentials: &[&str] = if suite.starts_with("mldsa44") {
            &["person-20", "ob3-full"]
        } else {
            &["person-20"]
        };
        for credential in credentials {
            let found: Vec<_> = artifacts
                .iter()
                .filter(|a| {
                    a.cryptosuite.as_deref() == Some(suite)
                        && a.credential.as_deref() == Some(credential)
                })
                .collect();
            let expects: Vec<Expect> = found.iter().map(|a| a.expect).collect();
            assert_eq!(
                expects,
                [Expect::Verified, Expect::Rejected],
                "{suite} on {credential}"
            );
            let document: serde_json::Value =
                serde_json::from_slice(&std::fs::read(dir.join(&found[0].file)).unwrap()).unwrap();
            assert_eq!(document["proof"]["cryptosuite"], suite);
            let value = document["proof"]["proofValue"].as_str().unwrap();
            assert_eq!(&value[..1], "u", "{suite}: multibase base64url");
            assert_eq!(decode(&value[1..]).len(), sig_len, "{suite}");
            let vm = document["proof"]["verificationMethod"].as_str().unwrap();
            let (did, fragment) = vm.split_once('#').unwrap();
            assert_eq!(did, format!("did:key:{fragment}"));
            let issuer = &document["issuer"];
            assert_eq!(issuer.get("id").unwrap_or(issuer), did, "{suite}: issuer");
            let key = decode(&fragment[1..]);
            assert_eq!(&key[..2], &header, "{suite}: Multikey header");
            assert_eq!(key.len(), 2 + key_len, "{suite}: public key length");
        }
    }
}

/// bbs-2023 both ways: the Node.js peer's directory (scripts/peers/node/lib/bbs.mjs,
/// @digitalbazaar/bbs-2023-cryptosuite) and canonprof's committed one each hold a base proof (a verifier derives
/// from it first, as a holder would) and a derived proof, each with its tampered twin; that canonprof verifies them
/// all as expected with either engine is checked with the rest of each directory (peer_artifacts_verify_in_canonprof,
/// the_matrix_is_covered_both_ways_and_verifies), and the Node peer verified canonprof's.
#[test]
fn bbs_2023_artifacts_are_there_both_ways() {
    for producer in ["node", "canonprof"] {
        let dir = committed(producer);
        let kinds: Vec<(String, Expect)> = manifest(&dir)
            .artifacts
            .iter()
            .filter(|a| a.cryptosuite.as_deref() == Some("bbs-2023"))
            .map(|a| (a.kind.clone().unwrap_or_default(), a.expect))
            .collect();
        assert_eq!(
            kinds,
            [
                ("base".to_string(), Expect::Verified),
                ("base".to_string(), Expect::Rejected),
                ("derived".to_string(), Expect::Verified),
                ("derived".to_string(), Expect::Rejected),
            ],
            "{producer}"
        );
    }
}
