//! Span flamegraphs of the exchange: for one suite on one credential, the stacks
//! `suite;operation;step;phase;sub-phase` (e.g. `ecdsa-sd-2023;issue;canonicalize_document;expand`) with each
//! frame's exact span time, as the mean per exchange over a number of exchanges — the main job's span graphs,
//! one level up. SVG and folded stacks side by side.

use super::{Exchange, Operation};
use crate::error::Result;
use crate::export::profile::write_beside;
use crate::export::profile::{chrome_trace, ProfileFormats, Viewable};
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

/// Exchanges in the Chrome trace of one suite.
const TRACED_EXCHANGES: usize = 3;

/// The span timeline of a few whole exchanges of `leg` (issue, present, verify, each in its span), in a pass of
/// its own after the measured one. Errors: any operation's.
pub(crate) fn exchange_timeline(
    leg: &dyn Exchange,
    timer: &Timer,
) -> Result<Vec<chrome_trace::Iteration>> {
    timer.prime();
    chrome_trace::trace(TRACED_EXCHANGES, &mut || {
        Operation::ALL.iter().try_for_each(|op| {
            timer.timed(|| {
                let _span = op.span().entered();
                leg.run(*op).map(drop)
            })
        })
    })
}

/// One exchange span graph to write.
pub(crate) struct Graph<'a> {
    /// Mean span time per exchange.
    pub stacks: &'a Folded,
    /// The timeline of a few exchanges (empty: no Chrome trace).
    pub timeline: &'a [chrome_trace::Iteration],
    /// Credential name.
    pub credential: &'a str,
    /// The suite (and engine, backend) the graph is named after.
    pub suite: &'a str,
    /// Exchanges the mean is over.
    pub exchanges: usize,
}

/// Draws `graph` as `<dir>/exchange-<credential>-<suite>.svg` (and `.folded`), and beside it the files for the
/// viewers `formats` asks for (speedscope, Chrome trace); returns the SVG file name.
pub(crate) fn write(graph: &Graph, dir: &Path, formats: ProfileFormats) -> Result<String> {
    let Graph {
        stacks,
        timeline,
        credential,
        suite,
        exchanges,
    } = *graph;
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
    let title = format!("{credential} {suite} exchange");
    let write = |profile: &Viewable| write_beside(dir, &stem, &title, profile, formats);
    write(&Viewable::Spans { stacks })?;
    let root = suite;
    write(&Viewable::Timeline {
        root,
        iterations: timeline,
    })?;
    Ok(svg)
}
