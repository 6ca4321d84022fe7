//! A world's state as data: its hash, snapshots, restoring them, clones (since 1.3).

use super::status::{c2d_status, status, C2D_ERR_NULL};
use super::world::{world_mut, world_ref};
use crate::world::{World, SNAPSHOT_VERSION};
use alloc::boxed::Box;

/// The snapshot layout `c2d_world_snapshot` writes, and the newest `c2d_world_restore` reads.
pub const C2D_SNAPSHOT_VERSION: u32 = 1;
const _: () = assert!(C2D_SNAPSHOT_VERSION == SNAPSHOT_VERSION as u32);

/// A 64-bit hash of the world's state, to compare two machines' worlds frame by frame (lockstep and
/// rollback netcode, replays): every live item's handle (its slot and generation, not which world
/// issued it), rect (the bits of the doubles as last given), category, mask, one-way face and
/// shape, the order in which free slots will be reused by `c2d_world_add`, the cell size and the
/// precision (f32 or double world), and the tile layers (their grids, codes, categories and which
/// items are theirs; a world without layers hashes as before them). Equal states give equal hashes
/// on every target, however they were reached (how the broad phase happens to store the items does
/// not count); user values do not count (they are often pointers). Not a cryptographic hash:
/// different states collide by chance only. 0 for a NULL world (since 1.3).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_hash(w: *const World) -> u64 {
    // SAFETY: NULL or a live world (contract).
    unsafe { world_ref(w, 0, World::state_hash) }
}

/// The size in bytes of the world's snapshot (`c2d_world_snapshot`); 0 for a NULL world
/// (since 1.3).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_snapshot_size(w: *const World) -> usize {
    // SAFETY: NULL or a live world (contract).
    unsafe { world_ref(w, 0, World::snapshot_len) }
}

/// Writes the world's snapshot into `buf` when `cap` bytes are enough for it, else writes nothing;
/// returns its size either way (0 for a NULL world; `buf` may be NULL when `cap` is 0). A snapshot
/// holds every item (rect, user value, category and mask, one-way face, shape), every slot's
/// generation, the order of reuse of free slots and the tile layers, in a fixed little-endian
/// layout with a version and a check: it restores on any target, 64- or 32-bit, x86 or ARM (since
/// 1.3).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_snapshot(w: *const World, buf: *mut u8, cap: usize) -> usize {
    let snapshot = |w: &World| {
        if buf.is_null() {
            return w.snapshot_len();
        }
        // SAFETY: non-NULL and valid for writing `cap` bytes (contract).
        w.snapshot_into(unsafe { core::slice::from_raw_parts_mut(buf, cap) })
    };
    // SAFETY: NULL or a live world (contract).
    unsafe { world_ref(w, 0, snapshot) }
}

/// Puts the world back in the state a snapshot recorded (from this world or any other, on any
/// target): the same items under the same handles, the same slots for the next items added,
/// the same `c2d_world_hash`. Handles issued after the snapshot was taken become stale or name
/// what the snapshot had; the world answers to the handles of the world the snapshot came
/// from. `C2D_OK`; `C2D_ERR_NULL` for a NULL world, or a NULL `buf` with `len` above 0;
/// `C2D_ERR_CORRUPT` for bytes that are not a whole snapshot (truncated, corrupted, or holding
/// values no world holds), `C2D_ERR_VERSION` for a snapshot from a newer version: on an error
/// the world is unchanged (since 1.3).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_restore(
    w: *mut World,
    buf: *const u8,
    len: usize,
) -> c2d_status {
    let restore = |w: &mut World| {
        let bytes: &[u8] = match (buf.is_null(), len) {
            (_, 0) => &[],
            (true, _) => return C2D_ERR_NULL,
            // SAFETY: non-NULL and valid for reading `len` bytes (contract).
            (false, _) => unsafe { core::slice::from_raw_parts(buf, len) },
        };
        status(w.restore(bytes))
    };
    // SAFETY: NULL or a live world (contract).
    unsafe { world_mut(w, C2D_ERR_NULL, restore) }
}

/// A new world holding the same state as `w`: the same items under the same handles (a handle
/// of either world names the same item in both), the same slots for the next items added, the
/// same `c2d_world_hash`; the two then change independently. NULL for a NULL world. Free it with
/// `c2d_world_free` (since 1.3).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_clone(w: *const World) -> *mut World {
    // SAFETY: NULL or a live world (contract).
    unsafe {
        world_ref(w, core::ptr::null_mut(), |w| {
            Box::into_raw(Box::new(w.duplicate()))
        })
    }
}
