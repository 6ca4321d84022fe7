//! `World::move_item`: bump.lua's `world:move` — sweep the item toward a goal, resolving hits
//! in order of time with a response chosen per pair by a filter.

use super::{World, WorldError, WorldHit};
use crate::exact::product_le;
use crate::query::overlap_rect_rect;
use crate::shape::{Aabb, Hit, Rect, Vec2};

/// The most hits one move resolves; after that the item stops at its next blocking contact.
pub const MAX_MOVE_HITS: usize = 32;

/// How a moving item responds to another (`c2d_response` values, as in bump.lua).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    /// `C2D_IGNORE` (0): the other item is not an obstacle.
    Ignore,
    /// `C2D_SLIDE` (1): stop against it and slide along its face for the rest of the motion.
    Slide,
    /// `C2D_TOUCH` (2): stop where it touches.
    Touch,
    /// `C2D_CROSS` (3): pass through it, reporting the hit.
    Cross,
    /// `C2D_BOUNCE` (4): reflect the rest of the motion off its face.
    Bounce,
}

impl Response {
    /// Decodes a `c2d_response`; values other than 0..=4 behave as `Touch`.
    pub fn from_raw(v: u32) -> Response {
        match v {
            0 => Response::Ignore,
            1 => Response::Slide,
            3 => Response::Cross,
            4 => Response::Bounce,
            _ => Response::Touch,
        }
    }
}

/// An obstacle near the motion: handle, exact box, the filter's answer for it, and whether the
/// item strictly overlapped it at the start (such obstacles never block nor count).
#[derive(Clone, Copy)]
pub(crate) struct Obstacle {
    pub id: u64,
    pub rect: Rect,
    pub response: Response,
    pub skip: bool,
}

/// A time of first contact as the fraction `num / den` (`den > 0`), compared exactly.
#[derive(Clone, Copy)]
struct Time {
    num: f64,
    den: f64,
}

impl Time {
    const ZERO: Time = Time { num: 0.0, den: 1.0 };
    const ONE: Time = Time { num: 1.0, den: 1.0 };

    fn lt(self, o: Time) -> bool {
        !product_le(o.num, self.den, self.num, o.den)
    }

    fn value(self) -> f64 {
        self.num / self.den
    }
}

/// The first moment the box `a` moving by `d` starts to strictly overlap the static box `b`:
/// `(t, normal of b's face)`, `None` if it never does for `t` in `[0, 1)`. Ties between the axes
/// pick the x face.
fn sweep(a: &Aabb, d: (f64, f64), b: &Aabb) -> Option<(Time, (f32, f32))> {
    // Per axis: strict overlap holds for t in the open interval (enter, exit).
    let mut enter: Option<(Time, (f32, f32))> = None;
    let mut exit: Option<Time> = None;
    for (lo_a, hi_a, lo_b, hi_b, dv, x_axis) in [
        (a.min_x, a.max_x, b.min_x, b.max_x, d.0, true),
        (a.min_y, a.max_y, b.min_y, b.max_y, d.1, false),
    ] {
        if dv == 0.0 {
            if !(lo_a < hi_b && lo_b < hi_a) {
                return None;
            }
            continue;
        }
        let (en, ex, side) = if dv > 0.0 {
            (lo_b - hi_a, hi_b - lo_a, -1.0)
        } else {
            (lo_a - hi_b, hi_a - lo_b, 1.0)
        };
        let den = dv.abs();
        let (t_en, t_ex) = (Time { num: en, den }, Time { num: ex, den });
        let n = if x_axis { (side, 0.0) } else { (0.0, side) };
        if enter.map_or(true, |(e, _)| e.lt(t_en)) {
            enter = Some((t_en, n));
        }
        if exit.map_or(true, |e| t_ex.lt(e)) {
            exit = Some(t_ex);
        }
    }
    let (t_en, n) = enter?; // not moving at all
    let t_ex = exit?;
    if !t_en.lt(t_ex) || !Time::ZERO.lt(t_ex) || !t_en.lt(Time::ONE) {
        return None;
    }
    let t = if t_en.lt(Time::ZERO) {
        Time::ZERO
    } else {
        t_en
    };
    Some((t, n))
}

fn at(r: Rect, p: Vec2) -> Rect {
    Rect {
        x: p.x,
        y: p.y,
        ..r
    }
}

/// One leg's first blocking event: obstacle index, time, normal.
type Event = (usize, Time, (f32, f32));

/// The first hit of `rect` moving from its position to `goal` among `obs`, ties by handle;
/// cross obstacles count only when `with_cross`.
fn first_hit(rect: Rect, goal: Vec2, obs: &[Obstacle], with_cross: bool) -> Option<Event> {
    let a = rect.aabb();
    let d = (goal.x as f64 - rect.x as f64, goal.y as f64 - rect.y as f64);
    let mut best: Option<Event> = None;
    for (i, o) in obs.iter().enumerate() {
        if o.skip
            || o.response == Response::Ignore
            || (!with_cross && o.response == Response::Cross)
        {
            continue;
        }
        if let Some((t, n)) = sweep(&a, d, &o.rect.aabb()) {
            let better = match best {
                None => true,
                Some((j, bt, _)) => t.lt(bt) || (!bt.lt(t) && o.id < obs[j].id),
            };
            if better {
                best = Some((i, t, n));
            }
        }
    }
    best
}

/// Where the item stops at the event: `rect` moved by `t·d`, its face on the hit axis flush with
/// the obstacle's, backed off toward the start if rounding left it strictly overlapping any
/// blocking obstacle.
fn touch_position(rect: Rect, goal: Vec2, ev: &Event, obs: &[Obstacle]) -> Vec2 {
    let (i, t, n) = *ev;
    let (x0, y0) = (rect.x as f64, rect.y as f64);
    let d = (goal.x as f64 - x0, goal.y as f64 - y0);
    let tv = t.value().clamp(0.0, 1.0);
    let a = rect.aabb();
    let b = obs[i].rect.aabb();
    let mut p = (x0 + tv * d.0, y0 + tv * d.1);
    if n.0 < 0.0 {
        p.0 = x0 + (b.min_x - a.max_x);
    } else if n.0 > 0.0 {
        p.0 = x0 + (b.max_x - a.min_x);
    } else if n.1 < 0.0 {
        p.1 = y0 + (b.min_y - a.max_y);
    } else {
        p.1 = y0 + (b.max_y - a.min_y);
    }
    let blocked = |p: Vec2| {
        obs.iter().any(|o| {
            !o.skip
                && o.response != Response::Ignore
                && o.response != Response::Cross
                && overlap_rect_rect(at(rect, p), o.rect)
        })
    };
    let pos = Vec2::from_f64(p.0, p.1);
    if !blocked(pos) {
        return pos;
    }
    // Rounding pushed it in: the nearest safe point on the way, ending at the start itself.
    for k in (0..53).rev() {
        let s = tv * (1.0 - (0.5f64).powi(k));
        let q = Vec2::from_f64(x0 + s * d.0, y0 + s * d.1);
        if !blocked(q) {
            return q;
        }
    }
    Vec2::new(rect.x, rect.y)
}

/// A hit record for the event.
fn hit_of(rect: Rect, ev: &Event, pos: Vec2, obs: &[Obstacle]) -> Hit {
    let (i, t, n) = *ev;
    let a = at(rect, pos).aabb();
    let b = obs[i].rect.aabb();
    let mid = |lo_a: f64, hi_a: f64, lo_b: f64, hi_b: f64| (lo_a.max(lo_b) + hi_a.min(hi_b)) * 0.5;
    let point = if n.0 != 0.0 {
        let x = if n.0 < 0.0 { b.min_x } else { b.max_x };
        Vec2::from_f64(x, mid(a.min_y, a.max_y, b.min_y, b.max_y))
    } else {
        let y = if n.1 < 0.0 { b.min_y } else { b.max_y };
        Vec2::from_f64(mid(a.min_x, a.max_x, b.min_x, b.max_x), y)
    };
    Hit {
        t: t.value().clamp(0.0, 1.0) as f32,
        normal: Vec2::new(n.0, n.1),
        point,
        pos,
    }
}

fn union(a: &Aabb, b: &Aabb) -> Aabb {
    Aabb {
        min_x: a.min_x.min(b.min_x),
        min_y: a.min_y.min(b.min_y),
        max_x: a.max_x.max(b.max_x),
        max_y: a.max_y.max(b.max_y),
    }
}

/// The motion itself, independent of where obstacles come from: `gather(bounds, seen)` appends
/// the items (other than the mover) whose box touches `bounds` and are not in `seen` yet, as
/// `(handle, rect)`; `filter(other)` answers the response for each, once. Returns the final
/// position; `hits` receives every resolved hit in order.
pub(crate) fn check(
    rect: Rect,
    goal: Vec2,
    mut gather: impl FnMut(&Aabb, &mut Vec<(u64, Rect)>),
    mut filter: impl FnMut(u64) -> Response,
    hits: &mut Vec<WorldHit>,
) -> Vec2 {
    let start = rect;
    let mut obs: Vec<Obstacle> = Vec::new();
    let mut found: Vec<(u64, Rect)> = Vec::new();
    let mut from = Vec2::new(rect.x, rect.y);
    let mut goal = goal;
    loop {
        // Obstacles near this leg that were not seen yet.
        let leg = at(rect, from);
        let bounds = union(&leg.aabb(), &at(rect, goal).aabb());
        found.clear();
        gather(&bounds, &mut found);
        for &(id, r) in &found {
            if obs.iter().any(|o| o.id == id) {
                continue;
            }
            let skip = overlap_rect_rect(start, r);
            let response = if skip { Response::Ignore } else { filter(id) };
            obs.push(Obstacle {
                id,
                rect: r,
                response,
                skip,
            });
        }
        let capped = hits.len() >= MAX_MOVE_HITS;
        let Some(ev) = first_hit(leg, goal, &obs, !capped) else {
            return goal;
        };
        let pos = touch_position(leg, goal, &ev, &obs);
        if capped {
            return pos;
        }
        hits.push(WorldHit {
            id: obs[ev.0].id,
            hit: hit_of(leg, &ev, pos, &obs),
        });
        let (o, n) = (&mut obs[ev.0], ev.2);
        match o.response {
            Response::Touch | Response::Ignore => return pos,
            Response::Cross => o.skip = true,
            Response::Slide => {
                if n.0 != 0.0 {
                    goal.x = pos.x;
                } else {
                    goal.y = pos.y;
                }
                from = pos;
            }
            Response::Bounce => {
                let (mut bx, mut by) = (goal.x as f64 - pos.x as f64, goal.y as f64 - pos.y as f64);
                if n.0 != 0.0 {
                    bx = -bx;
                } else {
                    by = -by;
                }
                goal = Vec2::from_f64(pos.x as f64 + bx, pos.y as f64 + by);
                from = pos;
            }
        }
    }
}

impl World {
    /// Moves item `id` toward the rect position `goal` (its new `x, y`) as bump.lua's
    /// `world:move`, with `filter(item, other)` choosing the response per other item (called at
    /// most once per other item near the path, never for items the item strictly overlapped at
    /// the start, which never block). Returns the final position and fills `hits` with the hits
    /// resolved, in order. The item's rect is updated to the final position.
    pub fn move_item(
        &mut self,
        id: u64,
        goal: Vec2,
        filter: impl FnMut(u64, u64) -> Response,
        hits: &mut Vec<WorldHit>,
    ) -> Result<Vec2, WorldError> {
        // SAFETY: `self` is a valid, exclusive world, and `filter` cannot reach it.
        unsafe { move_raw(self, id, goal, filter, hits) }
    }

    /// Appends `(handle, rect)` of every live item but `skip` whose box touches `b`.
    pub(crate) fn gather(&self, skip: u64, b: &Aabb, out: &mut Vec<(u64, Rect)>) {
        let mut ids = Vec::new();
        self.touching(b, &mut ids);
        for s in ids {
            let h = self.handle_of(s);
            if h != skip {
                out.push((h, self.rects[s as usize]));
            }
        }
    }
}

/// [`World::move_item`] through a raw pointer, holding no reference to the world while
/// `filter` runs, so a C filter may call the world's functions (its changes are seen by later
/// legs, and a removed mover makes the move fail as stale).
///
/// # Safety
/// `w` must point to a live world that `filter` does not free.
pub(crate) unsafe fn move_raw(
    w: *mut World,
    id: u64,
    goal: Vec2,
    mut filter: impl FnMut(u64, u64) -> Response,
    hits: &mut Vec<WorldHit>,
) -> Result<Vec2, WorldError> {
    hits.clear();
    // SAFETY: `w` is live (caller); the shared reference ends with the statement.
    let (rect, _) = unsafe { (*w).get(id) }?;
    if !(goal.x.is_finite() && goal.y.is_finite()) {
        return Err(WorldError::Invalid);
    }
    let end = check(
        rect,
        goal,
        // SAFETY: as above; the reference lives only during the call, never across `filter`.
        |b, out| unsafe { (*w).gather(id, b, out) },
        |other| filter(id, other),
        hits,
    );
    // SAFETY: as above; no other reference to the world exists now.
    unsafe { (*w).update(id, at(rect, end)) }?;
    Ok(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bx(x0: f64, y0: f64, x1: f64, y1: f64) -> Aabb {
        Aabb {
            min_x: x0,
            min_y: y0,
            max_x: x1,
            max_y: y1,
        }
    }

    #[test]
    fn sweep_follows_the_strict_rules() {
        let a = bx(0.0, 0.0, 10.0, 10.0);
        let wall = bx(20.0, 0.0, 30.0, 10.0);
        let (t, n) = sweep(&a, (20.0, 0.0), &wall).unwrap();
        assert_eq!((t.value(), n), (0.5, (-1.0, 0.0)));
        // Ending exactly in contact is not a hit.
        assert!(sweep(&a, (10.0, 0.0), &wall).is_none());
        // Sliding along a face is not a hit.
        assert!(sweep(&a, (0.0, 50.0), &bx(10.0, 0.0, 20.0, 100.0)).is_none());
        // Moving into a touching neighbour is a hit at 0.
        let (t, n) = sweep(&a, (1.0, 0.0), &bx(10.0, 0.0, 20.0, 10.0)).unwrap();
        assert_eq!((t.value(), n), (0.0, (-1.0, 0.0)));
        // Moving left onto a box's right face.
        let (t, n) = sweep(&a, (-20.0, 0.0), &bx(-15.0, 5.0, -5.0, 6.0)).unwrap();
        assert_eq!((t.value(), n), (0.25, (1.0, 0.0)));
        // Passing exactly by a corner diagonally is not a hit.
        assert!(sweep(&a, (20.0, 20.0), &bx(20.0, 0.0, 30.0, 10.0)).is_none());
    }
}
