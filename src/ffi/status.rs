//! Status codes: what every function answering a `c2d_status` can answer, and their names.

use super::write_out;
use crate::shape::PolyError;
use crate::world::{ShapeError, SnapshotError, WorldError};
use std::ffi::c_char;

/// The outcome of a world call: `C2D_OK` or one of the `C2D_ERR_*` codes.
#[allow(non_camel_case_types)]
pub type c2d_status = u32;
/// Success.
pub const C2D_OK: c2d_status = 0;
/// The world pointer (or, for `c2d_poly_make`, the points or output pointer) was NULL.
pub const C2D_ERR_NULL: c2d_status = 1;
/// A rect, goal or size with a NaN or infinite field.
pub const C2D_ERR_INVALID: c2d_status = 2;
/// The handle names no live item of this world (removed, never issued, or another world's).
pub const C2D_ERR_STALE: c2d_status = 3;
/// The world already holds `C2D_WORLD_CAPACITY` items (since 1.1; 1.0 answered
/// `C2D_ERR_INVALID`).
pub const C2D_ERR_FULL: c2d_status = 4;
/// `c2d_world_push_out`: no clear position lies within the distance given; the item was left in
/// place (since 1.2).
pub const C2D_STUCK: c2d_status = 5;
/// `c2d_poly_make`: fewer than 3 points that are not all on one line (since 1.2).
pub const C2D_ERR_DEGENERATE: c2d_status = 6;
/// `c2d_poly_make`: the convex hull has more than `C2D_POLY_MAX` vertices (since 1.2).
pub const C2D_ERR_TOO_MANY: c2d_status = 7;
/// `c2d_world_restore`: the bytes are not a whole snapshot of this library (truncated,
/// corrupted, or holding values no world holds); the world is unchanged (since 1.3).
pub const C2D_ERR_CORRUPT: c2d_status = 8;
/// `c2d_world_restore`: a snapshot from a newer version of the library, whose layout this one
/// does not read; the world is unchanged (since 1.3).
pub const C2D_ERR_VERSION: c2d_status = 9;

/// An error of the core, as the status code C callers get.
pub(super) trait Code {
    fn code(self) -> c2d_status;
}

impl Code for WorldError {
    fn code(self) -> c2d_status {
        match self {
            WorldError::Invalid => C2D_ERR_INVALID,
            WorldError::Stale => C2D_ERR_STALE,
            WorldError::Full => C2D_ERR_FULL,
        }
    }
}

impl Code for ShapeError {
    fn code(self) -> c2d_status {
        match self {
            ShapeError::Invalid => C2D_ERR_INVALID,
            ShapeError::Stale => C2D_ERR_STALE,
            ShapeError::Degenerate => C2D_ERR_DEGENERATE,
            ShapeError::TooMany => C2D_ERR_TOO_MANY,
        }
    }
}

impl Code for PolyError {
    fn code(self) -> c2d_status {
        match self {
            PolyError::NotFinite => C2D_ERR_INVALID,
            PolyError::Degenerate => C2D_ERR_DEGENERATE,
            PolyError::TooMany => C2D_ERR_TOO_MANY,
        }
    }
}

impl Code for SnapshotError {
    fn code(self) -> c2d_status {
        match self {
            SnapshotError::Corrupt => C2D_ERR_CORRUPT,
            SnapshotError::Version => C2D_ERR_VERSION,
        }
    }
}

/// The status of an operation's result: `C2D_OK`, or the error's code.
pub(super) fn status<E: Code>(r: Result<(), E>) -> c2d_status {
    r.map_or_else(Code::code, |()| C2D_OK)
}

/// Writes an operation's answer through `out` (nullable) and answers `C2D_OK`, or answers the
/// error's code and writes nothing.
///
/// # Safety
/// `out` is NULL or valid for writing one `T` (alignment is not required).
pub(super) unsafe fn status_out<T, E: Code>(r: Result<T, E>, out: *mut T) -> c2d_status {
    match r {
        Ok(v) => {
            // SAFETY: NULL or writable (the caller's promise).
            unsafe { write_out(out, v) };
            C2D_OK
        }
        Err(e) => e.code(),
    }
}

/// A static, NUL-terminated English description of a status code; unknown codes get
/// "unknown status". Never NULL.
#[no_mangle]
pub extern "C" fn c2d_status_str(status: c2d_status) -> *const c_char {
    let s: &'static [u8] = match status {
        C2D_OK => b"ok\0",
        C2D_ERR_NULL => b"null pointer (world, points or output)\0",
        C2D_ERR_INVALID => b"invalid argument (NaN or infinite value)\0",
        C2D_ERR_STALE => b"stale or foreign handle\0",
        C2D_ERR_FULL => b"world full (4,194,304 items)\0",
        C2D_STUCK => b"no clear position within the distance given\0",
        C2D_ERR_DEGENERATE => b"fewer than 3 points not on one line\0",
        C2D_ERR_TOO_MANY => b"convex hull with more than C2D_POLY_MAX (8) vertices\0",
        C2D_ERR_CORRUPT => b"not a whole snapshot (truncated or corrupted)\0",
        C2D_ERR_VERSION => b"snapshot from a newer version of the library\0",
        _ => b"unknown status\0",
    };
    s.as_ptr().cast()
}
