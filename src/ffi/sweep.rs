//! Continuous collision (sweeps) and ray casts.

use super::{answer, guard};
use crate::query;
use crate::shape::{Capsule, Circle, Hit, Obb, Poly, Rect, Segment, Vec2};

/// Rect `a` moving by `delta` (t from 0 to 1) against the static rect `b`: true at the first
/// moment they would overlap STRICTLY. Sliding along a face while touching is not a hit; moving
/// into a touching neighbour hits at t = 0; ending exactly in contact at t = 1 is not a hit;
/// rects already overlapping hit at t = 0 with the minimum translation's normal.
/// Units: `t` is a fraction of `delta` in [0, 1]; positions are in the caller's units.
/// Safe: `out->t` never exceeds the real contact time, and neither `a + t*delta` computed in f32
/// (no fused multiply-add) nor `out->pos` overlaps `b` strictly; on the grid domain the hit
/// decision is exact and the gap left at most 1/256 unit. `normal`: unit normal of `b`'s face
/// hit (from `b` toward `a`; x faces win exact corner ties); `point`: middle of the touching
/// faces' common part; `pos`: the rect's x, y at t, flush on the hit axis (that coordinate is
/// the exact contact one whenever it is an f32 and clear, always so on the grid domain). Never
/// missed at any size ratio: where double precision would round a bound (a rect 1e-30 high at
/// y = -90), the decision is made exactly, and a sweep that answers false leaves `a + delta`
/// computed in f32 clear of `b` (every sweep below keeps that rule). False for any NaN and for
/// an infinite delta (no motion: the rect stays where it was).
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_rect_rect(a: Rect, delta: Vec2, b: Rect, out: *mut Hit) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_rect_rect(a, delta, b), out)
    })
}

/// Circle `a` moving by `delta` against the static rect `b`: true at the first moment they
/// would overlap strictly (same rules and safety as `c2d_sweep_rect_rect`; exact hit decision on
/// the grid domain). `normal`: from the rect's nearest point toward the centre at t; `point`:
/// that nearest point; `pos`: the centre at t. A circle with r <= 0 never hits; one of any
/// radius (1e-38, a subnormal) is never missed along the rect's faces. False for any NaN and for
/// an infinite delta. `out` may be NULL (answer only); it is left untouched when the answer is
/// false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_circle_rect(
    a: Circle,
    delta: Vec2,
    b: Rect,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_circle_rect(a, delta, b), out)
    })
}

/// Circle `a` moving by `delta` against the static circle `b`: true at the first moment they
/// would overlap strictly (same rules and safety as `c2d_sweep_rect_rect`). `normal`: from `b`'s
/// centre toward `a`'s at t; `point`: on `b`'s surface along it; `pos`: `a`'s centre at t.
/// Circles with r < 0 are empty, and two points (r = 0) never overlap. False for any NaN and for
/// an infinite delta. `out` may be NULL (answer only); it is left untouched when the answer is
/// false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_circle_circle(
    a: Circle,
    delta: Vec2,
    b: Circle,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_circle_circle(a, delta, b), out)
    })
}

/// Rect `a` moving by `delta` against the static circle `b`: true at the first moment they would
/// overlap strictly (same rules and safety as `c2d_sweep_rect_rect`; computed as the circle
/// moving by -delta past the rect). `normal`: from the circle toward the rect; `point`: the
/// contact point on the rect; `pos`: the rect's x, y at t. False for any NaN and for an infinite
/// delta. `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_rect_circle(
    a: Rect,
    delta: Vec2,
    b: Circle,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_rect_circle(a, delta, b), out)
    })
}

/// Circle `a` moving by `delta` against the static oriented box `b` (solved in the box's
/// frame): true at the first moment they would overlap strictly (same rules and safety as
/// `c2d_sweep_rect_rect`; exact on the grid domain at multiples of 90°, and at those angles
/// never missed at any size ratio along the box's faces). Normal, point and pos as for
/// `c2d_sweep_circle_rect`. False for any NaN and for an infinite delta.
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_circle_obb(
    a: Circle,
    delta: Vec2,
    b: Obb,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_circle_obb(a, delta, b), out)
    })
}

/// Rect `a` moving by `delta` against the static oriented box `b`: true at the first moment they
/// would overlap strictly (a swept separating-axis test; same rules and safety as
/// `c2d_sweep_rect_rect`; exact on the grid domain at multiples of 90°). `normal`: the hit face's
/// axis (of either box), from `b` toward `a`; `point`: where the touching features meet; `pos`:
/// the rect's x, y at t. False for any NaN and for an infinite delta.
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_sweep_rect_obb(a: Rect, delta: Vec2, b: Obb, out: *mut Hit) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::sweep_rect_obb(a, delta, b), out)
    })
}

/// The closed segment `origin..origin+delta` against the closed rect `b`: true exactly when
/// `c2d_intersect_segment_rect` is for that segment (end point computed in f32). `t`: the first
/// point of the segment in `b` as a fraction of `delta` (nearest f32; no safety promise),
/// `pos` = `point` = that point (`origin + t*delta` in f32);
/// an origin inside `b` hits at t = 0. `normal`: outward normal of the face entered (x faces win
/// corner ties); zero for an origin strictly inside. False for any NaN, and for an infinite
/// origin or delta (no ray, whatever the segment predicate says of that infinite segment).
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_raycast_rect(
    origin: Vec2,
    delta: Vec2,
    b: Rect,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::raycast_rect(origin, delta, b), out)
    })
}

/// The closed segment `origin..origin+delta` against the closed circle `b`: true exactly when
/// `c2d_intersect_segment_circle` is. `t`, `pos`, `point` as for `c2d_raycast_rect`; `normal`:
/// radial at the entry point, zero for an origin strictly inside. False for any NaN and for an
/// infinite origin or delta. `out` may be NULL (answer only); it is left untouched when the
/// answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_raycast_circle(
    origin: Vec2,
    delta: Vec2,
    b: Circle,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::raycast_circle(origin, delta, b), out)
    })
}

/// The closed segment `origin..origin+delta` against the closed oriented box `b`: true exactly
/// when `c2d_intersect_segment_obb` is. `t`, `pos`, `point` as for `c2d_raycast_rect`; `normal`:
/// the outward normal of the box face entered, zero for an origin strictly inside. False for
/// any NaN and for an infinite origin or delta. `out` may be NULL (answer only); it is left
/// untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_raycast_obb(origin: Vec2, delta: Vec2, b: Obb, out: *mut Hit) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::raycast_obb(origin, delta, b), out)
    })
}

/// The closed segment `origin..origin+delta` against the closed segment `b`: true exactly when
/// `c2d_intersect_segment_segment` is. `t`: where they cross, or for collinear overlap the first
/// shared point; `pos` = `point` = that point. `normal`: `b`'s unit normal facing the origin's
/// side; for collinear segments (or a zero delta) `-delta` normalised (zero for a zero delta).
/// False for any NaN and for an infinite origin or delta. `out` may be NULL (answer only); it is
/// left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_raycast_segment(
    origin: Vec2,
    delta: Vec2,
    b: Segment,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::raycast_segment(origin, delta, b), out)
    })
}

/// The closed segment `origin..origin+delta` against the closed convex polygon `b`: true exactly
/// when `c2d_intersect_segment_poly` is for that segment (end point computed in f32). `t`, `pos`,
/// `point` as for `c2d_raycast_rect`; `normal`: the outward unit normal of the edge entered (the
/// earlier edge in `b`'s order when entering at a vertex), zero for an origin strictly inside.
/// False for any NaN, for an infinite origin, delta or vertex, and for a polygon that is no shape
/// (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`). `out` may be NULL (answer
/// only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_raycast_poly(
    origin: Vec2,
    delta: Vec2,
    b: Poly,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::raycast_poly(origin, delta, &b), out)
    })
}

/// The closed segment `origin..origin+delta` against the closed capsule `b`: true exactly when
/// `c2d_intersect_segment_capsule` is for that segment (end point computed in f32). `t`, `pos`,
/// `point` as for `c2d_raycast_rect`; `normal`: the outward unit normal where the segment enters
/// (from the core segment toward the entry point), zero for an origin strictly inside; a bare
/// segment (`r == 0`) is entered through its side facing the origin. False for any NaN, for an
/// infinite origin or delta, and for `r < 0`. `out` may be NULL (answer only); it is left
/// untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_raycast_capsule(
    origin: Vec2,
    delta: Vec2,
    b: Capsule,
    out: *mut Hit,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::raycast_capsule(origin, delta, &b), out)
    })
}
