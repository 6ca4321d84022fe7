//! Contacts (`c2d_collide_*`) of rects, circles and boxes, and the intersection rect.

use super::{answer, guard};
use crate::query;
use crate::shape::{Circle, Contact, Obb, Rect};

/// Strict overlap of rects `a` and `b` (as `c2d_overlap_rect_rect`) and, when true and `out` is not
/// NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum translation —
/// moving `a` by `-normal*depth` leaves them touching — along the shallower axis; ties prefer +x,
/// -x, +y, -y, so identical rects get `(1, 0)`. `point` is the centre of the overlap box. `depth`
/// is FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX), INFINITY only
/// for an infinite size or radius. `out` may be NULL (answer only); it is left untouched when the
/// answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_rect_rect(a: Rect, b: Rect, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_rect_rect(a, b), out)
    })
}

/// Strict overlap of circles `a` and `b` (as `c2d_overlap_circle_circle`) and, when true and `out`
/// is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — along the line of centres
/// (`(1, 0)` for coincident centres); `point` is the middle of the overlap on that line. `depth` is
/// FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX), INFINITY only for
/// an infinite size or radius. `out` may be NULL (answer only); it is left untouched when the
/// answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_circle_circle(
    a: Circle,
    b: Circle,
    out: *mut Contact,
) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_circle_circle(a, b), out)
    })
}

/// Strict overlap of rect `a` and circle `b` (as `c2d_overlap_rect_circle`) and, when true and
/// `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — from the rect's nearest point
/// to the centre, which is `point`; a centre inside the rect leaves through the nearest face (ties:
/// +x, -x, +y, -y) and `point` is the centre. `depth` is FLT_MAX where the true depth is finite but
/// beyond float (sizes near FLT_MAX), INFINITY only for an infinite size or radius. `out` may be
/// NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_rect_circle(a: Rect, b: Circle, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_rect_circle(a, b), out)
    })
}

/// Strict overlap of oriented box `a` and circle `b` (as `c2d_overlap_obb_circle`) and, when true
/// and `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — as by
/// `c2d_collide_rect_circle` in the box's frame, ties in the box's own axes. `depth` is FLT_MAX
/// where the true depth is finite but beyond float (sizes near FLT_MAX), INFINITY only for an
/// infinite size or radius. `out` may be NULL (answer only); it is left untouched when the answer
/// is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_obb_circle(a: Obb, b: Circle, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_obb_circle(a, b), out)
    })
}

/// Strict overlap of oriented box `a` and rect `b` (as `c2d_overlap_obb_rect`) and, when true and
/// `out` is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — along the shallowest of the
/// four box axes (`a`'s axes win ties); `point` is the clipped incident face's mean, half way to
/// the reference face. `depth` is FLT_MAX where the true depth is finite but beyond float (sizes
/// near FLT_MAX), INFINITY only for an infinite size or radius. `out` may be NULL (answer only); it
/// is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_obb_rect(a: Obb, b: Rect, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_obb_rect(a, b), out)
    })
}

/// Strict overlap of oriented boxes `a` and `b` (as `c2d_overlap_obb_obb`) and, when true and `out`
/// is not NULL, the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum
/// translation — moving `a` by `-normal*depth` leaves them touching — as by `c2d_collide_obb_rect`.
/// `depth` is FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX),
/// INFINITY only for an infinite size or radius. `out` may be NULL (answer only); it is left
/// untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_obb_obb(a: Obb, b: Obb, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_obb_obb(a, b), out)
    })
}

/// Strict overlap of rects `a` and `b` (as `c2d_overlap_rect_rect`) and, when true and `out` is
/// not NULL, the overlap box with positive width and height (raylib GetCollisionRec,
/// SDL_IntersectRect). `out` may be NULL; it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_intersection_rect(a: Rect, b: Rect, out: *mut Rect) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::intersection_rect(a, b), out)
    })
}
