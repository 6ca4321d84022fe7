//! A world's state as data: the hash two players' machines compare each frame, snapshots a
//! rollback restores, clones.
//!
//! A platformer level (walls, a one-way platform, slopes, a polygon rock, categories) run frame
//! by frame with movers walking, jumping, spawning and despawning by a fixed pseudo-random
//! script: a world restored from a snapshot (or a clone) must then give the very same moves,
//! handles and hashes as the world it came from, frame after frame.

mod common;

use collide2d::world::{RectD, Response, SnapshotError, Vec2D, World, WorldHitD};
use common::Rng;

/// An item and a position's bits.
type At = (u64, [u64; 2]);

/// What a frame did: every move's end and hits, and the handles of items added.
#[derive(Debug, PartialEq)]
struct Frame {
    moves: Vec<(At, Vec<At>)>,
    added: Vec<u64>,
    hash: u64,
}

fn bits(v: Vec2D) -> [u64; 2] {
    [v.x.to_bits(), v.y.to_bits()]
}

/// The level: a floor of tiles, walls, a one-way platform, two slopes and a polygon rock.
fn level() -> World {
    let mut w = World::new_d(32.0).unwrap();
    for k in 0..40 {
        w.add_d(RectD::new(k as f64 * 16.0, 400.0, 16.0, 16.0), 0)
            .unwrap();
    }
    w.add_d(RectD::new(-16.0, 0.0, 16.0, 416.0), 0).unwrap();
    w.add_d(RectD::new(640.0, 0.0, 16.0, 416.0), 0).unwrap();
    let platform = w.add_d(RectD::new(200.0, 320.3, 120.0, 8.0), 0).unwrap();
    w.set_one_way(platform, Vec2D::new(0.0, -1.0)).unwrap();
    for (x, corner) in [(400.0, 1), (432.0, 0)] {
        let s = w.add_d(RectD::new(x, 368.0, 32.0, 32.0), 0).unwrap();
        w.set_slope(s, corner).unwrap();
    }
    let rock = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0).unwrap();
    let pts = [
        (520.0, 400.0),
        (560.0, 400.0),
        (550.0, 370.5),
        (530.0, 372.25),
    ];
    let pts: Vec<Vec2D> = pts.iter().map(|&(x, y)| Vec2D::new(x, y)).collect();
    w.set_shape_d(rock, &pts).unwrap();
    w
}

/// The live movers of a run, in the order they were added.
struct Script {
    rng: Rng,
    movers: Vec<u64>,
}

impl Script {
    fn new(seed: u64) -> Script {
        Script {
            rng: Rng::new(seed),
            movers: Vec::new(),
        }
    }

    /// One frame at 60 Hz: every mover steps by `v * dt` (walk, fall, now and then a jump),
    /// some spawn and some despawn; ghosts (category 2) pass through each other.
    fn frame(&mut self, w: &mut World) -> Frame {
        let dt = 1.0 / 60.0;
        let mut f = Frame {
            moves: Vec::new(),
            added: Vec::new(),
            hash: 0,
        };
        for _ in 0..self.rng.below(4) {
            let x = 20.0 + self.rng.below(580) as f64 + 0.1;
            let id = w
                .add_d(
                    RectD::new(x, 100.0 + self.rng.below(150) as f64, 12.0, 14.3),
                    0,
                )
                .unwrap();
            if self.rng.below(3) == 0 {
                w.set_category(id, 2, !2).unwrap();
            }
            self.movers.push(id);
            f.added.push(id);
        }
        if self.movers.len() > 30 {
            let k = self.rng.below(self.movers.len() as u64) as usize;
            w.remove(self.movers.swap_remove(k)).unwrap();
        }
        let mut hits: Vec<WorldHitD> = Vec::new();
        for &id in &self.movers {
            let (r, _) = w.get_d(id).unwrap();
            let vx = (self.rng.below(241) as f64 - 120.0) * 0.73;
            let vy = if self.rng.below(30) == 0 {
                -900.0
            } else {
                240.0
            };
            let goal = Vec2D::new(r.x + vx * dt, r.y + vy * dt);
            let end = w
                .move_d(id, goal, |_, _, _| Response::Slide, &mut hits)
                .unwrap();
            let seen = hits.iter().map(|h| (h.id, bits(h.hit.pos))).collect();
            f.moves.push(((id, bits(end)), seen));
        }
        f.hash = w.state_hash();
        f
    }
}

#[test]
fn a_rollback_to_a_snapshot_replays_the_same_frames_handles_and_hashes() {
    let frames = if cfg!(miri) { 6 } else { 120 };
    let mut w = level();
    let mut script = Script::new(7);
    for _ in 0..frames / 2 {
        script.frame(&mut w);
    }
    let snap = w.snapshot();
    let (rng, movers) = (script.rng.clone(), script.movers.clone());
    let first: Vec<Frame> = (0..frames / 2).map(|_| script.frame(&mut w)).collect();
    w.restore(&snap).unwrap();
    script = Script { rng, movers };
    let again: Vec<Frame> = (0..frames / 2).map(|_| script.frame(&mut w)).collect();
    assert_eq!(first, again);
}

#[test]
fn a_clone_and_a_world_restored_elsewhere_play_on_exactly_as_the_original() {
    let frames = if cfg!(miri) { 4 } else { 80 };
    let mut w = level();
    let mut script = Script::new(11);
    for _ in 0..frames {
        script.frame(&mut w);
    }
    let mut clone = w.duplicate();
    // Another world: different cell size and precision, its own handles, its own items.
    let mut other = World::new(4.0).unwrap();
    other.add_d(RectD::new(1.0, 2.0, 3.0, 4.0), 9).unwrap();
    other.restore(&w.snapshot()).unwrap();
    assert_eq!(clone.state_hash(), w.state_hash());
    assert_eq!(other.state_hash(), w.state_hash());
    assert_eq!(other.snapshot(), w.snapshot());
    let (rng, movers) = (script.rng.clone(), script.movers.clone());
    let ahead: Vec<Frame> = (0..frames).map(|_| script.frame(&mut w)).collect();
    for world in [&mut clone, &mut other] {
        let mut s = Script {
            rng: rng.clone(),
            movers: movers.clone(),
        };
        let replay: Vec<Frame> = (0..frames).map(|_| s.frame(world)).collect();
        assert_eq!(replay, ahead);
    }
}

#[test]
fn the_hash_follows_every_part_of_the_state_but_user_values() {
    let build = |user: u64| {
        let mut w = level();
        let id = w.add_d(RectD::new(50.0, 50.0, 10.0, 10.0), user).unwrap();
        (w, id)
    };
    let (mut w, id) = build(1);
    let (same, _) = build(0xdead_beef);
    let h = w.state_hash();
    assert_eq!(h, same.state_hash(), "user values do not count");
    let changes: [&dyn Fn(&mut World); 6] = [
        &|w| {
            w.update_d(id, RectD::new(50.0f64.next_up(), 50.0, 10.0, 10.0))
                .unwrap()
        },
        &|w| w.set_category(id, 1, !4).unwrap(),
        &|w| w.set_one_way(id, Vec2D::new(1.0, 0.0)).unwrap(),
        &|w| w.set_slope(id, 3).unwrap(),
        &|w| w.remove(id).unwrap(),
        // The same items, but another slot will be reused first.
        &|w| {
            let a = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0).unwrap();
            let b = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0).unwrap();
            w.remove(a).unwrap();
            w.remove(b).unwrap();
        },
    ];
    for (k, change) in changes.iter().enumerate() {
        let mut c = w.duplicate();
        change(&mut c);
        assert_ne!(c.state_hash(), h, "change {k} left the hash as it was");
    }
    // Undoing a change undoes the hash.
    w.set_category(id, 3, 3).unwrap();
    w.set_category(id, 1, u64::MAX).unwrap();
    assert_eq!(w.state_hash(), h);
}

#[test]
fn a_snapshot_written_by_1_3_restores_to_the_same_world_and_hash() {
    // Written from `level()` by this version; read back on every target, by every later
    // version. A change to the layout must keep reading it.
    let w = level();
    let snap = w.snapshot();
    assert_eq!(&snap[..6], b"C2DW\x01\x00");
    let mut other = World::new_d(1.0).unwrap();
    other.restore(&snap).unwrap();
    assert_eq!(other.state_hash(), w.state_hash());
    let file = include_bytes!("data/level_1_3.snapshot");
    let mut old = World::new_d(1.0).unwrap();
    old.restore(file).unwrap();
    assert_eq!(
        old.state_hash(),
        w.state_hash(),
        "the snapshot committed with 1.3 no longer gives this level"
    );
    assert_eq!(
        old.state_hash(),
        0x7a09_37db_6dee_c707,
        "the hash of this level, pinned"
    );
}

#[test]
fn a_damaged_snapshot_is_refused_and_the_world_is_kept() {
    let mut w = level();
    let snap = w.snapshot();
    let h = w.state_hash();
    let mut rng = Rng::new(3);
    let tries = if cfg!(miri) { 20 } else { 3000 };
    for _ in 0..tries {
        let mut bad = snap.clone();
        match rng.below(3) {
            0 => bad.truncate(rng.below(snap.len() as u64) as usize),
            1 => {
                let k = rng.below(snap.len() as u64) as usize;
                bad[k] ^= 1 << rng.below(8);
            }
            _ => bad.push(rng.below(256) as u8),
        }
        let e = w.restore(&bad).unwrap_err();
        assert!(matches!(e, SnapshotError::Corrupt | SnapshotError::Version));
        assert_eq!(w.state_hash(), h);
    }
}

#[test]
fn a_filter_that_restores_a_snapshot_mid_move_leaves_a_sound_world() {
    // A game that rolls back from inside a move's filter (a bad idea, but a possible one): the
    // move sees the restored world, as it sees any change a filter makes, and ends cleanly.
    let mut w = level();
    let before = w.snapshot();
    let mover = w.add_d(RectD::new(100.0, 380.0, 12.0, 12.0), 0).unwrap();
    let wall = w.add_d(RectD::new(140.0, 370.0, 8.0, 30.0), 0).unwrap();
    let mut hits = Vec::new();
    let mut restored = false;
    let end = w.move_d(
        mover,
        Vec2D::new(200.0, 380.0),
        |w, _, other| {
            if other == wall && !restored {
                restored = true;
                w.restore(&before).unwrap();
            }
            Response::Slide
        },
        &mut hits,
    );
    assert!(restored);
    // The mover is gone with the rollback: the move says so, or ends where it got.
    assert!(end.is_err() || end.is_ok_and(|p| p.x.is_finite()));
    assert!(!w.contains(mover) && !w.contains(wall));
    assert_eq!(w.snapshot(), before);
}
