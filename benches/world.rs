//! The world's broad phase against parry2d's `Bvh` and brute force, side by side, one run.
//!
//! `cargo bench --bench world` (options after `--`: `quick` for fewer frames, `only=N` for one
//! size, `wall` for wall-clock instead of this thread's CPU time, `world` for the world's rows
//! only, `floor` for the floor row only, `scaling` for the last tables only, `moves` for the move row only, `crowd=N` to count the pairs of N items all in one cell, with the peak memory). Scenario: N boxes of 4..20 units in a square sized so that each overlaps about three
//! others ("game density"), every box moving by up to 1 unit per frame. Figures are milliseconds
//! per operation on one core: build (add N boxes to an empty structure), frame (update every
//! box, then list the strictly overlapping pairs; also with each half timed apart within every
//! frame), and 1000 rect queries of 32×32. Every structure reports the same pairs (checked
//! against brute force up to N = 10000). One row per size is a 10000-unit floor under N
//! 8-unit bullets, one the same scene through the double-precision functions. A last table
//! shows that nothing is quadratic: one move across a dense field of N small items (it costs
//! what the cells along its path hold), and `pairs` with N items all in one cell (the least
//! mean of seven batches of calls, each batch at least 20 ms).

mod common;

use collide2d::world::{Pair, Precision, World};
use collide2d::{overlap_rect_rect, Rect};
use common::Rng;
use parry2d::bounding_volume::Aabb;
use parry2d::math::Vector;
use parry2d::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};
use std::hint::black_box;
use std::time::Instant;

struct Scene {
    rects: Vec<Rect>,
    vel: Vec<(f32, f32)>,
    side: f32,
    queries: Vec<Rect>,
}

impl Scene {
    fn new(n: usize, seed: u64) -> Scene {
        let mut rng = Rng(seed);
        // Mean size 12: two boxes overlap when their corners are within ~12 on both axes, an
        // area of ~576, so side² = n·576/3 gives about three overlaps per box.
        let side = (n as f32 * 576.0 / 3.0).sqrt();
        let mut rects = Vec::with_capacity(n);
        let mut vel = Vec::with_capacity(n);
        for _ in 0..n {
            let (w, h) = (4.0 + 16.0 * rng.f(0.0, 1.0), 4.0 + 16.0 * rng.f(0.0, 1.0));
            rects.push(Rect::new(
                rng.f(0.0, 1.0) * side,
                rng.f(0.0, 1.0) * side,
                w,
                h,
            ));
            vel.push((rng.f(0.0, 1.0) * 2.0 - 1.0, rng.f(0.0, 1.0) * 2.0 - 1.0));
        }
        let queries = (0..1000)
            .map(|_| Rect::new(rng.f(0.0, 1.0) * side, rng.f(0.0, 1.0) * side, 32.0, 32.0))
            .collect();
        Scene {
            rects,
            vel,
            side,
            queries,
        }
    }

    fn step(&mut self) {
        for (r, v) in self.rects.iter_mut().zip(&mut self.vel) {
            if r.x + v.0 < 0.0 || r.x + v.0 > self.side {
                v.0 = -v.0;
            }
            if r.y + v.1 < 0.0 || r.y + v.1 > self.side {
                v.1 = -v.1;
            }
            r.x += v.0;
            r.y += v.1;
        }
    }
}

fn aabb(r: &Rect) -> Aabb {
    let r = r.normalized();
    Aabb::new(Vector::new(r.x, r.y), Vector::new(r.x + r.w, r.y + r.h))
}

/// This thread's CPU time in seconds: on a machine shared with other work, wall-clock time
/// would count the time the scheduler gave to others.
fn cpu_now() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid out pointer for clock_gettime.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// Mean milliseconds (CPU time, or wall-clock time with `wall`) of `f` over `reps` runs after one
/// warm-up run.
fn time<R>(reps: usize, mut f: impl FnMut() -> R) -> f64 {
    black_box(f());
    let wall = std::env::args().any(|a| a == "wall");
    let (t, c) = (Instant::now(), cpu_now());
    for _ in 0..reps {
        black_box(f());
    }
    let s = if wall {
        t.elapsed().as_secs_f64()
    } else {
        cpu_now() - c
    };
    s * 1e3 / reps as f64
}

/// The least of `batches` figures of [`time`], each over a batch of calls lasting at least
/// 20 ms: a call of about a millisecond is too short to time alone, and the least batch is the
/// one least disturbed by other work on a shared machine.
fn least<R>(batches: usize, mut f: impl FnMut() -> R) -> f64 {
    let once = time(1, &mut f);
    let reps = ((20.0 / once).ceil() as usize).clamp(1, 10_000);
    (0..batches)
        .map(|_| time(reps, &mut f))
        .fold(f64::INFINITY, f64::min)
}

struct Row {
    what: String,
    build: f64,
    frame: f64,
    split: Option<(f64, f64)>,
    queries: f64,
    pairs: usize,
}

fn bench_world(n: usize, frames: usize, cell: f32) -> Row {
    // The frame's two halves, timed apart within each frame (the world changes between calls,
    // as in a game: timing `pairs` alone on a still world would let the branch predictor learn
    // the answer).
    let (update, pairs_only) = {
        let mut scene = Scene::new(n, 1);
        let mut w = World::new(cell).unwrap();
        let ids: Vec<u64> = scene.rects.iter().map(|r| w.add(*r, 0).unwrap()).collect();
        let (mut upd, mut pr) = (0.0, 0.0);
        let mut buf = vec![Pair::default(); 64];
        let wall = std::env::args().any(|a| a == "wall");
        let start = Instant::now();
        let now = || {
            if wall {
                start.elapsed().as_secs_f64()
            } else {
                cpu_now()
            }
        };
        for _ in 0..=frames {
            let t0 = now();
            scene.step();
            for (id, r) in ids.iter().zip(&scene.rects) {
                w.update(*id, *r).unwrap();
            }
            let t1 = now();
            black_box(listed(&w, &mut buf));
            let t2 = now();
            upd += t1 - t0;
            pr += t2 - t1;
        }
        let per = |s: f64| s * 1e3 / (frames + 1) as f64;
        (per(upd), per(pr))
    };
    let mut scene = Scene::new(n, 1);
    let build = time(3, || {
        let mut w = World::new(cell).unwrap();
        for r in &scene.rects {
            w.add(*r, 0).unwrap();
        }
        w
    });
    let mut w = World::new(cell).unwrap();
    let ids: Vec<u64> = scene.rects.iter().map(|r| w.add(*r, 0).unwrap()).collect();
    let (mut pairs, mut buf) = (0, vec![Pair::default(); 64]);
    let frame = time(frames, || {
        scene.step();
        for (id, r) in ids.iter().zip(&scene.rects) {
            w.update(*id, *r).unwrap();
        }
        pairs = listed(&w, &mut buf);
        pairs
    });
    let mut out = vec![0u64; 4096];
    let queries = time(10, || {
        scene
            .queries
            .iter()
            .map(|q| w.query_rect(*q, &mut out))
            .sum::<usize>()
    });
    // Same answer as brute force at the final positions.
    let mut got = vec![Pair::default(); w.pairs(&mut [])];
    w.pairs(&mut got);
    if n <= 10_000 {
        // Boxes moved by fractional velocities leave faces within a rounding of each other:
        // the world reads those as touching, as its band says.
        // (The strict test first: the banded one only ever drops pairs.)
        let banded = |a: Rect, b: Rect| {
            overlap_rect_rect(a, b) && Precision::Single.overlap(a.into(), b.into())
        };
        assert_eq!(
            got.len(),
            count_pairs(&scene.rects, banded),
            "world vs brute force"
        );
    }
    Row {
        what: format!("collide2d World (tiles, cell {cell})"),
        build,
        frame,
        split: Some((update, pairs_only)),
        queries,
        pairs,
    }
}

/// The frame of [`bench_world`] through the double-precision functions (`add_d`, `update_d`).
fn bench_world_d(n: usize, frames: usize, cell: f32) -> Row {
    let mut scene = Scene::new(n, 1);
    let build = time(3, || {
        let mut w = World::new(cell).unwrap();
        for r in &scene.rects {
            w.add_d((*r).into(), 0).unwrap();
        }
        w
    });
    let mut w = World::new(cell).unwrap();
    let ids: Vec<u64> = scene
        .rects
        .iter()
        .map(|r| w.add_d((*r).into(), 0).unwrap())
        .collect();
    let (mut pairs, mut buf) = (0, vec![Pair::default(); 64]);
    let frame = time(frames, || {
        scene.step();
        for (id, r) in ids.iter().zip(&scene.rects) {
            w.update_d(*id, (*r).into()).unwrap();
        }
        pairs = listed(&w, &mut buf);
        pairs
    });
    let mut out = vec![0u64; 4096];
    let queries = time(10, || {
        scene
            .queries
            .iter()
            .map(|q| w.query_rect_d((*q).into(), u64::MAX, &mut out))
            .sum::<usize>()
    });
    Row {
        what: format!("collide2d World, _d functions (cell {cell})"),
        build,
        frame,
        split: None,
        queries,
        pairs,
    }
}

/// No quadratic paths: one move diagonally across a dense field of `n` small items (1-unit
/// boxes every 2 units; the filter ignores them all, so the move meets every item on its way
/// and asks about each), and `pairs` with `n` items all in one cell. Milliseconds per call;
/// for `pairs`, the least mean of seven batches of calls of at least 20 ms each (see
/// [`least`]), the same way for every `n`.
fn scaling(n: usize) -> (f64, f64) {
    let side = (n as f64).sqrt().ceil() as usize;
    let mut w = World::new(8.0).unwrap();
    for k in 0..n {
        let (i, j) = (k % side, k / side);
        w.add(Rect::new(2.0 * i as f32, 2.0 * j as f32, 1.0, 1.0), 0)
            .unwrap();
    }
    let span = 2.0 * side as f32;
    let mover = w.add(Rect::new(-2.0, -1.5, 0.5, 0.5), 0).unwrap();
    let mut hits = Vec::new();
    let mv = time(5, || {
        w.update(mover, Rect::new(-2.0, -1.5, 0.5, 0.5)).unwrap();
        w.move_item(
            mover,
            collide2d::Vec2::new(span, span),
            |_, _| collide2d::world::Response::Ignore,
            &mut hits,
        )
        .unwrap()
    });
    // All in one cell: a cell as large as the field, items strewn over it.
    let mut rng = Rng(7);
    let big = (n as f32 * 576.0 / 3.0).sqrt();
    let mut one = World::new(big * 2.0).unwrap();
    for _ in 0..n {
        let (x, y) = (rng.f(0.0, 1.0) * big, rng.f(0.0, 1.0) * big);
        one.add(Rect::new(x, y, 12.0, 12.0), 0).unwrap();
    }
    let pairs = least(7, || one.pairs(&mut []));
    (mv, pairs)
}

/// Nanoseconds per `move_d` in a game-like scene: `n` 16×16 items on an 18-unit grid (2-unit
/// gaps), cell 64; each call moves the next item 4 units diagonally from its home toward a
/// neighbour (alternating directions) with every pair answered "slide" (most calls hit); the
/// least of seven batches of 20,000 calls.
fn moves(n: usize) -> f64 {
    let side = (n as f64).sqrt().ceil() as usize;
    let mut w = World::new_d(64.0).unwrap();
    let homes: Vec<(f64, f64)> = (0..n)
        .map(|j| (18.0 * (j % side) as f64, 18.0 * (j / side) as f64))
        .collect();
    let ids: Vec<u64> = homes
        .iter()
        .map(|&(x, y)| {
            w.add_d(collide2d::world::RectD::new(x, y, 16.0, 16.0), 0)
                .unwrap()
        })
        .collect();
    let mut hits = Vec::new();
    let (mut j, mut flip) = (0usize, 1.0f64);
    let calls = 20_000;
    let ms = least(7, || {
        for _ in 0..calls {
            j += 1;
            if j >= n {
                j = 0;
                flip = -flip;
            }
            let d = if j % 2 == 0 { 4.0 * flip } else { -4.0 * flip };
            let goal = collide2d::world::Vec2D::new(homes[j].0 + d, homes[j].1 + d);
            black_box(
                w.move_d(
                    ids[j],
                    goal,
                    |_, _, _| collide2d::world::Response::Slide,
                    &mut hits,
                )
                .unwrap(),
            );
        }
    });
    ms * 1e6 / calls as f64
}

/// Counting the pairs of `n` items that all overlap one another in one cell
/// (`pairs(&mut [])`, as `c2d_world_pairs(w, NULL, 0)`): milliseconds, the count, and the
/// process's peak resident memory in MB afterwards (Linux's `VmHWM`; run alone, `crowd`).
fn crowd(n: usize) -> (f64, usize, f64) {
    let mut rng = Rng(5);
    let mut w = World::new(1e6).unwrap();
    for _ in 0..n {
        let (x, y) = (rng.f(0.0, 4.0), rng.f(0.0, 4.0));
        w.add(Rect::new(x, y, 10.0, 10.0), 0).unwrap();
    }
    let mut count = 0;
    let ms = time(1, || count = w.pairs(&mut []));
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<f64>().ok()
        })
        .map_or(f64::NAN, |kb| kb / 1024.0);
    (ms, count, peak)
}

/// Lists the pairs of `w` into `buf` as a game does (grown when short), and returns how many.
fn listed(w: &World, buf: &mut Vec<Pair>) -> usize {
    let n = w.pairs(buf);
    if n > buf.len() {
        buf.resize(n, Pair::default());
        w.pairs(buf);
    }
    n
}

fn brute_pairs(rects: &[Rect]) -> usize {
    count_pairs(rects, overlap_rect_rect)
}

/// The pairs of `rects` that `overlap` says overlap, by brute force.
fn count_pairs(rects: &[Rect], overlap: impl Fn(Rect, Rect) -> bool) -> usize {
    let mut n = 0;
    for i in 0..rects.len() {
        for j in i + 1..rects.len() {
            n += overlap(rects[i], rects[j]) as usize;
        }
    }
    n
}

fn bench_brute(n: usize, frames: usize) -> Row {
    let mut scene = Scene::new(n, 1);
    let mut store = scene.rects.clone();
    let mut pairs = 0;
    let frame = time(frames, || {
        scene.step();
        store.copy_from_slice(&scene.rects);
        pairs = brute_pairs(&store);
        pairs
    });
    let queries = time(2, || {
        scene
            .queries
            .iter()
            .map(|q| store.iter().filter(|r| overlap_rect_rect(**r, *q)).count())
            .sum::<usize>()
    });
    Row {
        what: "brute force (all pairs)".into(),
        build: f64::NAN,
        frame,
        split: None,
        queries,
        pairs,
    }
}

fn bench_parry(n: usize, frames: usize) -> Row {
    let mut scene = Scene::new(n, 1);
    let build = time(3, || {
        let leaves: Vec<Aabb> = scene.rects.iter().map(aabb).collect();
        Bvh::from_leaves(BvhBuildStrategy::Binned, &leaves)
    });
    let leaves: Vec<Aabb> = scene.rects.iter().map(aabb).collect();
    let mut bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &leaves);
    let mut ws = BvhWorkspace::default();
    let mut pairs = 0;
    let frame = time(frames, || {
        scene.step();
        for (i, r) in scene.rects.iter().enumerate() {
            bvh.insert_or_update_partially(aabb(r), i as u32, 0.0);
        }
        bvh.refit(&mut ws);
        bvh.optimize_incremental(&mut ws);
        let mut count = 0;
        let rects = &scene.rects;
        // Its pairs are closed (touching counts): keep the strict ones, as the world does.
        bvh.traverse_bvtt_single_tree::<false>(&mut ws, &mut |a, b| {
            count += overlap_rect_rect(rects[a as usize], rects[b as usize]) as usize;
        });
        pairs = count;
        count
    });
    let queries = time(10, || {
        let mut total = 0;
        for q in &scene.queries {
            let qa = aabb(q);
            total += bvh
                .intersect_aabb(&qa)
                .filter(|&i| overlap_rect_rect(scene.rects[i as usize], *q))
                .count();
        }
        total
    });
    Row {
        what: "parry2d 0.31 Bvh (update partially, refit, optimize_incremental, self-traversal)"
            .into(),
        build,
        frame,
        split: None,
        queries,
        pairs,
    }
}

/// One 10000-unit floor under N 8-unit bullets, a quarter of them resting on it.
fn bench_floor(n: usize, frames: usize) -> Row {
    let mut rng = Rng(7);
    let side = (n as f32 * 64.0 / 0.5).sqrt();
    let mut w = World::new(8.0).unwrap();
    let floor = w.add(Rect::new(-5000.0, -8.0, 10000.0, 10.0), 0).unwrap();
    let _ = floor;
    let mut items: Vec<(u64, Rect)> = (0..n)
        .map(|_| {
            let r = Rect::new(
                rng.f(0.0, 1.0) * side - side / 2.0,
                rng.f(0.0, 1.0) * side / 4.0 - 4.0,
                8.0,
                8.0,
            );
            (w.add(r, 0).unwrap(), r)
        })
        .collect();
    let (mut pairs, mut buf) = (0, vec![Pair::default(); 64]);
    let mut flip = 1.0;
    let frame = time(frames, || {
        flip = -flip;
        for (id, r) in &mut items {
            r.x += 0.5 * flip;
            w.update(*id, *r).unwrap();
        }
        pairs = listed(&w, &mut buf);
        pairs
    });
    Row {
        what: "collide2d World, 10000-unit floor + 8-unit bullets".into(),
        build: f64::NAN,
        frame,
        split: None,
        queries: f64::NAN,
        pairs,
    }
}

fn main() {
    // `crowd=N` counts the pairs of N items crowded in one cell, alone.
    let crowd_n: Option<usize> =
        std::env::args().find_map(|a| a.strip_prefix("crowd=")?.parse().ok());
    if let Some(n) = crowd_n {
        let (ms, count, peak) = crowd(n);
        println!("| N | count-only pairs, one cell, ms | pairs | peak memory, MB |");
        println!("|---|---|---|---|");
        println!("| {n} | {ms:.0} | {count} | {peak:.1} |");
        return;
    }
    let quick = std::env::args().any(|a| a == "quick");
    let scale = if quick { 10 } else { 1 };
    println!("| N | structure | build ms | frame ms (update all + pairs) | of which update / pairs | 1000 rect queries ms | pairs |");
    println!("|---|---|---|---|---|---|---|");
    let print = |n: usize, r: Row| {
        let f = |v: f64| {
            if v.is_nan() {
                "-".to_string()
            } else {
                format!("{v:.4}")
            }
        };
        let split = r
            .split
            .map_or("-".to_string(), |(u, p)| format!("{} / {}", f(u), f(p)));
        println!(
            "| {n} | {} | {} | {} | {split} | {} | {} |",
            r.what,
            f(r.build),
            f(r.frame),
            f(r.queries),
            r.pairs
        );
    };
    // `only=N` runs one size.
    let only: Option<usize> = std::env::args().find_map(|a| a.strip_prefix("only=")?.parse().ok());
    // `world` runs only the world's rows (for profiling).
    let just_world = std::env::args().any(|a| a == "world");
    // `floor` runs only the floor row.
    let just_floor = std::env::args().any(|a| a == "floor");
    // `scaling` runs only the last table.
    let just_scaling = std::env::args().any(|a| a == "scaling" || a == "moves");
    for (n, frames) in [(1_000usize, 2000usize), (10_000, 300), (100_000, 30)] {
        if only.is_some_and(|o| o != n) || just_scaling {
            continue;
        }
        let frames = (frames / scale).max(3);
        if !just_floor {
            print(n, bench_world(n, frames, 20.0));
            print(n, bench_world(n, frames, 32.0));
            print(n, bench_world_d(n, frames, 32.0));
        }
        print(n, bench_floor(n, frames));
        if just_world || just_floor {
            continue;
        }
        print(n, bench_parry(n, frames));
        if n <= 10_000 {
            print(n, bench_brute(n, if n == 1_000 { 200 / scale } else { 3 }));
        }
    }
    if just_world || just_floor || only.is_some() {
        return;
    }
    println!();
    let just_moves = std::env::args().any(|a| a == "moves");
    println!("| N | one move across a dense field, ms | pairs with every item in one cell, ms |");
    println!("|---|---|---|");
    for n in [10_000usize, 100_000].into_iter().filter(|_| !just_moves) {
        let (mv, pairs) = scaling(n);
        println!("| {n} | {mv:.3} | {pairs:.3} |");
    }
    println!();
    println!("| N | move_d (slide toward a neighbour), ns per call |");
    println!("|---|---|");
    for n in [1_000usize, 10_000] {
        println!("| {n} | {:.0} |", moves(n));
    }
}
