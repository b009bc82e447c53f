//! Skolemization — the JSON-LD half of the Selective Disclosure Functions (W3C Data Integrity ECDSA
//! Cryptosuites v1.0 §3.4): `skolemizeExpandedJsonLd`, `skolemizeCompactJsonLd` and `toDeskolemizedNQuads`.
//! Every node object without an identifier gets a `urn:bnid:` IRI, so a selection cut out of the compact
//! document names the same blank nodes as the whole document once turned back into N-Quads.
//! Expansion and deserialization to RDF are canonprof's pipeline (`expand` and `to_rdf` spans); compaction is
//! the json-ld crate's (JSON-LD 1.1 API §6 Compaction Algorithm), with the document's own `@context`.

use crate::canon::{expand, phase, to_rdf, Quads};
use crate::error::{Error, ErrorKind, Result};
use crate::loader::OfflineLoader;
use json_ld::syntax::{IntoJsonWithContext, TryFromJson as _};
use json_ld::TryFromJson;
use serde_json::Value;

/// The IRI prefix of skolemized blank nodes (the spec's `urn:` + `urnScheme` `bnid` + `:`).
pub const SKOLEM_PREFIX: &str = "urn:bnid:";

/// A document skolemized both ways (§3.4 `skolemizeCompactJsonLd` output).
#[derive(Debug, Clone)]
pub struct Skolemized {
    /// The skolemized expanded document.
    pub expanded: expand::Expanded,
    /// The skolemized compact document, with the input's `@context`: what JSON pointers select from.
    pub compact: Value,
}

fn error(reason: String) -> Error {
    Error::new(ErrorKind::Integrity, reason)
}

/// §3.4 `skolemizeExpandedJsonLd`: every node object of the expanded JSON `elements` without `@id` gets
/// `urn:bnid:_{n}` (`n` counting up from `*count`, children before parents, members in code point order of
/// their keys — any unique naming gives the same canonical labels), and a blank node identifier `_:x` becomes `urn:bnid:x`.
/// Value objects are copied as they are; list objects and `@reverse` maps, which cannot carry `@id`, are only
/// searched for nodes (jsonld.js gives them an `@id` that compaction then drops).
pub fn skolemize_expanded(elements: &[Value], count: &mut usize) -> Vec<Value> {
    elements
        .iter()
        .map(|e| skolemize_one(e, count, true))
        .collect()
}

fn skolemize_one(element: &Value, count: &mut usize, is_node: bool) -> Value {
    let Value::Object(object) = element else {
        return element.clone();
    };
    if object.contains_key("@value") {
        return element.clone();
    }
    let is_node = is_node && !object.contains_key("@list") && !object.contains_key("@set");
    let mut skolemized = serde_json::Map::new();
    for (key, value) in object {
        let child_is_node = key != "@reverse";
        let value = match value {
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|v| skolemize_one(v, count, child_is_node))
                    .collect(),
            ),
            other => skolemize_one(other, count, child_is_node),
        };
        skolemized.insert(key.clone(), value);
    }
    if is_node {
        let id = match skolemized.get("@id").and_then(Value::as_str) {
            None => {
                *count += 1;
                Some(format!("{SKOLEM_PREFIX}_{}", *count - 1))
            }
            Some(id) => id.strip_prefix("_:").map(|b| format!("{SKOLEM_PREFIX}{b}")),
        };
        if let Some(id) = id {
            skolemized.insert("@id".to_string(), Value::from(id));
        }
    }
    Value::Object(skolemized)
}

/// §3.4 `skolemizeCompactJsonLd`: expands `document` (safe mode, offline loader), skolemizes the expanded form
/// and compacts it again with the document's `@context`. `label` names the document in errors. Errors: any
/// expansion error, and [`ErrorKind::Integrity`] when compaction fails.
pub fn skolemize_compact(
    label: &str,
    document: &Value,
    loader: &OfflineLoader,
) -> Result<Skolemized> {
    let expanded = expand_json(label, document, loader)?;
    let as_json: Vec<Value> = expanded
        .into_iter()
        .map(|o| o.into_json_with(&()).into_serde_json())
        .collect();
    let skolemized = Value::Array(skolemize_expanded(&as_json, &mut 0));
    let expanded = expand::Expanded::try_from_json_in(
        &mut (),
        json_ld::syntax::Value::from_serde_json(skolemized),
    )
    .map_err(|e| {
        error(format!(
            "{label}: skolemized document is not expanded JSON-LD: {e:?}"
        ))
    })?;
    let compact = compact(label, &expanded, document.get("@context"), loader)?;
    Ok(Skolemized { expanded, compact })
}

/// JSON-LD 1.1 API §6.1 Compaction Algorithm with the active context of `context` (none: the empty context);
/// the result carries `context` as its `@context`.
fn compact(
    label: &str,
    expanded: &expand::Expanded,
    context: Option<&Value>,
    loader: &OfflineLoader,
) -> Result<Value> {
    use json_ld::Compact;
    let context_json = json_ld::syntax::Value::from_serde_json(
        context.cloned().unwrap_or(Value::Array(Vec::new())),
    );
    let unprocessed = json_ld::syntax::context::Context::try_from_json(context_json.clone())
        .map_err(|e| error(format!("{label}: invalid @context: {e}")))?;
    let active = expand::active_context(&context_json, loader).map_err(|e| e.in_source(label))?;
    let processed = json_ld::context_processing::ProcessedRef::new(&unprocessed, &active);
    let options = json_ld::compaction::Options::default();
    let compacted = pollster::block_on(expanded.compact_full(&mut (), processed, loader, options))
        .map_err(|e| error(format!("{label}: JSON-LD compaction failed: {e}")))?;
    let mut compacted = match compacted.into_serde_json() {
        Value::Object(map) => map,
        other => {
            return Err(error(format!(
                "{label}: compaction gave {other}, not one node object"
            )))
        }
    };
    let mut with_context = serde_json::Map::new();
    if let Some(context) = context {
        with_context.insert("@context".to_string(), context.clone());
    }
    with_context.append(&mut compacted);
    Ok(Value::Object(with_context))
}

/// Expands a JSON document with canonprof's pipeline (`expand` span).
fn expand_json(label: &str, document: &Value, loader: &OfflineLoader) -> Result<expand::Expanded> {
    let mut value = json_ld::syntax::Value::from_serde_json(document.clone());
    let _span = tracing::info_span!(phase::EXPAND).entered();
    expand::expand(&mut value, loader).map_err(|e| e.in_source(label))
}

/// §3.4 `toDeskolemizedNQuads` on an expanded document: deserialization to RDF (`to_rdf` span), then every
/// `urn:bnid:x` IRI back to the blank node `_:x`.
pub fn to_deskolemized_nquads(expanded: &expand::Expanded) -> Result<Quads> {
    use oxrdf::{BlankNode, GraphName, NamedNode, Quad, Subject, Term};
    let dataset = {
        let _span = tracing::info_span!(phase::TO_RDF).entered();
        to_rdf::to_rdf(expanded)?
    };
    let blank = |n: &NamedNode| {
        n.as_str()
            .strip_prefix(SKOLEM_PREFIX)
            .map(BlankNode::new_unchecked)
    };
    Ok(dataset
        .into_iter()
        .map(|q| {
            let subject = match q.subject {
                Subject::NamedNode(n) => blank(&n).map_or(Subject::NamedNode(n), Subject::from),
                other => other,
            };
            let object = match q.object {
                Term::NamedNode(n) => blank(&n).map_or(Term::NamedNode(n), Term::from),
                other => other,
            };
            let graph_name = match q.graph_name {
                GraphName::NamedNode(n) => {
                    blank(&n).map_or(GraphName::NamedNode(n), GraphName::from)
                }
                other => other,
            };
            Quad::new(subject, q.predicate, object, graph_name)
        })
        .collect())
}

/// §3.4 `toDeskolemizedNQuads` on a compact document (a selection): expansion, then as above.
pub fn compact_to_deskolemized_nquads(
    label: &str,
    document: &Value,
    loader: &OfflineLoader,
) -> Result<Quads> {
    to_deskolemized_nquads(&expand_json(label, document, loader)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn skolemizes_nodes_but_not_values_lists_or_reverse_maps() {
        let expanded = json!([{
            "@type": ["https://ex/T"],
            "https://ex/p": [{"@value": "v"}, {"@id": "_:x"}, {"https://ex/q": [{"@value": 1}]}],
            "https://ex/l": [{"@list": [{"https://ex/r": [{"@value": 2}]}]}],
            "@reverse": {"https://ex/s": [{"@id": "https://ex/n"}]}
        }]);
        let out = skolemize_expanded(expanded.as_array().unwrap(), &mut 0);
        assert_eq!(
            Value::Array(out),
            json!([{
                "@id": "urn:bnid:_2",
                "@type": ["https://ex/T"],
                "https://ex/p": [{"@value": "v"}, {"@id": "urn:bnid:x"},
                                 {"@id": "urn:bnid:_1", "https://ex/q": [{"@value": 1}]}],
                "https://ex/l": [{"@list": [{"@id": "urn:bnid:_0", "https://ex/r": [{"@value": 2}]}]}],
                "@reverse": {"https://ex/s": [{"@id": "https://ex/n"}]}
            }])
        );
    }
}
