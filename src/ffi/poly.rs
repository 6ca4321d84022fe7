//! Convex polygons and capsules: the hull constructor, both predicate flavours and the closed
//! segment tests.

use super::guard;
use super::status::{c2d_status, status_out, C2D_ERR_INVALID, C2D_ERR_NULL};
use crate::query;
use crate::shape::{Capsule, Circle, Obb, Poly, Rect, Segment, Vec2};

/// Builds in `*out` the convex hull of the `n` points at `pts`: counter-clockwise in y-up terms
/// (clockwise on a y-down screen), starting at the lowest of the leftmost points, repeated points
/// and points on the hull's edges dropped. Exact for every finite input; allocates nothing.
/// Returns `C2D_OK`; `C2D_ERR_NULL` when `pts` or `out` is NULL; `C2D_ERR_INVALID` for a NaN or
/// infinite coordinate; `C2D_ERR_DEGENERATE` when fewer than 3 points are not on one line (n < 3
/// included); `C2D_ERR_TOO_MANY` when the hull has more than `C2D_POLY_MAX` vertices. `*out` is
/// written only on `C2D_OK`. `pts` must point to `n` readable `c2d_vec2`.
#[no_mangle]
pub unsafe extern "C" fn c2d_poly_make(pts: *const Vec2, n: usize, out: *mut Poly) -> c2d_status {
    if pts.is_null() || out.is_null() {
        return C2D_ERR_NULL;
    }
    guard(C2D_ERR_INVALID, || {
        // SAFETY: non-NULL, and the caller promises `n` readable points at `pts`.
        let points = unsafe { core::slice::from_raw_parts(pts, n) };
        // SAFETY: `out` is non-NULL and the caller promises it is writable.
        unsafe { status_out(Poly::hull(points), out) }
    })
}

/// Strict overlap of point `p` and convex polygon `b`: `p` strictly inside `b`. Exactly touching is
/// NOT a collision. Polygons are convex, counter-clockwise in y-up terms (clockwise on a y-down
/// screen), as `c2d_poly_make` builds them. Exact on the grid domain (multiples of 1/256, |v| <=
/// 16384); false if any input is NaN or a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_overlap_point_poly(p: Vec2, b: Poly) -> bool {
    guard(false, || query::overlap_point_poly(p, &b))
}

/// Closed test of point `p` and convex polygon `b`: true when they overlap or touch (the
/// `c2d_overlap_point_poly` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v|
/// <= 16384); false if any input is NaN or a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_touch_point_poly(p: Vec2, b: Poly) -> bool {
    guard(false, || query::touch_point_poly(p, &b))
}

/// Strict overlap of rect `a` and convex polygon `b`: no separating axis among the rect's and the
/// polygon's edge normals. Exactly touching is NOT a collision. Polygons are convex,
/// counter-clockwise in y-up terms (clockwise on a y-down screen), as `c2d_poly_make` builds them.
/// Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is NaN or a
/// polygon is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_overlap_rect_poly(a: Rect, b: Poly) -> bool {
    guard(false, || query::overlap_rect_poly(a, &b))
}

/// Closed test of rect `a` and convex polygon `b`: true when they overlap or touch (the
/// `c2d_overlap_rect_poly` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v| <=
/// 16384); false if any input is NaN or a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_touch_rect_poly(a: Rect, b: Poly) -> bool {
    guard(false, || query::touch_rect_poly(a, &b))
}

/// Strict overlap of oriented box `a` and convex polygon `b`: no separating axis among the box's
/// and the polygon's edge normals. Exactly touching is NOT a collision. Polygons are convex,
/// counter-clockwise in y-up terms (clockwise on a y-down screen), as `c2d_poly_make` builds them.
/// Exact on the grid domain for rotations by multiples of 90°, within 1e-4·size otherwise; false if
/// any input is NaN or a polygon is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see
/// `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_overlap_obb_poly(a: Obb, b: Poly) -> bool {
    guard(false, || query::overlap_obb_poly(a, &b))
}

/// Closed test of oriented box `a` and convex polygon `b`: true when they overlap or touch (the
/// `c2d_overlap_obb_poly` formula with `<=`). Exact on the grid domain for rotations by multiples
/// of 90°, within 1e-4·size otherwise; false if any input is NaN or a polygon is no shape (zero
/// area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_touch_obb_poly(a: Obb, b: Poly) -> bool {
    guard(false, || query::touch_obb_poly(a, &b))
}

/// Strict overlap of convex polygons `a` and `b`: no separating axis among both polygons' edge
/// normals. Exactly touching is NOT a collision. Polygons are convex, counter-clockwise in y-up
/// terms (clockwise on a y-down screen), as `c2d_poly_make` builds them. Exact on the grid domain
/// (multiples of 1/256, |v| <= 16384); false if any input is NaN or a polygon is no shape (zero
/// area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_overlap_poly_poly(a: Poly, b: Poly) -> bool {
    guard(false, || query::overlap_poly_poly(&a, &b))
}

/// Closed test of convex polygons `a` and `b`: true when they overlap or touch (the
/// `c2d_overlap_poly_poly` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v| <=
/// 16384); false if any input is NaN or a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_touch_poly_poly(a: Poly, b: Poly) -> bool {
    guard(false, || query::touch_poly_poly(&a, &b))
}

/// Strict overlap of convex polygon `a` and circle `b`: the distance from `b`'s centre to `a` `< r`
/// (0 when the centre is inside); `r < 0` is empty. Exactly touching is NOT a collision. Polygons
/// are convex, counter-clockwise in y-up terms (clockwise on a y-down screen), as `c2d_poly_make`
/// builds them. Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is
/// NaN or a polygon is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_overlap_poly_circle(a: Poly, b: Circle) -> bool {
    guard(false, || query::overlap_poly_circle(&a, b))
}

/// Closed test of convex polygon `a` and circle `b`: true when they overlap or touch (the
/// `c2d_overlap_poly_circle` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v|
/// <= 16384); false if any input is NaN or a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_touch_poly_circle(a: Poly, b: Circle) -> bool {
    guard(false, || query::touch_poly_circle(&a, b))
}

/// Strict overlap of convex polygon `a` and capsule `b`: the distance from `b`'s core segment to
/// `a` `< b.r`; `r < 0` is empty. Exactly touching is NOT a collision. Polygons are convex,
/// counter-clockwise in y-up terms (clockwise on a y-down screen), as `c2d_poly_make` builds them.
/// Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is NaN or a
/// polygon is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_overlap_poly_capsule(a: Poly, b: Capsule) -> bool {
    guard(false, || query::overlap_poly_capsule(&a, &b))
}

/// Closed test of convex polygon `a` and capsule `b`: true when they overlap or touch (the
/// `c2d_overlap_poly_capsule` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v|
/// <= 16384); false if any input is NaN or a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_touch_poly_capsule(a: Poly, b: Capsule) -> bool {
    guard(false, || query::touch_poly_capsule(&a, &b))
}

/// Strict overlap of point `p` and capsule `b`: the distance from `p` to the core segment
/// `b.a..b.b` `< b.r`. Exactly touching is NOT a collision. Exact on the grid domain (multiples of
/// 1/256, |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_point_capsule(p: Vec2, b: Capsule) -> bool {
    guard(false, || query::overlap_point_capsule(p, &b))
}

/// Closed test of point `p` and capsule `b`: true when they overlap or touch (the
/// `c2d_overlap_point_capsule` formula with `<=`). Exact on the grid domain (multiples of 1/256,
/// |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_point_capsule(p: Vec2, b: Capsule) -> bool {
    guard(false, || query::touch_point_capsule(p, &b))
}

/// Strict overlap of rect `a` and capsule `b`: the distance from `b`'s core segment to `a` `< b.r`.
/// Exactly touching is NOT a collision. Exact on the grid domain (multiples of 1/256, |v| <=
/// 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_rect_capsule(a: Rect, b: Capsule) -> bool {
    guard(false, || query::overlap_rect_capsule(a, &b))
}

/// Closed test of rect `a` and capsule `b`: true when they overlap or touch (the
/// `c2d_overlap_rect_capsule` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v|
/// <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_rect_capsule(a: Rect, b: Capsule) -> bool {
    guard(false, || query::touch_rect_capsule(a, &b))
}

/// Strict overlap of oriented box `a` and capsule `b`: the distance from `b`'s core segment to `a`
/// `< b.r`. Exactly touching is NOT a collision. Exact on the grid domain for rotations by
/// multiples of 90°, within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_obb_capsule(a: Obb, b: Capsule) -> bool {
    guard(false, || query::overlap_obb_capsule(a, &b))
}

/// Closed test of oriented box `a` and capsule `b`: true when they overlap or touch (the
/// `c2d_overlap_obb_capsule` formula with `<=`). Exact on the grid domain for rotations by
/// multiples of 90°, within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_obb_capsule(a: Obb, b: Capsule) -> bool {
    guard(false, || query::touch_obb_capsule(a, &b))
}

/// Strict overlap of capsule `a` and circle `b`: the distance from `b`'s centre to `a`'s core
/// segment `< a.r + b.r`; a negative radius is empty. Exactly touching is NOT a collision. Exact on
/// the grid domain (multiples of 1/256, |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_capsule_circle(a: Capsule, b: Circle) -> bool {
    guard(false, || query::overlap_capsule_circle(&a, b))
}

/// Closed test of capsule `a` and circle `b`: true when they overlap or touch (the
/// `c2d_overlap_capsule_circle` formula with `<=`). Exact on the grid domain (multiples of 1/256,
/// |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_capsule_circle(a: Capsule, b: Circle) -> bool {
    guard(false, || query::touch_capsule_circle(&a, b))
}

/// Strict overlap of capsules `a` and `b`: the distance between the core segments `< a.r + b.r`.
/// Exactly touching is NOT a collision. Exact on the grid domain (multiples of 1/256, |v| <=
/// 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_capsule_capsule(a: Capsule, b: Capsule) -> bool {
    guard(false, || query::overlap_capsule_capsule(&a, &b))
}

/// Closed test of capsules `a` and `b`: true when they overlap or touch (the
/// `c2d_overlap_capsule_capsule` formula with `<=`). Exact on the grid domain (multiples of 1/256,
/// |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_capsule_capsule(a: Capsule, b: Capsule) -> bool {
    guard(false, || query::touch_capsule_capsule(&a, &b))
}

/// Whether the closed segment `s` and the closed convex polygon `p` share a point. Touching an
/// edge or a vertex counts.
/// Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is NaN or
/// `p` is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub extern "C" fn c2d_intersect_segment_poly(s: Segment, p: Poly) -> bool {
    guard(false, || query::intersect_segment_poly(s, &p))
}

/// Whether the closed segment `s` and the closed capsule `k` share a point: their distance
/// `<= k.r`; `r < 0` is empty. Exact on the grid domain (multiples of 1/256, |v| <= 16384);
/// false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_intersect_segment_capsule(s: Segment, k: Capsule) -> bool {
    guard(false, || query::intersect_segment_capsule(s, &k))
}
