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
        let Some(start) = OPEN.with(|open| open.borrow_mut().pop()) else { return };
        let depth = OPEN.with(|open| open.borrow().len());
        let name = ctx.metadata(id).map_or("?", |m| m.name());
        let nanos = now.saturating_duration_since(start).as_nanos() as u64;
        RECORDS.with(|r| r.borrow_mut().push(SpanRecord { name, depth, nanos }));
    }
}

/// A dispatcher with the timing layer, ready for `tracing::dispatcher::with_default`.
pub fn dispatch() -> tracing::Dispatch {
    use tracing_subscriber::layer::SubscriberExt;
    tracing::Dispatch::new(tracing_subscriber::registry().with(SpanTimer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_nested_spans_with_names_and_depths() {
        take_records();
        tracing::dispatcher::with_default(&dispatch(), || {
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
