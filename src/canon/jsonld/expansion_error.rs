//! The error of an expansion that a JSON-LD 1.1 API error code names, shared by both engines.

use crate::error::{Error, ErrorKind, JsonLdErrorCode};

/// An expansion error with the JSON-LD 1.1 API error code (§9.6 `JsonLdErrorCode`) first, e.g.
/// `protected term redefinition: term `t` is protected`.
pub(crate) fn invalid(code: JsonLdErrorCode, detail: impl std::fmt::Display) -> Error {
    Error::new(ErrorKind::Expansion, format!("{code}: {detail}")).with_code(code)
}
