//! The narrow phase: predicates, contacts, closest points and distances.
//!
//! Names follow `[operation]_[shape1]_[shape2]`, arguments in the order of the name, matching the
//! C functions `c2d_[operation]_[shape1]_[shape2]`. Two boundary flavours exist for every boolean
//! pair: `overlap_*` is strict (exactly touching is not a collision) and `touch_*` is closed
//! (touching counts). Both share one body parameterised by the flavour.
//!
//! The double-precision kernels that the world and [`move_rect`](crate::move_rect) share are
//! here too: exact predicates on the f64 values' edges (`double.rs`), touching as the game means
//! it (`band.rs`), the collision of a moving rect with another (`detect.rs`) and the f64
//! polygon kernel, a rect against a convex polygon (`poly_double.rs`).

pub(crate) mod band;
mod batch;
mod closest;
mod contact;
pub(crate) mod detect;
pub(crate) mod double;
mod integer;
mod overlap;
mod poly;
mod poly_contact;
pub(crate) mod poly_double;
mod poly_sweep;
mod raycast;
mod sat;
mod segment;
pub(crate) mod sweep;
mod sweep_exact;

pub use batch::*;
pub use closest::*;
pub use contact::*;
pub use integer::*;
pub use overlap::*;
pub(crate) use poly::Convex;
pub use poly::*;
pub use poly_contact::*;
pub use poly_sweep::{
    sweep_capsule_capsule, sweep_capsule_circle, sweep_capsule_poly, sweep_capsule_rect,
    sweep_circle_capsule, sweep_circle_poly, sweep_poly_capsule, sweep_poly_circle,
    sweep_poly_poly, sweep_poly_rect, sweep_rect_capsule, sweep_rect_poly,
};
pub use raycast::*;
pub use segment::*;
pub use sweep::{
    sweep_circle_circle, sweep_circle_obb, sweep_circle_rect, sweep_rect_circle, sweep_rect_obb,
    sweep_rect_rect,
};

/// `a < b` for the strict flavour, `a <= b` for the closed one.
#[inline(always)]
pub(crate) fn below<const CLOSED: bool>(a: f64, b: f64) -> bool {
    if CLOSED {
        a <= b
    } else {
        a < b
    }
}

/// Both flavours of a predicate from one body generic over the flavour.
macro_rules! flavours {
    ($(#[$doc:meta])* $overlap:ident, $touch:ident, $body:ident($($arg:ident: $ty:ty),*)) => {
        $(#[$doc])*
        /// Strict: touching is not overlapping.
        #[inline]
        pub fn $overlap($($arg: $ty),*) -> bool {
            $body::<false>($($arg),*)
        }
        $(#[$doc])*
        /// Closed: touching counts.
        #[inline]
        pub fn $touch($($arg: $ty),*) -> bool {
            $body::<true>($($arg),*)
        }
    };
}
pub(crate) use flavours;
