//! The CBOR framing (RFC 8949 §3) that mdoc needs beside ciborium: the exact extent of every received data
//! item, so that a tag-24 item (`#6.24(bstr .cbor …)`, §3.4.5.1) keeps the bytes it was received as — the value
//! digests and signatures of ISO/IEC 18013-5 are over them, never over a re-encoding (case 026) — and writing
//! maps and arrays whose members are already-encoded items, so that a presentation carries the issuer's bytes
//! unchanged. Leaf values decode and encode with ciborium. Nesting is bounded (`MAX_DEPTH`); lengths are
//! checked against the bytes there are, so hostile input cannot make it read out of bounds or loop.
//!
//! Every received item is decoded strictly, at every level of every structure (`DeviceResponse`,
//! `IssuerSigned`, each `IssuerSignedItem`, the MSO, COSE headers, `DeviceAuth`): ISO/IEC 18013-5 §8.1 asks
//! for the preferred serialization of RFC 8949 §4.2.1 — definite lengths, every head (integer, length, tag)
//! and float in its shortest form — without ordering map keys, and RFC 8949 §5.6 makes a map whose keys repeat
//! invalid. So an indefinite-length item, a longer head than needed, a float that a shorter one represents
//! exactly, a two-byte simple value below 32, text that is not UTF-8 and a repeated map key are refused
//! wherever they occur: a second encoding of the same value would give a structure two digests, and a repeated
//! key two readings. Map keys are not required to be sorted (§8.1 does not ask for it).

use crate::error::{excerpt, Error, Result};
use ciborium::Value as Cbor;
use std::collections::HashSet;

/// Deepest nesting of arrays, maps and tags accepted (mdoc structures nest a dozen levels at most).
const MAX_DEPTH: usize = 64;

/// RFC 8949 §3.1 major types.
/// COSE header label of `x5chain` (RFC 9360).
pub(super) const X5CHAIN: i64 = 33;

const BYTES: u8 = 2;
const TEXT: u8 = 3;
const ARRAY: u8 = 4;
const MAP: u8 = 5;
const TAG: u8 = 6;
const SIMPLE: u8 = 7;

/// An item's head (RFC 8949 §3): major type, argument, head length.
struct Head {
    major: u8,
    argument: u64,
    len: usize,
}

fn truncated(what: &str) -> Error {
    Error::mdoc(format!("{what} is not CBOR: the data ends inside an item"))
}

/// An encoding ISO/IEC 18013-5 §8.1 does not allow, at byte `at` of `what`.
fn not_preferred(what: &str, at: usize, why: &str) -> Error {
    Error::mdoc(format!(
        "{what} is not in the preferred CBOR serialization ISO/IEC 18013-5 §8.1 requires: {why} at byte {at}"
    ))
}

/// The head at `bytes[at..]`, refused unless in its shortest form (RFC 8949 §4.2.1): definite length, an
/// argument in the fewest bytes, a float no shorter float represents exactly.
fn head(bytes: &[u8], at: usize, what: &str) -> Result<Head> {
    let first = *bytes.get(at).ok_or_else(|| truncated(what))?;
    let (major, info) = (first >> 5, first & 0x1f);
    let extra = match info {
        0..=23 => {
            return Ok(Head {
                major,
                argument: info as u64,
                len: 1,
            })
        }
        24 => 1,
        25 => 2,
        26 => 4,
        27 => 8,
        31 if matches!(major, 2..=5) => {
            return Err(not_preferred(what, at, "an indefinite-length item"))
        }
        31 if major == SIMPLE => {
            return Err(Error::mdoc(format!(
                "{what} is not CBOR: a break outside an indefinite-length item at byte {at}"
            )))
        }
        _ => {
            return Err(Error::mdoc(format!(
                "{what} is not CBOR: reserved additional information {info} at byte {at}"
            )))
        }
    };
    let arg = bytes
        .get(at + 1..at + 1 + extra)
        .ok_or_else(|| truncated(what))?;
    let argument = arg.iter().fold(0u64, |a, &b| (a << 8) | b as u64);
    let shorter = match (major, info) {
        (SIMPLE, 24) if argument < 32 => {
            return Err(Error::mdoc(format!(
                "{what} is not CBOR: a simple value below 32 in two bytes at byte {at}"
            )))
        }
        (SIMPLE, 24) => false,
        (SIMPLE, 25) => false,
        (SIMPLE, 26) => fits_half(f32::from_bits(argument as u32)),
        (SIMPLE, _) => {
            let value = f64::from_bits(argument);
            value.is_nan() || (value as f32) as f64 == value
        }
        (_, 24) => argument < 24,
        (_, 25) => argument <= 0xff,
        (_, 26) => argument <= 0xffff,
        _ => argument <= 0xffff_ffff,
    };
    if shorter {
        return Err(not_preferred(
            what,
            at,
            "a head longer than its value needs",
        ));
    }
    Ok(Head {
        major,
        argument,
        len: 1 + extra,
    })
}

/// Whether a half-precision float (IEEE 754 binary16) represents `value` exactly (NaN and the infinities
/// included: their preferred form is half precision).
fn fits_half(value: f32) -> bool {
    if !value.is_finite() || value == 0.0 {
        return true;
    }
    let bits = value.to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127;
    let significand = (bits & 0x7f_ffff) | 0x80_0000;
    match exponent {
        // Normal halves: 10 fraction bits.
        -14..=15 => bits & 0x1fff == 0,
        // Subnormal halves: multiples of 2^-24.
        -24..=-15 => significand.trailing_zeros() as i32 >= -(exponent + 1),
        _ => false,
    }
}

/// A map key as a message names it: a text key quoted, an integer key (a COSE label) as its number.
fn key_name(bytes: &[u8], at: usize, end: usize) -> String {
    match head(bytes, at, "") {
        Ok(h) if h.major == TEXT => match std::str::from_utf8(&bytes[at + h.len..end]) {
            Ok(text) => format!("`{}`", excerpt(text)),
            Err(_) => "(a text key)".to_string(),
        },
        Ok(h) if h.major == 0 => h.argument.to_string(),
        Ok(h) if h.major == 1 => (-1 - h.argument as i128).to_string(),
        _ => "(a key that is neither text nor an integer)".to_string(),
    }
}

/// How [`item_end`] walks: checking every item as the module says, or only finding where items end (inside an
/// [`Item`], which [`Item::whole`] checked once already).
#[derive(Clone, Copy, PartialEq)]
enum Walk {
    Check,
    Skip,
}

/// The end of the data item at `bytes[at..]`, `depth` levels down; with [`Walk::Check`] every item inside checked
/// as the module says (preferred serialization, UTF-8 text, map keys not repeated).
fn item_end(bytes: &[u8], at: usize, depth: usize, what: &str, walk: Walk) -> Result<usize> {
    if depth > MAX_DEPTH {
        return Err(Error::mdoc(format!(
            "{what} nests deeper than {MAX_DEPTH} levels"
        )));
    }
    let h = head(bytes, at, what)?;
    let body = at + h.len;
    let rest = bytes.len() - body;
    let fits = |n: u64| usize::try_from(n).ok().filter(|&n| n <= rest);
    match h.major {
        0 | 1 | SIMPLE => Ok(body),
        BYTES | TEXT => {
            let end = body + fits(h.argument).ok_or_else(|| truncated(what))?;
            if walk == Walk::Check
                && h.major == TEXT
                && std::str::from_utf8(&bytes[body..end]).is_err()
            {
                return Err(Error::mdoc(format!(
                    "{what} is not CBOR: a text string that is not UTF-8 at byte {at}"
                )));
            }
            Ok(end)
        }
        ARRAY => {
            // Each member takes at least one byte: a count beyond the bytes left cannot be honest.
            fits(h.argument).ok_or_else(|| truncated(what))?;
            let mut end = body;
            for _ in 0..h.argument {
                end = item_end(bytes, end, depth + 1, what, walk)?;
            }
            Ok(end)
        }
        MAP => {
            let total = h.argument.checked_mul(2).ok_or_else(|| truncated(what))?;
            fits(total).ok_or_else(|| truncated(what))?;
            let mut keys = HashSet::new();
            let mut end = body;
            for _ in 0..h.argument {
                let key_end = item_end(bytes, end, depth + 1, what, walk)?;
                // In the preferred serialization equal keys have equal bytes.
                if walk == Walk::Check && !keys.insert(&bytes[end..key_end]) {
                    return Err(Error::mdoc(format!(
                        "{what} repeats the map key {} at byte {end}",
                        key_name(bytes, end, key_end)
                    )));
                }
                end = item_end(bytes, key_end, depth + 1, what, walk)?;
            }
            Ok(end)
        }
        _ => {
            debug_assert_eq!(h.major, TAG);
            item_end(bytes, body, depth + 1, what, walk)
        }
    }
}

/// RFC 8949 §3 in words: what a ciborium decoding error says is wrong with `what` (never its Debug text).
pub fn describe<T>(e: &ciborium::de::Error<T>) -> String {
    use ciborium::de::Error as De;
    match e {
        De::Io(_) => "the data ends inside an item".to_string(),
        De::Syntax(at) => format!("malformed CBOR at byte {at}"),
        De::Semantic(Some(at), reason) => format!("{} at byte {at}", excerpt(reason)),
        De::Semantic(None, reason) => excerpt(reason),
        De::RecursionLimitExceeded => "nested too deeply to decode".to_string(),
    }
}

/// What a coset error says is wrong with a COSE structure, in words (never its Debug text).
pub fn describe_cose(e: &coset::CoseError) -> String {
    use coset::CoseError as C;
    match e {
        C::DecodeFailed(e) => describe(e),
        C::DuplicateMapKey => "a map key is repeated".to_string(),
        C::EncodeFailed => "it cannot be encoded as CBOR".to_string(),
        C::ExtraneousData => "there are bytes after its CBOR item".to_string(),
        C::OutOfRangeIntegerValue => "an integer is out of range".to_string(),
        C::UnexpectedItem(got, want) => format!("expected {want}, found {got}"),
        C::UnregisteredIanaValue => "a value that IANA has not registered".to_string(),
        C::UnregisteredIanaNonPrivateValue => {
            "a value neither IANA-registered nor in the private-use range".to_string()
        }
    }
}

/// One received data item: exactly its bytes. Made only by [`Item::whole`] (which checks it at every level) and
/// from the members of such an item, so its members need no second check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item<'a> {
    /// The item's encoding as received.
    pub bytes: &'a [u8],
}

impl<'a> Item<'a> {
    /// `bytes` as one complete data item, checked as the module says at every level. Errors:
    /// [`ErrorKind::Mdoc`](crate::ErrorKind::Mdoc) naming `what` when it is not CBOR, not in the preferred
    /// serialization, repeats a map key, or has bytes after the item.
    pub fn whole(bytes: &'a [u8], what: &str) -> Result<Item<'a>> {
        let len = item_end(bytes, 0, 0, what, Walk::Check)?;
        if len != bytes.len() {
            return Err(Error::mdoc(format!(
                "{what} has {} bytes after its CBOR item",
                bytes.len() - len
            )));
        }
        Ok(Item { bytes })
    }

    /// The members of an array. Errors: not an array.
    pub fn array(self, what: &str) -> Result<Vec<Item<'a>>> {
        self.members(ARRAY, what, "an array")
    }

    /// The (key, value) pairs of a map, in received order. Errors: not a map.
    pub fn map(self, what: &str) -> Result<Vec<(Item<'a>, Item<'a>)>> {
        let items = self.members(MAP, what, "a map")?;
        Ok(items.chunks(2).map(|kv| (kv[0], kv[1])).collect())
    }

    fn members(self, major: u8, what: &str, shape: &str) -> Result<Vec<Item<'a>>> {
        let h = head(self.bytes, 0, what)?;
        if h.major != major {
            return Err(Error::mdoc(format!("{what} is not {shape}")));
        }
        let mut at = h.len;
        let mut items = Vec::new();
        while at < self.bytes.len() {
            // Checked as a whole when the outermost item was made: here only where each member ends.
            let end = item_end(self.bytes, at, 1, what, Walk::Skip)?;
            items.push(Item {
                bytes: &self.bytes[at..end],
            });
            at = end;
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

    /// Whether the item is the text string `text`.
    fn is_text(self, text: &str) -> bool {
        head(self.bytes, 0, "").is_ok_and(|h| {
            h.major == TEXT
                && h.argument == text.len() as u64
                && &self.bytes[h.len..] == text.as_bytes()
        })
    }

    /// The content of a tag-24 item (`#6.24(bstr .cbor …)`), i.e. the embedded item's encoding. Errors: not tag
    /// 24 over a byte string.
    pub fn tag24_content(self, what: &str) -> Result<&'a [u8]> {
        let h = head(self.bytes, 0, what)?;
        if (h.major, h.argument) != (TAG, 24) {
            return Err(Error::mdoc(format!("{what} is not tag 24 (encoded CBOR)")));
        }
        let b = head(self.bytes, h.len, what)?;
        match b.major {
            BYTES => Ok(&self.bytes[h.len + b.len..]),
            _ => Err(Error::mdoc(format!("{what} is not a tag-24 byte string"))),
        }
    }

    /// The item decoded with ciborium into `T`. Errors: `{what}` and what does not fit, in words.
    pub fn decode<T: serde::de::DeserializeOwned>(self, what: &str) -> Result<T> {
        ciborium::from_reader(self.bytes).map_err(|e| {
            Error::mdoc(format!("{what} cannot be decoded: {}", describe(&e))).caused_by(e)
        })
    }

    /// The item as text (RFC 8949 §3.1 major type 3). Errors: not a text string.
    pub fn text(self, what: &str) -> Result<String> {
        let h = head(self.bytes, 0, what)?;
        match h.major {
            // UTF-8 was checked when the item was framed; a lone item is checked again here.
            TEXT => std::str::from_utf8(&self.bytes[h.len..])
                .map(str::to_string)
                .map_err(|_| Error::mdoc(format!("{what} is not UTF-8 text"))),
            _ => Err(Error::mdoc(format!("{what} is not text"))),
        }
    }

    /// The item as a byte string (major type 2). Errors: not a byte string.
    pub fn byte_string(self, what: &str) -> Result<Vec<u8>> {
        let h = head(self.bytes, 0, what)?;
        match h.major {
            BYTES => Ok(self.bytes[h.len..].to_vec()),
            _ => Err(Error::mdoc(format!("{what} is not a byte string"))),
        }
    }

    /// The item as an unsigned integer (major type 0). Errors: negative, or not an integer.
    pub fn unsigned(self, what: &str) -> Result<u64> {
        let h = head(self.bytes, 0, what)?;
        match h.major {
            0 => Ok(h.argument),
            1 => Err(Error::mdoc(format!("{what} is negative"))),
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
        write_head(&mut out, TEXT, key.len() as u64);
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
