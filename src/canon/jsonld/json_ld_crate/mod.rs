//! The `json-ld` crate (0.21) as one of canonprof's two engines (`--engine json-ld`, the reference): the only
//! module that names the crate. `parse` is the crate's JSON parser (json-syntax), `expand` its expansion with
//! canonprof's safe-mode policy ([`mod@expand`]), `to_rdf` canonprof's deserialization of the crate's expanded
//! document ([`mod@to_rdf`]); the offline loader serves it contexts through [`loader`]'s `json_ld::Loader`
//! implementation, and [`mod@context_terms`] reads its processed contexts for ecdsa-sd-2023's skolemization.

pub mod context_terms;
pub mod expand;
pub mod loader;
pub mod safe_mode;
pub mod to_rdf;

use super::{Mode, Pipeline};
use crate::canon::dataset::Dataset;
use crate::canon::session::Session;
use crate::error::{Error, ErrorKind, Result};
use json_ld::syntax::{Parse, Value};

/// An expanded JSON-LD document with absolute IRIs and blank node identifiers as strings.
pub type Expanded = json_ld::ExpandedDocument<json_ld::IriBuf, json_ld::BlankIdBuf>;

pub use context_terms::context_terms;

/// The json-ld crate's engine, as a [`Pipeline`].
pub(crate) struct JsonLdCrate;

impl Pipeline for JsonLdCrate {
    type Document = Value;
    type Expanded = Expanded;

    fn parse(label: &str, text: &str) -> Result<Value> {
        Value::parse_str(text).map(|(value, _)| value).map_err(|e| {
            Error::new(ErrorKind::Json, format!("invalid JSON: {e}"))
                .caused_by(e)
                .in_source(label)
        })
    }

    fn from_json(value: &serde_json::Value) -> Value {
        Value::from_serde_json(value.clone())
    }

    fn expand(document: &mut Value, session: &Session, mode: Mode) -> Result<Expanded> {
        match mode {
            Mode::Safe => expand::expand(document, session),
            Mode::SafeAcceptedByCanonprof => expand::expand_accepted(document, session),
            Mode::Lossy => expand::expand_lossy(document, session),
            Mode::Api { base } => expand::expand_with_base(document, base, session.loader()),
        }
    }

    fn to_rdf(expanded: &Expanded, lossy: bool) -> Result<(Dataset, usize)> {
        match lossy {
            false => to_rdf::to_rdf(expanded).map(|d| (d, 0)),
            true => to_rdf::to_rdf_lossy(expanded),
        }
    }

    fn append_vocab(document: &mut Value, vocab: &str) -> bool {
        let Some(object) = document.as_object_mut() else {
            return false;
        };
        let mut entry = json_ld::syntax::Object::new();
        entry.push("@vocab".into(), Value::String(vocab.into()));
        let vocab = Value::Object(entry);
        match object
            .index_of("@context")
            .and_then(|i| object.remove_at(i))
        {
            Some(entry) => {
                let mut contexts = match entry.value {
                    Value::Array(items) => items,
                    other => vec![other],
                };
                contexts.push(vocab);
                object.push_front("@context".into(), Value::Array(contexts));
            }
            None => {
                object.push_front("@context".into(), vocab);
            }
        }
        true
    }

    fn wrap(expanded: Expanded) -> super::Expanded {
        super::Expanded::JsonLdCrate(expanded)
    }
}

/// The crate's expansion error as ours: [`ErrorKind::Expansion`] with its JSON-LD 1.1 API error code, mapped here
/// once from the crate's own code type (whose text is the spec's).
pub(crate) fn crate_error(error: &json_ld::expansion::Error) -> Error {
    let code = error.code();
    let ours = Error::new(
        ErrorKind::Expansion,
        format!("JSON-LD expansion failed ({}): {error}", code.as_str()),
    );
    match crate::canon::jsonld::JsonLdErrorCode::parse(code.as_str()) {
        Some(code) => ours.with_code(code),
        None => ours,
    }
}

/// Runs the crate, catching a panic inside it: `Err` with the panic's message. The panic hook stays quiet only
/// for the thread inside this call (a thread-local flag), so other threads' panics still print.
pub(crate) fn catch_panic<T>(run: impl FnOnce() -> T) -> std::result::Result<T, String> {
    use std::cell::Cell;
    thread_local! {
        static CATCHING: Cell<bool> = const { Cell::new(false) };
    }
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !CATCHING.with(Cell::get) {
                previous(info);
            }
        }));
    });
    let outer = CATCHING.with(|c| c.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
    CATCHING.with(|c| c.set(outer));
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    })
}

/// RFC 8785 canonical form of a JSON value held by the json-ld crate (for `@json` literals, JSON-LD 1.1 API §8.2
/// step 7). Errors: [`ErrorKind::NonFiniteNumber`] for a number outside the double range.
pub fn canonical_json(value: &Value) -> Result<String> {
    crate::canon::jcs::canonical_string(&to_serde(value)?)
}

fn to_serde(value: &Value) -> Result<serde_json::Value> {
    Ok(match value {
        Value::Null => serde_json::Value::Null,
        Value::Boolean(b) => serde_json::Value::Bool(*b),
        Value::Number(n) => {
            let double: f64 = n.as_str().parse().unwrap_or(f64::NAN);
            serde_json::Number::from_f64(double)
                .map(serde_json::Value::Number)
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::NonFiniteNumber,
                        format!(
                            "number `{}` is outside the IEEE-754 double range",
                            n.as_str()
                        ),
                    )
                })?
        }
        Value::String(s) => serde_json::Value::String(s.to_string()),
        Value::Array(items) => {
            serde_json::Value::Array(items.iter().map(to_serde).collect::<Result<_>>()?)
        }
        Value::Object(object) => {
            let mut map = serde_json::Map::new();
            for entry in object.iter() {
                map.insert(entry.key.to_string(), to_serde(&entry.value)?);
            }
            serde_json::Value::Object(map)
        }
    })
}
