//! The contact manifold of two flat-sided shapes.

use super::Vec2;

/// Up to two contact points of two strictly overlapping flat-sided shapes (`c2d_manifold`), as a
/// box resting on the ground or on another box needs them; laid out as cute_c2's `c2Manifold`.
///
/// `count` is 0 when the shapes do not overlap strictly, else 1 or 2; only the first `count`
/// entries of `depth` and `point` are set. `normal` is the unit minimum translation direction
/// from the first shape to the second, the one the matching `c2d_collide_*` gives. Each `point`
/// lies on the boundary of one shape and inside the other (within rounding), `depth[i] > 0`
/// being how far it lies below the other shape's face.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Manifold {
    /// How many points are set: 0, 1 or 2.
    pub count: i32,
    /// Penetration depth at each point, along `normal` (> 0).
    pub depth: [f32; 2],
    /// The contact points.
    pub point: [Vec2; 2],
    /// Unit vector from the first shape toward the second.
    pub normal: Vec2,
}
