//! The movement kit: one-way platforms, ground state, push-out and fit, moving solids. Each
//! scenario is one that platformer players report against other libraries; the property tests
//! hold the kit to brute-force oracles on the grid.

mod common;

use collide2d::world::{
    Ground, Moved, RectD, Response, Vec2D, World, CARRIED, ON_CEILING, ON_FLOOR, ON_LEFT, ON_RIGHT,
    PUSHED, SQUASHED,
};
use common::Rng;

/// Up in y-down screen coordinates.
const UP: Vec2D = Vec2D { x: 0.0, y: -1.0 };

fn slide(_: &mut World, _: u64, _: u64) -> Response {
    Response::Slide
}

fn world() -> World {
    World::new_d(16.0).unwrap()
}

fn pos(w: &World, id: u64) -> (f64, f64) {
    let (r, _) = w.get_d(id).unwrap();
    (r.x, r.y)
}

fn ground(w: &mut World, id: u64) -> Ground {
    w.ground(id, UP, slide).unwrap()
}

fn step(w: &mut World, id: u64, dx: f64, dy: f64) -> (f64, f64) {
    let (x, y) = pos(w, id);
    let mut hits = Vec::new();
    let p = w
        .move_d(id, Vec2D::new(x + dx, y + dy), slide, &mut hits)
        .unwrap();
    (p.x, p.y)
}

/// A jump-through platform (bump.lua#37, rapier#502: not supported by their controllers).
#[test]
fn a_player_lands_on_a_jump_through_platform_and_stands_on_it() {
    let mut w = world();
    let platform = w.add_d(RectD::new(0.0, 100.0, 100.0, 10.0), 0).unwrap();
    w.set_one_way(platform, UP).unwrap();
    let player = w.add_d(RectD::new(20.0, 70.0, 10.0, 10.0), 0).unwrap();
    assert_eq!(step(&mut w, player, 0.0, 30.0), (20.0, 90.0));
    let g = ground(&mut w, player);
    assert_eq!(g.flags, ON_FLOOR);
    assert_eq!(g.floor, platform);
    // Standing still with gravity pulling: the same answer every frame.
    for _ in 0..100 {
        assert_eq!(step(&mut w, player, 0.0, 1.0), (20.0, 90.0));
        assert_eq!(ground(&mut w, player).flags, ON_FLOOR);
    }
}

/// godot#30509: `is_on_floor()` true once in about 50 jumps up through a one-way platform.
#[test]
fn a_player_jumps_up_through_a_platform_and_is_never_on_the_floor_inside_it() {
    let mut w = world();
    let platform = w.add_d(RectD::new(0.0, 100.0, 100.0, 10.0), 0).unwrap();
    w.set_one_way(platform, UP).unwrap();
    let player = w.add_d(RectD::new(20.0, 115.0, 10.0, 10.0), 0).unwrap();
    let mut y = 115.0;
    while y > 60.0 {
        let (_, ny) = step(&mut w, player, 0.0, -3.0);
        assert_eq!(
            ny,
            y - 3.0,
            "jumping up through the platform is never stopped"
        );
        y = ny;
        let g = ground(&mut w, player);
        // Only a bottom exactly flush with the platform's top is standing on it.
        assert_eq!(g.flags & ON_FLOOR != 0, y + 10.0 == 100.0, "at y = {y}");
    }
}

/// godot#42916: a player falls through a one-way platform at its corners.
#[test]
fn a_player_falling_onto_the_corner_of_a_jump_through_platform_lands_on_it() {
    let mut w = world();
    let platform = w.add_d(RectD::new(0.0, 100.0, 100.0, 10.0), 0).unwrap();
    w.set_one_way(platform, UP).unwrap();
    // Its bottom-right corner meets the platform's top-left corner exactly.
    let player = w.add_d(RectD::new(-20.0, 80.0, 10.0, 10.0), 0).unwrap();
    assert_eq!(step(&mut w, player, 20.0, 20.0), (0.0, 90.0));
    assert_eq!(ground(&mut w, player).flags, ON_FLOOR);
}

#[test]
fn a_player_drops_through_a_platform_when_the_filter_ignores_it() {
    let mut w = world();
    let platform = w.add_d(RectD::new(0.0, 100.0, 100.0, 10.0), 0).unwrap();
    w.set_one_way(platform, UP).unwrap();
    let player = w.add_d(RectD::new(20.0, 90.0, 10.0, 10.0), 0).unwrap();
    let mut hits = Vec::new();
    let drop = |_: &mut World, _: u64, o: u64| {
        if o == platform {
            Response::Ignore
        } else {
            Response::Slide
        }
    };
    let p = w
        .move_d(player, Vec2D::new(20.0, 105.0), drop, &mut hits)
        .unwrap();
    assert_eq!((p.x, p.y), (20.0, 105.0));
    assert!(hits.is_empty());
}

/// godot#16250, #90718, #46634 and rapier#307: `is_on_floor()` flickers, or arrives a frame
/// late, because of a safety margin. Here the move that lands answers the ground state too.
#[test]
fn the_frame_that_lands_already_stands_on_the_floor_and_every_later_frame_does_too() {
    use collide2d::ffi::*;
    // SAFETY: a live world, used from this thread only; outputs are valid locals.
    unsafe {
        let w = c2d_world_new_d(32.0);
        // A floor of two tiles with a seam under the player.
        for x in [0.0, 32.0] {
            c2d_world_add_d(w, RectD::new(x, 100.0, 32.0, 32.0), 0);
        }
        let player = c2d_world_add_d(w, RectD::new(26.0, 60.0, 12.0, 20.0), 0);
        let up = collide2d::Vec2::new(0.0, -1.0);
        let (mut at, mut g, mut n) = (Vec2D::default(), Ground::default(), 0usize);
        let mut y = 60.0;
        let mut vy = 0.0;
        let mut landed = None;
        for frame in 0..120 {
            vy += 0.5;
            let goal = Vec2D::new(26.0, y + vy);
            let s = c2d_world_move_ground_d(
                w,
                player,
                goal,
                up,
                None,
                std::ptr::null_mut(),
                &mut at,
                std::ptr::null_mut(),
                0,
                &mut n,
                &mut g,
            );
            assert_eq!(s, C2D_OK);
            let on_floor = at.y + 20.0 == 100.0;
            assert_eq!(
                g.flags & C2D_ON_FLOOR != 0,
                on_floor,
                "frame {frame} at {at:?}"
            );
            if on_floor {
                vy = 0.0;
                landed.get_or_insert(frame);
            } else {
                assert!(landed.is_none(), "left the floor at frame {frame}");
            }
            y = at.y;
        }
        assert!(landed.is_some());
        c2d_world_free(w);
    }
}

/// A floor whose top is not a double (`0.1 + 10`, or a player 10.3 tall on a floor at 100.1):
/// a landing leaves the player as close as a double can put it, and that is standing on the
/// floor, every frame, on a lift too.
#[test]
fn a_player_lands_on_a_floor_whose_top_is_not_a_double_and_stands_on_it() {
    // y-up: the floor's top edge is the exact sum 0.1 + 10.
    let up = Vec2D::new(0.0, 1.0);
    let mut w = world();
    let lift = w.add_d(RectD::new(0.0, 0.1, 40.0, 10.0), 0).unwrap();
    let player = w.add_d(RectD::new(10.0, 30.0, 10.0, 10.0), 0).unwrap();
    let mut hits = Vec::new();
    let at = w
        .move_d(player, Vec2D::new(10.0, 0.0), slide, &mut hits)
        .unwrap();
    assert_eq!(hits.len(), 1);
    assert!(at.y > 10.1 && at.y - 10.1 < 1e-14, "landed at {}", at.y);
    for _ in 0..10 {
        let g = w.ground(player, up, slide).unwrap();
        assert_eq!((g.flags, g.floor), (ON_FLOOR, lift));
        let at = w
            .move_d(player, Vec2D::new(10.0, at.y - 1.0), slide, &mut hits)
            .unwrap();
        assert_eq!(at.y, pos(&w, player).1);
    }
    // The lift carries it: the player is its rider.
    let mut moved = Vec::new();
    w.move_solid(lift, Vec2D::new(3.0, 0.0), up, slide, &mut moved)
        .unwrap();
    assert_eq!(
        moved,
        vec![Moved {
            id: player,
            what: CARRIED
        }]
    );
    assert_eq!(pos(&w, player).0, 13.0);

    // y-down: a player 10.3 tall falls onto a floor at 100.1.
    let mut w = world();
    let floor = w.add_d(RectD::new(0.0, 100.1, 100.0, 10.0), 0).unwrap();
    let player = w.add_d(RectD::new(10.0, 50.0, 10.0, 10.3), 0).unwrap();
    step(&mut w, player, 0.0, 60.0);
    for _ in 0..10 {
        let g = ground(&mut w, player);
        assert_eq!((g.flags, g.floor), (ON_FLOOR, floor));
        step(&mut w, player, 0.0, 1.0);
    }
    // One step of its coordinate higher (y > 0: the double below) is within the world's band
    // (1e-10 in doubles): still standing. Past the band, it is in the air.
    let (x, y) = pos(&w, player);
    let above = f64::from_bits(y.to_bits() - 1);
    w.update_d(player, RectD::new(x, above, 10.0, 10.3))
        .unwrap();
    assert_eq!(ground(&mut w, player).flags, ON_FLOOR);
    w.update_d(player, RectD::new(x, y - 1e-9, 10.0, 10.3))
        .unwrap();
    assert_eq!(ground(&mut w, player).flags, 0);
}

#[test]
fn a_corner_only_touch_is_not_ground() {
    let mut w = world();
    w.add_d(RectD::new(0.0, 100.0, 100.0, 10.0), 0).unwrap();
    let player = w.add_d(RectD::new(100.0, 90.0, 10.0, 10.0), 0).unwrap();
    assert_eq!(ground(&mut w, player).flags, 0);
    w.update_d(player, RectD::new(99.5, 90.0, 10.0, 10.0))
        .unwrap();
    assert_eq!(ground(&mut w, player).flags, ON_FLOOR);
}

#[test]
fn walls_and_ceiling_are_reported_with_their_items() {
    let mut w = world();
    let left = w.add_d(RectD::new(0.0, 0.0, 10.0, 40.0), 0).unwrap();
    let right = w.add_d(RectD::new(20.0, 0.0, 10.0, 40.0), 0).unwrap();
    let top = w.add_d(RectD::new(0.0, -10.0, 30.0, 10.0), 0).unwrap();
    let floor = w.add_d(RectD::new(0.0, 40.0, 30.0, 10.0), 0).unwrap();
    let player = w.add_d(RectD::new(10.0, 0.0, 10.0, 40.0), 0).unwrap();
    let g = ground(&mut w, player);
    assert_eq!(g.flags, ON_FLOOR | ON_CEILING | ON_LEFT | ON_RIGHT);
    assert_eq!(
        (g.floor, g.ceiling, g.left, g.right),
        (floor, top, left, right)
    );
}

/// godot#88067, slick#117, parry#405: a body that starts inside a wall stays stuck.
#[test]
fn a_player_spawned_inside_a_wall_is_pushed_out_the_shortest_way() {
    let mut w = world();
    w.add_d(RectD::new(0.0, 0.0, 100.0, 20.0), 0).unwrap();
    let player = w.add_d(RectD::new(70.0, 4.0, 10.0, 10.0), 0).unwrap();
    let p = w.push_out(player, 100.0, slide).unwrap().unwrap();
    // Up is 14 units, down 16, right 30: up wins.
    assert_eq!((p.x, p.y), (70.0, -10.0));
    assert_eq!(pos(&w, player), (70.0, -10.0));
    // Too far: left in place with the stuck answer.
    let deep = w.add_d(RectD::new(40.0, 5.0, 10.0, 10.0), 0).unwrap();
    assert_eq!(w.push_out(deep, 14.0, slide).unwrap(), None);
    assert_eq!(pos(&w, deep), (40.0, 5.0));
    // A tie between up and down goes down (+y before -y).
    assert_eq!(
        w.push_out(deep, 15.0, slide).unwrap(),
        Some(Vec2D::new(40.0, 20.0))
    );
}

/// bump.lua#12: a crouching player standing up into a ceiling.
#[test]
fn a_crouching_player_cannot_stand_up_under_a_low_ceiling() {
    let mut w = world();
    w.add_d(RectD::new(0.0, 0.0, 100.0, 10.0), 0).unwrap();
    let player = w.add_d(RectD::new(20.0, 15.0, 10.0, 10.0), 0).unwrap();
    assert!(!w
        .fits(player, RectD::new(20.0, 5.0, 10.0, 20.0), slide)
        .unwrap());
    assert!(w
        .fits(player, RectD::new(20.0, 10.0, 10.0, 15.0), slide)
        .unwrap());
    assert!(w
        .fits(player, RectD::new(120.0, 5.0, 10.0, 20.0), slide)
        .unwrap());
}

/// bump.lua#49: moving platforms that carry what stands on them.
#[test]
fn a_lift_carries_its_rider_up_and_down_and_squashes_it_into_a_ceiling() {
    let mut w = world();
    let lift = w.add_d(RectD::new(0.0, 100.0, 40.0, 10.0), 0).unwrap();
    let ceiling = w.add_d(RectD::new(0.0, 40.0, 100.0, 10.0), 0).unwrap();
    let player = w.add_d(RectD::new(10.0, 90.0, 10.0, 10.0), 0).unwrap();
    // Only the player rides or is pushed; the ceiling is static.
    let filter = move |_: &mut World, item: u64, _: u64| {
        if item == ceiling {
            Response::Ignore
        } else {
            Response::Slide
        }
    };
    let mut out = Vec::new();
    for (dy, y) in [(-7.0, 83.0), (5.0, 88.0), (-3.0, 85.0)] {
        w.move_solid(lift, Vec2D::new(1.0, dy), UP, filter, &mut out)
            .unwrap();
        assert_eq!(
            out,
            vec![Moved {
                id: player,
                what: CARRIED
            }]
        );
        assert_eq!(pos(&w, player).1, y);
    }
    // Up into the ceiling: the player is squashed and left where it was.
    w.move_solid(lift, Vec2D::new(0.0, -40.0), UP, filter, &mut out)
        .unwrap();
    assert_eq!(
        out,
        vec![Moved {
            id: player,
            what: SQUASHED
        }]
    );
    assert_eq!(pos(&w, player), (13.0, 85.0));
}

#[test]
fn a_moving_wall_pushes_a_crate_and_squashes_it_against_another_wall() {
    let mut w = world();
    let mover = w.add_d(RectD::new(0.0, 0.0, 10.0, 40.0), 0).unwrap();
    let wall = w.add_d(RectD::new(60.0, 0.0, 10.0, 40.0), 0).unwrap();
    let crate_ = w.add_d(RectD::new(20.0, 20.0, 10.0, 10.0), 0).unwrap();
    let filter = move |_: &mut World, item: u64, _: u64| {
        if item == wall {
            Response::Ignore
        } else {
            Response::Slide
        }
    };
    let mut out = Vec::new();
    // Fast enough to pass over the crate in one step: it is pushed, not skipped.
    w.move_solid(mover, Vec2D::new(25.0, 0.0), UP, filter, &mut out)
        .unwrap();
    assert_eq!(
        out,
        vec![Moved {
            id: crate_,
            what: PUSHED
        }]
    );
    assert_eq!(pos(&w, crate_), (35.0, 20.0));
    w.move_solid(mover, Vec2D::new(30.0, 0.0), UP, filter, &mut out)
        .unwrap();
    assert_eq!(
        out,
        vec![Moved {
            id: crate_,
            what: SQUASHED
        }]
    );
    assert_eq!(pos(&w, crate_), (35.0, 20.0));
}

// ---------------------------------------------------------------------------------------------
// Properties against brute-force oracles on the grid (integer coordinates, so every oracle is
// plain integer arithmetic).

/// An integer rect.
#[derive(Clone, Copy, Debug, PartialEq)]
struct I {
    x: i64,
    y: i64,
    w: i64,
    h: i64,
}

impl I {
    fn d(self) -> RectD {
        RectD::new(self.x as f64, self.y as f64, self.w as f64, self.h as f64)
    }
    fn at(self, x: i64, y: i64) -> I {
        I { x, y, ..self }
    }
    fn lo(self, k: usize) -> i64 {
        [self.x, self.y][k]
    }
    fn hi(self, k: usize) -> i64 {
        [self.x + self.w, self.y + self.h][k]
    }
    fn overlap(self, o: I) -> bool {
        (0..2).all(|k| self.lo(k) < o.hi(k) && o.lo(k) < self.hi(k))
    }
    fn touch(self, o: I) -> bool {
        (0..2).all(|k| self.lo(k) <= o.hi(k) && o.lo(k) <= self.hi(k))
    }
    /// The length shared with `o` across axis `k` (0 when none).
    fn shared(self, o: I, k: usize) -> i64 {
        (self.hi(k).min(o.hi(k)) - self.lo(k).max(o.lo(k))).max(0)
    }
}

fn rect(rng: &mut Rng, span: i64, size: i64) -> I {
    I {
        x: rng.range(-span, span),
        y: rng.range(-span, span),
        w: rng.range(1, size),
        h: rng.range(1, size),
    }
}

fn get(w: &World, id: u64) -> I {
    let (r, _) = w.get_d(id).unwrap();
    let i = |v: f64| {
        assert_eq!(v.fract(), 0.0, "{v} left the grid");
        v as i64
    };
    I {
        x: i(r.x),
        y: i(r.y),
        w: i(r.w),
        h: i(r.h),
    }
}

const DIRS: [(i64, i64); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// Whether `m` lies entirely on the side of `o`'s face with outward normal `n` (touching counts).
fn beyond(m: I, o: I, n: (i64, i64)) -> bool {
    match n {
        (1, 0) => o.hi(0) <= m.lo(0),
        (-1, 0) => m.hi(0) <= o.lo(0),
        (0, 1) => o.hi(1) <= m.lo(1),
        _ => m.hi(1) <= o.lo(1),
    }
}

#[test]
fn one_way_items_block_exactly_the_movers_that_come_from_their_solid_side() {
    let mut rng = Rng::new(0x0e_3a7);
    let (mut blocked, mut passed) = (0, 0);
    for _ in 0..20_000 {
        let mut w = world();
        let p = rect(&mut rng, 40, 40);
        let n = rng.pick(&DIRS);
        let platform = w.add_d(p.d(), 0).unwrap();
        w.set_one_way(platform, Vec2D::new(n.0 as f64, n.1 as f64))
            .unwrap();
        let mut m = rect(&mut rng, 60, 12);
        let (mut dx, mut dy) = (rng.range(-50, 50), rng.range(-50, 50));
        if rng.chance(1, 2) {
            // On the solid side (or touching it), moving against the normal.
            let gap = rng.range(0, 10);
            m = match n {
                (1, 0) => m.at(p.hi(0) + gap, m.y),
                (-1, 0) => m.at(p.x - m.w - gap, m.y),
                (0, 1) => m.at(m.x, p.hi(1) + gap),
                _ => m.at(m.x, p.y - m.h - gap),
            };
            if n.0 != 0 {
                dx = -n.0 * dx.abs();
            } else {
                dy = -n.1 * dy.abs();
            }
        }
        let id = w.add_d(m.d(), 0).unwrap();
        let touch = |_: &mut World, _: u64, _: u64| Response::Touch;
        let mut hits = Vec::new();
        let goal = Vec2D::new((m.x + dx) as f64, (m.y + dy) as f64);
        let end = w.move_d(id, goal, touch, &mut hits).unwrap();
        let against = dx * n.0 + dy * n.1 < 0;
        if !(against && beyond(m, p, n)) {
            // Never blocks a mover that does not come at it from its solid side.
            assert_eq!(end, goal, "{p:?} {n:?} {m:?} by ({dx}, {dy})");
            assert!(hits.is_empty());
            passed += 1;
            continue;
        }
        // Sampled along its straight path, the mover would strictly overlap the platform: it
        // must be stopped, with the platform reported.
        let crosses = (0..=256).any(|k| {
            let at = |o: i64, d: i64| (o * 256 + d * k) as f64 / 256.0;
            let (x, y) = (at(m.x, dx), at(m.y, dy));
            let (px0, px1, py0, py1) = (p.x as f64, p.hi(0) as f64, p.y as f64, p.hi(1) as f64);
            x < px1 && px0 < x + m.w as f64 && y < py1 && py0 < y + m.h as f64
        });
        // For this move it is solid: the mover never ends inside it (the end may lie off the
        // grid along the face met).
        let (x, y) = (end.x, end.y);
        let (px0, px1, py0, py1) = (p.x as f64, p.hi(0) as f64, p.y as f64, p.hi(1) as f64);
        let inside = x < px1 && px0 < x + m.w as f64 && y < py1 && py0 < y + m.h as f64;
        assert!(
            !inside,
            "passed into: {p:?} {n:?} {m:?} by ({dx}, {dy}) -> {end:?}"
        );
        if crosses {
            assert_eq!(hits.len(), 1, "{p:?} {n:?} {m:?} by ({dx}, {dy})");
            assert_eq!(hits[0].id, platform);
            blocked += 1;
        }
    }
    assert!(
        blocked > 2_000 && passed > 5_000,
        "{blocked} blocked, {passed} passed"
    );
}

#[test]
fn ground_flags_agree_with_the_closed_touch_test_on_every_face() {
    let mut rng = Rng::new(0x6_40d);
    let mut seen = [0; 4];
    for _ in 0..3_000 {
        let mut w = world();
        let ups = [(0, -1), (0, 1), (1, 0), (-1, 0)];
        let up = rng.pick(&ups);
        // Items on a coarse grid, so that faces are often flush.
        let coarse = |rng: &mut Rng| I {
            x: rng.range(-6, 6) * 4,
            y: rng.range(-6, 6) * 4,
            w: rng.range(1, 4) * 4,
            h: rng.range(1, 4) * 4,
        };
        let mut items = Vec::new();
        for _ in 0..rng.range(1, 12) {
            let r = coarse(&mut rng);
            let id = w.add_d(r.d(), 0).unwrap();
            let one_way = if rng.chance(1, 4) {
                Some(rng.pick(&DIRS))
            } else {
                None
            };
            if let Some(n) = one_way {
                w.set_one_way(id, Vec2D::new(n.0 as f64, n.1 as f64))
                    .unwrap();
            }
            let solid = rng.chance(4, 5);
            items.push((id, r, one_way, solid));
        }
        let m = coarse(&mut rng);
        let me = w.add_d(m.d(), 0).unwrap();
        let filter = |_: &mut World, _: u64, o: u64| {
            let solid = items.iter().any(|&(id, .., s)| id == o && s);
            if solid {
                Response::Slide
            } else {
                Response::Cross
            }
        };
        let g = w
            .ground(me, Vec2D::new(up.0 as f64, up.1 as f64), filter)
            .unwrap();
        // The faces: floor (away from up), ceiling (toward up), left and right across it.
        let a = if up.0 != 0 { 0 } else { 1 };
        let b = 1 - a;
        let toward = |k: usize, pos: bool, o: I| {
            if pos {
                m.hi(k) == o.lo(k)
            } else {
                m.lo(k) == o.hi(k)
            }
        };
        let up_pos = up.0 + up.1 > 0;
        let faces = [(a, !up_pos), (a, up_pos), (b, false), (b, true)];
        let mut want = [(0i64, 0u64); 4];
        for &(id, o, one_way, solid) in &items {
            for (f, &(k, pos)) in faces.iter().enumerate() {
                let ok_one_way = match one_way {
                    None => true,
                    Some(n) => f == 0 && n == up,
                };
                let len = m.shared(o, 1 - k);
                if solid && ok_one_way && m.touch(o) && toward(k, pos, o) && len > 0 {
                    let better = len > want[f].0 || (len == want[f].0 && id < want[f].1);
                    if want[f].1 == 0 || better {
                        want[f] = (len, id);
                    }
                }
            }
        }
        let got = [g.floor, g.ceiling, g.left, g.right];
        for f in 0..4 {
            assert_eq!(
                got[f], want[f].1,
                "face {f} up {up:?} mover {m:?} items {items:?}"
            );
            assert_eq!(g.flags & (1 << f) != 0, want[f].1 != 0);
            seen[f] += (want[f].1 != 0) as usize;
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

#[test]
fn a_rider_on_an_unobstructed_lift_keeps_its_offset_exactly() {
    let mut rng = Rng::new(0x11f7);
    for _ in 0..5_000 {
        let mut w = world();
        let up = rng.pick(&DIRS);
        let lift = rect(&mut rng, 100, 40);
        let lift_id = w.add_d(lift.d(), 0).unwrap();
        // A rider standing on the lift's face toward up, sharing some of its length.
        let mut r = rect(&mut rng, 0, 12);
        let (a, b) = if up.0 != 0 { (0, 1) } else { (1, 0) };
        let along = rng.range(lift.lo(b) - [r.w, r.h][b] + 1, lift.hi(b) - 1);
        let on = if up.0 + up.1 > 0 {
            lift.hi(a)
        } else {
            lift.lo(a) - [r.w, r.h][a]
        };
        if a == 0 {
            r = r.at(on, along);
        } else {
            r = r.at(along, on);
        }
        let rider = w.add_d(r.d(), 0).unwrap();
        // Steps of 1/8 unit: every sum stays exact.
        let (dx, dy) = (
            rng.range(-400, 400) as f64 / 8.0,
            rng.range(-400, 400) as f64 / 8.0,
        );
        let mut out = Vec::new();
        let up_v = Vec2D::new(up.0 as f64, up.1 as f64);
        w.move_solid(lift_id, Vec2D::new(dx, dy), up_v, slide, &mut out)
            .unwrap();
        assert_eq!(
            out,
            vec![Moved {
                id: rider,
                what: CARRIED
            }],
            "{lift:?} {r:?} {up:?}"
        );
        let (l, _) = w.get_d(lift_id).unwrap();
        let (p, _) = w.get_d(rider).unwrap();
        assert_eq!(
            (p.x - l.x, p.y - l.y),
            ((r.x - lift.x) as f64, (r.y - lift.y) as f64),
            "{lift:?} {r:?} {up:?} by ({dx}, {dy})"
        );
    }
}

#[test]
fn after_a_solid_moves_nothing_overlaps_it_unless_reported_squashed() {
    let mut rng = Rng::new(0x5011d);
    let mut squashed = 0;
    for _ in 0..3_000 {
        let mut w = world();
        let solid = rect(&mut rng, 30, 30);
        let solid_id = w.add_d(solid.d(), 0).unwrap();
        let mut placed = vec![solid];
        let mut walls = Vec::new();
        let mut crates = Vec::new();
        for _ in 0..rng.range(2, 14) {
            let r = rect(&mut rng, 60, 16);
            if placed.iter().any(|p| p.overlap(r)) {
                continue;
            }
            placed.push(r);
            let id = w.add_d(r.d(), 0).unwrap();
            if rng.chance(1, 3) {
                walls.push((id, r));
            } else {
                crates.push(id);
            }
        }
        // Walls neither ride nor are pushed, and stop the crates.
        let filter = |_: &mut World, item: u64, _: u64| {
            if walls.iter().any(|&(id, _)| id == item) {
                Response::Ignore
            } else {
                Response::Slide
            }
        };
        let up = rng.pick(&DIRS);
        let d = Vec2D::new(rng.range(-40, 40) as f64, rng.range(-40, 40) as f64);
        let mut out = Vec::new();
        let up_v = Vec2D::new(up.0 as f64, up.1 as f64);
        w.move_solid(solid_id, d, up_v, filter, &mut out).unwrap();
        let s = get(&w, solid_id);
        assert_eq!((s.x, s.y), (solid.x + d.x as i64, solid.y + d.y as i64));
        for &c in &crates {
            let r = get(&w, c);
            let report = out.iter().find(|m| m.id == c).map_or(0, |m| m.what);
            if report & SQUASHED != 0 {
                squashed += 1;
            } else {
                assert!(!r.overlap(s), "crate {r:?} inside solid {s:?}: {out:?}");
            }
            for &(_, wall) in &walls {
                assert!(!r.overlap(wall), "crate {r:?} pushed into wall {wall:?}");
            }
        }
    }
    assert!(squashed > 50, "{squashed}");
}

#[test]
fn push_out_answers_the_smallest_way_out() {
    let mut rng = Rng::new(0x9054);
    let (mut moved, mut stuck) = (0, 0);
    for _ in 0..3_000 {
        let mut w = world();
        let walls: Vec<I> = (0..rng.range(1, 8))
            .map(|_| rect(&mut rng, 20, 20))
            .collect();
        for r in &walls {
            w.add_d(r.d(), 0).unwrap();
        }
        let m = rect(&mut rng, 20, 10);
        let id = w.add_d(m.d(), 0).unwrap();
        let max = rng.range(0, 24);
        match check_push_out(&mut w, id, m, &walls, max) {
            Some(true) => moved += 1,
            None => stuck += 1,
            _ => {}
        }
    }
    assert!(moved > 500 && stuck > 50, "{moved} moved, {stuck} stuck");
}

#[test]
fn a_zero_height_item_beside_a_player_is_no_wall() {
    let mut w = world();
    // Its left edge meets the player's right face, but they share a point, not an edge.
    w.add_d(RectD::new(10.0, 5.0, 4.0, 0.0), 0).unwrap();
    let player = w.add_d(RectD::new(0.0, 0.0, 10.0, 10.0), 0).unwrap();
    assert_eq!(ground(&mut w, player).flags, 0);
}

#[test]
fn push_out_and_a_solid_move_take_distances_up_to_the_f64_range() {
    let mut w = world();
    w.add_d(RectD::new(0.0, 0.0, 100.0, 20.0), 0).unwrap();
    let player = w.add_d(RectD::new(70.0, 4.0, 10.0, 10.0), 0).unwrap();
    let p = w.push_out(player, f64::MAX, slide).unwrap().unwrap();
    assert_eq!((p.x, p.y), (70.0, -10.0));
    assert_eq!(
        w.push_out(player, f64::INFINITY, slide),
        Err(collide2d::world::WorldError::Invalid)
    );
    assert_eq!(
        w.push_out(player, -1.0, slide),
        Err(collide2d::world::WorldError::Invalid)
    );
    // A delta that would take the solid beyond the f64 range moves nothing.
    let lift = w.add_d(RectD::new(f64::MAX, 0.0, 1.0, 1.0), 0).unwrap();
    let mut out = Vec::new();
    let far = Vec2D::new(f64::MAX, 0.0);
    assert_eq!(
        w.move_solid(lift, far, UP, slide, &mut out),
        Err(collide2d::world::WorldError::Invalid)
    );
    assert_eq!(pos(&w, lift), (f64::MAX, 0.0));
}

/// Two players side by side, touching, on a lift moving sideways: each keeps its offset on
/// the lift, whichever was added first (the one in front moves first, so the one behind is
/// never stopped by a neighbour that has not moved yet).
#[test]
fn riders_side_by_side_on_a_lift_moving_sideways_keep_their_offsets() {
    for dx in [-4.0, 4.0, -0.75, 3.5] {
        for behind_first in [true, false] {
            let mut w = world();
            let lift = w.add_d(RectD::new(0.0, 10.0, 40.0, 2.0), 0).unwrap();
            let add = |w: &mut World, x: f64| w.add_d(RectD::new(x, 5.0, 5.0, 5.0), 0).unwrap();
            // The one behind is the one the motion leaves: at x = 10 moving left.
            let (front_x, back_x) = if dx < 0.0 { (5.0, 10.0) } else { (10.0, 5.0) };
            let (back, front) = if behind_first {
                let b = add(&mut w, back_x);
                (b, add(&mut w, front_x))
            } else {
                let f = add(&mut w, front_x);
                (add(&mut w, back_x), f)
            };
            let mut out = Vec::new();
            w.move_solid(lift, Vec2D::new(dx, 0.0), UP, slide, &mut out)
                .unwrap();
            assert_eq!(pos(&w, front), (front_x + dx, 5.0), "front, dx {dx}");
            assert_eq!(pos(&w, back), (back_x + dx, 5.0), "behind, dx {dx}");
            assert!(out.iter().all(|m| m.what == CARRIED), "{out:?}");
        }
    }
}

/// Pushes item `id` (at `m`) out of `walls` within `max` and checks the answer against brute
/// force: every grid position within `max`, by distance, then +x, -x, +y, -y. Answers whether
/// it moved, or `None` when it had nowhere to go.
fn check_push_out(w: &mut World, id: u64, m: I, walls: &[I], max: i64) -> Option<bool> {
    let got = w.push_out(id, max as f64, slide).unwrap();
    let rank = |v: i64| {
        if v > 0 {
            0
        } else if v < 0 {
            1
        } else {
            2
        }
    };
    let mut best: Option<(i64, u8, u8, i64, i64)> = None;
    for dx in -max..=max {
        for dy in -max..=max {
            let d2 = dx * dx + dy * dy;
            if d2 > max * max || walls.iter().any(|o| o.overlap(m.at(m.x + dx, m.y + dy))) {
                continue;
            }
            let key = (d2, rank(dx), rank(dy), dx, dy);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
    }
    match (got, best) {
        (Some(p), Some((.., dx, dy))) => {
            assert_eq!(
                (p.x, p.y),
                ((m.x + dx) as f64, (m.y + dy) as f64),
                "{m:?} {walls:?}"
            );
            assert_eq!(get(w, id), m.at(m.x + dx, m.y + dy));
            Some((dx, dy) != (0, 0))
        }
        (None, None) => {
            assert_eq!(get(w, id), m);
            None
        }
        _ => panic!("{got:?} vs {best:?} for {m:?} in {walls:?} within {max}"),
    }
}

/// A crate stuck inside a packed block of walls with a few missing (a level's rubble) comes out
/// at the nearest clear place, the same as brute force finds, and stays put when there is none
/// within reach.
#[test]
fn push_out_of_a_packed_field_answers_the_smallest_way_out() {
    let mut rng = Rng::new(0x9ac4);
    let (mut moved, mut stuck) = (0, 0);
    for _ in 0..60 {
        let mut w = world();
        let side = rng.range(3, 9);
        let mut walls = Vec::new();
        for j in 0..side * side {
            if rng.chance(1, 8) {
                continue;
            }
            let r = I {
                x: (j % side) * 10,
                y: (j / side) * 10,
                w: 10,
                h: 10,
            };
            w.add_d(r.d(), 0).unwrap();
            walls.push(r);
        }
        let m = I {
            x: rng.range(0, side * 10 - 8),
            y: rng.range(0, side * 10 - 8),
            w: rng.range(2, 12),
            h: rng.range(2, 12),
        };
        let id = w.add_d(m.d(), 0).unwrap();
        match check_push_out(&mut w, id, m, &walls, rng.range(0, 50)) {
            Some(true) => moved += 1,
            None => stuck += 1,
            _ => {}
        }
    }
    assert!(moved > 20 && stuck > 3, "{moved} moved, {stuck} stuck");
}
