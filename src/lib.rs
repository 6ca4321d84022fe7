//! collide2d: exact 2D collision detection with a stable C ABI for legacy game engines.
//!
//! The Rust API and the C ABI share the same `#[repr(C)]` value types ([`Vec2`], [`Rect`],
//! [`Circle`], [`Obb`], [`Segment`], [`Poly`] (convex, built by [`Poly::hull`]), [`Capsule`],
//! [`RectI`], [`CircleI`], [`Contact`], [`Hit`]). Queries are
//! named `[operation]_[shape1]_[shape2]`:
//!
//! * `overlap_*`: strict — shapes that only touch do not overlap (a platformer's `rect_to_rect`, raylib).
//! * `touch_*`: closed — touching counts (cocos2d-x's `rectIntersectsRect`).
//! * `intersect_segment_*`: closed segments.
//! * `collide_*`: strict overlap plus the minimum translation ([`Contact`]).
//! * `closest_point_*`, `distance_*`, [`intersection_rect`].
//! * `sweep_*`: continuous collision, the first moment a moving shape overlaps strictly
//!   ([`Hit`]); `raycast_*`: a segment against a closed shape.
//! * [`move_rect`] (bump.lua's [`Response`]s) and [`move_recti`] (the integer engine's move).
//!
//! On the grid domain (every value a multiple of 1/256 with magnitude at most 16384) every rect,
//! circle, point, segment, polygon, capsule and integer predicate answers exactly as real-number
//! arithmetic would.
//!
//! ```
//! use collide2d::{overlap_rect_rect, touch_rect_rect, Rect};
//!
//! let a = Rect::new(0.0, 0.0, 32.0, 32.0);
//! let b = Rect::new(32.0, 0.0, 32.0, 32.0); // flush against a's right side
//! assert!(!overlap_rect_rect(a, b));
//! assert!(touch_rect_rect(a, b));
//! ```
#![cfg_attr(c2d_no_std, no_std)]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]
#![allow(clippy::missing_safety_doc)]

extern crate alloc;
// Without std, `std::` paths name core's items (`std::mem`, `std::ptr`, `std::ffi`, ...).
#[cfg(c2d_no_std)]
extern crate core as std;

mod exact;
pub mod ffi;
mod platform;
pub mod query;
pub mod response;
mod shape;
mod sort;
#[cfg(test)]
mod testing;
pub mod world;

pub use query::*;
pub use response::{move_rect, move_recti, MoveInfo, Response};
pub use shape::{
    Capsule, Circle, CircleI, Contact, Hit, Manifold, Obb, Poly, PolyError, Rect, RectI, Rot,
    Segment, Vec2, POLY_MAX,
};

/// The library version as `major << 16 | minor << 8 | patch`, from the crate's version.
pub const fn version() -> u32 {
    (parse(env!("CARGO_PKG_VERSION_MAJOR")) << 16)
        | (parse(env!("CARGO_PKG_VERSION_MINOR")) << 8)
        | parse(env!("CARGO_PKG_VERSION_PATCH"))
}

const fn parse(s: &str) -> u32 {
    let bytes = s.as_bytes();
    let (mut i, mut v) = (0, 0u32);
    while i < bytes.len() {
        v = v * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    v
}
