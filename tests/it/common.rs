//! Helpers shared by the integration tests: canonicalize through the same code path as `canonprof canonicalize`.
#![allow(dead_code)]

use canonprof::canon::rdfc::{HashAlgorithm, RdfcOptions};
use canonprof::canon::Algorithm;
use canonprof::canon::{Engine, Session, Settings};
use canonprof::canonicalize::{self, InputFormat, Output, Request};
use canonprof::document::Document;
use std::path::{Path, PathBuf};

/// Path of a file under `tests/data/`.
pub(crate) fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

/// A request with the default poison limit.
pub(crate) fn request(algorithm: Algorithm, input_format: InputFormat, output: Output) -> Request {
    Request {
        algorithm,
        input_format,
        output,
        rdfc: RdfcOptions::default(),
    }
}

/// Canonicalizes in-memory text as `canonprof canonicalize` would.
pub(crate) fn run_text(text: &str, request: &Request) -> canonprof::Result<String> {
    run_text_with(text, request, Engine::JsonLd)
}

/// [`run_text`] with the given expansion engine.
pub(crate) fn run_text_with(
    text: &str,
    request: &Request,
    engine: Engine,
) -> canonprof::Result<String> {
    let document = Document {
        label: "test-input".to_string(),
        text: text.to_string(),
    };
    canonicalize::run(
        &document,
        &Session::bundled(Settings::default().with_engine(engine)),
        request,
    )
}

/// RDFC-1.0 canonical N-Quads of a JSON-LD text — with both expansion engines, which must agree: the same
/// bytes, or errors of the same kind. Returns the json-ld engine's result.
pub(crate) fn rdfc_jsonld(text: &str) -> canonprof::Result<String> {
    let request = request(Algorithm::Rdfc, InputFormat::Jsonld, Output::Canonical);
    let reference = run_text_with(text, &request, Engine::JsonLd);
    let canonprof = run_text_with(text, &request, Engine::Canonprof);
    match (&reference, &canonprof) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "the canonprof engine's canonical N-Quads differ"),
        (Err(a), Err(b)) => assert_eq!(
            a.kind(),
            b.kind(),
            "the engines fail differently: json-ld `{a}`, canonprof `{b}`"
        ),
        _ => panic!("the engines disagree: json-ld {reference:?}, canonprof {canonprof:?}"),
    }
    reference
}

/// RDFC-1.0 canonical N-Quads of an N-Quads text.
pub(crate) fn rdfc_nquads(text: &str) -> canonprof::Result<String> {
    run_text(
        text,
        &request(Algorithm::Rdfc, InputFormat::Nquads, Output::Canonical),
    )
}

/// JCS of a JSON text.
pub(crate) fn jcs(text: &str) -> canonprof::Result<String> {
    run_text(
        text,
        &request(Algorithm::Jcs, InputFormat::Jsonld, Output::Canonical),
    )
}

/// SHA-384 labeling option, for the W3C test that asks for it.
pub(crate) fn with_hash(mut request: Request, hash: HashAlgorithm) -> Request {
    request.rdfc.hash = hash;
    request
}

/// Runs the `canonprof` binary with `args`.
pub(crate) fn canonprof(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_canonprof"))
        .args(args)
        .output()
        .expect("the canonprof binary runs")
}

/// Runs the `canonprof` binary with `args` and asserts it succeeded (stderr in the message).
pub(crate) fn canonprof_ok(args: &[&str]) -> std::process::Output {
    let output = canonprof(args);
    assert!(
        output.status.success(),
        "canonprof {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The quickest measurement: one run of one iteration, no warm-up (the tests check outputs, not timings).
pub(crate) const QUICK: [&str; 6] = ["--iterations", "1", "--runs", "1", "--warmup", "0"];

/// [`canonprof_ok`] with [`QUICK`] appended to `args`.
pub(crate) fn canonprof_quick(args: &[&str]) -> std::process::Output {
    canonprof_ok(&[args, &QUICK[..]].concat())
}

/// The JSON file at `path` (an export a test run wrote).
pub(crate) fn read_json(path: impl AsRef<Path>) -> serde_json::Value {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// [`canonprof_quick`] with `--export-json` into a fresh temporary directory: stdout and the export.
pub(crate) fn quick_export(args: &[&str]) -> (String, serde_json::Value) {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("export.json");
    let json_arg = json.display().to_string();
    let output = canonprof_quick(&[args, &["--export-json", &json_arg][..]].concat());
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    (stdout, read_json(&json))
}

/// An instant inside a certificate's validity: its notBefore plus a day.
pub(crate) fn chain_time(der: &[u8]) -> i64 {
    use x509_cert::der::Decode;
    let cert = x509_cert::Certificate::from_der(der).unwrap();
    cert.tbs_certificate()
        .validity()
        .not_before
        .to_unix_duration()
        .as_secs() as i64
        + 86_400
}

/// The expansion engines the selective-disclosure suites' vector tests run on.
pub(crate) const ENGINES: [Engine; 2] = [Engine::JsonLd, Engine::Canonprof];

/// Checks a base proof's intermediates (ecdsa-sd-2023 and bbs-2023 alike) against the W3C vector files of one
/// credential, read by `file` (a name → its JSON; text for `.txt`): addProofConfigCanon, addHashData,
/// addBaseDocHMACCanon, addBaseTransform; and two canonicalizations.
pub(crate) fn assert_base_intermediates(
    i: &canonprof::integrity::ecdsa_sd::BaseIntermediates,
    file: &dyn Fn(&str) -> PathBuf,
    dir: &str,
) {
    let json = |name: &str| read_json(file(name));
    let strings = |v: serde_json::Value| -> Vec<String> { serde_json::from_value(v).unwrap() };
    let indexed = |v: &serde_json::Value| -> Vec<(usize, String)> {
        serde_json::from_value(v["value"].clone()).unwrap()
    };
    let ours = |m: &std::collections::BTreeMap<usize, String>| {
        m.iter().map(|(k, v)| (*k, v.clone())).collect::<Vec<_>>()
    };
    let config = std::fs::read_to_string(file("addProofConfigCanon.txt")).unwrap();
    assert_eq!(i.canonical_proof_config, config, "{dir}");
    let hashes = json("addHashData.json");
    assert_eq!(hex::encode(i.proof_hash), hashes["proofHash"], "{dir}");
    assert_eq!(
        hex::encode(i.mandatory_hash),
        hashes["mandatoryHash"],
        "{dir}"
    );
    assert_eq!(i.nquads, strings(json("addBaseDocHMACCanon.json")), "{dir}");
    let transform = json("addBaseTransform.json");
    assert_eq!(
        ours(&i.mandatory),
        indexed(&transform["mandatory"]),
        "{dir}"
    );
    assert_eq!(
        ours(&i.non_mandatory),
        indexed(&transform["nonMandatory"]),
        "{dir}"
    );
    assert_eq!(
        i.canonicalizations, 2,
        "{dir}: document and proof configuration"
    );
}
