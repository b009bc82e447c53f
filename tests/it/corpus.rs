//! Every bundled corpus credential: canonical N-Quads and JCS output byte-identical to what jsonld.js 9 +
//! rdf-canonize 5 and npm canonicalize produce (tests/data/expected, see tests/data/SOURCES.md).

use crate::common::*;
use canonprof::canon::{Session, Settings};
use canonprof::corpus::{self, Schema};
use canonprof::document::Limits;
use canonprof::loader::OfflineLoader;
use canonprof::ErrorKind;

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
    assert_eq!(err.kind(), ErrorKind::SafeMode);
    assert!(
        err.reason().contains("`TermsOfUse`"),
        "names the relative @type: {err}"
    );
}

#[test]
fn bundled_contexts_match_their_pinned_hashes() {
    let loader = OfflineLoader::bundled();
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
    assert_eq!(err.kind(), ErrorKind::UnknownContext);
    assert!(
        err.reason()
            .contains("<https://example.org/not-bundled/v1>"),
        "{err}"
    );
}

#[test]
fn context_cache_gives_byte_identical_output_and_never_mixes_contexts() {
    use canonprof::canon::rdfc::{canonicalize_jsonld, RdfcOptions};
    let options = RdfcOptions::default();
    let cached = Session::bundled(Settings::default().with_context_cache(true));
    let cold = Session::bundled(Settings::default());
    for c in corpus::bundled(Schema::All) {
        let text = &c.document.text;
        let expected = canonicalize_jsonld(&c.name, text, &cold, &options)
            .unwrap()
            .canonical;
        // The first call fills the cache, the second is served from it.
        for round in ["miss", "hit"] {
            let got = canonicalize_jsonld(&c.name, text, &cached, &options)
                .unwrap()
                .canonical;
            assert_eq!(got, expected, "{} ({round})", c.name);
        }
    }
    // Two inline contexts that differ in one term, through one cache: each document gets its own.
    let doc = |iri: &str| format!(r#"{{"@context":{{"name":"{iri}"}},"@id":"urn:x","name":"v"}}"#);
    for iri in [
        "https://a.example/name",
        "https://b.example/name",
        "https://a.example/name",
    ] {
        let got = canonicalize_jsonld("inline", &doc(iri), &cached, &options)
            .unwrap()
            .canonical;
        assert_eq!(got, format!("<urn:x> <{iri}> \"v\" .\n"));
    }
    // The same URL served by two sessions with different contents: a cache belongs to its session.
    let dirs: Vec<tempfile::TempDir> = ["https://a.example/name", "https://b.example/name"]
        .iter()
        .map(|iri| {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(
                dir.path().join("ctx.jsonld"),
                format!(r#"{{"@context":{{"name":"{iri}"}}}}"#),
            )
            .unwrap();
            std::fs::write(
                dir.path().join("index.json"),
                r#"{"https://example.org/ctx":"ctx.jsonld"}"#,
            )
            .unwrap();
            dir
        })
        .collect();
    let doc = r#"{"@context":"https://example.org/ctx","@id":"urn:x","name":"v"}"#;
    for (dir, iri) in dirs
        .iter()
        .zip(["https://a.example/name", "https://b.example/name"])
    {
        let loader = OfflineLoader::bundled()
            .with_user_contexts(dir.path(), &Limits::DEFAULT)
            .unwrap();
        let session = Session::new(Settings::default().with_context_cache(true), loader);
        for _ in 0..2 {
            assert_eq!(
                canonicalize_jsonld("u", doc, &session, &options)
                    .unwrap()
                    .canonical,
                format!("<urn:x> <{iri}> \"v\" .\n")
            );
        }
    }
    // Errors on the cached path still point into the whole document.
    let bad = r#"{"@context":{"name":"https://schema.org/name"},"@id":"urn:x","name":"a","nickname":"b"}"#;
    for _ in 0..2 {
        let err = canonicalize_jsonld("bad.json", bad, &cached, &options).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::SafeMode);
        assert_eq!(err.position(), Some("/nickname"), "{err}");
    }
}
