//! Motion scenes, named: a ball tunnelling through a paddle, the gap between a mover's corner
//! paths, a GameLib square pushed into another, sliding along a tile floor, and the moves' oracles.

mod common;

use collide2d::*;
use common::{overlap_beyond_band, Rng};

// ---------------------------------------------------------------------------------------------
// Breakout: tunnelling.

#[test]
fn breakout_ball_moving_50_per_frame_through_an_8_unit_paddle_is_hit() {
    // y-down breakout: an 8x8 ball above an 8-unit-thick paddle, 50 units a frame.
    let paddle = Rect::new(100.0, 130.0, 64.0, 8.0);
    let ball = Rect::new(120.0, 100.0, 8.0, 8.0);
    let step = Vec2::new(0.0, 50.0);
    // Frame by frame the ball never overlaps the paddle: the discrete test tunnels.
    let next = Rect::new(ball.x, ball.y + 50.0, 8.0, 8.0);
    assert!(!overlap_rect_rect(ball, paddle) && !overlap_rect_rect(next, paddle));
    let h = sweep_rect_rect(ball, step, paddle).expect("the sweep sees the paddle");
    assert_eq!(h.t, 22.0 / 50.0);
    assert_eq!(h.pos, Vec2::new(120.0, 122.0)); // flush on the paddle's top
    assert_eq!(h.normal, Vec2::new(0.0, -1.0));
    // The round ball too.
    let round = Circle::new(124.0, 104.0, 4.0);
    let h = sweep_circle_rect(round, step, paddle).expect("hit");
    assert_eq!(
        (h.pos, h.normal),
        (Vec2::new(124.0, 126.0), Vec2::new(0.0, -1.0))
    );
}

/// The breakout game's corner-path test: the four corners' paths against the target (closed
/// segments).
fn breakout_corner_paths(from: Rect, to: Rect, target: Rect) -> bool {
    let corners = |r: Rect| {
        [
            Vec2::new(r.x, r.y),
            Vec2::new(r.x + r.w, r.y),
            Vec2::new(r.x, r.y + r.h),
            Vec2::new(r.x + r.w, r.y + r.h),
        ]
    };
    corners(from)
        .iter()
        .zip(corners(to).iter())
        .any(|(&a, &b)| intersect_segment_rect(Segment::new(a, b), target))
}

#[test]
fn breakout_large_mover_over_a_small_target_between_the_corner_paths_is_hit() {
    let mover = Rect::new(0.0, 0.0, 64.0, 64.0);
    let target = Rect::new(80.0, 30.0, 4.0, 4.0); // between the paths y = 0 and y = 64
    let delta = Vec2::new(100.0, 0.0);
    let to = Rect::new(100.0, 0.0, 64.0, 64.0);
    assert!(
        !breakout_corner_paths(mover, to, target),
        "the game's corner paths miss it"
    );
    let h = sweep_rect_rect(mover, delta, target).expect("the sweep does not");
    assert_eq!(
        (h.t, h.pos, h.normal),
        (0.16, Vec2::new(16.0, 0.0), Vec2::new(-1.0, 0.0))
    );
    // The same with the roles of size swapped: a small fast mover through a large slab.
    let c = Circle::new(-10.0, 32.0, 40.0);
    let h = sweep_circle_rect(c, delta, target).expect("a big circle hits the small target");
    assert!(h.t > 0.0 && !overlap_rect_circle(target, Circle::new(h.pos.x, h.pos.y, 40.0)));
}

#[test]
fn breakout_fast_small_mover_hits_a_one_unit_wall() {
    let wall = Rect::new(100.0, -50.0, 1.0, 100.0);
    let bullet = Rect::new(0.0, 0.0, 2.0, 2.0);
    let h = sweep_rect_rect(bullet, Vec2::new(1000.0, 0.0), wall).expect("hit");
    assert_eq!((h.t, h.pos.x), (0.098, 98.0));
    let round = Circle::new(0.0, 0.0, 1.0);
    let h = sweep_circle_rect(round, Vec2::new(1000.0, 3.0), wall).expect("hit");
    assert!(h.pos.x <= 99.0 && h.pos.x > 99.0 - 1.0 / 256.0, "{h:?}");
    let h = raycast_rect(Vec2::new(0.0, 0.0), Vec2::new(1000.0, 0.0), wall).expect("hit");
    assert_eq!((h.t, h.pos.x), (0.1, 100.0));
    // A thin rotated wall.
    let thin = Obb::new(
        Vec2::new(100.0, 0.0),
        Vec2::new(0.5, 50.0),
        Rot::from_degrees(10.0),
    );
    assert!(sweep_rect_obb(bullet, Vec2::new(1000.0, 0.0), thin).is_some());
    assert!(sweep_circle_obb(round, Vec2::new(1000.0, 0.0), thin).is_some());
}

// ---------------------------------------------------------------------------------------------
// The GameLib squares (an integer engine).

/// GameLib's 8.2.2 move: try the whole step, then halve (integer division) up to four times,
/// keeping the first step that does not overlap.
fn gamelib_binary_search(dyn_: RectI, mx: i32, my: i32, stat: RectI) -> RectI {
    let (mut mx_try, mut my_try) = (mx, my);
    let (mut a, mut b) = (1, 1);
    for _ in 0..4 {
        a *= 2;
        b *= 2;
        let model = RectI::new(dyn_.x + mx_try, dyn_.y + my_try, dyn_.w, dyn_.h);
        if overlap_recti_recti(model, stat) {
            a -= 1;
        } else {
            return model;
        }
        mx_try = mx * a / b;
        my_try = my * a / b;
    }
    dyn_
}

#[test]
fn gamelib_square_pushed_7_per_frame_ends_flush() {
    // GameLib: dynamic square centre (16, 50) half 16, static centre (100, 160) half 16.
    let stat = RectI::new(84, 144, 32, 32);
    let mut sq = RectI::new(0, 34, 32, 32);
    // 's' for 16 frames lines it up with the static square, then 'd' pushes right.
    for _ in 0..16 {
        let (r, blocked) = move_recti(sq, 0, 7, &[stat]);
        assert_eq!(blocked, 0);
        sq = r;
    }
    assert_eq!(sq.y, 34 + 7 * 16);
    let mut frames = 0;
    loop {
        let (r, blocked) = move_recti(sq, 7, 0, &[stat]);
        assert!(!overlap_recti_recti(r, stat));
        frames += 1;
        sq = r;
        if blocked != 0 {
            assert_eq!(blocked, 1);
            break;
        }
    }
    assert_eq!(sq.x + sq.w, stat.x, "flush: gap 0");
    assert_eq!(frames, 8);
    // Pushing on changes nothing and stays blocked.
    assert_eq!(move_recti(sq, 7, 0, &[stat]), (sq, 1));
}

#[test]
fn gamelib_binary_search_stops_short_where_the_exact_move_is_flush() {
    let stat = RectI::new(84, 144, 32, 32);
    // Gap 5, step 7: the game's code tries 7 (overlaps), then 3 (clear) and stops 2 short.
    let sq = RectI::new(84 - 32 - 5, 150, 32, 32);
    let theirs = gamelib_binary_search(sq, 7, 0, stat);
    assert_eq!(stat.x - (theirs.x + 32), 2, "GameLib leaves a gap of 2");
    let (ours, blocked) = move_recti(sq, 7, 0, &[stat]);
    assert_eq!((ours.x + 32, blocked), (stat.x, 1));
    // Gap 2: the game's code moves 1 (gap 1 left).
    let sq = RectI::new(84 - 32 - 2, 150, 32, 32);
    assert_eq!(gamelib_binary_search(sq, 7, 0, stat).x, sq.x + 1);
    assert_eq!(move_recti(sq, 7, 0, &[stat]).0.x, sq.x + 2);
    // GameLib's first version (8.2.1) moves, then tests: it ends overlapping by 2.
    let moved = RectI::new(84 - 32 - 5 + 7, 150, 32, 32);
    assert!(overlap_recti_recti(moved, stat));
}

/// Unit-step oracle: one unit at a time, with the exact integer predicate.
fn unit_steps(a: RectI, dx: i32, dy: i32, obstacles: &[RectI]) -> (RectI, u32) {
    let live: Vec<RectI> = obstacles
        .iter()
        .copied()
        .filter(|&o| !overlap_recti_recti(a, o))
        .collect();
    let mut r = a;
    let mut blocked = 0;
    for (axis, want) in [(0, dx), (1, dy)] {
        let s = want.signum();
        for _ in 0..want.unsigned_abs() {
            let mut n = r;
            let next = if axis == 0 {
                r.x.checked_add(s)
            } else {
                r.y.checked_add(s)
            };
            let Some(v) = next else {
                blocked |= 1 << axis;
                break;
            };
            if axis == 0 {
                n.x = v;
            } else {
                n.y = v;
            }
            if live.iter().any(|&o| overlap_recti_recti(n, o)) {
                blocked |= 1 << axis;
                break;
            }
            r = n;
        }
    }
    (r, blocked)
}

#[test]
fn move_recti_matches_the_unit_step_oracle() {
    let mut rng = Rng::new(0x5eed_0101);
    let mut cases = 0;
    for _ in 0..100_000 {
        let r = |rng: &mut Rng| {
            RectI::new(
                rng.range(-40, 40) as i32,
                rng.range(-40, 40) as i32,
                rng.range(-12, 20) as i32,
                rng.range(-12, 20) as i32,
            )
        };
        let a = r(&mut rng);
        let n = rng.range(0, 6) as usize;
        let obstacles: Vec<RectI> = (0..n).map(|_| r(&mut rng)).collect();
        let (dx, dy) = (rng.range(-50, 50) as i32, rng.range(-50, 50) as i32);
        let want = unit_steps(a, dx, dy, &obstacles);
        let got = move_recti(a, dx, dy, &obstacles);
        assert_eq!(got, want, "a={a:?} d=({dx},{dy}) obstacles={obstacles:?}");
        cases += 1;
    }
    println!("move_recti: {cases} cases against the unit-step oracle, 0 failures");
}

#[test]
fn move_recti_saturates_at_the_int32_range() {
    let a = RectI::new(i32::MAX - 10, i32::MIN + 5, 4, 4);
    let (r, blocked) = move_recti(a, 100, -100, &[]);
    assert_eq!((r.x, r.y, blocked), (i32::MAX, i32::MIN, 3));
    let (r, blocked) = move_recti(RectI::new(0, 0, 1, 1), i32::MIN, i32::MAX, &[]);
    assert_eq!((r.x, r.y, blocked), (i32::MIN, i32::MAX, 0));
    // A wall near the top of the range still blocks exactly.
    let wall = RectI::new(i32::MAX - 2, -10, 2, 20);
    let (r, blocked) = move_recti(RectI::new(0, 0, 3, 3), i32::MAX, 0, &[wall]);
    assert_eq!((r.x, blocked), (i32::MAX - 5, 1));
}

#[test]
fn move_recti_ignores_obstacles_overlapped_at_the_start() {
    let inside = RectI::new(0, 0, 100, 100);
    let a = RectI::new(10, 10, 8, 8);
    assert_eq!(
        move_recti(a, 30, 30, &[inside]),
        (RectI::new(40, 40, 8, 8), 0)
    );
}

// ---------------------------------------------------------------------------------------------
// move_rect (bump.lua's responses).

fn tiles(n: usize) -> Vec<Rect> {
    (0..n)
        .map(|i| Rect::new(16.0 * i as f32, 100.0, 16.0, 16.0))
        .collect()
}

#[test]
fn sliding_along_a_floor_of_16x16_tiles_does_not_catch_on_seams() {
    let floor = tiles(20);
    // Resting on the tiles (y-down), pushed right with a little gravity.
    let a = Rect::new(8.0, 84.0, 16.0, 16.0);
    let (pos, info) = move_rect(a, Vec2::new(200.0, 3.0), &floor, Response::Slide);
    assert_eq!(pos, Vec2::new(208.0, 84.0));
    assert_eq!(info.count, 1);
    assert_eq!(info.first_hit.normal, Vec2::new(0.0, -1.0));
    // Falling onto the floor first: lands, then slides the whole way.
    let a = Rect::new(8.0, 81.0, 16.0, 16.0);
    let (pos, _) = move_rect(a, Vec2::new(90.0, 6.0), &floor, Response::Slide);
    assert_eq!(pos, Vec2::new(98.0, 84.0));
    // Sliding left too, with the mover spanning a seam.
    let a = Rect::new(200.0, 84.0, 16.0, 16.0);
    let (pos, _) = move_rect(a, Vec2::new(-150.5, 0.25), &floor, Response::Slide);
    assert_eq!(pos, Vec2::new(49.5, 84.0));
}

#[test]
fn touch_stops_at_the_contact_and_reports_the_first_hit() {
    let wall = Rect::new(50.0, 0.0, 10.0, 100.0);
    let other = Rect::new(200.0, 0.0, 10.0, 100.0);
    let a = Rect::new(0.0, 10.0, 10.0, 10.0);
    let (pos, info) = move_rect(a, Vec2::new(300.0, 0.0), &[other, wall], Response::Touch);
    assert_eq!(pos, Vec2::new(40.0, 10.0));
    assert_eq!((info.count, info.first), (1, 1));
    assert_eq!(info.first_hit.normal, Vec2::new(-1.0, 0.0));
    // Unknown response codes act as touch.
    assert_eq!(Response::from_u32(99), Response::Touch);
}

#[test]
fn cross_passes_through_and_counts_every_obstacle_in_order() {
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let obstacles = [
        Rect::new(80.0, 0.0, 5.0, 10.0),
        Rect::new(30.0, 0.0, 5.0, 10.0),
        Rect::new(30.0, 50.0, 5.0, 10.0), // off the path
    ];
    let (pos, info) = move_rect(a, Vec2::new(100.0, 0.0), &obstacles, Response::Cross);
    assert_eq!(pos, Vec2::new(100.0, 0.0));
    assert_eq!((info.count, info.first), (2, 1));
    assert_eq!(info.first_hit.pos, Vec2::new(20.0, 0.0));
}

#[test]
fn bounce_reflects_the_rest_of_the_motion() {
    let wall = Rect::new(50.0, -100.0, 10.0, 200.0);
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let (pos, info) = move_rect(a, Vec2::new(60.0, 20.0), &[wall], Response::Bounce);
    // Contact at x = 40 (t = 2/3); the remaining 20 in x comes back.
    assert_eq!(pos, Vec2::new(20.0, 20.0));
    assert_eq!(info.count, 1);
}

#[test]
fn ignore_passes_through_without_hits() {
    let wall = Rect::new(50.0, -100.0, 10.0, 200.0);
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let (pos, info) = move_rect(a, Vec2::new(100.0, 0.0), &[wall], Response::Ignore);
    assert_eq!(
        (pos, info.count, info.first),
        (Vec2::new(100.0, 0.0), 0, usize::MAX)
    );
}

#[test]
fn obstacles_overlapped_at_the_start_follow_bump_lua_s_rule() {
    // A 10×10 box inside a 20×20 obstacle moving by (30, 30) ends where bump.lua puts it.
    let around = Rect::new(-5.0, -5.0, 20.0, 20.0);
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let d = Vec2::new(30.0, 30.0);
    for (response, want) in [
        (Response::Touch, Vec2::new(-15.0, -15.0)),
        (Response::Slide, Vec2::new(-15.0, 30.0)),
        (Response::Bounce, Vec2::new(-60.0, 30.0)),
        (Response::Cross, Vec2::new(30.0, 30.0)),
    ] {
        let (pos, info) = move_rect(a, d, &[around], response);
        assert_eq!((pos, info.count, info.first), (want, 1, 0), "{response:?}");
        assert_eq!(info.first_hit.pos, Vec2::new(-15.0, -15.0), "{response:?}");
        assert_eq!(info.first_hit.normal, Vec2::new(-1.0, 0.0));
        assert_eq!(info.first_hit.t, 0.0);
    }
    // A box that does not move leaves by the nearest way out with TOUCH.
    let (pos, info) = move_rect(
        a,
        Vec2::new(0.0, 0.0),
        &[Rect::new(7.0, -20.0, 30.0, 50.0)],
        Response::Touch,
    );
    assert_eq!((pos, info.count), (Vec2::new(-3.0, 0.0), 1));
    // The deepest first: two overlapped obstacles, the one covering more of the box first.
    let shallow = Rect::new(9.0, -5.0, 10.0, 20.0);
    let deep = Rect::new(-5.0, 2.0, 20.0, 20.0);
    let (_, info) = move_rect(a, Vec2::new(0.0, -5.0), &[shallow, deep], Response::Cross);
    assert_eq!((info.count, info.first), (2, 1));
}

#[test]
fn ties_in_t_go_to_the_lower_index() {
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let upper = Rect::new(20.0, -10.0, 5.0, 12.0);
    let lower = Rect::new(20.0, 5.0, 5.0, 12.0);
    let (_, info) = move_rect(a, Vec2::new(50.0, 0.0), &[upper, lower], Response::Touch);
    assert_eq!(info.first, 0);
    let (_, info) = move_rect(a, Vec2::new(50.0, 0.0), &[lower, upper], Response::Touch);
    assert_eq!(info.first, 0);
}

#[test]
fn move_rect_never_ends_inside_an_obstacle() {
    let mut rng = Rng::new(0x5eed_0102);
    let g = |v: i64| v as f32 / 256.0;
    let mut cases = 0;
    for _ in 0..20_000 {
        let r = |rng: &mut Rng| {
            Rect::new(
                g(rng.range(-40 * 256, 40 * 256)),
                g(rng.range(-40 * 256, 40 * 256)),
                g(rng.range(0, 20 * 256)),
                g(rng.range(0, 20 * 256)),
            )
        };
        let a = r(&mut rng);
        let n = rng.range(0, 12) as usize;
        let obstacles: Vec<Rect> = (0..n).map(|_| r(&mut rng)).collect();
        let d = Vec2::new(
            g(rng.range(-80 * 256, 80 * 256)),
            g(rng.range(-80 * 256, 80 * 256)),
        );
        for resp in [
            Response::Slide,
            Response::Touch,
            Response::Bounce,
            Response::Cross,
        ] {
            let (pos, info) = move_rect(a, d, &obstacles, resp);
            assert!(info.count <= 32);
            assert_eq!(info.count == 0, info.first == usize::MAX);
            if resp == Response::Cross {
                assert_eq!(pos, Vec2::new(a.x + d.x, a.y + d.y));
                continue;
            }
            let end = Rect::new(pos.x, pos.y, a.w, a.h);
            // Overlapping means by more than the band: a diagonal slide's contact is off the
            // grid, and may end within a rounding of a face it passes.
            for o in &obstacles {
                assert!(
                    overlap_beyond_band(a, *o) || !overlap_beyond_band(end, *o),
                    "{resp:?} a={a:?} d={d:?} ends in {o:?} at {pos:?}"
                );
            }
            cases += 1;
        }
    }
    println!("move_rect: {cases} moves, none ends inside an obstacle");
}

#[test]
fn move_rect_with_nan_stays_put() {
    let a = Rect::new(1.0, 2.0, 3.0, 4.0);
    let (pos, info) = move_rect(a, Vec2::new(f32::NAN, 0.0), &[], Response::Slide);
    assert_eq!((pos, info.count), (Vec2::new(1.0, 2.0), 0));
}
