//! API.md: "No function allocates except the world functions." Every other C function is called
//! here under a global allocator that counts, over inputs that take their slow paths too (exact
//! touches, NaN, huge values, hits and misses, many obstacles), and the count must stay at zero.
//! (A test binary of its own: the counting allocator applies to this binary only.)

use collide2d::ffi::*;
use collide2d::{
    Capsule, Circle, CircleI, Contact, Hit, Manifold, MoveInfo, Obb, Poly, Rect, RectI, Rot,
    Segment, Vec2,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

thread_local! {
    /// Whether this thread's allocations are counted: the test's own thread only, so that the
    /// test harness's threads, which may allocate at any time on a loaded machine, are not.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards every call to the system allocator unchanged; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.try_with(Cell::get).unwrap_or(false) {
            ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        }
        // SAFETY: the caller's layout is passed on as given.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Calls every non-world C function once with these shapes.
fn call_everything(r: Rect, s: Rect, c: Circle, d: Circle, o: Obb, p: Vec2, delta: Vec2) {
    let seg = Segment::new(p, v(p.x + delta.x, p.y + delta.y));
    let (ri, ci) = (
        RectI::new(r.x as i32, r.y as i32, r.w as i32, r.h as i32),
        CircleI::new(c.x as i32, c.y as i32, c.r as i32),
    );
    let mut contact = Contact::default();
    let mut hit = Hit::default();
    let mut rect_out = Rect::default();
    let obstacles = [s, Rect::new(s.x + s.w, s.y, 16.0, 16.0), r, s, s, s, s, s];
    let obstacles_i = [ri, RectI::new(ri.x + 40, ri.y, 16, 16)];
    let mut info = MoveInfo::default();
    let mut blocked = 0u32;
    let mut answers = 0usize;
    let mut count = |b: bool| answers += b as usize;
    // SAFETY (every unsafe call below): the out pointers point to live locals, and the obstacle
    // pointers to arrays of the length passed.
    unsafe {
        count(c2d_overlap_rect_rect(r, s) | c2d_touch_rect_rect(r, s));
        count(c2d_overlap_circle_circle(c, d) | c2d_touch_circle_circle(c, d));
        count(c2d_overlap_rect_circle(r, c) | c2d_touch_rect_circle(r, c));
        count(c2d_overlap_point_rect(p, r) | c2d_touch_point_rect(p, r));
        count(c2d_overlap_point_circle(p, c) | c2d_touch_point_circle(p, c));
        count(c2d_overlap_obb_circle(o, c) | c2d_touch_obb_circle(o, c));
        count(c2d_overlap_obb_rect(o, r) | c2d_touch_obb_rect(o, r));
        count(c2d_overlap_obb_obb(o, o) | c2d_touch_obb_obb(o, o));
        count(c2d_overlap_point_obb(p, o) | c2d_touch_point_obb(p, o));
        count(c2d_overlap_recti_recti(ri, ri) | c2d_touch_recti_recti(ri, ri));
        count(c2d_overlap_recti_circlei(ri, ci) | c2d_touch_recti_circlei(ri, ci));
        count(c2d_overlap_circlei_circlei(ci, ci) | c2d_touch_circlei_circlei(ci, ci));
        count(c2d_intersect_segment_segment(
            seg,
            Segment::new(v(r.x, r.y), v(s.x, s.y)),
        ));
        count(c2d_intersect_segment_rect(seg, r));
        count(c2d_intersect_segment_circle(seg, c));
        count(c2d_intersect_segment_obb(seg, o));
        // Polygons and capsules: the hull of the shapes' points (or a hand-made one when the
        // points are refused), and a capsule along the segment.
        let pts = [
            v(r.x, r.y),
            v(r.x + r.w, r.y),
            v(s.x, s.y + s.h),
            v(c.x, c.y),
            p,
            p,
            p,
            p,
            p,
        ];
        let mut poly = Poly {
            verts: [v(0.0, 0.0), v(10.0, 0.0), v(0.0, 10.0), p, p, p, p, p],
            count: 3,
        };
        count(c2d_poly_make(pts.as_ptr(), pts.len(), &mut poly) == C2D_OK);
        let k = Capsule::new(seg.a, seg.b, d.r);
        count(c2d_overlap_point_poly(p, poly) | c2d_touch_point_poly(p, poly));
        count(c2d_overlap_rect_poly(s, poly) | c2d_touch_rect_poly(s, poly));
        count(c2d_overlap_obb_poly(o, poly) | c2d_touch_obb_poly(o, poly));
        count(c2d_overlap_poly_poly(poly, poly) | c2d_touch_poly_poly(poly, poly));
        count(c2d_overlap_poly_circle(poly, d) | c2d_touch_poly_circle(poly, d));
        count(c2d_overlap_poly_capsule(poly, k) | c2d_touch_poly_capsule(poly, k));
        count(c2d_overlap_point_capsule(p, k) | c2d_touch_point_capsule(p, k));
        count(c2d_overlap_rect_capsule(s, k) | c2d_touch_rect_capsule(s, k));
        count(c2d_overlap_obb_capsule(o, k) | c2d_touch_obb_capsule(o, k));
        count(c2d_overlap_capsule_circle(k, c) | c2d_touch_capsule_circle(k, c));
        count(c2d_overlap_capsule_capsule(k, k) | c2d_touch_capsule_capsule(k, k));
        count(c2d_intersect_segment_poly(seg, poly));
        count(c2d_intersect_segment_capsule(seg, k));
        count(c2d_raycast_poly(p, delta, poly, &mut hit));
        let mut manifold = Manifold::default();
        count(c2d_collide_rect_poly(s, poly, &mut contact));
        count(c2d_collide_obb_poly(o, poly, &mut contact));
        count(c2d_collide_poly_poly(poly, poly, &mut contact));
        count(c2d_collide_poly_circle(poly, d, &mut contact));
        count(c2d_collide_poly_capsule(poly, k, &mut contact));
        count(c2d_collide_rect_capsule(s, k, &mut contact));
        count(c2d_collide_obb_capsule(o, k, &mut contact));
        count(c2d_collide_capsule_circle(k, c, &mut contact));
        count(c2d_collide_capsule_capsule(k, k, &mut contact));
        count(c2d_manifold_rect_poly(s, poly, &mut manifold));
        count(c2d_manifold_obb_poly(o, poly, &mut manifold));
        count(c2d_manifold_poly_poly(poly, poly, &mut manifold));
        count(c2d_manifold_rect_rect(r, s, &mut manifold));
        let _ = (
            c2d_distance_rect_poly(s, poly),
            c2d_distance_obb_poly(o, poly),
            c2d_distance_poly_poly(poly, poly),
            c2d_distance_poly_circle(poly, d),
            c2d_distance_poly_capsule(poly, k),
            c2d_distance_rect_capsule(s, k),
            c2d_distance_obb_capsule(o, k),
            c2d_distance_capsule_circle(k, c),
            c2d_distance_capsule_capsule(k, k),
        );
        count(c2d_raycast_capsule(p, delta, k, &mut hit));
        count(c2d_collide_rect_rect(r, s, &mut contact));
        count(c2d_collide_circle_circle(c, d, &mut contact));
        count(c2d_collide_rect_circle(r, c, &mut contact));
        count(c2d_collide_obb_circle(o, c, &mut contact));
        count(c2d_collide_obb_rect(o, r, &mut contact));
        count(c2d_collide_obb_obb(
            o,
            c2d_obb_from_rect(s, 30.0),
            &mut contact,
        ));
        count(c2d_intersection_rect(r, s, &mut rect_out));
        let _ = (c2d_closest_point_rect(r, p), c2d_closest_point_obb(o, p));
        let _ = c2d_closest_point_segment(seg, p);
        let _ = (
            c2d_distance_rect_rect(r, s),
            c2d_distance_circle_circle(c, d),
        );
        let _ = (
            c2d_distance_rect_circle(r, c),
            c2d_distance_obb_circle(o, c),
        );
        let _ = (c2d_distance_obb_rect(o, r), c2d_distance_obb_obb(o, o));
        let _ = (c2d_rot_from_degrees(p.x), c2d_rot_from_radians(p.y));
        let _ = (
            c2d_version(),
            c2d_status_str(C2D_ERR_STALE),
            c2d_status_str(99),
        );
        count(c2d_sweep_rect_rect(r, delta, s, &mut hit));
        count(c2d_sweep_circle_rect(c, delta, s, &mut hit));
        count(c2d_sweep_circle_circle(c, delta, d, &mut hit));
        count(c2d_sweep_rect_circle(r, delta, d, &mut hit));
        count(c2d_sweep_circle_obb(c, delta, o, &mut hit));
        count(c2d_sweep_rect_obb(r, delta, o, &mut hit));
        count(c2d_raycast_rect(p, delta, s, &mut hit));
        count(c2d_raycast_circle(p, delta, d, &mut hit));
        count(c2d_raycast_obb(p, delta, o, &mut hit));
        count(c2d_raycast_segment(
            p,
            delta,
            Segment::new(v(s.x, s.y), v(s.x, s.y + s.h)),
            &mut hit,
        ));
        for response in [C2D_SLIDE, C2D_TOUCH, C2D_CROSS, C2D_BOUNCE, C2D_IGNORE, 77] {
            let at = c2d_move_rect(
                r,
                delta,
                obstacles.as_ptr(),
                obstacles.len(),
                response,
                &mut info,
            );
            count(!at.x.is_nan());
        }
        let _ = c2d_move_rect(r, delta, null_mut::<Rect>(), 3, C2D_SLIDE, null_mut());
        let moved = c2d_move_recti(
            ri,
            50,
            -7,
            obstacles_i.as_ptr(),
            obstacles_i.len(),
            &mut blocked,
        );
        count(moved.x != 0);
    }
    std::hint::black_box(answers);
}

#[test]
fn no_function_but_the_world_allocates() {
    let nan = f32::NAN;
    let cases = [
        // Overlapping, touching exactly (the exact slow paths), apart, NaN, huge.
        (
            Rect::new(0.0, 0.0, 32.0, 32.0),
            Rect::new(16.0, 8.0, 32.0, 32.0),
            v(40.0, 5.0),
        ),
        (
            Rect::new(0.0, 0.0, 32.0, 32.0),
            Rect::new(32.0, 0.0, 32.0, 32.0),
            v(7.0, 0.0),
        ),
        (
            Rect::new(0.0, 0.0, 8.0, 8.0),
            Rect::new(100.0, 30.0, 40.0, 8.0),
            v(120.0, 50.0),
        ),
        (
            Rect::new(nan, 0.0, 8.0, -8.0),
            Rect::new(0.0, nan, 1.0, 1.0),
            v(nan, 1.0),
        ),
        (
            Rect::new(-3e38, 5e13, 3.4e38, f32::INFINITY),
            Rect::new(1.0, 1.0, -2.0, 0.0),
            v(3e38, -3e38),
        ),
    ];
    // One warm-up round outside the count: first-use initialisation belongs to no call.
    for &(r, s, delta) in &cases {
        let c = Circle::new(s.x + 3.0, s.y + 3.0, 5.0);
        let o = Obb::new(
            v(r.x + 4.0, r.y + 4.0),
            v(6.0, 3.0),
            Rot::from_degrees(45.0),
        );
        call_everything(
            r,
            s,
            c,
            Circle::new(c.x + 10.0, c.y, 5.0),
            o,
            v(r.x + 1.0, r.y + 1.0),
            delta,
        );
    }
    // The count can fail: an allocation made while counting is seen. (Only this thread's are
    // counted: every function called below runs on the caller's thread.)
    COUNTING.with(|c| c.set(true));
    drop(std::hint::black_box(Box::new(1u64)));
    assert_eq!(
        ALLOCATIONS.swap(0, Ordering::SeqCst),
        1,
        "the counter missed an allocation"
    );
    for &(r, s, delta) in &cases {
        for deg in [0.0, 90.0, 33.0] {
            let c = Circle::new(s.x + 3.0, s.y + 3.0, 5.0);
            let o = Obb::new(v(r.x + 4.0, r.y + 4.0), v(6.0, 3.0), Rot::from_degrees(deg));
            let d = Circle::new(c.x + 10.0, c.y, 5.0);
            call_everything(r, s, c, d, o, v(r.x + 1.0, r.y + 1.0), delta);
        }
    }
    COUNTING.with(|c| c.set(false));
    assert_eq!(
        ALLOCATIONS.load(Ordering::SeqCst),
        0,
        "a non-world function allocated"
    );
}
