//! Convex polygons (built as the convex hull of any points) and capsules.

use super::Vec2;
use crate::exact::Expansion;

/// The most vertices a convex polygon (`c2d_poly`) holds.
pub const POLY_MAX: usize = 8;

/// A convex polygon of 3 to `C2D_POLY_MAX` (8) vertices (`c2d_poly`), counter-clockwise in y-up
/// terms (clockwise on a y-down screen), no three consecutive vertices on one line.
///
/// `c2d_poly_make` builds one from any points. A value put together by
/// hand that breaks these rules (wrong winding, not convex) gets some answer from every query,
/// never a crash or a NaN. A polygon with zero area (all vertices on one line, or collapsed by
/// f32 rounding), or a `count` outside `3..=8`, is no shape: it overlaps and touches nothing,
/// sweeps against it or of it miss (the mover ends at its goal), contacts and manifolds report
/// none, ray casts miss and distances are `+inf`. Zero area is decided exactly on the f32
/// vertices as given: a polygon far from the origin (10 wide at 1e30) whose corners round to one
/// point or one line is no shape; a tiny one whose corners stay apart keeps its area.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Poly {
    /// The vertices; only the first `count` are used.
    pub verts: [Vec2; POLY_MAX],
    /// How many vertices are used: 3 to `C2D_POLY_MAX` (any other count is no shape).
    pub count: i32,
}

/// A capsule (`c2d_capsule`): every point within `r` of the segment `a..b`.
///
/// `r < 0` is an empty shape (it never overlaps or touches anything); `r == 0` is the segment
/// itself (it can touch, never overlap strictly); `a == b` is a circle.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Capsule {
    /// One end of the core segment.
    pub a: Vec2,
    /// The other end of the core segment.
    pub b: Vec2,
    /// Radius; `< 0` is empty, `0` the bare segment.
    pub r: f32,
}

/// Why [`Poly::hull`] built no polygon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolyError {
    /// A coordinate is NaN or infinite.
    NotFinite,
    /// Fewer than three points that are not all on one line.
    Degenerate,
    /// The hull has more than [`POLY_MAX`] vertices.
    TooMany,
}

impl Capsule {
    /// A value from its fields.
    pub const fn new(a: Vec2, b: Vec2, r: f32) -> Self {
        Capsule { a, b, r }
    }
}

impl Poly {
    /// The convex hull of `points`, counter-clockwise in y-up terms, starting at the lowest of
    /// the leftmost points. Repeated points and points on the hull's edges are dropped. Exact
    /// for every finite f32 input (orientations are signs of exact sums); allocates nothing.
    pub fn hull(points: &[Vec2]) -> Result<Poly, PolyError> {
        let xy = |p: Vec2| (p.x as f64, p.y as f64);
        let (verts, n) = gift_wrap(points, xy, orient_sign)?;
        // The slots past `count` stay zero.
        let mut out = Poly::default();
        out.verts[..n].copy_from_slice(&verts[..n]);
        out.count = n as i32;
        Ok(out)
    }

    /// The vertices in use: `None` when the polygon is no shape, its `count` outside `3..=8`
    /// or its area zero (every vertex on one line, or one point: as given, or collapsed by f32
    /// rounding, a polygon far from the origin). Every query takes a polygon through here, or
    /// through [`Poly::slots`] where its quick pass cannot be sure of a hit without area.
    #[inline]
    pub fn vertices(&self) -> Option<&[Vec2]> {
        self.slots().filter(|vs| !flat(vs))
    }

    /// The vertices a `count` in `3..=8` puts in use, before [`Poly::vertices`]' test of area:
    /// for a query that is never sure of a hit on a polygon of no area without that test, and
    /// takes it only when unsure.
    #[inline(always)]
    pub(crate) fn slots(&self) -> Option<&[Vec2]> {
        let n = usize::try_from(self.count).ok()?;
        (3..=POLY_MAX).contains(&n).then(|| &self.verts[..n])
    }
}

/// Whether the finite points `vs` (3 to 8 of them) all lie on one line: the polygon they bound
/// has zero area. A point not finite answers false (such a polygon is left to the queries,
/// which answer false for a NaN or decide with the infinity as they always have).
///
/// First the doubled signed area in f64: each product of two f32 values is exact in f64, and
/// only the sum of the `2n` of them rounds, by at most `(2n - 1)` units of rounding of the sum
/// of their magnitudes; an area past that bound (every usable polygon but those nearly flat)
/// is not zero. Else the exact orientations decide: all of `vs` on the line through `vs[0]` and
/// the first other point (none other: one point).
#[inline]
fn flat(vs: &[Vec2]) -> bool {
    let w = |a: f32| a as f64;
    let (mut area, mut size) = (0.0f64, 0.0f64);
    let mut prev = vs[vs.len() - 1];
    for &v in vs {
        let (l, r) = (w(prev.x) * w(v.y), w(v.x) * w(prev.y));
        area += l - r;
        size += l.abs() + r.abs();
        prev = v;
    }
    // 16 units of f64 rounding (8 f64::EPSILON) cover the 15 roundings of the sum of 16
    // products and those of `size` itself; a NaN or an infinity fails the test below and is
    // caught by the finiteness check after it.
    if area.abs() > 8.0 * f64::EPSILON * size {
        return false;
    }
    flat_exact(vs)
}

/// [`flat`] by exact orientations, for the nearly flat polygons (and those not finite).
#[cold]
fn flat_exact(vs: &[Vec2]) -> bool {
    if vs.iter().any(|p| !(p.x.is_finite() && p.y.is_finite())) {
        return false;
    }
    let p = vs[0];
    match vs.iter().find(|&&q| q != p) {
        None => true,
        Some(&q) => vs.iter().all(|&r| orient_sign(p, q, r) == 0),
    }
}

/// The exact sign of `(q - p) × (r - p)` for finite f32 points: positive when `r` is left of
/// `p→q`. First in f64, decided when the result is past the bound on its rounding (Shewchuk's
/// first stage of `orient2d`, with twice his unit of rounding); else the six products of f32
/// values, exact in f64, are summed exactly.
fn orient_sign(p: Vec2, q: Vec2, r: Vec2) -> i32 {
    let w = |a: f32| a as f64;
    let (left, right) = (
        (w(q.x) - w(p.x)) * (w(r.y) - w(p.y)),
        (w(q.y) - w(p.y)) * (w(r.x) - w(p.x)),
    );
    let (det, bound) = (
        left - right,
        (3.0 + 16.0 * f64::EPSILON) * f64::EPSILON * (left.abs() + right.abs()),
    );
    if det > bound {
        return 1;
    }
    if -det > bound {
        return -1;
    }
    orient_sign_exact(p, q, r)
}

/// [`orient_sign`] by exact sums, for the nearly collinear points.
#[cold]
fn orient_sign_exact(p: Vec2, q: Vec2, r: Vec2) -> i32 {
    let m = |a: f32, b: f32| a as f64 * b as f64;
    let mut e = Expansion::new();
    for v in [
        m(q.x, r.y),
        -m(q.x, p.y),
        -m(p.x, r.y),
        -m(q.y, r.x),
        m(q.y, p.x),
        m(p.y, r.x),
    ] {
        e.push(v);
    }
    e.signum()
}

/// For `r` on the ray from `p` through `q` (a hull vertex `p` is never between two points):
/// whether `r` lies past `q`.
fn beyond(p: (f64, f64), q: (f64, f64), r: (f64, f64)) -> bool {
    if q.0 != p.0 {
        (q.0 > p.0) == (r.0 > q.0) && r.0 != q.0
    } else {
        (q.1 > p.1) == (r.1 > q.1) && r.1 != q.1
    }
}

/// The convex hull of `points`, for either precision: its vertices counter-clockwise in y-up
/// terms from the lowest of the leftmost points, and how many there are. Repeated points and
/// points on the hull's edges are dropped. `xy` gives a point's coordinates exactly in f64 and
/// `side` the exact sign of `(q - p) × (r - p)`; allocates nothing.
///
/// Gift wrapping: from each hull vertex, the point that leaves every other point on its left
/// (the farthest of those on one line), until the walk is back at the start.
pub(crate) fn gift_wrap<T: Copy + PartialEq>(
    points: &[T],
    xy: impl Fn(T) -> (f64, f64),
    side: impl Fn(T, T, T) -> i32,
) -> Result<([T; POLY_MAX], usize), PolyError> {
    if points.iter().any(|&p| {
        let (x, y) = xy(p);
        !(x.is_finite() && y.is_finite())
    }) {
        return Err(PolyError::NotFinite);
    }
    let start = points
        .iter()
        .copied()
        .reduce(|m, p| if xy(p) < xy(m) { p } else { m })
        .ok_or(PolyError::Degenerate)?;
    let mut out = [start; POLY_MAX];
    let mut n = 0;
    let mut p = start;
    loop {
        if n == POLY_MAX {
            return Err(PolyError::TooMany);
        }
        out[n] = p;
        n += 1;
        let mut next: Option<T> = None;
        for &r in points {
            if r == p {
                continue;
            }
            next = Some(match next {
                None => r,
                Some(q) => match side(p, q, r) {
                    o if o < 0 => r,
                    0 if beyond(xy(p), xy(q), xy(r)) => r,
                    _ => q,
                },
            });
        }
        match next {
            Some(q) if q != start => p = q,
            _ => break,
        }
    }
    if n < 3 {
        return Err(PolyError::Degenerate);
    }
    Ok((out, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points nearly on one line, where a plain f64 sign would be wrong now and then: the
    /// quick sign always agrees with the exact sums.
    #[test]
    fn the_quick_orientation_agrees_with_the_exact_one_on_nearly_collinear_points() {
        let mut rng = crate::testing::Rng(0x2545_f491_4f6c_dd1d);
        let mut next = move || rng.next();
        let cases = if cfg!(miri) { 200 } else { 200_000 };
        let (mut turning, mut straight) = (0, 0);
        for _ in 0..cases {
            // Each coordinate at its own scale, so that differences round in f64.
            let coord = |next: &mut dyn FnMut() -> u64| {
                let scale = [1.0f32, 1e-20, 3e4, 1e30][(next() % 4) as usize];
                ((next() >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * scale
            };
            let mut p = Vec2::new(coord(&mut next), coord(&mut next));
            let mut q = Vec2::new(coord(&mut next), coord(&mut next));
            let mut shifted = None;
            if next() % 4 == 0 {
                // Far out on the diagonal, with r = q moved along the diagonal (exactly, on a
                // grid of 2^50): (q - p) × (r - p) = s·(q.x - q.y), far below the rounding of
                // the products.
                let grid = |k: u64| (k % (1 << 22)) as f32 * (1u64 << 50) as f32;
                p = Vec2::new(1e30, 1e30);
                q = Vec2::new(grid(next()), grid(next()));
                let d = grid(next());
                shifted = Some(Vec2::new(q.x + d, q.y + d));
            }
            // A point on the line through p and q, rounded to f32 and nudged by a few ulps, or
            // level with p, or p itself (all nudged).
            let t = (next() >> 40) as f32 / (1u64 << 24) as f32 * 3.0 - 1.0;
            let mut r = match (shifted, next() % 8) {
                (Some(r), _) => r,
                (None, 0) => p,
                (None, 1) => Vec2::new(coord(&mut next), p.y),
                _ => Vec2::new(p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)),
            };
            let nudge = (next() % 7) as i32 - 3;
            r.y = f32::from_bits((r.y.to_bits() as i32 + nudge) as u32);
            if !(r.x.is_finite() && r.y.is_finite()) {
                continue;
            }
            let exact = orient_sign_exact(p, q, r);
            assert_eq!(orient_sign(p, q, r), exact, "{p:?} {q:?} {r:?}");
            turning += (exact != 0) as usize;
            straight += (exact == 0) as usize;
        }
        // Both kinds occur.
        assert!(turning > cases / 4 && straight > 0);
    }
}
