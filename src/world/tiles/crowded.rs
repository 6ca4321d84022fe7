//! Crowded rows (many items in few cells, as in a world whose cells are far larger than its
//! items): cut into horizontal bands as high as the tallest item, so that the sweep along x
//! does not test every pair that overlaps on x alone.

use super::bounds::{x0_order, Bounds};
use super::store::Tiles;
use super::sweep::{pairs_across, pairs_within, Exact, LOOKAHEAD, SENTINEL};
use alloc::vec::Vec;

/// A gathered row with more items than this is swept in bands (see [`pairs_within_crowded`]).
pub(super) const CROWDED_ROW: usize = 256;

/// [`pairs_within`] for a crowded row (many items in few cells, as in a world whose cells are far
/// larger than its items): a sweep along x alone would test every pair that overlaps on x,
/// quadratic in the row's height over the items'. The row is cut into horizontal bands as
/// high as its tallest item, each kept in x order; an item's box then reaches at most the next
/// band, so the pairs are those within each band and across neighbouring bands.
pub(super) fn pairs_within_crowded(
    row: &[Bounds],
    exact: &Exact,
    buf: &mut Vec<u64>,
    n: usize,
    bands: &mut Vec<Vec<Bounds>>,
) -> usize {
    let items = &row[..row.len() - LOOKAHEAD];
    match Banding::of(items.iter()) {
        Some(banding) => {
            banding.place(items.iter(), bands);
            pairs_in_bands(&mut bands[..banding.count], exact, buf, n, |_| ())
        }
        None => pairs_within(row, exact, buf, n),
    }
}

/// The pairs of the bands `bands` (each in x order, as for [`pairs_within`], once `ready` has been
/// called on its items): within each band and across neighbouring ones. Each band is made
/// ready just before its first use, while the one before it is still in the cache.
fn pairs_in_bands(
    bands: &mut [Vec<Bounds>],
    exact: &Exact,
    buf: &mut Vec<u64>,
    mut n: usize,
    mut ready: impl FnMut(&mut [Bounds]),
) -> usize {
    let count = bands.len();
    let mut make_ready = |band: &mut Vec<Bounds>| {
        let len = band.len() - LOOKAHEAD;
        ready(&mut band[..len]);
    };
    make_ready(&mut bands[0]);
    for k in 0..count {
        if k + 1 < count {
            make_ready(&mut bands[k + 1]);
        }
        n = pairs_within(&bands[k], exact, buf, n);
        if k + 1 < count {
            n = pairs_across(&bands[k], &bands[k + 1], exact, buf, n);
        }
    }
    n
}

/// A crowded row's horizontal bands (see [`pairs_within_crowded`]).
struct Banding {
    lo: f64,
    per: f64,
    count: usize,
}

impl Banding {
    /// Bands for `items`; `None` when fewer than four would do (or a bound is not finite).
    fn of<'a>(items: impl Iterator<Item = &'a Bounds> + Clone) -> Option<Banding> {
        // The least of each lane of the bounds (`[x0, y0, -x1, -y1]`: the least `y0` and the
        // greatest `y1`), one vector compare an item, and the greatest height, in f64, where
        // the f32 bounds' differences are exact: with bands a little higher than the tallest
        // item, the rounding of `band` never puts two items that overlap more than one band
        // apart. (Bounds are never NaN; a height of `inf - inf` is skipped, and a bound at
        // infinity makes `None` below.)
        let (mut least, mut tall, mut len) = ([f32::INFINITY; 4], 0.0f64, 0);
        for e in items {
            for (m, &v) in least.iter_mut().zip(&e.lanes) {
                if v < *m {
                    *m = v;
                }
            }
            let t = -e.lanes[3] as f64 - e.lanes[1] as f64;
            if t > tall {
                tall = t;
            }
            len += 1;
        }
        let (lo, hi) = (least[1] as f64, -least[3] as f64);
        let height = tall * (1.0 + 1e-9) + f64::MIN_POSITIVE;
        let count = (hi - lo) / height;
        if !(count >= 4.0 && height.is_finite() && hi.is_finite() && lo.is_finite()) {
            return None;
        }
        // Truncation is the floor of a positive count.
        let count = (count as usize).min(len);
        Some(Banding {
            lo,
            per: 1.0 / height,
            count,
        })
    }

    fn band(&self, e: &Bounds) -> usize {
        (((e.lanes[1] as f64 - self.lo) * self.per) as usize).min(self.count - 1)
    }

    /// Places `items` into `bands`, band `k` into `bands[k]` in their order, each followed by
    /// `LOOKAHEAD` sentinels (`bands` keeps its vectors from call to call, and so their room).
    fn place<'a>(&self, items: impl Iterator<Item = &'a Bounds>, bands: &mut Vec<Vec<Bounds>>) {
        if bands.len() < self.count {
            bands.resize_with(self.count, Vec::new);
        }
        let bands = &mut bands[..self.count];
        for band in bands.iter_mut() {
            band.clear();
        }
        for e in items {
            bands[self.band(e)].push(*e);
        }
        for band in bands.iter_mut() {
            band.extend_from_slice(&[SENTINEL; LOOKAHEAD]);
        }
    }
}

impl Tiles {
    /// The pairs of a crowded row whose neighbouring rows are empty (the tiles `order`), as
    /// [`pairs_within_crowded`] finds them, but sorted more cheaply: with no other row to merge
    /// with, the row needs no x order as a whole, so its items go from their tiles straight into
    /// bands, and each band, small enough to stay in the cache, is sorted by `x0` alone. `None`
    /// (nothing done) for a row that is not crowded or cannot be banded.
    pub(super) fn crowded_alone(
        &self,
        order: &[(u64, u32)],
        bands: &mut Vec<Vec<Bounds>>,
        exact: &Exact,
        out: &mut Vec<u64>,
        n: usize,
    ) -> Option<usize> {
        let tiles = || order.iter().map(|&(_, ti)| &self.tiles[ti as usize].items);
        if tiles().map(Vec::len).sum::<usize>() <= CROWDED_ROW {
            return None;
        }
        // One tile (a cell far larger than the items) is the common case: its items as a plain
        // slice, without the steps between tiles.
        let banding = match order {
            [(_, ti)] => Banding::of(self.tiles[*ti as usize].items.iter()),
            _ => Banding::of(tiles().flatten()),
        }?;
        match order {
            [(_, ti)] => banding.place(self.tiles[*ti as usize].items.iter(), bands),
            _ => banding.place(tiles().flatten(), bands),
        }
        Some(pairs_in_bands(
            &mut bands[..banding.count],
            exact,
            out,
            n,
            |band| band.sort_unstable_by_key(x0_order),
        ))
    }
}
