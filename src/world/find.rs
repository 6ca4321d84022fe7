//! Queries and pairs over the broad phase.

use super::grid::{cell_of, cells_of};
use super::{fill, Pair, Scratch, World, WorldHit};
use crate::query::{
    aabb_aabb, intersect_segment_rect, overlap_point_rect, overlap_rect_circle, overlap_rect_rect,
};
use crate::shape::{Aabb, Circle, Hit, Rect, Segment, Vec2};

/// Cell ranges up to this many cells are probed cell by cell; longer segments walk their cells.
const PROBE_LIMIT: u64 = 64;

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
        if !(r > 0.0) {
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

    /// The items `s` would hit as a ray cast (the closed segment meets the closed rect, as
    /// `intersect_segment_rect`), ascending `t`, ties by ascending handle.
    pub fn query_segment(&self, s: Segment, out: &mut [WorldHit]) -> usize {
        let (a, b) = (s.a.wide(), s.b.wide());
        if !(a.0.is_finite() && a.1.is_finite() && b.0.is_finite() && b.1.is_finite()) {
            return 0;
        }
        self.with_scratch(|sc| {
            sc.hits.clear();
            let mut test = |slot: u32| {
                let j = slot as usize;
                if let Some(h) = ray_rect(s, self.rects[j], &self.boxes[j]) {
                    sc.hits.push((h.t, slot, h));
                }
            };
            self.segment_candidates(a, b, &mut test);
            sc.hits
                .sort_unstable_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            sc.hits.dedup_by_key(|h| h.1);
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

    /// Calls `f` for every strictly overlapping pair, in the order of [`World::pairs`].
    pub fn for_each_pair(&self, mut f: impl FnMut(Pair)) {
        self.with_scratch(|sc| self.pairs_with(sc, &mut f))
    }

    fn pairs_with(&self, sc: &mut Scratch, f: &mut impl FnMut(Pair)) {
        let buf = &mut sc.ids;
        for i in 0..self.boxes.len() {
            if !self.live[i] {
                continue;
            }
            let bi = &self.boxes[i];
            let pi = &self.places[i];
            let slot = i as u32;
            buf.clear();
            if pi.huge {
                // Every later item, in order: a huge item is tested against all of them.
                for (j, bj) in self.boxes.iter().enumerate().skip(i + 1) {
                    if aabb_aabb::<false>(bi, bj) {
                        buf.push(j as u32);
                    }
                }
            } else {
                let n = pi.cells.len() as usize;
                let mut sorted = n == 1;
                for &id in &self.cell_ids[i][..n] {
                    let bucket = &self.grid.buckets[id as usize];
                    let items = &bucket.items;
                    let from = items.partition_point(|&j| j <= slot);
                    for &j in &items[from..] {
                        let ju = j as usize;
                        if aabb_aabb::<false>(bi, &self.boxes[ju])
                            && pi.cells.anchor(&self.places[ju].cells) == (bucket.x, bucket.y)
                        {
                            buf.push(j);
                        }
                    }
                }
                let from = self.huge.partition_point(|&h| h <= slot);
                for &h in &self.huge[from..] {
                    if aabb_aabb::<false>(bi, &self.boxes[h as usize]) {
                        buf.push(h);
                        sorted = false;
                    }
                }
                if !sorted {
                    buf.sort_unstable();
                }
            }
            let a = self.handle_of(slot);
            for &j in buf.iter() {
                f(Pair {
                    a,
                    b: self.handle_of(j),
                });
            }
        }
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
        self.collect(q, &|j| aabb_aabb::<true>(&self.boxes[j], q), ids)
    }

    /// The live slots `j` passing `test(j)`, ascending, into `ids`; every slot passing must have
    /// a box touching `q`.
    fn collect(&self, q: &Aabb, test: &impl Fn(usize) -> bool, ids: &mut Vec<u32>) {
        ids.clear();
        if !(q.min_x <= q.max_x && q.min_y <= q.max_y) {
            return; // NaN
        }
        let qc = cells_of(q, self.inv);
        if qc.len() > 2 * self.grid.occupied() as u64 + PROBE_LIMIT {
            // Probing would visit more cells than there are items: scan them in order.
            for j in 0..self.boxes.len() {
                if self.live[j] && test(j) {
                    ids.push(j as u32);
                }
            }
            return;
        }
        for y in qc.y0..=qc.y1 {
            for x in qc.x0..=qc.x1 {
                let Some(bucket) = self.grid.find(x, y) else {
                    continue;
                };
                for &j in &bucket.items {
                    let ju = j as usize;
                    if self.places[ju].cells.anchor(&qc) == (x, y) && test(ju) {
                        ids.push(j);
                    }
                }
            }
        }
        for &h in &self.huge {
            if test(h as usize) {
                ids.push(h);
            }
        }
        if qc.len() > 1 || !self.huge.is_empty() {
            ids.sort_unstable();
        }
    }

    /// Calls `f` for every live item that may meet the closed segment `a..b` (some more than once).
    fn segment_candidates(&self, a: (f64, f64), b: (f64, f64), f: &mut impl FnMut(u32)) {
        let bounds = Aabb {
            min_x: a.0.min(b.0),
            min_y: a.1.min(b.1),
            max_x: a.0.max(b.0),
            max_y: a.1.max(b.1),
        };
        let qc = cells_of(&bounds, self.inv);
        let (span_x, span_y) = (
            qc.x1 as i64 - qc.x0 as i64 + 1,
            qc.y1 as i64 - qc.y0 as i64 + 1,
        );
        let major = span_x.max(span_y) as u64;
        let budget = (self.count + self.grid.occupied()) as u64 + PROBE_LIMIT;
        let mut probe = |x: i32, y: i32| {
            if let Some(bucket) = self.grid.find(x, y) {
                bucket.items.iter().for_each(|&j| f(j));
            }
        };
        if qc.len() <= PROBE_LIMIT {
            for y in qc.y0..=qc.y1 {
                for x in qc.x0..=qc.x1 {
                    probe(x, y);
                }
            }
        } else if 4 * major <= budget {
            // Walk the cells along the major axis; in each column (row), the rows (columns) the
            // segment crosses there, one cell of margin either side for rounding.
            let cs = self.cell as f64;
            let walk = |lo_c: i32,
                        hi_c: i32,
                        lo_v: f64,
                        hi_v: f64,
                        u0: f64,
                        du: f64,
                        v0: f64,
                        dv: f64,
                        minor: (i32, i32),
                        probe: &mut dyn FnMut(i32, i32)| {
                for c in lo_c..=hi_c {
                    let s0 = if c == lo_c { lo_v } else { c as f64 * cs };
                    let s1 = if c == hi_c {
                        hi_v
                    } else {
                        (c as f64 + 1.0) * cs
                    };
                    let v_at = |u: f64| v0 + (u - u0) * (dv / du);
                    let (va, vb) = (v_at(s0), v_at(s1));
                    let r0 = (cell_of(va.min(vb), self.inv) - 1).max(minor.0);
                    let r1 = (cell_of(va.max(vb), self.inv).saturating_add(1)).min(minor.1);
                    for r in r0..=r1 {
                        probe(c, r);
                    }
                }
            };
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            if span_x >= span_y {
                walk(
                    qc.x0,
                    qc.x1,
                    bounds.min_x,
                    bounds.max_x,
                    a.0,
                    dx,
                    a.1,
                    dy,
                    (qc.y0, qc.y1),
                    &mut probe,
                );
            } else {
                walk(
                    qc.y0,
                    qc.y1,
                    bounds.min_y,
                    bounds.max_y,
                    a.1,
                    dy,
                    a.0,
                    dx,
                    (qc.x0, qc.x1),
                    &mut |r, c| probe(c, r),
                );
            }
        } else {
            for (j, live) in self.live.iter().enumerate() {
                if *live && !self.places[j].huge {
                    f(j as u32);
                }
            }
        }
        for &h in &self.huge {
            f(h);
        }
    }
}

/// The ray cast of `s` against rect `r` (box `b`): hits exactly when `intersect_segment_rect`
/// does; `t` is where the segment enters the box by the slab method (0 from inside), `normal` the
/// face entered (zero when the origin is strictly inside), `point` and `pos` the point at `t`.
fn ray_rect(s: Segment, r: Rect, b: &Aabb) -> Option<Hit> {
    if !intersect_segment_rect(s, r) {
        return None;
    }
    let (ax, ay) = s.a.wide();
    let (dx, dy) = (s.b.x as f64 - ax, s.b.y as f64 - ay);
    let mut near = f64::NEG_INFINITY;
    let mut normal = Vec2::default();
    if dx != 0.0 {
        let (edge, nx) = if dx > 0.0 {
            (b.min_x, -1.0)
        } else {
            (b.max_x, 1.0)
        };
        let t = (edge - ax) / dx;
        if t > near {
            near = t;
            normal = Vec2::new(nx, 0.0);
        }
    }
    if dy != 0.0 {
        let (edge, ny) = if dy > 0.0 {
            (b.min_y, -1.0)
        } else {
            (b.max_y, 1.0)
        };
        let t = (edge - ay) / dy;
        if t > near {
            near = t;
            normal = Vec2::new(0.0, ny);
        }
    }
    if !(near >= 0.0) {
        // Starts strictly inside along every moving axis (or does not move).
        near = 0.0;
        normal = Vec2::default();
    }
    let t = near.min(1.0) + 0.0; // never -0.0
    let point = Vec2::from_f64(ax + t * dx, ay + t * dy);
    Some(Hit {
        t: t as f32,
        normal,
        point,
        pos: point,
    })
}
