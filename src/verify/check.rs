//! What one check of a file concluded, and what it is for the verdict: a signature (with where its key came
//! from) or another check.

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
    /// (`verdict::decide`).
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

/// Where a checked signature's key came from, which decides whether it can be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trust {
    /// A key the user gave with `--key`.
    Given,
    /// A certificate chain that reaches `--trust-anchor`.
    Anchored,
    /// An identifier that is its own key: `did:key`, `did:jwk` (resolved offline, nobody else can have signed).
    SelfCertifying,
    /// A key the credential carries about itself (a header `jwk`, an `x5c` or mdoc DS certificate that chains to
    /// no `--trust-anchor`): anyone can make one for any issuer.
    SelfAsserted,
}

impl Trust {
    /// The words the report uses.
    pub fn describe(self) -> &'static str {
        match self {
            Trust::Given => "a --key",
            Trust::Anchored => "chained to --trust-anchor",
            Trust::SelfCertifying => "a self-certifying identifier",
            Trust::SelfAsserted => "self-asserted, not anchored",
        }
    }
}

/// What a check is, for the verdict: a signature (or proof) over what the format signs, or anything else
/// (validity, status, binding, digests, a certificate chain line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A signature or proof. `trust` is where its key came from; `None` when no key was found or used (then the
    /// check is failed or unsupported anyway).
    Signature {
        /// Where the key came from.
        trust: Option<Trust>,
    },
    /// Any other check.
    Other,
}
