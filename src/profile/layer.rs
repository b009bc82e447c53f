//! [`SpanTimer`]: a `tracing-subscriber` layer that measures the wall time of every span entered on this
//! thread and keeps `(name, depth, nanoseconds)` records in a thread-local buffer until [`take_records`] drains
//! them. Cost per span: two `Instant::now()` calls and a push (no allocation per span once the buffers have
//! grown); the runner measures the total overhead against an uninstrumented loop.

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
}

thread_local! {
    static OPEN: RefCell<Vec<Instant>> = const { RefCell::new(Vec::new()) };
    static RECORDS: RefCell<Vec<SpanRecord>> = const { RefCell::new(Vec::new()) };
}

/// Drains the records of the spans closed on this thread since the last call, in closing order.
pub fn take_records() -> Vec<SpanRecord> {
    RECORDS.with(|r| std::mem::take(&mut *r.borrow_mut()))
}

/// The timing layer. Install with `tracing_subscriber::registry().with(SpanTimer)`.
#[derive(Debug, Default, Clone, Copy)]
pub struct SpanTimer;

impl<S> Layer<S> for SpanTimer
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn on_enter(&self, _id: &Id, _ctx: Context<'_, S>) {
        OPEN.with(|open| open.borrow_mut().push(Instant::now()));
    }

    fn on_exit(&self, id: &Id, ctx: Context<'_, S>) {
        let now = Instant::now();
        let Some(start) = OPEN.with(|open| open.borrow_mut().pop()) else {
            return;
        };
        let depth = OPEN.with(|open| open.borrow().len());
        let name = ctx.metadata(id).map_or("?", |m| m.name());
        let nanos = now.saturating_duration_since(start).as_nanos() as u64;
        RECORDS.with(|r| r.borrow_mut().push(SpanRecord { name, depth, nanos }));
    }
}

/// Runs closures with or without the timing layer on this thread.
///
/// `tracing` caches, per span callsite, whether any dispatcher is interested; with a single registered dispatcher
/// that cache is computed against the *current* default, so a callsite first reached outside
/// [`Timer::timed`] would stay disabled forever. [`Timer::prime`] recomputes the cache with the timer as the
/// default; call it before measuring (cheap, but not per iteration).
pub struct Timer {
    dispatch: tracing::Dispatch,
}

impl Timer {
    /// A timer with its own subscriber (a registry with [`SpanTimer`]); primed once.
    pub fn new() -> Self {
        use tracing_subscriber::layer::SubscriberExt;
        let timer = Timer {
            dispatch: tracing::Dispatch::new(tracing_subscriber::registry().with(SpanTimer)),
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
        tracing::dispatcher::with_default(&self.dispatch, f)
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
        let shape: Vec<(&str, usize)> = records.iter().map(|r| (r.name, r.depth)).collect();
        assert_eq!(shape, vec![("inner_a", 1), ("inner_b", 1), ("outer", 0)]);
        assert!(records[2].nanos >= records[0].nanos + records[1].nanos);
        assert!(take_records().is_empty(), "records are drained");
    }
}
