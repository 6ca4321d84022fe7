//! The items near a box: row by row over the tiles a window of columns reaches, filtered by
//! their f32 bounds without a branch per item.

use super::bounds::{all_at_most, reach, round_up};
use super::grid::{cell_of, tile_col};
use super::store::{Tile, Tiles};
use crate::shape::Aabb;

impl Tiles {
    /// Calls `f(slot)` for every normal item whose box may touch the closed box `q` (a superset:
    /// the caller tests), each once.
    pub fn near(&self, q: &Aabb, inv: f64, f: &mut impl FnMut(u32)) {
        let (r0, r1) = (
            cell_of(q.min_y, inv).saturating_sub(1),
            cell_of(q.max_y, inv),
        );
        let c0 = cell_of(q.min_x, inv).saturating_sub(1);
        let c1 = cell_of(q.max_x, inv);
        self.scan_rows(r0, r1, |_| Some((c0, c1, q.max_x)), reach(q), f);
    }

    /// For every row `r` in `r0..=r1` that `window(r)` gives `(c0, c1, max_x)`: calls `f` for
    /// the items of that row with `c0 <= cx <= c1`, `x0 <= max_x` and bounds within `reach` (as
    /// made by [`reach`]; and maybe a few more).
    pub fn scan_rows(
        &self,
        r0: i32,
        r1: i32,
        window: impl Fn(i32) -> Option<(i32, i32, f64)>,
        reach: [f32; 4],
        f: &mut impl FnMut(u32),
    ) {
        // Filtered without a branch per item (which way it goes is a coin toss): the slots
        // passing are packed into a small buffer, then handed to `f`.
        let scan = |t: &Tile, c0: i32, c1: i32, max_x: f64, f: &mut dyn FnMut(u32)| {
            // Every item of the tile ends below the box.
            if t.top < -reach[3] {
                return;
            }
            let q = [round_up(max_x).min(reach[0]), reach[1], reach[2], reach[3]];
            let mut pass = [0u32; 32];
            for part in t.columns(c0, c1).chunks(pass.len()) {
                let mut k = 0;
                for e in part {
                    pass[k & 31] = e.slot();
                    k += ((e.column >= c0) & all_at_most(&e.lanes, &q)) as usize;
                }
                for &s in &pass[..k] {
                    f(s);
                }
            }
        };
        // Probing more tile positions than there are tiles: visit every tile instead.
        let tiles = self.occupied() as i64;
        let mut all = (r1 as i64 - r0 as i64) >= tiles;
        if !all {
            let mut probes = 0;
            for r in r0..=r1 {
                let Some((c0, c1, _)) = window(r) else {
                    continue;
                };
                probes += tile_col(c1) as i64 - tile_col(c0) as i64 + 1;
                if probes > tiles {
                    all = true;
                    break;
                }
            }
        }
        if all {
            for t in &self.tiles {
                if t.items.is_empty() || t.row < r0 || t.row > r1 {
                    continue;
                }
                if let Some((c0, c1, max_x)) = window(t.row) {
                    if tile_col(c0) <= t.col && t.col <= tile_col(c1) {
                        scan(t, c0, c1, max_x, f);
                    }
                }
            }
            return;
        }
        for r in r0..=r1 {
            if let Some((c0, c1, max_x)) = window(r) {
                for c in tile_col(c0)..=tile_col(c1) {
                    if let Some(t) = self.tile_at(r, c) {
                        scan(t, c0, c1, max_x, f);
                    }
                }
            }
        }
    }
}
