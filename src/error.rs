//! The one error type of canonprof: every failure names its source (a file, a URL or an option), the position
//! where known (`line:column` or a JSON pointer) and the reason, in a single line.

use std::fmt;

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
    /// The N-Quads input does not parse.
    NQuads,
    /// RDFC-1.0 refused a poison dataset: the Hash N-Degree Quads call limit was exceeded (RDFC-1.0 §7.1).
    Poison,
    /// A command-line value is invalid.
    Usage,
    /// A bug in canonprof (an invariant did not hold).
    Internal,
    /// A Data Integrity proof or key that cannot be used (bad multibase, wrong key type, missing proof).
    Integrity,
    /// An algorithm no usable crate implements (listed in the JWS matrix with the reason).
    Unavailable,
    /// A resource bound was hit: input size, nesting depth, context dereferences ("context overflow").
    Limit,
}

/// A failure with its source, position and reason; `Display` gives the one line the CLI prints.
#[derive(Debug, Clone)]
pub struct Error {
    /// What went wrong, for matching.
    pub kind: ErrorKind,
    /// The file, URL or option the error is about (e.g. `schemas-education/edu/clr2.json`).
    pub source: Option<String>,
    /// `line:column` (1-based) or a JSON pointer (RFC 6901) such as `/credentialSubject/name`.
    pub position: Option<String>,
    /// A human-readable reason.
    pub reason: String,
    /// What to look for in the input to find a position, for stages that do not see the source text (JSON-LD
    /// expansion, deserialization to RDF); the pipeline turns it into a JSON pointer.
    pub locate: Option<Locate>,
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
            kind,
            source: None,
            position: None,
            reason: reason.into(),
            locate: None,
        }
    }

    /// Attaches a hint for finding the position in the source document.
    pub fn locate(mut self, locate: Locate) -> Self {
        self.locate = Some(locate);
        self
    }

    /// Sets the source (file or URL) unless one is already set.
    pub fn in_source(mut self, source: impl Into<String>) -> Self {
        if self.source.is_none() {
            self.source = Some(source.into());
        }
        self
    }

    /// Names the file an inner step worked on: the source becomes `file` or, when the step named its own
    /// input (e.g. `unsecured document`), `file (unsecured document)`.
    pub fn within(mut self, file: &str) -> Self {
        self.source = Some(match self.source.take() {
            Some(inner) if inner != file => format!("{file} ({inner})"),
            _ => file.to_string(),
        });
        self
    }

    /// Sets the position (`line:column` or JSON pointer).
    pub fn at(mut self, position: impl Into<String>) -> Self {
        self.position = Some(position.into());
        self
    }

    /// An I/O error on `path`.
    pub fn io(path: &str, err: &std::io::Error) -> Self {
        Error::new(ErrorKind::Io, err.to_string()).in_source(path)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(source) = &self.source {
            write!(f, "{source}")?;
            if let Some(position) = &self.position {
                write!(f, ":{position}")?;
            }
            write!(f, ": ")?;
        } else if let Some(position) = &self.position {
            write!(f, "at {position}: ")?;
        }
        write!(f, "{}", self.reason)
    }
}

impl std::error::Error for Error {}
