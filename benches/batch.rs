//! ns per item of the batch predicates (one shape against many) through the C ABI, beside the
//! single predicate called once per item in a loop, in the same run.
//!
//! Two sizes: 1,000 items (the data stay in cache; each pass repeats the query 1,000 times) and
//! 1,000,000 items (streamed from memory, one query per pass). Items are spread over a
//! 1000 x 1000 field; the query covers about half of it, so about half the items are hit. Forms:
//! the single call over an array of structs; the batch over a plain array (`stride` 0); over an
//! engine's sprite structs (the shape a field of a 32-byte struct); over float columns (`_soa`)
//! writing the bitmask; and over columns writing the index list. Beside them, the floor: the
//! plain f32 formula inlined in a loop over the same columns, counting hits (what a game writes
//! by hand, which rounds near touching where the library is exact). Reported: the median of the
//! passes (taken in turn, column by column).
//!
//! Run: `cargo bench --bench batch` (a name filter runs a subset: `cargo bench --bench batch -- circle`).

mod common;

use collide2d::ffi::*;
use collide2d::{Circle, Rect, Vec2};
use common::{measure_side_by_side, pass_column, Rng};
use std::hint::black_box;
use std::ptr::null_mut;

/// An engine's sprite: a 32-byte struct with the box inside.
#[repr(C)]
#[derive(Clone, Copy)]
struct Sprite<T: Copy> {
    id: u32,
    shape: T,
    pad: [u8; 12],
}

type AosFn<Q, T> =
    unsafe extern "C" fn(Q, *const T, usize, usize, *mut u64, *mut u32, usize) -> usize;

/// The columns of one row: single calls, and the batch over structs, sprites and columns.
#[allow(clippy::too_many_arguments)]
fn row<Q: Copy, T: Copy>(
    name: &str,
    q: Q,
    items: &[T],
    single: extern "C" fn(Q, T) -> bool,
    aos: AosFn<Q, T>,
    soa: &dyn Fn(Q, usize, *mut u64, *mut u32, usize) -> usize,
    plain: &dyn Fn(Q, usize) -> usize,
) {
    let n = items.len();
    let repeat = (1_000_000 / n).max(1);
    let sprites: Vec<Sprite<T>> = items
        .iter()
        .map(|&shape| Sprite {
            id: 0,
            shape,
            pad: [0; 12],
        })
        .collect();
    let single = black_box(single);
    let aos = black_box(aos);
    let mut bits = vec![0u64; n.div_ceil(64)];
    let mut bits2 = bits.clone();
    let mut bits3 = bits.clone();
    let mut idx = vec![0u32; n];
    let (b1, b2, b3, ix) = (
        bits.as_mut_ptr(),
        bits2.as_mut_ptr(),
        bits3.as_mut_ptr(),
        idx.as_mut_ptr(),
    );
    let stride = std::mem::size_of::<Sprite<T>>();
    let times = measure_side_by_side(vec![
        pass_column(n * repeat, || {
            (0..repeat)
                .map(|_| items.iter().filter(|&&t| single(q, t)).count())
                .sum()
        }),
        // SAFETY (the batch columns): the arrays hold `n` items, the outputs are sized for `n`.
        pass_column(n * repeat, || {
            (0..repeat)
                .map(|_| unsafe { aos(q, items.as_ptr(), 0, n, b1, null_mut(), 0) })
                .sum()
        }),
        pass_column(n * repeat, || {
            (0..repeat)
                .map(|_| unsafe { aos(q, &sprites[0].shape, stride, n, b2, null_mut(), 0) })
                .sum()
        }),
        pass_column(n * repeat, || {
            (0..repeat).map(|_| soa(q, n, b3, null_mut(), 0)).sum()
        }),
        pass_column(n * repeat, || {
            (0..repeat).map(|_| soa(q, n, null_mut(), ix, n)).sum()
        }),
        pass_column(n * repeat, || (0..repeat).map(|_| plain(q, n)).sum()),
    ]);
    black_box((&bits, &bits2, &bits3, &idx));
    let t: Vec<String> = times.iter().map(|t| format!("{t:.3}")).collect();
    println!("| `{name}` | {n} | {} |", t.join(" | "));
}

/// Rect columns `x, y, w, h`.
type Cols4<'a> = (&'a [f32], &'a [f32], &'a [f32], &'a [f32]);
/// Circle columns `x, y, r`.
type Cols3<'a> = (&'a [f32], &'a [f32], &'a [f32]);

/// The floor for rects (and points: rects of size zero): the plain f32 test of each edge, `<`
/// (`<=` when `CLOSED`), inlined over the columns, without branches.
fn plain_rects<const CLOSED: bool>(q: Rect, (x, y, w, h): Cols4) -> usize {
    let below = |a: f32, b: f32| if CLOSED { a <= b } else { a < b };
    let (qx1, qy1) = (q.x + q.w, q.y + q.h);
    x.iter()
        .zip(y)
        .zip(w.iter().zip(h))
        .map(|((&x, &y), (&w, &h))| {
            (below(q.x, x + w) & below(x, qx1) & below(q.y, y + h) & below(y, qy1)) as usize
        })
        .sum()
}

/// The floor for a circle against circles: `dx² + dy² < (r1 + r2)²` in f32.
fn plain_circles(q: Circle, (x, y, r): Cols3) -> usize {
    x.iter()
        .zip(y)
        .zip(r)
        .map(|((&x, &y), &r)| {
            let (dx, dy, s) = (x - q.x, y - q.y, r + q.r);
            (dx * dx + dy * dy < s * s) as usize
        })
        .sum()
}

/// The floor for a rect against a circle: the centre clamped into the rect, its squared
/// distance against `r²` in f32.
#[inline(always)]
fn plain_rect_circle(rx: f32, ry: f32, rw: f32, rh: f32, cx: f32, cy: f32, r: f32) -> bool {
    let dx = cx - cx.clamp(rx, rx + rw);
    let dy = cy - cy.clamp(ry, ry + rh);
    dx * dx + dy * dy < r * r
}

fn plain_rect_circles(q: Rect, (x, y, r): Cols3) -> usize {
    x.iter()
        .zip(y)
        .zip(r)
        .map(|((&x, &y), &r)| plain_rect_circle(q.x, q.y, q.w, q.h, x, y, r) as usize)
        .sum()
}

fn plain_circle_rects(q: Circle, (x, y, w, h): Cols4) -> usize {
    x.iter()
        .zip(y)
        .zip(w.iter().zip(h))
        .map(|((&x, &y), (&w, &h))| plain_rect_circle(x, y, w, h, q.x, q.y, q.r) as usize)
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let filter = args.first().map(String::as_str);
    let want = |name: &str| filter.is_none_or(|f| name.contains(f));
    println!("| function | items | single call | batch, array | batch, sprites | batch, columns, bits | batch, columns, indices | plain f32 loop, columns |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for n in [1_000usize, 1_000_000] {
        let rng = &mut Rng(0xBA7C_0000 + n as u64);
        let rects: Vec<Rect> = (0..n)
            .map(|_| {
                Rect::new(
                    rng.f(0.0, 1000.0),
                    rng.f(0.0, 1000.0),
                    rng.f(1.0, 40.0),
                    rng.f(1.0, 40.0),
                )
            })
            .collect();
        let circles: Vec<Circle> = (0..n)
            .map(|_| Circle::new(rng.f(0.0, 1000.0), rng.f(0.0, 1000.0), rng.f(1.0, 20.0)))
            .collect();
        let (rx, ry, rw, rh): (Vec<f32>, Vec<f32>, Vec<f32>, Vec<f32>) = (
            rects.iter().map(|r| r.x).collect(),
            rects.iter().map(|r| r.y).collect(),
            rects.iter().map(|r| r.w).collect(),
            rects.iter().map(|r| r.h).collect(),
        );
        let (cx, cy, cr): (Vec<f32>, Vec<f32>, Vec<f32>) = (
            circles.iter().map(|c| c.x).collect(),
            circles.iter().map(|c| c.y).collect(),
            circles.iter().map(|c| c.r).collect(),
        );
        let rcols = |n: usize| (&rx[..n], &ry[..n], &rw[..n], &rh[..n]);
        let ccols = |n: usize| (&cx[..n], &cy[..n], &cr[..n]);
        let camera = Rect::new(0.0, 0.0, 1000.0, 500.0);
        let blast = Circle::new(500.0, 500.0, 400.0);
        let cursor = Vec2::new(500.0, 500.0);
        // SAFETY (every closure below): the columns hold `n` floats, the outputs are sized.
        if want("c2d_overlap_rect_rects") {
            row(
                "c2d_overlap_rect_rects",
                camera,
                &rects,
                c2d_overlap_rect_rect,
                c2d_overlap_rect_rects,
                &|q, n, b, o, c| unsafe {
                    c2d_overlap_rect_rects_soa(
                        q,
                        rx.as_ptr(),
                        ry.as_ptr(),
                        rw.as_ptr(),
                        rh.as_ptr(),
                        n,
                        b,
                        o,
                        c,
                    )
                },
                &|q, n| plain_rects::<false>(q, rcols(n)),
            );
        }
        if want("c2d_touch_rect_rects") {
            row(
                "c2d_touch_rect_rects",
                camera,
                &rects,
                c2d_touch_rect_rect,
                c2d_touch_rect_rects,
                &|q, n, b, o, c| unsafe {
                    c2d_touch_rect_rects_soa(
                        q,
                        rx.as_ptr(),
                        ry.as_ptr(),
                        rw.as_ptr(),
                        rh.as_ptr(),
                        n,
                        b,
                        o,
                        c,
                    )
                },
                &|q, n| plain_rects::<true>(q, rcols(n)),
            );
        }
        if want("c2d_overlap_point_rects") {
            // Few hits: a cursor over a field of boxes.
            row(
                "c2d_overlap_point_rects",
                cursor,
                &rects,
                c2d_overlap_point_rect,
                c2d_overlap_point_rects,
                &|q, n, b, o, c| unsafe {
                    c2d_overlap_point_rects_soa(
                        q,
                        rx.as_ptr(),
                        ry.as_ptr(),
                        rw.as_ptr(),
                        rh.as_ptr(),
                        n,
                        b,
                        o,
                        c,
                    )
                },
                &|q: Vec2, n| plain_rects::<false>(Rect::new(q.x, q.y, 0.0, 0.0), rcols(n)),
            );
        }
        if want("c2d_overlap_circle_circles") {
            row(
                "c2d_overlap_circle_circles",
                blast,
                &circles,
                c2d_overlap_circle_circle,
                c2d_overlap_circle_circles,
                &|q, n, b, o, c| unsafe {
                    c2d_overlap_circle_circles_soa(
                        q,
                        cx.as_ptr(),
                        cy.as_ptr(),
                        cr.as_ptr(),
                        n,
                        b,
                        o,
                        c,
                    )
                },
                &|q, n| plain_circles(q, ccols(n)),
            );
        }
        if want("c2d_overlap_rect_circles") {
            row(
                "c2d_overlap_rect_circles",
                camera,
                &circles,
                c2d_overlap_rect_circle,
                c2d_overlap_rect_circles,
                &|q, n, b, o, c| unsafe {
                    c2d_overlap_rect_circles_soa(
                        q,
                        cx.as_ptr(),
                        cy.as_ptr(),
                        cr.as_ptr(),
                        n,
                        b,
                        o,
                        c,
                    )
                },
                &|q, n| plain_rect_circles(q, ccols(n)),
            );
        }
        if want("c2d_overlap_circle_rects") {
            extern "C" fn flipped(q: Circle, r: Rect) -> bool {
                c2d_overlap_rect_circle(r, q)
            }
            row(
                "c2d_overlap_circle_rects",
                blast,
                &rects,
                flipped,
                c2d_overlap_circle_rects,
                &|q, n, b, o, c| unsafe {
                    c2d_overlap_circle_rects_soa(
                        q,
                        rx.as_ptr(),
                        ry.as_ptr(),
                        rw.as_ptr(),
                        rh.as_ptr(),
                        n,
                        b,
                        o,
                        c,
                    )
                },
                &|q, n| plain_circle_rects(q, rcols(n)),
            );
        }
    }
}
