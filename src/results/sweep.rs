//! The scaling sweep's report model: per size of the synthetic credential, its shape and the RDFC-1.0 and JCS
//! phase results. Filled by [`crate::benchmark::sweep`], rendered by [`crate::export::sweep`].

use super::AlgorithmResult;
use serde::{Deserialize, Serialize};

/// One size of the sweep.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Point {
    /// The size along the sweep's kind.
    pub size: usize,
    /// Document size (bytes).
    pub bytes: usize,
    /// Quads in the dataset.
    pub quads: usize,
    /// Blank nodes in the dataset.
    pub blank_nodes: usize,
    /// RDFC-1.0 phases.
    pub rdfc: AlgorithmResult,
    /// JCS phases.
    pub jcs: AlgorithmResult,
}

/// A whole sweep.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Sweep {
    /// What grows, as the chart's x axis names it (e.g. `subject attributes`).
    pub unit: String,
    /// Iterations per run (N).
    pub iterations: usize,
    /// Runs (R).
    pub runs: usize,
    /// Warm-up iterations per pipeline and size.
    pub warmup: usize,
    /// Warm-up time floor per pipeline and size, seconds (0: none).
    pub warmup_seconds: f64,
    /// Whether RDFC-1.0 and JCS took turns run by run at each size; false in sweeps saved before they did.
    #[serde(default)]
    pub interleaved: bool,
    /// What grows: `attributes`, `depth` or `blank-nodes` (not `kind`: that names the export's kind).
    pub grows: String,
    /// One per size, in the order measured.
    pub points: Vec<Point>,
}
