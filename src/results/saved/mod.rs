//! Saved exports read back: the JSON files every command writes with `--export-json` (docs/export-json.md),
//! checked for their `schema_version` and `kind`, for `canonprof report`, `diff` and `merge`. A leaf above
//! [`crate::results`]: it knows the exports' shapes, no credential format or algorithm type.

pub(crate) mod rows;

use crate::error::{Error, ErrorKind, Result};
use crate::results::canonicalization::Canonicalization;
use crate::results::exchange::{Export as ExchangeExport, FormatsReport};
use crate::results::jws::Matrix;
use crate::results::sweep::Sweep;
use crate::results::verify::Export as VerifyExport;
use crate::results::SCHEMA_VERSION;
use crate::results::{ExportKind, Metadata};
use std::path::{Path, PathBuf};

/// One saved export: where it was read from, the run's metadata and its body (whose variant is its kind).
#[derive(Debug, Clone)]
pub(crate) struct SavedRun {
    /// The file it was read from.
    pub path: PathBuf,
    /// The run's metadata (machine, build, start time).
    pub metadata: Metadata,
    /// What it holds.
    pub body: Body,
}

/// The body of a [`SavedRun`], by kind.
#[derive(Debug, Clone)]
pub(crate) enum Body {
    /// The main job.
    Canonicalization(Box<Canonicalization>),
    /// `canonprof exchange`.
    Exchange(ExchangeExport),
    /// `canonprof sweep`.
    Sweep(Sweep),
    /// `canonprof jws`.
    Jws(Matrix),
    /// `canonprof verify`: verdicts, and per-file timing when measured.
    Verify(Box<VerifyExport>),
}

impl SavedRun {
    /// Reads and checks a saved export. Errors ([`ErrorKind::SavedExport`] unless said): the file cannot be read
    /// ([`ErrorKind::Io`]), is not JSON ([`ErrorKind::Json`], with its line:column), has no `schema_version`
    /// or `kind` (not a canonprof export, or one from before schema 3), another `schema_version`, or a body
    /// that does not have its kind's shape (naming the field).
    pub(crate) fn read(path: &Path) -> Result<SavedRun> {
        let text = crate::document::Limits::DEFAULT.read_text(path)?;
        Self::parse(&text, path)
    }

    /// [`SavedRun::read`] on text already read from `path`.
    pub(crate) fn parse(text: &str, path: &Path) -> Result<SavedRun> {
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
            ExportKind::Verify => Body::Verify(serde_json::from_value(value).map_err(shape)?),
        };
        Ok(SavedRun {
            path: path.to_path_buf(),
            metadata,
            body,
        })
    }

    /// Its `kind`: the variant of its body.
    pub(crate) fn kind(&self) -> ExportKind {
        match &self.body {
            Body::Canonicalization(_) => ExportKind::Canonicalization,
            Body::Exchange(_) => ExportKind::Exchange,
            Body::Sweep(_) => ExportKind::Sweep,
            Body::Jws(_) => ExportKind::Jws,
            Body::Verify(_) => ExportKind::Verify,
        }
    }

    /// Whether it holds a three-format exchange table or totals `merge` compares (main job or exchange).
    pub(crate) fn is_comparable(&self) -> bool {
        matches!(self.body, Body::Canonicalization(_) | Body::Exchange(_))
    }

    /// The environment people read in a column heading: `Intel Xeon … (2 cores), 2026-12-01T05:00:00Z`.
    pub(crate) fn environment(&self) -> String {
        let m = &self.metadata;
        format!("{} ({} cores), {}", m.cpu, m.cores, m.started_at)
    }

    /// The run's settings as people compare them: `5 runs x 50 iterations, warm-up 5, context cache on, engine
    /// both` (what differs between two runs besides the machine).
    pub(crate) fn settings(&self) -> String {
        let plan = |runs: usize, iterations: usize, warmup: usize, seconds: f64| {
            format!(
                "{runs} runs x {iterations} iterations, warm-up {}",
                crate::results::fmt_warmup(warmup, seconds)
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
                    k.detail.name()
                )
            }
            Body::Exchange(ExchangeExport::All { reports, .. }) => match reports.first() {
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
            Body::Verify(v) => format!("engine {}", v.settings.engine),
        }
    }

    /// The file name without its directory, for headings.
    pub(crate) fn name(&self) -> String {
        self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// The three-format exchange tables it holds: the main job's, or `canonprof exchange --format all`'s.
    pub(crate) fn formats(&self) -> Vec<&FormatsReport> {
        match &self.body {
            Body::Canonicalization(c) => c.exchange.iter().collect(),
            Body::Exchange(ExchangeExport::All { reports, .. }) => reports.iter().collect(),
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
pub(crate) fn read_all(paths: &[PathBuf], kind: Option<ExportKind>) -> Result<Vec<SavedRun>> {
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

#[cfg(test)]
mod tests {
    use super::{Body, SavedRun};
    use crate::export::json::enveloped;
    use crate::results::ExportKind;
    use std::path::Path;

    /// What is written reads back into the same value: writing a saved run again gives the same text.
    #[test]
    fn a_saved_run_written_again_reads_back_the_same() {
        let saved = include_str!("../../../tests/data/saved/edu-cache-on.json");
        let path = Path::new("edu-cache-on.json");
        let run = SavedRun::parse(saved, path).unwrap();
        let Body::Canonicalization(c) = &run.body else {
            panic!("a canonicalization run")
        };
        let written = enveloped(ExportKind::Canonicalization, &run.metadata, &**c);
        let again = SavedRun::parse(&written, path).unwrap();
        let Body::Canonicalization(c) = &again.body else {
            panic!("a canonicalization run")
        };
        assert_eq!(
            enveloped(ExportKind::Canonicalization, &again.metadata, &**c),
            written
        );
    }

    /// The summary's per-engine headline figures read back as written; a file without them (written before
    /// they were kept) reads with them empty.
    #[test]
    fn the_per_engine_headline_reads_back() {
        let saved = include_str!("../../../tests/data/saved/edu-cache-on.json");
        let path = Path::new("edu-cache-on.json");
        let run = SavedRun::parse(saved, path).unwrap();
        let Body::Canonicalization(c) = &run.body else {
            panic!("a canonicalization run")
        };
        assert!(c.summary.rdfc_over_jcs.is_empty() && c.summary.edu_over_simple.is_empty());
        let mut value: serde_json::Value = serde_json::from_str(saved).unwrap();
        let figure = serde_json::json!({"min": 3.5, "max": 7.25, "ratios": [["ob3-basic", 3.5], ["ob3-full", 7.25]]});
        value["summary"]["rdfc_over_jcs"] =
            serde_json::json!({"canonprof": figure, "json-ld": figure});
        value["summary"]["edu_over_simple"] = serde_json::json!({"canonprof": figure});
        let run = SavedRun::parse(&value.to_string(), path).unwrap();
        let Body::Canonicalization(c) = &run.body else {
            panic!("a canonicalization run")
        };
        let canonprof = &c.summary.rdfc_over_jcs["canonprof"];
        assert_eq!((canonprof.min, canonprof.max), (3.5, 7.25));
        assert_eq!(canonprof.ratios[1], ("ob3-full".to_string(), 7.25));
        assert_eq!(c.summary.edu_over_simple.len(), 1);
        let written = enveloped(ExportKind::Canonicalization, &run.metadata, &**c);
        let again: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(
            again["summary"]["rdfc_over_jcs"],
            value["summary"]["rdfc_over_jcs"]
        );
    }

    /// A verify export reads back into the type that wrote it, and writing it again gives the same text.
    #[test]
    fn a_verify_export_reads_back_the_same() {
        let metadata = crate::results::metadata::collect("2026-01-01T00:00:00Z".into());
        let files = [crate::results::verify::FileEntry::unreadable(
            "a.json", "not JSON",
        )];
        let written = crate::export::verify::json(&files, None, "json-ld", 0, &metadata);
        let run = SavedRun::parse(&written, Path::new("verify.json")).unwrap();
        let Body::Verify(v) = &run.body else {
            panic!("a verify run")
        };
        assert_eq!(enveloped(ExportKind::Verify, &run.metadata, &**v), written);
    }
}
