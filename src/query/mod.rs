//! The narrow phase: predicates, contacts, manifolds, distances, sweeps and ray casts.
//!
//! Names follow `[operation]_[shape1]_[shape2]`, arguments in the order of the name, matching the
//! C functions `c2d_[operation]_[shape1]_[shape2]`. Two boundary flavours exist for every boolean
//! pair: `overlap_*` is strict (exactly touching is not a collision) and `touch_*` is closed
//! (touching counts). Both call one body generic over the flavour.
//!
//! Where each operation lives (rects, circles, boxes, points and segments; then polygons and
//! capsules):
//!
//! | operation | rects, circles, boxes | polygons, capsules |
//! | --- | --- | --- |
//! | `overlap_*`, `touch_*` | `overlap.rs` (box axes: `sat.rs`), `integer.rs` | `poly.rs` |
//! | `intersect_segment_*` | `segment.rs` | `poly.rs` |
//! | `collide_*`, `intersection_rect` | `contact.rs` | `poly_contact.rs` |
//! | `manifold_*` | `poly_contact.rs` | `poly_contact.rs` |
//! | `closest_point_*`, `distance_*` | `closest.rs` | `closest.rs` |
//! | `sweep_*` | `sweep.rs` (exact slabs: `sweep_exact.rs`) | `poly_sweep.rs` |
//! | `raycast_*` | `raycast.rs` | `raycast.rs` |
//! | `*_rects`, `*_circles` (many items) | `batch.rs` | |
//!
//! The numeric helpers every kernel shares (a moving shape's f32 position, settling a time
//! until it is clear) are `math.rs`.
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
pub(crate) mod math;
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
