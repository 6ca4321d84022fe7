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

#[cfg(c2d_no_std)]
impl Float for f32 {
    #[inline(always)]
    fn sqrt(self) -> f32 {
        libm::sqrtf(self)
    }
    #[inline]
    fn hypot(self, other: f32) -> f32 {
        libm::hypotf(self, other)
    }
    #[inline]
    fn sin_cos(self) -> (f32, f32) {
        libm::sincosf(self)
    }
    #[inline]
    fn rem_euclid(self, rhs: f32) -> f32 {
        let r = self % rhs;
        if r < 0.0 {
            r + rhs.abs()
        } else {
            r
        }
    }
}

#[cfg(c2d_no_std)]
impl Float for f64 {
    #[inline(always)]
    fn sqrt(self) -> f64 {
        libm::sqrt(self)
    }
    #[inline]
    fn hypot(self, other: f64) -> f64 {
        libm::hypot(self, other)
    }
    #[inline]
    fn sin_cos(self) -> (f64, f64) {
        libm::sincos(self)
    }
    #[inline]
    fn rem_euclid(self, rhs: f64) -> f64 {
        let r = self % rhs;
        if r < 0.0 {
            r + rhs.abs()
        } else {
            r
        }
    }
}
