//! Tile layers in the world: a grid of tile codes kept as merged items.

use super::status::{c2d_status, status, status_out, C2D_ERR_INVALID, C2D_ERR_NULL};
use super::world::{change, read_out, world_mut, world_ref};
use super::write_out;
use crate::world::{self as core_world, TileRun, Vec2D, World, WorldError};

/// A tile code's kind (`code & C2D_TILE_KIND_MASK`): no item, the tile is air.
pub const C2D_TILE_EMPTY: u32 = 0;
/// Solid all round.
pub const C2D_TILE_SOLID: u32 = 1;
/// One-way, its solid face on the low-y side (outward normal (0, -1), as
/// `c2d_world_set_one_way`): on a y-down screen, a platform a player jumps up through and lands
/// on.
pub const C2D_TILE_ONE_WAY_YNEG: u32 = 2;
/// One-way, its solid face on the high-y side (outward normal (0, 1)): on a y-up screen, the
/// jump-through platform.
pub const C2D_TILE_ONE_WAY_YPOS: u32 = 3;
/// One-way, its solid face on the low-x side (outward normal (-1, 0)).
pub const C2D_TILE_ONE_WAY_XNEG: u32 = 4;
/// One-way, its solid face on the high-x side (outward normal (1, 0)).
pub const C2D_TILE_ONE_WAY_XPOS: u32 = 5;
/// A slope tile with its right angle at the low-x, low-y corner (as `c2d_world_set_slope` with
/// `C2D_SLOPE_X0Y0`).
pub const C2D_TILE_SLOPE_X0Y0: u32 = 6;
/// A slope tile with its right angle at the high-x, low-y corner.
pub const C2D_TILE_SLOPE_X1Y0: u32 = 7;
/// A slope tile with its right angle at the low-x, high-y corner (on a y-down screen, a floor
/// ramp rising to the left, `\`).
pub const C2D_TILE_SLOPE_X0Y1: u32 = 8;
/// A slope tile with its right angle at the high-x, high-y corner (on a y-down screen, a floor
/// ramp rising to the right, `/`).
pub const C2D_TILE_SLOPE_X1Y1: u32 = 9;
/// The bits of a tile code that hold its kind. A code is `kind | tag << C2D_TILE_TAG_SHIFT`.
pub const C2D_TILE_KIND_MASK: u32 = 0xff;
/// Where a tile code's tag starts: the tag is `code >> C2D_TILE_TAG_SHIFT` (24 bits), the user
/// value of the tile's item.
pub const C2D_TILE_TAG_SHIFT: u32 = 8;
/// The most tiles one layer holds (2^26 = 67,108,864).
pub const C2D_TILE_LAYER_MAX: usize = 1 << 26;

// The C names of the core's kinds.
const _: () = assert!(
    C2D_TILE_EMPTY == core_world::TILE_EMPTY
        && C2D_TILE_SOLID == core_world::TILE_SOLID
        && C2D_TILE_ONE_WAY_YNEG == core_world::TILE_ONE_WAY_YNEG
        && C2D_TILE_ONE_WAY_YPOS == core_world::TILE_ONE_WAY_YPOS
        && C2D_TILE_ONE_WAY_XNEG == core_world::TILE_ONE_WAY_XNEG
        && C2D_TILE_ONE_WAY_XPOS == core_world::TILE_ONE_WAY_XPOS
        && C2D_TILE_SLOPE_X0Y0 == core_world::TILE_SLOPE_X0Y0
        && C2D_TILE_SLOPE_X1Y0 == core_world::TILE_SLOPE_X1Y0
        && C2D_TILE_SLOPE_X0Y1 == core_world::TILE_SLOPE_X0Y1
        && C2D_TILE_SLOPE_X1Y1 == core_world::TILE_SLOPE_X1Y1
        && C2D_TILE_KIND_MASK == core_world::TILE_KIND_MASK
        && C2D_TILE_TAG_SHIFT == core_world::TILE_TAG_SHIFT
        && C2D_TILE_LAYER_MAX == core_world::TILE_LAYER_MAX
);

/// A column or row index from C: `None` when negative.
fn index(v: i32) -> Option<usize> {
    usize::try_from(v).ok()
}

/// The column and row of tile (`col`, `row`) of layer `layer`, or why not: a stale layer is told
/// first, as for a tile inside the grid, then a negative index.
fn tile_at(w: &World, layer: u32, col: i32, row: i32) -> Result<(usize, usize), WorldError> {
    match (index(col), index(row)) {
        (Some(c), Some(r)) => Ok((c, r)),
        _ => w.tile(layer, 0, 0).and(Err(WorldError::Invalid)),
    }
}

/// Adds a tile layer to the world: a grid of `cols` x `rows` tile codes, row `r` starting at
/// `codes[r * stride]` (`stride >= cols`; pass `cols` for a packed grid), tile (col, row)
/// spanning `origin + (col, row) * tile_size` to `origin + (col + 1, row + 1) * tile_size`
/// (each edge computed in double precision: exact when the origin and sizes are, as on the grid
/// domain). Rows run along +y: on a y-down screen row 0 is the top row. Writes the layer's id
/// (never 0; ids are not reused) through `layer` (nullable).
///
/// Each code is `kind | tag << C2D_TILE_TAG_SHIFT`: the kind `C2D_TILE_EMPTY`,
/// `C2D_TILE_SOLID`, `C2D_TILE_ONE_WAY_*` or `C2D_TILE_SLOPE_*`, and a 24-bit tag of the game's,
/// which becomes the user value of the tile's item. The tiles become items merged into runs:
/// solid tiles of one code side by side and in consecutive rows become one rect item; one-way
/// tiles merge along their face only (a jump-through platform along its row, so each item keeps
/// one face at one height and a stack of platforms holds a player on each); slopes stay one
/// item per tile. An item never spans more than one broad-phase cell (at most 16 tiles) on an
/// axis, so that queries and moves stay cheap: choose a cell size a few tiles wide to merge
/// more. The items answer queries, pairs and moves as the tiles added one by one would (a
/// point strictly inside a non-empty tile finds an item with its code), but a mover meets no
/// seams inside a run. `c2d_world_tile_of` maps an item back to its tiles.
///
/// Items of a layer are the layer's: `c2d_world_remove` refuses them with `C2D_ERR_INVALID`
/// (set the tiles `C2D_TILE_EMPTY`, or remove the layer). Such an item changed by hand (moved,
/// made one-way, given a shape or a category) keeps the change until an edit of its tiles
/// replaces it. Snapshots, `c2d_world_hash` and `c2d_world_clone` carry the layers.
///
/// `C2D_ERR_NULL` for a NULL world or NULL `codes`; `C2D_ERR_INVALID` for `cols` or `rows` not
/// positive, `stride < cols`, more than `C2D_TILE_LAYER_MAX` tiles, a code of an unknown kind, an
/// origin or tile size with a NaN or infinite field, a tile size not positive or under 16 units
/// in the last place of twice the layer's farthest coordinate (in the world's precision; in a
/// `c2d_world_new_d` world at least 1.6e-9); `C2D_ERR_FULL` when the items would not fit in the
/// world. Nothing changes on an error. `codes` must hold `(rows - 1) * stride + cols` codes.
#[allow(clippy::too_many_arguments)]
#[no_mangle]
pub unsafe extern "C" fn c2d_world_add_tiles(
    w: *mut World,
    codes: *const u32,
    cols: i32,
    rows: i32,
    stride: usize,
    origin: Vec2D,
    tile_size: Vec2D,
    layer: *mut u32,
) -> c2d_status {
    let add = |w: &mut World| {
        if codes.is_null() {
            return C2D_ERR_NULL;
        }
        let (Some(c), Some(r)) = (index(cols), index(rows)) else {
            return C2D_ERR_INVALID;
        };
        // The grid is checked before any code is read.
        if stride < c || !w.tile_grid_fits(c as u32, r as u32, origin, tile_size) {
            return C2D_ERR_INVALID;
        }
        // The codes the grid reads, no more than a slice may span.
        let len = (r - 1).checked_mul(stride).and_then(|n| n.checked_add(c));
        let Some(len) = len.filter(|&n| n <= isize::MAX as usize / 4) else {
            return C2D_ERR_INVALID;
        };
        // SAFETY: non-NULL, and the caller promises `(rows - 1) * stride + cols` readable
        // codes.
        let grid = unsafe { core::slice::from_raw_parts(codes, len) };
        let r = w.add_tiles(grid, c, r, stride, origin, tile_size);
        // SAFETY: NULL or writable (contract).
        unsafe { status_out(r, layer) }
    };
    // SAFETY: NULL or a live world (contract).
    unsafe { world_mut(w, C2D_ERR_NULL, add) }
}

/// Sets the code of tile (`col`, `row`) of layer `layer` and merges the tiles around it again:
/// the items of its block of tiles (at most 16 x 16, one broad-phase cell) that differ from a
/// fresh merge are replaced (their handles become stale), the others keep their handles; the
/// cost does not grow with the layer. The same code again changes nothing. The layer's items
/// then are those `c2d_world_add_tiles` would make of the edited grid.
///
/// `C2D_ERR_NULL` for a NULL world; `C2D_ERR_STALE` for a layer id that is not live (0, removed
/// or never issued); `C2D_ERR_INVALID` for a tile outside the grid (a negative index included) or
/// a code of an unknown kind; `C2D_ERR_FULL` when the new items would not fit in the world.
/// Nothing changes on an error.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_tile(
    w: *mut World,
    layer: u32,
    col: i32,
    row: i32,
    code: u32,
) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe {
        change(w, |w| {
            tile_at(w, layer, col, row).and_then(|(c, r)| w.set_tile(layer, c, r, code))
        })
    }
}

/// Writes the code of tile (`col`, `row`) of layer `layer` through `code` (nullable; untouched
/// on an error). `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a layer id that is not
/// live, `C2D_ERR_INVALID` for a tile outside the grid.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get_tile(
    w: *const World,
    layer: u32,
    col: i32,
    row: i32,
    code: *mut u32,
) -> c2d_status {
    // SAFETY: NULL or a live world; `code` NULL or writable (contract).
    unsafe {
        read_out(w, code, |w| {
            tile_at(w, layer, col, row).and_then(|(c, r)| w.tile(layer, c, r))
        })
    }
}

/// The layer and tiles of item `item`, written through `run` (nullable): its layer id, the code
/// of its tiles, its first column and row and how many columns and rows it spans. For an item
/// of no layer (one added by `c2d_world_add`), `C2D_OK` with every field 0 (layer 0 names no
/// layer). `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a dead handle (`run` untouched).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_tile_of(
    w: *const World,
    item: u64,
    run: *mut TileRun,
) -> c2d_status {
    // SAFETY: NULL or a live world; `run` NULL or writable (contract).
    unsafe { read_out(w, run, |w| w.tile_of(item).map(|r| r.unwrap_or_default())) }
}

/// The grid of layer `layer`: its columns and rows, origin and tile size, each written through
/// its pointer (each nullable; all untouched on an error). `C2D_ERR_NULL` for a NULL world,
/// `C2D_ERR_STALE` for a layer id that is not live.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get_tiles(
    w: *const World,
    layer: u32,
    cols: *mut i32,
    rows: *mut i32,
    origin: *mut Vec2D,
    tile_size: *mut Vec2D,
) -> c2d_status {
    // SAFETY: NULL or a live world; each output NULL or writable (contract).
    unsafe {
        world_ref(w, C2D_ERR_NULL, |w| {
            status(w.tiles_grid(layer).map(|(c, r, o, t)| {
                // A layer has at most 2^26 tiles, so its sides fit an int32_t.
                write_out(cols, c as i32);
                write_out(rows, r as i32);
                write_out(origin, o);
                write_out(tile_size, t);
            }))
        })
    }
}

/// Sets the category and mask of every item of layer `layer`, now and after later edits (as
/// `c2d_world_set_category`; a layer starts with category 1 and every mask bit set).
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a layer id that is not live.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_tiles_category(
    w: *mut World,
    layer: u32,
    category: u64,
    mask: u64,
) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.set_tiles_category(layer, category, mask)) }
}

/// Removes layer `layer` and every item of it; its id and the items' handles become stale.
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a layer id that is not live.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_remove_tiles(w: *mut World, layer: u32) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.remove_tiles(layer)) }
}
