//! The broad phase: sweep and prune in tiles. The plane is cut into cells `cell_size` square; a
//! normal item lives in the tile (one cell high, 8 cells wide) holding the cell of its lower
//! corner, in a vector of box copies sorted by the lower x edge. An item whose box spans more
//! than two cells on either axis is huge and kept in a separate list instead.
//!
//! Cell indices are `floor(v / cell_size)` clamped to `±2^29`: monotone in the coordinate, so
//! every bound below is exact whatever the rounding. A normal item's upper edges lie in its own
//! cell or the next one, so items that touch lie in the same or adjacent tiles, and the `cx`
//! column of an item's lower edge bounds how far to the left of a point a touching item can
//! start. Within a tile the sort turns every search into a short sweep over contiguous memory;
//! tiles stay short, so keeping them sorted on every change costs a few entry moves.

use crate::query::aabb_aabb;
use crate::shape::Aabb;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

const CELL_LIMIT: f64 = (1u32 << 29) as f64;
/// Tiles are `1 << SHIFT` cells wide.
const SHIFT: u32 = 3;
/// `Loc::tile` of an item that is not in a tile (huge, or a free slot).
pub(crate) const NO_TILE: u32 = u32::MAX;

/// The cell index of a coordinate; `inv` is `1 / cell_size`.
#[inline(always)]
pub(crate) fn cell_of(v: f64, inv: f64) -> i32 {
    let c = v * inv;
    // Also maps a NaN to the lower limit rather than failing (callers never pass one).
    if c >= -CELL_LIMIT {
        if c <= CELL_LIMIT {
            // floor without a libm call (x86-64's baseline has no rounding instruction).
            let t = c as i32;
            t - ((t as f64) > c) as i32
        } else {
            CELL_LIMIT as i32
        }
    } else {
        -CELL_LIMIT as i32
    }
}

/// The tile column of a cell column.
#[inline(always)]
pub(crate) fn chunk(cx: i32) -> i32 {
    cx >> SHIFT
}

fn key(r: i32, c: i32) -> u64 {
    ((r as u32 as u64) << 32) | c as u32 as u64
}

/// A multiplicative hash for tile keys (std's SipHash costs more than the lookups).
#[derive(Default)]
pub(crate) struct TileHasher(u64);

impl Hasher for TileHasher {
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// A copy of a normal item's box, where the sweep reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub b: Aabb,
    /// Column of `b.min_x`.
    pub cx: i32,
    pub slot: u32,
}

/// The items whose lower corner is in row `r`, columns `c << SHIFT ..`, sorted by `b.min_x`.
#[derive(Default)]
pub(crate) struct Tile {
    pub r: i32,
    pub c: i32,
    pub items: Vec<Entry>,
}

/// Where an item goes: the row and column of its lower corner, or huge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Home {
    Cell { r: i32, cx: i32 },
    Huge,
}

impl Home {
    /// Whether two homes share a tile.
    pub fn same_tile(self, o: Home) -> bool {
        match (self, o) {
            (Home::Cell { r, cx }, Home::Cell { r: r2, cx: cx2 }) => {
                r == r2 && chunk(cx) == chunk(cx2)
            }
            _ => false,
        }
    }
}

pub(crate) fn home(b: &Aabb, inv: f64) -> Home {
    let (x0, y0) = (cell_of(b.min_x, inv), cell_of(b.min_y, inv));
    let (x1, y1) = (cell_of(b.max_x, inv), cell_of(b.max_y, inv));
    if x1 as i64 - x0 as i64 <= 1 && y1 as i64 - y0 as i64 <= 1 {
        Home::Cell { r: y0, cx: x0 }
    } else {
        Home::Huge
    }
}

#[derive(Default)]
pub(crate) struct Tiles {
    map: HashMap<u64, u32, BuildHasherDefault<TileHasher>>,
    pub tiles: Vec<Tile>,
    free: Vec<u32>,
    /// Per slot: the index of its tile, and where in it the entry was last seen (entries move
    /// when others are inserted or removed; then it is found by its `min_x`).
    tile_of: Vec<u32>,
    hint: Vec<u32>,
    /// Huge items' slots, ascending.
    pub huge: Vec<u32>,
}

impl Tiles {
    /// The number of occupied tiles.
    pub fn occupied(&self) -> usize {
        self.map.len()
    }

    pub fn find(&self, r: i32, c: i32) -> &[Entry] {
        match self.map.get(&key(r, c)) {
            Some(&i) => &self.tiles[i as usize].items,
            None => &[],
        }
    }

    /// Makes room for slots `0..n`.
    pub fn grow(&mut self, n: usize) {
        self.tile_of.resize(n, NO_TILE);
        self.hint.resize(n, 0);
    }

    pub fn place(&mut self, slot: u32, b: Aabb, h: Home) {
        match h {
            Home::Huge => {
                let at = self.huge.partition_point(|&s| s < slot);
                self.huge.insert(at, slot);
                self.tile_of[slot as usize] = NO_TILE;
            }
            Home::Cell { r, cx } => {
                let ti = self.tile(r, chunk(cx));
                let items = &mut self.tiles[ti as usize].items;
                let at = items.partition_point(|e| e.b.min_x <= b.min_x);
                items.insert(at, Entry { b, cx, slot });
                self.tile_of[slot as usize] = ti;
                self.hint[slot as usize] = at as u32;
            }
        }
    }

    /// Removes a slot whose box was `old`.
    pub fn unplace(&mut self, slot: u32, old: &Aabb) {
        let ti = self.tile_of[slot as usize];
        if ti == NO_TILE {
            if let Ok(at) = self.huge.binary_search(&slot) {
                self.huge.remove(at);
            }
            return;
        }
        let tile = &mut self.tiles[ti as usize];
        let at = locate(&tile.items, slot, old.min_x, self.hint[slot as usize]);
        tile.items.remove(at);
        if tile.items.is_empty() {
            self.map.remove(&key(tile.r, tile.c));
            self.free.push(ti);
        }
        self.tile_of[slot as usize] = NO_TILE;
    }

    /// Moves a slot whose box was `old` within its tile to box `b` (column `cx`), keeping the
    /// tile sorted.
    pub fn shift(&mut self, slot: u32, old: &Aabb, b: Aabb, cx: i32) {
        let items = &mut self.tiles[self.tile_of[slot as usize] as usize].items;
        let mut i = locate(items, slot, old.min_x, self.hint[slot as usize]);
        items[i].b = b;
        items[i].cx = cx;
        while i > 0 && items[i - 1].b.min_x > b.min_x {
            items.swap(i - 1, i);
            self.hint[items[i].slot as usize] = i as u32;
            i -= 1;
        }
        while i + 1 < items.len() && items[i + 1].b.min_x < b.min_x {
            items.swap(i, i + 1);
            self.hint[items[i].slot as usize] = i as u32;
            i += 1;
        }
        self.hint[slot as usize] = i as u32;
    }

    fn tile(&mut self, r: i32, c: i32) -> u32 {
        let tiles = &mut self.tiles;
        let free = &mut self.free;
        *self.map.entry(key(r, c)).or_insert_with(|| {
            if let Some(i) = free.pop() {
                let t = &mut tiles[i as usize];
                t.r = r;
                t.c = c;
                i
            } else {
                tiles.push(Tile {
                    r,
                    c,
                    items: Vec::new(),
                });
                (tiles.len() - 1) as u32
            }
        })
    }

    /// Calls `f(a, b)` for every pair of normal items whose boxes strictly overlap, once.
    pub fn tile_pairs(&self, f: &mut impl FnMut(u32, u32)) {
        for t in &self.tiles {
            let items = &t.items[..];
            if items.is_empty() {
                continue;
            }
            for (i, e) in items.iter().enumerate() {
                for o in &items[i + 1..] {
                    if o.b.min_x >= e.b.max_x {
                        break;
                    }
                    if aabb_aabb::<false>(&e.b, &o.b) {
                        f(e.slot, o.slot);
                    }
                }
            }
            // The tile to the right, and the three above (in the direction of rising y). Only
            // items in this tile's last column reach the tiles to the right, and only items in
            // its first column reach back to the one above-left.
            let (r1, c0, c1) = (
                t.r.wrapping_add(1),
                t.c.wrapping_sub(1),
                t.c.wrapping_add(1),
            );
            let first = t.c.wrapping_shl(SHIFT);
            let last = c1.wrapping_shl(SHIFT).wrapping_sub(1);
            let reach_right = &items[items.partition_point(|e| e.cx < last)..];
            let reach_left = &items[..items.partition_point(|e| e.cx <= first)];
            for (mine, other) in [
                (reach_right, self.find(t.r, c1)),
                (reach_left, self.find(r1, c0)),
                (items, self.find(r1, t.c)),
                (reach_right, self.find(r1, c1)),
            ] {
                if !mine.is_empty() && !other.is_empty() {
                    sweep(mine, other, f);
                }
            }
        }
    }

    /// Calls `f(slot)` for every normal item whose box may touch the closed box `q` (a superset:
    /// the caller tests), each once.
    pub fn near(&self, q: &Aabb, inv: f64, f: &mut impl FnMut(u32)) {
        let (r0, r1) = (
            cell_of(q.min_y, inv).saturating_sub(1),
            cell_of(q.max_y, inv),
        );
        let c0 = cell_of(q.min_x, inv).saturating_sub(1);
        let c1 = cell_of(q.max_x, inv);
        self.scan_rows(r0, r1, |_| Some((c0, c1, q.max_x)), f);
    }

    /// For every row `r` in `r0..=r1` that `window(r)` gives `(c0, c1, max_x)`: calls `f` for
    /// the items of that row with `c0 <= cx <= c1` and `min_x <= max_x`.
    pub fn scan_rows(
        &self,
        r0: i32,
        r1: i32,
        window: impl Fn(i32) -> Option<(i32, i32, f64)>,
        f: &mut impl FnMut(u32),
    ) {
        let scan = |items: &[Entry], c0: i32, max_x: f64, f: &mut dyn FnMut(u32)| {
            let from = items.partition_point(|e| e.cx < c0);
            for e in &items[from..] {
                if e.b.min_x > max_x {
                    break;
                }
                f(e.slot);
            }
        };
        let tiles = self.occupied() as i64;
        let mut all = (r1 as i64 - r0 as i64) >= tiles;
        if !all {
            for r in r0..=r1 {
                let Some((c0, c1, _)) = window(r) else {
                    continue;
                };
                if (chunk(c1) as i64 - chunk(c0) as i64) >= tiles {
                    all = true;
                    break;
                }
            }
        }
        if all {
            // Fewer tiles than tile positions to probe: visit every tile.
            for t in &self.tiles {
                if t.items.is_empty() || t.r < r0 || t.r > r1 {
                    continue;
                }
                if let Some((c0, c1, max_x)) = window(t.r) {
                    if chunk(c0) <= t.c && t.c <= chunk(c1) {
                        scan(&t.items, c0, max_x, f);
                    }
                }
            }
            return;
        }
        for r in r0..=r1 {
            if let Some((c0, c1, max_x)) = window(r) {
                for c in chunk(c0)..=chunk(c1) {
                    scan(self.find(r, c), c0, max_x, f);
                }
            }
        }
    }
}

/// The position of `slot`'s entry, whose box starts at `min_x`, in a sorted tile: at `hint` or
/// next to it (one insertion or removal away), else found by binary search.
fn locate(items: &[Entry], slot: u32, min_x: f64, hint: u32) -> usize {
    let h = hint as usize;
    for i in [h, h.wrapping_sub(1), h + 1] {
        if items.get(i).is_some_and(|e| e.slot == slot) {
            return i;
        }
    }
    let mut i = items.partition_point(|e| e.b.min_x < min_x);
    while items[i].slot != slot {
        i += 1;
    }
    i
}

/// The strictly overlapping pairs between two different sorted tiles, `b` in the same row to the
/// right of `a` or in the row above.
fn sweep(a: &[Entry], b: &[Entry], f: &mut impl FnMut(u32, u32)) {
    let mut p = 0;
    for e in a {
        let from = e.cx.saturating_sub(1);
        while p < b.len() && b[p].cx < from {
            p += 1;
        }
        for o in &b[p..] {
            if o.b.min_x >= e.b.max_x {
                break;
            }
            if aabb_aabb::<false>(&e.b, &o.b) {
                f(e.slot, o.slot);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!((chunk(-1), chunk(0), chunk(7), chunk(8)), (-1, 0, 0, 1));
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
    fn homes_and_tile_order() {
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
            t.place(s, b, home(&b, inv));
        }
        let order = |t: &Tiles| t.find(0, 0).iter().map(|e| e.slot).collect::<Vec<u32>>();
        assert_eq!(order(&t), vec![1, 2, 0]);
        t.shift(1, &bx(2.0, 1.0, 3.0, 2.0), bx(9.0, 1.0, 10.0, 2.0), 0);
        assert_eq!(order(&t), vec![2, 0, 1]);
        t.unplace(0, &bx(8.0, 1.0, 9.0, 2.0));
        assert_eq!(order(&t), vec![2, 1]);
        t.unplace(2, &bx(5.0, 1.0, 6.0, 2.0));
        t.unplace(1, &bx(9.0, 1.0, 10.0, 2.0));
        assert_eq!(t.occupied(), 0);
    }
}
