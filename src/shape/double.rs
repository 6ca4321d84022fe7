//! Double-precision values (`c2d_vec2d`, `c2d_rectd`, ...) and the exact edges of a rect.
//!
//! The world keeps coordinates as given. A rect's edges `x + w` are not f64 values in general,
//! so each edge is held as an unevaluated sum `hi + lo` (Knuth's two-sum, exact) and edges are
//! compared lexicographically, which orders the exact sums. The predicates on these values are
//! in `query/double.rs`, the band that decides touching in `query/band.rs`.

use super::{Aabb, Hit, Rect, Vec2};
use crate::exact::{two_sum, Expansion};

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
/// negative size spans the other way, as in `c2d_rect`.
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

/// A hit in double precision (`c2d_hitd`): the fields of `c2d_hit`.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_shortcut_agrees_with_the_rounded_bounds() {
        let mut lcg = crate::testing::Lcg(11);
        let mut rnd = || lcg.unit();
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
