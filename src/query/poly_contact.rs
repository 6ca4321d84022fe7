//! Polygon and capsule contacts (`collide_*`) and two-point manifolds (`manifold_*`, the
//! rect pair's too); the nearest cores that `closest.rs` measures their distances with.
//!
//! Every shape is a convex core with a radius: a polygon, rect or oriented box (radius 0), a
//! capsule's segment or a circle's centre. A segment core is the flat box `a, b, b, a`, whose
//! axes are its normal and its direction; a point core has the axes ±x, ±y. Over those axes the
//! separating-axis test is complete, so:
//!
//! - cores apart: the contact is along the line between their nearest points, as for circles;
//! - cores overlapping (or touching): the axis of least penetration is the minimum translation,
//!   exactly (the faces of the cores' Minkowski difference are among the axes), the radii added.
//!
//! Whether there is a contact is the strict predicate's own answer, so the two never disagree.
//! Ties between equally shallow axes go to the first shape's axes, then the second's; a rect's
//! or box's axes in the order +x, -x, +y, -y of its frame, as for `collide_rect_rect`; a
//! polygon's in vertex order.

use super::closest::{gap, nearest_on_segment};
use super::contact::contact;
use super::poly::{core, next, outward, Convex};
use super::{
    collide_rect_rect, overlap_capsule_capsule, overlap_capsule_circle, overlap_obb_capsule,
    overlap_poly_capsule, overlap_poly_circle, overlap_rect_capsule,
};
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::shape::{
    direction, dot, sub, Capsule, Circle, Contact, Manifold, Obb, Poly, Rect, Vec2, P, POLY_MAX,
    ZERO,
};

fn lerp(a: P, b: P, t: f64) -> P {
    if t >= 1.0 {
        b
    } else {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    }
}

/// The order in which a box's sides are tried, given its corners from `(min, min)`
/// counter-clockwise: +x, -x, +y, -y.
const BOX_ORDER: [usize; 4] = [1, 3, 2, 0];

/// A convex core with a radius (0 for flat-sided shapes).
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    c: Convex,
    r: f64,
    /// Sides tried in [`BOX_ORDER`] rather than vertex order.
    boxed: bool,
}

impl Shape {
    fn flat(c: Convex, boxed: bool) -> Shape {
        Shape { c, r: 0.0, boxed }
    }

    pub(super) fn poly(p: &Poly) -> Option<Shape> {
        Some(Shape::flat(Convex::of_poly(p)?, false))
    }

    pub(super) fn rect(r: Rect) -> Option<Shape> {
        Some(Shape::flat(Convex::of_rect(r)?, true))
    }

    pub(super) fn obb(o: Obb) -> Option<Shape> {
        Some(Shape::flat(Convex::of_obb(o)?, true))
    }

    /// The point `p` with the axes ±x, ±y and radius `r`.
    fn point(p: P, r: f64) -> Shape {
        let c = Convex {
            v: [p; POLY_MAX],
            n: [
                (1.0, 0.0),
                (-1.0, 0.0),
                (0.0, 1.0),
                (0.0, -1.0),
                ZERO,
                ZERO,
                ZERO,
                ZERO,
            ],
            len: 4,
            aabb: false,
        };
        Shape { c, r, boxed: false }
    }

    /// The segment `a..b` (a point when `a == b`) with radius `r`.
    fn segment(a: P, b: P, r: f64) -> Option<Shape> {
        if a == b {
            return Some(Shape::point(a, r));
        }
        Some(Shape {
            c: Convex::of_box([a, b, b, a])?,
            r,
            boxed: false,
        })
    }

    pub(super) fn capsule(k: &Capsule) -> Option<Shape> {
        let (s, r) = core(k)?;
        Shape::segment(s.a.wide(), s.b.wide(), r)
    }

    pub(super) fn circle(c: Circle) -> Option<Shape> {
        let (p, r) = ((c.x as f64, c.y as f64), c.r as f64);
        (r >= 0.0 && !p.0.is_nan() && !p.1.is_nan()).then(|| Shape::point(p, r))
    }

    /// The sides with an axis, in tie order.
    fn sides(&self) -> impl Iterator<Item = usize> + '_ {
        let order: &[usize] = if self.boxed {
            &BOX_ORDER
        } else {
            &[0, 1, 2, 3, 4, 5, 6, 7]
        };
        order
            .iter()
            .copied()
            .filter(move |&i| i < self.c.len && self.c.n[i] != ZERO)
    }

    /// The sides with an axis, in tie order, as [`search_axes`] takes them.
    fn axes(&self) -> impl Iterator<Item = (usize, P, P, f64)> + '_ {
        self.sides().map(|i| {
            let n = self.c.n[i];
            (i, n, self.c.v[i], dot(n, n).sqrt())
        })
    }

    /// Whether its core has an area (a segment or point core has none).
    fn solid(&self) -> bool {
        self.r == 0.0 && self.c.len > 2
    }
}

/// The separating axis of least penetration (or most separation).
#[derive(Clone, Copy, Debug)]
struct Axis {
    /// The other core's signed distance beyond the face: negative when they overlap on it.
    sep: f64,
    /// Unit normal from the first shape to the second.
    n: P,
    /// Whether the face belongs to the second shape.
    on_b: bool,
    /// The face's index in its shape.
    face: usize,
}

/// The separating-axis test of two cores.
#[derive(Clone, Copy, Debug)]
struct Sat {
    /// Whether an axis has the other core on or beyond it: the strict predicate's arithmetic for
    /// flat-sided pairs (`Convex::meets` in poly.rs), so its answer exactly.
    apart: bool,
    /// The axis of greatest separation (least penetration); none when no side has an axis.
    axis: Option<Axis>,
}

/// The least of the unnormalised `n·(w - v)` over the vertices `w` of the other core: how far
/// beyond the side with normal `n` through `v` it lies (a NaN, from infinite coordinates,
/// counting as not beyond, as in the predicate).
#[inline(always)]
fn least_beyond(n: P, v: P, other: &[P]) -> f64 {
    let mut least = f64::INFINITY;
    for &w in other {
        let d = dot(n, sub(w, v));
        least = if d < least || d.is_nan() {
            if d.is_nan() {
                f64::NEG_INFINITY
            } else {
                d
            }
        } else {
            least
        };
    }
    least
}

/// The axis of side `face`, normal `(x, y)`, of the first shape (`on_b` false) or the second,
/// with separation `sep`.
fn axis_of((x, y): P, sep: f64, on_b: bool, face: usize) -> Axis {
    let u = direction(x, y).unwrap_or((1.0, 0.0));
    Axis {
        sep,
        n: if on_b { (-u.0, -u.1) } else { u },
        on_b,
        face,
    }
}

/// The axis with the greatest separation of the cores, the first shape's axes winning ties; or
/// the first axis found with the other core strictly beyond it. Per side, [`least_beyond`]
/// divided by `|n|`.
fn best_axis(a: &Shape, b: &Shape) -> Sat {
    let (a_ends, b_ends) = (outline(&a.c).0, outline(&b.c).0);
    let (apart, best) = search_axes([(a.axes(), b_ends), (b.axes(), a_ends)]);
    let axis = best.map(|(sep, on_b, face)| {
        let owner = if on_b { b } else { a };
        axis_of(owner.c.n[face], sep, on_b, face)
    });
    Sat { apart, axis }
}

/// [`best_axis`]' search over each core's sides (`(face, normal n, a point of the face, |n|)`)
/// against the other core's outline, the first core's first: whether an axis has the other
/// core on or beyond it, and the one of greatest separation (`(separation, on b, face)`).
#[inline(always)]
fn search_axes<I: Iterator<Item = (usize, P, P, f64)>>(
    owners: [(I, &[P]); 2],
) -> (bool, Option<(f64, bool, usize)>) {
    let mut apart = false;
    let mut best: Option<(f64, bool, usize)> = None;
    'owners: for ((sides, other), on_b) in owners.into_iter().zip([false, true]) {
        for (i, n, v, len) in sides {
            let least = least_beyond(n, v, other);
            let sep = least / len;
            if best.is_none_or(|b| sep > b.0) {
                best = Some((sep, on_b, i));
            }
            apart |= least >= 0.0;
            if least > 0.0 {
                // Strictly apart along this axis: nothing else is needed (the contact of rounded
                // shapes then goes by their nearest points). Only touching along it, the cores
                // may still be apart along another axis, or touch.
                break 'owners;
            }
        }
    }
    (apart, best)
}

/// What the quick separating-axis pass of two polygons decided.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Quick {
    /// An axis has the other polygon beyond it: the strict predicate answers false.
    Apart,
    /// They overlap, and this side (of the second polygon when `on_b`) has the greatest
    /// separation, by more than the rounding: [`best_axis`]'s choice.
    Face { on_b: bool, face: usize },
}

/// The separating-axis pass of [`best_axis`] for two polygons (3 to 8 vertices each) in f32,
/// with its rounding bounded: `None` where an answer lies within the bound (touching, nearly
/// equal separations, equal ones such as a square's sides), for a zero or tiny side or an
/// infinite coordinate, where the exact pass decides. (A polygon with a NaN has no shape, so no
/// contact, whatever this answers.)
///
/// Every coordinate is an f32 value, so each difference is rounded once; with `D` the larger
/// extent of the two polygons' common bounding box, every difference is within `D`, and each
/// `n·(w - v)` is off by at most `8.2·2^-24·D²` (f64's error is far below). `E = 2^-19·D²`
/// (plus `f32::MIN_POSITIVE` for results below the normal range) is four times that; a
/// separation `least/|n|` is then off by less than `2E/|n|`, that bound also covering the
/// rounding of the division (at most `6·2^-24·D`, as `|least| <= √2·D·|n|` and `|n| <= 2D`).
#[inline(always)]
fn quick_axis(a: &[Vec2], b: &[Vec2]) -> Option<Quick> {
    const N: usize = POLY_MAX;
    // Coordinates padded to 8 with the first vertex (which leaves every least unchanged).
    let lanes = |p: &[Vec2]| {
        let (mut x, mut y) = ([p[0].x; N], [p[0].y; N]);
        for (i, v) in p.iter().enumerate() {
            x[i] = v.x;
            y[i] = v.y;
        }
        (x, y)
    };
    let (ax, ay) = lanes(a);
    let (bx, by) = lanes(b);
    // The common bounding box, lane by lane, then across the lanes.
    let (mut lx, mut hx, mut ly, mut hy) = (ax, ax, ay, ay);
    for i in 0..N {
        lx[i] = if bx[i] < lx[i] { bx[i] } else { lx[i] };
        hx[i] = if bx[i] > hx[i] { bx[i] } else { hx[i] };
        ly[i] = if by[i] < ly[i] { by[i] } else { ly[i] };
        hy[i] = if by[i] > hy[i] { by[i] } else { hy[i] };
    }
    let (mut lo, mut hi) = ((lx[0], ly[0]), (hx[0], hy[0]));
    for i in 1..N {
        lo = (
            if lx[i] < lo.0 { lx[i] } else { lo.0 },
            if ly[i] < lo.1 { ly[i] } else { lo.1 },
        );
        hi = (
            if hx[i] > hi.0 { hx[i] } else { hi.0 },
            if hy[i] > hi.1 { hy[i] } else { hi.1 },
        );
    }
    let (dx, dy) = (hi.0 - lo.0, hi.1 - lo.1);
    // An infinite coordinate makes an extent infinite or NaN: the exact pass. (A NaN one may
    // hide from the box, but the polygon then has no shape: no contact, whatever this answers.)
    if !(dx + dy).is_finite() {
        return None;
    }
    let d = if dx > dy { dx } else { dy };
    let e = d * d * (1.0 / (1 << 19) as f32) + f32::MIN_POSITIVE;
    // Per owner, per side (a lane): its separation and that separation's bound.
    let pass = |(px, py): ([f32; N], [f32; N]), len: usize, (qx, qy): ([f32; N], [f32; N])| {
        let (mut nx, mut ny) = ([0.0f32; N], [0.0f32; N]);
        for i in 0..N {
            let j = if i + 1 == len { 0 } else { (i + 1) % N };
            nx[i] = py[j] - py[i];
            ny[i] = px[i] - px[j];
        }
        let mut least = [f32::INFINITY; N];
        for k in 0..N {
            for i in 0..N {
                let dd = (qx[k] - px[i]) * nx[i] + (qy[k] - py[i]) * ny[i];
                least[i] = if dd < least[i] { dd } else { least[i] };
            }
        }
        let (mut sep, mut err, mut small) = ([0.0f32; N], [0.0f32; N], false);
        for i in 0..N {
            let nn = nx[i] * nx[i] + ny[i] * ny[i];
            // (A NaN comes only from a NaN coordinate, which leaves no shape.)
            small |= i < len && nn < f32::MIN_POSITIVE;
            let inv = 1.0 / nn.sqrt();
            sep[i] = least[i] * inv;
            err[i] = 2.0 * e * inv;
        }
        (least, sep, err, small)
    };
    let (la, lb) = (a.len(), b.len());
    let sides = [pass((ax, ay), la, (bx, by)), pass((bx, by), lb, (ax, ay))];
    let mut sure = true;
    for (&(least, _, _, small), len) in sides.iter().zip([la, lb]) {
        if small {
            return None;
        }
        for &l in &least[..len] {
            if l > e {
                return Some(Quick::Apart);
            }
            sure &= l < -e;
        }
    }
    if !sure {
        return None;
    }
    // The greatest lower bound of a separation, then no other side's upper bound reaching it.
    let mut best = (f32::NEG_INFINITY, false, 0);
    for (&(_, sep, err, _), (len, on_b)) in sides.iter().zip([(la, false), (lb, true)]) {
        for i in 0..len {
            if sep[i] - err[i] > best.0 {
                best = (sep[i] - err[i], on_b, i);
            }
        }
    }
    for (&(_, sep, err, _), (len, on_b)) in sides.iter().zip([(la, false), (lb, true)]) {
        for i in 0..len {
            if (on_b, i) != (best.1, best.2) && sep[i] + err[i] >= best.0 {
                return None;
            }
        }
    }
    Some(Quick::Face {
        on_b: best.1,
        face: best.2,
    })
}

/// The nearest points of two cores (`(distance², on a, on b)`), from every vertex of one to
/// every side of the other.
fn nearest_points(a: &Convex, b: &Convex) -> (f64, P, P) {
    if segment(a) | segment(b) {
        // A segment (a capsule's core) is held as the box `p, q, q, p`: walked as its two ends
        // and its one side, not four corners and four sides of which three are repeats.
        // (Two polygons keep the loop below: walked this way they cost 12% more.)
        return nearest_outlines(outline(a), outline(b));
    }
    let mut best = (f64::INFINITY, a.v[0], b.v[0]);
    for (from, onto, flip) in [(b, a, false), (a, b, true)] {
        for &w in from.verts() {
            for (p, q) in onto.edges() {
                nearer(&mut best, w, p, q, flip);
            }
        }
    }
    best
}

/// [`nearest_points`] of two cores given by their [`outline`]s: the ends of each against the
/// sides of the other. Where both are points, `a`'s is walked as a side after all.
#[inline(always)]
fn nearest_outlines(oa: (&[P], usize), ob: (&[P], usize)) -> (f64, P, P) {
    let oa = (oa.0, oa.1.max((ob.1 == 0) as usize));
    let mut best = (f64::INFINITY, oa.0[0], ob.0[0]);
    for ((ends, _), (v, sides), flip) in [(ob, oa, false), (oa, ob, true)] {
        for &w in ends {
            for (p, q) in (0..sides).map(|i| (v[i], v[next(i, v.len())])) {
                nearer(&mut best, w, p, q, flip);
            }
        }
    }
    best
}

/// [`nearest_points`]' step: vertex `w` of one core against side `p..q` of the other (of `a`
/// unless `flip`), kept in `best` when nearer than it.
#[inline(always)]
fn nearer(best: &mut (f64, P, P), w: P, p: P, q: P, flip: bool) {
    let s = nearest_on_segment(p, q, w);
    let d = sub(w, s);
    let d2 = dot(d, d);
    if d2 < best.0 {
        *best = if flip { (d2, w, s) } else { (d2, s, w) };
    }
}

/// Whether a core is a segment, held as the box `p, q, q, p`.
fn segment(c: &Convex) -> bool {
    let v = c.verts();
    v.len() == 4 && v[1] == v[2] && v[3] == v[0]
}

/// The vertices and the number of sides of a core: a segment's two ends and its one side; a
/// point's one end and no side (every other core's ends lie at least as far from it as that
/// core's sides do, so it need not be walked as a side).
fn outline(c: &Convex) -> (&[P], usize) {
    let v = c.verts();
    if segment(c) {
        ends(v)
    } else {
        (v, v.len())
    }
}

/// The [`outline`] of the segment from `v[0]` to `v[1]` (a point where they are equal).
#[inline(always)]
fn ends(v: &[P]) -> (&[P], usize) {
    if v[0] == v[1] {
        (&v[..1], 0)
    } else {
        (&v[..2], 1)
    }
}

/// The contact of two shapes the strict predicate calls overlapping, in f64.
fn solve(a: &Shape, b: &Shape, axis: Option<Axis>) -> (P, f64, P) {
    let radii = a.r + b.r;
    let Some(axis) = axis else {
        // No axis at all (hand-made polygons whose vertices all coincide): +x.
        return ((1.0, 0.0), radii, overlap_mean(&a.c, &b.c));
    };
    if axis.sep > 0.0 {
        let near = nearest_points(&a.c, &b.c);
        return apart(a.r, b.r, near).unwrap_or((axis.n, radii - axis.sep, near.1));
    }
    let depth = radii - axis.sep;
    let point = if a.solid() && b.solid() {
        let m = clip_manifold(a, b, &axis);
        let k = m.count as f64;
        let s = m.point[..m.count]
            .iter()
            .fold(ZERO, |s, p| (s.0 + p.0, s.1 + p.1));
        (s.0 / k, s.1 / k)
    } else {
        crossing_point(&a.c, &b.c).unwrap_or_else(|| overlap_mean(&a.c, &b.c))
    };
    (axis.n, depth, point)
}

/// The contact of shapes with radii `ra` and `rb` whose cores are apart, their nearest points
/// `near` (`(distance², on a, on b)`): along the line between those points. `None` where that
/// line has no direction.
#[inline(always)]
fn apart(ra: f64, rb: f64, near: (f64, P, P)) -> Option<(P, f64, P)> {
    let (d2, pa, pb) = near;
    let d = d2.sqrt();
    // `d2` is the nearest points' difference squared and summed as `direction` does it, so `d`
    // is its length: divided by once here, except where it is 0 or beyond f64.
    let (x, y) = sub(pb, pa);
    let n = if d > 0.0 && d < f64::INFINITY {
        (x / d, y / d)
    } else {
        direction(x, y)?
    };
    // Along n from pa, a covers -ra..ra and b covers d-rb..d+rb: the middle of both.
    let (lo, hi) = ((-ra).max(d - rb), ra.min(d + rb));
    let mid = (lo + hi) * 0.5;
    Some((n, ra + rb - d, (pa.0 + n.0 * mid, pa.1 + n.1 * mid)))
}

/// The contact of two shapes the strict predicate calls overlapping whose cores are segments or
/// points (`a` and `b`: a segment's ends, or a point twice), where the cores lie clearly apart:
/// [`solve`]'s answer without building the shapes. `None` where the cores may meet (two
/// segments each reaching the other's line) or lie nearer than `2^-30` of the coordinates' scale
/// (touching, or an infinite coordinate), left to the separating-axis test. Beyond that distance
/// `d`, an axis of the test has the cores at least `d/√2` apart, far more than f64's rounding of
/// it: the test would take the same path.
#[inline(always)]
fn apart_cores(a: [P; 2], ra: f64, b: [P; 2], rb: f64) -> Option<Contact> {
    // Segments that do not meet have one wholly on one side of the other's line; a point's
    // distance to a segment is always an end's (the point's) distance.
    let beside = |p: [P; 2], q: [P; 2]| {
        let d = sub(p[1], p[0]);
        let side = |w: P| d.0 * (w.1 - p[0].1) - d.1 * (w.0 - p[0].0);
        side(q[0]) * side(q[1]) > 0.0
    };
    if segments(a, b) && !beside(a, b) && !beside(b, a) {
        return None;
    }
    let near = if segments(a, b) {
        nearest_outlines((&a, 1), (&b, 1))
    } else {
        nearest_outlines(ends(&a), ends(&b))
    };
    let scale = a
        .iter()
        .chain(&b)
        .fold(0.0, |s, p| s + p.0.abs() + p.1.abs());
    let tol = scale * (1.0 / (1u64 << 30) as f64);
    if near.0 <= tol * tol || near.0.is_nan() {
        return None;
    }
    let (n, depth, p) = apart(ra, rb, near)?;
    Some(contact(n, defined(depth), p))
}

/// Whether both cores (`a` and `b`, their ends) are segments, neither a point.
#[inline(always)]
fn segments(a: [P; 2], b: [P; 2]) -> bool {
    a[0] != a[1] && b[0] != b[1]
}

/// The contact of two shapes the strict predicate calls overlapping whose cores are segments
/// (`a` and `b`, their ends) that meet: [`solve`]'s answer, the same arithmetic without
/// building the shapes. A segment's axes are those `Convex::of_box` gives the box `p, q, q, p`:
/// its normal, its direction and their opposites, each through its face's first corner, all of
/// one length. `None` where the test would go another way: both radii 0 (a manifold of flat
/// shapes), the cores apart along an axis (the nearest points), parallel lines (the overlap's
/// middle); and where a core is a point.
#[inline(always)]
fn crossing_cores(a: [P; 2], ra: f64, b: [P; 2], rb: f64) -> Option<Contact> {
    if !segments(a, b) || (ra == 0.0 && rb == 0.0) {
        return None;
    }
    let sides = |s: [P; 2]| {
        let (n, d) = (outward(s[0], s[1]), sub(s[1], s[0]));
        let len = dot(n, n).sqrt();
        let back = (outward(s[1], s[0]), sub(s[0], s[1]));
        [
            (0, n, s[0], len),
            (1, d, s[1], len),
            (2, back.0, s[1], len),
            (3, back.1, s[0], len),
        ]
    };
    let (sa, sb) = (sides(a), sides(b));
    let (_, best) = search_axes([(sa.into_iter(), &b[..]), (sb.into_iter(), &a[..])]);
    // Apart along an axis (or NaN): not for this path.
    let (sep, on_b, face) = best.filter(|b| b.0 <= 0.0)?;
    let axis = axis_of(if on_b { sb } else { sa }[face].1, sep, on_b, face);
    let point = crossing_of(a, b)?;
    Some(contact(axis.n, defined(ra + rb - sep), point))
}

/// A manifold in f64: points on one shape's boundary inside the other.
#[derive(Clone, Copy, Debug)]
struct Points {
    count: usize,
    depth: [f64; 2],
    point: [P; 2],
}

/// Whether `x` is inside the half-plane `dot(n, x - v) <= 0`, pushed out by a relative 1e-12
/// so that points rounded just past it still count: the signed slack, `>= 0` inside.
fn slack(n: P, v: P, x: P) -> f64 {
    let scale = (n.0.abs() + n.1.abs()) * (x.0.abs() + x.1.abs() + v.0.abs() + v.1.abs());
    1e-12 * scale - dot(n, sub(x, v))
}

/// Where the segment `p..q`, one end of which is outside the half-plane, crosses its line, as
/// a fraction of the way in `[0, 1]`.
fn crossing(n: P, v: P, p: P, q: P) -> f64 {
    let (ep, eq) = (dot(n, sub(p, v)), dot(n, sub(q, v)));
    let t = ep / (ep - eq);
    if t.is_nan() {
        0.5
    } else {
        t.clamp(0.0, 1.0)
    }
}

/// Reference face and incident face, as Box2D and cute_c2 do: the face of the axis is the
/// reference; the other shape's side most against its normal is the incident face, clipped to
/// the reference shape's other sides; the clipped ends below the reference face are the points.
/// When none is (a corner poking in through another face), one point: the middle of the
/// overlap, at the contact depth.
fn clip_manifold(a: &Shape, b: &Shape, axis: &Axis) -> Points {
    let (rf, inc) = if axis.on_b { (b, a) } else { (a, b) };
    let nr = if axis.on_b {
        (-axis.n.0, -axis.n.1)
    } else {
        axis.n
    };
    let vref = rf.c.v[axis.face];
    // The incident side: the least dot of its unit normal with nr.
    let mut e = None;
    let mut least = f64::INFINITY;
    for i in inc.sides() {
        let Some(u) = direction(inc.c.n[i].0, inc.c.n[i].1) else {
            continue;
        };
        let d = dot(u, nr);
        if d < least {
            least = d;
            e = Some(i);
        }
    }
    let fallback = || Points {
        count: 1,
        depth: [-axis.sep, 0.0],
        point: [overlap_mean(&a.c, &b.c), ZERO],
    };
    let Some(e) = e else {
        return fallback();
    };
    let (p0, p1) = (inc.c.v[e], inc.c.v[(e + 1) % inc.c.len]);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for k in rf.sides().filter(|&k| k != axis.face) {
        let (n, v) = (rf.c.n[k], rf.c.v[k]);
        let (g0, g1) = (slack(n, v, p0), slack(n, v, p1));
        if g0 < 0.0 && g1 < 0.0 {
            return fallback();
        }
        if g0 < 0.0 || g1 < 0.0 {
            // Cut where the plane itself crosses, so that a face ending on it ends exactly there.
            let t = crossing(n, v, p0, p1);
            if g0 < 0.0 {
                lo = lo.max(t);
            } else {
                hi = hi.min(t);
            }
        }
    }
    if lo > hi || lo.is_nan() || hi.is_nan() {
        return fallback();
    }
    let mut m = Points {
        count: 0,
        depth: [0.0; 2],
        point: [ZERO; 2],
    };
    let ends = if lo == hi { 1 } else { 2 };
    for t in [lo, hi].into_iter().take(ends) {
        let p = lerp(p0, p1, t);
        let depth = dot(nr, sub(vref, p));
        if depth > 0.0 {
            m.depth[m.count] = depth;
            m.point[m.count] = p;
            m.count += 1;
        }
    }
    if m.count == 0 {
        return fallback();
    }
    m
}

/// Where two segment cores that meet cross: the point of `a`'s line on `b`'s, kept on `a`.
/// `None` unless both are segments on lines that cross (parallel ones meet along a stretch).
fn crossing_point(a: &Convex, b: &Convex) -> Option<P> {
    if !(segment(a) && segment(b)) {
        return None;
    }
    crossing_of([a.v[0], a.v[1]], [b.v[0], b.v[1]])
}

/// [`crossing_point`] of the segments `a` and `b` (their ends).
#[inline(always)]
fn crossing_of(a: [P; 2], b: [P; 2]) -> Option<P> {
    let (p, q) = (a[0], b[0]);
    let (da, db) = (sub(a[1], p), sub(b[1], q));
    let cross = |u: P, v: P| u.0 * v.1 - u.1 * v.0;
    let t = cross(sub(q, p), db) / cross(da, db);
    t.is_finite().then(|| lerp(p, a[1], t.clamp(0.0, 1.0)))
}

/// A point in both of two overlapping cores: the mean of the corners of `b`'s core clipped to
/// `a`'s sides (Sutherland–Hodgman, planes pushed out by a relative 1e-12); where rounding
/// leaves nothing, the middle of the nearest points.
fn overlap_mean(a: &Convex, b: &Convex) -> P {
    const CAP: usize = 2 * POLY_MAX + 4;
    // Clipped from one buffer into the other, which then swap places.
    let (mut poly, mut out) = ([ZERO; CAP], [ZERO; CAP]);
    let (mut poly, mut out) = (&mut poly, &mut out);
    poly[..b.len].copy_from_slice(b.verts());
    let mut n = b.len;
    for i in 0..a.len {
        let (nv, v) = (a.n[i], a.v[i]);
        if nv == ZERO {
            continue;
        }
        let mut m = 0;
        for j in 0..n {
            let (p, q) = (poly[j], poly[next(j, n)]);
            let (gp, gq) = (slack(nv, v, p), slack(nv, v, q));
            if gp >= 0.0 && m < CAP {
                out[m] = p;
                m += 1;
            }
            if (gp >= 0.0) != (gq >= 0.0) && m < CAP {
                out[m] = lerp(p, q, crossing(nv, v, p, q));
                m += 1;
            }
        }
        (poly, out) = (out, poly);
        n = m;
        if n == 0 {
            let (_, pa, pb) = nearest_points(a, b);
            return ((pa.0 + pb.0) * 0.5, (pa.1 + pb.1) * 0.5);
        }
    }
    let s = poly[..n].iter().fold(ZERO, |s, p| (s.0 + p.0, s.1 + p.1));
    (s.0 / n as f64, s.1 / n as f64)
}

/// Whether the shapes overlap strictly: the predicate's answer where given (`decided`), else
/// the separating-axis test's own, which is the predicate's arithmetic for flat-sided pairs.
/// With the test, when they do.
fn overlapping(
    decided: Option<bool>,
    a: Option<Shape>,
    b: Option<Shape>,
) -> Option<(Shape, Shape, Sat)> {
    if decided == Some(false) {
        return None;
    }
    let (a, b) = (a?, b?);
    let sat = best_axis(&a, &b);
    (decided.is_some() || !sat.apart).then_some((a, b, sat))
}

/// [`overlapping`] for two polygons, [`quick_axis`] deciding where it can, the exact pass
/// elsewhere; `then` takes the shapes where they overlap, as they are (not moved).
#[inline(always)]
fn overlapping_polys<R>(
    a: &Poly,
    b: &Poly,
    then: impl FnOnce(&Shape, &Shape, Sat) -> R,
) -> Option<R> {
    let quick = quick_axis(a.vertices()?, b.vertices()?);
    if quick == Some(Quick::Apart) {
        return None;
    }
    // Built in place, never moved (a copy of their arrays would cost as much as the test).
    let (mut sa, mut sb) = (
        Shape::flat(Convex::EMPTY, false),
        Shape::flat(Convex::EMPTY, false),
    );
    if !(sa.c.set_poly(a) && sb.c.set_poly(b)) {
        return None;
    }
    let (sa, sb) = (&sa, &sb);
    let sat = match quick {
        Some(Quick::Face { on_b, face }) => {
            // The separation of that side, in f64 as the exact pass has it.
            let (owner, other) = if on_b { (sb, sa) } else { (sa, sb) };
            let n = owner.c.n[face];
            let sep = least_beyond(n, owner.c.v[face], other.c.verts()) / dot(n, n).sqrt();
            Sat {
                apart: false,
                axis: Some(axis_of(n, sep, on_b, face)),
            }
        }
        _ => best_axis(sa, sb),
    };
    (!sat.apart).then(|| then(sa, sb, sat))
}

/// The f32 contact of shapes that overlap strictly (see [`overlapping`]).
fn collide(found: Option<(Shape, Shape, Sat)>) -> Option<Contact> {
    let (a, b, sat) = found?;
    Some(contact_of(&a, &b, sat))
}

/// [`solve`] in f32.
fn contact_of(a: &Shape, b: &Shape, sat: Sat) -> Contact {
    let (n, depth, p) = solve(a, b, sat.axis);
    contact(n, defined(depth), p)
}

/// A depth that infinite coordinates leave undefined (`inf - inf`) is infinite: the shapes
/// overlap, so it stays positive.
fn defined(depth: f64) -> f64 {
    if depth.is_nan() {
        f64::INFINITY
    } else {
        depth
    }
}

/// Rect against convex polygon: the axis of least penetration among both shapes' sides; the
/// point is the mean of the manifold's points.
pub fn collide_rect_poly(a: Rect, b: &Poly) -> Option<Contact> {
    collide(overlapping(None, Shape::rect(a), Shape::poly(b)))
}

/// Oriented box against convex polygon, as [`collide_rect_poly`].
pub fn collide_obb_poly(a: Obb, b: &Poly) -> Option<Contact> {
    collide(overlapping(None, Shape::obb(a), Shape::poly(b)))
}

/// Convex polygon against circle: from the polygon's nearest point to the centre (the
/// point); a centre inside leaves through the nearest side.
pub fn collide_poly_circle(a: &Poly, b: Circle) -> Option<Contact> {
    collide(overlapping(
        Some(overlap_poly_circle(a, b)),
        Shape::poly(a),
        Shape::circle(b),
    ))
}

/// Convex polygon against capsule.
pub fn collide_poly_capsule(a: &Poly, b: &Capsule) -> Option<Contact> {
    collide(overlapping(
        Some(overlap_poly_capsule(a, b)),
        Shape::poly(a),
        Shape::capsule(b),
    ))
}

/// Rect against capsule.
pub fn collide_rect_capsule(a: Rect, b: &Capsule) -> Option<Contact> {
    collide(overlapping(
        Some(overlap_rect_capsule(a, b)),
        Shape::rect(a),
        Shape::capsule(b),
    ))
}

/// Oriented box against capsule.
pub fn collide_obb_capsule(a: Obb, b: &Capsule) -> Option<Contact> {
    collide(overlapping(
        Some(overlap_obb_capsule(a, b)),
        Shape::obb(a),
        Shape::capsule(b),
    ))
}

/// Capsule against circle.
pub fn collide_capsule_circle(a: &Capsule, b: Circle) -> Option<Contact> {
    if !overlap_capsule_circle(a, b) {
        return None;
    }
    let c = (b.x as f64, b.y as f64);
    apart_cores([a.a.wide(), a.b.wide()], a.r as f64, [c, c], b.r as f64)
        .or_else(|| collide(overlapping(Some(true), Shape::capsule(a), Shape::circle(b))))
}

/// Capsule against capsule.
pub fn collide_capsule_capsule(a: &Capsule, b: &Capsule) -> Option<Contact> {
    if !overlap_capsule_capsule(a, b) {
        return None;
    }
    let (ka, kb) = ([a.a.wide(), a.b.wide()], [b.a.wide(), b.b.wide()]);
    let (ra, rb) = (a.r as f64, b.r as f64);
    apart_cores(ka, ra, kb, rb)
        .or_else(|| crossing_cores(ka, ra, kb, rb))
        .or_else(|| {
            collide(overlapping(
                Some(true),
                Shape::capsule(a),
                Shape::capsule(b),
            ))
        })
}

/// Convex polygon against convex polygon, as [`collide_rect_poly`].
pub fn collide_poly_poly(a: &Poly, b: &Poly) -> Option<Contact> {
    overlapping_polys(a, b, contact_of)
}

/// The f32 manifold of flat-sided shapes that overlap strictly (see [`overlapping`]).
fn manifold(found: Option<(Shape, Shape, Sat)>) -> Manifold {
    found.map_or_else(Manifold::default, |(a, b, sat)| manifold_of(&a, &b, sat))
}

/// The f32 manifold of flat-sided shapes that overlap strictly, with their test.
fn manifold_of(a: &Shape, b: &Shape, sat: Sat) -> Manifold {
    let none = Manifold::default();
    let Some(axis) = sat.axis else {
        // No axis at all (hand-made polygons whose vertices all coincide): one point, +x.
        let p = overlap_mean(&a.c, &b.c);
        let c = contact((1.0, 0.0), 0.0, p);
        return Manifold {
            count: 1,
            depth: [c.depth, 0.0],
            point: [c.point, Vec2::default()],
            normal: c.normal,
        };
    };
    let m = if a.solid() && b.solid() {
        clip_manifold(a, b, &axis)
    } else {
        // A rect or box flat to a segment or a point: one point in both, at the contact depth.
        Points {
            count: 1,
            depth: [-axis.sep, 0.0],
            point: [overlap_mean(&a.c, &b.c), ZERO],
        }
    };
    let mut out = Manifold {
        count: m.count as i32,
        normal: Vec2::from_f64(axis.n.0, axis.n.1),
        ..none
    };
    for i in 0..m.count {
        // Kept positive, and within f32, as the contact's depth is.
        let c = contact(axis.n, defined(m.depth[i]), m.point[i]);
        out.depth[i] = c.depth;
        out.point[i] = c.point;
    }
    out
}

/// The manifold of a rect and a convex polygon: count 0 unless they overlap strictly.
pub fn manifold_rect_poly(a: Rect, b: &Poly) -> Manifold {
    manifold(overlapping(None, Shape::rect(a), Shape::poly(b)))
}

/// The manifold of an oriented box and a convex polygon.
pub fn manifold_obb_poly(a: Obb, b: &Poly) -> Manifold {
    manifold(overlapping(None, Shape::obb(a), Shape::poly(b)))
}

/// The manifold of two convex polygons.
pub fn manifold_poly_poly(a: &Poly, b: &Poly) -> Manifold {
    overlapping_polys(a, b, manifold_of).unwrap_or_default()
}

/// The manifold of two rects; the normal is [`collide_rect_rect`]'s. Where that contact's
/// formulas pick another axis (only with infinite extents), its contact is the one point.
pub fn manifold_rect_rect(a: Rect, b: Rect) -> Manifold {
    let Some(c) = collide_rect_rect(a, b) else {
        return Manifold::default();
    };
    let m = manifold(overlapping(Some(true), Shape::rect(a), Shape::rect(b)));
    if m.count > 0 && m.normal == c.normal {
        return m;
    }
    Manifold {
        count: 1,
        depth: [c.depth, 0.0],
        point: [c.point, Vec2::default()],
        normal: c.normal,
    }
}

/// The distance between two cores with radii, given the closed predicate's answer.
pub(super) fn gap_between(touching: bool, a: Option<Shape>, b: Option<Shape>) -> f32 {
    if touching {
        return 0.0;
    }
    let (Some(a), Some(b)) = (a, b) else {
        return f32::NAN;
    };
    let (d2, _, _) = nearest_points(&a.c, &b.c);
    // Apart by the exact predicate: never 0 through rounding.
    gap(d2.sqrt(), a.r + b.r).max(f32::from_bits(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{for_cases, Rng};

    /// A convex polygon of 3 to 8 points on a circle of radius `r` about `c`, each moved by
    /// `(dx, dy)`; `grid` snaps the points to multiples of 1/256, making equal sides common.
    fn polygon(x: &mut Rng, c: P, r: f64, shift: P, grid: bool) -> Option<Poly> {
        let n = 3 + (x.unit() * 6.0) as usize;
        let turn = x.unit() * std::f64::consts::TAU;
        let pts: Vec<Vec2> = (0..n)
            .map(|i| {
                let t = turn + std::f64::consts::TAU * (i as f64 + 0.8 * x.unit()) / n as f64;
                let (mut px, mut py) = (c.0 + r * t.cos(), c.1 + r * t.sin());
                if grid {
                    (px, py) = ((px * 256.0).round() / 256.0, (py * 256.0).round() / 256.0);
                }
                Vec2::from_f64(px + shift.0, py + shift.1)
            })
            .collect();
        Poly::hull(&pts).ok()
    }

    /// Compares the quick pass with the exact one (and the manifolds they lead to) for one
    /// pair; whether the quick pass decided.
    fn agrees(a: &Poly, b: &Poly) -> bool {
        let (sa, sb) = (Shape::poly(a).unwrap(), Shape::poly(b).unwrap());
        let exact = best_axis(&sa, &sb);
        let quick = quick_axis(a.vertices().unwrap(), b.vertices().unwrap());
        let slow = manifold(overlapping(None, Some(sa), Some(sb)));
        assert_eq!(manifold_poly_poly(a, b), slow, "{a:?} {b:?}");
        match quick {
            None => false,
            Some(Quick::Apart) => {
                assert!(exact.apart, "{a:?} {b:?}");
                true
            }
            Some(Quick::Face { on_b, face }) => {
                assert!(!exact.apart, "{a:?} {b:?}");
                let axis = exact.axis.unwrap();
                assert_eq!((axis.on_b, axis.face), (on_b, face), "{a:?} {b:?}");
                true
            }
        }
    }

    #[test]
    fn quick_polygon_axes_agree_with_the_exact_pass_near_touching_and_ties() {
        let (mut quick, mut total) = (0, 0);
        for_cases(0x9e37_79b9_7f4a_7c15, 50_000, 8, |k, x| {
            // Polygons about a shared place, of sizes from tiny to large against their offsets.
            let far = 2f64.powi((x.unit() * 40.0) as i32 - 20);
            let c = ((x.unit() - 0.5) * far, (x.unit() - 0.5) * far);
            let size = 2f64.powi((x.unit() * 30.0) as i32 - 15);
            let grid = k % 4 == 0 && size >= 1.0 && far < 1e4;
            let r1 = size * (0.5 + x.unit());
            let Some(a) = polygon(x, c, r1, ZERO, grid) else {
                return;
            };
            // The second one along a random direction, at the distance where they touch (by
            // bisection on the exact pass), off by a relative 2^-j for j up to 40, either way.
            let r2 = size * (0.5 + x.unit());
            let seed = x.0;
            let t = x.unit() * std::f64::consts::TAU;
            let dir = (t.cos(), t.sin());
            let at = |s: f64, x: &mut Rng| {
                x.0 = seed;
                polygon(x, c, r2, (dir.0 * s, dir.1 * s), grid)
            };
            let apart = |s: f64, x: &mut Rng| {
                at(s, x).is_none_or(|b| {
                    best_axis(&Shape::poly(&a).unwrap(), &Shape::poly(&b).unwrap()).apart
                })
            };
            let (mut lo, mut hi) = (0.0, 4.0 * size);
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                if apart(mid, x) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let off = 2f64.powi(-(k % 41));
            let s = match k % 3 {
                0 => hi * (1.0 + off),
                1 => hi * (1.0 - off),
                // Deep inside, where the sides' separations decide (ties among them).
                _ => hi * x.unit(),
            };
            let Some(b) = at(s, x) else {
                return;
            };
            if agrees(&a, &b) {
                quick += 1;
            }
            if agrees(&b, &a) {
                quick += 1;
            }
            total += 2;
        });
        // Pairs nearer touching (or nearer a tie) than a few 2^-19 of their size fall to the
        // exact pass; most others are decided quickly. (Too few cases run under Miri to count.)
        if !cfg!(miri) {
            assert!(quick * 2 > total, "{quick} of {total}");
            assert!(quick < total, "{quick} of {total}");
        }
    }

    #[test]
    fn quick_polygon_axes_leave_equal_boxes_to_the_exact_pass() {
        // Two equal squares overlapping by the same amount along x and y: the tie goes to the
        // first shape's first such side, which only the exact pass sees.
        let square = |x: f32, y: f32| {
            Poly::hull(&[
                Vec2::new(x, y),
                Vec2::new(x + 4.0, y),
                Vec2::new(x + 4.0, y + 4.0),
                Vec2::new(x, y + 4.0),
            ])
            .unwrap()
        };
        let (a, b) = (square(0.0, 0.0), square(3.0, 3.0));
        assert_eq!(
            quick_axis(a.vertices().unwrap(), b.vertices().unwrap()),
            None
        );
        assert!(!agrees(&a, &b));
        let m = manifold_poly_poly(&a, &b);
        assert_eq!(m.count, 2);
        assert_eq!(m.normal, Vec2::new(1.0, 0.0));
    }

    /// A contact's fields, bit for bit.
    fn bits(c: Option<Contact>) -> Option<[u32; 5]> {
        c.map(|c| {
            let (n, p) = (c.normal, c.point);
            [n.x, n.y, c.depth, p.x, p.y].map(f32::to_bits)
        })
    }

    #[test]
    fn direct_capsule_contacts_are_the_separating_axis_tests_own() {
        // Capsules and circles whose cores cross, nearly cross, touch end to end, run side by
        // side or lie on one line, at scales from 2^-20 to 2^20, on the 1/256 grid and off it:
        // the direct contacts of cores apart and of crossing segments answer what the
        // separating-axis test answers, bit for bit, and leave the rest to it.
        let (mut apart, mut crossing, mut total) = (0, 0, 0);
        for_cases(0x5eed_ca95_0001, 40_000, 8, |k, x| {
            let scale = 2f64.powi((x.unit() * 40.0) as i32 - 20);
            let grid = k % 4 == 0;
            let snap = |v: f64| {
                if grid {
                    (v * 256.0).round() / 256.0
                } else {
                    v
                }
            };
            let pt = |p: P| Vec2::from_f64(snap(p.0), snap(p.1));
            let angle = |x: &mut Rng| {
                // Right angles and parallels are common in games: a quarter of the turns.
                if x.below(4) == 0 {
                    [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][x.below(4) as usize]
                } else {
                    let t = x.unit() * std::f64::consts::TAU;
                    (t.cos(), t.sin())
                }
            };
            let (c, u, half) = (
                ((x.unit() - 0.5) * scale, (x.unit() - 0.5) * scale),
                angle(x),
                scale * x.unit(),
            );
            let a = Capsule {
                a: pt((c.0 - u.0 * half, c.1 - u.1 * half)),
                b: pt((c.0 + u.0 * half, c.1 + u.1 * half)),
                r: (scale * x.unit()) as f32,
            };
            // The second core about a point along the first's line (inside it or past an end),
            // moved off that line by a share of the scale from 2^-40 to 1, or not at all.
            let along = 2.4 * x.unit() - 1.2;
            let off = match x.below(3) {
                0 => 0.0,
                _ => scale * 2f64.powi(-((x.unit() * 40.0) as i32)) * (x.unit() - 0.5),
            };
            let m = (
                c.0 + u.0 * half * along - u.1 * off,
                c.1 + u.1 * half * along + u.0 * off,
            );
            let (v, len) = (angle(x), scale * x.unit() * (k % 5) as f64);
            let b = Capsule {
                a: pt(m),
                b: pt((m.0 + v.0 * len, m.1 + v.1 * len)),
                r: (scale * x.unit()) as f32,
            };
            let circle = Circle {
                x: b.a.x,
                y: b.a.y,
                r: b.r,
            };
            let through_axes = |a: &Capsule, b: Option<Shape>, overlap: bool| {
                collide(overlapping(Some(overlap), Shape::capsule(a), b))
            };
            let pairs = [
                (
                    bits(collide_capsule_capsule(&a, &b)),
                    bits(through_axes(
                        &a,
                        Shape::capsule(&b),
                        overlap_capsule_capsule(&a, &b),
                    )),
                    overlap_capsule_capsule(&a, &b),
                ),
                (
                    bits(collide_capsule_circle(&a, circle)),
                    bits(through_axes(
                        &a,
                        Shape::circle(circle),
                        overlap_capsule_circle(&a, circle),
                    )),
                    overlap_capsule_circle(&a, circle),
                ),
            ];
            // The point lies in both shapes (within a millionth of the scale).
            let inside = |p: Vec2, k: &Capsule| {
                let s = nearest_on_segment(k.a.wide(), k.b.wide(), p.wide());
                let d = sub(p.wide(), s);
                dot(d, d).sqrt() <= k.r as f64 + scale * 1e-6
            };
            if let Some(c) = collide_capsule_capsule(&a, &b) {
                assert!(
                    inside(c.point, &a) && inside(c.point, &b),
                    "case {k}: {a:?} {b:?}"
                );
            }
            for (i, (got, want, overlap)) in pairs.into_iter().enumerate() {
                assert_eq!(got, want, "case {k}, pair {i}: {a:?} {b:?}");
                if overlap {
                    total += 1;
                    let core = if i == 0 {
                        [b.a.wide(), b.b.wide()]
                    } else {
                        [b.a.wide(); 2]
                    };
                    let ka = [a.a.wide(), a.b.wide()];
                    let (ra, rb) = (a.r as f64, b.r as f64);
                    if apart_cores(ka, 0.0, core, 0.0).is_some() {
                        apart += 1;
                    } else if crossing_cores(ka, ra, core, rb).is_some() {
                        crossing += 1;
                    }
                }
            }
        });
        // Every way is taken: cores apart and crossing ones directly, touching ones by the test.
        if !cfg!(miri) {
            assert!(apart * 4 > total, "{apart} of {total}");
            assert!(crossing * 10 > total, "{crossing} of {total}");
            assert!(
                (apart + crossing) * 10 < total * 9,
                "{apart} + {crossing} of {total}"
            );
        }
    }
}
