//! [`TermFacts`] from canonprof's processed contexts, for ecdsa-sd-2023's skolemization: the top-level context,
//! then every type- and property-scoped context reachable from it (JSON-LD 1.1 API §4.1.2 Context Processing,
//! §4.2.2 Create Term Definition; offline), as [`super::super::json_ld_crate`] gathers them from the crate's.

use super::active_context::{Container, Context, Flags};
use super::context_processing::Processor;
use super::Json;
use crate::canon::jsonld::syntax;
use crate::canon::jsonld::TermFacts;
use crate::canon::session::Session;
use crate::error::Result;
use std::collections::HashSet;
use std::sync::Arc;

/// Scoped contexts nested deeper than this are not searched (real contexts nest two or three levels).
const MAX_SCOPE_DEPTH: usize = 8;

/// The facts about the terms of a top-level `@context` value (JSON): processed on the initial active context with
/// no base IRI, as the Data Integrity cryptosuites expand. Errors: the context does not process (an unknown URL, a
/// context that fails its integrity pin, invalid syntax: the JSON-LD error code first).
pub(crate) fn context_terms(context: &serde_json::Value, session: &Session) -> Result<TermFacts> {
    super::with_processor(session, |processor| {
        let initial = Arc::new(Context::new(None));
        let active = processor.process(
            &initial,
            &Arc::new(Json::from(context)),
            None,
            Flags::DEFAULT,
        )?;
        let mut terms = TermFacts::default();
        collect(&mut terms, &active, &processor, &mut HashSet::new(), 0);
        Ok(terms)
    })
}

/// Adds what `context`'s term definitions say, then does the same for each scoped context they carry, processed
/// on top of `context` as expansion would (§4.1.2 with override protected, as for property-scoped contexts; a
/// scoped context that does not process adds nothing: it would fail expansion too).
fn collect(
    terms: &mut TermFacts,
    context: &Arc<Context>,
    processor: &Processor,
    seen: &mut HashSet<String>,
    depth: usize,
) {
    // Term order does not matter (the facts are a union), but a stable order keeps runs alike.
    let mut definitions: Vec<_> = context.terms.iter().collect();
    definitions.sort_by(|a, b| a.0.cmp(b.0));
    for (term, definition) in definitions {
        if let Some(keyword) = definition.iri.as_deref().and_then(syntax::syntax_keyword) {
            terms.add_alias(term, keyword);
        }
        if definition.type_mapping.as_deref() == Some("@json") {
            terms.add_json(term);
        }
        if definition.container.has(Container::LANGUAGE) {
            terms.add_language_map(term);
        }
        if [Container::INDEX, Container::ID, Container::TYPE]
            .into_iter()
            .any(|flag| definition.container.has(flag))
        {
            terms.add_map(term);
        }
        let Some(scoped) = &definition.context else {
            continue;
        };
        // By content: the same scoped context recurs under many terms and scopes.
        let key = format!(
            "{}\u{0}{}",
            scoped.base.as_deref().unwrap_or(""),
            scoped.value
        );
        if depth >= MAX_SCOPE_DEPTH || !seen.insert(key) {
            continue;
        }
        let flags = Flags {
            override_protected: true,
            ..Flags::DEFAULT
        };
        if let Ok(processed) =
            processor.process(context, &scoped.value, scoped.base.as_deref(), flags)
        {
            collect(terms, &processed, processor, seen, depth + 1);
        }
    }
}
