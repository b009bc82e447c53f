//! `--export-json`: the schema documented in `docs/export-json.md`, every export in its envelope
//! (`schema_version`, `kind`, `metadata`); the main job's body is [`Canonicalization`], the type `report`, `diff`
//! and `merge` read back. Every JSON export but the JWS matrix's is written by [`to_text`]: keys in code point
//! order at every level.

use crate::results::canonicalization::Canonicalization;
use crate::results::exchange::FormatsReport;
use crate::results::{Claim, ExportKind, FlameIndex, Metadata, Report};
use serde::Serialize;

pub(crate) use crate::results::SCHEMA_VERSION;

/// The main job's export: the report with its three-format `exchange` table, the study's `claims` checked, and the
/// `flamegraphs` drawn (paths relative to the export file's directory).
pub(crate) fn render_with(
    report: &Report,
    exchange: Option<&FormatsReport>,
    claims: &[Claim],
    flamegraphs: Option<&FlameIndex>,
) -> String {
    let body = Canonicalization::of(report, exchange, claims, flamegraphs);
    enveloped(ExportKind::Canonicalization, &report.metadata, &body)
}

/// The JSON export of a command: `body`'s fields beside `schema_version`, `kind` and the
/// run's `metadata`, keys sorted as [`to_text`] writes them.
pub(crate) fn enveloped<T: Serialize>(kind: ExportKind, metadata: &Metadata, body: &T) -> String {
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
/// a [`serde_json::Value`], whose objects are sorted maps): the same run gives the same bytes whatever the order
/// of a type's fields.
pub(crate) fn to_text<T: Serialize>(value: &T) -> String {
    let value = serde_json::to_value(value).expect("a report serializes");
    serde_json::to_string_pretty(&value).expect("a JSON value serializes") + "\n"
}
