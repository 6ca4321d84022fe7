//! The f64 polygon kernel: a rect (exact f64 edges) against a convex polygon, for the world's
//! polygon items (slope tiles and props) met by rect movers: overlap, the first contact of a
//! straight motion (`sweep`, `detect_convex`), the slide off a slanted face (`redirect`), the
//! faces at rest (`resting`), and the hull and bounding rect that make such an item. The f32
//! polygon kernel is `poly.rs`.
//!
//! A rect and a convex polygon are apart when one of their separating half-planes holds the
//! rect: beyond the polygon's bounding box on x or y, or beyond one of its edge lines (touching
//! counts as apart: the strict flavour). Each of these is decided exactly — edges compared as
//! exact sums, the rect's supporting corner against an edge line by an exact orientation — at
//! both ends of a straight motion. Along the motion each half-plane's signed distance is linear
//! in time, so a half-plane that holds at both ends holds throughout, and one that holds at
//! neither never does: whether the mover ends inside, and whether a motion along a face touches
//! it, are exact answers. Only the times between (where a half-plane starts or stops holding) are
//! estimated in f64, with an error bound: a crossing of a polygon's corner too close to tell
//! from a graze is taken for a graze.
//!
//! Joins. Where tiles meet, a mover meets corners: a polygon's corner met by the mover's
//! corner, where two half-planes are entered at once (to within the errors) and either normal
//! would do. Taking the wrong one is the classic catch (a rect sliding into the foot of a ramp
//! stopped by the ramp's box side, as if by a wall). So a tie goes to a slanted face when one is
//! among the half-planes entered (the foot of a ramp, the join of two ramps), else to the normal
//! opposing the motion least (the top of a ramp's box over its upright side, at a peak); and an
//! item met at such a corner is resolved after the items met at the same time on a face (the
//! floor under a mover stepping into the foot of a ramp first), so the response of the clean
//! contact decides the motion that reaches the corner. Among polygon items, the corners of rect
//! items met exactly take the face opposing the motion least as well (`world/motion.rs`).
//!
//! Touching is read as the game means it (`band.rs`): a rect within the band of a
//! half-plane's line (for a face, the distance measured across it) where a motion begins lies on
//! that line, so it moves along or away freely and meets the face at `t = 0`, where it is,
//! moving into it.
//!
//! Contacts with an edge line put the mover where the motion meets it, then step it out along
//! the face's normal until the exact predicate has it apart (a face generally does not pass
//! through f64 positions, so a mover resting on a slope rests a few ulps above it).

use super::band::Band;
use super::detect::{flush, Collision};
use super::double::orient;
use super::math::U;
use super::Convex;
use crate::platform::hypot;
use crate::platform::ClampZero;
use crate::shape::{gift_wrap, next_up, Edge, Edges, PolyError, RectD, Vec2D, P, POLY_MAX};

/// The convex hull of `points` (f64), counter-clockwise (y-up), repeated points and points on
/// edges dropped; exact orientations (the gift wrapping of [`Poly::hull`](crate::Poly::hull)).
pub(crate) fn hull(points: &[Vec2D]) -> Result<Convex, PolyError> {
    let side = |p: Vec2D, q: Vec2D, r: Vec2D| orient(p, q, Edge::exact(r.x), Edge::exact(r.y));
    let (vs, n) = gift_wrap(points, |p| (p.x, p.y), side)?;
    let vs = vs.map(|p| (p.x, p.y));
    Convex::of_ccw(&vs[..n]).ok_or(PolyError::Degenerate)
}

/// The polygon's bounding box: `(lo, hi)` per axis.
fn bbox(c: &Convex) -> ([f64; 2], [f64; 2]) {
    let mut lo = [f64::INFINITY; 2];
    let mut hi = [f64::NEG_INFINITY; 2];
    for &(x, y) in c.verts() {
        lo = [lo[0].min(x), lo[1].min(y)];
        hi = [hi[0].max(x), hi[1].max(y)];
    }
    (lo, hi)
}

/// The rect covering a polygon: its bounding box, the size rounded up so that the rect's exact
/// far edges are never short of the box.
pub(crate) fn cover(c: &Convex) -> RectD {
    let (lo, hi) = bbox(c);
    let size = |k: usize| {
        let mut s = hi[k] - lo[k];
        if Edge::sum(lo[k], s).lt(Edge::exact(hi[k])) {
            s = next_up(s);
        }
        s
    };
    RectD::new(lo[0], lo[1], size(0), size(1))
}

/// One separating half-plane of a rect against a polygon: the rect beyond the box's high face
/// on axis `k` (`Lo(k)`: the rect's low edge past it), beyond its low face (`Hi(k)`), or beyond
/// the line of edge `i` (`Face(i)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Axis {
    Lo(usize),
    Hi(usize),
    Face(usize),
}

/// The polygon with its box, ready for many tests.
struct Poly<'a> {
    c: &'a Convex,
    lo: [f64; 2],
    hi: [f64; 2],
}

/// Where a rect stands against one half-plane: `beyond` exactly (touching counts), `on` its
/// line within the band (either side), and an estimate `s` of its signed distance past it
/// (scaled by the edge's length for a face) with an error bound.
#[derive(Clone, Copy)]
struct Side {
    beyond: bool,
    on: bool,
    s: f64,
    err: f64,
}

impl Side {
    /// Beyond the line, or on it within the band: apart, as the game means it.
    fn apart(&self) -> bool {
        self.beyond || self.on
    }
}

impl<'a> Poly<'a> {
    fn new(c: &'a Convex) -> Poly<'a> {
        let (lo, hi) = bbox(c);
        Poly { c, lo, hi }
    }

    /// Every half-plane: the box's four, then each edge with a non-zero normal.
    fn axes(&self) -> impl Iterator<Item = Axis> + '_ {
        [Axis::Lo(0), Axis::Hi(0), Axis::Lo(1), Axis::Hi(1)]
            .into_iter()
            .chain(
                (0..self.c.verts().len())
                    .filter_map(|i| (self.c.normal(i) != (0.0, 0.0)).then_some(Axis::Face(i))),
            )
    }

    /// The edge `i` as its two ends.
    fn edge(&self, i: usize) -> (Vec2D, Vec2D) {
        let v = self.c.verts();
        let (a, b) = (v[i], v[(i + 1) % v.len()]);
        (Vec2D::new(a.0, a.1), Vec2D::new(b.0, b.1))
    }

    fn side(&self, m: &Edges, axis: Axis, band: &Band) -> Side {
        match axis {
            Axis::Lo(k) => {
                let (e, p) = (m.lo[k], Edge::exact(self.hi[k]));
                Side {
                    beyond: p.le(e),
                    on: band.same(k, e, p),
                    s: (e.hi - p.hi) + e.lo,
                    err: 4.0 * U * (e.hi.abs() + p.hi.abs()),
                }
            }
            Axis::Hi(k) => {
                let (e, p) = (m.hi[k], Edge::exact(self.lo[k]));
                Side {
                    beyond: e.le(p),
                    on: band.same(k, e, p),
                    s: (p.hi - e.hi) - e.lo,
                    err: 4.0 * U * (e.hi.abs() + p.hi.abs()),
                }
            }
            Axis::Face(i) => {
                let (a, b) = self.edge(i);
                let n = self.c.normal(i);
                let (cx, cy) = support(m, n);
                let s = n.0 * (cx.hi - a.x) + n.1 * (cy.hi - a.y);
                let mag = n.0.abs() * (cx.hi.abs() + a.x.abs() + cx.lo.abs())
                    + n.1.abs() * (cy.hi.abs() + a.y.abs() + cy.lo.abs());
                let err = 8.0 * U * mag;
                // Within the band across the face: `|s| <= band * |n|`, clear of the errors
                // (a distance too close to the band to tell is not within it).
                let reach = band.0[0].max(band.0[1]) * hypot(n.0, n.1) * (1.0 - 4.0 * U);
                Side {
                    beyond: orient(a, b, cx, cy) <= 0,
                    on: reach > 0.0 && s.abs() + err <= reach,
                    s,
                    err,
                }
            }
        }
    }

    /// The unit normal of a half-plane, pointing out of the polygon.
    fn normal(&self, axis: Axis) -> Vec2D {
        match axis {
            Axis::Lo(0) => Vec2D::new(1.0, 0.0),
            Axis::Lo(_) => Vec2D::new(0.0, 1.0),
            Axis::Hi(0) => Vec2D::new(-1.0, 0.0),
            Axis::Hi(_) => Vec2D::new(0.0, -1.0),
            Axis::Face(i) => unit(self.c.normal(i)),
        }
    }

    /// Whether the rect `m` overlaps the polygon beyond the band, exactly.
    fn overlaps(&self, m: &Edges, band: &Band) -> bool {
        self.axes().all(|a| !self.side(m, a, band).apart())
    }
}

/// The unit vector along `n` (not zero).
fn unit((x, y): P) -> Vec2D {
    if y == 0.0 {
        return Vec2D::new(x.signum(), 0.0);
    }
    if x == 0.0 {
        return Vec2D::new(0.0, y.signum());
    }
    // Scaled first, so that a normal beyond the f64 range (an edge spanning more than it) still
    // gives its direction.
    let (x, y) = if x.is_finite() && y.is_finite() {
        let m = x.abs().max(y.abs());
        (x / m, y / m)
    } else {
        let inf = |v: f64| if v.is_infinite() { v.signum() } else { 0.0 };
        (inf(x), inf(y))
    };
    let l = hypot(x, y);
    Vec2D::new(x / l, y / l)
}

/// The rect's corner deepest against an outward normal `n`: its low edge on an axis where `n`
/// points up that axis.
fn support(m: &Edges, n: P) -> (Edge, Edge) {
    (
        if n.0 > 0.0 { m.lo[0] } else { m.hi[0] },
        if n.1 > 0.0 { m.lo[1] } else { m.hi[1] },
    )
}

/// The first contact of a rect moving from edges `start` to edges `end` (the same rect moved)
/// with a convex polygon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Contact {
    /// The fraction of the motion at first strict overlap (0 when overlapping at the start, or
    /// for a start overlap of a moving rect the time, at most 0, where the line of motion
    /// extended backwards entered the polygon).
    pub t: f64,
    /// The half-plane crossed there.
    pub axis: Axis,
    /// Whether the rect strictly overlaps the polygon at the start.
    pub overlaps: bool,
    /// Whether another half-plane with another normal was crossed at the same time (within
    /// the errors): the rect met a corner of the polygon, where either normal would do.
    pub corner: bool,
}

/// Where a half-plane stops holding or starts holding along the motion: the time and its error.
fn crossing(s0: Side, s1: Side) -> (f64, f64) {
    let a = if s0.beyond { s0.s.max0() } else { s0.s.min0() };
    let b = if s1.beyond { s1.s.max0() } else { s1.s.min0() };
    let den = a - b;
    if den == 0.0 || !den.is_finite() {
        return (0.0, f64::INFINITY);
    }
    let t = a / den;
    (t, 4.0 * (s0.err + s1.err) / den.abs() + 4.0 * U * t.abs())
}

/// Of the axes `(axis, time, error)`, the one crossed last. Axes crossed as late as the last
/// within the errors (a corner of the polygon met by a corner of the rect, where either normal
/// would do) are a tie, won by a slanted face if one is among them (a rect sliding along a floor
/// into the foot of a ramp, or up a ramp onto the next, meets the ramp's face, not the side of
/// its box at the foot), else by the one whose normal opposes the motion `d` least (a rect
/// walking over the peak between two ramps meets the top of the second, not the upright side
/// under its peak); among slanted faces, also the one opposing the motion least.
fn latest(poly: &Poly, found: &[(Axis, f64, f64)], d: P) -> Option<(Axis, f64, f64, bool)> {
    let last = found
        .iter()
        .copied()
        .reduce(|m, x| if x.1 > m.1 { x } else { m })?;
    let along = |a: Axis| {
        let n = poly.normal(a);
        n.x * d.0 + n.y * d.1
    };
    let tied = |x: &(Axis, f64, f64)| x.1 + x.2 + last.2 >= last.1;
    let slanted = |a: Axis| {
        let n = poly.normal(a);
        n.x != 0.0 && n.y != 0.0
    };
    let any_slanted = found.iter().any(|x| tied(x) && slanted(x.0));
    let best = found
        .iter()
        .copied()
        .filter(|x| tied(x) && (slanted(x.0) || !any_slanted))
        .reduce(|m, x| if along(x.0) > along(m.0) { x } else { m })?;
    let n = poly.normal(best.0);
    let corner = found
        .iter()
        .filter(|x| tied(x))
        .any(|x| poly.normal(x.0) != n);
    Some((best.0, last.1, best.2, corner))
}

/// The first time in `[0, 1)` at which a rect moving straight from `start` to `end` strictly
/// overlaps `c`: `None` when it never does (grazing a face or corner, or arriving exactly in
/// contact at the end, is no overlap). A rect overlapping at the start answers with
/// `overlaps`, and the time its line of motion entered the polygon (for a rect that does not
/// move, 0 and the half-plane nearest to leave by).
/// A half-plane whose line the rect lies on within `band` at the start stays that line for the
/// whole motion: the rect moving along it never enters, moving into it enters at once.
pub(crate) fn sweep(start: &Edges, end: &Edges, c: &Convex, band: &Band) -> Option<Contact> {
    let poly = Poly::new(c);
    let mut found: [(Axis, f64, f64); 4 + POLY_MAX] = [(Axis::Lo(0), 0.0, 0.0); 4 + POLY_MAX];
    let mut behind = found;
    let mut leave: Option<(f64, f64)> = None;
    let (mut n, mut nb, mut inside_at_start, mut inside_at_end) = (0, 0, true, true);
    let still = start.lo[0] == end.lo[0] && start.lo[1] == end.lo[1];
    let d = (end.lo[0].hi - start.lo[0].hi, end.lo[1].hi - start.lo[1].hi);
    let mut nearest: Option<(Axis, f64)> = None;
    for axis in poly.axes() {
        let (mut s0, mut s1) = (poly.side(start, axis, band), poly.side(end, axis, band));
        s0.beyond = s0.apart();
        s1.beyond = s1.beyond || (s0.on && s1.on);
        inside_at_start &= !s0.beyond;
        inside_at_end &= !s1.beyond;
        match (s0.beyond, s1.beyond) {
            (true, true) => return None,
            (true, false) => {
                let (t, e) = crossing(s0, s1);
                found[n] = (axis, t, e);
                n += 1;
            }
            (false, true) => {
                let (t, e) = crossing(s0, s1);
                if leave.is_none_or(|l| t < l.0) {
                    leave = Some((t, e));
                }
            }
            (false, false) => {
                // Overlapping on this axis throughout; met from behind when moving into it.
                if s1.s < s0.s && !still {
                    let den = s0.s - s1.s;
                    behind[nb] = (axis, s0.s / den, 4.0 * (s0.err + s1.err) / den);
                    nb += 1;
                }
                let len = match axis {
                    Axis::Face(i) => {
                        let v = c.normal(i);
                        hypot(v.0, v.1)
                    }
                    _ => 1.0,
                };
                let depth = -s0.s / len;
                if nearest.is_none_or(|(_, d)| depth < d) {
                    nearest = Some((axis, depth));
                }
            }
        }
    }
    if inside_at_start {
        if still || nb == 0 {
            let (axis, _) = nearest?;
            return Some(Contact {
                t: 0.0,
                axis,
                overlaps: true,
                corner: false,
            });
        }
        let (axis, t, _, corner) = latest(&poly, &behind[..nb], d)?;
        return Some(Contact {
            t: t.min0(),
            axis,
            overlaps: true,
            corner,
        });
    }
    let (axis, t, err, corner) = latest(&poly, &found[..n], d)?;
    if !inside_at_end {
        // It leaves some half-plane's inside before the end: a hit only if clearly after
        // entering the last one (a graze too close to call is a graze).
        let (lt, le) = leave?;
        let clearly_before = t + err + le < lt;
        if !clearly_before {
            return None;
        }
    }
    Some(Contact {
        t: t.clamp(0.0, 1.0),
        axis,
        overlaps: false,
        corner,
    })
}

/// Whether rect `r` overlaps the polygon `c` beyond `band`, exactly.
pub(crate) fn overlaps(m: &Edges, c: &Convex, band: &Band) -> bool {
    Poly::new(c).overlaps(m, band)
}

/// Steps `p` along `n` by growing amounts until `ok` holds for the rect there; `p` itself when
/// it already does (or when nothing within the f64 range does). As close as the exact test
/// allows: a mover put out by a margin would meet the corners of the tiles around a join in an
/// order set by that margin's rounding.
fn step_out(r: RectD, p: Vec2D, n: Vec2D, ok: impl Fn(&Edges) -> bool) -> Vec2D {
    if ok(&r.at(p).edges()) {
        return p;
    }
    let mut step = f64::EPSILON * (p.x.abs() + p.y.abs() + r.w.abs() + r.h.abs()) + 1e-300;
    for _ in 0..1100 {
        let q = Vec2D::new(p.x + n.x * step, p.y + n.y * step);
        if !q.finite() {
            break;
        }
        if ok(&r.at(q).edges()) {
            return q;
        }
        step *= 2.0;
    }
    p
}

/// bump.lua's `detectCollision` against a convex polygon: what `mover` moving straight to corner
/// `goal` meets of `c` (see [`sweep`]). The touch position is clear of the polygon (exactly),
/// flush with a face of its box or stepped out along an edge's normal by a few ulps; `ti` is
/// minus the overlap's area for a start overlap.
pub(crate) fn detect_convex(
    mover: RectD,
    goal: Vec2D,
    c: &Convex,
    band: &Band,
) -> Option<Collision> {
    // A mover at an infinite position (where a start overlap's way out may put it) meets
    // nothing.
    if !mover.finite() || !goal.finite() {
        return None;
    }
    let poly = Poly::new(c);
    let start = mover.edges();
    let hit = sweep(&start, &mover.at(goal).edges(), c, band)?;
    let normal = poly.normal(hit.axis);
    let lerp = |a: f64, b: f64| {
        let t = hit.t;
        let v = a + (b - a) * t;
        if t == 0.0 {
            a
        } else if v.is_finite() {
            v
        } else {
            a * (1.0 - t) + b * t
        }
    };
    let mut touch = Vec2D::new(lerp(mover.x, goal.x), lerp(mover.y, goal.y));
    if hit.overlaps && goal.x == mover.x && goal.y == mover.y {
        // The way out nearest: the depth past the half-plane, along its normal.
        let side = poly.side(&start, hit.axis, band);
        let len = match hit.axis {
            Axis::Face(i) => hypot(c.normal(i).0, c.normal(i).1),
            _ => 1.0,
        };
        let depth = -side.s / len;
        touch = Vec2D::new(mover.x + normal.x * depth, mover.y + normal.y * depth);
    }
    if !touch.finite() {
        touch = Vec2D::new(mover.x, mover.y);
    }
    let mut face = None;
    // Met at once where it begins, touching the face: it stays where it is.
    let stays = hit.t == 0.0 && !hit.overlaps;
    match hit.axis {
        Axis::Lo(_) | Axis::Hi(_) if stays => touch = Vec2D::new(mover.x, mover.y),
        Axis::Lo(k) | Axis::Hi(k) => {
            let (o, size) = if k == 0 {
                (mover.x, mover.w)
            } else {
                (mover.y, mover.h)
            };
            let v = match hit.axis {
                Axis::Lo(_) => flush(o, size, Edge::exact(poly.hi[k]), 1.0),
                _ => flush(o, size, Edge::exact(poly.lo[k]), -1.0),
            };
            if k == 0 {
                touch.x = v;
            } else {
                touch.y = v;
            }
        }
        Axis::Face(i) => face = Some(poly.edge(i)),
    }
    let touch = if stays {
        Vec2D::new(mover.x, mover.y)
    } else {
        step_out(mover, touch, normal, |e| !poly.overlaps(e, &Band::EXACT))
    };
    let ti = if hit.overlaps {
        -overlap_area(&start, c)
    } else {
        hit.t
    };
    Some(Collision {
        overlaps: hit.overlaps,
        ti,
        normal,
        touch,
        face,
        corner: hit.corner,
    })
}

/// Whether the rect `m` lies beyond the line of the edge `a→b` of a counter-clockwise polygon
/// (touching counts), exactly.
fn beyond_face(m: &Edges, a: Vec2D, b: Vec2D) -> bool {
    let (cx, cy) = support(m, (b.y - a.y, a.x - b.x));
    orient(a, b, cx, cy) <= 0
}

/// The goal after a slide or bounce of `rect` at `touch` off the face `a→b` with unit normal `n`
/// (not along an axis): slide takes away the motion left along the normal, bounce reflects it;
/// the goal is then stepped out along the normal until the rect there lies beyond the face's
/// line, so that sliding on never meets the face again.
pub(crate) fn redirect(
    bounce: bool,
    rect: RectD,
    touch: Vec2D,
    goal: Vec2D,
    n: Vec2D,
    (a, b): (Vec2D, Vec2D),
) -> Vec2D {
    let rest = Vec2D::new(goal.x - touch.x, goal.y - touch.y);
    let k = (rest.x * n.x + rest.y * n.y) * if bounce { 2.0 } else { 1.0 };
    let to = Vec2D::new(goal.x - n.x * k, goal.y - n.y * k);
    if !to.finite() {
        return touch;
    }
    step_out(rect, to, n, |e| beyond_face(e, a, b))
}

/// The area the rect `m` shares with `c` (rounded): the polygon clipped by the rect's four
/// sides.
fn overlap_area(m: &Edges, c: &Convex) -> f64 {
    let mut pts: [P; POLY_MAX + 4] = [(0.0, 0.0); POLY_MAX + 4];
    let mut len = c.verts().len();
    pts[..len].copy_from_slice(c.verts());
    // Keep the part with `sign * (coordinate k - v) <= 0`.
    let cuts = [
        (0, -1.0, m.lo[0].hi),
        (0, 1.0, m.hi[0].hi),
        (1, -1.0, m.lo[1].hi),
        (1, 1.0, m.hi[1].hi),
    ];
    for (k, sign, v) in cuts {
        let mut out: [P; POLY_MAX + 4] = [(0.0, 0.0); POLY_MAX + 4];
        let mut n = 0;
        let at = |p: P| sign * (if k == 0 { p.0 } else { p.1 } - v);
        for i in 0..len {
            let (p, q) = (pts[i], pts[(i + 1) % len]);
            let (dp, dq) = (at(p), at(q));
            if dp <= 0.0 && n < out.len() {
                out[n] = p;
                n += 1;
            }
            if (dp < 0.0) != (dq < 0.0) && dp != dq && n < out.len() {
                let t = dp / (dp - dq);
                out[n] = (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
                n += 1;
            }
        }
        pts = out;
        len = n;
    }
    let mut twice = 0.0;
    for i in 0..len {
        let (p, q) = (pts[i], pts[(i + 1) % len]);
        twice += p.0 * q.1 - q.0 * p.1;
    }
    (twice / 2.0).abs()
}

/// Which faces of `rect` rest against the polygon `c`, given as the unit vectors out of the
/// rect's floor, ceiling, left and right (which way is up is the caller's): a face rests when the rect, apart from the polygon, would overlap it moved
/// toward that face by `512·ε` of its coordinates' size (a move leaves a mover at most a few
/// `ε` of them out of a slanted face along its normal: this covers faces up to some 88°).
/// Floor and ceiling take precedence: a rect on a ramp rests on it as a floor, not against it as
/// a wall.
pub(crate) fn resting(rect: RectD, c: &Convex, faces: &[Vec2D; 4], band: &Band) -> [bool; 4] {
    let poly = Poly::new(c);
    if poly.overlaps(&rect.edges(), band) {
        return [false; 4];
    }
    // Also over the band either side of a face (a rect snapped onto it by the game's own
    // arithmetic): four bands cover faces up to some 75°.
    let step = (512.0 * f64::EPSILON * (rect.x.abs() + rect.y.abs() + rect.w.abs() + rect.h.abs())
        + 1e-300)
        .max(4.0 * band.0[0].max(band.0[1]));
    let mut out = faces.map(|u| {
        let moved = RectD {
            x: rect.x + u.x * step,
            y: rect.y + u.y * step,
            ..rect
        };
        poly.overlaps(&moved.edges(), &Band::EXACT)
    });
    if out[0] || out[1] {
        out[2] = false;
        out[3] = false;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tri(p: [P; 3]) -> Convex {
        Convex::of_ccw(&p).unwrap()
    }

    /// What rect `r` moving by `d` meets of `c`, exactly (no band), as the world's moves find it:
    /// the time of first strict overlap and the normal of the face met.
    fn meet(r: RectD, d: P, c: &Convex) -> Option<(f64, P)> {
        let goal = Vec2D::new(r.x + d.0, r.y + d.1);
        let hit = detect_convex(r, goal, c, &Band::EXACT)?;
        Some((hit.ti, (hit.normal.x, hit.normal.y)))
    }

    #[test]
    fn a_box_sliding_into_the_foot_of_a_ramp_meets_the_slope_not_its_corner() {
        // Ramp rising to the right from (10, 0) to (20, 10); a 4×4 box on the floor at y = 0.
        let ramp = tri([(10.0, 0.0), (20.0, 0.0), (20.0, 10.0)]);
        let (t, n) = meet(RectD::new(2.0, 0.0, 4.0, 4.0), (8.0, 0.0), &ramp).unwrap();
        assert_eq!(t, 0.5);
        assert!(n.0 < 0.0 && n.1 > 0.0, "{n:?}");
    }

    #[test]
    fn a_box_moving_along_a_ramp_face_never_meets_it() {
        let ramp = tri([(10.0, 0.0), (20.0, 0.0), (20.0, 10.0)]);
        assert_eq!(
            meet(RectD::new(8.0, 2.0, 4.0, 4.0), (4.0, 4.0), &ramp),
            None
        );
    }

    #[test]
    fn a_box_ending_exactly_on_a_slope_is_no_hit_and_one_past_it_is() {
        let ramp = tri([(10.0, 0.0), (20.0, 0.0), (20.0, 10.0)]);
        // Bottom-right corner falls from (16, 9) to (16, 6): on the line y = x - 10.
        assert_eq!(
            meet(RectD::new(12.0, 9.0, 4.0, 4.0), (0.0, -3.0), &ramp),
            None
        );
        let (t, _) = meet(RectD::new(12.0, 9.0, 4.0, 4.0), (0.0, -4.0), &ramp).unwrap();
        assert_eq!(t, 0.75);
    }

    #[test]
    fn the_hull_of_points_in_any_order_is_counter_clockwise() {
        let pts = [
            (0.0, 0.0),
            (4.0, 4.0),
            (4.0, 0.0),
            (2.0, 0.0),
            (0.0, 4.0),
            (2.0, 2.0),
        ]
        .map(|(x, y)| Vec2D::new(x, y));
        let c = hull(&pts).unwrap();
        assert_eq!(c.verts(), &[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]);
        assert_eq!(
            hull(&[
                Vec2D::new(0.0, 0.0),
                Vec2D::new(1.0, 1.0),
                Vec2D::new(2.0, 2.0)
            ])
            .err(),
            Some(PolyError::Degenerate)
        );
    }
}
