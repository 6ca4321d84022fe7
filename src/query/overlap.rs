//! Boolean predicates between rects, circles, points and oriented boxes, in both flavours.
//!
//! Every formula runs in f64 on widened f32 inputs. On the grid domain (multiples of 1/256 up to
//! 16384) each difference is exact in 24 bits and each squared distance in 49, so the answers are
//! those of real-number arithmetic. A NaN anywhere makes every comparison, and so the answer, false.

use super::{below, sat};
use crate::shape::{ordered, Aabb, Circle, Frame, Obb, Rect, Vec2};

/// Per axis, twice the distance between the centres against the sum of the spans: the interval
/// test without normalising negative sizes. The f64 result is trusted when it is farther from
/// the boundary than its rounding error can reach (at most four roundings of terms bounded by
/// `m`); otherwise — exact touches, infinities, magnitudes far apart — the contract's formula
/// `a.x < b.x+b.w && b.x < a.x+a.w` decides, which is exact on the grid domain.
#[inline(always)]
fn rect_rect<const CLOSED: bool>(a: Rect, b: Rect) -> bool {
    let axis = |p: f32, s: f32, q: f32, t: f32| {
        let (p2, s, q2, t) = (2.0 * p as f64, s as f64, 2.0 * q as f64, t as f64);
        let gap = ((p2 + s) - (q2 + t)).abs();
        let span = s.abs() + t.abs();
        let m = p2.abs() + q2.abs() + span;
        (gap, span, (gap - span).abs() > m * ROUNDING)
    };
    let (gx, sx, clear_x) = axis(a.x, a.w, b.x, b.w);
    let (gy, sy, clear_y) = axis(a.y, a.h, b.y, b.h);
    if clear_x & clear_y {
        (gx < sx) & (gy < sy)
    } else {
        rect_rect_exact::<CLOSED>([a.x, a.y, a.w, a.h], [b.x, b.y, b.w, b.h])
    }
}

/// The contract's formula itself, out of line so the fast path stays small.
#[cold]
#[inline(never)]
fn rect_rect_exact<const CLOSED: bool>(a: [f32; 4], b: [f32; 4]) -> bool {
    let rect = |v: [f32; 4]| Rect::new(v[0], v[1], v[2], v[3]).aabb();
    aabb_aabb::<CLOSED>(&rect(a), &rect(b))
}

/// Whether the contract's formula on one axis alone (x, or y when `y`) shows that
/// `overlap_rect_rect(a, b)` is false. [`rect_rect`] decides by that formula whenever its centre
/// form is not trusted, and a trusted centre form is farther from the boundary than this
/// formula's single rounding (of `x + w`) can reach, so they agree on that axis. `false` means
/// "not shown", not "overlapping". A cheap check for the sweeps, whose positions are apart along
/// the axis they were stopped on.
#[inline(always)]
pub(crate) fn rect_rect_apart(a: Rect, b: Rect, y: bool) -> bool {
    let (p, s, q, t) = if y {
        (a.y, a.h, b.y, b.h)
    } else {
        (a.x, a.w, b.x, b.w)
    };
    let (p, q) = (p as f64, q as f64);
    let ((a0, a1), (b0, b1)) = (ordered(p, p + s as f64), ordered(q, q + t as f64));
    !(below::<false>(a0, b1) & below::<false>(b0, a1))
}

/// A bound on the relative rounding error of a few f64 operations on f32 inputs (2^-50).
const ROUNDING: f64 = 1.0 / (1u64 << 50) as f64;

#[inline(always)]
pub(crate) fn aabb_aabb<const CLOSED: bool>(a: &Aabb, b: &Aabb) -> bool {
    // `&` rather than `&&`: no branches to mispredict on random inputs.
    below::<CLOSED>(a.min_x, b.max_x)
        & below::<CLOSED>(b.min_x, a.max_x)
        & below::<CLOSED>(a.min_y, b.max_y)
        & below::<CLOSED>(b.min_y, a.max_y)
}

/// `d² < r²` (or `<=`) for a point at offset `(dx, dy)` from a centre; `r < 0` is empty.
#[inline(always)]
pub(crate) fn within<const CLOSED: bool>(dx: f64, dy: f64, r: f64) -> bool {
    (r >= 0.0) & below::<CLOSED>(dx * dx + dy * dy, r * r)
}

#[inline(always)]
fn circle_circle<const CLOSED: bool>(a: Circle, b: Circle) -> bool {
    let (ar, br) = (a.r as f64, b.r as f64);
    (ar >= 0.0)
        & (br >= 0.0)
        & within::<CLOSED>(b.x as f64 - a.x as f64, b.y as f64 - a.y as f64, ar + br)
}

/// A box of half extents `hx, hy` against a circle whose centre is `(dx, dy)` from the box's
/// centre (in the box's axes): the centre's distance outside the box per axis, squared and
/// summed, against `r²` — the usual clamp formula, exact in f64 on the grid domain.
#[inline(always)]
fn box_circle<const CLOSED: bool>(dx: f64, dy: f64, hx: f64, hy: f64, r: f64) -> bool {
    // `if v < 0 { 0 } else { v }` keeps a NaN (f64::max would turn it into 0).
    let outside = |v: f64| if v < 0.0 { 0.0 } else { v };
    within::<CLOSED>(outside(dx.abs() - hx), outside(dy.abs() - hy), r)
}

/// Rect against circle. Fast path: that formula from the rect's centre, trusted when
/// `|d² - r²|` exceeds its rounding error (each of the ~8 roundings is at most 2^-53 of sums of
/// the inputs' magnitudes `sx`, `sy`, so `2^-49·(sx² + sy² + r²)` bounds them all). Otherwise —
/// exact touches, magnitudes far apart, infinities, NaN — the contract's formula: the squared
/// distance from the centre to the rect's nearest point.
#[inline(always)]
fn rect_circle<const CLOSED: bool>(a: Rect, b: Circle) -> bool {
    let (x, y, w, h) = (a.x as f64, a.y as f64, a.w as f64, a.h as f64);
    let (cx, cy, r) = (b.x as f64, b.y as f64, b.r as f64);
    let outside = |v: f64| if v < 0.0 { 0.0 } else { v };
    let ux = outside((cx - (x + w * 0.5)).abs() - w.abs() * 0.5);
    let uy = outside((cy - (y + h * 0.5)).abs() - h.abs() * 0.5);
    let (d2, r2) = (ux * ux + uy * uy, r * r);
    let (sx, sy) = (cx.abs() + x.abs() + w.abs(), cy.abs() + y.abs() + h.abs());
    if (d2 - r2).abs() > (sx * sx + sy * sy + r2) * ROUNDING_SQUARED {
        (r >= 0.0) & (d2 < r2)
    } else {
        rect_circle_exact::<CLOSED>(a.x, a.y, a.w, a.h, b.x, b.y, b.r)
    }
}

/// The contract's formula itself, out of line so the fast path stays small (its arguments are
/// scalars so that they stay in registers).
#[cold]
#[inline(never)]
fn rect_circle_exact<const CLOSED: bool>(
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    cx: f32,
    cy: f32,
    r: f32,
) -> bool {
    let e = Rect::new(x, y, w, h).aabb();
    let (cx, cy) = (cx as f64, cy as f64);
    let dx = cx - cx.max(e.min_x).min(e.max_x);
    let dy = cy - cy.max(e.min_y).min(e.max_y);
    // `max`/`min` skip a NaN bound: a NaN extent is caught by `extent >= 0` instead.
    (e.max_x - e.min_x >= 0.0) & (e.max_y - e.min_y >= 0.0) & within::<CLOSED>(dx, dy, r as f64)
}

/// The rounding bound of the rect-circle fast path, relative to its squared magnitudes (2^-49).
const ROUNDING_SQUARED: f64 = 1.0 / (1u64 << 49) as f64;

pub(crate) fn aabb_point<const CLOSED: bool>(b: &Aabb, x: f64, y: f64) -> bool {
    below::<CLOSED>(b.min_x, x)
        & below::<CLOSED>(x, b.max_x)
        & below::<CLOSED>(b.min_y, y)
        & below::<CLOSED>(y, b.max_y)
}

#[inline(always)]
fn point_rect<const CLOSED: bool>(p: Vec2, b: Rect) -> bool {
    aabb_point::<CLOSED>(&b.aabb(), p.x as f64, p.y as f64)
}

#[inline(always)]
fn point_circle<const CLOSED: bool>(p: Vec2, c: Circle) -> bool {
    within::<CLOSED>(p.x as f64 - c.x as f64, p.y as f64 - c.y as f64, c.r as f64)
}

#[inline(always)]
fn obb_circle<const CLOSED: bool>(a: Obb, b: Circle) -> bool {
    let f = Frame::of(a);
    let (lx, ly) = f.to_local(b.x as f64, b.y as f64);
    box_circle::<CLOSED>(lx, ly, f.hx, f.hy, b.r as f64)
}

#[inline(always)]
fn point_obb<const CLOSED: bool>(p: Vec2, b: Obb) -> bool {
    let f = Frame::of(b);
    let (lx, ly) = f.to_local(p.x as f64, p.y as f64);
    below::<CLOSED>(lx.abs(), f.hx) & below::<CLOSED>(ly.abs(), f.hy)
}

#[inline(always)]
fn obb_rect<const CLOSED: bool>(a: Obb, b: Rect) -> bool {
    sat::boxes::<CLOSED, true>(&Frame::of(a), &Frame::of_rect(b))
}

#[inline(always)]
fn obb_obb<const CLOSED: bool>(a: Obb, b: Obb) -> bool {
    sat::boxes::<CLOSED, false>(&Frame::of(a), &Frame::of(b))
}

/// Rect against rect: `a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h`
/// after normalising negative sizes.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_rect_rect(a: Rect, b: Rect) -> bool {
    rect_rect::<false>(a, b)
}

/// Rect against rect: `a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h`
/// after normalising negative sizes.
/// Closed: touching counts.
#[inline]
pub fn touch_rect_rect(a: Rect, b: Rect) -> bool {
    rect_rect::<true>(a, b)
}

/// Circle against circle: `d² < (r1+r2)²`; a circle with `r < 0` is empty.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_circle_circle(a: Circle, b: Circle) -> bool {
    circle_circle::<false>(a, b)
}

/// Circle against circle: `d² < (r1+r2)²`; a circle with `r < 0` is empty.
/// Closed: touching counts.
#[inline]
pub fn touch_circle_circle(a: Circle, b: Circle) -> bool {
    circle_circle::<true>(a, b)
}

/// Rect against circle: the squared distance from the centre to the rect `< r²`.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_rect_circle(a: Rect, b: Circle) -> bool {
    rect_circle::<false>(a, b)
}

/// Rect against circle: the squared distance from the centre to the rect `< r²`.
/// Closed: touching counts.
#[inline]
pub fn touch_rect_circle(a: Rect, b: Circle) -> bool {
    rect_circle::<true>(a, b)
}

/// Point inside rect.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_point_rect(p: Vec2, b: Rect) -> bool {
    point_rect::<false>(p, b)
}

/// Point inside rect.
/// Closed: touching counts.
#[inline]
pub fn touch_point_rect(p: Vec2, b: Rect) -> bool {
    point_rect::<true>(p, b)
}

/// Point inside circle.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_point_circle(p: Vec2, c: Circle) -> bool {
    point_circle::<false>(p, c)
}

/// Point inside circle.
/// Closed: touching counts.
#[inline]
pub fn touch_point_circle(p: Vec2, c: Circle) -> bool {
    point_circle::<true>(p, c)
}

/// Oriented box against circle.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_obb_circle(a: Obb, b: Circle) -> bool {
    obb_circle::<false>(a, b)
}

/// Oriented box against circle.
/// Closed: touching counts.
#[inline]
pub fn touch_obb_circle(a: Obb, b: Circle) -> bool {
    obb_circle::<true>(a, b)
}

/// Point inside oriented box.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_point_obb(p: Vec2, b: Obb) -> bool {
    point_obb::<false>(p, b)
}

/// Point inside oriented box.
/// Closed: touching counts.
#[inline]
pub fn touch_point_obb(p: Vec2, b: Obb) -> bool {
    point_obb::<true>(p, b)
}

/// Oriented box against rect (separating axes).
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_obb_rect(a: Obb, b: Rect) -> bool {
    obb_rect::<false>(a, b)
}

/// Oriented box against rect (separating axes).
/// Closed: touching counts.
#[inline]
pub fn touch_obb_rect(a: Obb, b: Rect) -> bool {
    obb_rect::<true>(a, b)
}

/// Oriented box against oriented box (separating axes).
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_obb_obb(a: Obb, b: Obb) -> bool {
    obb_obb::<false>(a, b)
}

/// Oriented box against oriented box (separating axes).
/// Closed: touching counts.
#[inline]
pub fn touch_obb_obb(a: Obb, b: Obb) -> bool {
    obb_obb::<true>(a, b)
}
