//! Convex polygons and capsules through their C functions, on arbitrary bit patterns and on
//! malformed hand-made polygons (count out of range, wrong winding, not convex, repeated points,
//! zero area), with radii down to subnormals.
//!
//! Checked: nothing panics; `c2d_poly_make` answers OK with a strictly convex counter-clockwise
//! hull of 3..=8 of the input points, starting at the lowest of the leftmost, that holds every
//! input point (exact orientation signs), the same for the points in reverse order, or a failing
//! status matching the input with `*out` untouched; overlap implies touch; poly_poly and
//! capsule_capsule agree in both orders; a NaN in an input (or a count outside 3..=8) answers
//! false; the vertices past `count` are never read; a ray cast hit has t in [0, 1] and no NaN, a
//! miss leaves `out` untouched, and it hits exactly when `c2d_intersect_segment_poly` does. On the
//! grid domain every answer equals an exact model's (i128), a poly made of a rect's corners
//! answers as the rect does, and a capsule with `a == b` as the circle. Contacts and manifolds
//! answer exactly as the strict predicate, with a positive depth, a unit normal (finite input),
//! the manifold's normal the contact's and 0..=2 points; distances are 0 exactly when touching,
//! NaN for a NaN or no shape, infinite for no shape (a count out of range or zero area); the capsule ray cast hits
//! exactly when `c2d_intersect_segment_capsule` does.
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::{
    Capsule, Circle, Contact, Hit, Manifold, Obb, Poly, Rect, Rot, Segment, Vec2, POLY_MAX,
};
use common::*;
use libfuzzer_sys::fuzz_target;

const SENTINEL: Hit = Hit {
    t: -7.0,
    normal: Vec2 { x: 7.0, y: 7.0 },
    point: Vec2 { x: 7.0, y: 7.0 },
    pos: Vec2 { x: 7.0, y: 7.0 },
};

// ---------------------------------------------------------------------------------------------
// Exact models on the grid domain, in i128 (coordinates scaled by 512).

type P = (i128, i128);

fn p_of(v: Vec2) -> P {
    (fx(v.x), fx(v.y))
}

fn cross(a: P, b: P, p: P) -> i128 {
    (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
}

fn lt(a: i128, b: i128, closed: bool) -> bool {
    if closed {
        a <= b
    } else {
        a < b
    }
}

/// Point in a convex counter-clockwise polygon: left of every edge (or on it when closed).
fn m_point_conv(vs: &[P], p: P, closed: bool) -> bool {
    (0..vs.len()).all(|i| lt(0, cross(vs[i], vs[(i + 1) % vs.len()], p), closed))
}

/// One of `a`'s edges has every point of `b` outside: on or beyond the edge line for the strict
/// flavour, strictly beyond it for the closed one.
fn m_sep(a: &[P], b: &[P], closed: bool) -> bool {
    (0..a.len()).any(|i| {
        let (u, v) = (a[i], a[(i + 1) % a.len()]);
        b.iter().all(|&w| lt(cross(u, v, w), 0, !closed))
    })
}

fn m_conv_conv(a: &[P], b: &[P], closed: bool) -> bool {
    !m_sep(a, b, closed) && !m_sep(b, a, closed)
}

fn corners(s: Span) -> [P; 4] {
    [(s.0, s.1), (s.2, s.1), (s.2, s.3), (s.0, s.3)]
}

/// A box (possibly flat) against a convex polygon: apart along x, along y, or on a polygon edge.
fn m_box_conv(s: Span, vs: &[P], closed: bool) -> bool {
    let (lo_x, hi_x) = (vs.iter().map(|v| v.0).min(), vs.iter().map(|v| v.0).max());
    let (lo_y, hi_y) = (vs.iter().map(|v| v.1).min(), vs.iter().map(|v| v.1).max());
    let (lo_x, hi_x, lo_y, hi_y) = (lo_x.unwrap(), hi_x.unwrap(), lo_y.unwrap(), hi_y.unwrap());
    lt(lo_x, s.2, closed)
        && lt(s.0, hi_x, closed)
        && lt(lo_y, s.3, closed)
        && lt(s.1, hi_y, closed)
        && !m_sep(vs, &corners(s), closed)
}

/// The squared distance from `p` to the closed segment `a..b` below `r²`; false for `r < 0`.
fn m_near(p: P, a: P, b: P, r: i128, closed: bool) -> bool {
    if r < 0 {
        return false;
    }
    let d = (b.0 - a.0, b.1 - a.1);
    let f = (p.0 - a.0, p.1 - a.1);
    let along = f.0 * d.0 + f.1 * d.1;
    let len2 = d.0 * d.0 + d.1 * d.1;
    if along <= 0 {
        lt(f.0 * f.0 + f.1 * f.1, r * r, closed)
    } else if along >= len2 {
        let g = (p.0 - b.0, p.1 - b.1);
        lt(g.0 * g.0 + g.1 * g.1, r * r, closed)
    } else {
        let c = d.0 * f.1 - d.1 * f.0;
        lt(c * c, r * r * len2, closed)
    }
}

/// Distance zero `< r` (strict) or `<= r` (closed).
fn m_zero(r: i128, closed: bool) -> bool {
    lt(0, r, closed)
}

/// Closed segments within `r`: zero when they meet, else an end point to the other segment.
fn m_seg_seg_near(a: P, b: P, c: P, d: P, r: i128, closed: bool) -> bool {
    if r < 0 {
        return false;
    }
    if seg_seg_p(a, b, c, d) {
        return m_zero(r, closed);
    }
    m_near(a, c, d, r, closed)
        || m_near(b, c, d, r, closed)
        || m_near(c, a, b, r, closed)
        || m_near(d, a, b, r, closed)
}

/// The closed segment `a..b` within `r` of a closed convex shape `vs` (`inside`: its closed point
/// test): zero when they meet, else a vertex of one nearest to the other's boundary.
fn m_conv_near(vs: &[P], inside: &dyn Fn(P) -> bool, a: P, b: P, r: i128, closed: bool) -> bool {
    if r < 0 {
        return false;
    }
    let n = vs.len();
    let edges = || (0..n).map(|i| (vs[i], vs[(i + 1) % n]));
    if inside(a) || inside(b) || edges().any(|(p, q)| seg_seg_p(a, b, p, q)) {
        return m_zero(r, closed);
    }
    edges().any(|(p, q)| m_near(a, p, q, r, closed) || m_near(b, p, q, r, closed))
        || vs.iter().any(|&w| m_near(w, a, b, r, closed))
}

fn m_poly_near(vs: &[P], a: P, b: P, r: i128, closed: bool) -> bool {
    m_conv_near(vs, &|p| m_point_conv(vs, p, true), a, b, r, closed)
}

fn m_box_near(s: Span, a: P, b: P, r: i128, closed: bool) -> bool {
    let inside = |p: P| span_point(s, p.0, p.1, true);
    m_conv_near(&corners(s), &inside, a, b, r, closed)
}

// ---------------------------------------------------------------------------------------------
// Decoding polygons and capsules.

/// A polygon and whether it is as `c2d_poly_make` built it (valid: convex, counter-clockwise).
#[derive(Clone, Copy, Debug)]
struct Shape {
    p: Poly,
    valid: bool,
}

/// The floats a query reads from a polygon: its used vertices (`None` for no shape: a count out
/// of range or zero area).
fn poly_f(p: &Poly) -> Option<Vec<f32>> {
    shape_of(p).map(|vs| vs.iter().flat_map(|v| [v.x, v.y]).collect())
}

fn make(pts: &[Vec2]) -> Option<Poly> {
    let mut out = Poly::default();
    // SAFETY: `pts` holds `pts.len()` points and `out` is writable.
    (unsafe { c2d_poly_make(pts.as_ptr(), pts.len(), &mut out) } == C2D_OK).then_some(out)
}

impl Bytes<'_> {
    fn points(&mut self, grid: bool) -> Vec<Vec2> {
        let n = self.u8() as usize % 13;
        (0..n)
            .map(|_| {
                if grid {
                    Vec2::new(self.grid(), self.grid())
                } else {
                    self.vec2()
                }
            })
            .collect()
    }

    fn poly(&mut self) -> Shape {
        match self.u8() % 9 {
            // A hull of grid points, of small integers, or of any floats.
            0..=2 => {
                let tag = self.u8() % 3;
                let pts = self.points(tag == 0);
                let pts: Vec<Vec2> = if tag == 1 {
                    pts.iter()
                        .map(|_| Vec2::new(self.u8() as i8 as f32, self.u8() as i8 as f32))
                        .collect()
                } else {
                    pts
                };
                match make(&pts) {
                    Some(p) => Shape { p, valid: true },
                    None => self.raw(),
                }
            }
            3 => self.raw(),
            8 => Shape {
                p: self.flat_poly(),
                valid: false,
            },
            // A hull, broken by hand.
            _ => {
                let on_grid = self.u8() % 2 == 0;
                let pts = self.points(on_grid);
                let Some(mut p) = make(&pts) else {
                    return self.raw();
                };
                let n = p.count as usize;
                match self.u8() % 5 {
                    0 => p.verts[..n].reverse(),
                    1 if n < POLY_MAX => {
                        let i = self.u8() as usize % n;
                        p.verts.copy_within(i..n, i + 1);
                        p.count += 1;
                    }
                    2 => {
                        let (i, j) = (self.u8() as usize % n, self.u8() as usize % n);
                        p.verts.swap(i, j);
                    }
                    3 => p.count = self.count(),
                    _ => {
                        let i = self.u8() as usize % n;
                        p.verts[i] = self.vec2();
                    }
                }
                Shape { p, valid: false }
            }
        }
    }

    fn count(&mut self) -> i32 {
        match self.u8() % 4 {
            0 => self.i32(),
            1 => [0, 1, 2, 9, -1, -3, i32::MIN, i32::MAX][self.u8() as usize % 8],
            _ => 3 + (self.u8() % 6) as i32,
        }
    }

    fn raw(&mut self) -> Shape {
        let mut p = Poly {
            count: self.count(),
            ..Poly::default()
        };
        for v in p.verts.iter_mut() {
            *v = self.vec2();
        }
        Shape { p, valid: false }
    }

    fn capsule(&mut self) -> Capsule {
        let a = self.vec2();
        let b = if self.u8() % 4 == 0 { a } else { self.vec2() };
        Capsule::new(a, b, self.radius())
    }
}

fn cap_f(k: &Capsule) -> [f32; 5] {
    [k.a.x, k.a.y, k.b.x, k.b.y, k.r]
}

/// A poly's model vertices on the grid (scaled), for a valid poly all of whose floats are on it.
fn grid_poly(s: &Shape, other: &[f32]) -> Option<Vec<P>> {
    let vs = shape_of(&s.p)?;
    let f = poly_f(&s.p)?;
    (s.valid && grid(&f) && grid(other)).then(|| vs.iter().map(|&v| p_of(v)).collect())
}

/// The rect's corners as a poly, counter-clockwise, when it has an area and they are on the grid.
fn rect_poly(r: Rect) -> Option<Poly> {
    let n = r.normalized();
    let (x1, y1) = (n.x + n.w, n.y + n.h);
    let f = [n.x, n.y, x1, y1];
    if !(grid(&f) && grid(&rect_f(r)) && n.w > 0.0 && n.h > 0.0) {
        return None;
    }
    let mut p = Poly {
        count: 4,
        ..Poly::default()
    };
    p.verts[..4].copy_from_slice(&[
        Vec2::new(n.x, n.y),
        Vec2::new(x1, n.y),
        Vec2::new(x1, y1),
        Vec2::new(n.x, y1),
    ]);
    Some(p)
}

fn rect_as_obb(r: Rect) -> Obb {
    let n = r.normalized();
    Obb {
        center: Vec2::new(n.x + n.w * 0.5, n.y + n.h * 0.5),
        half: Vec2::new(n.w * 0.5, n.h * 0.5),
        rot: Rot { c: 1.0, s: 0.0 },
    }
}

/// The same polygon with every vertex past `count` replaced by NaN (which must not matter).
fn poisoned(p: &Poly) -> Poly {
    let mut q = *p;
    if let Ok(n) = usize::try_from(p.count) {
        for v in q.verts.iter_mut().skip(n) {
            *v = Vec2::new(f32::NAN, f32::NAN);
        }
    }
    q
}

// ---------------------------------------------------------------------------------------------
// Checks.

/// Both flavours of one pair: overlap implies touch, a NaN or a bad count makes both false, and
/// on the grid domain both equal the exact model's (`model(closed)`).
fn pair(
    name: &str,
    (o, t): (bool, bool),
    floats: Option<&[f32]>,
    model: Option<&dyn Fn(bool) -> bool>,
    input: &dyn std::fmt::Debug,
) {
    assert!(!o || t, "{name}: overlap without touch {input:?}");
    match floats {
        None => assert!(!t, "{name}: true for no shape {input:?}"),
        Some(f) => assert!(!(t && nan(f)), "{name}: true with a NaN input {input:?}"),
    }
    if let Some(m) = model {
        assert_eq!(
            o,
            m(false),
            "overlap_{name} differs from the exact answer {input:?}"
        );
        assert_eq!(
            t,
            m(true),
            "touch_{name} differs from the exact answer {input:?}"
        );
    }
}

fn cat(a: Option<Vec<f32>>, b: &[f32]) -> Option<Vec<f32>> {
    a.map(|a| [&a[..], b].concat())
}

fn check_make(b: &mut Bytes) {
    let grid_pts = b.u8() % 2 == 0;
    let mut pts = b.points(grid_pts);
    // Repeated points, now and then.
    if !pts.is_empty() && b.u8() % 4 == 0 {
        let i = b.u8() as usize % pts.len();
        pts.push(pts[i]);
    }
    let junk = Poly {
        verts: [Vec2::new(-5.0, 5.0); POLY_MAX],
        count: -77,
    };
    let mut out = junk;
    // SAFETY: `pts` holds `pts.len()` points; `out` is writable.
    let st = unsafe { c2d_poly_make(pts.as_ptr(), pts.len(), &mut out) };
    // SAFETY: NULL is allowed for either pointer; the answer is C2D_ERR_NULL.
    unsafe {
        assert_eq!(
            c2d_poly_make(std::ptr::null(), pts.len(), &mut out),
            C2D_ERR_NULL
        );
        assert_eq!(
            c2d_poly_make(pts.as_ptr(), pts.len(), std::ptr::null_mut()),
            C2D_ERR_NULL
        );
    }
    let finite = pts.iter().all(|p| p.x.is_finite() && p.y.is_finite());
    let flat = pts.len() < 3
        || pts
            .iter()
            .all(|&q| pts.iter().all(|&r| orient_f32(pts[0], q, r) == 0));
    if st != C2D_OK {
        let same = (0..POLY_MAX).all(|i| {
            out.verts[i].x.to_bits() == junk.verts[i].x.to_bits()
                && out.verts[i].y.to_bits() == junk.verts[i].y.to_bits()
        }) && out.count == junk.count;
        assert!(same, "poly_make {st} wrote *out: {out:?} for {pts:?}");
    }
    let want = if !finite {
        Some(C2D_ERR_INVALID)
    } else if flat {
        Some(C2D_ERR_DEGENERATE)
    } else if pts.len() <= POLY_MAX {
        Some(C2D_OK)
    } else {
        None // OK or too many, depending on the hull
    };
    match want {
        Some(w) => assert_eq!(st, w, "poly_make status for {pts:?}"),
        None => assert!(
            st == C2D_OK || st == C2D_ERR_TOO_MANY,
            "poly_make status {st} for {pts:?}"
        ),
    }
    let mut rev = pts.clone();
    rev.reverse();
    let mut out_rev = junk;
    // SAFETY: as above.
    let st_rev = unsafe { c2d_poly_make(rev.as_ptr(), rev.len(), &mut out_rev) };
    assert_eq!(
        st, st_rev,
        "poly_make status depends on the order of {pts:?}"
    );
    if st != C2D_OK {
        return;
    }
    assert_eq!(
        out, out_rev,
        "poly_make hull depends on the order of {pts:?}"
    );
    let n = usize::try_from(out.count).unwrap_or(0);
    assert!(
        (3..=POLY_MAX).contains(&n),
        "poly_make count {} for {pts:?}",
        out.count
    );
    let vs = &out.verts[..n];
    for v in vs {
        assert!(
            pts.contains(v),
            "poly_make vertex {v:?} not an input point of {pts:?}"
        );
    }
    let lowest = pts
        .iter()
        .copied()
        .reduce(|m, p| if (p.x, p.y) < (m.x, m.y) { p } else { m })
        .unwrap();
    assert!(
        vs[0].x == lowest.x && vs[0].y == lowest.y,
        "poly_make starts at {:?}, not {lowest:?}",
        vs[0]
    );
    // Strictly convex, counter-clockwise: every other vertex strictly left of every edge.
    for i in 0..n {
        let (a, c) = (vs[i], vs[(i + 1) % n]);
        for (j, &w) in vs.iter().enumerate() {
            if j != i && j != (i + 1) % n {
                assert_eq!(
                    orient_f32(a, c, w),
                    1,
                    "poly_make not strictly convex: {out:?}"
                );
            }
        }
        for &p in &pts {
            assert!(
                orient_f32(a, c, p) >= 0,
                "poly_make hull {out:?} leaves out {p:?}"
            );
        }
    }
    if grid(&pts.iter().flat_map(|p| [p.x, p.y]).collect::<Vec<_>>()) {
        for &p in &pts {
            assert!(
                c2d_touch_point_poly(p, out),
                "touch_point_poly({p:?}, {out:?}) false"
            );
        }
    }
}

fn check_point_poly(b: &mut Bytes) {
    let (p, s) = (b.vec2(), b.poly());
    let r = (c2d_overlap_point_poly(p, s.p), c2d_touch_point_poly(p, s.p));
    let pf = vec_f(p);
    let m = grid_poly(&s, &pf).map(|vs| move |c| m_point_conv(&vs, p_of(p), c));
    pair(
        "point_poly",
        r,
        cat(poly_f(&s.p), &pf).as_deref(),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(p, s),
    );
    let q = poisoned(&s.p);
    assert_eq!(
        r.1,
        c2d_touch_point_poly(p, q),
        "point_poly reads past count {s:?}"
    );
}

fn check_rect_poly(b: &mut Bytes) {
    let (x, s) = (b.rect(), b.poly());
    let r = (c2d_overlap_rect_poly(x, s.p), c2d_touch_rect_poly(x, s.p));
    let xf = rect_f(x);
    let m = grid_poly(&s, &xf).map(|vs| move |c| m_box_conv(span(x), &vs, c));
    pair(
        "rect_poly",
        r,
        cat(poly_f(&s.p), &xf).as_deref(),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(x, s),
    );
    let q = poisoned(&s.p);
    assert_eq!(
        r.0,
        c2d_overlap_rect_poly(x, q),
        "rect_poly reads past count {s:?}"
    );
    // The same box as an unrotated OBB answers the same on the grid (centre on the half grid).
    if s.valid && grid(&xf) && poly_f(&s.p).is_some_and(|f| grid(&f)) {
        let o = rect_as_obb(x);
        assert_eq!(
            r.0,
            c2d_overlap_obb_poly(o, s.p),
            "obb_poly(rect) {x:?} {s:?}"
        );
        assert_eq!(
            r.1,
            c2d_touch_obb_poly(o, s.p),
            "touch obb_poly(rect) {x:?} {s:?}"
        );
    }
}

fn check_obb_poly(b: &mut Bytes) {
    let (x, s) = (b.obb(), b.poly());
    let r = (c2d_overlap_obb_poly(x, s.p), c2d_touch_obb_poly(x, s.p));
    let xf = obb_f(x);
    let m = quarter(x.rot)
        .and_then(|q| grid_poly(&s, &xf).map(|vs| (q, vs)))
        .map(|(q, vs)| move |c| m_box_conv(obb_span(x, q), &vs, c));
    pair(
        "obb_poly",
        r,
        cat(poly_f(&s.p), &xf).as_deref(),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(x, s),
    );
}

fn check_poly_poly(b: &mut Bytes) {
    let (s, u) = (b.poly(), b.poly());
    let r = (
        c2d_overlap_poly_poly(s.p, u.p),
        c2d_touch_poly_poly(s.p, u.p),
    );
    let floats = poly_f(&s.p).and_then(|a| cat(poly_f(&u.p), &a));
    let m = grid_poly(&s, &[])
        .zip(grid_poly(&u, &[]))
        .map(|(a, c)| move |closed| m_conv_conv(&a, &c, closed));
    pair(
        "poly_poly",
        r,
        floats.as_deref(),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(s, u),
    );
    assert_eq!(
        r.0,
        c2d_overlap_poly_poly(u.p, s.p),
        "poly_poly symmetry {s:?} {u:?}"
    );
    assert_eq!(
        r.1,
        c2d_touch_poly_poly(u.p, s.p),
        "touch poly_poly symmetry {s:?} {u:?}"
    );
    let (ps, pu) = (poisoned(&s.p), poisoned(&u.p));
    assert_eq!(
        r.0,
        c2d_overlap_poly_poly(ps, pu),
        "poly_poly reads past count {s:?} {u:?}"
    );
    assert_eq!(
        r.1,
        c2d_touch_poly_poly(ps, pu),
        "poly_poly reads past count {s:?} {u:?}"
    );
}

fn check_poly_circle(b: &mut Bytes) {
    let (s, c) = (b.poly(), b.circle());
    let r = (
        c2d_overlap_poly_circle(s.p, c),
        c2d_touch_poly_circle(s.p, c),
    );
    let cf = circle_f(c);
    let m = grid_poly(&s, &cf).map(|vs| {
        move |closed| {
            let p = (fx(c.x), fx(c.y));
            m_poly_near(&vs, p, p, fx(c.r), closed)
        }
    });
    pair(
        "poly_circle",
        r,
        cat(poly_f(&s.p), &cf).as_deref(),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(s, c),
    );
    if c.r < 0.0 {
        assert!(!r.1, "poly_circle: a negative radius touches {s:?} {c:?}");
    }
}

fn check_poly_capsule(b: &mut Bytes) {
    let (s, k) = (b.poly(), b.capsule());
    let r = (
        c2d_overlap_poly_capsule(s.p, k),
        c2d_touch_poly_capsule(s.p, k),
    );
    let kf = cap_f(&k);
    let m = grid_poly(&s, &kf)
        .map(|vs| move |closed| m_poly_near(&vs, p_of(k.a), p_of(k.b), fx(k.r), closed));
    pair(
        "poly_capsule",
        r,
        cat(poly_f(&s.p), &kf).as_deref(),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(s, k),
    );
    if k.a == k.b && grid(&kf) && poly_f(&s.p).is_some_and(|f| grid(&f)) {
        let c = Circle::new(k.a.x, k.a.y, k.r);
        assert_eq!(
            r.0,
            c2d_overlap_poly_circle(s.p, c),
            "poly_capsule(a == b) {s:?} {k:?}"
        );
        assert_eq!(
            r.1,
            c2d_touch_poly_circle(s.p, c),
            "poly_capsule(a == b) {s:?} {k:?}"
        );
    }
}

fn check_capsules(b: &mut Bytes) {
    let (p, x, o, c, k) = (b.vec2(), b.rect(), b.obb(), b.circle(), b.capsule());
    let kf = cap_f(&k);
    let (ka, kb, kr) = (k.a, k.b, k.r);
    let on_grid = |f: &[f32]| grid(f).then_some(());
    let empty = k.r < 0.0;

    let r = (
        c2d_overlap_point_capsule(p, k),
        c2d_touch_point_capsule(p, k),
    );
    let f = [&vec_f(p)[..], &kf].concat();
    let m = on_grid(&f).map(|_| move |cl| m_near(p_of(p), p_of(ka), p_of(kb), fx(kr), cl));
    pair(
        "point_capsule",
        r,
        Some(&f),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(p, k),
    );
    assert!(
        !(empty && r.1),
        "point_capsule: empty capsule touches {k:?}"
    );
    let circle = Circle::new(k.a.x, k.a.y, k.r);
    if k.a == k.b && grid(&f) {
        assert_eq!(
            r.0,
            c2d_overlap_point_circle(p, circle),
            "point_capsule(a == b) {p:?} {k:?}"
        );
        assert_eq!(
            r.1,
            c2d_touch_point_circle(p, circle),
            "point_capsule(a == b) {p:?} {k:?}"
        );
    }

    let r = (c2d_overlap_rect_capsule(x, k), c2d_touch_rect_capsule(x, k));
    let f = [&rect_f(x)[..], &kf].concat();
    let m = on_grid(&f).map(|_| move |cl| m_box_near(span(x), p_of(ka), p_of(kb), fx(kr), cl));
    pair(
        "rect_capsule",
        r,
        Some(&f),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(x, k),
    );
    assert!(!(empty && r.1), "rect_capsule: empty capsule touches {k:?}");
    if k.a == k.b && grid(&f) {
        assert_eq!(
            r.0,
            c2d_overlap_rect_circle(x, circle),
            "rect_capsule(a == b) {x:?} {k:?}"
        );
        assert_eq!(
            r.1,
            c2d_touch_rect_circle(x, circle),
            "rect_capsule(a == b) {x:?} {k:?}"
        );
    }
    if let Some(rp) = rect_poly(x) {
        assert_eq!(
            r.0,
            c2d_overlap_poly_capsule(rp, k),
            "poly_capsule(rect) {x:?} {k:?}"
        );
        assert_eq!(
            r.1,
            c2d_touch_poly_capsule(rp, k),
            "poly_capsule(rect) {x:?} {k:?}"
        );
    }

    let r = (c2d_overlap_obb_capsule(o, k), c2d_touch_obb_capsule(o, k));
    let f = [&obb_f(o)[..], &kf].concat();
    let m = quarter(o.rot)
        .filter(|_| grid(&f))
        .map(|q| move |cl| m_box_near(obb_span(o, q), p_of(ka), p_of(kb), fx(kr), cl));
    pair(
        "obb_capsule",
        r,
        Some(&f),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(o, k),
    );
    assert!(!(empty && r.1), "obb_capsule: empty capsule touches {k:?}");
    if k.a == k.b && grid(&f) && quarter(o.rot).is_some() {
        assert_eq!(
            r.0,
            c2d_overlap_obb_circle(o, circle),
            "obb_capsule(a == b) {o:?} {k:?}"
        );
        assert_eq!(
            r.1,
            c2d_touch_obb_circle(o, circle),
            "obb_capsule(a == b) {o:?} {k:?}"
        );
    }

    let r = (
        c2d_overlap_capsule_circle(k, c),
        c2d_touch_capsule_circle(k, c),
    );
    let f = [&kf[..], &circle_f(c)].concat();
    let m = on_grid(&f).map(|_| {
        move |cl| {
            let q = (fx(c.x), fx(c.y));
            let (r1, r2) = (fx(kr), fx(c.r));
            r1 >= 0 && r2 >= 0 && m_near(q, p_of(ka), p_of(kb), r1 + r2, cl)
        }
    });
    pair(
        "capsule_circle",
        r,
        Some(&f),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(k, c),
    );
    assert!(
        !((empty || c.r < 0.0) && r.1),
        "capsule_circle: empty shape touches {k:?} {c:?}"
    );
    if k.a == k.b && grid(&f) {
        assert_eq!(
            r.0,
            c2d_overlap_circle_circle(circle, c),
            "capsule_circle(a == b) {k:?} {c:?}"
        );
        assert_eq!(
            r.1,
            c2d_touch_circle_circle(circle, c),
            "capsule_circle(a == b) {k:?} {c:?}"
        );
    }
}

fn check_capsule_capsule(b: &mut Bytes) {
    let (k, l) = (b.capsule(), b.capsule());
    let r = (
        c2d_overlap_capsule_capsule(k, l),
        c2d_touch_capsule_capsule(k, l),
    );
    let f = [cap_f(&k), cap_f(&l)].concat();
    let m = grid(&f).then_some(()).map(|_| {
        move |cl| {
            let (r1, r2) = (fx(k.r), fx(l.r));
            r1 >= 0
                && r2 >= 0
                && m_seg_seg_near(p_of(k.a), p_of(k.b), p_of(l.a), p_of(l.b), r1 + r2, cl)
        }
    });
    pair(
        "capsule_capsule",
        r,
        Some(&f),
        m.as_ref().map(|m| m as &dyn Fn(bool) -> bool),
        &(k, l),
    );
    assert_eq!(
        r.0,
        c2d_overlap_capsule_capsule(l, k),
        "capsule_capsule symmetry {k:?} {l:?}"
    );
    assert_eq!(
        r.1,
        c2d_touch_capsule_capsule(l, k),
        "capsule_capsule symmetry {k:?} {l:?}"
    );
    if grid(&f) {
        let kr = Capsule::new(k.b, k.a, k.r);
        assert_eq!(
            r.0,
            c2d_overlap_capsule_capsule(kr, l),
            "capsule reversed {k:?} {l:?}"
        );
        assert_eq!(
            r.1,
            c2d_touch_capsule_capsule(kr, l),
            "capsule reversed {k:?} {l:?}"
        );
        if k.a == k.b && l.a == l.b {
            let (c, d) = (
                Circle::new(k.a.x, k.a.y, k.r),
                Circle::new(l.a.x, l.a.y, l.r),
            );
            assert_eq!(
                r.0,
                c2d_overlap_circle_circle(c, d),
                "capsules as circles {k:?} {l:?}"
            );
            assert_eq!(
                r.1,
                c2d_touch_circle_circle(c, d),
                "capsules as circles {k:?} {l:?}"
            );
        }
    }
}

fn check_segments(b: &mut Bytes) {
    let (s, sh, k) = (b.segment(), b.poly(), b.capsule());
    let sf = seg_f(s);
    let ip = c2d_intersect_segment_poly(s, sh.p);
    match cat(poly_f(&sh.p), &sf) {
        None => assert!(!ip, "intersect_segment_poly true with a bad count {sh:?}"),
        Some(f) => assert!(
            !(ip && nan(&f)),
            "intersect_segment_poly true with NaN {s:?} {sh:?}"
        ),
    }
    if let Some(vs) = grid_poly(&sh, &sf) {
        let (a, c) = pts(s);
        let want = m_poly_near(&vs, a, c, 0, true);
        assert_eq!(
            ip, want,
            "intersect_segment_poly differs from the exact answer {s:?} {sh:?}"
        );
        let rev = Segment::new(s.b, s.a);
        assert_eq!(
            ip,
            c2d_intersect_segment_poly(rev, sh.p),
            "reversed {s:?} {sh:?}"
        );
    }
    let ik = c2d_intersect_segment_capsule(s, k);
    let f = [&sf[..], &cap_f(&k)].concat();
    assert!(
        !(ik && nan(&f)),
        "intersect_segment_capsule true with NaN {s:?} {k:?}"
    );
    assert!(
        !(ik && k.r < 0.0),
        "intersect_segment_capsule: empty capsule {s:?} {k:?}"
    );
    if grid(&f) {
        let (a, c) = pts(s);
        let want = m_seg_seg_near(a, c, p_of(k.a), p_of(k.b), fx(k.r), true);
        assert_eq!(
            ik, want,
            "intersect_segment_capsule differs from the exact answer {s:?} {k:?}"
        );
        if k.a == k.b {
            let circle = Circle::new(k.a.x, k.a.y, k.r);
            assert_eq!(
                ik,
                c2d_intersect_segment_circle(s, circle),
                "segment_capsule(a == b)"
            );
        }
    }
}

fn check_raycast(b: &mut Bytes) {
    let (o, d, s) = (b.vec2(), b.vec2(), b.poly());
    let mut out = SENTINEL;
    // SAFETY: `out` is a valid Hit; NULL is allowed.
    let (hit, hit_null) = unsafe {
        (
            c2d_raycast_poly(o, d, s.p, &mut out),
            c2d_raycast_poly(o, d, s.p, std::ptr::null_mut()),
        )
    };
    let input = format!("raycast_poly({o:?}, {d:?}, {s:?})");
    assert_eq!(hit, hit_null, "{input}: answer depends on the out pointer");
    let od = [o.x, o.y, d.x, d.y];
    match poly_f(&s.p) {
        None => assert!(!hit, "{input}: hit on no shape"),
        Some(f) => {
            let all = [&od[..], &f].concat();
            assert!(!(hit && nan(&all)), "{input}: hit with a NaN input");
            assert!(
                !(hit && infinite(&all)),
                "{input}: hit with an infinite input"
            );
            if !nan(&all) && !infinite(&all) {
                let seg = Segment::new(o, Vec2::new(o.x + d.x, o.y + d.y));
                assert_eq!(
                    hit,
                    c2d_intersect_segment_poly(seg, s.p),
                    "{input}: disagrees with intersect_segment_poly"
                );
            }
        }
    }
    if hit {
        assert!((0.0..=1.0).contains(&out.t), "{input}: t = {}", out.t);
        assert!(numbers(&hit_f(&out)), "{input}: NaN in the hit {out:?}");
    } else {
        assert_eq!(out, SENTINEL, "{input}: out written on a miss");
    }
    let q = poisoned(&s.p);
    // SAFETY: NULL is allowed.
    let hit_q = unsafe { c2d_raycast_poly(o, d, q, std::ptr::null_mut()) };
    assert_eq!(hit, hit_q, "{input}: reads past count");
}

/// A rect and the poly of its four corners answer alike (grid domain).
fn check_rect_as_poly(b: &mut Bytes) {
    let (x, y) = (b.rect(), b.rect());
    let Some(px) = rect_poly(x) else { return };
    if !grid(&[rect_f(x), rect_f(y)].concat()) {
        return;
    }
    let input = (x, y);
    let o = c2d_overlap_rect_rect(y, x);
    let t = c2d_touch_rect_rect(y, x);
    assert_eq!(
        c2d_overlap_rect_poly(y, px),
        o,
        "overlap_rect_poly(own corners) {input:?}"
    );
    assert_eq!(
        c2d_touch_rect_poly(y, px),
        t,
        "touch_rect_poly(own corners) {input:?}"
    );
    if let Some(py) = rect_poly(y) {
        assert_eq!(
            c2d_overlap_poly_poly(py, px),
            o,
            "overlap_poly_poly(rects) {input:?}"
        );
        assert_eq!(
            c2d_touch_poly_poly(py, px),
            t,
            "touch_poly_poly(rects) {input:?}"
        );
    }
    let p = b.vec2();
    if grid(&vec_f(p)) {
        assert_eq!(
            c2d_overlap_point_poly(p, px),
            c2d_overlap_point_rect(p, x),
            "point {p:?} {x:?}"
        );
        assert_eq!(
            c2d_touch_point_poly(p, px),
            c2d_touch_point_rect(p, x),
            "point {p:?} {x:?}"
        );
    }
    let c = b.circle();
    if grid(&circle_f(c)) {
        assert_eq!(
            c2d_overlap_poly_circle(px, c),
            c2d_overlap_rect_circle(x, c),
            "{x:?} {c:?}"
        );
        assert_eq!(
            c2d_touch_poly_circle(px, c),
            c2d_touch_rect_circle(x, c),
            "{x:?} {c:?}"
        );
    }
    let (s, d) = (b.segment(), b.vec2());
    if grid(&seg_f(s)) {
        assert_eq!(
            c2d_intersect_segment_poly(s, px),
            c2d_intersect_segment_rect(s, x),
            "intersect_segment_poly(rect) {s:?} {x:?}"
        );
    }
    let end = Vec2::new(s.a.x + d.x, s.a.y + d.y);
    if grid(&[&vec_f(s.a)[..], &vec_f(d), &vec_f(end)].concat()) {
        // SAFETY: NULL is allowed.
        let (hp, hr) = unsafe {
            (
                c2d_raycast_poly(s.a, d, px, std::ptr::null_mut()),
                c2d_raycast_rect(s.a, d, x, std::ptr::null_mut()),
            )
        };
        assert_eq!(hp, hr, "raycast_poly(rect) {:?} {d:?} {x:?}", s.a);
    }
}

// ---------------------------------------------------------------------------------------------
// Contacts, manifolds, distances and the capsule ray cast.

const NO_CONTACT: Contact = Contact {
    normal: Vec2 { x: 7.0, y: 7.0 },
    depth: -7.0,
    point: Vec2 { x: 7.0, y: 7.0 },
};

/// One pair's answers through the C functions: (overlap, touch, collide into a sentinel,
/// collide with NULL, distance, manifold if flat-sided).
type Answers = (
    bool,
    bool,
    Option<Contact>,
    bool,
    f32,
    Option<(bool, Manifold)>,
);

fn answers(
    overlap: bool,
    touch: bool,
    collide: impl Fn(*mut Contact) -> bool,
    distance: f32,
    manifold: Option<&dyn Fn(*mut Manifold) -> bool>,
) -> Answers {
    let mut c = NO_CONTACT;
    let hit = collide(&mut c);
    let hit_null = collide(std::ptr::null_mut());
    let m = manifold.map(|f| {
        let mut m = Manifold {
            count: -7,
            ..Manifold::default()
        };
        (f(&mut m), m)
    });
    (
        overlap,
        touch,
        if hit {
            Some(c)
        } else {
            assert_eq!(c, NO_CONTACT, "contact written on a miss");
            None
        },
        hit_null,
        distance,
        m,
    )
}

/// Checks one pair's answers; `f` are the floats it reads (`None`: a polygon that is no shape).
fn check_answers(input: &str, f: Option<Vec<f32>>, a: Answers) {
    let (overlap, touch, contact, hit_null, dist, manifold) = a;
    assert_eq!(
        contact.is_some(),
        overlap,
        "{input}: collide differs from overlap"
    );
    assert_eq!(
        hit_null, overlap,
        "{input}: collide(NULL) differs from overlap"
    );
    let bad = f.as_ref().is_none_or(|f| nan(f));
    if bad {
        assert!(!overlap, "{input}: overlap with a NaN or no shape");
        // A polygon with a count out of range or zero area is no shape (+inf away, NaN if the
        // other shape has a NaN); a NaN makes the distance NaN.
        let empty = f.is_none() && dist == f32::INFINITY;
        assert!(
            dist.is_nan() || empty,
            "{input}: distance {dist} with a NaN or no shape"
        );
    } else {
        assert!(!dist.is_nan(), "{input}: NaN distance from numbers");
        assert!(dist >= 0.0, "{input}: negative distance {dist}");
        assert_eq!(
            dist == 0.0,
            touch,
            "{input}: distance {dist}, touch {touch}"
        );
    }
    let finite = f.as_ref().is_some_and(|f| moderate(f));
    if let Some(c) = contact {
        assert!(c.depth > 0.0, "{input}: depth {}", c.depth);
        if finite {
            let v = [c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y];
            assert!(v.iter().all(|x| x.is_finite()), "{input}: {c:?}");
            assert!(unit(c.normal), "{input}: normal not unit {c:?}");
        }
    }
    if let Some((m_hit, m)) = manifold {
        assert_eq!(
            m_hit, overlap,
            "{input}: manifold answer differs from overlap"
        );
        assert_eq!(m.count > 0, overlap, "{input}: manifold count {}", m.count);
        assert!(
            (0..=2).contains(&m.count),
            "{input}: manifold count {}",
            m.count
        );
        if let Some(c) = contact {
            assert_eq!(
                m.normal, c.normal,
                "{input}: manifold normal differs from collide's"
            );
        }
        for i in 0..m.count as usize {
            assert!(m.depth[i] > 0.0, "{input}: manifold depth {m:?}");
            if finite {
                let p = m.point[i];
                assert!(
                    p.x.is_finite() && p.y.is_finite(),
                    "{input}: manifold point {m:?}"
                );
            }
        }
    }
}

fn with(a: &[f32], b: &[f32]) -> Option<Vec<f32>> {
    Some([a, b].concat())
}

fn check_contacts(b: &mut Bytes) {
    let (p, q) = (b.poly().p, b.poly().p);
    let (r, o, c, k, l) = (b.rect(), b.obb(), b.circle(), b.capsule(), b.capsule());
    let pf = poly_f(&p);
    let qf = poly_f(&q);
    let both = |x: &Option<Vec<f32>>, y: &[f32]| x.as_ref().and_then(|x| with(x, y));
    // SAFETY (every call below): the out pointers are valid or NULL.
    let cases: [(String, Option<Vec<f32>>, Answers); 9] = unsafe {
        [
            (
                format!("rect_poly({r:?}, {p:?})"),
                both(&pf, &rect_f(r)),
                answers(
                    c2d_overlap_rect_poly(r, p),
                    c2d_touch_rect_poly(r, p),
                    |out| c2d_collide_rect_poly(r, p, out),
                    c2d_distance_rect_poly(r, p),
                    Some(&|out| c2d_manifold_rect_poly(r, p, out)),
                ),
            ),
            (
                format!("obb_poly({o:?}, {p:?})"),
                both(&pf, &obb_f(o)),
                answers(
                    c2d_overlap_obb_poly(o, p),
                    c2d_touch_obb_poly(o, p),
                    |out| c2d_collide_obb_poly(o, p, out),
                    c2d_distance_obb_poly(o, p),
                    Some(&|out| c2d_manifold_obb_poly(o, p, out)),
                ),
            ),
            (
                format!("poly_poly({p:?}, {q:?})"),
                pf.as_ref()
                    .and_then(|x| qf.as_ref().and_then(|y| with(x, y))),
                answers(
                    c2d_overlap_poly_poly(p, q),
                    c2d_touch_poly_poly(p, q),
                    |out| c2d_collide_poly_poly(p, q, out),
                    c2d_distance_poly_poly(p, q),
                    Some(&|out| c2d_manifold_poly_poly(p, q, out)),
                ),
            ),
            (
                format!("poly_circle({p:?}, {c:?})"),
                both(&pf, &circle_f(c)),
                answers(
                    c2d_overlap_poly_circle(p, c),
                    c2d_touch_poly_circle(p, c),
                    |out| c2d_collide_poly_circle(p, c, out),
                    c2d_distance_poly_circle(p, c),
                    None,
                ),
            ),
            (
                format!("poly_capsule({p:?}, {k:?})"),
                both(&pf, &cap_f(&k)),
                answers(
                    c2d_overlap_poly_capsule(p, k),
                    c2d_touch_poly_capsule(p, k),
                    |out| c2d_collide_poly_capsule(p, k, out),
                    c2d_distance_poly_capsule(p, k),
                    None,
                ),
            ),
            (
                format!("rect_capsule({r:?}, {k:?})"),
                with(&rect_f(r), &cap_f(&k)),
                answers(
                    c2d_overlap_rect_capsule(r, k),
                    c2d_touch_rect_capsule(r, k),
                    |out| c2d_collide_rect_capsule(r, k, out),
                    c2d_distance_rect_capsule(r, k),
                    None,
                ),
            ),
            (
                format!("obb_capsule({o:?}, {k:?})"),
                with(&obb_f(o), &cap_f(&k)),
                answers(
                    c2d_overlap_obb_capsule(o, k),
                    c2d_touch_obb_capsule(o, k),
                    |out| c2d_collide_obb_capsule(o, k, out),
                    c2d_distance_obb_capsule(o, k),
                    None,
                ),
            ),
            (
                format!("capsule_circle({k:?}, {c:?})"),
                with(&cap_f(&k), &circle_f(c)),
                answers(
                    c2d_overlap_capsule_circle(k, c),
                    c2d_touch_capsule_circle(k, c),
                    |out| c2d_collide_capsule_circle(k, c, out),
                    c2d_distance_capsule_circle(k, c),
                    None,
                ),
            ),
            (
                format!("capsule_capsule({k:?}, {l:?})"),
                with(&cap_f(&k), &cap_f(&l)),
                answers(
                    c2d_overlap_capsule_capsule(k, l),
                    c2d_touch_capsule_capsule(k, l),
                    |out| c2d_collide_capsule_capsule(k, l, out),
                    c2d_distance_capsule_capsule(k, l),
                    None,
                ),
            ),
        ]
    };
    for (input, f, a) in cases {
        // An empty capsule or circle (r < 0) is infinitely far and never overlaps.
        let radii = [
            (input.contains("capsule"), k.r),
            (input.starts_with("capsule_capsule"), l.r),
            (input.contains("circle"), c.r),
        ];
        let empty = radii.iter().any(|&(used, r)| used && r < 0.0);
        if empty && f.as_ref().is_some_and(|f| !nan(f)) {
            assert_eq!(a.4, f32::INFINITY, "{input}: an empty shape's distance");
            assert!(!a.0 && a.2.is_none(), "{input}: an empty shape overlaps");
            continue;
        }
        check_answers(&input, f, a);
    }
    // Two rects: the manifold answers as the predicate, with collide_rect_rect's normal.
    let (x, y) = (r, rect_of(o));
    let mut m = Manifold::default();
    let mut ct = NO_CONTACT;
    // SAFETY: `m` and `ct` are writable.
    let (m_hit, c_hit) = unsafe {
        (
            c2d_manifold_rect_rect(x, y, &mut m),
            c2d_collide_rect_rect(x, y, &mut ct),
        )
    };
    let input = format!("manifold_rect_rect({x:?}, {y:?})");
    assert_eq!(
        m_hit,
        c2d_overlap_rect_rect(x, y),
        "{input}: differs from overlap"
    );
    assert_eq!(m_hit, c_hit, "{input}: differs from collide");
    assert_eq!(m.count > 0, m_hit, "{input}: count {}", m.count);
    if m_hit {
        assert_eq!(
            m.normal, ct.normal,
            "{input}: normal differs from collide's"
        );
        assert!(
            m.depth[..m.count as usize].iter().all(|&d| d > 0.0),
            "{input}: {m:?}"
        );
    }
    // The capsule ray cast: hits exactly when the segment test does, t in [0, 1].
    let (origin, d) = (b.vec2(), b.vec2());
    let mut out = SENTINEL;
    // SAFETY: `out` is a valid Hit; NULL is allowed.
    let (hit, hit_null) = unsafe {
        (
            c2d_raycast_capsule(origin, d, k, &mut out),
            c2d_raycast_capsule(origin, d, k, std::ptr::null_mut()),
        )
    };
    let input = format!("raycast_capsule({origin:?}, {d:?}, {k:?})");
    assert_eq!(hit, hit_null, "{input}: answer depends on the out pointer");
    let all = [&vec_f(origin)[..], &vec_f(d), &cap_f(&k)].concat();
    if !nan(&all) && !infinite(&vec_f(origin)) && !infinite(&vec_f(d)) {
        let seg = Segment::new(origin, Vec2::new(origin.x + d.x, origin.y + d.y));
        assert_eq!(
            hit,
            c2d_intersect_segment_capsule(seg, k),
            "{input}: disagrees with intersect_segment_capsule"
        );
    } else {
        assert!(!hit, "{input}: hit with a NaN or an infinite ray");
    }
    if hit {
        assert!((0.0..=1.0).contains(&out.t), "{input}: t = {}", out.t);
        if moderate(&all) {
            assert!(numbers(&hit_f(&out)), "{input}: NaN in the hit {out:?}");
        }
    } else {
        assert_eq!(out, SENTINEL, "{input}: out written on a miss");
    }
}

/// A rect from a box's centre and half extents (for the rect pair's manifold).
fn rect_of(o: Obb) -> Rect {
    Rect::new(
        o.center.x - o.half.x,
        o.center.y - o.half.y,
        2.0 * o.half.x,
        2.0 * o.half.y,
    )
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    while !b.is_empty() {
        match b.u8() % 12 {
            0 => check_make(&mut b),
            1 => check_point_poly(&mut b),
            2 => check_rect_poly(&mut b),
            3 => check_obb_poly(&mut b),
            4 => check_poly_poly(&mut b),
            5 => check_poly_circle(&mut b),
            6 => check_poly_capsule(&mut b),
            7 => check_capsules(&mut b),
            8 => check_capsule_capsule(&mut b),
            9 => check_segments(&mut b),
            10 => check_contacts(&mut b),
            _ => {
                check_raycast(&mut b);
                check_rect_as_poly(&mut b);
            }
        }
    }
});
