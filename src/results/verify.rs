//! `canonprof verify`'s results: the per-step timing of a file's verification ([`FileTiming`]) and the
//! `--export-json` file ([`Export`], docs/verify.md) — one type written by [`crate::export::verify`] and read
//! back by `report` and `diff`. Verdicts, outcomes and formats are names here, as the export writes them.

use crate::stats::RunStats;
use serde::{Deserialize, Serialize};

/// One step's time in a verification.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StepTiming {
    /// The span name (`canonicalize_document`, `expand`, `digests`, …).
    pub name: String,
    /// Its nesting depth: 0 for a verifier step, 1 for what runs inside one (the RDFC-1.0 phases).
    pub depth: usize,
    /// For depth 1, the step it runs inside.
    pub parent: Option<String>,
    /// How many times it ran in one verification (all proofs and nested credentials of the file).
    pub calls_per_verification: usize,
    /// Its time per verification, µs: summed over its calls in each iteration.
    pub stats: RunStats,
}

/// One spec-step counter of one verification.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CounterValue {
    /// The counter (`context_processing.type_scoped`, `rdfc.hash_first_degree`, …).
    pub name: String,
    /// Where the step is defined (`JSON-LD 1.1 API §4.1.2`, `RDFC-1.0 §4.6`, …).
    pub section: String,
    /// Its count in one verification.
    pub value: u64,
}

/// The timing of one file's verification.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FileTiming {
    /// The file.
    pub file: String,
    /// Its format (`vcdm`, `jwt`, `sd-jwt`, `mdoc`).
    pub format: String,
    /// Whether it verified (the timing is of the verification whatever its verdict).
    pub verified: bool,
    /// Wall time of one whole verification, µs.
    pub total: RunStats,
    /// Every step the verification entered, depth-first in order of first appearance.
    pub steps: Vec<StepTiming>,
    /// The spec-step counters of one verification that are not zero (canonprof's engine counts the steps
    /// inside expansion; the json-ld crate's engine only those after it).
    pub counters: Vec<CounterValue>,
}

/// `canonprof verify --export-json`, beside the envelope every export has (`schema_version`, `kind`,
/// `metadata`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Export {
    /// `canonprof`.
    pub tool: String,
    /// `verify`.
    pub command: String,
    /// canonprof's version.
    pub version: String,
    /// The git commit it was built from.
    pub commit: String,
    /// The settings the files were verified with.
    pub settings: Settings,
    /// One entry per file, in the order given.
    pub files: Vec<FileEntry>,
}

/// The settings of a verify run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Settings {
    /// The time the validity periods were checked at (Unix seconds).
    pub at_unix: i64,
    /// The JSON-LD expansion engine (`json-ld` or `canonprof`).
    pub engine: String,
    /// The measurement settings with `--iterations`; `None` when nothing was timed.
    pub timing: Option<TimingSettings>,
}

/// How a verify run timed its files.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct TimingSettings {
    /// Iterations per run (N).
    pub iterations: usize,
    /// Runs (R).
    pub runs: usize,
    /// Warm-up iterations.
    pub warmup: usize,
    /// Warm-up time floor, seconds (0: none).
    pub warmup_seconds: f64,
    /// `µs`.
    pub unit: String,
    /// What the figures are, in words.
    pub statistic: String,
}

/// One file of a verify run: its report, or why it could not be read.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub(crate) enum FileEntry {
    /// A file that was read and verified (whatever its verdict).
    Read(Box<ReadEntry>),
    /// A file that could not be read or parsed.
    Unreadable(UnreadableEntry),
}

/// A file that was read and verified.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct ReadEntry {
    /// The file.
    pub file: String,
    /// `true`.
    pub readable: bool,
    /// Its format (`vcdm`, `jwt`, `sd-jwt`, `mdoc`, …).
    pub format: String,
    /// Whether it verified.
    pub verified: bool,
    /// The verdict.
    pub verdict: Verdict,
    /// Every check, in order.
    pub checks: Vec<CheckEntry>,
    /// The credentials nested in it.
    pub nested: Vec<NestedEntry>,
    /// Its per-step timing, when measured.
    pub timing: Option<FileTiming>,
    /// Its span flamegraph, relative to the export's directory, when drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flamegraph: Option<String>,
}

/// A file that could not be read or parsed.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct UnreadableEntry {
    /// The file.
    pub file: String,
    /// `false`.
    pub readable: bool,
    /// `false`.
    pub verified: bool,
    /// Why it could not be read.
    pub reason: String,
}

/// One check of a file or nested credential.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct CheckEntry {
    /// What was checked.
    pub subject: String,
    /// What came of it.
    pub outcome: Outcome,
    /// What was found.
    pub detail: String,
    /// Whether it checked a signature.
    pub signature: bool,
    /// For a signature: how its key was trusted.
    pub key_trust: Option<KeyTrust>,
}

/// A credential nested in a file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct NestedEntry {
    /// Where it is: a JSON Pointer into the file's document.
    pub pointer: String,
    /// Its `id`, if it has one.
    pub id: Option<String>,
    /// Whether its verdict counts for the file's.
    pub counts: bool,
    /// Whether it verified.
    pub verified: bool,
    /// The verdict.
    pub verdict: Verdict,
    /// Its checks.
    pub checks: Vec<CheckEntry>,
}

impl FileEntry {
    /// The entry of a file that could not be read or parsed, with the reason.
    pub(crate) fn unreadable(file: &str, reason: &str) -> FileEntry {
        FileEntry::Unreadable(UnreadableEntry {
            file: file.to_string(),
            readable: false,
            verified: false,
            reason: reason.to_string(),
        })
    }
}

/// A file's or nested credential's verdict, by the one verdict rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Verdict {
    /// Every signature checked and passed, with trusted keys.
    Verified,
    /// Verified with a self-asserted key, accepted by `--accept-self-asserted`.
    VerifiedSelfAsserted,
    /// A check failed.
    Failed,
    /// Something canonprof cannot check.
    Unsupported,
    /// No signature was checked.
    NoSignature,
    /// A key was not trusted.
    KeyNotTrusted,
}

/// What came of one check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Outcome {
    /// It passed.
    Verified,
    /// It failed.
    Failed,
    /// canonprof cannot check it.
    Unsupported,
    /// Reported, not checked.
    NotChecked,
}

/// How a signature's key was trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum KeyTrust {
    /// Given with `--key`.
    Given,
    /// Chained to the trust anchor.
    Anchored,
    /// Derived from the identifier itself (did:key, did:jwk).
    SelfCertifying,
    /// Asserted by the credential alone.
    SelfAsserted,
}
