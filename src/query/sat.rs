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

/// The four axes of A and B (A's first). At multiples of 90° every entry is exact, so the
/// predicates built on it are exact on the grid domain.
pub(crate) fn axes(a: &Frame, b: &Frame) -> [Axis; 4] {
    let (tx, ty) = (b.cx - a.cx, b.cy - a.cy);
    // Rows: A's axes u, v; columns: B's axes u, v; entries are absolute cosines.
    let uu = (a.c * b.c + a.s * b.s).abs();
    let uv = (a.s * b.c - a.c * b.s).abs();
    let vu = uv;
    let vv = uu;
    let axis = |nx: f64, ny: f64, reach: f64| Axis {
        nx,
        ny,
        dist: tx * nx + ty * ny,
        reach,
    };
    [
        axis(a.c, a.s, a.hx + b.hx * uu + b.hy * uv),
        axis(-a.s, a.c, a.hy + b.hx * vu + b.hy * vv),
        axis(b.c, b.s, b.hx + a.hx * uu + a.hy * vu),
        axis(-b.s, b.c, b.hy + a.hx * uv + a.hy * vv),
    ]
}

/// Whether the boxes overlap (strict) or touch (closed): no axis separates them.
pub(crate) fn boxes<const CLOSED: bool>(a: &Frame, b: &Frame) -> bool {
    axes(a, b)
        .iter()
        .all(|ax| super::below::<CLOSED>(ax.dist.abs(), ax.reach))
}
