//! The movement kit: one-way platforms, ground state, push-out and fit, moving solids. Each
//! scenario is one that platformer players report against other libraries; the property tests
//! hold the kit to brute-force oracles on the grid.

mod common;

use collide2d::world::{
    Ground, Moved, RectD, Response, Vec2D, World, CARRIED, ON_CEILING, ON_FLOOR, ON_LEFT,
    ON_RIGHT, PUSHED, SQUASHED,
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
    let p = w.move_d(id, Vec2D::new(x + dx, y + dy), slide, &mut hits).unwrap();
    (p.x, p.y)
}

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

#[test]
fn a_player_jumps_up_through_a_platform_and_is_never_on_the_floor_inside_it() {
    let mut w = world();
    let platform = w.add_d(RectD::new(0.0, 100.0, 100.0, 10.0), 0).unwrap();
    w.set_one_way(platform, UP).unwrap();
    let player = w.add_d(RectD::new(20.0, 115.0, 10.0, 10.0), 0).unwrap();
    let mut y = 115.0;
    while y > 60.0 {
        let (_, ny) = step(&mut w, player, 0.0, -3.0);
        assert_eq!(ny, y - 3.0, "jumping up through the platform is never stopped");
        y = ny;
        let g = ground(&mut w, player);
        // Only a bottom exactly flush with the platform's top is standing on it.
        assert_eq!(g.flags & ON_FLOOR != 0, y + 10.0 == 100.0, "at y = {y}");
    }
}

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
    let p = w.move_d(player, Vec2D::new(20.0, 105.0), drop, &mut hits).unwrap();
    assert_eq!((p.x, p.y), (20.0, 105.0));
    assert!(hits.is_empty());
}

#[test]
fn a_corner_only_touch_is_not_ground() {
    let mut w = world();
    w.add_d(RectD::new(0.0, 100.0, 100.0, 10.0), 0).unwrap();
    let player = w.add_d(RectD::new(100.0, 90.0, 10.0, 10.0), 0).unwrap();
    assert_eq!(ground(&mut w, player).flags, 0);
    w.update_d(player, RectD::new(99.5, 90.0, 10.0, 10.0)).unwrap();
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
    assert_eq!((g.floor, g.ceiling, g.left, g.right), (floor, top, left, right));
}

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
    assert_eq!(w.push_out(deep, 15.0, slide).unwrap(), Some(Vec2D::new(40.0, 20.0)));
}

#[test]
fn a_crouching_player_cannot_stand_up_under_a_low_ceiling() {
    let mut w = world();
    w.add_d(RectD::new(0.0, 0.0, 100.0, 10.0), 0).unwrap();
    let player = w.add_d(RectD::new(20.0, 15.0, 10.0, 10.0), 0).unwrap();
    assert!(!w.fits(player, RectD::new(20.0, 5.0, 10.0, 20.0), slide).unwrap());
    assert!(w.fits(player, RectD::new(20.0, 10.0, 10.0, 15.0), slide).unwrap());
    assert!(w.fits(player, RectD::new(120.0, 5.0, 10.0, 20.0), slide).unwrap());
}

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
        w.move_solid(lift, Vec2D::new(1.0, dy), UP, filter, &mut out).unwrap();
        assert_eq!(out, vec![Moved { id: player, what: CARRIED }]);
        assert_eq!(pos(&w, player).1, y);
    }
    // Up into the ceiling: the player is squashed and left where it was.
    w.move_solid(lift, Vec2D::new(0.0, -40.0), UP, filter, &mut out).unwrap();
    assert_eq!(out, vec![Moved { id: player, what: SQUASHED }]);
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
    w.move_solid(mover, Vec2D::new(25.0, 0.0), UP, filter, &mut out).unwrap();
    assert_eq!(out, vec![Moved { id: crate_, what: PUSHED }]);
    assert_eq!(pos(&w, crate_), (35.0, 20.0));
    w.move_solid(mover, Vec2D::new(30.0, 0.0), UP, filter, &mut out).unwrap();
    assert_eq!(out, vec![Moved { id: crate_, what: SQUASHED }]);
    assert_eq!(pos(&w, crate_), (35.0, 20.0));
}
