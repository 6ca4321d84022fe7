//! Slopes in the world: convex polygon items (slope tiles, props) met by rect movers. A mover
//! walks a course of floors and ramps with gravity at speeds from 1/256 to 64 units a step and
//! must never catch on a join, stop short, sink into anything or fall through; the sweep is held
//! to a fine-step oracle on random grid polygons; every response is checked against a slope.
//!
//! Coordinates are y-down (screen) and offset by 1000, so every position is a double with at
//! least 60 fractional bits to spare: the oracle here decides overlaps exactly in scaled i128.

mod common;

use collide2d::world::{
    RectD, Response, ShapeError, Vec2D, World, WorldHitD, ON_FLOOR, SLOPE_X0Y1, SLOPE_X1Y1,
};
use common::Rng;

/// Up in y-down screen coordinates.
const UP: Vec2D = Vec2D { x: 0.0, y: -1.0 };
const O: f64 = 1000.0;

/// The rect `r` moved to corner `p`.
fn at(r: RectD, p: Vec2D) -> RectD {
    RectD::new(p.x, p.y, r.w, r.h)
}

/// `r` shrunk on every side by more than a double world's band at these coordinates (1e-10,
/// also measured across a slanted face): a rect that overlaps a solid only within the band,
/// touching as the game means it, no longer overlaps it shrunk.
fn beyond_band(r: RectD) -> RectD {
    let s = 2f64.powi(-32);
    RectD::new(r.x + s, r.y + s, r.w - 2.0 * s, r.h - 2.0 * s)
}

fn slide(_: &mut World, _: u64, _: u64) -> Response {
    Response::Slide
}

/// The exact scaled value `v · 2^60` (every coordinate here has room for it).
fn fx(v: f64) -> i128 {
    let s = v * (1u64 << 60) as f64;
    assert_eq!(s.fract(), 0.0, "{v} is not a multiple of 2^-60");
    s as i128
}

/// A solid as the oracle sees it: integer vertices (a rect's four corners or a polygon's).
#[derive(Clone, Debug)]
struct Solid(Vec<(i64, i64)>);

impl Solid {
    fn rect(x: i64, y: i64, w: i64, h: i64) -> Solid {
        Solid(vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    }

    /// Whether the rect `r` strictly overlaps it, exactly: no separating axis among x, y and
    /// the solid's edge lines (touching is apart).
    fn overlapped_by(&self, r: RectD) -> bool {
        let (x0, x1) = (fx(r.x), fx(r.x) + fx(r.w));
        let (y0, y1) = (fx(r.y), fx(r.y) + fx(r.h));
        let s = fx(1.0);
        let vx: Vec<i128> = self.0.iter().map(|v| v.0 as i128 * s).collect();
        let vy: Vec<i128> = self.0.iter().map(|v| v.1 as i128 * s).collect();
        let (min_x, max_x) = (*vx.iter().min().unwrap(), *vx.iter().max().unwrap());
        let (min_y, max_y) = (*vy.iter().min().unwrap(), *vy.iter().max().unwrap());
        if max_x <= x0 || x1 <= min_x || max_y <= y0 || y1 <= min_y {
            return false;
        }
        let n = self.0.len();
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
        for i in 0..n {
            let (p, q) = (self.0[i], self.0[(i + 1) % n]);
            let (dx, dy) = ((q.0 - p.0) as i128, (q.1 - p.1) as i128);
            let side =
                |cx: i128, cy: i128| dx * (cy - p.1 as i128 * s) - dy * (cx - p.0 as i128 * s);
            // The solid's own side of this edge.
            let inner = (0..n)
                .map(|k| side(vx[k], vy[k]).signum())
                .find(|&v| v != 0)
                .unwrap();
            if corners
                .iter()
                .all(|&(cx, cy)| side(cx, cy).signum() * inner <= 0)
            {
                return false;
            }
        }
        true
    }
}

/// A course of floor tiles and ramps: each piece of surface runs from `(x0, y0)` to `(x1, y1)`
/// (y-down, relative to the offset), with solid blocks beneath down to `BASE`.
struct Course {
    w: World,
    solids: Vec<Solid>,
    surface: Vec<(i64, i64, i64, i64)>,
}

const BASE: i64 = 64;

impl Course {
    fn new(pieces: &[(i64, i64, i64, i64)]) -> Course {
        let mut c = Course {
            w: World::new_d(16.0).unwrap(),
            solids: Vec::new(),
            surface: pieces.to_vec(),
        };
        for &(x0, x1, y0, y1) in pieces {
            let o = O as i64;
            if y0 == y1 {
                // Floor tiles, 16 wide.
                let mut x = x0;
                while x < x1 {
                    c.block(x + o, y0 + o, 16, BASE - y0);
                    x += 16;
                }
                continue;
            }
            let (top, bottom) = (y0.min(y1), y0.max(y1));
            let id =
                c.w.add_d(
                    RectD::new(
                        (x0 + o) as f64,
                        (top + o) as f64,
                        (x1 - x0) as f64,
                        (bottom - top) as f64,
                    ),
                    0,
                )
                .unwrap();
            // Rising to the right (y going down the screen less): the right angle at the
            // bottom right; falling: at the bottom left.
            let (corner, tri) = if y1 < y0 {
                (
                    SLOPE_X1Y1,
                    vec![(x0 + o, y0 + o), (x1 + o, y0 + o), (x1 + o, y1 + o)],
                )
            } else {
                (
                    SLOPE_X0Y1,
                    vec![(x0 + o, y0 + o), (x0 + o, y1 + o), (x1 + o, y1 + o)],
                )
            };
            c.w.set_slope(id, corner).unwrap();
            c.solids.push(Solid(tri));
            c.block(x0 + o, bottom + o, x1 - x0, BASE - bottom);
        }
        c
    }

    fn block(&mut self, x: i64, y: i64, w: i64, h: i64) {
        self.w
            .add_d(RectD::new(x as f64, y as f64, w as f64, h as f64), 0)
            .unwrap();
        self.solids.push(Solid::rect(x, y, w, h));
    }

    /// The surface's height (y-down, absolute) at absolute `x`.
    fn surface_at(&self, x: f64) -> f64 {
        let x = x - O;
        for &(x0, x1, y0, y1) in &self.surface {
            if (x0 as f64) <= x && x <= x1 as f64 {
                let t = (x - x0 as f64) / (x1 - x0) as f64;
                return O + y0 as f64 + (y1 - y0) as f64 * t;
            }
        }
        panic!("off the course at {x}");
    }

    fn inside_any(&self, r: RectD) -> Option<usize> {
        self.solids.iter().position(|s| s.overlapped_by(r))
    }
}

/// Floors, ramps up and down, a straight ramp made of two tiles, a flat top, a valley, a peak,
/// and a change of steepness (45° to 2:1) both ways.
const COURSE: &[(i64, i64, i64, i64)] = &[
    (-80, 0, 0, 0),
    (0, 64, 0, 0),
    (64, 80, 0, -16),
    (80, 96, -16, -32),
    (96, 128, -32, -32),
    (128, 144, -32, -16),
    (144, 160, -16, 0),
    (160, 192, 0, 0),
    (192, 208, 0, 16),
    (208, 224, 16, 0),
    (224, 256, 0, 0),
    (256, 272, 0, -16),
    (272, 288, -16, 0),
    (288, 320, 0, 0),
    (320, 336, 0, -16),
    (336, 368, -16, -32),
    (368, 400, -32, -32),
    (400, 432, -32, -16),
    (432, 448, -16, 0),
    (448, 512, 0, 0),
    (512, 592, 0, 0),
];

/// Walks an 8×8 mover over the course from `from` to `to` (relative x), moving `v` along x and
/// `v / 2` down (gravity) each step, and checks every step: it advances along x by at least a
/// quarter of `v` (the least a 45° ramp leaves of the step after gravity), never ends strictly
/// inside a solid, and never ends below the surface under its centre.
fn walk(v: f64, from: f64, to: f64) {
    walk_on(COURSE, v, from, to, 0.5, 0.25);
}

/// [`walk`] over any course (its first and last pieces flat, at height 0), with gravity
/// `gravity · v` a step and at least `least · v` of progress a step.
fn walk_on(course: &[(i64, i64, i64, i64)], v: f64, from: f64, to: f64, gravity: f64, least: f64) {
    let mut c = Course::new(course);
    let (lo, hi) = (course[0].0 as f64, course[course.len() - 1].1 as f64);
    let mover =
        c.w.add_d(RectD::new(O + from, O - 8.0, 8.0, 8.0), 0)
            .unwrap();
    let dir = if to > from { 1.0 } else { -1.0 };
    let mut hits: Vec<WorldHitD> = Vec::new();
    let mut steps = 0;
    loop {
        let (r, _) = c.w.get_d(mover).unwrap();
        if (r.x - (O + to)) * dir >= 0.0 {
            break;
        }
        let goal = Vec2D::new(r.x + v * dir, r.y + v * gravity);
        let end = c.w.move_d(mover, goal, slide, &mut hits).unwrap();
        let now = at(r, end);
        let advance = (end.x - r.x) * dir;
        assert!(
            advance >= v * least * (1.0 - 1e-9),
            "speed {v}: caught at x = {} (advanced {advance}, y {} -> {}), hits {hits:?} at {r:?} on {course:?}",
            r.x - O,
            r.y - O,
            end.y - O
        );
        if let Some(k) = c.inside_any(now) {
            panic!("speed {v}: inside {:?} at {now:?}", c.solids[k]);
        }
        let centre = now.x + 4.0;
        let ground = c.surface_at(centre.clamp(O + lo, O + hi));
        assert!(
            now.y + 8.0 <= ground + 1e-9,
            "speed {v}: below the surface at x = {}",
            now.x - O
        );
        steps += 1;
        assert!(steps < 1_000_000);
    }
    // It comes down (from a flight off a steep ramp, maybe) onto the last floor and stands on
    // it.
    let (r, _) = c.w.get_d(mover).unwrap();
    c.w.move_d(mover, Vec2D::new(r.x, r.y + 200.0), slide, &mut hits)
        .unwrap();
    let g = c.w.ground(mover, UP, slide).unwrap();
    assert_eq!(
        g.flags & ON_FLOOR,
        ON_FLOOR,
        "speed {v}: not standing at the end"
    );
}

const SPEEDS: [f64; 5] = [1.0 / 256.0, 1.0 / 16.0, 1.0, 7.0, 64.0];

#[test]
fn a_runner_crosses_every_join_left_to_right_at_every_speed_without_catching() {
    for v in SPEEDS {
        walk(v, 8.0, 496.0);
    }
}

#[test]
fn a_runner_crosses_every_join_right_to_left_at_every_speed_without_catching() {
    for v in SPEEDS {
        walk(v, 496.0, 8.0);
    }
}

/// A course of one ramp rising to the right from the floor at x = 64.
fn ramp() -> Course {
    Course::new(&[(0, 64, 0, 0), (64, 96, 0, -32), (96, 160, -32, -32)])
}

fn move_with(w: &mut World, id: u64, dx: f64, dy: f64, r: Response) -> (Vec2D, Vec<WorldHitD>) {
    let (at, _) = w.get_d(id).unwrap();
    let mut hits = Vec::new();
    let end = w
        .move_d(id, Vec2D::new(at.x + dx, at.y + dy), |_, _, _| r, &mut hits)
        .unwrap();
    (end, hits)
}

#[test]
fn walking_into_the_foot_of_a_ramp_goes_up_it_with_the_slope_normal() {
    let mut c = ramp();
    let m =
        c.w.add_d(RectD::new(O + 50.0, O - 8.0, 8.0, 8.0), 0)
            .unwrap();
    let (end, hits) = move_with(&mut c.w, m, 16.0, 0.0, Response::Slide);
    // 6 units to the foot, then 10 more along x projected on the 45° face: 5 along, 5 up.
    assert!((end.x - (O + 61.0)).abs() < 1e-9, "{end:?}");
    assert!((end.y - (O - 13.0)).abs() < 1e-9, "{end:?}");
    let n = hits[0].hit.normal;
    assert!((n.x + 0.5f64.sqrt()).abs() < 1e-12 && (n.y + 0.5f64.sqrt()).abs() < 1e-12);
    assert!(
        (n.x * n.x + n.y * n.y - 1.0).abs() < 1e-15,
        "normals are unit vectors"
    );
    assert!(c.inside_any(RectD::new(end.x, end.y, 8.0, 8.0)).is_none());
}

#[test]
fn gravity_on_a_ramp_slides_a_resting_box_down_it() {
    let mut c = ramp();
    let m =
        c.w.add_d(RectD::new(O + 70.0, O - 20.0, 8.0, 8.0), 0)
            .unwrap();
    // Falls onto the face, then slides down and to the left.
    let (end, _) = move_with(&mut c.w, m, 0.0, 8.0, Response::Slide);
    assert!(end.x < O + 70.0 && end.y > O - 20.0, "{end:?}");
    assert!(c.inside_any(RectD::new(end.x, end.y, 8.0, 8.0)).is_none());
    assert_eq!(c.w.ground(m, UP, slide).unwrap().flags, ON_FLOOR);
}

#[test]
fn touch_stops_at_the_face_of_a_ramp() {
    let mut c = ramp();
    let m =
        c.w.add_d(RectD::new(O + 72.0, O - 40.0, 8.0, 8.0), 0)
            .unwrap();
    // The bottom-right corner (80, -32) falls onto the face at y = -16.
    let (end, hits) = move_with(&mut c.w, m, 0.0, 30.0, Response::Touch);
    assert_eq!(hits.len(), 1);
    assert!((end.x - (O + 72.0)).abs() == 0.0);
    assert!((end.y - (O - 24.0)).abs() < 1e-9, "{end:?}");
    assert!(c.inside_any(RectD::new(end.x, end.y, 8.0, 8.0)).is_none());
}

#[test]
fn bounce_off_a_45_degree_ramp_turns_a_fall_sideways() {
    let mut c = ramp();
    let m =
        c.w.add_d(RectD::new(O + 72.0, O - 40.0, 8.0, 8.0), 0)
            .unwrap();
    // Falls 16 to the face, the 8 left over reflect about the normal (-1, -1)/√2: 8 to the left.
    let (end, hits) = move_with(&mut c.w, m, 0.0, 24.0, Response::Bounce);
    assert_eq!(hits.len(), 1);
    assert!((end.x - (O + 64.0)).abs() < 1e-9, "{end:?}");
    assert!((end.y - (O - 24.0)).abs() < 1e-9, "{end:?}");
    assert!(c.inside_any(RectD::new(end.x, end.y, 8.0, 8.0)).is_none());
}

#[test]
fn cross_passes_through_a_ramp_and_reports_it() {
    let mut c = ramp();
    let m =
        c.w.add_d(RectD::new(O + 72.0, O - 40.0, 8.0, 8.0), 0)
            .unwrap();
    let mut hits = Vec::new();
    let end =
        c.w.move_d(
            m,
            Vec2D::new(O + 72.0, O - 20.0),
            |w, _, o| {
                if w.shape_d(o, &mut []).unwrap() > 0 {
                    Response::Cross
                } else {
                    Response::Slide
                }
            },
            &mut hits,
        )
        .unwrap();
    assert_eq!(end, Vec2D::new(O + 72.0, O - 20.0));
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].response, Response::Cross.code());
}

#[test]
fn a_box_starting_inside_a_ramp_leaves_it_by_the_start_overlap_rule() {
    let mut c = ramp();
    // The bottom-right corner (84, -14) is 6 units under the face (y = -20 at x = 84).
    let m =
        c.w.add_d(RectD::new(O + 76.0, O - 22.0, 8.0, 8.0), 0)
            .unwrap();
    let start = RectD::new(O + 76.0, O - 22.0, 8.0, 8.0);
    assert!(c.inside_any(start).is_some());
    let mut hits = Vec::new();
    // Not moving, with touch: put where the nearest way out leads.
    let end =
        c.w.move_d(
            m,
            Vec2D::new(O + 76.0, O - 22.0),
            |_, _, _| Response::Touch,
            &mut hits,
        )
        .unwrap();
    assert!(hits[0].overlaps && hits[0].hit.t < 0.0, "{hits:?}");
    assert!(
        c.inside_any(RectD::new(end.x, end.y, 8.0, 8.0)).is_none(),
        "{end:?}"
    );
    // Pushed out along the face's normal (up and to the left).
    assert!(end.x < O + 76.0 && end.y < O - 22.0, "{end:?}");
    // Moving: the line of motion extended backwards.
    let m2 = c.w.add_d(start, 0).unwrap();
    let end =
        c.w.move_d(m2, Vec2D::new(O + 86.0, O - 22.0), slide, &mut hits)
            .unwrap();
    assert!(hits[0].overlaps);
    assert!(
        c.inside_any(RectD::new(end.x, end.y, 8.0, 8.0)).is_none(),
        "{end:?}"
    );
}

#[test]
fn a_slope_follows_its_item_and_shapes_answer_their_statuses() {
    let mut w = World::new_d(16.0).unwrap();
    let id = w.add_d(RectD::new(0.0, 0.0, 16.0, 16.0), 0).unwrap();
    assert_eq!(w.shape_d(id, &mut []).unwrap(), 0);
    w.set_slope(id, SLOPE_X1Y1).unwrap();
    w.update_d(id, RectD::new(32.0, 0.0, 16.0, 16.0)).unwrap();
    let mut pts = [Vec2D::default(); 8];
    assert_eq!(w.shape_d(id, &mut pts).unwrap(), 3);
    assert!(pts[..3].contains(&Vec2D::new(48.0, 0.0)));
    assert!(pts[..3].contains(&Vec2D::new(32.0, 16.0)));
    assert!(pts[..3].contains(&Vec2D::new(48.0, 16.0)));
    assert_eq!(w.set_slope(id, 4), Err(ShapeError::Invalid));
    let flat = w.add_d(RectD::new(0.0, 0.0, 16.0, 0.0), 0).unwrap();
    assert_eq!(w.set_slope(flat, 0), Err(ShapeError::Degenerate));
    let line = [0.0, 1.0, 2.0].map(|v| Vec2D::new(v, v));
    assert_eq!(w.set_shape_d(id, &line), Err(ShapeError::Degenerate));
    let many: Vec<Vec2D> = (0..9)
        .map(|k| {
            let a = k as f64 * std::f64::consts::TAU / 9.0;
            Vec2D::new(a.cos() * 10.0, a.sin() * 10.0)
        })
        .collect();
    assert_eq!(w.set_shape_d(id, &many), Err(ShapeError::TooMany));
    assert_eq!(
        w.set_shape_d(id, &[Vec2D::new(f64::NAN, 0.0); 3]),
        Err(ShapeError::Invalid)
    );
    // A prop: the rect becomes the hull's box, and updates move the polygon with it.
    let diamond = [(8.0, 0.0), (16.0, 8.0), (8.0, 16.0), (0.0, 8.0)].map(|(x, y)| Vec2D::new(x, y));
    w.set_shape_d(id, &diamond).unwrap();
    assert_eq!(w.get_d(id).unwrap().0, RectD::new(0.0, 0.0, 16.0, 16.0));
    w.update_d(id, RectD::new(100.0, 50.0, 1.0, 1.0)).unwrap();
    assert_eq!(w.get_d(id).unwrap().0, RectD::new(100.0, 50.0, 16.0, 16.0));
    w.clear_shape(id).unwrap();
    assert_eq!(w.shape_d(id, &mut pts).unwrap(), 0);
    w.remove(id).unwrap();
    assert_eq!(w.set_slope(id, 0), Err(ShapeError::Stale));
}

/// A random convex polygon with integer vertices around `(cx, cy)` (the hull of a few points).
fn random_poly(rng: &mut Rng, cx: i64, cy: i64) -> Vec<(i64, i64)> {
    loop {
        let n = 3 + rng.below(4) as usize;
        let pts: Vec<(i64, i64)> = (0..n)
            .map(|_| (cx + rng.range(-6, 6), cy + rng.range(-6, 6)))
            .collect();
        let mut w = World::new_d(16.0).unwrap();
        let id = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0).unwrap();
        let v: Vec<Vec2D> = pts
            .iter()
            .map(|&(x, y)| Vec2D::new(x as f64, y as f64))
            .collect();
        if w.set_shape_d(id, &v).is_ok() {
            let mut out = [Vec2D::default(); 8];
            let k = w.shape_d(id, &mut out).unwrap();
            return out[..k].iter().map(|p| (p.x as i64, p.y as i64)).collect();
        }
    }
}

#[test]
fn the_sweep_against_a_polygon_agrees_with_fine_steps_on_random_grid_polygons() {
    let mut rng = Rng::new(0x5106e5);
    let o = O as i64;
    let (mut met, mut missed) = (0, 0);
    for case in 0..6000 {
        let poly = random_poly(&mut rng, o, o);
        let mut w = World::new_d(8.0).unwrap();
        let id = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0).unwrap();
        let pts: Vec<Vec2D> = poly
            .iter()
            .map(|&(x, y)| Vec2D::new(x as f64, y as f64))
            .collect();
        w.set_shape_d(id, &pts).unwrap();
        let solid = Solid(poly.clone());
        let r = RectD::new(
            (o + rng.range(-14, 10)) as f64,
            (o + rng.range(-14, 10)) as f64,
            rng.range(1, 6) as f64,
            rng.range(1, 6) as f64,
        );
        let d = (rng.range(-16, 16) as f64, rng.range(-16, 16) as f64);
        let goal = Vec2D::new(r.x + d.0, r.y + d.1);
        let mut hits = Vec::new();
        w.project_d(0, r, goal, |_, _| Response::Slide, &mut hits)
            .unwrap();
        let starts_inside = solid.overlapped_by(r);
        assert_eq!(
            hits.first().is_some_and(|h| h.overlaps),
            starts_inside,
            "case {case}"
        );
        if starts_inside {
            continue;
        }
        const N: i64 = 1024;
        let step_at = |k: i64| {
            let t = k as f64 / N as f64;
            at(r, Vec2D::new(r.x + d.0 * t, r.y + d.1 * t))
        };
        let first = (1..N).find(|&k| solid.overlapped_by(step_at(k)));
        match (hits.first(), first) {
            (None, None) => missed += 1,
            (None, Some(k)) => {
                panic!("case {case}: missed an overlap at step {k}: {r:?} {d:?} {poly:?}")
            }
            (Some(h), first) => {
                met += 1;
                let t = h.hit.t;
                // Nothing overlaps before the hit, and the mover at the contact is clear.
                if let Some(k) = first {
                    assert!(
                        t <= k as f64 / N as f64 + 1e-9,
                        "case {case}: hit at {t} after step {k}"
                    );
                }
                let before = (t * N as f64 - 1e-6).floor() as i64;
                for k in 1..=before.min(N - 1) {
                    assert!(
                        !solid.overlapped_by(step_at(k)),
                        "case {case}: overlap at {k} before {t}"
                    );
                }
                let touch = at(r, h.hit.pos);
                assert!(!solid.overlapped_by(touch), "case {case}: touch inside");
                // A real entry, not a graze: just after the contact the mover overlaps.
                let entered = (10..62).any(|k| {
                    let u = t + 0.5f64.powi(k);
                    u < 1.0 && solid.overlapped_by(at(r, Vec2D::new(r.x + d.0 * u, r.y + d.1 * u)))
                });
                assert!(
                    entered,
                    "case {case}: no overlap just after {t}: {r:?} {d:?} {poly:?}"
                );
            }
        }
    }
    // Both outcomes were tried many times.
    assert!(met > 800 && missed > 800, "{met} hits, {missed} misses");
}

#[test]
fn random_moves_among_slopes_and_tiles_never_end_inside_a_solid() {
    let mut rng = Rng::new(0x51095);
    let o = O as i64;
    for case in 0..400 {
        let mut w = World::new_d(16.0).unwrap();
        let mut solids: Vec<(u64, Solid)> = Vec::new();
        for _ in 0..6 {
            let (x, y) = (o + rng.range(-3, 3) * 8, o + rng.range(-3, 3) * 8);
            let id = w
                .add_d(RectD::new(x as f64, y as f64, 8.0, 8.0), 0)
                .unwrap();
            let solid = match rng.below(3) {
                0 => Solid::rect(x, y, 8, 8),
                1 => {
                    let corner = rng.below(4) as u32;
                    w.set_slope(id, corner).unwrap();
                    let mut out = [Vec2D::default(); 8];
                    let n = w.shape_d(id, &mut out).unwrap();
                    Solid(out[..n].iter().map(|p| (p.x as i64, p.y as i64)).collect())
                }
                _ => {
                    let p = random_poly(&mut rng, x + 4, y + 4);
                    let v: Vec<Vec2D> = p
                        .iter()
                        .map(|&(x, y)| Vec2D::new(x as f64, y as f64))
                        .collect();
                    w.set_shape_d(id, &v).unwrap();
                    Solid(p)
                }
            };
            solids.push((id, solid));
        }
        let r = RectD::new(
            (o + rng.range(-40, 40)) as f64,
            (o + rng.range(-40, 40)) as f64,
            rng.range(2, 10) as f64,
            rng.range(2, 10) as f64,
        );
        let m = w.add_d(r, 0).unwrap();
        let mut hits = Vec::new();
        let mut here = r;
        for step in 0..20 {
            let goal = Vec2D::new(
                here.x + rng.range(-24, 24) as f64 / 4.0,
                here.y + rng.range(-24, 24) as f64 / 4.0,
            );
            let response = rng.pick(&[Response::Slide, Response::Touch, Response::Bounce]);
            let end = w.move_d(m, goal, |_, _, _| response, &mut hits).unwrap();
            let now = at(here, end);
            for (id, s) in &solids {
                if s.overlapped_by(beyond_band(now)) {
                    assert!(
                        s.overlapped_by(here),
                        "case {case} step {step}: ended inside {id} ({s:?}) at {now:?} from {here:?}"
                    );
                }
            }
            here = now;
        }
    }
}

#[test]
fn a_player_fits_beside_a_ramp_inside_its_box_and_is_pushed_out_of_its_face() {
    let mut c = ramp();
    let m =
        c.w.add_d(RectD::new(O + 100.0, O - 60.0, 8.0, 8.0), 0)
            .unwrap();
    // Above the face but inside the ramp's box: fits.
    assert!(c
        .w
        .fits(m, RectD::new(O + 66.0, O - 30.0, 8.0, 8.0), slide)
        .unwrap());
    // The bottom-right corner under the face: does not.
    assert!(!c
        .w
        .fits(m, RectD::new(O + 76.0, O - 22.0, 8.0, 8.0), slide)
        .unwrap());
    // Spawned 6 units into the face, pushed out straight through it: a short way, not to the
    // top of the ramp's box.
    c.w.update_d(m, RectD::new(O + 76.0, O - 22.0, 8.0, 8.0))
        .unwrap();
    let p = c.w.push_out(m, 100.0, slide).unwrap().unwrap();
    let (dx, dy) = (p.x - (O + 76.0), p.y - (O - 22.0));
    assert!(
        (dx * dx + dy * dy).sqrt() < 6.0 / 2f64.sqrt() + 1e-6,
        "{p:?}"
    );
    assert!(c.inside_any(RectD::new(p.x, p.y, 8.0, 8.0)).is_none());
    assert_eq!(c.w.ground(m, UP, slide).unwrap().flags, ON_FLOOR);
}

#[test]
fn slopes_at_the_ends_of_the_double_range_answer_without_nan_or_panic() {
    let vals = [
        0.0,
        1e-300,
        -1e-300,
        1.0,
        -3.5,
        1e15,
        -1e15,
        1e300,
        -1e300,
        f64::MAX,
        -f64::MAX,
        f64::MIN_POSITIVE,
    ];
    let mut rng = Rng::new(0xbad51);
    let mut shaped = 0;
    for case in 0..20000 {
        let mut w = World::new_d(16.0).unwrap();
        let mut pick = || vals[rng.below(vals.len() as u64) as usize];
        let tile = RectD::new(pick(), pick(), pick().abs(), pick().abs());
        let Ok(id) = w.add_d(tile, 0) else { continue };
        let prop = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0).unwrap();
        let pts = [0; 4].map(|_| Vec2D::new(pick(), pick()));
        // Polygon items only (the rect items' own answers are the world's tests' business).
        if w.set_slope(id, (case % 4) as u32).is_err() || w.set_shape_d(prop, &pts).is_err() {
            continue;
        }
        shaped += 1;
        let m = w
            .add_d(RectD::new(pick(), pick(), pick().abs(), pick().abs()), 0)
            .unwrap();
        let mut hits = Vec::new();
        let goal = Vec2D::new(pick(), pick());
        for r in [
            Response::Slide,
            Response::Touch,
            Response::Bounce,
            Response::Cross,
        ] {
            if let Ok(end) = w.check_d(m, goal, |_, _, _| r, &mut hits) {
                assert!(!end.x.is_nan() && !end.y.is_nan(), "case {case}: {end:?} {r:?} tile {:?} prop {:?} mover {:?} goal {goal:?} hits {hits:?}", w.get_d(id), w.get_d(prop), w.get_d(m));
                for h in &hits {
                    assert!(!h.hit.normal.x.is_nan() && !h.hit.normal.y.is_nan());
                }
            }
        }
        let _ = w.ground(m, UP, slide);
        let _ = w.push_out(m, 10.0, slide);
        let _ = w.fits(m, RectD::new(pick(), pick(), 1.0, 1.0), slide);
        let _ = w.update_d(prop, RectD::new(pick(), pick(), 1.0, 1.0));
    }
    assert!(shaped > 1000, "{shaped} worlds with polygons");
}

#[test]
fn in_a_y_up_world_a_box_lands_on_a_ramp_and_stands_on_it() {
    let mut w = World::new_d(16.0).unwrap();
    // y up: a ramp rising to the right has its right angle at the high-x, low-y corner.
    let ramp = w.add_d(RectD::new(0.0, 0.0, 32.0, 32.0), 0).unwrap();
    w.set_slope(ramp, collide2d::world::SLOPE_X1Y0).unwrap();
    let b = w.add_d(RectD::new(12.0, 40.0, 8.0, 8.0), 0).unwrap();
    let mut hits = Vec::new();
    // The bottom-right corner (20, 40) falls onto the face at y = 20 (touch stops there).
    let end = w
        .move_d(
            b,
            Vec2D::new(12.0, 10.0),
            |_, _, _| Response::Touch,
            &mut hits,
        )
        .unwrap();
    assert!((end.y - 20.0).abs() < 1e-9 && end.x == 12.0, "{end:?}");
    let n = hits[0].hit.normal;
    assert!(n.x < 0.0 && n.y > 0.0, "{n:?}");
    let g = w.ground(b, Vec2D::new(0.0, 1.0), slide).unwrap();
    assert_eq!((g.flags, g.floor), (ON_FLOOR, ramp));
    // Seen with y down instead, the same face is over the box: a ceiling.
    let g = w.ground(b, UP, slide).unwrap();
    assert_eq!(g.flags, collide2d::world::ON_CEILING);
}

#[test]
fn a_moving_ramp_carries_the_box_standing_on_its_face() {
    let mut w = World::new_d(16.0).unwrap();
    let ramp = w.add_d(RectD::new(0.0, 100.0, 32.0, 32.0), 0).unwrap();
    w.set_slope(ramp, SLOPE_X1Y1).unwrap();
    let b = w.add_d(RectD::new(12.0, 70.0, 8.0, 8.0), 0).unwrap();
    let mut hits = Vec::new();
    // Lands on the face: its bottom-right corner (20, y + 8) on y = 132 - 20 = 112.
    w.move_d(
        b,
        Vec2D::new(12.0, 110.0),
        |_, _, _| Response::Touch,
        &mut hits,
    )
    .unwrap();
    let (before, _) = w.get_d(b).unwrap();
    assert!((before.y - 104.0).abs() < 1e-9, "{before:?}");
    let mut moved = Vec::new();
    for _ in 0..10 {
        w.move_solid(ramp, Vec2D::new(1.0, -2.0), UP, slide, &mut moved)
            .unwrap();
        assert_eq!(moved.len(), 1, "carried every frame");
    }
    let (after, _) = w.get_d(b).unwrap();
    assert!((after.x - (before.x + 10.0)).abs() < 1e-9, "{after:?}");
    assert!((after.y - (before.y - 20.0)).abs() < 1e-9, "{after:?}");
    assert_eq!(w.ground(b, UP, slide).unwrap().floor, ramp);
}

/// A random course: flats and ramps rising or falling 8, 16 or 32 over 16 (steep ones too).
fn random_course(rng: &mut Rng) -> Vec<(i64, i64, i64, i64)> {
    let mut pieces = vec![(-160, 0, 0, 0)];
    let (mut x, mut y) = (0i64, 0i64);
    for _ in 0..14 {
        let rise = rng.pick(&[0, 8, 16, 32, -8, -16, -32]);
        let run = if rise == 0 { rng.pick(&[16, 32]) } else { 16 };
        // Heights stay within 48 of the start (y-down: up is negative).
        let rise = if (y - rise).abs() > 48 { -rise } else { rise };
        pieces.push((x, x + run, y, y - rise));
        x += run;
        y -= rise;
    }
    // Back down (or up) to 0 over 16-wide ramps of 16, then a flat.
    while y != 0 {
        let step = y.signum() * 16.min(y.abs());
        pieces.push((x, x + 16, y, y - step));
        x += 16;
        y -= step;
    }
    pieces.push((x, x + 96, 0, 0));
    pieces
}

#[test]
fn runners_cross_random_courses_of_ramps_of_every_steepness_without_catching() {
    let mut rng = Rng::new(0x7a1);
    for _ in 0..30 {
        let course = random_course(&mut rng);
        let end = course[course.len() - 1].0 as f64 + 16.0;
        for v in [1.0 / 16.0, 1.0, 7.0, 64.0] {
            // Gravity a quarter of the walk: on the steepest ramp (2 up for 1 along) a step
            // still goes (cos θ - sin θ / 4)·cos θ = 1/10 of the way.
            walk_on(&course, v, -60.0, end, 0.25, 0.1);
            walk_on(&course, v, end, -60.0, 0.25, 0.1);
        }
    }
}

/// `v · 2^50`, exactly (every coordinate near the offset is a multiple of 2^-43).
fn fx50(v: f64) -> i128 {
    let s = v * (1u64 << 50) as f64;
    assert_eq!(s.fract(), 0.0, "{v} is not a multiple of 2^-50");
    s as i128
}

/// A convex polygon with any double vertices near the offset, for the exact oracle.
struct FSolid(Vec<Vec2D>);

impl FSolid {
    /// Whether the rect `r` strictly overlaps it, exactly (as [`Solid::overlapped_by`]).
    fn overlapped_by(&self, r: RectD) -> bool {
        let (x0, x1) = (fx50(r.x), fx50(r.x) + fx50(r.w));
        let (y0, y1) = (fx50(r.y), fx50(r.y) + fx50(r.h));
        let vx: Vec<i128> = self.0.iter().map(|v| fx50(v.x)).collect();
        let vy: Vec<i128> = self.0.iter().map(|v| fx50(v.y)).collect();
        let (min_x, max_x) = (*vx.iter().min().unwrap(), *vx.iter().max().unwrap());
        let (min_y, max_y) = (*vy.iter().min().unwrap(), *vy.iter().max().unwrap());
        if max_x <= x0 || x1 <= min_x || max_y <= y0 || y1 <= min_y {
            return false;
        }
        let n = self.0.len();
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
        for i in 0..n {
            let j = (i + 1) % n;
            let (dx, dy) = (vx[j] - vx[i], vy[j] - vy[i]);
            let side = |cx: i128, cy: i128| dx * (cy - vy[i]) - dy * (cx - vx[i]);
            let inner = (0..n)
                .map(|k| side(vx[k], vy[k]).signum())
                .find(|&v| v != 0)
                .unwrap();
            if corners
                .iter()
                .all(|&(cx, cy)| side(cx, cy).signum() * inner <= 0)
            {
                return false;
            }
        }
        true
    }
}

#[test]
fn random_moves_among_polygons_off_the_grid_never_end_inside_one() {
    let mut rng = Rng::new(0xf64);
    let unit = 1.0 / (1u64 << 20) as f64;
    let c = |rng: &mut Rng, span: i64| O + rng.range(-span << 20, span << 20) as f64 * unit;
    let mut met = 0;
    for case in 0..1000 {
        let mut w = World::new_d(16.0).unwrap();
        let mut solids: Vec<FSolid> = Vec::new();
        while solids.len() < 5 {
            let id = w.add_d(RectD::new(0.0, 0.0, 1.0, 1.0), 0).unwrap();
            let (cx, cy) = (c(&mut rng, 12), c(&mut rng, 12));
            let pts: Vec<Vec2D> = (0..5)
                .map(|_| Vec2D::new(cx + c(&mut rng, 6) - O, cy + c(&mut rng, 6) - O))
                .collect();
            if w.set_shape_d(id, &pts).is_ok() {
                let mut out = [Vec2D::default(); 8];
                let n = w.shape_d(id, &mut out).unwrap();
                solids.push(FSolid(out[..n].to_vec()));
            } else {
                w.remove(id).unwrap();
            }
        }
        let size = (rng.range(1, 8) as f64, rng.range(1, 8) as f64);
        let m = w
            .add_d(
                RectD::new(c(&mut rng, 20), c(&mut rng, 20), size.0, size.1),
                0,
            )
            .unwrap();
        let mut hits = Vec::new();
        for step in 0..20 {
            let (here, _) = w.get_d(m).unwrap();
            let goal = Vec2D::new(here.x + c(&mut rng, 12) - O, here.y + c(&mut rng, 12) - O);
            let response = rng.pick(&[Response::Slide, Response::Touch, Response::Bounce]);
            let end = w.move_d(m, goal, |_, _, _| response, &mut hits).unwrap();
            met += hits.len();
            let now = at(here, end);
            for s in &solids {
                assert!(
                    !s.overlapped_by(beyond_band(now)) || s.overlapped_by(here),
                    "case {case} step {step}: ended inside {:?} at {now:?} from {here:?}",
                    s.0
                );
            }
        }
    }
    assert!(met > 3000, "only {met} hits");
}
