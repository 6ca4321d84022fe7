//! Contacts, manifolds, distances and the capsule ray cast for polygons and capsules.
//!
//! Shapes are drawn on the grid (multiples of 1/256): hulls of random points, rects, boxes at
//! any angle, circles and capsules, often placed so that they just overlap. The oracle is the
//! support-function form of the separating-axis theorem, sampled over 4096 directions and
//! refined: for convex shapes `f(u) = min over b of u·b - max over a of u·a` is at most the gap
//! between them, with equality at the best `u`; when they overlap, `-max f` is the penetration
//! depth and the best `u` the minimum translation direction. Nothing of the library's own
//! geometry is reused by the oracle.
//!
//! `C2D_POLY_CONTACT_CASES` sets the cases per pair (default 3,000).

mod common;

use collide2d::ffi::*;
use collide2d::*;
use common::*;

type P = (f64, f64);

fn cases() -> u64 {
    std::env::var("C2D_POLY_CONTACT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000)
}

// ---- Shapes ----

#[derive(Clone, Copy, Debug)]
enum Shape {
    Poly(Poly),
    Rect(Rect),
    Obb(Obb),
    Circle(Circle),
    Capsule(Capsule),
}

impl Shape {
    /// The core's points and the radius.
    fn core(&self) -> (Vec<P>, f64) {
        let w = |v: Vec2| (v.x as f64, v.y as f64);
        match *self {
            Shape::Poly(p) => (
                p.verts[..p.count as usize].iter().map(|&v| w(v)).collect(),
                0.0,
            ),
            Shape::Rect(r) => {
                let (x0, y0) = (r.x as f64, r.y as f64);
                let (x1, y1) = (x0 + r.w as f64, y0 + r.h as f64);
                (vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)], 0.0)
            }
            Shape::Obb(o) => {
                let (c, s) = (o.rot.c as f64, o.rot.s as f64);
                let l = (c * c + s * s).sqrt();
                let (c, s) = (c / l, s / l);
                let (hx, hy) = (o.half.x as f64, o.half.y as f64);
                let (cx, cy) = (o.center.x as f64, o.center.y as f64);
                let pts = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                    .iter()
                    .map(|&(sx, sy)| {
                        let (lx, ly) = (sx * hx, sy * hy);
                        (cx + c * lx - s * ly, cy + s * lx + c * ly)
                    })
                    .collect();
                (pts, 0.0)
            }
            Shape::Circle(c) => (vec![(c.x as f64, c.y as f64)], c.r as f64),
            Shape::Capsule(k) => (vec![w(k.a), w(k.b)], k.r as f64),
        }
    }

    fn moved(&self, d: P) -> Shape {
        let m = |v: Vec2| Vec2::new((v.x as f64 + d.0) as f32, (v.y as f64 + d.1) as f32);
        match *self {
            Shape::Poly(mut p) => {
                for v in p.verts.iter_mut() {
                    *v = m(*v);
                }
                Shape::Poly(p)
            }
            Shape::Rect(r) => {
                let c = m(Vec2::new(r.x, r.y));
                Shape::Rect(Rect::new(c.x, c.y, r.w, r.h))
            }
            Shape::Obb(o) => Shape::Obb(Obb::new(m(o.center), o.half, o.rot)),
            Shape::Circle(c) => {
                let p = m(c.center());
                Shape::Circle(Circle::new(p.x, p.y, c.r))
            }
            Shape::Capsule(k) => Shape::Capsule(Capsule::new(m(k.a), m(k.b), k.r)),
        }
    }

    /// The largest coordinate magnitude, for tolerances.
    fn scale(&self) -> f64 {
        let (pts, r) = self.core();
        pts.iter()
            .fold(r.abs(), |s, p| s.max(p.0.abs()).max(p.1.abs()))
    }

    /// The distance from `p` to the shape (0 inside).
    fn dist_to(&self, p: P) -> f64 {
        let (pts, r) = self.core();
        let core = if pts.len() > 2 && inside_loop(&pts, p) {
            0.0
        } else {
            (0..pts.len())
                .map(|i| seg_dist(p, pts[i], pts[(i + 1) % pts.len()]))
                .fold(f64::INFINITY, f64::min)
        };
        (core - r).max(0.0)
    }
}

fn dot(a: P, b: P) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

fn seg_dist(p: P, a: P, b: P) -> f64 {
    let d = (b.0 - a.0, b.1 - a.1);
    let l2 = dot(d, d);
    let t = if l2 == 0.0 {
        0.0
    } else {
        (dot((p.0 - a.0, p.1 - a.1), d) / l2).clamp(0.0, 1.0)
    };
    let q = (a.0 + d.0 * t, a.1 + d.1 * t);
    ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
}

/// Inside a convex loop of either winding (closed).
fn inside_loop(pts: &[P], p: P) -> bool {
    let n = pts.len();
    let cross: Vec<f64> = (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
        })
        .collect();
    cross.iter().all(|&c| c >= 0.0) || cross.iter().all(|&c| c <= 0.0)
}

// ---- The oracle ----

/// `f(u)` for the unit direction at angle `th`: how far `b` lies beyond `a` along it.
fn gap_along(a: &Shape, b: &Shape, th: f64) -> f64 {
    let u = (th.cos(), th.sin());
    let (pa, ra) = a.core();
    let (pb, rb) = b.core();
    let max_a = pa
        .iter()
        .map(|&p| dot(u, p))
        .fold(f64::NEG_INFINITY, f64::max);
    let min_b = pb.iter().map(|&p| dot(u, p)).fold(f64::INFINITY, f64::min);
    min_b - max_a - ra - rb
}

/// The best direction's angle and `f` there: the gap (> 0) or minus the penetration depth.
/// Every local maximum of the samples is refined (golden section within a step either side),
/// since two faces can give nearly equal maxima.
fn oracle(a: &Shape, b: &Shape) -> (f64, f64) {
    const N: usize = 4096;
    let step = std::f64::consts::TAU / N as f64;
    let f: Vec<f64> = (0..N).map(|i| gap_along(a, b, i as f64 * step)).collect();
    let mut best = (0.0, f64::NEG_INFINITY);
    for i in 0..N {
        let (l, r) = (f[(i + N - 1) % N], f[(i + 1) % N]);
        if f[i] < l || f[i] < r {
            continue;
        }
        let (mut lo, mut hi) = ((i as f64 - 1.0) * step, (i as f64 + 1.0) * step);
        let k = (5f64.sqrt() - 1.0) / 2.0;
        for _ in 0..50 {
            let (m1, m2) = (hi - k * (hi - lo), lo + k * (hi - lo));
            if gap_along(a, b, m1) < gap_along(a, b, m2) {
                lo = m1;
            } else {
                hi = m2;
            }
        }
        let th = (lo + hi) / 2.0;
        for (t, v) in [(th, gap_along(a, b, th)), (i as f64 * step, f[i])] {
            if v > best.1 {
                best = (t, v);
            }
        }
    }
    best
}

// ---- Random shapes on the grid ----

fn gp(rng: &mut Rng, c: (i64, i64), size: i64) -> Vec2 {
    Vec2::new(
        g(c.0 + rng.range(-size, size)),
        g(c.1 + rng.range(-size, size)),
    )
}

fn centre(rng: &mut Rng) -> (i64, i64) {
    (rng.range(-4096, 4096), rng.range(-4096, 4096))
}

fn size(rng: &mut Rng) -> i64 {
    match rng.below(3) {
        0 => rng.range(4, 64),
        1 => rng.range(64, 1024),
        _ => rng.range(1024, 4096),
    }
}

fn rand_poly(rng: &mut Rng, c: (i64, i64)) -> Poly {
    loop {
        let s = size(rng);
        let n = 3 + rng.below(10) as usize;
        let pts: Vec<Vec2> = (0..n).map(|_| gp(rng, c, s)).collect();
        if let Ok(p) = Poly::hull(&pts) {
            return p;
        }
    }
}

fn rand_shape(rng: &mut Rng, kind: u8, c: (i64, i64)) -> Shape {
    match kind {
        b'p' => Shape::Poly(rand_poly(rng, c)),
        b'r' => {
            let (w, h) = (size(rng), size(rng));
            Shape::Rect(Rect::new(g(c.0 - w / 2), g(c.1 - h / 2), g(w), g(h)))
        }
        b'o' => {
            let deg = if rng.chance(1, 2) {
                90.0 * rng.below(4) as f32
            } else {
                rng.range(0, 359) as f32
            };
            Shape::Obb(Obb::new(
                Vec2::new(g(c.0), g(c.1)),
                Vec2::new(g(size(rng) / 2), g(size(rng) / 2)),
                Rot::from_degrees(deg),
            ))
        }
        b'c' => Shape::Circle(Circle::new(g(c.0), g(c.1), g(size(rng) / 2))),
        _ => {
            let s = size(rng);
            let a = gp(rng, c, s);
            let b = if rng.chance(1, 6) { a } else { gp(rng, c, s) };
            let r = if rng.chance(1, 10) {
                0.0
            } else {
                g(size(rng) / 4)
            };
            Shape::Capsule(Capsule::new(a, b, r))
        }
    }
}

// ---- The pairs through one interface ----

#[derive(Clone, Copy)]
enum Pair {
    RectPoly,
    ObbPoly,
    PolyPoly,
    PolyCircle,
    PolyCapsule,
    RectCapsule,
    ObbCapsule,
    CapsuleCircle,
    CapsuleCapsule,
}

const PAIRS: [(Pair, u8, u8, &str); 9] = [
    (Pair::RectPoly, b'r', b'p', "rect_poly"),
    (Pair::ObbPoly, b'o', b'p', "obb_poly"),
    (Pair::PolyPoly, b'p', b'p', "poly_poly"),
    (Pair::PolyCircle, b'p', b'c', "poly_circle"),
    (Pair::PolyCapsule, b'p', b'k', "poly_capsule"),
    (Pair::RectCapsule, b'r', b'k', "rect_capsule"),
    (Pair::ObbCapsule, b'o', b'k', "obb_capsule"),
    (Pair::CapsuleCircle, b'k', b'c', "capsule_circle"),
    (Pair::CapsuleCapsule, b'k', b'k', "capsule_capsule"),
];

/// (overlap, touch, collide, distance, manifold if flat) for a pair.
#[allow(clippy::type_complexity)]
fn ask(pair: Pair, a: &Shape, b: &Shape) -> (bool, bool, Option<Contact>, f32, Option<Manifold>) {
    use Shape as S;
    match (pair, *a, *b) {
        (Pair::RectPoly, S::Rect(a), S::Poly(b)) => (
            overlap_rect_poly(a, &b),
            touch_rect_poly(a, &b),
            collide_rect_poly(a, &b),
            distance_rect_poly(a, &b),
            Some(manifold_rect_poly(a, &b)),
        ),
        (Pair::ObbPoly, S::Obb(a), S::Poly(b)) => (
            overlap_obb_poly(a, &b),
            touch_obb_poly(a, &b),
            collide_obb_poly(a, &b),
            distance_obb_poly(a, &b),
            Some(manifold_obb_poly(a, &b)),
        ),
        (Pair::PolyPoly, S::Poly(a), S::Poly(b)) => (
            overlap_poly_poly(&a, &b),
            touch_poly_poly(&a, &b),
            collide_poly_poly(&a, &b),
            distance_poly_poly(&a, &b),
            Some(manifold_poly_poly(&a, &b)),
        ),
        (Pair::PolyCircle, S::Poly(a), S::Circle(b)) => (
            overlap_poly_circle(&a, b),
            touch_poly_circle(&a, b),
            collide_poly_circle(&a, b),
            distance_poly_circle(&a, b),
            None,
        ),
        (Pair::PolyCapsule, S::Poly(a), S::Capsule(b)) => (
            overlap_poly_capsule(&a, &b),
            touch_poly_capsule(&a, &b),
            collide_poly_capsule(&a, &b),
            distance_poly_capsule(&a, &b),
            None,
        ),
        (Pair::RectCapsule, S::Rect(a), S::Capsule(b)) => (
            overlap_rect_capsule(a, &b),
            touch_rect_capsule(a, &b),
            collide_rect_capsule(a, &b),
            distance_rect_capsule(a, &b),
            None,
        ),
        (Pair::ObbCapsule, S::Obb(a), S::Capsule(b)) => (
            overlap_obb_capsule(a, &b),
            touch_obb_capsule(a, &b),
            collide_obb_capsule(a, &b),
            distance_obb_capsule(a, &b),
            None,
        ),
        (Pair::CapsuleCircle, S::Capsule(a), S::Circle(b)) => (
            overlap_capsule_circle(&a, b),
            touch_capsule_circle(&a, b),
            collide_capsule_circle(&a, b),
            distance_capsule_circle(&a, b),
            None,
        ),
        (Pair::CapsuleCapsule, S::Capsule(a), S::Capsule(b)) => (
            overlap_capsule_capsule(&a, &b),
            touch_capsule_capsule(&a, &b),
            collide_capsule_capsule(&a, &b),
            distance_capsule_capsule(&a, &b),
            None,
        ),
        _ => unreachable!(),
    }
}

fn len(v: Vec2) -> f64 {
    ((v.x as f64).powi(2) + (v.y as f64).powi(2)).sqrt()
}

fn wide(v: Vec2) -> P {
    (v.x as f64, v.y as f64)
}

/// Checks one pair of shapes.
fn check_pair(t: &mut Tally, pair: Pair, name: &str, a: &Shape, b: &Shape) {
    let (overlap, touch, contact, dist, manifold) = ask(pair, a, b);
    let show = || format!("{name}: a = {a:?}, b = {b:?}");
    let scale = a.scale().max(b.scale()) + 1.0;
    let tol = 4e-6 * scale;
    t.hits += touch as u64;
    t.touching += (touch && !overlap) as u64;
    t.check(contact.is_some() == overlap, || {
        format!("collide {contact:?} against overlap {overlap}: {}", show())
    });
    let (th, f) = oracle(a, b);
    // Distance: 0 exactly when touching, else the oracle's gap.
    if touch {
        t.check(dist == 0.0, || {
            format!("distance {dist} though touching: {}", show())
        });
    } else {
        let ok = dist > 0.0 && (dist as f64 - f).abs() <= 1e-5 * (1.0 + f) + tol;
        t.check(ok, || format!("distance {dist}, oracle {f}: {}", show()));
    }
    if let Some(m) = manifold {
        t.check((m.count > 0) == overlap, || {
            format!(
                "manifold count {} against overlap {overlap}: {}",
                m.count,
                show()
            )
        });
    }
    let Some(c) = contact else {
        return;
    };
    t.check((len(c.normal) - 1.0).abs() < 1e-6, || {
        format!("normal {:?} not unit: {}", c.normal, show())
    });
    t.check(c.depth > 0.0, || {
        format!("depth {} <= 0: {}", c.depth, show())
    });
    // The depth is the oracle's penetration, and the normal a direction achieving it.
    let depth = c.depth as f64;
    let ok = (depth + f).abs() <= 1e-5 * depth + tol;
    t.check(ok, || format!("depth {depth}, oracle {}: {}", -f, show()));
    let along = -gap_along(a, b, c.normal.y.atan2(c.normal.x) as f64);
    t.check((along - depth).abs() <= 1e-5 * depth + tol, || {
        format!(
            "overlap along the normal {along}, depth {depth} (oracle angle {th}): {}",
            show()
        )
    });
    // Moving a by -normal*depth leaves them touching: a little less still overlaps, a little
    // more is apart.
    let n = wide(c.normal);
    let eps = 1e-5 * depth + 8.0 * tol;
    let (back, far) = (depth - eps, depth + eps);
    let apart = a.moved((-n.0 * far, -n.1 * far));
    t.check(!ask(pair, &apart, b).0, || {
        format!("still overlapping moved by depth + {eps}: {}", show())
    });
    if back > eps {
        let near = a.moved((-n.0 * back, -n.1 * back));
        t.check(ask(pair, &near, b).0, || {
            format!("apart moved by depth - {eps}: {}", show())
        });
    }
    // The point lies in both.
    let p = wide(c.point);
    t.check(a.dist_to(p) <= tol && b.dist_to(p) <= tol, || {
        format!(
            "point {p:?} outside: {} from a, {} from b: {}",
            a.dist_to(p),
            b.dist_to(p),
            show()
        )
    });
    if let Some(m) = manifold {
        t.check(m.normal == c.normal, || {
            format!(
                "manifold normal {:?} against {:?}: {}",
                m.normal,
                c.normal,
                show()
            )
        });
        for i in 0..m.count as usize {
            let q = wide(m.point[i]);
            let (da, db) = (a.dist_to(q), b.dist_to(q));
            t.check(da <= tol && db <= tol, || {
                format!(
                    "manifold point {q:?} outside: {da} from a, {db} from b: {}",
                    show()
                )
            });
            let d = m.depth[i] as f64;
            t.check(d > 0.0 && d <= depth + tol, || {
                format!("manifold depth {d}, contact depth {depth}: {}", show())
            });
        }
    }
}

/// A second shape near the first: centred within reach, so that about half overlap.
fn near_centre(rng: &mut Rng, c: (i64, i64)) -> (i64, i64) {
    let s = size(rng);
    (c.0 + rng.range(-s, s), c.1 + rng.range(-s, s))
}

#[test]
fn contacts_distances_and_manifolds_agree_with_the_oracle() {
    for (k, &(pair, ka, kb, name)) in PAIRS.iter().enumerate() {
        let mut rng = Rng::new(0xc0_11de_0000 + k as u64);
        let mut t = Tally::new(name);
        while t.cases < cases() {
            let c = centre(&mut rng);
            let a = rand_shape(&mut rng, ka, c);
            let cb = near_centre(&mut rng, c);
            let b = rand_shape(&mut rng, kb, cb);
            check_pair(&mut t, pair, name, &a, &b);
            t.cases += 1;
        }
        t.finish();
    }
}

/// Shapes resting on each other with small overlaps, and side by side exactly touching.
#[test]
fn shallow_and_touching_pairs_agree_with_the_oracle() {
    for (k, &(pair, ka, kb, name)) in PAIRS.iter().enumerate() {
        let mut rng = Rng::new(0x7001_0000 + k as u64);
        let mut t = Tally::new(name);
        while t.cases < cases() / 2 {
            let c = centre(&mut rng);
            let a = rand_shape(&mut rng, ka, c);
            let b = rand_shape(&mut rng, kb, c);
            // Push b out along a random direction until apart, then back in by a little.
            let th = rng.below(360) as f64 * std::f64::consts::PI / 180.0;
            let (ux, uy) = (th.cos(), th.sin());
            let (_, f) = oracle(&a, &b);
            let back = match rng.below(3) {
                0 => 0.0,
                1 => 1.0 / 256.0,
                _ => rng.range(1, 64) as f64 / 256.0,
            };
            let push = (-f).max(0.0) * 4.0 + 1.0;
            let far = b.moved((ux * push, uy * push));
            let (_, gap) = oracle(&a, &far);
            let shift = (gap - back).max(0.0);
            let placed = far.moved((-ux * shift, -uy * shift));
            check_pair(&mut t, pair, name, &a, &placed);
            t.cases += 1;
        }
        t.finish();
    }
}

// ---- Scenarios ----

fn poly_of(pts: &[(f32, f32)]) -> Poly {
    let v: Vec<Vec2> = pts.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
    Poly::hull(&v).unwrap()
}

fn assert_inside_both(m: &Manifold, a: &Shape, b: &Shape) {
    for i in 0..m.count as usize {
        let q = wide(m.point[i]);
        assert!(
            a.dist_to(q) <= 1e-4 && b.dist_to(q) <= 1e-4,
            "{q:?} in {m:?}"
        );
        assert!(m.depth[i] > 0.0);
    }
}

#[test]
fn a_box_resting_on_a_ramp_gets_two_contact_points() {
    // A 30-degree ramp, and a 2x1 box sunk 0.01 into its face.
    let ramp = poly_of(&[(0.0, 0.0), (10.0, 0.0), (10.0, 5.773_503)]);
    let box_ = Obb::new(
        Vec2::new(
            5.0 - 0.5 * 0.5 + 0.01 * 0.5,
            2.886_751_3 + 0.5 * 0.866_025_4 - 0.01 * 0.866,
        ),
        Vec2::new(1.0, 0.5),
        Rot::from_degrees(30.0),
    );
    let m = manifold_obb_poly(box_, &ramp);
    assert_eq!(m.count, 2, "{m:?}");
    assert_inside_both(&m, &Shape::Obb(box_), &Shape::Poly(ramp));
    // The normal points from the box into the ramp, against the ramp's face normal.
    assert!((m.normal.x - 0.5).abs() < 1e-4 && (m.normal.y + 0.866_025_4).abs() < 1e-4);
    for d in m.depth {
        assert!((d - 0.01).abs() < 1e-4, "{m:?}");
    }
    let c = collide_obb_poly(box_, &ramp).unwrap();
    assert_eq!(c.normal, m.normal);
}

#[test]
fn a_box_standing_on_a_box_gets_two_contact_points() {
    let ground = poly_of(&[(-5.0, -1.0), (5.0, -1.0), (5.0, 0.0), (-5.0, 0.0)]);
    let crate_ = poly_of(&[(-0.5, -0.25), (0.5, -0.25), (0.5, 0.75), (-0.5, 0.75)]);
    let m = manifold_poly_poly(&crate_, &ground);
    assert_eq!(m.count, 2, "{m:?}");
    assert_eq!(m.normal, Vec2::new(0.0, -1.0));
    assert_eq!(m.depth, [0.25, 0.25]);
    let xs = [m.point[0].x, m.point[1].x];
    assert!(xs.contains(&-0.5) && xs.contains(&0.5), "{m:?}");
    // The same boxes as rects, and a rect on the polygon ground.
    let r = Rect::new(-0.5, -0.25, 1.0, 1.0);
    let g = Rect::new(-5.0, -1.0, 10.0, 1.0);
    let mr = manifold_rect_rect(r, g);
    assert_eq!(mr.count, 2, "{mr:?}");
    assert_eq!(mr.normal, collide_rect_rect(r, g).unwrap().normal);
    let mp = manifold_rect_poly(r, &ground);
    assert_eq!((mp.count, mp.normal), (2, Vec2::new(0.0, -1.0)));
}

#[test]
fn a_corner_poking_into_a_side_gets_one_point() {
    let ground = poly_of(&[(-5.0, -1.0), (5.0, -1.0), (5.0, 0.0), (-5.0, 0.0)]);
    let diamond = poly_of(&[(0.0, -0.1), (1.0, 0.9), (0.0, 1.9), (-1.0, 0.9)]);
    let m = manifold_poly_poly(&diamond, &ground);
    assert_eq!(m.count, 1, "{m:?}");
    assert_eq!(m.normal, Vec2::new(0.0, -1.0));
    assert!((m.depth[0] - 0.1).abs() < 1e-6);
    assert_eq!(m.point[0], Vec2::new(0.0, -0.1));
}

#[test]
fn apart_shapes_get_an_empty_manifold_written() {
    let a = poly_of(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
    let b = poly_of(&[(1.0, 0.0), (2.0, 0.0), (1.0, 1.0)]); // touching at a vertex only
    let mut m = Manifold {
        count: 7,
        ..Manifold::default()
    };
    // SAFETY: `m` is a valid, writable manifold.
    let hit = unsafe { c2d_manifold_poly_poly(a, b, &mut m) };
    assert!(!hit);
    assert_eq!(m.count, 0);
    assert!(collide_poly_poly(&a, &b).is_none());
    assert_eq!(distance_poly_poly(&a, &b), 0.0);
}

#[test]
fn a_ball_in_a_capsule_pushes_out_radially() {
    let k = Capsule::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0), 1.0);
    let c = collide_capsule_circle(&k, Circle::new(2.0, 1.5, 1.0)).unwrap();
    assert_eq!(c.normal, Vec2::new(0.0, 1.0));
    assert_eq!(c.depth, 0.5);
    // Past the end: from the end point (4, 0) to the centre 5 away, radii 1 + 4.5.
    let end = collide_capsule_circle(&k, Circle::new(7.0, 4.0, 4.5)).unwrap();
    assert!((end.normal.x - 0.6).abs() < 1e-6 && (end.normal.y - 0.8).abs() < 1e-6);
    assert!((end.depth - 0.5).abs() < 1e-6);
}

#[test]
fn a_capsule_standing_on_a_floor_is_pushed_up() {
    let floor = Rect::new(-10.0, -1.0, 20.0, 1.0);
    let player = Capsule::new(Vec2::new(0.0, 0.4), Vec2::new(0.0, 1.5), 0.5);
    let c = collide_rect_capsule(floor, &player).unwrap();
    assert_eq!(c.normal, Vec2::new(0.0, 1.0));
    assert!((c.depth - 0.1).abs() < 1e-6);
    // Sunk below its core: still up, by the whole overlap.
    let sunk = Capsule::new(Vec2::new(0.0, -0.5), Vec2::new(0.0, 0.6), 0.5);
    let c = collide_rect_capsule(floor, &sunk).unwrap();
    assert_eq!(c.normal, Vec2::new(0.0, 1.0));
    assert!((c.depth - 1.0).abs() < 1e-6);
}

// ---- Distances of named cases ----

#[test]
fn distances_of_plain_cases() {
    let tri = poly_of(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
    let far = poly_of(&[(4.0, 0.0), (5.0, 0.0), (4.0, 1.0)]);
    assert_eq!(distance_poly_poly(&tri, &far), 3.0);
    let k = Capsule::new(Vec2::new(3.0, 4.0), Vec2::new(3.0, 8.0), 1.0);
    // Nearest: the triangle's corner (0, 1) and the capsule's end (3, 4), 18^0.5 apart.
    assert!((distance_poly_capsule(&tri, &k) - (18f32.sqrt() - 1.0)).abs() < 1e-6);
    assert_eq!(
        distance_capsule_capsule(&k, &Capsule { r: -1.0, ..k }),
        f32::INFINITY
    );
    assert_eq!(distance_poly_circle(&tri, Circle::new(3.0, 0.0, 1.0)), 1.0);
}

// ---- The capsule ray cast ----

/// The first `t` in `[0, 1]` at which `o + t·d` is within `r` of the segment `a..b`: marched in
/// 4096 steps, then bisected; `None` when no step lands inside.
fn march(o: P, d: P, a: P, b: P, r: f64) -> Option<f64> {
    const N: usize = 4096;
    let inside = |t: f64| seg_dist((o.0 + d.0 * t, o.1 + d.1 * t), a, b) <= r;
    if inside(0.0) {
        return Some(0.0);
    }
    let i = (1..=N).find(|&i| inside(i as f64 / N as f64))?;
    let (mut lo, mut hi) = ((i - 1) as f64 / N as f64, i as f64 / N as f64);
    for _ in 0..60 {
        let m = (lo + hi) / 2.0;
        if inside(m) {
            hi = m;
        } else {
            lo = m;
        }
    }
    Some(hi)
}

#[test]
fn raycast_capsule_agrees_with_a_march_along_the_ray() {
    let mut rng = Rng::new(0x4a7_0001);
    let mut t = Tally::new("raycast_capsule");
    while t.cases < cases() * 4 {
        let c = centre(&mut rng);
        let Shape::Capsule(k) = rand_shape(&mut rng, b'k', c) else {
            unreachable!()
        };
        let s = size(&mut rng) * 2;
        let o = gp(&mut rng, c, s);
        let e = gp(&mut rng, c, s);
        let d = Vec2::new(e.x - o.x, e.y - o.y);
        let hit = raycast_capsule(o, d, &k);
        let end = Vec2::new(o.x + d.x, o.y + d.y);
        let seg = Segment::new(o, end);
        let show = || format!("origin {o:?}, delta {d:?}, {k:?}");
        t.cases += 1;
        t.check(hit.is_some() == intersect_segment_capsule(seg, &k), || {
            format!("hit {hit:?} against the segment test: {}", show())
        });
        let Some(h) = hit else {
            continue;
        };
        t.hits += 1;
        let (a, b, r) = (wide(k.a), wide(k.b), k.r as f64);
        let Some(want) = march(wide(o), wide(d), a, b, r) else {
            continue; // a graze shorter than a step: the segment test decides
        };
        let reach = len(d) + 1.0;
        let scale = Shape::Capsule(k)
            .scale()
            .max(wide(o).0.abs())
            .max(wide(o).1.abs())
            + 1.0;
        let tol_t = 1e-5 * scale / reach + 2e-6;
        t.check((h.t as f64 - want).abs() <= tol_t.max(1e-3 * want), || {
            format!("t {} against the march's {want}: {}", h.t, show())
        });
        let p = (
            o.x as f64 + d.x as f64 * want,
            o.y as f64 + d.y as f64 * want,
        );
        let q = {
            let e = (b.0 - a.0, b.1 - a.1);
            let l2 = dot(e, e);
            let u = if l2 == 0.0 {
                0.0
            } else {
                (dot((p.0 - a.0, p.1 - a.1), e) / l2).clamp(0.0, 1.0)
            };
            (a.0 + e.0 * u, a.1 + e.1 * u)
        };
        let out = (p.0 - q.0, p.1 - q.1);
        let lo = dot(out, out).sqrt();
        if want > 0.0 && r > 1e-3 * scale && lo > 0.0 {
            let n = wide(h.normal);
            let cos = dot(n, (out.0 / lo, out.1 / lo));
            t.check(cos > 0.999, || {
                format!("normal {:?} against {out:?}: {}", h.normal, show())
            });
        }
        if want == 0.0 && seg_dist(wide(o), a, b) < r * (1.0 - 1e-6) {
            t.check(h.normal == Vec2::default(), || {
                format!("inside, normal {:?}: {}", h.normal, show())
            });
        }
    }
    t.finish();
}

#[test]
fn a_ray_into_the_side_of_a_pill_stops_at_its_skin() {
    let pill = Capsule::new(Vec2::new(0.0, 0.0), Vec2::new(0.0, 4.0), 1.0);
    let h = raycast_capsule(Vec2::new(-5.0, 2.0), Vec2::new(10.0, 0.0), &pill).unwrap();
    assert_eq!(
        (h.t, h.normal, h.pos),
        (0.4, Vec2::new(-1.0, 0.0), Vec2::new(-1.0, 2.0))
    );
    // Straight down onto its round top.
    let h = raycast_capsule(Vec2::new(0.0, 10.0), Vec2::new(0.0, -10.0), &pill).unwrap();
    assert_eq!((h.t, h.normal), (0.5, Vec2::new(0.0, 1.0)));
    // From inside, and passing by.
    let h = raycast_capsule(Vec2::new(0.0, 1.0), Vec2::new(3.0, 0.0), &pill).unwrap();
    assert_eq!((h.t, h.normal), (0.0, Vec2::default()));
    assert!(raycast_capsule(Vec2::new(-5.0, 6.0), Vec2::new(10.0, 0.0), &pill).is_none());
    // A bare segment is hit on the side facing the ray.
    let bare = Capsule { r: 0.0, ..pill };
    let h = raycast_capsule(Vec2::new(2.0, 1.0), Vec2::new(-4.0, 0.0), &bare).unwrap();
    assert_eq!((h.t, h.normal), (0.5, Vec2::new(1.0, 0.0)));
}

// ---- Bad input ----

#[test]
fn nan_bad_counts_and_null_outputs_get_defined_answers() {
    let p = poly_of(&[(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)]);
    let k = Capsule::new(Vec2::new(1.0, 1.0), Vec2::new(2.0, 1.0), 0.5);
    let r = Rect::new(0.5, 0.5, 1.0, 1.0);
    let o = Obb::new(Vec2::new(1.0, 1.0), Vec2::new(0.5, 0.5), Rot::identity());
    let c = Circle::new(1.0, 1.0, 0.5);
    let nan = f32::NAN;
    // The base scene overlaps everywhere.
    assert!(collide_rect_poly(r, &p).is_some() && collide_capsule_capsule(&k, &k).is_some());
    let mut bad_counts = Vec::new();
    for n in [-1, 0, 2, 9, i32::MAX, i32::MIN] {
        bad_counts.push(Poly { count: n, ..p });
    }
    let mut nan_polys = bad_counts.clone();
    let mut np = p;
    np.verts[1].y = nan;
    nan_polys.push(np);
    for q in &nan_polys {
        assert!(collide_rect_poly(r, q).is_none());
        assert!(collide_obb_poly(o, q).is_none());
        assert!(collide_poly_poly(q, &p).is_none() && collide_poly_poly(&p, q).is_none());
        assert!(collide_poly_circle(q, c).is_none());
        assert!(collide_poly_capsule(q, &k).is_none());
        assert_eq!(manifold_rect_poly(r, q).count, 0);
        assert_eq!(manifold_obb_poly(o, q).count, 0);
        assert_eq!(manifold_poly_poly(q, &p).count, 0);
        for d in [
            distance_rect_poly(r, q),
            distance_obb_poly(o, q),
            distance_poly_poly(q, &p),
            distance_poly_poly(&p, q),
            distance_poly_circle(q, c),
            distance_poly_capsule(q, &k),
        ] {
            // A count out of range is no shape, as far as any other; a NaN vertex is NaN.
            let want_nan = q.count == p.count;
            assert!(
                if want_nan {
                    d.is_nan()
                } else {
                    d == f32::INFINITY
                },
                "{q:?}: {d}"
            );
        }
    }
    let nan_k = [
        Capsule::new(Vec2::new(nan, 0.0), k.b, 0.5),
        Capsule::new(k.a, Vec2::new(0.0, nan), 0.5),
        Capsule { r: nan, ..k },
    ];
    for q in &nan_k {
        assert!(collide_poly_capsule(&p, q).is_none());
        assert!(collide_rect_capsule(r, q).is_none());
        assert!(collide_obb_capsule(o, q).is_none());
        assert!(collide_capsule_circle(q, c).is_none());
        assert!(collide_capsule_capsule(q, &k).is_none());
        assert!(distance_capsule_capsule(q, &k).is_nan());
        assert!(distance_rect_capsule(r, q).is_nan());
        assert!(raycast_capsule(Vec2::new(-3.0, 1.0), Vec2::new(6.0, 0.0), q).is_none());
    }
    assert!(collide_capsule_circle(&k, Circle::new(nan, 1.0, 0.5)).is_none());
    assert!(distance_capsule_circle(&k, Circle::new(1.0, 1.0, nan)).is_nan());
    assert!(distance_poly_circle(&p, Circle { r: nan, ..c }).is_nan());
    // Empty shapes: never a contact, infinitely far.
    let empty = Capsule { r: -1.0, ..k };
    assert!(collide_capsule_capsule(&empty, &k).is_none());
    assert_eq!(distance_poly_capsule(&p, &empty), f32::INFINITY);
    assert_eq!(
        distance_poly_circle(&p, Circle { r: -1.0, ..c }),
        f32::INFINITY
    );
    // Infinite delta or origin: no ray.
    let inf = f32::INFINITY;
    assert!(raycast_capsule(Vec2::new(-3.0, 1.0), Vec2::new(inf, 0.0), &k).is_none());
    // NULL outputs: the answer alone.
    let nul = std::ptr::null_mut();
    // SAFETY: NULL outputs are allowed by the contract.
    unsafe {
        assert!(c2d_collide_rect_poly(r, p, nul));
        assert!(c2d_collide_capsule_capsule(k, k, nul));
        assert!(c2d_manifold_poly_poly(p, p, std::ptr::null_mut()));
        assert!(c2d_raycast_capsule(
            Vec2::new(-3.0, 1.0),
            Vec2::new(6.0, 0.0),
            k,
            std::ptr::null_mut()
        ));
    }
    // Hand-made polygons whose vertices coincide: an answer, never a panic or NaN.
    let dot_poly = Poly {
        verts: [Vec2::new(1.0, 1.0); 8],
        count: 4,
    };
    for m in [
        manifold_poly_poly(&dot_poly, &p),
        manifold_poly_poly(&dot_poly, &dot_poly),
    ] {
        assert!(m.count <= 2 && !m.normal.x.is_nan());
    }
    let cw = Poly {
        verts: [
            p.verts[0],
            p.verts[2],
            p.verts[1],
            Vec2::default(),
            Vec2::default(),
            Vec2::default(),
            Vec2::default(),
            Vec2::default(),
        ],
        count: 3,
    };
    if let Some(c) = collide_poly_poly(&cw, &p) {
        assert!(!c.normal.x.is_nan() && !c.depth.is_nan() && !c.point.x.is_nan());
    }
}
