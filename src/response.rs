//! Collision response: moving a rect through obstacles (bump.lua's responses) and the integer
//! engine's exact move.
//!
//! The world's moves share two pieces with [`move_rect`]: the exact collision test of a moving
//! rect (`query/detect.rs`) and the responses' redirection of the motion (`redirect`, here).

use crate::platform::ClampZero;
use crate::query::band::{Band, Precision};
use crate::query::detect::{centre_distance, detect, Collision};
use crate::query::math::{at, settle, unusable};
use crate::query::sweep::sweep_rect_rect_apart;
use crate::query::{overlap_rect_rect, overlap_recti_recti, sweep_rect_rect};
use crate::shape::{Hit, Rect, RectD, RectI, Vec2, Vec2D};

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

    /// The C code of the response.
    pub fn code(self) -> u32 {
        match self {
            Response::Ignore => 0,
            Response::Slide => 1,
            Response::Touch => 2,
            Response::Cross => 3,
            Response::Bounce => 4,
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
/// that stop there. Coordinates are `(x, y)` pairs of f32 or f64, computed in their own precision.
pub(crate) fn redirect<T>(
    response: Response,
    pos: (T, T),
    goal: (T, T),
    normal_x: bool,
) -> Option<(T, T)>
where
    T: Copy + std::ops::Sub<Output = T>,
{
    let (mut gx, mut gy) = goal;
    match response {
        Response::Slide if normal_x => gx = pos.0,
        Response::Slide => gy = pos.1,
        Response::Bounce if normal_x => gx = pos.0 - (gx - pos.0),
        Response::Bounce => gy = pos.1 - (gy - pos.1),
        _ => return None,
    }
    Some((gx, gy))
}

/// Moves `a` by `delta` through `obstacles`, resolving hits in order of `t` (ties: lower index)
/// with `response`, and returns `a`'s final position (its `x, y`) with what it met.
///
/// Obstacles that the rect strictly overlaps where a leg of the motion begins follow bump.lua
/// 3.1.7's rule (since 1.1): each is a hit before the others, the deepest first (by overlap
/// area, then distance between centres, then index), resolved by the response from bump.lua's
/// touch position — where the line of motion, extended backwards, entered the obstacle, or for
/// a rect that does not move the nearest way out — with `t = 0`; such an obstacle is then met
/// no more in this move. Each leg is swept ([`sweep_rect_rect`]) against the other obstacles.
/// At most 32 hits are resolved; the motion stops at the last one. Except with `Cross`, the
/// final position overlaps no obstacle that `a` did not overlap at the start (it is checked
/// exactly, stepping back by f32 ulps if rounding demands).
///
/// Touching is read as the game means it, in f32 (see `c2d_move_rect`): two faces within one
/// unit in the last place of the rects' largest coordinate or size are the same face, so a rect
/// snapped flush against an obstacle by the game's own arithmetic (`x = wall.x - w`) moves away
/// and along freely and stops at once, where it is, moving into it; "overlap" means by more
/// than that band on both axes.
///
/// `Ignore` passes straight through (`a + delta`, no hits). `Cross` also ends at `a + delta`
/// and counts the obstacles overlapped at the start (deepest first), then every obstacle swept
/// through, in order, up to 32. A NaN in `a` or `delta`, or an infinite `delta`, leaves `a`
/// where it is with no hits; a rect at an infinite position meets nothing and moves by `delta`.
pub fn move_rect(a: Rect, delta: Vec2, obstacles: &[Rect], response: Response) -> (Vec2, MoveInfo) {
    let (end, info) = move_legs(a, delta, obstacles, response);
    if response == Response::Cross || info.count == 0 {
        return (end, info);
    }
    // A rect put where it entered an obstacle it started in (bump.lua's rule) may land inside
    // another; it never stays there: it stops on its way from the start, where it is clear.
    let start = Vec2::new(a.x, a.y);
    let clear = |p: Vec2| {
        let r = Rect::new(p.x, p.y, a.w, a.h);
        obstacles.iter().all(|&o| !overlap(r, o) || overlap(a, o))
    };
    if clear(end) {
        return (end, info);
    }
    let d = Vec2::new(end.x - start.x, end.y - start.y);
    let (mut lo, mut hi) = (0.0f32, 1.0f32);
    for _ in 0..40 {
        let mid = (lo + hi) / 2.0;
        if clear(at(start, d, mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let t = settle(lo, |t| clear(at(start, d, t)));
    (at(start, d, t), info)
}

/// [`move_rect`]'s legs, before the final check.
fn move_legs(a: Rect, delta: Vec2, obstacles: &[Rect], response: Response) -> (Vec2, MoveInfo) {
    let mut info = MoveInfo::default();
    let start = Vec2::new(a.x, a.y);
    // A NaN anywhere, or an infinite delta: no motion, no hits.
    if a.x.is_nan() || a.y.is_nan() || a.w.is_nan() || a.h.is_nan() || unusable(delta) {
        return (start, info);
    }
    if a.x.is_infinite() || a.y.is_infinite() {
        // At infinity it meets nothing (every sweep misses); `goal - pos` would be `inf - inf`.
        return (at(start, delta, 1.0), info);
    }
    let moved = |p: Vec2| Rect::new(p.x, p.y, a.w, a.h);
    // Obstacles left from inside, met no more in this move (at most one per hit).
    let mut done = [usize::MAX; MAX_HITS];
    let record = |info: &mut MoveInfo, i: usize, h: Hit| {
        if info.count == 0 {
            info.first = i;
            info.first_hit = h;
        }
        info.count += 1;
    };
    match response {
        Response::Ignore => return (at(start, delta, 1.0), info),
        Response::Cross => {
            // Those overlapped at the start, deepest first, then those swept through.
            while info.count < MAX_HITS {
                let Some((i, h)) = deepest(moved(start), delta, obstacles, &done) else {
                    break;
                };
                done[info.count] = i;
                record(&mut info, i, h);
            }
            let blocks = |i: usize| !overlap(a, obstacles[i]);
            // One sweep of the whole motion: every obstacle on the way is a hit, in order.
            let mut last: Option<(f32, usize)> = None;
            while info.count < MAX_HITS {
                let mut next: Option<(Hit, usize)> = None;
                for (i, &o) in obstacles.iter().enumerate() {
                    // The sweep first: it rejects most obstacles in a few compares.
                    let Some(h) = sweep(a, delta, o) else {
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
                record(&mut info, i, h);
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
        if let Some((i, h)) = deepest(here, leg, obstacles, &done) {
            done[info.count] = i;
            record(&mut info, i, h);
            let touch = h.pos;
            if info.count >= MAX_HITS || response != Response::Slide && response != Response::Bounce
            {
                return (touch, info);
            }
            if leg.x != 0.0 || leg.y != 0.0 {
                let to = redirect(
                    response,
                    (touch.x, touch.y),
                    (goal.x, goal.y),
                    h.normal.x != 0.0,
                );
                goal = to.map_or(touch, |(x, y)| Vec2::new(x, y));
            }
            // Even with nothing left of the motion, the next leg looks for another obstacle
            // this position is inside, as bump.lua's next projection does.
            pos = touch;
            continue;
        }
        // Not one left from inside, nor one overlapped at the start that no way out leaves.
        let blocks = |i: usize| {
            let o = obstacles[i];
            let way_out = || resolution(RectD::from(a), Vec2D::from(delta), RectD::from(o));
            !done.contains(&i) && (!overlap(a, o) || way_out().is_some())
        };
        let mut first: Option<(Hit, usize)> = None;
        for (i, &o) in obstacles.iter().enumerate() {
            // The sweep first: it rejects most obstacles in a few compares.
            if let Some(h) = sweep(here, leg, o) {
                if blocks(i) && first.is_none_or(|(f, _)| h.t < f.t) {
                    first = Some((h, i));
                }
            }
        }
        let stop = first.map_or(1.0, |(h, _)| h.t);
        // The leg's end is checked against every blocking obstacle, not only the one hit.
        let t = settle(stop, |t| {
            let r = moved(at(pos, leg, t));
            (0..obstacles.len()).all(|i| !overlap(r, obstacles[i]) || !blocks(i))
        });
        let clear =
            |p: Vec2| (0..obstacles.len()).all(|i| !overlap(moved(p), obstacles[i]) || !blocks(i));
        let end = match first {
            // The hit's flush position when nothing else objects to it.
            Some((h, _)) if h.t == t && clear(h.pos) => h.pos,
            _ => at(pos, leg, t),
        };
        let Some((h, i)) = first else {
            return (end, info);
        };
        // Stopped against it: it stays an obstacle for the rest of the move.
        record(&mut info, i, h);
        pos = end;
        if info.count >= MAX_HITS {
            return (pos, info);
        }
        goal = match redirect(
            response,
            (pos.x, pos.y),
            (goal.x, goal.y),
            h.normal.x != 0.0,
        ) {
            Some((x, y)) => Vec2::new(x, y),
            None => return (pos, info),
        };
        if goal == pos {
            return (pos, info);
        }
    }
}

/// The obstacle (not in `done`) that `r` strictly overlaps the deepest, by bump.lua's order,
/// and the hit that resolves it: `t = 0`, the normal of the face it leaves through and its
/// touch position in f32, rounded away from the obstacle along that normal.
fn deepest(r: Rect, leg: Vec2, obstacles: &[Rect], done: &[usize]) -> Option<(usize, Hit)> {
    let mover = RectD::from(r);
    let d = Vec2D::from(leg);
    let mut best: Option<(usize, Collision, f64)> = None;
    for (i, &o) in obstacles.iter().enumerate() {
        if done.contains(&i) || !overlap(r, o) {
            continue;
        }
        let other = RectD::from(o);
        let Some(c) = resolution(mover, d, other) else {
            continue;
        };
        let dist = centre_distance(mover, other);
        if best.is_none_or(|(_, b, bd)| c.ti < b.ti || (c.ti == b.ti && dist < bd)) {
            best = Some((i, c, dist));
        }
    }
    let (i, c, _) = best?;
    Some((i, hit_f32(&c, 0.0)))
}

/// A collision as an f32 hit at `t`: the touch position rounded away from the obstacle along
/// the normal.
fn hit_f32(c: &Collision, t: f32) -> Hit {
    let round = |v: f64, n: f64| {
        let f = v as f32;
        if n < 0.0 && (f as f64) > v {
            next_f32(f, false)
        } else if n > 0.0 && (f as f64) < v {
            next_f32(f, true)
        } else {
            f
        }
    };
    let pos = Vec2::new(round(c.touch.x, c.normal.x), round(c.touch.y, c.normal.y));
    Hit {
        t,
        normal: Vec2::new(c.normal.x as f32, c.normal.y as f32),
        point: pos,
        pos,
    }
}

/// The band between two f32 rects (see `query/band.rs`).
fn band(a: &RectD, b: &RectD) -> Band {
    Band::of(Precision::Single, a, b)
}

/// Whether two f32 rects overlap as the game means it: by more than their band on both axes.
#[inline(always)]
fn overlap(a: Rect, b: Rect) -> bool {
    // Most pairs are apart: the strict f32 test first.
    overlap_rect_rect(a, b) && overlap_banded(a, b)
}

/// [`overlap`] for two rects that overlap strictly.
#[inline(never)]
fn overlap_banded(a: Rect, b: Rect) -> bool {
    let (a, b) = (RectD::from(a), RectD::from(b));
    band(&a, &b).overlap(&a.edges(), &b.edges())
}

/// [`sweep`] where the band may matter (rare: faces within a rounding of each other).
#[cold]
#[inline(never)]
fn sweep_banded(r: Rect, d: Vec2, o: Rect) -> Option<Hit> {
    let (m, other) = (RectD::from(r), RectD::from(o));
    let band = band(&m, &other);
    // The four gaps between facing edges, estimated (f32 sums are exact in f64 but for far
    // apart exponents): any nonzero one within twice the band asks the exact detection.
    let (me, oe) = (m.edges(), other.edges());
    let near = (0..2).any(|k| {
        let b = 2.0 * band.0[k];
        [(oe.lo[k], me.hi[k]), (oe.hi[k], me.lo[k])]
            .iter()
            .any(|&(p, q)| p != q && ((p.hi - q.hi) + (p.lo - q.lo)).abs() <= b)
    });
    if !near {
        return sweep_rect_rect(r, d, o);
    }
    let c = detect(m, Vec2D::from(d), &oe, &band)?;
    // Not later than the contact: the time rounded down.
    let t = if c.overlaps { 0.0 } else { c.ti.max0() };
    let mut tf = t as f32;
    if tf as f64 > t {
        tf = next_f32(tf, false);
    }
    Some(hit_f32(&c, tf.max0()))
}

/// [`sweep_rect_rect`] with touching read as the game means it: where a face of `r` lies within
/// the band of a face of `o` but not on it, the exact detection with the band decides (a hit at
/// `t = 0` where `r` is when moving into that face, none moving along or away).
#[inline(always)]
fn sweep(r: Rect, d: Vec2, o: Rect) -> Option<Hit> {
    sweep_rect_rect_apart(r, d, o).unwrap_or_else(|| sweep_banded(r, d, o))
}

/// How bump.lua's rule takes a rect out of an obstacle it overlaps, unless its extents are so
/// large (infinite, or the way out beyond the f32 range) that no position on the way out is an
/// f32 number: such an obstacle is passed through, as one overlapped at the start was before 1.1.
fn resolution(mover: RectD, d: Vec2D, other: RectD) -> Option<Collision> {
    let fits = |v: f64| v.abs() <= f32::MAX as f64;
    detect(mover, d, &other.edges(), &band(&mover, &other))
        .filter(|c| c.ti.is_finite() && fits(c.touch.x) && fits(c.touch.y))
}

/// The next f32 above (`up`) or below `f` (finite).
pub(crate) fn next_f32(f: f32, up: bool) -> f32 {
    if f == 0.0 {
        let tiny = f32::from_bits(1);
        return if up { tiny } else { -tiny };
    }
    let b = f.to_bits();
    f32::from_bits(if up == (f > 0.0) { b + 1 } else { b - 1 })
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
