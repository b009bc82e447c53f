//! Spec-step work counters (`canon::work`), `--as-written` and `--detail spec`:
//! - counters are deterministic: the same in two runs, after 1 or 50 iterations, cold and at steady state;
//! - person-20's counts, derived from the document by hand, and ob3-full's quads, blank nodes and hashing;
//! - the counters both engines have (deserialization to RDF, labeling, serialization, hashing) agree on the corpus;
//! - canonprof's engine as written (no memo, no cache) gives the same canonical N-Quads on the corpus, with
//!   more Context Processing, and the main job reports it;
//! - the span flamegraph has the spec-step frames under their phases whatever `--detail` says (it has a pass of
//!   its own; `--detail` chooses what the tables time).

use crate::common::{canonprof, canonprof_quick, quick_export, read_json};
use canonprof::canon::rdfc::{self, RdfcOptions};
use canonprof::canon::work::{self, Engines, Step, Work};
use canonprof::canon::{Engine, Session, Settings};
use canonprof::corpus::{self, Schema};

fn text(name: &str) -> String {
    corpus::bundled(Schema::All)
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("{name} is bundled"))
        .document
        .text
}

fn session(engine: Engine) -> Session {
    Session::bundled(settings(engine))
}

fn settings(engine: Engine) -> Settings {
    Settings::default()
        .with_engine(engine)
        .with_context_cache(true)
}

/// canonprof's engine following the algorithms as written.
fn as_written() -> Session {
    Session::bundled(settings(Engine::Canonprof).with_as_written(true))
}

/// One canonicalization's counts and canonical N-Quads.
fn counted(text: &str, session: &Session) -> (Work, String) {
    work::take();
    let out = rdfc::canonicalize_jsonld("t", text, session, &RdfcOptions::default()).unwrap();
    (work::take(), out.canonical)
}

/// The counts of one iteration after `before` iterations on a fresh session (cache on).
fn after(text: &str, engine: Engine, before: usize) -> Work {
    let session = session(engine);
    for _ in 0..before {
        counted(text, &session);
    }
    counted(text, &session).0
}

#[test]
fn counters_are_the_same_in_every_run_and_after_any_number_of_iterations() {
    for name in ["person-20", "ob3-full", "clr2"] {
        let t = text(name);
        for engine in [Engine::Canonprof, Engine::JsonLd] {
            let cold = after(&t, engine, 0);
            assert_eq!(cold, after(&t, engine, 0), "{name} {engine:?}: cold");
            let steady = after(&t, engine, 1);
            assert_eq!(steady, after(&t, engine, 50), "{name} {engine:?}: steady");
            assert_eq!(
                steady,
                after(&t, engine, 1),
                "{name} {engine:?}: steady again"
            );
        }
    }
}

#[test]
fn person_20_counts_derived_by_hand() {
    let t = text("person-20");
    let steady = after(&t, Engine::Canonprof, 1);
    let cold = after(&t, Engine::Canonprof, 0);
    let expected = [
        // The credential is one node object with 6 statements — 2 `type`s, `issuer`, `validFrom`, `validUntil`,
        // `credentialSubject` — and the subject a second with its 20 attributes: 26 quads, each emitted once.
        (Step::QuadsEmitted, 26),
        // Node objects: the credential, the subject, and the issuer's node reference `{"@id": …}`.
        (Step::NodeObjects, 3),
        // Object to RDF: issuer, validFrom, validUntil, credentialSubject, and the 20 attributes.
        (Step::ObjectToRdf, 24),
        // Of those, value objects: validFrom, validUntil and the 20 attributes.
        (Step::ValueObjects, 22),
        (Step::ListToRdf, 0),
        // The subject has no `id`: one blank node, hashed once (its 20 attributes and the credential's
        // `credentialSubject` statement: 21 quads), unique, so issued `c14n0` without Hash N-Degree Quads.
        (Step::BlankNodesGenerated, 1),
        (Step::HashFirstDegree, 1),
        (Step::HashFirstDegreeQuads, 21),
        (Step::HashNDegree, 0),
        (Step::IssuedCanonical, 1),
        // The Expansion Algorithm runs on the root map, each of its 4 non-keyword values (issuer, validFrom,
        // validUntil, credentialSubject) and the subject's 20 values: 25 calls; Value Expansion on the 23
        // scalars among them.
        (Step::Expansion, 25),
        (Step::ValueExpansion, 23),
        // Context Processing: the top-level `@context` (both remote contexts in one array) and the
        // type-scoped context of `VerifiableCredential` (VC v2), reverted on the subject (it does not
        // propagate) — at steady state both answered from the memo.
        (Step::ContextTopLevel, 1),
        (Step::ContextTypeScoped, 1),
        (Step::ContextReverted, 1),
        (Step::ContextMemoHit, 2),
        (Step::ContextPerformed, 0),
        (Step::CreateTermDefinition, 0),
        // IRI Expansion as the engine performs it: 3 keywords (`@context`, and the aliases `id` and `type`), 43
        // terms (the credential's 7 keys and 2 types, the 20 attribute keys, …), the absolute `id` and `issuer`
        // values, and 4 values returned unchanged.
        (Step::IriKeyword, 3),
        (Step::IriTerm, 43),
        (Step::IriAbsolute, 2),
        (Step::IriUnchanged, 4),
    ];
    for (step, count) in expected {
        assert_eq!(steady.get(step), count, "steady {}", step.name());
    }
    let (_, canonical) = counted(&t, &session(Engine::Canonprof));
    assert_eq!(steady.get(Step::BytesSerialized), canonical.len() as u64);
    // Hashed: the 21 first-degree quads (as `_:a` lines) and the canonical N-Quads.
    assert!(steady.get(Step::BytesHashed) > canonical.len() as u64);
    // Cold: the two remote contexts are dereferenced and processed inside the top-level invocation, and each
    // term with a scoped context is validated (Create Term Definition step 21): 10 such definitions in VC v2,
    // nested ones included.
    let cold_expected = [
        (Step::ContextDereferenced, 2),
        (Step::ContextRemote, 2),
        (Step::ContextScopedValidation, 10),
        (Step::ContextPerformed, 14),
        (Step::ContextMemoHit, 0),
        (Step::CreateTermDefinition, 138),
    ];
    for (step, count) in cold_expected {
        assert_eq!(cold.get(step), count, "cold {}", step.name());
    }
    for w in [steady, cold] {
        assert_eq!(
            w.get(Step::ContextPerformed) + w.get(Step::ContextMemoHit),
            w.context_invocations()
        );
    }
}

#[test]
fn ob3_full_quads_blank_nodes_and_hashing() {
    let w = after(&text("ob3-full"), Engine::Canonprof, 1);
    let pinned = [
        (Step::QuadsEmitted, 400),
        (Step::ListToRdf, 2),
        (Step::ListQuads, 16),
        (Step::BlankNodesGenerated, 40),
        (Step::HashFirstDegree, 40),
        (Step::HashFirstDegreeQuads, 227),
        (Step::HashRelated, 40),
        (Step::HashNDegree, 20),
        (Step::Permutations, 20),
        (Step::IssuedCanonical, 40),
        (Step::IssuedTemporary, 20),
        (Step::BytesSerialized, 43_059),
        (Step::BytesHashed, 69_132),
    ];
    for (step, count) in pinned {
        assert_eq!(w.get(step), count, "{}", step.name());
    }
}

#[test]
fn both_engines_count_the_steps_they_share_alike() {
    for credential in corpus::bundled(Schema::All) {
        let t = &credential.document.text;
        let ours = after(t, Engine::Canonprof, 1);
        let theirs = after(t, Engine::JsonLd, 1);
        for (step, count) in ours.iter() {
            match step.engines() {
                Engines::Both => assert_eq!(
                    theirs.get(step),
                    count,
                    "{}: {}",
                    credential.name,
                    step.name()
                ),
                Engines::Canonprof => assert_eq!(theirs.get(step), 0, "{}", step.name()),
            }
        }
    }
}

#[test]
fn as_written_gives_the_same_bytes_with_more_context_processing() {
    for credential in corpus::bundled(Schema::All) {
        let t = &credential.document.text;
        let (cold, canonical) = counted(t, &session(Engine::Canonprof));
        let literal = as_written();
        assert!(literal.as_written() && !literal.caches_contexts());
        let (written, literal_canonical) = counted(t, &literal);
        assert_eq!(literal_canonical, canonical, "{}", credential.name);
        assert_eq!(written.get(Step::ContextMemoHit), 0, "{}", credential.name);
        assert!(
            written.get(Step::ContextPerformed) >= cold.get(Step::ContextPerformed),
            "{}",
            credential.name
        );
        assert_eq!(
            written.get(Step::ContextPerformed),
            written.context_invocations(),
            "{}: every invocation runs",
            credential.name
        );
        // Twice as written: nothing is kept between documents.
        assert_eq!(counted(t, &literal).0, written, "{}", credential.name);
    }
    // ob3-full's typed nodes re-process their type-scoped contexts: 241 runs against 77 with the memo.
    let t = text("ob3-full");
    let written = counted(&t, &as_written()).0;
    assert_eq!(written.get(Step::ContextPerformed), 241);
    assert_eq!(
        after(&t, Engine::Canonprof, 0).get(Step::ContextPerformed),
        77
    );
}

#[test]
fn the_main_job_exports_counters_and_spec_steps() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("out.json");
    let json_arg = json.display().to_string();
    let (csv, markdown) = (dir.path().join("out.csv"), dir.path().join("out.md"));
    let (csv_arg, markdown_arg) = (csv.display().to_string(), markdown.display().to_string());
    let output = canonprof_quick(&[
        "--schema",
        "simple",
        "--engine",
        "both",
        "--detail",
        "spec",
        "--no-flamegraphs",
        "--no-exchange",
        "--verbose",
        "--export-json",
        &json_arg,
        "--export-csv",
        &csv_arg,
        "--export-markdown",
        &markdown_arg,
    ]);
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert!(csv
        .lines()
        .next()
        .unwrap()
        .contains(",kind,steady,cold,as_written,engine,context_cache,pass,scaled_us,"));
    assert!(
        csv.contains("\nperson-20,simple,rdfc-1.0 canonprof,create_term_definition,JSON-LD 1.1 API §4.2.2,,,,,,,,,1021,26,1,counter,0,138,138,canonprof,on,,,,\n"),
        "{csv}"
    );
    assert!(
        csv.contains(",iri_expansion §5.2,expand,"),
        "a spec-step row"
    );
    let columns = csv.lines().next().unwrap().split(',').count();
    assert!(
        csv.lines().all(|l| l.split(',').count() == columns),
        "every row has every column"
    );
    let markdown = std::fs::read_to_string(&markdown).unwrap();
    for needle in [
        "## Spec steps",
        "## Work counters",
        "| person-20 | canonprof | `create_term_definition` |",
    ] {
        assert!(markdown.contains(needle), "{needle} in the Markdown");
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    for needle in [
        "spec steps of RDFC-1.0 canonprof",
        "iri_expansion §5.2",
        "work of RDFC-1.0 canonprof in one iteration",
        "as written / performed: Context Processing 14 / 14 cold (1.0x), 0 at steady state",
        "detail spec",
    ] {
        assert!(stdout.contains(needle), "{needle} in\n{stdout}");
    }
    let export = read_json(&json);
    assert_eq!(export["schema_version"], 3);
    assert_eq!(export["config"]["detail"], "spec");
    let results = export["results"].as_array().unwrap();
    let person = |engine: &str| {
        results
            .iter()
            .find(|r| {
                r["credential"] == "person-20"
                    && r["engine"] == engine
                    && r["context_cache"] == true
            })
            .unwrap_or_else(|| panic!("person-20 with {engine}"))
    };
    let ours = person("canonprof");
    assert_eq!(ours["counters"]["to_rdf.quads_emitted"]["steady"], 26);
    assert_eq!(ours["counters"]["create_term_definition"]["cold"], 138);
    assert_eq!(
        ours["counters"]["create_term_definition"]["as_written"],
        138
    );
    // Heap allocations per phase (the binary counts them). The labeling code is shared, but it writes each blank
    // node's N-Quads lines into one growing buffer, and the engines emit quads in different orders (the json-ld
    // crate in document order, canonprof's engine in code point order of terms), so the buffer may grow in other
    // steps: the counts are close, not equal.
    let label = |r: &serde_json::Value| r["phases"]["label"]["allocations"].as_f64().unwrap();
    assert!(label(ours) > 0.0);
    assert!((label(ours) - label(person("json-ld"))).abs() <= 3.0);
    assert!(
        ours["phases"]["expand"]["allocated_bytes"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    let theirs = person("json-ld");
    assert!(theirs["counters"].get("create_term_definition").is_none());
    assert_eq!(theirs["counters"]["to_rdf.quads_emitted"]["steady"], 26);
    assert!(theirs["counters"]["to_rdf.quads_emitted"]["as_written"].is_null());
    let steps = ours["steps"].as_array().unwrap();
    assert!(steps
        .iter()
        .any(|s| s["phase"] == "expand" && s["name"] == "iri_expansion §5.2"));
    assert!(steps
        .iter()
        .any(|s| s["phase"] == "label" && s["name"] == "(own)"));
}

#[test]
fn span_flamegraphs_put_spec_steps_under_their_phases_whatever_the_detail() {
    let input = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas-education/edu/ob3-basic.json")
        .display()
        .to_string();
    let folded = |detail: &str| {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().display().to_string();
        let args = [
            "flame",
            &input,
            "--algorithm",
            "rdfc-1.0",
            "--engine",
            "canonprof",
            "--as-written",
            "--detail",
            detail,
            "--flame-seconds",
            "0.3",
            "--flamegraphs",
            &out,
        ];
        let output = canonprof(&args);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read_to_string(dir.path().join("ob3-basic.rdfc-1.0.spans.folded")).unwrap()
    };
    for spec in [folded("spec"), folded("phases")] {
        for stack in [
            "rdfc-1.0;expand;context_processing §4.1;create_term_definition §4.2 ",
            "rdfc-1.0;expand;iri_expansion §5.2 ",
            "rdfc-1.0;expand;value_expansion §5.3 ",
            "rdfc-1.0;to_rdf;object_to_rdf §8.2 ",
            "rdfc-1.0;label;first_degree;hash_first_degree_quads §4.6 ",
        ] {
            assert!(
                spec.lines().any(|l| l.starts_with(stack)),
                "{stack} in\n{spec}"
            );
        }
    }
}

#[test]
fn as_written_without_canonprofs_engine_is_a_usage_error() {
    let output = canonprof(&[
        "--schema",
        "simple",
        "--engine",
        "json-ld",
        "--as-written",
        "--no-flamegraphs",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--engine canonprof"), "{stderr}");
}

#[test]
fn by_default_canonprofs_engine_gets_its_spec_steps_from_a_pass_of_their_own() {
    let (stdout, export) = quick_export(&[
        "--schema",
        "simple",
        "--no-flamegraphs",
        "--no-exchange",
        "--verbose",
    ]);
    assert!(
        stdout.contains("from a pass of their own with the spec steps timed"),
        "{stdout}"
    );
    assert_eq!(export["config"]["detail"], "phases");
    for r in export["results"].as_array().unwrap() {
        let spec = r["engine"] == "canonprof";
        assert_eq!(r.get("steps").is_some(), spec, "{}", r["credential"]);
        assert_eq!(r.get("steps_pass_us").is_some(), spec);
        if spec {
            let phases = r["phases"].to_string();
            assert!(
                !phases.contains('§'),
                "the phase times come from the pass without spec steps"
            );
        }
    }
}
