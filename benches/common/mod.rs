//! What the benchmarks share: a reproducible generator of shapes, the half-hitting shuffled
//! input sets and the median timing of a pass over them.

#![allow(dead_code)] // each benchmark uses its own part

use collide2d::{Circle, CircleI, Obb, Rect, RectI, Rot, Segment, Vec2};
use std::hint::black_box;
use std::time::Instant;

pub const PAIRS: usize = 1_000_000;
pub const PASSES: usize = 9;

/// splitmix64: a small, fast, reproducible generator.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn f(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
    }
    pub fn vec(&mut self) -> Vec2 {
        Vec2::new(self.f(0.0, 200.0), self.f(0.0, 200.0))
    }
    pub fn rect(&mut self) -> Rect {
        Rect::new(
            self.f(0.0, 200.0),
            self.f(0.0, 200.0),
            self.f(4.0, 60.0),
            self.f(4.0, 60.0),
        )
    }
    pub fn circle(&mut self) -> Circle {
        Circle::new(self.f(0.0, 200.0), self.f(0.0, 200.0), self.f(2.0, 30.0))
    }
    pub fn obb(&mut self) -> Obb {
        Obb::new(
            self.vec(),
            Vec2::new(self.f(2.0, 30.0), self.f(2.0, 30.0)),
            Rot::from_degrees(self.f(0.0, 360.0)),
        )
    }
    pub fn i(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo) as u64) as i32
    }
    pub fn recti(&mut self) -> RectI {
        RectI::new(self.i(0, 200), self.i(0, 200), self.i(4, 60), self.i(4, 60))
    }
    pub fn circlei(&mut self) -> CircleI {
        CircleI::new(self.i(0, 200), self.i(0, 200), self.i(2, 30))
    }
    pub fn segment(&mut self) -> Segment {
        let a = self.vec();
        Segment::new(
            a,
            Vec2::new(a.x + self.f(-60.0, 60.0), a.y + self.f(-60.0, 60.0)),
        )
    }
}

/// `PAIRS` pairs from `gen`, half of them answering true by `hits`, shuffled.
pub fn pairs<A: Copy, B: Copy>(
    rng: &mut Rng,
    gen: impl FnMut(&mut Rng) -> (A, B),
    hits: impl Fn(A, B) -> bool,
) -> Vec<(A, B)> {
    some_pairs(PAIRS, rng, gen, hits)
}

/// `n` pairs from `gen`, half of them answering true by `hits`, shuffled.
pub fn some_pairs<A: Copy, B: Copy>(
    n: usize,
    rng: &mut Rng,
    mut gen: impl FnMut(&mut Rng) -> (A, B),
    hits: impl Fn(A, B) -> bool,
) -> Vec<(A, B)> {
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    while yes.len() < n / 2 || no.len() < n / 2 {
        let (a, b) = gen(rng);
        let bucket = if hits(a, b) { &mut yes } else { &mut no };
        if bucket.len() < n / 2 {
            bucket.push((a, b));
        }
    }
    let mut all: Vec<(A, B)> = yes.into_iter().chain(no).collect();
    for i in (1..all.len()).rev() {
        all.swap(i, (rng.next() % (i as u64 + 1)) as usize);
    }
    all
}

/// The number of passes: `PASSES`, or `BENCH_PASSES` from the environment (counting instructions
/// per call under callgrind compares runs of 1 and 3 passes).
fn passes() -> usize {
    std::env::var("BENCH_PASSES")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(PASSES)
}

/// A clock for a pass: wall time, or with `BENCH_CLOCK=thread` (Linux) the CPU time of this
/// thread, which leaves out the time other processes hold the core on a busy machine.
struct Clock {
    thread: bool,
}

#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_ns() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `ts` is a live, writable timespec.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    ok.then_some(ts.sec as f64 * 1e9 + ts.nsec as f64)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_ns() -> Option<f64> {
    None
}

impl Clock {
    fn new() -> Clock {
        let wanted = std::env::var("BENCH_CLOCK").is_ok_and(|v| v == "thread");
        Clock {
            thread: wanted && thread_ns().is_some(),
        }
    }

    /// Nanoseconds spent in `f`.
    fn time(&self, f: impl FnOnce()) -> f64 {
        if self.thread {
            let start = thread_ns().unwrap_or(0.0);
            f();
            thread_ns().unwrap_or(0.0) - start
        } else {
            let start = Instant::now();
            f();
            start.elapsed().as_nanos() as f64
        }
    }
}

/// One column of a row: a pass of calls over its data, counting the true answers.
pub struct Column<'a> {
    calls: usize,
    pass: Box<dyn FnMut() -> usize + 'a>,
}

/// The column that calls `call` on every item of `data`.
pub fn column<'a, T>(data: &'a [T], mut call: impl FnMut(&T) -> bool + 'a) -> Column<'a> {
    Column {
        calls: data.len(),
        pass: Box::new(move || data.iter().map(|item| call(item) as usize).sum()),
    }
}

/// The column whose pass is `pass`, making `calls` tests and answering how many were true.
pub fn pass_column<'a>(calls: usize, pass: impl FnMut() -> usize + 'a) -> Column<'a> {
    Column {
        calls,
        pass: Box::new(pass),
    }
}

/// Median ns per call of each column. The passes are taken in turn, one of each column per
/// round, so that every column meets the machine in the same state: a busy or slow spell of the
/// host falls on all of them alike instead of on whichever column ran during it.
pub fn measure_side_by_side(mut columns: Vec<Column<'_>>) -> Vec<f64> {
    let passes = passes();
    let clock = Clock::new();
    let mut times = vec![Vec::with_capacity(passes); columns.len()];
    for _ in 0..passes {
        for (c, t) in columns.iter_mut().zip(&mut times) {
            let ns = clock.time(|| {
                black_box((c.pass)());
            });
            t.push(ns / c.calls as f64);
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            t[passes / 2]
        })
        .collect()
}

/// Median ns per call of `call` over `data`.
pub fn measure<T>(data: &[T], call: impl FnMut(&T) -> bool) -> f64 {
    measure_side_by_side(vec![column(data, call)])[0]
}
