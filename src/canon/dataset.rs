//! An RDF dataset as the canonicalization pipeline holds it (RDF 1.1 Concepts §4 "RDF Datasets"): every distinct
//! term stored once and named by a number ([`TermId`]), every quad four such numbers ([`QuadIds`]), quads a set
//! that remembers insertion order. Deserialization to RDF interns each term as it meets it (a term already in
//! the table costs one lookup, no copy), RDFC-1.0 labeling works on the numbers (a blank node is a position in a
//! vector, not a string looked up in a map), and the N-Quads lines of both labeling and serialization are written
//! from the table (RDFC-1.0 Appendix A). [`Quads`], the `oxrdf` form, stays the interchange type of the rest of
//! canonprof (ecdsa-sd-2023's selections, N-Quads input, the tests): [`Dataset::from`] and [`Dataset::to_quads`]
//! convert, in the order of the quads.

use super::literal_escape::push_quoted;
use super::{Quads, Str};
use indexmap::map::raw_entry_v1::{RawEntryApiV1, RawEntryMut};
use indexmap::{Equivalent, IndexMap, IndexSet};
use oxrdf::vocab::xsd;
use oxrdf::{BlankNodeRef, GraphNameRef, LiteralRef, NamedNodeRef, QuadRef, SubjectRef, TermRef};
use std::hash::{BuildHasher, Hash, Hasher};

/// The number of a term in a [`Dataset`]'s table.
pub(crate) type TermId = u32;

/// The graph name of the default graph in [`QuadIds::graph`].
pub(crate) const DEFAULT_GRAPH: TermId = TermId::MAX;

/// A term of the table: an IRI, a blank node (its label, without `_:`) or a literal (its lexical form, the
/// number of its datatype IRI, and its language tag for `rdf:langString`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Term {
    /// An IRI (already checked by whoever interned it).
    Iri(Str),
    /// A blank node, by its label without `_:`.
    BlankNode(Str),
    /// A literal.
    Literal {
        /// The lexical form.
        value: Str,
        /// The datatype IRI's [`TermId`] (`rdf:langString` when there is a language tag).
        datatype: TermId,
        /// The language tag, lower-cased as the JSON-LD processors give it.
        language: Option<Str>,
    },
}

/// Lexical forms longer than this (bytes) are hashed by their length and their first and last halves of it.
const LONG_LITERAL: usize = 256;

/// A term as looked up, before it is known to be in the table (no copy).
#[derive(Clone, Copy)]
enum Key<'a> {
    Iri(&'a str),
    BlankNode(&'a str),
    Literal(&'a str, TermId, Option<&'a str>),
}

impl Key<'_> {
    fn hash_into<H: Hasher>(&self, state: &mut H) {
        match *self {
            Key::Iri(iri) => {
                state.write_u8(0);
                iri.hash(state);
            }
            Key::BlankNode(label) => {
                state.write_u8(1);
                label.hash(state);
            }
            Key::Literal(value, datatype, language) => {
                state.write_u8(2);
                // A long lexical form (an image in base64, say) is hashed by its length and ends; equality
                // still compares it whole.
                match value.len() {
                    0..=LONG_LITERAL => value.hash(state),
                    len => {
                        state.write_usize(len);
                        state.write(&value.as_bytes()[..LONG_LITERAL / 2]);
                        state.write(&value.as_bytes()[len - LONG_LITERAL / 2..]);
                    }
                }
                datatype.hash(state);
                language.hash(state);
            }
        }
    }
}

impl Term {
    fn key(&self) -> Key<'_> {
        match self {
            Term::Iri(iri) => Key::Iri(iri),
            Term::BlankNode(label) => Key::BlankNode(label),
            Term::Literal {
                value,
                datatype,
                language,
            } => Key::Literal(value, *datatype, language.as_deref()),
        }
    }
}

impl Hash for Term {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash_into(state);
    }
}

impl Hash for Key<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash_into(state);
    }
}

impl Equivalent<Term> for Key<'_> {
    fn equivalent(&self, term: &Term) -> bool {
        match (*self, term) {
            (Key::Iri(a), Term::Iri(b)) | (Key::BlankNode(a), Term::BlankNode(b)) => {
                a == b.as_str()
            }
            (
                Key::Literal(value, datatype, language),
                Term::Literal {
                    value: v,
                    datatype: d,
                    language: l,
                },
            ) => value == v.as_str() && datatype == *d && language == l.as_deref(),
            _ => false,
        }
    }
}

/// One quad: subject, predicate, object and graph name as [`TermId`]s ([`DEFAULT_GRAPH`] for the default graph).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QuadIds {
    /// The subject (an IRI or a blank node).
    pub subject: TermId,
    /// The predicate (an IRI).
    pub predicate: TermId,
    /// The object.
    pub object: TermId,
    /// The graph name, or [`DEFAULT_GRAPH`].
    pub graph: TermId,
}

impl QuadIds {
    /// The quad's terms that can be blank nodes, with their positions: subject, object and graph name.
    pub fn blank_candidates(&self) -> [(Position, TermId); 3] {
        [
            (Position::Subject, self.subject),
            (Position::Object, self.object),
            (Position::Graph, self.graph),
        ]
    }
}

/// A position in a quad where a blank node can be (RDFC-1.0 §4.7 `position`: `s`, `o` or `g`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    /// The subject.
    Subject,
    /// The object.
    Object,
    /// The graph name.
    Graph,
}

/// The hasher of a dataset's tables: foldhash, seeded per process (cheap to make, which a credential's dataset
/// does once per canonicalization).
pub(crate) type TableHasher = foldhash::fast::RandomState;

/// Room made for terms and quads up front: what a small credential needs, so its tables do not grow step by step.
const INITIAL_CAPACITY: usize = 32;

/// An RDF dataset with interned terms (see the module documentation).
#[derive(Debug, Clone)]
pub struct Dataset {
    terms: IndexMap<Term, (), TableHasher>,
    quads: IndexSet<QuadIds, TableHasher>,
}

impl Default for Dataset {
    fn default() -> Dataset {
        Dataset {
            terms: IndexMap::with_capacity_and_hasher(INITIAL_CAPACITY, TableHasher::default()),
            quads: IndexSet::with_capacity_and_hasher(INITIAL_CAPACITY, TableHasher::default()),
        }
    }
}

impl Dataset {
    /// An empty dataset.
    pub fn new() -> Dataset {
        Dataset::default()
    }

    /// The number of the term `key` names, added as `make()` if it is new (one hash either way).
    fn intern(&mut self, key: Key<'_>, make: impl FnOnce() -> Term) -> TermId {
        let hash = self.terms.hasher().hash_one(key);
        match self
            .terms
            .raw_entry_mut_v1()
            .from_hash(hash, |term| key.equivalent(term))
        {
            RawEntryMut::Occupied(entry) => entry.index() as TermId,
            RawEntryMut::Vacant(entry) => {
                let id = entry.index() as TermId;
                entry.insert_hashed_nocheck(hash, make(), ());
                id
            }
        }
    }

    /// The IRI `iri` (checked by the caller), interned.
    pub fn iri(&mut self, iri: &str) -> TermId {
        self.intern(Key::Iri(iri), || Term::Iri(Str::from(iri)))
    }

    /// The IRI `iri`, interned if `check` accepts it: a string already in the table is not checked again (one
    /// hash either way). `None` when `check` refuses it.
    pub fn iri_checked(&mut self, iri: &Str, check: impl FnOnce(&str) -> bool) -> Option<TermId> {
        let key = Key::Iri(iri);
        let hash = self.terms.hasher().hash_one(key);
        match self
            .terms
            .raw_entry_mut_v1()
            .from_hash(hash, |term| key.equivalent(term))
        {
            RawEntryMut::Occupied(entry) => Some(entry.index() as TermId),
            RawEntryMut::Vacant(entry) => {
                if !check(iri) {
                    return None;
                }
                let id = entry.index() as TermId;
                entry.insert_hashed_nocheck(hash, Term::Iri(iri.clone()), ());
                Some(id)
            }
        }
    }

    /// The blank node labelled `label` (without `_:`), interned.
    pub fn blank_node(&mut self, label: &str) -> TermId {
        self.intern(Key::BlankNode(label), || Term::BlankNode(Str::from(label)))
    }

    /// The literal `value` of datatype `datatype` (a [`TermId`] of an IRI), with `language` for
    /// `rdf:langString`, interned.
    pub fn literal(&mut self, value: &str, datatype: TermId, language: Option<&str>) -> TermId {
        self.intern(Key::Literal(value, datatype, language), || Term::Literal {
            value: Str::from(value),
            datatype,
            language: language.map(Str::from),
        })
    }

    /// [`Dataset::literal`] of a lexical form and language tag held as [`Str`]s: a new entry shares them.
    pub fn literal_str(&mut self, value: &Str, datatype: TermId, language: Option<&Str>) -> TermId {
        self.intern(
            Key::Literal(value, datatype, language.map(Str::as_str)),
            || Term::Literal {
                value: value.clone(),
                datatype,
                language: language.cloned(),
            },
        )
    }

    /// An `oxrdf` term, interned.
    fn term_ref(&mut self, term: TermRef<'_>) -> TermId {
        match term {
            TermRef::NamedNode(n) => self.iri(n.as_str()),
            TermRef::BlankNode(b) => self.blank_node(b.as_str()),
            TermRef::Literal(l) => {
                let datatype = self.iri(l.datatype().as_str());
                self.literal(l.value(), datatype, l.language())
            }
            #[allow(unreachable_patterns)]
            _ => unreachable!("oxrdf without RDF-star"),
        }
    }

    /// Adds a quad; false if the dataset had it already.
    pub fn insert(&mut self, quad: QuadIds) -> bool {
        self.quads.insert(quad)
    }

    /// Adds an `oxrdf` quad; false if the dataset had it already.
    pub fn insert_ref(&mut self, quad: QuadRef<'_>) -> bool {
        let subject = self.term_ref(quad.subject.into());
        let predicate = self.iri(quad.predicate.as_str());
        let object = self.term_ref(quad.object);
        let graph = match quad.graph_name {
            GraphNameRef::DefaultGraph => DEFAULT_GRAPH,
            GraphNameRef::NamedNode(n) => self.iri(n.as_str()),
            GraphNameRef::BlankNode(b) => self.blank_node(b.as_str()),
        };
        self.insert(QuadIds {
            subject,
            predicate,
            object,
            graph,
        })
    }

    /// Number of quads.
    pub fn len(&self) -> usize {
        self.quads.len()
    }

    /// Whether there is no quad.
    pub fn is_empty(&self) -> bool {
        self.quads.is_empty()
    }

    /// Number of distinct terms (all kinds, datatype IRIs included).
    pub fn term_count(&self) -> usize {
        self.terms.len()
    }

    /// The quads, in insertion order.
    pub fn quads(&self) -> &IndexSet<QuadIds, TableHasher> {
        &self.quads
    }

    /// The term numbered `id`.
    pub fn term(&self, id: TermId) -> &Term {
        self.terms
            .get_index(id as usize)
            .map(|(term, _)| term)
            .expect("a term of this dataset")
    }

    /// Whether `id` is a blank node (false for [`DEFAULT_GRAPH`]).
    pub fn is_blank(&self, id: TermId) -> bool {
        id != DEFAULT_GRAPH && matches!(self.term(id), Term::BlankNode(_))
    }

    /// The label (without `_:`) of blank node `id`.
    pub fn blank_label(&self, id: TermId) -> &str {
        match self.term(id) {
            Term::BlankNode(label) => label,
            other => unreachable!("{other:?} is no blank node"),
        }
    }

    fn term_as_ref(&self, id: TermId) -> TermRef<'_> {
        match self.term(id) {
            Term::Iri(iri) => NamedNodeRef::new_unchecked(iri).into(),
            Term::BlankNode(label) => BlankNodeRef::new_unchecked(label).into(),
            Term::Literal {
                value,
                datatype,
                language,
            } => match language {
                Some(language) => {
                    LiteralRef::new_language_tagged_literal_unchecked(value, language).into()
                }
                None => {
                    let datatype = NamedNodeRef::new_unchecked(self.iri_text(*datatype));
                    if datatype == xsd::STRING {
                        LiteralRef::new_simple_literal(value).into()
                    } else {
                        LiteralRef::new_typed_literal(value, datatype).into()
                    }
                }
            },
        }
    }

    fn iri_text(&self, id: TermId) -> &str {
        match self.term(id) {
            Term::Iri(iri) => iri,
            other => unreachable!("{other:?} is no IRI"),
        }
    }

    /// A quad as `oxrdf` references into the table.
    fn quad_ref(&self, quad: &QuadIds) -> QuadRef<'_> {
        let subject = match self.term_as_ref(quad.subject) {
            TermRef::NamedNode(n) => SubjectRef::NamedNode(n),
            TermRef::BlankNode(b) => SubjectRef::BlankNode(b),
            other => unreachable!("a literal subject {other}"),
        };
        let graph = match quad.graph {
            DEFAULT_GRAPH => GraphNameRef::DefaultGraph,
            id => match self.term_as_ref(id) {
                TermRef::NamedNode(n) => GraphNameRef::NamedNode(n),
                TermRef::BlankNode(b) => GraphNameRef::BlankNode(b),
                other => unreachable!("a literal graph name {other}"),
            },
        };
        QuadRef::new(
            subject,
            NamedNodeRef::new_unchecked(self.iri_text(quad.predicate)),
            self.term_as_ref(quad.object),
            graph,
        )
    }

    /// The quads as `oxrdf` references, in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = QuadRef<'_>> + '_ {
        self.quads.iter().map(|q| self.quad_ref(q))
    }

    /// The dataset in `oxrdf`'s form, in insertion order.
    pub fn to_quads(&self) -> Quads {
        self.iter().map(QuadRef::into_owned).collect()
    }

    /// Appends one term in canonical N-Quads form (RDFC-1.0 Appendix A): `<iri>`, a literal quoted and escaped
    /// (`canon::literal_escape`'s `push_quoted`) with `@language` or `^^<datatype>` (none for `xsd:string`), and a blank
    /// node as `blank` writes it (given its [`TermId`]).
    pub fn push_term(&self, out: &mut String, id: TermId, blank: &dyn Fn(&mut String, TermId)) {
        match self.term(id) {
            Term::Iri(iri) => {
                out.push('<');
                out.push_str(iri);
                out.push('>');
            }
            Term::BlankNode(_) => blank(out, id),
            Term::Literal {
                value,
                datatype,
                language,
            } => {
                push_quoted(out, value);
                if let Some(language) = language {
                    out.push('@');
                    out.push_str(language);
                } else {
                    let datatype = self.iri_text(*datatype);
                    if datatype != xsd::STRING.as_str() {
                        out.push_str("^^<");
                        out.push_str(datatype);
                        out.push('>');
                    }
                }
            }
        }
    }

    /// Appends one quad in canonical N-Quads form, ending in ` .\n` (RDFC-1.0 Appendix A), blank nodes written
    /// by `blank`.
    pub fn push_quad(&self, out: &mut String, quad: &QuadIds, blank: &dyn Fn(&mut String, TermId)) {
        self.push_term(out, quad.subject, blank);
        out.push(' ');
        self.push_term(out, quad.predicate, blank);
        out.push(' ');
        self.push_term(out, quad.object, blank);
        if quad.graph != DEFAULT_GRAPH {
            out.push(' ');
            self.push_term(out, quad.graph, blank);
        }
        out.push_str(" .\n");
    }
}

impl From<&Quads> for Dataset {
    fn from(quads: &Quads) -> Dataset {
        let mut dataset = Dataset::new();
        for quad in quads {
            dataset.insert_ref(quad.as_ref());
        }
        dataset
    }
}

impl PartialEq for Dataset {
    /// The same quads in the same order (terms compared by value, whatever their numbers).
    fn eq(&self, other: &Dataset) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxrdf::{BlankNode, GraphName, Literal, NamedNode, Quad};

    fn sample() -> Quads {
        let s = NamedNode::new_unchecked("https://example.org/s");
        let p = NamedNode::new_unchecked("https://example.org/p");
        let b = BlankNode::new_unchecked("b0");
        [
            Quad::new(
                s.clone(),
                p.clone(),
                Literal::new_simple_literal("a"),
                GraphName::DefaultGraph,
            ),
            Quad::new(
                s.clone(),
                p.clone(),
                Literal::new_language_tagged_literal_unchecked("a", "en"),
                GraphName::DefaultGraph,
            ),
            Quad::new(
                s.clone(),
                p.clone(),
                Literal::new_typed_literal("1", xsd::INTEGER),
                b.clone(),
            ),
            Quad::new(
                b.clone(),
                p.clone(),
                s.clone(),
                GraphName::NamedNode(s.clone()),
            ),
            Quad::new(
                s.clone(),
                p.clone(),
                Literal::new_simple_literal("a"),
                GraphName::DefaultGraph,
            ),
        ]
        .into_iter()
        .collect()
    }

    #[test]
    fn round_trips_through_oxrdf_in_order() {
        let quads = sample();
        assert_eq!(quads.len(), 4, "the repeated quad is one");
        let dataset = Dataset::from(&quads);
        assert_eq!(dataset.len(), 4);
        assert_eq!(dataset.to_quads(), quads);
        assert!(dataset
            .iter()
            .zip(quads.iter())
            .all(|(a, b)| a == b.as_ref()));
        // s, p, "a", "a"@en, rdf:langString, xsd:string, "1", xsd:integer, _:b0
        assert_eq!(dataset.term_count(), 9);
    }

    #[test]
    fn writes_the_canonical_nquads_oxrdf_writes() {
        let quads = sample();
        let dataset = Dataset::from(&quads);
        for (ids, quad) in dataset.quads().iter().zip(quads.iter()) {
            let mut ours = String::new();
            dataset.push_quad(&mut ours, ids, &|out, id| {
                out.push_str("_:");
                out.push_str(dataset.blank_label(id));
            });
            assert_eq!(ours, format!("{quad} .\n"));
        }
    }
}
