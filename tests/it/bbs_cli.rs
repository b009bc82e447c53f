//! bbs-2023 through the commands as a user runs them: `canonprof sign --generate-key bls12-381-g2`, `sign
//! --cryptosuite bbs-2023 --mandatory …`, a derivation (library: canonprof has no derive command) and `canonprof
//! verify`; and bad derived proofs made from the W3C vector's (a wrong selective index, a label map that does not
//! match, another derivation's proof, a truncated or padded proof value, a base proof, a feature header): each one
//! clear line, NOT VERIFIED, exit status 1, in bounded time.

use crate::common::{canonprof, data};
use canonprof::canon::{Session, Settings};
use canonprof::integrity::bbs::{self, proof_value};
use canonprof::integrity::multikey::encode_base64url;
use serde_json::Value;
use std::path::Path;

const AT: &str = "--at=2025-06-01T00:00:00Z";

fn vector(path: &str) -> Value {
    crate::common::read_json(data(&format!("di-vectors/vc-di-bbs/{path}")))
}

fn write(dir: &Path, name: &str, value: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(value).unwrap()).unwrap();
    path.display().to_string()
}

fn strings(value: &Value) -> Vec<String> {
    serde_json::from_value(value.clone()).unwrap()
}

#[test]
fn sign_derive_verify_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("issuer.jwk").display().to_string();
    let out = canonprof(&[
        "sign",
        "--generate-key",
        "bls12-381-g2",
        "--seed",
        "31",
        "--out",
        &key,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let jwk = crate::common::read_json(&key);
    assert_eq!(jwk["crv"], "Bls12381G2");
    assert!(
        jwk["kid"].as_str().unwrap().starts_with("did:key:zUC7"),
        "{jwk}"
    );
    let credential = data("di-vectors/vc-di-bbs/windDoc.json")
        .display()
        .to_string();
    let signed_path = dir.path().join("signed.json").display().to_string();
    let mut args = vec![
        "sign",
        credential.as_str(),
        "--cryptosuite",
        "bbs-2023",
        "--key",
        &key,
    ];
    let mandatory = strings(&vector("windMandatory.json"));
    for pointer in &mandatory {
        args.extend(["--mandatory", pointer.as_str()]);
    }
    args.extend([
        "--seed",
        "5",
        "--created",
        "2025-01-01T00:00:00Z",
        "--out",
        &signed_path,
    ]);
    let out = canonprof(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let signed = crate::common::read_json(&signed_path);
    let base = proof_value::parse_base(signed["proof"]["proofValue"].as_str().unwrap()).unwrap();
    assert_eq!(base.mandatory_pointers, mandatory);
    // The base proof itself is not for verifiers.
    let out = canonprof(&["verify", AT, &signed_path]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("NOT VERIFIED") && stdout.contains("a bbs-2023 base proof"),
        "{stdout}"
    );
    let session = Session::bundled(Settings::default());
    let (revealed, _) = bbs::derive_proof(
        &signed,
        &strings(&vector("windSelective.json")),
        b"cli",
        &session,
    )
    .unwrap();
    let path = write(dir.path(), "derived.json", &revealed);
    let out = canonprof(&["verify", AT, &path]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(": verified"), "{stdout}");
}

/// The vector's derived document with its proof value's components changed by `change`.
fn with_components(change: impl Fn(&mut proof_value::DerivedProofValue)) -> Value {
    let mut document = vector("derivedRevealDocument.json");
    let mut value =
        proof_value::parse_derived(document["proof"]["proofValue"].as_str().unwrap()).unwrap();
    change(&mut value);
    document["proof"]["proofValue"] = Value::from(proof_value::serialize_derived(&value).unwrap());
    document
}

/// The vector's derived document with its proof value's bytes changed by `change`.
fn with_bytes(change: impl Fn(&mut Vec<u8>)) -> Value {
    use base64ct::{Base64UrlUnpadded, Encoding};
    let mut document = vector("derivedRevealDocument.json");
    let text = document["proof"]["proofValue"]
        .as_str()
        .unwrap()
        .to_string();
    let mut bytes = Base64UrlUnpadded::decode_vec(&text[1..]).unwrap();
    change(&mut bytes);
    document["proof"]["proofValue"] = Value::from(encode_base64url(&bytes));
    document
}

#[test]
fn bad_derived_proofs_are_not_verified_with_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let session = Session::bundled(Settings::default());
    // Another derivation of the same base proof, disclosing other statements (as many of them).
    let other = bbs::derive_proof(
        &vector("addSignedSDBase.json"),
        &[
            "/credentialSubject/sails/0".to_string(),
            "/credentialSubject/boards/1/brand".to_string(),
        ],
        &[0x11, 0x33, 0x77, 0xaa],
        &session,
    )
    .unwrap()
    .1
    .value;
    let control = write(
        dir.path(),
        "control.json",
        &vector("derivedRevealDocument.json"),
    );
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "wrong-index.json",
            with_components(|v| *v.selective_indexes.last_mut().unwrap() += 1),
            "the BBS proof does not verify",
        ),
        (
            "label-map.json",
            with_components(|v| {
                let (a, b) = (v.label_map["c14n0"].clone(), v.label_map["c14n1"].clone());
                v.label_map.insert("c14n0".into(), b);
                v.label_map.insert("c14n1".into(), a);
            }),
            "the BBS proof does not verify",
        ),
        (
            "label-map-short.json",
            with_components(|v| {
                v.label_map.remove("c14n5");
            }),
            "has no label for blank node",
        ),
        (
            "other-statements.json",
            with_components(|v| v.bbs_proof = other.bbs_proof.clone()),
            "the BBS proof does not verify",
        ),
        (
            "proof-short.json",
            with_components(|v| v.bbs_proof.truncate(v.bbs_proof.len() - 32)),
            "the BBS proof does not verify",
        ),
        (
            "proof-odd.json",
            with_components(|v| v.bbs_proof.truncate(v.bbs_proof.len() - 5)),
            "not 272 + 32·U",
        ),
        (
            "proof-huge.json",
            with_components(|v| v.bbs_proof.resize(272 + 32 * 5000, 7)),
            "more than the 4096 canonprof verifies",
        ),
        (
            "index-beyond.json",
            with_components(|v| *v.selective_indexes.last_mut().unwrap() = 40),
            "beyond the 14 statements",
        ),
        (
            "truncated.json",
            with_bytes(|b| b.truncate(b.len() - 3)),
            "not valid CBOR",
        ),
        (
            "padded.json",
            with_bytes(|b| b.extend([0, 0])),
            "bytes after its CBOR item",
        ),
        (
            "feature.json",
            with_bytes(|b| b[2] = 0x07),
            "pseudonym derived proof",
        ),
        (
            "base.json",
            vector("addSignedSDBase.json"),
            "a bbs-2023 base proof",
        ),
    ];
    let mut paths = vec![];
    for (name, document, _) in &cases {
        paths.push(write(dir.path(), name, document));
    }
    let started = std::time::Instant::now();
    let mut args = vec!["verify", AT, control.as_str()];
    args.extend(paths.iter().map(String::as_str));
    let out = canonprof(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(60),
        "bounded time"
    );
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let verdict = |name: &str| {
        stdout
            .lines()
            .find(|l| l.contains(&format!("/{name}: ")))
            .unwrap_or_else(|| panic!("{name}: no verdict line in {stdout}"))
            .to_string()
    };
    assert!(verdict("control.json").contains(": verified"), "{stdout}");
    for (name, _, reason) in &cases {
        let line = verdict(name);
        assert!(line.contains(": NOT VERIFIED"), "{name}: {line}");
        assert!(stdout.contains(reason), "{name}: `{reason}` in {stdout}");
        assert!(line.len() < 2000, "{name}: a long line");
    }
}

/// Found by attacking `verify`: zkryptium 0.8.0 accepts a BBS proof whose Abar, Bbar and D are the identity of
/// G1, and with them the pairing check passes trivially and the challenge can be solved from public values — a
/// forged presentation of any claims under any issuer key. canonprof refuses identity points and zero scalars
/// before ProofVerify (draft-irtf-cfrg-bbs-signatures-13 `octets_to_proof`) and an identity public key
/// (`octets_to_pubkey`).
#[test]
fn identity_points_and_zero_scalars_are_refused_before_proof_verify() {
    let forged = data("hostile-bbs/forged-identity-points.json");
    let out = canonprof(&["verify", AT, &forged.display().to_string()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("NOT VERIFIED"), "{stdout}");
    assert!(
        stdout.contains("the BBS proof's Abar is the identity point of G1"),
        "{stdout}"
    );
    let key = data("hostile-bbs/identity-public-key.json");
    let out = canonprof(&["verify", AT, &key.display().to_string()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("NOT VERIFIED"), "{stdout}");
    assert!(stdout.contains("is the identity point of G2"), "{stdout}");
    let dir = tempfile::tempdir().unwrap();
    for (name, change, reason) in [
        ("bbar.json", 48usize, "Bbar is the identity point"),
        ("d.json", 96, "D is the identity point"),
    ] {
        let file = write(
            dir.path(),
            name,
            &with_components(|v| {
                v.bbs_proof[change] = 0xc0;
                v.bbs_proof[change + 1..change + 48].fill(0);
            }),
        );
        let stdout =
            String::from_utf8_lossy(&canonprof(&["verify", AT, &file]).stdout).into_owned();
        assert!(stdout.contains(reason), "{name}: {stdout}");
    }
    let zero = write(
        dir.path(),
        "zero-scalar.json",
        &with_components(|v| v.bbs_proof[144..176].fill(0)),
    );
    let stdout = String::from_utf8_lossy(&canonprof(&["verify", AT, &zero]).stdout).into_owned();
    assert!(
        stdout.contains("scalar 0 of the BBS proof is zero"),
        "{stdout}"
    );
}

/// A file's bbs-2023 proofs together cover at most 4,096 BBS statements (ProofVerify's work grows with them):
/// a proof set of two proofs of 3,000 statements each is refused at the second, before its ProofVerify.
#[test]
fn a_files_bbs_statements_are_bounded() {
    let big = with_components(|v| v.bbs_proof.resize(272 + 32 * (3000 - 6), 7));
    let proof = big["proof"].clone();
    let mut set = big.clone();
    set["proof"] = serde_json::json!([proof.clone(), proof]);
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "two-big.json", &set);
    let out = canonprof(&["verify", AT, &file]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("cover more than 4096 BBS statements"),
        "{stdout}"
    );
}
