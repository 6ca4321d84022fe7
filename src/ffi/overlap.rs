//! Boolean predicates, both boundary flavours, segments and integers.

use super::guard;
use crate::query;
use crate::shape::{Circle, CircleI, Obb, Rect, RectI, Segment, Vec2};

/// Strict overlap of rects `a` and `b`: `a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y <
/// a.y+a.h`, negative sizes normalised first. Exactly touching is NOT a collision. Exact on the
/// grid domain (multiples of 1/256, |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_rect_rect(a: Rect, b: Rect) -> bool {
    guard(false, || query::overlap_rect_rect(a, b))
}

/// Closed test of rects `a` and `b`: true when they overlap or touch (the `c2d_overlap_rect_rect`
/// formula with `<=`). Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any
/// input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_rect_rect(a: Rect, b: Rect) -> bool {
    guard(false, || query::touch_rect_rect(a, b))
}

/// Strict overlap of circles `a` and `b`: `d² < (a.r+b.r)²`; a circle with `r < 0` is empty.
/// Exactly touching is NOT a collision. Exact on the grid domain (multiples of 1/256, |v| <=
/// 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_circle_circle(a: Circle, b: Circle) -> bool {
    guard(false, || query::overlap_circle_circle(a, b))
}

/// Closed test of circles `a` and `b`: true when they overlap or touch (the
/// `c2d_overlap_circle_circle` formula with `<=`). Exact on the grid domain (multiples of 1/256,
/// |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_circle_circle(a: Circle, b: Circle) -> bool {
    guard(false, || query::touch_circle_circle(a, b))
}

/// Strict overlap of rect `a` and circle `b`: the squared distance from `b`'s centre to the nearest
/// point of `a` `< r²`; `r < 0` is empty. Exactly touching is NOT a collision. Exact on the grid
/// domain (multiples of 1/256, |v| <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_rect_circle(a: Rect, b: Circle) -> bool {
    guard(false, || query::overlap_rect_circle(a, b))
}

/// Closed test of rect `a` and circle `b`: true when they overlap or touch (the
/// `c2d_overlap_rect_circle` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v|
/// <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_rect_circle(a: Rect, b: Circle) -> bool {
    guard(false, || query::touch_rect_circle(a, b))
}

/// Strict overlap of point `p` and rect `b`: `p` strictly inside `b`. Exactly touching is NOT a
/// collision. Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is
/// NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_point_rect(p: Vec2, b: Rect) -> bool {
    guard(false, || query::overlap_point_rect(p, b))
}

/// Closed test of point `p` and rect `b`: true when they overlap or touch (the
/// `c2d_overlap_point_rect` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v|
/// <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_point_rect(p: Vec2, b: Rect) -> bool {
    guard(false, || query::touch_point_rect(p, b))
}

/// Strict overlap of point `p` and circle `b`: `|p - centre|² < r²`. Exactly touching is NOT a
/// collision. Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if any input is
/// NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_point_circle(p: Vec2, b: Circle) -> bool {
    guard(false, || query::overlap_point_circle(p, b))
}

/// Closed test of point `p` and circle `b`: true when they overlap or touch (the
/// `c2d_overlap_point_circle` formula with `<=`). Exact on the grid domain (multiples of 1/256, |v|
/// <= 16384); false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_point_circle(p: Vec2, b: Circle) -> bool {
    guard(false, || query::touch_point_circle(p, b))
}

/// Strict overlap of oriented box `a` and circle `b`: the squared distance from `b`'s centre to `a`
/// `< r²`, measured in `a`'s frame. Exactly touching is NOT a collision. Exact on the grid domain
/// for rotations by multiples of 90°, within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_obb_circle(a: Obb, b: Circle) -> bool {
    guard(false, || query::overlap_obb_circle(a, b))
}

/// Closed test of oriented box `a` and circle `b`: true when they overlap or touch (the
/// `c2d_overlap_obb_circle` formula with `<=`). Exact on the grid domain for rotations by multiples
/// of 90°, within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_obb_circle(a: Obb, b: Circle) -> bool {
    guard(false, || query::touch_obb_circle(a, b))
}

/// Strict overlap of oriented box `a` and rect `b`: no separating axis among the four box axes.
/// Exactly touching is NOT a collision. Exact on the grid domain for rotations by multiples of 90°,
/// within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_obb_rect(a: Obb, b: Rect) -> bool {
    guard(false, || query::overlap_obb_rect(a, b))
}

/// Closed test of oriented box `a` and rect `b`: true when they overlap or touch (the
/// `c2d_overlap_obb_rect` formula with `<=`). Exact on the grid domain for rotations by multiples
/// of 90°, within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_obb_rect(a: Obb, b: Rect) -> bool {
    guard(false, || query::touch_obb_rect(a, b))
}

/// Strict overlap of oriented boxes `a` and `b`: no separating axis among the four box axes.
/// Exactly touching is NOT a collision. Exact on the grid domain for rotations by multiples of 90°,
/// within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_obb_obb(a: Obb, b: Obb) -> bool {
    guard(false, || query::overlap_obb_obb(a, b))
}

/// Closed test of oriented boxes `a` and `b`: true when they overlap or touch (the
/// `c2d_overlap_obb_obb` formula with `<=`). Exact on the grid domain for rotations by multiples of
/// 90°, within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_obb_obb(a: Obb, b: Obb) -> bool {
    guard(false, || query::touch_obb_obb(a, b))
}

/// Strict overlap of point `p` and oriented box `b`: `p` strictly inside `b`. Exactly touching is
/// NOT a collision. Exact on the grid domain for rotations by multiples of 90°, within 1e-4·size
/// otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_overlap_point_obb(p: Vec2, b: Obb) -> bool {
    guard(false, || query::overlap_point_obb(p, b))
}

/// Closed test of point `p` and oriented box `b`: true when they overlap or touch (the
/// `c2d_overlap_point_obb` formula with `<=`). Exact on the grid domain for rotations by multiples
/// of 90°, within 1e-4·size otherwise; false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_touch_point_obb(p: Vec2, b: Obb) -> bool {
    guard(false, || query::touch_point_obb(p, b))
}

/// Strict overlap of integer rects `a` and `b`: as `c2d_overlap_rect_rect`. Exactly touching is NOT
/// a collision. Exact for every int32 input (computed in 64/128 bits, no overflow).
#[no_mangle]
pub extern "C" fn c2d_overlap_recti_recti(a: RectI, b: RectI) -> bool {
    guard(false, || query::overlap_recti_recti(a, b))
}

/// Closed test of integer rects `a` and `b`: true when they overlap or touch (the
/// `c2d_overlap_recti_recti` formula with `<=`). Exact for every int32 input (computed in 64/128
/// bits, no overflow).
#[no_mangle]
pub extern "C" fn c2d_touch_recti_recti(a: RectI, b: RectI) -> bool {
    guard(false, || query::touch_recti_recti(a, b))
}

/// Strict overlap of integer rect `a` and integer circle `b`: as `c2d_overlap_rect_circle`. Exactly
/// touching is NOT a collision. Exact for every int32 input (computed in 64/128 bits, no overflow).
#[no_mangle]
pub extern "C" fn c2d_overlap_recti_circlei(a: RectI, b: CircleI) -> bool {
    guard(false, || query::overlap_recti_circlei(a, b))
}

/// Closed test of integer rect `a` and integer circle `b`: true when they overlap or touch (the
/// `c2d_overlap_recti_circlei` formula with `<=`). Exact for every int32 input (computed in 64/128
/// bits, no overflow).
#[no_mangle]
pub extern "C" fn c2d_touch_recti_circlei(a: RectI, b: CircleI) -> bool {
    guard(false, || query::touch_recti_circlei(a, b))
}

/// Strict overlap of integer circles `a` and `b`: as `c2d_overlap_circle_circle`. Exactly touching
/// is NOT a collision. Exact for every int32 input (computed in 64/128 bits, no overflow).
#[no_mangle]
pub extern "C" fn c2d_overlap_circlei_circlei(a: CircleI, b: CircleI) -> bool {
    guard(false, || query::overlap_circlei_circlei(a, b))
}

/// Closed test of integer circles `a` and `b`: true when they overlap or touch (the
/// `c2d_overlap_circlei_circlei` formula with `<=`). Exact for every int32 input (computed in
/// 64/128 bits, no overflow).
#[no_mangle]
pub extern "C" fn c2d_touch_circlei_circlei(a: CircleI, b: CircleI) -> bool {
    guard(false, || query::touch_circlei_circlei(a, b))
}

/// Whether the closed segment `s` and the segment `t` share a point. Shared end points and
/// collinear overlap count. Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if
/// any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_intersect_segment_segment(s: Segment, t: Segment) -> bool {
    guard(false, || query::intersect_segment_segment(s, t))
}

/// Whether the closed segment `s` and the closed rect `r` share a point. A segment lying along an
/// edge or touching a corner counts. Exact on the grid domain (multiples of 1/256, |v| <= 16384);
/// false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_intersect_segment_rect(s: Segment, r: Rect) -> bool {
    guard(false, || query::intersect_segment_rect(s, r))
}

/// Whether the closed segment `s` and the closed circle `c` share a point. Touching the circle
/// counts; `r < 0` is empty. Exact on the grid domain (multiples of 1/256, |v| <= 16384); false if
/// any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_intersect_segment_circle(s: Segment, c: Circle) -> bool {
    guard(false, || query::intersect_segment_circle(s, c))
}

/// Whether the closed segment `s` and the closed oriented box `o` share a point. Touching the box
/// counts. Exact on the grid domain for rotations by multiples of 90°, within 1e-4·size otherwise;
/// false if any input is NaN.
#[no_mangle]
pub extern "C" fn c2d_intersect_segment_obb(s: Segment, o: Obb) -> bool {
    guard(false, || query::intersect_segment_obb(s, o))
}
