//! What a tile layer costs: building a 1000 x 1000 map as a layer against adding its tiles one
//! item each, one tile edited, and a player walking the map in both worlds.
//!
//! `cargo bench --bench tiles` (`quick` after `--` for fewer runs). The map is a side-on
//! level, y-down, tiles 16 units: hilly ground whose steps are half ramps (slope tiles), dirt
//! then stone below the surface (two tags), caves dug in it, pits in the surface, jump-through
//! platforms above it, bedrock at the bottom. Figures are milliseconds per build (the least of
//! several), microseconds per edit (the mean of 10,000 random edits: digging a tile, filling
//! it, placing a platform) and per move (a player walking and falling along the surface),
//! with world cells of 64 (merged items up to 4 x 4 tiles) and 256 (up to 16 x 16).

mod common;

use collide2d::world::{RectD, Response, Vec2D, World, WorldHitD};
use collide2d::world::{
    TILE_EMPTY, TILE_ONE_WAY_YNEG, TILE_SLOPE_X0Y1, TILE_SLOPE_X1Y1, TILE_SOLID, TILE_TAG_SHIFT,
};
use common::Rng;
use std::hint::black_box;
use std::time::Instant;

const SIDE: usize = 1000;
const TILE: f64 = 16.0;

fn code(kind: u32, tag: u32) -> u32 {
    kind | tag << TILE_TAG_SHIFT
}

/// The map's codes (row by row) and the surface row of each column.
fn map(rng: &mut Rng) -> (Vec<u32>, Vec<usize>) {
    let mut codes = vec![TILE_EMPTY; SIDE * SIDE];
    let mut surface = vec![0usize; SIDE];
    let mut h = 500usize;
    for (c, s) in surface.iter_mut().enumerate() {
        if c > 0 && rng.next() % 4 == 0 {
            h = if rng.next() % 2 == 0 { h + 1 } else { h - 1 }.clamp(300, 700);
        }
        *s = h;
    }
    for c in 0..SIDE {
        let h = surface[c];
        for r in h..SIDE {
            let tag = if r < h + 6 { 1 } else { 2 };
            codes[r * SIDE + c] = code(TILE_SOLID, if r >= SIDE - 8 { 3 } else { tag });
        }
        // A step up or down to the next column: half the steps are ramps.
        if c + 1 < SIDE && rng.next() % 2 == 0 {
            let n = surface[c + 1];
            if n + 1 == h {
                codes[n * SIDE + c] = code(TILE_SLOPE_X1Y1, 1); // rising to the right
            } else if h + 1 == n && c > 0 {
                codes[h * SIDE + c + 1] = code(TILE_SLOPE_X0Y1, 1); // rising to the left
            }
        }
    }
    // Caves.
    for _ in 0..3000 {
        let (c0, r0) = (rng.next() as usize % SIDE, 320 + rng.next() as usize % 670);
        let (w, hgt) = (3 + rng.next() as usize % 18, 2 + rng.next() as usize % 7);
        for r in r0..(r0 + hgt).min(SIDE - 8) {
            for c in c0..(c0 + w).min(SIDE) {
                if r > surface[c] + 3 {
                    codes[r * SIDE + c] = TILE_EMPTY;
                }
            }
        }
    }
    // Pits in the surface.
    for _ in 0..60 {
        let c0 = rng.next() as usize % (SIDE - 6);
        for c in c0..c0 + 2 + rng.next() as usize % 4 {
            for r in surface[c]..surface[c] + 6 {
                codes[r * SIDE + c] = TILE_EMPTY;
            }
        }
    }
    // Jump-through platforms.
    for _ in 0..3000 {
        let c0 = rng.next() as usize % (SIDE - 12);
        let r = surface[c0].saturating_sub(4 + rng.next() as usize % 60);
        for c in c0..c0 + 3 + rng.next() as usize % 8 {
            if codes[r * SIDE + c] == TILE_EMPTY {
                codes[r * SIDE + c] = code(TILE_ONE_WAY_YNEG, 5);
            }
        }
    }
    (codes, surface)
}

fn one_per_tile(codes: &[u32], cell: f64) -> World {
    let mut w = World::new_d(cell).unwrap();
    for (t, &k) in codes.iter().enumerate() {
        let kind = k & 0xff;
        if kind == TILE_EMPTY {
            continue;
        }
        let (c, r) = ((t % SIDE) as f64, (t / SIDE) as f64);
        let id = w
            .add_d(RectD::new(c * TILE, r * TILE, TILE, TILE), (k >> 8) as u64)
            .unwrap();
        if kind == TILE_ONE_WAY_YNEG {
            w.set_one_way(id, Vec2D::new(0.0, -1.0)).unwrap();
        } else if kind >= TILE_SLOPE_X1Y1 - 3 {
            w.set_slope(id, kind - (TILE_SLOPE_X1Y1 - 3)).unwrap();
        }
    }
    w
}

fn layered(codes: &[u32], cell: f64) -> (World, u32) {
    let mut w = World::new_d(cell).unwrap();
    let origin = Vec2D::new(0.0, 0.0);
    let id = w
        .add_tiles(codes, SIDE, SIDE, SIDE, origin, Vec2D::new(TILE, TILE))
        .unwrap();
    (w, id)
}

fn best_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

/// Microseconds per move of a player walking right along the surface with gravity, from
/// column 20 for `steps` steps (restarting at the left when it has walked off the map).
fn walk_us(w: &mut World, surface: &[usize], steps: usize) -> f64 {
    let start = RectD::new(20.0 * TILE, surface[20] as f64 * TILE - 40.0, 10.0, 24.0);
    let p = w.add_d(start, 0).unwrap();
    let mut hits: Vec<WorldHitD> = Vec::new();
    let t = Instant::now();
    for _ in 0..steps {
        let (r, _) = w.get_d(p).unwrap();
        if r.x > (SIDE - 20) as f64 * TILE || r.y > (SIDE - 10) as f64 * TILE {
            w.update_d(p, start).unwrap();
            continue;
        }
        hits.clear();
        let goal = Vec2D::new(r.x + 3.0, r.y + 4.0);
        black_box(
            w.move_d(p, goal, |_, _, _| Response::Slide, &mut hits)
                .unwrap(),
        );
    }
    let us = t.elapsed().as_secs_f64() * 1e6 / steps as f64;
    w.remove(p).unwrap();
    us
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let runs = if quick { 1 } else { 5 };
    let mut rng = Rng(0x5eed_7113);
    let (codes, surface) = map(&mut rng);
    let tiles = codes.iter().filter(|&&k| k & 0xff != TILE_EMPTY).count();
    println!("{SIDE} x {SIDE} map, {tiles} non-empty tiles");
    println!();
    println!("| cell | world | items | build, ms | set_tile, µs | move, µs |");
    println!("|---|---|---|---|---|---|");
    for cell in [64.0, 256.0] {
        let build = best_ms(runs, || drop(black_box(layered(&codes, cell))));
        let (mut w, layer) = layered(&codes, cell);
        let items = w.count();
        // Edits near the surface: dig a tile, fill it back, place a platform, clear it.
        let edits = 10_000;
        let spots: Vec<(usize, usize, u32)> = (0..edits)
            .map(|k| {
                let c = rng.next() as usize % SIDE;
                let r = surface[c] + (rng.next() as usize % 8) - 3;
                let code = match k % 4 {
                    0 => TILE_EMPTY,
                    1 => code(TILE_SOLID, 1),
                    2 => code(TILE_ONE_WAY_YNEG, 5),
                    _ => code(TILE_SOLID, 2),
                };
                (c, r, code)
            })
            .collect();
        let t = Instant::now();
        for &(c, r, k) in &spots {
            w.set_tile(layer, c, r, k).unwrap();
        }
        let edit = t.elapsed().as_secs_f64() * 1e6 / edits as f64;
        let (mut w, _) = layered(&codes, cell);
        let steps = if quick { 2_000 } else { 20_000 };
        let walk = walk_us(&mut w, &surface, steps);
        println!("| {cell} | layer | {items} | {build:.1} | {edit:.2} | {walk:.2} |");

        let build1 = best_ms(runs.min(2), || drop(black_box(one_per_tile(&codes, cell))));
        let mut w1 = one_per_tile(&codes, cell);
        let walk1 = walk_us(&mut w1, &surface, steps);
        println!(
            "| {cell} | one item per tile | {} | {build1:.1} | | {walk1:.2} |",
            w1.count()
        );
    }
}
