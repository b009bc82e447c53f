//! One file's verification: its format (given or detected) decides which verifier checks it.

use super::detect::{self, Format};
use super::json::json_document;
use super::options::Options;
use super::report::FileReport;
use super::{data_integrity, jws_json, jwt, mdoc, sd_jwt};
use crate::error::Result;

/// Verifies one file's bytes as `format` (or the detected format). Errors: the bytes are none of the formats, or
/// not readable as the one given ([`crate::ErrorKind::Usage`] / the format's kind) — the CLI reports these as
/// "could not be read" lines; every verification failure is a [`Check`](super::Check) instead.
pub fn verify_bytes(
    file: &str,
    bytes: &[u8],
    format: Option<Format>,
    options: &Options,
) -> Result<FileReport> {
    let format = match format {
        Some(f) => f,
        None => detect::detect(bytes).map_err(|e| e.in_source(file))?,
    };
    let (format, checks, nested) = match format {
        // One parse tells a Data Integrity document from a JWS JSON Serialization (both are JSON objects).
        Format::Vcdm | Format::JwsJson => {
            let document = json_document(file, bytes, &options.session.settings().input_limits)?;
            if format == Format::JwsJson || jws_json::is_jws_json(&document) {
                let checks =
                    jws_json::verify(file, &document, options).map_err(|e| e.in_source(file))?;
                (Format::JwsJson, checks, Vec::new())
            } else {
                let (checks, nested) = data_integrity::verify(&document, options);
                (Format::Vcdm, checks, nested)
            }
        }
        Format::SdJwt | Format::Jwt | Format::Mdoc => {
            let checks = match format {
                Format::SdJwt => sd_jwt::verify(file, bytes, options),
                Format::Jwt => jwt::verify(file, bytes, options),
                _ => mdoc::verify(bytes, options),
            }
            .map_err(|e| e.in_source(file))?;
            (format, checks, Vec::new())
        }
    };
    Ok(FileReport {
        file: file.to_string(),
        format,
        checks,
        nested,
        accept_self_asserted: options.settings.accept_self_asserted,
    })
}
