//! `verify --iterations N --runs R`: one file's whole verification ([`super::dispatch::verify_bytes`]) repeated under the
//! span timer, the way the exchange times its operations ([`profile::measure()`]: warm-up, then R runs of N), with
//! the median of run medians of every step. The steps are the spans the verifiers open, each cryptosuite's and
//! format's own:
//! - Data Integrity: `canonicalize_document` and `canonicalize_proof_config` (the RDFC-1.0 or JCS pipeline, its
//!   phases one level down), `hash_data`, `verify`, for ecdsa-sd-2023 `relabel`, `group` and
//!   `verify_statements`, for bbs-2023 `relabel` and `bbs_proof_verify`;
//! - SD-JWT: `verify` (the issuer signature), `digests`, `key_binding`;
//! - mdoc: `certificate_chain`, `verify`, `digests`, `device_auth`.
//!
//! Beside the times, counts that do not depend on the machine: how many times each step ran per verification,
//! and the spec-step counters ([`crate::canon::work`]) of one verification. Nested credentials are verified in
//! every iteration too, so a step's time is summed over every proof the file holds.

use super::detect::Format;
use super::dispatch::verify_bytes;
use super::options::Options;
use super::report::FileReport;
use crate::canon::work::{self, Engines};
use crate::error::Result;
use crate::profile::{self, folded, take_records, Plan, Timer};
use crate::stats::RunStats;

pub(crate) use crate::results::verify::{CounterValue, FileTiming, StepTiming};

/// Times the verification of `bytes` (named `label`) per `plan`; no timing when the verification ends before any
/// of its steps runs (a document without a proof, say: there is nothing to time, and its verdict stands). Errors:
/// the file cannot be parsed at all (what [`verify_bytes`] refuses).
pub fn time_file(
    label: &str,
    bytes: &[u8],
    format: Option<Format>,
    options: &Options,
    plan: &Plan,
    timer: &Timer,
) -> Result<(FileReport, Option<FileTiming>)> {
    // The verification whose report is shown runs under the timer, so it also tells whether there is anything to
    // time.
    timer.prime();
    take_records();
    let report = timer.timed(|| verify_bytes(label, bytes, format, options))?;
    if take_records().is_empty() {
        return Ok((report, None));
    }
    let mut workload = || verify_bytes(label, bytes, format, options).map(|_| ());
    let samples = profile::measure(plan, timer, &mut workload, &mut || {})?;
    // One more verification for what does not depend on the machine: the calls of each step, the counters.
    work::take();
    take_records();
    timer.timed(workload)?;
    let counts = work::take();
    let records = take_records();
    let steps = depth_first(&records)
        .into_iter()
        .map(|(parent, name)| {
            let (depth, key) = match parent {
                None => (0, None),
                Some(p) => (1, Some(p)),
            };
            StepTiming {
                name: name.to_string(),
                depth,
                parent: key.map(str::to_string),
                calls_per_verification: records
                    .iter()
                    .filter(|r| {
                        r.depth == depth && r.name == name && (depth == 0 || Some(r.root) == key)
                    })
                    .count(),
                stats: RunStats::from_runs(&match key {
                    None => samples.span((0, name)),
                    Some(p) => samples.span_under(p, name),
                }),
            }
        })
        .collect();
    let canonprof_engine = options.session.engine() == crate::canon::Engine::Canonprof;
    let counters = counts
        .iter()
        .filter(|(step, value)| *value > 0 && (canonprof_engine || step.engines() == Engines::Both))
        .map(|(step, value)| CounterValue {
            name: step.name().to_string(),
            section: step.section().to_string(),
            value,
        })
        .collect();
    let timing = FileTiming {
        file: label.to_string(),
        format: report.format.name().to_string(),
        verified: report.verified(),
        total: RunStats::from_runs(&samples.total),
        steps,
        counters,
    };
    Ok((report, Some(timing)))
}

/// The depth-0 steps in order of first appearance, each followed by the spans directly inside it (`Some(parent)`),
/// as `(parent, name)`.
fn depth_first(records: &[profile::SpanRecord]) -> Vec<(Option<&'static str>, &'static str)> {
    let mut order: Vec<(Option<&'static str>, &'static str)> = Vec::new();
    let tops: Vec<&'static str> =
        records
            .iter()
            .filter(|r| r.depth == 0)
            .fold(Vec::new(), |mut tops, r| {
                if !tops.contains(&r.name) {
                    tops.push(r.name);
                }
                tops
            });
    for top in tops {
        order.push((None, top));
        for r in records.iter().filter(|r| r.depth == 1 && r.root == top) {
            if !order.contains(&(Some(top), r.name)) {
                order.push((Some(top), r.name));
            }
        }
    }
    order
}

/// Folded span stacks of `verifications` verifications of the file (mean ns per verification), rooted at
/// `root`; none when the verification ends before any of its steps runs. Errors: as [`time_file`].
pub(crate) fn stacks(
    label: &str,
    bytes: &[u8],
    format: Option<Format>,
    options: &Options,
    verifications: usize,
    timer: &Timer,
    root: &str,
) -> Result<Option<folded::Folded>> {
    timer.prime();
    take_records();
    let mut records = Vec::new();
    for _ in 0..verifications.max(1) {
        timer.timed(|| verify_bytes(label, bytes, format, options))?;
        records.append(&mut take_records());
    }
    if records.is_empty() {
        return Ok(None);
    }
    Ok(Some(folded::per(
        &folded::from_span_records(&records, root),
        verifications.max(1) as u64,
    )))
}
