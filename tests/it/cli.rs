//! The command line as a user meets it: every kind of bad input gives one clear line naming the file and the
//! reason, exit status 1, no panic, no half-written export; options a command would ignore are refused; and the
//! main job writes its exports. One scenario per test; no assertion on timings.

use crate::common::{canonprof, canonprof_ok, canonprof_quick, read_json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// Asserts a clean failure: exit 1, one line on stderr starting with `canonprof: error: `, containing `needles`.
fn assert_fails(output: &Output, needles: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr}");
    assert!(stderr.starts_with("canonprof: error: "), "{stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "expected {needle:?} in: {stderr}");
    }
}

#[test]
fn missing_file() {
    assert_fails(
        &canonprof(&["canonicalize", "/no/such/credential.json"]),
        &["/no/such/credential.json", "No such file"],
    );
}

/// `--algorithm jcs`.
const JCS: [&str; 2] = ["--algorithm", "jcs"];

/// Asserts that canonicalizing `bytes` (as `name`, with `args` before the file) fails cleanly, naming the file
/// at `position` (appended to the path; empty for none) with every one of `reasons`.
fn assert_file_fails(name: &str, bytes: &[u8], args: &[&str], position: &str, reasons: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), name, bytes);
    let located = format!("{path}{position}");
    assert_fails(
        &canonprof(&[&["canonicalize"], args, &[path.as_str()]].concat()),
        &[&[located.as_str()], reasons].concat(),
    );
}

/// A value quoted in the reason keeps the error on one line: its line break is written `\n` (found fuzzing).
#[test]
fn a_line_break_in_a_quoted_value_stays_one_line() {
    for engine in ["json-ld", "canonprof"] {
        assert_file_fails(
            "newline.json",
            br#"[{"@type": ["http://ex.tp://ip#a> \"b\" .\n"]}]"#,
            &["--engine", engine],
            ":/0/@type/0",
            &["safe mode", "\\n` is not an absolute IRI"],
        );
    }
}

#[test]
fn empty_file() {
    assert_file_fails("empty.json", b"  \n", &[], "", &["empty input"]);
}

#[test]
fn truncated_json_names_the_line() {
    let text = b"{\"@context\": [\n  \"https://www.w3.org/ns/credentials/v2\",";
    assert_file_fails("truncated.json", text, &[], ":2:", &["truncated JSON"]);
}

#[test]
fn json_syntax_error_names_the_line() {
    let text = b"{\"a\": 1,\n \"b\": tru }";
    assert_file_fails("syntax.json", text, &JCS, ":2:", &["expected"]);
}

#[test]
fn invalid_utf8_names_the_byte() {
    let text = b"{\"name\": \"caf\xe9\"}";
    assert_file_fails("latin1.json", text, &[], ":1:14", &["invalid UTF-8"]);
}

#[test]
fn byte_order_mark_is_refused() {
    let text = b"\xef\xbb\xbf{\"a\": 1}";
    assert_file_fails("bom.json", text, &JCS, ":1:1", &["byte order mark"]);
}

/// Asserts that both engines refuse `text`, whose `pointer` names the unknown context `https://example.org/ctx/v9`.
fn assert_unknown_context(text: &[u8], pointer: &str) {
    let dir = tempfile::tempdir().unwrap();
    let doc = write(dir.path(), "c.json", text);
    for engine in ["json-ld", "canonprof"] {
        assert_fails(
            &canonprof(&["canonicalize", "--engine", engine, &doc]),
            &[
                &format!("{doc}:{pointer}:"),
                "<https://example.org/ctx/v9>",
                "unknown JSON-LD context",
            ],
        );
    }
}

#[test]
fn unknown_context_names_the_url() {
    assert_unknown_context(
        br#"{"@context":["https://www.w3.org/ns/credentials/v2","https://example.org/ctx/v9"],"type":"VerifiableCredential"}"#,
        "/@context/1",
    );
}

#[test]
fn unknown_imported_context_names_the_url() {
    assert_unknown_context(
        br#"{"@context":{"@version":1.1,"@import":"https://example.org/ctx/v9"},"@id":"urn:x"}"#,
        "/@context/@import",
    );
}

#[test]
fn safe_mode_refuses_a_relative_type() {
    let invalid = repo("schemas-education/invalid/elm-edc-relative-type.json");
    assert_fails(
        &canonprof(&["canonicalize", &invalid]),
        &[
            "elm-edc-relative-type.json:/termsOfUse/0/type:",
            "safe mode",
            "`TermsOfUse`",
        ],
    );
}

#[test]
fn safe_mode_refuses_an_undefined_term() {
    let text = br#"{"@context":{"name":"https://schema.org/name"},"@id":"urn:x","name":"a","nickname":"b"}"#;
    assert_file_fails(
        "u.json",
        text,
        &[],
        ":/nickname:",
        &["safe mode", "`nickname`"],
    );
}

#[test]
fn safe_mode_refuses_a_relative_id() {
    let text =
        br#"{"@context":{"name":"https://schema.org/name"},"@id":"relative/path","name":"a"}"#;
    assert_file_fails(
        "r.json",
        text,
        &[],
        ":/@id:",
        &["safe mode", "`relative/path`"],
    );
}

/// Whatever expansion would drop whole — an empty object, a node with only @id, a free-floating scalar — is
/// refused too, instead of canonicalizing to nothing.
#[test]
fn documents_that_expand_to_nothing_are_refused() {
    for (name, text, needle) in [
        ("empty-object.json", "{}", "yields no RDF quads"),
        (
            "context-only.json",
            r#"{"@context":{"name":"https://schema.org/name"}}"#,
            "yields no RDF quads",
        ),
        (
            "only-id.json",
            r#"{"@id":"https://example.org/x"}"#,
            "yields no RDF quads",
        ),
        ("scalar.json", "42", ":/: safe mode: free-floating scalar"),
        (
            "array.json",
            r#"[{"@id":"urn:x","https://schema.org/name":"a"}, 3]"#,
            ":/1: safe mode: free-floating scalar",
        ),
    ] {
        assert_file_fails(name, text.as_bytes(), &["--output", "hash"], "", &[needle]);
    }
}

/// The main job refuses a safe-mode violation too, before measuring, and writes no export and no flamegraph
/// directory (run in a scratch working directory, where the default `flamegraphs/<run>/` would appear).
#[test]
fn main_job_refuses_bad_input_before_writing_anything() {
    let invalid = repo("schemas-education/invalid/elm-edc-relative-type.json");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.json");
    let output = Command::new(env!("CARGO_BIN_EXE_canonprof"))
        .args([
            "--credential",
            &invalid,
            "--export-json",
            &out.display().to_string(),
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_fails(&output, &["elm-edc-relative-type.json", "safe mode"]);
    assert!(!out.exists(), "no export file after a failed run");
    assert!(
        !dir.path().join("flamegraphs").exists(),
        "no flamegraph directory after a failed run"
    );
}

#[test]
fn broken_nquads_name_the_line() {
    let text = b"<urn:ex:s> <urn:ex:p> <urn:ex:o> .\n<urn:ex:s> <urn:ex:p> \"unterminated .\n";
    let args = ["--input-format", "nquads"];
    assert_file_fails("b.nq", text, &args, ":2:", &["invalid N-Quads"]);
}

#[test]
fn a_poison_graph_is_refused_with_the_limit_named() {
    let poison = repo("tests/data/rdf-canon-tests/rdfc10/test074-in.nq");
    assert_fails(
        &canonprof(&["canonicalize", "--input-format", "nquads", &poison]),
        &["test074-in.nq", "poison", "--hndq-limit"],
    );
}

#[test]
fn jcs_refuses_numbers_out_of_range() {
    let text = b"{\"x\": [1, 1e400]}";
    assert_file_fails("huge.json", text, &JCS, ":1:", &["number out of range"]);
}

#[test]
fn jcs_refuses_duplicate_keys() {
    let text = b"{\"a\": {\"b\": 1,\n \"b\": 2}}";
    assert_file_fails("dup.json", text, &JCS, ":2:", &["duplicate key", "`/a/b`"]);
}

/// The RDFC path refuses the same duplicate (a signer and a verifier could read different values).
#[test]
fn rdfc_refuses_duplicate_keys() {
    let text = b"{\"a\": {\"b\": 1,\n \"b\": 2}}";
    assert_file_fails("dup.json", text, &[], "", &["duplicate key"]);
}

/// Asserts a usage error of canonprof's own: exit 2 like the parser's errors, one `canonprof: error:` line.
fn assert_usage_error(args: &[&str]) {
    let output = canonprof(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.starts_with("canonprof: error: ") && stderr.trim_end().lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn jcs_on_nquads_is_a_usage_error() {
    let nquads = repo("tests/data/rdf-canon-tests/rdfc10/test001-in.nq");
    assert_usage_error(&[
        "canonicalize",
        "--algorithm",
        "jcs",
        "--input-format",
        "nquads",
        &nquads,
    ]);
}

#[test]
fn zero_iterations_is_a_usage_error() {
    assert_usage_error(&["--iterations", "0"]);
}

#[test]
fn zero_hndq_limit_is_a_usage_error() {
    assert_usage_error(&["--hndq-limit", "0", "--schema", "simple"]);
}

#[test]
fn sweep_size_zero_is_a_usage_error() {
    assert_usage_error(&["sweep", "--sizes", "0"]);
}

#[test]
fn negative_and_unknown_values_are_refused_by_the_parser() {
    assert_eq!(
        canonprof(&["--iterations", "-3"]).status.code(),
        Some(2),
        "negative values are values, refused"
    );
    assert_eq!(canonprof(&["--schema", "nonsense"]).status.code(), Some(2));
}

#[test]
fn schema_conflicts_with_credential() {
    assert_eq!(
        canonprof(&["--schema", "edu", "--credential", "x.json"])
            .status
            .code(),
        Some(2),
        "--schema conflicts with --credential"
    );
}

#[test]
fn an_export_into_a_missing_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("no/such/dir/out.csv").display().to_string();
    assert_fails(
        &canonprof(&["--schema", "simple", "--export-csv", &out]),
        &["out.csv", "directory does not exist"],
    );
}

/// A directory as the export path is refused before measuring (the run would take long to fail otherwise):
/// nothing reaches stdout, so no table was measured.
#[test]
fn a_directory_as_export_path_is_refused_before_measuring() {
    let dir = tempfile::tempdir().unwrap();
    let as_dir = dir.path().display().to_string();
    let output = canonprof(&["--schema", "all", "--export-json", &as_dir]);
    assert_fails(&output, &["the path is a directory"]);
    assert!(output.stdout.is_empty(), "refused up front");
}

/// An option is offered only where it acts: values and options that a command would ignore are refused by the
/// parser (exit 2) instead of silently acting as something else.
#[test]
fn options_a_command_would_ignore_are_refused() {
    let alumni = repo("schemas-education/simple/alumni.json");
    for args in [
        vec!["canonicalize", &alumni, "--context-cache", "both"],
        vec!["flame", &alumni, "--context-cache", "both"],
        vec!["sweep", "--context-cache", "both"],
        vec!["sweep", "--engine", "both"],
        vec!["sweep", "--max-input-size", "10"],
        vec!["exchange", "--context-cache", "both"],
        vec!["exchange", "--lossy"],
        vec!["exchange", "--hndq-limit", "10"],
        vec!["exchange", "--time-limit", "5"],
    ] {
        let output = canonprof(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "the parser's: {stderr}");
    }
}

/// `jws --help` counts the algorithms of the table it measures.
#[test]
fn jws_help_counts_the_algorithm_table() {
    let help = String::from_utf8(canonprof_ok(&["jws", "--help"]).stdout).unwrap();
    let count = canonprof::jws::algorithms::ALL.len();
    assert!(
        help.starts_with(&format!("Sign and verify JWS with the {count} algorithms ")),
        "{help}"
    );
}

#[test]
fn canonicalize_prints_the_issued_identifiers_map() {
    let input = repo("tests/data/rdf-canon-tests/rdfc10/test003-in.nq");
    let map = canonprof(&[
        "canonicalize",
        "--input-format",
        "nquads",
        "--output",
        "map",
        &input,
    ]);
    assert!(map.status.success());
    let map: serde_json::Value = serde_json::from_slice(&map.stdout).unwrap();
    assert_eq!(map, serde_json::json!({"e0": "c14n0"}));
}

#[test]
fn canonicalize_prints_the_sha256_of_the_canonical_nquads() {
    let input = repo("tests/data/rdf-canon-tests/rdfc10/test003-in.nq");
    let hash = canonprof(&[
        "canonicalize",
        "--input-format",
        "nquads",
        "--output",
        "hash",
        &input,
    ]);
    let expected =
        std::fs::read(repo("tests/data/rdf-canon-tests/rdfc10/test003-rdfc10.nq")).unwrap();
    use sha2::Digest;
    assert_eq!(
        String::from_utf8(hash.stdout).unwrap().trim(),
        hex::encode(sha2::Sha256::digest(&expected))
    );
}

#[test]
fn canonicalize_prints_jcs_bytes_exactly() {
    let jcs = canonprof(&[
        "canonicalize",
        "--algorithm",
        "jcs",
        &repo("schemas-education/simple/alumni.json"),
    ]);
    assert_eq!(
        jcs.stdout,
        std::fs::read(repo("tests/data/expected/simple-alumni.jcs.json")).unwrap(),
        "exact bytes"
    );
}

#[test]
fn a_closed_stdout_is_not_an_error() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_canonprof"))
        .args([
            "canonicalize",
            &repo("schemas-education/edu/elm-edc-annex1.json"),
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then the pipe is dropped, like `| head`
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty());
}

#[test]
fn colliding_file_names_get_distinct_credential_names() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("b")).unwrap();
    let alumni = std::fs::read(repo("schemas-education/simple/alumni.json")).unwrap();
    let a = write(dir.path(), "cred.json", &alumni);
    let b = write(&dir.path().join("b"), "cred.json", &alumni);
    let out = dir.path().join("r.json").display().to_string();
    canonprof_quick(&[
        "--no-flamegraphs",
        "--credential",
        &a,
        &b,
        "--export-json",
        &out,
    ]);
    let json = read_json(&out);
    let names: std::collections::BTreeSet<&str> = json["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["credential"].as_str().unwrap())
        .collect();
    assert_eq!(names, [a.as_str(), b.as_str()].into_iter().collect());
}

/// A directory of user contexts with `my.jsonld` under `index` (the index.json text) and a document using it;
/// returns the directory and the document's path.
fn user_contexts(index: &[u8]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "my.jsonld",
        br#"{"@context":{"name":"https://schema.org/name"}}"#,
    );
    write(dir.path(), "index.json", index);
    let doc = write(
        dir.path(),
        "doc.json",
        br#"{"@context":"https://example.org/my/v1","@id":"urn:ex:1","name":"Ada"}"#,
    );
    (dir, doc)
}

#[test]
fn user_contexts_from_a_directory() {
    let (dir, doc) = user_contexts(br#"{"https://example.org/my/v1":"my.jsonld"}"#);
    let contexts = dir.path().display().to_string();
    let output = canonprof_ok(&["canonicalize", "--contexts", &contexts, &doc]);
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "<urn:ex:1> <https://schema.org/name> \"Ada\" .\n"
    );
}

/// A pinned hash that does not match is refused, naming the file.
#[test]
fn a_user_context_with_another_hash_is_refused() {
    let (dir, doc) = user_contexts(
        br#"{"contexts":{"https://example.org/my/v1":{"file":"my.jsonld","sha256":"00"}}}"#,
    );
    let contexts = dir.path().display().to_string();
    assert_fails(
        &canonprof(&["canonicalize", "--contexts", &contexts, &doc]),
        &["my.jsonld", "SHA-256"],
    );
}

#[test]
fn a_broken_context_index_is_named() {
    let (dir, doc) = user_contexts(b"[1,2");
    let contexts = dir.path().display().to_string();
    assert_fails(
        &canonprof(&["canonicalize", "--contexts", &contexts, &doc]),
        &["index.json:1:"],
    );
}

#[test]
fn main_job_writes_all_exports() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| -> PathBuf { dir.path().join(n) };
    let output = canonprof_ok(&[
        "--engine",
        "json-ld",
        "--no-flamegraphs",
        "--schema",
        "simple",
        "--iterations",
        "2",
        "--runs",
        "2",
        "--warmup",
        "1",
        "--export-json",
        &path("r.json").display().to_string(),
        "--export-csv",
        &path("r.csv").display().to_string(),
        "--export-markdown",
        &path("r.md").display().to_string(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    for needle in [
        "person-20 (simple)",
        "expand",
        "to_rdf",
        "label",
        "serialize",
        "RDFC-1.0 / JCS",
        "instrumentation overhead",
    ] {
        assert!(stdout.contains(needle), "{needle} in {stdout}");
    }
    let json = read_json(path("r.json"));
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 6);
    let rdfc = results
        .iter()
        .find(|r| r["credential"] == "person-20" && r["algorithm"] == "rdfc-1.0")
        .unwrap();
    for phase in ["parse", "expand", "to_rdf", "label", "serialize", "hash"] {
        assert!(
            rdfc["phases"][phase]["median_us"].is_number(),
            "{phase} is reported"
        );
        assert_eq!(rdfc["phases"][phase]["samples"], 4, "{phase}: 2 runs x 2");
    }
    assert_eq!(rdfc["quads"], 26);
    for sub in ["first_degree", "n_degree"] {
        assert_eq!(rdfc["phases"][sub]["parent"], "label", "{sub}");
    }
    assert_eq!(rdfc["blank_nodes"], 1);
    assert_eq!(rdfc["unique_first_degree"], 1);
    assert_eq!(rdfc["hndq_calls"], 0);
    assert_eq!(
        rdfc["sha256"],
        "4fcd3cf93888".to_string() + &rdfc["sha256"].as_str().unwrap()[12..]
    );
    assert_eq!(json["config"]["iterations"], 2);
    assert!(json["metadata"]["cores"].as_u64().unwrap() >= 1);
    // The three-format exchange table follows the canonicalization table, in the JSON too.
    assert!(
        stdout.contains("SD-JWT VC, mdoc and W3C VCDM on person-20"),
        "{stdout}"
    );
    let exchange = json["exchange"]["results"].as_array().unwrap();
    assert_eq!(
        exchange.len(),
        4 + 5 + 4 + 1,
        "ed25519: 4 formats, p256: 5, ml-dsa-44: 4, bls12-381-g2: 1"
    );
    assert_eq!(json["exchange"]["settings"]["iterations"], 2);
    let csv = std::fs::read_to_string(path("r.csv")).unwrap();
    let kind = csv
        .lines()
        .next()
        .unwrap()
        .split(',')
        .position(|c| c == "kind")
        .unwrap();
    let of_kind = |kinds: &[&str]| {
        csv.lines()
            .filter(|l| kinds.contains(&l.split(',').nth(kind).unwrap_or("")))
            .count()
    };
    assert_eq!(
        of_kind(&["phase", "subphase", "instrumented_pass"]),
        3 * (10 + 5),
        "(6 RDFC phases + other + 2 label sub-phases + instrumented total + 3 JCS phases + other + instrumented total) per credential"
    );
    assert_eq!(of_kind(&["cost"]), 3 * 2, "one cost row per pipeline");
    assert!(
        csv.lines().any(|l| l.contains(",rdfc-1.0,other,,")),
        "{csv}"
    );
    assert!(
        csv.contains("\nperson-20,simple,rdfc-1.0,first_degree,label,"),
        "{csv}"
    );
    assert!(std::fs::read_to_string(path("r.md"))
        .unwrap()
        .contains("| person-20 |"));
}

#[test]
fn context_cache_both_reports_cached_and_cold_rdfc() {
    let dir = tempfile::tempdir().unwrap();
    let json_path = dir.path().join("r.json");
    let csv_path = dir.path().join("r.csv");
    let output = canonprof_quick(&[
        "--engine",
        "json-ld",
        "--no-flamegraphs",
        "--schema",
        "simple",
        "--context-cache",
        "both",
        "--export-json",
        &json_path.display().to_string(),
        "--export-csv",
        &csv_path.display().to_string(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("RDFC-1.0 json-ld cold") && stdout.contains("cold / cached ="),
        "{stdout}"
    );
    let json = read_json(&json_path);
    let results = json["results"].as_array().unwrap();
    assert_eq!(
        results.len(),
        9,
        "3 credentials x (RDFC-1.0 cached, RDFC-1.0 cold, JCS)"
    );
    for credential in ["alumni", "vcdm2-simple", "person-20"] {
        let rdfc: Vec<&serde_json::Value> = results
            .iter()
            .filter(|r| r["credential"] == credential && r["algorithm"] == "rdfc-1.0")
            .collect();
        assert_eq!(rdfc.len(), 2);
        assert_eq!(
            (
                rdfc[0]["context_cache"].as_bool(),
                rdfc[1]["context_cache"].as_bool()
            ),
            (Some(true), Some(false))
        );
        assert_eq!(
            rdfc[0]["sha256"], rdfc[1]["sha256"],
            "same canonical output"
        );
    }
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    assert!(
        csv.contains("\nperson-20,simple,rdfc-1.0 cold,expand,"),
        "{csv}"
    );
}

#[test]
fn no_exchange_skips_the_exchange_table() {
    let dir = tempfile::tempdir().unwrap();
    let json_path = dir.path().join("r.json").display().to_string();
    let output = canonprof_quick(&[
        "--no-flamegraphs",
        "--no-exchange",
        "--credential",
        &repo("schemas-education/simple/alumni.json"),
        "--export-json",
        &json_path,
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!stdout.contains("canonprof exchange —"), "{stdout}");
    assert!(
        stdout.contains("NOT MEASURED — it needs the exchange table"),
        "{stdout}"
    );
    let json = read_json(&json_path);
    assert!(json.get("exchange").is_none());
}

/// Resource bounds: each has a default and an option, and hitting it is one clear line and exit status 1 — a
/// context that includes itself (through another) is a "context overflow" at once, not a hang (the run returns
/// the cycle it found).
#[test]
fn a_context_cycle_is_a_context_overflow() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "a.jsonld",
        br#"{"@context": ["https://example.org/b", {"x": "https://ex/x"}]}"#,
    );
    write(
        d,
        "b.jsonld",
        br#"{"@context": {"@context": "https://example.org/a", "y": "https://ex/y"}}"#,
    );
    write(
        d,
        "index.json",
        br#"{"https://example.org/a": "a.jsonld", "https://example.org/b": "b.jsonld"}"#,
    );
    let doc = write(
        d,
        "doc.json",
        br#"{"@context": "https://example.org/a", "x": "1"}"#,
    );
    let contexts = d.display().to_string();
    assert_fails(
        &canonprof(&["canonicalize", &doc, "--contexts", &contexts]),
        &[
            "doc.json",
            "context overflow",
            "https://example.org/a → https://example.org/b → https://example.org/a",
        ],
    );
}

#[test]
fn nesting_deeper_than_the_default_is_refused() {
    let text = format!("{}{}", "[".repeat(150), "]".repeat(150));
    let reasons = ["nesting deeper than 100", "--max-depth"];
    assert_file_fails("deep.json", text.as_bytes(), &[], "", &reasons);
}

#[test]
fn nesting_deeper_than_max_depth_names_the_pointer() {
    let text = format!("{}1{}", r#"{"a":"#.repeat(30), "}".repeat(30));
    let reasons = ["/a/a/a", "--max-depth"];
    assert_file_fails(
        "nested.json",
        text.as_bytes(),
        &["--max-depth", "20"],
        "",
        &reasons,
    );
}

#[test]
fn a_file_over_max_input_size_is_refused() {
    let full = repo("schemas-education/edu/ob3-full.json");
    assert_fails(
        &canonprof(&["canonicalize", &full, "--max-input-size", "1000"]),
        &["ob3-full.json", "23816 bytes", "--max-input-size"],
    );
}

#[test]
fn contexts_over_max_context_loads_are_a_context_overflow() {
    let full = repo("schemas-education/edu/ob3-full.json");
    assert_fails(
        &canonprof(&[
            "canonicalize",
            &full,
            "--max-context-loads",
            "3",
            "--context-cache",
            "off",
        ]),
        &["ob3-full.json", "context overflow", "--max-context-loads"],
    );
}

#[test]
fn max_depth_zero_is_a_usage_error() {
    let full = repo("schemas-education/edu/ob3-full.json");
    assert_usage_error(&["canonicalize", &full, "--max-depth", "0"]);
}

/// The ceiling is serde_json's: 127 nested levels pass with --max-depth 127, and a larger limit is refused
/// rather than silently having no effect.
#[test]
fn max_depth_goes_up_to_serde_jsons_ceiling() {
    let dir = tempfile::tempdir().unwrap();
    let deepest = write(
        dir.path(),
        "d127.json",
        ("[".repeat(127) + "1" + &"]".repeat(127)).as_bytes(),
    );
    let output = canonprof_ok(&[
        "canonicalize",
        &deepest,
        "--algorithm",
        "jcs",
        "--max-depth",
        "127",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "[".repeat(127) + "1" + &"]".repeat(127)
    );
    let refused = canonprof(&["canonicalize", &deepest, "--max-depth", "128"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--max-depth can be at most 127"));
}

/// `--lossy` profiles what safe mode refuses, drops what the JSON-LD 1.1 API drops and says how many statements
/// with relative or invalid IRIs went; without it the same file is one safe-mode error
/// ([`safe_mode_refuses_a_relative_type`]).
#[test]
fn lossy_canonicalize_drops_and_counts_relative_iris() {
    let invalid = repo("schemas-education/invalid/elm-edc-relative-type.json");
    let output = canonprof_ok(&["canonicalize", &invalid, "--lossy"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "--lossy dropped 3 statements (3 with relative or invalid IRIs, 0 of undefined terms)"
        ),
        "{stderr}"
    );
    let quads = String::from_utf8_lossy(&output.stdout).lines().count();
    assert!(quads > 80, "the rest is canonicalized: {quads}");
}

#[test]
fn lossy_main_job_reports_the_dropped_statements() {
    let invalid = repo("schemas-education/invalid/elm-edc-relative-type.json");
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json").display().to_string();
    let main = canonprof_quick(&[
        "--no-flamegraphs",
        "--no-exchange",
        "--credential",
        &invalid,
        "--lossy",
        "--export-json",
        &json,
    ]);
    assert!(String::from_utf8_lossy(&main.stdout).contains("--lossy dropped 3 statements"));
    let report = read_json(&json);
    assert_eq!(report["results"][0]["dropped_quads"], 3);
}

/// Undefined terms: expansion drops their values; they are counted too (with a nested object's statements).
#[test]
fn lossy_counts_the_statements_of_undefined_terms() {
    let dir = tempfile::tempdir().unwrap();
    let doc = write(dir.path(), "undefined.json", br#"{"@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential", "Relative"], "issuer": "did:example:1", "credentialSubject": {"id": "did:example:2", "nick": "y", "pet": {"kind": "cat", "name": "Tom"}}}"#);
    let output = canonprof_ok(&["canonicalize", &doc, "--lossy"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "--lossy dropped 5 statements (1 with relative or invalid IRIs, 4 of undefined terms)"
        ),
        "{stderr}"
    );
}

/// Found by fuzzing: json-ld 0.21 panics (inside pct-str) on a term whose IRI has a percent-encoding that is not
/// UTF-8; canonprof reports it as the document's expansion error instead.
#[test]
fn a_panic_inside_json_ld_is_an_error() {
    let input = repo("fuzz/regressions/jsonld/pct-str-invalid-utf8-vocab-term.json");
    assert_fails(
        &canonprof(&["canonicalize", &input]),
        &["pct-str-invalid-utf8-vocab-term.json", "percent-encoding"],
    );
}

/// Safe mode loses nothing silently: what expansion would drop inside a document without an error from json-ld
/// — a keyword-like term, `"@value": null`, a scalar in `@graph` — is refused with its JSON pointer, as jsonld.js
/// safe mode refuses it ("reserved term", "null @value value", "free-floating scalar").
#[test]
fn safe_mode_refuses_what_expansion_drops_silently() {
    for (member, pointer, reason) in [
        (r#""@foo": "bar""#, ":/@foo", "reserved term"),
        (
            r#""credentialSubject": {"id": "did:example:2", "name": {"@value": null}}"#,
            ":/credentialSubject/name/@value",
            "null @value value",
        ),
        (
            r#""@graph": ["text"]"#,
            ":/@graph/0",
            "free-floating scalar",
        ),
    ] {
        let text = format!(
            r#"{{"@context": ["https://www.w3.org/ns/credentials/v2"], "type": ["VerifiableCredential"], "issuer": "did:example:1", {member}}}"#
        );
        assert_file_fails("drop.json", text.as_bytes(), &[], pointer, &[reason]);
    }
}

/// A JSON-LD Framing keyword is a keyword to both engines, as to jsonld.js (which drops it in safe mode without
/// an error): both give the same canonical N-Quads, without it.
#[test]
fn both_engines_drop_a_framing_keyword_as_jsonld_js_does() {
    let dir = tempfile::tempdir().unwrap();
    let framing = write(
        dir.path(),
        "framing.json",
        br#"{"@context": {"@vocab": "http://e.org/"}, "@id": "http://x/1", "name": "a", "@embed": "@always"}"#,
    );
    for engine in ["json-ld", "canonprof"] {
        let output = canonprof_ok(&["canonicalize", "--engine", engine, &framing]);
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "<http://x/1> <http://e.org/name> \"a\" .\n",
            "{engine}"
        );
    }
}

#[test]
fn engine_both_measures_rdfc_with_each_engine_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let json_path = dir.path().join("r.json");
    let output = canonprof_quick(&[
        "--no-flamegraphs",
        "--no-exchange",
        "--schema",
        "simple",
        "--engine",
        "both",
        "--context-cache",
        "both",
        "--verbose",
        "--export-json",
        &json_path.display().to_string(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("expansion engine both")
            && stdout.contains("RDFC-1.0 canonprof      ")
            && stdout.contains("RDFC-1.0 canonprof cold")
            && stdout
                .contains("engines: RDFC-1.0 with the json-ld crate's engine / with canonprof's =")
            && stdout.contains("context cache: RDFC-1.0 cold / cached = ")
            && stdout.contains("x with canonprof's engine, "),
        "{stdout}"
    );
    let json = read_json(&json_path);
    assert_eq!(json["config"]["engine"], "both");
    let results = json["results"].as_array().unwrap();
    for credential in ["alumni", "vcdm2-simple", "person-20"] {
        let rdfc: Vec<(&str, bool, &str)> = results
            .iter()
            .filter(|r| r["credential"] == credential && r["algorithm"] == "rdfc-1.0")
            .map(|r| {
                (
                    r["engine"].as_str().unwrap(),
                    r["context_cache"].as_bool().unwrap(),
                    r["sha256"].as_str().unwrap(),
                )
            })
            .collect();
        let engines: Vec<(&str, bool)> = rdfc.iter().map(|(e, c, _)| (*e, *c)).collect();
        assert_eq!(
            engines,
            [
                ("json-ld", true),
                ("json-ld", false),
                ("canonprof", true),
                ("canonprof", false)
            ],
            "{credential}"
        );
        assert!(
            rdfc.iter().all(|(_, _, sha)| *sha == rdfc[0].2),
            "{credential}: one canonical output"
        );
    }
}

#[test]
fn canonicalize_with_engine_both_checks_the_engines_agree() {
    let file = "schemas-education/edu/clr2.json";
    let both = canonprof_ok(&["canonicalize", file, "--engine", "both", "--output", "hash"]);
    let native = canonprof_ok(&[
        "canonicalize",
        file,
        "--engine",
        "canonprof",
        "--output",
        "hash",
    ]);
    assert_eq!(both.stdout, native.stdout);
    // The SHA-256 of the canonical N-Quads jsonld.js + rdf-canonize give (tests/data/expected).
    assert_eq!(
        String::from_utf8_lossy(&native.stdout).trim(),
        "768d7015ae69e0210e1c2a45194d9c1d15d7a6022e52b946574a2a27f6fa85fe"
    );
    assert!(String::from_utf8_lossy(&both.stderr).contains("identical output"));
}

/// Every command's handler (`fn run`, and `report` / `diff` / `merge`) only turns flags into a typed plan and
/// calls one library job: none is over 60 lines, so the work stays in the library where tests reach it.
#[test]
fn command_handlers_stay_short() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut long = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (start, line) in lines.iter().enumerate() {
            let handler = ["run", "report", "diff", "merge"]
                .iter()
                .any(|name| line.starts_with(&format!("pub(super) fn {name}(")));
            if !handler {
                continue;
            }
            let length = lines[start..].iter().position(|l| *l == "}").unwrap() + 1;
            if length > 60 {
                long.push(format!("{}: {line} ({length} lines)", path.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "handlers over 60 lines:\n{}",
        long.join("\n")
    );
}

/// The headline ratios name their engine: each credential's RDFC-1.0 / JCS line gives the ratio with each engine
/// measured, the summary opens with one RDFC-1.0 / JCS line per engine (canonprof's first), and the edu / simple
/// and dominant-phase lines say whose numbers they are — in the terminal and in the Markdown export.
#[test]
fn headline_ratios_name_their_engine() {
    let dir = tempfile::tempdir().unwrap();
    let markdown = dir.path().join("r.md");
    let output = canonprof_quick(&[
        "--schema",
        "all",
        "--engine",
        "both",
        "--no-flamegraphs",
        "--no-exchange",
        "--export-markdown",
        markdown.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let names_engine = |line: &str| {
        line.contains("the json-ld crate's engine") || line.contains("canonprof's engine")
    };
    let markdown = std::fs::read_to_string(&markdown).unwrap();
    let mut checked = 0;
    for line in stdout.lines().chain(markdown.lines()) {
        let headline = line.contains("RDFC-1.0 / JCS")
            || line.contains("RDFC-1.0 costs")
            || line.contains("edu / simple RDFC-1.0 cost")
            || line.contains("dominant RDFC-1.0 phase")
            || line.starts_with("- dominant phase");
        if headline && holds_ratio_or_share(line) {
            assert!(names_engine(line), "{line}");
            checked += 1;
        }
    }
    assert!(checked >= 7 + 4, "{checked} headline lines in {stdout}");
    let per_credential: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("  RDFC-1.0 / JCS = "))
        .collect();
    assert_eq!(per_credential.len(), 7);
    for line in per_credential {
        assert!(
            line.contains("x with the json-ld crate's engine")
                && line.contains("x with canonprof's engine, "),
            "{line}"
        );
    }
    let summary: Vec<&str> = stdout
        .lines()
        .skip_while(|l| *l != "Summary")
        .skip(1)
        .take(2)
        .collect();
    assert!(
        summary[0].starts_with("  RDFC-1.0 costs ")
            && summary[0].ends_with("x JCS with canonprof's engine (over 7 credentials)")
            && summary[1].ends_with("x JCS with the json-ld crate's engine (over 7 credentials)"),
        "{summary:?}"
    );
    assert!(stdout.contains("  edu / simple RDFC-1.0 cost with canonprof's engine: "));
}

/// Whether a line holds a ratio or a share (`12.3x`, `45.6%`).
fn holds_ratio_or_share(line: &str) -> bool {
    let bytes = line.as_bytes();
    bytes.windows(3).any(|w| {
        w[0].is_ascii_digit() && (w[1] == b'x' || w[1] == b'%') && !w[2].is_ascii_alphanumeric()
    }) || line.ends_with('x')
        || line.ends_with('%')
}
