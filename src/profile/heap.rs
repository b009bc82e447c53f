//! A steady heap for measuring: glibc's malloc returns freed memory at the top of the heap to the kernel
//! (`M_TRIM_THRESHOLD`, 128 KiB by default, adjusted dynamically) and serves large blocks by `mmap`
//! (`M_MMAP_THRESHOLD`). A pipeline that frees a 111 KB buffer each iteration then pays the page faults of
//! growing the heap again in the next one — in whichever phase allocates first, and depending on what ran
//! before in the process: elm-edc-annex1's `jcs` phase measured 49 µs or 72 µs in the same build depending on
//! which pipelines preceded it. [`keep_freed_memory`] turns both off so every iteration starts from the same
//! resident heap, as a long-running verifier's would. Since canonprof's own allocations go to mimalloc
//! ([`super::alloc`], which keeps freed pages for a second), these settings govern what C libraries linked in
//! allocate with malloc.

/// Keeps freed memory in the process (glibc only: `mallopt(M_TRIM_THRESHOLD)` and `mallopt(M_MMAP_THRESHOLD)`
/// to their largest useful values); elsewhere does nothing. Returns whether the settings took effect. Call
/// once, before measuring (the `canonprof` binary does at start-up).
pub fn keep_freed_memory() -> bool {
    imp::keep_freed_memory()
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod imp {
    /// 32 MiB: glibc's largest mmap threshold on 64-bit targets (`DEFAULT_MMAP_THRESHOLD_MAX`).
    const MMAP_THRESHOLD: libc::c_int = 32 << 20;
    /// 1 GiB: never trim in practice.
    const TRIM_THRESHOLD: libc::c_int = 1 << 30;

    pub fn keep_freed_memory() -> bool {
        // SAFETY: `mallopt` only changes allocator parameters; it is called before any measurement, and glibc
        // serializes it with allocations.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1
                && libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
mod imp {
    pub fn keep_freed_memory() -> bool {
        false
    }
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    #[test]
    fn glibc_accepts_the_settings() {
        assert!(super::keep_freed_memory());
    }
}
