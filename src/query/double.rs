//! The exact predicates on double-precision values (see `shape/double.rs`): a rect's exact
//! edges against another rect, a point, a segment and a circle.
//!
//! Products (circles, segments) are decided by a fast f64 estimate with an error bound, and by
//! exact expansions (see `exact.rs`) when the estimate is too close to call.

use super::band::Band;
use crate::exact::{two_sum, Expansion};
use crate::shape::{CircleD, Edge, Edges, Vec2D};

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

    /// For a circle that overlaps the box: whether it also overlaps by more than the band
    /// where it meets a face (its centre within the box's span across that axis), measured
    /// across that face. A circle meeting only a corner is decided by [`Edges::overlap_circle`]
    /// alone.
    pub(crate) fn circle_past_faces(&self, c: CircleD, band: &Band) -> bool {
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
