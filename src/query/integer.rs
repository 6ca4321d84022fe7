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

fn recti_recti<const CLOSED: bool>(a: RectI, b: RectI) -> bool {
    let (ax0, ay0, ax1, ay1) = a.span();
    let (bx0, by0, bx1, by1) = b.span();
    below::<CLOSED, _>(ax0, bx1)
        && below::<CLOSED, _>(bx0, ax1)
        && below::<CLOSED, _>(ay0, by1)
        && below::<CLOSED, _>(by0, ay1)
}

fn recti_circlei<const CLOSED: bool>(a: RectI, c: CircleI) -> bool {
    let (x0, y0, x1, y1) = a.span();
    let (cx, cy) = (c.x as i64, c.y as i64);
    let dx = cx - cx.clamp(x0, x1);
    let dy = cy - cy.clamp(y0, y1);
    c.r >= 0 && below::<CLOSED, _>(sq(dx) + sq(dy), sq(c.r as i64))
}

fn circlei_circlei<const CLOSED: bool>(a: CircleI, b: CircleI) -> bool {
    let dx = b.x as i64 - a.x as i64;
    let dy = b.y as i64 - a.y as i64;
    let rs = a.r as i64 + b.r as i64;
    a.r >= 0 && b.r >= 0 && below::<CLOSED, _>(sq(dx) + sq(dy), sq(rs))
}

super::flavours!(
    /// Integer rect against integer rect.
    overlap_recti_recti, touch_recti_recti, recti_recti(a: RectI, b: RectI)
);
super::flavours!(
    /// Integer rect against integer circle.
    overlap_recti_circlei, touch_recti_circlei, recti_circlei(a: RectI, c: CircleI)
);
super::flavours!(
    /// Integer circle against integer circle.
    overlap_circlei_circlei, touch_circlei_circlei, circlei_circlei(a: CircleI, b: CircleI)
);
