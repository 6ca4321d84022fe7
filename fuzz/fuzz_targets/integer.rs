//! The integer predicates on every int32 pattern (extremes, negative sizes and radii) against an
//! i128 model: exact, no overflow, overlap implies touch, symmetric pairs agree both ways.
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::{CircleI, RectI};
use common::Bytes;
use libfuzzer_sys::fuzz_target;

type Span = (i128, i128, i128, i128);

fn span(r: RectI) -> Span {
    let (x0, y0) = (r.x as i128, r.y as i128);
    let (x1, y1) = (x0 + r.w as i128, y0 + r.h as i128);
    (x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1))
}

fn lt(a: i128, b: i128, closed: bool) -> bool {
    if closed {
        a <= b
    } else {
        a < b
    }
}

fn rr(a: RectI, b: RectI, closed: bool) -> bool {
    let (a, b) = (span(a), span(b));
    lt(a.0, b.2, closed) && lt(b.0, a.2, closed) && lt(a.1, b.3, closed) && lt(b.1, a.3, closed)
}

fn rc(a: RectI, c: CircleI, closed: bool) -> bool {
    let s = span(a);
    let (x, y, r) = (c.x as i128, c.y as i128, c.r as i128);
    let dx = x - x.clamp(s.0, s.2);
    let dy = y - y.clamp(s.1, s.3);
    r >= 0 && lt(dx * dx + dy * dy, r * r, closed)
}

fn cc(a: CircleI, b: CircleI, closed: bool) -> bool {
    let (dx, dy) = (b.x as i128 - a.x as i128, b.y as i128 - a.y as i128);
    let rs = a.r as i128 + b.r as i128;
    a.r >= 0 && b.r >= 0 && lt(dx * dx + dy * dy, rs * rs, closed)
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    while !b.is_empty() {
        match b.u8() % 3 {
            0 => {
                let (x, y) = (b.recti(), b.recti());
                let (o, t) = (c2d_overlap_recti_recti(x, y), c2d_touch_recti_recti(x, y));
                assert_eq!(o, rr(x, y, false), "overlap_recti_recti {x:?} {y:?}");
                assert_eq!(t, rr(x, y, true), "touch_recti_recti {x:?} {y:?}");
                assert_eq!(o, c2d_overlap_recti_recti(y, x), "symmetry {x:?} {y:?}");
                assert_eq!(t, c2d_touch_recti_recti(y, x), "symmetry {x:?} {y:?}");
                assert!(!o || t);
            }
            1 => {
                let (x, c) = (b.recti(), b.circlei());
                let (o, t) = (
                    c2d_overlap_recti_circlei(x, c),
                    c2d_touch_recti_circlei(x, c),
                );
                assert_eq!(o, rc(x, c, false), "overlap_recti_circlei {x:?} {c:?}");
                assert_eq!(t, rc(x, c, true), "touch_recti_circlei {x:?} {c:?}");
                assert!(!o || t);
            }
            _ => {
                let (x, y) = (b.circlei(), b.circlei());
                let (o, t) = (
                    c2d_overlap_circlei_circlei(x, y),
                    c2d_touch_circlei_circlei(x, y),
                );
                assert_eq!(o, cc(x, y, false), "overlap_circlei_circlei {x:?} {y:?}");
                assert_eq!(t, cc(x, y, true), "touch_circlei_circlei {x:?} {y:?}");
                assert_eq!(o, c2d_overlap_circlei_circlei(y, x), "symmetry {x:?} {y:?}");
                assert_eq!(t, c2d_touch_circlei_circlei(y, x), "symmetry {x:?} {y:?}");
                assert!(!o || t);
            }
        }
    }
});
