//! Saved exports read back: the JSON files every command writes with `--export-json` (docs/export-json.md),
//! checked for their `schema_version` and `kind`, for `canonprof report`, `diff` and `merge`. A leaf above
//! [`crate::report`]: it knows the exports' shapes, no credential format or algorithm type.

pub mod rows;

use crate::error::{Error, ErrorKind, Result};
use crate::report::exchange::{Export as ExchangeExport, FormatsReport};
use crate::report::jws::Matrix;
use crate::report::sweep::Sweep;
use crate::report::SCHEMA_VERSION;
use crate::report::{Claim, ExportKind, FlameIndex, Metadata, RunConfig, Summary};
use crate::stats::RunStats;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One saved export: where it was read from, the run's metadata and its body (whose variant is its kind).
#[derive(Debug, Clone)]
pub struct SavedRun {
    /// The file it was read from.
    pub path: PathBuf,
    /// The run's metadata (machine, build, start time).
    pub metadata: Metadata,
    /// What it holds.
    pub body: Body,
}

/// The body of a [`SavedRun`], by kind.
#[derive(Debug, Clone)]
pub enum Body {
    /// The main job.
    Canonicalization(Box<Canonicalization>),
    /// `canonprof exchange`.
    Exchange(ExchangeExport),
    /// `canonprof sweep`.
    Sweep(Sweep),
    /// `canonprof jws`.
    Jws(Matrix),
    /// `canonprof verify`: kept as JSON (verdicts and per-file timing).
    Verify(serde_json::Value),
}

/// The main job's export, as `report`, `diff` and `merge` read it.
#[derive(Debug, Clone, Deserialize)]
pub struct Canonicalization {
    /// One entry per (credential, algorithm, engine, cache mode, part).
    pub results: Vec<Entry>,
    /// The study's summary figures.
    pub summary: Summary,
    /// N, R, warm-up and options.
    pub config: RunConfig,
    /// The three-format exchange, unless the run had `--no-exchange`.
    #[serde(default)]
    pub exchange: Option<FormatsReport>,
    /// The study's claims with the run's verdicts.
    #[serde(default)]
    pub claims: Vec<Claim>,
    /// The flamegraphs drawn, relative to the export's directory.
    #[serde(default)]
    pub flamegraphs: Option<FlameIndex>,
}

/// One entry of the main job's `results`.
#[derive(Debug, Clone, Deserialize)]
pub struct Entry {
    /// Credential short name.
    pub credential: String,
    /// `simple`, `edu` or `user`.
    pub set: String,
    /// Measured only as the simple baseline of the edu/simple ratio.
    #[serde(default)]
    pub baseline: bool,
    /// `rdfc-1.0` or `jcs`.
    pub algorithm: String,
    /// `document`, `proof configuration` or `chain document`.
    #[serde(default = "document")]
    pub part: String,
    /// For a proof's part: which proof.
    #[serde(default)]
    pub proof: Option<String>,
    /// RDFC-1.0: whether contexts were cached; JCS: `None`.
    #[serde(default)]
    pub context_cache: Option<bool>,
    /// RDFC-1.0: the expansion engine; JCS: `None`.
    #[serde(default)]
    pub engine: Option<String>,
    /// Input bytes, quads, blank nodes, and Hash N-Degree Quads calls.
    pub bytes: usize,
    /// Quads in the dataset.
    pub quads: usize,
    /// Blank nodes in the dataset.
    pub blank_nodes: usize,
    /// Hash N-Degree Quads calls.
    #[serde(default)]
    pub hndq_calls: usize,
    /// Phases by name (pipeline order: [`Entry::phases_in_order`]).
    pub phases: BTreeMap<String, Phase>,
    /// The whole pipeline.
    pub total: RunStats,
    /// Median of the iterations run without the span timer (µs); 0 in runs saved without it.
    #[serde(default)]
    pub uninstrumented_median_us: f64,
    /// SHA-256 of the canonical output.
    pub sha256: String,
    /// Work counters by name.
    #[serde(default)]
    pub counters: BTreeMap<String, Counter>,
    /// Spec-step self times.
    #[serde(default)]
    pub steps: Vec<crate::report::StepResult>,
    /// The median total (µs) of the separate pass the spec steps were timed in, when they come from one (their
    /// shares are of that total).
    #[serde(default)]
    pub steps_pass_us: Option<f64>,
}

impl Entry {
    /// The pipeline's cost without the span timer (µs): [`Entry::uninstrumented_median_us`], or the
    /// instrumented total's median in a run saved without it. What ratios between algorithms compare (the
    /// timer's own cost grows with the number of spans, which differs between RDFC-1.0 and JCS).
    pub fn cost_us(&self) -> f64 {
        match self.uninstrumented_median_us {
            u if u > 0.0 => u,
            _ => self.total.median_us,
        }
    }
}

fn document() -> String {
    "document".into()
}

/// A phase of an [`Entry`].
#[derive(Debug, Clone, Deserialize)]
pub struct Phase {
    /// The phase it is nested in, for a sub-phase.
    #[serde(default)]
    pub parent: Option<String>,
    /// Its statistics (µs).
    #[serde(flatten)]
    pub stats: RunStats,
    /// Median / the pipeline's median total.
    pub share: f64,
}

/// A work counter of an [`Entry`].
#[derive(Debug, Clone, Deserialize)]
pub struct Counter {
    /// The specification section.
    pub section: String,
    /// One iteration at steady state.
    pub steady: u64,
    /// One iteration cold.
    pub cold: u64,
    /// canonprof's engine as written.
    #[serde(default)]
    pub as_written: Option<u64>,
}

/// The pipeline order of the phase names the exports use; others sort after them by name.
const PHASE_ORDER: [&str; 10] = [
    "parse",
    "expand",
    "to_rdf",
    "label",
    "first_degree",
    "n_degree",
    "serialize",
    "jcs",
    "hash",
    crate::report::OTHER_PHASE,
];

/// A phase name's place in the pipeline order (parse, expand, to_rdf, label, first_degree, n_degree,
/// serialize, jcs, hash, other); names it does not know come after all of them.
pub fn phase_rank(name: &str) -> usize {
    PHASE_ORDER
        .iter()
        .position(|p| *p == name)
        .unwrap_or(PHASE_ORDER.len())
}

impl Entry {
    /// The label that keys this entry's rows in `diff` and `merge`: [`Entry::label`], except that a cold entry
    /// is marked ` cold` only when its run measured both cache modes (`context_cache` of the run's config is
    /// `both`), so that a run with `--context-cache off` compares row for row with one with it on.
    pub fn key_label(&self, context_cache: &str) -> String {
        self.label_with(context_cache == "both")
    }

    /// Its phases in pipeline order (each sub-phase after its parent), as (name, phase).
    pub fn phases_in_order(&self) -> Vec<(&str, &Phase)> {
        let mut phases: Vec<(&str, &Phase)> =
            self.phases.iter().map(|(n, p)| (n.as_str(), p)).collect();
        phases.sort_by_key(|(name, _)| (phase_rank(name), name.to_string()));
        phases
    }

    /// The row label people read: `rdfc-1.0 canonprof`, `rdfc-1.0 json-ld cold`, `jcs`, with a proof part's
    /// name after it.
    pub fn label(&self) -> String {
        self.label_with(true)
    }

    /// [`Entry::label`], a cold entry marked ` cold` only when `mark_cold`.
    fn label_with(&self, mark_cold: bool) -> String {
        let mut label = self.algorithm.clone();
        if let Some(engine) = &self.engine {
            label = format!("{label} {engine}");
        }
        if mark_cold && self.context_cache == Some(false) {
            label.push_str(" cold");
        }
        if let Some(proof) = &self.proof {
            label = format!("{label} · {proof} {}", self.part);
        }
        label
    }
}

impl SavedRun {
    /// Reads and checks a saved export. Errors ([`ErrorKind::SavedExport`] unless said): the file cannot be read
    /// ([`ErrorKind::Io`]), is not JSON ([`ErrorKind::Json`], with its line:column), has no `schema_version`
    /// or `kind` (not a canonprof export, or one from before schema 3), another `schema_version`, or a body
    /// that does not have its kind's shape (naming the field).
    pub fn read(path: &Path) -> Result<SavedRun> {
        let text = crate::document::Limits::DEFAULT.read_text(path)?;
        Self::parse(&text, path)
    }

    /// [`SavedRun::read`] on text already read from `path`.
    pub fn parse(text: &str, path: &Path) -> Result<SavedRun> {
        let label = path.display().to_string();
        let bad = |reason: String| Error::new(ErrorKind::SavedExport, reason).in_source(&label);
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            Error::new(ErrorKind::Json, format!("not JSON: {e}"))
                .in_source(&label)
                .at(format!("{}:{}", e.line(), e.column()))
        })?;
        let version = value.get("schema_version").and_then(|v| v.as_u64());
        let Some(version) = version else {
            return Err(bad(
                "not a canonprof export: no \"schema_version\" (write one with --export-json)"
                    .into(),
            ));
        };
        if version != u64::from(SCHEMA_VERSION) {
            return Err(bad(format!(
                "schema_version {version}, and this canonprof reads schema_version {SCHEMA_VERSION}: export the run again with this version"
            )));
        }
        if value.get("kind").and_then(|k| k.as_str()) == Some("merge") {
            return Err(bad(
                "a merge table (canonprof merge --export-json), not a run's export: report, diff and merge read the exports of runs"
                    .into(),
            ));
        }
        let kind: ExportKind = field(&value, "kind").map_err(&bad)?;
        let metadata: Metadata = field(&value, "metadata").map_err(&bad)?;
        let shape = |e: serde_json::Error| bad(format!("not a {} export: {e}", kind.name()));
        let body = match kind {
            ExportKind::Canonicalization => {
                Body::Canonicalization(Box::new(serde_json::from_value(value).map_err(shape)?))
            }
            ExportKind::Exchange => Body::Exchange(serde_json::from_value(value).map_err(shape)?),
            ExportKind::Sweep => Body::Sweep(serde_json::from_value(value).map_err(shape)?),
            ExportKind::Jws => Body::Jws(serde_json::from_value(value).map_err(shape)?),
            ExportKind::Verify => Body::Verify(value),
        };
        Ok(SavedRun {
            path: path.to_path_buf(),
            metadata,
            body,
        })
    }

    /// Its `kind`: the variant of its body.
    pub fn kind(&self) -> ExportKind {
        match &self.body {
            Body::Canonicalization(_) => ExportKind::Canonicalization,
            Body::Exchange(_) => ExportKind::Exchange,
            Body::Sweep(_) => ExportKind::Sweep,
            Body::Jws(_) => ExportKind::Jws,
            Body::Verify(_) => ExportKind::Verify,
        }
    }

    /// Whether it holds a three-format exchange table or totals `merge` compares (main job or exchange).
    pub fn is_comparable(&self) -> bool {
        matches!(self.body, Body::Canonicalization(_) | Body::Exchange(_))
    }

    /// The environment people read in a column heading: `Intel Xeon … (2 cores), 2026-12-01T05:00:00Z`.
    pub fn environment(&self) -> String {
        let m = &self.metadata;
        format!("{} ({} cores), {}", m.cpu, m.cores, m.started_at)
    }

    /// The run's settings as people compare them: `5 runs x 50 iterations, warm-up 5, context cache on, engine
    /// both` (what differs between two runs besides the machine).
    pub fn settings(&self) -> String {
        let plan = |runs: usize, iterations: usize, warmup: usize, seconds: f64| {
            format!(
                "{runs} runs x {iterations} iterations, warm-up {}",
                crate::report::fmt_warmup(warmup, seconds)
            )
        };
        match &self.body {
            Body::Canonicalization(c) => {
                let k = &c.config;
                format!(
                    "{}, context cache {}, engine {}, detail {}",
                    plan(k.runs, k.iterations, k.warmup, k.warmup_seconds),
                    k.context_cache,
                    k.engine,
                    k.detail
                )
            }
            Body::Exchange(ExchangeExport::All { reports }) => match reports.first() {
                Some(r) => {
                    let s = &r.settings;
                    format!(
                        "{}, context cache {}, engine {}, seed {}",
                        plan(s.runs, s.iterations, s.warmup, s.warmup_seconds),
                        if r.context_cache { "on" } else { "off" },
                        r.engine,
                        s.seed
                    )
                }
                None => "-".into(),
            },
            Body::Exchange(ExchangeExport::Vcdm(r)) => {
                let s = &r.config.settings;
                format!(
                    "{}, context cache {}, seed {}",
                    plan(s.runs, s.iterations, s.warmup, s.warmup_seconds),
                    if r.config.context_cache { "on" } else { "off" },
                    s.seed
                )
            }
            Body::Sweep(s) => format!(
                "{}, {} grows",
                plan(s.runs, s.iterations, s.warmup, s.warmup_seconds),
                s.grows
            ),
            Body::Jws(m) => format!(
                "warm-up {}, {} measurements, seed {}",
                m.settings.warmup, m.settings.measurements, m.settings.seed
            ),
            Body::Verify(v) => v
                .pointer("/settings/engine")
                .and_then(|e| e.as_str())
                .map_or("-".into(), |e| format!("engine {e}")),
        }
    }

    /// The file name without its directory, for headings.
    pub fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The three-format exchange tables it holds: the main job's, or `canonprof exchange --format all`'s.
    pub fn formats(&self) -> Vec<&FormatsReport> {
        match &self.body {
            Body::Canonicalization(c) => c.exchange.iter().collect(),
            Body::Exchange(ExchangeExport::All { reports }) => reports.iter().collect(),
            _ => Vec::new(),
        }
    }
}

/// The member `name` of `value` as a `T`; the error says which member and why.
fn field<T: serde::de::DeserializeOwned>(
    value: &serde_json::Value,
    name: &str,
) -> std::result::Result<T, String> {
    let member = value.get(name).ok_or_else(|| {
        format!("not a canonprof export of schema {SCHEMA_VERSION}: no \"{name}\"")
    })?;
    serde_json::from_value(member.clone()).map_err(|e| format!("\"{name}\": {e}"))
}

/// Reads every file and checks they are all of one kind, `kind` when given. Errors: as [`SavedRun::read`], and
/// [`ErrorKind::SavedExport`] naming the file of another kind.
pub fn read_all(paths: &[PathBuf], kind: Option<ExportKind>) -> Result<Vec<SavedRun>> {
    let runs = paths
        .iter()
        .map(|p| SavedRun::read(p))
        .collect::<Result<Vec<_>>>()?;
    let expected = kind.or_else(|| runs.first().map(SavedRun::kind));
    for run in &runs {
        if Some(run.kind()) != expected {
            return Err(Error::new(
                ErrorKind::SavedExport,
                format!(
                    "{} export, and the first file is {} export: compare exports of one kind",
                    run.kind().with_article(),
                    expected.map_or("another", ExportKind::with_article)
                ),
            )
            .in_source(run.path.display().to_string()));
        }
    }
    Ok(runs)
}
