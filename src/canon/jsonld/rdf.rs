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
use crate::canon::dataset::{Dataset, QuadIds, TermId};
use crate::canon::work::{self, Step};
use crate::canon::Str;
use crate::error::{Error, ErrorKind, Result};
use oxrdf::vocab::{rdf, xsd};
use oxrdf::{BlankNode, GraphName, Literal, NamedNode, NamedNodeRef, QuadRef, Subject, Term};
use std::fmt::Write;

pub(crate) const I18N: &str = "https://www.w3.org/ns/i18n#";
/// rdf:JSON (JSON-LD 1.1 §10.2; oxrdf defines it only with its RDF 1.2 feature).
pub(crate) const RDF_JSON: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#JSON";

/// What both deserializations to RDF build: the dataset in the order quads are produced (terms interned as they
/// come, [`Dataset`]), fresh blank node labels `b0`, `b1`, …, and `--lossy`'s count of dropped statements. An engine
/// hands it either `oxrdf` terms ([`Sink::emit`], the json-ld crate's engine) or terms it interned itself
/// ([`Sink::emit_ids`], canonprof's).
pub(crate) struct Sink {
    /// The dataset so far.
    pub dataset: Dataset,
    next_blank: usize,
    /// `--lossy`: drop and count instead of refusing.
    pub lossy: bool,
    /// Statements dropped so far (lossy mode).
    pub dropped: usize,
}

impl Sink {
    /// An empty sink.
    pub(crate) fn new(lossy: bool) -> Sink {
        Sink {
            dataset: Dataset::new(),
            next_blank: 0,
            lossy,
            dropped: 0,
        }
    }

    /// In lossy mode a safe-mode error becomes `None` (the caller drops what it was building); otherwise it stays
    /// an error.
    pub(crate) fn salvage<T>(&self, result: Result<T>) -> Result<Option<T>> {
        match result {
            Ok(v) => Ok(Some(v)),
            Err(e) if self.lossy && e.kind() == ErrorKind::SafeMode => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn next_label(&mut self) -> Str {
        work::count(Step::BlankNodesGenerated);
        let mut label = smol_str::SmolStrBuilder::new();
        let _ = write!(label, "b{}", self.next_blank);
        self.next_blank += 1;
        label.finish()
    }

    /// A fresh blank node (`b0`, `b1`, … in order of first appearance).
    pub(crate) fn fresh(&mut self) -> BlankNode {
        BlankNode::new_unchecked(self.next_label().as_str())
    }

    /// [`Sink::fresh`], interned.
    pub(crate) fn fresh_id(&mut self) -> TermId {
        let label = self.next_label();
        self.dataset.blank_node(&label)
    }

    /// §8.3 List Conversion, first half: one fresh blank node per list item, made before the items are
    /// converted (so blank nodes are numbered as jsonld.js numbers them).
    pub(crate) fn list_cells(&mut self, items: usize) -> Vec<BlankNode> {
        (0..items).map(|_| self.fresh()).collect()
    }

    /// [`Sink::list_cells`], interned.
    pub(crate) fn list_cell_ids(&mut self, items: usize) -> Vec<TermId> {
        (0..items).map(|_| self.fresh_id()).collect()
    }

    /// §8.3 List Conversion, per item: `cells[i] rdf:first first` (unless the item converted to nothing) and
    /// `cells[i] rdf:rest` the next cell or `rdf:nil`.
    pub(crate) fn list_cell(
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

    /// [`Sink::list_cell`], interned.
    pub(crate) fn list_cell_id(
        &mut self,
        cells: &[TermId],
        i: usize,
        first: Option<TermId>,
        graph: TermId,
    ) {
        work::add(Step::ListQuads, 1 + u64::from(first.is_some()));
        if let Some(object) = first {
            let predicate = self.dataset.iri(rdf::FIRST.as_str());
            self.emit_ids(true, cells[i], predicate, object, graph);
        }
        let rest = match cells.get(i + 1) {
            Some(&next) => next,
            None => self.dataset.iri(rdf::NIL.as_str()),
        };
        let predicate = self.dataset.iri(rdf::REST.as_str());
        self.emit_ids(true, cells[i], predicate, rest, graph);
    }

    /// Inserts the statement unless its subject was dropped (`keep` false), in which case it is counted.
    pub(crate) fn emit(
        &mut self,
        keep: bool,
        subject: &Subject,
        predicate: NamedNode,
        object: Term,
        graph: &GraphName,
    ) {
        if keep {
            work::count(Step::QuadsEmitted);
            self.dataset.insert_ref(QuadRef::new(
                subject.as_ref(),
                predicate.as_ref(),
                object.as_ref(),
                graph.as_ref(),
            ));
        } else {
            self.dropped += 1;
        }
    }

    /// [`Sink::emit`] of interned terms ([`crate::canon::dataset::DEFAULT_GRAPH`] for the default graph).
    pub(crate) fn emit_ids(
        &mut self,
        keep: bool,
        subject: TermId,
        predicate: TermId,
        object: TermId,
        graph: TermId,
    ) {
        if keep {
            work::count(Step::QuadsEmitted);
            self.dataset.insert(QuadIds {
                subject,
                predicate,
                object,
                graph,
            });
        } else {
            self.dropped += 1;
        }
    }

    /// The dataset and the dropped count (0 in safe mode); safe mode refuses a document without quads.
    pub(crate) fn finish(self) -> Result<(Dataset, usize)> {
        match (self.lossy, self.dataset.is_empty()) {
            (true, _) => Ok((self.dataset, self.dropped)),
            (false, true) => Err(no_quads()),
            (false, false) => Ok((self.dataset, 0)),
        }
    }
}

/// Safe mode's error for a document without quads ([`Violation::NoQuads`]).
fn no_quads() -> Error {
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
fn xsd_double(value: f64) -> String {
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
fn xsd_integer(value: f64) -> String {
    if value == 0.0 {
        return "0".to_string();
    }
    format!("{value:.0}")
}

/// Whether `iri` can name an RDF term: a well-formed absolute IRI (RFC 3987, as `oxrdf` checks it), and no white
/// space as jsonld.js sees it (U+00A0 is an IRI character, but not to jsonld.js). The IRIs credentials use — ASCII,
/// a scheme, a plain host, path, query and fragment characters — are accepted by one scan ([`plainly_valid`]);
/// anything else is parsed by `oxiri` through `oxrdf`.
pub(crate) fn is_rdf_iri(iri: &str) -> bool {
    plainly_valid(iri.as_bytes())
        || (NamedNode::new(iri).is_ok()
            && (iri.is_ascii() || !iri.chars().any(super::syntax::is_js_whitespace)))
}

/// Character classes of ASCII bytes for [`plainly_valid`]: RFC 3986 §2.3 unreserved and §2.2 sub-delims (what a
/// registered name is made of), `:` and `@` (a path segment also has them), `/` and `?`.
const UNRESERVED_OR_SUB_DELIM: u8 = 1;
const COLON_OR_AT: u8 = 2;
const SLASH: u8 = 4;
const QUESTION: u8 = 8;

/// The class bits of every byte (0 for bytes in none of the classes, non-ASCII included).
static CLASSES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_alphanumeric() {
            UNRESERVED_OR_SUB_DELIM
        } else {
            match c {
                b'-' | b'.' | b'_' | b'~' | b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*'
                | b'+' | b',' | b';' | b'=' => UNRESERVED_OR_SUB_DELIM,
                b':' | b'@' => COLON_OR_AT,
                b'/' => SLASH,
                b'?' => QUESTION,
                _ => 0,
            }
        };
        b += 1;
    }
    table
};

/// The length of the longest prefix of `part` made of bytes in `allowed` classes and well-formed
/// percent-encodings (RFC 3986 §2.1); `None` at an ill-formed one.
fn span(part: &[u8], allowed: u8) -> Option<usize> {
    let mut i = 0;
    while i < part.len() {
        let b = part[i];
        if CLASSES[b as usize] & allowed != 0 {
            i += 1;
        } else if b == b'%' {
            let hex = |j: usize| part.get(j).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return None;
            }
            i += 3;
        } else {
            break;
        }
    }
    Some(i)
}

/// A sufficient test of RFC 3986 `absolute-URI [ "#" fragment ]` for plain ASCII IRIs, in one pass: a scheme,
/// then either `//` and an authority that is a registered name with an optional port (no user information, no
/// IP literal), or a path; a path, query and fragment of unescaped or percent-encoded characters. False means
/// "not plainly valid", not "invalid": [`is_rdf_iri`] then asks `oxiri`. Every IRI this accepts, `oxiri` accepts
/// (tested).
fn plainly_valid(iri: &[u8]) -> bool {
    const PATH: u8 = UNRESERVED_OR_SUB_DELIM | COLON_OR_AT | SLASH;
    const QUERY: u8 = PATH | QUESTION;
    // The scheme: a letter, then letters, digits, `+`, `-`, `.`.
    if !iri.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let mut i = 1;
    while i < iri.len() && (iri[i].is_ascii_alphanumeric() || matches!(iri[i], b'+' | b'-' | b'.'))
    {
        i += 1;
    }
    if iri.get(i) != Some(&b':') || i + 1 == iri.len() {
        return false;
    }
    let mut rest = &iri[i + 1..];
    if let Some(after) = rest.strip_prefix(b"//") {
        // The authority: a non-empty registered name, then `:` and at least one digit, or nothing.
        let Some(host) = span(after, UNRESERVED_OR_SUB_DELIM) else {
            return false;
        };
        let mut end = host;
        if after.get(end) == Some(&b':') {
            let digits = after[end + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits == 0 {
                return false;
            }
            end += 1 + digits;
        }
        if host == 0 || !matches!(after.get(end), None | Some(b'/' | b'?' | b'#')) {
            return false;
        }
        rest = &after[end..];
    }
    // The path, then `?` and the query, then `#` and the fragment.
    let Some(path) = span(rest, PATH) else {
        return false;
    };
    rest = &rest[path..];
    if let Some(query) = rest.strip_prefix(b"?") {
        let Some(end) = span(query, QUERY) else {
            return false;
        };
        rest = &query[end..];
    }
    if let Some(fragment) = rest.strip_prefix(b"#") {
        let Some(end) = span(fragment, QUERY) else {
            return false;
        };
        rest = &fragment[end..];
    }
    rest.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_scan_accepts_only_what_oxiri_accepts() {
        for iri in [
            "https://www.w3.org/2018/credentials#VerifiableCredential",
            "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
            "urn:uuid:3978344f-8596-4c3a-a978-8fcaba3903c5",
            "https://e.org:8080/a%20b?x=1&y=(2)#frag/?",
            "http://a/b;c=d@e",
            "tag:x,2026:y",
        ] {
            assert!(plainly_valid(iri.as_bytes()), "{iri}");
            assert!(NamedNode::new(iri).is_ok(), "{iri}");
        }
        for iri in [
            "no-colon",
            "1a:b",
            "a:",
            "http://",
            "http://a:b",
            "http://[::1]/",
            "http://u@h/",
            "http://h/%zz",
            "http://h/a b",
            "http://h/a#b#c",
            "http://h/<x>",
            "http://h/é",
        ] {
            assert!(!plainly_valid(iri.as_bytes()), "{iri}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 4000, rng_seed: proptest::test_runner::RngSeed::Fixed(19), ..Default::default() })]
        #[test]
        fn a_plainly_valid_iri_is_an_oxiri_iri(iri in "[a-z][a-z0-9+.:-]{0,3}:(//)?[a-zA-Z0-9:/?#%@._~!$&'()*+,;=\\[\\] -]{0,16}") {
            if plainly_valid(iri.as_bytes()) {
                proptest::prop_assert!(NamedNode::new(iri.as_str()).is_ok(), "{}", iri);
            }
        }
    }
}
