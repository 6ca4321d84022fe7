//! Continuous collision: a shape moving by `delta` (t from 0 to 1) against a static one.
//!
//! A hit is the first moment the two would start to overlap strictly: the infimum of the (open)
//! set of `t` in `[0, 1]` at which they overlap strictly. So sliding along a face while touching
//! is not a hit, moving into a touching neighbour hits at `t = 0`, and ending exactly in contact
//! at `t = 1` is not a hit. Shapes already overlapping strictly at `t = 0` hit at `t = 0` with the
//! minimum translation's normal (as `collide_*`, pointing from the target toward the mover).
//!
//! How it is exact:
//! * Boxes (rect-rect, rect-obb) are a swept separating-axis test: along each axis the mover
//!   overlaps strictly while `lo < t·v < hi`, an open interval of `t`. Exact early outs reject
//!   most misses; entry and exit times are compared as correctly rounded quotients, and as exact
//!   fractions ([`product_le`]) when the quotients tie, so on the grid domain the hit/no-hit
//!   answer and the choice of face are those of real arithmetic. A rect mover's `pos` is made
//!   flush on the hit axis (the exact contact coordinate, when it is an f32 and clear).
//! * Round shapes sweep the centre point against the Minkowski sum, a rounded box: two boxes
//!   (one widened by `r` in x, one in y) and four corner disks. Hit or no hit is decided exactly
//!   (slabs as above, segment against open disk with [`product_le`]); a disk's entry time comes
//!   from its quadratic with a double-double discriminant (no cancellation on grazes).
//! * Every returned `t` is an f32 no later than the real contact time, and it is then settled:
//!   the f32 position `a + t·delta` (each operation rounded to f32, no fused multiply-add) is
//!   checked with the exact overlap predicate and `t` steps down by f32 ulps until it is clear
//!   (a rect mover steps by about one f32 step of its position along the hit axis, and the hit
//!   axis alone normally shows it clear: [`rect_rect_apart`]).
//!
//! The reverse order (rect moving against a circle) is the circle moving by `-delta` against the
//! rect, with the normal flipped: both orders share one entry computation.
//!
//! Bad input: a NaN anywhere, or an infinite `delta` (no motion), is no hit; infinite extents
//! follow the formulas, and every field of a hit they give is a number. At any size ratio the
//! rect-rect sweep and the straight parts of the circle-rect sweeps (both orders) are exact:
//! where f64 would round a slab bound, the `sweep_exact` module decides (and so for a circle
//! against an oriented box at a multiple of 90°). A start that is inside by less than the
//! predicate can see, which it calls touching, is touching for the sweep too. Every sweep that
//! finds no hit checks the mover's f32 end with the predicate, and reports a hit if it overlaps
//! ([`end_hit`]): no hit always leaves `a + delta` clear.

use super::contact::{collide_circle_circle, collide_obb_circle, collide_obb_rect};
use super::contact::{collide_rect_circle, collide_rect_rect};
use super::math::{at, settle, span, step_back, step_down, unusable};
use super::overlap::{
    overlap_circle_circle, overlap_obb_circle, overlap_obb_rect, overlap_rect_circle,
    overlap_rect_rect, rect_rect_apart,
};
use super::sat;
use super::sweep_exact;
use crate::exact::{product_le, two_product};
use crate::platform::ClampZero;
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::shape::{direction, dot, Aabb, Circle, Frame, Hit, Obb, Rect, Vec2, P, POLY_MAX};

/// The exact `min, max` of a box per axis.
type Spans = [(sweep_exact::Terms, sweep_exact::Terms); 2];

// ---------------------------------------------------------------------------------------------
// Shared pieces: fractions and slabs.

/// A time `num / den` with `den >= 0`, compared exactly, with its correctly rounded quotient
/// `q` (rounding is monotone: unequal quotients already order the exact fractions).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frac {
    pub(crate) num: f64,
    pub(crate) den: f64,
    pub(crate) q: f64,
}

impl Frac {
    #[inline(always)]
    pub(crate) fn new(num: f64, den: f64) -> Frac {
        Frac {
            num,
            den,
            q: num / den,
        }
    }

    /// Exactly `self < other`: the quotients, and the exact products only when they tie.
    #[inline(always)]
    pub(crate) fn lt(self, other: Frac) -> bool {
        self.q < other.q || (self.q == other.q && exact_lt(self, other))
    }

    /// The largest f32 not above the fraction (exactly), for `0 <= num/den <= 1`.
    #[inline(always)]
    pub(crate) fn floor_f32(self) -> f32 {
        let t = (self.q as f32).clamp(0.0, 1.0);
        // An f32 below the rounded quotient is below the fraction, one above it is above the
        // fraction (monotone rounding); only an f32 equal to the quotient needs the exact test.
        let above = if (t as f64) == self.q {
            !product_le(t as f64, self.den, self.num, 1.0)
        } else {
            (t as f64) > self.q
        };
        // Selected, not branched on: half of all times round up. `t > q >= 0` when above.
        let down = f32::from_bits(t.to_bits().wrapping_sub(above as u32));
        if t > 0.0 {
            down
        } else {
            0.0
        }
    }
}

/// Exactly `a < b` for two fractions whose quotients tied (kept out of line: rare).
#[inline(never)]
#[cold]
fn exact_lt(a: Frac, b: Frac) -> bool {
    !product_le(b.num, a.den, a.num, b.den)
}

/// One axis of a swept separating-axis test: the mover overlaps the target strictly along it
/// while `lo < t·v < hi`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slab {
    pub(crate) lo: f64,
    pub(crate) hi: f64,
    pub(crate) v: f64,
}

/// Where a set of slabs is entered first.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Entry {
    /// Strictly overlapping at `t = 0` already.
    Inside,
    /// Entered at this time through this slab (index), at a time `>= 0`.
    At(Frac, usize),
}

impl Slab {
    /// Whether this slab alone leaves a hit possible, exactly: entered before `t = 1` and left
    /// after `t = 0` (with no motion: inside it), a finite motion and no NaN. Its negation is the
    /// cheap filter of the common miss: the motion's swept interval does not reach the target's.
    /// Branch-free.
    #[inline(always)]
    fn reaches(&self) -> bool {
        let vmax = if self.v > 0.0 { self.v } else { 0.0 };
        let vmin = if self.v < 0.0 { self.v } else { 0.0 };
        // False for an infinite motion (no hit, by the contract) and for NaN.
        let finite = self.v.abs() < f64::INFINITY;
        (self.lo < vmax) & (vmin < self.hi) & finite
    }

    /// [`reaches`](Slab::reaches) with the bounds widened by `tol`: never false where the exact
    /// bounds, which the f64 ones are within `tol` of, reach.
    #[inline(always)]
    fn reaches_within(&self, tol: f64) -> bool {
        let vmax = if self.v > 0.0 { self.v } else { 0.0 };
        let vmin = if self.v < 0.0 { self.v } else { 0.0 };
        let finite = self.v.abs() < f64::INFINITY;
        (self.lo - tol < vmax) & (vmin < self.hi + tol) & finite
    }

    /// The entry and exit times (`-inf`, `+inf` without motion, the slab's bounds being of
    /// opposite signs then). Branch-free: the motion's sign picks the bounds.
    #[inline(always)]
    fn times(&self) -> (Frac, Frac) {
        let neg = self.v.is_sign_negative();
        let (en, ex) = if neg {
            (-self.hi, -self.lo)
        } else {
            (self.lo, self.hi)
        };
        let den = self.v.abs();
        (Frac::new(en, den), Frac::new(ex, den))
    }
}

/// The first `t` in `[0, 1]` inside every open slab, exactly. Ties between slabs entered at the
/// same time go to the earlier slab.
///
/// Times are compared as correctly rounded quotients first: rounding is monotone, so unequal
/// quotients order the exact fractions; equal ones are compared exactly.
#[inline(always)]
pub(crate) fn sweep_slabs<const N: usize>(slabs: &[Slab; N]) -> Option<Entry> {
    let mut reach = true;
    for s in slabs {
        reach &= s.reaches();
    }
    if !reach {
        return None; // the common miss: a few compares, no division
    }
    slabs_entry(slabs)
}

/// [`sweep_slabs`] once every slab [`reaches`](Slab::reaches): the latest entry against the
/// earliest exit.
#[inline(always)]
fn slabs_entry<const N: usize>(slabs: &[Slab; N]) -> Option<Entry> {
    let (mut enter, mut exit) = slabs[0].times();
    let mut k = 0;
    let mut real = !(enter.q.is_nan() | exit.q.is_nan());
    for (i, s) in slabs.iter().enumerate().skip(1) {
        let (en, ex) = s.times();
        real &= !(en.q.is_nan() | ex.q.is_nan());
        if enter.lt(en) {
            enter = en;
            k = i;
        }
        if ex.lt(exit) {
            exit = ex;
        }
    }
    // Inside every slab together at some time (exits are > 0 and entries < 1 by `reaches`).
    if !real || !enter.lt(exit) {
        return None;
    }
    if enter.num < 0.0 {
        Some(Entry::Inside)
    } else {
        Some(Entry::At(enter, k))
    }
}

fn vec(p: P) -> Vec2 {
    Vec2::from_f64(p.0, p.1)
}

fn hit(t: f32, normal: P, point: P, pos: Vec2) -> Hit {
    Hit {
        t,
        normal: vec(normal),
        point: vec(point),
        pos,
    }
}

/// A hit at `t = 0` for shapes already overlapping: the contact's normal is given from the
/// target toward the mover.
fn start_hit(normal: Vec2, point: Vec2, pos: Vec2) -> Hit {
    Hit {
        t: 0.0,
        normal,
        point,
        pos,
    }
}

/// Where a hit's contact is measured: the mover's f32 position `pos` at `t`, or where that runs
/// past f32's range (a mover near `f32::MAX`), the same point `start + t·delta` in f64, so that
/// the contact holds numbers rather than NaN.
fn contact_at(pos: Vec2, start: Vec2, delta: Vec2, t: f32) -> P {
    if pos.x.is_finite() && pos.y.is_finite() {
        pos.wide()
    } else {
        let (s, d, t) = (start.wide(), delta.wide(), t as f64);
        (s.0 + t * d.0, s.1 + t * d.1)
    }
}

/// The hit of a sweep whose own arithmetic found none while the predicate sees the mover's f32
/// end `start + delta` overlap the target (and not its start): the two round differently when
/// sizes are some 2^50 apart, or when `start + delta` rounds into the target in f32. So a sweep
/// that reports no hit always leaves the mover's end clear, and a move never stops short without
/// a hit. `t` steps back from 1 until the predicate sees the mover clear; normal and point are
/// the contact at the end (`contact`, the normal from the target toward the mover).
///
/// Every miss asks this, so the test of the end is made here, inline; what follows is rare
/// ([`end_hit_found`]).
#[inline(always)]
fn end_hit(
    start: Vec2,
    delta: Vec2,
    overlaps: impl Fn(Vec2) -> bool,
    contact: impl Fn(Vec2) -> Option<(Vec2, Vec2)>,
) -> Option<Hit> {
    if unusable(delta) || !overlaps(at(start, delta, 1.0)) {
        return None;
    }
    end_hit_found(start, delta, &overlaps, &contact)
}

/// [`end_hit`] of a mover whose end overlaps: cold, and one body for every sweep (the
/// predicate and the contact called through pointers).
#[cold]
#[inline(never)]
fn end_hit_found(
    start: Vec2,
    delta: Vec2,
    overlaps: &dyn Fn(Vec2) -> bool,
    contact: &dyn Fn(Vec2) -> Option<(Vec2, Vec2)>,
) -> Option<Hit> {
    if overlaps(start) {
        return None;
    }
    let (normal, point) = contact(at(start, delta, 1.0))?;
    let t = settle(1.0, |t| !overlaps(at(start, delta, t)));
    Some(Hit {
        t,
        normal,
        point,
        pos: at(start, delta, t),
    })
}

// ---------------------------------------------------------------------------------------------
// Boxes.

/// Rect `a` moving by `delta` against the static rect `b`: the first moment they overlap
/// strictly. `None` for no hit (or a NaN anywhere, or an infinite `delta`). See the module docs
/// for the rules.
///
/// The normal is the face of `b` that was hit (x faces win exact corner ties); `point` is the
/// middle of the touching faces' common part; `pos` the rect's `x, y` at `t`, made flush on the
/// hit axis: that coordinate is the exact contact one when it is an f32 and leaves the rects
/// not overlapping (always on the grid domain), so a mover stops flush against the face rather
/// than an f32 step short of it. Both `pos` and `a + t·delta` in f32 are clear of `b`.
///
/// At any size ratio: when f64 would round a slab bound (a rect 1e-30 high at y = -90), the
/// decision is made on exact sums instead (the `sweep_exact` module).
#[inline(never)]
pub fn sweep_rect_rect(a: Rect, delta: Vec2, b: Rect) -> Option<Hit> {
    let (slabs, _, tol, _) = rect_rect_slabs(a, delta, b);
    // The common miss: the motion's swept box does not reach `b`, by more than f64 rounding of
    // the bounds can explain (or a NaN, or an infinite motion).
    if !(slabs[0].reaches_within(tol[0]) & slabs[1].reaches_within(tol[1])) {
        return None;
    }
    rect_rect_hit(a, delta, b)
}

/// [`sweep_rect_rect`] for a caller that reads touching with a band (the world's moves,
/// `move_rect`): its answer, or `None` where the band may change it. That is where a face of `a`
/// lies within `2^-21` of the magnitudes of a face of `b` (so within twice a band of one f32 ulp
/// of them) but not exactly on it, and overlaps it, or stands apart from it by so little
/// (`2^-48` of the magnitudes) that only the band can tell, or is approached by the motion. A
/// face clearly apart from `b`'s within the band, met moving along or away, is never entered:
/// the plain sweep answers as the band would (a slide along the face it was stopped by). Costs
/// the plain sweep a few compares.
#[inline(always)]
pub(crate) fn sweep_rect_rect_apart(a: Rect, delta: Vec2, b: Rect) -> Option<Option<Hit>> {
    let (slabs, _, tol, spread) = rect_rect_slabs(a, delta, b);
    // A gap between facing faces (positive apart), whether the motion goes toward it, and `tol`,
    // `2^-22` of the magnitudes. With exact bounds (`!spread`) a gap of zero is faces exactly
    // on each other: the same face with or without a band.
    let matters = |gap: f64, toward: bool, t: f64| {
        (gap.abs() <= 2.0 * t)
            & ((gap != 0.0) | spread)
            & ((gap <= t * (1.0 / (1u64 << 26) as f64)) | toward)
    };
    let close = |s: &Slab, t: f64| matters(s.lo, s.v > 0.0, t) | matters(-s.hi, s.v < 0.0, t);
    // The common miss first: apart by more than `tol` on an axis all the way, so by more than
    // any band: `a` misses `b` with or without one.
    if !(slabs[0].reaches_within(tol[0]) & slabs[1].reaches_within(tol[1])) {
        return Some(None);
    }
    if close(&slabs[0], tol[0]) | close(&slabs[1], tol[1]) {
        return None;
    }
    Some(rect_rect_hit(a, delta, b))
}

/// A bound on the rounding error of f64 slab bounds built from values of total magnitude `m`
/// (two or three roundings, each at most 2^-53 of a value below `m`): `m·2^-50`.
#[inline(always)]
fn rounding_bound(m: f64) -> f64 {
    m * (1.0 / (1u64 << 50) as f64)
}

/// More than the f32 rounding of the end coordinate `p + d` (half an f32 step, at most
/// `2^-24·(|p| + |d|)`): a motion that falls short of a target by less may still end inside it
/// in f32, which [`end_hit`] then reports.
#[inline(always)]
fn end_rounding(p: f32, d: f32) -> f64 {
    (p.abs() + d.abs()) as f64 * (1.0 / (1u64 << 23) as f64)
}

/// The x and y slabs of rect `a` moving by `delta` against rect `b`, `b`'s box, per slab a
/// bound on the rounding of its f64 bounds (and of the end in f32), and whether f64 may round a
/// bound at all ([`may_round`]). Written lane by lane (x, y) so that both axes
/// share vector instructions.
#[inline(always)]
fn rect_rect_slabs(a: Rect, delta: Vec2, b: Rect) -> ([Slab; 2], Aabb, [f64; 2], bool) {
    let (a0, asz) = ([a.x, a.y], [a.w, a.h]);
    let (b0, bsz) = ([b.x, b.y], [b.w, b.h]);
    let d = [delta.x, delta.y];
    let mut lo = [0.0; 2];
    let mut hi = [0.0; 2];
    let mut bmin = [0.0; 2];
    let mut bmax = [0.0; 2];
    let mut tol = [0.0; 2];
    let mut spread = [false; 2];
    for i in 0..2 {
        let (amn, amx) = span(a0[i], asz[i]);
        let (bmn, bmx) = span(b0[i], bsz[i]);
        lo[i] = bmn - amx;
        hi[i] = bmx - amn;
        bmin[i] = bmn;
        bmax[i] = bmx;
        // Both the f64 rounding of the bounds (2^-50 of their terms) and the f32 rounding of
        // the end (2^-24 of `|a0| + |d|`), bounded at once; summed in f32, as a bound may be.
        let m = a0[i].abs() + asz[i].abs() + b0[i].abs() + bsz[i].abs() + d[i].abs();
        tol[i] = m as f64 * (1.0 / (1u64 << 22) as f64);
        spread[i] = may_round([a0[i], asz[i], b0[i], bsz[i]]);
    }
    let slabs = [0, 1].map(|i| Slab {
        lo: lo[i],
        hi: hi[i],
        v: d[i] as f64,
    });
    let eb = Aabb {
        min_x: bmin[0],
        min_y: bmin[1],
        max_x: bmax[0],
        max_y: bmax[1],
    };
    (slabs, eb, tol, spread[0] | spread[1])
}

/// Whether some sum of these f32 values (up to four of them, with any signs) may be inexact in
/// f64: false when the largest finite magnitude is at most 2^27 times the smallest nonzero one.
/// Their binary exponents are then within 27 of each other, so they are all multiples of the
/// smallest one's ulp (2^-149 for subnormals) and below 2^29 times that ulp: their sums fit in
/// 53 bits. An infinite value is exact as an infinity and does not count. Branch-free.
#[inline(always)]
fn may_round<const N: usize>(values: [f32; N]) -> bool {
    // Compares and selects rather than `f32::min` and `max`: no NaN reaches them (a NaN's
    // magnitude fails both tests), so each compiles to one instruction.
    let (mut lo, mut hi) = (f32::INFINITY, 0.0f32);
    for v in values {
        let m = v.abs();
        let finite = m < f32::INFINITY;
        let small = if finite & (m > 0.0) { m } else { f32::INFINITY };
        let large = if finite { m } else { 0.0 };
        lo = if small < lo { small } else { lo };
        hi = if large > hi { large } else { hi };
    }
    hi > lo * (1u32 << 27) as f32
}

/// Where rect `a` moving by `delta` first overlaps rect `b`.
enum RectEntry {
    /// Strictly overlapping at `t = 0`.
    Inside,
    /// Entered through the x (0) or y (1) slab at a time whose f32 floor is `t`, with the exact
    /// contact coordinate on that axis when it is an f32.
    At {
        t: f32,
        axis: usize,
        flush: Option<f32>,
    },
}

/// [`RectEntry`] in f64, exact when no slab bound is rounded.
#[inline(always)]
fn rect_rect_entry(a: Rect, slabs: &[Slab; 2]) -> Option<RectEntry> {
    if !(slabs[0].reaches() & slabs[1].reaches()) {
        return None;
    }
    let (e, axis) = match slabs_entry(slabs)? {
        Entry::Inside => return Some(RectEntry::Inside),
        Entry::At(e, axis) => (e, axis),
    };
    // The exact contact coordinate along the hit axis: the position at the real contact time.
    let shift = if slabs[axis].v > 0.0 { e.num } else { -e.num };
    let flush = if axis == 1 { a.y } else { a.x } as f64 + shift;
    // Computed either way and selected: whether it is an f32 is unpredictable off the grid.
    let exact = flush as f32 as f64 == flush;
    Some(RectEntry::At {
        t: e.floor_f32(),
        axis,
        flush: exact.then_some(flush as f32),
    })
}

/// [`RectEntry`] on exact sums, for the inputs whose slab bounds f64 rounds.
#[cold]
#[inline(never)]
fn rect_rect_entry_exact(a: Rect, delta: Vec2, b: Rect) -> Option<RectEntry> {
    use super::sweep_exact::{entry, span, Entry, Slab, Terms};
    let axis = |p: f32, s: f32, q: f32, u: f32, v: f32| {
        let ((amn, amx), (bmn, bmx)) = (span(p, s), span(q, u));
        Slab {
            lo: bmn.minus(amx),
            hi: bmx.minus(amn),
            v: v as f64,
        }
    };
    let slabs = [
        axis(a.x, a.w, b.x, b.w, delta.x),
        axis(a.y, a.h, b.y, b.h, delta.y),
    ];
    match entry(&slabs)? {
        Entry::Inside => Some(RectEntry::Inside),
        Entry::At(t, k) => {
            // The position at the real contact time on the hit axis: p + lo moving up, p + hi
            // moving down.
            let p = Terms::of(&[if k == 1 { a.y } else { a.x } as f64]);
            let shift = if slabs[k].v > 0.0 {
                slabs[k].lo
            } else {
                slabs[k].hi
            };
            let flush = p.minus(Terms::of(&[]).minus(shift)).as_f32();
            Some(RectEntry::At { t, axis: k, flush })
        }
    }
}

/// The hit of [`sweep_rect_rect`] once every slab is reached (kept out of line so the common
/// miss stays short).
#[inline(never)]
fn rect_rect_hit(a: Rect, delta: Vec2, b: Rect) -> Option<Hit> {
    let (slabs, eb, _, rounds) = rect_rect_slabs(a, delta, b);
    if rounds {
        return rect_rect_hit_exact(a, delta, b); // sizes far apart: rare, out of line
    }
    let entry = rect_rect_entry(a, &slabs);
    rect_rect_finish(a, delta, b, &slabs, &eb, entry)
}

/// [`rect_rect_hit`] for the inputs whose slab bounds f64 may round: the entry on exact sums.
#[cold]
#[inline(never)]
fn rect_rect_hit_exact(a: Rect, delta: Vec2, b: Rect) -> Option<Hit> {
    let (slabs, eb, _, _) = rect_rect_slabs(a, delta, b);
    let entry = match rect_rect_entry_exact(a, delta, b) {
        // Overlapping by less than f64 can see: the predicate (and so everything else) sees
        // them apart or touching at the start, so the f64 slabs, which agree with it, decide.
        Some(RectEntry::Inside) if !overlap_rect_rect(a, b) => rect_rect_entry(a, &slabs),
        other => other,
    };
    rect_rect_finish(a, delta, b, &slabs, &eb, entry)
}

/// The hit of rect `a` moving by `delta` against rect `b` from where it enters: settled, made
/// flush, with its normal and point; the start's contact when inside; [`end_hit`] when there
/// is no entry.
#[inline(always)]
fn rect_rect_finish(
    a: Rect,
    delta: Vec2,
    b: Rect,
    slabs: &[Slab; 2],
    eb: &Aabb,
    entry: Option<RectEntry>,
) -> Option<Hit> {
    let (t0, axis, flush) = match entry {
        Some(RectEntry::At { t, axis, flush }) => (t, axis, flush),
        Some(RectEntry::Inside) => return rect_rect_inside(a, b),
        None => return rect_rect_end_hit(a, delta, b),
    };
    let y_axis = axis == 1;
    let start = Vec2::new(a.x, a.y);
    let moved = |p: Vec2| Rect::new(p.x, p.y, a.w, a.h);
    // Clear of `b` as the predicate says; normally shown by the hit axis alone.
    let clear = |p: Vec2| rect_rect_apart(moved(p), b, y_axis) || !overlap_rect_rect(moved(p), b);
    // Settle: `a + t·delta` rounded to f32 may land a hair inside `b`; step `t` down (the hit
    // axis alone normally shows the position clear, the predicate decides otherwise).
    let mut t = t0;
    let mut pos = at(start, delta, t);
    let v = slabs[axis].v;
    let mut steps = 0;
    while !rect_rect_apart(moved(pos), b, y_axis) {
        if steps == 8 || t <= 0.0 {
            t = settle(t, |t| clear(at(start, delta, t)));
            pos = at(start, delta, t);
            break;
        }
        t = step_back(t, if y_axis { pos.y } else { pos.x }, v);
        pos = at(start, delta, t);
        steps += 1;
    }
    // Flush: the exact contact coordinate along the hit axis, when it is an f32 and clear
    // (always so on the grid domain): the position at the real contact time on that axis,
    // within the gap of `a + t·delta`.
    let flush_at = flush.unwrap_or(f32::NAN);
    let flushed = if y_axis {
        Vec2::new(pos.x, flush_at)
    } else {
        Vec2::new(flush_at, pos.y)
    };
    let exact = flush.is_some();
    let mut take = exact & rect_rect_apart(moved(flushed), b, y_axis);
    if exact & !take {
        take = !overlap_rect_rect(moved(flushed), b); // rare: the predicate decides
    }
    pos = if take { flushed } else { pos };
    let (px, py) = (span(pos.x, a.w), span(pos.y, a.h));
    let mid = |(lo1, hi1): (f64, f64), lo2: f64, hi2: f64| (lo1.max(lo2) + hi1.min(hi2)) * 0.5;
    let n = if v > 0.0 { -1.0 } else { 1.0 };
    let (normal, point) = if y_axis {
        let y = if v > 0.0 { eb.min_y } else { eb.max_y };
        ((0.0, n), (mid(px, eb.min_x, eb.max_x), y))
    } else {
        let x = if v > 0.0 { eb.min_x } else { eb.max_x };
        ((n, 0.0), (x, mid(py, eb.min_y, eb.max_y)))
    };
    Some(hit(t, normal, point, pos))
}

/// [`end_hit`] for rect `a` against rect `b`.
#[cold]
#[inline(never)]
fn rect_rect_end_hit(a: Rect, delta: Vec2, b: Rect) -> Option<Hit> {
    let moved = |p: Vec2| Rect::new(p.x, p.y, a.w, a.h);
    end_hit(
        Vec2::new(a.x, a.y),
        delta,
        |p| overlap_rect_rect(moved(p), b),
        |p| collide_rect_rect(b, moved(p)).map(|c| (c.normal, c.point)),
    )
}

/// The hit at `t = 0` of rects already overlapping: the minimum translation's normal.
#[cold]
#[inline(never)]
fn rect_rect_inside(a: Rect, b: Rect) -> Option<Hit> {
    let c = collide_rect_rect(a, b)?;
    Some(start_hit(neg(c.normal), c.point, Vec2::new(a.x, a.y)))
}

fn neg(v: Vec2) -> Vec2 {
    Vec2::new(-v.x, -v.y)
}

/// Rect `a` moving by `delta` against the static oriented box `b`: a swept separating-axis test
/// over the rect's axes (x, y) and the box's (u, v), first axes winning exact ties. Exact on the
/// grid domain at multiples of 90°.
///
/// The normal is the hit face's axis (of either box), from `b` toward `a`; `point` lies where the
/// two touching features meet; `pos` the rect's `x, y` at `t`.
pub fn sweep_rect_obb(a: Rect, delta: Vec2, b: Obb) -> Option<Hit> {
    rect_obb_hit(a, delta, b).or_else(|| {
        let moved = |p: Vec2| Rect::new(p.x, p.y, a.w, a.h);
        end_hit(
            Vec2::new(a.x, a.y),
            delta,
            |p| overlap_obb_rect(b, moved(p)),
            |p| collide_obb_rect(b, moved(p)).map(|c| (c.normal, c.point)),
        )
    })
}

/// [`sweep_rect_obb`] by its slabs.
fn rect_obb_hit(a: Rect, delta: Vec2, b: Obb) -> Option<Hit> {
    if unusable(delta) {
        return None;
    }
    let fa = Frame::of_rect(a);
    let fb = Frame::of(b);
    let (dx, dy) = delta.wide();
    let axes = sat::axes::<false>(&fa, &fb);
    let slabs = axes.map(|ax| Slab {
        lo: ax.dist - ax.reach,
        hi: ax.dist + ax.reach,
        v: dx * ax.nx + dy * ax.ny,
    });
    let start = Vec2::new(a.x, a.y);
    match sweep_slabs(&slabs)? {
        Entry::Inside => {
            let c = collide_obb_rect(b, a)?;
            Some(start_hit(c.normal, c.point, start))
        }
        Entry::At(e, k) => {
            let t = settle(e.floor_f32(), |t| {
                let p = at(start, delta, t);
                !overlap_obb_rect(b, Rect::new(p.x, p.y, a.w, a.h))
            });
            let pos = at(start, delta, t);
            let k = k.min(3);
            let ax = axes[k];
            let n = if slabs[k].v > 0.0 {
                (-ax.nx, -ax.ny)
            } else {
                (ax.nx, ax.ny)
            };
            let moved = Frame::of_rect(Rect::new(pos.x, pos.y, a.w, a.h));
            let point = touching_point(&moved.corners(), &fb.corners(), n);
            Some(hit(t, n, point, pos))
        }
    }
}

/// Where two touching convex polygons (of finite points, at most eight each) meet, given the
/// normal `n` from the target toward the mover: the middle of the common part of the mover's
/// nearest feature and the target's.
pub(crate) fn touching_point(mover: &[P], target: &[P], n: P) -> P {
    debug_assert!(mover.len() <= POLY_MAX && target.len() <= POLY_MAX);
    let tangent = (-n.1, n.0);
    // The feature nearest the other shape: the vertices within a hair of the extreme.
    let feature = |pts: &[P], dir: P| {
        // Each point's height along `dir` and place along the tangent, computed once; plain
        // comparisons (the points are finite), selected without branches: which vertices are
        // near is as random as the shapes.
        let (mut h, mut s) = ([f64::NEG_INFINITY; POLY_MAX], [0.0; POLY_MAX]);
        let (mut top, mut scale) = (f64::MIN, 1.0f64);
        for ((h, s), &p) in h.iter_mut().zip(&mut s).zip(pts) {
            (*h, *s) = (dot(p, dir), dot(p, tangent));
            let m = p.0.abs() + p.1.abs();
            top = if *h > top { *h } else { top };
            scale = if m > scale { m } else { scale };
        }
        let (mut lo, mut hi) = (f64::MAX, f64::MIN);
        let floor = top - scale * 1e-9;
        for (&h, &s) in h.iter().zip(&s) {
            let near = h >= floor;
            lo = if near & (s < lo) { s } else { lo };
            hi = if near & (s > hi) { s } else { hi };
        }
        (top, lo, hi)
    };
    let (h, lo1, hi1) = feature(target, n);
    let (_, lo2, hi2) = feature(mover, (-n.0, -n.1));
    let s = (lo1.max(lo2) + hi1.min(hi2)) * 0.5;
    (n.0 * h + tangent.0 * s, n.1 * h + tangent.1 * s)
}

// ---------------------------------------------------------------------------------------------
// Round shapes: a point against a rounded box or a disk.

/// The point `p + t·d` entering the open disk of radius `r` around `c`, if the segment
/// `p..p+d` enters it strictly (decided exactly): the entry time in f64, or -1 when the point is
/// strictly inside at the start. `None` for NaN.
///
/// `touching`: a point within rounding of the circle is on it (the predicates' view when they
/// and this arithmetic round differently): it enters at once if it moves inward, never if not.
pub(crate) fn disk_entry(p: P, d: P, c: P, r: f64, touching: bool) -> Option<f64> {
    if r.is_nan() || r <= 0.0 {
        return None;
    }
    let (wx, wy) = (p.0 - c.0, p.1 - c.1);
    let a = d.0 * d.0 + d.1 * d.1;
    let b = wx * d.0 + wy * d.1; // half the linear coefficient
    let w2 = wx * wx + wy * wy;
    let r2 = r * r;
    if touching {
        let m = p.0.abs() + p.1.abs() + c.0.abs() + c.1.abs() + r;
        if (w2 - r2).abs() <= rounding_bound(16.0 * m * m) {
            return (b < 0.0).then_some(0.0);
        }
    }
    if w2 < r2 {
        return Some(-1.0);
    }
    // Closest approach of the segment, compared strictly and exactly.
    let hit = if b.is_nan() || b >= 0.0 {
        false // moving away (or not moving) from outside, or NaN
    } else if -b >= a {
        // Closest at the far end.
        let (ex, ey) = (wx + d.0, wy + d.1);
        ex * ex + ey * ey < r2
    } else {
        let cross = wx * d.1 - wy * d.0;
        !product_le(r2, a, cross, cross)
    };
    if !hit {
        return None;
    }
    let c0 = w2 - r2; // >= 0
    let (p1, e1) = two_product(b, b);
    let (p2, e2) = two_product(a, c0);
    let disc = ((p1 - p2) + (e1 - e2)).max0();
    Some(c0 / (-b + disc.sqrt()))
}

/// The entry of the point `p + t·d` into the open rounded box `{q : dist(q, box) < r}`, if the
/// segment enters it strictly (decided exactly): `Inside` at the start, or an f32 time no later
/// than the real one.
///
/// `touching`: bounds within rounding of the point count as through it (see [`disk_entry`]), for
/// a start this arithmetic sees inside but the predicate does not.
fn rounded_box_entry(p: P, d: P, b: &Aabb, r: f64, touching: bool) -> Option<Option<f32>> {
    if r.is_nan() || r <= 0.0 {
        return None;
    }
    // The open interval lo - grow < o + t·v < hi + grow.
    let slab = |lo: f64, hi: f64, grow: f64, o: f64, v: f64| {
        let (mut l, mut h) = ((lo - grow) - o, (hi + grow) - o);
        if touching {
            // Within the rounding of the terms that made it: through the point.
            let near = |x: f64, bound: f64| {
                x.abs() <= rounding_bound(4.0 * (bound.abs() + grow + o.abs()))
            };
            l = if near(l, lo) { 0.0 } else { l };
            h = if near(h, hi) { 0.0 } else { h };
        }
        Slab { lo: l, hi: h, v }
    };
    // The box grown by r on every side holds the rounded box: a motion that misses it misses.
    let full = [
        slab(b.min_x, b.max_x, r, p.0, d.0),
        slab(b.min_y, b.max_y, r, p.1, d.1),
    ];
    if let Entry::At(e, axis) = sweep_slabs(&full)? {
        // Entered through a face well within its straight part (away from the corner
        // squares): that is where the rounded box is entered too.
        let t = e.q;
        let (q, lo, hi) = if axis == 0 {
            (p.1 + t * d.1, b.min_y, b.max_y)
        } else {
            (p.0 + t * d.0, b.min_x, b.max_x)
        };
        let tol = 1e-9 * (p.0.abs() + p.1.abs() + d.0.abs() + d.1.abs() + lo.abs() + hi.abs());
        if q > lo + tol && q < hi - tol {
            return Some(Some(e.floor_f32()));
        }
    }
    // Near a corner (or inside the grown box): the pieces, each exactly.
    let wide_x = [
        slab(b.min_x, b.max_x, r, p.0, d.0),
        slab(b.min_y, b.max_y, 0.0, p.1, d.1),
    ];
    let wide_y = [
        slab(b.min_x, b.max_x, 0.0, p.0, d.0),
        slab(b.min_y, b.max_y, r, p.1, d.1),
    ];
    // The earliest entry: exact fractions for the boxes, f64 for the disks.
    let mut best: Option<f32> = None;
    let mut take = |t: f32| {
        if best.is_none_or(|b| t < b) {
            best = Some(t);
        }
    };
    for s in [&wide_x, &wide_y] {
        match sweep_slabs(s) {
            Some(Entry::Inside) => return Some(None),
            Some(Entry::At(e, _)) => take(e.floor_f32()),
            None => {}
        }
    }
    for c in b.corners() {
        if let Some(t) = disk_entry(p, d, c, r, touching) {
            if t < 0.0 {
                return Some(None);
            }
            take(disk_time_f32(t));
        }
    }
    best.map(Some)
}

/// An f32 not above a disk entry time computed in f64 (whose error is a few f64 ulps).
pub(crate) fn disk_time_f32(t: f64) -> f32 {
    let t = (t * (1.0 - 1e-14)).clamp(0.0, 1.0);
    let f = t as f32;
    if f as f64 > t {
        step_down(f, 1)
    } else {
        f
    }
}

/// The normal (from the box toward the centre) and the contact point of a circle touching a box
/// in the box's own coordinates.
fn round_box_contact(b: &Aabb, cx: f64, cy: f64) -> (P, P) {
    let (qx, qy) = b.clamp(cx, cy);
    let n = if let Some(n) = direction(cx - qx, cy - qy) {
        n
    } else {
        // The centre on the box (a radius lost to rounding): the nearest face's outward normal,
        // so the normal stays a unit vector.
        let faces = [
            ((1.0, 0.0), b.max_x - cx),
            ((-1.0, 0.0), cx - b.min_x),
            ((0.0, 1.0), b.max_y - cy),
            ((0.0, -1.0), cy - b.min_y),
        ];
        let mut best = faces[0];
        for f in &faces[1..] {
            if f.1 < best.1 {
                best = *f;
            }
        }
        best.0
    };
    (n, (qx, qy))
}

/// Circle `a` moving by `delta` against the static rect `b`: exact hit decision on the grid
/// domain, `t` settled with the exact predicate.
///
/// The normal points from the rect's nearest point toward the centre at `t`; `point` is that
/// nearest point; `pos` the centre at `t`.
#[inline(never)]
pub fn sweep_circle_rect(a: Circle, delta: Vec2, b: Rect) -> Option<Hit> {
    if !circle_rect_reaches(a, delta, b) {
        return None; // the common miss
    }
    circle_rect_hit(a, delta, b).or_else(|| {
        let at_p = |p: Vec2| Circle::new(p.x, p.y, a.r);
        end_hit(
            a.center(),
            delta,
            |p| overlap_rect_circle(b, at_p(p)),
            |p| collide_rect_circle(b, at_p(p)).map(|c| (c.normal, c.point)),
        )
    })
}

/// Whether circle `a` moving by `delta` reaches the box of rect `b` grown by the radius: the
/// first test of [`rounded_box_entry`] in the same arithmetic, with the bounds widened by what
/// f64 rounding can explain, lane by lane (x, y) and branch-free. False for a NaN or an infinite
/// motion.
#[inline(always)]
fn circle_rect_reaches(a: Circle, delta: Vec2, b: Rect) -> bool {
    let (c, o, w, d) = ([a.x, a.y], [b.x, b.y], [b.w, b.h], [delta.x, delta.y]);
    let r = a.r as f64;
    let mut reach = true;
    for i in 0..2 {
        let (lo, hi) = span(o[i], w[i]);
        let s = Slab {
            lo: (lo - r) - c[i] as f64,
            hi: (hi + r) - c[i] as f64,
            v: d[i] as f64,
        };
        let m = (o[i].abs() + w[i].abs()) as f64 + (a.r.abs() + c[i].abs()) as f64;
        // The mover's end: the circle's centre here, the rect's corner in the reverse order.
        let ends = end_rounding(c[i].abs() + o[i].abs(), d[i]);
        reach &= s.reaches_within(rounding_bound(m) + ends);
    }
    reach
}

/// [`sweep_circle_rect`] once the grown box is reached.
#[inline(never)]
fn circle_rect_hit(a: Circle, delta: Vec2, b: Rect) -> Option<Hit> {
    let start = a.center();
    let t = match circle_rect_entry(a, delta, b)? {
        None => {
            let c = collide_rect_circle(b, a)?;
            return Some(start_hit(c.normal, c.point, start));
        }
        Some(t) => t,
    };
    let t = settle(t, |t| {
        let p = at(start, delta, t);
        !overlap_rect_circle(b, Circle::new(p.x, p.y, a.r))
    });
    let pos = at(start, delta, t);
    let (px, py) = contact_at(pos, start, delta, t);
    let (n, q) = round_box_contact(&b.aabb(), px, py);
    Some(hit(t, n, q, pos))
}

/// Where circle `a` moving by `delta` first overlaps rect `b` strictly: `None` no hit,
/// `Some(None)` already overlapping, `Some(Some(t))` an f32 time no later than the contact
/// (not yet settled). Shared by both orders of the pair.
fn circle_rect_entry(a: Circle, delta: Vec2, b: Rect) -> Option<Option<f32>> {
    if unusable(delta) || a.r.is_nan() {
        return None;
    }
    let (p, d, r) = (a.center().wide(), delta.wide(), a.r as f64);
    let entry = if circle_rect_rounds(a, b) {
        circle_rect_entry_exact(a, delta, b)
    } else {
        rounded_box_entry(p, d, &b.aabb(), r, false)
    };
    match entry {
        // Overlapping by less than the predicate can see: it calls them touching (or apart) at
        // the start, and so do the pieces, within rounding.
        Some(None) if !overlap_rect_circle(b, a) => rounded_box_entry(p, d, &b.aabb(), r, true),
        other => other,
    }
}

/// Whether f64 may round a bound of the straight parts of the rounded box (rect `b` grown by
/// circle `a`'s radius, seen from its centre).
#[inline(always)]
fn circle_rect_rounds(a: Circle, b: Rect) -> bool {
    may_round([b.x, b.w, a.r, a.x]) | may_round([b.y, b.h, a.r, a.y])
}

/// [`circle_rect_entry`] with the straight parts of the rounded box (the rect widened by the
/// radius in x, and in y) decided on exact sums; the corner disks as in f64.
#[cold]
#[inline(never)]
fn circle_rect_entry_exact(a: Circle, delta: Vec2, b: Rect) -> Option<Option<f32>> {
    use super::sweep_exact::span;
    circle_box_entry_exact(
        a,
        delta,
        [span(b.x, b.w), span(b.y, b.h)],
        b.aabb().corners(),
    )
}

/// The entry of circle `a` moving by `delta` into an axis-aligned box given by its exact spans
/// (`min, max` per axis) and its corners in f64: the straight parts of the rounded box on exact
/// sums, the corner disks in f64. As [`rounded_box_entry`]'s answer.
fn circle_box_entry_exact(
    a: Circle,
    delta: Vec2,
    spans: Spans,
    corners: [P; 4],
) -> Option<Option<f32>> {
    use super::sweep_exact::{entry, Entry, Slab, Terms};
    let r = a.r as f64;
    if r.is_nan() || r <= 0.0 {
        return None;
    }
    let [(x0, x1), (y0, y1)] = spans;
    // The open interval lo - grow < c + t·v < hi + grow.
    let slab = |lo: Terms, hi: Terms, grow: f64, c: f32, v: f32| Slab {
        lo: lo.minus(Terms::of(&[grow, c as f64])),
        hi: hi.minus(Terms::of(&[-grow, c as f64])),
        v: v as f64,
    };
    let wide_x = [
        slab(x0, x1, r, a.x, delta.x),
        slab(y0, y1, 0.0, a.y, delta.y),
    ];
    let wide_y = [
        slab(x0, x1, 0.0, a.x, delta.x),
        slab(y0, y1, r, a.y, delta.y),
    ];
    let mut best: Option<f32> = None;
    let mut take = |t: f32| {
        if best.is_none_or(|b| t < b) {
            best = Some(t);
        }
    };
    for s in [&wide_x, &wide_y] {
        match entry(s) {
            Some(Entry::Inside) => return Some(None),
            Some(Entry::At(t, _)) => take(t),
            None => {}
        }
    }
    for c in corners {
        if let Some(t) = disk_entry(a.center().wide(), delta.wide(), c, r, false) {
            if t < 0.0 {
                return Some(None);
            }
            take(disk_time_f32(t));
        }
    }
    best.map(Some)
}

/// An oriented box turned by an exact multiple of 90°, as the exact spans of its world box and
/// its world half extents; `None` at any other angle.
fn quarter_box(b: Obb) -> Option<(Spans, [f32; 2])> {
    use super::sweep_exact::Terms;
    let (c, s) = (b.rot.c, b.rot.s);
    let (hx, hy) = (b.half.x.abs(), b.half.y.abs());
    let half = if c.abs() == 1.0 && s == 0.0 {
        [hx, hy]
    } else if c == 0.0 && s.abs() == 1.0 {
        [hy, hx]
    } else {
        return None;
    };
    let span = |centre: f32, h: f32| {
        let (centre, h) = (centre as f64, h as f64);
        (Terms::of(&[centre, -h]), Terms::of(&[centre, h]))
    };
    Some(([span(b.center.x, half[0]), span(b.center.y, half[1])], half))
}

/// Circle `a` moving by `delta` against the static oriented box `b`, solved in the box's frame.
/// Exact on the grid domain at multiples of 90°.
///
/// Normal, point and pos as for [`sweep_circle_rect`].
pub fn sweep_circle_obb(a: Circle, delta: Vec2, b: Obb) -> Option<Hit> {
    circle_obb_hit(a, delta, b).or_else(|| {
        let at_p = |p: Vec2| Circle::new(p.x, p.y, a.r);
        end_hit(
            a.center(),
            delta,
            |p| overlap_obb_circle(b, at_p(p)),
            |p| collide_obb_circle(b, at_p(p)).map(|c| (c.normal, c.point)),
        )
    })
}

/// [`sweep_circle_obb`] in the box's frame.
fn circle_obb_hit(a: Circle, delta: Vec2, b: Obb) -> Option<Hit> {
    if unusable(delta) || a.r.is_nan() {
        return None;
    }
    let f = Frame::of(b);
    let start = a.center();
    let p = f.to_local(a.x as f64, a.y as f64);
    let (dx, dy) = delta.wide();
    let d = (f.c * dx + f.s * dy, f.c * dy - f.s * dx);
    let lb = f.local_box();
    // At a multiple of 90° with sizes far apart, the straight parts on exact sums (as for rects).
    let exact = quarter_box(b).filter(|(_, h)| {
        may_round([b.center.x, h[0], a.r, a.x]) | may_round([b.center.y, h[1], a.r, a.y])
    });
    let entry = match exact {
        Some((spans, _)) => circle_box_entry_exact(a, delta, spans, f.corners()),
        None => rounded_box_entry(p, d, &lb, a.r as f64, false),
    };
    let entry = match entry? {
        // Inside by less than the predicate can see: touching, as it says.
        None if !overlap_obb_circle(b, a) => rounded_box_entry(p, d, &lb, a.r as f64, true)?,
        entry => entry,
    };
    let t = match entry {
        None => {
            let c = collide_obb_circle(b, a)?;
            return Some(start_hit(c.normal, c.point, start));
        }
        Some(t) => t,
    };
    let t = settle(t, |t| {
        let p = at(start, delta, t);
        !overlap_obb_circle(b, Circle::new(p.x, p.y, a.r))
    });
    let pos = at(start, delta, t);
    let (px, py) = contact_at(pos, start, delta, t);
    let (lx, ly) = f.to_local(px, py);
    let (n, q) = round_box_contact(&lb, lx, ly);
    Some(hit(t, f.dir_to_world(n.0, n.1), f.to_world(q.0, q.1), pos))
}

/// Circle `a` moving by `delta` against the static circle `b`.
///
/// The normal points from `b`'s centre toward `a`'s at `t`; `point` is on `b`'s surface along
/// it; `pos` is `a`'s centre at `t`.
pub fn sweep_circle_circle(a: Circle, delta: Vec2, b: Circle) -> Option<Hit> {
    circle_circle_hit(a, delta, b).or_else(|| {
        let at_p = |p: Vec2| Circle::new(p.x, p.y, a.r);
        end_hit(
            a.center(),
            delta,
            |p| overlap_circle_circle(at_p(p), b),
            |p| collide_circle_circle(b, at_p(p)).map(|c| (c.normal, c.point)),
        )
    })
}

/// [`sweep_circle_circle`] by the disk of the summed radii.
fn circle_circle_hit(a: Circle, delta: Vec2, b: Circle) -> Option<Hit> {
    if unusable(delta) || !(a.r >= 0.0 && b.r >= 0.0) {
        return None;
    }
    let start = a.center();
    let c = b.center().wide();
    let r = a.r as f64 + b.r as f64;
    let t = match disk_entry(start.wide(), delta.wide(), c, r, false)? {
        // Inside by less than the predicate can see: touching, as it says.
        t if t < 0.0 && !overlap_circle_circle(a, b) => {
            disk_entry(start.wide(), delta.wide(), c, r, true)?
        }
        t => t,
    };
    if t < 0.0 {
        let k = collide_circle_circle(a, b)?;
        return Some(start_hit(neg(k.normal), k.point, start));
    }
    let t = settle(disk_time_f32(t), |t| {
        let p = at(start, delta, t);
        !overlap_circle_circle(Circle::new(p.x, p.y, a.r), b)
    });
    let pos = at(start, delta, t);
    let (px, py) = contact_at(pos, start, delta, t);
    let n = direction(px - c.0, py - c.1).unwrap_or((0.0, 0.0));
    // On `b`'s surface along n (`0·inf` read as 0: an infinite radius along a zero component).
    let along = |c: f64, n: f64| if n == 0.0 { c } else { c + n * b.r as f64 };
    Some(hit(t, n, (along(c.0, n.0), along(c.1, n.1)), pos))
}

/// Rect `a` moving by `delta` against the static circle `b`: the circle moving by `-delta`
/// past the rect meets it at the same time, so this is [`sweep_circle_rect`]'s entry with the
/// motion reversed and the normal flipped (from the circle toward the rect), settled against
/// the real order.
///
/// `point` is the contact point on the rect's surface; `pos` the rect's `x, y` at `t`.
#[inline(never)]
pub fn sweep_rect_circle(a: Rect, delta: Vec2, b: Circle) -> Option<Hit> {
    if !circle_rect_reaches(b, neg(delta), a) {
        return None; // the common miss
    }
    rect_circle_hit(a, delta, b).or_else(|| {
        let moved = |p: Vec2| Rect::new(p.x, p.y, a.w, a.h);
        end_hit(
            Vec2::new(a.x, a.y),
            delta,
            |p| overlap_rect_circle(moved(p), b),
            |p| collide_rect_circle(moved(p), b).map(|c| (neg(c.normal), c.point)),
        )
    })
}

/// [`sweep_rect_circle`] once the grown box is reached.
#[inline(never)]
fn rect_circle_hit(a: Rect, delta: Vec2, b: Circle) -> Option<Hit> {
    let start = Vec2::new(a.x, a.y);
    let t = match circle_rect_entry(b, neg(delta), a)? {
        None => {
            let c = collide_rect_circle(a, b)?;
            return Some(start_hit(neg(c.normal), c.point, start));
        }
        Some(t) => t,
    };
    let t = settle(t, |t| {
        let p = at(start, delta, t);
        !overlap_rect_circle(Rect::new(p.x, p.y, a.w, a.h), b)
    });
    let pos = at(start, delta, t);
    let moved = a.aabb_at(contact_at(pos, start, delta, t));
    let (n, q) = round_box_contact(&moved, b.x as f64, b.y as f64);
    Some(hit(t, (-n.0, -n.1), q, pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::two_sum;

    #[test]
    fn values_far_apart_in_magnitude_may_round_in_f64() {
        assert!(may_round([-90.0, 1e-30, 0.0, 10.0]));
        assert!(may_round([1e-45, 1.0, 0.0, 0.0]));
        assert!(!may_round([16384.0, 1.0 / 256.0, -16384.0, 0.0]));
        assert!(!may_round([1e-45, 1e-40, 0.0, -0.0]));
        assert!(!may_round([0.0; 4]));
        // Infinities are exact as infinities: only the finite values count.
        assert!(!may_round([f32::INFINITY, 1.0, 2.0, -f32::INFINITY]));
        assert!(may_round([f32::INFINITY, 1e-30, 2.0, 0.0]));
        // Nor does a NaN, wherever it stands among the values.
        assert!(!may_round([f32::NAN, 1.0, 2.0, 0.0]));
        assert!(!may_round([1.0, 2.0, -f32::NAN, 3.0]));
        assert!(may_round([1e-30, f32::NAN, 2.0, 0.0]));
        // The bound itself: 2^27 times the smallest nonzero magnitude is still exact.
        let big = (1u32 << 27) as f32;
        let above = f32::from_bits(big.to_bits() + 1);
        assert!(!may_round([-1.0, big, 0.0, 3.0]));
        assert!(may_round([-1.0, above, 0.0, 3.0]));
    }

    #[test]
    fn sums_of_values_that_may_not_round_are_exact_in_f64() {
        // Random f32 values with exponents spread by up to 27 (may_round false): every signed
        // sum of them, added left to right in f64, has a zero rounding error at each step.
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut checked, cases) = (0, if cfg!(miri) { 2_000 } else { 200_000 });
        for _ in 0..cases {
            let base = (next() % 250) as u32 + 1;
            let v: [f32; 4] = std::array::from_fn(|_| {
                let r = next();
                let e = (base + (r % 28) as u32).min(254);
                f32::from_bits(((r >> 8) as u32 & 0x807f_ffff) | (e << 23))
            });
            if may_round(v) {
                continue;
            }
            checked += 1;
            let signs = next();
            let mut acc = 0.0f64;
            for (i, x) in v.iter().enumerate() {
                let x = if signs >> i & 1 == 1 {
                    -*x as f64
                } else {
                    *x as f64
                };
                let (s, e) = two_sum(acc, x);
                assert_eq!(e, 0.0, "{v:?}");
                acc = s;
            }
        }
        assert!(checked > cases / 2);
    }
}
