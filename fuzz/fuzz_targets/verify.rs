//! `canonprof verify` on arbitrary bytes in every format: no panic, bounded work, and never a "verified" verdict
//! without a signature checked with a trusted key (`canonprof_fuzz::verify`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    canonprof_fuzz::verify(data);
});
