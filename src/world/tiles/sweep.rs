//! The pairs of normal items, row by row: each gathered row (sorted by left edge, see
//! `sort.rs`) against itself and, merged by left edge, against the row above. The f32 bounds
//! decide most pairs; the rest go to [`Exact`].

use super::bounds::{all_below, in_margin, Bounds, HIGH_INEXACT, LOW_INEXACT};
use super::crowded::{pairs_within_crowded, CROWDED_ROW};
use super::store::Tiles;
use alloc::vec::Vec;

/// Reusable buffers for [`Tiles::pairs`]: the tiles in `(r, c)` order as last seen (brought up
/// to date from the tiles' log), and two gathered rows.
#[derive(Default)]
pub(crate) struct Sweep {
    pub(super) epoch: u64,
    pub(super) seen: usize,
    pub(super) order: Vec<(u64, u32)>,
    pub(super) fresh: Vec<(u64, u32)>,
    pub(super) merged: Vec<(u64, u32)>,
    this_row: Vec<Bounds>,
    next_row: Vec<Bounds>,
    /// A crowded row's bands (see `Banding::place` in `crowded.rs`).
    bands: Vec<Vec<Bounds>>,
}

/// Once a buffer of keys holds this many, an [`Exact`] with a `drain` takes them, rather than
/// the buffer growing.
const DRAIN_AT: usize = 1 << 16;

/// Makes `buf` long enough for `n + more` keys, first handing the `n` it holds to `exact`'s
/// drain (when it has one and they are many); returns how many it still holds.
#[inline(always)]
fn reserve_keys(buf: &mut Vec<u64>, mut n: usize, more: usize, exact: &Exact) -> usize {
    if buf.len() < n + more {
        if let Some(drain) = exact.drain.filter(|_| n >= DRAIN_AT) {
            drain(&buf[..n]);
            n = 0;
        }
        if buf.len() < n + more {
            let len = (n + more).max(buf.len() * 2).max(64);
            buf.resize(len, 0);
        }
    }
    n
}

/// Gathered rows end with this many `SENTINEL`s, so that a sweep may always look this far ahead.
pub(super) const LOOKAHEAD: usize = 4;

/// Ends a gathered row: starts after everything, overlaps nothing.
pub(super) const SENTINEL: Bounds = Bounds {
    lanes: [f32::INFINITY; 4],
    column: i32::MAX,
    tagged_slot: 0,
};

/// The pairs of `e` with the items of `list` that start before it ends (`list` sorted by `x0`,
/// none starting before `e`, ending with `LOOKAHEAD` sentinels), as keys `e << 32 | o` (slots,
/// either order) at `buf[n..]`; returns the new `n`. The first `LOOKAHEAD` entries are tested
/// whatever they hold, every candidate's key is written and `n` advances over the overlapping
/// ones, so a sweep of a few candidates takes no branch that depends on the data.
#[inline(always)]
fn sweep_one(
    e: &Bounds,
    list: &[Bounds],
    exact: &Exact,
    buf: &mut Vec<u64>,
    mut n: usize,
) -> usize {
    n = reserve_keys(buf, n, list.len(), exact);
    let out = &mut buf[..];
    let high = (e.slot() as u64) << 32;
    // The flags of `o` that make the pair unsure (see `Bounds::is_unsure`).
    let unsure = ((e.tagged_slot >> 1) & HIGH_INEXACT) | ((e.tagged_slot << 1) & LOW_INEXACT);
    let q = e.limit();
    // Bounds `thin` below `q`: a face of `o` between them and `q` is within `thin` of the
    // opposite face of `e`, and an overlap there is perhaps only a touch by the band.
    let sure = q.map(|v| v - exact.thin);
    let mut test = |o: &Bounds, n: usize| {
        let mut hit = all_below(&o.lanes, &q);
        // The branch is taken on what is rare whether the pair overlaps or not (a face within
        // `thin`, or unsure bounds), so that it does not depend on the overlap: `&=` asks the
        // exact test either way, and keeps the compiler from branching on `hit` before it.
        if (o.tagged_slot & unsure != 0) | in_margin(&o.lanes, &q, &sure) {
            hit &= decide(exact, e.slot(), o.slot());
        }
        out[n] = high | o.slot() as u64;
        n + hit as usize
    };
    let (first, rest) = list.split_at(LOOKAHEAD);
    for o in first {
        n = test(o, n);
    }
    if first[LOOKAHEAD - 1].lanes[0] < q[0] {
        for o in rest {
            if o.lanes[0] >= q[0] {
                break;
            }
            n = test(o, n);
        }
    }
    n
}

/// The pairs within a gathered row (sorted by `x0`, `LOOKAHEAD` sentinels at the end): each item
/// against the later ones that start before it ends. Keys go to `buf[n..]`; returns the new
/// `n`.
pub(super) fn pairs_within(
    row: &[Bounds],
    exact: &Exact,
    buf: &mut Vec<u64>,
    mut n: usize,
) -> usize {
    let len = row.len() - LOOKAHEAD;
    for k in 0..len {
        n = sweep_one(&row[k], &row[k + 1..], exact, buf, n);
    }
    n
}

/// The pairs between two gathered rows (each as for [`pairs_within`]), merged by `x0`: the item
/// that starts first is tested against the other row's items from there on that start before it
/// ends, so each pair overlapping on x is tested once, from the one starting first. The row to step
/// is chosen by index rather than by a branch.
pub(super) fn pairs_across(
    a: &[Bounds],
    b: &[Bounds],
    exact: &Exact,
    buf: &mut Vec<u64>,
    mut n: usize,
) -> usize {
    let rows = [a, b];
    let ends = [a.len() - LOOKAHEAD, b.len() - LOOKAHEAD];
    let mut at = [0usize; 2];
    while at[0] < ends[0] && at[1] < ends[1] {
        // 0: `a`'s item starts first (or with `b`'s), 1: `b`'s.
        let k = (b[at[1]].lanes[0] < a[at[0]].lanes[0]) as usize;
        n = sweep_one(&rows[k][at[k]], &rows[k ^ 1][at[k ^ 1]..], exact, buf, n);
        at[k] += 1;
    }
    n
}

/// The exact overlap test of two slots' boxes (by more than the band, see `query/band.rs`), and
/// how much the f32 bounds of a pair must overlap by on every side for it to hold without
/// asking.
pub(crate) struct Exact<'a> {
    pub test: &'a dyn Fn(u32, u32) -> bool,
    /// At least the band of any pair plus the outward rounding of the f32 bounds (an f32).
    pub thin: f32,
    /// Where keys go once a buffer holds many, so that it does not grow with the number of
    /// pairs (for counting them); none to keep every key in the buffer.
    pub drain: Option<Drain<'a>>,
}

/// Where [`Exact::drain`] hands the keys a buffer has gathered.
pub(crate) type Drain<'a> = &'a dyn Fn(&[u64]);

/// The exact test, for pairs whose f32 bounds are not exact or overlap thinly (rare: kept out
/// of the sweep's loop, so that the common case does not load the f64 boxes).
#[cold]
#[inline(never)]
fn decide(exact: &Exact, a: u32, b: u32) -> bool {
    (exact.test)(a, b)
}

impl Tiles {
    /// Writes to `out[..n]` the keys `a << 32 | b` (slots, either order) of every pair of normal
    /// items whose exact boxes strictly overlap (`exact(a, b)` for the pairs that the f32 bounds
    /// cannot decide), each once, in no particular
    /// order, and returns `n` (`out` may be longer: it is only grown).
    pub fn pairs(&self, sw: &mut Sweep, exact: &Exact, out: &mut Vec<u64>) -> usize {
        self.update_order(sw);
        let mut n = 0;
        let order = std::mem::take(&mut sw.order);
        let (mut this_row, mut next_row) = (
            std::mem::take(&mut sw.this_row),
            std::mem::take(&mut sw.next_row),
        );
        let row_of = |i: usize| self.tiles[order[i].1 as usize].row;
        let row_end = |i: usize| {
            let r = row_of(i);
            let mut j = i + 1;
            while j < order.len() && row_of(j) == r {
                j += 1;
            }
            j
        };
        let mut have_next = false;
        let mut i = 0;
        while i < order.len() {
            let r = row_of(i);
            let j = row_end(i);
            let above_follows = j < order.len() && row_of(j) as i64 == r as i64 + 1;
            if !have_next && !above_follows {
                if let Some(m) = self.crowded_alone(&order[i..j], &mut sw.bands, exact, out, n) {
                    (n, i) = (m, j);
                    continue;
                }
            }
            if have_next {
                std::mem::swap(&mut this_row, &mut next_row);
            } else {
                self.gather(&order[i..j], &mut this_row);
            }
            have_next = above_follows;
            n = if this_row.len() > CROWDED_ROW {
                pairs_within_crowded(&this_row, exact, out, n, &mut sw.bands)
            } else {
                pairs_within(&this_row, exact, out, n)
            };
            if have_next {
                self.gather(&order[j..row_end(j)], &mut next_row);
                n = pairs_across(&this_row, &next_row, exact, out, n);
            }
            i = j;
        }
        sw.order = order;
        sw.this_row = this_row;
        sw.next_row = next_row;
        n
    }
}
