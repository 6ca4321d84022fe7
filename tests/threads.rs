//! Thread safety: every query is a pure function of its arguments (no global state, no
//! allocation), so eight threads calling the C ABI at once get exactly the single-threaded
//! answers.

use collide2d::ffi::*;
use collide2d::{Circle, Contact, Hit, Obb, Rect, RectI, Segment, Vec2};
use std::ptr::null_mut;
use std::sync::{Arc, Barrier};
use std::thread;

/// A small deterministic generator (xorshift), so every thread sees the same inputs.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Multiples of 1/4 in -64..64 (many touching pairs), with an occasional NaN.
    fn f(&mut self) -> f32 {
        let v = self.next();
        if v % 97 == 0 {
            f32::NAN
        } else {
            ((v >> 8) % 512) as f32 / 4.0 - 64.0
        }
    }
    fn v(&mut self) -> Vec2 {
        Vec2::new(self.f(), self.f())
    }
    fn rect(&mut self) -> Rect {
        Rect::new(self.f(), self.f(), self.f() / 2.0, self.f() / 2.0)
    }
    fn circle(&mut self) -> Circle {
        Circle::new(self.f(), self.f(), self.f() / 4.0)
    }
    fn obb(&mut self) -> Obb {
        let r = self.rect();
        c2d_obb_from_rect(r, self.f() * 3.0)
    }
}

/// Every answer for one input set, as bits so that NaN compares equal to itself.
fn answers(seed: u64, rounds: usize) -> Vec<u32> {
    let mut g = Gen(seed);
    let mut out = Vec::new();
    let bits = |v: Vec2| [v.x.to_bits(), v.y.to_bits()];
    for _ in 0..rounds {
        let (a, b, c, d, o, p) = (g.rect(), g.rect(), g.circle(), g.circle(), g.obb(), g.obb());
        let (v, w) = (g.v(), g.v());
        let s = Segment::new(v, w);
        out.extend(
            [
                c2d_overlap_rect_rect(a, b),
                c2d_touch_rect_rect(a, b),
                c2d_overlap_circle_circle(c, d),
                c2d_touch_rect_circle(a, c),
                c2d_overlap_point_rect(v, a),
                c2d_touch_point_circle(v, c),
                c2d_overlap_obb_circle(o, c),
                c2d_touch_obb_rect(o, a),
                c2d_overlap_obb_obb(o, p),
                c2d_touch_point_obb(v, o),
                c2d_intersect_segment_segment(s, Segment::new(g.v(), g.v())),
                c2d_intersect_segment_rect(s, a),
                c2d_intersect_segment_circle(s, c),
                c2d_intersect_segment_obb(s, o),
            ]
            .map(u32::from),
        );
        let mut ct = Contact::default();
        // SAFETY: `ct` is a valid out pointer.
        unsafe {
            out.push(c2d_collide_rect_rect(a, b, &mut ct) as u32);
            out.push(c2d_collide_circle_circle(c, d, &mut ct) as u32);
            out.push(c2d_collide_rect_circle(a, c, &mut ct) as u32);
            out.push(c2d_collide_obb_circle(o, c, &mut ct) as u32);
            out.push(c2d_collide_obb_rect(o, b, &mut ct) as u32);
            out.push(c2d_collide_obb_obb(o, p, &mut ct) as u32);
        }
        out.extend(bits(ct.normal));
        out.push(ct.depth.to_bits());
        out.extend(bits(c2d_closest_point_obb(o, v)));
        out.extend(bits(c2d_closest_point_segment(s, w)));
        out.push(c2d_distance_obb_obb(o, p).to_bits());
        out.push(c2d_distance_rect_circle(a, c).to_bits());
        let mut h = Hit::default();
        // SAFETY: `h` is a valid out pointer; the obstacle array holds 2 rects.
        unsafe {
            out.push(c2d_sweep_rect_rect(a, v, b, &mut h) as u32);
            out.push(c2d_sweep_circle_obb(c, v, o, &mut h) as u32);
            out.push(c2d_sweep_rect_obb(a, w, o, &mut h) as u32);
            out.push(c2d_raycast_obb(v, w, o, &mut h) as u32);
            out.push(h.t.to_bits());
            out.extend(bits(c2d_move_rect(
                a,
                v,
                [b, g.rect()].as_ptr(),
                2,
                C2D_SLIDE,
                null_mut(),
            )));
            let ri = RectI::new(g.next() as i32, g.next() as i32, 40, 40);
            let obstacles = [RectI::new(0, 0, 64, 64)];
            let r = c2d_move_recti(
                ri,
                g.next() as i32 >> 20,
                7,
                obstacles.as_ptr(),
                1,
                null_mut(),
            );
            out.extend([r.x as u32, r.y as u32]);
        }
    }
    out
}

#[test]
fn eight_threads_agree_with_one() {
    const SEEDS: [u64; 4] = [0x9E37_79B9_7F4A_7C15, 1, 0xDEAD_BEEF, 42];
    let want: Vec<Vec<u32>> = SEEDS.iter().map(|&s| answers(s, 2000)).collect();
    let want = Arc::new(want);
    let start = Arc::new(Barrier::new(8));
    let threads: Vec<_> = (0..8)
        .map(|i| {
            let (want, start) = (Arc::clone(&want), Arc::clone(&start));
            thread::spawn(move || {
                start.wait();
                // Each thread walks the seeds in its own order, so different queries overlap.
                for k in 0..SEEDS.len() {
                    let j = (i + k) % SEEDS.len();
                    assert_eq!(answers(SEEDS[j], 2000), want[j], "thread {i}, seed {j}");
                }
            })
        })
        .collect();
    for t in threads {
        t.join().expect("a thread's answers differ");
    }
}

/// A world is used by one thread at a time: handed from thread to thread behind a mutex, each
/// thread adding, moving and querying; the result equals the same calls made on one thread.
#[test]
fn a_world_moves_between_threads_behind_a_mutex() {
    use std::sync::Mutex;

    /// The raw world pointer, sent between threads (the mutex makes each use exclusive).
    struct Shared(*mut collide2d::world::World);
    // SAFETY: the pointer is only used while holding the mutex, one thread at a time, and the
    // world keeps no thread-local state.
    unsafe impl Send for Shared {}

    /// Step `k`: add an item, move it, and query around it; returns what was seen.
    fn step(w: *mut collide2d::world::World, k: u32) -> Vec<u64> {
        let x = (k % 16) as f32 * 3.0;
        let y = (k / 16) as f32 * 3.0;
        // SAFETY: `w` is live and used by this thread alone (see `Shared`).
        unsafe {
            let id = c2d_world_add(w, Rect::new(x, y, 2.0, 2.0), k as u64);
            let mut actual = Vec2::new(0.0, 0.0);
            let st = c2d_world_move(
                w,
                id,
                Vec2::new(x + 5.0, y + 1.0),
                None,
                null_mut(),
                &mut actual,
                null_mut(),
                0,
                null_mut(),
            );
            assert_eq!(st, C2D_OK);
            let mut ids = [0u64; 16];
            let n = c2d_world_query_rect(
                w,
                Rect::new(x - 4.0, y - 4.0, 12.0, 12.0),
                ids.as_mut_ptr(),
                16,
            );
            // Handles differ between worlds: compare the items' user values.
            let mut seen = vec![
                actual.x.to_bits() as u64,
                actual.y.to_bits() as u64,
                n as u64,
            ];
            for &h in &ids[..n.min(16)] {
                let mut user = u64::MAX;
                assert_eq!(c2d_world_get(w, h, null_mut(), &mut user), C2D_OK);
                seen.push(user);
            }
            seen
        }
    }

    const STEPS: u32 = 256;
    let single = c2d_world_new(4.0);
    let want: Vec<Vec<u64>> = (0..STEPS).map(|k| step(single, k)).collect();
    // SAFETY: made above, not used after.
    unsafe { c2d_world_free(single) };

    let shared = Arc::new(Mutex::new((Shared(c2d_world_new(4.0)), 0u32, Vec::new())));
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let shared = Arc::clone(&shared);
            thread::spawn(move || loop {
                let mut guard = shared.lock().unwrap();
                let (world, next, seen) = &mut *guard;
                if *next == STEPS {
                    break;
                }
                seen.push(step(world.0, *next));
                *next += 1;
            })
        })
        .collect();
    for t in threads {
        t.join().expect("a thread failed");
    }
    let (world, _, seen) = Arc::into_inner(shared).unwrap().into_inner().unwrap();
    assert!(
        seen == want,
        "the world's answers depend on the thread using it"
    );
    // SAFETY: every thread is done with it.
    unsafe { c2d_world_free(world.0) };
}
