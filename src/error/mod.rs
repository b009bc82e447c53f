//! The one error type of canonprof: every failure names its source (a file, a URL or an option), the position
//! where known (`line:column` or a JSON pointer) and the reason, in a single line.

mod jsonld_code;
pub use jsonld_code::JsonLdErrorCode;
use std::fmt;
use std::sync::Arc;

/// What kind of failure an [`Error`] is; tests and callers match on this, users read the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// A file could not be read or written.
    Io,
    /// The input is not well-formed JSON (RFC 8259), is empty, truncated or not UTF-8.
    Json,
    /// A JSON object repeats a member name (RFC 8785 §3.1 requires I-JSON, RFC 7493 §2.3).
    DuplicateKey,
    /// A number that JCS cannot represent (outside IEEE-754 double range; RFC 8785 §3.2.2.3).
    NonFiniteNumber,
    /// A JSON-LD context URL that the offline document loader does not have.
    UnknownContext,
    /// A bundled or user context whose bytes do not match the SHA-256 pinned in its index.
    ContextIntegrity,
    /// JSON-LD 1.1 expansion failed (invalid context, protected term redefinition, ...).
    Expansion,
    /// Safe mode: a term, `@type`, `@id` or value would be dropped or stay relative (VC Data Integrity).
    SafeMode,
    /// The json-ld crate's engine cannot process this document as JSON-LD 1.1 and jsonld.js do (it would refuse
    /// it wrongly, or give other canonical N-Quads); `--engine canonprof` can. docs/conformance.md lists the cases.
    CrateLimitation,
    /// The N-Quads input does not parse.
    NQuads,
    /// RDFC-1.0 refused a poison dataset: the Hash N-Degree Quads call limit was exceeded (RDFC-1.0 §7.1).
    Poison,
    /// A command-line value is invalid.
    Usage,
    /// A bug in canonprof (an invariant did not hold).
    Internal,
    /// A VC Data Integrity proof that cannot be created or checked: no proof, not a `DataIntegrityProof` of a
    /// supported cryptosuite, unusable options (`created` not an xsd:dateTime), a `proofValue` that is not
    /// multibase base58btc or not the suite's CBOR (ecdsa-sd-2023, vc-di-ecdsa §3.5), a JSON pointer that
    /// selects nothing (§3.4). The spec's PROOF_GENERATION_ERROR, PROOF_TRANSFORMATION_ERROR and
    /// MALFORMED_PROOF_ERROR (VC Data Integrity §2.1.1).
    Proof,
    /// A key that cannot be used: a malformed Multikey, `did:key`, JWK (RFC 7517), COSE_Key (RFC 9052 §7) or
    /// certificate key, or a key of another algorithm than the suite or format signs with.
    Key,
    /// A signature or MAC that does not verify (a tampered input or the wrong key), or that cannot be made (an
    /// exhausted stateful key, a failing signer), in any format.
    Signature,
    /// A digest that does not match what was signed: a Disclosure that no digest of the issuer-signed JWT
    /// references (RFC 9901 §7.1), an mdoc value digest that is not the MSO's (ISO/IEC 18013-5 §9.3.1).
    Digest,
    /// An SD-JWT or SD-JWT VC (RFC 9901, SD-JWT VC) that is malformed or fails a check other than a signature
    /// or digest: no `~`, a bad Disclosure, a claim that cannot be disclosed, the Key Binding JWT's claims.
    SdJwt,
    /// An ISO/IEC 18013-5 mdoc that is malformed or fails a check other than a signature or digest: not CBOR,
    /// a missing or mistyped field (§8.3.2.1.2), the doc type, the validity period, the certificate chain.
    Mdoc,
    /// A JWS Compact Serialization (RFC 7515 §7.1) that is malformed: not three base64url parts, a protected
    /// header that is not JSON or names another `alg`.
    Jws,
    /// A credential that lacks what the exchange needs: no `credentialSubject` object, a value with no CBOR
    /// form.
    Credential,
    /// An algorithm no usable crate implements (listed in the JWS matrix with the reason).
    Unavailable,
    /// A resource bound was hit: input size, nesting depth, context dereferences ("context overflow").
    Limit,
    /// A saved export that `canonprof report`, `diff` or `merge` cannot use: not a canonprof export, another
    /// `schema_version`, or another `kind` than the command compares.
    SavedExport,
    /// `canonprof diff --fail-above`: a row got slower than the limit allows.
    Regression,
}

/// A failure with its source, position and reason; `Display` gives the one line the CLI prints. Callers match
/// [`Error::kind`] (and [`Error::code`] for JSON-LD), never the reason's text; the underlying failure (an
/// `io::Error`, a decoder's error) stays reachable through [`std::error::Error::source`].
#[derive(Debug, Clone)]
pub struct Error {
    details: Box<Details>,
}

/// What an [`Error`] holds, boxed so that a `Result` stays small on its success path.
#[derive(Debug, Clone)]
struct Details {
    kind: ErrorKind,
    /// The file, URL or option the error is about (e.g. `schemas-education/edu/clr2.json`).
    source_name: Option<String>,
    /// `line:column` (1-based) or a JSON pointer (RFC 6901) such as `/credentialSubject/name`.
    position: Option<String>,
    reason: String,
    /// What to look for in the input to find a position, for stages that do not see the source text (JSON-LD
    /// expansion, deserialization to RDF); the pipeline turns it into a JSON pointer.
    locate: Option<Locate>,
    /// The JSON-LD 1.1 API error code (§9.6) of a JSON-LD failure (the reason says it in words too).
    code: Option<JsonLdErrorCode>,
    /// A refusal that is not final: the json-ld crate's safe-mode pre-check only suspects the document, and
    /// canonprof's engine decides ([`Error::for_other_engine`]).
    undecided: bool,
    /// The failure this error reports, when it comes from another library (shared so that `Error` stays `Clone`).
    cause: Option<Arc<dyn std::error::Error + Send + Sync>>,
}

/// A hint for finding where in a JSON document an error comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Locate {
    /// A member name (e.g. an undefined term).
    Key(String),
    /// A string value, preferably one held by a member with one of these names (e.g. `@type`, `type`).
    Value(String, &'static [&'static str]),
}

/// Result alias used throughout canonprof.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error of `kind` with a reason and no source yet.
    pub fn new(kind: ErrorKind, reason: impl Into<String>) -> Self {
        Error {
            details: Box::new(Details {
                kind,
                source_name: None,
                position: None,
                reason: reason.into(),
                locate: None,
                code: None,
                undecided: false,
                cause: None,
            }),
        }
    }

    /// What went wrong, for matching.
    pub fn kind(&self) -> ErrorKind {
        self.details.kind
    }

    /// The human-readable reason, without source or position.
    pub fn reason(&self) -> &str {
        &self.details.reason
    }

    /// The reason, owned (for an error that becomes part of another's reason or a failed check).
    pub(crate) fn into_reason(self) -> String {
        self.details.reason
    }

    /// The file, URL or option the error is about (e.g. `schemas-education/edu/clr2.json`).
    pub fn source_name(&self) -> Option<&str> {
        self.details.source_name.as_deref()
    }

    /// `line:column` (1-based) or a JSON pointer (RFC 6901) such as `/credentialSubject/name`.
    pub fn position(&self) -> Option<&str> {
        self.details.position.as_deref()
    }

    /// The hint for finding the position in the source document, when the failing stage gave one.
    pub fn locate_hint(&self) -> Option<&Locate> {
        self.details.locate.as_ref()
    }

    /// The JSON-LD 1.1 API error code (§9.6) of a JSON-LD failure.
    pub fn code(&self) -> Option<JsonLdErrorCode> {
        self.details.code
    }

    /// Whether this refusal is left to canonprof's engine to decide ([`Error::for_other_engine`]).
    pub(crate) fn is_undecided(&self) -> bool {
        self.details.undecided
    }

    /// Marks a refusal as not final: the stage only suspects the input, and canonprof's engine decides.
    pub(crate) fn for_other_engine(mut self) -> Self {
        self.details.undecided = true;
        self
    }

    /// Keeps `cause`, the other library's failure this error reports, for [`std::error::Error::source`].
    pub(crate) fn caused_by(
        mut self,
        cause: impl std::error::Error + Send + Sync + 'static,
    ) -> Self {
        self.details.cause = Some(Arc::new(cause));
        self
    }

    /// The same error with its reason rewritten by `rewrite` (kind, source, position and cause kept).
    pub(crate) fn map_reason(mut self, rewrite: impl FnOnce(String) -> String) -> Self {
        self.details.reason = rewrite(std::mem::take(&mut self.details.reason));
        self
    }

    /// Attaches the JSON-LD 1.1 API error code.
    pub fn with_code(mut self, code: JsonLdErrorCode) -> Self {
        self.details.code = Some(code);
        self
    }

    /// Attaches a hint for finding the position in the source document.
    pub fn locate(mut self, locate: Locate) -> Self {
        self.details.locate = Some(locate);
        self
    }

    /// Sets the source (file or URL) unless one is already set.
    pub fn in_source(mut self, source: impl Into<String>) -> Self {
        if self.details.source_name.is_none() {
            self.details.source_name = Some(source.into());
        }
        self
    }

    /// Names the file an inner step worked on: the source becomes `file` or, when the step named its own
    /// input (e.g. `unsecured document`), `file (unsecured document)`.
    pub fn within(mut self, file: &str) -> Self {
        self.details.source_name = Some(match self.details.source_name.take() {
            Some(inner) if inner != file => format!("{file} ({inner})"),
            _ => file.to_string(),
        });
        self
    }

    /// Takes the position of `other` (none when it has none), for an error that rewraps another.
    pub(crate) fn positioned_like(mut self, other: &Error) -> Self {
        self.details.position = other.details.position.clone();
        self
    }

    /// The same error without its source, for a caller that names the source itself.
    pub(crate) fn without_source(mut self) -> Self {
        self.details.source_name = None;
        self
    }

    /// Sets the position (`line:column` or JSON pointer).
    pub fn at(mut self, position: impl Into<String>) -> Self {
        self.details.position = Some(position.into());
        self
    }

    /// An I/O error on `path`, keeping `err` as the cause.
    pub fn io(path: &str, err: std::io::Error) -> Self {
        Error::new(ErrorKind::Io, err.to_string())
            .in_source(path)
            .caused_by(err)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(source) = &self.details.source_name {
            one_line(f, source)?;
            if let Some(position) = &self.details.position {
                f.write_str(":")?;
                one_line(f, position)?;
            }
            f.write_str(": ")?;
        } else if let Some(position) = &self.details.position {
            f.write_str("at ")?;
            one_line(f, position)?;
            f.write_str(": ")?;
        }
        one_line(f, &self.details.reason)
    }
}

/// Writes `text` on one line: a line break or other control character that a quoted input value brought into a
/// reason is written escaped (`\n`, `\u{1b}`), so that an error stays the one line the CLI promises.
fn one_line(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    if !text.chars().any(char::is_control) {
        return f.write_str(text);
    }
    for c in text.chars() {
        match c {
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if c.is_control() => write!(f, "{}", c.escape_unicode())?,
            c => write!(f, "{c}")?,
        }
    }
    Ok(())
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.details
            .cause
            .as_deref()
            .map(|cause| cause as &(dyn std::error::Error + 'static))
    }
}

/// Constructors for the kinds of the credential formats (Data Integrity, SD-JWT, mdoc, JWS) and their keys:
/// `Error::proof(reason)` is `Error::new(ErrorKind::Proof, reason)`, and so on.
macro_rules! kind_constructors {
    ($($name:ident => $kind:ident),* $(,)?) => {
        impl Error {
            $(
                #[doc = concat!("An [`ErrorKind::", stringify!($kind), "`] error.")]
                pub fn $name(reason: impl Into<String>) -> Self {
                    Error::new(ErrorKind::$kind, reason)
                }
            )*
        }
    };
}

kind_constructors! {
    proof => Proof,
    key => Key,
    signature => Signature,
    digest => Digest,
    sd_jwt => SdJwt,
    mdoc => Mdoc,
    jws => Jws,
}

/// Longest part of an input value that a message quotes ([`excerpt`]).
const EXCERPT_CHARS: usize = 80;

/// `value` as a message quotes it: whole when it has at most 80 characters, otherwise its first 80 followed
/// by `…` and how many characters were left out, so that a hostile 200 kB value keeps the error one short line.
pub fn excerpt(value: &str) -> String {
    match value.char_indices().nth(EXCERPT_CHARS) {
        None => value.to_string(),
        Some((cut, _)) => {
            let left_out = value[cut..].chars().count();
            format!("{}… ({left_out} more characters)", &value[..cut])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{excerpt, Error, ErrorKind};
    use std::error::Error as _;

    #[test]
    fn an_io_error_keeps_its_cause_and_its_one_line() {
        let cause = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let error = Error::io("a.json", cause).at("1:2");
        assert_eq!(error.to_string(), "a.json:1:2: no such file");
        assert_eq!(error.kind(), ErrorKind::Io);
        assert_eq!(error.source_name(), Some("a.json"));
        let kept = error
            .source()
            .and_then(|c| c.downcast_ref::<std::io::Error>());
        assert_eq!(
            kept.map(std::io::Error::kind),
            Some(std::io::ErrorKind::NotFound)
        );
        assert!(Error::proof("no proof").source().is_none());
    }

    #[test]
    fn the_undecided_mark_survives_the_builders() {
        let error = Error::new(ErrorKind::SafeMode, "why").for_other_engine();
        assert!(error.in_source("f").at("/a").is_undecided());
        assert!(!Error::new(ErrorKind::SafeMode, "why").is_undecided());
    }

    #[test]
    fn excerpt_cuts_long_values_and_counts_the_rest() {
        assert_eq!(excerpt("short"), "short");
        let exact = "é".repeat(80);
        assert_eq!(excerpt(&exact), exact);
        let long = format!("{}{}", "a".repeat(80), "ü".repeat(200_000));
        assert_eq!(
            excerpt(&long),
            format!("{}… (200000 more characters)", "a".repeat(80))
        );
    }
}
