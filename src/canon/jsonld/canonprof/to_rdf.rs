//! Deserialize JSON-LD to RDF (JSON-LD 1.1 API §8.1 Deserialize JSON-LD to RDF Algorithm, §8.2 Object to RDF
//! Conversion, §8.3 List to RDF Conversion) from canonprof's expanded documents, into the same [`Quads`]
//! dataset, with the pieces shared with the json-ld crate engine ([`crate::canon::jsonld::rdf`]): `rdfDirection:
//! i18n-datatype`, blank nodes labelled `b0`, `b1`, … in order of first appearance, the walk following the
//! expanded tree (node map generation, §7.2, only merges what the dataset's set semantics merges anyway), and
//! safe mode — a relative `@id`, `@type` or property IRI, a blank node predicate or an ill-formed language tag
//! is an error naming the value; `--lossy` drops and counts instead.

use super::{Json, Map};
use crate::canon::jsonld::rdf::{
    default_literal, i18n_literal, json_literal, lost, number_lexical, string_lexical,
    subject_term, Sink,
};
use crate::canon::jsonld::syntax::is_blank;
use crate::canon::step;
use crate::canon::work::{self, Step};
use crate::canon::Quads;
use crate::error::{Error, ErrorKind, Locate, Result};
use ahash::AHashMap as HashMap;
use oxrdf::vocab::{rdf, xsd};
use oxrdf::{BlankNode, GraphName, Literal, NamedNode, Subject, Term};

/// Converts an expanded document (the items of [`super::expand::Expander::document`]) to an RDF dataset.
/// `lossy` false is safe mode. Returns the dataset and the number of statements dropped (always 0 in safe
/// mode). Errors: [`ErrorKind::SafeMode`] naming the value whose quad would be lost, including a document that
/// yields no quads at all.
pub fn to_rdf(expanded: &[Json], lossy: bool) -> Result<(Quads, usize)> {
    let mut state = State {
        sink: Sink::new(lossy),
        iris: HashMap::new(),
        languages: HashMap::new(),
        blank: HashMap::new(),
    };
    for item in expanded {
        if let Json::Object(node) = item {
            if !node.contains_key("@value") && !node.contains_key("@list") {
                state.node(node, &GraphName::DefaultGraph)?;
            }
        }
    }
    state.sink.finish()
}

struct State<'a> {
    sink: Sink,
    /// IRIs already checked (RFC 3987), so each distinct IRI is parsed once per document; `None` if invalid.
    iris: HashMap<&'a str, Option<NamedNode>>,
    /// Language tags already checked (BCP 47), lower-cased; `None` if ill-formed.
    languages: HashMap<&'a str, Option<String>>,
    blank: HashMap<&'a str, BlankNode>,
}

impl<'a> State<'a> {
    /// `iri` as a named node if it is a well-formed absolute IRI (checked once per distinct string).
    fn named(&mut self, iri: &'a str) -> Option<NamedNode> {
        if let Some(found) = self.iris.get(iri) {
            return found.clone();
        }
        // RFC 3987, and no white space as jsonld.js sees it (U+00A0 is an IRI character, but not to jsonld.js).
        let checked = NamedNode::new(iri).ok().filter(|_| {
            iri.is_ascii()
                || !iri
                    .chars()
                    .any(crate::canon::jsonld::syntax::is_js_whitespace)
        });
        self.iris.insert(iri, checked.clone());
        checked
    }

    fn blank(&mut self, id: &'a str) -> BlankNode {
        if let Some(node) = self.blank.get(id) {
            return node.clone();
        }
        let node = self.sink.fresh();
        self.blank.insert(id, node.clone());
        node
    }

    /// An `@id` or `@type` value as a subject: a blank node identifier or a well-formed absolute IRI.
    fn id(&mut self, id: &'a str, role: &str) -> Result<Subject> {
        // A label with white space jsonld.js's blank node test excludes is no blank node identifier.
        if let Some(label) = id.strip_prefix("_:").filter(|_| is_blank(id)) {
            return Ok(self.blank(label).into());
        }
        match self.named(id) {
            Some(iri) => Ok(iri.into()),
            None => {
                let keys: &'static [&'static str] = if role.contains("@type") {
                    &["@type", "type"]
                } else {
                    &["@id", "id"]
                };
                Err(lost(format!(
                    "{role} `{id}` is not an absolute IRI (relative or invalid)"
                ))
                .locate(Locate::Value(id.to_string(), keys)))
            }
        }
    }

    fn predicate(&mut self, property: &'a str) -> Result<NamedNode> {
        if property.starts_with("_:") {
            return Err(lost(format!(
                "property `{property}` expands to a blank node (generalized RDF is off)"
            )));
        }
        self.named(property).ok_or_else(|| {
            lost(format!("property `{property}` is not an absolute IRI"))
                .locate(Locate::Key(property.to_string()))
        })
    }

    /// §7.2 / §8.1 for one node object: types, properties, reverse properties, `@included`, `@graph`.
    fn node(&mut self, node: &'a Map, graph: &GraphName) -> Result<Subject> {
        work::count(Step::NodeObjects);
        let (subject, keep) = match node.get("@id").and_then(Json::as_str) {
            Some(id) => {
                let found = self.id(id, "`@id` value");
                match self.sink.salvage(found)? {
                    Some(subject) => (subject, true),
                    None => (self.sink.fresh().into(), false),
                }
            }
            None => (self.sink.fresh().into(), true),
        };
        for (key, value) in node {
            match key.as_str() {
                "@type" => {
                    for ty in value
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Json::as_str)
                    {
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
                "@reverse" => {
                    let Json::Object(reverse) = value else {
                        continue;
                    };
                    for (property, nodes) in reverse {
                        let found = self.predicate(property.as_str());
                        let predicate = self.sink.salvage(found)?;
                        for other in nodes.as_array().into_iter().flatten() {
                            let Json::Object(other) = other else { continue };
                            let other_subject = self.node(other, graph)?;
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
                "@included" => {
                    for other in value.as_array().into_iter().flatten() {
                        if let Json::Object(other) = other {
                            self.node(other, graph)?;
                        }
                    }
                }
                "@graph" => {
                    let name = match &subject {
                        Subject::NamedNode(n) => GraphName::NamedNode(n.clone()),
                        Subject::BlankNode(b) => GraphName::BlankNode(b.clone()),
                        #[allow(unreachable_patterns)]
                        _ => unreachable!("JSON-LD node ids are IRIs or blank nodes"),
                    };
                    for inner in value.as_array().into_iter().flatten() {
                        if let Json::Object(inner) = inner {
                            if !inner.contains_key("@value") && !inner.contains_key("@list") {
                                self.node(inner, &name)?;
                            }
                        }
                    }
                }
                k if k.starts_with('@') => {}
                property => {
                    let found = self.predicate(property);
                    let predicate = self.sink.salvage(found)?;
                    for object in value.as_array().into_iter().flatten() {
                        let term = self.object(object, graph)?;
                        match (&predicate, term) {
                            (Some(p), Some(term)) => {
                                self.sink.emit(keep, &subject, p.clone(), term, graph)
                            }
                            (None, Some(_)) => self.sink.dropped += 1,
                            (_, None) => {}
                        }
                    }
                }
            }
        }
        Ok(subject)
    }

    /// §8.2 Object to RDF Conversion (nodes recurse, lists per §8.3). `None` when nothing is produced.
    fn object(&mut self, object: &'a Json, graph: &GraphName) -> Result<Option<Term>> {
        work::count(Step::ObjectToRdf);
        let Json::Object(map) = object else {
            return Ok(None);
        };
        if let Some(list) = map.get("@list") {
            let items = list.as_array().map(Vec::as_slice).unwrap_or_default();
            return self.list(items, graph).map(Some);
        }
        if map.contains_key("@value") {
            let found = self.value(map);
            return match self.sink.salvage(found)? {
                Some(term) => Ok(term),
                None => {
                    self.sink.dropped += 1;
                    Ok(None)
                }
            };
        }
        // A node whose `@id` is invalid is dropped with the reference to it (lossy mode).
        if self.sink.lossy {
            if let Some(id) = map.get("@id").and_then(Json::as_str) {
                if !id.starts_with("_:") && self.named(id).is_none() {
                    self.node(map, graph)?;
                    self.sink.dropped += 1;
                    return Ok(None);
                }
            }
        }
        Ok(Some(subject_term(self.node(map, graph)?)))
    }

    /// §8.3 List to RDF Conversion.
    #[inline(never)]
    fn list(&mut self, items: &'a [Json], graph: &GraphName) -> Result<Term> {
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

    /// §8.2 steps 4–13 for a value object. `None` for a null `@value`.
    #[inline(never)]
    fn value(&mut self, map: &'a Map) -> Result<Option<Term>> {
        work::count(Step::ValueObjects);
        let _span = crate::profile::step(step::OBJECT_TO_RDF);
        let value = map.get("@value").unwrap_or(&Json::Null);
        let datatype = map.get("@type").and_then(Json::as_str);
        if datatype == Some("@json") {
            // Step 7: the canonical JSON form (RFC 8785), datatype rdf:JSON.
            let canonical = crate::canon::jcs::canonical_string(&serde_json::Value::from(value))?;
            return Ok(Some(json_literal(canonical).into()));
        }
        let datatype = match datatype {
            Some(dt) => Some(self.named(dt).ok_or_else(|| {
                lost(format!("datatype `{dt}` is not an absolute IRI"))
                    .locate(Locate::Value(dt.to_string(), &["@type", "type"]))
            })?),
            None => None,
        };
        let is_double = datatype.as_ref().is_some_and(|d| d.as_ref() == xsd::DOUBLE);
        let (lexical, default_type) = match value {
            Json::Null => return Ok(None),
            Json::Bool(b) => (b.to_string(), xsd::BOOLEAN),
            Json::Number(n) => number_lexical(n.as_f64().unwrap_or(f64::NAN), is_double),
            Json::String(s) => string_lexical(s.as_str(), is_double),
            other => {
                return Err(Error::new(
                    ErrorKind::Expansion,
                    format!("invalid value object value: `{other}`"),
                ))
            }
        };
        if let Some(dt) = datatype {
            return Ok(Some(Literal::new_typed_literal(lexical, dt).into()));
        }
        let language = match map.get("@language").and_then(Json::as_str) {
            Some(tag) => Some(self.language(tag)?),
            None => None,
        };
        let direction = map.get("@direction").and_then(Json::as_str);
        let literal = match (direction, language) {
            (Some(dir), language) => i18n_literal(lexical, language.as_deref(), dir)?,
            (None, Some(language)) => {
                Literal::new_language_tagged_literal_unchecked(lexical, language)
            }
            (None, None) => default_literal(lexical, default_type),
        };
        Ok(Some(literal.into()))
    }
}

impl<'a> State<'a> {
    /// A language tag, lower-cased, if it is well-formed BCP 47 (RFC 5646), as an RDF literal needs (§8.2 step
    /// 13); checked once per distinct tag. Errors: a safe-mode error naming the tag.
    fn language(&mut self, tag: &'a str) -> Result<String> {
        let checked = self.languages.entry(tag).or_insert_with(|| {
            oxilangtag::LanguageTag::parse(tag)
                .ok()
                .map(|_| tag.to_ascii_lowercase())
        });
        checked.clone().ok_or_else(|| {
            lost(format!("language tag `{tag}` is not well-formed (BCP 47)"))
                .locate(Locate::Value(tag.to_string(), &["@language"]))
        })
    }
}
