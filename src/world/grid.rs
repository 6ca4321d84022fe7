//! The broad phase: a uniform grid stored as a spatial hash of cells, each cell holding the slots
//! of the items whose box touches it in a sorted vector, plus a list of huge items that would
//! span too many cells.
//!
//! Cell indices are `floor(v / cell_size)` clamped to `±2^29`: a monotone function of the
//! coordinate, so any two boxes that touch share a cell, and the pair can be reported once, in the
//! cell holding the lower corner of the two boxes' overlap (`max` of the lower cell indices).

use crate::shape::Aabb;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Items covering at most this many cells live in the grid; larger ones in the huge list.
pub(crate) const MAX_CELLS: usize = 16;
const CELL_LIMIT: f64 = (1u32 << 29) as f64;

/// The closed range of cells a box touches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cells {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Cells {
    /// The number of cells in the range (up to 2^60, so in u64).
    pub fn len(&self) -> u64 {
        (self.x1 as i64 - self.x0 as i64 + 1) as u64 * (self.y1 as i64 - self.y0 as i64 + 1) as u64
    }

    pub fn is_huge(&self) -> bool {
        self.len() > MAX_CELLS as u64
    }

    /// The cell where a pair of touching ranges is reported: the lower corner of their overlap.
    #[inline(always)]
    pub fn anchor(&self, other: &Cells) -> (i32, i32) {
        (self.x0.max(other.x0), self.y0.max(other.y0))
    }
}

/// The cell index of a coordinate; `inv` is `1 / cell_size`.
#[inline(always)]
pub(crate) fn cell_of(v: f64, inv: f64) -> i32 {
    let c = (v * inv).floor();
    // Also maps a NaN to the lower limit rather than failing (callers never pass one).
    if c >= -CELL_LIMIT {
        if c <= CELL_LIMIT {
            c as i32
        } else {
            CELL_LIMIT as i32
        }
    } else {
        -CELL_LIMIT as i32
    }
}

pub(crate) fn cells_of(b: &Aabb, inv: f64) -> Cells {
    Cells {
        x0: cell_of(b.min_x, inv),
        y0: cell_of(b.min_y, inv),
        x1: cell_of(b.max_x, inv),
        y1: cell_of(b.max_y, inv),
    }
}

pub(crate) fn key(x: i32, y: i32) -> u64 {
    ((x as u32 as u64) << 32) | y as u32 as u64
}

/// A multiplicative hash for packed cell keys (std's SipHash costs more than the lookups).
#[derive(Default)]
pub(crate) struct CellHasher(u64);

impl Hasher for CellHasher {
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

/// One occupied cell: its coordinates and the slots touching it, ascending.
#[derive(Default)]
pub(crate) struct Bucket {
    pub x: i32,
    pub y: i32,
    pub items: Vec<u32>,
}

/// The grid's cells: a hash from cell coordinates to bucket index, and the buckets.
#[derive(Default)]
pub(crate) struct Grid {
    map: HashMap<u64, u32, BuildHasherDefault<CellHasher>>,
    pub buckets: Vec<Bucket>,
    free: Vec<u32>,
}

impl Grid {
    /// The number of occupied cells.
    pub fn occupied(&self) -> usize {
        self.map.len()
    }

    pub fn find(&self, x: i32, y: i32) -> Option<&Bucket> {
        self.map.get(&key(x, y)).map(|&i| &self.buckets[i as usize])
    }

    /// Inserts `slot` into every cell of `c`, writing the bucket indices to `ids`.
    pub fn insert(&mut self, slot: u32, c: &Cells, ids: &mut [u32; MAX_CELLS]) {
        let mut k = 0;
        for y in c.y0..=c.y1 {
            for x in c.x0..=c.x1 {
                let id = self.bucket(x, y);
                let items = &mut self.buckets[id as usize].items;
                let at = items.partition_point(|&s| s < slot);
                items.insert(at, slot);
                ids[k] = id;
                k += 1;
            }
        }
    }

    /// Removes `slot` from the `n` buckets of `ids`, releasing the ones left empty.
    pub fn remove(&mut self, slot: u32, ids: &[u32]) {
        for &id in ids {
            let b = &mut self.buckets[id as usize];
            if let Ok(at) = b.items.binary_search(&slot) {
                b.items.remove(at);
            }
            if b.items.is_empty() {
                self.map.remove(&key(b.x, b.y));
                self.free.push(id);
            }
        }
    }

    fn bucket(&mut self, x: i32, y: i32) -> u32 {
        let buckets = &mut self.buckets;
        let free = &mut self.free;
        *self.map.entry(key(x, y)).or_insert_with(|| {
            if let Some(id) = free.pop() {
                let b = &mut buckets[id as usize];
                b.x = x;
                b.y = y;
                id
            } else {
                buckets.push(Bucket {
                    x,
                    y,
                    items: Vec::new(),
                });
                (buckets.len() - 1) as u32
            }
        })
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
    }

    #[test]
    fn empty_buckets_are_recycled() {
        let mut g = Grid::default();
        let c = Cells {
            x0: 0,
            y0: 0,
            x1: 1,
            y1: 0,
        };
        let mut ids = [0; MAX_CELLS];
        g.insert(3, &c, &mut ids);
        g.insert(1, &c, &mut [0; MAX_CELLS]);
        assert_eq!(g.find(0, 0).unwrap().items, vec![1, 3]);
        g.remove(3, &ids[..2]);
        assert_eq!(g.occupied(), 2);
        g.remove(1, &ids[..2]);
        assert_eq!(g.occupied(), 0);
        assert!(g.find(1, 0).is_none());
        g.insert(7, &c, &mut ids);
        assert_eq!(g.buckets.len(), 2);
    }
}
