//! Convex polygons and capsules: predicates, closed segment tests and the polygon ray cast.
//!
//! Polygons, rects and oriented boxes are tested by separating axes on unnormalised edge
//! normals: each test is the sign of a dot product of coordinate differences, exact in f64 on the
//! grid domain (rect and box corners included). Capsules and circles compare squared distances
//! to segments with `r²`: the perpendicular case, a ~95-bit product, is compared exactly with
//! [`product_le`]. So every predicate here is exact on the grid domain (oriented boxes at
//! multiples of 90°). A NaN anywhere answers false; a poly whose `count` is outside `3..=8`
//! answers false.

use super::below;
use super::flavours;
use super::raycast::{make, ray_end};
use super::segment::{intersect_segment_segment, straddles};
use super::sweep::unusable;
use crate::exact::product_le;
use crate::shape::POLY_MAX;
use crate::shape::{
    direction, ordered, Capsule, Circle, Frame, Hit, Obb, Poly, Rect, Segment, Vec2,
};

type P = (f64, f64);

const ZERO: P = (0.0, 0.0);

/// A convex shape in f64: vertices counter-clockwise (y-up) and, per edge `v[i]..v[i+1]`, an
/// outward normal (unnormalised). A zero normal is no axis.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Convex {
    v: [P; POLY_MAX],
    n: [P; POLY_MAX],
    len: usize,
}

fn nan(p: P) -> bool {
    p.0.is_nan() || p.1.is_nan()
}

fn sub(a: P, b: P) -> P {
    (a.0 - b.0, a.1 - b.1)
}

fn dot(a: P, b: P) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

/// The outward normal of the edge `a→b` of a counter-clockwise polygon.
fn outward(a: P, b: P) -> P {
    (b.1 - a.1, a.0 - b.0)
}

impl Convex {
    /// A poly's vertices; `None` for a count outside `3..=8` or a NaN vertex.
    pub(crate) fn of_poly(p: &Poly) -> Option<Convex> {
        let vs = p.vertices()?;
        let mut c = Convex {
            v: [ZERO; POLY_MAX],
            n: [ZERO; POLY_MAX],
            len: vs.len(),
        };
        for (slot, v) in c.v.iter_mut().zip(vs) {
            *slot = v.wide();
        }
        for i in 0..c.len {
            c.n[i] = outward(c.v[i], c.v[(i + 1) % c.len]);
        }
        (!c.verts().iter().any(|&v| nan(v))).then_some(c)
    }

    /// A box from its corners, counter-clockwise. A side of zero length still gets its axis
    /// (from the neighbouring side), so a flat box is tested as a segment, on both of its axes.
    fn of_box(corners: [P; 4]) -> Option<Convex> {
        let mut c = Convex {
            v: [ZERO; POLY_MAX],
            n: [ZERO; POLY_MAX],
            len: 4,
        };
        for i in 0..4 {
            let (a, b, prev) = (corners[i], corners[(i + 1) % 4], corners[(i + 3) % 4]);
            let n = outward(a, b);
            c.v[i] = a;
            c.n[i] = if n == ZERO { sub(a, prev) } else { n };
        }
        (!c.verts().iter().any(|&v| nan(v))).then_some(c)
    }

    /// A rect (negative sizes span the other way).
    pub(crate) fn of_rect(r: Rect) -> Option<Convex> {
        Convex::of_box(r.aabb().corners())
    }

    /// An oriented box (exact corners at multiples of 90°).
    fn of_obb(o: Obb) -> Option<Convex> {
        Convex::of_box(Frame::of(o).corners())
    }

    /// The vertices, counter-clockwise.
    pub(crate) fn verts(&self) -> &[P] {
        &self.v[..self.len]
    }

    /// The outward edge normals (unnormalised), one per vertex: edge `v[i]..v[i+1]`.
    pub(crate) fn normals(&self) -> &[P] {
        &self.n[..self.len]
    }

    /// A convex shape from 1 to 8 points in f64: a point, a segment (its two sides as edges) or
    /// a convex polygon counter-clockwise; `None` for another count or a NaN. For the sweeps'
    /// cores and callers working in f64 (the world's items).
    pub(crate) fn of_points(pts: &[P]) -> Option<Convex> {
        if !(1..=POLY_MAX).contains(&pts.len()) {
            return None;
        }
        let mut c = Convex {
            v: [ZERO; POLY_MAX],
            n: [ZERO; POLY_MAX],
            len: pts.len(),
        };
        c.v[..pts.len()].copy_from_slice(pts);
        for i in 0..c.len {
            c.n[i] = outward(c.v[i], c.v[(i + 1) % c.len]);
        }
        (!pts.iter().any(|&v| nan(v))).then_some(c)
    }

    /// The edges as `(start, end)` pairs.
    fn edges(&self) -> impl Iterator<Item = (P, P)> + '_ {
        (0..self.len).map(move |i| (self.v[i], self.v[(i + 1) % self.len]))
    }

    /// Whether one of the edge axes has every point of `pts` beyond the edge: on or beyond it
    /// for the strict flavour (touching is apart), strictly beyond for the closed one.
    fn separates<const CLOSED: bool>(&self, pts: &[P]) -> bool {
        (0..self.len).any(|i| {
            let (n, v) = (self.n[i], self.v[i]);
            n != ZERO && pts.iter().all(|&w| beyond::<CLOSED>(dot(n, sub(w, v))))
        })
    }

    /// The closed segment `a..b` shares a point with the closed shape: no axis of the shape, nor
    /// the segment's normal or direction, nor x or y (for a shape flat to a point) separates them.
    fn meets_segment(&self, a: P, b: P) -> bool {
        let d = sub(b, a);
        let vs = self.verts();
        let apart = |axis: fn(P) -> f64| {
            let (lo, hi) = ordered(axis(a), axis(b));
            vs.iter().all(|&w| axis(w) > hi) || vs.iter().all(|&w| axis(w) < lo)
        };
        !apart(|p| p.0)
            && !apart(|p| p.1)
            && !self.separates::<true>(&[a, b])
            && straddles(a, b, vs)
            && !vs.iter().all(|&w| dot(d, sub(w, b)) > 0.0)
            && !vs.iter().all(|&w| dot(d, sub(w, a)) < 0.0)
    }
}

/// A point at signed distance `d` (scaled) outside an edge line is apart from the shape: on or
/// beyond the line for the strict flavour, strictly beyond it for the closed one.
fn beyond<const CLOSED: bool>(d: f64) -> bool {
    if CLOSED {
        d > 0.0
    } else {
        d >= 0.0
    }
}

/// `a·b < c·d` (strict) or `<=` (closed), exactly; false when a product is NaN (a NaN input, or
/// an infinity times zero), so the strict answer implies the closed one.
fn product_below<const CLOSED: bool>(a: f64, b: f64, c: f64, d: f64) -> bool {
    if CLOSED {
        product_le(a, b, c, d)
    } else {
        !(a * b).is_nan() && !(c * d).is_nan() && !product_le(c, d, a, b)
    }
}

/// The squared distance from `p` to the closed segment `a..b` below `r²` (`r >= 0`).
fn near<const CLOSED: bool>(p: P, a: P, b: P, r: f64) -> bool {
    let (d, f) = (sub(b, a), sub(p, a));
    let along = dot(f, d);
    let len2 = dot(d, d);
    if along <= 0.0 {
        below::<CLOSED>(dot(f, f), r * r)
    } else if along >= len2 {
        let g = sub(p, b);
        below::<CLOSED>(dot(g, g), r * r)
    } else {
        // Perpendicular: cross² / len2 against r², compared exactly.
        let cross = d.0 * f.1 - d.1 * f.0;
        product_below::<CLOSED>(cross, cross, r * r, len2)
    }
}

/// Two closed segments within distance `r` (`r >= 0`): zero when they meet, else the nearest
/// end point to the other segment.
fn segments_near<const CLOSED: bool>(s: Segment, t: Segment, r: f64) -> bool {
    if intersect_segment_segment(s, t) {
        return below::<CLOSED>(0.0, r * r);
    }
    let ((a, b), (c, d)) = ((s.a.wide(), s.b.wide()), (t.a.wide(), t.b.wide()));
    near::<CLOSED>(a, c, d, r)
        || near::<CLOSED>(b, c, d, r)
        || near::<CLOSED>(c, a, b, r)
        || near::<CLOSED>(d, a, b, r)
}

fn vec_nan(v: Vec2) -> bool {
    v.x.is_nan() || v.y.is_nan()
}

/// The capsule's core segment and radius; `None` when it is empty (`r < 0`) or has a NaN.
fn core(k: &Capsule) -> Option<(Segment, f64)> {
    let r = k.r as f64;
    (r >= 0.0 && !vec_nan(k.a) && !vec_nan(k.b)).then_some((Segment::new(k.a, k.b), r))
}

fn convex_convex<const CLOSED: bool>(a: Option<Convex>, b: Option<Convex>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            !a.separates::<CLOSED>(b.verts()) && !b.separates::<CLOSED>(a.verts())
        }
        _ => false,
    }
}

/// A capsule against a convex shape: the core segment's distance to the shape below `r`.
fn convex_capsule<const CLOSED: bool>(s: Option<Convex>, k: &Capsule) -> bool {
    let (Some(s), Some((seg, r))) = (s, core(k)) else {
        return false;
    };
    convex_near::<CLOSED>(&s, seg.a.wide(), seg.b.wide(), r)
}

/// The closed segment `a..b` within `r` (`r >= 0`) of a convex shape: zero when they meet,
/// else a vertex of one nearest to the other's boundary.
fn convex_near<const CLOSED: bool>(s: &Convex, a: P, b: P, r: f64) -> bool {
    if s.meets_segment(a, b) {
        return below::<CLOSED>(0.0, r * r);
    }
    s.edges()
        .any(|(p, q)| near::<CLOSED>(a, p, q, r) || near::<CLOSED>(b, p, q, r))
        || s.verts().iter().any(|&w| near::<CLOSED>(w, a, b, r))
}

#[inline(always)]
fn point_poly<const CLOSED: bool>(p: Vec2, b: &Poly) -> bool {
    match Convex::of_poly(b) {
        Some(c) => !vec_nan(p) && !c.separates::<CLOSED>(&[p.wide()]),
        None => false,
    }
}

#[inline(always)]
fn rect_poly<const CLOSED: bool>(a: Rect, b: &Poly) -> bool {
    convex_convex::<CLOSED>(Convex::of_rect(a), Convex::of_poly(b))
}

#[inline(always)]
fn obb_poly<const CLOSED: bool>(a: Obb, b: &Poly) -> bool {
    convex_convex::<CLOSED>(Convex::of_obb(a), Convex::of_poly(b))
}

#[inline(always)]
fn poly_poly<const CLOSED: bool>(a: &Poly, b: &Poly) -> bool {
    convex_convex::<CLOSED>(Convex::of_poly(a), Convex::of_poly(b))
}

#[inline(always)]
fn poly_circle<const CLOSED: bool>(a: &Poly, b: Circle) -> bool {
    let (c, r) = ((b.x as f64, b.y as f64), b.r as f64);
    match Convex::of_poly(a) {
        Some(s) if r >= 0.0 && !nan(c) => convex_near::<CLOSED>(&s, c, c, r),
        _ => false,
    }
}

#[inline(always)]
fn poly_capsule<const CLOSED: bool>(a: &Poly, b: &Capsule) -> bool {
    convex_capsule::<CLOSED>(Convex::of_poly(a), b)
}

#[inline(always)]
fn rect_capsule<const CLOSED: bool>(a: Rect, b: &Capsule) -> bool {
    convex_capsule::<CLOSED>(Convex::of_rect(a), b)
}

#[inline(always)]
fn obb_capsule<const CLOSED: bool>(a: Obb, b: &Capsule) -> bool {
    convex_capsule::<CLOSED>(Convex::of_obb(a), b)
}

#[inline(always)]
fn point_capsule<const CLOSED: bool>(p: Vec2, b: &Capsule) -> bool {
    match core(b) {
        Some((s, r)) if !vec_nan(p) => near::<CLOSED>(p.wide(), s.a.wide(), s.b.wide(), r),
        _ => false,
    }
}

#[inline(always)]
fn capsule_circle<const CLOSED: bool>(a: &Capsule, b: Circle) -> bool {
    let (cr, c) = (b.r as f64, (b.x as f64, b.y as f64));
    match core(a) {
        Some((s, r)) if cr >= 0.0 && !nan(c) => near::<CLOSED>(c, s.a.wide(), s.b.wide(), r + cr),
        _ => false,
    }
}

#[inline(always)]
fn capsule_capsule<const CLOSED: bool>(a: &Capsule, b: &Capsule) -> bool {
    match (core(a), core(b)) {
        (Some((s, r)), Some((t, q))) => segments_near::<CLOSED>(s, t, r + q),
        _ => false,
    }
}

flavours!(
    /// Point inside convex polygon (counter-clockwise in y-up terms).
    overlap_point_poly, touch_point_poly, point_poly(p: Vec2, b: &Poly)
);
flavours!(
    /// Rect against convex polygon (separating axes: the rect's and the polygon's edges).
    overlap_rect_poly, touch_rect_poly, rect_poly(a: Rect, b: &Poly)
);
flavours!(
    /// Oriented box against convex polygon (separating axes).
    overlap_obb_poly, touch_obb_poly, obb_poly(a: Obb, b: &Poly)
);
flavours!(
    /// Convex polygon against convex polygon (separating axes).
    overlap_poly_poly, touch_poly_poly, poly_poly(a: &Poly, b: &Poly)
);
flavours!(
    /// Convex polygon against circle: the centre's distance to the polygon `< r`; `r < 0` is
    /// empty.
    overlap_poly_circle, touch_poly_circle, poly_circle(a: &Poly, b: Circle)
);
flavours!(
    /// Convex polygon against capsule: the core segment's distance to the polygon `< r`.
    overlap_poly_capsule, touch_poly_capsule, poly_capsule(a: &Poly, b: &Capsule)
);
flavours!(
    /// Rect against capsule: the core segment's distance to the rect `< r`.
    overlap_rect_capsule, touch_rect_capsule, rect_capsule(a: Rect, b: &Capsule)
);
flavours!(
    /// Oriented box against capsule: the core segment's distance to the box `< r`.
    overlap_obb_capsule, touch_obb_capsule, obb_capsule(a: Obb, b: &Capsule)
);
flavours!(
    /// Point inside capsule: its distance to the core segment `< r`.
    overlap_point_capsule, touch_point_capsule, point_capsule(p: Vec2, b: &Capsule)
);
flavours!(
    /// Capsule against circle: the centre's distance to the core segment `< r1 + r2`.
    overlap_capsule_circle, touch_capsule_circle, capsule_circle(a: &Capsule, b: Circle)
);
flavours!(
    /// Capsule against capsule: the core segments' distance `< r1 + r2`.
    overlap_capsule_capsule, touch_capsule_capsule, capsule_capsule(a: &Capsule, b: &Capsule)
);

fn segment_nan(s: Segment) -> bool {
    vec_nan(s.a) || vec_nan(s.b)
}

/// Closed segment against closed convex polygon (separating axes: the polygon's edges, the
/// segment's normal and direction).
pub fn intersect_segment_poly(s: Segment, p: &Poly) -> bool {
    match Convex::of_poly(p) {
        Some(c) => !segment_nan(s) && c.meets_segment(s.a.wide(), s.b.wide()),
        None => false,
    }
}

/// Closed segment against closed capsule: the segments' distance `<= r`.
pub fn intersect_segment_capsule(s: Segment, k: &Capsule) -> bool {
    match core(k) {
        Some((t, r)) if !segment_nan(s) => segments_near::<true>(s, t, r),
        _ => false,
    }
}

/// The segment `origin..origin+delta` against the closed convex polygon `p`: hits exactly when
/// [`intersect_segment_poly`] does. `t` is the first point of the segment in the polygon, the
/// normal the outward unit normal of the edge entered (the earlier edge on a vertex); an origin
/// strictly inside hits at `t = 0` with the zero normal. A polygon with an infinite vertex is
/// never hit.
pub fn raycast_poly(origin: Vec2, delta: Vec2, p: &Poly) -> Option<Hit> {
    if unusable(origin) | unusable(delta) {
        return None; // an infinite (or NaN) origin or delta: no hit
    }
    let c = Convex::of_poly(p)?;
    if c.verts()
        .iter()
        .any(|v| !(v.0.is_finite() && v.1.is_finite()))
    {
        return None;
    }
    if !c.meets_segment(origin.wide(), ray_end(origin, delta).b.wide()) {
        return None;
    }
    let (o, d) = (origin.wide(), delta.wide());
    // Per edge the origin is on or outside of: the time the ray crosses its line.
    let mut best: Option<(f64, P)> = None;
    for i in 0..c.len {
        let n = c.n[i];
        let s = dot(n, sub(o, c.v[i]));
        if n == ZERO || s < 0.0 {
            continue;
        }
        let den = dot(n, d);
        let t = if s == 0.0 {
            0.0
        } else if den < 0.0 {
            s / -den
        } else {
            1.0 // only the f32 end point's rounding reaches it
        };
        if best.is_none() || best.is_some_and(|(bt, _)| t > bt) {
            best = Some((t, n));
        }
    }
    Some(match best {
        None => make(0.0, ZERO, origin, delta),
        Some((t, n)) => make(t, direction(n.0, n.1).unwrap_or(ZERO), origin, delta),
    })
}
