//! The N-Quads input path: bytes → N-Quads parse → RDFC-1.0 labeling and serialization.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    canonprof_fuzz::nquads(data);
});
