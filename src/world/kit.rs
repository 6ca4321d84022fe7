//! The movement kit of a platformer: one-way items, the ground state of an item, pushing an item
//! out of the solids it starts in, asking whether it would fit somewhere, and moving solids that
//! carry their riders and push what they meet.
//!
//! Every decision is exact (the edges of [`Edges`]) and reads touching as the game means it
//! (`query/band.rs`): a resting item gets the same ground state on every frame, an item snapped
//! flush by the game's own arithmetic touches (stands on a floor, fits where it stands, is not
//! pushed out), and touching is never taken for overlapping.
//!
//! Which items count as solid is the filter's answer, as in a move: `SLIDE`, `TOUCH` and `BOUNCE`
//! make an item solid, `IGNORE` and `CROSS` do not. Like a move, these functions reach the world
//! through [`Access`] between filter calls, so a filter may look at the world.

use super::handle;
use super::motion::{overlap_item, run, Access, Near, Snap};
use super::{Response, World, WorldError, WorldHitD};
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::query::band::{self, overlap_quick, Band};
use crate::query::detect::flush;
use crate::query::poly_double;
use crate::query::Convex;
use crate::shape::{Aabb, Edge, Edges, RectD, Vec2D};
use alloc::collections::BTreeMap;
use alloc::vec::Vec;

/// A direction along an axis: `axis` 0 for x, 1 for y, toward `+` when `pos`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dir {
    pub axis: usize,
    pub pos: bool,
}

impl Dir {
    /// The direction of `v`, which must lie along an axis: `Ok(None)` for the zero vector,
    /// `Err` for a vector with a NaN, both components non-zero, or an infinite one.
    pub fn of(v: Vec2D) -> Result<Option<Dir>, WorldError> {
        if !v.finite() {
            return Err(WorldError::Invalid);
        }
        match (v.x != 0.0, v.y != 0.0) {
            (false, false) => Ok(None),
            (true, false) => Ok(Some(Dir {
                axis: 0,
                pos: v.x > 0.0,
            })),
            (false, true) => Ok(Some(Dir {
                axis: 1,
                pos: v.y > 0.0,
            })),
            (true, true) => Err(WorldError::Invalid),
        }
    }

    /// A non-zero direction (an `up` vector).
    pub fn up(v: Vec2D) -> Result<Dir, WorldError> {
        Dir::of(v)?.ok_or(WorldError::Invalid)
    }

    /// Its unit vector.
    pub fn unit(self) -> Vec2D {
        let s = if self.pos { 1.0 } else { -1.0 };
        if self.axis == 0 {
            Vec2D::new(s, 0.0)
        } else {
            Vec2D::new(0.0, s)
        }
    }

    /// Whether a rect `m` lies entirely on this side of the face of `o` that faces this way
    /// (touching it, within the band, counts).
    pub fn beyond(self, m: &Edges, o: &Edges, band: &Band) -> bool {
        let k = self.axis;
        if self.pos {
            band.at_most(k, o.hi[k], m.lo[k])
        } else {
            band.at_most(k, m.hi[k], o.lo[k])
        }
    }

    /// For a one-way item `o` whose solid face has this outward normal: whether it blocks a
    /// mover `m` moving by `d`, that is, whether the mover moves against the normal and lies
    /// entirely on the normal's side of the face.
    pub fn blocks(self, m: &Edges, d: Vec2D, o: &Edges, band: &Band) -> bool {
        let dk = [d.x, d.y][self.axis];
        let against = if self.pos { dk < 0.0 } else { dk > 0.0 };
        against && self.beyond(m, o, band)
    }
}

/// Which faces of an item are flush with a solid item's face along a shared edge of positive
/// length, as bits of [`Ground::flags`].
pub const ON_FLOOR: u32 = 1;
/// The face toward `up` is flush with a solid item (a ceiling).
pub const ON_CEILING: u32 = 2;
/// The face toward the lower coordinate across `up` (the left wall when up is ±y).
pub const ON_LEFT: u32 = 4;
/// The face toward the higher coordinate across `up` (the right wall when up is ±y).
pub const ON_RIGHT: u32 = 8;

/// The ground state of an item (`c2d_ground`): which of its faces rest flush against solid items,
/// and for each such face the item it rests on (the one sharing the longest edge with it, ties to
/// the lowest handle; 0 for none).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ground {
    /// `C2D_ON_FLOOR | C2D_ON_CEILING | C2D_ON_LEFT | C2D_ON_RIGHT` bits.
    pub flags: u32,
    /// The item under the floor face.
    pub floor: u64,
    /// The item above the face toward `up`.
    pub ceiling: u64,
    /// The item against the face toward the lower coordinate across `up`.
    pub left: u64,
    /// The item against the face toward the higher coordinate across `up`.
    pub right: u64,
}

/// An item a solid's move moved or could not move (`c2d_moved`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moved {
    /// The item.
    pub id: u64,
    /// `C2D_CARRIED | C2D_PUSHED | C2D_SQUASHED` bits.
    pub what: u32,
}

/// The item stood on the solid and was carried.
pub const CARRIED: u32 = 1;
/// The item was in the solid's way and was pushed out of it.
pub const PUSHED: u32 = 2;
/// The item could not get out of the solid's way and was left where it was (a solid that moves
/// far enough in one call may pass over it).
pub const SQUASHED: u32 = 4;

/// Adds `what` to the report of item `o`.
fn note(notes: &mut BTreeMap<u64, u32>, o: u64, what: u32) {
    *notes.entry(o).or_insert(0) |= what;
}

/// Whether a response makes the other item solid.
fn solid(r: Response) -> bool {
    !matches!(r, Response::Ignore | Response::Cross)
}

/// Whether the face toward `d` of `mr` is flush with the opposite face of `or` along an edge
/// longer than the band; that length, or 0. Flush means the same edge by the band (see
/// `query/band.rs`): a player snapped onto a floor by `y = floor.y - h` stands on it, and so does
/// one a move left against a face that does not lie at a double (a floor's top at `0.1 + 10`).
fn flush_toward(mr: &RectD, or: &RectD, band: &Band, d: Dir) -> f64 {
    let (m, o) = (mr.edges(), or.edges());
    let k = d.axis;
    let touching = if d.pos {
        band.same(k, m.hi[k], o.lo[k])
    } else {
        band.same(k, o.hi[k], m.lo[k])
    };
    if touching {
        band.shared(&m, &o, 1 - k)
    } else {
        0.0
    }
}

/// The four faces of an item with `up`, in the order of [`Ground`]'s fields: floor, ceiling,
/// left, right.
fn faces(up: Dir) -> [Dir; 4] {
    let across = 1 - up.axis;
    [
        Dir { pos: !up.pos, ..up },
        up,
        Dir {
            axis: across,
            pos: false,
        },
        Dir {
            axis: across,
            pos: true,
        },
    ]
}

/// An item as [`Near`] lists it: handle, rect and one-way face.
type Item = (u64, RectD, Option<Dir>);

/// The items near `rect` (touching its box), but `id`, that interact with `id`, in handle order.
fn near_rect(w: &World, id: u64, rect: RectD) -> Result<Near, WorldError> {
    let mut near = gather_near(w, id, rect)?;
    crate::sort::sort_by_key(&mut near.items, |&(o, ..)| o);
    Ok(near)
}

/// The items near `rect` as [`near_rect`] finds them, in the order the world lists them (their
/// polygons in handle order).
fn gather_near(w: &World, id: u64, rect: RectD) -> Result<Near, WorldError> {
    let cats = w.cats_of(id)?;
    let mut near = Near::default();
    w.gather(id, cats, rect, Vec2D::new(rect.x, rect.y), &mut near);
    crate::sort::sort_by_key(&mut near.shapes, |&(o, _)| o);
    Ok(near)
}

/// Sorts `items` by their handles `key`, each once. Many items (a push-out's room holding a
/// packed field, in a world of many more) are first moved into buckets, about one per eight
/// items, by the top bits of their handles' offsets from the least (in place, see
/// [`bucket_in_place`]), then each bucket sorted: about linear where handles are spread (the
/// slots of a world's items), never much worse than one sort.
fn by_handle<T: Clone>(items: &mut [T], key: impl Fn(&T) -> u64) {
    if items.len() < 512 {
        // By reference, as the buckets below: one sort instantiated, not two.
        crate::sort::sort_by_key(items, &key);
        return;
    }
    let (min, max) =
        (items.iter().map(&key)).fold((u64::MAX, 0), |(lo, hi), k| (lo.min(k), hi.max(k)));
    let bits = (items.len() / 8).ilog2();
    let shift = (64 - (max - min).leading_zeros()).saturating_sub(bits);
    let mut keys: Vec<u32> = (items.iter())
        .map(|it| ((key(it) - min) >> shift) as u32)
        .collect();
    let start = bucket_in_place(items, &mut keys, 1 << bits);
    for b in start.windows(2) {
        crate::sort::sort_by_key(&mut items[b[0] as usize..b[1] as usize], &key);
    }
}

/// Moves `items` into `n` buckets, item `k` into bucket `keys[k]` (below `n`), in place and
/// keeping the order of the buckets (the keys move along): counted, then each bucket filled in
/// turn, the item at its next free place swapped straight into its own bucket's next free place
/// until one of this bucket's lands there. Answers where each bucket starts, and the end.
fn bucket_in_place<T>(items: &mut [T], keys: &mut [u32], n: usize) -> Vec<u32> {
    let mut start = alloc::vec![0u32; n + 1];
    for &b in keys.iter() {
        start[b as usize + 1] += 1;
    }
    for b in 1..start.len() {
        start[b] += start[b - 1];
    }
    let mut at = start.clone();
    for b in 0..n {
        while at[b] < start[b + 1] {
            let (k, c) = (at[b] as usize, keys[at[b] as usize] as usize);
            if c != b {
                items.swap(k, at[c] as usize);
                keys.swap(k, at[c] as usize);
            }
            at[c] += 1;
        }
    }
    start
}

/// The ground state of item `id` with `up` (see [`Ground`]). One-way items count only as a
/// floor, when their solid face points `up`.
pub(crate) fn ground<A: Access>(
    acc: &mut A,
    id: u64,
    up: Vec2D,
    filter: &mut dyn FnMut(&mut A, u64, u64) -> Response,
) -> Result<Ground, WorldError> {
    let up = Dir::up(up)?;
    let (rect, near) = {
        let w = acc.world();
        let (rect, _) = w.get_d(id)?;
        (rect, near_rect(w, id, rect)?)
    };
    let faces = faces(up);
    let units = faces.map(Dir::unit);
    let mut best = [(0.0f64, 0u64); 4];
    for &(o, r, one_way) in &near.items {
        let band = near.band(&rect, &r);
        let mut lengths = match near.shape(o) {
            // A polygon: resting against it is a contact of no length (a flat face shares
            // more).
            Some(c) => poly_double::resting(rect, c, &units, &band).map(|on| {
                if on {
                    f64::MIN_POSITIVE
                } else {
                    0.0
                }
            }),
            None => faces.map(|f| flush_toward(&rect, &r, &band, f)),
        };
        if let Some(n) = one_way {
            // Only its solid face, and only as a floor.
            lengths = [if n == up { lengths[0] } else { 0.0 }, 0.0, 0.0, 0.0];
        }
        if lengths.iter().all(|&l| l == 0.0) || !solid(filter(acc, id, o)) {
            continue;
        }
        for (b, &l) in best.iter_mut().zip(&lengths) {
            if l > b.0 {
                *b = (l, o);
            }
        }
    }
    let mut g = Ground {
        flags: 0,
        floor: best[0].1,
        ceiling: best[1].1,
        left: best[2].1,
        right: best[3].1,
    };
    for (bit, b) in [ON_FLOOR, ON_CEILING, ON_LEFT, ON_RIGHT].iter().zip(&best) {
        if b.1 != 0 {
            g.flags |= bit;
        }
    }
    Ok(g)
}

/// The polygon of item `o` among the `shapes` of a [`Near`] (in handle order), when it is one.
fn shape_of(shapes: &[(u64, Convex)], o: u64) -> Option<&Convex> {
    let k = shapes.binary_search_by_key(&o, |s| s.0).ok()?;
    Some(&shapes[k].1)
}

/// Keeps of `near` (as [`gather_near`] finds it) the solid items (by the filter; one-way items
/// never) for item `id`, in their order. The filter is asked in handle order.
fn keep_solids<A: Access>(
    acc: &mut A,
    id: u64,
    near: &mut Near,
    filter: &mut dyn FnMut(&mut A, u64, u64) -> Response,
) {
    let items = &near.items;
    // Handles order as their slots, which differ between items. Where the slots span few more
    // than the items (a room holding most of a world), a table by slot lists the items in
    // order; else they are sorted.
    let slot = |k: usize| handle::slot_of(items[k].0);
    let (lo, hi) = (0..items.len())
        .map(slot)
        .fold((usize::MAX, 0), |(lo, hi), s| (lo.min(s), hi.max(s)));
    let asked = |k: &usize| items[*k].2.is_none();
    let ask: Vec<u32> = if lo <= hi && hi - lo < 4 * items.len() {
        let mut table = alloc::vec![0u32; hi - lo + 1];
        for k in (0..items.len()).filter(asked) {
            table[slot(k) - lo] = k as u32 + 1;
        }
        table.retain_mut(|k| {
            *k = k.wrapping_sub(1);
            *k != u32::MAX
        });
        table
    } else {
        let mut ask: Vec<u32> = (0..items.len()).filter(asked).map(|k| k as u32).collect();
        by_handle(&mut ask, |&k| items[k as usize].0);
        ask
    };
    let mut keep = alloc::vec![false; items.len()];
    for k in ask {
        keep[k as usize] = solid(filter(acc, id, items[k as usize].0));
    }
    let mut keep = keep.into_iter();
    near.items.retain(|_| keep.next() == Some(true));
}

/// Whether item `id` placed at `rect` would strictly overlap no solid item (one-way items never
/// count). Nothing moves.
pub(crate) fn fits<A: Access>(
    acc: &mut A,
    id: u64,
    rect: RectD,
    filter: &mut dyn FnMut(&mut A, u64, u64) -> Response,
) -> Result<bool, WorldError> {
    acc.world().get_d(id)?;
    if !rect.finite() {
        return Err(WorldError::Invalid);
    }
    let p = acc.world().precision();
    let mut near = gather_near(acc.world(), id, rect)?;
    keep_solids(acc, id, &mut near, filter);
    let overlaps = |(o, r, _): &Item| overlap_item(p, r, shape_of(&near.shapes, *o), &rect, None);
    Ok(!near.items.iter().any(overlaps))
}

/// One coordinate a push-out may put the item at on an axis: `to`, a displacement `by` from
/// where it is, ranked for ties (+, -, none).
#[derive(Clone, Copy)]
struct Move {
    to: f64,
    by: f64,
    rank: u8,
}

/// A position a push-out tries: its squared distance, its ranks for ties and where it is.
#[derive(Clone, Copy)]
struct Try {
    d2: f64,
    rank: (u8, u8),
    at: Vec2D,
}

impl Try {
    /// Nearest first; ties to +x, then -x, then +y, then -y.
    fn order(a: &Try, b: &Try) -> core::cmp::Ordering {
        a.d2.total_cmp(&b.d2).then(a.rank.cmp(&b.rank))
    }
}

/// The coordinates on axis `k` that a push-out of an item at `o` (its size `size` on that axis)
/// may put it at: its own and those flush with a face of a wall, no farther than `max`;
/// sorted, each once (`-0.0` taken as `0.0`).
///
/// A packed field gives every position and size many times. A small table holds in each slot
/// (by a hash of a wall's position and size on the axis) the last one met there, so that a wall
/// like one met before is mostly skipped before its faces are worked out, and the sort sees
/// each face about once (a wall skipped has the faces of one already listed, so the list is the
/// same).
fn options(walls: &[Item], k: usize, o: f64, size: f64, max: f64) -> Vec<f64> {
    // Sorted and deduplicated as integers that order as the floats do (`-0.0` taken as `0.0`;
    // the map is its own inverse).
    let flip = |b: i64| b ^ (((b >> 63) as u64) >> 1) as i64;
    let mut v = alloc::vec![flip((o + 0.0).to_bits() as i64)];
    let mut add = |r: &RectD| {
        let e = r.edges();
        for (face, side) in [(e.lo[k], -1.0), (e.hi[k], 1.0)] {
            let c = flush(o, size, face, side);
            if (c - o).abs() <= max {
                v.push(flip((c + 0.0).to_bits() as i64));
            }
        }
    };
    let axis = |r: &RectD| {
        if k == 0 {
            (r.x.to_bits(), r.w.to_bits())
        } else {
            (r.y.to_bits(), r.h.to_bits())
        }
    };
    if let Some((_, first, _)) = walls.first() {
        let slots = walls.len().next_power_of_two().clamp(16, 4096);
        let shift = 64 - slots.trailing_zeros();
        // Every slot starts with the first wall's, listed here.
        let mut seen = alloc::vec![axis(first); slots];
        add(first);
        for (_, r, _) in &walls[1..] {
            let a = axis(r);
            let h = (a.0 ^ a.1.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let at = &mut seen[(h >> shift) as usize];
            if *at != a {
                *at = a;
                add(r);
            }
        }
    }
    crate::sort::sort(&mut v);
    v.dedup();
    v.into_iter()
        .map(|b| f64::from_bits(flip(b) as u64))
        .collect()
}

/// The order of the positions a push-out tries: distance (non-negative floats order as their
/// bits), ranks, then a position of the lists before a polygon's exit, then their indices.
type Order = (u64, (u8, u8), u8, usize, usize);

/// Where a push-out goes: the nearest clear position among `(xs[i], ys[j])` (each list nearest
/// first) and the polygon exits `exits` (nearest first), no farther than `limit` squared, by
/// [`Try::order`], the positions before the exits, then by `i` and `j` or by the exits' order.
///
/// The positions are listed in bands of squared distance, each about a sixteenth of those listed
/// before it (a heap or a sort of every position costs more than the check of a position): the
/// positions of row `i` within a distance are the next ones of the row, and the rows that reach
/// into a band come first (`xs` is nearest first). Every position of a band is checked, in the
/// order the rows list them, which walks the band along its arcs (the walls they meet lie
/// together); the best clear one by the order wins, and once one is found the rest of the band
/// is checked only as far as its distance.
fn nearest_clear(
    xs: &[Move],
    ys: &[Move],
    exits: &[Try],
    limit: f64,
    mut clear: impl FnMut(Vec2D, (u8, u8)) -> bool,
) -> Option<Vec2D> {
    let d2 = |i: usize, j: usize| {
        let (x, y) = (xs[i].by, ys[j].by);
        x * x + y * y
    };
    // Per row, the next position not listed; the rows before `done` are all listed. A row lists
    // no more than the one before it (its moves along x are no nearer).
    let mut next = alloc::vec![0u32; xs.len()];
    let (mut done, mut e) = (0usize, 0usize);
    let mut best: Option<(Order, Vec2D)> = None;
    let (mut lo, mut soonest, mut listed, mut rows) = (0.0f64, 0.0f64, 0usize, 0usize);
    loop {
        // Ask for a band holding about `want` positions, as many as those listed so far give
        // per unit of squared distance (the positions of a plane lie about evenly in it).
        let want = (listed / 16).max(rows).max(64) as f64;
        let hi = if lo > 0.0 {
            lo + lo * (want / listed as f64)
        } else {
            soonest
        };
        let mut bound = hi.max(soonest).min(limit);
        let (mut soon, mut left) = (f64::INFINITY, false);
        let mut take = |key: Order, at: Vec2D, bound: &mut f64| {
            if best.is_none_or(|b| key < b.0) && clear(at, key.1) {
                best = Some((key, at));
                *bound = f64::from_bits(key.0);
            }
        };
        while let Some(t) = exits.get(e) {
            if t.d2 > bound {
                (soon, left) = (t.d2, true);
                break;
            }
            take((t.d2.to_bits(), t.rank, 1, e, 0), t.at, &mut bound);
            e += 1;
        }
        rows = 0;
        for (i, x) in xs.iter().enumerate().skip(done) {
            rows += 1;
            let first = next[i] as usize;
            let mut j = first;
            while let Some(y) = ys.get(j) {
                let d = d2(i, j);
                if d > bound {
                    (soon, left) = (soon.min(d), true);
                    break;
                }
                let key = (d.to_bits(), (x.rank, y.rank), 0, i, j);
                take(key, Vec2D::new(x.to, y.to), &mut bound);
                j += 1;
            }
            listed += j - first;
            next[i] = j as u32;
            if j == first && first == 0 {
                // Neither this row nor those after it reach into the band.
                break;
            }
        }
        while done < xs.len() && next[done] as usize == ys.len() {
            done += 1;
        }
        if let Some((_, at)) = best {
            return Some(at);
        }
        if !left || soon > limit {
            return None;
        }
        (lo, soonest) = (bound, soon);
    }
}

/// The walls of a push-out in a grid of cells over their bounds (about twice the item's size,
/// coarser where that would make more than four cells a wall), so that a position is checked
/// against the walls near it only. A wall no larger than a cell belongs to the cell of its
/// least corner: the walls are sorted by those cells in place (then the rest), so that the
/// walls of a cell, and of the cells beside it in a row, lie together. A larger wall is listed
/// in every cell it spans; walls spanning many cells are checked everywhere, and every wall
/// where the cells cannot be worked out (an item of no size, bounds beyond the range).
struct WallGrid<'a> {
    /// The walls, sorted.
    walls: &'a [Item],
    /// The corner of cell `(0, 0)` and the cells per unit.
    origin: (f64, f64),
    inv: f64,
    cols: i64,
    rows: i64,
    /// The small walls of cell `c` are `walls[small[c]..small[c + 1]]`. Their sizes along x and
    /// y are below `reach`: the bounds of one that overlap a box start beyond the box's least
    /// corner less these.
    small: Vec<u32>,
    reach: (f64, f64),
    /// The larger walls of cell `c` are `walls[large[start[c]..start[c + 1]]]`.
    start: Vec<u32>,
    large: Vec<u32>,
    everywhere: Vec<u32>,
    /// The largest magnitude among the walls' positions and sizes.
    magnitude: f64,
}

/// A rectangle of cells, `c0..=c1` by `r0..=r1`.
type Span = (i64, i64, i64, i64);

impl<'a> WallGrid<'a> {
    /// Cells a box spans beyond which a wall is checked everywhere.
    const WIDE: i128 = 16;

    /// The grid of the walls of a push-out of `rect`, which it sorts.
    fn new(walls: &'a mut [Item], rect: &RectD) -> WallGrid<'a> {
        let bounds = |w: &Item| w.1.bounds().0;
        let (mut lo, mut hi) = (
            (f64::INFINITY, f64::INFINITY),
            (-f64::INFINITY, -f64::INFINITY),
        );
        let (mut sizes, mut magnitude) = ((0.0f64, 0.0f64), 0.0f64);
        for w in walls.iter() {
            let b = bounds(w);
            lo = (lo.0.min(b.min_x), lo.1.min(b.min_y));
            hi = (hi.0.max(b.max_x), hi.1.max(b.max_y));
            sizes = (
                sizes.0.max(b.max_x - b.min_x),
                sizes.1.max(b.max_y - b.min_y),
            );
            magnitude = magnitude.max(w.1.magnitude());
        }
        let (w, h) = (hi.0 - lo.0, hi.1 - lo.1);
        let size = 2.0 * rect.w.abs().max(rect.h.abs());
        let cell = size.max((w * h / (4 * walls.len() + 64) as f64).sqrt());
        let mut grid = WallGrid {
            walls: &[],
            origin: lo,
            inv: 0.0,
            cols: 0,
            rows: 0,
            small: Vec::new(),
            reach: (0.0, 0.0),
            start: Vec::new(),
            large: Vec::new(),
            everywhere: Vec::new(),
            magnitude,
        };
        let (cols, rows) = ((w / cell).floor() + 1.0, (h / cell).floor() + 1.0);
        if !(cell > 0.0 && cols * rows <= (8 * walls.len() + 256) as f64) {
            // No grid: every wall everywhere.
            grid.everywhere = (0..walls.len() as u32).collect();
            grid.walls = walls;
            return grid;
        }
        (grid.inv, grid.cols, grid.rows) = (1.0 / cell, cols as i64, rows as i64);
        // A size measured in f64 (never negative) is within half an ulp of the exact one; two
        // ulps more bound it (sizes near the end of the range leave the small walls' cells
        // unknown).
        let up = |v: f64| {
            if v < f64::MAX / 2.0 {
                f64::from_bits(v.to_bits() + 2)
            } else {
                f64::INFINITY
            }
        };
        grid.reach = (up(sizes.0.min(cell)), up(sizes.1.min(cell)));
        let n = (grid.cols * grid.rows) as usize;
        // The cell of a small wall's least corner; `n` for the rest.
        let g = &grid;
        let home = |w: &Item| {
            let b = bounds(w);
            let small = b.max_x - b.min_x <= cell && b.max_y - b.min_y <= cell;
            match (small, g.cell(0, b.min_x), g.cell(1, b.min_y)) {
                (true, Some(c), Some(r)) => (r * g.cols + c) as u32,
                _ => n as u32,
            }
        };
        let mut homes: Vec<u32> = walls.iter().map(home).collect();
        let small = bucket_in_place(walls, &mut homes, n + 1);
        let walls: &'a [_] = walls;
        // The rest: in the cells they span, or everywhere.
        let rest = small[n] as usize..walls.len();
        let span = |w| {
            g.span(&bounds(w))
                .filter(|&s| WallGrid::cells(s) <= WallGrid::WIDE)
        };
        let mut start = alloc::vec![0u32; if rest.is_empty() { 0 } else { n + 1 }];
        let mut everywhere = Vec::new();
        let each = |(c0, c1, r0, r1): Span, f: &mut dyn FnMut(usize)| {
            for r in r0..=r1 {
                for c in c0..=c1 {
                    f((r * g.cols + c) as usize);
                }
            }
        };
        for k in rest.clone() {
            match span(&walls[k]) {
                Some(s) => each(s, &mut |c| start[c + 1] += 1),
                None => everywhere.push(k as u32),
            }
        }
        for c in 1..start.len() {
            start[c] += start[c - 1];
        }
        let mut large = alloc::vec![0u32; start.last().map_or(0, |&l| l as usize)];
        for k in rest {
            if let Some(s) = span(&walls[k]) {
                each(s, &mut |c| {
                    large[start[c] as usize] = k as u32;
                    start[c] += 1;
                });
            }
        }
        // Each start is now the next cell's: shift them back.
        if !start.is_empty() {
            start.copy_within(..n, 1);
            start[0] = 0;
        }
        (grid.walls, grid.small, grid.start) = (walls, small, start);
        (grid.large, grid.everywhere) = (large, everywhere);
        grid
    }

    /// How many cells a span holds.
    fn cells((c0, c1, r0, r1): Span) -> i128 {
        (c1 - c0 + 1) as i128 * (r1 - r0 + 1) as i128
    }

    /// The column (`k` 0) or row (`k` 1) of the grid holding coordinate `v`, clamped to the
    /// grid (none when `v` is not finite or lies absurdly far off). Monotone in `v`.
    #[inline(always)]
    fn cell(&self, k: usize, v: f64) -> Option<i64> {
        let (o, n) = if k == 0 {
            (self.origin.0, self.cols)
        } else {
            (self.origin.1, self.rows)
        };
        let t = (v - o) * self.inv;
        if !(t > -1e18 && t < 1e18) {
            return None;
        }
        // `floor` without a call into libm: truncate, then step down below zero.
        let c = t as i64;
        let c = c - i64::from((c as f64) > t);
        Some(c.clamp(0, n - 1))
    }

    /// The cells of the grid that box `b` touches (none when it lies off the grid or is not
    /// finite).
    #[inline(always)]
    fn span(&self, b: &Aabb) -> Option<Span> {
        Some((
            self.cell(0, b.min_x)?,
            self.cell(0, b.max_x)?,
            self.cell(1, b.min_y)?,
            self.cell(1, b.max_y)?,
        ))
    }

    /// Whether `hit(k)` holds for a wall `k` (its place in the sorted walls) near `r`: every
    /// wall whose bounds overlap those of `r` is asked once (a small wall in the one cell that
    /// holds it, a large one in the one cell that holds the least corner of the two bounds'
    /// common part, which lies in the spans of both).
    fn any_near(&self, r: &RectD, mut hit: impl FnMut(u32) -> bool) -> bool {
        if self.everywhere.iter().any(|&k| hit(k)) {
            return true;
        }
        if self.cols == 0 {
            return false;
        }
        let rb = r.bounds().0;
        // A small wall whose bounds overlap `rb` has its least corner past `rb`'s less its
        // reach (the difference rounded to a float no higher than that corner).
        let wide = Aabb {
            min_x: rb.min_x - self.reach.0,
            min_y: rb.min_y - self.reach.1,
            ..rb
        };
        let fits = |s: &Span| WallGrid::cells(*s) <= 4 * WallGrid::WIDE;
        let Some(w) = self.span(&wide).filter(fits) else {
            return (0..self.walls.len() as u32).any(hit);
        };
        // Bounds that do not overlap strictly: no overlap (as `overlap_item` finds).
        let meet = |k: usize| {
            let ob = self.walls[k].1.bounds().0;
            (rb.min_x < ob.max_x)
                & (ob.min_x < rb.max_x)
                & (rb.min_y < ob.max_y)
                & (ob.min_y < rb.max_y)
        };
        for row in w.2..=w.3 {
            // The cells of a row lie together.
            let c = (row * self.cols) as usize;
            let (from, to) = (
                self.small[c + w.0 as usize],
                self.small[c + w.1 as usize + 1],
            );
            for k in from..to {
                if meet(k as usize) && hit(k) {
                    return true;
                }
            }
        }
        if self.start.is_empty() {
            return false;
        }
        let Some(s) = self.span(&rb).filter(fits) else {
            return (0..self.walls.len() as u32).any(hit);
        };
        for row in s.2..=s.3 {
            for col in s.0..=s.1 {
                let c = (row * self.cols + col) as usize;
                for &k in &self.large[self.start[c] as usize..self.start[c + 1] as usize] {
                    let here = || {
                        let ob = self.walls[k as usize].1.bounds().0;
                        self.cell(0, rb.min_x.max(ob.min_x)) == Some(col)
                            && self.cell(1, rb.min_y.max(ob.min_y)) == Some(row)
                    };
                    if meet(k as usize) && here() && hit(k) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Moves item `id`, if it strictly overlaps solid items, by the smallest displacement
/// (Euclidean; ties to +x, then -x, +y, -y) to a position where it overlaps none, among the
/// positions whose coordinates are its own or flush with a face of a solid item, no farther
/// than `max`. Answers its position (unchanged when it overlapped nothing), or `None`, leaving
/// it in place, when there is no such position.
pub(crate) fn push_out<A: Access>(
    acc: &mut A,
    id: u64,
    max: f64,
    filter: &mut dyn FnMut(&mut A, u64, u64) -> Response,
) -> Result<Option<Vec2D>, WorldError> {
    let (rect, _) = acc.world().get_d(id)?;
    if !(max >= 0.0 && max.is_finite()) {
        return Err(WorldError::Invalid);
    }
    let (b, _) = rect.bounds();
    let room = RectD::new(
        b.min_x - max,
        b.min_y - max,
        (b.max_x - b.min_x) + 2.0 * max,
        (b.max_y - b.min_y) + 2.0 * max,
    );
    // (A room beyond the f64 range makes the search ask every item.)
    let mut near = gather_near(acc.world(), id, room)?;
    keep_solids(acc, id, &mut near, filter);
    let precision = acc.world().precision();
    let here = Vec2D::new(rect.x, rect.y);
    let overlaps =
        |(o, r, _): &Item| overlap_item(precision, r, shape_of(&near.shapes, *o), &rect, None);
    if !near.items.iter().any(overlaps) {
        return Ok(Some(here));
    }
    // Ties: +x before -x before no x move; then +y before -y.
    let rank = |v: f64| {
        if v > 0.0 {
            0
        } else if v < 0.0 {
            1
        } else {
            2
        }
    };
    // Per axis, the displacements nearest first (ties as above).
    let moves = |k: usize| {
        let (o, size) = if k == 0 {
            (rect.x, rect.w)
        } else {
            (rect.y, rect.h)
        };
        let mut v: Vec<Move> = options(&near.items, k, o, size, max)
            .into_iter()
            .map(|c| Move {
                to: c,
                by: c - o,
                rank: rank(c - o),
            })
            .collect();
        crate::sort::sort_by(&mut v, |a, b| {
            a.by.abs().total_cmp(&b.by.abs()).then(a.rank.cmp(&b.rank))
        });
        v
    };
    let (xs, ys) = (moves(0), moves(1));
    let limit = max * max;
    // Out of a polygon: also straight out through its nearest face (ties in handle order).
    let mut exits: Vec<(Try, u64)> = Vec::new();
    for &(o, r, _) in &near.items {
        let Some(shape) = shape_of(&near.shapes, o) else {
            continue;
        };
        let band = Band::of(precision, &rect, &r);
        let Some(col) = poly_double::detect_convex(rect, here, shape, &band) else {
            continue;
        };
        let (dx, dy) = (col.touch.x - rect.x, col.touch.y - rect.y);
        let t = Try {
            d2: dx * dx + dy * dy,
            rank: (rank(dx), rank(dy)),
            at: col.touch,
        };
        if t.d2 <= limit {
            exits.push((t, o));
        }
    }
    crate::sort::sort_by(&mut exits, |a, b| {
        Try::order(&a.0, &b.0).then(a.1.cmp(&b.1))
    });
    let exits: Vec<Try> = exits.into_iter().map(|(t, _)| t).collect();
    // Each position checked against the walls near it only.
    let shapes = &near.shapes;
    let grid = WallGrid::new(&mut near.items, &rect);
    // Every rect compared lies within magnitude `m`: most pairs overlap or stand apart by far
    // more than any band there, and skip working out theirs (`overlap_item` without the box
    // test, which its exact test implies).
    let far = |v: &[Move]| v.iter().fold(0.0f64, |m, c| m.max(c.to.abs()));
    let m = (exits.iter().map(|t| t.at.x.abs().max(t.at.y.abs())))
        .fold(far(&xs).max(far(&ys)).max(rect.magnitude()), f64::max)
        .max(grid.magnitude);
    let clear_by = band::clear_of(precision, m);
    let meets = |k: u32, r: &RectD, e: &Edges| {
        let (o, w, _) = &grid.walls[k as usize];
        match shape_of(shapes, *o) {
            None => overlap_quick(precision, (r, e), (w, &w.edges()), clear_by),
            s => overlap_item(precision, w, s, r, None),
        }
    };
    // The wall that blocked the last position on each side (by the ranks of its moves) is
    // asked first: positions on one side follow one another closely, and often meet it too.
    let mut last: [Option<u32>; 9] = [None; 9];
    let clear = |p: Vec2D, (rx, ry): (u8, u8)| {
        let r = rect.at(p);
        let e = r.edges();
        let side = &mut last[3 * rx as usize + ry as usize];
        if side.is_some_and(|k| meets(k, &r, &e)) {
            return false;
        }
        !grid.any_near(&r, |k| {
            let hit = meets(k, &r, &e);
            if hit {
                *side = Some(k);
            }
            hit
        })
    };
    let Some(p) = nearest_clear(&xs, &ys, &exits, limit, clear) else {
        return Ok(None);
    };
    acc.world().update_d(id, rect.at(p))?;
    Ok(Some(p))
}

/// The rect covering both `a` and `b` (same size, different places), as edges.
fn union(a: &Edges, b: &Edges) -> Edges {
    let min = |p: Edge, q: Edge| if p.lt(q) { p } else { q };
    let max = |p: Edge, q: Edge| if p.lt(q) { q } else { p };
    Edges {
        lo: [min(a.lo[0], b.lo[0]), min(a.lo[1], b.lo[1])],
        hi: [max(a.hi[0], b.hi[0]), max(a.hi[1], b.hi[1])],
    }
}

/// Moves the solid item `id` by `delta`, unconditionally (along x, then along y), carrying the
/// items that stood on its face toward `up` before the move and pushing those in its way ahead
/// of it; each carried or pushed item moves through a collision-checked move with `filter`
/// (which ignores the solid). Which items ride or are pushed is `filter(item, id)`'s answer.
/// An item that cannot be pushed clear is left where it was and reported squashed. Answers the
/// solid's new position; `out` gets every item moved or squashed, once each, in handle order.
pub(crate) fn move_solid<A: Access>(
    acc: &mut A,
    id: u64,
    delta: Vec2D,
    up: Vec2D,
    filter: &mut dyn FnMut(&mut A, u64, u64) -> Response,
    out: &mut Vec<Moved>,
) -> Result<Vec2D, WorldError> {
    out.clear();
    let up = Dir::up(up)?;
    let (start, _) = acc.world().get_d(id)?;
    if !delta.finite() {
        return Err(WorldError::Invalid);
    }
    if !Vec2D::new(start.x + delta.x, start.y + delta.y).finite() {
        return Err(WorldError::Invalid);
    }
    let one_way = acc.world().one_way_of(id)?;
    // The riders: items standing on the face toward `up`.
    let mut riders = Vec::new();
    // A polygon solid (a moving ramp) carries the items resting on its faces.
    let shape = acc.world().convex_of(id);
    {
        let near = near_rect(acc.world(), id, start)?;
        let down = Dir { pos: !up.pos, ..up };
        let units = faces(up).map(Dir::unit);
        for &(o, r, _) in &near.items {
            let band = near.band(&r, &start);
            let rides = match &shape {
                Some(c) => poly_double::resting(r, c, &units, &band)[0],
                None => flush_toward(&r, &start, &band, down) > 0.0,
            };
            if rides && solid(filter(acc, o, id)) {
                riders.push(o);
            }
        }
    }
    // Looked up by handle for every item moved: sorted, as every list here, so that a lift
    // carrying many riders costs what it carries, not its square.
    crate::sort::sort(&mut riders);
    let mut notes: BTreeMap<u64, u32> = BTreeMap::new();
    let mut hits: Vec<WorldHitD> = Vec::new();
    let mut rect = start;
    for k in 0..2 {
        let dk = if k == 0 { delta.x } else { delta.y };
        if dk == 0.0 {
            continue;
        }
        let before = rect;
        if k == 0 {
            rect.x += dk;
        } else {
            rect.y += dk;
        }
        acc.world().update_d(id, rect)?;
        let (b, n) = (before.edges(), rect.edges());
        let way = Dir {
            axis: k,
            pos: dk > 0.0,
        };
        let swept = union(&b, &n);
        // A one-way solid pushes only with its solid face.
        let pushes = one_way.is_none_or(|f| f == way);
        let mut pushed: Vec<u64> = Vec::new();
        if pushes {
            let area = RectD::new(
                swept.lo[0].hi,
                swept.lo[1].hi,
                swept.hi[0].hi - swept.lo[0].hi,
                swept.hi[1].hi - swept.lo[1].hi,
            );
            let near = near_rect(acc.world(), id, area)?;
            for &(o, r, _) in &near.items {
                let e = r.edges();
                let band = near.band(&r, &before);
                if way.beyond(&e, &b, &band)
                    && band.overlap(&e, &swept)
                    && solid(filter(acc, o, id))
                {
                    pushed.push(o);
                }
            }
        }
        // The face of the solid an item ends flush against: its leading face for a pushed
        // item, its face toward `up` for a rider on the up axis.
        let flush_at = |r: RectD, face: Dir| {
            let (o, size) = if k == 0 { (r.x, r.w) } else { (r.y, r.h) };
            if face.pos {
                flush(o, size, n.hi[k], 1.0)
            } else {
                flush(o, size, n.lo[k], -1.0)
            }
        };
        let place = |r: RectD, v: f64| {
            if k == 0 {
                Vec2D::new(v, r.y)
            } else {
                Vec2D::new(r.x, v)
            }
        };
        crate::sort::sort(&mut pushed);
        let mut movers: Vec<u64> = riders.iter().chain(&pushed).copied().collect();
        crate::sort::sort(&mut movers);
        movers.dedup();
        // In the order of the motion, the one in front first: riders side by side, touching,
        // then keep their offsets instead of stopping against a neighbour that has not moved yet.
        // (Ties, and items gone, by handle.)
        let w = acc.world();
        let lead = |o: u64| {
            w.get_d(o).map_or(f64::INFINITY, |(r, _)| {
                let e = r.edges();
                if dk > 0.0 {
                    -e.hi[k].hi
                } else {
                    e.lo[k].hi
                }
            })
        };
        let mut ordered: Vec<(f64, u64)> = movers.iter().map(|&o| (lead(o), o)).collect();
        crate::sort::sort_by(&mut ordered, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        for o in ordered.into_iter().map(|(_, o)| o) {
            let is_pushed = pushed.binary_search(&o).is_ok();
            let rider = riders.binary_search(&o).is_ok();
            if !is_pushed && notes.get(&o).is_some_and(|w| w & SQUASHED != 0) {
                continue;
            }
            let Ok((r, _)) = acc.world().get_d(o) else {
                continue;
            };
            let goal = if is_pushed {
                place(r, flush_at(r, way))
            } else if k == up.axis && shape.is_none() {
                place(r, flush_at(r, up))
            } else {
                place(r, if k == 0 { r.x } else { r.y } + dk)
            };
            let mut past_solid = |a: &mut A, item: u64, other: u64| {
                if other == id {
                    Response::Ignore
                } else {
                    filter(a, item, other)
                }
            };
            let Ok(end) = run(
                acc,
                o,
                goal,
                true,
                Snap::Exact,
                &mut past_solid,
                &mut hits,
                None,
            ) else {
                continue;
            };
            if is_pushed && end != goal {
                acc.world().update_d(o, r)?;
                note(&mut notes, o, SQUASHED);
            } else {
                note(&mut notes, o, if rider { CARRIED } else { PUSHED });
            }
        }
    }
    out.extend(notes.into_iter().map(|(id, what)| Moved { id, what }));
    // Its path, x then y, for the sensors it passes (see `events.rs`).
    let turn = Vec2D::new(rect.x, start.y);
    let path = [
        Vec2D::new(start.x, start.y),
        turn,
        Vec2D::new(rect.x, rect.y),
    ];
    acc.world().trace(id, start, &path, None);
    Ok(Vec2D::new(rect.x, rect.y))
}

impl World {
    /// The outward normal of item `id`'s solid face if it is one-way, else `None`.
    pub(crate) fn one_way_of(&self, id: u64) -> Result<Option<Dir>, WorldError> {
        Ok(self.one_way[self.slot(id)? as usize])
    }

    /// Makes item `id` one-way with `normal` the outward normal of its solid face (`(0, -1)` for
    /// a jump-through platform in y-down coordinates), or solid all round again with `(0, 0)`.
    /// The normal must lie along an axis (its length does not matter).
    ///
    /// A one-way item blocks a move only when the move goes against the normal and the mover
    /// lies, where the move begins, entirely on the normal's side of that face (touching
    /// counts): for that move it is solid, and a corner met exactly is met on the solid face.
    /// Any other move passes through it, unreported and without asking the filter. Pushing out
    /// and fitting never count one-way items; the ground state counts them as a floor only.
    pub fn set_one_way(&mut self, id: u64, normal: Vec2D) -> Result<(), WorldError> {
        let s = self.slot(id)? as usize;
        self.one_way[s] = Dir::of(normal)?;
        self.changes += 1;
        Ok(())
    }

    /// The unit outward normal of item `id`'s solid face, or `(0, 0)` for an item solid all
    /// round.
    pub fn one_way(&self, id: u64) -> Result<Vec2D, WorldError> {
        Ok(self.one_way_of(id)?.map_or(Vec2D::default(), Dir::unit))
    }

    /// The ground state of item `id` with `up` along an axis (`(0, -1)` in y-down
    /// coordinates): which of its faces are flush with a solid item's face along a shared edge
    /// of positive length (a corner-only touch is not), and the items they rest against.
    /// `filter(world, item, other)` says which items are solid (`SLIDE`, `TOUCH`, `BOUNCE`).
    pub fn ground(
        &mut self,
        id: u64,
        up: Vec2D,
        filter: impl FnMut(&mut World, u64, u64) -> Response,
    ) -> Result<Ground, WorldError> {
        self.filtered(filter, |w, f| ground(w, id, up, f))
    }

    /// Whether item `id` would fit at `rect` (a crouching player standing up): whether it would
    /// strictly overlap no solid item there. Nothing moves.
    pub fn fits(
        &mut self,
        id: u64,
        rect: RectD,
        filter: impl FnMut(&mut World, u64, u64) -> Response,
    ) -> Result<bool, WorldError> {
        self.filtered(filter, |w, f| fits(w, id, rect, f))
    }

    /// Pushes item `id` out of the solid items it strictly overlaps by the smallest
    /// displacement no longer than `max` (Euclidean; ties to +x, -x, +y, -y): answers its new
    /// position, or `None` (the item left in place) when no clear position is that close.
    pub fn push_out(
        &mut self,
        id: u64,
        max: f64,
        filter: impl FnMut(&mut World, u64, u64) -> Response,
    ) -> Result<Option<Vec2D>, WorldError> {
        self.filtered(filter, |w, f| push_out(w, id, max, f))
    }

    /// Moves the solid item `id` by `delta` unconditionally, carrying its riders (items
    /// standing on its face toward `up`) and pushing the items in its way; see
    /// `c2d_world_move_solid_d`. Answers the solid's new position and fills `out` with the
    /// items carried, pushed or squashed.
    pub fn move_solid(
        &mut self,
        id: u64,
        delta: Vec2D,
        up: Vec2D,
        filter: impl FnMut(&mut World, u64, u64) -> Response,
        out: &mut Vec<Moved>,
    ) -> Result<Vec2D, WorldError> {
        self.filtered(filter, |w, f| move_solid(w, id, delta, up, f, out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The push-out grid asks every wall whose box strictly overlaps the position's box, once,
    /// and no other, for walls laid the way a level editor lays them (each next to the last,
    /// `x = prev.x + prev.w` with decimal sizes), near the origin, far out (1e6) and tiny (1e-3),
    /// and for positions snapped flush against a wall (`x = wall.x - w`) or anywhere.
    #[test]
    fn the_wall_grid_asks_each_wall_near_a_position_exactly_once_off_the_grid() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut rnd = || rng.unit();
        let rows = if cfg!(miri) { 3 } else { 24 };
        for (origin, w, h, item) in [
            (0.0, 10.18, 7.3, 8.05),
            (1e6 + 0.1, 10.18, 7.3, 8.05),
            (-3.7, 0.00123, 0.0017, 0.001),
        ] {
            let mut walls = Vec::new();
            let mut y = origin;
            for _ in 0..rows {
                let mut x = origin;
                for _ in 0..rows {
                    // A gap now and then, as in a level with holes, and now and then a wall
                    // longer than a cell of the grid (over the next ones).
                    let long = if rnd() > 0.9 { 4.5 } else { 1.0 };
                    if rnd() > 0.1 {
                        let r = RectD::new(x, y, w * long, h);
                        walls.push(r);
                    }
                    x += w;
                }
                y += h;
            }
            let start = RectD::new(origin + 3.0 * w, origin + 3.0 * h, item, item);
            let mut near = Near::default();
            near.items = walls
                .iter()
                .enumerate()
                .map(|(i, &r)| (i as u64, r, None))
                .collect();
            let grid = WallGrid::new(&mut near.items, &start);
            for k in 0..if cfg!(miri) { 20 } else { 3000 } {
                let wall = &walls[(rnd() * walls.len() as f64) as usize];
                let (px, py) = match k % 3 {
                    // Flush against a wall's left or top face, by the game's arithmetic.
                    0 => (wall.x - item, wall.y + rnd() * h),
                    1 => (wall.x + rnd() * w, wall.y - item),
                    _ => (
                        origin + rnd() * w * rows as f64,
                        origin + rnd() * h * rows as f64,
                    ),
                };
                let r = RectD::new(px, py, item, item);
                let rb = r.bounds().0;
                let mut asked = Vec::new();
                grid.any_near(&r, |k| {
                    asked.push(grid.walls[k as usize].0 as usize);
                    false
                });
                asked.sort_unstable();
                let near: Vec<usize> = (0..walls.len())
                    .filter(|&i| {
                        let ob = walls[i].bounds().0;
                        rb.min_x < ob.max_x
                            && ob.min_x < rb.max_x
                            && rb.min_y < ob.max_y
                            && ob.min_y < rb.max_y
                    })
                    .collect();
                assert_eq!(asked, near, "{r:?} at origin {origin}");
            }
        }
    }

    use crate::testing::Rng;

    /// Sorting by handle answers what a sort does, for few and many items, for handles as a
    /// world makes them (slots above, generations and tags below) and for any keys.
    #[test]
    fn sorting_by_handle_answers_a_sort() {
        let mut rng = Rng(0x5eed_1234_abcd_0001);
        let sizes: &[usize] = if cfg!(miri) {
            &[3, 520]
        } else {
            &[0, 1, 511, 512, 600, 5000, 40000]
        };
        for &n in sizes {
            for kind in 0..if cfg!(miri) { 1 } else { 3 } {
                let mut slots: Vec<u64> = (0..n as u64 * 2).collect();
                for k in (1..slots.len()).rev() {
                    slots.swap(k, rng.below(k as u64 + 1) as usize);
                }
                let keys: Vec<u64> = (0..n)
                    .map(|k| match kind {
                        0 => slots[k] << 42 | 7 << 10,
                        1 => slots[k] << 42 | rng.below(1 << 42),
                        _ => rng.next() >> rng.below(64),
                    })
                    .collect();
                let mut got: Vec<(u64, usize)> = keys.iter().copied().zip(0..).collect();
                by_handle(&mut got, |&(k, _)| k);
                let mut want: Vec<u64> = keys.clone();
                want.sort_unstable();
                assert_eq!(
                    got.iter().map(|&(k, _)| k).collect::<Vec<_>>(),
                    want,
                    "{n} {kind}"
                );
            }
        }
    }

    /// The nearest clear position is the least clear one of every position and exit within the
    /// limit, in the order of distance, ranks, positions before exits, then the lists' order:
    /// checked against all of them for lists with many ties and clear positions few or many.
    #[test]
    fn the_nearest_clear_position_is_the_least_of_all() {
        let mut rng = Rng(0x0bad_cafe_f00d_0001);
        let rank = |v: f64| u8::from(v <= 0.0) + u8::from(v == 0.0);
        let cases = if cfg!(miri) { 20 } else { 3000 };
        for case in 0..cases {
            let reach = 1 + rng.below(if case % 2 == 0 || cfg!(miri) { 12 } else { 60 }) as i64;
            let list = |rng: &mut Rng, o: f64| {
                let mut v: Vec<i64> = (-reach..=reach).filter(|_| rng.below(3) > 0).collect();
                v.retain(|&d| d != 0);
                v.push(0);
                let mut v: Vec<Move> = v
                    .into_iter()
                    .map(|d| Move {
                        to: o + d as f64,
                        by: d as f64,
                        rank: rank(d as f64),
                    })
                    .collect();
                v.sort_by(|a, b| a.by.abs().total_cmp(&b.by.abs()).then(a.rank.cmp(&b.rank)));
                v
            };
            let (xs, ys) = (list(&mut rng, 100.0), list(&mut rng, -7.0));
            let limit = (rng.below((2 * reach * reach + 2) as u64)) as f64;
            let mut exits: Vec<Try> = (0..rng.below(4))
                .map(|_| {
                    let (dx, dy) = (
                        rng.below(2 * reach as u64 + 1) as f64 - reach as f64,
                        rng.below(2 * reach as u64 + 1) as f64 - reach as f64,
                    );
                    Try {
                        d2: dx * dx + dy * dy,
                        rank: (rank(dx), rank(dy)),
                        at: Vec2D::new(100.0 + dx + 0.5, -7.0 + dy),
                    }
                })
                .filter(|t| t.d2 <= limit)
                .collect();
            exits.sort_by(Try::order);
            let odds = [2, 10, 50, 400][case % 4];
            let seed = rng.next();
            let clear = |p: Vec2D| {
                let h = (p.x.to_bits() ^ p.y.to_bits().rotate_left(32) ^ seed)
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15);
                (h >> 40) % odds == 0
            };
            let mut all = Vec::new();
            for (i, x) in xs.iter().enumerate() {
                for (j, y) in ys.iter().enumerate() {
                    let d2 = x.by * x.by + y.by * y.by;
                    all.push((
                        (d2.to_bits(), (x.rank, y.rank), 0, i, j),
                        Vec2D::new(x.to, y.to),
                    ));
                }
            }
            for (e, t) in exits.iter().enumerate() {
                all.push(((t.d2.to_bits(), t.rank, 1, e, 0), t.at));
            }
            let want = (all.into_iter())
                .filter(|(k, p)| f64::from_bits(k.0) <= limit && clear(*p))
                .min_by_key(|(k, _)| *k)
                .map(|(_, p)| p);
            let mut asked = Vec::new();
            let got = nearest_clear(&xs, &ys, &exits, limit, |p, _| {
                asked.push((p.x.to_bits(), p.y.to_bits()));
                clear(p)
            });
            assert_eq!(got, want, "case {case}");
            let n = asked.len();
            asked.sort_unstable();
            asked.dedup();
            assert!(asked.len() + 4 >= n, "case {case}: positions asked twice");
        }
    }

    /// In a packed field of walls (some missing), laid in shuffled order so that handles and
    /// places disagree (and in every other field among items far off, so that its handles lie
    /// apart), a push-out asks the filter about each item once, in handle order, and lands where
    /// brute force does: the nearest clear place of whole units (the walls' faces lie on whole
    /// units), ties to +x, -x, +y, -y, then the smaller moves. Half the push-outs may reach past
    /// the field, so that its every wall is near.
    #[test]
    fn a_push_out_of_a_large_packed_field_lands_where_brute_force_does() {
        let mut rng = Rng(0x9ac4_0000_0000_0001);
        let (fields, side) = if cfg!(miri) { (2, 6) } else { (12, 26) };
        for field in 0..fields {
            let mut w = World::new_d(32.0).unwrap();
            let mut cells: Vec<i64> = (0..side * side).collect();
            for k in (1..cells.len()).rev() {
                cells.swap(k, rng.below(k as u64 + 1) as usize);
            }
            // Which cells of the field hold a wall (10 by 10 each).
            let mut wall = alloc::vec![false; (side * side) as usize];
            for &c in &cells {
                if rng.below(16) == 0 {
                    continue;
                }
                let (x, y) = ((c % side) as f64 * 10.0, (c / side) as f64 * 10.0);
                w.add_d(RectD::new(x, y, 10.0, 10.0), 0).unwrap();
                wall[c as usize] = true;
                for far in 0..if field % 2 == 1 { 4 } else { 0 } {
                    let r = RectD::new(1e5 + far as f64 * 20.0, 0.0, 10.0, 10.0);
                    w.add_d(r, 0).unwrap();
                }
            }
            let size = (2 + rng.below(10) as i64, 2 + rng.below(10) as i64);
            let at = (
                rng.below((side * 10 - size.0) as u64) as i64,
                rng.below((side * 10 - size.1) as u64) as i64,
            );
            let m = RectD::new(at.0 as f64, at.1 as f64, size.0 as f64, size.1 as f64);
            let id = w.add_d(m, 0).unwrap();
            let max = match (cfg!(miri), field % 4 < 2) {
                (true, _) => rng.below(12),
                (false, true) => rng.below(60),
                (false, false) => 10 * side as u64 + rng.below(60),
            } as i64;
            let mut asked = Vec::new();
            let got = w
                .push_out(id, max as f64, |_, a, b| {
                    assert_eq!(a, id);
                    asked.push(b);
                    Response::Slide
                })
                .unwrap();
            assert!(
                asked.windows(2).all(|p| p[0] < p[1]),
                "asked in handle order"
            );
            // Whether the item at `(x, y)` strictly overlaps a wall: the cells it covers.
            let blocked = |x: i64, y: i64| {
                let cells = |v: i64, s: i64| v.div_euclid(10)..=(v + s - 1).div_euclid(10);
                cells(y, size.1).any(|cy| {
                    cells(x, size.0).any(|cx| {
                        (0..side).contains(&cx)
                            && (0..side).contains(&cy)
                            && wall[(cy * side + cx) as usize]
                    })
                })
            };
            let rank = |v: i64| u8::from(v <= 0) + u8::from(v == 0);
            let mut best: Option<(i64, u8, u8, i64, i64, i64, i64)> = None;
            for dx in -max..=max {
                for dy in -max..=max {
                    let d2 = dx * dx + dy * dy;
                    if d2 > max * max || blocked(at.0 + dx, at.1 + dy) {
                        continue;
                    }
                    let key = (d2, rank(dx), rank(dy), dx.abs(), dy.abs(), dx, dy);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
            }
            let want = best.map(|b| Vec2D::new((at.0 + b.5) as f64, (at.1 + b.6) as f64));
            assert_eq!(got, want, "{m:?} within {max}");
        }
    }
}
