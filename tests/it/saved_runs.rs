//! Saved exports read back: `canonprof report`, `diff` and `merge` on the saved runs in tests/data/saved (two
//! main-job runs of `--schema edu`, one with `--context-cache off`, and a small JWS matrix), and the report page
//! every main-job run writes. Verdicts are pinned on the fixtures' numbers, never on live timings.

use crate::common::{canonprof, canonprof_ok, canonprof_quick, data, read_json};
use std::path::Path;

const ON: &str = "saved/edu-cache-on.json";
const OFF: &str = "saved/edu-cache-off.json";
const JWS: &str = "saved/jws-small.json";

fn fixture(name: &str) -> String {
    data(name).display().to_string()
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The page as an XML document (its `<!DOCTYPE html>` allowed).
fn xml(text: &str) -> Result<roxmltree::Document<'_>, roxmltree::Error> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(text, options)
}

/// Checks a report page: it parses as XML, its ids are unique, it loads nothing by URL, every chart has a text
/// table, and it holds every name in `expected`. Returns the page text.
fn check_page(path: &Path, expected: &[&str]) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let doc =
        xml(&text).unwrap_or_else(|e| panic!("{} does not parse as XML: {e}", path.display()));
    let mut ids = std::collections::HashSet::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        if let Some(id) = node.attribute("id") {
            assert!(ids.insert(id.to_string()), "duplicate id {id}");
        }
        for attr in ["src", "href", "data"] {
            if let Some(url) = node.attribute(attr) {
                assert!(
                    !url.contains("://") && !url.starts_with("//"),
                    "{} loads or links {url}",
                    node.tag_name().name()
                );
            }
        }
        assert_ne!(node.tag_name().name(), "script", "the page has a script");
        assert_ne!(node.tag_name().name(), "link", "the page links a resource");
    }
    let charts = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "svg")
        .count();
    let tables = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "table")
        .count();
    assert!(charts > 0, "no chart");
    assert!(tables >= charts, "{charts} charts and only {tables} tables");
    // Every chart is followed by a table.
    for svg in doc.descendants().filter(|n| n.tag_name().name() == "svg") {
        let table_after = svg
            .next_siblings()
            .filter(|n| n.is_element())
            .find(|n| n.tag_name().name() != "svg")
            .map(|n| n.tag_name().name().to_string());
        assert_eq!(
            table_after.as_deref(),
            Some("table"),
            "a chart without its table"
        );
    }
    // Everything a chart draws lies inside it.
    for svg in doc.descendants().filter(|n| n.tag_name().name() == "svg") {
        let number =
            |n: roxmltree::Node, a: &str| n.attribute(a).and_then(|v| v.parse::<f64>().ok());
        let Some(width) = number(svg, "width") else {
            continue;
        };
        for n in svg.descendants().filter(|n| n.is_element()) {
            let right = number(n, "x").unwrap_or(0.0) + number(n, "width").unwrap_or(0.0);
            assert!(
                right <= width + 1.0,
                "{} at x {right} in a chart {width} wide",
                n.tag_name().name()
            );
        }
    }
    for name in expected {
        assert!(text.contains(name), "the page lacks {name}");
    }
    text
}

const EDU: [&str; 7] = [
    "ob3-basic",
    "ob3-full",
    "clr2",
    "elm-edc-annex1",
    "alumni",
    "vcdm2-simple",
    "person-20",
];

#[test]
fn report_from_saved_runs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("report.html");
    let out_arg = out.display().to_string();
    let output = canonprof_ok(&["report", &fixture(ON), "-o", &out_arg]);
    assert!(stdout(&output).contains("Report: "));
    let text = check_page(&out, &EDU);
    for section in [
        "The answer, from this run",
        "The study's claims, checked on this run",
        "The three-format exchange",
        "Run metadata",
        "VCDM eddsa-rdfc-2022",
        "SD-JWT VC",
        "mdoc",
        "derives: keeps the disclosed Disclosures",
        "re-signs: the holder signs a credential reduced",
        // The summary's numbers come from the run: RDFC-1.0 / JCS per engine.
        "(the json-ld crate) and",
        "(canonprof's engine) as long as JCS (RFC 8785)",
        "the median of the simple credentials with the json-ld crate, the run's main engine",
        "the study: 31–49x",
        // One cost per pipeline: the phases scaled to it, the instrumented pass only labelled as such.
        "µs (scaled to the cost)</th>",
        "cost <span class=\"meta\">(median; run medians min–max; p10–p90)</span>",
        "instrumented pass (span timer on; the shares' source)",
    ] {
        assert!(text.contains(section), "the report lacks {section}");
    }
    // Each credential's cost chart is on a log axis with labelled ticks, and says so.
    let doc = xml(&text).unwrap();
    for credential in EDU {
        let title = format!("r1-c-{credential}-bars-title");
        let chart = doc
            .descendants()
            .find(|n| n.attribute("aria-labelledby") == Some(title.as_str()))
            .unwrap_or_else(|| panic!("no cost chart for {credential}"));
        assert_eq!(chart.attribute("data-scale"), Some("log"), "{credential}");
        let ticks = chart
            .descendants()
            .filter(|n| n.attribute("class") == Some("cl tick"))
            .count();
        assert!(ticks >= 3, "{credential}: {ticks} ticks");
        assert!(chart
            .descendants()
            .any(|n| n.text() == Some("µs, log scale: equal distances are equal ratios")));
    }
    // A run saved before pipelines took turns run by run does not claim they did.
    assert!(!text.contains("pipelines interleaved run by run"));
    // Two runs and the JWS matrix: the cross-run table first, every run's sections, the JWS chart.
    let both = dir.path().join("both.html");
    let both_arg = both.display().to_string();
    canonprof_ok(&[
        "report",
        &fixture(ON),
        &fixture(OFF),
        &fixture(JWS),
        "-o",
        &both_arg,
    ]);
    let text = check_page(&both, &EDU);
    assert!(text.contains("Across runs"));
    assert!(text.contains("JWS signature matrix"));
    assert!(text.contains("edu-cache-off.json"));
}

#[test]
fn main_job_writes_the_report_beside_its_export() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("run.json");
    let json_arg = json.display().to_string();
    let output = canonprof_quick(&[
        "--schema",
        "simple",
        "--no-flamegraphs",
        "--no-exchange",
        "--export-json",
        &json_arg,
    ]);
    let page = dir.path().join("run.html");
    assert!(stdout(&output).contains("Report: "), "{}", stdout(&output));
    check_page(&page, &["alumni", "vcdm2-simple", "person-20"]);
    let export = read_json(&json);
    assert_eq!(export["schema_version"], 3);
    assert_eq!(export["kind"], "canonicalization");
    // RDFC-1.0 and JCS took turns run by run, and every output says so.
    assert_eq!(export["config"]["interleaved"], true);
    assert!(stdout(&output).contains(", a credential's pipelines interleaved run by run (warm-up"));
    let page_text = std::fs::read_to_string(&page).unwrap();
    assert!(page_text.contains("pipelines interleaved run by run"));
    // --report elsewhere, and no --export-json: the saved run goes beside the report as results.json.
    let other = dir.path().join("sub");
    std::fs::create_dir(&other).unwrap();
    let report = other.join("page.html");
    let report_arg = report.display().to_string();
    canonprof_quick(&[
        "--schema",
        "simple",
        "--no-flamegraphs",
        "--no-exchange",
        "--report",
        &report_arg,
    ]);
    check_page(&report, &["alumni"]);
    assert_eq!(
        read_json(other.join("results.json"))["kind"],
        "canonicalization"
    );
}

#[test]
fn main_job_report_links_its_flamegraphs() {
    let dir = tempfile::tempdir().unwrap();
    let flames = dir.path().join("flames");
    let flames_arg = flames.display().to_string();
    let json = dir.path().join("out").join("run.json");
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let json_arg = json.display().to_string();
    canonprof_quick(&[
        "--credential",
        &data("../../schemas-education/simple/alumni.json")
            .display()
            .to_string(),
        "--no-exchange",
        "--flame-seconds",
        "0.05",
        "--flamegraphs",
        &flames_arg,
        "--export-json",
        &json_arg,
    ]);
    let export = read_json(&json);
    assert_eq!(export["flamegraphs"]["dir"], "../flames");
    let graphs = export["flamegraphs"]["graphs"].as_array().unwrap();
    assert!(!graphs.is_empty());
    for g in graphs {
        let svg = flames.join(g["svg"].as_str().unwrap());
        assert!(svg.is_file(), "{} is not there", svg.display());
    }
    // The page beside the flamegraphs links each by a relative path that resolves.
    let page = flames.join("report.html");
    let text = check_page(&page, &["alumni", "Flamegraphs"]);
    let doc = xml(&text).unwrap();
    let links: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("href").or(n.attribute("src")))
        .filter(|h| !h.starts_with('#'))
        .collect();
    assert!(links.len() >= graphs.len());
    for link in links {
        assert!(flames.join(link).is_file(), "{link} does not resolve");
    }
    // `canonprof report` from the saved run elsewhere links the same files.
    let again = dir.path().join("again.html");
    let again_arg = again.display().to_string();
    canonprof_ok(&["report", &json_arg, "-o", &again_arg]);
    let text = std::fs::read_to_string(&again).unwrap();
    assert!(
        text.contains("href=\"flames/index.html\""),
        "{}",
        &text[..200]
    );
}

#[test]
fn diff_of_a_run_against_itself_calls_no_change() {
    let output = canonprof_ok(&["diff", &fixture(ON), &fixture(ON)]);
    let text = stdout(&output);
    // The fixtures were saved before run medians were kept: no row can be judged, none is called a change.
    assert!(
        text.contains(
            "0 rows slower, 0 faster, 0 no change, 219 too few runs to tell (of 219 rows in both)"
        ),
        "{text}"
    );
    assert!(!text.contains("only in"));
    assert!(
        canonprof(&["diff", &fixture(ON), &fixture(ON), "--fail-above", "0%"])
            .status
            .success()
    );
}

#[test]
fn diff_of_files_without_run_medians_shows_ratios_and_calls_no_change() {
    let dir = tempfile::tempdir().unwrap();
    let md = dir.path().join("diff.md");
    let md_arg = md.display().to_string();
    let output = canonprof_ok(&[
        "diff",
        &fixture(ON),
        &fixture(OFF),
        "--export-markdown",
        &md_arg,
    ]);
    let text = stdout(&output);
    assert!(
        text.contains(
            "0 rows slower, 0 faster, 0 no change, 219 too few runs to tell (of 219 rows in both)"
        ),
        "{text}"
    );
    let line = |key: &str| {
        text.lines()
            .find(|l| l.starts_with(key))
            .unwrap_or_else(|| panic!("no row {key}"))
            .split_whitespace()
            .skip(key.split_whitespace().count())
            .collect::<Vec<_>>()
            .join(" ")
    };
    // B/A is still shown (expansion with canonprof's engine loses its processed contexts: 55x); with no run
    // medians there is no interval, no p and no verdict.
    assert_eq!(
        line("ob3-basic · rdfc-1.0 canonprof · expand"),
        "10.5 578 55.21x - - too few runs to tell"
    );
    assert_eq!(
        line("ob3-basic · jcs · total"),
        "3.55 3.28 0.92x - - too few runs to tell"
    );
    let markdown = std::fs::read_to_string(&md).unwrap();
    assert!(markdown.contains(
        "| ob3-basic · rdfc-1.0 canonprof · expand | 10.5 | 578 | 55.21x | - | - | too few runs to tell |"
    ));
    assert!(markdown.contains("two-sided Mann-Whitney U test"));
    // --fail-above counts only rows called slower: none here, so it passes.
    let passed = canonprof(&["diff", &fixture(ON), &fixture(OFF), "--fail-above", "5%"]);
    assert_eq!(passed.status.code(), Some(0), "{}", stderr(&passed));
}

#[test]
fn diff_refuses_another_kind_or_schema_version() {
    let dir = tempfile::tempdir().unwrap();
    let kind = canonprof(&["diff", &fixture(ON), &fixture(JWS)]);
    assert_eq!(kind.status.code(), Some(1));
    let message = stderr(&kind);
    assert!(message.contains("jws-small.json"), "{message}");
    assert!(
        message.contains("a jws export, and the first file is a canonicalization export"),
        "{message}"
    );
    // An old export (schema 2) and a file that is not an export.
    let mut old = read_json(data(ON));
    old["schema_version"] = 2.into();
    let old_path = dir.path().join("old.json");
    std::fs::write(&old_path, old.to_string()).unwrap();
    let refused = canonprof(&["diff", &fixture(ON), &old_path.display().to_string()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("schema_version 2, and this canonprof reads schema_version 3")
    );
    let not_export = canonprof(&[
        "diff",
        &fixture(ON),
        &data("../../Cargo.toml").display().to_string(),
    ]);
    assert!(
        stderr(&not_export).contains("not JSON"),
        "{}",
        stderr(&not_export)
    );
    let credential = canonprof(&[
        "diff",
        &fixture(ON),
        &data("../../schemas-education/simple/alumni.json")
            .display()
            .to_string(),
    ]);
    assert!(stderr(&credential).contains("not a canonprof export: no \"schema_version\""));
    let usage = canonprof(&["diff", &fixture(ON), &fixture(ON), "--band", "ten"]);
    assert_eq!(usage.status.code(), Some(2));
    let negative = canonprof(&["diff", &fixture(ON), &fixture(ON), "--band", "-5%"]);
    assert_eq!(negative.status.code(), Some(2));
    assert!(stderr(&negative).contains("--band takes a percentage from 0 to 10000"));
}

#[test]
fn merge_gives_the_cross_environment_table() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("merge.json");
    let html = dir.path().join("merge.html");
    let (json_arg, html_arg) = (json.display().to_string(), html.display().to_string());
    let output = canonprof_ok(&[
        "merge",
        &fixture(ON),
        &fixture(OFF),
        "--export-json",
        &json_arg,
        "--html",
        &html_arg,
    ]);
    let text = stdout(&output);
    for row in [
        "| exchange total · ed25519 · mdoc | 343 | 337 |",
        "| canonicalization total · ob3-full · rdfc-1.0 canonprof | 826 | 2,011 |",
        // Saved before run medians were kept: no ordering can be tested.
        "| VCDM eddsa-rdfc-2022 / mdoc · ed25519 | 3.45x | 8.79x | too few runs to tell |",
        "| RDFC-1.0 (canonprof) / JCS · ob3-full | 16.86x | 45.66x | too few runs to tell |",
        "| edu / simple, RDFC-1.0 (json-ld) · ob3-full | 159.07x | 52.41x | too few runs to tell |",
    ] {
        assert!(text.contains(row), "merge lacks {row}:\n{text}");
    }
    let merged = read_json(&json);
    assert_eq!(merged["kind"], "merge");
    assert_eq!(merged["columns"].as_array().unwrap().len(), 2);
    let survival: Vec<&str> = merged["ratios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["survival"].as_str().unwrap())
        .collect();
    assert!(
        survival.iter().all(|s| *s == "too few runs to tell"),
        "{survival:?}"
    );
    // The merge page: the runs with their settings, the ratio chart and its table.
    let page = check_page(
        &html,
        &[
            "2 saved runs, merged",
            "context cache off",
            "too few runs to tell",
        ],
    );
    assert!(page.contains("The study's ratios in each run"));
    // A merge table is not a run's export.
    let refused = canonprof(&["diff", &fixture(ON), &json_arg]);
    assert!(stderr(&refused)
        .contains("a merge table (canonprof merge --export-json), not a run's export"));
    // One run is not a comparison; a JWS matrix has no exchange to merge.
    assert_eq!(canonprof(&["merge", &fixture(ON)]).status.code(), Some(2));
    let jws = canonprof(&["merge", &fixture(JWS), &fixture(JWS)]);
    assert!(stderr(&jws).contains("a jws export: merge takes main-job or exchange exports"));
}

#[test]
fn every_export_says_its_schema_kind_and_metadata() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    canonprof_quick(&[
        "exchange",
        "--alg",
        "ed25519",
        "--export-json",
        &path("x.json"),
        "--export-csv",
        &path("x.csv"),
        "--export-markdown",
        &path("x.md"),
    ]);
    canonprof_quick(&[
        "sweep",
        "--sizes",
        "1,2,3",
        "--chart",
        &path("s.svg"),
        "--export-json",
        &path("s.json"),
        "--export-markdown",
        &path("s.md"),
    ]);
    canonprof_ok(&[
        "jws",
        "--alg",
        "HS256",
        "--sizes",
        "1KiB",
        "--measurements",
        "1",
        "--warmup",
        "0",
        "--export-json",
        &path("j.json"),
    ]);
    let signed = data("interop/node/vcdm-eddsa-rdfc-2022-clr2.json");
    canonprof_ok(&[
        "verify",
        &signed.display().to_string(),
        "--iterations",
        "1",
        "--runs",
        "1",
        "--warmup",
        "0",
        "--export-json",
        &path("v.json"),
        "--flamegraphs",
        &path("vf"),
    ]);
    for (file, kind) in [
        ("x.json", "exchange"),
        ("s.json", "sweep"),
        ("j.json", "jws"),
        ("v.json", "verify"),
    ] {
        let export = read_json(dir.path().join(file));
        assert_eq!(export["schema_version"], 3, "{file}");
        assert_eq!(export["kind"], kind, "{file}");
        assert!(export["metadata"]["cpu"].is_string(), "{file}");
        assert!(export["metadata"]["started_at"].is_string(), "{file}");
    }
    let verified = read_json(dir.path().join("v.json"));
    let graph = verified["files"][0]["flamegraph"].as_str().unwrap();
    assert!(graph.starts_with("vf/verify-"), "{graph}");
    assert!(dir.path().join(graph).is_file());
    let sweep = read_json(dir.path().join("s.json"));
    assert_eq!(sweep["points"][0]["rdfc"]["engine"], "json-ld");
    let csv = std::fs::read_to_string(dir.path().join("x.csv")).unwrap();
    assert!(csv.starts_with("credential,alg,format,engine,signatures,operation,median_us"));
    assert!(csv.contains("person-20,ed25519,mdoc,,rustcrypto,verify,"));
    let md = std::fs::read_to_string(dir.path().join("x.md")).unwrap();
    assert!(
        md.contains("| alg | format | engine | signatures | issue µs | present µs | verify µs |")
    );
    assert!(md.contains("derives: keeps the disclosed IssuerSignedItems"));
    assert!(std::fs::read_to_string(dir.path().join("s.md"))
        .unwrap()
        .contains("| size | bytes |"));
    // A saved exchange, sweep or verify export makes a report too.
    let page = dir.path().join("all.html");
    canonprof_ok(&[
        "report",
        &path("x.json"),
        &path("s.json"),
        &path("j.json"),
        &path("v.json"),
        "-o",
        &page.display().to_string(),
    ]);
    let text = check_page(
        &page,
        &[
            "The three-format exchange",
            "Scaling sweep",
            "JWS signature matrix",
            "Verification",
        ],
    );
    assert!(
        text.contains(&format!("href=\"{graph}\"")),
        "the verify flamegraph is not linked"
    );
}
