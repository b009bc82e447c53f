//! JSON-LD keywords, shared by both engines and by the json-ld crate engine's safe-mode check, so that they agree
//! on what is a keyword and what only looks like one.

/// The JSON-LD 1.1 keywords (JSON-LD 1.1 §1.7) and the JSON-LD 1.1 Framing keywords (`@default`, `@embed`,
/// `@explicit`, `@omitDefault`, `@requireAll`, `@preserve`), sorted for binary search. jsonld.js counts the framing
/// keywords as keywords too, so outside framing a member named by one is dropped silently, not refused by safe
/// mode as a "reserved term".
const KEYWORDS: &[&str] = &[
    "@base",
    "@container",
    "@context",
    "@default",
    "@direction",
    "@embed",
    "@explicit",
    "@graph",
    "@id",
    "@import",
    "@included",
    "@index",
    "@json",
    "@language",
    "@list",
    "@nest",
    "@none",
    "@omitDefault",
    "@prefix",
    "@preserve",
    "@propagate",
    "@protected",
    "@requireAll",
    "@reverse",
    "@set",
    "@type",
    "@value",
    "@version",
    "@vocab",
];

/// Whether `value` is a JSON-LD 1.1 keyword.
pub fn is_keyword(value: &str) -> bool {
    (3..=12).contains(&value.len())
        && value.starts_with('@')
        && KEYWORDS.binary_search(&value).is_ok()
}

/// The JSON-LD 1.1 Framing keywords, which jsonld.js also counts as keywords (see [`KEYWORDS`]).
const FRAMING_KEYWORDS: &[&str] = &[
    "@default",
    "@embed",
    "@explicit",
    "@omitDefault",
    "@preserve",
    "@requireAll",
];

/// `value` as a JSON-LD 1.1 keyword of the syntax (JSON-LD 1.1 §1.7), not a Framing one; `None` otherwise.
pub fn syntax_keyword(value: &str) -> Option<&'static str> {
    let keyword = KEYWORDS[KEYWORDS.binary_search(&value).ok()?];
    (!FRAMING_KEYWORDS.contains(&keyword)).then_some(keyword)
}

/// Whether `value` has the form of a keyword (`"@"1*ALPHA`, RFC 5234): such terms are ignored with a warning
/// (JSON-LD 1.1 API §4.2.2 step 5, IRI Expansion step 2).
pub fn has_keyword_form(value: &str) -> bool {
    value.len() > 1 && value.starts_with('@') && value[1..].bytes().all(|b| b.is_ascii_alphabetic())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_and_keyword_forms() {
        assert!(is_keyword("@vocab") && is_keyword("@json") && !is_keyword("@foo"));
        assert!(
            is_keyword("@embed"),
            "a JSON-LD Framing keyword, as in jsonld.js"
        );
        assert_eq!(syntax_keyword("@id"), Some("@id"));
        assert_eq!(syntax_keyword("@embed"), None);
        assert_eq!(syntax_keyword("@foo"), None);
        assert!(has_keyword_form("@foo") && !has_keyword_form("@") && !has_keyword_form("@a1"));
        assert!(
            KEYWORDS.windows(2).all(|w| w[0] < w[1]),
            "sorted for binary search"
        );
    }
}
