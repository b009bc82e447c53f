//! Bounded on hostile input: reading stops at `--max-input-size` whatever the file is (a device, a pipe, a FIFO);
//! base58 values longer than their format allows are refused before decoding; a file's proofs, `previousProof`
//! references and canonicalizations are bounded; a dataset of many alike blank nodes is refused as poison before
//! its memory grows with it; untrusted JSON is parsed with the depth bound and the messages of `canonicalize`.
//! Every bound is checked by counts (bytes, heap bytes, canonicalizations, Hash N-Degree Quads calls), not by
//! time.

use crate::common::{canonprof, data};
use canonprof::canon::nquads;
use canonprof::canon::rdfc::{self, RdfcOptions};
use canonprof::canon::work::{self, Step};
use canonprof::canon::{Session, Settings};
use canonprof::document::{parse_untrusted_json, Limits};
use canonprof::error::ErrorKind;
use canonprof::integrity::budget::ProofLimits;
use canonprof::integrity::{budget, verifier};
use canonprof::profile::alloc::HeapMeter;
use canonprof::verify::{self, keys, Check, FileReport, Options, Outcome};
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;

/// 2025-06-01T00:00:00Z: inside every vector's validity period.
const AT: i64 = 1_748_736_000;

fn options(session: &Session) -> Options<'_> {
    Options::new(session, AT)
}

fn vector(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(data(&format!("di-vectors/{path}"))).unwrap())
        .unwrap()
}

/// Verifies `document` in this process; the report and the canonicalizations it ran.
fn verify_counting(document: &Value) -> (FileReport, u64) {
    let session = Session::bundled(Settings::default());
    let before = budget::charged();
    let report = verify::verify_bytes(
        "doc.json",
        document.to_string().as_bytes(),
        None,
        &options(&session),
    )
    .unwrap();
    (report, budget::charged() - before)
}

fn proof_checks(report: &FileReport) -> Vec<&Check> {
    report
        .checks
        .iter()
        .filter(|c| c.subject.starts_with("proof"))
        .collect()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn reading_stops_at_the_input_limit_on_devices_pipes_and_fifos() {
    // A device: its length is 0, and it never ends.
    let out = canonprof(&["verify", "/dev/zero", "--max-input-size", "1000"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "/dev/zero: NOT VERIFIED (could not be read: input is over the limit of 1000 bytes (--max-input-size))\n"
    );
    let out = canonprof(&["canonicalize", "/dev/zero", "--max-input-size", "1000"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out)
            .contains("/dev/zero: input is over the limit of 1000 bytes (--max-input-size)"),
        "{}",
        stderr(&out)
    );
    // A pipe (/dev/stdin), N-Quads input: 5,000 bytes against a limit of 1,000, and within a limit of 10,000.
    let piped = |limit: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_canonprof"))
            .args([
                "canonicalize",
                "--input-format",
                "nquads",
                "/dev/stdin",
                "--max-input-size",
                limit,
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let line = "<urn:ex:s> <urn:ex:p> \"0123456789\" .\n"; // 36 bytes
            for _ in 0..(5000 / line.len() + 1) {
                if stdin.write_all(line.as_bytes()).is_err() {
                    break;
                }
            }
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        out
    };
    let out = piped("1000");
    assert!(
        stderr(&out)
            .contains("/dev/stdin: input is over the limit of 1000 bytes (--max-input-size)"),
        "{}",
        stderr(&out)
    );
    let out = piped("10000");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "<urn:ex:s> <urn:ex:p> \"0123456789\" .\n"
    );
    // A FIFO whose writer never stops.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let path = fifo.clone();
    let writer = std::thread::spawn(move || {
        let mut file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        let chunk = [b' '; 4096];
        let mut written = 0usize;
        // Bounded so that a reader that does not stop fails the test instead of hanging it.
        while written < 64 << 20 && file.write_all(&chunk).is_ok() {
            written += chunk.len();
        }
        written
    });
    let out = canonprof(&[
        "canonicalize",
        fifo.to_str().unwrap(),
        "--max-input-size",
        "5000",
    ]);
    let written = writer.join().unwrap();
    assert!(
        stderr(&out).contains("input is over the limit of 5000 bytes (--max-input-size)"),
        "{}",
        stderr(&out)
    );
    assert!(
        written < 64 << 20,
        "the reader stopped; the writer wrote {written} bytes"
    );
    // The library's reader, with the default limit (16 MiB): a user credential on a device.
    let e = canonprof::corpus::user_file(Path::new("/dev/zero"), &Limits::DEFAULT).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    let e = canonprof::input::read_at_most(Path::new("/dev/urandom"), 10).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
}

#[test]
fn long_base58_values_are_refused_before_decoding() {
    let long = |n: usize| "2".repeat(n);
    // proofValue: a 1 MB one on an eddsa-rdfc-2022 proof (the suites' longest signature is P-384's, 96 bytes).
    let mut doc = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    doc["proof"]["proofValue"] = format!("z{}", long(1_000_000)).into();
    let (report, canonicalizations) = verify_counting(&doc);
    let check = proof_checks(&report)[0];
    assert_eq!(check.outcome, Outcome::Failed);
    assert!(
        check.detail.contains("too long for a proofValue")
            && check
                .detail
                .contains("1000000 base58btc characters, at most 132 (96 bytes)"),
        "{}",
        check.detail
    );
    assert!(check.detail.len() < 300, "one short line: {}", check.detail);
    assert_eq!(canonicalizations, 0, "refused before any canonicalization");
    // A post-quantum suite's `u…` proofValue: bounded by its own signature's size (SLH-DSA-SHA2-128s: 7,856 bytes).
    let mut doc = vector("vc-di-quantum-safe/slhdsa128-rdfc-2024/signed-slhdsa128-rdfc-2024.json");
    doc["proof"]["proofValue"] = format!("u{}", "A".repeat(1_000_000)).into();
    let (report, canonicalizations) = verify_counting(&doc);
    let check = proof_checks(&report)[0];
    assert_eq!(check.outcome, Outcome::Failed);
    assert!(
        check.detail.contains(
            "too long for a proofValue (slhdsa128-rdfc-2024: a signature of at most 7856 bytes): 1000000 base64url characters, at most 10475"
        ),
        "{}",
        check.detail
    );
    assert!(check.detail.len() < 300, "one short line: {}", check.detail);
    assert_eq!(canonicalizations, 0, "refused before any canonicalization");
    // The legacy Ed25519Signature2020 proofValue (64 bytes).
    let mut legacy = vector("vc-di-eddsa/Ed25519Signature2020/signedEdSig.json");
    legacy["proof"]["proofValue"] = format!("z{}", long(200)).into();
    let (report, canonicalizations) = verify_counting(&legacy);
    assert!(
        proof_checks(&report)[0]
            .detail
            .contains("too long for a proofValue (an Ed25519 signature, 64 bytes): 200 base58btc characters, at most 88"),
        "{}",
        proof_checks(&report)[0].detail
    );
    assert_eq!(canonicalizations, 0);
    // A did:key verification method of 500 kB.
    let mut did = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let method = format!("did:key:z6Mk{}", long(500_000));
    did["proof"]["verificationMethod"] = format!("{method}#key").into();
    let (report, _) = verify_counting(&did);
    let detail = &proof_checks(&report)[0].detail;
    assert!(
        detail.contains("too long for a Multikey public key: 500003 base58btc characters, at most 134 (98 bytes)"),
        "{detail}"
    );
    assert!(detail.len() < 300, "{detail}");
    // Key files: publicKeyMultibase and publicKeyBase58.
    for (field, value, reason) in [
        (
            "publicKeyMultibase",
            format!("z{}", long(100_000)),
            "too long for a Multikey public key",
        ),
        (
            "publicKeyBase58",
            long(100_000),
            "too long for a publicKeyBase58 (an Ed25519 public key, 32 bytes)",
        ),
        (
            "publicKeyBase58",
            long(45),
            "45 base58btc characters, at most 44",
        ),
    ] {
        let key = json!({"id": "urn:k", "type": "Multikey", field: value}).to_string();
        let e = keys::parse("key.json", &key, &Limits::DEFAULT).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Key, "{e}");
        assert!(e.to_string().contains(reason), "{field}: {e}");
        assert!(e.to_string().len() < 300, "{e}");
    }
    // An x5c chain: each link would cost a signature verification; 17 certificates are refused undecoded.
    let chain = Value::Array(vec![Value::from("not base64 at all"); 17]);
    let e = canonprof::verify::x5c::leaf(&chain).err().unwrap();
    assert_eq!(e.reason(), "x5c holds 17 certificates, more than 16");
    // At the bound: a P-384 Multikey (70 characters) and an Ed25519 publicKeyBase58 still decode.
    use canonprof::integrity::multikey;
    let p384 = "z82LkuBieyGShVBhvtE2zoiD6Kma4tJGFtkAhxR5pfkp5QPw4LutoYWhvQCnGjdVn14kujQ";
    assert!(p384.len() <= 71);
    assert!(multikey::public_key(p384).is_ok());
    let ed25519 =
        multikey::decode_base58btc("z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2").unwrap();
    let base58 = multikey::encode_base58btc(&ed25519[2..]);
    let ed = json!({"id": "urn:k", "publicKeyBase58": &base58[1..]});
    assert_eq!(
        keys::parse("key.json", &ed.to_string(), &Limits::DEFAULT)
            .unwrap()
            .len(),
        1
    );
}

/// The eddsa-rdfc-2022 proof set vector's first proof, with `id` and `previousProof` set.
fn proof_with(id: &str, previous: Value) -> Value {
    let mut proof =
        vector("vc-di-eddsa/proof-set-chain/signedProofChain2.json")["proof"][0].clone();
    proof["id"] = id.into();
    if !previous.is_null() {
        proof["previousProof"] = previous;
    }
    proof
}

fn with_proofs(proofs: Vec<Value>) -> Value {
    let mut doc = vector("vc-di-eddsa/proof-set-chain/signedProofChain2.json");
    doc["proof"] = Value::Array(proofs);
    doc
}

#[test]
fn proofs_and_previous_proof_references_are_bounded() {
    // 33 proofs: over the default of 32, refused before any canonicalization.
    let many = with_proofs(
        (0..33)
            .map(|i| proof_with(&format!("urn:p{i}"), Value::Null))
            .collect(),
    );
    let (report, canonicalizations) = verify_counting(&many);
    assert!(!report.verified());
    assert_eq!(canonicalizations, 0);
    assert!(
        report.checks[0]
            .detail
            .contains("`proof` holds 33 proofs, more than 32 (raise with --max-proofs)"),
        "{:?}",
        report.checks
    );
    // Fan-in: 32 proofs, each naming every earlier one (and the first one 1,000 times over): each proof's set is
    // resolved once, each named proof once, so each proof costs its two canonicalizations.
    let fan_in: Vec<Value> = (0..32)
        .map(|i| {
            let mut names: Vec<Value> = (0..i).map(|j| format!("urn:p{j}").into()).collect();
            if i > 0 {
                names.extend(std::iter::repeat_n(Value::from("urn:p0"), 1000));
            }
            proof_with(
                &format!("urn:p{i}"),
                if i == 0 { Value::Null } else { names.into() },
            )
        })
        .collect();
    let doc = with_proofs(fan_in);
    let inputs = verifier::inputs(&doc, ProofLimits::DEFAULT.max_proofs)
        .unwrap()
        .unwrap();
    assert_eq!(inputs.proofs[31].previous.as_ref().unwrap().len(), 31);
    assert_eq!(
        inputs.document_of(31).unwrap()["proof"]
            .as_array()
            .unwrap()
            .len(),
        31
    );
    assert_eq!(
        inputs.document_of(1).unwrap()["proof"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let (report, canonicalizations) = verify_counting(&doc);
    assert_eq!(proof_checks(&report).len(), 32);
    assert_eq!(canonicalizations, 64);
    // Cycles are refused: two proofs naming each other, a proof naming itself, a longer loop.
    for (proofs, cycle) in [
        (
            vec![
                proof_with("urn:a", "urn:b".into()),
                proof_with("urn:b", "urn:a".into()),
            ],
            "urn:a → urn:b → urn:a",
        ),
        (vec![proof_with("urn:a", json!(["urn:a"]))], "urn:a → urn:a"),
        (
            vec![
                proof_with("urn:a", Value::Null),
                proof_with("urn:b", json!(["urn:a", "urn:d"])),
                proof_with("urn:c", "urn:b".into()),
                proof_with("urn:d", "urn:c".into()),
            ],
            "urn:b → urn:d → urn:c → urn:b",
        ),
    ] {
        let doc = with_proofs(proofs);
        let e = verifier::inputs(&doc, ProofLimits::DEFAULT.max_proofs).unwrap_err();
        assert_eq!(
            e.reason(),
            format!("`previousProof` references form a cycle: {cycle}")
        );
        let (report, canonicalizations) = verify_counting(&doc);
        assert!(!report.verified());
        assert_eq!(canonicalizations, 0);
    }
    // The chain vector itself still verifies.
    let (report, canonicalizations) = verify_counting(&vector(
        "vc-di-eddsa/proof-set-chain/signedProofChain2.json",
    ));
    assert!(report.verified(), "{:?}", report.checks);
    assert_eq!(canonicalizations, 2 * proof_checks(&report).len() as u64);
}

#[test]
fn a_files_canonicalizations_are_bounded_nested_credentials_included() {
    // 64 nested credentials of 4 proofs each, inside a credential of one: 65 · 4 · 2 canonicalizations wanted,
    // exactly the default 256 run.
    let signed = vector("vc-di-eddsa/eddsa-rdfc-2022/signedDataInt.json");
    let mut four = signed.clone();
    four["proof"] = Value::Array(vec![signed["proof"].clone(); 4]);
    let mut outer = signed.clone();
    outer["credentialSubject"]["urn:ex:endorsements"] = Value::Array(vec![four; 64]);
    let (report, canonicalizations) = verify_counting(&outer);
    assert_eq!(canonicalizations, 256);
    let refused = report
        .nested
        .iter()
        .flat_map(|n| &n.checks)
        .filter(|c| {
            c.detail.contains(
                "needs more than 256 canonicalizations (raise with --max-canonicalizations)",
            )
        })
        .count();
    // The outer proof (2) and 254 / 2 = 127 nested proofs ran; the other 64 · 4 − 127 were refused.
    assert_eq!(refused, 64 * 4 - 127);
    // The option: a proof set of two needs 4; with 3, the second proof fails and names the bound.
    let set = data("di-vectors/vc-di-eddsa/proof-set-chain/signedProofSet2.json");
    let at = "2025-06-01T00:00:00Z";
    let out = canonprof(&[
        "verify",
        set.to_str().unwrap(),
        "--at",
        at,
        "--max-canonicalizations",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("more than 3 canonicalizations (raise with --max-canonicalizations)"),
        "{stdout}"
    );
    let out = canonprof(&[
        "verify",
        set.to_str().unwrap(),
        "--at",
        at,
        "--max-proofs",
        "1",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("more than 1 (raise with --max-proofs)"));
    let out = canonprof(&["verify", set.to_str().unwrap(), "--at", at]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = canonprof(&["verify", set.to_str().unwrap(), "--max-proofs", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

/// RDFC-1.0 on N-Quads `text` with the default bounds: the error kind (if any), the Hash First Degree Quads and
/// Hash N-Degree Quads calls, and the peak heap bytes of labeling.
fn label_counts(text: &str) -> (Option<ErrorKind>, u64, u64, u64) {
    let dataset = nquads::parse("alike.nq", text).unwrap();
    work::take();
    let meter = HeapMeter::start();
    let result = rdfc::canonicalize_dataset(&dataset, &RdfcOptions::DEFAULT);
    let heap = meter.stop();
    let work = work::take();
    (
        result.err().map(|e| e.kind()),
        work.get(Step::HashFirstDegree),
        work.get(Step::HashNDegree),
        heap.peak,
    )
}

#[test]
fn alike_blank_nodes_are_refused_before_memory_grows_with_them() {
    assert!(canonprof::profile::alloc::installed());
    // 200,000 alike blank nodes: one shared first-degree hash, refused before any Hash N-Degree Quads call.
    let alike: String = (0..200_000)
        .map(|i| format!("_:b{i} <urn:ex:p> \"x\" .\n"))
        .collect();
    let (error, first, n_degree, peak) = label_counts(&alike);
    assert_eq!(error, Some(ErrorKind::Poison));
    assert_eq!((first, n_degree), (200_000, 0));
    assert!(peak < 64 << 20, "labeling peaked at {peak} bytes");
    // 100,000 alike pairs and two hubs of 100,000 alike leaves: refused at the call limit, each call's memory
    // in proportion to its own path.
    let pairs: String = (0..100_000)
        .map(|i| format!("_:a{i} <urn:ex:p> _:b{i} .\n"))
        .collect();
    let (error, first, n_degree, peak) = label_counts(&pairs);
    assert_eq!(error, Some(ErrorKind::Poison));
    assert_eq!(first, 200_000);
    assert!(n_degree <= 4001, "{n_degree}");
    assert!(peak < 96 << 20, "labeling peaked at {peak} bytes");
    let hubs: String = (0..2)
        .flat_map(|h| (0..100_000).map(move |i| format!("_:h{h} <urn:ex:p> _:l{h}x{i} .\n")))
        .collect();
    let (error, _, n_degree, peak) = label_counts(&hubs);
    assert_eq!(error, Some(ErrorKind::Poison));
    assert!(n_degree <= 4001, "{n_degree}");
    assert!(peak < 96 << 20, "labeling peaked at {peak} bytes");
    // The same with the hubs' hash first in code point order (predicate `urn:ex:p0`): Hash N-Degree Quads on
    // the first hub reaches 100,000 new leaves at once, more than the calls left, and stops there.
    let hubs_first: String = (0..2)
        .flat_map(|h| (0..100_000).map(move |i| format!("_:h{h} <urn:ex:p0> _:l{h}x{i} .\n")))
        .collect();
    let (error, _, n_degree, peak) = label_counts(&hubs_first);
    assert_eq!(error, Some(ErrorKind::Poison));
    assert_eq!(n_degree, 1);
    assert!(peak < 96 << 20, "labeling peaked at {peak} bytes");
    // Below the limit, alike blank nodes are labelled normally: 1,000 in one group, one call each.
    let few: String = (0..1_000)
        .map(|i| format!("_:b{i} <urn:ex:p> \"x\" .\n"))
        .collect();
    let (error, first, n_degree, _) = label_counts(&few);
    assert_eq!(error, None);
    assert_eq!((first, n_degree), (1_000, 1_000));
    // And by the command line: 200,000 alike blank nodes in N-Quads.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("alike.nq");
    std::fs::write(&file, &alike).unwrap();
    let out = canonprof(&[
        "canonicalize",
        "--input-format",
        "nquads",
        file.to_str().unwrap(),
    ]);
    assert!(
        stderr(&out).contains(
            "RDFC-1.0 refused a poison dataset: more than 4000 Hash N-Degree Quads calls"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn untrusted_json_is_parsed_with_the_bounds_and_messages_of_canonicalize() {
    let limits = Limits {
        max_bytes: 1000,
        max_depth: 5,
        ..Limits::DEFAULT
    };
    let deep = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
    assert_eq!(
        parse_untrusted_json("f.json", deep(5).as_bytes(), limits).unwrap(),
        json!([[[[[1]]]]])
    );
    let e = parse_untrusted_json("f.json", deep(6).as_bytes(), limits).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(
        e.to_string().starts_with("f.json:1:")
            && e.reason()
                .starts_with("nesting deeper than 5 arrays and objects at `/0/0/0/")
            && e.reason().ends_with("(--max-depth)"),
        "{e}"
    );
    let object = br#"{"a": {"b": {"c": {"d": {"e": {}}}}}}"#;
    let e = parse_untrusted_json("o.json", object, limits).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    // Beyond serde_json's own recursion limit, within the input size.
    let e = parse_untrusted_json(
        "f.json",
        deep(400).as_bytes(),
        Limits {
            max_depth: 127,
            ..limits
        },
    )
    .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit, "{e}");
    // A byte order mark: the message canonicalize gives.
    let bom = "\u{feff}{}".as_bytes();
    let e = parse_untrusted_json("b.json", bom, limits).unwrap_err();
    assert_eq!(
        e.to_string(),
        "b.json:1:1: the file starts with a UTF-8 byte order mark, which JSON text must not have (RFC 8259 §8.1)"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.json");
    std::fs::write(&path, bom).unwrap();
    let out = canonprof(&["canonicalize", path.to_str().unwrap()]);
    assert!(stderr(&out).contains(e.reason()), "{}", stderr(&out));
    // Repeated member names, with the pointer and line:column.
    let e = parse_untrusted_json("d.json", b"{\"a\": 1,\n \"a\": 2}", limits).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DuplicateKey);
    assert!(e.to_string().starts_with("d.json:2:"), "{e}");
    assert!(e.reason().contains("member `/a` appears twice"), "{e}");
    // Too large, not UTF-8, empty, trailing text.
    let big = format!("\"{}\"", "x".repeat(1000));
    assert_eq!(
        parse_untrusted_json("l.json", big.as_bytes(), limits)
            .unwrap_err()
            .to_string(),
        "l.json: input is over the limit of 1000 bytes (--max-input-size)"
    );
    let e = parse_untrusted_json("u.json", b"[\"\xff\"]", limits).unwrap_err();
    assert_eq!(e.to_string(), "u.json:1:3: invalid UTF-8 byte sequence");
    assert_eq!(
        parse_untrusted_json("e.json", b"  ", limits)
            .unwrap_err()
            .kind(),
        ErrorKind::Json
    );
    assert_eq!(
        parse_untrusted_json("t.json", b"{} x", limits)
            .unwrap_err()
            .kind(),
        ErrorKind::Json
    );
}

#[test]
fn verify_reads_its_key_and_anchor_files_and_a_fifo_within_the_input_limit() {
    let credential = "tests/data/signed-credentials/eddsa-rdfc-2022.json";
    // A key file and a trust anchor on a device: refused at the command's own bound, with one line naming it.
    for option in ["--key", "--trust-anchor"] {
        let out = canonprof(&[
            "verify",
            credential,
            option,
            "/dev/zero",
            "--max-input-size",
            "1000",
        ]);
        assert_eq!(out.status.code(), Some(1), "{option}: {}", stderr(&out));
        assert_eq!(
            stderr(&out),
            "canonprof: error: /dev/zero: input is over the limit of 1000 bytes (--max-input-size)\n",
            "{option}"
        );
    }
    // A FIFO to verify whose writer never stops: one verdict line naming it, and the writer is cut off.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("endless.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let path = fifo.clone();
    let writer = std::thread::spawn(move || {
        let mut file = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        let chunk = [b'['; 4096];
        let mut written = 0usize;
        // Bounded so that a reader that does not stop fails the test instead of hanging it.
        while written < 64 << 20 && file.write_all(&chunk).is_ok() {
            written += chunk.len();
        }
        written
    });
    let label = fifo.to_str().unwrap();
    let out = canonprof(&["verify", label, "--max-input-size", "5000"]);
    let written = writer.join().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{label}: NOT VERIFIED (could not be read: input is over the limit of 5000 bytes (--max-input-size))\n")
    );
    assert!(
        written < 64 << 20,
        "the reader stopped; the writer wrote {written} bytes"
    );
}
