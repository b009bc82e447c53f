//! The JCS path (RFC 8785 JSON Canonicalization Scheme) on the same credential: `parse` (JSON text → value, by
//! the SIMD parser `sonic-rs`), `jcs` (canonical serialization: UTF-16 key order §3.2.3, ECMAScript number form
//! §3.2.2.3, minimal string escaping §3.2.2.2, written by canonprof into one buffer), `hash` (SHA-256 of the
//! canonical UTF-8 bytes).

use super::phase;
use crate::document::Checked;
use crate::document::Limits;
use crate::error::{Error, ErrorKind, Result};
use sha2::{Digest, Sha256};

/// The JCS form of a document and its SHA-256.
#[derive(Debug, Clone)]
pub struct JcsOutput {
    /// The canonical JSON text (RFC 8785 §3.2.4: UTF-8, no trailing newline).
    pub canonical: String,
    /// SHA-256 of `canonical`, lowercase hex.
    pub sha256: String,
}

/// Checks `text` within `limits` ([`crate::document::check`]: I-JSON, no repeated member names, bounded depth) and runs the JCS
/// pipeline on it ([`canonicalize_checked`]). `label` names the input in errors ([`ErrorKind::Json`],
/// [`ErrorKind::DuplicateKey`], [`ErrorKind::NonFiniteNumber`], [`ErrorKind::Limit`]).
pub fn canonicalize(label: &str, text: &str, limits: &Limits) -> Result<JcsOutput> {
    canonicalize_checked(crate::document::check(label, text, limits)?)
}

/// Runs the JCS pipeline on checked text with one `tracing` span per phase (`parse`, `jcs`, `hash`): what the
/// main job measures. The check stays outside, like the RDFC-1.0 path's: `sonic-rs` has no nesting limit of its
/// own, and [`Checked`] guarantees one.
pub fn canonicalize_checked(input: Checked<'_>) -> Result<JcsOutput> {
    let value: sonic_rs::Value = {
        let _span = tracing::info_span!(phase::PARSE).entered();
        sonic_rs::from_str(input.text()).map_err(|e| sonic_error(input.label(), &e))?
    };
    let canonical = {
        let _span = tracing::info_span!(phase::JCS).entered();
        let mut out = String::with_capacity(input.text().len());
        write_value(&mut out, &value, &mut Vec::new()).map_err(|e| e.in_source(input.label()))?;
        drop(value);
        out
    };
    let sha256 = {
        let _span = tracing::info_span!(phase::HASH).entered();
        super::lower_hex(&Sha256::digest(canonical.as_bytes()))
    };
    Ok(JcsOutput { canonical, sha256 })
}

/// A `sonic-rs` parse error as ours, with `line:column`. Unreachable on [`Checked`] text unless the two parsers
/// disagree on what JSON is.
fn sonic_error(label: &str, e: &sonic_rs::Error) -> Error {
    let message = e.to_string();
    let reason = match message.find(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    };
    Error::new(ErrorKind::Json, reason)
        .in_source(label)
        .at(format!("{}:{}", e.line(), e.column().max(1)))
}

/// RFC 8785 §3.2 serialization of a parsed JSON value, written straight into one buffer: members sorted by
/// their names' UTF-16 code units (§3.2.3), numbers in ECMAScript `Number.prototype.toString` form via `ryu-js`
/// (§3.2.2.3; numbers are IEEE-754 doubles, so an integer beyond 2^53 prints as the double it rounds to),
/// strings with the minimal escaping of §3.2.2.2. Checked byte for byte against `serde_jcs` and the RFC 8785
/// vectors in the tests; it exists because `serde_jcs` spends most of its time growing per-object buffers
/// (docs/performance.md). Errors: [`ErrorKind::NonFiniteNumber`].
pub fn canonical_string(value: &serde_json::Value) -> Result<String> {
    let mut out = String::with_capacity(256);
    write_value(&mut out, value, &mut Vec::new())?;
    Ok(out)
}

/// One node of a parsed JSON tree, as the writer sees it.
enum Node<'a, T: Tree + 'a> {
    Null,
    Bool(bool),
    /// The number as a double (`None`: not representable).
    Number(Option<f64>),
    String(&'a str),
    Array(T::Items<'a>),
    Object(T::Members<'a>),
}

/// A parsed JSON value the RFC 8785 writer can walk: `serde_json::Value` (values built in code, e.g. Data
/// Integrity proof configurations) and `sonic_rs::Value` (the JCS path).
trait Tree: Sized {
    type Items<'a>: Iterator<Item = &'a Self>
    where
        Self: 'a;
    type Members<'a>: Iterator<Item = (&'a str, &'a Self)>
    where
        Self: 'a;
    fn node(&self) -> Node<'_, Self>;
}

/// A serde_json member as the writer takes it.
type JsonMember<'a> = (&'a String, &'a serde_json::Value);

fn json_member<'a>((key, value): JsonMember<'a>) -> (&'a str, &'a serde_json::Value) {
    (key.as_str(), value)
}

impl Tree for serde_json::Value {
    type Items<'a> = std::slice::Iter<'a, serde_json::Value>;
    type Members<'a> = std::iter::Map<
        serde_json::map::Iter<'a>,
        fn(JsonMember<'a>) -> (&'a str, &'a serde_json::Value),
    >;
    fn node(&self) -> Node<'_, Self> {
        use serde_json::Value as V;
        match self {
            V::Null => Node::Null,
            V::Bool(b) => Node::Bool(*b),
            V::Number(n) => Node::Number(n.as_f64()),
            V::String(s) => Node::String(s),
            V::Array(items) => Node::Array(items.iter()),
            V::Object(map) => Node::Object(map.iter().map(json_member as fn(_) -> _)),
        }
    }
}

impl Tree for sonic_rs::Value {
    type Items<'a> = std::slice::Iter<'a, sonic_rs::Value>;
    type Members<'a> = sonic_rs::value::object::Iter<'a>;
    fn node(&self) -> Node<'_, Self> {
        use sonic_rs::{JsonNumberTrait, ValueRef as V};
        match self.as_ref() {
            V::Null => Node::Null,
            V::Bool(b) => Node::Bool(b),
            V::Number(n) => Node::Number(n.as_f64()),
            V::String(s) => Node::String(s),
            V::Array(items) => Node::Array(items.iter()),
            V::Object(map) => Node::Object(map.iter()),
        }
    }
}

/// Writes `value`; `pool` keeps the member lists of finished objects for reuse, so a document costs as many
/// member-list allocations as its nesting depth, not as its objects.
fn write_value<'a, T: Tree>(
    out: &mut String,
    value: &'a T,
    pool: &mut Vec<Vec<(&'a str, &'a T)>>,
) -> Result<()> {
    match value.node() {
        Node::Null => out.push_str("null"),
        Node::Bool(true) => out.push_str("true"),
        Node::Bool(false) => out.push_str("false"),
        Node::Number(double) => match double.filter(|d| d.is_finite()) {
            Some(double) => out.push_str(ryu_js::Buffer::new().format_finite(double)),
            None => {
                return Err(Error::new(
                    ErrorKind::NonFiniteNumber,
                    "JCS serialization failed: a number is not a finite IEEE-754 double (RFC 8785 §3.2.2.3)",
                ))
            }
        },
        Node::String(s) => write_string(out, s),
        Node::Array(items) => {
            out.push('[');
            for (i, item) in items.enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item, pool)?;
            }
            out.push(']');
        }
        Node::Object(members) => {
            let mut entries = pool.pop().unwrap_or_default();
            entries.extend(members);
            // §3.2.3: UTF-16 code unit order (a stable sort: linear when the members are already in that order).
            // No two members share a name: `Checked` text has none (RFC 8785 §3.1, I-JSON), a serde_json map
            // cannot.
            entries.sort_by(|(a, _), (b, _)| utf16_cmp(a, b));
            out.push('{');
            for (i, &(key, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, key);
                out.push(':');
                write_value(out, item, pool)?;
            }
            out.push('}');
            entries.clear();
            pool.push(entries);
        }
    }
    Ok(())
}

/// Compares two strings by their UTF-16 code units (RFC 8785 §3.2.3) without transcoding. Up to the first
/// differing byte the strings agree, so character boundaries agree too. If that byte continues a character,
/// both characters have the same UTF-8 length and the same UTF-16 form length, and byte order is code unit
/// order. If it starts one, byte order is code point order, which is UTF-16 order except between U+E000–U+FFFF
/// (lead byte 0xEE or 0xEF) and a supplementary character (lead byte 0xF0 or more), whose surrogates
/// (0xD800–0xDFFF) sort lower.
fn utf16_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let Some(i) = a.iter().zip(b).position(|(x, y)| x != y) else {
        return a.len().cmp(&b.len());
    };
    let (x, y) = (a[i], b[i]);
    let high_bmp = |byte: u8| (0xEE..=0xEF).contains(&byte);
    let supplementary = |byte: u8| byte >= 0xF0;
    if high_bmp(x) && supplementary(y) {
        std::cmp::Ordering::Greater
    } else if supplementary(x) && high_bmp(y) {
        std::cmp::Ordering::Less
    } else {
        x.cmp(&y)
    }
}

/// The offset of the first byte of `bytes` that §3.2.2.2 escapes ([`super::scan::find_first`]): a byte below
/// 0x20, `"` or `\\`.
fn find_escaped(bytes: &[u8]) -> Option<usize> {
    use super::scan::{find_first, has_byte, has_byte_below};
    find_first(
        bytes,
        |b| (b < 0x20) | (b == b'"') | (b == b'\\'),
        |word| has_byte_below(word, 0x20) || has_byte(word, b'"') || has_byte(word, b'\\'),
    )
}

/// RFC 8785 §3.2.2.2: a string in quotes, escaping only the quotation mark, the reverse solidus and
/// U+0000–U+001F (as `\b`, `\t`, `\n`, `\f`, `\r`, else `\u00xx` in lower-case hex). Runs without an escape are
/// copied whole.
fn write_string(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    while let Some(offset) = find_escaped(&bytes[start..]) {
        let i = start + offset;
        out.push_str(&s[start..i]);
        let byte = bytes[i];
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x08 => out.push_str("\\b"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            0x0C => out.push_str("\\f"),
            b'\r' => out.push_str("\\r"),
            _ => {
                out.push_str("\\u00");
                out.push(char::from(b"0123456789abcdef"[usize::from(byte >> 4)]));
                out.push(char::from(b"0123456789abcdef"[usize::from(byte & 0xF)]));
            }
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::utf16_cmp;

    #[test]
    fn finds_every_escaped_byte_at_every_offset() {
        for byte in 0..=255u8 {
            for len in (1..20).chain((60..140).step_by(7)) {
                for at in 0..len {
                    let mut bytes = vec![b'a'; len];
                    // Bytes near the ones escaped, around the one under test.
                    if at > 0 {
                        bytes[at - 1] = 0x20;
                    }
                    if at + 1 < len {
                        bytes[at + 1] = 0x5d;
                    }
                    bytes[at] = byte;
                    let want = bytes
                        .iter()
                        .position(|&b| b < 0x20 || b == b'"' || b == b'\\');
                    assert_eq!(
                        super::find_escaped(&bytes),
                        want,
                        "byte {byte:#x} at {at} of {len}"
                    );
                }
            }
        }
    }

    #[test]
    fn utf16_order_without_transcoding_matches_transcoding() {
        let chars = [
            "",
            "a",
            "\u{7f}",
            "\u{80}",
            "é",
            "\u{7ff}",
            "\u{800}",
            "\u{d7ff}",
            "\u{e000}",
            "\u{f8ff}",
            "\u{ffff}",
            "\u{10000}",
            "😀",
            "\u{10ffff}",
        ];
        let mut strings: Vec<String> = Vec::new();
        for a in chars {
            for b in chars {
                strings.push(format!("{a}{b}"));
            }
        }
        for a in &strings {
            for b in &strings {
                assert_eq!(
                    utf16_cmp(a, b),
                    a.encode_utf16().cmp(b.encode_utf16()),
                    "{a:?} vs {b:?}"
                );
            }
        }
    }
}
