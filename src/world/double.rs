//! Double-precision values (`c2d_vec2d`, `c2d_rectd`, ...) and the world's exact predicates on
//! them.
//!
//! The world keeps coordinates as given. A rect's edges `x + w` are not f64 values in general,
//! so each edge is held as an unevaluated sum `hi + lo` (Knuth's two-sum, exact) and edges are
//! compared lexicographically, which orders the exact sums. Products (circles, segments, the
//! times of a sweep) are decided by a fast f64 estimate with an error bound, and by exact
//! expansions (see `exact.rs`) when the estimate is too close to call.

use crate::exact::{two_sum, Expansion};
use crate::shape::{Aabb, Hit, Rect, Vec2};

/// A point or vector in double precision (`c2d_vec2d`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec2D {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate.
    pub y: f64,
}

/// An axis-aligned box in double precision, spanning `x..x+w` and `y..y+h` (`c2d_rectd`); a
/// negative size spans the other way, as in [`Rect`].
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RectD {
    /// Corner x.
    pub x: f64,
    /// Corner y.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

/// A circle in double precision (`c2d_circled`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CircleD {
    /// Centre x.
    pub x: f64,
    /// Centre y.
    pub y: f64,
    /// Radius; `<= 0` finds nothing in a strict query.
    pub r: f64,
}

/// A closed segment in double precision (`c2d_segmentd`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SegmentD {
    /// Start.
    pub a: Vec2D,
    /// End.
    pub b: Vec2D,
}

/// A hit in double precision (`c2d_hitd`): the fields of [`Hit`].
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HitD {
    /// Fraction of the motion (or segment) at first contact.
    pub t: f64,
    /// Unit outward normal of the face hit (from the item toward the mover); zero when none.
    pub normal: Vec2D,
    /// A contact point.
    pub point: Vec2D,
    /// The mover's position (rect `x, y`) at the contact.
    pub pos: Vec2D,
}

/// One item met by a world query, move or projection, in double precision (`c2d_world_hitd`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WorldHitD {
    /// The item met.
    pub id: u64,
    /// Where and when.
    pub hit: HitD,
    /// The filter's answer for it (`c2d_response`); `C2D_SLIDE` where no filter was asked.
    pub response: u32,
    /// Whether the mover already strictly overlapped it where the motion began (then
    /// `hit.t` is minus the overlap's area, so that sorting by `t` puts the deepest first).
    pub overlaps: bool,
}

impl Vec2D {
    /// A value from its fields.
    pub const fn new(x: f64, y: f64) -> Self {
        Vec2D { x, y }
    }

    /// The f32 vector nearest to it.
    pub fn to_f32(self) -> Vec2 {
        Vec2::new(self.x as f32, self.y as f32)
    }

    pub(crate) fn finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

impl From<Vec2> for Vec2D {
    fn from(v: Vec2) -> Self {
        Vec2D::new(v.x as f64, v.y as f64)
    }
}

impl RectD {
    /// A value from its fields.
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Self {
        RectD { x, y, w, h }
    }

    /// The f32 rect nearest to it, field by field.
    pub fn to_f32(self) -> Rect {
        Rect::new(self.x as f32, self.y as f32, self.w as f32, self.h as f32)
    }

    /// The largest magnitude among its position and size (NaN fields ignored).
    pub(crate) fn magnitude(&self) -> f64 {
        self.x
            .abs()
            .max(self.y.abs())
            .max(self.w.abs())
            .max(self.h.abs())
    }

    pub(crate) fn finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite() && self.w.is_finite() && self.h.is_finite()
    }

    /// The same rect at corner `p`.
    pub(crate) fn at(self, p: Vec2D) -> RectD {
        RectD {
            x: p.x,
            y: p.y,
            ..self
        }
    }

    /// Its exact edges.
    pub(crate) fn edges(self) -> Edges {
        let axis = |o: f64, s: f64| {
            let far = Edge::sum(o, s);
            let near = Edge::exact(o);
            if s < 0.0 {
                (far, near)
            } else {
                (near, far)
            }
        };
        let ((x0, x1), (y0, y1)) = (axis(self.x, self.w), axis(self.y, self.h));
        Edges {
            lo: [x0, y0],
            hi: [x1, y1],
        }
    }

    /// A box enclosing the exact rect (f64 bounds, stepped outwards where an edge is not an
    /// f64), and whether it is exactly the rect.
    #[inline(always)]
    pub(crate) fn bounds(self) -> (Aabb, bool) {
        let (x1, y1) = (self.x + self.w, self.y + self.h);
        // The common case (an f32 rect, say): sizes not negative and both sums exact, so the
        // rect's edges are f64 values. The sums are exact when two-sum's error terms are zero:
        // `x1 - x` gives back `w` and `x1 - w` gives back `x` (and likewise on y).
        let exact = (self.w >= 0.0)
            & (self.h >= 0.0)
            & (x1 - self.x == self.w)
            & (x1 - self.w == self.x)
            & (y1 - self.y == self.h)
            & (y1 - self.h == self.y)
            & (x1.abs() < f64::INFINITY)
            & (y1.abs() < f64::INFINITY);
        if exact {
            let b = Aabb {
                min_x: self.x,
                min_y: self.y,
                max_x: x1,
                max_y: y1,
            };
            return (b, true);
        }
        self.bounds_rounded()
    }

    /// [`RectD::bounds`] in general.
    #[inline(never)]
    fn bounds_rounded(self) -> (Aabb, bool) {
        let e = self.edges();
        let exact = e.lo.iter().chain(&e.hi).all(|v| v.lo == 0.0);
        (
            Aabb {
                min_x: e.lo[0].floor(),
                min_y: e.lo[1].floor(),
                max_x: e.hi[0].ceil(),
                max_y: e.hi[1].ceil(),
            },
            exact,
        )
    }
}

impl From<Rect> for RectD {
    fn from(r: Rect) -> Self {
        RectD::new(r.x as f64, r.y as f64, r.w as f64, r.h as f64)
    }
}

impl WorldHitD {
    /// The f32 world hit nearest to it; an item overlapped at the start is hit at `t = 0`, as
    /// `c2d_hit` promises a `t` in `[0, 1]`.
    pub fn to_f32(&self) -> super::WorldHit {
        let mut hit = self.hit.to_f32();
        if self.overlaps {
            hit.t = 0.0;
        }
        super::WorldHit { id: self.id, hit }
    }
}

impl HitD {
    /// The f32 hit nearest to it.
    pub fn to_f32(self) -> Hit {
        Hit {
            t: self.t as f32,
            normal: self.normal.to_f32(),
            point: self.point.to_f32(),
            pos: self.pos.to_f32(),
        }
    }
}

/// The least f64 above `v` (finite or -inf).
pub(crate) fn next_up(v: f64) -> f64 {
    if v.is_nan() || v == f64::INFINITY {
        return v;
    }
    if v == 0.0 {
        return f64::from_bits(1);
    }
    let b = v.to_bits();
    f64::from_bits(if v > 0.0 { b + 1 } else { b - 1 })
}

/// The greatest f64 below `v`.
pub(crate) fn next_down(v: f64) -> f64 {
    -next_up(-v)
}

/// An exact coordinate `hi + lo` (`|lo|` at most half an ulp of `hi`), or an infinite `hi`
/// with `lo = 0` for a sum beyond the f64 range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Edge {
    pub hi: f64,
    pub lo: f64,
}

impl Edge {
    pub fn exact(v: f64) -> Edge {
        Edge { hi: v, lo: 0.0 }
    }

    pub fn sum(a: f64, b: f64) -> Edge {
        let (hi, lo) = two_sum(a, b);
        if hi.is_finite() {
            Edge { hi, lo }
        } else {
            Edge { hi, lo: 0.0 }
        }
    }

    /// `self < o` exactly: normalised pairs order lexicographically.
    #[inline]
    pub fn lt(self, o: Edge) -> bool {
        self.hi < o.hi || (self.hi == o.hi && self.lo < o.lo)
    }

    #[inline]
    pub fn le(self, o: Edge) -> bool {
        self.hi < o.hi || (self.hi == o.hi && self.lo <= o.lo)
    }

    /// The greatest f64 at or below it.
    pub fn floor(self) -> f64 {
        if self.lo < 0.0 {
            next_down(self.hi)
        } else {
            self.hi
        }
    }

    /// The least f64 at or above it.
    pub fn ceil(self) -> f64 {
        if self.lo > 0.0 {
            next_up(self.hi)
        } else {
            self.hi
        }
    }

    /// Its exact value.
    pub fn expansion(self) -> Expansion {
        Expansion::of(self.lo).add(self.hi)
    }

    /// `self - o` exactly.
    pub fn minus(self, o: Edge) -> Expansion {
        self.expansion().add(-o.lo).add(-o.hi)
    }
}

/// A rect's exact edges: `lo[axis]` and `hi[axis]`, axis 0 = x, 1 = y.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edges {
    pub lo: [Edge; 2],
    pub hi: [Edge; 2],
}

impl Edges {
    /// Closed overlap (`touch_rect_rect`'s formula, exactly).
    pub fn touch(&self, o: &Edges) -> bool {
        (0..2).all(|k| self.lo[k].le(o.hi[k]) && o.lo[k].le(self.hi[k]))
    }

    /// Whether `p` is strictly inside.
    pub fn contains(&self, p: Vec2D) -> bool {
        let (x, y) = (Edge::exact(p.x), Edge::exact(p.y));
        self.lo[0].lt(x) && x.lt(self.hi[0]) && self.lo[1].lt(y) && y.lt(self.hi[1])
    }

    /// Whether the closed segment `a..b` meets the closed box, exactly.
    pub fn meets_segment(&self, a: Vec2D, b: Vec2D) -> bool {
        // The segment's box must touch this one...
        let lo = Edges {
            lo: [Edge::exact(a.x.min(b.x)), Edge::exact(a.y.min(b.y))],
            hi: [Edge::exact(a.x.max(b.x)), Edge::exact(a.y.max(b.y))],
        };
        if !self.touch(&lo) {
            return false;
        }
        // ...and the line must not leave all four corners strictly on one side.
        let mut sides = 0;
        for (cx, cy) in [
            (self.lo[0], self.lo[1]),
            (self.hi[0], self.lo[1]),
            (self.lo[0], self.hi[1]),
            (self.hi[0], self.hi[1]),
        ] {
            match orient(a, b, cx, cy) {
                0 => return true,
                s => sides |= if s > 0 { 1 } else { 2 },
            }
        }
        sides == 3
    }

    /// Whether the circle overlaps the box strictly: the squared distance from the centre to the
    /// box is below `r²`.
    pub fn overlap_circle(&self, c: CircleD) -> bool {
        if c.r.is_nan() || c.r <= 0.0 || !(c.x.is_finite() && c.y.is_finite()) {
            return false;
        }
        let p = [Edge::exact(c.x), Edge::exact(c.y)];
        // Per axis: the signed distance from the centre to the box (0 inside its span).
        let d = |k: usize| -> Option<Expansion> {
            if p[k].lt(self.lo[k]) {
                Some(self.lo[k].minus(p[k]))
            } else if self.hi[k].lt(p[k]) {
                Some(p[k].minus(self.hi[k]))
            } else {
                None
            }
        };
        let (dx, dy) = (d(0), d(1));
        let (ax, ay) = (
            dx.map_or(0.0, |e| e.approx()),
            dy.map_or(0.0, |e| e.approx()),
        );
        let (s, rr) = (ax * ax + ay * ay, c.r * c.r);
        // The estimate's error is far below this bound while nothing overflows or underflows.
        let m = c.x.abs().max(c.y.abs()).max(c.r) + ax.abs() + ay.abs();
        let err = 1e-13 * m * m;
        if s.is_finite() && rr.is_finite() && rr > 1e-250 && (s - rr).abs() > err {
            return s < rr;
        }
        let sq = |e: Option<Expansion>| e.map_or(Expansion::of(0.0), |e| e.mul(&e));
        let dist = sq(dx).sum(&sq(dy));
        dist.sum(&Expansion::of(c.r).scale(-c.r)).signum() < 0
    }
}

impl Edges {
    /// For a circle that overlaps the box: whether it also overlaps by more than the band
    /// where it meets a face (its centre within the box's span across that axis), measured
    /// across that face. A circle meeting only a corner is decided by [`Edges::overlap_circle`]
    /// alone.
    pub(crate) fn circle_past_faces(&self, c: CircleD, band: &super::Band) -> bool {
        let p = [Edge::exact(c.x), Edge::exact(c.y)];
        for k in 0..2 {
            let o = 1 - k;
            if self.lo[o].le(p[o]) && p[o].le(self.hi[o]) {
                let (lo, hi) = (Edge::sum(p[k].hi, -c.r), Edge::sum(p[k].hi, c.r));
                if !(band.below(k, self.lo[k], hi) && band.below(k, lo, self.hi[k])) {
                    return false;
                }
            }
        }
        true
    }
}

/// The side of the line `a -> b` that the point `(cx, cy)` lies on: 1 left, -1 right, 0 on it
/// (the sign of the cross product, exactly).
pub(crate) fn orient(a: Vec2D, b: Vec2D, cx: Edge, cy: Edge) -> i32 {
    // A line along an axis: the sign of one difference, by comparing exact coordinates.
    let sign = |v: f64, w: f64| (v > w) as i32 - (v < w) as i32;
    let side = |c: Edge, v: f64| {
        let e = Edge::exact(v);
        e.lt(c) as i32 - c.lt(e) as i32
    };
    if a.y == b.y {
        return sign(b.x, a.x) * side(cy, a.y);
    }
    if a.x == b.x {
        return -sign(b.y, a.y) * side(cx, a.x);
    }
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (px, py) = (cx.hi - a.x, cy.hi - a.y);
    let (left, right) = (dx * py, dy * px);
    let det = left - right;
    // Shewchuk's bound for orient2d's rounded differences and products (3ε + 16ε², ε = 2^-53),
    // plus the low parts of the point's coordinates left out; exact below it (and where a
    // product may have underflowed).
    let bound = 3.3306690738754716e-16 * (left.abs() + right.abs())
        + 1.0000001 * (dx.abs() * cy.lo.abs() + dy.abs() * cx.lo.abs());
    if det.is_finite() && bound.is_finite() && det.abs() > bound && det.abs() > 1e-280 {
        return if det > 0.0 { 1 } else { -1 };
    }
    // Each difference as a few exact parts, and the products of the parts summed in place.
    let parts = |hi: f64, lo: f64, minus: f64| {
        let (s, e) = two_sum(hi, -minus);
        [s, e, lo]
    };
    let (ex, ey) = (parts(b.x, 0.0, a.x), parts(b.y, 0.0, a.y));
    let (qx, qy) = (parts(cx.hi, cx.lo, a.x), parts(cy.hi, cy.lo, a.y));
    let mut det = Expansion::new();
    for i in 0..2 {
        for j in 0..3 {
            det.add_product(ex[i], qy[j]);
            det.add_product(-ey[i], qx[j]);
        }
    }
    det.signum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_shortcut_agrees_with_the_rounded_bounds() {
        let mut seed = 11u64;
        let mut rnd = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let same = |a: (Aabb, bool), b: (Aabb, bool)| {
            let bits = |x: &Aabb| [x.min_x, x.min_y, x.max_x, x.max_y].map(f64::to_bits);
            bits(&a.0) == bits(&b.0) && a.1 == b.1
        };
        let specials = [0.0, -0.0, 1e-300, -1e-300, 1e300, -1e300, 0.1, 3.0, -7.5];
        // Interpreted (Miri), fewer: each case is still every special and random value.
        let cases = if cfg!(miri) { 2000 } else { 20000 };
        for i in 0..cases {
            let mut v = [0.0f64; 4];
            for f in v.iter_mut() {
                let x = (rnd() - 0.5) * 10f64.powi((rnd() * 40.0) as i32 - 20);
                *f = match i % 3 {
                    0 => x as f32 as f64,
                    1 => x,
                    _ => specials[(rnd() * specials.len() as f64) as usize],
                };
            }
            let r = RectD::new(v[0], v[1], v[2], v[3]);
            assert!(same(r.bounds(), r.bounds_rounded()), "{r:?}");
        }
        let r = RectD::new(1e308, 0.0, 1e308, 1.0);
        assert!(same(r.bounds(), r.bounds_rounded()));
    }
}
