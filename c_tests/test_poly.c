/* Convex polygons and capsules from C: a box resting on a 45-degree slope, a ball against a
 * capsule-shaped paddle, the hull of a tile's points, a bullet into a slope, a laser grazing a
 * paddle, and polygons put together by hand that break the rules or have no area.
 * Entry point: test_poly(), counted by the harness. */
#include <stddef.h>
#include <stdint.h>

#include "test_macros.h"

#define CHECK(label, cond) (CASE(label), ENSURE(cond))

static void test_box_on_a_slope(void)
{
    c2d_poly s = slope();
    c2d_vec2 pts[4];
    c2d_poly tilted;
    CHECK("the slope tile is a triangle, counter-clockwise from its lowest left corner",
          s.count == 3 && s.verts[0].x == 0 && s.verts[0].y == 0 && s.verts[1].x == 64 &&
              s.verts[1].y == 0 && s.verts[2].x == 64 && s.verts[2].y == 64);

    CASE("a crate resting on the slope by its bottom-right corner touches, does not overlap");
    EXPECT_PAIR(rect_poly, rect(10, 20, 10, 10), s, false, true);
    CASE("one grid step lower it overlaps");
    EXPECT_PAIR(rect_poly, rect(10, 20 - STEP, 10, 10), s, true, true);
    CASE("one grid step higher it is clear");
    EXPECT_PAIR(rect_poly, rect(10, 20 + STEP, 10, 10), s, false, false);
    CASE("the same crate as an unrotated oriented box");
    EXPECT_PAIR(obb_poly, obb(15, 25, 5, 5, 0), s, false, true);
    EXPECT_PAIR(obb_poly, obb(15, 25 - STEP, 5, 5, 0), s, true, true);
    CASE("a crate on the flat floor beside the wall: touching the floor's underside only");
    EXPECT_PAIR(rect_poly, rect(30, -10, 10, 10), s, false, true);

    /* A crate lying flat on the slope: a square turned 45 degrees with one side on y = x. */
    pts[0] = vec2(20, 20);
    pts[1] = vec2(30, 30);
    pts[2] = vec2(20, 40);
    pts[3] = vec2(10, 30);
    tilted = poly_of(pts, 4);
    CASE("a crate lying along the slope touches it along a side, both ways round");
    ENSURE(tilted.count == 4);
    EXPECT_SYM(poly_poly, tilted, s, false, true);
    pts[0].y -= STEP;
    pts[1].y -= STEP;
    pts[2].y -= STEP;
    pts[3].y -= STEP;
    tilted = poly_of(pts, 4);
    CASE("one step into the slope it overlaps");
    EXPECT_SYM(poly_poly, tilted, s, true, true);

    CASE("a player's foot point on the slope surface");
    EXPECT_PAIR(point_poly, vec2(32, 32), s, false, true);
    EXPECT_PAIR(point_poly, vec2(32, 32 - STEP), s, true, true);
    EXPECT_PAIR(point_poly, vec2(32, 32 + STEP), s, false, false);

    CASE("a ball rolling down the slope: radius 5 at distance 5 (3-4-5 off the top corner)");
    EXPECT_PAIR(poly_circle, s, circle(64 + 3, 64 + 4, 5), false, true);
    EXPECT_PAIR(poly_circle, s, circle(64 + 3, 64 + 4, 5 + STEP), true, true);
    EXPECT_PAIR(poly_circle, s, circle(64 + 3, 64 + 4, 5 - STEP), false, false);
}

static void test_ball_and_paddle(void)
{
    /* A pong paddle 40 wide with rounded ends of radius 4 at y = 20. */
    c2d_capsule paddle = capsule(100, 20, 140, 20, 4);
    CASE("a ball of radius 6 sitting on the paddle's flat top touches it");
    EXPECT_PAIR(capsule_circle, paddle, circle(120, 30, 6), false, true);
    CASE("a step lower it overlaps, a step higher it misses");
    EXPECT_PAIR(capsule_circle, paddle, circle(120, 30 - STEP, 6), true, true);
    EXPECT_PAIR(capsule_circle, paddle, circle(120, 30 + STEP, 6), false, false);
    CASE("against the rounded end: centre 10 away along a 6-8-10 direction");
    EXPECT_PAIR(capsule_circle, paddle, circle(146, 28, 6), false, true);
    EXPECT_PAIR(capsule_circle, paddle, circle(146 - STEP, 28, 6), true, true);
    CASE("a point on the paddle's surface, and a paddle of no thickness");
    EXPECT_PAIR(point_capsule, vec2(100, 24), paddle, false, true);
    EXPECT_PAIR(point_capsule, vec2(120, 20), capsule(100, 20, 140, 20, 0), false, true);
    CASE("two paddles end to end, both ways round");
    EXPECT_SYM(capsule_capsule, paddle, capsule(148, 20, 180, 20, 4), false, true);
    EXPECT_SYM(capsule_capsule, paddle, capsule(148 - STEP, 20, 180, 20, 4), true, true);
    CASE("the paddle against the wall of the court (as a rect, and as a box turned 90 degrees)");
    EXPECT_PAIR(rect_capsule, rect(144, 0, 20, 100), paddle, false, true);
    EXPECT_PAIR(obb_capsule, obb(154, 50, 50, 10, 90), paddle, false, true);
    EXPECT_PAIR(rect_capsule, rect(144 - STEP, 0, 20, 100), paddle, true, true);
    CASE("a paddle with a negative radius is nothing");
    EXPECT_PAIR(capsule_circle, capsule(100, 20, 140, 20, -1), circle(120, 20, 50), false, false);

    CASE("a laser grazing the paddle's top is a hit, a step above is not");
    ENSURE(c2d_intersect_segment_capsule(segment(0, 24, 300, 24), paddle));
    ENSURE(!c2d_intersect_segment_capsule(segment(0, 24 + STEP, 300, 24 + STEP), paddle));
}

static void test_tile_hull(void)
{
    /* A 16x16 tile's corners, edge midpoints, centre and a repeated corner. */
    c2d_vec2 pts[10];
    c2d_poly p;
    c2d_poly untouched;
    pts[0] = vec2(8, 8);
    pts[1] = vec2(16, 16);
    pts[2] = vec2(0, 8);
    pts[3] = vec2(16, 0);
    pts[4] = vec2(8, 0);
    pts[5] = vec2(0, 16);
    pts[6] = vec2(0, 0);
    pts[7] = vec2(16, 8);
    pts[8] = vec2(8, 16);
    pts[9] = vec2(16, 16);
    CASE("the hull of a tile's points is its four corners, counter-clockwise");
    ENSURE(c2d_poly_make(pts, 10, &p) == C2D_OK);
    ENSURE(p.count == 4);
    ENSURE(p.verts[0].x == 0 && p.verts[0].y == 0);
    ENSURE(p.verts[1].x == 16 && p.verts[1].y == 0);
    ENSURE(p.verts[2].x == 16 && p.verts[2].y == 16);
    ENSURE(p.verts[3].x == 0 && p.verts[3].y == 16);
    CASE("every point of the tile is on or in its hull");
    ENSURE(c2d_touch_point_poly(pts[4], p) && c2d_overlap_point_poly(pts[0], p));
    CASE("the tile's hull and the tile's rect agree");
    EXPECT_PAIR(rect_poly, rect(16, 0, 16, 16), p, false, true);
    EXPECT_PAIR(rect_poly, rect(16 - STEP, 0, 16, 16), p, true, true);

    memset(&untouched, 0, sizeof untouched);
    untouched.count = 77;
    CASE("points on one line, too few points, NaN and NULL are refused and leave out alone");
    ENSURE(c2d_poly_make(pts + 4, 2, &untouched) == C2D_ERR_DEGENERATE);
    pts[1] = vec2(4, 4); /* (0,0) (4,4) (8,8): one line */
    ENSURE(c2d_poly_make(pts + 0, 2, &untouched) == C2D_ERR_DEGENERATE);
    pts[2] = vec2(0.0f / 0.0f, 1);
    ENSURE(c2d_poly_make(pts, 3, &untouched) == C2D_ERR_INVALID);
    ENSURE(c2d_poly_make(NULL, 3, &untouched) == C2D_ERR_NULL);
    ENSURE(c2d_poly_make(pts, 3, NULL) == C2D_ERR_NULL);
    ENSURE(untouched.count == 77);
    CASE("the statuses have their own words");
    ENSURE(strcmp(c2d_status_str(C2D_ERR_DEGENERATE), c2d_status_str(C2D_ERR_TOO_MANY)) != 0);
    ENSURE(strcmp(c2d_status_str(C2D_ERR_TOO_MANY), "unknown status") != 0);
    ENSURE(C2D_POLY_MAX == 8);
}

static void test_bullet_into_a_slope(void)
{
    c2d_poly s = slope();
    c2d_hit hit;
    CASE("a bullet flying right at y = 8 enters the slope at x = 8");
    ENSURE(c2d_raycast_poly(vec2(-10, 8), vec2(40, 0), s, &hit));
    ENSURE(hit.t == F32(0.45));
    ENSURE(hit.pos.x == 8 && hit.pos.y == 8);
    ENSURE_NEAR(hit.normal.x, -0.70710678, 1e-6);
    ENSURE_NEAR(hit.normal.y, 0.70710678, 1e-6);
    CASE("a bullet passing under the floor misses; NULL out answers only");
    ENSURE(!c2d_raycast_poly(vec2(-10, -1), vec2(100, 0), s, &hit));
    ENSURE(c2d_raycast_poly(vec2(-10, 8), vec2(40, 0), s, NULL));
    CASE("the segment test agrees");
    ENSURE(c2d_intersect_segment_poly(segment(-10, 8, 8, 8), s));
    ENSURE(!c2d_intersect_segment_poly(segment(-10, 8, 8 - STEP, 8), s));
}

static void test_malformed_polys(void)
{
    c2d_poly p = slope();
    c2d_poly cw = p;
    c2d_hit hit;
    int k;
    static const int32_t counts[] = {0, 1, 2, 9, -1, 1000000, INT32_MIN, INT32_MAX};
    for (k = 0; k < (int)(sizeof counts / sizeof counts[0]); k++) {
        p.count = counts[k];
        CASE("a polygon with a count outside 3..8 is nothing");
        EXPECT_PAIR(point_poly, vec2(60, 1), p, false, false);
        EXPECT_PAIR(rect_poly, rect(-100, -100, 300, 300), p, false, false);
        EXPECT_PAIR(poly_circle, p, circle(32, 10, 100), false, false);
        EXPECT_PAIR(poly_capsule, p, capsule(0, 0, 64, 0, 10), false, false);
        EXPECT_SYM(poly_poly, p, slope(), false, false);
        ENSURE(!c2d_intersect_segment_poly(segment(0, 0, 64, 64), p));
        ENSURE(!c2d_raycast_poly(vec2(-10, 8), vec2(40, 0), p, &hit));
    }
    CASE("a clockwise polygon gets some answer, and its ray cast no NaN");
    cw.verts[1] = slope().verts[2];
    cw.verts[2] = slope().verts[1];
    (void)c2d_touch_rect_poly(rect(10, 20, 10, 10), cw);
    (void)c2d_overlap_poly_circle(cw, circle(32, 10, 3));
    if (c2d_raycast_poly(vec2(-10, 8), vec2(40, 0), cw, &hit)) {
        ENSURE(hit.t == hit.t && hit.normal.x == hit.normal.x && hit.normal.y == hit.normal.y);
    }
    CASE("a NaN vertex answers false");
    p = slope();
    p.verts[1].x = 0.0f / 0.0f;
    EXPECT_PAIR(rect_poly, rect(-100, -100, 300, 300), p, false, false);
    EXPECT_PAIR(poly_circle, p, circle(32, 10, 100), false, false);
}

/* A polygon put together by hand from `n` corners, as a level file or editor might. */
static c2d_poly by_hand(const c2d_vec2 *pts, int n)
{
    c2d_poly p;
    int i;
    memset(&p, 0, sizeof p);
    for (i = 0; i < n; i++) {
        p.verts[i] = pts[i];
    }
    p.count = n;
    return p;
}

/* A polygon of zero area is no shape: near or far, it overlaps, touches and stops nothing. */
static void test_flat_polys(void)
{
    c2d_vec2 dot[3], line[3], long_line[8];
    c2d_poly flat[3];
    c2d_hit hit;
    c2d_contact contact;
    c2d_manifold m;
    int k, i;
    for (i = 0; i < 3; i++) {
        dot[i] = vec2(5, 5);
    }
    line[0] = vec2(0, 0);
    line[1] = vec2(10, 0);
    line[2] = vec2(20, 0);
    for (i = 0; i < 8; i++) {
        long_line[i] = vec2((float)((i * 5) % 8) * 2, 0);
    }
    flat[0] = by_hand(dot, 3);
    flat[1] = by_hand(line, 3);
    flat[2] = by_hand(long_line, 8);
    for (k = 0; k < 3; k++) {
        c2d_poly p = flat[k];
        CASE(k == 0 ? "a polygon whose corners are all one point overlaps nothing"
                    : "a polygon whose corners are on one line overlaps nothing");
        EXPECT_PAIR(point_poly, vec2(5, 5), p, false, false);
        EXPECT_PAIR(rect_poly, rect(-100, -100, 300, 300), p, false, false);
        EXPECT_PAIR(rect_poly, rect(300, -4, 8, 8), p, false, false);
        EXPECT_PAIR(obb_poly, obb(5, 5, 50, 50, 30), p, false, false);
        EXPECT_PAIR(poly_circle, p, circle(5, 0, 100), false, false);
        EXPECT_PAIR(poly_circle, p, circle(300, 0, 4), false, false);
        EXPECT_PAIR(poly_capsule, p, capsule(-50, 0, 50, 0, 10), false, false);
        EXPECT_PAIR(poly_capsule, p, capsule(300, 0, 310, 0, 4), false, false);
        EXPECT_SYM(poly_poly, p, slope(), false, false);
        EXPECT_SYM(poly_poly, p, p, false, false);
        ENSURE(!c2d_intersect_segment_poly(segment(-10, -10, 30, 10), p));
        ENSURE(!c2d_raycast_poly(vec2(-10, 0), vec2(40, 0), p, &hit));

        CASE("a flat polygon gives no contact, no manifold and an infinite distance");
        ENSURE(!c2d_collide_rect_poly(rect(-100, -100, 300, 300), p, &contact));
        ENSURE(!c2d_collide_poly_circle(p, circle(300, 0, 4), &contact));
        ENSURE(!c2d_collide_poly_capsule(p, capsule(-50, 0, 50, 0, 10), &contact));
        ENSURE(!c2d_collide_poly_poly(p, slope(), &contact));
        ENSURE(!c2d_manifold_rect_poly(rect(-100, -100, 300, 300), p, &m) && m.count == 0);
        ENSURE(!c2d_manifold_poly_poly(slope(), p, &m) && m.count == 0);
        ENSURE(c2d_distance_rect_poly(rect(300, -4, 8, 8), p) == INFINITY);
        ENSURE(c2d_distance_poly_circle(p, circle(300, 0, 4)) == INFINITY);

        CASE("sweeps through a flat polygon miss, either one moving, and end clear");
        ENSURE(!c2d_sweep_rect_poly(rect(300, -4, 8, 8), vec2(-600, 0), p, &hit));
        ENSURE(!c2d_overlap_rect_poly(rect(-300, -4, 8, 8), p));
        ENSURE(!c2d_sweep_circle_poly(circle(300, 0, 4), vec2(-600, 0), p, &hit));
        ENSURE(!c2d_sweep_capsule_poly(capsule(300, 0, 310, 0, 4), vec2(-600, 0), p, &hit));
        ENSURE(!c2d_sweep_poly_poly(slope(), vec2(-100, 0), p, &hit));
        ENSURE(!c2d_sweep_poly_rect(p, vec2(600, 0), rect(300, -4, 8, 8), &hit));
        ENSURE(!c2d_sweep_poly_circle(p, vec2(600, 0), circle(300, 0, 4), &hit));
        ENSURE(!c2d_sweep_poly_capsule(p, vec2(600, 0), capsule(300, 0, 310, 0, 4), &hit));
        ENSURE(!c2d_sweep_poly_poly(p, vec2(0, 0), slope(), &hit));
    }
}

void test_poly(void)
{
    RUN_TEST(test_box_on_a_slope);
    RUN_TEST(test_ball_and_paddle);
    RUN_TEST(test_tile_hull);
    RUN_TEST(test_bullet_into_a_slope);
    RUN_TEST(test_malformed_polys);
    RUN_TEST(test_flat_polys);
}
