//! Integer shapes for integer engines (GameLib-style tile games): exact for every `i32` input.

/// An integer box, with the same meaning as the float one, `Rect` (`c2d_recti`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RectI {
    /// Corner x.
    pub x: i32,
    /// Corner y.
    pub y: i32,
    /// Width; negative spans `x+w..x`.
    pub w: i32,
    /// Height; negative spans `y+h..y`.
    pub h: i32,
}

/// An integer circle (`c2d_circlei`); `r < 0` is empty, `r == 0` a point.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CircleI {
    /// Centre x.
    pub x: i32,
    /// Centre y.
    pub y: i32,
    /// Radius; `< 0` is empty, `0` a point.
    pub r: i32,
}

impl RectI {
    /// A value from its fields.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        RectI { x, y, w, h }
    }

    /// `(min_x, min_y, max_x, max_y)` in i64, negative sizes normalised: never overflows.
    pub(crate) fn span(self) -> (i64, i64, i64, i64) {
        let (x0, y0) = (self.x as i64, self.y as i64);
        let (x1, y1) = (x0 + self.w as i64, y0 + self.h as i64);
        (x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1))
    }
}

impl CircleI {
    /// A value from its fields.
    pub const fn new(x: i32, y: i32, r: i32) -> Self {
        CircleI { x, y, r }
    }
}
