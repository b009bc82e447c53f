//! The JSON the verifier reads: a whole file, or a signed part of one, read strictly.

use crate::document::Limits;
use crate::error::Result;

/// The JSON value of a file's bytes, read as strictly as `canonicalize` reads a document
/// ([`crate::document::parse_untrusted_json`]): within `--max-input-size`, UTF-8 without a byte order mark, one well-formed value, no repeated member names
/// (a later `"proof": []` must not replace the first), nesting within `--max-depth`. Errors name `file` and the
/// `line:column` or JSON pointer. `limits` are the bounds.
pub fn json_document(file: &str, bytes: &[u8], limits: &Limits) -> Result<serde_json::Value> {
    crate::document::parse_untrusted_json(file, bytes, *limits)
}

/// The JSON object of a part of a file that is signed or compared (a JWT header or payload, a Disclosure, a JWS
/// JSON payload), read as strictly as [`json_document`]. `what` names the part in errors (`the JWT payload`).
pub fn json_part(
    file: &str,
    what: &str,
    bytes: &[u8],
    limits: &Limits,
) -> Result<serde_json::Map<String, serde_json::Value>> {
    let label = format!("{file} ({what})");
    match json_document(&label, bytes, limits)? {
        serde_json::Value::Object(map) => Ok(map),
        _ => Err(crate::Error::new(
            crate::ErrorKind::Json,
            format!("{what} is not a JSON object"),
        )
        .in_source(label)),
    }
}
