//! Tile layers: a grid of tile codes kept in the world as merged items.
//!
//! A tile game's map is a grid of codes, one per tile, row by row. A layer turns it into items:
//! tiles of the same code side by side become one item (a run), so a floor of a thousand tiles
//! is a few items, not a thousand, and a player walking along it meets no seams at all. Each
//! code holds a kind (its low 8 bits: [`TILE_EMPTY`], [`TILE_SOLID`], the one-way kinds, the
//! slope kinds) and a tag for the game (the bits above: `code = kind | tag << 8`); an item's
//! user value is its tag, and [`World::tile_of`] maps an item back to its tiles.
//!
//! Tile `(col, row)` spans `x + col·w .. x + (col+1)·w` and `y + row·h .. y + (row+1)·h` (each
//! edge computed in double precision; exact when the origin and sizes are, as on the grid
//! domain), where `(x, y)` is the layer's origin and `(w, h)` its tile size. Rows run along
//! `+y`, so on a y-down screen row 0 is the top row.
//!
//! Merging. The layer is cut into blocks of tiles that fit in one broad-phase cell (at most 16
//! tiles on a side): an item longer than a cell would be one of the world's huge items, which
//! every query and move visits. Within a block, the merge is greedy: runs of one code along a
//! row, then identical runs in consecutive rows joined into one rect.
//!
//! * Solid tiles merge both ways.
//! * One-way tiles keep one face per item, at one height: those whose face is across `y` (the
//!   jump-through platforms) merge along their row only, those whose face is across `x` along
//!   their column only. A stack of one-way platforms therefore holds a mover on each of them,
//!   as one item per tile would.
//! * Slopes stay one item per tile.
//!
//! The items' point set is exactly the tiles': a point strictly inside a non-empty tile is
//! inside an item of that tile's code, and no item reaches outside its tiles; moves meet a
//! merged run as they meet the tiles one by one, but for the seams inside it, which no longer
//! exist.
//!
//! Editing a tile merges its block again and replaces only the items that changed (so the
//! cost does not grow with the layer), and leaves the layer's items as a fresh merge of the
//! whole grid would make them. Items of a layer are the layer's: [`World::remove`] refuses
//! them (set their tiles empty, or remove the layer); an item's rect, one-way face, shape or
//! category changed by hand stays so until an edit of its tiles replaces the item.

use super::handle;
use super::{World, WorldError, DEFAULT_CATEGORY};
use crate::query::band::Precision;
use crate::shape::{RectD, Vec2D};
use alloc::vec::Vec;

/// No item: the tile is air.
pub const TILE_EMPTY: u32 = 0;
/// Solid all round.
pub const TILE_SOLID: u32 = 1;
/// One-way, its solid face on the low-`y` side (outward normal `(0, -1)`): on a y-down screen,
/// a platform the player jumps up through and lands on.
pub const TILE_ONE_WAY_YNEG: u32 = 2;
/// One-way, its solid face on the high-`y` side (outward normal `(0, 1)`).
pub const TILE_ONE_WAY_YPOS: u32 = 3;
/// One-way, its solid face on the low-`x` side (outward normal `(-1, 0)`).
pub const TILE_ONE_WAY_XNEG: u32 = 4;
/// One-way, its solid face on the high-`x` side (outward normal `(1, 0)`).
pub const TILE_ONE_WAY_XPOS: u32 = 5;
/// A slope: the right triangle of the tile with its right angle at the low-`x`, low-`y` corner
/// (as [`World::set_slope`] with `SLOPE_X0Y0`).
pub const TILE_SLOPE_X0Y0: u32 = 6;
/// A slope with its right angle at the high-`x`, low-`y` corner.
pub const TILE_SLOPE_X1Y0: u32 = 7;
/// A slope with its right angle at the low-`x`, high-`y` corner (on a y-down screen, a floor
/// ramp rising to the left, `\`).
pub const TILE_SLOPE_X0Y1: u32 = 8;
/// A slope with its right angle at the high-`x`, high-`y` corner (on a y-down screen, a floor
/// ramp rising to the right, `/`).
pub const TILE_SLOPE_X1Y1: u32 = 9;
/// The bits of a code that hold its kind; the tag is `code >> TILE_TAG_SHIFT`.
pub const TILE_KIND_MASK: u32 = 0xff;
/// Where a code's tag starts.
pub const TILE_TAG_SHIFT: u32 = 8;
/// The most tiles one layer holds (2^26).
pub const TILE_LAYER_MAX: usize = 1 << 26;

/// The most tiles on a side of a block (see the module's notes).
const BLOCK_MAX: u32 = 16;
/// A tile must be this many times the world's band at the layer's farthest coordinate: wide
/// enough that its edges are not lost in rounding, nor read as touching each other.
const TILE_MIN_BANDS: f64 = 16.0;
/// An empty tile of [`Layer::at`].
const NONE: u32 = u32::MAX;

/// A rect of tiles of one code: a layer's item (`c2d_tile_run`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TileRun {
    /// The layer (0 for an item of no layer).
    pub layer: u32,
    /// The code of every tile of the run.
    pub code: u32,
    /// Its first column.
    pub col: i32,
    /// Its first row.
    pub row: i32,
    /// How many columns it spans.
    pub cols: i32,
    /// How many rows it spans.
    pub rows: i32,
}

/// A run inside a layer, in tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub row: u32,
    pub col: u32,
    pub rows: u32,
    pub cols: u32,
    pub code: u32,
}

/// A run and the item made of it (0 for a free entry).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Piece {
    pub run: Run,
    pub item: u64,
}

/// One layer: its grid, its runs and which run covers each tile.
#[derive(Clone, Debug)]
pub(crate) struct Layer {
    pub cols: u32,
    pub rows: u32,
    pub origin: Vec2D,
    pub tile: Vec2D,
    /// Tiles per block on x and y.
    pub block: [u32; 2],
    /// The category and mask of every item of the layer.
    pub cats: [u64; 2],
    /// Per tile, row by row.
    pub codes: Vec<u32>,
    /// Per tile: the piece covering it, or [`NONE`].
    pub at: Vec<u32>,
    pub pieces: Vec<Piece>,
    free: Vec<u32>,
}

/// The layers of a world.
#[derive(Clone, Debug, Default)]
pub(crate) struct Layers {
    /// The live layers by ascending id (`None` only while one is being changed).
    pub list: Vec<(u32, Option<Layer>)>,
    /// How many layer ids were issued (ids are never reused).
    pub issued: u32,
    /// Per world slot: `layer id << 32 | piece`, or 0 for an item of no layer.
    owner: Vec<u64>,
}

impl Layers {
    /// Whether the item in `slot` belongs to a layer.
    pub fn owns(&self, slot: u32) -> bool {
        self.owner.get(slot as usize).is_some_and(|&o| o != 0)
    }

    /// How many layers are live.
    pub fn live(&self) -> usize {
        self.list.len()
    }

    /// Where layer `id` is in the list, if live.
    fn index(&self, id: u32) -> Result<usize, WorldError> {
        self.list
            .binary_search_by_key(&id, |e| e.0)
            .map_err(|_| WorldError::Stale)
    }

    /// `(layer id, piece)` of the item in `slot`.
    fn owner_of(&self, slot: u32) -> Option<(u32, u32)> {
        match self.owner.get(slot as usize) {
            Some(&o) if o != 0 => Some(((o >> 32) as u32, o as u32)),
            _ => None,
        }
    }

    fn set_owner(&mut self, slot: u32, value: Option<(u32, u32)>) {
        let s = slot as usize;
        if s >= self.owner.len() {
            if value.is_none() {
                return;
            }
            self.owner.resize(s + 1, 0);
        }
        self.owner[s] = value.map_or(0, |(l, p)| ((l as u64) << 32) | p as u64);
    }
}

/// Whether `code` has a kind this library knows.
pub(crate) fn valid_code(code: u32) -> bool {
    code & TILE_KIND_MASK <= TILE_SLOPE_X1Y1
}

/// Whether runs of `code`'s kind merge along a row, and along a column.
fn merges(code: u32) -> (bool, bool) {
    match code & TILE_KIND_MASK {
        TILE_SOLID => (true, true),
        TILE_ONE_WAY_YNEG | TILE_ONE_WAY_YPOS => (true, false),
        TILE_ONE_WAY_XNEG | TILE_ONE_WAY_XPOS => (false, true),
        _ => (false, false),
    }
}

/// Whether a grid of `cols × rows` tiles of size `tile` at `origin` is one a world of
/// `precision` can hold: finite, every tile [`TILE_MIN_BANDS`] bands wide or more (the band
/// of the layer's farthest coordinates and sizes).
pub(crate) fn valid_grid(
    origin: Vec2D,
    tile: Vec2D,
    cols: u32,
    rows: u32,
    precision: Precision,
) -> bool {
    let axis = |o: f64, t: f64, n: u32| {
        let far = o + n as f64 * t;
        o.is_finite() && t.is_finite() && t > 0.0 && far.is_finite() && {
            let m = 2.0 * o.abs().max(far.abs());
            m.is_finite() && t >= TILE_MIN_BANDS * precision.band(m)
        }
    };
    cols > 0
        && rows > 0
        && (cols as usize).saturating_mul(rows as usize) <= TILE_LAYER_MAX
        && axis(origin.x, tile.x, cols)
        && axis(origin.y, tile.y, rows)
}

/// Tiles per block on an axis: as many as fit in a cell, 1 to [`BLOCK_MAX`]. An item wider
/// than a cell would be one of the world's huge items, which every query and move visits.
// measured: `cargo bench --bench tiles`, 1000 x 1000 map, cell 64: blocks of a cell (4 x 4
// tiles) 39,309 items, 0.85 µs per move, 0.62 µs per set_tile; blocks of 64 x 64 tiles whatever
// the cell 7,946 items, 25 µs per move, 26 µs per set_tile (one item per tile: 2.1 µs a move).
pub(crate) fn block_side(cell: f64, tile: f64) -> u32 {
    // `as` truncates: the floor of a positive ratio (NaN and below 1 give 0).
    let mut k = ((cell / tile).min(BLOCK_MAX as f64) as u32).max(1);
    while k > 1 && k as f64 * tile > cell {
        k -= 1;
    }
    k
}

/// The runs of the block of `codes` (a grid `cols` wide) spanning columns `c0..c1` and rows
/// `r0..r1`, appended to `out` in order of their first row, then column.
pub(crate) fn merge_block(
    codes: &[u32],
    cols: u32,
    (c0, c1): (u32, u32),
    (r0, r1): (u32, u32),
    out: &mut Vec<Run>,
) {
    let width = (c1 - c0) as usize;
    // Per column of the block: the run that started there and reached the row before.
    let mut prev = [NONE; BLOCK_MAX as usize];
    let mut cur = [NONE; BLOCK_MAX as usize];
    for r in r0..r1 {
        cur[..width].fill(NONE);
        let line = &codes[(r as usize * cols as usize)..][..cols as usize];
        let mut c = c0;
        while c < c1 {
            let code = line[c as usize];
            if code & TILE_KIND_MASK == TILE_EMPTY {
                c += 1;
                continue;
            }
            let (along, down) = merges(code);
            let mut end = c + 1;
            if along {
                while end < c1 && line[end as usize] == code {
                    end += 1;
                }
            }
            let k = (c - c0) as usize;
            let above = prev[k];
            if down && above != NONE {
                let run = &mut out[above as usize];
                if run.cols == end - c && run.code == code {
                    run.rows += 1;
                    cur[k] = above;
                    c = end;
                    continue;
                }
            }
            out.push(Run {
                row: r,
                col: c,
                rows: 1,
                cols: end - c,
                code,
            });
            if down {
                cur[k] = (out.len() - 1) as u32;
            }
            c = end;
        }
        core::mem::swap(&mut prev, &mut cur);
    }
}

/// Every run of a grid, block by block (each block's in order of first row, then column).
pub(crate) fn merge_all(codes: &[u32], cols: u32, rows: u32, block: [u32; 2]) -> Vec<Run> {
    let mut out = Vec::new();
    for br in (0..rows).step_by(block[1] as usize) {
        for bc in (0..cols).step_by(block[0] as usize) {
            let xs = (bc, (bc + block[0]).min(cols));
            let ys = (br, (br + block[1]).min(rows));
            merge_block(codes, cols, xs, ys, &mut out);
        }
    }
    out
}

impl Layer {
    /// A layer of `codes` (`cols` to a row), with no pieces yet.
    fn new(
        codes: Vec<u32>,
        cols: u32,
        rows: u32,
        origin: Vec2D,
        tile: Vec2D,
        cell: f64,
        cats: [u64; 2],
    ) -> Layer {
        let n = codes.len();
        Layer {
            cols,
            rows,
            origin,
            tile,
            block: [block_side(cell, tile.x), block_side(cell, tile.y)],
            cats,
            codes,
            at: alloc::vec![NONE; n],
            pieces: Vec::new(),
            free: Vec::new(),
        }
    }

    /// The rect of a run: its edges at `origin + index · tile`.
    pub fn rect(&self, run: &Run) -> RectD {
        let (x0, x1) = (
            self.origin.x + run.col as f64 * self.tile.x,
            self.origin.x + (run.col + run.cols) as f64 * self.tile.x,
        );
        let (y0, y1) = (
            self.origin.y + run.row as f64 * self.tile.y,
            self.origin.y + (run.row + run.rows) as f64 * self.tile.y,
        );
        RectD::new(x0, y0, x1 - x0, y1 - y0)
    }

    /// Stores a piece and marks its tiles; answers its index.
    fn put(&mut self, run: Run, item: u64) -> u32 {
        let p = match self.free.pop() {
            Some(p) => {
                self.pieces[p as usize] = Piece { run, item };
                p
            }
            None => {
                self.pieces.push(Piece { run, item });
                (self.pieces.len() - 1) as u32
            }
        };
        self.mark(&run, p);
        p
    }

    /// Sets the tiles of `run` to piece `p`.
    fn mark(&mut self, run: &Run, p: u32) {
        for r in run.row..run.row + run.rows {
            let at = r as usize * self.cols as usize + run.col as usize;
            self.at[at..at + run.cols as usize].fill(p);
        }
    }

    /// Frees piece `p` and clears its tiles.
    fn drop_piece(&mut self, p: u32) {
        let run = self.pieces[p as usize].run;
        self.mark(&run, NONE);
        self.pieces[p as usize].item = 0;
        self.free.push(p);
    }

    /// The live pieces.
    fn live(&self) -> impl Iterator<Item = &Piece> {
        self.pieces.iter().filter(|p| p.item != 0)
    }

    /// How many pieces are live.
    pub fn live_count(&self) -> usize {
        self.pieces.len() - self.free.len()
    }

    /// The live pieces' indices in order of their first tile (row by row).
    pub fn ordered(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for (t, &p) in self.at.iter().enumerate() {
            if p == NONE {
                continue;
            }
            let run = &self.pieces[p as usize].run;
            let first = run.row as usize * self.cols as usize + run.col as usize;
            if first == t {
                out.push(p);
            }
        }
        out
    }
}

/// How many items the world can still add, counting the slots of `freed` items (which return
/// to the free list unless their generations are spent).
fn room(w: &World, freed: impl Iterator<Item = u64>) -> usize {
    let back = freed
        .filter(|&id| {
            let s = handle::slot_of(id);
            handle::next_gen(w.tag, w.gens[s]).is_some()
        })
        .count();
    w.free.len() + (handle::SLOT_LIMIT - w.gens.len()) + back
}

impl World {
    /// Adds a tile layer and answers its id (never 0). `codes` holds `rows` rows of `cols`
    /// codes each, row `r` starting at `codes[r * stride]`; tile `(col, row)` spans
    /// `origin + (col, row) · tile .. origin + (col + 1, row + 1) · tile`. Each code is a kind
    /// (`code & TILE_KIND_MASK`: [`TILE_EMPTY`], [`TILE_SOLID`], `TILE_ONE_WAY_*`,
    /// `TILE_SLOPE_*`) and a tag (`code >> TILE_TAG_SHIFT`), the user value of the tile's item.
    ///
    /// [`WorldError::Invalid`] for no rows or columns, a stride below `cols`, fewer codes than
    /// the grid needs, more than [`TILE_LAYER_MAX`] tiles, an unknown kind, an origin or tile
    /// size that is not finite, or a tile size not above 16 times the world's band at twice the
    /// layer's farthest coordinate (16 units in the last place in the world's precision; in a
    /// double world at least 1.6e-9); [`WorldError::Full`] when the items would not fit in the
    /// world. Nothing changes on an error.
    pub fn add_tiles(
        &mut self,
        codes: &[u32],
        cols: usize,
        rows: usize,
        stride: usize,
        origin: Vec2D,
        tile: Vec2D,
    ) -> Result<u32, WorldError> {
        let (Ok(c), Ok(r)) = (u32::try_from(cols), u32::try_from(rows)) else {
            return Err(WorldError::Invalid);
        };
        if stride < cols || !valid_grid(origin, tile, c, r, self.precision) {
            return Err(WorldError::Invalid);
        }
        let need = (rows - 1)
            .checked_mul(stride)
            .and_then(|n| n.checked_add(cols));
        if need.is_none_or(|n| n > codes.len()) {
            return Err(WorldError::Invalid);
        }
        let mut grid = Vec::with_capacity(cols * rows);
        for row in codes.chunks(stride).take(rows) {
            grid.extend_from_slice(&row[..cols]);
        }
        if !grid.iter().all(|&code| valid_code(code)) {
            return Err(WorldError::Invalid);
        }
        let Some(id) = self.layers.issued.checked_add(1) else {
            return Err(WorldError::Full);
        };
        let layer = Layer::new(grid, c, r, origin, tile, self.cell, DEFAULT_CATEGORY);
        let runs = merge_all(&layer.codes, c, r, layer.block);
        if runs.len() > room(self, core::iter::empty()) {
            return Err(WorldError::Full);
        }
        let mut layer = layer;
        for run in runs {
            if let Err(e) = self.add_run(id, &mut layer, run) {
                // Not reached (the room was counted), but leave nothing behind.
                for p in 0..layer.pieces.len() as u32 {
                    self.remove_piece(&mut layer, p);
                }
                return Err(e);
            }
        }
        // Ids ascend: the new layer goes last.
        self.layers.list.push((id, Some(layer)));
        self.layers.issued = id;
        Ok(id)
    }

    /// Adds the item of `run` to the world and to `layer`, whose id is `lid`.
    fn add_run(&mut self, lid: u32, layer: &mut Layer, run: Run) -> Result<(), WorldError> {
        let rect = layer.rect(&run);
        let id = self.add_d(rect, (run.code >> TILE_TAG_SHIFT) as u64)?;
        let s = self.slot(id)?;
        let normal = match run.code & TILE_KIND_MASK {
            TILE_ONE_WAY_YNEG => Vec2D::new(0.0, -1.0),
            TILE_ONE_WAY_YPOS => Vec2D::new(0.0, 1.0),
            TILE_ONE_WAY_XNEG => Vec2D::new(-1.0, 0.0),
            TILE_ONE_WAY_XPOS => Vec2D::new(1.0, 0.0),
            _ => Vec2D::default(),
        };
        if normal != Vec2D::default() {
            self.set_one_way(id, normal)?;
        }
        if let k @ TILE_SLOPE_X0Y0..=TILE_SLOPE_X1Y1 = run.code & TILE_KIND_MASK {
            // A tile is wider than the band (see `valid_grid`): never degenerate.
            self.set_slope(id, k - TILE_SLOPE_X0Y0)
                .map_err(|_| WorldError::Invalid)?;
        }
        if layer.cats != DEFAULT_CATEGORY {
            self.set_category(id, layer.cats[0], layer.cats[1])?;
        }
        let p = layer.put(run, id);
        self.layers.set_owner(s, Some((lid, p)));
        Ok(())
    }

    /// Removes piece `p`'s item from the world and `layer`.
    fn remove_piece(&mut self, layer: &mut Layer, p: u32) {
        let id = layer.pieces[p as usize].item;
        if let Ok(s) = self.slot(id) {
            self.layers.set_owner(s, None);
            self.unlink(s);
        }
        layer.drop_piece(p);
    }

    /// Sets the code of tile `(col, row)` of layer `layer` and merges its block again (see the
    /// module's notes): the items of the block that differ from a fresh merge are replaced,
    /// the others kept with their handles. The same code again changes nothing.
    ///
    /// [`WorldError::Stale`] for a layer that is not live, [`WorldError::Invalid`] for a tile
    /// outside the grid or an unknown kind, [`WorldError::Full`] when the new items would not
    /// fit in the world. Nothing changes on an error.
    pub fn set_tile(
        &mut self,
        layer: u32,
        col: usize,
        row: usize,
        code: u32,
    ) -> Result<(), WorldError> {
        let li = self.layers.index(layer)?;
        let Some(mut l) = self.layers.list[li].1.take() else {
            return Err(WorldError::Stale);
        };
        let r = self.edit(layer, &mut l, col, row, code);
        self.layers.list[li].1 = Some(l);
        r
    }

    fn edit(
        &mut self,
        lid: u32,
        l: &mut Layer,
        col: usize,
        row: usize,
        code: u32,
    ) -> Result<(), WorldError> {
        if col >= l.cols as usize || row >= l.rows as usize || !valid_code(code) {
            return Err(WorldError::Invalid);
        }
        let t = row * l.cols as usize + col;
        let was = l.codes[t];
        if was == code {
            return Ok(());
        }
        let (c0, r0) = (
            col as u32 / l.block[0] * l.block[0],
            row as u32 / l.block[1] * l.block[1],
        );
        let xs = (c0, (c0 + l.block[0]).min(l.cols));
        let ys = (r0, (r0 + l.block[1]).min(l.rows));
        l.codes[t] = code;
        let mut fresh = Vec::new();
        merge_block(&l.codes, l.cols, xs, ys, &mut fresh);
        // The block's pieces now, in the fresh merge's order.
        let mut old: Vec<u32> = Vec::new();
        for r in ys.0..ys.1 {
            for c in xs.0..xs.1 {
                let p = l.at[r as usize * l.cols as usize + c as usize];
                if p != NONE
                    && l.pieces[p as usize].run.row == r
                    && l.pieces[p as usize].run.col == c
                {
                    old.push(p);
                }
            }
        }
        // Both lists are in order of first row, then column: keep what matches.
        let key = |r: &Run| (r.row, r.col);
        let (mut gone, mut new) = (Vec::new(), Vec::new());
        let (mut i, mut j) = (0, 0);
        while i < old.len() || j < fresh.len() {
            let o = old.get(i).map(|&p| l.pieces[p as usize].run);
            match (o, fresh.get(j)) {
                (Some(a), Some(b)) if a == *b => (i, j) = (i + 1, j + 1),
                (Some(a), Some(b)) if key(&a) <= key(b) => {
                    gone.push(old[i]);
                    i += 1;
                }
                (Some(_), None) => {
                    gone.push(old[i]);
                    i += 1;
                }
                (_, Some(b)) => {
                    new.push(*b);
                    j += 1;
                }
                (None, None) => break,
            }
        }
        let freed = gone.iter().map(|&p| l.pieces[p as usize].item);
        if new.len() > room(self, freed) {
            l.codes[t] = was;
            return Err(WorldError::Full);
        }
        for p in gone {
            self.remove_piece(l, p);
        }
        for run in new {
            self.add_run(lid, l, run)?;
        }
        Ok(())
    }

    /// The code of tile `(col, row)` of layer `layer`. [`WorldError::Stale`] for a layer that
    /// is not live, [`WorldError::Invalid`] for a tile outside the grid.
    pub fn tile(&self, layer: u32, col: usize, row: usize) -> Result<u32, WorldError> {
        let l = self.layer(layer)?;
        if col >= l.cols as usize || row >= l.rows as usize {
            return Err(WorldError::Invalid);
        }
        Ok(l.codes[row * l.cols as usize + col])
    }

    /// The layer and tiles of item `id`: `Ok(None)` for an item of no layer,
    /// [`WorldError::Stale`] for a dead handle.
    pub fn tile_of(&self, id: u64) -> Result<Option<TileRun>, WorldError> {
        let s = self.slot(id)?;
        let Some((lid, p)) = self.layers.owner_of(s) else {
            return Ok(None);
        };
        let Ok(l) = self.layer(lid) else {
            return Ok(None);
        };
        let run = l.pieces[p as usize].run;
        Ok(Some(TileRun {
            layer: lid,
            code: run.code,
            col: run.col as i32,
            row: run.row as i32,
            cols: run.cols as i32,
            rows: run.rows as i32,
        }))
    }

    /// Removes layer `layer` and every item of it; its id becomes stale.
    pub fn remove_tiles(&mut self, layer: u32) -> Result<(), WorldError> {
        let li = self.layers.index(layer)?;
        let Some(mut l) = self.layers.list.remove(li).1 else {
            return Err(WorldError::Stale);
        };
        for p in 0..l.pieces.len() as u32 {
            if l.pieces[p as usize].item != 0 {
                self.remove_piece(&mut l, p);
            }
        }
        Ok(())
    }

    /// Sets the category and mask of every item of layer `layer`, now and after edits (see
    /// [`World::set_category`]). [`WorldError::Stale`] for a layer that is not live.
    pub fn set_tiles_category(
        &mut self,
        layer: u32,
        category: u64,
        mask: u64,
    ) -> Result<(), WorldError> {
        let li = self.layers.index(layer)?;
        let Some(mut l) = self.layers.list[li].1.take() else {
            return Err(WorldError::Stale);
        };
        l.cats = [category, mask];
        let mut r = Ok(());
        for p in l.live() {
            r = r.and(self.set_category(p.item, category, mask));
        }
        self.layers.list[li].1 = Some(l);
        r
    }

    /// The size of layer `layer` in tiles, its origin and its tile size.
    pub fn tiles_grid(&self, layer: u32) -> Result<(usize, usize, Vec2D, Vec2D), WorldError> {
        let l = self.layer(layer)?;
        Ok((l.cols as usize, l.rows as usize, l.origin, l.tile))
    }

    /// The number of live layers.
    pub fn tile_layers(&self) -> usize {
        self.layers.live()
    }

    /// Whether a grid of `cols × rows` tiles of size `tile` at `origin` is one
    /// [`World::add_tiles`] takes (its codes aside).
    pub(crate) fn tile_grid_fits(&self, cols: u32, rows: u32, origin: Vec2D, tile: Vec2D) -> bool {
        valid_grid(origin, tile, cols, rows, self.precision)
    }

    fn layer(&self, id: u32) -> Result<&Layer, WorldError> {
        let li = self.layers.index(id)?;
        self.layers.list[li].1.as_ref().ok_or(WorldError::Stale)
    }

    /// Rebuilds layer `id` of a restored world from its state (layers by ascending id, after
    /// `issued` is set): its grid, category, and the
    /// slots of its items in order of their first tile. `None` unless the grid is one
    /// [`World::add_tiles`] takes and the items are live, distinct and of no other layer.
    pub(crate) fn load_layer(
        &mut self,
        id: u32,
        grid: (u32, u32, Vec2D, Vec2D),
        cats: [u64; 2],
        codes: Vec<u32>,
        slots: &[u32],
    ) -> Option<()> {
        let (cols, rows, origin, tile) = grid;
        if !valid_grid(origin, tile, cols, rows, self.precision)
            || codes.len() != cols as usize * rows as usize
            || !codes.iter().all(|&c| valid_code(c))
        {
            return None;
        }
        // Ids ascend through the list, each at most the number issued.
        if id == 0 || id > self.layers.issued || self.layers.list.last().is_some_and(|e| e.0 >= id)
        {
            return None;
        }
        let mut l = Layer::new(codes, cols, rows, origin, tile, self.cell, cats);
        let mut runs = merge_all(&l.codes, cols, rows, l.block);
        crate::sort::sort_by_key(&mut runs, |r| (r.row, r.col));
        if runs.len() != slots.len() {
            return None;
        }
        for (run, &s) in runs.into_iter().zip(slots) {
            if s as usize >= self.gens.len() || !self.live[s as usize] || self.layers.owns(s) {
                return None;
            }
            let p = l.put(run, self.handle_of(s));
            self.layers.set_owner(s, Some((id, p)));
        }
        self.layers.list.push((id, Some(l)));
        Some(())
    }
}

#[cfg(test)]
mod tests;
