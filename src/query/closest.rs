//! Closest points and distances: of rects, circles, boxes and segments, then of convex
//! polygons and capsules (their nearest cores, `poly_contact.rs`).
//!
//! Distances are 0 when the shapes touch or overlap, `+inf` against an empty circle (`r < 0`)
//! and NaN when any input is NaN.
//!
//! Infinite inputs follow the same formulas. Where one is undefined without a NaN input (`inf -
//! inf`: a rect with `x = -inf, w = +inf`, two circles centred at the same infinity, a rotated box
//! at infinity), the shape is treated as empty, as the predicates (false) and contacts (none)
//! already treat it: the distance is `+inf` and the closest point `(+inf, +inf)`.

use super::poly::{
    touch_capsule_capsule, touch_capsule_circle, touch_obb_capsule, touch_obb_poly,
    touch_poly_capsule, touch_poly_circle, touch_poly_poly, touch_rect_capsule, touch_rect_poly,
};
use super::poly_contact::{gap_between, Shape};
use super::sat;
use crate::platform::hypot;
use crate::platform::ClampZero;
#[cfg(c2d_no_std)]
use crate::platform::Float;
use crate::shape::{Aabb, Capsule, Circle, Frame, Obb, Poly, Rect, Segment, Vec2, P, POLY_MAX};

/// The point of the rect nearest to `p` (`p` itself when inside).
pub fn closest_point_rect(r: Rect, p: Vec2) -> Vec2 {
    let (x, y) = r.aabb().clamp(p.x as f64, p.y as f64);
    point(x, y, &rect_f(r), &[p.x, p.y])
}

/// A closest point as an f32 point: `(+inf, +inf)` when the formula is undefined (a NaN) though
/// no input was NaN.
fn point(x: f64, y: f64, shape: &[f32], p: &[f32]) -> Vec2 {
    if (x.is_nan() || y.is_nan()) && !any_nan(shape) && !any_nan(p) {
        return Vec2::new(f32::INFINITY, f32::INFINITY);
    }
    Vec2::from_f64(x, y)
}

/// A distance: `+inf` when the formula is undefined (a NaN) though no input was NaN.
pub(crate) fn distance(d: f32, a: &[f32], b: &[f32]) -> f32 {
    if d.is_nan() && !any_nan(a) && !any_nan(b) {
        f32::INFINITY
    } else {
        d
    }
}

fn any_nan(v: &[f32]) -> bool {
    v.iter().any(|x| x.is_nan())
}

fn rect_f(r: Rect) -> [f32; 4] {
    [r.x, r.y, r.w, r.h]
}

fn obb_f(o: Obb) -> [f32; 6] {
    [o.center.x, o.center.y, o.half.x, o.half.y, o.rot.c, o.rot.s]
}

fn circle_f(c: Circle) -> [f32; 3] {
    [c.x, c.y, c.r]
}

/// The point of the oriented box nearest to `p` (`p` itself when inside).
pub fn closest_point_obb(o: Obb, p: Vec2) -> Vec2 {
    let f = Frame::of(o);
    let (lx, ly) = f.to_local(p.x as f64, p.y as f64);
    let (qx, qy) = f.local_box().clamp(lx, ly);
    let (x, y) = f.to_world(qx, qy);
    point(x, y, &obb_f(o), &[p.x, p.y])
}

/// The point of the segment nearest to `p`.
pub fn closest_point_segment(s: Segment, p: Vec2) -> Vec2 {
    let (x, y) = nearest_on_segment(s.a.wide(), s.b.wide(), p.wide());
    point(x, y, &[s.a.x, s.a.y, s.b.x, s.b.y], &[p.x, p.y])
}

pub(crate) fn nearest_on_segment(a: P, b: P, p: P) -> P {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let along = (p.0 - a.0) * dx + (p.1 - a.1) * dy;
    if len2.is_nan() || along.is_nan() {
        return (f64::NAN, f64::NAN);
    }
    if len2 == 0.0 || along <= 0.0 {
        return a;
    }
    if along >= len2 {
        return b;
    }
    let t = along / len2;
    (a.0 + dx * t, a.1 + dy * t)
}

/// Euclidean distance. Not `hypot`: that answers +inf for (NaN, inf), losing the NaN; the squares
/// of widened f32 values cannot overflow f64, and on the grid domain the sum is exact, so the
/// correctly rounded square root of a perfect square is exact too.
fn dist(a: P, b: P) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    (dx * dx + dy * dy).sqrt()
}

/// The length of the gap left after a radius `r` is taken from distance `d` (0 if none).
pub(crate) fn gap(d: f64, r: f64) -> f32 {
    if r.is_nan() || d.is_nan() {
        f32::NAN
    } else if r < 0.0 {
        f32::INFINITY
    } else {
        (d - r).max0() as f32
    }
}

/// Distance between two rects.
pub fn distance_rect_rect(a: Rect, b: Rect) -> f32 {
    distance(rect_rect_distance(a, b), &rect_f(a), &rect_f(b))
}

fn rect_rect_distance(a: Rect, b: Rect) -> f32 {
    let (ea, eb) = (a.aabb(), b.aabb());
    let gx = (eb.min_x - ea.max_x).max(ea.min_x - eb.max_x).max0();
    let gy = (eb.min_y - ea.max_y).max(ea.min_y - eb.max_y).max0();
    if [
        ea.min_x, ea.max_x, ea.min_y, ea.max_y, eb.min_x, eb.max_x, eb.min_y, eb.max_y,
    ]
    .iter()
    .any(|v| v.is_nan())
    {
        return f32::NAN;
    }
    hypot(gx, gy) as f32
}

/// Distance between two circles.
pub fn distance_circle_circle(a: Circle, b: Circle) -> f32 {
    distance(circle_circle_distance(a, b), &circle_f(a), &circle_f(b))
}

fn circle_circle_distance(a: Circle, b: Circle) -> f32 {
    let d = dist(a.center().wide(), b.center().wide());
    let (ar, br) = (a.r as f64, b.r as f64);
    if ar.is_nan() || br.is_nan() {
        return f32::NAN;
    }
    if ar < 0.0 || br < 0.0 {
        return gap(d, -1.0);
    }
    gap(d, ar + br)
}

fn aabb_circle_distance(b: &Aabb, cx: f64, cy: f64, r: f64) -> f32 {
    gap(dist((cx, cy), b.clamp(cx, cy)), r)
}

/// Distance between a rect and a circle.
pub fn distance_rect_circle(a: Rect, b: Circle) -> f32 {
    distance(rect_circle_distance(a, b), &rect_f(a), &circle_f(b))
}

fn rect_circle_distance(a: Rect, b: Circle) -> f32 {
    aabb_circle_distance(&a.aabb(), b.x as f64, b.y as f64, b.r as f64)
}

/// Distance between an oriented box and a circle.
pub fn distance_obb_circle(a: Obb, b: Circle) -> f32 {
    distance(obb_circle_distance(a, b), &obb_f(a), &circle_f(b))
}

fn obb_circle_distance(a: Obb, b: Circle) -> f32 {
    let f = Frame::of(a);
    let (lx, ly) = f.to_local(b.x as f64, b.y as f64);
    aabb_circle_distance(&f.local_box(), lx, ly, b.r as f64)
}

/// Distance between an oriented box and a rect.
pub fn distance_obb_rect(a: Obb, b: Rect) -> f32 {
    distance(obb_rect_distance(a, b), &obb_f(a), &rect_f(b))
}

fn obb_rect_distance(a: Obb, b: Rect) -> f32 {
    boxes(&Frame::of(a), &Frame::of_rect(b))
}

/// Distance between two oriented boxes.
pub fn distance_obb_obb(a: Obb, b: Obb) -> f32 {
    distance(obb_obb_distance(a, b), &obb_f(a), &obb_f(b))
}

fn obb_obb_distance(a: Obb, b: Obb) -> f32 {
    boxes(&Frame::of(a), &Frame::of(b))
}

/// Two convex boxes that do not touch are nearest at a corner of one against an edge of the other.
fn boxes(a: &Frame, b: &Frame) -> f32 {
    let axes = sat::axes::<false>(a, b);
    if axes.iter().any(|ax| ax.dist.is_nan() || ax.reach.is_nan()) {
        return f32::NAN;
    }
    if axes.iter().all(|ax| ax.dist.abs() <= ax.reach) {
        return 0.0;
    }
    let (ca, cb) = (a.corners(), b.corners());
    let mut best = f64::INFINITY;
    for (corners, edges) in [(&ca, &cb), (&cb, &ca)] {
        for &p in corners.iter() {
            for i in 0..4 {
                let (e0, e1) = (edges[i], edges[(i + 1) % 4]);
                best = best.min(dist(p, nearest_on_segment(e0, e1, p)));
            }
        }
    }
    best as f32
}

/// The coordinates of the vertices in use (none for a `count` out of range).
fn poly_f(p: &Poly) -> [f32; 2 * POLY_MAX] {
    let mut out = [0.0; 2 * POLY_MAX];
    for (i, v) in p.vertices().unwrap_or(&[]).iter().enumerate() {
        out[2 * i] = v.x;
        out[2 * i + 1] = v.y;
    }
    out
}

fn capsule_f(k: &Capsule) -> [f32; 5] {
    [k.a.x, k.a.y, k.b.x, k.b.y, k.r]
}

/// A distance where an empty shape (`r < 0`) is infinitely far and a polygon whose `count` is
/// outside `3..=8` gives NaN.
fn measured(d: f32, a: &[f32], b: &[f32], empty: bool, bad_count: bool) -> f32 {
    if a.iter().chain(b).any(|v| v.is_nan()) {
        f32::NAN
    } else if empty || bad_count {
        f32::INFINITY
    } else {
        distance(d, a, b)
    }
}

fn bad(p: &Poly) -> bool {
    p.vertices().is_none()
}

fn empty_k(k: &Capsule) -> bool {
    k.r < 0.0
}

/// Distance between a rect and a convex polygon.
pub fn distance_rect_poly(a: Rect, b: &Poly) -> f32 {
    let d = gap_between(touch_rect_poly(a, b), Shape::rect(a), Shape::poly(b));
    measured(d, &rect_f(a), &poly_f(b), false, bad(b))
}

/// Distance between an oriented box and a convex polygon.
pub fn distance_obb_poly(a: Obb, b: &Poly) -> f32 {
    let d = gap_between(touch_obb_poly(a, b), Shape::obb(a), Shape::poly(b));
    measured(d, &obb_f(a), &poly_f(b), false, bad(b))
}

/// Distance between two convex polygons.
pub fn distance_poly_poly(a: &Poly, b: &Poly) -> f32 {
    let d = gap_between(touch_poly_poly(a, b), Shape::poly(a), Shape::poly(b));
    measured(d, &poly_f(a), &poly_f(b), false, bad(a) || bad(b))
}

/// Distance between a convex polygon and a circle.
pub fn distance_poly_circle(a: &Poly, b: Circle) -> f32 {
    let d = gap_between(touch_poly_circle(a, b), Shape::poly(a), Shape::circle(b));
    measured(d, &poly_f(a), &circle_f(b), b.r < 0.0, bad(a))
}

/// Distance between a convex polygon and a capsule.
pub fn distance_poly_capsule(a: &Poly, b: &Capsule) -> f32 {
    let d = gap_between(touch_poly_capsule(a, b), Shape::poly(a), Shape::capsule(b));
    measured(d, &poly_f(a), &capsule_f(b), empty_k(b), bad(a))
}

/// Distance between a rect and a capsule.
pub fn distance_rect_capsule(a: Rect, b: &Capsule) -> f32 {
    let d = gap_between(touch_rect_capsule(a, b), Shape::rect(a), Shape::capsule(b));
    measured(d, &rect_f(a), &capsule_f(b), empty_k(b), false)
}

/// Distance between an oriented box and a capsule.
pub fn distance_obb_capsule(a: Obb, b: &Capsule) -> f32 {
    let d = gap_between(touch_obb_capsule(a, b), Shape::obb(a), Shape::capsule(b));
    measured(d, &obb_f(a), &capsule_f(b), empty_k(b), false)
}

/// Distance between a capsule and a circle.
pub fn distance_capsule_circle(a: &Capsule, b: Circle) -> f32 {
    let d = gap_between(
        touch_capsule_circle(a, b),
        Shape::capsule(a),
        Shape::circle(b),
    );
    measured(
        d,
        &capsule_f(a),
        &circle_f(b),
        empty_k(a) || b.r < 0.0,
        false,
    )
}

/// Distance between two capsules.
pub fn distance_capsule_capsule(a: &Capsule, b: &Capsule) -> f32 {
    let d = gap_between(
        touch_capsule_capsule(a, b),
        Shape::capsule(a),
        Shape::capsule(b),
    );
    measured(
        d,
        &capsule_f(a),
        &capsule_f(b),
        empty_k(a) || empty_k(b),
        false,
    )
}
