//! One shape against many: every batch function, through the Rust API (slices and columns) and
//! through the C ABI (arrays of structs at any stride and alignment, float columns aligned or
//! not), answers exactly what the single predicate answers for each item, in both flavours, with
//! the bitmask and the index list written as documented.

mod common;

use collide2d::ffi::*;
use collide2d::*;
use common::Rng;
use std::fmt::Debug;
use std::ptr::{null, null_mut};

/// A word the functions never write: any word left equal to it past the answer was not touched.
const UNTOUCHED: u64 = 0xDEAD_BEEF_DEAD_BEEF;
const UNTOUCHED_INDEX: u32 = 0xFFFF_FFF7;

type RustFn<Q, T> = fn(Q, &[T], Option<&mut [u64]>, &mut [u32]) -> usize;
type ColsFn<Q> = fn(Q, &[&[f32]], Option<&mut [u64]>, &mut [u32]) -> usize;
type AosFn<Q, T> =
    unsafe extern "C" fn(Q, *const T, usize, usize, *mut u64, *mut u32, usize) -> usize;

/// One batch function in every form, with the single predicate it must agree with.
struct Batch<Q, T> {
    name: &'static str,
    single: fn(Q, T) -> bool,
    rust: RustFn<Q, T>,
    cols: ColsFn<Q>,
    aos: AosFn<Q, T>,
    /// The C columns function, called with the columns' pointers.
    soa: fn(Q, &[*const f32], usize, *mut u64, *mut u32, usize) -> usize,
    /// The item's floats, in the order of its C fields.
    fields: fn(T) -> Vec<f32>,
}

fn rect_fields(r: Rect) -> Vec<f32> {
    vec![r.x, r.y, r.w, r.h]
}
fn circle_fields(c: Circle) -> Vec<f32> {
    vec![c.x, c.y, c.r]
}

macro_rules! rect_batch {
    ($name:ident, $single:expr, $rust:ident, $aos:ident, $soa:ident, $q:ty) => {
        Batch::<$q, Rect> {
            name: stringify!($name),
            single: $single,
            rust: |q, items, bits, out| $rust(q, items, bits, out),
            cols: |q, c, bits, out| {
                $rust(
                    q,
                    &RectColumns {
                        x: c[0],
                        y: c[1],
                        w: c[2],
                        h: c[3],
                    },
                    bits,
                    out,
                )
            },
            aos: $aos,
            // SAFETY: the test passes columns readable for `n` floats and outputs sized for `n`.
            soa: |q, c, n, bits, out, cap| unsafe {
                $soa(q, c[0], c[1], c[2], c[3], n, bits, out, cap)
            },
            fields: rect_fields,
        }
    };
}

macro_rules! circle_batch {
    ($name:ident, $single:expr, $rust:ident, $aos:ident, $soa:ident, $q:ty) => {
        Batch::<$q, Circle> {
            name: stringify!($name),
            single: $single,
            rust: |q, items, bits, out| $rust(q, items, bits, out),
            cols: |q, c, bits, out| {
                $rust(
                    q,
                    &CircleColumns {
                        x: c[0],
                        y: c[1],
                        r: c[2],
                    },
                    bits,
                    out,
                )
            },
            aos: $aos,
            // SAFETY: the test passes columns readable for `n` floats and outputs sized for `n`.
            soa: |q, c, n, bits, out, cap| unsafe { $soa(q, c[0], c[1], c[2], n, bits, out, cap) },
            fields: circle_fields,
        }
    };
}

fn rect_rects() -> [Batch<Rect, Rect>; 2] {
    [
        rect_batch!(
            overlap_rect_rects,
            overlap_rect_rect,
            overlap_rect_rects,
            c2d_overlap_rect_rects,
            c2d_overlap_rect_rects_soa,
            Rect
        ),
        rect_batch!(
            touch_rect_rects,
            touch_rect_rect,
            touch_rect_rects,
            c2d_touch_rect_rects,
            c2d_touch_rect_rects_soa,
            Rect
        ),
    ]
}
fn point_rects() -> [Batch<Vec2, Rect>; 2] {
    [
        rect_batch!(
            overlap_point_rects,
            overlap_point_rect,
            overlap_point_rects,
            c2d_overlap_point_rects,
            c2d_overlap_point_rects_soa,
            Vec2
        ),
        rect_batch!(
            touch_point_rects,
            touch_point_rect,
            touch_point_rects,
            c2d_touch_point_rects,
            c2d_touch_point_rects_soa,
            Vec2
        ),
    ]
}
fn circle_rects() -> [Batch<Circle, Rect>; 2] {
    [
        rect_batch!(
            overlap_circle_rects,
            |q, r| overlap_rect_circle(r, q),
            overlap_circle_rects,
            c2d_overlap_circle_rects,
            c2d_overlap_circle_rects_soa,
            Circle
        ),
        rect_batch!(
            touch_circle_rects,
            |q, r| touch_rect_circle(r, q),
            touch_circle_rects,
            c2d_touch_circle_rects,
            c2d_touch_circle_rects_soa,
            Circle
        ),
    ]
}
fn rect_circles() -> [Batch<Rect, Circle>; 2] {
    [
        circle_batch!(
            overlap_rect_circles,
            overlap_rect_circle,
            overlap_rect_circles,
            c2d_overlap_rect_circles,
            c2d_overlap_rect_circles_soa,
            Rect
        ),
        circle_batch!(
            touch_rect_circles,
            touch_rect_circle,
            touch_rect_circles,
            c2d_touch_rect_circles,
            c2d_touch_rect_circles_soa,
            Rect
        ),
    ]
}
fn point_circles() -> [Batch<Vec2, Circle>; 2] {
    [
        circle_batch!(
            overlap_point_circles,
            overlap_point_circle,
            overlap_point_circles,
            c2d_overlap_point_circles,
            c2d_overlap_point_circles_soa,
            Vec2
        ),
        circle_batch!(
            touch_point_circles,
            touch_point_circle,
            touch_point_circles,
            c2d_touch_point_circles,
            c2d_touch_point_circles_soa,
            Vec2
        ),
    ]
}
fn circle_circles() -> [Batch<Circle, Circle>; 2] {
    [
        circle_batch!(
            overlap_circle_circles,
            overlap_circle_circle,
            overlap_circle_circles,
            c2d_overlap_circle_circles,
            c2d_overlap_circle_circles_soa,
            Circle
        ),
        circle_batch!(
            touch_circle_circles,
            touch_circle_circle,
            touch_circle_circles,
            c2d_touch_circle_circles,
            c2d_touch_circle_circles_soa,
            Circle
        ),
    ]
}

/// Checks one form's outputs against the expected answers: the count; every word of the bitmask
/// and none past it; the index list with room for all, and with room for about half (the rest
/// of the buffer untouched).
fn check_outputs(
    what: &str,
    want: &[bool],
    mut call: impl FnMut(Option<&mut [u64]>, &mut [u32]) -> usize,
) -> usize {
    let n = want.len();
    let words = n.div_ceil(64);
    let mut want_bits = vec![0u64; words];
    let mut want_idx = Vec::new();
    for (i, &hit) in want.iter().enumerate() {
        if hit {
            want_bits[i / 64] |= 1 << (i % 64);
            want_idx.push(i as u32);
        }
    }
    let count = want_idx.len();
    let mut wrong = 0;

    let mut bits = vec![UNTOUCHED; words + 1];
    let mut idx = vec![UNTOUCHED_INDEX; count + 1];
    let got = call(Some(&mut bits[..words]), &mut idx[..count]);
    if got != count || bits[..words] != want_bits[..] || idx[..count] != want_idx[..] {
        wrong += 1;
        if let Some(i) = (0..n).find(|&i| (bits[i / 64] >> (i % 64) & 1 == 1) != want[i]) {
            eprintln!(
                "{what}: item {i} answered {}, the single call {}",
                !want[i], want[i]
            );
        } else {
            eprintln!("{what}: count {got} (want {count}) or index list differs");
        }
    }
    assert_eq!(
        bits[words], UNTOUCHED,
        "{what}: a word past the bitmask was written"
    );
    assert_eq!(
        idx[count], UNTOUCHED_INDEX,
        "{what}: an index past the list was written"
    );

    // Only the bitmask; only a short index list.
    let mut bits2 = vec![UNTOUCHED; words];
    assert_eq!(
        call(Some(&mut bits2), &mut []),
        count,
        "{what}: count with no index list"
    );
    assert_eq!(bits2, want_bits, "{what}: bitmask alone");
    let cap = count / 2;
    let mut short = vec![UNTOUCHED_INDEX; cap + 1];
    let got = call(None, &mut short[..cap]);
    assert_eq!(
        got, count,
        "{what}: the count must be the total even when the list is short"
    );
    assert_eq!(
        short[..cap],
        want_idx[..cap],
        "{what}: the first indices when cap < count"
    );
    assert_eq!(
        short[cap], UNTOUCHED_INDEX,
        "{what}: an index past cap was written"
    );
    assert_eq!(wrong, 0, "{what}: answers differ from the single calls");
    count
}

/// Copies `items` into a byte buffer at `offset`, one every `stride` bytes (as an engine's own
/// structs with the shape inside them), for the C functions' stride form.
fn embed<T: Copy>(items: &[T], offset: usize, stride: usize) -> Vec<u8> {
    let size = std::mem::size_of::<T>();
    let mut buf = vec![0x5Au8; offset + items.len() * stride + size];
    for (i, item) in items.iter().enumerate() {
        let at = offset + i * stride;
        // SAFETY: `at + size` is within `buf`; `write_unaligned` needs no alignment.
        unsafe { buf.as_mut_ptr().add(at).cast::<T>().write_unaligned(*item) };
    }
    buf
}

/// Every form of `b` on query `q` and `items` against the single predicate. Returns the hits.
fn check<Q: Copy + Debug, T: Copy + Debug>(
    b: &Batch<Q, T>,
    scene: &str,
    q: Q,
    items: &[T],
) -> usize {
    let n = items.len();
    let want: Vec<bool> = items.iter().map(|&t| (b.single)(q, t)).collect();
    let what = |form: &str| format!("{scene}: {} ({form}) with query {q:?}", b.name);
    let hits = check_outputs(&what("Rust slice"), &want, |bits, out| {
        (b.rust)(q, items, bits, out)
    });

    let k = (b.fields)(
        items
            .first()
            .copied()
            .unwrap_or_else(|| unreachable_item(items)),
    )
    .len();
    let columns: Vec<Vec<f32>> = (0..k)
        .map(|c| items.iter().map(|&t| (b.fields)(t)[c]).collect())
        .collect();
    let slices: Vec<&[f32]> = columns.iter().map(Vec::as_slice).collect();
    check_outputs(&what("Rust columns"), &want, |bits, out| {
        (b.cols)(q, &slices, bits, out)
    });

    let size = std::mem::size_of::<T>();
    for (offset, stride) in [
        (0, 0),
        (0, size),
        (1, size),
        (3, size + 5),
        (2, 64),
        (7, 4 * size + 1),
    ] {
        let buf = embed(items, offset, stride.max(size));
        let base = buf.as_ptr().wrapping_add(offset).cast::<T>();
        let form = format!("C structs, offset {offset}, stride {stride}");
        check_outputs(&what(&form), &want, |bits, out| {
            let (bp, bn) = bits.map_or((null_mut(), 0), |b| (b.as_mut_ptr(), b.len()));
            assert!(bn == 0 || bn == n.div_ceil(64));
            // SAFETY: `base` reads `n` items at `stride`, within `buf`; the outputs are sized.
            unsafe { (b.aos)(q, base, stride, n, bp, out.as_mut_ptr(), out.len()) }
        });
    }

    for offset in [0usize, 1] {
        let bufs: Vec<Vec<u8>> = columns.iter().map(|c| embed(c, offset, 4)).collect();
        let ptrs: Vec<*const f32> = bufs
            .iter()
            .map(|b| b.as_ptr().wrapping_add(offset).cast::<f32>())
            .collect();
        let form = format!("C columns, offset {offset}");
        check_outputs(&what(&form), &want, |bits, out| {
            let bp = bits.map_or(null_mut(), |b| b.as_mut_ptr());
            (b.soa)(q, &ptrs, n, bp, out.as_mut_ptr(), out.len())
        });
    }
    hits
}

/// Column count for an empty array: any item type has at least three fields; the C forms are
/// then called with n == 0.
fn unreachable_item<T: Copy>(_: &[T]) -> T {
    // SAFETY: only called for empty arrays, where the value is used to count fields of a plain
    // f32 struct (every bit pattern, all zeros included, is a valid Rect or Circle).
    unsafe { std::mem::zeroed() }
}

// ---- Values. ----

/// A coordinate on a coarse grid (quarters in -8..8) so that faces and circles often meet
/// exactly.
fn grid(rng: &mut Rng) -> f32 {
    rng.range(-32, 32) as f32 / 4.0
}
fn grid_size(rng: &mut Rng) -> f32 {
    rng.range(-4, 16) as f32 / 4.0
}
fn float(rng: &mut Rng, lo: f64, hi: f64) -> f32 {
    rng.float(lo, hi) as f32
}

/// A value from the awkward corners of f32: NaN, infinities, zero signs, subnormals, huge and
/// tiny magnitudes, values one step apart.
fn odd(rng: &mut Rng) -> f32 {
    let pick = [
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.0,
        -0.0,
        1e-40,
        -1e-40,
        1e-30,
        1e30,
        -1e30,
        3e38,
        f32::MAX,
        f32::MIN_POSITIVE,
        1.0e6,
        1.0e6 + 0.0625,
        16384.0,
        16384.0 - 1.0 / 256.0,
        1.0 / 3.0,
    ];
    pick[rng.below(pick.len() as u64) as usize]
}

#[derive(Clone, Copy)]
enum Style {
    Grid,
    Random,
    Odd,
}

fn value(rng: &mut Rng, style: Style, size: bool) -> f32 {
    match style {
        Style::Grid if size => grid_size(rng),
        Style::Grid => grid(rng),
        Style::Random if size => float(rng, -5.0, 60.0),
        Style::Random => float(rng, -500.0, 500.0),
        Style::Odd if rng.chance(1, 2) => odd(rng),
        Style::Odd => value(rng, Style::Grid, size),
    }
}

fn rect(rng: &mut Rng, s: Style) -> Rect {
    Rect::new(
        value(rng, s, false),
        value(rng, s, false),
        value(rng, s, true),
        value(rng, s, true),
    )
}
fn circle(rng: &mut Rng, s: Style) -> Circle {
    Circle::new(
        value(rng, s, false),
        value(rng, s, false),
        value(rng, s, true),
    )
}
fn point(rng: &mut Rng, s: Style) -> Vec2 {
    Vec2::new(value(rng, s, false), value(rng, s, false))
}

/// Every function over `queries` query draws against `n` items drawn in `style`.
fn sweep_all(scene: &str, seed: u64, style: Style, n: usize, queries: usize) -> usize {
    let rng = &mut Rng::new(seed);
    let mut hits = 0;
    for _ in 0..queries {
        let rects: Vec<Rect> = (0..n).map(|_| rect(rng, style)).collect();
        let circles: Vec<Circle> = (0..n).map(|_| circle(rng, style)).collect();
        let (qr, qc, qp) = (rect(rng, style), circle(rng, style), point(rng, style));
        for b in &rect_rects() {
            hits += check(b, scene, qr, &rects);
        }
        for b in &point_rects() {
            hits += check(b, scene, qp, &rects);
        }
        for b in &circle_rects() {
            hits += check(b, scene, qc, &rects);
        }
        for b in &rect_circles() {
            hits += check(b, scene, qr, &circles);
        }
        for b in &point_circles() {
            hits += check(b, scene, qp, &circles);
        }
        for b in &circle_circles() {
            hits += check(b, scene, qc, &circles);
        }
    }
    hits
}

// ---- Scenarios. ----

#[test]
fn a_bullet_against_a_thousand_enemies() {
    let rng = &mut Rng::new(0xB011E7);
    let enemies: Vec<Circle> = (0..1000)
        .map(|_| {
            Circle::new(
                float(rng, 0.0, 1920.0),
                float(rng, 0.0, 1080.0),
                float(rng, 4.0, 40.0),
            )
        })
        .collect();
    let boxes: Vec<Rect> = enemies
        .iter()
        .map(|c| Rect::new(c.x - c.r, c.y - c.r, 2.0 * c.r, 2.0 * c.r))
        .collect();
    let mut hits = 0;
    for _ in 0..20 {
        let bullet = Circle::new(float(rng, 0.0, 1920.0), float(rng, 0.0, 1080.0), 3.0);
        for b in &circle_circles() {
            hits += check(b, "a bullet against a thousand enemies", bullet, &enemies);
        }
        for b in &circle_rects() {
            hits += check(
                b,
                "a bullet against a thousand enemies' boxes",
                bullet,
                &boxes,
            );
        }
        let tip = Vec2::new(bullet.x, bullet.y);
        for b in &point_circles() {
            hits += check(
                b,
                "a bullet's tip against a thousand enemies",
                tip,
                &enemies,
            );
        }
    }
    assert!(hits > 0, "the scene must hit something");
}

/// An engine's sprite: the box is one field among others, the stride is the sprite's size.
#[repr(C)]
#[derive(Clone, Copy)]
struct Sprite {
    id: u32,
    bx: Rect,
    layer: u8,
}

#[test]
fn a_camera_rect_against_every_sprite_in_the_engines_own_array() {
    let rng = &mut Rng::new(0xCA3E7A);
    let sprites: Vec<Sprite> = (0..1000)
        .map(|i| Sprite {
            id: i,
            bx: Rect::new(
                float(rng, -2000.0, 4000.0),
                float(rng, -2000.0, 3000.0),
                32.0,
                48.0,
            ),
            layer: 1,
        })
        .collect();
    let camera = Rect::new(0.0, 0.0, 1920.0, 1080.0);
    let stride = std::mem::size_of::<Sprite>();
    let mut idx = vec![0u32; sprites.len()];
    let mut bits = vec![0u64; sprites.len().div_ceil(64)];
    // SAFETY: `&sprites[0].bx` reads one rect every `stride` bytes for every sprite.
    let count = unsafe {
        c2d_overlap_rect_rects(
            camera,
            &sprites[0].bx,
            stride,
            sprites.len(),
            bits.as_mut_ptr(),
            idx.as_mut_ptr(),
            idx.len(),
        )
    };
    let want: Vec<u32> = sprites
        .iter()
        .filter(|s| overlap_rect_rect(camera, s.bx))
        .map(|s| s.id)
        .collect();
    assert!(!want.is_empty() && want.len() < sprites.len());
    assert_eq!(&idx[..count], &want[..]);
    for (i, s) in sprites.iter().enumerate() {
        assert_eq!(
            bits[i / 64] >> (i % 64) & 1 == 1,
            overlap_rect_rect(camera, s.bx)
        );
        assert_eq!(s.layer, 1);
    }
    let rects: Vec<Rect> = sprites.iter().map(|s| s.bx).collect();
    for b in &rect_rects() {
        check(b, "a camera rect against every sprite", camera, &rects);
    }
}

#[test]
fn faces_meeting_exactly_on_the_grid_answer_as_the_single_calls() {
    let hits = sweep_all(
        "grid values where faces meet exactly",
        0x6121D,
        Style::Grid,
        200,
        40,
    );
    assert!(hits > 0);
}

#[test]
fn random_scenes_answer_as_the_single_calls() {
    sweep_all("random scenes", 0x5CE7E5, Style::Random, 300, 20);
}

#[test]
fn nan_infinite_huge_and_subnormal_fields_answer_as_the_single_calls() {
    sweep_all(
        "NaN, infinite, huge and subnormal fields",
        0x0DD,
        Style::Odd,
        130,
        60,
    );
}

#[test]
fn touching_by_one_float_step_at_large_magnitudes_answers_as_the_single_calls() {
    // Faces one f32 step apart (or meeting) at 1e6 and 1e7: the lanes must defer to the single
    // predicate, which decides them exactly.
    let rng = &mut Rng::new(0x57E9);
    for base in [1.0e6f32, 1.0e7, 3.0e4] {
        let step = |k: i64| steps(base, k);
        let q = Rect::new(base - 64.0, base - 64.0, 64.0, 64.0);
        let rects: Vec<Rect> = (0..200)
            .map(|_| {
                Rect::new(
                    step(rng.range(-2, 2)),
                    step(rng.range(-2, 2)) - 32.0,
                    16.0,
                    16.0,
                )
            })
            .collect();
        for b in &rect_rects() {
            check(b, "faces one step apart at large magnitudes", q, &rects);
        }
        let qc = Circle::new(base, base, 8.0);
        let circles: Vec<Circle> = (0..200)
            .map(|_| Circle::new(step(rng.range(-2, 2)) + 16.0, base, 8.0))
            .collect();
        for b in &circle_circles() {
            check(
                b,
                "circles one step apart at large magnitudes",
                qc,
                &circles,
            );
        }
        for b in &rect_circles() {
            check(
                b,
                "a rect and circles one step apart at large magnitudes",
                q,
                &circles,
            );
        }
    }
}

/// `v` (finite) moved `k` float steps (toward +infinity for `k > 0`), staying finite.
fn steps(v: f32, k: i64) -> f32 {
    // Floats in order are their bits in order once the negative ones are mirrored.
    let key = |f: f32| {
        let b = f.to_bits() as i32;
        if b < 0 {
            i32::MIN - b
        } else {
            b
        }
    };
    let float = |k: i32| f32::from_bits(if k < 0 { i32::MIN - k } else { k } as u32);
    let moved = float(key(v).saturating_add(k as i32));
    if moved.is_finite() {
        moved
    } else {
        v
    }
}

#[test]
fn edges_a_few_float_steps_from_the_querys_at_any_magnitude_answer_as_the_single_calls() {
    // A level far from the origin, or drawn at a tiny scale: rects whose sides lie a few float
    // steps from the query's, where `x + w` rounds in f32 (a size far below its position, or a
    // position made as `edge - w`) and, at sizes 2^-40 of the position, in f64 too. The lanes
    // decide only items clear of the query's edges; the rest must reach the single predicate.
    let rng = &mut Rng::new(0xED6E);
    let mut near = 0;
    for case in 0..400 {
        let scale = 2f64.powi(rng.range(-100, 100) as i32);
        let size = |rng: &mut Rng| -> f32 {
            let relative = match rng.below(4) {
                0 => 2f64.powi(-40),
                1 => 2f64.powi(-rng.range(10, 30) as i32),
                _ => 1.0,
            };
            (rng.float(0.01, 1.0) * scale * relative) as f32
        };
        let coord = |rng: &mut Rng| (rng.float(-1.0, 1.0) * scale) as f32;
        let (qw, qh) = (size(rng), size(rng));
        let q = Rect::new(
            coord(rng),
            coord(rng),
            if case % 5 == 0 { -qw } else { qw },
            qh,
        );
        // The query's four edges as the single predicate has them (f64, exact short of 2^29
        // apart), each rounded to the nearest f32.
        let edges = [
            q.x as f64,
            q.x as f64 + q.w as f64,
            q.y as f64,
            q.y as f64 + q.h as f64,
        ];
        let rects: Vec<Rect> = (0..130)
            .map(|_| {
                let e = rng.below(4) as usize;
                let t = steps(edges[e] as f32, rng.range(-3, 3));
                let w = size(rng);
                // The item's side on the chosen edge: its own x, its x + w (rounding), or its
                // x + w with a negative width.
                let (p, s) = match rng.below(3) {
                    0 => (t, w),
                    1 => ((t as f64 - w as f64) as f32, w),
                    _ => (t, -w),
                };
                // The other axis: across the query's span, or near one of its edges too.
                let (o, os) = if rng.chance(1, 2) {
                    let (lo, hi) = if e < 2 {
                        (edges[2], edges[3])
                    } else {
                        (edges[0], edges[1])
                    };
                    (lo.min(hi) as f32, (hi - lo).abs() as f32)
                } else {
                    let f = if e < 2 {
                        2 + rng.below(2)
                    } else {
                        rng.below(2)
                    } as usize;
                    (steps(edges[f] as f32, rng.range(-3, 3)), size(rng))
                };
                if e < 2 {
                    Rect::new(p, o, s, os)
                } else {
                    Rect::new(o, p, os, s)
                }
            })
            .collect();
        for b in &rect_rects() {
            near += check(b, "sides a few float steps from the query's", q, &rects);
        }
        let corner = Vec2::new(steps(q.x, rng.range(-2, 2)), steps(q.y, rng.range(-2, 2)));
        for b in &point_rects() {
            check(
                b,
                "a point a few float steps from the query's corner",
                corner,
                &rects,
            );
        }
    }
    assert!(near > 0, "some rects must overlap the query");
}

#[test]
fn counts_not_a_multiple_of_64_leave_the_last_words_bits_clear() {
    let rng = &mut Rng::new(0x64);
    for n in [0usize, 1, 2, 63, 64, 65, 127, 128, 129, 200] {
        let rects: Vec<Rect> = (0..n).map(|_| rect(rng, Style::Grid)).collect();
        let circles: Vec<Circle> = (0..n).map(|_| circle(rng, Style::Grid)).collect();
        // A query covering everything sets every bit of the range covered and none beyond it.
        let all = Rect::new(-1000.0, -1000.0, 2000.0, 2000.0);
        let mut bits = vec![UNTOUCHED; n.div_ceil(64)];
        let nonempty = circles.iter().filter(|c| c.r >= 0.0).count();
        assert_eq!(
            touch_rect_circles(all, &circles[..], Some(&mut bits), &mut []),
            nonempty
        );
        if let Some(&last) = bits.last() {
            let used = n - 64 * (bits.len() - 1);
            let past = if used < 64 { last >> used } else { 0 };
            assert_eq!(past, 0, "n = {n}: bits past n are set");
        }
        for b in &rect_rects() {
            check(b, "counts not a multiple of 64", all, &rects);
        }
        for b in &rect_circles() {
            check(b, "counts not a multiple of 64", all, &circles);
        }
    }
}

#[test]
fn empty_and_null_arrays_answer_zero_and_write_nothing() {
    let q = Rect::new(0.0, 0.0, 10.0, 10.0);
    let mut bits = [UNTOUCHED; 2];
    let mut idx = [UNTOUCHED_INDEX; 4];
    // SAFETY: NULL items are allowed; the outputs are valid for 2 words and 4 indices.
    unsafe {
        assert_eq!(
            c2d_overlap_rect_rects(q, null(), 0, 0, bits.as_mut_ptr(), idx.as_mut_ptr(), 4),
            0
        );
        assert_eq!(
            c2d_overlap_rect_rects(q, null(), 16, 100, bits.as_mut_ptr(), idx.as_mut_ptr(), 4),
            0
        );
        assert_eq!(
            c2d_touch_circle_circles(
                Circle::new(0.0, 0.0, 1.0),
                null(),
                0,
                100,
                bits.as_mut_ptr(),
                null_mut(),
                0
            ),
            0
        );
        let x = [1.0f32; 100];
        assert_eq!(
            c2d_overlap_rect_rects_soa(
                q,
                x.as_ptr(),
                x.as_ptr(),
                null(),
                x.as_ptr(),
                100,
                bits.as_mut_ptr(),
                idx.as_mut_ptr(),
                4
            ),
            0
        );
        assert_eq!(
            c2d_overlap_point_circles_soa(
                Vec2::new(1.0, 1.0),
                null(),
                null(),
                null(),
                0,
                bits.as_mut_ptr(),
                idx.as_mut_ptr(),
                4
            ),
            0
        );
        // NULL outputs: only the count.
        assert_eq!(
            c2d_overlap_rect_rects_soa(
                q,
                x.as_ptr(),
                x.as_ptr(),
                x.as_ptr(),
                x.as_ptr(),
                100,
                null_mut(),
                null_mut(),
                99
            ),
            100
        );
    }
    assert_eq!(
        bits, [UNTOUCHED; 2],
        "nothing written for an empty or NULL array"
    );
    assert_eq!(idx, [UNTOUCHED_INDEX; 4]);
    assert_eq!(overlap_rect_rects(q, &[][..], None, &mut []), 0);
    let none: &[f32] = &[];
    assert_eq!(
        overlap_circle_circles(
            Circle::new(0.0, 0.0, 1.0),
            &CircleColumns {
                x: none,
                y: none,
                r: none
            },
            None,
            &mut []
        ),
        0
    );
}

#[test]
fn a_nan_query_or_an_empty_circle_hits_nothing_and_clears_the_bitmask() {
    let rects = vec![Rect::new(0.0, 0.0, 1.0, 1.0); 70];
    let mut bits = [UNTOUCHED; 3];
    assert_eq!(
        overlap_rect_rects(
            Rect::new(f32::NAN, 0.0, 1.0, 1.0),
            &rects[..],
            Some(&mut bits),
            &mut []
        ),
        0
    );
    assert_eq!(bits, [0, 0, UNTOUCHED]);
    let mut bits = [UNTOUCHED; 2];
    assert_eq!(
        touch_circle_rects(
            Circle::new(0.5, 0.5, -1.0),
            &rects[..],
            Some(&mut bits),
            &mut []
        ),
        0
    );
    assert_eq!(bits, [0, 0]);
    assert_eq!(
        touch_circle_rects(Circle::new(0.5, 0.5, 0.0), &rects[..], None, &mut []),
        70
    );
}

#[test]
fn columns_of_different_lengths_use_the_shortest() {
    let x = [0.0f32; 10];
    let w = [1.0f32; 7];
    let cols = RectColumns {
        x: &x,
        y: &x,
        w: &w,
        h: &x[..9],
    };
    let mut idx = [0u32; 10];
    assert_eq!(
        touch_point_rects(Vec2::new(0.5, 0.0), &cols, None, &mut idx),
        7
    );
    assert_eq!(idx[..7], [0, 1, 2, 3, 4, 5, 6]);
}
