//! Collision response: `c2d_move_rect` (bump.lua's responses) and `c2d_move_recti`.

use super::{guard, write_out};
use crate::response::{self, MoveInfo, Response};
use crate::shape::{Rect, RectI, Vec2};

/// How a moving rect answers a hit (a `uint32_t`): `C2D_IGNORE`, `C2D_SLIDE`, `C2D_TOUCH`,
/// `C2D_CROSS`, `C2D_BOUNCE`. Any other value behaves as `C2D_TOUCH`.
#[allow(non_camel_case_types)]
pub type c2d_response = u32;

/// Not a collision: the rect passes through and no hit is counted.
pub const C2D_IGNORE: c2d_response = 0;
/// Stop at the contact, then keep the rest of the motion along the surface.
pub const C2D_SLIDE: c2d_response = 1;
/// Stop at the contact.
pub const C2D_TOUCH: c2d_response = 2;
/// Pass through, counting the hit.
pub const C2D_CROSS: c2d_response = 3;
/// Stop at the contact, then go on with the rest of the motion reflected off the surface.
pub const C2D_BOUNCE: c2d_response = 4;

/// The most hits `c2d_move_rect` resolves in one call.
pub const C2D_MOVE_MAX_HITS: usize = 32;

/// Bit of `c2d_move_recti`'s `blocked`: x moved less than asked.
pub const C2D_BLOCKED_X: u32 = 1;
/// Bit of `c2d_move_recti`'s `blocked`: y moved less than asked.
pub const C2D_BLOCKED_Y: u32 = 2;

const _: () = assert!(C2D_MOVE_MAX_HITS == response::MAX_HITS);

/// Moves rect `a` by `delta` through `obstacles[0..n]` and returns its final position (x, y),
/// resolving hits in order of t (ties: lower index) with `response` as bump.lua does: SLIDE
/// drops the remaining motion's component along the hit normal, TOUCH stops at the contact,
/// CROSS passes through (counting every obstacle swept through), BOUNCE reflects the remaining
/// motion; IGNORE passes through without hits; unknown values act as TOUCH. Every leg is swept
/// (sliding along a touching face is free). Obstacles `a` overlaps where a leg begins follow
/// bump.lua 3.1.7's rule: each is a hit before the others, the deepest first, resolved from
/// where the line of motion, extended backwards, entered it (for a rect that does not move, the
/// nearest way out). Touching is read as the game means it, in float: faces within one unit in
/// the last place of the largest coordinate or size on that axis are the same face, so `a`
/// snapped flush against an obstacle (`a.x = wall.x - a.w` in float) moves away and along
/// freely and meets it at `t = 0`, where it is, moving into it; "overlaps" means by more than
/// that band. At most `C2D_MOVE_MAX_HITS` (32) hits are resolved; the motion stops at the last.
/// Except with CROSS the result never overlaps, by more than the band, an obstacle `a` did not
/// overlap so at the start.
/// `info` (nullable) gets the number of hits, the index of the first obstacle hit (`SIZE_MAX`
/// when none) and that hit (zeroed when none). NULL `obstacles` is read as no obstacles
/// (whatever `n`). A NaN in `a` or `delta`, or an infinite `delta`, returns `a`'s position with no
/// hits; a rect at an infinite position meets nothing and moves by `delta`.
#[no_mangle]
pub unsafe extern "C" fn c2d_move_rect(
    a: Rect,
    delta: Vec2,
    obstacles: *const Rect,
    n: usize,
    response: c2d_response,
    info: *mut MoveInfo,
) -> Vec2 {
    guard(Vec2::new(a.x, a.y), || {
        // SAFETY: when not NULL, `obstacles` points to `n` readable rects (the contract).
        let list = unsafe { slice(obstacles, n) };
        let (pos, found) = response::move_rect(a, delta, list, Response::from_u32(response));
        // SAFETY: `info` is NULL or writable, as this function's contract requires.
        unsafe { write_out(info, found) };
        pos
    })
}

/// The move of an integer engine (a GameLib-style tile game): `a` moves `dx` along x first, then
/// `dy` along y, each as far as possible without overlapping strictly, at any unit position along
/// the way, an obstacle of `obstacles[0..n]` it did not overlap at the start (touching is fine).
/// Exact to the unit; positions saturate at the int32 range. `blocked` (nullable) gets bit 0
/// (`C2D_BLOCKED_X`) if x moved less than `dx`, bit 1 (`C2D_BLOCKED_Y`) if y moved less than `dy`
/// (by an obstacle or by saturation). NULL `obstacles` is read as no obstacles.
#[no_mangle]
pub unsafe extern "C" fn c2d_move_recti(
    a: RectI,
    dx: i32,
    dy: i32,
    obstacles: *const RectI,
    n: usize,
    blocked: *mut u32,
) -> RectI {
    guard(a, || {
        // SAFETY: when not NULL, `obstacles` points to `n` readable rects (the contract).
        let list = unsafe { slice(obstacles, n) };
        let (r, bits) = response::move_recti(a, dx, dy, list);
        // SAFETY: `blocked` is NULL or writable, as this function's contract requires.
        unsafe { write_out(blocked, bits) };
        r
    })
}

/// `n` values at `p` as a slice; NULL (or `n == 0`) is the empty slice.
///
/// # Safety
/// `p` must be NULL or point to `n` readable, aligned, initialised values.
unsafe fn slice<'a, T>(p: *const T, n: usize) -> &'a [T] {
    if p.is_null() || n == 0 {
        &[]
    } else {
        // SAFETY: non-NULL, and the caller promises n readable values.
        unsafe { std::slice::from_raw_parts(p, n) }
    }
}
