//! `World::move_item`: bump.lua's `world:move` — sweep the item toward a goal, resolving hits
//! in order of time with a response chosen per pair by a filter.

use super::{World, WorldError, WorldHit};
use crate::query::sweep::{at, settle};
use crate::query::{overlap_rect_rect, sweep_rect_rect};
use crate::response::{redirect, Response};
use crate::shape::{Aabb, Hit, Rect, Vec2};
use alloc::vec::Vec;

/// The most hits one move resolves (as `move_rect`); the motion stops at the last one.
pub const MAX_MOVE_HITS: usize = crate::response::MAX_HITS;

/// An obstacle near the motion: handle, rect, the filter's answer for it, and whether it no
/// longer blocks (strictly overlapped at the start, or already crossed).
#[derive(Clone, Copy)]
pub(crate) struct Obstacle {
    pub id: u64,
    pub rect: Rect,
    pub response: Response,
    pub skip: bool,
}

impl Obstacle {
    /// Whether a sweep should consider it (cross obstacles are hit, yet never stop the mover).
    fn swept(&self) -> bool {
        !self.skip && self.response != Response::Ignore
    }

    /// Whether the mover must never end strictly overlapping it.
    fn solid(&self) -> bool {
        self.swept() && self.response != Response::Cross
    }
}

fn moved(r: Rect, p: Vec2) -> Rect {
    Rect {
        x: p.x,
        y: p.y,
        ..r
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

/// The motion itself, independent of where obstacles come from: `gather(bounds, out)` appends
/// the items (other than the mover) whose box touches `bounds`, as `(handle, rect)`;
/// `filter(other)` answers the response for each, once. Returns the final position; `hits`
/// receives every resolved hit in order. Each leg is swept with `sweep_rect_rect` and settled as
/// `move_rect` does, so the two agree when every obstacle has the same response.
pub(crate) fn check(
    rect: Rect,
    goal: Vec2,
    mut gather: impl FnMut(&Aabb, &mut Vec<(u64, Rect)>),
    mut filter: impl FnMut(u64) -> Response,
    hits: &mut Vec<WorldHit>,
) -> Vec2 {
    let mut obs: Vec<Obstacle> = Vec::new();
    let mut found: Vec<(u64, Rect)> = Vec::new();
    let mut pos = Vec2::new(rect.x, rect.y);
    let mut goal = goal;
    loop {
        let here = moved(rect, pos);
        let leg = Vec2::new(goal.x - pos.x, goal.y - pos.y);
        // Obstacles near this leg that were not seen yet (bounds as the sweep computes them).
        let end = moved(rect, at(pos, leg, 1.0));
        let bounds = union(&union(&here.aabb(), &end.aabb()), &moved(rect, goal).aabb());
        found.clear();
        gather(&bounds, &mut found);
        for &(id, r) in &found {
            if obs.iter().any(|o| o.id == id) {
                continue;
            }
            let skip = overlap_rect_rect(rect, r);
            let response = if skip { Response::Ignore } else { filter(id) };
            obs.push(Obstacle {
                id,
                rect: r,
                response,
                skip,
            });
        }
        // The first hit of the leg, ties by handle.
        let mut first: Option<(Hit, usize)> = None;
        for (i, o) in obs.iter().enumerate() {
            if !o.swept() {
                continue;
            }
            if let Some(h) = sweep_rect_rect(here, leg, o.rect) {
                let better =
                    first.is_none_or(|(f, j)| h.t < f.t || (h.t == f.t && o.id < obs[j].id));
                if better {
                    first = Some((h, i));
                }
            }
        }
        let Some((h, i)) = first else {
            // Unobstructed: the leg's end, stepped back should rounding leave it overlapping.
            let clear = |p: Vec2| {
                obs.iter()
                    .all(|o| !o.solid() || !overlap_rect_rect(moved(rect, p), o.rect))
            };
            let t = settle(1.0, |t| clear(at(pos, leg, t)));
            return if t == 1.0 && clear(goal) {
                goal
            } else {
                at(pos, leg, t)
            };
        };
        hits.push(WorldHit {
            id: obs[i].id,
            hit: h,
        });
        if obs[i].response == Response::Cross {
            // Pass through: same leg again, without it.
            obs[i].skip = true;
            if hits.len() >= MAX_MOVE_HITS {
                let t = settle(1.0, |t| {
                    obs.iter().all(|o| {
                        !o.solid() || !overlap_rect_rect(moved(rect, at(pos, leg, t)), o.rect)
                    })
                });
                return at(pos, leg, t);
            }
            continue;
        }
        let clear = |p: Vec2| {
            obs.iter()
                .all(|o| !o.solid() || !overlap_rect_rect(moved(rect, p), o.rect))
        };
        let t = settle(h.t, |t| clear(at(pos, leg, t)));
        pos = if h.t == t && clear(h.pos) {
            h.pos
        } else {
            at(pos, leg, t)
        };
        if hits.len() >= MAX_MOVE_HITS {
            return pos;
        }
        goal = match redirect(obs[i].response, pos, goal, h.normal) {
            Some(goal) => goal,
            None => return pos,
        };
        if goal == pos {
            return pos;
        }
    }
}

impl World {
    /// Moves item `id` toward the rect position `goal` (its new `x, y`) as bump.lua's
    /// `world:move`, with `filter(item, other)` choosing the response per other item (called at
    /// most once per other item near the path, never for items the item strictly overlapped at
    /// the start, which never block). Returns the final position and fills `hits` with the hits
    /// resolved, in order (at most [`MAX_MOVE_HITS`]; the motion stops at the last). The item's
    /// rect is updated to the final position. See `c2d_world_move` for the rules.
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
    unsafe { (*w).update(id, moved(rect, end)) }?;
    Ok(end)
}
