//! `c2d_move_rect` and `c2d_move_recti` on arbitrary obstacle lists (API.md "Response", "Bad
//! input"): except with CROSS (and IGNORE, which passes through by definition) a move never ends
//! overlapping an obstacle, by more than the band, that it did not overlap so at the start; hits are capped; `info` is
//! consistent; a NaN in the mover or the delta, or an infinite delta, returns the start with no
//! hits; no field of the answer is NaN unless an input was. The integer move never overlaps an obstacle at any
//! position along its x-then-y path, and stops exactly one unit short of the blocking obstacle.
#![no_main]

mod common;

use collide2d::ffi::*;
use collide2d::{MoveInfo, Rect, RectI};
use common::*;
use libfuzzer_sys::fuzz_target;

fn move_rect(b: &mut Bytes) {
    let a = b.rect();
    let d = b.vec2();
    let n = (b.u8() % 9) as usize;
    let obstacles: Vec<Rect> = (0..n).map(|_| b.rect()).collect();
    let response = match b.u8() % 8 {
        k @ 0..=4 => k as u32,
        _ => b.u32(),
    };
    let mut info = MoveInfo {
        count: 77,
        first: 77,
        first_hit: Default::default(),
    };
    // SAFETY: `obstacles` holds n rects; `info` is valid; NULL info is allowed.
    let (p, p_null) = unsafe {
        (
            c2d_move_rect(a, d, obstacles.as_ptr(), n, response, &mut info),
            c2d_move_rect(a, d, obstacles.as_ptr(), n, response, std::ptr::null_mut()),
        )
    };
    let input = format!("move_rect({a:?}, {d:?}, {obstacles:?}, {response})");
    assert!(
        p == p_null || (p.x.is_nan() && p_null.x.is_nan()) || (p.y.is_nan() && p_null.y.is_nan()),
        "{input}: result depends on info"
    );
    assert!(
        info.count <= C2D_MOVE_MAX_HITS,
        "{input}: {} hits",
        info.count
    );
    if info.count == 0 {
        assert_eq!(info.first, usize::MAX, "{input}: first without hits");
    } else {
        assert!(info.first < n, "{input}: first {} of {n}", info.first);
        assert!(
            (0.0..=1.0).contains(&info.first_hit.t),
            "{input}: first t {}",
            info.first_hit.t
        );
    }
    if nan(&[&rect_f(a)[..], &vec_f(d)].concat()) || infinite(&vec_f(d)) {
        assert!(
            p.x.to_bits() == a.x.to_bits() && p.y.to_bits() == a.y.to_bits(),
            "{input}: NaN or infinite delta moved to {p:?}"
        );
        assert_eq!(
            info.count, 0,
            "{input}: hits for a NaN or an infinite delta"
        );
        return;
    }
    let obstacle_f: Vec<f32> = obstacles.iter().flat_map(|o| rect_f(*o)).collect();
    if !nan(&obstacle_f) {
        let h = hit_f(&info.first_hit);
        assert!(numbers(&vec_f(p)), "{input}: NaN in the end {p:?}");
        assert!(numbers(&h), "{input}: NaN in the first hit {info:?}");
    }
    if response != C2D_CROSS && response != C2D_IGNORE {
        let end = Rect::new(p.x, p.y, a.w, a.h);
        for (i, o) in obstacles.iter().enumerate() {
            if !overlap_band(a, *o) {
                assert!(
                    !overlap_band(end, *o),
                    "{input}: ends at {p:?} inside obstacle {i}"
                );
            }
        }
    }
    let all = [
        &rect_f(a)[..],
        &vec_f(d),
        &obstacles
            .iter()
            .flat_map(|o| rect_f(*o))
            .collect::<Vec<_>>(),
    ]
    .concat();
    if moderate(&all) {
        assert!(p.x.is_finite() && p.y.is_finite(), "{input}: ends at {p:?}");
    }
    // NULL obstacles are no obstacles, whatever n.
    // SAFETY: NULL obstacles are allowed.
    let q = unsafe { c2d_move_rect(a, d, std::ptr::null(), n, response, std::ptr::null_mut()) };
    // SAFETY: an empty list.
    let r = unsafe { c2d_move_rect(a, d, obstacles.as_ptr(), 0, response, std::ptr::null_mut()) };
    assert!(
        q == r || (q.x.is_nan() || q.y.is_nan()),
        "{input}: NULL obstacles {q:?} vs none {r:?}"
    );
}

type Span = (i64, i64, i64, i64);

fn span(r: RectI) -> Span {
    let (x0, y0) = (r.x as i64, r.y as i64);
    let (x1, y1) = (x0 + r.w as i64, y0 + r.h as i64);
    (x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1))
}

fn strict(a: Span, b: Span) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The span of the rect at corner (x, y), in i64 (no saturation).
fn at(r: RectI, x: i64, y: i64) -> Span {
    span(RectI::new(0, 0, r.w, r.h)).pipe(|s| (s.0 + x, s.1 + y, s.2 + x, s.3 + y))
}

trait Pipe: Sized {
    fn pipe<T>(self, f: impl FnOnce(Self) -> T) -> T {
        f(self)
    }
}
impl<T> Pipe for T {}

/// Whether the rect, at some integer position along a leg (`from..=to` on the moving axis, the
/// other coordinate fixed), overlaps `o` strictly: the open intervals meet at an integer offset.
fn leg_hits(a: RectI, (from, to): (i64, i64), fixed: i64, o: Span, along_x: bool) -> bool {
    let s = span(RectI::new(0, 0, a.w, a.h));
    let (rel0, rel1, orth0, orth1, o0, o1, p0, p1) = if along_x {
        (s.0, s.2, s.1 + fixed, s.3 + fixed, o.0, o.2, o.1, o.3)
    } else {
        (s.1, s.3, s.0 + fixed, s.2 + fixed, o.1, o.3, o.0, o.2)
    };
    if !(orth0 < p1 && p0 < orth1) {
        return false;
    }
    // x + rel0 < o1 and o0 < x + rel1, for an integer x in from..=to.
    let lo = from.min(to).max(o0 - rel1 + 1);
    let hi = from.max(to).min(o1 - rel0 - 1);
    lo <= hi
}

fn move_recti(b: &mut Bytes) {
    let a = b.recti();
    let (dx, dy) = (b.int(), b.int());
    let n = (b.u8() % 9) as usize;
    let obstacles: Vec<RectI> = (0..n).map(|_| b.recti()).collect();
    let mut blocked = 77u32;
    // SAFETY: `obstacles` holds n rects; `blocked` is valid; NULL is allowed.
    let (r, r_null) = unsafe {
        (
            c2d_move_recti(a, dx, dy, obstacles.as_ptr(), n, &mut blocked),
            c2d_move_recti(a, dx, dy, obstacles.as_ptr(), n, std::ptr::null_mut()),
        )
    };
    let input = format!("move_recti({a:?}, {dx}, {dy}, {obstacles:?})");
    assert_eq!(r, r_null, "{input}: result depends on blocked");
    assert_eq!((r.w, r.h), (a.w, a.h), "{input}: size changed");
    assert!(blocked <= 3, "{input}: blocked {blocked}");
    let free: Vec<Span> = obstacles
        .iter()
        .filter(|o| !strict(span(a), span(**o)))
        .map(|o| span(*o))
        .collect();
    let (x0, y0) = (a.x as i64, a.y as i64);
    let (x1, y1) = (r.x as i64, r.y as i64);
    // Along x at the start's y, then along y at the end's x: no integer position overlaps.
    for o in &free {
        assert!(
            !leg_hits(a, (x0, x1), y0, *o, true),
            "{input} -> {r:?}: the x leg passes through {o:?}"
        );
        assert!(
            !leg_hits(a, (y0, y1), x1, *o, false),
            "{input} -> {r:?}: the y leg passes through {o:?}"
        );
    }
    // Moves only the way asked, never further; the target saturates at the int32 range.
    let tx = (x0 + dx as i64).clamp(i32::MIN as i64, i32::MAX as i64);
    let ty = (y0 + dy as i64).clamp(i32::MIN as i64, i32::MAX as i64);
    assert!(
        x1 >= x0.min(tx) && x1 <= x0.max(tx),
        "{input}: x {x1} outside {x0}..{tx}"
    );
    assert!(
        y1 >= y0.min(ty) && y1 <= y0.max(ty),
        "{input}: y {y1} outside {y0}..{ty}"
    );
    // Exact to the unit: a leg cut short of its (saturated) target is blocked one unit further
    // on; `blocked` reports any leg that moved less than asked, saturation included.
    for (axis, got, target, asked, bit) in [
        ("x", x1, tx, x0 + dx as i64, C2D_BLOCKED_X),
        ("y", y1, ty, y0 + dy as i64, C2D_BLOCKED_Y),
    ] {
        assert_eq!(
            blocked & bit != 0,
            got != asked,
            "{input} -> {r:?}: {axis} blocked bit {blocked}"
        );
        if got != target {
            let step = if target > got { 1 } else { -1 };
            let next = if bit == C2D_BLOCKED_X {
                at(a, x1 + step, y0)
            } else {
                at(a, x1, y1 + step)
            };
            assert!(
                free.iter().any(|o| strict(next, *o)),
                "{input} -> {r:?}: {axis} stopped with room"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    while !b.is_empty() {
        if b.u8() % 2 == 0 {
            move_rect(&mut b);
        } else {
            move_recti(&mut b);
        }
    }
});
