//! `canonprof verify` (issue 17, first part): verifies the credentials users hold — W3C VCDM with Data Integrity
//! proofs ([`data_integrity`]), VC-JWT / VC-JOSE ([`jwt`]), SD-JWT VC ([`sd_jwt`]) and ISO/IEC 18013-5 mdoc
//! `DeviceResponse`s ([`mdoc`]) —
//! and says per file, per proof or check, what was verified and why not. Knows nothing of the terminal:
//! `export::verify` renders a [`FileReport`].

pub mod binding;
pub mod claims;
pub mod data_integrity;
pub mod detect;
mod job;
pub mod jws_json;
pub mod jwt;
pub mod keys;
pub mod mdoc;
pub mod sd_jwt;
pub mod timing;
pub mod verdict;
pub mod x5c;

use crate::canon::Session;
use crate::document::Limits;
use crate::error::Result;
pub use detect::Format;
pub use job::{run, Plan, Settings, Summary};
pub use verdict::{Refusal, Role, Trust, Verdict};

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
    /// A signature (with where its key came from) or another check: only signatures can verify a file
    /// ([`verdict::decide`]).
    pub role: Role,
}

impl Check {
    /// A check that is not a signature (validity, status, binding, digests, a chain line) with `outcome`.
    pub fn new(subject: impl Into<String>, outcome: Outcome, detail: impl Into<String>) -> Check {
        Check {
            subject: subject.into(),
            outcome,
            detail: detail.into(),
            role: Role::Other,
        }
    }

    /// A signature or proof check: `trust` says where the key came from (`None` when no key was used).
    pub fn signature(
        subject: impl Into<String>,
        outcome: Outcome,
        detail: impl Into<String>,
        trust: Option<Trust>,
    ) -> Check {
        Check {
            role: Role::Signature { trust },
            ..Check::new(subject, outcome, detail)
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
    /// `--accept-self-asserted`, for its verdict.
    pub accept_self_asserted: bool,
}

impl Nested {
    /// Its verdict, by the same rule as a file's ([`verdict::decide`]).
    pub fn verdict(&self) -> Verdict {
        verdict::decide(&self.checks, self.accept_self_asserted)
    }

    /// Whether its verdict is verified.
    pub fn verified(&self) -> bool {
        self.verdict().is_verified()
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
    /// `--accept-self-asserted`, for its verdict.
    pub accept_self_asserted: bool,
}

impl FileReport {
    /// Its verdict: its own checks' ([`verdict::decide`]) combined with every nested credential's that counts
    /// ([`Verdict::and`]).
    pub fn verdict(&self) -> Verdict {
        self.nested
            .iter()
            .filter(|n| n.counts)
            .map(Nested::verdict)
            .fold(
                verdict::decide(&self.checks, self.accept_self_asserted),
                Verdict::and,
            )
    }

    /// Whether its verdict is verified (exit status 0).
    pub fn verified(&self) -> bool {
        self.verdict().is_verified()
    }

    /// Whether at least one signature was checked cryptographically and passed (for the fuzz target's invariant).
    pub fn signature_checked(&self) -> bool {
        self.checks.iter().any(|c| {
            matches!(c.role, Role::Signature { trust: Some(_) }) && c.outcome == Outcome::Verified
        })
    }
}

/// What the verifier is told besides the files.
#[derive(Clone)]
pub struct Options<'a> {
    /// Contexts and expansion engine for the RDFC-1.0 cryptosuites.
    pub session: &'a Session,
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
    /// `--accept-self-asserted`: a signature whose key the credential only asserts about itself (a header `jwk`,
    /// an unanchored `x5c` or DS certificate) may verify a file; its line says the key was not anchored.
    pub accept_self_asserted: bool,
}

impl<'a> Options<'a> {
    /// The defaults of `canonprof verify` at the instant `at_unix`: no keys, no trust anchor, no session transcript,
    /// nonce, audience, challenge or domain, lenient nesting and binding, self-asserted keys not trusted.
    pub fn new(session: &'a Session, at_unix: i64) -> Options<'a> {
        Options {
            session,
            keys: Vec::new(),
            trust_anchor: None,
            session_transcript: None,
            nonce: None,
            aud: None,
            challenge: None,
            domain: None,
            at_unix,
            nested_strict: false,
            binding_strict: false,
            accept_self_asserted: false,
        }
    }
}

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
        accept_self_asserted: options.accept_self_asserted,
    })
}
