//! What a world's state costs to hash, snapshot, restore and clone, through the C functions a
//! game calls each frame (lockstep netcode compares hashes; rollback snapshots and restores):
//! 10^3, 10^4 and 10^5 items of a level (walls, movers, a one-way platform every 50 items, a
//! slope every 100), milliseconds per call, the least of 15, and snapshot bytes per item.
//!
//! `cargo bench --bench state`

use collide2d::ffi::*;
use collide2d::world::{RectD, World};
use collide2d::Vec2;
use std::hint::black_box;
use std::time::Instant;

fn level(n: usize) -> *mut World {
    // SAFETY (every block below): a live world made here, valid pointers.
    let w = c2d_world_new_d(32.0);
    let side = (n as f64).sqrt().ceil() as usize;
    for k in 0..n {
        let (x, y) = ((k % side) as f64 * 20.5, (k / side) as f64 * 20.25);
        let id = unsafe { c2d_world_add_d(w, RectD::new(x, y, 16.0, 12.3), k as _) };
        if k % 50 == 0 {
            unsafe { c2d_world_set_one_way(w, id, Vec2::new(0.0, -1.0)) };
        }
        if k % 100 == 1 {
            unsafe { c2d_world_set_slope(w, id, 1) };
        }
    }
    w
}

fn best(mut f: impl FnMut()) -> f64 {
    (0..15)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    println!("| items | hash, ms | snapshot, ms | restore, ms | clone, ms | bytes per item |");
    println!("|---|---|---|---|---|---|");
    for n in [1_000usize, 10_000, 100_000] {
        let w = level(n);
        // SAFETY: `w` is live; `buf` holds `size` bytes.
        let size = unsafe { c2d_world_snapshot_size(w) };
        let mut buf = vec![0u8; size];
        let hash = best(|| {
            black_box(unsafe { c2d_world_hash(w) });
        });
        let snap = best(|| {
            black_box(unsafe { c2d_world_snapshot(w, buf.as_mut_ptr(), buf.len()) });
        });
        let restore = best(|| {
            let st = unsafe { c2d_world_restore(w, buf.as_ptr(), buf.len()) };
            assert_eq!(st, C2D_OK);
        });
        let clone = best(|| unsafe { c2d_world_free(black_box(c2d_world_clone(w))) });
        println!(
            "| {n} | {hash:.3} | {snap:.3} | {restore:.3} | {clone:.3} | {:.1} |",
            size as f64 / n as f64
        );
        unsafe { c2d_world_free(w) };
    }
}
