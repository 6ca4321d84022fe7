//! Contacts, the intersection rect, closest points, distances and the shape helpers on arbitrary
//! bit patterns (API.md "Contacts and intersection", "Bad input"): each `c2d_collide_*` answers
//! exactly its `c2d_overlap_*`, with or without an out pointer, and leaves `out` untouched when
//! false; no field of any answer is NaN unless an input was; a contact's depth is positive, and
//! finite when every input is; when the inputs are finite and moderate the normal is unit, the
//! point in both shapes, and moving the first shape by `-normal*depth` separates them.
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::{Circle, Contact, Obb, Rect, Vec2};
use common::*;
use libfuzzer_sys::fuzz_target;

const SENTINEL: Contact = Contact {
    normal: Vec2 { x: 7.0, y: 7.0 },
    depth: -7.0,
    point: Vec2 { x: 7.0, y: 7.0 },
};

/// Calls a collide function three ways (NULL out, real out) and checks the answer against the
/// strict predicate and the untouched-out rule. Returns the contact when there is one.
fn collide<A: Copy + std::fmt::Debug, B: Copy + std::fmt::Debug>(
    name: &str,
    f: unsafe extern "C" fn(A, B, *mut Contact) -> bool,
    overlap: extern "C" fn(A, B) -> bool,
    a: A,
    b: B,
) -> Option<Contact> {
    let mut out = SENTINEL;
    // SAFETY: `out` is a valid Contact; NULL is allowed by the contract.
    let (hit, hit_null) = unsafe { (f(a, b, &mut out), f(a, b, std::ptr::null_mut())) };
    assert_eq!(
        hit,
        overlap(a, b),
        "{name}: collide disagrees with overlap: {a:?} {b:?}"
    );
    assert_eq!(hit, hit_null, "{name}: answer depends on the out pointer");
    if !hit {
        assert_eq!(out, SENTINEL, "{name}: out written on a miss");
        return None;
    }
    // Only NaN-free inputs overlap, so no field may be NaN; a true depth beyond the f32 range
    // is f32::MAX, +inf only for an infinite input.
    let fields = [
        out.normal.x,
        out.normal.y,
        out.depth,
        out.point.x,
        out.point.y,
    ];
    assert!(numbers(&fields), "{name}: NaN in {out:?} for {a:?} {b:?}");
    assert!(
        out.depth > 0.0,
        "{name}: depth {} for {a:?} {b:?}",
        out.depth
    );
    let finite_in = !format!("{a:?}{b:?}").contains("inf");
    assert!(
        !finite_in || out.depth.is_finite(),
        "{name}: infinite depth for finite {a:?} {b:?}"
    );
    Some(out)
}

/// The checks every contact of moderate finite inputs must pass.
fn sane(name: &str, c: &Contact, input: &dyn std::fmt::Debug) {
    assert!(
        unit(c.normal),
        "{name}: normal {:?} not unit for {input:?}",
        c.normal
    );
    assert!(
        c.depth > 0.0 && c.depth.is_finite(),
        "{name}: depth {} for {input:?}",
        c.depth
    );
    assert!(
        c.point.x.is_finite() && c.point.y.is_finite(),
        "{name}: point {:?}",
        c.point
    );
}

fn moved_rect(r: Rect, c: &Contact, extra: f32) -> Rect {
    let d = c.depth + extra;
    Rect::new(r.x - c.normal.x * d, r.y - c.normal.y * d, r.w, r.h)
}

fn moved_obb(o: Obb, c: &Contact, extra: f32) -> Obb {
    let d = c.depth + extra;
    let mut o = o;
    o.center = Vec2::new(o.center.x - c.normal.x * d, o.center.y - c.normal.y * d);
    o
}

fn moved_circle(o: Circle, c: &Contact, extra: f32) -> Circle {
    let d = c.depth + extra;
    Circle::new(o.x - c.normal.x * d, o.y - c.normal.y * d, o.r)
}

fn near(p: Vec2, q: Vec2, tol: f64) -> bool {
    ((p.x as f64 - q.x as f64).hypot(p.y as f64 - q.y as f64)) <= tol
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    while !b.is_empty() {
        match b.u8() % 9 {
            0 => {
                let (x, y) = (b.rect(), b.rect());
                let f = [rect_f(x), rect_f(y)].concat();
                let c = collide(
                    "rect_rect",
                    c2d_collide_rect_rect,
                    c2d_overlap_rect_rect,
                    x,
                    y,
                );
                let mut out = Rect::new(7.0, 7.0, -7.0, -7.0);
                // SAFETY: valid out pointer.
                let i = unsafe { c2d_intersection_rect(x, y, &mut out) };
                assert_eq!(
                    i,
                    c2d_overlap_rect_rect(x, y),
                    "intersection_rect answer {x:?} {y:?}"
                );
                if i {
                    assert!(
                        out.w > 0.0 && out.h > 0.0,
                        "intersection_rect {out:?} of {x:?} {y:?}"
                    );
                    assert!(
                        numbers(&rect_f(out)),
                        "intersection_rect {out:?} of {x:?} {y:?}"
                    );
                } else {
                    assert_eq!(
                        out,
                        Rect::new(7.0, 7.0, -7.0, -7.0),
                        "out written on a miss"
                    );
                }
                if let Some(c) = c {
                    let r = collide(
                        "rect_rect",
                        c2d_collide_rect_rect,
                        c2d_overlap_rect_rect,
                        y,
                        x,
                    );
                    assert_eq!(
                        r.map(|r| r.depth),
                        Some(c.depth),
                        "depth symmetry {x:?} {y:?}"
                    );
                    if moderate(&f) {
                        sane("rect_rect", &c, &(x, y));
                    }
                    if grid(&f) {
                        // Exact: the move leaves them touching, not overlapping.
                        let m = moved_rect(x, &c, 0.0);
                        assert!(
                            c2d_touch_rect_rect(m, y),
                            "rect MTV separates {x:?} {y:?} {c:?}"
                        );
                        assert!(
                            !c2d_overlap_rect_rect(m, y),
                            "rect MTV short {x:?} {y:?} {c:?}"
                        );
                        // Closed: a zero-size rect inside another overlaps it by the formula but has no interior.
                        let inside =
                            c2d_touch_point_rect(c.point, x) && c2d_touch_point_rect(c.point, y);
                        assert!(inside, "rect point {c:?} outside {x:?} {y:?}");
                        let (sx, sy) = (span(x), span(y));
                        let want = (
                            sx.0.max(sy.0),
                            sx.1.max(sy.1),
                            sx.2.min(sy.2),
                            sx.3.min(sy.3),
                        );
                        // A zero-size rect inside another overlaps it by the formula; its
                        // overlap box is given the least positive size instead of zero.
                        let tiny = f32::from_bits(1);
                        let ow = if out.w == tiny { 0.0 } else { out.w };
                        let oh = if out.h == tiny { 0.0 } else { out.h };
                        let got = span(Rect::new(out.x, out.y, ow, oh));
                        assert_eq!(got, want, "intersection_rect {x:?} {y:?} -> {out:?}");
                    }
                }
            }
            1 => {
                let (x, y) = (b.circle(), b.circle());
                let f = [circle_f(x), circle_f(y)].concat();
                let c = collide(
                    "circle_circle",
                    c2d_collide_circle_circle,
                    c2d_overlap_circle_circle,
                    x,
                    y,
                );
                if let (Some(c), true) = (c, moderate(&f)) {
                    sane("circle_circle", &c, &(x, y));
                    let t = tol(&f);
                    let m = moved_circle(x, &c, t as f32);
                    assert!(
                        !c2d_overlap_circle_circle(m, y),
                        "circle MTV short {x:?} {y:?} {c:?}"
                    );
                    let p = c.point;
                    let inside = |k: Circle| near(p, k.center(), k.r as f64 + t);
                    assert!(
                        inside(x) && inside(y),
                        "circle point {p:?} outside {x:?} {y:?}"
                    );
                }
            }
            2 => {
                let (x, y) = (b.rect(), b.circle());
                let f = [&rect_f(x)[..], &circle_f(y)].concat();
                let c = collide(
                    "rect_circle",
                    c2d_collide_rect_circle,
                    c2d_overlap_rect_circle,
                    x,
                    y,
                );
                if let (Some(c), true) = (c, moderate(&f)) {
                    sane("rect_circle", &c, &(x, y));
                    let t = tol(&f);
                    let m = moved_rect(x, &c, t as f32);
                    assert!(
                        !c2d_overlap_rect_circle(m, y),
                        "rect_circle MTV short {x:?} {y:?} {c:?}"
                    );
                    let p = c.point;
                    assert!(
                        near(p, c2d_closest_point_rect(x, p), t),
                        "point {p:?} off {x:?} ({x:?} {y:?} {c:?})"
                    );
                    assert!(
                        near(p, y.center(), y.r as f64 + t),
                        "point {p:?} off {y:?} ({x:?} {y:?} {c:?})"
                    );
                }
            }
            3 => {
                let (x, y) = (b.obb(), b.circle());
                let f = [&obb_f(x)[..], &circle_f(y)].concat();
                let c = collide(
                    "obb_circle",
                    c2d_collide_obb_circle,
                    c2d_overlap_obb_circle,
                    x,
                    y,
                );
                if let (Some(c), true) = (c, moderate(&f)) {
                    sane("obb_circle", &c, &(x, y));
                    let t = tol(&f);
                    let m = moved_obb(x, &c, t as f32);
                    assert!(
                        !c2d_overlap_obb_circle(m, y),
                        "obb_circle MTV short {x:?} {y:?} {c:?}"
                    );
                    let p = c.point;
                    assert!(
                        near(p, c2d_closest_point_obb(x, p), t),
                        "point {p:?} off {x:?} ({x:?} {y:?} {c:?})"
                    );
                    assert!(
                        near(p, y.center(), y.r as f64 + t),
                        "point {p:?} off {y:?} ({x:?} {y:?} {c:?})"
                    );
                }
            }
            4 => {
                let (x, y) = (b.obb(), b.rect());
                let f = [&obb_f(x)[..], &rect_f(y)].concat();
                let c = collide("obb_rect", c2d_collide_obb_rect, c2d_overlap_obb_rect, x, y);
                if let (Some(c), true) = (c, moderate(&f)) {
                    sane("obb_rect", &c, &(x, y));
                    let t = tol(&f);
                    let m = moved_obb(x, &c, t as f32);
                    assert!(
                        !c2d_overlap_obb_rect(m, y),
                        "obb_rect MTV short {x:?} {y:?} {c:?}"
                    );
                    let p = c.point;
                    {
                        assert!(
                            near(p, c2d_closest_point_obb(x, p), t),
                            "point {p:?} off {x:?} ({x:?} {y:?} {c:?})"
                        );
                        assert!(
                            near(p, c2d_closest_point_rect(y, p), t),
                            "point {p:?} off {y:?} ({x:?} {y:?} {c:?})"
                        );
                    }
                }
            }
            5 => {
                let (x, y) = (b.obb(), b.obb());
                let f = [obb_f(x), obb_f(y)].concat();
                let c = collide("obb_obb", c2d_collide_obb_obb, c2d_overlap_obb_obb, x, y);
                if let (Some(c), true) = (c, moderate(&f)) {
                    sane("obb_obb", &c, &(x, y));
                    let t = tol(&f);
                    let m = moved_obb(x, &c, t as f32);
                    assert!(
                        !c2d_overlap_obb_obb(m, y),
                        "obb_obb MTV short {x:?} {y:?} {c:?}"
                    );
                    let p = c.point;
                    {
                        assert!(
                            near(p, c2d_closest_point_obb(x, p), t),
                            "point {p:?} off {x:?} ({x:?} {y:?} {c:?})"
                        );
                        assert!(
                            near(p, c2d_closest_point_obb(y, p), t),
                            "point {p:?} off {y:?} ({x:?} {y:?} {c:?})"
                        );
                    }
                }
            }
            6 => {
                // Distances: NaN in gives NaN, otherwise >= 0; on the grid 0 exactly when touching.
                let (x, y, c, d, o) = (b.rect(), b.rect(), b.circle(), b.circle(), b.obb());
                let all = format!("{x:?} {y:?} {c:?} {d:?} {o:?}");
                let check = |name: &str, v: f32, f: &[f32], touch: bool, exact: bool| {
                    let (has_nan, moderate) = (nan(f), moderate(f));
                    if has_nan {
                        assert!(v.is_nan(), "{name}: {v} for a NaN input");
                    } else {
                        assert!(v >= 0.0, "{name}: {v} (NaN or negative): {all}");
                    }
                    // Off the grid the predicate and the distance round differently.
                    if touch && exact {
                        assert_eq!(v, 0.0, "{name}: touching shapes at distance {v}: {all}");
                    } else if touch && moderate {
                        assert!(
                            !(v > 1.0e-3 * (1.0 + v)),
                            "{name}: touching at distance {v}: {all}"
                        );
                    } else if exact {
                        assert!(v > 0.0, "{name}: apart on the grid but distance {v}: {all}");
                    }
                };
                let frr = [rect_f(x), rect_f(y)].concat();
                let fcc = [circle_f(c), circle_f(d)].concat();
                let frc = [&rect_f(x)[..], &circle_f(c)].concat();
                let foc = [&obb_f(o)[..], &circle_f(c)].concat();
                let fox = [&obb_f(o)[..], &rect_f(x)].concat();
                let a_nonempty = c.r >= 0.0 && d.r >= 0.0;
                check(
                    "distance_rect_rect",
                    c2d_distance_rect_rect(x, y),
                    &frr,
                    c2d_touch_rect_rect(x, y),
                    grid(&frr),
                );
                let dcc = c2d_distance_circle_circle(c, d);
                if moderate(&fcc[..2]) && moderate(&fcc[3..5]) && !nan(&fcc) && !a_nonempty {
                    assert_eq!(dcc, f32::INFINITY, "distance to an empty circle");
                } else {
                    check(
                        "distance_circle_circle",
                        dcc,
                        &fcc,
                        c2d_touch_circle_circle(c, d),
                        grid(&fcc),
                    );
                }
                if c.r >= 0.0 || nan(&frc) {
                    check(
                        "distance_rect_circle",
                        c2d_distance_rect_circle(x, c),
                        &frc,
                        c2d_touch_rect_circle(x, c),
                        grid(&frc),
                    );
                }
                if c.r >= 0.0 || nan(&foc) {
                    let exact = grid(&foc) && quarter(o.rot).is_some();
                    check(
                        "distance_obb_circle",
                        c2d_distance_obb_circle(o, c),
                        &foc,
                        c2d_touch_obb_circle(o, c),
                        exact,
                    );
                }
                // Empty circles (skipped above) are +inf away: a number too.
                for (name, v, f) in [
                    ("distance_rect_circle", c2d_distance_rect_circle(x, c), &frc),
                    ("distance_obb_circle", c2d_distance_obb_circle(o, c), &foc),
                ] {
                    if !nan(f) {
                        assert!(v >= 0.0, "{name}: {v} (NaN or negative): {all}");
                    }
                }
                let exact = grid(&fox) && quarter(o.rot).is_some();
                check(
                    "distance_obb_rect",
                    c2d_distance_obb_rect(o, x),
                    &fox,
                    c2d_touch_obb_rect(o, x),
                    exact,
                );
                let o2 = b.obb();
                let foo = [obb_f(o), obb_f(o2)].concat();
                let exact = grid(&foo) && quarter(o.rot).is_some() && quarter(o2.rot).is_some();
                check(
                    "distance_obb_obb",
                    c2d_distance_obb_obb(o, o2),
                    &foo,
                    c2d_touch_obb_obb(o, o2),
                    exact,
                );
            }
            7 => {
                // Closest points: NaN in gives NaN; the answer lies on the shape, and is the point
                // itself when it is inside.
                let (r, p, o, s) = (b.rect(), b.vec2(), b.obb(), b.segment());
                let q = c2d_closest_point_rect(r, p);
                let fr = [&rect_f(r)[..], &vec_f(p)].concat();
                if !nan(&fr) {
                    assert!(
                        numbers(&vec_f(q)),
                        "closest_point_rect {q:?} for {r:?} {p:?}"
                    );
                }
                if nan(&fr) {
                    assert!(
                        q.x.is_nan() || q.y.is_nan(),
                        "closest_point_rect {q:?} for NaN"
                    );
                } else if grid(&fr) {
                    assert!(
                        c2d_touch_point_rect(q, r),
                        "closest_point_rect {q:?} off {r:?}"
                    );
                    if c2d_touch_point_rect(p, r) {
                        assert_eq!(q, p, "closest_point_rect moved an inside point");
                    }
                }
                let q = c2d_closest_point_obb(o, p);
                let fo = [&obb_f(o)[..], &vec_f(p)].concat();
                if !nan(&fo) {
                    assert!(
                        numbers(&vec_f(q)),
                        "closest_point_obb {q:?} for {o:?} {p:?}"
                    );
                }
                if nan(&fo) {
                    assert!(
                        q.x.is_nan() || q.y.is_nan(),
                        "closest_point_obb {q:?} for NaN"
                    );
                } else if moderate(&fo) {
                    let t = tol(&fo);
                    assert!(
                        near(q, c2d_closest_point_obb(o, q), t),
                        "closest_point_obb {q:?} off {o:?}"
                    );
                    if c2d_overlap_point_obb(p, o) {
                        assert!(
                            near(q, p, t),
                            "closest_point_obb moved an inside point {p:?} to {q:?}"
                        );
                    }
                }
                let q = c2d_closest_point_segment(s, p);
                let fs = [&seg_f(s)[..], &vec_f(p)].concat();
                if !nan(&fs) {
                    assert!(
                        numbers(&vec_f(q)),
                        "closest_point_segment {q:?} for {s:?} {p:?}"
                    );
                }
                if nan(&fs) {
                    assert!(
                        q.x.is_nan() || q.y.is_nan(),
                        "closest_point_segment {q:?} for NaN"
                    );
                } else if moderate(&fs) {
                    let t = tol(&fs);
                    let d = |v: Vec2| (v.x as f64 - p.x as f64).hypot(v.y as f64 - p.y as f64);
                    assert!(
                        d(q) <= d(s.a).min(d(s.b)) + t,
                        "closest_point_segment {q:?} for {s:?} {p:?}"
                    );
                }
            }
            _ => {
                // Rotation helpers: unit for a finite angle, exact at multiples of 90°, NaN otherwise.
                let a = b.f32();
                for (name, r) in [
                    ("degrees", c2d_rot_from_degrees(a)),
                    ("radians", c2d_rot_from_radians(a)),
                ] {
                    if a.is_finite() {
                        let n = (r.c as f64).hypot(r.s as f64);
                        assert!((n - 1.0).abs() <= 1.0e-6, "rot_from_{name}({a}) = {r:?}");
                    } else {
                        assert!(r.c.is_nan() && r.s.is_nan(), "rot_from_{name}({a}) = {r:?}");
                    }
                }
                if a.is_finite() && (a as f64 % 90.0) == 0.0 {
                    assert!(
                        quarter(c2d_rot_from_degrees(a)).is_some(),
                        "rot_from_degrees({a}) inexact"
                    );
                }
                let r = b.rect();
                let o = c2d_obb_from_rect(r, a);
                if !nan(&rect_f(r)) {
                    assert_eq!(o.half.x, (r.w * 0.5).abs(), "obb_from_rect half {r:?}");
                    assert_eq!(o.half.y, (r.h * 0.5).abs(), "obb_from_rect half {r:?}");
                }
                if a == 0.0 && grid(&rect_f(r)) {
                    // Unrotated: the same box as the rect.
                    let p = b.vec2();
                    if grid(&vec_f(p)) {
                        assert_eq!(
                            c2d_touch_point_obb(p, o),
                            c2d_touch_point_rect(p, r),
                            "{r:?} {p:?}"
                        );
                        assert_eq!(
                            c2d_overlap_point_obb(p, o),
                            c2d_overlap_point_rect(p, r),
                            "{r:?} {p:?}"
                        );
                    }
                }
            }
        }
    }
});
