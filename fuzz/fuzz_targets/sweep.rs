//! Sweeps and ray casts on arbitrary bit patterns (API.md "Continuous collision", "Bad input"): a
//! NaN means no hit, and so does an infinite delta (or ray origin); every field of a hit is a
//! number (no NaN); `out` is untouched on a miss and NULL gives the same answer; a hit has t in
//! [0, 1]; unless the shapes overlap at the start, neither `pos` nor `a + t*delta` (f32, no FMA)
//! overlaps the target strictly; on the grid domain no sampled position before t overlaps (t never
//! past the contact) and a miss passes no overlapping sample (no tunnelling); at any size ratio,
//! a sweep that misses leaves the mover's end, `a + delta` in f32, clear of the target. A ray cast with a finite origin and delta hits exactly when the segment intersects
//! the shape.
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::{Circle, Hit, Rect, Segment, Vec2};
use common::*;
use libfuzzer_sys::fuzz_target;

const SENTINEL: Hit = Hit {
    t: -7.0,
    normal: Vec2 { x: 7.0, y: 7.0 },
    point: Vec2 { x: 7.0, y: 7.0 },
    pos: Vec2 { x: 7.0, y: 7.0 },
};

/// A moving shape: its floats, a copy placed at a position, and where it is.
trait Mover: Copy + std::fmt::Debug {
    fn floats(&self) -> Vec<f32>;
    fn at(&self, p: Vec2) -> Self;
    fn pos(&self) -> Vec2;
}

impl Mover for Rect {
    fn floats(&self) -> Vec<f32> {
        rect_f(*self).to_vec()
    }
    fn at(&self, p: Vec2) -> Self {
        Rect::new(p.x, p.y, self.w, self.h)
    }
    fn pos(&self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }
}

impl Mover for Circle {
    fn floats(&self) -> Vec<f32> {
        circle_f(*self).to_vec()
    }
    fn at(&self, p: Vec2) -> Self {
        Circle::new(p.x, p.y, self.r)
    }
    fn pos(&self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }
}

#[allow(clippy::too_many_arguments)]
fn sweep<A: Mover, B: Copy + std::fmt::Debug>(
    name: &str,
    f: unsafe extern "C" fn(A, Vec2, B, *mut Hit) -> bool,
    overlap: &dyn Fn(A, B) -> bool,
    a: A,
    d: Vec2,
    b: B,
    bf: &[f32],
    b_exact: bool,
) {
    let mut out = SENTINEL;
    // SAFETY: `out` is a valid Hit; NULL is allowed by the contract.
    let (hit, hit_null) = unsafe { (f(a, d, b, &mut out), f(a, d, b, std::ptr::null_mut())) };
    let input = format!("{name}({a:?}, {d:?}, {b:?})");
    assert_eq!(hit, hit_null, "{input}: answer depends on the out pointer");
    let all = [a.floats(), vec_f(d).to_vec(), bf.to_vec()].concat();
    if nan(&all) {
        assert!(!hit, "{input}: hit with a NaN input");
    }
    if infinite(&vec_f(d)) {
        assert!(!hit, "{input}: hit with an infinite delta");
    }
    if !hit {
        assert_eq!(out, SENTINEL, "{input}: out written on a miss");
    } else {
        assert!((0.0..=1.0).contains(&out.t), "{input}: t = {}", out.t);
        assert!(numbers(&hit_f(&out)), "{input}: NaN in the hit {out:?}");
    }
    let start = overlap(a, b);
    // Never missed, at any size ratio: a miss leaves the mover's end, a + delta in f32, clear.
    if !hit && !start {
        let p = a.pos();
        let end = a.at(Vec2::new(p.x + d.x, p.y + d.y));
        assert!(
            !overlap(end, b),
            "{input}: missed, but the end {end:?} overlaps"
        );
    }
    if hit && !start {
        let p = a.pos();
        let at_t = Vec2::new(p.x + out.t * d.x, p.y + out.t * d.y);
        assert!(
            !overlap(a.at(out.pos), b),
            "{input}: pos {:?} overlaps (t {})",
            out.pos,
            out.t
        );
        assert!(
            !overlap(a.at(at_t), b),
            "{input}: a + t*delta {at_t:?} overlaps (t {})",
            out.t
        );
        if moderate(&all) {
            assert!(unit(out.normal), "{input}: normal {:?}", out.normal);
        }
    }
    // Checked on the grid domain, where the hit decision is exact: off it, an infinite delta or a
    // subnormal radius against a zero-width rect can miss.
    if start && grid(&all) {
        assert!(
            hit && out.t == 0.0,
            "{input}: overlapping at the start but {hit} t {}",
            out.t
        );
    }
    // Sampled positions, where they are exact in f32: none before t overlaps, and a miss has none.
    if grid(&all) && b_exact && !start {
        let p = a.pos();
        let limit = if hit { out.t as f64 } else { 1.0 };
        for k in 0..=16 {
            let s = k as f64 / 16.0;
            if s >= limit {
                break;
            }
            let (x, y) = (p.x as f64 + s * d.x as f64, p.y as f64 + s * d.y as f64);
            if (x as f32) as f64 != x || (y as f32) as f64 != y {
                continue;
            }
            let q = a.at(Vec2::new(x as f32, y as f32));
            assert!(
                !overlap(q, b),
                "{input}: overlaps at {s} before t {} (hit {hit})",
                out.t
            );
        }
    }
}

fn raycast<B: Copy + std::fmt::Debug>(
    name: &str,
    f: unsafe extern "C" fn(Vec2, Vec2, B, *mut Hit) -> bool,
    intersect: extern "C" fn(Segment, B) -> bool,
    o: Vec2,
    d: Vec2,
    b: B,
    bf: &[f32],
) {
    let mut out = SENTINEL;
    // SAFETY: `out` is a valid Hit; NULL is allowed.
    let (hit, hit_null) = unsafe { (f(o, d, b, &mut out), f(o, d, b, std::ptr::null_mut())) };
    let input = format!("{name}({o:?}, {d:?}, {b:?})");
    assert_eq!(hit, hit_null, "{input}: answer depends on the out pointer");
    let all = [&vec_f(o)[..], &vec_f(d), bf].concat();
    if nan(&all) {
        assert!(!hit, "{input}: hit with a NaN input");
    }
    let seg = Segment::new(o, Vec2::new(o.x + d.x, o.y + d.y));
    if infinite(&[o.x, o.y, d.x, d.y]) {
        assert!(!hit, "{input}: hit with an infinite origin or delta");
    } else {
        assert_eq!(
            hit,
            intersect(seg, b),
            "{input}: disagrees with intersect_segment"
        );
    }
    if hit {
        assert!((0.0..=1.0).contains(&out.t), "{input}: t = {}", out.t);
        assert!(numbers(&hit_f(&out)), "{input}: NaN in the hit {out:?}");
    } else {
        assert_eq!(out, SENTINEL, "{input}: out written on a miss");
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    while !b.is_empty() {
        let d = b.vec2();
        match b.u8() % 10 {
            0 => {
                let (x, y) = (b.rect(), b.rect());
                let ov = |a: Rect, b: Rect| c2d_overlap_rect_rect(a, b);
                sweep(
                    "sweep_rect_rect",
                    c2d_sweep_rect_rect,
                    &ov,
                    x,
                    d,
                    y,
                    &rect_f(y),
                    true,
                );
            }
            1 => {
                let (x, y) = (b.circle(), b.rect());
                let ov = |a: Circle, b: Rect| c2d_overlap_rect_circle(b, a);
                sweep(
                    "sweep_circle_rect",
                    c2d_sweep_circle_rect,
                    &ov,
                    x,
                    d,
                    y,
                    &rect_f(y),
                    true,
                );
            }
            2 => {
                let (x, y) = (b.circle(), b.circle());
                let ov = |a: Circle, b: Circle| c2d_overlap_circle_circle(a, b);
                sweep(
                    "sweep_circle_circle",
                    c2d_sweep_circle_circle,
                    &ov,
                    x,
                    d,
                    y,
                    &circle_f(y),
                    true,
                );
            }
            3 => {
                let (x, y) = (b.rect(), b.circle());
                let ov = |a: Rect, b: Circle| c2d_overlap_rect_circle(a, b);
                sweep(
                    "sweep_rect_circle",
                    c2d_sweep_rect_circle,
                    &ov,
                    x,
                    d,
                    y,
                    &circle_f(y),
                    true,
                );
            }
            4 => {
                let (x, y) = (b.circle(), b.obb());
                let ov = |a: Circle, b| c2d_overlap_obb_circle(b, a);
                let q = quarter(y.rot).is_some();
                sweep(
                    "sweep_circle_obb",
                    c2d_sweep_circle_obb,
                    &ov,
                    x,
                    d,
                    y,
                    &obb_f(y),
                    q,
                );
            }
            5 => {
                let (x, y) = (b.rect(), b.obb());
                let ov = |a: Rect, b| c2d_overlap_obb_rect(b, a);
                let q = quarter(y.rot).is_some();
                sweep(
                    "sweep_rect_obb",
                    c2d_sweep_rect_obb,
                    &ov,
                    x,
                    d,
                    y,
                    &obb_f(y),
                    q,
                );
            }
            6 => {
                let (o, y) = (b.vec2(), b.rect());
                raycast(
                    "raycast_rect",
                    c2d_raycast_rect,
                    c2d_intersect_segment_rect,
                    o,
                    d,
                    y,
                    &rect_f(y),
                );
            }
            7 => {
                let (o, y) = (b.vec2(), b.circle());
                raycast(
                    "raycast_circle",
                    c2d_raycast_circle,
                    c2d_intersect_segment_circle,
                    o,
                    d,
                    y,
                    &circle_f(y),
                );
            }
            8 => {
                let (o, y) = (b.vec2(), b.obb());
                raycast(
                    "raycast_obb",
                    c2d_raycast_obb,
                    c2d_intersect_segment_obb,
                    o,
                    d,
                    y,
                    &obb_f(y),
                );
            }
            _ => {
                let (o, y) = (b.vec2(), b.segment());
                raycast(
                    "raycast_segment",
                    c2d_raycast_segment,
                    c2d_intersect_segment_segment,
                    o,
                    d,
                    y,
                    &seg_f(y),
                );
            }
        }
    }
});
