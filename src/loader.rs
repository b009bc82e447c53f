//! The offline JSON-LD document loader (JSON-LD 1.1 API §9.4 LoadDocumentCallback): serves the contexts bundled
//! in the binary (`schemas-education/contexts/`, each pinned by SHA-256 in its `index.json`) and any user contexts
//! from `--contexts DIR`. It never touches the network: an unknown URL is an [`ErrorKind::UnknownContext`] error
//! naming the URL. Engine-neutral: it serves each context as JSON (`serde_json`), and once in the form an engine
//! asks for ([`OfflineLoader::dereference_as`]); the json-ld crate's loader interface is implemented on it in
//! [`crate::canon::jsonld::json_ld_crate`]. It serves documents and nothing else: how a run canonicalizes (engine,
//! context cache, what is kept between documents) is the session's, [`crate::canon::Session`].

use crate::document::Limits;
use crate::error::{Error, ErrorKind, Locate, Result};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::any::Any;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

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

/// Default limit on context dereferences while processing one document (`--max-context-loads`); the bundled
/// credentials need at most a few dozen.
pub const DEFAULT_MAX_CONTEXT_LOADS: usize = 500;

/// The offline loader. Contexts are parsed and hash-checked once, on first use; later loads clone the parsed
/// value (what a caching verifier pays). Not shared across threads while loading. Bounded: a context that
/// includes itself (directly or through others), or more than [`DEFAULT_MAX_CONTEXT_LOADS`] dereferences for one
/// document, is a "context overflow" (JSON-LD 1.1 API §4.1.2 step 5.2.2).
pub struct OfflineLoader {
    entries: HashMap<String, Entry>,
    /// The first failure of the current expansion: json-ld reports only "loading failed", we keep the reason.
    failure: Mutex<Option<Error>>,
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
                    engine_form: OnceLock::new(),
                };
                (url.to_string(), entry)
            })
            .collect();
        OfflineLoader {
            entries,
            failure: Mutex::new(None),
            loads: std::sync::atomic::AtomicUsize::new(0),
            max_loads: DEFAULT_MAX_CONTEXT_LOADS,
            cycles: Mutex::new(HashMap::new()),
        }
    }

    /// A loader with the same contexts and bounds and every parsed form forgotten: what a verifier that starts
    /// cold has.
    pub(crate) fn fresh_copy(&self) -> OfflineLoader {
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
            failure: Mutex::new(None),
            loads: std::sync::atomic::AtomicUsize::new(0),
            max_loads: self.max_loads,
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
    /// Each file is read within `limits`.
    pub fn with_user_contexts(mut self, dir: &Path, limits: &Limits) -> Result<Self> {
        let index_path = dir.join("index.json");
        let label = index_path.display().to_string();
        let text = limits.read_text(&index_path)?;
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
            let text = limits.read_text(&path)?;
            let entry = Entry {
                origin,
                sha256,
                text,
                parsed: OnceLock::new(),
                engine_form: OnceLock::new(),
            };
            self.entries.insert(url.clone(), entry);
        }
        Ok(self)
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
