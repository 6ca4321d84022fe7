//! One shape against many: the batch predicates over an engine's own arrays.
//!
//! Each function reads its items either from an array of structs (a pointer to the first
//! `c2d_rect` or `c2d_circle` and the byte stride between items, any alignment) or from separate
//! float columns (`_soa`), and writes a bitmask and/or a list of indices. The answers are the
//! single predicates' answers bit for bit (see `crate::query::batch`).

use super::guard;
use super::world::out_slice;
use crate::query::{CircleColumns, LooseColumns, Query, RectColumns, Strided};
use crate::shape::{Circle, Rect, Vec2};

/// The outputs as slices: `bits` one word per 64 items (none when NULL), `out` the first `cap`
/// indices (none when NULL).
///
/// # Safety
/// `bits` is NULL or valid for writing `n.div_ceil(64)` words; `out` NULL or valid for `cap`.
unsafe fn outputs<'a>(
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> (Option<&'a mut [u64]>, &'a mut [u32]) {
    // SAFETY: non-NULL here, and valid for the words the caller promises.
    let words = (!bits.is_null()).then(|| unsafe { out_slice(bits, n.div_ceil(64)) });
    // SAFETY: NULL or valid for `cap` indices, as the caller promises.
    (words, unsafe { out_slice(out, cap) })
}

/// The item stride in bytes: `stride`, or the size of the item itself when 0.
fn stride_of<T>(stride: usize) -> usize {
    if stride == 0 {
        std::mem::size_of::<T>()
    } else {
        stride
    }
}

/// The query against `n` rects at every `stride` bytes from `items`; 0 with nothing written when
/// `items` is NULL and `n > 0`.
///
/// # Safety
/// `items` NULL or readable for a rect at every `stride` (0: 16) bytes for `n` rects; outputs as
/// [`outputs`].
#[allow(clippy::too_many_arguments)]
unsafe fn rects_aos(
    q: Query,
    closed: bool,
    items: *const Rect,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    if items.is_null() && n > 0 {
        return 0;
    }
    let stride = stride_of::<Rect>(stride);
    // SAFETY: forwarded from the caller's promise.
    let (bits, out) = unsafe { outputs(n, bits, out, cap) };
    if stride == std::mem::size_of::<Rect>() && items.is_aligned() && n > 0 {
        // A plain aligned array, read as a slice. measured: 1,000 rects in cache, 4.7 ns per rect
        // through the strided reader (the sprites column), 4.0 as a slice (benches/batch.rs).
        // SAFETY: non-NULL, aligned, and readable for `n` packed rects (the caller's promise).
        let items = unsafe { std::slice::from_raw_parts(items, n) };
        return guard(0, || q.on_rects(closed, items, bits, out));
    }
    // SAFETY: non-NULL (or n == 0: nothing is read) and readable, as the caller promises.
    let items = unsafe { Strided::<4>::new(items.cast(), stride, n) };
    guard(0, || q.on_rects(closed, &items, bits, out))
}

/// As [`rects_aos`] for circles (stride 0: 12 bytes).
///
/// # Safety
/// As [`rects_aos`].
#[allow(clippy::too_many_arguments)]
unsafe fn circles_aos(
    q: Query,
    closed: bool,
    items: *const Circle,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    if items.is_null() && n > 0 {
        return 0;
    }
    let stride = stride_of::<Circle>(stride);
    // SAFETY: forwarded from the caller's promise.
    let (bits, out) = unsafe { outputs(n, bits, out, cap) };
    if stride == std::mem::size_of::<Circle>() && items.is_aligned() && n > 0 {
        // SAFETY: non-NULL, aligned, and readable for `n` packed circles (the caller's promise).
        let items = unsafe { std::slice::from_raw_parts(items, n) };
        return guard(0, || q.on_circles(closed, items, bits, out));
    }
    // SAFETY: non-NULL (or n == 0: nothing is read) and readable, as the caller promises.
    let items = unsafe { Strided::<3>::new(items.cast(), stride, n) };
    guard(0, || q.on_circles(closed, &items, bits, out))
}

/// Whether any column is NULL while `n > 0` (the call then answers 0 and writes nothing).
fn missing<const K: usize>(cols: &[*const f32; K], n: usize) -> bool {
    n > 0 && cols.iter().any(|c| c.is_null())
}

/// Each column as a slice (NULL and n == 0: empty).
///
/// # Safety
/// Each pointer non-NULL, aligned and readable for `n` floats, or `n == 0`.
unsafe fn slices<'a, const K: usize>(cols: [*const f32; K], n: usize) -> [&'a [f32]; K] {
    cols.map(|c| {
        if n == 0 {
            &[][..]
        } else {
            // SAFETY: non-NULL, aligned and readable for `n` floats (the caller's promise).
            unsafe { std::slice::from_raw_parts(c, n) }
        }
    })
}

/// The query against `n` rects in columns; 0 with nothing written when a column is NULL and
/// `n > 0`. Columns aligned for floats are read as slices, others float by float.
///
/// # Safety
/// Each column NULL or readable for `n` floats; outputs as [`outputs`].
unsafe fn rects_soa(
    q: Query,
    closed: bool,
    cols: [*const f32; 4],
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    if missing(&cols, n) {
        return 0;
    }
    // SAFETY: forwarded from the caller's promise.
    let (bits, out) = unsafe { outputs(n, bits, out, cap) };
    if cols.iter().all(|c| c.is_aligned()) {
        // SAFETY: non-NULL (or n == 0), aligned, readable for `n` floats (the caller's promise).
        let [x, y, w, h] = unsafe { slices(cols, n) };
        guard(0, || {
            q.on_rects(closed, &RectColumns { x, y, w, h }, bits, out)
        })
    } else {
        // SAFETY: non-NULL and readable for `n` floats (the caller's promise).
        let items = unsafe { LooseColumns::new(cols, n) };
        guard(0, || q.on_rects(closed, &items, bits, out))
    }
}

/// As [`rects_soa`] for circles.
///
/// # Safety
/// As [`rects_soa`].
unsafe fn circles_soa(
    q: Query,
    closed: bool,
    cols: [*const f32; 3],
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    if missing(&cols, n) {
        return 0;
    }
    // SAFETY: forwarded from the caller's promise.
    let (bits, out) = unsafe { outputs(n, bits, out, cap) };
    if cols.iter().all(|c| c.is_aligned()) {
        // SAFETY: non-NULL (or n == 0), aligned, readable for `n` floats (the caller's promise).
        let [x, y, r] = unsafe { slices(cols, n) };
        guard(0, || {
            q.on_circles(closed, &CircleColumns { x, y, r }, bits, out)
        })
    } else {
        // SAFETY: non-NULL and readable for `n` floats (the caller's promise).
        let items = unsafe { LooseColumns::new(cols, n) };
        guard(0, || q.on_circles(closed, &items, bits, out))
    }
}

/// The rect `q` against `n` rects: item i is hit when `c2d_overlap_rect_rect(q, item)` is true, bit
/// for bit. Strict: an item only touching the query is not hit.
/// Items: `items` points to the first c2d_rect, and each next one is `stride` bytes further (0
/// means 16, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_rect_rects(
    q: Rect,
    items: *const Rect,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_aos(Query::Rect(q), false, items, stride, n, bits, out, cap) }
}

/// As `c2d_overlap_rect_rects`, the rects given as separate float arrays `x, y, w, h` (item i is
/// `{x[i], y[i], w[i], h[i]}`). Strict: an item only touching the query is not hit. Any column NULL
/// with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_rect_rects_soa(
    q: Rect,
    x: *const f32,
    y: *const f32,
    w: *const f32,
    h: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_soa(Query::Rect(q), false, [x, y, w, h], n, bits, out, cap) }
}

/// The rect `q` against `n` rects: item i is hit when `c2d_touch_rect_rect(q, item)` is true, bit
/// for bit. Closed: an item touching the query is hit.
/// Items: `items` points to the first c2d_rect, and each next one is `stride` bytes further (0
/// means 16, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_rect_rects(
    q: Rect,
    items: *const Rect,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_aos(Query::Rect(q), true, items, stride, n, bits, out, cap) }
}

/// As `c2d_touch_rect_rects`, the rects given as separate float arrays `x, y, w, h` (item i is
/// `{x[i], y[i], w[i], h[i]}`). Closed: an item touching the query is hit. Any column NULL with `n
/// > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_rect_rects_soa(
    q: Rect,
    x: *const f32,
    y: *const f32,
    w: *const f32,
    h: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_soa(Query::Rect(q), true, [x, y, w, h], n, bits, out, cap) }
}

/// The point `p` against `n` rects: item i is hit when `c2d_overlap_point_rect(p, item)` is true,
/// bit for bit. Strict: an item only touching the query is not hit.
/// Items: `items` points to the first c2d_rect, and each next one is `stride` bytes further (0
/// means 16, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_point_rects(
    p: Vec2,
    items: *const Rect,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_aos(Query::Point(p), false, items, stride, n, bits, out, cap) }
}

/// As `c2d_overlap_point_rects`, the rects given as separate float arrays `x, y, w, h` (item i is
/// `{x[i], y[i], w[i], h[i]}`). Strict: an item only touching the query is not hit. Any column NULL
/// with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_point_rects_soa(
    p: Vec2,
    x: *const f32,
    y: *const f32,
    w: *const f32,
    h: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_soa(Query::Point(p), false, [x, y, w, h], n, bits, out, cap) }
}

/// The point `p` against `n` rects: item i is hit when `c2d_touch_point_rect(p, item)` is true, bit
/// for bit. Closed: an item touching the query is hit.
/// Items: `items` points to the first c2d_rect, and each next one is `stride` bytes further (0
/// means 16, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_point_rects(
    p: Vec2,
    items: *const Rect,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_aos(Query::Point(p), true, items, stride, n, bits, out, cap) }
}

/// As `c2d_touch_point_rects`, the rects given as separate float arrays `x, y, w, h` (item i is
/// `{x[i], y[i], w[i], h[i]}`). Closed: an item touching the query is hit. Any column NULL with `n
/// > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_point_rects_soa(
    p: Vec2,
    x: *const f32,
    y: *const f32,
    w: *const f32,
    h: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_soa(Query::Point(p), true, [x, y, w, h], n, bits, out, cap) }
}

/// The circle `q` against `n` rects: item i is hit when `c2d_overlap_rect_circle(item, q)` is true,
/// bit for bit. Strict: an item only touching the query is not hit.
/// Items: `items` points to the first c2d_rect, and each next one is `stride` bytes further (0
/// means 16, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_circle_rects(
    q: Circle,
    items: *const Rect,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_aos(Query::Circle(q), false, items, stride, n, bits, out, cap) }
}

/// As `c2d_overlap_circle_rects`, the rects given as separate float arrays `x, y, w, h` (item i is
/// `{x[i], y[i], w[i], h[i]}`). Strict: an item only touching the query is not hit. Any column NULL
/// with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_circle_rects_soa(
    q: Circle,
    x: *const f32,
    y: *const f32,
    w: *const f32,
    h: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_soa(Query::Circle(q), false, [x, y, w, h], n, bits, out, cap) }
}

/// The circle `q` against `n` rects: item i is hit when `c2d_touch_rect_circle(item, q)` is true,
/// bit for bit. Closed: an item touching the query is hit.
/// Items: `items` points to the first c2d_rect, and each next one is `stride` bytes further (0
/// means 16, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_circle_rects(
    q: Circle,
    items: *const Rect,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_aos(Query::Circle(q), true, items, stride, n, bits, out, cap) }
}

/// As `c2d_touch_circle_rects`, the rects given as separate float arrays `x, y, w, h` (item i is
/// `{x[i], y[i], w[i], h[i]}`). Closed: an item touching the query is hit. Any column NULL with `n
/// > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_circle_rects_soa(
    q: Circle,
    x: *const f32,
    y: *const f32,
    w: *const f32,
    h: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { rects_soa(Query::Circle(q), true, [x, y, w, h], n, bits, out, cap) }
}

/// The rect `q` against `n` circles: item i is hit when `c2d_overlap_rect_circle(q, item)` is true,
/// bit for bit. Strict: an item only touching the query is not hit.
/// Items: `items` points to the first c2d_circle, and each next one is `stride` bytes further (0
/// means 12, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_rect_circles(
    q: Rect,
    items: *const Circle,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_aos(Query::Rect(q), false, items, stride, n, bits, out, cap) }
}

/// As `c2d_overlap_rect_circles`, the circles given as separate float arrays `x, y, r` (item i is
/// `{x[i], y[i], r[i]}`). Strict: an item only touching the query is not hit. Any column NULL with
/// `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_rect_circles_soa(
    q: Rect,
    x: *const f32,
    y: *const f32,
    r: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_soa(Query::Rect(q), false, [x, y, r], n, bits, out, cap) }
}

/// The rect `q` against `n` circles: item i is hit when `c2d_touch_rect_circle(q, item)` is true,
/// bit for bit. Closed: an item touching the query is hit.
/// Items: `items` points to the first c2d_circle, and each next one is `stride` bytes further (0
/// means 12, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_rect_circles(
    q: Rect,
    items: *const Circle,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_aos(Query::Rect(q), true, items, stride, n, bits, out, cap) }
}

/// As `c2d_touch_rect_circles`, the circles given as separate float arrays `x, y, r` (item i is
/// `{x[i], y[i], r[i]}`). Closed: an item touching the query is hit. Any column NULL with `n > 0`
/// answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_rect_circles_soa(
    q: Rect,
    x: *const f32,
    y: *const f32,
    r: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_soa(Query::Rect(q), true, [x, y, r], n, bits, out, cap) }
}

/// The point `p` against `n` circles: item i is hit when `c2d_overlap_point_circle(p, item)` is
/// true, bit for bit. Strict: an item only touching the query is not hit.
/// Items: `items` points to the first c2d_circle, and each next one is `stride` bytes further (0
/// means 12, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_point_circles(
    p: Vec2,
    items: *const Circle,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_aos(Query::Point(p), false, items, stride, n, bits, out, cap) }
}

/// As `c2d_overlap_point_circles`, the circles given as separate float arrays `x, y, r` (item i is
/// `{x[i], y[i], r[i]}`). Strict: an item only touching the query is not hit. Any column NULL with
/// `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_point_circles_soa(
    p: Vec2,
    x: *const f32,
    y: *const f32,
    r: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_soa(Query::Point(p), false, [x, y, r], n, bits, out, cap) }
}

/// The point `p` against `n` circles: item i is hit when `c2d_touch_point_circle(p, item)` is true,
/// bit for bit. Closed: an item touching the query is hit.
/// Items: `items` points to the first c2d_circle, and each next one is `stride` bytes further (0
/// means 12, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_point_circles(
    p: Vec2,
    items: *const Circle,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_aos(Query::Point(p), true, items, stride, n, bits, out, cap) }
}

/// As `c2d_touch_point_circles`, the circles given as separate float arrays `x, y, r` (item i is
/// `{x[i], y[i], r[i]}`). Closed: an item touching the query is hit. Any column NULL with `n > 0`
/// answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_point_circles_soa(
    p: Vec2,
    x: *const f32,
    y: *const f32,
    r: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_soa(Query::Point(p), true, [x, y, r], n, bits, out, cap) }
}

/// The circle `q` against `n` circles: item i is hit when `c2d_overlap_circle_circle(q, item)` is
/// true, bit for bit. Strict: an item only touching the query is not hit.
/// Items: `items` points to the first c2d_circle, and each next one is `stride` bytes further (0
/// means 12, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_circle_circles(
    q: Circle,
    items: *const Circle,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_aos(Query::Circle(q), false, items, stride, n, bits, out, cap) }
}

/// As `c2d_overlap_circle_circles`, the circles given as separate float arrays `x, y, r` (item i is
/// `{x[i], y[i], r[i]}`). Strict: an item only touching the query is not hit. Any column NULL with
/// `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_overlap_circle_circles_soa(
    q: Circle,
    x: *const f32,
    y: *const f32,
    r: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_soa(Query::Circle(q), false, [x, y, r], n, bits, out, cap) }
}

/// The circle `q` against `n` circles: item i is hit when `c2d_touch_circle_circle(q, item)` is
/// true, bit for bit. Closed: an item touching the query is hit.
/// Items: `items` points to the first c2d_circle, and each next one is `stride` bytes further (0
/// means 12, a plain array; `&sprites[0].box, sizeof(sprite)` reads a field of an engine's structs;
/// any alignment). `items` NULL with `n > 0` answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_circle_circles(
    q: Circle,
    items: *const Circle,
    stride: usize,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_aos(Query::Circle(q), true, items, stride, n, bits, out, cap) }
}

/// As `c2d_touch_circle_circles`, the circles given as separate float arrays `x, y, r` (item i is
/// `{x[i], y[i], r[i]}`). Closed: an item touching the query is hit. Any column NULL with `n > 0`
/// answers 0 and writes nothing.
/// Outputs: `bits` (NULL: none) gets bit i%64 of word i/64 for every item, (n+63)/64 words, unused
/// bits of the last word 0; `out` (NULL: none) gets the indices of the hits in ascending order, at
/// most `cap`. Returns the number of hits, even when more than `cap`.
#[no_mangle]
pub unsafe extern "C" fn c2d_touch_circle_circles_soa(
    q: Circle,
    x: *const f32,
    y: *const f32,
    r: *const f32,
    n: usize,
    bits: *mut u64,
    out: *mut u32,
    cap: usize,
) -> usize {
    // SAFETY: the pointers are as documented above (the caller's promise).
    unsafe { circles_soa(Query::Circle(q), true, [x, y, r], n, bits, out, cap) }
}
