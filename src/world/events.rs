//! Sensors and their events: pickups, hazards, doors and checkpoints that say when an item
//! comes in and when it leaves.
//!
//! A sensor is an item that never blocks and is never blocked: moves, checks, projections and
//! the movement kit pass through it without asking the filter, and a sensor that moves goes
//! where it is sent. Items whose categories interact with a sensor's (the rule of
//! [`World::set_category`]) and that are not sensors themselves **visit** it while their rects
//! overlap it as pairs do (by more than the band on both axes; touching is not visiting).
//!
//! [`World::events`] answers what changed since it was last called: a `BEGIN` for each
//! (sensor, visitor) pair that overlaps now and did not then, an `END` for each that did and
//! does not, sorted by sensor, then visitor, `BEGIN` before `END`. Between calls:
//!
//! * a move (`move_*`, and the movement kit's moves) sweeps the path its legs took: a visitor
//!   carried through a sensor, however thin the sensor and fast the move, without overlapping it
//!   at either call gets `BEGIN` and `END`, both flagged [`EVENT_PASSED`]; so does a sensor
//!   moved through a visitor;
//! * an update is a teleport: it begins and ends pairs by where the item is, nothing between;
//! * a removed item ends its pairs with `END` flagged [`EVENT_REMOVED`] (a pair it entered since
//!   the last call first gets its `BEGIN`);
//! * a pair that left and came back, or came and left by updates, between two calls is no
//!   event: the events are the difference between the two calls' states, plus the passes.
//!
//! The work is proportional to the sensors' visitors and to what changed, not to the world:
//! items are marked when they are added, updated, moved, recategorised or made sensors (only
//! while the world has sensors), and the call looks, through the world's broad phase, around
//! each marked item, or around each sensor when that is less (most items moved); a move finds
//! the sensors along its legs in the broad-phase pass it makes anyway.

use super::{World, WorldError};
use crate::shape::{Edges, RectD, Vec2D};
use alloc::collections::{BTreeSet, VecDeque};
use alloc::vec::Vec;

/// An event's kind: the visitor came to overlap the sensor.
/// cbindgen:ignore
pub const EVENT_BEGIN: u32 = 1;
/// An event's kind: the visitor no longer overlaps the sensor.
/// cbindgen:ignore
pub const EVENT_END: u32 = 2;
/// An event's flag: a move carried the visitor (or the sensor) through without the pair
/// overlapping at either call of [`World::events`].
/// cbindgen:ignore
pub const EVENT_PASSED: u32 = 1;
/// An event's flag: the pair ended because the sensor or the visitor was removed.
/// cbindgen:ignore
pub const EVENT_REMOVED: u32 = 2;

/// A visitor coming to or leaving a sensor (`c2d_event`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Event {
    /// The sensor.
    pub sensor: u64,
    /// The visitor.
    pub item: u64,
    /// `C2D_EVENT_BEGIN` or `C2D_EVENT_END`.
    pub kind: u32,
    /// `C2D_EVENT_PASSED` and `C2D_EVENT_REMOVED` bits.
    pub flags: u32,
}

impl Event {
    fn new((sensor, item): (u64, u64), kind: u32, flags: u32) -> Event {
        Event {
            sensor,
            item,
            kind,
            flags,
        }
    }
}

/// An item removed while the world had sensors: its handle and the pairs it was in then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    pub id: u64,
    pub pairs: Vec<(u64, u64)>,
}

/// What a world keeps for its sensors (see the module's notes).
#[derive(Clone, Default)]
pub(crate) struct Sensing {
    /// Per slot: whether its item is a sensor.
    pub is: Vec<bool>,
    /// How many live items are sensors.
    pub live: usize,
    /// The pairs `(sensor, visitor)` that overlapped at the last call, and the same turned
    /// round `(visitor, sensor)`.
    pub touching: BTreeSet<(u64, u64)>,
    by_item: BTreeSet<(u64, u64)>,
    /// Per slot: whether it is in `dirty`.
    marked: Vec<bool>,
    /// The slots changed since the last call.
    pub dirty: Vec<u32>,
    /// The pairs a move carried through each other since the last call.
    pub passed: Vec<(u64, u64)>,
    pub removed: Vec<Removal>,
    /// Events worked out and not yet handed out (a caller's buffer was short).
    pub ready: VecDeque<Event>,
    /// Scratch: slots found near an item.
    found: Vec<u32>,
}

impl Sensing {
    /// Whether changes must be marked: the world has sensors, or pairs still to end.
    #[inline]
    pub fn tracking(&self) -> bool {
        self.live > 0 || !self.touching.is_empty()
    }

    /// Whether nothing is pending: no state but the sensor flags.
    pub fn quiet(&self) -> bool {
        self.live == 0
            && self.touching.is_empty()
            && self.dirty.is_empty()
            && self.passed.is_empty()
            && self.removed.is_empty()
            && self.ready.is_empty()
    }

    pub fn grow(&mut self, n: usize) {
        self.is.resize(n, false);
        self.marked.resize(n, false);
    }

    /// Marks slot `s` as changed (when the world tracks changes).
    #[inline]
    pub fn mark(&mut self, s: usize) {
        if self.tracking() && !self.marked[s] {
            self.marked[s] = true;
            self.dirty.push(s as u32);
        }
    }

    /// Marks slot `s` as changed whether or not the world tracks changes (a restored state).
    pub fn mark_anyway(&mut self, s: usize) {
        if !self.marked[s] {
            self.marked[s] = true;
            self.dirty.push(s as u32);
        }
    }

    /// Enters a pair as overlapping.
    pub fn insert(&mut self, (s, v): (u64, u64)) {
        self.touching.insert((s, v));
        self.by_item.insert((v, s));
    }

    fn take(&mut self, (s, v): (u64, u64)) {
        self.touching.remove(&(s, v));
        self.by_item.remove(&(v, s));
    }

    /// The overlapping pairs item `id` is in, either way round, into `out`.
    fn pairs_of(&self, id: u64, out: &mut Vec<(u64, u64)>) {
        out.extend(self.touching.range((id, 0)..=(id, u64::MAX)).copied());
        out.extend(
            self.by_item
                .range((id, 0)..=(id, u64::MAX))
                .map(|&(v, s)| (s, v)),
        );
    }
}

/// Whether `a` moving by `d` (from `t = 0` to `t = 1`) overlaps `o` by more than `band` on both
/// axes at some `t`: the intervals of `t` over which each axis overlaps meet.
fn passes(a: &Edges, d: Vec2D, o: &Edges, band: &super::Band) -> bool {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for (k, dk) in [d.x, d.y].into_iter().enumerate() {
        if dk == 0.0 {
            if !(band.below(k, a.lo[k], o.hi[k]) && band.below(k, o.lo[k], a.hi[k])) {
                return false;
            }
            continue;
        }
        // Overlap on this axis while `a.hi + t dk > o.lo + band` and `a.lo + t dk < o.hi - band`.
        let b = band.0[k];
        let enter = (o.lo[k].hi + b - a.hi[k].hi) / dk;
        let leave = (o.hi[k].hi - b - a.lo[k].hi) / dk;
        let (t0, t1) = if dk > 0.0 {
            (enter, leave)
        } else {
            (leave, enter)
        };
        lo = lo.max(t0);
        hi = hi.min(t1);
    }
    lo < hi
}

impl World {
    /// Makes item `id` a sensor (`true`) or an ordinary item again (see the module's notes).
    /// A sensor's pairs as a visitor end when it becomes a sensor, and its pairs as a sensor end
    /// when it stops being one (at the next [`World::events`]).
    pub fn set_sensor(&mut self, id: u64, on: bool) -> Result<(), WorldError> {
        let s = self.slot(id)? as usize;
        if self.sensing.is[s] == on {
            return Ok(());
        }
        self.sensing.is[s] = on;
        if on {
            self.sensing.live += 1;
        } else {
            self.sensing.live -= 1;
        }
        self.sensing.mark(s);
        self.changes += 1;
        Ok(())
    }

    /// Whether item `id` is a sensor.
    pub fn is_sensor(&self, id: u64) -> Result<bool, WorldError> {
        Ok(self.sensing.is[self.slot(id)? as usize])
    }

    /// Whether slot `s` holds a sensor.
    #[inline]
    pub(crate) fn sensor_at(&self, s: usize) -> bool {
        self.sensing.live > 0 && self.sensing.is[s]
    }

    /// The events since the last call, appended to `out` in the order of the module's notes.
    pub fn events(&mut self, out: &mut Vec<Event>) {
        self.settle();
        out.extend(self.sensing.ready.drain(..));
    }

    /// Hands out up to `out.len()` events (the oldest first; the rest wait for the next call)
    /// and answers how many there were.
    pub fn events_into(&mut self, out: &mut [Event]) -> usize {
        self.settle();
        let ready = &mut self.sensing.ready;
        let n = ready.len();
        let k = n.min(out.len());
        for (o, e) in out.iter_mut().zip(ready.drain(..k)) {
            *o = e;
        }
        n
    }

    /// Records, for a move of item `id` (at `rect`'s size) along the path `points`, the pairs
    /// it passed through (see the module's notes); `sensors`, when given, holds every sensor
    /// the path may meet (found by the move's own search), else they are searched for.
    pub(crate) fn trace(
        &mut self,
        id: u64,
        rect: RectD,
        points: &[Vec2D],
        sensors: Option<&[u32]>,
    ) {
        if self.sensing.live == 0 || points.len() < 2 {
            return;
        }
        let Ok(slot) = self.slot(id) else { return };
        let m = slot as usize;
        let mover = self.sensing.is[m];
        let mut found = core::mem::take(&mut self.sensing.found);
        let mut passed = core::mem::take(&mut self.sensing.passed);
        for leg in points.windows(2) {
            let (a, b) = (rect.at(leg[0]), rect.at(leg[1]));
            if a == b || !b.finite() {
                continue;
            }
            let d = Vec2D::new(leg[1].x - leg[0].x, leg[1].y - leg[0].y);
            let candidates = match sensors {
                Some(list) if !mover => list,
                _ => {
                    found.clear();
                    self.along(a, leg[1], &mut |j| found.push(j));
                    &found[..]
                }
            };
            let e = a.edges();
            for &j in candidates {
                let o = j as usize;
                if o == m || !self.live[o] || self.sensing.is[o] == mover || !self.interact(m, o) {
                    continue;
                }
                let other = &self.rects[o];
                let (x, y) = (self.band(&a, other), self.band(&b, other));
                let band = super::Band([x.0[0].max(y.0[0]), x.0[1].max(y.0[1])]);
                if passes(&e, d, &other.edges(), &band) {
                    let h = self.handles[o];
                    passed.push(if mover { (id, h) } else { (h, id) });
                }
            }
        }
        self.sensing.passed = passed;
        self.sensing.found = found;
    }

    /// Notes the pairs of slot `s`, about to be removed, when the world tracks changes.
    pub(crate) fn forget(&mut self, s: usize) {
        if !self.sensing.tracking() {
            return;
        }
        let id = self.handles[s];
        let mut pairs = Vec::new();
        let mut found = core::mem::take(&mut self.sensing.found);
        self.partners(s, &mut found, &mut pairs);
        self.sensing.found = found;
        self.sensing.removed.push(Removal { id, pairs });
        if self.sensing.is[s] {
            self.sensing.is[s] = false;
            self.sensing.live -= 1;
        }
    }

    /// The pairs live slot `s` is in now, `(sensor, visitor)`, into `out` (`found` is scratch).
    fn partners(&self, s: usize, found: &mut Vec<u32>, out: &mut Vec<(u64, u64)>) {
        let r = self.rects[s];
        let id = self.handles[s];
        let e = r.edges();
        let sensor = self.sensing.is[s];
        found.clear();
        self.tiles
            .near(&r.bounds().0, self.inv, &mut |j| found.push(j));
        found.extend_from_slice(&self.tiles.huge);
        for &j in found.iter() {
            let o = j as usize;
            if o == s || !self.live[o] || self.sensing.is[o] == sensor || !self.interact(s, o) {
                continue;
            }
            let other = &self.rects[o];
            if self.band(&r, other).overlap(&e, &other.edges()) {
                let h = self.handles[o];
                out.push(if sensor { (id, h) } else { (h, id) });
            }
        }
    }

    /// Works out the events since the last call into `sensing.ready`.
    fn settle(&mut self) {
        let sn = &self.sensing;
        if sn.dirty.is_empty() && sn.passed.is_empty() && sn.removed.is_empty() {
            return;
        }
        let mut ev: Vec<Event> = Vec::new();
        let mut found = core::mem::take(&mut self.sensing.found);
        let mut old: Vec<(u64, u64)> = Vec::new();
        // Removed items first: their pairs end, flagged; pairs entered since the last call
        // begin first.
        for r in core::mem::take(&mut self.sensing.removed) {
            old.clear();
            self.sensing.pairs_of(r.id, &mut old);
            for &p in &old {
                self.sensing.take(p);
                ev.push(Event::new(p, EVENT_END, EVENT_REMOVED));
            }
            for &p in &r.pairs {
                // (The other item cannot have ended the pair too: it was live then, or, removed
                // before, it was no longer among this one's pairs.)
                if !old.contains(&p) {
                    ev.push(Event::new(p, EVENT_BEGIN, 0));
                    ev.push(Event::new(p, EVENT_END, EVENT_REMOVED));
                }
            }
        }
        // Changed items: the pairs they were in against those they are in now; when most items
        // changed, every sensor's pairs instead (fewer searches).
        let dirty = core::mem::take(&mut self.sensing.dirty);
        let mut now: Vec<(u64, u64)> = Vec::new();
        old.clear();
        for &s in &dirty {
            self.sensing.marked[s as usize] = false;
        }
        if dirty.len() > 2 * self.sensing.live {
            old.extend(self.sensing.touching.iter().copied());
            for s in 0..self.live.len() {
                if self.live[s] && self.sensing.is[s] {
                    self.partners(s, &mut found, &mut now);
                }
            }
        } else {
            for &s in &dirty {
                let s = s as usize;
                if self.live[s] {
                    self.sensing.pairs_of(self.handles[s], &mut old);
                    self.partners(s, &mut found, &mut now);
                }
            }
        }
        for v in [&mut old, &mut now] {
            crate::sort::sort(v);
            v.dedup();
        }
        let (mut i, mut j) = (0, 0);
        while i < old.len() || j < now.len() {
            match (old.get(i), now.get(j)) {
                (Some(a), Some(b)) if a == b => {
                    i += 1;
                    j += 1;
                }
                (Some(&a), b) if b.is_none_or(|&b| a < b) => {
                    self.sensing.take(a);
                    ev.push(Event::new(a, EVENT_END, 0));
                    i += 1;
                }
                (_, Some(&b)) => {
                    self.sensing.insert(b);
                    ev.push(Event::new(b, EVENT_BEGIN, 0));
                    j += 1;
                }
                _ => break,
            }
        }
        // Passes: pairs that changed neither way and do not overlap now.
        let mut passed = core::mem::take(&mut self.sensing.passed);
        crate::sort::sort(&mut passed);
        passed.dedup();
        crate::sort::sort_by_key(&mut ev, |e| (e.sensor, e.item));
        let changed = ev.len();
        for &p in &passed {
            let seen = ev[..changed]
                .binary_search_by_key(&p, |e| (e.sensor, e.item))
                .is_ok();
            if !seen && !self.sensing.touching.contains(&p) {
                ev.push(Event::new(p, EVENT_BEGIN, EVENT_PASSED));
                ev.push(Event::new(p, EVENT_END, EVENT_PASSED));
            }
        }
        crate::sort::sort_by_key(&mut ev, |e| (e.sensor, e.item, e.kind));
        self.sensing.ready.extend(ev);
        // Keep the buffers' memory for the next frame.
        self.sensing.found = found;
        self.sensing.passed = passed;
        self.sensing.passed.clear();
        let mut dirty = dirty;
        dirty.clear();
        self.sensing.dirty = dirty;
    }
}
