//! Both JSON-LD engines on the same bytes (`canonprof canonicalize` with `--engine json-ld` and
//! `--engine canonprof`, RDFC-1.0, the CLI's default bounds): both accept with the same canonical N-Quads, or
//! both refuse; neither panics. A disagreement is a crash, unless `CANONPROF_FUZZ_FINDINGS=DIR` is set: then it is
//! recorded in DIR (a few inputs per kind of disagreement, `<kind>-<hash>.json`, one summary line each in
//! DIR/findings.log) and the search goes on, so that one frequent finding does not hide the others.
#![no_main]
use canonprof::fuzzing::{differential, Differential};
use libfuzzer_sys::fuzz_target;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// Inputs kept per kind: the first few, then only ones shorter than any kept so far.
const KEEP_PER_KIND: usize = 8;

struct Recorder {
    dir: PathBuf,
    /// Per kind: inputs seen, shortest length kept.
    kinds: HashMap<String, (usize, usize)>,
}

fn recorder() -> Option<&'static Mutex<Recorder>> {
    static RECORDER: OnceLock<Option<Mutex<Recorder>>> = OnceLock::new();
    RECORDER
        .get_or_init(|| {
            let dir = PathBuf::from(std::env::var_os("CANONPROF_FUZZ_FINDINGS")?);
            std::fs::create_dir_all(&dir).expect("CANONPROF_FUZZ_FINDINGS is a writable directory");
            Some(Mutex::new(Recorder {
                dir,
                kinds: HashMap::new(),
            }))
        })
        .as_ref()
}

fn record(recorder: &Mutex<Recorder>, data: &[u8], outcome: &Differential) {
    let mut recorder = recorder.lock().unwrap();
    let kind = outcome.signature();
    let (seen, shortest) = recorder.kinds.entry(kind.clone()).or_insert((0, usize::MAX));
    *seen += 1;
    if *seen > KEEP_PER_KIND && data.len() >= *shortest {
        return;
    }
    *shortest = (*shortest).min(data.len());
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    data.hash(&mut hasher);
    let name = format!("{kind}-{:016x}.json", hasher.finish());
    std::fs::write(recorder.dir.join(&name), data).expect("finding written");
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(recorder.dir.join("findings.log"))
        .expect("findings.log opens");
    let summary = outcome.to_string().replace('\n', " | ");
    writeln!(log, "{name}\t{} bytes\t{summary}", data.len()).expect("findings.log written");
}

fuzz_target!(|data: &[u8]| {
    let Some(outcome) = differential(data) else {
        return;
    };
    if outcome.agree() {
        return;
    }
    match recorder() {
        Some(recorder) => record(recorder, data, &outcome),
        None => panic!("the engines disagree: {outcome}"),
    }
});
