//! Separating-axis test between two oriented boxes, shared by the predicates and the contacts.

use crate::shape::Frame;

/// One candidate axis: the unit axis, the signed distance of B's centre from A's along it, and
/// the sum of both boxes' projected half widths.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Axis {
    pub nx: f64,
    pub ny: f64,
    pub dist: f64,
    pub reach: f64,
}

impl Axis {
    /// How deep the projections overlap along this axis (negative: a gap).
    pub fn overlap(&self) -> f64 {
        self.reach - self.dist.abs()
    }
}

/// The four axes of A and B (A's first). `ALIGNED` says B is axis-aligned (`c = 1, s = 0`),
/// which spares the products with the constant 0 that IEEE arithmetic cannot fold away. At
/// multiples of 90° every entry is exact, so the predicates built on it are exact on the grid
/// domain.
#[inline(always)]
pub(crate) fn axes<const ALIGNED: bool>(a: &Frame, b: &Frame) -> [Axis; 4] {
    let (tx, ty) = (b.cx - a.cx, b.cy - a.cy);
    // |cos| between A's u and B's u (= between the v axes), and between A's u and B's v.
    let (uu, uv) = if ALIGNED {
        (a.c.abs(), a.s.abs())
    } else {
        ((a.c * b.c + a.s * b.s).abs(), (a.s * b.c - a.c * b.s).abs())
    };
    // B's centre offset along B's own axes.
    let (bu, bv) = if ALIGNED {
        (tx, ty)
    } else {
        (tx * b.c + ty * b.s, ty * b.c - tx * b.s)
    };
    let axis = |nx: f64, ny: f64, dist: f64, reach: f64| Axis {
        nx,
        ny,
        dist,
        reach,
    };
    [
        axis(a.c, a.s, tx * a.c + ty * a.s, a.hx + b.hx * uu + b.hy * uv),
        axis(-a.s, a.c, ty * a.c - tx * a.s, a.hy + b.hx * uv + b.hy * uu),
        axis(b.c, b.s, bu, b.hx + a.hx * uu + a.hy * uv),
        axis(-b.s, b.c, bv, b.hy + a.hx * uv + a.hy * uu),
    ]
}

/// Whether the boxes overlap (strict) or touch (closed): no axis separates them.
#[inline(always)]
pub(crate) fn boxes<const CLOSED: bool, const ALIGNED: bool>(a: &Frame, b: &Frame) -> bool {
    axes::<ALIGNED>(a, b).iter().fold(true, |all, ax| {
        all & super::below::<CLOSED>(ax.dist.abs(), ax.reach)
    })
}
