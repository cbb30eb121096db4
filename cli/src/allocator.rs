//! The command's allocator: mimalloc, asked for a plain block whenever the layout's alignment is
//! at most a machine word.
//!
//! The `mimalloc` crate's allocator asks `mi_malloc_aligned` for every layout. In mimalloc 3,
//! once the page of a size class runs out, an aligned request whose block size is not a power of
//! two leaves the fast path for good: it over-allocates from the next size class, so the first
//! class's page is never refilled. On a file of broken lines, about half of the command's
//! allocations would take that slow path. Every mimalloc block is aligned to a machine word at least (its size classes are
//! whole words, and mimalloc's own `mi_realloc_aligned` hands such alignments to `mi_realloc`), so
//! those layouts go to `mi_malloc`, `mi_zalloc` and `mi_realloc`; larger alignments keep the
//! aligned calls.
//!
//! This is the command's only `unsafe` code: the library forbids it, and leaves the choice of
//! allocator to its user.

#![allow(
    unsafe_code,
    reason = "a global allocator is an unsafe trait; each call only forwards to mimalloc"
)]

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc,
    mi_zalloc_aligned,
};

/// The largest alignment every block of `mi_malloc` has: a machine word.
const WORD: usize = std::mem::align_of::<usize>();

/// mimalloc, with plain calls for word-aligned layouts (see the module documentation).
pub struct Mimalloc;

// SAFETY: every method forwards to mimalloc, which returns null on failure, blocks of at least
// the size asked for, aligned to `layout.align()` (a plain block is word-aligned, and a
// larger alignment is asked for explicitly), and frees or resizes only blocks it handed out,
// as `GlobalAlloc`'s contract promises the pointers are.
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: mimalloc accepts any size; the alignment of `layout` is a power of two.
        unsafe {
            if layout.align() <= WORD {
                mi_malloc(layout.size()).cast()
            } else {
                mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        unsafe {
            if layout.align() <= WORD {
                mi_zalloc(layout.size()).cast()
            } else {
                mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` was handed out by this allocator, so by mimalloc.
        unsafe { mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` was handed out by this allocator with `layout`, so by mimalloc with
        // that alignment, which the new block keeps.
        unsafe {
            if layout.align() <= WORD {
                mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks of every small size and alignment up to a page are aligned as asked, hold what is
    /// written in them, keep it when resized, and are zeroed when asked.
    #[test]
    fn blocks_are_aligned_and_keep_their_bytes() {
        let allocator = Mimalloc;
        let mut kept = Vec::new();
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in (1..=600).step_by(7) {
                let Ok(layout) = Layout::from_size_align(size, align) else {
                    continue;
                };
                // SAFETY: the layout has a non-zero size; each block is written within its
                // size, resized once with its layout and freed once with the new one.
                unsafe {
                    let zeroed = allocator.alloc_zeroed(layout);
                    assert!(!zeroed.is_null());
                    assert_eq!(zeroed.addr() % align, 0, "size {size} align {align}");
                    assert!((0..size).all(|at| *zeroed.add(at) == 0));
                    allocator.dealloc(zeroed, layout);

                    let block = allocator.alloc(layout);
                    assert!(!block.is_null());
                    assert_eq!(block.addr() % align, 0, "size {size} align {align}");
                    for at in 0..size {
                        *block.add(at) = (at % 251) as u8;
                    }
                    let grown = allocator.realloc(block, layout, size * 3);
                    assert!(!grown.is_null());
                    assert_eq!(grown.addr() % align, 0, "size {size} align {align}");
                    assert!((0..size).all(|at| *grown.add(at) == (at % 251) as u8));
                    // Keep some blocks alive so that pages run out and refill.
                    kept.push((grown, Layout::from_size_align(size * 3, align).unwrap()));
                }
            }
        }
        for (block, layout) in kept {
            // SAFETY: each block was handed out with this layout and is freed once.
            unsafe { allocator.dealloc(block, layout) }
        }
    }
}
