//! What the safe-mode pass knows of contexts ([`Facts`]): each term's roles over every scope that defines it, the
//! remote contexts named, the context rules broken (JSON-LD 1.1 API §4.1 Context Processing and §4.2 Create Term
//! Definition, read from the contexts' JSON, not processed), and [`Remote`], a remote context as the json-ld crate's
//! engine holds it.

use super::lexical::{has_dot_segment, is_iri, limitation, plain_blank_label};
use crate::canon::jsonld::invalid;
use crate::canon::jsonld::safe_mode::Violation;
use crate::canon::jsonld::syntax::{
    has_keyword_form, is_absolute_iri, is_blank, is_container_mapping, is_keyword,
    is_language_shape, stays_relative,
};
use crate::canon::jsonld::JsonLdErrorCode as Code;
use crate::error::{Error, ErrorKind};
use json_ld::syntax::{Print, Value};
use std::collections::HashMap;

/// The roles a term has, over every scope that defines it (bit flags).
pub(super) type Roles = u32;
pub(super) const ID: Roles = 1;
pub(super) const TYPE: Roles = 1 << 1;
pub(super) const VALUE: Roles = 1 << 2;
pub(super) const GRAPH: Roles = 1 << 3;
pub(super) const SET: Roles = 1 << 4;
pub(super) const LIST: Roles = 1 << 5;
pub(super) const INCLUDED: Roles = 1 << 6;
pub(super) const REVERSE: Roles = 1 << 7;
pub(super) const NEST: Roles = 1 << 8;
pub(super) const LANGUAGE: Roles = 1 << 9;
pub(super) const DIRECTION: Roles = 1 << 10;
/// An alias of another keyword (`@index`, `@json`, …): no property.
const OTHER_KEYWORD: Roles = 1 << 11;
pub(super) const JSON: Roles = 1 << 12;
pub(super) const LANGUAGE_MAP: Roles = 1 << 13;
pub(super) const INDEX_MAP: Roles = 1 << 14;
pub(super) const ID_MAP: Roles = 1 << 15;
pub(super) const TYPE_MAP: Roles = 1 << 16;
/// `@type: @id` or `@type: @vocab`: a string value is an IRI.
pub(super) const COERCED_ID: Roles = 1 << 17;
/// Mapped to null (in some scope).
pub(super) const NULL: Roles = 1 << 18;
/// Mapped to an IRI (in some scope).
pub(super) const DEFINED: Roles = 1 << 19;
/// An index map whose index is a property (`@index` in the term definition).
pub(super) const PROPERTY_INDEX: Roles = 1 << 20;
/// Mapped to a `_:` identifier the crate does not parse as a blank node (a blank node all the same).
pub(super) const BLANK_ID: Roles = 1 << 21;
/// `@type: @vocab`: a string value is expanded against the vocabulary mapping.
pub(super) const COERCED_VOCAB: Roles = 1 << 22;

/// The keyword roles, for classifying a member name.
pub(super) const KEYWORD_ROLES: Roles = ID
    | TYPE
    | VALUE
    | GRAPH
    | SET
    | LIST
    | INCLUDED
    | REVERSE
    | NEST
    | LANGUAGE
    | DIRECTION
    | OTHER_KEYWORD;

/// The role of a keyword (or of a term aliasing it).
pub(super) fn keyword_role(keyword: &str) -> Roles {
    match keyword {
        "@id" => ID,
        "@type" => TYPE,
        "@value" => VALUE,
        "@graph" => GRAPH,
        "@set" => SET,
        "@list" => LIST,
        "@included" => INCLUDED,
        "@reverse" => REVERSE,
        "@nest" => NEST,
        "@language" => LANGUAGE,
        "@direction" => DIRECTION,
        _ => OTHER_KEYWORD,
    }
}

/// What a safe-mode check found wrong in a context: a safe-mode violation, or an error the crate lets through.
#[derive(Debug, Clone)]
pub(super) enum Problem {
    /// Refused in safe mode only.
    Safe(Error),
    /// Refused always (an invalid context the crate accepts).
    Always(Error),
}

/// Facts about the terms of some local contexts (JSON-LD 1.1 API §4.1), read from their JSON: each term's roles,
/// the remote contexts they name, and the first rule they break.
#[derive(Debug, Default, Clone)]
pub(crate) struct Facts {
    pub(super) roles: HashMap<String, Roles>,
    pub(super) remote: Vec<String>,
    pub(super) problem: Option<Problem>,
    /// Whether a context sets `@base` (so relative references get resolved).
    pub(super) base: bool,
    /// A `@base` the crate resolves against otherwise than RFC 3986: whether only references with dot segments
    /// suffer (a rootless path), and why.
    pub(super) base_quirk: Option<(BaseQuirk, String)>,
    /// A `@vocab` that is not an absolute IRI: relative, which safe mode refuses unless a base resolves it.
    pub(super) relative_vocab: Option<Error>,
    /// The facts of each term's scoped context, which apply below the property or in the node of the type.
    pub(super) scoped: HashMap<String, Facts>,
    /// Term definitions whose `@id` names another term (`"p": "q"`), checked once the whole context is read:
    /// a term mapped to null gives no IRI.
    pub(super) id_refs: Vec<(String, String, String)>,
}

impl Facts {
    /// The facts of a context value (a map, a URL, null, or an array of them), at `pointer`.
    pub(super) fn of(value: &Value, pointer: &str) -> Facts {
        let mut facts = Facts::default();
        facts.read_context(value, pointer);
        facts
    }

    fn note(&mut self, problem: impl FnOnce() -> Problem) {
        if self.problem.is_none() {
            self.problem = Some(problem());
        }
    }

    fn add(&mut self, term: &str, roles: Roles) {
        *self.roles.entry(term.to_string()).or_default() |= roles;
    }

    /// §4.1.2 Context Processing, as far as safe mode needs it: the entries of each local context.
    fn read_context(&mut self, value: &Value, pointer: &str) {
        self.read_local(value, pointer);
        self.null_references();
    }

    /// A term mapped to another that is mapped to null has no IRI mapping (§4.2.2 step 14.2.3): `invalid IRI
    /// mapping`, as jsonld.js and canonprof's engine find (in one local context, whatever the order).
    fn null_references(&mut self) {
        let is_null =
            |roles: Option<&Roles>| roles.is_some_and(|r| r & NULL != 0 && r & DEFINED == 0);
        let found = self
            .id_refs
            .iter()
            .find(|(_, id, _)| is_null(self.roles.get(id)));
        if let Some((term, id, pointer)) = found.cloned() {
            self.note(|| Problem::Always(not_an_iri(&term, &id, &pointer)));
        }
        // What names a term of another context is checked where this one is used ([`Walk::push_scoped`]).
        let own = &self.roles;
        self.id_refs.retain(|(_, id, _)| !own.contains_key(id));
    }

    /// The entries of a local context, without the checks that need all of them.
    fn read_local(&mut self, value: &Value, pointer: &str) {
        match value {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    self.read_local(item, &format!("{pointer}/{i}"));
                }
            }
            Value::String(url) => self.remote.push(url.to_string()),
            Value::Object(map) => {
                for entry in map.iter() {
                    let key = entry.key.as_str();
                    let at = || format!("{pointer}/{}", crate::document::pointer_token(key));
                    match (key, &entry.value) {
                        ("@import", Value::String(url)) => self.remote.push(url.to_string()),
                        // Not a context entry; the crate follows it (and the loader bounds it).
                        ("@context", nested) => self.read_context(nested, &at()),
                        ("@base", Value::String(base)) => {
                            self.base = true;
                            if is_absolute_iri(base) && !is_iri(base) {
                                let what = format!(
                                    "the base IRI `{base}` is not an IRI, which it refuses"
                                );
                                self.note(|| Problem::Always(limitation(what).at(at())));
                            } else if let Some(quirk) = base_quirk(base) {
                                self.base_quirk = Some(quirk);
                            }
                        }
                        ("@vocab", Value::String(vocab)) => {
                            if is_absolute_iri(vocab) || is_blank(vocab) {
                            } else if vocab.contains(':') {
                                // Neither an IRI nor a relative reference (§4.1.2 step 5.8.3).
                                self.note(|| {
                                    Problem::Always(
                                        invalid(
                                            Code::InvalidVocabMapping,
                                            format!(
                                                "`{vocab}` is not an IRI or blank node identifier"
                                            ),
                                        )
                                        .at(at()),
                                    )
                                });
                            } else if self.relative_vocab.is_none() {
                                // Relative to the base when one is set (decided by the walk, which sees all bases).
                                let vocab = vocab.to_string();
                                self.relative_vocab =
                                    Some(Violation::RelativeVocab { vocab }.error().at(at()));
                            }
                        }
                        ("@language", Value::String(tag)) => {
                            if !is_language_shape(tag) {
                                let tag = tag.to_string();
                                self.note(|| {
                                    Problem::Safe(
                                        Violation::DefaultLanguage { tag }.error().at(at()),
                                    )
                                });
                            }
                        }
                        (
                            "@base" | "@direction" | "@import" | "@language" | "@propagate"
                            | "@protected" | "@type" | "@version" | "@vocab",
                            _,
                        ) => {}
                        (keyword, _) if is_keyword(keyword) => self.note(|| {
                            Problem::Always(
                                invalid(
                                    Code::KeywordRedefinition,
                                    format!("`{keyword}` is a keyword"),
                                )
                                .at(at()),
                            )
                        }),
                        (term, _) if has_keyword_form(term) => {
                            let term = term.to_string();
                            self.note(|| {
                                Problem::Safe(Violation::ReservedTerm { term }.error().at(at()))
                            });
                        }
                        (term, definition) => self.read_definition(term, definition, &at()),
                    }
                }
            }
            _ => {}
        }
    }

    /// §4.2.2 Create Term Definition, as far as safe mode needs it.
    fn read_definition(&mut self, term: &str, definition: &Value, pointer: &str) {
        match definition {
            Value::Null => self.add(term, NULL),
            Value::String(id) => self.read_id(term, id, pointer),
            Value::Object(map) => {
                if !map.contains_key("@id") && !map.contains_key("@reverse") {
                    self.add(term, DEFINED);
                }
                for entry in map.iter() {
                    let at = || format!("{pointer}/{}", crate::document::pointer_token(&entry.key));
                    match (entry.key.as_str(), &entry.value) {
                        ("@id", Value::Null) => self.add(term, NULL),
                        ("@id", Value::String(id)) => self.read_id(term, id, &at()),
                        ("@reverse", Value::String(reverse)) => {
                            self.add(term, DEFINED);
                            if has_keyword_form(reverse) {
                                let (term, value) = (term.to_string(), reverse.to_string());
                                self.note(|| {
                                    Problem::Safe(
                                        Violation::ReservedTermValue {
                                            term,
                                            entry: "@reverse",
                                            value,
                                        }
                                        .error()
                                        .at(at()),
                                    )
                                });
                            }
                        }
                        ("@type", Value::String(ty)) => match ty.as_str() {
                            "@json" => self.add(term, JSON),
                            "@id" => self.add(term, COERCED_ID),
                            "@vocab" => self.add(term, COERCED_ID | COERCED_VOCAB),
                            ty if ty.is_empty()
                                || (ty.starts_with('@') && !is_keyword(ty))
                                || (is_absolute_iri(ty) && !is_iri(ty)) =>
                            {
                                let what = format!(
                                    "the context gives term `{term}` the type mapping `{ty}`, which it refuses even where the term is unused"
                                );
                                self.note(|| Problem::Always(limitation(what).at(at())));
                            }
                            _ => {}
                        },
                        ("@index", Value::String(_)) => self.add(term, PROPERTY_INDEX),
                        ("@container", container) => self.read_container(term, container, &at()),
                        ("@context", scoped) => self.read_scoped(term, scoped, &at()),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }

    /// A term's scoped context (§4.2.2 step 21), checked now as jsonld.js checks it: its terms apply where it does
    /// ([`Walk::scoped`]); an invalid one is an `invalid scoped context`.
    fn read_scoped(&mut self, term: &str, scoped: &Value, pointer: &str) {
        let mut inner = Facts::default();
        inner.read_local(scoped, pointer);
        // Only references to the scoped context's own terms: whether a term of the enclosing context is already
        // mapped to null when jsonld.js validates the scoped context depends on the order of the entries, which
        // canonprof's engine does not keep (docs/conformance.md).
        inner.null_references();
        if let Some(problem) = inner.problem.take() {
            self.note(|| match problem {
                Problem::Always(error) if error.kind() == ErrorKind::Expansion => {
                    let wrapped = invalid(
                        Code::InvalidScopedContext,
                        format!("term `{term}`: {}", error.reason()),
                    );
                    Problem::Always(wrapped.positioned_like(&error))
                }
                other => other,
            });
        }
        self.remote.extend(inner.remote.iter().cloned());
        self.scoped
            .entry(term.to_string())
            .or_default()
            .merge(inner);
    }

    /// Adds `other`'s facts to these (the union of two scopes of one term).
    pub(super) fn merge(&mut self, other: Facts) {
        for (term, roles) in other.roles {
            *self.roles.entry(term).or_default() |= roles;
        }
        self.remote.extend(other.remote);
        self.base |= other.base;
        self.base_quirk = self.base_quirk.take().or(other.base_quirk);
        self.relative_vocab = self.relative_vocab.take().or(other.relative_vocab);
        self.id_refs.extend(other.id_refs);
        for (term, facts) in other.scoped {
            self.scoped.entry(term).or_default().merge(facts);
        }
    }

    /// A term's `@id`: a keyword (an alias), a keyword-like value (refused), or an IRI.
    fn read_id(&mut self, term: &str, id: &str, pointer: &str) {
        if is_keyword(id) {
            self.add(term, keyword_role(id));
        } else if has_keyword_form(id) {
            let (term, value) = (term.to_string(), id.to_string());
            self.note(|| {
                Problem::Safe(
                    Violation::ReservedTermValue {
                        term,
                        entry: "@id",
                        value,
                    }
                    .error()
                    .at(pointer),
                )
            });
        } else if id.is_empty() {
            let what = format!("the context maps term `{term}` to the empty IRI, which it refuses");
            self.note(|| Problem::Always(limitation(what).at(pointer)));
        } else if stays_relative(id)
            || id
                .chars()
                .any(crate::canon::jsonld::syntax::is_js_whitespace)
        {
            // No expansion makes it an IRI (§4.2.2 step 14.2.3).
            self.note(|| Problem::Always(not_an_iri(term, id, pointer)));
        } else {
            if is_blank(id) && !plain_blank_label(id) {
                // The crate would take it for an IRI; one it parses fails as a blank node predicate later.
                self.add(term, BLANK_ID);
            }
            if !id.contains(':') && !id.contains('/') {
                self.id_refs
                    .push((term.to_string(), id.to_string(), pointer.to_string()));
            }
            if is_absolute_iri(id) && !is_iri(id) {
                let what = format!(
                    "the context maps term `{term}` to `{id}`, which is not an IRI; it refuses that even where the term is unused"
                );
                self.note(|| Problem::Always(limitation(what).at(pointer)));
            }
            self.add(term, DEFINED);
        }
    }

    /// A term's `@container` (§4.2.2 step 19): its map roles; a mapping JSON-LD 1.1 does not allow is refused.
    fn read_container(&mut self, term: &str, container: &Value, pointer: &str) {
        let items: Vec<&str> = match container {
            Value::String(s) => vec![s.as_str()],
            Value::Array(items) => items.iter().filter_map(|i| i.as_str()).collect(),
            _ => return,
        };
        let all_strings = matches!(container, Value::String(_))
            || container.as_array().is_some_and(|a| a.len() == items.len());
        if all_strings && !is_container_mapping(&items) {
            let printed = container.compact_print().to_string();
            self.note(|| {
                Problem::Always(
                    invalid(
                        Code::InvalidContainerMapping,
                        format!("term `{term}`: `{printed}`"),
                    )
                    .at(pointer),
                )
            });
        }
        for (keyword, role) in [
            ("@language", LANGUAGE_MAP),
            ("@index", INDEX_MAP),
            ("@id", ID_MAP),
            ("@type", TYPE_MAP),
        ] {
            if items.contains(&keyword) {
                self.add(term, role);
            }
        }
    }
}

/// A remote context as the crate's engine holds it: the parsed document and the facts of its `@context`.
pub(crate) struct Remote {
    /// The context document, for the crate's loader.
    pub value: Value,
    /// The facts of its `@context` entry.
    pub facts: Facts,
}

impl Remote {
    /// Reads a remote context document.
    pub(crate) fn new(value: Value) -> Remote {
        let facts = value
            .as_object()
            .and_then(|o| o.get_unique("@context").ok().flatten())
            .map(|context| Facts::of(context, ""))
            .unwrap_or_default();
        Remote { value, facts }
    }

    /// A context's text as the crate's JSON value (the loader has already checked that it is JSON).
    pub(crate) fn parse(text: &str) -> crate::error::Result<Remote> {
        use json_ld::syntax::Parse;
        Value::parse_str(text)
            .map(|(value, _)| Remote::new(value))
            .map_err(|e| {
                Error::new(
                    ErrorKind::Json,
                    format!("the json-ld crate cannot parse the context: {e}"),
                )
            })
    }
}

/// What makes `base` one the crate resolves references against otherwise than RFC 3986 (found by the differential
/// fuzz target), if anything: a host that is not letters, digits, `-` and `.`; a port that is empty or not digits;
/// an authority followed by no path; a path with white space or `"<>\\^`{|}`.
fn odd_base(base: &str) -> Option<&'static str> {
    let (_, rest) = base.split_once(':')?;
    let rest = rest.split_once('#').map_or(rest, |(iri, _)| iri);
    let rest = rest.strip_prefix("//")?;
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    let authority = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let (host, port) = authority.split_once(':').unwrap_or((authority, "0"));
    if !host
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
    {
        return Some("has a host of other characters than letters, digits, `-` and `.`");
    }
    if port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) {
        return Some("has an empty port or one that is not digits");
    }
    if !path.starts_with('/') {
        return Some("has an authority and no path");
    }
    if path
        .chars()
        .any(|c| c.is_whitespace() || "\"<>\\^`{|}".contains(c))
    {
        return Some("has characters IRIs do not allow in its path");
    }
    None
}

/// What the crate gets wrong about a base IRI, said as a limitation: one with a rootless path (it resolves `../g`
/// against `http:a/b` as `http:g`, RFC 3986 as `http:/g`), one whose fragment holds a `/` (it resolves `#a`
/// against `https://e#x/` as `https://e/#a`).
/// `invalid IRI mapping` for a term whose `@id` (or the term it names) gives no IRI, at the term's pointer.
pub(super) fn not_an_iri(term: &str, id: &str, pointer: &str) -> Error {
    invalid(
        Code::InvalidIriMapping,
        format!("term `{term}`: `{id}` is not an IRI"),
    )
    .at(pointer)
}

/// Which relative references a base the crate gets wrong spoils ([`base_quirk`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BaseQuirk {
    /// Every one: the document is refused whole.
    Whole,
    /// Those with a dot segment.
    DotSegments,
}

fn base_quirk(base: &str) -> Option<(BaseQuirk, String)> {
    let rootless = base
        .split_once(':')
        .is_some_and(|(_, rest)| !rest.starts_with('/'));
    let path = base
        .split_once("//")
        .map(|(_, rest)| rest.split(['?', '#']).next().unwrap_or_default())
        .and_then(|rest| rest.find('/').map(|at| &rest[at..]));
    let (dots_only, what) = if rootless && has_dot_segment(base) {
        (
            BaseQuirk::Whole,
            "has a rootless path with dot segments, against which it resolves otherwise than RFC 3986",
        )
    } else if rootless {
        (
            BaseQuirk::DotSegments,
            "has a rootless path, against which it removes dot segments otherwise than RFC 3986",
        )
    } else if base
        .split_once('#')
        .is_some_and(|(_, fragment)| fragment.contains('/'))
    {
        (
            BaseQuirk::Whole,
            "has a `/` in its fragment, which it mistakes for the path",
        )
    } else if let Some(what) = odd_base(base) {
        (BaseQuirk::Whole, what)
    } else if path.is_some_and(|p| p.contains("//")) {
        (
            BaseQuirk::Whole,
            "has an empty path segment, which it drops from references resolved against it",
        )
    } else {
        return None;
    };
    Some((dots_only, format!("the base IRI `{base}` {what}")))
}
