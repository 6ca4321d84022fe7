//! Every exported `extern "C"` function called through its C signature with small inputs, NULL
//! out pointers, unaligned out pointers, NaN and infinities — quick enough to run under Miri,
//! which checks the pointer handling (`write_out`, the obstacle slices) for undefined behaviour.
//! API.md "Bad input": no crash, NULL outs mean "answer only", a NaN gives false / no hit.

use collide2d::ffi::*;
use collide2d::world::Event;
use collide2d::{
    Capsule, Circle, CircleI, Contact, Hit, MoveInfo, Obb, Poly, Rect, RectI, Rot, Segment, Vec2,
};
use std::mem::MaybeUninit;
use std::ptr::{null, null_mut};

const NAN: f32 = f32::NAN;
const INF: f32 = f32::INFINITY;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}
fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
    Rect::new(x, y, w, h)
}
fn obb(cx: f32, cy: f32, hx: f32, hy: f32, deg: f32) -> Obb {
    Obb::new(v(cx, cy), v(hx, hy), c2d_rot_from_degrees(deg))
}

/// Calls `f` with a NULL out, an aligned out and an unaligned out (inside a byte buffer), and
/// checks the three answers agree and that the out is written exactly when the answer is true.
fn outs<T: Copy + PartialEq + std::fmt::Debug>(f: impl Fn(*mut T) -> bool) -> Option<T> {
    let null_answer = f(null_mut());
    let mut aligned = MaybeUninit::<T>::zeroed();
    let answer = f(aligned.as_mut_ptr());
    assert_eq!(answer, null_answer, "answer depends on the out pointer");
    let size = std::mem::size_of::<T>();
    let mut bytes = vec![0xA5u8; size + 1];
    let unaligned = bytes[1..].as_mut_ptr() as *mut T;
    assert_eq!(f(unaligned), answer);
    if !answer {
        assert!(
            bytes[1..].iter().all(|&b| b == 0xA5),
            "out written on a miss"
        );
        return None;
    }
    // SAFETY: written by `f` as the answer is true; read without assuming alignment.
    let (a, u) = unsafe { (aligned.assume_init(), unaligned.read_unaligned()) };
    assert_eq!(a, u);
    Some(a)
}

#[test]
fn predicates_answer_and_reject_nan() {
    let (a, b) = (rect(0.0, 0.0, 2.0, 2.0), rect(2.0, 0.0, 2.0, 2.0));
    assert!(!c2d_overlap_rect_rect(a, b) && c2d_touch_rect_rect(a, b));
    let n = rect(NAN, 0.0, 2.0, 2.0);
    assert!(!c2d_overlap_rect_rect(n, b) && !c2d_touch_rect_rect(n, b));
    let (c, d) = (Circle::new(0.0, 0.0, 1.0), Circle::new(2.0, 0.0, 1.0));
    assert!(!c2d_overlap_circle_circle(c, d) && c2d_touch_circle_circle(c, d));
    assert!(c2d_overlap_rect_circle(a, c) && c2d_touch_rect_circle(a, c));
    assert!(!c2d_overlap_point_rect(v(2.0, 1.0), a) && c2d_touch_point_rect(v(2.0, 1.0), a));
    assert!(!c2d_overlap_point_circle(v(1.0, 0.0), c) && c2d_touch_point_circle(v(1.0, 0.0), c));
    let o = obb(1.0, 1.0, 1.0, 1.0, 90.0);
    assert!(c2d_overlap_obb_circle(o, c) && c2d_touch_obb_circle(o, c));
    assert!(!c2d_overlap_obb_rect(o, b) && c2d_touch_obb_rect(o, b));
    assert!(c2d_overlap_obb_obb(o, o) && c2d_touch_obb_obb(o, o));
    assert!(!c2d_overlap_point_obb(v(2.0, 2.0), o) && c2d_touch_point_obb(v(2.0, 2.0), o));
    let nan_obb = Obb::new(v(0.0, 0.0), v(1.0, 1.0), Rot { c: NAN, s: 0.0 });
    assert!(!c2d_touch_obb_obb(nan_obb, o) && !c2d_touch_point_obb(v(0.0, 0.0), nan_obb));
    let (ri, rj) = (
        RectI::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX),
        RectI::new(-1, -1, 1, 1),
    );
    assert!(!c2d_overlap_recti_recti(ri, rj) && c2d_touch_recti_recti(ri, rj)); // MIN+MAX = -1
    let ci = CircleI::new(i32::MAX, i32::MAX, i32::MAX);
    assert!(!c2d_overlap_recti_circlei(rj, ci) && !c2d_touch_recti_circlei(rj, ci));
    assert!(c2d_overlap_circlei_circlei(ci, ci) && c2d_touch_circlei_circlei(ci, ci));
    let s = Segment::new(v(-1.0, 1.0), v(5.0, 1.0));
    assert!(c2d_intersect_segment_segment(
        s,
        Segment::new(v(0.0, 0.0), v(0.0, 3.0))
    ));
    assert!(c2d_intersect_segment_rect(s, a) && c2d_intersect_segment_circle(s, c));
    assert!(c2d_intersect_segment_obb(s, o));
    assert!(!c2d_intersect_segment_rect(
        Segment::new(v(NAN, 1.0), v(5.0, 1.0)),
        a
    ));
}

#[test]
fn contacts_write_only_through_non_null_outs() {
    let (a, b) = (rect(0.0, 0.0, 2.0, 2.0), rect(1.5, 0.0, 2.0, 2.0));
    // SAFETY (all calls below): `out` is NULL or valid for one value, as `outs` passes it.
    let c = outs(|out| unsafe { c2d_collide_rect_rect(a, b, out) }).unwrap();
    assert_eq!((c.normal, c.depth), (v(1.0, 0.0), 0.5));
    assert!(
        outs(|out| unsafe { c2d_collide_rect_rect(a, rect(NAN, 0.0, 1.0, 1.0), out) }).is_none()
    );
    let (p, q) = (Circle::new(0.0, 0.0, 1.0), Circle::new(1.0, 0.0, 1.0));
    assert!(outs(|out| unsafe { c2d_collide_circle_circle(p, q, out) }).is_some());
    assert!(outs(|out| unsafe { c2d_collide_rect_circle(a, q, out) }).is_some());
    let o = obb(1.0, 1.0, 1.0, 1.0, 30.0);
    assert!(outs(|out| unsafe { c2d_collide_obb_circle(o, q, out) }).is_some());
    assert!(outs(|out| unsafe { c2d_collide_obb_rect(o, b, out) }).is_some());
    assert!(outs(|out| unsafe { c2d_collide_obb_obb(o, o, out) }).is_some());
    assert!(outs::<Contact>(|out| unsafe {
        c2d_collide_obb_obb(o, obb(9.0, 9.0, 1.0, 1.0, 0.0), out)
    })
    .is_none());
    let r = outs(|out| unsafe { c2d_intersection_rect(a, b, out) }).unwrap();
    assert_eq!(r, rect(1.5, 0.0, 0.5, 2.0));
    assert!(
        outs(|out| unsafe { c2d_intersection_rect(a, rect(2.0, 0.0, 1.0, 1.0), out) }).is_none()
    );
}

#[test]
fn closest_points_distances_and_helpers() {
    let a = rect(0.0, 0.0, 2.0, 2.0);
    assert_eq!(c2d_closest_point_rect(a, v(5.0, 1.0)), v(2.0, 1.0));
    assert!(
        c2d_closest_point_rect(rect(0.0, NAN, 1.0, 1.0), v(5.0, 1.0))
            .y
            .is_nan()
    );
    let o = obb(0.0, 0.0, 1.0, 1.0, 0.0);
    assert_eq!(c2d_closest_point_obb(o, v(5.0, 0.0)), v(1.0, 0.0));
    let s = Segment::new(v(0.0, 0.0), v(4.0, 0.0));
    assert_eq!(c2d_closest_point_segment(s, v(2.0, 3.0)), v(2.0, 0.0));
    assert_eq!(c2d_distance_rect_rect(a, rect(5.0, 0.0, 1.0, 1.0)), 3.0);
    let c = Circle::new(5.0, 1.0, 1.0);
    assert_eq!(
        c2d_distance_circle_circle(Circle::new(0.0, 1.0, 1.0), c),
        3.0
    );
    assert_eq!(
        c2d_distance_circle_circle(Circle::new(0.0, 1.0, -1.0), c),
        INF
    );
    assert!(c2d_distance_circle_circle(Circle::new(INF, NAN, 1.0), c).is_nan());
    assert_eq!(c2d_distance_rect_circle(a, c), 2.0);
    assert_eq!(c2d_distance_obb_circle(o, c), 3.0);
    assert_eq!(c2d_distance_obb_rect(o, rect(3.0, -1.0, 1.0, 2.0)), 2.0);
    assert_eq!(c2d_distance_obb_obb(o, obb(4.0, 0.0, 1.0, 1.0, 0.0)), 2.0);
    assert!(c2d_distance_obb_obb(o, obb(NAN, 0.0, 1.0, 1.0, 0.0)).is_nan());
    assert_eq!(c2d_rot_from_degrees(90.0), Rot { c: 0.0, s: 1.0 });
    assert!(c2d_rot_from_degrees(INF).c.is_nan());
    assert!((c2d_rot_from_radians(1.0).c - 1.0f32.cos()).abs() < 1e-6);
    let b = c2d_obb_from_rect(rect(0.0, 0.0, 2.0, -4.0), 0.0);
    assert_eq!((b.center, b.half), (v(1.0, -2.0), v(1.0, 2.0)));
    assert_eq!(c2d_version(), collide2d::version());
}

#[test]
fn sweeps_and_ray_casts_write_only_on_a_hit() {
    let (a, b) = (rect(0.0, 0.0, 1.0, 1.0), rect(3.0, 0.0, 1.0, 1.0));
    let d = v(4.0, 0.0);
    // SAFETY (all calls below): `out` is NULL or valid for one Hit, as `outs` passes it.
    let h = outs(|out| unsafe { c2d_sweep_rect_rect(a, d, b, out) }).unwrap();
    assert_eq!((h.t, h.pos), (0.5, v(2.0, 0.0)));
    assert!(outs::<Hit>(|out| unsafe { c2d_sweep_rect_rect(a, v(NAN, 0.0), b, out) }).is_none());
    let (c, e) = (Circle::new(0.5, 0.5, 0.5), Circle::new(3.5, 0.5, 0.5));
    assert!(outs(|out| unsafe { c2d_sweep_circle_rect(c, d, b, out) }).is_some());
    assert!(outs(|out| unsafe { c2d_sweep_circle_circle(c, d, e, out) }).is_some());
    assert!(outs(|out| unsafe { c2d_sweep_rect_circle(a, d, e, out) }).is_some());
    let o = obb(3.5, 0.5, 0.5, 0.5, 45.0);
    assert!(outs(|out| unsafe { c2d_sweep_circle_obb(c, d, o, out) }).is_some());
    assert!(outs(|out| unsafe { c2d_sweep_rect_obb(a, d, o, out) }).is_some());
    assert!(outs::<Hit>(|out| unsafe { c2d_sweep_rect_obb(a, v(0.0, -4.0), o, out) }).is_none());
    let origin = v(0.0, 0.5);
    assert_eq!(
        outs(|out| unsafe { c2d_raycast_rect(origin, d, b, out) })
            .unwrap()
            .t,
        0.75
    );
    assert!(outs(|out| unsafe { c2d_raycast_circle(origin, d, e, out) }).is_some());
    assert!(outs(|out| unsafe { c2d_raycast_obb(origin, d, o, out) }).is_some());
    let wall = Segment::new(v(2.0, -1.0), v(2.0, 1.0));
    assert_eq!(
        outs(|out| unsafe { c2d_raycast_segment(origin, d, wall, out) })
            .unwrap()
            .t,
        0.5
    );
    assert!(outs::<Hit>(|out| unsafe { c2d_raycast_segment(v(NAN, 0.0), d, wall, out) }).is_none());
}

#[test]
fn moves_read_obstacles_and_accept_null() {
    let a = rect(0.0, 0.0, 1.0, 1.0);
    let walls = [rect(3.0, -5.0, 1.0, 10.0), rect(-5.0, 3.0, 10.0, 1.0)];
    let mut info = MaybeUninit::<MoveInfo>::uninit();
    // SAFETY: `walls` holds 2 rects; `info` is writable (the function fills it).
    let p = unsafe {
        c2d_move_rect(
            a,
            v(4.0, 1.0),
            walls.as_ptr(),
            2,
            C2D_SLIDE,
            info.as_mut_ptr(),
        )
    };
    // SAFETY: filled by the call above.
    let info = unsafe { info.assume_init() };
    assert_eq!((p, info.count, info.first), (v(2.0, 1.0), 1, 0));
    // SAFETY: NULL obstacles (any n) and NULL info are allowed.
    let q = unsafe { c2d_move_rect(a, v(4.0, 1.0), null(), 99, C2D_TOUCH, null_mut()) };
    assert_eq!(q, v(4.0, 1.0));
    // SAFETY: as above; a NaN delta returns the start.
    let q = unsafe { c2d_move_rect(a, v(NAN, 1.0), walls.as_ptr(), 2, 77, null_mut()) };
    assert_eq!(q, v(0.0, 0.0));
    let ai = RectI::new(0, 0, 1, 1);
    let walls = [RectI::new(3, -5, 1, 10)];
    let mut blocked = 0u32;
    // SAFETY: one obstacle; `blocked` is writable.
    let r = unsafe { c2d_move_recti(ai, 10, 2, walls.as_ptr(), 1, &mut blocked) };
    assert_eq!((r, blocked), (RectI::new(2, 2, 1, 1), C2D_BLOCKED_X));
    // SAFETY: NULL obstacles and NULL blocked are allowed; positions saturate.
    let r = unsafe { c2d_move_recti(ai, i32::MAX, i32::MIN, null(), 5, null_mut()) };
    assert_eq!((r.x, r.y), (i32::MAX, i32::MIN));
}

extern "C-unwind" fn slide_all(
    _item: u64,
    _other: u64,
    ctx: *mut std::ffi::c_void,
) -> c2d_response {
    // SAFETY: the test passes a pointer to a u32 counter as ctx.
    unsafe { *(ctx as *mut u32) += 1 };
    C2D_SLIDE
}

#[test]
fn world_lifecycle_with_null_and_stale_handles() {
    use collide2d::world::{Pair, WorldHit};
    assert!(c2d_world_new(0.0).is_null() && c2d_world_new(NAN).is_null());
    assert!(!c2d_status_str(C2D_ERR_STALE).is_null() && !c2d_status_str(999).is_null());
    let w = c2d_world_new(4.0);
    assert!(!w.is_null());
    // SAFETY (all calls below): `w` is live until freed at the end; out pointers are valid for
    // the capacities given; NULL only where the contract allows it.
    unsafe {
        let a = c2d_world_add(w, rect(0.0, 0.0, 2.0, 2.0), 10);
        let b = c2d_world_add(w, rect(1.0, 0.0, 2.0, 2.0), 20);
        let c = c2d_world_add(w, rect(8.0, 0.0, 1.0, 8.0), 30);
        assert!(a != 0 && b != 0 && c != 0);
        assert_eq!(c2d_world_add(w, rect(NAN, 0.0, 1.0, 1.0), 0), 0);
        assert_eq!(
            c2d_world_add(std::ptr::null_mut(), rect(0.0, 0.0, 1.0, 1.0), 0),
            0
        );
        assert_eq!(c2d_world_count(w), 3);
        assert_eq!(c2d_world_count(null()), 0);
        let (mut r, mut u) = (Rect::default(), 0u64);
        assert_eq!(c2d_world_get(w, b, &mut r, &mut u), C2D_OK);
        assert_eq!((r, u), (rect(1.0, 0.0, 2.0, 2.0), 20));
        assert_eq!(c2d_world_get(w, b, null_mut(), null_mut()), C2D_OK);
        let mut ids = [0u64; 4];
        assert_eq!(
            c2d_world_query_rect(w, rect(0.5, 0.5, 1.0, 1.0), ids.as_mut_ptr(), 1),
            2
        );
        assert_eq!(ids[..2], [a, 0]);
        assert_eq!(
            c2d_world_query_rect(w, rect(0.5, 0.5, 1.0, 1.0), null_mut(), 0),
            2
        );
        assert_eq!(
            c2d_world_query_point(w, v(1.5, 1.0), ids.as_mut_ptr(), 4),
            2
        );
        assert_eq!(
            c2d_world_query_circle(w, Circle::new(8.5, 4.0, 1.0), ids.as_mut_ptr(), 4),
            1
        );
        let mut hits = [WorldHit::default(); 4];
        let s = Segment::new(v(-1.0, 1.0), v(20.0, 1.0));
        assert_eq!(c2d_world_query_segment(w, s, hits.as_mut_ptr(), 4), 3);
        assert_eq!([hits[0].id, hits[1].id, hits[2].id], [a, b, c]);
        let mut pairs = [Pair::default(); 2];
        assert_eq!(c2d_world_pairs(w, pairs.as_mut_ptr(), 2), 1);
        assert_eq!(
            pairs[0],
            Pair {
                a: a.min(b),
                b: a.max(b)
            }
        );
        let (mut actual, mut count, mut asked) = (v(0.0, 0.0), 0usize, 0u32);
        let ctx = &mut asked as *mut u32 as *mut std::ffi::c_void;
        let st = c2d_world_move(
            w,
            a,
            v(10.0, 0.0),
            Some(slide_all),
            ctx,
            &mut actual,
            hits.as_mut_ptr(),
            4,
            &mut count,
        );
        // `a` starts inside `b`: bump.lua's rule puts it where its line of motion entered `b`
        // (x = -1) and the slide keeps it there (the motion was all along the normal).
        assert_eq!((st, actual, count), (C2D_OK, v(-1.0, 0.0), 1));
        assert_eq!(hits[0].id, b);
        assert!(asked >= 1);
        let st = c2d_world_move(
            w,
            a,
            v(NAN, 0.0),
            None,
            null_mut(),
            null_mut(),
            null_mut(),
            0,
            null_mut(),
        );
        assert_eq!(st, C2D_ERR_INVALID);
        assert_eq!(
            c2d_world_update(w, a, rect(0.0, 0.0, INF, 1.0)),
            C2D_ERR_INVALID
        );
        assert_eq!(c2d_world_update(w, a, rect(0.0, 5.0, 1.0, 1.0)), C2D_OK);
        assert_eq!(c2d_world_remove(w, a), C2D_OK);
        assert_eq!(c2d_world_remove(w, a), C2D_ERR_STALE);
        assert_eq!(c2d_world_get(w, a, &mut r, &mut u), C2D_ERR_STALE);
        assert_eq!(
            c2d_world_update(w, a, rect(0.0, 0.0, 1.0, 1.0)),
            C2D_ERR_STALE
        );
        let d = c2d_world_add(w, rect(0.0, 0.0, 1.0, 1.0), 40);
        assert_ne!(d, a, "a reused slot gets a new handle");
        assert_eq!(c2d_world_get(w, a, null_mut(), null_mut()), C2D_ERR_STALE);
        assert_eq!(c2d_world_remove(std::ptr::null_mut(), d), C2D_ERR_NULL);
        let other = c2d_world_new(1.0);
        assert_eq!(
            c2d_world_get(other, d, null_mut(), null_mut()),
            C2D_ERR_STALE
        );
        c2d_world_free(other);
        c2d_world_free(w);
        c2d_world_free(std::ptr::null_mut());
    }
}

/// The context of a filter that changes the world it is called from, through the same raw
/// pointer the caller holds (as a C engine's filter does).
struct Changer {
    world: *mut collide2d::world::World,
    calls: u32,
}

extern "C-unwind" fn change_world(
    item: u64,
    other: u64,
    ctx: *mut std::ffi::c_void,
) -> c2d_response {
    // SAFETY: the test passes a live Changer whose world is the one being moved in.
    let c = unsafe { &mut *(ctx as *mut Changer) };
    c.calls += 1;
    // SAFETY: the world is live; the move holds no reference to it while the filter runs.
    unsafe {
        let _ = c2d_world_get_d(c.world, item, null_mut(), null_mut());
        if c.calls == 1 {
            // A door that opens, and a wall further on that closes.
            c2d_world_remove(c.world, other);
            let wall = collide2d::world::RectD::new(30.0, -10.0, 2.0, 30.0);
            c2d_world_add_d(c.world, wall, 0);
        }
    }
    C2D_SLIDE
}

#[test]
fn world_double_precision_functions_and_a_filter_that_changes_the_world() {
    use collide2d::world::{CircleD, RectD, SegmentD, Vec2D, WorldHitD};
    unsafe {
        let w = c2d_world_new_d(8.0);
        assert!(!w.is_null());
        assert!(c2d_world_new_d(f64::NAN).is_null());
        assert_eq!(c2d_world_cell_size_d(w), 8.0);
        assert_eq!(c2d_world_cell_size_d(null()), 0.0);
        let a = c2d_world_add_d(w, RectD::new(0.0, 0.0, 4.0, 4.0), 1);
        let wall = c2d_world_add_d(w, RectD::new(10.0, -10.0, 2.0, 30.0), 2);
        let mut id = 0u64;
        assert_eq!(
            c2d_world_add_checked(w, RectD::new(0.5, 0.5, 1.0, 1.0), 3, &mut id),
            C2D_OK
        );
        assert_eq!(c2d_world_remove(w, id), C2D_OK);
        assert_eq!(
            c2d_world_add_checked(w, RectD::new(f64::NAN, 0.0, 1.0, 1.0), 3, null_mut()),
            C2D_ERR_INVALID
        );
        assert_eq!(
            c2d_world_add_checked(null_mut(), RectD::default(), 3, &mut id),
            C2D_ERR_NULL
        );
        assert_eq!(id, 0, "a failed add writes 0");
        let mut r = RectD::default();
        assert_eq!(c2d_world_get_d(w, a, &mut r, null_mut()), C2D_OK);
        assert_eq!(
            c2d_world_update_d(w, a, RectD::new(0.0, 0.1, 4.0, 4.0)),
            C2D_OK
        );
        assert_eq!(
            c2d_world_update_d(w, a, RectD::new(0.0, f64::INFINITY, 4.0, 4.0)),
            C2D_ERR_INVALID
        );
        assert_eq!(c2d_world_set_category(w, a, 1, u64::MAX), C2D_OK);
        let (mut cat, mut mask) = (0u64, 0u64);
        assert_eq!(c2d_world_get_category(w, a, &mut cat, &mut mask), C2D_OK);
        assert_eq!(
            c2d_world_get_category(null(), a, &mut cat, null_mut()),
            C2D_ERR_NULL
        );
        let mut ids = [0u64; 4];
        assert_eq!(
            c2d_world_query_rect_d(
                w,
                RectD::new(-1.0, -1.0, 20.0, 2.0),
                u64::MAX,
                ids.as_mut_ptr(),
                4
            ),
            2
        );
        assert_eq!(
            c2d_world_query_point_d(w, Vec2D::new(1.0, 1.0), u64::MAX, null_mut(), 0),
            1
        );
        assert_eq!(
            c2d_world_query_circle_d(
                w,
                CircleD {
                    x: 11.0,
                    y: 0.0,
                    r: 1.0
                },
                u64::MAX,
                ids.as_mut_ptr(),
                1
            ),
            1
        );
        let mut hits = [WorldHitD::default(); 4];
        let s = SegmentD {
            a: Vec2D::new(-5.0, 1.0),
            b: Vec2D::new(20.0, 1.0),
        };
        assert_eq!(
            c2d_world_query_segment_d(w, s, u64::MAX, hits.as_mut_ptr(), 4),
            2
        );
        let mut n = 0usize;
        assert_eq!(
            c2d_world_project_d(
                w,
                a,
                RectD::new(0.0, 0.0, 4.0, 4.0),
                Vec2D::new(20.0, 0.0),
                None,
                null_mut(),
                hits.as_mut_ptr(),
                4,
                &mut n
            ),
            C2D_OK
        );
        assert_eq!((n, hits[0].id), (1, wall));
        let mut h32 = [collide2d::world::WorldHit::default(); 2];
        assert_eq!(
            c2d_world_project(
                w,
                0,
                rect(0.0, 0.0, 4.0, 4.0),
                v(20.0, 0.0),
                None,
                null_mut(),
                h32.as_mut_ptr(),
                2,
                null_mut()
            ),
            C2D_OK
        );
        let mut end = Vec2D::default();
        assert_eq!(
            c2d_world_check_d(
                w,
                a,
                Vec2D::new(20.0, 0.1),
                None,
                null_mut(),
                &mut end,
                null_mut(),
                0,
                &mut n
            ),
            C2D_OK
        );
        assert_eq!((end, n), (Vec2D::new(6.0, 0.1), 1));
        let mut e32 = v(0.0, 0.0);
        assert_eq!(
            c2d_world_check(
                w,
                a,
                v(20.0, 0.0),
                None,
                null_mut(),
                &mut e32,
                null_mut(),
                0,
                null_mut()
            ),
            C2D_OK
        );
        // The filter removes the wall and adds another further on: the move goes past the first
        // and stops at the second.
        let mut ch = Changer { world: w, calls: 0 };
        let ctx = &mut ch as *mut Changer as *mut std::ffi::c_void;
        assert_eq!(
            c2d_world_move_d(
                w,
                a,
                Vec2D::new(40.0, 0.1),
                Some(change_world),
                ctx,
                &mut end,
                hits.as_mut_ptr(),
                4,
                &mut n
            ),
            C2D_OK
        );
        assert!(ch.calls >= 1);
        assert_eq!(end.x, 26.0, "stopped against the wall the filter added");
        // The same with each hit's next goal asked for: written for the hits only, and the
        // last one is where the move ended.
        let mut legs = [Vec2D::new(-1.0, -1.0); 4];
        assert_eq!(
            c2d_world_check_legs_d(
                w,
                a,
                Vec2D::new(40.0, 8.0),
                None,
                null_mut(),
                &mut end,
                hits.as_mut_ptr(),
                legs.as_mut_ptr(),
                4,
                &mut n
            ),
            C2D_OK
        );
        assert!((1..4).contains(&n));
        assert_eq!(legs[n - 1], end);
        assert_eq!(legs[n], Vec2D::new(-1.0, -1.0));
        let mut ch = Changer { world: w, calls: 0 };
        let ctx = &mut ch as *mut Changer as *mut std::ffi::c_void;
        assert_eq!(
            c2d_world_move_legs_d(
                w,
                a,
                Vec2D::new(60.0, 0.1),
                Some(change_world),
                ctx,
                &mut end,
                hits.as_mut_ptr(),
                legs.as_mut_ptr(),
                1,
                &mut n
            ),
            C2D_OK
        );
        assert_eq!(
            c2d_world_move_d(
                null_mut(),
                a,
                end,
                None,
                null_mut(),
                null_mut(),
                null_mut(),
                0,
                null_mut()
            ),
            C2D_ERR_NULL
        );
        c2d_world_free(w);
    }
}

/// A filter for the movement kit that reads the world on every call and moves a far item on the
/// first: nothing the kit holds may alias the world while it runs.
extern "C-unwind" fn look_around(
    item: u64,
    other: u64,
    ctx: *mut std::ffi::c_void,
) -> c2d_response {
    // SAFETY: the test passes a live Changer whose world is the one the kit works on.
    let c = unsafe { &mut *(ctx as *mut Changer) };
    c.calls += 1;
    // SAFETY: the world is live; the kit holds no reference to it while the filter runs.
    unsafe {
        let mut ids = [0u64; 4];
        let _ = c2d_world_query_rect(
            c.world,
            rect(-100.0, -100.0, 200.0, 200.0),
            ids.as_mut_ptr(),
            4,
        );
        let _ = c2d_world_get_d(c.world, item, null_mut(), null_mut());
        let _ = c2d_world_get_d(c.world, other, null_mut(), null_mut());
        if c.calls == 1 {
            let far = c2d_world_add(c.world, rect(500.0, 500.0, 1.0, 1.0), 0);
            c2d_world_update(c.world, far, rect(600.0, 600.0, 1.0, 1.0));
        }
    }
    C2D_SLIDE
}

#[test]
fn movement_kit_with_null_outputs_bad_input_and_a_filter_that_uses_the_world() {
    use collide2d::world::{Ground, Moved, RectD, Vec2D};
    unsafe {
        let w = c2d_world_new_d(8.0);
        let floor = c2d_world_add_d(w, RectD::new(0.0, 10.0, 40.0, 4.0), 0);
        let player = c2d_world_add_d(w, RectD::new(2.0, 2.0, 4.0, 8.0), 0);
        let wall = c2d_world_add_d(w, RectD::new(20.0, 0.0, 4.0, 10.0), 0);
        let up = v(0.0, -1.0);
        let mut ch = Changer { world: w, calls: 0 };
        let ctx = &mut ch as *mut Changer as *mut std::ffi::c_void;
        // One-way.
        assert_eq!(c2d_world_set_one_way(w, floor, up), C2D_OK);
        assert_eq!(
            c2d_world_set_one_way(w, floor, v(1.0, 1.0)),
            C2D_ERR_INVALID
        );
        assert_eq!(c2d_world_set_one_way(null_mut(), floor, up), C2D_ERR_NULL);
        let mut n2 = v(7.0, 7.0);
        assert_eq!(c2d_world_get_one_way(w, floor, &mut n2), C2D_OK);
        assert_eq!(n2, up);
        assert_eq!(c2d_world_get_one_way(w, floor, null_mut()), C2D_OK);
        // Ground, alone and after a move.
        let mut g = Ground::default();
        assert_eq!(
            c2d_world_ground(w, player, up, Some(look_around), ctx, &mut g),
            C2D_OK
        );
        assert_eq!((g.flags, g.floor), (C2D_ON_FLOOR, floor));
        assert_eq!(
            c2d_world_ground(w, player, v(0.0, 0.0), None, null_mut(), &mut g),
            C2D_ERR_INVALID
        );
        assert_eq!(
            c2d_world_ground(w, 0, up, None, null_mut(), null_mut()),
            C2D_ERR_STALE
        );
        let mut end = Vec2D::default();
        let mut n = 0usize;
        assert_eq!(
            c2d_world_move_ground_d(
                w,
                player,
                Vec2D::new(30.0, 3.0),
                up,
                Some(look_around),
                ctx,
                &mut end,
                null_mut(),
                0,
                &mut n,
                &mut g,
            ),
            C2D_OK
        );
        assert_eq!((end.x, n, g.flags & C2D_ON_RIGHT), (16.0, 2, C2D_ON_RIGHT));
        let mut legs = [Vec2D::default(); 1];
        assert_eq!(
            c2d_world_move_ground_legs_d(
                w,
                player,
                Vec2D::new(0.0, 3.0),
                up,
                Some(look_around),
                ctx,
                &mut end,
                null_mut(),
                legs.as_mut_ptr(),
                1,
                &mut n,
                &mut g,
            ),
            C2D_OK
        );
        assert_eq!(
            c2d_world_move_ground(
                w,
                player,
                v(16.0, 2.0),
                up,
                None,
                null_mut(),
                null_mut(),
                null_mut(),
                0,
                null_mut(),
                null_mut(),
            ),
            C2D_OK
        );
        // Fit and push-out.
        let mut fits = true;
        assert_eq!(
            c2d_world_fits_d(
                w,
                player,
                RectD::new(18.0, 2.0, 4.0, 8.0),
                Some(look_around),
                ctx,
                &mut fits
            ),
            C2D_OK
        );
        assert!(!fits);
        assert_eq!(
            c2d_world_fits(
                w,
                player,
                rect(0.0, 0.0, 1.0, 1.0),
                None,
                null_mut(),
                null_mut()
            ),
            C2D_OK
        );
        assert_eq!(
            c2d_world_update_d(w, player, RectD::new(21.0, 2.0, 4.0, 8.0)),
            C2D_OK
        );
        assert_eq!(
            c2d_world_push_out_d(w, player, 1.0, None, null_mut(), &mut end),
            C2D_STUCK
        );
        let mut at = v(0.0, 0.0);
        assert_eq!(
            c2d_world_push_out(w, player, 8.0, Some(look_around), ctx, &mut at),
            C2D_OK
        );
        assert_eq!(at, v(24.0, 2.0));
        assert_eq!(
            c2d_world_push_out(w, player, -1.0, None, null_mut(), null_mut()),
            C2D_ERR_INVALID
        );
        // A moving solid carrying the player (on the floor, now solid all round).
        assert_eq!(c2d_world_set_one_way(w, floor, v(0.0, 0.0)), C2D_OK);
        let mut moved = [Moved::default(); 2];
        assert_eq!(
            c2d_world_move_solid_d(
                w,
                floor,
                Vec2D::new(1.0, -1.0),
                up,
                Some(look_around),
                ctx,
                &mut end,
                moved.as_mut_ptr(),
                2,
                &mut n,
            ),
            C2D_OK
        );
        assert!(
            n >= 1
                && moved[..n]
                    .iter()
                    .any(|m| m.id == player && m.what == C2D_CARRIED)
        );
        let _ = wall;
        assert_eq!(
            c2d_world_move_solid(
                w,
                floor,
                v(0.0, 1.0),
                up,
                None,
                null_mut(),
                null_mut(),
                null_mut(),
                0,
                null_mut(),
            ),
            C2D_OK
        );
        assert_eq!(
            c2d_world_move_solid(
                w,
                floor,
                v(f32::NAN, 0.0),
                up,
                None,
                null_mut(),
                null_mut(),
                null_mut(),
                0,
                null_mut()
            ),
            C2D_ERR_INVALID
        );
        assert_eq!(
            c2d_world_move_solid_d(
                null_mut(),
                floor,
                Vec2D::default(),
                up,
                None,
                null_mut(),
                null_mut(),
                null_mut(),
                0,
                null_mut()
            ),
            C2D_ERR_NULL
        );
        c2d_world_free(w);
    }
}

#[test]
fn polygons_and_capsules_through_their_c_signatures() {
    // The hull of a tile's points: read through the pointer, written through an unaligned out.
    let pts = [
        v(0.0, 0.0),
        v(4.0, 4.0),
        v(4.0, 0.0),
        v(0.0, 4.0),
        v(2.0, 2.0),
    ];
    let mut bytes = vec![0u8; std::mem::size_of::<Poly>() + 1];
    let out = bytes[1..].as_mut_ptr() as *mut Poly;
    // SAFETY: five readable points; `out` has room for one Poly (unaligned).
    let tile = unsafe {
        assert_eq!(c2d_poly_make(pts.as_ptr(), pts.len(), out), C2D_OK);
        out.read_unaligned()
    };
    assert_eq!(tile.count, 4);
    let mut untouched = tile;
    // SAFETY: as above; NULL pointers are answered, not read.
    unsafe {
        assert_eq!(
            c2d_poly_make(pts.as_ptr(), 2, &mut untouched),
            C2D_ERR_DEGENERATE
        );
        assert_eq!(c2d_poly_make(null(), 5, &mut untouched), C2D_ERR_NULL);
        assert_eq!(c2d_poly_make(pts.as_ptr(), 5, null_mut()), C2D_ERR_NULL);
        let bad = [v(0.0, 0.0), v(NAN, 1.0), v(1.0, 0.0)];
        assert_eq!(
            c2d_poly_make(bad.as_ptr(), 3, &mut untouched),
            C2D_ERR_INVALID
        );
    }
    assert_eq!(untouched, tile);

    let k = Capsule::new(v(6.0, 2.0), v(10.0, 2.0), 2.0);
    let c = Circle::new(2.0, 6.0, 2.0);
    assert!(!c2d_overlap_poly_capsule(tile, k) && c2d_touch_poly_capsule(tile, k));
    assert!(!c2d_overlap_poly_circle(tile, c) && c2d_touch_poly_circle(tile, c));
    assert!(c2d_overlap_poly_poly(tile, tile) && c2d_touch_point_poly(v(4.0, 4.0), tile));
    assert!(!c2d_overlap_rect_poly(rect(4.0, 0.0, 1.0, 1.0), tile));
    assert!(c2d_touch_obb_poly(obb(5.0, 1.0, 1.0, 1.0, 90.0), tile));
    assert!(c2d_touch_point_capsule(v(8.0, 4.0), k) && !c2d_overlap_point_capsule(v(8.0, 4.0), k));
    assert!(c2d_touch_rect_capsule(rect(12.0, 1.0, 1.0, 2.0), k));
    assert!(!c2d_touch_rect_capsule(rect(12.0, 0.0, 1.0, 1.0), k));
    assert!(c2d_touch_obb_capsule(obb(12.5, 2.0, 0.5, 0.5, 0.0), k));
    assert!(c2d_touch_capsule_circle(k, Circle::new(14.0, 2.0, 2.0)));
    assert!(c2d_touch_capsule_capsule(k, k) && c2d_overlap_capsule_capsule(k, k));
    assert!(c2d_intersect_segment_poly(
        Segment::new(v(-1.0, 2.0), v(0.0, 2.0)),
        tile
    ));
    assert!(c2d_intersect_segment_capsule(
        Segment::new(v(8.0, 4.0), v(8.0, 9.0)),
        k
    ));
    let nan_k = Capsule::new(v(NAN, 2.0), v(10.0, 2.0), 2.0);
    assert!(!c2d_touch_poly_capsule(tile, nan_k) && !c2d_touch_capsule_capsule(nan_k, k));

    // SAFETY: `outs` passes NULL, aligned and unaligned writable outs.
    let hit = outs(|o| unsafe { c2d_raycast_poly(v(-2.0, 1.0), v(4.0, 0.0), tile, o) }).unwrap();
    assert_eq!((hit.t, hit.normal), (0.5, v(-1.0, 0.0)));
    // SAFETY: as above.
    assert!(outs(|o| unsafe { c2d_raycast_poly(v(-2.0, 5.0), v(4.0, 0.0), tile, o) }).is_none());
    // SAFETY: as above.
    assert!(outs(|o| unsafe { c2d_raycast_poly(v(INF, 1.0), v(4.0, 0.0), tile, o) }).is_none());
    let mut broken = tile;
    broken.count = 9;
    assert!(
        !c2d_touch_poly_poly(broken, tile)
            && !c2d_intersect_segment_poly(Segment::default(), broken)
    );

    // Contacts, manifolds and the capsule ray cast through NULL, aligned and unaligned outs.
    let sunk = rect(1.0, -1.0, 2.0, 2.0);
    // SAFETY: as above.
    let c = outs(|o| unsafe { c2d_collide_rect_poly(sunk, tile, o) }).unwrap();
    assert_eq!((c.normal, c.depth), (v(0.0, 1.0), 1.0));
    // SAFETY: as above.
    let c = outs(|o| unsafe { c2d_collide_capsule_capsule(k, k, o) }).unwrap();
    assert!(c.depth > 0.0);
    // SAFETY: as above.
    let m = outs(|o| unsafe { c2d_manifold_rect_poly(sunk, tile, o) }).unwrap();
    assert_eq!((m.count, m.normal), (2, v(0.0, 1.0)));
    // SAFETY: as above.
    let h = outs(|o| unsafe { c2d_raycast_capsule(v(8.0, 6.0), v(0.0, -4.0), k, o) }).unwrap();
    assert_eq!((h.t, h.normal), (0.5, v(0.0, 1.0)));
    // SAFETY: NULL is allowed.
    assert!(!unsafe { c2d_manifold_poly_poly(broken, tile, null_mut()) });
    assert_eq!(c2d_distance_poly_poly(broken, tile), f32::INFINITY);
}

#[test]
fn polygon_and_capsule_sweeps_write_only_on_a_hit() {
    let pts = [v(0.0, 0.0), v(4.0, 0.0), v(4.0, 4.0), v(0.0, 4.0)];
    let mut tile = Poly::default();
    // SAFETY: `pts` holds 4 points and `tile` is writable.
    assert_eq!(unsafe { c2d_poly_make(pts.as_ptr(), 4, &mut tile) }, C2D_OK);
    let k = Capsule::new(v(0.0, 2.0), v(4.0, 2.0), 1.0);
    let (a, c, d) = (
        rect(-4.0, 1.0, 2.0, 2.0),
        Circle::new(-4.0, 2.0, 1.0),
        v(8.0, 0.0),
    );
    let mover = Capsule::new(v(-4.0, 1.0), v(-4.0, 3.0), 0.5);
    let mut cast = tile;
    for p in cast.verts.iter_mut().take(4) {
        p.x -= 8.0;
    }
    // SAFETY (every call below): `outs` passes NULL, aligned and unaligned writable outs.
    let hits = [
        outs(|o| unsafe { c2d_sweep_rect_poly(a, d, tile, o) }),
        outs(|o| unsafe { c2d_sweep_rect_capsule(a, d, k, o) }),
        outs(|o| unsafe { c2d_sweep_circle_poly(c, d, tile, o) }),
        outs(|o| unsafe { c2d_sweep_circle_capsule(c, d, k, o) }),
        outs(|o| unsafe { c2d_sweep_capsule_poly(mover, d, tile, o) }),
        outs(|o| unsafe { c2d_sweep_capsule_capsule(mover, d, k, o) }),
        outs(|o| unsafe { c2d_sweep_poly_poly(cast, d, tile, o) }),
        outs(|o| unsafe { c2d_sweep_poly_capsule(cast, d, k, o) }),
        outs(|o| unsafe { c2d_sweep_poly_rect(cast, d, rect(0.0, 0.0, 4.0, 4.0), o) }),
        outs(|o| unsafe { c2d_sweep_poly_circle(cast, d, Circle::new(2.0, 2.0, 1.0), o) }),
        outs(|o| unsafe { c2d_sweep_capsule_rect(mover, d, rect(0.0, 0.0, 4.0, 4.0), o) }),
        outs(|o| unsafe { c2d_sweep_capsule_circle(mover, d, Circle::new(2.0, 2.0, 1.0), o) }),
    ];
    for h in hits {
        let h = h.expect("each mover reaches its target");
        assert!(h.t > 0.0 && h.t < 1.0 && h.normal.x < 0.0, "{h:?}");
    }
    assert!(outs::<Hit>(|o| unsafe { c2d_sweep_rect_poly(a, v(NAN, 0.0), tile, o) }).is_none());
    assert!(outs::<Hit>(|o| unsafe { c2d_sweep_circle_capsule(c, v(INF, 0.0), k, o) }).is_none());
    let mut broken = tile;
    broken.count = 9;
    assert!(outs::<Hit>(|o| unsafe { c2d_sweep_poly_poly(cast, d, broken, o) }).is_none());
}

#[test]
fn sensors_and_events_through_their_c_signatures() {
    let w = c2d_world_new(32.0);
    // SAFETY (every call below): `w` is a live world until freed at the end; outs are NULL,
    // aligned or unaligned writable memory of the right size.
    unsafe {
        let zone = c2d_world_add(w, rect(0.0, 0.0, 10.0, 10.0), 0);
        let a = c2d_world_add(w, rect(20.0, 2.0, 4.0, 4.0), 0);
        assert_eq!(c2d_world_set_sensor(null_mut(), zone, true), C2D_ERR_NULL);
        assert_eq!(c2d_world_set_sensor(w, 0, true), C2D_ERR_STALE);
        assert_eq!(c2d_world_set_sensor(w, zone, true), C2D_OK);
        let mut on = MaybeUninit::<bool>::zeroed();
        assert_eq!(c2d_world_get_sensor(w, zone, on.as_mut_ptr()), C2D_OK);
        assert!(on.assume_init());
        assert_eq!(c2d_world_get_sensor(w, a, null_mut()), C2D_OK);
        assert_eq!(c2d_world_get_sensor(null(), a, null_mut()), C2D_ERR_NULL);
        let mut at = MaybeUninit::<Vec2>::zeroed();
        let st = c2d_world_move(
            w,
            a,
            v(2.0, 2.0),
            None,
            null_mut(),
            at.as_mut_ptr(),
            null_mut(),
            0,
            null_mut(),
        );
        assert_eq!(st, C2D_OK);
        c2d_world_remove(w, zone);
        assert_eq!(c2d_world_events(null_mut(), null_mut(), 4), 0);
        assert_eq!(c2d_world_events(w, null_mut(), 0), 2, "counted, not taken");
        // One event into a buffer of one, the other on the next call.
        let mut one = [MaybeUninit::<Event>::uninit(); 1];
        assert_eq!(c2d_world_events(w, one[0].as_mut_ptr(), 1), 2);
        let first = one[0].assume_init();
        assert_eq!(
            (first.sensor, first.item, first.kind),
            (zone, a, C2D_EVENT_BEGIN)
        );
        let mut rest = [Event::default(); 2];
        assert_eq!(c2d_world_events(w, rest.as_mut_ptr(), 2), 1);
        assert_eq!(rest[0].flags, C2D_EVENT_REMOVED);
        c2d_world_free(w);
    }
}

#[test]
fn integer_world_through_its_c_signatures() {
    use collide2d::world::WorldHitD;
    let w = c2d_world_new_d(32.0);
    // SAFETY (every call below): `w` is a live world until freed at the end; outs are NULL or
    // writable memory of the right size.
    unsafe {
        let wall = c2d_world_add_i(w, RectI::new(20, 0, 4, 40), 3);
        let a = c2d_world_add_i(w, RectI::new(0, 0, 8, 8), 0);
        assert_eq!(c2d_world_add_i(null_mut(), RectI::new(0, 0, 1, 1), 0), 0);
        let mut r = MaybeUninit::<RectI>::zeroed();
        let mut user = 0u64;
        assert_eq!(c2d_world_get_i(w, wall, r.as_mut_ptr(), &mut user), C2D_OK);
        assert_eq!((r.assume_init(), user), (RectI::new(20, 0, 4, 40), 3));
        assert_eq!(c2d_world_get_i(w, a, null_mut(), null_mut()), C2D_OK);
        assert_eq!(
            c2d_world_get_i(null(), a, null_mut(), null_mut()),
            C2D_ERR_NULL
        );
        let mut hits = [MaybeUninit::<WorldHitD>::uninit(); 2];
        let mut n = 0usize;
        let st = c2d_world_move_i(
            w,
            a,
            40,
            0,
            None,
            null_mut(),
            r.as_mut_ptr(),
            hits.as_mut_ptr().cast::<WorldHitD>(),
            2,
            &mut n,
        );
        assert_eq!((st, n), (C2D_OK, 1));
        assert_eq!(r.assume_init(), RectI::new(12, 0, 8, 8));
        let st = c2d_world_move_i(
            w,
            a,
            0,
            0,
            None,
            null_mut(),
            null_mut(),
            null_mut(),
            0,
            null_mut(),
        );
        assert_eq!(st, C2D_OK);
        assert_eq!(
            c2d_world_update_i(w, 0, RectI::new(0, 0, 1, 1)),
            C2D_ERR_STALE
        );
        let mut found = [0u64; 1];
        assert_eq!(
            c2d_world_query_rect_i(w, RectI::new(0, 0, 100, 100), found.as_mut_ptr(), 1),
            2
        );
        assert_eq!(
            c2d_world_query_rect_i(null(), RectI::new(0, 0, 1, 1), null_mut(), 0),
            0
        );
        c2d_world_free(w);
    }
}

/// Tile layers through their C signatures: a grid with gaps between rows read only where the
/// stride says (the buffer ends at the last code), outs unaligned and NULL, bad input refused.
#[test]
fn tile_layers_read_only_their_grid_and_write_through_any_out() {
    use collide2d::world::{TileRun, Vec2D};
    let w = c2d_world_new_d(64.0);
    let (o, t) = (Vec2D::new(0.0, 0.0), Vec2D::new(16.0, 16.0));
    // Three rows of two codes, five codes apart: the grid's last code ends the buffer.
    let mut codes = [0xdead_beefu32; 2 * 5 + 2];
    for (r, row) in [[1u32, 1], [2, 0x0300 | 1], [6, 7]].iter().enumerate() {
        codes[r * 5..r * 5 + 2].copy_from_slice(row);
    }
    // SAFETY (all calls below): `w` is live until freed at the end; `codes` holds the
    // `(rows - 1) * stride + cols` codes each call reads; out pointers are valid or NULL.
    unsafe {
        let grid = codes.as_ptr();
        let mut bytes = [0xA5u8; 5];
        let unaligned = bytes[1..].as_mut_ptr() as *mut u32;
        assert_eq!(
            c2d_world_add_tiles(w, grid, 2, 3, 5, o, t, unaligned),
            C2D_OK
        );
        let layer = unaligned.read_unaligned();
        assert_eq!(layer, 1);
        assert_eq!(
            c2d_world_add_tiles(w, grid, 2, 3, 5, o, t, null_mut()),
            C2D_OK
        );
        assert_eq!(
            c2d_world_count(w),
            2 * 5,
            "a run of two solid tiles is one item"
        );
        assert_eq!(
            c2d_world_add_tiles(w, grid, 2, 3, 5, o, Vec2D::new(f64::NAN, 1.0), null_mut()),
            C2D_ERR_INVALID
        );
        assert_eq!(
            c2d_world_add_tiles(w, null(), 2, 3, 5, o, t, null_mut()),
            C2D_ERR_NULL
        );
        assert_eq!(
            c2d_world_add_tiles(null_mut(), grid, 2, 3, 5, o, t, null_mut()),
            C2D_ERR_NULL
        );
        assert_eq!(
            c2d_world_add_tiles(w, grid, i32::MAX, 2, usize::MAX, o, t, null_mut()),
            C2D_ERR_INVALID
        );
        assert_eq!(c2d_world_set_tile(w, layer, 1, 2, C2D_TILE_SOLID), C2D_OK);
        assert_eq!(c2d_world_set_tile(w, layer, 2, 0, 1), C2D_ERR_INVALID);
        assert_eq!(c2d_world_set_tile(null_mut(), layer, 0, 0, 1), C2D_ERR_NULL);
        let code = outs::<u32>(|p| c2d_world_get_tile(w, layer, 1, 2, p) == C2D_OK);
        assert_eq!(code, Some(C2D_TILE_SOLID));
        assert_eq!(
            outs::<u32>(|p| c2d_world_get_tile(w, 9, 0, 0, p) == C2D_OK),
            None
        );
        let mut ids = [0u64; 2];
        let p = collide2d::world::Vec2D::new(24.0, 24.0);
        assert_eq!(
            c2d_world_query_point_d(w, p, u64::MAX, ids.as_mut_ptr(), 2),
            2
        );
        let run = outs::<TileRun>(|o| c2d_world_tile_of(w, ids[0], o) == C2D_OK).unwrap();
        assert_eq!(
            (run.code, run.col, run.row, run.cols, run.rows),
            (0x0301, 1, 1, 1, 1)
        );
        assert_eq!(
            outs::<TileRun>(|o| c2d_world_tile_of(w, 77, o) == C2D_OK),
            None
        );
        let origin = outs::<Vec2D>(|o| {
            c2d_world_get_tiles(w, layer, null_mut(), null_mut(), o, null_mut()) == C2D_OK
        });
        assert_eq!(origin, Some(o));
        let cols = outs::<i32>(|c| {
            c2d_world_get_tiles(w, layer, c, null_mut(), null_mut(), null_mut()) == C2D_OK
        });
        assert_eq!(cols, Some(2));
        assert_eq!(c2d_world_set_tiles_category(w, layer, 2, 2), C2D_OK);
        assert_eq!(c2d_world_remove(w, ids[0]), C2D_ERR_INVALID);
        assert_eq!(c2d_world_remove_tiles(w, layer), C2D_OK);
        assert_eq!(c2d_world_remove_tiles(w, layer), C2D_ERR_STALE);
        assert_eq!(c2d_world_remove_tiles(null_mut(), 2), C2D_ERR_NULL);
        assert_eq!(c2d_world_count(w), 5);
        c2d_world_free(w);
    }
}

#[test]
fn batches_read_unaligned_items_and_write_only_their_outputs() {
    // Three rects and three circles inside byte buffers at an odd address, 21 bytes apart: the
    // strided form must read them without alignment. Columns at an odd address likewise.
    let rects = [
        rect(0.0, 0.0, 2.0, 2.0),
        rect(2.0, 0.0, 2.0, 2.0),
        rect(NAN, 0.0, 1.0, 1.0),
    ];
    let circles = [
        Circle::new(1.0, 1.0, 1.0),
        Circle::new(3.0, 1.0, 1.0),
        Circle::new(0.0, INF, 1.0),
    ];
    let stride = 21;
    let mut rbytes = vec![0u8; 1 + 3 * stride];
    let mut cbytes = vec![0u8; 1 + 3 * stride];
    let mut cols = vec![0u8; 1 + 7 * 3 * 4];
    for i in 0..3 {
        // SAFETY: each write lies inside its buffer; `write_unaligned` needs no alignment.
        unsafe {
            rbytes
                .as_mut_ptr()
                .add(1 + i * stride)
                .cast::<Rect>()
                .write_unaligned(rects[i]);
            cbytes
                .as_mut_ptr()
                .add(1 + i * stride)
                .cast::<Circle>()
                .write_unaligned(circles[i]);
            let r = rects[i];
            let c = circles[i];
            for (k, v) in [r.x, r.y, r.w, r.h, c.x, c.y, c.r].into_iter().enumerate() {
                cols.as_mut_ptr()
                    .add(1 + (k * 3 + i) * 4)
                    .cast::<f32>()
                    .write_unaligned(v);
            }
        }
    }
    let rp = rbytes[1..].as_ptr().cast::<Rect>();
    let cp = cbytes[1..].as_ptr().cast::<Circle>();
    let col = |k: usize| cols[1 + k * 12..].as_ptr().cast::<f32>();
    let (q, c, p) = (
        rect(1.0, 0.5, 2.0, 1.0),
        Circle::new(2.0, 1.0, 0.5),
        v(2.0, 1.0),
    );
    let mut bits = [0xA5A5_A5A5_A5A5_A5A5u64; 2];
    let mut idx = [u32::MAX; 4];
    let (b, o) = (bits.as_mut_ptr(), idx.as_mut_ptr());
    // SAFETY (all calls below): the items are readable at `stride` for 3 items, the columns for
    // 3 floats each; `bits` holds a word, `idx` 4 indices; NULL items come with n == 0 or are
    // refused.
    unsafe {
        let (x, y, w, h, cx, cy, cr) = (col(0), col(1), col(2), col(3), col(4), col(5), col(6));
        let answers = [
            (
                c2d_overlap_rect_rects(q, rp, stride, 3, b, o, 4),
                c2d_overlap_rect_rects_soa(q, x, y, w, h, 3, b, o, 4),
                2,
            ),
            (
                c2d_touch_rect_rects(q, rp, stride, 3, b, o, 4),
                c2d_touch_rect_rects_soa(q, x, y, w, h, 3, b, o, 4),
                2,
            ),
            (
                c2d_overlap_point_rects(p, rp, stride, 3, b, o, 4),
                c2d_overlap_point_rects_soa(p, x, y, w, h, 3, b, o, 4),
                0,
            ),
            (
                c2d_touch_point_rects(p, rp, stride, 3, b, o, 4),
                c2d_touch_point_rects_soa(p, x, y, w, h, 3, b, o, 4),
                2,
            ),
            (
                c2d_overlap_circle_rects(c, rp, stride, 3, b, o, 4),
                c2d_overlap_circle_rects_soa(c, x, y, w, h, 3, b, o, 4),
                2,
            ),
            (
                c2d_touch_circle_rects(c, rp, stride, 3, b, o, 4),
                c2d_touch_circle_rects_soa(c, x, y, w, h, 3, b, o, 4),
                2,
            ),
            (
                c2d_overlap_rect_circles(q, cp, stride, 3, b, o, 4),
                c2d_overlap_rect_circles_soa(q, cx, cy, cr, 3, b, o, 4),
                2,
            ),
            (
                c2d_touch_rect_circles(q, cp, stride, 3, b, o, 4),
                c2d_touch_rect_circles_soa(q, cx, cy, cr, 3, b, o, 4),
                2,
            ),
            (
                c2d_overlap_point_circles(p, cp, stride, 3, b, o, 4),
                c2d_overlap_point_circles_soa(p, cx, cy, cr, 3, b, o, 4),
                0,
            ),
            (
                c2d_touch_point_circles(p, cp, stride, 3, b, o, 4),
                c2d_touch_point_circles_soa(p, cx, cy, cr, 3, b, o, 4),
                2,
            ),
            (
                c2d_overlap_circle_circles(c, cp, stride, 3, b, o, 4),
                c2d_overlap_circle_circles_soa(c, cx, cy, cr, 3, b, o, 4),
                2,
            ),
            (
                c2d_touch_circle_circles(c, cp, stride, 3, b, o, 4),
                c2d_touch_circle_circles_soa(c, cx, cy, cr, 3, b, o, 4),
                2,
            ),
        ];
        for (i, &(aos, soa, want)) in answers.iter().enumerate() {
            assert_eq!((aos, soa), (want, want), "function pair {i}");
        }
        assert_eq!(bits[1], 0xA5A5_A5A5_A5A5_A5A5, "one word for three items");
        // NULL outputs, NULL items.
        assert_eq!(
            c2d_touch_rect_rects(q, rp, stride, 3, null_mut(), null_mut(), 9),
            2
        );
        assert_eq!(c2d_touch_rect_rects(q, null(), 0, 0, b, o, 4), 0);
        assert_eq!(c2d_touch_rect_rects(q, null(), 16, 3, b, o, 4), 0);
        assert_eq!(
            c2d_touch_circle_circles_soa(c, cx, null(), cr, 3, b, o, 4),
            0
        );
        assert_eq!(
            c2d_touch_circle_circles_soa(c, null(), null(), null(), 0, b, o, 4),
            0
        );
    }
}
