//! Contacts (`c2d_collide_*`) of convex polygons and capsules, and the manifolds
//! (`c2d_manifold_*`).

use super::{answer, guard, write_out};
use crate::query;
use crate::shape::{Capsule, Circle, Contact, Manifold, Obb, Poly, Rect};

/// Strict overlap of rect `a` and convex polygon `b` (as `c2d_overlap_rect_poly`) and, when true
/// and `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — along the side of least
/// penetration among both shapes' sides (ties: `a`'s sides first, a rect's as +x, -x, +y, -y, a
/// polygon's in vertex order); `point` is the mean of the `c2d_manifold_rect_poly` points. The
/// predicate is exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is
/// NaN or a polygon is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
/// `depth` is FLT_MAX where the true depth is finite but beyond float, INFINITY only for infinite
/// inputs. `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_rect_poly(a: Rect, b: Poly, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_rect_poly(a, &b), out)
    })
}

/// Strict overlap of oriented box `a` and convex polygon `b` (as `c2d_overlap_obb_poly`) and, when
/// true and `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the
/// minimum translation — moving `a` by `-normal*depth` leaves them touching — as by
/// `c2d_collide_rect_poly`, the box's ties in its own axes; `point` is the mean of the
/// `c2d_manifold_obb_poly` points. The predicate is exact on the grid domain for rotations by
/// multiples of 90°, within 1e-4·size otherwise; false if any input is NaN or a polygon is no shape
/// (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`). `depth` is FLT_MAX where the
/// true depth is finite but beyond float, INFINITY only for infinite inputs. `out` may be NULL
/// (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_obb_poly(a: Obb, b: Poly, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_obb_poly(a, &b), out)
    })
}

/// Strict overlap of convex polygons `a` and `b` (as `c2d_overlap_poly_poly`) and, when true and
/// `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — as by
/// `c2d_collide_rect_poly`; `point` is the mean of the `c2d_manifold_poly_poly` points. The
/// predicate is exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is
/// NaN or a polygon is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
/// `depth` is FLT_MAX where the true depth is finite but beyond float, INFINITY only for infinite
/// inputs. `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_poly_poly(a: Poly, b: Poly, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_poly_poly(&a, &b), out)
    })
}

/// Strict overlap of convex polygon `a` and circle `b` (as `c2d_overlap_poly_circle`) and, when
/// true and `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the
/// minimum translation — moving `a` by `-normal*depth` leaves them touching — from the polygon's
/// nearest point (which is `point`) to the centre; a centre inside leaves through the shallowest
/// side, `point` then inside the overlap of the two. The predicate is exact on the grid domain
/// (multiples of 1/256, |v| <= 16384); false if any input is NaN or a polygon is no shape (zero
/// area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`). `depth` is FLT_MAX where the true
/// depth is finite but beyond float, INFINITY only for infinite inputs. `out` may be NULL (answer
/// only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_poly_circle(a: Poly, b: Circle, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_poly_circle(&a, b), out)
    })
}

/// Strict overlap of convex polygon `a` and capsule `b` (as `c2d_overlap_poly_capsule`) and, when
/// true and `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the
/// minimum translation — moving `a` by `-normal*depth` leaves them touching — from the polygon's
/// nearest point to the core segment's nearest point when the segment stays outside the polygon
/// (`point` is then the polygon's nearest point); a core crossing the polygon leaves along the
/// shallowest of the polygon's sides and the segment's normal and direction, `point` inside the
/// overlap of the two. The predicate is exact on the grid domain (multiples of 1/256, |v| <=
/// 16384); false if any input is NaN or a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`). `depth` is FLT_MAX where the true depth is finite but beyond
/// float, INFINITY only for infinite inputs. `out` may be NULL (answer only); it is left untouched
/// when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_poly_capsule(a: Poly, b: Capsule, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_poly_capsule(&a, &b), out)
    })
}

/// Strict overlap of rect `a` and capsule `b` (as `c2d_overlap_rect_capsule`) and, when true and
/// `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — as by
/// `c2d_collide_poly_capsule`, the rect's ties as +x, -x, +y, -y. The predicate is exact on the
/// grid domain (multiples of 1/256, |v| <= 16384); false if any input is NaN. `depth` is FLT_MAX
/// where the true depth is finite but beyond float, INFINITY only for infinite inputs. `out` may be
/// NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_rect_capsule(a: Rect, b: Capsule, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_rect_capsule(a, &b), out)
    })
}

/// Strict overlap of oriented box `a` and capsule `b` (as `c2d_overlap_obb_capsule`) and, when true
/// and `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — as by
/// `c2d_collide_poly_capsule`, the box's ties in its own axes. The predicate is exact on the grid
/// domain for rotations by multiples of 90°, within 1e-4·size otherwise; false if any input is NaN.
/// `depth` is FLT_MAX where the true depth is finite but beyond float, INFINITY only for infinite
/// inputs. `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_obb_capsule(a: Obb, b: Capsule, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_obb_capsule(a, &b), out)
    })
}

/// Strict overlap of capsule `a` and circle `b` (as `c2d_overlap_capsule_circle`) and, when true
/// and `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — along the line from the core
/// segment's nearest point to the centre (`(1, 0)` where they coincide); `point` is the middle of
/// the overlap on that line. The predicate is exact on the grid domain (multiples of 1/256, |v| <=
/// 16384); false if any input is NaN. `depth` is FLT_MAX where the true depth is finite but beyond
/// float, INFINITY only for infinite inputs. `out` may be NULL (answer only); it is left untouched
/// when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_capsule_circle(
    a: Capsule,
    b: Circle,
    out: *mut Contact,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_capsule_circle(&a, b), out)
    })
}

/// Strict overlap of capsules `a` and `b` (as `c2d_overlap_capsule_capsule`) and, when true and
/// `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — along the line between the
/// core segments' nearest points when they do not cross, else along the shallowest of their normals
/// and directions; `point` inside both. The predicate is exact on the grid domain (multiples of
/// 1/256, |v| <= 16384); false if any input is NaN. `depth` is FLT_MAX where the true depth is
/// finite but beyond float, INFINITY only for infinite inputs. `out` may be NULL (answer only); it
/// is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_capsule_capsule(
    a: Capsule,
    b: Capsule,
    out: *mut Contact,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_capsule_capsule(&a, &b), out)
    })
}

/// Strict overlap of rect `a` and convex polygon `b` (as `c2d_overlap_rect_poly`) and, when `out`
/// is not NULL, their contact manifold in `*out` (written whatever the answer: `count` 0 when
/// false). Reference and incident faces as Box2D and cute_c2 clip them: the side of least
/// penetration is the reference face, the other shape's side most against it is clipped to the
/// reference shape, and its ends below the reference face are the points: 2 for a box resting flat
/// on a ramp or on another box, 1 where only one clipped end lies below it; where none does (a
/// corner poking in through another face) the one point lies inside the overlap, at the contact
/// depth. Each point lies on one shape's boundary inside the other (within rounding); `depth[i] >
/// 0` is how far it lies below the reference face. `normal` is `c2d_collide_rect_poly`'s. The
/// predicate is exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is
/// NaN or a polygon is no shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub unsafe extern "C" fn c2d_manifold_rect_poly(a: Rect, b: Poly, out: *mut Manifold) -> bool {
    guard(false, || {
        let m = query::manifold_rect_poly(a, &b);
        // SAFETY: `out` is NULL or writable, as this function's contract requires.
        unsafe { write_out(out, m) };
        m.count > 0
    })
}

/// Strict overlap of oriented box `a` and convex polygon `b` (as `c2d_overlap_obb_poly`) and, when
/// `out` is not NULL, their contact manifold in `*out` (written whatever the answer: `count` 0 when
/// false). Reference and incident faces as Box2D and cute_c2 clip them: the side of least
/// penetration is the reference face, the other shape's side most against it is clipped to the
/// reference shape, and its ends below the reference face are the points: 2 for a box resting flat
/// on a ramp or on another box, 1 where only one clipped end lies below it; where none does (a
/// corner poking in through another face) the one point lies inside the overlap, at the contact
/// depth. Each point lies on one shape's boundary inside the other (within rounding); `depth[i] >
/// 0` is how far it lies below the reference face. `normal` is `c2d_collide_obb_poly`'s. The
/// predicate is exact on the grid domain for rotations by multiples of 90°, within 1e-4·size
/// otherwise; false if any input is NaN or a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub unsafe extern "C" fn c2d_manifold_obb_poly(a: Obb, b: Poly, out: *mut Manifold) -> bool {
    guard(false, || {
        let m = query::manifold_obb_poly(a, &b);
        // SAFETY: `out` is NULL or writable, as this function's contract requires.
        unsafe { write_out(out, m) };
        m.count > 0
    })
}

/// Strict overlap of convex polygons `a` and `b` (as `c2d_overlap_poly_poly`) and, when `out` is
/// not NULL, their contact manifold in `*out` (written whatever the answer: `count` 0 when false).
/// Reference and incident faces as Box2D and cute_c2 clip them: the side of least penetration is
/// the reference face, the other shape's side most against it is clipped to the reference shape,
/// and its ends below the reference face are the points: 2 for a box resting flat on a ramp or on
/// another box, 1 where only one clipped end lies below it; where none does (a corner poking in
/// through another face) the one point lies inside the overlap, at the contact depth. Each point
/// lies on one shape's boundary inside the other (within rounding); `depth[i] > 0` is how far it
/// lies below the reference face. `normal` is `c2d_collide_poly_poly`'s. The predicate is exact on
/// the grid domain (multiples of 1/256, |v| <= 16384); false if any input is NaN or a polygon is no
/// shape (zero area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`).
#[no_mangle]
pub unsafe extern "C" fn c2d_manifold_poly_poly(a: Poly, b: Poly, out: *mut Manifold) -> bool {
    guard(false, || {
        let m = query::manifold_poly_poly(&a, &b);
        // SAFETY: `out` is NULL or writable, as this function's contract requires.
        unsafe { write_out(out, m) };
        m.count > 0
    })
}

/// Strict overlap of rects `a` and `b` (as `c2d_overlap_rect_rect`) and, when `out` is not NULL,
/// their contact manifold in `*out` (written whatever the answer: `count` 0 when false). Reference
/// and incident faces as Box2D and cute_c2 clip them: the side of least penetration is the
/// reference face, the other shape's side most against it is clipped to the reference shape, and
/// its ends below the reference face are the points: 2 for a box resting flat on a ramp or on
/// another box, 1 where only one clipped end lies below it; where none does (a corner poking in
/// through another face) the one point lies inside the overlap, at the contact depth. Each point
/// lies on one shape's boundary inside the other (within rounding); `depth[i] > 0` is how far it
/// lies below the reference face. `normal` is `c2d_collide_rect_rect`'s (where infinite extents
/// make the two pick different axes, that contact is the one point). The predicate is exact on the
/// grid domain (multiples of 1/256, |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub unsafe extern "C" fn c2d_manifold_rect_rect(a: Rect, b: Rect, out: *mut Manifold) -> bool {
    guard(false, || {
        let m = query::manifold_rect_rect(a, b);
        // SAFETY: `out` is NULL or writable, as this function's contract requires.
        unsafe { write_out(out, m) };
        m.count > 0
    })
}
