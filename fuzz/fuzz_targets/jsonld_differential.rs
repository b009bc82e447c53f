//! Both JSON-LD engines on the same bytes (`canonprof canonicalize` with `--engine json-ld` and
//! `--engine canonprof`, RDFC-1.0, the CLI's default bounds): both accept with the same canonical N-Quads, or
//! both refuse; neither panics. A disagreement is a crash, unless `CANONPROF_FUZZ_FINDINGS=DIR` is set: then it is
//! recorded in DIR (a few inputs per shape of disagreement, `<outcomes>-<shape>-<input>.json`, one summary line
//! each in DIR/findings.log) and the search goes on, so that one frequent finding does not hide the others.
#![no_main]
use canonprof_fuzz::{differential, Differential, Outcome};
use libfuzzer_sys::fuzz_target;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// Inputs kept per shape: the first few, then only ones shorter than any kept so far.
const KEEP_PER_SHAPE: usize = 4;

struct Recorder {
    dir: PathBuf,
    /// Per shape: inputs seen, shortest length kept.
    shapes: HashMap<String, (usize, usize)>,
}

fn recorder() -> Option<&'static Mutex<Recorder>> {
    static RECORDER: OnceLock<Option<Mutex<Recorder>>> = OnceLock::new();
    RECORDER
        .get_or_init(|| {
            let dir = PathBuf::from(std::env::var_os("CANONPROF_FUZZ_FINDINGS")?);
            std::fs::create_dir_all(&dir).expect("CANONPROF_FUZZ_FINDINGS is a writable directory");
            Some(Mutex::new(Recorder {
                dir,
                shapes: HashMap::new(),
            }))
        })
        .as_ref()
}

fn hash(value: impl Hash) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// What an outcome looks like with the input's own text taken out: the panic's location, or the refusal's reason
/// without its quoted parts and numbers. Two findings of one shape are likely one root cause.
fn shape(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Canonical(_) => "ok".to_string(),
        Outcome::Panicked(message) => message.split(':').take(3).collect(),
        Outcome::Refused(error) => {
            let mut shape = String::new();
            let mut quoted = false;
            for c in error.reason().chars() {
                match c {
                    '`' => quoted = !quoted,
                    _ if quoted || c.is_ascii_digit() => {}
                    _ => shape.push(c),
                }
            }
            shape.chars().take(80).collect()
        }
    }
}

/// A short name for what kind of disagreement this is, for grouping findings: `<json-ld>-<canonprof>` with each
/// side `ok`, `refused-<ErrorKind>` or `panic` (`ok-ok` when both accept with different N-Quads).
fn signature(outcome: &Differential) -> String {
    fn side(outcome: &Outcome) -> String {
        match outcome {
            Outcome::Canonical(_) => "ok".to_string(),
            Outcome::Refused(error) => format!("refused-{:?}", error.kind()),
            Outcome::Panicked(_) => "panic".to_string(),
        }
    }
    format!("{}-{}", side(&outcome.json_ld), side(&outcome.canonprof))
}

fn record(recorder: &Mutex<Recorder>, data: &[u8], outcome: &Differential) {
    let mut recorder = recorder.lock().unwrap();
    let signature = signature(outcome);
    let mut shape = format!("{}|{}", shape(&outcome.json_ld), shape(&outcome.canonprof));
    if let (Outcome::Canonical(a), Outcome::Canonical(b)) = (&outcome.json_ld, &outcome.canonprof) {
        shape += &format!("|{:?}", a.lines().count().cmp(&b.lines().count()));
    }
    let (seen, shortest) = recorder
        .shapes
        .entry(shape.clone())
        .or_insert((0, usize::MAX));
    *seen += 1;
    if *seen > KEEP_PER_SHAPE && data.len() >= *shortest {
        return;
    }
    *shortest = (*shortest).min(data.len());
    let name = format!(
        "{signature}-{:08x}-{:016x}.json",
        hash(&shape) as u32,
        hash(data)
    );
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
