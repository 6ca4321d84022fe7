//! Continuous collision for convex polygons and capsules: a rect, circle, capsule or polygon
//! moving by `delta` (t from 0 to 1) against a static polygon, capsule, rect or circle.
//!
//! The rules are those of the other sweeps (the `sweep` module): a hit is the first moment the
//! two would start to overlap strictly, so sliding along a face while touching is not a hit,
//! moving into a touching neighbour hits at `t = 0`, and ending exactly in contact at `t = 1` is
//! not a hit; shapes already overlapping strictly at `t = 0` hit at `t = 0` with the minimum
//! translation's normal (from the target toward the mover).
//!
//! How:
//! * Polygon-like pairs (rects and polygons, no radius): a swept separating-axis test on the
//!   outward edge normals (unnormalised) of both shapes. Along the target's edge `i` the mover is
//!   apart while `min_w n·(w - v_i) + t·(n·delta) >= 0` — the predicate's own test, moved — so
//!   per axis the overlapping times are an open half-line, and their intersection is an open
//!   interval whose start is the contact time. Times are compared as exact fractions. On the grid
//!   domain every dot product is exact in f64: the hit decision, the face and the time's f32
//!   floor are those of real arithmetic, for any size ratio and any speed.
//! * Round pairs (a circle or a capsule on either side): the shapes overlap strictly while the
//!   distance between their cores (a point, a segment or a polygon) is below `r`, the sum of the
//!   radii. Between two convex cores that do not meet, that distance is the least over
//!   vertex-edge pairs, so the first contact is the earliest entry of a vertex moving by `delta`
//!   (or a target's vertex moving by `-delta`) into the open capsule of radius `r` around an edge
//!   of the other: a strip (two slabs) and two disks (quadratic roots with an exact hit decision,
//!   [`disk_entry`]). Any positive `r` counts, down to subnormals: where `r·|e|` is lost to the
//!   rounding of the strip's offset (a radius of 1e-20, or 1e-15 far from the origin), the strip
//!   rounds to nothing, and the vertex crossing the edge itself (a distance of 0) is the entry
//!   instead ([`edge_crossing`]), so a round shape hits at least where its core would.
//! * Then, as every sweep does, the f32 position is checked with the exact predicate and `t`
//!   steps down until it is clear ([`settle_moved`]). A start the predicate calls overlapping
//!   hits at 0; a sweep that finds no hit checks the mover's f32 end with the predicate, and
//!   reports a hit if it overlaps: no hit always leaves `a + delta` clear.
//!
//! Bad input: a NaN or an infinity anywhere, a poly `count` outside `3..=8`, a negative radius:
//! no hit. A capsule or circle of radius 0 never overlaps strictly (unless a polygon-like shape
//! of its pair has area and it is a rect or polygon itself), so it never hits.
//!
//! The cores, [`convex_entry`] (polygon-like pairs) and [`sweep_round`] (round pairs), work on
//! f64 points and an f64 motion.

use super::math::{at, settle_moved, unusable};
use super::poly::{
    box_corner, next, overlap_capsule_capsule, overlap_capsule_circle, overlap_poly_capsule,
    overlap_poly_circle, overlap_poly_poly, overlap_rect_capsule, overlap_rect_poly, Convex,
};
use super::segment::straddles;
use super::sweep::{disk_entry, disk_time_f32, sweep_slabs, touching_point, Entry, Frac, Slab};
use crate::exact::{product_le, two_product};
use crate::platform::ClampZero;
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::shape::{
    direction, dot, sub, Capsule, Circle, Hit, Poly, Rect, Vec2, P, POLY_MAX, ZERO,
};

#[inline(always)]
fn cross(a: P, b: P) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

fn finite(p: P) -> bool {
    p.0.is_finite() && p.1.is_finite()
}

fn unit(n: P) -> P {
    direction(n.0, n.1).unwrap_or(ZERO)
}

/// Where a translating shape first overlaps a static one, in f64.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Toi {
    /// No later than the real contact time, in `[0, 1)`; 0 when overlapping at the start.
    pub(crate) t: f64,
    /// An f32 no later than the real contact time (the largest one for polygon-like pairs).
    pub(crate) t32: f32,
    /// Unit normal from the target toward the mover: the face hit, or at the start the minimum
    /// translation's.
    pub(crate) normal: P,
    /// Overlapping strictly at the start.
    pub(crate) inside: bool,
    /// The axis of a polygon-like pair's contact: the target's edge `axis`, or the mover's edge
    /// `axis - n` after the target's `n` edges; `usize::MAX` for round pairs.
    pub(crate) axis: usize,
    /// A round pair's point core crossed an edge where the radius is lost to rounding (see
    /// [`capsule_entry`]): `normal` is that edge's, and the contact keeps it (the cores'
    /// nearest points there are rounding).
    pub(crate) crossed: bool,
}

// ---------------------------------------------------------------------------------------------
// Polygon-like pairs: the swept separating-axis test.

/// The running intersection of the per-axis overlap half-lines.
struct Span {
    /// The latest entry and its axis; `None` is `-inf`.
    enter: Option<(Frac, usize)>,
    /// The earliest exit; `None` is `+inf`.
    exit: Option<Frac>,
}

impl Span {
    /// Axis `k`: overlapping along it while `s + t·v < 0`, where `s < 0` or `v < 0` (an axis
    /// apart at the start and not closing is a miss, found before).
    #[inline(always)]
    fn axis(&mut self, s: f64, v: f64, k: usize) {
        if v < 0.0 {
            let e = Frac::new(s, -v);
            if self.enter.is_none_or(|(f, _)| f.lt(e)) {
                self.enter = Some((e, k));
            }
        } else if v > 0.0 {
            let x = Frac::new(-s, v);
            if self.exit.is_none_or(|f| x.lt(f)) {
                self.exit = Some(x);
            }
        }
    }
}

/// The least and greatest corners of the bounding box of finite points (plain comparisons: no
/// NaN to pass over).
#[inline(always)]
fn bounds(pts: &[P]) -> (P, P) {
    let (mut lo, mut hi) = (
        (f64::INFINITY, f64::INFINITY),
        (f64::NEG_INFINITY, f64::NEG_INFINITY),
    );
    let (less, more) = (
        |a: f64, b: f64| if a < b { a } else { b },
        |a: f64, b: f64| if a > b { a } else { b },
    );
    for &p in pts {
        lo = (less(p.0, lo.0), less(p.1, lo.1));
        hi = (more(p.0, hi.0), more(p.1, hi.1));
    }
    (lo, hi)
}

/// A margin beyond which an axis shows the mover's end clear whatever the f32 rounding of its
/// vertices `v + delta` (at most `2^-24·(|v| + |delta|)` per coordinate) and the f64 rounding
/// of the projections: per unit of an axis' `|n.x| + |n.y|`.
#[cold]
fn end_margin(a: &Convex, d: P, b: &Convex) -> f64 {
    let mut m = d.0.abs().max(d.1.abs());
    for p in a.verts().iter().chain(b.verts()) {
        m = m.max(p.0.abs()).max(p.1.abs());
    }
    m * 2.0 * (1.0 / (1u64 << 22) as f64)
}

/// The convex shape `a` moving by `d` against the convex shape `b`, both counter-clockwise: the
/// first moment they overlap strictly, by a swept separating-axis test over both shapes' edge
/// normals (the target's first; earlier axes win exact ties). Exact on the grid domain. For a
/// miss (no hit in `[0, 1)`, or a NaN or an infinity in `d`), whether some axis shows the end of
/// the motion clear by more than [`end_margin`] (`Err(true)`): no check of the f32 end is then
/// needed. `b_box` is the least and greatest corner of `b`'s bounds; both shapes' vertices must
/// be finite.
#[inline(always)]
fn convex_entry(a: &Convex, d: P, b: &Convex, b_box: (P, P)) -> Result<Toi, bool> {
    if !finite(d) {
        return Err(true);
    }
    let (av, an, bv, bn) = (a.verts(), a.normals(), b.verts(), b.normals());
    // Each axis' `s` and `v`: overlapping along it while `s + t·v < 0`. An axis with no normal
    // keeps `s = -inf, v = 0`: overlapping all along.
    let mut depth = [f64::NEG_INFINITY; 2 * POLY_MAX];
    let mut speed = [0.0f64; 2 * POLY_MAX];
    let mut inside = true;
    // Apart along the target's `n` all along: the end is surely clear when `s + v` is past the
    // margin. Not so along the mover's own axes: the predicate takes them from the moved f32
    // vertices, and a tiny edge may round away there.
    let sure = |s: f64, v: f64, n: P| s + v > end_margin(a, d, b) * (n.0.abs() + n.1.abs());
    for (k, (&n, &o)) in bn.iter().zip(bv).enumerate() {
        if n != ZERO {
            let (s, v) = (a.least(n, o), dot(n, d));
            if s >= 0.0 && v >= 0.0 {
                return Err(sure(s, v, n)); // apart at the start and not closing: the common miss
            }
            (depth[k], speed[k], inside) = (s, v, inside & (s < 0.0));
        }
    }
    // The mover's own edges: the target moves by -d past it. A box's are axis-aligned, so the
    // corner of `b`'s bounds least along one gives the least over `b`'s vertices.
    let along_b = |m: P, o: P| match a.aabb {
        true => dot(m, sub(box_corner(m, b_box.0, b_box.1), o)),
        false => b.least(m, o),
    };
    let nb = bn.len();
    for (k, (&m, &o)) in an.iter().zip(av).enumerate() {
        if m != ZERO {
            let (s, v) = (along_b(m, o), -dot(m, d));
            if s >= 0.0 && v >= 0.0 {
                return Err(false);
            }
            (depth[nb + k], speed[nb + k], inside) = (s, v, inside & (s < 0.0));
        }
    }
    if inside {
        return Ok(inside_convex(a, b, &depth));
    }
    // Some axis is apart at the start and closing: the latest entry, against the earliest exit.
    let mut span = Span {
        enter: None,
        exit: None,
    };
    for (k, (&s, &v)) in depth.iter().zip(&speed).enumerate().take(nb + an.len()) {
        span.axis(s, v, k);
    }
    let Some((e, axis)) = span.enter else {
        return Err(false); // not reached: an axis apart at the start is closing
    };
    let n = match axis.checked_sub(nb) {
        None => bn[axis],
        Some(k) => (-an[k].0, -an[k].1),
    };
    if e.num >= e.den {
        // Reached at t >= 1 at the earliest: along that axis the end is short by `s + v`.
        return Err(axis < nb && sure(e.num, -e.den, n));
    }
    if span.exit.is_some_and(|x| !e.lt(x)) {
        return Err(false); // never inside every half-line together
    }
    // The quotient, one f64 below when it rounded above the fraction.
    let t = if product_le(e.q, e.den, e.num, 1.0) {
        e.q
    } else {
        f64::from_bits(e.q.to_bits() - 1)
    };
    Ok(Toi {
        t: t.max0(),
        t32: e.floor_f32(),
        normal: unit(n),
        inside: false,
        axis,
        crossed: false,
    })
}

/// Whether the contact axis `k` of [`Toi`] (of the target `b`'s edges, then the mover `a`'s)
/// has the moved `a` on or beyond it: apart, as the strict predicate decides on that axis.
#[inline(always)]
fn axis_clear(a: &Convex, b: &Convex, k: usize) -> bool {
    let nb = b.normals().len();
    let (c, other, i) = if k < nb {
        (b, a, k)
    } else {
        (a, b, k.wrapping_sub(nb))
    };
    match (c.normals().get(i), c.verts().get(i)) {
        (Some(&n), Some(&o)) => n != ZERO && other.least(n, o) >= 0.0,
        _ => false,
    }
}

/// The start hit of two overlapping convex shapes: the edge normal (of either shape) along which
/// the mover gets out the shortest way, from `b` toward `a`. `s` holds each axis' least
/// `n·(w - v)` (the target's axes, then the mover's): the depth along it is `-s / |n|`.
fn inside_convex(a: &Convex, b: &Convex, s: &[f64; 2 * POLY_MAX]) -> Toi {
    // The least depth² s²/|n|², compared as s₁²·|n₂|² < s₂²·|n₁|² (no division), selected
    // without branches: which axis wins is as random as the shapes.
    let (mut best, mut d2, mut l2) = ((0.0, 1.0), f64::INFINITY, 1.0);
    let mut take = |n: P, s: f64| {
        let (sq, len2) = (s.min0() * s.min0(), dot(n, n));
        let better = (len2 > 0.0) & (sq * l2 < d2 * len2);
        best = if better { n } else { best };
        d2 = if better { sq } else { d2 };
        l2 = if better { len2 } else { l2 };
    };
    let nb = b.normals().len();
    for (&n, &s) in b.normals().iter().zip(s) {
        take(n, s);
    }
    for (&m, &s) in a.normals().iter().zip(&s[nb..]) {
        take((-m.0, -m.1), s);
    }
    Toi {
        t: 0.0,
        t32: 0.0,
        normal: unit(best),
        inside: true,
        axis: usize::MAX,
        crossed: false,
    }
}

// ---------------------------------------------------------------------------------------------
// Round pairs: vertices against the capsules around the other core's edges.

/// The edges of a core: none for a point, one for a segment, one per side for a polygon.
fn edges(c: &[P]) -> impl Iterator<Item = (P, P)> + '_ {
    let n = match c.len() {
        0 | 1 => 0,
        2 => 1,
        k => k,
    };
    (0..n).map(move |i| (c[i], c[next(i, c.len())]))
}

/// The edges of a core, or its single point as a segment of length zero.
fn edges_or_point(c: &[P]) -> impl Iterator<Item = (P, P)> + '_ {
    let point = (c.len() == 1).then(|| (c[0], c[0]));
    edges(c).chain(point)
}

/// A point's entry into an edge's capsule ([`capsule_entry`]): its time, an f32 not above it,
/// and whether it is where the point crosses the edge.
type EdgeEntry = (f64, f32, bool);

/// The point `p + t·d` entering the open capsule of radius `r` around `e0..e1`: its entry time
/// (decided exactly through the end disks; within f64 rounding of `r·|e|` through the sides),
/// or -1 when strictly inside at the start; with it an f32 not above it (the largest one when
/// entered through a side whose offset `r·|e|` is exact, as for an axis-aligned edge). `None`
/// for no entry in `[0, 1]`. Where `r·|e|` is lost to the rounding of the side's offset
/// ([`strip_lost`]), or `r` to the rounding of the coordinates (`speck`, see [`speck`]), also
/// the time the point crosses the edge itself ([`edge_crossing`]); the entry says whether it is
/// that crossing.
fn capsule_entry(p: P, d: P, e0: P, e1: P, r: f64, speck: bool) -> Option<EdgeEntry> {
    let mut best: Option<EdgeEntry> = None;
    let mut take = |t: f64, t32: f32, crossed: bool| {
        if best.is_none_or(|b| t < b.0) {
            best = Some((t, t32, crossed));
        }
    };
    for c in [e0, e1] {
        match disk_entry(p, d, c, r, false) {
            Some(t) if t < 0.0 => return Some((-1.0, 0.0, false)),
            Some(t) => take(t, disk_time_f32(t), false),
            None => {}
        }
        if e1 == e0 {
            break;
        }
    }
    if e0 != e1 {
        // The strip beside the edge: 0 < e·f < |e|² and |e × f| < r·|e|, both slabs.
        let (e, f) = (sub(e1, e0), sub(p, e0));
        let l2 = dot(e, e);
        let l = l2.sqrt();
        let rl = r * l;
        let exact = l * l == l2 && two_product(r, l).1 == 0.0;
        let (a0, c0) = (dot(e, f), cross(e, f));
        let slabs = [
            Slab {
                lo: -a0,
                hi: l2 - a0,
                v: dot(e, d),
            },
            Slab {
                lo: -rl - c0,
                hi: rl - c0,
                v: cross(e, d),
            },
        ];
        let strip = slabs[1].lo < slabs[1].hi;
        if strip {
            match sweep_slabs(&slabs) {
                Some(Entry::Inside) => return Some((-1.0, 0.0, false)),
                Some(Entry::At(t, _)) if exact => take(t.q, t.floor_f32(), false),
                Some(Entry::At(t, _)) => take(t.q, disk_time_f32(t.q), false),
                None => {}
            }
        }
        // `r·|e|` below the rounding of `e × f` (a radius of 1e-20, or 1e-15 far from the
        // origin) leaves no side strip, and a speck's strip may round away where the point
        // crosses the edge right beside an end (its place along the edge, `e · f`, rounded past
        // the end, its path too far from the end for the disk): a point moving through the
        // edge would pass it by. Being on the edge is a distance of 0 < r: the crossing is a
        // hit, at most an f64 rounding after the real entry.
        if !strip || speck {
            if let Some(t) = edge_crossing(p, d, e0, e1, c0) {
                take(t, disk_time_f32(t), true);
            }
        }
    }
    best
}

/// Whether the side strip of [`capsule_entry`] rounds to nothing: `r·|e|` lost against the
/// rounding of `c0 = e × (p - e0)` (`false` for NaN).
fn strip_lost(e: P, c0: f64, r: f64) -> bool {
    let rl = r * dot(e, e).sqrt();
    rl - c0 <= -rl - c0
}

/// Whether the radius `r` is lost beside the rounding of the coordinates (a speck of dust:
/// below 2^-40 of the largest of the motion `d` and the corners of the cores' boxes `a_box`
/// and `b_box`): the side strips of [`capsule_entry`] may then round away where a point
/// crosses an edge beside its end.
fn speck((alo, ahi): (P, P), d: P, (blo, bhi): (P, P), r: f64) -> bool {
    let m = [alo, ahi, blo, bhi, d]
        .iter()
        .fold(0.0f64, |m, p| m.max(p.0.abs()).max(p.1.abs()));
    r < m * (1.0 / (1u64 << 40) as f64)
}

/// When the point `p + t·d` (for `t` in `[0, 1]`) is first on the closed segment `e0..e1`, which
/// it meets only by crossing its line: `c0 = e × (p - e0)` is not 0 (cold: only for a radius
/// too small for the side strip of [`capsule_entry`], or a [`speck`]). Decided by
/// orientations, exact on the grid domain.
#[cold]
#[inline(never)]
fn edge_crossing(p: P, d: P, e0: P, e1: P, c0: f64) -> Option<f64> {
    let v = cross(sub(e1, e0), d);
    let end = (p.0 + d.0, p.1 + d.1);
    if c0 == 0.0 || v == 0.0 || !segments_meet(p, end, e0, e1) {
        return None;
    }
    Some((-c0 / v).clamp(0.0, 1.0))
}

/// The point of the closed segment `e0..e1` nearest to `q`.
fn nearest_on(e0: P, e1: P, q: P) -> P {
    let e = sub(e1, e0);
    let l2 = dot(e, e);
    let s = if l2 > 0.0 {
        (dot(sub(q, e0), e) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (e0.0 + s * e.0, e0.1 + s * e.1)
}

/// Whether the closed segments `a..b` and `c..d` share a point (f64 orientations, exact on the
/// grid domain).
fn segments_meet(a: P, b: P, c: P, d: P) -> bool {
    let apart =
        |i: fn(P) -> f64| i(a).max(i(b)) < i(c).min(i(d)) || i(c).max(i(d)) < i(a).min(i(b));
    !apart(|p| p.0) && !apart(|p| p.1) && straddles(a, b, &[c, d]) && straddles(c, d, &[a, b])
}

/// Whether a point is in or on the convex polygon `c` (3 or more points, counter-clockwise).
fn in_polygon(p: P, c: &[P]) -> bool {
    c.len() >= 3 && edges(c).all(|(u, v)| cross(sub(v, u), sub(p, u)) >= 0.0)
}

/// Whether two cores (closed) share a point.
fn cores_meet(a: &[P], b: &[P]) -> bool {
    a.iter().any(|&p| in_polygon(p, b))
        || b.iter().any(|&p| in_polygon(p, a))
        || edges(a).any(|(p, q)| edges(b).any(|(u, v)| segments_meet(p, q, u, v)))
}

/// The nearest points of two cores that do not meet: `(on a, on b)`.
fn nearest_pair(a: &[P], b: &[P]) -> (P, P) {
    let mut best = (f64::INFINITY, a[0], b[0]);
    let mut take = |pa: P, pb: P| {
        let g = sub(pa, pb);
        let d2 = dot(g, g);
        if d2 < best.0 {
            best = (d2, pa, pb);
        }
    };
    for &p in a {
        for (u, v) in edges_or_point(b) {
            take(p, nearest_on(u, v, p));
        }
    }
    for &q in b {
        for (u, v) in edges_or_point(a) {
            take(nearest_on(u, v, q), q);
        }
    }
    (best.1, best.2)
}

/// The direction of least penetration of two overlapping cores, from `b` toward `a`: over both
/// signs of every edge normal, the one along which `a` moves out of `b` the least.
fn least_penetration(a: &[P], b: &[P]) -> P {
    let mut best = (f64::INFINITY, (0.0, 1.0));
    for (u, v) in edges(a).chain(edges(b)) {
        let n = unit((v.1 - u.1, u.0 - v.0));
        for n in [n, (-n.0, -n.1)] {
            let hb = b
                .iter()
                .map(|&p| dot(n, p))
                .fold(f64::NEG_INFINITY, f64::max);
            let la = a.iter().map(|&p| dot(n, p)).fold(f64::INFINITY, f64::min);
            if n != ZERO && hb - la < best.0 {
                best = (hb - la, n);
            }
        }
    }
    best.1
}

/// The minimum translation's normal of two overlapping cores (from `b` toward `a`): along the
/// nearest points when the cores do not meet, the least penetration when they do.
fn inside_normal(a: &[P], b: &[P]) -> P {
    if !cores_meet(a, b) {
        let (pa, pb) = nearest_pair(a, b);
        if let Some(n) = direction(pa.0 - pb.0, pa.1 - pb.1) {
            return n;
        }
    }
    least_penetration(a, b)
}

/// The core `a` (a point, a segment or a convex polygon counter-clockwise, 1 to 8 points)
/// moving by `d` against the core `b`, overlapping strictly while their distance is below `r`:
/// the first moment they do. `None` for no hit in `[0, 1)`, `r <= 0`, or a NaN or an infinity
/// anywhere. `speck`: the radius is lost to the rounding of the coordinates ([`speck`]).
fn sweep_round(a: &[P], d: P, b: &[P], r: f64, speck: bool) -> Option<Toi> {
    let ok = |c: &[P]| (1..=POLY_MAX).contains(&c.len()) && c.iter().all(|&p| finite(p));
    if !(r > 0.0 && r < f64::INFINITY && finite(d) && ok(a) && ok(b)) {
        return None;
    }
    let inside = |a: &[P], b: &[P]| {
        Some(Toi {
            t: 0.0,
            t32: 0.0,
            normal: inside_normal(a, b),
            inside: true,
            axis: usize::MAX,
            crossed: false,
        })
    };
    if cores_meet(a, b) {
        return inside(a, b);
    }
    // The earliest entry: (the entry, moving point, motion, edge, sign of the normal).
    let mut best: Option<(EdgeEntry, P, P, P, P, f64)> = None;
    let mut start = false;
    let mut piece =
        |p: P, m: P, (u, v): (P, P), sign: f64| match capsule_entry(p, m, u, v, r, speck) {
            Some((t, ..)) if t < 0.0 => start = true,
            Some(k) if best.is_none_or(|b| k.0 < b.0 .0) => best = Some((k, p, m, u, v, sign)),
            _ => {}
        };
    let neg = (-d.0, -d.1);
    let (a_edges, b_edges) = (a.len() > 1, b.len() > 1);
    if b_edges || !a_edges {
        for &p in a {
            for e in edges_or_point(b) {
                piece(p, d, e, 1.0);
            }
        }
    }
    if a_edges {
        for &q in b {
            for e in edges(a) {
                piece(q, neg, e, -1.0);
            }
        }
    }
    if start {
        return inside(a, b);
    }
    let ((t, t32, crossed), p, m, u, v, sign) = best?;
    let q = (p.0 + t * m.0, p.1 + t * m.1);
    let c = nearest_on(u, v, q);
    // Where the point crossed the edge, or the radius is below the rounding of the side's
    // offset, `q - c` is rounding: the edge's normal on the side `p` came from.
    let (e, c0) = (sub(v, u), cross(sub(v, u), sub(p, u)));
    let away = if e != ZERO && (crossed || strip_lost(e, c0, r)) {
        direction(-e.1 * c0.signum(), e.0 * c0.signum())
    } else {
        direction(q.0 - c.0, q.1 - c.1)
    };
    let n = away
        .map(|n| (n.0 * sign, n.1 * sign))
        .unwrap_or_else(|| unit(neg));
    Some(Toi {
        t: (t * (1.0 - 1e-14)).clamp(0.0, 1.0),
        t32,
        normal: n,
        inside: false,
        axis: usize::MAX,
        crossed,
    })
}

// ---------------------------------------------------------------------------------------------
// The f32 shapes.

/// A shape as the sweeps see it: its core (a point, a segment or a convex polygon) and radius.
/// Built in place ([`Body::set`]): a copy of its arrays costs as much as a miss.
#[derive(Clone, Copy)]
struct Body {
    c: Convex,
    r: f64,
    /// A rect or polygon: no radius, and area.
    solid: bool,
}

/// A shape the sweeps take, and the shape a mover is at each time tried.
trait Core {
    /// Sets `b` to this shape; false when it has none (a NaN or an infinity, a `count` outside
    /// `3..=8`, a negative radius).
    fn set(&self, b: &mut Body) -> bool;
}

impl Core for Rect {
    #[inline(always)]
    fn set(&self, b: &mut Body) -> bool {
        // A rect's corners are finite exactly when `aabb` is set: no second look at them.
        (b.r, b.solid) = (0.0, true);
        b.c.set_rect(*self) & b.c.aabb
    }
}

impl Core for Poly {
    #[inline(always)]
    fn set(&self, b: &mut Body) -> bool {
        b.c.set_poly(self) && b.finish(0.0, true)
    }
}

impl Core for Circle {
    fn set(&self, b: &mut Body) -> bool {
        b.c.set_points(&[self.center().wide()]) && b.finish(self.r, false)
    }
}

impl Core for Capsule {
    fn set(&self, b: &mut Body) -> bool {
        b.c.set_points(&[self.a.wide(), self.b.wide()]) && b.finish(self.r, false)
    }
}

impl<T: Core> Core for &T {
    #[inline(always)]
    fn set(&self, b: &mut Body) -> bool {
        (*self).set(b)
    }
}

impl Body {
    /// No shape: a body to set in place.
    fn empty() -> Body {
        Body {
            c: Convex::EMPTY,
            r: 0.0,
            solid: false,
        }
    }

    #[inline(always)]
    fn pts(&self) -> &[P] {
        self.c.verts()
    }

    /// The radius and kind of a body whose core is set: false for a core not finite or a
    /// radius negative, NaN or infinite.
    #[inline(always)]
    fn finish(&mut self, r: f32, solid: bool) -> bool {
        (self.r, self.solid) = (r as f64, solid);
        let finite = self.pts().iter().fold(true, |ok, &p| ok & finite(p));
        (0.0..f64::INFINITY).contains(&self.r) & finite
    }

    /// Both polygon-like: the separating-axis sweep applies.
    #[inline(always)]
    fn sat<'a>(&'a self, o: &'a Body) -> Option<(&'a Convex, &'a Convex)> {
        (self.solid & o.solid).then_some((&self.c, &o.c))
    }
}

/// Whether the motion's swept box of `a` (grown by both radii) stays away from `b`'s box by
/// more than f64 rounding and the f32 rounding of the end can explain: the common miss. The
/// boxes are the cores' [`bounds`].
#[inline(always)]
fn far_apart((alo, ahi): (P, P), d: P, (blo, bhi): (P, P), r: f64) -> bool {
    // One axis: the mover's `alo..ahi` swept by `v`, the target's `blo..bhi`.
    let apart = |alo: f64, ahi: f64, blo: f64, bhi: f64, v: f64| {
        let m = alo.abs().max(ahi.abs()) + blo.abs().max(bhi.abs()) + v.abs() + r;
        let tol = m * (1.0 / (1u64 << 20) as f64);
        let (lo, hi) = (alo + v.min0(), ahi + v.max0());
        (hi + r + tol < blo) | (bhi + r + tol < lo)
    };
    apart(alo.0, ahi.0, blo.0, bhi.0, d.0) | apart(alo.1, ahi.1, blo.1, bhi.1, d.1)
}

/// The hit of the mover `shape` (its body `a`) moving by `delta` against the target's body
/// `b`, given the exact strict predicate against the target (`overlaps`). One body for every
/// pair: the movers differ in their kind, the targets in their body and their predicate.
#[inline(never)]
fn drive(
    shape: Mover,
    a: &Body,
    delta: Vec2,
    b: &Body,
    overlaps: &dyn Fn(&Mover) -> bool,
) -> Option<Hit> {
    if unusable(delta) {
        return None;
    }
    let moved = |t: f32| shape.at(delta, t);
    let d = delta.wide();
    let (a_box, b_box) = (bounds(a.pts()), bounds(b.pts()));
    if far_apart(a_box, d, b_box, a.r + b.r) {
        return None;
    }
    // Whether the mover at `m` is clear of the target, as the predicate says, its body left in
    // `bm`. For polygon-like pairs: normally shown by the contact `axis` alone (the predicate
    // tests it too, in the same arithmetic), else by the separating-axis test of the two
    // bodies, which are the shapes the predicate builds, so that neither is built again at every
    // step.
    let clear_in = |m: &Mover, bm: &mut Body, axis: usize| {
        let set = m.set(bm);
        let clear = if set && bm.solid & b.solid {
            axis_clear(&bm.c, &b.c, axis) || !bm.c.overlaps(&b.c)
        } else {
            !overlaps(m)
        };
        (clear, set)
    };
    let toi = match a.sat(b) {
        Some((ca, cb)) => match convex_entry(ca, d, cb, b_box) {
            Ok(k) => Some(k),
            Err(true) => return None, // the end is clear by a margin
            Err(false) => None,
        },
        None => {
            let speck = speck(a_box, d, b_box, a.r + b.r);
            sweep_round(a.pts(), d, b.pts(), a.r + b.r, speck)
        }
    };
    // The mover's body at the hit, for the contact: normally the first time tried, clear.
    let mut bm = Body::empty();
    let crossed = toi.is_some_and(|k| k.crossed);
    let (t, n0, set) = match toi {
        Some(k) if !k.inside => match clear_in(&moved(k.t32), &mut bm, k.axis) {
            (true, set) => (k.t32, k.normal, set),
            _ => {
                let t = settle_moved(k.t32, moved, |m| clear_in(m, &mut bm, k.axis).0);
                (t, k.normal, moved(t).set(&mut bm))
            }
        },
        Some(k) => return start_hit(a, b, k.normal, moved(0.0).pos()),
        None => {
            let mut clear = |m: &Mover| clear_in(m, &mut bm, usize::MAX).0;
            // The f32 end may round into the target where real arithmetic stays clear.
            if clear(&moved(1.0)) {
                return None;
            }
            if !clear(&moved(0.0)) {
                let n = inside_normal(a.pts(), b.pts());
                return start_hit(a, b, n, moved(0.0).pos());
            }
            let t = settle_moved(1.0, moved, clear);
            (t, unit((-d.0, -d.1)), moved(t).set(&mut bm))
        }
    };
    if !set {
        return None; // the mover's f32 position at `t` has no shape
    }
    let (normal, point) = contact(&bm, b, n0, crossed);
    Some(Hit {
        t,
        normal: Vec2::from_f64(normal.0, normal.1),
        point: Vec2::from_f64(point.0, point.1),
        pos: moved(t).pos(),
    })
}

/// The hit at `t = 0` of shapes already overlapping, with the minimum translation's normal `n`,
/// the mover at `pos`.
fn start_hit(a: &Body, b: &Body, n: P, pos: Vec2) -> Option<Hit> {
    let point = if a.sat(b).is_some() || cores_meet(a.pts(), b.pts()) {
        touching_point(a.pts(), b.pts(), n)
    } else {
        let (_, pb) = nearest_pair(a.pts(), b.pts());
        (pb.0 + n.0 * b.r, pb.1 + n.1 * b.r)
    };
    Some(Hit {
        t: 0.0,
        normal: Vec2::from_f64(n.0, n.1),
        point: Vec2::from_f64(point.0, point.1),
        pos,
    })
}

/// The normal and contact point of the mover `a` touching (or nearly) the target `b`: the hit
/// face's normal `n` and where the touching features meet for polygon-like pairs; along the
/// nearest points of the cores, on `b`'s surface, for round ones (the normal kept at `n` where
/// a point core `crossed` an edge, see [`Toi`]).
fn contact(a: &Body, b: &Body, n: P, crossed: bool) -> (P, P) {
    if a.sat(b).is_some() || cores_meet(a.pts(), b.pts()) {
        return (n, touching_point(a.pts(), b.pts(), n));
    }
    let (pa, pb) = nearest_pair(a.pts(), b.pts());
    let n = match direction(pa.0 - pb.0, pa.1 - pb.1) {
        Some(away) if !crossed => away,
        _ => n,
    };
    (n, (pb.0 + n.0 * b.r, pb.1 + n.1 * b.r))
}

/// A shape that moves: where it is at each time tried, and the position a hit reports. One type
/// for the four kinds, so that [`drive`] has one body (a match a step costs next to nothing
/// beside the exact predicate the step calls).
#[derive(Clone, Copy, PartialEq)]
enum Mover {
    Rect(Rect),
    Circle(Circle),
    Capsule(Capsule),
    Poly(Poly),
}

impl Mover {
    /// Moved by `t·delta`, each point in f32 (`p + t·delta`).
    fn at(&self, delta: Vec2, t: f32) -> Mover {
        match *self {
            Mover::Rect(r) => {
                let p = at(Vec2::new(r.x, r.y), delta, t);
                Mover::Rect(Rect::new(p.x, p.y, r.w, r.h))
            }
            Mover::Circle(c) => {
                let p = at(c.center(), delta, t);
                Mover::Circle(Circle::new(p.x, p.y, c.r))
            }
            Mover::Capsule(c) => {
                Mover::Capsule(Capsule::new(at(c.a, delta, t), at(c.b, delta, t), c.r))
            }
            Mover::Poly(mut p) => {
                for v in p.verts.iter_mut() {
                    *v = at(*v, delta, t);
                }
                Mover::Poly(p)
            }
        }
    }

    /// The reference position a hit reports: a rect's `x, y`, a circle's centre, a capsule's
    /// end `a`, a polygon's first vertex.
    fn pos(&self) -> Vec2 {
        match self {
            Mover::Rect(r) => Vec2::new(r.x, r.y),
            Mover::Circle(c) => c.center(),
            Mover::Capsule(c) => c.a,
            Mover::Poly(p) => p.verts[0],
        }
    }
}

impl Core for Mover {
    fn set(&self, b: &mut Body) -> bool {
        match self {
            Mover::Rect(r) => r.set(b),
            Mover::Circle(c) => c.set(b),
            Mover::Capsule(c) => c.set(b),
            Mover::Poly(p) => p.set(b),
        }
    }
}

/// A kind of [`Mover`]: wrapped in it, and found in it again (for the kind's own predicate).
trait Kind: Core + Copy {
    fn wrap(self) -> Mover;
    fn of(m: &Mover) -> Option<&Self>;
}

macro_rules! kinds {
    ($($kind:ident),*) => {$(
        impl Kind for $kind {
            #[inline(always)]
            fn wrap(self) -> Mover {
                Mover::$kind(self)
            }
            #[inline(always)]
            fn of(m: &Mover) -> Option<&$kind> {
                match m {
                    Mover::$kind(k) => Some(k),
                    _ => None,
                }
            }
        }
    )*};
}
kinds!(Rect, Circle, Capsule, Poly);

/// A sweep of the mover `a` against the target `b`, whose exact strict predicate is `overlaps`.
#[inline(always)]
fn sweep_with<M: Kind, B: Core>(
    a: M,
    delta: Vec2,
    b: B,
    overlaps: &dyn Fn(&M) -> bool,
) -> Option<Hit> {
    let (mut ba, mut bb) = (Body::empty(), Body::empty());
    if !(a.set(&mut ba) && b.set(&mut bb)) {
        return None;
    }
    // The mover at each time tried is always of `a`'s kind.
    drive(a.wrap(), &ba, delta, &bb, &|m| {
        M::of(m).is_some_and(overlaps)
    })
}

/// Rect `a` moving by `delta` against the static convex polygon `b`: the first moment they
/// overlap strictly (a swept separating-axis test, exact on the grid domain). `None` for no
/// hit, a NaN or an infinity anywhere, or a `count` outside `3..=8`.
///
/// The normal is the hit face's (of either shape), from `b` toward `a`; `point` lies where
/// the touching features meet; `pos` the rect's `x, y` at `t`.
#[inline(never)]
pub fn sweep_rect_poly(a: Rect, delta: Vec2, b: &Poly) -> Option<Hit> {
    sweep_with(a, delta, b, &|m: &Rect| overlap_rect_poly(*m, b))
}

/// Convex polygon `a` moving by `delta` against the static convex polygon `b` (a swept
/// separating-axis test, exact on the grid domain). Normal and point as for
/// [`sweep_rect_poly`]; `pos` is `a`'s first vertex at `t`.
#[inline(never)]
pub fn sweep_poly_poly(a: &Poly, delta: Vec2, b: &Poly) -> Option<Hit> {
    sweep_with(*a, delta, b, &|m: &Poly| overlap_poly_poly(m, b))
}

/// Convex polygon `a` moving by `delta` against the static rect `b` (a swept
/// separating-axis test, exact on the grid domain). Normal and point as for
/// [`sweep_rect_poly`]; `pos` is `a`'s first vertex at `t`.
#[inline(never)]
pub fn sweep_poly_rect(a: &Poly, delta: Vec2, b: Rect) -> Option<Hit> {
    sweep_with(*a, delta, b, &|m: &Poly| overlap_rect_poly(b, m))
}

/// Rect `a` moving by `delta` against the static capsule `b`. The normal points from `b`'s
/// core toward the rect's nearest point at `t`; `point` is on `b`'s surface along it; `pos`
/// the rect's `x, y` at `t`.
#[inline(never)]
pub fn sweep_rect_capsule(a: Rect, delta: Vec2, b: &Capsule) -> Option<Hit> {
    sweep_with(a, delta, b, &|m: &Rect| overlap_rect_capsule(*m, b))
}

/// Circle `a` moving by `delta` against the static convex polygon `b`. The normal points
/// from the polygon's nearest point toward the centre at `t`; `point` is that nearest point;
/// `pos` the centre at `t`.
#[inline(never)]
pub fn sweep_circle_poly(a: Circle, delta: Vec2, b: &Poly) -> Option<Hit> {
    sweep_with(a, delta, b, &|m: &Circle| overlap_poly_circle(b, *m))
}

/// Circle `a` moving by `delta` against the static capsule `b`. The normal points from `b`'s
/// core toward the centre at `t`; `point` is on `b`'s surface along it; `pos` the centre.
#[inline(never)]
pub fn sweep_circle_capsule(a: Circle, delta: Vec2, b: &Capsule) -> Option<Hit> {
    sweep_with(a, delta, b, &|m: &Circle| overlap_capsule_circle(b, *m))
}

/// Capsule `a` moving by `delta` against the static convex polygon `b`. The normal points
/// from the polygon's nearest point toward `a`'s core at `t`; `point` is that nearest point;
/// `pos` is `a`'s end `a` at `t`.
#[inline(never)]
pub fn sweep_capsule_poly(a: &Capsule, delta: Vec2, b: &Poly) -> Option<Hit> {
    sweep_with(*a, delta, b, &|m: &Capsule| overlap_poly_capsule(b, m))
}

/// Capsule `a` moving by `delta` against the static capsule `b`. The normal points from
/// `b`'s core toward `a`'s at `t`; `point` is on `b`'s surface along it; `pos` is `a`'s end
/// `a` at `t`.
#[inline(never)]
pub fn sweep_capsule_capsule(a: &Capsule, delta: Vec2, b: &Capsule) -> Option<Hit> {
    sweep_with(*a, delta, b, &|m: &Capsule| overlap_capsule_capsule(m, b))
}

/// Convex polygon `a` moving by `delta` against the static capsule `b`. The normal points
/// from `b`'s core toward the polygon's nearest point at `t`; `point` is on `b`'s surface
/// along it; `pos` is `a`'s first vertex at `t`.
#[inline(never)]
pub fn sweep_poly_capsule(a: &Poly, delta: Vec2, b: &Capsule) -> Option<Hit> {
    sweep_with(*a, delta, b, &|m: &Poly| overlap_poly_capsule(m, b))
}

/// Convex polygon `a` moving by `delta` against the static circle `b`. The normal points
/// from `b`'s centre toward the polygon's nearest point at `t`; `point` is on `b`'s surface
/// along it; `pos` is `a`'s first vertex at `t`.
#[inline(never)]
pub fn sweep_poly_circle(a: &Poly, delta: Vec2, b: Circle) -> Option<Hit> {
    sweep_with(*a, delta, b, &|m: &Poly| overlap_poly_circle(m, b))
}

/// Capsule `a` moving by `delta` against the static rect `b`. The normal points from the
/// rect's nearest point toward `a`'s core at `t`; `point` is that nearest point; `pos` is
/// `a`'s end `a` at `t`.
#[inline(never)]
pub fn sweep_capsule_rect(a: &Capsule, delta: Vec2, b: Rect) -> Option<Hit> {
    sweep_with(*a, delta, b, &|m: &Capsule| overlap_rect_capsule(b, m))
}

/// Capsule `a` moving by `delta` against the static circle `b`. The normal points from `b`'s
/// centre toward `a`'s core at `t`; `point` is on `b`'s surface along it; `pos` is `a`'s end
/// `a` at `t`.
#[inline(never)]
pub fn sweep_capsule_circle(a: &Capsule, delta: Vec2, b: Circle) -> Option<Hit> {
    sweep_with(*a, delta, b, &|m: &Capsule| overlap_capsule_circle(m, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_falling_onto_a_segment_of_radius_one_stops_one_above_it() {
        let k = sweep_round(
            &[(0.5, 5.0)],
            (0.0, -10.0),
            &[(0.0, 0.0), (1.0, 0.0)],
            1.0,
            false,
        );
        let k = k.unwrap();
        assert!(k.t <= 0.4 && k.t > 0.4 - 1e-12, "{k:?}");
        assert_eq!(k.normal, (0.0, 1.0));
    }
}
