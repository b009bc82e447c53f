//! A signed credential given with `--credential` is profiled as a verifier canonicalizes it (VC Data Integrity
//! §4.4–§4.6): the document row is the document without its top-level `proof`, and each proof's configuration
//! (and a chained proof's document) is a row of its own with its cryptosuite's algorithm — checked against the
//! W3C vc-di-eddsa vectors' canonical forms.

use crate::common::{canonprof_quick, data, read_json};
use canonprof::canon::rdfc::{self, RdfcOptions};
use canonprof::canon::{Session, Settings};
use serde_json::Value;
use sha2::{Digest, Sha256};

fn sha256(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The main job's JSON export for `files` (few iterations, no flamegraphs, no exchange).
fn export(files: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("out.json");
    let json_arg = json.display().to_string();
    let paths: Vec<String> = files
        .iter()
        .map(|f| data(f).display().to_string())
        .collect();
    let mut args = vec!["--credential"];
    args.extend(paths.iter().map(String::as_str));
    args.extend([
        "--no-flamegraphs",
        "--no-exchange",
        "--export-json",
        &json_arg,
    ]);
    canonprof_quick(&args);
    read_json(&json)["results"].as_array().unwrap().clone()
}

fn row<'a>(results: &'a [Value], credential: &str, part: &str, algorithm: &str) -> Vec<&'a Value> {
    results
        .iter()
        .filter(|r| {
            r["credential"] == credential && r["part"] == part && r["algorithm"] == algorithm
        })
        .collect()
}

fn vector(path: &str) -> String {
    std::fs::read_to_string(data(path)).unwrap()
}

#[test]
fn signed_vectors_give_the_vectors_canonical_document_and_proof_configuration() {
    let results = export(&[
        "di-vectors/vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json",
        "di-vectors/vc-di-eddsa/eddsa-jcs-2022/signedJCS.json",
        "di-vectors/vc-di-eddsa/Ed25519Signature2020/signedEdSig.json",
    ]);
    let cases = [
        (
            "signedDataInt",
            "rdfc-1.0",
            "eddsa-rdfc-2022/canonDocDataInt.txt",
            "eddsa-rdfc-2022/proofCanonDataInt.txt",
        ),
        (
            "signedJCS",
            "jcs",
            "eddsa-jcs-2022/canonDocJCS.txt",
            "eddsa-jcs-2022/proofCanonJCS.txt",
        ),
        (
            "signedEdSig",
            "rdfc-1.0",
            "Ed25519Signature2020/canonDocEdSig.txt",
            "Ed25519Signature2020/proofCanonEdSig.txt",
        ),
    ];
    for (credential, algorithm, document, proof) in cases {
        // One document row per engine (both by default) for RDFC-1.0, one for JCS.
        let doc = row(&results, credential, "document", algorithm);
        assert!(!doc.is_empty(), "{credential}");
        let expected = vector(&format!("di-vectors/vc-di-eddsa/{document}"));
        for d in doc {
            assert_eq!(
                d["sha256"],
                sha256(&expected),
                "{credential}: {}",
                d["engine"]
            );
        }
        let config = row(&results, credential, "proof configuration", algorithm);
        assert_eq!(config.len(), 1, "{credential}");
        let expected = vector(&format!("di-vectors/vc-di-eddsa/{proof}"));
        assert_eq!(
            config[0]["sha256"],
            sha256(&expected),
            "{credential}: proof"
        );
        assert_eq!(
            config[0]["proof"],
            format!(
                "proof 1 of 1 ({})",
                config[0]["cryptosuite"].as_str().unwrap()
            )
        );
    }
}

#[test]
fn a_proof_chain_gives_each_configuration_and_each_chained_document() {
    let results = export(&["di-vectors/vc-di-eddsa/proof-set-chain/signedProofChain2.json"]);
    let configs = row(
        &results,
        "signedProofChain2",
        "proof configuration",
        "rdfc-1.0",
    );
    assert_eq!(configs.len(), 4);
    let chained = row(&results, "signedProofChain2", "chain document", "rdfc-1.0");
    assert_eq!(chained.len(), 2, "the two proofs with previousProof");
    // The last proof's previousProof names the third: the document it secures is the vector's temporary
    // document 2 (the unsigned document with that one proof).
    let temp = vector("di-vectors/vc-di-eddsa/proof-set-chain/proofChainTempDoc2.json");
    let expected = rdfc::canonicalize_jsonld(
        "proofChainTempDoc2",
        &temp,
        &Session::bundled(Settings::default()),
        &RdfcOptions::default(),
    )
    .unwrap();
    assert_eq!(chained[1]["sha256"], expected.sha256.as_str());
    // The document row is the unsigned credential.
    let unsigned = vector("di-vectors/vc-di-eddsa/proof-set-chain/unsigned.json");
    let expected = rdfc::canonicalize_jsonld(
        "unsigned",
        &unsigned,
        &Session::bundled(Settings::default()),
        &RdfcOptions::default(),
    )
    .unwrap();
    let doc = row(&results, "signedProofChain2", "document", "rdfc-1.0");
    assert_eq!(doc[0]["sha256"], expected.sha256.as_str());
}
