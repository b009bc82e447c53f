//! What skolemization ([`super::skolem`]) needs to know about the terms a compact document can use: which are
//! keyword aliases, `@json` typed, language maps, or index / id / type maps. Gathered from
//! the document's top-level context and every type- and property-scoped context reachable from it (JSON-LD 1.1
//! API §4.1 Context Processing, by the json-ld crate, offline), as a union: a term counts as a map if any
//! scope defines it so.

use crate::canon::expand;
use crate::error::Result;
use crate::loader::OfflineLoader;
use json_ld::context::BindingRef;
use json_ld::syntax::Keyword;
use json_ld::{ContainerKind, Process};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

type Context = json_ld::Context<json_ld::IriBuf, json_ld::BlankIdBuf>;

/// Scoped contexts nested deeper than this are not searched (real contexts nest two or three levels).
const MAX_SCOPE_DEPTH: usize = 8;

/// The facts about the terms of one top-level context.
#[derive(Debug, Default)]
pub struct Terms {
    keyword: HashMap<String, Keyword>,
    json: HashSet<String>,
    language_map: HashSet<String>,
    map: HashSet<String>,
}

/// How a term's value is to be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermKind {
    /// A `@json` literal or a language map: holds no node objects.
    Opaque,
    /// An index, id or type map: its member values are the nodes.
    Map,
    /// Anything else: the value may be node objects.
    Plain,
}

impl Terms {
    /// The keyword `key` is, or is an alias of.
    pub fn keyword(&self, key: &str) -> Option<Keyword> {
        Keyword::try_from(key)
            .ok()
            .or_else(|| self.keyword.get(key).copied())
    }

    /// How term `key`'s value is to be read.
    pub fn kind(&self, key: &str) -> TermKind {
        if self.json.contains(key) || self.language_map.contains(key) {
            TermKind::Opaque
        } else if self.map.contains(key) {
            TermKind::Map
        } else {
            TermKind::Plain
        }
    }

    fn collect(
        &mut self,
        context: &Context,
        loader: &OfflineLoader,
        seen: &mut HashSet<String>,
        depth: usize,
    ) {
        for binding in context.definitions().iter() {
            let BindingRef::Normal(key, definition) = binding else {
                continue;
            };
            let key = key.as_str().to_string();
            if let Some(json_ld::Term::Keyword(keyword)) = &definition.value {
                self.keyword.insert(key.clone(), *keyword);
            }
            if matches!(definition.typ, Some(json_ld::Type::Json)) {
                self.json.insert(key.clone());
            }
            let container = definition.container;
            if container.contains(ContainerKind::Language) {
                self.language_map.insert(key.clone());
            }
            let is_map = [ContainerKind::Index, ContainerKind::Id, ContainerKind::Type]
                .into_iter()
                .any(|c| container.contains(c));
            if is_map {
                self.map.insert(key.clone());
            }
            let Some(scoped) = &definition.context else {
                continue;
            };
            // By content: processing copies definitions, so the same scoped context recurs at new addresses.
            // (json-ld 0.21's `Print` for contexts panics on some definitions; its JSON conversion does not.)
            let printed = json_ld::syntax::IntoJson::into_json((**scoped).clone()).to_string();
            if depth >= MAX_SCOPE_DEPTH || !seen.insert(printed) {
                continue;
            }
            let options = json_ld::context_processing::Options {
                override_protected: true,
                ..Default::default()
            };
            // A scoped context that does not process (it would fail expansion too) adds no facts.
            if let Ok(processed) = pollster::block_on(scoped.process_full(
                &mut (),
                context,
                loader,
                definition.base_url.clone(),
                options,
                (),
            )) {
                self.collect(&processed.into_processed(), loader, seen, depth + 1);
            }
        }
    }
}

/// The terms of a top-level `@context` value (JSON), memoized by the loader while its processed-context cache
/// is on. Errors: the context does not process (an unknown URL, a context that fails its integrity pin,
/// invalid syntax).
pub fn terms_of(context_value: &serde_json::Value, loader: &OfflineLoader) -> Result<Arc<Terms>> {
    let key = format!("skolem-terms {context_value}");
    loader.derived(&key, || {
        let json = json_ld::syntax::Value::from_serde_json(context_value.clone());
        let context = expand::active_context(&json, loader)?;
        let mut terms = Terms::default();
        terms.collect(&context, loader, &mut HashSet::new(), 0);
        Ok(terms)
    })
}
