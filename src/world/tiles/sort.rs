//! The orders the sweep needs: the tiles by `(row, column)`, kept up to date by merging in the
//! tiles made since, and a row's items by left edge (`x0`).

use super::bounds::{x0_order, Bounds};
use super::crowded::CROWDED_ROW;
use super::grid::TILE_SHIFT;
use super::store::Tiles;
use super::sweep::{Sweep, LOOKAHEAD, SENTINEL};
use alloc::vec::Vec;

/// Tiles of at most this many items are sorted by ranks (a count per pair), larger ones by a
/// counting sort by column and insertions.
const RANK_SORT_MAX: usize = 32;

/// Buffers for [`radix_sort_by_x0`].
pub(super) struct RadixBuffers<'a> {
    pub(super) keys: &'a mut [Vec<u64>; 2],
    pub(super) digits: &'a mut Vec<u32>,
}

/// Digits of a radix sort are at most this many bits (their counts stay in the first-level
/// cache).
const DIGIT_BITS: u32 = 11;

/// A band whose items crowd a bucket with more than this many is sorted by comparisons instead.
const BUCKET_MAX: u32 = 16;

/// Sorts `items` by `x0` in linear time for spread-out `x0`s: a counting sort into buckets of
/// equal width along x, about two items to a bucket, then an insertion sort, which moves each
/// item only past the others of its bucket. A band with a crowded bucket (more than `BUCKET_MAX`
/// items) is sorted by comparisons instead, so the time is never quadratic.
pub(super) fn bucket_sort_by_x0(
    items: &mut [Bounds],
    tmp: &mut Vec<Bounds>,
    counts: &mut Vec<u32>,
) {
    let len = items.len();
    if len < 2 {
        return;
    }
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for e in items.iter() {
        lo = lo.min(e.lanes[0] as f64);
        hi = hi.max(e.lanes[0] as f64);
    }
    let slots = len / 2 + 1;
    // A zero width (all alike) makes every bucket index NaN, which truncates to 0.
    let per = slots as f64 / (hi - lo);
    let bucket = |e: &Bounds| (((e.lanes[0] as f64 - lo) * per) as usize).min(slots - 1);
    counts.clear();
    counts.resize(slots + 1, 0);
    for e in items.iter() {
        counts[bucket(e) + 1] += 1;
    }
    if counts.iter().any(|&c| c > BUCKET_MAX) {
        items.sort_unstable_by_key(x0_order);
        return;
    }
    for k in 1..=slots {
        counts[k] += counts[k - 1];
    }
    tmp.clear();
    tmp.resize(len, SENTINEL);
    for e in items.iter() {
        let at = &mut counts[bucket(e)];
        tmp[*at as usize] = *e;
        *at += 1;
    }
    for (i, e) in tmp.iter().enumerate() {
        let key = x0_order(e);
        let mut j = i;
        while j > 0 && x0_order(&items[j - 1]) > key {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = *e;
    }
}

/// Appends `items` to `row` sorted by `x0`: a radix sort (least significant digit
/// first) of the keys `x0 << 32 | index`, over only the bits in which the `x0`s differ.
fn radix_sort_by_x0(items: &[Bounds], row: &mut Vec<Bounds>, radix: &mut RadixBuffers) {
    let ord = x0_order;
    let (mut lo, mut hi) = (u32::MAX, 0);
    for e in items {
        let k = ord(e);
        lo = lo.min(k);
        hi = hi.max(k);
    }
    let bits = u32::BITS - (hi.wrapping_sub(lo)).leading_zeros();
    let passes = bits.div_ceil(DIGIT_BITS).max(1);
    let width = bits.div_ceil(passes).max(1);
    let (size, mask) = (1usize << width, (1u64 << width) - 1);
    let [src, tmp] = &mut *radix.keys;
    src.clear();
    src.extend(
        items
            .iter()
            .enumerate()
            .map(|(i, e)| ((ord(e) - lo) as u64) << 32 | i as u64),
    );
    // Every key of `tmp` is written before it is read: it is only grown.
    if tmp.len() < items.len() {
        tmp.resize(items.len(), 0);
    }
    let counts = &mut *radix.digits;
    counts.clear();
    counts.resize(passes as usize * size, 0);
    for &k in src.iter() {
        for d in 0..passes {
            counts[d as usize * size + ((k >> (32 + d * width)) & mask) as usize] += 1;
        }
    }
    let (mut from, mut to) = (&mut src[..], &mut tmp[..items.len()]);
    for d in 0..passes {
        let c = &mut counts[d as usize * size..(d as usize + 1) * size];
        if c.iter().any(|&v| v as usize == items.len()) {
            continue; // one digit for all: already in order
        }
        let mut sum = 0;
        for v in c.iter_mut() {
            let here = *v;
            *v = sum;
            sum += here;
        }
        for &k in from.iter() {
            let at = &mut c[((k >> (32 + d * width)) & mask) as usize];
            to[*at as usize] = k;
            *at += 1;
        }
        std::mem::swap(&mut from, &mut to);
    }
    row.extend(from.iter().map(|&k| items[(k & 0xffff_ffff) as usize]));
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
            sw.order.sort_unstable();
        } else if sw.seen < self.created.len() {
            sw.fresh.clear();
            sw.fresh
                .extend(self.created[sw.seen..].iter().map(|&i| entry(i)));
            sw.fresh.sort_unstable();
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
    pub(super) fn gather(
        &self,
        order: &[(u64, u32)],
        row: &mut Vec<Bounds>,
        radix: &mut RadixBuffers,
    ) {
        row.clear();
        for &(_, ti) in order {
            let t = &self.tiles[ti as usize];
            if t.items.is_empty() {
                continue;
            }
            if t.items.len() > CROWDED_ROW {
                // Many items (cells far larger than the items): by x0 alone, in linear time. The
                // sweep needs only x0 order, and a tile's columns are in x0 order anyway.
                radix_sort_by_x0(&t.items, row, radix);
                continue;
            }
            let base = t.col.wrapping_shl(TILE_SHIFT);
            let start = row.len();
            row.resize(start + t.items.len(), Bounds::default());
            let dst = &mut row[start..];
            if t.items.len() <= RANK_SORT_MAX {
                // Each item goes to its rank among unique keys (column, x0, index): counted,
                // not compared with branches.
                let mut keys = [0u64; RANK_SORT_MAX];
                for (i, (k, e)) in keys.iter_mut().zip(&t.items).enumerate() {
                    let ord = x0_order(e);
                    let col = e.column.wrapping_sub(base) as u64;
                    *k = (col << 40) | ((ord as u64) << 8) | i as u64;
                }
                let keys = &keys[..t.items.len()];
                for (&k, e) in keys.iter().zip(&t.items) {
                    let rank = keys.iter().map(|&o| (o < k) as usize).sum::<usize>();
                    dst[rank] = *e;
                }
                continue;
            }
            // The tile holds its items by groups of columns already. Within each group, by x0:
            // insertions for the few items a group usually holds, a sort for a crowded one.
            dst.copy_from_slice(&t.items);
            let mut from = 0;
            for &end in &t.group_start[1..] {
                let to = end as usize;
                let col = &mut dst[from..to];
                if col.len() > RANK_SORT_MAX {
                    col.sort_unstable_by(|a, b| a.lanes[0].total_cmp(&b.lanes[0]));
                } else {
                    for i in 1..col.len() {
                        let e = col[i];
                        let mut j = i;
                        while j > 0 && col[j - 1].lanes[0] > e.lanes[0] {
                            col[j] = col[j - 1];
                            j -= 1;
                        }
                        col[j] = e;
                    }
                }
                from = to;
            }
        }
        row.extend_from_slice(&[SENTINEL; LOOKAHEAD]);
    }
}
