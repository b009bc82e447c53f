//! The sampled CPU profile: pprof's in-process SIGPROF sampler (no perf events needed) around a workload that
//! is run repeatedly for a wall-clock duration. Returns folded stacks rooted at a caller-chosen frame, with the
//! sampler's and the process's own frames (signal handling, `main`, the loop) cut away.
//!
//! The kernel delivers SIGPROF on its scheduler tick: asking for 999 Hz yields about 250 samples per CPU-second
//! on this machine (CONFIG_HZ=250), so sample *for a duration*, not a count.

use super::folded::Folded;
use crate::error::{Error, ErrorKind, Result};
use std::time::{Duration, Instant};

/// Requested sampling frequency (Hz); the effective rate is capped by the kernel tick.
const FREQUENCY: i32 = 999;

/// A sampled profile of a workload.
#[derive(Debug, Clone, Default)]
pub(crate) struct Sampled {
    /// Folded stacks (root frame first) → samples.
    pub stacks: Folded,
    /// Samples inside the workload (the sum of `stacks`).
    pub samples: u64,
    /// Wall time spent sampling (s).
    pub seconds: f64,
    /// Completed runs of the workload.
    pub iterations: u64,
}

/// The frame every kept stack passes through; everything from the process entry down to it is cut.
#[inline(never)]
fn sampled_region(work: &mut dyn FnMut() -> Result<()>) -> Result<()> {
    let result = work();
    std::hint::black_box(&result);
    result
}

/// A symbol's frame name and library ([`super::frames::library_of_file`]).
fn frame(symbol: &pprof::Symbol) -> (String, Option<String>) {
    (
        frame_name(symbol),
        super::frames::library_of_file(symbol.filename.as_deref()),
    )
}

/// A symbol's frame name: `module::function` ([`super::frames::short_name`]), the module taken from the source
/// file when the symbolizer gives a bare name (line-tables-only debug info has no linkage names); never a path.
fn frame_name(symbol: &pprof::Symbol) -> String {
    let name = simplify(&symbol.name());
    let module = symbol
        .filename
        .as_deref()
        .and_then(super::frames::module_of_file);
    super::frames::short_name(&name, module.as_deref())
}

/// A readable frame name: generic arguments dropped (`with_default<Result<…>, F>` → `with_default`), the
/// qualified-self form kept without its own generics (`<Context<Iri> as Clone>::clone` → `<Context as
/// Clone>::clone`), and `;` (the folded-format separator) replaced.
fn simplify(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut depth = 0usize;
    let mut kept: Vec<bool> = Vec::new(); // per open '<': whether its contents are kept (qualified self)
    let mut previous = None;
    for (i, c) in name.char_indices() {
        match c {
            '<' => {
                // Kept: `<T as Trait>::f` at the start, and `::<impl Trait for T>::f`; dropped: generic
                // arguments, including a turbofish `::<T>` (whose `::` goes too).
                let outer = kept.iter().all(|k| *k);
                let qualified = outer
                    && (previous.is_none()
                        || (previous == Some(':') && name[i + 1..].starts_with("impl ")));
                if outer && !qualified && previous == Some(':') && out.ends_with("::") {
                    out.truncate(out.len() - 2);
                }
                kept.push(qualified);
                depth += 1;
                if qualified {
                    out.push('<');
                }
            }
            '>' if depth > 0 && previous != Some('-') => {
                depth -= 1;
                if kept.pop() == Some(true) {
                    out.push('>');
                }
            }
            c if kept.iter().all(|k| *k) => out.push(if c == ';' { ':' } else { c }),
            _ => {}
        }
        previous = Some(c);
    }
    out
}

/// The marker frame; inlined frames are named without their module path in optimized builds.
fn is_marker(name: &str) -> bool {
    is_named(name, "sampled_region")
}

/// Whether a frame is the function `wanted`, whatever module the frame name carries.
fn is_named(name: &str, wanted: &str) -> bool {
    name == wanted || name.ends_with(&format!("::{wanted}"))
}

/// Frames of the sampler itself (pprof's signal handler and its unwinder).
fn is_sampler_frame(name: &str) -> bool {
    name.contains("pprof::")
        || name.starts_with("backtrace::")
        || name.contains("perf_signal_handler")
        || name.contains("__restore_rt")
}

/// Runs `work` repeatedly for at least `duration` (at least once) under the sampler and folds the samples under
/// `root`, starting each stack at the outermost frame named `start_frame` if given (cutting the caller's
/// harness). Unless `keep_library_internals`, runs of a library's frames are cut to their first and last
/// ([`super::frames::compact_library_runs`]). Errors: the workload's first error, or [`ErrorKind::Internal`] if
/// the sampler cannot start.
pub(crate) fn sample_for(
    duration: Duration,
    root: &str,
    start_frame: Option<&str>,
    keep_library_internals: bool,
    work: &mut dyn FnMut() -> Result<()>,
) -> Result<Sampled> {
    let guard = pprof::ProfilerGuardBuilder::default()
        .frequency(FREQUENCY)
        // libc is *not* blocklisted: JSON-LD expansion spends about half its CPU time in malloc, free and memcpy,
        // and dropping those samples (pprof's usual advice) halves the sample rate and hides that cost. The
        // unwinder (libgcc) and the vDSO (clock reads of the span timer) stay out.
        .blocklist(&["libgcc", "vdso"])
        .build()
        .map_err(|e| {
            Error::new(
                ErrorKind::Internal,
                format!("cannot start the CPU sampler: {e}"),
            )
        })?;
    let start = Instant::now();
    let mut iterations = 0;
    loop {
        sampled_region(work)?;
        iterations += 1;
        if start.elapsed() >= duration {
            break;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let report = guard.report().build().map_err(|e| {
        Error::new(
            ErrorKind::Internal,
            format!("cannot read the CPU samples: {e}"),
        )
    })?;
    drop(guard);
    let mut stacks = Folded::new();
    for (frames, &count) in &report.data {
        // pprof lists frames leaf first, each with its inlined functions innermost first.
        let frames: Vec<(String, Option<String>)> = frames
            .frames
            .iter()
            .rev()
            .flat_map(|inlined| inlined.iter().rev().map(frame))
            .collect();
        let (names, libraries): (Vec<String>, Vec<Option<String>>) = frames.into_iter().unzip();
        let Some(marker) = names.iter().rposition(|n| is_marker(n)) else {
            continue; // a sample outside the workload (loop bookkeeping)
        };
        // Frames between the marker and `start` are the caller's harness: cut them, and leave out samples taken
        // in the harness itself (outside `start`).
        let mut first = marker + 1;
        if let Some(start) = start_frame {
            match names[first..].iter().position(|n| is_named(n, start)) {
                Some(i) => first += i,
                None => continue,
            }
        }
        // The leaf end may show the sampler unwinding itself (signal handler, backtrace): cut it.
        let end = names[first..]
            .iter()
            .position(|n| is_sampler_frame(n))
            .map_or(names.len(), |i| first + i);
        let workload: Vec<String> = if keep_library_internals {
            names[first..end].to_vec()
        } else {
            super::frames::compact_library_runs(
                names[first..end]
                    .iter()
                    .cloned()
                    .zip(libraries[first..end].iter().cloned())
                    .collect(),
            )
        };
        let mut stack = root.to_string();
        for name in &workload {
            stack.push(';');
            stack.push_str(name);
        }
        *stacks.entry(stack).or_default() += count.max(0) as u64;
    }
    let samples = stacks.values().sum();
    Ok(Sampled {
        stacks,
        samples,
        seconds,
        iterations,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[inline(never)]
    fn busy(n: u64) -> u64 {
        (0..n).fold(0u64, |acc, i| {
            acc.wrapping_mul(31).wrapping_add(i ^ (acc >> 3))
        })
    }

    #[test]
    fn samples_a_short_workload() {
        let mut sink = 0;
        let sampled = sample_for(Duration::from_millis(400), "work", None, false, &mut || {
            sink ^= busy(std::hint::black_box(200_000));
            Ok(())
        })
        .unwrap();
        assert!(sampled.iterations > 0 && sampled.seconds >= 0.4);
        assert!(sampled.samples > 0, "a 0.4 s busy loop gets samples");
        assert!(
            sampled.stacks.keys().all(|s| s.starts_with("work")),
            "{:?}",
            sampled.stacks.keys()
        );
        assert!(
            sampled
                .stacks
                .keys()
                .all(|s| !s.contains("sampled_region") && !s.contains("pprof")),
            "{:?}",
            sampled.stacks
        );
        assert!(
            !sampled.stacks.keys().any(|s| s.contains("lang_start")),
            "process frames are cut"
        );
    }

    #[test]
    fn simplifies_frame_names() {
        assert_eq!(
            simplify("std::thread::with_default<core::result::Result<(), E>, F>"),
            "std::thread::with_default"
        );
        assert_eq!(
            simplify("<json_ld_core::context::Context<T, B> as core::clone::Clone>::clone"),
            "<json_ld_core::context::Context as core::clone::Clone>::clone"
        );
        assert_eq!(
            simplify("fold<core::ops::range::Range<u64>, u64, F>"),
            "fold"
        );
        assert_eq!(
            simplify("alloc::vec::Vec<[u8; 4]>::push"),
            "alloc::vec::Vec::push"
        );
        assert_eq!(simplify("{closure#0}"), "{closure#0}");
        assert_eq!(
            simplify("call_once<fn() -> Result<(), E>, ()>"),
            "call_once"
        );
        assert_eq!(
            simplify("core::iter::Iterator::fold::<indexmap::Bucket<K, V>, ()>"),
            "core::iter::Iterator::fold"
        );
        assert_eq!(
            simplify(
                "core::iter::range::<impl core::iter::Iterator for core::ops::Range<A>>::next"
            ),
            "core::iter::range::<impl core::iter::Iterator for core::ops::Range>::next"
        );
    }
}
