//! The value types shared by the Rust API and the C ABI: the f32 shapes here, the int32 ones
//! (`integer.rs`), convex polygons and capsules (`poly.rs`), and the f64 values of a world
//! (`double.rs`, with the exact edges of a rect).
//!
//! Every type here is a plain `#[repr(C)]` `Copy` struct: the C header declares the same layout
//! (`c2d_vec2`, `c2d_rect`, ...), so values cross the boundary without conversion.

mod double;
mod frame;
mod integer;
mod manifold;
mod poly;

pub(crate) use double::{next_down, next_up, Edge, Edges};
pub use double::{CircleD, HitD, RectD, SegmentD, Vec2D};
pub use integer::{CircleI, RectI};
pub use manifold::Manifold;
pub(crate) use poly::gift_wrap;
pub use poly::{Capsule, Poly, PolyError, POLY_MAX};

use crate::platform::sin_cos;
#[cfg(c2d_no_std)]
use crate::platform::Float;
pub(crate) use frame::{direction, dot, ordered, sub, Aabb, Frame, P, ZERO};

/// A point or a vector (`c2d_vec2`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec2 {
    /// Horizontal coordinate.
    pub x: f32,
    /// Vertical coordinate (up or down: the library does not care).
    pub y: f32,
}

/// An axis-aligned box spanning `x..x+w` and `y..y+h` (`c2d_rect`).
///
/// Works unchanged in y-down screen coordinates (`x, y` = top-left corner) and y-up coordinates
/// (`x, y` = bottom-left corner). A negative `w` or `h` spans the other way (`x+w..x`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Corner x (left edge when `w >= 0`).
    pub x: f32,
    /// Corner y (top edge in y-down screens, bottom edge in y-up worlds, when `h >= 0`).
    pub y: f32,
    /// Width; negative spans `x+w..x`.
    pub w: f32,
    /// Height; negative spans `y+h..y`.
    pub h: f32,
}

/// A circle: centre and radius (`c2d_circle`).
///
/// `r < 0` is an empty shape (it never overlaps or touches anything); `r == 0` is a point (it can
/// touch, never overlap strictly).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Circle {
    /// Centre x.
    pub x: f32,
    /// Centre y.
    pub y: f32,
    /// Radius; `< 0` is empty, `0` a point.
    pub r: f32,
}

/// A rotation stored as cosine and sine (`c2d_rot`), counter-clockwise in y-up terms.
///
/// Unit length is expected; a rotation that is off by more than 1e-6 is normalised before use,
/// `(0, 0)` is read as no rotation, and a non-finite one makes every answer "no".
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rot {
    /// Cosine of the angle.
    pub c: f32,
    /// Sine of the angle.
    pub s: f32,
}

impl Default for Rot {
    fn default() -> Self {
        Rot::identity()
    }
}

/// An oriented box (`c2d_obb`): half extents along its own axes, rotated by `rot` about `center`.
///
/// Negative half extents are read as their absolute values.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Obb {
    /// Centre of the box.
    pub center: Vec2,
    /// Half width and half height along the box's own axes.
    pub half: Vec2,
    /// Rotation about the centre, counter-clockwise in y-up terms.
    pub rot: Rot,
}

/// A closed line segment from `a` to `b` (`c2d_segment`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Segment {
    /// First end point.
    pub a: Vec2,
    /// Second end point.
    pub b: Vec2,
}

/// The minimum translation between two strictly overlapping shapes (`c2d_contact`).
///
/// `normal` is a unit vector pointing from the first shape to the second; moving the first shape
/// by `-normal * depth` leaves the two touching, not overlapping; `point` lies inside both.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Contact {
    /// Unit vector from the first shape toward the second.
    pub normal: Vec2,
    /// Penetration depth along `normal` (> 0).
    pub depth: f32,
    /// A point inside both shapes.
    pub point: Vec2,
}

/// The first contact of a moving shape (`c2d_hit`).
///
/// `t` in `[0, 1]` is the fraction of the motion at first contact; `normal` is the unit outward
/// normal of the surface hit (pointing from the target toward the mover); `point` is a contact
/// point at `t`; `pos` is the mover's position (rect `x, y` or circle centre) at `t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Hit {
    /// Fraction of the motion at first contact, in `[0, 1]`.
    pub t: f32,
    /// Unit outward normal of the surface hit (from the target toward the mover).
    pub normal: Vec2,
    /// A contact point at `t`.
    pub point: Vec2,
    /// The mover's position (rect `x, y` or circle centre) at `t`.
    pub pos: Vec2,
}

impl Vec2 {
    /// A value from its fields.
    pub const fn new(x: f32, y: f32) -> Self {
        Vec2 { x, y }
    }

    pub(crate) fn from_f64(x: f64, y: f64) -> Self {
        Vec2 {
            x: x as f32,
            y: y as f32,
        }
    }

    pub(crate) fn wide(self) -> (f64, f64) {
        (self.x as f64, self.y as f64)
    }
}

impl Rect {
    /// A value from its fields.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Rect { x, y, w, h }
    }

    /// The box's extent as `min..max` per axis, in f64 (exact for every f32 input on the grid
    /// domain). A NaN anywhere stays NaN, so every comparison made with it is false.
    pub(crate) fn aabb(self) -> Aabb {
        self.aabb_at((self.x as f64, self.y as f64))
    }

    /// [`Rect::aabb`] of this rect's size with its `x, y` at `(x0, y0)` (a position f32 may
    /// not hold).
    pub(crate) fn aabb_at(self, (x0, y0): P) -> Aabb {
        let (x1, y1) = (x0 + self.w as f64, y0 + self.h as f64);
        let ((min_x, max_x), (min_y, max_y)) = (ordered(x0, x1), ordered(y0, y1));
        Aabb {
            min_x,
            min_y,
            max_x,
            max_y,
        }
    }

    /// The same box with non-negative width and height.
    pub fn normalized(self) -> Rect {
        let (x, w) = if self.w < 0.0 {
            (self.x + self.w, -self.w)
        } else {
            (self.x, self.w)
        };
        let (y, h) = if self.h < 0.0 {
            (self.y + self.h, -self.h)
        } else {
            (self.y, self.h)
        };
        Rect { x, y, w, h }
    }
}

impl Circle {
    /// A value from its fields.
    pub const fn new(x: f32, y: f32, r: f32) -> Self {
        Circle { x, y, r }
    }

    /// The centre as a point.
    pub fn center(self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }
}

impl Rot {
    /// No rotation.
    pub const fn identity() -> Rot {
        Rot { c: 1.0, s: 0.0 }
    }

    /// A rotation by `deg` degrees, counter-clockwise in y-up terms. Multiples of 90° give exact
    /// `0`/`±1` components, so boxes rotated by them keep exact answers. The angle is reduced to
    /// a quarter turn and a remainder within ±45° exactly, before any rounding, so the same angle
    /// gives the same bits on every target, and angles a whole turn apart give the same rotation.
    pub fn from_degrees(deg: f32) -> Rot {
        if !deg.is_finite() {
            return Rot {
                c: f32::NAN,
                s: f32::NAN,
            };
        }
        // Both steps are exact: `%` always is, and `rest` is a multiple of the larger of the
        // ulps of `turn` and 90 (at least 2^-18 when a quarter is taken off), below 2^6.
        let turn = deg as f64 % 360.0;
        let quarters = (turn / 90.0 + 0.5).floor();
        let rest = turn - quarters * 90.0;
        let (s, c) = if rest == 0.0 {
            (0.0, 1.0)
        } else {
            sin_cos(rest * (core::f64::consts::PI / 180.0))
        };
        let (s, c) = match (quarters as i32).rem_euclid(4) {
            0 => (s, c),
            1 => (c, -s),
            2 => (-s, -c),
            _ => (-c, s),
        };
        // `+ 0.0` makes a zero component +0 whatever the quadrant.
        Rot {
            c: c as f32 + 0.0,
            s: s as f32 + 0.0,
        }
    }

    /// A rotation by `rad` radians, counter-clockwise in y-up terms; the same bits on every
    /// target.
    pub fn from_radians(rad: f32) -> Rot {
        let (s, c) = sin_cos(rad as f64);
        Rot {
            c: c as f32,
            s: s as f32,
        }
    }
}

impl Obb {
    /// A value from its fields.
    pub const fn new(center: Vec2, half: Vec2, rot: Rot) -> Self {
        Obb { center, half, rot }
    }

    /// The cocos2d-x rotated rect: `r`'s corner `(x, y)` is the pivot and the box is turned
    /// counter-clockwise by `angle_deg` about it, so its centre is `(x, y) + R·(w/2, h/2)`.
    pub fn from_rect(r: Rect, angle_deg: f32) -> Obb {
        let rot = Rot::from_degrees(angle_deg);
        let (c, s) = (rot.c as f64, rot.s as f64);
        let (hx, hy) = (r.w as f64 * 0.5, r.h as f64 * 0.5);
        let center = Vec2::from_f64(r.x as f64 + c * hx - s * hy, r.y as f64 + s * hx + c * hy);
        Obb {
            center,
            half: Vec2::new((r.w * 0.5).abs(), (r.h * 0.5).abs()),
            rot,
        }
    }
}

impl Segment {
    /// A value from its fields.
    pub const fn new(a: Vec2, b: Vec2) -> Self {
        Segment { a, b }
    }
}
