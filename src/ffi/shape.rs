use super::guard;
use crate::shape::{Obb, Rect, Rot};

/// A rotation of `deg` degrees, counter-clockwise in y-up terms (clockwise on a y-down screen).
/// Multiples of 90 give exact 0/±1 components. A non-finite angle gives a NaN rotation, which
/// makes every predicate using it false.
#[no_mangle]
pub extern "C" fn c2d_rot_from_degrees(deg: f32) -> Rot {
    guard(Rot::identity(), || Rot::from_degrees(deg))
}

/// A rotation of `rad` radians, counter-clockwise in y-up terms. A non-finite angle gives a NaN
/// rotation.
#[no_mangle]
pub extern "C" fn c2d_rot_from_radians(rad: f32) -> Rot {
    guard(Rot::identity(), || Rot::from_radians(rad))
}

/// The cocos2d-x rotated rect: `r`'s corner `(x, y)` is the pivot, and the box is rotated
/// counter-clockwise (y-up) by `angle_deg` degrees about it. Its centre is
/// `(x, y) + R·(w/2, h/2)`, its half extents `|w|/2, |h|/2`.
#[no_mangle]
pub extern "C" fn c2d_obb_from_rect(r: Rect, angle_deg: f32) -> Obb {
    guard(Obb::default(), || Obb::from_rect(r, angle_deg))
}
