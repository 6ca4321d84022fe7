//! Slopes in the world: items made right-triangle slope tiles or convex polygons, met by rect
//! movers (since 1.3).

use super::status::{c2d_status, status, C2D_ERR_NULL};
use super::world::{change, out_slice, read_out, world_mut};
use crate::world::{Vec2D, World, SLOPE_X0Y0, SLOPE_X0Y1, SLOPE_X1Y0, SLOPE_X1Y1};

/// `c2d_world_set_slope`: the right angle at the rect's low-x, low-y corner.
pub const C2D_SLOPE_X0Y0: u32 = 0;
/// The right angle at the high-x, low-y corner.
pub const C2D_SLOPE_X1Y0: u32 = 1;
/// The right angle at the low-x, high-y corner (on a y-down screen: a floor ramp rising to the
/// left, `\`).
pub const C2D_SLOPE_X0Y1: u32 = 2;
/// The right angle at the high-x, high-y corner (on a y-down screen: a floor ramp rising to the
/// right, `/`).
pub const C2D_SLOPE_X1Y1: u32 = 3;

// The C names of the core's corners.
const _: () = assert!(
    C2D_SLOPE_X0Y0 == SLOPE_X0Y0
        && C2D_SLOPE_X1Y0 == SLOPE_X1Y0
        && C2D_SLOPE_X0Y1 == SLOPE_X0Y1
        && C2D_SLOPE_X1Y1 == SLOPE_X1Y1
);

/// Makes item `id` a slope tile: the right triangle filling half of its rect, with the right angle
/// at `corner` (`C2D_SLOPE_X0Y0`, `_X1Y0`, `_X0Y1`, `_X1Y1`) and its slanted face joining the two
/// corners beside it. The triangle's vertices are the rect's corners (rounded to double where a far
/// edge `x + w` is not one) and follow the rect through `c2d_world_update[_d]` and moves.
///
/// Moves (`c2d_world_move`, `_check`, `_project` and their `_d` twins) meet the triangle, not the
/// rect: a rect mover sliding into the slanted face goes along it (walking into a 45° ramp goes up
/// it; gravity on a ramp slides down it unless the game cancels it), and crosses the joins between
/// floors and slopes, and between slopes, without catching on their corners. Hits on the slanted
/// face have a unit normal that is not along an axis (hits on a polygon's other faces have axis
/// normals as before); touch, cross and bounce apply as with rects (bounce reflects about the
/// face's normal). Where a polygon's corner is met exactly, with two of its normals possible (to
/// within rounding), the hit takes a slanted face's if one is among them, else the one that opposes
/// the motion least, and comes after the other items met at the same time; among polygon items, the
/// corners of rect items met exactly are met on the face that opposes the motion least. A mover
/// resting on a slanted face rests a few ulps above it (the face does not pass through doubles):
/// never strictly inside. `c2d_world_ground` counts a slanted face under the item as a floor,
/// `c2d_world_fits` and `c2d_world_push_out` count the triangle (pushing out tries the faces of its
/// box and the way out through its nearest face). A slope moved by `c2d_world_move_solid` carries
/// the items resting on its faces (by the same delta) and pushes by its rect. Queries by shape and
/// pairs go by the item's rect (its bounding box).
///
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a dead handle, `C2D_ERR_INVALID` for a
/// corner above 3, `C2D_ERR_DEGENERATE` for a rect of zero width or height (nothing changes).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_slope(w: *mut World, id: u64, corner: u32) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.set_slope(id, corner)) }
}

/// Makes item `id` the convex hull of the `n` points at `pts` (world coordinates in double
/// precision, any order; repeated points and points on edges dropped), or with `n == 0` a plain
/// rect again (its rect unchanged; `pts` may then be NULL). The item's rect becomes the hull's
/// bounding box; `c2d_world_update[_d]` then moves the polygon by the displacement of the rect's
/// corner (rounded to double) and keeps the rect its bounding box (the size given is not used).
/// Moves meet the polygon as `c2d_world_set_slope` describes.
///
/// `C2D_ERR_NULL` for a NULL world, or NULL `pts` with `n > 0`; `C2D_ERR_STALE` for a dead
/// handle; `C2D_ERR_INVALID` for a NaN or infinite coordinate; `C2D_ERR_DEGENERATE` when fewer
/// than 3 points are not on one line (`n` of 1 or 2 included); `C2D_ERR_TOO_MANY` when the hull
/// has more than `C2D_POLY_MAX` (8) vertices. Nothing changes on an error.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_shape_d(
    w: *mut World,
    id: u64,
    pts: *const Vec2D,
    n: usize,
) -> c2d_status {
    let set = |w: &mut World| {
        if n == 0 {
            return status(w.clear_shape(id));
        }
        if pts.is_null() {
            return C2D_ERR_NULL;
        }
        // SAFETY: non-NULL, and the caller promises `n` readable points at `pts`.
        let points = unsafe { core::slice::from_raw_parts(pts, n) };
        status(w.set_shape_d(id, points))
    };
    // SAFETY: NULL or a live world (contract).
    unsafe { world_mut(w, C2D_ERR_NULL, set) }
}

/// Copies the vertices of item `id`'s polygon (counter-clockwise in y-up terms, clockwise on a
/// y-down screen) into `out` (at most `cap` of them; `out` may be NULL with `cap` 0) and writes
/// how many there are through `count` (nullable): 3 for a slope, 3 to `C2D_POLY_MAX` for a
/// shape, 0 for a plain rect item. `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a dead
/// handle.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_shape_d(
    w: *const World,
    id: u64,
    out: *mut Vec2D,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    // SAFETY: NULL or a live world; `out` valid for `cap` points, or NULL; `count` NULL or
    // writable (contract).
    unsafe { read_out(w, count, |w| w.shape_d(id, out_slice(out, cap))) }
}
