//! Continuous collision (sweeps) of convex polygons and capsules.

use super::{answer, guard};
use crate::query;
use crate::shape::{Capsule, Circle, Hit, Poly, Rect, Vec2};

/// Rect `a` moving by `delta` (t from 0 to 1) against the static convex polygon `b`: true at the
/// first moment they would overlap STRICTLY (a swept separating-axis test over both shapes' edge
/// normals; same rules and safety as `c2d_sweep_rect_rect`: sliding along a face while touching
/// is not a hit, moving into a touching neighbour hits at t = 0, ending exactly in contact at
/// t = 1 is not a hit, shapes already overlapping hit at t = 0 with the minimum translation's
/// normal). Polygons are convex, counter-clockwise in y-up terms, as `c2d_poly_make` builds them.
/// Safe: `out->t` never exceeds the real contact time, and `a + t*delta` computed in f32 (no
/// fused multiply-add) does not overlap `b` strictly; on the grid domain (multiples of 1/256,
/// |v| <= 16384) the hit decision and the face are exact at any size ratio and speed, and `t` is
/// the largest f32 not past the contact, stepped down only while its f32 position rounds into
/// `b` (the gap left along the motion is at most 1/256 unit). A sweep
/// that answers false leaves `a + delta` computed in f32 clear of `b` (every polygon and capsule
/// sweep keeps these rules; the round pairs decide a graze through an edge's side within double
/// rounding of `r * |edge|`). `normal`: unit normal of the face hit (of either shape, the
/// target's first on exact ties), from `b` toward `a`; `point`: where the touching features
/// meet; `pos`: the rect's x, y at t. False for any NaN or infinity, and for a polygon that is
/// no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_rect_poly(a: Rect, delta: Vec2, b: Poly, out: *mut Hit) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_rect_poly(a, delta, &b), out)
    })
}

/// Rect `a` moving by `delta` against the static capsule `b`: true at the first moment they
/// would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`; the rect's vertices
/// and edges against the capsule's core grown by its radius). `normal`: from `b`'s core toward
/// the rect's nearest point at t; `point`: on `b`'s surface along it; `pos`: the rect's x, y at
/// t. A capsule with r <= 0 never hits (a bare segment never overlaps strictly). False for any
/// NaN or infinity. `out` may be NULL (answer only); it is left untouched when the answer is
/// false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_rect_capsule(
    a: Rect,
    delta: Vec2,
    b: Capsule,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_rect_capsule(a, delta, &b), out)
    })
}

/// Circle `a` moving by `delta` against the static convex polygon `b`: true at the first moment
/// they would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`; the centre
/// against the polygon's edges grown by the radius, never missed through a thin polygon).
/// `normal`: from the polygon's nearest point toward the centre at t; `point`: that nearest
/// point; `pos`: the centre at t. A circle with r <= 0 never hits. False for any NaN or infinity,
/// and for a polygon that is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see
/// `c2d_poly`). `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_circle_poly(
    a: Circle,
    delta: Vec2,
    b: Poly,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_circle_poly(a, delta, &b), out)
    })
}

/// Circle `a` moving by `delta` against the static capsule `b`: true at the first moment they
/// would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`). `normal`: from
/// `b`'s core toward the centre at t; `point`: on `b`'s surface along it; `pos`: the centre at
/// t. Never hits when the radii add up to 0 or less, or either is negative. False for any NaN or
/// infinity. `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_circle_capsule(
    a: Circle,
    delta: Vec2,
    b: Capsule,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_circle_capsule(a, delta, &b), out)
    })
}

/// Capsule `a` moving by `delta` against the static convex polygon `b`: true at the first moment
/// they would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`; `a + t*delta`
/// means both ends moved in f32). `normal`: from the polygon's nearest point toward `a`'s core
/// at t; `point`: that nearest point; `pos`: `a`'s end `a` at t. A capsule with r <= 0 never hits.
/// False for any NaN or infinity, and for a polygon that is no shape (zero area, or a `count`
/// outside 3..=C2D_POLY_MAX: see `c2d_poly`). `out` may be NULL (answer only); it is left untouched
/// when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_capsule_poly(
    a: Capsule,
    delta: Vec2,
    b: Poly,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_capsule_poly(&a, delta, &b), out)
    })
}

/// Capsule `a` moving by `delta` against the static capsule `b`: true at the first moment they
/// would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`). `normal`: from
/// `b`'s core toward `a`'s at t; `point`: on `b`'s surface along it; `pos`: `a`'s end `a` at t.
/// Never hits when the radii add up to 0 or less, or either is negative. False for any NaN or
/// infinity. `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_capsule_capsule(
    a: Capsule,
    delta: Vec2,
    b: Capsule,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_capsule_capsule(&a, delta, &b), out)
    })
}

/// Convex polygon `a` moving by `delta` against the static convex polygon `b`: true at the
/// first moment they would overlap strictly (a swept separating-axis test; same rules and safety
/// as `c2d_sweep_rect_poly`, exact on the grid domain; `a + t*delta` means every vertex moved in
/// f32). `normal` and `point` as for `c2d_sweep_rect_poly`; `pos`: `a`'s first vertex at t. False
/// for any NaN or infinity, and for a polygon that is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`). `out` may be NULL (answer only); it is left untouched when
/// the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_poly_poly(a: Poly, delta: Vec2, b: Poly, out: *mut Hit) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_poly_poly(&a, delta, &b), out)
    })
}

/// Convex polygon `a` moving by `delta` against the static capsule `b`: true at the first
/// moment they would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`).
/// `normal`: from `b`'s core toward the polygon's nearest point at t; `point`: on `b`'s surface
/// along it; `pos`: `a`'s first vertex at t. A capsule with r <= 0 never hits. False for any NaN or
/// infinity, and for a polygon that is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX:
/// see `c2d_poly`). `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_poly_capsule(
    a: Poly,
    delta: Vec2,
    b: Capsule,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_poly_capsule(&a, delta, &b), out)
    })
}

/// Convex polygon `a` moving by `delta` against the static rect `b`: true at the first moment
/// they would overlap strictly (a swept separating-axis test; same rules and safety as
/// `c2d_sweep_rect_poly`, exact on the grid domain). `normal` and `point` as for
/// `c2d_sweep_rect_poly`; `pos`: `a`'s first vertex at t. False for any NaN or infinity, and for a
/// polygon that is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_poly_rect(a: Poly, delta: Vec2, b: Rect, out: *mut Hit) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_poly_rect(&a, delta, b), out)
    })
}

/// Convex polygon `a` moving by `delta` against the static circle `b`: true at the first moment
/// they would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`). `normal`: from
/// `b`'s centre toward the polygon's nearest point at t; `point`: on `b`'s surface along it;
/// `pos`: `a`'s first vertex at t. A circle with r <= 0 never hits. False for any NaN or infinity,
/// and for a polygon that is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see
/// `c2d_poly`). `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_poly_circle(
    a: Poly,
    delta: Vec2,
    b: Circle,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_poly_circle(&a, delta, b), out)
    })
}

/// Capsule `a` moving by `delta` against the static rect `b`: true at the first moment they
/// would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`). `normal`: from the
/// rect's nearest point toward `a`'s core at t; `point`: that nearest point; `pos`: `a`'s end
/// `a` at t. A capsule with r <= 0 never hits. False for any NaN or infinity. `out` may be NULL
/// (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_capsule_rect(
    a: Capsule,
    delta: Vec2,
    b: Rect,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_capsule_rect(&a, delta, b), out)
    })
}

/// Capsule `a` moving by `delta` against the static circle `b`: true at the first moment they
/// would overlap strictly (same rules and safety as `c2d_sweep_rect_poly`). `normal`: from `b`'s
/// centre toward `a`'s core at t; `point`: on `b`'s surface along it; `pos`: `a`'s end `a` at t.
/// Never hits when the radii add up to 0 or less, or either is negative. False for any NaN or
/// infinity. `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_capsule_circle(
    a: Capsule,
    delta: Vec2,
    b: Circle,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_capsule_circle(&a, delta, b), out)
    })
}
