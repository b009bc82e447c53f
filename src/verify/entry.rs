//! A verified file as its results say it ([`crate::results::verify`]): the report, its timing and its
//! flamegraph, with the verdicts, outcomes and key trust in the results' names.

use super::verdict::{Refusal, Verdict};
use super::{Check, FileReport, Outcome, Role, Trust};
use crate::results::verify::{self as results, CheckEntry, FileTiming, NestedEntry, ReadEntry};

/// The entry of a verified file: its report, its timing when measured, and its span flamegraph (the path as the
/// export records it) when drawn.
pub(super) fn read_entry(
    report: &FileReport,
    timing: Option<&FileTiming>,
    flamegraph: Option<String>,
) -> ReadEntry {
    ReadEntry {
        file: report.file.clone(),
        readable: true,
        format: report.format.name().to_string(),
        verified: report.verified(),
        verdict: verdict(report.verdict()),
        checks: checks(&report.checks),
        nested: report
            .nested
            .iter()
            .map(|n| NestedEntry {
                pointer: n.pointer.clone(),
                id: n.id.clone(),
                counts: n.counts,
                verified: n.verified(),
                verdict: verdict(n.verdict()),
                checks: checks(&n.checks),
            })
            .collect(),
        timing: timing.cloned(),
        flamegraph,
    }
}

fn checks(checks: &[Check]) -> Vec<CheckEntry> {
    checks
        .iter()
        .map(|c| {
            let (signature, trust) = match c.role {
                Role::Signature { trust } => (true, trust.map(key_trust)),
                Role::Other => (false, None),
            };
            CheckEntry {
                subject: c.subject.clone(),
                outcome: outcome(c.outcome),
                detail: c.detail.clone(),
                signature,
                key_trust: trust,
            }
        })
        .collect()
}

fn verdict(verdict: Verdict) -> results::Verdict {
    match verdict {
        Verdict::Verified => results::Verdict::Verified,
        Verdict::VerifiedSelfAsserted => results::Verdict::VerifiedSelfAsserted,
        Verdict::NotVerified(Refusal::Failed) => results::Verdict::Failed,
        Verdict::NotVerified(Refusal::Unsupported) => results::Verdict::Unsupported,
        Verdict::NotVerified(Refusal::NoSignature) => results::Verdict::NoSignature,
        Verdict::NotVerified(Refusal::KeyNotTrusted) => results::Verdict::KeyNotTrusted,
    }
}

fn outcome(outcome: Outcome) -> results::Outcome {
    match outcome {
        Outcome::Verified => results::Outcome::Verified,
        Outcome::Failed => results::Outcome::Failed,
        Outcome::Unsupported => results::Outcome::Unsupported,
        Outcome::NotChecked => results::Outcome::NotChecked,
    }
}

fn key_trust(trust: Trust) -> results::KeyTrust {
    match trust {
        Trust::Given => results::KeyTrust::Given,
        Trust::Anchored => results::KeyTrust::Anchored,
        Trust::SelfCertifying => results::KeyTrust::SelfCertifying,
        Trust::SelfAsserted => results::KeyTrust::SelfAsserted,
    }
}
