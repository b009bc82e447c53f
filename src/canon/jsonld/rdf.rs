//! What both deserializations to RDF share (JSON-LD 1.1 API §8.1 Deserialize JSON-LD to RDF, §8.2 Object to RDF
//! Conversion, §8.3 List to RDF Conversion): the `Sink` the quads go into, the literal rules of §8.2 (numbers,
//! booleans, `@json`, `rdfDirection: i18n-datatype`), and safe mode's refusals of what §8 would drop. Each engine
//! walks its own expanded tree ([`super::json_ld_crate::to_rdf`], [`super::canonprof::to_rdf`]) and builds terms
//! with these, so the two give the same dataset, in the same quad order for the same tree.
//!
//! Numbers, booleans and `@json` literals follow §8.2 exactly (the json-ld crate's own conversion decides
//! integer-vs-double from the lexeme and prints `@json` without RFC 8785, see cases 013 and 014); the xsd:double
//! lexical form is the one jsonld.js and PyLD produce (`toExponential(15)` with trailing zeros trimmed), and like
//! them a string `@value` typed xsd:double is re-serialized in that form. Where jsonld.js departs from the spec
//! (it types `5e-324` or `1e-7` as xsd:integer `0` because their `String()` has no `.`), we follow the spec and
//! PyLD.

use super::safe_mode::Violation;
use crate::canon::work::{self, Step};
use crate::canon::Quads;
use crate::error::{Error, ErrorKind, Result};
use oxrdf::vocab::{rdf, xsd};
use oxrdf::{BlankNode, GraphName, Literal, NamedNode, NamedNodeRef, Quad, Subject, Term};

const I18N: &str = "https://www.w3.org/ns/i18n#";
/// rdf:JSON (JSON-LD 1.1 §10.2; oxrdf defines it only with its RDF 1.2 feature).
const RDF_JSON: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#JSON";

/// What both deserializations to RDF build: the dataset in the order
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
        work::count(Step::BlankNodesGenerated);
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
        work::add(Step::ListQuads, 1 + u64::from(first.is_some()));
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
            work::count(Step::QuadsEmitted);
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

/// Safe mode's error for a document without quads ([`Violation::NoQuads`]).
pub(crate) fn no_quads() -> Error {
    Violation::NoQuads.error()
}

/// Safe mode's error for a statement that would be lost ([`Violation::Lost`]).
pub(crate) fn lost(what: String) -> Error {
    Violation::Lost { what }.error()
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
