//! The fuzzing entry points, shared by the cargo-fuzz targets in `fuzz/` and the regression test that replays
//! their corpus seeds and findings (`tests/it/fuzz_regressions.rs`): each takes arbitrary bytes, runs one input
//! path with small bounds, and panics only on a broken invariant (an error result is a correct outcome).

use crate::canon::rdfc::{self, RdfcOptions};
use crate::canon::{jcs as jcs_pipeline, nquads as nquads_parser};
use crate::document::Document;
use crate::loader::OfflineLoader;
use std::sync::OnceLock;
use std::time::Duration;

/// Small bounds so a hostile input ends fast.
const OPTIONS: RdfcOptions = RdfcOptions {
    hndq_call_limit: 2000,
    hash: rdfc::HashAlgorithm::Sha256,
    time_limit: Some(Duration::from_secs(2)),
    lossy: false,
};

fn loader() -> &'static OfflineLoader {
    static LOADER: OnceLock<OfflineLoader> = OnceLock::new();
    LOADER.get_or_init(|| OfflineLoader::bundled().with_context_cache(true))
}

/// The JSON-LD path: UTF-8, I-JSON checks, RDFC-1.0. Invariant: a success yields canonical N-Quads that
/// canonicalize to themselves.
pub fn jsonld(data: &[u8]) {
    let Ok(document) = Document::from_bytes("fuzz.json".into(), data.to_vec()) else {
        return;
    };
    if document.check_json().is_err() {
        return;
    }
    if let Ok(out) = rdfc::canonicalize_jsonld("fuzz.json", &document.text, loader(), &OPTIONS) {
        assert_fixed_point(&out.canonical);
    }
}

/// The N-Quads path. Invariant: a success canonicalizes to itself.
pub fn nquads(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(dataset) = nquads_parser::parse("fuzz.nq", text) else {
        return;
    };
    if let Ok(out) = rdfc::canonicalize_dataset(&dataset, &OPTIONS) {
        assert_fixed_point(&out.canonical);
    }
}

/// Canonical N-Quads parse and canonicalize to themselves.
fn assert_fixed_point(canonical: &str) {
    let again = nquads_parser::parse("canonical", canonical)
        .and_then(|d| rdfc::canonicalize_dataset(&d, &OPTIONS))
        .expect("canonical N-Quads parse and canonicalize");
    assert_eq!(
        again.canonical, canonical,
        "canonical N-Quads are a fixed point"
    );
}

/// The JCS path. Invariants: the output is a fixed point and parses to the same JSON value as the input.
pub fn jcs(data: &[u8]) {
    let Ok(document) = Document::from_bytes("fuzz.json".into(), data.to_vec()) else {
        return;
    };
    if document.check_json().is_err() {
        return;
    }
    if let Ok(out) = jcs_pipeline::canonicalize("fuzz.json", &document.text) {
        let again =
            jcs_pipeline::canonicalize("canonical", &out.canonical).expect("JCS output is JSON");
        assert_eq!(again.canonical, out.canonical, "JCS is idempotent");
        let input: serde_json::Value = serde_json::from_str(&document.text).expect("checked JSON");
        let output: serde_json::Value =
            serde_json::from_str(&out.canonical).expect("JCS output is JSON");
        assert!(same_json(&input, &output), "JCS keeps the value");
    }
}

/// JSON equality with numbers compared as IEEE-754 doubles (JCS re-serializes them).
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}
