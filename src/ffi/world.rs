//! The world: an opaque `c2d_world` of rect items behind generational handles, with a broad
//! phase for queries, overlapping pairs and bump.lua-style moves.

use super::{c2d_response, guard, write_out};
use crate::shape::{Circle, Rect, Segment, Vec2};
use crate::world::{Pair, Response, World, WorldError, WorldHit};
use alloc::boxed::Box;
use alloc::vec::Vec;
use std::ffi::{c_char, c_void};

/// The outcome of a world call: `C2D_OK` or one of the `C2D_ERR_*` codes.
#[allow(non_camel_case_types)]
pub type c2d_status = u32;
/// Success.
pub const C2D_OK: c2d_status = 0;
/// The world pointer was NULL.
pub const C2D_ERR_NULL: c2d_status = 1;
/// A rect or goal with a NaN or infinite field (or a full world).
pub const C2D_ERR_INVALID: c2d_status = 2;
/// The handle names no live item of this world (removed, never issued, or another world's).
pub const C2D_ERR_STALE: c2d_status = 3;

/// Picks the response of moving `item` to `other` (bump.lua's filter); `ctx` is the pointer given
/// to `c2d_world_move`.
#[allow(non_camel_case_types)]
pub type c2d_filter_fn =
    Option<unsafe extern "C" fn(item: u64, other: u64, ctx: *mut c_void) -> c2d_response>;

fn status(r: Result<(), WorldError>) -> c2d_status {
    match r {
        Ok(()) => C2D_OK,
        Err(WorldError::Invalid) => C2D_ERR_INVALID,
        Err(WorldError::Stale) => C2D_ERR_STALE,
    }
}

/// `out[..cap]` as a slice; empty when `out` is NULL or `cap` is 0.
///
/// # Safety
/// `out` must be NULL or valid for writing `cap` aligned `T`s.
unsafe fn out_slice<'a, T>(out: *mut T, cap: usize) -> &'a mut [T] {
    let cap = cap.min(isize::MAX as usize / std::mem::size_of::<T>().max(1));
    if out.is_null() || cap == 0 {
        &mut []
    } else {
        // SAFETY: non-NULL and valid for `cap` elements, as the caller promises; every bit
        // pattern is a valid u64/f32 plain struct, so the old contents need not be initialised.
        unsafe { std::slice::from_raw_parts_mut(out, cap) }
    }
}

/// A static, NUL-terminated English description of a status code; unknown codes get
/// "unknown status". Never NULL.
#[no_mangle]
pub extern "C" fn c2d_status_str(status: c2d_status) -> *const c_char {
    let s: &'static [u8] = match status {
        C2D_OK => b"ok\0",
        C2D_ERR_NULL => b"null world pointer\0",
        C2D_ERR_INVALID => b"invalid argument (NaN or infinite value)\0",
        C2D_ERR_STALE => b"stale or foreign handle\0",
        _ => b"unknown status\0",
    };
    s.as_ptr().cast()
}

/// A new empty world whose broad phase cuts the plane into cells `cell_size` units square (pick
/// at least the size of the common items: items spanning more than two cells on an axis are
/// each tested against every other item). NULL if `cell_size` is not positive and finite. Free it
/// with `c2d_world_free`.
#[no_mangle]
pub extern "C" fn c2d_world_new(cell_size: f32) -> *mut World {
    guard(std::ptr::null_mut(), || match World::new(cell_size) {
        Some(w) => Box::into_raw(Box::new(w)),
        None => std::ptr::null_mut(),
    })
}

/// Frees a world made by `c2d_world_new` and every item in it; NULL is fine. Its handles become
/// meaningless (another world will report them as `C2D_ERR_STALE`).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_free(w: *mut World) {
    guard((), || {
        if !w.is_null() {
            // SAFETY: made by Box::into_raw in c2d_world_new and not freed yet (contract).
            drop(unsafe { Box::from_raw(w) });
        }
    })
}

/// Adds an item with box `rect` and an opaque `user` value; returns its handle, never 0. Returns 0
/// when `w` is NULL or `rect` has a NaN or infinite field.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_add(w: *mut World, rect: Rect, user: u64) -> u64 {
    guard(0, || {
        // SAFETY: NULL or a live world (contract).
        match unsafe { w.as_mut() } {
            Some(w) => w.add(rect, user).unwrap_or(0),
            None => 0,
        }
    })
}

/// Moves or resizes item `id` to `rect` (a teleport: nothing is swept). `C2D_ERR_NULL` for a
/// NULL world, `C2D_ERR_STALE` for a handle that names no live item of `w`, `C2D_ERR_INVALID` for
/// a NaN or infinite field (the item is left unchanged).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_update(w: *mut World, id: u64, rect: Rect) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        // SAFETY: NULL or a live world (contract).
        match unsafe { w.as_mut() } {
            Some(w) => status(w.update(id, rect)),
            None => C2D_ERR_NULL,
        }
    })
}

/// Removes item `id`; its handle becomes stale for good (a reused slot gets a new generation).
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` if `id` names no live item of `w`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_remove(w: *mut World, id: u64) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        // SAFETY: NULL or a live world (contract).
        match unsafe { w.as_mut() } {
            Some(w) => status(w.remove(id)),
            None => C2D_ERR_NULL,
        }
    })
}

/// Reads item `id`'s rect (as last given) and user value into `rect` and `user`, each nullable.
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` (nothing written) if `id` names no live item.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get(
    w: *const World,
    id: u64,
    rect: *mut Rect,
    user: *mut u64,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        // SAFETY: NULL or a live world (contract).
        let Some(w) = (unsafe { w.as_ref() }) else {
            return C2D_ERR_NULL;
        };
        match w.get(id) {
            Ok((r, u)) => {
                // SAFETY: each is NULL or writable (contract).
                unsafe {
                    write_out(rect, r);
                    write_out(user, u);
                }
                C2D_OK
            }
            Err(e) => status(Err(e)),
        }
    })
}

/// The number of live items; 0 for a NULL world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_count(w: *const World) -> usize {
    // SAFETY: NULL or a live world (contract).
    guard(0, || unsafe { w.as_ref() }.map_or(0, World::count))
}

/// The items whose rect strictly overlaps `rect` (as `c2d_overlap_rect_rect`: touching is not
/// found), in ascending handle order. Writes at most `cap` handles to `out` (NULL is fine when
/// `cap` is 0) and returns how many items there are, so a caller can size a buffer and ask again.
/// 0 for a NULL world or a NaN query.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_rect(
    w: *const World,
    rect: Rect,
    out: *mut u64,
    cap: usize,
) -> usize {
    guard(0, || {
        // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
        match unsafe { w.as_ref() } {
            Some(w) => w.query_rect(rect, unsafe { out_slice(out, cap) }),
            None => 0,
        }
    })
}

/// The items whose rect strictly contains `point` (as `c2d_overlap_point_rect`: a point on an
/// edge is not inside), in ascending handle order. Output contract as `c2d_world_query_rect`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_point(
    w: *const World,
    point: Vec2,
    out: *mut u64,
    cap: usize,
) -> usize {
    guard(0, || {
        // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
        match unsafe { w.as_ref() } {
            Some(w) => w.query_point(point, unsafe { out_slice(out, cap) }),
            None => 0,
        }
    })
}

/// The items whose rect strictly overlaps `circle` (as `c2d_overlap_rect_circle`; a circle with
/// `r <= 0` finds nothing), in ascending handle order. Output contract as `c2d_world_query_rect`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_circle(
    w: *const World,
    circle: Circle,
    out: *mut u64,
    cap: usize,
) -> usize {
    guard(0, || {
        // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
        match unsafe { w.as_ref() } {
            Some(w) => w.query_circle(circle, unsafe { out_slice(out, cap) }),
            None => 0,
        }
    })
}

/// The items a ray cast along `segment` hits (exactly those whose closed rect the closed segment
/// meets, as `c2d_intersect_segment_rect`), sorted by `hit.t`, ties by ascending handle. Each hit:
/// `t` where the segment enters the rect (0 if `segment.a` is inside), `normal` the face entered
/// (zero when `a` is strictly inside), `point` = `pos` = the entry point. Writes at most `cap`
/// hits to `out` (NULL is fine when `cap` is 0) and returns how many there are; 0 for a NULL world
/// or a non-finite segment.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_segment(
    w: *const World,
    segment: Segment,
    out: *mut WorldHit,
    cap: usize,
) -> usize {
    guard(0, || {
        // SAFETY: NULL or a live world; `out` valid for `cap` hits (contract).
        match unsafe { w.as_ref() } {
            Some(w) => w.query_segment(segment, unsafe { out_slice(out, cap) }),
            None => 0,
        }
    })
}

/// Every pair of items whose rects strictly overlap (as `c2d_overlap_rect_rect`), once, with
/// `a < b`, in ascending `(a, b)` order. Writes at most `cap` pairs to `out` (NULL is fine when
/// `cap` is 0) and returns how many there are; 0 for a NULL world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_pairs(w: *const World, out: *mut Pair, cap: usize) -> usize {
    guard(0, || {
        // SAFETY: NULL or a live world; `out` valid for `cap` pairs (contract).
        match unsafe { w.as_ref() } {
            Some(w) => w.pairs(unsafe { out_slice(out, cap) }),
            None => 0,
        }
    })
}

/// bump.lua's `world:move`: moves item `id` so that its rect's `x, y` go toward `goal`, swept
/// against the other items (as `c2d_move_rect`, strict boundary); `filter(id, other, ctx)` picks
/// the response for each other item near the path (NULL filter: `C2D_SLIDE` for all;
/// `C2D_IGNORE` makes it no obstacle). The filter is called at most once per other item and
/// move, in no promised order; it may call the world's functions, but must not free `w`. Items
/// the rect strictly overlapped at the start never block, are not hits and are not asked about.
/// Hits are resolved in order of time (ties: lower handle): `C2D_TOUCH` stops, `C2D_SLIDE` keeps
/// the rest of the motion along the face, `C2D_BOUNCE` reflects it, `C2D_CROSS` passes through
/// (each item crossed once per move); at most `C2D_MOVE_MAX_HITS` (32) hits, the motion stopping
/// at the last. Except through crossed or ignored items, the rect never ends strictly
/// overlapping an item it did not overlap at the start; an unobstructed move ends exactly at
/// `goal`. The item's rect is updated to the final position, which is written to `actual`
/// (nullable); the hits in order (`hit.t` is the fraction of that leg of the motion, `hit.pos`
/// the rect's x, y at the contact) go to `hits` (at most `cap`; NULL is fine when `cap` is 0)
/// and their total to `count` (nullable). `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a
/// handle naming no live item (also when the filter removed it), `C2D_ERR_INVALID` for a NaN or
/// infinite goal; on error nothing is written.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move(
    w: *mut World,
    id: u64,
    goal: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2,
    hits: *mut WorldHit,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        if w.is_null() {
            return C2D_ERR_NULL;
        }
        let mut found = Vec::new();
        let pick = |item: u64, other: u64| match filter {
            // SAFETY: a C function pointer of the documented type, with the caller's context.
            Some(f) => Response::from_u32(unsafe { f(item, other, ctx) }),
            None => Response::Slide,
        };
        // SAFETY: `w` is a live world (contract) that the filter does not free.
        match unsafe { crate::world::move_raw(w, id, goal, pick, &mut found) } {
            Ok(end) => {
                // SAFETY: each output is NULL or writable (contract).
                unsafe {
                    write_out(actual, end);
                    let out = out_slice(hits, cap);
                    for (o, h) in out.iter_mut().zip(&found) {
                        *o = *h;
                    }
                    write_out(count, found.len());
                }
                C2D_OK
            }
            Err(e) => status(Err(e)),
        }
    })
}
