//! The offline JSON-LD document loader (JSON-LD 1.1 API §9.4 LoadDocumentCallback): serves the contexts bundled
//! in the binary (`schemas-education/contexts/`, each pinned by SHA-256 in its `index.json`) and any user contexts
//! from `--contexts DIR`. It never touches the network: an unknown URL is an [`ErrorKind::UnknownContext`] error
//! naming the URL. Engine-neutral: it serves each context as JSON (`serde_json`), and once in the form an engine
//! asks for ([`OfflineLoader::dereference_as`]); the json-ld crate's loader interface is implemented on it in
//! [`crate::canon::jsonld::json_ld_crate`].

use crate::error::{Error, ErrorKind, Locate, Result};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// Which JSON-LD 1.1 engine expands the documents canonicalized with a loader (`--engine`): the `json-ld`
/// crate, the reference ([`crate::canon::jsonld::json_ld_crate`]), or canonprof's own ([`crate::canon::jsonld::canonprof`]). A loader setting
/// ([`OfflineLoader::with_engine`]), like the context cache, because every pipeline that canonicalizes is handed
/// a loader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize)]
pub enum Engine {
    /// The `json-ld` crate 0.21 (the reference).
    #[default]
    #[value(name = "json-ld")]
    #[serde(rename = "json-ld")]
    JsonLd,
    /// canonprof's own expansion and deserialization to RDF (shared, memoized contexts).
    #[value(name = "canonprof")]
    #[serde(rename = "canonprof")]
    Canonprof,
}

impl Engine {
    /// The name on the command line and in exports: `json-ld` or `canonprof`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::JsonLd => "json-ld",
            Engine::Canonprof => "canonprof",
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/bundled_contexts.rs"));

/// One context the loader can serve.
struct Entry {
    /// Where the bytes came from (`bundled:<file>` or a path), for error messages.
    origin: String,
    /// Expected SHA-256 (lowercase hex) of `text`, if the index pins one.
    sha256: Option<String>,
    text: String,
    /// Parsed once, on first use, after the hash check.
    parsed: OnceLock<std::result::Result<Arc<Value>, Error>>,
    /// The text parsed once more, into the JSON type of the engine that asked ([`OfflineLoader::dereference_as`]).
    engine_form: OnceLock<std::result::Result<Box<dyn Any + Send + Sync>, Error>>,
}

/// A memoized value derived from processed contexts.
type Derived = Arc<dyn Any + Send + Sync>;

/// Default limit on context dereferences while processing one document (`--max-context-loads`); the bundled
/// credentials need at most a few dozen.
pub const DEFAULT_MAX_CONTEXT_LOADS: usize = 500;

/// The offline loader. Contexts are parsed and hash-checked once, on first use; later loads clone the parsed
/// value (what a caching verifier pays). Not shared across threads while loading. Bounded: a context that
/// includes itself (directly or through others), or more than [`DEFAULT_MAX_CONTEXT_LOADS`] dereferences for one
/// document, is a "context overflow" (JSON-LD 1.1 API §4.1.2 step 5.2.2).
pub struct OfflineLoader {
    entries: HashMap<String, Entry>,
    /// Values derived from processed contexts ([`OfflineLoader::derived`]) — processed top-level contexts, term
    /// facts, canonprof's memo — by type and key, when caching is on. Keyed within this loader only, so a
    /// context is never served for other contents.
    derived: Option<Mutex<HashMap<TypeId, HashMap<String, Derived>>>>,
    /// The first failure of the current expansion: json-ld reports only "loading failed", we keep the reason.
    failure: Mutex<Option<Error>>,
    /// The expansion engine of documents canonicalized with this loader.
    engine: Engine,
    /// Dereferences since the last [`OfflineLoader::clear_failure`], and the most allowed.
    loads: std::sync::atomic::AtomicUsize,
    max_loads: usize,
    /// Per URL: the inclusion cycle it starts, if any (memoized).
    cycles: Mutex<HashMap<String, Option<String>>>,
    /// The document texts safe mode's one decision accepted after the json-ld crate's engine refused them
    /// ([`OfflineLoader::was_decided`]); set on the first, when caching is on.
    decided: OnceLock<Mutex<std::collections::HashSet<String>>>,
    /// canonprof's engine follows the algorithms as written ([`OfflineLoader::with_as_written`]).
    as_written: bool,
    /// Bounds on the blank node labeling of what proofs canonicalize ([`OfflineLoader::with_labeling_bounds`]).
    labeling_bounds: Option<LabelingBounds>,
}

/// Bounds on RDFC-1.0 blank node labeling (RDFC-1.0 §7.1) for the canonicalizations the cryptosuites run with a
/// loader: `--hndq-limit` and `--time-limit` of `verify` and `exchange`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LabelingBounds {
    /// Hash N-Degree Quads calls before a dataset is refused as poison.
    pub hndq_call_limit: usize,
    /// Wall-clock limit on labeling.
    pub time_limit: Option<std::time::Duration>,
}

impl OfflineLoader {
    /// A loader with every bundled context (the VC v1/v2, Data Integrity, Multikey, OB 3.0, CLR 2.0, ELM/EDC and
    /// canonprof person contexts; see `schemas-education/contexts/SOURCES.md`).
    pub fn bundled() -> Self {
        let entries = BUNDLED_CONTEXTS
            .iter()
            .map(|(url, file, sha, text)| {
                let entry = Entry {
                    origin: format!("bundled:schemas-education/contexts/{file}"),
                    sha256: Some(sha.to_string()),
                    text: text.to_string(),
                    parsed: OnceLock::new(),
                    engine_form: OnceLock::new(),
                };
                (url.to_string(), entry)
            })
            .collect();
        OfflineLoader {
            entries,
            derived: None,
            failure: Mutex::new(None),
            engine: Engine::JsonLd,
            loads: std::sync::atomic::AtomicUsize::new(0),
            max_loads: DEFAULT_MAX_CONTEXT_LOADS,
            cycles: Mutex::new(HashMap::new()),
            decided: OnceLock::new(),
            as_written: false,
            labeling_bounds: None,
        }
    }

    /// A loader with the same contexts and settings (engine, context cache mode, limits, as-written) and every
    /// cache empty: what a verifier that starts cold has.
    pub fn fresh_copy(&self) -> OfflineLoader {
        let entries = self
            .entries
            .iter()
            .map(|(url, e)| {
                let entry = Entry {
                    origin: e.origin.clone(),
                    sha256: e.sha256.clone(),
                    text: e.text.clone(),
                    parsed: OnceLock::new(),
                    engine_form: OnceLock::new(),
                };
                (url.clone(), entry)
            })
            .collect();
        OfflineLoader {
            entries,
            derived: self.derived.as_ref().map(|_| Mutex::new(HashMap::new())),
            failure: Mutex::new(None),
            engine: self.engine,
            loads: std::sync::atomic::AtomicUsize::new(0),
            max_loads: self.max_loads,
            cycles: Mutex::new(HashMap::new()),
            decided: OnceLock::new(),
            as_written: self.as_written,
            labeling_bounds: self.labeling_bounds,
        }
    }

    /// Sets the labeling bounds of the canonicalizations cryptosuites run with this loader (default: RDFC-1.0's
    /// defaults, `canon::rdfc::RdfcOptions::DEFAULT`).
    pub fn with_labeling_bounds(mut self, bounds: LabelingBounds) -> Self {
        self.labeling_bounds = Some(bounds);
        self
    }

    /// The labeling bounds set with [`OfflineLoader::with_labeling_bounds`], if any.
    pub fn labeling_bounds(&self) -> Option<LabelingBounds> {
        self.labeling_bounds
    }

    /// Sets the most context dereferences allowed while processing one document.
    pub fn with_max_context_loads(mut self, max: usize) -> Self {
        self.max_loads = max;
        self
    }

    /// The context URLs `value` (a context document) refers to: strings under `@context` and `@import`, at any
    /// depth (scoped contexts included).
    fn references(value: &Value, into: &mut Vec<String>) {
        match value {
            Value::Object(object) => {
                for (key, value) in object {
                    if key == "@context" || key == "@import" {
                        match value {
                            Value::String(url) => into.push(url.clone()),
                            Value::Array(items) => into.extend(
                                items.iter().filter_map(|i| i.as_str()).map(str::to_string),
                            ),
                            _ => {}
                        }
                    }
                    Self::references(value, into);
                }
            }
            Value::Array(items) => items.iter().for_each(|i| Self::references(i, into)),
            _ => {}
        }
    }

    /// The inclusion cycle through `url`, as `a → b → a`, if its context includes itself directly or through
    /// other served contexts.
    fn inclusion_cycle(&self, url: &str) -> Option<String> {
        if let Some(found) = self.cycles.lock().ok().and_then(|c| c.get(url).cloned()) {
            return found;
        }
        let mut path = vec![url.to_string()];
        let mut visited = std::collections::HashSet::new();
        let found = self.search(url, url, &mut path, &mut visited);
        if let Ok(mut cycles) = self.cycles.lock() {
            cycles.insert(url.to_string(), found.clone());
        }
        found
    }

    fn search(
        &self,
        start: &str,
        at: &str,
        path: &mut Vec<String>,
        visited: &mut std::collections::HashSet<String>,
    ) -> Option<String> {
        let Ok(value) = self.get(at) else { return None };
        let mut refs = Vec::new();
        Self::references(value, &mut refs);
        for next in refs {
            if next == start {
                path.push(next);
                return Some(path.join(" → "));
            }
            if self.entries.contains_key(&next) && visited.insert(next.clone()) {
                path.push(next.clone());
                if let Some(cycle) = self.search(start, &next, path, visited) {
                    return Some(cycle);
                }
                path.pop();
            }
        }
        None
    }

    /// Checks the bounds before serving `url`. Errors: [`ErrorKind::Limit`] "context overflow".
    fn check_bounds(&self, url: &str) -> Result<()> {
        let loads = self
            .loads
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            + 1;
        if loads > self.max_loads {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "context overflow: more than {} context dereferences for one document (--max-context-loads)",
                    self.max_loads
                ),
            )
            .with_code(crate::error::JsonLdErrorCode::ContextOverflow));
        }
        match self.inclusion_cycle(url) {
            Some(cycle) => Err(Error::new(
                ErrorKind::Limit,
                format!("context overflow: <{url}> includes itself ({cycle})"),
            )
            .with_code(crate::error::JsonLdErrorCode::ContextOverflow)),
            None => Ok(()),
        }
    }

    /// Adds one document served at `url` (`origin` names it in errors), replacing any with that URL — e.g. the
    /// files of a test suite under their published URLs.
    pub fn with_document(mut self, url: &str, origin: &str, text: String) -> Self {
        self.entries.insert(
            url.to_string(),
            Entry {
                origin: origin.to_string(),
                sha256: None,
                text,
                parsed: OnceLock::new(),
                engine_form: OnceLock::new(),
            },
        );
        self
    }

    /// Adds the contexts listed in `dir/index.json`: a JSON object mapping URL → file name (relative to `dir`), at
    /// top level or under `"contexts"`; a value may also be `{"file": …, "sha256": …}` to pin the bytes. User
    /// contexts replace bundled ones with the same URL. Errors name the index or context file.
    pub fn with_user_contexts(mut self, dir: &Path) -> Result<Self> {
        let index_path = dir.join("index.json");
        let label = index_path.display().to_string();
        let text = crate::input::read_bounded_text(&index_path)?;
        let index: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| crate::document::json_error(&label, e))?;
        let map = index
            .get("contexts")
            .unwrap_or(&index)
            .as_object()
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Json,
                    "expected a JSON object mapping context URL to file name",
                )
                .in_source(&label)
            })?;
        for (url, value) in map {
            let pointer = format!("/{}", crate::document::pointer_token(url));
            let (file, sha256) = match value {
                serde_json::Value::String(file) => (file.clone(), None),
                serde_json::Value::Object(o) => match o.get("file").and_then(|f| f.as_str()) {
                    Some(file) => (
                        file.to_string(),
                        o.get("sha256").and_then(|s| s.as_str()).map(str::to_string),
                    ),
                    None => {
                        return Err(Error::new(ErrorKind::Json, "entry has no \"file\" string")
                            .in_source(&label)
                            .at(pointer))
                    }
                },
                _ => {
                    return Err(Error::new(
                        ErrorKind::Json,
                        "expected a file name or {\"file\": …}",
                    )
                    .in_source(&label)
                    .at(pointer))
                }
            };
            let path = dir.join(&file);
            let origin = path.display().to_string();
            let text = crate::input::read_bounded_text(&path)?;
            let entry = Entry {
                origin,
                sha256,
                text,
                parsed: OnceLock::new(),
                engine_form: OnceLock::new(),
            };
            self.entries.insert(url.clone(), entry);
        }
        // Contexts changed: nothing processed before may be served again.
        if let Some(Ok(mut derived)) = self.derived.as_ref().map(|m| m.lock()) {
            derived.clear();
        }
        Ok(self)
    }

    /// Turns the processed-context cache on or off (off by default; see [`crate::canon::jsonld::json_ld_crate`]
    /// and [`crate::canon::jsonld::canonprof::memo`]). Turning it on or off empties it.
    pub fn with_context_cache(mut self, on: bool) -> Self {
        self.derived = on.then(|| Mutex::new(HashMap::new()));
        self.decided = OnceLock::new();
        self
    }

    /// Whether safe mode's one decision has accepted this document text before (`canon::jsonld`'s
    /// `one_decision`), so that it can go straight to the json-ld crate's engine: one atomic load while nothing has
    /// been decided.
    pub fn was_decided(&self, text: &str) -> bool {
        self.decided
            .get()
            .is_some_and(|set| set.lock().is_ok_and(|set| set.contains(text)))
    }

    /// Remembers that safe mode's one decision accepted this document text (when the cache is on).
    pub fn remember_decided(&self, text: &str) {
        if self.caches_contexts() {
            if let Ok(mut set) = self.decided.get_or_init(Default::default).lock() {
                set.insert(text.to_string());
            }
        }
    }

    /// A value derived from this loader's contexts (e.g. the term facts skolemization needs), memoized under its
    /// type and `key` while the processed-context cache is on, computed by `make` on a miss (and every time when
    /// off).
    pub fn derived<T: Any + Send + Sync>(
        &self,
        key: &str,
        make: impl FnOnce() -> Result<T>,
    ) -> Result<Arc<T>> {
        if let Some(found) = self.memoized::<T>(key) {
            return Ok(found);
        }
        Ok(self.memoize(key.to_string(), make()?))
    }

    /// The value of type `T` memoized under `key`, if the cache is on and holds one.
    pub fn memoized<T: Any + Send + Sync>(&self, key: &str) -> Option<Arc<T>> {
        let memo = self.derived.as_ref()?.lock().ok()?;
        let found = memo.get(&TypeId::of::<T>())?.get(key)?.clone();
        found.downcast::<T>().ok()
    }

    /// Memoizes `value` under its type and `key` (if the cache is on) and returns it.
    pub fn memoize<T: Any + Send + Sync>(&self, key: String, value: T) -> Arc<T> {
        let value = Arc::new(value);
        if let Some(Ok(mut memo)) = self.derived.as_ref().map(|m| m.lock()) {
            memo.entry(TypeId::of::<T>())
                .or_default()
                .insert(key, value.clone());
        }
        value
    }

    /// `--as-written`: canonprof's engine follows the JSON-LD 1.1 Processing Algorithms as written — every Context
    /// Processing invocation runs (no memo of processed contexts; a typed node re-processes its type-scoped
    /// contexts, a scoped term re-applies its context) and nothing is kept between documents (the context cache
    /// is turned off too). Remote context documents are still dereferenced once per document, as §4.1.2 step
    /// 5.2.4 requires. The canonical output is the same; only the work differs. No effect on the json-ld crate's
    /// engine.
    pub fn with_as_written(self, on: bool) -> Self {
        let mut loader = match on {
            true => self.with_context_cache(false),
            false => self,
        };
        loader.as_written = on;
        loader
    }

    /// Whether canonprof's engine follows the algorithms as written ([`OfflineLoader::with_as_written`]).
    pub fn as_written(&self) -> bool {
        self.as_written
    }

    /// Selects the expansion engine (default [`Engine::JsonLd`]).
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// The expansion engine of documents canonicalized with this loader.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Whether the processed-context cache is on.
    pub fn caches_contexts(&self) -> bool {
        self.derived.is_some()
    }

    /// The URLs this loader can serve, sorted.
    pub fn urls(&self) -> Vec<&str> {
        let mut urls: Vec<&str> = self.entries.keys().map(String::as_str).collect();
        urls.sort_unstable();
        urls
    }

    /// The parsed context for `url`. Errors: [`ErrorKind::UnknownContext`] (names the URL, and lets the pipeline
    /// point at the `@context` or `@import` entry that names it), [`ErrorKind::ContextIntegrity`] (bytes differ
    /// from the pinned SHA-256), [`ErrorKind::Json`].
    pub fn get(&self, url: &str) -> Result<&Arc<Value>> {
        let entry = self.entries.get(url).ok_or_else(|| {
            Error::new(
                ErrorKind::UnknownContext,
                format!("unknown JSON-LD context URL <{url}>: it is not bundled and not in --contexts DIR/index.json (canonprof never fetches from the network)"),
            )
            .locate(Locate::Value(url.to_string(), &["@context", "@import"]))
            .with_code(crate::error::JsonLdErrorCode::LoadingRemoteContextFailed)
        })?;
        entry
            .parsed
            .get_or_init(|| entry.parse(url))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Serves `url` to an expansion engine (JSON-LD 1.1 API §9.4 LoadDocumentCallback), counted against the
    /// bounds (`--max-context-loads`, context inclusion cycles). Errors: as for [`OfflineLoader::get`], and
    /// [`ErrorKind::Limit`] "context overflow".
    pub fn dereference(&self, url: &str) -> Result<&Arc<Value>> {
        self.check_bounds(url)?;
        self.get(url)
    }

    /// [`OfflineLoader::dereference`], serving the context's text as parsed by `parse` into the engine's own JSON
    /// type (parsed once per loader, after the checks of [`OfflineLoader::get`]; one such type per loader).
    /// Errors: as for [`OfflineLoader::dereference`], and `parse`'s.
    pub fn dereference_as<T: Any + Send + Sync>(
        &self,
        url: &str,
        parse: impl FnOnce(&str) -> Result<T>,
    ) -> Result<&T> {
        self.check_bounds(url)?;
        self.parsed_as(url, parse)
    }

    /// The context at `url` in the engine's own JSON type, as [`OfflineLoader::dereference_as`] serves it but
    /// without counting a dereference (to read what a context says before expanding). Errors: as for
    /// [`OfflineLoader::get`], and `parse`'s.
    pub fn parsed_as<T: Any + Send + Sync>(
        &self,
        url: &str,
        parse: impl FnOnce(&str) -> Result<T>,
    ) -> Result<&T> {
        self.get(url)?;
        let entry = &self.entries[url];
        let form = entry.engine_form.get_or_init(|| {
            parse(&entry.text)
                .map(|value| Box::new(value) as Box<dyn Any + Send + Sync>)
                .map_err(|e| e.in_source(&entry.origin))
        });
        match form {
            Ok(form) => form.downcast_ref::<T>().ok_or_else(|| {
                Error::new(
                    ErrorKind::Internal,
                    "a context was asked for in two JSON types",
                )
            }),
            Err(e) => Err(e.clone()),
        }
    }

    /// Records the reason of a failed load, for an engine that reports only that loading failed.
    pub fn record_failure(&self, error: Error) {
        if let Ok(mut failure) = self.failure.lock() {
            failure.get_or_insert(error);
        }
    }

    /// Takes the reason of the last failed load, if any (used to explain json-ld's "loading failed").
    pub fn take_failure(&self) -> Option<Error> {
        self.failure.lock().map(|mut f| f.take()).unwrap_or(None)
    }

    /// Forgets any recorded failure (called before each expansion).
    pub fn clear_failure(&self) {
        if let Ok(mut f) = self.failure.lock() {
            *f = None;
        }
        self.loads.store(0, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Entry {
    fn parse(&self, url: &str) -> Result<Arc<Value>> {
        if let Some(expected) = &self.sha256 {
            let actual = hex::encode(Sha256::digest(self.text.as_bytes()));
            if !actual.eq_ignore_ascii_case(expected) {
                return Err(Error::new(
                    ErrorKind::ContextIntegrity,
                    format!(
                        "context for <{url}> has SHA-256 {actual}, but its index pins {expected}"
                    ),
                )
                .in_source(&self.origin));
            }
        }
        serde_json::from_str(&self.text).map(Arc::new).map_err(|e| {
            let error = crate::document::json_error(&self.origin, e);
            Error::new(
                ErrorKind::Json,
                format!("context for <{url}> is not valid JSON: {}", error.reason()),
            )
            .in_source(&self.origin)
            .at(error.position().unwrap_or("1:1"))
        })
    }
}
