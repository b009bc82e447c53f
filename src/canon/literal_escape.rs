//! String literals as canonical N-Quads writes them (RDFC-1.0 Appendix A): quoted, with the few characters it
//! escapes escaped. Shared by the canonical serialization of a dataset (`canon::dataset`) and of oxrdf quads
//! (`canon::nquads`).

/// Whether `bytes` has a byte that a string literal must escape in canonical N-Quads (RDFC-1.0 Appendix A):
/// U+0000–U+001F, `"`, `\\` or U+007F ([`super::scan::find_first`]).
fn needs_escape(bytes: &[u8]) -> bool {
    use super::scan::{find_first, has_byte, has_byte_below};
    find_first(
        bytes,
        |b| (b < 0x20) | (b == b'"') | (b == b'\\') | (b == 0x7F),
        |word| {
            has_byte_below(word, 0x20)
                || has_byte(word, b'"')
                || has_byte(word, b'\\')
                || has_byte(word, 0x7F)
        },
    )
    .is_some()
}

/// Appends a string literal's lexical form quoted and escaped as RDFC-1.0 Appendix A requires: `"`, `\\`,
/// line feed and carriage return (and backspace, tab, form feed) as ECHAR; the other characters U+0000–U+001F
/// and U+007F as UCHAR `\u00XX` (upper-case hex); everything else as is.
pub(super) fn push_quoted(out: &mut String, value: &str) {
    use std::fmt::Write;
    out.push('"');
    if !needs_escape(value.as_bytes()) {
        out.push_str(value);
    } else {
        for c in value.chars() {
            match c {
                '\u{08}' => out.push_str("\\b"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\u{0C}' => out.push_str("\\f"),
                '\r' => out.push_str("\\r"),
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\0'..='\u{1F}' | '\u{7F}' => {
                    let _ = write!(out, "\\u{:04X}", u32::from(c));
                }
                c => out.push(c),
            }
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_escape_finds_every_byte_to_escape_wherever_it_is() {
        for len in (0..40).chain((60..140).step_by(7)) {
            for at in 0..len {
                for b in 0u8..=255 {
                    if b >= 0x80 {
                        continue;
                    }
                    let mut text = vec![b'a'; len];
                    text[at] = b;
                    let expected = b < 0x20 || b == b'"' || b == b'\\' || b == 0x7F;
                    assert_eq!(needs_escape(&text), expected, "{b:#x} at {at} of {len}");
                }
            }
        }
        let naive = |t: &[u8]| {
            t.iter()
                .any(|&b| b < 0x20 || b == b'"' || b == b'\\' || b == 0x7F)
        };
        let mut seed = 7u64;
        for _ in 0..20_000 {
            let text: Vec<u8> = (0..(seed % 29))
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (seed >> 33) as u8
                })
                .collect();
            assert_eq!(needs_escape(&text), naive(&text), "{text:?}");
        }
        assert!(!needs_escape("ɜ日本😀 é".repeat(9).as_bytes()));
        assert!(needs_escape("ɜ日本😀\u{7f}".repeat(3).as_bytes()));
    }
}
