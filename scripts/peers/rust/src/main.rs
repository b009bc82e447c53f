//! rust-peers: canonprof's bundled credentials through JSON-LD → RDF by oxjsonld (oxigraph), then RDFC-1.0 by
//! sophia_c14n, rdf-canon and oxrdf, timed phase by phase with canonprof's statistics (steady-state warm-up,
//! R runs × N iterations), printed as JSON in the shape of ../node/peer.mjs. See README.md.

mod loader;
mod pipeline;
mod steady;

use pipeline::{Peer, Times};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::exit;
use std::time::Instant;

const KNOWN: [&str; 7] = [
    "--iterations",
    "--runs",
    "--schema",
    "--credential",
    "--warmup-seconds",
    "--warmup-max-seconds",
    "--warmup",
];

fn fail(message: &str) -> ! {
    eprintln!("rust-peers: {message}");
    exit(2)
}

struct Options {
    iterations: usize,
    runs: usize,
    schema: String,
    files: Option<Vec<String>>,
    warmup: steady::Settings,
}

fn options(args: &[String]) -> Options {
    for a in args.iter().filter(|a| a.starts_with("--")) {
        if !KNOWN.contains(&a.as_str()) {
            fail(&format!("unknown option {a} (known: {})", KNOWN.join(" ")));
        }
    }
    let opt = |name: &str| -> Option<&String> {
        let i = args.iter().position(|a| a == name)?;
        Some(
            args.get(i + 1)
                .unwrap_or_else(|| fail(&format!("{name} needs a value"))),
        )
    };
    let whole = |name: &str, default: usize| -> usize {
        opt(name).map_or(default, |v| match v.parse::<usize>() {
            Ok(n) if n >= 1 => n,
            _ => fail(&format!("{name} must be a whole number ≥ 1, not {v}")),
        })
    };
    let seconds = |name: &str, default: f64| -> f64 {
        opt(name).map_or(default, |v| {
            v.parse::<f64>()
                .unwrap_or_else(|_| fail(&format!("{name}: not a number: {v}")))
        })
    };
    let schema = opt("--schema").cloned().unwrap_or_else(|| "all".into());
    if !["simple", "edu", "all"].contains(&schema.as_str()) {
        fail(&format!(
            "--schema must be simple, edu or all, not {schema}"
        ));
    }
    let files = args.iter().position(|a| a == "--credential").map(|i| {
        let files: Vec<String> = args[i + 1..]
            .iter()
            .take_while(|a| !a.starts_with("--"))
            .cloned()
            .collect();
        if files.is_empty() {
            fail("--credential needs at least one file");
        }
        files
    });
    let (min_seconds, max_seconds) = (
        seconds("--warmup-seconds", 1.0),
        seconds("--warmup-max-seconds", 10.0),
    );
    if !(min_seconds >= 0.0 && max_seconds >= min_seconds) {
        fail("--warmup-seconds must be ≥ 0 and ≤ --warmup-max-seconds");
    }
    // --warmup W (peer.mjs's old fixed warm-up count, still passed by compare.py) is accepted and ignored: every
    // row is warmed up to steady state instead.
    if let Some(v) = opt("--warmup").filter(|v| v.parse::<usize>().is_err()) {
        fail(&format!("--warmup must be a whole number, not {v}"));
    }
    let warmup = steady::Settings {
        min_seconds,
        max_seconds,
        tolerance: 0.02,
        batch_seconds: 0.1,
    };
    Options {
        iterations: whole("--iterations", 50),
        runs: whole("--runs", 5),
        schema,
        files,
        warmup,
    }
}

/// (name, set, file) in peer.mjs's order.
fn credentials(o: &Options, root: &Path) -> Vec<(String, String, PathBuf)> {
    if let Some(files) = &o.files {
        let stem = |f: &str| {
            Path::new(f)
                .file_stem()
                .map_or(f.to_owned(), |s| s.to_string_lossy().into_owned())
        };
        return files
            .iter()
            .map(|f| (stem(f), "user".to_owned(), PathBuf::from(f)))
            .collect();
    }
    let sets: Vec<&str> = if o.schema == "all" {
        vec!["simple", "edu"]
    } else {
        vec![o.schema.as_str()]
    };
    let order = |set: &str| -> &[&str] {
        if set == "simple" {
            &["alumni", "vcdm2-simple", "person-20"]
        } else {
            &["ob3-basic", "ob3-full", "clr2", "elm-edc-annex1"]
        }
    };
    sets.iter()
        .flat_map(|set| {
            order(set).iter().map(move |n| {
                (
                    n.to_string(),
                    set.to_string(),
                    root.join(format!("schemas-education/{set}/{n}.json")),
                )
            })
        })
        .collect()
}

/// Warm-up, then R runs × N iterations of one (credential, implementation); one `results` entry.
fn measure(
    o: &Options,
    text: &str,
    contexts: &loader::Contexts,
    canon: Peer,
) -> Result<Value, String> {
    let (canonical, sha256) = pipeline::run(text, contexts, canon, &mut Times::default())?;
    let warmup = steady::warm_up(
        || drop(pipeline::run(text, contexts, canon, &mut Times::default())),
        o.warmup,
    );
    let mut phases: [Vec<Vec<f64>>; 4] = Default::default();
    let (mut total, mut stable) = (Vec::new(), true);
    for _ in 0..o.runs {
        let mut run_phases: [Vec<f64>; 4] = Default::default();
        let mut run_total = Vec::with_capacity(o.iterations);
        for _ in 0..o.iterations {
            let mut times = Times::default();
            let t0 = Instant::now();
            let (_, hash) = pipeline::run(text, contexts, canon, &mut times)?;
            run_total.push(steady::us_since(t0));
            stable &= hash == sha256; // outside the timed span: oxjsonld's blank node ids differ every parse
            for (v, t) in run_phases.iter_mut().zip([
                times.parse,
                times.expand_to_rdf,
                times.canonize,
                times.hash,
            ]) {
                v.push(t);
            }
        }
        total.push(run_total);
        for (all, run) in phases.iter_mut().zip(run_phases) {
            all.push(run);
        }
    }
    let names = ["parse", "expand_to_rdf", "canonize", "hash"];
    let phases: serde_json::Map<String, Value> = names
        .iter()
        .zip(&phases)
        .map(|(n, v)| (n.to_string(), steady::stats(v)))
        .collect();
    Ok(
        json!({"algorithm": "rdfc-1.0", "peer": canon.peer(), "implementation": canon.implementation(),
        "phases": phases, "total": steady::stats(&total), "sha256": sha256, "canonical": canonical, "stable_across_iterations": stable, "warmup": warmup}),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = options(&args);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let root = root.canonicalize().unwrap_or(root);
    let contexts = loader::load_contexts(&root).unwrap_or_else(|e| {
        eprintln!("rust-peers: {e}");
        exit(1)
    });
    let mut results = Vec::new();
    for (name, set, file) in credentials(&o, &root) {
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| fail(&format!("{}: {e}", file.display())));
        let reference =
            std::fs::read_to_string(root.join(format!("tests/data/expected/{set}-{name}.rdfc.nq")))
                .ok();
        for canon in pipeline::ALL {
            let mut entry = measure(&o, &text, &contexts, canon).unwrap_or_else(|e| {
                eprintln!("rust-peers: {name} ({}): {e}", canon.peer());
                exit(1)
            });
            let matches = reference.as_ref().map(|r| *r == entry["canonical"]);
            let head = json!({"credential": name, "set": set, "file": file.display().to_string()});
            let mut row = head.as_object().cloned().unwrap_or_default();
            row.extend(
                entry
                    .as_object_mut()
                    .map(std::mem::take)
                    .unwrap_or_default(),
            );
            row.insert("matches_reference".into(), json!(matches));
            eprintln!(
                "rust-peers: {name} {}: {}",
                canon.peer(),
                match matches {
                    Some(true) => "matches the jsonld.js reference",
                    Some(false) => "DIFFERS from the jsonld.js reference",
                    None => "no reference output",
                }
            );
            results.push(Value::Object(row));
        }
    }
    let w = o.warmup;
    let out = json!({
        "implementation": format!("oxjsonld 0.2.7 (JSON-LD 1.1 expansion + toRdf, no rdfDirection: @direction dropped) + RDFC-1.0 by sophia_c14n 0.10.0 / rdf-canon 0.15.3 / oxrdf 0.3.5; sha2 0.10; rustc {}", env!("RUSTC_VERSION")),
        "config": {"iterations": o.iterations, "runs": o.runs,
            "warmup": {"min_seconds": w.min_seconds, "max_seconds": w.max_seconds, "tolerance": w.tolerance}},
        "results": results,
    });
    println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
}
