//! Touching as the game means it: the one place that decides whether two rects' faces touch,
//! overlap or stand apart, for every world function and for `move_rect`.
//!
//! Games place things with their own arithmetic (`x = wall.x - w`, decimal level data, `v * dt`),
//! and such a placement is flush only to within a rounding: the exact sum `x + w` may pass the
//! wall's face by half a unit in the last place. Two edges closer than the **band** are the same
//! edge. On an axis the band is one unit in the last place of the largest magnitude among the two
//! rects' positions and sizes on that axis (`x` and `w` of both), in the precision the world was
//! made for: f32 ([`Precision::Single`]), or f64 but at least bump.lua's `1e-10`
//! ([`Precision::Double`]). On the grid domain (multiples of 1/256 up to 16384) the band is at
//! most 1/512 in f32 and 1e-10 in f64, below any non-zero gap there, so nothing changes there.
//!
//! Every comparison here is exact: an f64 estimate with an error bound decides the clear cases,
//! expansions the close ones.

use super::math::U;
use crate::shape::{Edge, Edges, RectD};

/// bump.lua's `DELTA`: the least band of a double-precision world.
pub(crate) const BUMP_DELTA: f64 = 1e-10;

/// The precision whose rounding a world's band absorbs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// An f32 engine's world (`c2d_world_new`) and `c2d_move_rect`.
    Single,
    /// A double-precision world (`c2d_world_new_d`, Lua).
    Double,
}

impl Precision {
    /// The band for coordinates of magnitude up to `m`: one unit in the last place of `m`.
    pub fn band(self, m: f64) -> f64 {
        match self {
            Precision::Single => ulp(m, 23, -149),
            Precision::Double => ulp(m, 52, -1074).max(BUMP_DELTA),
        }
    }
}

impl Precision {
    /// [`Precision::band`] for a finite magnitude whose biased f64 exponent is `e` (0 for zero
    /// and subnormals), in integer steps.
    #[inline(always)]
    fn band_at_exponent(self, e: u64) -> f64 {
        match self {
            // `2^(e - 23)`, at least `2^-149`.
            Precision::Single => f64::from_bits(e.saturating_sub(23).max(1023 - 149) << 52),
            // `2^(e - 52)` (below `2^-1022` it is under `BUMP_DELTA` anyway).
            Precision::Double => f64::from_bits(e.saturating_sub(52) << 52).max(BUMP_DELTA),
        }
    }

    /// Whether two rects overlap as a world of this precision reads them: by more than their
    /// band on both axes (faces within the band are the same face).
    pub fn overlap(self, a: RectD, b: RectD) -> bool {
        Band::of(self, &a, &b).overlap(&a.edges(), &b.edges())
    }
}

/// The spacing of floats with `bits` fraction bits at magnitude `m` (at least `2^min_exp`).
fn ulp(m: f64, bits: i32, min_exp: i32) -> f64 {
    if !m.is_finite() {
        return if m.is_nan() { 0.0 } else { f64::INFINITY };
    }
    let e = ((m.abs().to_bits() >> 52) & 0x7ff) as i32 - 1023;
    pow2((e - bits).max(min_exp))
}

/// `2^e` for any `e` from -1074 to 1023.
fn pow2(e: i32) -> f64 {
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074))
    }
}

/// The bands of two rects on each axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Band(pub [f64; 2]);

impl Band {
    /// No band: the exact comparisons.
    pub const EXACT: Band = Band([0.0; 2]);

    /// The band between rects `a` and `b` in precision `p` (from their finite values).
    #[inline]
    pub fn of(p: Precision, a: &RectD, b: &RectD) -> Band {
        // Endless extents (`w = INFINITY`) follow the literal formulas: only finite values count.
        // Compared as bits (the order of non-negative floats), and only the largest one's
        // exponent is needed.
        let m = |v: [f64; 4]| {
            let top = v.iter().fold(0u64, |m, x| {
                let a = x.to_bits() & !(1 << 63);
                if a < f64::INFINITY.to_bits() && a > m {
                    a
                } else {
                    m
                }
            });
            p.band_at_exponent(top >> 52)
        };
        Band([m([a.x, a.w, b.x, b.w]), m([a.y, a.h, b.y, b.h])])
    }

    /// At least the band between any rects whose positions and sizes are within magnitude `m`
    /// (infinite or NaN gives a band beyond any finite one).
    #[inline]
    pub fn up_to(p: Precision, m: f64) -> Band {
        Band([p.band_at_exponent((m.to_bits() & !(1 << 63)) >> 52); 2])
    }

    /// Whether edge `a` lies below edge `b` on axis `k` by more than the band (`b - a > band`),
    /// exactly.
    #[inline]
    pub fn below(&self, k: usize, a: Edge, b: Edge) -> bool {
        above(b, a, self.0[k])
    }

    /// Whether edges `a` and `b` on axis `k` are the same edge: no more than the band apart.
    #[inline]
    pub fn same(&self, k: usize, a: Edge, b: Edge) -> bool {
        !above(a, b, self.0[k]) && !above(b, a, self.0[k])
    }

    /// Whether edge `a` lies at or below edge `b` on axis `k`, or above it by no more than the
    /// band (`a - b <= band`): on `b`'s low side, touching counted.
    #[inline]
    pub fn at_most(&self, k: usize, a: Edge, b: Edge) -> bool {
        !above(a, b, self.0[k])
    }

    /// Whether two rects overlap: by more than the band on both axes.
    #[inline]
    pub fn overlap(&self, a: &Edges, b: &Edges) -> bool {
        (0..2).all(|k| self.below(k, a.lo[k], b.hi[k]) && self.below(k, b.lo[k], a.hi[k]))
    }

    /// Whether rect `a` overlaps rect `b` more than rect `from` (the same rect where its leg of
    /// motion began) did: on an axis where a face of `from` lay within the band of a face of
    /// `b`, `a` overlaps past that face only by going deeper than `from` went; elsewhere the
    /// exact test. So a mover snapped against a face moves along it freely, and one stopped
    /// short of an item ends flush with it, never a band inside.
    pub fn overlap_from(&self, a: &Edges, b: &Edges, from: &Edges) -> bool {
        (0..2).all(|k| {
            // Past `b`'s high face: from above it, or deeper than `from` was within the band.
            let lo = if from.lo[k].lt(b.hi[k]) && self.same(k, from.lo[k], b.hi[k]) {
                a.lo[k].lt(from.lo[k])
            } else {
                a.lo[k].lt(b.hi[k])
            };
            let hi = if b.lo[k].lt(from.hi[k]) && self.same(k, from.hi[k], b.lo[k]) {
                from.hi[k].lt(a.hi[k])
            } else {
                b.lo[k].lt(a.hi[k])
            };
            lo && hi
        })
    }

    /// The length two rects share across axis `k`, beyond the band (in f64, positive exactly
    /// when their extents on that axis overlap by more than the band), or 0.
    pub fn shared(&self, m: &Edges, o: &Edges, k: usize) -> f64 {
        let lo = if m.lo[k].lt(o.lo[k]) {
            o.lo[k]
        } else {
            m.lo[k]
        };
        let hi = if m.hi[k].lt(o.hi[k]) {
            m.hi[k]
        } else {
            o.hi[k]
        };
        if self.below(k, lo, hi) {
            ((hi.hi - lo.hi) + (hi.lo - lo.lo)).max(f64::MIN_POSITIVE)
        } else {
            0.0
        }
    }
}

/// The band between a mover and an item, worked out only when a decision needs it: `bound` is
/// at least the band, and most faces stand beyond it by far.
#[derive(Clone, Copy)]
pub(crate) struct Bands<'a> {
    /// At least the band on each axis.
    pub bound: Band,
    /// The precision and the two rects whose band it is, or none when `bound` is the band.
    of: Option<(Precision, &'a RectD, &'a RectD)>,
}

impl<'a> Bands<'a> {
    /// A band already worked out.
    pub fn exact(band: Band) -> Bands<'a> {
        Bands {
            bound: band,
            of: None,
        }
    }

    /// The band of rects `a` and `b` in precision `p`, at most `bound` (see [`Band::up_to`]).
    pub fn bounded(bound: Band, p: Precision, a: &'a RectD, b: &'a RectD) -> Bands<'a> {
        Bands {
            bound,
            of: Some((p, a, b)),
        }
    }

    /// The band itself.
    pub fn band(&self) -> Band {
        match self.of {
            Some((p, a, b)) => Band::of(p, a, b),
            None => self.bound,
        }
    }
}

/// A bound on any band among rects within magnitude `m` in precision `p`, with room for the
/// rounding of an f64 estimate of their faces' differences: a difference estimated beyond it
/// is beyond the band, whatever the rounding. See [`overlap_quick`].
pub(crate) fn clear_of(p: Precision, m: f64) -> f64 {
    8.0 * p.band(2.0 * m)
}

/// [`Band::overlap`] of rects `a` and `b` (their edges `ae`, `be`), decided from f64 estimates
/// of the face differences where every one is beyond `clear` (from [`clear_of`] for magnitudes
/// covering both rects): most pairs overlap or stand apart by far more than any band, and skip
/// working out theirs.
#[inline]
pub(crate) fn overlap_quick(
    p: Precision,
    (a, ae): (&RectD, &Edges),
    (b, be): (&RectD, &Edges),
    clear: f64,
) -> bool {
    let mut sure = true;
    for k in 0..2 {
        let (d1, d2) = (be.hi[k].hi - ae.lo[k].hi, ae.hi[k].hi - be.lo[k].hi);
        if d1 < -clear || d2 < -clear {
            return false;
        }
        sure &= d1 > clear && d2 > clear;
    }
    sure || Band::of(p, a, b).overlap(ae, be)
}

/// Whether `a - b > band` exactly (`band >= 0`; `false` for NaN).
#[inline]
fn above(a: Edge, b: Edge, band: f64) -> bool {
    if band == 0.0 {
        return b.lt(a);
    }
    let (s1, s2) = (a.hi - b.hi, a.lo - b.lo);
    let v = s1 + s2;
    let c = v - band;
    let err = 2.0 * U * (s1.abs() + s2.abs() + v.abs()) + 2.0 * U * (v.abs() + band);
    if c.is_finite() && c.abs() > err {
        return c > 0.0;
    }
    if !(a.hi.is_finite() && b.hi.is_finite()) {
        // An endless edge: the order of the edges decides (`inf - inf` has no value).
        return b.lt(a) && !(a.hi == b.hi);
    }
    a.minus(b).add(-band).signum() > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_band_is_one_unit_in_the_last_place_of_the_largest_magnitude() {
        let s = Precision::Single;
        assert_eq!(s.band(1.0), f32::EPSILON as f64);
        assert_eq!(s.band(16384.0), 1.0 / 512.0);
        assert_eq!(s.band(16383.9), 1.0 / 1024.0);
        assert_eq!(s.band(0.0), pow2(-149));
        let d = Precision::Double;
        assert_eq!(d.band(1.0), BUMP_DELTA);
        assert_eq!(d.band(1e6), pow2(19 - 52));
        assert_eq!(d.band(1e300), 1e300f64.next_up_compat() - 1e300);
        // The same from the exponent alone, as `Band::of` works it out.
        for m in [
            0.0f64, 1e-320, 1e-30, 0.75, 1.0, 16383.9, 16384.0, 1e6, 3e38, 1e300,
        ] {
            for p in [s, d] {
                let e = m.to_bits() >> 52;
                assert_eq!(p.band_at_exponent(e), p.band(m), "{p:?} {m}");
            }
        }
    }

    trait NextUp {
        fn next_up_compat(self) -> f64;
    }
    impl NextUp for f64 {
        fn next_up_compat(self) -> f64 {
            f64::from_bits(self.to_bits() + 1)
        }
    }

    #[test]
    fn a_flush_snap_by_the_game_s_own_arithmetic_is_the_same_edge() {
        // 376.98 + 24.02 is the double 401, yet the exact sum exceeds it.
        let (x, w, wall) = (376.98f64, 24.02f64, 401.0f64);
        let far = Edge::sum(x, w);
        assert!(Edge::exact(wall).lt(far), "the exact sum passes the wall");
        let a = RectD::new(x, 0.0, w, 10.0);
        let b = RectD::new(wall, 0.0, 10.0, 10.0);
        let band = Band::of(Precision::Double, &a, &b);
        assert!(band.same(0, far, Edge::exact(wall)));
        assert!(!band.overlap(&a.edges(), &b.edges()));
        assert!(Band::EXACT.overlap(&a.edges(), &b.edges()));
    }

    #[test]
    fn grid_gaps_are_never_within_the_band() {
        let p = Precision::Single;
        for (a, b) in [
            (16384.0, 16384.0 + 1.0 / 256.0),
            (-16384.0, -16384.0 + 1.0 / 256.0),
        ] {
            let r = RectD::new(a, 0.0, 1.0, 1.0);
            let band = Band::of(p, &r, &RectD::new(b, 0.0, 1.0, 1.0));
            assert!(band.below(0, Edge::exact(a), Edge::exact(b)));
            assert!(!band.same(0, Edge::exact(a), Edge::exact(b)));
        }
    }
}
