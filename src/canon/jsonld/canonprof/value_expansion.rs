//! JSON-LD 1.1 API §5.3.2 Value Expansion (`#value-expansion`): a scalar under a property as a value object, or a
//! node reference for `@type: @id` / `@vocab` terms.

use super::active_context::{Context, TermDef};
use super::{iri, Json, Map, Str};
use crate::canon::step;
use crate::canon::work::{self, Step};

/// Value Expansion (JSON-LD 1.1 API, `#value-expansion`): a scalar under `property` as a value object, or a
/// node reference for `@type: @id` / `@vocab` terms.
#[inline(never)]
pub(crate) fn value_expansion(active: &Context, property: Option<&str>, value: &Json) -> Json {
    value_expansion_as(active, property.and_then(|p| active.term(p)), value)
}

/// [`value_expansion`] with the property's term definition in `active` already looked up.
pub(super) fn value_expansion_as(
    active: &Context,
    definition: Option<&TermDef>,
    value: &Json,
) -> Json {
    work::count(Step::ValueExpansion);
    let _span = crate::profile::step(step::VALUE_EXPANSION);
    let type_mapping = definition.and_then(|d| d.type_mapping.as_ref());
    let mut result = Map::new();
    if let Json::String(s) = value {
        // Steps 1–2.
        let id = match type_mapping.map(Str::as_str) {
            Some("@id") => Some(iri::expand_str(active, s, true, false)),
            Some("@vocab") => Some(iri::expand_str(active, s, true, true)),
            _ => None,
        };
        if let Some(id) = id {
            result.insert("@id", id.map_or(Json::Null, Json::String));
            return Json::Object(result);
        }
    }
    // Step 3.
    result.insert("@value", value.clone());
    match type_mapping {
        // Step 4.
        Some(t) if !matches!(t.as_str(), "@id" | "@vocab" | "@none") => {
            result.insert("@type", Json::String(t.clone()));
        }
        // Step 5.
        _ if value.is_string() => {
            let language = match definition.and_then(|d| d.language.clone()) {
                Some(l) => l,
                None => active.language.clone(),
            };
            let direction = match definition.and_then(|d| d.direction) {
                Some(d) => d,
                None => active.direction,
            };
            if let Some(l) = language {
                result.insert("@language", Json::String(l));
            }
            if let Some(d) = direction {
                result.insert("@direction", Json::String(d.as_str().into()));
            }
        }
        _ => {}
    }
    Json::Object(result)
}
