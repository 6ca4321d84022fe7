//! Convex polygons (built as the convex hull of any points) and capsules.

use super::Vec2;
use crate::exact::Expansion;

/// The most vertices a convex polygon (`c2d_poly`) holds.
pub const POLY_MAX: usize = 8;

/// A convex polygon of 3 to `C2D_POLY_MAX` (8) vertices (`c2d_poly`), counter-clockwise in y-up
/// terms (clockwise on a y-down screen), no three consecutive vertices on one line.
///
/// `c2d_poly_make` (`Poly::hull` in Rust) builds one from any points. A value put together by
/// hand that breaks these rules (wrong winding, not convex) gets some answer from every query,
/// never a crash or a NaN; a `count` outside `3..=8` makes every query answer false.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Poly {
    /// The vertices; only the first `count` are used.
    pub verts: [Vec2; POLY_MAX],
    /// How many vertices are used: 3 to `C2D_POLY_MAX`.
    pub count: i32,
}

/// A capsule (`c2d_capsule`): every point within `r` of the segment `a..b`.
///
/// `r < 0` is an empty shape (it never overlaps or touches anything); `r == 0` is the segment
/// itself (it can touch, never overlap strictly); `a == b` is a circle.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Capsule {
    /// One end of the core segment.
    pub a: Vec2,
    /// The other end of the core segment.
    pub b: Vec2,
    /// Radius; `< 0` is empty, `0` the bare segment.
    pub r: f32,
}

/// Why [`Poly::hull`] built no polygon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolyError {
    /// A coordinate is NaN or infinite.
    NotFinite,
    /// Fewer than three points that are not all on one line.
    Degenerate,
    /// The hull has more than [`POLY_MAX`] vertices.
    TooMany,
}

impl Capsule {
    /// A value from its fields.
    pub const fn new(a: Vec2, b: Vec2, r: f32) -> Self {
        Capsule { a, b, r }
    }
}

impl Poly {
    /// The convex hull of `points`, counter-clockwise in y-up terms, starting at the lowest of
    /// the leftmost points. Repeated points and points on the hull's edges are dropped. Exact
    /// for every finite f32 input (orientations are signs of exact sums); allocates nothing.
    pub fn hull(points: &[Vec2]) -> Result<Poly, PolyError> {
        if points.iter().any(|p| !(p.x.is_finite() && p.y.is_finite())) {
            return Err(PolyError::NotFinite);
        }
        let start = match points
            .iter()
            .copied()
            .reduce(|m, p| if (p.x, p.y) < (m.x, m.y) { p } else { m })
        {
            Some(s) => s,
            None => return Err(PolyError::Degenerate),
        };
        // Gift wrapping: from each hull vertex, the point that leaves every other point on its
        // left (the farthest of those on one line), until the walk is back at the start.
        let mut out = Poly::default();
        let mut n = 0;
        let mut p = start;
        loop {
            if n == POLY_MAX {
                return Err(PolyError::TooMany);
            }
            out.verts[n] = p;
            n += 1;
            let mut next: Option<Vec2> = None;
            for &r in points {
                if r == p {
                    continue;
                }
                next = Some(match next {
                    None => r,
                    Some(q) => match orient_sign(p, q, r) {
                        o if o < 0 => r,
                        0 if beyond(p, q, r) => r,
                        _ => q,
                    },
                });
            }
            match next {
                Some(q) if q != start => p = q,
                _ => break,
            }
        }
        if n < 3 {
            return Err(PolyError::Degenerate);
        }
        out.count = n as i32;
        Ok(out)
    }

    /// The vertices in use, `None` when `count` is outside `3..=8`.
    pub fn vertices(&self) -> Option<&[Vec2]> {
        let n = usize::try_from(self.count).ok()?;
        if (3..=POLY_MAX).contains(&n) {
            Some(&self.verts[..n])
        } else {
            None
        }
    }
}

/// The exact sign of `(q - p) × (r - p)` for finite f32 points: positive when `r` is left of
/// `p→q`. The six products of f32 values are exact in f64 and summed exactly.
fn orient_sign(p: Vec2, q: Vec2, r: Vec2) -> i32 {
    let m = |a: f32, b: f32| a as f64 * b as f64;
    let mut e = Expansion::new();
    for v in [
        m(q.x, r.y),
        -m(q.x, p.y),
        -m(p.x, r.y),
        -m(q.y, r.x),
        m(q.y, p.x),
        m(p.y, r.x),
    ] {
        e.push(v);
    }
    e.signum()
}

/// For `r` on the ray from `p` through `q` (a hull vertex `p` is never between two points):
/// whether `r` lies past `q`.
fn beyond(p: Vec2, q: Vec2, r: Vec2) -> bool {
    if q.x != p.x {
        (q.x > p.x) == (r.x > q.x) && r.x != q.x
    } else {
        (q.y > p.y) == (r.y > q.y) && r.y != q.y
    }
}
