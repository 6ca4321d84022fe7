//! Closed segments against segments, rects, circles and oriented boxes.
//!
//! Each test is a separating-axis test on exact orientation signs: on the grid domain every
//! cross product is exact in f64, and segment against circle compares its ~95-bit squares exactly
//! with [`product_le`](crate::exact::product_le). Shared end points and collinear overlap count.

use super::overlap::aabb_aabb;
use crate::exact::product_le;
use crate::shape::{ordered, Aabb, Circle, Frame, Obb, Rect, Segment, P};

fn wide(s: Segment) -> (P, P) {
    (s.a.wide(), s.b.wide())
}

/// `(b - a) × (p - a)`: positive when p is left of a→b.
fn orient(a: P, b: P, p: P) -> f64 {
    (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
}

/// The segment's bounding box; a NaN coordinate stays NaN (unlike `f64::min`).
fn bounds(a: P, b: P) -> Aabb {
    let ((min_x, max_x), (min_y, max_y)) = (ordered(a.0, b.0), ordered(a.1, b.1));
    Aabb {
        min_x,
        min_y,
        max_x,
        max_y,
    }
}

/// Whether the line through a, b fails to separate the points: not all strictly on one side.
pub(crate) fn straddles(a: P, b: P, points: &[P]) -> bool {
    let mut any_ge = false;
    let mut any_le = false;
    for &p in points {
        let o = orient(a, b, p);
        any_ge |= o >= 0.0;
        any_le |= o <= 0.0;
    }
    any_ge & any_le
}

/// Closed segment against segment: the axes are both bounding boxes' and both segments' normals.
pub fn intersect_segment_segment(s: Segment, t: Segment) -> bool {
    let ((a, b), (c, d)) = (wide(s), wide(t));
    aabb_aabb::<true>(&bounds(a, b), &bounds(c, d))
        & straddles(a, b, &[c, d])
        & straddles(c, d, &[a, b])
}

/// A segment given in a box's own coordinates against that (closed) box.
pub(crate) fn segment_aabb(a: P, b: P, r: &Aabb) -> bool {
    aabb_aabb::<true>(&bounds(a, b), r) & straddles(a, b, &r.corners())
}

/// Closed segment against closed rect.
pub fn intersect_segment_rect(s: Segment, r: Rect) -> bool {
    let (a, b) = wide(s);
    segment_aabb(a, b, &r.aabb())
}

/// Closed segment against closed oriented box (tested in the box's frame).
pub fn intersect_segment_obb(s: Segment, o: Obb) -> bool {
    let f = Frame::of(o);
    let (a, b) = wide(s);
    segment_aabb(f.to_local(a.0, a.1), f.to_local(b.0, b.1), &f.local_box())
}

/// Closed segment against closed circle: the distance from the centre to the segment `<= r`.
pub fn intersect_segment_circle(s: Segment, c: Circle) -> bool {
    let r = c.r as f64;
    if r.is_nan() || r < 0.0 {
        return false;
    }
    let (a, b) = wide(s);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (fx, fy) = (c.x as f64 - a.0, c.y as f64 - a.1);
    let along = fx * dx + fy * dy;
    let len2 = dx * dx + dy * dy;
    if along <= 0.0 {
        // Nearest to a (also the degenerate segment a == b).
        fx * fx + fy * fy <= r * r
    } else if along >= len2 {
        let (gx, gy) = (c.x as f64 - b.0, c.y as f64 - b.1);
        gx * gx + gy * gy <= r * r
    } else {
        // Perpendicular distance²: cross² / len2 <= r², compared exactly.
        let cross = dx * fy - dy * fx;
        product_le(cross, cross, r * r, len2)
    }
}
