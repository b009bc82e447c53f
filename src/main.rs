/// Exact heap bytes per operation for `canonprof jws` (see `profile::alloc`).
#[global_allocator]
static ALLOCATOR: canonprof::profile::alloc::CountingAllocator =
    canonprof::profile::alloc::CountingAllocator;

fn main() {
    // Steady heap: no page faults of a regrown heap inside measured phases (see `profile::heap`).
    canonprof::profile::heap::keep_freed_memory();
    std::process::exit(canonprof::cli::main());
}
