//! Queries and pairs over the broad phase.
//!
//! Rects overlap as the game means it (see `query/band.rs`): by more than the band on both axes,
//! so a query of an item's own rect never finds the wall it was snapped against, and flush
//! neighbours are no pair. Segment queries are ray casts, closed and exact, as
//! `c2d_raycast_rect` is.

use super::tiles::{cell_of, reach, Drain, Exact};
use super::{fill, Pair, Scratch, World, WorldHit, WorldHitD};
use crate::platform::ClampZero;
use crate::query::band::overlap_quick;
use crate::shape::{Aabb, Circle, CircleD, Edge, Edges, HitD, Rect, RectD, Segment, SegmentD};
use crate::shape::{Vec2, Vec2D};
use alloc::vec::Vec;

/// Passes every category.
const ALL: u64 = u64::MAX;

impl World {
    /// The items whose rect overlaps `r` by more than the band on both axes (on the grid
    /// domain: as `overlap_rect_rect`), ascending handles. Writes at most `out.len()` handles
    /// and returns how many items there are.
    pub fn query_rect(&self, r: Rect, out: &mut [u64]) -> usize {
        self.query_rect_d(r.into(), ALL, out)
    }

    /// [`World::query_rect`] in double precision, skipping items whose category has no bit of
    /// `mask`.
    pub fn query_rect_d(&self, r: RectD, mask: u64, out: &mut [u64]) -> usize {
        if r.x.is_nan() || r.y.is_nan() || r.w.is_nan() || r.h.is_nan() {
            return 0;
        }
        let q = r.edges();
        let (b, _) = r.bounds();
        let clear = self.clear_of(&r);
        self.area(&b, mask, out, |j| {
            let o = &self.rects[j];
            overlap_quick(self.precision, (o, &o.edges()), (&r, &q), clear)
        })
    }

    /// The items whose rect contains `p` by more than the band on both axes (on the grid
    /// domain: as `overlap_point_rect`), ascending handles.
    pub fn query_point(&self, p: Vec2, out: &mut [u64]) -> usize {
        self.query_point_d(p.into(), ALL, out)
    }

    /// [`World::query_point`] in double precision, with a category mask.
    pub fn query_point_d(&self, p: Vec2D, mask: u64, out: &mut [u64]) -> usize {
        let q = Aabb {
            min_x: p.x,
            min_y: p.y,
            max_x: p.x,
            max_y: p.y,
        };
        let point = RectD::new(p.x, p.y, 0.0, 0.0);
        let e = point.edges();
        let clear = self.clear_of(&point);
        self.area(&q, mask, out, |j| {
            let o = &self.rects[j];
            overlap_quick(self.precision, (o, &o.edges()), (&point, &e), clear)
        })
    }

    /// The items whose rect strictly overlaps `c` (as `overlap_rect_circle`, exactly), and
    /// where the circle meets a face, by more than the band across it; ascending handles.
    pub fn query_circle(&self, c: Circle, out: &mut [u64]) -> usize {
        let c = CircleD {
            x: c.x as f64,
            y: c.y as f64,
            r: c.r as f64,
        };
        self.query_circle_d(c, ALL, out)
    }

    /// [`World::query_circle`] in double precision, with a category mask.
    pub fn query_circle_d(&self, c: CircleD, mask: u64, out: &mut [u64]) -> usize {
        let (x, y, r) = (c.x, c.y, c.r);
        if r.is_nan() || r <= 0.0 {
            // Empty (r < 0), a point (never overlaps strictly) or NaN.
            return 0;
        }
        // Widened by far more than the rounding of the bounds, so every box that overlaps the
        // circle touches them.
        let m = (x.abs() + y.abs() + r) * 1e-12;
        let q = Aabb {
            min_x: x - r - m,
            min_y: y - r - m,
            max_x: x + r + m,
            max_y: y + r + m,
        };
        let round = RectD::new(x, y, r, r);
        self.area(&q, mask, out, |j| {
            let o = &self.rects[j];
            let e = o.edges();
            e.overlap_circle(c) && e.circle_past_faces(c, &self.band(o, &round))
        })
    }

    /// The items whose closed rect the closed segment `s.a..s.b` meets (exactly as
    /// `intersect_segment_rect` answers), with where the segment enters each, ascending `t`,
    /// ties by ascending handle.
    pub fn query_segment(&self, s: Segment, out: &mut [WorldHit]) -> usize {
        let s = SegmentD {
            a: s.a.into(),
            b: s.b.into(),
        };
        self.with_segment(s, ALL, true, |hits| fill(out, hits.map(|h| h.to_f32())))
    }

    /// [`World::query_segment`] in double precision, with a category mask.
    pub fn query_segment_d(&self, s: SegmentD, mask: u64, out: &mut [WorldHitD]) -> usize {
        self.with_segment(s, mask, false, |hits| fill(out, hits))
    }

    /// Runs `f` over the segment's hits in order (of their `t` rounded to f32 when `single`,
    /// so that hits whose times round together are in handle order).
    fn with_segment<R>(
        &self,
        s: SegmentD,
        mask: u64,
        single: bool,
        f: impl FnOnce(&mut dyn Iterator<Item = WorldHitD>) -> R,
    ) -> R {
        self.with_scratch(|sc| {
            self.segment_hits(sc, s, mask, single);
            let mut it = sc.hits.iter().map(|&(_, slot, hit)| WorldHitD {
                id: self.handle_of(slot),
                hit,
                response: 1,
                overlaps: false,
            });
            f(&mut it)
        })
    }

    /// The segment's hits into `sc.hits`, in the order [`World::with_segment`] gives them: one
    /// body for both of its callers.
    #[inline(never)]
    fn segment_hits(&self, sc: &mut Scratch, s: SegmentD, mask: u64, single: bool) {
        let (a, b) = (s.a, s.b);
        sc.hits.clear();
        if a.finite() && b.finite() {
            let mut test = |slot: u32| {
                let j = slot as usize;
                if self.cats[j][0] & mask == 0 {
                    return;
                }
                let e = self.rects[j].edges();
                if e.meets_segment(a, b) {
                    let h = entry(&e, a, b);
                    let t = if single { h.t as f32 as f64 } else { h.t };
                    sc.hits.push((t, slot, h));
                }
            };
            self.segment_candidates((a.x, a.y), (b.x, b.y), (0.0, 0.0), &mut test);
            for &h in &self.tiles.huge {
                test(h);
            }
        }
        crate::sort::sort_by(&mut sc.hits, |x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    }

    /// Every pair of items whose rects overlap by more than the band on both axes (on the grid
    /// domain: as `overlap_rect_rect`), once each, `a < b`, ascending `(a, b)`. Writes at most `out.len()` pairs and returns how many exist.
    pub fn pairs(&self, out: &mut [Pair]) -> usize {
        if out.is_empty() {
            return self.count_pairs();
        }
        let mut n = 0;
        self.for_each_pair(|p| {
            if let Some(o) = out.get_mut(n) {
                *o = p;
            }
            n += 1;
        });
        n
    }

    /// Calls `f` for every overlapping pair, in the order of [`World::pairs`]. The
    /// pairs are listed before the first call, so `f` may query the world.
    pub fn for_each_pair(&self, mut f: impl FnMut(Pair)) {
        self.with_scratch(|sc| {
            self.list_pairs(sc);
            for &p in &sc.sorted {
                f(Pair {
                    a: self.handle_of((p >> 32) as u32),
                    b: self.handle_of(p as u32),
                });
            }
        })
    }

    /// How many pairs [`World::pairs`] finds, counted as they are found, in memory that does
    /// not grow with their number.
    fn count_pairs(&self) -> usize {
        let total = core::cell::Cell::new(0);
        let count = |keys: &[u64]| {
            let n = if self.sorted_out {
                let slots = |k: u64| ((k >> 32) as usize, (k & 0xffff_ffff) as usize);
                keys.iter()
                    .filter(|&&k| {
                        let (a, b) = slots(k);
                        self.interact(a, b)
                    })
                    .count()
            } else {
                keys.len()
            };
            total.set(total.get() + n);
        };
        self.with_scratch(|sc| {
            let n = self.find_pairs(sc, Some(&count));
            count(&sc.pairs[..n]);
        });
        total.get()
    }

    /// The overlapping pairs as `a << 32 | b` slots, `a < b`, ascending, into `sc.sorted`.
    fn list_pairs(&self, sc: &mut Scratch) {
        let n = self.find_pairs(sc, None);
        self.sort_pairs(sc, n);
    }

    /// Finds the overlapping pairs as keys `a << 32 | b` (slots, either order), each once, in
    /// no particular order, in `sc.pairs[..n]`, and returns `n`; with `drain`, the keys are
    /// handed to it whenever many have gathered (see [`Exact`]), and `n` counts the rest.
    fn find_pairs(&self, sc: &mut Scratch, drain: Option<Drain>) -> usize {
        let pairs = &mut sc.pairs;
        let rects = &self.rects;
        let test = |a: u32, b: u32| {
            let (a, b) = (&rects[a as usize], &rects[b as usize]);
            self.band(a, b).overlap(&a.edges(), &b.edges())
        };
        let exact = Exact {
            test: &test,
            thin: self.thin(),
            drain,
        };
        let mut n = self.tiles.pairs(&mut sc.sweep, &exact, pairs);
        // Huge items: against the normal items near them (found through the tiles, so a floor
        // costs the rows it spans, not the whole world), and against the later huge items.
        let huge = &self.tiles.huge;
        let mut push = |a: u32, b: u32| {
            if n == pairs.len() {
                match drain.filter(|_| n > 0) {
                    Some(drain) => {
                        drain(&pairs[..n]);
                        n = 0;
                    }
                    None => pairs.resize(n * 2 + 64, 0),
                }
            }
            pairs[n] = ((a as u64) << 32) | b as u64;
            n += 1;
        };
        for (i, &h) in huge.iter().enumerate() {
            let r = &rects[h as usize];
            let (e, clear) = (r.edges(), self.clear_of(r));
            // A floor meets many items, most by far more than any band: the quick test.
            let test = |j: u32| {
                let o = &rects[j as usize];
                overlap_quick(self.precision, (r, &e), (o, &o.edges()), clear)
            };
            self.tiles.near(&r.bounds().0, self.inv, &mut |j| {
                if test(j) {
                    push(h, j);
                }
            });
            for &g in &huge[i + 1..] {
                if test(g) {
                    push(h, g);
                }
            }
        }
        n
    }

    /// Sorts the `n` keys of `sc.pairs` into `sc.sorted` (see [`World::list_pairs`]).
    fn sort_pairs(&self, sc: &mut Scratch, n: usize) {
        let pairs = &mut sc.pairs[..n];
        // A radix sort (least significant digit first) of the keys `a << bits | b`, `a < b`,
        // in as few passes of at most 12 bits as they need: no comparisons, so no branch
        // depends on the data, and the digit counts stay in the first-level cache.
        let slots = self.gens.len().max(2);
        let bits = usize::BITS - (slots - 1).leading_zeros();
        let total = 2 * bits;
        let passes = total.div_ceil(12);
        let width = total.div_ceil(passes);
        let (radix, mask) = (1usize << width, (1u64 << width) - 1);
        for p in pairs.iter_mut() {
            let (a, b) = (*p >> 32, *p & 0xffff_ffff);
            *p = (a.min(b) << bits) | a.max(b);
        }
        // Digit counts, one pass per digit, with two tallies taking turns: the pairs of one
        // item share digits, and one tally would wait on its own last increment.
        let counts = &mut sc.counts;
        counts.clear();
        counts.resize(2 * passes as usize * radix, 0);
        for d in 0..passes as usize {
            let (even, odd) = counts[2 * d * radix..2 * (d + 1) * radix].split_at_mut(radix);
            let shift = d as u32 * width;
            let mut two = pairs.chunks_exact(2);
            for k in &mut two {
                even[((k[0] >> shift) & mask) as usize] += 1;
                odd[((k[1] >> shift) & mask) as usize] += 1;
            }
            for &k in two.remainder() {
                even[((k >> shift) & mask) as usize] += 1;
            }
            let mut sum = 0;
            for (e, &o) in even.iter_mut().zip(odd.iter()) {
                let here = *e + o;
                *e = sum;
                sum += here;
            }
        }
        let tmp = &mut sc.by_hi;
        tmp.clear();
        tmp.resize(n, 0);
        let (mut src, mut dst) = (pairs, &mut tmp[..]);
        for d in 0..passes {
            let c = &mut counts[2 * d as usize * radix..(2 * d as usize + 1) * radix];
            for &k in src.iter() {
                let at = &mut c[((k >> (d * width)) & mask) as usize];
                dst[*at as usize] = k;
                *at += 1;
            }
            std::mem::swap(&mut src, &mut dst);
        }
        let sorted = &mut sc.sorted;
        sorted.clear();
        let low = (1u64 << bits) - 1;
        let pair = |k: u64| ((k >> bits) << 32) | (k & low);
        if self.sorted_out {
            sorted.extend(
                src.iter()
                    .map(|&k| pair(k))
                    .filter(|&p| self.interact((p >> 32) as usize, (p & 0xffff_ffff) as usize)),
            );
        } else {
            sorted.extend(src.iter().map(|&k| pair(k)));
        }
    }

    /// The live slots `j` whose category has a bit of `mask` and that pass `test(j)`,
    /// ascending, written to `out` as handles; every item passing has a box touching `q`.
    fn area(&self, q: &Aabb, mask: u64, out: &mut [u64], test: impl Fn(usize) -> bool) -> usize {
        self.with_scratch(|sc| {
            let test = |j: usize| self.cats[j][0] & mask != 0 && test(j);
            self.collect(q, &test, &mut sc.ids);
            fill(out, sc.ids.iter().map(|&s| self.handle_of(s)))
        })
    }

    /// The live slots `j` passing `test(j)`, ascending, into `ids`; every slot passing must have
    /// a box touching `q`.
    fn collect(&self, q: &Aabb, test: &impl Fn(usize) -> bool, ids: &mut Vec<u32>) {
        ids.clear();
        if !(q.min_x <= q.max_x && q.min_y <= q.max_y) {
            return; // NaN
        }
        self.tiles.near(q, self.inv, &mut |j| {
            if test(j as usize) {
                ids.push(j);
            }
        });
        for &h in &self.tiles.huge {
            if test(h as usize) {
                ids.push(h);
            }
        }
        crate::sort::sort(ids);
    }

    /// Calls `f` for every normal item that may touch the closed segment `a..b` thickened by
    /// the half extents `half` (the path of a box's centre: the box's swept area), each once;
    /// the huge items are the caller's.
    pub(crate) fn segment_candidates(
        &self,
        a: (f64, f64),
        b: (f64, f64),
        half: (f64, f64),
        f: &mut impl FnMut(u32),
    ) {
        let (hw, hh) = half;
        let (min_x, max_x) = (a.0.min(b.0) - hw, a.0.max(b.0) + hw);
        let (min_y, max_y) = (a.1.min(b.1) - hh, a.1.max(b.1) + hh);
        let inv = self.inv;
        let cs = self.cell;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (r0, r1) = (cell_of(min_y, inv).saturating_sub(1), cell_of(max_y, inv));
        let limit = (1 << 29) - 4;
        // The window's x bounds are rounded: far from the origin the error can pass a cell, so the
        // slack grows with the magnitudes (and with the slope, whose division amplifies it).
        let m = a.0.abs().max(a.1.abs()).max(b.0.abs()).max(b.1.abs()) + hw + hh;
        let slack = cs + hw + 8.0 * f64::EPSILON * m * (2.0 + (dx / dy).abs());
        // Per row: the segment's x extent where it crosses the band that row's items can
        // occupy, one cell wider on every side for rounding (the whole extent at the clamped
        // edges); a touching item starts at most one column left of it.
        let window = |r: i32| {
            let (mut lo, mut hi) = (min_x, max_x);
            if dy != 0.0 && r.abs() < limit {
                let band = ((r as f64 - 1.0) * cs - hh, (r as f64 + 3.0) * cs + hh);
                let (t0, t1) = ((band.0 - a.1) / dy, (band.1 - a.1) / dy);
                let (t0, t1) = (t0.min(t1).max0(), t0.max(t1).min(1.0));
                if t0 > t1 {
                    return None;
                }
                let (x0, x1) = (a.0 + t0 * dx, a.0 + t1 * dx);
                lo = lo.max(x0.min(x1) - slack);
                hi = hi.min(x0.max(x1) + slack);
            }
            Some((cell_of(lo, inv).saturating_sub(2), cell_of(hi, inv), hi))
        };
        let reach = reach(&Aabb {
            min_x: f64::NEG_INFINITY,
            min_y,
            max_x: f64::INFINITY,
            max_y,
        });
        self.tiles.scan_rows(r0, r1, window, reach, f);
    }
}

/// Where the segment `a..b`, which meets the closed box `e`, first enters it: `t` (0 when `a`
/// is in the box), the normal of the face entered (zero when `a` is strictly inside) and that
/// point.
fn entry(e: &Edges, a: Vec2D, b: Vec2D) -> HitD {
    let d = [b.x - a.x, b.y - a.y];
    let p = [a.x, a.y];
    let (mut t, mut axis) = (0.0f64, None);
    for k in 0..2 {
        let o = Edge::exact(p[k]);
        // The face the segment comes through on this axis, when `a` is outside its span.
        let face = if o.lt(e.lo[k]) {
            e.lo[k]
        } else if e.hi[k].lt(o) {
            e.hi[k]
        } else {
            continue;
        };
        let tk = (face.minus(o).approx() / d[k]).clamp(0.0, 1.0);
        if axis.is_none() || tk > t {
            t = tk;
            axis = Some(k);
        }
    }
    let mut normal = Vec2D::default();
    match axis {
        Some(0) => normal.x = -d[0].signum(),
        Some(_) => normal.y = -d[1].signum(),
        None => {
            // On the boundary or inside: the face `a` lies on, if any.
            let on = |k: usize| {
                let o = Edge::exact(p[k]);
                if o == e.lo[k] {
                    -1.0
                } else if o == e.hi[k] {
                    1.0
                } else {
                    0.0
                }
            };
            if !e.contains(a) {
                normal = Vec2D::new(on(0), if on(0) == 0.0 { on(1) } else { 0.0 });
            }
        }
    }
    let pos = if t == 0.0 {
        a
    } else {
        Vec2D::new(a.x + d[0] * t, a.y + d[1] * t)
    };
    HitD {
        t,
        normal,
        point: pos,
        pos,
    }
}
