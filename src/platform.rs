//! What the library takes from the platform it is built for.
//!
//! Built with the standard library (`cargo build`, the tests), this re-exports std's map and
//! lock. The libraries users ship are built with `panic = "abort"` and `--cfg c2d_no_std` (`make
//! dist`; for the Windows DLLs, `.cargo/config.toml` sets `panic = "abort"` and build.rs the
//! cfg): the crate is then `no_std`, needing only `core`, `alloc` and the C runtime (`malloc`,
//! `free`, `abort`; see `ffi::runtime`). The shared library is a quarter smaller without std's
//! panic, backtrace and unwinding code, and the DLL imports nothing but `KERNEL32`, the C runtime
//! and `ntdll`, so it loads on every Windows since 7. Then the map is hashbrown's (std's own),
//! the lock a spin lock's `try_lock`, and the float functions std provides come from the libm
//! crate.

/// A hash map (std's, or hashbrown's, which std's is).
#[cfg(not(c2d_no_std))]
pub(crate) use std::collections::HashMap;

/// A hash map (std's, or hashbrown's, which std's is).
#[cfg(c2d_no_std)]
pub(crate) use hashbrown::HashMap;

/// A value shared by threads that only ever try to take it, never wait for it.
pub(crate) struct TryLock<T> {
    #[cfg(not(c2d_no_std))]
    inner: std::sync::Mutex<T>,
    #[cfg(c2d_no_std)]
    inner: spin::Mutex<T>,
}

impl<T> TryLock<T> {
    pub(crate) fn new(value: T) -> Self {
        TryLock {
            inner: value.into(),
        }
    }

    /// The value, unless another thread holds it. A panic while it was held (which would abort
    /// the no_std build) does not lock it out.
    #[cfg(not(c2d_no_std))]
    pub(crate) fn try_lock(&self) -> Option<impl core::ops::DerefMut<Target = T> + '_> {
        use std::sync::TryLockError;
        match self.inner.try_lock() {
            Ok(guard) => Some(guard),
            Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// The value, unless another thread holds it.
    #[cfg(c2d_no_std)]
    pub(crate) fn try_lock(&self) -> Option<impl core::ops::DerefMut<Target = T> + '_> {
        self.inner.try_lock()
    }
}

/// Clamps to zero from one side with the sign of a zero fixed. `f64::max(-0.0, 0.0)` may answer
/// either zero, and targets differ (x86's `maxsd` keeps one operand, 32-bit ARM's `fmax`
/// another): a `-0.0` that reaches a `total_cmp`, a division or a hash then steers a move one way
/// on one machine and the other way on the next. These answer `+0.0` for every zero, and `0.0`
/// for NaN as `max`/`min` do, on every target.
pub(crate) trait ClampZero: Sized {
    /// `self.max(0.0)`, a zero always `+0.0`.
    fn max0(self) -> Self;
    /// `self.min(0.0)`, a zero always `+0.0`.
    fn min0(self) -> Self;
}

macro_rules! clamp_zero {
    ($t:ty) => {
        impl ClampZero for $t {
            #[inline(always)]
            fn max0(self) -> $t {
                if self > 0.0 {
                    self
                } else {
                    0.0
                }
            }
            #[inline(always)]
            fn min0(self) -> $t {
                if self < 0.0 {
                    self
                } else {
                    0.0
                }
            }
        }
    };
}
clamp_zero!(f32);
clamp_zero!(f64);

/// `sqrt(x² + y²)` from IEEE operations alone (products, a sum, a correctly rounded square
/// root, exact scalings by powers of two), so that it gives the same bits on every target and
/// with or without the standard library, where the C library's `hypot` may differ from one
/// platform to the next in the last bit. Within about one ulp; +inf when either is infinite
/// (even beside a NaN), else NaN for a NaN.
pub(crate) fn hypot(x: f64, y: f64) -> f64 {
    let (a, b) = (x.abs(), y.abs());
    if a == f64::INFINITY || b == f64::INFINITY {
        return f64::INFINITY;
    }
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if hi.is_nan() || lo.is_nan() {
        return f64::NAN;
    }
    // Neither square overflows, and the larger one does not underflow (a smaller one that does
    // is below the larger's last bit).
    const fn two_to(e: i64) -> f64 {
        f64::from_bits(((1023 + e) as u64) << 52)
    }
    const BIG: f64 = two_to(500);
    const SMALL: f64 = two_to(-500);
    const DOWN: f64 = two_to(-600);
    const UP: f64 = two_to(600);
    let s = if hi > BIG {
        DOWN
    } else if hi < SMALL {
        UP
    } else {
        1.0
    };
    let (h, l) = (hi * s, lo * s);
    (h * h + l * l).sqrt() / s
}

/// `(sin x, cos x)`, the same bits on every target and build: computed by the library itself
/// (the libm crate, compiled in, from IEEE operations only), never by the platform's C library,
/// whose last bit differs between systems.
pub(crate) fn sin_cos(x: f64) -> (f64, f64) {
    libm::sincos(x)
}

/// The float functions of std that `core` lacks, for the `no_std` build; each is correctly
/// rounded, so both builds give the same bits.
#[cfg(c2d_no_std)]
pub(crate) trait Float: Sized {
    fn sqrt(self) -> Self;
    fn floor(self) -> Self;
}

/// `Float` for one float type, from libm's functions of that type.
#[cfg(c2d_no_std)]
macro_rules! float_from_libm {
    ($t:ty, $sqrt:ident, $floor:ident) => {
        impl Float for $t {
            #[inline(always)]
            fn sqrt(self) -> $t {
                libm::$sqrt(self)
            }
            #[inline]
            fn floor(self) -> $t {
                libm::$floor(self)
            }
        }
    };
}

#[cfg(c2d_no_std)]
float_from_libm!(f32, sqrtf, floorf);
#[cfg(c2d_no_std)]
float_from_libm!(f64, sqrt, floor);

#[cfg(test)]
mod tests {
    use super::{hypot, ClampZero};

    /// A zero clamped from either side is `+0.0`, whatever the sign it came with, as on every
    /// target (a `-0.0` time once sorted first on 32-bit ARM only and blocked a walking
    /// player that x86 let pass).
    #[test]
    fn a_clamped_zero_is_positive_zero_on_every_target() {
        for z in [0.0f64, -0.0] {
            assert_eq!(z.max0().to_bits(), 0);
            assert_eq!(z.min0().to_bits(), 0);
            assert_eq!((z as f32).max0().to_bits(), 0);
            assert_eq!((z as f32).min0().to_bits(), 0);
        }
        assert_eq!((-2.5f64).max0().to_bits(), 0);
        assert_eq!(2.5f64.max0(), 2.5);
        assert_eq!((-2.5f64).min0(), -2.5);
        assert_eq!(2.5f32.min0().to_bits(), 0);
        assert_eq!(f64::NAN.max0(), 0.0);
        assert_eq!(f64::NAN.min0(), 0.0);
        assert_eq!(f64::NEG_INFINITY.max0(), 0.0);
        assert_eq!(f64::INFINITY.max0(), f64::INFINITY);
    }

    /// Within one ulp of the C library's `hypot` over twenty orders of magnitude either way and at
    /// the ends of the range, exact on Pythagorean triples, and the same special values.
    #[test]
    fn hypot_from_ieee_operations_agrees_with_the_c_library_within_one_ulp() {
        let mut rng = crate::testing::Rng(0x2545_f491_4f6c_dd1d);
        let mut next = || rng.next();
        // Miri answers `f64::hypot` with some noise of its own: there only the exact cases.
        let n = if cfg!(miri) { 0 } else { 200_000 };
        for _ in 0..n {
            let e = (next() % 1200) as i32 - 600;
            let (a, b) = ((next() >> 11) as f64, (next() >> 11) as f64);
            let scale = 2f64.powi(e - 53);
            let (x, y) = (a * scale, b * scale * 2f64.powi((next() % 64) as i32 - 32));
            let (ours, libm) = (hypot(x, -y), x.hypot(y));
            let ulp = |v: f64| f64::from_bits(v.to_bits() + 1) - v;
            assert!(
                (ours - libm).abs() <= ulp(libm),
                "hypot({x}, {y}): {ours} vs {libm}"
            );
        }
        for (x, y, h) in [(3.0, 4.0, 5.0), (5.0, 12.0, 13.0), (8e300, 6e300, 1e301)] {
            assert_eq!(hypot(x, y), h);
        }
        assert_eq!(hypot(1e-320, 0.0), 1e-320);
        assert_eq!(hypot(f64::MAX, f64::MAX), f64::INFINITY);
        assert_eq!(hypot(f64::NAN, f64::NEG_INFINITY), f64::INFINITY);
        assert!(hypot(f64::NAN, 1.0).is_nan());
        assert_eq!(hypot(0.0, -0.0), 0.0);
    }
}
