//! The broad phase: a grid of cells `cell_size` square, stored by tiles (one cell high, 8 cells
//! wide). A normal item lives in the tile holding the cell of its lower corner; an item whose box
//! spans more than two cells on either axis is huge and kept in a separate list instead.
//!
//! Cell indices are `floor(v / cell_size)` clamped to `±2^29`: monotone in the coordinate, so
//! every bound below is exact whatever the rounding. A normal item's upper edges lie in its own
//! cell or the next one, so items that touch lie in the same or adjacent rows, and their columns
//! differ by at most one.
//!
//! A tile holds its items' boxes (as f32 bounds rounded outwards) with their slots, in no
//! order; each slot knows its tile and its place there. Moving an item within its tile — the
//! common case of a frame — therefore stores one record at a known place: no search, no sort,
//! no load to wait for. The pairs are found row by row: a row's tiles are gathered and sorted
//! by (column, left edge) — a counting sort by column, then a few insertions — and swept
//! against the row itself and,
//! merged by left edge, against the row above. The f32 bounds decide a pair exactly unless two
//! edges compared are both not f32 values (see [`Ent`]); such pairs go to the exact f64 test.

use crate::platform::HashMap;
use crate::shape::Aabb;
use alloc::vec::Vec;
use std::hash::{BuildHasherDefault, Hasher};

const CELL_LIMIT: f64 = (1u32 << 29) as f64;
/// Tiles are `1 << SHIFT` cells wide.
const SHIFT: u32 = 3;
/// `tile_of` of an item that is not in a tile (huge, or a free slot).
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
pub(crate) struct Ent {
    /// `[x0, y0, -x1, -y1]`: `o` overlaps `e` when `o.b < e.q()` lane by lane, one vector
    /// compare.
    pub b: [f32; 4],
    /// Column of the box's lower x edge.
    pub cx: i32,
    /// The slot, with `LOW_INEXACT` and `HIGH_INEXACT` or'ed in.
    pub id: u32,
}

/// Set in `Ent::id` when `x0` or `y0` is below the exact box's lower edge.
const LOW_INEXACT: u32 = 1 << 31;
/// Set in `Ent::id` when `x1` or `y1` is above the exact box's upper edge.
const HIGH_INEXACT: u32 = 1 << 30;

/// The least f32 above `f` (`f32::next_up`, which needs a newer Rust than this crate does);
/// `f` is never NaN or `+inf` here.
#[inline(always)]
fn next_up(f: f32) -> f32 {
    let bits = f.to_bits();
    if f == 0.0 {
        f32::from_bits(1)
    } else if f > 0.0 {
        f32::from_bits(bits + 1)
    } else {
        f32::from_bits(bits - 1)
    }
}

/// The least f32 at or below `v` (finite).
#[inline(always)]
fn down(v: f64) -> f32 {
    -up(-v)
}

/// The least f32 at or above `v` (finite): `v` rounded to nearest, stepped up when that fell below. Whether it fell below is a coin toss for sums of
/// arbitrary f32s, so the step is taken without a branch (`±1` on the bits by sign); only a
/// zero, rarely seen, branches.
#[inline(always)]
fn up(v: f64) -> f32 {
    let f = v as f32;
    let step = ((f as f64) < v) as u32;
    if f == 0.0 {
        return if step == 1 { next_up(f) } else { f };
    }
    let bits = f.to_bits();
    let negative = bits >> 31;
    f32::from_bits(bits.wrapping_add(step).wrapping_sub(2 * step * negative))
}

impl Ent {
    /// The record of box `b` (finite) whose lower x edge is in column `cx`; `exact` tells
    /// whether `b` is the item's exact box (else it encloses it and every edge counts as
    /// inexact).
    #[inline(always)]
    pub fn of(b: &Aabb, cx: i32, exact: bool) -> Ent {
        let (x0, y0, x1, y1) = (down(b.min_x), down(b.min_y), up(b.max_x), up(b.max_y));
        let low = (x0 as f64 != b.min_x) | (y0 as f64 != b.min_y) | !exact;
        let high = (x1 as f64 != b.max_x) | (y1 as f64 != b.max_y) | !exact;
        Ent {
            b: [x0, y0, -x1, -y1],
            cx,
            id: (low as u32) << 31 | (high as u32) << 30,
        }
    }

    /// Strict overlap of the f32 bounds: false means the exact boxes do not overlap strictly;
    /// true is exact unless [`Ent::unsure`]. (The sweep inlines both rules; these state them.)
    #[cfg(test)]
    fn maybe(&self, o: &Ent) -> bool {
        below(&o.b, &self.q())
    }

    /// `[x1, y1, -x0, -y0]`, what another box's `b` must be below to overlap this one.
    #[inline(always)]
    fn q(&self) -> [f32; 4] {
        [-self.b[2], -self.b[3], -self.b[0], -self.b[1]]
    }

    /// The lower x bound.
    #[cfg(test)]
    pub fn x0(&self) -> f32 {
        self.b[0]
    }

    /// Whether the f32 test of `self` against `o` may differ from the exact one: a lower edge
    /// of one and an upper edge of the other are both inexact.
    #[cfg(test)]
    fn unsure(&self, o: &Ent) -> bool {
        ((self.id & (o.id << 1)) | (o.id & (self.id << 1))) & LOW_INEXACT != 0
    }

    #[inline(always)]
    pub fn slot(&self) -> u32 {
        self.id & (HIGH_INEXACT - 1)
    }
}

/// Columns in a tile.
const COLS: usize = 1 << SHIFT;
/// A tile's items are kept in groups of `1 << GROUP` neighbouring columns.
const GROUP: u32 = 1;
/// Groups in a tile.
const GROUPS: usize = COLS >> GROUP;

/// The items whose lower corner is in row `r`, columns `c << SHIFT ..`, by groups of
/// neighbouring columns (otherwise unordered), so that a query reads only the groups it
/// reaches. Groups of two columns rather than one: an item moving to the next column stays in
/// its group half the time, and one moving to another tile shifts half as many groups.
#[derive(Default)]
pub(crate) struct Tile {
    pub r: i32,
    pub c: i32,
    pub ents: Vec<Ent>,
    /// Group `k` of the tile holds `ents[start[k]..start[k + 1]]`; `start[GROUPS]` is the
    /// count.
    start: [u32; GROUPS + 1],
    /// At least the upper y edge of every item in `ents` (only raised while the tile has items,
    /// so it may be above them all): a query below it skips the tile.
    top: f32,
}

impl Tile {
    /// The group within the tile of an item of column `cx`.
    fn group(&self, cx: i32) -> usize {
        (cx.wrapping_sub(self.c.wrapping_shl(SHIFT)) as usize & (COLS - 1)) >> GROUP
    }

    /// The items of the groups holding columns `c0..=c1` (any columns: clamped to the tile's);
    /// some may be of columns beside them.
    fn columns(&self, c0: i32, c1: i32) -> &[Ent] {
        let base = (self.c as i64) << SHIFT;
        let at = |g: i64| self.start[g.clamp(0, GROUPS as i64) as usize] as usize;
        let (from, to) = (
            at((c0 as i64 - base) >> GROUP),
            at(((c1 as i64 - base) >> GROUP) + 1),
        );
        &self.ents[from..to.max(from)]
    }

    /// Puts `e` at the end of its group, moving the first item of each later group to
    /// that group's end; `moved(slot, at)` learns each new place, `e`'s included.
    fn insert(&mut self, e: Ent, mut moved: impl FnMut(u32, u32)) {
        let g = self.group(e.cx);
        self.ents.push(e);
        let mut hole = self.ents.len() - 1;
        for c in (g + 1..GROUPS).rev() {
            let first = self.start[c] as usize;
            if first != hole {
                let m = self.ents[first];
                self.ents[hole] = m;
                moved(m.slot(), hole as u32);
            }
            hole = first;
            self.start[c] += 1;
        }
        self.start[GROUPS] += 1;
        self.ents[hole] = e;
        moved(e.slot(), hole as u32);
    }

    /// Puts `e` in place of the item at `at`, in its group, given the column
    /// `was` of the item it replaces: one group boundary at a time, each step swapping it with
    /// the neighbour across the boundary and moving the boundary past it (an item moving to
    /// the next group costs one swap); `moved(slot, at)` learns each new place, `e`'s included.
    fn regroup(&mut self, mut at: usize, was: i32, e: Ent, mut moved: impl FnMut(u32, u32)) {
        let (mut g, h) = (self.group(was), self.group(e.cx));
        while g != h {
            let other = if g < h {
                self.start[g + 1] -= 1;
                g += 1;
                self.start[g] as usize
            } else {
                let first = self.start[g] as usize;
                self.start[g] += 1;
                g -= 1;
                first
            };
            if other != at {
                let m = self.ents[other];
                self.ents[at] = m;
                moved(m.slot(), at as u32);
                at = other;
            }
        }
        self.ents[at] = e;
        moved(e.slot(), at as u32);
    }

    /// Takes out the item at `at`, moving the last item of its group into its place and the
    /// last of each later group to that group's new start; `moved(slot, at)` learns each new
    /// place.
    fn take_out(&mut self, at: usize, mut moved: impl FnMut(u32, u32)) {
        let g = self.group(self.ents[at].cx);
        let mut hole = at;
        for c in g..GROUPS {
            let last = self.start[c + 1] as usize - 1;
            if last != hole {
                let m = self.ents[last];
                self.ents[hole] = m;
                moved(m.slot(), hole as u32);
            }
            hole = last;
            self.start[c + 1] -= 1;
        }
        self.ents.pop();
    }
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

/// Cells this far from the origin (in cells) are never [`stays`]' answer: their items find
/// their home again at every update.
pub(crate) const FAR: u32 = 1 << 28;

/// Whether `home(b, inv)` is `Home::Cell { r, cx }`, found without computing the cells: with
/// the same products `v * inv` as `cell_of`, the lower corner's are in `[cx, cx + 1)` and
/// `[r, r + 1)`, the upper corner's below `cx + 2` and `r + 2` (cells far from the clamp only).
#[inline(always)]
pub(crate) fn stays(b: &Aabb, r: i32, cx: i32, inv: f64) -> bool {
    if r.unsigned_abs() >= FAR || cx.unsigned_abs() >= FAR {
        return false;
    }
    let (x, y) = (cx as f64, r as f64);
    let (x0, x1) = (b.min_x * inv, b.max_x * inv);
    let (y0, y1) = (b.min_y * inv, b.max_y * inv);
    (x0 >= x) & (x0 < x + 1.0) & (x1 < x + 2.0) & (y0 >= y) & (y0 < y + 1.0) & (y1 < y + 2.0)
}

/// A tile position as a `u64` ordered as `(r, c)`.
fn order_key(r: i32, c: i32) -> u64 {
    (((r as u32 ^ 0x8000_0000) as u64) << 32) | (c as u32 ^ 0x8000_0000) as u64
}

pub(crate) struct Tiles {
    map: HashMap<u64, u32, BuildHasherDefault<TileHasher>>,
    pub tiles: Vec<Tile>,
    free: Vec<u32>,
    /// Per slot: the index of its tile (or `NO_TILE`), its place in the tile's list, and its box.
    tile_of: Vec<u32>,
    pos: Vec<u32>,
    /// Huge items' slots, ascending.
    pub huge: Vec<u32>,
    /// Tiles in `map` with no items (kept until they are many, so that items moving back and
    /// forth across a tile edge do not create and drop tiles).
    empty: usize,
    /// Bumped whenever tiles leave `map`; `log` lists the tiles created since.
    epoch: u64,
    log: Vec<u32>,
}

impl Default for Tiles {
    fn default() -> Tiles {
        Tiles {
            map: HashMap::default(),
            tiles: Vec::new(),
            free: Vec::new(),
            tile_of: Vec::new(),
            pos: Vec::new(),
            huge: Vec::new(),
            empty: 0,
            epoch: 1,
            log: Vec::new(),
        }
    }
}

/// Reusable buffers for [`Tiles::pairs`]: the tiles in `(r, c)` order as last seen (brought up
/// to date from the tiles' log), and two gathered rows.
#[derive(Default)]
pub(crate) struct Sweep {
    epoch: u64,
    seen: usize,
    order: Vec<(u64, u32)>,
    fresh: Vec<(u64, u32)>,
    merged: Vec<(u64, u32)>,
    cur: Vec<Ent>,
    next: Vec<Ent>,
    /// A crowded row's bands (see [`Banding::place`]).
    bands: Vec<Vec<Ent>>,
    /// A band's bucket counts (see [`sort_band`]).
    buckets: Vec<u32>,
    /// A crowded tile's sort keys, twice, and their digit counts (see [`by_x0`]).
    keys: [Vec<u64>; 2],
    digits: Vec<u32>,
}

/// Once a buffer of keys holds this many, an [`Exact`] with a `drain` takes them, rather than
/// the buffer growing.
const DRAIN_AT: usize = 1 << 16;

/// Makes `buf` long enough for `n + more` keys, first handing the `n` it holds to `exact`'s
/// drain (when it has one and they are many); returns how many it still holds.
#[inline(always)]
fn room(buf: &mut Vec<u64>, mut n: usize, more: usize, exact: &Exact) -> usize {
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

/// Whether `a <= q` in every lane (written so that it compiles to one vector compare).
#[inline(always)]
fn at_most(a: &[f32; 4], q: &[f32; 4]) -> bool {
    (a[0] <= q[0]) & (a[1] <= q[1]) & (a[2] <= q[2]) & (a[3] <= q[3])
}

/// The f32 bounds that every item whose box touches the closed box `q` has within them, for
/// [`Tiles::scan_rows`]: `[x0, y0, -x1, -y1] <= reach(q)` lane by lane (rounded outwards, so
/// that the f32 test never drops an item that the exact one keeps).
pub(crate) fn reach(q: &Aabb) -> [f32; 4] {
    [up(q.max_x), up(q.max_y), up(-q.min_x), up(-q.min_y)]
}

/// Whether `a < q` in every lane (written so that it compiles to one vector compare).
#[inline(always)]
fn below(a: &[f32; 4], q: &[f32; 4]) -> bool {
    (a[0] < q[0]) & (a[1] < q[1]) & (a[2] < q[2]) & (a[3] < q[3])
}

/// Whether `s <= a < q` in some lane (`s <= q` in every lane).
#[inline(always)]
fn near(a: &[f32; 4], q: &[f32; 4], s: &[f32; 4]) -> bool {
    let lane = |k: usize| (a[k] < q[k]) & (a[k] >= s[k]);
    lane(0) | lane(1) | lane(2) | lane(3)
}

/// Tiles of at most this many items are sorted by ranks (a count per pair), larger ones by a
/// counting sort by column and insertions.
const RANKED: usize = 32;

/// Gathered rows end with this many `SENTINEL`s, so that a sweep may always look this far ahead.
const AHEAD: usize = 4;

/// Ends a gathered row: starts after everything, overlaps nothing.
const SENTINEL: Ent = Ent {
    b: [f32::INFINITY; 4],
    cx: i32::MAX,
    id: 0,
};

/// The pairs of `e` with the items of `list` that start before it ends (`list` sorted by `x0`,
/// none starting before `e`, ending with `AHEAD` sentinels), as keys `e << 32 | o` (slots,
/// either order) at `buf[n..]`; returns the new `n`. The first `AHEAD` entries are tested
/// whatever they hold, every candidate's key is written and `n` advances over the overlapping
/// ones, so a sweep of a few candidates takes no branch that depends on the data.
#[inline(always)]
fn scan(e: &Ent, list: &[Ent], exact: &Exact, buf: &mut Vec<u64>, mut n: usize) -> usize {
    n = room(buf, n, list.len(), exact);
    let out = &mut buf[..];
    let high = (e.slot() as u64) << 32;
    // The flags of `o` that make the pair unsure (see `Ent::unsure`).
    let unsure = ((e.id >> 1) & HIGH_INEXACT) | ((e.id << 1) & LOW_INEXACT);
    let q = e.q();
    // Bounds `thin` below `q`: a face of `o` between them and `q` is within `thin` of the
    // opposite face of `e`, and an overlap there is perhaps only a touch by the band.
    let sure = q.map(|v| v - exact.thin);
    let mut test = |o: &Ent, n: usize| {
        let mut hit = below(&o.b, &q);
        // The branch is taken on what is rare whether the pair overlaps or not (a face within
        // `thin`, or unsure bounds), so that it does not depend on the overlap: `&=` asks the
        // exact test either way, and keeps the compiler from branching on `hit` before it.
        if (o.id & unsure != 0) | near(&o.b, &q, &sure) {
            hit &= decide(exact, e.slot(), o.slot());
        }
        out[n] = high | o.slot() as u64;
        n + hit as usize
    };
    let (first, rest) = list.split_at(AHEAD);
    for o in first {
        n = test(o, n);
    }
    if first[AHEAD - 1].b[0] < q[0] {
        for o in rest {
            if o.b[0] >= q[0] {
                break;
            }
            n = test(o, n);
        }
    }
    n
}

/// The pairs within a gathered row (sorted by `x0`, `AHEAD` sentinels at the end): each item
/// against the later ones that start before it ends. Keys go to `buf[n..]`; returns the new
/// `n`.
fn within(row: &[Ent], exact: &Exact, buf: &mut Vec<u64>, mut n: usize) -> usize {
    let len = row.len() - AHEAD;
    for k in 0..len {
        n = scan(&row[k], &row[k + 1..], exact, buf, n);
    }
    n
}

/// A gathered row with more items than this is swept in bands (see [`within_crowded`]).
const CROWDED: usize = 256;

/// [`within`] for a crowded row (many items in few cells, as in a world whose cells are far
/// larger than its items): a sweep along x alone would test every pair that overlaps on x,
/// quadratic in the row's height over the items'. The row is cut into horizontal bands as
/// high as its tallest item, each kept in x order; an item's box then reaches at most the next
/// band, so the pairs are those within each band and across neighbouring bands.
fn within_crowded(
    row: &[Ent],
    exact: &Exact,
    buf: &mut Vec<u64>,
    n: usize,
    bands: &mut Vec<Vec<Ent>>,
) -> usize {
    let items = &row[..row.len() - AHEAD];
    match Banding::of(items.iter()) {
        Some(banding) => {
            banding.place(items.iter(), bands);
            banded(&mut bands[..banding.count], exact, buf, n, |_| ())
        }
        None => within(row, exact, buf, n),
    }
}

/// The pairs of the bands `bands` (each in x order, as for [`within`], once `ready` has been
/// called on its items): within each band and across neighbouring ones. Each band is made
/// ready just before its first use, while the one before it is still in the cache.
fn banded(
    bands: &mut [Vec<Ent>],
    exact: &Exact,
    buf: &mut Vec<u64>,
    mut n: usize,
    mut ready: impl FnMut(&mut [Ent]),
) -> usize {
    let count = bands.len();
    let mut make_ready = |band: &mut Vec<Ent>| {
        let len = band.len() - AHEAD;
        ready(&mut band[..len]);
    };
    make_ready(&mut bands[0]);
    for k in 0..count {
        if k + 1 < count {
            make_ready(&mut bands[k + 1]);
        }
        n = within(&bands[k], exact, buf, n);
        if k + 1 < count {
            n = across(&bands[k], &bands[k + 1], exact, buf, n);
        }
    }
    n
}

/// A crowded row's horizontal bands (see [`within_crowded`]).
struct Banding {
    lo: f64,
    per: f64,
    count: usize,
}

impl Banding {
    /// Bands for `items`; `None` when fewer than four would do (or a bound is not finite).
    fn of<'a>(items: impl Iterator<Item = &'a Ent> + Clone) -> Option<Banding> {
        // The least of each lane of the bounds (`[x0, y0, -x1, -y1]`: the least `y0` and the
        // greatest `y1`), one vector compare an item, and the greatest height, in f64, where
        // the f32 bounds' differences are exact: with bands a little higher than the tallest
        // item, the rounding of `band` never puts two items that overlap more than one band
        // apart. (Bounds are never NaN; a height of `inf - inf` is skipped, and a bound at
        // infinity makes `None` below.)
        let (mut least, mut tall, mut len) = ([f32::INFINITY; 4], 0.0f64, 0);
        for e in items {
            for (m, &v) in least.iter_mut().zip(&e.b) {
                if v < *m {
                    *m = v;
                }
            }
            let t = -e.b[3] as f64 - e.b[1] as f64;
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

    fn band(&self, e: &Ent) -> usize {
        (((e.b[1] as f64 - self.lo) * self.per) as usize).min(self.count - 1)
    }

    /// Places `items` into `bands`, band `k` into `bands[k]` in their order, each followed by
    /// `AHEAD` sentinels (`bands` keeps its vectors from call to call, and so their room).
    fn place<'a>(&self, items: impl Iterator<Item = &'a Ent>, bands: &mut Vec<Vec<Ent>>) {
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
            band.extend_from_slice(&[SENTINEL; AHEAD]);
        }
    }
}

/// The pairs between two gathered rows (each as for [`within`]), merged by `x0`: the item that
/// starts first is tested against the other row's items from there on that start before it
/// ends, so each pair overlapping on x is tested once, from the one starting first. The row to
/// step is chosen by index rather than by a branch.
fn across(a: &[Ent], b: &[Ent], exact: &Exact, buf: &mut Vec<u64>, mut n: usize) -> usize {
    let rows = [a, b];
    let ends = [a.len() - AHEAD, b.len() - AHEAD];
    let mut at = [0usize; 2];
    while at[0] < ends[0] && at[1] < ends[1] {
        // 0: `a`'s item starts first (or with `b`'s), 1: `b`'s.
        let k = (b[at[1]].b[0] < a[at[0]].b[0]) as usize;
        n = scan(&rows[k][at[k]], &rows[k ^ 1][at[k ^ 1]..], exact, buf, n);
        at[k] += 1;
    }
    n
}

/// Buffers for [`by_x0`].
struct Radix<'a> {
    keys: &'a mut [Vec<u64>; 2],
    digits: &'a mut Vec<u32>,
}

/// Digits of a radix sort are at most this many bits (their counts stay in the first-level
/// cache).
const DIGIT: u32 = 11;

/// A band whose items crowd a bucket with more than this many is sorted by comparisons instead.
const BUCKET: u32 = 16;

/// Sorts `items` by `x0` in linear time for spread-out `x0`s: a counting sort into buckets of
/// equal width along x, about two items to a bucket, then an insertion sort, which moves each
/// item only past the others of its bucket. A band with a crowded bucket (more than `BUCKET`
/// items) is sorted by comparisons instead, so the time is never quadratic.
fn sort_band(items: &mut [Ent], tmp: &mut Vec<Ent>, counts: &mut Vec<u32>) {
    let len = items.len();
    if len < 2 {
        return;
    }
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for e in items.iter() {
        lo = lo.min(e.b[0] as f64);
        hi = hi.max(e.b[0] as f64);
    }
    let slots = len / 2 + 1;
    // A zero width (all alike) makes every bucket index NaN, which truncates to 0.
    let per = slots as f64 / (hi - lo);
    let bucket = |e: &Ent| (((e.b[0] as f64 - lo) * per) as usize).min(slots - 1);
    counts.clear();
    counts.resize(slots + 1, 0);
    for e in items.iter() {
        counts[bucket(e) + 1] += 1;
    }
    if counts.iter().any(|&c| c > BUCKET) {
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

/// An item's `x0` as a key whose unsigned order is the f32 order (all bits of negatives
/// flipped, the sign of the rest).
#[inline(always)]
fn x0_order(e: &Ent) -> u32 {
    let bits = e.b[0].to_bits();
    bits ^ ((((bits as i32) >> 31) as u32) | 0x8000_0000)
}

/// Appends `ents` to `row` sorted by `x0`: a radix sort (least significant digit
/// first) of the keys `x0 << 32 | index`, over only the bits in which the `x0`s differ.
fn by_x0(ents: &[Ent], row: &mut Vec<Ent>, radix: &mut Radix) {
    let ord = x0_order;
    let (mut lo, mut hi) = (u32::MAX, 0);
    for e in ents {
        let k = ord(e);
        lo = lo.min(k);
        hi = hi.max(k);
    }
    let bits = u32::BITS - (hi.wrapping_sub(lo)).leading_zeros();
    let passes = bits.div_ceil(DIGIT).max(1);
    let width = bits.div_ceil(passes).max(1);
    let (size, mask) = (1usize << width, (1u64 << width) - 1);
    let [src, tmp] = &mut *radix.keys;
    src.clear();
    src.extend(
        ents.iter()
            .enumerate()
            .map(|(i, e)| ((ord(e) - lo) as u64) << 32 | i as u64),
    );
    // Every key of `tmp` is written before it is read: it is only grown.
    if tmp.len() < ents.len() {
        tmp.resize(ents.len(), 0);
    }
    let counts = &mut *radix.digits;
    counts.clear();
    counts.resize(passes as usize * size, 0);
    for &k in src.iter() {
        for d in 0..passes {
            counts[d as usize * size + ((k >> (32 + d * width)) & mask) as usize] += 1;
        }
    }
    let (mut from, mut to) = (&mut src[..], &mut tmp[..ents.len()]);
    for d in 0..passes {
        let c = &mut counts[d as usize * size..(d as usize + 1) * size];
        if c.iter().any(|&v| v as usize == ents.len()) {
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
    row.extend(from.iter().map(|&k| ents[(k & 0xffff_ffff) as usize]));
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
    /// The number of tiles in the map (some may be empty).
    pub fn occupied(&self) -> usize {
        self.map.len()
    }

    fn tile_at(&self, r: i32, c: i32) -> Option<&Tile> {
        self.map.get(&key(r, c)).map(|&i| &self.tiles[i as usize])
    }

    #[cfg(test)]
    pub fn find(&self, r: i32, c: i32) -> &[Ent] {
        self.tile_at(r, c).map_or(&[], |t| &t.ents)
    }

    /// Makes room for slots `0..n`.
    pub fn grow(&mut self, n: usize) {
        self.tile_of.resize(n, NO_TILE);
        self.pos.resize(n, 0);
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
                let ti = self.tile(r, chunk(cx));
                let mut e = Ent::of(&b, cx, exact);
                e.id |= slot;
                let (t, pos) = (&mut self.tiles[ti as usize], &mut self.pos);
                t.insert(e, |m, at| pos[m as usize] = at);
                t.top = t.top.max(-e.b[3]);
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
        let mut e = Ent::of(b, cx, exact);
        e.id |= slot;
        let (t, pos) = (&mut self.tiles[self.tile_of[s] as usize], &mut self.pos);
        let at = pos[s] as usize;
        if t.group(cx) == t.group(was) {
            t.ents[at] = e;
        } else {
            t.regroup(at, was, e, |m, at| pos[m as usize] = at);
        }
        t.top = t.top.max(-e.b[3]);
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
        let (t, pos) = (&mut self.tiles[ti as usize], &mut self.pos);
        t.take_out(pos[s] as usize, |m, at| pos[m as usize] = at);
        if t.ents.is_empty() {
            self.tiles[ti as usize].top = f32::NEG_INFINITY;
            self.empty += 1;
            if self.empty > 64 && self.empty * 2 > self.map.len() {
                self.drop_empty();
            }
        }
    }

    /// Forgets the empty tiles.
    fn drop_empty(&mut self) {
        let (tiles, free) = (&self.tiles, &mut self.free);
        self.map.retain(|_, &mut i| {
            let keep = !tiles[i as usize].ents.is_empty();
            if !keep {
                free.push(i);
            }
            keep
        });
        self.empty = 0;
        self.epoch += 1;
        self.log.clear();
    }

    /// The index of the tile at `(r, c)`, made if need be.
    fn tile(&mut self, r: i32, c: i32) -> u32 {
        let tiles = &mut self.tiles;
        let free = &mut self.free;
        let log = &mut self.log;
        let mut made = false;
        let ti = *self.map.entry(key(r, c)).or_insert_with(|| {
            made = true;
            let i = if let Some(i) = free.pop() {
                let t = &mut tiles[i as usize];
                t.r = r;
                t.c = c;
                t.start = [0; GROUPS + 1];
                i
            } else {
                tiles.push(Tile {
                    r,
                    c,
                    ents: Vec::with_capacity(16),
                    start: [0; GROUPS + 1],
                    top: f32::NEG_INFINITY,
                });
                (tiles.len() - 1) as u32
            };
            log.push(i);
            i
        });
        if !made && self.tiles[ti as usize].ents.is_empty() {
            self.empty -= 1;
        }
        ti
    }

    /// Brings `sw.order` up to date: every tile of the map (some may be empty) in `(r, c)` order.
    fn order(&self, sw: &mut Sweep) {
        let entry = |i: u32| {
            let t = &self.tiles[i as usize];
            (order_key(t.r, t.c), i)
        };
        if sw.epoch != self.epoch || sw.seen > self.log.len() {
            sw.order.clear();
            sw.order.extend(self.map.values().map(|&i| entry(i)));
            sw.order.sort_unstable();
        } else if sw.seen < self.log.len() {
            sw.fresh.clear();
            sw.fresh
                .extend(self.log[sw.seen..].iter().map(|&i| entry(i)));
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
        sw.seen = self.log.len();
    }

    /// Gathers the items of the tiles `order` (one row, ascending columns) into `row`, sorted by
    /// `x0` (tile by tile and group by group: a later column never starts before an earlier
    /// one), followed by `AHEAD` sentinels.
    fn gather(&self, order: &[(u64, u32)], row: &mut Vec<Ent>, radix: &mut Radix) {
        row.clear();
        for &(_, ti) in order {
            let t = &self.tiles[ti as usize];
            if t.ents.is_empty() {
                continue;
            }
            if t.ents.len() > CROWDED {
                // Many items (cells far larger than the items): by x0 alone, in linear time. The
                // sweep needs only x0 order, and a tile's columns are in x0 order anyway.
                by_x0(&t.ents, row, radix);
                continue;
            }
            let base = t.c.wrapping_shl(SHIFT);
            let start = row.len();
            row.resize(start + t.ents.len(), Ent::default());
            let dst = &mut row[start..];
            if t.ents.len() <= RANKED {
                // Each item goes to its rank among unique keys (column, x0, index): counted,
                // not compared with branches.
                let mut keys = [0u64; RANKED];
                for (i, (k, e)) in keys.iter_mut().zip(&t.ents).enumerate() {
                    let ord = x0_order(e);
                    let col = e.cx.wrapping_sub(base) as u64;
                    *k = (col << 40) | ((ord as u64) << 8) | i as u64;
                }
                let keys = &keys[..t.ents.len()];
                for (&k, e) in keys.iter().zip(&t.ents) {
                    let rank = keys.iter().map(|&o| (o < k) as usize).sum::<usize>();
                    dst[rank] = *e;
                }
                continue;
            }
            // The tile holds its items by groups of columns already. Within each group, by x0:
            // insertions for the few items a group usually holds, a sort for a crowded one.
            dst.copy_from_slice(&t.ents);
            let mut from = 0;
            for &end in &t.start[1..] {
                let to = end as usize;
                let col = &mut dst[from..to];
                if col.len() > RANKED {
                    col.sort_unstable_by(|a, b| a.b[0].total_cmp(&b.b[0]));
                } else {
                    for i in 1..col.len() {
                        let e = col[i];
                        let mut j = i;
                        while j > 0 && col[j - 1].b[0] > e.b[0] {
                            col[j] = col[j - 1];
                            j -= 1;
                        }
                        col[j] = e;
                    }
                }
                from = to;
            }
        }
        row.extend_from_slice(&[SENTINEL; AHEAD]);
    }

    /// Writes to `out[..n]` the keys `a << 32 | b` (slots, either order) of every pair of normal
    /// items whose exact boxes strictly overlap (`exact(a, b)` for the pairs that the f32 bounds
    /// cannot decide), each once, in no particular
    /// order, and returns `n` (`out` may be longer: it is only grown).
    pub fn pairs(&self, sw: &mut Sweep, exact: &Exact, out: &mut Vec<u64>) -> usize {
        self.order(sw);
        let mut n = 0;
        let order = std::mem::take(&mut sw.order);
        let (mut cur, mut next) = (std::mem::take(&mut sw.cur), std::mem::take(&mut sw.next));
        let mut radix = Radix {
            keys: &mut sw.keys,
            digits: &mut sw.digits,
        };
        let row_of = |i: usize| self.tiles[order[i].1 as usize].r;
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
            let next_row = j < order.len() && row_of(j) as i64 == r as i64 + 1;
            if !have_next && !next_row {
                let bufs = (&mut sw.bands, &mut cur, &mut sw.buckets);
                if let Some(m) = self.crowded_alone(&order[i..j], bufs, exact, out, n) {
                    (n, i) = (m, j);
                    continue;
                }
            }
            if have_next {
                std::mem::swap(&mut cur, &mut next);
            } else {
                self.gather(&order[i..j], &mut cur, &mut radix);
            }
            have_next = next_row;
            n = if cur.len() > CROWDED {
                within_crowded(&cur, exact, out, n, &mut sw.bands)
            } else {
                within(&cur, exact, out, n)
            };
            if have_next {
                self.gather(&order[j..row_end(j)], &mut next, &mut radix);
                n = across(&cur, &next, exact, out, n);
            }
            i = j;
        }
        sw.order = order;
        sw.cur = cur;
        sw.next = next;
        n
    }

    /// The pairs of a crowded row whose neighbouring rows are empty (the tiles `order`), as
    /// [`within_crowded`] finds them, but sorted more cheaply: with no other row to merge with,
    /// the row needs no x order as a whole, so its items go from their tiles straight into
    /// bands, and each band, small enough to stay in the cache, is sorted by `x0` alone.
    /// `None` (nothing done) for a row that is not crowded or cannot be banded.
    fn crowded_alone(
        &self,
        order: &[(u64, u32)],
        (bands, tmp, counts): (&mut Vec<Vec<Ent>>, &mut Vec<Ent>, &mut Vec<u32>),
        exact: &Exact,
        out: &mut Vec<u64>,
        n: usize,
    ) -> Option<usize> {
        let tiles = || order.iter().map(|&(_, ti)| &self.tiles[ti as usize].ents);
        if tiles().map(Vec::len).sum::<usize>() <= CROWDED {
            return None;
        }
        // One tile (a cell far larger than the items) is the common case: its items as a plain
        // slice, without the steps between tiles.
        let banding = match order {
            [(_, ti)] => Banding::of(self.tiles[*ti as usize].ents.iter()),
            _ => Banding::of(tiles().flatten()),
        }?;
        match order {
            [(_, ti)] => banding.place(self.tiles[*ti as usize].ents.iter(), bands),
            _ => banding.place(tiles().flatten(), bands),
        }
        Some(banded(&mut bands[..banding.count], exact, out, n, |band| {
            sort_band(band, tmp, counts)
        }))
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
            let q = [up(max_x).min(reach[0]), reach[1], reach[2], reach[3]];
            let mut pass = [0u32; 32];
            for part in t.columns(c0, c1).chunks(pass.len()) {
                let mut k = 0;
                for e in part {
                    pass[k & 31] = e.slot();
                    k += ((e.cx >= c0) & at_most(&e.b, &q)) as usize;
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
                probes += chunk(c1) as i64 - chunk(c0) as i64 + 1;
                if probes > tiles {
                    all = true;
                    break;
                }
            }
        }
        if all {
            for t in &self.tiles {
                if t.ents.is_empty() || t.r < r0 || t.r > r1 {
                    continue;
                }
                if let Some((c0, c1, max_x)) = window(t.r) {
                    if chunk(c0) <= t.c && t.c <= chunk(c1) {
                        scan(t, c0, c1, max_x, f);
                    }
                }
            }
            return;
        }
        for r in r0..=r1 {
            if let Some((c0, c1, max_x)) = window(r) {
                for c in chunk(c0)..=chunk(c1) {
                    if let Some(t) = self.tile_at(r, c) {
                        scan(t, c0, c1, max_x, f);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::aabb_aabb;

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
    fn stays_agrees_with_home() {
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
                    assert_eq!(stays(&b, r + dr, cx + dc, inv), now == old, "{b:?} {inv}");
                }
            }
        }
        // Far out, the answer is "recompute".
        assert!(!stays(&bx(1e12, 0.0, 1e12, 0.0), 1 << 29, 0, 1.0));
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
                assert_eq!(tile.start[GROUPS] as usize, tile.ents.len());
                for k in 0..GROUPS {
                    let group = &tile.ents[tile.start[k] as usize..tile.start[k + 1] as usize];
                    assert!(group.iter().all(|e| tile.group(e.cx) == k));
                }
                for (at, e) in tile.ents.iter().enumerate() {
                    assert_eq!(t.pos[e.slot() as usize] as usize, at);
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
        for v in vals {
            let (u, d) = (up(v), down(v));
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
        let e = Ent::of(&bx(0.1, -0.1, 1.0 + 1e-12, 2.0), 0, true);
        let [x0, y0, x1, y1] = [e.b[0], e.b[1], -e.b[2], -e.b[3]];
        assert!(x0 as f64 <= 0.1 && y0 as f64 <= -0.1 && x1 as f64 >= 1.0 + 1e-12);
        assert_eq!(y1, 2.0);
        assert_eq!(e.id, LOW_INEXACT | HIGH_INEXACT);
        assert_eq!(Ent::of(&bx(0.25, -3.0, 1.5, 2.0), 0, true).id, 0);
        assert_eq!(Ent::of(&bx(0.25, -3.0, 1.1, 2.0), 0, true).id, HIGH_INEXACT);
        let big = Ent::of(&bx(-1e300, 0.0, 1e300, 1.0), 0, true);
        assert_eq!((big.b[0], -big.b[2]), (f32::NEG_INFINITY, f32::INFINITY));
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
            let (ea, eb) = (Ent::of(&a, 0, true), Ent::of(&b, 0, true));
            let exact = aabb_aabb::<false>(&a, &b);
            if exact {
                assert!(ea.maybe(&eb), "{a:?} {b:?}");
            }
            if !ea.unsure(&eb) {
                sure += 1;
                assert_eq!(ea.maybe(&eb), exact, "{a:?} {b:?}");
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
}
