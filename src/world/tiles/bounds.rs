//! An item's box as f32 bounds rounded outwards ([`Bounds`]), with flags for the inexact
//! ones, and the lane-by-lane tests the sweep and the queries make on them.

use crate::shape::Aabb;

/// A normal item's box as f32 bounds rounded outwards, its column, and (in a gathered row) its
/// slot, with flags for the bounds that are not exactly the f64 box's.
///
/// Comparing `a.x0 < b.x1` is exactly `a.min_x < b.max_x` when either side is exact: if, say,
/// `b.max_x` is not an f32, `b.x1` is the next f32 above it and no f32 lies between, so an f32
/// `a.x0` is below one exactly when it is below the other. Lower edges are the rect's own `x`,
/// `y` (f32) unless its size is negative, so in practice the f32 test is exact and the f64
/// boxes are consulted only for a pair where a lower and an upper edge compared are both
/// inexact.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Bounds {
    /// `[x0, y0, -x1, -y1]`: `o` overlaps `e` when `o.lanes < e.limit()` lane by lane, one vector
    /// compare.
    pub lanes: [f32; 4],
    /// Column of the box's lower x edge.
    pub column: i32,
    /// The slot, with `LOW_INEXACT` and `HIGH_INEXACT` or'ed in.
    pub tagged_slot: u32,
}

/// Set in `Bounds::id` when `x0` or `y0` is below the exact box's lower edge.
pub(super) const LOW_INEXACT: u32 = 1 << 31;
/// Set in `Bounds::id` when `x1` or `y1` is above the exact box's upper edge.
pub(super) const HIGH_INEXACT: u32 = 1 << 30;

/// The least f32 above `f` (`f32::next_up`, which needs a newer Rust than this crate does);
/// `f` is never NaN or `+inf` here. The tests' reference for the rounding below.
#[cfg(test)]
pub(super) fn next_up(f: f32) -> f32 {
    let bits = f.to_bits();
    if f == 0.0 {
        f32::from_bits(1)
    } else if f > 0.0 {
        f32::from_bits(bits + 1)
    } else {
        f32::from_bits(bits - 1)
    }
}

/// The greatest f32 at or below `v` (finite or infinite, never NaN here), and whether it is
/// not `v` itself. `v` rounded to nearest is stepped one f32 down where that fell above: -1 on
/// the bits of a positive, +1 on those of a negative (a tiny negative `v` rounds to -0, whose
/// step down is the least negative f32). The same few instructions for every value, with no
/// branch, so that the four bounds of a box are one straight run.
#[inline(always)]
fn floor_f32(v: f64) -> (f32, bool) {
    let f = v as f32;
    let wide = f as f64;
    let step = (wide > v) as u32;
    let negative = f.to_bits() >> 31;
    let bits = f
        .to_bits()
        .wrapping_add(2 * step * negative)
        .wrapping_sub(step);
    (f32::from_bits(bits), wide != v)
}

/// The greatest f32 at or below `v` (finite).
#[inline(always)]
pub(super) fn round_down(v: f64) -> f32 {
    floor_f32(v).0
}

/// The least f32 at or above `v` (finite).
#[inline(always)]
pub(super) fn round_up(v: f64) -> f32 {
    -round_down(-v)
}

impl Bounds {
    /// The record of box `b` (finite) whose lower x edge is in column `cx`; `exact` tells
    /// whether `b` is the item's exact box (else it encloses it and every edge counts as
    /// inexact).
    #[inline(always)]
    pub fn of(b: &Aabb, cx: i32, exact: bool) -> Bounds {
        // `[x0, y0, -x1, -y1]`: each rounded down, the upper edges as their negations.
        let [(x0, ox), (y0, oy), (nx1, ox1), (ny1, oy1)] =
            [b.min_x, b.min_y, -b.max_x, -b.max_y].map(floor_f32);
        let low = ox | oy | !exact;
        let high = ox1 | oy1 | !exact;
        Bounds {
            lanes: [x0, y0, nx1, ny1],
            column: cx,
            tagged_slot: (low as u32) << 31 | (high as u32) << 30,
        }
    }

    /// Strict overlap of the f32 bounds: false means the exact boxes do not overlap strictly; true
    /// is exact unless [`Bounds::is_unsure`]. (The sweep inlines both rules; these state them.)
    #[cfg(test)]
    pub(super) fn may_overlap(&self, o: &Bounds) -> bool {
        all_below(&o.lanes, &self.limit())
    }

    /// `[x1, y1, -x0, -y0]`, what another box's `b` must be below to overlap this one.
    #[inline(always)]
    pub(super) fn limit(&self) -> [f32; 4] {
        [
            -self.lanes[2],
            -self.lanes[3],
            -self.lanes[0],
            -self.lanes[1],
        ]
    }

    /// The lower x bound.
    #[cfg(test)]
    pub fn x0(&self) -> f32 {
        self.lanes[0]
    }

    /// Whether the f32 test of `self` against `o` may differ from the exact one: a lower edge
    /// of one and an upper edge of the other are both inexact.
    #[cfg(test)]
    pub(super) fn is_unsure(&self, o: &Bounds) -> bool {
        ((self.tagged_slot & (o.tagged_slot << 1)) | (o.tagged_slot & (self.tagged_slot << 1)))
            & LOW_INEXACT
            != 0
    }

    #[inline(always)]
    pub fn slot(&self) -> u32 {
        self.tagged_slot & (HIGH_INEXACT - 1)
    }
}

/// Whether `a <= q` in every lane (written so that it compiles to one vector compare).
#[inline(always)]
pub(super) fn all_at_most(a: &[f32; 4], q: &[f32; 4]) -> bool {
    (a[0] <= q[0]) & (a[1] <= q[1]) & (a[2] <= q[2]) & (a[3] <= q[3])
}

/// The f32 bounds that every item whose box touches the closed box `q` has within them, for
/// [`Tiles::scan_rows`](super::Tiles::scan_rows): `[x0, y0, -x1, -y1] <= reach(q)` lane by lane
/// (rounded outwards, so that the f32 test never drops an item that the exact one keeps).
pub(crate) fn reach(q: &Aabb) -> [f32; 4] {
    [
        round_up(q.max_x),
        round_up(q.max_y),
        round_up(-q.min_x),
        round_up(-q.min_y),
    ]
}

/// Whether `a < q` in every lane (written so that it compiles to one vector compare).
#[inline(always)]
pub(super) fn all_below(a: &[f32; 4], q: &[f32; 4]) -> bool {
    (a[0] < q[0]) & (a[1] < q[1]) & (a[2] < q[2]) & (a[3] < q[3])
}

/// Whether `s <= a < q` in some lane (`s <= q` in every lane).
#[inline(always)]
pub(super) fn in_margin(a: &[f32; 4], q: &[f32; 4], s: &[f32; 4]) -> bool {
    let lane = |k: usize| (a[k] < q[k]) & (a[k] >= s[k]);
    lane(0) | lane(1) | lane(2) | lane(3)
}

/// An item's `x0` as a key whose unsigned order is the f32 order (all bits of negatives
/// flipped, the sign of the rest).
#[inline(always)]
pub(super) fn x0_order(e: &Bounds) -> u32 {
    let bits = e.lanes[0].to_bits();
    bits ^ ((((bits as i32) >> 31) as u32) | 0x8000_0000)
}
