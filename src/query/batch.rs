//! One shape against many: a query rect, circle or point tested against an array of rects or of
//! circles, both flavours, answering exactly what the single predicates answer for each item.
//!
//! Items are read 64 at a time into f32 lanes (struct-of-arrays), where a loop the compiler
//! vectorises decides every item that is clear of touching by a margin far above f32 rounding
//! (2^-18 of the magnitudes involved). Those answers are the real-number ones, and so the single
//! predicates' answers too. Every other item — within that margin of touching (exact touches on
//! the grid among them), NaN, infinite or beyond f32's squaring range — is answered by the single
//! predicate itself, so every answer is theirs bit for bit. Within the margin strict and closed
//! differ; outside it they agree, so one lane loop serves both flavours.
//!
//! Outputs: a bitmask (bit `i % 64` of word `i / 64`) and an ascending list of the indices hit,
//! either or both; the return value is the number of hits. Nothing allocates.

use super::{
    overlap_circle_circle, overlap_point_circle, overlap_point_rect, overlap_rect_circle,
    overlap_rect_rect, touch_circle_circle, touch_point_circle, touch_point_rect,
    touch_rect_circle, touch_rect_rect,
};
use crate::shape::{Circle, Rect, Vec2};

/// Items per block: one word of the bitmask.
const LANES: usize = 64;

/// The margin, relative to the magnitudes of a test, beyond which an f32 lane decides it. The
/// rounding of a lane's arithmetic is below 2^-20 of the same magnitudes (at most ten roundings
/// of 2^-24 each), so a decided lane is the real-number answer.
const MARGIN: f32 = 1.0 / (1u32 << 18) as f32;

/// An absolute floor under the squared-distance margins (2^-100): below it, products may lose
/// bits to underflow, and the single predicate decides.
const TINY: f32 = 7.888_609e-31;

/// One block of rects as four columns of f32 lanes.
type RectLanes<'a> = (
    &'a [f32; LANES],
    &'a [f32; LANES],
    &'a [f32; LANES],
    &'a [f32; LANES],
);
/// One block of circles as three columns of f32 lanes.
type CircleLanes<'a> = (&'a [f32; LANES], &'a [f32; LANES], &'a [f32; LANES]);

mod sealed {
    pub trait Sealed {}
}

/// Rects to test a shape against: a slice of [`Rect`]s or [`RectColumns`].
pub trait RectItems: sealed::Sealed {
    /// The number of rects.
    fn len(&self) -> usize;
    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    #[doc(hidden)]
    fn get(&self, i: usize) -> Rect;
    /// Calls `f` with the block of up to 64 rects from `start` (padded with zeros).
    #[doc(hidden)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(RectLanes) -> R) -> R;
}

/// Circles to test a shape against: a slice of [`Circle`]s or [`CircleColumns`].
pub trait CircleItems: sealed::Sealed {
    /// The number of circles.
    fn len(&self) -> usize;
    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    #[doc(hidden)]
    fn get(&self, i: usize) -> Circle;
    /// Calls `f` with the block of up to 64 circles from `start` (padded with zeros).
    #[doc(hidden)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(CircleLanes) -> R) -> R;
}

/// Rects as separate columns (struct of arrays): rect `i` is `(x[i], y[i], w[i], h[i])`. The
/// number of rects is the length of the shortest column.
#[derive(Clone, Copy, Debug)]
pub struct RectColumns<'a> {
    /// Corner x of each rect.
    pub x: &'a [f32],
    /// Corner y of each rect.
    pub y: &'a [f32],
    /// Width of each rect.
    pub w: &'a [f32],
    /// Height of each rect.
    pub h: &'a [f32],
}

/// Circles as separate columns (struct of arrays): circle `i` is `(x[i], y[i], r[i])`. The
/// number of circles is the length of the shortest column.
#[derive(Clone, Copy, Debug)]
pub struct CircleColumns<'a> {
    /// Centre x of each circle.
    pub x: &'a [f32],
    /// Centre y of each circle.
    pub y: &'a [f32],
    /// Radius of each circle.
    pub r: &'a [f32],
}

/// The whole block of 64 values of a column from `start`, if the column holds one there.
#[inline(always)]
fn full(c: &[f32], start: usize) -> Option<&[f32; LANES]> {
    c.get(start..start.checked_add(LANES)?)?.try_into().ok()
}

/// Copies the values of `c` from `start` (fewer than 64) into a zero-padded block.
#[inline(always)]
fn padded(c: &[f32], start: usize) -> [f32; LANES] {
    let mut pad = [0.0; LANES];
    let tail = c.get(start..).unwrap_or(&[]);
    let k = tail.len().min(LANES);
    pad[..k].copy_from_slice(&tail[..k]);
    pad
}

impl sealed::Sealed for RectColumns<'_> {}
impl RectItems for RectColumns<'_> {
    fn len(&self) -> usize {
        self.x
            .len()
            .min(self.y.len())
            .min(self.w.len())
            .min(self.h.len())
    }
    fn get(&self, i: usize) -> Rect {
        Rect::new(self.x[i], self.y[i], self.w[i], self.h[i])
    }
    #[inline(always)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(RectLanes) -> R) -> R {
        let n = RectItems::len(self);
        let (x, y, w, h) = (&self.x[..n], &self.y[..n], &self.w[..n], &self.h[..n]);
        match (
            full(x, start),
            full(y, start),
            full(w, start),
            full(h, start),
        ) {
            (Some(x), Some(y), Some(w), Some(h)) => f((x, y, w, h)),
            _ => {
                let (x, y, w, h) = (
                    padded(x, start),
                    padded(y, start),
                    padded(w, start),
                    padded(h, start),
                );
                f((&x, &y, &w, &h))
            }
        }
    }
}

impl sealed::Sealed for CircleColumns<'_> {}
impl CircleItems for CircleColumns<'_> {
    fn len(&self) -> usize {
        self.x.len().min(self.y.len()).min(self.r.len())
    }
    fn get(&self, i: usize) -> Circle {
        Circle::new(self.x[i], self.y[i], self.r[i])
    }
    #[inline(always)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(CircleLanes) -> R) -> R {
        let n = CircleItems::len(self);
        let (x, y, r) = (&self.x[..n], &self.y[..n], &self.r[..n]);
        match (full(x, start), full(y, start), full(r, start)) {
            (Some(x), Some(y), Some(r)) => f((x, y, r)),
            _ => {
                let (x, y, r) = (padded(x, start), padded(y, start), padded(r, start));
                f((&x, &y, &r))
            }
        }
    }
}

/// Deals up to 64 structs from `start` (`get(i)` reads struct `i` as `K` floats) into columns,
/// zero-padded past `n`.
#[inline(always)]
fn deal<const K: usize>(
    n: usize,
    start: usize,
    get: impl Fn(usize) -> [f32; K],
) -> [[f32; LANES]; K] {
    let mut cols = [[0.0; LANES]; K];
    let k = n.saturating_sub(start).min(LANES);
    if k == LANES {
        for i in 0..LANES {
            let v = get(start + i);
            for (c, col) in cols.iter_mut().enumerate() {
                col[i] = v[c];
            }
        }
    } else {
        for i in 0..k {
            let v = get(start + i);
            for (c, col) in cols.iter_mut().enumerate() {
                col[i] = v[c];
            }
        }
    }
    cols
}

impl sealed::Sealed for [Rect] {}
impl RectItems for [Rect] {
    fn len(&self) -> usize {
        <[Rect]>::len(self)
    }
    fn get(&self, i: usize) -> Rect {
        self[i]
    }
    #[inline(always)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(RectLanes) -> R) -> R {
        let [x, y, w, h] = deal(<[Rect]>::len(self), start, |i| {
            let r = self[i];
            [r.x, r.y, r.w, r.h]
        });
        f((&x, &y, &w, &h))
    }
}

impl sealed::Sealed for [Circle] {}
impl CircleItems for [Circle] {
    fn len(&self) -> usize {
        <[Circle]>::len(self)
    }
    fn get(&self, i: usize) -> Circle {
        self[i]
    }
    #[inline(always)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(CircleLanes) -> R) -> R {
        let [x, y, r] = deal(<[Circle]>::len(self), start, |i| {
            let c = self[i];
            [c.x, c.y, c.r]
        });
        f((&x, &y, &r))
    }
}

/// Structs of any layout in memory, `K` consecutive floats (a `c2d_rect` or `c2d_circle`)
/// every `stride` bytes from `base`, read without assuming alignment: the C functions' view of
/// an engine's own array (`&sprites[0].box`, `sizeof(sprite)`).
#[derive(Clone, Copy)]
pub(crate) struct Strided<const K: usize> {
    base: *const u8,
    stride: usize,
    n: usize,
}

impl<const K: usize> Strided<K> {
    /// # Safety
    /// For every `i < n`, the `4 * K` bytes at `base + i * stride` must be readable for the
    /// lifetime of the value (no alignment required).
    pub(crate) unsafe fn new(base: *const u8, stride: usize, n: usize) -> Self {
        Strided { base, stride, n }
    }

    #[inline(always)]
    fn read(&self, i: usize) -> [f32; K] {
        // SAFETY: `i < n` at every call (the driver stays below `len`), and `new`'s caller
        // promises those bytes are readable; `read_unaligned` needs no alignment.
        unsafe {
            self.base
                .wrapping_add(i.wrapping_mul(self.stride))
                .cast::<[f32; K]>()
                .read_unaligned()
        }
    }
}

impl sealed::Sealed for Strided<4> {}
impl RectItems for Strided<4> {
    fn len(&self) -> usize {
        self.n
    }
    fn get(&self, i: usize) -> Rect {
        let [x, y, w, h] = self.read(i);
        Rect::new(x, y, w, h)
    }
    #[inline(always)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(RectLanes) -> R) -> R {
        let [x, y, w, h] = deal(self.n, start, |i| self.read(i));
        f((&x, &y, &w, &h))
    }
}

impl sealed::Sealed for Strided<3> {}
impl CircleItems for Strided<3> {
    fn len(&self) -> usize {
        self.n
    }
    fn get(&self, i: usize) -> Circle {
        let [x, y, r] = self.read(i);
        Circle::new(x, y, r)
    }
    #[inline(always)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(CircleLanes) -> R) -> R {
        let [x, y, r] = deal(self.n, start, |i| self.read(i));
        f((&x, &y, &r))
    }
}

/// Columns of floats at any address, read without assuming alignment (a C caller's `float*`
/// arrays; aligned ones take the slices of [`RectColumns`] / [`CircleColumns`] instead).
#[derive(Clone, Copy)]
pub(crate) struct LooseColumns<const K: usize> {
    cols: [*const f32; K],
    n: usize,
}

impl<const K: usize> LooseColumns<K> {
    /// # Safety
    /// Each pointer must be readable for `n` floats (no alignment required).
    pub(crate) unsafe fn new(cols: [*const f32; K], n: usize) -> Self {
        LooseColumns { cols, n }
    }

    #[inline(always)]
    fn read(&self, i: usize) -> [f32; K] {
        // SAFETY: `i < n` at every call and `new`'s caller promises `n` readable floats per
        // column; `read_unaligned` needs no alignment.
        self.cols
            .map(|c| unsafe { c.wrapping_add(i).read_unaligned() })
    }
}

impl sealed::Sealed for LooseColumns<4> {}
impl RectItems for LooseColumns<4> {
    fn len(&self) -> usize {
        self.n
    }
    fn get(&self, i: usize) -> Rect {
        let [x, y, w, h] = self.read(i);
        Rect::new(x, y, w, h)
    }
    #[inline(always)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(RectLanes) -> R) -> R {
        let [x, y, w, h] = deal(self.n, start, |i| self.read(i));
        f((&x, &y, &w, &h))
    }
}

impl sealed::Sealed for LooseColumns<3> {}
impl CircleItems for LooseColumns<3> {
    fn len(&self) -> usize {
        self.n
    }
    fn get(&self, i: usize) -> Circle {
        let [x, y, r] = self.read(i);
        Circle::new(x, y, r)
    }
    #[inline(always)]
    fn with_lanes<R>(&self, start: usize, f: impl FnOnce(CircleLanes) -> R) -> R {
        let [x, y, r] = deal(self.n, start, |i| self.read(i));
        f((&x, &y, &r))
    }
}

// ---- The lane kernels: (decided hits, undecided) for one block of 64 items. ----

/// Packs 64 bytes of 0 or 1 into the bits of a word (byte `i` to bit `i`).
#[inline(always)]
fn pack(bytes: &[u8; LANES]) -> u64 {
    let mut word = 0;
    for (k, chunk) in bytes.chunks_exact(8).enumerate() {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(chunk);
        // Each byte's low bit lands at bit 56 + its index, with no carries between them.
        let packed = u64::from_le_bytes(eight).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        word |= packed << (8 * k);
    }
    word
}

/// A rect (or a point: a rect of size zero) prepared for the rect lanes: per axis, where an
/// item's edges must lie for the comparisons with the query's edges to be sure.
#[derive(Clone, Copy)]
struct RectQuery {
    x: Edges,
    y: Edges,
}

impl RectQuery {
    fn new(q: Rect) -> Self {
        RectQuery {
            x: Edges::new(q.x, q.w),
            y: Edges::new(q.y, q.h),
        }
    }
}

/// One axis of the query: its low and high edges (`p` and `p + s` in order, in f64, where a sum
/// of two floats is exact short of magnitudes some 2^29 apart), each moved [`MARGIN`] of its
/// magnitude (plus [`TINY`]) down and up, then rounded to f32.
///
/// An item's edge on that axis is `p` or `p + s` rounded to f32 once: the real edge within
/// 2^-24 of its magnitude (plus 2^-149 below the normal range). Past the query edge's threshold,
/// the item's edge lies on that side of the query's real edge however the two roundings went
/// (2^-18 covers them and the thresholds' own rounding many times over): the comparison is the
/// real-number one, which the single predicate's f64 formula answers alike that far from a
/// tie. A query edge beyond f32's range makes a threshold infinite or NaN, where nothing past
/// it is sure and the single predicate decides.
#[derive(Clone, Copy)]
struct Edges {
    lo_below: f32,
    lo_above: f32,
    hi_below: f32,
    hi_above: f32,
}

impl Edges {
    fn new(p: f32, s: f32) -> Self {
        let (a, b) = (p as f64, p as f64 + s as f64);
        let (lo, hi) = if b < a { (b, a) } else { (a, b) };
        let margin = |v: f64| v.abs() * MARGIN as f64 + TINY as f64;
        Edges {
            lo_below: (lo - margin(lo)) as f32,
            lo_above: (lo + margin(lo)) as f32,
            hi_below: (hi - margin(hi)) as f32,
            hi_above: (hi + margin(hi)) as f32,
        }
    }
}

/// Per axis, the item's edges (`p` and `p + s` rounded to f32, in order) against the query's
/// thresholds: the intervals meet surely when the item's high edge is above the query's low edge
/// and its low edge below the query's high edge, both past their thresholds; they are surely
/// apart when either edge is past the other side's threshold. Strict and closed agree there. An
/// axis surely apart decides the pair. An infinite edge compares as the f64 formula's does; a
/// NaN edge (a NaN field, or infinities of opposite signs summed) decides nothing.
#[inline(always)]
fn rect_lanes(q: RectQuery, (x, y, w, h): RectLanes) -> (u64, u64) {
    let (mut hit, mut open) = ([0u8; LANES], [0u8; LANES]);
    for i in 0..LANES {
        let axis = |p: f32, s: f32, e: Edges| {
            let end = p + s;
            // `if p < end { p } else { end }` keeps a NaN `end` (SSE's min and max do so).
            let (lo, hi) = (if p < end { p } else { end }, if p > end { p } else { end });
            let meet = (hi > e.lo_above) & (lo < e.hi_below);
            let apart = (hi < e.lo_below) | (lo > e.hi_above);
            (meet, apart)
        };
        let (in_x, out_x) = axis(x[i], w[i], q.x);
        let (in_y, out_y) = axis(y[i], h[i], q.y);
        let yes = in_x & in_y;
        hit[i] = yes as u8;
        open[i] = !(yes | out_x | out_y) as u8;
    }
    (pack(&hit), pack(&open))
}

/// `d < 0` decided when `|d|` exceeds [`MARGIN`] of `scale` (plus [`TINY`]); an empty circle
/// (`r < 0`) decides no.
#[inline(always)]
fn decide(d: f32, scale: f32, r: f32) -> (bool, bool) {
    let clear = d.abs() > scale * MARGIN + TINY;
    let yes = clear & (d < 0.0) & (r >= 0.0);
    (yes, !(yes | (clear & (d >= 0.0)) | (r < 0.0)))
}

/// A circle (or a point: radius zero, not negative) against circles: `d² - (r1+r2)²`.
#[inline(always)]
fn circle_lanes(q: Circle, (x, y, r): CircleLanes) -> (u64, u64) {
    let (mut hit, mut open) = ([0u8; LANES], [0u8; LANES]);
    for i in 0..LANES {
        let (dx, dy, s) = (x[i] - q.x, y[i] - q.y, r[i] + q.r);
        let (d2, r2) = (dx * dx + dy * dy, s * s);
        let (yes, unsure) = decide(d2 - r2, d2 + r2, r[i]);
        hit[i] = yes as u8;
        open[i] = unsure as u8;
    }
    (pack(&hit), pack(&open))
}

/// A rect against a circle, doubled to stay in sums of the inputs: the centre's distance
/// outside the rect per axis, `(2·cx - (2·x + w)) - |w|` clamped at 0, squared and summed,
/// against `(2r)²`; the scale is the squared magnitudes of the axes and `(2r)²`.
#[inline(always)]
fn rect_circle_lane(x: f32, y: f32, w: f32, h: f32, cx: f32, cy: f32, r: f32) -> (bool, bool) {
    // `if v < 0 { 0 } else { v }` keeps a NaN, which must stay undecided.
    let outside = |v: f32| if v < 0.0 { 0.0 } else { v };
    let ux = outside((2.0 * cx - (2.0 * x + w)).abs() - w.abs());
    let uy = outside((2.0 * cy - (2.0 * y + h)).abs() - h.abs());
    let (mx, my) = (
        2.0 * (cx.abs() + x.abs() + w.abs()),
        2.0 * (cy.abs() + y.abs() + h.abs()),
    );
    let (d2, r2) = (ux * ux + uy * uy, (2.0 * r) * (2.0 * r));
    decide(d2 - r2, mx * mx + my * my + r2, r)
}

/// A rect against circles.
#[inline(always)]
fn rect_circle_lanes(q: Rect, (x, y, r): CircleLanes) -> (u64, u64) {
    let (mut hit, mut open) = ([0u8; LANES], [0u8; LANES]);
    for i in 0..LANES {
        let (yes, unsure) = rect_circle_lane(q.x, q.y, q.w, q.h, x[i], y[i], r[i]);
        hit[i] = yes as u8;
        open[i] = unsure as u8;
    }
    (pack(&hit), pack(&open))
}

/// A circle against rects.
#[inline(always)]
fn circle_rect_lanes(q: Circle, (x, y, w, h): RectLanes) -> (u64, u64) {
    let (mut hit, mut open) = ([0u8; LANES], [0u8; LANES]);
    for i in 0..LANES {
        let (yes, unsure) = rect_circle_lane(x[i], y[i], w[i], h[i], q.x, q.y, q.r);
        hit[i] = yes as u8;
        open[i] = unsure as u8;
    }
    (pack(&hit), pack(&open))
}

// ---- The driver: blocks, the single predicate for undecided items, and the outputs. ----

/// Where the answers go: the bitmask (words past its end are not written) and the index list
/// (its length is the capacity).
struct Sink<'a> {
    bits: Option<&'a mut [u64]>,
    out: &'a mut [u32],
    count: usize,
}

impl Sink<'_> {
    #[inline(always)]
    fn word(&mut self, block: usize, word: u64) {
        if let Some(slot) = self.bits.as_deref_mut().and_then(|b| b.get_mut(block)) {
            *slot = word;
        }
        let hits = word.count_ones() as usize;
        if self.count < self.out.len() {
            let mut rest = word;
            let mut at = self.count;
            while rest != 0 && at < self.out.len() {
                let i = block * LANES + rest.trailing_zeros() as usize;
                // Indices past u32's range are counted, not listed.
                let Ok(i) = u32::try_from(i) else { break };
                self.out[at] = i;
                at += 1;
                rest &= rest - 1;
            }
        }
        self.count += hits;
    }
}

/// Runs `lanes` over every block of `n` items, asks `single(i)` for each undecided item, and
/// writes the answers to `sink`. Returns the number of hits.
#[inline(always)]
fn drive(
    n: usize,
    mut sink: Sink,
    mut lanes: impl FnMut(usize) -> (u64, u64),
    single: impl Fn(usize) -> bool,
) -> usize {
    let mut start = 0;
    while start < n {
        let block = start / LANES;
        let k = (n - start).min(LANES);
        let mask = if k == LANES { !0 } else { (1u64 << k) - 1 };
        let (mut word, mut open) = lanes(start);
        word &= mask;
        open &= mask;
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            word |= (single(start + i) as u64) << i;
            open &= open - 1;
        }
        sink.word(block, word);
        start += LANES;
    }
    sink.count
}

/// The answer for a query that can meet nothing (NaN, or an empty circle): zero words.
fn nothing(n: usize, bits: Option<&mut [u64]>) -> usize {
    if let Some(bits) = bits {
        let words = n.div_ceil(LANES).min(bits.len());
        bits[..words].fill(0);
    }
    0
}

fn has_nan(v: &[f32]) -> bool {
    v.iter().any(|v| v.is_nan())
}

fn rects_with<I: RectItems + ?Sized>(
    q: Rect,
    point: bool,
    closed: bool,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    let n = items.len();
    if has_nan(&[q.x, q.y, q.w, q.h]) {
        return nothing(n, bits);
    }
    let sink = Sink {
        bits,
        out,
        count: 0,
    };
    let prepared = RectQuery::new(q);
    let lanes = |start| items.with_lanes(start, |l| rect_lanes(prepared, l));
    let p = Vec2::new(q.x, q.y);
    match (point, closed) {
        (false, false) => drive(n, sink, lanes, |i| overlap_rect_rect(q, items.get(i))),
        (false, true) => drive(n, sink, lanes, |i| touch_rect_rect(q, items.get(i))),
        (true, false) => drive(n, sink, lanes, |i| overlap_point_rect(p, items.get(i))),
        (true, true) => drive(n, sink, lanes, |i| touch_point_rect(p, items.get(i))),
    }
}

fn circles_with<I: CircleItems + ?Sized>(
    q: Circle,
    point: bool,
    closed: bool,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    let n = items.len();
    if has_nan(&[q.x, q.y, q.r]) || q.r < 0.0 {
        return nothing(n, bits);
    }
    let sink = Sink {
        bits,
        out,
        count: 0,
    };
    let lanes = |start| items.with_lanes(start, |l| circle_lanes(q, l));
    let p = Vec2::new(q.x, q.y);
    match (point, closed) {
        (false, false) => drive(n, sink, lanes, |i| overlap_circle_circle(q, items.get(i))),
        (false, true) => drive(n, sink, lanes, |i| touch_circle_circle(q, items.get(i))),
        (true, false) => drive(n, sink, lanes, |i| overlap_point_circle(p, items.get(i))),
        (true, true) => drive(n, sink, lanes, |i| touch_point_circle(p, items.get(i))),
    }
}

fn rect_circles_with<I: CircleItems + ?Sized>(
    q: Rect,
    closed: bool,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    let n = items.len();
    if has_nan(&[q.x, q.y, q.w, q.h]) {
        return nothing(n, bits);
    }
    let sink = Sink {
        bits,
        out,
        count: 0,
    };
    let lanes = |start| items.with_lanes(start, |l| rect_circle_lanes(q, l));
    if closed {
        drive(n, sink, lanes, |i| touch_rect_circle(q, items.get(i)))
    } else {
        drive(n, sink, lanes, |i| overlap_rect_circle(q, items.get(i)))
    }
}

fn circle_rects_with<I: RectItems + ?Sized>(
    q: Circle,
    closed: bool,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    let n = items.len();
    if has_nan(&[q.x, q.y, q.r]) || q.r < 0.0 {
        return nothing(n, bits);
    }
    let sink = Sink {
        bits,
        out,
        count: 0,
    };
    let lanes = |start| items.with_lanes(start, |l| circle_rect_lanes(q, l));
    if closed {
        drive(n, sink, lanes, |i| touch_rect_circle(items.get(i), q))
    } else {
        drive(n, sink, lanes, |i| overlap_rect_circle(items.get(i), q))
    }
}

/// The shape tested against every item of a batch, as the C functions take it.
#[derive(Clone, Copy)]
pub(crate) enum Query {
    Rect(Rect),
    Circle(Circle),
    Point(Vec2),
}

impl Query {
    /// The query against rects; `closed` picks the flavour.
    pub(crate) fn on_rects<I: RectItems + ?Sized>(
        self,
        closed: bool,
        items: &I,
        bits: Option<&mut [u64]>,
        out: &mut [u32],
    ) -> usize {
        match self {
            Query::Rect(r) => rects_with(r, false, closed, items, bits, out),
            Query::Point(p) => {
                let r = Rect::new(p.x, p.y, 0.0, 0.0);
                rects_with(r, true, closed, items, bits, out)
            }
            Query::Circle(c) => circle_rects_with(c, closed, items, bits, out),
        }
    }

    /// The query against circles; `closed` picks the flavour.
    pub(crate) fn on_circles<I: CircleItems + ?Sized>(
        self,
        closed: bool,
        items: &I,
        bits: Option<&mut [u64]>,
        out: &mut [u32],
    ) -> usize {
        match self {
            Query::Rect(r) => rect_circles_with(r, closed, items, bits, out),
            Query::Point(p) => {
                let c = Circle::new(p.x, p.y, 0.0);
                circles_with(c, true, closed, items, bits, out)
            }
            Query::Circle(c) => circles_with(c, false, closed, items, bits, out),
        }
    }
}

/// A rect against many rects: item `i` is hit when `overlap_rect_rect(q, items[i])` (or
/// `touch_rect_rect`) is true.
///
/// Strict: touching is not overlapping. Writes bit `i % 64` of `bits[i / 64]` for every
/// item (words past the end of `bits` are not written; the last word's unused bits are
/// 0) and the indices of the hits in ascending order into `out` (as many as fit).
/// Returns the number of hits, which may exceed `out.len()`.
pub fn overlap_rect_rects<I: RectItems + ?Sized>(
    q: Rect,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    rects_with(q, false, false, items, bits, out)
}

/// A rect against many rects: item `i` is hit when `overlap_rect_rect(q, items[i])` (or
/// `touch_rect_rect`) is true.
///
/// Closed: touching counts. Outputs as the strict function.
pub fn touch_rect_rects<I: RectItems + ?Sized>(
    q: Rect,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    rects_with(q, false, true, items, bits, out)
}

/// A point against many rects: item `i` is hit when `overlap_point_rect(p, items[i])` (or
/// `touch_point_rect`) is true.
///
/// Strict: touching is not overlapping. Writes bit `i % 64` of `bits[i / 64]` for every
/// item (words past the end of `bits` are not written; the last word's unused bits are
/// 0) and the indices of the hits in ascending order into `out` (as many as fit).
/// Returns the number of hits, which may exceed `out.len()`.
pub fn overlap_point_rects<I: RectItems + ?Sized>(
    p: Vec2,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    rects_with(Rect::new(p.x, p.y, 0.0, 0.0), true, false, items, bits, out)
}

/// A point against many rects: item `i` is hit when `overlap_point_rect(p, items[i])` (or
/// `touch_point_rect`) is true.
///
/// Closed: touching counts. Outputs as the strict function.
pub fn touch_point_rects<I: RectItems + ?Sized>(
    p: Vec2,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    rects_with(Rect::new(p.x, p.y, 0.0, 0.0), true, true, items, bits, out)
}

/// A circle against many rects: item `i` is hit when `overlap_rect_circle(items[i], q)` (or
/// `touch_rect_circle`) is true.
///
/// Strict: touching is not overlapping. Writes bit `i % 64` of `bits[i / 64]` for every
/// item (words past the end of `bits` are not written; the last word's unused bits are
/// 0) and the indices of the hits in ascending order into `out` (as many as fit).
/// Returns the number of hits, which may exceed `out.len()`.
pub fn overlap_circle_rects<I: RectItems + ?Sized>(
    q: Circle,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    circle_rects_with(q, false, items, bits, out)
}

/// A circle against many rects: item `i` is hit when `overlap_rect_circle(items[i], q)` (or
/// `touch_rect_circle`) is true.
///
/// Closed: touching counts. Outputs as the strict function.
pub fn touch_circle_rects<I: RectItems + ?Sized>(
    q: Circle,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    circle_rects_with(q, true, items, bits, out)
}

/// A rect against many circles: item `i` is hit when `overlap_rect_circle(q, items[i])` (or
/// `touch_rect_circle`) is true.
///
/// Strict: touching is not overlapping. Writes bit `i % 64` of `bits[i / 64]` for every
/// item (words past the end of `bits` are not written; the last word's unused bits are
/// 0) and the indices of the hits in ascending order into `out` (as many as fit).
/// Returns the number of hits, which may exceed `out.len()`.
pub fn overlap_rect_circles<I: CircleItems + ?Sized>(
    q: Rect,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    rect_circles_with(q, false, items, bits, out)
}

/// A rect against many circles: item `i` is hit when `overlap_rect_circle(q, items[i])` (or
/// `touch_rect_circle`) is true.
///
/// Closed: touching counts. Outputs as the strict function.
pub fn touch_rect_circles<I: CircleItems + ?Sized>(
    q: Rect,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    rect_circles_with(q, true, items, bits, out)
}

/// A circle against many circles: item `i` is hit when `overlap_circle_circle(q, items[i])`
/// (or `touch_circle_circle`) is true.
///
/// Strict: touching is not overlapping. Writes bit `i % 64` of `bits[i / 64]` for every
/// item (words past the end of `bits` are not written; the last word's unused bits are
/// 0) and the indices of the hits in ascending order into `out` (as many as fit).
/// Returns the number of hits, which may exceed `out.len()`.
pub fn overlap_circle_circles<I: CircleItems + ?Sized>(
    q: Circle,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    circles_with(q, false, false, items, bits, out)
}

/// A circle against many circles: item `i` is hit when `overlap_circle_circle(q, items[i])`
/// (or `touch_circle_circle`) is true.
///
/// Closed: touching counts. Outputs as the strict function.
pub fn touch_circle_circles<I: CircleItems + ?Sized>(
    q: Circle,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    circles_with(q, false, true, items, bits, out)
}

/// A point against many circles: item `i` is hit when `overlap_point_circle(p, items[i])`
/// (or `touch_point_circle`) is true.
///
/// Strict: touching is not overlapping. Writes bit `i % 64` of `bits[i / 64]` for every
/// item (words past the end of `bits` are not written; the last word's unused bits are
/// 0) and the indices of the hits in ascending order into `out` (as many as fit).
/// Returns the number of hits, which may exceed `out.len()`.
pub fn overlap_point_circles<I: CircleItems + ?Sized>(
    p: Vec2,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    circles_with(Circle::new(p.x, p.y, 0.0), true, false, items, bits, out)
}

/// A point against many circles: item `i` is hit when `overlap_point_circle(p, items[i])`
/// (or `touch_point_circle`) is true.
///
/// Closed: touching counts. Outputs as the strict function.
pub fn touch_point_circles<I: CircleItems + ?Sized>(
    p: Vec2,
    items: &I,
    bits: Option<&mut [u64]>,
    out: &mut [u32],
) -> usize {
    circles_with(Circle::new(p.x, p.y, 0.0), true, true, items, bits, out)
}
