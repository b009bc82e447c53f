//! The W3C RDF Dataset Canonicalization (RDFC-1.0) test suite (tests/data/rdf-canon-tests, see its SOURCES.md),
//! run through the code path of `canonprof canonicalize --input-format nquads`.

use crate::common::*;
use canonprof::canon::rdfc::HashAlgorithm;
use canonprof::canon::Algorithm;
use canonprof::canonicalize::{InputFormat, Output};
use canonprof::ErrorKind;
use std::collections::BTreeMap;

struct Entry {
    id: String,
    sha384: bool,
    eval: String,
    map: bool,
}

/// Splits one CSV line (RFC 4180 quoting).
fn csv_fields(line: &str) -> Vec<String> {
    let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    fields.push(field);
    fields
}

fn manifest() -> Vec<Entry> {
    let text = std::fs::read_to_string(data("rdf-canon-tests/manifest.csv")).unwrap();
    let mut lines = text.lines();
    let header = csv_fields(lines.next().unwrap());
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (id, hash, eval, map) = (
        col("test"),
        col("hashAlgorithm"),
        col("rdfc10"),
        col("rdfc10map"),
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f = csv_fields(l);
            Entry {
                id: f[id].clone(),
                sha384: f[hash] == "SHA384",
                eval: f[eval].clone(),
                map: f[map] == "TRUE",
            }
        })
        .collect()
}

fn read(name: &str) -> String {
    std::fs::read_to_string(data(&format!("rdf-canon-tests/rdfc10/{name}"))).unwrap()
}

fn hash_of(entry: &Entry) -> HashAlgorithm {
    if entry.sha384 {
        HashAlgorithm::Sha384
    } else {
        HashAlgorithm::Sha256
    }
}

#[test]
fn all_evaluation_tests_give_the_expected_canonical_nquads() {
    let entries: Vec<Entry> = manifest()
        .into_iter()
        .filter(|e| e.eval == "TRUE")
        .collect();
    assert_eq!(entries.len(), 64, "the suite has 64 evaluation tests");
    let mut failures = Vec::new();
    for e in &entries {
        let request = with_hash(
            request(Algorithm::Rdfc, InputFormat::Nquads, Output::Canonical),
            hash_of(e),
        );
        let got = run_text(&read(&format!("{}-in.nq", e.id)), &request);
        let expected = read(&format!("{}-rdfc10.nq", e.id));
        match got {
            Ok(got) if got == expected => {}
            Ok(got) => failures.push(format!("{}: got\n{got}expected\n{expected}", e.id)),
            Err(err) => failures.push(format!("{}: {err}", e.id)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn all_map_tests_give_the_expected_issued_identifiers() {
    let entries: Vec<Entry> = manifest().into_iter().filter(|e| e.map).collect();
    assert_eq!(entries.len(), 21, "the suite has 21 map tests");
    for e in &entries {
        let request = with_hash(
            request(Algorithm::Rdfc, InputFormat::Nquads, Output::Map),
            hash_of(e),
        );
        let got: BTreeMap<String, String> =
            serde_json::from_str(&run_text(&read(&format!("{}-in.nq", e.id)), &request).unwrap())
                .unwrap();
        let expected: BTreeMap<String, String> =
            serde_json::from_str(&read(&format!("{}-rdfc10map.json", e.id))).unwrap();
        assert_eq!(got, expected, "{}", e.id);
    }
}

#[test]
fn sha384_test_differs_from_sha256() {
    // test075 only passes with SHA-384; with SHA-256 the labels differ, so the option really changes the hash.
    let input = read("test075-in.nq");
    let expected = read("test075-rdfc10.nq");
    let sha256 = run_text(
        &input,
        &request(Algorithm::Rdfc, InputFormat::Nquads, Output::Canonical),
    )
    .unwrap();
    assert_ne!(sha256, expected);
}

#[test]
fn poison_test074_is_refused_by_default() {
    let negative: Vec<Entry> = manifest()
        .into_iter()
        .filter(|e| e.eval == "RDFC10NegativeEvalTest")
        .collect();
    assert_eq!(
        negative.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(),
        ["test074"]
    );
    let start = std::time::Instant::now();
    let err = rdfc_nquads(&read("test074-in.nq")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Poison);
    assert!(err.reason().contains("Hash N-Degree Quads"), "{err}");
    // A hang guard, not a benchmark: refusal takes milliseconds (see the closing note), never minutes.
    assert!(
        start.elapsed().as_secs() < 10,
        "poison refusal must be bounded"
    );
}
