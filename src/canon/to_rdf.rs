//! Deserialize JSON-LD to RDF (JSON-LD 1.1 API §8.1–§8.3) from an expanded document straight into an oxrdf
//! dataset ([`Quads`], in the order the quads are produced), with `rdfDirection: i18n-datatype` and in safe mode: anything that would be silently dropped
//! (a relative `@id`, `@type` or IRI value, a blank node predicate, an ill-formed language tag) is an error naming
//! the value. Numbers, booleans and `@json` literals follow §8.2 exactly (the json-ld crate's own conversion
//! decides integer-vs-double from the lexeme and prints `@json` without RFC 8785, see cases 013 and 014); the
//! xsd:double lexical form is the one jsonld.js and PyLD produce (`toExponential(15)` with trailing zeros trimmed),
//! and like them a string `@value` typed xsd:double is re-serialized in that form. Where jsonld.js departs from
//! the spec (it types `5e-324` or `1e-7` as xsd:integer `0` because their `String()` has no `.`), we follow the
//! spec and PyLD.
//!
//! The walk follows the expanded tree instead of first building a node map (§7.2): it yields the same set of
//! quads, since node map generation only merges what the dataset's set semantics merges anyway.

use super::expand::Expanded;
use super::Quads;
use crate::error::{Error, ErrorKind, Locate, Result};
use json_ld::object::value::Literal as LdLiteral;
use json_ld::{Id, Indexed, IndexedObject, Node, Object, ValidId};
use oxrdf::vocab::{rdf, xsd};
use oxrdf::{BlankNode, GraphName, Literal, NamedNode, NamedNodeRef, Quad, Subject, Term};
use std::collections::HashMap;

const I18N: &str = "https://www.w3.org/ns/i18n#";
/// rdf:JSON (JSON-LD 1.1 §10.2; oxrdf defines it only with its RDF 1.2 feature).
const RDF_JSON: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#JSON";

/// Converts an expanded document to an RDF dataset (JSON-LD 1.1 API §8.1, safe mode). Blank nodes are labelled
/// `b0`, `b1`, … in order of first appearance; the dataset is a set (duplicates merge, as RDF requires). Errors: [`ErrorKind::SafeMode`] naming the value that would be lost.
pub fn to_rdf(expanded: &Expanded) -> Result<Quads> {
    convert(expanded, false).map(|(dataset, _)| dataset)
}

/// [`to_rdf`] without safe mode (`--lossy`): what the JSON-LD 1.1 API drops is dropped — statements with a
/// relative or invalid subject, type, property or object IRI, or an ill-formed language tag — and counted.
/// Returns the dataset and the number of statements dropped. Never a safe-mode error.
pub fn to_rdf_lossy(expanded: &Expanded) -> Result<(Quads, usize)> {
    convert(expanded, true)
}

fn convert(expanded: &Expanded, lossy: bool) -> Result<(Quads, usize)> {
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

/// What both deserializations to RDF build (this one and [`super::native::to_rdf`]'s): the dataset in the order
/// quads are produced, fresh blank node labels `b0`, `b1`, …, and `--lossy`'s count of dropped statements.
pub(crate) struct Sink {
    /// The dataset so far.
    pub dataset: Quads,
    next_blank: usize,
    /// `--lossy`: drop and count instead of refusing.
    pub lossy: bool,
    /// Statements dropped so far (lossy mode).
    pub dropped: usize,
}

impl Sink {
    /// An empty sink.
    pub fn new(lossy: bool) -> Sink {
        Sink {
            dataset: Quads::default(),
            next_blank: 0,
            lossy,
            dropped: 0,
        }
    }

    /// In lossy mode a safe-mode error becomes `None` (the caller drops what it was building); otherwise it stays
    /// an error.
    pub fn salvage<T>(&self, result: Result<T>) -> Result<Option<T>> {
        match result {
            Ok(v) => Ok(Some(v)),
            Err(e) if self.lossy && e.kind == ErrorKind::SafeMode => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// A fresh blank node (`b0`, `b1`, … in order of first appearance).
    pub fn fresh(&mut self) -> BlankNode {
        let node = BlankNode::new_unchecked(format!("b{}", self.next_blank));
        self.next_blank += 1;
        node
    }

    /// §8.3 List Conversion, first half: one fresh blank node per list item, made before the items are
    /// converted (so blank nodes are numbered as jsonld.js numbers them).
    pub fn list_cells(&mut self, items: usize) -> Vec<BlankNode> {
        (0..items).map(|_| self.fresh()).collect()
    }

    /// §8.3 List Conversion, per item: `cells[i] rdf:first first` (unless the item converted to nothing) and
    /// `cells[i] rdf:rest` the next cell or `rdf:nil`.
    pub fn list_cell(
        &mut self,
        cells: &[BlankNode],
        i: usize,
        first: Option<Term>,
        graph: &GraphName,
    ) {
        let cell: Subject = cells[i].clone().into();
        if let Some(term) = first {
            self.emit(true, &cell, rdf::FIRST.into_owned(), term, graph);
        }
        let rest: Term = match cells.get(i + 1) {
            Some(next) => next.clone().into(),
            None => rdf::NIL.into_owned().into(),
        };
        self.emit(true, &cell, rdf::REST.into_owned(), rest, graph);
    }

    /// Inserts the statement unless its subject was dropped (`keep` false), in which case it is counted.
    pub fn emit(
        &mut self,
        keep: bool,
        subject: &Subject,
        predicate: NamedNode,
        object: Term,
        graph: &GraphName,
    ) {
        if keep {
            self.dataset
                .insert(Quad::new(subject.clone(), predicate, object, graph.clone()));
        } else {
            self.dropped += 1;
        }
    }

    /// The dataset and the dropped count (0 in safe mode); safe mode refuses a document without quads.
    pub fn finish(self) -> Result<(Quads, usize)> {
        match (self.lossy, self.dataset.is_empty()) {
            (true, _) => Ok((self.dataset, self.dropped)),
            (false, true) => Err(no_quads()),
            (false, false) => Ok((self.dataset, 0)),
        }
    }
}

/// Safe mode's error for a document without quads (jsonld.js safe mode: "empty object", "object with only
/// @id", "free-floating scalar"); shared with [`super::native::to_rdf`].
pub(crate) fn no_quads() -> Error {
    Error::new(
        ErrorKind::SafeMode,
        "safe mode: the document yields no RDF quads (expansion dropped everything: an empty object, a node with only `@id`, or free-floating values)",
    )
}

/// Safe mode's error for a statement that would be lost; shared with [`super::native::to_rdf`].
pub(crate) fn lost(what: String) -> Error {
    Error::new(
        ErrorKind::SafeMode,
        format!("safe mode: {what}; its quad would be dropped"),
    )
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

    /// An `@id` as a subject (IRI or blank node); relative or invalid ids are safe-mode errors.
    fn id(&mut self, id: &Id<json_ld::IriBuf, json_ld::BlankIdBuf>, role: &str) -> Result<Subject> {
        match id {
            Id::Valid(ValidId::Iri(iri)) => Ok(NamedNode::new_unchecked(iri.as_str()).into()),
            Id::Valid(ValidId::Blank(b)) => Ok(self.blank(b.as_str()).into()),
            Id::Invalid(value) => {
                let keys: &'static [&'static str] = if role.contains("@type") {
                    &["@type", "type"]
                } else {
                    &["@id", "id"]
                };
                Err(lost(format!(
                    "{role} `{value}` is not an absolute IRI (relative or invalid)"
                ))
                .locate(Locate::Value(value.clone(), keys)))
            }
        }
    }

    fn predicate(&mut self, id: &Id<json_ld::IriBuf, json_ld::BlankIdBuf>) -> Result<NamedNode> {
        match id {
            Id::Valid(ValidId::Iri(iri)) => Ok(NamedNode::new_unchecked(iri.as_str())),
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
        match object.inner() {
            Object::Node(node) => {
                // A reference to a node whose `@id` is invalid is dropped with it (lossy mode).
                if let Some(id) = &node.id {
                    if self.sink.lossy && matches!(id, Id::Invalid(_)) {
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
    fn list(
        &mut self,
        items: &[Indexed<Object<json_ld::IriBuf, json_ld::BlankIdBuf>>],
        graph: &GraphName,
    ) -> Result<Term> {
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
    fn value(&mut self, value: &json_ld::object::Value<json_ld::IriBuf>) -> Result<Option<Term>> {
        use json_ld::object::Value as V;
        let literal = match value {
            V::Json(json) => {
                // Step 7: canonical lexical form of the JSON value (RFC 8785), datatype rdf:JSON.
                json_literal(super::jcs::canonicalize_json_ld_value(json)?)
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
                    Some(dt) => Literal::new_typed_literal(lexical, NamedNode::new_unchecked(dt)),
                    None => default_literal(lexical, default_type),
                }
            }
        };
        Ok(Some(literal.into()))
    }
}

/// A subject as an object term.
pub(crate) fn subject_term(subject: Subject) -> Term {
    match subject {
        Subject::NamedNode(n) => n.into(),
        Subject::BlankNode(b) => b.into(),
        #[allow(unreachable_patterns)]
        _ => unreachable!("JSON-LD subjects are IRIs or blank nodes"),
    }
}

/// §8.2 steps 10–11: a number's lexical form and datatype — xsd:double when typed so, not integral, or at least
/// 10^21, else xsd:integer.
pub(crate) fn number_lexical(number: f64, typed_double: bool) -> (String, NamedNodeRef<'static>) {
    if typed_double || number.fract() != 0.0 || number.abs() >= 1e21 {
        (xsd_double(number), xsd::DOUBLE)
    } else {
        (xsd_integer(number), xsd::INTEGER)
    }
}

/// A string's lexical form and datatype: itself as xsd:string, except that a string typed xsd:double holding a
/// finite number is re-serialized in canonical double form, as jsonld.js and PyLD do (the spec's step 10 speaks
/// only of numbers; signatures are computed that way).
pub(crate) fn string_lexical(text: &str, typed_double: bool) -> (String, NamedNodeRef<'static>) {
    match text.parse::<f64>() {
        Ok(number) if number.is_finite() && typed_double => (xsd_double(number), xsd::DOUBLE),
        _ => (text.to_string(), xsd::STRING),
    }
}

/// A literal without explicit datatype or language: simple for xsd:string, typed otherwise.
pub(crate) fn default_literal(lexical: String, default_type: NamedNodeRef<'_>) -> Literal {
    if default_type == xsd::STRING {
        Literal::new_simple_literal(lexical)
    } else {
        Literal::new_typed_literal(lexical, default_type)
    }
}

/// §8.2 step 12 with `rdfDirection: i18n-datatype`: datatype `https://www.w3.org/ns/i18n#{language}_{direction}`.
/// Errors: a safe-mode error if that is not an IRI.
pub(crate) fn i18n_literal(
    lexical: String,
    language: Option<&str>,
    direction: &str,
) -> Result<Literal> {
    let datatype = NamedNode::new(format!(
        "{I18N}{}_{direction}",
        language.unwrap_or_default()
    ))
    .map_err(|e| lost(format!("direction datatype is not an IRI: {e}")))?;
    Ok(Literal::new_typed_literal(lexical, datatype))
}

/// §8.2 step 7: a JSON literal, its canonical form (RFC 8785) typed rdf:JSON.
pub(crate) fn json_literal(canonical: String) -> Literal {
    Literal::new_typed_literal(canonical, NamedNode::new_unchecked(RDF_JSON))
}

/// Canonical lexical form of an xsd:double as the JSON-LD processors compute it (JSON-LD 1.1 API §8.6): one
/// non-zero digit before the point, at least one after, `E`, the exponent without `+` or leading zeros — from the
/// value rounded to 16 significant digits (`toExponential(15)`), trailing zeros trimmed. `0.5` → `5.0E-1`.
pub fn xsd_double(value: f64) -> String {
    if value == 0.0 {
        return "0.0E0".to_string();
    }
    let formatted = format!("{value:.15e}");
    let (mantissa, exponent) = formatted.split_once('e').expect("exponent form");
    let mantissa = match mantissa.split_once('.') {
        Some((int, frac)) => {
            let frac = frac.trim_end_matches('0');
            format!("{int}.{}", if frac.is_empty() { "0" } else { frac })
        }
        None => format!("{mantissa}.0"),
    };
    format!("{mantissa}E{exponent}")
}

/// Canonical lexical form of an xsd:integer for an integral double below 10^21 (JSON-LD 1.1 API §8.2 step 11):
/// all digits, no sign for zero (so `-0` → `0`).
pub fn xsd_integer(value: f64) -> String {
    if value == 0.0 {
        return "0".to_string();
    }
    format!("{value:.0}")
}
