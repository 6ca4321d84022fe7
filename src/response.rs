//! Collision response: moving a rect through obstacles (bump.lua's responses) and the integer
//! engine's exact move.

use crate::query::sweep::{at, settle};
use crate::query::{overlap_rect_rect, overlap_recti_recti, sweep_rect_rect};
use crate::shape::{Hit, Rect, RectI, Vec2};

/// The most hits [`move_rect`] resolves in one call (32); the motion stops at the last one.
pub(crate) const MAX_HITS: usize = 32;

/// What a moving rect does when it hits an obstacle (bump.lua's responses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    /// Not a collision: the rect passes through and no hit is counted.
    Ignore,
    /// Stops at the contact, then keeps the rest of the motion along the surface (the
    /// component along the hit normal is dropped).
    Slide,
    /// Stops at the contact.
    Touch,
    /// Passes through, but the hit is counted.
    Cross,
    /// Stops at the contact, then goes on with the rest of the motion reflected off the surface.
    Bounce,
}

impl Response {
    /// The C code (`C2D_IGNORE = 0`, `C2D_SLIDE = 1`, `C2D_TOUCH = 2`, `C2D_CROSS = 3`,
    /// `C2D_BOUNCE = 4`); any other value is [`Response::Touch`].
    pub fn from_u32(code: u32) -> Response {
        match code {
            0 => Response::Ignore,
            1 => Response::Slide,
            3 => Response::Cross,
            4 => Response::Bounce,
            _ => Response::Touch,
        }
    }
}

/// What a move met on its way (`c2d_move_info`, filled by `c2d_move_rect`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveInfo {
    /// How many hits were resolved (at most 32).
    pub count: usize,
    /// Index of the first obstacle hit; `SIZE_MAX` when `count == 0`.
    pub first: usize,
    /// That first hit (`t` a fraction of the whole `delta`); all zero when `count == 0`.
    pub first_hit: Hit,
}

impl Default for MoveInfo {
    fn default() -> Self {
        MoveInfo {
            count: 0,
            first: usize::MAX,
            first_hit: Hit::default(),
        }
    }
}

/// The goal after a hit at `pos` on the face with `normal`, as bump.lua redirects a move: slide
/// keeps the motion along the face, bounce reflects what is left of it; `None` for the responses
/// that stop there.
pub(crate) fn redirect(
    response: Response,
    pos: Vec2,
    mut goal: Vec2,
    normal: Vec2,
) -> Option<Vec2> {
    let along_x = normal.x != 0.0;
    match response {
        Response::Slide if along_x => goal.x = pos.x,
        Response::Slide => goal.y = pos.y,
        Response::Bounce if along_x => goal.x = pos.x - (goal.x - pos.x),
        Response::Bounce => goal.y = pos.y - (goal.y - pos.y),
        _ => return None,
    }
    Some(goal)
}

/// Moves `a` by `delta` through `obstacles`, resolving hits in order of `t` (ties: lower index)
/// with `response`, and returns `a`'s final position (its `x, y`) with what it met.
///
/// Each leg of the motion is swept ([`sweep_rect_rect`]) against every obstacle `a` did not
/// overlap strictly at the start; those it did overlap never block it nor count. At most
/// 32 hits are resolved; the motion stops at the last one. Except with `Cross`, the
/// final position strictly overlaps no obstacle that `a` did not overlap at the start (it is
/// checked with the exact predicate, stepping back by f32 ulps if rounding demands).
///
/// `Ignore` passes straight through (`a + delta`, no hits). `Cross` also ends at `a + delta`
/// and counts every obstacle swept through, in order, up to 32. A NaN in `a` or
/// `delta` leaves `a` where it is.
pub fn move_rect(a: Rect, delta: Vec2, obstacles: &[Rect], response: Response) -> (Vec2, MoveInfo) {
    let mut info = MoveInfo::default();
    let start = Vec2::new(a.x, a.y);
    if a.x.is_nan()
        || a.y.is_nan()
        || a.w.is_nan()
        || a.h.is_nan()
        || delta.x.is_nan()
        || delta.y.is_nan()
    {
        return (start, info);
    }
    let blocks = |i: usize| !overlap_rect_rect(a, obstacles[i]);
    let moved = |p: Vec2| Rect::new(p.x, p.y, a.w, a.h);
    match response {
        Response::Ignore => return (at(start, delta, 1.0), info),
        Response::Cross => {
            // One sweep of the whole motion: every obstacle on the way is a hit, in order.
            let mut last: Option<(f32, usize)> = None;
            while info.count < MAX_HITS {
                let mut next: Option<(Hit, usize)> = None;
                for (i, &o) in obstacles.iter().enumerate() {
                    // The sweep first: it rejects most obstacles in a few compares.
                    let Some(h) = sweep_rect_rect(a, delta, o) else {
                        continue;
                    };
                    if !blocks(i) {
                        continue;
                    }
                    let after = last.is_none_or(|(t, j)| h.t > t || (h.t == t && i > j));
                    if after && next.is_none_or(|(n, j)| h.t < n.t || (h.t == n.t && i < j)) {
                        next = Some((h, i));
                    }
                }
                let Some((h, i)) = next else { break };
                if info.count == 0 {
                    info.first = i;
                    info.first_hit = h;
                }
                info.count += 1;
                last = Some((h.t, i));
            }
            return (at(start, delta, 1.0), info);
        }
        _ => {}
    }
    let mut pos = start;
    let mut goal = at(start, delta, 1.0);
    loop {
        let leg = Vec2::new(goal.x - pos.x, goal.y - pos.y);
        let here = moved(pos);
        let mut first: Option<(Hit, usize)> = None;
        for (i, &o) in obstacles.iter().enumerate() {
            // The sweep first: it rejects most obstacles in a few compares.
            if let Some(h) = sweep_rect_rect(here, leg, o) {
                if blocks(i) && first.is_none_or(|(f, _)| h.t < f.t) {
                    first = Some((h, i));
                }
            }
        }
        let stop = first.map_or(1.0, |(h, _)| h.t);
        // The leg's end is checked against every blocking obstacle, not only the one hit.
        let t = settle(stop, |t| {
            let r = moved(at(pos, leg, t));
            (0..obstacles.len()).all(|i| !overlap_rect_rect(r, obstacles[i]) || !blocks(i))
        });
        let clear = |p: Vec2| {
            (0..obstacles.len()).all(|i| !overlap_rect_rect(moved(p), obstacles[i]) || !blocks(i))
        };
        let end = match first {
            // The hit's flush position when nothing else objects to it.
            Some((h, _)) if h.t == t && clear(h.pos) => h.pos,
            _ => at(pos, leg, t),
        };
        let Some((h, i)) = first else {
            return (end, info);
        };
        if info.count == 0 {
            info.first = i;
            info.first_hit = h;
        }
        info.count += 1;
        pos = end;
        if info.count >= MAX_HITS {
            return (pos, info);
        }
        goal = match redirect(response, pos, goal, h.normal) {
            Some(goal) => goal,
            None => return (pos, info),
        };
        if goal == pos {
            return (pos, info);
        }
    }
}

/// The move of an integer engine (GameLib-style): `x` by `dx` first, then `y` by `dy`, each as
/// far as possible without strictly overlapping, at any unit position along the way, an obstacle
/// `a` did not overlap at the start. Exact to the unit; positions saturate at the `i32` range.
///
/// Returns the moved rect and the blocked bits (bit 0 for x, bit 1 for y; `C2D_BLOCKED_X`,
/// `C2D_BLOCKED_Y`): an axis is blocked when it moved less than asked (by an obstacle, or by
/// saturation).
pub fn move_recti(a: RectI, dx: i32, dy: i32, obstacles: &[RectI]) -> (RectI, u32) {
    let mut r = a;
    let mut blocked = 0;
    // x then y: the same code with the axes swapped.
    for (axis, want) in [(0usize, dx as i64), (1, dy as i64)] {
        if want == 0 {
            continue;
        }
        let (lo, hi, cross_lo, cross_hi) = axis_span(r, axis);
        let mut allowed = want.abs();
        for &o in obstacles {
            let (olo, ohi, ocross_lo, ocross_hi) = axis_span(o, axis);
            if !(cross_lo < ocross_hi && ocross_lo < cross_hi) {
                continue; // never overlaps on the other axis: never blocks this move
            }
            if overlap_recti_recti(a, o) {
                continue; // overlapped at the start: never blocks
            }
            // The first shift s (>= 1, in the direction of motion) that overlaps strictly, and
            // whether the obstacle overlaps at any shift at all.
            let (first, last) = if want > 0 {
                (olo - hi + 1, ohi - lo - 1)
            } else {
                (lo - ohi + 1, hi - olo - 1)
            };
            let first = first.max(1);
            if first <= last && first <= allowed {
                allowed = first - 1;
            }
        }
        let target = if axis == 0 { r.x } else { r.y } as i64 + want.signum() * allowed;
        let clamped = target.clamp(i32::MIN as i64, i32::MAX as i64);
        if allowed < want.abs() || clamped != target {
            blocked |= 1 << axis;
        }
        if axis == 0 {
            r.x = clamped as i32;
        } else {
            r.y = clamped as i32;
        }
    }
    (r, blocked)
}

/// `(lo, hi)` along `axis` and `(lo, hi)` across it, in i64.
fn axis_span(r: RectI, axis: usize) -> (i64, i64, i64, i64) {
    let (x0, y0, x1, y1) = r.span();
    if axis == 0 {
        (x0, x1, y0, y1)
    } else {
        (y0, y1, x0, x1)
    }
}
