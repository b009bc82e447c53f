//! The lexical tests the pre-check and its helpers share (what the json-ld crate takes for an IRI or a blank node,
//! dot segments), and the error for what the crate cannot process.

use crate::error::{Error, ErrorKind};

/// The error for what the json-ld crate cannot process as JSON-LD 1.1 and jsonld.js do (it would refuse it
/// wrongly, or give other canonical N-Quads): [`ErrorKind::CrateLimitation`], naming the other engine.
pub(crate) fn limitation(what: impl std::fmt::Display) -> Error {
    Error::new(
        ErrorKind::CrateLimitation,
        format!("json-ld crate limitation: {what} (`--engine canonprof` processes it)"),
    )
}

/// Whether `value` has a `.` or `..` path segment (RFC 3986 §5.2.4).
pub(super) fn has_dot_segment(value: &str) -> bool {
    value.contains('.') && value.split(['/', '?', '#']).any(|s| s == "." || s == "..")
}

/// Whether the label of a `_:` identifier is one the crate parses as a blank node (ASCII letters, digits, `_`,
/// `-`, `.`); others it takes for something else.
pub(super) fn plain_blank_label(id: &str) -> bool {
    id.strip_prefix("_:")
        .unwrap_or(id)
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// Whether `value` is an IRI (RFC 3987), as RDF requires.
pub(super) fn is_iri(value: &str) -> bool {
    oxiri::Iri::parse(value).is_ok()
}
