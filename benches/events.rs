//! What sensors cost per frame, beside what one `pairs` call costs in the same world.
//!
//! `cargo bench --bench events` (options after `--`: `quick` for 10^4 items only, `teleports`
//! to leave out the moves). Scenario: N
//! boxes at game density (each overlapping about three others), every 20th one 16..64 units
//! (pickups, zones), the others 4..20, every box moving by up to half a unit per frame. The same
//! boxes twice: with those 5% made sensors, and with none. A frame is: update every box
//! (teleports), then `events()` (sensing world) or `pairs()` (plain world); "events" and "pairs"
//! are those frames less the plain updates alone, so "events" includes what marking the changed
//! items costs. Then the same frames made of moves (`move_d`, whose legs are swept past the
//! sensors), without and with sensors and `events()`. Microseconds per frame on one core (this
//! thread's CPU time), the least of seven batches of at least 20 ms.

mod common;

use collide2d::world::{Event, Pair, RectD, Response, Vec2D, World, WorldHitD};
use common::Rng;
use std::hint::black_box;

fn cpu_now() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid out pointer for clock_gettime.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// The least of seven batches' mean microseconds per call of `f`, each batch at least 20 ms of
/// this thread's CPU time.
fn least(mut f: impl FnMut()) -> f64 {
    f();
    let once = {
        let c = cpu_now();
        f();
        (cpu_now() - c).max(1e-7)
    };
    let reps = ((0.02 / once).ceil() as usize).clamp(1, 100_000);
    (0..7)
        .map(|_| {
            let c = cpu_now();
            for _ in 0..reps {
                f();
            }
            (cpu_now() - c) * 1e6 / reps as f64
        })
        .fold(f64::INFINITY, f64::min)
}

struct Scene {
    world: World,
    ids: Vec<u64>,
    rects: Vec<RectD>,
    vel: Vec<(f64, f64)>,
    side: f64,
}

impl Scene {
    fn new(n: usize, sensors: bool) -> Scene {
        let mut rng = Rng(7);
        let side = (n as f64 * 576.0 / 3.0).sqrt();
        let mut world = World::new_d(32.0).unwrap();
        let (mut ids, mut rects, mut vel) = (Vec::new(), Vec::new(), Vec::new());
        for k in 0..n {
            // The same boxes either way; with `sensors`, every 20th is made a sensor.
            let sensor = k % 20 == 0;
            let size = if sensor { (16.0, 64.0) } else { (4.0, 20.0) };
            let r = RectD::new(
                rng.f(0.0, 1.0) as f64 * side,
                rng.f(0.0, 1.0) as f64 * side,
                rng.f(size.0, size.1) as f64,
                rng.f(size.0, size.1) as f64,
            );
            let id = world.add_d(r, 0).unwrap();
            if sensor && sensors {
                world.set_sensor(id, true).unwrap();
            }
            ids.push(id);
            rects.push(r);
            vel.push((rng.f(-1.0, 1.0) as f64 * 0.5, rng.f(-1.0, 1.0) as f64 * 0.5));
        }
        Scene {
            world,
            ids,
            rects,
            vel,
            side,
        }
    }

    /// Every box's next position, bouncing off the square's sides.
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

    fn teleport_all(&mut self) {
        self.step();
        for (&id, r) in self.ids.iter().zip(&self.rects) {
            self.world.update_d(id, *r).unwrap();
        }
    }

    fn move_all(&mut self, hits: &mut Vec<WorldHitD>) {
        self.step();
        let cross = |_: &mut World, _: u64, _: u64| Response::Cross;
        for (&id, r) in self.ids.iter().zip(&self.rects) {
            let goal = Vec2D::new(r.x, r.y);
            self.world.move_d(id, goal, cross, hits).unwrap();
        }
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let sizes: &[usize] = if quick { &[10_000] } else { &[1_000, 10_000] };
    println!(
        "microseconds per frame (least of 7 batches); the same boxes, 5% of them sensors or none"
    );
    println!(
        "{:>7} {:>9} {:>9} {:>9} {:>10} {:>12} {:>12}",
        "items", "updates", "events", "pairs", "events/fr", "moves", "moves+events"
    );
    for &n in sizes {
        let mut ev: Vec<Event> = Vec::new();
        let mut pairs: Vec<Pair> = vec![Pair::default(); 8 * n];
        let mut plain = Scene::new(n, false);
        let base = least(|| plain.teleport_all());
        let with_pairs = least(|| {
            plain.teleport_all();
            black_box(plain.world.pairs(&mut pairs));
        });
        let mut sensing = Scene::new(n, true);
        sensing.world.events(&mut ev);
        let (mut count, mut frames) = (0usize, 0usize);
        let with_events = least(|| {
            sensing.teleport_all();
            ev.clear();
            sensing.world.events(&mut ev);
            count += ev.len();
            frames += 1;
        });
        let mut hits = Vec::new();
        let skip = std::env::args().any(|a| a == "teleports");
        let mut moves = || {
            if skip {
                0.0
            } else {
                least(|| plain.move_all(&mut hits))
            }
        };
        let moves = moves();
        let moves_events = if skip {
            0.0
        } else {
            least(|| {
                sensing.move_all(&mut hits);
                ev.clear();
                sensing.world.events(&mut ev);
            })
        };
        println!(
            "{:>7} {:>9.1} {:>9.1} {:>9.1} {:>10.1} {:>12.1} {:>12.1}",
            n,
            base,
            with_events - base,
            with_pairs - base,
            count as f64 / frames.max(1) as f64,
            moves,
            moves_events,
        );
    }
}
