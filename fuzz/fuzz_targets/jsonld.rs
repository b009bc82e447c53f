//! The JSON-LD input path: bytes → UTF-8 and I-JSON checks → RDFC-1.0 (expand, to_rdf, label, serialize) with
//! the bundled contexts. Errors are fine; panics, hangs and unbounded memory are findings.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    canonprof_fuzz::jsonld(data);
});
