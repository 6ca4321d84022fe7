//! Sweeps at extreme size ratios: a mover 1e-30, 1e-38 or one subnormal step (1.4e-45) thick
//! against targets some 2^100 times larger, and the reverse. A slab bound such as
//! `b.y - (a.y + a.h)` is then not exact in f64; rounded, an entry a hair before `t = 1` became
//! "ending in contact" and the sweep missed a shape its end overlaps (and `move_rect` stopped a
//! few millionths short with no hit reported). The promise kept here: a sweep never misses a
//! target that the predicate sees its end (or any position on the way) overlap, at any size
//! ratio.

mod common;

use collide2d::*;
use common::{overlap_beyond_band, Rng};

/// The sizes the promise is checked at: tiny, at the bottom of the normal range, subnormal.
const THIN: [f32; 3] = [1.0e-30, 1.0e-38, 1.0e-45];

fn end_of(p: Vec2, d: Vec2) -> Vec2 {
    Vec2::new(p.x + d.x, p.y + d.y)
}

fn moved(r: Rect, p: Vec2) -> Rect {
    Rect::new(p.x, p.y, r.w, r.h)
}

/// The checks every rect-rect hit that does not start overlapping must pass.
fn assert_safe_hit(a: Rect, d: Vec2, b: Rect, h: Hit) {
    assert!(h.t > 0.99 && h.t < 1.0, "t {} for {a:?} {d:?} {b:?}", h.t);
    assert!(
        !overlap_rect_rect(moved(a, h.pos), b),
        "pos {:?} overlaps",
        h.pos
    );
    let at_t = Vec2::new(a.x + h.t * d.x, a.y + h.t * d.y);
    assert!(
        !overlap_rect_rect(moved(a, at_t), b),
        "a + t*delta overlaps"
    );
}

#[test]
fn a_thin_rect_ending_inside_a_wall_by_exactly_its_height_is_hit() {
    // A rect at y = -90 moving (-45, 90): at its end (0, 0) it lies along the bottom face of
    // the wall, inside it by exactly its height. At y = -90, f64 rounds -90 + h to -90.
    for h in THIN {
        let a = Rect::new(45.0, -90.0, 10.0, h);
        let d = Vec2::new(-45.0, 90.0);
        let b = Rect::new(-5.0, 0.0, 20.0, 10.0);
        assert!(overlap_rect_rect(
            moved(a, end_of(Vec2::new(a.x, a.y), d)),
            b
        ));
        let hit = sweep_rect_rect(a, d, b).unwrap_or_else(|| panic!("height {h:e}: missed"));
        assert_safe_hit(a, d, b, hit);
        assert_eq!(hit.normal, Vec2::new(0.0, -1.0), "height {h:e}");
        // Flush: the exact contact height -h is an f32.
        assert_eq!(hit.pos.y, -h, "height {h:e}");

        // The move stops flush below the wall and says why.
        let (p, info) = move_rect(a, d, &[b], Response::Touch);
        assert_eq!(info.count, 1, "height {h:e}: no hit reported");
        assert_eq!(p, hit.pos, "height {h:e}");
        assert!(!overlap_rect_rect(moved(a, p), b));
    }
}

#[test]
fn a_thin_rect_ending_inside_a_wall_by_exactly_its_width_is_hit() {
    for w in THIN {
        let a = Rect::new(-90.0, 45.0, w, 10.0);
        let d = Vec2::new(90.0, -45.0);
        let b = Rect::new(0.0, -5.0, 10.0, 20.0);
        assert!(overlap_rect_rect(
            moved(a, end_of(Vec2::new(a.x, a.y), d)),
            b
        ));
        let hit = sweep_rect_rect(a, d, b).unwrap_or_else(|| panic!("width {w:e}: missed"));
        assert_safe_hit(a, d, b, hit);
        assert_eq!(hit.normal, Vec2::new(-1.0, 0.0), "width {w:e}");
        assert_eq!(hit.pos.x, -w, "width {w:e}");
        let (p, info) = move_rect(a, d, &[b], Response::Slide);
        assert_eq!(info.count, 1, "width {w:e}: no hit reported");
        assert!(!overlap_rect_rect(moved(a, p), b));
        assert_eq!(p, Vec2::new(-w, 0.0), "width {w:e}: slid to {p:?}");
    }
}

#[test]
fn a_negative_thin_height_spans_downward_and_is_hit_too() {
    for h in THIN {
        // y + h..y with h < 0: the rect spans -90 - |h| .. -90 at the start, -|h| .. 0 at the end,
        // so it ends touching the wall only; lifted by |h| more it ends inside.
        let a = Rect::new(45.0, -90.0, 10.0, -h);
        let d = Vec2::new(-45.0, 90.0);
        let b = Rect::new(-5.0, 0.0, 20.0, 10.0);
        assert!(
            sweep_rect_rect(a, d, b).is_none(),
            "height {h:e}: ending in contact"
        );
        let b = Rect::new(-5.0, -h, 20.0, 10.0);
        let end = moved(a, end_of(Vec2::new(a.x, a.y), d));
        assert!(overlap_rect_rect(end, b));
        let hit = sweep_rect_rect(a, d, b).unwrap_or_else(|| panic!("height {h:e}: missed"));
        assert_safe_hit(a, d, b, hit);
    }
}

#[test]
fn a_large_rect_landing_on_a_ledge_thinner_than_f64_can_add_is_hit() {
    // The ledge spans 90 .. 90 + h; the falling box's bottom reaches exactly 90, inside the ledge
    // by h. The predicate rounds 90 + h to 90 and sees them touching; in real numbers they
    // overlap, so the sweep hits (just before the end) and the box stops above the ledge.
    for h in THIN {
        let a = Rect::new(45.0, 180.0, 10.0, 10.0);
        let d = Vec2::new(-45.0, -90.0);
        let b = Rect::new(0.0, 90.0, 10.0, h);
        let hit = sweep_rect_rect(a, d, b).unwrap_or_else(|| panic!("ledge {h:e}: missed"));
        assert_safe_hit(a, d, b, hit);
        assert_eq!(hit.normal, Vec2::new(0.0, 1.0));
        assert!(hit.pos.y > 90.0, "stopped at {:?}", hit.pos);
    }
}

#[test]
fn a_tiny_circle_ending_with_its_centre_on_a_face_is_hit() {
    // Its centre ends on the wall's left face: distance 0 < r, a strict overlap.
    for r in THIN {
        let c = Circle::new(-90.0, 45.0, r);
        let d = Vec2::new(90.0, -45.0);
        let b = Rect::new(0.0, -5.0, 10.0, 20.0);
        assert!(overlap_rect_circle(b, Circle::new(0.0, 0.0, r)));
        let hit = sweep_circle_rect(c, d, b).unwrap_or_else(|| panic!("radius {r:e}: missed"));
        assert!(hit.t > 0.99 && hit.t < 1.0, "t {}", hit.t);
        assert!(!overlap_rect_circle(
            b,
            Circle::new(hit.pos.x, hit.pos.y, r)
        ));
        assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
    }
}

#[test]
fn a_rect_ending_with_its_face_on_a_tiny_circle_centre_is_hit() {
    // The reverse order: the rect moves left until its left face passes through the centre.
    for r in THIN {
        let a = Rect::new(90.0, 0.0, 10.0, 5.0);
        let d = Vec2::new(-90.0, 0.0);
        let c = Circle::new(0.0, 2.0, r);
        assert!(overlap_rect_circle(Rect::new(0.0, 0.0, 10.0, 5.0), c));
        let hit = sweep_rect_circle(a, d, c).unwrap_or_else(|| panic!("radius {r:e}: missed"));
        assert!(hit.t > 0.99 && hit.t < 1.0, "t {}", hit.t);
        assert!(!overlap_rect_circle(moved(a, hit.pos), c));
        assert_eq!(hit.normal, Vec2::new(1.0, 0.0));
    }
}

#[test]
fn a_tiny_circle_against_a_tiny_circle_far_from_the_origin() {
    // Radii 1e-30 at x = 1000: the sum of radii is exact, the centres' distance shrinks to 0.
    for r in THIN {
        let a = Circle::new(1000.0, 0.0, r);
        let b = Circle::new(1100.0, 0.0, r);
        let hit = sweep_circle_circle(a, Vec2::new(100.0, 0.0), b);
        let hit = hit.unwrap_or_else(|| panic!("radius {r:e}: missed"));
        assert!(!overlap_circle_circle(
            Circle::new(hit.pos.x, hit.pos.y, r),
            b
        ));
    }
}

/// An f32 that `x + y` is exactly, if any.
fn exact_sum(x: f32, y: f32) -> Option<f32> {
    let s = x as f64 + y as f64;
    (s - x as f64 == y as f64 && s - y as f64 == x as f64 && s as f32 as f64 == s)
        .then_some(s as f32)
}

fn thin(rng: &mut Rng) -> f32 {
    // 1e-45 .. 1e-20, or a few subnormal steps.
    if rng.below(4) == 0 {
        f32::from_bits(1 + rng.below(8) as u32)
    } else {
        f32::from_bits(1 + rng.below(0x1e00_0000) as u32)
    }
}

fn coord(rng: &mut Rng) -> f32 {
    rng.range(-4096, 4096) as f32 / 4.0
}

#[test]
fn random_thin_movers_ending_inside_a_face_are_never_missed() {
    // A thin rect (or a tiny circle) sent from up to 1024 units away to end inside one of a
    // box's faces by its own thickness (the face at 0, where that is exact), in a random
    // direction: its end overlaps, so every sweep must report the hit (a move reads a face
    // that close as touching, see below).
    let mut rng = Rng::new(0x51e5_7a71);
    let mut cases = 0;
    for _ in 0..20_000 {
        let t = thin(&mut rng);
        let d = Vec2::new(coord(&mut rng), coord(&mut rng));
        let o = coord(&mut rng);
        let along = o + 32.0 + rng.range(-16, 16) as f32;
        // The face at 0: bottom, top, left or right; the end inside it by t.
        let (b, end, size) = match rng.below(4) {
            0 => (
                Rect::new(o, 0.0, 64.0, 64.0),
                Vec2::new(along, 0.0),
                (4.0, t),
            ),
            1 => (
                Rect::new(o, -64.0, 64.0, 64.0),
                Vec2::new(along, -t),
                (4.0, t),
            ),
            2 => (
                Rect::new(0.0, o, 64.0, 64.0),
                Vec2::new(0.0, along),
                (t, 4.0),
            ),
            _ => (
                Rect::new(-64.0, o, 64.0, 64.0),
                Vec2::new(-t, along),
                (t, 4.0),
            ),
        };
        let (Some(sx), Some(sy)) = (exact_sum(end.x, -d.x), exact_sum(end.y, -d.y)) else {
            continue;
        };
        // Only where the start plus delta is exactly the end in f32.
        if exact_sum(sx, d.x) != Some(end.x) || exact_sum(sy, d.y) != Some(end.y) {
            continue;
        }
        let a = Rect::new(sx, sy, size.0, size.1);
        assert!(overlap_rect_rect(moved(a, end), b), "{a:?} {end:?} {b:?}");
        if overlap_rect_rect(a, b) {
            continue;
        }
        cases += 1;
        let hit = sweep_rect_rect(a, d, b);
        assert!(hit.is_some(), "missed: {a:?} {d:?} {b:?}");
        // A move reads touching as the game means it: a rect thinner than one unit in the last
        // place of the coordinates, ending across a face by its thickness, lies on that face
        // (the same edge within the band) and is no hit; it never ends across the face by more.
        let (p, _) = move_rect(a, d, &[b], Response::Touch);
        assert!(
            !overlap_beyond_band(moved(a, p), b),
            "{a:?} {d:?} {b:?} -> {p:?}"
        );

        // A circle of radius t whose centre ends on the face (the face itself, at 0) overlaps.
        let face = |v: f32| if v == -t { 0.0 } else { v };
        let on_face = Vec2::new(face(end.x), face(end.y));
        let (Some(cx), Some(cy)) = (exact_sum(on_face.x, -d.x), exact_sum(on_face.y, -d.y)) else {
            continue;
        };
        let c = Circle::new(cx, cy, t);
        if exact_sum(cx, d.x) == Some(on_face.x)
            && exact_sum(cy, d.y) == Some(on_face.y)
            && !overlap_rect_circle(b, c)
        {
            assert!(overlap_rect_circle(b, Circle::new(on_face.x, on_face.y, t)));
            assert!(
                sweep_circle_rect(c, d, b).is_some(),
                "missed: {c:?} {d:?} {b:?}"
            );
        }
    }
    assert!(cases > 8_000, "only {cases} cases");
}

#[test]
fn a_board_resting_on_a_ball_closer_than_f64_can_tell_hits_when_pushed_into_it() {
    // The ball's centre is 3e-32 above y = 0, its radius 70, the board's bottom at y = 70: in
    // real numbers they overlap by 3e-32, the predicate (rounding 70 - 3e-32 to 70) sees them
    // touching. Pushed down into the ball, the board hits at once, in both orders of the pair.
    let board = Rect::new(-95.0, 70.0, 16_777_216.0, 11.0);
    let ball = Circle::new(-18.0, 3.158525e-32, 70.0);
    assert!(!overlap_rect_circle(board, ball) && touch_rect_circle(board, ball));
    let d = Vec2::new(-93.0, -93.0);
    let hit = sweep_rect_circle(board, d, ball).expect("pushed into the ball");
    assert_eq!((hit.t, hit.pos), (0.0, Vec2::new(board.x, board.y)));
    let neg = Vec2::new(-d.x, -d.y);
    let hit = sweep_circle_rect(ball, neg, board).expect("the ball pushed into the board");
    assert_eq!(hit.t, 0.0);
    // Pulled away, nothing is hit.
    assert!(sweep_rect_circle(board, neg, ball).is_none());
}

#[test]
fn a_long_plank_resting_on_a_huge_ball_closer_than_f64_can_tell_hits_when_lowered() {
    // The ball's top is 1e-30 above the plank's bottom at y = 2^24; the plank reaches 3.4e38 to
    // the right. Lowered onto the ball it hits at once.
    let plank = Rect::new(46.0, 16_777_216.0, 3.4e38, 16_777_216.0);
    let ball = Circle::new(16_777_216.0, 1e-30, 16_777_216.0);
    let hit = sweep_rect_circle(plank, Vec2::new(2.0, -53.0), ball).expect("lowered onto it");
    assert_eq!((hit.t, hit.normal), (0.0, Vec2::new(0.0, 1.0)));
    assert!(sweep_rect_circle(plank, Vec2::new(2.0, 53.0), ball).is_none());
}

#[test]
fn an_endless_plank_moving_into_a_tiny_box_is_hit() {
    // Infinite to the right, 2^24 high, touching a box 1.2e-38 wide at its corner and moving
    // into it: the infinite width keeps the f64 formulas even though y's sizes are far apart.
    let m = f32::MIN_POSITIVE;
    let plank = Rect::new(-m, -m, f32::INFINITY, 16_777_216.0);
    let speck = Rect::new(-m, -m, -m, -m);
    let d = Vec2::new(-m, -m);
    let hit = sweep_rect_rect(plank, d, speck).expect("moved into the speck");
    assert_eq!(hit.t, 0.0);
    assert!(!overlap_rect_rect(moved(plank, hit.pos), speck));
}

#[test]
fn a_speck_of_dust_rising_onto_an_endless_wall_is_hit() {
    // A circle of radius 3.4e-20 rising onto the bottom face of a wall that reaches up without
    // end: its centre ends on the face, inside the wall by its radius. The infinite height does
    // not stop the face's bound, 7.75 - 3.4e-20, from being compared exactly.
    let dust = Circle::new(7.75, 0.0, 3.367_700_4e-20);
    let wall = Rect::new(7.75, 7.75, 16_777_216.0, f32::INFINITY);
    let d = Vec2::new(7.75, 7.75);
    assert!(overlap_rect_circle(wall, Circle::new(15.5, 7.75, dust.r)));
    let hit = sweep_circle_rect(dust, d, wall).expect("rises onto the wall");
    assert!(hit.t < 1.0 && hit.normal == Vec2::new(0.0, -1.0), "{hit:?}");
    // And a sliver 1e-20 high rising the same way: it ends inside the wall by its height.
    let sliver = Rect::new(7.75, 0.0, 1.0, 1.0e-20);
    let hit = sweep_rect_rect(sliver, d, wall).expect("rises onto the wall");
    assert!(hit.t < 1.0 && hit.normal == Vec2::new(0.0, -1.0), "{hit:?}");
}

#[test]
fn a_tiny_circle_ending_with_its_centre_on_a_face_of_a_box_turned_by_right_angles_is_hit() {
    // As for the rect: the oriented box at 0, 90, 180 and 270 degrees is the same wall.
    for r in THIN {
        for deg in [0.0, 90.0, 180.0, 270.0] {
            let wall = Obb::new(
                Vec2::new(5.0, 5.0),
                if deg == 90.0 || deg == 270.0 {
                    Vec2::new(10.0, 5.0)
                } else {
                    Vec2::new(5.0, 10.0)
                },
                Rot::from_degrees(deg),
            );
            let c = Circle::new(-90.0, 45.0, r);
            let d = Vec2::new(90.0, -45.0);
            assert!(overlap_obb_circle(wall, Circle::new(0.0, 0.0, r)), "{deg}");
            let hit = sweep_circle_obb(c, d, wall);
            let hit = hit.unwrap_or_else(|| panic!("radius {r:e} at {deg} degrees: missed"));
            assert!(hit.t > 0.99 && hit.t < 1.0, "t {}", hit.t);
            assert!(!overlap_obb_circle(
                wall,
                Circle::new(hit.pos.x, hit.pos.y, r)
            ));
        }
    }
}

#[test]
fn a_crate_whose_float_end_rounds_onto_a_wall_reports_the_hit() {
    // At x = 1e8 floats are 8 apart: the crate pushed 5 units ends, in float, at 1e8 + 8, on the
    // wall that starts there. The sweep reports the hit (stopping clear), as the move does.
    let crate_ = Rect::new(1e8, 0.0, 1.0, 1.0);
    let wall = Rect::new(1e8 + 8.0, 0.0, 8.0, 8.0);
    let d = Vec2::new(5.0, 0.0);
    assert!(overlap_rect_rect(
        Rect::new(crate_.x + d.x, 0.0, 1.0, 1.0),
        wall
    ));
    let hit = sweep_rect_rect(crate_, d, wall).expect("its float end is in the wall");
    assert_eq!(hit.normal, Vec2::new(-1.0, 0.0));
    assert!(!overlap_rect_rect(moved(crate_, hit.pos), wall));
    let (p, info) = move_rect(crate_, d, &[wall], Response::Touch);
    assert_eq!((p, info.count), (Vec2::new(1e8, 0.0), 1));
}

#[test]
fn a_speck_rising_into_a_small_ball_whose_sums_f64_rounds_is_hit() {
    // Radii 1.4e-19 and 1/256: f64 sees the speck touching at the start (it is inside by 1e-19)
    // and computes its end apart, while the predicate, rounding the other way, sees the end
    // overlap. The sweep never leaves the end overlapping without a hit.
    let m = 1.356_315_6e-19;
    let speck = Circle::new(m, m, m);
    let ball = Circle::new(m, 0.003_906_25, 0.003_906_25);
    let d = Vec2::new(m, m);
    let end = Circle::new(speck.x + d.x, speck.y + d.y, m);
    assert!(overlap_circle_circle(end, ball) && !overlap_circle_circle(speck, ball));
    let hit = sweep_circle_circle(speck, d, ball).expect("its end overlaps");
    assert!(!overlap_circle_circle(
        Circle::new(hit.pos.x, hit.pos.y, m),
        ball
    ));
}

fn bits(rng: &mut Rng) -> f32 {
    match rng.below(5) {
        0 => {
            f32::from_bits(rng.below(0x7f00_0000) as u32)
                * if rng.below(2) == 0 { 1.0 } else { -1.0 }
        }
        1 => THIN[rng.below(3) as usize] * if rng.below(2) == 0 { 1.0 } else { -1.0 },
        2 => [1e8, 16_777_216.0, 3.4e38, 90.0, 1.0 / 256.0][rng.below(5) as usize],
        3 => 0.0,
        _ => coord(rng),
    }
}

#[test]
fn a_sweep_that_misses_leaves_the_float_end_clear_at_any_size_ratio() {
    // Every sweep, on values from subnormal to 3.4e38: no hit means the mover's end a + delta,
    // computed in float, does not overlap the target (unless they overlapped at the start).
    let mut rng = Rng::new(0xe9d_c1ea2);
    for _ in 0..200_000 {
        let f = |rng: &mut Rng| bits(rng);
        let r = Rect::new(f(&mut rng), f(&mut rng), f(&mut rng), f(&mut rng));
        let s = Rect::new(f(&mut rng), f(&mut rng), f(&mut rng), f(&mut rng));
        let c = Circle::new(f(&mut rng), f(&mut rng), f(&mut rng).abs());
        let e = Circle::new(f(&mut rng), f(&mut rng), f(&mut rng).abs());
        let o = Obb::new(
            Vec2::new(f(&mut rng), f(&mut rng)),
            Vec2::new(f(&mut rng), f(&mut rng)),
            Rot::from_degrees(45.0 * rng.below(8) as f32),
        );
        let d = Vec2::new(f(&mut rng), f(&mut rng));
        let end = |p: Vec2| Vec2::new(p.x + d.x, p.y + d.y);
        let rp = Vec2::new(r.x, r.y);
        let rect_at = |p: Vec2| Rect::new(p.x, p.y, r.w, r.h);
        let circle_at = |p: Vec2| Circle::new(p.x, p.y, c.r);
        let cases: [(&str, bool, bool, bool); 6] = [
            (
                "rect_rect",
                sweep_rect_rect(r, d, s).is_some(),
                overlap_rect_rect(r, s),
                overlap_rect_rect(rect_at(end(rp)), s),
            ),
            (
                "circle_rect",
                sweep_circle_rect(c, d, s).is_some(),
                overlap_rect_circle(s, c),
                overlap_rect_circle(s, circle_at(end(c.center()))),
            ),
            (
                "rect_circle",
                sweep_rect_circle(r, d, e).is_some(),
                overlap_rect_circle(r, e),
                overlap_rect_circle(rect_at(end(rp)), e),
            ),
            (
                "circle_circle",
                sweep_circle_circle(c, d, e).is_some(),
                overlap_circle_circle(c, e),
                overlap_circle_circle(circle_at(end(c.center())), e),
            ),
            (
                "circle_obb",
                sweep_circle_obb(c, d, o).is_some(),
                overlap_obb_circle(o, c),
                overlap_obb_circle(o, circle_at(end(c.center()))),
            ),
            (
                "rect_obb",
                sweep_rect_obb(r, d, o).is_some(),
                overlap_obb_rect(o, r),
                overlap_obb_rect(o, rect_at(end(rp))),
            ),
        ];
        for (name, hit, start, end_overlaps) in cases {
            assert!(
                hit || start || !end_overlaps,
                "{name} missed but its end overlaps: {r:?} {s:?} {c:?} {e:?} {o:?} {d:?}"
            );
        }
    }
}
