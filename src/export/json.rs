//! `--export-json`: the schema documented in `docs/export-json.md`. One entry in `results` per (credential,
//! algorithm), phases keyed by name, all times in µs.

use crate::report::{AlgorithmResult, CredentialResult, Report};
use serde_json::{json, Map, Value};

/// Version of the export schema; bumped on incompatible changes.
pub const SCHEMA_VERSION: u32 = 1;

/// Renders the report as pretty-printed JSON.
pub fn render(report: &Report) -> String {
    render_with(report, &[])
}

/// [`render`] with more top-level sections (name, value), e.g. the main job's `exchange` table.
pub fn render_with(report: &Report, sections: &[(&str, Value)]) -> String {
    let results: Vec<Value> = report
        .credentials
        .iter()
        .flat_map(|c| c.algorithms().into_iter().map(move |a| entry(c, a)))
        .collect();
    let mut value = json!({
        "schema_version": SCHEMA_VERSION,
        "results": results,
        "summary": report.summary,
        "config": report.config,
        "metadata": report.metadata,
    });
    for (name, section) in sections {
        value[*name] = section.clone();
    }
    serde_json::to_string_pretty(&value).expect("a report is serializable") + "\n"
}

fn entry(c: &CredentialResult, a: &AlgorithmResult) -> Value {
    let mut phases = Map::new();
    for p in &a.phases {
        phases.insert(
            p.name.clone(),
            serde_json::to_value(p).expect("serializable"),
        );
    }
    for v in phases.values_mut() {
        v.as_object_mut().expect("object").remove("name");
    }
    json!({
        "credential": c.credential,
        "set": c.set,
        "baseline": c.baseline,
        "file": c.file,
        "algorithm": a.algorithm,
        "context_cache": a.context_cache,
        "engine": a.engine,
        "bytes": c.bytes,
        "quads": c.quads,
        "blank_nodes": c.blank_nodes,
        "unique_first_degree": c.unique_first_degree,
        "hndq_calls": c.hndq_calls,
        "dropped_quads": c.dropped_quads,
        "phases": phases,
        "total": a.total,
        "uninstrumented_median_us": a.uninstrumented_median_us,
        "sha256": a.sha256,
        "canonical_bytes": a.canonical_bytes,
    })
}
