//! Interop runs with other implementations (docs/interop.md; `scripts/compare.sh --exchange` drives it):
//!   cargo run --release --example interop -- issue DIR [--seed S]   write canonprof's artifacts + manifest.json
//!   cargo run --release --example interop -- verify DIR            verify any producer's DIR; JSON on stdout
//! Exit status: 0 done (a failed artifact is a result in the JSON), 1 an error, 2 a usage error.

use canonprof::canon::{Session, Settings};
use canonprof::interop;
use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: interop issue DIR [--seed S] | interop verify DIR");
        std::process::exit(2)
    };
    let (command, dir) = match (args.first(), args.get(1)) {
        (Some(c), Some(d)) if !d.starts_with("--") => (c.as_str(), PathBuf::from(d)),
        _ => usage(),
    };
    let seed = match args.get(2).map(String::as_str) {
        None => 2026,
        Some("--seed") if command == "issue" => args
            .get(3)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| usage()),
        Some(_) => usage(),
    };
    let result = match command {
        "issue" => interop::issue::issue(&dir, seed)
            .map(|m| format!("{} artifacts in {}", m.artifacts.len(), dir.display())),
        "verify" => interop::verify::verify(&dir, &Session::bundled(Settings::default()))
            .map(|r| serde_json::to_string_pretty(&r).unwrap_or_default()),
        _ => usage(),
    };
    match result {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("interop: {e}");
            std::process::exit(1)
        }
    }
}
