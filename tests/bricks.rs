//! A breakout scene: one 8x8 ball (also as a circle of radius 4) moving about 10 units a
//! frame against a wall of 96 bricks (12 columns x 8 rows of 40x16, 2-unit gaps). Every frame is
//! checked against an exact oracle: the ball and its motion are on the grid domain (multiples of
//! 1/256), so each brick's entry time is a fraction of integers in 1/256 units.
//!
//! Asserted per brick, as the C API promises: the sweep hits exactly when the motion would make the
//! ball overlap the brick strictly; `t` is no later than the real contact time and leaves at most
//! 1/256 unit of gap; the ball at `a + t·delta` (f32) overlaps no brick. Per frame: stopping at
//! the earliest hit leaves the ball clear of the whole wall, and frames where the ball clips a
//! brick between two clear positions (tunnelling) are caught.

mod common;

use collide2d::*;
use common::{g, Rng, UNIT};

/// The wall in 1/256 units: `[x, y, w, h]`.
fn wall() -> Vec<[i64; 4]> {
    let mut v = Vec::new();
    for row in 0..8 {
        for col in 0..12 {
            v.push([
                (2 + 42 * col) * UNIT,
                (40 + 18 * row) * UNIT,
                40 * UNIT,
                16 * UNIT,
            ]);
        }
    }
    v
}

fn rect(r: [i64; 4]) -> Rect {
    Rect::new(g(r[0]), g(r[1]), g(r[2]), g(r[3]))
}

/// The exact first time (`n / d`, `d > 0`) at which a box moving by `v` overlaps `b` strictly,
/// from the two slabs `lo < t·v < hi`, or `None`. The ball starts clear, so never `t < 0`.
fn entry(a: [i64; 4], v: [i64; 2], b: [i64; 4]) -> Option<(i128, i128)> {
    let (mut en, mut ex) = ((0i128, 1i128), (1i128, 1i128)); // [0, 1]
    for k in 0..2 {
        let lo = (b[k] - (a[k] + a[k + 2])) as i128;
        let hi = ((b[k] + b[k + 2]) - a[k]) as i128;
        let v = v[k] as i128;
        if v == 0 {
            if !(lo < 0 && 0 < hi) {
                return None;
            }
            continue;
        }
        let (n0, n1) = if v > 0 { (lo, hi) } else { (-hi, -lo) };
        let d = v.abs();
        if n0 * en.1 > en.0 * d {
            en = (n0, d);
        }
        if n1 * ex.1 < ex.0 * d {
            ex = (n1, d);
        }
    }
    // Overlapping strictly needs an open interval of times inside [0, 1): entry < exit and < 1.
    (en.0 * ex.1 < ex.0 * en.1 && en.0 < en.1).then_some(en)
}

fn overlaps_wall(r: Rect, bricks: &[Rect]) -> bool {
    bricks.iter().any(|&b| overlap_rect_rect(r, b))
}

#[test]
fn breakout_frames_swept_against_96_bricks_match_the_exact_oracle() {
    let wall_units = wall();
    let bricks: Vec<Rect> = wall_units.iter().map(|&b| rect(b)).collect();
    let mut rng = Rng::new(0x0001_B41C_5EED);
    let (mut frames, mut hits, mut clipped) = (0, 0, 0);
    while frames < 20_000 {
        // A ball clear of the wall, moving about 10 units (each axis a multiple of 1/256).
        let a = [
            rng.range(0, 498 * UNIT),
            rng.range(0, 300 * UNIT),
            8 * UNIT,
            8 * UNIT,
        ];
        let ball = rect(a);
        if overlaps_wall(ball, &bricks) {
            continue;
        }
        frames += 1;
        let angle = rng.range(0, 3599) as f64 * std::f64::consts::PI / 1800.0;
        let v = [
            (10.0 * UNIT as f64 * angle.cos()).round() as i64,
            (10.0 * UNIT as f64 * angle.sin()).round() as i64,
        ];
        let delta = Vec2::new(g(v[0]), g(v[1]));
        let mut first: Option<f32> = None;
        for (&bu, &b) in wall_units.iter().zip(&bricks) {
            let want = entry(a, v, bu);
            let got = sweep_rect_rect(ball, delta, b);
            let ctx = || format!("ball={a:?} v={v:?} brick={bu:?} want={want:?} got={got:?}");
            match (want, got) {
                (None, None) => {}
                (Some((n, d)), Some(h)) => {
                    let t = h.t as f64;
                    assert!(t * d as f64 <= n as f64, "t after contact: {}", ctx());
                    let real = n as f64 / d as f64;
                    for c in v {
                        assert!(
                            (real - t) * c.abs() as f64 <= 1.0 + 1e-9,
                            "gap over 1/256: {}",
                            ctx()
                        );
                    }
                    let p = Vec2::new(ball.x + h.t * delta.x, ball.y + h.t * delta.y);
                    assert!(
                        !overlap_rect_rect(Rect::new(p.x, p.y, 8.0, 8.0), b),
                        "{}",
                        ctx()
                    );
                    first = Some(first.map_or(h.t, |f: f32| f.min(h.t)));
                }
                _ => panic!("hit decision differs from the oracle: {}", ctx()),
            }
        }
        let end = Rect::new(ball.x + delta.x, ball.y + delta.y, 8.0, 8.0);
        if let Some(t) = first {
            hits += 1;
            // Stopping at the earliest hit leaves the ball clear of every brick.
            let p = Vec2::new(ball.x + t * delta.x, ball.y + t * delta.y);
            assert!(!overlaps_wall(Rect::new(p.x, p.y, 8.0, 8.0), &bricks));
            if !overlaps_wall(end, &bricks) {
                clipped += 1; // clear before and after the frame, yet a brick was in the way
            }
        } else {
            assert!(
                !overlaps_wall(end, &bricks),
                "a missed hit ends inside the wall"
            );
        }
    }
    // The scene is not trivial: plenty of hits, and some only the sweep sees.
    assert!(hits > 500, "hits: {hits}");
    assert!(clipped > 0, "clipped: {clipped}");
}

#[test]
fn the_round_ball_stops_clear_of_the_wall_and_never_passes_a_brick() {
    let bricks: Vec<Rect> = wall().into_iter().map(rect).collect();
    let mut rng = Rng::new(0x0001_B41C_C1C1);
    let mut hits = 0;
    for _ in 0..20_000 {
        let c = Circle::new(
            g(rng.range(4 * UNIT, 502 * UNIT)),
            g(rng.range(4 * UNIT, 300 * UNIT)),
            4.0,
        );
        if bricks.iter().any(|&b| overlap_rect_circle(b, c)) {
            continue;
        }
        let angle = rng.range(0, 3599) as f32 * std::f32::consts::PI / 1800.0;
        let delta = Vec2::new(
            g((2560.0 * angle.cos()).round() as i64),
            g((2560.0 * angle.sin()).round() as i64),
        );
        let first = bricks
            .iter()
            .filter_map(|&b| sweep_circle_rect(c, delta, b).map(|h| h.t))
            .fold(None, |m: Option<f32>, t| Some(m.map_or(t, |m| m.min(t))));
        // Sampled along the way (1/64 of the motion apart, grid positions): the first sample
        // overlapping a brick comes no earlier than the swept hit.
        let mut sampled = None;
        for k in 0..=64 {
            let p = Circle::new(
                c.x + delta.x * k as f32 / 64.0,
                c.y + delta.y * k as f32 / 64.0,
                4.0,
            );
            if bricks.iter().any(|&b| overlap_rect_circle(b, p)) {
                sampled = Some(k as f32 / 64.0);
                break;
            }
        }
        if let Some(s) = sampled {
            let t = first.expect("the sweep sees a brick the samples overlap");
            assert!(t <= s, "swept t {t} after an overlapping sample at {s}");
        }
        if let Some(t) = first {
            hits += 1;
            let p = Circle::new(c.x + t * delta.x, c.y + t * delta.y, 4.0);
            assert!(!bricks.iter().any(|&b| overlap_rect_circle(b, p)));
        }
    }
    assert!(hits > 300, "hits: {hits}");
}
