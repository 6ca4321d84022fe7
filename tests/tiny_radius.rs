//! Round sweeps with a tiny radius: a circle or capsule of radius 1e-10 down to the smallest f32
//! (1e-45, a subnormal) moving against a polygon, rect or capsule, and a polygon moving against
//! such a circle or capsule. However small the radius, the round shape is at least its core (a
//! point, a segment): where the core would meet the target's core, the round sweep hits, no
//! later; where the cores stay apart by more than the radius, it does not.
//!
//! The cores' first meeting is computed here on its own, in exact integer arithmetic (values on
//! the 1/256 grid), as the earliest time a vertex of one core lies on an edge of the other.

mod common;

use collide2d::*;
use common::Rng;

const RADII: [f32; 6] = [1e-45, 1e-38, 1e-30, 1e-20, 1e-15, 1e-10];

#[derive(Clone, Copy, Debug)]
enum Shape {
    Circle(Circle),
    Capsule(Capsule),
    Poly(Poly),
    Rect(Rect),
}

/// `v + t·d`, each operation rounded to f32, as the library moves a shape.
fn at(v: Vec2, d: Vec2, t: f32) -> Vec2 {
    Vec2::new(v.x + t * d.x, v.y + t * d.y)
}

impl Shape {
    fn moved(self, d: Vec2, t: f32) -> Shape {
        match self {
            Shape::Circle(c) => {
                let p = at(c.center(), d, t);
                Shape::Circle(Circle::new(p.x, p.y, c.r))
            }
            Shape::Capsule(k) => Shape::Capsule(Capsule::new(at(k.a, d, t), at(k.b, d, t), k.r)),
            Shape::Poly(mut p) => {
                for v in p.verts.iter_mut() {
                    *v = at(*v, d, t);
                }
                Shape::Poly(p)
            }
            Shape::Rect(r) => {
                let p = at(Vec2::new(r.x, r.y), d, t);
                Shape::Rect(Rect::new(p.x, p.y, r.w, r.h))
            }
        }
    }

    /// The reference position a hit reports as `pos`.
    fn pos(self) -> Vec2 {
        match self {
            Shape::Circle(c) => c.center(),
            Shape::Capsule(k) => k.a,
            Shape::Poly(p) => p.verts[0],
            Shape::Rect(r) => Vec2::new(r.x, r.y),
        }
    }

    /// The core: a point, a segment or a counter-clockwise polygon.
    fn core(self) -> Vec<(f64, f64)> {
        let w = |v: Vec2| (v.x as f64, v.y as f64);
        match self {
            Shape::Circle(c) => vec![w(c.center())],
            Shape::Capsule(k) => vec![w(k.a), w(k.b)],
            Shape::Poly(p) => p.vertices().unwrap().iter().map(|&v| w(v)).collect(),
            Shape::Rect(r) => {
                let (x, y, w, h) = (r.x as f64, r.y as f64, r.w as f64, r.h as f64);
                vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            }
        }
    }
}

/// The mover `a` moving by `d` against the target `b`, by the library's sweep for the pair.
fn sweep(a: Shape, d: Vec2, b: Shape) -> Option<Hit> {
    use Shape::*;
    match (a, b) {
        (Circle(a), Poly(b)) => sweep_circle_poly(a, d, &b),
        (Circle(a), Rect(b)) => sweep_circle_rect(a, d, b),
        (Circle(a), Capsule(b)) => sweep_circle_capsule(a, d, &b),
        (Capsule(a), Poly(b)) => sweep_capsule_poly(&a, d, &b),
        (Capsule(a), Rect(b)) => sweep_capsule_rect(&a, d, b),
        (Capsule(a), Capsule(b)) => sweep_capsule_capsule(&a, d, &b),
        (Capsule(a), Circle(b)) => sweep_capsule_circle(&a, d, b),
        (Poly(a), Circle(b)) => sweep_poly_circle(&a, d, b),
        (Poly(a), Capsule(b)) => sweep_poly_capsule(&a, d, &b),
        _ => unreachable!("not a round pair"),
    }
}

/// The strict overlap predicate for the pair.
fn overlap(a: Shape, b: Shape) -> bool {
    use Shape::*;
    match (a, b) {
        (Circle(a), Poly(b)) | (Poly(b), Circle(a)) => overlap_poly_circle(&b, a),
        (Circle(a), Rect(b)) => overlap_rect_circle(b, a),
        (Circle(a), Capsule(b)) | (Capsule(b), Circle(a)) => overlap_capsule_circle(&b, a),
        (Capsule(a), Poly(b)) | (Poly(b), Capsule(a)) => overlap_poly_capsule(&b, &a),
        (Capsule(a), Rect(b)) => overlap_rect_capsule(b, &a),
        (Capsule(a), Capsule(b)) => overlap_capsule_capsule(&a, &b),
        _ => unreachable!("not a round pair"),
    }
}

fn name(s: Shape) -> &'static str {
    match s {
        Shape::Circle(_) => "circle",
        Shape::Capsule(_) => "capsule",
        Shape::Poly(_) => "poly",
        Shape::Rect(_) => "rect",
    }
}

/// Checks a hit's own promises: `t` in `[0, 1)`, the mover clear at `t` (unless hit at the
/// start), `pos` where the mover is at `t`.
fn check_hit(a: Shape, d: Vec2, b: Shape, h: &Hit, what: &str) {
    assert!(h.t >= 0.0 && h.t < 1.0, "{what}: t = {}", h.t);
    let m = a.moved(d, h.t);
    assert_eq!(h.pos, m.pos(), "{what}: pos");
    if h.t > 0.0 {
        assert!(
            !overlap(m, b),
            "{what}: the mover overlaps the target at t = {}",
            h.t
        );
    }
    assert!(
        h.normal.x.is_finite() && h.normal.y.is_finite(),
        "{what}: normal"
    );
}

// ---------------------------------------------------------------------------------------------
// Through the middle of a 10×10 target.

fn square_poly(x: f32, y: f32) -> Poly {
    let v = |a: f32, b: f32| Vec2::new(x + a, y + b);
    Poly::hull(&[v(0.0, 0.0), v(10.0, 0.0), v(10.0, 10.0), v(0.0, 10.0)]).unwrap()
}

/// The scenes of one radius at a place `(x, y)`: a round mover crossing a 10×10 target from
/// outside to outside through its middle, along +x (the target spans `x .. x + 10`, the mover's
/// core starts with its front at `x - 10` and moves 30), each with the time the core enters
/// the target (computed here: the front reaches the near face, or for a capsule target of
/// radius `R` on the line `x + 5`, comes within `R` of it) and a twin passing the target by
/// `1e-3` that must miss.
fn scenes(r: f32, x: f32, y: f32) -> Vec<(Shape, Shape, Shape, f64)> {
    let d30 = 10.0 / 30.0;
    let p = |a: f32, b: f32| Vec2::new(x + a, y + b);
    let dot = |a: f32, b: f32| Shape::Circle(Circle::new(x + a, y + b, r));
    // A vertical core segment 2 long, and one along the motion (its front end first).
    let stick = |a: f32, b: f32| Shape::Capsule(Capsule::new(p(a, b - 1.0), p(a, b + 1.0), r));
    let rod = |a: f32, b: f32| Shape::Capsule(Capsule::new(p(a - 2.0, b), p(a, b), r));
    let square = Shape::Poly(square_poly(x, y));
    let rect = Shape::Rect(Rect::new(x, y, 10.0, 10.0));
    // Capsule walls on the line `x + 5`, 10 long: bare, as thin as the mover, 10 thick.
    let wall = |rr: f32| Shape::Capsule(Capsule::new(p(5.0, 0.0), p(5.0, 10.0), rr));
    let wall_entry = |rr: f32| (15.0 - rr as f64) / 30.0;
    let mut out = Vec::new();
    // (mover, its twin passing 1e-3 above the top face, target, core entry time)
    for target in [square, rect] {
        out.push((dot(-10.0, 5.0), dot(-10.0, 10.001), target, d30));
        out.push((stick(-10.0, 5.0), stick(-10.0, 11.001), target, d30));
        out.push((rod(-10.0, 5.0), rod(-10.0, 10.001), target, d30));
    }
    for rr in [0.0, r, 5.0] {
        // A wall 10 thick has its top end's cap up to y + 15.
        let above = if rr == 5.0 { 15.001 } else { 10.001 };
        out.push((dot(-10.0, 5.0), dot(-10.0, above), wall(rr), wall_entry(rr)));
        out.push((
            stick(-10.0, 5.0),
            stick(-10.0, above + 1.0),
            wall(rr),
            wall_entry(rr),
        ));
        out.push((rod(-10.0, 5.0), rod(-10.0, above), wall(rr), wall_entry(rr)));
    }
    // A 10×10 polygon moving over a pebble or a short bristle (radius r) at `(x + 5, y + 5)`:
    // its front face (at `x - 10`) reaches them at t = 1/2.
    let block = |b: f32| {
        let v = |u: f32, w: f32| Vec2::new(x + u, y + b + w);
        Shape::Poly(
            Poly::hull(&[v(-20.0, 0.0), v(-10.0, 0.0), v(-10.0, 10.0), v(-20.0, 10.0)]).unwrap(),
        )
    };
    let pebble = dot(5.0, 5.0);
    let bristle = Shape::Capsule(Capsule::new(p(5.0, 4.5), p(5.0, 5.5), r));
    out.push((block(0.0), block(-5.001), pebble, 0.5));
    out.push((block(0.0), block(-5.501), bristle, 0.5));
    // A capsule moving over a pebble: its front (the rod's end at `x - 10`) reaches it at 1/2.
    out.push((rod(-10.0, 5.0), rod(-10.0, 5.001), pebble, 0.5));
    out.push((stick(-10.0, 5.0), stick(-10.0, 6.001), pebble, 0.5));
    out
}

/// A scene turned by a quarter turn `k` times about the origin (exact in f32).
fn turn(s: Shape, k: u32) -> Shape {
    let rot = |v: Vec2| (0..k).fold(v, |v, _| Vec2::new(-v.y, v.x));
    match s {
        Shape::Circle(c) => {
            let p = rot(c.center());
            Shape::Circle(Circle::new(p.x, p.y, c.r))
        }
        Shape::Capsule(c) => Shape::Capsule(Capsule::new(rot(c.a), rot(c.b), c.r)),
        Shape::Poly(p) => {
            let pts: Vec<Vec2> = p.vertices().unwrap().iter().map(|&v| rot(v)).collect();
            Shape::Poly(Poly::hull(&pts).unwrap())
        }
        Shape::Rect(r) => {
            let (a, b) = (
                rot(Vec2::new(r.x, r.y)),
                rot(Vec2::new(r.x + r.w, r.y + r.h)),
            );
            Shape::Rect(Rect::new(a.x.min(b.x), a.y.min(b.y), r.w, r.h))
        }
    }
}

#[test]
fn a_speck_of_dust_flying_through_the_middle_of_a_wall_hits_it_and_one_flying_past_does_not() {
    let mut failures = Vec::new();
    for r in RADII {
        for (x, y) in [(0.0, 0.0), (-7.5, 3.25), (1000.5, -2000.25)] {
            for (mover, twin, target, entry) in scenes(r, x, y) {
                for k in 0..4 {
                    let (mover, twin, target) = (turn(mover, k), turn(twin, k), turn(target, k));
                    let d = turn(Shape::Circle(Circle::new(30.0, 0.0, 0.0)), k).pos();
                    let what = format!(
                        "{} (radius {r:e}) against {} at ({x}, {y}), turned {k}",
                        name(mover),
                        name(target)
                    );
                    match sweep(mover, d, target) {
                        None => failures.push(format!("{what}: tunnels through")),
                        Some(h) => {
                            check_hit(mover, d, target, &h, &what);
                            // No later than the core's entry, and not before the real contact
                            // (the radius is below an f32 step of t: a few steps of settling).
                            if h.t as f64 > entry || (h.t as f64) < entry - 1e-5 {
                                failures.push(format!("{what}: t = {} vs entry {entry}", h.t));
                            }
                            // The normal faces the motion.
                            if h.normal.x * d.x + h.normal.y * d.y >= 0.0 {
                                failures.push(format!("{what}: normal {:?}", h.normal));
                            }
                        }
                    }
                    if let Some(h) = sweep(twin, d, target) {
                        failures.push(format!("{what}: passing 1e-3 beside it hits, {h:?}"));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Random motions against the cores' first meeting, exactly.

type I = (i128, i128);

fn isub(a: I, b: I) -> I {
    (a.0 - b.0, a.1 - b.1)
}

fn icross(a: I, b: I) -> i128 {
    a.0 * b.1 - a.1 * b.0
}

fn idot(a: I, b: I) -> i128 {
    a.0 * b.0 + a.1 * b.1
}

/// A time `num / den`, `den > 0`.
#[derive(Clone, Copy, Debug)]
struct T(i128, i128);

impl T {
    fn lt(self, o: T) -> bool {
        self.0 * o.1 < o.0 * self.1
    }
    fn f64(self) -> f64 {
        self.0 as f64 / self.1 as f64
    }
}

/// The earliest `t` in `[0, 1]` at which `p + t·d` lies on the closed segment `u..v` (`u != v`).
fn point_on_edge(p: I, d: I, u: I, v: I) -> Option<T> {
    let (e, f) = (isub(v, u), isub(p, u));
    let (c0, ce, a0, ad, l2) = (
        icross(e, f),
        icross(e, d),
        idot(e, f),
        idot(e, d),
        idot(e, e),
    );
    if ce != 0 {
        let (num, den) = if ce > 0 { (-c0, ce) } else { (c0, -ce) };
        let along = a0 * den + ad * num; // along-edge coordinate times `den`
        ((0..=den).contains(&num) && (0..=l2 * den).contains(&along)).then_some(T(num, den))
    } else if c0 != 0 {
        None
    } else if (0..=l2).contains(&a0) {
        Some(T(0, 1))
    } else if ad == 0 {
        None
    } else {
        let goal = if a0 < 0 { 0 } else { l2 };
        let (num, den) = if ad > 0 {
            (goal - a0, ad)
        } else {
            (a0 - goal, -ad)
        };
        (0..=den).contains(&num).then_some(T(num, den))
    }
}

fn edges(c: &[I]) -> Vec<(I, I)> {
    match c.len() {
        1 => vec![],
        2 => vec![(c[0], c[1])],
        n => (0..n).map(|i| (c[i], c[(i + 1) % n])).collect(),
    }
}

/// Whether `p` is in the closed convex polygon `c` (counter-clockwise, 3 or more points).
fn in_polygon(p: I, c: &[I]) -> bool {
    c.len() >= 3
        && edges(c)
            .iter()
            .all(|&(u, v)| icross(isub(v, u), isub(p, u)) >= 0)
}

/// Whether the closed segments `a..b` and `c..d` share a point.
fn segments_meet(a: I, b: I, c: I, d: I) -> bool {
    let o = |p: I, q: I, r: I| icross(isub(q, p), isub(r, p)).signum();
    let (o1, o2, o3, o4) = (o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b));
    let within = |p: I, q: I, r: I| {
        r.0 >= p.0.min(q.0) && r.0 <= p.0.max(q.0) && r.1 >= p.1.min(q.1) && r.1 <= p.1.max(q.1)
    };
    (o1 * o2 < 0 && o3 * o4 < 0)
        || (o1 == 0 && within(a, b, c))
        || (o2 == 0 && within(a, b, d))
        || (o3 == 0 && within(c, d, a))
        || (o4 == 0 && within(c, d, b))
}

/// The first time in `[0, 1]` at which the core `a` moving by `d` meets the static core `b`
/// (both closed): 0 if they meet at the start, else the earliest time a vertex of one lies on
/// an edge of the other.
fn cores_meet(a: &[I], d: I, b: &[I]) -> Option<T> {
    let start = a.iter().any(|&p| in_polygon(p, b))
        || b.iter().any(|&q| in_polygon(q, a))
        || edges(a)
            .iter()
            .any(|&(p, q)| edges(b).iter().any(|&(u, v)| segments_meet(p, q, u, v)))
        || (a.len() == 1 && b.len() == 1 && a[0] == b[0]);
    if start {
        return Some(T(0, 1));
    }
    let neg = (-d.0, -d.1);
    let mut best: Option<T> = None;
    let mut take = |t: Option<T>| {
        if let Some(t) = t {
            if best.is_none_or(|b| t.lt(b)) {
                best = Some(t);
            }
        }
    };
    for &p in a {
        for &(u, v) in &edges(b) {
            take(point_on_edge(p, d, u, v));
        }
    }
    for &q in b {
        for &(u, v) in &edges(a) {
            take(point_on_edge(q, neg, u, v));
        }
    }
    best
}

/// A grid value (1/256 steps) as the f32 it is.
fn g(k: i64) -> f32 {
    k as f32 / 256.0
}

fn grid(p: (f64, f64)) -> I {
    ((p.0 * 256.0) as i128, (p.1 * 256.0) as i128)
}

fn rand_point(rng: &mut Rng, c: (i64, i64), s: i64) -> Vec2 {
    Vec2::new(g(c.0 + rng.range(-s, s)), g(c.1 + rng.range(-s, s)))
}

/// A random target or mover of kind `kind` (0 circle, 1 capsule, 2 poly, 3 rect) about `c`.
fn rand_shape(rng: &mut Rng, kind: u32, c: (i64, i64), r: f32) -> Shape {
    let s = 6 * 256;
    match kind {
        0 => {
            let p = rand_point(rng, c, s);
            Shape::Circle(Circle::new(p.x, p.y, r))
        }
        1 => Shape::Capsule(Capsule::new(
            rand_point(rng, c, s),
            rand_point(rng, c, s),
            r,
        )),
        2 => loop {
            let n = 3 + rng.below(6) as usize;
            let pts: Vec<Vec2> = (0..n).map(|_| rand_point(rng, c, s)).collect();
            if let Ok(p) = Poly::hull(&pts) {
                break Shape::Poly(p);
            }
        },
        _ => {
            let p = rand_point(rng, c, s);
            let (w, h) = (rng.range(1, 2 * s), rng.range(1, 2 * s));
            Shape::Rect(Rect::new(p.x, p.y, g(w), g(h)))
        }
    }
}

#[test]
fn tiny_round_shapes_hit_wherever_their_cores_would_meet_and_nowhere_else() {
    // (mover kind, target kind): circle/capsule against poly/rect/capsule/circle, poly against
    // circle/capsule.
    let pairs = [
        (0, 2),
        (0, 3),
        (0, 1),
        (1, 2),
        (1, 3),
        (1, 1),
        (1, 0),
        (2, 0),
        (2, 1),
    ];
    let mut rng = Rng::new(0x7e57_d057);
    let mut failures = Vec::new();
    let (mut hits, mut cases) = (0, 0);
    for r in RADII {
        for (ka, kb) in pairs {
            for _ in 0..3000 {
                let b = rand_shape(&mut rng, kb, (0, 0), r);
                // From outside, aimed through the target's middle, at one of its core's points
                // (a corner or an end: grazes), or anywhere.
                let side = (
                    rng.range(-20 * 256, 20 * 256),
                    rng.range(-20 * 256, 20 * 256),
                );
                let a = rand_shape(&mut rng, ka, side, r);
                let bc = b.core();
                let aim = match rng.below(3) {
                    0 => (0.0, 0.0),
                    1 => bc[rng.below(bc.len() as u64) as usize],
                    _ => (rng.float(-20.0, 20.0), rng.float(-20.0, 20.0)),
                };
                let ac = a.core();
                let from = ac[rng.below(ac.len() as u64) as usize];
                // Stop at the aim, or go twice as far (through it).
                let k = rng.range(1, 2) as f64;
                let d = grid((k * (aim.0 - from.0), k * (aim.1 - from.1)));
                let delta = Vec2::new(g(d.0 as i64), g(d.1 as i64));
                let to_i = |c: Vec<(f64, f64)>| c.into_iter().map(grid).collect::<Vec<I>>();
                let meet = cores_meet(&to_i(ac), d, &to_i(bc));
                let what = format!(
                    "{} (radius {r:e}) {a:?} moving {delta:?} against {} {b:?}",
                    name(a),
                    name(b)
                );
                cases += 1;
                let hit = sweep(a, delta, b);
                if let Some(h) = &hit {
                    hits += 1;
                    check_hit(a, delta, b, h, &what);
                }
                match (meet, hit) {
                    (None, None) => {}
                    // Cores that never meet stay further apart than 1e-10 on the grid (a cross
                    // product is a multiple of 2^-16): the shapes stay apart.
                    (None, Some(h)) => failures.push(format!("{what}: hit where cores miss {h:?}")),
                    (Some(t), None) => failures.push(format!("{what}: tunnels (cores at {t:?})")),
                    (Some(t), Some(h)) => {
                        let len = (delta.x as f64).hypot(delta.y as f64);
                        if after(h.t, t) {
                            failures.push(format!("{what}: t = {} after the cores' {t:?}", h.t));
                        }
                        // Stopped within a grid step of where the cores meet, along the motion.
                        if (t.f64() - h.t as f64) * len > 1.0 / 256.0 {
                            failures.push(format!("{what}: t = {} well before {t:?}", h.t));
                        }
                    }
                }
                // No hit leaves the end clear.
                if hit.is_none() {
                    assert!(!overlap(a.moved(delta, 1.0), b), "{what}: end overlaps");
                }
            }
        }
    }
    assert!(
        hits > cases / 5,
        "{hits} hits of {cases}: the cases are too easy"
    );
    assert!(
        failures.is_empty(),
        "{} failures of {cases}:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}

/// Whether the f32 time `t32` (in `[0, 1]`) is after the fraction `t`, exactly.
fn after(t32: f32, t: T) -> bool {
    // `t32 = m / 2^e` exactly, with `e <= 149`: compare `m·den > num·2^e` on scaled integers.
    let (mut m, mut e) = (t32 as f64, 0u32);
    while m.fract() != 0.0 {
        m *= 2.0;
        e += 1;
    }
    if e > 60 {
        // `t32 < 2^-36`, below any nonzero time of grid values (denominators below 2^34).
        return t.0 == 0 && t32 > 0.0;
    }
    (m as i128) * t.1 > t.0 << e
}
