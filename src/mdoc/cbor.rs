//! The CBOR framing (RFC 8949 §3) that mdoc needs beside ciborium: the exact extent of every received data
//! item, so that a tag-24 item (`#6.24(bstr .cbor …)`, §3.4.5.1) keeps the bytes it was received as — the value
//! digests and signatures of ISO/IEC 18013-5 are over them, never over a re-encoding (case 026) — and writing
//! maps and arrays whose members are already-encoded items, so that a presentation carries the issuer's bytes
//! unchanged. Leaf values decode and encode with ciborium. Nesting is bounded ([`MAX_DEPTH`]); lengths are
//! checked against the bytes there are, so hostile input cannot make it read out of bounds or loop.

use crate::error::{Error, Result};
use ciborium::Value as Cbor;

/// Deepest nesting of arrays, maps and tags accepted (mdoc structures nest a dozen levels at most).
pub const MAX_DEPTH: usize = 64;

/// RFC 8949 §3.1 major types.
const BYTES: u8 = 2;
const ARRAY: u8 = 4;
const MAP: u8 = 5;
const TAG: u8 = 6;
const SIMPLE: u8 = 7;

/// An item's head (RFC 8949 §3): major type, argument (`None`: indefinite length, §3.2.2), head length.
struct Head {
    major: u8,
    argument: Option<u64>,
    len: usize,
}

fn truncated(what: &str) -> Error {
    Error::mdoc(format!("{what} is not CBOR: the data ends inside an item"))
}

/// The head at the start of `bytes`.
fn head(bytes: &[u8], what: &str) -> Result<Head> {
    let first = *bytes.first().ok_or_else(|| truncated(what))?;
    let (major, info) = (first >> 5, first & 0x1f);
    let extra = match info {
        0..=23 => {
            return Ok(Head {
                major,
                argument: Some(info as u64),
                len: 1,
            })
        }
        24 => 1,
        25 => 2,
        26 => 4,
        27 => 8,
        31 if matches!(major, 2..=5) => {
            return Ok(Head {
                major,
                argument: None,
                len: 1,
            })
        }
        31 if major == SIMPLE => {
            return Err(Error::mdoc(format!(
                "{what} is not CBOR: a break outside an indefinite-length item"
            )))
        }
        _ => {
            return Err(Error::mdoc(format!(
                "{what} is not CBOR: reserved additional information {info}"
            )))
        }
    };
    let arg = bytes.get(1..1 + extra).ok_or_else(|| truncated(what))?;
    Ok(Head {
        major,
        argument: Some(arg.iter().fold(0u64, |a, &b| (a << 8) | b as u64)),
        len: 1 + extra,
    })
}

/// The length of the data item at the start of `bytes`, `depth` levels down.
fn item_len(bytes: &[u8], depth: usize, what: &str) -> Result<usize> {
    if depth > MAX_DEPTH {
        return Err(Error::mdoc(format!(
            "{what} nests deeper than {MAX_DEPTH} levels"
        )));
    }
    let h = head(bytes, what)?;
    let rest = bytes.len() - h.len;
    let fits = |n: u64| usize::try_from(n).ok().filter(|&n| n <= rest);
    let members = |count: u64, per: u64| -> Result<usize> {
        let mut at = h.len;
        let total = count.checked_mul(per).ok_or_else(|| truncated(what))?;
        // Each member takes at least one byte: a count beyond the bytes left cannot be honest.
        fits(total).ok_or_else(|| truncated(what))?;
        for _ in 0..total {
            at += item_len(&bytes[at..], depth + 1, what)?;
        }
        Ok(at)
    };
    match (h.major, h.argument) {
        (0 | 1 | SIMPLE, Some(_)) => Ok(h.len),
        (BYTES | 3, Some(n)) => Ok(h.len + fits(n).ok_or_else(|| truncated(what))?),
        (ARRAY, Some(n)) => members(n, 1),
        (MAP, Some(n)) => members(n, 2),
        (TAG, Some(_)) => Ok(h.len + item_len(&bytes[h.len..], depth + 1, what)?),
        (major, None) => {
            // Indefinite length (§3.2.2): items (byte / text strings: chunks of the same type) up to a break.
            let mut at = h.len;
            loop {
                match bytes.get(at) {
                    None => return Err(truncated(what)),
                    Some(0xff) => return Ok(at + 1),
                    Some(&b) if matches!(major, BYTES | 3) && b >> 5 != major => {
                        return Err(Error::mdoc(format!(
                            "{what} is not CBOR: a string chunk of another type"
                        )))
                    }
                    Some(_) => at += item_len(&bytes[at..], depth + 1, what)?,
                }
            }
        }
        _ => Err(Error::mdoc(format!("{what} is not CBOR"))),
    }
}

/// One received data item: exactly its bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item<'a> {
    /// The item's encoding as received.
    pub bytes: &'a [u8],
}

impl<'a> Item<'a> {
    /// `bytes` as one complete data item. Errors: [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) naming `what`
    /// when it is not CBOR or has bytes after the item.
    pub fn whole(bytes: &'a [u8], what: &str) -> Result<Item<'a>> {
        let len = item_len(bytes, 0, what)?;
        if len != bytes.len() {
            return Err(Error::mdoc(format!(
                "{what} has {} bytes after its CBOR item",
                bytes.len() - len
            )));
        }
        Ok(Item { bytes })
    }

    /// The members of a definite- or indefinite-length array. Errors: not an array.
    pub fn array(self, what: &str) -> Result<Vec<Item<'a>>> {
        self.members(ARRAY, what, "an array")
    }

    /// The (key, value) pairs of a map, in received order. Errors: not a map.
    pub fn map(self, what: &str) -> Result<Vec<(Item<'a>, Item<'a>)>> {
        let items = self.members(MAP, what, "a map")?;
        Ok(items.chunks(2).map(|kv| (kv[0], kv[1])).collect())
    }

    fn members(self, major: u8, what: &str, shape: &str) -> Result<Vec<Item<'a>>> {
        let h = head(self.bytes, what)?;
        if h.major != major {
            return Err(Error::mdoc(format!("{what} is not {shape}")));
        }
        let mut at = h.len;
        let mut items = Vec::new();
        while at < self.bytes.len() && !(h.argument.is_none() && self.bytes[at] == 0xff) {
            let len = item_len(&self.bytes[at..], 1, what)?;
            items.push(Item {
                bytes: &self.bytes[at..at + len],
            });
            at += len;
        }
        Ok(items)
    }

    /// The members of a map, to look up by text key; `what` names the map in errors. Errors: not a map.
    pub fn fields<'w>(self, what: &'w str) -> Result<Fields<'a, 'w>> {
        Ok(Fields {
            entries: self.map(what)?,
            what,
        })
    }

    /// The value of the member of a map whose key is the text `key`, if any. Errors: not a map.
    pub fn get(self, key: &str, what: &str) -> Result<Option<Item<'a>>> {
        Ok(self.fields(what)?.get(key))
    }

    /// The value of the member `key` of a map. Errors: not a map, or no such member (`{what} has no `key``).
    pub fn field(self, key: &str, what: &str) -> Result<Item<'a>> {
        self.fields(what)?.field(key)
    }

    /// Whether the item is the text string `text` (definite length, as map keys are).
    fn is_text(self, text: &str) -> bool {
        head(self.bytes, "").is_ok_and(|h| {
            h.major == 3
                && h.argument == Some(text.len() as u64)
                && &self.bytes[h.len..] == text.as_bytes()
        })
    }

    /// The content of a tag-24 item (`#6.24(bstr .cbor …)`), i.e. the embedded item's encoding. Errors: not tag
    /// 24 over a definite-length byte string.
    pub fn tag24_content(self, what: &str) -> Result<&'a [u8]> {
        let h = head(self.bytes, what)?;
        if (h.major, h.argument) != (TAG, Some(24)) {
            return Err(Error::mdoc(format!("{what} is not tag 24 (encoded CBOR)")));
        }
        let inner = &self.bytes[h.len..];
        let b = head(inner, what)?;
        match (b.major, b.argument) {
            (BYTES, Some(_)) => Ok(&inner[b.len..]),
            _ => Err(Error::mdoc(format!("{what} is not a tag-24 byte string"))),
        }
    }

    /// The item decoded with ciborium into `T`. Errors: `{what}` and ciborium's reason.
    pub fn decode<T: serde::de::DeserializeOwned>(self, what: &str) -> Result<T> {
        ciborium::from_reader(self.bytes).map_err(|e| Error::mdoc(format!("{what}: {e}")))
    }

    /// The item as text (RFC 8949 §3.1 major type 3). Errors: not a text string, not UTF-8.
    pub fn text(self, what: &str) -> Result<String> {
        let h = head(self.bytes, what)?;
        match (h.major, h.argument) {
            (3, Some(_)) => std::str::from_utf8(&self.bytes[h.len..])
                .map(str::to_string)
                .map_err(|_| Error::mdoc(format!("{what} is not UTF-8 text"))),
            (3, None) => match self.decode::<Cbor>(what)? {
                Cbor::Text(t) => Ok(t),
                _ => Err(Error::mdoc(format!("{what} is not text"))),
            },
            _ => Err(Error::mdoc(format!("{what} is not text"))),
        }
    }

    /// The item as a byte string (major type 2). Errors: not a byte string.
    pub fn byte_string(self, what: &str) -> Result<Vec<u8>> {
        let h = head(self.bytes, what)?;
        match (h.major, h.argument) {
            (BYTES, Some(_)) => Ok(self.bytes[h.len..].to_vec()),
            (BYTES, None) => match self.decode::<Cbor>(what)? {
                Cbor::Bytes(b) => Ok(b),
                _ => Err(Error::mdoc(format!("{what} is not a byte string"))),
            },
            _ => Err(Error::mdoc(format!("{what} is not a byte string"))),
        }
    }

    /// The item as an unsigned integer (major type 0). Errors: negative, or not an integer.
    pub fn unsigned(self, what: &str) -> Result<u64> {
        let h = head(self.bytes, what)?;
        match (h.major, h.argument) {
            (0, Some(n)) => Ok(n),
            (1, _) => Err(Error::mdoc(format!("{what} is negative"))),
            _ => Err(Error::mdoc(format!("{what} is not an integer"))),
        }
    }
}

/// The members of a received map ([`Item::fields`]), looked up by text key.
#[derive(Debug, Clone)]
pub struct Fields<'a, 'w> {
    entries: Vec<(Item<'a>, Item<'a>)>,
    what: &'w str,
}

impl<'a> Fields<'a, '_> {
    /// The value of the member whose key is the text `key`, if any.
    pub fn get(&self, key: &str) -> Option<Item<'a>> {
        self.entries
            .iter()
            .find(|(k, _)| k.is_text(key))
            .map(|(_, v)| *v)
    }

    /// The value of the member `key`. Errors: no such member (`{what} has no `key``).
    pub fn field(&self, key: &str) -> Result<Item<'a>> {
        self.get(key)
            .ok_or_else(|| Error::mdoc(format!("{} has no `{key}`", self.what)))
    }
}

/// The encoding of `value` (ciborium: shortest heads, definite lengths).
pub fn encode(value: &Cbor) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(value, &mut out).expect("CBOR into a Vec cannot fail");
    out
}

/// The shortest head (RFC 8949 §3, §4.2.1) of `major` with `argument`.
fn write_head(out: &mut Vec<u8>, major: u8, argument: u64) {
    let m = major << 5;
    match argument {
        0..=23 => out.push(m | argument as u8),
        24..=0xff => out.extend([m | 24, argument as u8]),
        0x100..=0xffff => {
            out.push(m | 25);
            out.extend((argument as u16).to_be_bytes());
        }
        0x1_0000..=0xffff_ffff => {
            out.push(m | 26);
            out.extend((argument as u32).to_be_bytes());
        }
        _ => {
            out.push(m | 27);
            out.extend(argument.to_be_bytes());
        }
    }
}

/// A definite-length array of already-encoded items.
pub fn array_of(items: &[&[u8]]) -> Vec<u8> {
    let mut out = Vec::with_capacity(items.iter().map(|i| i.len()).sum::<usize>() + 9);
    write_head(&mut out, ARRAY, items.len() as u64);
    items.iter().for_each(|i| out.extend_from_slice(i));
    out
}

/// A definite-length map of already-encoded keys and values, in the order given.
pub fn map_of(entries: &[(&[u8], &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    write_head(&mut out, MAP, entries.len() as u64);
    for (key, value) in entries {
        out.extend_from_slice(key);
        out.extend_from_slice(value);
    }
    out
}

/// A definite-length map from text keys to already-encoded items, in the order given.
pub fn text_map_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    write_head(&mut out, MAP, entries.len() as u64);
    for (key, value) in entries {
        write_head(&mut out, 3, key.len() as u64);
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(value);
    }
    out
}

/// A tag-24 item around an already-encoded item: `#6.24(bstr .cbor item)`.
pub fn tag24_of(item: &[u8]) -> Vec<u8> {
    let mut out = vec![0xd8, 0x18];
    write_head(&mut out, BYTES, item.len() as u64);
    out.extend_from_slice(item);
    out
}
