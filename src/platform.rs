//! What the library takes from the platform it is built for.
//!
//! Built with the standard library (Linux, macOS, tests), this re-exports std's map and lock.
//! Built for Windows with `panic = "abort"` (the DLL, see `.cargo/config.toml`), the crate is
//! `no_std`: it needs only `core`, `alloc` and the C runtime (`malloc`, `free`, `abort`; see
//! `ffi::runtime`), so the DLL imports nothing but `KERNEL32`, the C runtime and `ntdll` and
//! loads on every Windows since 7. Then the map is hashbrown's (std's own), the lock a spin
//! lock's `try_lock`, and the float functions std provides come from the libm crate.

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

/// The float functions of std that `core` lacks, for the `no_std` build. sqrt is correctly
/// rounded everywhere; sin, cos and hypot may differ from the C library's in the last bit.
#[cfg(c2d_no_std)]
pub(crate) trait Float: Sized {
    fn sqrt(self) -> Self;
    fn hypot(self, other: Self) -> Self;
    fn sin_cos(self) -> (Self, Self);
    fn rem_euclid(self, rhs: Self) -> Self;
}

/// `Float` for one float type, from libm's functions of that type.
#[cfg(c2d_no_std)]
macro_rules! float_from_libm {
    ($t:ty, $sqrt:ident, $hypot:ident, $sin_cos:ident) => {
        impl Float for $t {
            #[inline(always)]
            fn sqrt(self) -> $t {
                libm::$sqrt(self)
            }
            #[inline]
            fn hypot(self, other: $t) -> $t {
                libm::$hypot(self, other)
            }
            #[inline]
            fn sin_cos(self) -> ($t, $t) {
                libm::$sin_cos(self)
            }
            #[inline]
            fn rem_euclid(self, rhs: $t) -> $t {
                let r = self % rhs;
                if r < 0.0 {
                    r + rhs.abs()
                } else {
                    r
                }
            }
        }
    };
}

#[cfg(c2d_no_std)]
float_from_libm!(f32, sqrtf, hypotf, sincosf);
#[cfg(c2d_no_std)]
float_from_libm!(f64, sqrt, hypot, sincos);
