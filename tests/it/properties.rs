//! Property tests (proptest): RDFC-1.0's canonical N-Quads do not depend on blank node labels or quad order —
//! every W3C RDFC-1.0 evaluation input (SHA-256) and every corpus credential's dataset, randomly relabeled and
//! reordered, canonicalizes to the same bytes as the original; JCS is idempotent, its output parses back to the same value,
//! and the order of members in the input never changes it.

use crate::common;
use canonprof::canon::rdfc::{self, RdfcOptions};
use canonprof::canon::{jcs, jsonld, nquads, Engine, Quads};
use canonprof::canon::{Session, Settings};
use canonprof::document::Limits;
use oxrdf::{BlankNode, GraphName, Quad, Subject, Term};
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::OnceLock;

/// (name, dataset, canonical N-Quads) of every input: W3C RDFC-1.0 evaluation tests with SHA-256 (the poison
/// test074 excluded: it is refused) and the corpus credentials.
fn inputs() -> &'static Vec<(String, Quads, String)> {
    static INPUTS: OnceLock<Vec<(String, Quads, String)>> = OnceLock::new();
    INPUTS.get_or_init(|| {
        let mut out = Vec::new();
        let manifest =
            std::fs::read_to_string(common::data("rdf-canon-tests/manifest.csv")).unwrap();
        for line in manifest.lines().skip(1) {
            let cols: Vec<&str> = line.split(',').collect();
            let (test, hash, eval) = (cols[0], cols[5], cols[6]);
            if eval != "TRUE" || !hash.is_empty() || test == "test074" {
                continue;
            }
            let text = std::fs::read_to_string(common::data(&format!(
                "rdf-canon-tests/rdfc10/{test}-in.nq"
            )))
            .unwrap();
            let dataset = nquads::parse(test, &text).unwrap();
            let canonical = rdfc::canonicalize_dataset(&dataset, &RdfcOptions::default())
                .unwrap()
                .canonical;
            out.push((test.to_string(), dataset, canonical));
        }
        let session = Session::bundled(Settings::default());
        for credential in canonprof::corpus::bundled(canonprof::corpus::Schema::All) {
            let value = serde_json::from_str(&credential.document.text).unwrap();
            let expanded = jsonld::expand_json(Engine::JsonLd, &value, &session).unwrap();
            let dataset = jsonld::to_rdf(&expanded).unwrap();
            let canonical = rdfc::canonicalize_dataset(&dataset, &RdfcOptions::default())
                .unwrap()
                .canonical;
            out.push((credential.name, dataset, canonical));
        }
        assert_eq!(
            out.len(),
            53 + 7,
            "W3C evaluation inputs (SHA-256, not test074) and corpus credentials"
        );
        out
    })
}

/// `dataset` with every blank node renamed (`x<random>`) and the quads shuffled, both from `seed`.
fn relabel_and_shuffle(dataset: &Quads, seed: u64) -> Quads {
    use rand_core::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    let mut names: HashMap<String, BlankNode> = HashMap::new();
    let mut rename = |b: &BlankNode| {
        names
            .entry(b.as_str().to_string())
            .or_insert_with(|| BlankNode::new_unchecked(format!("x{}", rng.next_u64())))
            .clone()
    };
    let mut quads: Vec<Quad> = dataset
        .iter()
        .map(|q| {
            let subject = match &q.subject {
                Subject::BlankNode(b) => Subject::BlankNode(rename(b)),
                other => other.clone(),
            };
            let object = match &q.object {
                Term::BlankNode(b) => Term::BlankNode(rename(b)),
                other => other.clone(),
            };
            let graph_name = match &q.graph_name {
                GraphName::BlankNode(b) => GraphName::BlankNode(rename(b)),
                other => other.clone(),
            };
            Quad::new(subject, q.predicate.clone(), object, graph_name)
        })
        .collect();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed ^ 0x5eed);
    for i in (1..quads.len()).rev() {
        quads.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    quads.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn rdfc_output_is_independent_of_labels_and_order(seed in any::<u64>()) {
        for (name, dataset, canonical) in inputs() {
            let shuffled = relabel_and_shuffle(dataset, seed);
            let out = rdfc::canonicalize_dataset(&shuffled, &RdfcOptions::default()).unwrap();
            prop_assert_eq!(&out.canonical, canonical, "{} with seed {}", name, seed);
        }
    }
}

/// Random JSON: nested arrays and objects of strings (any Unicode), integers, doubles, booleans and null.
fn json() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::Value;
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".{0,8}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((".{0,6}", inner), 0..6)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

/// `value` serialized with every object's members in reverse order (serde_json sorts them otherwise).
fn reversed(value: &serde_json::Value) -> String {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            let members: Vec<String> = map
                .iter()
                .rev()
                .map(|(k, v)| format!("{}:{}", Value::from(k.as_str()), reversed(v)))
                .collect();
            format!("{{{}}}", members.join(","))
        }
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(reversed).collect::<Vec<_>>().join(",")
        ),
        other => other.to_string(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn jcs_is_idempotent_keeps_the_value_and_ignores_member_order(value in json()) {
        let text = serde_json::to_string(&value).unwrap();
        let out = jcs::canonicalize("random", &text, &Limits::DEFAULT).unwrap().canonical;
        prop_assert_eq!(&jcs::canonicalize("canonical", &out, &Limits::DEFAULT).unwrap().canonical, &out);
        let back: serde_json::Value = serde_json::from_str(&out).unwrap();
        prop_assert!(same(&back, &value), "{} → {}", text, out);
        prop_assert_eq!(&jcs::canonicalize("reversed", &reversed(&value), &Limits::DEFAULT).unwrap().canonical, &out);
        // canonprof's writer and the serde_jcs crate agree byte for byte, and the JCS path (text parsed by
        // sonic-rs) gives the same bytes as the writer on serde_json's value.
        prop_assert_eq!(&serde_jcs::to_string(&value).unwrap(), &jcs::canonical_string(&value).unwrap());
        prop_assert_eq!(&jcs::canonical_string(&value).unwrap(), &out);
    }
}

fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}
