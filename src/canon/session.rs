//! A canonicalization session: the [`Settings`] a run was given, the offline loader that serves its context
//! documents, and what it keeps between documents while the processed-context cache is on — one typed memo per
//! kind of derived value. Every pipeline that canonicalizes JSON-LD is handed a session.

use super::jsonld::canonprof::memo::Memo;
use super::jsonld::term_facts::TermFacts;
use super::settings::Settings;
use crate::error::Result;
use crate::loader::OfflineLoader;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

/// The json-ld crate's processed context (JSON-LD 1.1 API §4.1.1 active context).
pub(crate) type ActiveContext = json_ld::Context<json_ld::IriBuf, json_ld::BlankIdBuf>;

/// Values of one type memoized by key (e.g. a top-level `@context` value's text).
struct Keyed<T>(Mutex<HashMap<String, Arc<T>>>);

impl<T> Default for Keyed<T> {
    fn default() -> Self {
        Keyed(Mutex::new(HashMap::new()))
    }
}

impl<T> Keyed<T> {
    fn get(&self, key: &str) -> Option<Arc<T>> {
        self.0.lock().ok()?.get(key).cloned()
    }

    fn insert(&self, key: String, value: Arc<T>) {
        if let Ok(mut map) = self.0.lock() {
            map.insert(key, value);
        }
    }
}

/// What a session keeps between documents while its processed-context cache is on.
#[derive(Default)]
struct Caches {
    /// The json-ld crate's processed top-level contexts, by the context value's compact text.
    active_contexts: Keyed<ActiveContext>,
    /// The term facts of top-level contexts (ecdsa-sd-2023's skolemization), by the context value's text.
    term_facts: Keyed<TermFacts>,
    /// canonprof's engine's memo of processed contexts.
    canonprof: Arc<Memo>,
    /// The document texts canonprof's engine accepted in safe mode after the json-ld crate's engine refused them
    /// (`canon::jsonld`'s `settle_refusals`).
    accepted_by_canonprof: Mutex<HashSet<String>>,
}

/// A canonicalization session (see the module documentation). Not shared across threads while canonicalizing.
pub struct Session {
    settings: Settings,
    loader: OfflineLoader,
    /// `None` while the processed-context cache is off ([`Settings::caches_contexts`]).
    caches: Option<Caches>,
}

impl Session {
    /// A session with `settings` whose contexts `loader` serves, every cache empty.
    pub fn new(settings: Settings, loader: OfflineLoader) -> Session {
        Session {
            caches: settings.caches_contexts().then(Caches::default),
            settings,
            loader,
        }
    }

    /// A session with `settings` and every bundled context ([`OfflineLoader::bundled`]).
    pub fn bundled(settings: Settings) -> Session {
        Session::new(settings, OfflineLoader::bundled())
    }

    /// A session with the same contexts and `settings`, and every cache empty (the loader's too): what a
    /// verifier that starts cold has.
    pub fn fresh_with(&self, settings: Settings) -> Session {
        Session::new(settings, self.loader.fresh_copy())
    }

    /// [`Session::fresh_with`] these settings.
    pub fn fresh_copy(&self) -> Session {
        self.fresh_with(self.settings)
    }

    /// The settings of this session's canonicalizations.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The expansion engine.
    pub fn engine(&self) -> super::Engine {
        self.settings.engine
    }

    /// Whether processed contexts are kept between documents.
    pub fn caches_contexts(&self) -> bool {
        self.caches.is_some()
    }

    /// Whether canonprof's engine follows the algorithms as written ([`Settings::as_written`]).
    pub fn as_written(&self) -> bool {
        self.settings.as_written
    }

    /// The offline loader serving this session's context documents.
    pub fn loader(&self) -> &OfflineLoader {
        &self.loader
    }

    /// Whether canonprof's engine has accepted this document text in safe mode before, after the json-ld crate's
    /// engine refused it, so that it can go straight to the json-ld crate's engine.
    pub fn was_accepted_by_canonprof(&self, text: &str) -> bool {
        self.caches.as_ref().is_some_and(|c| {
            c.accepted_by_canonprof
                .lock()
                .is_ok_and(|set| set.contains(text))
        })
    }

    /// Remembers that canonprof's engine accepted this document text in safe mode (when the cache is on).
    pub(crate) fn remember_accepted_by_canonprof(&self, text: &str) {
        if let Some(Ok(mut set)) = self.caches.as_ref().map(|c| c.accepted_by_canonprof.lock()) {
            set.insert(text.to_string());
        }
    }

    /// The json-ld crate's processed context for the top-level `@context` value with compact text `key`, if the
    /// cache holds it.
    pub(crate) fn active_context(&self, key: &str) -> Option<Arc<ActiveContext>> {
        self.caches.as_ref()?.active_contexts.get(key)
    }

    /// Keeps the json-ld crate's processed context for `key` (if the cache is on).
    pub(crate) fn keep_active_context(&self, key: String, context: ActiveContext) {
        if let Some(caches) = &self.caches {
            caches.active_contexts.insert(key, Arc::new(context));
        }
    }

    /// The term facts of the top-level `@context` value with text `key`: memoized while the cache is on, made by
    /// `make` on a miss (and every time when off).
    pub(crate) fn term_facts(
        &self,
        key: &str,
        make: impl FnOnce() -> Result<TermFacts>,
    ) -> Result<Arc<TermFacts>> {
        let Some(caches) = &self.caches else {
            return make().map(Arc::new);
        };
        if let Some(found) = caches.term_facts.get(key) {
            return Ok(found);
        }
        let made = Arc::new(make()?);
        caches.term_facts.insert(key.to_string(), made.clone());
        Ok(made)
    }

    /// canonprof's engine's memo for one document: the session's own (kept across documents) when the cache is
    /// on, else a fresh one — one that remembers no processed context when the algorithms run as written.
    pub(crate) fn canonprof_memo(&self) -> Arc<Memo> {
        match &self.caches {
            Some(caches) => caches.canonprof.clone(),
            None if self.settings.as_written => Arc::new(Memo::as_written()),
            None => Arc::new(Memo::default()),
        }
    }
}
