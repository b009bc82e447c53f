//! The verdict, in one place for every format: a file (or a nested credential) is verified only when
//! (a) at least one signature or proof was checked cryptographically, (b) every signature present was checked and
//! passed, (c) no other check failed or was unsupported, and (d) every checked signature's key is trusted — a
//! `--key`, a certificate chain to `--trust-anchor`, or a self-certifying identifier (`did:key`, `did:jwk`). A
//! key the credential only carries itself (a header `jwk`, an `x5c` or DS certificate that reaches no anchor) makes
//! the verdict `NOT VERIFIED (key not trusted)` unless `--accept-self-asserted` is given. Validity, status and
//! binding lines never verify a file on their own: only signature checks count toward (a).

use super::check::{Check, Outcome, Role, Trust};

/// A file's or nested credential's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Every rule holds with trusted keys.
    Verified,
    /// Every rule holds, but a key was only self-asserted and `--accept-self-asserted` accepted it.
    VerifiedSelfAsserted,
    /// Not verified, for this reason.
    NotVerified(Refusal),
}

/// Why a verdict is `NOT VERIFIED`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// A check failed.
    Failed,
    /// A check could not be made (unsupported suite, unresolvable key).
    Unsupported,
    /// No signature or proof was checked: an empty or absent signature list, or nothing that signs.
    NoSignature,
    /// A signature verified, but only with a key the credential asserts about itself.
    KeyNotTrusted,
}

impl Verdict {
    /// Whether the file counts as verified (exit status 0).
    pub fn is_verified(self) -> bool {
        matches!(self, Verdict::Verified | Verdict::VerifiedSelfAsserted)
    }

    /// Two verdicts that must both hold (a file's and a nested credential's that counts): the first refusal, else
    /// verified with a self-asserted key if either was, else verified.
    pub fn and(self, other: Verdict) -> Verdict {
        match (self, other) {
            (Verdict::NotVerified(_), _) => self,
            (_, Verdict::NotVerified(_)) => other,
            (Verdict::Verified, Verdict::Verified) => Verdict::Verified,
            _ => Verdict::VerifiedSelfAsserted,
        }
    }

    /// The words of the verdict line: `verified`, `verified (key not anchored: --accept-self-asserted)`,
    /// `NOT VERIFIED`, `NOT VERIFIED (no signature checked)`, `NOT VERIFIED (key not trusted)`.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::VerifiedSelfAsserted => {
                "verified (a self-asserted key, not anchored, accepted by --accept-self-asserted)"
            }
            Verdict::NotVerified(Refusal::Failed | Refusal::Unsupported) => "NOT VERIFIED",
            Verdict::NotVerified(Refusal::NoSignature) => "NOT VERIFIED (no signature checked)",
            Verdict::NotVerified(Refusal::KeyNotTrusted) => "NOT VERIFIED (key not trusted)",
        }
    }

    /// A name for `--export-json`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::VerifiedSelfAsserted => "verified-self-asserted",
            Verdict::NotVerified(Refusal::Failed) => "failed",
            Verdict::NotVerified(Refusal::Unsupported) => "unsupported",
            Verdict::NotVerified(Refusal::NoSignature) => "no-signature",
            Verdict::NotVerified(Refusal::KeyNotTrusted) => "key-not-trusted",
        }
    }
}

/// The rule (see the module doc) over one credential's checks.
pub(crate) fn decide(checks: &[Check], accept_self_asserted: bool) -> Verdict {
    if checks.iter().any(|c| c.outcome == Outcome::Failed) {
        return Verdict::NotVerified(Refusal::Failed);
    }
    if checks.iter().any(|c| c.outcome == Outcome::Unsupported) {
        return Verdict::NotVerified(Refusal::Unsupported);
    }
    let signatures: Vec<&Check> = checks
        .iter()
        .filter(|c| matches!(c.role, Role::Signature { .. }))
        .collect();
    // Every signature present was checked and passed: a signature line that is anything but verified (here only
    // `NotChecked` is left) means one was not checked.
    if signatures.is_empty() || signatures.iter().any(|c| c.outcome != Outcome::Verified) {
        return Verdict::NotVerified(Refusal::NoSignature);
    }
    let trusts = signatures.iter().map(|c| match c.role {
        Role::Signature { trust } => trust,
        Role::Other => None,
    });
    let mut self_asserted = false;
    for trust in trusts {
        match trust {
            Some(Trust::Given | Trust::Anchored | Trust::SelfCertifying) => {}
            Some(Trust::SelfAsserted) => self_asserted = true,
            // A verified signature must say where its key came from; one that does not is not trusted.
            None => return Verdict::NotVerified(Refusal::KeyNotTrusted),
        }
    }
    match (self_asserted, accept_self_asserted) {
        (false, _) => Verdict::Verified,
        (true, true) => Verdict::VerifiedSelfAsserted,
        (true, false) => Verdict::NotVerified(Refusal::KeyNotTrusted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sig(outcome: Outcome, trust: Option<Trust>) -> Check {
        Check::signature("signature", outcome, "", trust)
    }

    fn other(outcome: Outcome) -> Check {
        Check::new("validity", outcome, "")
    }

    #[test]
    fn only_signatures_with_trusted_keys_verify() {
        use Outcome::*;
        let refused = |r| Verdict::NotVerified(r);
        let cases: Vec<(Vec<Check>, bool, Verdict)> = vec![
            (vec![], false, refused(Refusal::NoSignature)),
            (vec![other(Verified)], false, refused(Refusal::NoSignature)),
            (
                vec![other(Verified), other(NotChecked)],
                true,
                refused(Refusal::NoSignature),
            ),
            (
                vec![sig(Verified, Some(Trust::Given))],
                false,
                Verdict::Verified,
            ),
            (
                vec![sig(Verified, Some(Trust::SelfCertifying)), other(Verified)],
                false,
                Verdict::Verified,
            ),
            (
                vec![sig(Verified, Some(Trust::Anchored)), other(NotChecked)],
                false,
                Verdict::Verified,
            ),
            (
                vec![sig(Verified, Some(Trust::Given)), other(Failed)],
                false,
                refused(Refusal::Failed),
            ),
            (
                vec![
                    sig(Verified, Some(Trust::Given)),
                    sig(Failed, Some(Trust::Given)),
                ],
                false,
                refused(Refusal::Failed),
            ),
            (
                vec![sig(Verified, Some(Trust::Given)), sig(Unsupported, None)],
                false,
                refused(Refusal::Unsupported),
            ),
            (
                vec![sig(Verified, Some(Trust::Given)), sig(NotChecked, None)],
                false,
                refused(Refusal::NoSignature),
            ),
            (
                vec![sig(Verified, Some(Trust::SelfAsserted))],
                false,
                refused(Refusal::KeyNotTrusted),
            ),
            (
                vec![sig(Verified, Some(Trust::SelfAsserted))],
                true,
                Verdict::VerifiedSelfAsserted,
            ),
            (
                vec![
                    sig(Verified, Some(Trust::Given)),
                    sig(Verified, Some(Trust::SelfAsserted)),
                ],
                false,
                refused(Refusal::KeyNotTrusted),
            ),
            (
                vec![sig(Verified, None)],
                true,
                refused(Refusal::KeyNotTrusted),
            ),
        ];
        for (i, (checks, accept, want)) in cases.into_iter().enumerate() {
            assert_eq!(decide(&checks, accept), want, "case {i}");
        }
    }
}
