//! bump.lua's `world:project`, `world:check` and `world:move`, exact in double precision.
//!
//! A move is a series of projections: from where the mover is toward its goal, every item it
//! would meet ([`detect`]) sorted as bump.lua sorts them — by `ti` (items overlapped at the start
//! first, the deepest first), then by the distance between centres, then by handle. The first
//! item the filter does not ignore is resolved by its response and the mover projects again
//! from the contact toward the goal the response leaves, never meeting an item twice.
//!
//! The filter may change the world: the move reaches the world only through [`Access`] between
//! filter calls, and when a filter call changed anything it projects again from where the
//! mover now is, so removed items no longer block and added ones are met.

use super::{detect, HitD, RectD, Response, Vec2D, World, WorldError, WorldHit, WorldHitD};
use crate::response::redirect;
use crate::shape::Vec2;
use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;

/// The most hits one move resolves (as `move_rect`); the motion stops at the last one.
pub const MAX_MOVE_HITS: usize = crate::response::MAX_HITS;

/// How many times a move projects again because its filter changed the world.
pub const RESTARTS: usize = 64;

/// How a move reaches its world between calls of its filter, which may change the world: a
/// reference is taken for each step and given up before the filter runs.
pub(crate) trait Access {
    /// The world, for one step.
    fn world(&mut self) -> &mut World;
}

impl Access for &mut World {
    fn world(&mut self) -> &mut World {
        self
    }
}

/// One item a projection meets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Met {
    pub id: u64,
    pub col: super::detect::Collision,
    pub dist: f64,
}

impl Met {
    fn hit(&self, response: Response) -> WorldHitD {
        WorldHitD {
            id: self.id,
            hit: HitD {
                t: self.col.ti,
                normal: self.col.normal,
                point: self.col.touch,
                pos: self.col.touch,
            },
            response: response.code(),
            overlaps: self.col.overlaps,
        }
    }
}

impl World {
    /// Every item but `skip` (and those in `seen`) that interacts with the categories `cats`
    /// and that `rect` moving straight to corner `goal` would meet, sorted as bump.lua's
    /// `project` sorts them, into `out`.
    fn meet(
        &self,
        skip: u64,
        cats: [u64; 2],
        rect: RectD,
        goal: Vec2D,
        seen: &[u64],
        out: &mut Vec<Met>,
    ) {
        out.clear();
        let d = Vec2D::new(goal.x - rect.x, goal.y - rect.y);
        let (b, _) = rect.bounds();
        let half = ((b.max_x - b.min_x) / 2.0, (b.max_y - b.min_y) / 2.0);
        let c0 = (b.min_x + half.0, b.min_y + half.1);
        let c1 = (c0.0 + d.x, c0.1 + d.y);
        let mut test = |slot: u32| {
            let j = slot as usize;
            let [c, m] = self.cats[j];
            if c & cats[1] == 0 || cats[0] & m == 0 {
                return;
            }
            let id = self.handle_of(slot);
            if id == skip || seen.contains(&id) {
                return;
            }
            let other = self.rects[j];
            if let Some(col) = detect(rect, d, &other.edges()) {
                out.push(Met {
                    id,
                    col,
                    dist: super::detect::centre_distance(rect, other),
                });
            }
        };
        if c0.0.is_finite() && c0.1.is_finite() && c1.0.is_finite() && c1.1.is_finite() {
            self.segment_candidates(c0, c1, half, &mut test);
        } else {
            // No bounds to search by (a sum overflowed): ask every item.
            for j in 0..self.live.len() {
                if self.live[j] && !self.tiles.huge.contains(&(j as u32)) {
                    test(j as u32);
                }
            }
        }
        for &h in &self.tiles.huge {
            test(h);
        }
        out.sort_unstable_by(|a, b| {
            a.col
                .ti
                .total_cmp(&b.col.ti)
                .then(a.dist.total_cmp(&b.dist))
                .then(a.id.cmp(&b.id))
        });
    }

    /// The categories of `id`, or every category for 0.
    fn cats_of(&self, id: u64) -> Result<[u64; 2], WorldError> {
        if id == 0 {
            return Ok([u64::MAX, u64::MAX]);
        }
        Ok(self.cats[self.slot(id)? as usize])
    }

    /// bump.lua's `world:project`: every item (but `id`, which may be 0 for none) that `rect`
    /// moving straight to corner `goal` would meet, sorted by `ti` (items overlapped at the
    /// start first, the deepest first), then by the distance between centres, then by handle;
    /// `filter(item, other)` answers each one's response and [`Response::Ignore`] leaves it
    /// out. Nothing moves.
    pub fn project_d(
        &self,
        id: u64,
        rect: RectD,
        goal: Vec2D,
        mut filter: impl FnMut(u64, u64) -> Response,
        out: &mut Vec<WorldHitD>,
    ) -> Result<(), WorldError> {
        out.clear();
        let cats = self.cats_of(id)?;
        if !rect.finite() || !goal.finite() {
            return Err(WorldError::Invalid);
        }
        let mut met = Vec::new();
        self.meet(id, cats, rect, goal, &[], &mut met);
        for m in &met {
            let r = filter(id, m.id);
            if r != Response::Ignore {
                out.push(m.hit(r));
            }
        }
        Ok(())
    }

    /// Moves item `id` toward the rect position `goal` (its new `x, y`) as bump.lua's
    /// `world:move`, with `filter(item, other)` choosing the response per other item; returns
    /// the final position and fills `hits` with the hits resolved, in order. See
    /// `c2d_world_move` for the rules.
    pub fn move_item(
        &mut self,
        id: u64,
        goal: Vec2,
        mut filter: impl FnMut(u64, u64) -> Response,
        hits: &mut Vec<WorldHit>,
    ) -> Result<Vec2, WorldError> {
        let mut found = Vec::new();
        let mut this = self;
        let end = run(
            &mut this,
            id,
            goal.into(),
            true,
            true,
            &mut |_: &mut &mut World, a, b| filter(a, b),
            &mut found,
        );
        hits.clear();
        hits.extend(found.iter().map(WorldHitD::to_f32));
        end.map(|p| p.to_f32())
    }

    /// [`World::move_item`] in double precision; the filter also gets the world, which it may
    /// change (see [`Access`]).
    pub fn move_d(
        &mut self,
        id: u64,
        goal: Vec2D,
        mut filter: impl FnMut(&mut World, u64, u64) -> Response,
        hits: &mut Vec<WorldHitD>,
    ) -> Result<Vec2D, WorldError> {
        let mut this = self;
        run(
            &mut this,
            id,
            goal,
            true,
            false,
            &mut |w: &mut &mut World, a, b| filter(w, a, b),
            hits,
        )
    }

    /// bump.lua's `world:check`: [`World::move_d`] without moving the item.
    pub fn check_d(
        &mut self,
        id: u64,
        goal: Vec2D,
        mut filter: impl FnMut(&mut World, u64, u64) -> Response,
        hits: &mut Vec<WorldHitD>,
    ) -> Result<Vec2D, WorldError> {
        let mut this = self;
        run(
            &mut this,
            id,
            goal,
            false,
            false,
            &mut |w: &mut &mut World, a, b| filter(w, a, b),
            hits,
        )
    }
}

/// A move (or a check, when `commit` is false) of item `id` toward corner `goal` through any
/// [`Access`] to its world; `filter(access, item, other)` may change the world.
/// With `f32_out`, the final position is an f32 one (for the f32 functions), as clear as the
/// double-precision one.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run<A: Access>(
    acc: &mut A,
    id: u64,
    goal: Vec2D,
    commit: bool,
    f32_out: bool,
    filter: &mut dyn FnMut(&mut A, u64, u64) -> Response,
    hits: &mut Vec<WorldHitD>,
) -> Result<Vec2D, WorldError> {
    hits.clear();
    let (mut rect, _) = acc.world().get_d(id)?;
    if !goal.finite() {
        return Err(WorldError::Invalid);
    }
    let mut goal = goal;
    let mut pos = Vec2D::new(rect.x, rect.y);
    let mut seen: Vec<u64> = Vec::new();
    let mut answers: BTreeMap<u64, Response> = BTreeMap::new();
    let mut met = Vec::new();
    let mut changes = acc.world().changes;
    // Asks the filter once per item and move; `Err(())` when the call changed the world (a
    // filter that changes it on every call is looked at again at most `RESTARTS` times).
    let mut restarts = 0;
    let mut ask = |acc: &mut A, other: u64, changes: &mut u64| -> Result<Response, ()> {
        if let Some(&r) = answers.get(&other) {
            return Ok(r);
        }
        let r = filter(acc, id, other);
        answers.insert(other, r);
        let now = acc.world().changes;
        if now != *changes && restarts < RESTARTS {
            *changes = now;
            restarts += 1;
            return Err(());
        }
        Ok(r)
    };
    'step: while hits.len() < MAX_MOVE_HITS {
        {
            let w = acc.world();
            let cats = w.cats_of(id)?;
            w.meet(id, cats, rect.at(pos), goal, &seen, &mut met);
        }
        let mut chosen = None;
        for m in met.clone() {
            match ask(acc, m.id, &mut changes) {
                Ok(Response::Ignore) => {}
                Ok(r) => {
                    chosen = Some((m, r));
                    break;
                }
                Err(_) => {
                    // The filter changed the world: look again from where the mover is now.
                    let (now, _) = acc.world().get_d(id)?;
                    if now != rect {
                        rect = now;
                        pos = Vec2D::new(now.x, now.y);
                    }
                    continue 'step;
                }
            }
        }
        let Some((m, r)) = chosen else { break };
        hits.push(m.hit(r));
        // An item crossed, or left from inside, is met once per move (as bump.lua does); one
        // stopped against stays solid, so a second bounce off it is met again rather than
        // passing through it (where bump.lua lets the mover through).
        if r == Response::Cross || m.col.overlaps {
            seen.push(m.id);
        }
        let moving = goal != pos;
        let touch = m.col.touch;
        match r {
            Response::Cross => {}
            Response::Slide | Response::Bounce => {
                if moving {
                    let to = redirect(
                        r,
                        (touch.x, touch.y),
                        (goal.x, goal.y),
                        m.col.normal.x != 0.0,
                    );
                    goal = to.map_or(touch, |(x, y)| Vec2D::new(x, y));
                }
                pos = touch;
            }
            _ => {
                pos = touch;
                goal = touch;
                break;
            }
        }
    }
    // The motion ends at the goal the responses leave. Exact projections cannot end inside an
    // item they did not meet, but a contact's coordinate along a face is rounded: should that
    // leave the mover strictly inside a solid item it did not start in, it stops short on the
    // last leg, where it is clear.
    let start = acc.world().get_d(id)?.0;
    let mut end = goal;
    let blocked = |acc: &mut A, p: Vec2D, answers: &mut BTreeMap<u64, Response>| {
        let w = acc.world();
        let r = rect.at(p);
        let Ok(cats) = w.cats_of(id) else {
            return false;
        };
        let mut ids = vec![0u64; 16];
        let n = w.query_rect_d(r, cats[1], &mut ids);
        if n > ids.len() {
            ids.resize(n, 0);
            w.query_rect_d(r, cats[1], &mut ids);
        }
        let solid = |o: u64, a: &BTreeMap<u64, Response>| {
            let Ok((other, _)) = w.get_d(o) else {
                return false;
            };
            o != id
                && !other.edges().overlap(&start.edges())
                && w.cats_of(o)
                    .is_ok_and(|[c, m]| c & cats[1] != 0 && cats[0] & m != 0)
                && !matches!(a.get(&o), Some(Response::Ignore) | Some(Response::Cross))
        };
        ids[..n].iter().any(|&o| solid(o, answers))
    };
    if blocked(acc, end, &mut answers) {
        let from = if blocked(acc, pos, &mut answers) {
            Vec2D::new(start.x, start.y)
        } else {
            pos
        };
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        let at = |t: f64| Vec2D::new(from.x + (end.x - from.x) * t, from.y + (end.y - from.y) * t);
        for _ in 0..64 {
            let mid = (lo + hi) / 2.0;
            if blocked(acc, at(mid), &mut answers) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        end = if lo == 0.0 { from } else { at(lo) };
    }
    if f32_out {
        // The f32 position nearest the end, or one rounded back toward the start of the move
        // on either axis, whichever first leaves the mover clear.
        let back = |v: f64, from: f64| {
            let f = v as f32;
            let wrong_side = if v > from {
                (f as f64) > v
            } else {
                (f as f64) < v
            };
            if wrong_side {
                let b = f.to_bits();
                let toward = if (v > from) == (f > 0.0) {
                    b - 1
                } else {
                    b + 1
                };
                if f == 0.0 {
                    (if v > from {
                        -f32::from_bits(1)
                    } else {
                        f32::from_bits(1)
                    }) as f64
                } else {
                    f32::from_bits(toward) as f64
                }
            } else {
                f as f64
            }
        };
        let near = |v: f64| v as f32 as f64;
        let (bx, by) = (back(end.x, start.x), back(end.y, start.y));
        let options = [
            Vec2D::new(near(end.x), near(end.y)),
            Vec2D::new(bx, near(end.y)),
            Vec2D::new(near(end.x), by),
            Vec2D::new(bx, by),
        ];
        end = options
            .into_iter()
            .find(|&p| !blocked(acc, p, &mut answers))
            .unwrap_or(Vec2D::new(near(start.x), near(start.y)));
    }
    if commit {
        acc.world().update_d(id, rect.at(end))?;
    }
    Ok(end)
}
