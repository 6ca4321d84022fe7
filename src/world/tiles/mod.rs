//! The broad phase: a grid of cells `cell_size` square, stored by tiles (one cell high, 8 cells
//! wide). A normal item lives in the tile holding the cell of its lower corner; an item whose box
//! spans more than two cells on either axis is huge and kept in a separate list instead.
//!
//! Cell indices are `floor(v / cell_size)` clamped to `±2^29`: monotone in the coordinate, so every
//! bound below is exact whatever the rounding. A normal item's upper edges lie in its own cell or
//! the next one, so items that touch lie in the same or adjacent rows, and their columns differ by
//! at most one.
//!
//! A tile holds its items' boxes (as f32 bounds rounded outwards) with their slots, in no order;
//! each slot knows its tile and its place there. Moving an item within its tile — the common case
//! of a frame — therefore stores one record at a known place: no search, no sort, no load to wait
//! for. The pairs are found row by row: a row's tiles are gathered, sorted by left edge, and swept
//! against the row itself and, merged by left edge, against the row above. The f32 bounds decide a
//! pair exactly unless two edges compared are both not f32 values (see [`Bounds`](bounds::Bounds));
//! such pairs go to the exact f64 test.
//!
//! The folder, one job a file:
//!
//! * `grid.rs`: cells, tile columns and an item's home cell (or huge);
//! * `bounds.rs`: [`Bounds`](bounds::Bounds), an item's box as f32 bounds rounded outwards, and the
//!   lane tests on them;
//! * `store.rs`: [`Tiles`], the tiles and the place of every slot in them (add, move, remove);
//! * `query.rs`: the items near a box, row by row (for queries, moves and huge items);
//! * `sweep.rs`: the pairs, row by row ([`Tiles::pairs`], [`Exact`]);
//! * `crowded.rs`: rows of many items in few cells, swept in horizontal bands;
//! * `sort.rs`: the orders the sweep needs: tiles by `(row, column)`, a row's items by left edge
//!   (by insertions within each group of columns in a tile of more than 32 items);
//! * `tests.rs`: the unit tests of the folder.

mod bounds;
mod crowded;
mod grid;
mod query;
mod sort;
mod store;
mod sweep;
#[cfg(test)]
mod tests;

pub(crate) use bounds::reach;
pub(crate) use grid::{cell_of, home, home_is_cell, Home, FAR};
pub(crate) use store::Tiles;
pub(crate) use sweep::{Drain, Exact, Sweep};
