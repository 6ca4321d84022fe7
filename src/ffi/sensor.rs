//! Sensors and their events: items that say when another comes in and when it leaves (since
//! 1.3).

use super::status::c2d_status;
use super::world::{change, out_slice, read_out, world_mut};
use crate::world::{Event, World, EVENT_BEGIN, EVENT_END, EVENT_PASSED, EVENT_REMOVED};

/// `c2d_event.kind`: the item came to overlap the sensor.
pub const C2D_EVENT_BEGIN: u32 = 1;
/// `c2d_event.kind`: the item no longer overlaps the sensor.
pub const C2D_EVENT_END: u32 = 2;
/// `c2d_event.flags`: a move carried the item (or the sensor) through without the two
/// overlapping at either call of `c2d_world_events`: a `C2D_EVENT_BEGIN` and a
/// `C2D_EVENT_END` both flagged so come together.
pub const C2D_EVENT_PASSED: u32 = 1;
/// `c2d_event.flags`: on a `C2D_EVENT_END`, the sensor or the item was removed.
pub const C2D_EVENT_REMOVED: u32 = 2;

const _: () = assert!(
    C2D_EVENT_BEGIN == EVENT_BEGIN
        && C2D_EVENT_END == EVENT_END
        && C2D_EVENT_PASSED == EVENT_PASSED
        && C2D_EVENT_REMOVED == EVENT_REMOVED
);

/// Makes item `id` a sensor (`sensor` true) or an ordinary item again: a pickup, a hazard, a
/// door or checkpoint zone, a camera trigger.
///
/// A sensor never blocks and is never blocked: moves, checks, projections and the movement kit
/// pass through it without asking the filter (it is never a hit), and a sensor moved goes
/// straight to its goal, carrying and pushing nothing. Queries and `c2d_world_pairs` still find
/// it, as any item. Items that are not sensors and whose categories interact with the sensor's
/// (`c2d_world_set_category`) **visit** it while their rects overlap it by more than the band on
/// both axes, as pairs do: an item flush against a sensor (touching, within the band) is not in
/// it. Sensors do not visit each other. See `c2d_world_events`.
///
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a handle naming no live item.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_sensor(w: *mut World, id: u64, sensor: bool) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.set_sensor(id, sensor)) }
}

/// Writes whether item `id` is a sensor through `sensor` (nullable). `C2D_ERR_NULL` for a NULL
/// world, `C2D_ERR_STALE` (nothing written) for a handle naming no live item.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get_sensor(
    w: *const World,
    id: u64,
    sensor: *mut bool,
) -> c2d_status {
    // SAFETY: NULL or a live world; `sensor` NULL or writable (contract).
    unsafe { read_out(w, sensor, |w| w.is_sensor(id)) }
}

/// The events since the last call: which items came into which sensors and which left.
///
/// Each `c2d_event` names a sensor and a visiting item. `C2D_EVENT_BEGIN` for each pair that
/// overlaps now and did not at the last call, `C2D_EVENT_END` for each that did and does not;
/// sorted by sensor handle, then item handle, a pair's `BEGIN` before its `END`. Between calls:
/// - a move (`c2d_world_move[_d]`, and the items `c2d_world_move_solid[_d]` moves) sweeps the
///   path each of its legs took: an item carried through a sensor without the pair overlapping
///   at either call gets a `BEGIN` and an `END`, both flagged `C2D_EVENT_PASSED`, however thin
///   the sensor and fast the move (a bullet crossing a 1/256-wide tripwire at 10^6 units per
///   frame); so does an item a moving sensor sweeps over;
/// - `c2d_world_update[_d]` is a teleport: pairs begin and end by where the item is, nothing
///   between;
/// - a removed sensor or item ends its pairs with `END` flagged `C2D_EVENT_REMOVED` (a pair it
///   entered since the last call first gets its `BEGIN`);
/// - a pair that left and came back (or came and left by teleports) between two calls brings no
///   event: the events are the change between the two calls' states, plus the passes.
///
/// So there is never an `END` without its `BEGIN`, and never a duplicate. Call it once per frame,
/// after the frame's moves; the work is proportional to what changed since the last call, not
/// to the world's size.
///
/// Writes at most `cap` events to `out` (NULL is fine when `cap` is 0), the oldest first, and
/// returns how many there were: the ones not written stay for the next call, first in its
/// list, so a short buffer loses nothing (call again while the answer exceeds `cap`). 0 for a
/// NULL world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_events(w: *mut World, out: *mut Event, cap: usize) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` events (contract).
    unsafe { world_mut(w, 0, |w| w.events_into(out_slice(out, cap))) }
}
