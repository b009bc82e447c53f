//! `--export-csv`: one row per (credential, algorithm, phase or sub-phase), plus a `total` row per (credential,
//! algorithm). A sub-phase row names its phase in `parent` (its time is included in the parent's). Times in µs;
//! `share` is a fraction of the pipeline's median total. The `kind` column says what a row is: `phase`,
//! `subphase`, `total`; `step` for a `--detail spec` self time (the step in `phase`, its phase in `parent`);
//! `counter` for a work counter (its name in `phase`, its section in `parent`, the counts in `steady`, `cold`
//! and `as_written`, the time columns empty). A signed credential's proof parts have the algorithm
//! `<algorithm> <proof> <part>`.

use crate::results::{CredentialResult, Report};
use crate::stats::RunStats;

/// The header row.
const HEADER: &str =
    "credential,set,algorithm,phase,parent,median_us,min_run_median_us,max_run_median_us,p10_us,p90_us,share,runs,samples,bytes,quads,blank_nodes,kind,steady,cold,as_written";

/// Renders the report as CSV (RFC 4180; names are quoted when they contain a comma or quote).
pub(crate) fn render(report: &Report) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for c in &report.credentials {
        let parts = c.proofs.iter().map(|p| {
            (
                format!("{} {} {}", p.result.label(), p.proof, p.part),
                &p.result,
            )
        });
        let rows = c
            .algorithms()
            .into_iter()
            .map(|a| (a.label(), a))
            .chain(parts);
        for (algorithm, a) in rows {
            let shape = (c.bytes, c.quads, c.blank_nodes);
            for (phase, parent, s, share) in a.rows() {
                let kind = match (parent, phase) {
                    (Some(_), _) => "subphase",
                    (None, "total") => "total",
                    (None, _) => "phase",
                };
                let names = key(c, &algorithm, phase, parent.unwrap_or(""));
                out.push_str(&row(&names, s, share, shape));
                out.push_str(kind);
                out.push_str(",,,\n");
            }
            for step in &a.steps {
                let names = key(c, &algorithm, &step.name, &step.phase);
                out.push_str(&row(&names, &step.stats, step.share, shape));
                out.push_str("step,,,\n");
            }
            for counter in &a.counters {
                let names = key(c, &algorithm, &counter.name, &counter.section);
                let names: Vec<String> = names.iter().map(|n| quote(n)).collect();
                let (bytes, quads, blank) = shape;
                let as_written = counter.as_written.map_or(String::new(), |w| w.to_string());
                out.push_str(&format!(
                    "{},,,,,,,,,{bytes},{quads},{blank},counter,{},{},{as_written}\n",
                    names.join(","),
                    counter.steady,
                    counter.cold
                ));
            }
        }
    }
    out
}

/// A row's first five columns: credential, set, algorithm, phase (or step, or counter), parent (or section).
fn key<'a>(
    c: &'a CredentialResult,
    algorithm: &'a str,
    name: &'a str,
    parent: &'a str,
) -> [&'a str; 5] {
    [&c.credential, &c.set, algorithm, name, parent]
}

fn row(
    names: &[&str],
    s: &RunStats,
    share: f64,
    (bytes, quads, blank): (usize, usize, usize),
) -> String {
    let names: Vec<String> = names.iter().map(|n| quote(n)).collect();
    format!(
        "{},{:.3},{:.3},{:.3},{:.3},{:.3},{:.4},{},{},{bytes},{quads},{blank},",
        names.join(","),
        s.median_us,
        s.min_run_median_us,
        s.max_run_median_us,
        s.p10_us,
        s.p90_us,
        share,
        s.runs,
        s.samples
    )
}

fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}
