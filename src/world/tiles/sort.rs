//! The orders the sweep needs: the tiles by `(row, column)`, kept up to date by merging in the
//! tiles made since, and a row's items by left edge (`x0`). (A crowded row's bands are sorted
//! in `crowded.rs`.)

use super::bounds::{x0_order, Bounds};
use super::store::Tiles;
use super::sweep::{Sweep, LOOKAHEAD, SENTINEL};
use alloc::vec::Vec;

/// Tiles of more items than this are sorted group by group (see [`Tiles::gather`]), smaller
/// ones whole.
const GROUPED_ABOVE: usize = 32;

/// A group of columns with more items than this is sorted by comparisons rather than by
/// insertions (whose time grows with the square of the count).
const INSERTION_MAX: usize = 32;

/// Sorts `items` by `x0` by insertions: each item moves past the ones before it that start
/// after it (few, in a group of neighbouring columns).
fn insertion_sort_by_x0(items: &mut [Bounds]) {
    for i in 1..items.len() {
        let e = items[i];
        let mut j = i;
        while j > 0 && items[j - 1].lanes[0] > e.lanes[0] {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = e;
    }
}

/// A tile position as a `u64` ordered as `(r, c)`.
fn order_key(r: i32, c: i32) -> u64 {
    (((r as u32 ^ 0x8000_0000) as u64) << 32) | (c as u32 ^ 0x8000_0000) as u64
}

impl Tiles {
    /// Brings `sw.order` up to date: every tile of the map (some may be empty) in `(r, c)` order.
    pub(super) fn update_order(&self, sw: &mut Sweep) {
        let entry = |i: u32| {
            let t = &self.tiles[i as usize];
            (order_key(t.row, t.col), i)
        };
        if sw.epoch != self.epoch || sw.seen > self.created.len() {
            sw.order.clear();
            sw.order.extend(self.map.values().map(|&i| entry(i)));
            crate::sort::sort(&mut sw.order);
        } else if sw.seen < self.created.len() {
            sw.fresh.clear();
            sw.fresh
                .extend(self.created[sw.seen..].iter().map(|&i| entry(i)));
            crate::sort::sort(&mut sw.fresh);
            sw.merged.clear();
            let (mut i, mut j) = (0, 0);
            let (a, b) = (&sw.order, &sw.fresh);
            while i < a.len() && j < b.len() {
                if a[i] <= b[j] {
                    sw.merged.push(a[i]);
                    i += 1;
                } else {
                    sw.merged.push(b[j]);
                    j += 1;
                }
            }
            sw.merged.extend_from_slice(&a[i..]);
            sw.merged.extend_from_slice(&b[j..]);
            std::mem::swap(&mut sw.order, &mut sw.merged);
        }
        sw.epoch = self.epoch;
        sw.seen = self.created.len();
    }

    /// Gathers the items of the tiles `order` (one row, ascending columns) into `row`, sorted by
    /// `x0` (tile by tile and group by group: a later column never starts before an earlier
    /// one), followed by `LOOKAHEAD` sentinels.
    pub(super) fn gather(&self, order: &[(u64, u32)], row: &mut Vec<Bounds>) {
        row.clear();
        for &(_, ti) in order {
            let t = &self.tiles[ti as usize];
            let start = row.len();
            row.extend_from_slice(&t.items);
            if t.items.len() <= GROUPED_ABOVE {
                row[start..].sort_unstable_by_key(x0_order);
                continue;
            }
            // The tile holds its items by groups of columns already: each group is sorted by x0
            // alone, by insertions for the few items a group usually holds, by comparisons for a
            // crowded one.
            // measured: `cargo bench --bench world -- world`, row "collide2d World (tiles, cell
            // 32)" (about 43 items a tile), pairs half, medians of 20 interleaved runs: N=1000
            // 0.0710 ms with, 0.0771 without (+8.5%); N=10000 0.862 ms with, 0.928 without
            // (+7.6%). Without: each such tile sorted whole by `sort_unstable_by_key`.
            let mut from = start;
            for &end in &t.group_start[1..] {
                let to = start + end as usize;
                let group = &mut row[from..to];
                if group.len() > INSERTION_MAX {
                    group.sort_unstable_by_key(x0_order);
                } else {
                    insertion_sort_by_x0(group);
                }
                from = to;
            }
        }
        row.extend_from_slice(&[SENTINEL; LOOKAHEAD]);
    }
}
