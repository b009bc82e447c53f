//! IRI helpers of the JSON-LD 1.1 API: keywords (JSON-LD 1.1 §1.7 "Syntax Tokens and Keywords"), the IRI
//! Expansion algorithm against a finished active context (JSON-LD 1.1 API, IRI Expansion, `#iri-expansion`), and relative
//! IRI resolution (RFC 3986 §5.2).

use super::context::Context;

pub use crate::canon::jsonld::syntax::{
    has_keyword_form, is_absolute_iri, is_blank, is_keyword, split_compact,
};

/// Whether `value` ends with a URI gen-delim character (RFC 3986 §2.2: `: / ? # [ ] @`), which makes a simple
/// term usable as a prefix (JSON-LD 1.1 API §4.2.2 step 14.2.5).
pub fn ends_with_gen_delim(value: &str) -> bool {
    value.ends_with([':', '/', '?', '#', '[', ']', '@'])
}

/// Resolves `value` against `base` (JSON-LD 1.1 API IRI Expansion step 8, and the URLs of remote contexts) as
/// jsonld.js 9 does it (`prependBase`), so that both engines give the IRIs the Data Integrity libraries sign: RFC
/// 3986 §5.2.2 Transform References and §5.2.3 Merge Paths over jsonld.js's URL parser ([`Parts`]), then a
/// segment-wise §5.2.4 Remove Dot Segments ([`remove_dot_segments`]). It differs from RFC 3986 only for a base
/// without an authority and with a rootless path: `http:a/b` and `../g` give `http:g` (RFC 3986: `http:/g`). An
/// absolute IRI (or a blank node identifier), and any value without a base, is returned unchanged.
pub fn resolve(base: Option<&str>, value: &str) -> String {
    let Some(base) = base else {
        return value.to_string();
    };
    if is_absolute_iri(value) || is_blank(value) {
        return value.to_string();
    }
    let b = Parts::of(base);
    let r = Parts::of(value);
    let (authority, mut path, query) = if r.authority.is_some() {
        (r.authority, r.path.to_string(), r.query)
    } else if r.path.is_empty() {
        (b.authority, b.path.to_string(), r.query.or(b.query))
    } else if r.path.starts_with('/') {
        (b.authority, r.path.to_string(), r.query)
    } else {
        // §5.2.3 Merge Paths: the base path up to its last "/", then the reference.
        let mut merged = match b.path.rsplit_once('/') {
            Some((directory, _)) => format!("{directory}/"),
            None => String::new(),
        };
        if (!merged.is_empty() || b.authority.is_some_and(|a| !a.is_empty()))
            && !merged.ends_with('/')
        {
            merged.push('/');
        }
        merged.push_str(r.path);
        (b.authority, merged, r.query)
    };
    if !r.path.is_empty() {
        path = remove_dot_segments(&path);
    }
    let mut out = String::with_capacity(base.len() + value.len());
    if let Some(scheme) = b.scheme {
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
    if out.is_empty() {
        out.push_str("./");
    }
    out
}

/// The components of a URI reference as jsonld.js's URL parser (parseUri 1.2.2, "full") finds them: a scheme
/// only if it is `ALPHA *( ALPHA / DIGIT / "+" / "," / "-" / "." )` before a colon; after `//` an authority of an
/// optional `user[:password]@`, a host up to `:`, `/`, `?` or `#`, and an optional `:` with a numeric port; then
/// the path up to `?` or `#`, the query, the fragment.
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn of(reference: &'a str) -> Parts<'a> {
        let (scheme, rest) = match reference.split_once(':') {
            Some((scheme, rest)) if is_absolute_iri(&format!("{scheme}:")) => (Some(scheme), rest),
            _ => (None, reference),
        };
        let (authority, rest) = match rest.strip_prefix("//") {
            Some(after) => {
                let end = authority_end(after);
                let (authority, rest) = after.split_at(end);
                (Some(authority), rest)
            }
            None => (None, rest),
        };
        let (rest, fragment) = match rest.split_once('#') {
            Some((r, f)) => (r, Some(f)),
            None => (rest, None),
        };
        let (path, query) = match rest.split_once('?') {
            Some((p, q)) => (p, Some(q)),
            None => (rest, None),
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

/// Where jsonld.js's parser ends the authority in `after` (the text after `//`): an optional `user[:password]@`
/// (up to the first `@`, at most one `:` before it), the host up to `:`, `/`, `?` or `#`, then an optional `:`
/// and digits. A byte offset at a character boundary.
fn authority_end(after: &str) -> usize {
    let mut start = 0;
    if let Some((userinfo, _)) = after.split_once('@') {
        if userinfo.matches(':').count() <= 1 {
            start = userinfo.len() + 1;
        }
    }
    let rest = &after[start..];
    let host = rest.find([':', '/', '?', '#']).unwrap_or(rest.len());
    let mut end = start + host;
    if let Some(port) = after[end..].strip_prefix(':') {
        let digits = port.bytes().take_while(u8::is_ascii_digit).count();
        end += 1 + digits;
    }
    end
}

/// RFC 3986 §5.2.4 Remove Dot Segments as jsonld.js 9 does it, segment by segment: `.` is dropped, `..` drops
/// the segment before it (if any), a final `.` or `..` leaves a trailing `/`, and a path that started with `/`
/// keeps it.
fn remove_dot_segments(path: &str) -> String {
    if path.is_empty() {
        return String::new();
    }
    let mut output: Vec<&str> = Vec::new();
    let mut segments = path.split('/').peekable();
    while let Some(segment) = segments.next() {
        let done = segments.peek().is_none();
        match segment {
            "." => {}
            ".." => {
                output.pop();
            }
            other => {
                output.push(other);
                continue;
            }
        }
        if done {
            output.push("");
        }
    }
    if path.starts_with('/') && output.first().is_some_and(|s| !s.is_empty()) {
        output.insert(0, "");
    }
    if output.len() == 1 && output[0].is_empty() {
        return "/".to_string();
    }
    output.join("/")
}

/// IRI Expansion (JSON-LD 1.1 API, `#iri-expansion`) against a finished active context: steps 1, 2 and 4–9
/// (steps 3 and 6.3, which create term definitions, only apply while a context is being processed, see
/// [`super::context`]). Returns `None` for null (a term mapped to null, or a keyword-like value).
pub fn expand(
    context: &Context,
    value: &str,
    document_relative: bool,
    vocab: bool,
) -> Option<String> {
    // Step 1: keywords expand to themselves.
    if is_keyword(value) {
        return Some(value.to_string());
    }
    // Step 2: keyword-like values are ignored.
    if has_keyword_form(value) {
        return None;
    }
    let definition = context.term(value);
    // Step 4: a term defined as a keyword alias.
    if let Some(def) = definition {
        if let Some(iri) = &def.iri {
            if is_keyword(iri) {
                return Some(iri.clone());
            }
        }
    }
    // Step 5: with vocab, a defined term gives its IRI mapping (possibly null).
    if vocab {
        if let Some(def) = definition {
            return def.iri.clone();
        }
    }
    // Step 6: a colon after the first character: an IRI, a compact IRI or a blank node identifier.
    if let Some((prefix, suffix)) = split_compact(value) {
        // Step 6.2.
        if prefix == "_" || suffix.starts_with("//") {
            return Some(value.to_string());
        }
        // Step 6.4: a compact IRI whose prefix is a prefix term.
        if let Some(def) = context.term(prefix) {
            if let (Some(iri), true) = (&def.iri, def.prefix) {
                return Some(format!("{iri}{suffix}"));
            }
        }
        // Step 6.5: already an absolute IRI.
        if is_absolute_iri(value) {
            return Some(value.to_string());
        }
    }
    // Step 7: the vocabulary mapping.
    if vocab {
        if let Some(mapping) = &context.vocab {
            return Some(format!("{mapping}{value}"));
        }
    }
    // Step 8: relative to the base IRI.
    if document_relative {
        return Some(resolve(context.base.as_deref(), value));
    }
    // Step 9.
    Some(value.to_string())
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
            "ɜ:/a/c",
            "no scheme: the base's path still counts"
        );
        assert_eq!(remove_dot_segments("/é/../ü/./ß/.."), "/ü/");
        assert_eq!(remove_dot_segments("ü"), "ü");
        assert_eq!(authority_end("ü@日本:80/x"), "ü@日本:80".len());
        assert_eq!(
            authority_end("h:x/p"),
            2,
            "a port is digits (jsonld.js's parser)"
        );
        assert_eq!(
            resolve(Some("http:a/b"), "../g"),
            "http:g",
            "as jsonld.js, not RFC 3986"
        );
        assert_eq!(resolve(Some("tag:a/b"), "../../g"), "tag:g");
        assert_eq!(resolve(Some("https://e#x/"), "#a"), "https://e#a");
    }
}
