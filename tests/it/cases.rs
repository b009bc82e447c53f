//! The cases in tests/data/cases/ (from public bug reports against other implementations): each names a kind of
//! fault; each test pins the expected value from the case file, plus neighbours of the same kind.

use crate::common::*;
use canonprof::canon::rdfc::RdfcOptions;
use canonprof::canon::{Algorithm, Engine};
use canonprof::canonicalize::{InputFormat, Output};
use canonprof::ErrorKind;

fn hex_of(s: &str) -> String {
    hex::encode(s.as_bytes())
}

#[test]
fn case_001_jcs_number_exponent_boundaries() {
    let got = jcs(
        r#"{"n":[1e21,999999999999999900000,1e20,1e-6,1e-7,0.000001234,123e-20,1.5e300,-1e-7]}"#,
    )
    .unwrap();
    assert_eq!(
        got,
        r#"{"n":[1e+21,999999999999999900000,100000000000000000000,0.000001,1e-7,0.000001234,1.23e-18,1.5e+300,-1e-7]}"#
    );
    // Same kind: the subnormal and extreme ends, and 1e-7 padding.
    assert_eq!(
        jcs("[5e-324,1.7976931348623157e308,1e-07,1E+2]").unwrap(),
        "[5e-324,1.7976931348623157e+308,1e-7,100]"
    );
}

#[test]
fn case_002_jcs_negative_zero_integral_doubles_and_big_integers() {
    let got =
        jcs(r#"{"z":-0,"f":-0.0,"one":1.0,"x":4.50,"y":2e0,"big":9007199254740993}"#).unwrap();
    assert_eq!(
        got,
        r#"{"big":9007199254740992,"f":0,"one":1,"x":4.5,"y":2,"z":0}"#
    );
    assert_eq!(
        jcs("[18446744073709551617,-9007199254740993]").unwrap(),
        "[18446744073709552000,-9007199254740992]"
    );
}

#[test]
fn case_005_jcs_sorts_keys_by_utf16_code_units() {
    let got = jcs(r#"{"\uFFFD":3,"\uFB33":2,"\ud83d\ude00":1,"\u00e9":5,"a":4,"A":6}"#).unwrap();
    assert_eq!(
        hex_of(&got),
        "7b2241223a362c2261223a342c22c3a9223a352c22f09f9880223a312c22efacb3223a322c22efbfbd223a337d"
    );
}

#[test]
fn case_006_jcs_string_escaping() {
    let got = jcs(r#"{"s":"\u0000\u0007\b\t\n\u000b\f\r\u001f\u007f\"\\\/\u00e9\u2028"}"#).unwrap();
    assert_eq!(
        hex_of(&got),
        "7b2273223a225c75303030305c75303030375c625c745c6e5c75303030625c665c725c75303031667f5c225c5c2fc3a9e280a8227d"
    );
}

#[test]
fn case_008_protected_terms() {
    let a = r#"{"@context":{"@version":1.1,"@protected":true,
      "label":"https://vocab.example/label",
      "holder":{"@id":"https://vocab.example/holder","@context":{"label":"https://other.example/label"}}},
     "@id":"https://ex.example/doc1","label":"outer",
     "holder":{"@id":"https://ex.example/h","label":"inner"}}"#;
    assert_eq!(
        rdfc_jsonld(a).unwrap(),
        "<https://ex.example/doc1> <https://vocab.example/holder> <https://ex.example/h> .\n\
         <https://ex.example/doc1> <https://vocab.example/label> \"outer\" .\n\
         <https://ex.example/h> <https://other.example/label> \"inner\" .\n"
    );
    let b = r#"{"@context":[{"@version":1.1,"@protected":true,"label":"https://vocab.example/label"},
             {"label":"https://other.example/label"}], "@id":"https://ex.example/doc2","label":"x"}"#;
    let c = r#"{"@context":[{"@version":1.1,"@protected":true,"label":{"@id":"https://vocab.example/label"}},
             {"label":{"@id":"https://vocab.example/label"}}], "@id":"https://ex.example/doc3","label":"x"}"#;
    let d = r#"{"@context":{"@version":1.1,"@protected":true,"label":"https://vocab.example/label",
      "Holder":{"@id":"https://vocab.example/Holder","@context":{"label":"https://other.example/label"}}},
     "@id":"https://ex.example/doc1","@type":"Holder","label":"outer"}"#;
    let e = r#"{"@context":[{"@version":1.1,"@protected":true,"label":"https://vocab.example/label"},null],"label":"x"}"#;
    assert_eq!(
        rdfc_jsonld(c).unwrap(),
        "<https://ex.example/doc3> <https://vocab.example/label> \"x\" .\n"
    );
    for (name, doc, code) in [
        ("B", b, "protected term redefinition"),
        ("D", d, "protected term redefinition"),
        ("E", e, "invalid context nullification"),
    ] {
        let err = rdfc_jsonld(doc).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Expansion, "{name}");
        assert!(err.reason().contains(code), "{name}: {err}");
    }
}

#[test]
fn case_013_native_numbers_to_rdf() {
    let doc = r#"{"@context":{"@vocab":"https://vocab.example/"},"@id":"https://ex.example/num",
     "a":5.0,"b":1e21,"c":0.5,"d":-0.0,"e":123.456,"f":true,
     "g":999999999999999999999,"h":1e20,"i":-7}"#;
    let s = "<https://ex.example/num> <https://vocab.example/";
    let xsd = "^^<http://www.w3.org/2001/XMLSchema#";
    let expected = [
        ("a", "5", "integer"),
        ("b", "1.0E21", "double"),
        ("c", "5.0E-1", "double"),
        ("d", "0", "integer"),
        ("e", "1.23456E2", "double"),
        ("f", "true", "boolean"),
        ("g", "1.0E21", "double"),
        ("h", "100000000000000000000", "integer"),
        ("i", "-7", "integer"),
    ]
    .iter()
    .map(|(p, v, t)| format!("{s}{p}> \"{v}\"{xsd}{t}> .\n"))
    .collect::<String>();
    assert_eq!(rdfc_jsonld(doc).unwrap(), expected);
    // Same kind (values checked against jsonld.js 9 and PyLD 3.3): explicit xsd:double on an integer and on a
    // string, 16-significant-digit rounding, the smallest subnormal (a double by value: PyLD and the spec), a
    // large integer written in full, and a number typed xsd:decimal.
    let typed = r#"{"@context":{"@vocab":"https://vocab.example/","xsd":"http://www.w3.org/2001/XMLSchema#"},
      "@id":"https://ex.example/t","p":{"@value":5,"@type":"xsd:double"},"q":{"@value":"5.0","@type":"xsd:double"},
      "r":0.30000000000000004,"s":1.7976931348623157e308,"t":5e-324,"u":123456789012345680000,
      "v":{"@value":1.5,"@type":"xsd:decimal"},"w":{"@value":"n/a","@type":"xsd:double"}}"#;
    let x = "^^<http://www.w3.org/2001/XMLSchema#";
    let expected = [
        ("p", "5.0E0", "double"),
        ("q", "5.0E0", "double"),
        ("r", "3.0E-1", "double"),
        ("s", "1.797693134862316E308", "double"),
        ("t", "4.940656458412465E-324", "double"),
        ("u", "123456789012345683968", "integer"),
        ("v", "1.5E0", "decimal"),
        ("w", "n/a", "double"),
    ]
    .iter()
    .map(|(p, v, t)| {
        format!("<https://ex.example/t> <https://vocab.example/{p}> \"{v}\"{x}{t}> .\n")
    })
    .collect::<String>();
    assert_eq!(rdfc_jsonld(typed).unwrap(), expected);
}

#[test]
fn case_014_json_literals_use_jcs() {
    let doc = r#"{"@context":{"@version":1.1,"payload":{"@id":"https://vocab.example/payload","@type":"@json"}},
     "@id":"https://ex.example/j1",
     "payload":{"z":[1.0,1e21,"\u00e9\u0001"],"a":{"y":null,"x":false},"\ud83d\ude00":1,"\uFB33":2}}"#;
    let expected = "<https://ex.example/j1> <https://vocab.example/payload> \"{\\\"a\\\":{\\\"x\\\":false,\\\"y\\\":null},\\\"z\\\":[1,1e+21,\\\"\u{e9}\\\\u0001\\\"],\\\"\u{1F600}\\\":1,\\\"\u{FB33}\\\":2}\"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#JSON> .\n";
    assert_eq!(rdfc_jsonld(doc).unwrap(), expected);
}

const CASE_016_A: &str = "_:p <urn:ex:e> _:q .\n_:q <urn:ex:e> _:p .\n_:r <urn:ex:e> _:s .\n_:s <urn:ex:e> _:r .\n_:s <urn:ex:e> _:s .\n";
const CASE_016_B: &str = "_:s <urn:ex:e> _:s .\n_:b9 <urn:ex:e> _:s .\n_:x <urn:ex:e> _:y .\n_:s <urn:ex:e> _:b9 .\n_:y <urn:ex:e> _:x .\n";

#[test]
fn case_016_hndq_path_keeps_the_blank_node_prefix() {
    let expected = "_:c14n0 <urn:ex:e> _:c14n0 .\n_:c14n0 <urn:ex:e> _:c14n1 .\n_:c14n1 <urn:ex:e> _:c14n0 .\n_:c14n2 <urn:ex:e> _:c14n3 .\n_:c14n3 <urn:ex:e> _:c14n2 .\n";
    assert_eq!(rdfc_nquads(CASE_016_A).unwrap(), expected);
    assert_eq!(rdfc_nquads(CASE_016_B).unwrap(), expected);
}

fn clique(n: usize) -> String {
    (0..n)
        .flat_map(|i| {
            (0..n)
                .filter(move |&j| j != i)
                .map(move |j| format!("_:v{i} <urn:ex:edge> _:v{j} .\n"))
        })
        .collect()
}

#[test]
fn case_017_poison_clique_is_refused_and_the_limit_is_configurable() {
    let start = std::time::Instant::now();
    let err = rdfc_nquads(&clique(8)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Poison, "{err}");
    assert!(start.elapsed().as_secs() < 10, "refusal is bounded");
    // A lower limit refuses the 6-clique; a raised one computes it.
    let mut strict = request(Algorithm::Rdfc, InputFormat::Nquads, Output::Canonical);
    strict.rdfc = RdfcOptions {
        hndq_call_limit: 10,
        ..RdfcOptions::default()
    };
    assert_eq!(
        run_text(&clique(6), &strict).unwrap_err().kind(),
        ErrorKind::Poison
    );
    let mut raised = strict;
    raised.rdfc.hndq_call_limit = 1_000_000;
    let got = run_text(&clique(6), &raised).unwrap();
    let mut expected: Vec<String> = (0..6)
        .flat_map(|i| {
            (0..6)
                .filter(move |&j| j != i)
                .map(move |j| format!("_:c14n{i} <urn:ex:edge> _:c14n{j} .\n"))
        })
        .collect();
    expected.sort();
    assert_eq!(got, expected.concat());
}

#[test]
fn case_018_canonical_nquads_literal_escaping() {
    let input = "<urn:ex:s> <urn:ex:p> \"a\\u0000b\\u0007c\\bd\\te\\nf\\u000Bg\\fh\\ri\\u001Fj\\u007Fk\\\"l\\\\m\\u00E9n\" .\n";
    let expected = "<urn:ex:s> <urn:ex:p> \"a\\u0000b\\u0007c\\bd\\te\\nf\\u000Bg\\fh\\ri\\u001Fj\\u007Fk\\\"l\\\\m\u{e9}n\" .\n";
    assert_eq!(rdfc_nquads(input).unwrap(), expected);
    // The same characters arriving through JSON-LD get the same canonical escapes.
    let doc = r#"{"@context":{"@vocab":"https://vocab.example/"},"@id":"urn:ex:s","p":"a\u0000b\u007fc\u000bd"}"#;
    assert_eq!(
        rdfc_jsonld(doc).unwrap(),
        "<urn:ex:s> <https://vocab.example/p> \"a\\u0000b\\u007Fc\\u000Bd\" .\n"
    );
}

#[test]
fn case_017_kind_a_time_limit_bounds_labeling_when_the_call_limit_is_lifted() {
    use std::time::Duration;
    // K(2,10): two blank nodes pointing at the same ten — refused by the call limit by default; with the call
    // limit lifted, the wall-clock limit still ends it.
    let k2: String = (0..2)
        .flat_map(|i| (0..10).map(move |j| format!("_:c{i} <urn:ex:p> _:l{j} .\n")))
        .collect();
    let mut request = request(Algorithm::Rdfc, InputFormat::Nquads, Output::Canonical);
    assert_eq!(
        run_text(&k2, &request).unwrap_err().kind(),
        ErrorKind::Poison
    );
    request.rdfc = RdfcOptions {
        hndq_call_limit: usize::MAX,
        time_limit: Some(Duration::from_millis(200)),
        ..RdfcOptions::default()
    };
    let start = std::time::Instant::now();
    let err = run_text(&k2, &request).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Poison);
    assert!(err.reason().contains("time limit"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(10), "bounded");
    // Ordinary inputs are nowhere near it: the corpus and case 016 canonicalize under the default limits.
    assert!(rdfc_nquads(CASE_016_A).is_ok());
}

#[test]
fn an_undefined_term_with_a_look_alike_letter_says_which() {
    // `eIDASΙdentifier` (U+0399 GREEK CAPITAL LETTER IOTA) looks like the defined `eIDASIdentifier`.
    let text = r#"{"@context": {"eIDASIdentifier": "https://ex/eIDASIdentifier"}, "@id": "urn:x", "eIDASΙdentifier": "x"}"#;
    let request = request(Algorithm::Rdfc, InputFormat::Jsonld, Output::Canonical);
    for engine in [Engine::JsonLd, Engine::Canonprof] {
        let error = run_text_with(text, &request, engine).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::SafeMode);
        assert!(
            error.to_string().ends_with(
                "term `eIDASΙdentifier` is not defined by the active context and would be dropped (contains U+0399 GREEK CAPITAL LETTER IOTA, which looks like I)"
            ),
            "{engine:?}: {error}"
        );
        assert_eq!(error.position(), Some("/eIDASΙdentifier"));
    }
}

#[test]
fn n_quads_given_as_json_ld_get_the_hint_whatever_the_file_name() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("data.json", "<urn:s> <urn:p> \"o\" .\n"),
        ("blank.txt", "# a comment\n_:b0 <urn:p> <urn:o> .\n"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let output = canonprof(&["canonicalize", path.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success());
        assert!(
            stderr.contains("for N-Quads use `canonprof canonicalize --input-format nquads`"),
            "{name}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    let json = dir.path().join("bad.json");
    std::fs::write(&json, "{\"a\": }").unwrap();
    let stderr =
        String::from_utf8_lossy(&canonprof(&["canonicalize", json.to_str().unwrap()]).stderr)
            .to_string();
    assert!(!stderr.contains("N-Quads"), "{stderr}");
}

#[test]
fn json_ld_errors_carry_their_error_code() {
    use canonprof::canon::jsonld::JsonLdErrorCode;
    let request = request(Algorithm::Rdfc, InputFormat::Jsonld, Output::Canonical);
    for (text, code) in [
        (
            r#"{"@context": [{"@protected": true, "t": "http://a/"}, {"t": "http://b/"}], "@id": "urn:x", "t": "x"}"#,
            JsonLdErrorCode::ProtectedTermRedefinition,
        ),
        (
            r#"{"@context": {"@vocab": "http://ex/", "t": {"@container": ["@index", "@index"]}}, "t": {"a": "v"}}"#,
            JsonLdErrorCode::InvalidContainerMapping,
        ),
        (
            r#"{"@context": "https://unknown.example/ctx", "name": "x"}"#,
            JsonLdErrorCode::LoadingRemoteContextFailed,
        ),
    ] {
        for engine in [Engine::JsonLd, Engine::Canonprof] {
            let error = run_text_with(text, &request, engine).unwrap_err();
            assert_eq!(error.code(), Some(code), "{engine:?}: {error}");
            assert!(
                error.to_string().contains(code.as_str())
                    || code == JsonLdErrorCode::LoadingRemoteContextFailed,
                "{error}"
            );
        }
    }
}
