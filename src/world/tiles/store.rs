//! The tiles and where every slot is in them: a map from tile position to tile, each tile's
//! items by groups of columns, and the huge items' list. Adding, moving and removing an item.

use super::bounds::Bounds;
use super::grid::{tile_col, Home, TILE_SHIFT};
use crate::platform::HashMap;
use crate::shape::Aabb;
use alloc::vec::Vec;
use std::hash::{BuildHasherDefault, Hasher};

/// `tile_of` of an item that is not in a tile (huge, or a free slot).
pub(crate) const NO_TILE: u32 = u32::MAX;

fn map_key(r: i32, c: i32) -> u64 {
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

/// Columns in a tile.
const TILE_COLS: usize = 1 << TILE_SHIFT;
/// A tile's items are kept in groups of `1 << GROUP_SHIFT` neighbouring columns.
const GROUP_SHIFT: u32 = 1;
/// Groups in a tile.
pub(super) const TILE_GROUPS: usize = TILE_COLS >> GROUP_SHIFT;

/// The items whose lower corner is in row `r`, columns `c << TILE_SHIFT ..`, by groups of
/// neighbouring columns (otherwise unordered), so that a query reads only the groups it
/// reaches. Groups of two columns rather than one: an item moving to the next column stays in
/// its group half the time, and one moving to another tile shifts half as many groups.
#[derive(Default)]
pub(crate) struct Tile {
    pub row: i32,
    pub col: i32,
    pub items: Vec<Bounds>,
    /// Group `k` of the tile holds `items[group_start[k]..group_start[k + 1]]`;
    /// `group_start[TILE_GROUPS]` is the count.
    pub(super) group_start: [u32; TILE_GROUPS + 1],
    /// At least the upper y edge of every item in `items` (only raised while the tile has items,
    /// so it may be above them all): a query below it skips the tile.
    pub(super) top: f32,
}

impl Tile {
    /// The group within the tile of an item of column `cx`.
    pub(super) fn group(&self, cx: i32) -> usize {
        (cx.wrapping_sub(self.col.wrapping_shl(TILE_SHIFT)) as usize & (TILE_COLS - 1))
            >> GROUP_SHIFT
    }

    /// The items of the groups holding columns `c0..=c1` (any columns: clamped to the tile's);
    /// some may be of columns beside them.
    pub(super) fn columns(&self, c0: i32, c1: i32) -> &[Bounds] {
        let base = (self.col as i64) << TILE_SHIFT;
        let at = |g: i64| self.group_start[g.clamp(0, TILE_GROUPS as i64) as usize] as usize;
        let (from, to) = (
            at((c0 as i64 - base) >> GROUP_SHIFT),
            at(((c1 as i64 - base) >> GROUP_SHIFT) + 1),
        );
        &self.items[from..to.max(from)]
    }

    /// Puts `e` at the end of its group, moving the first item of each later group to
    /// that group's end; `moved(slot, at)` learns each new place, `e`'s included.
    fn insert(&mut self, e: Bounds, mut moved: impl FnMut(u32, u32)) {
        let g = self.group(e.column);
        self.items.push(e);
        let mut hole = self.items.len() - 1;
        for c in (g + 1..TILE_GROUPS).rev() {
            let first = self.group_start[c] as usize;
            if first != hole {
                let m = self.items[first];
                self.items[hole] = m;
                moved(m.slot(), hole as u32);
            }
            hole = first;
            self.group_start[c] += 1;
        }
        self.group_start[TILE_GROUPS] += 1;
        self.items[hole] = e;
        moved(e.slot(), hole as u32);
    }

    /// Puts `e` in place of the item at `at`, in its group, given the column
    /// `was` of the item it replaces: one group boundary at a time, each step swapping it with
    /// the neighbour across the boundary and moving the boundary past it (an item moving to
    /// the next group costs one swap); `moved(slot, at)` learns each new place, `e`'s included.
    fn regroup(&mut self, mut at: usize, was: i32, e: Bounds, mut moved: impl FnMut(u32, u32)) {
        let (mut g, h) = (self.group(was), self.group(e.column));
        while g != h {
            let other = if g < h {
                self.group_start[g + 1] -= 1;
                g += 1;
                self.group_start[g] as usize
            } else {
                let first = self.group_start[g] as usize;
                self.group_start[g] += 1;
                g -= 1;
                first
            };
            if other != at {
                let m = self.items[other];
                self.items[at] = m;
                moved(m.slot(), at as u32);
                at = other;
            }
        }
        self.items[at] = e;
        moved(e.slot(), at as u32);
    }

    /// Takes out the item at `at`, moving the last item of its group into its place and the
    /// last of each later group to that group's new start; `moved(slot, at)` learns each new
    /// place.
    fn take_out(&mut self, at: usize, mut moved: impl FnMut(u32, u32)) {
        let g = self.group(self.items[at].column);
        let mut hole = at;
        for c in g..TILE_GROUPS {
            let last = self.group_start[c + 1] as usize - 1;
            if last != hole {
                let m = self.items[last];
                self.items[hole] = m;
                moved(m.slot(), hole as u32);
            }
            hole = last;
            self.group_start[c + 1] -= 1;
        }
        self.items.pop();
    }
}

pub(crate) struct Tiles {
    pub(super) map: HashMap<u64, u32, BuildHasherDefault<TileHasher>>,
    pub tiles: Vec<Tile>,
    free_tiles: Vec<u32>,
    /// Per slot: the index of its tile (or `NO_TILE`), its place in the tile's list, and its box.
    tile_of: Vec<u32>,
    pub(super) places: Vec<u32>,
    /// Huge items' slots, ascending.
    pub huge: Vec<u32>,
    /// Tiles in `map` with no items (kept until they are many, so that items moving back and
    /// forth across a tile edge do not create and drop tiles).
    empty_tiles: usize,
    /// Bumped whenever tiles leave `map`; `log` lists the tiles created since.
    pub(super) epoch: u64,
    pub(super) created: Vec<u32>,
}

impl Default for Tiles {
    fn default() -> Tiles {
        Tiles {
            map: HashMap::default(),
            tiles: Vec::new(),
            free_tiles: Vec::new(),
            tile_of: Vec::new(),
            places: Vec::new(),
            huge: Vec::new(),
            empty_tiles: 0,
            epoch: 1,
            created: Vec::new(),
        }
    }
}

impl Tiles {
    /// The number of tiles in the map (some may be empty).
    pub fn occupied(&self) -> usize {
        self.map.len()
    }

    pub(super) fn tile_at(&self, r: i32, c: i32) -> Option<&Tile> {
        self.map
            .get(&map_key(r, c))
            .map(|&i| &self.tiles[i as usize])
    }

    #[cfg(test)]
    pub fn find(&self, r: i32, c: i32) -> &[Bounds] {
        self.tile_at(r, c).map_or(&[], |t| &t.items)
    }

    /// Makes room for slots `0..n`.
    pub fn grow(&mut self, n: usize) {
        self.tile_of.resize(n, NO_TILE);
        self.places.resize(n, 0);
    }

    pub fn place(&mut self, slot: u32, b: Aabb, exact: bool, h: Home) {
        let s = slot as usize;
        match h {
            Home::Huge => {
                let at = self.huge.partition_point(|&o| o < slot);
                self.huge.insert(at, slot);
                self.tile_of[s] = NO_TILE;
            }
            Home::Cell { r, cx } => {
                let ti = self.tile_index(r, tile_col(cx));
                let mut e = Bounds::of(&b, cx, exact);
                e.tagged_slot |= slot;
                let (t, places) = (&mut self.tiles[ti as usize], &mut self.places);
                t.insert(e, |m, at| places[m as usize] = at);
                t.top = t.top.max(-e.lanes[3]);
                self.tile_of[s] = ti;
            }
        }
    }

    /// Moves a slot within its tile to box `b`, whose lower x edge is in column `cx`; `was` is
    /// the column it was in. In its group, the entry is only written, not read first: most
    /// updates stay in their cell, and a store does not wait for the cache.
    #[inline(always)]
    pub fn set(&mut self, slot: u32, b: &Aabb, exact: bool, cx: i32, was: i32) {
        let s = slot as usize;
        let mut e = Bounds::of(b, cx, exact);
        e.tagged_slot |= slot;
        let (t, places) = (&mut self.tiles[self.tile_of[s] as usize], &mut self.places);
        let at = places[s] as usize;
        if t.group(cx) == t.group(was) {
            t.items[at] = e;
        } else {
            t.regroup(at, was, e, |m, at| places[m as usize] = at);
        }
        t.top = t.top.max(-e.lanes[3]);
    }

    /// Removes a slot.
    pub fn unplace(&mut self, slot: u32) {
        let s = slot as usize;
        let ti = self.tile_of[s];
        if ti == NO_TILE {
            if let Ok(at) = self.huge.binary_search(&slot) {
                self.huge.remove(at);
            }
            return;
        }
        self.tile_of[s] = NO_TILE;
        let (t, places) = (&mut self.tiles[ti as usize], &mut self.places);
        t.take_out(places[s] as usize, |m, at| places[m as usize] = at);
        if t.items.is_empty() {
            self.tiles[ti as usize].top = f32::NEG_INFINITY;
            self.empty_tiles += 1;
            if self.empty_tiles > 64 && self.empty_tiles * 2 > self.map.len() {
                self.drop_empty();
            }
        }
    }

    /// Forgets the empty tiles.
    fn drop_empty(&mut self) {
        let (tiles, free) = (&self.tiles, &mut self.free_tiles);
        self.map.retain(|_, &mut i| {
            let keep = !tiles[i as usize].items.is_empty();
            if !keep {
                free.push(i);
            }
            keep
        });
        self.empty_tiles = 0;
        self.epoch += 1;
        self.created.clear();
    }

    /// The index of the tile at `(r, c)`, made if need be.
    fn tile_index(&mut self, r: i32, c: i32) -> u32 {
        let tiles = &mut self.tiles;
        let free = &mut self.free_tiles;
        let log = &mut self.created;
        let mut made = false;
        let ti = *self.map.entry(map_key(r, c)).or_insert_with(|| {
            made = true;
            let i = if let Some(i) = free.pop() {
                let t = &mut tiles[i as usize];
                t.row = r;
                t.col = c;
                t.group_start = [0; TILE_GROUPS + 1];
                i
            } else {
                tiles.push(Tile {
                    row: r,
                    col: c,
                    items: Vec::with_capacity(16),
                    group_start: [0; TILE_GROUPS + 1],
                    top: f32::NEG_INFINITY,
                });
                (tiles.len() - 1) as u32
            };
            log.push(i);
            i
        });
        if !made && self.tiles[ti as usize].items.is_empty() {
            self.empty_tiles -= 1;
        }
        ti
    }
}
