//! Skolemization — the JSON-LD half of the Selective Disclosure Functions (W3C Data Integrity ECDSA
//! Cryptosuites v1.0 §3.4): `skolemizeExpandedJsonLd`, `skolemizeCompactJsonLd` and `toDeskolemizedNQuads`.
//! Every node object without an identifier gets a `urn:bnid:` IRI, so a selection cut out of the compact
//! document names the same blank nodes as the whole document once turned back into N-Quads.
//! Expansion and deserialization to RDF are canonprof's pipeline (`expand` and `to_rdf` spans), and the term
//! facts come from Context Processing, all on the session's expansion engine (either: they meet at
//! [`crate::canon::jsonld`]'s seam).

use super::term_facts;
use crate::canon::jsonld::{self, Expanded, TermFacts, TermKind};
use crate::canon::Session;
use crate::canon::{phase, Quads};
use crate::error::{Error, Result};
use serde_json::Value;

/// The IRI prefix of skolemized blank nodes (the spec's `urn:` + `urnScheme` `bnid` + `:`).
const SKOLEM_PREFIX: &str = "urn:bnid:";

/// A document skolemized both ways (§3.4 `skolemizeCompactJsonLd` output).
#[derive(Debug, Clone)]
pub(crate) struct Skolemized {
    /// The skolemized expanded document.
    pub expanded: Expanded,
    /// The skolemized compact document: what JSON pointers select from.
    pub compact: Value,
}

/// §3.4 `skolemizeCompactJsonLd`, computed on the compact document directly: every JSON object that is a node
/// object without an identifier gets one (`id`, or `@id` when the context has no `id` alias) with a
/// `urn:bnid:_k{n}` IRI, a blank node identifier `_:x` becomes `urn:bnid:_nx`, then the result is expanded
/// (`expand` span). The spec expands, skolemizes the expanded
/// form and compacts it again; json-ld 0.21's compaction mis-applies type-scoped contexts (on ob3-full it
/// compacts the `GeoCoordinates` type to the out-of-scope term `geo`; on clr2 it moves
/// `/credentialSubject/achievement`), which would break the JSON pointers, so canonprof adds the identifiers
/// where the pointers expect them. A JSON object is taken for a node object unless it is a value, list or set
/// object, a `@json` value, a language, index, id or type map (their members are searched), a `@reverse` or
/// `@nest` object, or `@context`. The names of implicit graphs (`@graph` containers) and RDF list nodes have no
/// object to carry them; [`super::align`] matches those. What each term is comes from [`term_facts::terms_of`] (the top-level context and every
/// scoped context in it).
/// `label` names the document in errors. Errors: any expansion error.
pub(crate) fn skolemize_compact(
    label: &str,
    document: &Value,
    session: &Session,
) -> Result<Skolemized> {
    let terms = {
        let _span = tracing::info_span!(phase::EXPAND).entered();
        let context = document
            .get("@context")
            .cloned()
            .unwrap_or(Value::Array(Vec::new()));
        term_facts::terms_of(&context, session).map_err(|e| e.in_source(label))?
    };
    let id_key = match terms.keyword("id") {
        Some("@id") => "id",
        _ => "@id",
    };
    let mut compact = document.clone();
    add_identifiers(&mut compact, &terms, id_key, &mut 0);
    let expanded = expand_json(label, &compact, session)?;
    Ok(Skolemized { expanded, compact })
}

/// Adds `urn:bnid:` identifiers to the node objects in `value` (see [`skolemize_compact`]).
fn add_identifiers(value: &mut Value, terms: &TermFacts, id_key: &str, count: &mut usize) {
    match value {
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| add_identifiers(item, terms, id_key, count)),
        Value::Object(object) => {
            let keywords: Vec<Option<&str>> = object.keys().map(|k| terms.keyword(k)).collect();
            if keywords.contains(&Some("@value")) {
                return;
            }
            let is_node = !keywords.iter().any(|k| matches!(k, Some("@list" | "@set")));
            let has_id = keywords.contains(&Some("@id"));
            for ((key, member), keyword) in object.iter_mut().zip(keywords) {
                match keyword {
                    Some("@id") => {
                        let named = member.as_str().and_then(|id| id.strip_prefix("_:"));
                        if let Some(label) = named {
                            *member = Value::from(format!("{SKOLEM_PREFIX}_n{label}"));
                        }
                    }
                    Some("@graph" | "@included" | "@list" | "@set") => {
                        add_identifiers(member, terms, id_key, count)
                    }
                    Some("@reverse" | "@nest") => {
                        members(member, &mut |m| add_identifiers(m, terms, id_key, count))
                    }
                    Some(_) => {}
                    None => match terms.kind(key) {
                        TermKind::Opaque => {}
                        TermKind::Map if member.is_object() => {
                            members(member, &mut |m| add_identifiers(m, terms, id_key, count))
                        }
                        _ => add_identifiers(member, terms, id_key, count),
                    },
                }
            }
            if is_node && !has_id {
                *count += 1;
                object.insert(
                    id_key.to_string(),
                    Value::from(format!("{SKOLEM_PREFIX}_k{}", *count - 1)),
                );
            }
        }
        _ => {}
    }
}

/// Applies `f` to each member value of an object (a map, `@reverse` or `@nest` object).
fn members(value: &mut Value, f: &mut dyn FnMut(&mut Value)) {
    match value {
        Value::Object(object) => object.values_mut().for_each(f),
        Value::Array(items) => items.iter_mut().for_each(|i| members(i, f)),
        _ => {}
    }
}

/// Expands a JSON document with canonprof's pipeline on the session's engine (`expand` span).
fn expand_json(label: &str, document: &Value, session: &Session) -> Result<Expanded> {
    jsonld::expand_json(session.engine(), document, session).map_err(|e| e.in_source(label))
}

/// §3.4 `toDeskolemizedNQuads` on an expanded document: deserialization to RDF (`to_rdf` span), then every
/// `urn:bnid:x` IRI back to the blank node `_:x` (these labels start with `_`). Blank nodes that were never
/// skolemized (implicit graph names, RDF list nodes) get `fresh` before their label, so a selection's (`s`)
/// never pass for the document's (`d`).
/// Errors: a skolem IRI inside a literal (an object that was not a node object).
pub(crate) fn to_deskolemized_nquads(expanded: &Expanded, fresh: &str) -> Result<Quads> {
    use oxrdf::{BlankNode, GraphName, NamedNode, Quad, Subject, Term};
    let dataset = jsonld::to_rdf(expanded)?;
    for quad in &dataset {
        if let Term::Literal(literal) = &quad.object {
            if literal.value().contains(SKOLEM_PREFIX) {
                return Err(Error::proof(format!(
                    "skolemization put an identifier into the literal {literal}: the JSON object there is not a node object (a map or value canonprof did not recognise)"
                )));
            }
        }
    }
    let blank = |n: &NamedNode| {
        n.as_str()
            .strip_prefix(SKOLEM_PREFIX)
            .map(BlankNode::new_unchecked)
    };
    let rename = |b: BlankNode| BlankNode::new_unchecked(format!("{fresh}{}", b.as_str()));
    Ok(dataset
        .into_iter()
        .map(|q| {
            let subject = match q.subject {
                Subject::NamedNode(n) => blank(&n).map_or(Subject::NamedNode(n), Subject::from),
                Subject::BlankNode(b) => Subject::BlankNode(rename(b)),
            };
            let object = match q.object {
                Term::NamedNode(n) => blank(&n).map_or(Term::NamedNode(n), Term::from),
                Term::BlankNode(b) => Term::BlankNode(rename(b)),
                other => other,
            };
            let graph_name = match q.graph_name {
                GraphName::NamedNode(n) => {
                    blank(&n).map_or(GraphName::NamedNode(n), GraphName::from)
                }
                GraphName::BlankNode(b) => GraphName::BlankNode(rename(b)),
                other => other,
            };
            Quad::new(subject, q.predicate, object, graph_name)
        })
        .collect())
}

/// §3.4 `toDeskolemizedNQuads` on a compact document (a selection): expansion, then as above.
pub(crate) fn compact_to_deskolemized_nquads(
    label: &str,
    document: &Value,
    fresh: &str,
    session: &Session,
) -> Result<Quads> {
    to_deskolemized_nquads(&expand_json(label, document, session)?, fresh)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::Settings;
    use serde_json::json;

    #[test]
    fn identifies_node_objects_only() {
        let session = Session::bundled(Settings::default());
        let document = json!({
            "@context": ["https://www.w3.org/ns/credentials/v2",
                         {"@vocab": "https://ex/", "m": {"@container": "@language"},
                          "j": {"@id": "https://ex/j", "@type": "@json"},
                          "ix": {"@id": "https://ex/ix", "@container": "@index"}}],
            "type": ["VerifiableCredential"],
            "issuer": "did:example:1",
            "credentialSubject": {
                "id": "did:example:2",
                "v": {"@value": "x", "@language": "en"},
                "l": {"@list": [{"a": 1}]},
                "m": {"en": "hello"},
                "j": {"k": {"deep": true}},
                "ix": {"first": {"a": 2}},
                "n": {"a": 3}
            }
        });
        let s = skolemize_compact("test", &document, &session).unwrap();
        let subject = &s.compact["credentialSubject"];
        assert_eq!(s.compact["id"], "urn:bnid:_k3", "the root node, last");
        assert_eq!(subject["id"], "did:example:2", "an identifier is kept");
        assert!(subject["v"].get("id").is_none() && subject["l"].get("id").is_none());
        assert_eq!(subject["l"]["@list"][0]["id"], "urn:bnid:_k1");
        assert!(subject["m"].get("id").is_none() && subject["j"].get("id").is_none());
        assert!(
            subject["j"]["k"].get("id").is_none(),
            "JSON literals are left alone"
        );
        assert!(subject["ix"].get("id").is_none());
        assert_eq!(subject["ix"]["first"]["id"], "urn:bnid:_k0");
        assert_eq!(subject["n"]["id"], "urn:bnid:_k2");
        // The skolemized document says the same as the original, with named nodes for the blank ones.
        let quads = to_deskolemized_nquads(&s.expanded, "d").unwrap();
        assert!(quads
            .iter()
            .any(|q| q.to_string().contains(r#"{\"deep\":true}"#)));
        let blank_subjects = quads
            .iter()
            .filter(|q| matches!(q.subject, oxrdf::Subject::BlankNode(_)))
            .count();
        assert!(blank_subjects >= 5, "{quads:?}");
    }
}
