//! The work counters of one credential's RDFC-1.0 ([`crate::canon::work`]): one iteration at steady state (the
//! session as the measured runs left it), one cold (a fresh copy of the session: context cache and memo empty),
//! and, for canonprof's engine, one following the algorithms as written (no memo, no context cache) — whose
//! canonical N-Quads must be the same bytes.

use crate::canon::rdfc::{self, RdfcOptions};
use crate::canon::work::{self, Engines, Work};
use crate::canon::{Engine, Session};
use crate::error::{Error, ErrorKind, Result};
use crate::results::CounterResult;

/// The counters of RDFC-1.0 on `text` through `session`'s engine (see the module documentation), those that
/// engine has. Errors: the pipeline's; [`ErrorKind::Internal`] when the run as written gives other canonical
/// N-Quads.
pub(crate) fn counters(
    label: &str,
    text: &str,
    session: &Session,
    options: &RdfcOptions,
) -> Result<Vec<CounterResult>> {
    let (steady, canonical) = counted(label, text, session, options)?;
    let (cold, _) = counted(label, text, &session.fresh_copy(), options)?;
    let canonprof = session.engine() == Engine::Canonprof;
    let as_written = if canonprof {
        let literal = session.fresh_with(session.settings().with_as_written(true));
        let (as_written, literal_canonical) = counted(label, text, &literal, options)?;
        if literal_canonical != canonical {
            return Err(Error::new(
                ErrorKind::Internal,
                "internal error: canonprof's engine gives other canonical N-Quads when it follows the algorithms as written",
            )
            .in_source(label));
        }
        Some(as_written)
    } else {
        None
    };
    Ok(steady
        .iter()
        .filter(|(step, _)| canonprof || step.engines() == Engines::Both)
        .map(|(step, value)| CounterResult {
            name: step.name().to_string(),
            section: step.section().to_string(),
            steady: value,
            cold: cold.get(step),
            as_written: as_written.map(|w| w.get(step)),
        })
        .collect())
}

/// One counted canonicalization: its counts and canonical N-Quads.
fn counted(
    label: &str,
    text: &str,
    session: &Session,
    options: &RdfcOptions,
) -> Result<(Work, String)> {
    work::take();
    let output = rdfc::canonicalize_jsonld(label, text, session, options)?;
    Ok((work::take(), output.canonical))
}
