//! A NaN in a box's own fields (not only in the other shape's) makes rect/obb-circle predicates
//! false and closest points NaN: the clamp to the box must not let the point through unchanged.

use collide2d::*;

const NAN: f32 = f32::NAN;

fn rects_with_one_nan() -> Vec<Rect> {
    (0..4)
        .map(|i| {
            let mut f = [0.0, 0.0, 2.0, 2.0];
            f[i] = NAN;
            Rect {
                x: f[0],
                y: f[1],
                w: f[2],
                h: f[3],
            }
        })
        .collect()
}

#[test]
fn nan_rect_field_makes_rect_circle_false_in_both_flavours() {
    let c = Circle {
        x: 1.0,
        y: 1.0,
        r: 1.0,
    };
    for r in rects_with_one_nan() {
        assert!(!overlap_rect_circle(r, c), "{r:?}");
        assert!(!touch_rect_circle(r, c), "{r:?}");
        assert!(collide_rect_circle(r, c).is_none(), "{r:?}");
        assert!(distance_rect_circle(r, c).is_nan(), "{r:?}");
    }
}

#[test]
fn nan_rect_field_gives_nan_closest_point() {
    for r in rects_with_one_nan() {
        let p = closest_point_rect(r, Vec2 { x: 1.0, y: 1.0 });
        assert!(p.x.is_nan() || p.y.is_nan(), "{r:?} -> {p:?}");
    }
}

#[test]
fn nan_obb_half_extent_makes_obb_circle_false() {
    let o = Obb {
        center: Vec2 { x: 0.0, y: 0.0 },
        half: Vec2 { x: NAN, y: 1.0 },
        rot: Rot { c: 1.0, s: 0.0 },
    };
    let c = Circle {
        x: 0.0,
        y: 0.0,
        r: 1.0,
    };
    assert!(!overlap_obb_circle(o, c));
    assert!(!touch_obb_circle(o, c));
}
