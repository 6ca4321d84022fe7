//! Sensors and their events: pickups, doors and checkpoints told when an item comes in and when
//! it leaves, even one that a fast move carries straight through.
//!
//! Random worlds of sensors and visitors play frames of moves (some at 10^6 units per frame
//! across sensors 1/256 wide), teleports, removals, additions, category changes and sensors
//! switched on and off; a brute-force model of the same world (integer grid coordinates, every
//! pair tested, every move's sweep tested in exact rational arithmetic) says which events each
//! frame must bring, and the world's must be exactly those: none wrong, none missed, none
//! duplicated.

mod common;

use collide2d::world::{
    Event, RectD, Response, Vec2D, World, WorldHitD, EVENT_BEGIN, EVENT_END, EVENT_PASSED,
    EVENT_REMOVED,
};
use common::Rng;
use std::collections::{BTreeMap, BTreeSet};

/// One grid step, 1/256 unit.
const STEP: f64 = 1.0 / 256.0;

/// An item of the model: its rect in grid steps, and what it is.
#[derive(Clone, Copy, Debug)]
struct Item {
    x: i64,
    y: i64,
    w: i64,
    h: i64,
    sensor: bool,
    cat: u64,
    mask: u64,
}

impl Item {
    fn rect(&self) -> RectD {
        let f = |v: i64| v as f64 * STEP;
        RectD::new(f(self.x), f(self.y), f(self.w), f(self.h))
    }
}

/// Whether `a` and `b` overlap: on the grid, by more than any band (strictly).
fn overlap(a: &Item, b: &Item) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

fn interact(a: &Item, b: &Item) -> bool {
    a.cat & b.mask != 0 && b.cat & a.mask != 0
}

/// The pair `(sensor, visitor)` of two items if one visits the other now or could.
fn pair(ia: u64, a: &Item, ib: u64, b: &Item) -> Option<(u64, u64)> {
    if a.sensor == b.sensor || !interact(a, b) {
        return None;
    }
    Some(if a.sensor { (ia, ib) } else { (ib, ia) })
}

/// `n / d` with `d > 0`.
#[derive(Clone, Copy)]
struct Frac(i128, i128);

impl Frac {
    fn new(n: i128, d: i128) -> Frac {
        if d < 0 {
            Frac(-n, -d)
        } else {
            Frac(n, d)
        }
    }
    fn lt(self, o: Frac) -> bool {
        self.0 * o.1 < o.0 * self.1
    }
}

/// Whether `a` moving by `(dx, dy)` steps overlaps `o` at some time in `[0, 1]`, exactly.
fn passes(a: &Item, dx: i64, dy: i64, o: &Item) -> bool {
    let mut lo = Frac(0, 1);
    let mut hi = Frac(1, 1);
    let (mut open_lo, mut open_hi) = (false, false);
    for (alo, asz, olo, osz, d) in [(a.x, a.w, o.x, o.w, dx), (a.y, a.h, o.y, o.h, dy)] {
        let (alo, ahi, olo, ohi, d) = (
            alo as i128,
            (alo + asz) as i128,
            olo as i128,
            (olo + osz) as i128,
            d as i128,
        );
        if d == 0 {
            if !(alo < ohi && olo < ahi) {
                return false;
            }
            continue;
        }
        // Overlap while `ahi + t d > olo` and `alo + t d < ohi`.
        let (enter, leave) = (Frac::new(olo - ahi, d), Frac::new(ohi - alo, d));
        let (t0, t1) = if d > 0 {
            (enter, leave)
        } else {
            (leave, enter)
        };
        if !t0.lt(lo) {
            lo = t0;
            open_lo = true;
        }
        if !hi.lt(t1) {
            hi = t1;
            open_hi = true;
        }
    }
    // The set of times is `lo..hi`, each end open or closed.
    if open_lo || open_hi {
        lo.lt(hi)
    } else {
        !hi.lt(lo)
    }
}

/// The model: every live item by handle.
struct Model {
    items: BTreeMap<u64, Item>,
}

impl Model {
    fn pairs(&self) -> BTreeSet<(u64, u64)> {
        let mut out = BTreeSet::new();
        for (&ia, a) in &self.items {
            for (&ib, b) in self.items.range(ia + 1..) {
                if let Some(p) = pair(ia, a, ib, b) {
                    if overlap(a, b) {
                        out.insert(p);
                    }
                }
            }
        }
        out
    }

    fn pairs_of(&self, id: u64) -> Vec<(u64, u64)> {
        let a = &self.items[&id];
        self.items
            .iter()
            .filter(|&(&ib, b)| ib != id && overlap(a, b))
            .filter_map(|(&ib, b)| pair(id, a, ib, b))
            .collect()
    }
}

/// What a frame did, as far as events go.
#[derive(Default)]
struct Frame {
    passed: BTreeSet<(u64, u64)>,
    removed: BTreeSet<u64>,
    removed_pairs: BTreeSet<(u64, u64)>,
}

/// The events a frame must bring, from the pairs before and after it.
fn expected(before: &BTreeSet<(u64, u64)>, after: &BTreeSet<(u64, u64)>, f: &Frame) -> Vec<Event> {
    let all: BTreeSet<(u64, u64)> = before
        .iter()
        .chain(after)
        .chain(&f.passed)
        .chain(&f.removed_pairs)
        .copied()
        .collect();
    let ev = |(sensor, item): (u64, u64), kind, flags| Event {
        sensor,
        item,
        kind,
        flags,
    };
    let mut out = Vec::new();
    for p in all {
        let (old, new) = (before.contains(&p), after.contains(&p));
        let gone = f.removed.contains(&p.0) || f.removed.contains(&p.1);
        match (old, new) {
            (true, false) => out.push(ev(p, EVENT_END, if gone { EVENT_REMOVED } else { 0 })),
            (false, true) => out.push(ev(p, EVENT_BEGIN, 0)),
            (false, false) if f.removed_pairs.contains(&p) => {
                out.push(ev(p, EVENT_BEGIN, 0));
                out.push(ev(p, EVENT_END, EVENT_REMOVED));
            }
            (false, false) if f.passed.contains(&p) => {
                out.push(ev(p, EVENT_BEGIN, EVENT_PASSED));
                out.push(ev(p, EVENT_END, EVENT_PASSED));
            }
            _ => {}
        }
    }
    out
}

fn cross(_: &mut World, _: u64, _: u64) -> Response {
    Response::Cross
}

/// Plays `frames` random frames in a world of `precision` whose coordinates stay within
/// `reach` grid steps, checking every frame's events; answers how many events were checked.
fn play(seed: u64, frames: usize, reach: i64, single: bool) -> usize {
    let mut rng = Rng::new(seed);
    let mut w = if single {
        World::new(64.0).unwrap()
    } else {
        World::new_d(64.0).unwrap()
    };
    let mut m = Model {
        items: BTreeMap::new(),
    };
    let cats = [(1, u64::MAX), (2, 1), (4, 6), (1, 3)];
    let add = |w: &mut World, m: &mut Model, rng: &mut Rng| {
        let sensor = rng.chance(1, 3);
        // Sensors from 1/256 wide (a tripwire) to large rooms; visitors from bullets to players.
        let (w_, h_) = if sensor && rng.chance(1, 2) {
            (1, rng.range(1, 64 * 256))
        } else {
            (rng.range(1, 32 * 256), rng.range(1, 32 * 256))
        };
        let (cat, mask) = rng.pick(&cats);
        let it = Item {
            x: rng.range(-2048 * 32, 2048 * 32),
            y: rng.range(-2048 * 32, 2048 * 32),
            w: w_,
            h: h_,
            sensor,
            cat,
            mask,
        };
        let id = w.add_d(it.rect(), 0).unwrap();
        w.set_category(id, cat, mask).unwrap();
        w.set_sensor(id, sensor).unwrap();
        m.items.insert(id, it);
    };
    let mut checked = 0;
    let mut before = BTreeSet::new();
    let mut hits: Vec<WorldHitD> = Vec::new();
    for frame in 0..frames {
        let mut f = Frame::default();
        while m.items.len() < 24 {
            add(&mut w, &mut m, &mut rng);
        }
        for _ in 0..rng.range(1, 12) {
            let ids: Vec<u64> = m.items.keys().copied().collect();
            let id = rng.pick(&ids);
            match rng.below(10) {
                // A move, often fast: across the whole field in one frame.
                0..=4 => {
                    let it = m.items[&id];
                    // Far (to anywhere within `reach`), or a step; some along one axis.
                    let (mut dx, mut dy) = if rng.chance(1, 3) {
                        (
                            rng.range(-reach, reach) - it.x,
                            rng.range(-reach, reach) - it.y,
                        )
                    } else {
                        (
                            rng.range(-64 * 256, 64 * 256),
                            rng.range(-64 * 256, 64 * 256),
                        )
                    };
                    match rng.below(4) {
                        0 => dx = 0,
                        1 => dy = 0,
                        _ => {}
                    }
                    for (&o, other) in &m.items {
                        if o != id {
                            if let Some(p) = pair(id, &it, o, other) {
                                if passes(&it, dx, dy, other) {
                                    f.passed.insert(p);
                                }
                            }
                        }
                    }
                    let goal = Vec2D::new((it.x + dx) as f64 * STEP, (it.y + dy) as f64 * STEP);
                    let end = w.move_d(id, goal, cross, &mut hits).unwrap();
                    assert_eq!(end, goal, "frame {frame}: nothing blocks a crossing move");
                    assert!(hits.iter().all(|h| !m.items[&h.id].sensor && !it.sensor));
                    let e = m.items.get_mut(&id).unwrap();
                    e.x += dx;
                    e.y += dy;
                }
                // A teleport.
                5 => {
                    let e = m.items.get_mut(&id).unwrap();
                    e.x = rng.range(-2048 * 32, 2048 * 32);
                    e.y = rng.range(-2048 * 32, 2048 * 32);
                    w.update_d(id, e.rect()).unwrap();
                }
                6 => {
                    f.removed_pairs.extend(m.pairs_of(id));
                    f.removed.insert(id);
                    m.items.remove(&id);
                    w.remove(id).unwrap();
                }
                7 => {
                    let (c, k) = rng.pick(&cats);
                    let e = m.items.get_mut(&id).unwrap();
                    (e.cat, e.mask) = (c, k);
                    w.set_category(id, c, k).unwrap();
                }
                8 => {
                    let e = m.items.get_mut(&id).unwrap();
                    e.sensor = !e.sensor;
                    w.set_sensor(id, e.sensor).unwrap();
                }
                _ => add(&mut w, &mut m, &mut rng),
            }
        }
        let after = m.pairs();
        let want = expected(&before, &after, &f);
        let mut got = Vec::new();
        w.events(&mut got);
        assert_eq!(got, want, "seed {seed}, frame {frame}");
        // The world agrees with the model about what overlaps.
        let world_pairs: BTreeSet<(u64, u64)> = {
            let mut ps = Vec::new();
            w.for_each_pair(|p| ps.push(p));
            ps.into_iter()
                .filter_map(|p| pair(p.a, &m.items[&p.a], p.b, &m.items[&p.b]))
                .collect()
        };
        assert_eq!(world_pairs, after, "seed {seed}, frame {frame}: pairs");
        checked += got.len();
        before = after;
    }
    checked
}

/// Random frames in a double-precision world, moves up to 10^6 units per frame.
#[test]
fn random_frames_bring_exactly_the_events_a_brute_force_diff_finds() {
    let frames = if cfg!(miri) { 20 } else { 400 };
    let mut total = 0;
    for seed in 0..8 {
        total += play(seed, frames, 1_000_000 * 256, false);
    }
    assert!(total > 1000, "the frames brought events ({total})");
}

/// The same in an f32 world, within the f32 grid domain.
#[test]
fn random_frames_in_an_f32_world_bring_exactly_the_brute_force_events() {
    let frames = if cfg!(miri) { 20 } else { 400 };
    for seed in 100..104 {
        play(seed, frames, 4096 * 256, true);
    }
}

fn events(w: &mut World) -> Vec<Event> {
    let mut out = Vec::new();
    w.events(&mut out);
    out
}

fn ev(sensor: u64, item: u64, kind: u32, flags: u32) -> Event {
    Event {
        sensor,
        item,
        kind,
        flags,
    }
}

fn slide(_: &mut World, _: u64, _: u64) -> Response {
    Response::Slide
}

/// A ball dropped at 10^6 units per frame through a tripwire 1/256 thick gets both events,
/// flagged as passed, and lands on the floor below without the tripwire stopping it.
#[test]
fn a_ball_falling_through_a_thin_tripwire_in_one_frame_is_seen_passing() {
    let mut w = World::new_d(32.0).unwrap();
    let wire = w.add_d(RectD::new(-100.0, 5000.0, 200.0, STEP), 0).unwrap();
    w.set_sensor(wire, true).unwrap();
    let floor = w.add_d(RectD::new(-100.0, 1.0e6, 200.0, 10.0), 0).unwrap();
    let ball = w.add_d(RectD::new(0.0, 0.0, 8.0, 8.0), 0).unwrap();
    assert!(events(&mut w).is_empty());
    let mut hits = Vec::new();
    let end = w
        .move_d(ball, Vec2D::new(0.0, 2.0e6), slide, &mut hits)
        .unwrap();
    assert_eq!(end, Vec2D::new(0.0, 1.0e6 - 8.0), "the floor stops it");
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].id, floor, "the tripwire is no hit");
    assert_eq!(
        events(&mut w),
        [
            ev(wire, ball, EVENT_BEGIN, EVENT_PASSED),
            ev(wire, ball, EVENT_END, EVENT_PASSED)
        ]
    );
    assert!(events(&mut w).is_empty(), "events are handed out once");
}

/// A player sliding along the floor passes a checkpoint post standing on that floor: the slide
/// leg, not the straight line to the goal, is what sweeps it.
#[test]
fn a_player_sliding_along_the_floor_passes_the_checkpoint_on_its_way() {
    let mut w = World::new(16.0).unwrap();
    w.add_d(RectD::new(0.0, 100.0, 1000.0, 16.0), 0).unwrap();
    let post = w.add_d(RectD::new(500.0, 60.0, 0.5, 40.0), 0).unwrap();
    w.set_sensor(post, true).unwrap();
    let player = w.add_d(RectD::new(10.0, 76.0, 12.0, 24.0), 0).unwrap();
    events(&mut w);
    // Aimed down into the floor and far right: it slides along the floor past the post.
    let mut hits = Vec::new();
    let end = w
        .move_d(player, Vec2D::new(900.0, 300.0), slide, &mut hits)
        .unwrap();
    assert_eq!(end, Vec2D::new(900.0, 76.0));
    assert_eq!(
        events(&mut w),
        [
            ev(post, player, EVENT_BEGIN, EVENT_PASSED),
            ev(post, player, EVENT_END, EVENT_PASSED)
        ]
    );
    // The straight line to the goal would have gone under the post, through the floor: a
    // teleport there and back is no visit.
    w.update_d(player, RectD::new(505.0, 200.0, 12.0, 24.0))
        .unwrap();
    w.update_d(player, RectD::new(10.0, 76.0, 12.0, 24.0))
        .unwrap();
    assert!(events(&mut w).is_empty());
}

/// A player standing flush against a door zone (placed by the game's own arithmetic) is not in
/// it; stepping in begins, stepping out ends, and a coin picked up (removed) ends its pairs.
#[test]
fn touching_a_zone_is_not_entering_it_and_removal_ends_flagged() {
    let mut w = World::new(32.0).unwrap();
    let zone = w.add_d(RectD::new(376.98, 0.0, 50.0, 50.0), 0).unwrap();
    w.set_sensor(zone, true).unwrap();
    // Snapped flush: x = zone.x - w, a rounding inside the zone in exact arithmetic.
    let pw = 24.02;
    let player = w.add_d(RectD::new(376.98 - pw, 10.0, pw, 20.0), 0).unwrap();
    assert!(events(&mut w).is_empty(), "flush is touching, not inside");
    let mut hits = Vec::new();
    w.move_d(player, Vec2D::new(360.0, 10.0), slide, &mut hits)
        .unwrap();
    assert_eq!(events(&mut w), [ev(zone, player, EVENT_BEGIN, 0)]);
    w.remove(zone).unwrap();
    assert_eq!(events(&mut w), [ev(zone, player, EVENT_END, EVENT_REMOVED)]);
}

/// A sensor never blocks and is never blocked: a moving hazard sweeps through a wall and the
/// players beside it, and a player walks through a sensor as if it were not there.
#[test]
fn a_sensor_never_blocks_and_is_never_blocked() {
    let mut w = World::new(32.0).unwrap();
    let wall = w.add_d(RectD::new(100.0, 0.0, 10.0, 100.0), 0).unwrap();
    let saw = w.add_d(RectD::new(0.0, 40.0, 10.0, 10.0), 0).unwrap();
    w.set_sensor(saw, true).unwrap();
    let guard = w.add_d(RectD::new(150.0, 30.0, 10.0, 30.0), 0).unwrap();
    let mut hits = Vec::new();
    let end = w
        .move_d(saw, Vec2D::new(300.0, 40.0), slide, &mut hits)
        .unwrap();
    assert_eq!(end, Vec2D::new(300.0, 40.0));
    assert!(hits.is_empty());
    // The wall and the guard both lay across its path.
    assert_eq!(
        events(&mut w),
        [
            ev(saw, wall, EVENT_BEGIN, EVENT_PASSED),
            ev(saw, wall, EVENT_END, EVENT_PASSED),
            ev(saw, guard, EVENT_BEGIN, EVENT_PASSED),
            ev(saw, guard, EVENT_END, EVENT_PASSED)
        ]
    );
    // A player walks through the sensor without a hit.
    let end = w
        .move_d(guard, Vec2D::new(400.0, 30.0), slide, &mut hits)
        .unwrap();
    assert_eq!(end, Vec2D::new(400.0, 30.0));
    assert!(hits.is_empty());
    assert_eq!(
        events(&mut w),
        [
            ev(saw, guard, EVENT_BEGIN, EVENT_PASSED),
            ev(saw, guard, EVENT_END, EVENT_PASSED)
        ]
    );
}

/// A rollback restores what the sensors had pending: events worked out after a restore (or on
/// a clone) are the events the original world gives, and the hash tells the states apart.
#[test]
fn a_restored_world_or_a_clone_brings_the_same_events() {
    let mut w = World::new_d(32.0).unwrap();
    let wire = w.add_d(RectD::new(50.0, -100.0, STEP, 200.0), 0).unwrap();
    w.set_sensor(wire, true).unwrap();
    let room = w.add_d(RectD::new(200.0, -50.0, 100.0, 100.0), 0).unwrap();
    w.set_sensor(room, true).unwrap();
    let a = w.add_d(RectD::new(0.0, 0.0, 8.0, 8.0), 0).unwrap();
    let b = w.add_d(RectD::new(210.0, 0.0, 8.0, 8.0), 0).unwrap();
    let quiet = w.state_hash();
    let mut hits = Vec::new();
    w.move_d(a, Vec2D::new(220.0, 0.0), slide, &mut hits)
        .unwrap();
    w.remove(b).unwrap();
    assert_ne!(w.state_hash(), quiet, "pending events are state");
    let snap = w.snapshot();
    assert_eq!(snap[7], 1, "the sensors' section follows");
    let clone = w.duplicate();
    let want = events(&mut w);
    assert_eq!(
        want,
        [
            ev(wire, a, EVENT_BEGIN, EVENT_PASSED),
            ev(wire, a, EVENT_END, EVENT_PASSED),
            ev(room, a, EVENT_BEGIN, 0),
            ev(room, b, EVENT_BEGIN, 0),
            ev(room, b, EVENT_END, EVENT_REMOVED),
        ]
    );
    let mut restored = World::new_d(32.0).unwrap();
    restored.restore(&snap).unwrap();
    assert_eq!(events(&mut restored), want);
    let mut clone = clone;
    assert_eq!(events(&mut clone), want);
    assert_eq!(restored.state_hash(), w.state_hash());
    // And the sensors stay sensors: the restored wire still lets a mover through, seen.
    restored
        .move_d(a, Vec2D::new(0.0, 0.0), slide, &mut hits)
        .unwrap();
    assert!(hits.is_empty());
    assert_eq!(
        events(&mut restored),
        [
            ev(wire, a, EVENT_BEGIN, EVENT_PASSED),
            ev(wire, a, EVENT_END, EVENT_PASSED),
            ev(room, a, EVENT_END, 0),
        ]
    );
}

/// A world that never had a sensor snapshots as before sensors existed: no section.
#[test]
fn a_world_without_sensors_keeps_the_first_snapshot_layout() {
    let mut w = World::new_d(32.0).unwrap();
    w.add_d(RectD::new(0.0, 0.0, 8.0, 8.0), 0).unwrap();
    let snap = w.snapshot();
    assert_eq!(snap[7], 0);
    assert_eq!(snap.len(), 48 + 5 + 56 + 8);
}

/// A level of tiles with a checkpoint sensor: the snapshot carries both, and the restored world
/// gives the same events and hash.
#[test]
fn a_snapshot_of_tiles_and_sensors_restores_both() {
    use collide2d::world::{TILE_ONE_WAY_YNEG, TILE_SOLID};
    let mut w = World::new_d(64.0).unwrap();
    let mut codes = vec![0u32; 20 * 4];
    for c in 0..20 {
        codes[3 * 20 + c] = TILE_SOLID;
    }
    codes[20 + 5] = TILE_ONE_WAY_YNEG;
    let layer = w
        .add_tiles(
            &codes,
            20,
            4,
            20,
            Vec2D::new(0.0, 0.0),
            Vec2D::new(16.0, 16.0),
        )
        .unwrap();
    let flag = w.add_d(RectD::new(200.0, 0.0, 4.0, 48.0), 0).unwrap();
    w.set_sensor(flag, true).unwrap();
    let p = w.add_d(RectD::new(10.0, 24.0, 12.0, 24.0), 0).unwrap();
    events(&mut w);
    let mut hits = Vec::new();
    w.move_d(p, Vec2D::new(300.0, 40.0), slide, &mut hits)
        .unwrap();
    let snap = w.snapshot();
    let mut back = World::new_d(64.0).unwrap();
    back.restore(&snap).unwrap();
    assert_eq!(back.state_hash(), w.state_hash());
    let want = events(&mut w);
    assert_eq!(
        want,
        [
            ev(flag, p, EVENT_BEGIN, EVENT_PASSED),
            ev(flag, p, EVENT_END, EVENT_PASSED)
        ]
    );
    assert_eq!(events(&mut back), want);
    assert_eq!(back.tile(layer, 5, 1).unwrap(), TILE_ONE_WAY_YNEG);
}
