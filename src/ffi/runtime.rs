//! The `no_std` build's runtime (the Windows DLLs and the libraries `make dist` builds, see
//! `crate::platform`): memory from the C runtime's `malloc`, and a panic that aborts the
//! process. No panic is known to happen; should one ever, it must not unwind into C, and without
//! the standard library it cannot be caught.

use core::alloc::{GlobalAlloc, Layout};
use core::ffi::c_void;

// The C library by name, so that the shared library records it as needed (with std, std does).
#[cfg_attr(unix, link(name = "c"))]
extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
    fn abort() -> !;
}

/// The alignment `malloc` guarantees (8 on 32-bit Windows, 16 on 64-bit).
const MALLOC_ALIGN: usize = 2 * core::mem::size_of::<usize>();

/// The C runtime's heap: `malloc` for the usual alignments; a larger one over-allocates and
/// keeps the pointer `malloc` gave just below the aligned block.
struct CRuntime;

// SAFETY: every block comes from malloc/realloc (or a larger malloc block for large alignments),
// is at least `layout.size()` bytes aligned to `layout.align()`, and goes back to free exactly
// once through `dealloc` with the layout it was made with.
unsafe impl GlobalAlloc for CRuntime {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            // SAFETY: malloc accepts any size; a zero size never reaches a GlobalAlloc.
            return unsafe { malloc(layout.size()) }.cast();
        }
        let Some(size) = layout.size().checked_add(layout.align()) else {
            return core::ptr::null_mut();
        };
        // SAFETY: as above.
        let base: *mut u8 = unsafe { malloc(size) }.cast();
        if base.is_null() {
            return base;
        }
        // At least one pointer's room below the aligned block (align > MALLOC_ALIGN >= 8).
        let offset = layout.align() - (base as usize & (layout.align() - 1));
        // SAFETY: offset is in 1..=align, so the block and the word below it lie in base's
        // size + align bytes; the word below is aligned as the block is (align >= 16 > 8).
        unsafe {
            let block = base.add(offset);
            block.cast::<*mut u8>().sub(1).write(base);
            block
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if layout.align() <= MALLOC_ALIGN {
            // SAFETY: ptr came from malloc/realloc (caller's promise).
            unsafe { free(ptr.cast()) };
        } else {
            // SAFETY: alloc stored malloc's pointer in the word below the block.
            unsafe { free(ptr.cast::<*mut u8>().sub(1).read().cast()) };
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            // SAFETY: ptr came from malloc/realloc with this alignment (caller's promise).
            return unsafe { realloc(ptr.cast(), new_size) }.cast();
        }
        // SAFETY: the caller promises new_size > 0 and that it does not overflow at this
        // alignment; the copy takes what both blocks hold.
        unsafe {
            let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
            let new = self.alloc(new_layout);
            if !new.is_null() {
                core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            new
        }
    }
}

#[global_allocator]
static HEAP: CRuntime = CRuntime;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: abort takes no arguments and ends the process.
    unsafe { abort() }
}

// The unwinding tables of the precompiled `core` and `alloc` name Rust's personality routine,
// which only the standard library defines. Nothing unwinds in this build; an exception thrown
// through the library (a C++ filter callback that throws) aborts, as it would through any
// `extern "C"` function of the standard build. Defined in assembly so that the DLL does not
// export it (a Rust `#[no_mangle]` function would be).
#[cfg(any(target_arch = "x86_64", all(target_arch = "x86", not(windows))))]
core::arch::global_asm!(
    ".globl rust_eh_personality",
    "rust_eh_personality:",
    "jmp abort"
);
#[cfg(all(target_arch = "x86", windows))]
core::arch::global_asm!(
    ".globl _rust_eh_personality",
    "_rust_eh_personality:",
    "jmp _abort"
);
#[cfg(all(
    any(target_arch = "aarch64", target_arch = "arm"),
    not(target_vendor = "apple")
))]
core::arch::global_asm!(
    ".globl rust_eh_personality",
    "rust_eh_personality:",
    "b abort"
);
// Apple's object files name C symbols with a leading underscore.
#[cfg(all(target_arch = "aarch64", target_vendor = "apple"))]
core::arch::global_asm!(
    ".globl _rust_eh_personality",
    "_rust_eh_personality:",
    "b _abort"
);
