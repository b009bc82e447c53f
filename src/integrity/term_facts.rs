//! What skolemization ([`super::skolem`]) needs to know about the terms a compact document can use
//! ([`TermFacts`]: keyword aliases, `@json` terms, language, index, id and type maps), from the session's expansion
//! engine, memoized by the session while its processed-context cache is on.

use crate::canon::jsonld::{self, TermFacts};
use crate::canon::Session;
use crate::error::Result;
use std::sync::Arc;

/// The terms of a top-level `@context` value (JSON). Errors: the context does not process (an unknown URL, a
/// context that fails its integrity pin, invalid syntax).
pub(crate) fn terms_of(
    context_value: &serde_json::Value,
    session: &Session,
) -> Result<Arc<TermFacts>> {
    let key = format!("skolem-terms {context_value}");
    session.term_facts(&key, || {
        jsonld::context_terms(session.engine(), context_value, session)
    })
}
