//! Every float predicate (`c2d_overlap_*`, `c2d_touch_*`, `c2d_intersect_segment_*`) on arbitrary
//! bit patterns: overlap implies touch, symmetric pairs agree both ways, a NaN makes every answer
//! false, and on the grid domain each answer equals the exact model's (API.md "Exactness").
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::{Obb, Rect, Rot, Segment, Vec2};
use common::*;
use libfuzzer_sys::fuzz_target;

/// Both flavours of one pair: strict implies closed, and a NaN makes both false.
fn flavours(name: &str, overlap: bool, touch: bool, has_nan: bool) {
    assert!(!overlap || touch, "{name}: overlap without touch");
    assert!(!(has_nan && touch), "{name}: true with a NaN input");
}

fn model(name: &str, got: bool, want: bool, input: &dyn std::fmt::Debug) {
    assert_eq!(
        got, want,
        "{name} differs from the exact answer for {input:?}"
    );
}

fn rect_as_obb(r: Rect) -> Obb {
    let n = r.normalized();
    Obb {
        center: Vec2::new(n.x + n.w * 0.5, n.y + n.h * 0.5),
        half: Vec2::new(n.w * 0.5, n.h * 0.5),
        rot: Rot { c: 1.0, s: 0.0 },
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    while !b.is_empty() {
        match b.u8() % 11 {
            0 => {
                let (x, y) = (b.rect(), b.rect());
                let (o, t) = (c2d_overlap_rect_rect(x, y), c2d_touch_rect_rect(x, y));
                let f = [rect_f(x), rect_f(y)].concat();
                flavours("rect_rect", o, t, nan(&f));
                assert_eq!(
                    o,
                    c2d_overlap_rect_rect(y, x),
                    "rect_rect symmetry {x:?} {y:?}"
                );
                assert_eq!(
                    t,
                    c2d_touch_rect_rect(y, x),
                    "touch rect_rect symmetry {x:?} {y:?}"
                );
                if grid(&f) {
                    model(
                        "overlap_rect_rect",
                        o,
                        span_span(span(x), span(y), false),
                        &(x, y),
                    );
                    model(
                        "touch_rect_rect",
                        t,
                        span_span(span(x), span(y), true),
                        &(x, y),
                    );
                    // The same boxes as unrotated OBBs answer the same (centres on the half grid).
                    let (ox, oy) = (rect_as_obb(x), rect_as_obb(y));
                    model(
                        "overlap_obb_obb(rects)",
                        c2d_overlap_obb_obb(ox, oy),
                        o,
                        &(x, y),
                    );
                    model(
                        "touch_obb_rect(rects)",
                        c2d_touch_obb_rect(ox, y),
                        t,
                        &(x, y),
                    );
                }
            }
            1 => {
                let (x, y) = (b.circle(), b.circle());
                let (o, t) = (
                    c2d_overlap_circle_circle(x, y),
                    c2d_touch_circle_circle(x, y),
                );
                let f = [circle_f(x), circle_f(y)].concat();
                flavours("circle_circle", o, t, nan(&f));
                assert_eq!(
                    o,
                    c2d_overlap_circle_circle(y, x),
                    "circle symmetry {x:?} {y:?}"
                );
                assert_eq!(
                    t,
                    c2d_touch_circle_circle(y, x),
                    "circle symmetry {x:?} {y:?}"
                );
                if grid(&f) {
                    model(
                        "overlap_circle_circle",
                        o,
                        circle_circle(x, y, false),
                        &(x, y),
                    );
                    model("touch_circle_circle", t, circle_circle(x, y, true), &(x, y));
                }
            }
            2 => {
                let (x, c) = (b.rect(), b.circle());
                let (o, t) = (c2d_overlap_rect_circle(x, c), c2d_touch_rect_circle(x, c));
                let f = [&rect_f(x)[..], &circle_f(c)].concat();
                flavours("rect_circle", o, t, nan(&f));
                if grid(&f) {
                    model(
                        "overlap_rect_circle",
                        o,
                        span_circle(span(x), c, false),
                        &(x, c),
                    );
                    model(
                        "touch_rect_circle",
                        t,
                        span_circle(span(x), c, true),
                        &(x, c),
                    );
                    let ox = rect_as_obb(x);
                    model(
                        "overlap_obb_circle(rect)",
                        c2d_overlap_obb_circle(ox, c),
                        o,
                        &(x, c),
                    );
                    model(
                        "touch_obb_circle(rect)",
                        c2d_touch_obb_circle(ox, c),
                        t,
                        &(x, c),
                    );
                }
            }
            3 => {
                let (p, x) = (b.vec2(), b.rect());
                let (o, t) = (c2d_overlap_point_rect(p, x), c2d_touch_point_rect(p, x));
                let f = [&vec_f(p)[..], &rect_f(x)].concat();
                flavours("point_rect", o, t, nan(&f));
                if grid(&f) {
                    let (px, py) = (fx(p.x), fx(p.y));
                    model(
                        "overlap_point_rect",
                        o,
                        span_point(span(x), px, py, false),
                        &(p, x),
                    );
                    model(
                        "touch_point_rect",
                        t,
                        span_point(span(x), px, py, true),
                        &(p, x),
                    );
                    let ox = rect_as_obb(x);
                    model(
                        "overlap_point_obb(rect)",
                        c2d_overlap_point_obb(p, ox),
                        o,
                        &(p, x),
                    );
                    model(
                        "touch_point_obb(rect)",
                        c2d_touch_point_obb(p, ox),
                        t,
                        &(p, x),
                    );
                    // A point is a circle of radius 0 (it can touch, never overlap).
                    let c = collide2d::Circle::new(p.x, p.y, 0.0);
                    model(
                        "touch_rect_circle(r=0)",
                        c2d_touch_rect_circle(x, c),
                        t,
                        &(p, x),
                    );
                    assert!(
                        !c2d_overlap_rect_circle(x, c),
                        "a point circle overlaps {p:?} {x:?}"
                    );
                }
            }
            4 => {
                let (p, c) = (b.vec2(), b.circle());
                let (o, t) = (c2d_overlap_point_circle(p, c), c2d_touch_point_circle(p, c));
                let f = [&vec_f(p)[..], &circle_f(c)].concat();
                flavours("point_circle", o, t, nan(&f));
                if grid(&f) {
                    model(
                        "overlap_point_circle",
                        o,
                        point_circle(p, c, false),
                        &(p, c),
                    );
                    model("touch_point_circle", t, point_circle(p, c, true), &(p, c));
                }
            }
            5 => {
                let (x, c) = (b.obb(), b.circle());
                let (o, t) = (c2d_overlap_obb_circle(x, c), c2d_touch_obb_circle(x, c));
                let f = [&obb_f(x)[..], &circle_f(c)].concat();
                flavours("obb_circle", o, t, nan(&f));
                if let (true, Some(q)) = (grid(&f), quarter(x.rot)) {
                    let s = obb_span(x, q);
                    model(
                        "overlap_obb_circle(90°)",
                        o,
                        span_circle(s, c, false),
                        &(x, c),
                    );
                    model("touch_obb_circle(90°)", t, span_circle(s, c, true), &(x, c));
                }
            }
            6 => {
                let (x, y) = (b.obb(), b.rect());
                let (o, t) = (c2d_overlap_obb_rect(x, y), c2d_touch_obb_rect(x, y));
                let f = [&obb_f(x)[..], &rect_f(y)].concat();
                flavours("obb_rect", o, t, nan(&f));
                if let (true, Some(q)) = (grid(&f), quarter(x.rot)) {
                    let s = obb_span(x, q);
                    model(
                        "overlap_obb_rect(90°)",
                        o,
                        span_span(s, span(y), false),
                        &(x, y),
                    );
                    model(
                        "touch_obb_rect(90°)",
                        t,
                        span_span(s, span(y), true),
                        &(x, y),
                    );
                }
            }
            7 => {
                let (x, y) = (b.obb(), b.obb());
                let (o, t) = (c2d_overlap_obb_obb(x, y), c2d_touch_obb_obb(x, y));
                let f = [obb_f(x), obb_f(y)].concat();
                flavours("obb_obb", o, t, nan(&f));
                assert_eq!(o, c2d_overlap_obb_obb(y, x), "obb_obb symmetry {x:?} {y:?}");
                assert_eq!(
                    t,
                    c2d_touch_obb_obb(y, x),
                    "touch obb_obb symmetry {x:?} {y:?}"
                );
                if let (true, Some(q), Some(r)) = (grid(&f), quarter(x.rot), quarter(y.rot)) {
                    let (sx, sy) = (obb_span(x, q), obb_span(y, r));
                    model("overlap_obb_obb(90°)", o, span_span(sx, sy, false), &(x, y));
                    model("touch_obb_obb(90°)", t, span_span(sx, sy, true), &(x, y));
                }
            }
            8 => {
                let (p, x) = (b.vec2(), b.obb());
                let (o, t) = (c2d_overlap_point_obb(p, x), c2d_touch_point_obb(p, x));
                let f = [&vec_f(p)[..], &obb_f(x)].concat();
                flavours("point_obb", o, t, nan(&f));
                if let (true, Some(q)) = (grid(&f), quarter(x.rot)) {
                    let s = obb_span(x, q);
                    let (px, py) = (fx(p.x), fx(p.y));
                    model(
                        "overlap_point_obb(90°)",
                        o,
                        span_point(s, px, py, false),
                        &(p, x),
                    );
                    model(
                        "touch_point_obb(90°)",
                        t,
                        span_point(s, px, py, true),
                        &(p, x),
                    );
                }
            }
            9 => {
                let (s, t) = (b.segment(), b.segment());
                let i = c2d_intersect_segment_segment(s, t);
                let f = [seg_f(s), seg_f(t)].concat();
                assert!(!(nan(&f) && i), "segment_segment true with NaN {s:?} {t:?}");
                assert_eq!(
                    i,
                    c2d_intersect_segment_segment(t, s),
                    "segment symmetry {s:?} {t:?}"
                );
                if grid(&f) {
                    let rev = Segment::new(s.b, s.a);
                    assert_eq!(
                        i,
                        c2d_intersect_segment_segment(rev, t),
                        "reversed {s:?} {t:?}"
                    );
                    model("intersect_segment_segment", i, seg_seg(s, t), &(s, t));
                }
            }
            _ => {
                let s = b.segment();
                let (x, c, o) = (b.rect(), b.circle(), b.obb());
                let ir = c2d_intersect_segment_rect(s, x);
                let ic = c2d_intersect_segment_circle(s, c);
                let io = c2d_intersect_segment_obb(s, o);
                let rev = Segment::new(s.b, s.a);
                // Reversing a segment may change rounding off the grid; on it, never.
                if grid(&[&seg_f(s)[..], &rect_f(x)[..], &circle_f(c)].concat()) {
                    assert_eq!(
                        ir,
                        c2d_intersect_segment_rect(rev, x),
                        "reversed {s:?} {x:?}"
                    );
                    assert_eq!(
                        ic,
                        c2d_intersect_segment_circle(rev, c),
                        "reversed {s:?} {c:?}"
                    );
                }
                assert!(
                    !(ir && nan(&[&seg_f(s)[..], &rect_f(x)].concat())),
                    "NaN {s:?} {x:?}"
                );
                assert!(
                    !(ic && nan(&[&seg_f(s)[..], &circle_f(c)].concat())),
                    "NaN {s:?} {c:?}"
                );
                assert!(
                    !(io && nan(&[&seg_f(s)[..], &obb_f(o)].concat())),
                    "NaN {s:?} {o:?}"
                );
                if grid(&[&seg_f(s)[..], &rect_f(x)].concat()) {
                    model("intersect_segment_rect", ir, seg_span(s, span(x)), &(s, x));
                    let ox = rect_as_obb(x);
                    model(
                        "intersect_segment_obb(rect)",
                        c2d_intersect_segment_obb(s, ox),
                        ir,
                        &(s, x),
                    );
                }
                if grid(&[&seg_f(s)[..], &circle_f(c)].concat()) {
                    model("intersect_segment_circle", ic, seg_circle(s, c), &(s, c));
                }
                if let (true, Some(q)) =
                    (grid(&[&seg_f(s)[..], &obb_f(o)].concat()), quarter(o.rot))
                {
                    model(
                        "intersect_segment_obb(90°)",
                        io,
                        seg_span(s, obb_span(o, q)),
                        &(s, o),
                    );
                }
            }
        }
    }
});
