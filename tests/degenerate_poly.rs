//! Polygons put together by hand with zero area: every corner one point, every corner on one
//! line, or a proper square placed so far out (1e30) that f32 rounds its corners to one point.
//! Such a polygon is no shape, as one whose `count` is outside 3..=8: it overlaps and touches
//! nothing (near or far), sweeps against it or of it miss and leave the mover at its goal, and
//! contacts, manifolds, ray casts and distances report nothing. A tiny triangle that keeps its
//! area is still a shape.
//!
//! Everything goes through the C functions (`collide2d::ffi`), as a game calls them.

use collide2d::ffi::*;
use collide2d::*;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn poly(vs: &[Vec2]) -> Poly {
    let mut p = Poly::default();
    p.verts[..vs.len()].copy_from_slice(vs);
    p.count = vs.len() as i32;
    p
}

/// A square `side` wide with its lower left corner at `(x, y)`, counter-clockwise.
fn square(x: f32, y: f32, side: f32) -> Poly {
    poly(&[
        v(x, y),
        v(x + side, y),
        v(x + side, y + side),
        v(x, y + side),
    ])
}

/// Another shape, of every kind a polygon meets.
#[derive(Clone, Copy, Debug)]
enum Other {
    Rect(Rect),
    Circle(Circle),
    Capsule(Capsule),
    Poly(Poly),
}

impl Other {
    fn moved(self, d: Vec2) -> Other {
        let m = |p: Vec2| v(p.x + d.x, p.y + d.y);
        match self {
            Other::Rect(r) => Other::Rect(Rect::new(r.x + d.x, r.y + d.y, r.w, r.h)),
            Other::Circle(c) => Other::Circle(Circle::new(c.x + d.x, c.y + d.y, c.r)),
            Other::Capsule(k) => Other::Capsule(Capsule::new(m(k.a), m(k.b), k.r)),
            Other::Poly(mut p) => {
                for w in p.verts.iter_mut() {
                    *w = m(*w);
                }
                Other::Poly(p)
            }
        }
    }

    fn centre(self) -> Vec2 {
        match self {
            Other::Rect(r) => v(r.x + r.w / 2.0, r.y + r.h / 2.0),
            Other::Circle(c) => v(c.x, c.y),
            Other::Capsule(k) => v((k.a.x + k.b.x) / 2.0, (k.a.y + k.b.y) / 2.0),
            Other::Poly(p) => p.verts[0],
        }
    }

    /// Strict overlap with the polygon `p`.
    fn overlaps(self, p: Poly) -> bool {
        match self {
            Other::Rect(r) => c2d_overlap_rect_poly(r, p),
            Other::Circle(c) => c2d_overlap_poly_circle(p, c),
            Other::Capsule(k) => c2d_overlap_poly_capsule(p, k),
            Other::Poly(q) => c2d_overlap_poly_poly(q, p) || c2d_overlap_poly_poly(p, q),
        }
    }

    /// Closed test with the polygon `p`.
    fn touches(self, p: Poly) -> bool {
        match self {
            Other::Rect(r) => c2d_touch_rect_poly(r, p),
            Other::Circle(c) => c2d_touch_poly_circle(p, c),
            Other::Capsule(k) => c2d_touch_poly_capsule(p, k),
            Other::Poly(q) => c2d_touch_poly_poly(q, p) || c2d_touch_poly_poly(p, q),
        }
    }

    /// The contact (and manifold, where there is one) with the polygon `p`: whether any
    /// reports one.
    fn contacts(self, p: Poly) -> bool {
        let mut c = Contact::default();
        let mut m = Manifold::default();
        // SAFETY: every out pointer is a live local.
        unsafe {
            match self {
                Other::Rect(r) => {
                    c2d_collide_rect_poly(r, p, &mut c)
                        | c2d_manifold_rect_poly(r, p, &mut m)
                        | (m.count != 0)
                }
                Other::Circle(k) => c2d_collide_poly_circle(p, k, &mut c),
                Other::Capsule(k) => c2d_collide_poly_capsule(p, k, &mut c),
                Other::Poly(q) => {
                    let mut m2 = Manifold::default();
                    c2d_collide_poly_poly(q, p, &mut c)
                        | c2d_collide_poly_poly(p, q, &mut c)
                        | c2d_manifold_poly_poly(q, p, &mut m)
                        | c2d_manifold_poly_poly(p, q, &mut m2)
                        | (m.count != 0)
                        | (m2.count != 0)
                }
            }
        }
    }

    /// The distance to the polygon `p`.
    fn distance(self, p: Poly) -> f32 {
        match self {
            Other::Rect(r) => c2d_distance_rect_poly(r, p),
            Other::Circle(c) => c2d_distance_poly_circle(p, c),
            Other::Capsule(k) => c2d_distance_poly_capsule(p, k),
            Other::Poly(q) => c2d_distance_poly_poly(q, p),
        }
    }

    /// This shape moving by `d` against the still polygon `p`: whether the sweep hits.
    fn sweep_into(self, d: Vec2, p: Poly) -> bool {
        let mut h = Hit::default();
        // SAFETY: `h` is a live local.
        unsafe {
            match self {
                Other::Rect(r) => c2d_sweep_rect_poly(r, d, p, &mut h),
                Other::Circle(c) => c2d_sweep_circle_poly(c, d, p, &mut h),
                Other::Capsule(k) => c2d_sweep_capsule_poly(k, d, p, &mut h),
                Other::Poly(q) => c2d_sweep_poly_poly(q, d, p, &mut h),
            }
        }
    }

    /// The polygon `p` moving by `d` against this still shape: whether the sweep hits.
    fn swept_by(self, p: Poly, d: Vec2) -> bool {
        let mut h = Hit::default();
        // SAFETY: `h` is a live local.
        unsafe {
            match self {
                Other::Rect(r) => c2d_sweep_poly_rect(p, d, r, &mut h),
                Other::Circle(c) => c2d_sweep_poly_circle(p, d, c, &mut h),
                Other::Capsule(k) => c2d_sweep_poly_capsule(p, d, k, &mut h),
                Other::Poly(q) => c2d_sweep_poly_poly(p, d, q, &mut h),
            }
        }
    }
}

fn moved(p: Poly, d: Vec2) -> Poly {
    let mut out = p;
    for w in out.verts.iter_mut() {
        *w = v(w.x + d.x, w.y + d.y);
    }
    out
}

/// One shape of each kind about the point `c`, each some `size` across.
fn every_kind_at(c: Vec2, size: f32) -> [Other; 4] {
    let h = size / 2.0;
    [
        Other::Rect(Rect::new(c.x - h, c.y - h, size, size)),
        Other::Circle(Circle::new(c.x, c.y, h)),
        Other::Capsule(Capsule::new(v(c.x - h, c.y), v(c.x + h, c.y), h)),
        Other::Poly(poly(&[
            v(c.x - h, c.y - h),
            v(c.x + h, c.y - h),
            v(c.x + h, c.y + h),
            v(c.x - h, c.y + h),
        ])),
    ]
}

/// Checks that `p` is no shape against every shape of `others`: no overlap or touch, no contact
/// or manifold, an infinite distance, sweeps (either one moving, across `p` and back) that miss
/// with the mover clear at its goal, and no point, segment or ray meeting it.
fn assert_no_shape(what: &str, p: Poly, others: &[Other]) {
    for &o in others {
        assert!(!o.overlaps(p), "{what}: overlaps {o:?}");
        assert!(!o.touches(p), "{what}: touches {o:?}");
        assert!(!o.contacts(p), "{what}: a contact with {o:?}");
        assert_eq!(o.distance(p), f32::INFINITY, "{what}: distance to {o:?}");
        // Sweeps through the polygon's place: each mover goes from its side to the other.
        let c = o.centre();
        let (to, from) = (
            v(p.verts[0].x - c.x, p.verts[0].y - c.y),
            v(c.x - p.verts[0].x, c.y - p.verts[0].y),
        );
        for d in [v(2.0 * to.x, 2.0 * to.y), to, v(0.0, 0.0), v(37.0, -11.0)] {
            assert!(!o.sweep_into(d, p), "{what}: {o:?} moving by {d:?} hits it");
            assert!(!o.moved(d).overlaps(p), "{what}: {o:?} at its goal {d:?}");
        }
        for d in [
            v(2.0 * from.x, 2.0 * from.y),
            from,
            v(0.0, 0.0),
            v(-5.0, 9.0),
        ] {
            assert!(!o.swept_by(p, d), "{what}: moving by {d:?} hits {o:?}");
            assert!(
                !o.overlaps(moved(p, d)),
                "{what}: at its goal {d:?} on {o:?}"
            );
        }
    }
    // Points, segments and rays through its corners.
    let mut hit = Hit::default();
    for &w in &p.verts[..p.count as usize] {
        assert!(!c2d_overlap_point_poly(w, p), "{what}: holds its corner");
        assert!(!c2d_touch_point_poly(w, p), "{what}: touches its corner");
        let s = Segment::new(v(w.x - 50.0, w.y - 30.0), v(w.x + 50.0, w.y + 30.0));
        assert!(!c2d_intersect_segment_poly(s, p), "{what}: meets a segment");
        // SAFETY: `hit` is a live local.
        let ray = unsafe { c2d_raycast_poly(s.a, v(100.0, 60.0), p, &mut hit) };
        assert!(!ray, "{what}: a ray through a corner hits it");
        let obb = c2d_obb_from_rect(Rect::new(w.x - 3.0, w.y - 3.0, 6.0, 6.0), 30.0);
        assert!(!c2d_overlap_obb_poly(obb, p) && !c2d_touch_obb_poly(obb, p));
        let mut c = Contact::default();
        let mut m = Manifold::default();
        // SAFETY: live locals.
        let (hit_c, hit_m) = unsafe {
            (
                c2d_collide_obb_poly(obb, p, &mut c),
                c2d_manifold_obb_poly(obb, p, &mut m),
            )
        };
        assert!(!hit_c && !hit_m && m.count == 0, "{what}: a box contact");
        assert_eq!(c2d_distance_obb_poly(obb, p), f32::INFINITY);
    }
}

/// Shapes covering the polygon's corners, and shapes far along its line (where the polygon's
/// missing axis once let them through).
fn near_and_far(p: Poly, along: Vec2) -> Vec<Other> {
    let c = p.verts[0];
    let mut out = Vec::new();
    out.extend(every_kind_at(c, 60.0));
    for k in [300.0, -300.0, 5000.0] {
        out.extend(every_kind_at(v(c.x + k * along.x, c.y + k * along.y), 8.0));
    }
    out
}

#[test]
fn a_polygon_whose_corners_are_all_one_point_overlaps_nothing() {
    for n in [3, 5, 8] {
        let p = poly(&[v(5.0, 5.0); 8][..n]);
        assert_no_shape("a point polygon", p, &near_and_far(p, v(1.0, 0.0)));
        assert_no_shape("a point polygon", p, &near_and_far(p, v(0.0, 1.0)));
    }
}

#[test]
fn a_polygon_of_three_corners_on_one_line_overlaps_nothing() {
    let line = poly(&[v(0.0, 0.0), v(10.0, 0.0), v(20.0, 0.0)]);
    assert_no_shape(
        "three corners on y = 0",
        line,
        &near_and_far(line, v(1.0, 0.0)),
    );
    // Slanted, the corners out of order and one repeated.
    let slant = poly(&[v(4.0, 2.0), v(-6.0, -3.0), v(4.0, 2.0)]);
    assert_no_shape(
        "three corners on y = x/2",
        slant,
        &near_and_far(slant, v(2.0, 1.0)),
    );
}

#[test]
fn a_polygon_of_eight_corners_on_one_line_overlaps_nothing() {
    // On y = x/2 + 1, back and forth along it.
    let xs = [0.0, 14.0, 2.0, 8.0, -6.0, 4.0, 10.0, 6.0];
    let vs: Vec<Vec2> = xs.iter().map(|&x| v(x, x / 2.0 + 1.0)).collect();
    let p = poly(&vs);
    assert_no_shape(
        "eight corners on one line",
        p,
        &near_and_far(p, v(2.0, 1.0)),
    );
    // Upright (x = 3), where the line's own direction is y.
    let ys = [0.0, 1.0, 2.5, 4.0, 9.0, 3.0, -2.0, 7.0];
    let vs: Vec<Vec2> = ys.iter().map(|&y| v(3.0, y)).collect();
    let p = poly(&vs);
    assert_no_shape("eight corners on x = 3", p, &near_and_far(p, v(0.0, 1.0)));
}

#[test]
fn a_square_far_out_that_f32_collapses_to_a_point_overlaps_nothing() {
    let p = square(1e30, 1e30, 10.0);
    // f32 has no room for 10 at 1e30: the corners are one point.
    assert!(p.verts[..4].iter().all(|&w| w == v(1e30, 1e30)));
    let far = 1e30f32;
    let mut others = near_and_far(p, v(1.0, 0.0));
    // Shapes of a size f32 can hold there, covering it, and shapes near the origin.
    others.extend(every_kind_at(v(far, far), far / 1e6));
    others.extend(every_kind_at(v(0.0, 0.0), 100.0));
    assert_no_shape("a square collapsed at 1e30", p, &others);
    // Flattened to a line only: 1e30 wide, 10 high.
    let flat = poly(&[
        v(0.0, far),
        v(far, far),
        v(far, far + 10.0),
        v(0.0, far + 10.0),
    ]);
    assert_eq!(
        flat.verts[0].y, flat.verts[3].y,
        "f32 rounds the height away"
    );
    let mut others = near_and_far(flat, v(1.0, 0.0));
    others.extend(every_kind_at(v(far / 2.0, far), far / 1e6));
    assert_no_shape("a strip collapsed to a line at 1e30", flat, &others);
}

#[test]
fn a_tiny_triangle_that_keeps_its_area_still_overlaps_what_it_covers() {
    // Corners a few f32 steps apart: area, if tiny.
    let e = f32::EPSILON;
    let tiny = poly(&[v(1.0, 1.0), v(1.0 + 2.0 * e, 1.0), v(1.0, 1.0 + 2.0 * e)]);
    for o in every_kind_at(v(1.0, 1.0), 2.0) {
        assert!(o.overlaps(tiny), "{o:?}");
        assert!(o.touches(tiny), "{o:?}");
        assert!(o.contacts(tiny), "{o:?}");
        assert_eq!(o.distance(tiny), 0.0, "{o:?}");
    }
    // Far from the origin too, where f32 still holds it: 1 unit at 1e6.
    let far = square(1e6, 1e6, 1.0);
    for o in every_kind_at(v(1e6 + 0.5, 1e6 + 0.5), 4.0) {
        assert!(o.overlaps(far), "{o:?}");
        assert!(o.sweep_into(v(0.0, 0.0), far), "{o:?}");
    }
    // Subnormal corners still have area (the products are exact in f64).
    let s = f32::from_bits(1);
    let sub = poly(&[v(0.0, 0.0), v(4.0 * s, 0.0), v(0.0, 4.0 * s)]);
    assert!(c2d_overlap_rect_poly(Rect::new(-1.0, -1.0, 2.0, 2.0), sub));
    // A square given clockwise is still some shape, as before.
    let cw = poly(&[v(0.0, 0.0), v(0.0, 10.0), v(10.0, 10.0), v(10.0, 0.0)]);
    assert_ne!(
        c2d_distance_rect_poly(Rect::new(2.0, 2.0, 1.0, 1.0), cw),
        f32::INFINITY
    );
}
