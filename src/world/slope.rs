//! Convex polygon items — slope tiles and props — met by rect movers.
//!
//! An item made a polygon keeps its rect as its bounding box (the broad phase, queries by shape
//! and pairs work on that box); moves, the kit's ground state, fitting and pushing out meet the
//! polygon itself.
//!
//! This file holds the items' shapes, their storage and the functions that set them; the
//! geometry of a rect against a polygon is the f64 polygon kernel, `query/poly_double.rs`.

use super::{World, WorldError};
use crate::query::poly_double::{cover, hull};
use crate::query::Convex;
use crate::shape::{PolyError, RectD, Vec2D, P, POLY_MAX};

/// The shape of an item that is not a plain rect.
// Kept boxed as a whole (one pointer per slot), so the sizes of its variants do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Shape {
    /// A right triangle filling half of the item's rect, the right angle at corner `c`: bit 0
    /// set for the high-x side, bit 1 for the high-y side.
    Slope(u8),
    /// A convex polygon in world coordinates; the item's rect is its bounding box.
    Poly(Convex),
}

impl Shape {
    /// The polygon of an item with this shape and rect.
    pub fn convex(&self, rect: RectD) -> Convex {
        match *self {
            Shape::Poly(c) => c,
            Shape::Slope(corner) => slope(rect, corner),
        }
    }
}

/// The right triangle of rect `r` with its right angle at `corner`, counter-clockwise (y-up);
/// its vertices are the rect's corners rounded to f64.
pub(crate) fn slope(r: RectD, corner: u8) -> Convex {
    let e = r.edges();
    let (x0, x1, y0, y1) = (e.lo[0].hi, e.hi[0].hi, e.lo[1].hi, e.hi[1].hi);
    let quad = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
    let right = match corner & 3 {
        0 => 0,
        1 => 1,
        3 => 2,
        _ => 3,
    };
    let tri = [1, 2, 3].map(|k| quad[(right + 2 + k) % 4]);
    Convex::of_ccw(&tri).unwrap_or_else(|| unreachable_convex(tri[0]))
}

/// A point polygon (never reached: three vertices always make one).
fn unreachable_convex(p: P) -> Convex {
    Convex::of_ccw(&[p, p, p]).unwrap_or_else(|| unreachable_convex(p))
}

/// The right angle of a slope tile at its rect's low-x, low-y corner (`C2D_SLOPE_X0Y0`).
pub const SLOPE_X0Y0: u32 = 0;
/// The right angle at the high-x, low-y corner.
pub const SLOPE_X1Y0: u32 = 1;
/// The right angle at the low-x, high-y corner.
pub const SLOPE_X0Y1: u32 = 2;
/// The right angle at the high-x, high-y corner (on a y-down screen, a floor ramp rising to
/// the right).
pub const SLOPE_X1Y1: u32 = 3;

/// Why an item could not be given a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A NaN or infinite point, or a corner outside `0..=3`.
    Invalid,
    /// A handle that names no live item of this world.
    Stale,
    /// Fewer than three points not on one line (a slope in a rect of zero width or height).
    Degenerate,
    /// The hull has more than 8 vertices.
    TooMany,
}

impl From<PolyError> for ShapeError {
    fn from(e: PolyError) -> Self {
        match e {
            PolyError::NotFinite => ShapeError::Invalid,
            PolyError::Degenerate => ShapeError::Degenerate,
            PolyError::TooMany => ShapeError::TooMany,
        }
    }
}

impl From<WorldError> for ShapeError {
    fn from(e: WorldError) -> Self {
        match e {
            WorldError::Stale => ShapeError::Stale,
            _ => ShapeError::Invalid,
        }
    }
}

impl World {
    /// Makes item `id` a slope tile: the right triangle filling half of its rect with the right
    /// angle at `corner` (`SLOPE_X0Y0`...), whose slanted face joins the two corners beside it.
    /// The triangle follows the rect through updates and moves.
    pub fn set_slope(&mut self, id: u64, corner: u32) -> Result<(), ShapeError> {
        let s = self.slot(id)? as usize;
        if corner > 3 {
            return Err(ShapeError::Invalid);
        }
        let (b, _) = self.rects[s].bounds();
        if b.max_x == b.min_x || b.max_y == b.min_y {
            return Err(ShapeError::Degenerate);
        }
        self.set_shape(s, Some(Shape::Slope(corner as u8)));
        Ok(())
    }

    /// Makes item `id` the convex hull of `points` (world coordinates, any order; repeated
    /// points and points on edges dropped); its rect becomes the hull's bounding box. Updating
    /// the item moves the polygon by the corner's displacement (rounded to f64), and the rect
    /// stays its bounding box (the size given is not used).
    pub fn set_shape_d(&mut self, id: u64, points: &[Vec2D]) -> Result<(), ShapeError> {
        let s = self.slot(id)? as usize;
        let c = hull(points)?;
        let cover = cover(&c);
        if !cover.finite() {
            return Err(ShapeError::Invalid);
        }
        self.update_d(id, cover)?;
        self.set_shape(s, Some(Shape::Poly(c)));
        Ok(())
    }

    /// Makes item `id` a plain rect again (its rect unchanged).
    pub fn clear_shape(&mut self, id: u64) -> Result<(), WorldError> {
        let s = self.slot(id)? as usize;
        self.set_shape(s, None);
        Ok(())
    }

    /// The vertices of item `id`'s polygon, counter-clockwise in y-up terms (clockwise on a
    /// y-down screen), copied into `out` (at most its length); answers how many there are, 0
    /// for a plain rect item.
    pub fn shape_d(&self, id: u64, out: &mut [Vec2D]) -> Result<usize, WorldError> {
        let s = self.slot(id)? as usize;
        Ok(match self.convex_at(s) {
            None => 0,
            Some(c) => super::fill(out, c.verts().iter().map(|&(x, y)| Vec2D::new(x, y))),
        })
    }

    fn set_shape(&mut self, s: usize, shape: Option<Shape>) {
        let before = self.shapes[s].is_some();
        self.shaped = self.shaped + shape.is_some() as usize - before as usize;
        self.shapes[s] = shape.map(alloc::boxed::Box::new);
        self.changes += 1;
    }

    /// The polygon of the item in slot `s`, `None` for a plain rect.
    pub(crate) fn convex_at(&self, s: usize) -> Option<Convex> {
        self.shapes[s].as_ref().map(|sh| sh.convex(self.rects[s]))
    }

    /// The polygon of item `id`, `None` for a plain rect or a stale handle.
    pub(crate) fn convex_of(&self, id: u64) -> Option<Convex> {
        if self.shaped == 0 {
            return None;
        }
        self.slot(id).ok().and_then(|s| self.convex_at(s as usize))
    }

    /// What a polygon item becomes when updated to `rect`: its polygon moved by the corner's
    /// displacement, and the box of that (`None` for a slope or a plain rect, which keep
    /// `rect`).
    pub(crate) fn reshape(&self, s: usize, rect: RectD) -> Option<(RectD, Convex)> {
        let Some(Shape::Poly(c)) = self.shapes[s].as_deref().copied() else {
            return None;
        };
        let old = self.rects[s];
        let (dx, dy) = (rect.x - old.x, rect.y - old.y);
        let mut vs: [P; POLY_MAX] = [(0.0, 0.0); POLY_MAX];
        let n = c.verts().len();
        for (v, &(x, y)) in vs.iter_mut().zip(c.verts()) {
            *v = (x + dx, y + dy);
        }
        let moved = Convex::of_ccw(&vs[..n])?;
        Some((cover(&moved), moved))
    }

    /// Stores the polygon a [`World::reshape`] made.
    pub(crate) fn keep_shape(&mut self, s: usize, c: Convex) {
        self.shapes[s] = Some(alloc::boxed::Box::new(Shape::Poly(c)));
    }
}
