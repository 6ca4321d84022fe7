//! The movement kit over the world: one-way items, ground state, push-out and fit, moving
//! solids (since 1.2).

use super::status::{c2d_status, status, C2D_ERR_NULL, C2D_OK, C2D_STUCK};
use super::world::{
    c2d_filter_fn, change, motion_then, out_slice, read_out, with_filter, Answers, Raw,
};
use super::{guard, write_out};
use crate::shape::{Rect, Vec2};
use crate::world::{
    fits, ground, move_solid, push_out, Dir, Filter, Ground, Moved, RectD, Snap, Vec2D, World,
    WorldHit, WorldHitD,
};
use crate::world::{CARRIED, ON_CEILING, ON_FLOOR, ON_LEFT, ON_RIGHT, PUSHED, SQUASHED};
use alloc::vec::Vec;
use std::ffi::c_void;
use std::ptr;

/// `c2d_ground.flags`: the item's face away from `up` rests on a solid item (it stands on the
/// floor).
pub const C2D_ON_FLOOR: u32 = 1;
/// `c2d_ground.flags`: the item's face toward `up` is against a solid item (a ceiling).
pub const C2D_ON_CEILING: u32 = 2;
/// `c2d_ground.flags`: a solid item is against the item's face toward the lower coordinate
/// across `up` (the left wall when up is along y).
pub const C2D_ON_LEFT: u32 = 4;
/// `c2d_ground.flags`: a solid item is against the item's face toward the higher coordinate
/// across `up` (the right wall when up is along y).
pub const C2D_ON_RIGHT: u32 = 8;
/// `c2d_moved.what`: the item stood on the moving solid and was carried with it.
pub const C2D_CARRIED: u32 = 1;
/// `c2d_moved.what`: the item was in the moving solid's way and was pushed ahead of it.
pub const C2D_PUSHED: u32 = 2;
/// `c2d_moved.what`: the item could not be pushed clear (something solid behind it) and was left
/// where it was: a crushed player. It overlaps the solid after the move unless the solid moved far
/// enough to pass over it.
pub const C2D_SQUASHED: u32 = 4;

// The C names of the core's bits.
const _: () = assert!(
    C2D_ON_FLOOR == ON_FLOOR
        && C2D_ON_CEILING == ON_CEILING
        && C2D_ON_LEFT == ON_LEFT
        && C2D_ON_RIGHT == ON_RIGHT
        && C2D_CARRIED == CARRIED
        && C2D_PUSHED == PUSHED
        && C2D_SQUASHED == SQUASHED
);

/// Makes item `id` one-way (a jump-through platform): `normal` is the outward normal of its solid
/// face, along an axis (`{0, -1}` for a platform's top face in y-down coordinates; the length does
/// not matter); `{0, 0}` makes it solid all round again.
///
/// A one-way item blocks a move (`c2d_world_move`, `_check`, `_project` and their `_d` twins) only
/// when the move goes against `normal` and the mover lies, where the move begins, entirely on the
/// normal's side of the solid face (touching counts, within the band, so a player standing on a
/// platform, or snapped onto it by the game's own arithmetic, stays on it): for that move the item
/// is solid and the filter's response applies, and a corner met exactly is met on the solid face (a
/// player landing on a platform's very corner lands on it). Every other move (jumping up through
/// it, starting inside it, moving along or away from it) passes through it unreported, without the
/// filter being asked. A filter answering `C2D_IGNORE` drops a mover through it. Push-out and fit
/// (`c2d_world_push_out`, `c2d_world_fits`) never count one-way items; `c2d_world_ground` counts
/// them as a floor only.
///
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a dead handle, `C2D_ERR_INVALID` for a
/// normal with a NaN, an infinity or two non-zero components (nothing changes).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_one_way(w: *mut World, id: u64, normal: Vec2) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.set_one_way(id, normal.into())) }
}

/// Writes item `id`'s one-way normal (a unit vector, or `{0, 0}` for an item solid all round)
/// through `normal` (nullable). `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a dead
/// handle.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get_one_way(
    w: *const World,
    id: u64,
    normal: *mut Vec2,
) -> c2d_status {
    // SAFETY: NULL or a live world; `normal` NULL or writable (contract).
    unsafe { read_out(w, normal, |w| w.one_way(id).map(|n| n.to_f32())) }
}

/// The ground state of item `id` (`c2d_ground`): which of its faces are flush with a solid
/// item's face along a shared edge longer than the band, exactly (a corner-only touch is not; a
/// resting item gets the same answer every frame), and for each the item it rests against (the
/// one sharing the longest edge, ties to the lower handle; 0 for none). Flush is on the face
/// or within the band of it, either side: a player snapped onto a floor by `y = floor.y - h`
/// stands on it, as does one a move left on a face that lies between doubles (a floor's top at
/// `0.1 + 10`). Every gap beyond the band is air (1e-9 in a double world, whose band is
/// 1e-10 at small magnitudes).
/// `up` is the direction of up along an axis: `{0, -1}` in y-down screen coordinates, `{0, 1}`
/// in y-up ones. Solid items are those that interact with `id` by category and for which
/// `filter(id, other, ctx)` answers `C2D_SLIDE`, `C2D_TOUCH` or `C2D_BOUNCE` (NULL filter: every
/// item); one-way items count as a floor only, when their solid face points `up`.
///
/// Writes through `out` (nullable). `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a dead
/// handle, `C2D_ERR_INVALID` for an `up` that is zero, not along an axis, or not finite.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_ground(
    w: *mut World,
    id: u64,
    up: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: *mut Ground,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        // SAFETY: the caller's contract, passed on.
        unsafe {
            with_filter(
                w,
                filter,
                ctx,
                out,
                |g| g,
                |acc, f| ground(acc, id, up.into(), f),
            )
        }
    })
}

/// A move and the ground state after it, with one filter.
///
/// # Safety
/// As for `super::world::motion`, and `state` NULL or writable.
#[allow(clippy::too_many_arguments)]
unsafe fn move_ground<P, H>(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    up: Vec2,
    snap: Snap,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: Answers<P, H>,
    state: *mut Ground,
) -> c2d_status {
    // An `up` that is no axis moves nothing (a NULL world is told first, as everywhere).
    if let (false, Err(e)) = (w.is_null(), Dir::up(up.into())) {
        return status(Err(e));
    }
    let then = |acc: &mut Raw, f: Filter<Raw>| ground(acc, id, up.into(), f);
    // SAFETY: the caller's contract, passed on.
    unsafe { motion_then(w, id, goal, true, snap, filter, ctx, out, then, state) }
}

/// `c2d_world_move` and then `c2d_world_ground` with the same filter, in one call: a platformer's
/// player update. `ground` (nullable) gets the ground state at the final position. The filter
/// may be asked again, after the move, about the items around the final position.
/// `C2D_ERR_INVALID` also for an invalid `up` (nothing moves).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move_ground(
    w: *mut World,
    id: u64,
    goal: Vec2,
    up: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2,
    hits: *mut WorldHit,
    cap: usize,
    count: *mut usize,
    ground: *mut Ground,
) -> c2d_status {
    let out = Answers::f32(actual, hits, cap, count);
    // SAFETY: the caller's contract, passed on.
    guard(C2D_ERR_NULL, || unsafe {
        move_ground(w, id, goal.into(), up, Snap::F32, filter, ctx, out, ground)
    })
}

/// `c2d_world_move_ground` in double precision (`c2d_world_move_d`, then the ground state).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move_ground_d(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    up: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2D,
    hits: *mut WorldHitD,
    cap: usize,
    count: *mut usize,
    ground: *mut Ground,
) -> c2d_status {
    // SAFETY: the caller's contract, passed on (no legs asked for).
    unsafe {
        c2d_world_move_ground_legs_d(
            w,
            id,
            goal,
            up,
            filter,
            ctx,
            actual,
            hits,
            ptr::null_mut(),
            cap,
            count,
            ground,
        )
    }
}

/// `c2d_world_move_ground_d`, also writing each hit's next goal to `legs` (nullable, room for
/// `cap` values, as in `c2d_world_move_legs_d`).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move_ground_legs_d(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    up: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2D,
    hits: *mut WorldHitD,
    legs: *mut Vec2D,
    cap: usize,
    count: *mut usize,
    ground: *mut Ground,
) -> c2d_status {
    let out = Answers::exact(actual, hits, legs, cap, count);
    // SAFETY: the caller's contract, passed on.
    guard(C2D_ERR_NULL, || unsafe {
        move_ground(w, id, goal, up, Snap::Exact, filter, ctx, out, ground)
    })
}

/// Whether item `id` would fit at `rect` without moving it (can a crouching player stand up
/// here?): `*fits` (nullable) is set to whether `rect` overlaps no solid item by more than the
/// band (items interacting with `id` by category that the filter answers `C2D_SLIDE`,
/// `C2D_TOUCH` or `C2D_BOUNCE`; one-way items never count; touching fits, and an item fits where
/// the game snapped it). `C2D_ERR_NULL` for a NULL world,
/// `C2D_ERR_STALE` for a dead handle, `C2D_ERR_INVALID` for a rect with a NaN or infinite
/// field.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_fits(
    w: *mut World,
    id: u64,
    rect: Rect,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    fits: *mut bool,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        // SAFETY: the caller's contract, passed on.
        unsafe { c2d_world_fits_d(w, id, rect.into(), filter, ctx, fits) }
    })
}

/// `c2d_world_fits` with a double-precision rect.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_fits_d(
    w: *mut World,
    id: u64,
    rect: RectD,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: *mut bool,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        // SAFETY: the caller's contract, passed on.
        unsafe { with_filter(w, filter, ctx, out, |b| b, |acc, f| fits(acc, id, rect, f)) }
    })
}

/// Pushes item `id` out of the solid items it overlaps by more than the band (a player spawned
/// inside a wall, or standing up into a ceiling; one snapped flush against it touches and is not
/// moved) by the smallest displacement, Euclidean, no longer than
/// `max_distance`, among the positions whose x is its own or flush with a solid item's left or
/// right face and whose y is its own or flush with a solid item's top or bottom face (the
/// smallest way out is always among them); ties go to +x, then -x, +y, -y. Solid items are
/// those that interact with `id` by category and that the filter answers `C2D_SLIDE`,
/// `C2D_TOUCH` or `C2D_BOUNCE`; one-way items never count. Nothing is swept: the item is placed.
///
/// Returns `C2D_OK` with `*actual` (nullable) its position (unchanged if it overlapped nothing),
/// or `C2D_STUCK` when no clear position lies within `max_distance`, leaving it in place and
/// `*actual` unwritten. The
/// world keeps the exact position; `*actual` is its nearest f32. `C2D_ERR_NULL` for a NULL
/// world, `C2D_ERR_STALE` for a dead handle, `C2D_ERR_INVALID` for a negative, NaN or infinite
/// `max_distance`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_push_out(
    w: *mut World,
    id: u64,
    max_distance: f32,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        let mut p = Vec2D::default();
        // SAFETY: the caller's contract, passed on.
        let s = unsafe { c2d_world_push_out_d(w, id, max_distance as f64, filter, ctx, &mut p) };
        if s == C2D_OK {
            // SAFETY: NULL or writable (contract).
            unsafe { write_out(actual, p.to_f32()) };
        }
        s
    })
}

/// `c2d_world_push_out` in double precision.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_push_out_d(
    w: *mut World,
    id: u64,
    max_distance: f64,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2D,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        let mut found = None;
        // SAFETY: the caller's contract, passed on; nothing is written through a NULL `out`.
        let s = unsafe {
            with_filter(
                w,
                filter,
                ctx,
                core::ptr::null_mut::<()>(),
                |p: Option<Vec2D>| found = p,
                |acc, f| push_out(acc, id, max_distance, f),
            )
        };
        match (s, found) {
            (C2D_OK, None) => C2D_STUCK,
            (C2D_OK, Some(p)) => {
                // SAFETY: NULL or writable (contract).
                unsafe { write_out(actual, p) };
                C2D_OK
            }
            _ => s,
        }
    })
}

/// A solid's move, its answer written out.
#[allow(clippy::too_many_arguments)]
unsafe fn solid_move<P>(
    w: *mut World,
    id: u64,
    delta: Vec2D,
    up: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut P,
    pos: impl Fn(Vec2D) -> P,
    out: *mut Moved,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let mut moved = Vec::new();
    // SAFETY: the caller's contract, passed on.
    let s = unsafe {
        with_filter(w, filter, ctx, actual, pos, |acc, f| {
            move_solid(acc, id, delta, up.into(), f, &mut moved)
        })
    };
    if s == C2D_OK {
        // SAFETY: `out` valid for `cap` records, `count` NULL or writable (contract).
        unsafe {
            for (o, m) in out_slice(out, cap).iter_mut().zip(&moved) {
                *o = *m;
            }
            write_out(count, moved.len());
        }
    }
    s
}

/// Moves the solid item `id` (a lift, a moving wall) by `delta`, unconditionally: nothing stops
/// it. It moves along x, then along y; on each axis:
/// - the items it sweeps through that lay ahead of it are pushed ahead, each to be flush with
///   its leading face, through a collision-checked move (as `c2d_world_move`, the solid itself
///   ignored); an item that cannot get there (a crate pushed into a wall, a player lifted into a
///   ceiling) is left where it was, overlapping the solid (unless the solid moved far enough to
///   pass over it), and reported `C2D_SQUASHED`;
/// - the items that stood on its face toward `up` before the move (its riders) move with it,
///   also through collision-checked moves; a rider carried along `up` ends flush on the face, so
///   a rider on an unobstructed lift keeps its offset exactly; riders and pushed items move in
///   the order of the motion, the one in front first, so riders side by side keep theirs too.
///
/// Which items ride or are pushed is the filter's answer for `(item, id)`: `C2D_SLIDE`,
/// `C2D_TOUCH` and `C2D_BOUNCE` do, `C2D_IGNORE` and `C2D_CROSS` do not (NULL filter: every item
/// interacting by category, walls included, so pass a filter that ignores the static ones);
/// each carried or pushed item's own move asks `filter(item, other)`. The filter is asked about
/// the riders before the solid moves, and about the items in its way on each axis after the
/// solid has moved along that axis and before any of them moves. A one-way solid pushes only
/// with its solid face. Items standing on a rider are not carried: a crate on the head of a
/// player that a lift carries up stops the player as a ceiling would. Only the signs of `up`
/// matter.
///
/// Writes the solid's new position through `actual` (nullable), and the items moved or
/// squashed, each once in ascending handles, to `out[..cap]` as `c2d_moved {id, what}` with
/// `what` a set of `C2D_CARRIED`, `C2D_PUSHED`, `C2D_SQUASHED`; `*count` (nullable) gets how
/// many there were. `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a dead handle,
/// `C2D_ERR_INVALID` for a delta that is not finite or an `up` that is zero or not along an
/// axis.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move_solid(
    w: *mut World,
    id: u64,
    delta: Vec2,
    up: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2,
    out: *mut Moved,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        // SAFETY: the caller's contract, passed on.
        unsafe {
            solid_move(
                w,
                id,
                delta.into(),
                up,
                filter,
                ctx,
                actual,
                Vec2D::to_f32,
                out,
                cap,
                count,
            )
        }
    })
}

/// `c2d_world_move_solid` in double precision.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move_solid_d(
    w: *mut World,
    id: u64,
    delta: Vec2D,
    up: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2D,
    out: *mut Moved,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    guard(C2D_ERR_NULL, || {
        // SAFETY: the caller's contract, passed on.
        unsafe {
            solid_move(
                w,
                id,
                delta,
                up,
                filter,
                ctx,
                actual,
                |p| p,
                out,
                cap,
                count,
            )
        }
    })
}
