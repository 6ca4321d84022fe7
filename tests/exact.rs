//! Exactness of every predicate against an integer oracle.
//!
//! API.md promises that on the grid domain (every coordinate, size and radius a multiple of 1/256
//! with magnitude at most 16384) every rect, circle, point, segment and integer predicate answers
//! exactly as real-number arithmetic would, and OBB predicates do too at multiples of 90°. Each
//! test below draws 1,000,000 cases (half at |v| <= 64, half over the whole domain), about half of
//! them built to touch exactly or to miss/overlap by exactly one step (1/256), and compares both
//! flavours with the same formulas evaluated exactly in i128 on the values scaled by 256. Run with
//! `cargo test --test exact -- --nocapture` to see the counts.

mod common;

use collide2d::*;
use common::oracle;
use common::*;

const CASES: u64 = 1_000_000;

/// Runs `CASES` cases of one predicate pair (see [`run_cases`]).
fn run(name: &'static str, seed: u64, case: impl FnMut(&mut Rng, bool, &mut Tally) -> bool) {
    run_cases(name, seed, CASES, case);
}

#[test]
fn rect_rect_is_exact() {
    run("rect_rect", 1, |rng, build, t| {
        let mag = rng.mag();
        let a = rect(rng, mag);
        let b = if build {
            let bx = related_box(rng, a.bx(), mag, false);
            IRect::of_box(rng, bx)
        } else {
            rect(rng, mag)
        };
        if !(a.ok() && b.ok()) {
            return false;
        }
        let (fa, fb) = (a.f(), b.f());
        let input = || format!("{a:?} {b:?}");
        let want = |closed| oracle::box_box(closed, a.bx(), b.bx());
        let got = (overlap_rect_rect(fa, fb), touch_rect_rect(fa, fb));
        flavours(t, "rect_rect", got, want, input);
        let swapped = (overlap_rect_rect(fb, fa), touch_rect_rect(fb, fa));
        t.eq("rect_rect symmetric", swapped, got, input);
        let normal = (
            overlap_rect_rect(fa.normalized(), fb),
            touch_rect_rect(fa.normalized(), fb),
        );
        t.eq("rect_rect normalised sizes", normal, got, input);
        true
    });
}

#[test]
fn circle_circle_is_exact() {
    run("circle_circle", 2, |rng, build, t| {
        let mag = rng.mag();
        let base = circle(rng, mag);
        let (a, b) = if build {
            // Centres an exact distance d apart, radii summing to d or d ± one step.
            let (dx, dy, d) = triple_offset(rng, 2 * mag);
            let r1 = rng.range(0, d.min(mag));
            let b = ICircle {
                x: base.x + dx,
                y: base.y + dy,
                r: d - r1 + rng.step(),
            };
            (ICircle { r: r1, ..base }, b)
        } else {
            (base, circle(rng, mag))
        };
        if !(a.ok() && b.ok()) {
            return false;
        }
        let (fa, fb) = (a.f(), b.f());
        let input = || format!("{a:?} {b:?}");
        let want = |closed| oracle::circle_circle(closed, a, b);
        let got = (overlap_circle_circle(fa, fb), touch_circle_circle(fa, fb));
        flavours(t, "circle_circle", got, want, input);
        let swapped = (overlap_circle_circle(fb, fa), touch_circle_circle(fb, fa));
        t.eq("circle_circle symmetric", swapped, got, input);
        true
    });
}

#[test]
fn rect_circle_is_exact() {
    run("rect_circle", 3, |rng, build, t| {
        let mag = rng.mag();
        let a = rect(rng, mag);
        let c = if build {
            related_circle(rng, a.bx(), mag)
        } else {
            circle(rng, mag)
        };
        if !(a.ok() && c.ok()) {
            return false;
        }
        let (fa, fc) = (a.f(), c.f());
        let input = || format!("{a:?} {c:?}");
        let want = |closed| oracle::box_circle(closed, a.bx(), c);
        let got = (overlap_rect_circle(fa, fc), touch_rect_circle(fa, fc));
        flavours(t, "rect_circle", got, want, input);
        // The same box as an unrotated OBB answers the same.
        let o = obb_of_rect(fa);
        let as_obb = (overlap_obb_circle(o, fc), touch_obb_circle(o, fc));
        t.eq("rect_circle as obb_circle", as_obb, got, input);
        true
    });
}

#[test]
fn point_rect_is_exact() {
    run("point_rect", 4, |rng, build, t| {
        let mag = rng.mag();
        let b = rect(rng, mag);
        let p = if build {
            related_point(rng, b.bx())
        } else {
            (rng.coord(mag), rng.coord(mag))
        };
        if !(b.ok() && in_domain(&[p.0, p.1])) {
            return false;
        }
        let (fp, fb) = (pt(p.0, p.1), b.f());
        let input = || format!("{p:?} {b:?}");
        let want = |closed| oracle::point_box(closed, p, b.bx());
        let got = (overlap_point_rect(fp, fb), touch_point_rect(fp, fb));
        flavours(t, "point_rect", got, want, input);
        // A point is a zero-radius circle and a zero-size rect.
        let dot = Circle::new(fp.x, fp.y, 0.0);
        t.eq(
            "touch_point_rect as touch_rect_circle(r = 0)",
            touch_rect_circle(fb, dot),
            got.1,
            input,
        );
        let dot = Rect::new(fp.x, fp.y, 0.0, 0.0);
        t.eq(
            "touch_point_rect as touch_rect_rect(0 x 0)",
            touch_rect_rect(fb, dot),
            got.1,
            input,
        );
        true
    });
}

#[test]
fn point_circle_is_exact() {
    run("point_circle", 5, |rng, build, t| {
        let mag = rng.mag();
        let mut c = circle(rng, mag);
        let p = if build {
            let (dx, dy, d) = triple_offset(rng, mag);
            c.r = d + rng.step();
            (c.x + dx, c.y + dy)
        } else {
            (rng.coord(mag), rng.coord(mag))
        };
        if !(c.ok() && in_domain(&[p.0, p.1])) {
            return false;
        }
        let (fp, fc) = (pt(p.0, p.1), c.f());
        let input = || format!("{p:?} {c:?}");
        let want = |closed| oracle::point_circle(closed, p, c);
        let got = (overlap_point_circle(fp, fc), touch_point_circle(fp, fc));
        flavours(t, "point_circle", got, want, input);
        let dot = Circle::new(fp.x, fp.y, 0.0);
        let as_circles = (overlap_circle_circle(dot, fc), touch_circle_circle(dot, fc));
        t.eq(
            "point_circle as circle_circle(r = 0)",
            as_circles,
            got,
            input,
        );
        true
    });
}

#[test]
fn obb_circle_is_exact_at_right_angles() {
    run("obb_circle", 6, |rng, build, t| {
        let mag = rng.mag();
        let o = obb(rng, mag);
        let c = if build {
            related_circle(rng, o.bx(), mag)
        } else {
            circle(rng, mag)
        };
        if !(o.ok() && c.ok()) {
            return false;
        }
        let (fo, fc) = (o.f(), c.f());
        let input = || format!("{o:?} {c:?} rot {:?}", o.rot());
        let want = |closed| oracle::box_circle(closed, o.bx(), c);
        let got = (overlap_obb_circle(fo, fc), touch_obb_circle(fo, fc));
        flavours(t, "obb_circle", got, want, input);
        true
    });
}

#[test]
fn point_obb_is_exact_at_right_angles() {
    run("point_obb", 7, |rng, build, t| {
        let mag = rng.mag();
        let o = obb(rng, mag);
        let p = if build {
            related_point(rng, o.bx())
        } else {
            (rng.coord(mag), rng.coord(mag))
        };
        if !(o.ok() && in_domain(&[p.0, p.1])) {
            return false;
        }
        let (fp, fo) = (pt(p.0, p.1), o.f());
        let input = || format!("{p:?} {o:?} rot {:?}", o.rot());
        let want = |closed| oracle::point_box(closed, p, o.bx());
        let got = (overlap_point_obb(fp, fo), touch_point_obb(fp, fo));
        flavours(t, "point_obb", got, want, input);
        true
    });
}

#[test]
fn obb_rect_is_exact_at_right_angles() {
    run("obb_rect", 8, |rng, build, t| {
        let mag = rng.mag();
        let o = obb(rng, mag);
        let r = if build {
            let bx = related_box(rng, o.bx(), mag, false);
            IRect::of_box(rng, bx)
        } else {
            rect(rng, mag)
        };
        if !(o.ok() && r.ok()) {
            return false;
        }
        let (fo, fr) = (o.f(), r.f());
        let input = || format!("{o:?} {r:?} rot {:?}", o.rot());
        let want = |closed| oracle::box_box(closed, o.bx(), r.bx());
        let got = (overlap_obb_rect(fo, fr), touch_obb_rect(fo, fr));
        flavours(t, "obb_rect", got, want, input);
        // The same pair as two OBBs, in both orders.
        let ro = obb_of_rect(fr);
        let as_obbs = (overlap_obb_obb(fo, ro), touch_obb_obb(fo, ro));
        t.eq("obb_rect as obb_obb", as_obbs, got, input);
        let swapped = (overlap_obb_obb(ro, fo), touch_obb_obb(ro, fo));
        t.eq("obb_rect as obb_obb swapped", swapped, got, input);
        true
    });
}

#[test]
fn obb_obb_is_exact_at_right_angles() {
    run("obb_obb", 9, |rng, build, t| {
        let mag = rng.mag();
        let a = obb(rng, mag);
        let b = if build {
            let bx = related_box(rng, a.bx(), mag, true);
            IObb::of_box(rng, bx)
        } else {
            obb(rng, mag)
        };
        if !(a.ok() && b.ok()) {
            return false;
        }
        let (fa, fb) = (a.f(), b.f());
        let input = || format!("{a:?} {b:?}");
        let want = |closed| oracle::box_box(closed, a.bx(), b.bx());
        let got = (overlap_obb_obb(fa, fb), touch_obb_obb(fa, fb));
        flavours(t, "obb_obb", got, want, input);
        let swapped = (overlap_obb_obb(fb, fa), touch_obb_obb(fb, fa));
        t.eq("obb_obb symmetric", swapped, got, input);
        true
    });
}

/// A small direction vector in steps (never zero).
fn direction(rng: &mut Rng, mag: i64) -> (i64, i64) {
    loop {
        let lim = match rng.below(3) {
            0 => 2,
            1 => 64,
            _ => (mag / 64).max(2),
        };
        let e = (rng.range(-lim, lim), rng.range(-lim, lim));
        if e != (0, 0) {
            return e;
        }
    }
}

fn along(p: (i64, i64), e: (i64, i64), k: i64) -> (i64, i64) {
    (p.0 + e.0 * k, p.1 + e.1 * k)
}

/// One step off in a random axis direction, or none.
fn nudge(rng: &mut Rng, p: (i64, i64)) -> (i64, i64) {
    match rng.below(3) {
        0 => p,
        1 => (p.0 + rng.sign(), p.1),
        _ => (p.0, p.1 + rng.sign()),
    }
}

/// A segment meeting box `b` at a corner, along a side, with an end point on a side, or one step
/// off any of those.
fn related_segment(rng: &mut Rng, b: IBox, mag: i64) -> ((i64, i64), (i64, i64)) {
    let corners = [(b.x0, b.y0), (b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y1)];
    let reach = |rng: &mut Rng| rng.range(0, 40);
    match rng.below(4) {
        0 => {
            // Through (or ending at) a corner.
            let q = rng.pick(&corners);
            let q = nudge(rng, q);
            let e = direction(rng, mag);
            (along(q, e, reach(rng)), along(q, e, -reach(rng)))
        }
        1 => {
            // Along a side's line: collinear overlap, adjacency or a one-step gap.
            let horizontal = rng.chance(1, 2);
            let (lo, hi, line) = if horizontal {
                (b.x0, b.x1, rng.pick(&[b.y0, b.y1]) + rng.step())
            } else {
                (b.y0, b.y1, rng.pick(&[b.x0, b.x1]) + rng.step())
            };
            let s0 = match rng.below(3) {
                0 => hi + rng.step(),
                1 => lo + rng.step(),
                _ => rng.range(lo - 4, hi + 4),
            };
            let s1 = s0 + rng.len(mag) * rng.sign();
            if horizontal {
                ((s0, line), (s1, line))
            } else {
                ((line, s0), (line, s1))
            }
        }
        2 => {
            // An end point on a side (or a step off it), the other anywhere.
            let p = related_point(rng, b);
            (p, (rng.coord(mag), rng.coord(mag)))
        }
        _ => {
            // A point segment on the boundary or a step off.
            let p = related_point(rng, b);
            (p, p)
        }
    }
}

fn seg(a: (i64, i64), b: (i64, i64)) -> Segment {
    Segment::new(pt(a.0, a.1), pt(b.0, b.1))
}

#[test]
fn segment_segment_is_exact() {
    run("intersect_segment_segment", 10, |rng, build, t| {
        let mag = rng.mag();
        let (a, b, c, d);
        if build {
            let p = (rng.coord(mag), rng.coord(mag));
            let e = direction(rng, mag);
            match rng.below(4) {
                0 => {
                    // Collinear: overlapping, sharing an end point, or a step apart.
                    let (i0, i1) = (rng.range(-40, 40), rng.range(-40, 40));
                    let j0 = match rng.below(3) {
                        0 => i1 + rng.step(),
                        1 => i0 + rng.step(),
                        _ => rng.range(-40, 40),
                    };
                    let j1 = rng.range(-40, 40);
                    a = along(p, e, i0);
                    b = along(p, e, i1);
                    // Sometimes shifted one step off the common line (parallel).
                    c = along(p, e, j0);
                    d = along(p, e, j1);
                    let (c2, d2) = if rng.chance(1, 4) {
                        let off = nudge(rng, (0, 0));
                        ((c.0 + off.0, c.1 + off.1), (d.0 + off.0, d.1 + off.1))
                    } else {
                        (c, d)
                    };
                    return check_segments(t, a, b, c2, d2);
                }
                1 => {
                    // Through an end point of the first.
                    a = p;
                    b = along(p, e, rng.range(-40, 40));
                    let q = if rng.chance(1, 2) { a } else { b };
                    let q = nudge(rng, q);
                    let f = direction(rng, mag);
                    c = along(q, f, rng.range(0, 40));
                    d = along(q, f, -rng.range(0, 40));
                }
                2 => {
                    // An end point on the interior of the first, or a step off it.
                    let n = rng.range(1, 40);
                    a = p;
                    b = along(p, e, n);
                    let k = rng.range(0, n);
                    c = nudge(rng, along(p, e, k));
                    d = (rng.coord(mag), rng.coord(mag));
                }
                _ => {
                    // A point segment on the first, at an end, or a step off.
                    let n = rng.range(0, 40);
                    a = p;
                    b = along(p, e, n);
                    let k = rng.range(-1, n + 1);
                    c = nudge(rng, along(p, e, k));
                    d = c;
                }
            }
        } else {
            a = (rng.coord(mag), rng.coord(mag));
            b = (rng.coord(mag), rng.coord(mag));
            c = (rng.coord(mag), rng.coord(mag));
            d = (rng.coord(mag), rng.coord(mag));
        }
        check_segments(t, a, b, c, d)
    });
}

type Pt = (i64, i64);

fn check_segments(t: &mut Tally, a: Pt, b: Pt, c: Pt, d: Pt) -> bool {
    if !in_domain(&[a.0, a.1, b.0, b.1, c.0, c.1, d.0, d.1]) {
        return false;
    }
    let (s, u) = (seg(a, b), seg(c, d));
    let want = oracle::seg_seg(a, b, c, d);
    t.hits += want as u64;
    let o = [
        oracle::orient(c, d, a),
        oracle::orient(c, d, b),
        oracle::orient(a, b, c),
        oracle::orient(a, b, d),
    ];
    // Touching: meeting at an end point or along a common line.
    t.touching += (want && o.contains(&0)) as u64;
    let input = || format!("{a:?}..{b:?} vs {c:?}..{d:?}");
    t.eq(
        "intersect_segment_segment",
        intersect_segment_segment(s, u),
        want,
        input,
    );
    t.eq(
        "intersect_segment_segment swapped",
        intersect_segment_segment(u, s),
        want,
        input,
    );
    let (rs, ru) = (seg(b, a), seg(d, c));
    t.eq(
        "intersect_segment_segment reversed",
        intersect_segment_segment(rs, ru),
        want,
        input,
    );
    true
}

#[test]
fn segment_rect_is_exact() {
    run("intersect_segment_rect", 11, |rng, build, t| {
        let mag = rng.mag();
        let r = rect(rng, mag);
        let (a, b) = if build {
            related_segment(rng, r.bx(), mag)
        } else {
            (
                (rng.coord(mag), rng.coord(mag)),
                (rng.coord(mag), rng.coord(mag)),
            )
        };
        if !(r.ok() && in_domain(&[a.0, a.1, b.0, b.1])) {
            return false;
        }
        let fr = r.f();
        let want = oracle::seg_box(a, b, r.bx());
        t.hits += want as u64;
        t.touching += (want && !oracle::seg_box_interior(a, b, r.bx())) as u64;
        let input = || format!("{a:?}..{b:?} vs {r:?}");
        t.eq(
            "intersect_segment_rect",
            intersect_segment_rect(seg(a, b), fr),
            want,
            input,
        );
        t.eq(
            "intersect_segment_rect reversed",
            intersect_segment_rect(seg(b, a), fr),
            want,
            input,
        );
        t.eq(
            "intersect_segment_rect normalised",
            intersect_segment_rect(seg(a, b), fr.normalized()),
            want,
            input,
        );
        true
    });
}

#[test]
fn segment_obb_is_exact_at_right_angles() {
    run("intersect_segment_obb", 12, |rng, build, t| {
        let mag = rng.mag();
        let o = obb(rng, mag);
        let (a, b) = if build {
            related_segment(rng, o.bx(), mag)
        } else {
            (
                (rng.coord(mag), rng.coord(mag)),
                (rng.coord(mag), rng.coord(mag)),
            )
        };
        if !(o.ok() && in_domain(&[a.0, a.1, b.0, b.1])) {
            return false;
        }
        let fo = o.f();
        let want = oracle::seg_box(a, b, o.bx());
        t.hits += want as u64;
        t.touching += (want && !oracle::seg_box_interior(a, b, o.bx())) as u64;
        let input = || format!("{a:?}..{b:?} vs {o:?} rot {:?}", o.rot());
        t.eq(
            "intersect_segment_obb",
            intersect_segment_obb(seg(a, b), fo),
            want,
            input,
        );
        t.eq(
            "intersect_segment_obb reversed",
            intersect_segment_obb(seg(b, a), fo),
            want,
            input,
        );
        true
    });
}

/// `(g, u, v)` with `a·u - b·v == g == gcd(a, b)`.
fn ext_gcd(a: i64, b: i64) -> (i64, i64, i64) {
    // Invariants: a·s0 + b·t0 = r0, a·s1 + b·t1 = r1.
    let (mut r0, mut r1, mut s0, mut s1, mut t0, mut t1) = (a, b, 1i64, 0i64, 0i64, 1i64);
    while r1 != 0 {
        let q = r0.div_euclid(r1);
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    if r0 < 0 {
        (-r0, -s0, t0)
    } else {
        (r0, s0, -t0)
    }
}

/// The last convergent `(denominator, numerator)` of √l's continued fraction whose denominator
/// is at most `max_den` (for a perfect square, `(max_den, √l·max_den)`: an exact tangent).
fn convergent(l: i64, max_den: i64) -> (i64, i64) {
    let a0 = (l as f64).sqrt() as i128;
    let a0 = (a0 - 2..=a0 + 2)
        .filter(|a| a * a <= l as i128)
        .max()
        .unwrap_or(0);
    if a0 * a0 == l as i128 {
        return (max_den, (a0 * max_den as i128) as i64);
    }
    let (l, max_den) = (l as i128, max_den as i128);
    let (mut m, mut d, mut a) = (0i128, 1i128, a0);
    // Numerators h and denominators q of the convergents.
    let (mut h1, mut h) = (1i128, a0);
    let (mut q1, mut q) = (0i128, 1i128);
    loop {
        m = d * a - m;
        d = (l - m * m) / d;
        a = (a0 + m) / d;
        let (hn, qn) = (a * h + h1, a * q + q1);
        if qn > max_den {
            return (q as i64, h as i64);
        }
        (h1, h, q1, q) = (h, hn, q, qn);
    }
}

/// A segment whose line passes within a fraction of a step of the circle (the perpendicular
/// distance differs from r by about 1/|d| step, or not at all): the case where `cross²` and
/// `r²·|d|²` exceed 2^53 and agree in their leading bits, so only an exact comparison tells
/// them apart. Sets `c.r`; None when the values leave the grid domain.
fn near_tangent(rng: &mut Rng, c: &mut ICircle, mag: i64) -> Option<(Pt, Pt)> {
    let lim = (mag / 4).max(2);
    let (ex, ey) = (rng.range(-lim, lim), rng.range(1, lim));
    let (gcd, u, v) = ext_gcd(ex, ey);
    let (ex, ey) = (ex / gcd, ey / gcd); // coprime: ex·u - ey·v == 1 still holds
    let l = ex * ex + ey * ey;
    let len2 = l as f64;
    let (r, k) = if rng.chance(1, 2) {
        // A continued-fraction convergent k/r of √l: |k² - l·r²| is tiny next to k², so the
        // two sides agree in far more than 53 bits.
        convergent(l, mag / 2)
    } else {
        // The cross product that puts the line at distance ~r: nearest integer to r·|e|, or a
        // neighbour of it.
        let r = rng.range(1, mag / 2);
        (
            r,
            (r as f64 * len2.sqrt()).round() as i64 + rng.range(-1, 1),
        )
    };
    let k = if rng.chance(1, 2) { k } else { -k };
    // f = (v·k, u·k) + t·e has e × f == k; t puts f nearly perpendicular to e.
    let f0 = (v as i128 * k as i128, u as i128 * k as i128);
    let dot = f0.0 * ex as i128 + f0.1 * ey as i128;
    let t = -(dot as f64 / len2).round() as i128;
    let f = (f0.0 + t * ex as i128, f0.1 + t * ey as i128);
    debug_assert_eq!(ex as i128 * f.1 - ey as i128 * f.0, k as i128);
    let f = (i64::try_from(f.0).ok()?, i64::try_from(f.1).ok()?);
    c.r = r;
    // The segment start a = centre - f lies at distance ~r from the centre, beside the foot;
    // extend both ways so the foot is inside, or only one way so an end is nearest.
    let a = (c.x - f.0, c.y - f.1);
    let (m1, m2) = match rng.below(3) {
        0 => (rng.range(1, 3), rng.range(1, 3)),
        1 => (0, rng.range(1, 3)),
        _ => (rng.range(1, 3), 0),
    };
    Some((along(a, (ex, ey), -m1), along(a, (ex, ey), m2)))
}

#[test]
fn segment_circle_is_exact() {
    run("intersect_segment_circle", 13, |rng, build, t| {
        let mag = rng.mag();
        let mut c = circle(rng, mag);
        let (a, b) = if build {
            match rng.below(4) {
                3 => match near_tangent(rng, &mut c, mag) {
                    Some(s) => s,
                    None => return false,
                },
                0 => {
                    // An end point at an exact distance from the centre.
                    let (dx, dy, d) = triple_offset(rng, mag);
                    c.r = d + rng.step();
                    ((c.x + dx, c.y + dy), (rng.coord(mag), rng.coord(mag)))
                }
                1 => {
                    // Tangent lines: the foot of the perpendicular at an exact distance, inside
                    // the segment or beyond an end.
                    let (ex, ey, el) = triple_offset(rng, 64);
                    let j = rng.range(0, (mag / el.max(1)).max(1));
                    let foot = (c.x - ey * j, c.y + ex * j);
                    c.r = el * j + rng.step();
                    let e = if rng.chance(1, 2) {
                        (ex, ey)
                    } else {
                        (ex * rng.range(1, 5), ey * rng.range(1, 5))
                    };
                    let (u, v) = match rng.below(3) {
                        0 => (-rng.range(0, 50), rng.range(0, 50)),
                        1 => (rng.range(0, 50), rng.range(0, 50)),
                        _ => (-rng.range(0, 50), -rng.range(0, 50)),
                    };
                    (along(foot, e, u), along(foot, e, v))
                }
                _ => {
                    // A point segment at an exact distance.
                    let (dx, dy, d) = triple_offset(rng, mag);
                    c.r = d + rng.step();
                    let p = (c.x + dx, c.y + dy);
                    (p, p)
                }
            }
        } else {
            (
                (rng.coord(mag), rng.coord(mag)),
                (rng.coord(mag), rng.coord(mag)),
            )
        };
        if !(c.ok() && in_domain(&[a.0, a.1, b.0, b.1])) {
            return false;
        }
        let fc = c.f();
        let want = oracle::seg_circle(a, b, c);
        t.hits += want as u64;
        t.touching += (want && !oracle::seg_circle_interior(a, b, c)) as u64;
        let input = || format!("{a:?}..{b:?} vs {c:?}");
        t.eq(
            "intersect_segment_circle",
            intersect_segment_circle(seg(a, b), fc),
            want,
            input,
        );
        t.eq(
            "intersect_segment_circle reversed",
            intersect_segment_circle(seg(b, a), fc),
            want,
            input,
        );
        true
    });
}

// ---- Integer predicates: every i32 input, extremes included. ----

const EXTREMES: [i64; 8] = [
    i32::MIN as i64,
    i32::MIN as i64 + 1,
    i32::MAX as i64,
    i32::MAX as i64 - 1,
    0,
    1,
    -1,
    1 << 30,
];

fn int(rng: &mut Rng) -> i64 {
    match rng.below(8) {
        0 => rng.pick(&EXTREMES),
        1 | 2 => rng.range(-1000, 1000),
        3 => rng.range(-(1 << 20), 1 << 20),
        _ => rng.range(i32::MIN as i64, i32::MAX as i64),
    }
}

fn fits_i32(v: &[i64]) -> bool {
    v.iter()
        .all(|&x| x >= i32::MIN as i64 && x <= i32::MAX as i64)
}

fn recti(rng: &mut Rng) -> IRect {
    IRect {
        x: int(rng),
        y: int(rng),
        w: int(rng),
        h: int(rng),
    }
}

fn to_recti(r: IRect) -> RectI {
    RectI::new(r.x as i32, r.y as i32, r.w as i32, r.h as i32)
}

fn to_circlei(c: ICircle) -> CircleI {
    CircleI::new(c.x as i32, c.y as i32, c.r as i32)
}

/// A second integer box against `a`'s edges, exactly or off by one.
fn related_recti(rng: &mut Rng, a: IRect) -> IRect {
    let b = a.bx();
    let mag = 1 << 31;
    let (x0, x1) = related_span(rng, b.x0, b.x1, mag, false);
    let (y0, y1) = related_span(rng, b.y0, b.y1, mag, false);
    IRect::of_box(rng, IBox { x0, y0, x1, y1 })
}

fn circlei(rng: &mut Rng) -> ICircle {
    ICircle {
        x: int(rng),
        y: int(rng),
        r: int(rng),
    }
}

/// An exact-distance offset at any scale up to 2^32 (in i64).
fn big_triple(rng: &mut Rng) -> (i64, i64, i64) {
    let max = match rng.below(3) {
        0 => 1000,
        1 => 1 << 24,
        _ => 1 << 32,
    };
    triple_offset(rng, max)
}

#[test]
fn recti_recti_is_exact_over_i32() {
    run("recti_recti", 20, |rng, build, t| {
        let a = recti(rng);
        let b = if build {
            related_recti(rng, a)
        } else {
            recti(rng)
        };
        if !fits_i32(&[a.x, a.y, a.w, a.h, b.x, b.y, b.w, b.h]) {
            return false;
        }
        let (ia, ib) = (to_recti(a), to_recti(b));
        let input = || format!("{ia:?} {ib:?}");
        let want = |closed| oracle::box_box(closed, a.bx(), b.bx());
        let got = (overlap_recti_recti(ia, ib), touch_recti_recti(ia, ib));
        flavours(t, "recti_recti", got, want, input);
        let swapped = (overlap_recti_recti(ib, ia), touch_recti_recti(ib, ia));
        t.eq("recti_recti symmetric", swapped, got, input);
        true
    });
}

#[test]
fn recti_circlei_is_exact_over_i32() {
    run("recti_circlei", 21, |rng, build, t| {
        let a = recti(rng);
        let c = if build {
            let b = a.bx();
            match rng.below(3) {
                0 => {
                    let (dx, dy, d) = big_triple(rng);
                    let corner = (
                        if dx < 0 { b.x0 } else { b.x1 },
                        if dy < 0 { b.y0 } else { b.y1 },
                    );
                    ICircle {
                        x: corner.0 + dx,
                        y: corner.1 + dy,
                        r: d + rng.step(),
                    }
                }
                1 => {
                    let r = int(rng).abs();
                    ICircle {
                        x: rng.pick(&[b.x0 - r, b.x1 + r]) + rng.step(),
                        y: rng.range(b.y0 - 1, b.y1 + 1),
                        r,
                    }
                }
                _ => ICircle {
                    x: rng.range(b.x0 - 1, b.x1 + 1),
                    y: rng.pick(&[b.y0, b.y1]) + rng.step(),
                    r: rng.range(-1, 1),
                },
            }
        } else {
            circlei(rng)
        };
        if !fits_i32(&[a.x, a.y, a.w, a.h, c.x, c.y, c.r]) {
            return false;
        }
        let (ia, ic) = (to_recti(a), to_circlei(c));
        let input = || format!("{ia:?} {ic:?}");
        let want = |closed| oracle::box_circle(closed, a.bx(), c);
        let got = (overlap_recti_circlei(ia, ic), touch_recti_circlei(ia, ic));
        flavours(t, "recti_circlei", got, want, input);
        true
    });
}

#[test]
fn circlei_circlei_is_exact_over_i32() {
    run("circlei_circlei", 22, |rng, build, t| {
        let a = circlei(rng);
        let (a, b) = if build {
            let (dx, dy, d) = big_triple(rng);
            let r1 = rng.range(0, d);
            let r2 = d - r1 + rng.step();
            (
                ICircle { r: r1, ..a },
                ICircle {
                    x: a.x + dx,
                    y: a.y + dy,
                    r: r2,
                },
            )
        } else {
            (a, circlei(rng))
        };
        if !fits_i32(&[a.x, a.y, a.r, b.x, b.y, b.r]) {
            return false;
        }
        let (ia, ib) = (to_circlei(a), to_circlei(b));
        let input = || format!("{ia:?} {ib:?}");
        let want = |closed| oracle::circle_circle(closed, a, b);
        let got = (
            overlap_circlei_circlei(ia, ib),
            touch_circlei_circlei(ia, ib),
        );
        flavours(t, "circlei_circlei", got, want, input);
        let swapped = (
            overlap_circlei_circlei(ib, ia),
            touch_circlei_circlei(ib, ia),
        );
        t.eq("circlei_circlei symmetric", swapped, got, input);
        true
    });
}

/// The integer extremes, every combination of a few values, checked exhaustively.
#[test]
fn integer_extremes_exhaustive() {
    let vals = [
        i32::MIN,
        i32::MIN + 1,
        -2,
        -1,
        0,
        1,
        2,
        i32::MAX - 1,
        i32::MAX,
    ];
    let mut t = Tally::new("integer extremes");
    let ext = |v: i32| v as i64;
    for &x in &vals {
        for &w in &vals {
            for &bx in &vals {
                for &bw in &vals {
                    for &y in &[0, i32::MIN, i32::MAX] {
                        t.cases += 1;
                        let a = IRect {
                            x: ext(x),
                            y: 0,
                            w: ext(w),
                            h: 1,
                        };
                        let b = IRect {
                            x: ext(bx),
                            y: ext(y),
                            w: ext(bw),
                            h: 1,
                        };
                        let (ia, ib) = (to_recti(a), to_recti(b));
                        let input = || format!("{ia:?} {ib:?}");
                        let want = |closed| oracle::box_box(closed, a.bx(), b.bx());
                        let got = (overlap_recti_recti(ia, ib), touch_recti_recti(ia, ib));
                        flavours(&mut t, "recti_recti", got, want, input);
                        let c = ICircle {
                            x: ext(bx),
                            y: ext(y),
                            r: ext(bw),
                        };
                        let ic = to_circlei(c);
                        let input = || format!("{ia:?} {ic:?}");
                        let want = |closed| oracle::box_circle(closed, a.bx(), c);
                        let got = (overlap_recti_circlei(ia, ic), touch_recti_circlei(ia, ic));
                        flavours(&mut t, "recti_circlei", got, want, input);
                        let d = ICircle {
                            x: ext(x),
                            y: 0,
                            r: ext(w),
                        };
                        let id = to_circlei(d);
                        let input = || format!("{id:?} {ic:?}");
                        let want = |closed| oracle::circle_circle(closed, d, c);
                        let got = (
                            overlap_circlei_circlei(id, ic),
                            touch_circlei_circlei(id, ic),
                        );
                        flavours(&mut t, "circlei_circlei", got, want, input);
                    }
                }
            }
        }
    }
    t.finish();
}
