//! What the json-ld crate's values, errors and panics become on canonprof's side: the expanded document type,
//! the crate's expansion error with its JSON-LD 1.1 API code, a caught panic, and RFC 8785 for its JSON values.

use crate::error::{Error, ErrorKind, Result};
use json_ld::syntax::Value;

/// An expanded JSON-LD document with absolute IRIs and blank node identifiers as strings.
pub type Expanded = json_ld::ExpandedDocument<json_ld::IriBuf, json_ld::BlankIdBuf>;

/// The crate's expansion error as ours: [`ErrorKind::Expansion`] with its JSON-LD 1.1 API error code, mapped here
/// once from the crate's own code type (whose text is the spec's).
pub(crate) fn crate_error(error: &json_ld::expansion::Error) -> Error {
    let code = error.code();
    let ours = Error::new(
        ErrorKind::Expansion,
        format!("JSON-LD expansion failed ({}): {error}", code.as_str()),
    );
    match crate::error::JsonLdErrorCode::parse(code.as_str()) {
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
