//! The sweeps' slab test in exact arithmetic, for inputs whose slab bounds f64 rounds.
//!
//! A slab bound such as `b.y - (a.y + a.h)` is a sum of up to four f32 values. f64 holds it
//! exactly unless the values are some 2^29 times apart in magnitude (a rect 1e-30 high at
//! y = -90, a circle of radius 1e-38 against a rect at x = 1000); then the rounded bound can
//! turn an entry just before `t = 1` into "ending in contact", a miss. Here each bound is kept
//! as its terms and every decision (reached or not, which slab is entered last, entry before
//! exit, the entry time's f32 floor) is made on exact sums ([`Expansion`]), so the answer is that
//! of real arithmetic on the shapes as given, at any size ratio. Infinite extents keep their
//! infinite bounds (`inf - inf` is no hit, as in f64).

use crate::platform::ClampZero;
use std::cmp::Ordering;

use crate::exact::Expansion;

/// A real number given as the exact sum of up to six f64 terms (each an f32 value, or its
/// negation).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Terms {
    t: [f64; 6],
    n: usize,
}

impl Terms {
    pub fn of(values: &[f64]) -> Terms {
        let mut t = [0.0; 6];
        t[..values.len()].copy_from_slice(values);
        Terms { t, n: values.len() }
    }

    fn terms(&self) -> &[f64] {
        &self.t[..self.n]
    }

    /// `self - other` (at most six terms in all).
    pub fn minus(self, other: Terms) -> Terms {
        let mut r = self;
        for &x in other.terms() {
            r.t[r.n] = -x;
            r.n += 1;
        }
        r
    }

    fn neg(self) -> Terms {
        let mut r = self;
        for x in &mut r.t[..r.n] {
            *x = -*x;
        }
        r
    }

    /// The exact sum plus `extra` (more terms).
    fn sum_with(&self, extra: &[f64]) -> Expansion {
        let mut s = Expansion::new();
        for &x in self.terms().iter().chain(extra) {
            s.push(x);
        }
        s
    }

    /// The value when a term is not finite (an infinite extent): `±inf` when the infinite terms
    /// share a sign, NaN for `inf - inf` (or a NaN term); `None` when every term is finite.
    fn non_finite(&self) -> Option<f64> {
        let mut value: Option<f64> = None;
        for &x in self.terms() {
            if !x.is_finite() {
                value = Some(value.map_or(x, |v| v + x));
            }
        }
        value
    }

    /// The sign of `self - c` for a finite `c`; `None` for a NaN value.
    fn cmp(&self, c: f64) -> Option<Ordering> {
        match self.non_finite() {
            Some(v) => v.partial_cmp(&c),
            None => Some(self.sum_with(&[-c]).sign()),
        }
    }

    /// The value as an f32 when it is exactly one (a finite one).
    pub fn as_f32(&self) -> Option<f32> {
        if self.non_finite().is_some() {
            return None;
        }
        let f = self.sum_with(&[]).approx() as f32;
        (f.is_finite() && self.cmp(f as f64) == Some(Ordering::Equal)).then_some(f)
    }
}

/// `min..max` of `x .. x + w` as exact terms.
pub(crate) fn span(x: f32, w: f32) -> (Terms, Terms) {
    let (x, w) = (x as f64, w as f64);
    if w < 0.0 {
        (Terms::of(&[x, w]), Terms::of(&[x]))
    } else {
        (Terms::of(&[x]), Terms::of(&[x, w]))
    }
}

/// One axis of a swept separating-axis test: the mover overlaps the target strictly along it
/// while `lo < t·v < hi`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slab {
    pub lo: Terms,
    pub hi: Terms,
    pub v: f64,
}

/// A time `num / den`, `den >= 0`; `den == 0` is `-inf` or `+inf` by the sign of `num`.
#[derive(Clone, Copy, Debug)]
struct Time {
    num: Terms,
    den: f64,
}

impl Time {
    /// `±inf` for an infinite time (no motion along the slab, or an infinite extent), `None` for
    /// a finite one. The slabs' bounds are never NaN here.
    fn infinite(&self) -> Option<f64> {
        if self.den == 0.0 {
            let negative = self.num.cmp(0.0) == Some(Ordering::Less);
            return Some(if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
        self.num.non_finite()
    }

    /// Exactly `self < other`.
    fn lt(&self, other: &Time) -> bool {
        match (self.infinite(), other.infinite()) {
            (Some(a), Some(b)) => a < b,
            (Some(a), None) => a < 0.0,
            (None, Some(b)) => b > 0.0,
            (None, None) => {
                // self.num·other.den < other.num·self.den
                let mut s = Expansion::new();
                for &x in self.num.terms() {
                    s.add_product(x, other.den);
                }
                for &x in other.num.terms() {
                    s.add_product(-x, self.den);
                }
                s.sign() == Ordering::Less
            }
        }
    }

    /// The largest f32 in `[0, 1]` not above the time (`0 <= num/den <= 1`, `den > 0`).
    fn floor_f32(&self) -> f32 {
        let approx = self.num.sum_with(&[]).approx() / self.den;
        // Within an f32 step or so of the time; +0.0 for -0.0 (and NaN, which cannot occur).
        let mut t = if approx > 0.0 {
            (approx as f32).min(1.0)
        } else {
            0.0
        };
        // `t·den` is exact in f64 (two f32 values): compare it with num exactly.
        let above = |t: f32| self.num.cmp(t as f64 * self.den) == Some(Ordering::Less);
        while t > 0.0 && above(t) {
            t = f32::from_bits(t.to_bits() - 1);
        }
        // The largest such f32: a step or two up at most.
        for _ in 0..4 {
            let up = f32::from_bits(t.to_bits() + 1);
            if up > 1.0 || above(up) {
                break;
            }
            t = up;
        }
        t
    }
}

/// Where a set of slabs is entered first.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Entry {
    /// Strictly overlapping at `t = 0` already.
    Inside,
    /// Entered through this slab (index) at a time whose f32 floor is `t`.
    At(f32, usize),
}

/// The first `t` in `[0, 1]` inside every open slab, exactly; ties between slabs entered at the
/// same time go to the earlier slab. `None` when the slabs are never all entered together (or
/// a motion is not finite).
pub(crate) fn entry<const N: usize>(slabs: &[Slab; N]) -> Option<Entry> {
    let mut times = [(
        Time {
            num: Terms::of(&[]),
            den: 0.0,
        },
        Time {
            num: Terms::of(&[]),
            den: 0.0,
        },
    ); N];
    for (s, time) in slabs.iter().zip(times.iter_mut()) {
        if !s.v.is_finite() {
            return None;
        }
        // Entered before t = 1 and left after t = 0.
        let (vmax, vmin) = (s.v.max0(), s.v.min0());
        if s.lo.cmp(vmax) != Some(Ordering::Less) || s.hi.cmp(vmin) != Some(Ordering::Greater) {
            return None;
        }
        let den = s.v.abs();
        *time = if s.v.is_sign_negative() {
            (
                Time {
                    num: s.hi.neg(),
                    den,
                },
                Time {
                    num: s.lo.neg(),
                    den,
                },
            )
        } else {
            (Time { num: s.lo, den }, Time { num: s.hi, den })
        };
    }
    let (mut enter, mut exit) = times[0];
    let mut k = 0;
    for (i, (en, ex)) in times.iter().enumerate().skip(1) {
        if enter.lt(en) {
            enter = *en;
            k = i;
        }
        if ex.lt(&exit) {
            exit = *ex;
        }
    }
    if !enter.lt(&exit) {
        return None;
    }
    if enter.den == 0.0 || enter.num.cmp(0.0) == Some(Ordering::Less) {
        Some(Entry::Inside)
    } else {
        Some(Entry::At(enter.floor_f32(), k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_that_f64_rounds_is_compared_exactly() {
        // -90 - 1e-30 rounds to -90 in f64; exactly, 90 + 1e-30 > 90.
        let lo = Terms::of(&[0.0]).minus(Terms::of(&[-90.0, 1e-30]));
        assert_eq!(lo.cmp(90.0), Some(Ordering::Less));
        assert_eq!(Terms::of(&[90.0, -1e-30]).cmp(90.0), Some(Ordering::Less));
        assert_eq!(Terms::of(&[1e-45, 1e38]).cmp(1e38), Some(Ordering::Greater));
        let inf = f64::INFINITY;
        assert_eq!(Terms::of(&[1e-30, inf]).cmp(1e38), Some(Ordering::Greater));
        assert_eq!(Terms::of(&[inf, -inf]).cmp(0.0), None);
        assert_eq!(Terms::of(&[1.0, inf]).as_f32(), None);
        assert_eq!(Terms::of(&[1.0, 2.0]).as_f32(), Some(3.0));
        assert_eq!(Terms::of(&[1.0, 1e-30]).as_f32(), None);
    }

    #[test]
    fn an_entry_just_before_the_end_is_a_hit() {
        // A rect 1e-30 high at y = -90 moving up by 90 onto a face at y = 0.
        let slab = Slab {
            lo: Terms::of(&[0.0]).minus(Terms::of(&[-90.0, 1e-30])),
            hi: Terms::of(&[0.0, 10.0]).minus(Terms::of(&[-90.0])),
            v: 90.0,
        };
        match entry(&[slab]) {
            Some(Entry::At(t, 0)) => assert_eq!(t, f32::from_bits(1.0f32.to_bits() - 1)),
            other => panic!("{other:?}"),
        }
    }
}
