//! Sweeps and ray casts against exact oracles on the grid domain (values are multiples of 1/256,
//! generated as integers in 1/256 units and checked with i128 arithmetic).
//!
//! Every sweep case asserts what API.md promises: never missed (the oracle hits → we hit), never
//! a false hit, `t` no later than the real contact time, the f32 position `a + t·delta` not
//! overlapping strictly (core's exact predicate), and at most 1/256 unit of gap left.

mod common;

use collide2d::*;
use common::Rng;

// ---------------------------------------------------------------------------------------------
// Helpers: a small deterministic generator, grid values.

/// A grid value from 1/256 units.
fn g(v: i64) -> f32 {
    v as f32 / 256.0
}

/// The position as a careful C caller computes it: each operation rounded to f32.
fn at(p: Vec2, d: Vec2, t: f32) -> Vec2 {
    Vec2::new(p.x + t * d.x, p.y + t * d.y)
}

const UNIT: i64 = 256;
const MAXV: i64 = 16384 * UNIT;

/// A scale for coordinates: small scenes, medium ones and the whole grid domain.
fn span(rng: &mut Rng) -> i64 {
    rng.pick(&[4 * UNIT, 64 * UNIT, 1024 * UNIT, MAXV / 2])
}

// ---------------------------------------------------------------------------------------------
// Exact rational oracle for a box moving against a box (integers in 1/256 units).

#[derive(Clone, Copy, Debug)]
struct Q {
    n: i128,
    d: i128, // > 0
}

fn lt(a: Q, b: Q) -> bool {
    a.n * b.d < b.n * a.d
}

/// Real-number answer: `None` no hit; `Some((T, None))` strictly overlapping at t = 0;
/// `Some((T, Some(axis)))` first strict overlap at T entering through `axis` (x wins ties).
/// Each slab is `lo < t·v < hi`.
fn oracle_slabs(slabs: &[(i128, i128, i128)]) -> Option<(Q, Option<usize>)> {
    let mut enter: Option<(Q, usize)> = None;
    let mut exit: Option<Q> = None;
    for (i, &(lo, hi, v)) in slabs.iter().enumerate() {
        let (en, ex) = match v.signum() {
            1 => (Q { n: lo, d: v }, Q { n: hi, d: v }),
            -1 => (Q { n: -hi, d: -v }, Q { n: -lo, d: -v }),
            _ => {
                if lo < 0 && 0 < hi {
                    continue;
                }
                return None;
            }
        };
        if enter.is_none_or(|(e, _)| lt(e, en)) {
            enter = Some((en, i));
        }
        if exit.is_none_or(|x| lt(ex, x)) {
            exit = Some(ex);
        }
    }
    let zero = Q { n: 0, d: 1 };
    let one = Q { n: 1, d: 1 };
    if let Some(x) = exit {
        if !lt(zero, x) {
            return None;
        }
    }
    match (enter, exit) {
        (Some((e, _)), Some(x)) if !lt(e, x) => None,
        (Some((e, _)), _) if !lt(e, one) => None,
        (Some((e, _)), _) if lt(e, zero) => Some((zero, None)),
        (Some((e, i)), _) => Some((e, Some(i))),
        (None, _) => Some((zero, None)),
    }
}

/// `(min, max)` of a span given as corner and size.
fn mm(x: i64, w: i64) -> (i128, i128) {
    let (a, b) = (x as i128, (x + w) as i128);
    (a.min(b), a.max(b))
}

fn rect_slabs(a: [i64; 4], d: [i64; 2], b: [i64; 4]) -> [(i128, i128, i128); 2] {
    let (ax0, ax1) = mm(a[0], a[2]);
    let (ay0, ay1) = mm(a[1], a[3]);
    let (bx0, bx1) = mm(b[0], b[2]);
    let (by0, by1) = mm(b[1], b[3]);
    [
        (bx0 - ax1, bx1 - ax0, d[0] as i128),
        (by0 - ay1, by1 - ay0, d[1] as i128),
    ]
}

fn rect(v: [i64; 4]) -> Rect {
    Rect::new(g(v[0]), g(v[1]), g(v[2]), g(v[3]))
}

fn vec2(v: [i64; 2]) -> Vec2 {
    Vec2::new(g(v[0]), g(v[1]))
}

/// One rect-rect case: the promises of API.md against the oracle. `check` runs the library's
/// hit through the common safety checks and returns an error text.
fn check_rect_rect(a: [i64; 4], d: [i64; 2], b: [i64; 4]) -> Result<bool, String> {
    let oracle = oracle_slabs(&rect_slabs(a, d, b));
    let (ra, rd, rb) = (rect(a), vec2(d), rect(b));
    let got = sweep_rect_rect(ra, rd, rb);
    let ctx = || format!("a={a:?} d={d:?} b={b:?} oracle={oracle:?} got={got:?}");
    match (oracle, got) {
        (None, None) => Ok(false),
        (Some(_), None) => Err(format!("missed hit: {}", ctx())),
        (None, Some(_)) => Err(format!("false hit: {}", ctx())),
        (Some((tq, axis)), Some(h)) => {
            let Some(axis) = axis else {
                let c = collide_rect_rect(ra, rb).unwrap();
                if h.t != 0.0 || h.normal != Vec2::new(-c.normal.x, -c.normal.y) {
                    return Err(format!("overlapping start: {}", ctx()));
                }
                return Ok(true);
            };
            // t <= T exactly: t·den <= num (exact in f64: 24-bit t times a < 2^26 den).
            if (h.t as f64) * (tq.d as f64) > tq.n as f64 {
                return Err(format!("t after contact: {}", ctx()));
            }
            let pos = at(Vec2::new(ra.x, ra.y), rd, h.t);
            for p in [pos, h.pos] {
                if overlap_rect_rect(Rect::new(p.x, p.y, ra.w, ra.h), rb) {
                    return Err(format!("unsafe position: {}", ctx()));
                }
            }
            // pos is a + t·delta, but flush on the hit axis: within the gap of it.
            if (pos.x - h.pos.x).abs() > 1.0 / 256.0 || (pos.y - h.pos.y).abs() > 1.0 / 256.0 {
                return Err(format!("pos too far from a + t*delta: {}", ctx()));
            }
            // Flush: on the grid domain the hit axis lands exactly on the face.
            let flush = if axis == 0 {
                let (ax0, ax1) = mm(a[0], a[2]);
                let (bx0, bx1) = mm(b[0], b[2]);
                let corner = a[0] as i128 + if d[0] > 0 { bx0 - ax1 } else { bx1 - ax0 };
                (h.pos.x as f64 * 256.0) as i128 == corner
            } else {
                let (ay0, ay1) = mm(a[1], a[3]);
                let (by0, by1) = mm(b[1], b[3]);
                let corner = a[1] as i128 + if d[1] > 0 { by0 - ay1 } else { by1 - ay0 };
                (h.pos.y as f64 * 256.0) as i128 == corner
            };
            if !flush {
                return Err(format!("not flush: {}", ctx()));
            }
            let real_t = tq.n as f64 / tq.d as f64;
            for v in d {
                if (real_t - h.t as f64) * (v.abs() as f64) > 1.0 + 1e-9 {
                    return Err(format!("gap over 1/256: {}", ctx()));
                }
            }
            let want = if axis == 0 {
                Vec2::new(-(d[0].signum() as f32), 0.0)
            } else {
                Vec2::new(0.0, -(d[1].signum() as f32))
            };
            if h.normal != want {
                return Err(format!("normal {:?} != {want:?}: {}", h.normal, ctx()));
            }
            Ok(true)
        }
    }
}

/// A random rect whose corner and size fit the scale.
fn random_rect(rng: &mut Rng, s: i64) -> [i64; 4] {
    let w = rng.range(-s / 4, s / 2);
    let h = rng.range(-s / 4, s / 2);
    [rng.range(-s, s), rng.range(-s, s), w, h]
}

/// A case built to meet `b` exactly: `a` flush against one of `b`'s faces (or corner) at some
/// step count `n`, moved by `m` steps (before, exactly at, past contact, or sliding).
fn touching_case(rng: &mut Rng) -> ([i64; 4], [i64; 2], [i64; 4]) {
    let s = rng.pick(&[2 * UNIT, 32 * UNIT, 512 * UNIT]);
    let b = [
        rng.range(-s, s),
        rng.range(-s, s),
        rng.range(0, s),
        rng.range(0, s),
    ];
    let (w, h) = (rng.range(0, s), rng.range(0, s));
    // Contact position: flush on a face, the other coordinate anywhere from corner to corner.
    let face = rng.range(0, 3);
    let across = |rng: &mut Rng, lo: i64, len: i64, size: i64| -> i64 {
        match rng.range(0, 3) {
            0 => lo - size, // corner touch on one side
            1 => lo + len,  // corner touch on the other
            _ => rng.range(lo - size, lo + len),
        }
    };
    let (px, py) = match face {
        0 => (b[0] - w, across(rng, b[1], b[3], h)),
        1 => (b[0] + b[2], across(rng, b[1], b[3], h)),
        2 => (across(rng, b[0], b[2], w), b[1] - h),
        _ => (across(rng, b[0], b[2], w), b[1] + b[3]),
    };
    // A step pointing into the face, along it, or out of it.
    let k = rng.pick(&[1, 3, 7, 64, 256]);
    let mut step = [rng.range(-k, k), rng.range(-k, k)];
    let into = rng.range(0, k);
    match face {
        0 => step[0] = into,
        1 => step[0] = -into,
        2 => step[1] = into,
        _ => step[1] = -into,
    }
    let n = rng.range(0, 6);
    let m = rng.pick(&[n - 1, n, n + 1, 2 * n + 1, n + 50]).max(0);
    let a = [px - n * step[0], py - n * step[1], w, h];
    (a, [m * step[0], m * step[1]], b)
}

#[test]
fn rect_rect_matches_exact_rational_oracle_on_a_million_cases() {
    let mut rng = Rng::new(0x5eed_0001);
    let (mut hits, mut total) = (0u32, 0u32);
    let mut failures = Vec::new();
    for i in 0..1_000_000 {
        let (a, d, b) = if i % 2 == 0 {
            touching_case(&mut rng)
        } else {
            let s = span(&mut rng);
            let dspan = rng.pick(&[s / 8, s, 2 * s]).min(MAXV);
            (
                random_rect(&mut rng, s),
                [rng.range(-dspan, dspan), rng.range(-dspan, dspan)],
                random_rect(&mut rng, s),
            )
        };
        total += 1;
        match check_rect_rect(a, d, b) {
            Ok(h) => hits += h as u32,
            Err(e) => failures.push(e),
        }
    }
    println!(
        "rect_rect: {total} cases (half built to touch or graze exactly), {hits} hits, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {total} failed, first: {}",
        failures.len(),
        failures[0]
    );
    assert!(
        hits > total / 5,
        "too few hits to mean anything: {hits} of {total}"
    );
}

// ---------------------------------------------------------------------------------------------
// Round shapes: a point against a rounded box (i128 exact), first contact bracketed by
// bisection on t = k / 2^32 with the exact inside test.

const TK: i128 = 1 << 32;

/// Box `[minx, miny, maxx, maxy]` and radius, in 1/256 units.
#[derive(Clone, Copy, Debug)]
struct Rounded {
    b: [i128; 4],
    r: i128,
}

impl Rounded {
    /// The point `p + (k / 2^32)·d` strictly inside, exactly.
    fn inside(&self, p: [i128; 2], d: [i128; 2], k: i128) -> bool {
        let q = [p[0] * TK + k * d[0], p[1] * TK + k * d[1]];
        let cx = q[0].clamp(self.b[0] * TK, self.b[2] * TK);
        let cy = q[1].clamp(self.b[1] * TK, self.b[3] * TK);
        let (dx, dy) = (q[0] - cx, q[1] - cy);
        let r = self.r * TK;
        self.r > 0 && dx * dx + dy * dy < r * r
    }

    /// Whether the segment `p..p+d` enters the open rounded box, exactly, with a time inside
    /// (as k) when one exists on the 2^-32 grid.
    fn decide(&self, p: [i128; 2], d: [i128; 2]) -> (bool, Option<i128>) {
        let [x0, y0, x1, y1] = self.b;
        let r = self.r;
        if r <= 0 {
            return (false, None);
        }
        let mut hit = false;
        let mut probe: Vec<i128> = Vec::new();
        for (lo_x, hi_x, lo_y, hi_y) in [(x0 - r, x1 + r, y0, y1), (x0, x1, y0 - r, y1 + r)] {
            let slabs = [
                (lo_x - p[0], hi_x - p[0], d[0]),
                (lo_y - p[1], hi_y - p[1], d[1]),
            ];
            if let Some((e, _)) = oracle_slabs(&slabs) {
                hit = true;
                probe.push((e.n * TK / e.d).clamp(0, TK));
                probe.push((e.n * TK / e.d + 1).clamp(0, TK));
            }
        }
        for c in [[x0, y0], [x1, y0], [x1, y1], [x0, y1]] {
            let w = [p[0] - c[0], p[1] - c[1]];
            let a = d[0] * d[0] + d[1] * d[1];
            let b = w[0] * d[0] + w[1] * d[1];
            let w2 = w[0] * w[0] + w[1] * w[1];
            let inside = if w2 < r * r {
                true
            } else if b >= 0 {
                false
            } else if -b >= a {
                let e = [w[0] + d[0], w[1] + d[1]];
                e[0] * e[0] + e[1] * e[1] < r * r
            } else {
                w2 * a - b * b < r * r * a
            };
            if inside {
                hit = true;
                if a > 0 {
                    probe.push(((-b) * TK / a).clamp(0, TK));
                } else {
                    probe.push(0);
                }
            }
        }
        let k = probe.into_iter().find(|&k| self.inside(p, d, k));
        (hit, k)
    }

    /// The bracket `(lo, hi]` (in 2^-32) of the first contact, given an inside time.
    fn bracket(&self, p: [i128; 2], d: [i128; 2], k_in: i128) -> (i128, i128) {
        let (mut lo, mut hi) = (0, k_in);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if self.inside(p, d, mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        (lo, hi)
    }
}

#[derive(Default)]
struct Tally {
    cases: u32,
    hits: u32,
    unbracketed: u32,
    failures: Vec<String>,
}

/// Checks a round-shape hit against the oracle. `p`, `d`: the centre point's motion relative
/// to the rounded box (for a rect mover, the circle moving back); `clear(pos)`: the real pair at
/// the library's f32 position does not overlap strictly; `start_normal`: the expected normal
/// when overlapping at the start; `gap(pos)`: the distance left between the shapes.
#[allow(clippy::too_many_arguments)]
fn check_round(
    t: &mut Tally,
    shape: Rounded,
    p: [i64; 2],
    d: [i64; 2],
    got: Option<Hit>,
    clear: impl Fn(Vec2) -> bool,
    mover_start: Vec2,
    mover_delta: Vec2,
    start_normal: impl Fn() -> Vec2,
    gap: impl Fn(Vec2) -> f64,
    what: &str,
) {
    t.cases += 1;
    let (pw, dw) = ([p[0] as i128, p[1] as i128], [d[0] as i128, d[1] as i128]);
    let (hit, k_in) = shape.decide(pw, dw);
    let ctx = || format!("{what}: shape={shape:?} p={p:?} d={d:?} got={got:?}");
    let Some(h) = got else {
        if hit {
            t.failures.push(format!("missed: {}", ctx()));
        }
        return;
    };
    if !hit {
        t.failures.push(format!("false hit: {}", ctx()));
        return;
    }
    t.hits += 1;
    if shape.inside(pw, dw, 0) {
        let n = start_normal();
        if h.t != 0.0 || (h.normal.x - n.x).abs() > 1e-6 || (h.normal.y - n.y).abs() > 1e-6 {
            t.failures.push(format!("overlapping start: {}", ctx()));
        }
        return;
    }
    let pos = at(mover_start, mover_delta, h.t);
    if pos != h.pos || !clear(pos) {
        t.failures.push(format!("unsafe position: {}", ctx()));
    }
    let len = (h.normal.x * h.normal.x + h.normal.y * h.normal.y).sqrt();
    if (len - 1.0).abs() > 1e-5 {
        t.failures.push(format!("normal not unit: {}", ctx()));
    }
    let Some(k_in) = k_in else {
        // An ultra-graze whose overlap lasts less than 2^-32: decided exactly, time unchecked.
        t.unbracketed += 1;
        return;
    };
    let (_lo, hi) = shape.bracket(pw, dw, k_in);
    let tt = h.t as f64;
    if tt > hi as f64 / TK as f64 {
        t.failures
            .push(format!("t after contact (hi={hi}): {}", ctx()));
    }
    if tt >= 1.0 / 512.0 {
        // Such an f32 is k / 2^32 exactly: not inside there.
        let k = (tt * TK as f64) as i128;
        if shape.inside(pw, dw, k) {
            t.failures.push(format!("t inside the shape: {}", ctx()));
        }
    }
    // The gap: how far apart the shapes are left (measured in f64 at the f32 position).
    let left = gap(pos);
    if left > 1.0 / 256.0 + 1e-9 {
        t.failures.push(format!("gap {left} over 1/256: {}", ctx()));
    }
}

/// How far a circle (centre, radius) is from a rect, in f64.
fn separation(r: Rect, c: (f64, f64), radius: f32) -> f64 {
    let n = r.normalized();
    let (x0, y0) = (n.x as f64, n.y as f64);
    let (x1, y1) = (x0 + n.w as f64, y0 + n.h as f64);
    let (qx, qy) = (c.0.clamp(x0, x1), c.1.clamp(y0, y1));
    ((c.0 - qx).powi(2) + (c.1 - qy).powi(2)).sqrt() - radius as f64
}

fn report(name: &str, t: &Tally) {
    println!(
        "{name}: {} cases, {} hits, {} ultra-grazes with the time unbracketed, {} failures",
        t.cases,
        t.hits,
        t.unbracketed,
        t.failures.len()
    );
    assert!(
        t.failures.is_empty(),
        "{name}: {} failed, first: {}",
        t.failures.len(),
        t.failures[0]
    );
    assert!(t.hits > t.cases / 10, "{name}: too few hits ({})", t.hits);
}

/// A circle case: random or built to graze/touch a face or corner of the box.
fn round_case(rng: &mut Rng, b: [i64; 4], r: i64) -> ([i64; 2], [i64; 2]) {
    let s = (b[2].abs() + b[3].abs() + 2 * r).max(UNIT);
    if rng.next_u64() % 2 == 0 {
        let dspan = rng.pick(&[s / 4, s, 4 * s]).min(MAXV);
        let p = [
            b[0] + rng.range(-2 * s, 2 * s),
            b[1] + rng.range(-2 * s, 2 * s),
        ];
        return (p, [rng.range(-dspan, dspan), rng.range(-dspan, dspan)]);
    }
    // Contact point on the rounded box: a face point at distance r, or (3,4,5) off a corner.
    let (x0, x1) = (b[0].min(b[0] + b[2]), b[0].max(b[0] + b[2]));
    let (y0, y1) = (b[1].min(b[1] + b[3]), b[1].max(b[1] + b[3]));
    let c = match rng.range(0, 5) {
        0 => [x0 - r, rng.range(y0, y1)],
        1 => [x1 + r, rng.range(y0, y1)],
        2 => [rng.range(x0, x1), y0 - r],
        3 => [rng.range(x0, x1), y1 + r],
        _ => {
            // r = 5q: a corner offset (3q, 4q) in some quadrant lies exactly on the circle.
            let q = r / 5;
            let (sx, sy) = (rng.pick(&[-1, 1]), rng.pick(&[-1, 1]));
            let (cx, cy) = (if sx < 0 { x0 } else { x1 }, if sy < 0 { y0 } else { y1 });
            if rng.next_u64() % 2 == 0 {
                [cx + sx * 3 * q, cy + sy * 4 * q]
            } else {
                [cx + sx * 4 * q, cy + sy * 3 * q]
            }
        }
    };
    let k = rng.pick(&[1, 5, 64, 300]);
    let step = [rng.range(-k, k), rng.range(-k, k)];
    let n = rng.range(0, 5);
    let m = rng.pick(&[n - 1, n, n + 1, 2 * n + 3]).max(0);
    (
        [c[0] - n * step[0], c[1] - n * step[1]],
        [m * step[0], m * step[1]],
    )
}

fn random_box(rng: &mut Rng) -> ([i64; 4], i64) {
    let s = rng.pick(&[UNIT, 16 * UNIT, 256 * UNIT, 4096 * UNIT]);
    let b = [
        rng.range(-s, s),
        rng.range(-s, s),
        rng.range(-s, s),
        rng.range(-s, s),
    ];
    (b, 5 * rng.range(1, (s / 5).max(1)))
}

fn rounded(b: [i64; 4], r: i64) -> Rounded {
    let (x0, x1) = mm(b[0], b[2]);
    let (y0, y1) = mm(b[1], b[3]);
    Rounded {
        b: [x0, y0, x1, y1],
        r: r as i128,
    }
}

#[test]
fn circle_rect_matches_exact_oracle() {
    let mut rng = Rng::new(0x5eed_0002);
    let mut t = Tally::default();
    for _ in 0..150_000 {
        let (b, r) = random_box(&mut rng);
        let (p, d) = round_case(&mut rng, b, r);
        let (ca, rd, rb) = (Circle::new(g(p[0]), g(p[1]), g(r)), vec2(d), rect(b));
        let got = sweep_circle_rect(ca, rd, rb);
        check_round(
            &mut t,
            rounded(b, r),
            p,
            d,
            got,
            |q| !overlap_rect_circle(rb, Circle::new(q.x, q.y, ca.r)),
            ca.center(),
            rd,
            || collide_rect_circle(rb, ca).unwrap().normal,
            |q| separation(rb, (q.x as f64, q.y as f64), ca.r),
            "circle_rect",
        );
    }
    report("circle_rect", &t);
}

#[test]
fn rect_circle_is_the_reverse_of_circle_rect() {
    let mut rng = Rng::new(0x5eed_0003);
    let mut t = Tally::default();
    for _ in 0..100_000 {
        let (b, r) = random_box(&mut rng);
        let (p, d) = round_case(&mut rng, b, r);
        // The rect b moves by -d against the circle at p: relative to the rect, the circle
        // moves by +d, which is what the oracle sees.
        let (cb, ra) = (Circle::new(g(p[0]), g(p[1]), g(r)), rect(b));
        let back = Vec2::new(-g(d[0]), -g(d[1]));
        let got = sweep_rect_circle(ra, back, cb);
        check_round(
            &mut t,
            rounded(b, r),
            p,
            d,
            got,
            |q| !overlap_rect_circle(Rect::new(q.x, q.y, ra.w, ra.h), cb),
            Vec2::new(ra.x, ra.y),
            back,
            || {
                let c = collide_rect_circle(ra, cb).unwrap().normal;
                Vec2::new(-c.x, -c.y)
            },
            |q| {
                separation(
                    Rect::new(q.x, q.y, ra.w, ra.h),
                    (cb.x as f64, cb.y as f64),
                    cb.r,
                )
            },
            "rect_circle",
        );
    }
    report("rect_circle", &t);
}

#[test]
fn circle_circle_matches_exact_oracle() {
    let mut rng = Rng::new(0x5eed_0004);
    let mut t = Tally::default();
    for _ in 0..150_000 {
        let s = rng.pick(&[UNIT, 64 * UNIT, 4096 * UNIT]);
        let c = [rng.range(-s, s), rng.range(-s, s)];
        // r1 + r2 a multiple of 5, so the (3, 4, 5) contacts are exact.
        let sum = 5 * rng.range(1, (s / 10).max(1));
        let r1 = rng.range(0, sum);
        let r2 = sum - r1;
        let (p, d) = round_case(&mut rng, [c[0], c[1], 0, 0], sum);
        let (ca, cb, rd) = (
            Circle::new(g(p[0]), g(p[1]), g(r1)),
            Circle::new(g(c[0]), g(c[1]), g(r2)),
            vec2(d),
        );
        let got = sweep_circle_circle(ca, rd, cb);
        check_round(
            &mut t,
            rounded([c[0], c[1], 0, 0], sum),
            p,
            d,
            got,
            |q| !overlap_circle_circle(Circle::new(q.x, q.y, ca.r), cb),
            ca.center(),
            rd,
            || {
                let k = collide_circle_circle(ca, cb).unwrap().normal;
                Vec2::new(-k.x, -k.y)
            },
            |q| {
                let (dx, dy) = (q.x as f64 - cb.x as f64, q.y as f64 - cb.y as f64);
                (dx * dx + dy * dy).sqrt() - (ca.r as f64 + cb.r as f64)
            },
            "circle_circle",
        );
    }
    report("circle_circle", &t);
}

/// An OBB at a multiple of 90° equal to the rect `b` (centre and half extents on the grid).
fn obb_of(b: [i64; 4], quarter: i64) -> Obb {
    let (x0, x1) = mm(b[0], b[2]);
    let (y0, y1) = mm(b[1], b[3]);
    let (cx, cy) = ((x0 + x1) as f32 / 512.0, (y0 + y1) as f32 / 512.0);
    let (hx, hy) = ((x1 - x0) as f32 / 512.0, (y1 - y0) as f32 / 512.0);
    let half = if quarter % 2 == 0 {
        Vec2::new(hx, hy)
    } else {
        Vec2::new(hy, hx)
    };
    Obb::new(
        Vec2::new(cx, cy),
        half,
        Rot::from_degrees(90.0 * quarter as f32),
    )
}

/// Even sizes keep an OBB's centre on the grid.
fn even(mut b: [i64; 4]) -> [i64; 4] {
    b[2] -= b[2] % 2;
    b[3] -= b[3] % 2;
    b
}

#[test]
fn circle_obb_at_right_angles_matches_exact_oracle() {
    let mut rng = Rng::new(0x5eed_0005);
    let mut t = Tally::default();
    for _ in 0..100_000 {
        let (b, r) = random_box(&mut rng);
        let b = even(b);
        let (p, d) = round_case(&mut rng, b, r);
        let o = obb_of(b, rng.range(0, 3));
        let (ca, rd) = (Circle::new(g(p[0]), g(p[1]), g(r)), vec2(d));
        let got = sweep_circle_obb(ca, rd, o);
        check_round(
            &mut t,
            rounded(b, r),
            p,
            d,
            got,
            |q| !overlap_obb_circle(o, Circle::new(q.x, q.y, ca.r)),
            ca.center(),
            rd,
            || collide_obb_circle(o, ca).unwrap().normal,
            |q| separation(rect(b), (q.x as f64, q.y as f64), ca.r),
            "circle_obb",
        );
    }
    report("circle_obb", &t);
}

#[test]
fn rect_obb_at_right_angles_matches_exact_rational_oracle() {
    let mut rng = Rng::new(0x5eed_0006);
    let mut failures = Vec::new();
    let (mut hits, mut cases) = (0, 0);
    for i in 0..200_000 {
        let (a, d, b) = if i % 2 == 0 {
            touching_case(&mut rng)
        } else {
            let s = span(&mut rng);
            (
                random_rect(&mut rng, s),
                [rng.range(-s, s), rng.range(-s, s)],
                random_rect(&mut rng, s),
            )
        };
        let b = even(b);
        cases += 1;
        let oracle = oracle_slabs(&rect_slabs(a, d, b));
        let o = obb_of(b, rng.range(0, 3));
        let (ra, rd) = (rect(a), vec2(d));
        let got = sweep_rect_obb(ra, rd, o);
        let ctx = format!("a={a:?} d={d:?} b={b:?} obb={o:?} oracle={oracle:?} got={got:?}");
        match (oracle, got) {
            (None, None) => {}
            (Some((tq, axis)), Some(h)) => {
                hits += 1;
                if axis.is_none() {
                    if h.t != 0.0 {
                        failures.push(format!("start: {ctx}"));
                    }
                    continue;
                }
                let pos = at(Vec2::new(ra.x, ra.y), rd, h.t);
                if (h.t as f64) * (tq.d as f64) > tq.n as f64
                    || pos != h.pos
                    || overlap_obb_rect(o, Rect::new(pos.x, pos.y, ra.w, ra.h))
                {
                    failures.push(format!("unsafe: {ctx}"));
                }
                let real_t = tq.n as f64 / tq.d as f64;
                if d.iter()
                    .any(|v| (real_t - h.t as f64) * (v.abs() as f64) > 1.0 + 1e-9)
                {
                    failures.push(format!("gap: {ctx}"));
                }
            }
            _ => failures.push(format!("hit disagrees: {ctx}")),
        }
    }
    println!(
        "rect_obb at multiples of 90°: {cases} cases, {hits} hits, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {cases} failed: {}",
        failures.len(),
        failures[0]
    );
    assert!(hits > cases / 5);
}

#[test]
fn rotated_sweeps_are_safe_and_agree_with_sampling() {
    // Arbitrary angles carry no exactness promise; the safety promise still holds, and a motion
    // that overlaps at some sampled time is never reported as a miss.
    let mut rng = Rng::new(0x5eed_0007);
    let mut failures = Vec::new();
    for _ in 0..20_000 {
        let s = 64 * UNIT;
        let o = Obb::new(
            vec2([rng.range(-s, s), rng.range(-s, s)]),
            vec2([rng.range(1, s / 4), rng.range(1, s / 4)]),
            Rot::from_degrees(rng.range(0, 359) as f32 + 0.25),
        );
        let d = vec2([rng.range(-4 * s, 4 * s), rng.range(-4 * s, 4 * s)]);
        let ra = rect(random_rect(&mut rng, s));
        let ca = Circle::new(
            g(rng.range(-2 * s, 2 * s)),
            g(rng.range(-2 * s, 2 * s)),
            g(rng.range(1, s / 4)),
        );
        let sampled_rect = (0..=64).any(|k| {
            let p = at(Vec2::new(ra.x, ra.y), d, k as f32 / 64.0);
            overlap_obb_rect(o, Rect::new(p.x, p.y, ra.w, ra.h))
        });
        let sampled_circle = (0..=64).any(|k| {
            let p = at(ca.center(), d, k as f32 / 64.0);
            overlap_obb_circle(o, Circle::new(p.x, p.y, ca.r))
        });
        match sweep_rect_obb(ra, d, o) {
            Some(h) if h.t > 0.0 => {
                let p = at(Vec2::new(ra.x, ra.y), d, h.t);
                if overlap_obb_rect(o, Rect::new(p.x, p.y, ra.w, ra.h)) {
                    failures.push(format!("rect_obb unsafe {ra:?} {d:?} {o:?}"));
                }
            }
            Some(_) => {}
            None if sampled_rect => failures.push(format!("rect_obb missed {ra:?} {d:?} {o:?}")),
            None => {}
        }
        match sweep_circle_obb(ca, d, o) {
            Some(h) if h.t > 0.0 => {
                let p = at(ca.center(), d, h.t);
                if overlap_obb_circle(o, Circle::new(p.x, p.y, ca.r)) {
                    failures.push(format!("circle_obb unsafe {ca:?} {d:?} {o:?}"));
                }
            }
            Some(_) => {}
            None if sampled_circle => {
                failures.push(format!("circle_obb missed {ca:?} {d:?} {o:?}"))
            }
            None => {}
        }
    }
    assert!(failures.is_empty(), "{}: {}", failures.len(), failures[0]);
}

// ---------------------------------------------------------------------------------------------
// Boundary rules, by name.

#[test]
fn sliding_along_a_face_while_touching_is_not_a_hit() {
    let floor = Rect::new(0.0, 32.0, 320.0, 16.0);
    let a = Rect::new(10.0, 0.0, 32.0, 32.0); // resting on the floor (y-down)
    assert!(sweep_rect_rect(a, Vec2::new(100.0, 0.0), floor).is_none());
    let ball = Circle::new(50.0, 24.0, 8.0);
    assert!(sweep_circle_rect(ball, Vec2::new(100.0, 0.0), floor).is_none());
}

#[test]
fn moving_into_a_touching_neighbour_hits_at_zero() {
    let b = Rect::new(32.0, 0.0, 32.0, 32.0);
    let a = Rect::new(0.0, 0.0, 32.0, 32.0);
    let h = sweep_rect_rect(a, Vec2::new(5.0, 0.0), b).expect("hit");
    assert_eq!(
        (h.t, h.normal, h.pos),
        (0.0, Vec2::new(-1.0, 0.0), Vec2::new(0.0, 0.0))
    );
    let c = Circle::new(24.0, 16.0, 8.0);
    let h = sweep_circle_rect(c, Vec2::new(5.0, 0.0), b).expect("hit");
    assert_eq!((h.t, h.normal), (0.0, Vec2::new(-1.0, 0.0)));
}

#[test]
fn ending_exactly_in_contact_is_not_a_hit() {
    let b = Rect::new(40.0, 0.0, 32.0, 32.0);
    let a = Rect::new(0.0, 0.0, 32.0, 32.0);
    assert!(sweep_rect_rect(a, Vec2::new(8.0, 0.0), b).is_none());
    assert!(sweep_rect_rect(a, Vec2::new(8.0 + 1.0 / 256.0, 0.0), b).is_some());
    let c = Circle::new(0.0, 0.0, 5.0);
    let d = Circle::new(20.0, 0.0, 5.0);
    assert!(sweep_circle_circle(c, Vec2::new(10.0, 0.0), d).is_none());
    assert!(sweep_circle_circle(c, Vec2::new(10.0 + 1.0 / 256.0, 0.0), d).is_some());
}

#[test]
fn overlapping_at_the_start_hits_at_zero_with_the_minimum_translation() {
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let b = Rect::new(8.0, 1.0, 10.0, 10.0);
    let h = sweep_rect_rect(a, Vec2::new(0.0, 0.0), b).expect("overlapping");
    assert_eq!(h.t, 0.0);
    assert_eq!(h.normal, Vec2::new(-1.0, 0.0)); // b pushes a back to the left
    let c = Circle::new(9.0, 5.0, 2.0);
    let h = sweep_circle_rect(c, Vec2::new(3.0, 0.0), a).expect("overlapping");
    assert_eq!((h.t, h.normal), (0.0, Vec2::new(1.0, 0.0)));
    let h = sweep_rect_circle(a, Vec2::new(3.0, 0.0), c).expect("overlapping");
    assert_eq!((h.t, h.normal), (0.0, Vec2::new(-1.0, 0.0)));
}

#[test]
fn zero_motion_hits_only_when_already_overlapping() {
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let z = Vec2::new(0.0, 0.0);
    assert!(sweep_rect_rect(a, z, Rect::new(10.0, 0.0, 5.0, 5.0)).is_none());
    assert!(sweep_rect_rect(a, z, Rect::new(9.0, 0.0, 5.0, 5.0)).is_some());
    assert!(
        sweep_circle_circle(Circle::new(0.0, 0.0, 1.0), z, Circle::new(2.0, 0.0, 1.0)).is_none()
    );
}

#[test]
fn nan_anywhere_is_no_hit() {
    let a = Rect::new(0.0, 0.0, 10.0, 10.0);
    let b = Rect::new(5.0, 5.0, 10.0, 10.0);
    let c = Circle::new(0.0, 0.0, 3.0);
    let o = Obb::from_rect(b, 30.0);
    let nan = f32::NAN;
    let d = Vec2::new(1.0, 1.0);
    assert!(sweep_rect_rect(Rect::new(nan, 0.0, 1.0, 1.0), d, b).is_none());
    assert!(sweep_rect_rect(a, Vec2::new(nan, 0.0), b).is_none());
    assert!(sweep_rect_rect(a, d, Rect::new(0.0, 0.0, nan, 1.0)).is_none());
    assert!(sweep_circle_rect(Circle::new(0.0, 0.0, nan), d, b).is_none());
    assert!(sweep_circle_circle(c, Vec2::new(0.0, nan), c).is_none());
    assert!(sweep_rect_circle(a, d, Circle::new(nan, 0.0, 1.0)).is_none());
    assert!(sweep_circle_obb(c, d, Obb::new(o.center, o.half, Rot { c: nan, s: 0.0 })).is_none());
    assert!(sweep_rect_obb(a, Vec2::new(nan, nan), o).is_none());
    assert!(raycast_rect(Vec2::new(nan, 0.0), d, b).is_none());
    assert!(raycast_circle(Vec2::new(0.0, 0.0), Vec2::new(nan, 0.0), c).is_none());
    assert!(raycast_obb(
        Vec2::new(0.0, 0.0),
        d,
        Obb::new(Vec2::new(nan, 0.0), o.half, o.rot)
    )
    .is_none());
    assert!(raycast_segment(
        Vec2::new(0.0, 0.0),
        d,
        Segment::new(Vec2::new(nan, 0.0), Vec2::new(1.0, 1.0))
    )
    .is_none());
}

#[test]
fn sweeps_of_rects_at_every_size_ratio_exactly_as_circles() {
    // A zero-radius circle never overlaps strictly, so it never hits.
    let p = Circle::new(-5.0, 5.0, 0.0);
    assert!(sweep_circle_rect(p, Vec2::new(100.0, 0.0), Rect::new(0.0, 0.0, 10.0, 10.0)).is_none());
    // A negative radius is empty.
    let e = Circle::new(-5.0, 5.0, -1.0);
    assert!(sweep_circle_circle(e, Vec2::new(100.0, 0.0), Circle::new(0.0, 5.0, 3.0)).is_none());
}

// ---------------------------------------------------------------------------------------------
// Ray casts.

#[test]
fn raycasts_agree_with_the_segment_predicates() {
    let mut rng = Rng::new(0x5eed_0008);
    let mut failures = Vec::new();
    for _ in 0..200_000 {
        let s = rng.pick(&[4 * UNIT, 256 * UNIT]);
        let o = vec2([rng.range(-s, s), rng.range(-s, s)]);
        let d = vec2([rng.range(-2 * s, 2 * s), rng.range(-2 * s, 2 * s)]);
        let seg = Segment::new(o, Vec2::new(o.x + d.x, o.y + d.y));
        let r = rect(random_rect(&mut rng, s));
        let c = Circle::new(g(rng.range(-s, s)), g(rng.range(-s, s)), g(rng.range(0, s)));
        let b = obb_of(even(random_rect(&mut rng, s)), rng.range(0, 3));
        let t = Segment::new(
            vec2([rng.range(-s, s), rng.range(-s, s)]),
            vec2([rng.range(-s, s), rng.range(-s, s)]),
        );
        // The point at t is in the closed shape (within a few f32 steps of t), and the part of
        // the segment ending a little before t does not meet the shape (by the same predicate).
        let check = |name: &str,
                     hit: Option<Hit>,
                     pred: bool,
                     inside: &dyn Fn(Vec2) -> bool,
                     meets: &dyn Fn(Segment) -> bool| {
            match hit {
                None if !pred => None,
                Some(h) if pred => {
                    let step = (h.t.abs() * f32::EPSILON).max(1e-7) * 4.0;
                    let near =
                        (-2..=2).any(|k| inside(at(o, d, (h.t + k as f32 * step).clamp(0.0, 1.0))));
                    let u = h.t - 1e-4;
                    let earlier = u > 0.0 && meets(Segment::new(o, at(o, d, u)));
                    if !near || earlier || h.pos != at(o, d, h.t) || !(0.0..=1.0).contains(&h.t) {
                        Some(format!("{name}: t wrong o={o:?} d={d:?} hit={h:?}"))
                    } else {
                        None
                    }
                }
                _ => Some(format!(
                    "{name}: disagrees with the predicate o={o:?} d={d:?} {hit:?}"
                )),
            }
        };
        let errs = [
            check(
                "rect",
                raycast_rect(o, d, r),
                intersect_segment_rect(seg, r),
                // A point computed in f32 may miss a zero-height rect by a rounding step.
                &|p| {
                    let q = closest_point_rect(r, p);
                    (p.x - q.x).hypot(p.y - q.y) <= 1e-4
                },
                &|s| intersect_segment_rect(s, r),
            ),
            check(
                "circle",
                raycast_circle(o, d, c),
                intersect_segment_circle(seg, c),
                &|p| {
                    let (dx, dy) = (p.x as f64 - c.x as f64, p.y as f64 - c.y as f64);
                    (dx * dx + dy * dy).sqrt() <= c.r as f64 * (1.0 + 1e-6) + 1e-4
                },
                &|s| intersect_segment_circle(s, c),
            ),
            check(
                "obb",
                raycast_obb(o, d, b),
                intersect_segment_obb(seg, b),
                &|p| {
                    let q = closest_point_obb(b, p);
                    (p.x - q.x).hypot(p.y - q.y) <= 1e-4
                },
                &|s| intersect_segment_obb(s, b),
            ),
            check(
                "segment",
                raycast_segment(o, d, t),
                intersect_segment_segment(seg, t),
                &|p| distance_point_segment(p, t) <= 1e-4,
                &|s| intersect_segment_segment(s, t),
            ),
        ];
        failures.extend(errs.into_iter().flatten());
    }
    println!(
        "raycasts: 200000 cases x 4 shapes, {} failures",
        failures.len()
    );
    assert!(failures.is_empty(), "{}: {}", failures.len(), failures[0]);
}

fn distance_point_segment(p: Vec2, s: Segment) -> f64 {
    let (ax, ay, bx, by) = (s.a.x as f64, s.a.y as f64, s.b.x as f64, s.b.y as f64);
    let (dx, dy) = (bx - ax, by - ay);
    let l2 = dx * dx + dy * dy;
    let u = if l2 > 0.0 {
        (((p.x as f64 - ax) * dx + (p.y as f64 - ay) * dy) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (ax + u * dx - p.x as f64, ay + u * dy - p.y as f64);
    (qx * qx + qy * qy).sqrt()
}

#[test]
fn raycast_normals_and_inside_origins() {
    let r = Rect::new(10.0, 0.0, 10.0, 10.0);
    let h = raycast_rect(Vec2::new(0.0, 5.0), Vec2::new(20.0, 0.0), r).unwrap();
    assert_eq!(
        (h.t, h.normal, h.pos),
        (0.5, Vec2::new(-1.0, 0.0), Vec2::new(10.0, 5.0))
    );
    let h = raycast_rect(Vec2::new(15.0, 5.0), Vec2::new(20.0, 0.0), r).unwrap();
    assert_eq!(
        (h.t, h.normal),
        (0.0, Vec2::new(0.0, 0.0)),
        "inside: zero normal"
    );
    let h = raycast_rect(Vec2::new(10.0, 5.0), Vec2::new(-20.0, 0.0), r).unwrap();
    assert_eq!(
        (h.t, h.normal),
        (0.0, Vec2::new(-1.0, 0.0)),
        "on the face: its normal"
    );
    let c = Circle::new(10.0, 0.0, 5.0);
    let h = raycast_circle(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), c).unwrap();
    assert_eq!((h.t, h.normal), (0.5, Vec2::new(-1.0, 0.0)));
    let s = Segment::new(Vec2::new(5.0, -5.0), Vec2::new(5.0, 5.0));
    let h = raycast_segment(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), s).unwrap();
    assert_eq!((h.t, h.normal), (0.5, Vec2::new(-1.0, 0.0)));
    // Collinear: the first shared point.
    let s = Segment::new(Vec2::new(8.0, 0.0), Vec2::new(4.0, 0.0));
    let h = raycast_segment(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), s).unwrap();
    assert_eq!((h.t, h.normal), (0.4, Vec2::new(-1.0, 0.0)));
    let o = Obb::from_rect(Rect::new(10.0, -5.0, 10.0, 10.0), 0.0);
    let h = raycast_obb(Vec2::new(0.0, 0.0), Vec2::new(20.0, 0.0), o).unwrap();
    assert_eq!((h.t, h.normal), (0.5, Vec2::new(-1.0, 0.0)));
}
