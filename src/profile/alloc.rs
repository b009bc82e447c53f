//! A counting global allocator: exact heap bytes allocated and the peak of live bytes on the current thread
//! between [`HeapMeter::start`] and [`HeapMeter::stop`] (bytes as requested, not pages). The `canonprof` binary
//! installs it; without it (library tests) [`installed`] is false and the meters read zero.
//!
//! Underneath it is mimalloc (the `mimalloc` crate, its v3), not the system allocator: every pipeline canonprof
//! measures allocates through it, so the choice is the same for RDFC-1.0 and JCS, both engines and every format.
//! glibc's malloc and free were about a quarter of RDFC-1.0's time on ob3-full (they are still what C libraries
//! linked in use); [`super::heap`] turns mimalloc's purging of freed pages off, so iterations reuse a warm heap.

use mimalloc::MiMalloc as Underlying;
use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// The allocator: mimalloc with per-thread counters.
pub struct CountingAllocator;

static INSTALLED: AtomicBool = AtomicBool::new(false);

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static ALLOCATED: Cell<u64> = const { Cell::new(0) };
    static LIVE: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

fn grow(bytes: usize) {
    let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + 1));
    let _ = ALLOCATED.try_with(|a| a.set(a.get() + bytes as u64));
    let live = LIVE.try_with(|l| {
        l.set(l.get() + bytes as i64);
        l.get()
    });
    if let Ok(live) = live {
        let _ = PEAK.try_with(|p| p.set(p.get().max(live)));
    }
}

fn shrink(bytes: usize) {
    let _ = LIVE.try_with(|l| l.set(l.get() - bytes as i64));
}

// SAFETY: every call is forwarded to mimalloc unchanged; the counters are thread-local `Cell`s with
// const initializers, which neither allocate nor block.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        INSTALLED.store(true, Ordering::Relaxed);
        let p = unsafe { Underlying.alloc(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { Underlying.alloc_zeroed(layout) };
        if !p.is_null() {
            grow(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { Underlying.dealloc(ptr, layout) };
        shrink(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { Underlying.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            shrink(layout.size());
            grow(new_size);
        }
        p
    }
}

/// This thread's allocations so far (calls of `alloc`, `alloc_zeroed` and `realloc`) and bytes allocated
/// (reallocations count their new size): read twice, they give what happened in between. Zero without the
/// counting allocator.
#[inline]
pub fn thread_totals() -> (u64, u64) {
    (
        ALLOCATIONS.try_with(Cell::get).unwrap_or(0),
        ALLOCATED.try_with(Cell::get).unwrap_or(0),
    )
}

/// Whether the counting allocator is the global allocator of this process (it has served an allocation).
pub fn installed() -> bool {
    INSTALLED.load(Ordering::Relaxed)
}

/// Heap use of one measured operation (bytes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HeapUse {
    /// Bytes allocated during the operation (every allocation counted, freed or not).
    pub allocated: u64,
    /// Peak of live bytes above the level at the start.
    pub peak: u64,
}

/// A measurement in progress on this thread.
pub struct HeapMeter {
    allocated: u64,
    live: i64,
}

impl HeapMeter {
    /// Starts measuring: resets this thread's peak to the live level now.
    pub fn start() -> HeapMeter {
        let live = LIVE.with(Cell::get);
        PEAK.with(|p| p.set(live));
        HeapMeter {
            allocated: ALLOCATED.with(Cell::get),
            live,
        }
    }

    /// The heap use since [`HeapMeter::start`].
    pub fn stop(self) -> HeapUse {
        HeapUse {
            allocated: ALLOCATED.with(Cell::get) - self.allocated,
            peak: (PEAK.with(Cell::get) - self.live).max(0) as u64,
        }
    }
}
