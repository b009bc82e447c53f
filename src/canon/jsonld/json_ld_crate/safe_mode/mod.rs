//! Safe mode for the json-ld crate's engine: the rules of [`crate::canon::jsonld::safe_mode`] that the crate's own
//! policy (undefined terms and relative `@type` refused, everything else kept or dropped) does not apply, checked on
//! the document before it is expanded, so that this engine refuses what canonprof's engine and jsonld.js refuse.
//!
//! The crate drops what it cannot use without a word, so these checks read the document and its contexts: the
//! document's own contexts, and the remote contexts it names (read once per URL by the loader, `Remote`), give
//! each term its roles — a keyword alias, a `@json` term, a language, index, id or type map, an `@id`-coerced term,
//! a term mapped to null — over every scope that defines it (`Facts`). A first pass uses only the document's own
//! contexts and leaves undecided whatever depends on a remote context (text under a term a remote context might make
//! a JSON literal or a map); only if something is left undecided does a second pass read the remote contexts' terms
//! too. Clean credentials take the first pass only, with no allocation on the way.
//!
//! What the pass refuses, with the rule's [`Violation`] and its JSON pointer: a context that breaks a context rule
//! (reserved term, keyword-like `@id` or `@reverse`, relative `@vocab`, a default language that is no language tag);
//! a member name of the form of a keyword, or one that stays relative (IRI Expansion step 6.2), where it names a
//! property; a term mapped to null where it names a property; an `@id` (also through an alias, an `@id`-coerced term
//! or an id map) of the form of a keyword or one that stays relative; such a `@type`; `@value: null` (unless the
//! value is `@json`); free-floating scalars, and empty, value, list and `@id`-only objects at the top level or in
//! `@graph` (also in a `@set` there); objects with only `@language`. Errors the crate lets through are refused too,
//! in lossy mode as well: a keyword redefined as a term (`@none`), a repeated container keyword, and an invalid
//! `@direction` outside a value object.

use crate::canon::jsonld::invalid;
use crate::canon::jsonld::safe_mode::Violation;
use crate::canon::jsonld::syntax::{
    has_keyword_form, has_unicode_js_whitespace, is_absolute_iri, is_blank, is_framing_keyword,
    is_keyword, stays_relative,
};
use crate::canon::jsonld::JsonLdErrorCode as Code;
use crate::error::{Error, ErrorKind, Result};
use crate::loader::OfflineLoader;
use json_ld::syntax::{Print, Value};
mod facts;
mod lexical;
mod suspect;

use facts::*;
pub(crate) use facts::{Facts, Remote};
pub(crate) use lexical::limitation;
use lexical::{has_dot_segment, is_iri, plain_blank_label};

/// Where a value sits, for the rules about what expansion drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The document itself (or an item of a top-level array).
    Top,
    /// An item of `@graph` (or of a `@set` there).
    Graph,
    /// The value of a property, a list item, an `@included` item.
    Nested,
}

/// One step of the path from the document to where the walk is (for the JSON pointer of an error).
#[derive(Debug, Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// The document walk of one pass.
struct Walk<'d, 'f> {
    loader: &'f OfflineLoader,
    safe: bool,
    /// Whether the remote contexts' terms are known (the second pass).
    complete: bool,
    /// The facts of the document's contexts around the walk, innermost last, then (second pass) the remote ones.
    facts: Vec<std::borrow::Cow<'f, Facts>>,
    /// Something the first pass left for the second.
    deferred: bool,
    path: Vec<Step<'d>>,
}

/// The safe-mode pass over `document` (see the module documentation). `safe` false (`--lossy`) keeps only the
/// refusals of invalid contexts the crate lets through. Errors: the rule's [`Violation`] at its JSON pointer.
pub(crate) fn check(document: &Value, loader: &OfflineLoader, safe: bool) -> Result<()> {
    let findings = suspect::scan(document);
    if let Some(what) = findings.limitation {
        return Err(limitation(what));
    }
    if let (Some(why), true) = (findings.decide, safe) {
        return Err(Error::new(ErrorKind::SafeMode, format!("{UNDECIDED}{why}")).for_other_engine());
    }
    let mut walk = Walk {
        loader,
        safe,
        complete: false,
        facts: Vec::new(),
        deferred: false,
        path: Vec::new(),
    };
    walk.value(document, Place::Top, true)?;
    if !walk.deferred {
        return Ok(());
    }
    // The second pass: every remote context's terms, then the document's own contexts again as the walk meets them.
    let mut remote = Vec::new();
    let mut urls = Vec::new();
    collect_urls(document, &mut urls);
    let mut seen = std::collections::HashSet::new();
    while let Some(url) = urls.pop() {
        if !seen.insert(url.clone()) {
            continue;
        }
        if let Ok(context) = loader.parsed_as(&url, Remote::parse) {
            urls.extend(context.facts.remote.iter().cloned());
            remote.push(std::borrow::Cow::Borrowed(&context.facts));
        }
    }
    let mut walk = Walk {
        loader,
        safe,
        complete: true,
        facts: remote,
        deferred: false,
        path: Vec::new(),
    };
    walk.value(document, Place::Top, true)
}

/// The remote context URLs of the document's own contexts.
fn collect_urls(value: &Value, urls: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for entry in map.iter() {
                if entry.key.as_str() == "@context" {
                    urls.extend(Facts::of(&entry.value, "").remote);
                } else {
                    collect_urls(&entry.value, urls);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect_urls(i, urls)),
        _ => {}
    }
}

impl<'d, 'f> Walk<'d, 'f> {
    /// The JSON pointer of the walk's position (error path only).
    fn pointer(&self) -> String {
        if self.path.is_empty() {
            return "/".to_string();
        }
        self.path
            .iter()
            .map(|step| match step {
                Step::Key(key) => format!("/{}", crate::document::pointer_token(key)),
                Step::Index(i) => format!("/{i}"),
            })
            .collect()
    }

    /// A safe-mode refusal here — or, where the position is not `certain` (it may be inside a JSON literal or a
    /// map a remote context defines), a note for the second pass.
    fn refuse(&mut self, violation: Violation, certain: bool) -> Result<()> {
        if !self.safe {
            return Ok(());
        }
        if !certain {
            self.deferred = true;
            return Ok(());
        }
        Err(violation.error().at(self.pointer()))
    }

    /// An error the crate lets through, here — or, where the position is not `certain`, a note for the second pass.
    fn always(&mut self, check: Result<()>, certain: bool) -> Result<()> {
        match check {
            Err(error) if certain => Err(error.at(self.pointer())),
            Err(_) => {
                self.deferred = true;
                Ok(())
            }
            Ok(()) => Ok(()),
        }
    }

    /// The crate keeps the items of `@graph`, `@included` and a top-level array as a set, so two identical node
    /// objects without `@id` become one node (one blank node instead of two): a limitation.
    fn identical_nodes(&mut self, items: &[Value], certain: bool) -> Result<()> {
        let anonymous = |v: &Value| {
            v.as_object()
                .is_some_and(|m| m.iter().all(|e| self.roles(e.key.as_str()) & ID == 0))
        };
        let twins = items
            .iter()
            .enumerate()
            .any(|(i, a)| anonymous(a) && items[i + 1..].iter().any(|b| a == b));
        if twins {
            self.always(
                Err(limitation(
                    "identical node objects without `@id` in `@graph` or `@included`, which it merges into one",
                )),
                certain,
            )
        } else {
            Ok(())
        }
    }

    /// A relative reference in an IRI position that the crate refuses before resolving it, where canonprof's
    /// engine and jsonld.js resolve it against the base: a colon in its first segment (`'x:T`), or a character
    /// IRIs do not allow that dot segments remove (`` a`/../c ``).
    fn relative_reference(&mut self, value: &str, certain: bool) -> Result<()> {
        if is_absolute_iri(value) || is_blank(value) || stays_relative(value) {
            return Ok(());
        }
        if let Some((kind, quirk)) = self.facts.iter().find_map(|f| f.base_quirk.clone()) {
            let spoiled = match kind {
                BaseQuirk::Whole => true,
                BaseQuirk::DotSegments => has_dot_segment(value),
            };
            if spoiled {
                return self.always(Err(limitation(quirk)), certain);
            }
        }
        let network_path = value.starts_with("//") && !has_dot_segment(value);
        if self.facts.iter().any(|f| f.base)
            && ((value.contains("//") && !network_path)
                || (value.contains(':') && has_dot_segment(value)))
        {
            // `//` inside a reference, and colons beside dot segments, the fuzzer found the crate resolving
            // otherwise than RFC 3986 (and jsonld.js) in more shapes than can be told apart: refused whole.
            let what = format!(
                "the relative reference `{value}` (`//` inside it, or `:` and dot segments), which it resolves against the base otherwise than RFC 3986"
            );
            return self.always(Err(limitation(what)), certain);
        }
        let odd = value
            .split(['/', '?', '#'])
            .next()
            .is_some_and(|first| first.contains(':'))
            || value
                .chars()
                .any(|c| c.is_control() || " <>\"{}|\\^`".contains(c));
        if odd && self.facts.iter().any(|f| f.base) {
            let what = format!(
                "the relative reference `{value}`, which it refuses instead of resolving it against the base"
            );
            return self.always(Err(limitation(what)), certain);
        }
        Ok(())
    }

    /// A compact IRI whose prefix is not ASCII (`ɜ:x` with `ɜ` a term): the crate does not expand it. A
    /// limitation where a context defines the prefix (noted for the second pass when only a remote one might).
    fn non_ascii_prefix(&mut self, value: &str, certain: bool) -> Result<()> {
        let Some((prefix, suffix)) = crate::canon::jsonld::syntax::split_compact(value) else {
            return Ok(());
        };
        if prefix.is_ascii() || suffix.starts_with("//") {
            return Ok(());
        }
        if self.roles(prefix) & DEFINED != 0 {
            let what = format!(
                "the compact IRI `{value}`, whose prefix is not ASCII and which it does not expand"
            );
            return self.always(Err(limitation(what)), certain);
        }
        if !self.complete {
            self.deferred = true;
        }
        Ok(())
    }

    /// The roles of member name `key` in the contexts around.
    fn roles(&self, key: &str) -> Roles {
        if is_keyword(key) {
            return keyword_role(key);
        }
        self.facts
            .iter()
            .filter_map(|f| f.roles.get(key))
            .fold(0, |all, r| all | r)
    }

    fn value(&mut self, value: &'d Value, place: Place, certain: bool) -> Result<()> {
        match value {
            Value::Object(map) => self.object(map, place, certain),
            Value::Array(items) => {
                if place != Place::Nested {
                    self.identical_nodes(items, certain)?;
                }
                for (i, item) in items.iter().enumerate() {
                    self.path.push(Step::Index(i));
                    self.value(item, place, certain)?;
                    self.path.pop();
                }
                Ok(())
            }
            Value::Null => Ok(()),
            _ if place != Place::Nested => self.refuse(
                Violation::FreeFloating {
                    in_graph: place == Place::Graph,
                },
                certain,
            ),
            _ => Ok(()),
        }
    }

    fn object(
        &mut self,
        map: &'d json_ld::syntax::Object,
        place: Place,
        certain: bool,
    ) -> Result<()> {
        let pushed = match map.get_unique("@context").ok().flatten() {
            Some(context) => {
                self.path.push(Step::Key("@context"));
                let facts = Facts::of(context, &self.pointer());
                self.path.pop();
                self.context_problems(&facts, certain)?;
                self.facts.push(std::borrow::Cow::Owned(facts));
                true
            }
            None => false,
        };
        let result = self.members(map, place, certain);
        if pushed {
            self.facts.pop();
        }
        result
    }

    /// Refuses a document whose contexts (its own, and the remote ones they name) break a context rule.
    fn context_problems(&mut self, facts: &Facts, certain: bool) -> Result<()> {
        let mut problems: Vec<Problem> = facts.problem.iter().cloned().collect();
        let has_base = facts.base || self.facts.iter().any(|f| f.base);
        match (&facts.relative_vocab, has_base) {
            (Some(vocab), false) => problems.push(Problem::Safe(vocab.clone())),
            (Some(_), true) => problems.push(Problem::Always(limitation(
                "a vocabulary mapping relative to the base IRI, which it resolves otherwise than jsonld.js",
            ))),
            (None, _) => {}
        }
        // A base the crate resolves against otherwise than RFC 3986 for every reference, not only dot segments:
        // refused whole (references reach it in more places than the walk follows).
        if let Some((BaseQuirk::Whole, quirk)) = &facts.base_quirk {
            problems.push(Problem::Always(limitation(quirk)));
        }
        let mut urls = facts.remote.clone();
        let mut seen = std::collections::HashSet::new();
        while let Some(url) = urls.pop() {
            if seen.insert(url.clone()) {
                match self.loader.parsed_as(&url, Remote::parse) {
                    Ok(remote) => {
                        problems.extend(remote.facts.problem.iter().cloned());
                        urls.extend(remote.facts.remote.iter().cloned());
                    }
                    // Named as it is written: the crate would normalize `a/../b` and load `b`.
                    Err(error) if error.kind() == ErrorKind::UnknownContext => {
                        problems.push(Problem::Always(error))
                    }
                    Err(_) => {}
                }
            }
        }
        for problem in problems {
            match problem {
                Problem::Always(error) if certain => return Err(error),
                Problem::Safe(error) if certain && self.safe => return Err(error),
                Problem::Always(_) | Problem::Safe(_) if !certain => self.deferred = true,
                _ => {}
            }
        }
        Ok(())
    }

    /// The members of a map in `place`: value objects, dropped objects, then each member by its role.
    fn members(
        &mut self,
        map: &'d json_ld::syntax::Object,
        place: Place,
        certain: bool,
    ) -> Result<()> {
        // The type-scoped contexts of the node's types apply to its members.
        let pushed = if self.facts.iter().any(|f| !f.scoped.is_empty()) {
            let types: Vec<&'d str> = map
                .iter()
                .filter(|e| self.roles(e.key.as_str()) & TYPE != 0)
                .flat_map(|e| strings(&e.value))
                .collect();
            self.push_scoped(types.into_iter(), certain)?
        } else {
            0
        };
        let result = self.typed_members(map, place, certain);
        self.facts.truncate(self.facts.len() - pushed);
        result
    }

    fn typed_members(
        &mut self,
        map: &'d json_ld::syntax::Object,
        place: Place,
        certain: bool,
    ) -> Result<()> {
        let entries: Vec<(&'d str, &'d Value, Roles)> = map
            .iter()
            .filter(|e| e.key.as_str() != "@context")
            .map(|e| (e.key.as_str(), &e.value, self.roles(e.key.as_str())))
            .collect();
        let has = |role: Roles| entries.iter().any(|(_, _, r)| r & role != 0);
        if let Some((key, _, _)) = entries
            .iter()
            .find(|(key, _, _)| is_absolute_iri(key) && has_dot_segment(key))
        {
            let what = format!(
                "the property `{key}`, whose dot segments it removes (jsonld.js keeps them)"
            );
            return self.always(Err(limitation(what)), certain);
        }
        if has(VALUE) {
            return self.value_object(&entries, place, certain);
        }
        if has(LANGUAGE | DIRECTION) {
            return self.always(
                Err(limitation(
                    "an object with `@language` or `@direction` and no `@value`, which it drops or keeps otherwise than jsonld.js",
                )),
                certain,
            );
        }
        let mut named = 0;
        if entries.iter().any(|(_, _, r)| {
            let keyword = r & KEYWORD_ROLES;
            let twice = keyword & named != 0;
            named |= keyword;
            twice
        }) {
            return self.always(
                Err(limitation(
                    "two members of one object that name the same keyword, which it does not merge as jsonld.js does",
                )),
                certain,
            );
        }
        if has(LIST) && map.contains_key("@context") {
            return self.always(
                Err(limitation(
                    "a list object with `@context`, which it refuses as an invalid list object",
                )),
                certain,
            );
        }
        if let [(_, _, roles)] = entries.as_slice() {
            if roles & LANGUAGE != 0 && !self.path.is_empty() {
                return self.refuse(
                    Violation::DroppedObject {
                        what: "an object with only `@language`",
                    },
                    certain,
                );
            }
        }
        // The document itself, dropped whole, is refused by deserialization to RDF ([`Violation::NoQuads`]).
        if place != Place::Nested && !self.path.is_empty() {
            let dropped = match entries.as_slice() {
                _ if kept(&entries).next().is_none() => Some("an empty object"),
                _ if has(LIST) => Some("a list object outside any property"),
                _ if only_id(&entries) => Some("an object with only `@id`"),
                [(_, _, roles)] if roles & KEYWORD_ROLES == 0 && !self.complete => {
                    // It may alias `@id` in a remote context.
                    self.deferred = self.deferred || self.safe;
                    None
                }
                _ => None,
            };
            if let Some(what) = dropped {
                return self.refuse(Violation::DroppedObject { what }, certain);
            }
        }
        for (key, value, roles) in entries {
            self.path.push(Step::Key(key));
            self.member(key, value, roles, place, certain)?;
            self.path.pop();
        }
        Ok(())
    }

    /// A value object (§5.1.2 step 15): `@value: null` (unless `@json`), where it stands, its `@direction`.
    fn value_object(
        &mut self,
        entries: &[(&'d str, &'d Value, Roles)],
        place: Place,
        certain: bool,
    ) -> Result<()> {
        let json = entries
            .iter()
            .any(|(_, v, r)| r & TYPE != 0 && v.as_str() == Some("@json"));
        for (key, value, roles) in entries {
            self.path.push(Step::Key(key));
            if roles & VALUE != 0 && value.is_null() && !json {
                self.refuse(Violation::NullValue, certain)?;
            }
            if roles & DIRECTION != 0 {
                self.always(direction(value), certain)?;
            }
            if let (true, Some(datatype)) = (roles & TYPE != 0, value.as_str()) {
                if has_unicode_js_whitespace(datatype) {
                    let what = format!("datatype `{datatype}` is not an absolute IRI");
                    self.refuse(Violation::Lost { what }, certain)?;
                } else if datatype != "@json" {
                    self.relative_reference(datatype, certain)?;
                }
            }
            self.path.pop();
        }
        if place != Place::Nested && !self.path.is_empty() {
            return self.refuse(
                Violation::DroppedObject {
                    what: "a value object outside any property",
                },
                certain,
            );
        }
        Ok(())
    }

    /// One member of a node object (or of a `@nest` or `@reverse` map), by the role of its name.
    fn member(
        &mut self,
        key: &'d str,
        value: &'d Value,
        roles: Roles,
        place: Place,
        certain: bool,
    ) -> Result<()> {
        if roles & ID != 0 {
            if let Some(id) = value.as_str() {
                self.id_value(id, certain)?;
            }
        } else if roles & TYPE != 0 {
            for ty in strings(value) {
                if has_keyword_form(ty) && !is_keyword(ty) {
                    self.refuse(
                        Violation::TypeNotIri {
                            value: ty.to_string(),
                        },
                        certain,
                    )?;
                } else if stays_relative(ty) || has_unicode_js_whitespace(ty) {
                    self.refuse(relative("`@type`", ty), certain)?;
                } else {
                    self.non_ascii_prefix(ty, certain)?;
                    self.relative_reference(ty, certain)?;
                }
            }
        } else if roles & GRAPH != 0 {
            self.value(value, Place::Graph, certain)?;
        } else if roles & SET != 0 {
            self.value(value, place, certain)?;
        } else if roles & LIST != 0 {
            self.value(value, Place::Nested, certain)?;
        } else if roles & INCLUDED != 0 {
            if let Value::Array(items) = value {
                self.identical_nodes(items, certain)?;
            }
            self.value(value, Place::Nested, certain)?;
        } else if roles & (REVERSE | NEST) != 0 {
            for (i, nested) in objects(value) {
                if let Some(i) = i {
                    self.path.push(Step::Index(i));
                }
                let entries: Vec<_> = nested
                    .iter()
                    .filter(|e| e.key.as_str() != "@context")
                    .map(|e| (e.key.as_str(), &e.value, self.roles(e.key.as_str())))
                    .collect();
                for (key, value, roles) in entries {
                    self.path.push(Step::Key(key));
                    self.member(key, value, roles, Place::Nested, certain)?;
                    self.path.pop();
                }
                if i.is_some() {
                    self.path.pop();
                }
            }
        } else if roles & DIRECTION != 0 {
            self.always(direction(value), certain)?;
        } else if roles & KEYWORD_ROLES != 0 {
            // `@index`, `@language` outside a value object, aliases of other keywords: no property.
        } else {
            self.property(key, value, roles, certain)?;
        }
        Ok(())
    }

    /// An `@id` value (of a node, a reference, an `@id`-coerced term or an id map key).
    fn id_value(&mut self, id: &str, certain: bool) -> Result<()> {
        if has_keyword_form(id)
            && is_keyword(id)
            && crate::canon::jsonld::syntax::syntax_keyword(id).is_none()
        {
            // A Framing keyword (`@embed`): IRI Expansion keeps it, and it stays relative.
            self.refuse(relative("`@id`", id), certain)
        } else if has_keyword_form(id) && !is_keyword(id) {
            self.refuse(
                Violation::ReservedIdValue {
                    value: id.to_string(),
                },
                certain,
            )
        } else if stays_relative(id) || has_unicode_js_whitespace(id) {
            self.refuse(relative("`@id`", id), certain)
        } else {
            self.non_ascii_prefix(id, certain)?;
            self.relative_reference(id, certain)
        }
    }

    /// A property: its name (§5.1.2 step 13.2–13.3), then its value by the term's roles.
    fn property(
        &mut self,
        key: &'d str,
        value: &'d Value,
        roles: Roles,
        certain: bool,
    ) -> Result<()> {
        if has_keyword_form(key) {
            self.refuse(
                Violation::KeywordLikeKey {
                    key: key.to_string(),
                },
                certain,
            )?;
        } else if is_blank(key) || roles & BLANK_ID != 0 {
            // Always a blank node identifier (IRI Expansion step 6.2), whatever follows.
            let what = format!("property `{key}` expands to a blank node (generalized RDF is off)");
            self.refuse(Violation::Lost { what }, certain)?;
        } else if stays_relative(key)
            || (taken_as_is(key) && !is_iri(key))
            || has_unicode_js_whitespace(key)
        {
            // Taken as it is (IRI Expansion step 6.2), it must be an absolute IRI; the crate would append it to
            // the vocabulary mapping instead.
            let (key, iri) = (key.to_string(), key.to_string());
            self.refuse(Violation::RelativeProperty { key, iri }, certain)?;
        } else if !key.is_ascii() && crate::canon::jsonld::syntax::split_compact(key).is_some() {
            self.non_ascii_prefix(key, certain)?;
        } else if roles & NULL != 0 && roles & DEFINED == 0 {
            self.refuse(
                Violation::NullTerm {
                    term: key.to_string(),
                },
                certain,
            )?;
        }
        // The term's property-scoped context applies to its value.
        let pushed = if self.facts.iter().any(|f| !f.scoped.is_empty()) {
            self.push_scoped(std::iter::once(key), certain)?
        } else {
            0
        };
        let result = self.property_value(value, roles, certain);
        self.facts.truncate(self.facts.len() - pushed);
        result
    }

    /// The scoped contexts the contexts around define for `terms` (properties or types), pushed on the facts:
    /// how many.
    fn push_scoped<'t>(
        &mut self,
        terms: impl Iterator<Item = &'t str>,
        certain: bool,
    ) -> Result<usize> {
        let scoped: Vec<Facts> = terms
            .flat_map(|term| {
                self.facts
                    .iter()
                    .filter_map(|f| f.scoped.get(term))
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .collect();
        // A scoped context processed where it is used, against the terms around: one naming a term mapped to
        // null there has no IRI mapping.
        for facts in &scoped {
            for (term, id, pointer) in &facts.id_refs {
                let roles = self.roles(id);
                if roles & NULL != 0 && roles & DEFINED == 0 {
                    let error = not_an_iri(term, id, pointer);
                    if certain {
                        return Err(error);
                    } else {
                        self.deferred = true
                    }
                }
            }
        }
        let pushed = scoped.len();
        self.facts
            .extend(scoped.into_iter().map(std::borrow::Cow::Owned));
        Ok(pushed)
    }

    /// A property's value, by the term's roles.
    fn property_value(&mut self, value: &'d Value, roles: Roles, certain: bool) -> Result<()> {
        // Below a term only the remote contexts may define (a JSON literal, a map?), the first pass is not sure.
        let known = self.complete || roles != 0;
        let certain = certain && known;
        if roles & JSON != 0 || roles & LANGUAGE_MAP != 0 {
            return Ok(());
        }
        if roles & (ID_MAP | TYPE_MAP | INDEX_MAP) != 0 {
            if let Value::Object(map) = value {
                for entry in map.iter() {
                    let index = entry.key.as_str();
                    self.path.push(Step::Key(index));
                    if roles & ID_MAP != 0 {
                        self.id_value(index, certain)?;
                    } else if roles & PROPERTY_INDEX != 0 && has_keyword_form(index) {
                        let what = format!(
                            "the index `{index}` of a property-valued index map, which it drops"
                        );
                        self.always(Err(limitation(what)), certain)?;
                    } else if roles & TYPE_MAP != 0 && has_keyword_form(index) && !is_keyword(index)
                    {
                        self.refuse(
                            Violation::TypeNotIri {
                                value: index.to_string(),
                            },
                            certain,
                        )?;
                    }
                    if roles & COERCED_ID != 0 {
                        for id in strings(&entry.value) {
                            self.id_value(id, certain)?;
                        }
                    }
                    self.value(&entry.value, Place::Nested, certain)?;
                    self.path.pop();
                }
                return Ok(());
            }
        }
        if roles & COERCED_ID != 0 {
            for id in strings(value) {
                self.id_value(id, certain)?;
                if roles & COERCED_VOCAB != 0 && is_blank(id) && !plain_blank_label(id) {
                    let what = format!(
                        "the blank node identifier `{id}`, which it appends to the vocabulary mapping instead"
                    );
                    self.always(Err(limitation(what)), certain)?;
                }
            }
        } else if !self.complete && roles == 0 {
            // A remote context may coerce the term to `@id`.
            if strings(value).any(|s| has_keyword_form(s) || stays_relative(s)) {
                self.deferred = self.deferred || self.safe;
            }
        }
        self.value(value, Place::Nested, certain)
    }
}

/// `@direction` must be `"ltr"` or `"rtl"` (§5.1.2 step 13.4.9). Errors: `invalid base direction`.
fn direction(value: &Value) -> Result<()> {
    match value.as_str() {
        Some("ltr" | "rtl") => Ok(()),
        _ => Err(invalid(
            Code::InvalidBaseDirection,
            format!("`{}` is not \"ltr\" or \"rtl\"", value.compact_print()),
        )),
    }
}

/// How the reason of a refusal the pre-check leaves to canonprof's engine begins (the error is marked
/// [`Error::for_other_engine`]; the words tell a reader the same).
const UNDECIDED: &str = "safe mode: for canonprof's engine to decide: ";

/// Whether IRI Expansion takes `value` as it is (step 6.2: a suffix beginning with `//`).
fn taken_as_is(value: &str) -> bool {
    crate::canon::jsonld::syntax::split_compact(value)
        .is_some_and(|(_, suffix)| suffix.starts_with("//"))
}

/// Safe mode's refusal of an `@id` or `@type` value that stays relative.
fn relative(role: &str, value: &str) -> Violation {
    Violation::Lost {
        what: format!("{role} value `{value}` is not an absolute IRI (relative or invalid)"),
    }
}

/// The strings of a value or an array.
fn strings(value: &Value) -> impl Iterator<Item = &str> {
    let items: &[Value] = match value {
        Value::Array(items) => items,
        single => std::slice::from_ref(single),
    };
    items.iter().filter_map(Value::as_str)
}

/// The maps of a value or an array, with their index in the array.
fn objects(value: &Value) -> Vec<(Option<usize>, &json_ld::syntax::Object)> {
    match value {
        Value::Object(map) => vec![(None, map)],
        Value::Array(items) => items
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.as_object().map(|m| (Some(i), m)))
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether the members of an object are an `@id` and nothing else that expansion keeps (keywords without meaning in
/// a node object, such as `@container`, and the Framing keywords are dropped).
fn only_id(entries: &[(&str, &Value, Roles)]) -> bool {
    let mut kept = kept(entries);
    matches!((kept.next(), kept.next()), (Some(roles), None) if roles & ID != 0)
}

/// The roles of the members expansion keeps (see [`only_id`]), without allocating: called for every object at
/// the top level or in `@graph`.
fn kept<'e>(entries: &'e [(&str, &Value, Roles)]) -> impl Iterator<Item = Roles> + 'e {
    entries
        .iter()
        .filter(|(key, _, _)| {
            !is_framing_keyword(key)
                && !matches!(
                    *key,
                    "@container"
                        | "@base"
                        | "@vocab"
                        | "@version"
                        | "@protected"
                        | "@propagate"
                        | "@prefix"
                        | "@import"
                )
        })
        .map(|(_, _, roles)| *roles)
}
