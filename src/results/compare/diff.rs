//! `canonprof diff A.json B.json`: every row present in both runs with B/A, its confidence interval and a
//! verdict ([`Criteria::judge`]: a change only when significant and beyond the band); rows found in only one run
//! listed.

use super::{Criteria, RunInfo, Verdict};
use crate::results::saved::rows::{rows, Row};
use crate::results::saved::SavedRun;
use crate::stats::change::{self, Change};
use std::collections::HashMap;

/// One row present in both runs.
#[derive(Debug, Clone)]
pub(crate) struct DiffRow {
    /// The row's group (`canonicalization`, `exchange`, …).
    pub group: &'static str,
    /// Its key ([`Row::key`]).
    pub key: String,
    /// A's median (µs).
    pub a_us: f64,
    /// B's median (µs).
    pub b_us: f64,
    /// B / A.
    pub ratio: f64,
    /// The test's p-value and the interval of B/A (`None`: too few runs to tell).
    pub change: Option<Change>,
    /// The verdict.
    pub verdict: Verdict,
}

/// The comparison of two runs.
#[derive(Debug, Clone)]
pub(crate) struct Diff {
    /// What is called a change.
    pub criteria: Criteria,
    /// Run A.
    pub a: RunInfo,
    /// Run B.
    pub b: RunInfo,
    /// Rows in both, in A's order.
    pub rows: Vec<DiffRow>,
    /// Rows only A has (group, key).
    pub only_a: Vec<(&'static str, String)>,
    /// Rows only B has.
    pub only_b: Vec<(&'static str, String)>,
}

impl Diff {
    /// How many rows got each verdict: (slower, faster, no change, too few runs to tell).
    pub(crate) fn counts(&self) -> (usize, usize, usize, usize) {
        let count = |v: Verdict| self.rows.iter().filter(|r| r.verdict == v).count();
        (
            count(Verdict::Slower),
            count(Verdict::Faster),
            count(Verdict::NoChange),
            count(Verdict::TooFewRuns),
        )
    }

    /// The rows with the verdict "slower" whose B/A is also above `1 + limit` (`--fail-above`).
    pub(crate) fn slower_than(&self, limit: f64) -> Vec<&DiffRow> {
        self.rows
            .iter()
            .filter(|r| r.verdict == Verdict::Slower && r.ratio > 1.0 + limit)
            .collect()
    }
}

/// Compares `b` against `a` row by row with `criteria`. B/A is the ratio of the rows' medians (1 when they are
/// equal, so two zeros are no change); the test and the interval use the rows' run medians and kept samples.
pub(crate) fn diff(a: &SavedRun, b: &SavedRun, criteria: Criteria) -> Diff {
    let (rows_a, rows_b) = (rows(a), rows(b));
    let index = |rows: &[Row]| -> HashMap<(&'static str, String), usize> {
        rows.iter()
            .enumerate()
            .map(|(i, r)| ((r.group, r.key.clone()), i))
            .collect()
    };
    let (in_a, in_b) = (index(&rows_a), index(&rows_b));
    let mut both = Vec::new();
    let mut only_a = Vec::new();
    for row in &rows_a {
        match in_b.get(&(row.group, row.key.clone())) {
            Some(&i) => {
                let other = &rows_b[i];
                let ratio = if row.median_us == other.median_us {
                    1.0
                } else {
                    other.median_us / row.median_us
                };
                let change = change::compare(row.side(), other.side(), criteria.significance);
                both.push(DiffRow {
                    group: row.group,
                    key: row.key.clone(),
                    a_us: row.median_us,
                    b_us: other.median_us,
                    ratio,
                    verdict: criteria.judge(ratio, change.as_ref()),
                    change,
                });
            }
            None => only_a.push((row.group, row.key.clone())),
        }
    }
    let only_b = rows_b
        .iter()
        .filter(|r| !in_a.contains_key(&(r.group, r.key.clone())))
        .map(|r| (r.group, r.key.clone()))
        .collect();
    Diff {
        criteria,
        a: RunInfo::of(a),
        b: RunInfo::of(b),
        rows: both,
        only_a,
        only_b,
    }
}
