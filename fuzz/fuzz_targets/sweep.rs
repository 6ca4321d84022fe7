//! Sweeps and ray casts on arbitrary bit patterns (API.md "Continuous collision", "Bad input"): a
//! NaN means no hit, and so does an infinite delta (or ray origin); every field of a hit is a
//! number (no NaN); `out` is untouched on a miss and NULL gives the same answer; a hit has t in
//! [0, 1]; unless the shapes overlap at the start, neither `pos` nor `a + t*delta` (f32, no FMA)
//! overlaps the target strictly; on the grid domain no sampled position before t overlaps (t never
//! past the contact) and a miss passes no overlapping sample (no tunnelling); at any size ratio,
//! a sweep that misses leaves the mover's end, `a + delta` in f32, clear of the target. A ray
//! cast with a finite origin and delta hits exactly when the segment intersects the shape. The
//! polygon and capsule sweeps keep the same rules, with the mover moved vertex by vertex (each
//! `v + t*delta` in f32), on polygons built by `c2d_poly_make` and on polygons put together by
//! hand; a polygon that is no shape (a count out of range, zero area) answers no hit. Round
//! shapes take radii down to subnormals, and the sampled positions are checked for them too.
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::{Capsule, Circle, Hit, Poly, Rect, Segment, Vec2};
use common::*;
use libfuzzer_sys::fuzz_target;

const SENTINEL: Hit = Hit {
    t: -7.0,
    normal: Vec2 { x: 7.0, y: 7.0 },
    point: Vec2 { x: 7.0, y: 7.0 },
    pos: Vec2 { x: 7.0, y: 7.0 },
};

/// A moving shape: its floats, a copy placed at a position, and where it is.
trait Mover: Copy + std::fmt::Debug {
    fn floats(&self) -> Vec<f32>;
    fn at(&self, p: Vec2) -> Self;
    fn pos(&self) -> Vec2;
}

impl Mover for Rect {
    fn floats(&self) -> Vec<f32> {
        rect_f(*self).to_vec()
    }
    fn at(&self, p: Vec2) -> Self {
        Rect::new(p.x, p.y, self.w, self.h)
    }
    fn pos(&self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }
}

impl Mover for Circle {
    fn floats(&self) -> Vec<f32> {
        circle_f(*self).to_vec()
    }
    fn at(&self, p: Vec2) -> Self {
        Circle::new(p.x, p.y, self.r)
    }
    fn pos(&self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }
}

#[allow(clippy::too_many_arguments)]
fn sweep<A: Mover, B: Copy + std::fmt::Debug>(
    name: &str,
    f: unsafe extern "C" fn(A, Vec2, B, *mut Hit) -> bool,
    overlap: &dyn Fn(A, B) -> bool,
    a: A,
    d: Vec2,
    b: B,
    bf: &[f32],
    b_exact: bool,
) {
    let mut out = SENTINEL;
    // SAFETY: `out` is a valid Hit; NULL is allowed by the contract.
    let (hit, hit_null) = unsafe { (f(a, d, b, &mut out), f(a, d, b, std::ptr::null_mut())) };
    let input = format!("{name}({a:?}, {d:?}, {b:?})");
    assert_eq!(hit, hit_null, "{input}: answer depends on the out pointer");
    let all = [a.floats(), vec_f(d).to_vec(), bf.to_vec()].concat();
    if nan(&all) {
        assert!(!hit, "{input}: hit with a NaN input");
    }
    if infinite(&vec_f(d)) {
        assert!(!hit, "{input}: hit with an infinite delta");
    }
    if !hit {
        assert_eq!(out, SENTINEL, "{input}: out written on a miss");
    } else {
        assert!((0.0..=1.0).contains(&out.t), "{input}: t = {}", out.t);
        assert!(numbers(&hit_f(&out)), "{input}: NaN in the hit {out:?}");
    }
    let start = overlap(a, b);
    // Never missed, at any size ratio: a miss leaves the mover's end, a + delta in f32, clear.
    if !hit && !start {
        let p = a.pos();
        let end = a.at(Vec2::new(p.x + d.x, p.y + d.y));
        assert!(
            !overlap(end, b),
            "{input}: missed, but the end {end:?} overlaps"
        );
    }
    if hit && !start {
        let p = a.pos();
        let at_t = Vec2::new(p.x + out.t * d.x, p.y + out.t * d.y);
        assert!(
            !overlap(a.at(out.pos), b),
            "{input}: pos {:?} overlaps (t {})",
            out.pos,
            out.t
        );
        assert!(
            !overlap(a.at(at_t), b),
            "{input}: a + t*delta {at_t:?} overlaps (t {})",
            out.t
        );
        if moderate(&all) {
            assert!(unit(out.normal), "{input}: normal {:?}", out.normal);
        }
    }
    // Checked on the grid domain, where the hit decision is exact: off it, an infinite delta or a
    // subnormal radius against a zero-width rect can miss.
    if start && grid(&all) {
        assert!(
            hit && out.t == 0.0,
            "{input}: overlapping at the start but {hit} t {}",
            out.t
        );
    }
    // Sampled positions, where they are exact in f32: none before t overlaps, and a miss has none.
    if grid(&all) && b_exact && !start {
        let p = a.pos();
        let limit = if hit { out.t as f64 } else { 1.0 };
        for k in 0..=16 {
            let s = k as f64 / 16.0;
            if s >= limit {
                break;
            }
            let (x, y) = (p.x as f64 + s * d.x as f64, p.y as f64 + s * d.y as f64);
            if (x as f32) as f64 != x || (y as f32) as f64 != y {
                continue;
            }
            let q = a.at(Vec2::new(x as f32, y as f32));
            assert!(
                !overlap(q, b),
                "{input}: overlaps at {s} before t {} (hit {hit})",
                out.t
            );
        }
    }
}

/// A mover of the polygon and capsule sweeps: its floats and itself moved by `t*delta`, vertex
/// by vertex in f32.
trait Moving: Copy + std::fmt::Debug {
    fn floats(&self) -> Vec<f32>;
    fn moved(&self, d: Vec2, t: f32) -> Self;
    /// The points that move.
    fn points(&self) -> Vec<Vec2>;
    /// A rect or polygon flattened to one point: no separating axis of its own.
    fn collapsed(&self) -> bool {
        false
    }
    /// No shape at all: a polygon whose count is out of range or whose area is zero.
    fn nothing(&self) -> bool {
        false
    }
    /// A mover of one point (a rect, a circle) placed with that point at `p`; `None` for the
    /// others, whose points round each their own way.
    fn placed(&self, _p: Vec2) -> Option<Self> {
        None
    }
}

/// Whether the mover `a` moved by `s*d` overlaps `b` wherever the rounding of its f32 position
/// leaves the real one: for a mover of one point, at the four corners of the box of that
/// rounding (the positions at which a shape overlaps a convex one are convex, so the whole box
/// overlaps); for the others, only where the position is exact.
fn surely_overlaps<A: Moving, B: Copy>(
    a: A,
    d: Vec2,
    s: f32,
    b: B,
    overlap: &dyn Fn(A, B) -> bool,
) -> bool {
    let pts = a.points();
    if pts.iter().all(|&v| exact_step(v, d, s)) {
        return overlap(a.moved(d, s), b);
    }
    let (q, (ex, ey)) = (step(pts[0], d, s), step_error(pts[0], d, s));
    let corner = |(ux, uy): (bool, bool)| {
        let x = outward(q.x as f64 + if ux { ex } else { -ex }, ux);
        let y = outward(q.y as f64 + if uy { ey } else { -ey }, uy);
        a.placed(Vec2::new(x, y)).is_some_and(|m| overlap(m, b))
    };
    pts.len() == 1
        && [(false, false), (false, true), (true, false), (true, true)]
            .into_iter()
            .all(corner)
}

/// A rect of zero size, or a polygon whose used vertices are one point.
fn collapsed_f(v: &[f32]) -> bool {
    v.len() >= 4
        && v.chunks(2)
            .all(|c| c.len() == 2 && c[0] == v[0] && c[1] == v[1])
}

/// How far `p + t*d` in f32 is from the real `p + t*d`, along each axis (zero where it is
/// exact). The product `t*d` is exact in f64; the sum's own rounding is taken by two-sum, since
/// a speck's coordinate beside a large step (1e-40 + 0.5) rounds in f64 too.
fn step_error(p: Vec2, d: Vec2, t: f32) -> (f64, f64) {
    let q = step(p, d, t);
    let error = |q: f32, a: f32, b: f32| {
        let (a, b) = (a as f64, t as f64 * b as f64);
        let s = a + b;
        let bb = s - a;
        let e = (a - (s - bb)) + (b - bb);
        // An upper bound, a little above the two parts' sum.
        ((q as f64 - s).abs() + e.abs()) * (1.0 + 1e-12)
    };
    (error(q.x, p.x, d.x), error(q.y, p.y, d.y))
}

/// Whether `p + t*d` is exact in f32.
fn exact_step(p: Vec2, d: Vec2, t: f32) -> bool {
    step_error(p, d, t) == (0.0, 0.0)
}

/// The f32 nearest `x` on the side `up` says: at or above `x`, or at or below it.
fn outward(x: f64, up: bool) -> f32 {
    let f = x as f32;
    match (up, (f as f64).partial_cmp(&x)) {
        (true, Some(std::cmp::Ordering::Less)) => f.next_up(),
        (false, Some(std::cmp::Ordering::Greater)) => f.next_down(),
        _ => f,
    }
}

fn step(p: Vec2, d: Vec2, t: f32) -> Vec2 {
    Vec2::new(p.x + t * d.x, p.y + t * d.y)
}

impl Moving for Rect {
    fn floats(&self) -> Vec<f32> {
        rect_f(*self).to_vec()
    }
    fn moved(&self, d: Vec2, t: f32) -> Self {
        let p = step(Vec2::new(self.x, self.y), d, t);
        Rect::new(p.x, p.y, self.w, self.h)
    }
    fn points(&self) -> Vec<Vec2> {
        vec![Vec2::new(self.x, self.y)]
    }
    fn collapsed(&self) -> bool {
        let flat = |x: f32, w: f32| x as f64 + w as f64 == x as f64;
        flat(self.x, self.w) && flat(self.y, self.h)
    }
    fn placed(&self, p: Vec2) -> Option<Self> {
        Some(Rect::new(p.x, p.y, self.w, self.h))
    }
}

impl Moving for Circle {
    fn floats(&self) -> Vec<f32> {
        circle_f(*self).to_vec()
    }
    fn moved(&self, d: Vec2, t: f32) -> Self {
        let p = step(Vec2::new(self.x, self.y), d, t);
        Circle::new(p.x, p.y, self.r)
    }
    fn points(&self) -> Vec<Vec2> {
        vec![Vec2::new(self.x, self.y)]
    }
    fn placed(&self, p: Vec2) -> Option<Self> {
        Some(Circle::new(p.x, p.y, self.r))
    }
}

impl Moving for Capsule {
    fn floats(&self) -> Vec<f32> {
        cap_f(self).to_vec()
    }
    fn moved(&self, d: Vec2, t: f32) -> Self {
        Capsule::new(step(self.a, d, t), step(self.b, d, t), self.r)
    }
    fn points(&self) -> Vec<Vec2> {
        vec![self.a, self.b]
    }
}

impl Moving for Poly {
    fn floats(&self) -> Vec<f32> {
        poly_f(self)
    }
    fn moved(&self, d: Vec2, t: f32) -> Self {
        let mut p = *self;
        for v in p.verts.iter_mut() {
            *v = step(*v, d, t);
        }
        p
    }
    fn points(&self) -> Vec<Vec2> {
        self.verts.to_vec()
    }
    fn collapsed(&self) -> bool {
        collapsed_f(&poly_f(self))
    }
    fn nothing(&self) -> bool {
        shape_of(self).is_none()
    }
}

fn cap_f(k: &Capsule) -> [f32; 5] {
    [k.a.x, k.a.y, k.b.x, k.b.y, k.r]
}

/// The floats a query reads from a polygon: its used vertices (none for no shape).
fn poly_f(p: &Poly) -> Vec<f32> {
    shape_of(p).map_or(vec![], |vs| vs.iter().flat_map(|v| [v.x, v.y]).collect())
}

trait Decode {
    fn capsule(&mut self) -> Capsule;
    fn poly(&mut self) -> (Poly, bool);
}

impl Decode for Bytes<'_> {
    fn capsule(&mut self) -> Capsule {
        Capsule::new(self.vec2(), self.vec2(), self.radius())
    }

    /// A polygon and whether `c2d_poly_make` built it: the hull of grid points or of any floats,
    /// or one put together by hand (any count, any vertices).
    fn poly(&mut self) -> (Poly, bool) {
        let tag = self.u8() % 5;
        if tag == 4 {
            return (self.flat_poly(), false);
        }
        let n = 3 + self.u8() as usize % 8;
        let pts: Vec<Vec2> = (0..n)
            .map(|_| {
                if tag < 2 {
                    Vec2::new(self.grid(), self.grid())
                } else {
                    self.vec2()
                }
            })
            .collect();
        let mut p = Poly::default();
        // SAFETY: `pts` holds `pts.len()` points and `p` is writable.
        if tag < 3 && unsafe { c2d_poly_make(pts.as_ptr(), pts.len(), &mut p) } == C2D_OK {
            return (p, true);
        }
        for (slot, v) in p.verts.iter_mut().zip(&pts) {
            *slot = *v;
        }
        p.count = match self.u8() % 4 {
            0 => self.i32(),
            _ => 3 + (self.u8() % 6) as i32,
        };
        (p, false)
    }
}

/// One polygon or capsule sweep: the rules of [`sweep`], the mover moved vertex by vertex.
/// `valid` says the polygons in it are as `c2d_poly_make` builds them (the start rule and the
/// sampled positions are checked on those).
#[allow(clippy::too_many_arguments)]
fn sweep_moving<A: Moving, B: Moving>(
    name: &str,
    f: unsafe extern "C" fn(A, Vec2, B, *mut Hit) -> bool,
    overlap: &dyn Fn(A, B) -> bool,
    a: A,
    d: Vec2,
    b: B,
    valid: bool,
) {
    let bf = &b.floats()[..];
    let mut out = SENTINEL;
    // SAFETY: `out` is a valid Hit; NULL is allowed by the contract.
    let (hit, hit_null) = unsafe { (f(a, d, b, &mut out), f(a, d, b, std::ptr::null_mut())) };
    let input = format!("{name}({a:?}, {d:?}, {b:?})");
    assert_eq!(hit, hit_null, "{input}: answer depends on the out pointer");
    let all = [a.floats(), vec_f(d).to_vec(), bf.to_vec()].concat();
    if nan(&all) || infinite(&all) {
        assert!(!hit, "{input}: hit with a NaN or an infinity");
    }
    // No shape is hit, and none moves: a flat polygon moved vertex by vertex in f32 may come out
    // with an area, which its sweep never was.
    let nothing = a.nothing() || b.nothing();
    if nothing {
        assert!(!hit, "{input}: hit with no shape");
    }
    if !hit {
        assert_eq!(out, SENTINEL, "{input}: out written on a miss");
    } else {
        assert!((0.0..=1.0).contains(&out.t), "{input}: t = {}", out.t);
        assert!(numbers(&hit_f(&out)), "{input}: NaN in the hit {out:?}");
    }
    let start = overlap(a, b);
    // An infinity anywhere is no hit, whatever the end, and an end that overflows f32 is no
    // position to be clear at. Two shapes flattened to points (a
    // polygon moved far enough that its vertices round together, against a rect whose sizes
    // vanish beside its corner in f64) leave the polygon predicate no axis at all: it calls them
    // overlapping wherever they are, so no end can be clear.
    let end = a.moved(d, 1.0);
    let flat = |x: f32, w: f32| x as f64 + w as f64 == x as f64;
    let rect_point = bf.len() == 4 && flat(bf[0], bf[2]) && flat(bf[1], bf[3]);
    let axisless = end.collapsed() && (rect_point || collapsed_f(bf));
    if !hit && !start && !nothing && !infinite(&all) && !infinite(&end.floats()) && !axisless {
        assert!(
            !overlap(end, b),
            "{input}: missed, but the end {end:?} overlaps"
        );
    }
    if hit && !start {
        let at_t = a.moved(d, out.t);
        assert!(
            !overlap(at_t, b),
            "{input}: {at_t:?} at t {} overlaps",
            out.t
        );
        if moderate(&all) {
            assert!(unit(out.normal), "{input}: normal {:?}", out.normal);
        }
    }
    if start && valid && grid(&all) {
        assert!(
            hit && out.t == 0.0,
            "{input}: overlapping at the start but {hit} t {}",
            out.t
        );
    }
    // Sampled times at which the mover surely overlaps (its moved floats exact, or for a mover
    // of one point its whole rounding box): none before t, and a miss has none.
    // Radii far below the grid (a speck of dust) count: a round shape of any positive radius
    // is at least its core, and the core crossing the target must hit.
    if valid && grid_or_tiny(&all) && !start {
        let limit = if hit { out.t } else { 1.0 };
        for k in 0..=16 {
            let s = k as f32 / 16.0;
            if s >= limit {
                break;
            }
            if surely_overlaps(a, d, s, b, overlap) {
                panic!("{input}: overlaps at {s} before t {} (hit {hit})", out.t);
            }
        }
    }
}

fn raycast<B: Copy + std::fmt::Debug>(
    name: &str,
    f: unsafe extern "C" fn(Vec2, Vec2, B, *mut Hit) -> bool,
    intersect: extern "C" fn(Segment, B) -> bool,
    o: Vec2,
    d: Vec2,
    b: B,
    bf: &[f32],
) {
    let mut out = SENTINEL;
    // SAFETY: `out` is a valid Hit; NULL is allowed.
    let (hit, hit_null) = unsafe { (f(o, d, b, &mut out), f(o, d, b, std::ptr::null_mut())) };
    let input = format!("{name}({o:?}, {d:?}, {b:?})");
    assert_eq!(hit, hit_null, "{input}: answer depends on the out pointer");
    let all = [&vec_f(o)[..], &vec_f(d), bf].concat();
    if nan(&all) {
        assert!(!hit, "{input}: hit with a NaN input");
    }
    let seg = Segment::new(o, Vec2::new(o.x + d.x, o.y + d.y));
    if infinite(&[o.x, o.y, d.x, d.y]) {
        assert!(!hit, "{input}: hit with an infinite origin or delta");
    } else {
        assert_eq!(
            hit,
            intersect(seg, b),
            "{input}: disagrees with intersect_segment"
        );
    }
    if hit {
        assert!((0.0..=1.0).contains(&out.t), "{input}: t = {}", out.t);
        assert!(numbers(&hit_f(&out)), "{input}: NaN in the hit {out:?}");
    } else {
        assert_eq!(out, SENTINEL, "{input}: out written on a miss");
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    while !b.is_empty() {
        let d = b.vec2();
        match b.u8() % 22 {
            0 => {
                let (x, y) = (b.rect(), b.rect());
                let ov = |a: Rect, b: Rect| c2d_overlap_rect_rect(a, b);
                sweep(
                    "sweep_rect_rect",
                    c2d_sweep_rect_rect,
                    &ov,
                    x,
                    d,
                    y,
                    &rect_f(y),
                    true,
                );
            }
            1 => {
                let (x, y) = (b.circle(), b.rect());
                let ov = |a: Circle, b: Rect| c2d_overlap_rect_circle(b, a);
                sweep(
                    "sweep_circle_rect",
                    c2d_sweep_circle_rect,
                    &ov,
                    x,
                    d,
                    y,
                    &rect_f(y),
                    true,
                );
            }
            2 => {
                let (x, y) = (b.circle(), b.circle());
                let ov = |a: Circle, b: Circle| c2d_overlap_circle_circle(a, b);
                sweep(
                    "sweep_circle_circle",
                    c2d_sweep_circle_circle,
                    &ov,
                    x,
                    d,
                    y,
                    &circle_f(y),
                    true,
                );
            }
            3 => {
                let (x, y) = (b.rect(), b.circle());
                let ov = |a: Rect, b: Circle| c2d_overlap_rect_circle(a, b);
                sweep(
                    "sweep_rect_circle",
                    c2d_sweep_rect_circle,
                    &ov,
                    x,
                    d,
                    y,
                    &circle_f(y),
                    true,
                );
            }
            4 => {
                let (x, y) = (b.circle(), b.obb());
                let ov = |a: Circle, b| c2d_overlap_obb_circle(b, a);
                let q = quarter(y.rot).is_some();
                sweep(
                    "sweep_circle_obb",
                    c2d_sweep_circle_obb,
                    &ov,
                    x,
                    d,
                    y,
                    &obb_f(y),
                    q,
                );
            }
            5 => {
                let (x, y) = (b.rect(), b.obb());
                let ov = |a: Rect, b| c2d_overlap_obb_rect(b, a);
                let q = quarter(y.rot).is_some();
                sweep(
                    "sweep_rect_obb",
                    c2d_sweep_rect_obb,
                    &ov,
                    x,
                    d,
                    y,
                    &obb_f(y),
                    q,
                );
            }
            6 => {
                let (o, y) = (b.vec2(), b.rect());
                raycast(
                    "raycast_rect",
                    c2d_raycast_rect,
                    c2d_intersect_segment_rect,
                    o,
                    d,
                    y,
                    &rect_f(y),
                );
            }
            7 => {
                let (o, y) = (b.vec2(), b.circle());
                raycast(
                    "raycast_circle",
                    c2d_raycast_circle,
                    c2d_intersect_segment_circle,
                    o,
                    d,
                    y,
                    &circle_f(y),
                );
            }
            8 => {
                let (o, y) = (b.vec2(), b.obb());
                raycast(
                    "raycast_obb",
                    c2d_raycast_obb,
                    c2d_intersect_segment_obb,
                    o,
                    d,
                    y,
                    &obb_f(y),
                );
            }
            10 => {
                let (x, (y, v)) = (b.rect(), b.poly());
                let ov = |a: Rect, b: Poly| c2d_overlap_rect_poly(a, b);
                sweep_moving("sweep_rect_poly", c2d_sweep_rect_poly, &ov, x, d, y, v);
            }
            11 => {
                let (x, y) = (b.rect(), b.capsule());
                let ov = |a: Rect, b: Capsule| c2d_overlap_rect_capsule(a, b);
                sweep_moving(
                    "sweep_rect_capsule",
                    c2d_sweep_rect_capsule,
                    &ov,
                    x,
                    d,
                    y,
                    true,
                );
            }
            12 => {
                let (x, (y, v)) = (b.circle(), b.poly());
                let ov = |a: Circle, b: Poly| c2d_overlap_poly_circle(b, a);
                sweep_moving("sweep_circle_poly", c2d_sweep_circle_poly, &ov, x, d, y, v);
            }
            13 => {
                let (x, y) = (b.circle(), b.capsule());
                let ov = |a: Circle, b: Capsule| c2d_overlap_capsule_circle(b, a);
                sweep_moving(
                    "sweep_circle_capsule",
                    c2d_sweep_circle_capsule,
                    &ov,
                    x,
                    d,
                    y,
                    true,
                );
            }
            14 => {
                let (x, (y, v)) = (b.capsule(), b.poly());
                let ov = |a: Capsule, b: Poly| c2d_overlap_poly_capsule(b, a);
                sweep_moving(
                    "sweep_capsule_poly",
                    c2d_sweep_capsule_poly,
                    &ov,
                    x,
                    d,
                    y,
                    v,
                );
            }
            15 => {
                let (x, y) = (b.capsule(), b.capsule());
                let ov = |a: Capsule, b: Capsule| c2d_overlap_capsule_capsule(a, b);
                sweep_moving(
                    "sweep_capsule_capsule",
                    c2d_sweep_capsule_capsule,
                    &ov,
                    x,
                    d,
                    y,
                    true,
                );
            }
            16 => {
                let ((x, u), (y, v)) = (b.poly(), b.poly());
                let ov = |a: Poly, b: Poly| c2d_overlap_poly_poly(a, b);
                sweep_moving("sweep_poly_poly", c2d_sweep_poly_poly, &ov, x, d, y, u & v);
            }
            17 => {
                let ((x, u), y) = (b.poly(), b.capsule());
                let ov = |a: Poly, b: Capsule| c2d_overlap_poly_capsule(a, b);
                sweep_moving(
                    "sweep_poly_capsule",
                    c2d_sweep_poly_capsule,
                    &ov,
                    x,
                    d,
                    y,
                    u,
                );
            }
            18 => {
                let ((x, u), y) = (b.poly(), b.rect());
                let ov = |a: Poly, b: Rect| c2d_overlap_rect_poly(b, a);
                sweep_moving("sweep_poly_rect", c2d_sweep_poly_rect, &ov, x, d, y, u);
            }
            19 => {
                let ((x, u), y) = (b.poly(), b.circle());
                let ov = |a: Poly, b: Circle| c2d_overlap_poly_circle(a, b);
                sweep_moving("sweep_poly_circle", c2d_sweep_poly_circle, &ov, x, d, y, u);
            }
            20 => {
                let (x, y) = (b.capsule(), b.rect());
                let ov = |a: Capsule, b: Rect| c2d_overlap_rect_capsule(b, a);
                sweep_moving(
                    "sweep_capsule_rect",
                    c2d_sweep_capsule_rect,
                    &ov,
                    x,
                    d,
                    y,
                    true,
                );
            }
            21 => {
                let (x, y) = (b.capsule(), b.circle());
                let ov = |a: Capsule, b: Circle| c2d_overlap_capsule_circle(a, b);
                sweep_moving(
                    "sweep_capsule_circle",
                    c2d_sweep_capsule_circle,
                    &ov,
                    x,
                    d,
                    y,
                    true,
                );
            }
            _ => {
                let (o, y) = (b.vec2(), b.segment());
                raycast(
                    "raycast_segment",
                    c2d_raycast_segment,
                    c2d_intersect_segment_segment,
                    o,
                    d,
                    y,
                    &seg_f(y),
                );
            }
        }
    }
});
