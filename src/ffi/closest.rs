//! Closest points (`c2d_closest_point_*`) and distances (`c2d_distance_*`): of rects, circles
//! and boxes, then of convex polygons and capsules.

use super::guard;
use crate::query;
use crate::shape::{Capsule, Circle, Obb, Poly, Rect, Segment, Vec2};

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

/// The point of the oriented box `o` nearest to `p` (`p` itself when inside). NaN in any input
/// gives NaN; (INFINITY, INFINITY) where infinite inputs leave the formula undefined (a box at
/// infinity seen at an angle).
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
/// Infinite inputs follow the formula; where it is undefined without a NaN input (x = -INFINITY
/// with w = INFINITY: an empty rect), the distance is INFINITY, as for every distance below.
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

/// The distance between rect `a` and circle `b`: 0 when they touch or overlap, `+inf` against a
/// circle with `r < 0` (empty), NaN when any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_rect_circle(a: Rect, b: Circle) -> f32 {
    guard(f32::NAN, || query::distance_rect_circle(a, b))
}

/// The distance between oriented box `a` and circle `b`: 0 when they touch or overlap, `+inf`
/// against a circle with `r < 0` (empty), NaN when any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_obb_circle(a: Obb, b: Circle) -> f32 {
    guard(f32::NAN, || query::distance_obb_circle(a, b))
}

/// The distance between oriented box `a` and rect `b`: 0 when they touch or overlap, NaN when any
/// input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_obb_rect(a: Obb, b: Rect) -> f32 {
    guard(f32::NAN, || query::distance_obb_rect(a, b))
}

/// The distance between oriented boxes `a` and `b`: 0 when they touch or overlap, NaN when any
/// input is NaN.
#[no_mangle]
pub extern "C" fn c2d_distance_obb_obb(a: Obb, b: Obb) -> f32 {
    guard(f32::NAN, || query::distance_obb_obb(a, b))
}

/// The distance between rect `a` and convex polygon `b`: 0 when they touch or overlap
/// (`c2d_touch_rect_poly`), else the Euclidean gap, never 0; `+inf` for a polygon is no shape (zero
/// area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`); NaN when any input is NaN;
/// INFINITY where infinite inputs leave the formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_rect_poly(a: Rect, b: Poly) -> f32 {
    guard(f32::NAN, || query::distance_rect_poly(a, &b))
}

/// The distance between oriented box `a` and convex polygon `b`: 0 when they touch or overlap
/// (`c2d_touch_obb_poly`), else the Euclidean gap, never 0; `+inf` for a polygon is no shape (zero
/// area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`); NaN when any input is NaN;
/// INFINITY where infinite inputs leave the formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_obb_poly(a: Obb, b: Poly) -> f32 {
    guard(f32::NAN, || query::distance_obb_poly(a, &b))
}

/// The distance between convex polygons `a` and `b`: 0 when they touch or overlap
/// (`c2d_touch_poly_poly`), else the Euclidean gap, never 0; `+inf` for a polygon is no shape (zero
/// area, or a `count` outside 3..=C2D_POLY_MAX: see `c2d_poly`); NaN when any input is NaN;
/// INFINITY where infinite inputs leave the formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_poly_poly(a: Poly, b: Poly) -> f32 {
    guard(f32::NAN, || query::distance_poly_poly(&a, &b))
}

/// The distance between convex polygon `a` and circle `b`: 0 when they touch or overlap
/// (`c2d_touch_poly_circle`), else the Euclidean gap, never 0; `+inf` against a circle or capsule
/// with `r < 0` (empty); `+inf` for a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`); NaN when any input is NaN; INFINITY where infinite inputs
/// leave the formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_poly_circle(a: Poly, b: Circle) -> f32 {
    guard(f32::NAN, || query::distance_poly_circle(&a, b))
}

/// The distance between convex polygon `a` and capsule `b`: 0 when they touch or overlap
/// (`c2d_touch_poly_capsule`), else the Euclidean gap, never 0; `+inf` against a circle or capsule
/// with `r < 0` (empty); `+inf` for a polygon is no shape (zero area, or a `count` outside
/// 3..=C2D_POLY_MAX: see `c2d_poly`); NaN when any input is NaN; INFINITY where infinite inputs
/// leave the formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_poly_capsule(a: Poly, b: Capsule) -> f32 {
    guard(f32::NAN, || query::distance_poly_capsule(&a, &b))
}

/// The distance between rect `a` and capsule `b`: 0 when they touch or overlap
/// (`c2d_touch_rect_capsule`), else the Euclidean gap, never 0; `+inf` against a circle or capsule
/// with `r < 0` (empty); NaN when any input is NaN; INFINITY where infinite inputs leave the
/// formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_rect_capsule(a: Rect, b: Capsule) -> f32 {
    guard(f32::NAN, || query::distance_rect_capsule(a, &b))
}

/// The distance between oriented box `a` and capsule `b`: 0 when they touch or overlap
/// (`c2d_touch_obb_capsule`), else the Euclidean gap, never 0; `+inf` against a circle or capsule
/// with `r < 0` (empty); NaN when any input is NaN; INFINITY where infinite inputs leave the
/// formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_obb_capsule(a: Obb, b: Capsule) -> f32 {
    guard(f32::NAN, || query::distance_obb_capsule(a, &b))
}

/// The distance between capsule `a` and circle `b`: 0 when they touch or overlap
/// (`c2d_touch_capsule_circle`), else the Euclidean gap, never 0; `+inf` against a circle or
/// capsule with `r < 0` (empty); NaN when any input is NaN; INFINITY where infinite inputs leave
/// the formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_capsule_circle(a: Capsule, b: Circle) -> f32 {
    guard(f32::NAN, || query::distance_capsule_circle(&a, b))
}

/// The distance between capsules `a` and `b`: 0 when they touch or overlap
/// (`c2d_touch_capsule_capsule`), else the Euclidean gap, never 0; `+inf` against a circle or
/// capsule with `r < 0` (empty); NaN when any input is NaN; INFINITY where infinite inputs leave
/// the formula undefined.
#[no_mangle]
pub extern "C" fn c2d_distance_capsule_capsule(a: Capsule, b: Capsule) -> f32 {
    guard(f32::NAN, || query::distance_capsule_capsule(&a, &b))
}
