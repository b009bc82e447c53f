//! The offline JSON-LD document loader (JSON-LD 1.1 API §9.4 LoadDocumentCallback): serves the contexts bundled
//! in the binary (`schemas-education/contexts/`, each pinned by SHA-256 in its `index.json`) and any user contexts
//! from `--contexts DIR`. It never touches the network: an unknown URL is an [`ErrorKind::UnknownContext`] error
//! naming the URL.

use crate::error::{Error, ErrorKind, Locate, Result};
use json_ld::syntax::Parse;
use json_ld::{syntax::Value, Iri, IriBuf, LoadError, RemoteDocument};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

include!(concat!(env!("OUT_DIR"), "/bundled_contexts.rs"));

/// A processed JSON-LD context (JSON-LD 1.1 API §4.1 active context).
pub type Processed = json_ld::Context<IriBuf, json_ld::BlankIdBuf>;

/// One context the loader can serve.
struct Entry {
    /// Where the bytes came from (`bundled:<file>` or a path), for error messages.
    origin: String,
    /// Expected SHA-256 (lowercase hex) of `text`, if the index pins one.
    sha256: Option<String>,
    text: String,
    /// Parsed once, on first use, after the hash check.
    parsed: OnceLock<std::result::Result<Value, Error>>,
}

/// Which JSON-LD 1.1 engine expands the documents canonicalized with a loader (`--engine`): the `json-ld`
/// crate, the reference, or canonprof's own ([`crate::canon::native`]). A loader setting, like the context
/// cache, because every pipeline that canonicalizes is handed a loader.
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

/// A memoized value derived from processed contexts.
type Derived = std::sync::Arc<dyn std::any::Any + Send + Sync>;

/// Default limit on context dereferences while processing one document (`--max-context-loads`); the bundled
/// credentials need at most a few dozen.
pub const DEFAULT_MAX_CONTEXT_LOADS: usize = 500;

/// The offline loader. Contexts are parsed and hash-checked once, on first use; later loads clone the parsed
/// value (what a caching verifier pays). Not shared across threads while loading. Bounded: a context that
/// includes itself (directly or through others), or more than [`DEFAULT_MAX_CONTEXT_LOADS`] dereferences for one
/// document, is a "context overflow" (JSON-LD 1.1 API §4.1.2 step 5.2.2).
pub struct OfflineLoader {
    entries: HashMap<String, Entry>,
    /// Processed top-level contexts by the compact JSON text of the `@context` value, when caching is on.
    /// Keyed within this loader only, so a context is never served for other contents.
    processed: Option<Mutex<HashMap<String, Processed>>>,
    /// Values derived from processed contexts ([`OfflineLoader::derived`]), under the same rule.
    derived: Option<Mutex<HashMap<String, Derived>>>,
    /// The first failure of the current expansion: json-ld reports only "loading failed", we keep the reason.
    failure: Mutex<Option<Error>>,
    /// The expansion engine of documents canonicalized with this loader.
    engine: Engine,
    /// Dereferences since the last [`OfflineLoader::clear_failure`], and the most allowed.
    loads: std::sync::atomic::AtomicUsize,
    max_loads: usize,
    /// Per URL: the inclusion cycle it starts, if any (memoized).
    cycles: Mutex<HashMap<String, Option<String>>>,
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
                };
                (url.to_string(), entry)
            })
            .collect();
        OfflineLoader {
            entries,
            processed: None,
            derived: None,
            failure: Mutex::new(None),
            engine: Engine::JsonLd,
            loads: std::sync::atomic::AtomicUsize::new(0),
            max_loads: DEFAULT_MAX_CONTEXT_LOADS,
            cycles: Mutex::new(HashMap::new()),
        }
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
                for entry in object.iter() {
                    let key = entry.key.as_str();
                    if key == "@context" || key == "@import" {
                        match &entry.value {
                            Value::String(url) => into.push(url.as_str().to_string()),
                            Value::Array(items) => into.extend(
                                items.iter().filter_map(|i| i.as_str()).map(str::to_string),
                            ),
                            _ => {}
                        }
                    }
                    Self::references(&entry.value, into);
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
            ));
        }
        match self.inclusion_cycle(url) {
            Some(cycle) => Err(Error::new(
                ErrorKind::Limit,
                format!("context overflow: <{url}> includes itself ({cycle})"),
            )),
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
        let text = std::fs::read_to_string(&index_path).map_err(|e| Error::io(&label, &e))?;
        let index: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| crate::document::json_error(&label, &e))?;
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
            let text = std::fs::read_to_string(&path).map_err(|e| Error::io(&origin, &e))?;
            let entry = Entry {
                origin,
                sha256,
                text,
                parsed: OnceLock::new(),
            };
            self.entries.insert(url.clone(), entry);
        }
        // Contexts changed: nothing processed before may be served again.
        if let Some(Ok(mut processed)) = self.processed.as_ref().map(|m| m.lock()) {
            processed.clear();
        }
        if let Some(Ok(mut derived)) = self.derived.as_ref().map(|m| m.lock()) {
            derived.clear();
        }
        Ok(self)
    }

    /// Turns the processed-context cache on or off (off by default; see [`crate::canon::expand`]). Turning it on
    /// or off empties it.
    pub fn with_context_cache(mut self, on: bool) -> Self {
        self.processed = on.then(|| Mutex::new(HashMap::new()));
        self.derived = on.then(|| Mutex::new(HashMap::new()));
        self
    }

    /// A value derived from this loader's contexts (e.g. the term facts skolemization needs), memoized under
    /// `key` while the processed-context cache is on, computed by `make` on a miss (and every time when off).
    pub fn derived<T: std::any::Any + Send + Sync>(
        &self,
        key: &str,
        make: impl FnOnce() -> crate::error::Result<T>,
    ) -> crate::error::Result<std::sync::Arc<T>> {
        let memo = self.derived.as_ref().and_then(|m| m.lock().ok());
        if let Some(found) = memo.as_ref().and_then(|m| m.get(key).cloned()) {
            if let Ok(value) = found.downcast::<T>() {
                return Ok(value);
            }
        }
        drop(memo);
        let value = std::sync::Arc::new(make()?);
        if let Some(Ok(mut memo)) = self.derived.as_ref().map(|m| m.lock()) {
            memo.insert(key.to_string(), value.clone());
        }
        Ok(value)
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
        self.processed.is_some()
    }

    /// A copy of the processed context cached for `key` (the compact JSON text of a top-level `@context`).
    pub fn cached_context(&self, key: &str) -> Option<Processed> {
        self.processed.as_ref()?.lock().ok()?.get(key).cloned()
    }

    /// Caches `context` for `key` and returns it.
    pub fn cache_context(&self, key: String, context: Processed) -> Processed {
        if let Some(Ok(mut map)) = self.processed.as_ref().map(|m| m.lock()) {
            map.insert(key, context.clone());
        }
        context
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
    pub fn get(&self, url: &str) -> Result<&Value> {
        let entry = self.entries.get(url).ok_or_else(|| {
            Error::new(
                ErrorKind::UnknownContext,
                format!("unknown JSON-LD context URL <{url}>: it is not bundled and not in --contexts DIR/index.json (canonprof never fetches from the network)"),
            )
            .locate(Locate::Value(url.to_string(), &["@context", "@import"]))
        })?;
        entry
            .parsed
            .get_or_init(|| entry.parse(url))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Serves `url` to canonprof's own expansion engine, under the same bounds as the json-ld engine's loads
    /// (`--max-context-loads`, context inclusion cycles). Errors: as for [`OfflineLoader::get`], and
    /// [`ErrorKind::Limit`] "context overflow".
    pub fn dereference(&self, url: &str) -> Result<&Value> {
        self.check_bounds(url)?;
        self.get(url)
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
    fn parse(&self, url: &str) -> Result<Value> {
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
        Value::parse_str(&self.text)
            .map(|(value, _)| value)
            .map_err(|e| {
                let offset = match &e {
                    json_ld::syntax::parse::Error::Stream(i, _)
                    | json_ld::syntax::parse::Error::Unexpected(i, _) => *i,
                    _ => 0,
                };
                let (line, column) = crate::document::line_column(self.text.as_bytes(), offset);
                Error::new(
                    ErrorKind::Json,
                    format!("context for <{url}> is not valid JSON: {e}"),
                )
                .in_source(&self.origin)
                .at(format!("{line}:{column}"))
            })
    }
}

impl json_ld::Loader for OfflineLoader {
    async fn load(&self, url: &Iri) -> std::result::Result<RemoteDocument<IriBuf>, LoadError> {
        match self
            .check_bounds(url.as_str())
            .and_then(|()| self.get(url.as_str()))
        {
            Ok(value) => Ok(RemoteDocument::new(
                Some(url.to_owned()),
                Some("application/ld+json".parse().expect("valid MIME type")),
                value.clone(),
            )),
            Err(error) => {
                let message = error.to_string();
                if let Ok(mut failure) = self.failure.lock() {
                    failure.get_or_insert(error);
                }
                Err(LoadError::new(
                    url.to_owned(),
                    std::io::Error::other(message),
                ))
            }
        }
    }
}
