//! Contacts: the minimum translation (normal, depth) and a point inside both shapes.
//!
//! Each function answers the strict overlap of its pair and, when the shapes overlap, the contact.
//! The normal points from the first shape to the second. Ties between equally shallow directions
//! resolve in the fixed order +x, -x, +y, -y of the first shape's frame, so coincident centres get
//! the normal `(1, 0)` (rotated with the box for oriented boxes).

use super::overlap::within;
use super::{overlap_rect_circle, overlap_rect_rect, sat};
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::shape::{dot, Aabb, Circle, Contact, Frame, Obb, Rect, Vec2};

/// A contact for a pair its strict predicate calls overlapping. The depth stays positive, as
/// promised, where it would round to 0 in f32 or where the predicate's formula and the one used
/// for the depth round differently (only far outside the grid domain); a finite depth beyond the
/// f32 range (radii near `f32::MAX`) is `f32::MAX`, so `+inf` means a truly infinite depth (an
/// infinite radius or extent).
pub(crate) fn contact(n: (f64, f64), depth: f64, p: (f64, f64)) -> Contact {
    let depth = if depth < f64::INFINITY {
        (depth as f32).min(f32::MAX)
    } else {
        depth as f32
    };
    Contact {
        normal: Vec2::from_f64(n.0, n.1),
        depth: if depth > 0.0 || depth.is_nan() {
            depth
        } else {
            f32::from_bits(1)
        },
        point: Vec2::from_f64(p.0, p.1),
    }
}

/// The shallowest of the candidate `(normal, depth)` pairs, the first one winning ties.
fn shallowest<const N: usize>(candidates: [((f64, f64), f64); N]) -> ((f64, f64), f64) {
    let mut best = candidates[0];
    for c in &candidates[1..] {
        if c.1 < best.1 {
            best = *c;
        }
    }
    best
}

/// Rect against rect: the shallower axis; the point is the centre of the overlap box.
pub fn collide_rect_rect(a: Rect, b: Rect) -> Option<Contact> {
    // Decided by the predicate itself, so the answer is `overlap_rect_rect`'s for every input.
    if !overlap_rect_rect(a, b) {
        return None;
    }
    let (ea, eb) = (a.aabb(), b.aabb());
    let (n, depth) = shallowest([
        ((1.0, 0.0), ea.max_x - eb.min_x),
        ((-1.0, 0.0), eb.max_x - ea.min_x),
        ((0.0, 1.0), ea.max_y - eb.min_y),
        ((0.0, -1.0), eb.max_y - ea.min_y),
    ]);
    Some(contact(n, depth, overlap_box(&ea, &eb).center()))
}

fn overlap_box(a: &Aabb, b: &Aabb) -> Aabb {
    Aabb {
        min_x: a.min_x.max(b.min_x),
        min_y: a.min_y.max(b.min_y),
        max_x: a.max_x.min(b.max_x),
        max_y: a.max_y.min(b.max_y),
    }
}

/// The overlap box of two strictly overlapping rects, with positive width and height
/// (raylib's GetCollisionRec, SDL_IntersectRect).
pub fn intersection_rect(a: Rect, b: Rect) -> Option<Rect> {
    if !overlap_rect_rect(a, b) {
        return None;
    }
    let (ea, eb) = (a.aabb(), b.aabb());
    let o = overlap_box(&ea, &eb);
    let (x, y) = (o.min_x as f32, o.min_y as f32);
    // Sizes measured from the rounded corner, kept positive where f32 rounding would collapse
    // them (only far outside the grid domain) and where the overlap is flat: a zero-width rect
    // strictly inside the other's span overlaps by the strict formula, and gets the smallest
    // positive width.
    let positive = |v: f64| (v as f32).max(f32::from_bits(1));
    Some(Rect {
        x,
        y,
        w: positive(o.max_x - x as f64),
        h: positive(o.max_y - y as f64),
    })
}

/// Circle against circle: along the line of centres; the point is the middle of the overlap on
/// that line. Coincident centres use the normal `(1, 0)`.
pub fn collide_circle_circle(a: Circle, b: Circle) -> Option<Contact> {
    let (ax, ay, ar) = (a.x as f64, a.y as f64, a.r as f64);
    let (bx, by, br) = (b.x as f64, b.y as f64, b.r as f64);
    let (dx, dy) = (bx - ax, by - ay);
    if !(ar >= 0.0 && br >= 0.0 && within::<false>(dx, dy, ar + br)) {
        return None;
    }
    let d = (dx * dx + dy * dy).sqrt();
    let n = if d > 0.0 {
        (dx / d, dy / d)
    } else {
        (1.0, 0.0)
    };
    let depth = ar + br - d;
    // Along n from a's centre, a covers -ar..ar and b covers d-br..d+br; the point is the middle
    // of their common part, which stays inside both even when one circle contains the other.
    let (lo, hi) = ((-ar).max(d - br), ar.min(d + br));
    // Two infinite radii: the common part is the whole line, and a's centre is in it.
    let mid = if lo == f64::NEG_INFINITY && hi == f64::INFINITY {
        0.0
    } else {
        (lo + hi) * 0.5
    };
    Some(contact(n, depth, (ax + n.0 * mid, ay + n.1 * mid)))
}

/// A contact in a frame's coordinates: normal, depth, point.
pub(crate) type LocalContact = ((f64, f64), f64, (f64, f64));

/// A box against a circle given in the box's own coordinates, the result in those coordinates.
/// Centre outside: from the nearest point of the box, which is the contact point. Centre inside:
/// out through the nearest face, the centre being the contact point.
pub(crate) fn aabb_circle(b: &Aabb, cx: f64, cy: f64, r: f64) -> Option<LocalContact> {
    let q = nearest(b, cx, cy);
    // `max`/`min` skip a NaN bound: a NaN extent is caught by `extent >= 0` (a NaN centre makes
    // the distance NaN).
    let valid = (b.max_x - b.min_x >= 0.0) & (b.max_y - b.min_y >= 0.0);
    if !(valid & within::<false>(cx - q.0, cy - q.1, r)) {
        return None;
    }
    Some(aabb_circle_contact(b, cx, cy, r, q))
}

/// The point of the box nearest to `(cx, cy)`, clamped without branches.
fn nearest(b: &Aabb, cx: f64, cy: f64) -> (f64, f64) {
    (cx.max(b.min_x).min(b.max_x), cy.max(b.min_y).min(b.max_y))
}

/// The contact of a box and a circle known to overlap, in the box's coordinates, given the
/// box's point `q` nearest to the centre.
fn aabb_circle_contact(b: &Aabb, cx: f64, cy: f64, r: f64, q: (f64, f64)) -> LocalContact {
    let (dx, dy) = (cx - q.0, cy - q.1);
    let d2 = dx * dx + dy * dy;
    if d2 > 0.0 {
        let d = d2.sqrt();
        return ((dx / d, dy / d), r - d, q);
    }
    let (n, dist) = shallowest([
        ((1.0, 0.0), b.max_x - cx),
        ((-1.0, 0.0), cx - b.min_x),
        ((0.0, 1.0), b.max_y - cy),
        ((0.0, -1.0), cy - b.min_y),
    ]);
    (n, r + dist, (cx, cy))
}

/// Rect against circle; the normal points from the rect to the circle.
pub fn collide_rect_circle(a: Rect, b: Circle) -> Option<Contact> {
    // Decided by the predicate itself, so the answer is `overlap_rect_circle`'s for every input.
    if !overlap_rect_circle(a, b) {
        return None;
    }
    let (e, cx, cy) = (a.aabb(), b.x as f64, b.y as f64);
    let (n, depth, p) = aabb_circle_contact(&e, cx, cy, b.r as f64, nearest(&e, cx, cy));
    Some(contact(n, depth, p))
}

/// Oriented box against circle, solved in the box's frame.
pub fn collide_obb_circle(a: Obb, b: Circle) -> Option<Contact> {
    let f = Frame::of(a);
    let (lx, ly) = f.to_local(b.x as f64, b.y as f64);
    let (n, depth, p) = aabb_circle(&f.local_box(), lx, ly, b.r as f64)?;
    Some(contact(
        f.dir_to_world(n.0, n.1),
        depth,
        f.to_world(p.0, p.1),
    ))
}

/// Oriented box against rect.
pub fn collide_obb_rect(a: Obb, b: Rect) -> Option<Contact> {
    boxes::<true>(&Frame::of(a), &Frame::of_rect(b))
}

/// Oriented box against oriented box.
pub fn collide_obb_obb(a: Obb, b: Obb) -> Option<Contact> {
    boxes::<false>(&Frame::of(a), &Frame::of(b))
}

/// Box against box: the separating-axis test picks the shallowest axis (A's axes win ties);
/// the incident face of the other box is clipped to the reference face's sides, and the contact
/// point is the mean of the clipped points moved half way to the reference face.
fn boxes<const ALIGNED: bool>(a: &Frame, b: &Frame) -> Option<Contact> {
    let axes = sat::axes::<ALIGNED>(a, b);
    // `reach - |dist| > 0` is exactly `|dist| < reach`: f64 subtraction is zero only for equals.
    let depth = axes.map(|ax| ax.overlap());
    if !depth.iter().fold(true, |all, &d| all & (d > 0.0)) {
        return None;
    }
    let mut k = 0;
    for i in 1..4 {
        k = if depth[i] < depth[k] { i } else { k };
    }
    let ax = axes[k];
    let sign = if ax.dist < 0.0 { -1.0 } else { 1.0 };
    let n = (ax.nx * sign, ax.ny * sign);
    // The reference face belongs to the box whose axis won; its outward normal faces the other.
    let (reference, incident, nr) = if k < 2 {
        (a, b, n)
    } else {
        (b, a, (-n.0, -n.1))
    };
    let mut point = clip_point(reference, k % 2, incident, nr);
    if point.0.is_nan() || point.1.is_nan() {
        point = infinite_boxes_point(a, b); // only with infinite extents: no NaN input gets here
    }
    Some(contact(n, depth[k], point))
}

/// A point in both of two overlapping boxes when the clipping meets `inf - inf` (infinite half
/// extents): a centre, or the point of one box nearest to the other's centre, whichever is in
/// both; a centre when none is.
#[cold]
fn infinite_boxes_point(a: &Frame, b: &Frame) -> (f64, f64) {
    let near = |f: &Frame, p: (f64, f64)| {
        let (lx, ly) = f.to_local(p.0, p.1);
        let (qx, qy) = f.local_box().clamp(lx, ly);
        f.to_world(qx, qy)
    };
    let inside = |f: &Frame, p: (f64, f64)| {
        let (lx, ly) = f.to_local(p.0, p.1);
        lx.abs() <= f.hx && ly.abs() <= f.hy
    };
    let (ca, cb) = ((a.cx, a.cy), (b.cx, b.cy));
    let candidates = [ca, cb, near(b, ca), near(a, cb)];
    let defined = |p: &(f64, f64)| !(p.0.is_nan() || p.1.is_nan());
    candidates
        .iter()
        .copied()
        .find(|p| defined(p) && inside(a, *p) && inside(b, *p))
        .unwrap_or(ca)
}

/// The contact point of a box pair, given the reference box, which of its axes is the face
/// normal (0: u, 1: v), the incident box and the reference face's outward normal `nr`.
///
/// The incident face is `centre + along·s·half` for `s` in `[-1, 1]`; it is clipped to the
/// reference box (its side planes, then its face and the opposite face), so what is left lies on
/// the incident box and inside the reference box; its middle, lifted half way to the reference
/// face where that stays in the incident box, is the contact point. When
/// nothing is left (the incident face misses the reference box, as when a corner pokes in through
/// another face) the mean of the intersection polygon's corners is used instead. Written with
/// selects rather than branches where the choice is random.
fn clip_point(reference: &Frame, axis: usize, incident: &Frame, nr: (f64, f64)) -> (f64, f64) {
    let (face_half, side_half) = if axis == 0 {
        (reference.hx, reference.hy)
    } else {
        (reference.hy, reference.hx)
    };
    // Perpendicular to nr: the reference's other axis, up to a sign that the symmetric clip ignores.
    let side = (-nr.1, nr.0);
    // The incident face: the one whose outward normal is most against nr.
    let (iu, iv) = ((incident.c, incident.s), (-incident.s, incident.c));
    let (du, dv) = (dot(iu, nr), dot(iv, nr));
    let on_u = du.abs() >= dv.abs();
    let (normal, normal_half, along, along_half, d, d_along) = if on_u {
        (iu, incident.hx, iv, incident.hy, du, dv)
    } else {
        (iv, incident.hy, iu, incident.hx, dv, du)
    };
    let out = if d > 0.0 { -normal_half } else { normal_half };
    let rel = (
        incident.cx + normal.0 * out - reference.cx,
        incident.cy + normal.1 * out - reference.cy,
    );
    let step = (along.0 * along_half, along.1 * along_half);
    // Along `side`: |q(s)| <= side_half; along nr: the height above the box's centre within ±face_half.
    let (height, slope) = (dot(rel, nr), dot(step, nr));
    let (lo, hi) = clip((-1.0, 1.0), dot(rel, side), dot(step, side), side_half);
    let (lo, hi) = clip((lo, hi), height, slope, face_half);
    if lo > hi {
        return polygon_mean(reference, incident);
    }
    let mid = (lo + hi) * 0.5;
    let on_face = (
        reference.cx + rel.0 + step.0 * mid,
        reference.cy + rel.1 + step.1 * mid,
    );
    // Half way up to the reference face: the overlap box's centre for aligned boxes. Kept only
    // while inside the incident box, which a thin box crossed at an angle may not allow.
    let half_depth = (height + slope * mid - face_half) * 0.5;
    // The lifted point in the incident box's own axes: the face point's coordinates (`out` across
    // the face, `mid·along_half` along it) moved by `-half_depth·nr`. Lifted by 0 or 1 times the
    // half depth (a select, not a branch: which way it goes is random).
    let across = out - half_depth * d;
    let along_at = mid * along_half - half_depth * d_along;
    let inside = (across.abs() <= normal_half) & (along_at.abs() <= along_half);
    let lift = if inside { half_depth } else { 0.0 };
    (on_face.0 - nr.0 * lift, on_face.1 - nr.1 * lift)
}

/// The part of `range` where `|qc + s·qa| <= half`; `qa == 0` gives infinite bounds, as wanted.
/// An empty result has `lo > hi` (`range` bounds are never NaN, and `f64::max`/`min` skip NaN).
fn clip(range: (f64, f64), qc: f64, qa: f64, half: f64) -> (f64, f64) {
    let (sa, sb) = ((-half - qc) / qa, (half - qc) / qa);
    (range.0.max(sa.min(sb)), range.1.min(sa.max(sb)))
}

/// The mean of the corners of the intersection of two overlapping boxes: `b`'s corners clipped
/// to `a` in `a`'s frame (Sutherland–Hodgman), mapped back. A mean of corners of a convex polygon
/// lies inside it.
fn polygon_mean(a: &Frame, b: &Frame) -> (f64, f64) {
    let mut poly = [(0.0, 0.0); 8];
    for (slot, (x, y)) in poly.iter_mut().zip(b.corners()) {
        *slot = a.to_local(x, y);
    }
    let mut n = 4;
    // Half-planes `sign * coord <= half` for x then y.
    for (axis, sign, half) in [
        (0, 1.0, a.hx),
        (0, -1.0, a.hx),
        (1, 1.0, a.hy),
        (1, -1.0, a.hy),
    ] {
        // The plane is pushed out by a relative 1e-12 so that points rounded just past it still
        // count: a zero-width box keeps the points where the other box crosses it.
        let inside = |p: (f64, f64)| {
            let v = if axis == 0 { p.0 } else { p.1 };
            half - sign * v + 1e-12 * (half + v.abs())
        };
        let mut out = [(0.0, 0.0); 8];
        let mut m = 0;
        for i in 0..n {
            let (p, q) = (poly[i], poly[(i + 1) % n]);
            let (dp, dq) = (inside(p), inside(q));
            if dp >= 0.0 && m < 8 {
                out[m] = p;
                m += 1;
            }
            if (dp >= 0.0) != (dq >= 0.0) && m < 8 {
                let t = dp / (dp - dq);
                out[m] = (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
                m += 1;
            }
        }
        poly = out;
        n = m;
        if n == 0 {
            // Only through rounding on a barely overlapping pair: where they (nearly) touch.
            return nearest_corner_point(a, b);
        }
    }
    let (sx, sy) = poly[..n]
        .iter()
        .fold((0.0, 0.0), |acc, p| (acc.0 + p.0, acc.1 + p.1));
    a.to_world(sx / n as f64, sy / n as f64)
}

/// For boxes that overlap by no more than rounding: among the corners of each box, the one
/// nearest to the other box, moved onto that box — a point of one box within rounding of the
/// other (the middle between the centres can lie far outside both).
fn nearest_corner_point(a: &Frame, b: &Frame) -> (f64, f64) {
    let mut best = (f64::INFINITY, (a.cx, a.cy));
    for (from, onto) in [(b, a), (a, b)] {
        for (x, y) in from.corners() {
            let (lx, ly) = onto.to_local(x, y);
            let (qx, qy) = onto.local_box().clamp(lx, ly);
            let d2 = (lx - qx) * (lx - qx) + (ly - qy) * (ly - qy);
            if d2 < best.0 {
                best = (d2, onto.to_world(qx, qy));
            }
        }
    }
    best.1
}
