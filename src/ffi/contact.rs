//! Contacts, the intersection rect, closest points and distances.

use super::{answer, guard};
use crate::query;
use crate::shape::{Circle, Contact, Obb, Rect, Segment, Vec2};

/// Strict overlap of rects `a` and `b` (as `c2d_overlap_rect_rect`) and, when true and `out` is not NULL,
/// the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum translation —
/// moving `a` by `-normal*depth` leaves them touching — along the shallower axis; ties prefer +x, -x, +y, -y, so identical rects get `(1, 0)`. `point` is the centre of the overlap box.
/// `depth` is FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX),
/// INFINITY only for an infinite size or radius.
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_rect_rect(a: Rect, b: Rect, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_rect_rect(a, b), out)
    })
}

/// Strict overlap of circles `a` and `b` (as `c2d_overlap_circle_circle`) and, when true and `out` is not NULL,
/// the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum translation —
/// moving `a` by `-normal*depth` leaves them touching — along the line of centres (`(1, 0)` for coincident centres); `point` is the middle of the overlap on that line.
/// `depth` is FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX),
/// INFINITY only for an infinite size or radius.
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
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

/// Strict overlap of rect `a` and circle `b` (as `c2d_overlap_rect_circle`) and, when true and `out` is not NULL,
/// the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum translation —
/// moving `a` by `-normal*depth` leaves them touching — from the rect's nearest point to the centre, which is `point`; a centre inside the rect leaves through the nearest face (ties: +x, -x, +y, -y) and `point` is the centre.
/// `depth` is FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX),
/// INFINITY only for an infinite size or radius.
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_rect_circle(a: Rect, b: Circle, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_rect_circle(a, b), out)
    })
}

/// Strict overlap of oriented box `a` and circle `b` (as `c2d_overlap_obb_circle`) and, when true and `out` is not NULL,
/// the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum translation —
/// moving `a` by `-normal*depth` leaves them touching — as by `c2d_collide_rect_circle` in the box's frame, ties in the box's own axes.
/// `depth` is FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX),
/// INFINITY only for an infinite size or radius.
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_obb_circle(a: Obb, b: Circle, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_obb_circle(a, b), out)
    })
}

/// Strict overlap of oriented box `a` and rect `b` (as `c2d_overlap_obb_rect`) and, when true and `out` is not NULL,
/// the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum translation —
/// moving `a` by `-normal*depth` leaves them touching — along the shallowest of the four box axes (`a`'s axes win ties); `point` is the clipped incident face's mean, half way to the reference face.
/// `depth` is FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX),
/// INFINITY only for an infinite size or radius.
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
#[no_mangle]
pub unsafe extern "C" fn c2d_collide_obb_rect(a: Obb, b: Rect, out: *mut Contact) -> bool {
    // SAFETY: `out` is NULL or writable, as this function's contract requires.
    guard(false, || unsafe {
        answer(query::collide_obb_rect(a, b), out)
    })
}

/// Strict overlap of oriented boxes `a` and `b` (as `c2d_overlap_obb_obb`) and, when true and `out` is not NULL,
/// the contact: `normal` (unit, from `a` to `b`) and `depth` are the minimum translation —
/// moving `a` by `-normal*depth` leaves them touching — as by `c2d_collide_obb_rect`.
/// `depth` is FLT_MAX where the true depth is finite but beyond float (sizes near FLT_MAX),
/// INFINITY only for an infinite size or radius.
/// `out` may be NULL (answer only); it is left untouched when the answer is false.
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

/// The point of the rect `r` nearest to `p` (`p` itself when inside). NaN in any input gives NaN.
/// A rect whose span is undefined without a NaN (x = -INFINITY with w = INFINITY) is empty: the
/// answer is (INFINITY, INFINITY), as for every closest point the formulas leave undefined.
#[no_mangle]
pub extern "C" fn c2d_closest_point_rect(r: Rect, p: Vec2) -> Vec2 {
    guard(
        Vec2 {
            x: f32::NAN,
            y: f32::NAN,
        },
        || query::closest_point_rect(r, p),
    )
}

/// The point of the oriented box `o` nearest to `p` (`p` itself when inside). NaN in any input gives NaN;
/// (INFINITY, INFINITY) where infinite inputs leave the formula undefined (a box at infinity seen
/// at an angle).
#[no_mangle]
pub extern "C" fn c2d_closest_point_obb(o: Obb, p: Vec2) -> Vec2 {
    guard(
        Vec2 {
            x: f32::NAN,
            y: f32::NAN,
        },
        || query::closest_point_obb(o, p),
    )
}

/// The point of the segment `s` nearest to `p`. NaN in any input gives NaN; (INFINITY, INFINITY)
/// where infinite inputs leave the formula undefined (both ends at the same infinity).
#[no_mangle]
pub extern "C" fn c2d_closest_point_segment(s: Segment, p: Vec2) -> Vec2 {
    guard(
        Vec2 {
            x: f32::NAN,
            y: f32::NAN,
        },
        || query::closest_point_segment(s, p),
    )
}

/// The distance between rects `a` and `b`: 0 when they touch or overlap, NaN when any input is NaN.
/// Infinite inputs follow the formula; where it is undefined without a NaN input (x = -INFINITY with
/// w = INFINITY: an empty rect), the distance is INFINITY, as for every distance below.
#[no_mangle]
pub extern "C" fn c2d_distance_rect_rect(a: Rect, b: Rect) -> f32 {
    guard(f32::NAN, || query::distance_rect_rect(a, b))
}

/// The distance between circles `a` and `b`: 0 when they touch or overlap, `+inf` against a circle
/// with `r < 0` (empty), NaN when any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_circle_circle(a: Circle, b: Circle) -> f32 {
    guard(f32::NAN, || query::distance_circle_circle(a, b))
}

/// The distance between rect `a` and circle `b`: 0 when they touch or overlap, `+inf` against a circle
/// with `r < 0` (empty), NaN when any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_rect_circle(a: Rect, b: Circle) -> f32 {
    guard(f32::NAN, || query::distance_rect_circle(a, b))
}

/// The distance between oriented box `a` and circle `b`: 0 when they touch or overlap, `+inf` against a circle
/// with `r < 0` (empty), NaN when any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_obb_circle(a: Obb, b: Circle) -> f32 {
    guard(f32::NAN, || query::distance_obb_circle(a, b))
}

/// The distance between oriented box `a` and rect `b`: 0 when they touch or overlap, NaN when any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_obb_rect(a: Obb, b: Rect) -> f32 {
    guard(f32::NAN, || query::distance_obb_rect(a, b))
}

/// The distance between oriented boxes `a` and `b`: 0 when they touch or overlap, NaN when any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_obb_obb(a: Obb, b: Obb) -> f32 {
    guard(f32::NAN, || query::distance_obb_obb(a, b))
}
