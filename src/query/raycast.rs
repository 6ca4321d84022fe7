//! Ray casts: the closed segment `origin..origin+delta` against a closed shape.
//!
//! Whether there is a hit is decided by the matching `intersect_segment_*` predicate on the
//! segment `origin..origin+delta` (the end point computed in f32), so a ray cast and the
//! predicate never disagree. `t` is then the first point of the segment in the shape, to the
//! nearest f32 (ray casts carry no safety promise), and `pos` is that point.
//!
//! Normals: the outward normal of the surface entered. An origin strictly inside the shape gets
//! the zero normal (no surface was crossed); an origin on the boundary gets that boundary's
//! outward normal.
//!
//! An infinite origin or delta is no ray: no hit (even where the segment predicate, given that
//! infinite segment, is true).

use super::overlap::overlap_point_circle;
use super::segment::{
    intersect_segment_circle, intersect_segment_obb, intersect_segment_segment, straddles,
};
use super::sweep::{lo_hi, span, unusable};
use crate::platform::ClampZero;
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::shape::{direction, Aabb, Circle, Frame, Hit, Obb, Rect, Segment, Vec2, P};

pub(super) fn ray_end(origin: Vec2, delta: Vec2) -> Segment {
    Segment::new(origin, Vec2::new(origin.x + delta.x, origin.y + delta.y))
}

/// A hit at `t`, kept in `[0, 1]`; a t that infinite coordinates make NaN (inf/inf) reads as 0.
pub(super) fn make(t: f64, normal: P, origin: Vec2, delta: Vec2) -> Hit {
    let t = if t.is_nan() {
        0.0
    } else {
        t.clamp(0.0, 1.0) as f32
    };
    let pos = super::sweep::at(origin, delta, t);
    Hit {
        t,
        normal: Vec2::from_f64(normal.0, normal.1),
        point: pos,
        pos,
    }
}

/// The first time the point `p + t·d` is in the closed box and the normal there, for a segment
/// known to meet the box; an origin strictly inside gets `t = 0` and the zero normal.
///
/// Branch-free: per axis, an origin at or below `lo` enters through `lo` (normal -1), one at or
/// above `hi` through `hi` (normal +1), at the time the coordinate reaches that bound (0 when it
/// is already there); one strictly between never limits the entry. The later axis wins, x on
/// ties.
#[inline(always)]
fn box_entry(p: P, d: P, b: &Aabb) -> (f64, P) {
    // Lane by lane (x, y), so that both axes share vector instructions.
    let (o, v, lo, hi) = (
        [p.0, p.1],
        [d.0, d.1],
        [b.min_x, b.min_y],
        [b.max_x, b.max_y],
    );
    let (mut t, mut n) = ([0.0; 2], [0.0; 2]);
    for i in 0..2 {
        let at_lo = o[i] <= lo[i];
        let outside = at_lo | (o[i] >= hi[i]);
        let gap = if at_lo { lo[i] } else { hi[i] } - o[i];
        // A segment meeting the box moves toward the bound it is outside of (v != 0 then).
        let ti = if gap == 0.0 { 0.0 } else { gap / v[i] };
        t[i] = if outside { ti } else { f64::NEG_INFINITY };
        n[i] = if at_lo { -1.0 } else { 1.0 };
    }
    let ([tx, ty], [nx, ny]) = (t, n);
    if tx == f64::NEG_INFINITY && ty == f64::NEG_INFINITY {
        return (0.0, (0.0, 0.0)); // strictly inside
    }
    // Selected, not branched on: the axis entered last is unpredictable.
    let x = tx >= ty;
    let t = if x { tx } else { ty };
    let normal = (if x { nx } else { 0.0 }, if x { 0.0 } else { ny });
    (t.max0(), normal)
}

/// The segment `origin..origin+delta` against the closed rect `b`: hits exactly when
/// [`intersect_segment_rect`](super::intersect_segment_rect) does; `t` is the first point in the rect, the normal its face's
/// (x faces win corner ties).
#[inline(never)]
pub fn raycast_rect(origin: Vec2, delta: Vec2, b: Rect) -> Option<Hit> {
    if unusable(origin) | unusable(delta) {
        return None; // an infinite (or NaN) origin or delta: no hit
    }
    let s = ray_end(origin, delta);
    // The common miss: the segment's bounding box does not meet the rect (the predicate's own
    // first test, in the same arithmetic), a few compares.
    // Lane by lane (x, y), so that both axes share vector instructions.
    let (p, e, o, w) = ([s.a.x, s.a.y], [s.b.x, s.b.y], [b.x, b.y], [b.w, b.h]);
    let mut meet = true;
    for i in 0..2 {
        let (r0, r1) = span(o[i], w[i]);
        let (s0, s1) = lo_hi(p[i] as f64, e[i] as f64);
        meet &= (s0 <= r1) & (r0 <= s1);
    }
    if !meet {
        return None;
    }
    raycast_rect_hit(origin, delta, b, s)
}

/// [`raycast_rect`] once the bounding boxes meet: the rest of [`intersect_segment_rect`](super::intersect_segment_rect) (the
/// segment's line must not pass the rect by), then the entry.
#[inline(never)]
fn raycast_rect_hit(origin: Vec2, delta: Vec2, b: Rect, s: Segment) -> Option<Hit> {
    let r = b.aabb();
    if !straddles(s.a.wide(), s.b.wide(), &r.corners()) {
        return None;
    }
    let (t, n) = box_entry(origin.wide(), delta.wide(), &r);
    Some(make(t, n, origin, delta))
}

/// The segment `origin..origin+delta` against the closed oriented box `b` (in the box's frame):
/// hits exactly when [`intersect_segment_obb`] does.
pub fn raycast_obb(origin: Vec2, delta: Vec2, b: Obb) -> Option<Hit> {
    if unusable(origin) | unusable(delta) {
        return None; // an infinite (or NaN) origin or delta: no hit
    }
    if !intersect_segment_obb(ray_end(origin, delta), b) {
        return None;
    }
    let f = Frame::of(b);
    let p = f.to_local(origin.x as f64, origin.y as f64);
    let (dx, dy) = delta.wide();
    let d = (f.c * dx + f.s * dy, f.c * dy - f.s * dx);
    let (t, n) = box_entry(p, d, &f.local_box());
    Some(make(t, f.dir_to_world(n.0, n.1), origin, delta))
}

/// The segment `origin..origin+delta` against the closed circle `b`: hits exactly when
/// [`intersect_segment_circle`] does; the normal is radial at the entry point.
pub fn raycast_circle(origin: Vec2, delta: Vec2, b: Circle) -> Option<Hit> {
    if unusable(origin) | unusable(delta) {
        return None; // an infinite (or NaN) origin or delta: no hit
    }
    if !intersect_segment_circle(ray_end(origin, delta), b) {
        return None;
    }
    if overlap_point_circle(origin, b) {
        return Some(make(0.0, (0.0, 0.0), origin, delta));
    }
    let (px, py) = origin.wide();
    let (dx, dy) = delta.wide();
    let (cx, cy, r) = (b.x as f64, b.y as f64, b.r as f64);
    let (wx, wy) = (px - cx, py - cy);
    let a = dx * dx + dy * dy;
    let half_b = wx * dx + wy * dy;
    let c0 = wx * wx + wy * wy - r * r;
    let t = if c0 <= 0.0 || a == 0.0 {
        0.0
    } else {
        let disc = (half_b * half_b - a * c0).max0();
        let den = -half_b + disc.sqrt();
        if den > 0.0 {
            c0 / den
        } else {
            -half_b / a // tangent within rounding: the closest approach
        }
    };
    let t = t.clamp(0.0, 1.0);
    let (qx, qy) = (wx + t * dx, wy + t * dy);
    let n = direction(qx, qy).unwrap_or((0.0, 0.0));
    Some(make(t, n, origin, delta))
}

/// The segment `origin..origin+delta` against the closed segment `b`: hits exactly when
/// [`intersect_segment_segment`] does. Crossing: `t` where they cross, the normal is `b`'s
/// normal facing the origin's side. Collinear: `t` of the first shared point, the normal
/// `-delta` normalised. A zero `delta` (or a point `b` on the ray's line) also gets `-delta`
/// normalised, zero when `delta` is zero.
pub fn raycast_segment(origin: Vec2, delta: Vec2, b: Segment) -> Option<Hit> {
    if unusable(origin) | unusable(delta) {
        return None; // an infinite (or NaN) origin or delta: no hit
    }
    if !intersect_segment_segment(ray_end(origin, delta), b) {
        return None;
    }
    let (px, py) = origin.wide();
    let (dx, dy) = delta.wide();
    let (ax, ay) = b.a.wide();
    let (ex, ey) = (b.b.x as f64 - ax, b.b.y as f64 - ay);
    let (fx, fy) = (ax - px, ay - py);
    let denom = dx * ey - dy * ex;
    let back = {
        let len = (dx * dx + dy * dy).sqrt();
        if len > 0.0 {
            (-dx / len, -dy / len)
        } else {
            (0.0, 0.0)
        }
    };
    if denom != 0.0 {
        let t = (fx * ey - fy * ex) / denom;
        // `b`'s normal (an infinite `b` along its infinite part; zero only when it is undefined).
        let mut n = direction(-ey, ex).unwrap_or((0.0, 0.0));
        if n.0 * dx + n.1 * dy > 0.0 {
            n = (-n.0, -n.1);
        }
        return Some(make(t, n, origin, delta));
    }
    // Parallel (so collinear, since they meet): the first shared point along delta.
    let a2 = dx * dx + dy * dy;
    if a2 == 0.0 {
        return Some(make(0.0, back, origin, delta));
    }
    let ta = (fx * dx + fy * dy) / a2;
    let tb = ((b.b.x as f64 - px) * dx + (b.b.y as f64 - py) * dy) / a2;
    Some(make(ta.min(tb).max0(), back, origin, delta))
}
