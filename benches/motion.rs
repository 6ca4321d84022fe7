//! ns per call of every sweep, ray cast and move through the C ABI, and a breakout
//! frame (one ball against a wall of 96 bricks) tested statically and swept.
//!
//! As in `benches/abi.rs`, each function is called through a function pointer hidden from the
//! optimiser: the machine code measured is the exported `c2d_*` symbol a C engine calls.
//! Inputs: 1,000,000 pre-generated random cases per function, half of them hitting, in random
//! order, every mover (or ray origin) starting clear of its target; every hit is written to an
//! out pointer (normal, point and pos computed). Reported: the median of 9 passes over all cases.
//!
//! The breakout frame: an 8x8 ball (also as a circle of radius 4) moving 10 units per frame in a
//! random direction from a random place of the field, against the 96 bricks of a 12 x 8 wall of
//! 40x16 bricks with 2-unit gaps; per frame, every brick is tested once. "static" tests the
//! ball's position after the frame's motion (`c2d_overlap_*`, what a tunnelling game does),
//! "swept" tests the motion (`c2d_sweep_*`).
//!
//! Run: `cargo bench --bench motion` (add a name filter to run a subset:
//! `cargo bench --bench motion -- sweep_rect`).

mod common;

use collide2d::ffi::*;
use collide2d::{Circle, Hit, MoveInfo, Obb, Rect, RectI, Segment, Vec2};
use common::{measure, pairs, Rng};
use std::hint::black_box;

/// A motion of up to 60 units along each axis.
fn delta(r: &mut Rng) -> Vec2 {
    Vec2::new(r.f(-60.0, 60.0), r.f(-60.0, 60.0))
}

/// A mover, its motion and a target, drawn again until the mover starts clear of the target
/// (not overlapping it strictly), as a game's movers do: the sweep itself is measured, not the
/// contact of shapes already overlapping.
fn clear<A, B>(
    r: &mut Rng,
    mover: impl Fn(&mut Rng) -> A,
    target: impl Fn(&mut Rng) -> B,
    overlaps: impl Fn(A, B) -> bool,
) -> ((A, Vec2), B)
where
    A: Copy,
    B: Copy,
{
    loop {
        let (a, d, b) = (mover(r), delta(r), target(r));
        if !overlaps(a, b) {
            return ((a, d), b);
        }
    }
}

/// `(mover, delta)` and a target; hits by the function itself with a NULL `out`.
macro_rules! bench_hit {
    ($filter:expr, $rng:expr, $name:literal, $f:ident: fn($a:ty, $b:ty), $gen:expr) => {
        if $filter.map_or(true, |f: &str| $name.contains(f)) {
            let f = black_box($f as unsafe extern "C" fn($a, Vec2, $b, *mut Hit) -> bool);
            // SAFETY: NULL is a valid `out` for sweeps and ray casts.
            let data = pairs($rng, $gen, |(a, d), b| unsafe {
                f(a, d, b, std::ptr::null_mut())
            });
            let mut out = Hit::default();
            let ns = measure(&data, |&((a, d), b)| {
                // SAFETY: `out` is a live, writable Hit.
                unsafe { f(a, d, b, &mut out) }
            });
            black_box(out);
            println!("| `{}` | {:.2} |", $name, ns);
        }
    };
}

const OBSTACLES: usize = 4;

/// The breakout wall: 12 columns x 8 rows of 40x16 bricks, 2-unit gaps, 2 units from the left
/// and 40 from the top of a 506-unit-wide field.
fn bricks() -> Vec<Rect> {
    let mut v = Vec::with_capacity(96);
    for row in 0..8 {
        for col in 0..12 {
            v.push(Rect::new(
                2.0 + 42.0 * col as f32,
                40.0 + 18.0 * row as f32,
                40.0,
                16.0,
            ));
        }
    }
    v
}

/// Balls (8x8, top-left `x, y`) and their motion for one frame: 10 units in a random direction,
/// from a random place of the field's top 300 units (the wall covers y 40..182) clear of every
/// brick, as a ball in play is.
fn frames(rng: &mut Rng, wall: &[Rect], n: usize) -> Vec<(Rect, Vec2)> {
    let mut v = Vec::with_capacity(n);
    while v.len() < n {
        let ball = Rect::new(rng.f(0.0, 498.0), rng.f(0.0, 300.0), 8.0, 8.0);
        let angle = rng.f(0.0, std::f32::consts::TAU);
        if !wall.iter().any(|&w| c2d_overlap_rect_rect(ball, w)) {
            v.push((ball, Vec2::new(10.0 * angle.cos(), 10.0 * angle.sin())));
        }
    }
    v
}

const FRAMES: usize = 100_000;

fn bench_frames(filter: Option<&str>, rng: &mut Rng) {
    if !filter.is_none_or(|f| "breakout frame".contains(f)) {
        return;
    }
    let wall = bricks();
    let data = frames(rng, &wall, FRAMES);
    let overlap_rr = black_box(c2d_overlap_rect_rect as extern "C" fn(Rect, Rect) -> bool);
    let overlap_rc = black_box(c2d_overlap_rect_circle as extern "C" fn(Rect, Circle) -> bool);
    let sweep_rr =
        black_box(c2d_sweep_rect_rect as unsafe extern "C" fn(Rect, Vec2, Rect, *mut Hit) -> bool);
    let sweep_cr = black_box(
        c2d_sweep_circle_rect as unsafe extern "C" fn(Circle, Vec2, Rect, *mut Hit) -> bool,
    );
    let ball_circle = |b: Rect| Circle::new(b.x + 4.0, b.y + 4.0, 4.0);
    let mut out = Hit::default();
    let mut rows = Vec::new();

    let hits = |f: &dyn Fn(&(Rect, Vec2)) -> usize| data.iter().filter(|fr| f(fr) > 0).count();
    let static_rr = |&(b, d): &(Rect, Vec2)| {
        let moved = Rect::new(b.x + d.x, b.y + d.y, b.w, b.h);
        wall.iter().filter(|&&w| overlap_rr(moved, w)).count()
    };
    let swept_rr = |&(b, d): &(Rect, Vec2)| {
        let mut out = Hit::default();
        // SAFETY: `out` is a live, writable Hit.
        wall.iter()
            .filter(|&&w| unsafe { sweep_rr(b, d, w, &mut out) })
            .count()
    };
    let share = 100.0 * hits(&swept_rr) as f64 / data.len() as f64;
    let s = measure(&data, |fr| static_rr(fr) > 0);
    let w = measure(&data, |&(b, d)| {
        let mut n = 0;
        for &brick in &wall {
            // SAFETY: `out` is a live, writable Hit.
            n += unsafe { sweep_rr(b, d, brick, &mut out) } as usize;
        }
        n > 0
    });
    rows.push((
        "8x8 rect ball",
        "c2d_overlap_rect_rect",
        "c2d_sweep_rect_rect",
        s,
        w,
        share,
    ));

    let static_rc = |&(b, d): &(Rect, Vec2)| {
        let moved = ball_circle(Rect::new(b.x + d.x, b.y + d.y, b.w, b.h));
        wall.iter().filter(|&&w| overlap_rc(w, moved)).count()
    };
    let swept_rc = |&(b, d): &(Rect, Vec2)| {
        let mut out = Hit::default();
        // SAFETY: `out` is a live, writable Hit.
        wall.iter()
            .filter(|&&w| unsafe { sweep_cr(ball_circle(b), d, w, &mut out) })
            .count()
    };
    let share = 100.0 * hits(&swept_rc) as f64 / data.len() as f64;
    let s = measure(&data, |fr| static_rc(fr) > 0);
    let w = measure(&data, |&(b, d)| {
        let c = ball_circle(b);
        let mut n = 0;
        for &brick in &wall {
            // SAFETY: `out` is a live, writable Hit.
            n += unsafe { sweep_cr(c, d, brick, &mut out) } as usize;
        }
        n > 0
    });
    rows.push((
        "r=4 circle ball",
        "c2d_overlap_rect_circle",
        "c2d_sweep_circle_rect",
        s,
        w,
        share,
    ));
    black_box(out);

    println!(
        "\nA breakout frame: one ball moving 10 units against 96 bricks, \
         {FRAMES} random frames.\n"
    );
    println!("| ball | static (per frame) | swept (per frame) | static ns/frame | swept ns/frame | swept / static | frames with a hit |");
    println!("|---|---|---|---:|---:|---:|---:|");
    for (ball, fs, fw, s, w, share) in rows {
        println!(
            "| {ball} | `{fs}` x 96 | `{fw}` x 96 | {s:.0} | {w:.0} | {:.2}x | {share:.1}% |",
            w / s
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let filter = args.first().map(String::as_str);
    let rng = &mut Rng(0x5EED_C011_1DE2_D001);
    println!("| function (through the C ABI) | ns/call |\n|---|---:|");
    bench_hit!(filter, rng, "c2d_sweep_rect_rect", c2d_sweep_rect_rect: fn(Rect, Rect), |r| clear(r, Rng::rect, Rng::rect, |a, b| c2d_overlap_rect_rect(a, b)));
    bench_hit!(filter, rng, "c2d_sweep_circle_rect", c2d_sweep_circle_rect: fn(Circle, Rect), |r| clear(r, Rng::circle, Rng::rect, |a, b| c2d_overlap_rect_circle(b, a)));
    bench_hit!(filter, rng, "c2d_sweep_circle_circle", c2d_sweep_circle_circle: fn(Circle, Circle), |r| clear(r, Rng::circle, Rng::circle, |a, b| c2d_overlap_circle_circle(a, b)));
    bench_hit!(filter, rng, "c2d_sweep_rect_circle", c2d_sweep_rect_circle: fn(Rect, Circle), |r| clear(r, Rng::rect, Rng::circle, |a, b| c2d_overlap_rect_circle(a, b)));
    bench_hit!(filter, rng, "c2d_sweep_circle_obb", c2d_sweep_circle_obb: fn(Circle, Obb), |r| clear(r, Rng::circle, Rng::obb, |a, b| c2d_overlap_obb_circle(b, a)));
    bench_hit!(filter, rng, "c2d_sweep_rect_obb", c2d_sweep_rect_obb: fn(Rect, Obb), |r| clear(r, Rng::rect, Rng::obb, |a, b| c2d_overlap_obb_rect(b, a)));
    bench_hit!(filter, rng, "c2d_raycast_rect", c2d_raycast_rect: fn(Vec2, Rect), |r| clear(r, Rng::vec, Rng::rect, |a, b| c2d_overlap_point_rect(a, b)));
    bench_hit!(filter, rng, "c2d_raycast_circle", c2d_raycast_circle: fn(Vec2, Circle), |r| clear(r, Rng::vec, Rng::circle, |a, b| c2d_overlap_point_circle(a, b)));
    bench_hit!(filter, rng, "c2d_raycast_obb", c2d_raycast_obb: fn(Vec2, Obb), |r| clear(r, Rng::vec, Rng::obb, |a, b| c2d_overlap_point_obb(a, b)));
    bench_hit!(filter, rng, "c2d_raycast_segment", c2d_raycast_segment: fn(Vec2, Segment), |r| clear(r, Rng::vec, Rng::segment, |_, _| false));

    if filter.is_none_or(|f| "c2d_move_rect".contains(f)) {
        type MoveRect = unsafe extern "C" fn(
            Rect,
            Vec2,
            *const Rect,
            usize,
            c2d_response,
            *mut MoveInfo,
        ) -> Vec2;
        let f = black_box(c2d_move_rect as MoveRect);
        let gen = |r: &mut Rng| loop {
            let (a, d, obs) = (r.rect(), delta(r), [(); OBSTACLES].map(|_| r.rect()));
            if !obs.iter().any(|&o| c2d_overlap_rect_rect(a, o)) {
                return ((a, d), obs);
            }
        };
        let moves = |a: Rect, d: Vec2, obs: &[Rect; OBSTACLES], info: &mut MoveInfo| {
            // SAFETY: `obs` holds OBSTACLES rects; `info` is a live, writable MoveInfo.
            unsafe { f(a, d, obs.as_ptr(), OBSTACLES, C2D_SLIDE, info) };
            info.count > 0
        };
        let data = pairs(rng, gen, |(a, d), obs| {
            moves(a, d, &obs, &mut MoveInfo::default())
        });
        let mut info = MoveInfo::default();
        let ns = measure(&data, |((a, d), obs)| moves(*a, *d, obs, &mut info));
        black_box(info);
        println!("| `c2d_move_rect` (SLIDE, {OBSTACLES} obstacles) | {ns:.2} |");
    }
    if filter.is_none_or(|f| "c2d_move_recti".contains(f)) {
        type MoveRectI =
            unsafe extern "C" fn(RectI, i32, i32, *const RectI, usize, *mut u32) -> RectI;
        let f = black_box(c2d_move_recti as MoveRectI);
        let gen = |r: &mut Rng| loop {
            let (a, d) = (r.recti(), (r.i(-60, 60), r.i(-60, 60)));
            let obs = [(); OBSTACLES].map(|_| r.recti());
            if !obs.iter().any(|&o| c2d_overlap_recti_recti(a, o)) {
                return ((a, d), obs);
            }
        };
        let moves = |a: RectI, (dx, dy): (i32, i32), obs: &[RectI; OBSTACLES], bits: &mut u32| {
            // SAFETY: `obs` holds OBSTACLES rects; `bits` is a live, writable u32.
            black_box(unsafe { f(a, dx, dy, obs.as_ptr(), OBSTACLES, bits) });
            *bits != 0
        };
        let data = pairs(rng, gen, |(a, d), obs| moves(a, d, &obs, &mut 0));
        let mut bits = 0;
        let ns = measure(&data, |((a, d), obs)| moves(*a, *d, obs, &mut bits));
        println!("| `c2d_move_recti` ({OBSTACLES} obstacles) | {ns:.2} |");
    }
    bench_frames(filter, rng);
}
