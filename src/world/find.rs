//! Queries and pairs over the broad phase.

use super::tiles::cell_of;
use super::{fill, Pair, Scratch, World, WorldHit};
use crate::query::{
    aabb_aabb, overlap_point_rect, overlap_rect_circle, overlap_rect_rect, raycast_rect,
};
use crate::shape::{Aabb, Circle, Rect, Segment, Vec2};
use alloc::vec::Vec;

impl World {
    /// The items whose rect strictly overlaps `r` (as `overlap_rect_rect`), ascending handles.
    /// Writes at most `out.len()` handles and returns how many items there are.
    pub fn query_rect(&self, r: Rect, out: &mut [u64]) -> usize {
        let q = r.aabb();
        self.area(&q, out, |j| overlap_rect_rect(self.rects[j], r))
    }

    /// The items whose rect strictly contains `p` (as `overlap_point_rect`), ascending handles.
    pub fn query_point(&self, p: Vec2, out: &mut [u64]) -> usize {
        let (x, y) = p.wide();
        let q = Aabb {
            min_x: x,
            min_y: y,
            max_x: x,
            max_y: y,
        };
        self.area(&q, out, |j| overlap_point_rect(p, self.rects[j]))
    }

    /// The items whose rect strictly overlaps `c` (as `overlap_rect_circle`), ascending handles.
    pub fn query_circle(&self, c: Circle, out: &mut [u64]) -> usize {
        let (x, y, r) = (c.x as f64, c.y as f64, c.r as f64);
        if r.is_nan() || r <= 0.0 {
            // Empty (r < 0), a point (never overlaps strictly) or NaN.
            return 0;
        }
        // Widened by far more than the rounding of the predicate's differences, so every box
        // it accepts touches the bounds.
        let m = (x.abs() + y.abs() + r) * 1e-12;
        let q = Aabb {
            min_x: x - r - m,
            min_y: y - r - m,
            max_x: x + r + m,
            max_y: y + r + m,
        };
        self.area(&q, out, |j| overlap_rect_circle(self.rects[j], c))
    }

    /// The items `raycast_rect(s.a, s.b - s.a, rect)` hits (the closed segment meets the closed
    /// rect), with those hits, ascending `t`, ties by ascending handle.
    pub fn query_segment(&self, s: Segment, out: &mut [WorldHit]) -> usize {
        let origin = s.a;
        let delta = Vec2::new(s.b.x - s.a.x, s.b.y - s.a.y);
        // The ray's far end as the ray cast computes it (f32), for the candidate search.
        let end = Vec2::new(origin.x + delta.x, origin.y + delta.y);
        let (a, b) = (origin.wide(), end.wide());
        let finite = a.0.is_finite() && a.1.is_finite() && b.0.is_finite() && b.1.is_finite();
        self.with_scratch(|sc| {
            sc.hits.clear();
            let mut test = |slot: u32| {
                if let Some(h) = raycast_rect(origin, delta, self.rects[slot as usize]) {
                    sc.hits.push((h.t, slot, h));
                }
            };
            if finite {
                self.segment_candidates(a, b, &mut test);
                for &h in &self.tiles.huge {
                    test(h);
                }
            } else {
                // No bounds to search by (an end overflowed f32): ask every item.
                for j in 0..self.live.len() {
                    if self.live[j] {
                        test(j as u32);
                    }
                }
            }
            sc.hits
                .sort_unstable_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            fill(
                out,
                sc.hits.iter().map(|&(_, slot, hit)| WorldHit {
                    id: self.handle_of(slot),
                    hit,
                }),
            )
        })
    }

    /// Every pair of items whose rects strictly overlap (as `overlap_rect_rect`), once each,
    /// `a < b`, ascending `(a, b)`. Writes at most `out.len()` pairs and returns how many exist.
    pub fn pairs(&self, out: &mut [Pair]) -> usize {
        let mut n = 0;
        self.for_each_pair(|p| {
            if let Some(o) = out.get_mut(n) {
                *o = p;
            }
            n += 1;
        });
        n
    }

    /// Calls `f` for every strictly overlapping pair, in the order of [`World::pairs`]. The
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

    /// The overlapping pairs as `a << 32 | b` slots, `a < b`, ascending, into `sc.sorted`.
    fn list_pairs(&self, sc: &mut Scratch) {
        let pairs = &mut sc.pairs;
        let rects = &self.rects;
        let exact = |a: u32, b: u32| {
            aabb_aabb::<false>(&rects[a as usize].aabb(), &rects[b as usize].aabb())
        };
        let mut n = self.tiles.pairs(&mut sc.sweep, &exact, pairs);
        // Huge items: against the normal items near them (found through the tiles, so a floor
        // costs the rows it spans, not the whole world), and against the later huge items.
        let huge = &self.tiles.huge;
        let mut push = |a: u32, b: u32| {
            if n == pairs.len() {
                pairs.resize(n * 2 + 64, 0);
            }
            pairs[n] = ((a as u64) << 32) | b as u64;
            n += 1;
        };
        for (i, &h) in huge.iter().enumerate() {
            let bh = rects[h as usize].aabb();
            self.tiles.near(&bh, self.inv, &mut |j| {
                if aabb_aabb::<false>(&bh, &rects[j as usize].aabb()) {
                    push(h, j);
                }
            });
            for &g in &huge[i + 1..] {
                if aabb_aabb::<false>(&bh, &rects[g as usize].aabb()) {
                    push(h, g);
                }
            }
        }
        let pairs = &mut pairs[..n];
        // A radix sort (least significant digit first) of the keys `a << bits | b`, `a < b`,
        // in as few passes of at most 11 bits as they need: no comparisons, so no branch
        // depends on the data, and the digit counts stay in the first-level cache.
        let slots = self.gens.len().max(2);
        let bits = usize::BITS - (slots - 1).leading_zeros();
        let total = 2 * bits;
        let passes = total.div_ceil(11);
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
        sorted.extend(src.iter().map(|&k| ((k >> bits) << 32) | (k & low)));
    }

    /// The live slots `j` passing `test(j)`, ascending, written to `out` as handles; every item
    /// passing has a box touching `q`.
    fn area(&self, q: &Aabb, out: &mut [u64], test: impl Fn(usize) -> bool) -> usize {
        self.with_scratch(|sc| {
            self.collect(q, &test, &mut sc.ids);
            fill(out, sc.ids.iter().map(|&s| self.handle_of(s)))
        })
    }

    /// The live slots whose box touches `q` (closed), ascending.
    pub(crate) fn touching(&self, q: &Aabb, ids: &mut Vec<u32>) {
        self.collect(q, &|j| aabb_aabb::<true>(&self.rects[j].aabb(), q), ids)
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
        ids.sort_unstable();
    }

    /// Calls `f` for every normal item that may meet the closed segment `a..b` (each once).
    fn segment_candidates(&self, a: (f64, f64), b: (f64, f64), f: &mut impl FnMut(u32)) {
        let (min_x, max_x) = (a.0.min(b.0), a.0.max(b.0));
        let (min_y, max_y) = (a.1.min(b.1), a.1.max(b.1));
        let inv = self.inv;
        let cs = self.cell as f64;
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (r0, r1) = (cell_of(min_y, inv).saturating_sub(1), cell_of(max_y, inv));
        let limit = (1 << 29) - 4;
        // The window's x bounds are rounded: far from the origin the error can pass a cell, so the
        // slack grows with the magnitudes (and with the slope, whose division amplifies it).
        let m = a.0.abs().max(a.1.abs()).max(b.0.abs()).max(b.1.abs());
        let slack = cs + 8.0 * f64::EPSILON * m * (2.0 + (dx / dy).abs());
        // Per row: the segment's x extent where it crosses the band that row's items can
        // occupy, one cell wider on every side for rounding (the whole extent at the clamped
        // edges); a touching item starts at most one column left of it.
        let window = |r: i32| {
            let (mut lo, mut hi) = (min_x, max_x);
            if dy != 0.0 && r.abs() < limit {
                let band = ((r as f64 - 1.0) * cs, (r as f64 + 3.0) * cs);
                let (t0, t1) = ((band.0 - a.1) / dy, (band.1 - a.1) / dy);
                let (t0, t1) = (t0.min(t1).max(0.0), t0.max(t1).min(1.0));
                if t0 > t1 {
                    return None;
                }
                let (x0, x1) = (a.0 + t0 * dx, a.0 + t1 * dx);
                lo = lo.max(x0.min(x1) - slack);
                hi = hi.min(x0.max(x1) + slack);
            }
            Some((cell_of(lo, inv).saturating_sub(2), cell_of(hi, inv), hi))
        };
        self.tiles.scan_rows(r0, r1, window, |_| true, f);
    }
}
