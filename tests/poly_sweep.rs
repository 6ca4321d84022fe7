//! Sweeps of rects, circles, capsules and convex polygons against polygons and capsules.
//!
//! Values are drawn on the grid (multiples of 1/256, |v| <= 16384) as integer steps. The
//! polygon-like pairs (rect and polygon on both sides) are checked against an exact swept
//! separating-axis oracle in i128: the same hit decision, `t` the largest f32 not past the real
//! contact, the gap it leaves along the motion at most 1/256 unit. The round pairs are
//! checked against a fine-step walk with the exact predicate: never missed, never past the
//! first overlapping step, and no earlier than the last clear one. Every hit leaves the mover
//! clear at `t`; no hit leaves its end clear.
//!
//! `C2D_SWEEP_CASES` sets the number of cases per pair (default 20,000).

mod common;

use collide2d::ffi::*;
use collide2d::*;
use common::*;

type P = (i64, i64);

fn cases() -> u64 {
    std::env::var("C2D_SWEEP_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

fn v(p: P) -> Vec2 {
    Vec2::new(g(p.0), g(p.1))
}

fn poly_of(vs: &[P]) -> Poly {
    let mut p = Poly::default();
    for (slot, &q) in p.verts.iter_mut().zip(vs) {
        *slot = v(q);
    }
    p.count = vs.len() as i32;
    p
}

fn steps(p: &Poly) -> Vec<P> {
    p.vertices()
        .unwrap()
        .iter()
        .map(|q| ((q.x * 256.0) as i64, (q.y * 256.0) as i64))
        .collect()
}

/// A random convex polygon (3..=8 vertices, counter-clockwise) of about `size` steps at `c`.
fn rand_poly(rng: &mut Rng, c: P, size: i64) -> Poly {
    loop {
        let n = 3 + rng.below(8) as usize;
        let pts: Vec<Vec2> = (0..n)
            .map(|_| v((c.0 + rng.range(-size, size), c.1 + rng.range(-size, size))))
            .collect();
        if let Ok(p) = Poly::hull(&pts) {
            return p;
        }
    }
}

fn rect_steps(x: i64, y: i64, w: i64, h: i64) -> Vec<P> {
    vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
}

// ---- The exact oracle of the polygon-like pairs ----

/// The first contact of the vertex loop `a` moving by `d` against `b` (both counter-clockwise,
/// in steps): `None` no hit, `Some(None)` overlapping at the start, `Some(Some((num, den)))`
/// the contact time as a fraction.
#[allow(clippy::type_complexity)]
fn oracle(a: &[P], d: P, b: &[P]) -> Option<Option<(i128, i128)>> {
    let axes = |c: &[P]| -> Vec<((i128, i128), P)> {
        (0..c.len())
            .map(|i| {
                let (p, q) = (c[i], c[(i + 1) % c.len()]);
                (((q.1 - p.1) as i128, (p.0 - q.0) as i128), p)
            })
            .filter(|(n, _)| *n != (0, 0))
            .collect()
    };
    let dot = |n: (i128, i128), x: i128, y: i128| n.0 * x + n.1 * y;
    // Per axis: overlapping while s + t·v < 0.
    let mut halves = vec![];
    for (n, o) in axes(b) {
        let s = a
            .iter()
            .map(|w| dot(n, (w.0 - o.0) as i128, (w.1 - o.1) as i128))
            .min()
            .unwrap();
        halves.push((s, dot(n, d.0 as i128, d.1 as i128)));
    }
    for (m, o) in axes(a) {
        let s = b
            .iter()
            .map(|u| dot(m, (u.0 - o.0) as i128, (u.1 - o.1) as i128))
            .min()
            .unwrap();
        halves.push((s, -dot(m, d.0 as i128, d.1 as i128)));
    }
    // Entry (num, den) as the latest `s / -v`; exit the earliest `-s / v`; -inf / +inf as None.
    let (mut enter, mut exit): (Option<(i128, i128)>, Option<(i128, i128)>) = (None, None);
    let lt = |a: (i128, i128), b: (i128, i128)| a.0 * b.1 < b.0 * a.1;
    for (s, vv) in halves {
        if vv < 0 {
            let e = (s, -vv);
            if enter.is_none_or(|f| lt(f, e)) {
                enter = Some(e);
            }
        } else if vv > 0 {
            let x = (-s, vv);
            if exit.is_none_or(|f| lt(x, f)) {
                exit = Some(x);
            }
        } else if s >= 0 {
            return None;
        }
    }
    if exit.is_some_and(|x| x.0 <= 0) {
        return None;
    }
    match enter {
        None => Some(None),
        Some(e) if exit.is_some_and(|x| !lt(e, x)) || e.0 >= e.1 => None,
        Some(e) if e.0 < 0 => Some(None),
        Some(e) => Some(Some(e)),
    }
}

/// Whether the f32 `t` is at most `num / den` (`den > 0`), exactly.
fn t_at_most(t: f32, (num, den): (i128, i128)) -> bool {
    if t == 0.0 || num <= 0 {
        return t == 0.0 && num >= 0;
    }
    let bits = t.to_bits();
    let (exp, man) = (
        (bits >> 23) as i32 - 150,
        (bits & 0x7f_ffff | 0x80_0000) as i128,
    );
    if exp < -70 {
        return true; // below 2^-46: far below any contact time here
    }
    man * den <= num << (-exp)
}

/// One polygon-like case: the sweep against the oracle.
fn check_sat(
    t: &mut Tally,
    label: &str,
    a: &[P],
    d: P,
    b: &[P],
    got: Option<Hit>,
    overlaps_at: impl Fn(f32) -> bool,
) {
    let want = oracle(a, d, b);
    let show = || format!("{label}: mover {a:?} by {d:?} against {b:?} (steps): {got:?}");
    assert_eq!(got.is_some(), want.is_some(), "{}", show());
    let Some(h) = got else {
        assert!(!overlaps_at(1.0), "no hit but the end overlaps: {}", show());
        return;
    };
    t.hits += 1;
    let n = h.normal;
    assert!(((n.x * n.x + n.y * n.y) - 1.0).abs() < 1e-5, "{}", show());
    match want.unwrap() {
        None => assert_eq!(h.t, 0.0, "{}", show()),
        Some(e) => {
            assert!(t_at_most(h.t, e), "past the contact: {}", show());
            assert!(!overlaps_at(h.t), "inside at t: {}", show());
            // The gap left along the motion: within 1/256 unit.
            let exact = e.0 as f64 / e.1 as f64;
            let len = ((d.0 as f64).hypot(d.1 as f64)) / 256.0;
            assert!((exact - h.t as f64) * len <= 1.0 / 256.0, "gap: {}", show());
        }
    }
}

/// A start, motion and target placed so that the mover touches `b` exactly at a fraction of
/// the motion (often then nudged by a step), or anywhere.
fn aimed(rng: &mut Rng, a: &[P], b: &[P]) -> (P, P) {
    let mag = 64 * 256;
    let d = (rng.range(-mag, mag), rng.range(-mag, mag));
    if rng.chance(1, 4) {
        return ((rng.range(-mag, mag), rng.range(-mag, mag)), d);
    }
    // Touching: a vertex of the mover on a lattice point of one of b's edges, or the reverse.
    let i = rng.below(b.len() as u64) as usize;
    let (p, q) = (b[i], b[(i + 1) % b.len()]);
    let k = rng.range(0, 8);
    let on = (p.0 + (q.0 - p.0) * k / 8, p.1 + (q.1 - p.1) * k / 8);
    let w = a[rng.below(a.len() as u64) as usize];
    let mut touch = (on.0 - w.0, on.1 - w.1);
    if rng.chance(1, 2) {
        touch.0 += rng.step();
        touch.1 += rng.step();
    }
    // The contact at j/m of the motion.
    let m = rng.range(1, 4);
    let j = rng.range(0, m);
    let d = (d.0 / m * m, d.1 / m * m);
    ((touch.0 - d.0 / m * j, touch.1 - d.1 / m * j), d)
}

fn shifted(vs: &[P], s: P) -> Vec<P> {
    vs.iter().map(|&(x, y)| (x + s.0, y + s.1)).collect()
}

#[test]
fn a_rect_swept_against_a_polygon_matches_the_exact_oracle() {
    let mut rng = Rng::new(0x5eed_0001);
    let mut t = Tally::new("rect against poly");
    for _ in 0..cases() {
        let b = {
            let sz = rng.range(1, 16 * 256);
            rand_poly(&mut rng, (0, 0), sz)
        };
        let bs = steps(&b);
        let (w, h) = (rng.range(1, 8 * 256), rng.range(1, 8 * 256));
        let (s, d) = aimed(&mut rng, &rect_steps(0, 0, w, h), &bs);
        let a = Rect::new(g(s.0), g(s.1), g(w), g(h));
        let got = sweep_rect_poly(a, v(d), &b);
        let moved = |tt: f32| {
            let p = Vec2::new(a.x + tt * g(d.0), a.y + tt * g(d.1));
            overlap_rect_poly(Rect::new(p.x, p.y, a.w, a.h), &b)
        };
        check_sat(
            &mut t,
            "rect_poly",
            &rect_steps(s.0, s.1, w, h),
            d,
            &bs,
            got,
            moved,
        );
        t.cases += 1;
    }
    t.finish();
}

#[test]
fn a_polygon_swept_against_a_polygon_or_a_rect_matches_the_exact_oracle() {
    let mut rng = Rng::new(0x5eed_0002);
    let mut t = Tally::new("poly against poly and rect");
    for _ in 0..cases() {
        let a0 = {
            let sz = rng.range(1, 8 * 256);
            rand_poly(&mut rng, (0, 0), sz)
        };
        let a0s = steps(&a0);
        let rect = rng.chance(1, 3);
        let (bs, b, r) = if rect {
            let (x, y) = (rng.range(-4096, 4096), rng.range(-4096, 4096));
            let (w, h) = (rng.range(1, 16 * 256), rng.range(1, 16 * 256));
            let r = Rect::new(g(x), g(y), g(w), g(h));
            (rect_steps(x, y, w, h), Poly::default(), r)
        } else {
            let b = {
                let sz = rng.range(1, 16 * 256);
                rand_poly(&mut rng, (0, 0), sz)
            };
            (steps(&b), b, Rect::default())
        };
        let (s, d) = aimed(&mut rng, &a0s, &bs);
        let a = poly_of(&shifted(&a0s, s));
        let moved = |tt: f32| {
            let mut m = a;
            for q in m.verts.iter_mut() {
                *q = Vec2::new(q.x + tt * g(d.0), q.y + tt * g(d.1));
            }
            if rect {
                overlap_rect_poly(r, &m)
            } else {
                overlap_poly_poly(&m, &b)
            }
        };
        let got = if rect {
            sweep_poly_rect(&a, v(d), r)
        } else {
            sweep_poly_poly(&a, v(d), &b)
        };
        check_sat(&mut t, "poly", &steps(&a), d, &bs, got, moved);
        t.cases += 1;
    }
    t.finish();
}

// ---- The round pairs against a fine-step walk ----

const WALK: usize = 2048;

/// One round case: `sweep` the answer, `overlaps_at(t)` the exact predicate of the mover moved
/// to `t` in f32.
fn check_walk(t: &mut Tally, label: &str, got: Option<Hit>, overlaps_at: impl Fn(f32) -> bool) {
    let first = (0..=WALK).find(|&k| overlaps_at(k as f32 / WALK as f32));
    let show = || format!("{label}: {got:?}, first overlapping step {first:?}");
    let Some(h) = got else {
        assert!(first.is_none(), "missed: {}", show());
        return;
    };
    t.hits += 1;
    let n = h.normal;
    assert!(((n.x * n.x + n.y * n.y) - 1.0).abs() < 1e-5, "{}", show());
    if overlaps_at(0.0) {
        assert_eq!(h.t, 0.0, "{}", show());
        return;
    }
    assert!(!overlaps_at(h.t), "inside at t: {}", show());
    if let Some(k) = first {
        assert!(
            h.t <= k as f32 / WALK as f32,
            "past the first overlap: {}",
            show()
        );
        // No earlier than the last clear step, less one f32 step (a disk's entry time in f64
        // is taken a hair early).
        let before = k.saturating_sub(1) as f32 / WALK as f32;
        let before = f32::from_bits(before.to_bits().saturating_sub(1));
        assert!(h.t >= before, "well before the contact: {}", show());
    }
}

fn rand_capsule(rng: &mut Rng, c: P, size: i64) -> Capsule {
    let a = (c.0 + rng.range(-size, size), c.1 + rng.range(-size, size));
    let b = if rng.chance(1, 6) {
        a
    } else {
        (c.0 + rng.range(-size, size), c.1 + rng.range(-size, size))
    };
    Capsule::new(v(a), v(b), g(rng.range(1, size.max(2))))
}

fn moved_capsule(k: &Capsule, d: Vec2, t: f32) -> Capsule {
    let m = |p: Vec2| Vec2::new(p.x + t * d.x, p.y + t * d.y);
    Capsule::new(m(k.a), m(k.b), k.r)
}

fn moved_poly(p: &Poly, d: Vec2, t: f32) -> Poly {
    let mut m = *p;
    for q in m.verts.iter_mut() {
        *q = Vec2::new(q.x + t * d.x, q.y + t * d.y);
    }
    m
}

#[test]
fn round_movers_and_targets_match_a_fine_step_walk() {
    let mut rng = Rng::new(0x5eed_0003);
    let mut t = Tally::new("round pairs");
    let n = cases() / 4;
    for i in 0..n {
        let size = rng.range(1, 8 * 256);
        let start = (
            rng.range(-32 * 256, 32 * 256),
            rng.range(-32 * 256, 32 * 256),
        );
        // Aimed at the target's centre area, or anywhere.
        let d = if rng.chance(3, 4) {
            (
                -start.0 * 2 + rng.range(-2048, 2048),
                -start.1 * 2 + rng.range(-2048, 2048),
            )
        } else {
            (rng.range(-16384, 16384), rng.range(-16384, 16384))
        };
        let dv = v(d);
        let tp = {
            let sz = rng.range(1, 8 * 256);
            rand_poly(&mut rng, (0, 0), sz)
        };
        let tk = {
            let sz = rng.range(1, 8 * 256);
            rand_capsule(&mut rng, (0, 0), sz)
        };
        let (ax, ay) = (g(start.0), g(start.1));
        let circle = Circle::new(ax, ay, g(rng.range(1, size)));
        let cap = rand_capsule(&mut rng, start, size);
        let rect = Rect::new(ax, ay, g(size), g(rng.range(1, size)));
        let mp = rand_poly(&mut rng, start, size);
        let at = |p: Vec2, tt: f32| Vec2::new(p.x + tt * dv.x, p.y + tt * dv.y);
        let circle_at = |tt: f32| {
            let c = at(circle.center(), tt);
            Circle::new(c.x, c.y, circle.r)
        };
        let rect_at = |tt: f32| {
            let c = at(Vec2::new(rect.x, rect.y), tt);
            Rect::new(c.x, c.y, rect.w, rect.h)
        };
        match i % 6 {
            0 => check_walk(
                &mut t,
                "circle_poly",
                sweep_circle_poly(circle, dv, &tp),
                |tt| overlap_poly_circle(&tp, circle_at(tt)),
            ),
            1 => check_walk(
                &mut t,
                "circle_capsule",
                sweep_circle_capsule(circle, dv, &tk),
                |tt| overlap_capsule_circle(&tk, circle_at(tt)),
            ),
            2 => check_walk(
                &mut t,
                "capsule_poly",
                sweep_capsule_poly(&cap, dv, &tp),
                |tt| overlap_poly_capsule(&tp, &moved_capsule(&cap, dv, tt)),
            ),
            3 => check_walk(
                &mut t,
                "capsule_capsule",
                sweep_capsule_capsule(&cap, dv, &tk),
                |tt| overlap_capsule_capsule(&moved_capsule(&cap, dv, tt), &tk),
            ),
            4 => check_walk(
                &mut t,
                "rect_capsule",
                sweep_rect_capsule(rect, dv, &tk),
                |tt| overlap_rect_capsule(rect_at(tt), &tk),
            ),
            _ => check_walk(
                &mut t,
                "poly_capsule",
                sweep_poly_capsule(&mp, dv, &tk),
                |tt| overlap_poly_capsule(&moved_poly(&mp, dv, tt), &tk),
            ),
        }
        t.cases += 1;
    }
    t.finish();
}

// ---- Scenarios ----

/// A right triangle slope rising to the right: (0,0), (w,0), (w,h).
fn slope(w: f32, h: f32) -> Poly {
    Poly::hull(&[Vec2::new(0.0, 0.0), Vec2::new(w, 0.0), Vec2::new(w, h)]).unwrap()
}

#[test]
fn a_box_sliding_into_a_slope_stops_on_its_face() {
    let ramp = slope(64.0, 32.0);
    let a = Rect::new(-20.0, 8.0, 8.0, 8.0);
    let h = sweep_rect_poly(a, Vec2::new(100.0, 0.0), &ramp).unwrap();
    // The box's right bottom corner meets the slope y = x/2 at x = 16 (t = 0.28): t is the
    // largest f32 not past it.
    assert_eq!(h.t, 0.279_999_97);
    let n = (1.0f32 / 5.0).sqrt();
    assert!((h.normal.x + n).abs() < 1e-6 && (h.normal.y - 2.0 * n).abs() < 1e-6);
    assert!(!overlap_rect_poly(
        Rect::new(h.pos.x, h.pos.y, 8.0, 8.0),
        &ramp
    ));
    // Flush within rounding: 1/256 further along it overlaps.
    let on = Rect::new(h.pos.x + 1.0 / 256.0, h.pos.y, 8.0, 8.0);
    assert!(overlap_rect_poly(on, &ramp));
}

#[test]
fn a_fast_ball_does_not_pass_through_a_thin_polygon() {
    let thin = Poly::hull(&[
        Vec2::new(0.0, -500.0),
        Vec2::new(1.0 / 256.0, -500.0),
        Vec2::new(1.0 / 256.0, 500.0),
        Vec2::new(0.0, 500.0),
    ])
    .unwrap();
    let ball = Circle::new(-100.0, 3.0, 1.0 / 256.0);
    let h = sweep_circle_poly(ball, Vec2::new(1e6, 0.0), &thin).unwrap();
    assert!(h.t > 0.0 && h.t < 100.0 / 1e6);
    assert_eq!((h.normal.x, h.normal.y), (-1.0, 0.0));
    assert!(!overlap_poly_circle(
        &thin,
        Circle::new(h.pos.x, h.pos.y, ball.r)
    ));
    // And a fast thin sliver rect across it, the reverse of the ratio.
    let sliver = Rect::new(-5000.0, 0.0, 1.0 / 256.0, 1.0 / 256.0);
    let h = sweep_rect_poly(sliver, Vec2::new(1e6, 0.0), &thin).unwrap();
    assert_eq!(h.normal, Vec2::new(-1.0, 0.0));
    assert!(h.pos.x <= -1.0 / 256.0 && h.pos.x > -0.1);
}

#[test]
fn a_huge_mover_is_stopped_by_a_tiny_polygon_and_a_tiny_capsule() {
    let tiny = Poly::hull(&[
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0 / 256.0, 0.0),
        Vec2::new(0.0, 1.0 / 256.0),
    ])
    .unwrap();
    let wall = Rect::new(-2000.0, -500.0, 1000.0, 1000.0);
    let h = sweep_rect_poly(wall, Vec2::new(5000.0, 0.0), &tiny).unwrap();
    assert_eq!(h.t, 0.199_999_99); // the largest f32 not past 0.2
    assert_eq!(h.normal, Vec2::new(-1.0, 0.0));
    let speck = Capsule::new(
        Vec2::new(0.0, 0.0),
        Vec2::new(0.0, 1.0 / 256.0),
        1.0 / 256.0,
    );
    let h = sweep_rect_capsule(wall, Vec2::new(5000.0, 3.0), &speck).unwrap();
    assert!(h.t > 0.0 && h.t < 0.2);
    assert!(!overlap_rect_capsule(
        Rect::new(h.pos.x, h.pos.y, 1000.0, 1000.0),
        &speck
    ));
}

#[test]
fn a_speck_of_dust_just_above_a_corner_falls_into_the_polygon_at_once() {
    // A triangle whose top edge runs from (5, 0) to the corner (0, 0), and round shapes of
    // radii far below the rounding of their coordinates, just above that edge beside the corner,
    // falling into the triangle. Their place along the edge rounds onto the corner itself,
    // their paths pass the corner farther off than their radius: the edge's crossing is the
    // hit, not the far side where they would come out.
    let tri = Poly::hull(&[
        Vec2::new(-123.0, -127.94922),
        Vec2::new(5.027_343_8, 0.0),
        Vec2::new(0.0, 0.0),
    ])
    .unwrap();
    let d = Vec2::new(-0.75, -31.0);
    for (x, y, r) in [
        (2.938_915e-39, 2.350_988_6e-38, 1e-45),
        (1e-30, 1e-29, 1e-40),
        (1e-20, 1e-19, 1e-37),
    ] {
        let speck = Circle::new(x, y, r);
        assert!(!overlap_poly_circle(&tri, speck));
        let h = sweep_circle_poly(speck, d, &tri).expect("the speck falls into the triangle");
        // It crosses the edge y = 0 at t = y / 31, and is inside the triangle just after.
        assert!(h.t <= y / 31.0, "{speck:?}: t {} past the edge", h.t);
        assert!(!overlap_poly_circle(&tri, Circle::new(h.pos.x, h.pos.y, r)));
        // Straight up out of the edge (the cores' nearest points, rounded in f64).
        let up = |n: Vec2, s: f32| n.x.abs() < 1e-6 && n.y * s > 0.999_999;
        assert!(up(h.normal, 1.0), "{speck:?}: normal {:?}", h.normal);
        // The same with the triangle moving up into the speck.
        let h = sweep_poly_circle(&tri, Vec2::new(-d.x, -d.y), speck).expect("it meets the speck");
        assert!(h.t <= y / 31.0, "{speck:?}: t {} past the edge", h.t);
        assert!(up(h.normal, -1.0), "{speck:?}: normal {:?}", h.normal);
    }
}

#[test]
fn a_capsule_falling_onto_a_capsule_rests_on_it() {
    let floor = Capsule::new(Vec2::new(-10.0, 0.0), Vec2::new(10.0, 0.0), 1.0);
    let body = Capsule::new(Vec2::new(0.0, 5.0), Vec2::new(0.0, 7.0), 1.0);
    let h = sweep_capsule_capsule(&body, Vec2::new(0.0, -10.0), &floor).unwrap();
    assert!(h.t <= 0.3 && h.t > 0.3 - 1e-6);
    assert_eq!(h.normal, Vec2::new(0.0, 1.0));
    assert_eq!(h.point, Vec2::new(0.0, 1.0));
    assert!(h.pos.y >= 2.0 && h.pos.y < 2.0 + 1e-5);
}

#[test]
fn shapes_already_overlapping_hit_at_the_start_with_the_shortest_way_out() {
    let ramp = slope(64.0, 32.0);
    let a = Rect::new(62.0, 2.0, 4.0, 4.0); // in the tall end, nearest the right face
    let h = sweep_rect_poly(a, Vec2::new(-3.0, 0.0), &ramp).unwrap();
    assert_eq!(
        (h.t, h.normal, h.pos),
        (0.0, Vec2::new(1.0, 0.0), Vec2::new(62.0, 2.0))
    );
    let c = Circle::new(32.0, 1.0, 2.0);
    let h = sweep_circle_poly(c, Vec2::new(5.0, 5.0), &ramp).unwrap();
    assert_eq!((h.t, h.normal), (0.0, Vec2::new(0.0, -1.0)));
}

#[test]
fn touching_shapes_hit_at_once_moving_in_and_slide_freely_along() {
    let ramp = slope(64.0, 32.0);
    let on_floor = Rect::new(10.0, -4.0, 4.0, 4.0); // under the bottom face
    assert!(sweep_rect_poly(on_floor, Vec2::new(20.0, 0.0), &ramp).is_none());
    let h = sweep_rect_poly(on_floor, Vec2::new(0.0, 1.0), &ramp).unwrap();
    assert_eq!((h.t, h.normal), (0.0, Vec2::new(0.0, -1.0)));
    // Ending exactly in contact is no hit.
    let below = Rect::new(10.0, -8.0, 4.0, 4.0);
    assert!(sweep_rect_poly(below, Vec2::new(0.0, 4.0), &ramp).is_none());
}

#[test]
fn bad_input_gets_no_hit_and_no_nan() {
    let ramp = slope(64.0, 32.0);
    let a = Rect::new(-20.0, 8.0, 8.0, 8.0);
    let d = Vec2::new(100.0, 0.0);
    for bad in [f32::NAN, f32::INFINITY, -f32::INFINITY] {
        assert!(sweep_rect_poly(a, Vec2::new(bad, 0.0), &ramp).is_none());
        assert!(sweep_rect_poly(Rect::new(bad, 8.0, 8.0, 8.0), d, &ramp).is_none());
        let mut p = ramp;
        p.verts[1].y = bad;
        assert!(sweep_rect_poly(a, d, &p).is_none());
        let k = Capsule::new(Vec2::new(0.0, 0.0), Vec2::new(1.0, 0.0), bad);
        assert!(sweep_circle_capsule(Circle::new(-5.0, 0.0, 1.0), d, &k).is_none());
        assert!(sweep_capsule_poly(&k, d, &ramp).is_none());
    }
    for count in [-1, 0, 2, 9, i32::MAX] {
        let mut p = ramp;
        p.count = count;
        assert!(sweep_rect_poly(a, d, &p).is_none());
        assert!(sweep_poly_poly(&p, d, &ramp).is_none());
        assert!(sweep_circle_poly(Circle::new(-5.0, 1.0, 1.0), d, &p).is_none());
    }
    // Negative or zero radii: empty, or a bare segment that never overlaps strictly.
    let seg = Capsule::new(Vec2::new(0.0, 0.0), Vec2::new(0.0, 10.0), 0.0);
    assert!(sweep_circle_capsule(Circle::new(-5.0, 5.0, 0.0), d, &seg).is_none());
    assert!(sweep_circle_capsule(Circle::new(-5.0, 5.0, -1.0), d, &seg).is_none());
    // Through the C functions: NULL out answers only, and a false answer leaves out untouched.
    let mut out = Hit {
        t: 7.0,
        ..Hit::default()
    };
    // SAFETY: `out` is a valid Hit, or NULL.
    unsafe {
        assert!(c2d_sweep_rect_poly(a, d, ramp, std::ptr::null_mut()));
        assert!(!c2d_sweep_rect_poly(
            a,
            Vec2::new(f32::NAN, 0.0),
            ramp,
            &mut out
        ));
        assert_eq!(out.t, 7.0);
        assert!(c2d_sweep_rect_poly(a, d, ramp, &mut out));
        assert_eq!(out.t, 0.279_999_97);
    }
}
