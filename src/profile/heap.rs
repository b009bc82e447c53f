//! A steady heap for measuring: glibc's malloc returns freed memory at the top of the heap to the kernel
//! (`M_TRIM_THRESHOLD`, 128 KiB by default, adjusted dynamically) and serves large blocks by `mmap`
//! (`M_MMAP_THRESHOLD`). A pipeline that frees a 111 KB buffer each iteration then pays the page faults of
//! growing the heap again in the next one — in whichever phase allocates first, and depending on what ran
//! before in the process: elm-edc-annex1's `jcs` phase measured 49 µs or 72 µs in the same build depending on
//! which pipelines preceded it. [`keep_freed_memory`] turns both off so every iteration starts from the same
//! resident heap, as a long-running verifier's would. canonprof's own allocations go to mimalloc
//! ([`super::alloc`]), which purges freed pages after a delay (a second, in its v3) and faults them in again when
//! they are reused: with it the kernel's page clearing was 4% of an exchange's profile (0.3% with glibc so set).
//! [`keep_freed_memory`] turns its purging off too; the glibc settings then govern what linked C code allocates.

/// Keeps freed memory in the process: mimalloc never purges (`mi_option_purge_delay` −1), and with glibc
/// `mallopt(M_TRIM_THRESHOLD)` and `mallopt(M_MMAP_THRESHOLD)` go to their largest useful values. Returns whether
/// the glibc settings took effect (false elsewhere). Call once, before measuring (the `canonprof` binary does at
/// start-up).
pub fn keep_freed_memory() -> bool {
    // SAFETY: `mi_option_set` only stores an option value; it is called before any measurement, from the one
    // thread the binary has then (mimalloc documents it as not thread safe).
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    imp::keep_freed_memory()
}

/// `mi_option_purge_delay` in mimalloc v3's `mi_option_t` (`include/mimalloc.h`: the sixteenth option; the
/// `libmimalloc-sys` crate names only some v3 options).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// mimalloc's purge delay now (ms; −1: never purge), for the tests.
#[cfg(test)]
fn purge_delay_ms() -> std::ffi::c_long {
    // SAFETY: reads an option value.
    unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod imp {
    /// 32 MiB: glibc's largest mmap threshold on 64-bit targets (`DEFAULT_MMAP_THRESHOLD_MAX`).
    const MMAP_THRESHOLD: libc::c_int = 32 << 20;
    /// 1 GiB: never trim in practice.
    const TRIM_THRESHOLD: libc::c_int = 1 << 30;

    pub(super) fn keep_freed_memory() -> bool {
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
        // The option index is mimalloc v3's purge delay: its default is 1,000 ms (unless set here already).
        assert!(matches!(super::purge_delay_ms(), 1000 | -1));
        assert!(super::keep_freed_memory());
        assert_eq!(super::purge_delay_ms(), -1);
    }
}
