//! Safe mode: what both engines refuse instead of dropping, as the VC Data Integrity libraries canonicalize
//! (jsonld.js 9 `safe: true`). One [`Violation`] per rule, one message each; both engines raise these, so a
//! document is refused by both or by neither, with the same line. The rules, with the jsonld.js event code that
//! each follows (docs/conformance.md lists them with the inputs that exercise them):
//!
//! Member names (jsonld.js `invalid property`): a member name that does not expand to an absolute IRI, a blank
//! node identifier or a keyword is refused where it names a property — [`Violation::UndefinedTerm`] (no term, no
//! `@vocab`), [`Violation::NullTerm`] (a term mapped to null), [`Violation::KeywordLikeKey`] (`@foo`: the form of a
//! keyword, no keyword), [`Violation::RelativeProperty`] (an IRI-like name that stays relative, such as `ht'p://x`,
//! which IRI Expansion step 6.2 returns as it is, or one with white space). Names inside `@json` literals and the
//! keys of language and index maps are not properties and are not checked.
//!
//! Contexts, wherever they are (the document, a remote context, a scoped context — checked when defined):
//! [`Violation::ReservedTerm`] (a term of keyword form, jsonld.js `reserved term`),
//! [`Violation::ReservedTermValue`] (a term whose `@id` or `@reverse` has keyword form, `reserved @id value`,
//! `reserved @reverse value`), [`Violation::RelativeVocab`] (`relative @vocab reference`),
//! [`Violation::DefaultLanguage`] (`invalid @language value`).
//!
//! Values: [`Violation::ReservedIdValue`] (an `@id` of keyword form, also through `@type: @id` or `@type: @vocab`
//! coercion and as an `@id` map key, `reserved @id value`), [`Violation::TypeNotIri`] (`relative @type
//! reference`), [`Violation::NullValue`] (`null @value value`, also through an alias; `@json` literals may be
//! null), [`Violation::FreeFloating`] and [`Violation::DroppedObject`] (`free-floating scalar`, `empty object`,
//! `object with only @id`, `object with only @value`, `object with only @list`, `object with only @language`).
//!
//! Deserialization to RDF ([`Violation::Lost`], jsonld.js `relative subject|object|predicate|graph reference`,
//! `blank node predicate`): a subject, object, type, property, datatype or graph name that is not an absolute IRI
//! (jsonld.js's test: a scheme, a colon and no white space) — or, beyond jsonld.js, not an IRI at all (RFC 3987,
//! which RDF requires; jsonld.js writes such text into the N-Quads as it is) — a blank node predicate, a language
//! tag that is not well-formed BCP 47 (jsonld.js checks only its shape), and [`Violation::NoQuads`], a document
//! that yields no statements.

use crate::error::{Error, ErrorKind, Locate};
use std::fmt;

/// A safe-mode refusal: what would be dropped or stay relative (see the module documentation for the rules).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// A member name that no term defines, with no `@vocab` to make it an IRI.
    UndefinedTerm {
        /// The member name.
        term: String,
    },
    /// A member name whose term is mapped to null.
    NullTerm {
        /// The member name.
        term: String,
    },
    /// A member name of the form of a keyword (`"@"1*ALPHA`) that is no keyword.
    KeywordLikeKey {
        /// The member name.
        key: String,
    },
    /// A member name that expands to something other than an absolute IRI, a blank node identifier or a keyword.
    RelativeProperty {
        /// The member name.
        key: String,
        /// What it expands to.
        iri: String,
    },
    /// A context defines a term of the form of a keyword.
    ReservedTerm {
        /// The term.
        term: String,
    },
    /// A context maps a term (its `@id`, or its `@reverse`) to a value of the form of a keyword.
    ReservedTermValue {
        /// The term.
        term: String,
        /// `@id` or `@reverse`.
        entry: &'static str,
        /// The keyword-like value.
        value: String,
    },
    /// A context's `@vocab` that is not an absolute IRI or a blank node identifier.
    RelativeVocab {
        /// The `@vocab` value.
        vocab: String,
    },
    /// A context's default `@language` that is not a language tag.
    DefaultLanguage {
        /// The `@language` value.
        tag: String,
    },
    /// An `@id` value of the form of a keyword.
    ReservedIdValue {
        /// The value.
        value: String,
    },
    /// A `@type` value that does not expand to an IRI.
    TypeNotIri {
        /// The value.
        value: String,
    },
    /// A relative `@type` value the json-ld crate engine could not name.
    UnnamedType,
    /// A value object whose `@value` is null.
    NullValue,
    /// A scalar that is not the value of any property: at the top level, or in `@graph`.
    FreeFloating {
        /// Whether it is in `@graph` (else at the top level).
        in_graph: bool,
    },
    /// An object expansion drops: an empty object, a value or list object, or an object with only `@id` at the
    /// top level or in `@graph`; an object with only `@language` anywhere.
    DroppedObject {
        /// What it is, e.g. "an object with only `@id`".
        what: &'static str,
    },
    /// A statement deserialization to RDF would lose (JSON-LD 1.1 API §8.1–§8.2): `what` names the value.
    Lost {
        /// E.g. "`@id` value `a/b` is not an absolute IRI (relative or invalid)".
        what: String,
    },
    /// The document yields no statements at all.
    NoQuads,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("safe mode: ")?;
        match self {
            Violation::UndefinedTerm { term } => {
                write!(
                    f,
                    "term `{term}` is not defined by the active context and would be dropped"
                )?;
                match super::syntax::look_alike(term) {
                    Some(letter) => write!(f, " (contains {letter})"),
                    None => Ok(()),
                }
            }
            Violation::NullTerm { term } => write!(
                f,
                "term `{term}` is mapped to null by the active context and would be dropped"
            ),
            Violation::KeywordLikeKey { key } => write!(
                f,
                "reserved term: `{key}` has the form of a keyword and would be dropped"
            ),
            Violation::RelativeProperty { key, iri } if key == iri => write!(
                f,
                "property `{iri}` is not an absolute IRI; its quad would be dropped"
            ),
            Violation::RelativeProperty { key, iri } => write!(
                f,
                "property `{key}` expands to `{iri}`, which is not an absolute IRI; its quad would be dropped"
            ),
            Violation::ReservedTerm { term } => write!(
                f,
                "reserved term: the context defines `{term}`, which has the form of a keyword, and it would be dropped"
            ),
            Violation::ReservedTermValue { term, entry, value } => write!(
                f,
                "term `{term}` has the {entry} `{value}`, which has the form of a keyword, and would be dropped"
            ),
            Violation::RelativeVocab { vocab } => write!(
                f,
                "`@vocab` `{vocab}` is not an absolute IRI or a blank node identifier (a relative @vocab reference)"
            ),
            Violation::DefaultLanguage { tag } => write!(
                f,
                "default language `{tag}` is not a language tag (BCP 47)"
            ),
            Violation::ReservedIdValue { value } => write!(
                f,
                "`@id` value `{value}` has the form of a keyword and would be dropped"
            ),
            Violation::TypeNotIri { value } => write!(
                f,
                "`@type` value `{value}` does not expand to an IRI and would be dropped"
            ),
            Violation::UnnamedType => f.write_str("invalid `@type` value (not an absolute IRI)"),
            Violation::NullValue => f.write_str("null @value value: the value would be dropped"),
            Violation::FreeFloating { in_graph: true } => f.write_str(
                "free-floating scalar: a value in `@graph` that is not a node object would be dropped",
            ),
            Violation::FreeFloating { in_graph: false } => f.write_str(
                "free-floating scalar: a top-level value that is not a node object would be dropped",
            ),
            Violation::DroppedObject { what } => write!(f, "{what} would be dropped"),
            Violation::Lost { what } => write!(f, "{what}; its quad would be dropped"),
            Violation::NoQuads => f.write_str(
                "the document yields no RDF quads (expansion dropped everything: an empty object, a node with only `@id`, or free-floating values)",
            ),
        }
    }
}

impl Violation {
    /// What to look for in the document to find the position (a hint the pipeline turns into a JSON pointer).
    fn hint(&self) -> Option<Locate> {
        match self {
            Violation::UndefinedTerm { term }
            | Violation::NullTerm { term }
            | Violation::ReservedTerm { term }
            | Violation::ReservedTermValue { term, .. } => Some(Locate::Key(term.clone())),
            Violation::KeywordLikeKey { key } | Violation::RelativeProperty { key, .. } => {
                Some(Locate::Key(key.clone()))
            }
            Violation::RelativeVocab { vocab } => Some(Locate::Value(vocab.clone(), &["@vocab"])),
            Violation::DefaultLanguage { tag } => Some(Locate::Value(tag.clone(), &["@language"])),
            Violation::ReservedIdValue { value } => {
                Some(Locate::Value(value.clone(), &["@id", "id"]))
            }
            Violation::TypeNotIri { value } => {
                Some(Locate::Value(value.clone(), &["@type", "type"]))
            }
            _ => None,
        }
    }

    /// The error ([`ErrorKind::SafeMode`], with the position hint; the pipeline adds the file).
    pub fn error(self) -> Error {
        let hint = self.hint();
        let error = Error::new(ErrorKind::SafeMode, self.to_string());
        match hint {
            Some(hint) => error.locate(hint),
            None => error,
        }
    }
}

impl From<Violation> for Error {
    fn from(violation: Violation) -> Error {
        violation.error()
    }
}
