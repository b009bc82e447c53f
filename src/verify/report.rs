//! One file's verification, with the signed credentials nested inside it, and their verdicts.

use super::check::{Check, Outcome, Role};
use super::detect::Format;
use super::verdict::{self, Verdict};

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
    /// Its verdict, by the same rule as a file's (`verdict::decide`).
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
    /// Its verdict: its own checks' (`verdict::decide`) combined with every nested credential's that counts
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
