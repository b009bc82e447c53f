//! The files for interactive viewers beside each flamegraph (`--profile-formats`), read back as their viewers
//! read them: speedscope JSON validated against speedscope's published schema (tests/data, see SOURCES.md),
//! pprof protobuf decoded with the `pprof` crate's prost messages, the Chrome trace parsed as trace events.
//! Each must hold what the folded stacks beside it hold.

use crate::common::{canonprof, canonprof_ok};
use pprof::protos::Message;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// `canonprof flame` on ob3-basic's RDFC-1.0 with `formats` into a fresh directory.
fn flame(formats: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas-education/edu/ob3-basic.json");
    let (input, out) = (
        input.display().to_string(),
        dir.path().display().to_string(),
    );
    canonprof_ok(&[
        "flame",
        &input,
        "--algorithm",
        "rdfc-1.0",
        "--flame-seconds",
        "0.3",
        "--profile-formats",
        formats,
        "--flamegraphs",
        &out,
    ]);
    dir
}

/// A folded-stacks file as stack → count.
fn folded(path: &Path) -> BTreeMap<String, u64> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let (stack, count) = l.rsplit_once(' ').unwrap();
            (stack.to_string(), count.parse().unwrap())
        })
        .collect()
}

/// A frame's name without the `[file]` suffix the speedscope and pprof files keep apart.
fn bare(frame: &str) -> &str {
    frame
        .strip_suffix(']')
        .and_then(|f| f.rsplit_once(" ["))
        .map_or(frame, |(name, _)| name)
}

/// The speedscope file's stacks (frame names joined by `;`) → weight, after checking it against the schema.
fn speedscope(path: &Path) -> (Value, BTreeMap<String, u64>) {
    let schema: Value =
        serde_json::from_str(include_str!("../data/speedscope-file-format-schema.json")).unwrap();
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&file)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{}: {errors:?}", path.display());
    let frames: Vec<&str> = file["shared"]["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    let profile = &file["profiles"][0];
    let mut stacks = BTreeMap::new();
    let weights = profile["weights"].as_array().unwrap();
    for (sample, weight) in profile["samples"].as_array().unwrap().iter().zip(weights) {
        let names: Vec<&str> = sample
            .as_array()
            .unwrap()
            .iter()
            .map(|i| frames[i.as_u64().unwrap() as usize])
            .collect();
        *stacks.entry(names.join(";")).or_default() += weight.as_u64().unwrap();
    }
    let total: u64 = stacks.values().sum();
    assert_eq!(profile["endValue"].as_u64(), Some(total));
    (file.clone(), stacks)
}

/// The folded stacks with the frames' `[file]` suffixes dropped, as speedscope and pprof name them.
fn bare_stacks(stacks: &BTreeMap<String, u64>) -> BTreeMap<String, u64> {
    let mut out = BTreeMap::new();
    for (stack, count) in stacks {
        let names: Vec<&str> = stack.split(';').map(bare).collect();
        *out.entry(names.join(";")).or_default() += count;
    }
    out
}

#[test]
fn every_format_holds_what_the_folded_stacks_hold() {
    let dir = flame("svg,speedscope,pprof,chrome");
    let path = |name: &str| dir.path().join(format!("ob3-basic.rdfc-1.0.{name}"));

    // speedscope, sampled and spans: the schema, then the same stacks and counts as the folded files.
    let sampled = folded(&path("sampled.folded"));
    let (file, stacks) = speedscope(&path("sampled.speedscope.json"));
    assert_eq!(stacks, bare_stacks(&sampled));
    assert_eq!(file["profiles"][0]["unit"], "none");
    let spans = folded(&path("spans.folded"));
    let (file, stacks) = speedscope(&path("spans.speedscope.json"));
    assert_eq!(stacks, bare_stacks(&spans));
    assert_eq!(file["profiles"][0]["unit"], "nanoseconds");

    // pprof: decodes as perftools.profiles.Profile, with the samples of the folded file under the same names.
    let bytes = std::fs::read(path("sampled.pprof.pb")).unwrap();
    let profile = pprof::protos::Profile::decode(bytes.as_slice()).expect("a pprof profile");
    let s = |i: i64| profile.string_table[i as usize].as_str();
    assert_eq!(s(0), "", "the string table starts with the empty string");
    let types: Vec<(&str, &str)> = profile
        .sample_type
        .iter()
        .map(|t| (s(t.ty), s(t.unit)))
        .collect();
    assert_eq!(types, [("samples", "count"), ("cpu", "nanoseconds")]);
    let name_of = |location: u64| {
        let l = profile.location.iter().find(|l| l.id == location).unwrap();
        let f = profile
            .function
            .iter()
            .find(|f| f.id == l.line[0].function_id)
            .unwrap();
        s(f.name)
    };
    let mut decoded: BTreeMap<String, u64> = BTreeMap::new();
    for sample in &profile.sample {
        // Leaf first in pprof: reversed, it is a folded stack.
        let names: Vec<&str> = sample
            .location_id
            .iter()
            .rev()
            .map(|&l| name_of(l))
            .collect();
        *decoded.entry(names.join(";")).or_default() += sample.value[0] as u64;
        assert_eq!(sample.value[1], sample.value[0] * profile.period);
    }
    assert_eq!(decoded, bare_stacks(&sampled));
    let total: u64 = sampled.values().sum();
    assert!(total > 0 && profile.period > 0 && profile.duration_nanos >= 300_000_000);
    let functions: BTreeSet<&str> = profile.function.iter().map(|f| s(f.name)).collect();
    assert!(functions.contains("rdfc-1.0"), "{functions:?}");

    // The Chrome trace: trace events, every one with ph, ts, pid, tid and name; 5 iterations, each holding the
    // pipeline's phases, every span inside its iteration.
    let trace: Value =
        serde_json::from_str(&std::fs::read_to_string(path("spans.trace.json")).unwrap()).unwrap();
    let events = trace["traceEvents"].as_array().unwrap();
    for e in events {
        for key in ["ph", "ts", "pid", "tid", "name"] {
            assert!(e.get(key).is_some(), "{key} in {e}");
        }
        match e["ph"].as_str().unwrap() {
            "M" => {}
            "X" => assert!(e["dur"].as_f64().unwrap() >= 0.0, "{e}"),
            other => panic!("unexpected phase {other} in {e}"),
        }
    }
    let complete: Vec<&Value> = events.iter().filter(|e| e["ph"] == "X").collect();
    let iterations: Vec<(f64, f64)> = complete
        .iter()
        .filter(|e| e["cat"] == "iteration")
        .map(|e| {
            assert_eq!(e["name"], "rdfc-1.0");
            let ts = e["ts"].as_f64().unwrap();
            (ts, ts + e["dur"].as_f64().unwrap())
        })
        .collect();
    assert_eq!(iterations.len(), 5);
    let ts: Vec<f64> = complete.iter().map(|e| e["ts"].as_f64().unwrap()).collect();
    assert!(ts.windows(2).all(|w| w[0] <= w[1]), "sorted by time");
    for e in complete.iter().filter(|e| e["cat"] == "span") {
        let n = e["args"]["iteration"].as_u64().unwrap() as usize;
        let (start, end) = iterations[n - 1];
        let (a, b) = (
            e["ts"].as_f64().unwrap(),
            e["ts"].as_f64().unwrap() + e["dur"].as_f64().unwrap(),
        );
        assert!(start <= a && b <= end + 0.001, "{e} inside iteration {n}");
    }
    let names: BTreeSet<&str> = complete.iter().filter_map(|e| e["name"].as_str()).collect();
    for phase in ["parse", "expand", "to_rdf", "label", "serialize", "hash"] {
        assert!(names.contains(phase), "{phase} in {names:?}");
    }
}

#[test]
fn the_default_is_speedscope_and_the_list_picks() {
    let files = |dir: &tempfile::TempDir| -> BTreeSet<String> {
        std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|f| !f.ends_with(".svg") && !f.ends_with(".folded"))
            .collect()
    };
    let dir = flame("svg,speedscope");
    assert_eq!(
        files(&dir),
        BTreeSet::from([
            "ob3-basic.rdfc-1.0.sampled.speedscope.json".to_string(),
            "ob3-basic.rdfc-1.0.spans.speedscope.json".to_string(),
        ])
    );
    let dir = flame("pprof");
    assert_eq!(
        files(&dir),
        BTreeSet::from(["ob3-basic.rdfc-1.0.sampled.pprof.pb".to_string()])
    );
    assert!(
        dir.path().join("ob3-basic.rdfc-1.0.sampled.svg").exists(),
        "the SVG is always drawn"
    );
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    let out = canonprof(&["flame", "x.json", "--profile-formats", "svg,gif"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("gif") && stderr.contains("speedscope"),
        "{stderr}"
    );
}
