//! Game scenes through the Rust API, and the bad-input rules of the C API.
//!
//! Each game's own function is transcribed here (Python, Lua, C++, JavaScript → Rust, same
//! formulas and comparisons) and compared with the library on random grid cases and on the
//! games' named situations.

mod common;

use collide2d::*;
use common::*;

const SCENE_CASES: u64 = 200_000;

// ---- Platformer (Python, y-down screen rects): rect_to_rect and circle_to_rect, both strict. ----

struct R {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

struct C {
    x: f64,
    y: f64,
    r: f64,
}

fn platformer_rect_to_rect(r1: &R, r2: &R) -> bool {
    r1.x < r2.x + r2.w && r2.x < r1.x + r1.w && r1.y < r2.y + r2.h && r2.y < r1.y + r1.h
}

fn platformer_set_range(minimal: f64, maximum: f64, number: f64) -> f64 {
    if number > maximum {
        maximum
    } else if number < minimal {
        minimal
    } else {
        number
    }
}

fn platformer_circle_to_rect(c: &C, r: &R) -> bool {
    let x = platformer_set_range(r.x, r.x + r.w, c.x);
    let y = platformer_set_range(r.y, r.y + r.h, c.y);
    // The game compares d = sqrt(...) < r; squared here so the comparison stays exact.
    (c.x - x).powi(2) + (c.y - y).powi(2) < c.r * c.r
}

fn wide_rect(r: IRect) -> R {
    R {
        x: g(r.x) as f64,
        y: g(r.y) as f64,
        w: g(r.w) as f64,
        h: g(r.h) as f64,
    }
}

fn wide_circle(c: ICircle) -> C {
    C {
        x: g(c.x) as f64,
        y: g(c.y) as f64,
        r: g(c.r) as f64,
    }
}

/// A rect with non-negative sizes, as the games' engines keep them.
fn positive_rect(rng: &mut Rng, mag: i64) -> IRect {
    let r = rect(rng, mag);
    IRect {
        w: r.w.abs(),
        h: r.h.abs(),
        ..r
    }
}

fn positive_rect_near(rng: &mut Rng, a: IRect, mag: i64) -> IRect {
    let b = related_rect(rng, a.bx(), mag);
    let n = b.bx();
    IRect {
        x: n.x0,
        y: n.y0,
        w: n.x1 - n.x0,
        h: n.y1 - n.y0,
    }
}

#[test]
fn platformer_rect_to_rect_and_circle_to_rect_are_the_strict_flavour() {
    let mut rng = Rng::new(50);
    let mut t = Tally::new("platformer rect_to_rect / circle_to_rect");
    while t.cases < SCENE_CASES {
        let mag = rng.mag();
        let a = positive_rect(&mut rng, mag);
        let b = positive_rect_near(&mut rng, a, mag);
        let mut c = related_circle(&mut rng, a.bx(), mag);
        c.r = c.r.abs();
        if !(a.ok() && b.ok() && c.ok()) {
            continue;
        }
        t.cases += 1;
        let input = || format!("{a:?} {b:?} {c:?}");
        t.eq(
            "rect_to_rect",
            overlap_rect_rect(a.f(), b.f()),
            platformer_rect_to_rect(&wide_rect(a), &wide_rect(b)),
            input,
        );
        t.eq(
            "circle_to_rect",
            overlap_rect_circle(a.f(), c.f()),
            platformer_circle_to_rect(&wide_circle(c), &wide_rect(a)),
            input,
        );
    }
    t.finish();

    // Two 32-pixel tiles side by side in screen coordinates: flush is not a collision.
    let a = Rect::new(0.0, 0.0, 32.0, 32.0);
    assert!(!overlap_rect_rect(a, Rect::new(32.0, 0.0, 32.0, 32.0)));
    assert!(!overlap_rect_rect(a, Rect::new(0.0, 32.0, 32.0, 32.0)));
    assert!(overlap_rect_rect(a, Rect::new(31.0, 31.0, 32.0, 32.0)));
    // The game's own trap: a ball up and to the right of the wall, nearer than r to both the top
    // side's line and the right side's line, yet not touching (corner distance 12.8 > 12).
    let wall = Rect::new(0.0, 0.0, 100.0, 50.0);
    assert!(!overlap_rect_circle(wall, Circle::new(110.0, -8.0, 12.0)));
    assert!(overlap_rect_circle(wall, Circle::new(110.0, -8.0, 13.0)));
    // Exactly tangent at the corner (3-4-5): strict says no, closed says yes.
    assert!(!overlap_rect_circle(wall, Circle::new(103.0, -4.0, 5.0)));
    assert!(touch_rect_circle(wall, Circle::new(103.0, -4.0, 5.0)));
}

// ---- Breakout (Python/pygame): line_intersect misses collinear overlap. ----

fn breakout_line_intersect(a: (P2, P2), b: (P2, P2)) -> bool {
    if a.0 == b.0 || a.1 == b.0 || a.0 == b.1 || a.1 == b.1 {
        return true;
    }
    let va = (a.1 .0 - a.0 .0, a.1 .1 - a.0 .1);
    let vb = (b.1 .0 - b.0 .0, b.1 .1 - b.0 .1);
    let det = va.0 * vb.1 - va.1 * vb.0;
    if det == 0.0 {
        return false; // parallel: the game's own code gives up here
    }
    let du = (a.0 .0 - b.0 .0, a.0 .1 - b.0 .1);
    let s = (vb.0 * du.1 - vb.1 * du.0) / det;
    let t = (va.0 * du.1 - va.1 * du.0) / det;
    (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t)
}

type P2 = (f64, f64);

#[test]
fn breakout_segments_agree_except_where_their_test_misses_collinear_overlap() {
    let mut rng = Rng::new(51);
    let mut t = Tally::new("breakout line_intersect");
    let mut collinear_only_here = 0u64;
    while t.cases < SCENE_CASES {
        // Small integer grid so parallel and collinear pairs are common; the game's own
        // division is then exact enough to compare.
        let mut p = || (rng.range(-6, 6) as f64, rng.range(-6, 6) as f64);
        let (a, b, c, d) = (p(), p(), p(), p());
        t.cases += 1;
        let seg = |p: P2, q: P2| {
            Segment::new(
                Vec2::new(p.0 as f32, p.1 as f32),
                Vec2::new(q.0 as f32, q.1 as f32),
            )
        };
        let ours = intersect_segment_segment(seg(a, b), seg(c, d));
        let theirs = breakout_line_intersect((a, b), (c, d));
        let parallel = (b.0 - a.0) * (d.1 - c.1) - (b.1 - a.1) * (d.0 - c.0) == 0.0;
        let input = || format!("{a:?}..{b:?} vs {c:?}..{d:?}");
        if ours && !theirs {
            collinear_only_here += 1;
            t.check(parallel, || {
                format!("differs on a non-parallel pair: {}", input())
            });
        } else {
            t.eq("agrees with the game's own code", ours, theirs, input);
        }
    }
    eprintln!("breakout: {collinear_only_here} parallel pairs only the library finds");
    t.finish();
    assert!(collinear_only_here > 0);

    // Named: a ball's path running along the paddle's top edge overlaps it collinearly.
    let path = Segment::new(Vec2::new(0.0, 10.0), Vec2::new(50.0, 10.0));
    let edge = Segment::new(Vec2::new(20.0, 10.0), Vec2::new(80.0, 10.0));
    assert!(intersect_segment_segment(path, edge));
    assert!(!breakout_line_intersect(
        ((0.0, 10.0), (50.0, 10.0)),
        ((20.0, 10.0), (80.0, 10.0))
    ));
    // A path wholly inside a brick meets it (the game's own rect_collideline tests edges only).
    let brick = Rect::new(0.0, 0.0, 40.0, 16.0);
    let inside = Segment::new(Vec2::new(5.0, 5.0), Vec2::new(30.0, 10.0));
    assert!(intersect_segment_rect(inside, brick));
    // Passing a brick corner exactly counts (closed), one step wide of it does not.
    let corner = Segment::new(Vec2::new(30.0, 26.0), Vec2::new(50.0, 6.0)); // through (40, 16)
    assert!(intersect_segment_rect(corner, brick));
    let s = 1.0 / 256.0;
    let wide = Segment::new(Vec2::new(30.0 + s, 26.0), Vec2::new(50.0 + s, 6.0));
    assert!(!intersect_segment_rect(wide, brick));
}

// ---- cocos2d-x (Lua, y-up rects with x, y at the bottom-left). ----

fn cocos_circle_intersects_circle(c1: &C, c2: &C) -> bool {
    (c1.x - c2.x).powi(2) + (c1.y - c2.y).powi(2) < (c1.r + c2.r).powi(2)
}

fn cocos_rect_intersects_rect(r1: &R, r2: &R) -> bool {
    !(r1.x > r2.x + r2.w || r1.x + r1.w < r2.x || r1.y > r2.y + r2.h || r1.y + r1.h < r2.y)
}

fn cocos_rect_intersects_circle(rect: &R, circle: &C) -> bool {
    let v = (
        (circle.x - (rect.x + rect.w / 2.0)).abs(),
        (circle.y - (rect.y + rect.h / 2.0)).abs(),
    );
    let h = (rect.w / 2.0, rect.h / 2.0);
    let u = ((v.0 - h.0).max(0.0), (v.1 - h.1).max(0.0));
    u.0 * u.0 + u.1 * u.1 < circle.r * circle.r
}

/// The game's own rectRotateIntersectsCircle, atan2 and all.
fn cocos_rect_rotate_intersects_circle(rect: &R, angle: f64, circle: &C) -> bool {
    let src = angle.to_radians();
    let pi2 = std::f64::consts::FRAC_PI_2;
    let cx = rect.x + rect.w / 2.0 * src.cos() + rect.h / 2.0 * (src + pi2).cos();
    let cy = rect.y + rect.w / 2.0 * src.sin() + rect.h / 2.0 * (src + pi2).sin();
    let (vx, vy) = (circle.x - cx, circle.y - cy);
    let a = (cy - circle.y).atan2(cx - circle.x) - src;
    let len = (vx * vx + vy * vy).sqrt();
    let v = ((len * a.cos()).abs(), (len * a.sin()).abs());
    let h = (rect.w / 2.0, rect.h / 2.0);
    let u = ((v.0 - h.0).max(0.0), (v.1 - h.1).max(0.0));
    u.0 * u.0 + u.1 * u.1 < circle.r * circle.r
}

#[test]
fn cocos_lua_functions_keep_their_boundary_flavours() {
    let mut rng = Rng::new(52);
    let mut t = Tally::new("cocos2d-x Lua functions");
    while t.cases < SCENE_CASES {
        let mag = rng.mag();
        let a = positive_rect(&mut rng, mag);
        let b = positive_rect_near(&mut rng, a, mag);
        let mut c = related_circle(&mut rng, a.bx(), mag);
        c.r = c.r.abs();
        let (dx, dy, d) = triple_offset(&mut rng, mag);
        let r1 = rng.range(0, d);
        let (c1, c2) = (
            ICircle { r: r1, ..c },
            ICircle {
                x: c.x + dx,
                y: c.y + dy,
                r: (d - r1 + rng.step()).abs(),
            },
        );
        if !(a.ok() && b.ok() && c.ok() && c2.ok()) {
            continue;
        }
        t.cases += 1;
        let input = || format!("{a:?} {b:?} {c:?} {c1:?} {c2:?}");
        t.eq(
            "rectIntersectsRect (closed)",
            touch_rect_rect(a.f(), b.f()),
            cocos_rect_intersects_rect(&wide_rect(a), &wide_rect(b)),
            input,
        );
        t.eq(
            "circleIntersectsCircle (strict)",
            overlap_circle_circle(c1.f(), c2.f()),
            cocos_circle_intersects_circle(&wide_circle(c1), &wide_circle(c2)),
            input,
        );
        t.eq(
            "rectIntersectsCircle (strict)",
            overlap_rect_circle(a.f(), c.f()),
            cocos_rect_intersects_circle(&wide_rect(a), &wide_circle(c)),
            input,
        );
    }
    t.finish();

    // Flush rects: cocos2d-x says they intersect, the strict flavour says they do not.
    let (r1, r2) = (
        Rect::new(0.0, 0.0, 10.0, 10.0),
        Rect::new(10.0, 0.0, 5.0, 5.0),
    );
    assert!(touch_rect_rect(r1, r2) && !overlap_rect_rect(r1, r2));
    // Circles 5 apart with radii 2 and 3: touching, so circleIntersectsCircle says no.
    let (c1, c2) = (Circle::new(0.0, 0.0, 2.0), Circle::new(3.0, 4.0, 3.0));
    assert!(!overlap_circle_circle(c1, c2) && touch_circle_circle(c1, c2));
}

/// At any angle the library agrees with the game's own trigonometric version wherever the circle
/// is not within 1e-3 of touching (the game's own atan2 round trip is itself inexact).
#[test]
fn cocos_rotated_rect_matches_their_trigonometry_away_from_touching() {
    let mut rng = Rng::new(53);
    let mut t = Tally::new("cocos2d-x rectRotateIntersectsCircle");
    let mut skipped = 0u64;
    while t.cases < SCENE_CASES {
        let rect = R {
            x: rng.float(-500.0, 500.0).round(),
            y: rng.float(-500.0, 500.0).round(),
            w: rng.float(1.0, 200.0).round(),
            h: rng.float(1.0, 200.0).round(),
        };
        let angle = if rng.chance(1, 4) {
            90.0 * rng.range(-4, 4) as f64
        } else {
            rng.float(-360.0, 360.0).round()
        };
        let o = Obb::from_rect(
            Rect::new(rect.x as f32, rect.y as f32, rect.w as f32, rect.h as f32),
            angle as f32,
        );
        let circle = C {
            x: (rect.x + rng.float(-250.0, 450.0)).round(),
            y: (rect.y + rng.float(-250.0, 450.0)).round(),
            r: rng.float(0.0, 120.0).round(),
        };
        // Distance from the centre to the box, in the box's frame, to skip near-touching cases.
        let (s, c) = angle.to_radians().sin_cos();
        let (dx, dy) = (circle.x - rect.x, circle.y - rect.y);
        let (lx, ly) = (c * dx + s * dy, c * dy - s * dx);
        let qx = lx.clamp(0.0, rect.w);
        let qy = ly.clamp(0.0, rect.h);
        let dist = (lx - qx).hypot(ly - qy);
        if (dist - circle.r).abs() < 1e-3 || (dist == 0.0 && circle.r == 0.0) {
            skipped += 1;
            continue;
        }
        t.cases += 1;
        let fc = Circle::new(circle.x as f32, circle.y as f32, circle.r as f32);
        let input = || {
            format!(
                "rect ({}, {}, {}, {}) angle {angle} circle {fc:?}",
                rect.x, rect.y, rect.w, rect.h
            )
        };
        t.eq(
            "rectRotateIntersectsCircle",
            overlap_obb_circle(o, fc),
            cocos_rect_rotate_intersects_circle(&rect, angle, &circle),
            input,
        );
    }
    eprintln!("cocos2d-x rotated: {skipped} near-touching cases skipped");
    t.finish();
}

/// The cocos2d-x MainScene: a 180×72 sprite anchored at its corner (620, 300), rotated 45°
/// counter-clockwise (cocos2d-x setRotation(-45)), against a circle of radius 50. Expected
/// answers worked by hand in the box's frame: u = (√½, √½) along the width, v = (-√½, √½) along
/// the height, world = (620, 300) + U·u + V·v, the box spanning U in 0..180, V in 0..72.
#[test]
fn cocos_main_scene_rotated_rect_against_the_dragged_circle() {
    let rect = Rect::new(620.0, 300.0, 180.0, 72.0);
    let o = Obb::from_rect(rect, 45.0);
    let h = std::f32::consts::FRAC_1_SQRT_2;
    // Centre (U, V) = (90, 36): (620 + 54·√½, 300 + 126·√½) = (658.18, 389.10).
    assert!((o.center.x - 658.1838).abs() < 1e-3 && (o.center.y - 389.0955).abs() < 1e-3);
    assert_eq!(o.half, Vec2::new(90.0, 36.0));
    assert!((o.rot.c - h).abs() < 1e-7 && (o.rot.s - h).abs() < 1e-7);
    let hit = |x: f32, y: f32| overlap_obb_circle(o, Circle::new(x, y, 50.0));
    let at = |u: f32, v: f32| (620.0 + (u - v) * h, 300.0 + (u + v) * h);

    // The circle's start position (500, 300): U = -84.85, V = 84.85; nearest box point is the
    // corner (0, 72), 85.8 away. No hit.
    assert!(!hit(500.0, 300.0));
    // On the box's centre.
    assert!(hit(658.18, 389.10));
    // Beyond the far short side (U = 180 + 49 / 180 + 51, V = 36).
    let (x, y) = at(229.0, 36.0);
    assert!(hit(x, y), "({x}, {y})");
    let (x, y) = at(231.0, 36.0);
    assert!(!hit(x, y), "({x}, {y})");
    // Below the long side (U = 90, V = -49 / -51).
    let (x, y) = at(90.0, -49.0);
    assert!(hit(x, y), "({x}, {y})");
    let (x, y) = at(90.0, -51.0);
    assert!(!hit(x, y), "({x}, {y})");
    // The pivot corner (620, 300) is the box's lowest point: straight below it at 49 and 51.
    assert!(hit(620.0, 251.0));
    assert!(!hit(620.0, 249.0));
    // (740, 320) lies inside the rotated box's world bounding box (x 569..747, y 300..478) but
    // 70.7 below its long side (U = 99, V = -70.7): an unrotated test would say hit.
    assert!(!hit(740.0, 320.0));
    assert!(overlap_rect_circle(
        Rect::new(569.1, 300.0, 178.2, 178.2),
        Circle::new(740.0, 320.0, 50.0)
    ));
    // The game's own function agrees on every one of these.
    let r = R {
        x: 620.0,
        y: 300.0,
        w: 180.0,
        h: 72.0,
    };
    for (x, y) in [
        (500.0, 300.0),
        (658.18, 389.10),
        (620.0, 251.0),
        (620.0, 249.0),
        (740.0, 320.0),
    ] {
        let c = C { x, y, r: 50.0 };
        assert_eq!(
            hit(x as f32, y as f32),
            cocos_rect_rotate_intersects_circle(&r, 45.0, &c),
            "({x}, {y})"
        );
    }
}

// ---- GameLib (C++): integer squares given by centre and half size, strict. ----

#[derive(Clone, Copy, Debug)]
struct Object {
    x: i32,
    y: i32,
    half: i32,
}

impl Object {
    fn is_intersected(&self, o: &Object) -> bool {
        let (l, r) = (self.x - self.half, self.x + self.half);
        let (ol, or) = (o.x - o.half, o.x + o.half);
        if l < or && r > ol {
            let (t, b) = (self.y - self.half, self.y + self.half);
            let (ot, ob) = (o.y - o.half, o.y + o.half);
            if t < ob && b > ot {
                return true;
            }
        }
        false
    }

    fn rect(&self) -> RectI {
        RectI::new(
            self.x - self.half,
            self.y - self.half,
            2 * self.half,
            2 * self.half,
        )
    }
}

#[test]
fn gamelib_squares_are_strict_integer_rects() {
    let mut rng = Rng::new(54);
    let mut t = Tally::new("GameLib isIntersected");
    while t.cases < SCENE_CASES {
        let a = Object {
            x: rng.range(-1_000_000, 1_000_000) as i32,
            y: rng.range(-1_000_000, 1_000_000) as i32,
            half: rng.range(0, 1000) as i32,
        };
        let near =
            |rng: &mut Rng, v: i32, reach: i32| v + rng.range(-(reach as i64), reach as i64) as i32;
        let half = rng.range(0, 1000) as i32;
        let b = Object {
            x: near(&mut rng, a.x, a.half + half + 1),
            y: near(&mut rng, a.y, a.half + half + 1),
            half,
        };
        t.cases += 1;
        t.eq(
            "isIntersected",
            overlap_recti_recti(a.rect(), b.rect()),
            a.is_intersected(&b),
            || format!("{a:?} {b:?}"),
        );
    }
    t.finish();

    // The chapter's scene: gDynamics (16, 50, 16) and gStatic (100, 160, 16).
    let stat = Object {
        x: 100,
        y: 160,
        half: 16,
    };
    let mut dynamic = Object {
        x: 16,
        y: 160,
        half: 16,
    };
    assert!(!overlap_recti_recti(dynamic.rect(), stat.rect()));
    // Walk right one pixel per frame, undoing a move that collides (8.1.3's response).
    for _ in 0..200 {
        dynamic.x += 1;
        if overlap_recti_recti(dynamic.rect(), stat.rect()) {
            dynamic.x -= 1;
        }
    }
    // It stops flush: its right side 84 on the static square's left side 84.
    assert_eq!(dynamic.x, 68);
    assert!(!overlap_recti_recti(dynamic.rect(), stat.rect()));
    assert!(touch_recti_recti(dynamic.rect(), stat.rect()));
    let one_more = Object { x: 69, ..dynamic };
    assert!(overlap_recti_recti(one_more.rect(), stat.rect()));
}

// ---- L/R/T/B circle test (JavaScript): circle against L, R, T, B with corner regions, strict. ----

fn lrtb_collision(l: f64, r: f64, t: f64, b: f64, x: f64, y: f64, radius: f64) -> bool {
    if l - radius < x && r + radius > x && t < y && b > y {
        return true;
    }
    if l < x && r > x && t - radius < y && b + radius > y {
        return true;
    }
    let sq = |a: f64, b: f64| a * a + b * b;
    sq(l - x, t - y) < radius * radius
        || sq(r - x, t - y) < radius * radius
        || sq(l - x, b - y) < radius * radius
        || sq(r - x, b - y) < radius * radius
}

/// The game's own faster second version (rejects first).
fn lrtb_collision_fast(l: f64, r: f64, t: f64, b: f64, x: f64, y: f64, radius: f64) -> bool {
    if l - radius > x || r + radius < x || t - radius > y || b + radius < y {
        return false;
    }
    let rr = radius * radius;
    let sq = |a: f64, b: f64| a * a + b * b;
    if l > x && t > y && sq(l - x, t - y) >= rr {
        return false;
    }
    if r < x && t > y && sq(r - x, t - y) >= rr {
        return false;
    }
    if l > x && b < y && sq(l - x, b - y) >= rr {
        return false;
    }
    if r < x && b < y && sq(r - x, b - y) >= rr {
        return false;
    }
    true
}

#[test]
fn lrtb_circle_against_ltrb_including_corner_regions() {
    let mut rng = Rng::new(55);
    let mut t = Tally::new("L/R/T/B circle test collision");
    let mut fast_differs = 0u64;
    while t.cases < SCENE_CASES {
        let mag = rng.mag();
        let a = positive_rect(&mut rng, mag);
        let mut c = related_circle(&mut rng, a.bx(), mag);
        // The game's own band tests make a point (r = 0) strictly inside collide; the C API's r = 0
        // circle never overlaps strictly (checked below), so compare radii > 0.
        c.r = c.r.abs().max(1);
        if !(a.ok() && c.ok()) {
            continue;
        }
        t.cases += 1;
        let (bx, w) = (a.bx(), wide_circle(c));
        let (l, r, tp, b) = (
            g(bx.x0) as f64,
            g(bx.x1) as f64,
            g(bx.y0) as f64,
            g(bx.y1) as f64,
        );
        let ours = overlap_rect_circle(a.f(), c.f());
        let input = || format!("{a:?} {c:?}");
        t.eq(
            "collision",
            ours,
            lrtb_collision(l, r, tp, b, w.x, w.y, w.r),
            input,
        );
        // The faster version differs only on exactly touching circles (it lets a circle
        // touching a side through, and rejects one touching a corner).
        if lrtb_collision_fast(l, r, tp, b, w.x, w.y, w.r) != ours {
            fast_differs += 1;
            t.check(touch_rect_circle(a.f(), c.f()) && !ours, || {
                format!("fast version differs on a non-touching case: {}", input())
            });
        }
    }
    eprintln!(
        "L/R/T/B circle test: the fast version differs on {fast_differs} exactly touching cases"
    );
    t.finish();

    // L=0, R=100, T=0, B=50 (y down). A circle up-left of the top-left corner, 10 away from it:
    // inside the box grown by the radius (x > L - r, y > T - r), outside the corner's arc.
    let rect = Rect::new(0.0, 0.0, 100.0, 50.0);
    let near_corner = |r: f32| Circle::new(-6.0, -8.0, r);
    assert!(!overlap_rect_circle(rect, near_corner(9.9)));
    assert!(!touch_rect_circle(rect, near_corner(9.9)));
    assert!(!overlap_rect_circle(rect, near_corner(10.0)));
    assert!(touch_rect_circle(rect, near_corner(10.0)));
    assert!(overlap_rect_circle(rect, near_corner(10.1)));
    assert!(!lrtb_collision(0.0, 100.0, 0.0, 50.0, -6.0, -8.0, 9.9));
    // r = 0 strictly inside: the game's own first band test says hit; a zero-radius circle only
    // touches (the C API's rule), so the library says no overlap, yes touch.
    assert!(lrtb_collision(0.0, 100.0, 0.0, 50.0, 50.0, 25.0, 0.0));
    assert!(!overlap_rect_circle(rect, Circle::new(50.0, 25.0, 0.0)));
    assert!(touch_rect_circle(rect, Circle::new(50.0, 25.0, 0.0)));
    // Beside a side: in the side band, strict at exactly r.
    assert!(!overlap_rect_circle(rect, Circle::new(110.0, 25.0, 10.0)));
    assert!(overlap_rect_circle(rect, Circle::new(109.0, 25.0, 10.0)));
}

// ---- Bad input (the C API's rules), boundary rules for sizes and radii, rotations. ----

const SPECIALS: [f32; 12] = [
    0.0,
    -0.0,
    1.0,
    -3.5,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    1e-45,
    16384.0,
];

fn special(rng: &mut Rng) -> f32 {
    if rng.chance(1, 2) {
        rng.pick(&SPECIALS)
    } else {
        rng.float(-10.0, 10.0) as f32
    }
}

/// Every predicate and contact on random mixes of NaN, infinities, extremes and ordinary values:
/// never a panic; any NaN gives false/None; strict implies closed; symmetric pairs stay
/// symmetric; collide answers overlap.
#[test]
fn bad_input_gets_defined_answers() {
    let mut rng = Rng::new(56);
    let mut t = Tally::new("bad input");
    let mut nan_cases = 0u64;
    while t.cases < 200_000 {
        t.cases += 1;
        let mut v = [0.0f32; 16];
        for x in v.iter_mut() {
            *x = special(&mut rng);
        }
        let has_nan = |s: &[f32]| s.iter().any(|x| x.is_nan());
        let ra = Rect::new(v[0], v[1], v[2], v[3]);
        let rb = Rect::new(v[4], v[5], v[6], v[7]);
        let ca = Circle::new(v[8], v[9], v[10]);
        let cb = Circle::new(v[11], v[12], v[13]);
        let p = Vec2::new(v[14], v[15]);
        let oa = Obb::new(
            Vec2::new(v[0], v[1]),
            Vec2::new(v[2], v[3]),
            Rot { c: v[8], s: v[9] },
        );
        let ob = Obb::new(
            Vec2::new(v[4], v[5]),
            Vec2::new(v[6], v[7]),
            Rot { c: v[13], s: v[12] },
        );
        let sa = Segment::new(Vec2::new(v[0], v[1]), Vec2::new(v[14], v[15]));
        let sb = Segment::new(Vec2::new(v[4], v[5]), Vec2::new(v[10], v[11]));
        let input = || format!("{v:?}");
        let (n_ra, n_rb) = (has_nan(&v[0..4]), has_nan(&v[4..8]));
        let (n_ca, n_cb, n_p) = (has_nan(&v[8..11]), has_nan(&v[11..14]), has_nan(&v[14..16]));
        let n_oa = has_nan(&[v[0], v[1], v[2], v[3], v[8], v[9]]);
        let n_ob = has_nan(&[v[4], v[5], v[6], v[7], v[13], v[12]]);
        let n_sa = has_nan(&[v[0], v[1], v[14], v[15]]);
        let n_sb = has_nan(&[v[4], v[5], v[10], v[11]]);
        nan_cases += (n_ra || n_rb || n_ca || n_cb || n_p) as u64;

        let mut pair = |name: &str, o: bool, c: bool, nan: bool| {
            t.check(!o || c, || {
                format!("{name}: strict without closed: {}", input())
            });
            if nan {
                t.check(!o && !c, || format!("{name}: true with a NaN: {}", input()));
            }
        };
        pair(
            "rect_rect",
            overlap_rect_rect(ra, rb),
            touch_rect_rect(ra, rb),
            n_ra || n_rb,
        );
        pair(
            "circle_circle",
            overlap_circle_circle(ca, cb),
            touch_circle_circle(ca, cb),
            n_ca || n_cb,
        );
        pair(
            "rect_circle",
            overlap_rect_circle(ra, ca),
            touch_rect_circle(ra, ca),
            n_ra || n_ca,
        );
        pair(
            "point_rect",
            overlap_point_rect(p, ra),
            touch_point_rect(p, ra),
            n_p || n_ra,
        );
        pair(
            "point_circle",
            overlap_point_circle(p, ca),
            touch_point_circle(p, ca),
            n_p || n_ca,
        );
        pair(
            "obb_circle",
            overlap_obb_circle(oa, cb),
            touch_obb_circle(oa, cb),
            n_oa || n_cb,
        );
        pair(
            "obb_rect",
            overlap_obb_rect(oa, rb),
            touch_obb_rect(oa, rb),
            n_oa || n_rb,
        );
        pair(
            "obb_obb",
            overlap_obb_obb(oa, ob),
            touch_obb_obb(oa, ob),
            n_oa || n_ob,
        );
        pair(
            "point_obb",
            overlap_point_obb(p, oa),
            touch_point_obb(p, oa),
            n_p || n_oa,
        );
        let seg = [
            (
                "segment_segment",
                intersect_segment_segment(sa, sb),
                n_sa || n_sb,
            ),
            ("segment_rect", intersect_segment_rect(sa, rb), n_sa || n_rb),
            (
                "segment_circle",
                intersect_segment_circle(sa, cb),
                n_sa || n_cb,
            ),
            ("segment_obb", intersect_segment_obb(sa, ob), n_sa || n_ob),
        ];
        for (name, got, nan) in seg {
            if nan {
                t.check(!got, || format!("{name}: true with a NaN: {}", input()));
            }
        }
        t.eq(
            "rect_rect symmetric",
            overlap_rect_rect(rb, ra),
            overlap_rect_rect(ra, rb),
            input,
        );
        t.eq(
            "circle_circle symmetric",
            touch_circle_circle(cb, ca),
            touch_circle_circle(ca, cb),
            input,
        );
        t.eq(
            "obb_obb symmetric",
            overlap_obb_obb(ob, oa),
            overlap_obb_obb(oa, ob),
            input,
        );
        t.eq(
            "segment_segment symmetric",
            intersect_segment_segment(sb, sa),
            intersect_segment_segment(sa, sb),
            input,
        );
        let contacts = [
            (
                "collide_rect_rect",
                collide_rect_rect(ra, rb).is_some(),
                overlap_rect_rect(ra, rb),
            ),
            (
                "collide_circle_circle",
                collide_circle_circle(ca, cb).is_some(),
                overlap_circle_circle(ca, cb),
            ),
            (
                "collide_rect_circle",
                collide_rect_circle(ra, ca).is_some(),
                overlap_rect_circle(ra, ca),
            ),
            (
                "collide_obb_circle",
                collide_obb_circle(oa, cb).is_some(),
                overlap_obb_circle(oa, cb),
            ),
            (
                "collide_obb_rect",
                collide_obb_rect(oa, rb).is_some(),
                overlap_obb_rect(oa, rb),
            ),
            (
                "collide_obb_obb",
                collide_obb_obb(oa, ob).is_some(),
                overlap_obb_obb(oa, ob),
            ),
            (
                "intersection_rect",
                intersection_rect(ra, rb).is_some(),
                overlap_rect_rect(ra, rb),
            ),
        ];
        for (name, got, want) in contacts {
            t.eq(name, got, want, input);
        }
        // Distances: NaN in, NaN out; otherwise never negative.
        let distances = [
            (
                "distance_rect_rect",
                distance_rect_rect(ra, rb),
                n_ra || n_rb,
            ),
            (
                "distance_circle_circle",
                distance_circle_circle(ca, cb),
                n_ca || n_cb,
            ),
            (
                "distance_rect_circle",
                distance_rect_circle(ra, ca),
                n_ra || n_ca,
            ),
            (
                "distance_obb_circle",
                distance_obb_circle(oa, cb),
                n_oa || n_cb,
            ),
            ("distance_obb_rect", distance_obb_rect(oa, rb), n_oa || n_rb),
            ("distance_obb_obb", distance_obb_obb(oa, ob), n_oa || n_ob),
        ];
        for (name, d, nan) in distances {
            if nan {
                t.check(d.is_nan(), || format!("{name} {d} with a NaN: {}", input()));
            } else {
                t.check(d >= 0.0 || d.is_nan(), || {
                    format!("{name} {d} negative: {}", input())
                });
            }
        }
        // Closest points only need to be defined (no panic).
        let _ = (
            closest_point_rect(ra, p),
            closest_point_obb(oa, p),
            closest_point_segment(sa, p),
        );
    }
    eprintln!("bad input: {nan_cases} cases had a NaN in a rect, circle or point");
    t.finish();
}

/// NaN in each single field of each shape, all else ordinary and overlapping: always false.
#[test]
fn a_nan_in_any_field_makes_every_predicate_false() {
    let nan = f32::NAN;
    let rect = |i: usize| {
        let mut v = [0.0f32, 0.0, 4.0, 4.0];
        if i < 4 {
            v[i] = nan;
        }
        Rect::new(v[0], v[1], v[2], v[3])
    };
    let circle = |i: usize| {
        let mut v = [2.0f32, 2.0, 3.0];
        if i < 3 {
            v[i] = nan;
        }
        Circle::new(v[0], v[1], v[2])
    };
    let obb = |i: usize| {
        let mut v = [2.0f32, 2.0, 2.0, 2.0, 1.0, 0.0];
        if i < 6 {
            v[i] = nan;
        }
        Obb::new(
            Vec2::new(v[0], v[1]),
            Vec2::new(v[2], v[3]),
            Rot { c: v[4], s: v[5] },
        )
    };
    let point = |i: usize| {
        let mut v = [2.0f32, 2.0];
        if i < 2 {
            v[i] = nan;
        }
        Vec2::new(v[0], v[1])
    };
    let segment = |i: usize| {
        let mut v = [0.0f32, 0.0, 4.0, 4.0];
        if i < 4 {
            v[i] = nan;
        }
        Segment::new(Vec2::new(v[0], v[1]), Vec2::new(v[2], v[3]))
    };
    const OK: usize = 99;
    // Sanity: with no NaN everything here overlaps.
    assert!(overlap_rect_rect(rect(OK), rect(OK)) && overlap_obb_circle(obb(OK), circle(OK)));
    assert!(intersect_segment_circle(segment(OK), circle(OK)));
    for i in 0..6 {
        let (r, c, o, p, s) = (rect(i), circle(i), obb(i), point(i), segment(i));
        let (r0, c0, o0, p0, s0) = (rect(OK), circle(OK), obb(OK), point(OK), segment(OK));
        let all = [
            (
                i < 4,
                "rect_rect",
                overlap_rect_rect(r, r0) || touch_rect_rect(r0, r),
            ),
            (
                i < 3,
                "circle_circle",
                overlap_circle_circle(c, c0) || touch_circle_circle(c0, c),
            ),
            (
                i < 4,
                "rect_circle r",
                overlap_rect_circle(r, c0) || touch_rect_circle(r, c0),
            ),
            (
                i < 3,
                "rect_circle c",
                overlap_rect_circle(r0, c) || touch_rect_circle(r0, c),
            ),
            (
                i < 2,
                "point_rect p",
                touch_point_rect(p, r0) || overlap_point_rect(p, r0),
            ),
            (i < 4, "point_rect r", touch_point_rect(p0, r)),
            (i < 2, "point_circle p", touch_point_circle(p, c0)),
            (i < 3, "point_circle c", touch_point_circle(p0, c)),
            (
                i < 6,
                "obb_circle o",
                touch_obb_circle(o, c0) || overlap_obb_circle(o, c0),
            ),
            (i < 3, "obb_circle c", touch_obb_circle(o0, c)),
            (
                i < 6,
                "obb_rect o",
                touch_obb_rect(o, r0) || overlap_obb_rect(o, r0),
            ),
            (i < 4, "obb_rect r", touch_obb_rect(o0, r)),
            (
                i < 6,
                "obb_obb",
                touch_obb_obb(o, o0) || touch_obb_obb(o0, o),
            ),
            (i < 2, "point_obb p", touch_point_obb(p, o0)),
            (i < 6, "point_obb o", touch_point_obb(p0, o)),
            (i < 4, "segment_segment", intersect_segment_segment(s, s0)),
            (i < 4, "segment_rect s", intersect_segment_rect(s, r0)),
            (i < 4, "segment_rect r", intersect_segment_rect(s0, r)),
            (i < 4, "segment_circle s", intersect_segment_circle(s, c0)),
            (i < 3, "segment_circle c", intersect_segment_circle(s0, c)),
            (i < 4, "segment_obb s", intersect_segment_obb(s, o0)),
            (i < 6, "segment_obb o", intersect_segment_obb(s0, o)),
            (
                i < 4,
                "collide_rect_rect",
                collide_rect_rect(r, r0).is_some(),
            ),
            (
                i < 3,
                "collide_circle_circle",
                collide_circle_circle(c0, c).is_some(),
            ),
            (
                i < 4,
                "collide_rect_circle",
                collide_rect_circle(r, c0).is_some(),
            ),
            (
                i < 6,
                "collide_obb_circle",
                collide_obb_circle(o, c0).is_some(),
            ),
            (i < 6, "collide_obb_rect", collide_obb_rect(o, r0).is_some()),
            (i < 6, "collide_obb_obb", collide_obb_obb(o0, o).is_some()),
            (
                i < 4,
                "intersection_rect",
                intersection_rect(r0, r).is_some(),
            ),
        ];
        for (applies, name, got) in all {
            if applies {
                assert!(!got, "{name} with NaN in field {i}");
            }
        }
    }
}

#[test]
fn infinities_get_the_extended_real_answer() {
    let inf = f32::INFINITY;
    let unit = Rect::new(0.0, 0.0, 1.0, 1.0);
    // A rect running to +inf overlaps everything to its right that it spans vertically.
    let ray = Rect::new(0.0, 0.0, inf, 1.0);
    assert!(overlap_rect_rect(ray, Rect::new(1e30, 0.0, 1.0, 1.0)));
    assert!(overlap_rect_rect(Rect::new(1e30, 0.0, 1.0, 1.0), ray));
    assert!(!overlap_rect_rect(ray, Rect::new(-2.0, 0.0, 1.0, 1.0)));
    // A point at infinity is in no finite shape.
    let far = Vec2::new(inf, 0.5);
    assert!(!touch_point_rect(far, unit));
    assert!(!touch_point_circle(far, Circle::new(0.0, 0.0, 1e30)));
    assert!(!touch_point_obb(far, obb_of_rect(unit)));
    // An infinite radius covers every finite point (d² < inf).
    assert!(overlap_point_circle(
        Vec2::new(1e30, -1e30),
        Circle::new(0.0, 0.0, inf)
    ));
    assert!(overlap_rect_circle(unit, Circle::new(1e30, 0.0, inf)));
    // x = -inf with w = +inf has no defined extent (x + w is NaN): no answer is true.
    let undefined = Rect::new(-inf, 0.0, inf, 1.0);
    assert!(!touch_rect_rect(undefined, unit));
    // Huge finite values do not overflow: f32::MAX + f32::MAX is finite in the wide arithmetic.
    let huge = Rect::new(f32::MAX, f32::MAX, f32::MAX, f32::MAX);
    assert!(overlap_rect_rect(huge, huge));
    assert!(!overlap_rect_rect(huge, unit));
    let big = Circle::new(f32::MAX, 0.0, f32::MAX);
    assert!(touch_circle_circle(
        big,
        Circle::new(-f32::MAX, 0.0, f32::MAX)
    ));
    assert!(!overlap_circle_circle(
        big,
        Circle::new(-f32::MAX, 0.0, f32::MAX)
    ));
}

#[test]
fn integer_extremes_never_overflow() {
    let (min, max) = (i32::MIN, i32::MAX);
    // Spanning the whole range from both ends.
    let left = RectI::new(min, min, max, max); // min .. -1
    let right = RectI::new(max, max, min, min); // -1 .. max
    assert!(touch_recti_recti(left, right));
    assert!(!overlap_recti_recti(left, right));
    let whole = RectI::new(min, min, -1, -1); // min-1 .. min, i.e. below the i32 range by one
    assert!(touch_recti_recti(whole, RectI::new(min, min, 0, 0)));
    assert!(!overlap_recti_recti(whole, RectI::new(min, min, 0, 0)));
    // Circles as far apart as i32 allows, radii summing to exactly the distance.
    let a = CircleI::new(min, 0, max);
    let b = CircleI::new(max, 0, max);
    // Distance 2^32 - 1, radii sum 2^32 - 2: a gap of one.
    assert!(!touch_circlei_circlei(a, b));
    let b = CircleI::new(max, 0, max);
    let a2 = CircleI::new(min, 0, max); // same
    assert_eq!(touch_circlei_circlei(a2, b), touch_circlei_circlei(b, a2));
    let c = CircleI::new(min + 1, 0, max);
    assert!(touch_circlei_circlei(c, b) && !overlap_circlei_circlei(c, b));
    // 3-4-5 at the largest scale that fits: distance 5k exactly r1 + r2.
    let k = max / 5;
    let p = CircleI::new(min / 2, min / 2, 2 * k);
    let q = CircleI::new(min / 2 + 3 * k, min / 2 + 4 * k, 3 * k);
    assert!(touch_circlei_circlei(p, q) && !overlap_circlei_circlei(p, q));
    let q1 = CircleI::new(q.x, q.y, q.r + 1);
    assert!(overlap_circlei_circlei(p, q1));
    // A rect at the corner of the range against a circle at the other corner with r = MAX.
    let r = RectI::new(max, max, 0, 0);
    assert!(!touch_recti_circlei(r, CircleI::new(min, min, max)));
    assert!(touch_recti_circlei(
        RectI::new(0, 0, 0, 0),
        CircleI::new(max, 0, max)
    ));
    assert!(!overlap_recti_circlei(
        RectI::new(0, 0, 0, 0),
        CircleI::new(max, 0, max)
    ));
    // Negative radius: empty even at the extremes.
    assert!(!touch_recti_circlei(left, CircleI::new(0, 0, -1)));
    assert!(!touch_circlei_circlei(
        CircleI::new(0, 0, min),
        CircleI::new(0, 0, max)
    ));
}

#[test]
fn negative_sizes_answer_as_the_normalised_rect() {
    let flipped = Rect::new(10.0, 10.0, -10.0, -10.0);
    let normal = Rect::new(0.0, 0.0, 10.0, 10.0);
    assert_eq!(flipped.normalized(), normal);
    let others = [
        Rect::new(10.0, 0.0, 5.0, 5.0),
        Rect::new(9.0, 9.0, 5.0, 5.0),
        Rect::new(-5.0, 3.0, 5.0, 2.0),
        Rect::new(11.0, 11.0, -2.0, 3.0),
    ];
    for o in others {
        assert_eq!(
            overlap_rect_rect(flipped, o),
            overlap_rect_rect(normal, o),
            "{o:?}"
        );
        assert_eq!(
            touch_rect_rect(flipped, o),
            touch_rect_rect(normal, o),
            "{o:?}"
        );
        assert_eq!(
            intersection_rect(flipped, o),
            intersection_rect(normal, o),
            "{o:?}"
        );
        assert_eq!(
            distance_rect_rect(flipped, o),
            distance_rect_rect(normal, o),
            "{o:?}"
        );
    }
    for c in [
        Circle::new(13.0, 14.0, 5.0),
        Circle::new(5.0, 5.0, 1.0),
        Circle::new(-1.0, 5.0, 1.0),
    ] {
        assert_eq!(
            overlap_rect_circle(flipped, c),
            overlap_rect_circle(normal, c)
        );
        assert_eq!(touch_rect_circle(flipped, c), touch_rect_circle(normal, c));
        assert_eq!(
            collide_rect_circle(flipped, c),
            collide_rect_circle(normal, c)
        );
    }
    for p in [
        Vec2::new(10.0, 5.0),
        Vec2::new(5.0, 5.0),
        Vec2::new(0.0, 0.0),
    ] {
        assert_eq!(touch_point_rect(p, flipped), touch_point_rect(p, normal));
        assert_eq!(
            overlap_point_rect(p, flipped),
            overlap_point_rect(p, normal)
        );
        assert_eq!(
            closest_point_rect(flipped, p),
            closest_point_rect(normal, p)
        );
    }
    // Negative half extents of an OBB are read as their absolute values.
    let o = Obb::new(Vec2::new(5.0, 5.0), Vec2::new(-5.0, -5.0), Rot::identity());
    assert!(touch_obb_rect(o, Rect::new(10.0, 0.0, 1.0, 1.0)));
    assert!(!overlap_obb_rect(o, Rect::new(10.0, 0.0, 1.0, 1.0)));
    assert!(overlap_obb_rect(o, Rect::new(9.0, 0.0, 1.0, 1.0)));
}

#[test]
fn negative_radius_is_empty_and_zero_radius_is_a_point() {
    let r = Rect::new(0.0, 0.0, 10.0, 10.0);
    let o = obb_of_rect(r);
    let s = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 10.0));
    for radius in [-1.0f32, -0.0039, -1e30, f32::NEG_INFINITY] {
        let e = Circle::new(5.0, 5.0, radius);
        assert!(!touch_rect_circle(r, e) && !overlap_rect_circle(r, e));
        assert!(
            !touch_circle_circle(e, e) && !touch_circle_circle(e, Circle::new(5.0, 5.0, 100.0))
        );
        assert!(!touch_point_circle(Vec2::new(5.0, 5.0), e));
        assert!(!touch_obb_circle(o, e));
        assert!(!intersect_segment_circle(s, e));
        assert!(collide_rect_circle(r, e).is_none() && collide_circle_circle(e, e).is_none());
    }
    assert!(!touch_circlei_circlei(
        CircleI::new(0, 0, -1),
        CircleI::new(0, 0, 5)
    ));
    assert!(!touch_recti_circlei(
        RectI::new(0, 0, 10, 10),
        CircleI::new(5, 5, -1)
    ));

    // r = 0: touches where the point is in the closed shape, never overlaps.
    for c in [
        Circle::new(5.0, 5.0, 0.0),
        Circle::new(10.0, 3.0, 0.0),
        Circle::new(0.0, 0.0, 0.0),
    ] {
        assert!(
            touch_rect_circle(r, c) && !overlap_rect_circle(r, c),
            "{c:?}"
        );
        assert!(touch_obb_circle(o, c) && !overlap_obb_circle(o, c), "{c:?}");
        assert!(
            touch_circle_circle(c, c) && !overlap_circle_circle(c, c),
            "{c:?}"
        );
        assert!(touch_point_circle(c.center(), c) && !overlap_point_circle(c.center(), c));
        assert!(collide_rect_circle(r, c).is_none());
    }
    assert!(intersect_segment_circle(s, Circle::new(5.0, 5.0, 0.0)));
    assert!(!intersect_segment_circle(
        s,
        Circle::new(5.0, 5.0 + 1.0 / 256.0, 0.0)
    ));
    let pi = CircleI::new(5, 5, 0);
    assert!(touch_recti_circlei(RectI::new(0, 0, 10, 10), pi));
    assert!(!overlap_recti_circlei(RectI::new(0, 0, 10, 10), pi));
    assert!(touch_circlei_circlei(pi, pi) && !overlap_circlei_circlei(pi, pi));
}

#[test]
fn rotations_at_right_angles_are_exact_and_others_are_normalised() {
    assert_eq!(Rot::from_degrees(0.0), Rot { c: 1.0, s: 0.0 });
    assert_eq!(Rot::from_degrees(90.0), Rot { c: 0.0, s: 1.0 });
    assert_eq!(Rot::from_degrees(180.0), Rot { c: -1.0, s: 0.0 });
    assert_eq!(Rot::from_degrees(270.0), Rot { c: 0.0, s: -1.0 });
    assert_eq!(Rot::from_degrees(-90.0), Rot { c: 0.0, s: -1.0 });
    assert_eq!(Rot::from_degrees(450.0), Rot { c: 0.0, s: 1.0 });
    assert_eq!(Rot::from_degrees(-720.0), Rot { c: 1.0, s: 0.0 });
    assert_eq!(Rot::from_degrees(90.0 * 1048576.0), Rot { c: 1.0, s: 0.0 });
    let r = Rot::from_degrees(f32::NAN);
    assert!(r.c.is_nan() && r.s.is_nan());
    let r45 = Rot::from_degrees(45.0);
    assert!((r45.c - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-7 && r45.c == r45.s);
    let rr = Rot::from_radians(std::f32::consts::FRAC_PI_2);
    assert!(rr.c.abs() < 1e-7 && rr.s == 1.0);

    // A box turned 90° on the grid: the flush neighbour touches and does not overlap, exactly.
    let o = Obb::new(
        Vec2::new(0.0, 0.0),
        Vec2::new(3.0, 1.0),
        Rot::from_degrees(90.0),
    );
    // Turned, it spans x in -1..1 and y in -3..3.
    assert!(touch_obb_rect(o, Rect::new(1.0, -3.0, 2.0, 6.0)));
    assert!(!overlap_obb_rect(o, Rect::new(1.0, -3.0, 2.0, 6.0)));
    assert!(overlap_obb_rect(
        o,
        Rect::new(1.0 - 1.0 / 256.0, -3.0, 2.0, 6.0)
    ));
    assert!(touch_point_obb(Vec2::new(1.0, 3.0), o) && !overlap_point_obb(Vec2::new(1.0, 3.0), o));

    // Non-unit rotations are normalised: (0, 5) is 90°, (3, 4) is the same as (0.6, 0.8).
    let scaled = Obb {
        rot: Rot { c: 0.0, s: 5.0 },
        ..o
    };
    assert!(touch_obb_rect(scaled, Rect::new(1.0, -3.0, 2.0, 6.0)));
    assert!(!overlap_obb_rect(scaled, Rect::new(1.0, -3.0, 2.0, 6.0)));
    let unit = Obb {
        rot: Rot { c: 0.6, s: 0.8 },
        ..o
    };
    let big = Obb {
        rot: Rot { c: 3.0, s: 4.0 },
        ..o
    };
    let tiny = Obb {
        rot: Rot { c: 0.003, s: 0.004 },
        ..o
    };
    let mut rng = Rng::new(57);
    for _ in 0..10_000 {
        let p = Vec2::new(rng.float(-4.0, 4.0) as f32, rng.float(-4.0, 4.0) as f32);
        // Skip points within 1e-4 of the boundary, where rounding of 0.6/0.8 may decide.
        let (lx, ly) = (
            0.6 * p.x as f64 + 0.8 * p.y as f64,
            0.6 * p.y as f64 - 0.8 * p.x as f64,
        );
        if ((lx.abs() - 3.0).abs() < 1e-4 && ly.abs() <= 1.0)
            || ((ly.abs() - 1.0).abs() < 1e-4 && lx.abs() <= 3.0)
        {
            continue;
        }
        let want = touch_point_obb(p, unit);
        assert_eq!(touch_point_obb(p, big), want, "{p:?}");
        assert_eq!(touch_point_obb(p, tiny), want, "{p:?}");
    }
    // (0, 0) reads as no rotation; non-finite rotations answer no.
    let none = Obb {
        rot: Rot { c: 0.0, s: 0.0 },
        ..o
    };
    assert!(
        touch_point_obb(Vec2::new(3.0, 1.0), none) && !touch_point_obb(Vec2::new(1.0, 3.0), none)
    );
    let bad = Obb {
        rot: Rot {
            c: f32::INFINITY,
            s: 0.0,
        },
        ..o
    };
    assert!(!touch_point_obb(Vec2::new(0.0, 0.0), bad));
}

#[test]
fn obb_from_rect_turns_about_the_corner() {
    let r = Rect::new(10.0, 20.0, 30.0, 40.0);
    // Centre = (x, y) + R·(w/2, h/2).
    let o = Obb::from_rect(r, 0.0);
    assert_eq!(
        (o.center, o.half, o.rot),
        (
            Vec2::new(25.0, 40.0),
            Vec2::new(15.0, 20.0),
            Rot::identity()
        )
    );
    let o = Obb::from_rect(r, 90.0); // R·(15, 20) = (-20, 15)
    assert_eq!(
        (o.center, o.half, o.rot),
        (
            Vec2::new(-10.0, 35.0),
            Vec2::new(15.0, 20.0),
            Rot { c: 0.0, s: 1.0 }
        )
    );
    let o = Obb::from_rect(r, 180.0);
    assert_eq!(o.center, Vec2::new(-5.0, 0.0));
    let o = Obb::from_rect(r, -90.0); // R·(15, 20) = (20, -15)
    assert_eq!(o.center, Vec2::new(30.0, 5.0));
    // A negative width reaches the other way from the same corner; half extents stay positive.
    let o = Obb::from_rect(Rect::new(10.0, 20.0, -30.0, 40.0), 0.0);
    assert_eq!(
        (o.center, o.half),
        (Vec2::new(-5.0, 40.0), Vec2::new(15.0, 20.0))
    );

    // At every quarter turn, on the grid, from_rect answers exactly as the rect turned about its
    // corner, computed here by hand: 90° maps (w, h) to x in x-h..x, y in y..y+w, and so on.
    let mut rng = Rng::new(58);
    let mut t = Tally::new("obb_from_rect quarter turns");
    while t.cases < 100_000 {
        let mag = SMALL;
        let a = positive_rect(&mut rng, mag);
        let k = rng.below(4) as i64;
        let turned = match k {
            0 => IBox {
                x0: a.x,
                x1: a.x + a.w,
                y0: a.y,
                y1: a.y + a.h,
            },
            1 => IBox {
                x0: a.x - a.h,
                x1: a.x,
                y0: a.y,
                y1: a.y + a.w,
            },
            2 => IBox {
                x0: a.x - a.w,
                x1: a.x,
                y0: a.y - a.h,
                y1: a.y,
            },
            _ => IBox {
                x0: a.x,
                x1: a.x + a.h,
                y0: a.y - a.w,
                y1: a.y,
            },
        };
        let b = related_rect(&mut rng, turned, mag);
        let c = related_circle(&mut rng, turned, mag);
        let p = related_point(&mut rng, turned);
        t.cases += 1;
        let o = Obb::from_rect(a.f(), 90.0 * k as f32);
        let input = || format!("{a:?} turned {k} quarter(s) vs {b:?} {c:?} {p:?}");
        for closed in [false, true] {
            let (ro, co, po) = if closed {
                (
                    touch_obb_rect(o, b.f()),
                    touch_obb_circle(o, c.f()),
                    touch_point_obb(pt(p.0, p.1), o),
                )
            } else {
                (
                    overlap_obb_rect(o, b.f()),
                    overlap_obb_circle(o, c.f()),
                    overlap_point_obb(pt(p.0, p.1), o),
                )
            };
            t.eq(
                "obb_rect",
                ro,
                common::oracle::box_box(closed, turned, b.bx()),
                input,
            );
            t.eq(
                "obb_circle",
                co,
                common::oracle::box_circle(closed, turned, c),
                input,
            );
            t.eq(
                "point_obb",
                po,
                common::oracle::point_box(closed, p, turned),
                input,
            );
        }
    }
    t.finish();
}
