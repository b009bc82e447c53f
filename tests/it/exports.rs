//! The main job's file exports on a real small run (`--schema edu`, both engines): every ratio and share in the
//! Markdown names its engine; the CSV has the engine columns; the JSON summary's per-engine headline figures
//! (`rdfc_over_jcs`, `edu_over_simple`) are the credentials' cost ratios recomputed from the JSON's own entries.
//! Values only: no timing is compared with another.

use crate::common::{canonprof_ok, read_json};
use serde_json::Value;

/// The run every check here reads: its JSON, CSV and Markdown exports.
struct Run {
    json: Value,
    csv: String,
    markdown: String,
}

fn run() -> Run {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    canonprof_ok(&[
        "--schema",
        "edu",
        "--engine",
        "both",
        "--iterations",
        "3",
        "--runs",
        "2",
        "--warmup",
        "0",
        "--no-flamegraphs",
        "--no-exchange",
        "--export-json",
        &path("r.json"),
        "--export-csv",
        &path("r.csv"),
        "--export-markdown",
        &path("r.md"),
    ]);
    Run {
        json: read_json(path("r.json")),
        csv: std::fs::read_to_string(path("r.csv")).unwrap(),
        markdown: std::fs::read_to_string(path("r.md")).unwrap(),
    }
}

const ENGINES: [&str; 2] = ["json-ld", "canonprof"];

#[test]
fn exports_name_the_engine_of_every_ratio_and_agree_with_the_costs() {
    let run = run();
    markdown_names_engines(&run.markdown);
    let expected = json_summary_matches_the_costs(&run.json);
    csv_has_engine_columns(&run.csv, &expected);
    markdown_headline(&run.markdown, &run.json);
}

/// Whether a Markdown line holds a ratio or a share: a digit followed by `x` or `%` (not inside a word).
fn holds_ratio_or_share(line: &str) -> bool {
    let bytes = line.as_bytes();
    (0..bytes.len()).any(|i| {
        bytes[i].is_ascii_digit()
            && matches!(bytes.get(i + 1), Some(b'x' | b'%'))
            && !bytes.get(i + 2).is_some_and(u8::is_ascii_alphanumeric)
    })
}

/// The cells of a Markdown table row.
fn cells(line: &str) -> Vec<&str> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(str::trim)
        .collect()
}

/// Every line that says RDFC-1.0 / JCS, edu / simple, `x JCS`, or holds a share names its engine: in words
/// (`the json-ld crate's engine`, `canonprof's engine`), or, in a table, in its `engine` column (`none (JCS)`
/// for a JCS row, which expands nothing); a table header with such a column heading is followed by such rows.
fn markdown_names_engines(markdown: &str) {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut engine_column: Option<usize> = None;
    let mut claims = false;
    let mut checked = 0;
    for (i, line) in lines.iter().enumerate() {
        let is_header = line.starts_with('|')
            && lines
                .get(i + 1)
                .is_some_and(|next| next.starts_with("|---"));
        if is_header {
            engine_column = cells(line).iter().position(|c| *c == "engine");
            claims = cells(line).first() == Some(&"claim");
        } else if !line.starts_with('|') {
            (engine_column, claims) = (None, false);
        }
        // The claims table quotes the study's claim ("1.73-2.04x") in its first cell; what this run measured is
        // in the others.
        let owned;
        let line = if claims && !is_header {
            owned = cells(line)[1..].join(" | ");
            owned.as_str()
        } else {
            line
        };
        let relevant = line.contains("RDFC-1.0 / JCS")
            || line.contains("edu / simple")
            || line.contains("x JCS")
            || holds_ratio_or_share(line);
        if !relevant || line.starts_with("|---") {
            continue;
        }
        checked += 1;
        let in_words =
            line.contains("the json-ld crate's engine") || line.contains("canonprof's engine");
        let in_column = line.starts_with('|')
            && engine_column.is_some_and(|col| {
                is_header
                    || cells(line)
                        .get(col)
                        .is_some_and(|c| ENGINES.contains(c) || *c == "none (JCS)")
            });
        assert!(
            in_words || in_column,
            "line {} names no engine: {line}",
            i + 1
        );
    }
    assert!(checked > 100, "{checked} lines checked in\n{markdown}");
}

/// The per-credential cost ratios recomputed from the JSON's entries, per engine: (RDFC-1.0 / JCS, edu / simple),
/// each by credential.
type Expected = Vec<(&'static str, Vec<(String, f64)>, Vec<(String, f64)>)>;

/// The summary's `rdfc_over_jcs` and `edu_over_simple` are, per engine, the credentials' cost ratios: each
/// RDFC-1.0 cost (the uninstrumented iterations' median) over the same credential's JCS cost, and each edu
/// credential's over the median of the simple credentials' — recomputed here from the entries.
fn json_summary_matches_the_costs(json: &Value) -> Expected {
    let results = json["results"].as_array().unwrap();
    let cost = |e: &Value| {
        let cost = e["uninstrumented_median_us"].as_f64().unwrap();
        assert_eq!(e["cost"]["median_us"].as_f64(), Some(cost), "{e}");
        cost
    };
    let documents = |algorithm: &'static str, engine: Option<&'static str>| {
        results.iter().filter(move |e| {
            e["algorithm"] == algorithm
                && e["part"] == "document"
                && e["engine"].as_str() == engine
                && e["context_cache"] != false
        })
    };
    let jcs_of = |credential: &str| {
        documents("jcs", None)
            .find(|e| e["credential"] == credential)
            .map(cost)
            .unwrap()
    };
    let summary = &json["summary"];
    let mut expected = Vec::new();
    for engine in ENGINES {
        let over_jcs: Vec<(String, f64)> = documents("rdfc-1.0", Some(engine))
            .filter(|e| e["baseline"] == false)
            .map(|e| {
                let credential = e["credential"].as_str().unwrap();
                (credential.to_string(), cost(e) / jcs_of(credential))
            })
            .collect();
        assert_eq!(over_jcs.len(), 4, "the edu set's credentials");
        same_ratios(&summary["rdfc_over_jcs"][engine], &over_jcs, engine);
        let mut simple: Vec<f64> = documents("rdfc-1.0", Some(engine))
            .filter(|e| e["set"] == "simple")
            .map(cost)
            .collect();
        assert_eq!(simple.len(), 3, "the simple baseline");
        simple.sort_by(f64::total_cmp);
        let base = simple[1];
        let edu: Vec<(String, f64)> = documents("rdfc-1.0", Some(engine))
            .filter(|e| e["set"] == "edu")
            .map(|e| {
                (
                    e["credential"].as_str().unwrap().to_string(),
                    cost(e) / base,
                )
            })
            .collect();
        same_ratios(&summary["edu_over_simple"][engine], &edu, engine);
        expected.push((engine, over_jcs, edu));
    }
    // The older summary fields are the main engine's (the json-ld crate's with --engine both), over costs too.
    let main = &expected[0].2;
    let old: Vec<f64> = summary["edu_simple_ratios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[1].as_f64().unwrap())
        .collect();
    assert_eq!(old.len(), main.len());
    for (a, (_, b)) in old.iter().zip(main) {
        assert!(close(*a, *b, 1e-9), "{a} against {b}");
    }
    expected
}

fn close(a: f64, b: f64, relative: f64) -> bool {
    (a - b).abs() <= relative * a.abs().max(b.abs())
}

/// One engine's figure in the summary: `min`, `max` and `ratios` ([credential, ratio] pairs) as recomputed.
fn same_ratios(figure: &Value, expected: &[(String, f64)], engine: &str) {
    let ratios = figure["ratios"]
        .as_array()
        .unwrap_or_else(|| panic!("{engine}: {figure}"));
    assert_eq!(ratios.len(), expected.len(), "{engine}: {figure}");
    for (pair, (credential, ratio)) in ratios.iter().zip(expected) {
        assert_eq!(pair[0], credential.as_str(), "{engine}");
        let value = pair[1].as_f64().unwrap();
        assert!(
            close(value, *ratio, 1e-9),
            "{engine} {credential}: {value} against {ratio}"
        );
    }
    let values = expected.iter().map(|(_, r)| *r);
    let min = values.clone().fold(f64::INFINITY, f64::min);
    let max = values.fold(0.0, f64::max);
    assert!(
        close(figure["min"].as_f64().unwrap(), min, 1e-9),
        "{engine} min"
    );
    assert!(
        close(figure["max"].as_f64().unwrap(), max, 1e-9),
        "{engine} max"
    );
}

/// The CSV names each row's engine and cache setting, says which pass its statistics come from, and gives each
/// RDFC-1.0 pipeline's ratios on its `cost` row: the JSON's, to the digits written.
fn csv_has_engine_columns(csv: &str, expected: &Expected) {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|c| *c == name)
            .unwrap_or_else(|| panic!("no {name} column in {header:?}"))
    };
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert!(
        rows.iter().all(|r| r.len() == header.len()),
        "every row has every column"
    );
    let (credential, algorithm, kind, engine, cache, pass) = (
        column("credential"),
        column("algorithm"),
        column("kind"),
        column("engine"),
        column("context_cache"),
        column("pass"),
    );
    let (over_jcs, edu_over_simple) = (column("rdfc_over_jcs"), column("edu_over_simple"));
    column("scaled_us");
    for row in &rows {
        let is_jcs = row[algorithm] == "jcs";
        assert_eq!(row[engine].is_empty(), is_jcs, "{row:?}");
        if !is_jcs {
            assert!(
                ENGINES.contains(&row[engine]) && row[cache] == "on",
                "{row:?}"
            );
        }
        let expected_pass = match row[kind] {
            "cost" => "uninstrumented",
            "counter" => "",
            "step" => "spec-step pass",
            _ => "instrumented",
        };
        assert_eq!(row[pass], expected_pass, "{row:?}");
        if row[kind] != "cost" {
            assert_eq!((row[over_jcs], row[edu_over_simple]), ("", ""), "{row:?}");
        }
    }
    for (name, by_credential, edu) in expected {
        for (c, ratio) in by_credential {
            let row = rows
                .iter()
                .find(|r| r[credential] == c && r[kind] == "cost" && r[engine] == *name)
                .unwrap_or_else(|| panic!("{name} {c}: no cost row"));
            let written: f64 = row[over_jcs].parse().unwrap();
            assert!(
                close(written, *ratio, 1e-5),
                "{name} {c}: {written} against {ratio}"
            );
            let edu_ratio = edu.iter().find(|(e, _)| e == c).map(|(_, r)| *r).unwrap();
            let written: f64 = row[edu_over_simple].parse().unwrap();
            assert!(
                close(written, edu_ratio, 1e-5),
                "{name} {c}: {written} against {edu_ratio}"
            );
        }
    }
}

/// The Markdown's summary opens with one RDFC-1.0 / JCS line per engine, canonprof's first, with the JSON's
/// smallest and largest ratio; each credential has one headline line with both engines.
fn markdown_headline(markdown: &str, json: &Value) {
    let summary: Vec<&str> = markdown
        .lines()
        .skip_while(|l| *l != "## Summary")
        .skip(2)
        .take(2)
        .collect();
    for (line, (engine, words)) in summary.iter().zip([
        ("canonprof", "canonprof's engine"),
        ("json-ld", "the json-ld crate's engine"),
    ]) {
        let figure = &json["summary"]["rdfc_over_jcs"][engine];
        let want = format!(
            "- RDFC-1.0 costs {:.1}–{:.1}x JCS with {words} (over 4 credentials)",
            figure["min"].as_f64().unwrap(),
            figure["max"].as_f64().unwrap()
        );
        assert_eq!(*line, want);
    }
    for credential in ["ob3-basic", "ob3-full", "clr2", "elm-edc-annex1"] {
        let lines: Vec<&str> = markdown
            .lines()
            .filter(|l| l.starts_with(&format!("- **{credential}**: RDFC-1.0 / JCS = ")))
            .collect();
        assert_eq!(lines.len(), 1, "{credential}");
        assert!(
            lines[0].contains("x with the json-ld crate's engine")
                && lines[0].contains("x with canonprof's engine"),
            "{}",
            lines[0]
        );
    }
}
