//! Deserialize JSON-LD to RDF (JSON-LD 1.1 API §8.1–§8.3) from the json-ld crate's expanded document straight into
//! an RDF dataset ([`Dataset`], in the order the quads are produced), with the shared pieces of
//! [`crate::canon::jsonld::rdf`]: `rdfDirection: i18n-datatype`, §8.2's literal rules, and safe mode — anything
//! that would be silently dropped (a relative `@id`, `@type` or IRI value, a blank node predicate, an ill-formed
//! language tag) is an error naming the value.
//!
//! The walk follows the expanded tree instead of first building a node map (§7.2): it yields the same set of
//! quads, since node map generation only merges what the dataset's set semantics merges anyway.

use super::Expanded;
use crate::canon::dataset::Dataset;
use crate::canon::jsonld::rdf::{
    default_literal, i18n_literal, json_literal, lost, number_lexical, string_lexical,
    subject_term, Sink,
};
use crate::canon::step;
use crate::canon::work::{self, Step};
use crate::error::{Locate, Result};
use json_ld::object::value::Literal as LdLiteral;
use json_ld::{Id, Indexed, IndexedObject, Node, Object, ValidId};
use oxrdf::vocab::{rdf, xsd};
use oxrdf::{BlankNode, GraphName, Literal, NamedNode, Subject, Term};
use std::collections::HashMap;

/// Converts an expanded document to an RDF dataset (JSON-LD 1.1 API §8.1, safe mode). Blank nodes are labelled
/// `b0`, `b1`, … in order of first appearance; the dataset is a set (duplicates merge, as RDF requires). Errors: [`ErrorKind::SafeMode`](crate::ErrorKind::SafeMode) naming the value that would be lost.
pub(crate) fn to_rdf(expanded: &Expanded) -> Result<Dataset> {
    convert(expanded, false).map(|(dataset, _)| dataset)
}

/// [`to_rdf`] without safe mode (`--lossy`): what the JSON-LD 1.1 API drops is dropped — statements with a
/// relative or invalid subject, type, property or object IRI, or an ill-formed language tag — and counted.
/// Returns the dataset and the number of statements dropped. Never a safe-mode error.
pub(crate) fn to_rdf_lossy(expanded: &Expanded) -> Result<(Dataset, usize)> {
    convert(expanded, true)
}

fn convert(expanded: &Expanded, lossy: bool) -> Result<(Dataset, usize)> {
    let mut state = State {
        sink: Sink::new(lossy),
        blank: HashMap::new(),
    };
    for object in expanded.iter() {
        if let Object::Node(node) = object.inner() {
            state.node(node, &GraphName::DefaultGraph)?;
        }
        // §7.2 step 3/4: free-floating values and lists at top level produce no triples.
    }
    state.sink.finish()
}

struct State {
    sink: Sink,
    /// Document blank node identifier → our label.
    blank: HashMap<String, BlankNode>,
}

impl State {
    fn blank(&mut self, id: &str) -> BlankNode {
        if let Some(node) = self.blank.get(id) {
            return node.clone();
        }
        let node = self.sink.fresh();
        self.blank.insert(id.to_string(), node.clone());
        node
    }

    /// An `@id` as a subject (IRI or blank node); relative or invalid ids are safe-mode errors. Any `_:` text
    /// is a blank node identifier, as in jsonld.js (the crate keeps `_:b0http://x` as invalid).
    fn id(&mut self, id: &Id<json_ld::IriBuf, json_ld::BlankIdBuf>, role: &str) -> Result<Subject> {
        let invalid = match id {
            Id::Valid(ValidId::Iri(iri)) => match named(iri.as_str()) {
                Some(node) => return Ok(node.into()),
                None => iri.as_str(),
            },
            Id::Valid(ValidId::Blank(b)) => return Ok(self.blank(b.as_str()).into()),
            Id::Invalid(value) => match value.strip_prefix("_:") {
                Some(_) => return Ok(self.blank(value).into()),
                None => value.as_str(),
            },
        };
        let keys: &'static [&'static str] = if role.contains("@type") {
            &["@type", "type"]
        } else {
            &["@id", "id"]
        };
        Err(lost(format!(
            "{role} `{invalid}` is not an absolute IRI (relative or invalid)"
        ))
        .locate(Locate::Value(invalid.to_string(), keys)))
    }

    fn predicate(&mut self, id: &Id<json_ld::IriBuf, json_ld::BlankIdBuf>) -> Result<NamedNode> {
        match id {
            Id::Valid(ValidId::Iri(iri)) => named(iri.as_str()).ok_or_else(|| {
                lost(format!(
                    "property `{}` is not an absolute IRI",
                    iri.as_str()
                ))
                .locate(Locate::Key(iri.as_str().to_string()))
            }),
            Id::Valid(ValidId::Blank(b)) => Err(lost(format!(
                "property `{}` expands to a blank node (generalized RDF is off)",
                b.as_str()
            ))),
            Id::Invalid(value) => Err(lost(format!("property `{value}` is not an absolute IRI"))
                .locate(Locate::Key(value.clone()))),
        }
    }

    /// §7.2/§8.1 for one node object: its types, properties, reverse properties, `@included` and `@graph`.
    /// Returns the node's subject (its `@id`, or a fresh blank node).
    fn node(
        &mut self,
        node: &Node<json_ld::IriBuf, json_ld::BlankIdBuf>,
        graph: &GraphName,
    ) -> Result<Subject> {
        work::count(Step::NodeObjects);
        // Lossy mode: a node with an invalid `@id` keeps a stand-in subject so its nested nodes still convert, but
        // its own statements are dropped and counted.
        let (subject, keep) = match &node.id {
            Some(id) => {
                let found = self.id(id, "`@id` value");
                match self.sink.salvage(found)? {
                    Some(subject) => (subject, true),
                    None => (self.sink.fresh().into(), false),
                }
            }
            None => (self.sink.fresh().into(), true),
        };
        if let Some(types) = &node.types {
            for ty in types {
                let found = self.id(ty, "`@type` value");
                match self.sink.salvage(found)? {
                    Some(object) => self.sink.emit(
                        keep,
                        &subject,
                        rdf::TYPE.into_owned(),
                        subject_term(object),
                        graph,
                    ),
                    None => self.sink.dropped += 1,
                }
            }
        }
        for (property, objects) in node.properties().iter() {
            let found = self.predicate(property);
            let predicate = self.sink.salvage(found)?;
            for object in objects.iter() {
                let term = self.object(object, graph)?;
                match (&predicate, term) {
                    (Some(p), Some(term)) => self.sink.emit(keep, &subject, p.clone(), term, graph),
                    (None, Some(_)) => self.sink.dropped += 1,
                    (_, None) => {}
                }
            }
        }
        if let Some(reverse) = node.reverse_properties_entry() {
            for (property, nodes) in reverse.iter() {
                let found = self.predicate(property);
                let predicate = self.sink.salvage(found)?;
                for other in nodes.iter() {
                    let other_subject = self.node(other.inner(), graph)?;
                    match &predicate {
                        Some(p) => self.sink.emit(
                            keep,
                            &other_subject,
                            p.clone(),
                            subject_term(subject.clone()),
                            graph,
                        ),
                        None => self.sink.dropped += 1,
                    }
                }
            }
        }
        if let Some(included) = node.included_entry() {
            for other in included.iter() {
                self.node(other.inner(), graph)?;
            }
        }
        if let Some(named) = node.graph_entry() {
            let name = match &subject {
                Subject::NamedNode(n) => GraphName::NamedNode(n.clone()),
                Subject::BlankNode(b) => GraphName::BlankNode(b.clone()),
                #[allow(unreachable_patterns)]
                _ => unreachable!("JSON-LD node ids are IRIs or blank nodes"),
            };
            for object in named.iter() {
                if let Object::Node(inner) = object.inner() {
                    self.node(inner, &name)?;
                }
            }
        }
        Ok(subject)
    }

    /// §8.2 Object to RDF Conversion (nodes recurse, lists per §8.3). `None` for a null `@value`.
    fn object(
        &mut self,
        object: &IndexedObject<json_ld::IriBuf, json_ld::BlankIdBuf>,
        graph: &GraphName,
    ) -> Result<Option<Term>> {
        work::count(Step::ObjectToRdf);
        match object.inner() {
            Object::Node(node) => {
                // A reference to a node whose `@id` is invalid is dropped with it (lossy mode).
                if let Some(id) = &node.id {
                    if self.sink.lossy && matches!(id, Id::Invalid(v) if !v.starts_with("_:")) {
                        self.node(node, graph)?;
                        self.sink.dropped += 1;
                        return Ok(None);
                    }
                }
                Ok(Some(subject_term(self.node(node, graph)?)))
            }
            Object::List(list) => self.list(list.as_slice(), graph).map(Some),
            Object::Value(value) => {
                let found = self.value(value);
                match self.sink.salvage(found)? {
                    Some(term) => Ok(term),
                    None => {
                        self.sink.dropped += 1;
                        Ok(None)
                    }
                }
            }
        }
    }

    /// §8.3 List Conversion: `rdf:first`/`rdf:rest` cells with fresh blank nodes; `rdf:nil` for an empty list.
    #[inline(never)]
    fn list(
        &mut self,
        items: &[Indexed<Object<json_ld::IriBuf, json_ld::BlankIdBuf>>],
        graph: &GraphName,
    ) -> Result<Term> {
        work::count(Step::ListToRdf);
        let _span = crate::profile::step(step::LIST_TO_RDF);
        if items.is_empty() {
            return Ok(rdf::NIL.into_owned().into());
        }
        let cells = self.sink.list_cells(items.len());
        for (i, item) in items.iter().enumerate() {
            let first = self.object(item, graph)?;
            self.sink.list_cell(&cells, i, first, graph);
        }
        Ok(cells[0].clone().into())
    }

    /// §8.2 steps 4–13 for a value object.
    #[inline(never)]
    fn value(&mut self, value: &json_ld::object::Value<json_ld::IriBuf>) -> Result<Option<Term>> {
        work::count(Step::ValueObjects);
        let _span = crate::profile::step(step::OBJECT_TO_RDF);
        use json_ld::object::Value as V;
        let literal = match value {
            V::Json(json) => {
                // Step 7: canonical lexical form of the JSON value (RFC 8785), datatype rdf:JSON.
                json_literal(super::canonical_json(json)?)
            }
            V::LangString(s) => {
                let (text, language, direction) = s.parts();
                let language = match language {
                    Some(tag) if !tag.is_well_formed() => {
                        return Err(lost(format!(
                            "language tag `{}` is not well-formed (BCP 47)",
                            tag.as_str()
                        ))
                        .locate(Locate::Value(tag.as_str().to_string(), &["@language"])))
                    }
                    Some(tag) => Some(tag.as_str().to_ascii_lowercase()),
                    None => None,
                };
                match (direction, language) {
                    (Some(direction), language) => {
                        // Step 12 with rdfDirection = i18n-datatype.
                        let dir = match direction {
                            json_ld::Direction::Ltr => "ltr",
                            json_ld::Direction::Rtl => "rtl",
                        };
                        i18n_literal(text.to_string(), language.as_deref(), dir)?
                    }
                    (None, Some(language)) => Literal::new_language_tagged_literal(text, &language)
                        .map_err(|e| lost(format!("language tag `{language}`: {e}")))?,
                    (None, None) => Literal::new_simple_literal(text),
                }
            }
            V::Literal(literal, datatype) => {
                let datatype = datatype.as_ref().map(|t| t.as_str());
                let typed_double = datatype == Some(xsd::DOUBLE.as_str());
                let (lexical, default_type) = match literal {
                    LdLiteral::Null => return Ok(None),
                    LdLiteral::Boolean(b) => (b.to_string(), xsd::BOOLEAN),
                    LdLiteral::String(s) => string_lexical(s.as_str(), typed_double),
                    LdLiteral::Number(n) => {
                        let number: f64 = n.as_str().parse().map_err(|_| {
                            lost(format!("number `{}` is not a double", n.as_str()))
                        })?;
                        number_lexical(number, typed_double)
                    }
                };
                match datatype {
                    Some(dt) => match named(dt) {
                        Some(datatype) => Literal::new_typed_literal(lexical, datatype),
                        None => {
                            return Err(lost(format!("datatype `{dt}` is not an absolute IRI"))
                                .locate(Locate::Value(dt.to_string(), &["@type", "type"])))
                        }
                    },
                    None => default_literal(lexical, default_type),
                }
            }
        };
        Ok(Some(literal.into()))
    }
}

/// An IRI the crate accepted, as a named node. (White space jsonld.js's absolute-IRI test refuses, U+00A0 and
/// the like, which the crate lets through, the safe-mode check refuses before expanding.)
fn named(iri: &str) -> Option<NamedNode> {
    Some(NamedNode::new_unchecked(iri))
}
