//! bump.lua's `world:project`, `world:check` and `world:move`, exact in double precision.
//!
//! A move is a series of projections: from where the mover is toward its goal, every item it
//! would meet (`detect`) sorted as bump.lua sorts them — by `ti` (items overlapped at the start
//! first, the deepest first), then by the distance between centres, then by handle. The first
//! item the filter does not ignore is resolved by its response and the mover projects again
//! from the contact toward the goal the response leaves, never meeting an item twice.
//!
//! The filter may change the world: the move reaches the world only through [`Access`] between
//! filter calls, and when a filter call changed anything it projects again from where the
//! mover now is, so removed items no longer block and added ones are met.
//!
//! A one-way item is solid for a whole move or not at all (see [`World::set_one_way`]).

use super::{Dir, Response, World, WorldError, WorldHit, WorldHitD};
use crate::platform::ClampZero;
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::query::band::{Band, Bands, Precision};
use crate::query::detect::{centre_distance, detect_on, Collision};
use crate::query::poly_double;
use crate::query::Convex;
use crate::response::{next_f32, redirect};
use crate::shape::{Aabb, Edges, HitD, RectD, Vec2, Vec2D};
use alloc::collections::BTreeMap;
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

/// The filter of a move or a kit function over a world reached through `A`.
pub(crate) type Filter<'a, A> = &'a mut dyn FnMut(&mut A, u64, u64) -> Response;

impl World {
    /// Runs `f`, a move or a kit function, over this world with `filter`, which gets the world
    /// (and may change it).
    pub(crate) fn filtered<'w, T>(
        &'w mut self,
        mut filter: impl FnMut(&mut World, u64, u64) -> Response,
        f: impl FnOnce(&mut &'w mut World, Filter<&'w mut World>) -> T,
    ) -> T {
        let mut this = self;
        f(&mut this, &mut |w: &mut &mut World, a, b| filter(w, a, b))
    }
}

/// One item a projection meets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Met {
    pub id: u64,
    pub col: Collision,
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

/// The items a motion may meet, with their rects and one-way normals, as the world held them at
/// change count `changes`: every item (but the mover) interacting with it whose box touches
/// `reach` when that is set, else (a long motion, searched along its path) those near its path
/// only.
pub(crate) struct Near {
    reach: Option<Aabb>,
    changes: u64,
    /// The world's precision, whose band decides touching (see `query/band.rs`).
    pub precision: Precision,
    pub items: Vec<(u64, RectD, Option<Dir>)>,
    /// A bound on the magnitude of the positions and sizes of `items` (the world's extent).
    extent: f64,
    /// The polygons of the items of `items` that are not plain rects.
    pub shapes: Vec<(u64, Convex)>,
    /// The slots of the sensors near (which `items` leaves out).
    pub sensors: Vec<u32>,
}

impl Default for Near {
    fn default() -> Near {
        Near {
            reach: None,
            changes: 0,
            precision: Precision::Double,
            items: Vec::new(),
            extent: 0.0,
            shapes: Vec::new(),
            sensors: Vec::new(),
        }
    }
}

impl Near {
    /// The polygon of item `id` if it is one.
    pub fn shape(&self, id: u64) -> Option<&Convex> {
        if self.shapes.is_empty() {
            return None;
        }
        self.shapes.iter().find(|s| s.0 == id).map(|s| &s.1)
    }

    /// The band between a mover at `rect` and another item's rect.
    pub fn band(&self, rect: &RectD, other: &RectD) -> Band {
        Band::of(self.precision, rect, other)
    }

    /// Whether a mover at `rect` overlaps item `id`, whose rect is `other`, by more than the
    /// band.
    pub fn overlap(&self, id: u64, other: &RectD, rect: &RectD) -> bool {
        overlap_item(self.precision, other, self.shape(id), rect, None)
    }

    /// Whether the items gathered cover the box `b` of the world as it is now.
    fn covers(&self, b: &Aabb, changes: u64) -> bool {
        self.changes == changes
            && self.reach.is_some_and(|r| {
                r.min_x <= b.min_x && r.min_y <= b.min_y && r.max_x >= b.max_x && r.max_y >= b.max_y
            })
    }
}

/// Whether a rect overlaps an item (its rect `other`, its polygon `shape` if it is one) by more
/// than their band in precision `p`; with `from` (where the rect's leg began), the band on an
/// axis only where the rect lay within it of the item's face at `from` (see
/// [`Band::overlap_from`]).
pub(crate) fn overlap_item(
    p: Precision,
    other: &RectD,
    shape: Option<&Convex>,
    rect: &RectD,
    from: Option<&RectD>,
) -> bool {
    // Either way the rects overlap strictly: most items near a mover do not, and their boxes
    // (enclosing the exact rects) say so.
    let (rb, ob) = (rect.bounds().0, other.bounds().0);
    if !(rb.min_x < ob.max_x && ob.min_x < rb.max_x && rb.min_y < ob.max_y && ob.min_y < rb.max_y) {
        return false;
    }
    let band = Band::of(p, rect, other);
    let (e, o) = (rect.edges(), other.edges());
    let boxes = match from {
        Some(f) => band.overlap_from(&e, &o, &f.edges()),
        None => band.overlap(&o, &e),
    };
    boxes && shape.is_none_or(|c| poly_double::overlaps(&e, c, &band))
}

/// Where a motion reaches: the box it sweeps (widened by far more than its rounding, and by
/// the band, so that an item the mover touches within the band is met), the path of its centre
/// and its half extents (widened as the box).
struct Reach {
    bounds: Aabb,
    from: (f64, f64),
    to: (f64, f64),
    half: (f64, f64),
}

/// Where `rect` reaches moving straight to corner `goal` in a world of precision `p`.
fn reach(rect: RectD, goal: Vec2D, p: Precision) -> Reach {
    let d = Vec2D::new(goal.x - rect.x, goal.y - rect.y);
    let (b, _) = rect.bounds();
    let half = ((b.max_x - b.min_x) / 2.0, (b.max_y - b.min_y) / 2.0);
    let c0 = (b.min_x + half.0, b.min_y + half.1);
    let c1 = (c0.0 + d.x, c0.1 + d.y);
    let size = b.min_x.abs() + b.max_x.abs() + b.min_y.abs() + b.max_y.abs();
    let slack = 1e-9 * size + 1e-9 * (d.x.abs() + d.y.abs()) + 4.0 * p.band(size);
    let bounds = Aabb {
        min_x: b.min_x.min(b.min_x + d.x) - slack,
        min_y: b.min_y.min(b.min_y + d.y) - slack,
        max_x: b.max_x.max(b.max_x + d.x) + slack,
        max_y: b.max_y.max(b.max_y + d.y) + slack,
    };
    Reach {
        bounds,
        from: c0,
        to: c1,
        half: (half.0 + slack, half.1 + slack),
    }
}

/// Whether rect `o` lies beyond box `r` (a [`Reach`]'s, widened by far more than the rounding
/// of `o`'s far edges).
#[inline]
fn beyond(o: &RectD, r: &Aabb) -> bool {
    let (ox0, ox1) = (o.x + o.w.min0(), o.x + o.w.max0());
    let (oy0, oy1) = (o.y + o.h.min0(), o.y + o.h.max0());
    ox1 < r.min_x || ox0 > r.max_x || oy1 < r.min_y || oy0 > r.max_y
}

/// How a move treats one-way items: solid for the whole move when, where the move begins
/// (`start`), the mover lies on their solid side and the move (`d`) goes against their normal;
/// passed through otherwise.
#[derive(Clone, Copy)]
pub(crate) struct Begun {
    rect: RectD,
    start: Edges,
    d: Vec2D,
    precision: Precision,
}

impl Begun {
    pub fn new(start: RectD, goal: Vec2D, precision: Precision) -> Begun {
        Begun {
            rect: start,
            start: start.edges(),
            d: Vec2D::new(goal.x - start.x, goal.y - start.y),
            precision,
        }
    }

    /// Whether an item with this rect and one-way normal is solid for the move (a mover snapped
    /// onto a one-way floor within the band stands on it).
    pub fn solid(&self, other: &RectD, one_way: Option<Dir>) -> bool {
        one_way.is_none_or(|n| {
            let band = Band::of(self.precision, &self.rect, other);
            n.blocks(&self.start, self.d, &other.edges(), &band)
        })
    }
}

/// Every item of `near` (but those in `seen`, and one-way items `begun` passes through) that
/// `rect` moving straight to corner `goal` would meet, sorted as bump.lua's `project` sorts
/// them, into `out`.
fn meet(near: &Near, begun: &Begun, rect: RectD, goal: Vec2D, seen: &[u64], out: &mut Vec<Met>) {
    out.clear();
    let d = Vec2D::new(goal.x - rect.x, goal.y - rect.y);
    let slopes = !near.shapes.is_empty();
    // At least the band between the mover and any of the items.
    let bound = Band::up_to(near.precision, near.extent.max(rect.magnitude()));
    // Items gathered for an earlier leg of the move may lie beyond this one's reach.
    let r = reach(rect, goal, near.precision).bounds;
    for &(id, other, one_way) in &near.items {
        if beyond(&other, &r) || seen.contains(&id) {
            continue;
        }
        if !begun.solid(&other, one_way) {
            continue;
        }
        // A one-way item's corner, met exactly, is met on its solid face.
        // Among polygon items, any other corner met exactly is met on the face that opposes the
        // motion least, as a polygon's corners are (see `query/poly_double.rs`).
        let tie = match one_way {
            Some(n) => n.axis,
            None if slopes => (d.y.abs() < d.x.abs()) as usize,
            None => 0,
        };
        let col = match near.shape(id) {
            Some(c) => poly_double::detect_convex(rect, goal, c, &near.band(&rect, &other)),
            None => {
                let bands = Bands::bounded(bound, near.precision, &rect, &other);
                detect_on(rect, d, &other.edges(), tie, &bands)
            }
        };
        if let Some(col) = col {
            out.push(Met {
                id,
                col,
                dist: centre_distance(rect, other),
            });
        }
    }
    crate::sort::sort_by(out, |a, b| {
        a.col
            .ti
            .total_cmp(&b.col.ti)
            // Among polygon items: items met at a corner after those met on a face.
            .then(if slopes {
                a.col.corner.cmp(&b.col.corner)
            } else {
                core::cmp::Ordering::Equal
            })
            .then(a.dist.total_cmp(&b.dist))
            .then(a.id.cmp(&b.id))
    });
}

impl World {
    /// Gathers into `near` every item but `skip` that interacts with the categories `cats` and
    /// that `rect` moving straight to corner `goal` may meet. Sensors meet nothing and are met
    /// by nothing.
    pub(crate) fn gather(
        &self,
        skip: u64,
        cats: [u64; 2],
        rect: RectD,
        goal: Vec2D,
        near: &mut Near,
    ) {
        near.items.clear();
        near.shapes.clear();
        near.sensors.clear();
        near.extent = self.extent;
        near.reach = None;
        near.changes = self.changes;
        near.precision = self.precision;
        let sensors = self.sensing.live > 0;
        if sensors && self.slot(skip).is_ok_and(|s| self.sensor_at(s as usize)) {
            return;
        }
        let motion = reach(rect, goal, self.precision);
        let r = motion.bounds;
        let (items, shapes, near_sensors) = (&mut near.items, &mut near.shapes, &mut near.sensors);
        let mut test = |slot: u32| {
            let j = slot as usize;
            let [c, m] = self.cats[j];
            if c & cats[1] == 0 || cats[0] & m == 0 {
                return;
            }
            let o = self.rects[j];
            if beyond(&o, &r) {
                return;
            }
            if sensors && self.sensor_at(j) {
                near_sensors.push(slot);
                return;
            }
            let id = self.handle_of(slot);
            if id != skip {
                items.push((id, o, self.one_way[j]));
                if self.shaped > 0 {
                    if let Some(c) = self.convex_at(j) {
                        shapes.push((id, c));
                    }
                }
            }
        };
        near.reach = self.search(&motion, &mut test);
    }

    /// Calls `f` for every slot whose item `rect` moving straight to corner `goal` may meet
    /// (and maybe others, some more than once); answers the box searched when the motion is
    /// short (a later leg inside it may reuse what was found).
    pub(crate) fn along(&self, rect: RectD, goal: Vec2D, f: &mut impl FnMut(u32)) -> Option<Aabb> {
        self.search(&reach(rect, goal, self.precision), f)
    }

    /// [`World::along`] for a motion's [`Reach`].
    fn search(&self, reach: &Reach, f: &mut impl FnMut(u32)) -> Option<Aabb> {
        let &Reach {
            bounds: r,
            from: c0,
            to: c1,
            half,
        } = reach;
        let finite = c0.0.is_finite() && c0.1.is_finite() && c1.0.is_finite() && c1.1.is_finite();
        let cells = (r.max_x - r.min_x) * (r.max_y - r.min_y) * self.inv * self.inv;
        let mut short = None;
        if finite && cells <= 16.0 {
            // A short motion: the cells around its box (which a later leg inside it reuses).
            self.tiles.near(&r, self.inv, f);
            short = Some(r);
        } else if finite {
            // A long one: the cells along its path, not its whole box.
            self.segment_candidates(c0, c1, half, f);
        } else {
            // No bounds to search by (a sum overflowed): ask every item.
            for j in 0..self.live.len() {
                if self.live[j] && !self.tiles.huge.contains(&(j as u32)) {
                    f(j as u32);
                }
            }
        }
        for &h in &self.tiles.huge {
            f(h);
        }
        short
    }

    /// The categories of `id`, or every category for 0.
    pub(crate) fn cats_of(&self, id: u64) -> Result<[u64; 2], WorldError> {
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
        let (mut near, mut met) = (Near::default(), Vec::new());
        self.gather(id, cats, rect, goal, &mut near);
        let begun = Begun::new(rect, goal, self.precision);
        meet(&near, &begun, rect, goal, &[], &mut met);
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
        let end = self.filtered(
            |_, a, b| filter(a, b),
            |w, f| run(w, id, goal.into(), true, Snap::F32, f, &mut found, None),
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
        filter: impl FnMut(&mut World, u64, u64) -> Response,
        hits: &mut Vec<WorldHitD>,
    ) -> Result<Vec2D, WorldError> {
        self.motion_d(id, goal, true, filter, hits)
    }

    /// bump.lua's `world:check`: [`World::move_d`] without moving the item.
    pub fn check_d(
        &mut self,
        id: u64,
        goal: Vec2D,
        filter: impl FnMut(&mut World, u64, u64) -> Response,
        hits: &mut Vec<WorldHitD>,
    ) -> Result<Vec2D, WorldError> {
        self.motion_d(id, goal, false, filter, hits)
    }

    fn motion_d(
        &mut self,
        id: u64,
        goal: Vec2D,
        commit: bool,
        filter: impl FnMut(&mut World, u64, u64) -> Response,
        hits: &mut Vec<WorldHitD>,
    ) -> Result<Vec2D, WorldError> {
        self.filtered(filter, |w, f| {
            run(w, id, goal, commit, Snap::Exact, f, hits, None)
        })
    }
}

/// Which positions a move may end at: any double, or those of an f32 engine, or of an integer
/// one (for their functions), each as clear as the double-precision end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Snap {
    Exact,
    F32,
    Int,
}

impl Snap {
    /// The grid's value nearest `v`, within the grid's range.
    fn nearest(self, v: f64) -> f64 {
        match self {
            Snap::Exact => v,
            Snap::F32 => v.clamp(-(f32::MAX as f64), f32::MAX as f64) as f32 as f64,
            Snap::Int => (v.clamp(i32::MIN as f64, i32::MAX as f64) + 0.5).floor(),
        }
        .clamp(self.least(), -self.least())
    }

    /// The grid's value nearest `v` on the side of `from` (or `v` itself if on the grid).
    fn back(self, v: f64, from: f64) -> f64 {
        let m = v.clamp(self.least(), -self.least());
        match self {
            Snap::Exact => v,
            Snap::F32 => {
                let f = m as f32;
                if m > from && (f as f64) > m {
                    next_f32(f, false) as f64
                } else if m <= from && (f as f64) < m {
                    next_f32(f, true) as f64
                } else {
                    f as f64
                }
            }
            Snap::Int if m > from => m.floor(),
            Snap::Int => -(-m).floor(),
        }
    }

    /// The grid's least value (its range is symmetric but for the integers' last one).
    fn least(self) -> f64 {
        match self {
            Snap::Exact => f64::NEG_INFINITY,
            Snap::F32 => -(f32::MAX as f64),
            Snap::Int => i32::MIN as f64 + 1.0,
        }
    }
}

/// A move (or a check, when `commit` is false) of item `id` toward corner `goal` through any
/// [`Access`] to its world; `filter(access, item, other)` may change the world. The final
/// position is one of `snap`'s grid. `legs`, when given, gets one goal per hit: where the
/// response to that hit sends the mover next (the contact for a touch, the goal unchanged for a
/// cross).
#[allow(clippy::too_many_arguments)]
pub(crate) fn run<A: Access>(
    acc: &mut A,
    id: u64,
    goal: Vec2D,
    commit: bool,
    snap: Snap,
    filter: &mut dyn FnMut(&mut A, u64, u64) -> Response,
    hits: &mut Vec<WorldHitD>,
    mut legs: Option<&mut Vec<Vec2D>>,
) -> Result<Vec2D, WorldError> {
    hits.clear();
    if let Some(legs) = legs.as_deref_mut() {
        legs.clear();
    }
    let (mut rect, _) = acc.world().get_d(id)?;
    if !goal.finite() {
        return Err(WorldError::Invalid);
    }
    let precision = acc.world().precision;
    let begun_move = Begun::new(rect, goal, precision);
    let mut goal = goal;
    let mut pos = Vec2D::new(rect.x, rect.y);
    let mut seen: Vec<u64> = Vec::new();
    // The corners of the mover's path where a leg ended, and the sensors near its legs (for
    // sensors' events, see `events.rs`).
    let mut path: Vec<Vec2D> = Vec::new();
    let mut sensors: Vec<u32> = Vec::new();
    let start_pos = pos;
    // (Only while the world has sensors: a move needs no memory for it otherwise.)
    let turn = |acc: &mut A, path: &mut Vec<Vec2D>, p: Vec2D| {
        if acc.world().sensing.live == 0 {
            return;
        }
        if path.is_empty() {
            path.push(start_pos);
        }
        path.push(p);
    };
    let mut answers: BTreeMap<u64, Response> = BTreeMap::new();
    let (mut near, mut met) = (Near::default(), Vec::new());
    let mut changes = acc.world().changes;
    // Asks the filter once per item and move; also says whether the call changed the world (a
    // filter that changes it on every call is looked at again at most `RESTARTS` times).
    let mut restarts = 0;
    let mut ask = |acc: &mut A, other: u64, changes: &mut u64| -> (Response, bool) {
        if let Some(&r) = answers.get(&other) {
            return (r, false);
        }
        let r = filter(acc, id, other);
        answers.insert(other, r);
        let now = acc.world().changes;
        if now != *changes && restarts < RESTARTS {
            *changes = now;
            restarts += 1;
            return (r, true);
        }
        (r, false)
    };
    'step: while hits.len() < MAX_MOVE_HITS {
        {
            let w = acc.world();
            let here = rect.at(pos);
            if !near.covers(&reach(here, goal, precision).bounds, w.changes) {
                let cats = w.cats_of(id)?;
                w.gather(id, cats, here, goal, &mut near);
                sensors.extend_from_slice(&near.sensors);
            }
            meet(&near, &begun_move, here, goal, &seen, &mut met);
        }
        let mut chosen = None;
        for &m in &met {
            match ask(acc, m.id, &mut changes) {
                (_, true) => {
                    // The filter changed the world: look again from where the mover is now.
                    let (now, _) = acc.world().get_d(id)?;
                    if now != rect {
                        rect = now;
                        pos = Vec2D::new(now.x, now.y);
                        turn(acc, &mut path, pos);
                    }
                    continue 'step;
                }
                (Response::Ignore, _) => {}
                (r, _) => {
                    chosen = Some((m, r));
                    break;
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
        let stop = match r {
            Response::Cross => false,
            Response::Slide | Response::Bounce => {
                let n = m.col.normal;
                if moving && n.x != 0.0 && n.y != 0.0 {
                    // A slanted face of a polygon item.
                    let face = m.col.face.unwrap_or_default();
                    goal = poly_double::redirect(r == Response::Bounce, rect, touch, goal, n, face);
                } else if moving {
                    let to = redirect(r, (touch.x, touch.y), (goal.x, goal.y), n.x != 0.0);
                    goal = to.map_or(touch, |(x, y)| Vec2D::new(x, y));
                }
                pos = touch;
                turn(acc, &mut path, pos);
                false
            }
            _ => {
                pos = touch;
                goal = touch;
                turn(acc, &mut path, pos);
                true
            }
        };
        if let Some(legs) = legs.as_deref_mut() {
            legs.push(goal);
        }
        if stop {
            break;
        }
    }
    // The motion ends at the goal the responses leave. Exact projections cannot end inside an
    // item they did not meet, but a contact's coordinate along a face is rounded: should that
    // leave the mover inside a solid item it did not start in, it stops short on the
    // last leg, where it is clear. (One-way items count when they are solid for this move.)
    let start = acc.world().get_d(id)?.0;
    let mut end = goal;
    let mut inside: Vec<u64> = Vec::new();
    // Whether the mover at `p`, on a leg from `from`, overlaps a solid item it did not start in
    // by more than the band (asking the filter about any it was not asked about yet): among the
    // items gathered when they cover `p`, else found afresh. Where the mover lay within the
    // band of an item's face at `from`, it may keep what it overlapped there and no more;
    // elsewhere overlaps are exact, so that a mover stopped short of an item ends flush with it,
    // not a band inside.
    let mut blocked = |acc: &mut A, p: Vec2D, from: Vec2D| {
        {
            let w = acc.world();
            let (r, f) = (rect.at(p), rect.at(from));
            inside.clear();
            if near.covers(&r.bounds().0, w.changes) {
                inside.extend(near.items.iter().filter_map(|&(o, other, one_way)| {
                    (overlap_item(precision, &other, near.shape(o), &r, Some(&f))
                        && !near.overlap(o, &other, &start)
                        && begun_move.solid(&other, one_way))
                    .then_some(o)
                }));
            } else {
                let Ok(cats) = w.cats_of(id) else {
                    return false;
                };
                // Every item the exact test may find overlaps this box by more than the band.
                let (b, _) = r.bounds();
                let m = b
                    .min_x
                    .abs()
                    .max(b.max_x.abs())
                    .max(b.min_y.abs())
                    .max(b.max_y.abs());
                let g = 4.0 * precision.band(2.0 * m);
                let q = RectD::new(
                    b.min_x - g,
                    b.min_y - g,
                    (b.max_x - b.min_x) + 2.0 * g,
                    (b.max_y - b.min_y) + 2.0 * g,
                );
                inside.resize(8, 0);
                let n = w.query_rect_d(q, cats[1], &mut inside);
                inside.resize(n, 0);
                if n > 8 {
                    w.query_rect_d(q, cats[1], &mut inside);
                }
                let sensor = |o: u64| w.is_sensor(o).unwrap_or(true);
                inside.retain(|&o| {
                    o != id
                        && !sensor(o)
                        && !sensor(id)
                        && w.get_d(o).is_ok_and(|(other, _)| {
                            let c = w.convex_of(o);
                            let hit = |m: &RectD, from: Option<&RectD>| {
                                overlap_item(precision, &other, c.as_ref(), m, from)
                            };
                            hit(&r, Some(&f))
                                && !hit(&start, None)
                                && w.one_way_of(o).is_ok_and(|n| begun_move.solid(&other, n))
                        })
                        && w.cats_of(o)
                            .is_ok_and(|[c, m]| c & cats[1] != 0 && cats[0] & m != 0)
                });
            }
        }
        (0..inside.len()).any(|k| {
            let (r, _) = ask(acc, inside[k], &mut changes);
            !matches!(r, Response::Ignore | Response::Cross)
        })
    };
    let mut from = pos;
    if blocked(acc, end, from) {
        if blocked(acc, pos, from) {
            from = Vec2D::new(start.x, start.y);
        }
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        let at = |t: f64| Vec2D::new(from.x + (end.x - from.x) * t, from.y + (end.y - from.y) * t);
        for _ in 0..64 {
            let mid = (lo + hi) / 2.0;
            if blocked(acc, at(mid), from) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        end = if lo == 0.0 { from } else { at(lo) };
    }
    if snap != Snap::Exact {
        // The position of the grid `snap` names nearest the end (within its range: bump.lua's
        // way out of a huge item may lie beyond it), or one rounded back toward the start of the
        // move on either axis, whichever first leaves the mover clear.
        let (bx, by) = (snap.back(end.x, start.x), snap.back(end.y, start.y));
        let (nx, ny) = (snap.nearest(end.x), snap.nearest(end.y));
        let options = [
            Vec2D::new(nx, ny),
            Vec2D::new(bx, ny),
            Vec2D::new(nx, by),
            Vec2D::new(bx, by),
        ];
        end = options
            .into_iter()
            .find(|&p| !blocked(acc, p, from))
            .unwrap_or(Vec2D::new(snap.nearest(start.x), snap.nearest(start.y)));
    }
    if commit {
        acc.world().update_d(id, rect.at(end))?;
        turn(acc, &mut path, end);
        acc.world().trace(id, rect, &path, Some(&sensors));
    }
    Ok(end)
}
