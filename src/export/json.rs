//! `--export-json`: the schema documented in `docs/export-json.md`. One entry in `results` per (credential,
//! algorithm), phases keyed by name, all times in µs. Every JSON export but the JWS matrix's is written by
//! [`to_text`]: keys in code point order at every level.

use crate::results::exchange::FormatsReport;
use crate::results::{
    AlgorithmResult, Claim, CredentialResult, ExportKind, FlameIndex, Metadata, Report, RunConfig,
    StepResult, Summary,
};
use crate::stats::RunStats;
use serde::Serialize;
use std::collections::BTreeMap;

pub use crate::results::SCHEMA_VERSION;

/// The main job's export file.
#[derive(Serialize)]
struct Export<'a> {
    schema_version: u32,
    kind: ExportKind,
    /// The flamegraphs the run drew (absent with `--no-flamegraphs`, or before they are drawn).
    #[serde(skip_serializing_if = "Option::is_none")]
    flamegraphs: Option<&'a FlameIndex>,
    results: Vec<Entry<'a>>,
    summary: &'a Summary,
    config: &'a RunConfig,
    metadata: &'a Metadata,
    /// The three-format exchange table, unless `--no-exchange`.
    #[serde(skip_serializing_if = "Option::is_none")]
    exchange: Option<&'a FormatsReport>,
    /// The study's claims with this run's verdicts.
    #[serde(skip_serializing_if = "<[Claim]>::is_empty")]
    claims: &'a [Claim],
}

/// One (credential, algorithm) entry of `results`.
#[derive(Serialize)]
struct Entry<'a> {
    credential: &'a str,
    set: &'a str,
    baseline: bool,
    file: &'a str,
    algorithm: &'a str,
    /// `document` (for a signed credential: without its top-level proof), `proof configuration` or `chain
    /// document`.
    part: &'a str,
    /// For a proof's part: which proof, and its cryptosuite.
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cryptosuite: Option<&'a str>,
    context_cache: Option<bool>,
    engine: Option<&'a str>,
    bytes: usize,
    quads: usize,
    blank_nodes: usize,
    unique_first_degree: usize,
    hndq_calls: usize,
    dropped_quads: usize,
    phases: BTreeMap<&'a str, Phase<'a>>,
    total: &'a RunStats,
    uninstrumented_median_us: f64,
    sha256: &'a str,
    canonical_bytes: usize,
    /// Work counters by name (RDFC-1.0; those the engine has).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    counters: BTreeMap<&'a str, Counter<'a>>,
    /// `--detail spec`: self time of every span inside each phase.
    #[serde(skip_serializing_if = "<[StepResult]>::is_empty")]
    steps: &'a [StepResult],
    /// The separate spec-step pass's median total (µs), when the steps came from one.
    #[serde(skip_serializing_if = "Option::is_none")]
    steps_pass_us: Option<f64>,
}

/// A work counter under its name in `counters`.
#[derive(Serialize)]
struct Counter<'a> {
    section: &'a str,
    steady: u64,
    cold: u64,
    as_written: Option<u64>,
}

/// A phase under its name in `phases`.
#[derive(Serialize)]
struct Phase<'a> {
    parent: Option<&'a str>,
    #[serde(flatten)]
    stats: &'a RunStats,
    share: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    allocations: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    allocated_bytes: Option<f64>,
}

/// Renders the report as pretty-printed JSON.
pub fn render(report: &Report) -> String {
    render_with(report, None, &[], None)
}

/// [`render`] with the main job's three-format `exchange` table, the study's `claims` checked, and the
/// `flamegraphs` drawn (paths relative to the export file's directory).
pub fn render_with(
    report: &Report,
    exchange: Option<&FormatsReport>,
    claims: &[Claim],
    flamegraphs: Option<&FlameIndex>,
) -> String {
    let results = report
        .credentials
        .iter()
        .flat_map(|c| {
            let parts = c.proofs.iter().map(move |p| Entry {
                part: &p.part,
                proof: Some(&p.proof),
                cryptosuite: Some(&p.cryptosuite),
                ..entry(c, &p.result)
            });
            c.algorithms()
                .into_iter()
                .map(move |a| entry(c, a))
                .chain(parts)
        })
        .collect();
    to_text(&Export {
        schema_version: SCHEMA_VERSION,
        kind: ExportKind::Canonicalization,
        flamegraphs,
        results,
        summary: &report.summary,
        config: &report.config,
        metadata: &report.metadata,
        exchange,
        claims,
    })
}

/// The JSON export of any command but the main job: `body`'s fields beside `schema_version`, `kind` and the
/// run's `metadata`, keys sorted as [`to_text`] writes them.
pub fn enveloped<T: Serialize>(kind: ExportKind, metadata: &Metadata, body: &T) -> String {
    #[derive(Serialize)]
    struct Envelope<'a, T> {
        schema_version: u32,
        kind: ExportKind,
        metadata: &'a Metadata,
        #[serde(flatten)]
        body: &'a T,
    }
    to_text(&Envelope {
        schema_version: SCHEMA_VERSION,
        kind,
        metadata,
        body,
    })
}

/// `value` as pretty-printed JSON and a newline, its keys in code point order at every level (it goes through
/// a [`serde_json::Value`], whose objects are sorted maps), as canonprof's exports have always been written.
pub fn to_text<T: Serialize>(value: &T) -> String {
    let value = serde_json::to_value(value).expect("a report serializes");
    serde_json::to_string_pretty(&value).expect("a JSON value serializes") + "\n"
}

fn entry<'a>(c: &'a CredentialResult, a: &'a AlgorithmResult) -> Entry<'a> {
    let phases = a
        .phases
        .iter()
        .map(|p| {
            let phase = Phase {
                parent: p.parent.as_deref(),
                stats: &p.stats,
                share: p.share,
                allocations: p.allocations,
                allocated_bytes: p.allocated_bytes,
            };
            (p.name.as_str(), phase)
        })
        .collect();
    Entry {
        credential: &c.credential,
        set: &c.set,
        baseline: c.baseline,
        file: &c.file,
        algorithm: &a.algorithm,
        part: "document",
        proof: None,
        cryptosuite: None,
        context_cache: a.context_cache,
        engine: a.engine.as_deref(),
        bytes: c.bytes,
        quads: c.quads,
        blank_nodes: c.blank_nodes,
        unique_first_degree: c.unique_first_degree,
        hndq_calls: c.hndq_calls,
        dropped_quads: c.dropped_quads,
        phases,
        total: &a.total,
        uninstrumented_median_us: a.uninstrumented_median_us,
        sha256: &a.sha256,
        canonical_bytes: a.canonical_bytes,
        counters: a
            .counters
            .iter()
            .map(|c| {
                let counter = Counter {
                    section: &c.section,
                    steady: c.steady,
                    cold: c.cold,
                    as_written: c.as_written,
                };
                (c.name.as_str(), counter)
            })
            .collect(),
        steps: &a.steps,
        steps_pass_us: a.steps_pass_us,
    }
}
