//! Tile layers against the same map built one item per tile: the point set, kinds and tags,
//! moves along runs and across joints, one-way runs, edits, and the world's state.

use super::*;
use crate::world::{Response, WorldHitD};

use crate::testing::Rng;

const ORIGIN: Vec2D = Vec2D { x: -40.0, y: 24.0 };
const TILE: Vec2D = Vec2D { x: 16.0, y: 16.0 };

fn code(kind: u32, tag: u32) -> u32 {
    kind | tag << TILE_TAG_SHIFT
}

/// A random map with runs of codes along rows and some columns copied down, so that merging
/// has rows and blocks to join: every kind, tags 0 to 2.
fn random_map(rng: &mut Rng, cols: usize, rows: usize) -> Vec<u32> {
    let mut codes = alloc::vec![0u32; cols * rows];
    for r in 0..rows {
        let mut c = 0;
        while c < cols {
            let len = 1 + rng.below(7) as usize;
            let kind = match rng.below(20) {
                0..=7 => TILE_EMPTY,
                8..=13 => TILE_SOLID,
                14..=16 => TILE_ONE_WAY_YNEG + rng.below(4) as u32,
                _ => TILE_SLOPE_X0Y0 + rng.below(4) as u32,
            };
            let k = code(kind, rng.below(3) as u32);
            for t in c..(c + len).min(cols) {
                codes[r * cols + t] = k;
            }
            c += len;
        }
        // Half the rows repeat the row above on a stretch: blocks to merge down.
        if r > 0 && rng.below(2) == 0 {
            let (a, b) = (
                rng.below(cols as u64) as usize,
                rng.below(cols as u64) as usize,
            );
            for t in a.min(b)..a.max(b) {
                codes[r * cols + t] = codes[(r - 1) * cols + t];
            }
        }
    }
    codes
}

/// The rect of tile `(c, r)` as a layer computes it.
fn tile_rect(origin: Vec2D, tile: Vec2D, c: usize, r: usize) -> RectD {
    let (x0, x1) = (
        origin.x + c as f64 * tile.x,
        origin.x + (c + 1) as f64 * tile.x,
    );
    let (y0, y1) = (
        origin.y + r as f64 * tile.y,
        origin.y + (r + 1) as f64 * tile.y,
    );
    RectD::new(x0, y0, x1 - x0, y1 - y0)
}

/// The map built by hand, one item per non-empty tile, as a game did before layers.
fn one_per_tile(codes: &[u32], cols: usize, cell: f64, origin: Vec2D, tile: Vec2D) -> World {
    let mut w = World::new_d(cell).unwrap();
    for (t, &k) in codes.iter().enumerate() {
        let (c, r) = (t % cols, t / cols);
        let kind = k & TILE_KIND_MASK;
        if kind == TILE_EMPTY {
            continue;
        }
        let id = w
            .add_d(tile_rect(origin, tile, c, r), (k >> TILE_TAG_SHIFT) as u64)
            .unwrap();
        let normal = match kind {
            TILE_ONE_WAY_YNEG => Vec2D::new(0.0, -1.0),
            TILE_ONE_WAY_YPOS => Vec2D::new(0.0, 1.0),
            TILE_ONE_WAY_XNEG => Vec2D::new(-1.0, 0.0),
            TILE_ONE_WAY_XPOS => Vec2D::new(1.0, 0.0),
            _ => Vec2D::default(),
        };
        w.set_one_way(id, normal).unwrap();
        if kind >= TILE_SLOPE_X0Y0 {
            w.set_slope(id, kind - TILE_SLOPE_X0Y0).unwrap();
        }
    }
    w
}

/// The map as a layer in a world of cell size `cell`.
fn layered(codes: &[u32], cols: usize, cell: f64, origin: Vec2D, tile: Vec2D) -> (World, u32) {
    let mut w = World::new_d(cell).unwrap();
    let rows = codes.len() / cols;
    let id = w.add_tiles(codes, cols, rows, cols, origin, tile).unwrap();
    (w, id)
}

fn points(w: &World, p: Vec2D) -> Vec<u64> {
    let mut out = [0u64; 8];
    let n = w.query_point_d(p, u64::MAX, &mut out);
    out[..n].to_vec()
}

/// Every item of a layer covers tiles of its code only, every non-empty tile is covered by
/// exactly one item, and the item's rect, user value, one-way face and shape are its run's.
fn assert_items_are_the_tiles(w: &World, layer: u32, codes: &[u32], cols: usize) {
    let l = w.layer(layer).unwrap();
    let mut covered = alloc::vec![0u32; codes.len()];
    let mut items = 0;
    for p in l.live() {
        items += 1;
        let run = w.tile_of(p.item).unwrap().unwrap();
        assert_eq!(run.layer, layer);
        let (rect, user) = w.get_d(p.item).unwrap();
        assert_eq!(user, (run.code >> TILE_TAG_SHIFT) as u64);
        assert_eq!(rect, l.rect(&p.run));
        for r in run.row..run.row + run.rows {
            for c in run.col..run.col + run.cols {
                let t = r as usize * cols + c as usize;
                assert_eq!(codes[t], run.code, "tile ({c}, {r}) in {run:?}");
                covered[t] += 1;
            }
        }
        let kind = run.code & TILE_KIND_MASK;
        let one_way = w.one_way(p.item).unwrap();
        let slope = w.shape_d(p.item, &mut [Vec2D::default(); 8]).unwrap() == 3;
        match kind {
            TILE_SOLID => assert!(one_way == Vec2D::default() && !slope),
            TILE_ONE_WAY_YNEG | TILE_ONE_WAY_YPOS => {
                assert_eq!(run.rows, 1, "a platform keeps one face");
                assert_eq!(
                    one_way.y,
                    if kind == TILE_ONE_WAY_YNEG { -1.0 } else { 1.0 }
                );
            }
            TILE_ONE_WAY_XNEG | TILE_ONE_WAY_XPOS => {
                assert_eq!(run.cols, 1, "a one-way wall keeps one face");
                assert_eq!(
                    one_way.x,
                    if kind == TILE_ONE_WAY_XNEG { -1.0 } else { 1.0 }
                );
            }
            _ => assert!(slope && run.cols == 1 && run.rows == 1),
        }
    }
    for (t, &k) in codes.iter().enumerate() {
        let want = (k & TILE_KIND_MASK != TILE_EMPTY) as u32;
        assert_eq!(covered[t], want, "tile {t} covered {} times", covered[t]);
    }
    assert!(items <= codes.iter().filter(|&&k| k & 0xff != 0).count());
}

/// Points of a random map: on a quarter-tile lattice (grid lines, seams and corners among
/// them) and off it at random multiples of 1/256. Off the grid lines the merged layer answers
/// as one item per tile does, the same code and tag; on them (a seam inside a run, say), an
/// item is found only where the point is inside the tiles of its code on all four sides.
#[test]
fn query_point_on_a_merged_layer_answers_as_one_item_per_tile() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let maps: &[(usize, f64)] = if cfg!(miri) {
        &[(0, 64.0)]
    } else {
        &[(0, 64.0), (1, 256.0), (2, 8.0), (3, 40.0)]
    };
    let (lattice, random) = if cfg!(miri) {
        (20.0, 50)
    } else {
        (4.0, 20_000)
    };
    for &(seed, cell) in maps {
        let (cols, rows) = (37 + seed, 23 + 2 * seed);
        let codes = random_map(&mut rng, cols, rows);
        let (w, layer) = layered(&codes, cols, cell, ORIGIN, TILE);
        let single = one_per_tile(&codes, cols, cell, ORIGIN, TILE);
        assert_items_are_the_tiles(&w, layer, &codes, cols);
        assert!(
            w.count() < single.count() || cell < 32.0,
            "merging made {} items of {}",
            w.count(),
            single.count()
        );
        let code_of = |w: &World, id: u64| w.tile_of(id).unwrap().map(|r| r.code);
        let on_line = |v: f64, o: f64| ((v - o) / 16.0).fract() == 0.0;
        let check = |p: Vec2D| {
            let (m, s) = (points(&w, p), points(&single, p));
            if !on_line(p.x, ORIGIN.x) && !on_line(p.y, ORIGIN.y) {
                assert_eq!(m.len(), s.len(), "at {p:?}");
                if let (Some(&a), Some(&b)) = (m.first(), s.first()) {
                    let t = ((p.y - ORIGIN.y) / 16.0).floor() as usize * cols
                        + ((p.x - ORIGIN.x) / 16.0).floor() as usize;
                    assert_eq!(code_of(&w, a), Some(codes[t]), "at {p:?}");
                    assert_eq!(w.get_d(a).unwrap().1, single.get_d(b).unwrap().1);
                }
            } else {
                assert!(s.is_empty(), "a point on a grid line is inside no tile");
                for &a in &m {
                    let k = code_of(&w, a).unwrap();
                    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                        let q = Vec2D::new(p.x + dx / 1024.0, p.y + dy / 1024.0);
                        let near = points(&single, q);
                        assert!(
                            near.len() == 1 && code_of(&w, a) == Some(k),
                            "{p:?} is on the edge of its item's tiles"
                        );
                        let (c, r) = (
                            ((q.x - ORIGIN.x) / 16.0).floor() as usize,
                            ((q.y - ORIGIN.y) / 16.0).floor() as usize,
                        );
                        assert_eq!(codes[r * cols + c], k);
                    }
                }
            }
        };
        let (x1, y1) = (ORIGIN.x + cols as f64 * 16.0, ORIGIN.y + rows as f64 * 16.0);
        let mut y = ORIGIN.y - 8.0;
        while y <= y1 + 8.0 {
            let mut x = ORIGIN.x - 8.0;
            while x <= x1 + 8.0 {
                check(Vec2D::new(x, y));
                x += lattice;
            }
            y += lattice;
        }
        for _ in 0..random {
            let x =
                ORIGIN.x - 8.0 + rng.below(((x1 - ORIGIN.x + 16.0) * 256.0) as u64) as f64 / 256.0;
            let y =
                ORIGIN.y - 8.0 + rng.below(((y1 - ORIGIN.y + 16.0) * 256.0) as u64) as f64 / 256.0;
            check(Vec2D::new(x, y));
        }
    }
}

/// Where a rect mover of `size` starting at `start` ends moving by `d` (sliding on
/// everything), and the distinct normals it met, in order.
fn step(w: &mut World, mover: u64, start: Vec2D, size: Vec2D, d: Vec2D) -> (Vec2D, Vec<Vec2D>) {
    w.update_d(mover, RectD::new(start.x, start.y, size.x, size.y))
        .unwrap();
    let mut hits: Vec<WorldHitD> = Vec::new();
    let end = w
        .move_d(
            mover,
            Vec2D::new(start.x + d.x, start.y + d.y),
            |_, _, _| Response::Slide,
            &mut hits,
        )
        .unwrap();
    let mut normals: Vec<Vec2D> = Vec::new();
    for h in hits {
        if !normals.contains(&h.hit.normal) {
            normals.push(h.hit.normal);
        }
    }
    (end, normals)
}

/// A level in a y-down world over solid ground (its top at y = 64): a ramp up (`/`) onto a
/// ledge and down again (`\`), a peak of two ramps, a valley between two ledges, a ramp up
/// onto a plateau one tile higher and down again by two ramps, with tags changing along it.
fn ramp_level() -> (Vec<u32>, usize) {
    let cols = 40;
    let mut codes = alloc::vec![0u32; cols * 6];
    let s = code(TILE_SOLID, 0);
    for c in 0..cols {
        codes[4 * cols + c] = s;
        codes[5 * cols + c] = s;
    }
    let (up, down) = (TILE_SLOPE_X1Y1, TILE_SLOPE_X0Y1);
    let mut put = |c: usize, r: usize, k: u32| codes[r * cols + c] = k;
    put(8, 3, code(up, 1));
    for c in 9..14 {
        put(c, 3, code(TILE_SOLID, 1 + c as u32 % 2));
    }
    put(14, 3, code(down, 1));
    put(20, 3, code(up, 2));
    put(21, 3, code(down, 2));
    put(22, 3, code(up, 3));
    put(23, 3, s);
    put(24, 3, code(down, 3));
    put(25, 3, code(up, 3));
    put(26, 3, s);
    put(27, 2, code(up, 4));
    for c in 27..35 {
        put(c, 3, code(TILE_SOLID, 4));
    }
    for c in 28..34 {
        put(c, 2, code(TILE_SOLID, 4));
    }
    put(34, 2, code(down, 4));
    put(35, 3, code(down, 4));
    (codes, cols)
}

/// A player walks the ramp level with gravity, starting at every 1/256 of a tile's first
/// unit: on the merged layer it never stops, and every step ends where it ends in the world
/// of one item per tile, having met the same faces.
#[test]
fn a_walker_crosses_every_flat_and_slope_joint_as_over_single_tiles() {
    let (codes, cols) = ramp_level();
    let origin = Vec2D::new(0.0, 0.0);
    let (mut w, _) = layered(&codes, cols, 64.0, origin, TILE);
    let mut single = one_per_tile(&codes, cols, 64.0, origin, TILE);
    let size = Vec2D::new(10.0, 12.0);
    let a = w.add_d(RectD::new(0.0, 0.0, 10.0, 12.0), 0).unwrap();
    let b = single.add_d(RectD::new(0.0, 0.0, 10.0, 12.0), 0).unwrap();
    let offsets: Vec<u32> = if cfg!(miri) {
        alloc::vec![0, 1, 131]
    } else {
        (0..256).collect()
    };
    for k in offsets {
        for (dir, x0) in [
            (1.0, 16.0 + k as f64 / 256.0),
            (-1.0, 600.0 - k as f64 / 256.0),
        ] {
            // Standing on the floor (its top at y = 64).
            let mut at = Vec2D::new(x0, 64.0 - 12.0);
            for _ in 0..if cfg!(miri) { 20 } else { 1000 } {
                let d = Vec2D::new(dir * 2.0, 1.0);
                let (end, normals) = step(&mut w, a, at, size, d);
                // Under Miri only the layer's walk is checked: the tiles' world meets a
                // corner tie at every seam, decided by float estimates that the interpreter
                // need not round as the hardware does.
                if !cfg!(miri) {
                    let (end1, normals1) = step(&mut single, b, at, size, d);
                    assert_eq!(end, end1, "from {at:?} by {d:?}");
                    assert_eq!(normals, normals1, "from {at:?} by {d:?}");
                }
                assert!(
                    (end.x - at.x) * dir > 0.49,
                    "caught at {at:?}: {end:?} {normals:?}"
                );
                for n in &normals {
                    assert!(n.y < 0.0 || n.x * dir < 0.0, "{n:?} at {at:?}");
                }
                at = end;
                if !(16.0..=600.0).contains(&at.x) {
                    break;
                }
            }
        }
    }
}

/// A rect slides along a merged floor, under a merged ceiling and down a merged wall at every
/// 1/256 offset of its start: it never stops short of its goal along the face and meets only
/// the face's normal.
#[test]
fn a_mover_slides_along_a_merged_run_without_catching_on_a_seam() {
    let cols = 48;
    let mut codes = alloc::vec![0u32; cols * 12];
    for c in 0..cols {
        codes[11 * cols + c] = code(TILE_SOLID, 0); // floor
        codes[c] = code(TILE_SOLID, 0); // ceiling
    }
    for r in 0..12 {
        codes[r * cols + 47] = code(TILE_SOLID, 0); // wall
    }
    let origin = Vec2D::new(0.0, 0.0);
    for cell in [64.0, 16.0, 256.0] {
        let (mut w, _) = layered(&codes, cols, cell, origin, TILE);
        let mut single = one_per_tile(&codes, cols, cell, origin, TILE);
        let size = Vec2D::new(10.0, 12.0);
        let a = w.add_d(RectD::new(0.0, 0.0, 10.0, 12.0), 0).unwrap();
        let b = single.add_d(RectD::new(0.0, 0.0, 10.0, 12.0), 0).unwrap();
        let offsets = if cfg!(miri) { 3 } else { 16 * 256 };
        for k in 0..offsets {
            let o = k as f64 / 256.0;
            let cases = [
                // Along the floor with gravity, along the ceiling jumping, down the wall.
                (
                    Vec2D::new(20.0 + o, 176.0 - 12.0),
                    Vec2D::new(37.0, 0.5),
                    Vec2D::new(0.0, -1.0),
                ),
                (
                    Vec2D::new(20.0 + o, 16.0),
                    Vec2D::new(37.0, -0.5),
                    Vec2D::new(0.0, 1.0),
                ),
                (
                    Vec2D::new(752.0 - 10.0, 20.0 + o),
                    Vec2D::new(0.5, 37.0),
                    Vec2D::new(-1.0, 0.0),
                ),
            ];
            for (at, d, n) in cases {
                let (end, normals) = step(&mut w, a, at, size, d);
                assert_eq!(normals, alloc::vec![n], "from {at:?}");
                let along = if n.y != 0.0 {
                    (end.x, at.x + d.x)
                } else {
                    (end.y, at.y + d.y)
                };
                assert_eq!(along.0, along.1, "from {at:?}: caught");
                assert_eq!(step(&mut single, b, at, size, d), (end, normals));
            }
        }
    }
}

/// Random rect moves among random maps with one-way tiles (stacks of platforms, one-way
/// walls) end where they end in the world of one item per tile, meeting the same faces: a
/// one-way run holds and lets through exactly as its tiles would.
#[test]
fn one_way_runs_hold_exactly_as_one_way_tiles() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (rounds, moves) = if cfg!(miri) { (1, 20) } else { (6, 4000) };
    for round in 0..rounds {
        let (cols, rows) = (24, 16);
        let mut codes = random_map(&mut rng, cols, rows);
        // Mostly one-way: every solid tile of odd rounds becomes a one-way tile.
        for k in codes.iter_mut() {
            if *k & 0xff == TILE_SOLID && (round % 2 == 1 || rng.below(2) == 0) {
                *k = code(TILE_ONE_WAY_YNEG + rng.below(4) as u32, *k >> 8);
            }
        }
        let origin = Vec2D::new(0.0, 0.0);
        let (mut w, _) = layered(&codes, cols, 64.0, origin, TILE);
        let mut single = one_per_tile(&codes, cols, 64.0, origin, TILE);
        let a = w.add_d(RectD::new(-100.0, -100.0, 1.0, 1.0), 0).unwrap();
        let b = single
            .add_d(RectD::new(-100.0, -100.0, 1.0, 1.0), 0)
            .unwrap();
        let mut moved = 0;
        while moved < moves {
            let size = Vec2D::new(
                (1 + rng.below(24 * 256)) as f64 / 256.0,
                (1 + rng.below(24 * 256)) as f64 / 256.0,
            );
            let at = Vec2D::new(
                rng.below(cols as u64 * 16 * 256) as f64 / 256.0,
                rng.below(rows as u64 * 16 * 256) as f64 / 256.0,
            );
            // Starts inside no item: where a move begins inside items, a run and its tiles
            // are different items to be pushed out of.
            let r = RectD::new(at.x, at.y, size.x, size.y);
            let mut out = [0u64; 64];
            if single.query_rect_d(r, u64::MAX, &mut out) > 0
                || w.query_rect_d(r, u64::MAX, &mut out) > 0
            {
                continue;
            }
            moved += 1;
            let d = Vec2D::new(
                (rng.below(96 * 256) as f64 - 48.0 * 256.0) / 256.0,
                (rng.below(96 * 256) as f64 - 48.0 * 256.0) / 256.0,
            );
            let got = step(&mut w, a, at, size, d);
            let want = step(&mut single, b, at, size, d);
            assert_eq!(got, want, "round {round}: {size:?} from {at:?} by {d:?}");
        }
    }
}

/// Random edits, each checked against a layer made afresh from the edited grid: the same
/// items (rects, kinds, tags), the codes read back, and the items only inside the edited
/// tile's block replaced.
#[test]
fn random_edits_leave_the_layer_as_a_fresh_merge_of_the_edited_grid() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    // Under Miri (minutes per cell) one cell size and a few edits.
    let cells: &[f64] = if cfg!(miri) {
        &[64.0]
    } else {
        &[64.0, 8.0, 200.0]
    };
    for &cell in cells {
        let (cols, rows) = (41, 29);
        let mut codes = random_map(&mut rng, cols, rows);
        let (mut w, layer) = layered(&codes, cols, cell, ORIGIN, TILE);
        let player = w.add_d(RectD::new(3.0, 3.0, 5.0, 5.0), 77).unwrap();
        let edits = if cfg!(miri) { 6 } else { 3000 };
        for e in 0..edits {
            let (c, r) = (
                rng.below(cols as u64) as usize,
                rng.below(rows as u64) as usize,
            );
            // Often the code of a neighbour, so runs grow back together.
            let k = match rng.below(3) {
                0 => codes[r * cols + (c + 1).min(cols - 1)],
                _ => random_map(&mut rng, 1, 1)[0],
            };
            let before: Vec<u64> = w.layer(layer).unwrap().live().map(|p| p.item).collect();
            w.set_tile(layer, c, r, k).unwrap();
            codes[r * cols + c] = k;
            assert_eq!(w.tile(layer, c, r), Ok(k));
            // Items outside the edited block keep their handles.
            let l = w.layer(layer).unwrap();
            let (bx, by) = (c as u32 / l.block[0], r as u32 / l.block[1]);
            for id in before {
                let Ok(Some(run)) = w.tile_of(id) else {
                    continue;
                };
                assert!(
                    run.col as u32 / l.block[0] == bx && run.row as u32 / l.block[1] == by
                        || w.contains(id)
                );
            }
            for id in w.layer(layer).unwrap().live().map(|p| p.item) {
                let run = w.tile_of(id).unwrap().unwrap();
                let inside = run.col as u32 / l.block[0] == bx && run.row as u32 / l.block[1] == by;
                assert!(inside || w.contains(id));
            }
            if e % 100 == 0 || e == edits - 1 {
                assert_items_are_the_tiles(&w, layer, &codes, cols);
                let (fresh, fl) = layered(&codes, cols, cell, ORIGIN, TILE);
                let items = |w: &World, l: u32| {
                    let mut v: Vec<(TileRun, [u64; 4], u64, Vec2D)> = w
                        .layer(l)
                        .unwrap()
                        .live()
                        .map(|p| {
                            let mut run = w.tile_of(p.item).unwrap().unwrap();
                            run.layer = 0;
                            let (r, u) = w.get_d(p.item).unwrap();
                            let bits = [r.x, r.y, r.w, r.h].map(f64::to_bits);
                            (run, bits, u, w.one_way(p.item).unwrap())
                        })
                        .collect();
                    v.sort_by_key(|e| (e.0.row, e.0.col));
                    v
                };
                assert_eq!(items(&w, layer), items(&fresh, fl), "after {e} edits");
            }
        }
        assert_eq!(w.get_d(player).unwrap().1, 77);
        assert_eq!(w.count(), w.layer(layer).unwrap().live().count() + 1);
    }
}

/// A world with layers and items of its own: a snapshot restores the same hash, tiles and
/// items under the same handles, edits after a restore or in a clone go on as in the
/// original, and every cut or flipped byte is refused without a change.
#[test]
fn snapshots_and_clones_keep_tile_layers() {
    let mut rng = Rng(42);
    let (cols, rows) = (20, 14);
    let codes = random_map(&mut rng, cols, rows);
    let mut w = World::new_d(64.0).unwrap();
    let crate_ = w.add_d(RectD::new(1.0, 2.0, 3.0, 4.0), 5).unwrap();
    let l1 = w.add_tiles(&codes, cols, rows, cols, ORIGIN, TILE).unwrap();
    let l2 = w
        .add_tiles(
            &codes[..cols * 3],
            cols,
            3,
            cols,
            Vec2D::new(0.0, -200.0),
            TILE,
        )
        .unwrap();
    let l3 = w
        .add_tiles(&codes[..4], 2, 2, 2, Vec2D::new(900.0, 0.0), TILE)
        .unwrap();
    w.remove_tiles(l2).unwrap();
    w.set_tiles_category(l3, 2, 3).unwrap();
    w.set_tile(l1, 3, 4, code(TILE_SLOPE_X1Y0, 9)).unwrap();
    let (hash, snap) = (w.state_hash(), w.snapshot());
    assert_eq!(snap.len(), w.snapshot_len());
    let mut twin = w.duplicate();
    assert_eq!(twin.state_hash(), hash);

    // Change everything, then restore.
    w.set_tile(l1, 5, 5, code(TILE_SOLID, 1)).unwrap();
    w.remove_tiles(l3).unwrap();
    w.remove(crate_).unwrap();
    assert_ne!(w.state_hash(), hash);
    w.restore(&snap).unwrap();
    assert_eq!(w.state_hash(), hash);
    assert_eq!(w.snapshot(), snap);
    assert_eq!(w.tile(l1, 3, 4), Ok(code(TILE_SLOPE_X1Y0, 9)));
    assert_eq!(w.tile(l2, 0, 0), Err(WorldError::Stale));
    assert_eq!(w.tile_layers(), 2);
    let mut edited = codes.clone();
    edited[4 * cols + 3] = code(TILE_SLOPE_X1Y0, 9);
    assert_items_are_the_tiles(&w, l1, &edited, cols);
    for p in w.layer(l3).unwrap().live() {
        assert_eq!(w.category(p.item), Ok((2, 3)));
    }

    // The same edits in the restored world and the clone: the same state.
    for (c, r, k) in [(0, 0, 0), (7, 9, code(TILE_ONE_WAY_XNEG, 2)), (19, 13, 1)] {
        w.set_tile(l1, c, r, k).unwrap();
        twin.set_tile(l1, c, r, k).unwrap();
    }
    let l4 = w.add_tiles(&codes, cols, rows, cols, ORIGIN, TILE).unwrap();
    assert_eq!(
        twin.add_tiles(&codes, cols, rows, cols, ORIGIN, TILE),
        Ok(l4)
    );
    assert!(l4 > l3, "ids are never reused");
    assert_eq!(w.state_hash(), twin.state_hash());
    assert_eq!(w.snapshot(), twin.snapshot());

    w.restore(&snap).unwrap();
    let step = if cfg!(miri) { 997 } else { 1 };
    for n in (0..snap.len()).step_by(step) {
        assert!(w.restore(&snap[..n]).is_err());
        let mut bad = snap.clone();
        bad[n] ^= 0x10;
        assert!(w.restore(&bad).is_err(), "byte {n} flipped");
        assert_eq!(w.state_hash(), hash);
    }

    // Without layers, nothing of them is written: the layout of a world before layers.
    w.remove_tiles(l1).unwrap();
    w.remove_tiles(l3).unwrap();
    let plain = w.snapshot();
    assert_eq!(&plain[44..48], &[0, 0, 0, 0]);
    let mut again = World::new_d(64.0).unwrap();
    again.restore(&plain).unwrap();
    assert_eq!(again.state_hash(), w.state_hash());
}

/// Bad grids, codes, tiles and ids get errors and change nothing; the layer's items cannot be
/// removed one by one, and a removed layer's id stays stale.
#[test]
fn bad_input_to_tile_layers_is_refused_and_changes_nothing() {
    let mut w = World::new(32.0).unwrap();
    let codes = [1u32, 1, 0, 2, 2, 2];
    let o = Vec2D::new(0.0, 0.0);
    let t = TILE;
    let bad = |w: &mut World, codes: &[u32], c, r, s, o, t| w.add_tiles(codes, c, r, s, o, t);
    assert_eq!(bad(&mut w, &codes, 0, 2, 3, o, t), Err(WorldError::Invalid));
    assert_eq!(bad(&mut w, &codes, 3, 0, 3, o, t), Err(WorldError::Invalid));
    assert_eq!(bad(&mut w, &codes, 3, 2, 2, o, t), Err(WorldError::Invalid));
    assert_eq!(bad(&mut w, &codes, 3, 3, 3, o, t), Err(WorldError::Invalid));
    assert_eq!(
        bad(&mut w, &codes, 3, 2, usize::MAX, o, t),
        Err(WorldError::Invalid)
    );
    assert_eq!(
        bad(&mut w, &codes, usize::MAX, usize::MAX, usize::MAX, o, t),
        Err(WorldError::Invalid)
    );
    assert_eq!(
        bad(&mut w, &[10, 0, 0], 3, 1, 3, o, t),
        Err(WorldError::Invalid)
    );
    assert_eq!(
        bad(&mut w, &[0x1ff, 0, 0], 3, 1, 3, o, t),
        Err(WorldError::Invalid)
    );
    for v in [f64::NAN, f64::INFINITY, -16.0, 0.0, 1e-300] {
        assert_eq!(
            bad(&mut w, &codes, 3, 2, 3, o, Vec2D::new(v, 16.0)),
            Err(WorldError::Invalid)
        );
        assert_eq!(
            bad(&mut w, &codes, 3, 2, 3, o, Vec2D::new(16.0, v)),
            Err(WorldError::Invalid)
        );
    }
    assert_eq!(
        bad(&mut w, &codes, 3, 2, 3, Vec2D::new(f64::NAN, 0.0), t),
        Err(WorldError::Invalid)
    );
    assert_eq!(
        bad(
            &mut w,
            &codes,
            3,
            2,
            3,
            Vec2D::new(1e308, 0.0),
            Vec2D::new(1e308, 1.0)
        ),
        Err(WorldError::Invalid)
    );
    // A tile lost in the rounding of far coordinates.
    assert_eq!(
        bad(
            &mut w,
            &codes,
            3,
            2,
            3,
            Vec2D::new(1e9, 0.0),
            Vec2D::new(1e-4, 1.0)
        ),
        Err(WorldError::Invalid)
    );
    assert_eq!(
        (w.count(), w.tile_layers(), w.state_hash()),
        (0, 0, World::new(32.0).unwrap().state_hash())
    );

    // A stride longer than a row skips the codes between rows.
    let l = w.add_tiles(&codes, 2, 2, 3, o, t).unwrap();
    assert_eq!(w.tile(l, 0, 1), Ok(2));
    assert_eq!(w.tile(l, 1, 1), Ok(2));
    assert_eq!(w.count(), 2);
    let hash = w.state_hash();
    assert_eq!(w.set_tile(l, 2, 0, 1), Err(WorldError::Invalid));
    assert_eq!(w.set_tile(l, 0, 2, 1), Err(WorldError::Invalid));
    assert_eq!(w.set_tile(l, 0, 0, 10), Err(WorldError::Invalid));
    assert_eq!(w.set_tile(l + 1, 0, 0, 1), Err(WorldError::Stale));
    assert_eq!(w.set_tile(0, 0, 0, 1), Err(WorldError::Stale));
    assert_eq!(w.tile(l, 5, 0), Err(WorldError::Invalid));
    let mut out = [0u64; 4];
    assert_eq!(w.query_point_d(Vec2D::new(8.0, 8.0), u64::MAX, &mut out), 1);
    assert_eq!(w.remove(out[0]), Err(WorldError::Invalid));
    assert_eq!(w.state_hash(), hash);
    let item = out[0];
    assert_eq!(w.tile_of(item).unwrap().unwrap().cols, 2);
    let other = w.add(crate::Rect::new(100.0, 0.0, 1.0, 1.0), 0).unwrap();
    assert_eq!(w.tile_of(other), Ok(None));
    w.remove_tiles(l).unwrap();
    assert_eq!(w.tile_of(item), Err(WorldError::Stale));
    assert_eq!(w.remove_tiles(l), Err(WorldError::Stale));
    assert_eq!(w.tile(l, 0, 0), Err(WorldError::Stale));
    assert_eq!(w.count(), 1);
}

/// A map of more tiles than a world holds items, none of them merged (the cell is smaller than
/// a tile): refused whole, nothing added.
#[test]
fn a_layer_too_big_for_the_world_is_refused_whole() {
    if cfg!(miri) {
        return;
    }
    let (cols, rows) = (2049, 2048);
    assert!(cols * rows > World::CAPACITY);
    let codes = alloc::vec![code(TILE_SOLID, 0); cols * rows];
    let mut w = World::new_d(8.0).unwrap();
    let crate_ = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0).unwrap();
    let hash = w.state_hash();
    let got = w.add_tiles(&codes, cols, rows, cols, ORIGIN, TILE);
    assert_eq!(got, Err(WorldError::Full));
    assert_eq!((w.count(), w.tile_layers(), w.state_hash()), (1, 0, hash));
    assert!(w.contains(crate_));
    // With cells of two tiles, runs of 2 x 2 tiles: it fits.
    let mut w = World::new_d(32.0).unwrap();
    let id = w.add_tiles(&codes, cols, rows, cols, ORIGIN, TILE).unwrap();
    assert_eq!(w.count(), 1025 * 1024);
    w.remove_tiles(id).unwrap();
    assert_eq!(w.count(), 0);
}
