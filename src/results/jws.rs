//! The JWS matrix's report model: per (algorithm, payload size) cell, sign and verify statistics (wall and thread
//! CPU µs, heap bytes) and the key, signature and token sizes, with the settings and the algorithms that could
//! not run. Filled by [`crate::jws::matrix`], rendered by [`crate::export::jws`]; the JSON export is this
//! struct as serde writes it (fields in declaration order).

use serde::{Deserialize, Serialize};

/// Matrix settings.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Settings {
    /// Unmeasured sign + verify pairs first.
    pub warmup: usize,
    /// Measured operations per (algorithm, size).
    pub measurements: usize,
    /// Payload sizes (bytes).
    pub sizes: Vec<usize>,
    /// Seed of keys and payloads.
    pub seed: u64,
}

/// Statistics of one operation over its measurements.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct OpStats {
    /// Median wall time (µs).
    pub wall_us: f64,
    /// Fastest and slowest measurement (µs).
    pub wall_min_us: f64,
    /// Slowest measurement (µs).
    pub wall_max_us: f64,
    /// 90th percentile of the wall time (µs).
    pub wall_p90_us: f64,
    /// Median thread CPU time (µs).
    pub cpu_us: f64,
    /// Median heap bytes allocated.
    pub heap_allocated: u64,
    /// Median heap peak (bytes above the level at the start).
    pub heap_peak: u64,
}

/// One (algorithm, payload size) cell.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Cell {
    /// Display name (`RSA-2048`, …).
    pub name: String,
    /// Family (`RSA`, `ML-DSA`, …).
    pub family: String,
    /// Not in the enterprise benchmark's list of 39 (an extra, e.g. RSA-2048-PSS).
    #[serde(default)]
    pub extra: bool,
    /// JWK key type.
    pub kty: String,
    /// JWS `alg`.
    pub alg: String,
    /// Payload size (bytes).
    pub bytes: usize,
    /// Verification key size (bytes; the shared key for MACs).
    pub key_bytes: usize,
    /// Signature (tag) size (bytes).
    pub signature_bytes: usize,
    /// Compact serialization size (bytes).
    pub token_bytes: usize,
    /// Measurements taken (lower than asked for slow algorithms).
    pub measurements: usize,
    /// Signing.
    pub sign: OpStats,
    /// Verifying.
    pub verify: OpStats,
}

/// An algorithm the matrix could not run, and why.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Unavailable {
    /// Display name.
    pub name: String,
    /// JWS `alg`.
    pub alg: String,
    /// Why.
    pub reason: String,
}

/// The matrix.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Matrix {
    /// Settings.
    pub settings: Settings,
    /// Whether heap bytes were counted (the counting allocator is installed in the `canonprof` binary).
    pub heap_counted: bool,
    /// One per (algorithm, size), algorithms in table order, sizes ascending.
    pub cells: Vec<Cell>,
    /// Algorithms with no usable implementation.
    pub unavailable: Vec<Unavailable>,
    /// Algorithms whose measurement count was lowered.
    pub lowered: Vec<String>,
}

/// `1 KiB`, `5 MiB`, or bytes.
pub(crate) fn size_label(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} B"),
    }
}
