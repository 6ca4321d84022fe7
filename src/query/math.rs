//! The numeric helpers every kernel shares: the unit of f64 rounding, the f32 position of a
//! moving shape at a time, the settling of a time until that position is clear, whether a
//! motion is usable, and the branch-free bounds of a span. (Exact sums and products are
//! `crate::exact`; the f64 point helpers `dot`, `sub`, `direction` are `crate::shape`'s frame.)

use crate::platform::ClampZero;
use crate::shape::Vec2;

/// Half an ulp of 1: the relative rounding error of one f64 operation.
pub(crate) const U: f64 = f64::EPSILON / 2.0;

/// The mover's position at `t` as the library (and a careful caller) computes it in f32:
/// `a + t·d`, each operation rounded to f32. Rust never fuses these into a multiply-add.
#[inline(always)]
pub(crate) fn at(a: Vec2, d: Vec2, t: f32) -> Vec2 {
    Vec2::new(a.x + t * d.x, a.y + t * d.y)
}

/// The next f32 below a non-negative `t` (0 stays 0).
#[inline(always)]
pub(crate) fn step_down(t: f32, ulps: u32) -> f32 {
    let bits = t.to_bits();
    if t <= 0.0 || bits <= ulps {
        0.0
    } else {
        f32::from_bits(bits - ulps)
    }
}

/// A time below `t` at which a coordinate moving at speed `v` (per unit of `t`), now at the f32
/// `c`, is about one f32 step of `c` back: stepping `t` by its own ulps would take many steps
/// when `|v|` is small against `c`. At least one ulp of `t` below it; 0 stays 0.
#[inline(always)]
pub(crate) fn step_back(t: f32, c: f32, v: f64) -> f32 {
    let c = c.abs();
    let ulp = (f32::from_bits(c.to_bits() + 1) - c) as f64;
    let back = t as f64 - ulp / v.abs();
    let below = step_down(t, 1);
    if back as f32 as f64 <= back && (back as f32) < below {
        (back as f32).max0()
    } else if back < below as f64 {
        step_down(back as f32, 1).max0()
    } else {
        below
    }
}

/// The largest `t' <= t` found by stepping down at which `clear(t')` holds: one f32 ulp at a
/// time for 16 steps, then doubling the step; 0 when nothing else is clear (a mover that does
/// not overlap at the start is clear at 0). Normally `clear(t)` already holds and this costs
/// one check.
#[inline]
pub(crate) fn settle(t: f32, mut clear: impl FnMut(f32) -> bool) -> f32 {
    let mut t = t;
    let mut ulps = 1u32;
    let mut steps = 0;
    while t > 0.0 && !clear(t) {
        t = step_down(t, ulps);
        steps += 1;
        if steps >= 16 {
            ulps = ulps.saturating_mul(2);
        }
    }
    t
}

/// [`settle`] for a mover that sits at `moved(t)`, is clear there when `clear`, and is already
/// known not to be clear at `t` itself: the same steps and the same answer, but a step that
/// leaves the f32 position as it was (the motion moves it by less than its rounding) takes the
/// last answer rather than testing again, and `t` is not tested again.
pub(crate) fn settle_moved<M: Copy + PartialEq>(
    t: f32,
    moved: impl Fn(f32) -> M,
    mut clear: impl FnMut(&M) -> bool,
) -> f32 {
    let mut last = Some((moved(t), false));
    settle(t, |t| {
        let m = moved(t);
        match last {
            Some((was, answer)) if was == m => answer,
            _ => {
                let answer = clear(&m);
                last = Some((m, answer));
                answer
            }
        }
    })
}

/// Whether a motion is unusable: a NaN or an infinite component (no hit, by the contract).
#[inline(always)]
pub(crate) fn unusable(v: Vec2) -> bool {
    !(v.x.abs() < f32::INFINITY && v.y.abs() < f32::INFINITY)
}

/// `(min, max)` of two values as [`ordered`](crate::shape::ordered) gives them (a NaN stays in
/// a bound), written as two selects so that they compile to min/max instructions, not branches.
#[inline(always)]
pub(crate) fn lo_hi(a: f64, b: f64) -> (f64, f64) {
    let lo = if b < a { b } else { a };
    let hi = if b < a { a } else { b };
    (lo, hi)
}

/// `lo, hi` of `x .. x + w` in f64 (as `Rect::aabb`), branch-free.
#[inline(always)]
pub(crate) fn span(x: f32, w: f32) -> (f64, f64) {
    lo_hi(x as f64, x as f64 + w as f64)
}
