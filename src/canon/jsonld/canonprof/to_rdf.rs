//! Deserialize JSON-LD to RDF (JSON-LD 1.1 API §8.1 Deserialize JSON-LD to RDF Algorithm, §8.2 Object to RDF
//! Conversion, §8.3 List to RDF Conversion) from canonprof's expanded documents, into the interned
//! [`Dataset`], with the pieces shared with the json-ld crate engine ([`crate::canon::jsonld::rdf`]): `rdfDirection:
//! i18n-datatype`, blank nodes labelled `b0`, `b1`, … in order of first appearance, the walk following the
//! expanded tree (node map generation, §7.2, only merges what the dataset's set semantics merges anyway), and
//! safe mode — a relative `@id`, `@type` or property IRI, a blank node predicate or an ill-formed language tag
//! is an error naming the value; `--lossy` drops and counts instead.

use super::{Json, Map, Str};
use crate::canon::dataset::{Dataset, TermId, DEFAULT_GRAPH};
use crate::canon::jsonld::rdf::{
    is_rdf_iri, lost, number_lexical, string_lexical, Sink, I18N, RDF_JSON,
};
use crate::canon::jsonld::syntax::is_blank;
use crate::canon::step;
use crate::canon::work::{self, Step};
use crate::error::{Error, ErrorKind, Locate, Result};
/// The document-local maps of the conversion (foldhash: cheap to make, once per document).
type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;
use oxrdf::vocab::{rdf, xsd};

/// Converts an expanded document (the items of [`super::expand::Expander::document`]) to an RDF dataset.
/// `lossy` false is safe mode. Returns the dataset and the number of statements dropped (always 0 in safe
/// mode). Errors: [`ErrorKind::SafeMode`] naming the value whose quad would be lost, including a document that
/// yields no quads at all.
pub(crate) fn to_rdf(expanded: &[Json], lossy: bool) -> Result<(Dataset, usize)> {
    let mut sink = Sink::new(lossy);
    let rdf_type = sink.dataset.iri(rdf::TYPE.as_str());
    let mut state = State {
        sink,
        rdf_type,
        invalid: HashMap::default(),
        languages: HashMap::default(),
        blank: HashMap::default(),
    };
    for item in expanded {
        if let Json::Object(node) = item {
            if !node.contains_key("@value") && !node.contains_key("@list") {
                state.node(node, DEFAULT_GRAPH)?;
            }
        }
    }
    state.sink.finish()
}

struct State<'a> {
    sink: Sink,
    /// `rdf:type`'s term.
    rdf_type: TermId,
    /// Strings found not to be absolute IRIs (an IRI in the dataset's table was checked when it was added, so
    /// each distinct IRI is checked once per document).
    invalid: HashMap<&'a str, ()>,
    /// Language tags already checked (BCP 47), lower-cased; `None` if ill-formed.
    languages: HashMap<&'a str, Option<Str>>,
    /// The document's blank node identifiers → their fresh blank nodes.
    blank: HashMap<&'a str, TermId>,
}

/// A literal's lexical form: the document's string itself, or one computed from it.
enum Lexical<'a> {
    Shared(&'a Str),
    Computed(String),
}

impl<'a> State<'a> {
    /// `iri` as a term if it is a well-formed absolute IRI ([`is_rdf_iri`], checked once per distinct string).
    fn named(&mut self, iri: &'a Str) -> Option<TermId> {
        let invalid = &self.invalid;
        let found = self
            .sink
            .dataset
            .iri_checked(iri, |iri| !invalid.contains_key(iri) && is_rdf_iri(iri));
        if found.is_none() {
            self.invalid.insert(iri, ());
        }
        found
    }

    fn blank(&mut self, id: &'a str) -> TermId {
        if let Some(&node) = self.blank.get(id) {
            return node;
        }
        let node = self.sink.fresh_id();
        self.blank.insert(id, node);
        node
    }

    /// An `@id` or `@type` value as a subject: a blank node identifier or a well-formed absolute IRI.
    fn id(&mut self, id: &'a Str, role: &str) -> Result<TermId> {
        // A label with white space jsonld.js's blank node test excludes is no blank node identifier.
        if let Some(label) = id.strip_prefix("_:").filter(|_| is_blank(id)) {
            return Ok(self.blank(label));
        }
        match self.named(id) {
            Some(iri) => Ok(iri),
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

    fn predicate(&mut self, property: &'a Str) -> Result<TermId> {
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
    fn node(&mut self, node: &'a Map, graph: TermId) -> Result<TermId> {
        work::count(Step::NodeObjects);
        let (subject, keep) = match node.get("@id") {
            Some(Json::String(id)) => {
                let found = self.id(id, "`@id` value");
                match self.sink.salvage(found)? {
                    Some(subject) => (subject, true),
                    None => (self.sink.fresh_id(), false),
                }
            }
            _ => (self.sink.fresh_id(), true),
        };
        for (key, value) in node {
            match key.as_str() {
                "@type" => {
                    for ty in value.as_array().into_iter().flatten() {
                        let Json::String(ty) = ty else { continue };
                        let found = self.id(ty, "`@type` value");
                        match self.sink.salvage(found)? {
                            Some(object) => {
                                self.sink
                                    .emit_ids(keep, subject, self.rdf_type, object, graph)
                            }
                            None => self.sink.dropped += 1,
                        }
                    }
                }
                "@reverse" => {
                    let Json::Object(reverse) = value else {
                        continue;
                    };
                    for (property, nodes) in reverse {
                        let found = self.predicate(property);
                        let predicate = self.sink.salvage(found)?;
                        for other in nodes.as_array().into_iter().flatten() {
                            let Json::Object(other) = other else { continue };
                            let other_subject = self.node(other, graph)?;
                            match predicate {
                                Some(p) => {
                                    self.sink.emit_ids(keep, other_subject, p, subject, graph)
                                }
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
                    // The node names the graph its `@graph` entry holds.
                    for inner in value.as_array().into_iter().flatten() {
                        if let Json::Object(inner) = inner {
                            if !inner.contains_key("@value") && !inner.contains_key("@list") {
                                self.node(inner, subject)?;
                            }
                        }
                    }
                }
                k if k.starts_with('@') => {}
                _ => {
                    let found = self.predicate(key);
                    let predicate = self.sink.salvage(found)?;
                    for object in value.as_array().into_iter().flatten() {
                        let term = self.object(object, graph)?;
                        match (predicate, term) {
                            (Some(p), Some(term)) => {
                                self.sink.emit_ids(keep, subject, p, term, graph)
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
    fn object(&mut self, object: &'a Json, graph: TermId) -> Result<Option<TermId>> {
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
            if let Some(Json::String(id)) = map.get("@id") {
                if !id.starts_with("_:") && self.named(id).is_none() {
                    self.node(map, graph)?;
                    self.sink.dropped += 1;
                    return Ok(None);
                }
            }
        }
        Ok(Some(self.node(map, graph)?))
    }

    /// §8.3 List to RDF Conversion.
    #[inline(never)]
    fn list(&mut self, items: &'a [Json], graph: TermId) -> Result<TermId> {
        work::count(Step::ListToRdf);
        let _span = crate::profile::step(step::LIST_TO_RDF);
        if items.is_empty() {
            return Ok(self.sink.dataset.iri(rdf::NIL.as_str()));
        }
        let cells = self.sink.list_cell_ids(items.len());
        for (i, item) in items.iter().enumerate() {
            let first = self.object(item, graph)?;
            self.sink.list_cell_id(&cells, i, first, graph);
        }
        Ok(cells[0])
    }

    /// §8.2 steps 4–13 for a value object. `None` for a null `@value`.
    #[inline(never)]
    fn value(&mut self, map: &'a Map) -> Result<Option<TermId>> {
        work::count(Step::ValueObjects);
        let _span = crate::profile::step(step::OBJECT_TO_RDF);
        let value = map.get("@value").unwrap_or(&Json::Null);
        let datatype = match map.get("@type") {
            Some(Json::String(dt)) => Some(dt),
            _ => None,
        };
        if datatype.is_some_and(|dt| dt == "@json") {
            // Step 7: the canonical JSON form (RFC 8785), datatype rdf:JSON.
            let canonical = crate::canon::jcs::canonical_string(&serde_json::Value::from(value))?;
            let rdf_json = self.sink.dataset.iri(RDF_JSON);
            return Ok(Some(self.sink.dataset.literal(&canonical, rdf_json, None)));
        }
        let datatype = match datatype {
            Some(dt) => Some(self.named(dt).ok_or_else(|| {
                lost(format!("datatype `{dt}` is not an absolute IRI"))
                    .locate(Locate::Value(dt.to_string(), &["@type", "type"]))
            })?),
            None => None,
        };
        let is_double = map
            .get("@type")
            .is_some_and(|dt| dt == xsd::DOUBLE.as_str());
        let (lexical, default_type) = match value {
            Json::Null => return Ok(None),
            Json::Bool(b) => (Lexical::Computed(b.to_string()), xsd::BOOLEAN),
            Json::Number(n) => {
                let (lexical, datatype) = number_lexical(n.as_f64().unwrap_or(f64::NAN), is_double);
                (Lexical::Computed(lexical), datatype)
            }
            Json::String(s) if !is_double => (Lexical::Shared(s), xsd::STRING),
            Json::String(s) => {
                let (lexical, datatype) = string_lexical(s, is_double);
                (Lexical::Computed(lexical), datatype)
            }
            other => {
                return Err(Error::new(
                    ErrorKind::Expansion,
                    format!("invalid value object value: `{other}`"),
                ))
            }
        };
        if let Some(dt) = datatype {
            return Ok(Some(self.literal(&lexical, dt, None)));
        }
        let language = match map.get("@language") {
            Some(Json::String(tag)) => Some(self.language(tag)?),
            _ => None,
        };
        let direction = map.get("@direction").and_then(Json::as_str);
        let term = match (direction, language) {
            (Some(dir), language) => {
                // §8.2 step 12 with `rdfDirection: i18n-datatype`.
                let iri = format!("{I18N}{}_{dir}", language.as_deref().unwrap_or_default());
                if let Err(e) = oxrdf::NamedNode::new(iri.as_str()) {
                    return Err(lost(format!("direction datatype is not an IRI: {e}")));
                }
                let datatype = self.sink.dataset.iri(&iri);
                self.literal(&lexical, datatype, None)
            }
            (None, Some(language)) => {
                let datatype = self.sink.dataset.iri(rdf::LANG_STRING.as_str());
                self.literal(&lexical, datatype, Some(&language))
            }
            (None, None) => {
                let datatype = self.sink.dataset.iri(default_type.as_str());
                self.literal(&lexical, datatype, None)
            }
        };
        Ok(Some(term))
    }

    /// A literal term, sharing the document's string where it is the lexical form.
    fn literal(&mut self, lexical: &Lexical, datatype: TermId, language: Option<&Str>) -> TermId {
        match lexical {
            Lexical::Shared(s) => self.sink.dataset.literal_str(s, datatype, language),
            Lexical::Computed(s) => {
                self.sink
                    .dataset
                    .literal(s, datatype, language.map(Str::as_str))
            }
        }
    }
}

impl<'a> State<'a> {
    /// A language tag, lower-cased, if it is well-formed BCP 47 (RFC 5646), as an RDF literal needs (§8.2 step
    /// 13); checked once per distinct tag. Errors: a safe-mode error naming the tag.
    fn language(&mut self, tag: &'a str) -> Result<Str> {
        let checked = self.languages.entry(tag).or_insert_with(|| {
            oxilangtag::LanguageTag::parse(tag)
                .ok()
                .map(|_| Str::from(tag.to_ascii_lowercase()))
        });
        checked.clone().ok_or_else(|| {
            lost(format!("language tag `{tag}` is not well-formed (BCP 47)"))
                .locate(Locate::Value(tag.to_string(), &["@language"]))
        })
    }
}
