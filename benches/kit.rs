//! The movement kit's cost beside a plain move, through the C functions a game calls.
//!
//! `cargo bench --bench kit` (`BENCH_CLOCK=thread` for this thread's CPU time on a busy
//! machine). Scene: 1000 players (12×20) standing on a floor of 16-unit tiles, each walking one
//! unit left or right with one unit of gravity per frame. Rows, in ns per call: a plain
//! `c2d_world_move_d`; `c2d_world_ground`; `c2d_world_move_ground_d` (both in one call); a plain
//! move over a floor of one-way tiles; a plain move over a floor of slope tiles (gentle ramps
//! 16 wide and 4 high, rising and falling in turn). Then a lift 2400 units wide carrying 100 riders up and
//! down one unit per frame: one `c2d_world_move_solid_d` per frame, beside 100 plain moves.

mod common;

use collide2d::ffi::*;
use collide2d::world::{Ground, Moved, RectD, Vec2D, World};
use collide2d::Vec2;
use common::measure;
use std::ptr::null_mut;

const PLAYERS: usize = 1000;
const UP: Vec2 = Vec2 { x: 0.0, y: -1.0 };

/// A world with a floor of tiles at y = 100 (one-way when asked) and the players standing on
/// it; answers the world and the players' handles.
fn level(one_way: bool) -> (*mut World, Vec<u64>) {
    // SAFETY: a fresh world, used from this thread only.
    unsafe {
        let w = c2d_world_new_d(32.0);
        for k in 0..(PLAYERS * 20 / 16 + 2) {
            let tile = c2d_world_add_d(w, RectD::new(k as f64 * 16.0, 100.0, 16.0, 16.0), 0);
            if one_way {
                c2d_world_set_one_way(w, tile, UP);
            }
        }
        let players = (0..PLAYERS)
            .map(|j| c2d_world_add_d(w, RectD::new(j as f64 * 20.0 + 4.0, 80.0, 12.0, 20.0), 0))
            .collect();
        (w, players)
    }
}

/// A world with a floor of slope tiles at y = 96..100, ramps rising and falling in turn, on
/// blocks at y = 100, and the players above it.
fn slopes() -> (*mut World, Vec<u64>) {
    // SAFETY: a fresh world, used from this thread only.
    unsafe {
        let w = c2d_world_new_d(32.0);
        for k in 0..(PLAYERS * 20 / 16 + 2) {
            let x = k as f64 * 16.0;
            let ramp = c2d_world_add_d(w, RectD::new(x, 96.0, 16.0, 4.0), 0);
            let corner = if k % 2 == 0 {
                C2D_SLOPE_X1Y1
            } else {
                C2D_SLOPE_X0Y1
            };
            c2d_world_set_slope(w, ramp, corner);
            c2d_world_add_d(w, RectD::new(x, 100.0, 16.0, 16.0), 0);
        }
        let players: Vec<u64> = (0..PLAYERS)
            .map(|j| c2d_world_add_d(w, RectD::new(j as f64 * 20.0 + 4.0, 70.0, 12.0, 20.0), 0))
            .collect();
        // Let them fall onto the ramps first, so that every measured move meets a slope.
        for &id in &players {
            let mut r = RectD::default();
            c2d_world_get_d(w, id, &mut r, null_mut());
            let mut at = Vec2D::default();
            let (goal, none) = (Vec2D::new(r.x, r.y + 40.0), null_mut());
            c2d_world_move_d(w, id, goal, None, none, &mut at, null_mut(), 0, null_mut());
        }
        (w, players)
    }
}

/// The goal of a player's walk this frame: one unit left or right, one down.
fn walk(w: *mut World, id: u64, frame: &mut u64) -> Vec2D {
    *frame += 1;
    let mut r = RectD::default();
    // SAFETY: a live world and item.
    unsafe { c2d_world_get_d(w, id, &mut r, null_mut()) };
    let dx = if (*frame / PLAYERS as u64) % 2 == 0 {
        1.0
    } else {
        -1.0
    };
    Vec2D::new(r.x + dx, r.y + 1.0)
}

fn row(what: &str, ns: f64, plain: f64) {
    println!("| {what} | {ns:.0} | {:.2}× |", ns / plain);
}

fn main() {
    // `push_out` runs only the push-out table.
    if std::env::args().any(|a| a == "push_out") {
        push_out_scaling();
        return;
    }
    println!("| call (1000 players on a tiled floor) | ns per call | vs plain move |");
    println!("|---|---|---|");
    let (w, players) = level(false);
    let mut frame = 0u64;
    let mut at = Vec2D::default();
    // SAFETY (every block below): a live world and items, valid outputs, no filter.
    let plain = measure(&players, |&id| {
        let goal = walk(w, id, &mut frame);
        unsafe {
            c2d_world_move_d(
                w,
                id,
                goal,
                None,
                null_mut(),
                &mut at,
                null_mut(),
                0,
                null_mut(),
            ) == C2D_OK
        }
    });
    row("c2d_world_move_d", plain, plain);
    let mut g = Ground::default();
    let ground = measure(&players, |&id| unsafe {
        c2d_world_ground(w, id, UP, None, null_mut(), &mut g) == C2D_OK && g.flags == C2D_ON_FLOOR
    });
    row("c2d_world_ground", ground, plain);
    let both = measure(&players, |&id| {
        let goal = walk(w, id, &mut frame);
        unsafe {
            c2d_world_move_ground_d(
                w,
                id,
                goal,
                UP,
                None,
                null_mut(),
                &mut at,
                null_mut(),
                0,
                null_mut(),
                &mut g,
            ) == C2D_OK
        }
    });
    row("c2d_world_move_ground_d", both, plain);
    unsafe { c2d_world_free(w) };
    let (w, players) = level(true);
    let one_way = measure(&players, |&id| {
        let goal = walk(w, id, &mut frame);
        unsafe {
            c2d_world_move_d(
                w,
                id,
                goal,
                None,
                null_mut(),
                &mut at,
                null_mut(),
                0,
                null_mut(),
            ) == C2D_OK
        }
    });
    row("c2d_world_move_d on one-way tiles", one_way, plain);
    unsafe { c2d_world_free(w) };
    let (w, players) = slopes();
    let on_slopes = measure(&players, |&id| {
        let goal = walk(w, id, &mut frame);
        unsafe {
            c2d_world_move_d(
                w,
                id,
                goal,
                None,
                null_mut(),
                &mut at,
                null_mut(),
                0,
                null_mut(),
            ) == C2D_OK
        }
    });
    row("c2d_world_move_d over slope tiles", on_slopes, plain);
    unsafe { c2d_world_free(w) };

    // A lift carrying 100 riders.
    println!();
    println!("| a lift with 100 riders, per frame | µs |");
    println!("|---|---|");
    let w = c2d_world_new_d(32.0);
    let lift = unsafe { c2d_world_add_d(w, RectD::new(0.0, 100.0, 2400.0, 16.0), 0) };
    let riders: Vec<u64> = (0..100)
        .map(|j| unsafe { c2d_world_add_d(w, RectD::new(j as f64 * 24.0, 80.0, 12.0, 20.0), 0) })
        .collect();
    let mut moved = vec![Moved::default(); 128];
    let mut n = 0usize;
    let frames: Vec<f64> = (0..200)
        .map(|k| if k % 2 == 0 { -1.0 } else { 1.0 })
        .collect();
    let carry = measure(&frames, |&dy| unsafe {
        c2d_world_move_solid_d(
            w,
            lift,
            Vec2D::new(0.0, dy),
            UP,
            None,
            null_mut(),
            &mut at,
            moved.as_mut_ptr(),
            128,
            &mut n,
        ) == C2D_OK
            && n == 100
    });
    println!("| c2d_world_move_solid_d | {:.1} |", carry / 1e3);
    let mut flip = 1.0;
    let hundred = measure(&frames, |_| {
        flip = -flip;
        riders.iter().all(|&id| unsafe {
            let mut r = RectD::default();
            c2d_world_get_d(w, id, &mut r, null_mut());
            c2d_world_move_d(
                w,
                id,
                Vec2D::new(r.x + flip, r.y),
                None,
                null_mut(),
                &mut at,
                null_mut(),
                0,
                null_mut(),
            ) == C2D_OK
        })
    });
    println!("| 100 plain c2d_world_move_d | {:.1} |", hundred / 1e3);
    unsafe { c2d_world_free(w) };
    riders_scaling();
    push_out_scaling();
}

/// One `move_solid` of a lift as wide as its riders need, carrying `n` of them (8×8, 4 apart),
/// moved by one unit up and one to the side: what a lift costs per rider as it carries more.
/// Milliseconds for one call, the least of three.
fn riders_scaling() {
    println!();
    println!("| riders on one lift | one move_solid, ms | per rider, µs |");
    println!("|---|---|---|");
    for n in [1_000usize, 10_000, 100_000] {
        let mut w = World::new_d(32.0).unwrap();
        let lift = w
            .add_d(RectD::new(0.0, 100.0, n as f64 * 12.0, 10.0), 0)
            .unwrap();
        for j in 0..n {
            w.add_d(RectD::new(j as f64 * 12.0, 92.0, 8.0, 8.0), 0)
                .unwrap();
        }
        let mut out = Vec::new();
        let up = Vec2D::new(0.0, -1.0);
        let slide = |_: &mut World, _: u64, _: u64| collide2d::world::Response::Slide;
        let mut best = f64::INFINITY;
        for k in 0..3 {
            let d = if k % 2 == 0 { 1.0 } else { -1.0 };
            let t = std::time::Instant::now();
            w.move_solid(lift, Vec2D::new(d, -d), up, slide, &mut out)
                .unwrap();
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
            assert_eq!(out.len(), n, "every rider carried");
        }
        println!("| {n} | {best:.2} | {:.2} |", best * 1e3 / n as f64);
    }
}

/// One `push_out` of an 8×8 item inside a packed square of `n` 10×10 walls (no gaps), with room
/// to go anywhere (`max` 1e6): the way out is past the square's nearest side.
fn push_out_scaling() {
    println!();
    println!("| walls packed around the item | one push_out, ms | per wall, µs |");
    println!("|---|---|---|");
    for n in [1_000usize, 10_000, 100_000] {
        let side = (n as f64).sqrt().ceil() as usize;
        let mut w = World::new_d(32.0).unwrap();
        for j in 0..side * side {
            let (x, y) = ((j % side) as f64 * 10.0, (j / side) as f64 * 10.0);
            w.add_d(RectD::new(x, y, 10.0, 10.0), 0).unwrap();
        }
        let centre = (side / 2) as f64 * 10.0 + 1.0;
        let start = RectD::new(centre, centre, 8.0, 8.0);
        let item = w.add_d(start, 0).unwrap();
        let slide = |_: &mut World, _: u64, _: u64| collide2d::world::Response::Slide;
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            w.update_d(item, start).unwrap();
            let t = std::time::Instant::now();
            let out = w.push_out(item, 1e6, slide).unwrap();
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
            assert!(out.is_some(), "a way out past the square");
        }
        println!(
            "| {} | {best:.2} | {:.3} |",
            side * side,
            best * 1e3 / (side * side) as f64
        );
    }
}
