//! Touching as the game means it: placements built by the game's own arithmetic, never on the
//! grid. A player snapped flush against a wall by `x = wall.x - w` (in f32 or in doubles), decimal
//! level data flush in decimals, positions stepped by `v * dt` at 60 Hz, magnitudes near 1e6
//! and 1e-3. In exact arithmetic most of these placements overlap the wall by a rounding; the
//! world and `move_rect` read them as touching: moving away or along is free and ends at the
//! goal, moving into the wall stops at once where the player is, queries and pairs do not see
//! an overlap, the player fits where it stands, is not pushed out and stands on its floor.

mod common;

use collide2d::world::{
    Moved, Precision, RectD, Response, Vec2D, World, WorldHitD, CARRIED, ON_FLOOR, ON_RIGHT,
};
use collide2d::{move_rect, Rect, Response as R, Vec2};
use common::Rng;

/// Up in y-down screen coordinates.
const UP: Vec2D = Vec2D { x: 0.0, y: -1.0 };

fn slide(_: &mut World, _: u64, _: u64) -> Response {
    Response::Slide
}

/// How the game computed the player's position beside the face.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Style {
    /// `x = wall.x - w` in doubles.
    SnapDouble,
    /// `x = wall.x - w` in f32, in an f32 world.
    SnapFloat,
    /// Level data with 2 decimals, flush in decimals (`x + w == wall.x` as written).
    Decimal2,
    /// Level data with 3 decimals.
    Decimal3,
    /// Decimal level data read into an f32 engine.
    DecimalFloat,
    /// The wall stepped by `v * dt` at 60 Hz for a while, the player snapped to it.
    Stepped,
    /// Coordinates near 1e6.
    Large,
    /// Coordinates near 1e-3.
    Small,
}

const STYLES: [Style; 8] = [
    Style::SnapDouble,
    Style::SnapFloat,
    Style::Decimal2,
    Style::Decimal3,
    Style::DecimalFloat,
    Style::Stepped,
    Style::Large,
    Style::Small,
];

impl Style {
    fn single(self) -> bool {
        matches!(self, Style::SnapFloat | Style::DecimalFloat)
    }

    fn world(self) -> World {
        if self.single() {
            World::new(64.0).unwrap()
        } else {
            World::new_d(64.0).unwrap()
        }
    }

    /// A face position `face`, a player size `w` and the player's coordinate `x` flush before
    /// the face, as the game computes them; and a typical distance to move.
    fn place(self, rng: &mut Rng) -> (f64, f64, f64, f64) {
        let dec = |rng: &mut Rng, lo: i64, hi: i64, scale: f64| rng.range(lo, hi) as f64 / scale;
        match self {
            Style::SnapDouble => {
                let face = dec(rng, -100_000, 100_000, 100.0) + rng.float(0.0, 0.01);
                let w = rng.float(1.0, 64.0);
                (face, w, face - w, 3.7)
            }
            Style::SnapFloat => {
                let face = rng.float(-2000.0, 2000.0) as f32;
                let w = rng.float(1.0, 64.0) as f32;
                (face as f64, w as f64, (face - w) as f64, 3.7f32 as f64)
            }
            Style::Decimal2 => {
                let (x, w) = (rng.range(-100_000, 100_000), rng.range(100, 6400));
                (
                    (x + w) as f64 / 100.0,
                    w as f64 / 100.0,
                    x as f64 / 100.0,
                    3.7,
                )
            }
            Style::Decimal3 => {
                let (x, w) = (rng.range(-1_000_000, 1_000_000), rng.range(1000, 64000));
                (
                    (x + w) as f64 / 1000.0,
                    w as f64 / 1000.0,
                    x as f64 / 1000.0,
                    3.7,
                )
            }
            Style::DecimalFloat => {
                let (x, w) = (rng.range(-100_000, 100_000), rng.range(100, 6400));
                let f = |v: i64| (v as f64 / 100.0) as f32 as f64;
                (f(x + w), f(w), f(x), 3.7f32 as f64)
            }
            Style::Stepped => {
                let v = rng.float(-300.0, 300.0);
                let dt = 1.0 / 60.0;
                let mut face = dec(rng, -10_000, 10_000, 10.0);
                for _ in 0..rng.range(1, 600) {
                    face += v * dt;
                }
                let w = dec(rng, 100, 6400, 100.0);
                (face, w, face - w, 3.7)
            }
            Style::Large => {
                let face = 1e6 + dec(rng, -100_000, 100_000, 100.0);
                let w = dec(rng, 100, 6400, 100.0);
                (face, w, face - w, 3.7)
            }
            Style::Small => {
                let face = dec(rng, -1_000_000, 1_000_000, 1e9);
                let w = dec(rng, 100, 6400, 1e6);
                (face, w, face - w, 0.0037)
            }
        }
    }
}

/// Failures by check, with the first few cases for the message.
#[derive(Default)]
struct Tally {
    cases: usize,
    failed: Vec<String>,
    count: usize,
}

impl Tally {
    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.cases += 1;
        if !ok {
            self.count += 1;
            if self.failed.len() < 12 {
                self.failed.push(what());
            }
        }
    }

    fn assert_clean(&self, name: &str) {
        assert!(
            self.count == 0,
            "{name}: {} of {} checks wrong, e.g.\n{}",
            self.count,
            self.cases,
            self.failed.join("\n")
        );
        assert!(self.cases > 0);
    }
}

const CASES: usize = 2000;

/// Runs `case` `CASES` times for every style, with one generator seeded by `seed`, and asserts
/// that no check of a style failed.
fn for_each_style(seed: u64, mut case: impl FnMut(Style, &mut Rng, &mut Tally)) {
    let mut rng = Rng::new(seed);
    for style in STYLES {
        let mut t = Tally::default();
        for _ in 0..CASES {
            case(style, &mut rng, &mut t);
        }
        t.assert_clean(&format!("{style:?}"));
    }
}

/// A position and size across the face (tenths, as f32 values): where along the wall or floor
/// the player stands and how wide it is.
fn across(rng: &mut Rng) -> (f64, f64) {
    let x = (rng.range(-500, 500) as f64 / 10.0) as f32 as f64;
    let w = (rng.range(50, 400) as f64 / 10.0) as f32 as f64;
    (x, w)
}

fn go(w: &mut World, id: u64, goal: Vec2D) -> (Vec2D, Vec<WorldHitD>) {
    let mut hits = Vec::new();
    let end = w.move_d(id, goal, slide, &mut hits).unwrap();
    (end, hits)
}

/// Whether the player rect lies wholly on the wall's near side, touching counted within the
/// band (never on or past the far side).
fn not_through(p: &RectD, wall: &RectD, precision: Precision) -> bool {
    let m = [p.x, p.w, wall.x, wall.w]
        .iter()
        .fold(0.0f64, |m, v| m.max(v.abs()));
    p.x + p.w <= wall.x + 2.0 * precision.band(m)
}

#[test]
fn a_player_snapped_flush_against_a_wall_walks_away_along_and_into_it() {
    for_each_style(0x70c4, |style, rng, t| {
        let (face, w, x, d) = style.place(rng);
        let y = (rng.range(-500, 500) as f64 / 10.0) as f32 as f64;
        let h = (rng.range(50, 400) as f64 / 10.0) as f32 as f64;
        let mut world = style.world();
        let wall_rect = RectD::new(face, -5000.0, 40.0, 10000.0);
        let wall = world.add_d(wall_rect, 1).unwrap();
        let start = RectD::new(x, y, w, h);
        let player = world.add_d(start, 2).unwrap();
        let precision = world.precision();
        let case = || format!("{style:?} wall x {face:?} player x {x:?} w {w:?}");
        // Away.
        let goal = Vec2D::new(x - d, y);
        let (end, hits) = go(&mut world, player, goal);
        t.check(end == goal && hits.is_empty(), || {
            format!("{} away: ended {end:?}, {} hits", case(), hits.len())
        });
        world.update_d(player, start).unwrap();
        // Along.
        let goal = Vec2D::new(x, y + d);
        let (end, hits) = go(&mut world, player, goal);
        t.check(end == goal && hits.is_empty(), || {
            format!("{} along: ended {end:?}, {} hits", case(), hits.len())
        });
        world.update_d(player, start).unwrap();
        // Into: met at once, where it is.
        let (end, hits) = go(&mut world, player, Vec2D::new(x + d, y + d));
        let first = hits.first();
        t.check(
            end == Vec2D::new(x, y + d)
                && first.is_some_and(|h| {
                    h.id == wall && h.hit.t == 0.0 && h.hit.normal == Vec2D::new(-1.0, 0.0)
                }),
            || format!("{} into: ended {end:?}, hits {hits:?}", case()),
        );
        let now = world.get_d(player).unwrap().0;
        t.check(not_through(&now, &wall_rect, precision), || {
            format!("{} went through: {now:?}", case())
        });
        world.update_d(player, start).unwrap();
        // The world sees no overlap.
        let mut out = [0u64; 8];
        let n = world.query_rect_d(start, u64::MAX, &mut out);
        t.check(!out[..n.min(8)].contains(&wall), || {
            format!("{} a query of its own rect finds the wall", case())
        });
        let mut pairs = [Default::default(); 4];
        t.check(world.pairs(&mut pairs) == 0, || {
            format!("{} the player and the wall are a pair", case())
        });
        t.check(world.fits(player, start, slide).unwrap(), || {
            format!("{} does not fit where it stands", case())
        });
        let here = world.push_out(player, 100.0, slide).unwrap();
        t.check(here == Some(Vec2D::new(x, y)), || {
            format!("{} pushed out to {here:?}", case())
        });
        let g = world.ground(player, UP, slide).unwrap();
        t.check(g.flags & ON_RIGHT != 0 && g.right == wall, || {
            format!("{} ground {g:?}", case())
        });
    });
}

#[test]
fn a_player_snapped_onto_a_floor_stands_jumps_walks_over_seams_and_lands() {
    for_each_style(0xf100, |style, rng, t| {
        // On the y axis: the floor's top is `face`, the player's height `h`.
        let (face, h, y, d) = style.place(rng);
        let (x, w) = across(rng);
        let mut world = style.world();
        // Two floor tiles with a seam under the player's path.
        let seam = x + w + d / 2.0;
        let a = world
            .add_d(RectD::new(x - 1000.0, face, seam - (x - 1000.0), 32.0), 1)
            .unwrap();
        let b = world
            .add_d(RectD::new(seam, face, 1000.0, 32.0), 3)
            .unwrap();
        let start = RectD::new(x, y, w, h);
        let player = world.add_d(start, 2).unwrap();
        let case = || format!("{style:?} floor y {face:?} player y {y:?} h {h:?}");
        let g = world.ground(player, UP, slide).unwrap();
        t.check(g.flags & ON_FLOOR != 0 && g.floor == a, || {
            format!("{} ground {g:?}", case())
        });
        // Walking across the seam.
        let goal = Vec2D::new(x + d, y);
        let (end, hits) = go(&mut world, player, goal);
        t.check(end == goal && hits.is_empty(), || {
            format!("{} walk: ended {end:?}, hits {hits:?}", case())
        });
        world.update_d(player, start).unwrap();
        // Jumping.
        let goal = Vec2D::new(x, y - 10.0 * d);
        let (end, hits) = go(&mut world, player, goal);
        t.check(end == goal && hits.is_empty(), || {
            format!("{} jump: ended {end:?}, hits {hits:?}", case())
        });
        // Landing from there: on the floor, flush within the band, the floor reported.
        let (end, hits) = go(&mut world, player, Vec2D::new(x, y + d));
        let r = RectD::new(end.x, end.y, w, h);
        let band = Precision::Double.band(face.abs().max(end.y.abs()).max(h)) * 2.0;
        let flush = (end.y + h - face).abs() <= band.max(world_band(&world, face, h));
        t.check(
            flush && hits.first().is_some_and(|h| h.id == a || h.id == b),
            || format!("{} land: ended {r:?}, hits {hits:?}", case()),
        );
        world.update_d(player, start).unwrap();
        // Pressing down: held where it is.
        let (end, _) = go(&mut world, player, Vec2D::new(x, y + d));
        t.check(end == Vec2D::new(x, y), || {
            format!("{} pressing down moved it to {end:?}", case())
        });
    });
}

/// The band of a world at a face `face` for an item of size `s` (twice, for the rounding of
/// a contact).
fn world_band(w: &World, face: f64, s: f64) -> f64 {
    2.0 * w.precision().band(face.abs().max(s.abs()) * 2.0)
}

#[test]
fn a_player_snapped_onto_a_one_way_platform_is_held_and_jumps_through() {
    for_each_style(0x0e3a, |style, rng, t| {
        let (face, h, y, d) = style.place(rng);
        let (x, w) = across(rng);
        let mut world = style.world();
        let floor = world
            .add_d(RectD::new(x - 100.0, face, 300.0, 8.0), 1)
            .unwrap();
        world.set_one_way(floor, UP).unwrap();
        let start = RectD::new(x, y, w, h);
        let player = world.add_d(start, 2).unwrap();
        let case = || format!("{style:?} platform y {face:?} player y {y:?} h {h:?}");
        let (end, hits) = go(&mut world, player, Vec2D::new(x + d, y + d));
        t.check(end == Vec2D::new(x + d, y) && hits.len() == 1, || {
            format!("{} pressing down: ended {end:?}, hits {hits:?}", case())
        });
        world.update_d(player, start).unwrap();
        let g = world.ground(player, UP, slide).unwrap();
        t.check(g.flags & ON_FLOOR != 0 && g.floor == floor, || {
            format!("{} ground {g:?}", case())
        });
        let goal = Vec2D::new(x, y - 10.0 * d);
        let (end, hits) = go(&mut world, player, goal);
        t.check(end == goal && hits.is_empty(), || {
            format!("{} jump: ended {end:?}, hits {hits:?}", case())
        });
    });
}

#[test]
fn a_lift_carries_a_rider_snapped_onto_it() {
    for_each_style(0x11f7, |style, rng, t| {
        let (face, h, y, d) = style.place(rng);
        let (x, w) = across(rng);
        let mut world = style.world();
        let lift = world
            .add_d(RectD::new(x - 20.0, face, 100.0, 8.0), 1)
            .unwrap();
        let rider = world.add_d(RectD::new(x, y, w, h), 2).unwrap();
        let case = || format!("{style:?} lift y {face:?} rider y {y:?} h {h:?}");
        let mut out: Vec<Moved> = Vec::new();
        for delta in [Vec2D::new(0.0, -d), Vec2D::new(d, 0.0), Vec2D::new(0.0, d)] {
            world.move_solid(lift, delta, UP, slide, &mut out).unwrap();
            let top = world.get_d(lift).unwrap().0.y;
            let r = world.get_d(rider).unwrap().0;
            let flush = (r.y + h - top).abs() <= world_band(&world, top, h);
            t.check(
                flush && out.iter().any(|m| m.id == rider && m.what & CARRIED != 0),
                || {
                    format!(
                        "{} lift by {delta:?}: rider at {r:?}, lift top {top:?}",
                        case()
                    )
                },
            );
        }
    });
}

#[test]
fn flush_neighbours_in_decimal_level_data_are_no_pair_and_not_found() {
    // A row of tiles from level data: each tile's x is the previous one's x + w, in decimals.
    let mut rng = Rng::new(0xdec1);
    for style in [Style::Decimal2, Style::Decimal3, Style::DecimalFloat] {
        let mut world = style.world();
        let mut ids = Vec::new();
        let scale = if style == Style::Decimal3 {
            1000.0
        } else {
            100.0
        };
        let mut at = rng.range(-100_000, 100_000);
        for _ in 0..200 {
            let w = rng.range(100, 6400);
            let v = |k: i64| {
                let d = k as f64 / scale;
                if style.single() {
                    d as f32 as f64
                } else {
                    d
                }
            };
            let r = RectD::new(v(at), v(at / 3), v(w), v(1600));
            ids.push((world.add_d(r, 0).unwrap(), r));
            at += w;
        }
        let mut pairs = vec![Default::default(); 16];
        let n = world.pairs(&mut pairs);
        assert_eq!(
            n,
            0,
            "{style:?}: flush tiles listed as pairs: {:?}",
            &pairs[..n.min(16)]
        );
        for &(id, r) in &ids {
            let mut out = [0u64; 8];
            let n = world.query_rect_d(r, u64::MAX, &mut out);
            assert_eq!(&out[..n], &[id], "{style:?}: {r:?} finds its neighbours");
        }
    }
}

#[test]
fn move_rect_reads_a_float_snap_as_touching() {
    let mut rng = Rng::new(0x3e7);
    let mut t = Tally::default();
    for _ in 0..4 * CASES {
        let style = if rng.chance(1, 2) {
            Style::SnapFloat
        } else {
            Style::DecimalFloat
        };
        let (face, w, x, d) = style.place(&mut rng);
        let (face, w, x, d) = (face as f32, w as f32, x as f32, d as f32);
        let y = rng.range(-500, 500) as f32 / 10.0;
        let wall = Rect::new(face, -5000.0, 40.0, 10000.0);
        let a = Rect::new(x, y, w, 12.5);
        let case = || format!("{style:?} wall x {face:?} player x {x:?} w {w:?}");
        for response in [R::Slide, R::Touch, R::Bounce] {
            let (end, info) = move_rect(a, Vec2::new(-d, 0.0), &[wall], response);
            t.check(end == Vec2::new(x - d, y) && info.count == 0, || {
                format!("{} away: {end:?} {info:?}", case())
            });
            let (end, info) = move_rect(a, Vec2::new(0.0, d), &[wall], response);
            t.check(end == Vec2::new(x, y + d) && info.count == 0, || {
                format!("{} along: {end:?} {info:?}", case())
            });
            let (end, info) = move_rect(a, Vec2::new(d, 0.0), &[wall], response);
            // Met at once where it is; a bounce then goes back the way it came.
            let back = if response == R::Bounce {
                x - ((x + d) - x)
            } else {
                x
            };
            t.check(
                end == Vec2::new(back, y) && info.count == 1 && info.first_hit.t == 0.0,
                || format!("{} into: {end:?} {info:?}", case()),
            );
        }
    }
    t.assert_clean("move_rect");
}

#[test]
fn on_the_grid_touching_and_overlapping_by_one_step_are_unchanged() {
    let step = 1.0 / 256.0;
    for world in [World::new(16.0).unwrap(), World::new_d(16.0).unwrap()] {
        let mut world = world;
        for &m in &[0.0, 100.0, 16000.0, -16000.0] {
            let a = world.add_d(RectD::new(m, m, 10.0, 10.0), 0).unwrap();
            let flush = world.add_d(RectD::new(m + 10.0, m, 10.0, 10.0), 0).unwrap();
            let deep = world
                .add_d(RectD::new(m - 10.0 + step, m + 5.0, 10.0, 10.0), 0)
                .unwrap();
            let mut out = [0u64; 8];
            let n = world.query_rect_d(RectD::new(m, m, 10.0, 10.0), u64::MAX, &mut out);
            assert!(
                out[..n].contains(&deep) && !out[..n].contains(&flush),
                "at {m}"
            );
            let mut pairs = vec![Default::default(); 8];
            let n = world.pairs(&mut pairs);
            assert_eq!(n, 1, "at {m}: {:?}", &pairs[..n]);
            world.remove(deep).unwrap();
            let mut hits = Vec::new();
            let end = world
                .move_d(a, Vec2D::new(m + 5.0, m), slide, &mut hits)
                .unwrap();
            assert_eq!(end, Vec2D::new(m, m), "at {m}: into the flush neighbour");
            let end = world
                .move_d(a, Vec2D::new(m + step, m + 7.0), slide, &mut hits)
                .unwrap();
            assert_eq!(
                end,
                Vec2D::new(m, m + 7.0),
                "at {m}: along the flush neighbour"
            );
            world
                .update_d(a, RectD::new(m - step, m, 10.0, 10.0))
                .unwrap();
            let end = world
                .move_d(a, Vec2D::new(m + 5.0, m), slide, &mut hits)
                .unwrap();
            assert_eq!(end, Vec2D::new(m, m), "at {m}: one step short, then flush");
            for id in [a, flush] {
                world.remove(id).unwrap();
            }
        }
    }
}
