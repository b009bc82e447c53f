//! The integration tests, one binary (as ripgrep does): each test build links the dependency set once.

mod bbs;
mod bbs_cli;
mod bbs_holder_binding;
mod bounds;
mod canonprof_engine;
mod cases;
mod claims;
mod cli;
mod common;
mod corpus;
mod data_integrity;
mod diff_noise;
mod docs;
mod ecdsa_sd;
mod exchange;
mod exports;
mod fails_closed;
mod flamegraphs;
mod fuzz_regressions;
mod hostile;
mod interop;
mod jcs_vectors;
mod jsonld_suite;
mod jws;
mod label_differential;
mod layout;
mod mdoc;
mod p384;
mod post_quantum;
mod profile_formats;
mod properties;
mod rdfc_suite;
mod saved_runs;
mod sd_jwt;
mod sign;
mod signatures;
mod signed_input;
mod strict_decoding;
mod terminal;
mod verify;
mod work_counters;

/// The binary's counting allocator, so that the resource bound tests read heap bytes (`profile::alloc`).
#[global_allocator]
static ALLOCATOR: canonprof::profile::alloc::CountingAllocator =
    canonprof::profile::alloc::CountingAllocator;
