//! Shared helpers for the property tests: a small deterministic PRNG, grid-domain values and a
//! mismatch tally that reports counts and the first failures.
#![allow(dead_code)]

use collide2d::{Obb, Rect, Rot, Vec2};

/// One grid step is 1/256 unit; values are generated as integers `k` meaning `k / 256`.
pub const UNIT: i64 = 256;
/// The grid domain's bound in steps: 16384 units.
pub const DOMAIN: i64 = 16384 * UNIT;
/// The small-magnitude bound in steps: 64 units.
pub const SMALL: i64 = 64 * UNIT;

/// splitmix64: tiny, fast and good enough to drive property tests reproducibly.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        debug_assert!(lo <= hi);
        lo + self.below((hi - lo) as u64 + 1) as i64
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// -1, 0 or +1 grid step.
    pub fn step(&mut self) -> i64 {
        self.range(-1, 1)
    }

    pub fn sign(&mut self) -> i64 {
        if self.chance(1, 2) {
            1
        } else {
            -1
        }
    }

    /// Uniform f64 in `[0, 1)`.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform f64 in `[lo, hi)`.
    pub fn float(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit_f64()
    }

    /// The magnitude bound for this case: half small (|v| <= 64), half the full domain.
    pub fn mag(&mut self) -> i64 {
        if self.chance(1, 2) {
            SMALL
        } else {
            DOMAIN
        }
    }

    /// A coordinate in steps within `-mag..=mag`; sometimes a whole unit, zero or the bound.
    pub fn coord(&mut self, mag: i64) -> i64 {
        match self.below(16) {
            0 => 0,
            1 => self.sign() * mag,
            2 | 3 => self.range(-mag / UNIT, mag / UNIT) * UNIT,
            _ => self.range(-mag, mag),
        }
    }

    /// A length in steps within `0..=mag`: often short, sometimes zero.
    pub fn len(&mut self, mag: i64) -> i64 {
        match self.below(10) {
            0 => 0,
            1 => self.range(0, 4),
            2 | 3 => self.range(0, mag / 16),
            _ => self.range(0, mag),
        }
    }
}

/// Steps to an f32 value (exact: |k| <= 2^24).
pub fn g(k: i64) -> f32 {
    debug_assert!(k.abs() <= 1 << 24);
    k as f32 / UNIT as f32
}

/// Whether every value lies in the grid domain.
pub fn in_domain(vals: &[i64]) -> bool {
    vals.iter().all(|v| v.abs() <= DOMAIN)
}

/// An axis-aligned box in steps, `x0 <= x1`, `y0 <= y1`: the oracle's view of a rect or an OBB
/// turned by a multiple of 90°.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IBox {
    pub x0: i64,
    pub y0: i64,
    pub x1: i64,
    pub y1: i64,
}

/// A rect in steps as given: corner and (possibly negative) sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IRect {
    pub x: i64,
    pub y: i64,
    pub w: i64,
    pub h: i64,
}

impl IRect {
    pub fn bx(self) -> IBox {
        IBox {
            x0: self.x.min(self.x + self.w),
            x1: self.x.max(self.x + self.w),
            y0: self.y.min(self.y + self.h),
            y1: self.y.max(self.y + self.h),
        }
    }

    pub fn f(self) -> Rect {
        Rect::new(g(self.x), g(self.y), g(self.w), g(self.h))
    }

    pub fn ok(self) -> bool {
        in_domain(&[self.x, self.y, self.w, self.h])
    }

    /// The rect covering `b`, written from a random corner (so with random size signs).
    pub fn of_box(rng: &mut Rng, b: IBox) -> IRect {
        let (x, w) = if rng.chance(1, 2) {
            (b.x0, b.x1 - b.x0)
        } else {
            (b.x1, b.x0 - b.x1)
        };
        let (y, h) = if rng.chance(1, 2) {
            (b.y0, b.y1 - b.y0)
        } else {
            (b.y1, b.y0 - b.y1)
        };
        IRect { x, y, w, h }
    }
}

/// A circle in steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ICircle {
    pub x: i64,
    pub y: i64,
    pub r: i64,
}

impl ICircle {
    pub fn f(self) -> collide2d::Circle {
        collide2d::Circle::new(g(self.x), g(self.y), g(self.r))
    }

    pub fn ok(self) -> bool {
        in_domain(&[self.x, self.y, self.r])
    }
}

/// An oriented box in steps turned by `quarter` quarter turns; half extents may be negative
/// (read as their absolute values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IObb {
    pub cx: i64,
    pub cy: i64,
    pub hx: i64,
    pub hy: i64,
    pub quarter: u32,
    /// How the rotation is spelled: 0 from_degrees(90k), 1 from_degrees(90k ± 360m),
    /// 2 a non-unit (scaled) rotation, 3 the exact unit fields.
    pub spelling: u32,
}

impl IObb {
    /// The world box it covers.
    pub fn bx(self) -> IBox {
        let (mut hx, mut hy) = (self.hx.abs(), self.hy.abs());
        if self.quarter % 2 == 1 {
            std::mem::swap(&mut hx, &mut hy);
        }
        IBox {
            x0: self.cx - hx,
            x1: self.cx + hx,
            y0: self.cy - hy,
            y1: self.cy + hy,
        }
    }

    pub fn rot(self) -> Rot {
        let k = self.quarter as i32;
        let (c, s) = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][self.quarter as usize];
        match self.spelling {
            0 => Rot::from_degrees(90.0 * k as f32),
            1 => Rot::from_degrees((90 * k + 360 * [-3, -1, 1, 2][(k as usize) % 4]) as f32),
            2 => {
                let scale = [0.5f32, 2.0, 3.0, 1000.0][(k as usize + 1) % 4];
                Rot {
                    c: c * scale,
                    s: s * scale,
                }
            }
            _ => Rot { c, s },
        }
    }

    pub fn f(self) -> Obb {
        Obb::new(
            Vec2::new(g(self.cx), g(self.cy)),
            Vec2::new(g(self.hx), g(self.hy)),
            self.rot(),
        )
    }

    pub fn ok(self) -> bool {
        in_domain(&[self.cx, self.cy, self.hx, self.hy])
    }

    /// An OBB covering `b` (whose sides must have even lengths in steps) with a random turn.
    pub fn of_box(rng: &mut Rng, b: IBox) -> IObb {
        debug_assert!((b.x1 - b.x0) % 2 == 0 && (b.y1 - b.y0) % 2 == 0);
        let quarter = rng.below(4) as u32;
        let (mut hx, mut hy) = ((b.x1 - b.x0) / 2, (b.y1 - b.y0) / 2);
        if quarter % 2 == 1 {
            std::mem::swap(&mut hx, &mut hy);
        }
        IObb {
            cx: (b.x0 + b.x1) / 2,
            cy: (b.y0 + b.y1) / 2,
            hx: hx * if rng.chance(1, 8) { -1 } else { 1 },
            hy: hy * if rng.chance(1, 8) { -1 } else { 1 },
            quarter,
            spelling: rng.below(4) as u32,
        }
    }
}

/// An axis-aligned OBB equal to rect `r` (its centre and half extents may be odd multiples of
/// 1/512, still exact in f32).
pub fn obb_of_rect(r: Rect) -> Obb {
    let n = r.normalized();
    Obb::new(
        Vec2::new(n.x + n.w * 0.5, n.y + n.h * 0.5),
        Vec2::new(n.w * 0.5, n.h * 0.5),
        Rot::identity(),
    )
}

pub fn pt(x: i64, y: i64) -> Vec2 {
    Vec2::new(g(x), g(y))
}

/// Pythagorean triples (and the axis "triples") for exact distances.
pub const TRIPLES: [(i64, i64, i64); 8] = [
    (3, 4, 5),
    (5, 12, 13),
    (20, 21, 29),
    (8, 15, 17),
    (7, 24, 25),
    (0, 1, 1),
    (1, 0, 1),
    (119, 120, 169),
];

/// A random offset `(dx, dy)` of exact length `d` (all in steps), `d <= max_d`, with random signs
/// and axis swap.
pub fn triple_offset(rng: &mut Rng, max_d: i64) -> (i64, i64, i64) {
    let (a, b, c) = rng.pick(&TRIPLES);
    let kmax = (max_d / c).max(1);
    let k = match rng.below(3) {
        0 => rng.range(1, kmax.min(8)),
        _ => rng.range(1, kmax),
    };
    let (mut dx, mut dy) = (a * k * rng.sign(), b * k * rng.sign());
    if rng.chance(1, 2) {
        std::mem::swap(&mut dx, &mut dy);
    }
    (dx, dy, c * k)
}

/// Given one box's span `a0..=a1` on an axis, a span for another box that often meets it exactly
/// or misses/overlaps it by one step. `even` keeps the length even (for OBB half extents).
pub fn related_span(rng: &mut Rng, a0: i64, a1: i64, mag: i64, even: bool) -> (i64, i64) {
    let mut len = rng.len(mag);
    if even {
        len &= !1;
    }
    match rng.below(6) {
        0 => {
            let b0 = a1 + rng.step();
            (b0, b0 + len)
        }
        1 => {
            let b1 = a0 + rng.step();
            (b1 - len, b1)
        }
        2 if !even || (a1 - a0) % 2 == 0 => (a0, a1),
        3 => {
            // Nested or containing with an exact shared side.
            if rng.chance(1, 2) {
                (a0 + rng.step(), a0 + rng.step() + len)
            } else {
                (a1 - len + rng.step(), a1 + rng.step())
            }
            .sorted_even(even)
        }
        _ => {
            let b0 = rng.range(a0 - len - 2, a1 + 2);
            (b0, b0 + len)
        }
    }
}

trait SortedEven {
    fn sorted_even(self, even: bool) -> Self;
}

impl SortedEven for (i64, i64) {
    fn sorted_even(self, even: bool) -> Self {
        let (lo, mut hi) = (self.0.min(self.1), self.0.max(self.1));
        if even && (hi - lo) % 2 != 0 {
            hi -= 1;
        }
        (lo, hi)
    }
}

// ---- Grid-domain shape generators (values in steps). ----

pub fn rect(rng: &mut Rng, mag: i64) -> IRect {
    IRect {
        x: rng.coord(mag),
        y: rng.coord(mag),
        w: rng.len(mag) * rng.sign(),
        h: rng.len(mag) * rng.sign(),
    }
}

pub fn circle(rng: &mut Rng, mag: i64) -> ICircle {
    let r = match rng.below(10) {
        0 => 0,
        1 => -rng.len(mag).max(1),
        _ => rng.len(mag),
    };
    ICircle {
        x: rng.coord(mag),
        y: rng.coord(mag),
        r,
    }
}

pub fn obb(rng: &mut Rng, mag: i64) -> IObb {
    IObb {
        cx: rng.coord(mag),
        cy: rng.coord(mag),
        hx: rng.len(mag) * if rng.chance(1, 8) { -1 } else { 1 },
        hy: rng.len(mag) * if rng.chance(1, 8) { -1 } else { 1 },
        quarter: rng.below(4) as u32,
        spelling: rng.below(4) as u32,
    }
}

/// A box meeting `a` exactly or within a step on each axis.
pub fn related_box(rng: &mut Rng, a: IBox, mag: i64, even: bool) -> IBox {
    let (x0, x1) = related_span(rng, a.x0, a.x1, mag, even);
    let (y0, y1) = related_span(rng, a.y0, a.y1, mag, even);
    IBox { x0, y0, x1, y1 }
}

/// A rect meeting box `a` exactly or within a step on each axis, written from a random corner.
pub fn related_rect(rng: &mut Rng, a: IBox, mag: i64) -> IRect {
    let b = related_box(rng, a, mag, false);
    IRect::of_box(rng, b)
}

/// An OBB (at a random multiple of 90°) meeting box `a` exactly or within a step on each axis.
pub fn related_obb(rng: &mut Rng, a: IBox, mag: i64) -> IObb {
    let b = related_box(rng, a, mag, true);
    IObb::of_box(rng, b)
}

/// A circle meeting box `b` exactly or within a step: at a corner (Pythagorean distance), beside
/// a side, or centred inside.
pub fn related_circle(rng: &mut Rng, b: IBox, mag: i64) -> ICircle {
    match rng.below(3) {
        0 => {
            let (dx, dy, d) = triple_offset(rng, mag);
            let corner = (
                if dx < 0 { b.x0 } else { b.x1 },
                if dy < 0 { b.y0 } else { b.y1 },
            );
            // Mostly outward from the corner; sometimes flipped inward.
            let flip = if rng.chance(1, 8) { -1 } else { 1 };
            ICircle {
                x: corner.0 + dx * flip,
                y: corner.1 + dy * flip,
                r: d + rng.step(),
            }
        }
        1 => {
            let r = rng.len(mag);
            let across = rng.range(b.y0 - 2, b.y1 + 2);
            let out = r + rng.step();
            let (side, along) = if rng.chance(1, 2) {
                (b.x1 + out, across)
            } else {
                (b.x0 - out, across)
            };
            if rng.chance(1, 2) {
                ICircle {
                    x: side,
                    y: along,
                    r,
                }
            } else {
                // The same against a horizontal side.
                let along = rng.range(b.x0 - 2, b.x1 + 2);
                let side = if rng.chance(1, 2) {
                    b.y1 + out
                } else {
                    b.y0 - out
                };
                ICircle {
                    x: along,
                    y: side,
                    r,
                }
            }
        }
        _ => ICircle {
            x: rng.range(b.x0, b.x1),
            y: rng.range(b.y0, b.y1),
            r: rng.range(-1, 2) * rng.len(mag) / 2,
        },
    }
}

/// A point on a side or corner of `b`, or one step off it.
pub fn related_point(rng: &mut Rng, b: IBox) -> (i64, i64) {
    let x = match rng.below(3) {
        0 => b.x0 + rng.step(),
        1 => b.x1 + rng.step(),
        _ => rng.range(b.x0 - 1, b.x1 + 1),
    };
    let y = match rng.below(3) {
        0 => b.y0 + rng.step(),
        1 => b.y1 + rng.step(),
        _ => rng.range(b.y0 - 1, b.y1 + 1),
    };
    (x, y)
}

/// Counts cases and mismatches of one property; reports the count and the first failures.
pub struct Tally {
    name: &'static str,
    pub cases: u64,
    pub checks: u64,
    pub mismatches: u64,
    /// Cases whose oracle answer was "touching only" (closed true, strict false).
    pub touching: u64,
    /// Cases whose oracle answer was true (closed flavour, or the one flavour of segments).
    pub hits: u64,
    shown: Vec<String>,
}

impl Tally {
    pub fn new(name: &'static str) -> Tally {
        Tally {
            name,
            cases: 0,
            checks: 0,
            mismatches: 0,
            touching: 0,
            hits: 0,
            shown: Vec::new(),
        }
    }

    /// Records one check; `what` describes the case when it failed.
    pub fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.checks += 1;
        if !ok {
            self.mismatches += 1;
            if self.shown.len() < 8 {
                self.shown.push(what());
            }
        }
    }

    /// Records that `got` equals `want`.
    pub fn eq<T: PartialEq + std::fmt::Debug>(
        &mut self,
        label: &str,
        got: T,
        want: T,
        input: impl FnOnce() -> String,
    ) {
        let ok = got == want;
        self.check(ok, || {
            format!("{label}: got {got:?}, want {want:?} for {}", input())
        });
    }

    /// Prints the counts and fails on any mismatch.
    pub fn finish(self) {
        let answers = if self.hits > 0 {
            format!(" ({} true, {} exactly touching)", self.hits, self.touching)
        } else {
            String::new()
        };
        eprintln!(
            "{}: {} cases{answers}, {} checks, {} mismatches",
            self.name, self.cases, self.checks, self.mismatches
        );
        for s in &self.shown {
            eprintln!("  {s}");
        }
        assert_eq!(
            self.mismatches, 0,
            "{}: {} mismatches, first: {:#?}",
            self.name, self.mismatches, self.shown
        );
    }
}

/// The exact oracle: every formula of API.md in i128 on values in steps (scaled by 256).
pub mod oracle {
    use super::{IBox, ICircle};

    pub type P = (i64, i64);

    fn lt(closed: bool, a: i128, b: i128) -> bool {
        if closed {
            a <= b
        } else {
            a < b
        }
    }

    fn sq(v: i64) -> i128 {
        v as i128 * v as i128
    }

    pub fn box_box(closed: bool, a: IBox, b: IBox) -> bool {
        lt(closed, a.x0 as i128, b.x1 as i128)
            && lt(closed, b.x0 as i128, a.x1 as i128)
            && lt(closed, a.y0 as i128, b.y1 as i128)
            && lt(closed, b.y0 as i128, a.y1 as i128)
    }

    pub fn circle_circle(closed: bool, a: ICircle, b: ICircle) -> bool {
        a.r >= 0 && b.r >= 0 && lt(closed, sq(b.x - a.x) + sq(b.y - a.y), sq(a.r + b.r))
    }

    /// Squared distance from a point to a box.
    pub fn dist2_box(b: IBox, x: i64, y: i64) -> i128 {
        let dx = if x < b.x0 {
            b.x0 - x
        } else if x > b.x1 {
            x - b.x1
        } else {
            0
        };
        let dy = if y < b.y0 {
            b.y0 - y
        } else if y > b.y1 {
            y - b.y1
        } else {
            0
        };
        sq(dx) + sq(dy)
    }

    pub fn box_circle(closed: bool, b: IBox, c: ICircle) -> bool {
        c.r >= 0 && lt(closed, dist2_box(b, c.x, c.y), sq(c.r))
    }

    pub fn point_box(closed: bool, p: P, b: IBox) -> bool {
        lt(closed, b.x0 as i128, p.0 as i128)
            && lt(closed, p.0 as i128, b.x1 as i128)
            && lt(closed, b.y0 as i128, p.1 as i128)
            && lt(closed, p.1 as i128, b.y1 as i128)
    }

    pub fn point_circle(closed: bool, p: P, c: ICircle) -> bool {
        c.r >= 0 && lt(closed, sq(p.0 - c.x) + sq(p.1 - c.y), sq(c.r))
    }

    /// Sign of `(b - a) × (p - a)`.
    pub fn orient(a: P, b: P, p: P) -> i32 {
        let v =
            (b.0 - a.0) as i128 * (p.1 - a.1) as i128 - (b.1 - a.1) as i128 * (p.0 - a.0) as i128;
        v.signum() as i32
    }

    /// `p` within the bounding box of `a..b` (used when p is on the line through a, b).
    fn on_box(a: P, b: P, p: P) -> bool {
        a.0.min(b.0) <= p.0 && p.0 <= a.0.max(b.0) && a.1.min(b.1) <= p.1 && p.1 <= a.1.max(b.1)
    }

    /// Closed segments a..b and c..d meet (the textbook orientation test with its collinear
    /// cases; it also covers degenerate segments).
    pub fn seg_seg(a: P, b: P, c: P, d: P) -> bool {
        let d1 = orient(c, d, a);
        let d2 = orient(c, d, b);
        let d3 = orient(a, b, c);
        let d4 = orient(a, b, d);
        if d1 * d2 < 0 && d3 * d4 < 0 {
            return true;
        }
        (d1 == 0 && on_box(c, d, a))
            || (d2 == 0 && on_box(c, d, b))
            || (d3 == 0 && on_box(a, b, c))
            || (d4 == 0 && on_box(a, b, d))
    }

    /// A closed segment meets a closed box: an end point inside, or it meets a side.
    pub fn seg_box(a: P, b: P, r: IBox) -> bool {
        if point_box(true, a, r) || point_box(true, b, r) {
            return true;
        }
        let c = [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1)];
        (0..4).any(|i| seg_seg(a, b, c[i], c[(i + 1) % 4]))
    }

    /// A closed segment meets a closed disc: the distance from the centre to the segment is at
    /// most r (cross² <= r²·len² when the foot of the perpendicular is inside the segment).
    pub fn seg_circle(a: P, b: P, c: ICircle) -> bool {
        if c.r < 0 {
            return false;
        }
        let r2 = sq(c.r);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (fx, fy) = (c.x - a.0, c.y - a.1);
        let along = fx as i128 * dx as i128 + fy as i128 * dy as i128;
        let len2 = sq(dx) + sq(dy);
        if along <= 0 {
            sq(fx) + sq(fy) <= r2
        } else if along >= len2 {
            sq(c.x - b.0) + sq(c.y - b.1) <= r2
        } else {
            let cross = dx as i128 * fy as i128 - dy as i128 * fx as i128;
            cross * cross <= r2 * len2
        }
    }

    /// The segment meets the box's interior (strictly inside on both axes): Liang–Barsky with
    /// exact fractions. Used to tell "touching only the boundary" apart in the counts.
    pub fn seg_box_interior(a: P, b: P, r: IBox) -> bool {
        // Bounds on t as (num, den, closed), den > 0.
        let mut lo = (0i128, 1i128, true);
        let mut hi = (1i128, 1i128, true);
        for (p, d, min, max) in [(a.0, b.0 - a.0, r.x0, r.x1), (a.1, b.1 - a.1, r.y0, r.y1)] {
            if d == 0 {
                if !(min < p && p < max) {
                    return false;
                }
                continue;
            }
            let (l, h) = if d > 0 {
                ((min - p, d), (max - p, d))
            } else {
                ((p - max, -d), (p - min, -d))
            };
            let (l, h) = ((l.0 as i128, l.1 as i128), (h.0 as i128, h.1 as i128));
            let cmp_lo = l.0 * lo.1 - lo.0 * l.1; // > 0: l above the current lower bound
            if cmp_lo >= 0 {
                lo = (l.0, l.1, false);
            }
            let cmp_hi = h.0 * hi.1 - hi.0 * h.1;
            if cmp_hi <= 0 {
                hi = (h.0, h.1, false);
            }
        }
        let c = lo.0 * hi.1 - hi.0 * lo.1;
        c < 0 || (c == 0 && lo.2 && hi.2)
    }

    /// The segment meets the open disc.
    pub fn seg_circle_interior(a: P, b: P, c: ICircle) -> bool {
        if c.r <= 0 {
            return false;
        }
        let r2 = sq(c.r);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (fx, fy) = (c.x - a.0, c.y - a.1);
        let along = fx as i128 * dx as i128 + fy as i128 * dy as i128;
        let len2 = sq(dx) + sq(dy);
        if along <= 0 {
            sq(fx) + sq(fy) < r2
        } else if along >= len2 {
            sq(c.x - b.0) + sq(c.y - b.1) < r2
        } else {
            let cross = dx as i128 * fy as i128 - dy as i128 * fx as i128;
            cross * cross < r2 * len2
        }
    }
}

/// Runs `total` cases of `case(rng, built, tally)` for one predicate pair: about half are asked
/// to be built to touch exactly or miss by one step (`built`); `case` returns false to redraw an
/// input that left the grid domain (not counted). Reports the tally.
pub fn run_cases(
    name: &'static str,
    seed: u64,
    total: u64,
    mut case: impl FnMut(&mut Rng, bool, &mut Tally) -> bool,
) {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::new(name);
    let mut built = 0u64;
    while tally.cases < total {
        let build = rng.chance(1, 2);
        if case(&mut rng, build, &mut tally) {
            tally.cases += 1;
            built += build as u64;
        }
    }
    eprintln!("{name}: {built} of the cases built to touch or miss by one step");
    tally.finish();
}

/// Checks both flavours of one predicate, `got = (overlap, touch)`, against the oracle
/// `want(closed)`, counting hits and touching-only cases.
pub fn flavours(
    t: &mut Tally,
    label: &str,
    got: (bool, bool),
    want: impl Fn(bool) -> bool,
    input: impl Fn() -> String,
) {
    let (strict, closed) = (want(false), want(true));
    t.hits += closed as u64;
    t.touching += (closed && !strict) as u64;
    t.eq(&format!("overlap_{label}"), got.0, strict, &input);
    t.eq(&format!("touch_{label}"), got.1, closed, &input);
}

/// One unit in the last place of an f32 of magnitude `m` (finite).
pub fn ulp_f32(m: f64) -> f64 {
    // Exact powers of two, built from their bits (`powi` may round elsewhere than here).
    let pow2 = |e: i32| f64::from_bits(((e + 1023) as u64) << 52);
    if m.is_nan() || m <= 0.0 {
        return pow2(-149);
    }
    let e = ((m.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    pow2((e - 23).max(-149))
}

/// Whether two f32 rects overlap as `move_rect` and an f32 world read them: on both axes by
/// more than one unit in the last place of the largest finite coordinate or size on that axis
/// (faces closer than that are the same face). In f64, exact for f32 inputs of like magnitude.
pub fn overlap_beyond_band(a: Rect, b: Rect) -> bool {
    let axis = |ax: f32, aw: f32, bx: f32, bw: f32| {
        let m = [ax, aw, bx, bw]
            .iter()
            .filter(|v| v.is_finite())
            .fold(0.0f64, |m, v| m.max(v.abs() as f64));
        let span = |x: f32, w: f32| {
            let (x, e) = (x as f64, x as f64 + w as f64);
            (x.min(e), x.max(e))
        };
        let ((a0, a1), (b0, b1)) = (span(ax, aw), span(bx, bw));
        let band = ulp_f32(m);
        b1 - a0 > band && a1 - b0 > band
    };
    axis(a.x, a.w, b.x, b.w) && axis(a.y, a.h, b.y, b.h)
}

/// Whether a circle overlaps an f32 rect as an f32 world's query reads it: as the exact predicate
/// says, and where it meets a face (its centre within the rect's span across that face), by more
/// than the band across it.
pub fn overlap_circle_beyond_band(r: Rect, c: collide2d::Circle) -> bool {
    if !collide2d::overlap_rect_circle(r, c) {
        return false;
    }
    let span = |x: f32, w: f32| {
        let (x, e) = (x as f64, x as f64 + w as f64);
        (x.min(e), x.max(e))
    };
    let ((x0, x1), (y0, y1)) = (span(r.x, r.w), span(r.y, r.h));
    let face = |lo: f64, hi: f64, c: f32, cr: f32, band: f64| {
        let (c, cr) = (c as f64, cr as f64);
        (c + cr) - lo > band && hi - (c - cr) > band
    };
    let band = |a: f32, b: f32, p: f32, q: f32| {
        ulp_f32(
            [a, b, p, q]
                .iter()
                .fold(0.0f64, |m, v| m.max(v.abs() as f64)),
        )
    };
    let (cx, cy) = (c.x as f64, c.y as f64);
    !((y0 <= cy && cy <= y1 && !face(x0, x1, c.x, c.r, band(r.x, r.w, c.x, c.r)))
        || (x0 <= cx && cx <= x1 && !face(y0, y1, c.y, c.r, band(r.y, r.h, c.y, c.r))))
}
