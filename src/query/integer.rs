//! Integer predicates for integer engines: exact for every `i32` input, widened to i64/i128.

use crate::shape::{CircleI, RectI};

#[inline(always)]
fn below<const CLOSED: bool, T: PartialOrd>(a: T, b: T) -> bool {
    if CLOSED {
        a <= b
    } else {
        a < b
    }
}

fn sq(v: i64) -> i128 {
    (v as i128) * (v as i128)
}

/// Per axis, twice the distance between the centres against the sum of the spans, in i64
/// (at most 2^34 in magnitude): the interval test without normalising negative sizes.
fn recti_recti<const CLOSED: bool>(a: RectI, b: RectI) -> bool {
    let axis = |p: i32, s: i32, q: i32, t: i32| {
        let (p, s, q, t) = (p as i64, s as i64, q as i64, t as i64);
        below::<CLOSED, _>((2 * p + s - 2 * q - t).abs(), s.abs() + t.abs())
    };
    axis(a.x, a.w, b.x, b.w) & axis(a.y, a.h, b.y, b.h)
}

fn recti_circlei<const CLOSED: bool>(a: RectI, c: CircleI) -> bool {
    let (x0, y0, x1, y1) = a.span();
    let (cx, cy) = (c.x as i64, c.y as i64);
    let dx = cx - cx.clamp(x0, x1);
    let dy = cy - cy.clamp(y0, y1);
    (c.r >= 0) & below::<CLOSED, _>(sq(dx) + sq(dy), sq(c.r as i64))
}

fn circlei_circlei<const CLOSED: bool>(a: CircleI, b: CircleI) -> bool {
    let dx = b.x as i64 - a.x as i64;
    let dy = b.y as i64 - a.y as i64;
    let rs = a.r as i64 + b.r as i64;
    (a.r >= 0) & (b.r >= 0) & below::<CLOSED, _>(sq(dx) + sq(dy), sq(rs))
}

/// Integer rect against integer rect.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_recti_recti(a: RectI, b: RectI) -> bool {
    recti_recti::<false>(a, b)
}

/// Integer rect against integer rect.
/// Closed: touching counts.
#[inline]
pub fn touch_recti_recti(a: RectI, b: RectI) -> bool {
    recti_recti::<true>(a, b)
}

/// Integer rect against integer circle.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_recti_circlei(a: RectI, c: CircleI) -> bool {
    recti_circlei::<false>(a, c)
}

/// Integer rect against integer circle.
/// Closed: touching counts.
#[inline]
pub fn touch_recti_circlei(a: RectI, c: CircleI) -> bool {
    recti_circlei::<true>(a, c)
}

/// Integer circle against integer circle.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_circlei_circlei(a: CircleI, b: CircleI) -> bool {
    circlei_circlei::<false>(a, b)
}

/// Integer circle against integer circle.
/// Closed: touching counts.
#[inline]
pub fn touch_circlei_circlei(a: CircleI, b: CircleI) -> bool {
    circlei_circlei::<true>(a, b)
}
