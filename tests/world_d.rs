//! The world in double precision (since 1.1): coordinates kept as given, predicates exact for
//! decimal and arbitrary doubles with touching read as the game means it (since 1.3), players
//! placed on platforms stay on them, categories and masks, filters that change the world during
//! a move, world tags, a full world.

mod common;

use collide2d::ffi::*;
use collide2d::world::{skip_tags, Pair, Precision, RectD, Response, Vec2D, World, WorldError};
use common::Rng;

/// `v` as an exact multiple of 2^-60 (every value these tests build is one).
fn fixed(v: f64) -> i128 {
    let f = v * (1u128 << 60) as f64;
    assert_eq!(f.fract(), 0.0, "{v} is not a multiple of 2^-60");
    f as i128
}

/// Overlap as a double world reads it (touching as the game means it): by more than the band
/// on both axes (bump.lua's 1e-10, or one unit in the last place of the largest magnitude among
/// both rects' position and size on that axis where that is more), in exact integer arithmetic.
fn overlap_band(a: RectD, b: RectD) -> bool {
    let axis = |ax: f64, aw: f64, bx: f64, bw: f64| {
        let m = [ax, aw, bx, bw].iter().fold(0.0f64, |m, v| m.max(v.abs()));
        let band = (Precision::Double.band(m) * (1u128 << 60) as f64).floor() as i128;
        let (ax, aw, bx, bw) = (fixed(ax), fixed(aw), fixed(bx), fixed(bw));
        (bx + bw) - ax > band && (ax + aw) - bx > band
    };
    axis(a.x, a.w, b.x, b.w) && axis(a.y, a.h, b.y, b.h)
}

/// A decimal with `places` digits after the point, as the nearest double.
fn decimal(rng: &mut Rng, whole: i64, places: u32) -> f64 {
    let scale = 10i64.pow(places);
    rng.range(-whole * scale, whole * scale) as f64 / scale as f64
}

fn positive_decimal(rng: &mut Rng, whole: i64, places: u32) -> f64 {
    let scale = 10i64.pow(places);
    rng.range(1, whole * scale) as f64 / scale as f64
}

/// An arbitrary double in `[lo, hi)` that is a multiple of 2^-60.
fn arbitrary(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    let v = rng.float(lo, hi);
    (v * (1u64 << 40) as f64).round() / (1u64 << 40) as f64
}

#[test]
fn rects_are_kept_as_given_not_rounded_to_f32() {
    let mut w = World::new_d(64.0).unwrap();
    let r = RectD::new(0.1, 99.9, 10.3, 0.7);
    let id = w.add_d(r, 7).unwrap();
    assert_eq!(w.get_d(id).unwrap(), (r, 7));
    let r2 = RectD::new(1.0 / 3.0, -2.0 / 3.0, 1e-9, 123456.789);
    w.update_d(id, r2).unwrap();
    assert_eq!(
        w.get_d(id).unwrap().0,
        r2,
        "getRect after update is what was given"
    );
}

#[test]
fn a_player_placed_on_a_platform_and_moved_down_stays_on_it() {
    // A rect at y = platform.y - h (the game's own numbers) moved down by 1 never falls into
    // the platform, for 2-decimal and arbitrary double coordinates alike.
    let mut rng = Rng::new(99);
    for case in 0..4000 {
        let arbitrary_coords = case % 2 == 1;
        let (px, py, pw, ph, x, w, h) = if arbitrary_coords {
            (
                arbitrary(&mut rng, -500.0, 500.0),
                arbitrary(&mut rng, -500.0, 500.0),
                arbitrary(&mut rng, 1.0, 300.0),
                arbitrary(&mut rng, 0.5, 40.0),
                0.0,
                arbitrary(&mut rng, 0.5, 40.0),
                arbitrary(&mut rng, 0.5, 60.0),
            )
        } else {
            (
                decimal(&mut rng, 500, 2),
                decimal(&mut rng, 500, 2),
                positive_decimal(&mut rng, 300, 2),
                positive_decimal(&mut rng, 40, 2),
                0.0,
                positive_decimal(&mut rng, 40, 2),
                positive_decimal(&mut rng, 60, 2),
            )
        };
        let platform = RectD::new(px, py, pw, ph);
        let x = px + x + pw / 4.0;
        let x = (x * (1u64 << 40) as f64).round() / (1u64 << 40) as f64;
        let player = RectD::new(x, py - h, w, h);
        let mut world = World::new_d(64.0).unwrap();
        let p = world.add_d(platform, 0).unwrap();
        let me = world.add_d(player, 0).unwrap();
        let started_inside = overlap_band(player, platform);
        assert_eq!(
            world.query_rect_d(player, u64::MAX, &mut []),
            1 + started_inside as usize,
            "case {case}: the world reads a flush placement as touching"
        );
        let mut hits = Vec::new();
        let end = world
            .move_d(
                me,
                Vec2D::new(x, player.y + 1.0),
                |_, _, _| Response::Slide,
                &mut hits,
            )
            .unwrap();
        let fin = RectD::new(end.x, end.y, w, h);
        assert!(
            !overlap_band(fin, platform),
            "case {case}: {player:?} on {platform:?} fell in, ended at {end:?}"
        );
        if !started_inside {
            assert_eq!(hits.len(), 1, "case {case}: it lands on the platform");
            assert_eq!(hits[0].id, p);
            assert!(
                !hits[0].overlaps,
                "case {case}: touching is not overlapping"
            );
            assert_eq!(end.y, player.y, "case {case}: stays where it stood");
        }
    }
}

#[test]
fn random_double_worlds_agree_with_brute_force() {
    // Decimal and arbitrary-double rects, touching placements built on purpose; queries and
    // pairs against exact integer arithmetic.
    let mut rng = Rng::new(5);
    for round in 0..40 {
        let mut w = World::new_d([0.5, 3.0, 16.0, 64.0][round % 4]).unwrap();
        let mut items: Vec<(u64, RectD)> = Vec::new();
        for k in 0..150 {
            let r = if k > 0 && rng.chance(1, 3) {
                // Touching an earlier item on one side, in the game's numbers.
                let (_, o) = items[rng.below(items.len() as u64) as usize];
                let (w_, h_) = (
                    positive_decimal(&mut rng, 20, 2),
                    positive_decimal(&mut rng, 20, 2),
                );
                match rng.below(4) {
                    0 => RectD::new(o.x - w_, o.y, w_, h_),
                    1 => RectD::new(o.x + o.w, o.y, w_, h_),
                    2 => RectD::new(o.x, o.y - h_, w_, h_),
                    _ => RectD::new(o.x, o.y + o.h, w_, h_),
                }
            } else if round % 2 == 0 {
                RectD::new(
                    decimal(&mut rng, 100, 2),
                    decimal(&mut rng, 100, 2),
                    positive_decimal(&mut rng, 20, 2),
                    positive_decimal(&mut rng, 20, 2),
                )
            } else {
                RectD::new(
                    arbitrary(&mut rng, -100.0, 100.0),
                    arbitrary(&mut rng, -100.0, 100.0),
                    arbitrary(&mut rng, 0.01, 20.0),
                    arbitrary(&mut rng, 0.01, 20.0),
                )
            };
            // Sums like o.x + o.w are rounded: keep only rects exactly on the 2^-60 grid.
            let r = RectD::new(
                (r.x * (1u64 << 40) as f64).round() / (1u64 << 40) as f64,
                r.y,
                r.w,
                r.h,
            );
            let id = w.add_d(r, 0).unwrap();
            items.push((id, r));
        }
        let mut want: Vec<Pair> = Vec::new();
        for (i, &(a, ra)) in items.iter().enumerate() {
            for &(b, rb) in &items[i + 1..] {
                if overlap_band(ra, rb) {
                    want.push(Pair {
                        a: a.min(b),
                        b: a.max(b),
                    });
                }
            }
        }
        want.sort();
        let mut got = vec![Pair::default(); w.pairs(&mut [])];
        w.pairs(&mut got);
        assert_eq!(got, want, "round {round}: pairs");
        for &(_, q) in items.iter().take(40) {
            let mut want: Vec<u64> = items
                .iter()
                .filter(|(_, r)| overlap_band(q, *r))
                .map(|(id, _)| *id)
                .collect();
            want.sort_unstable();
            let mut out = vec![0u64; w.query_rect_d(q, u64::MAX, &mut [])];
            w.query_rect_d(q, u64::MAX, &mut out);
            assert_eq!(out, want, "round {round}: query_rect_d {q:?}");
        }
    }
}

#[test]
fn categories_follow_the_interaction_rule_in_pairs_queries_and_moves() {
    let mut rng = Rng::new(11);
    let mut w = World::new_d(16.0).unwrap();
    let mut items = Vec::new();
    for _ in 0..200 {
        let r = RectD::new(
            rng.range(-40, 40) as f64,
            rng.range(-40, 40) as f64,
            rng.range(1, 12) as f64,
            rng.range(1, 12) as f64,
        );
        let id = w.add_d(r, 0).unwrap();
        let (c, m) = (1u64 << rng.below(4), rng.next_u64() | 1);
        w.set_category(id, c, m).unwrap();
        assert_eq!(w.category(id).unwrap(), (c, m));
        items.push((id, r, c, m));
    }
    let interact = |a: &(u64, RectD, u64, u64), b: &(u64, RectD, u64, u64)| {
        (a.2 & b.3) != 0 && (b.2 & a.3) != 0
    };
    let mut want = Vec::new();
    for (i, a) in items.iter().enumerate() {
        for b in &items[i + 1..] {
            if overlap_band(a.1, b.1) && interact(a, b) {
                want.push(Pair {
                    a: a.0.min(b.0),
                    b: a.0.max(b.0),
                });
            }
        }
    }
    want.sort();
    let mut got = vec![Pair::default(); w.pairs(&mut [])];
    w.pairs(&mut got);
    assert_eq!(got, want);
    // A query's mask skips items whose category has no bit of it.
    let q = RectD::new(-50.0, -50.0, 100.0, 100.0);
    for mask in [1u64, 2, 4 | 8, u64::MAX] {
        let n = w.query_rect_d(q, mask, &mut []);
        let expect = items
            .iter()
            .filter(|i| i.2 & mask != 0 && overlap_band(q, i.1))
            .count();
        assert_eq!(n, expect, "mask {mask}");
    }
    // Moves never meet items they do not interact with, and never ask the filter about them.
    for a in items.iter().take(50) {
        let mut hits = Vec::new();
        let goal = Vec2D::new(a.1.x + 30.0, a.1.y - 20.0);
        let mut asked = Vec::new();
        w.check_d(
            a.0,
            goal,
            |_, _, o| {
                asked.push(o);
                Response::Touch
            },
            &mut hits,
        )
        .unwrap();
        for o in asked {
            let b = items.iter().find(|i| i.0 == o).unwrap();
            assert!(interact(a, b), "asked about an item that does not interact");
        }
    }
}

#[test]
fn the_filter_may_change_the_world_and_the_move_sees_it() {
    // A filter that removes the wall it is asked about: the mover passes, no stale handle.
    let mut w = World::new_d(8.0).unwrap();
    let me = w.add_d(RectD::new(0.0, 0.0, 4.0, 4.0), 0).unwrap();
    let wall = w.add_d(RectD::new(10.0, -10.0, 2.0, 30.0), 0).unwrap();
    let mut hits = Vec::new();
    let end = w
        .move_d(
            me,
            Vec2D::new(20.0, 0.0),
            |w, _, o| {
                w.remove(o).unwrap();
                Response::Slide
            },
            &mut hits,
        )
        .unwrap();
    assert_eq!(end, Vec2D::new(20.0, 0.0));
    assert!(
        hits.iter().all(|h| h.id != wall),
        "no stale handle reported"
    );
    // A filter that teleports the wall out of the way.
    let wall = w.add_d(RectD::new(30.0, -10.0, 2.0, 30.0), 0).unwrap();
    let end = w
        .move_d(
            me,
            Vec2D::new(40.0, 0.0),
            |w, _, o| {
                w.update_d(o, RectD::new(100.0, 100.0, 2.0, 2.0)).unwrap();
                Response::Slide
            },
            &mut hits,
        )
        .unwrap();
    assert_eq!(end, Vec2D::new(40.0, 0.0));
    assert!(hits.iter().all(|h| h.id != wall));
    // A filter that adds a wall in the path: it is met, the mover stops against it.
    let door = w.add_d(RectD::new(45.0, -10.0, 1.0, 30.0), 0).unwrap();
    let mut added = None;
    let end = w
        .move_d(
            me,
            Vec2D::new(80.0, 0.0),
            |w, _, o| {
                if o == door && added.is_none() {
                    added = Some(w.add_d(RectD::new(60.0, -10.0, 2.0, 30.0), 0).unwrap());
                    return Response::Cross;
                }
                Response::Touch
            },
            &mut hits,
        )
        .unwrap();
    assert_eq!(end, Vec2D::new(56.0, 0.0), "stopped against the added wall");
    assert_eq!(hits.last().unwrap().id, added.unwrap());
    // A filter that moves the mover (here when asked about the wall it stands against): the
    // move goes on from its new rect.
    let mut moved = false;
    let end = w
        .move_d(
            me,
            Vec2D::new(90.0, 0.0),
            |w, item, _| {
                if !moved {
                    moved = true;
                    w.update_d(item, RectD::new(80.0, 50.0, 4.0, 4.0)).unwrap();
                }
                Response::Touch
            },
            &mut hits,
        )
        .unwrap();
    assert_eq!(
        end,
        Vec2D::new(90.0, 0.0),
        "from (80, 50) nothing is in the way"
    );
    // A filter that removes the mover: stale.
    let blocker = w.add_d(RectD::new(100.0, -10.0, 2.0, 30.0), 0).unwrap();
    let r = w.move_d(
        me,
        Vec2D::new(120.0, 0.0),
        |w, item, o| {
            assert_eq!(o, blocker);
            w.remove(item).unwrap();
            Response::Touch
        },
        &mut hits,
    );
    assert_eq!(r, Err(WorldError::Stale));
}

#[test]
fn another_worlds_handles_are_stale_even_after_a_million_worlds() {
    let mut old = World::new(8.0).unwrap();
    let id = old
        .add(collide2d::Rect::new(0.0, 0.0, 1.0, 1.0), 0)
        .unwrap();
    // As if a scratch world had been made every frame at 60 fps for five hours and more.
    skip_tags((1 << 20) + 5);
    let mut new = World::new(8.0).unwrap();
    let mine = new
        .add(collide2d::Rect::new(0.0, 0.0, 1.0, 1.0), 0)
        .unwrap();
    assert_eq!(new.remove(id), Err(WorldError::Stale));
    assert!(new.get(mine).is_ok(), "the new world's item is untouched");
    assert!(old.get(id).is_ok());
}

#[test]
fn a_full_world_says_so() {
    let mut w = World::new_d(1.0).unwrap();
    let r = RectD::new(0.0, 0.0, 0.5, 0.5);
    for _ in 0..World::CAPACITY {
        w.add_d(r, 0).unwrap();
    }
    assert_eq!(w.add_d(r, 0), Err(WorldError::Full));
    let p = Box::into_raw(Box::new(w));
    let mut id = 1u64;
    let st = unsafe { c2d_world_add_checked(p, r, 0, &mut id) };
    assert_eq!((st, id), (C2D_ERR_FULL, 0));
    assert_eq!(unsafe { c2d_world_add_d(p, r, 0) }, 0);
    let text = unsafe { std::ffi::CStr::from_ptr(c2d_status_str(st)) };
    assert!(text.to_str().unwrap().starts_with("world full"));
    unsafe { c2d_world_free(p) };
}

#[test]
fn random_moves_in_doubles_never_end_inside_a_solid_item() {
    // Decimal and arbitrary-double worlds, every response chosen per pair, many touching
    // placements: a move never ends strictly inside an item it did not start in unless that
    // item was crossed or ignored, checked in exact integer arithmetic; hits name live items.
    let responses = [
        Response::Slide,
        Response::Touch,
        Response::Cross,
        Response::Bounce,
        Response::Ignore,
    ];
    let respond = |a: u64, b: u64| responses[((a ^ b.rotate_left(7)) % 7 % 5) as usize];
    let mut rng = Rng::new(77);
    let mut moves = 0;
    for round in 0..60 {
        let mut w = World::new_d([2.0, 8.0, 32.0][round % 3]).unwrap();
        let mut items: Vec<(u64, RectD)> = Vec::new();
        let snap = |v: f64| (v * (1u64 << 40) as f64).round() / (1u64 << 40) as f64;
        for k in 0..60 {
            let r = if k > 0 && rng.chance(1, 2) {
                let (_, o) = items[rng.below(items.len() as u64) as usize];
                let (a, b) = (
                    positive_decimal(&mut rng, 10, 2),
                    positive_decimal(&mut rng, 10, 2),
                );
                match rng.below(4) {
                    0 => RectD::new(snap(o.x - a), o.y, a, b),
                    1 => RectD::new(snap(o.x + o.w), o.y, a, b),
                    2 => RectD::new(o.x, snap(o.y - b), a, b),
                    _ => RectD::new(o.x, snap(o.y + o.h), a, b),
                }
            } else if round % 2 == 0 {
                RectD::new(
                    decimal(&mut rng, 40, 2),
                    decimal(&mut rng, 40, 2),
                    positive_decimal(&mut rng, 10, 2),
                    positive_decimal(&mut rng, 10, 2),
                )
            } else {
                RectD::new(
                    arbitrary(&mut rng, -40.0, 40.0),
                    arbitrary(&mut rng, -40.0, 40.0),
                    arbitrary(&mut rng, 0.1, 10.0),
                    arbitrary(&mut rng, 0.1, 10.0),
                )
            };
            items.push((w.add_d(r, 0).unwrap(), r));
        }
        for _ in 0..60 {
            let k = rng.below(items.len() as u64) as usize;
            let (id, start) = items[k];
            let goal = Vec2D::new(
                snap(start.x + decimal(&mut rng, 30, 2)),
                snap(start.y + decimal(&mut rng, 30, 2)),
            );
            let mut hits = Vec::new();
            let end = w
                .move_d(id, goal, |_, a, b| respond(a, b), &mut hits)
                .unwrap();
            let fin = RectD::new(end.x, end.y, start.w, start.h);
            for &(o, r) in &items {
                let solid = !matches!(respond(id, o), Response::Cross | Response::Ignore);
                if o != id && solid && !overlap_band(start, r) {
                    assert!(
                        !overlap_band(fin, r),
                        "round {round}: {start:?} to {goal:?} ended at {end:?} inside {r:?}"
                    );
                }
            }
            assert!(hits.len() <= collide2d::world::MAX_MOVE_HITS);
            for h in &hits {
                assert!(items.iter().any(|&(o, _)| o == h.id) && h.id != id);
                assert_ne!(
                    respond(id, h.id),
                    Response::Ignore,
                    "an ignored item is no hit"
                );
            }
            if hits.is_empty() {
                assert_eq!(
                    end, goal,
                    "round {round}: unobstructed moves end at the goal"
                );
            }
            items[k].1 = fin;
            moves += 1;
        }
    }
    println!("{moves} moves in double precision, none ends inside a solid item");
}

#[test]
fn a_filter_that_changes_the_world_on_every_call_still_ends() {
    // Every answer adds another wall ahead and removes the one asked about: the move follows
    // the changes a bounded number of times, then finishes.
    let mut w = World::new_d(8.0).unwrap();
    let me = w.add_d(RectD::new(0.0, 0.0, 4.0, 4.0), 0).unwrap();
    w.add_d(RectD::new(10.0, -10.0, 2.0, 30.0), 0).unwrap();
    let mut calls = 0;
    let mut hits = Vec::new();
    let end = w
        .move_d(
            me,
            Vec2D::new(100.0, 0.0),
            |w, _, o| {
                calls += 1;
                w.remove(o).unwrap();
                w.add_d(RectD::new(10.0 + calls as f64, -10.0, 2.0, 30.0), 0)
                    .unwrap();
                Response::Touch
            },
            &mut hits,
        )
        .unwrap();
    assert!(
        calls <= 2 * collide2d::world::RESTARTS + 2,
        "{calls} filter calls"
    );
    let fin = RectD::new(end.x, end.y, 4.0, 4.0);
    let mut out = [0u64; 8];
    let n = w.query_rect_d(fin, u64::MAX, &mut out);
    assert_eq!(n, 1, "it ends clear of every wall (only itself at {end:?})");
}

#[test]
fn moves_that_start_inside_items_near_the_end_of_the_double_range_report_numbers() {
    // A far-off item, a goal near f64::MAX: the motion and an overlap's area overflow to
    // infinities, and no hit's time, point or position may be NaN.
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let far = |rng: &mut Rng| {
        let u = rng.unit_f64() * 2.0 - 1.0;
        match rng.below(6) {
            0 => f64::MAX * u,
            1 => 1e300 * u,
            2 => f64::MAX.copysign(u),
            3 => 1e10 * u,
            _ => 1e300 * u + rng.below(3) as f64,
        }
    };
    let responses = [
        Response::Slide,
        Response::Touch,
        Response::Cross,
        Response::Bounce,
    ];
    let mut nan = 0;
    for _ in 0..20_000 {
        let mut w = World::new(64.0).unwrap();
        let mut ids = Vec::new();
        for _ in 0..4 {
            let (x, y) = (far(&mut rng), far(&mut rng));
            let (sw, sh) = (far(&mut rng).abs(), far(&mut rng).abs());
            if let Ok(id) = w.add_d(RectD::new(x, y, sw, sh), 0) {
                ids.push(id);
            }
        }
        let Some(&me) = ids.first() else { continue };
        let response = rng.pick(&responses);
        let goal = Vec2D::new(far(&mut rng), far(&mut rng));
        let mut hits = Vec::new();
        if let Ok(end) = w.move_d(me, goal, |_, _, _| response, &mut hits) {
            let bad = |v: Vec2D| v.x.is_nan() || v.y.is_nan();
            nan += (bad(end)
                || hits.iter().any(|h| {
                    h.hit.t.is_nan() || bad(h.hit.normal) || bad(h.hit.point) || bad(h.hit.pos)
                })) as usize;
        }
    }
    assert_eq!(nan, 0, "moves with a NaN in their answer");
}

/// Counting the pairs of a crowded cell (`pairs` with no room, as `c2d_world_pairs(w, NULL, 0)`)
/// gives the number the full listing has, with categories filtering and floors spanning the
/// crowd, past the point where the count no longer keeps every pair it has found.
#[test]
fn counting_the_pairs_of_a_crowd_matches_listing_them() {
    let mut rng = Rng::new(29);
    for filtered in [false, true] {
        let mut w = World::new_d(256.0).unwrap();
        let mut items = Vec::new();
        for k in 0..1200 {
            // A crowd in one cell, and every 100th item a floor wider than many cells.
            let r = if k % 100 == 99 {
                RectD::new(-5000.0, rng.range(0, 100) as f64, 10000.0, 4.0)
            } else {
                RectD::new(
                    rng.range(0, 100) as f64 + 0.25,
                    rng.range(0, 100) as f64,
                    rng.range(20, 60) as f64,
                    rng.range(20, 60) as f64,
                )
            };
            let id = w.add_d(r, 0).unwrap();
            let (c, m) = if filtered {
                (1u64 << rng.below(3), rng.next_u64() | 1)
            } else {
                (1, u64::MAX)
            };
            w.set_category(id, c, m).unwrap();
            items.push((r, c, m));
        }
        let mut want = 0;
        for (i, a) in items.iter().enumerate() {
            for b in &items[i + 1..] {
                want += (overlap_band(a.0, b.0) && (a.1 & b.2) != 0 && (b.1 & a.2) != 0) as usize;
            }
        }
        assert!(want > 70_000, "the crowd has many pairs: {want}");
        let count = w.pairs(&mut []);
        let mut listed = vec![Pair::default(); want + 1];
        assert_eq!(count, want, "counted (filtered: {filtered})");
        assert_eq!(w.pairs(&mut listed), want, "listed (filtered: {filtered})");
        assert_eq!(w.pairs(&mut []), want, "counted again, after a listing");
    }
}
