//! Which format a file holds, by its shape: a JSON object (a W3C VCDM credential or presentation), a compact
//! `<JWT>~<Disclosures>~[<KB-JWT>]` (SD-JWT, RFC 9901 §4), or CBOR — binary or hex — whose top level is a map
//! with `documents` (an ISO/IEC 18013-5 `DeviceResponse`).

use crate::error::{Error, ErrorKind, Result};

/// A credential format `verify` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// W3C VCDM 1.1 / 2.0 with Data Integrity proofs.
    Vcdm,
    /// SD-JWT VC (RFC 9901 and the SD-JWT VC draft).
    SdJwt,
    /// A compact JWS credential: VC-JWT (VCDM 1.1 §6.3, the `vc` claim) or VC-JOSE (`application/vc+jwt`, the
    /// credential as the payload).
    Jwt,
    /// ISO/IEC 18013-5 mdoc `DeviceResponse`.
    Mdoc,
    /// A credential as the payload of a JWS JSON Serialization (RFC 7515 §7.2), e.g. JAdES from the European
    /// Digital Credentials issuer.
    JwsJson,
}

impl Format {
    /// The name the CLI uses (`vcdm`, `jwt`, `sd-jwt`, `mdoc`, `jws-json`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Vcdm => "vcdm",
            Format::SdJwt => "sd-jwt",
            Format::Jwt => "jwt",
            Format::Mdoc => "mdoc",
            Format::JwsJson => "jws-json",
        }
    }
}

/// The format of `bytes`: a compact JWS with Disclosures is an SD-JWT, one without a VC-JWT / VC-JOSE. Errors:
/// [`ErrorKind::Usage`] when none fits.
pub fn detect(bytes: &[u8]) -> Result<Format> {
    let text = std::str::from_utf8(bytes).ok().map(str::trim);
    match text {
        // A JWS JSON Serialization is a JSON object too: `verify_bytes` tells the two apart after its one parse.
        Some(t) if t.starts_with('{') => return Ok(Format::Vcdm),
        Some(t) if is_compact_jws_prefix(t) && t.contains('~') => return Ok(Format::SdJwt),
        Some(t) if is_compact_jws_prefix(t) => return Ok(Format::Jwt),
        Some(t)
            if !t.is_empty() && t.len() % 2 == 0 && t.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            let raw = hex::decode(t)
                .map_err(|e| Error::new(ErrorKind::Usage, e.to_string()).caused_by(e))?;
            if is_device_response(&raw) {
                return Ok(Format::Mdoc);
            }
        }
        _ => {}
    }
    if is_device_response(bytes) {
        return Ok(Format::Mdoc);
    }
    Err(Error::new(
        ErrorKind::Usage,
        "not a JSON credential, a JWS JSON Serialization, a VC-JWT, an SD-JWT or an mdoc DeviceResponse (pass --format to say which)",
    ))
}

/// Raw CBOR bytes of an mdoc: text is hex (whitespace between digits allowed) and is decoded, anything else is
/// binary as is. A binary `DeviceResponse` is never UTF-8: its first byte, a map head (0xa0–0xbb), is no UTF-8
/// lead byte. Errors: [`ErrorKind::Mdoc`] for text that is not valid hex, naming the first offending byte.
pub fn mdoc_bytes(bytes: &[u8]) -> Result<Vec<u8>> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(bytes.to_vec());
    };
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if let Some(at) = text
        .bytes()
        .position(|b| !b.is_ascii_whitespace() && !b.is_ascii_hexdigit())
    {
        return Err(Error::mdoc(format!(
            "the mdoc is text but not valid hex: byte {at} is not a hex digit"
        )));
    }
    if digits.is_empty() || digits.len() % 2 == 1 {
        return Err(Error::mdoc(format!(
            "the mdoc is text but not valid hex: {} hex digits, not a whole number of bytes",
            digits.len()
        )));
    }
    hex::decode(&digits).map_err(|_| Error::mdoc("the mdoc is text but not valid hex"))
}

fn is_compact_jws_prefix(text: &str) -> bool {
    let jwt = text.split('~').next().unwrap_or("");
    let parts: Vec<&str> = jwt.split('.').collect();
    parts.len() == 3
        && parts[0].starts_with("eyJ")
        && parts.iter().all(|p| {
            p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

fn is_device_response(bytes: &[u8]) -> bool {
    match ciborium::from_reader::<ciborium::Value, _>(bytes) {
        Ok(ciborium::Value::Map(entries)) => entries
            .iter()
            .any(|(k, _)| k.as_text() == Some("documents")),
        _ => false,
    }
}
