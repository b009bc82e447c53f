//! What skolemization ([`super::skolem`]) needs to know about the terms a compact document can use
//! ([`TermFacts`]: keyword aliases, `@json` terms, language, index, id and type maps), from the loader's expansion
//! engine, memoized by the loader while its processed-context cache is on.

use crate::canon::jsonld::{self, TermFacts};
use crate::error::Result;
use crate::loader::OfflineLoader;
use std::sync::Arc;

/// The terms of a top-level `@context` value (JSON). Errors: the context does not process (an unknown URL, a
/// context that fails its integrity pin, invalid syntax).
pub fn terms_of(
    context_value: &serde_json::Value,
    loader: &OfflineLoader,
) -> Result<Arc<TermFacts>> {
    let key = format!("skolem-terms {context_value}");
    loader.derived(&key, || {
        jsonld::context_terms(loader.engine(), context_value, loader)
    })
}
