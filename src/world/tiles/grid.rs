//! The grid: cell indices of coordinates, the tile column of a cell column, and an item's home
//! (the cell of its lower corner, or huge).

use crate::shape::Aabb;

const CELL_LIMIT: f64 = (1u32 << 29) as f64;
/// Tiles are `1 << TILE_SHIFT` cells wide.
pub(super) const TILE_SHIFT: u32 = 3;

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
pub(crate) fn tile_col(cx: i32) -> i32 {
    cx >> TILE_SHIFT
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
                r == r2 && tile_col(cx) == tile_col(cx2)
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

/// Cells this far from the origin (in cells) are never [`home_is_cell`]' answer: their items find
/// their home again at every update.
pub(crate) const FAR: u32 = 1 << 28;

/// Whether `home(b, inv)` is `Home::Cell { r, cx }`, found without computing the cells: with
/// the same products `v * inv` as `cell_of`, the lower corner's are in `[cx, cx + 1)` and
/// `[r, r + 1)`, the upper corner's below `cx + 2` and `r + 2` (cells far from the clamp only).
#[inline(always)]
pub(crate) fn home_is_cell(b: &Aabb, r: i32, cx: i32, inv: f64) -> bool {
    if r.unsigned_abs() >= FAR || cx.unsigned_abs() >= FAR {
        return false;
    }
    let (x, y) = (cx as f64, r as f64);
    let (x0, x1) = (b.min_x * inv, b.max_x * inv);
    let (y0, y1) = (b.min_y * inv, b.max_y * inv);
    (x0 >= x) & (x0 < x + 1.0) & (x1 < x + 2.0) & (y0 >= y) & (y0 < y + 1.0) & (y1 < y + 2.0)
}
