//! Flamegraphs from the main job and `canonprof flame`: the files exist, every SVG parses as XML and carries its
//! title fields, the span graphs name the phases, and index.html links each graph next to its credential's table.

use crate::common::{canonprof, canonprof_ok, canonprof_quick};
use std::path::{Path, PathBuf};

fn parse(text: &str) -> Result<roxmltree::Document<'_>, roxmltree::Error> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(text, options)
}

fn svg_text(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse(&text).unwrap_or_else(|e| panic!("{} is not XML: {e}", path.display()));
    text
}

fn title(svg: &str) -> String {
    let doc = parse(svg).unwrap();
    let text = |id: &str| {
        doc.descendants()
            .find(|n| n.attribute("id") == Some(id))
            .and_then(|n| n.text())
            .unwrap_or_default()
            .to_string()
    };
    format!("{} | {}", text("title"), text("subtitle"))
}

/// The main job on the simple set with `extra` options, sampling each graph for `seconds`, into a fresh
/// temporary directory: the directory (deleted when dropped), the flamegraph folder in it, and stdout.
fn main_job_flamegraphs(extra: &[&str], seconds: &str) -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("flames");
    let out_arg = out.display().to_string();
    let mut args = vec!["--schema", "simple"];
    args.extend_from_slice(extra);
    args.extend(["--flame-seconds", seconds, "--flamegraphs", &out_arg]);
    let output = canonprof_quick(&args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    (dir, out, stdout)
}

/// `canonprof flame` on ob3-basic's RDFC-1.0 (0.3 s of sampling) with `extra` options into a fresh temporary
/// directory: the directory and stdout.
fn flame_ob3_basic_rdfc(extra: &[&str]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas-education/edu/ob3-basic.json");
    let (input, out) = (
        input.display().to_string(),
        dir.path().display().to_string(),
    );
    let mut args = vec!["flame", &input];
    args.extend_from_slice(extra);
    args.extend([
        "--algorithm",
        "rdfc-1.0",
        "--flame-seconds",
        "0.3",
        "--flamegraphs",
        &out,
    ]);
    let output = canonprof_ok(&args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    (dir, stdout)
}

#[test]
fn main_job_writes_svgs_folded_stacks_and_index() {
    let (_dir, out, stdout) = main_job_flamegraphs(&[], "0.3");
    assert!(stdout.contains("index.html"));
    for credential in ["alumni", "vcdm2-simple", "person-20"] {
        for algorithm in ["rdfc-1.0", "jcs"] {
            let sampled = svg_text(&out.join(format!("{credential}.{algorithm}.sampled.svg")));
            let t = title(&sampled);
            for field in [credential, algorithm, "samples", "canonprof 0.1.0", "Z · "] {
                assert!(t.contains(field), "{field} in title {t}");
            }
            assert!(out
                .join(format!("{credential}.{algorithm}.sampled.folded"))
                .exists());
            let spans = svg_text(&out.join(format!("{credential}.{algorithm}.spans.svg")));
            let phases: &[&str] = if algorithm == "jcs" {
                &["parse", "jcs", "hash"]
            } else {
                &["parse", "expand", "to_rdf", "label", "serialize", "hash"]
            };
            for phase in phases {
                assert!(
                    spans.contains(&format!("<title>{phase} (")),
                    "{credential} {algorithm}: phase {phase} in the span graph"
                );
            }
            let folded =
                std::fs::read_to_string(out.join(format!("{credential}.{algorithm}.spans.folded")))
                    .unwrap();
            assert!(
                folded
                    .lines()
                    .all(|l| l.starts_with(&format!("{algorithm};"))),
                "{folded}"
            );
        }
        let diff = svg_text(&out.join(format!("{credential}.diff-jcs-rdfc-1.0.spans.svg")));
        assert!(title(&diff).contains("JCS → RDFC-1.0"));
    }
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    for needle in [
        "<table>",
        "person-20.rdfc-1.0.sampled.svg",
        "alumni.jcs.spans.svg",
        "first_degree",
        "<object",
        "alumni.rdfc-1.0.sampled.speedscope.json\">speedscope</a>",
    ] {
        assert!(index.contains(needle), "{needle} in index.html");
    }
    // The report embeds the RDFC-1.0 graphs as <object>s (their scripts run: search, zoom) and links the files
    // for the viewers.
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    for needle in [
        "<object class=\"flame\" type=\"image/svg+xml\" data=\"alumni.rdfc-1.0.spans.svg\"",
        "alumni.rdfc-1.0.spans.speedscope.json\">speedscope</a>",
    ] {
        assert!(report.contains(needle), "{needle} in report.html");
    }
    let spans = svg_text(&out.join("alumni.rdfc-1.0.spans.svg"));
    assert!(
        spans.contains("<title>alumni — rdfc-1.0 spans ("),
        "the root bar is named"
    );
}

#[test]
fn flame_command_does_one_credential_and_algorithm() {
    let (dir, _) = flame_ob3_basic_rdfc(&[]);
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "ob3-basic.rdfc-1.0.sampled.folded",
            "ob3-basic.rdfc-1.0.sampled.speedscope.json",
            "ob3-basic.rdfc-1.0.sampled.svg",
            "ob3-basic.rdfc-1.0.spans.folded",
            "ob3-basic.rdfc-1.0.spans.speedscope.json",
            "ob3-basic.rdfc-1.0.spans.svg"
        ]
    );
    let folded =
        std::fs::read_to_string(dir.path().join("ob3-basic.rdfc-1.0.sampled.folded")).unwrap();
    // Frames are `module::function`, never a file path (`<[u8]>::starts_with` is a function name, not one). A folded line is `stack count`; the count goes before
    // looking at the frames.
    let stacks: Vec<&str> = folded
        .lines()
        .map(|l| l.rsplit_once(' ').map_or(l, |(stack, _)| stack))
        .collect();
    let starts_at_pipeline =
        |stack: &&str| stack.split(';').nth(1) == Some("rdfc::canonicalize_jsonld");
    let harness: Vec<&&str> = stacks
        .iter()
        .filter(|s| !(s.starts_with("rdfc-1.0;") && starts_at_pipeline(s)))
        .collect();
    let paths: Vec<&&str> = stacks
        .iter()
        .filter(|s| s.contains(".rs") || s.contains("/src/"))
        .collect();
    assert!(paths.is_empty(), "no file paths in frames: {paths:?}");
    assert!(harness.is_empty(), "harness frames are cut: {harness:?}");
}

/// Bad input is refused before sampling, naming the file, and nothing is drawn.
#[test]
fn flame_command_refuses_a_missing_file_before_sampling() {
    let dir = tempfile::tempdir().unwrap();
    let bad = canonprof(&[
        "flame",
        "/no/such.json",
        "--flame-seconds",
        "0.3",
        "--flamegraphs",
        &dir.path().display().to_string(),
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("/no/such.json"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn zero_flame_seconds_is_a_usage_error() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas-education/edu/ob3-basic.json");
    let zero = canonprof(&[
        "flame",
        &input.display().to_string(),
        "--flame-seconds",
        "0",
    ]);
    assert_eq!(
        zero.status.code(),
        Some(2),
        "an unusable option value is a usage error"
    );
}

/// Runs `sweep --kind kind --sizes 1,2,4` and checks its table, chart and CSV; returns the CSV.
fn sweep(kind: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("sweep.svg");
    let csv = dir.path().join("sweep.csv");
    let output = canonprof_quick(&[
        "sweep",
        "--kind",
        kind,
        "--sizes",
        "1,2,4",
        "--chart",
        &chart.display().to_string(),
        "--export-csv",
        &csv.display().to_string(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("Fitted growth") && stdout.contains("RDFC-1.0 total"),
        "{stdout}"
    );
    let svg = svg_text(&chart);
    assert!(svg.contains("expand") && svg.contains("JCS total"));
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(rows.lines().count(), 1 + 3 * (10 + 5), "{rows}");
    rows
}

#[test]
fn sweep_of_attributes_measures_every_size_and_draws_a_chart() {
    sweep("attributes");
}

#[test]
fn sweep_of_depth_measures_every_size_and_draws_a_chart() {
    sweep("depth");
}

/// The blank-node sweep really adds blank nodes: one per item plus none elsewhere.
#[test]
fn sweep_of_blank_nodes_adds_one_blank_node_per_item() {
    let rows = sweep("blank-nodes");
    assert!(
        rows.lines()
            .any(|l| l.starts_with("4,") && l.split(',').nth(3) == Some("4")),
        "{rows}"
    );
}

#[test]
fn both_engines_draw_canonprofs_graphs_and_the_json_ld_crates_with_all_flamegraphs() {
    // The default: both engines measured, the RDFC-1.0 graphs are canonprof's engine's, no subdirectory.
    let (_dir, out, stdout) = main_job_flamegraphs(&["--no-exchange"], "0.2");
    assert!(
        stdout.contains("RDFC-1.0 with the canonprof engine"),
        "{stdout}"
    );
    assert!(
        stdout.contains("sampled, "),
        "sample counts printed: {stdout}"
    );
    assert!(!out.join("json-ld-engine").exists());
    let main = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(main.contains("--all-flamegraphs"), "{main}");
    // With --all-flamegraphs, the json-ld crate's in a subdirectory of their own.
    let (_dir, out, stdout) = main_job_flamegraphs(&["--no-exchange", "--all-flamegraphs"], "0.2");
    assert!(
        stdout.contains("Flamegraphs of the json-ld engine"),
        "{stdout}"
    );
    let sub = out.join("json-ld-engine");
    for name in ["alumni", "vcdm2-simple", "person-20"] {
        for kind in ["sampled", "spans"] {
            let svg = sub.join(format!("{name}.rdfc-1.0.{kind}.svg"));
            let text = std::fs::read_to_string(&svg).unwrap();
            assert!(text.contains("<svg"), "{}", svg.display());
        }
        assert!(
            !sub.join(format!("{name}.jcs.sampled.svg")).exists(),
            "JCS is drawn once, above"
        );
    }
    let index = std::fs::read_to_string(sub.join("index.html")).unwrap();
    assert!(index.contains("person-20.rdfc-1.0.sampled.svg"));
    assert!(
        index.contains("<strong>json-ld</strong> expansion engine"),
        "{index}"
    );
    let main = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        main.contains("href=\"json-ld-engine/index.html\""),
        "the main index links to the json-ld engine's graphs"
    );
}

#[test]
fn flame_command_with_engine_both_draws_rdfc_with_each_engine() {
    let (dir, stdout) = flame_ob3_basic_rdfc(&["--engine", "both"]);
    assert!(stdout.contains("(canonprof engine)"), "{stdout}");
    for sub in [
        dir.path().to_path_buf(),
        dir.path().join("canonprof-engine"),
    ] {
        let spans = std::fs::read_to_string(sub.join("ob3-basic.rdfc-1.0.spans.folded")).unwrap();
        for phase in ["expand", "to_rdf", "label", "serialize"] {
            assert!(
                spans
                    .lines()
                    .any(|l| l.split(';').any(|f| f.starts_with(phase))),
                "{phase} in {}",
                sub.display()
            );
        }
    }
}
