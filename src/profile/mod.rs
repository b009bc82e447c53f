//! Profiling leaves: a `tracing` layer that times every span by name ([`layer`]). It knows nothing of
//! credentials: a runner opens spans around whatever it measures and takes the records afterwards.

pub mod layer;

pub use layer::{take_records, SpanRecord, SpanTimer, Timer};
