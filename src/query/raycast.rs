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

use super::closest::nearest_on_segment;
use super::math::{at, lo_hi, span, unusable};
use super::overlap::overlap_point_circle;
use super::poly::{
    core, exact_segment_poly, intersect_segment_capsule, next, outward, overlap_point_capsule,
    quick_segment_poly_with, touch_point_capsule,
};
use super::segment::{
    intersect_segment_circle, intersect_segment_obb, intersect_segment_segment, straddles,
};
use crate::platform::ClampZero;
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::shape::{
    direction, dot, sub, Aabb, Capsule, Circle, Frame, Hit, Obb, Poly, Rect, Segment, Vec2, P, ZERO,
};

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
    let pos = at(origin, delta, t);
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

/// The segment `origin..origin+delta` against the closed convex polygon `p`: hits exactly when
/// [`intersect_segment_poly`](super::intersect_segment_poly) does. `t` is the first point of the segment in the polygon, the
/// normal the outward unit normal of the edge entered (the earlier edge on a vertex); an origin
/// strictly inside hits at `t = 0` with the zero normal. A polygon with an infinite vertex is
/// never hit.
pub fn raycast_poly(origin: Vec2, delta: Vec2, p: &Poly) -> Option<Hit> {
    if unusable(origin) | unusable(delta) {
        return None; // an infinite (or NaN) origin or delta: no hit
    }
    let vs = p.slots()?;
    let (o, d, e) = (origin.wide(), delta.wide(), ray_end(origin, delta).b.wide());
    // The way in found in the same pass over the edges: `n·(o - v)` is the quick pass's own.
    let mut way_in = None;
    let quick = quick_segment_poly_with(o, e, vs, |n, s| {
        way_in = later(way_in, (n, s, -dot(n, d)));
    });
    match quick {
        Some(hit) => hit.then(|| entered(way_in, origin, delta)),
        None => exact_raycast_poly(origin, delta, p),
    }
}

/// The hit of a ray entering at `t` through the edge of normal `n`, or from strictly inside.
fn entered(entry: Option<(f64, P)>, origin: Vec2, delta: Vec2) -> Hit {
    match entry {
        None => make(0.0, ZERO, origin, delta),
        Some((t, n)) => make(t, direction(n.0, n.1).unwrap_or(ZERO), origin, delta),
    }
}

/// The edge `i` of the polygon `vs` against the ray `o + t·d`: its outward normal `n`, the
/// origin's side `s = n·(o - v)` and `-(n·d)`. The ray crosses the edge's line at
/// `t = s / -(n·d)`.
#[inline(always)]
fn crossing(o: P, d: P, vs: &[Vec2], i: usize) -> (P, f64, f64) {
    let v = vs[i].wide();
    let n = outward(v, vs[next(i, vs.len())].wide());
    (n, dot(n, sub(o, v)), -dot(n, d))
}

/// `t = s / -(n·d)` from [`crossing`]; 1 where the ray does not run into the edge's line, which
/// only the rounding of the f32 end point makes a hit.
#[inline(always)]
fn time(s: f64, den: f64) -> f64 {
    if den > 0.0 {
        s / den
    } else {
        1.0
    }
}

/// [`raycast_poly`] by the exact test, where the quick pass is unsure: a polygon of no area or
/// with a vertex not finite is never hit. The ray enters through the latest crossing of an edge
/// the origin is on or outside of, the earlier edge on a tie, or from strictly inside.
#[inline(never)]
pub(super) fn exact_raycast_poly(origin: Vec2, delta: Vec2, p: &Poly) -> Option<Hit> {
    let vs = p.vertices()?;
    let (o, d, e) = (origin.wide(), delta.wide(), ray_end(origin, delta).b.wide());
    if vs.iter().any(|v| !(v.x.is_finite() && v.y.is_finite())) || !exact_segment_poly(o, e, p) {
        return None;
    }
    Some(entered(entry(o, d, vs), origin, delta))
}

/// Where the ray `o + t·d`, which hits the polygon `vs`, enters it: the latest crossing of an
/// edge the origin is on or outside of, the earlier edge on a tie, or `None` from strictly
/// inside.
#[inline(always)]
fn entry(o: P, d: P, vs: &[Vec2]) -> Option<(f64, P)> {
    (0..vs.len())
        .map(|i| crossing(o, d, vs, i))
        .fold(None, later)
}

/// [`entry`]'s step: the way in so far, and the edge with normal `n`, the origin's side `s` of
/// it and `den = -(n·d)` (from [`crossing`]); the later of the two, the earlier on a tie.
#[inline(always)]
fn later(entry: Option<(f64, P)>, (n, s, den): (P, f64, f64)) -> Option<(f64, P)> {
    if n == ZERO || s < 0.0 {
        return entry;
    }
    let t = if s == 0.0 { 0.0 } else { time(s, den) };
    match entry {
        Some((latest, _)) if t <= latest => entry,
        _ => Some((t, n)),
    }
}

/// The first time `o + t·d` is within `r` of the point `c` (`o` outside), if it gets there.
fn enter_circle(o: P, d: P, c: P, r: f64) -> Option<f64> {
    let w = sub(o, c);
    let (a, half_b, c0) = (dot(d, d), dot(w, d), dot(w, w) - r * r);
    if c0 <= 0.0 {
        return Some(0.0);
    }
    if a == 0.0 || half_b >= 0.0 {
        return None; // still, or moving away
    }
    let disc = half_b * half_b - a * c0;
    if disc < -1e-12 * half_b * half_b {
        return None;
    }
    // Tangent within rounding: the closest approach.
    Some(c0 / (-half_b + disc.max0().sqrt()))
}

/// The segment `origin..origin+delta` against the closed capsule `k`: hits exactly when
/// [`intersect_segment_capsule`] does. `t` is the first point of the segment in the capsule, the
/// normal the outward unit normal there (from the core toward the point); an origin strictly
/// inside hits at `t = 0` with the zero normal. A bare segment (`r == 0`) is entered through its
/// side facing the origin (`-delta` normalised along it).
pub fn raycast_capsule(origin: Vec2, delta: Vec2, k: &Capsule) -> Option<Hit> {
    if unusable(origin) | unusable(delta) {
        return None; // an infinite (or NaN) origin or delta: no hit
    }
    if !intersect_segment_capsule(ray_end(origin, delta), k) {
        return None;
    }
    if overlap_point_capsule(origin, k) {
        return Some(make(0.0, ZERO, origin, delta));
    }
    let (seg, r) = core(k)?;
    let (a, b) = (seg.a.wide(), seg.b.wide());
    let (o, d) = (origin.wide(), delta.wide());
    let mut t = if touch_point_capsule(origin, k) {
        0.0
    } else {
        let mut best = f64::INFINITY;
        for c in [a, b] {
            if let Some(tc) = enter_circle(o, d, c, r) {
                best = best.min(tc);
            }
        }
        let e = sub(b, a);
        if let Some(m) = direction(-e.1, e.0) {
            let (h, dn) = (dot(m, sub(o, a)), dot(m, d));
            // The side facing the origin, offset by r: reached when the height drops to r.
            let side = if h >= 0.0 { r } else { -r };
            if dn != 0.0 {
                let ts = (side - h) / dn;
                let p = (o.0 + d.0 * ts, o.1 + d.1 * ts);
                let along = dot(e, sub(p, a));
                if ts >= 0.0 && along >= 0.0 && along <= dot(e, e) {
                    best = best.min(ts);
                }
            }
        }
        // No candidate only where the end point's f32 rounding made the hit.
        if best.is_finite() {
            best
        } else {
            1.0
        }
    };
    t = t.clamp(0.0, 1.0);
    let p = (o.0 + d.0 * t, o.1 + d.1 * t);
    let q = nearest_on_segment(a, b, p);
    let n = direction(p.0 - q.0, p.1 - q.1)
        .or_else(|| {
            // On the core itself (a bare segment): its side facing the origin, or back along
            // the ray when moving along it.
            let e = sub(b, a);
            let m = direction(-e.1, e.0)?;
            let dn = dot(m, d);
            if dn < 0.0 {
                Some(m)
            } else if dn > 0.0 {
                Some((-m.0, -m.1))
            } else {
                None
            }
        })
        .or_else(|| direction(-d.0, -d.1))
        .unwrap_or(ZERO);
    Some(make(t, n, origin, delta))
}
