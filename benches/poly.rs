//! Polygons and capsules: ns per call of collide2d's C functions beside a plain f32 test written
//! here and parry2d's equivalent query, side by side in one run.
//!
//! As in `benches/abi.rs`, collide2d and the plain f32 tests are called through `extern "C"`
//! function pointers hidden from the optimiser; parry2d is called as a Rust program calls it
//! (`intersection_test` on `&dyn Shape`s with their poses, `cast_ray_and_get_normal`), on shapes
//! built beforehand (vertices about the shape's centre, the centre in the pose). Inputs: 1,000,000
//! pre-generated random pairs per row, half of them hitting (by collide2d's answer), in random
//! order; ray origins start outside the polygon, and every hit is written out. Reported: the
//! median of 9 passes over all pairs (`BENCH_PASSES`, `BENCH_CLOCK=thread` as in common/), the
//! three columns' passes taken in turn so that a noisy spell of the machine falls on all of them
//! alike, and below the table the share of pairs on which each other column answers as
//! collide2d does.
//!
//! The plain f32 tests are what a hand-written engine does, in f32, with no care for rounding:
//! polygons by separating axes over both polygons' edge normals (all axes, no early exit),
//! capsules by the clamped closest points of two segments, the ray by clipping against the edge
//! lines, the manifold as Box2D's b2CollidePolygons (reference face, incident face clipped to its
//! side planes), the rect sweep by the overlap-time intervals along those axes and its contact
//! point as the middle of the touching features. They may differ from collide2d's exact answers
//! near touching.
//!
//! After the table, collide2d alone, ns per call: the twelve polygon and capsule sweeps, then
//! the contacts and distances of polygons and capsules.
//!
//! Run: `cargo bench --bench poly` (add a name filter to run a subset: `cargo bench --bench poly -- capsule`).

mod common;

use collide2d::ffi::*;
use collide2d::{Capsule, Circle, Contact, Hit, Manifold, Poly, Rect, Vec2, POLY_MAX};
use common::{column, measure, measure_side_by_side, pairs, some_pairs, Rng};
use parry2d::math::{Pose, Vector};
use parry2d::query::details::contact_manifold_pfm_pfm;
use parry2d::query::{
    cast_shapes, intersection_test, ContactManifold, Ray, RayCast, ShapeCastOptions,
};
use parry2d::shape::{Ball, ConvexPolygon, Cuboid, Shape};
use std::hint::black_box;

// ---------------------------------------------------------------------------------------------
// Inputs.

/// A convex octagon: 8 points on a circle of radius 5..30 about a point of the field, one per
/// 45° sector with a random angle inside it.
fn octagon(r: &mut Rng) -> Poly {
    loop {
        let (c, radius, turn) = (r.vec(), r.f(5.0, 30.0), r.f(0.0, 45.0));
        let pts: Vec<Vec2> = (0..8)
            .map(|i| {
                let a = (turn + 45.0 * i as f32 + r.f(-12.0, 12.0)).to_radians();
                Vec2::new(c.x + radius * a.cos(), c.y + radius * a.sin())
            })
            .collect();
        let mut p = Poly::default();
        // SAFETY: `pts` holds 8 points; `p` is writable.
        let ok = unsafe { c2d_poly_make(pts.as_ptr(), pts.len(), &mut p) } == C2D_OK;
        if ok && p.count == 8 {
            return p;
        }
    }
}

fn capsule(r: &mut Rng) -> Capsule {
    let a = r.vec();
    let b = Vec2::new(a.x + r.f(-30.0, 30.0), a.y + r.f(-30.0, 30.0));
    Capsule::new(a, b, r.f(2.0, 15.0))
}

/// A ray origin outside the polygon and its motion of up to 60 units along each axis.
fn ray(r: &mut Rng, p: &Poly) -> (Vec2, Vec2) {
    loop {
        let o = r.vec();
        if !c2d_touch_point_poly(o, *p) {
            return (o, Vec2::new(r.f(-60.0, 60.0), r.f(-60.0, 60.0)));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The plain f32 tests.

fn sub(a: Vec2, b: Vec2) -> Vec2 {
    Vec2::new(a.x - b.x, a.y - b.y)
}

fn dot(a: Vec2, b: Vec2) -> f32 {
    a.x * b.x + a.y * b.y
}

/// Whether some edge of `a` (8 vertices, counter-clockwise) has every point of `b` on or beyond
/// it: every axis is tested, the answer or-ed up without a branch.
#[inline(always)]
fn sat_apart(a: &[Vec2; POLY_MAX], b: &[Vec2]) -> bool {
    let mut apart = false;
    for i in 0..POLY_MAX {
        let (v, w) = (a[i], a[(i + 1) % POLY_MAX]);
        let n = Vec2::new(w.y - v.y, v.x - w.x);
        let mut lo = f32::INFINITY;
        for &q in b {
            lo = lo.min(dot(n, sub(q, v)));
        }
        apart |= lo >= 0.0;
    }
    apart
}

extern "C" fn sat_poly_poly(a: Poly, b: Poly) -> bool {
    !(sat_apart(&a.verts, &b.verts) | sat_apart(&b.verts, &a.verts))
}

extern "C" fn sat_rect_poly(a: Rect, b: Poly) -> bool {
    let (x1, y1) = (a.x + a.w, a.y + a.h);
    let (mut lx, mut ly, mut hx, mut hy) =
        (f32::INFINITY, f32::INFINITY, -f32::INFINITY, -f32::INFINITY);
    for v in b.verts {
        (lx, ly, hx, hy) = (lx.min(v.x), ly.min(v.y), hx.max(v.x), hy.max(v.y));
    }
    let corners = [
        Vec2::new(a.x, a.y),
        Vec2::new(x1, a.y),
        Vec2::new(x1, y1),
        Vec2::new(a.x, y1),
    ];
    (lx < x1) & (a.x < hx) & (ly < y1) & (a.y < hy) & !sat_apart(&b.verts, &corners)
}

/// A rect moving by `d` against an 8-vertex polygon, swept by separating axes in f32: per axis
/// (the polygon's 8 edge normals and the rect's x and y) the interval of times the projections
/// overlap; the latest entry against the earliest exit, every axis computed, no early exit; for
/// a hit, the contact point as collide2d's sweep reports one.
unsafe extern "C" fn plain_sweep_rect_poly(a: Rect, d: Vec2, b: Poly, out: *mut Hit) -> bool {
    let (x1, y1) = (a.x + a.w, a.y + a.h);
    let corners = [
        Vec2::new(a.x, a.y),
        Vec2::new(x1, a.y),
        Vec2::new(x1, y1),
        Vec2::new(a.x, y1),
    ];
    let (mut enter, mut exit, mut normal) = (f32::NEG_INFINITY, f32::INFINITY, Vec2::new(0.0, 0.0));
    // Overlapping along an axis while `s + t·v < 0`.
    let mut axis = |s: f32, v: f32, n: Vec2| {
        let t = -s / v;
        let entering = v < 0.0;
        if entering & (t > enter) {
            enter = t;
            normal = n;
        }
        if (v > 0.0) & (t < exit) {
            exit = t;
        }
        if (v == 0.0) & (s >= 0.0) {
            exit = f32::NEG_INFINITY;
        }
    };
    for i in 0..POLY_MAX {
        let (p, q) = (b.verts[i], b.verts[(i + 1) % POLY_MAX]);
        let n = Vec2::new(q.y - p.y, p.x - q.x);
        let mut lo = f32::INFINITY;
        for &c in &corners {
            lo = lo.min(dot(n, sub(c, p)));
        }
        axis(lo, dot(n, d), n);
    }
    let (mut lx, mut ly, mut hx, mut hy) =
        (f32::INFINITY, f32::INFINITY, -f32::INFINITY, -f32::INFINITY);
    for v in b.verts {
        (lx, ly, hx, hy) = (lx.min(v.x), ly.min(v.y), hx.max(v.x), hy.max(v.y));
    }
    // The rect's faces: the polygon beyond x1, before a.x, beyond y1, before a.y.
    axis(lx - x1, -d.x, Vec2::new(-1.0, 0.0));
    axis(a.x - hx, d.x, Vec2::new(1.0, 0.0));
    axis(ly - y1, -d.y, Vec2::new(0.0, -1.0));
    axis(a.y - hy, d.y, Vec2::new(0.0, 1.0));
    let t = enter.max(0.0);
    let hit = (enter < exit) & (enter < 1.0) & (exit > 0.0);
    if hit && !out.is_null() {
        let len = (normal.x * normal.x + normal.y * normal.y).sqrt();
        let n = Vec2::new(normal.x / len, normal.y / len);
        let (dx, dy) = (t * d.x, t * d.y);
        let moved = corners.map(|c| Vec2::new(c.x + dx, c.y + dy));
        // SAFETY: `out` is NULL or writable.
        unsafe {
            *out = Hit {
                t,
                normal: n,
                point: touching_point(&moved, &b.verts, n),
                pos: moved[0],
            }
        };
    }
    hit
}

/// Where a moved rect touches a polygon, given the unit normal `n` from the polygon toward the
/// rect: the middle of the common part of the two nearest features (the points within a hair of
/// each shape's extreme toward the other), every point visited.
fn touching_point(rect: &[Vec2; 4], poly: &[Vec2; POLY_MAX], n: Vec2) -> Vec2 {
    let tangent = Vec2::new(-n.y, n.x);
    let feature = |pts: &[Vec2], dir: Vec2| {
        let top = pts
            .iter()
            .fold(f32::NEG_INFINITY, |m, &p| m.max(dot(p, dir)));
        let floor = top - (top.abs() + 1.0) * 1.0e-5;
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        for &p in pts {
            let (near, s) = (dot(p, dir) >= floor, dot(p, tangent));
            lo = if near { lo.min(s) } else { lo };
            hi = if near { hi.max(s) } else { hi };
        }
        (top, lo, hi)
    };
    let (h, lo1, hi1) = feature(poly, n);
    let (_, lo2, hi2) = feature(rect, Vec2::new(-n.x, -n.y));
    let s = (lo1.max(lo2) + hi1.min(hi2)) * 0.5;
    Vec2::new(n.x * h + tangent.x * s, n.y * h + tangent.y * s)
}

/// The squared distance between the segments `p1..q1` and `p2..q2` from their clamped closest
/// points.
#[inline(always)]
fn seg_seg_dist2(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> f32 {
    const TINY: f32 = 1.0e-30;
    let (d1, d2, r) = (sub(q1, p1), sub(q2, p2), sub(p1, p2));
    let (a, e, f) = (dot(d1, d1), dot(d2, d2), dot(d2, r));
    let (b, c) = (dot(d1, d2), dot(d1, r));
    let denom = (a * e - b * b).max(TINY);
    let s = ((b * f - c * e) / denom).clamp(0.0, 1.0);
    let t = ((b * s + f) / e.max(TINY)).clamp(0.0, 1.0);
    let s = ((b * t - c) / a.max(TINY)).clamp(0.0, 1.0);
    let g = Vec2::new(r.x + d1.x * s - d2.x * t, r.y + d1.y * s - d2.y * t);
    dot(g, g)
}

extern "C" fn plain_capsule_capsule(a: Capsule, b: Capsule) -> bool {
    let r = a.r + b.r;
    seg_seg_dist2(a.a, a.b, b.a, b.b) < r * r
}

extern "C" fn plain_capsule_circle(a: Capsule, b: Circle) -> bool {
    let (d, f) = (sub(a.b, a.a), Vec2::new(b.x - a.a.x, b.y - a.a.y));
    let t = (dot(f, d) / dot(d, d).max(1.0e-30)).clamp(0.0, 1.0);
    let g = Vec2::new(f.x - d.x * t, f.y - d.y * t);
    let r = a.r + b.r;
    dot(g, g) < r * r
}

/// The ray `o + t·d`, t in [0, 1], clipped against the 8 edge lines of `b`: the latest entry and
/// the earliest exit.
unsafe extern "C" fn plain_raycast_poly(o: Vec2, d: Vec2, b: Poly, out: *mut Hit) -> bool {
    let (mut enter, mut exit, mut normal, mut ok) = (0.0f32, 1.0f32, Vec2::new(0.0, 0.0), true);
    for i in 0..POLY_MAX {
        let (v, w) = (b.verts[i], b.verts[(i + 1) % POLY_MAX]);
        let n = Vec2::new(w.y - v.y, v.x - w.x);
        let (num, den) = (dot(n, sub(v, o)), dot(n, d));
        let t = num / den;
        let entering = den < 0.0;
        if entering && t > enter {
            enter = t;
            normal = n;
        }
        if den > 0.0 {
            exit = exit.min(t);
        }
        ok &= den != 0.0 || num >= 0.0;
    }
    let hit = ok && enter <= exit;
    if hit && !out.is_null() {
        let len = dot(normal, normal).sqrt();
        let pos = Vec2::new(o.x + d.x * enter, o.y + d.y * enter);
        // SAFETY: the caller passes NULL or a writable Hit.
        unsafe {
            *out = Hit {
                t: enter,
                normal: Vec2::new(normal.x / len, normal.y / len),
                point: pos,
                pos,
            }
        };
    }
    hit
}

/// Box2D's polygon manifold (b2CollidePolygons) in f32 for two 8-vertex polygons: the face of
/// greatest separation on either polygon is the reference, the other's face most against its
/// normal is clipped to the reference face's side planes, and the clipped points below the
/// reference face are the contacts.
unsafe extern "C" fn plain_manifold_poly_poly(a: Poly, b: Poly, out: *mut Manifold) -> bool {
    #[inline(always)]
    fn unit(v: Vec2) -> Vec2 {
        let l = dot(v, v).sqrt();
        Vec2::new(v.x / l, v.y / l)
    }
    #[inline(always)]
    fn normal(p: &[Vec2; POLY_MAX], i: usize) -> Vec2 {
        let (v, w) = (p[i], p[(i + 1) % POLY_MAX]);
        unit(Vec2::new(w.y - v.y, v.x - w.x))
    }
    /// The greatest separation of `b` from a face of `a`, and that face.
    #[inline(always)]
    fn max_separation(a: &[Vec2; POLY_MAX], b: &[Vec2; POLY_MAX]) -> (f32, usize) {
        let mut best = (f32::NEG_INFINITY, 0);
        for i in 0..POLY_MAX {
            let n = normal(a, i);
            let mut lo = f32::INFINITY;
            for &q in b {
                lo = lo.min(dot(n, sub(q, a[i])));
            }
            if lo > best.0 {
                best = (lo, i);
            }
        }
        best
    }
    let (sa, ia) = max_separation(&a.verts, &b.verts);
    let (sb, ib) = max_separation(&b.verts, &a.verts);
    let mut m = Manifold::default();
    if sa < 0.0 && sb < 0.0 {
        let flip = sb > sa;
        let (rf, inc, i) = if flip {
            (&b.verts, &a.verts, ib)
        } else {
            (&a.verts, &b.verts, ia)
        };
        let n = normal(rf, i);
        let mut e = 0;
        let mut least = f32::INFINITY;
        for j in 0..POLY_MAX {
            let d = dot(normal(inc, j), n);
            if d < least {
                (least, e) = (d, j);
            }
        }
        let (v1, v2) = (rf[i], rf[(i + 1) % POLY_MAX]);
        let t = unit(sub(v2, v1));
        let mut seg = [inc[e], inc[(e + 1) % POLY_MAX]];
        // Clip to the two side planes (b2ClipSegmentToLine).
        let mut ok = true;
        for (dir, off) in [(Vec2::new(-t.x, -t.y), v1), (t, v2)] {
            let (d0, d1) = (dot(dir, sub(seg[0], off)), dot(dir, sub(seg[1], off)));
            if d0 > 0.0 && d1 > 0.0 {
                ok = false;
            } else if d0 > 0.0 || d1 > 0.0 {
                let k = d0 / (d0 - d1);
                let p = Vec2::new(
                    seg[0].x + k * (seg[1].x - seg[0].x),
                    seg[0].y + k * (seg[1].y - seg[0].y),
                );
                if d0 > 0.0 {
                    seg[0] = p;
                } else {
                    seg[1] = p;
                }
            }
        }
        if ok {
            for p in seg {
                let sep = dot(n, sub(p, v1));
                if sep <= 0.0 {
                    let k = m.count as usize;
                    m.depth[k] = -sep;
                    m.point[k] = p;
                    m.count += 1;
                }
            }
        }
        m.normal = if flip { Vec2::new(-n.x, -n.y) } else { n };
    }
    if !out.is_null() {
        // SAFETY: the caller passes NULL or a writable Manifold.
        unsafe { *out = m };
    }
    m.count > 0
}

// ---------------------------------------------------------------------------------------------
// parry2d's shapes.

fn v(p: Vec2) -> Vector {
    Vector::new(p.x, p.y)
}

fn centre(p: &Poly) -> Vec2 {
    let s = p
        .verts
        .iter()
        .fold((0.0, 0.0), |s, v| (s.0 + v.x, s.1 + v.y));
    Vec2::new(s.0 / POLY_MAX as f32, s.1 / POLY_MAX as f32)
}

fn parry_poly(p: &Poly) -> (Pose, ConvexPolygon) {
    let c = centre(p);
    let pts = p.verts.iter().map(|&q| v(sub(q, c))).collect();
    let shape = ConvexPolygon::from_convex_polyline_unmodified(pts).expect("a convex octagon");
    (Pose::from_translation(v(c)), shape)
}

fn parry_capsule(k: &Capsule) -> (Pose, parry2d::shape::Capsule) {
    let c = Vec2::new((k.a.x + k.b.x) * 0.5, (k.a.y + k.b.y) * 0.5);
    let shape = parry2d::shape::Capsule::new(v(sub(k.a, c)), v(sub(k.b, c)), k.r);
    (Pose::from_translation(v(c)), shape)
}

fn parry_ball(c: &Circle) -> (Pose, Ball) {
    (Pose::translation(c.x, c.y), Ball::new(c.r))
}

fn parry_cuboid(r: &Rect) -> (Pose, Cuboid) {
    let half = Vector::new(r.w * 0.5, r.h * 0.5);
    (
        Pose::translation(r.x + half.x, r.y + half.y),
        Cuboid::new(half),
    )
}

fn parry_test(a: &(Pose, impl Shape), b: &(Pose, impl Shape)) -> bool {
    intersection_test(&a.0, &a.1, &b.0, &b.1).is_ok_and(|i| i.intersecting)
}

// ---------------------------------------------------------------------------------------------
// Rows.

struct Row {
    name: &'static str,
    ours: f64,
    plain: f64,
    parry: f64,
    plain_agree: f64,
    parry_agree: f64,
}

impl Row {
    /// A row from its three columns' times (collide2d, plain f32, parry2d) and agreement shares.
    fn new(name: &'static str, t: &[f64], plain_agree: f64, parry_agree: f64) -> Row {
        Row {
            name,
            ours: t[0],
            plain: t[1],
            parry: t[2],
            plain_agree,
            parry_agree,
        }
    }
}

/// The share of `data` on which `answer` agrees with collide2d's answers `want`.
fn agreement<T>(data: &[T], want: &[bool], answer: impl Fn(&T) -> bool) -> f64 {
    let same = data
        .iter()
        .zip(want)
        .filter(|(d, &w)| answer(d) == w)
        .count();
    same as f64 / data.len() as f64
}

/// A predicate row: collide2d's and the plain function through pointers, parry2d on its shapes.
fn bool_row<A: Copy, B: Copy, PA: Shape, PB: Shape>(
    name: &'static str,
    rng: &mut Rng,
    gen: impl FnMut(&mut Rng) -> (A, B),
    ours: extern "C" fn(A, B) -> bool,
    plain: extern "C" fn(A, B) -> bool,
    pa: impl Fn(&A) -> (Pose, PA),
    pb: impl Fn(&B) -> (Pose, PB),
) -> Row {
    let (ours, plain) = (black_box(ours), black_box(plain));
    let data = pairs(rng, gen, |a, b| ours(a, b));
    let want: Vec<bool> = data.iter().map(|&(a, b)| ours(a, b)).collect();
    let plain_agree = agreement(&data, &want, |&(a, b)| plain(a, b));
    let shapes: Vec<_> = data.iter().map(|(a, b)| (pa(a), pb(b))).collect();
    let t = measure_side_by_side(vec![
        column(&data, |&(a, b)| ours(a, b)),
        column(&data, |&(a, b)| plain(a, b)),
        column(&shapes, |(a, b)| parry_test(a, b)),
    ]);
    let parry_agree = agreement(&shapes, &want, |(a, b)| parry_test(a, b));
    Row::new(name, &t, plain_agree, parry_agree)
}

/// A motion against an 8-vertex polygon, writing a Hit: `(start, delta, poly, out)`.
type Motion<A> = unsafe extern "C" fn(A, Vec2, Poly, *mut Hit) -> bool;

/// A motion row: collide2d's and the plain function through pointers, each writing its hits;
/// parry2d's query on its shapes, its time of impact and normal summed so they are computed.
fn hit_row<A: Copy, S>(
    name: &'static str,
    rng: &mut Rng,
    gen: impl FnMut(&mut Rng) -> ((A, Vec2), Poly),
    (ours, plain): (Motion<A>, Motion<A>),
    parry_shape: impl Fn(&((A, Vec2), Poly)) -> S,
    parry: impl Fn(&S) -> Option<f32>,
) -> Row {
    let (ours, plain) = (black_box(ours), black_box(plain));
    // SAFETY: NULL is a valid `out`.
    let call =
        |f: Motion<A>, (a, d): (A, Vec2), p: Poly| unsafe { f(a, d, p, std::ptr::null_mut()) };
    let data = pairs(rng, gen, |ad, p| call(ours, ad, p));
    let want: Vec<bool> = data.iter().map(|&(ad, p)| call(ours, ad, p)).collect();
    let plain_agree = agreement(&data, &want, |&(ad, p)| call(plain, ad, p));
    let shapes: Vec<S> = data.iter().map(parry_shape).collect();
    let mut outs = [Hit::default(); 2];
    let [out_ours, out_plain] = &mut outs;
    let mut sum = 0.0;
    let t = measure_side_by_side(vec![
        // SAFETY: `out_ours` is a live, writable Hit.
        column(&data, |&((a, d), p)| unsafe { ours(a, d, p, out_ours) }),
        // SAFETY: `out_plain` is a live, writable Hit.
        column(&data, |&((a, d), p)| unsafe { plain(a, d, p, out_plain) }),
        column(&shapes, |s| parry(s).map(|x| sum += x).is_some()),
    ]);
    black_box((outs, sum));
    let parry_agree = agreement(&shapes, &want, |s| parry(s).is_some());
    Row::new(name, &t, plain_agree, parry_agree)
}

fn raycast_row(rng: &mut Rng) -> Row {
    hit_row(
        "ray cast, 8-vertex polygon (`c2d_raycast_poly`)",
        rng,
        |r| {
            let p = octagon(r);
            (ray(r, &p), p)
        },
        (c2d_raycast_poly, plain_raycast_poly),
        |&((o, d), p)| (Ray::new(v(o), v(d)), parry_poly(&p)),
        |(ray, (pose, shape))| {
            let hit = shape.cast_ray_and_get_normal(pose, ray, 1.0, true)?;
            Some(hit.time_of_impact + hit.normal.x)
        },
    )
}

type Manifolds = unsafe extern "C" fn(Poly, Poly, *mut Manifold) -> bool;

/// The manifold row: two points per resting pair; parry2d's `contact_manifold_pfm_pfm` (what its
/// query dispatcher calls for two convex polygons) into a fresh manifold per pair.
fn manifold_row(rng: &mut Rng) -> Row {
    let ours = black_box(c2d_manifold_poly_poly as Manifolds);
    let plain = black_box(plain_manifold_poly_poly as Manifolds);
    // SAFETY: NULL is a valid `out`.
    let ask = |f: Manifolds, a: Poly, b: Poly| unsafe { f(a, b, std::ptr::null_mut()) };
    let data = pairs(rng, |r| (octagon(r), octagon(r)), |a, b| ask(ours, a, b));
    let want: Vec<bool> = data.iter().map(|&(a, b)| ask(ours, a, b)).collect();
    let plain_agree = agreement(&data, &want, |&(a, b)| ask(plain, a, b));
    let shapes: Vec<_> = data
        .iter()
        .map(|(a, b)| (parry_poly(a), parry_poly(b)))
        .collect();
    let parry_manifold = |((p1, s1), (p2, s2)): &((Pose, ConvexPolygon), (Pose, ConvexPolygon))| {
        let mut m = ContactManifold::<(), ()>::new();
        let pos12 = p1.inv_mul(p2);
        contact_manifold_pfm_pfm(&pos12, s1, 0.0, None, s2, 0.0, None, 0.0, &mut m);
        m
    };
    let mut outs = [Manifold::default(); 2];
    let [out_ours, out_plain] = &mut outs;
    let mut depth = 0.0;
    let t = measure_side_by_side(vec![
        // SAFETY: `out_ours` is a live, writable Manifold.
        column(&data, |&(a, b)| unsafe { ours(a, b, out_ours) }),
        // SAFETY: `out_plain` is a live, writable Manifold.
        column(&data, |&(a, b)| unsafe { plain(a, b, out_plain) }),
        column(&shapes, |s| {
            let m = parry_manifold(s);
            depth += m.points.first().map_or(0.0, |p| p.dist);
            !m.points.is_empty()
        }),
    ]);
    black_box((outs, depth));
    let parry_agree = agreement(&shapes, &want, |s| !parry_manifold(s).points.is_empty());
    Row::new(
        "manifold, poly–poly, 8 vertices each (`c2d_manifold_poly_poly`)",
        &t,
        plain_agree,
        parry_agree,
    )
}

/// A rect moving up to 60 units along each axis against an 8-vertex polygon: collide2d's sweep,
/// the plain f32 swept separating axes, and parry2d's `cast_shapes` (time of impact, the rect a
/// cuboid moving by `delta` over a time of 1).
fn sweep_row(rng: &mut Rng) -> Row {
    let options = ShapeCastOptions::with_max_time_of_impact(1.0);
    hit_row(
        "rect sweep, 8-vertex polygon (`c2d_sweep_rect_poly`)",
        rng,
        |r| {
            (
                (r.rect(), Vec2::new(r.f(-60.0, 60.0), r.f(-60.0, 60.0))),
                octagon(r),
            )
        },
        (c2d_sweep_rect_poly, plain_sweep_rect_poly),
        |&((a, d), p)| (parry_cuboid(&a), v(d), parry_poly(&p)),
        |((pa, ca), d, (pb, cb))| {
            let hit = cast_shapes(pa, *d, ca, pb, Vector::ZERO, cb, options).ok()??;
            Some(hit.time_of_impact + hit.normal1.x)
        },
    )
}

/// ns per call of each polygon and capsule sweep through the C ABI (collide2d alone): a mover
/// of the first kind moving up to 60 units along each axis against a target of the second,
/// 100,000 random cases (hits and misses as they fall; the same cases on every run).
fn sweep_table(rng: &mut Rng, wanted: impl Fn(&str) -> bool) {
    // Each row: the function, how its mover is drawn, how its target is drawn.
    macro_rules! sweeps {
        ($($f:ident: $a:expr, $b:expr;)*) => {$(
            if wanted(stringify!($f)) {
                let f = black_box($f as unsafe extern "C" fn(_, Vec2, _, *mut Hit) -> bool);
                let data: Vec<_> = (0..100_000)
                    .map(|_| {
                        (
                            $a(&mut *rng),
                            Vec2::new(rng.f(-60.0, 60.0), rng.f(-60.0, 60.0)),
                            $b(&mut *rng),
                        )
                    })
                    .collect();
                let mut out = Hit::default();
                // SAFETY: `out` is a live, writable Hit.
                let ns = measure(&data, |&(a, d, b)| unsafe { f(a, d, b, &mut out) });
                black_box(out);
                println!("| `{}` | {:.2} |", stringify!($f), ns);
            }
        )*};
    }
    println!("\n| sweep (through the C ABI) | collide2d ns |\n|---|---:|");
    let rect = |r: &mut Rng| r.rect();
    let circle = |r: &mut Rng| r.circle();
    sweeps! {
        c2d_sweep_rect_poly: rect, octagon;
        c2d_sweep_rect_capsule: rect, capsule;
        c2d_sweep_circle_poly: circle, octagon;
        c2d_sweep_circle_capsule: circle, capsule;
        c2d_sweep_capsule_poly: capsule, octagon;
        c2d_sweep_capsule_capsule: capsule, capsule;
        c2d_sweep_capsule_rect: capsule, rect;
        c2d_sweep_capsule_circle: capsule, circle;
        c2d_sweep_poly_poly: octagon, octagon;
        c2d_sweep_poly_capsule: octagon, capsule;
        c2d_sweep_poly_rect: octagon, rect;
        c2d_sweep_poly_circle: octagon, circle;
    }
}

/// ns per call of the contacts and distances of polygons and capsules through the C ABI
/// (collide2d alone): 100,000 pairs, half of them overlapping (the contact rows) or touching (the
/// distance rows) by the library's own predicate, the rest apart; the same pairs on every run.
fn contact_table(rng: &mut Rng, wanted: impl Fn(&str) -> bool) {
    // Each row: the function, the predicate that splits its pairs, how each shape is drawn. The
    // contacts write a Contact; the distances answer whether the gap is over a unit.
    macro_rules! rows {
        (@row $f:ident, $split:ident, $a:expr, $b:expr, $call:expr) => {
            if wanted(stringify!($f)) {
                let draw = |r: &mut Rng| ($a(&mut *r), $b(&mut *r));
                let data = some_pairs(100_000, rng, draw, |a, b| $split(a, b));
                let ns = measure(&data, $call);
                println!("| `{}` | {:.2} |", stringify!($f), ns);
            }
        };
        (contacts: $($f:ident ($split:ident): $a:expr, $b:expr;)*) => {$({
            let mut out = Contact::default();
            // SAFETY: `out` is a live, writable Contact.
            rows!(@row $f, $split, $a, $b, |&(a, b)| unsafe { $f(a, b, &mut out) });
            black_box(out);
        })*};
        (distances: $($f:ident ($split:ident): $a:expr, $b:expr;)*) => {$(
            rows!(@row $f, $split, $a, $b, |&(a, b)| $f(a, b) > 1.0);
        )*};
    }
    println!("\n| contact or distance (through the C ABI) | collide2d ns |\n|---|---:|");
    let rect = |r: &mut Rng| r.rect();
    let obb = |r: &mut Rng| r.obb();
    let circle = |r: &mut Rng| r.circle();
    rows! {
        contacts:
        c2d_collide_rect_poly (c2d_overlap_rect_poly): rect, octagon;
        c2d_collide_poly_poly (c2d_overlap_poly_poly): octagon, octagon;
        c2d_collide_rect_capsule (c2d_overlap_rect_capsule): rect, capsule;
        c2d_collide_obb_capsule (c2d_overlap_obb_capsule): obb, capsule;
        c2d_collide_poly_capsule (c2d_overlap_poly_capsule): octagon, capsule;
        c2d_collide_capsule_circle (c2d_overlap_capsule_circle): capsule, circle;
        c2d_collide_capsule_capsule (c2d_overlap_capsule_capsule): capsule, capsule;
    }
    rows! {
        distances:
        c2d_distance_rect_poly (c2d_touch_rect_poly): rect, octagon;
        c2d_distance_obb_poly (c2d_touch_obb_poly): obb, octagon;
        c2d_distance_poly_poly (c2d_touch_poly_poly): octagon, octagon;
        c2d_distance_rect_capsule (c2d_touch_rect_capsule): rect, capsule;
        c2d_distance_obb_capsule (c2d_touch_obb_capsule): obb, capsule;
        c2d_distance_poly_capsule (c2d_touch_poly_capsule): octagon, capsule;
        c2d_distance_capsule_circle (c2d_touch_capsule_circle): capsule, circle;
        c2d_distance_capsule_capsule (c2d_touch_capsule_capsule): capsule, capsule;
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let filter = args.first().map(String::as_str);
    let wanted = |name: &str| filter.is_none_or(|f| name.contains(f));
    let rng = &mut Rng(0x5EED_C011_1DE2_D000);
    let mut rows = Vec::new();
    let name = "poly–poly, 8 vertices each (`c2d_overlap_poly_poly`)";
    if wanted(name) {
        rows.push(bool_row(
            name,
            rng,
            |r| (octagon(r), octagon(r)),
            c2d_overlap_poly_poly,
            sat_poly_poly,
            parry_poly,
            parry_poly,
        ));
    }
    let name = "capsule–capsule (`c2d_overlap_capsule_capsule`)";
    if wanted(name) {
        rows.push(bool_row(
            name,
            rng,
            |r| (capsule(r), capsule(r)),
            c2d_overlap_capsule_capsule,
            plain_capsule_capsule,
            parry_capsule,
            parry_capsule,
        ));
    }
    let name = "capsule–circle (`c2d_overlap_capsule_circle`)";
    if wanted(name) {
        rows.push(bool_row(
            name,
            rng,
            |r| (capsule(r), r.circle()),
            c2d_overlap_capsule_circle,
            plain_capsule_circle,
            parry_capsule,
            parry_ball,
        ));
    }
    let name = "rect–poly, 8 vertices (`c2d_overlap_rect_poly`)";
    if wanted(name) {
        rows.push(bool_row(
            name,
            rng,
            |r| (r.rect(), octagon(r)),
            c2d_overlap_rect_poly,
            sat_rect_poly,
            parry_cuboid,
            parry_poly,
        ));
    }
    if wanted("ray cast, 8-vertex polygon (`c2d_raycast_poly`)") {
        rows.push(raycast_row(rng));
    }
    if wanted("manifold, poly–poly, 8 vertices each (`c2d_manifold_poly_poly`)") {
        rows.push(manifold_row(rng));
    }
    if wanted("rect sweep, 8-vertex polygon (`c2d_sweep_rect_poly`)") {
        rows.push(sweep_row(rng));
    }
    println!("| pair | collide2d ns | plain f32 ns | parry2d 0.31 ns |\n|---|---:|---:|---:|");
    for r in &rows {
        println!(
            "| {} | {:.2} | {:.2} | {:.2} |",
            r.name, r.ours, r.plain, r.parry
        );
    }
    println!("\nAnswers alike with collide2d (share of pairs):\n");
    for r in &rows {
        println!(
            "- {}: plain f32 {:.4} %, parry2d {:.4} %",
            r.name,
            100.0 * r.plain_agree,
            100.0 * r.parry_agree
        );
    }
    sweep_table(rng, wanted);
    contact_table(rng, wanted);
}
