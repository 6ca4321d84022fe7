//! Hostile inputs in every narrow-phase family: infinities, values near `FLT_MAX`, subnormals and
//! signed zeros put into every field of shapes that hit, touch and miss, one and two fields at a
//! time.
//!
//! What every answer must keep (the "Bad input" rules):
//! * no output field is NaN unless an input was NaN (none is here): sweeps, ray casts, contacts,
//!   the intersection rect, distances, closest points and both moves;
//! * a sweep or a ray cast whose `delta` (or ray origin) has an infinite component reports no hit;
//! * a move whose `delta` has an infinite component stays at its start and reports no hit;
//! * a hit's `t` is in `[0, 1]`; a contact's depth is positive, and finite wherever the true depth
//!   is (radii near `FLT_MAX` give `f32::MAX`, not `+inf`).

use collide2d::*;

const INF: f32 = f32::INFINITY;
const DENORM: f32 = 1.0e-45;

/// The values put into the fields.
const SPECIAL: [f32; 14] = [
    INF,
    -INF,
    f32::MAX,
    -f32::MAX,
    1.0e30,
    -1.0e30,
    1.0e-30,
    -1.0e-30,
    DENORM,
    -DENORM,
    f32::MIN_POSITIVE,
    0.0,
    -0.0,
    1.0e7,
];

/// One function of the narrow phase seen as a function of its flattened float inputs: `None` for
/// no hit (or a bool answer that is false), otherwise every float of the answer.
struct Family {
    name: &'static str,
    /// Shapes that hit, touch and miss (flattened inputs).
    bases: Vec<Vec<f32>>,
    run: fn(&[f32]) -> Option<Vec<f32>>,
    /// Input fields whose infinity must give no hit (a motion's delta, a ray's origin).
    motion: &'static [usize],
}

fn rect(v: &[f32]) -> Rect {
    Rect::new(v[0], v[1], v[2], v[3])
}
fn circle(v: &[f32]) -> Circle {
    Circle::new(v[0], v[1], v[2])
}
fn vec2(v: &[f32]) -> Vec2 {
    Vec2::new(v[0], v[1])
}
fn obb(v: &[f32]) -> Obb {
    Obb::new(vec2(v), vec2(&v[2..]), Rot { c: v[4], s: v[5] })
}
fn segment(v: &[f32]) -> Segment {
    Segment::new(vec2(v), vec2(&v[2..]))
}

fn hit(h: Option<Hit>) -> Option<Vec<f32>> {
    h.map(|h| {
        vec![
            h.t, h.normal.x, h.normal.y, h.point.x, h.point.y, h.pos.x, h.pos.y,
        ]
    })
}

fn contact(c: Option<Contact>) -> Option<Vec<f32>> {
    c.map(|c| vec![c.normal.x, c.normal.y, c.depth, c.point.x, c.point.y])
}

fn families() -> Vec<Family> {
    let r = |x: f32, y: f32, w: f32, h: f32| vec![x, y, w, h];
    let c = |x: f32, y: f32, r: f32| vec![x, y, r];
    let v = |x: f32, y: f32| vec![x, y];
    let o = |x: f32, y: f32, hx: f32, hy: f32, deg: f32| {
        let rot = Rot::from_degrees(deg);
        vec![x, y, hx, hy, rot.c, rot.s]
    };
    let s = |ax: f32, ay: f32, bx: f32, by: f32| vec![ax, ay, bx, by];
    let cat = |parts: &[Vec<f32>]| parts.concat();
    vec![
        Family {
            name: "sweep_rect_rect",
            bases: vec![
                cat(&[
                    r(0.0, 0.0, 10.0, 10.0),
                    v(50.0, 5.0),
                    r(30.0, 0.0, 10.0, 10.0),
                ]),
                cat(&[
                    r(0.0, 0.0, 10.0, 10.0),
                    v(20.0, 0.0),
                    r(10.0, 0.0, 10.0, 10.0),
                ]),
                cat(&[
                    r(0.0, 0.0, 10.0, 10.0),
                    v(5.0, 5.0),
                    r(5.0, 5.0, 10.0, 10.0),
                ]),
                cat(&[
                    r(0.0, 0.0, 10.0, 10.0),
                    v(0.0, 50.0),
                    r(30.0, 0.0, 10.0, 10.0),
                ]),
            ],
            run: |f| hit(sweep_rect_rect(rect(f), vec2(&f[4..]), rect(&f[6..]))),
            motion: &[4, 5],
        },
        Family {
            name: "sweep_circle_rect",
            bases: vec![
                cat(&[c(0.0, 5.0, 2.0), v(50.0, 1.0), r(30.0, 0.0, 10.0, 10.0)]),
                cat(&[c(0.0, -2.0, 2.0), v(50.0, 50.0), r(30.0, 0.0, 10.0, 10.0)]),
                cat(&[c(32.0, 5.0, 5.0), v(5.0, 0.0), r(30.0, 0.0, 10.0, 10.0)]),
            ],
            run: |f| hit(sweep_circle_rect(circle(f), vec2(&f[3..]), rect(&f[5..]))),
            motion: &[3, 4],
        },
        Family {
            name: "sweep_circle_circle",
            bases: vec![
                cat(&[c(0.0, 0.0, 2.0), v(50.0, 1.0), c(30.0, 0.0, 5.0)]),
                cat(&[c(0.0, 0.0, 2.0), v(1.0, 1.0), c(1.0, 0.0, 5.0)]),
            ],
            run: |f| {
                hit(sweep_circle_circle(
                    circle(f),
                    vec2(&f[3..]),
                    circle(&f[5..]),
                ))
            },
            motion: &[3, 4],
        },
        Family {
            name: "sweep_rect_circle",
            bases: vec![
                cat(&[r(0.0, 0.0, 10.0, 10.0), v(50.0, 1.0), c(40.0, 5.0, 5.0)]),
                cat(&[r(0.0, 0.0, 10.0, 10.0), v(1.0, 0.0), c(5.0, 5.0, 5.0)]),
            ],
            run: |f| hit(sweep_rect_circle(rect(f), vec2(&f[4..]), circle(&f[6..]))),
            motion: &[4, 5],
        },
        Family {
            name: "sweep_circle_obb",
            bases: vec![
                cat(&[c(0.0, 0.0, 2.0), v(50.0, 1.0), o(30.0, 0.0, 5.0, 3.0, 30.0)]),
                cat(&[c(0.0, 0.0, 2.0), v(50.0, 1.0), o(30.0, 0.0, 5.0, 3.0, 0.0)]),
            ],
            run: |f| hit(sweep_circle_obb(circle(f), vec2(&f[3..]), obb(&f[5..]))),
            motion: &[3, 4],
        },
        Family {
            name: "sweep_rect_obb",
            bases: vec![
                cat(&[
                    r(0.0, 0.0, 4.0, 4.0),
                    v(50.0, 1.0),
                    o(30.0, 0.0, 5.0, 3.0, 30.0),
                ]),
                cat(&[
                    r(0.0, 0.0, 4.0, 4.0),
                    v(50.0, 1.0),
                    o(30.0, 0.0, 5.0, 3.0, 90.0),
                ]),
            ],
            run: |f| hit(sweep_rect_obb(rect(f), vec2(&f[4..]), obb(&f[6..]))),
            motion: &[4, 5],
        },
        Family {
            name: "raycast_rect",
            bases: vec![
                cat(&[v(0.0, 5.0), v(50.0, 1.0), r(30.0, 0.0, 10.0, 10.0)]),
                cat(&[v(35.0, 5.0), v(50.0, 1.0), r(30.0, 0.0, 10.0, 10.0)]),
            ],
            run: |f| hit(raycast_rect(vec2(f), vec2(&f[2..]), rect(&f[4..]))),
            motion: &[0, 1, 2, 3],
        },
        Family {
            name: "raycast_circle",
            bases: vec![
                cat(&[v(0.0, 0.0), v(50.0, 1.0), c(30.0, 0.0, 5.0)]),
                cat(&[v(29.0, 0.0), v(50.0, 1.0), c(30.0, 0.0, 5.0)]),
            ],
            run: |f| hit(raycast_circle(vec2(f), vec2(&f[2..]), circle(&f[4..]))),
            motion: &[0, 1, 2, 3],
        },
        Family {
            name: "raycast_obb",
            bases: vec![cat(&[
                v(0.0, 0.0),
                v(50.0, 1.0),
                o(30.0, 0.0, 5.0, 3.0, 30.0),
            ])],
            run: |f| hit(raycast_obb(vec2(f), vec2(&f[2..]), obb(&f[4..]))),
            motion: &[0, 1, 2, 3],
        },
        Family {
            name: "raycast_segment",
            bases: vec![
                cat(&[v(0.0, 0.0), v(50.0, 1.0), s(30.0, -5.0, 30.0, 5.0)]),
                cat(&[v(0.0, 0.0), v(50.0, 0.0), s(10.0, 0.0, 20.0, 0.0)]),
            ],
            run: |f| hit(raycast_segment(vec2(f), vec2(&f[2..]), segment(&f[4..]))),
            motion: &[0, 1, 2, 3],
        },
        Family {
            name: "collide_rect_rect",
            bases: vec![cat(&[r(0.0, 0.0, 10.0, 10.0), r(5.0, 5.0, 10.0, 10.0)])],
            run: |f| contact(collide_rect_rect(rect(f), rect(&f[4..]))),
            motion: &[],
        },
        Family {
            name: "intersection_rect",
            bases: vec![cat(&[r(0.0, 0.0, 10.0, 10.0), r(5.0, 5.0, 10.0, 10.0)])],
            run: |f| intersection_rect(rect(f), rect(&f[4..])).map(|r| vec![r.x, r.y, r.w, r.h]),
            motion: &[],
        },
        Family {
            name: "collide_circle_circle",
            bases: vec![
                cat(&[c(0.0, 0.0, 5.0), c(3.0, 0.0, 5.0)]),
                cat(&[c(0.0, 0.0, 5.0), c(0.0, 0.0, 5.0)]),
            ],
            run: |f| contact(collide_circle_circle(circle(f), circle(&f[3..]))),
            motion: &[],
        },
        Family {
            name: "collide_rect_circle",
            bases: vec![
                cat(&[r(0.0, 0.0, 10.0, 10.0), c(5.0, 5.0, 3.0)]),
                cat(&[r(0.0, 0.0, 10.0, 10.0), c(12.0, 5.0, 3.0)]),
            ],
            run: |f| contact(collide_rect_circle(rect(f), circle(&f[4..]))),
            motion: &[],
        },
        Family {
            name: "collide_obb_circle",
            bases: vec![cat(&[o(0.0, 0.0, 2.0, 1.0, 30.0), c(1.0, 0.0, 2.0)])],
            run: |f| contact(collide_obb_circle(obb(f), circle(&f[6..]))),
            motion: &[],
        },
        Family {
            name: "collide_obb_rect",
            bases: vec![cat(&[o(0.0, 0.0, 2.0, 1.0, 30.0), r(0.0, 0.0, 4.0, 4.0)])],
            run: |f| contact(collide_obb_rect(obb(f), rect(&f[6..]))),
            motion: &[],
        },
        Family {
            name: "collide_obb_obb",
            bases: vec![cat(&[
                o(0.0, 0.0, 2.0, 1.0, 30.0),
                o(1.0, 1.0, 2.0, 1.0, 0.0),
            ])],
            run: |f| contact(collide_obb_obb(obb(f), obb(&f[6..]))),
            motion: &[],
        },
        Family {
            name: "distance_rect_rect",
            bases: vec![
                cat(&[r(0.0, 0.0, 10.0, 10.0), r(5.0, 5.0, 10.0, 10.0)]),
                cat(&[r(0.0, 0.0, 10.0, 10.0), r(20.0, 25.0, 10.0, 10.0)]),
            ],
            run: |f| Some(vec![distance_rect_rect(rect(f), rect(&f[4..]))]),
            motion: &[],
        },
        Family {
            name: "distance_circle_circle",
            bases: vec![cat(&[c(0.0, 0.0, 5.0), c(30.0, 0.0, 5.0)])],
            run: |f| Some(vec![distance_circle_circle(circle(f), circle(&f[3..]))]),
            motion: &[],
        },
        Family {
            name: "distance_rect_circle",
            bases: vec![cat(&[r(0.0, 0.0, 10.0, 10.0), c(30.0, 20.0, 5.0)])],
            run: |f| Some(vec![distance_rect_circle(rect(f), circle(&f[4..]))]),
            motion: &[],
        },
        Family {
            name: "distance_obb_circle",
            bases: vec![cat(&[o(0.0, 0.0, 2.0, 1.0, 30.0), c(30.0, 0.0, 2.0)])],
            run: |f| Some(vec![distance_obb_circle(obb(f), circle(&f[6..]))]),
            motion: &[],
        },
        Family {
            name: "distance_obb_rect",
            bases: vec![cat(&[o(0.0, 0.0, 2.0, 1.0, 30.0), r(20.0, 0.0, 4.0, 4.0)])],
            run: |f| Some(vec![distance_obb_rect(obb(f), rect(&f[6..]))]),
            motion: &[],
        },
        Family {
            name: "distance_obb_obb",
            bases: vec![cat(&[
                o(0.0, 0.0, 2.0, 1.0, 30.0),
                o(20.0, 1.0, 2.0, 1.0, 0.0),
            ])],
            run: |f| Some(vec![distance_obb_obb(obb(f), obb(&f[6..]))]),
            motion: &[],
        },
        Family {
            name: "closest_point_rect",
            bases: vec![
                cat(&[r(0.0, 0.0, 10.0, 10.0), v(20.0, 30.0)]),
                cat(&[r(0.0, 0.0, 10.0, 10.0), v(1.0, 0.5)]),
            ],
            run: |f| {
                let p = closest_point_rect(rect(f), vec2(&f[4..]));
                Some(vec![p.x, p.y])
            },
            motion: &[],
        },
        Family {
            name: "closest_point_obb",
            bases: vec![cat(&[o(0.0, 0.0, 2.0, 1.0, 30.0), v(20.0, 30.0)])],
            run: |f| {
                let p = closest_point_obb(obb(f), vec2(&f[6..]));
                Some(vec![p.x, p.y])
            },
            motion: &[],
        },
        Family {
            name: "closest_point_segment",
            bases: vec![
                cat(&[s(0.0, 0.0, 10.0, 10.0), v(20.0, 30.0)]),
                cat(&[s(0.0, 0.0, 10.0, 10.0), v(1.0, 0.5)]),
            ],
            run: |f| {
                let p = closest_point_segment(segment(f), vec2(&f[4..]));
                Some(vec![p.x, p.y])
            },
            motion: &[],
        },
    ]
}

/// Every base with one field, then two fields, replaced by special values.
fn variants(base: &[f32]) -> Vec<Vec<f32>> {
    let mut out = vec![base.to_vec()];
    let n = base.len();
    for i in 0..n {
        for &a in &SPECIAL {
            let mut v = base.to_vec();
            v[i] = a;
            out.push(v.clone());
            for j in i + 1..n {
                for &b in &SPECIAL {
                    let mut w = v.clone();
                    w[j] = b;
                    out.push(w);
                }
            }
        }
    }
    out
}

#[test]
fn no_answer_of_any_family_contains_a_nan_without_a_nan_input() {
    let mut failures: Vec<(String, usize, Vec<String>)> = Vec::new();
    let mut checked = 0usize;
    for fam in families() {
        for base in &fam.bases {
            for input in variants(base) {
                checked += 1;
                let out = (fam.run)(&input);
                let infinite_motion = fam.motion.iter().any(|&i| input[i].is_infinite());
                let bad = match &out {
                    Some(o) if o.iter().any(|x| x.is_nan()) => Some("a NaN in the answer"),
                    Some(_) if infinite_motion => Some("a hit for an infinite delta or origin"),
                    Some(o) if fam.name.starts_with("sweep") || fam.name.starts_with("raycast") => {
                        (!(0.0..=1.0).contains(&o[0])).then_some("t outside [0, 1]")
                    }
                    Some(o) if fam.name.starts_with("collide") => {
                        (o[2].is_nan() || o[2] <= 0.0).then_some("a depth that is not positive")
                    }
                    _ => None,
                };
                if let Some(why) = bad {
                    let key = format!("{}: {why}", fam.name);
                    let example = format!("{}({input:?}) -> {out:?}", fam.name);
                    match failures.iter_mut().find(|f| f.0 == key) {
                        Some(f) => {
                            f.1 += 1;
                            if f.2.len() < 3 {
                                f.2.push(example);
                            }
                        }
                        None => failures.push((key, 1, vec![example])),
                    }
                }
            }
        }
    }
    let report: Vec<String> = failures
        .iter()
        .map(|(key, n, ex)| format!("{key} ({n} inputs), e.g.\n  {}", ex.join("\n  ")))
        .collect();
    assert!(
        failures.is_empty(),
        "of {checked} answers, these broke the rules:\n{}",
        report.join("\n")
    );
}

#[test]
fn moves_never_answer_a_nan_and_an_infinite_delta_stays_put() {
    let a = [0.0, 0.0, 10.0, 10.0];
    let d = [50.0, 5.0];
    let obstacles = [[30.0, 0.0, 10.0, 10.0], [5.0, 5.0, 10.0, 10.0]];
    let base: Vec<f32> = [&a[..], &d, &obstacles[0], &obstacles[1]].concat();
    let mut failures = Vec::new();
    for input in variants(&base) {
        let a = rect(&input);
        let d = vec2(&input[4..]);
        let obstacles = [rect(&input[6..]), rect(&input[10..])];
        for response in [
            Response::Ignore,
            Response::Slide,
            Response::Touch,
            Response::Cross,
            Response::Bounce,
        ] {
            let (p, info) = move_rect(a, d, &obstacles, response);
            let h = info.first_hit;
            let fields = [p.x, p.y, h.t, h.normal.x, h.normal.y, h.point.x, h.point.y];
            let fields = [&fields[..], &[h.pos.x, h.pos.y]].concat();
            let infinite = d.x.is_infinite() || d.y.is_infinite();
            if fields.iter().any(|v| v.is_nan()) {
                failures.push(format!("{response:?} {input:?}: NaN in {p:?} {info:?}"));
            } else if infinite && (p != Vec2::new(a.x, a.y) || info.count != 0) {
                failures.push(format!("{response:?} {input:?}: moved to {p:?} {info:?}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures, e.g.\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

#[test]
fn a_ball_thrown_with_an_infinite_speed_hits_nothing_and_stays_put() {
    let ball = Circle::new(0.0, 5.0, 2.0);
    let paddle = Rect::new(30.0, 0.0, 10.0, 10.0);
    let box_ = Rect::new(0.0, 0.0, 10.0, 10.0);
    for d in [
        Vec2::new(INF, 0.0),
        Vec2::new(-INF, 0.0),
        Vec2::new(0.0, INF),
        Vec2::new(50.0, -INF),
        Vec2::new(INF, INF),
    ] {
        assert!(sweep_circle_rect(ball, d, paddle).is_none(), "{d:?}");
        assert!(sweep_rect_circle(paddle, d, ball).is_none(), "{d:?}");
        assert!(sweep_circle_circle(ball, d, Circle::new(30.0, 5.0, 5.0)).is_none());
        assert!(sweep_rect_rect(box_, d, paddle).is_none(), "{d:?}");
        assert!(sweep_circle_obb(ball, d, Obb::from_rect(paddle, 30.0)).is_none());
        assert!(sweep_rect_obb(box_, d, Obb::from_rect(paddle, 30.0)).is_none());
        let o = Vec2::new(0.0, 5.0);
        assert!(raycast_rect(o, d, paddle).is_none(), "{d:?}");
        assert!(raycast_circle(o, d, Circle::new(30.0, 5.0, 5.0)).is_none());
        assert!(raycast_obb(o, d, Obb::from_rect(paddle, 30.0)).is_none());
        let wall = Segment::new(Vec2::new(30.0, -50.0), Vec2::new(30.0, 50.0));
        assert!(raycast_segment(o, d, wall).is_none(), "{d:?}");
        // Already overlapping makes no difference: an infinite delta is no motion at all.
        assert!(sweep_rect_rect(box_, d, Rect::new(5.0, 5.0, 10.0, 10.0)).is_none());
        for response in [
            Response::Slide,
            Response::Touch,
            Response::Cross,
            Response::Bounce,
        ] {
            let (p, info) = move_rect(box_, d, &[paddle], response);
            assert_eq!(p, Vec2::new(0.0, 0.0), "{d:?} {response:?}");
            assert_eq!(info.count, 0, "{d:?} {response:?}");
        }
    }
    // An infinite origin is no ray.
    let d = Vec2::new(50.0, 0.0);
    assert!(raycast_rect(Vec2::new(-INF, 5.0), d, paddle).is_none());
    assert!(raycast_segment(
        Vec2::new(INF, 0.0),
        d,
        Segment::new(Vec2::new(30.0, -5.0), Vec2::new(30.0, 5.0))
    )
    .is_none());
}

#[test]
fn circles_with_radii_near_flt_max_have_a_finite_contact_depth() {
    // The true depth, 2·FLT_MAX - 1, is finite but beyond f32: the largest finite float.
    let (a, b) = (
        Circle::new(0.0, 0.0, f32::MAX),
        Circle::new(1.0, 0.0, f32::MAX),
    );
    let c = collide_circle_circle(a, b).expect("overlapping");
    assert_eq!(c.depth, f32::MAX);
    assert_eq!(c.normal, Vec2::new(1.0, 0.0));
    assert!(c.point.x.is_finite() && c.point.y.is_finite(), "{c:?}");
    let c = collide_rect_circle(Rect::new(0.0, 0.0, 10.0, 10.0), a).expect("overlapping");
    assert_eq!(c.depth, f32::MAX);
    let o = Obb::from_rect(Rect::new(0.0, 0.0, 10.0, 10.0), 30.0);
    let c = collide_obb_circle(o, a).expect("overlapping");
    assert_eq!(c.depth, f32::MAX);
    // A truly infinite radius has an infinite depth, and still a point inside both.
    let c = collide_circle_circle(Circle::new(0.0, 0.0, INF), b).expect("overlapping");
    assert_eq!(c.depth, INF);
    assert!(c.point.x.is_finite() && c.point.y.is_finite(), "{c:?}");
    let c = collide_circle_circle(Circle::new(0.0, 0.0, INF), Circle::new(3.0, 0.0, INF));
    let c = c.expect("overlapping");
    assert_eq!((c.depth, c.point), (INF, Vec2::new(0.0, 0.0)));
}

#[test]
fn a_ball_thrown_past_the_largest_float_into_a_huge_box_hits_it_with_numbers() {
    // A ball at x = 3.4e38 thrown 3.4e38 further, into a box near the largest float: its f32
    // position at the hit runs past f32's range (x = inf), which is no NaN in the contact.
    let ball = Circle::new(3.4e38, 51046.168, 17.75);
    let d = Vec2::new(3.4e38, 3.4e38);
    let huge = |h: f32| Obb {
        center: Vec2::new(3.4e38, 3.4e38),
        half: Vec2::new(3.4e38, h),
        rot: Rot { c: -1.0, s: 0.0 },
    };
    let mut hits = 0;
    for b in [huge(-13276.098), huge(13276.098), huge(3.4e38)] {
        if let Some(h) = sweep_circle_obb(ball, d, b) {
            hits += 1;
            for v in [
                h.t, h.normal.x, h.normal.y, h.point.x, h.point.y, h.pos.x, h.pos.y,
            ] {
                assert!(!v.is_nan(), "{b:?}: {h:?}");
            }
        }
        let r = Rect::new(ball.x, ball.y, 17.75, 17.75);
        for h in [
            sweep_rect_obb(r, d, b),
            sweep_circle_rect(ball, d, Rect::new(3.4e38, 3.4e38, 3.4e38, 3.4e38)),
        ]
        .into_iter()
        .flatten()
        {
            for v in [
                h.t, h.normal.x, h.normal.y, h.point.x, h.point.y, h.pos.x, h.pos.y,
            ] {
                assert!(!v.is_nan(), "{b:?}: {h:?}");
            }
        }
    }
    assert!(hits > 0, "the ball hits one of the boxes");
}

#[test]
fn an_endless_floor_gives_finite_answers() {
    // A floor 20 high at y = 100, from x = -1000 to +inf; a 10x10 box falls onto it.
    let floor = Rect::new(-1000.0, 100.0, INF, 20.0);
    let crate_ = Rect::new(0.0, 0.0, 10.0, 10.0);
    let fall = Vec2::new(3.0, 200.0);
    let h = sweep_rect_rect(crate_, fall, floor).expect("lands");
    assert_eq!(h.normal, Vec2::new(0.0, -1.0));
    assert_eq!(h.pos, Vec2::new(h.pos.x, 90.0));
    for v in [h.t, h.point.x, h.point.y, h.pos.x, h.pos.y] {
        assert!(v.is_finite(), "{h:?}");
    }
    let (p, info) = move_rect(crate_, fall, &[floor], Response::Slide);
    assert_eq!((p, info.count), (Vec2::new(3.0, 90.0), 1));
    let c = collide_rect_rect(Rect::new(0.0, 95.0, 10.0, 10.0), floor).expect("sunk in");
    assert_eq!((c.normal, c.depth), (Vec2::new(0.0, 1.0), 5.0));
    assert!(c.point.x.is_finite() && c.point.y.is_finite(), "{c:?}");
    assert_eq!(distance_rect_rect(crate_, floor), 90.0);
    assert_eq!(
        closest_point_rect(floor, Vec2::new(5.0, 0.0)),
        Vec2::new(5.0, 100.0)
    );
    let ray = raycast_rect(Vec2::new(5.0, 0.0), Vec2::new(0.0, 200.0), floor).expect("hits");
    assert_eq!((ray.t, ray.pos), (0.5, Vec2::new(5.0, 100.0)));
    let ball = sweep_circle_rect(Circle::new(5.0, 0.0, 5.0), fall, floor).expect("lands");
    assert_eq!(ball.normal, Vec2::new(0.0, -1.0));
    assert!(ball.pos.x.is_finite() && ball.pos.y <= 95.0, "{ball:?}");
    let c = collide_rect_circle(floor, Circle::new(5.0, 98.0, 5.0)).expect("sunk in");
    assert_eq!(
        (c.normal, c.depth, c.point),
        (Vec2::new(0.0, -1.0), 3.0, Vec2::new(5.0, 100.0))
    );
}
