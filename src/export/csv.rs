//! `--export-csv`: one row per (credential, pipeline, row kind), the `kind` column saying what a row is:
//! - `cost`: the pipeline's cost — its iterations run without the span timer (`pass` `uninstrumented`) — with the
//!   ratios that compare costs: `rdfc_over_jcs` (an RDFC-1.0 pipeline's cost over the credential's JCS cost) and
//!   `edu_over_simple` (an edu credential's RDFC-1.0 cost over the median of the simple credentials' with the same
//!   engine and cache setting);
//! - `instrumented_pass`: the instrumented pass's total (`phase` `total`), what the phase rows are shares of;
//! - `phase`, `subphase` (its phase in `parent`; its time is included in the parent's): the instrumented pass's
//!   statistics, `share` of it and `scaled_us`, that share of the cost;
//! - `step`: a spec step's self time (the step in `phase`, its phase in `parent`), from the instrumented pass or a
//!   spec-step pass of its own (`pass`), `share` its fraction of the cost and `scaled_us` its µs of it;
//! - `counter`: a work counter (its name in `phase`, its section in `parent`, the counts in `steady`, `cold` and
//!   `as_written`, the time columns empty).
//!
//! Each row names its expansion `engine` (`json-ld`, `canonprof`; empty for JCS) and `context_cache` (`on`,
//! `off`; empty for JCS), so that a spreadsheet filters one engine's rows (`kind` = `cost`, `engine` =
//! `canonprof`: that engine's ratios, one row per credential and cache setting). The columns added for these
//! come after the older ones, which keep their order. Times in µs. A signed credential's proof parts have the
//! algorithm `<algorithm> <proof> <part>`.

use crate::results::summary::edu_simple_ratios;
use crate::results::{AlgorithmResult, CredentialResult, Report};
use crate::stats::RunStats;

/// The header row.
const HEADER: &str = "credential,set,algorithm,phase,parent,median_us,min_run_median_us,max_run_median_us,p10_us,p90_us,share,runs,samples,bytes,quads,blank_nodes,kind,steady,cold,as_written,engine,context_cache,pass,scaled_us,rdfc_over_jcs,edu_over_simple";

/// Renders the report as CSV (RFC 4180; names are quoted when they contain a comma or quote).
pub(crate) fn render(report: &Report) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for c in &report.credentials {
        let parts = c.proofs.iter().map(|p| {
            (
                format!("{} {} {}", p.result.label(), p.proof, p.part),
                &p.result,
                false,
            )
        });
        let rows = c
            .algorithms()
            .into_iter()
            .map(|a| (a.label(), a, true))
            .chain(parts);
        for (algorithm, a, document) in rows {
            let line = Line {
                c,
                algorithm: &algorithm,
                a,
            };
            let ratios = if document {
                ratios(report, c, a)
            } else {
                String::from(",")
            };
            let pass = if a.cost.is_some() {
                "uninstrumented"
            } else {
                "instrumented"
            };
            let cost = fmt_f(a.cost_us());
            out.push_str(&line.timed("cost", "", a.cost_stats(), "1.0000"));
            out.push_str(&line.tail("cost", pass, &cost, &ratios));
            out.push_str(&line.timed("total", "", &a.total, ""));
            out.push_str(&line.tail("instrumented_pass", "instrumented", "", ","));
            for p in &a.phases {
                let kind = if p.parent.is_some() {
                    "subphase"
                } else {
                    "phase"
                };
                let parent = p.parent.as_deref().unwrap_or("");
                out.push_str(&line.timed(&p.name, parent, &p.stats, &fmt_share(p.share)));
                let scaled = fmt_f(a.scaled_us(p.share));
                out.push_str(&line.tail(kind, "instrumented", &scaled, ","));
            }
            let step_pass = if a.steps_pass_us.is_some() {
                "spec-step pass"
            } else {
                "instrumented"
            };
            for step in &a.steps {
                let scaled = a.scaled_step_us(step);
                let share = match a.cost_us() {
                    cost if cost > 0.0 => fmt_share(scaled / cost),
                    _ => String::new(),
                };
                out.push_str(&line.timed(&step.name, &step.phase, &step.stats, &share));
                out.push_str(&line.tail("step", step_pass, &fmt_f(scaled), ","));
            }
            for counter in &a.counters {
                let names = line.names(&counter.name, &counter.section);
                let (bytes, quads, blank) = (c.bytes, c.quads, c.blank_nodes);
                let as_written = counter.as_written.map_or(String::new(), |w| w.to_string());
                out.push_str(&format!(
                    "{names},,,,,,,,,{bytes},{quads},{blank},counter,{},{},{as_written},{},,,,\n",
                    counter.steady,
                    counter.cold,
                    line.engine_columns()
                ));
            }
        }
    }
    out
}

/// The `rdfc_over_jcs` and `edu_over_simple` columns of an RDFC-1.0 pipeline's `cost` row (empty for JCS, and
/// `edu_over_simple` for a credential outside the edu set or a run without simple credentials).
fn ratios(report: &Report, c: &CredentialResult, a: &AlgorithmResult) -> String {
    if a.engine.is_none() {
        return String::from(",");
    }
    let over_jcs = fmt_f(a.cost_us() / c.jcs.cost_us());
    let edu = edu_simple_ratios(&report.credentials, |r| {
        r.algorithms()
            .into_iter()
            .find(|b| b.engine == a.engine && b.context_cache == a.context_cache)
    })
    .into_iter()
    .find(|(name, _)| *name == c.credential)
    .map_or(String::new(), |(_, r)| fmt_f(r));
    format!("{over_jcs},{edu}")
}

/// The columns every row of one pipeline shares.
struct Line<'a> {
    c: &'a CredentialResult,
    algorithm: &'a str,
    a: &'a AlgorithmResult,
}

impl Line<'_> {
    /// The first five columns, quoted: credential, set, algorithm, phase (or step, or counter), parent (or
    /// section).
    fn names(&self, name: &str, parent: &str) -> String {
        [
            self.c.credential.as_str(),
            &self.c.set,
            self.algorithm,
            name,
            parent,
        ]
        .iter()
        .map(|n| quote(n))
        .collect::<Vec<_>>()
        .join(",")
    }

    /// `engine,context_cache`.
    fn engine_columns(&self) -> String {
        let cache = match self.a.context_cache {
            Some(true) => "on",
            Some(false) => "off",
            None => "",
        };
        format!("{},{cache}", self.a.engine.map_or("", |e| e.name()))
    }

    /// A timed row's columns up to `blank_nodes` and the comma after it; [`Line::tail`] writes the rest.
    fn timed(&self, name: &str, parent: &str, s: &RunStats, share: &str) -> String {
        format!(
            "{},{:.3},{:.3},{:.3},{:.3},{:.3},{share},{},{},{},{},{},",
            self.names(name, parent),
            s.median_us,
            s.min_run_median_us,
            s.max_run_median_us,
            s.p10_us,
            s.p90_us,
            s.runs,
            s.samples,
            self.c.bytes,
            self.c.quads,
            self.c.blank_nodes,
        )
    }
}

impl Line<'_> {
    /// A timed row's columns from `kind` on: `kind`, the counter columns empty, `engine`, `context_cache`,
    /// `pass`, `scaled_us`, and `ratios` (`rdfc_over_jcs,edu_over_simple`), then the newline.
    fn tail(&self, kind: &str, pass: &str, scaled_us: &str, ratios: &str) -> String {
        format!(
            "{kind},,,,{},{pass},{scaled_us},{ratios}\n",
            self.engine_columns()
        )
    }
}

/// A share (0–1) with four decimals.
fn fmt_share(share: f64) -> String {
    format!("{share:.4}")
}

/// A µs figure or a ratio with enough digits to recompute from.
fn fmt_f(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.6}")
    } else {
        String::new()
    }
}

fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}
