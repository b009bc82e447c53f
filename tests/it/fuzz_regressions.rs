//! Replays the fuzzing corpus seeds (`fuzz/seeds/<target>/`) and every input the fuzzers found to crash, hang or
//! break an invariant (`fuzz/regressions/<target>/`, kept after the fix) through the same entry points the
//! cargo-fuzz targets call (`fuzz/harness.rs`, included here as `harness`): CI runs these, not the fuzzer
//! (docs/conformance.md). The differential target's findings (`fuzz/regressions/jsonld_differential/`) are also
//! held to jsonld.js's verdict on them (`<name>.verdict`, written by `scripts/peers/node/verdict.mjs --write`).

#[path = "../../fuzz/harness.rs"]
mod harness;

use canonprof::error::ErrorKind;
use harness::{differential, Outcome};
use std::path::{Path, PathBuf};

fn replay(target: &str, run: fn(&[u8])) -> usize {
    replay_from(&["seeds", "regressions"], target, run)
}

/// Runs every file of `fuzz/<dir>/<target>/` for each of `dirs` through `run`; the number of files.
fn replay_from(dirs: &[&str], target: &str, run: fn(&[u8])) -> usize {
    let mut count = 0;
    for dir in dirs {
        let path = fuzz_dir(dir, target);
        let Ok(entries) = std::fs::read_dir(&path) else {
            continue;
        };
        for entry in entries {
            let file = entry.unwrap().path();
            if file.file_name().is_some_and(|n| n == ".gitkeep") {
                continue;
            }
            let data = std::fs::read(&file).unwrap();
            let result = std::panic::catch_unwind(|| run(&data));
            assert!(result.is_ok(), "{} panics", file.display());
            count += 1;
        }
    }
    count
}

#[test]
fn jsonld_inputs() {
    assert!(replay("jsonld", harness::jsonld) >= 5);
}

#[test]
fn nquads_inputs() {
    assert!(replay("nquads", harness::nquads) >= 5);
}

#[test]
fn jcs_inputs() {
    assert!(replay("jcs", harness::jcs) >= 5);
}

/// The differential target's seeds: the engines agree on each (its findings are checked below).
#[test]
fn jsonld_differential_seeds() {
    let run = harness::jsonld_differential;
    assert!(replay_from(&["seeds"], "jsonld_differential", run) >= 10);
}

fn fuzz_dir(dir: &str, target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(dir)
        .join(target)
}

/// The findings not fixed yet: `KNOWN`'s lines `<file name> <kind id>` (blank lines and `#` comments skipped).
fn known_findings(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("KNOWN")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// What the engines must give on a finding: jsonld.js's verdict (`<name>.verdict`), or where the project decided
/// otherwise, `<name>.decided` — `#` lines giving the reason, then the output in the same form (canonical N-Quads,
/// or `refused: …`).
fn expected(file: &Path) -> String {
    let verdict_file = file.with_extension("verdict");
    assert!(
        verdict_file.exists(),
        "{} has no jsonld.js verdict",
        verdict_file.display()
    );
    let decided = file.with_extension("decided");
    match std::fs::read_to_string(&decided) {
        Ok(text) => {
            let body: Vec<&str> = text.lines().skip_while(|l| l.starts_with('#')).collect();
            assert!(
                text.starts_with('#'),
                "{} gives no reason (a first `#` line)",
                decided.display()
            );
            body.iter().map(|l| format!("{l}\n")).collect()
        }
        Err(_) => std::fs::read_to_string(&verdict_file).unwrap(),
    }
}

/// Whether `outcome` is the expected `verdict`: the same canonical N-Quads, or a refusal where it refuses.
fn matches_verdict(outcome: &Outcome, verdict: &str) -> bool {
    match outcome {
        Outcome::Canonical(nquads) => nquads == verdict,
        Outcome::Refused(_) => verdict.starts_with("refused:"),
        Outcome::Panicked(_) => false,
    }
}

/// A refusal of the json-ld crate's engine that says the crate cannot follow (docs/conformance.md lists the cases).
fn crate_limitation(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Refused(error) if error.kind() == ErrorKind::CrateLimitation)
}

/// Every differential finding: both engines agree with jsonld.js 9 in safe mode, or with the project's decision
/// where there is one (the same canonical N-Quads, or both refuse where it refuses), and neither panics — the json-ld
/// crate's engine may instead refuse with a crate limitation where canonprof's gives what is expected — except the
/// findings listed in `KNOWN`, which must still fail (a fixed one is taken off the list).
#[test]
fn jsonld_differential_findings_follow_jsonld_js() {
    let dir = fuzz_dir("regressions", "jsonld_differential");
    let known = known_findings(&dir);
    let mut inputs = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().is_some_and(|e| e == "json") {
            inputs.push(file);
        }
    }
    inputs.sort();
    for name in &known {
        assert!(
            dir.join(name).exists(),
            "KNOWN lists {name}, which is not in {}",
            dir.display()
        );
    }
    let mut failures = Vec::new();
    for file in &inputs {
        let name = file.file_name().unwrap().to_str().unwrap();
        let verdict = expected(file);
        let outcome = differential(&std::fs::read(file).unwrap())
            .unwrap_or_else(|| panic!("{name} is not a document both engines run on"));
        let follows = (matches_verdict(&outcome.json_ld, &verdict)
            || crate_limitation(&outcome.json_ld))
            && matches_verdict(&outcome.canonprof, &verdict)
            && outcome.agree();
        match (follows, known.iter().any(|k| k == name)) {
            (false, false) => failures.push(format!(
                "{name}: {outcome}; jsonld.js {}",
                verdict.lines().next().unwrap_or("")
            )),
            (true, true) => failures.push(format!(
                "{name} now gives what is expected: take it off KNOWN"
            )),
            _ => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(inputs.len() >= known.len());
}

/// The verifier target's seeds (signed artifacts of every format) and findings: no panic, and no verified verdict
/// without a signature checked with a trusted key (the invariants in `harness::verify`).
#[test]
fn verify_inputs() {
    assert!(replay("verify", harness::verify) >= 7);
}
