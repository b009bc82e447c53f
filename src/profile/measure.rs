//! The measurement loop every runner shares (the main job, the sweep, the exchange): warm-up, then R runs × N
//! iterations of a workload under the span [`Timer`], each optionally paired with a plain (uninstrumented) call
//! in alternating order so the instrumentation overhead is measured in the same run. Span durations are summed
//! per iteration by (depth, name). Knows nothing of what the workload is.

use super::{take_records, Timer};
use crate::error::{Error, ErrorKind, Result};
use std::collections::BTreeMap;
use std::time::Instant;

/// How much to measure.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Iterations per run (N).
    pub iterations: usize,
    /// Runs (R).
    pub runs: usize,
    /// Warm-up iterations before measuring.
    pub warmup: usize,
    /// Warm-up time floor, seconds: after the `warmup` iterations, warm up until this much time has passed since
    /// the warm-up began (0: none). canonprof has no JIT, but a floor makes its warm-up comparable with peers
    /// warmed up to steady state (`scripts/compare.sh`).
    pub warmup_seconds: f64,
    /// Pair every instrumented iteration with a plain one.
    pub plain: bool,
}

/// A span's key: its nesting depth below the workload (0 = outermost) and its name.
pub type SpanKey = (usize, &'static str);

/// A span's key for self time: the outermost span enclosing it (its phase) and its name.
pub type SelfKey = (&'static str, &'static str);

/// Raw samples of one workload, all in µs.
#[derive(Debug, Clone, Default)]
pub struct Samples {
    /// Wall time of each instrumented iteration, per run.
    pub total: Vec<Vec<f64>>,
    /// Wall time of each plain iteration, per run; empty unless [`Plan::plain`].
    pub plain: Vec<Vec<f64>>,
    /// Per run, per iteration: summed time of each span seen in it.
    iterations: Vec<Vec<BTreeMap<SpanKey, f64>>>,
    /// Per run, per iteration: summed self time (time less the spans directly inside) of each span, by its
    /// outermost enclosing span and name — a recursive span counts once, whatever its depth.
    self_times: Vec<Vec<BTreeMap<SelfKey, f64>>>,
    /// Per run, per iteration: heap allocations and bytes allocated inside each span, by (depth, name).
    heap: Vec<Vec<BTreeMap<SpanKey, (u64, u64)>>>,
    /// Per run, per iteration: summed time of each span directly inside an outermost one, by (that outermost
    /// span, its name) — a phase's time within one step, where (depth, name) sums it over every step.
    under: Vec<Vec<BTreeMap<SelfKey, f64>>>,
}

impl Samples {
    /// Adds `other`'s runs after this one's (measurements taken in rounds, e.g. interleaved workloads).
    pub fn append(&mut self, mut other: Samples) {
        self.total.append(&mut other.total);
        self.plain.append(&mut other.plain);
        self.iterations.append(&mut other.iterations);
        self.self_times.append(&mut other.self_times);
        self.heap.append(&mut other.heap);
        self.under.append(&mut other.under);
    }

    /// Time in the spans `name` directly inside the outermost span `parent`, per iteration, per run (0 where
    /// the iteration did not enter it).
    pub fn span_under(&self, parent: &'static str, name: &'static str) -> Vec<Vec<f64>> {
        per_iteration(&self.under, |spans| {
            spans.get(&(parent, name)).copied().unwrap_or(0.0)
        })
    }

    /// Heap allocations and bytes allocated inside the spans `key`, per iteration, per run (0 where the iteration
    /// did not enter it, or without the counting allocator).
    pub fn heap(&self, key: SpanKey) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        let pick = |which: fn(&(u64, u64)) -> u64| {
            per_iteration(&self.heap, |spans| {
                spans.get(&key).map_or(0.0, |h| which(h) as f64)
            })
        };
        (pick(|h| h.0), pick(|h| h.1))
    }

    /// The (outermost span, name) pairs that have self time, in key order.
    pub fn self_keys(&self) -> Vec<SelfKey> {
        let mut keys: Vec<SelfKey> = Vec::new();
        for key in self.self_times.iter().flatten().flat_map(|i| i.keys()) {
            if !keys.contains(key) {
                keys.push(*key);
            }
        }
        keys.sort_unstable();
        keys
    }

    /// Self time of the spans `key` per iteration, per run (0 where the iteration had none).
    pub fn self_time(&self, key: SelfKey) -> Vec<Vec<f64>> {
        per_iteration(&self.self_times, |spans| {
            spans.get(&key).copied().unwrap_or(0.0)
        })
    }

    /// The names of the spans seen at `depth`, in order of first appearance.
    pub fn names_at(&self, depth: usize) -> Vec<&'static str> {
        let mut names = Vec::new();
        for (d, name) in self.iterations.iter().flatten().flat_map(|i| i.keys()) {
            if *d == depth && !names.contains(name) {
                names.push(*name);
            }
        }
        names
    }

    /// Time in the span `key` per iteration, per run (0 where the iteration did not enter it).
    pub fn span(&self, key: SpanKey) -> Vec<Vec<f64>> {
        per_iteration(&self.iterations, |spans| {
            spans.get(&key).copied().unwrap_or(0.0)
        })
    }

    /// Whether any iteration entered the span `key`.
    pub fn entered(&self, key: SpanKey) -> bool {
        self.iterations
            .iter()
            .flatten()
            .any(|s| s.contains_key(&key))
    }
}

/// One value per iteration, per run, read from each iteration's map by `value`.
fn per_iteration<K, V>(
    runs: &[Vec<BTreeMap<K, V>>],
    value: impl Fn(&BTreeMap<K, V>) -> f64,
) -> Vec<Vec<f64>> {
    runs.iter()
        .map(|run| run.iter().map(&value).collect())
        .collect()
}

/// Measures `workload` per `plan`; `progress` is called after every measured iteration (or pair). Errors: the
/// workload's, or [`ErrorKind::Internal`] when the timer recorded no span (the workload opened none, or the
/// callsites were disabled).
pub fn measure(
    plan: &Plan,
    timer: &Timer,
    workload: &mut dyn FnMut() -> Result<()>,
    progress: &mut dyn FnMut(),
) -> Result<Samples> {
    timer.prime();
    let started = Instant::now();
    let mut warmed = 0;
    while warmed < plan.warmup || started.elapsed().as_secs_f64() < plan.warmup_seconds {
        timer.timed(&mut *workload)?;
        if plan.plain {
            workload()?;
        }
        warmed += 1;
    }
    let mut samples = Samples::default();
    for _ in 0..plan.runs {
        timer.prime();
        take_records();
        let mut totals = Vec::with_capacity(plan.iterations);
        let mut iterations = Vec::with_capacity(plan.iterations);
        let mut self_times = Vec::with_capacity(plan.iterations);
        let mut heap = Vec::with_capacity(plan.iterations);
        let mut under = Vec::with_capacity(plan.iterations);
        let mut plain = Vec::with_capacity(if plan.plain { plan.iterations } else { 0 });
        for i in 0..plan.iterations {
            let total = if !plan.plain {
                timed(Some(timer), workload)?
            } else if i % 2 == 0 {
                let t = timed(Some(timer), workload)?;
                plain.push(timed(None, workload)?);
                t
            } else {
                plain.push(timed(None, workload)?);
                timed(Some(timer), workload)?
            };
            totals.push(total);
            let mut spans: BTreeMap<SpanKey, f64> = BTreeMap::new();
            let mut own: BTreeMap<SelfKey, f64> = BTreeMap::new();
            let mut allocated: BTreeMap<SpanKey, (u64, u64)> = BTreeMap::new();
            let mut inside: BTreeMap<SelfKey, f64> = BTreeMap::new();
            for record in take_records() {
                if record.depth == 1 {
                    *inside.entry((record.root, record.name)).or_default() +=
                        record.nanos as f64 / 1000.0;
                }
                let entry = allocated.entry((record.depth, record.name)).or_default();
                entry.0 += record.allocations;
                entry.1 += record.allocated_bytes;
                *spans.entry((record.depth, record.name)).or_default() +=
                    record.nanos as f64 / 1000.0;
                *own.entry((record.root, record.name)).or_default() +=
                    record.self_nanos as f64 / 1000.0;
            }
            if spans.is_empty() {
                return Err(Error::new(
                    ErrorKind::Internal,
                    "internal error: the span timer recorded no span",
                ));
            }
            iterations.push(spans);
            self_times.push(own);
            heap.push(allocated);
            under.push(inside);
            progress();
        }
        samples.total.push(totals);
        if plan.plain {
            samples.plain.push(plain);
        }
        samples.iterations.push(iterations);
        samples.self_times.push(self_times);
        samples.heap.push(heap);
        samples.under.push(under);
    }
    Ok(samples)
}

/// Measures several workloads per `plan`, interleaved: each is warmed up in turn, then in each of R rounds every
/// workload runs one run of N iterations, in order (after one untimed iteration that brings its data back into
/// the caches the others used). A slow spell of the machine then falls on every workload alike, and ratios
/// between them come from the same stretch of time — as the peer harness interleaves tools round by round.
/// Returns each workload's samples, in the order given; `progress` as for [`measure`]. Errors: as [`measure`].
pub fn measure_interleaved<W: FnMut() -> Result<()>>(
    plan: &Plan,
    timer: &Timer,
    workloads: &mut [W],
    progress: &mut dyn FnMut(),
) -> Result<Vec<Samples>> {
    let warm_up = Plan { runs: 0, ..*plan };
    for workload in workloads.iter_mut() {
        measure(&warm_up, timer, workload, progress)?;
    }
    let round = Plan {
        runs: 1,
        warmup: usize::from(plan.warmup > 0),
        warmup_seconds: 0.0,
        ..*plan
    };
    let mut all = vec![Samples::default(); workloads.len()];
    for _ in 0..plan.runs {
        for (samples, workload) in all.iter_mut().zip(workloads.iter_mut()) {
            samples.append(measure(&round, timer, workload, progress)?);
        }
    }
    Ok(all)
}

/// Wall time of one call in µs, under the span timer (`Some`) or with no subscriber (`None`).
fn timed(timer: Option<&Timer>, workload: &mut dyn FnMut() -> Result<()>) -> Result<f64> {
    let start = Instant::now();
    match timer {
        Some(t) => t.timed(&mut *workload)?,
        None => workload()?,
    }
    Ok(start.elapsed().as_nanos() as f64 / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_have_the_plans_shape_and_zeros_for_spans_not_entered() {
        let timer = Timer::new();
        let (mut calls, mut ticks) = (0, 0);
        let mut workload = || -> Result<()> {
            calls += 1;
            let _outer = tracing::info_span!("outer").entered();
            if calls % 2 == 0 {
                let _inner = tracing::info_span!("inner").entered();
            }
            Ok(())
        };
        let plan = Plan {
            iterations: 3,
            runs: 2,
            warmup: 1,
            warmup_seconds: 0.0,
            plain: true,
        };
        let samples = measure(&plan, &timer, &mut workload, &mut || ticks += 1).unwrap();
        assert_eq!(
            calls,
            2 + 2 * 3 * 2,
            "warm-up and every iteration run twice"
        );
        assert_eq!(ticks, 6);
        assert_eq!(
            samples.total.iter().map(Vec::len).collect::<Vec<_>>(),
            [3, 3]
        );
        assert_eq!(samples.plain.iter().map(Vec::len).sum::<usize>(), 6);
        assert!(samples.entered((0, "outer")) && samples.entered((1, "inner")));
        assert!(!samples.entered((0, "inner")));
        assert_eq!(samples.span((0, "inner")), vec![vec![0.0; 3]; 2]);
        // Instrumented calls are the 3rd, 6th, 7th (run 1) and 9th, 12th, 13th (run 2): plain goes first on odd
        // iterations, so only the middle iteration of each run makes an even call and enters `inner`.
        for run in samples.span((1, "inner")) {
            assert!(run[0] == 0.0 && run[1] > 0.0 && run[2] == 0.0, "{run:?}");
        }
    }

    #[test]
    fn a_workload_without_spans_is_an_internal_error() {
        let plan = Plan {
            iterations: 1,
            runs: 1,
            warmup: 0,
            warmup_seconds: 0.0,
            plain: false,
        };
        let err = measure(&plan, &Timer::new(), &mut || Ok(()), &mut || {}).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Internal);
    }

    #[test]
    fn interleaved_workloads_take_turns_run_by_run() {
        let timer = Timer::new();
        let order = std::cell::RefCell::new(Vec::new());
        let mut a = || -> Result<()> {
            let _span = tracing::info_span!("a").entered();
            order.borrow_mut().push('a');
            Ok(())
        };
        let mut b = || -> Result<()> {
            let _span = tracing::info_span!("b").entered();
            order.borrow_mut().push('b');
            Ok(())
        };
        let plan = Plan {
            iterations: 2,
            runs: 3,
            warmup: 1,
            warmup_seconds: 0.0,
            plain: false,
        };
        let mut ticks = 0;
        let mut workloads: [Box<dyn FnMut() -> Result<()>>; 2] =
            [Box::new(&mut a), Box::new(&mut b)];
        let samples =
            measure_interleaved(&plan, &timer, &mut workloads, &mut || ticks += 1).unwrap();
        // Warm-up of each in turn, then per round: one untimed iteration and N timed ones of a, then of b.
        let round = "aaabbb";
        assert_eq!(
            order.borrow().iter().collect::<String>(),
            format!("ab{}", round.repeat(3))
        );
        assert_eq!(ticks, 2 * 2 * 3, "progress per measured iteration");
        assert_eq!(samples.len(), 2);
        for (workload, name) in samples.iter().zip(["a", "b"]) {
            assert_eq!(workload.total.len(), 3, "R runs");
            assert!(workload.total.iter().all(|run| run.len() == 2), "N per run");
            assert!(workload.entered((0, name)));
        }
        assert!(!samples[0].entered((0, "b")) && !samples[1].entered((0, "a")));
    }
}
