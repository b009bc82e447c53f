//! The verification work one file may cost, so that a document crafted to be expensive is refused after a
//! bounded amount of work: at most [`ProofLimits::max_proofs`] proofs in one proof set (VC Data Integrity §4.5),
//! and at most [`ProofLimits::max_canonicalizations`] canonicalizations (RDFC-1.0 or JCS runs) for the whole
//! file, the signed credentials nested in it included. Each limit has a command-line option (`--max-proofs`,
//! `--max-canonicalizations`), passed as a value (`crate::canon::Settings::proof_limits`).
//!
//! The canonicalization count is kept per thread inside a [`Scope`] (one file's verification): every
//! canonicalization a verifier runs calls [`charge`] first. Outside a scope (signing, the benchmarks) nothing is
//! refused.

use crate::error::{Error, ErrorKind, Result};
use std::cell::Cell;

pub use crate::document::ProofLimits;

/// The BBS statements (messages) one file's verification may cover across all its bbs-2023 proofs: BBS
/// ProofVerify makes one hash-to-curve generator per statement (zkryptium, anew in every call; some 0.65 ms each on
/// the 2-core VM), so a file of many proofs each just under the per-proof bound
/// ([`MAX_MESSAGES`](super::bbs::proof_value::MAX_MESSAGES)) would otherwise cost minutes. 4,096 statements are
/// under 3 s; a credential has tens to a few hundred.
pub const MAX_BBS_STATEMENTS: usize = 4096;

thread_local! {
    /// Inside a [`Scope`]: (canonicalizations charged, the most allowed).
    static SPENT: Cell<Option<(usize, usize)>> = const { Cell::new(None) };
    /// Inside a [`Scope`]: the BBS statements charged.
    static BBS_SPENT: Cell<Option<usize>> = const { Cell::new(None) };
    /// Every canonicalization charged on this thread, in a scope or not.
    static CHARGED: Cell<u64> = const { Cell::new(0) };
}

/// The canonicalizations charged on this thread so far (read twice, they count what ran in between, a figure
/// that does not depend on the machine).
pub fn charged() -> u64 {
    CHARGED.with(Cell::get)
}

/// One file's verification: canonicalizations are counted against a limit
/// ([`ProofLimits::max_canonicalizations`]) until the scope is dropped. A scope opened inside another one (a
/// credential verified inside a file) adds to the outer count.
#[must_use = "the budget applies while the scope lives"]
pub struct Scope {
    outer: bool,
}

impl Scope {
    /// Starts counting up to `max_canonicalizations` (or joins the scope already counting on this thread).
    pub fn with_limit(max_canonicalizations: usize) -> Scope {
        let outer = SPENT.with(|spent| match spent.get() {
            Some(_) => false,
            None => {
                spent.set(Some((0, max_canonicalizations)));
                BBS_SPENT.with(|bbs| bbs.set(Some(0)));
                true
            }
        });
        Scope { outer }
    }

    /// Canonicalizations charged so far in this thread's scope.
    pub fn spent(&self) -> usize {
        SPENT.with(|spent| spent.get().map_or(0, |(n, _)| n))
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        if self.outer {
            SPENT.with(|spent| spent.set(None));
            BBS_SPENT.with(|bbs| bbs.set(None));
        }
    }
}

/// Counts one canonicalization of the file being verified. Errors: [`ErrorKind::Limit`] once the file has run
/// [`ProofLimits::max_canonicalizations`] of them (nothing is refused outside a [`Scope`]).
pub fn charge() -> Result<()> {
    SPENT.with(|spent| match spent.get() {
        Some((n, max)) if n >= max => Err(Error::new(
            ErrorKind::Limit,
            format!(
                "the file's verification needs more than {max} canonicalizations (raise with --max-canonicalizations)"
            ),
        )),
        counting => {
            if let Some((n, max)) = counting {
                spent.set(Some((n + 1, max)));
            }
            CHARGED.with(|c| c.set(c.get() + 1));
            Ok(())
        }
    })
}

/// Counts the `statements` a BBS ProofVerify of the file being verified covers. Errors: [`ErrorKind::Limit`] once
/// the file's proofs cover more than [`MAX_BBS_STATEMENTS`] (nothing is refused outside a [`Scope`]).
pub fn charge_bbs_statements(statements: usize) -> Result<()> {
    BBS_SPENT.with(|bbs| match bbs.get() {
        Some(n) if n.saturating_add(statements) > MAX_BBS_STATEMENTS => Err(Error::new(
            ErrorKind::Limit,
            format!(
                "the file's bbs-2023 proofs cover more than {MAX_BBS_STATEMENTS} BBS statements ({} with this proof); BBS ProofVerify's work grows with them",
                n.saturating_add(statements)
            ),
        )),
        Some(n) => {
            bbs.set(Some(n + statements));
            Ok(())
        }
        None => Ok(()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_refuses_the_canonicalization_past_its_limit_and_only_inside() {
        {
            let scope = Scope::with_limit(3);
            let inner = Scope::with_limit(100);
            for _ in 0..3 {
                charge().unwrap();
            }
            drop(inner);
            assert_eq!(scope.spent(), 3);
            let e = charge().unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Limit);
            assert!(e.reason().contains("more than 3 canonicalizations"), "{e}");
        }
        for _ in 0..10 {
            charge().unwrap();
        }
    }

    #[test]
    fn a_scope_refuses_bbs_statements_past_the_file_bound() {
        {
            let _scope = Scope::with_limit(10);
            charge_bbs_statements(MAX_BBS_STATEMENTS - 10).unwrap();
            charge_bbs_statements(10).unwrap();
            let e = charge_bbs_statements(1).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Limit);
        }
        charge_bbs_statements(MAX_BBS_STATEMENTS * 2).unwrap();
    }
}
