//! Decoding fuzz bytes into shapes, and the exact models the targets check the library against.
//!
//! Every float is taken with a one-byte tag choosing how it is decoded, so that raw bit patterns
//! (NaN payloads, ±inf, subnormals, -0.0, huge and tiny magnitudes) occur as often as values on
//! the grid domain (multiples of 1/256 with |v| <= 16384), where touching shapes are common and
//! every answer must equal the real-number one.
#![allow(dead_code)]

use collide2d::ffi;
use collide2d::{Circle, CircleI, Obb, Poly, Rect, RectI, Rot, Segment, Vec2, POLY_MAX};

/// Reads the fuzz input front to back; an exhausted input reads as zeros.
pub struct Bytes<'a> {
    data: &'a [u8],
}

const SPECIAL: [f32; 24] = [
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    -0.0,
    0.0,
    f32::MIN_POSITIVE,
    -f32::MIN_POSITIVE,
    1.0e-45, // smallest subnormal
    -1.0e-45,
    f32::MAX,
    f32::MIN,
    f32::EPSILON,
    16384.0,
    -16384.0,
    1.0 / 256.0,
    -1.0 / 256.0,
    0.5,
    1.0,
    -1.0,
    1.0e30,
    -1.0e30,
    1.0e-30,
    16777216.0,
    3.4e38,
];

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    pub fn i32(&mut self) -> i32 {
        self.u32() as i32
    }

    /// A value on the grid domain: a multiple of 1/256 with |v| <= 16384.
    pub fn grid(&mut self) -> f32 {
        let raw = i32::from_le_bytes([0, self.u8(), self.u8(), self.u8()]) >> 9; // ±2^22
        raw as f32 / 256.0
    }

    /// Any f32, chosen by a tag byte among raw bits, small integers, grid values and specials.
    pub fn f32(&mut self) -> f32 {
        match self.u8() % 8 {
            0 | 1 => f32::from_bits(self.u32()),
            2 | 3 => self.u8() as i8 as f32,
            4 | 5 => self.grid(),
            6 => SPECIAL[self.u8() as usize % SPECIAL.len()],
            _ => (self.u8() as i8 as f32) * 0.25,
        }
    }

    pub fn vec2(&mut self) -> Vec2 {
        Vec2 {
            x: self.f32(),
            y: self.f32(),
        }
    }

    pub fn rect(&mut self) -> Rect {
        Rect {
            x: self.f32(),
            y: self.f32(),
            w: self.f32(),
            h: self.f32(),
        }
    }

    pub fn circle(&mut self) -> Circle {
        Circle {
            x: self.f32(),
            y: self.f32(),
            r: self.radius(),
        }
    }

    /// A radius: now and then one of [`TINY`] (a speck of dust, down to a subnormal), else any
    /// f32.
    pub fn radius(&mut self) -> f32 {
        match self.u8() % 4 {
            0 => TINY[self.u8() as usize % TINY.len()],
            _ => self.f32(),
        }
    }

    /// A polygon of zero area put together by hand, `count` 3..=8: every vertex one point, every
    /// vertex on one line (grid steps along a grid direction, in any order), or a proper square
    /// so far out that f32 rounds its corners together. Such a polygon is no shape.
    pub fn flat_poly(&mut self) -> Poly {
        let n = 3 + self.u8() as usize % (POLY_MAX - 2);
        let mut p = Poly {
            count: n as i32,
            ..Poly::default()
        };
        let o = Vec2::new(self.grid(), self.grid());
        match self.u8() % 3 {
            0 => p.verts[..n].fill(o),
            1 => {
                let d = Vec2::new(self.u8() as i8 as f32, self.u8() as i8 as f32);
                for v in p.verts[..n].iter_mut() {
                    let k = self.u8() as i8 as f32 / 4.0;
                    *v = Vec2::new(o.x + k * d.x, o.y + k * d.y);
                }
            }
            _ => {
                let far = [1.0e30f32, -1.0e30, 3.0e20, 1.0e38][self.u8() as usize % 4];
                let (x, y, s) = (far + o.x, far - o.y, 1.0 + (self.u8() % 16) as f32);
                let square = [(x, y), (x + s, y), (x + s, y + s), (x, y + s)];
                for (v, &(vx, vy)) in p.verts.iter_mut().zip(square.iter().cycle()).take(n) {
                    *v = Vec2::new(vx, vy);
                }
            }
        }
        p
    }

    pub fn segment(&mut self) -> Segment {
        Segment {
            a: self.vec2(),
            b: self.vec2(),
        }
    }

    /// A rotation: raw bits, from an angle through the library's helpers, or a multiple of 90°.
    pub fn rot(&mut self) -> Rot {
        match self.u8() % 4 {
            0 => Rot {
                c: self.f32(),
                s: self.f32(),
            },
            1 => ffi::c2d_rot_from_degrees(self.f32()),
            2 => ffi::c2d_rot_from_radians(self.f32()),
            _ => ffi::c2d_rot_from_degrees(90.0 * (self.u8() % 4) as f32),
        }
    }

    pub fn obb(&mut self) -> Obb {
        if self.u8() % 4 == 0 {
            let r = self.rect();
            return ffi::c2d_obb_from_rect(r, self.f32());
        }
        Obb {
            center: self.vec2(),
            half: self.vec2(),
            rot: self.rot(),
        }
    }

    /// An integer: raw bits, small, or an int32 extreme.
    pub fn int(&mut self) -> i32 {
        match self.u8() % 4 {
            0 | 1 => self.i32(),
            2 => self.u8() as i8 as i32,
            _ => [i32::MIN, i32::MAX, i32::MIN + 1, i32::MAX - 1, 0, -1, 1][self.u8() as usize % 7],
        }
    }

    pub fn recti(&mut self) -> RectI {
        RectI {
            x: self.int(),
            y: self.int(),
            w: self.int(),
            h: self.int(),
        }
    }

    pub fn circlei(&mut self) -> CircleI {
        CircleI {
            x: self.int(),
            y: self.int(),
            r: self.int(),
        }
    }
}

/// Radii of round shapes far below any game's scale, down to the smallest subnormal.
pub const TINY: [f32; 6] = [1.0e-45, 1.0e-38, 1.0e-30, 1.0e-20, 1.0e-15, 1.0e-10];

// ---------------------------------------------------------------------------------------------
// Classifying inputs.

fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// The exact sign of `(q - p) × (r - p)` for finite f32 points: positive when `r` is left of
/// `p→q`. Every product of two f32 is exact in f64 (48-bit mantissas, exponents within f64's
/// normal range), and their sum is kept exactly as a floating-point expansion (two-sum), whose
/// sign is that of its largest nonzero component.
pub fn orient_f32(p: Vec2, q: Vec2, r: Vec2) -> i32 {
    let m = |a: f32, b: f32| a as f64 * b as f64;
    let terms = [
        m(q.x, r.y),
        -m(q.x, p.y),
        -m(p.x, r.y),
        -m(q.y, r.x),
        m(q.y, p.x),
        m(p.y, r.x),
    ];
    let mut e = [0.0f64; 6];
    let mut len = 0;
    for t in terms {
        let mut q = t;
        for c in e.iter_mut().take(len) {
            let (s, err) = two_sum(q, *c);
            *c = err;
            q = s;
        }
        e[len] = q;
        len += 1;
    }
    e[..len]
        .iter()
        .rev()
        .find(|&&c| c != 0.0)
        .map_or(0, |&c| if c > 0.0 { 1 } else { -1 })
}

/// Whether finite points all lie on one line (or are one point): a polygon of zero area.
pub fn flat(vs: &[Vec2]) -> bool {
    if !vs.iter().all(|v| v.x.is_finite() && v.y.is_finite()) {
        return false;
    }
    match vs.iter().find(|&&v| v != vs[0]) {
        None => true,
        Some(&q) => vs.iter().all(|&r| orient_f32(vs[0], q, r) == 0),
    }
}

/// The vertices a query reads from a polygon: `None` when it is no shape, its count outside
/// 3..=8 or its area zero.
pub fn shape_of(p: &Poly) -> Option<&[Vec2]> {
    let n = usize::try_from(p.count).ok()?;
    let vs = p.verts.get(..n).filter(|_| n >= 3)?;
    (!flat(vs)).then_some(vs)
}

pub fn nan(v: &[f32]) -> bool {
    v.iter().any(|x| x.is_nan())
}

/// Some value is infinite.
pub fn infinite(v: &[f32]) -> bool {
    v.iter().any(|x| x.is_infinite())
}

/// Every value is a number: finite or infinite, not NaN.
pub fn numbers(v: &[f32]) -> bool {
    !nan(v)
}

pub fn hit_f(h: &collide2d::Hit) -> [f32; 7] {
    [
        h.t, h.normal.x, h.normal.y, h.point.x, h.point.y, h.pos.x, h.pos.y,
    ]
}

/// Every value a multiple of 1/256 with magnitude at most 16384.
pub fn grid(v: &[f32]) -> bool {
    v.iter()
        .all(|&x| x.abs() <= 16384.0 && (x * 256.0).fract() == 0.0)
}

/// Every value on the grid domain or a positive one of [`TINY`]'s scale (at most 1e-10).
pub fn grid_or_tiny(v: &[f32]) -> bool {
    v.iter().all(|&x| grid(&[x]) || (x > 0.0 && x <= 1.0e-10))
}

/// Finite and at most 1e6 in magnitude.
pub fn moderate(v: &[f32]) -> bool {
    v.iter().all(|&x| x.is_finite() && x.abs() <= 1.0e6)
}

pub fn rect_f(r: Rect) -> [f32; 4] {
    [r.x, r.y, r.w, r.h]
}
pub fn circle_f(c: Circle) -> [f32; 3] {
    [c.x, c.y, c.r]
}
pub fn vec_f(v: Vec2) -> [f32; 2] {
    [v.x, v.y]
}
pub fn seg_f(s: Segment) -> [f32; 4] {
    [s.a.x, s.a.y, s.b.x, s.b.y]
}
pub fn obb_f(o: Obb) -> [f32; 6] {
    [o.center.x, o.center.y, o.half.x, o.half.y, o.rot.c, o.rot.s]
}

/// Which multiple of 90° a rotation is exactly, if any.
pub fn quarter(r: Rot) -> Option<u32> {
    match (r.c, r.s) {
        (c, s) if c == 1.0 && s == 0.0 => Some(0),
        (c, s) if c == 0.0 && s == 1.0 => Some(1),
        (c, s) if c == -1.0 && s == 0.0 => Some(2),
        (c, s) if c == 0.0 && s == -1.0 => Some(3),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Exact models on the grid domain: every value scaled by 512 is an integer (an OBB's centre
// may sit on a half step after `c2d_obb_from_rect`), compared in i128.

pub fn fx(v: f32) -> i128 {
    let s = v as f64 * 512.0;
    assert!(s.fract() == 0.0, "{v} is not on the half grid");
    s as i128
}

/// A closed-or-open interval test `lo1 < hi2 && lo2 < hi1`.
fn below(a: i128, b: i128, closed: bool) -> bool {
    if closed {
        a <= b
    } else {
        a < b
    }
}

/// `(min_x, min_y, max_x, max_y)` of a rect, scaled.
pub fn span(r: Rect) -> (i128, i128, i128, i128) {
    let (x0, y0) = (fx(r.x), fx(r.y));
    let (x1, y1) = (x0 + fx(r.w), y0 + fx(r.h));
    (x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1))
}

/// The axis-aligned span of an OBB whose rotation is a multiple of 90°.
pub fn obb_span(o: Obb, q: u32) -> (i128, i128, i128, i128) {
    let (mut hx, mut hy) = (fx(o.half.x).abs(), fx(o.half.y).abs());
    if q % 2 == 1 {
        std::mem::swap(&mut hx, &mut hy);
    }
    let (cx, cy) = (fx(o.center.x), fx(o.center.y));
    (cx - hx, cy - hy, cx + hx, cy + hy)
}

pub type Span = (i128, i128, i128, i128);

pub fn span_span(a: Span, b: Span, closed: bool) -> bool {
    below(a.0, b.2, closed)
        && below(b.0, a.2, closed)
        && below(a.1, b.3, closed)
        && below(b.1, a.3, closed)
}

pub fn span_point(b: Span, x: i128, y: i128, closed: bool) -> bool {
    below(b.0, x, closed) && below(x, b.2, closed) && below(b.1, y, closed) && below(y, b.3, closed)
}

/// Squared distance from a point to a span.
pub fn span_dist2(b: Span, x: i128, y: i128) -> i128 {
    let dx = x - x.clamp(b.0, b.2);
    let dy = y - y.clamp(b.1, b.3);
    dx * dx + dy * dy
}

pub fn span_circle(b: Span, c: Circle, closed: bool) -> bool {
    let r = fx(c.r);
    r >= 0 && below(span_dist2(b, fx(c.x), fx(c.y)), r * r, closed)
}

pub fn circle_circle(a: Circle, b: Circle, closed: bool) -> bool {
    let (ar, br) = (fx(a.r), fx(b.r));
    let (dx, dy) = (fx(b.x) - fx(a.x), fx(b.y) - fx(a.y));
    ar >= 0 && br >= 0 && below(dx * dx + dy * dy, (ar + br) * (ar + br), closed)
}

pub fn point_circle(p: Vec2, c: Circle, closed: bool) -> bool {
    let r = fx(c.r);
    let (dx, dy) = (fx(p.x) - fx(c.x), fx(p.y) - fx(c.y));
    r >= 0 && below(dx * dx + dy * dy, r * r, closed)
}

type P = (i128, i128);

fn orient(a: P, b: P, p: P) -> i128 {
    ((b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)).signum()
}

fn on_segment(a: P, b: P, p: P) -> bool {
    p.0 >= a.0.min(b.0) && p.0 <= a.0.max(b.0) && p.1 >= a.1.min(b.1) && p.1 <= a.1.max(b.1)
}

/// Closed segments share a point (the textbook orientation test with collinear cases).
pub fn seg_seg_p(a: P, b: P, c: P, d: P) -> bool {
    let (o1, o2, o3, o4) = (
        orient(a, b, c),
        orient(a, b, d),
        orient(c, d, a),
        orient(c, d, b),
    );
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    (o1 == 0 && on_segment(a, b, c))
        || (o2 == 0 && on_segment(a, b, d))
        || (o3 == 0 && on_segment(c, d, a))
        || (o4 == 0 && on_segment(c, d, b))
}

pub fn pts(s: Segment) -> (P, P) {
    ((fx(s.a.x), fx(s.a.y)), (fx(s.b.x), fx(s.b.y)))
}

pub fn seg_seg(s: Segment, t: Segment) -> bool {
    let ((a, b), (c, d)) = (pts(s), pts(t));
    seg_seg_p(a, b, c, d)
}

/// Closed segment against a closed span: an end point inside, or crossing one of its edges.
pub fn seg_span(s: Segment, r: Span) -> bool {
    let (a, b) = pts(s);
    if span_point(r, a.0, a.1, true) || span_point(r, b.0, b.1, true) {
        return true;
    }
    let c = [(r.0, r.1), (r.2, r.1), (r.2, r.3), (r.0, r.3)];
    (0..4).any(|i| seg_seg_p(a, b, c[i], c[(i + 1) % 4]))
}

/// Closed segment against closed circle: the distance from the centre to the segment <= r.
pub fn seg_circle(s: Segment, c: Circle) -> bool {
    let r = fx(c.r);
    if r < 0 {
        return false;
    }
    let (a, b) = pts(s);
    let p = (fx(c.x), fx(c.y));
    let d = (b.0 - a.0, b.1 - a.1);
    let f = (p.0 - a.0, p.1 - a.1);
    let along = f.0 * d.0 + f.1 * d.1;
    let len2 = d.0 * d.0 + d.1 * d.1;
    if along <= 0 {
        f.0 * f.0 + f.1 * f.1 <= r * r
    } else if along >= len2 {
        let g = (p.0 - b.0, p.1 - b.1);
        g.0 * g.0 + g.1 * g.1 <= r * r
    } else {
        let cross = d.0 * f.1 - d.1 * f.0;
        cross * cross <= r * r * len2
    }
}

/// A tolerance for approximate checks: relative to the magnitudes involved.
pub fn tol(v: &[f32]) -> f64 {
    let m = v.iter().fold(1.0f64, |m, &x| m.max(x.abs() as f64));
    1.0e-3 * m
}

pub fn unit(n: Vec2) -> bool {
    let l = (n.x as f64).hypot(n.y as f64);
    (l - 1.0).abs() <= 1.0e-3
}

/// Whether two f32 rects overlap as `c2d_move_rect` and a float world read them: by more than
/// their band on both axes (faces within one unit in the last place are the same face).
#[allow(dead_code)]
pub fn overlap_band(a: Rect, b: Rect) -> bool {
    collide2d::world::Precision::Single.overlap(a.into(), b.into())
}
