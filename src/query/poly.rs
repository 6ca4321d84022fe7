//! Convex polygons and capsules: predicates, closed segment tests and the polygon ray cast.
//!
//! Polygons, rects and oriented boxes are tested by separating axes on unnormalised edge
//! normals: each test is the sign of a dot product of coordinate differences, exact in f64 on the
//! grid domain (rect and box corners included). Capsules and circles compare squared distances
//! to segments with `r²`: the perpendicular case, a ~95-bit product, is compared exactly with
//! [`product_le`]. So every predicate here is exact on the grid domain (oriented boxes at
//! multiples of 90°). A NaN anywhere answers false; a poly that is no shape (a `count` outside
//! `3..=8`, or zero area: [`Poly::vertices`] decides both) answers false.

use super::below;
use super::segment::{intersect_segment_segment, straddles};
use crate::exact::product_le;
use crate::shape::{dot, sub, P, POLY_MAX, ZERO};
use crate::shape::{ordered, Capsule, Circle, Frame, Obb, Poly, Rect, Segment, Vec2};

/// A convex shape in f64: vertices counter-clockwise (y-up) and, per edge `v[i]..v[i+1]`, an
/// outward normal (unnormalised). A zero normal is no axis. Aligned so that no point straddles
/// a cache line (a tenth of a polygon sweep's time when they did).
#[derive(Clone, Copy, Debug)]
#[repr(align(16))]
pub(crate) struct Convex {
    pub(crate) v: [P; POLY_MAX],
    pub(crate) n: [P; POLY_MAX],
    pub(crate) len: usize,
    /// An axis-aligned box of finite corners: `v[0]` is its least corner and `v[2]` its greatest
    /// (see [`Convex::least`]).
    pub(crate) aabb: bool,
}

fn nan(p: P) -> bool {
    p.0.is_nan() || p.1.is_nan()
}

/// No point has a NaN (folded without a branch per point).
fn no_nan(pts: &[P]) -> bool {
    !pts.iter().fold(false, |any, &v| any | nan(v))
}

/// The index after `i` around a polygon of `len` vertices, without a division (which would
/// cost more than the rest of a polygon's set-up).
#[inline(always)]
pub(crate) fn next(i: usize, len: usize) -> usize {
    if i + 1 < len {
        i + 1
    } else {
        0
    }
}

/// The outward normal of the edge `a→b` of a counter-clockwise polygon.
pub(crate) fn outward(a: P, b: P) -> P {
    (b.1 - a.1, a.0 - b.0)
}

impl Convex {
    /// No vertices: a shape to fill in place.
    pub(crate) const EMPTY: Convex = Convex {
        v: [ZERO; POLY_MAX],
        n: [ZERO; POLY_MAX],
        len: 0,
        aabb: false,
    };

    /// A poly's vertices; `None` for a poly that is no shape (a count outside `3..=8` or zero
    /// area, as [`Poly::vertices`] decides) or a NaN vertex.
    pub(crate) fn of_poly(p: &Poly) -> Option<Convex> {
        let mut c = Convex::EMPTY;
        c.set_poly(p).then_some(c)
    }

    /// [`Convex::of_poly`] in place, where a copy of the arrays matters: whether the poly has a
    /// shape (when not, `self` holds some other shape).
    #[inline(never)]
    pub(crate) fn set_poly(&mut self, p: &Poly) -> bool {
        p.vertices().is_some() && self.set_slots(p)
    }

    /// [`Convex::set_poly`] without its test of area, for a predicate that asks it only of a
    /// pair that meets: the vertices a poly's `count` puts in use ([`Poly::slots`]); false for
    /// another count or a NaN vertex (`self` then holds some other shape).
    #[inline(never)]
    pub(crate) fn set_slots(&mut self, p: &Poly) -> bool {
        let Some((len, ok)) = widen_slots(&mut self.v, p) else {
            return false;
        };
        (self.len, self.aabb) = (len, false);
        self.set_normals();
        ok
    }

    /// A box from its corners, counter-clockwise. A side of zero length still gets its axis
    /// (from the neighbouring side), so a flat box is tested as a segment, on both of its axes.
    pub(crate) fn of_box(corners: [P; 4]) -> Option<Convex> {
        let mut c = Convex::EMPTY;
        c.fill_box(corners);
        no_nan(&corners).then_some(c)
    }

    /// The corners of a box, counter-clockwise, and its edge normals.
    #[inline(always)]
    fn fill_box(&mut self, corners: [P; 4]) {
        self.len = 4;
        for i in 0..4 {
            let (a, b, prev) = (corners[i], corners[(i + 1) % 4], corners[(i + 3) % 4]);
            let n = outward(a, b);
            self.v[i] = a;
            self.n[i] = if n == ZERO { sub(a, prev) } else { n };
        }
    }

    /// A rect (negative sizes span the other way).
    pub(crate) fn of_rect(r: Rect) -> Option<Convex> {
        let mut c = Convex::EMPTY;
        c.set_rect(r).then_some(c)
    }

    /// [`Convex::of_rect`] in place: whether the rect has no NaN. Its corners are all finite
    /// exactly when `self.aabb` is set after.
    #[inline(always)]
    pub(crate) fn set_rect(&mut self, r: Rect) -> bool {
        let corners = r.aabb().corners();
        self.fill_box(corners);
        self.aabb = corners
            .iter()
            .fold(true, |all, p| all & p.0.is_finite() & p.1.is_finite());
        // Finite corners have no NaN: the usual rect needs no second look.
        self.aabb || no_nan(&corners)
    }

    /// An oriented box (exact corners at multiples of 90°).
    pub(crate) fn of_obb(o: Obb) -> Option<Convex> {
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

    /// The normals of the edges from the vertices (at least one), in one straight pass over every
    /// slot (those past `len` are never read), the closing edge's last.
    fn set_normals(&mut self) {
        for i in 0..POLY_MAX - 1 {
            self.n[i] = outward(self.v[i], self.v[i + 1]);
        }
        self.n[self.len - 1] = outward(self.v[self.len - 1], self.v[0]);
    }

    /// A convex shape from 1 to 8 points in f64, in place: a point, a segment (its two sides as
    /// edges) or a convex polygon counter-clockwise. False for another count or a NaN (`self`
    /// then holds some other shape). For the sweeps' cores.
    pub(crate) fn set_points(&mut self, pts: &[P]) -> bool {
        if !(1..=POLY_MAX).contains(&pts.len()) {
            return false;
        }
        self.fill(pts);
        no_nan(pts)
    }

    /// A convex polygon from 3 to 8 f64 vertices, counter-clockwise (y-up); `None` for another
    /// count. The vertices are taken as given (no hull is built).
    pub(crate) fn of_ccw(vs: &[P]) -> Option<Convex> {
        let mut c = Convex::EMPTY;
        (3..=POLY_MAX).contains(&vs.len()).then(|| {
            c.fill(vs);
            c
        })
    }

    /// The shape of `pts` (at most `POLY_MAX`) with its edges' normals.
    fn fill(&mut self, pts: &[P]) {
        self.len = pts.len();
        self.aabb = false;
        self.v[..pts.len()].copy_from_slice(pts);
        self.set_normals();
    }

    /// `min_w n·(w - o)` over the vertices `w`, each term rounded as [`least_of`] rounds it. For a
    /// box, its corner least along `n` ([`box_corner`]) gives the same value.
    #[inline(always)]
    pub(crate) fn least(&self, n: P, o: P) -> f64 {
        if self.aabb {
            dot(n, sub(box_corner(n, self.v[0], self.v[2]), o))
        } else {
            least_of(n, o, self.verts())
        }
    }

    /// The outward (unnormalised) normal of edge `i`, from vertex `i` to vertex `i + 1`.
    pub(crate) fn normal(&self, i: usize) -> P {
        self.n[i]
    }

    /// The edges as `(start, end)` pairs.
    pub(crate) fn edges(&self) -> impl Iterator<Item = (P, P)> + '_ {
        (0..self.len).map(move |i| (self.v[i], self.v[next(i, self.len)]))
    }

    /// Whether one of the edge axes has every point of `pts` beyond the edge: on or beyond it
    /// for the strict flavour (touching is apart), strictly beyond for the closed one.
    fn separates<const CLOSED: bool>(&self, pts: &[P]) -> bool {
        (0..self.len).any(|i| beyond_edge::<CLOSED>(self.n[i], self.v[i], pts))
    }

    /// Whether no edge axis of either shape separates them: they overlap strictly (the strict
    /// flavour) or share a point (the closed one).
    fn meets<const CLOSED: bool>(&self, o: &Convex) -> bool {
        !self.separates::<CLOSED>(o.verts()) && !o.separates::<CLOSED>(self.verts())
    }

    /// The shapes overlap strictly, as `overlap_rect_poly` and its kin decide from the shapes
    /// they build.
    pub(crate) fn overlaps(&self, o: &Convex) -> bool {
        self.meets::<false>(o)
    }

    /// The closed segment `a..b` shares a point with the closed shape: no axis of the shape, nor
    /// the segment's normal or direction, nor x or y (for a shape flat to a point) separates them.
    pub(crate) fn meets_segment(&self, a: P, b: P) -> bool {
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

/// Whether the edge of outward normal `n` through `v` has every point of `pts` beyond it (as
/// [`beyond`] says); a zero normal is no axis.
#[inline(always)]
fn beyond_edge<const CLOSED: bool>(n: P, v: P, pts: &[P]) -> bool {
    n != ZERO && pts.iter().all(|&w| beyond::<CLOSED>(dot(n, sub(w, v))))
}

/// Whether an edge of the counter-clockwise polygon `vs` has every point of `pts` beyond it:
/// [`Convex::separates`] with each normal made as its edge is reached, the same value bit for
/// bit, so that a test that ends at an early axis never makes the others.
#[inline(never)]
fn edges_separate<const CLOSED: bool>(vs: &[P], pts: &[P]) -> bool {
    let mut prev = vs[vs.len() - 1];
    // The closing edge first: the order of the axes changes no answer.
    vs.iter().any(|&v| {
        let (a, n) = (prev, outward(prev, v));
        prev = v;
        beyond_edge::<CLOSED>(n, a, pts)
    })
}

/// Whether a poly whose count is in use has area ([`Poly::vertices`]): the test a predicate
/// defers to a pair that meets, out of line, as it is the rarer path.
#[inline(never)]
fn has_area(p: &Poly) -> bool {
    p.vertices().is_some()
}

/// A poly's vertices in f64 into `v`, every slot in one straight pass (those past the count in
/// use are never read), the NaN test folded without a branch per vertex: the count in use
/// ([`Poly::slots`]; `None` for a count outside `3..=8`) and whether none in use is NaN.
#[inline(always)]
fn widen_slots(v: &mut [P; POLY_MAX], p: &Poly) -> Option<(usize, bool)> {
    let len = p.slots()?.len();
    let mut ok = true;
    for (i, (slot, w)) in v.iter_mut().zip(&p.verts).enumerate() {
        *slot = w.wide();
        ok &= (i >= len) | !(w.x.is_nan() | w.y.is_nan());
    }
    Some((len, ok))
}

/// `min_w n·(w - o)` over the points, each `n·(w - o)` rounded in f64 (NaN terms are passed
/// over).
#[inline(always)]
pub(crate) fn least_of(n: P, o: P, pts: &[P]) -> f64 {
    let mut m = f64::INFINITY;
    for &w in pts {
        let s = dot(n, sub(w, o));
        m = if s < m { s } else { m };
    }
    m
}

/// The corner of the finite box `lo..hi` least along `n`: the point `w` of the box's corners
/// with the least rounded `n·(w - o)`, for any finite `o`, and so also of any finite points
/// whose bounds the box is when `n` is axis-aligned. Every step of `n·(w - o)` in f64 rounds
/// monotonically, so the corner whose x term is least and whose y term is least has the least
/// rounded sum: the value equals [`least_of`]'s, not just its real counterpart.
#[inline(always)]
pub(crate) fn box_corner(n: P, lo: P, hi: P) -> P {
    let x = if n.0 < 0.0 { hi.0 } else { lo.0 };
    let y = if n.1 < 0.0 { hi.1 } else { lo.1 };
    (x, y)
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

/// The relative slack of the quick answers: far above their rounding errors (a few dozen units
/// of 2^-24 of the squared magnitudes), far below the gaps they decide.
const SLACK: f32 = 1.0 / (1 << 12) as f32;

/// A quick answer to "are the closed segments `p..q` and `a..b` within `r` (`r >= 0`)", in f32
/// with its rounding bounded: `Some(true)` when the points of each at the clamped
/// closest-point parameters are nearer than `r` by more than the rounding (any two points
/// bound the distance from above, so both flavours hold); `Some(false)` when the direction
/// between those points separates the segments by more than `r` (any direction bounds it from
/// below); `None` near the boundary, for a NaN, an infinity or magnitudes beyond f32's range,
/// where the exact test decides (every coordinate enters the slack, which is then NaN or
/// infinite, so no certificate holds). Every coordinate is an f32 value, so each difference is
/// rounded once. A negative `r` is the caller's to refuse (see [`settled`]).
#[inline(always)]
fn quick_segments(p: Vec2, q: Vec2, a: Vec2, b: Vec2, r: f32) -> Option<bool> {
    let (d1, d2, w) = (p32(q, p), p32(b, a), p32(p, a));
    let (aa, e, f) = (dot32(d1, d1), dot32(d2, d2), dot32(d2, w));
    let (bb, c) = (dot32(d1, d2), dot32(d1, w));
    // The three divisions at once, rather than one after another. Any parameters in 0..=1
    // give valid certificates; their accuracy only decides how often one holds.
    let tiny = f32::MIN_POSITIVE;
    let (per_d, per_e, per_a) = (
        1.0 / (aa * e - bb * bb).max(tiny),
        1.0 / e.max(tiny),
        1.0 / aa.max(tiny),
    );
    let s = ((bb * f - c * e) * per_d).clamp(0.0, 1.0);
    let t = ((bb * s + f) * per_e).clamp(0.0, 1.0);
    let s = ((bb * t - c) * per_a).clamp(0.0, 1.0);
    // From the point of `a..b` to the point of `p..q`; along it `p..q` lies above `a..b`: its
    // lowest point is `p` or `q = p + d1`, the highest of `a..b` is `a` or `b = a + d2`.
    let g = (w.0 + d1.0 * s - d2.0 * t, w.1 + d1.1 * s - d2.1 * t);
    let (d1g, d2g) = (dot32(d1, g), dot32(d2, g));
    let gap = dot32(w, g) + if d1g < 0.0 { d1g } else { 0.0 } - if d2g > 0.0 { d2g } else { 0.0 };
    decide(g, gap, aa + e + dot32(w, w), r)
}

/// [`quick_segments`] for the point `p`. Here the clamped parameter is the nearest point's up
/// to rounding, which adds at most `|b - a|²·δt²` to the squared distance (`δt` a few units of
/// 2^-24 of `|p - a| / |b - a|`, or the whole parameter when `|b - a|²` is below the normal
/// range, then bounded by it), far below the slack: the distance itself certifies "apart".
#[inline(always)]
fn quick_point(p: Vec2, a: Vec2, b: Vec2, r: f32) -> Option<bool> {
    let (d, w) = (p32(b, a), p32(p, a));
    let e = dot32(d, d);
    let t = (dot32(d, w) / e.max(f32::MIN_POSITIVE)).clamp(0.0, 1.0);
    let g = (w.0 - d.0 * t, w.1 - d.1 * t);
    let (r2, big) = slack(e + dot32(w, w), r);
    // The squared distance against `r²`: one comparison of their difference with the slack
    // decides whether either certificate holds.
    let diff = dot32(g, g) - r2;
    (diff.abs() > big).then_some(diff < 0.0)
}

fn p32(u: Vec2, v: Vec2) -> (f32, f32) {
    (u.x - v.x, u.y - v.y)
}

fn dot32(u: (f32, f32), v: (f32, f32)) -> f32 {
    u.0 * v.0 + u.1 * v.1
}

/// `r²` in f32 (`r` itself maybe rounded once, as a sum of radii) and the slack for the quick
/// answers: `sq`, the sum of the squared differences, with `r²` bounds every product (each is
/// at most `4·(sq + r²)`), hence the rounding; plus `f32::MIN_POSITIVE` for the rounding of
/// results below the normal range.
#[inline(always)]
fn slack(sq: f32, r: f32) -> (f32, f32) {
    let r2 = r * r;
    (r2, (sq + r2) * SLACK + f32::MIN_POSITIVE)
}

/// The certificates from the vector `g` between the chosen points and the `gap` between the
/// segments along it (scaled by `|g|`).
#[inline(always)]
fn decide(g: (f32, f32), gap: f32, sq: f32, r: f32) -> Option<bool> {
    let ((r2, big), dd) = (slack(sq, r), dot32(g, g));
    let apart = (gap > 0.0) & (gap * gap > dd * (r2 + big) + f32::MIN_POSITIVE);
    answer(dd + big < r2, apart)
}

/// `Some(near)` when one certificate holds (they never both do), else `None`.
#[inline(always)]
fn answer(near: bool, apart: bool) -> Option<bool> {
    // One branch, nearly always taken, rather than one per answer.
    match near as u8 | (apart as u8) << 1 {
        0 => None,
        code => Some(code == 1),
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

/// Both radii non-negative (a NaN fails, or leaves the quick answer undecided): one comparison,
/// of the lesser.
#[inline(always)]
fn radii_ok(r1: f32, r2: f32) -> bool {
    (if r1 < r2 { r1 } else { r2 }) >= 0.0
}

/// A capsule predicate: the quick answer when it decides (an empty shape, `radii_ok` false,
/// is apart even then), else `exact`, kept out of line so the common path stays short.
#[inline(always)]
fn settled(quick: Option<bool>, radii_ok: bool, exact: impl FnOnce() -> bool) -> bool {
    match quick {
        Some(near) => near & radii_ok,
        None => exact(),
    }
}

/// Two closed segments within distance `r` (`r >= 0`), exactly: zero when they meet, else the
/// nearest end point to the other segment.
fn segments_near_exact<const CLOSED: bool>(s: Segment, t: Segment, r: f64) -> bool {
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
pub(crate) fn core(k: &Capsule) -> Option<(Segment, f64)> {
    let r = k.r as f64;
    (r >= 0.0 && !vec_nan(k.a) && !vec_nan(k.b)).then_some((Segment::new(k.a, k.b), r))
}

/// A capsule against a convex shape: the core segment's distance to the shape below `r`.
fn convex_capsule<const CLOSED: bool>(s: Option<&Convex>, k: &Capsule) -> bool {
    let (Some(s), Some((seg, r))) = (s, core(k)) else {
        return false;
    };
    convex_near::<CLOSED>(s, seg.a.wide(), seg.b.wide(), r)
}

/// The closed segment `a..b` within `r` (`r >= 0`) of a convex shape: zero when they meet,
/// else a vertex of one nearest to the other's boundary. A point (`a == b`, a circle's centre)
/// is tested against each edge once.
fn convex_near<const CLOSED: bool>(s: &Convex, a: P, b: P, r: f64) -> bool {
    if s.meets_segment(a, b) {
        return below::<CLOSED>(0.0, r * r);
    }
    let ends: &[P] = if a == b { &[a] } else { &[a, b] };
    s.edges()
        .any(|(p, q)| ends.iter().any(|&e| near::<CLOSED>(e, p, q, r)))
        || s.verts().iter().any(|&w| near::<CLOSED>(w, a, b, r))
}

/// A predicate `meets` of a polygon, made on its vertices in use ([`Convex::set_slots`]), with
/// the test that it has a shape (some area) asked only when `meets` holds: a poly that is no
/// shape answers false, as a pair apart does.
#[inline(always)]
fn poly_meets(p: &Poly, meets: impl FnOnce(&Convex) -> bool) -> bool {
    let mut s = Convex::EMPTY;
    s.set_slots(p) && meets(&s) && has_area(p)
}

/// A point against a polygon by its edge axes, each normal made as the test reaches it (as
/// [`poly_poly`] does), the polygon's area asked only of a point that meets it.
#[inline]
fn point_poly<const CLOSED: bool>(p: Vec2, b: &Poly) -> bool {
    let mut bv = [ZERO; POLY_MAX];
    let Some((n, ok)) = widen_slots(&mut bv, b) else {
        return false;
    };
    !vec_nan(p) && ok && !edges_separate::<CLOSED>(&bv[..n], &[p.wide()]) && has_area(b)
}

#[inline(always)]
fn rect_poly<const CLOSED: bool>(a: Rect, b: &Poly) -> bool {
    convex_poly::<CLOSED>(Convex::of_rect(a), b)
}

#[inline(always)]
fn obb_poly<const CLOSED: bool>(a: Obb, b: &Poly) -> bool {
    convex_poly::<CLOSED>(Convex::of_obb(a), b)
}

/// A shape against a polygon, as [`Convex::meets`] decides them with the polygon built whole,
/// but with the polygon's edge normals made as the test reaches them and its shape checked
/// only for a pair that meets (see [`poly_poly`]).
#[inline(never)]
fn convex_poly<const CLOSED: bool>(s: Option<Convex>, p: &Poly) -> bool {
    let mut pv = [ZERO; POLY_MAX];
    let (Some(s), Some((n, ok))) = (s, widen_slots(&mut pv, p)) else {
        return false;
    };
    let pv = &pv[..n];
    !s.separates::<CLOSED>(pv) && !edges_separate::<CLOSED>(pv, s.verts()) && ok && has_area(p)
}

/// Two polygons by their edge axes, as [`Convex::meets`] decides them, without building either
/// shape's normals up front. A poly that is no shape (a NaN vertex, or no area) answers false;
/// only a pair that meets is asked, as no other answer depends on it.
// measured: callgrind, 1,000 octagon pairs through `c2d_overlap_poly_poly`: 1168 -> 695
// instructions a call. Before: both shapes built whole as `Convex`, with every normal, then
// tested.
//
// Out of line, as `edges_separate`, `convex_poly`, `set_slots` and `has_area` are: inlined into
// both flavours of every polygon predicate and into each sweep, contact and distance that
// calls them, these helpers grew the library by 44 KB; out of line it is no larger than with
// the shapes built whole.
#[inline(never)]
fn poly_poly<const CLOSED: bool>(a: &Poly, b: &Poly) -> bool {
    let (mut av, mut bv) = ([ZERO; POLY_MAX], [ZERO; POLY_MAX]);
    let (Some((an, a_ok)), Some((bn, b_ok))) = (widen_slots(&mut av, a), widen_slots(&mut bv, b))
    else {
        return false;
    };
    let (av, bv) = (&av[..an], &bv[..bn]);
    !edges_separate::<CLOSED>(av, bv)
        && !edges_separate::<CLOSED>(bv, av)
        && a_ok
        && b_ok
        && has_area(a)
        && has_area(b)
}

#[inline(always)]
fn poly_circle<const CLOSED: bool>(a: &Poly, b: Circle) -> bool {
    let (c, r) = ((b.x as f64, b.y as f64), b.r as f64);
    poly_meets(a, |s| {
        r >= 0.0 && !nan(c) && convex_near::<CLOSED>(s, c, c, r)
    })
}

#[inline(always)]
fn poly_capsule<const CLOSED: bool>(a: &Poly, b: &Capsule) -> bool {
    poly_meets(a, |s| convex_capsule::<CLOSED>(Some(s), b))
}

#[inline(always)]
fn rect_capsule<const CLOSED: bool>(a: Rect, b: &Capsule) -> bool {
    convex_capsule::<CLOSED>(Convex::of_rect(a).as_ref(), b)
}

#[inline(always)]
fn obb_capsule<const CLOSED: bool>(a: Obb, b: &Capsule) -> bool {
    convex_capsule::<CLOSED>(Convex::of_obb(a).as_ref(), b)
}

#[inline(always)]
fn point_capsule<const CLOSED: bool>(p: Vec2, b: &Capsule) -> bool {
    let quick = quick_point(p, b.a, b.b, b.r);
    settled(quick, b.r >= 0.0, || point_capsule_exact::<CLOSED>(p, b))
}

#[cold]
#[inline(never)]
fn point_capsule_exact<const CLOSED: bool>(p: Vec2, b: &Capsule) -> bool {
    match core(b) {
        Some((s, r)) if !vec_nan(p) => near::<CLOSED>(p.wide(), s.a.wide(), s.b.wide(), r),
        _ => false,
    }
}

#[inline(always)]
fn capsule_circle<const CLOSED: bool>(a: &Capsule, b: Circle) -> bool {
    let quick = quick_point(Vec2::new(b.x, b.y), a.a, a.b, a.r + b.r);
    settled(quick, radii_ok(a.r, b.r), || {
        capsule_circle_exact::<CLOSED>(a, b)
    })
}

#[cold]
#[inline(never)]
fn capsule_circle_exact<const CLOSED: bool>(a: &Capsule, b: Circle) -> bool {
    let (cr, c) = (b.r as f64, (b.x as f64, b.y as f64));
    match core(a) {
        Some((s, r)) if cr >= 0.0 && !nan(c) => near::<CLOSED>(c, s.a.wide(), s.b.wide(), r + cr),
        _ => false,
    }
}

#[inline(always)]
fn capsule_capsule<const CLOSED: bool>(a: &Capsule, b: &Capsule) -> bool {
    let quick = quick_segments(a.a, a.b, b.a, b.b, a.r + b.r);
    settled(quick, radii_ok(a.r, b.r), || {
        capsule_capsule_exact::<CLOSED>(a, b)
    })
}

#[cold]
#[inline(never)]
fn capsule_capsule_exact<const CLOSED: bool>(a: &Capsule, b: &Capsule) -> bool {
    match (core(a), core(b)) {
        (Some((s, r)), Some((t, q))) => segments_near_exact::<CLOSED>(s, t, r + q),
        _ => false,
    }
}

/// Point inside convex polygon (counter-clockwise in y-up terms).
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_point_poly(p: Vec2, b: &Poly) -> bool {
    point_poly::<false>(p, b)
}

/// Point inside convex polygon (counter-clockwise in y-up terms).
/// Closed: touching counts.
#[inline]
pub fn touch_point_poly(p: Vec2, b: &Poly) -> bool {
    point_poly::<true>(p, b)
}

/// Rect against convex polygon (separating axes: the rect's and the polygon's edges).
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_rect_poly(a: Rect, b: &Poly) -> bool {
    rect_poly::<false>(a, b)
}

/// Rect against convex polygon (separating axes: the rect's and the polygon's edges).
/// Closed: touching counts.
#[inline]
pub fn touch_rect_poly(a: Rect, b: &Poly) -> bool {
    rect_poly::<true>(a, b)
}

/// Oriented box against convex polygon (separating axes).
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_obb_poly(a: Obb, b: &Poly) -> bool {
    obb_poly::<false>(a, b)
}

/// Oriented box against convex polygon (separating axes).
/// Closed: touching counts.
#[inline]
pub fn touch_obb_poly(a: Obb, b: &Poly) -> bool {
    obb_poly::<true>(a, b)
}

/// Convex polygon against convex polygon (separating axes).
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_poly_poly(a: &Poly, b: &Poly) -> bool {
    poly_poly::<false>(a, b)
}

/// Convex polygon against convex polygon (separating axes).
/// Closed: touching counts.
#[inline]
pub fn touch_poly_poly(a: &Poly, b: &Poly) -> bool {
    poly_poly::<true>(a, b)
}

/// Convex polygon against circle: the centre's distance to the polygon `< r`; `r < 0` is
/// empty.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_poly_circle(a: &Poly, b: Circle) -> bool {
    poly_circle::<false>(a, b)
}

/// Convex polygon against circle: the centre's distance to the polygon `< r`; `r < 0` is
/// empty.
/// Closed: touching counts.
#[inline]
pub fn touch_poly_circle(a: &Poly, b: Circle) -> bool {
    poly_circle::<true>(a, b)
}

/// Convex polygon against capsule: the core segment's distance to the polygon `< r`.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_poly_capsule(a: &Poly, b: &Capsule) -> bool {
    poly_capsule::<false>(a, b)
}

/// Convex polygon against capsule: the core segment's distance to the polygon `< r`.
/// Closed: touching counts.
#[inline]
pub fn touch_poly_capsule(a: &Poly, b: &Capsule) -> bool {
    poly_capsule::<true>(a, b)
}

/// Rect against capsule: the core segment's distance to the rect `< r`.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_rect_capsule(a: Rect, b: &Capsule) -> bool {
    rect_capsule::<false>(a, b)
}

/// Rect against capsule: the core segment's distance to the rect `< r`.
/// Closed: touching counts.
#[inline]
pub fn touch_rect_capsule(a: Rect, b: &Capsule) -> bool {
    rect_capsule::<true>(a, b)
}

/// Oriented box against capsule: the core segment's distance to the box `< r`.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_obb_capsule(a: Obb, b: &Capsule) -> bool {
    obb_capsule::<false>(a, b)
}

/// Oriented box against capsule: the core segment's distance to the box `< r`.
/// Closed: touching counts.
#[inline]
pub fn touch_obb_capsule(a: Obb, b: &Capsule) -> bool {
    obb_capsule::<true>(a, b)
}

/// Point inside capsule: its distance to the core segment `< r`.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_point_capsule(p: Vec2, b: &Capsule) -> bool {
    point_capsule::<false>(p, b)
}

/// Point inside capsule: its distance to the core segment `< r`.
/// Closed: touching counts.
#[inline]
pub fn touch_point_capsule(p: Vec2, b: &Capsule) -> bool {
    point_capsule::<true>(p, b)
}

/// Capsule against circle: the centre's distance to the core segment `< r1 + r2`.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_capsule_circle(a: &Capsule, b: Circle) -> bool {
    capsule_circle::<false>(a, b)
}

/// Capsule against circle: the centre's distance to the core segment `< r1 + r2`.
/// Closed: touching counts.
#[inline]
pub fn touch_capsule_circle(a: &Capsule, b: Circle) -> bool {
    capsule_circle::<true>(a, b)
}

/// Capsule against capsule: the core segments' distance `< r1 + r2`.
/// Strict: touching is not overlapping.
#[inline]
pub fn overlap_capsule_capsule(a: &Capsule, b: &Capsule) -> bool {
    capsule_capsule::<false>(a, b)
}

/// Capsule against capsule: the core segments' distance `< r1 + r2`.
/// Closed: touching counts.
#[inline]
pub fn touch_capsule_capsule(a: &Capsule, b: &Capsule) -> bool {
    capsule_capsule::<true>(a, b)
}

fn segment_nan(s: Segment) -> bool {
    vec_nan(s.a) || vec_nan(s.b)
}

/// Closed segment against closed convex polygon (separating axes: the polygon's edges, the
/// segment's normal and direction).
pub fn intersect_segment_poly(s: Segment, p: &Poly) -> bool {
    let (a, b) = (s.a.wide(), s.b.wide());
    match p.slots() {
        Some(vs) if !segment_nan(s) => {
            quick_segment_poly(a, b, vs).unwrap_or_else(|| exact_segment_poly(a, b, p))
        }
        _ => false,
    }
}

/// Closed segment against closed capsule: the segments' distance `<= r`.
pub fn intersect_segment_capsule(s: Segment, k: &Capsule) -> bool {
    match core(k) {
        Some((t, r)) if !segment_nan(s) => quick_segments(s.a, s.b, t.a, t.b, k.r)
            .unwrap_or_else(|| segments_near_exact::<true>(s, t, r)),
        _ => false,
    }
}

/// Whether the closed segment `a..b` (NaN-free) shares a point with the closed polygon `p`, by
/// the separating axes of its f64 shape: where [`quick_segment_poly`] is unsure.
#[inline(never)]
pub(crate) fn exact_segment_poly(a: P, b: P, p: &Poly) -> bool {
    Convex::of_poly(p).is_some_and(|c| c.meets_segment(a, b))
}

/// Whether the closed segment `a..b` meets the closed convex polygon of vertices `vs` (a
/// polygon's slots in use, [`Poly::slots`]), in one pass over its edges in f64 (the parametric
/// clip of the segment by each edge's half-plane, as a plain ray cast does it), or `None`
/// unless rounding is far from changing the answer: an end near an edge's line (on it in
/// particular), the segment's way in near its way out (a pass through a vertex), anything not
/// finite.
///
/// Each side `s = n·(w - v)` of an end `w` against the edge from `v` with normal `n` rounds by at
/// most 4 units (the differences, when inexact, the products and their sum) of
/// `m = |n.x (w.x - v.x)| + |n.y (w.y - v.y)|`, 2^-51 m. Past [`NEAR`] m, its relative error is
/// at most 2^-21 and its sign sure. The edge then cuts the segment at `u = s_a / (s_a - s_b)`
/// (`s_a` and `s_b` of opposite signs, so the denominator is a sum of magnitudes), within a
/// relative 2^-20 of the true cut, so within 2^-20 as `u <= 1`. The latest way in and the
/// earliest way out are kept as fractions, compared by cross products (their rounding a few
/// units more) and divided out at the end; further apart than [`MARGIN`], the answer is sure.
///
/// A polygon of no area is never sure to be hit: its edges' half-planes meet in at most a line,
/// which a segment crosses at one point (way in = way out) or runs along (on the edges' lines).
#[inline(always)]
pub(crate) fn quick_segment_poly(a: P, b: P, vs: &[Vec2]) -> Option<bool> {
    quick_segment_poly_with(a, b, vs, |_, _| {})
}

/// [`quick_segment_poly`], showing `edge` each edge's outward normal `n` and `n·(a - v)` (`v`
/// the edge's first vertex) as it goes: every edge, in order, where the answer is `Some(true)`.
#[inline(always)]
pub(crate) fn quick_segment_poly_with(
    a: P,
    b: P,
    vs: &[Vec2],
    mut edge: impl FnMut(P, f64),
) -> Option<bool> {
    // `p / q` (`q > 0`) before `r / s`, by cross products.
    let before = |(p, q): P, (r, s): P| p * s < r * q;
    // The part of the segment inside every edge's half-plane so far, as fractions: the latest
    // way in and the earliest way out.
    let (mut enter, mut leave, mut unsure) = ((0.0, 1.0), (1.0, 1.0), false);
    // Each vertex is widened once, as the end of one edge and then the start of the next.
    let len = vs.len();
    let mut v = vs.first().map_or(ZERO, |v| v.wide());
    for k in 1..=len {
        let w = vs[if k < len { k } else { 0 }].wide();
        let n = outward(v, w);
        let ((sa, sure_a), (sb, sure_b)) = (sure_dot(n, sub(a, v)), sure_dot(n, sub(b, v)));
        edge(n, sa);
        unsure |= !(sure_a & sure_b);
        if sa > 0.0 && sb > 0.0 && sure_a && sure_b {
            return Some(false); // both ends outside one edge (or no shape: no hit)
        }
        // Where the edge cuts the segment, `u = s_a / (s_a - s_b)` with a positive denominator
        // either way (read only where exactly one end is outside).
        let cut = if sa > 0.0 {
            (sa, sa - sb)
        } else {
            (-sa, sb - sa)
        };
        enter = if sa > 0.0 && before(enter, cut) {
            cut
        } else {
            enter
        };
        leave = if sb > 0.0 && before(cut, leave) {
            cut
        } else {
            leave
        };
        v = w;
    }
    let (lo, hi) = (enter.0 / enter.1, leave.0 / leave.1);
    if unsure {
        None
    } else if lo + MARGIN < hi {
        Some(true)
    } else if lo > hi + MARGIN {
        Some(false)
    } else {
        None
    }
}

/// How near to 0, relative to the sum of its terms' magnitudes, a dot product in f64 may be
/// for its sign to be taken as sure by the quick pass: 2^-30, where its rounding is 2^-51.
const NEAR: f64 = 1.0 / (1u64 << 30) as f64;

/// How far apart two of the quick pass's fractions (each within 2^-20 of its true value, at
/// most about 1) must be to be ordered surely: 2^-18.
const MARGIN: f64 = 1.0 / (1 << 18) as f64;

/// `n·w` in f64 and whether its sign is sure: past [`NEAR`] times its terms' magnitudes (false
/// for NaN and infinities).
#[inline(always)]
fn sure_dot(n: P, w: P) -> (f64, bool) {
    let (x, y) = (n.0 * w.0, n.1 * w.1);
    let s = x + y;
    (s, s.abs() > NEAR * (x.abs() + y.abs()))
}

#[cfg(test)]
mod tests {
    use super::super::raycast::{exact_raycast_poly, raycast_poly};
    use super::*;
    use crate::testing::{for_cases, Rng};

    /// How case `k` puts its coordinates: on the grid, in decimal level data (one decimal
    /// place), or scaled by any power of two.
    fn game_numbers(k: i32, x: &mut Rng) -> impl Fn(f32) -> f32 {
        let scale = if k % 3 == 2 {
            x.spread(10, 20).abs()
        } else {
            1.0
        };
        move |v: f32| match k % 3 {
            0 => v.round(),
            1 => (v * 10.0).round() / 10.0,
            _ => v * scale,
        }
    }

    #[test]
    fn quick_capsule_answers_agree_with_the_exact_tests_near_the_boundary() {
        let (mut quick, mut total) = (0, 0);
        for_cases(0x2545_f491_4f6c_dd1d, 400_000, 100, |k, x| {
            // Shapes about a shared place, of sizes from tiny to large against their offsets.
            let base = Vec2::new(x.spread(0, 20), x.spread(0, 20));
            let size = x.spread(10, 10).abs();
            let mut pt = || {
                Vec2::new(
                    base.x + size * x.spread(6, 2),
                    base.y + size * x.spread(6, 2),
                )
            };
            let (p, q, a, b) = (pt(), pt(), pt(), pt());
            // A radius at the segments' distance, off by a relative 2^-k for k up to 40.
            let d = {
                let (s, t) = (Segment::new(p, q), Segment::new(a, b));
                let mut lo = 0.0f64;
                let mut hi = 4.0 * (size as f64 + 1.0) * 16.0;
                for _ in 0..80 {
                    let mid = 0.5 * (lo + hi);
                    if segments_near_exact::<true>(s, t, mid) {
                        hi = mid;
                    } else {
                        lo = mid;
                    }
                }
                hi
            };
            let off = 2f64.powi(-(k % 41));
            let r = d * (1.0 + if k % 2 == 0 { off } else { -off });
            let (s, t) = (Segment::new(p, q), Segment::new(a, b));
            let want = (
                segments_near_exact::<false>(s, t, r),
                segments_near_exact::<true>(s, t, r),
            );
            if let Some(got) = quick_segments(p, q, a, b, r as f32) {
                assert_eq!((got, got), want, "{p:?} {q:?} {a:?} {b:?} r = {r}");
                quick += 1;
            }
            let c = pt();
            let point = (
                near::<false>(c.wide(), a.wide(), b.wide(), r),
                near::<true>(c.wide(), a.wide(), b.wide(), r),
            );
            if let Some(got) = quick_point(c, a, b, r as f32) {
                assert_eq!((got, got), point, "{c:?} {a:?} {b:?} r = {r}");
            }
            total += 1;
        });
        // Radii off by more than about 2^-11 are decided quickly (a quarter of the cases);
        // nearer ones fall to the exact tests.
        assert!(quick * 4 > total, "{quick} of {total}");
    }

    #[test]
    fn quick_segment_answers_agree_with_the_separating_axes() {
        // Decided by the quick pass, and in all: `[free segments, the rest]`.
        let (mut quick, mut total) = ([0; 2], [0; 2]);
        for_cases(0x5851_f42d_4c95_7f2d, 300_000, 100, |k, x| {
            // A polygon on the grid, in decimal level data (one decimal place), or of any scale.
            let round = game_numbers(k, x);
            let base = (x.spread(0, 12), x.spread(0, 12));
            let mut pt = |r: f32| {
                Vec2::new(
                    round(base.0 + r * x.spread(4, 3)),
                    round(base.1 + r * x.spread(4, 3)),
                )
            };
            let pts: Vec<Vec2> = (0..3 + k as usize % 6).map(|_| pt(8.0)).collect();
            let (mut a, mut b) = (pt(40.0), pt(40.0));
            let Ok(poly) = Poly::hull(&pts) else {
                return;
            };
            let Some(vs) = poly.vertices() else {
                return;
            };
            // A free segment, or one with an end on a vertex, on an edge, or through a vertex.
            let pick = vs[x.below(vs.len() as u64) as usize];
            match k % 4 {
                1 => a = pick,
                2 => {
                    let next = vs[(vs.iter().position(|&v| v == pick).unwrap() + 1) % vs.len()];
                    a = Vec2::new(
                        pick.x + (next.x - pick.x) * 0.5,
                        pick.y + (next.y - pick.y) * 0.5,
                    );
                }
                3 => b = Vec2::new(pick.x * 2.0 - a.x, pick.y * 2.0 - a.y),
                _ => {}
            }
            let want = exact_segment_poly(a.wide(), b.wide(), &poly);
            let kind = usize::from(k % 4 != 0); // 0: free, 1: on the boundary or a vertex
            if let Some(got) = quick_segment_poly(a.wide(), b.wide(), vs) {
                assert_eq!(got, want, "{a:?} {b:?} {vs:?}");
                quick[kind] += 1;
            }
            assert_eq!(intersect_segment_poly(Segment::new(a, b), &poly), want);
            // The ray cast from `a` toward `b`: the same hit, time and normal either way.
            let d = Vec2::new(b.x - a.x, b.y - a.y);
            let ray = raycast_poly(a, d, &poly);
            assert_eq!(ray, exact_raycast_poly(a, d, &poly), "{a:?} {d:?} {vs:?}");
            total[kind] += 1;
        });
        // Free segments are decided by the quick pass, all but a few that graze a vertex; of
        // those with an end on the boundary or through a vertex, many fall to the exact one.
        assert!(quick[0] * 10 > total[0] * 9, "{quick:?} of {total:?}");
        assert!(quick[1] * 10 < total[1] * 9, "{quick:?} of {total:?}");
    }

    /// The polygon tests that make each edge's normal as they reach it answer as the shapes
    /// built whole did, both flavours, against a polygon, a rect and a turned box: hulls sharing
    /// a vertex or an edge (touching), hulls of decimal level data and of any scale, flat ones,
    /// counts out of range, a NaN or an infinity among the vertices, vertices in any order,
    /// rects of zero or negative size on a vertex, and that vertex alone as a point.
    #[test]
    fn polygons_tested_edge_by_edge_answer_as_the_shapes_built_whole() {
        let (mut met, mut total) = (0, 0);
        for_cases(0x6a09_e667_f3bc_c908, 200_000, 200, |k, x| {
            let round = game_numbers(k, x);
            let poly = |x: &mut Rng, at: (f32, f32)| {
                let n = 3 + x.below(6) as usize;
                let pts: Vec<Vec2> = (0..n)
                    .map(|_| {
                        Vec2::new(
                            round(at.0 + 8.0 * x.spread(4, 3)),
                            round(at.1 + 8.0 * x.spread(4, 3)),
                        )
                    })
                    .collect();
                let mut p = Poly::hull(&pts).unwrap_or_default();
                if x.below(8) == 0 {
                    // Raw points in any order and count (maybe flat, maybe no shape).
                    for (slot, v) in p.verts.iter_mut().zip(&pts) {
                        *slot = *v;
                    }
                    p.count = x.below(10) as i32;
                }
                p
            };
            let base = (x.spread(0, 6), x.spread(0, 6));
            let a = poly(x, base);
            let near = (base.0 + x.spread(0, 4), base.1 + x.spread(0, 4));
            let mut b = poly(x, near);
            match k % 5 {
                // A shared vertex, a shared edge (reversed, as a neighbour's is).
                1 if a.count >= 3 && b.count >= 3 => b.verts[0] = a.verts[x.below(3) as usize],
                2 if a.count >= 3 && b.count >= 3 => {
                    (b.verts[0], b.verts[1]) = (a.verts[1], a.verts[0])
                }
                3 => {
                    let bad = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY][x.below(3) as usize];
                    b.verts[x.below(8) as usize].y = bad;
                }
                4 => {
                    // Flat: every vertex on one line, through `a` or beside it.
                    let (o, d) = (
                        a.verts[0],
                        Vec2::new(round(x.spread(0, 3)), round(x.spread(0, 3))),
                    );
                    b.count = 3 + x.below(6) as i32;
                    for (i, v) in b.verts.iter_mut().enumerate() {
                        *v = Vec2::new(o.x + d.x * i as f32, o.y + d.y * (i as f32 - 1.0));
                    }
                }
                _ => {}
            }
            // Both flavours' answers for the shapes built whole.
            let whole = |s: Option<Convex>, t: &Poly| match (s, Convex::of_poly(t)) {
                (Some(s), Some(t)) => [s.meets::<false>(&t), s.meets::<true>(&t)],
                _ => [false; 2],
            };
            for (p, q) in [(&a, &b), (&b, &a)] {
                let got = [poly_poly::<false>(p, q), poly_poly::<true>(p, q)];
                assert_eq!(got, whole(Convex::of_poly(p), q), "{p:?} {q:?}");
                met += got[1] as i32;
                total += 1;
            }
            // A rect (maybe of negative or zero size) and a box turned about it, against `b`.
            let v = [a, b][x.below(2) as usize].verts[x.below(8) as usize];
            let size = |x: &mut Rng| [0.0, round(8.0 * x.spread(4, 3))][(x.below(8) > 0) as usize];
            let r = Rect::new(v.x, v.y, size(x), size(x));
            let o = Obb::from_rect(r, [0.0, 90.0, 30.0, -135.5][x.below(4) as usize]);
            for (shape, got) in [
                (
                    Convex::of_rect(r),
                    [rect_poly::<false>(r, &b), rect_poly::<true>(r, &b)],
                ),
                (
                    Convex::of_obb(o),
                    [obb_poly::<false>(o, &b), obb_poly::<true>(o, &b)],
                ),
                (
                    // The rect's corner alone, a point (a rect of no size has no axis).
                    Convex::of_rect(Rect::new(v.x, v.y, 0.0, 0.0)),
                    [point_poly::<false>(v, &b), point_poly::<true>(v, &b)],
                ),
            ] {
                assert_eq!(got, whole(shape, &b), "{r:?} {o:?} {b:?}");
            }
        });
        // Both answers are common (in every run, Miri's few cases too).
        assert!(met * 10 > total && met * 10 < total * 9, "{met} of {total}");
    }

    #[test]
    fn a_boxs_least_corner_gives_the_same_rounded_projection_as_every_corner() {
        let mut x = Rng(0x9e37_79b9_7f4a_7c15);
        let cases = if cfg!(miri) { 200 } else { 200_000 };
        for k in 0..cases {
            // Off the grid and of any scale: every projection rounds.
            let r = Rect::new(
                x.spread(10, 30),
                x.spread(10, 30),
                x.spread(10, 20),
                x.spread(10, 20),
            );
            let Some(c) = Convex::of_rect(r) else {
                continue;
            };
            let mut v = || x.spread(10, 30) as f64;
            let (n, o) = ((v(), v()), (v(), v()));
            // Axis-aligned normals a quarter of the time.
            let n = match k % 8 {
                0 => (n.0, 0.0),
                1 => (0.0, n.1),
                _ => n,
            };
            assert!(c.aabb);
            assert_eq!(
                c.least(n, o),
                least_of(n, o, c.verts()),
                "{r:?} {n:?} {o:?}"
            );
            // Along an axis, the corner of any points' bounds gives their least projection.
            let pts: Vec<P> = (0..5).map(|_| (v(), v())).collect();
            let lo = pts
                .iter()
                .fold((f64::MAX, f64::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)));
            let hi = pts
                .iter()
                .fold((f64::MIN, f64::MIN), |m, p| (m.0.max(p.0), m.1.max(p.1)));
            let axis = if k % 2 == 0 { (n.0, 0.0) } else { (0.0, n.1) };
            let corner = box_corner(axis, lo, hi);
            assert_eq!(dot(axis, sub(corner, o)), least_of(axis, o, &pts));
        }
    }
}
