//! The main job's terminal output as a reader quotes it: every ratio and share names the engine it is of, and
//! `--schema edu` fits the line budget the README states; `--quiet` and `--verbose` print what they say.

use crate::common::canonprof_quick;

/// The README's budget for `canonprof --schema edu` (122 lines measured without flamegraphs, 124 with them: the
/// exchange has ML-DSA-44 rows and three claims per algorithm since issue 30).
const LINE_BUDGET: usize = 130;

/// The main job on the education credentials with both engines, the exchange included, flamegraphs off.
fn main_job(extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("run.json").display().to_string();
    let args = [
        &[
            "--schema",
            "edu",
            "--no-flamegraphs",
            "--export-json",
            &json,
        ][..],
        extra,
    ]
    .concat();
    String::from_utf8(canonprof_quick(&args).stdout).unwrap()
}

/// Whether `line` holds a ratio (`7.6x`, `31-49x`) or a share (`33.0%`).
fn has_ratio_or_share(line: &str) -> bool {
    let bytes = line.as_bytes();
    line.contains('%')
        || line.contains("RDFC-1.0 / JCS")
        || line.contains("edu / simple")
        || (1..bytes.len()).any(|i| bytes[i] == b'x' && bytes[i - 1].is_ascii_digit())
}

/// Whether `line` says which JSON-LD engine its figures are of (or that a figure needs none).
fn names_engine(line: &str) -> bool {
    ["engine", "json-ld", "canonprof"]
        .iter()
        .any(|n| line.contains(n))
}

#[test]
fn every_ratio_and_share_names_its_engine_within_the_line_budget() {
    let out = main_job(&[]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.len() <= LINE_BUDGET,
        "{} lines, budget {LINE_BUDGET}:\n{out}",
        lines.len()
    );
    // A per-credential table's cells are shares under a header naming each pipeline's engine: its rows pass
    // when the header does.
    let mut table_names_engines = false;
    let mut unnamed = Vec::new();
    for line in &lines {
        if line.starts_with("  µs (share)") {
            table_names_engines =
                line.contains("RDFC-1.0 json-ld") && line.contains("RDFC-1.0 canonprof");
            continue;
        }
        let in_table = line.starts_with("  ") && !line.starts_with("  RDFC-1.0 / JCS");
        if !in_table || line.trim().is_empty() {
            table_names_engines = false;
        }
        if has_ratio_or_share(line) && !names_engine(line) && !table_names_engines {
            unnamed.push(*line);
        }
    }
    assert!(unnamed.is_empty(), "lines naming no engine: {unnamed:#?}");
    // The answer, per credential and for the run, with both engines.
    let headlines: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("  RDFC-1.0 / JCS = "))
        .collect();
    assert_eq!(headlines.len(), 4, "{out}");
    for h in headlines {
        assert!(
            h.contains("with canonprof's engine") && h.contains("with the json-ld crate's engine"),
            "{h}"
        );
    }
    for engine in ["canonprof's engine", "the json-ld crate's engine"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("  RDFC-1.0 costs ") && l.contains(engine)),
            "{out}"
        );
    }
    // The detail is for --verbose.
    for detail in ["spec steps of", "work of", "ratios of exchange totals ("] {
        assert!(!out.contains(detail), "{detail} in the default view");
    }
    assert!(out.contains("The study's claims, checked on this run"));
}

#[test]
fn quiet_prints_the_summary_and_claims_and_verbose_the_detail() {
    let quiet = main_job(&["--quiet"]);
    assert!(quiet.starts_with("Summary\n"), "{quiet}");
    assert!(quiet.contains("The study's claims, checked on this run"));
    assert!(quiet.contains("Report: "), "{quiet}");
    assert!(!quiet.contains("µs (share)") && !quiet.contains("canonprof exchange"));
    let verbose = main_job(&["--verbose"]);
    for detail in [
        "spec steps of RDFC-1.0 canonprof",
        "work of RDFC-1.0 canonprof",
        "heap bytes",
    ] {
        assert!(verbose.contains(detail), "{detail} missing:\n{verbose}");
    }
}

#[test]
fn the_report_page_follows_the_json_export_and_says_when_it_replaces_one() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("run-b.json");
    let json_arg = json.display().to_string();
    let args = [
        "--schema",
        "simple",
        "--no-flamegraphs",
        "--no-exchange",
        "--quiet",
        "--export-json",
        &json_arg,
    ];
    let first = String::from_utf8(canonprof_quick(&args).stdout).unwrap();
    let page = dir.path().join("run-b.html");
    assert!(page.is_file(), "{first}");
    assert!(
        first.contains(&format!("Report: {}", page.display())),
        "{first}"
    );
    assert!(!first.contains("replaced"), "{first}");
    let second = String::from_utf8(canonprof_quick(&args).stdout).unwrap();
    assert!(second.contains("(replaced an existing page)"), "{second}");
}
