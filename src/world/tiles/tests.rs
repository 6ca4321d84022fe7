use super::bounds::{next_up, round_down, round_up, Bounds, HIGH_INEXACT, LOW_INEXACT};
use super::grid::{cell_of, home, home_is_cell, tile_col, Home};
use super::store::{Tiles, TILE_GROUPS};
use super::sweep::{Exact, Sweep};
use crate::shape::Aabb;

use crate::query::aabb_aabb;
use crate::testing::for_cases;

#[test]
fn cell_of_is_monotone_and_clamped() {
    let inv = 1.0 / 16.0;
    assert_eq!(cell_of(0.0, inv), 0);
    assert_eq!(cell_of(15.999, inv), 0);
    assert_eq!(cell_of(16.0, inv), 1);
    assert_eq!(cell_of(-0.001, inv), -1);
    assert_eq!(cell_of(1e300, inv), 1 << 29);
    assert_eq!(cell_of(-1e300, inv), -(1 << 29));
    assert_eq!(cell_of(f64::NAN, inv), -(1 << 29));
    assert_eq!(
        (tile_col(-1), tile_col(0), tile_col(7), tile_col(8)),
        (-1, 0, 0, 1)
    );
}

fn bx(x0: f64, y0: f64, x1: f64, y1: f64) -> Aabb {
    Aabb {
        min_x: x0,
        min_y: y0,
        max_x: x1,
        max_y: y1,
    }
}

#[test]
fn home_is_cell_agrees_with_home() {
    let mut lcg = crate::testing::Lcg(3);
    let mut rnd = || lcg.unit();
    // Interpreted (under Miri), a thousand boxes per cell size.
    let boxes = if cfg!(miri) { 1000 } else { 20000 };
    for inv in [1.0 / 3.0, 1.0 / 0.1, 1.0 / 7.3] {
        for _ in 0..boxes {
            // Near cell edges on both axes, sometimes exactly on them.
            let edge = |v: f64| (v / 4.0).round() * 4.0;
            let (x, y) = (rnd() * 80.0 - 40.0, rnd() * 80.0 - 40.0);
            let (x, y) = if rnd() < 0.3 {
                (edge(x), edge(y))
            } else {
                (x, y)
            };
            let (w, h) = (rnd() * 2.5 / inv, rnd() * 2.5 / inv);
            let b = bx(x, y, x + w, y + h);
            let now = home(&b, inv);
            // Against its own home and the homes one cell away.
            let (r, cx) = match home(&bx(x, y, x, y), inv) {
                Home::Cell { r, cx } => (r, cx),
                Home::Huge => unreachable!(),
            };
            for (dr, dc) in [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1)] {
                let old = Home::Cell {
                    r: r + dr,
                    cx: cx + dc,
                };
                assert_eq!(
                    home_is_cell(&b, r + dr, cx + dc, inv),
                    now == old,
                    "{b:?} {inv}"
                );
            }
        }
    }
    // Far out, the answer is "recompute".
    assert!(!home_is_cell(&bx(1e12, 0.0, 1e12, 0.0), 1 << 29, 0, 1.0));
}

#[test]
fn homes_and_tile_lists() {
    let inv = 1.0 / 10.0;
    assert_eq!(home(&bx(5.0, 5.0, 25.0, 15.0), inv), Home::Huge);
    assert_eq!(
        home(&bx(5.0, 5.0, 19.0, 19.0), inv),
        Home::Cell { r: 0, cx: 0 }
    );
    let mut t = Tiles::default();
    t.grow(3);
    for (s, x) in [(0u32, 8.0), (1, 2.0), (2, 5.0)] {
        let b = bx(x, 1.0, x + 1.0, 2.0);
        t.place(s, b, true, home(&b, inv));
    }
    let list = |t: &Tiles| {
        let mut v: Vec<u32> = t.find(0, 0).iter().map(|e| e.slot()).collect();
        v.sort();
        v
    };
    assert_eq!(list(&t), vec![0, 1, 2]);
    t.set(1, &bx(9.0, 1.0, 10.0, 2.0), true, 0, 0);
    assert!(t.find(0, 0).iter().any(|e| e.slot() == 1 && e.x0() == 9.0));
    t.unplace(0);
    assert_eq!(list(&t), vec![1, 2]);
    t.unplace(2);
    t.unplace(1);
    assert_eq!(list(&t), Vec::<u32>::new());
    // An emptied tile is kept for reuse until empty tiles are many.
    assert_eq!(t.occupied(), 1);
}

#[test]
fn a_query_above_every_item_of_a_row_skips_it_and_sees_an_item_raised_into_it() {
    let inv = 1.0 / 10.0;
    let mut t = Tiles::default();
    t.grow(2);
    for s in 0..2u32 {
        let b = bx(2.0 + 3.0 * s as f64, 1.0, 3.0 + 3.0 * s as f64, 2.0);
        t.place(s, b, true, home(&b, inv));
    }
    let near = |t: &Tiles, q: &Aabb| {
        let mut v = Vec::new();
        t.near(q, inv, &mut |s| v.push(s));
        v.sort();
        v
    };
    // Row 0's items end at y = 2: a box from y = 9 (cell row 0) up misses them all.
    let q = bx(0.0, 9.0, 20.0, 12.0);
    assert_eq!(near(&t, &q), Vec::<u32>::new());
    assert_eq!(near(&t, &bx(0.0, 2.0, 20.0, 12.0)), vec![0, 1]);
    // Item 1 grows up to y = 9.5 within its tile: now the same query finds it.
    t.set(1, &bx(5.0, 1.0, 6.0, 9.5), true, 0, 0);
    assert_eq!(near(&t, &q), vec![1]);
    // Emptied and refilled low, the row is skipped again.
    t.unplace(0);
    t.unplace(1);
    let b = bx(2.0, 1.0, 3.0, 2.0);
    t.place(0, b, true, home(&b, inv));
    assert_eq!(near(&t, &q), Vec::<u32>::new());
}

/// The pairs of a tiles structure holding `boxes` (all normal), sorted.
fn tile_pairs(boxes: &[Aabb], inv: f64) -> Vec<(u32, u32)> {
    let mut t = Tiles::default();
    t.grow(boxes.len());
    for (s, b) in boxes.iter().enumerate() {
        t.place(s as u32, *b, true, home(b, inv));
    }
    let mut out = Vec::new();
    let test = |a: u32, b: u32| aabb_aabb::<false>(&boxes[a as usize], &boxes[b as usize]);
    let exact = Exact {
        test: &test,
        thin: 0.0,
        drain: None,
    };
    let n = t.pairs(&mut Sweep::default(), &exact, &mut out);
    let mut v: Vec<(u32, u32)> = out[..n]
        .iter()
        .map(|&k| ((k >> 32) as u32, k as u32))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    v.sort();
    v
}

#[test]
fn tiles_keep_their_items_in_column_groups_through_moves_and_removals() {
    // Small boxes wandering over a few tiles: moved within their cell, to another column
    // of their tile, to other tiles, removed and put back, as a world's updates do. After
    // every step each tile holds its items by column, each slot knows its place, and a
    // query over any columns finds exactly the items whose boxes it reaches.
    let inv = 1.0 / 4.0;
    let mut lcg = crate::testing::Lcg(77);
    let mut rnd = |k: u64| (lcg.next() >> 33) % k;
    let n = 60;
    let mut t = Tiles::default();
    t.grow(n);
    let mut boxes: Vec<Option<(Aabb, Home)>> = vec![None; n];
    let steps = if cfg!(miri) { 40 } else { 20_000 };
    for _ in 0..steps {
        let s = rnd(n as u64) as usize;
        let (x, y) = (rnd(160) as f64 / 2.0 - 12.0, rnd(24) as f64 / 2.0);
        let b = bx(x, y, x + 1.5, y + 1.5);
        let h = home(&b, inv);
        match boxes[s] {
            Some(_) if rnd(5) == 0 => {
                t.unplace(s as u32);
                boxes[s] = None;
            }
            Some((_, old)) if h.same_tile(old) => {
                let (Home::Cell { cx, .. }, Home::Cell { cx: was, .. }) = (h, old) else {
                    unreachable!()
                };
                t.set(s as u32, &b, true, cx, was);
                boxes[s] = Some((b, h));
            }
            Some(_) => {
                t.unplace(s as u32);
                t.place(s as u32, b, true, h);
                boxes[s] = Some((b, h));
            }
            None => {
                t.place(s as u32, b, true, h);
                boxes[s] = Some((b, h));
            }
        }
        for tile in &t.tiles {
            assert_eq!(tile.group_start[TILE_GROUPS] as usize, tile.items.len());
            for k in 0..TILE_GROUPS {
                let group =
                    &tile.items[tile.group_start[k] as usize..tile.group_start[k + 1] as usize];
                assert!(group.iter().all(|e| tile.group(e.column) == k));
            }
            for (at, e) in tile.items.iter().enumerate() {
                assert_eq!(t.places[e.slot() as usize] as usize, at);
            }
        }
        let (qx, qy) = (rnd(80) as f64 - 12.0, rnd(12) as f64);
        let q = bx(qx, qy, qx + rnd(20) as f64, qy + 2.0);
        let mut got = Vec::new();
        t.near(&q, inv, &mut |j| got.push(j));
        got.sort();
        got.dedup();
        let got: Vec<u32> = got
            .into_iter()
            .filter(|&j| aabb_aabb::<true>(&boxes[j as usize].unwrap().0, &q))
            .collect();
        let want: Vec<u32> = (0..n as u32)
            .filter(|&j| boxes[j as usize].is_some_and(|(b, _)| aabb_aabb::<true>(&b, &q)))
            .collect();
        assert_eq!(got, want);
    }
}

fn brute(boxes: &[Aabb]) -> Vec<(u32, u32)> {
    let mut v = Vec::new();
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            if aabb_aabb::<false>(&boxes[i], &boxes[j]) {
                v.push((i as u32, j as u32));
            }
        }
    }
    v
}

#[test]
fn up_and_down_are_the_nearest_f32_outwards() {
    let vals = [
        0.0,
        -0.0,
        1e-50,
        -1e-50,
        0.1,
        -0.1,
        1.0,
        -1.0,
        1.0 + 1e-12,
        -1.0 - 1e-12,
        3.4e38,
        -3.4e38,
        1e39,
        -1e39,
        16384.0 + 1.0 / 1024.0,
    ];
    // Any finite f64 (from random bits), f32s themselves, and the f64s just beside f32s,
    // where rounding to nearest lands on the wrong side half the time.
    let mut random = Vec::new();
    for_cases(0x2545_f491_4f6c_dd1d, 300_000, 400, |k, x| {
        let f = f32::from_bits(x.next() as u32) as f64;
        let v = match k % 4 {
            0 => f64::from_bits(x.next()),
            1 => f,
            2 => f64::from_bits(f.to_bits().wrapping_add(1)),
            _ => f64::from_bits(f.to_bits().wrapping_sub(1)),
        };
        if v.is_finite() {
            random.push(v);
        }
    });
    for v in vals.into_iter().chain(random) {
        let (u, d) = (round_up(v), round_down(v));
        assert!(u as f64 >= v && d as f64 <= v, "{v}");
        // Nothing in between: the next f32 inwards is on the other side of `v`.
        if u as f64 != v {
            assert!((-next_up(-u)) as f64 <= v, "{v}");
        }
        if d as f64 != v {
            assert!(next_up(d) as f64 >= v, "{v}");
        }
    }
}

#[test]
fn next_up_steps_one_f32() {
    for f in [
        0.0f32,
        -0.0,
        1.0,
        -1.0,
        f32::MIN_POSITIVE,
        -f32::from_bits(1),
        3.0e38,
    ] {
        let u = next_up(f);
        assert!(u > f, "{f}");
        // No f32 lies between: their midpoint rounds to one of them.
        let mid = ((u as f64 + f as f64) / 2.0) as f32;
        assert!(mid == f || mid == u, "{f}");
    }
    assert_eq!(next_up(f32::MAX), f32::INFINITY);
    assert_eq!(next_up(f32::NEG_INFINITY), f32::MIN);
    assert_eq!(next_up(-f32::from_bits(1)), -0.0);
}

#[test]
fn f32_bounds_round_outwards_and_flag_inexact_boxes() {
    let e = Bounds::of(&bx(0.1, -0.1, 1.0 + 1e-12, 2.0), 0, true);
    let [x0, y0, x1, y1] = [e.lanes[0], e.lanes[1], -e.lanes[2], -e.lanes[3]];
    assert!(x0 as f64 <= 0.1 && y0 as f64 <= -0.1 && x1 as f64 >= 1.0 + 1e-12);
    assert_eq!(y1, 2.0);
    assert_eq!(e.tagged_slot, LOW_INEXACT | HIGH_INEXACT);
    assert_eq!(
        Bounds::of(&bx(0.25, -3.0, 1.5, 2.0), 0, true).tagged_slot,
        0
    );
    assert_eq!(
        Bounds::of(&bx(0.25, -3.0, 1.1, 2.0), 0, true).tagged_slot,
        HIGH_INEXACT
    );
    let big = Bounds::of(&bx(-1e300, 0.0, 1e300, 1.0), 0, true);
    assert_eq!(
        (big.lanes[0], -big.lanes[2]),
        (f32::NEG_INFINITY, f32::INFINITY)
    );
}

#[test]
fn f32_test_is_exact_unless_a_low_and_a_high_edge_compared_are_both_inexact() {
    // Rects as games give them: f32 x, y, w, h, so x + w is often not an f32; edges a few
    // f32 steps apart, so every comparison is close.
    let mut lcg = crate::testing::Lcg(9);
    let mut rnd = |k: u64| (lcg.next() >> 33) % k;
    // Interpreted (Miri), fewer cases.
    let cases = if cfg!(miri) { 4000 } else { 20000 };
    let mut sure = 0;
    for _ in 0..cases {
        let mut r = || {
            let x = [1.0f32, 1.5][rnd(2) as usize] + rnd(64) as f32 * f32::EPSILON;
            let w = 0.5f32 + rnd(64) as f32 * f32::EPSILON * 0.37;
            let (x, w) = if rnd(4) == 0 { (x + w, -w) } else { (x, w) };
            let y = [1.0f32, 1.5][rnd(2) as usize] + rnd(64) as f32 * f32::EPSILON;
            crate::shape::Rect::new(x, y, w, w).aabb()
        };
        let (a, b) = (r(), r());
        let (ea, eb) = (Bounds::of(&a, 0, true), Bounds::of(&b, 0, true));
        let exact = aabb_aabb::<false>(&a, &b);
        if exact {
            assert!(ea.may_overlap(&eb), "{a:?} {b:?}");
        }
        if !ea.is_unsure(&eb) {
            sure += 1;
            assert_eq!(ea.may_overlap(&eb), exact, "{a:?} {b:?}");
        }
    }
    assert!(sure > cases / 2);
}

#[test]
fn crowded_rows_are_swept_in_bands_with_the_same_pairs() {
    // Thousands of small boxes in one huge cell (a world whose cell is far larger than its
    // items), some touching exactly, some tall, some on band boundaries.
    let mut lcg = crate::testing::Lcg(12345);
    let mut next = || (lcg.next() >> 33) as f64 / (1u64 << 31) as f64;
    // Interpreted (Miri), a smaller crowd: the bands still cut the row.
    let sizes: &[(usize, f64)] = if cfg!(miri) {
        &[(300, 12.0)]
    } else {
        &[(3000, 12.0), (1500, 40.0), (600, 3.0), (2000, 12.0)]
    };
    for &(n, tall) in sizes {
        // One crowd straddles zero, so that negative and positive x0 are sorted together.
        let shift = if n == 2000 { -112.25 } else { 0.0 };
        let mut boxes = Vec::new();
        for k in 0..n {
            let (x, y) = (
                (next() * 900.0).floor() / 4.0 + shift,
                (next() * 900.0).floor() / 4.0,
            );
            let h = if k % 97 == 0 {
                tall
            } else {
                1.0 + (next() * 8.0).floor()
            };
            boxes.push(bx(x, y, x + 1.0 + (next() * 8.0).floor(), y + h));
            if k % 5 == 0 {
                // Flush on top of the previous one.
                boxes.push(bx(x, y + h, x + 2.0, y + h + 1.5));
            }
        }
        // One huge cell (a crowded row alone), and cells that make neighbouring crowded
        // rows (natively only: under Miri the first is the new path).
        let cells: &[f64] = if cfg!(miri) {
            &[1.0 / 100_000.0]
        } else {
            &[1.0 / 100_000.0, 1.0 / 100.0]
        };
        for &inv in cells {
            assert_eq!(
                tile_pairs(&boxes, inv),
                brute(&boxes),
                "n {n}, cell {}",
                1.0 / inv
            );
        }
    }
}

#[test]
fn pairs_of_boxes_whose_f32_bounds_are_inexact_are_decided_exactly() {
    // Pairs that the f32 bounds alone cannot tell: edges a hair (far below f32's spacing)
    // apart, touching exactly, or overlapping by a hair; beside ordinary grid boxes.
    let eps = 1e-12;
    let mut boxes = vec![
        bx(0.0, 0.0, 1.0 + eps, 1.0),
        bx(1.0 + eps, 0.0, 2.0, 1.0), // touches the first: no pair
        bx(1.0, 0.5, 1.6, 1.2),       // overlaps the first by eps
        bx(0.1, 1.0 + eps, 0.7, 1.7), // starts a hair above the first
        bx(0.3, 1.0 - eps, 0.9, 1.9), // overlaps the first by eps
        bx(2.0, 0.0, 2.5, 1.0),       // touches the second
    ];
    let mut lcg = crate::testing::Lcg(5);
    let mut rnd = || lcg.unit();
    for _ in 0..400 {
        let (x, y) = (rnd() * 12.0 - 6.0, rnd() * 12.0 - 6.0);
        let (w, h) = (rnd() * 0.45, rnd() * 0.45);
        // Every other one on the quarter grid, so exact and inexact records meet.
        let q = |v: f64| (v * 4.0).round() / 4.0;
        if boxes.len() % 2 == 0 {
            boxes.push(bx(q(x), q(y), q(x + w), q(y + h)));
        } else {
            boxes.push(bx(x, y, x + w, y + h));
        }
    }
    for inv in [1.0 / 3.0, 1.0, 1.0 / 0.75] {
        assert!(boxes.iter().all(|b| home(b, inv) != Home::Huge));
        let got = tile_pairs(&boxes, inv);
        assert_eq!(got, brute(&boxes), "cell {}", 1.0 / inv);
        assert!(got.contains(&(0, 2)) && got.contains(&(0, 4)));
        assert!(!got.contains(&(0, 1)) && !got.contains(&(0, 3)) && !got.contains(&(1, 5)));
    }
}
