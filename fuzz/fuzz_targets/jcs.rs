//! JCS (RFC 8785): bytes → I-JSON checks → canonical JSON, which must be a fixed point and parse back to the
//! same value.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    canonprof_fuzz::jcs(data);
});
