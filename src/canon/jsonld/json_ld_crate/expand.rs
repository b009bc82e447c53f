//! JSON-LD 1.1 expansion (JSON-LD 1.1 API §5.1 Expansion Algorithm) as the VC Data Integrity cryptosuites run it:
//! no base IRI, the offline document loader, and *safe mode* — a term or `@type` that would be dropped or stay
//! relative is an error (jsonld.js `safe: true`). The engine is the `json-ld` crate (0.21).
//!
//! With the session's processed-context cache on ([`crate::canon::Settings::context_cache`]), the document's top-level
//! `@context` is processed once (JSON-LD 1.1 API §4.1.2 Context Processing, from the empty initial context) and
//! the result reused for every later document with the same `@context` value — what jsonld.js and PyLD do across
//! calls. Type- and property-scoped contexts inside the document are still processed by json-ld every time.

use super::Expanded;
use crate::canon::jsonld::safe_mode::Violation;
use crate::canon::session::ActiveContext;
use crate::canon::session::Session;
use crate::error::{Error, ErrorKind, Locate, Result};
use crate::loader::OfflineLoader;
use json_ld::context_processing::algorithm::Action;
use json_ld::expansion::{Error as ExpansionError, Options, Policy};
use json_ld::syntax::Value;
use json_ld::{Expand, IriBuf};

/// Safe mode: reject terms that do not expand to an IRI, instead of dropping them.
fn safe_policy() -> Policy {
    Policy {
        invalid: Action::Reject,
        vocab: Action::Keep,
        allow_undefined: false,
    }
}

/// Expands `document` (JSON-LD 1.1 API §4.1 `expand()` with `base` = null, JSON-LD 1.1 processing mode) with the
/// contexts of `session`. Errors: [`ErrorKind::SafeMode`] (undefined term, relative `@type`, naming the value where
/// the engine lets us find it), [`ErrorKind::UnknownContext`] / [`ErrorKind::ContextIntegrity`] from the loader,
/// [`ErrorKind::Expansion`] for any other JSON-LD error (with its spec error code, e.g. `protected term
/// redefinition`). The caller adds the file name.
/// With the context cache on, the top-level `@context` entry is taken out of `document` (and put back if
/// expansion fails).
pub(crate) fn expand(document: &mut Value, session: &Session) -> Result<Expanded> {
    expand_mode(document, session, false, true)
}

/// [`expand`] with only the pre-check's refusals of what the crate lets through or cannot process, for a document canonprof's engine has accepted in safe mode
/// ([`Mode::SafeAcceptedByCanonprof`](crate::canon::jsonld)).
pub(crate) fn expand_accepted(document: &mut Value, session: &Session) -> Result<Expanded> {
    expand_mode(document, session, false, false)
}

/// `--lossy`: [`expand`] keeping what safe mode refuses — undefined terms and relative `@type` / `@id` values stay
/// in the expanded document as invalid identifiers, for [`super::to_rdf::to_rdf_lossy`] to drop and count.
pub(crate) fn expand_lossy(document: &mut Value, session: &Session) -> Result<Expanded> {
    expand_mode(document, session, true, false)
}

fn expand_mode(
    document: &mut Value,
    session: &Session,
    lossy: bool,
    safe_pre_check: bool,
) -> Result<Expanded> {
    PANICKED.with(|p| p.borrow_mut().take());
    // canonprof's engine accepted it: only what the crate lets through or cannot process is checked.
    super::safe_mode::check(document, session.loader(), safe_pre_check)?;
    session.loader().clear_failure();
    let options = Options {
        policy: if lossy {
            Policy {
                invalid: Action::Keep,
                vocab: Action::Keep,
                allow_undefined: true,
            }
        } else {
            safe_policy()
        },
        ..Options::default()
    };
    if session.caches_contexts() {
        if let Some(result) = expand_with_cached_context(document, session, options) {
            return result;
        }
    }
    let result = run(document, session.loader(), options);
    recover(result, document, session.loader(), lossy)
}

/// The expansion's result, or our error for its failure ([`explain`]). A `@type` the crate refuses as invalid may
/// be a blank node identifier it does not parse (`_:b0http://x`, which jsonld.js takes as a blank node): then the
/// lenient expansion is used, if every identifier in it passes the safe-mode RDF conversion (error path only).
fn recover(
    result: std::result::Result<Expanded, ExpansionError>,
    document: &Value,
    loader: &OfflineLoader,
    lossy: bool,
) -> Result<Expanded> {
    match result {
        Ok(expanded) => Ok(expanded),
        Err(ExpansionError::InvalidTypeValue)
            if !lossy
                && PANICKED.with(|p| p.borrow().is_none())
                && loader.take_failure().is_none() =>
        {
            match lenient_expansion(document, loader) {
                Some(expanded) => match super::to_rdf::to_rdf(&expanded) {
                    Ok(_) => Ok(expanded),
                    Err(error) => Err(error),
                },
                None => Err(Violation::UnnamedType.error()),
            }
        }
        Err(error) => Err(explain(error, document, loader)),
    }
}

/// The cached path: `None` when the document has no single top-level `@context` to cache.
fn expand_with_cached_context(
    document: &mut Value,
    session: &Session,
    options: Options,
) -> Option<Result<Expanded>> {
    let Value::Object(object) = document else {
        return None;
    };
    let index = object.index_of("@context")?;
    let entry = object.remove_at(index)?;
    let result = cached_active_context(&entry.value, session, options).and_then(|context| {
        guarded(|| {
            pollster::block_on(document.expand_full(
                &mut (),
                context,
                None,
                session.loader(),
                options,
                (),
            ))
        })
    });
    Some(match result {
        Ok(expanded) => Ok(expanded),
        Err(error) => {
            // Put the document back as it was, so the error path can look at it whole.
            if let Value::Object(object) = document {
                object.push_front(entry.key, entry.value);
            }
            recover(
                Err(error),
                document,
                session.loader(),
                options.policy.allow_undefined,
            )
        }
    })
}

/// The active context of a top-level `@context` value, from the session's cache (processed on a miss).
fn cached_active_context(
    value: &Value,
    session: &Session,
    options: Options,
) -> std::result::Result<ActiveContext, ExpansionError> {
    let key = json_ld::syntax::Print::compact_print(value).to_string();
    match session.active_context(&key) {
        Some(context) => Ok((*context).clone()),
        None => process_top_level_context(value, session.loader(), options).inspect(|context| {
            session.keep_active_context(key, context.clone());
        }),
    }
}

/// The active context that a document's top-level `@context` value gives (JSON-LD 1.1 API §4.1.2 Context
/// Processing from the empty initial context, no base IRI) — what compaction with that context needs. Served
/// from the session's processed-context cache when it is on. Errors as for [`expand`].
pub(crate) fn active_context(value: &Value, session: &Session) -> Result<ActiveContext> {
    session.loader().clear_failure();
    let options = Options {
        policy: safe_policy(),
        ..Options::default()
    };
    let result = if session.caches_contexts() {
        cached_active_context(value, session, options)
    } else {
        process_top_level_context(value, session.loader(), options)
    };
    result.map_err(|e| explain(e, value, session.loader()))
}

/// Context processing of a top-level `@context` value from the empty initial context (no base IRI).
fn process_top_level_context(
    value: &Value,
    loader: &OfflineLoader,
    options: Options,
) -> std::result::Result<ActiveContext, ExpansionError> {
    use json_ld::syntax::TryFromJson;
    use json_ld::Process;
    let context = json_ld::syntax::context::Context::try_from_json(value.clone())?;
    let initial = json_ld::Context::new(None);
    let processed = guarded(|| {
        pollster::block_on(context.process_full(
            &mut (),
            &initial,
            loader,
            None,
            options.into(),
            (),
        ))
        .map_err(ExpansionError::from)
    })?;
    Ok(processed.into_processed())
}

fn run(
    document: &Value,
    loader: &OfflineLoader,
    options: Options,
) -> std::result::Result<Expanded, ExpansionError> {
    guarded(|| {
        pollster::block_on(document.expand_full(
            &mut (),
            json_ld::Context::new(None),
            None,
            loader,
            options,
            (),
        ))
    })
}

/// Runs json-ld, turning a panic inside it into an expansion error ([`super::catch_panic`], whose message
/// [`explain`] reports). json-ld 0.21 hashes IRIs through pct-str 2.0, whose `Hash` unwraps the UTF-8 decoding of
/// percent-encoded octets: a term like `vali%dFrom` under an `@vocab` panics there (found by fuzzing,
/// `fuzz/regressions/jsonld/`).
fn guarded<T>(
    run: impl FnOnce() -> std::result::Result<T, ExpansionError>,
) -> std::result::Result<T, ExpansionError> {
    super::catch_panic(run).unwrap_or_else(|message| {
        PANICKED.with(|p| *p.borrow_mut() = Some(message));
        Err(ExpansionError::InvalidTypeValue)
    })
}

thread_local! {
    /// The message of the json-ld panic [`guarded`] caught, for [`explain`].
    static PANICKED: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Turns json-ld's error into ours, recovering what it does not say (which URL failed, which `@type`).
fn explain(error: ExpansionError, document: &Value, loader: &OfflineLoader) -> Error {
    if let Some(message) = PANICKED.with(|p| p.borrow_mut().take()) {
        return match first_bad_percent_encoding(document) {
            Some((text, is_key)) => {
                let error = super::safe_mode::limitation(format!(
                    "`{text}` has a percent-encoding that is not UTF-8, which it cannot process in an IRI"
                ));
                if is_key {
                    error.locate(Locate::Key(text))
                } else {
                    error.locate(Locate::Value(text, &[]))
                }
            }
            None => Error::new(
                ErrorKind::Expansion,
                format!("JSON-LD expansion failed: json-ld 0.21 panicked ({message})"),
            ),
        };
    }
    if let Some(failure) = loader.take_failure() {
        return failure;
    }
    match &error {
        ExpansionError::KeyExpansionFailed(term) => {
            Violation::UndefinedTerm { term: term.clone() }.error()
        }
        ExpansionError::InvalidTypeValue => {
            first_invalid_type(document, loader).unwrap_or_else(|| Violation::UnnamedType.error())
        }
        other => super::crate_error(other),
    }
}

/// Re-expands leniently (error path only) and lets the safe-mode RDF conversion name the first `@type` (or
/// other id) that stayed relative.
fn first_invalid_type(document: &Value, loader: &OfflineLoader) -> Option<Error> {
    super::to_rdf::to_rdf(&lenient_expansion(document, loader)?).err()
}

/// The expansion keeping invalid identifiers (undefined terms still refused), error path only.
fn lenient_expansion(document: &Value, loader: &OfflineLoader) -> Option<Expanded> {
    let lenient = Options {
        policy: Policy {
            allow_undefined: false,
            ..Policy::default()
        },
        ..Options::default()
    };
    run(document, loader, lenient).ok()
}

/// JSON-LD 1.1 API §4.1 `expand()` with the API's defaults rather than the Data Integrity ones: `base` (the
/// document URL) and the default, lenient policy (undefined terms dropped). For the W3C JSON-LD test suite
/// (`tests/it/jsonld_suite.rs`). Errors: the loader's reason when a load failed, else
/// [`ErrorKind::Expansion`] with the crate's JSON-LD error code.
pub(crate) fn expand_with_base(
    document: &Value,
    base: &str,
    loader: &OfflineLoader,
) -> Result<Expanded> {
    let base = IriBuf::new(base.to_string()).ok();
    loader.clear_failure();
    PANICKED.with(|p| p.borrow_mut().take());
    guarded(|| {
        pollster::block_on(document.expand_full(
            &mut (),
            json_ld::Context::new(base.clone()),
            base.as_ref(),
            loader,
            Options::default(),
            (),
        ))
    })
    .map_err(|error| {
        if let Some(message) = PANICKED.with(|p| p.borrow_mut().take()) {
            return Error::new(
                ErrorKind::Expansion,
                format!("JSON-LD expansion failed: json-ld 0.21 panicked ({message})"),
            );
        }
        loader
            .take_failure()
            .unwrap_or_else(|| super::crate_error(&error))
    })
}

/// Whether `text` percent-decodes (RFC 3986 §2.1) to bytes that are not UTF-8.
fn bad_percent_encoding(text: &str) -> bool {
    if !text.contains('%') {
        return false;
    }
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).and_then(|&b| hex(b)),
            bytes.get(i + 2).and_then(|&b| hex(b)),
        ) {
            (b'%', Some(hi), Some(lo)) => {
                decoded.push((hi * 16 + lo) as u8);
                i += 3;
            }
            (b, _, _) => {
                decoded.push(b);
                i += 1;
            }
        }
    }
    std::str::from_utf8(&decoded).is_err()
}

/// The first member name or string value of `document` with a percent-encoding that is not UTF-8, and whether
/// it is a member name (error path only).
fn first_bad_percent_encoding(document: &Value) -> Option<(String, bool)> {
    match document {
        Value::Object(object) => object.iter().find_map(|entry| {
            let key = entry.key.as_str();
            if bad_percent_encoding(key) {
                return Some((key.to_string(), true));
            }
            first_bad_percent_encoding(&entry.value)
        }),
        Value::Array(items) => items.iter().find_map(first_bad_percent_encoding),
        Value::String(s) if bad_percent_encoding(s.as_str()) => {
            Some((s.as_str().to_string(), false))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::bad_percent_encoding;

    #[test]
    fn percent_encodings_next_to_non_ascii_text() {
        assert!(!bad_percent_encoding("ü%C3%BCx") && !bad_percent_encoding("日本"));
        assert!(bad_percent_encoding("é%dF") && bad_percent_encoding("%FF😀"));
        assert!(!bad_percent_encoding("😀%") && !bad_percent_encoding("%ü1"));
    }
}
