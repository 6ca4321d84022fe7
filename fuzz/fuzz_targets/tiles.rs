//! Tile layers through their C functions: a small grid of random codes (unknown kinds among
//! them), tile sizes from a thousandth of a unit to hundreds, origins off the grid, then random
//! edits (tiles outside the grid and unknown kinds among them), reads, point queries, snapshots
//! and removal, every answer checked against the grid the fuzzer keeps: an edit the contract
//! refuses changes nothing, every tile reads back its code, a point well inside a non-empty
//! tile finds exactly one item whose run covers the tile with its code (a point in an empty
//! tile finds none), a snapshot restores to the same hash, and a removed layer's items are
//! stale for good.
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::world::{TileRun, Vec2D, World};
use common::Bytes;
use libfuzzer_sys::fuzz_target;
use std::ptr::{null, null_mut};

const KINDS: u32 = 10;
const SIZES: [f64; 7] = [1.0, 8.0, 16.0, 0.1, 1.0 / 3.0, 1e-3, 37.5];
const CELLS: [f64; 3] = [16.0, 64.0, 256.0];

struct Grid {
    cols: i32,
    rows: i32,
    codes: Vec<u32>,
    origin: Vec2D,
    size: Vec2D,
}

impl Grid {
    fn code(&self, col: i32, row: i32) -> u32 {
        self.codes[(row * self.cols + col) as usize]
    }

    /// A point well inside tile (col, row): its centre, or for a slope the middle of the quarter
    /// at its right angle.
    fn probe(&self, col: i32, row: i32) -> Vec2D {
        let kind = self.code(col, row) & C2D_TILE_KIND_MASK;
        let (fx, fy) = match kind {
            C2D_TILE_SLOPE_X0Y0 => (0.25, 0.25),
            C2D_TILE_SLOPE_X1Y0 => (0.75, 0.25),
            C2D_TILE_SLOPE_X0Y1 => (0.25, 0.75),
            C2D_TILE_SLOPE_X1Y1 => (0.75, 0.75),
            _ => (0.5, 0.5),
        };
        Vec2D {
            x: self.origin.x + (col as f64 + fx) * self.size.x,
            y: self.origin.y + (row as f64 + fy) * self.size.y,
        }
    }
}

fn code(b: &mut Bytes) -> u32 {
    // mostly known kinds, a few unknown; tags 0..3 so that runs merge
    let kind = b.u8() as u32 % (KINDS + 2);
    kind | (b.u8() as u32 % 4) << C2D_TILE_TAG_SHIFT
}

fn add(w: *mut World, g: &Grid) -> (c2d_status, u32) {
    let mut layer = 0u32;
    // SAFETY: a live world; `codes` holds cols * rows codes (stride = cols).
    let st = unsafe {
        c2d_world_add_tiles(
            w,
            g.codes.as_ptr(),
            g.cols,
            g.rows,
            g.cols as usize,
            g.origin,
            g.size,
            &mut layer,
        )
    };
    (st, layer)
}

/// Every tile reads back its code, and a point inside each finds the item of its run.
fn check(w: *mut World, layer: u32, g: &Grid) {
    for row in 0..g.rows {
        for col in 0..g.cols {
            let want = g.code(col, row);
            let mut got = u32::MAX;
            // SAFETY: a live world, a valid out pointer.
            assert_eq!(
                unsafe { c2d_world_get_tile(w, layer, col, row, &mut got) },
                C2D_OK
            );
            assert_eq!(got, want, "tile ({col}, {row}) reads back its code");
            let mut hits = [0u64; 4];
            // SAFETY: a live world, `hits` holds 4 handles.
            let n = unsafe {
                c2d_world_query_point_d(w, g.probe(col, row), u64::MAX, hits.as_mut_ptr(), 4)
            };
            if want & C2D_TILE_KIND_MASK == C2D_TILE_EMPTY {
                assert_eq!(n, 0, "an empty tile ({col}, {row}) holds no item");
                continue;
            }
            assert_eq!(n, 1, "tile ({col}, {row}) of code {want:#x}: one item");
            let mut run = TileRun {
                layer: 0,
                code: 0,
                col: 0,
                row: 0,
                cols: 0,
                rows: 0,
            };
            // SAFETY: a live world, a valid out pointer.
            assert_eq!(unsafe { c2d_world_tile_of(w, hits[0], &mut run) }, C2D_OK);
            assert_eq!(
                (run.layer, run.code),
                (layer, want),
                "the item's layer and code"
            );
            assert!(run.cols >= 1 && run.rows >= 1 && run.cols <= 16 && run.rows <= 16);
            assert!(
                run.col <= col
                    && col < run.col + run.cols
                    && run.row <= row
                    && row < run.row + run.rows
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let cell = CELLS[b.u8() as usize % CELLS.len()];
    let size = Vec2D {
        x: SIZES[b.u8() as usize % SIZES.len()],
        y: SIZES[b.u8() as usize % SIZES.len()],
    };
    let origin = Vec2D {
        x: b.i32() as f64 / 4096.0 % 1000.0,
        y: b.i32() as f64 / 4096.0 % 1000.0,
    };
    let (cols, rows) = (1 + b.u8() as i32 % 24, 1 + b.u8() as i32 % 24);
    let codes = (0..cols * rows).map(|_| code(&mut b)).collect::<Vec<_>>();
    let mut g = Grid {
        cols,
        rows,
        codes,
        origin,
        size,
    };
    let w = c2d_world_new_d(cell);
    assert!(!w.is_null());
    // a grid holding an unknown kind is refused whole
    if g.codes.iter().any(|c| c & C2D_TILE_KIND_MASK >= KINDS) {
        assert_eq!(add(w, &g).0, C2D_ERR_INVALID);
        // SAFETY: a live world.
        assert_eq!(unsafe { c2d_world_count(w) }, 0, "nothing added");
        for c in g.codes.iter_mut() {
            if *c & C2D_TILE_KIND_MASK >= KINDS {
                *c = C2D_TILE_EMPTY;
            }
        }
    }
    let (st, mut layer) = add(w, &g);
    assert_eq!(st, C2D_OK);
    check(w, layer, &g);
    while !b.is_empty() {
        match b.u8() % 6 {
            0..=2 => {
                let (col, row, c) = (
                    b.u8() as i32 % (cols + 4) - 2,
                    b.u8() as i32 % (rows + 4) - 2,
                    code(&mut b),
                );
                let inside = (0..cols).contains(&col) && (0..rows).contains(&row);
                let ok = inside && c & C2D_TILE_KIND_MASK < KINDS;
                // SAFETY: a live world.
                let st = unsafe { c2d_world_set_tile(w, layer, col, row, c) };
                assert_eq!(
                    st,
                    if ok { C2D_OK } else { C2D_ERR_INVALID },
                    "set_tile({col}, {row}, {c:#x})"
                );
                if ok {
                    g.codes[(row * cols + col) as usize] = c;
                }
            }
            3 => check(w, layer, &g),
            4 => {
                // SAFETY: a live world; the buffer holds `len` bytes.
                unsafe {
                    let len = c2d_world_snapshot_size(w);
                    let mut buf = vec![0u8; len];
                    assert_eq!(c2d_world_snapshot(w, buf.as_mut_ptr(), len), len);
                    let copy = c2d_world_new_d(cell);
                    assert_eq!(c2d_world_restore(copy, buf.as_ptr(), len), C2D_OK);
                    assert_eq!(
                        c2d_world_hash(copy),
                        c2d_world_hash(w),
                        "restored: the same world"
                    );
                    check(copy, layer, &g);
                    c2d_world_free(copy);
                }
            }
            _ => {
                let mut some = [0u64; 1];
                let centre = g.probe(0, 0);
                // SAFETY: a live world, a buffer of 1 handle.
                let n =
                    unsafe { c2d_world_query_point_d(w, centre, u64::MAX, some.as_mut_ptr(), 1) };
                // SAFETY: a live world.
                assert_eq!(unsafe { c2d_world_remove_tiles(w, layer) }, C2D_OK);
                assert_eq!(
                    unsafe { c2d_world_count(w) },
                    0,
                    "the layer's items left with it"
                );
                assert_eq!(
                    unsafe { c2d_world_set_tile(w, layer, 0, 0, 1) },
                    C2D_ERR_STALE
                );
                if n == 1 {
                    // SAFETY: a live world; NULL run is allowed.
                    assert_eq!(
                        unsafe { c2d_world_tile_of(w, some[0], null_mut()) },
                        C2D_ERR_STALE
                    );
                }
                let (st, again) = add(w, &g);
                assert_eq!(st, C2D_OK);
                assert!(again > layer, "layer ids are not reused");
                layer = again;
            }
        }
    }
    // SAFETY: NULL world and NULL codes answer C2D_ERR_NULL.
    assert_eq!(
        unsafe { c2d_world_add_tiles(null_mut(), null(), 1, 1, 1, origin, size, null_mut()) },
        C2D_ERR_NULL
    );
    check(w, layer, &g);
    // SAFETY: a live world, freed once.
    unsafe { c2d_world_free(w) };
});
