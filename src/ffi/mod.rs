//! The C ABI: thin `extern "C"` wrappers over the Rust core.
//!
//! Every body runs inside [`guard`], so no panic unwinds into C; inbound pointers are checked for
//! NULL before use; nothing here allocates except the world functions (`c2d_world_*`).
//!
//! The libraries users ship (`make dist`, the Windows DLLs) are built with `panic = "abort"` and
//! without the standard library (see `crate::platform`): there `guard` runs the body directly
//! and a panic aborts the process.

// In the order of the header's map, which cbindgen follows.
// Shapes.
mod shape;
// Predicates: single pairs, one shape against many, polygons and capsules.
mod overlap;
// (one shape against many)
mod batch;
// (polygons and capsules)
mod poly;
// Contacts and manifolds.
mod contact;
// (polygons and capsules)
mod poly_contact;
// Closest points and distances.
mod closest;
// Sweeps and ray casts.
mod sweep;
// (polygons and capsules)
mod poly_sweep;
// Moves.
mod response;
// The world: in float and double, in integers, the movement kit, slopes, sensors, tile layers,
// state.
mod world;
// (integers)
mod world_int;
// (the movement kit)
mod kit;
// (slopes)
mod slope;
// (sensors)
mod sensor;
// (tile layers)
mod tiles;
// (state)
mod state;
// Status codes and version.
mod status;
mod version;

// The runtime of the build without the standard library.
/// cbindgen:ignore
#[cfg(c2d_no_std)]
mod runtime;

pub use batch::*;
pub use closest::*;
pub use contact::*;
pub use kit::*;
pub use overlap::*;
pub use poly::*;
pub use poly_contact::*;
pub use poly_sweep::*;
pub use response::*;
pub use sensor::*;
pub use shape::*;
pub use slope::*;
pub use state::*;
pub use status::*;
pub use sweep::*;
pub use tiles::*;
pub use version::*;
pub use world::*;
pub use world_int::*;

/// Runs `f`, answering `default` instead of unwinding into the C caller should it ever panic.
#[cfg(not(c2d_no_std))]
#[inline(always)]
pub(crate) fn guard<R>(default: R, f: impl FnOnce() -> R) -> R {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or(default)
}

/// Runs `f`. Without the standard library a panic aborts (see `runtime`): it never unwinds.
#[cfg(c2d_no_std)]
#[inline(always)]
pub(crate) fn guard<R>(_default: R, f: impl FnOnce() -> R) -> R {
    f()
}

/// Writes `value` through `out` unless it is NULL.
///
/// # Safety
/// `out` must be NULL or valid for writing one `T` (alignment is not required).
#[inline(always)]
pub(crate) unsafe fn write_out<T>(out: *mut T, value: T) {
    if !out.is_null() {
        // SAFETY: non-NULL, and the caller promises it points to writable memory for a T.
        unsafe { out.write_unaligned(value) };
    }
}

/// Writes the answer of a query with an optional result through `out` and returns whether there
/// was one; `out` is left untouched when there was none.
///
/// # Safety
/// As [`write_out`].
#[inline(always)]
pub(crate) unsafe fn answer<T>(result: Option<T>, out: *mut T) -> bool {
    match result {
        Some(v) => {
            // SAFETY: forwarded from the caller's promise.
            unsafe { write_out(out, v) };
            true
        }
        None => false,
    }
}
