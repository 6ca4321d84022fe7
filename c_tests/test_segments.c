/* Closed segments against segments, rects, circles and oriented boxes: shared end points,
 * collinear overlap (which a common line_intersect misses), T-junctions, point segments,
 * segments along a rect's edge and tangent to a circle. */
#include "test_macros.h"

/* The breakout game's line_intersect(), from its Python: shared end points count, parallel
 * (det == 0) segments never do, otherwise both parameters must lie in [0, 1]. */
static int breakout_line_intersect(c2d_segment a, c2d_segment b)
{
    double vax, vay, vbx, vby, det, dux, duy, s, t;
    if ((a.a.x == b.a.x && a.a.y == b.a.y) || (a.b.x == b.a.x && a.b.y == b.a.y) ||
        (a.a.x == b.b.x && a.a.y == b.b.y) || (a.b.x == b.b.x && a.b.y == b.b.y)) {
        return 1;
    }
    vax = (double)a.b.x - a.a.x;
    vay = (double)a.b.y - a.a.y;
    vbx = (double)b.b.x - b.a.x;
    vby = (double)b.b.y - b.a.y;
    det = vax * vby - vay * vbx;
    if (det == 0) {
        return 0;
    }
    dux = (double)a.a.x - b.a.x;
    duy = (double)a.a.y - b.a.y;
    s = (vbx * duy - vby * dux) / det;
    t = (vax * duy - vay * dux) / det;
    return 0 <= s && s <= 1 && 0 <= t && t <= 1;
}

/* The breakout game's rect_collideline(): the segment against the rect's four edges only. */
static int breakout_rect_collideline(c2d_rect r, c2d_segment line)
{
    float l = r.x, t = r.y, rr = r.x + r.w, b = r.y + r.h;
    return breakout_line_intersect(segment(l, t, rr, t), line) ||
           breakout_line_intersect(segment(l, b, rr, b), line) ||
           breakout_line_intersect(segment(l, t, l, b), line) ||
           breakout_line_intersect(segment(rr, t, rr, b), line);
}

/* Both argument orders and both directions of each segment must agree. */
static void expect_ss(c2d_segment s, c2d_segment t, int hit)
{
    c2d_segment rs = segment(s.b.x, s.b.y, s.a.x, s.a.y);
    c2d_segment rt = segment(t.b.x, t.b.y, t.a.x, t.a.y);
    ENSURE(c2d_intersect_segment_segment(s, t) == hit);
    ENSURE(c2d_intersect_segment_segment(t, s) == hit);
    ENSURE(c2d_intersect_segment_segment(rs, t) == hit);
    ENSURE(c2d_intersect_segment_segment(s, rt) == hit);
    ENSURE(c2d_intersect_segment_segment(rt, rs) == hit);
}

static void segment_segment(void)
{
    c2d_segment x_axis = segment(0, 0, 10, 0);

    CASE("segment-segment: an X crossing");
    expect_ss(segment(0, 0, 10, 10), segment(0, 10, 10, 0), 1);
    CASE("segment-segment: a shared end point");
    expect_ss(segment(0, 0, 5, 5), segment(5, 5, 10, 0), 1);
    CASE("segment-segment: T-junction, the stem's end on the bar");
    expect_ss(x_axis, segment(5, 0, 5, 5), 1);
    expect_ss(x_axis, segment(10, 0, 10, -5), 1);
    CASE("segment-segment: T-junction one grid step short");
    expect_ss(x_axis, segment(5, STEP, 5, 5), 0);
    expect_ss(x_axis, segment(10 + STEP, 3, 10 + STEP, -5), 0);
    CASE("segment-segment: collinear, overlapping (the breakout game's test answers false here)");
    expect_ss(x_axis, segment(5, 0, 15, 0), 1);
    expect_ss(segment(0, 0, 4, 4), segment(2, 2, 6, 6), 1);
    expect_ss(x_axis, segment(2, 0, 3, 0), 1);
    expect_ss(x_axis, segment(-5, 0, 15, 0), 1);
    ENSURE(!breakout_line_intersect(x_axis, segment(5, 0, 15, 0)));
    ENSURE(!breakout_line_intersect(segment(0, 0, 4, 4), segment(2, 2, 6, 6)));
    CASE("segment-segment: collinear, end to end and one grid step apart");
    expect_ss(x_axis, segment(10, 0, 20, 0), 1);
    expect_ss(x_axis, segment(10 + STEP, 0, 20, 0), 0);
    expect_ss(segment(0, 0, 4, 4), segment(4 + STEP, 4 + STEP, 6, 6), 0);
    CASE("segment-segment: parallel, one grid step apart");
    expect_ss(x_axis, segment(0, STEP, 10, STEP), 0);
    CASE("segment-segment: the lines cross outside both segments");
    expect_ss(segment(0, 0, 1, 1), segment(3, 0, 2, 1), 0);
    CASE("segment-segment: point segments on, at the end of, and off a segment");
    expect_ss(x_axis, segment(5, 0, 5, 0), 1);
    expect_ss(x_axis, segment(10, 0, 10, 0), 1);
    expect_ss(x_axis, segment(5, STEP, 5, STEP), 0);
    expect_ss(x_axis, segment(11, 0, 11, 0), 0);
    expect_ss(segment(0, 0, 3, 9), segment(1, 3, 1, 3), 1);
    expect_ss(segment(0, 0, 3, 9), segment(1, 3 + STEP, 1, 3 + STEP), 0);
    CASE("segment-segment: two point segments, equal and distinct");
    expect_ss(segment(2, 2, 2, 2), segment(2, 2, 2, 2), 1);
    expect_ss(segment(2, 2, 2, 2), segment(2, 2 + STEP, 2, 2 + STEP), 0);
    CASE("segment-segment: a near-parallel crossing at large coordinates, exactly");
    expect_ss(segment(-16384, -16384, 16384, 16384 - STEP), segment(-16384, -16384 + STEP, 16384, 16384), 0);
    expect_ss(segment(-16384, -16384, 16384, 16384), segment(-16384, -16384 + STEP, 16384, 16384 - STEP), 1);
    CASE("segment-segment: agrees with the breakout game's test where it is right");
    ENSURE(breakout_line_intersect(segment(0, 0, 10, 10), segment(0, 10, 10, 0)) ==
           c2d_intersect_segment_segment(segment(0, 0, 10, 10), segment(0, 10, 10, 0)));
    ENSURE(breakout_line_intersect(segment(0, 0, 1, 1), segment(3, 0, 2, 1)) ==
           c2d_intersect_segment_segment(segment(0, 0, 1, 1), segment(3, 0, 2, 1)));
}

static void segment_rect(void)
{
    c2d_rect brick = rect(0, 0, 10, 10);

    CASE("segment-rect: crossing through, no end point inside");
    ENSURE(c2d_intersect_segment_rect(segment(-5, 5, 15, 5), brick));
    CASE("segment-rect: wholly inside (the breakout game's edge test misses it)");
    ENSURE(c2d_intersect_segment_rect(segment(2, 2, 8, 7), brick));
    ENSURE(!breakout_rect_collideline(brick, segment(2, 2, 8, 7)));
    CASE("segment-rect: along an edge, within it and past both corners");
    ENSURE(c2d_intersect_segment_rect(segment(2, 0, 8, 0), brick));
    ENSURE(c2d_intersect_segment_rect(segment(-5, 10, 15, 10), brick));
    ENSURE(c2d_intersect_segment_rect(segment(10, 3, 10, 3), brick));
    CASE("segment-rect: on the edge's line but beyond the corner");
    ENSURE(!c2d_intersect_segment_rect(segment(10 + STEP, 0, 20, 0), brick));
    CASE("segment-rect: one grid step outside an edge, parallel to it");
    ENSURE(!c2d_intersect_segment_rect(segment(-5, -STEP, 15, -STEP), brick));
    CASE("segment-rect: a diagonal through the corner (10, 10), and one grid step past it");
    ENSURE(c2d_intersect_segment_rect(segment(0, 20, 20, 0), brick));
    ENSURE(!c2d_intersect_segment_rect(segment(0, 20 + STEP, 20 + STEP, 0), brick));
    CASE("segment-rect: ending on the edge, and one step short of it");
    ENSURE(c2d_intersect_segment_rect(segment(-5, 5, 0, 5), brick));
    ENSURE(!c2d_intersect_segment_rect(segment(-5, 5, -STEP, 5), brick));
    CASE("segment-rect: point segments inside, on the corner, outside");
    ENSURE(c2d_intersect_segment_rect(segment(5, 5, 5, 5), brick));
    ENSURE(c2d_intersect_segment_rect(segment(0, 0, 0, 0), brick));
    ENSURE(!c2d_intersect_segment_rect(segment(-STEP, 0, -STEP, 0), brick));
    CASE("segment-rect: negative sizes");
    ENSURE(c2d_intersect_segment_rect(segment(0, 20, 20, 0), rect(10, 10, -10, -10)));
    ENSURE(!c2d_intersect_segment_rect(segment(0, 20 + STEP, 20 + STEP, 0), rect(10, 10, -10, -10)));
    CASE("segment-rect: zero-size rect is a point");
    ENSURE(c2d_intersect_segment_rect(segment(0, 0, 4, 8), rect(1, 2, 0, 0)));
    ENSURE(!c2d_intersect_segment_rect(segment(0, 0, 4, 8), rect(1, 2 + STEP, 0, 0)));
}

static void segment_circle(void)
{
    c2d_circle c = circle(0, 0, 5);

    CASE("segment-circle: through the centre");
    ENSURE(c2d_intersect_segment_circle(segment(-10, 0, 10, 0), c));
    CASE("segment-circle: tangent to the top, and one grid step above it");
    ENSURE(c2d_intersect_segment_circle(segment(-10, 5, 10, 5), c));
    ENSURE(!c2d_intersect_segment_circle(segment(-10, 5 + STEP, 10, 5 + STEP), c));
    CASE("segment-circle: tangent at (3, 4) on a slanted line, exactly");
    ENSURE(c2d_intersect_segment_circle(segment(-1, 7, 7, 1), c));
    ENSURE(!c2d_intersect_segment_circle(segment(-1, 7 + STEP, 7, 1 + STEP), c));
    ENSURE(c2d_intersect_segment_circle(segment(-1, 7 - STEP, 7, 1 - STEP), c));
    CASE("segment-circle: ending on the rim, and one step short");
    ENSURE(c2d_intersect_segment_circle(segment(10, 0, 5, 0), c));
    ENSURE(!c2d_intersect_segment_circle(segment(10, 0, 5 + STEP, 0), c));
    ENSURE(c2d_intersect_segment_circle(segment(6, 8, 3, 4), c));
    CASE("segment-circle: wholly inside");
    ENSURE(c2d_intersect_segment_circle(segment(-1, -1, 1, 2), c));
    CASE("segment-circle: the line passes through but the segment stops short");
    ENSURE(!c2d_intersect_segment_circle(segment(6, 0, 10, 0), c));
    CASE("segment-circle: point segments");
    ENSURE(c2d_intersect_segment_circle(segment(1, 1, 1, 1), c));
    ENSURE(c2d_intersect_segment_circle(segment(3, 4, 3, 4), c));
    ENSURE(!c2d_intersect_segment_circle(segment(3, 4 + STEP, 3, 4 + STEP), c));
    CASE("segment-circle: an end point a hair (2^-16 in d^2) outside and inside the rim");
    ENSURE(!c2d_intersect_segment_circle(segment(2896 / 256.0f, 4193407 / 256.0f, 100, 16383),
                                          circle(0, 0, 4193408 / 256.0f)));
    ENSURE(c2d_intersect_segment_circle(segment(2894 / 256.0f, 4187618 / 256.0f, 100, 16383),
                                         circle(0, 0, 4187619 / 256.0f)));
    CASE("segment-circle: r = 0 is a point, r < 0 is empty");
    ENSURE(c2d_intersect_segment_circle(segment(0, 0, 10, 0), circle(4, 0, 0)));
    ENSURE(!c2d_intersect_segment_circle(segment(0, 0, 10, 0), circle(4, STEP, 0)));
    ENSURE(!c2d_intersect_segment_circle(segment(-10, 0, 10, 0), circle(0, 0, -1)));
}

static void segment_obb(void)
{
    c2d_obb tall = obb(0, 0, 5, 2, 90); /* spans x -2..2, y -5..5 */
    c2d_obb diamond = obb(0, 0, 1, 1, 45);

    CASE("segment-obb: along the side of a box turned 90 degrees, and one step off it");
    ENSURE(c2d_intersect_segment_obb(segment(2, -10, 2, 10), tall));
    ENSURE(!c2d_intersect_segment_obb(segment(2 + STEP, -10, 2 + STEP, 10), tall));
    CASE("segment-obb: ending on the corner");
    ENSURE(c2d_intersect_segment_obb(segment(4, 7, 2, 5), tall));
    CASE("segment-obb: through the diamond, and past its vertex");
    ENSURE(c2d_intersect_segment_obb(segment(-3, 0, 3, 0), diamond));
    ENSURE(!c2d_intersect_segment_obb(segment(1, 1, 3, -1), diamond));
    CASE("segment-obb: across the diamond's bounding-box corner only");
    ENSURE(!c2d_intersect_segment_obb(segment(0, 1.6f, 1.6f, 0), diamond));
    ENSURE(c2d_intersect_segment_obb(segment(0, 1.3f, 1.3f, 0), diamond));
    CASE("segment-obb: a point segment inside");
    ENSURE(c2d_intersect_segment_obb(segment(0.5f, 0, 0.5f, 0), diamond));
    CASE("segment-obb: at 0 degrees it is the rect");
    ENSURE(c2d_intersect_segment_obb(segment(0, 20, 20, 0), obb(5, 5, 5, 5, 0)));
    ENSURE(!c2d_intersect_segment_obb(segment(0, 20 + STEP, 20 + STEP, 0), obb(5, 5, 5, 5, 0)));
}

void test_segments(void)
{
    RUN_TEST(segment_segment);
    RUN_TEST(segment_rect);
    RUN_TEST(segment_circle);
    RUN_TEST(segment_obb);
}
