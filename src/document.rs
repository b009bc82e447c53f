//! Reading an input file as text and checking that it is JSON a canonicalizer may accept: UTF-8 (RFC 8259 §8.1),
//! well-formed, not empty, numbers within IEEE-754 double range, and no repeated member names (I-JSON,
//! RFC 7493 §2.3, which RFC 8785 §3.1 requires). Errors name the file and the `line:column` or JSON pointer.

use crate::error::{Error, ErrorKind, Result};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::collections::HashSet;
use std::fmt;
use std::path::Path;

/// Resource bounds on input documents, each with a default and a command-line option (`--max-input-size`,
/// `--max-depth`, `--max-json-values`), passed as a value to what reads and checks input (a command's from its
/// options, `crate::canon::Settings::input_limits` where a session is at hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest input file (bytes).
    pub max_bytes: usize,
    /// Deepest nesting of JSON arrays and objects.
    pub max_depth: usize,
    /// Most JSON values (array elements and object members) one document may hold: memory
    /// in expansion and deserialization to RDF grows with them, some hundred bytes each, so a 16 MiB file of
    /// tiny values would otherwise need gigabytes.
    pub max_values: usize,
}

impl Limits {
    /// The deepest nesting any input can have: serde_json, which parses every input, stops at 128 nested arrays
    /// and objects, so [`Limits::max_depth`] above this would have no effect.
    pub const MAX_DEPTH_CEILING: usize = 127;

    /// 16 MiB (the largest bundled credential is 53 KB) and depth 100 (the deepest is 11; serde_json itself stops at
    /// 128).
    pub const DEFAULT: Limits = Limits {
        max_bytes: 16 << 20,
        max_depth: 100,
        max_values: 250_000,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// Every user file a command reads goes through one of these, so `--max-input-size` holds whatever the file is (a
/// regular file, a device, a pipe or a FIFO: the read itself stops one byte past the bound, see
/// [`crate::input::read_at_most`]) and `--max-depth` / `--max-json-values` hold for every JSON document.
impl Limits {
    /// The bytes of `path`, at most [`Limits::max_bytes`]. Errors: [`ErrorKind::Io`] (missing, unreadable, a
    /// directory) or [`ErrorKind::Limit`] naming the file and `--max-input-size`.
    pub fn read_bytes(&self, path: &Path) -> Result<Vec<u8>> {
        crate::input::read_at_most(path, self.max_bytes)
    }

    /// [`Limits::read_bytes`] as UTF-8 text (key files, PEM certificates, context files). Errors: as
    /// [`Limits::read_bytes`], and [`ErrorKind::Io`] for text that is not UTF-8, with the `line:column` of the
    /// first invalid byte.
    pub fn read_text(&self, path: &Path) -> Result<String> {
        let label = path.display().to_string();
        String::from_utf8(self.read_bytes(path)?).map_err(|e| {
            let offset = e.utf8_error().valid_up_to();
            let (line, column) = line_column(e.as_bytes(), offset);
            Error::new(ErrorKind::Io, "invalid UTF-8 byte sequence")
                .in_source(label)
                .at(format!("{line}:{column}"))
        })
    }

    /// [`Limits::read_bytes`] as a [`Document`] (UTF-8 checked, errors of kind [`ErrorKind::Json`]).
    pub fn read_document(&self, path: &Path) -> Result<Document> {
        let label = path.display().to_string();
        Document::from_bytes(label, self.read_bytes(path)?)
    }
}

/// An input document: its label (the path as the user gave it, or `bundled:<name>`) and its UTF-8 text.
#[derive(Debug, Clone)]
pub struct Document {
    /// Where the document came from, used in every error message.
    pub label: String,
    /// The document text (valid UTF-8).
    pub text: String,
}

impl Document {
    /// Wraps bytes already in memory; checks UTF-8 like [`Limits::read_document`].
    pub fn from_bytes(label: String, bytes: Vec<u8>) -> Result<Document> {
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Document { label, text }),
            Err(e) => {
                let offset = e.utf8_error().valid_up_to();
                let (line, column) = line_column(e.as_bytes(), offset);
                Err(Error::new(ErrorKind::Json, "invalid UTF-8 byte sequence")
                    .in_source(label)
                    .at(format!("{line}:{column}")))
            }
        }
    }

    /// Checks that the text is one well-formed I-JSON value (see the module doc) and returns it as [`Checked`].
    /// Errors: [`ErrorKind::Json`] (empty, truncated, syntax, with `line:column`), [`ErrorKind::DuplicateKey`]
    /// (with the JSON pointer of the object and `line:column`), [`ErrorKind::NonFiniteNumber`],
    /// [`ErrorKind::Limit`] (nesting deeper than [`Limits::max_depth`], more values than [`Limits::max_values`]).
    pub fn check_json(&self, limits: &Limits) -> Result<Checked<'_>> {
        check(&self.label, &self.text, limits)
    }
}

/// JSON text that passed [`check`]: one well-formed value, nesting at most [`Limits::max_depth`] (and serde_json's
/// 128) deep, no repeated member names, every number a finite double. A parser without its own depth limit
/// (the JCS path's) may be given it; only [`check`] makes one.
#[derive(Debug, Clone, Copy)]
pub struct Checked<'a> {
    label: &'a str,
    text: &'a str,
}

impl<'a> Checked<'a> {
    /// The document's label, for errors.
    pub fn label(&self) -> &'a str {
        self.label
    }

    /// The checked text.
    pub fn text(&self) -> &'a str {
        self.text
    }
}

/// [`Document::check_json`] on a label and text.
pub fn check<'a>(label: &'a str, text: &'a str, limits: &Limits) -> Result<Checked<'a>> {
    let checked = Checked { label, text };
    checked.verify(limits)?;
    Ok(checked)
}

impl Checked<'_> {
    /// The check itself (see [`Document::check_json`]).
    fn verify(&self, limits: &Limits) -> Result<()> {
        check_start(self.label, self.text)?;
        check_structure(self.label, self.text, limits.max_depth, limits.max_values).map_err(|error| {
            if [".nq", ".nquads"].iter().any(|ext| self.label.ends_with(ext)) || looks_like_nquads(self.text) {
                return error.map_reason(|reason| reason + " (this reads JSON-LD; for N-Quads use `canonprof canonicalize --input-format nquads`)");
            }
            error
        })
    }
}

/// The first checks of [`Document::check_json`]: no byte order mark, not empty.
fn check_start(label: &str, text: &str) -> Result<()> {
    if text.starts_with('\u{feff}') {
        return Err(Error::new(
            ErrorKind::Json,
            "the file starts with a UTF-8 byte order mark, which JSON text must not have (RFC 8259 §8.1)",
        )
        .in_source(label)
        .at("1:1"));
    }
    if text.trim().is_empty() {
        return Err(
            Error::new(ErrorKind::Json, "empty input: expected a JSON value").in_source(label),
        );
    }
    Ok(())
}

/// The rest of [`Document::check_json`], nesting bounded by `max_depth` and values by `max_values`: one
/// well-formed value, no repeated member names, finite numbers.
fn check_structure(label: &str, text: &str, max_depth: usize, max_values: usize) -> Result<()> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    VALUES_LEFT.with(|left| left.set((max_values, max_values)));
    let refusal = Cell::new(None);
    let seed = CheckSeed {
        pointer: String::new(),
        depth: 0,
        max_depth,
        refusal: &refusal,
    };
    seed.deserialize(&mut deserializer)
        .and_then(|()| deserializer.end())
        .map_err(|e| classified_json_error(label, e, refusal.get()))
}

/// Parses untrusted JSON bytes (a file to verify) with the same checks and messages as `canonicalize`: at most
/// `limits.max_bytes` bytes, UTF-8 (RFC 8259 §8.1) without a byte order mark, one well-formed value nested at most
/// `limits.max_depth` deep, no repeated member names (I-JSON, RFC 7493 §2.3), finite numbers. Errors read
/// `FILE:line:col: reason`: [`ErrorKind::Json`], [`ErrorKind::DuplicateKey`], [`ErrorKind::NonFiniteNumber`],
/// [`ErrorKind::Limit`] (too large or too deep).
pub fn parse_untrusted_json(
    label: &str,
    bytes: &[u8],
    limits: Limits,
) -> Result<serde_json::Value> {
    if bytes.len() > limits.max_bytes {
        return Err(crate::input::over_limit(label, limits.max_bytes));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = line_column(bytes, e.valid_up_to());
        Error::new(ErrorKind::Json, "invalid UTF-8 byte sequence")
            .in_source(label)
            .at(format!("{line}:{column}"))
    })?;
    let max_depth = limits.max_depth.min(Limits::MAX_DEPTH_CEILING);
    check_start(label, text)?;
    check_structure(label, text, max_depth, limits.max_values)?;
    // Checked above: well-formed and shallower than serde_json's recursion limit, so this parse succeeds.
    serde_json::from_str(text).map_err(|e| json_error(label, e))
}

/// Whether `text` starts like N-Quads (a first statement beginning with an IRI `<…>` or a blank node `_:`),
/// which no JSON text does.
fn looks_like_nquads(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    first.is_some_and(|l| l.starts_with('<') || l.starts_with("_:"))
}

/// Converts a serde_json error into ours, keeping its position and keeping it as the cause.
pub fn json_error(label: &str, e: serde_json::Error) -> Error {
    classified_json_error(label, e, None)
}

/// [`json_error`] of a failure whose kind the validating visitor recorded (`refused_as`), or else one of
/// serde_json's own, which it tells apart only in words (its recursion limit, a number out of range).
fn classified_json_error(
    label: &str,
    e: serde_json::Error,
    refused_as: Option<ErrorKind>,
) -> Error {
    let message = e.to_string();
    let reason = match message.rsplit_once(" at line ") {
        Some((reason, _)) => reason.to_string(),
        None => message,
    };
    let kind = refused_as.unwrap_or_else(|| {
        if reason.starts_with("recursion limit exceeded") {
            ErrorKind::Limit
        } else if reason.contains("number out of range") {
            ErrorKind::NonFiniteNumber
        } else {
            ErrorKind::Json
        }
    });
    let reason = match (e.classify(), kind) {
        (serde_json::error::Category::Eof, _) => format!("truncated JSON: {reason}"),
        (_, ErrorKind::Limit) if reason.starts_with("recursion limit exceeded") => format!(
            "nesting deeper than {} arrays and objects (serde_json's recursion limit, the ceiling of --max-depth)",
            Limits::MAX_DEPTH_CEILING
        ),
        (_, ErrorKind::NonFiniteNumber) => {
            "number out of range: not representable as an IEEE-754 double (I-JSON, RFC 8785 §3.2.2.3)".to_string()
        }
        _ => reason,
    };
    let at = (e.line() > 0).then(|| format!("{}:{}", e.line(), e.column().max(1)));
    let error = Error::new(kind, reason).in_source(label).caused_by(e);
    match at {
        Some(position) => error.at(position),
        None => error,
    }
}

/// The JSON pointer (RFC 6901) of the first place in `text` that matches `locate`: a member with that name, or a
/// string value (preferring one held by a member named in the hint's key list). `None` if the text does not
/// parse or nothing matches. Used on error paths only.
pub fn find_pointer(text: &str, locate: &crate::error::Locate) -> Option<String> {
    use crate::error::Locate;
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    match locate {
        Locate::Key(key) => find(&value, "", None, &|k, _| k == Some(key.as_str())),
        Locate::Value(wanted, keys) => {
            let is_value = |v: &serde_json::Value| v.as_str() == Some(wanted.as_str());
            find(&value, "", None, &|k, v| {
                is_value(v) && k.is_some_and(|k| keys.contains(&k))
            })
            .or_else(|| find(&value, "", None, &|_, v| is_value(v)))
        }
    }
}

/// Depth-first search; `key` is the nearest member name above `value` (array elements inherit it).
fn find(
    value: &serde_json::Value,
    pointer: &str,
    key: Option<&str>,
    matches: &dyn Fn(Option<&str>, &serde_json::Value) -> bool,
) -> Option<String> {
    if matches(key, value) {
        return Some(if pointer.is_empty() {
            "/".to_string()
        } else {
            pointer.to_string()
        });
    }
    match value {
        serde_json::Value::Object(map) => map.iter().find_map(|(k, v)| {
            find(
                v,
                &format!("{pointer}/{}", pointer_token(k)),
                Some(k),
                matches,
            )
        }),
        serde_json::Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| find(v, &format!("{pointer}/{i}"), key, matches)),
        _ => None,
    }
}

/// 1-based line and column (in characters) of byte `offset` in `bytes`.
fn line_column(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

/// Escapes a member name for use in a JSON pointer (RFC 6901 §3).
pub fn pointer_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// A JSON pointer for a one-line message: at most its first three segments, then how many there are.
fn short_pointer(pointer: &str) -> String {
    let segments: Vec<&str> = pointer.split('/').skip(1).collect();
    match segments.len() {
        0 => "/".to_string(),
        n if n <= 4 => pointer.to_string(),
        n => format!("/{}/… ({n} segments)", segments[..3].join("/")),
    }
}

thread_local! {
    /// The values the document being checked may still hold, and the most it may hold ([`Limits::max_values`]).
    static VALUES_LEFT: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((usize::MAX, usize::MAX)) };
}

/// Counts one more value of the document being checked. Errors: past [`Limits::max_values`].
fn count_value<E: de::Error>() -> std::result::Result<(), E> {
    VALUES_LEFT.with(|left| match left.get() {
        (0, max) => Err(E::custom(format!(
            "more than {max} JSON values (array elements and object members; --max-json-values)"
        ))),
        (n, max) => {
            left.set((n - 1, max));
            Ok(())
        }
    })
}

/// A validating visitor: walks any JSON value, rejecting repeated member names and nesting deeper than
/// `max_depth`, and tracks the JSON pointer.
struct CheckSeed<'k> {
    pointer: String,
    depth: usize,
    max_depth: usize,
    /// The kind of the refusal the visitor made, if it made one (serde's errors carry only a message).
    refusal: &'k Cell<Option<ErrorKind>>,
}

impl CheckSeed<'_> {
    fn child(&self, pointer: String) -> Self {
        CheckSeed {
            pointer,
            depth: self.depth + 1,
            max_depth: self.max_depth,
            refusal: self.refusal,
        }
    }

    /// The error `E` with `message`, its kind recorded for [`classified_json_error`].
    fn refuse<E: de::Error>(&self, kind: ErrorKind, message: impl fmt::Display) -> E {
        self.refusal.set(Some(kind));
        E::custom(message)
    }

    fn too_deep<E: de::Error>(&self) -> std::result::Result<(), E> {
        if self.depth >= self.max_depth {
            return Err(self.refuse(
                ErrorKind::Limit,
                format!(
                    "nesting deeper than {} arrays and objects at `{}` (--max-depth)",
                    self.max_depth,
                    short_pointer(&self.pointer)
                ),
            ));
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for CheckSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> std::result::Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for CheckSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> std::result::Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> std::result::Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> std::result::Result<(), E> {
        Ok(())
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> std::result::Result<(), E> {
        if v.is_finite() {
            Ok(())
        } else {
            Err(self.refuse(ErrorKind::NonFiniteNumber, "number out of range"))
        }
    }
    fn visit_str<E>(self, _: &str) -> std::result::Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> std::result::Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<(), A::Error> {
        self.too_deep()?;
        let mut index = 0usize;
        while seq
            .next_element_seed(self.child(format!("{}/{index}", self.pointer)))?
            .is_some()
        {
            count_value()?;
            index += 1;
        }
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        self.too_deep()?;
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            count_value()?;
            let pointer = format!("{}/{}", self.pointer, pointer_token(&key));
            if !seen.insert(key) {
                return Err(self.refuse(
                    ErrorKind::DuplicateKey,
                    format!("duplicate key: member `{pointer}` appears twice"),
                ));
            }
            map.next_value_seed(self.child(pointer))?;
        }
        Ok(())
    }
}

/// A JSON value's type in words (`null`, `a string`, `an object`, …), for messages that name what a value is
/// without echoing it.
pub fn type_name(value: &serde_json::Value) -> &'static str {
    use serde_json::Value;
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The verification work bounds of one file (`--max-proofs`, `--max-canonicalizations`), which
/// `integrity::budget` enforces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProofLimits {
    /// The most proofs one document's `proof` may hold (a proof set or chain).
    pub max_proofs: usize,
    /// The most canonicalizations the verification of one file may run.
    pub max_canonicalizations: usize,
}

impl ProofLimits {
    /// 32 proofs per document (the largest proof set in the W3C vectors and the corpus has 2) and 256
    /// canonicalizations per file (a verified Data Integrity proof takes 2, an ecdsa-sd-2023 derived proof 2 or
    /// 3; the file's nested credentials, at most 64, included).
    pub const DEFAULT: ProofLimits = ProofLimits {
        max_proofs: 32,
        max_canonicalizations: 256,
    };
}

impl Default for ProofLimits {
    fn default() -> Self {
        ProofLimits::DEFAULT
    }
}
