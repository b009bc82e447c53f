//! [`SpanTimer`]: a `tracing-subscriber` layer that measures the wall time of every span entered on this
//! thread and keeps `(name, depth, nanoseconds, self nanoseconds, outermost span)` records in a thread-local
//! buffer until [`take_records`] drains them. Cost per span: two `Instant::now()` calls and a push (no allocation
//! per span once the buffers have grown); the runner measures the total overhead against an uninstrumented loop.
//! Which spans are timed is the [`Detail`]: the specification steps ([`step`], lighter than a `tracing` span:
//! two clock reads and a push, no subscriber call) only with [`Detail::Spec`], inside the phases' `tracing`
//! spans, with which they nest.

use std::cell::RefCell;
use std::time::Instant;
use tracing::span::Id;
use tracing::Subscriber;
use tracing_subscriber::layer::Context;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::Layer;

/// One closed span: its static name (e.g. `expand`), nesting depth (0 = outermost timed span) and wall time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpanRecord {
    /// The span's name from its metadata.
    pub name: &'static str,
    /// How many timed spans enclosed it.
    pub depth: usize,
    /// Wall time between enter and exit, in nanoseconds.
    pub nanos: u64,
    /// That time less the time of the timed spans directly inside it (nanoseconds).
    pub self_nanos: u64,
    /// The name of the outermost timed span enclosing it (its own name at depth 0).
    pub root: &'static str,
    /// Heap allocations made between enter and exit on this thread (0 without the counting allocator).
    pub allocations: u64,
    /// Bytes those allocations asked for.
    pub allocated_bytes: u64,
}

/// How much the span timer times.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    clap::ValueEnum,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Detail {
    /// The pipeline phases and sub-phases (spans up to `DEBUG` level): the lowest overhead.
    #[default]
    Phases,
    /// The phases and, inside them, the specification steps (`TRACE` spans, e.g. `context_processing §4.1`).
    Spec,
}

impl Detail {
    /// The name on the command line and in exports: `phases` or `spec`.
    pub fn name(self) -> &'static str {
        match self {
            Detail::Phases => "phases",
            Detail::Spec => "spec",
        }
    }

    fn level(self) -> tracing_subscriber::filter::LevelFilter {
        match self {
            Detail::Phases => tracing_subscriber::filter::LevelFilter::DEBUG,
            Detail::Spec => tracing_subscriber::filter::LevelFilter::TRACE,
        }
    }
}

/// An open span: when it was entered, its name, and the time of the timed spans closed directly inside it.
struct Open {
    start: Instant,
    name: &'static str,
    children: u64,
    /// [`super::alloc::thread_totals`] when it was entered.
    heap: (u64, u64),
}

/// A closed span with the instants it began and ended: the timeline [`timeline`] keeps for a trace viewer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TimedSpan {
    /// The span's name.
    pub name: &'static str,
    /// How many timed spans enclosed it.
    pub depth: usize,
    /// When it was entered.
    pub start: Instant,
    /// When it was exited.
    pub end: Instant,
}

thread_local! {
    /// Whether closed spans also go to `TIMELINE` (set by [`timeline`] only, never in a measured pass).
    static TIMELINE_ON: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static TIMELINE: RefCell<Vec<TimedSpan>> = const { RefCell::new(Vec::new()) };
    /// Whether [`step`] times (set by [`Timer::timed`] with [`Detail::Spec`]).
    static STEPS_ON: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static OPEN: RefCell<Vec<Open>> = const { RefCell::new(Vec::new()) };
    static RECORDS: RefCell<Vec<SpanRecord>> = const { RefCell::new(Vec::new()) };
}

/// Drains the records of the spans closed on this thread since the last call, in closing order.
pub fn take_records() -> Vec<SpanRecord> {
    // The buffer keeps its capacity, so that recording the next iteration allocates nothing inside its spans.
    RECORDS.with(|r| {
        let mut r = r.borrow_mut();
        let capacity = r.capacity();
        std::mem::replace(&mut *r, Vec::with_capacity(capacity))
    })
}

/// The timing layer. Install with `tracing_subscriber::registry().with(SpanTimer)`.
#[derive(Debug, Default, Clone, Copy)]
pub struct SpanTimer;

impl<S> Layer<S> for SpanTimer
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn on_enter(&self, id: &Id, ctx: Context<'_, S>) {
        open(ctx.metadata(id).map_or("?", |m| m.name()));
    }

    fn on_exit(&self, _id: &Id, _ctx: Context<'_, S>) {
        close(Instant::now());
    }
}

/// A specification step being timed (see [`step`]); closed when dropped.
#[must_use = "the step is timed until the guard is dropped"]
pub struct StepGuard {
    on: bool,
}

/// Opens the span of a specification step named `name` (e.g. `iri_expansion §5.2`) when the timer runs with
/// [`Detail::Spec`], nested in whatever span is open; otherwise costs one thread-local read. Closed when the
/// guard drops; its record is like a `tracing` span's.
#[inline]
pub fn step(name: &'static str) -> StepGuard {
    let on = STEPS_ON.with(std::cell::Cell::get);
    if on {
        open(name);
    }
    StepGuard { on }
}

/// Opens a span named `name` now, inside the innermost open one.
fn open(name: &'static str) {
    let heap = super::alloc::thread_totals();
    OPEN.with(|open| {
        open.borrow_mut().push(Open {
            start: Instant::now(),
            name,
            children: 0,
            heap,
        })
    });
}

impl Drop for StepGuard {
    #[inline]
    fn drop(&mut self) {
        if self.on {
            close(Instant::now());
        }
    }
}

/// Closes the innermost open span at `now` and records it.
fn close(now: Instant) {
    let heap = super::alloc::thread_totals();
    let record = OPEN.with(|open| {
        let mut open = open.borrow_mut();
        let closed = open.pop()?;
        let nanos = now.saturating_duration_since(closed.start).as_nanos() as u64;
        if let Some(parent) = open.last_mut() {
            parent.children += nanos;
        }
        if TIMELINE_ON.with(std::cell::Cell::get) {
            TIMELINE.with(|t| {
                t.borrow_mut().push(TimedSpan {
                    name: closed.name,
                    depth: open.len(),
                    start: closed.start,
                    end: now,
                })
            });
        }
        Some(SpanRecord {
            name: closed.name,
            depth: open.len(),
            nanos,
            self_nanos: nanos.saturating_sub(closed.children),
            root: open.first().map_or(closed.name, |o| o.name),
            allocations: heap.0 - closed.heap.0,
            allocated_bytes: heap.1 - closed.heap.1,
        })
    });
    if let Some(record) = record {
        RECORDS.with(|r| r.borrow_mut().push(record));
    }
}

/// Runs `f` (which times spans, e.g. inside [`Timer::timed`]) keeping every span closed in it with its begin
/// and end, and returns them in closing order: the span timeline of a few iterations for a trace viewer. Only for
/// a pass of its own: the measured passes never turn it on, and pay one thread-local read per span for it.
pub(crate) fn timeline<R>(f: impl FnOnce() -> R) -> (R, Vec<TimedSpan>) {
    TIMELINE.with(|t| t.borrow_mut().clear());
    let before = TIMELINE_ON.with(|on| on.replace(true));
    let result = f();
    TIMELINE_ON.with(|on| on.set(before));
    (
        result,
        TIMELINE.with(|t| std::mem::take(&mut *t.borrow_mut())),
    )
}

/// Runs closures with or without the timing layer on this thread.
///
/// `tracing` caches, per span callsite, whether any dispatcher is interested; with a single registered dispatcher
/// that cache is computed against the *current* default, so a callsite first reached outside
/// [`Timer::timed`] would stay disabled forever. [`Timer::prime`] recomputes the cache with the timer as the
/// default; call it before measuring (cheap, but not per iteration).
pub struct Timer {
    dispatch: tracing::Dispatch,
    detail: Detail,
}

impl Timer {
    /// A timer of the phases ([`Detail::Phases`]) with its own subscriber (a registry with [`SpanTimer`]); primed
    /// once.
    pub fn new() -> Self {
        Timer::with_detail(Detail::Phases)
    }

    /// A timer of the spans `detail` asks for; primed once.
    pub fn with_detail(detail: Detail) -> Self {
        use tracing_subscriber::layer::SubscriberExt;
        let subscriber = tracing_subscriber::registry()
            .with(detail.level())
            .with(SpanTimer);
        let timer = Timer {
            dispatch: tracing::Dispatch::new(subscriber),
            detail,
        };
        timer.prime();
        timer
    }

    /// Re-enables every span callsite seen so far for this timer (see the type's doc).
    pub fn prime(&self) {
        tracing::dispatcher::with_default(
            &self.dispatch,
            tracing::callsite::rebuild_interest_cache,
        );
    }

    /// Runs `f` with the timing layer as this thread's default subscriber; records go to [`take_records`].
    pub fn timed<R>(&self, f: impl FnOnce() -> R) -> R {
        let before = STEPS_ON.with(|on| on.replace(self.detail == Detail::Spec));
        let result = tracing::dispatcher::with_default(&self.dispatch, f);
        STEPS_ON.with(|on| on.set(before));
        result
    }
}

impl Default for Timer {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_nested_spans_with_names_and_depths() {
        take_records();
        let timer = Timer::new();
        // A callsite reached first without the timer must still be timed later (the interest-cache trap).
        let untimed = || drop(tracing::info_span!("outer").entered());
        untimed();
        timer.prime();
        timer.timed(|| {
            let outer = tracing::info_span!("outer").entered();
            {
                let _a = tracing::info_span!("inner_a").entered();
            }
            {
                let _b = tracing::info_span!("inner_b").entered();
            }
            drop(outer);
        });
        let records = take_records();
        let shape: Vec<(&str, usize, &str)> =
            records.iter().map(|r| (r.name, r.depth, r.root)).collect();
        assert_eq!(
            shape,
            vec![
                ("inner_a", 1, "outer"),
                ("inner_b", 1, "outer"),
                ("outer", 0, "outer")
            ]
        );
        assert!(records[2].nanos >= records[0].nanos + records[1].nanos);
        assert_eq!(
            records[2].self_nanos,
            records[2].nanos - records[0].nanos - records[1].nanos
        );
        assert_eq!(records[0].self_nanos, records[0].nanos);
        assert!(take_records().is_empty(), "records are drained");
    }

    #[test]
    fn the_timeline_keeps_begin_and_end_only_when_asked() {
        take_records();
        let timer = Timer::new();
        let run = || {
            timer.timed(|| {
                let _outer = tracing::info_span!("outer").entered();
                let _inner = tracing::info_span!("inner").entered();
            })
        };
        run();
        let ((), spans) = timeline(run);
        let shape: Vec<(&str, usize)> = spans.iter().map(|s| (s.name, s.depth)).collect();
        assert_eq!(shape, [("inner", 1), ("outer", 0)]);
        assert!(spans[1].start <= spans[0].start && spans[0].end <= spans[1].end);
        assert_eq!(take_records().len(), 4, "the records are kept as before");
        run();
        assert!(timeline(|| ()).1.is_empty(), "nothing recorded outside it");
    }

    #[test]
    fn steps_are_timed_only_in_spec_detail() {
        take_records();
        let run = || {
            let _phase = tracing::info_span!("phase").entered();
            let _step = step("step §1");
        };
        run();
        assert!(take_records().is_empty(), "no timer, nothing recorded");
        for (detail, expected) in [
            (Detail::Phases, vec!["phase"]),
            (Detail::Spec, vec!["step §1", "phase"]),
        ] {
            let timer = Timer::with_detail(detail);
            timer.timed(run);
            let names: Vec<&str> = take_records().iter().map(|r| r.name).collect();
            assert_eq!(names, expected, "{detail:?}");
        }
    }
}
