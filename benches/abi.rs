//! ns per call of every predicate and contact through the C ABI.
//!
//! Each function is called through a function pointer hidden from the optimiser, so the machine
//! code measured is the exported `c2d_*` symbol a C engine calls, never an inlined Rust path.
//! Inputs: 1,000,000 pre-generated random pairs per function, half of them hitting, in random
//! order. Reported: the median of 9 passes over all pairs.
//!
//! Run: `cargo bench --bench abi` (add a name filter to run a subset: `cargo bench --bench abi -- obb`).

mod common;

use collide2d::ffi::*;
use collide2d::{Circle, CircleI, Contact, Obb, Rect, RectI, Segment, Vec2};
use common::{measure, pairs, Rng};
use std::hint::black_box;

macro_rules! bench_bool {
    ($filter:expr, $rng:expr, $name:literal, $f:ident: fn($a:ty, $b:ty), $gen:expr) => {
        if $filter.map_or(true, |f: &str| $name.contains(f)) {
            let f = black_box($f as extern "C" fn($a, $b) -> bool);
            let data = pairs($rng, $gen, |a, b| f(a, b));
            println!("| `{}` | {:.2} |", $name, measure(&data, |&(a, b)| f(a, b)));
        }
    };
}

macro_rules! bench_contact {
    ($filter:expr, $rng:expr, $name:literal, $f:ident: fn($a:ty, $b:ty), $gen:expr) => {
        if $filter.map_or(true, |f: &str| $name.contains(f)) {
            let f = black_box($f as unsafe extern "C" fn($a, $b, *mut Contact) -> bool);
            // SAFETY: NULL is a valid `out` for the collide functions.
            let data = pairs($rng, $gen, |a, b| unsafe { f(a, b, std::ptr::null_mut()) });
            let mut out = Contact::default();
            let ns = measure(&data, |&(a, b)| {
                // SAFETY: `out` is a live, writable Contact.
                unsafe { f(a, b, &mut out) }
            });
            black_box(out);
            println!("| `{}` | {:.2} |", $name, ns);
        }
    };
}

/// An empty function with the largest argument list measured: the cost of the call and the loop.
extern "C" fn empty(a: Obb, b: Circle) -> bool {
    black_box(a.center.x) < black_box(b.x)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let filter = args.first().map(String::as_str);
    let rng = &mut Rng(0x5EED_C011_1DE2_D000);
    println!("| function (through the C ABI) | ns/call |\n|---|---:|");
    bench_bool!(filter, rng, "empty call (harness floor)", empty: fn(Obb, Circle), |r| (r.obb(), r.circle()));
    bench_bool!(filter, rng, "c2d_overlap_rect_rect", c2d_overlap_rect_rect: fn(Rect, Rect), |r| (r.rect(), r.rect()));
    bench_bool!(filter, rng, "c2d_touch_rect_rect", c2d_touch_rect_rect: fn(Rect, Rect), |r| (r.rect(), r.rect()));
    bench_bool!(filter, rng, "c2d_overlap_circle_circle", c2d_overlap_circle_circle: fn(Circle, Circle), |r| (r.circle(), r.circle()));
    bench_bool!(filter, rng, "c2d_touch_circle_circle", c2d_touch_circle_circle: fn(Circle, Circle), |r| (r.circle(), r.circle()));
    bench_bool!(filter, rng, "c2d_overlap_rect_circle", c2d_overlap_rect_circle: fn(Rect, Circle), |r| (r.rect(), r.circle()));
    bench_bool!(filter, rng, "c2d_touch_rect_circle", c2d_touch_rect_circle: fn(Rect, Circle), |r| (r.rect(), r.circle()));
    bench_bool!(filter, rng, "c2d_overlap_point_rect", c2d_overlap_point_rect: fn(Vec2, Rect), |r| (r.vec(), r.rect()));
    bench_bool!(filter, rng, "c2d_touch_point_rect", c2d_touch_point_rect: fn(Vec2, Rect), |r| (r.vec(), r.rect()));
    bench_bool!(filter, rng, "c2d_overlap_point_circle", c2d_overlap_point_circle: fn(Vec2, Circle), |r| (r.vec(), r.circle()));
    bench_bool!(filter, rng, "c2d_touch_point_circle", c2d_touch_point_circle: fn(Vec2, Circle), |r| (r.vec(), r.circle()));
    bench_bool!(filter, rng, "c2d_overlap_obb_circle", c2d_overlap_obb_circle: fn(Obb, Circle), |r| (r.obb(), r.circle()));
    bench_bool!(filter, rng, "c2d_touch_obb_circle", c2d_touch_obb_circle: fn(Obb, Circle), |r| (r.obb(), r.circle()));
    bench_bool!(filter, rng, "c2d_overlap_obb_rect", c2d_overlap_obb_rect: fn(Obb, Rect), |r| (r.obb(), r.rect()));
    bench_bool!(filter, rng, "c2d_touch_obb_rect", c2d_touch_obb_rect: fn(Obb, Rect), |r| (r.obb(), r.rect()));
    bench_bool!(filter, rng, "c2d_overlap_obb_obb", c2d_overlap_obb_obb: fn(Obb, Obb), |r| (r.obb(), r.obb()));
    bench_bool!(filter, rng, "c2d_touch_obb_obb", c2d_touch_obb_obb: fn(Obb, Obb), |r| (r.obb(), r.obb()));
    bench_bool!(filter, rng, "c2d_overlap_point_obb", c2d_overlap_point_obb: fn(Vec2, Obb), |r| (r.vec(), r.obb()));
    bench_bool!(filter, rng, "c2d_touch_point_obb", c2d_touch_point_obb: fn(Vec2, Obb), |r| (r.vec(), r.obb()));
    bench_bool!(filter, rng, "c2d_overlap_recti_recti", c2d_overlap_recti_recti: fn(RectI, RectI), |r| (r.recti(), r.recti()));
    bench_bool!(filter, rng, "c2d_touch_recti_recti", c2d_touch_recti_recti: fn(RectI, RectI), |r| (r.recti(), r.recti()));
    bench_bool!(filter, rng, "c2d_overlap_recti_circlei", c2d_overlap_recti_circlei: fn(RectI, CircleI), |r| (r.recti(), r.circlei()));
    bench_bool!(filter, rng, "c2d_touch_recti_circlei", c2d_touch_recti_circlei: fn(RectI, CircleI), |r| (r.recti(), r.circlei()));
    bench_bool!(filter, rng, "c2d_overlap_circlei_circlei", c2d_overlap_circlei_circlei: fn(CircleI, CircleI), |r| (r.circlei(), r.circlei()));
    bench_bool!(filter, rng, "c2d_touch_circlei_circlei", c2d_touch_circlei_circlei: fn(CircleI, CircleI), |r| (r.circlei(), r.circlei()));
    bench_bool!(filter, rng, "c2d_intersect_segment_segment", c2d_intersect_segment_segment: fn(Segment, Segment), |r| (r.segment(), r.segment()));
    bench_bool!(filter, rng, "c2d_intersect_segment_rect", c2d_intersect_segment_rect: fn(Segment, Rect), |r| (r.segment(), r.rect()));
    bench_bool!(filter, rng, "c2d_intersect_segment_circle", c2d_intersect_segment_circle: fn(Segment, Circle), |r| (r.segment(), r.circle()));
    bench_bool!(filter, rng, "c2d_intersect_segment_obb", c2d_intersect_segment_obb: fn(Segment, Obb), |r| (r.segment(), r.obb()));
    bench_contact!(filter, rng, "c2d_collide_rect_rect", c2d_collide_rect_rect: fn(Rect, Rect), |r| (r.rect(), r.rect()));
    bench_contact!(filter, rng, "c2d_collide_circle_circle", c2d_collide_circle_circle: fn(Circle, Circle), |r| (r.circle(), r.circle()));
    bench_contact!(filter, rng, "c2d_collide_rect_circle", c2d_collide_rect_circle: fn(Rect, Circle), |r| (r.rect(), r.circle()));
    bench_contact!(filter, rng, "c2d_collide_obb_circle", c2d_collide_obb_circle: fn(Obb, Circle), |r| (r.obb(), r.circle()));
    bench_contact!(filter, rng, "c2d_collide_obb_rect", c2d_collide_obb_rect: fn(Obb, Rect), |r| (r.obb(), r.rect()));
    bench_contact!(filter, rng, "c2d_collide_obb_obb", c2d_collide_obb_obb: fn(Obb, Obb), |r| (r.obb(), r.obb()));
}
