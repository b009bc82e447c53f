//! [`TermFacts`] from the json-ld crate's processed contexts: the top-level context, then every type- and
//! property-scoped context reachable from it (JSON-LD 1.1 API §4.1 Context Processing, offline).

use super::expand;
use crate::canon::jsonld::TermFacts;
use crate::canon::session::Session;
use crate::error::Result;
use json_ld::context::BindingRef;
use json_ld::{ContainerKind, Process};
use std::collections::HashSet;

type Context = json_ld::Context<json_ld::IriBuf, json_ld::BlankIdBuf>;

/// Scoped contexts nested deeper than this are not searched (real contexts nest two or three levels).
const MAX_SCOPE_DEPTH: usize = 8;

/// The facts about the terms of a top-level `@context` value (JSON). Errors: the context does not process (an
/// unknown URL, a context that fails its integrity pin, invalid syntax).
pub fn context_terms(context: &serde_json::Value, session: &Session) -> Result<TermFacts> {
    let json = json_ld::syntax::Value::from_serde_json(context.clone());
    let context = expand::active_context(&json, session)?;
    let mut terms = TermFacts::default();
    collect(&mut terms, &context, session, &mut HashSet::new(), 0);
    Ok(terms)
}

fn collect(
    terms: &mut TermFacts,
    context: &Context,
    session: &Session,
    seen: &mut HashSet<String>,
    depth: usize,
) {
    for binding in context.definitions().iter() {
        let BindingRef::Normal(key, definition) = binding else {
            continue;
        };
        let key = key.as_str();
        if let Some(json_ld::Term::Keyword(keyword)) = &definition.value {
            terms.add_alias(key, keyword.into_str());
        }
        if matches!(definition.typ, Some(json_ld::Type::Json)) {
            terms.add_json(key);
        }
        let container = definition.container;
        if container.contains(ContainerKind::Language) {
            terms.add_language_map(key);
        }
        let is_map = [ContainerKind::Index, ContainerKind::Id, ContainerKind::Type]
            .into_iter()
            .any(|c| container.contains(c));
        if is_map {
            terms.add_map(key);
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
        let processed = super::catch_panic(|| {
            pollster::block_on(scoped.process_full(
                &mut (),
                context,
                session.loader(),
                definition.base_url.clone(),
                options,
                (),
            ))
        });
        if let Ok(Ok(processed)) = processed {
            collect(terms, &processed.into_processed(), session, seen, depth + 1);
        }
    }
}
