//! A world of axis-aligned boxes with a broad phase (the `c2d_world_*` functions).
//!
//! Items are rects with a user value, named by generational [`u64`] handles (0 never names an
//! item; a removed item's handle, or one from another world, is stale). An item may be made a
//! slope tile or a convex polygon inside its rect (see `slope.rs`): moves meet the polygon,
//! while queries and pairs go by the rect, its bounding box. Queries use the strict
//! flavour of the core predicates — an item only touching the query shape is not found — and
//! answer in a fixed order:
//!
//! * [`World::query_rect`], [`World::query_point`], [`World::query_circle`]: ascending handles;
//! * [`World::query_segment`]: ascending `t`, ties by ascending handle;
//! * [`World::pairs`]: ascending `(a, b)` with `a < b`.
//!
//! Within one world, ascending handles are ascending slots (see `handle.rs`), so these orders are
//! orders of slots: query answers are sorted slots, and pairs are put in order by a radix sort
//! of slot pairs (no comparisons).
//!
//! The broad phase is a grid stored in tiles of 1×8 cells (see `tiles/`): each tile holds its
//! items' boxes as f32 bounds rounded outwards, unordered, so moving an item within its tile —
//! most updates — stores one record at a known place. Pairs are swept row by row over those
//! records gathered into contiguous, sorted rows; the f32 test is exact for boxes whose lower
//! edges are f32 values (rects with non-negative sizes) and the rare undecided pairs go to the
//! exact f64 test. Items spanning more than two cells on an axis are kept in a separate list and
//! meet the others through the tiles they cover, so a floor spanning the level beside 8-unit
//! bullets costs the rows it spans rather than thousands of cells. Choose a cell size at least
//! the size of the common items.
//!
//! Queries take `&self` and read only, so they may run on several threads at once. Their scratch
//! buffers are reused; a query that finds them in use (by another thread, or by a query made
//! from inside [`World::for_each_pair`]) allocates its own.
//!
//! This module holds the items, their cells and their moves: queries and pairs (`find.rs`),
//! moves (`motion.rs`), the movement kit (`kit.rs`), sensors (`events.rs`), tile layers
//! (`layer.rs`), snapshots (`state.rs`). The double-precision geometry they work in lives with
//! the rest of the library's: the f64 values and a rect's exact edges in `shape/double.rs`, the
//! exact predicates on them in `query/double.rs`, the band that decides touching in
//! `query/band.rs` and the collision of a moving rect in `query/detect.rs` (the last two shared
//! with [`move_rect`](crate::move_rect)). Their public types are re-exported here
//! ([`RectD`], [`Vec2D`], [`Precision`], ...).

mod events;
mod find;
mod handle;
mod kit;
mod layer;
mod motion;
mod slope;
mod state;
mod tiles;

use crate::platform::TryLock;
use crate::query::band::{self, Band};
use crate::shape::{Aabb, Hit, Rect};
use alloc::vec::Vec;
use tiles::{home, home_is_cell, Home, Tiles, FAR};

pub use crate::query::band::Precision;
pub use crate::response::Response;
pub use crate::shape::{CircleD, HitD, RectD, SegmentD, Vec2D};
pub use events::{Event, EVENT_BEGIN, EVENT_END, EVENT_PASSED, EVENT_REMOVED};
pub use handle::skip_tags;
pub(crate) use kit::{fits, ground, move_solid, push_out, Dir};
pub use kit::{Ground, Moved, CARRIED, ON_CEILING, ON_FLOOR, ON_LEFT, ON_RIGHT, PUSHED, SQUASHED};
pub use layer::{
    TileRun, TILE_EMPTY, TILE_KIND_MASK, TILE_LAYER_MAX, TILE_ONE_WAY_XNEG, TILE_ONE_WAY_XPOS,
    TILE_ONE_WAY_YNEG, TILE_ONE_WAY_YPOS, TILE_SLOPE_X0Y0, TILE_SLOPE_X0Y1, TILE_SLOPE_X1Y0,
    TILE_SLOPE_X1Y1, TILE_SOLID, TILE_TAG_SHIFT,
};
pub(crate) use motion::{run, Access, Filter, Snap};
pub use motion::{MAX_MOVE_HITS, RESTARTS};
pub use slope::{ShapeError, SLOPE_X0Y0, SLOPE_X0Y1, SLOPE_X1Y0, SLOPE_X1Y1};
pub use state::{SnapshotError, SNAPSHOT_VERSION};

/// One item of a segment query or a move: the item's handle and the hit (`c2d_world_hit`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WorldHit {
    /// The item hit.
    pub id: u64,
    /// Where and when along the motion it was hit.
    pub hit: Hit,
}

/// One item met by a world query, move or projection, in double precision (`c2d_world_hitd`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WorldHitD {
    /// The item met.
    pub id: u64,
    /// Where and when.
    pub hit: HitD,
    /// The filter's answer for it (`c2d_response`); `C2D_SLIDE` where no filter was asked.
    pub response: u32,
    /// Whether the mover already strictly overlapped it where the motion began (then
    /// `hit.t` is minus the overlap's area, so that sorting by `t` puts the deepest first).
    pub overlaps: bool,
}

impl WorldHitD {
    /// The f32 world hit nearest to it; an item overlapped at the start is hit at `t = 0`, as
    /// `c2d_hit` promises a `t` in `[0, 1]`.
    pub fn to_f32(&self) -> WorldHit {
        let mut hit = self.hit.to_f32();
        if self.overlaps {
            hit.t = 0.0;
        }
        WorldHit { id: self.id, hit }
    }
}

/// Two items whose boxes strictly overlap, `a < b` (`c2d_pair`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pair {
    /// The lower handle.
    pub a: u64,
    /// The higher handle.
    pub b: u64,
}

/// Why a world call failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorldError {
    /// A rect or goal with a NaN or infinite field.
    Invalid,
    /// A handle that names no live item of this world.
    Stale,
    /// The world already holds [`World::CAPACITY`] items.
    Full,
}

/// Reusable buffers for queries, so that they do not allocate once warmed up.
#[derive(Default)]
pub(crate) struct Scratch {
    pub ids: Vec<u32>,
    pub hits: Vec<(f64, u32, HitD)>,
    pub pairs: Vec<u64>,
    pub sorted: Vec<u64>,
    pub counts: Vec<u32>,
    pub by_hi: Vec<u64>,
    pub sweep: tiles::Sweep,
}

/// A world of rect items with a broad phase (sweep and prune in tiles of cells).
pub struct World {
    tag: u64,
    /// Whose rounding the band absorbs (see `query/band.rs`).
    precision: Precision,
    /// A bound on the magnitude of any coordinate or size an item has had (it never shrinks;
    /// see [`World::reach_out`]): the bands of all pairs are at most its band.
    extent: f64,
    inv: f64,
    cell: f64,
    /// Per slot: generation and whether it holds a live item.
    gens: Vec<u32>,
    /// Per slot: the handle of its item (of its last one when the slot is free).
    handles: Vec<u64>,
    live: Vec<bool>,
    rects: Vec<RectD>,
    users: Vec<u64>,
    /// Per slot: `[category, mask]`.
    cats: Vec<[u64; 2]>,
    /// Per slot: the outward normal of a one-way item's solid face.
    one_way: Vec<Option<Dir>>,
    /// Per slot: the polygon of an item that is not a plain rect (see `slope.rs`).
    shapes: Vec<Option<alloc::boxed::Box<slope::Shape>>>,
    /// How many live items have a shape.
    shaped: usize,
    /// Whether any item's category or mask differs from the default (all interact).
    sorted_out: bool,
    /// Counts every change to the items, so a move can tell that its filter changed the world.
    changes: u64,
    homes: Vec<Home>,
    free: Vec<u32>,
    count: usize,
    tiles: Tiles,
    /// The tile layers and which items are theirs (see `layer.rs`).
    layers: layer::Layers,
    /// Which items are sensors, and their events (see `events.rs`).
    sensing: events::Sensing,
    scratch: TryLock<Scratch>,
}

/// An item's category and mask when it is added: category 1, every mask bit set.
pub const DEFAULT_CATEGORY: [u64; 2] = [1, u64::MAX];

impl World {
    /// The most items a world holds at once (2^22).
    pub const CAPACITY: usize = handle::SLOT_LIMIT;

    /// An empty world whose broad-phase cells are `cell_size` units square; `None` unless the size is
    /// positive and finite.
    pub fn new(cell_size: f32) -> Option<World> {
        World::with_precision(cell_size as f64, Precision::Single)
    }

    /// A world for double-precision coordinates (its band at least bump.lua's `1e-10`), with
    /// a double-precision cell size.
    pub fn new_d(cell_size: f64) -> Option<World> {
        World::with_precision(cell_size, Precision::Double)
    }

    /// An empty world whose band is in precision `precision` (see [`Precision`]).
    pub fn with_precision(cell_size: f64, precision: Precision) -> Option<World> {
        // Cells are indexed by `v / cell_size` in f64 and clamped: sizes below the f32 range
        // only make every item huge.
        if !(cell_size > 0.0 && cell_size.is_finite() && (1.0 / cell_size).is_finite()) {
            return None;
        }
        Some(World {
            tag: handle::next_tag(),
            precision,
            extent: 0.0,
            inv: 1.0 / cell_size,
            cell: cell_size,
            gens: Vec::new(),
            handles: Vec::new(),
            live: Vec::new(),
            rects: Vec::new(),
            users: Vec::new(),
            cats: Vec::new(),
            one_way: Vec::new(),
            shapes: Vec::new(),
            shaped: 0,
            sorted_out: false,
            changes: 0,
            homes: Vec::new(),
            free: Vec::new(),
            count: 0,
            tiles: Tiles::default(),
            layers: layer::Layers::default(),
            sensing: events::Sensing::default(),
            scratch: TryLock::new(Scratch::default()),
        })
    }

    /// The cell size the world was made with (rounded to f32).
    pub fn cell_size(&self) -> f32 {
        self.cell as f32
    }

    /// The cell size the world was made with.
    pub fn cell_size_d(&self) -> f64 {
        self.cell
    }

    /// The precision whose rounding the world reads as touching.
    pub fn precision(&self) -> Precision {
        self.precision
    }

    /// The band between two rects in this world.
    #[inline]
    pub(crate) fn band(&self, a: &RectD, b: &RectD) -> Band {
        Band::of(self.precision, a, b)
    }

    /// How much two items' f32 bounds must overlap by on every side for the items to overlap
    /// by more than their band: the band at the world's extent, plus the outward rounding of
    /// both bounds (edges reach twice the extent), rounded up to an f32.
    fn thin(&self) -> f32 {
        let m = self.extent;
        let t = self.precision.band(m) + 4.0 * Precision::Single.band(2.0 * m);
        let f = t as f32;
        if (f as f64) < t {
            f32::from_bits(f.to_bits() + 1)
        } else {
            f
        }
    }

    /// A bound on the band of `r` with any item, with room for rounding (see `query/band.rs`).
    pub(crate) fn clear_of(&self, r: &RectD) -> f64 {
        band::clear_of(self.precision, self.extent.max(r.magnitude()))
    }

    /// Widens the extent to cover `rect`, entering home `h`, and every rect that may follow it
    /// there while [`home_is_cell`] says it is in its cell: the extent is then kept where items
    /// change home, not at every update. Such a rect's edges lie within the cell's column and row
    /// and the next ones (up to rounding of `v / cell`), so its coordinates and sizes are below
    /// `|cx| + 3` and `|r| + 3` cells.
    fn reach_out(&mut self, h: Home, rect: &RectD) {
        let m = match h {
            Home::Cell { r, cx } if r.unsigned_abs() < FAR && cx.unsigned_abs() < FAR => {
                let cells = r.unsigned_abs().max(cx.unsigned_abs()) as f64 + 3.0;
                cells * self.cell * (1.0 + 1.0 / (1u64 << 40) as f64)
            }
            _ => rect.magnitude(),
        };
        if m > self.extent {
            self.extent = m;
        }
    }

    /// The number of live items.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Adds an item and returns its handle (never 0).
    pub fn add(&mut self, rect: Rect, user: u64) -> Result<u64, WorldError> {
        self.add_d(rect.into(), user)
    }

    /// Adds an item with a double-precision rect (kept as given) and returns its handle.
    pub fn add_d(&mut self, rect: RectD, user: u64) -> Result<u64, WorldError> {
        if !rect.finite() {
            return Err(WorldError::Invalid);
        }
        let slot = match self.free.pop() {
            Some(s) => s,
            None => self.new_slot()?,
        };
        let s = slot as usize;
        self.live[s] = true;
        self.users[s] = user;
        self.cats[s] = DEFAULT_CATEGORY;
        self.one_way[s] = None;
        self.place(slot, rect);
        self.count += 1;
        self.changes += 1;
        self.handles[s] = handle::encode(self.tag, slot, self.gens[s]);
        self.sensing.mark(s);
        Ok(self.handles[s])
    }

    /// Moves or resizes an item.
    pub fn update(&mut self, id: u64, rect: Rect) -> Result<(), WorldError> {
        self.update_d(id, rect.into())
    }

    /// Moves or resizes an item to a double-precision rect (kept as given).
    pub fn update_d(&mut self, id: u64, rect: RectD) -> Result<(), WorldError> {
        let slot = self.slot(id)?;
        if !rect.finite() {
            return Err(WorldError::Invalid);
        }
        let s = slot as usize;
        let rect = if self.shaped > 0 {
            self.reshaped(s, rect)?
        } else {
            rect
        };
        let (b, exact) = rect.bounds();
        match self.homes[s] {
            // Most updates: the item stays in its cell.
            Home::Cell { r, cx } if home_is_cell(&b, r, cx, self.inv) => {
                self.tiles.set(slot, &b, exact, cx, cx)
            }
            old => self.rehome(slot, old, b, exact, &rect),
        }
        self.rects[s] = rect;
        self.changes += 1;
        self.sensing.mark(s);
        Ok(())
    }

    /// [`World::update_d`]'s rect for slot `s` where the world has shaped items: a polygon
    /// item's shape moved with it, and its cover (the rect itself for other items). Kept out of
    /// line: it builds a polygon, which the common update never needs.
    #[inline(never)]
    fn reshaped(&mut self, s: usize, rect: RectD) -> Result<RectD, WorldError> {
        match self.reshape(s, rect) {
            Some((r, c)) if r.finite() => {
                self.keep_shape(s, c);
                Ok(r)
            }
            Some(_) => Err(WorldError::Invalid),
            None => Ok(rect),
        }
    }

    /// [`World::update_d`] of an item that leaves its cell (or is huge): its place in the
    /// broad phase found again from bounds `b`. Kept out of line, as the rarer case.
    #[inline(never)]
    fn rehome(&mut self, slot: u32, old: Home, b: Aabb, exact: bool, rect: &RectD) {
        let h = home(&b, self.inv);
        match (h, old) {
            (Home::Cell { cx, .. }, Home::Cell { cx: was, .. }) if h.same_tile(old) => {
                self.tiles.set(slot, &b, exact, cx, was)
            }
            _ => {
                self.tiles.unplace(slot);
                self.tiles.place(slot, b, exact, h);
            }
        }
        self.homes[slot as usize] = h;
        self.reach_out(h, rect);
    }

    /// Removes an item; its handle becomes stale. An item of a tile layer is refused with
    /// [`WorldError::Invalid`] (it stays): set its tiles empty with [`World::set_tile`], or
    /// remove the layer.
    pub fn remove(&mut self, id: u64) -> Result<(), WorldError> {
        let slot = self.slot(id)?;
        if self.layers.owns(slot) {
            return Err(WorldError::Invalid);
        }
        self.unlink(slot);
        Ok(())
    }

    /// Removes the item in live slot `slot`.
    fn unlink(&mut self, slot: u32) {
        let s = slot as usize;
        self.forget(s);
        self.tiles.unplace(slot);
        if self.shapes[s].take().is_some() {
            self.shaped -= 1;
        }
        self.live[s] = false;
        self.count -= 1;
        // A slot whose 2^32 generations are spent is retired.
        if let Some(gen) = handle::next_gen(self.tag, self.gens[s]) {
            self.gens[s] = gen;
            self.free.push(slot);
        }
        self.changes += 1;
    }

    /// The item's rect (as last given, rounded to f32) and user value.
    pub fn get(&self, id: u64) -> Result<(Rect, u64), WorldError> {
        self.get_d(id).map(|(r, u)| (r.to_f32(), u))
    }

    /// The item's rect as last given and its user value.
    pub fn get_d(&self, id: u64) -> Result<(RectD, u64), WorldError> {
        let s = self.slot(id)? as usize;
        Ok((self.rects[s], self.users[s]))
    }

    /// Sets an item's category bits and the mask of categories it interacts with (Box2D's
    /// rule): items `a` and `b` interact when `a.category & b.mask` and `b.category & a.mask`
    /// are both non-zero. Items start with category 1 and every mask bit set.
    pub fn set_category(&mut self, id: u64, category: u64, mask: u64) -> Result<(), WorldError> {
        let s = self.slot(id)? as usize;
        self.cats[s] = [category, mask];
        if [category, mask] != DEFAULT_CATEGORY {
            self.sorted_out = true;
        }
        self.changes += 1;
        self.sensing.mark(s);
        Ok(())
    }

    /// An item's `(category, mask)`.
    pub fn category(&self, id: u64) -> Result<(u64, u64), WorldError> {
        let [c, m] = self.cats[self.slot(id)? as usize];
        Ok((c, m))
    }

    /// Whether two slots' items interact (by category and mask).
    #[inline]
    fn interact(&self, a: usize, b: usize) -> bool {
        let ([ca, ma], [cb, mb]) = (self.cats[a], self.cats[b]);
        (ca & mb) != 0 && (cb & ma) != 0
    }

    /// Whether `id` names a live item of this world.
    pub fn contains(&self, id: u64) -> bool {
        self.slot(id).is_ok()
    }

    fn slot(&self, id: u64) -> Result<u32, WorldError> {
        let s = handle::slot_of(id);
        if s < self.gens.len() && self.live[s] && self.handles[s] == id {
            Ok(s as u32)
        } else {
            Err(WorldError::Stale)
        }
    }

    fn handle_of(&self, slot: u32) -> u64 {
        self.handles[slot as usize]
    }

    /// A new slot, free, generation 0, not in the free list.
    fn new_slot(&mut self) -> Result<u32, WorldError> {
        if self.gens.len() >= handle::SLOT_LIMIT {
            return Err(WorldError::Full);
        }
        self.gens.push(0);
        self.handles.push(0);
        self.live.push(false);
        self.rects.push(RectD::default());
        self.users.push(0);
        self.cats.push(DEFAULT_CATEGORY);
        self.one_way.push(None);
        self.shapes.push(None);
        self.homes.push(Home::Huge);
        let n = self.gens.len();
        self.tiles.grow(n);
        self.sensing.grow(n);
        Ok((n - 1) as u32)
    }

    /// Stores the rect of a live slot and enters it in the broad phase.
    fn place(&mut self, slot: u32, rect: RectD) {
        let s = slot as usize;
        let (b, exact) = rect.bounds();
        let h = home(&b, self.inv);
        self.rects[s] = rect;
        self.reach_out(h, &rect);
        self.homes[s] = h;
        self.tiles.place(slot, b, exact, h);
    }

    /// Runs `f` with the world's scratch buffers, or with fresh ones (allocating) if another
    /// thread is using them.
    fn with_scratch<R>(&self, f: impl FnOnce(&mut Scratch) -> R) -> R {
        match self.scratch.try_lock() {
            Some(mut s) => f(&mut s),
            None => f(&mut Scratch::default()),
        }
    }
}

/// Copies `items` into `out` (at most its length) and returns how many there were.
fn fill<T: Copy>(out: &mut [T], items: impl Iterator<Item = T>) -> usize {
    let mut n = 0;
    for v in items {
        if let Some(o) = out.get_mut(n) {
            *o = v;
        }
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game despawning bullets every frame reuses the same slots for ever: past the 1,024
    /// reuses that once retired a slot, and up to its 2^32-th, where it is retired at last.
    #[test]
    fn a_slot_is_reused_past_1024_removals_and_retired_after_2_to_the_32() {
        let mut w = World::new(64.0).unwrap();
        let r = Rect::new(0.0, 0.0, 8.0, 8.0);
        let first = w.add(r, 0).unwrap();
        w.gens[0] = 1020;
        let mut old = alloc::vec![first];
        for _ in 0..10 {
            let id = w.handle_of(0);
            w.remove(id).unwrap();
            let id = w.add(r, 0).unwrap();
            assert_eq!(w.gens.len(), 1, "the slot is reused");
            assert!(!old.contains(&id), "a handle never repeats");
            old.push(id);
        }
        assert!(w.gens[0] > 1024);
        for &stale in &old[..old.len() - 1] {
            assert!(!w.contains(stale));
            assert_eq!(w.remove(stale), Err(WorldError::Stale));
        }
        // The last generation: the slot is retired, the next item takes a new one.
        w.gens[0] = u32::MAX;
        let id = w.handle_of(0);
        w.remove(id).unwrap();
        let next = w.add(r, 0).unwrap();
        assert_eq!(w.gens.len(), 2);
        assert!(!w.contains(id) && w.contains(next));
    }

    /// The extent is widened only where an item changes home: it must still bound every
    /// coordinate and size of every item that moved within its cell since, near the origin,
    /// far out and past the cells that are never kept.
    #[test]
    fn the_extent_bounds_every_item_that_stayed_in_its_cell() {
        let mut lcg = crate::testing::Lcg(7);
        let mut rnd = || lcg.unit();
        let steps = if cfg!(miri) { 50 } else { 5000 };
        for (cell, far) in [(16.0, 100.0), (0.5, 3e7), (1.0, 1e12), (64.0, -2e9)] {
            let mut w = World::new_d(cell).unwrap();
            let mut r = RectD::new(far, -far, cell * 0.3, cell * 0.2);
            let id = w.add_d(r, 0).unwrap();
            for _ in 0..steps {
                // Small steps and size changes, mostly within the cell.
                r.x += (rnd() - 0.5) * cell * 0.2;
                r.y += (rnd() - 0.5) * cell * 0.2;
                r.w = rnd() * cell * 0.9;
                r.h = rnd() * cell * 0.9;
                w.update_d(id, r).unwrap();
                let m = [r.x, r.y, r.w, r.h]
                    .iter()
                    .fold(0.0f64, |m, v| m.max(v.abs()));
                assert!(w.extent >= m, "{r:?} beyond {}", w.extent);
            }
        }
    }
}
