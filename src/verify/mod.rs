//! `canonprof verify` (issue 17, first part): verifies the credentials users hold — W3C VCDM with Data Integrity
//! proofs ([`data_integrity`]), VC-JWT / VC-JOSE ([`jwt`]), SD-JWT VC ([`sd_jwt`]) and ISO/IEC 18013-5 mdoc
//! `DeviceResponse`s ([`mdoc`]) —
//! and says per file, per proof or check, what was verified and why not. Knows nothing of the terminal:
//! `export::verify` renders a [`FileReport`].

pub mod data_integrity;
pub mod detect;
pub mod jws_json;
pub mod jwt;
pub mod keys;
pub mod mdoc;
pub mod sd_jwt;
pub mod timing;
pub mod x5c;

use crate::error::Result;
use crate::loader::OfflineLoader;
pub use detect::Format;

/// What one check concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It passed.
    Verified,
    /// It failed: the file does not verify.
    Failed,
    /// canonprof cannot check this (an unsupported proof type, a key it cannot resolve offline): the file does
    /// not verify either.
    Unsupported,
    /// Reported, not checked (e.g. `credentialStatus` offline, an unanchored certificate); does not change the
    /// verdict.
    NotChecked,
}

/// One line of a file's report: what was checked and its outcome, with the reason.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    /// What: `proof 1 of 2 (eddsa-rdfc-2022)`, `validity`, `issuer signature`, ….
    pub subject: String,
    /// Its outcome.
    pub outcome: Outcome,
    /// Why (for a failure or an unsupported check), or what was verified.
    pub detail: String,
}

impl Check {
    /// A check with `outcome`.
    pub fn new(subject: impl Into<String>, outcome: Outcome, detail: impl Into<String>) -> Check {
        Check {
            subject: subject.into(),
            outcome,
            detail: detail.into(),
        }
    }
}

/// A signed credential inside the file's document (an endorsement, a CLR's badge, a presentation's credential),
/// verified on its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Nested {
    /// Where it is: a JSON Pointer (RFC 6901) into the file's document.
    pub pointer: String,
    /// Its `id`, if it has one.
    pub id: Option<String>,
    /// Its checks.
    pub checks: Vec<Check>,
    /// Whether it decides the file's verdict: a presentation's credentials do; other nested credentials only
    /// with `--nested strict`.
    pub counts: bool,
}

impl Nested {
    /// Verified, by the same rule as a file ([`verified`]).
    pub fn verified(&self) -> bool {
        verified(&self.checks)
    }
}

/// One file's verification.
#[derive(Debug, Clone, PartialEq)]
pub struct FileReport {
    /// The file as given.
    pub file: String,
    /// The format it was verified as.
    pub format: Format,
    /// Every check, in order.
    pub checks: Vec<Check>,
    /// The signed credentials inside it, in document order.
    pub nested: Vec<Nested>,
}

impl FileReport {
    /// Verified: its own checks are ([`verified`]), and so is every nested credential that counts.
    pub fn verified(&self) -> bool {
        verified(&self.checks)
            && self
                .nested
                .iter()
                .filter(|n| n.counts)
                .all(Nested::verified)
    }
}

/// At least one check passed and none failed or was unsupported.
pub fn verified(checks: &[Check]) -> bool {
    checks.iter().any(|c| c.outcome == Outcome::Verified)
        && !checks
            .iter()
            .any(|c| matches!(c.outcome, Outcome::Failed | Outcome::Unsupported))
}

/// What the verifier is told besides the files.
#[derive(Clone)]
pub struct Options<'a> {
    /// Contexts and expansion engine for the RDFC-1.0 cryptosuites.
    pub loader: &'a OfflineLoader,
    /// Keys from `--key` files.
    pub keys: Vec<keys::KnownKey>,
    /// `--trust-anchor`: a root certificate (DER) for mdoc `x5chain`s.
    pub trust_anchor: Option<Vec<u8>>,
    /// `--session-transcript`: the CBOR SessionTranscript an mdoc device signed.
    pub session_transcript: Option<ciborium::Value>,
    /// `--nonce` and `--aud` of an SD-JWT Key Binding JWT.
    pub nonce: Option<String>,
    /// See `nonce`.
    pub aud: Option<String>,
    /// `--challenge` and `--domain` of a presentation's `authentication` proof.
    pub challenge: Option<String>,
    /// See `challenge`.
    pub domain: Option<String>,
    /// `--at`: the instant every validity rule is evaluated at, Unix seconds.
    pub at_unix: i64,
    /// `--nested strict`: nested signed credentials decide the verdict too.
    pub nested_strict: bool,
    /// `--issuer-binding strict`: a proof must be shown to be the issuer's (holder's) — its method controlled by
    /// them — or the file does not verify; by default that is reported, and only checked where it can be.
    pub binding_strict: bool,
}

/// The JSON value of a file's bytes. Errors: [`crate::ErrorKind::Json`] for bytes that are not UTF-8 JSON.
fn json_document(bytes: &[u8]) -> Result<serde_json::Value> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| crate::Error::new(crate::ErrorKind::Json, format!("not UTF-8: {e}")))?;
    serde_json::from_str(text).map_err(|e| crate::document::json_error("", &e))
}

/// Verifies one file's bytes as `format` (or the detected format). Errors: the bytes are none of the formats, or
/// not readable as the one given ([`crate::ErrorKind::Usage`] / the format's kind) — the CLI reports these as
/// "could not be read" lines; every verification failure is a [`Check`] instead.
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
            let document = json_document(bytes).map_err(|e| e.in_source(file))?;
            if format == Format::JwsJson || jws_json::is_jws_json(&document) {
                let checks = jws_json::verify(&document, options).map_err(|e| e.in_source(file))?;
                (Format::JwsJson, checks, Vec::new())
            } else {
                let (checks, nested) = data_integrity::verify(&document, options);
                (Format::Vcdm, checks, nested)
            }
        }
        Format::SdJwt | Format::Jwt | Format::Mdoc => {
            let checks = match format {
                Format::SdJwt => sd_jwt::verify(bytes, options),
                Format::Jwt => jwt::verify(bytes, options),
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
    })
}
