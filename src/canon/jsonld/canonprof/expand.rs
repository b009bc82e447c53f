//! JSON-LD 1.1 API §5.1 Expansion Algorithm (`#expansion-algorithm`; its keyword entries in
//! `expand_keyword`, Value Expansion in [`super::value_expansion`]), over `serde_json` values, with the active context shared (`Arc`) and every context processing call memoized
//! ([`super::context_processing::Processor`]). Not frame expansion; JSON-LD 1.1 processing mode; `ordered` is implied
//! (serde_json maps iterate keys in code point order).
//!
//! Safe mode (the VC Data Integrity default, jsonld.js `safe: true`): whatever expansion would drop — an
//! undefined term, a keyword-like key or value, a `@value` of null, a free-floating scalar — is a
//! [`ErrorKind::SafeMode`](crate::ErrorKind::SafeMode) error naming the member; relative IRIs are refused later, by [`mod@super::to_rdf`], where
//! their quads would be lost.

use super::active_context::{Container, Context, Flags, TermDef};
use super::context_processing::Processor;
use super::value_expansion::{value_expansion, value_expansion_as};
use super::{invalid, iri, Json, Map, Str};
use crate::canon::jsonld::safe_mode::Violation;
use crate::canon::jsonld::JsonLdErrorCode as Code;
use crate::canon::work::{self, Step};
use crate::error::{Locate, Result};
use std::sync::Arc;

/// Runs the expansion algorithm.
pub(crate) struct Expander<'a> {
    /// Context processing (memoized).
    pub processor: Processor<'a>,
    /// Safe mode: refuse what would be dropped instead of dropping it.
    pub safe: bool,
    /// The document's root map, if it is one: dropped whole, it is refused by `to_rdf` ("no quads"), not here.
    pub root: Option<*const Map>,
}

/// The inputs of one map's key loop (§5.1.2 steps 13–14).
#[derive(Clone, Copy)]
pub(super) struct Scope<'s> {
    pub(super) active: &'s Arc<Context>,
    pub(super) type_scoped: &'s Arc<Context>,
    pub(super) property: Option<&'s str>,
    pub(super) base: Option<&'s str>,
    pub(super) input_type: Option<&'s str>,
}

pub(super) fn as_array(value: Json) -> Vec<Json> {
    match value {
        Json::Array(items) => items,
        Json::Null => Vec::new(),
        other => vec![other],
    }
}

pub(super) fn is_value_object(value: &Json) -> bool {
    value.get("@value").is_some()
}

pub(super) fn is_list_object(value: &Json) -> bool {
    value.get("@list").is_some()
}

fn is_graph_object(value: &Json) -> bool {
    matches!(value, Json::Object(m) if m.contains_key("@graph")
        && m.keys().all(|k| matches!(k.as_str(), "@graph" | "@id" | "@index" | "@context")))
}

/// Appends `value` (an array's items, or one value) to the array at `map[key]`.
pub(super) fn add_value(map: &mut Map, key: &Str, value: Json) {
    let slot = map.get_or_insert_with(key, || Json::Array(Vec::new()));
    if !slot.is_array() {
        let single = slot.take();
        *slot = Json::Array(vec![single]);
    }
    let Json::Array(items) = slot else {
        unreachable!("made an array above")
    };
    match value {
        Json::Array(values) => items.extend(values),
        other => items.push(other),
    }
}

/// Adds `items` under `result["@reverse"][property]` (§5.1.2 steps 13.4.13.4 and 13.13). Errors: `invalid
/// reverse property value` for a value or list object.
pub(super) fn add_reverse(result: &mut Map, property: &Str, items: Json) -> Result<()> {
    for item in as_array(items) {
        if is_value_object(&item) || is_list_object(&item) {
            return Err(invalid(
                Code::InvalidReversePropertyValue,
                format!("`{item}` for reverse property <{property}> is a value or list"),
            ));
        }
        let reverse =
            result.get_or_insert_with(&Str::new_static("@reverse"), || Json::Object(Map::new()));
        if let Json::Object(reverse) = reverse {
            add_value(reverse, property, Json::Array(vec![item]));
        }
    }
    Ok(())
}

/// Safe mode's verdict on a member name that did not expand to an absolute IRI, a blank node identifier or a
/// keyword (`expanded`: what it expanded to, `None` for null): which [`Violation`] it is.
fn invalid_property(active: &Context, key: &str, expanded: Option<Str>) -> Violation {
    let key = key.to_string();
    match expanded {
        _ if iri::has_keyword_form(&key) && !iri::is_keyword(&key) => {
            Violation::KeywordLikeKey { key }
        }
        None => Violation::NullTerm { term: key },
        Some(iri) if iri == key && !key.contains(':') && active.term(&key).is_none() => {
            Violation::UndefinedTerm { term: key }
        }
        Some(iri) => Violation::RelativeProperty {
            key,
            iri: iri.to_string(),
        },
    }
}

impl Expander<'_> {
    /// Context processing ([`Processor::process`]); in safe mode a context that broke a safe-mode rule is
    /// refused when it becomes active.
    fn process(
        &self,
        active: &Arc<Context>,
        local: &Arc<Json>,
        base: Option<&str>,
        flags: Flags,
        kind: Step,
    ) -> Result<Arc<Context>> {
        work::count(kind);
        let context = self.processor.process(active, local, base, flags)?;
        match (&context.violation, self.safe) {
            (Some(violation), true) => Err((**violation).clone().error()),
            _ => Ok(context),
        }
    }

    /// JSON-LD 1.1 API §4.1 `expand()` steps 8.1 (the algorithm from the initial context with `base` as base
    /// IRI) and 8.2–8.3 (a lone `@graph` is unwrapped, the result is always an array). Errors:
    /// [`ErrorKind::Expansion`](crate::ErrorKind::Expansion) with the spec's error code, [`ErrorKind::SafeMode`](crate::ErrorKind::SafeMode) in safe mode, loader errors.
    pub(crate) fn document(&mut self, element: &Json, base: Option<&str>) -> Result<Vec<Json>> {
        self.root = element.as_object().map(|m| m as *const _);
        let active = self.processor.memo.initial(base);
        let expanded = self.expand(&active, None, element, base, false)?;
        Ok(match expanded {
            Json::Object(mut map) if map.len() == 1 && map.contains_key("@graph") => {
                as_array(map.remove("@graph").unwrap_or(Json::Null))
            }
            other => as_array(other),
        })
    }

    /// §5.1.2 Expansion Algorithm, steps 1–20.
    pub(super) fn expand(
        &self,
        active: &Arc<Context>,
        property: Option<&str>,
        element: &Json,
        base: Option<&str>,
        from_map: bool,
    ) -> Result<Json> {
        let definition = property.and_then(|p| active.term(p));
        self.expand_as(active, property, definition, element, base, from_map)
    }

    /// [`Expander::expand`] with the active property's term definition in `active` already looked up (the caller
    /// had it, or it is `None`).
    fn expand_as(
        &self,
        active: &Arc<Context>,
        property: Option<&str>,
        definition: Option<&TermDef>,
        element: &Json,
        base: Option<&str>,
        from_map: bool,
    ) -> Result<Json> {
        work::count(Step::Expansion);
        // Step 3: the property-scoped context.
        let scoped = definition.and_then(|d| d.context.clone());
        match element {
            // Step 1.
            Json::Null => Ok(Json::Null),
            // Step 5: arrays.
            Json::Array(items) => {
                let list = definition.is_some_and(|d| d.container.has(Container::LIST));
                let mut result = Vec::with_capacity(items.len());
                for item in items {
                    let expanded =
                        self.expand_as(active, property, definition, item, base, from_map)?;
                    match expanded {
                        Json::Array(inner) if list => {
                            let mut m = Map::new();
                            m.insert("@list", Json::Array(inner));
                            result.push(Json::Object(m));
                        }
                        Json::Array(inner) => result.extend(inner),
                        Json::Null => {}
                        other => result.push(other),
                    }
                }
                Ok(Json::Array(result))
            }
            // Step 6 onwards: maps.
            Json::Object(map) => self.expand_map(active, property, map, base, from_map, scoped),
            // Step 4: scalars.
            scalar => {
                if property.is_none() || property == Some("@graph") {
                    if self.safe {
                        return Err(Violation::FreeFloating {
                            in_graph: property.is_some(),
                        }
                        .error());
                    }
                    return Ok(Json::Null);
                }
                let expanded = match scoped {
                    Some(s) => {
                        let context = self.process(
                            active,
                            &s.value,
                            s.base.as_deref(),
                            Flags::DEFAULT,
                            Step::ContextPropertyScoped,
                        )?;
                        value_expansion(&context, property, scalar)
                    }
                    None => value_expansion_as(active, definition, scalar),
                };
                // Value Expansion gives `{"@id": null}` for a keyword-like value of an `@id` or `@vocab` term.
                if self.safe
                    && scalar.as_str().is_some_and(iri::has_keyword_form)
                    && expanded.get("@id").is_some_and(Json::is_null)
                {
                    return Err(Violation::ReservedIdValue {
                        value: scalar.as_str().unwrap_or_default().to_string(),
                    }
                    .error());
                }
                Ok(expanded)
            }
        }
    }

    /// §5.1.2 steps 7–20 for a map.
    fn expand_map(
        &self,
        active: &Arc<Context>,
        property: Option<&str>,
        map: &Map,
        base: Option<&str>,
        from_map: bool,
        scoped: Option<super::active_context::ScopedContext>,
    ) -> Result<Json> {
        let mut active = active.clone();
        // Step 7: revert a non-propagated type-scoped context.
        if let Some(previous) = &active.previous {
            let has_value = map.keys().any(|k| iri::expands_to(&active, k, "@value"));
            let only_id = map.len() == 1 && map.keys().all(|k| iri::expands_to(&active, k, "@id"));
            if !from_map && !has_value && !only_id {
                work::count(Step::ContextReverted);
                active = previous.clone();
            }
        }
        // Step 8: the property-scoped context.
        if let Some(s) = scoped {
            active = self.process(
                &active,
                &s.value,
                s.base.as_deref(),
                Flags {
                    override_protected: true,
                    ..Flags::DEFAULT
                },
                Step::ContextPropertyScoped,
            )?;
        }
        // Step 9: an embedded context.
        if let Some(local) = map.get("@context") {
            let local = self.processor.memo.document_context(local);
            let kind = if self.root == Some(map as *const _) {
                Step::ContextTopLevel
            } else {
                Step::ContextEmbedded
            };
            active = self.process(&active, &local, base, Flags::DEFAULT, kind)?;
        }
        // Steps 10–11: type-scoped contexts, in lexicographical order of the type values.
        let type_scoped = active.clone();
        let mut input_type = None;
        for (key, value) in map {
            if !iri::expands_to(&type_scoped, key, "@type") {
                continue;
            }
            let mut types: Vec<&str> = match value {
                Json::String(s) => vec![s.as_str()],
                Json::Array(items) => items.iter().filter_map(Json::as_str).collect(),
                _ => Vec::new(),
            };
            // Step 12: the input type is the last value of the first @type entry.
            if input_type.is_none() {
                input_type = types.last().copied();
            }
            types.sort_unstable();
            for ty in types {
                if let Some(s) = type_scoped.term(ty).and_then(|d| d.context.clone()) {
                    active = self.process(
                        &active,
                        &s.value,
                        s.base.as_deref(),
                        Flags {
                            propagate: false,
                            ..Flags::DEFAULT
                        },
                        Step::ContextTypeScoped,
                    )?;
                }
            }
        }
        let input_type = input_type.and_then(|t| iri::expand(&active, t, false, true));
        // Steps 13–14.
        let mut result = Map::new();
        let scope = Scope {
            active: &active,
            type_scoped: &type_scoped,
            property,
            base,
            input_type: input_type.as_deref(),
        };
        self.entries(&scope, map, &mut result)?;
        let plain_value_keys = || {
            map.keys().all(|k| {
                matches!(
                    k.as_str(),
                    "@context" | "@direction" | "@index" | "@language" | "@type" | "@value"
                )
            })
        };
        if result.contains_key("@value") && !plain_value_keys() {
            // Step 15.1 for the keywords step 13.4 ignores (a `@container` in a value object, say), as jsonld.js
            // and the json-ld crate refuse them.
            for key in map.keys().filter(|k| k.as_str() != "@context") {
                if let Some(keyword) = iri::expand(&active, key, false, true).filter(|k| {
                    iri::is_keyword(k)
                        && !matches!(
                            k.as_str(),
                            "@direction" | "@index" | "@language" | "@type" | "@value"
                        )
                }) {
                    return Err(invalid(
                        Code::InvalidValueObject,
                        format!("a value object with `{keyword}`"),
                    ));
                }
            }
        }
        self.finish(result, property, self.root == Some(map as *const _))
    }

    /// §5.1.2 steps 13 (each entry) and 14 (nested entries, `@nest`).
    fn entries(&self, s: &Scope, map: &Map, result: &mut Map) -> Result<()> {
        let active = s.active;
        let mut nests: Vec<&Str> = Vec::new();
        for (key, value) in map {
            // Step 13.1.
            if key == "@context" {
                continue;
            }
            // Steps 13.2–13.3.
            // A member name must expand to a keyword, an absolute IRI or a blank node identifier (which `to_rdf`
            // refuses as a predicate); anything else is dropped, which safe mode refuses.
            // A defined term's IRI mapping is its expansion (IRI Expansion steps 4–5), checked where the term was
            // defined (`TermDef::names_property`).
            let definition = active.term(key);
            let (expanded, checked) = match definition {
                Some(def) if !iri::has_keyword_form(key) => (def.iri.clone(), def.names_property),
                _ => (iri::expand(active, key, false, true), false),
            };
            let property = match expanded {
                Some(p)
                    if checked
                        || iri::is_keyword(&p)
                        || iri::is_absolute_iri(&p)
                        || iri::is_blank(&p) =>
                {
                    p
                }
                other => {
                    if self.safe {
                        return Err(invalid_property(active, key, other).error());
                    }
                    continue;
                }
            };
            if iri::is_keyword(&property) {
                // Step 13.4.
                if s.property == Some("@reverse") {
                    return Err(invalid(
                        Code::InvalidReversePropertyMap,
                        format!("keyword `{key}` inside @reverse"),
                    ));
                }
                if result.contains_key(&property) && property != "@included" && property != "@type"
                {
                    return Err(invalid(
                        Code::CollidingKeywords,
                        format!("`{key}` repeats {property}"),
                    ));
                }
                if property == "@nest" {
                    nests.push(key);
                    continue;
                }
                self.keyword(s, key, &property, value, result)?;
                continue;
            }
            // Steps 13.5–13.14.
            self.property(s, key, definition, &property, value, result)?;
        }
        // Step 14: nested entries.
        for key in nests {
            let nested = map.get(key).cloned().unwrap_or(Json::Null);
            for item in as_array(nested) {
                let Json::Object(inner) = &item else {
                    return Err(invalid(
                        Code::InvalidNestValue,
                        format!("`{item}` under `{key}` is not a map"),
                    ));
                };
                if inner.keys().any(|k| iri::expands_to(active, k, "@value")) {
                    return Err(invalid(
                        Code::InvalidNestValue,
                        format!("a value object under `{key}`"),
                    ));
                }
                // The nesting term's property-scoped context applies to the nested entries.
                let scoped = active.term(key).and_then(|d| d.context.clone());
                match scoped {
                    Some(sc) => {
                        let nested_context = self.process(
                            active,
                            &sc.value,
                            sc.base.as_deref(),
                            Flags {
                                override_protected: true,
                                ..Flags::DEFAULT
                            },
                            Step::ContextPropertyScoped,
                        )?;
                        let nested_scope = Scope {
                            active: &nested_context,
                            ..*s
                        };
                        self.entries(&nested_scope, inner, result)?;
                    }
                    None => self.entries(s, inner, result)?,
                }
            }
        }
        Ok(())
    }

    /// §5.1.2 steps 13.5–13.14: a property entry.
    fn property(
        &self,
        s: &Scope,
        key: &str,
        definition: Option<&TermDef>,
        property: &Str,
        value: &Json,
        result: &mut Map,
    ) -> Result<()> {
        let active = s.active;
        let container = definition.map(|d| d.container).unwrap_or_default();
        let expanded = if definition.and_then(|d| d.type_mapping.as_deref()) == Some("@json") {
            // Step 13.6.
            let mut m = Map::new();
            m.insert("@value", value.clone());
            m.insert("@type", Json::String("@json".into()));
            Json::Object(m)
        } else if let (true, Json::Object(languages)) = (container.has(Container::LANGUAGE), value)
        {
            // Step 13.7: a language map.
            let direction = match definition.and_then(|d| d.direction) {
                Some(d) => d,
                None => active.direction,
            };
            let mut items = Vec::new();
            for (language, values) in languages {
                let none = iri::expands_to(active, language, "@none");
                for item in as_array(values.clone()) {
                    match item {
                        Json::Null => continue,
                        Json::String(_) => {}
                        other => {
                            return Err(invalid(
                                Code::InvalidLanguageMapValue,
                                format!("`{other}` under language `{language}`"),
                            ))
                        }
                    }
                    let mut v = Map::new();
                    v.insert("@value", item);
                    if !none {
                        v.insert("@language", Json::String(language.clone()));
                    }
                    if let Some(d) = direction {
                        v.insert("@direction", Json::String(d.as_str().into()));
                    }
                    items.push(Json::Object(v));
                }
            }
            Json::Array(items)
        } else if let (true, Json::Object(index_map)) = (
            container.has(Container::INDEX)
                || container.has(Container::TYPE)
                || container.has(Container::ID),
            value,
        ) {
            self.index_map(s, key, container, index_map)?
        } else {
            // Step 13.9.
            self.expand_as(active, Some(key), definition, value, s.base, false)?
        };
        // Step 13.10.
        if expanded.is_null() {
            return Ok(());
        }
        // Step 13.11.
        let expanded = if container.has(Container::LIST) && !is_list_object(&expanded) {
            let mut m = Map::new();
            m.insert("@list", Json::Array(as_array(expanded)));
            Json::Object(m)
        } else {
            expanded
        };
        // Step 13.12.
        let expanded = if container.has(Container::GRAPH)
            && !container.has(Container::ID)
            && !container.has(Container::INDEX)
        {
            Json::Array(
                as_array(expanded)
                    .into_iter()
                    .map(|ev| {
                        let mut m = Map::new();
                        m.insert("@graph", Json::Array(as_array(ev)));
                        Json::Object(m)
                    })
                    .collect(),
            )
        } else {
            expanded
        };
        // Step 13.13: a reverse property.
        if definition.is_some_and(|d| d.reverse) {
            return add_reverse(result, property, expanded);
        }
        // Step 13.14.
        add_value(result, property, Json::Array(as_array(expanded)));
        Ok(())
    }

    /// §5.1.2 step 13.8: an index, `@id` or `@type` map.
    fn index_map(&self, s: &Scope, key: &str, container: Container, map: &Map) -> Result<Json> {
        let active = s.active;
        let index_key = active
            .term(key)
            .and_then(|d| d.index.clone())
            .unwrap_or_else(|| Str::new_static("@index"));
        let mut items_out = Vec::new();
        for (index, index_value) in map {
            // jsonld.js expands an id map's key also where the value has an `@id` of its own: in safe mode, one
            // IRI Expansion takes as it is (step 6.2, `x?://…`) and that is no absolute IRI is refused there too.
            if self.safe
                && container.has(Container::ID)
                && crate::canon::jsonld::syntax::stays_relative(index)
            {
                return Err(Violation::Lost {
                    what: format!(
                        "`@id` value `{index}` is not an absolute IRI (relative or invalid)"
                    ),
                }
                .error());
            }
            // Steps 13.8.3.1–13.8.3.3: the map context.
            let map_context = if container.has(Container::ID) || container.has(Container::TYPE) {
                let mut context = active.previous.clone().unwrap_or_else(|| active.clone());
                if container.has(Container::TYPE) {
                    if let Some(sc) = context.term(index).and_then(|d| d.context.clone()) {
                        context = self.process(
                            &context,
                            &sc.value,
                            sc.base.as_deref(),
                            Flags::DEFAULT,
                            Step::ContextTypeScoped,
                        )?;
                    }
                }
                context
            } else {
                active.clone()
            };
            // Step 13.8.3.4.
            let expanded_index = iri::expand(active, index, false, true);
            let is_none = expanded_index.as_deref() == Some("@none");
            // Steps 13.8.3.5–13.8.3.6.
            let values = Json::Array(as_array(index_value.clone()));
            let expanded = self.expand(&map_context, Some(key), &values, s.base, true)?;
            for mut item in as_array(expanded) {
                // Step 13.8.3.7.1.
                if container.has(Container::GRAPH) && !is_graph_object(&item) {
                    let mut m = Map::new();
                    m.insert("@graph", Json::Array(as_array(item)));
                    item = Json::Object(m);
                }
                let Json::Object(entries) = &mut item else {
                    items_out.push(item);
                    continue;
                };
                if container.has(Container::INDEX) && index_key != "@index" && !is_none {
                    // Step 13.8.3.7.2: a property-valued index.
                    let reexpanded =
                        value_expansion(active, Some(&index_key), &Json::String(index.clone()));
                    let Some(expanded_key) = iri::expand(active, &index_key, false, true) else {
                        continue;
                    };
                    if entries.contains_key("@value") {
                        return Err(invalid(
                            Code::InvalidValueObject,
                            format!("a value object in the property-valued index map `{key}`"),
                        ));
                    }
                    let mut values = vec![reexpanded];
                    if let Some(existing) = entries.remove(&expanded_key) {
                        values.extend(as_array(existing));
                    }
                    entries.insert(expanded_key, Json::Array(values));
                } else if container.has(Container::INDEX)
                    && !entries.contains_key("@index")
                    && !is_none
                {
                    // Step 13.8.3.7.3.
                    entries.insert("@index", Json::String(index.clone()));
                } else if container.has(Container::ID) && !entries.contains_key("@id") && !is_none {
                    // Step 13.8.3.7.4.
                    match iri::expand_str(active, index, true, false) {
                        Some(id) => {
                            entries.insert("@id", Json::String(id));
                        }
                        None if self.safe => {
                            return Err(Violation::ReservedIdValue {
                                value: index.to_string(),
                            }
                            .error())
                        }
                        None => {}
                    }
                } else if container.has(Container::TYPE) && !is_none {
                    // Step 13.8.3.7.5.
                    if self.safe && expanded_index.is_none() {
                        return Err(Violation::TypeNotIri {
                            value: index.to_string(),
                        }
                        .error());
                    }
                    let mut types = vec![Json::String(expanded_index.clone().unwrap_or_default())];
                    if let Some(existing) = entries.remove("@type") {
                        types.extend(as_array(existing));
                    }
                    entries.insert("@type", Json::Array(types));
                }
                items_out.push(item);
            }
        }
        Ok(Json::Array(items_out))
    }

    /// §5.1.2 steps 15–20: value, set and list objects checked, free-floating values dropped.
    fn finish(&self, mut result: Map, property: Option<&str>, root: bool) -> Result<Json> {
        if let Some(value) = result.get("@value") {
            // Step 15.1.
            if let Some(extra) = result.keys().find(|k| {
                !matches!(
                    k.as_str(),
                    "@direction" | "@index" | "@language" | "@type" | "@value"
                )
            }) {
                return Err(invalid(
                    Code::InvalidValueObject,
                    format!("a value object with `{extra}`"),
                ));
            }
            if result.contains_key("@type")
                && (result.contains_key("@language") || result.contains_key("@direction"))
            {
                return Err(invalid(
                    Code::InvalidValueObject,
                    "a value object with @type and @language or @direction",
                ));
            }
            let ty = result.get("@type");
            if ty.and_then(Json::as_str) == Some("@json") {
                // Step 15.2.
            } else if value.is_null() || value.as_array().is_some_and(Vec::is_empty) {
                // Step 15.3.
                return Ok(Json::Null);
            } else if !value.is_string() && result.contains_key("@language") {
                // Step 15.4.
                return Err(invalid(
                    Code::InvalidLanguageTaggedValue,
                    format!("`{value}` is not a string but has @language"),
                ));
            } else if let Some(ty) = ty {
                // Step 15.5.
                let ok = ty
                    .as_str()
                    .is_some_and(|t| iri::is_absolute_iri(t) && !iri::is_blank(t));
                if !ok {
                    return Err(invalid(Code::InvalidTypedValue, format!("@type `{ty}`")));
                }
            }
        } else if result.contains_key("@set") || result.contains_key("@list") {
            // Step 17, before step 16: a list or set object with `@type` is refused (the spec's "Otherwise"
            // would let a string `@type` through, and jsonld.js drops it, losing it silently).
            let others = result
                .keys()
                .filter(|k| !matches!(k.as_str(), "@set" | "@list" | "@index"))
                .count();
            if result.len() > 2
                || others > 0
                || (result.len() == 2 && !result.contains_key("@index"))
            {
                return Err(invalid(
                    Code::InvalidSetOrListObject,
                    "@set or @list with entries other than @index",
                ));
            }
            if let Some(set) = result.remove("@set") {
                work::count(Step::SetObjects);
                return Ok(set);
            }
        } else if let Some(ty) = result.get_mut("@type") {
            // Step 16.
            if !ty.is_array() {
                let single = ty.take();
                *ty = Json::Array(vec![single]);
            }
        }
        // jsonld.js's safe mode refuses a `@language` of another shape than a language tag also where no literal
        // carries it (an object that is not a value object).
        if let (true, false, Some(Json::String(tag))) = (
            self.safe,
            result.contains_key("@value"),
            result.get("@language"),
        ) {
            if !crate::canon::jsonld::syntax::is_language_shape(tag) {
                return Err(Violation::Lost {
                    what: format!("language tag `{tag}` is not well-formed (BCP 47)"),
                }
                .error()
                .locate(Locate::Value(tag.to_string(), &["@language"])));
            }
        }
        // Step 18.
        if result.len() == 1 && result.contains_key("@language") {
            return self.drop_object("an object with only `@language`", root);
        }
        // Step 19: free-floating values at the top level or in @graph.
        if property.is_none() || property == Some("@graph") {
            if result.is_empty() {
                return self.drop_object("an empty object", root);
            }
            if result.contains_key("@value") {
                return self.drop_object("a value object outside any property", root);
            }
            if result.contains_key("@list") {
                return self.drop_object("a list object outside any property", root);
            }
            if result.len() == 1 && result.contains_key("@id") {
                return self.drop_object("an object with only `@id`", root);
            }
        }
        Ok(Json::Object(result))
    }

    /// An object expansion drops (§5.1.2 steps 18–19): null, or in safe mode [`Violation::DroppedObject`]
    /// (unless it is the document itself: `to_rdf` refuses a document without quads).
    fn drop_object(&self, what: &'static str, root: bool) -> Result<Json> {
        if self.safe && !root {
            Err(Violation::DroppedObject { what }.error())
        } else {
            Ok(Json::Null)
        }
    }
}
