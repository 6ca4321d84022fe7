//! The movement kit of a platformer: one-way items, the ground state of an item, pushing an item
//! out of the solids it starts in, asking whether it would fit somewhere, and moving solids that
//! carry their riders and push what they meet.
//!
//! Every decision is exact (the edges of [`Edges`]) and reads touching as the game means it
//! (`band.rs`): a resting item gets the same ground state on every frame, an item snapped flush
//! by the game's own arithmetic touches (stands on a floor, fits where it stands, is not pushed
//! out), and touching is never taken for overlapping.
//!
//! Which items count as solid is the filter's answer, as in a move: `SLIDE`, `TOUCH` and `BOUNCE`
//! make an item solid, `IGNORE` and `CROSS` do not. Like a move, these functions reach the world
//! through [`Access`] between filter calls, so a filter may look at the world.

use super::detect::flush;
use super::motion::{overlap_item, run, Access, Near};
use super::slope;
use super::{Band, Edge, Edges, Precision, RectD, Response, Vec2D, World, WorldError, WorldHitD};
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::query::Convex;
use crate::shape::Aabb;
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
    /// `C2D_ON_FLOOR | C2D_ON_CEILING | C2D_ON_LEFT | C2D_ON_RIGHT` bits (`ON_FLOOR`... in Rust).
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
    /// `C2D_CARRIED | C2D_PUSHED | C2D_SQUASHED` bits (`CARRIED`... in Rust).
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
/// `band.rs`): a player snapped onto a floor by `y = floor.y - h` stands on it, and so does one
/// a move left against a face that does not lie at a double (a floor's top at `0.1 + 10`).
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

/// The items near `rect` (touching its box), but `id`, that interact with `id`.
fn near_rect(w: &World, id: u64, rect: RectD) -> Result<Near, WorldError> {
    let cats = w.cats_of(id)?;
    let mut near = Near::default();
    w.gather(id, cats, rect, Vec2D::new(rect.x, rect.y), &mut near);
    near.items.sort_unstable_by_key(|&(o, ..)| o);
    near.shapes.sort_unstable_by_key(|&(o, _)| o);
    Ok(near)
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
    let mut best = [(0.0f64, 0u64); 4];
    for &(o, r, one_way) in &near.items {
        let band = near.band(&rect, &r);
        let mut lengths = match near.shape(o) {
            // A polygon: resting against it is a contact of no length (a flat face shares
            // more).
            Some(c) => {
                slope::resting(rect, c, &faces, &band)
                    .map(|on| if on { f64::MIN_POSITIVE } else { 0.0 })
            }
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

/// A solid item's rect and edges, and its polygon when it is one (borrowed from the [`Near`] it
/// was found in: a polygon takes four times the room of the rest, and most walls are rects).
struct Wall<'a>(RectD, Edges, Option<&'a Convex>);

impl Wall<'_> {
    /// Whether a rect overlaps it by more than the band of world precision `p`.
    fn overlap(&self, p: Precision, r: &RectD) -> bool {
        overlap_item(p, &self.0, self.2, r, None)
    }
}

/// The solid items (by the filter; one-way items never) of `near` (as [`near_rect`] finds them)
/// for item `id`.
fn solids<'a, A: Access>(
    acc: &mut A,
    id: u64,
    near: &'a Near,
    filter: &mut dyn FnMut(&mut A, u64, u64) -> Response,
) -> Vec<Wall<'a>> {
    let shape = |o: u64| {
        let k = near.shapes.binary_search_by_key(&o, |s| s.0).ok()?;
        Some(&near.shapes[k].1)
    };
    let mut out = Vec::with_capacity(near.items.len());
    for &(o, r, one_way) in &near.items {
        if one_way.is_none() && solid(filter(acc, id, o)) {
            out.push(Wall(r, r.edges(), shape(o)));
        }
    }
    out
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
    let near = near_rect(acc.world(), id, rect)?;
    Ok(!solids(acc, id, &near, filter)
        .iter()
        .any(|s| s.overlap(p, &rect)))
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

/// The positions `(xs[i], ys[j])` of a push-out (each list nearest first) by distance, a group
/// of equal distance at a time: the next pairs are those after a pair taken, which are no
/// nearer, so a heap of the pairs in reach lists them in order.
struct Nearest {
    heap: alloc::collections::BinaryHeap<core::cmp::Reverse<(u64, u32, u32)>>,
}

impl Nearest {
    fn new(nx: usize, ny: usize) -> Nearest {
        let mut heap = alloc::collections::BinaryHeap::new();
        if nx > 0 && ny > 0 {
            heap.push(core::cmp::Reverse((0, 0, 0)));
        }
        Nearest { heap }
    }

    /// Fills `group` with the nearest positions not listed yet, all at the same distance, and
    /// answers it (none when every position is listed).
    fn group(&mut self, xs: &[Move], ys: &[Move], group: &mut Vec<Try>) -> Option<f64> {
        group.clear();
        let d2 = |i: u32, j: u32| {
            let (x, y) = (xs[i as usize].by, ys[j as usize].by);
            x * x + y * y
        };
        let push = |heap: &mut alloc::collections::BinaryHeap<_>, i: u32, j: u32| {
            // Non-negative floats order as their bits.
            heap.push(core::cmp::Reverse((d2(i, j).to_bits(), i, j)));
        };
        let first = self.heap.peek()?.0 .0;
        while let Some(&core::cmp::Reverse((bits, i, j))) = self.heap.peek() {
            if bits != first {
                break;
            }
            self.heap.pop();
            // Each pair once: along y from every pair, along x from the first column only.
            if (j as usize) + 1 < ys.len() {
                push(&mut self.heap, i, j + 1);
            }
            if j == 0 && (i as usize) + 1 < xs.len() {
                push(&mut self.heap, i + 1, 0);
            }
            let (x, y) = (xs[i as usize], ys[j as usize]);
            group.push(Try {
                d2: f64::from_bits(bits),
                rank: (x.rank, y.rank),
                at: Vec2D::new(x.to, y.to),
            });
        }
        Some(f64::from_bits(first))
    }
}

/// The walls of a push-out in a grid of cells over their bounds (about twice the item's size,
/// coarser where that would make more than four cells a wall), so that a position is checked
/// against the walls near it only. Walls spanning many cells are checked everywhere, and every
/// wall where the cells cannot be worked out (an item of no size, bounds beyond the range).
struct WallGrid {
    /// The corner of cell `(0, 0)` and the cells per unit.
    origin: (f64, f64),
    inv: f64,
    cols: i64,
    rows: i64,
    /// The walls of cell `k` are `walls[start[k]..start[k + 1]]`, with their bounds beside
    /// them in `boxes` (read in order: most walls near a position are told apart by these).
    start: Vec<u32>,
    walls: Vec<u32>,
    boxes: Vec<Aabb>,
    everywhere: Vec<u32>,
    count: usize,
}

/// A rectangle of cells, `c0..=c1` by `r0..=r1`.
type Span = (i64, i64, i64, i64);

impl WallGrid {
    /// Cells a box spans beyond which a wall is checked everywhere.
    const WIDE: i128 = 16;

    fn new(walls: &[Wall], rect: &RectD) -> WallGrid {
        let bounds: Vec<Aabb> = walls.iter().map(|w| w.0.bounds().0).collect();
        let (mut lo, mut hi) = (
            (f64::INFINITY, f64::INFINITY),
            (-f64::INFINITY, -f64::INFINITY),
        );
        for b in &bounds {
            lo = (lo.0.min(b.min_x), lo.1.min(b.min_y));
            hi = (hi.0.max(b.max_x), hi.1.max(b.max_y));
        }
        let (w, h) = (hi.0 - lo.0, hi.1 - lo.1);
        let size = 2.0 * rect.w.abs().max(rect.h.abs());
        let cell = size.max((w * h / (4 * walls.len() + 64) as f64).sqrt());
        let mut grid = WallGrid {
            origin: lo,
            inv: 0.0,
            cols: 0,
            rows: 0,
            start: Vec::new(),
            walls: Vec::new(),
            boxes: Vec::new(),
            everywhere: Vec::new(),
            count: walls.len(),
        };
        let (cols, rows) = ((w / cell).floor() + 1.0, (h / cell).floor() + 1.0);
        if !(cell > 0.0 && cols * rows <= (8 * walls.len() + 256) as f64) {
            // No grid: every wall everywhere.
            grid.everywhere = (0..walls.len() as u32).collect();
            return grid;
        }
        (grid.inv, grid.cols, grid.rows) = (1.0 / cell, cols as i64, rows as i64);
        let spans: Vec<Option<Span>> = bounds
            .iter()
            .map(|b| {
                grid.span(b)
                    .filter(|&s| WallGrid::cells(s) <= WallGrid::WIDE)
            })
            .collect();
        // Counts per cell, then their running sums, then the walls.
        let mut start = alloc::vec![0u32; (grid.cols * grid.rows + 1) as usize];
        let each = |s: Span, f: &mut dyn FnMut(usize)| {
            for r in s.2..=s.3 {
                for c in s.0..=s.1 {
                    f((r * grid.cols + c) as usize);
                }
            }
        };
        for (i, s) in spans.iter().enumerate() {
            match *s {
                Some(s) => each(s, &mut |k| start[k + 1] += 1),
                None => grid.everywhere.push(i as u32),
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut at = start.clone();
        let len = *start.last().unwrap_or(&0) as usize;
        let (mut out, mut boxes) = (alloc::vec![0u32; len], alloc::vec![bounds[0]; len]);
        for (i, s) in spans.iter().enumerate() {
            if let Some(s) = *s {
                each(s, &mut |k| {
                    (out[at[k] as usize], boxes[at[k] as usize]) = (i as u32, bounds[i]);
                    at[k] += 1;
                });
            }
        }
        (grid.start, grid.walls, grid.boxes) = (start, out, boxes);
        grid
    }

    /// How many cells a span holds.
    fn cells((c0, c1, r0, r1): Span) -> i128 {
        (c1 - c0 + 1) as i128 * (r1 - r0 + 1) as i128
    }

    /// The column (`k` 0) or row (`k` 1) of the grid holding coordinate `v`, clamped to the
    /// grid (none when `v` is not finite or lies absurdly far off). Monotone in `v`.
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
    fn span(&self, b: &Aabb) -> Option<Span> {
        Some((
            self.cell(0, b.min_x)?,
            self.cell(0, b.max_x)?,
            self.cell(1, b.min_y)?,
            self.cell(1, b.max_y)?,
        ))
    }

    /// Whether `hit(i)` holds for a wall `i` near `r`: every wall whose bounds overlap those of
    /// `r` is asked once, in the one cell that holds the least corner of the two bounds' common
    /// part (it lies in the spans of both).
    fn any_near(&self, r: &RectD, mut hit: impl FnMut(usize) -> bool) -> bool {
        if self.everywhere.iter().any(|&i| hit(i as usize)) {
            return true;
        }
        if self.cols == 0 {
            return false;
        }
        let rb = r.bounds().0;
        let Some((c0, c1, r0, r1)) = self
            .span(&rb)
            .filter(|&s| WallGrid::cells(s) <= 4 * WallGrid::WIDE)
        else {
            return (0..self.count).any(hit);
        };
        for row in r0..=r1 {
            for col in c0..=c1 {
                let k = (row * self.cols + col) as usize;
                let cell = self.start[k] as usize..self.start[k + 1] as usize;
                for (&i, ob) in self.walls[cell.clone()].iter().zip(&self.boxes[cell]) {
                    // Bounds that do not overlap strictly: no overlap (as `overlap_item` finds).
                    if !(rb.min_x < ob.max_x
                        && ob.min_x < rb.max_x
                        && rb.min_y < ob.max_y
                        && ob.min_y < rb.max_y)
                    {
                        continue;
                    }
                    let here = self.cell(0, rb.min_x.max(ob.min_x)) == Some(col)
                        && self.cell(1, rb.min_y.max(ob.min_y)) == Some(row);
                    if here && hit(i as usize) {
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
    let near = near_rect(acc.world(), id, room)?;
    let walls = solids(acc, id, &near, filter);
    let precision = acc.world().precision();
    let here = Vec2D::new(rect.x, rect.y);
    if !walls.iter().any(|s| s.overlap(precision, &rect)) {
        return Ok(Some(here));
    }
    // Per axis: the item's own coordinate, and those flush against each solid's faces.
    let options = |k: usize| {
        let (o, size) = if k == 0 {
            (rect.x, rect.w)
        } else {
            (rect.y, rect.h)
        };
        // Sorted and deduplicated as integers that order as the floats do (`-0.0` taken as
        // `0.0`; the map is its own inverse): a packed field gives every coordinate many times.
        let flip = |b: i64| b ^ (((b >> 63) as u64) >> 1) as i64;
        let mut v: Vec<i64> = walls
            .iter()
            .flat_map(|s| {
                [
                    flush(o, size, s.1.lo[k], -1.0),
                    flush(o, size, s.1.hi[k], 1.0),
                ]
            })
            .filter(|&c| (c - o).abs() <= max)
            .chain([o])
            .map(|c| flip((c + 0.0).to_bits() as i64))
            .collect();
        v.sort_unstable();
        v.dedup();
        v.into_iter().map(move |k| f64::from_bits(flip(k) as u64))
    };
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
        let o = if k == 0 { rect.x } else { rect.y };
        let mut v: Vec<Move> = options(k)
            .map(|c| Move {
                to: c,
                by: c - o,
                rank: rank(c - o),
            })
            .collect();
        v.sort_unstable_by(|a, b| a.by.abs().total_cmp(&b.by.abs()).then(a.rank.cmp(&b.rank)));
        v
    };
    let (xs, ys) = (moves(0), moves(1));
    // Out of a polygon: also straight out through its nearest face.
    let mut exits: Vec<Try> = walls
        .iter()
        .filter_map(|wall| {
            let band = Band::of(precision, &rect, &wall.0);
            let col = slope::detect_convex(rect, here, wall.2?, &band)?;
            let (dx, dy) = (col.touch.x - rect.x, col.touch.y - rect.y);
            Some(Try {
                d2: dx * dx + dy * dy,
                rank: (rank(dx), rank(dy)),
                at: col.touch,
            })
        })
        .collect();
    exits.sort_by(Try::order);
    // The positions by distance, nearest first, each checked against the walls near it only:
    // the search ends at the first clear one, having looked at what lies closer.
    let grid = WallGrid::new(&walls, &rect);
    let clear = |p: Vec2D| {
        let r = rect.at(p);
        !grid.any_near(&r, |i| walls[i].overlap(precision, &r))
    };
    let limit = max * max;
    let mut exits = exits.into_iter().filter(|t| t.d2 <= limit).peekable();
    let mut found = None;
    let mut group = Vec::new();
    let mut nearest = Nearest::new(xs.len(), ys.len());
    'search: loop {
        let next = nearest.group(&xs, &ys, &mut group);
        let d2 = next.unwrap_or(f64::INFINITY);
        // The polygon exits nearer than this group, then the group with those as near.
        while let Some(t) = exits.next_if(|t| t.d2 < d2) {
            if clear(t.at) {
                found = Some(t.at);
                break 'search;
            }
        }
        if next.is_none() || d2 > limit {
            break;
        }
        while let Some(t) = exits.next_if(|t| t.d2 == d2) {
            group.push(t);
        }
        group.sort_by(Try::order);
        for t in &group {
            if clear(t.at) {
                found = Some(t.at);
                break 'search;
            }
        }
    }
    let Some(p) = found else {
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
        for &(o, r, _) in &near.items {
            let band = near.band(&r, &start);
            let rides = match &shape {
                Some(c) => slope::resting(r, c, &faces(up), &band)[0],
                None => flush_toward(&r, &start, &band, down) > 0.0,
            };
            if rides && solid(filter(acc, o, id)) {
                riders.push(o);
            }
        }
    }
    // Looked up by handle for every item moved: sorted, as every list here, so that a lift
    // carrying many riders costs what it carries, not its square.
    riders.sort_unstable();
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
        pushed.sort_unstable();
        let mut movers: Vec<u64> = riders.iter().chain(&pushed).copied().collect();
        movers.sort_unstable();
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
        ordered.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
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
            let Ok(end) = run(acc, o, goal, true, false, &mut past_solid, &mut hits) else {
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
        mut filter: impl FnMut(&mut World, u64, u64) -> Response,
    ) -> Result<Ground, WorldError> {
        let mut this = self;
        ground(&mut this, id, up, &mut |w: &mut &mut World, a, b| {
            filter(w, a, b)
        })
    }

    /// Whether item `id` would fit at `rect` (a crouching player standing up): whether it would
    /// strictly overlap no solid item there. Nothing moves.
    pub fn fits(
        &mut self,
        id: u64,
        rect: RectD,
        mut filter: impl FnMut(&mut World, u64, u64) -> Response,
    ) -> Result<bool, WorldError> {
        let mut this = self;
        fits(&mut this, id, rect, &mut |w: &mut &mut World, a, b| {
            filter(w, a, b)
        })
    }

    /// Pushes item `id` out of the solid items it strictly overlaps by the smallest
    /// displacement no longer than `max` (Euclidean; ties to +x, -x, +y, -y): answers its new
    /// position, or `None` (the item left in place) when no clear position is that close.
    pub fn push_out(
        &mut self,
        id: u64,
        max: f64,
        mut filter: impl FnMut(&mut World, u64, u64) -> Response,
    ) -> Result<Option<Vec2D>, WorldError> {
        let mut this = self;
        push_out(&mut this, id, max, &mut |w: &mut &mut World, a, b| {
            filter(w, a, b)
        })
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
        mut filter: impl FnMut(&mut World, u64, u64) -> Response,
        out: &mut Vec<Moved>,
    ) -> Result<Vec2D, WorldError> {
        let mut this = self;
        move_solid(
            &mut this,
            id,
            delta,
            up,
            &mut |w: &mut &mut World, a, b| filter(w, a, b),
            out,
        )
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
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rnd = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
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
                    // A gap now and then, as in a level with holes.
                    if rnd() > 0.1 {
                        let r = RectD::new(x, y, w, h);
                        walls.push(Wall(r, r.edges(), None));
                    }
                    x += w;
                }
                y += h;
            }
            let start = RectD::new(origin + 3.0 * w, origin + 3.0 * h, item, item);
            let grid = WallGrid::new(&walls, &start);
            for k in 0..if cfg!(miri) { 20 } else { 3000 } {
                let wall = &walls[(rnd() * walls.len() as f64) as usize].0;
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
                grid.any_near(&r, |i| {
                    asked.push(i);
                    false
                });
                asked.sort_unstable();
                let near: Vec<usize> = (0..walls.len())
                    .filter(|&i| {
                        let ob = walls[i].0.bounds().0;
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
}
