//! The Context Processing Algorithms (JSON-LD 1.1 API §4.1 Context Processing Algorithm, §4.2 Create Term
//! Definition), built for a credential pipeline: every result of context processing is memoized
//! ([`super::memo::Memo`]) by (active context, local context, base URL, flags), so the type- and property-scoped
//! contexts of a credential are processed once, not at every typed node; remote contexts come from the offline
//! loader. JSON-LD 1.1 processing mode only (canonprof does not run JSON-LD 1.0).

use super::active_context::{Context, Direction, Flags};
use super::iri;
use super::memo::Memo;
use super::{invalid, Json, Map, Str};
use crate::canon::jsonld::safe_mode::Violation;
use crate::canon::jsonld::syntax::is_language_shape;
use crate::canon::jsonld::JsonLdErrorCode as Code;
use crate::canon::step;
use crate::canon::work::{self, Step};
use crate::error::Result;
use crate::loader::OfflineLoader;
use ahash::AHashMap as HashMap;
use std::sync::Arc;

/// Most remote contexts one chain of context processing may dereference (§4.1.2 step 5.2.3, a
/// processor-defined limit).
const MAX_REMOTE_CHAIN: usize = 32;

/// Runs context processing with the offline loader and a memo.
pub(crate) struct Processor<'a> {
    /// Serves remote contexts (and bounds their number).
    pub loader: &'a OfflineLoader,
    /// Processed contexts and remote documents already seen.
    pub memo: &'a Memo,
}

/// The state of one Create Term Definition pass over a local context (§4.1.2 step 5.13).
pub(super) struct TermDefinitionPass<'c> {
    pub(super) result: Context,
    pub(super) local: &'c Map,
    pub(super) defined: HashMap<Str, bool>,
    pub(super) base: Option<&'c str>,
    pub(super) protected: bool,
    pub(super) override_protected: bool,
    pub(super) remote: Vec<String>,
}

impl Processor<'_> {
    /// JSON-LD 1.1 API §4.1.2 Context Processing Algorithm, memoized: the active context that `local` gives on
    /// top of `active` with `base` as base URL. Errors: [`crate::error::ErrorKind::Expansion`] with the spec's
    /// error code (`invalid local context`, `protected term redefinition`, …), loader errors for remote contexts.
    pub(crate) fn process(
        &self,
        active: &Arc<Context>,
        local: &Arc<Json>,
        base: Option<&str>,
        flags: Flags,
    ) -> Result<Arc<Context>> {
        self.process_with(active, local, base, flags, &mut Vec::new())
    }

    pub(super) fn process_with(
        &self,
        active: &Arc<Context>,
        local: &Arc<Json>,
        base: Option<&str>,
        flags: Flags,
        remote: &mut Vec<String>,
    ) -> Result<Arc<Context>> {
        if let Some(found) = self.memo.processed(active, local, base, flags) {
            work::count(Step::ContextMemoHit);
            return Ok(found);
        }
        work::count(Step::ContextPerformed);
        let span = crate::profile::step(step::CONTEXT_PROCESSING);
        let result = Arc::new(self.context_processing(active, local, base, flags, remote)?);
        drop(span);
        self.memo
            .remember(active, local, base, flags, result.clone());
        Ok(result)
    }

    /// §4.1.2 Context Processing Algorithm, steps 1–6 (named after the step, and kept out of line, so that
    /// sampled flamegraphs show it).
    #[inline(never)]
    fn context_processing(
        &self,
        active: &Arc<Context>,
        local: &Json,
        base: Option<&str>,
        flags: Flags,
        remote: &mut Vec<String>,
    ) -> Result<Context> {
        // Step 1.
        let mut result = (**active).clone();
        let mut propagate = flags.propagate;
        // Step 2.
        if let Json::Object(map) = local {
            if let Some(value) = map.get("@propagate") {
                propagate = value.as_bool().ok_or_else(|| {
                    invalid(
                        Code::InvalidPropagateValue,
                        format!("`{value}` is not a boolean"),
                    )
                })?;
            }
        }
        // Step 3.
        if !propagate && result.previous.is_none() {
            result.previous = Some(active.clone());
        }
        // Step 4.
        let items: &[Json] = match local {
            Json::Array(items) => items,
            single => std::slice::from_ref(single),
        };
        // Step 5.
        for context in items {
            match context {
                // Step 5.1.
                Json::Null => {
                    if !flags.override_protected && result.has_protected_terms() {
                        return Err(invalid(
                            Code::InvalidContextNullification,
                            "a null context would clear protected terms",
                        ));
                    }
                    let previous = result.previous.take();
                    let mut fresh = Context::new(active.original_base.as_deref());
                    if !propagate {
                        fresh.previous = previous;
                    }
                    result = fresh;
                }
                // Step 5.2: a remote context.
                Json::String(reference) => {
                    let url = iri::resolve(base, reference);
                    if !flags.validate_scoped && remote.contains(&url) {
                        continue;
                    }
                    if remote.len() >= MAX_REMOTE_CHAIN {
                        return Err(invalid(
                            Code::ContextOverflow,
                            format!(
                                "more than {MAX_REMOTE_CHAIN} nested remote contexts at <{url}>"
                            ),
                        ));
                    }
                    remote.push(url.clone());
                    work::count(Step::ContextRemote);
                    let loaded = self.memo.remote_context(self.loader, &url)?;
                    let snapshot = Arc::new(result);
                    let mut chain = remote.clone();
                    let processed = self.process_with(
                        &snapshot,
                        &loaded,
                        Some(&url),
                        Flags {
                            validate_scoped: flags.validate_scoped,
                            ..Flags::DEFAULT
                        },
                        &mut chain,
                    )?;
                    result = (*processed).clone();
                }
                // Step 5.4.
                Json::Object(map) => {
                    result = self.local_map(result, map, base, flags, remote)?;
                }
                // Step 5.3.
                other => {
                    return Err(invalid(
                        Code::InvalidLocalContext,
                        format!("`{other}` is not a map, string or null"),
                    ))
                }
            }
        }
        Ok(result)
    }

    /// §4.1.2 steps 5.5–5.13 for one context map.
    fn local_map(
        &self,
        mut result: Context,
        map: &Map,
        base: Option<&str>,
        flags: Flags,
        remote: &[String],
    ) -> Result<Context> {
        // Step 5.5.
        if let Some(version) = map.get("@version") {
            if version.as_f64() != Some(1.1) {
                return Err(invalid(
                    Code::InvalidVersionValue,
                    format!("`{version}` is not 1.1"),
                ));
            }
        }
        // Step 5.6: @import.
        let imported;
        let map = match map.get("@import") {
            None => map,
            Some(Json::String(reference)) => {
                let url = iri::resolve(base, reference);
                let loaded = self.memo.remote_context(self.loader, &url)?;
                let Json::Object(import) = &*loaded else {
                    return Err(invalid(
                        Code::InvalidRemoteContext,
                        format!("the context imported from <{url}> is not a map"),
                    ));
                };
                if import.contains_key("@import") {
                    return Err(invalid(
                        Code::InvalidContextEntry,
                        format!("the context imported from <{url}> has its own @import"),
                    ));
                }
                let mut merged = import.clone();
                for (key, value) in map {
                    merged.insert(key.clone(), value.clone());
                }
                imported = merged;
                &imported
            }
            Some(other) => {
                return Err(invalid(
                    Code::InvalidImportValue,
                    format!("`{other}` is not a string"),
                ))
            }
        };
        // Step 5.7: @base, only outside remote contexts.
        if let (Some(value), true) = (map.get("@base"), remote.is_empty()) {
            result.base = match value {
                Json::Null => None,
                Json::String(s) if iri::is_absolute_iri(s) => Some(Arc::from(s.as_str())),
                Json::String(s) if result.base.is_some() => {
                    Some(Arc::from(iri::resolve(result.base.as_deref(), s)))
                }
                other => {
                    return Err(invalid(
                        Code::InvalidBaseIri,
                        format!(
                            "`{other}` is not an IRI (and there is no base to resolve it against)"
                        ),
                    ))
                }
            };
        }
        // Step 5.8: @vocab.
        if let Some(value) = map.get("@vocab") {
            result.vocab = match value {
                Json::Null => None,
                Json::String(s) => {
                    let expanded = iri::expand(&result, s, true, true).filter(|v| {
                        iri::is_absolute_iri(v) || iri::is_blank(v) || !v.contains(':')
                    });
                    match expanded {
                        Some(v) => {
                            if !iri::is_absolute_iri(&v) && !iri::is_blank(&v) {
                                result.note(Violation::RelativeVocab {
                                    vocab: s.to_string(),
                                });
                            }
                            Some(v)
                        }
                        None => {
                            return Err(invalid(
                                Code::InvalidVocabMapping,
                                format!("`{s}` is not an IRI or blank node identifier"),
                            ))
                        }
                    }
                }
                other => {
                    return Err(invalid(
                        Code::InvalidVocabMapping,
                        format!("`{other}` is not a string or null"),
                    ))
                }
            };
        }
        // Step 5.9: @language.
        if let Some(value) = map.get("@language") {
            result.language = match value {
                Json::Null => None,
                Json::String(s) => {
                    if !is_language_shape(s) {
                        result.note(Violation::DefaultLanguage { tag: s.to_string() });
                    }
                    Some(s.clone())
                }
                other => {
                    return Err(invalid(
                        Code::InvalidDefaultLanguage,
                        format!("`{other}` is not a string or null"),
                    ))
                }
            };
        }
        // Step 5.10: @direction.
        if let Some(value) = map.get("@direction") {
            result.direction = match value {
                Json::Null => None,
                Json::String(s) if Direction::parse(s).is_some() => Direction::parse(s),
                other => {
                    return Err(invalid(
                        Code::InvalidBaseDirection,
                        format!("`{other}` is not \"ltr\", \"rtl\" or null"),
                    ))
                }
            };
        }
        // Step 5.11: @propagate (its value was read in step 2).
        if let Some(value) = map.get("@propagate") {
            if !value.is_boolean() {
                return Err(invalid(
                    Code::InvalidPropagateValue,
                    format!("`{value}` is not a boolean"),
                ));
            }
        }
        let protected = match map.get("@protected") {
            None => false,
            Some(Json::Bool(b)) => *b,
            Some(other) => {
                return Err(invalid(
                    Code::InvalidProtectedValue,
                    format!("`{other}` is not a boolean"),
                ))
            }
        };
        // Steps 5.12–5.13.
        let mut defining = TermDefinitionPass {
            result,
            local: map,
            defined: HashMap::new(),
            base,
            protected,
            override_protected: flags.override_protected,
            remote: remote.to_vec(),
        };
        for key in map.keys() {
            if matches!(
                key.as_str(),
                "@base"
                    | "@direction"
                    | "@import"
                    | "@language"
                    | "@propagate"
                    | "@protected"
                    | "@version"
                    | "@vocab"
            ) {
                continue;
            }
            self.create_term_definition(&mut defining, key)?;
        }
        Ok(defining.result)
    }
}
