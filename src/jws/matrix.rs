//! The JWS matrix: every algorithm × payload size, sequentially on one thread. Per operation (sign, verify):
//! wall time and thread CPU time (`CLOCK_THREAD_CPUTIME_ID`, via cpu-time) in µs, heap bytes allocated and peak
//! ([`crate::profile::alloc`]); after `warmup` unmeasured sign + verify pairs, `measurements` measured ones.
//! Algorithms marked slow (SLH-DSA `s`, RSA-8192, XMSS) get at most [`SLOW_MEASUREMENTS`] measurements and one
//! warm-up pair, which the result says. Payloads are bytes from a seeded RNG. The results are the neutral
//! [`crate::results::jws`] types, which [`crate::export::jws`] renders.

use super::algorithms::{Algorithm, Spec};
use crate::error::{ErrorKind, Result};
use crate::profile::alloc::HeapMeter;
use crate::stats::{median, percentile};
use std::time::Instant;

pub(crate) use crate::results::jws::{Cell, Matrix, OpStats, Settings, Unavailable};

/// The enterprise benchmark's payload sizes: 1 KiB … 5 MiB.
pub(crate) const DEFAULT_SIZES: [usize; 8] = [
    1 << 10,
    5 << 10,
    10 << 10,
    50 << 10,
    100 << 10,
    500 << 10,
    1 << 20,
    5 << 20,
];

/// Measurement count of slow algorithms.
const SLOW_MEASUREMENTS: usize = 3;

struct Sample {
    wall_us: f64,
    cpu_us: f64,
    heap: crate::profile::alloc::HeapUse,
}

fn timed<R>(f: impl FnOnce() -> R) -> (R, Sample) {
    let heap = HeapMeter::start();
    let cpu = cpu_time::ThreadTime::now();
    let wall = Instant::now();
    let r = f();
    let wall_us = wall.elapsed().as_nanos() as f64 / 1000.0;
    let cpu_us = cpu.elapsed().as_nanos() as f64 / 1000.0;
    let heap = heap.stop();
    (
        r,
        Sample {
            wall_us,
            cpu_us,
            heap,
        },
    )
}

fn stats(samples: &[Sample]) -> OpStats {
    let wall: Vec<f64> = samples.iter().map(|s| s.wall_us).collect();
    let cpu: Vec<f64> = samples.iter().map(|s| s.cpu_us).collect();
    let median_u64 = |f: fn(&Sample) -> u64| {
        median(&samples.iter().map(|s| f(s) as f64).collect::<Vec<_>>()) as u64
    };
    OpStats {
        wall_us: median(&wall),
        wall_min_us: wall.iter().copied().fold(f64::INFINITY, f64::min),
        wall_max_us: wall.iter().copied().fold(0.0, f64::max),
        wall_p90_us: percentile(&wall, 90.0),
        cpu_us: median(&cpu),
        heap_allocated: median_u64(|s| s.heap.allocated),
        heap_peak: median_u64(|s| s.heap.peak),
    }
}

/// A payload of `size` bytes from a seeded RNG.
pub fn payload(size: usize, seed: u64) -> Vec<u8> {
    use rand_core::{Rng, SeedableRng};
    let mut bytes = vec![0u8; size];
    rand_chacha::ChaCha20Rng::seed_from_u64(seed ^ size as u64).fill_bytes(&mut bytes);
    bytes
}

/// Runs the matrix for `specs`; `progress` is called after each (algorithm, size). Errors: an operation that
/// fails (a signature that does not verify is an internal error), key generation failures other than
/// unavailability.
pub(crate) fn run(
    specs: &[Spec],
    settings: &Settings,
    progress: &mut dyn FnMut(&str),
) -> Result<Matrix> {
    let mut matrix = Matrix {
        settings: settings.clone(),
        heap_counted: crate::profile::alloc::installed(),
        cells: Vec::new(),
        unavailable: Vec::new(),
        lowered: Vec::new(),
    };
    for spec in specs {
        let key: Box<dyn Algorithm> = match spec.make(settings.seed) {
            Ok(key) => key,
            Err(e) if e.kind() == ErrorKind::Unavailable => {
                matrix.unavailable.push(Unavailable {
                    name: spec.name.into(),
                    alg: spec.alg.into(),
                    reason: e.into_reason(),
                });
                continue;
            }
            Err(e) => return Err(e.in_source(spec.name)),
        };
        let (warmup, measurements) = if spec.slow && settings.measurements > SLOW_MEASUREMENTS {
            matrix.lowered.push(spec.name.into());
            (settings.warmup.min(1), SLOW_MEASUREMENTS)
        } else {
            (settings.warmup, settings.measurements)
        };
        for &size in &settings.sizes {
            let payload = payload(size, settings.seed);
            for _ in 0..warmup {
                let token = super::sign(spec, key.as_ref(), &payload)?;
                super::verify(spec, key.as_ref(), &token)?;
            }
            let (mut signs, mut verifies, mut token) = (Vec::new(), Vec::new(), String::new());
            for _ in 0..measurements.max(1) {
                let (signed, s) = timed(|| super::sign(spec, key.as_ref(), &payload));
                token = signed?;
                signs.push(s);
                let (verified, v) = timed(|| super::verify(spec, key.as_ref(), &token));
                verified.map_err(|e| e.in_source(spec.name))?;
                verifies.push(v);
            }
            let signature_bytes = token.rsplit('.').next().map_or(0, |s| s.len() * 3 / 4);
            matrix.cells.push(Cell {
                name: spec.name.into(),
                family: spec.family.into(),
                extra: spec.extra,
                kty: spec.kty.into(),
                alg: spec.alg.into(),
                bytes: size,
                key_bytes: key.key_bytes(),
                signature_bytes,
                token_bytes: token.len(),
                measurements: measurements.max(1),
                sign: stats(&signs),
                verify: stats(&verifies),
            });
            progress(spec.name);
        }
    }
    Ok(matrix)
}
