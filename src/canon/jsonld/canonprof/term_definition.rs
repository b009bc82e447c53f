//! JSON-LD 1.1 API §4.2 Create Term Definition, as Context Processing (`super::context_processing`) calls it for
//! each term of a local context, with the IRI Expansion of the values it depends on (defining those terms first).

use super::active_context::{Container, Direction, Flags, ScopedContext, TermDef};
use super::context_processing::{Processor, TermDefinitionPass};
use super::iri;
use super::{invalid, Json, Map, Str};
use crate::canon::jsonld::safe_mode::Violation;
use crate::canon::jsonld::JsonLdErrorCode as Code;
use crate::canon::step;
use crate::canon::work::{self, Step};
use crate::error::Result;
use std::sync::Arc;

impl Processor<'_> {
    /// IRI Expansion (JSON-LD 1.1 API, `#iri-expansion`) while a local context is processed: steps 3 and 6.3
    /// define the terms the value depends on first, then [`iri::expand`] does the rest.
    fn expand_iri(
        &self,
        d: &mut TermDefinitionPass,
        value: &str,
        document_relative: bool,
        vocab: bool,
    ) -> Result<Option<Str>> {
        if iri::is_keyword(value) || iri::has_keyword_form(value) {
            return Ok(iri::expand(&d.result, value, document_relative, vocab));
        }
        // Step 3.
        if d.local.contains_key(value) && d.defined.get(value) != Some(&true) {
            self.create_term_definition(d, value)?;
        }
        // Step 6.3.
        if let Some((prefix, suffix)) = iri::split_compact(value) {
            if prefix != "_"
                && !suffix.starts_with("//")
                && d.local.contains_key(prefix)
                && d.defined.get(prefix) != Some(&true)
            {
                self.create_term_definition(d, prefix)?;
            }
        }
        Ok(iri::expand(&d.result, value, document_relative, vocab))
    }

    /// JSON-LD 1.1 API §4.2.2 Create Term Definition, steps 1–28.
    #[inline(never)]
    pub(super) fn create_term_definition(
        &self,
        d: &mut TermDefinitionPass,
        term: &str,
    ) -> Result<()> {
        work::count(Step::CreateTermDefinition);
        let _span = crate::profile::step(step::CREATE_TERM_DEFINITION);
        // Step 1.
        match d.defined.get(term) {
            Some(true) => return Ok(()),
            Some(false) => {
                return Err(invalid(
                    Code::CyclicIriMapping,
                    format!("term `{term}` is defined through itself"),
                ))
            }
            None => {}
        }
        // Step 2.
        if term.is_empty() {
            return Err(invalid(Code::InvalidTermDefinition, "the empty term"));
        }
        d.defined.insert(Str::from(term), false);
        // Step 3.
        let value = d.local.get(term).cloned().unwrap_or(Json::Null);
        // Step 4: `@type` may only be given `@container: @set` and `@protected`.
        if term == "@type" {
            let only_set = matches!(&value, Json::Object(m)
                if !m.is_empty()
                    && m.iter().all(|(k, v)| (k == "@container" && v == "@set") || k == "@protected"));
            if !only_set {
                return Err(invalid(
                    Code::KeywordRedefinition,
                    "`@type` may only be given `@container: @set` and `@protected`",
                ));
            }
        } else if iri::is_keyword(term) {
            return Err(invalid(
                Code::KeywordRedefinition,
                format!("`{term}` is a keyword"),
            ));
        }
        // Step 5: keyword-like terms are ignored (safe mode refuses them).
        if term != "@type" && iri::has_keyword_form(term) {
            d.result.note(Violation::ReservedTerm {
                term: term.to_string(),
            });
            d.defined.insert(Str::from(term), true);
            return Ok(());
        }
        // Step 6.
        let previous = d.result.terms.remove(term);
        // Steps 7–9.
        let (map, simple) = match &value {
            Json::Null => {
                let mut m = Map::new();
                m.insert("@id", Json::Null);
                (m, false)
            }
            Json::String(s) => {
                let mut m = Map::new();
                m.insert("@id", Json::String(s.clone()));
                (m, true)
            }
            Json::Object(m) => (m.clone(), false),
            other => {
                return Err(invalid(
                    Code::InvalidTermDefinition,
                    format!("term `{term}`: `{other}` is not a string, map or null"),
                ))
            }
        };
        // Step 11.
        let protected = match map.get("@protected") {
            None => d.protected,
            Some(Json::Bool(b)) => *b,
            Some(other) => {
                return Err(invalid(
                    Code::InvalidProtectedValue,
                    format!("term `{term}`: `{other}`"),
                ))
            }
        };
        // Step 10.
        let mut def = TermDef {
            protected,
            ..TermDef::default()
        };
        // Step 12: @type.
        if let Some(ty) = map.get("@type") {
            let Json::String(ty) = ty else {
                return Err(invalid(
                    Code::InvalidTypeMapping,
                    format!("term `{term}`: `{ty}` is not a string"),
                ));
            };
            let expanded = self.expand_iri(d, ty, false, true)?;
            match expanded {
                Some(t)
                    if matches!(t.as_str(), "@id" | "@json" | "@none" | "@vocab")
                        || iri::is_absolute_iri(&t) =>
                {
                    def.type_mapping = Some(t)
                }
                _ => {
                    return Err(invalid(
                        Code::InvalidTypeMapping,
                        format!("term `{term}`: `{ty}` is not an IRI"),
                    ))
                }
            }
        }
        // Step 13: @reverse.
        if let Some(reverse) = map.get("@reverse") {
            if map.contains_key("@id") || map.contains_key("@nest") {
                return Err(invalid(
                    Code::InvalidReverseProperty,
                    format!("term `{term}` has @reverse with @id or @nest"),
                ));
            }
            let Json::String(reverse) = reverse else {
                return Err(invalid(
                    Code::InvalidIriMapping,
                    format!("term `{term}`: @reverse `{reverse}` is not a string"),
                ));
            };
            if iri::has_keyword_form(reverse) {
                d.result.note(Violation::ReservedTermValue {
                    term: term.to_string(),
                    entry: "@reverse",
                    value: reverse.to_string(),
                });
                d.defined.insert(Str::from(term), true);
                return Ok(());
            }
            match self.expand_iri(d, reverse, false, true)? {
                Some(iri) if iri::is_absolute_iri(&iri) || iri::is_blank(&iri) => {
                    def.iri = Some(iri)
                }
                _ => {
                    return Err(invalid(
                        Code::InvalidIriMapping,
                        format!("term `{term}`: @reverse `{reverse}` is not an IRI"),
                    ))
                }
            }
            if let Some(container) = map.get("@container") {
                match container {
                    Json::Null => {}
                    Json::String(s) if s == "@set" || s == "@index" => {
                        def.container = Container::parse(container).unwrap_or_default()
                    }
                    _ => {
                        return Err(invalid(
                            Code::InvalidReverseProperty,
                            format!("term `{term}`: container `{container}`"),
                        ))
                    }
                }
            }
            def.reverse = true;
            unknown_entry(term, &map)?;
            return self.finish(d, term, def, previous);
        }
        // Step 14: @id.
        let id = map.get("@id");
        if let Some(id) = id.filter(|v| v.as_str() != Some(term)) {
            match id {
                Json::Null => def.iri = None,
                Json::String(s) => {
                    if !iri::is_keyword(s) && iri::has_keyword_form(s) {
                        d.result.note(Violation::ReservedTermValue {
                            term: term.to_string(),
                            entry: "@id",
                            value: s.to_string(),
                        });
                        d.defined.insert(Str::from(term), true);
                        return Ok(());
                    }
                    let expanded = self.expand_iri(d, s, false, true)?;
                    match expanded {
                        Some(e)
                            if iri::is_keyword(&e)
                                || iri::is_absolute_iri(&e)
                                || iri::is_blank(&e) =>
                        {
                            if e == "@context" {
                                return Err(invalid(
                                    Code::InvalidKeywordAlias,
                                    format!("term `{term}` aliases @context"),
                                ));
                            }
                            def.iri = Some(e)
                        }
                        _ => {
                            return Err(invalid(
                                Code::InvalidIriMapping,
                                format!("term `{term}`: `{s}` is not an IRI"),
                            ))
                        }
                    }
                    // Step 14.2.4: a term that looks like a compact or relative IRI must expand to its mapping.
                    if inner_colon(term) || term.contains('/') {
                        d.defined.insert(Str::from(term), true);
                        let by_itself = self.expand_iri(d, term, false, true)?;
                        if by_itself != def.iri {
                            return Err(invalid(
                                Code::InvalidIriMapping,
                                format!(
                                    "term `{term}` looks like an IRI but maps to `{}`",
                                    def.iri.as_deref().unwrap_or("null")
                                ),
                            ));
                        }
                    }
                    // Step 14.2.5: the prefix flag.
                    if !term.contains(':') && !term.contains('/') && simple {
                        if let Some(e) = &def.iri {
                            def.prefix = iri::ends_with_gen_delim(e) || iri::is_blank(e);
                        }
                    }
                }
                other => {
                    return Err(invalid(
                        Code::InvalidIriMapping,
                        format!("term `{term}`: @id `{other}` is not a string"),
                    ))
                }
            }
        } else if let Some((prefix, suffix)) = iri::split_compact(term) {
            // Step 15: a compact IRI or an absolute IRI.
            if d.local.contains_key(prefix) {
                self.create_term_definition(d, prefix)?;
            }
            def.iri = match d.result.term(prefix).and_then(|p| p.iri.clone()) {
                Some(prefix_iri) => Some(iri::concat(&prefix_iri, suffix)),
                None => Some(Str::from(term)),
            };
        } else if term.contains('/') {
            // Step 16: a relative IRI reference, expanded against the vocabulary mapping (without defining terms
            // first, as jsonld.js expands it: the term itself is still being defined).
            match iri::expand(&d.result, term, false, true) {
                Some(e) if iri::is_absolute_iri(&e) || iri::is_blank(&e) => def.iri = Some(e),
                _ => {
                    return Err(invalid(
                        Code::InvalidIriMapping,
                        format!("term `{term}` is not an IRI"),
                    ))
                }
            }
        } else if term == "@type" {
            // Step 17.
            def.iri = Some("@type".into());
        } else if let Some(vocab) = &d.result.vocab {
            // Step 18.
            def.iri = Some(iri::concat(vocab, term));
        } else {
            return Err(invalid(
                Code::InvalidIriMapping,
                format!("term `{term}` has no @id and there is no @vocab"),
            ));
        }
        // Step 19: @container.
        if let Some(container) = map.get("@container") {
            let parsed = Container::parse(container).ok_or_else(|| {
                invalid(
                    Code::InvalidContainerMapping,
                    format!("term `{term}`: `{container}`"),
                )
            })?;
            def.container = parsed;
            if parsed.has(Container::TYPE) {
                match def.type_mapping.as_deref() {
                    None => def.type_mapping = Some("@id".into()),
                    Some("@id" | "@vocab") => {}
                    Some(other) => {
                        return Err(invalid(
                            Code::InvalidTypeMapping,
                            format!(
                            "term `{term}`: a @type container needs @id or @vocab, not `{other}`"
                        ),
                        ))
                    }
                }
            }
        }
        // Step 20: @index.
        if let Some(index) = map.get("@index") {
            let valid = def.container.has(Container::INDEX)
                && index.as_str().is_some_and(|s| {
                    !iri::is_keyword(s)
                        && iri::expand(&d.result, s, false, true)
                            .is_some_and(|e| iri::is_absolute_iri(&e))
                });
            if !valid {
                return Err(invalid(
                    Code::InvalidTermDefinition,
                    format!("term `{term}`: @index `{index}`"),
                ));
            }
            def.index = index.as_str().map(Str::from);
        }
        // Step 21: @context (a scoped context), validated now.
        if let Some(context) = map.get("@context") {
            let value = Arc::new(context.clone());
            let snapshot = Arc::new(d.result.clone());
            let mut chain = d.remote.clone();
            work::count(Step::ContextScopedValidation);
            let scoped = self
                .process_with(
                    &snapshot,
                    &value,
                    d.base,
                    Flags {
                        override_protected: true,
                        propagate: true,
                        validate_scoped: false,
                    },
                    &mut chain,
                )
                .map_err(|e| match e.kind() {
                    // A context that cannot be loaded keeps its own error (it names the URL).
                    crate::error::ErrorKind::Expansion => invalid(
                        Code::InvalidScopedContext,
                        format!("term `{term}`: {}", e.reason()),
                    ),
                    _ => e,
                })?;
            // A scoped context is checked when it is defined, as jsonld.js checks it.
            if let Some(violation) = &scoped.violation {
                d.result.note((**violation).clone());
            }
            def.context = Some(ScopedContext {
                value,
                base: d.base.map(Arc::from),
            });
        }
        // jsonld.js refuses a `@direction` that is not null, "ltr" or "rtl" also beside `@type` (where step 23
        // ignores it).
        if let (true, Some(direction)) = (map.contains_key("@type"), map.get("@direction")) {
            if !direction.is_null() && direction.as_str().and_then(Direction::parse).is_none() {
                return Err(invalid(
                    Code::InvalidBaseDirection,
                    format!("term `{term}`: `{direction}`"),
                ));
            }
        }
        // Steps 22–23: @language and @direction (without @type).
        if !map.contains_key("@type") {
            if let Some(language) = map.get("@language") {
                def.language = Some(match language {
                    Json::Null => None,
                    Json::String(s) => Some(s.clone()),
                    other => {
                        return Err(invalid(
                            Code::InvalidLanguageMapping,
                            format!("term `{term}`: `{other}`"),
                        ))
                    }
                });
            }
            if let Some(direction) = map.get("@direction") {
                def.direction = Some(match direction {
                    Json::Null => None,
                    Json::String(s) if Direction::parse(s).is_some() => Direction::parse(s),
                    other => {
                        return Err(invalid(
                            Code::InvalidBaseDirection,
                            format!("term `{term}`: `{other}`"),
                        ))
                    }
                });
            }
        }
        // Step 24: @nest.
        if let Some(nest) = map.get("@nest") {
            match nest {
                Json::String(s) if s == "@nest" || !iri::is_keyword(s) => {
                    def.nest = Some(s.clone())
                }
                other => {
                    return Err(invalid(
                        Code::InvalidNestValue,
                        format!("term `{term}`: `{other}`"),
                    ))
                }
            }
        }
        // Step 25: @prefix.
        if let Some(prefix) = map.get("@prefix") {
            if term.contains(':') || term.contains('/') {
                return Err(invalid(
                    Code::InvalidTermDefinition,
                    format!("term `{term}` is an IRI and cannot set @prefix"),
                ));
            }
            match prefix {
                Json::Bool(b) => def.prefix = *b,
                other => {
                    return Err(invalid(
                        Code::InvalidPrefixValue,
                        format!("term `{term}`: `{other}`"),
                    ))
                }
            }
            if def.prefix && def.iri.as_deref().is_some_and(iri::is_keyword) {
                return Err(invalid(
                    Code::InvalidTermDefinition,
                    format!("term `{term}` is a keyword alias and cannot be a prefix"),
                ));
            }
        }
        // Step 26.
        unknown_entry(term, &map)?;
        self.finish(d, term, def, previous)
    }

    /// §4.2.2 steps 27–28: protected terms may only be redefined identically (unless overriding), then the
    /// definition is stored.
    fn finish(
        &self,
        d: &mut TermDefinitionPass,
        term: &str,
        def: TermDef,
        previous: Option<Arc<TermDef>>,
    ) -> Result<()> {
        let mut def = def;
        def.names_property = def
            .iri
            .as_deref()
            .is_some_and(|i| iri::is_keyword(i) || iri::is_absolute_iri(i) || iri::is_blank(i));
        let def = match previous {
            Some(previous) if !d.override_protected && previous.protected => {
                if !previous.same_as(&def) {
                    return Err(invalid(
                        Code::ProtectedTermRedefinition,
                        format!("term `{term}` is protected"),
                    ));
                }
                previous
            }
            _ => Arc::new(def),
        };
        d.result.terms.insert(Arc::from(term), def);
        d.defined.insert(Str::from(term), true);
        Ok(())
    }
}

/// §4.2.2 step 26: a term definition may only have the entries of a term definition (checked for reverse
/// properties too, as jsonld.js and the json-ld crate check it). Errors: `invalid term definition`.
fn unknown_entry(term: &str, map: &Map) -> Result<()> {
    match map.keys().find(|k| {
        !matches!(
            k.as_str(),
            "@id"
                | "@reverse"
                | "@container"
                | "@context"
                | "@direction"
                | "@index"
                | "@language"
                | "@nest"
                | "@prefix"
                | "@protected"
                | "@type"
        )
    }) {
        Some(key) => Err(invalid(
            Code::InvalidTermDefinition,
            format!("term `{term}` has an unknown entry `{key}`"),
        )),
        None => Ok(()),
    }
}

/// Whether `term` has a colon anywhere but as its first or last character (§4.2.2 step 14.2.4) that is followed by
/// a character other than a colon: jsonld.js (`/(?::[^:])|\//`) and the json-ld crate do not check a term like
/// `none::::` whose inner colons are followed only by colons, and neither does canonprof's engine.
fn inner_colon(term: &str) -> bool {
    let last = term.chars().count().saturating_sub(1);
    let mut chars = term.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let next_is_colon = chars.peek().is_some_and(|(_, n)| *n == ':');
        if c == ':' && i > 0 && i < last && !next_is_colon {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::inner_colon;

    #[test]
    fn inner_colons_in_non_ascii_terms() {
        assert!(inner_colon("ɜ:x") && inner_colon("a:ü") && inner_colon("日:本"));
        assert!(
            !inner_colon("ɜ:") && !inner_colon(":ü") && !inner_colon("ɜü") && !inner_colon(":")
        );
        assert!(!inner_colon("") && !inner_colon("none::::") && inner_colon("a::b"));
    }
}
