//! What canonprof's expansion engine remembers: processed contexts keyed by (active context, local context, base
//! URL, flags), the `@context` value of every remote context document, the top-level `@context` values seen,
//! and the initial context per base IRI. With the processed-context cache on (`--context-cache on`, the default)
//! one memo lives in the session (`crate::canon::Session`) and serves every document; with `--context-cache off`
//! each document gets a fresh one, so it pays
//! for processing every context once (scoped contexts are still processed once per document, not per node).

use super::active_context::{Context, Flags};
use super::json::Json;
use crate::canon::jsonld::expansion_error::invalid;
use crate::canon::work::{self, Step};
use crate::error::JsonLdErrorCode as Code;
use crate::error::Result;
use crate::loader::OfflineLoader;
use ahash::AHashMap as HashMap;
use std::sync::{Arc, Mutex};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    active: u64,
    /// The address of the local context value; the entry holds an `Arc` to it, so the address stays unique.
    local: usize,
    base: Option<Box<str>>,
    flags: Flags,
}

/// A processed context, with the local context value it came from (kept alive so its address stays unique).
type Processed = (Arc<Json>, Arc<Context>);

/// Memoized context processing state (see the module documentation). Thread-safe.
#[derive(Default)]
pub(crate) struct Memo {
    /// Processed contexts are not remembered ([`Memo::as_written`]).
    as_written: bool,
    processed: Mutex<HashMap<Key, Processed>>,
    remote: Mutex<HashMap<String, Arc<Json>>>,
    documents: Mutex<HashMap<String, Arc<Json>>>,
    initial: Mutex<HashMap<Option<String>, Arc<Context>>>,
}

impl Memo {
    /// A memo that remembers no processed context, so that every Context Processing invocation runs, as the
    /// algorithms are written ([`crate::canon::Settings::as_written`]); remote context documents are
    /// still dereferenced once (JSON-LD 1.1 API §4.1.2 step 5.2.4).
    pub(crate) fn as_written() -> Memo {
        Memo {
            as_written: true,
            ..Memo::default()
        }
    }

    /// The initial active context for documents at `base` (one per base, so memo keys built on it match).
    pub(crate) fn initial(&self, base: Option<&str>) -> Arc<Context> {
        let mut map = self.initial.lock().expect("memo lock");
        map.entry(base.map(str::to_string))
            .or_insert_with(|| Arc::new(Context::new(base)))
            .clone()
    }

    /// A shared copy of a `@context` value found in a document, one per distinct JSON text, so that the same
    /// top-level context in the next document hits the memo.
    pub(crate) fn document_context(&self, value: &Json) -> Arc<Json> {
        let text = value.to_string();
        let mut map = self.documents.lock().expect("memo lock");
        map.entry(text)
            .or_insert_with(|| Arc::new(value.clone()))
            .clone()
    }

    /// The context processing result memoized for these inputs, if any.
    pub(crate) fn processed(
        &self,
        active: &Context,
        local: &Arc<Json>,
        base: Option<&str>,
        flags: Flags,
    ) -> Option<Arc<Context>> {
        if self.as_written {
            return None;
        }
        let key = key(active, local, base, flags);
        let map = self.processed.lock().expect("memo lock");
        map.get(&key).map(|(_, context)| context.clone())
    }

    /// Remembers a context processing result.
    pub(crate) fn remember(
        &self,
        active: &Context,
        local: &Arc<Json>,
        base: Option<&str>,
        flags: Flags,
        result: Arc<Context>,
    ) {
        if self.as_written {
            return;
        }
        let key = key(active, local, base, flags);
        let mut map = self.processed.lock().expect("memo lock");
        map.insert(key, (local.clone(), result));
    }

    /// The `@context` value of the context document at `url` (JSON-LD 1.1 API §4.1.2 step 5.2.5), loaded once
    /// through the offline loader. Errors: the loader's ([`crate::error::ErrorKind::UnknownContext`] names the
    /// URL, `context overflow` for a context that includes itself), `invalid remote context` when the document
    /// is not a map with `@context`.
    pub(crate) fn remote_context(&self, loader: &OfflineLoader, url: &str) -> Result<Arc<Json>> {
        if let Some(found) = self.remote.lock().expect("memo lock").get(url) {
            return Ok(found.clone());
        }
        work::count(Step::ContextDereferenced);
        let document = loader.dereference(url)?;
        let context = document
            .as_object()
            .and_then(|o| o.get("@context"))
            .ok_or_else(|| {
                invalid(
                    Code::InvalidRemoteContext,
                    format!("the document at <{url}> is not a map with an @context entry"),
                )
            })?;
        let value = Arc::new(Json::from(context));
        self.remote
            .lock()
            .expect("memo lock")
            .insert(url.to_string(), value.clone());
        Ok(value)
    }
}

fn key(active: &Context, local: &Arc<Json>, base: Option<&str>, flags: Flags) -> Key {
    Key {
        active: active.id(),
        local: Arc::as_ptr(local) as usize,
        base: base.map(Box::from),
        flags,
    }
}
