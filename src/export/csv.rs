//! `--export-csv`: one row per (credential, algorithm, phase or sub-phase), plus a `total` row per (credential,
//! algorithm). A sub-phase row names its phase in `parent` (its time is included in the parent's). Times in µs;
//! `share` is a fraction of the pipeline's median total.

use crate::report::Report;
use crate::stats::RunStats;

/// The header row.
pub const HEADER: &str =
    "credential,set,algorithm,phase,parent,median_us,min_run_median_us,max_run_median_us,p10_us,p90_us,share,runs,samples,bytes,quads,blank_nodes";

/// Renders the report as CSV (RFC 4180; names are quoted when they contain a comma or quote).
pub fn render(report: &Report) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for c in &report.credentials {
        for a in c.algorithms() {
            let algorithm = a.label();
            for (phase, parent, s, share) in a.rows() {
                let parent = parent.unwrap_or("");
                out.push_str(&row(
                    &[&c.credential, &c.set, &algorithm, phase, parent],
                    s,
                    share,
                    (c.bytes, c.quads, c.blank_nodes),
                ));
            }
        }
    }
    out
}

fn row(
    names: &[&str],
    s: &RunStats,
    share: f64,
    (bytes, quads, blank): (usize, usize, usize),
) -> String {
    let names: Vec<String> = names.iter().map(|n| quote(n)).collect();
    format!(
        "{},{:.3},{:.3},{:.3},{:.3},{:.3},{:.4},{},{},{bytes},{quads},{blank}\n",
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
