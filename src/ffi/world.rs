//! The world: an opaque `c2d_world` of rect items behind generational handles, with a broad
//! phase for queries, overlapping pairs and bump.lua-style moves.

use super::status::{c2d_status, status, status_out, Code, C2D_ERR_NULL, C2D_OK};
use super::{c2d_response, guard, write_out};
use crate::shape::{Circle, Rect, Segment, Vec2};
use crate::world::{
    run, Access, CircleD, Filter, Pair, RectD, Response, SegmentD, Snap, Vec2D, World, WorldError,
    WorldHit, WorldHitD,
};
use alloc::boxed::Box;
use alloc::vec::Vec;
use std::ffi::c_void;
use std::ptr;

/// The most items one world holds at once (2^22 = 4,194,304).
pub const C2D_WORLD_CAPACITY: usize = 1 << 22;

/// Picks the response of moving `item` to `other` (bump.lua's filter); `ctx` is the pointer given
/// to the move.
///
/// The filter may call the world's functions (query it, add, update or remove items, even the
/// mover; the move sees the changes) but must not free the world, and it **must return
/// normally**: it must not `longjmp` out of the library, throw a C++ exception through it or
/// raise a Lua error through it. A `longjmp` skips the library's clean-up (memory leaks, the
/// world is left as the last completed change made it); an exception or any other unwinding
/// that reaches the library ends the process through the C runtime's `abort()` (SIGABRT on
/// Linux, exit code 3 from the Windows DLLs); it is never caught and never corrupts a world.
/// Catch errors inside the filter and answer a response instead.
#[allow(non_camel_case_types)]
pub type c2d_filter_fn =
    Option<unsafe extern "C-unwind" fn(item: u64, other: u64, ctx: *mut c_void) -> c2d_response>;

/// The world behind a raw pointer, reached afresh for each step of a move so that no reference
/// to it lives while a C filter runs (which may call the world's functions).
pub(super) struct Raw(pub(super) *mut World);

impl Access for Raw {
    fn world(&mut self) -> &mut World {
        // SAFETY: the pointer is a live world for the whole move (the caller's contract: the
        // filter never frees it), and the reference returned is given up before the filter is
        // called again, so it never overlaps the filter's own use of the world.
        unsafe { &mut *self.0 }
    }
}

/// The response `filter` picks for `(item, other)`: `C2D_SLIDE` without a filter.
///
/// # Safety
/// `filter` is NULL or a C function of the documented type.
pub(super) unsafe fn ask(
    filter: c2d_filter_fn,
    item: u64,
    other: u64,
    ctx: *mut c_void,
) -> Response {
    match filter {
        // SAFETY: a C function pointer of the documented type, with the caller's context.
        Some(f) => Response::from_u32(unsafe { f(item, other, ctx) }),
        None => Response::Slide,
    }
}

/// `out[..cap]` as a slice; empty when `out` is NULL or `cap` is 0.
///
/// # Safety
/// `out` must be NULL or valid for writing `cap` aligned `T`s.
pub(super) unsafe fn out_slice<'a, T>(out: *mut T, cap: usize) -> &'a mut [T] {
    let cap = cap.min(isize::MAX as usize / std::mem::size_of::<T>().max(1));
    if out.is_null() || cap == 0 {
        &mut []
    } else {
        // SAFETY: non-NULL and valid for `cap` elements, as the caller promises; every bit
        // pattern is a valid u64/f32 plain struct, so the old contents need not be initialised.
        unsafe { std::slice::from_raw_parts_mut(out, cap) }
    }
}

/// Runs `f` on the world behind `w`, answering `null` for a NULL world (and, should `f` ever
/// panic, instead of unwinding into C).
///
/// # Safety
/// `w` is NULL or a live world.
#[inline(always)]
pub(super) unsafe fn world_mut<R: Copy>(
    w: *mut World,
    null: R,
    f: impl FnOnce(&mut World) -> R,
) -> R {
    guard(null, || {
        // SAFETY: NULL or a live world (the caller's promise).
        unsafe { w.as_mut() }.map_or(null, f)
    })
}

/// As [`world_mut`], reading the world.
///
/// # Safety
/// `w` is NULL or a live world.
#[inline(always)]
pub(super) unsafe fn world_ref<R: Copy>(
    w: *const World,
    null: R,
    f: impl FnOnce(&World) -> R,
) -> R {
    guard(null, || {
        // SAFETY: NULL or a live world (the caller's promise).
        unsafe { w.as_ref() }.map_or(null, f)
    })
}

/// `C2D_OK` once `f` has changed the world behind `w`, or why not (`C2D_ERR_NULL` for a NULL
/// world).
///
/// # Safety
/// `w` is NULL or a live world.
#[inline(always)]
pub(super) unsafe fn change<E: Code>(
    w: *mut World,
    f: impl FnOnce(&mut World) -> Result<(), E>,
) -> c2d_status {
    // SAFETY: the caller's promise.
    unsafe { world_mut(w, C2D_ERR_NULL, |w| status(f(w))) }
}

/// Writes what `read` answers for the world behind `w` through `out` (nullable) and answers
/// `C2D_OK`, or answers why not and writes nothing (`C2D_ERR_NULL` for a NULL world).
///
/// # Safety
/// `w` is NULL or a live world; `out` NULL or writable.
#[inline(always)]
pub(super) unsafe fn read_out<T, E: Code>(
    w: *const World,
    out: *mut T,
    read: impl FnOnce(&World) -> Result<T, E>,
) -> c2d_status {
    // SAFETY: the caller's promise.
    unsafe { world_ref(w, C2D_ERR_NULL, |w| status_out(read(w), out)) }
}

/// What `f`, a query of the world behind `w` writing its answers to `out[..cap]` (NULL is fine
/// when `cap` is 0), counts; 0 for a NULL world.
///
/// # Safety
/// `w` is NULL or a live world; `out` NULL or valid for writing `cap` values.
#[inline(always)]
pub(super) unsafe fn query<T>(
    w: *const World,
    out: *mut T,
    cap: usize,
    f: impl FnOnce(&World, &mut [T]) -> usize,
) -> usize {
    // SAFETY: the caller's promise.
    unsafe { world_ref(w, 0, |w| f(w, out_slice(out, cap))) }
}

/// Writes the two values `read` answers for a live world through `a` and `b` (each nullable),
/// or answers why not.
///
/// # Safety
/// `w` is NULL or a live world; `a` and `b` are NULL or writable.
pub(super) unsafe fn read_two<A, B>(
    w: *const World,
    read: impl FnOnce(&World) -> Result<(A, B), WorldError>,
    a: *mut A,
    b: *mut B,
) -> c2d_status {
    // SAFETY: NULL or a live world; `a` and `b` each NULL or writable (the caller's promise).
    unsafe {
        world_ref(w, C2D_ERR_NULL, |w| {
            status(read(w).map(|(x, y)| {
                write_out(a, x);
                write_out(b, y);
            }))
        })
    }
}

/// A new empty world whose broad phase cuts the plane into cells `cell_size` units square (pick
/// at least the size of the common items: items spanning more than two cells on an axis are
/// each tested against every other item). NULL if `cell_size` is not positive and finite. Free it
/// with `c2d_world_free`.
#[no_mangle]
pub extern "C" fn c2d_world_new(cell_size: f32) -> *mut World {
    guard(std::ptr::null_mut(), || match World::new(cell_size) {
        Some(w) => Box::into_raw(Box::new(w)),
        None => std::ptr::null_mut(),
    })
}

/// Frees a world made by `c2d_world_new` and every item in it; NULL is fine. Its handles become
/// meaningless (another world will report them as `C2D_ERR_STALE`).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_free(w: *mut World) {
    guard((), || {
        if !w.is_null() {
            // SAFETY: made by Box::into_raw in c2d_world_new and not freed yet (contract).
            drop(unsafe { Box::from_raw(w) });
        }
    })
}

/// Adds an item with box `rect` and an opaque `user` value; returns its handle, never 0. Returns 0
/// when `w` is NULL, `rect` has a NaN or infinite field, or the world already holds
/// `C2D_WORLD_CAPACITY` items (`c2d_world_add_checked` answers which, with `C2D_ERR_FULL` for a
/// full world).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_add(w: *mut World, rect: Rect, user: u64) -> u64 {
    // SAFETY: NULL or a live world (contract).
    unsafe { world_mut(w, 0, |w| w.add(rect, user).unwrap_or(0)) }
}

/// Moves or resizes item `id` to `rect` (a teleport: nothing is swept). `C2D_ERR_NULL` for a
/// NULL world, `C2D_ERR_STALE` for a handle that names no live item of `w`, `C2D_ERR_INVALID` for
/// a NaN or infinite field (the item is left unchanged).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_update(w: *mut World, id: u64, rect: Rect) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.update(id, rect)) }
}

/// Removes item `id`; its handle becomes stale for good (a reused slot gets a new generation).
/// Slots are reused without end in practice: a slot serves 2^32 items before it is retired, so
/// a world survives at least 2^54 removals (since 1.3; 1.2 retired a slot after 1,024, about
/// 2^32 removals in all). `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` if `id` names no
/// live item of `w`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_remove(w: *mut World, id: u64) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.remove(id)) }
}

/// Reads item `id`'s rect (as last given) and user value into `rect` and `user`, each nullable.
/// `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` (nothing written) if `id` names no live item.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get(
    w: *const World,
    id: u64,
    rect: *mut Rect,
    user: *mut u64,
) -> c2d_status {
    // SAFETY: the caller's contract, passed on.
    unsafe { read_two(w, |w| w.get(id), rect, user) }
}

/// The number of live items; 0 for a NULL world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_count(w: *const World) -> usize {
    // SAFETY: NULL or a live world (contract).
    unsafe { world_ref(w, 0, World::count) }
}

/// The items whose rect overlaps `rect` by more than the band on both axes (touching, within
/// the band, is not found: a query of an item's own rect never finds the wall it was snapped
/// against; on the grid domain exactly `c2d_overlap_rect_rect`), in ascending handle order.
/// Writes at most `cap` handles to `out` (NULL is fine when `cap` is 0) and returns how many
/// items there are, so a caller can size a buffer and ask again.
/// 0 for a NULL world or a NaN query.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_rect(
    w: *const World,
    rect: Rect,
    out: *mut u64,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
    unsafe { query(w, out, cap, |w, out| w.query_rect(rect, out)) }
}

/// The items whose rect contains `point` by more than the band on both axes (a point on an edge,
/// or within the band of it, is not inside; on the grid domain exactly
/// `c2d_overlap_point_rect`), in ascending handle order. Output contract as `c2d_world_query_rect`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_point(
    w: *const World,
    point: Vec2,
    out: *mut u64,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
    unsafe { query(w, out, cap, |w, out| w.query_point(point, out)) }
}

/// The items whose rect strictly overlaps `circle` (as `c2d_overlap_rect_circle`; a circle with
/// `r <= 0` finds nothing) and, where the circle meets a face (its centre within the rect's span
/// across that face), by more than the band across it; in ascending handle order. Output
/// contract as `c2d_world_query_rect`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_circle(
    w: *const World,
    circle: Circle,
    out: *mut u64,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
    unsafe { query(w, out, cap, |w, out| w.query_circle(circle, out)) }
}

/// The items a ray cast along `segment` hits (exactly those whose closed rect the closed segment
/// meets, as `c2d_intersect_segment_rect`), sorted by `hit.t`, ties by ascending handle. Each hit:
/// `t` where the segment enters the rect (0 if `segment.a` is inside), `normal` the face entered
/// (zero when `a` is strictly inside), `point` = `pos` = the entry point. Writes at most `cap`
/// hits to `out` (NULL is fine when `cap` is 0) and returns how many there are; 0 for a NULL world
/// or a non-finite segment.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_segment(
    w: *const World,
    segment: Segment,
    out: *mut WorldHit,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` hits (contract).
    unsafe { query(w, out, cap, |w, out| w.query_segment(segment, out)) }
}

/// Every pair of items whose rects overlap by more than the band on both axes (flush neighbours
/// from level data are no pair; on the grid domain exactly `c2d_overlap_rect_rect`), once, with
/// `a < b`, in ascending `(a, b)` order. Writes at most `cap` pairs to `out` (NULL is fine when
/// `cap` is 0) and returns how many there are; 0 for a NULL world. With `cap` 0 it only counts,
/// in memory that does not grow with the number of pairs (since 1.3: 10^5 items all in one cell,
/// five billion pairs, are counted in about 20 MB; 1.2 kept every pair found, some 26 bytes each).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_pairs(w: *const World, out: *mut Pair, cap: usize) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` pairs (contract).
    unsafe { query(w, out, cap, |w, out| w.pairs(out)) }
}

/// Where a move writes its answers, each pointer NULL (not asked for) or writable: the final
/// position, converted with `pos`; at most `cap` hits, converted with `hit`, and as many next
/// goals (`legs`, one per hit); the number of hits.
pub(super) struct Answers<P, H> {
    actual: *mut P,
    pos: fn(Vec2D) -> P,
    hits: *mut H,
    hit: fn(&WorldHitD) -> H,
    legs: *mut Vec2D,
    cap: usize,
    count: *mut usize,
}

impl Answers<Vec2, WorldHit> {
    /// The answers of the float functions, rounded to f32.
    pub(super) fn f32(
        actual: *mut Vec2,
        hits: *mut WorldHit,
        cap: usize,
        count: *mut usize,
    ) -> Self {
        Answers::new(actual, Vec2D::to_f32, hits, WorldHitD::to_f32, cap, count)
    }
}

impl Answers<Vec2D, WorldHitD> {
    /// The answers of the double functions, as they are; `legs` NULL or writable for `cap`.
    pub(super) fn exact(
        actual: *mut Vec2D,
        hits: *mut WorldHitD,
        legs: *mut Vec2D,
        cap: usize,
        count: *mut usize,
    ) -> Self {
        let out = Answers::new(actual, |p| p, hits, |h| *h, cap, count);
        Answers { legs, ..out }
    }
}

impl<H> Answers<Vec2D, H> {
    /// A projection's answers: its hits, converted with `hit`, and their number; no position.
    pub(super) fn hits(
        hits: *mut H,
        hit: fn(&WorldHitD) -> H,
        cap: usize,
        count: *mut usize,
    ) -> Self {
        Answers::new(ptr::null_mut(), |p| p, hits, hit, cap, count)
    }
}

impl<P, H> Answers<P, H> {
    /// Answers without next goals.
    fn new(
        actual: *mut P,
        pos: fn(Vec2D) -> P,
        hits: *mut H,
        hit: fn(&WorldHitD) -> H,
        cap: usize,
        count: *mut usize,
    ) -> Self {
        let legs = ptr::null_mut();
        Answers {
            actual,
            pos,
            hits,
            hit,
            legs,
            cap,
            count,
        }
    }

    /// Where the caller wants each hit's next goal.
    pub(super) fn legs_asked(&self) -> bool {
        !self.legs.is_null()
    }

    /// Writes a move's final position `end`, its hits and their next goals.
    ///
    /// # Safety
    /// Each pointer is NULL or writable (`hits` and `legs` for `cap` values).
    pub(super) unsafe fn write(&self, end: Vec2D, found: &[WorldHitD], next: &[Vec2D]) {
        // SAFETY: each output is NULL or writable for `cap` values (the caller's promise).
        unsafe {
            write_out(self.actual, (self.pos)(end));
            for (o, h) in out_slice(self.hits, self.cap).iter_mut().zip(found) {
                *o = (self.hit)(h);
            }
            for (o, g) in out_slice(self.legs, self.cap).iter_mut().zip(next) {
                *o = *g;
            }
            write_out(self.count, found.len());
        }
    }
}

/// Runs a move or a kit function with the world behind `w` and the C filter, writing its answer
/// (converted with `convert`) through `out` (nullable) on success.
///
/// # Safety
/// `w` is NULL or a live world that the filter does not free; `filter` NULL or a C function of
/// the documented type; `out` NULL or writable.
pub(super) unsafe fn with_filter<T, O>(
    w: *mut World,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: *mut O,
    convert: impl FnOnce(T) -> O,
    call: impl FnOnce(&mut Raw, Filter<Raw>) -> Result<T, WorldError>,
) -> c2d_status {
    if w.is_null() {
        return C2D_ERR_NULL;
    }
    let mut pick = |_: &mut Raw, item: u64, other: u64| {
        // SAFETY: a filter of the documented type (contract).
        unsafe { ask(filter, item, other, ctx) }
    };
    // SAFETY: NULL or writable (contract).
    unsafe { status_out(call(&mut Raw(w), &mut pick).map(convert), out) }
}

/// Runs a move (or a check, `commit` false) through the C ABI and writes its answers.
///
/// # Safety
/// `w` is NULL or a live world that the filter does not free; `filter` NULL or a C function of
/// the documented type; the answers' pointers NULL or writable.
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn motion<P, H>(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    commit: bool,
    snap: Snap,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: Answers<P, H>,
) -> c2d_status {
    let none = |_: &mut Raw, _: Filter<Raw>| Ok(());
    // SAFETY: the caller's contract, passed on; nothing is written through a NULL pointer.
    unsafe {
        motion_then(
            w,
            id,
            goal,
            commit,
            snap,
            filter,
            ctx,
            out,
            none,
            ptr::null_mut(),
        )
    }
}

/// [`motion`], then `then` (a kit function, with the same filter, on the world the move left),
/// whose answer is written through `state` (nullable) when both succeed.
///
/// # Safety
/// As [`motion`], and `state` NULL or writable.
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn motion_then<P, H, T>(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    commit: bool,
    snap: Snap,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: Answers<P, H>,
    then: impl FnOnce(&mut Raw, Filter<Raw>) -> Result<T, WorldError>,
    state: *mut T,
) -> c2d_status {
    let (mut found, mut next) = (Vec::new(), Vec::new());
    let asked = out.legs_asked().then_some(&mut next);
    let mut end = Vec2D::default();
    // SAFETY: the caller's contract, passed on.
    let s = unsafe {
        with_filter(
            w,
            filter,
            ctx,
            state,
            |v| v,
            |acc, f| {
                end = run(acc, id, goal, commit, snap, f, &mut found, asked)?;
                then(acc, f)
            },
        )
    };
    if s == C2D_OK {
        // SAFETY: the caller's contract, passed on.
        unsafe { out.write(end, &found, &next) };
    }
    s
}

/// bump.lua's `world:move`: moves item `id` so that its rect's `x, y` go toward `goal`, meeting
/// the other items as bump.lua 3.1.7 does, with exact decisions; `filter(id, other, ctx)` picks
/// the response for each item met (NULL filter: `C2D_SLIDE` for all; `C2D_IGNORE` makes it no
/// obstacle). Items whose category and mask do not interact with the mover's are skipped before
/// the filter is asked. The filter is called at most once per other item and move, in the
/// order the items are met; it may change the world (see `c2d_filter_fn`).
///
/// Each step projects the rect from where it is toward the goal and resolves the first item
/// met: items the rect overlaps by more than the band where the step begins come first (the
/// deepest first), resolved from bump.lua's touch position (where the line of motion, extended
/// backwards, entered the item; for a rect that does not move, the nearest way out), then the
/// items in order of time (ties: nearer centre, then lower handle). `C2D_TOUCH` stops at the
/// contact, `C2D_SLIDE` keeps the rest of the motion along the face, `C2D_BOUNCE` reflects it,
/// `C2D_CROSS` passes through (an item overlapped at the start is reported on every move while
/// the overlap lasts). Each item is met at most once per move, and at most
/// `C2D_MOVE_MAX_HITS` (32) hits are resolved. Touching is never taken for overlapping:
/// sliding along a face, grazing a corner or arriving exactly in contact is no hit. A rect that
/// starts within the band of a face (snapped flush by the game's own arithmetic) touches it:
/// moving away or along is free, moving into it meets it at `t = 0` where the rect is (never
/// pushed through, nor back beyond the band). Except through crossed or ignored items, the rect
/// never ends overlapping, by more than the band, an item it did not overlap so at the start; a
/// contact puts it flush (exactly where that position is representable, else on the outer
/// side); an unobstructed move ends exactly at `goal`.
///
/// If the filter changes the world, the move projects again from where the mover then is:
/// a removed or moved item no longer blocks (and is never reported with a stale handle), an
/// added one is met; if the filter moves the mover itself, the move goes on from its new rect;
/// if it removes the mover, the move answers `C2D_ERR_STALE`. (A filter that changes the world
/// on every call is followed so 64 times per move; after that its changes are seen from the
/// next step on.)
///
/// The item's rect is updated to the final position, written to `actual` (nullable); the hits
/// in order go to `hits` (at most `cap`; NULL is fine when `cap` is 0) and their total to
/// `count` (nullable). Each hit: `t` the fraction of that step's motion at contact (0 for an
/// item overlapped where the step began), `normal` the face met (a unit vector: along an axis
/// for a rect item, off the axes for the slanted face of a slope or polygon item, see
/// `c2d_world_set_slope`), `pos` = `point` the rect's x, y at the contact. `C2D_ERR_NULL` for a
/// NULL world, `C2D_ERR_STALE` for a handle naming no live item, `C2D_ERR_INVALID` for a NaN or
/// infinite goal; on error nothing is written. The position and hits are the double-precision
/// move's, rounded to f32 (`c2d_world_move_d` gives them unrounded).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move(
    w: *mut World,
    id: u64,
    goal: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2,
    hits: *mut WorldHit,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let out = Answers::f32(actual, hits, cap, count);
    // SAFETY: the caller's contract, passed on.
    guard(C2D_ERR_NULL, || unsafe {
        motion(w, id, goal.into(), true, Snap::F32, filter, ctx, out)
    })
}

/// `c2d_world_move` in double precision: the goal, the final position and the hits as given and
/// computed in doubles. Each hit also carries the filter's `response` and `overlaps` (the item
/// was strictly overlapped where the step began; its `t` is then bump.lua's `ti`, minus the
/// overlap's area, so that the deepest sorts first).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move_d(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2D,
    hits: *mut WorldHitD,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let out = Answers::exact(actual, hits, ptr::null_mut(), cap, count);
    // SAFETY: the caller's contract, passed on.
    guard(C2D_ERR_NULL, || unsafe {
        motion(w, id, goal, true, Snap::Exact, filter, ctx, out)
    })
}

/// bump.lua's `world:check`: exactly `c2d_world_move` without moving the item (the filter is
/// asked as a move would ask it).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_check(
    w: *mut World,
    id: u64,
    goal: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2,
    hits: *mut WorldHit,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let out = Answers::f32(actual, hits, cap, count);
    // SAFETY: the caller's contract, passed on.
    guard(C2D_ERR_NULL, || unsafe {
        motion(w, id, goal.into(), false, Snap::F32, filter, ctx, out)
    })
}

/// `c2d_world_check` in double precision (as `c2d_world_move_d`).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_check_d(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2D,
    hits: *mut WorldHitD,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let out = Answers::exact(actual, hits, ptr::null_mut(), cap, count);
    // SAFETY: the caller's contract, passed on.
    guard(C2D_ERR_NULL, || unsafe {
        motion(w, id, goal, false, Snap::Exact, filter, ctx, out)
    })
}

/// `c2d_world_move_d`, also telling where each hit sent the mover next, as a scripting layer
/// reports it (bump.lua's `col.slide` and `col.bounce`): `legs[k]` is the goal of the leg after
/// hit `k` — for `C2D_SLIDE` the rest of the motion along the face met (off the axes on the
/// slanted face of a slope or polygon item), for `C2D_BOUNCE` that rest reflected off the face,
/// for `C2D_TOUCH` the contact (`hit.pos`), for `C2D_CROSS` the goal before it (the motion goes
/// on). A mover already at its goal keeps it. `legs` (NULL is fine) has room for `cap` values,
/// as `hits` has; on error nothing is written.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_move_legs_d(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2D,
    hits: *mut WorldHitD,
    legs: *mut Vec2D,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let out = Answers::exact(actual, hits, legs, cap, count);
    // SAFETY: the caller's contract, passed on.
    guard(C2D_ERR_NULL, || unsafe {
        motion(w, id, goal, true, Snap::Exact, filter, ctx, out)
    })
}

/// `c2d_world_check_d` with each hit's next goal written to `legs`, as `c2d_world_move_legs_d`
/// writes them.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_check_legs_d(
    w: *mut World,
    id: u64,
    goal: Vec2D,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    actual: *mut Vec2D,
    hits: *mut WorldHitD,
    legs: *mut Vec2D,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let out = Answers::exact(actual, hits, legs, cap, count);
    // SAFETY: the caller's contract, passed on.
    guard(C2D_ERR_NULL, || unsafe {
        motion(w, id, goal, false, Snap::Exact, filter, ctx, out)
    })
}

/// Runs a projection through the C ABI and writes its hits.
///
/// # Safety
/// `w` is NULL or a live world; `filter` NULL or of the documented type; the answers' pointers
/// NULL or writable.
unsafe fn projection<H>(
    w: *const World,
    id: u64,
    rect: RectD,
    goal: Vec2D,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: Answers<Vec2D, H>,
) -> c2d_status {
    let mut found = Vec::new();
    // SAFETY: a filter of the documented type (contract).
    let pick = |item, other| unsafe { ask(filter, item, other, ctx) };
    // SAFETY: NULL or a live world; the answers' pointers NULL or writable (contract).
    unsafe {
        world_ref(w, C2D_ERR_NULL, |world| {
            let r = world.project_d(id, rect, goal, pick, &mut found);
            status(r.map(|()| out.write(Vec2D::default(), &found, &[])))
        })
    }
}

/// bump.lua's `world:project`: every item that `rect` moving straight to corner `goal` would
/// meet (exactly as a move's first step sees them), sorted by `hit.t` — items `rect` strictly
/// overlaps first (`overlaps` true, `t` minus the overlap's area, the deepest first), then by
/// the time of contact — ties by the distance between centres, then by handle. `id` is the
/// item projected (skipped, its categories applied, and passed to the filter) or 0 for none;
/// `filter(id, other, ctx)` answers each item's response (recorded in the hit; `C2D_IGNORE`
/// leaves it out; NULL: `C2D_SLIDE` for all); nothing moves (the filter must not change the
/// world here). Writes at most `cap` hits to `out` (NULL is fine when `cap` is 0) and the total
/// to `count` (nullable). `C2D_ERR_NULL` for a NULL world, `C2D_ERR_STALE` for a non-zero `id`
/// naming no live item, `C2D_ERR_INVALID` for a NaN or infinite field.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_project_d(
    w: *const World,
    id: u64,
    rect: RectD,
    goal: Vec2D,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: *mut WorldHitD,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let out = Answers::hits(out, |h| *h, cap, count);
    // SAFETY: the caller's contract, passed on.
    unsafe { projection(w, id, rect, goal, filter, ctx, out) }
}

/// `c2d_world_project_d` with an f32 rect and goal; the hits rounded to f32 (an item overlapped
/// at the start is hit at `t = 0`).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn c2d_world_project(
    w: *const World,
    id: u64,
    rect: Rect,
    goal: Vec2,
    filter: c2d_filter_fn,
    ctx: *mut c_void,
    out: *mut WorldHit,
    cap: usize,
    count: *mut usize,
) -> c2d_status {
    let out = Answers::hits(out, WorldHitD::to_f32, cap, count);
    // SAFETY: the caller's contract, passed on.
    unsafe { projection(w, id, rect.into(), goal.into(), filter, ctx, out) }
}

/// A new empty world as `c2d_world_new`, with a double-precision cell size. NULL if `cell_size`
/// is not positive and finite.
#[no_mangle]
pub extern "C" fn c2d_world_new_d(cell_size: f64) -> *mut World {
    guard(std::ptr::null_mut(), || match World::new_d(cell_size) {
        Some(w) => Box::into_raw(Box::new(w)),
        None => std::ptr::null_mut(),
    })
}

/// The world's cell size as it was given; 0 for a NULL world.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_cell_size_d(w: *const World) -> f64 {
    // SAFETY: NULL or a live world (contract).
    unsafe { world_ref(w, 0.0, World::cell_size_d) }
}

/// `c2d_world_add` with a double-precision rect, kept exactly as given (a rect at y = 99.9 is
/// at 99.9, not at the nearest float).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_add_d(w: *mut World, rect: RectD, user: u64) -> u64 {
    // SAFETY: NULL or a live world (contract).
    unsafe { world_mut(w, 0, |w| w.add_d(rect, user).unwrap_or(0)) }
}

/// Adds an item as `c2d_world_add_d` and says why when it cannot: writes the handle to `id`
/// (nullable; 0 on error) and answers `C2D_OK`, `C2D_ERR_NULL` (NULL world),
/// `C2D_ERR_INVALID` (a NaN or infinite field) or `C2D_ERR_FULL` (the world already holds
/// `C2D_WORLD_CAPACITY` items).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_add_checked(
    w: *mut World,
    rect: RectD,
    user: u64,
    id: *mut u64,
) -> c2d_status {
    // SAFETY: NULL or a live world; `id` NULL or writable (contract).
    unsafe {
        let s = world_mut(w, C2D_ERR_NULL, |w| status_out(w.add_d(rect, user), id));
        if s != C2D_OK {
            write_out(id, 0);
        }
        s
    }
}

/// `c2d_world_update` with a double-precision rect, kept exactly as given.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_update_d(w: *mut World, id: u64, rect: RectD) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.update_d(id, rect)) }
}

/// `c2d_world_get` in double precision: the rect exactly as last given.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get_d(
    w: *const World,
    id: u64,
    rect: *mut RectD,
    user: *mut u64,
) -> c2d_status {
    // SAFETY: the caller's contract, passed on.
    unsafe { read_two(w, |w| w.get_d(id), rect, user) }
}

/// Sets item `id`'s category bits and the mask of categories it interacts with (Box2D's rule):
/// two items interact when `(a.category & b.mask) != 0 && (b.category & a.mask) != 0`. Items
/// start with category 1 and mask `UINT64_MAX` (everything interacts). Moves, checks,
/// projections and `c2d_world_pairs` skip items that do not interact (before the filter is
/// asked); the `_d` queries take a mask of their own. `C2D_ERR_NULL` for a NULL world,
/// `C2D_ERR_STALE` for a handle naming no live item.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_set_category(
    w: *mut World,
    id: u64,
    category: u64,
    mask: u64,
) -> c2d_status {
    // SAFETY: NULL or a live world (contract).
    unsafe { change(w, |w| w.set_category(id, category, mask)) }
}

/// Reads item `id`'s category and mask into `category` and `mask` (each nullable). Statuses as
/// `c2d_world_get`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_get_category(
    w: *const World,
    id: u64,
    category: *mut u64,
    mask: *mut u64,
) -> c2d_status {
    // SAFETY: the caller's contract, passed on.
    unsafe { read_two(w, |w| w.category(id), category, mask) }
}

/// `c2d_world_query_rect` in double precision, exact for every finite double: the items whose
/// rect strictly overlaps `rect` and whose category has a bit of `mask` (`UINT64_MAX` for all).
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_rect_d(
    w: *const World,
    rect: RectD,
    mask: u64,
    out: *mut u64,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
    unsafe { query(w, out, cap, |w, out| w.query_rect_d(rect, mask, out)) }
}

/// `c2d_world_query_point` in double precision, exact, with a category `mask`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_point_d(
    w: *const World,
    point: Vec2D,
    mask: u64,
    out: *mut u64,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
    unsafe { query(w, out, cap, |w, out| w.query_point_d(point, mask, out)) }
}

/// `c2d_world_query_circle` in double precision, exact, with a category `mask`.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_circle_d(
    w: *const World,
    circle: CircleD,
    mask: u64,
    out: *mut u64,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` handles (contract).
    unsafe { query(w, out, cap, |w, out| w.query_circle_d(circle, mask, out)) }
}

/// `c2d_world_query_segment` in double precision, with a category `mask`: the items whose
/// closed rect the closed segment meets (decided exactly), sorted by `hit.t`, ties by handle;
/// `response` is `C2D_SLIDE` and `overlaps` false in every hit. 0 for a non-finite segment.
#[no_mangle]
pub unsafe extern "C" fn c2d_world_query_segment_d(
    w: *const World,
    segment: SegmentD,
    mask: u64,
    out: *mut WorldHitD,
    cap: usize,
) -> usize {
    // SAFETY: NULL or a live world; `out` valid for `cap` hits (contract).
    unsafe { query(w, out, cap, |w, out| w.query_segment_d(segment, mask, out)) }
}
