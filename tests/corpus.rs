//! Every bundled corpus credential: canonical N-Quads and JCS output byte-identical to what jsonld.js 9 +
//! rdf-canonize 5 and npm canonicalize produce (tests/data/expected, see tests/data/SOURCES.md).

mod common;

use canonprof::corpus::{self, Schema};
use canonprof::ErrorKind;
use common::*;

#[test]
fn every_credential_matches_the_reference_implementations() {
    let credentials = corpus::bundled(Schema::All);
    assert_eq!(credentials.len(), 7);
    for c in credentials {
        let stem = format!("{}-{}", c.set, c.name);
        let expected_nq =
            std::fs::read_to_string(data(&format!("expected/{stem}.rdfc.nq"))).unwrap();
        let expected_jcs =
            std::fs::read_to_string(data(&format!("expected/{stem}.jcs.json"))).unwrap();
        assert_eq!(
            rdfc_jsonld(&c.document.text).unwrap(),
            expected_nq,
            "{stem} RDFC-1.0"
        );
        assert_eq!(jcs(&c.document.text).unwrap(), expected_jcs, "{stem} JCS");
    }
}

#[test]
fn schemas_select_their_sets() {
    let names = |s| {
        corpus::bundled(s)
            .into_iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        names(Schema::Simple),
        ["alumni", "vcdm2-simple", "person-20"]
    );
    assert_eq!(
        names(Schema::Edu),
        ["ob3-basic", "ob3-full", "clr2", "elm-edc-annex1"]
    );
}

#[test]
fn safe_mode_refuses_the_relative_type_credential() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas-education/invalid/elm-edc-relative-type.json");
    let err = rdfc_jsonld(&std::fs::read_to_string(path).unwrap()).unwrap_err();
    assert_eq!(err.kind, ErrorKind::SafeMode);
    assert!(
        err.reason.contains("`TermsOfUse`"),
        "names the relative @type: {err}"
    );
}

#[test]
fn bundled_contexts_match_their_pinned_hashes() {
    let loader = canonprof::loader::OfflineLoader::bundled();
    let urls: Vec<String> = loader.urls().into_iter().map(str::to_string).collect();
    assert!(urls.len() >= 28, "{}", urls.len());
    for url in urls {
        loader.get(&url).unwrap_or_else(|e| panic!("{url}: {e}"));
    }
}

#[test]
fn unknown_context_url_is_named() {
    let doc = r#"{"@context":"https://example.org/not-bundled/v1","@id":"urn:x","name":"y"}"#;
    let err = rdfc_jsonld(doc).unwrap_err();
    assert_eq!(err.kind, ErrorKind::UnknownContext);
    assert!(
        err.reason.contains("<https://example.org/not-bundled/v1>"),
        "{err}"
    );
}
