//! Wide (f64) working forms of the shapes: where every formula of the library is evaluated. A
//! point or vector there is a [`P`], `(x, y)` in f64, with the few vector operations the
//! queries share.
//!
//! An f32 on the grid domain (multiples of 1/256 up to 16384) widens to f64 exactly, and the sums,
//! differences and products of two such values stay exact in f64's 53 bits.

use super::{Obb, Rect, Rot};
#[cfg(c2d_no_std)]
use crate::platform::Float;

/// A point or a vector in the wide form: `(x, y)` in f64.
pub(crate) type P = (f64, f64);

/// The zero vector.
pub(crate) const ZERO: P = (0.0, 0.0);

/// `a - b`.
#[inline(always)]
pub(crate) fn sub(a: P, b: P) -> P {
    (a.0 - b.0, a.1 - b.1)
}

/// The dot product `a·b`.
#[inline(always)]
pub(crate) fn dot(a: P, b: P) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

/// An axis-aligned box as `min..max` per axis, in f64.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Aabb {
    pub min_x: f64,
    pub min_y: f64,
    pub max_x: f64,
    pub max_y: f64,
}

impl Aabb {
    /// A box of half extents `hx, hy` centred on the origin: an OBB seen from its own frame.
    pub fn centered(hx: f64, hy: f64) -> Aabb {
        Aabb {
            min_x: -hx,
            min_y: -hy,
            max_x: hx,
            max_y: hy,
        }
    }

    /// The point of the box nearest to `(x, y)`. NaN in, NaN out: a NaN in the point or in any
    /// bound makes both coordinates NaN (a NaN bound must not let the point through unclamped).
    pub fn clamp(&self, x: f64, y: f64) -> (f64, f64) {
        let (qx, qy) = (
            clamp(x, self.min_x, self.max_x),
            clamp(y, self.min_y, self.max_y),
        );
        if [qx, qy, self.min_x, self.max_x, self.min_y, self.max_y]
            .iter()
            .any(|v| v.is_nan())
        {
            return (f64::NAN, f64::NAN);
        }
        (qx, qy)
    }

    pub fn center(&self) -> (f64, f64) {
        (
            (self.min_x + self.max_x) * 0.5,
            (self.min_y + self.max_y) * 0.5,
        )
    }

    pub fn corners(&self) -> [(f64, f64); 4] {
        [
            (self.min_x, self.min_y),
            (self.max_x, self.min_y),
            (self.max_x, self.max_y),
            (self.min_x, self.max_y),
        ]
    }
}

/// `(min, max)` of two values, a NaN kept in the result (`f64::min` would drop it).
pub(crate) fn ordered(a: f64, b: f64) -> (f64, f64) {
    if b < a {
        (b, a)
    } else {
        (a, b)
    }
}

/// `v` limited to `lo..=hi`; NaN when any of the three is NaN (unlike `f64::clamp`, it never
/// panics). A NaN bound must not let `v` through: the box's closest point would then be `v` itself.
pub(crate) fn clamp(v: f64, lo: f64, hi: f64) -> f64 {
    if lo.is_nan() || hi.is_nan() {
        f64::NAN
    } else if v < lo {
        lo
    } else if v > hi {
        hi
    } else {
        v
    }
}

/// An oriented box's own frame: centre, unit axes and half extents, in f64.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Frame {
    pub cx: f64,
    pub cy: f64,
    pub c: f64,
    pub s: f64,
    pub hx: f64,
    pub hy: f64,
}

impl Rot {
    /// Cosine and sine of unit length: kept as given within 1e-6 of unit (so 90° multiples stay
    /// exact), normalised otherwise; `(0, 0)` is the identity, a non-finite rotation is NaN.
    pub(crate) fn unit(self) -> (f64, f64) {
        let (c, s) = (self.c as f64, self.s as f64);
        let n2 = c * c + s * s;
        if (n2 - 1.0).abs() <= 1e-6 {
            (c, s)
        } else if n2 == 0.0 {
            (1.0, 0.0)
        } else if n2.is_finite() {
            let n = n2.sqrt();
            (c / n, s / n)
        } else {
            (f64::NAN, f64::NAN)
        }
    }
}

impl Frame {
    pub fn of(obb: Obb) -> Frame {
        let (c, s) = obb.rot.unit();
        Frame {
            cx: obb.center.x as f64,
            cy: obb.center.y as f64,
            c,
            s,
            hx: (obb.half.x as f64).abs(),
            hy: (obb.half.y as f64).abs(),
        }
    }

    /// The frame of a rect: its centre `x + w/2, y + h/2` and half extents `|w|/2, |h|/2` (exact
    /// in f64 for every f32 rect on the grid domain; negative sizes need no normalising).
    pub fn of_rect(r: Rect) -> Frame {
        let (w, h) = (r.w as f64, r.h as f64);
        Frame {
            cx: r.x as f64 + w * 0.5,
            cy: r.y as f64 + h * 0.5,
            c: 1.0,
            s: 0.0,
            hx: w.abs() * 0.5,
            hy: h.abs() * 0.5,
        }
    }

    /// The box in its own frame.
    pub fn local_box(self) -> Aabb {
        Aabb::centered(self.hx, self.hy)
    }

    /// A world point in this frame.
    pub fn to_local(self, x: f64, y: f64) -> (f64, f64) {
        let (dx, dy) = (x - self.cx, y - self.cy);
        (self.c * dx + self.s * dy, self.c * dy - self.s * dx)
    }

    /// A vector of this frame in world axes.
    pub fn dir_to_world(self, x: f64, y: f64) -> (f64, f64) {
        (self.c * x - self.s * y, self.s * x + self.c * y)
    }

    /// A point of this frame in world coordinates.
    pub fn to_world(self, x: f64, y: f64) -> (f64, f64) {
        let (wx, wy) = self.dir_to_world(x, y);
        (self.cx + wx, self.cy + wy)
    }

    /// The four corners in world coordinates, counter-clockwise.
    pub fn corners(self) -> [(f64, f64); 4] {
        self.local_box().corners().map(|(x, y)| self.to_world(x, y))
    }
}

/// The unit vector along `(x, y)`, `None` for the zero vector (or a NaN). An infinite component
/// gives the direction of the infinite part alone (`(inf, 5)` is `(1, 0)`), where `x / len`
/// would be `inf / inf`, a NaN.
pub(crate) fn direction(x: f64, y: f64) -> Option<(f64, f64)> {
    let len = (x * x + y * y).sqrt();
    if len > 0.0 && len < f64::INFINITY {
        return Some((x / len, y / len));
    }
    if x.is_nan() || y.is_nan() {
        return None;
    }
    if len == 0.0 {
        return None;
    }
    // Infinite (or squares that overflow): keep the infinite parts, or scale the huge ones down.
    let (ux, uy) = if x.is_infinite() || y.is_infinite() {
        let part = |v: f64| if v.is_infinite() { v.signum() } else { 0.0 };
        (part(x), part(y))
    } else {
        let m = x.abs().max(y.abs());
        (x / m, y / m)
    };
    let len = (ux * ux + uy * uy).sqrt();
    Some((ux / len, uy / len))
}
