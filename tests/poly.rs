//! Convex polygons and capsules against an exact integer oracle.
//!
//! Every value is drawn on the grid (multiples of 1/256, |v| <= 16384) as an integer count of
//! steps; the oracle evaluates the same geometry in i128: separating axes as projection
//! intervals, and squared distances to segments as exact fractions. About half the cases are
//! built to touch exactly (a polygon's extreme vertex placed on a lattice point of the other's
//! edge, a circle or capsule at a Pythagorean distance from a vertex) and then often nudged by
//! one step either way.
//!
//! `cargo test --release --test poly` runs 200,000 cases per pair; set `C2D_POLY_CASES` (for
//! example to 1000000) for more. `-- --nocapture` shows the counts.

mod common;

use collide2d::ffi::*;
use collide2d::*;
use common::*;

type P = (i64, i64);

fn cases() -> u64 {
    std::env::var("C2D_POLY_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000)
}

/// Runs the cases of one pair (see [`run_cases`]).
fn run(name: &'static str, seed: u64, case: impl FnMut(&mut Rng, bool, &mut Tally) -> bool) {
    run_cases(name, seed, cases(), case);
}

// ---- The oracle, in steps ----

mod exact {
    use super::P;

    fn sub(a: P, b: P) -> (i128, i128) {
        ((a.0 - b.0) as i128, (a.1 - b.1) as i128)
    }

    pub fn cross(a: P, b: P, p: P) -> i128 {
        let (d, f) = (sub(b, a), sub(p, a));
        d.0 * f.1 - d.1 * f.0
    }

    fn dot_p(n: (i128, i128), p: P) -> i128 {
        n.0 * p.0 as i128 + n.1 * p.1 as i128
    }

    /// The edge normals of a vertex loop (zero ones dropped).
    pub fn normals(v: &[P]) -> Vec<(i128, i128)> {
        (0..v.len())
            .map(|i| {
                let d = sub(v[(i + 1) % v.len()], v[i]);
                (d.1, -d.0)
            })
            .filter(|&n| n != (0, 0))
            .collect()
    }

    /// Whether the point sets' projections on every axis overlap (closed) or overlap with
    /// positive length... strictly (`a_min < b_max && b_min < a_max`).
    pub fn sat(closed: bool, a: &[P], b: &[P], axes: &[(i128, i128)]) -> bool {
        axes.iter().all(|&n| {
            let pa: Vec<i128> = a.iter().map(|&p| dot_p(n, p)).collect();
            let pb: Vec<i128> = b.iter().map(|&p| dot_p(n, p)).collect();
            let (a0, a1) = (*pa.iter().min().unwrap(), *pa.iter().max().unwrap());
            let (b0, b1) = (*pb.iter().min().unwrap(), *pb.iter().max().unwrap());
            if closed {
                a0 <= b1 && b0 <= a1
            } else {
                a0 < b1 && b0 < a1
            }
        })
    }

    /// Squared distance from `p` to the closed segment `a..b` as a fraction `num / den`.
    pub fn dist2(p: P, a: P, b: P) -> (i128, i128) {
        let (d, f) = (sub(b, a), sub(p, a));
        let along = f.0 * d.0 + f.1 * d.1;
        let len2 = d.0 * d.0 + d.1 * d.1;
        if along <= 0 {
            (f.0 * f.0 + f.1 * f.1, 1)
        } else if along >= len2 {
            let g = sub(p, b);
            (g.0 * g.0 + g.1 * g.1, 1)
        } else {
            let c = d.0 * f.1 - d.1 * f.0;
            (c * c, len2)
        }
    }

    /// `num / den < r²` (or `<=`).
    pub fn below(closed: bool, (num, den): (i128, i128), r: i64) -> bool {
        let rhs = (r as i128) * (r as i128) * den;
        if closed {
            num <= rhs
        } else {
            num < rhs
        }
    }

    pub fn seg_seg(a: P, b: P, c: P, d: P) -> bool {
        let on = |p: P, q: P, r: P| {
            r.0 >= p.0.min(q.0) && r.0 <= p.0.max(q.0) && r.1 >= p.1.min(q.1) && r.1 <= p.1.max(q.1)
        };
        let (d1, d2) = (cross(c, d, a).signum(), cross(c, d, b).signum());
        let (d3, d4) = (cross(a, b, c).signum(), cross(a, b, d).signum());
        if d1 * d2 < 0 && d3 * d4 < 0 {
            return true;
        }
        (d1 == 0 && on(c, d, a))
            || (d2 == 0 && on(c, d, b))
            || (d3 == 0 && on(a, b, c))
            || (d4 == 0 && on(a, b, d))
    }

    /// Closed segment against a closed convex polygon (the polygon's axes, the segment's
    /// normal and direction, projected).
    pub fn seg_poly(a: P, b: P, v: &[P], extra: &[(i128, i128)]) -> bool {
        let mut axes = normals(v);
        axes.extend_from_slice(extra);
        let d = sub(b, a);
        axes.push((d.1, -d.0));
        axes.push(d);
        axes.retain(|&n| n != (0, 0));
        sat(true, &[a, b], v, &axes)
    }

    /// Point inside a convex polygon, by its axes.
    pub fn point_in(closed: bool, p: P, v: &[P], extra: &[(i128, i128)]) -> bool {
        let mut axes = normals(v);
        axes.extend_from_slice(extra);
        sat(closed, &[p], v, &axes)
    }

    /// The capsule `a..b, r` against a convex polygon: meeting counts as distance 0.
    pub fn capsule_poly(closed: bool, a: P, b: P, r: i64, v: &[P], extra: &[(i128, i128)]) -> bool {
        if r < 0 {
            return false;
        }
        if seg_poly(a, b, v, extra) {
            return closed || r > 0;
        }
        let n = v.len();
        (0..n).any(|i| {
            let (p, q) = (v[i], v[(i + 1) % n]);
            below(closed, dist2(a, p, q), r) || below(closed, dist2(b, p, q), r)
        }) || v.iter().any(|&w| below(closed, dist2(w, a, b), r))
    }

    pub fn circle_poly(closed: bool, c: P, r: i64, v: &[P], extra: &[(i128, i128)]) -> bool {
        capsule_poly(closed, c, c, r, v, extra)
    }

    pub fn capsule_capsule(closed: bool, s: (P, P), t: (P, P), r: i64) -> bool {
        if r < 0 {
            return false;
        }
        if seg_seg(s.0, s.1, t.0, t.1) {
            return closed || r > 0;
        }
        [
            dist2(s.0, t.0, t.1),
            dist2(s.1, t.0, t.1),
            dist2(t.0, s.0, s.1),
            dist2(t.1, s.0, s.1),
        ]
        .into_iter()
        .any(|d| below(closed, d, r))
    }

    /// The convex hull (counter-clockwise, collinear points dropped), Andrew's monotone chain.
    pub fn hull(pts: &[P]) -> Vec<P> {
        let mut p = pts.to_vec();
        p.sort();
        p.dedup();
        if p.len() < 3 {
            return p;
        }
        let mut h: Vec<P> = Vec::new();
        for pass in 0..2 {
            let start = h.len();
            let iter: Box<dyn Iterator<Item = &P>> = if pass == 0 {
                Box::new(p.iter())
            } else {
                Box::new(p.iter().rev())
            };
            for &q in iter {
                while h.len() >= start + 2 && cross(h[h.len() - 2], h[h.len() - 1], q) <= 0 {
                    h.pop();
                }
                h.push(q);
            }
            h.pop();
        }
        h
    }
}

const X_Y: [(i128, i128); 2] = [(1, 0), (0, 1)];

// ---- Shapes in steps ----

fn v(p: P) -> Vec2 {
    Vec2::new(g(p.0), g(p.1))
}

/// A poly value from counter-clockwise vertices in steps.
fn poly(vs: &[P]) -> Poly {
    let mut p = Poly::default();
    for (slot, &q) in p.verts.iter_mut().zip(vs) {
        *slot = v(q);
    }
    p.count = vs.len() as i32;
    p
}

fn ok(vs: &[P]) -> bool {
    vs.iter().all(|&(x, y)| in_domain(&[x, y]))
}

/// A random convex polygon (3..=8 vertices) near a random centre: the hull of a few random
/// points, sometimes a box or a right triangle (a slope tile).
fn rand_poly(rng: &mut Rng, mag: i64) -> Vec<P> {
    loop {
        let (cx, cy) = (rng.coord(mag), rng.coord(mag));
        let size = match rng.below(4) {
            0 => rng.range(1, 64),
            1 => rng.range(1, mag / 16 + 1),
            _ => rng.range(1, mag),
        };
        let pt = |rng: &mut Rng| (cx + rng.range(-size, size), cy + rng.range(-size, size));
        let vs = match rng.below(8) {
            0 => {
                let (a, b) = (pt(rng), pt(rng));
                exact::hull(&[a, (b.0, a.1), b, (a.0, b.1)])
            }
            1 => {
                let (a, b) = (pt(rng), pt(rng));
                exact::hull(&[a, (b.0, a.1), b])
            }
            _ => {
                let n = 3 + rng.below(8) as usize;
                let pts: Vec<P> = (0..n).map(|_| pt(rng)).collect();
                exact::hull(&pts)
            }
        };
        if (3..=8).contains(&vs.len()) && ok(&vs) {
            // Start at a random vertex: the constructor's first vertex is not special.
            let k = rng.below(vs.len() as u64) as usize;
            let mut r = vs[k..].to_vec();
            r.extend_from_slice(&vs[..k]);
            return r;
        }
    }
}

/// A lattice point of the segment `a..b` (an end point when it has none inside).
fn on_segment(rng: &mut Rng, a: P, b: P) -> P {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let g = gcd(dx.abs(), dy.abs());
    if g == 0 {
        return a;
    }
    let k = rng.range(0, g);
    (a.0 + k * dx / g, a.1 + k * dy / g)
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A point on the boundary of the vertex loop `vs`.
fn on_boundary(rng: &mut Rng, vs: &[P]) -> P {
    let i = rng.below(vs.len() as u64) as usize;
    on_segment(rng, vs[i], vs[(i + 1) % vs.len()])
}

/// The translation that sets `b` against `a` from outside across one of `a`'s edges: `b`'s
/// extreme vertex along the edge's inward normal moved onto a lattice point of the edge; then
/// often nudged by one step on each axis.
fn against(rng: &mut Rng, a: &[P], b: &[P]) -> P {
    let i = rng.below(a.len() as u64) as usize;
    let (p, q) = (a[i], a[(i + 1) % a.len()]);
    let n = ((q.1 - p.1) as i128, (p.0 - q.0) as i128);
    let w = *b
        .iter()
        .min_by_key(|w| n.0 * w.0 as i128 + n.1 * w.1 as i128)
        .unwrap();
    let target = on_segment(rng, p, q);
    let mut t = (target.0 - w.0, target.1 - w.1);
    if rng.chance(1, 2) {
        t.0 += rng.step();
        t.1 += rng.step();
    }
    t
}

fn shifted(vs: &[P], t: P) -> Vec<P> {
    vs.iter().map(|&(x, y)| (x + t.0, y + t.1)).collect()
}

fn box_verts(b: IBox) -> Vec<P> {
    vec![(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)]
}

/// A capsule in steps: core segment and radius.
#[derive(Clone, Copy, Debug)]
struct ICap {
    a: P,
    b: P,
    r: i64,
}

impl ICap {
    fn f(self) -> Capsule {
        Capsule::new(v(self.a), v(self.b), g(self.r))
    }
    fn ok(self) -> bool {
        ok(&[self.a, self.b]) && in_domain(&[self.r])
    }
}

fn rand_radius(rng: &mut Rng, mag: i64) -> i64 {
    match rng.below(12) {
        0 => 0,
        1 => -rng.len(mag).max(1),
        _ => rng.len(mag / 4),
    }
}

fn rand_capsule(rng: &mut Rng, mag: i64) -> ICap {
    let a = (rng.coord(mag), rng.coord(mag));
    let b = match rng.below(6) {
        0 => a,
        1 => (a.0 + rng.len(mag) * rng.sign(), a.1),
        2 => (a.0, a.1 + rng.len(mag) * rng.sign()),
        _ => (rng.coord(mag), rng.coord(mag)),
    };
    ICap {
        a,
        b,
        r: rand_radius(rng, mag),
    }
}

/// A capsule one of whose end points lies at a Pythagorean distance from `near` (a vertex or
/// boundary point of the other shape), with that distance (or one step either side) as the
/// radius; the other end points away or anywhere.
fn capsule_near(rng: &mut Rng, near: P, mag: i64) -> ICap {
    let (dx, dy, d) = triple_offset(rng, mag / 4);
    let a = (near.0 + dx, near.1 + dy);
    let b = match rng.below(3) {
        0 => a,
        1 => {
            let k = rng.range(0, 4);
            (a.0 + k * dx, a.1 + k * dy)
        }
        _ => (rng.coord(mag), rng.coord(mag)),
    };
    let r = d + if rng.chance(1, 2) { 0 } else { rng.step() };
    if rng.chance(1, 2) {
        ICap { a, b, r }
    } else {
        ICap { a: b, b: a, r }
    }
}

fn show_poly(p: &[P]) -> String {
    format!("poly {p:?} (steps)")
}

// ---- Pairs ----

#[test]
fn point_poly_is_exact() {
    run("point_poly", 101, |rng, build, t| {
        let mag = rng.mag();
        let b = rand_poly(rng, mag);
        let p = if build {
            let q = on_boundary(rng, &b);
            (q.0 + rng.step(), q.1 + rng.step())
        } else {
            (rng.coord(mag), rng.coord(mag))
        };
        if !ok(&[p]) {
            return false;
        }
        let pb = poly(&b);
        let got = (overlap_point_poly(v(p), &pb), touch_point_poly(v(p), &pb));
        flavours(
            t,
            "point_poly",
            got,
            |c| exact::point_in(c, p, &b, &[]),
            || format!("point {p:?}, {}", show_poly(&b)),
        );
        true
    });
}

#[test]
fn rect_poly_is_exact() {
    run("rect_poly", 102, |rng, build, t| {
        let mag = rng.mag();
        let b = rand_poly(rng, mag);
        let mut r = rect(rng, mag);
        if build {
            let tr = against(rng, &b, &box_verts(r.bx()));
            r.x += tr.0;
            r.y += tr.1;
        }
        if !r.ok() || !ok(&box_verts(r.bx())) {
            return false;
        }
        let pb = poly(&b);
        let got = (overlap_rect_poly(r.f(), &pb), touch_rect_poly(r.f(), &pb));
        let a = box_verts(r.bx());
        flavours(
            t,
            "rect_poly",
            got,
            |c| {
                let mut axes = exact::normals(&b);
                axes.extend_from_slice(&X_Y);
                exact::sat(c, &a, &b, &axes)
            },
            || format!("rect {r:?}, {}", show_poly(&b)),
        );
        true
    });
}

#[test]
fn obb_poly_is_exact_at_right_angles() {
    run("obb_poly", 103, |rng, build, t| {
        let mag = rng.mag();
        let b = rand_poly(rng, mag);
        let mut o = obb(rng, mag);
        if build {
            let tr = against(rng, &b, &box_verts(o.bx()));
            o.cx += tr.0;
            o.cy += tr.1;
        }
        if !o.ok() || !ok(&box_verts(o.bx())) {
            return false;
        }
        let pb = poly(&b);
        let got = (overlap_obb_poly(o.f(), &pb), touch_obb_poly(o.f(), &pb));
        let a = box_verts(o.bx());
        flavours(
            t,
            "obb_poly",
            got,
            |c| {
                let mut axes = exact::normals(&b);
                axes.extend_from_slice(&X_Y);
                exact::sat(c, &a, &b, &axes)
            },
            || format!("obb {o:?}, {}", show_poly(&b)),
        );
        true
    });
}

#[test]
fn poly_poly_is_exact_and_symmetric() {
    run("poly_poly", 104, |rng, build, t| {
        let mag = rng.mag();
        let a = rand_poly(rng, mag);
        let mut b = rand_poly(rng, mag);
        if build {
            let tr = against(rng, &a, &b);
            b = shifted(&b, tr);
        }
        if !ok(&b) {
            return false;
        }
        let (pa, pb) = (poly(&a), poly(&b));
        let mut axes = exact::normals(&a);
        axes.extend(exact::normals(&b));
        let want = |c: bool| exact::sat(c, &a, &b, &axes);
        let input = || format!("a {}, b {}", show_poly(&a), show_poly(&b));
        let got = (overlap_poly_poly(&pa, &pb), touch_poly_poly(&pa, &pb));
        flavours(t, "poly_poly", got, want, input);
        let rev = (overlap_poly_poly(&pb, &pa), touch_poly_poly(&pb, &pa));
        t.eq("poly_poly both orders", rev, got, input);
        true
    });
}

#[test]
fn poly_circle_is_exact() {
    run("poly_circle", 105, |rng, build, t| {
        let mag = rng.mag();
        let a = rand_poly(rng, mag);
        let c = if build {
            let near = if rng.chance(1, 2) {
                a[rng.below(a.len() as u64) as usize]
            } else {
                on_boundary(rng, &a)
            };
            let k = capsule_near(rng, near, mag);
            ICircle {
                x: k.a.0,
                y: k.a.1,
                r: k.r,
            }
        } else {
            circle(rng, mag)
        };
        if !c.ok() {
            return false;
        }
        let pa = poly(&a);
        let got = (
            overlap_poly_circle(&pa, c.f()),
            touch_poly_circle(&pa, c.f()),
        );
        flavours(
            t,
            "poly_circle",
            got,
            |cl| exact::circle_poly(cl, (c.x, c.y), c.r, &a, &[]),
            || format!("{}, circle {c:?}", show_poly(&a)),
        );
        true
    });
}

#[test]
fn poly_capsule_is_exact() {
    run("poly_capsule", 106, |rng, build, t| {
        let mag = rng.mag();
        let a = rand_poly(rng, mag);
        let k = if build {
            let near = if rng.chance(1, 2) {
                a[rng.below(a.len() as u64) as usize]
            } else {
                on_boundary(rng, &a)
            };
            capsule_near(rng, near, mag)
        } else {
            rand_capsule(rng, mag)
        };
        if !k.ok() {
            return false;
        }
        let pa = poly(&a);
        let got = (
            overlap_poly_capsule(&pa, &k.f()),
            touch_poly_capsule(&pa, &k.f()),
        );
        flavours(
            t,
            "poly_capsule",
            got,
            |c| exact::capsule_poly(c, k.a, k.b, k.r, &a, &[]),
            || format!("{}, capsule {k:?}", show_poly(&a)),
        );
        true
    });
}

#[test]
fn point_capsule_is_exact() {
    run("point_capsule", 107, |rng, build, t| {
        let mag = rng.mag();
        let mut k = rand_capsule(rng, mag);
        let p = if build {
            let q = on_segment(rng, k.a, k.b);
            let (dx, dy, d) = triple_offset(rng, mag / 4);
            k.r = d + if rng.chance(1, 2) { 0 } else { rng.step() };
            (q.0 + dx, q.1 + dy)
        } else {
            (rng.coord(mag), rng.coord(mag))
        };
        if !k.ok() || !ok(&[p]) {
            return false;
        }
        let got = (
            overlap_point_capsule(v(p), &k.f()),
            touch_point_capsule(v(p), &k.f()),
        );
        flavours(
            t,
            "point_capsule",
            got,
            |c| k.r >= 0 && exact::below(c, exact::dist2(p, k.a, k.b), k.r),
            || format!("point {p:?}, capsule {k:?}"),
        );
        true
    });
}

#[test]
fn rect_capsule_is_exact() {
    run("rect_capsule", 108, |rng, build, t| {
        let mag = rng.mag();
        let r = rect(rng, mag);
        let bx = box_verts(r.bx());
        let k = if build {
            let near = if rng.chance(1, 2) {
                bx[rng.below(4) as usize]
            } else {
                on_boundary(rng, &bx)
            };
            capsule_near(rng, near, mag)
        } else {
            rand_capsule(rng, mag)
        };
        if !k.ok() || !r.ok() {
            return false;
        }
        let got = (
            overlap_rect_capsule(r.f(), &k.f()),
            touch_rect_capsule(r.f(), &k.f()),
        );
        flavours(
            t,
            "rect_capsule",
            got,
            |c| exact::capsule_poly(c, k.a, k.b, k.r, &bx, &X_Y),
            || format!("rect {r:?}, capsule {k:?}"),
        );
        true
    });
}

#[test]
fn obb_capsule_is_exact_at_right_angles() {
    run("obb_capsule", 109, |rng, build, t| {
        let mag = rng.mag();
        let o = obb(rng, mag);
        let bx = box_verts(o.bx());
        let k = if build {
            {
                let near = on_boundary(rng, &bx);
                capsule_near(rng, near, mag)
            }
        } else {
            rand_capsule(rng, mag)
        };
        if !k.ok() || !o.ok() || !ok(&bx) {
            return false;
        }
        let got = (
            overlap_obb_capsule(o.f(), &k.f()),
            touch_obb_capsule(o.f(), &k.f()),
        );
        flavours(
            t,
            "obb_capsule",
            got,
            |c| exact::capsule_poly(c, k.a, k.b, k.r, &bx, &X_Y),
            || format!("obb {o:?}, capsule {k:?}"),
        );
        true
    });
}

#[test]
fn capsule_circle_is_exact() {
    run("capsule_circle", 110, |rng, build, t| {
        let mag = rng.mag();
        let mut k = rand_capsule(rng, mag);
        let c = if build {
            let q = on_segment(rng, k.a, k.b);
            let (dx, dy, d) = triple_offset(rng, mag / 4);
            let total = d + if rng.chance(1, 2) { 0 } else { rng.step() };
            k.r = rng.range(0, total.max(0));
            ICircle {
                x: q.0 + dx,
                y: q.1 + dy,
                r: total - k.r,
            }
        } else {
            circle(rng, mag)
        };
        if !k.ok() || !c.ok() {
            return false;
        }
        let got = (
            overlap_capsule_circle(&k.f(), c.f()),
            touch_capsule_circle(&k.f(), c.f()),
        );
        flavours(
            t,
            "capsule_circle",
            got,
            |cl| {
                k.r >= 0
                    && c.r >= 0
                    && exact::below(cl, exact::dist2((c.x, c.y), k.a, k.b), k.r + c.r)
            },
            || format!("capsule {k:?}, circle {c:?}"),
        );
        true
    });
}

#[test]
fn capsule_capsule_is_exact_and_symmetric() {
    run("capsule_capsule", 111, |rng, build, t| {
        let mag = rng.mag();
        let a = rand_capsule(rng, mag);
        let mut b = if build {
            {
                let near = on_segment(rng, a.a, a.b);
                capsule_near(rng, near, mag)
            }
        } else {
            rand_capsule(rng, mag)
        };
        let mut a = a;
        if build && b.r >= 0 {
            // Share the distance between both radii.
            a.r = rng.range(0, b.r);
            b.r -= a.r;
        }
        if !a.ok() || !b.ok() {
            return false;
        }
        let (fa, fb) = (a.f(), b.f());
        let want = |c: bool| {
            a.r >= 0 && b.r >= 0 && exact::capsule_capsule(c, (a.a, a.b), (b.a, b.b), a.r + b.r)
        };
        let input = || format!("a {a:?}, b {b:?}");
        let got = (
            overlap_capsule_capsule(&fa, &fb),
            touch_capsule_capsule(&fa, &fb),
        );
        flavours(t, "capsule_capsule", got, want, input);
        let rev = (
            overlap_capsule_capsule(&fb, &fa),
            touch_capsule_capsule(&fb, &fa),
        );
        t.eq("capsule_capsule both orders", rev, got, input);
        true
    });
}

#[test]
fn segments_against_polys_and_capsules_are_exact() {
    run("segment_poly", 112, |rng, build, t| {
        let mag = rng.mag();
        let b = rand_poly(rng, mag);
        let a0 = if build {
            let q = on_boundary(rng, &b);
            (q.0 + rng.step(), q.1 + rng.step())
        } else {
            (rng.coord(mag), rng.coord(mag))
        };
        let a1 = match rng.below(4) {
            0 => a0,
            1 => on_boundary(rng, &b),
            _ => (rng.coord(mag), rng.coord(mag)),
        };
        if !ok(&[a0, a1]) {
            return false;
        }
        let s = Segment::new(v(a0), v(a1));
        let want = exact::seg_poly(a0, a1, &b, &[]);
        t.hits += want as u64;
        let input = || format!("segment {a0:?}..{a1:?}, {}", show_poly(&b));
        t.eq(
            "intersect_segment_poly",
            intersect_segment_poly(s, &poly(&b)),
            want,
            input,
        );
        // The ray cast agrees with the predicate on the segment it is given.
        let hit = raycast_poly(v(a0), Vec2::new(g(a1.0 - a0.0), g(a1.1 - a0.1)), &poly(&b));
        t.eq("raycast_poly hits", hit.is_some(), want, input);
        if let Some(h) = hit {
            let n2 = h.normal.x * h.normal.x + h.normal.y * h.normal.y;
            let fine = (0.0..=1.0).contains(&h.t) && (n2 == 0.0 || (n2 - 1.0).abs() < 1e-5);
            t.check(fine, || {
                format!("raycast_poly answer {h:?} for {}", input())
            });
        }
        // A segment against a capsule of the same end points, radius 0 or near.
        let k = ICap {
            a: b[0],
            b: b[1],
            r: rand_radius(rng, mag).min(2),
        };
        let want = k.r >= 0 && exact::capsule_capsule(true, (a0, a1), (k.a, k.b), k.r);
        t.eq(
            "intersect_segment_capsule",
            intersect_segment_capsule(s, &k.f()),
            want,
            || format!("segment {a0:?}..{a1:?}, capsule {k:?}"),
        );
        true
    });
}

// ---- Ray casts ----

#[test]
fn raycast_poly_matches_raycast_rect_on_a_box() {
    let mut rng = Rng::new(113);
    let mut t = Tally::new("raycast_poly vs raycast_rect");
    while t.cases < cases() / 4 {
        let mag = SMALL;
        let r = rect(&mut rng, mag);
        let b = r.bx();
        if b.x0 == b.x1 || b.y0 == b.y1 {
            continue;
        }
        let p = poly(&box_verts(b));
        let o = Vec2::new(g(rng.coord(2 * mag)), g(rng.coord(2 * mag)));
        let d = Vec2::new(g(rng.coord(4 * mag)), g(rng.coord(4 * mag)));
        let (hp, hr) = (raycast_poly(o, d, &p), raycast_rect(o, d, r.f()));
        t.cases += 1;
        t.eq("hit", hp.is_some(), hr.is_some(), || {
            format!("{o:?} {d:?} {r:?}")
        });
        if let (Some(a), Some(b)) = (hp, hr) {
            let close = (a.t - b.t).abs() <= 1e-6 * (1.0 + b.t);
            t.check(close, || format!("t {a:?} vs {b:?} for {o:?} {d:?} {r:?}"));
            // Normals agree away from corners (where the two order their faces differently).
            let corner = a.normal != b.normal && a.t == b.t;
            t.check(a.normal == b.normal || corner, || {
                format!("normal {a:?} vs {b:?}")
            });
        }
    }
    t.finish();
}

#[test]
fn raycast_poly_scenarios() {
    // A slope tile: the triangle (0,0) (32,0) (32,32); a bullet flying right at y = 8.
    let tri = Poly::hull(&[pt(0, 0), pt(32 * 256, 0), pt(32 * 256, 32 * 256)]).unwrap();
    let h = raycast_poly(Vec2::new(-10.0, 8.0), Vec2::new(40.0, 0.0), &tri).unwrap();
    assert_eq!(h.t, 0.45, "enters the slope at x = 8");
    let s = std::f32::consts::FRAC_1_SQRT_2;
    assert!((h.normal.x + s).abs() < 1e-6 && (h.normal.y - s).abs() < 1e-6);
    assert_eq!(h.pos, Vec2::new(8.0, 8.0));
    // From inside: t = 0 and no normal.
    let h = raycast_poly(Vec2::new(30.0, 1.0), Vec2::new(5.0, 0.0), &tri).unwrap();
    assert_eq!((h.t, h.normal), (0.0, Vec2::new(0.0, 0.0)));
    // Starting on the floor edge and moving along it: hits at once with the floor's normal.
    let h = raycast_poly(Vec2::new(4.0, 0.0), Vec2::new(5.0, 0.0), &tri).unwrap();
    assert_eq!((h.t, h.normal), (0.0, Vec2::new(0.0, -1.0)));
    // Passing under it: no hit; stopping one step short: no hit.
    assert!(raycast_poly(Vec2::new(-10.0, -1.0), Vec2::new(50.0, 0.0), &tri).is_none());
    assert!(raycast_poly(
        Vec2::new(-10.0, 8.0),
        Vec2::new(18.0 - 1.0 / 256.0, 0.0),
        &tri
    )
    .is_none());
    assert!(raycast_poly(Vec2::new(-10.0, 8.0), Vec2::new(18.0, 0.0), &tri).is_some());
    // No ray: infinite origin or delta.
    assert!(raycast_poly(Vec2::new(f32::INFINITY, 8.0), Vec2::new(1.0, 0.0), &tri).is_none());
    assert!(raycast_poly(Vec2::new(-10.0, 8.0), Vec2::new(f32::INFINITY, 0.0), &tri).is_none());
}

// ---- The hull constructor ----

fn orient_i(a: P, b: P, c: P) -> i128 {
    exact::cross(a, b, c)
}

fn steps_of(p: Vec2) -> P {
    ((p.x * 256.0) as i64, (p.y * 256.0) as i64)
}

#[test]
fn hull_holds_every_point_counter_clockwise() {
    let mut rng = Rng::new(114);
    let mut t = Tally::new("hull");
    let (mut built, mut degenerate, mut too_many) = (0, 0, 0);
    while t.cases < cases() / 2 {
        let mag = rng.mag();
        let (cx, cy) = (rng.coord(mag), rng.coord(mag));
        let top = [4, 64, mag][rng.below(3) as usize];
        let size = rng.range(0, top);
        let n = rng.range(0, 14) as usize;
        let pts: Vec<P> = match rng.below(5) {
            // On one line.
            0 => {
                let (dx, dy) = (rng.range(-3, 3), rng.range(-3, 3));
                (0..n)
                    .map(|_| {
                        let k = rng.range(-size, size);
                        (cx + k * dx, cy + k * dy)
                    })
                    .collect()
            }
            // Repeats.
            1 => {
                let base: Vec<P> = (0..3)
                    .map(|_| (cx + rng.range(-size, size), cy + rng.range(-size, size)))
                    .collect();
                (0..n).map(|_| rng.pick(&base)).collect()
            }
            _ => (0..n)
                .map(|_| (cx + rng.range(-size, size), cy + rng.range(-size, size)))
                .collect(),
        };
        if !ok(&pts) {
            continue;
        }
        t.cases += 1;
        let fp: Vec<Vec2> = pts.iter().map(|&p| v(p)).collect();
        let want = exact::hull(&pts);
        let got = Poly::hull(&fp);
        let input = || format!("points {pts:?}");
        match got {
            Err(PolyError::Degenerate) => {
                degenerate += 1;
                t.check(want.len() < 3, || {
                    format!("degenerate, want {want:?}: {}", input())
                });
            }
            Err(PolyError::TooMany) => {
                too_many += 1;
                t.check(want.len() > 8, || {
                    format!("too many, want {want:?}: {}", input())
                });
            }
            Err(e) => t.check(false, || format!("{e:?} for {}", input())),
            Ok(p) => {
                built += 1;
                let vs: Vec<P> = p.vertices().unwrap().iter().map(|&q| steps_of(q)).collect();
                let m = vs.len();
                t.check((3..=8).contains(&m) && m == want.len(), || {
                    format!("count {m} want {want:?}: {}", input())
                });
                // Strictly convex and counter-clockwise, and every vertex is one of the points.
                let convex = (0..m).all(|i| orient_i(vs[i], vs[(i + 1) % m], vs[(i + 2) % m]) > 0);
                t.check(convex, || {
                    format!("not strictly convex CCW {vs:?}: {}", input())
                });
                t.check(vs.iter().all(|q| pts.contains(q)), || {
                    format!("invented vertex {vs:?}")
                });
                // Contains every point (closed), by the library and by the oracle.
                for &q in &pts {
                    t.check(touch_point_poly(v(q), &p), || {
                        format!("{q:?} outside {vs:?}")
                    });
                    t.check(exact::point_in(true, q, &vs, &[]), || {
                        format!("{q:?} outside {vs:?} (oracle)")
                    });
                }
                // The same set as the oracle's hull.
                let mut a = vs.clone();
                let mut b = want.clone();
                a.sort();
                b.sort();
                t.eq("hull vertex set", a, b, input);
            }
        }
    }
    eprintln!("hull: {built} built, {degenerate} degenerate, {too_many} too many");
    assert!(built > 0 && degenerate > 0 && too_many > 0);
    t.finish();
}

#[test]
fn hull_statuses_from_c() {
    let mut out = Poly::default();
    let before = out;
    let tile = [pt(0, 0), pt(256, 0), pt(256, 256), pt(0, 256), pt(128, 128)];
    // SAFETY: valid pointers and lengths throughout.
    unsafe {
        assert_eq!(c2d_poly_make(tile.as_ptr(), 5, &mut out), C2D_OK);
        assert_eq!(out.count, 4);
        assert_eq!(out.verts[0], pt(0, 0));
        let mut untouched = before;
        assert_eq!(
            c2d_poly_make(tile.as_ptr(), 2, &mut untouched),
            C2D_ERR_DEGENERATE
        );
        assert_eq!(
            c2d_poly_make(tile.as_ptr(), 0, &mut untouched),
            C2D_ERR_DEGENERATE
        );
        let line = [pt(0, 0), pt(1, 1), pt(5, 5), pt(2, 2)];
        assert_eq!(
            c2d_poly_make(line.as_ptr(), 4, &mut untouched),
            C2D_ERR_DEGENERATE
        );
        let nan = [pt(0, 0), pt(256, 0), Vec2::new(f32::NAN, 1.0)];
        assert_eq!(
            c2d_poly_make(nan.as_ptr(), 3, &mut untouched),
            C2D_ERR_INVALID
        );
        let inf = [pt(0, 0), pt(256, 0), Vec2::new(1.0, f32::INFINITY)];
        assert_eq!(
            c2d_poly_make(inf.as_ptr(), 3, &mut untouched),
            C2D_ERR_INVALID
        );
        let nine: Vec<Vec2> = (0..9)
            .map(|i| {
                let a = i as f64 * std::f64::consts::TAU / 9.0;
                Vec2::new((a.cos() * 100.0) as f32, (a.sin() * 100.0) as f32)
            })
            .collect();
        assert_eq!(
            c2d_poly_make(nine.as_ptr(), 9, &mut untouched),
            C2D_ERR_TOO_MANY
        );
        assert_eq!(c2d_poly_make(nine.as_ptr(), 8, &mut untouched), C2D_OK);
        untouched = before;
        assert_eq!(
            c2d_poly_make(std::ptr::null(), 3, &mut untouched),
            C2D_ERR_NULL
        );
        assert_eq!(
            c2d_poly_make(tile.as_ptr(), 3, std::ptr::null_mut()),
            C2D_ERR_NULL
        );
        assert_eq!(untouched, before);
    }
}

#[test]
fn hull_of_any_floats_is_convex() {
    // Off the grid (tiny, huge and mixed magnitudes) the hull is still exact: checked with the
    // library's own exact orientation through `touch_point_poly`'s neighbours... here by f64
    // orientation signs that are exact for f32 inputs of similar magnitudes.
    let mut rng = Rng::new(115);
    for _ in 0..20_000 {
        let scale = [1e-30f64, 1e-3, 1.0, 1e6, 1e30][rng.below(5) as usize];
        let n = rng.range(3, 12) as usize;
        let pts: Vec<Vec2> = (0..n)
            .map(|_| {
                Vec2::new(
                    (rng.float(-1.0, 1.0) * scale) as f32,
                    (rng.float(-1.0, 1.0) * scale) as f32,
                )
            })
            .collect();
        if let Ok(p) = Poly::hull(&pts) {
            let vs = p.vertices().unwrap();
            assert!((3..=8).contains(&vs.len()));
            assert!(vs.iter().all(|q| pts.contains(q)));
        }
    }
}

// ---- Bad input ----

/// Every new C function's answer for one scene (both polys' pair, in that order).
fn every_answer(
    (p, q): (&Poly, &Poly),
    k: &Capsule,
    r: Rect,
    o: Obb,
    c: Circle,
    pt: Vec2,
    s: Segment,
) -> Vec<bool> {
    let mut out = vec![
        c2d_overlap_point_poly(pt, *p),
        c2d_touch_point_poly(pt, *p),
        c2d_overlap_rect_poly(r, *p),
        c2d_touch_rect_poly(r, *p),
        c2d_overlap_obb_poly(o, *p),
        c2d_touch_obb_poly(o, *p),
        c2d_overlap_poly_poly(*p, *q),
        c2d_touch_poly_poly(*p, *q),
        c2d_overlap_poly_circle(*p, c),
        c2d_touch_poly_circle(*p, c),
        c2d_overlap_poly_capsule(*p, *k),
        c2d_touch_poly_capsule(*p, *k),
        c2d_overlap_point_capsule(pt, *k),
        c2d_touch_point_capsule(pt, *k),
        c2d_overlap_rect_capsule(r, *k),
        c2d_touch_rect_capsule(r, *k),
        c2d_overlap_obb_capsule(o, *k),
        c2d_touch_obb_capsule(o, *k),
        c2d_overlap_capsule_circle(*k, c),
        c2d_touch_capsule_circle(*k, c),
        c2d_overlap_capsule_capsule(*k, *k),
        c2d_touch_capsule_capsule(*k, *k),
        c2d_intersect_segment_poly(s, *p),
        c2d_intersect_segment_capsule(s, *k),
    ];
    let mut h = Hit::default();
    // SAFETY: `h` is writable.
    let hit = unsafe { c2d_raycast_poly(s.a, Vec2::new(s.b.x - s.a.x, s.b.y - s.a.y), *p, &mut h) };
    if hit {
        let fields = [
            h.t, h.normal.x, h.normal.y, h.point.x, h.point.y, h.pos.x, h.pos.y,
        ];
        let any_nan_in = [s.a.x, s.a.y, s.b.x, s.b.y].iter().any(|v| v.is_nan());
        assert!(
            any_nan_in || fields.iter().all(|v| !v.is_nan()),
            "NaN in {h:?} for {p:?} {s:?}"
        );
    }
    out.push(hit);
    out
}

#[test]
fn nan_answers_false_everywhere() {
    let p = Poly::hull(&[pt(0, 0), pt(2560, 0), pt(0, 2560)]).unwrap();
    let k = Capsule::new(pt(0, 0), pt(512, 512), 4.0);
    let r = Rect::new(-5.0, -5.0, 20.0, 20.0);
    let o = Obb::new(Vec2::new(1.0, 1.0), Vec2::new(5.0, 5.0), Rot::identity());
    let c = Circle::new(1.0, 1.0, 3.0);
    let q = Vec2::new(1.0, 1.0);
    let s = Segment::new(Vec2::new(-5.0, 1.0), Vec2::new(5.0, 1.0));
    assert!(
        every_answer((&p, &p), &k, r, o, c, q, s).iter().all(|&b| b),
        "the base scene overlaps everywhere"
    );
    let nan = f32::NAN;
    for i in 0..8 {
        let mut bad = p;
        if i < 6 {
            let (vi, xy) = (i / 2, i % 2);
            if xy == 0 {
                bad.verts[vi].x = nan
            } else {
                bad.verts[vi].y = nan
            }
        } else {
            bad.verts[0] = Vec2::new(nan, nan);
        }
        let got = every_answer((&bad, &bad), &k, r, o, c, q, s);
        let uses_poly = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 22, 24];
        assert!(
            uses_poly.iter().all(|&j| !got[j]),
            "NaN vertex {i}: {got:?}"
        );
    }
    let bad_k = [
        Capsule::new(Vec2::new(nan, 0.0), pt(512, 512), 4.0),
        Capsule::new(pt(0, 0), Vec2::new(2.0, nan), 4.0),
        Capsule::new(pt(0, 0), pt(512, 512), nan),
    ];
    for bk in bad_k {
        let got = every_answer((&p, &p), &bk, r, o, c, q, s);
        for j in [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23] {
            assert!(!got[j], "NaN capsule {bk:?}: answer {j} true");
        }
    }
    let got = every_answer((&p, &p), &k, Rect::new(nan, 0.0, 1.0, 1.0), o, c, q, s);
    assert!(!got[2] && !got[3] && !got[14] && !got[15]);
    let bad_o = Obb::new(
        Vec2::new(1.0, 1.0),
        Vec2::new(5.0, 5.0),
        Rot { c: nan, s: 0.0 },
    );
    let got = every_answer((&p, &p), &k, r, bad_o, c, q, s);
    assert!(!got[4] && !got[5] && !got[16] && !got[17]);
    let got = every_answer(
        (&p, &p),
        &k,
        r,
        o,
        Circle::new(nan, 1.0, 3.0),
        Vec2::new(nan, 0.0),
        Segment::new(Vec2::new(nan, 0.0), q),
    );
    for j in [0, 1, 8, 9, 12, 13, 18, 19, 22, 23, 24] {
        assert!(!got[j], "NaN point, circle or segment: answer {j} true");
    }
}

#[test]
fn malformed_polys_never_panic() {
    let mut rng = Rng::new(116);
    let specials = [
        0.0f32,
        -0.0,
        1.0,
        -1.0,
        1e30,
        -1e30,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MAX,
        f32::MIN_POSITIVE,
        1e-45,
    ];
    let counts = [i32::MIN, -1, 0, 1, 2, 3, 4, 7, 8, 9, 100, i32::MAX];
    let val = |rng: &mut Rng| {
        if rng.chance(1, 3) {
            rng.pick(&specials)
        } else {
            rng.float(-100.0, 100.0) as f32
        }
    };
    for _ in 0..50_000 {
        let mut p = Poly::default();
        for q in p.verts.iter_mut() {
            *q = Vec2::new(val(&mut rng), val(&mut rng));
        }
        p.count = if rng.chance(1, 2) {
            rng.pick(&counts)
        } else {
            rng.range(3, 8) as i32
        };
        let mut q = p;
        q.verts.reverse(); // clockwise, mostly
        let k = Capsule::new(
            Vec2::new(val(&mut rng), val(&mut rng)),
            Vec2::new(val(&mut rng), val(&mut rng)),
            val(&mut rng),
        );
        let r = Rect::new(val(&mut rng), val(&mut rng), val(&mut rng), val(&mut rng));
        let o = Obb::new(
            Vec2::new(val(&mut rng), val(&mut rng)),
            Vec2::new(val(&mut rng), val(&mut rng)),
            Rot {
                c: val(&mut rng),
                s: val(&mut rng),
            },
        );
        let c = Circle::new(val(&mut rng), val(&mut rng), val(&mut rng));
        let pt = Vec2::new(val(&mut rng), val(&mut rng));
        let s = Segment::new(
            Vec2::new(val(&mut rng), val(&mut rng)),
            Vec2::new(val(&mut rng), val(&mut rng)),
        );
        let got = every_answer((&p, &q), &k, r, o, c, pt, s);
        if !(3..=8).contains(&p.count) {
            assert!(
                got[..12].iter().all(|&b| !b) && !got[22] && !got[24],
                "count {} answered true",
                p.count
            );
        }
        // The hull of the same points never panics and, when built, is well formed.
        if let Ok(h) = Poly::hull(&p.verts) {
            assert!((3..=8).contains(&h.count));
        }
    }
}

/// A box turned by any angle agrees with the polygon of its corners wherever a slightly larger
/// and a slightly smaller box agree (off right angles the box is exact only within rounding).
#[test]
fn turned_boxes_agree_with_their_corner_polygons() {
    let mut rng = Rng::new(117);
    let mut t = Tally::new("obb at any angle");
    let corners = |o: Obb, grow: f64| {
        let (c, s) = (o.rot.c as f64, o.rot.s as f64);
        let (hx, hy) = (o.half.x as f64 + grow, o.half.y as f64 + grow);
        let pts: Vec<Vec2> = [(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)]
            .iter()
            .map(|&(x, y)| {
                Vec2::new(
                    (o.center.x as f64 + c * x - s * y) as f32,
                    (o.center.y as f64 + s * x + c * y) as f32,
                )
            })
            .collect();
        Poly::hull(&pts).unwrap()
    };
    while t.cases < cases() / 4 {
        let b = rand_poly(&mut rng, SMALL);
        let o = Obb::new(
            Vec2::new(g(rng.coord(SMALL)), g(rng.coord(SMALL))),
            Vec2::new(g(rng.range(64, SMALL / 4)), g(rng.range(64, SMALL / 4))),
            Rot::from_degrees(rng.range(0, 359) as f32 + 0.5),
        );
        let k = rand_capsule(&mut rng, SMALL);
        let (big, small) = (corners(o, 1e-3), corners(o, -1e-3));
        let pb = poly(&b);
        t.cases += 1;
        let (hi, lo) = (touch_poly_poly(&big, &pb), touch_poly_poly(&small, &pb));
        if hi == lo {
            t.eq(
                "obb_poly",
                (overlap_obb_poly(o, &pb), touch_obb_poly(o, &pb)),
                (hi, hi),
                || format!("{o:?}, {}", show_poly(&b)),
            );
        }
        let kf = k.f();
        let (hi, lo) = (
            touch_poly_capsule(&big, &kf),
            touch_poly_capsule(&small, &kf),
        );
        if hi == lo {
            t.eq("obb_capsule", touch_obb_capsule(o, &kf), hi, || {
                format!("{o:?}, {k:?}")
            });
        }
    }
    t.finish();
}

/// A capsule or a hand-made polygon reaching to infinity (a level editor's runaway vertex): the
/// strict test never says yes where the closed one says no, even where a distance works out as
/// infinity times zero.
#[test]
fn infinite_coordinates_never_overlap_without_touching() {
    let inf = f32::INFINITY;
    let k = Capsule {
        a: Vec2::new(0.0, 1.0),
        b: Vec2::new(-inf, 0.0),
        r: 1.0,
    };
    let origin = Vec2::new(0.0, 0.0);
    let unit = Circle::new(0.0, 0.0, 1.0);
    let dot = Capsule {
        a: Vec2::new(74.0, -8.75),
        b: Vec2::new(74.0, -8.75),
        r: 0.0,
    };
    let thin = Capsule {
        a: Vec2::new(74.0, 74.0),
        b: Vec2::new(-inf, -8.75),
        r: 3.5265e-41,
    };
    let mut q = Poly::default();
    let verts = [
        (-62.0, -inf),
        (109.0, 16243.5),
        (-2.5, -62.0),
        (-62.0, -0.25),
        (-0.25, -0.25),
        (-62.0, -62.0),
    ];
    for (i, &(x, y)) in verts.iter().enumerate() {
        q.verts[i] = Vec2::new(x, y);
    }
    q.count = verts.len() as i32;
    let speck = Circle::new(-14.5, -62.0, 0.0);
    let answers = [
        (
            "point_capsule",
            c2d_overlap_point_capsule(origin, k),
            c2d_touch_point_capsule(origin, k),
        ),
        (
            "capsule_circle",
            c2d_overlap_capsule_circle(k, unit),
            c2d_touch_capsule_circle(k, unit),
        ),
        (
            "capsule_capsule",
            c2d_overlap_capsule_capsule(dot, thin),
            c2d_touch_capsule_capsule(dot, thin),
        ),
        (
            "poly_circle",
            c2d_overlap_poly_circle(q, speck),
            c2d_touch_poly_circle(q, speck),
        ),
    ];
    for (name, overlap, touch) in answers {
        assert!(!overlap || touch, "{name}: overlap without touch");
    }
}
