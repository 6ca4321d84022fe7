//! The world for integer engines: `c2d_recti` in and out (since 1.3).

use super::status::{c2d_status, C2D_ERR_INVALID, C2D_ERR_NULL, C2D_OK};
use super::world::{c2d_filter_fn, change, motion, query, read_two, world_mut, Answers};
use super::{guard, write_out};
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::shape::RectI;
use crate::world::{RectD, Snap, Vec2D, World, WorldHitD};
use std::ffi::c_void;

/// An integer rect as the double-precision rect it is exactly.
fn exact(r: RectI) -> RectD {
    RectD::new(r.x as f64, r.y as f64, r.w as f64, r.h as f64)
}

/// A double-precision rect as an integer one: itself when every field is an int32, else the
/// least integer rect holding it (sizes not negative), saturated to the int32 range.
fn to_int(r: RectD) -> RectI {
    let int = |v: f64| v == v.floor() && v >= i32::MIN as f64 && v <= i32::MAX as f64;
    if int(r.x) && int(r.y) && int(r.w) && int(r.h) {
        return RectI::new(r.x as i32, r.y as i32, r.w as i32, r.h as i32);
    }
    let sat = |v: f64| v.clamp(i32::MIN as f64, i32::MAX as f64) as i64;
    let (x0, x1) = (r.x.min(r.x + r.w), r.x.max(r.x + r.w));
    let (y0, y1) = (r.y.min(r.y + r.h), r.y.max(r.y + r.h));
    let (x0, y0) = (sat(x0.floor()), sat(y0.floor()));
    let (x1, y1) = (sat(-(-x1).floor()), sat(-(-y1).floor()));
    let size = |d: i64| d.min(i32::MAX as i64) as i32;
    RectI::new(x0 as i32, y0 as i32, size(x1 - x0), size(y1 - y0))
}

/// `c2d_world_add` for an integer engine: adds an item with the integer rect `rect` (kept
/// exactly) and returns its handle, never 0; 0 for a NULL world or a full one. Make the world
/// with `c2d_world_new_d`: every int32 is exact in doubles and its band (1e-10) lies far below
/// one unit, so faces one unit apart never touch (a `c2d_world_new` world reads faces within one
/// float ulp as touching: beyond 2^24 that is more than a unit).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_add_i(w: *mut World, rect: RectI, user: u64) -> u64 {
    // SAFETY: NULL or a live world (contract).
    unsafe { world_mut(w, 0, |w| w.add_d(exact(rect), user).unwrap_or(0)) }
}

/// `c2d_world_update` for an integer engine: moves or resizes item `id` to `rect` (a
/// teleport). `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a handle naming no live item.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_update_i(w: *mut World, id: u64, rect: RectI) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.update_d(id, exact(rect))) }
}

/// Reads item `id`'s rect as integers and its user value (each nullable): exactly as given when
/// every field is an int32 (as after the `_i` functions), else the least integer rect holding it
/// (sizes not negative, saturated to the int32 range). `C2D_ERR_NULL` for a NULL world,
/// `C2D_ERR_STALE` (nothing written) for a handle naming no live item.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get_i(
    w: *const World,
    id: u64,
    rect: *mut RectI,
    user: *mut u64,
) -> c2d_status {
    let read = |w: &World| w.get_d(id).map(|(r, u)| (to_int(r), u));
    // SAFETY: the caller's contract, passed on.
    unsafe { read_two(w, read, rect, user) }
}

/// `c2d_world_query_rect` for an integer query rect: the items whose rect overlaps `rect` by
/// more than the band on both axes (for integer items in a `c2d_world_new_d` world: strictly,
/// exactly `c2d_overlap_recti_recti`), ascending handles. Writes at most `cap` handles to `out`
/// (NULL is fine when `cap` is 0) and returns how many there are; 0 for a NULL world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_rect_i(
    w: *const World,
    rect: RectI,
    out: *mut u64,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
    unsafe {
        query(w, out, cap, |w, out| {
            w.query_rect_d(exact(rect), u64::MAX, out)
        })
    }
}

/// `c2d_world_move` for an integer engine: moves item `id` toward the integer position
/// `(x, y)` (its rect's new corner) as `c2d_world_move_d` does, with the same filter, responses
/// and hits (in doubles, exact), and ends at an integer position: the one nearest the exact end,
/// else rounded back toward where the move began on either axis, whichever first leaves the item
/// clear of every solid it did not overlap at the start (a slide along integer walls ends
/// exactly where the exact move does). The item's rect after the move is written to `actual`
/// (nullable).
///
/// Which move an integer engine wants: this one meets items along the diagonal of a move, as
/// bump.lua does (a player falling and walking at once lands where a diagonal sweep says);
/// `c2d_move_recti` moves x first, then y, each as far as it goes, as many integer engines'
/// hand-written code does. On diagonal moves past corners the two can end at different places
/// by design; on moves along one axis they agree.
///
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a handle naming no live item; on error
/// nothing is written.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move_i(
    w: *mut World,
    id: u64,
    x: i32,
    y: i32,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut RectI,
    hits: *mut WorldHitD,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        let goal = Vec2D::new(x as f64, y as f64);
        let mut end = Vec2D::default();
        // SAFETY: the caller's contract, passed on; `end` is writable.
        let s = unsafe {
            let out = Answers::exact(&mut end, hits, std::ptr::null_mut(), cap, count);
            motion(w, id, goal, true, Snap::Int, filter, ctx, out)
        };
        if s == C2D_OK {
            // SAFETY: a live world (the move succeeded); `actual` NULL or writable (contract).
            match unsafe { w.as_ref() }.map(|w| w.get_d(id)) {
                Some(Ok((r, _))) => unsafe { write_out(actual, to_int(r.at(end))) },
                _ => return C2D_ERR_INVALID,
            }
        }
        s
    })
}
