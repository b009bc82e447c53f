//! Span flamegraphs of the exchange: for one suite on one credential, the stacks
//! `suite;operation;step;phase;sub-phase` (e.g. `ecdsa-sd-2023;issue;canonicalize_document;expand`) with each
//! frame's exact span time, as the mean per exchange over a number of exchanges — the main job's span graphs,
//! one level up. SVG and folded stacks side by side.

use super::{Exchange, Operation};
use crate::error::Result;
use crate::profile::flamegraph::{self, Titles};
use crate::profile::folded::{self, Folded};
use crate::profile::{take_records, Timer};
use std::path::Path;

/// Runs `exchanges` whole exchanges of `leg` under the span timer, each operation in a span named after it, and
/// folds the records under `root` (mean ns per exchange). Errors: any operation's.
pub(crate) fn exchange_stacks(
    leg: &dyn Exchange,
    root: &str,
    exchanges: usize,
    timer: &Timer,
) -> Result<Folded> {
    timer.prime();
    take_records();
    let mut records = Vec::new();
    for _ in 0..exchanges {
        for op in Operation::ALL {
            timer.timed(|| {
                let _span = op.span().entered();
                leg.run(op)
            })?;
            records.append(&mut take_records());
        }
    }
    Ok(folded::per(
        &folded::from_span_records(&records, root),
        exchanges.max(1) as u64,
    ))
}

/// Draws `stacks` as `<dir>/exchange-<credential>-<suite>.svg` (and `.folded`); returns the SVG file name.
pub(crate) fn write(
    stacks: &Folded,
    credential: &str,
    suite: &str,
    exchanges: usize,
    dir: &Path,
) -> Result<String> {
    let stem = format!("exchange-{credential}-{suite}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect::<String>();
    let titles = Titles {
        title: format!(
            "{credential} — {suite} exchange — span time, mean of {exchanges} exchanges"
        ),
        subtitle: format!(
            "issue, present, verify · canonprof {} · commit {}",
            env!("CARGO_PKG_VERSION"),
            env!("CANONPROF_GIT_COMMIT")
        ),
        count_name: "ns".to_string(),
        root: format!("{credential} — {suite} exchange"),
    };
    let svg = format!("{stem}.svg");
    crate::export::write_atomically(&dir.join(&svg), &flamegraph::svg(stacks, &titles)?)?;
    crate::export::write_atomically(
        &dir.join(format!("{stem}.folded")),
        &folded::to_text(stacks),
    )?;
    Ok(svg)
}
