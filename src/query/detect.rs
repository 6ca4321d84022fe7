//! bump.lua's `rect.detectCollision`, decided exactly: what a rect moving straight by `d` meets
//! of another rect, as a collision with its time, normal and touch position.
//!
//! On each axis the mover overlaps the other rect strictly while its displacement `s` lies in
//! the open interval `(gap_lo, gap_hi)` between the edge differences; along the motion that is
//! an open interval of time, `gap / d` at each end. The times are compared exactly as
//! fractions of expansions (cross-multiplied), so a rect grazing a corner or ending exactly in
//! contact is never taken for a hit, and touching is never taken for overlapping.
//!
//! Edges within the band of each other where the motion begins (see `band.rs`) are the same
//! edge: their gap is taken as zero, so a mover snapped flush by a rounding moves away from or
//! along the face freely and meets it at `t = 0`, where it is, when moving into it.

use super::band::{Band, Bands};
use super::math::U;
use crate::exact::Expansion;
use crate::platform::ClampZero;
use crate::shape::{next_down, next_up, Edge, Edges, RectD, Vec2D};

/// The exact difference `a - b` of two edges, with an f64 estimate and a bound on its error, so
/// that most decisions are taken in f64 and only the close ones in exact arithmetic.
#[derive(Clone, Copy)]
struct Gap {
    a: Edge,
    b: Edge,
    /// The estimate.
    v: f64,
    /// A bound on `|v - (a - b)|`.
    err: f64,
    /// Whether it is taken negated.
    neg: bool,
}

impl Gap {
    fn new(a: Edge, b: Edge) -> Gap {
        let (s1, s2) = (a.hi - b.hi, a.lo - b.lo);
        let v = s1 + s2;
        Gap {
            a,
            b,
            v,
            err: 2.0 * U * (s1.abs() + s2.abs() + v.abs()),
            neg: false,
        }
    }

    /// Whether it is exactly zero (an error bound of zero means every part was exact): faces
    /// flush on the grid.
    #[inline]
    fn zero(&self) -> bool {
        self.v == 0.0 && self.err == 0.0
    }

    /// Whether it lies beyond `band` (the estimate, off by at most `err`, says so).
    #[inline]
    fn far(&self, band: f64) -> bool {
        self.v.abs() > 2.0 * (band + self.err)
    }

    /// Whether it may lie within `band` but is not exactly zero.
    #[inline]
    fn close(&self, band: f64) -> bool {
        !self.far(band) && !self.zero()
    }

    fn neg(self) -> Gap {
        Gap {
            v: -self.v,
            neg: !self.neg,
            ..self
        }
    }

    fn exact(&self) -> Expansion {
        let e = self.a.minus(self.b);
        if self.neg {
            e.neg()
        } else {
            e
        }
    }

    /// -1, 0 or 1, exactly.
    fn sign(&self) -> i32 {
        // An error bound of 0 means every part was exact.
        if (self.v.abs() > self.err || self.err == 0.0) && self.v.is_finite() {
            return (self.v > 0.0) as i32 - (self.v < 0.0) as i32;
        }
        self.exact().signum()
    }
}

/// A time as an exact fraction `gap / den` with `den > 0`, or an unbounded one.
#[derive(Clone, Copy)]
enum Time {
    Before,
    At(Gap, f64),
    After,
}

/// Whether `g1 / d1 < g2 / d2` (`d1, d2 > 0`), exactly: `g1·d2 < g2·d1`.
fn fraction_lt(g1: &Gap, d1: f64, g2: &Gap, d2: f64) -> bool {
    let (p, q) = (g1.v * d2, g2.v * d1);
    let c = p - q;
    let err = g1.err * d2 + g2.err * d1 + 4.0 * U * (p.abs() + q.abs());
    if c.abs() > err && c.is_finite() && err.is_finite() {
        return c < 0.0;
    }
    g1.exact()
        .scale(d2)
        .sum(&g2.exact().scale(d1).neg())
        .signum()
        < 0
}

impl Time {
    fn lt(&self, o: &Time) -> bool {
        match (self, o) {
            (Time::Before, Time::Before) | (Time::After, _) => false,
            (Time::Before, _) | (_, Time::After) => true,
            (Time::At(..), Time::Before) => false,
            (Time::At(a, da), Time::At(b, db)) => fraction_lt(a, *da, b, *db),
        }
    }

    /// Whether it is before 1.
    fn before_one(&self) -> bool {
        match self {
            Time::Before => true,
            Time::After => false,
            Time::At(g, d) => {
                // g < d.
                let c = g.v - d;
                let err = g.err + 2.0 * U * (g.v.abs() + d.abs());
                if c.abs() > err && c.is_finite() {
                    return c < 0.0;
                }
                g.exact().add(-d).signum() < 0
            }
        }
    }

    /// Whether it is after 0.
    fn after_zero(&self) -> bool {
        match self {
            Time::Before => false,
            Time::After => true,
            Time::At(g, _) => g.sign() > 0,
        }
    }

    fn value(&self) -> f64 {
        match self {
            Time::Before => f64::NEG_INFINITY,
            Time::At(g, d) => g.v / d,
            Time::After => f64::INFINITY,
        }
    }
}

/// What a moving rect meets of another (bump.lua's collision record, in exact terms).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Collision {
    /// Strictly overlapping where the motion begins.
    pub overlaps: bool,
    /// bump.lua's `ti`: the fraction of the motion at contact, or minus the overlap's area.
    pub ti: f64,
    /// Unit normal of the face met, from the other rect toward the mover.
    pub normal: Vec2D,
    /// The mover's corner at the contact (flush with the face met: exactly when that position
    /// is an f64, else the nearest f64 on the mover's side).
    pub touch: Vec2D,
    /// For a polygon item's edge met (see `world/slope.rs`): its ends, counter-clockwise.
    pub face: Option<(Vec2D, Vec2D)>,
    /// Whether a polygon item was met at a corner, where two of its normals would do (met
    /// after the other items met at the same time: see `world/slope.rs`).
    pub corner: bool,
}

/// Per axis: the time interval of strict overlap, `(enter, leave)`, for the gaps `lo` (the
/// displacement past which the mover starts to overlap) and `hi` (where it stops).
fn interval(d: f64, lo: Gap, hi: Gap) -> (Time, Time) {
    if d > 0.0 {
        (Time::At(lo, d), Time::At(hi, d))
    } else if d < 0.0 {
        (Time::At(hi.neg(), -d), Time::At(lo.neg(), -d))
    } else if lo.sign() < 0 && hi.sign() > 0 {
        (Time::Before, Time::After)
    } else {
        (Time::After, Time::Before)
    }
}

/// The axis whose entry is the later; on a tie, axis `tie` (bump.lua checks the x faces
/// first; a one-way item's corner is met on its solid face).
fn later(iv: &[(Time, Time); 2], tie: usize) -> usize {
    if tie == 0 {
        iv[0].0.lt(&iv[1].0) as usize
    } else {
        !iv[1].0.lt(&iv[0].0) as usize
    }
}

/// The mover's corner coordinate (`x` or `y` of `r`, whose extent on that axis is `lo..hi` as
/// offsets from it) that puts its face flush against `face`: its high edge on `face` when
/// `side < 0` (the mover on the low side), its low edge when `side > 0`; never past it.
pub(crate) fn flush(origin: f64, size: f64, face: Edge, side: f64) -> f64 {
    let (near, far) = if size < 0.0 { (size, 0.0) } else { (0.0, size) };
    let off = if side < 0.0 { far } else { near };
    // A first guess, then the exact edge compared and stepped by ulps where rounding missed.
    let mut p = (face.hi - off) + face.lo;
    if !p.is_finite() {
        return origin;
    }
    let edge = |p: f64| Edge::sum(p, off);
    if side < 0.0 {
        while face.lt(edge(p)) {
            p = next_down(p);
        }
        while edge(next_up(p)).le(face) && next_up(p) != p {
            p = next_up(p);
        }
    } else {
        while edge(p).lt(face) {
            p = next_up(p);
        }
        while face.le(edge(next_down(p))) && next_down(p) != p {
            p = next_down(p);
        }
    }
    p
}

/// bump.lua's `rect.detectCollision(mover, other, goal)` with exact decisions: `None` when the
/// mover neither overlaps `other` (by more than `band`) at the start nor comes to overlap it
/// strictly at a time in `[0, 1)` of the motion (grazing a face or a corner, or arriving
/// exactly at `t = 1`, is no collision).
pub(crate) fn detect(mover: RectD, d: Vec2D, other: &Edges, band: &Band) -> Option<Collision> {
    detect_on(mover, d, other, 0, &Bands::exact(*band))
}

/// [`detect`], where a motion entering both axes at once (a corner met exactly) meets the face
/// across axis `tie`.
pub(crate) fn detect_on(
    mover: RectD,
    d: Vec2D,
    other: &Edges,
    tie: usize,
    bands: &Bands,
) -> Option<Collision> {
    let m = mover.edges();
    // Per axis: gaps `lo = other.lo - mover.hi` and `hi = other.hi - mover.lo`.
    let mut gaps: [(Gap, Gap); 2] = [0, 1].map(|k| {
        (
            Gap::new(other.lo[k], m.hi[k]),
            Gap::new(other.hi[k], m.lo[k]),
        )
    });
    // None where the faces are the same edge by the band (and whether that is so): most faces
    // are far beyond any band or exactly flush, and the band itself is worked out only for the
    // others.
    let bound = bands.bound.0;
    let close = (0..2).any(|k| gaps[k].0.close(bound[k]) || gaps[k].1.close(bound[k]));
    // (Else the exactly zero gaps alone, looked at only where needed.)
    let same = if close {
        Some(snap(&mut gaps, bands))
    } else {
        None
    };
    let dv = [d.x, d.y];
    let overlaps = gaps.iter().all(|(lo, hi)| lo.sign() < 0 && hi.sign() > 0);
    let start = Vec2D::new(mover.x, mover.y);
    let size = [mover.w, mover.h];
    let origin = [mover.x, mover.y];
    if overlaps {
        // bump.lua's depth: per axis the nearer way out, the overlap's area as `-ti`.
        let out = gaps.map(|(lo, hi)| {
            let (l, h) = (lo.v, hi.v);
            if l.abs() < h.abs() {
                l
            } else {
                h
            }
        });
        let (w, h) = (mover.w.abs(), mover.h.abs());
        let ti = -(w.min(out[0].abs()) * h.min(out[1].abs()));
        if d.x == 0.0 && d.y == 0.0 {
            // Not moving: the minimum translation, along y on a tie.
            let k = if out[0].abs() < out[1].abs() { 0 } else { 1 };
            let side = out[k].signum();
            let mut touch = start;
            let face = if side < 0.0 { other.lo[k] } else { other.hi[k] };
            let v = flush(origin[k], size[k], face, side);
            let mut normal = Vec2D::default();
            if k == 0 {
                touch.x = v;
                normal.x = side;
            } else {
                touch.y = v;
                normal.y = side;
            }
            return Some(Collision {
                overlaps: true,
                ti,
                normal,
                touch,
                face: None,
                corner: false,
            });
        }
        // Moving: where the line of motion, extended backwards, entered the other rect.
        let iv = [0, 1].map(|k| interval(dv[k], gaps[k].0, gaps[k].1));
        let k = later(&iv, tie);
        let t = iv[k].0.value();
        return Some(contact(mover, d, other, k, t, true, ti, false));
    }
    let iv = [0, 1].map(|k| interval(dv[k], gaps[k].0, gaps[k].1));
    // Enter: the later of the axes' entries; leave: the earlier exit.
    let k = later(&iv, tie);
    let enter = iv[k].0;
    let leave = if iv[1].1.lt(&iv[0].1) {
        iv[1].1
    } else {
        iv[0].1
    };
    if !(enter.lt(&leave) && enter.before_one() && leave.after_zero()) {
        return None;
    }
    let t = enter.value().max0();
    // Met at once on a face it was snapped against: it stays where it is.
    let i = (dv[k] <= 0.0) as usize;
    let entry = match same {
        Some(same) => same[k][i],
        None => [gaps[k].0, gaps[k].1][i].zero(),
    };
    let mut c = contact(mover, d, other, k, t, false, t, entry);
    c.corner = !iv[0].0.lt(&iv[1].0) && !iv[1].0.lt(&iv[0].0);
    Some(c)
}

/// Takes each gap of `gaps` (per axis, `lo` and `hi` as in [`detect_on`]) whose edges are the
/// same edge by the band of `bands` as none at all; answers which were. Exactly zero gaps are
/// the same edge whatever the band, which is worked out only for the close others.
#[cold]
fn snap(gaps: &mut [(Gap, Gap); 2], bands: &Bands) -> [[bool; 2]; 2] {
    let mut same = [[false; 2]; 2];
    let mut band = None;
    for (k, pair) in gaps.iter_mut().enumerate() {
        for (i, g) in [&mut pair.0, &mut pair.1].into_iter().enumerate() {
            if g.zero() {
                same[k][i] = true;
            } else if g.close(bands.bound.0[k]) {
                let band = band.get_or_insert_with(|| bands.band());
                if g.close(band.0[k]) && band.same(k, g.a, g.b) {
                    *g = Gap::new(g.a, g.a);
                    same[k][i] = true;
                }
            }
        }
    }
    same
}

/// The collision on axis `k` at time `t`: the face met, the mover flush against it on that
/// axis (or where it is, `stay`, for a face it already touches within the band) and where the
/// motion puts it on the other.
#[allow(clippy::too_many_arguments)]
fn contact(
    mover: RectD,
    d: Vec2D,
    other: &Edges,
    k: usize,
    t: f64,
    overlaps: bool,
    ti: f64,
    stay: bool,
) -> Collision {
    let dk = if k == 0 { d.x } else { d.y };
    // Moving up the axis meets the low face (the mover on the low side).
    let side = if dk > 0.0 { -1.0 } else { 1.0 };
    let face = if side < 0.0 { other.lo[k] } else { other.hi[k] };
    // Along the other axis, where the motion puts the mover at `t`: the start itself where the
    // product has no value (at t = 0 with a motion beyond the f64 range, or along an axis the
    // mover does not move on when an overlap at the start puts `t` at minus infinity).
    let at = |o: f64, dk: f64| {
        let v = o + dk * t;
        if v.is_nan() {
            o
        } else {
            v
        }
    };
    let mut touch = Vec2D::new(at(mover.x, d.x), at(mover.y, d.y));
    let mut normal = Vec2D::default();
    if k == 0 {
        touch.x = if stay {
            mover.x
        } else {
            flush(mover.x, mover.w, face, side)
        };
        normal.x = side;
    } else {
        touch.y = if stay {
            mover.y
        } else {
            flush(mover.y, mover.h, face, side)
        };
        normal.y = side;
    }
    Collision {
        overlaps,
        ti,
        normal,
        touch,
        face: None,
        corner: false,
    }
}

/// bump.lua's tie-breaker for collisions at the same `ti`: the squared distance between the
/// rects' centres.
pub(crate) fn centre_distance(a: RectD, b: RectD) -> f64 {
    let dx = a.x - b.x + (a.w - b.w) / 2.0;
    let dy = a.y - b.y + (a.h - b.h) / 2.0;
    dx * dx + dy * dy
}
