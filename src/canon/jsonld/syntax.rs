//! The shapes of JSON-LD text both engines agree on: keywords and what only looks like one, absolute IRIs as
//! jsonld.js tests them, blank node identifiers, and language tags as jsonld.js tests them — so that the two
//! engines and safe mode ([`super::safe_mode`]) draw the same lines.

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
pub(crate) fn is_keyword(value: &str) -> bool {
    // The list of [`KEYWORDS`], written out so that the compiler matches on length first (tested against it).
    matches!(
        value,
        "@base"
            | "@container"
            | "@context"
            | "@default"
            | "@direction"
            | "@embed"
            | "@explicit"
            | "@graph"
            | "@id"
            | "@import"
            | "@included"
            | "@index"
            | "@json"
            | "@language"
            | "@list"
            | "@nest"
            | "@none"
            | "@omitDefault"
            | "@prefix"
            | "@preserve"
            | "@propagate"
            | "@protected"
            | "@requireAll"
            | "@reverse"
            | "@set"
            | "@type"
            | "@value"
            | "@version"
            | "@vocab"
    )
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

/// Whether `value` is a JSON-LD 1.1 Framing keyword, which expansion outside framing drops.
pub(crate) fn is_framing_keyword(value: &str) -> bool {
    FRAMING_KEYWORDS.contains(&value)
}

/// `value` as a JSON-LD 1.1 keyword of the syntax (JSON-LD 1.1 §1.7), not a Framing one; `None` otherwise.
pub(crate) fn syntax_keyword(value: &str) -> Option<&'static str> {
    let keyword = KEYWORDS[KEYWORDS.binary_search(&value).ok()?];
    (!FRAMING_KEYWORDS.contains(&keyword)).then_some(keyword)
}

/// Whether `value` has the form of a keyword (`"@"1*ALPHA`, RFC 5234): such terms are ignored with a warning
/// (JSON-LD 1.1 API §4.2.2 step 5, IRI Expansion step 2).
pub(crate) fn has_keyword_form(value: &str) -> bool {
    value
        .strip_prefix('@')
        .is_some_and(|name| !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// Whether `c` is white space as JavaScript's `\s` defines it (ECMAScript WhiteSpace and LineTerminator), which
/// jsonld.js's absolute-IRI test excludes: unlike [`char::is_whitespace`] it includes U+FEFF ZERO WIDTH NO-BREAK
/// SPACE and not U+0085 NEXT LINE.
pub(crate) fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// Whether `value` is an absolute IRI for JSON-LD's purposes, as jsonld.js tests it
/// (`^[A-Za-z][A-Za-z0-9+-.]*:[^\s]*$`; `+-.` is a character range, so a comma counts too): a scheme, a colon, and
/// no white space ([`is_js_whitespace`]). Full well-formedness (RFC 3987) is checked where RDF terms are made.
pub(crate) fn is_absolute_iri(value: &str) -> bool {
    let Some((scheme, rest)) = value.split_once(':') else {
        return false;
    };
    let mut bytes = scheme.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b',' | b'-' | b'.'))
        && !has_js_whitespace(rest)
}

/// Whether `text` has white space as JavaScript's `\s` defines it ([`is_js_whitespace`]); ASCII text is checked
/// byte by byte.
fn has_js_whitespace(text: &str) -> bool {
    text.bytes().any(|b| b <= b' ' || b >= 0x80) && text.chars().any(is_js_whitespace)
}

/// Whether `text` has white space beyond ASCII that JavaScript's `\s` sees (U+00A0, U+FEFF, U+2028, …;
/// [`is_js_whitespace`]): invisible in the text, it makes jsonld.js take an IRI or a blank node identifier for
/// something else. ASCII text answers at once.
pub(crate) fn has_unicode_js_whitespace(text: &str) -> bool {
    !text.is_ascii() && text.chars().any(|c| !c.is_ascii() && is_js_whitespace(c))
}

/// Whether `value` is a blank node identifier (`_:` prefix; JSON-LD 1.1, "Identifying Blank Nodes") — without
/// white space beyond ASCII in its label ([`has_unicode_js_whitespace`]), which jsonld.js's test (`^_:[^\s]*$`)
/// excludes.
pub(crate) fn is_blank(value: &str) -> bool {
    value
        .strip_prefix("_:")
        .is_some_and(|label| !has_unicode_js_whitespace(label))
}

/// Whether `tag` has the shape jsonld.js requires of a language tag (`^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$`), for
/// the default language of a context; a tag a literal carries must moreover be well-formed BCP 47.
pub(crate) fn is_language_shape(tag: &str) -> bool {
    let mut subtags = tag.split('-');
    let first = subtags.next().unwrap_or_default();
    (1..=8).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_alphabetic())
        && subtags
            .all(|s| (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// The prefix and suffix of `value` around its first colon after the first character — how IRI Expansion step 6
/// and Create Term Definition step 15 split a compact IRI, a blank node identifier or an absolute IRI — or `None`
/// when there is no such colon. Splits at character boundaries, whatever the first character.
pub(crate) fn split_compact(value: &str) -> Option<(&str, &str)> {
    let first = value.chars().next()?.len_utf8();
    let at = first + value.get(first..)?.find(':')?;
    let (prefix, rest) = value.split_at_checked(at)?;
    Some((prefix, rest.strip_prefix(':')?))
}

/// Whether `value` stays relative by IRI Expansion step 6.2: a colon after the first character whose suffix begins
/// with `//` makes the value be taken "as it is already an IRI" — so text like `ht'p://x` or `../http://x`,
/// which has no scheme, is neither resolved against the base nor appended to the vocabulary mapping.
pub(crate) fn stays_relative(value: &str) -> bool {
    split_compact(value).is_some_and(|(prefix, suffix)| prefix != "_" && suffix.starts_with("//"))
        && !is_absolute_iri(value)
}

/// Whether `items` is a container mapping JSON-LD 1.1 allows (JSON-LD 1.1 API §4.2.2 step 19.1): one of `@list`,
/// `@set`, `@index`, `@language`, `@id`, `@type`, `@graph`; or several without repeats: `@set` with one of `@index`,
/// `@id`, `@type`, `@language`; `@graph` with `@id` or `@index`, and optionally `@set`.
pub(crate) fn is_container_mapping(items: &[&str]) -> bool {
    const KEYWORDS: [&str; 7] = [
        "@list",
        "@set",
        "@index",
        "@language",
        "@id",
        "@type",
        "@graph",
    ];
    if !items.iter().all(|i| KEYWORDS.contains(i)) {
        return false;
    }
    let has = |k: &str| items.contains(&k);
    let distinct = items
        .iter()
        .enumerate()
        .all(|(i, item)| !items[..i].contains(item));
    match items.len() {
        0 => false,
        1 => true,
        _ if !distinct => false,
        _ if has("@graph") => {
            items
                .iter()
                .all(|i| matches!(*i, "@graph" | "@id" | "@index" | "@set"))
                && !(has("@id") && has("@index"))
        }
        2 if has("@set") => !has("@list"),
        _ => false,
    }
}

/// Greek and Cyrillic letters that look like Latin ones (a confusable can make an undefined term look defined):
/// the letter, its Unicode name, and the Latin letter it looks like.
const LOOK_ALIKES: &[(char, &str, char)] = &[
    ('\u{391}', "GREEK CAPITAL LETTER ALPHA", 'A'),
    ('\u{392}', "GREEK CAPITAL LETTER BETA", 'B'),
    ('\u{395}', "GREEK CAPITAL LETTER EPSILON", 'E'),
    ('\u{396}', "GREEK CAPITAL LETTER ZETA", 'Z'),
    ('\u{397}', "GREEK CAPITAL LETTER ETA", 'H'),
    ('\u{399}', "GREEK CAPITAL LETTER IOTA", 'I'),
    ('\u{39A}', "GREEK CAPITAL LETTER KAPPA", 'K'),
    ('\u{39C}', "GREEK CAPITAL LETTER MU", 'M'),
    ('\u{39D}', "GREEK CAPITAL LETTER NU", 'N'),
    ('\u{39F}', "GREEK CAPITAL LETTER OMICRON", 'O'),
    ('\u{3A1}', "GREEK CAPITAL LETTER RHO", 'P'),
    ('\u{3A4}', "GREEK CAPITAL LETTER TAU", 'T'),
    ('\u{3A5}', "GREEK CAPITAL LETTER UPSILON", 'Y'),
    ('\u{3A7}', "GREEK CAPITAL LETTER CHI", 'X'),
    ('\u{3B9}', "GREEK SMALL LETTER IOTA", 'i'),
    ('\u{3BA}', "GREEK SMALL LETTER KAPPA", 'k'),
    ('\u{3BD}', "GREEK SMALL LETTER NU", 'v'),
    ('\u{3BF}', "GREEK SMALL LETTER OMICRON", 'o'),
    ('\u{3C1}', "GREEK SMALL LETTER RHO", 'p'),
    ('\u{3C5}', "GREEK SMALL LETTER UPSILON", 'u'),
    ('\u{3C7}', "GREEK SMALL LETTER CHI", 'x'),
    ('\u{405}', "CYRILLIC CAPITAL LETTER DZE", 'S'),
    (
        '\u{406}',
        "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I",
        'I',
    ),
    ('\u{408}', "CYRILLIC CAPITAL LETTER JE", 'J'),
    ('\u{410}', "CYRILLIC CAPITAL LETTER A", 'A'),
    ('\u{412}', "CYRILLIC CAPITAL LETTER VE", 'B'),
    ('\u{415}', "CYRILLIC CAPITAL LETTER IE", 'E'),
    ('\u{41A}', "CYRILLIC CAPITAL LETTER KA", 'K'),
    ('\u{41C}', "CYRILLIC CAPITAL LETTER EM", 'M'),
    ('\u{41D}', "CYRILLIC CAPITAL LETTER EN", 'H'),
    ('\u{41E}', "CYRILLIC CAPITAL LETTER O", 'O'),
    ('\u{420}', "CYRILLIC CAPITAL LETTER ER", 'P'),
    ('\u{421}', "CYRILLIC CAPITAL LETTER ES", 'C'),
    ('\u{422}', "CYRILLIC CAPITAL LETTER TE", 'T'),
    ('\u{425}', "CYRILLIC CAPITAL LETTER HA", 'X'),
    ('\u{430}', "CYRILLIC SMALL LETTER A", 'a'),
    ('\u{435}', "CYRILLIC SMALL LETTER IE", 'e'),
    ('\u{43E}', "CYRILLIC SMALL LETTER O", 'o'),
    ('\u{440}', "CYRILLIC SMALL LETTER ER", 'p'),
    ('\u{441}', "CYRILLIC SMALL LETTER ES", 'c'),
    ('\u{443}', "CYRILLIC SMALL LETTER U", 'y'),
    ('\u{445}', "CYRILLIC SMALL LETTER HA", 'x'),
    ('\u{455}', "CYRILLIC SMALL LETTER DZE", 's'),
    (
        '\u{456}',
        "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I",
        'i',
    ),
    ('\u{458}', "CYRILLIC SMALL LETTER JE", 'j'),
    ('\u{501}', "CYRILLIC SMALL LETTER KOMI DE", 'd'),
];

/// The first Greek or Cyrillic letter in `text` that looks like a Latin one, said as `U+0399 GREEK CAPITAL LETTER
/// IOTA, which looks like I`.
pub(crate) fn look_alike(text: &str) -> Option<String> {
    text.chars().find_map(|c| {
        LOOK_ALIKES
            .iter()
            .find(|(letter, _, _)| *letter == c)
            .map(|(letter, name, latin)| {
                format!("U+{:04X} {name}, which looks like {latin}", *letter as u32)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_are_named() {
        assert_eq!(
            look_alike("eIDAS\u{399}dentifier").as_deref(),
            Some("U+0399 GREEK CAPITAL LETTER IOTA, which looks like I")
        );
        assert_eq!(look_alike("eIDASIdentifier"), None);
        assert_eq!(look_alike("ɜx日本"), None);
        assert!(LOOK_ALIKES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn containers_and_relative_shapes() {
        assert!(
            is_container_mapping(&["@set", "@index"])
                && is_container_mapping(&["@graph", "@id", "@set"])
        );
        assert!(
            !is_container_mapping(&["@index", "@index"])
                && !is_container_mapping(&["@set", "@list"])
        );
        assert!(!is_container_mapping(&["@graph", "@id", "@index"]) && !is_container_mapping(&[]));
        assert!(
            stays_relative("ht'p://ex/p")
                && stays_relative("../http://x")
                && stays_relative("ɜ://x")
        );
        assert!(!stays_relative("http://x") && !stays_relative("_://x") && !stays_relative("a:b"));
    }

    #[test]
    fn iri_and_language_shapes() {
        assert!(
            is_absolute_iri("https://example.org/a")
                && is_absolute_iri("urn:x")
                && is_absolute_iri("a,b:c")
        );
        assert!(!is_absolute_iri("a/b") && !is_absolute_iri("1a:b") && !is_absolute_iri("a: b"));
        assert!(!is_absolute_iri("_:b") && is_blank("_:b") && !is_blank("_b"));
        assert!(
            !is_absolute_iri("ht'p://x") && !is_absolute_iri("@l:st") && !is_absolute_iri("ɜ:x")
        );
        assert!(
            is_absolute_iri("x:ü日本")
                && !is_absolute_iri("x:a\u{a0}b")
                && !is_absolute_iri("x:a\u{feff}")
        );
        assert!(
            is_absolute_iri("x:a\u{85}"),
            "NEXT LINE is not JavaScript white space"
        );
        assert!(
            is_language_shape("en") && is_language_shape("en-a") && is_language_shape("x-priv")
        );
        assert!(!is_language_shape("") && !is_language_shape("1") && !is_language_shape("en_US"));
        assert!(
            !is_language_shape("en-") && !is_language_shape("abcdefghi") && !is_language_shape("ɜ")
        );
    }

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
        assert!(!has_keyword_form("@ɜ") && !has_keyword_form("ɜ@x") && !has_keyword_form("@fü"));
        assert!(!is_keyword("@ɜɜ") && !is_keyword("ɜ"));
        assert_eq!(syntax_keyword("@日本"), None);
        assert!(
            KEYWORDS.windows(2).all(|w| w[0] < w[1]),
            "sorted for binary search"
        );
        // is_keyword's written-out list is KEYWORDS.
        assert!(KEYWORDS.iter().all(|k| is_keyword(k)));
        for k in KEYWORDS {
            let (_, rest) = k.split_at(1);
            assert!(
                !is_keyword(rest)
                    && !is_keyword(&format!("{k}x"))
                    && !is_keyword(&k.to_uppercase())
            );
        }
    }
}
