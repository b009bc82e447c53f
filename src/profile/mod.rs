//! Profiling leaves, which know nothing of credentials: a `tracing` layer that times every span by name
//! (`layer`), folded stacks built from its records (`folded`), the sampled CPU profiler (`sampler`) and
//! flamegraph rendering (`flamegraph`), and the R × N measurement loop the runners share (`mod@measure`). A runner opens spans around whatever it measures, or hands the sampler
//! a workload, and takes the results. [`alloc`] counts heap bytes for the JWS matrix; [`heap`] keeps the heap
//! steady while measuring.

pub mod alloc;
pub(crate) mod flamegraph;
pub(crate) mod folded;
pub(crate) mod frames;
pub mod heap;
pub(crate) mod layer;
pub(crate) mod measure;
pub(crate) mod sampler;

pub use layer::{step, take_records, Detail, SpanRecord, SpanTimer, StepGuard, Timer};
pub use measure::{measure, measure_interleaved, Plan, Samples, SelfKey, SpanKey};
