//! Contacts, intersection boxes, distances and closest points hold what API.md promises.
//!
//! `collide_*` answers the strict overlap and, when true, a minimum translation: a unit normal from
//! the first shape to the second, a positive depth such that moving the first shape by
//! `-normal * depth` leaves the two touching but not overlapping, and a point inside both.
//! Checked on random float shapes (any angle) with tolerances relative to the shapes' size, and on
//! grid shapes where the answers are exact. Run with `cargo test --test contacts -- --nocapture`
//! to see the counts.

mod common;

use collide2d::*;
use common::oracle;
use common::*;

const RANDOM_CASES: u64 = 50_000;
const GRID_CASES: u64 = 100_000;

type P = (f64, f64);

fn hypot(p: P, q: P) -> f64 {
    (q.0 - p.0).hypot(q.1 - p.1)
}

/// The shapes the contact tests move around, with independent geometry written here.
trait Shape: Copy + std::fmt::Debug {
    fn random(rng: &mut Rng, center: P) -> Self;
    fn center(&self) -> P;
    /// A length scale: the largest extent.
    fn size(&self) -> f64;
    fn moved(&self, dx: f64, dy: f64) -> Self;
    /// The point lies in the closed shape grown by `tol`.
    fn contains(&self, p: Vec2, tol: f64) -> bool;
}

fn frect(rng: &mut Rng, center: P) -> Rect {
    let w = rng.float(0.5, 60.0) * if rng.chance(1, 8) { -1.0 } else { 1.0 };
    let h = rng.float(0.5, 60.0) * if rng.chance(1, 8) { -1.0 } else { 1.0 };
    Rect::new(
        (center.0 - w / 2.0) as f32,
        (center.1 - h / 2.0) as f32,
        w as f32,
        h as f32,
    )
}

fn bounds(r: Rect) -> (f64, f64, f64, f64) {
    let (x0, y0) = (r.x as f64, r.y as f64);
    let (x1, y1) = (x0 + r.w as f64, y0 + r.h as f64);
    (x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1))
}

impl Shape for Rect {
    fn random(rng: &mut Rng, center: P) -> Self {
        frect(rng, center)
    }
    fn center(&self) -> P {
        let (x0, y0, x1, y1) = bounds(*self);
        ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
    }
    fn size(&self) -> f64 {
        (self.w.abs() as f64).max(self.h.abs() as f64)
    }
    fn moved(&self, dx: f64, dy: f64) -> Self {
        Rect {
            x: (self.x as f64 + dx) as f32,
            y: (self.y as f64 + dy) as f32,
            ..*self
        }
    }
    fn contains(&self, p: Vec2, tol: f64) -> bool {
        let (x0, y0, x1, y1) = bounds(*self);
        let (x, y) = (p.x as f64, p.y as f64);
        x0 - tol <= x && x <= x1 + tol && y0 - tol <= y && y <= y1 + tol
    }
}

impl Shape for Circle {
    fn random(rng: &mut Rng, center: P) -> Self {
        Circle::new(
            center.0 as f32,
            center.1 as f32,
            rng.float(0.5, 40.0) as f32,
        )
    }
    fn center(&self) -> P {
        (self.x as f64, self.y as f64)
    }
    fn size(&self) -> f64 {
        self.r as f64
    }
    fn moved(&self, dx: f64, dy: f64) -> Self {
        Circle::new(
            (self.x as f64 + dx) as f32,
            (self.y as f64 + dy) as f32,
            self.r,
        )
    }
    fn contains(&self, p: Vec2, tol: f64) -> bool {
        hypot(self.center(), (p.x as f64, p.y as f64)) <= self.r as f64 + tol
    }
}

fn unit_rot(o: &Obb) -> P {
    let (c, s) = (o.rot.c as f64, o.rot.s as f64);
    let n = c.hypot(s);
    (c / n, s / n)
}

/// A point in the box's own frame.
fn obb_local(o: &Obb, p: P) -> P {
    let (c, s) = unit_rot(o);
    let (dx, dy) = (p.0 - o.center.x as f64, p.1 - o.center.y as f64);
    (c * dx + s * dy, c * dy - s * dx)
}

fn obb_corners(o: &Obb) -> [P; 4] {
    let (c, s) = unit_rot(o);
    let (hx, hy) = (o.half.x.abs() as f64, o.half.y.abs() as f64);
    let (cx, cy) = (o.center.x as f64, o.center.y as f64);
    [(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)]
        .map(|(x, y)| (cx + c * x - s * y, cy + s * x + c * y))
}

fn rect_corners(r: &Rect) -> [P; 4] {
    let (x0, y0, x1, y1) = bounds(*r);
    [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
}

fn random_angle(rng: &mut Rng) -> f32 {
    if rng.chance(1, 4) {
        90.0 * rng.range(-4, 4) as f32
    } else {
        rng.float(-360.0, 360.0) as f32
    }
}

impl Shape for Obb {
    fn random(rng: &mut Rng, center: P) -> Self {
        Obb::new(
            Vec2::new(center.0 as f32, center.1 as f32),
            Vec2::new(rng.float(0.25, 30.0) as f32, rng.float(0.25, 30.0) as f32),
            Rot::from_degrees(random_angle(rng)),
        )
    }
    fn center(&self) -> P {
        (self.center.x as f64, self.center.y as f64)
    }
    fn size(&self) -> f64 {
        2.0 * (self.half.x.abs() as f64).max(self.half.y.abs() as f64)
    }
    fn moved(&self, dx: f64, dy: f64) -> Self {
        Obb {
            center: Vec2::new(
                (self.center.x as f64 + dx) as f32,
                (self.center.y as f64 + dy) as f32,
            ),
            ..*self
        }
    }
    fn contains(&self, p: Vec2, tol: f64) -> bool {
        let (lx, ly) = obb_local(self, (p.x as f64, p.y as f64));
        lx.abs() <= self.half.x.abs() as f64 + tol && ly.abs() <= self.half.y.abs() as f64 + tol
    }
}

/// The minimum translation depth of two convex boxes by projecting their corners on the four
/// side normals (independent of the library's half-width formulas).
fn box_depth(a: [P; 4], b: [P; 4]) -> f64 {
    let mut best = f64::INFINITY;
    for quad in [&a, &b] {
        for i in 0..2 {
            let (p, q) = (quad[i], quad[i + 1]);
            let len = hypot(p, q);
            let n = if len > 0.0 {
                ((q.1 - p.1) / len, (p.0 - q.0) / len)
            } else {
                // A flat box: its other side's normal.
                let (p2, q2) = (quad[(i + 1) % 4], quad[(i + 2) % 4]);
                let d = (q2.0 - p2.0, q2.1 - p2.1);
                let l = d.0.hypot(d.1);
                (d.0 / l, d.1 / l)
            };
            let proj = |c: &[P; 4]| {
                let v = c.map(|p| p.0 * n.0 + p.1 * n.1);
                (
                    v.iter().cloned().fold(f64::INFINITY, f64::min),
                    v.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
                )
            };
            let ((a0, a1), (b0, b1)) = (proj(&a), proj(&b));
            best = best.min((a1 - b0).min(b1 - a0));
        }
    }
    best
}

/// The minimum translation depth of a box `[-hx, hx] × [-hy, hy]` and a circle in its frame.
fn local_box_circle_depth(hx: f64, hy: f64, c: P, r: f64) -> f64 {
    let q = (c.0.clamp(-hx, hx), c.1.clamp(-hy, hy));
    let d = hypot(q, c);
    if d > 0.0 {
        r - d
    } else {
        r + (hx - c.0).min(c.0 + hx).min(hy - c.1).min(c.1 + hy)
    }
}

fn rect_circle_depth(a: Rect, b: Circle) -> f64 {
    let (x0, y0, x1, y1) = bounds(a);
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    local_box_circle_depth(
        (x1 - x0) / 2.0,
        (y1 - y0) / 2.0,
        (b.x as f64 - cx, b.y as f64 - cy),
        b.r as f64,
    )
}

struct Pair<A, B> {
    name: &'static str,
    overlap: fn(A, B) -> bool,
    touch: fn(A, B) -> bool,
    collide: fn(A, B) -> Option<Contact>,
    depth: fn(A, B) -> f64,
}

/// Random float pairs, most of them overlapping: every promise of `collide_*`.
fn check_contacts<A: Shape, B: Shape>(seed: u64, pair: Pair<A, B>) {
    let mut rng = Rng::new(seed);
    let mut t = Tally::new(pair.name);
    let mut hits = 0u64;
    while t.cases < RANDOM_CASES {
        t.cases += 1;
        let ca = (rng.float(-100.0, 100.0), rng.float(-100.0, 100.0));
        let a = A::random(&mut rng, ca);
        let spread = rng.float(0.0, 1.0) * (a.size() + 40.0);
        let cb = (
            ca.0 + rng.float(-spread, spread),
            ca.1 + rng.float(-spread, spread),
        );
        let b = B::random(&mut rng, cb);
        let input = || format!("{a:?} {b:?}");
        let overlap = (pair.overlap)(a, b);
        let got = (pair.collide)(a, b);
        t.eq("collide answers overlap", got.is_some(), overlap, input);
        let Some(c) = got else { continue };
        hits += 1;
        let eps = 1e-4 * (a.size() + b.size()) + 1e-6 * 200.0;
        let n = (c.normal.x as f64, c.normal.y as f64);
        let depth = c.depth as f64;
        t.check((n.0.hypot(n.1) - 1.0).abs() <= 1e-5, || {
            format!("normal {:?} not unit for {}", c.normal, input())
        });
        t.check(depth > 0.0, || format!("depth {depth} for {}", input()));
        let want = (pair.depth)(a, b);
        t.check((depth - want).abs() <= eps, || {
            format!("depth {depth}, minimum translation {want} for {}", input())
        });
        let out = a.moved(-n.0 * (depth + eps), -n.1 * (depth + eps));
        t.check(!(pair.touch)(out, b), || {
            format!("moved by -n*(depth+eps) still touches: {c:?} {}", input())
        });
        if depth > 2.0 * eps {
            let short = a.moved(-n.0 * (depth - eps), -n.1 * (depth - eps));
            t.check((pair.overlap)(short, b), || {
                format!(
                    "moved by -n*(depth-eps) no longer overlaps: {c:?} {}",
                    input()
                )
            });
        }
        t.check(a.contains(c.point, eps) && b.contains(c.point, eps), || {
            format!("point {:?} not in both: {c:?} {}", c.point, input())
        });
    }
    eprintln!("{}: {hits} of the random cases overlapped", pair.name);
    t.finish();
}

#[test]
fn collide_rect_rect_is_a_minimum_translation() {
    check_contacts(
        31,
        Pair {
            name: "collide_rect_rect",
            overlap: overlap_rect_rect,
            touch: touch_rect_rect,
            collide: collide_rect_rect,
            depth: |a, b| box_depth(rect_corners(&a), rect_corners(&b)),
        },
    );
}

#[test]
fn collide_circle_circle_is_a_minimum_translation() {
    check_contacts(
        32,
        Pair {
            name: "collide_circle_circle",
            overlap: overlap_circle_circle,
            touch: touch_circle_circle,
            collide: collide_circle_circle,
            depth: |a: Circle, b: Circle| {
                a.r as f64 + b.r as f64 - hypot(a.center().wide(), b.center().wide())
            },
        },
    );
}

trait Wide {
    fn wide(self) -> P;
}

impl Wide for Vec2 {
    fn wide(self) -> P {
        (self.x as f64, self.y as f64)
    }
}

#[test]
fn collide_rect_circle_is_a_minimum_translation() {
    check_contacts(
        33,
        Pair {
            name: "collide_rect_circle",
            overlap: overlap_rect_circle,
            touch: touch_rect_circle,
            collide: collide_rect_circle,
            depth: rect_circle_depth,
        },
    );
}

#[test]
fn collide_obb_circle_is_a_minimum_translation() {
    check_contacts(
        34,
        Pair {
            name: "collide_obb_circle",
            overlap: overlap_obb_circle,
            touch: touch_obb_circle,
            collide: collide_obb_circle,
            depth: |a: Obb, b: Circle| {
                local_box_circle_depth(
                    a.half.x.abs() as f64,
                    a.half.y.abs() as f64,
                    obb_local(&a, b.center().wide()),
                    b.r as f64,
                )
            },
        },
    );
}

#[test]
fn collide_obb_rect_is_a_minimum_translation() {
    check_contacts(
        35,
        Pair {
            name: "collide_obb_rect",
            overlap: overlap_obb_rect,
            touch: touch_obb_rect,
            collide: collide_obb_rect,
            depth: |a, b| box_depth(obb_corners(&a), rect_corners(&b)),
        },
    );
}

#[test]
fn collide_obb_obb_is_a_minimum_translation() {
    check_contacts(
        36,
        Pair {
            name: "collide_obb_obb",
            overlap: overlap_obb_obb,
            touch: touch_obb_obb,
            collide: collide_obb_obb,
            depth: |a, b| box_depth(obb_corners(&a), obb_corners(&b)),
        },
    );
}

/// On the grid, including exactly touching pairs, `collide_*` answers exactly `overlap_*`.
#[test]
fn collide_answers_overlap_on_the_grid() {
    let mut rng = Rng::new(37);
    let mut t = Tally::new("collide vs overlap (grid)");
    while t.cases < GRID_CASES {
        let mag = rng.mag();
        let ra = rect(&mut rng, mag);
        let (oa, ob) = (obb(&mut rng, mag), obb(&mut rng, mag));
        let rb = related_rect(&mut rng, ra.bx(), mag);
        let ob2 = related_obb(&mut rng, oa.bx(), mag);
        let ca = related_circle(&mut rng, ra.bx(), mag);
        let cb = related_circle(&mut rng, oa.bx(), mag);
        let (dx, dy, d) = triple_offset(&mut rng, mag);
        let r1 = rng.range(0, d);
        let c1 = ICircle { r: r1, ..ca };
        let c2 = ICircle {
            x: ca.x + dx,
            y: ca.y + dy,
            r: d - r1 + rng.step(),
        };
        let all = [
            ra.ok(),
            rb.ok(),
            oa.ok(),
            ob.ok(),
            ob2.ok(),
            ca.ok(),
            cb.ok(),
            c2.ok(),
        ];
        if all.contains(&false) {
            continue;
        }
        t.cases += 1;
        let (fra, frb, foa, fob, fob2) = (ra.f(), rb.f(), oa.f(), ob.f(), ob2.f());
        let (fca, fcb, fc1, fc2) = (ca.f(), cb.f(), c1.f(), c2.f());
        let s = |x: &dyn std::fmt::Debug, y: &dyn std::fmt::Debug| format!("{x:?} {y:?}");
        t.eq(
            "collide_rect_rect",
            collide_rect_rect(fra, frb).is_some(),
            overlap_rect_rect(fra, frb),
            || s(&ra, &rb),
        );
        t.eq(
            "collide_circle_circle",
            collide_circle_circle(fc1, fc2).is_some(),
            overlap_circle_circle(fc1, fc2),
            || s(&c1, &c2),
        );
        t.eq(
            "collide_rect_circle",
            collide_rect_circle(fra, fca).is_some(),
            overlap_rect_circle(fra, fca),
            || s(&ra, &ca),
        );
        t.eq(
            "collide_obb_circle",
            collide_obb_circle(foa, fcb).is_some(),
            overlap_obb_circle(foa, fcb),
            || s(&oa, &cb),
        );
        let rr = IRect::of_box(&mut rng, ob2.bx());
        let frr = rr.f();
        t.eq(
            "collide_obb_rect",
            collide_obb_rect(foa, frr).is_some(),
            overlap_obb_rect(foa, frr),
            || s(&oa, &rr),
        );
        t.eq(
            "collide_obb_obb",
            collide_obb_obb(foa, fob2).is_some(),
            overlap_obb_obb(foa, fob2),
            || s(&oa, &ob2),
        );
        t.eq(
            "collide_obb_obb (random)",
            collide_obb_obb(foa, fob).is_some(),
            overlap_obb_obb(foa, fob),
            || s(&oa, &ob),
        );
        // Boxes turned by quarter turns are axis-aligned boxes: their contact has exactly the
        // depth of the same boxes as rects (the point may be any point of the overlap).
        let ar = IRect::of_box(&mut rng, oa.bx()).f();
        let b2r = IRect::of_box(&mut rng, ob2.bx()).f();
        let same = |c: Option<Contact>, r: Option<Contact>| match (c, r) {
            (Some(c), Some(r)) => c.depth == r.depth,
            (c, r) => c.is_none() && r.is_none(),
        };
        t.check(
            same(collide_obb_rect(foa, frr), collide_rect_rect(ar, frr)),
            || format!("obb_rect vs rect_rect contact: {}", s(&oa, &rr)),
        );
        t.check(
            same(collide_obb_obb(foa, fob2), collide_rect_rect(ar, b2r)),
            || format!("obb_obb vs rect_rect contact: {}", s(&oa, &ob2)),
        );
    }
    t.finish();
}

fn close(a: Vec2, b: (f64, f64), tol: f64) -> bool {
    (a.x as f64 - b.0).abs() <= tol && (a.y as f64 - b.1).abs() <= tol
}

/// Coincident centres: the documented normal is +x of the first shape's frame, (1, 0) for
/// axis-aligned shapes; ties between equally shallow axes resolve +x, -x, +y, -y.
#[test]
fn coincident_centres_use_the_documented_normal() {
    let c = collide_circle_circle(Circle::new(5.0, 5.0, 2.0), Circle::new(5.0, 5.0, 3.0)).unwrap();
    assert_eq!(c.normal, Vec2::new(1.0, 0.0));
    assert_eq!(c.depth, 5.0);

    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let b = Rect::new(2.0, 2.0, 6.0, 6.0);
    let c = collide_rect_rect(a, b).unwrap();
    assert_eq!(c.normal, Vec2::new(1.0, 0.0));
    assert_eq!(c.depth, 8.0);
    assert_eq!(c.point, Vec2::new(5.0, 5.0));

    // Concentric, flatter than wide: the shallow axis is y, and +y wins the tie with -y.
    let a = Rect::new(0.0, 0.0, 10.0, 2.0);
    let c = collide_rect_rect(a, a).unwrap();
    assert_eq!(c.normal, Vec2::new(0.0, 1.0));
    assert_eq!(c.depth, 2.0);

    let c = collide_rect_circle(Rect::new(-4.0, -4.0, 8.0, 8.0), Circle::new(0.0, 0.0, 1.0));
    let c = c.unwrap();
    assert_eq!(c.normal, Vec2::new(1.0, 0.0));
    assert_eq!(c.depth, 5.0);

    for deg in [0.0f32, 30.0, 90.0, 135.0, -60.0] {
        let rot = Rot::from_degrees(deg);
        let u = (rot.c as f64, rot.s as f64);
        let o = Obb::new(Vec2::new(3.0, -2.0), Vec2::new(4.0, 4.0), rot);
        let c = collide_obb_circle(o, Circle::new(3.0, -2.0, 1.0)).unwrap();
        assert!(close(c.normal, u, 1e-6), "obb_circle {deg}: {c:?}");
        assert!((c.depth - 5.0).abs() < 1e-5);

        let other = Obb::new(
            Vec2::new(3.0, -2.0),
            Vec2::new(4.0, 4.0),
            Rot::from_degrees(17.0),
        );
        let c = collide_obb_obb(o, other).unwrap();
        assert!(close(c.normal, u, 1e-6), "obb_obb {deg}: {c:?}");
        let c = collide_obb_obb(o, o).unwrap();
        assert!(close(c.normal, u, 1e-6), "obb_obb same {deg}: {c:?}");
        assert!((c.depth - 8.0).abs() < 1e-5);

        let r = Rect::new(-1.0, -6.0, 8.0, 8.0); // centred on (3, -2)
        let c = collide_obb_rect(o, r).unwrap();
        assert!(close(c.normal, u, 1e-6), "obb_rect {deg}: {c:?}");
    }
}

/// Named cases: the normal points from the first shape to the second, and reversing the
/// arguments reverses it.
#[test]
fn normals_point_from_first_to_second() {
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let b = Rect::new(8.0, 2.0, 10.0, 6.0); // overlaps a's right side by 2
    let c = collide_rect_rect(a, b).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::new(1.0, 0.0), 2.0));
    assert_eq!(c.point, Vec2::new(9.0, 5.0));
    let c = collide_rect_rect(b, a).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::new(-1.0, 0.0), 2.0));

    // Circle below-left of the rect's corner (3-4-5 from it), radius 6: depth 1 along the diagonal.
    let c = collide_rect_circle(a, Circle::new(-3.0, -4.0, 6.0)).unwrap();
    assert_eq!(c.normal, Vec2::new(-0.6, -0.8));
    assert!((c.depth - 1.0).abs() < 1e-6);
    assert_eq!(c.point, Vec2::new(0.0, 0.0));

    let c = collide_circle_circle(Circle::new(0.0, 0.0, 3.0), Circle::new(0.0, 5.0, 3.0)).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::new(0.0, 1.0), 1.0));
    assert_eq!(c.point, Vec2::new(0.0, 2.5));

    // A box turned 90° is the same box: the contact equals the rect's.
    let o = Obb::new(
        Vec2::new(5.0, 5.0),
        Vec2::new(5.0, 5.0),
        Rot::from_degrees(90.0),
    );
    let c = collide_obb_rect(o, b).unwrap();
    assert!(close(c.normal, (1.0, 0.0), 0.0), "{c:?}");
    assert_eq!(c.depth, 2.0);
    let ob = obb_of_rect(b);
    let c = collide_obb_obb(ob, o).unwrap();
    assert!(close(c.normal, (-1.0, 0.0), 0.0), "{c:?}");
    assert_eq!(c.depth, 2.0);

    // Touching only: no contact.
    assert!(collide_rect_rect(a, Rect::new(10.0, 0.0, 5.0, 5.0)).is_none());
    assert!(
        collide_circle_circle(Circle::new(0.0, 0.0, 2.0), Circle::new(3.0, 4.0, 3.0)).is_none()
    );
    assert!(collide_rect_circle(a, Circle::new(13.0, 14.0, 5.0)).is_none());
}

#[test]
fn intersection_rect_is_the_exact_overlap_box() {
    let mut rng = Rng::new(38);
    let mut t = Tally::new("intersection_rect (grid)");
    let mut flat = 0u64;
    while t.cases < GRID_CASES * 5 {
        let mag = rng.mag();
        let a = rect(&mut rng, mag);
        let b = if rng.chance(1, 2) {
            related_rect(&mut rng, a.bx(), mag)
        } else {
            rect(&mut rng, mag)
        };
        if !(a.ok() && b.ok()) {
            continue;
        }
        t.cases += 1;
        let (fa, fb) = (a.f(), b.f());
        let got = intersection_rect(fa, fb);
        let input = || format!("{a:?} {b:?}");
        t.eq(
            "answers overlap_rect_rect",
            got.is_some(),
            overlap_rect_rect(fa, fb),
            input,
        );
        if let Some(r) = got {
            let (p, q) = (a.bx(), b.bx());
            let (x0, y0) = (p.x0.max(q.x0), p.y0.max(q.y0));
            // A zero-size rect strictly inside the other's span overlaps by the strict formula;
            // its flat overlap is reported with the smallest positive size.
            let size = |k: i64| if k == 0 { f32::from_bits(1) } else { g(k) };
            let want = Rect::new(
                g(x0),
                g(y0),
                size(p.x1.min(q.x1) - x0),
                size(p.y1.min(q.y1) - y0),
            );
            flat += (p.x1.min(q.x1) == x0 || p.y1.min(q.y1) == y0) as u64;
            t.eq("overlap box", r, want, input);
            t.check(r.w > 0.0 && r.h > 0.0, || {
                format!("size {r:?} for {}", input())
            });
            t.eq("symmetric", intersection_rect(fb, fa), got, input);
        }
    }
    eprintln!("intersection_rect: {flat} flat overlaps of zero-size rects");
    t.finish();
    // Seed-style named case: SDL/raylib give (8, 2, 2, 6).
    let r = intersection_rect(
        Rect::new(0.0, 0.0, 10.0, 10.0),
        Rect::new(8.0, 2.0, 10.0, 6.0),
    );
    assert_eq!(r, Some(Rect::new(8.0, 2.0, 2.0, 6.0)));
    // Negative sizes are normalised; flush rects have no intersection.
    let r = intersection_rect(
        Rect::new(10.0, 10.0, -10.0, -10.0),
        Rect::new(8.0, 2.0, 10.0, 6.0),
    );
    assert_eq!(r, Some(Rect::new(8.0, 2.0, 2.0, 6.0)));
    assert_eq!(
        intersection_rect(
            Rect::new(0.0, 0.0, 10.0, 10.0),
            Rect::new(10.0, 0.0, 1.0, 1.0)
        ),
        None
    );
    // A 0-wide rect strictly inside: overlapping by the strict formula, with a positive width.
    let r = intersection_rect(
        Rect::new(0.0, 0.0, 10.0, 10.0),
        Rect::new(5.0, 2.0, 0.0, 3.0),
    );
    assert_eq!(r, Some(Rect::new(5.0, 2.0, f32::from_bits(1), 3.0)));
}

/// Exact distance in units from a squared distance in steps², minus a radius in steps.
fn gap_units(d2: i128, r: i64) -> f64 {
    ((d2 as f64).sqrt() - r as f64).max(0.0) / UNIT as f64
}

fn box_gap2(a: IBox, b: IBox) -> i128 {
    let gx = (b.x0 - a.x1).max(a.x0 - b.x1).max(0) as i128;
    let gy = (b.y0 - a.y1).max(a.y0 - b.y1).max(0) as i128;
    gx * gx + gy * gy
}

/// On the grid: distance is 0 exactly when the shapes touch, and equals the exact distance.
#[test]
fn distance_is_zero_iff_touching_and_exact_on_the_grid() {
    let mut rng = Rng::new(39);
    let mut t = Tally::new("distance (grid)");
    let near = |got: f32, want: f64| (got as f64 - want).abs() <= want * 1e-6 + 1e-9;
    while t.cases < GRID_CASES {
        let mag = rng.mag();
        let a = rect(&mut rng, mag);
        let b = related_rect(&mut rng, a.bx(), mag);
        let mut c = related_circle(&mut rng, a.bx(), mag);
        c.r = c.r.abs();
        let (dx, dy, d) = triple_offset(&mut rng, mag);
        let r1 = rng.range(0, d);
        let (c1, c2) = (
            ICircle { r: r1, ..c },
            ICircle {
                x: c.x + dx,
                y: c.y + dy,
                r: (d - r1 + rng.step()).max(0),
            },
        );
        let o = obb(&mut rng, mag);
        let o2 = related_obb(&mut rng, o.bx(), mag);
        let oc = related_circle(&mut rng, o.bx(), mag);
        let oc = ICircle {
            r: oc.r.abs(),
            ..oc
        };
        if [a.ok(), b.ok(), c.ok(), c2.ok(), o.ok(), o2.ok(), oc.ok()].contains(&false) {
            continue;
        }
        t.cases += 1;
        let (fa, fb, fc, f1, f2) = (a.f(), b.f(), c.f(), c1.f(), c2.f());
        let (fo, fo2, foc) = (o.f(), o2.f(), oc.f());

        let d = distance_rect_rect(fa, fb);
        let input = || format!("{a:?} {b:?}");
        t.eq(
            "rect_rect zero iff touch",
            d == 0.0,
            touch_rect_rect(fa, fb),
            input,
        );
        let want = gap_units(box_gap2(a.bx(), b.bx()), 0);
        t.check(near(d, want), || {
            format!("rect_rect {d} vs {want}: {}", input())
        });

        let d = distance_circle_circle(f1, f2);
        let input = || format!("{c1:?} {c2:?}");
        t.eq(
            "circle_circle zero iff touch",
            d == 0.0,
            touch_circle_circle(f1, f2),
            input,
        );
        let d2 = (c2.x - c1.x) as i128 * (c2.x - c1.x) as i128
            + (c2.y - c1.y) as i128 * (c2.y - c1.y) as i128;
        let want = gap_units(d2, c1.r + c2.r);
        t.check(near(d, want), || {
            format!("circle_circle {d} vs {want}: {}", input())
        });

        let d = distance_rect_circle(fa, fc);
        let input = || format!("{a:?} {c:?}");
        t.eq(
            "rect_circle zero iff touch",
            d == 0.0,
            touch_rect_circle(fa, fc),
            input,
        );
        let want = gap_units(oracle::dist2_box(a.bx(), c.x, c.y), c.r);
        t.check(near(d, want), || {
            format!("rect_circle {d} vs {want}: {}", input())
        });

        let d = distance_obb_circle(fo, foc);
        let input = || format!("{o:?} {oc:?}");
        t.eq(
            "obb_circle zero iff touch",
            d == 0.0,
            touch_obb_circle(fo, foc),
            input,
        );
        let want = gap_units(oracle::dist2_box(o.bx(), oc.x, oc.y), oc.r);
        t.check(near(d, want), || {
            format!("obb_circle {d} vs {want}: {}", input())
        });

        let d = distance_obb_obb(fo, fo2);
        let input = || format!("{o:?} {o2:?}");
        t.eq(
            "obb_obb zero iff touch",
            d == 0.0,
            touch_obb_obb(fo, fo2),
            input,
        );
        let want = gap_units(box_gap2(o.bx(), o2.bx()), 0);
        t.check(near(d, want), || {
            format!("obb_obb {d} vs {want}: {}", input())
        });

        let d = distance_obb_rect(fo, fb);
        let input = || format!("{o:?} {b:?}");
        t.eq(
            "obb_rect zero iff touch",
            d == 0.0,
            touch_obb_rect(fo, fb),
            input,
        );
        let want = gap_units(box_gap2(o.bx(), b.bx()), 0);
        t.check(near(d, want), || {
            format!("obb_rect {d} vs {want}: {}", input())
        });
    }
    t.finish();
}

/// Points spaced at most `step` apart along the boundary of a convex polygon.
fn boundary_samples(corners: &[P; 4], per_side: usize) -> Vec<P> {
    let mut out = Vec::with_capacity(4 * per_side);
    for i in 0..4 {
        let (p, q) = (corners[i], corners[(i + 1) % 4]);
        for k in 0..per_side {
            let t = k as f64 / per_side as f64;
            out.push((p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t));
        }
    }
    out
}

fn longest_side(c: &[P; 4]) -> f64 {
    (0..4)
        .map(|i| hypot(c[i], c[(i + 1) % 4]))
        .fold(0.0, f64::max)
}

/// At any angle: the box distances agree with the nearest pair of densely sampled boundary
/// points (within the sampling spacing), and are 0 for touching shapes.
#[test]
fn box_distances_match_sampling_at_any_angle() {
    let mut rng = Rng::new(40);
    let mut t = Tally::new("distance obb_* (sampled)");
    const PER_SIDE: usize = 64;
    while t.cases < 4_000 {
        t.cases += 1;
        let ca = (rng.float(-100.0, 100.0), rng.float(-100.0, 100.0));
        let a = Obb::random(&mut rng, ca);
        let spread = rng.float(0.0, 1.5) * (a.size() + 40.0);
        let cb = (
            ca.0 + rng.float(-spread, spread),
            ca.1 + rng.float(-spread, spread),
        );
        let (b, r, c) = (
            Obb::random(&mut rng, cb),
            frect(&mut rng, cb),
            Circle::random(&mut rng, cb),
        );
        let sa = boundary_samples(&obb_corners(&a), PER_SIDE);
        let spacing_a = longest_side(&obb_corners(&a)) / PER_SIDE as f64;
        for (name, got, other, touching) in [
            (
                "obb_obb",
                distance_obb_obb(a, b),
                obb_corners(&b),
                touch_obb_obb(a, b),
            ),
            (
                "obb_rect",
                distance_obb_rect(a, r),
                rect_corners(&r),
                touch_obb_rect(a, r),
            ),
        ] {
            let sb = boundary_samples(&other, PER_SIDE);
            let spacing = spacing_a + longest_side(&other) / PER_SIDE as f64;
            let sampled = sa
                .iter()
                .flat_map(|p| sb.iter().map(move |q| hypot(*p, *q)))
                .fold(f64::INFINITY, f64::min);
            let got = got as f64;
            let input = || format!("{name} {a:?} {b:?} {r:?}");
            if touching {
                t.check(got == 0.0, || {
                    format!("touching, distance {got}: {}", input())
                });
            } else {
                // Sampled pairs are real boundary points (an upper bound); the true pair is
                // within half a spacing of sampled ones on each shape.
                t.check(got <= sampled + 1e-4 && got >= sampled - spacing, || {
                    format!("distance {got}, sampled {sampled}: {}", input())
                });
            }
        }
        let got = distance_obb_circle(a, c) as f64;
        let sampled = sa
            .iter()
            .map(|p| hypot(*p, c.center().wide()))
            .fold(f64::INFINITY, f64::min);
        let inside = a.contains(c.center(), 0.0);
        let input = || format!("obb_circle {a:?} {c:?}");
        if touch_obb_circle(a, c) {
            t.check(got == 0.0, || {
                format!("touching, distance {got}: {}", input())
            });
        } else {
            let want = sampled - c.r as f64;
            t.check(
                !inside && got <= want + 1e-4 && got >= want - spacing_a,
                || format!("distance {got}, sampled {want}: {}", input()),
            );
        }
    }
    t.finish();
}

#[test]
fn distances_of_empty_and_nan_shapes() {
    let r = Rect::new(0.0, 0.0, 4.0, 4.0);
    let o = obb_of_rect(r);
    let empty = Circle::new(1.0, 1.0, -1.0);
    let c = Circle::new(10.0, 0.0, 1.0);
    assert_eq!(distance_circle_circle(empty, c), f32::INFINITY);
    assert_eq!(distance_circle_circle(c, empty), f32::INFINITY);
    assert_eq!(distance_rect_circle(r, empty), f32::INFINITY);
    assert_eq!(distance_obb_circle(o, empty), f32::INFINITY);
    // r = 0 is a point: distance to it, and 0 on the boundary.
    assert_eq!(distance_rect_circle(r, Circle::new(7.0, 8.0, 0.0)), 5.0);
    assert_eq!(distance_rect_circle(r, Circle::new(4.0, 2.0, 0.0)), 0.0);
    assert_eq!(
        distance_circle_circle(Circle::new(0.0, 0.0, 0.0), Circle::new(3.0, 4.0, 0.0)),
        5.0
    );

    let nan = f32::NAN;
    for i in 0..4 {
        let mut v = [0.0f32, 0.0, 4.0, 4.0];
        v[i] = nan;
        let rn = Rect::new(v[0], v[1], v[2], v[3]);
        assert!(distance_rect_rect(rn, r).is_nan(), "rect field {i}");
        assert!(distance_rect_rect(r, rn).is_nan(), "rect field {i}");
        assert!(distance_rect_circle(rn, c).is_nan(), "rect field {i}");
        assert!(distance_obb_rect(o, rn).is_nan(), "rect field {i}");
    }
    for i in 0..3 {
        let mut v = [10.0f32, 0.0, 1.0];
        v[i] = nan;
        let cn = Circle::new(v[0], v[1], v[2]);
        assert!(distance_circle_circle(cn, c).is_nan(), "circle field {i}");
        assert!(distance_circle_circle(c, cn).is_nan(), "circle field {i}");
        assert!(distance_rect_circle(r, cn).is_nan(), "circle field {i}");
        assert!(distance_obb_circle(o, cn).is_nan(), "circle field {i}");
    }
    for i in 0..6 {
        let mut v = [2.0f32, 2.0, 2.0, 2.0, 1.0, 0.0];
        v[i] = nan;
        let on = Obb::new(
            Vec2::new(v[0], v[1]),
            Vec2::new(v[2], v[3]),
            Rot { c: v[4], s: v[5] },
        );
        assert!(distance_obb_obb(on, o).is_nan(), "obb field {i}");
        assert!(distance_obb_obb(o, on).is_nan(), "obb field {i}");
        assert!(distance_obb_rect(on, r).is_nan(), "obb field {i}");
        assert!(distance_obb_circle(on, c).is_nan(), "obb field {i}");
    }
}

/// Closest points lie in the shape and no sampled point of the shape is nearer.
#[test]
fn closest_points_are_in_the_shape_and_nearest() {
    let mut rng = Rng::new(41);
    let mut t = Tally::new("closest_point_*");
    const N: usize = 40;
    while t.cases < 10_000 {
        t.cases += 1;
        let ca = (rng.float(-100.0, 100.0), rng.float(-100.0, 100.0));
        let spread = rng.float(0.0, 80.0);
        let p = Vec2::new(
            (ca.0 + rng.float(-spread, spread)) as f32,
            (ca.1 + rng.float(-spread, spread)) as f32,
        );
        let pw = p.wide();
        let r = frect(&mut rng, ca);
        let o = Obb::random(&mut rng, ca);
        let s = Segment::new(
            Vec2::new(ca.0 as f32, ca.1 as f32),
            Vec2::new(
                (ca.0 + rng.float(-50.0, 50.0)) as f32,
                (ca.1 + rng.float(-50.0, 50.0)) as f32,
            ),
        );
        let tol = 1e-4;

        // Rect: filled-grid samples plus the boundary.
        let q = closest_point_rect(r, p);
        let (x0, y0, x1, y1) = bounds(r);
        let mut best = f64::INFINITY;
        for i in 0..=N {
            for j in 0..=N {
                let sp = (
                    x0 + (x1 - x0) * i as f64 / N as f64,
                    y0 + (y1 - y0) * j as f64 / N as f64,
                );
                best = best.min(hypot(sp, pw));
            }
        }
        let clamped = (pw.0.clamp(x0, x1), pw.1.clamp(y0, y1));
        let input = || format!("{r:?} {p:?} -> {q:?}");
        t.check(r.contains(q, tol), || {
            format!("rect: not inside: {}", input())
        });
        t.check(hypot(q.wide(), pw) <= best + tol, || {
            format!("rect: sample nearer: {}", input())
        });
        let clamped = Vec2::new(clamped.0 as f32, clamped.1 as f32);
        t.eq("rect: the clamp, rounded to f32", q, clamped, input);
        if r.contains(p, 0.0) {
            t.eq("rect: inside point is itself", q, p, input);
        }

        // OBB at any angle.
        let q = closest_point_obb(o, p);
        let corners = obb_corners(&o);
        let mut best = f64::INFINITY;
        for i in 0..=N {
            for j in 0..=N {
                let (u, v) = (i as f64 / N as f64, j as f64 / N as f64);
                let a = (
                    corners[0].0 + (corners[1].0 - corners[0].0) * u,
                    corners[0].1 + (corners[1].1 - corners[0].1) * u,
                );
                let sp = (
                    a.0 + (corners[3].0 - corners[0].0) * v,
                    a.1 + (corners[3].1 - corners[0].1) * v,
                );
                best = best.min(hypot(sp, pw));
            }
        }
        for sp in boundary_samples(&corners, 200) {
            best = best.min(hypot(sp, pw));
        }
        let input = || format!("{o:?} {p:?} -> {q:?}");
        t.check(o.contains(q, tol), || {
            format!("obb: not inside: {}", input())
        });
        t.check(hypot(q.wide(), pw) <= best + tol, || {
            format!("obb: sample nearer: {}", input())
        });
        if o.contains(p, -tol) {
            t.check(close(q, pw, tol), || {
                format!("obb: inside point moved: {}", input())
            });
        }

        // Segment.
        let q = closest_point_segment(s, p);
        let (a, b) = (s.a.wide(), s.b.wide());
        let mut best = f64::INFINITY;
        for k in 0..=1000 {
            let u = k as f64 / 1000.0;
            best = best.min(hypot((a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u), pw));
        }
        let len = hypot(a, b);
        // On the segment: distance to its line ~0 and within its extent.
        let qw = q.wide();
        let on_line =
            ((b.0 - a.0) * (qw.1 - a.1) - (b.1 - a.1) * (qw.0 - a.0)).abs() / len.max(1e-30);
        let input = || format!("{s:?} {p:?} -> {q:?}");
        t.check(
            on_line <= tol && hypot(a, qw) <= len + tol && hypot(b, qw) <= len + tol,
            || format!("segment: not on it: {}", input()),
        );
        t.check(hypot(qw, pw) <= best + tol, || {
            format!("segment: sample nearer: {}", input())
        });
    }
    t.finish();
    // Named: a degenerate segment's closest point is its end point; NaN gives NaN.
    let s = Segment::new(Vec2::new(1.0, 2.0), Vec2::new(1.0, 2.0));
    assert_eq!(
        closest_point_segment(s, Vec2::new(5.0, 5.0)),
        Vec2::new(1.0, 2.0)
    );
    let q = closest_point_rect(Rect::new(0.0, 0.0, 1.0, 1.0), Vec2::new(f32::NAN, 0.5));
    assert!(q.x.is_nan());
}
