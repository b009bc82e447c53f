//! IRI helpers of the JSON-LD 1.1 API: keywords (JSON-LD 1.1 §1.7 "Syntax Tokens and Keywords"), the IRI
//! Expansion algorithm against a finished active context (JSON-LD 1.1 API, IRI Expansion, `#iri-expansion`), and relative
//! IRI resolution (RFC 3986 §5.2).

use super::active_context::Context;
use super::Str;
use crate::canon::step;
use crate::canon::work::{self, Step};

pub(crate) use crate::canon::jsonld::syntax::{
    has_keyword_form, is_absolute_iri, is_blank, is_keyword, split_compact,
};

/// Whether `value` ends with a URI gen-delim character (RFC 3986 §2.2: `: / ? # [ ] @`), which makes a simple
/// term usable as a prefix (JSON-LD 1.1 API §4.2.2 step 14.2.5).
pub(crate) fn ends_with_gen_delim(value: &str) -> bool {
    value.ends_with([':', '/', '?', '#', '[', ']', '@'])
}

/// Resolves `value` against `base` (RFC 3986 §5.2 Relative Resolution: §5.2.2 Transform References, §5.2.3
/// Merge Paths, §5.2.4 Remove Dot Segments, as written; JSON-LD 1.1 API IRI Expansion step 8). With no base, or a
/// base without a scheme, `value` is returned unchanged (it then stays relative, which safe mode refuses later).
/// jsonld.js and the json-ld crate differ from RFC 3986 for a base with a rootless path (`http:a/b` and `../g`
/// give `http:g` there, `http:/g` here; docs/conformance.md).
pub(crate) fn resolve(base: Option<&str>, value: &str) -> String {
    let Some(base) = base else {
        return value.to_string();
    };
    let b = Parts::of(base);
    let r = Parts::of(value);
    if b.scheme.is_none() {
        return value.to_string();
    }
    let (scheme, authority, path, query) = if r.scheme.is_some() {
        (r.scheme, r.authority, remove_dot_segments(r.path), r.query)
    } else if r.authority.is_some() {
        (b.scheme, r.authority, remove_dot_segments(r.path), r.query)
    } else if r.path.is_empty() {
        (
            b.scheme,
            b.authority,
            b.path.to_string(),
            r.query.or(b.query),
        )
    } else if r.path.starts_with('/') {
        (b.scheme, b.authority, remove_dot_segments(r.path), r.query)
    } else {
        // §5.2.3 Merge Paths.
        let merged = match (b.authority.is_some(), b.path.is_empty()) {
            (true, true) => format!("/{}", r.path),
            _ => match b.path.rsplit_once('/') {
                Some((directory, _)) => format!("{directory}/{}", r.path),
                None => r.path.to_string(),
            },
        };
        (b.scheme, b.authority, remove_dot_segments(&merged), r.query)
    };
    // §5.3 Component Recomposition.
    let mut out = String::with_capacity(base.len() + value.len());
    if let Some(scheme) = scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(authority) = authority {
        out.push_str("//");
        out.push_str(authority);
    }
    out.push_str(&path);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = r.fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// The five components of a URI reference (RFC 3986 Appendix B).
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn of(reference: &'a str) -> Parts<'a> {
        let (rest, fragment) = match reference.split_once('#') {
            Some((r, f)) => (r, Some(f)),
            None => (reference, None),
        };
        let (rest, query) = match rest.split_once('?') {
            Some((r, q)) => (r, Some(q)),
            None => (rest, None),
        };
        let (scheme, rest) = match rest.split_once(':').filter(|(scheme, _)| {
            !scheme.contains('/') && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        }) {
            Some((scheme, after)) => (Some(scheme), after),
            None => (None, rest),
        };
        let (authority, path) = match rest.strip_prefix("//") {
            Some(after) => {
                let (authority, path) = split_before(after, '/');
                (Some(authority), path)
            }
            None => (None, rest),
        };
        Parts {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }
}

/// `text` split before the first `delimiter` (all of it and `""` when there is none).
fn split_before(text: &str, delimiter: char) -> (&str, &str) {
    match text.find(delimiter) {
        Some(at) => text.split_at(at),
        None => (text, ""),
    }
}

/// RFC 3986 §5.2.4 Remove Dot Segments.
fn remove_dot_segments(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            // Step 2A.
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest;
        } else if let Some(rest) = input.strip_prefix("/.").filter(|r| r.starts_with('/')) {
            // Step 2B: "/./" becomes "/".
            input = rest;
        } else if input == "/." {
            input = "/";
        } else if let Some(rest) = input
            .strip_prefix("/..")
            .filter(|r| r.is_empty() || r.starts_with('/'))
        {
            // Step 2C: "/../" or "/.." becomes "/", and the last output segment goes.
            input = if rest.is_empty() { "/" } else { rest };
            match output.rsplit_once('/') {
                Some((kept, _)) => output.truncate(kept.len()),
                None => output.clear(),
            }
        } else if input == "." || input == ".." {
            // Step 2D.
            input = "";
        } else {
            // Step 2E: the first segment, with its leading "/" if any, moves to the output.
            let (lead, rest) = match input.strip_prefix('/') {
                Some(rest) => ("/", rest),
                None => ("", input),
            };
            let (segment, next) = split_before(rest, '/');
            output.push_str(lead);
            output.push_str(segment);
            input = next;
        }
    }
    output
}

/// IRI Expansion (JSON-LD 1.1 API, `#iri-expansion`) against a finished active context: steps 1, 2 and 4–9
/// (steps 3 and 6.3, which create term definitions, only apply while a context is being processed, see
/// [`super::context_processing`]). Returns `None` for null (a term mapped to null, or a keyword-like value).
#[inline(never)]
pub(crate) fn expand(
    context: &Context,
    value: &str,
    document_relative: bool,
    vocab: bool,
) -> Option<Str> {
    let _span = crate::profile::step(step::IRI_EXPANSION);
    match expansion(context, value, document_relative, vocab) {
        Outcome::Same => Some(Str::from(value)),
        outcome => outcome.into_str(),
    }
}

/// [`expand`] of a string the caller holds as a [`Str`]: where the value expands to itself (a keyword, an
/// absolute IRI, a blank node identifier, an unchanged value) the result shares it instead of copying it.
#[inline(never)]
pub(crate) fn expand_str(
    context: &Context,
    value: &Str,
    document_relative: bool,
    vocab: bool,
) -> Option<Str> {
    let _span = crate::profile::step(step::IRI_EXPANSION);
    match expansion(context, value, document_relative, vocab) {
        Outcome::Same => Some(value.clone()),
        outcome => outcome.into_str(),
    }
}

/// Whether IRI Expansion of `value` with `vocab` true and `document_relative` false gives `target` — the question
/// expansion asks of member names (does this one expand to `@type`? to `@value`?), answered without building the
/// expanded string. Counted and timed as the IRI Expansion it is.
#[inline(never)]
pub(crate) fn expands_to(context: &Context, value: &str, target: &str) -> bool {
    let _span = crate::profile::step(step::IRI_EXPANSION);
    match expansion(context, value, false, true) {
        Outcome::Null => false,
        Outcome::Same => value == target,
        Outcome::Mapped(iri) => iri == target,
        Outcome::Concat(prefix, suffix) => {
            target.len() == prefix.len() + suffix.len()
                && target.starts_with(prefix)
                && target.ends_with(suffix)
        }
        Outcome::Resolved(iri) => iri == target,
    }
}

/// `prefix` followed by `suffix`, as one [`Str`] (a compact IRI's or a vocabulary-relative term's IRI).
pub(crate) fn concat(prefix: &str, suffix: &str) -> Str {
    let mut out = smol_str::SmolStrBuilder::new();
    out.push_str(prefix);
    out.push_str(suffix);
    out.finish()
}

/// What IRI Expansion gave, before any string is built: null, the value itself, a term's IRI mapping, a prefix
/// and a suffix to join, or an IRI resolved against the base.
enum Outcome<'a> {
    Null,
    Same,
    Mapped(&'a Str),
    Concat(&'a str, &'a str),
    Resolved(String),
}

impl Outcome<'_> {
    /// The expanded string (`None` for null); [`Outcome::Same`] is the caller's to build.
    fn into_str(self) -> Option<Str> {
        match self {
            Outcome::Null | Outcome::Same => None,
            Outcome::Mapped(iri) => Some(iri.clone()),
            Outcome::Concat(prefix, suffix) => Some(concat(prefix, suffix)),
            Outcome::Resolved(iri) => Some(Str::from(iri)),
        }
    }
}

/// IRI Expansion's steps 1, 2 and 4–9, counting the step that decided ([`work`]).
fn expansion<'a>(
    context: &'a Context,
    value: &'a str,
    document_relative: bool,
    vocab: bool,
) -> Outcome<'a> {
    let (outcome, step) = decide(context, value, document_relative, vocab);
    work::count(step);
    outcome
}

fn decide<'a>(
    context: &'a Context,
    value: &'a str,
    document_relative: bool,
    vocab: bool,
) -> (Outcome<'a>, Step) {
    // Step 1: keywords expand to themselves.
    if is_keyword(value) {
        return (Outcome::Same, Step::IriKeyword);
    }
    // Step 2: keyword-like values are ignored.
    if has_keyword_form(value) {
        return (Outcome::Null, Step::IriKeywordLike);
    }
    let definition = context.term(value);
    // Step 4: a term defined as a keyword alias.
    if let Some(def) = definition {
        if let Some(iri) = &def.iri {
            if is_keyword(iri) {
                return (Outcome::Mapped(iri), Step::IriKeyword);
            }
        }
    }
    // Step 5: with vocab, a defined term gives its IRI mapping (possibly null).
    if vocab {
        if let Some(def) = definition {
            return match &def.iri {
                Some(iri) => (Outcome::Mapped(iri), Step::IriTerm),
                None => (Outcome::Null, Step::IriTerm),
            };
        }
    }
    // Step 6: a colon after the first character: an IRI, a compact IRI or a blank node identifier.
    if let Some((prefix, suffix)) = split_compact(value) {
        // Step 6.2.
        if prefix == "_" {
            return (Outcome::Same, Step::IriBlankNode);
        }
        if suffix.starts_with("//") {
            return (Outcome::Same, Step::IriAbsolute);
        }
        // Step 6.4: a compact IRI whose prefix is a prefix term.
        if let Some(def) = context.term(prefix) {
            if let (Some(iri), true) = (&def.iri, def.prefix) {
                return (Outcome::Concat(iri, suffix), Step::IriCompact);
            }
        }
        // Step 6.5: already an absolute IRI.
        if is_absolute_iri(value) {
            return (Outcome::Same, Step::IriAbsolute);
        }
    }
    // Step 7: the vocabulary mapping.
    if vocab {
        if let Some(mapping) = &context.vocab {
            return (Outcome::Concat(mapping, value), Step::IriVocabulary);
        }
    }
    // Step 8: relative to the base IRI.
    if document_relative {
        return (
            Outcome::Resolved(resolve(context.base.as_deref(), value)),
            Step::IriDocument,
        );
    }
    // Step 9.
    (Outcome::Same, Step::IriUnchanged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_iris_and_resolution() {
        assert!(is_absolute_iri("https://example.org/a") && is_absolute_iri("urn:x"));
        assert!(!is_absolute_iri("a/b") && !is_absolute_iri("1a:b") && !is_absolute_iri("a: b"));
        assert_eq!(resolve(Some("http://a/b/c/d;p?q"), "../g"), "http://a/b/g");
        assert_eq!(resolve(None, "../g"), "../g");
        assert_eq!(
            resolve(Some("http://a/b/"), "//e.org/../x"),
            "http://e.org/x"
        );
        assert_eq!(resolve(Some("http://f/./b/"), "e/r"), "http://f/b/e/r");
        assert_eq!(
            resolve(Some("http://a/b/c/d;p?q"), "../../../../g"),
            "http://a/g"
        );
        assert_eq!(
            resolve(Some("http://a/b/c/d;p?q"), "g/."),
            "http://a/b/c/g/"
        );
    }

    #[test]
    fn non_ascii_text_is_split_at_character_boundaries() {
        // Multi-byte characters first, around and after every delimiter the helpers split at.
        assert_eq!(split_compact("ɜx"), None);
        assert_eq!(split_compact("ɜ:x"), Some(("ɜ", "x")));
        assert_eq!(split_compact("日本:語:x"), Some(("日本", "語:x")));
        assert_eq!(split_compact(":ɜ"), None, "a colon first is no prefix");
        assert_eq!(split_compact("😀:"), Some(("😀", "")));
        assert_eq!(split_compact(""), None);
        assert!(
            ends_with_gen_delim("ɜ/") && !ends_with_gen_delim("/ɜ") && !ends_with_gen_delim("")
        );
        assert!(!is_absolute_iri("ɜx:y") && is_absolute_iri("x:ɜ/ü"));
        assert_eq!(
            resolve(Some("http://ɜ.example/ü/ö"), "ä"),
            "http://ɜ.example/ü/ä"
        );
        assert_eq!(resolve(Some("http://x/ü/ö/"), "../é/./ß"), "http://x/ü/é/ß");
        assert_eq!(resolve(Some("http://日本/"), "//語/a"), "http://語/a");
        assert_eq!(
            resolve(Some("ɜ:/a/b"), "c"),
            "c",
            "no scheme: nothing to resolve against"
        );
        assert_eq!(remove_dot_segments("/é/../ü/./ß/.."), "/ü/");
        assert_eq!(remove_dot_segments("ü"), "ü");
        assert_eq!(
            resolve(Some("http:a/b"), "../g"),
            "http:/g",
            "RFC 3986 as written"
        );
        assert_eq!(resolve(Some("https://e#x/"), "#a"), "https://e#a");
    }
}
