/// Exact heap bytes per operation for `canonprof jws` (see `profile::alloc`).
#[global_allocator]
static ALLOCATOR: canonprof::profile::alloc::CountingAllocator =
    canonprof::profile::alloc::CountingAllocator;

fn main() {
    std::process::exit(canonprof::cli::main());
}
