//! The fuzzing entry points, shared by the cargo-fuzz targets in `fuzz_targets/` (this file is the fuzz crate's
//! library, `canonprof_fuzz`) and the regression test that replays their corpus seeds and findings
//! (`tests/it/fuzz_regressions.rs` includes this file as a module): each takes arbitrary bytes, runs one input path
//! with small bounds, and panics only on a broken invariant (an error result is a correct outcome).
//! [`differential`] runs both JSON-LD engines on the same bytes and says what each made of them. Only canonprof's
//! public API is used, so the library ships no fuzzing code.

use canonprof::canon::rdfc::{self, RdfcOptions};
use canonprof::canon::{jcs as jcs_pipeline, nquads as nquads_parser, Algorithm, Engine};
use canonprof::canon::{Session, Settings};
use canonprof::canonicalize::{InputFormat, Output, Request};
use canonprof::document::{Document, Limits};
use canonprof::error::{Error, ErrorKind};
use std::cell::RefCell;
use std::fmt;
use std::sync::{Once, OnceLock};
use std::time::Duration;

/// Small bounds so a hostile input ends fast.
const OPTIONS: RdfcOptions = RdfcOptions {
    hndq_call_limit: 2000,
    hash: rdfc::HashAlgorithm::Sha256,
    time_limit: Some(Duration::from_secs(2)),
    lossy: false,
};

fn session() -> &'static Session {
    static LOADER: OnceLock<Session> = OnceLock::new();
    LOADER.get_or_init(|| Session::bundled(Settings::default().with_context_cache(true)))
}

/// The JSON-LD path: UTF-8, I-JSON checks, RDFC-1.0. Invariant: a success yields canonical N-Quads that
/// canonicalize to themselves.
pub(super) fn jsonld(data: &[u8]) {
    let Ok(document) = Document::from_bytes("fuzz.json".into(), data.to_vec()) else {
        return;
    };
    if document.check_json(&Limits::DEFAULT).is_err() {
        return;
    }
    if let Ok(out) = rdfc::canonicalize_jsonld("fuzz.json", &document.text, session(), &OPTIONS) {
        assert_fixed_point(&out.canonical);
    }
}

/// The N-Quads path. Invariant: a success canonicalizes to itself.
pub(super) fn nquads(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(dataset) = nquads_parser::parse("fuzz.nq", text) else {
        return;
    };
    if let Ok(out) = rdfc::canonicalize_dataset(&dataset, &OPTIONS) {
        assert_fixed_point(&out.canonical);
    }
}

/// `canonprof verify` on arbitrary bytes, detected and as every format, with canonprof's engine and small
/// labeling bounds, without and with `--accept-self-asserted`. Invariants (the verdict rule, `verify::verdict`):
/// a verified file had a signature checked cryptographically with a key whose origin is known, no check failed
/// or was unsupported, and without `--accept-self-asserted` no verified signature's key was self-asserted.
pub(super) fn verify(data: &[u8]) {
    use canonprof::verify::{self, Format, Options, Outcome as Checked, Role, Trust};
    static VERIFY_LOADER: OnceLock<Session> = OnceLock::new();
    let session = VERIFY_LOADER.get_or_init(|| {
        Session::bundled(
            Settings::default()
                .with_engine(Engine::Canonprof)
                .with_labeling_bounds(canonprof::canon::LabelingBounds {
                    hndq_call_limit: OPTIONS.hndq_call_limit,
                    time_limit: OPTIONS.time_limit,
                }),
        )
    });
    // A small work budget for the whole input (the 12 verifications below join it): the command's default of 256
    // canonicalizations would let one input run for minutes.
    let _budget = canonprof::integrity::budget::Scope::with_limit(24);
    for accept in [false, true] {
        let mut options = Options::new(session, 1_748_736_000);
        options.settings.accept_self_asserted = accept;
        for format in [
            None,
            Some(Format::Vcdm),
            Some(Format::Jwt),
            Some(Format::SdJwt),
            Some(Format::Mdoc),
            Some(Format::JwsJson),
        ] {
            let Ok(report) = verify::verify_bytes("fuzz", data, format, &options) else {
                continue;
            };
            if !report.verified() {
                continue;
            }
            assert!(
                report.signature_checked(),
                "verified without a checked signature: {:?}",
                report.checks
            );
            for check in &report.checks {
                assert!(
                    matches!(check.outcome, Checked::Verified | Checked::NotChecked),
                    "verified with a {:?} check: {check:?}",
                    check.outcome
                );
                if let Role::Signature { trust } = check.role {
                    assert!(
                        trust.is_some(),
                        "a signature without a key origin: {check:?}"
                    );
                    assert!(
                        accept || trust != Some(Trust::SelfAsserted),
                        "verified with a self-asserted key: {check:?}"
                    );
                }
            }
        }
    }
}

/// Canonical N-Quads parse and canonicalize to themselves.
fn assert_fixed_point(canonical: &str) {
    let again = nquads_parser::parse("canonical", canonical)
        .and_then(|d| rdfc::canonicalize_dataset(&d, &OPTIONS))
        .expect("canonical N-Quads parse and canonicalize");
    assert_eq!(
        again.canonical, canonical,
        "canonical N-Quads are a fixed point"
    );
}

/// The JCS path. Invariants: the output is a fixed point and parses to the same JSON value as the input.
pub(super) fn jcs(data: &[u8]) {
    let Ok(document) = Document::from_bytes("fuzz.json".into(), data.to_vec()) else {
        return;
    };
    if document.check_json(&Limits::DEFAULT).is_err() {
        return;
    }
    if let Ok(out) = jcs_pipeline::canonicalize("fuzz.json", &document.text, &Limits::DEFAULT) {
        let again = jcs_pipeline::canonicalize("canonical", &out.canonical, &Limits::DEFAULT)
            .expect("JCS output is JSON");
        assert_eq!(again.canonical, out.canonical, "JCS is idempotent");
        let input: serde_json::Value = serde_json::from_str(&document.text).expect("checked JSON");
        let output: serde_json::Value =
            serde_json::from_str(&out.canonical).expect("JCS output is JSON");
        assert!(same_json(&input, &output), "JCS keeps the value");
    }
}

/// JSON equality with numbers compared as IEEE-754 doubles (JCS re-serializes them).
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

/// What one JSON-LD engine made of a document in `canonprof canonicalize` (RDFC-1.0, canonical N-Quads).
#[derive(Debug, Clone)]
pub(super) enum Outcome {
    /// It accepted the document: the canonical N-Quads (RDFC-1.0 §5, each line ending in `\n`).
    Canonical(String),
    /// It refused the document with this error (what the CLI prints as one line).
    Refused(Error),
    /// It panicked: where and with what message (`panicked at src/…:line:column: message`).
    Panicked(String),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Canonical(nquads) => write!(f, "accepts ({} quads)", nquads.lines().count()),
            Outcome::Refused(error) => write!(f, "refuses ({:?}: {error})", error.kind()),
            Outcome::Panicked(message) => write!(f, "panics ({})", message.replace('\n', " ")),
        }
    }
}

/// The two engines' outcomes on the same bytes ([`differential`]).
#[derive(Debug, Clone)]
pub(super) struct Differential {
    /// The json-ld crate's engine ([`Engine::JsonLd`], the reference).
    pub json_ld: Outcome,
    /// canonprof's engine ([`Engine::Canonprof`]).
    pub canonprof: Outcome,
}

impl Differential {
    /// Whether the engines agree: both accept with the same canonical N-Quads, or both refuse (the error kinds and
    /// messages may differ), or the json-ld crate's engine refuses with [`ErrorKind::CrateLimitation`] (a documented
    /// case the crate cannot process as JSON-LD 1.1 and jsonld.js do) where canonprof's accepts. A panic never agrees;
    /// two acceptances with different N-Quads never do.
    pub(super) fn agree(&self) -> bool {
        match (&self.json_ld, &self.canonprof) {
            (Outcome::Canonical(a), Outcome::Canonical(b)) => a == b,
            (Outcome::Refused(_), Outcome::Refused(_)) => true,
            (Outcome::Refused(error), Outcome::Canonical(_)) => {
                error.kind() == ErrorKind::CrateLimitation
            }
            _ => false,
        }
    }
}

impl fmt::Display for Differential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "json-ld {}; canonprof {}", self.json_ld, self.canonprof)?;
        if let (Outcome::Canonical(a), Outcome::Canonical(b)) = (&self.json_ld, &self.canonprof) {
            if a != b {
                write!(f, "\njson-ld's canonical N-Quads:\n{a}canonprof's:\n{b}")?;
            }
        }
        Ok(())
    }
}

/// How many inputs one pair of sessions serves before it is replaced by fresh ones (it is also replaced after a
/// panic, which may leave its locks poisoned): long enough that the bundled contexts are parsed once per many
/// inputs, short enough that the processed-context cache stays small over millions of inputs.
const LOADER_REUSE: usize = 4096;

/// The sessions of the two engines, as `canonprof canonicalize` makes them by default: bundled contexts, the
/// processed-context cache on, the default context-load limit.
struct Loaders {
    served: usize,
    json_ld: Session,
    canonprof: Session,
}

impl Loaders {
    fn new() -> Self {
        let session = |engine| {
            Session::new(
                Settings::default()
                    .with_engine(engine)
                    .with_context_cache(true),
                canonprof::loader::OfflineLoader::bundled()
                    .with_max_context_loads(canonprof::loader::DEFAULT_MAX_CONTEXT_LOADS),
            )
        };
        Loaders {
            served: 0,
            json_ld: session(Engine::JsonLd),
            canonprof: session(Engine::Canonprof),
        }
    }
}

thread_local! {
    /// This thread's [`Loaders`] (the fuzzer runs on one thread; each test thread gets its own).
    static LOADERS: RefCell<Option<Loaders>> = const { RefCell::new(None) };
}

/// Runs `canonprof canonicalize` (RDFC-1.0, JSON-LD input, canonical N-Quads, the CLI's defaults: processed-context
/// cache on, Hash N-Degree Quads call limit, labeling time limit, context-load limit) with both engines on `data`.
/// `None` when the bytes are not a document the CLI would hand to an engine (not UTF-8, not I-JSON:
/// src/document.rs), since then neither engine runs. A panic inside an engine is caught and becomes
/// [`Outcome::Panicked`].
pub(super) fn differential(data: &[u8]) -> Option<Differential> {
    let document = Document::from_bytes("fuzz.json".into(), data.to_vec()).ok()?;
    document.check_json(&Limits::DEFAULT).ok()?;
    let request = Request {
        algorithm: Algorithm::Rdfc,
        input_format: InputFormat::Jsonld,
        output: Output::Canonical,
        rdfc: RdfcOptions::DEFAULT,
    };
    let run = |session: &Session| match catching(|| {
        canonprof::canonicalize::run(&document, session, &request)
    }) {
        Ok(Ok(nquads)) => Outcome::Canonical(nquads),
        Ok(Err(error)) => Outcome::Refused(error),
        Err(message) => Outcome::Panicked(message),
    };
    LOADERS.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|l| l.served >= LOADER_REUSE) {
            *slot = Some(Loaders::new());
        }
        let sessions = slot.as_mut().expect("sessions were just made");
        sessions.served += 1;
        let outcome = Differential {
            json_ld: run(&sessions.json_ld),
            canonprof: run(&sessions.canonprof),
        };
        let panicked = |o: &Outcome| matches!(o, Outcome::Panicked(_));
        if panicked(&outcome.json_ld) || panicked(&outcome.canonprof) {
            *slot = None;
        }
        Some(outcome)
    })
}

/// The differential invariant: on every document both engines accept with the same canonical N-Quads or both
/// refuse, and neither panics.
pub(super) fn jsonld_differential(data: &[u8]) {
    if let Some(outcome) = differential(data) {
        assert!(outcome.agree(), "the engines disagree: {outcome}");
    }
}

thread_local! {
    /// Set while [`catching`] runs its closure on this thread; the panic it catches, once caught.
    static CATCHING: RefCell<Option<Option<String>>> = const { RefCell::new(None) };
}

/// Runs `run`, turning a panic into `Err("panicked at <location>: <message>")`. The panic hook this installs (once,
/// process-wide) records a panic on a thread inside `catching` instead of reporting it, and hands every other panic
/// to the hook it replaced (libFuzzer's, which aborts, or the test harness's).
fn catching<T>(run: impl FnOnce() -> T) -> Result<T, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let recorded = CATCHING.with(|c| match c.borrow_mut().as_mut() {
                Some(slot) => {
                    *slot = Some(info.to_string());
                    true
                }
                None => false,
            });
            if !recorded {
                previous(info);
            }
        }));
    });
    CATCHING.with(|c| *c.borrow_mut() = Some(None));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
    let recorded = CATCHING.with(|c| c.borrow_mut().take()).flatten();
    result.map_err(|payload| {
        recorded
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panicked".to_string())
    })
}
