//! The `json-ld` crate (0.21) as one of canonprof's two engines (`--engine json-ld`, the reference): the only
//! module that names the crate. `parse` is the crate's JSON parser (json-syntax), `expand` its expansion with
//! canonprof's safe-mode policy (`mod@expand`), `to_rdf` canonprof's deserialization of the crate's expanded
//! document (`mod@to_rdf`); the offline loader serves it contexts through `loader`'s `json_ld::Loader`
//! implementation, and `mod@context_terms` reads its processed contexts for ecdsa-sd-2023's skolemization.

mod adapt;
pub(crate) mod context_terms;
pub(crate) mod expand;
pub(crate) mod loader;
pub(crate) mod safe_mode;
pub(crate) mod to_rdf;

use super::{Mode, Pipeline};
use crate::canon::dataset::Dataset;
use crate::canon::session::Session;
use crate::error::{Error, ErrorKind, Result};
use json_ld::syntax::{Parse, Value};

pub use adapt::{canonical_json, Expanded};
pub(crate) use adapt::{catch_panic, crate_error};
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
        if lossy {
            to_rdf::to_rdf_lossy(expanded)
        } else {
            to_rdf::to_rdf(expanded).map(|d| (d, 0))
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
