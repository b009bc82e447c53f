//! The span timeline of a few iterations in the Chrome trace event format (the JSON object form,
//! `{"traceEvents": [...]}`, of Google's "Trace Event Format" document), which Perfetto (ui.perfetto.dev) and
//! chrome://tracing open: one complete event (`ph: "X"`, with `ts` and `dur` in µs) per iteration, named after
//! the pipeline, and one per span inside it, on one thread.

use crate::profile::layer::TimedSpan;
use serde_json::{json, Value};
use std::time::Instant;

/// One traced iteration: when it began and ended, and the spans closed in it.
#[derive(Debug, Clone)]
pub(crate) struct Iteration {
    /// When the iteration began.
    pub start: Instant,
    /// When it ended.
    pub end: Instant,
    /// Its spans, in any order.
    pub spans: Vec<TimedSpan>,
}

/// Runs `work` (one iteration, timing its spans) `iterations` times in a pass of its own, keeping each
/// iteration's span timeline; the span timer's records of this pass are drained and dropped, so that no measured
/// figure counts them. Errors: the workload's first error.
pub(crate) fn trace(
    iterations: usize,
    work: &mut dyn FnMut() -> crate::error::Result<()>,
) -> crate::error::Result<Vec<Iteration>> {
    let mut traced = Vec::with_capacity(iterations);
    for _ in 0..iterations {
        let start = Instant::now();
        let (result, spans) = crate::profile::layer::timeline(&mut *work);
        let end = Instant::now();
        crate::profile::take_records();
        result?;
        traced.push(Iteration { start, end, spans });
    }
    Ok(traced)
}

/// Microseconds from `origin` to `at` (the format's unit), to the nanosecond.
fn micros(origin: Instant, at: Instant) -> f64 {
    at.saturating_duration_since(origin).as_nanos() as f64 / 1000.0
}

/// The trace of `iterations` of the pipeline `root`; `name` names the process (the credential and pipeline).
pub(crate) fn render(name: &str, root: &str, iterations: &[Iteration]) -> String {
    let Some(origin) = iterations.first().map(|i| i.start) else {
        return json!({ "traceEvents": [] }).to_string();
    };
    let metadata = |kind: &str, value: &str| json!({ "name": kind, "ph": "M", "ts": 0, "pid": 1, "tid": 1, "args": { "name": value } });
    // (start, depth) orders events so that a parent precedes the children that begin with it, as viewers need.
    let mut complete: Vec<(f64, usize, Value)> = Vec::new();
    let mut event =
        |span_name: &str, depth: usize, start: Instant, end: Instant, iteration: usize| {
            let ts = micros(origin, start);
            complete.push((
                ts,
                depth,
                json!({
                    "name": span_name,
                    "cat": if depth == 0 { "iteration" } else { "span" },
                    "ph": "X",
                    "ts": ts,
                    "dur": micros(start, end),
                    "pid": 1,
                    "tid": 1,
                    "args": { "iteration": iteration + 1 },
                }),
            ));
        };
    for (i, iteration) in iterations.iter().enumerate() {
        event(root, 0, iteration.start, iteration.end, i);
        for span in &iteration.spans {
            event(span.name, span.depth + 1, span.start, span.end, i);
        }
    }
    complete.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut events = vec![
        metadata("process_name", name),
        metadata("thread_name", "canonprof"),
    ];
    events.extend(complete.into_iter().map(|(_, _, e)| e));
    json!({ "traceEvents": events, "displayTimeUnit": "ns" }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn nests_the_spans_of_each_iteration_under_it() {
        let t0 = Instant::now();
        let at = |us: u64| t0 + Duration::from_micros(us);
        let span = |name, depth, a, b| TimedSpan {
            name,
            depth,
            start: at(a),
            end: at(b),
        };
        let iterations = [
            Iteration {
                start: at(0),
                end: at(10),
                spans: vec![span("first_degree", 1, 3, 4), span("label", 0, 2, 9)],
            },
            Iteration {
                start: at(10),
                end: at(20),
                spans: vec![span("expand", 0, 11, 15)],
            },
        ];
        let trace: Value =
            serde_json::from_str(&render("ob3-full rdfc-1.0", "rdfc-1.0", &iterations)).unwrap();
        let events = trace["traceEvents"].as_array().unwrap();
        let shape: Vec<(&str, &str, f64)> = events
            .iter()
            .map(|e| {
                for key in ["ph", "ts", "pid", "tid", "name"] {
                    assert!(e.get(key).is_some(), "{key} in {e}");
                }
                (
                    e["ph"].as_str().unwrap(),
                    e["name"].as_str().unwrap(),
                    e["ts"].as_f64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            shape,
            [
                ("M", "process_name", 0.0),
                ("M", "thread_name", 0.0),
                ("X", "rdfc-1.0", 0.0),
                ("X", "label", 2.0),
                ("X", "first_degree", 3.0),
                ("X", "rdfc-1.0", 10.0),
                ("X", "expand", 11.0),
            ]
        );
        assert_eq!(events[3]["dur"], 7.0);
        assert_eq!(events[6]["args"]["iteration"], 2);
        assert_eq!(events[0]["args"]["name"], "ob3-full rdfc-1.0");
    }
}
