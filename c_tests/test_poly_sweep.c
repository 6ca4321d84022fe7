/* Sweeps of rects, circles, capsules and polygons against polygons and capsules from C: a box
 * sliding into a slope, a fast ball and a thin ramp, a wide wall and a speck, a capsule
 * character falling onto a capsule log, starts that already overlap, and bad input.
 * Entry point: test_poly_sweep(), counted by the harness. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "test_macros.h"

#define CHECK(label, cond) (CASE(label), ENSURE(cond))

/* A ramp rising to the right, y up: (0,0), (64,0), (64,32): the slope y = x / 2. */
static c2d_poly ramp(void)
{
    c2d_vec2 pts[3];
    pts[0] = vec2(0, 0);
    pts[1] = vec2(64, 0);
    pts[2] = vec2(64, 32);
    return poly_of(pts, 3);
}

static void test_box_sliding_into_a_slope(void)
{
    c2d_poly r = ramp();
    c2d_rect box = rect(-20, 8, 8, 8);
    c2d_hit hit;
    c2d_rect at;
    CHECK("a box sliding into a slope stops on its face",
          c2d_sweep_rect_poly(box, vec2(100, 0), r, &hit));
    /* Its bottom right corner meets y = x / 2 at x = 16, at t = 0.28. */
    CHECK("a box sliding into a slope: t is the contact, never past it",
          hit.t <= F64(0.28) && hit.t > F64(0.28) - 1e-6);
    CHECK("a box sliding into a slope: the normal is the slope's, up and back",
          fabs(hit.normal.x + 1 / sqrt(5.0)) < 1e-6 && fabs(hit.normal.y - 2 / sqrt(5.0)) < 1e-6);
    at = rect(hit.pos.x, hit.pos.y, 8, 8);
    CHECK("a box sliding into a slope ends clear of it", !c2d_overlap_rect_poly(at, r));
    at.x += STEP;
    CHECK("a box sliding into a slope ends within a step of it", c2d_overlap_rect_poly(at, r));
    CHECK("a box sliding along the ramp's floor from below is no hit",
          !c2d_sweep_rect_poly(rect(-20, -8, 8, 8), vec2(200, 0), r, &hit));
    CHECK("a box resting under the floor and pushed up hits at once",
          c2d_sweep_rect_poly(rect(10, -8, 8, 8), vec2(0, 4), r, &hit) && hit.t == 0.0f &&
              hit.normal.x == 0.0f && hit.normal.y == -1.0f);
    CHECK("a box ending exactly against the floor is no hit",
          !c2d_sweep_rect_poly(rect(10, -16, 8, 8), vec2(0, 8), r, &hit));
}

static void test_fast_ball_and_thin_ramp(void)
{
    c2d_vec2 pts[4];
    c2d_poly thin;
    c2d_hit hit;
    pts[0] = vec2(0, 0);
    pts[1] = vec2(1000, 500);
    pts[2] = vec2(1000, 500 + STEP);
    pts[3] = vec2(0, STEP);
    thin = poly_of(pts, 4);
    CHECK("a fast ball does not pass through a thin ramp",
          c2d_sweep_circle_poly(circle(500, 1000, 0.5f), vec2(0, -1e6f), thin, &hit));
    CHECK("a fast ball stops above the thin ramp, clear of it",
          hit.pos.y > 250 && !c2d_overlap_poly_circle(thin, circle(hit.pos.x, hit.pos.y, 0.5f)));
    CHECK("a fast box does not pass through a thin ramp",
          c2d_sweep_rect_poly(rect(498, 1000, 4, 4), vec2(0, -1e6f), thin, &hit) && hit.t > 0 &&
              !c2d_overlap_rect_poly(rect(hit.pos.x, hit.pos.y, 4, 4), thin));
    CHECK("a fast capsule does not pass through a thin ramp",
          c2d_sweep_capsule_poly(capsule(500, 1000, 500, 1010, 1), vec2(0, -1e6f), thin, &hit));
}

static void test_wall_and_speck(void)
{
    c2d_poly speck = box_poly(0, 0, STEP, STEP);
    c2d_hit hit;
    CHECK("a 1000-unit wall moving right meets a speck of 1/256",
          c2d_sweep_rect_poly(rect(-2000, -500, 1000, 1000), vec2(5000, 0), speck, &hit) &&
              hit.t <= F64(0.2) && hit.t > F64(0.2) - 1e-6 && hit.normal.x == -1.0f);
    CHECK("a speck moving at 1e6 meets a 1000-unit wall",
          c2d_sweep_poly_rect(speck, vec2(1e6f, 0), rect(3000, -500, 1000, 1000), &hit) &&
              hit.t > 0 && hit.pos.x <= 3000 - STEP && hit.normal.x == -1.0f);
    CHECK("a speck moving at 1e6 meets a long capsule",
          c2d_sweep_poly_capsule(speck, vec2(1e6f, 0), capsule(3000, -500, 3000, 500, STEP),
                                 &hit) &&
              hit.t > 0 && hit.pos.x < 3000);
}

static void test_capsule_character(void)
{
    c2d_capsule log = capsule(-10, 0, 10, 0, 1);
    c2d_capsule hero = capsule(0, 5, 0, 7, 1);
    c2d_hit hit;
    CHECK("a capsule character falling onto a capsule log rests on top of it",
          c2d_sweep_capsule_capsule(hero, vec2(0, -10), log, &hit) && hit.t <= F64(0.3) &&
              hit.t > F64(0.3) - 1e-6 && hit.normal.x == 0.0f && hit.normal.y == 1.0f &&
              hit.point.y == 1.0f);
    CHECK("a ball rolling past the log's end misses it",
          !c2d_sweep_circle_capsule(circle(-20, 2.5f, 1), vec2(40, 0), log, &hit));
    CHECK("a ball dropped onto the log's end stops on its round cap",
          c2d_sweep_circle_capsule(circle(11, 10, 1), vec2(0, -20), log, &hit) &&
              hit.normal.x > 0 && hit.normal.y > 0 &&
              !c2d_overlap_capsule_circle(log, circle(hit.pos.x, hit.pos.y, 1)));
    CHECK("a crate pushed into the log stops against it",
          c2d_sweep_rect_capsule(rect(-30, -1, 4, 2), vec2(30, 0), log, &hit) &&
              hit.normal.x == -1.0f && hit.pos.x <= -15 && hit.pos.x > -15 - STEP);
    CHECK("a capsule swinging into a crate's side",
          c2d_sweep_capsule_rect(capsule(-10, 0, -10, 4, 1), vec2(20, 0), rect(0, -5, 4, 20),
                                 &hit) &&
              hit.normal.x == -1.0f && hit.pos.x <= -1 && hit.pos.x > -1 - STEP);
    CHECK("a triangle sliding into a ball",
          c2d_sweep_poly_circle(ramp(), vec2(0, 100), circle(32, 50, 2), &hit) && hit.t > 0 &&
              hit.normal.y < 0);
    CHECK("a log sliding into a ball",
          c2d_sweep_capsule_circle(log, vec2(0, 10), circle(0, 6, 2), &hit) &&
              hit.normal.x == 0.0f && hit.normal.y == -1.0f && hit.t <= F64(0.3) &&
              hit.t > F64(0.3) - 1e-6);
    CHECK("two polygons: a crate dropping onto a ramp lands on the slope",
          c2d_sweep_poly_poly(box_poly(40, 60, 44, 64), vec2(0, -100), ramp(), &hit) &&
              hit.normal.y > 0 && hit.normal.x < 0);
}

static void test_start_overlap_and_bad_input(void)
{
    c2d_poly r = ramp();
    c2d_hit hit;
    c2d_poly bad = r;
    CHECK("a box already inside the ramp's tall end hits at 0, pushed out the right side",
          c2d_sweep_rect_poly(rect(62, 2, 4, 4), vec2(-3, 0), r, &hit) && hit.t == 0.0f &&
              hit.normal.x == 1.0f && hit.normal.y == 0.0f && hit.pos.x == 62.0f);
    CHECK("a ball already on the log hits at 0",
          c2d_sweep_circle_capsule(circle(0, 1, 1), vec2(5, 0), capsule(-10, 0, 10, 0, 1), &hit) &&
              hit.t == 0.0f && hit.normal.y == 1.0f);
    CHECK("NULL out answers only",
          c2d_sweep_rect_poly(rect(-20, 8, 8, 8), vec2(100, 0), r, NULL));
    hit.t = 7;
    CHECK("a NaN motion is no hit and leaves out untouched",
          !c2d_sweep_rect_poly(rect(-20, 8, 8, 8), vec2(NAN, 0), r, &hit) && hit.t == 7);
    CHECK("an infinite motion is no hit",
          !c2d_sweep_circle_poly(circle(-5, 1, 1), vec2(INFINITY, 0), r, &hit));
    bad.count = 9;
    CHECK("a polygon with 9 vertices is no hit", !c2d_sweep_rect_poly(rect(-20, 8, 8, 8),
                                                                     vec2(100, 0), bad, &hit));
    bad.count = 2;
    CHECK("a polygon with 2 vertices is no hit",
          !c2d_sweep_poly_poly(bad, vec2(0, 100), r, &hit) && hit.t == 7);
    CHECK("a bare segment (radius 0) never overlaps, so never hits",
          !c2d_sweep_circle_capsule(circle(-5, 0, 0), vec2(10, 0), capsule(0, -5, 0, 5, 0), &hit));
    CHECK("a capsule of negative radius is empty",
          !c2d_sweep_capsule_poly(capsule(-10, 1, -10, 2, -1), vec2(100, 0), r, &hit));
}

/* A speck of dust (a circle or capsule of radius 1e-10 down to the smallest float, 1e-45)
 * flying through the middle of a 10x10 wall hits it, no later than its centre (core) enters
 * the wall, and stops clear of it; so does a 10x10 box flying over a speck. The sum of the
 * radii once rounded away in the side of a rounded edge, and such specks tunnelled. */
static void test_tiny_radius_does_not_tunnel(void)
{
    static const float radii[6] = {1e-45f, 1e-38f, 1e-30f, 1e-20f, 1e-15f, 1e-10f};
    c2d_poly wall = box_poly(0, 0, 10, 10);
    c2d_rect slab = rect(0, 0, 10, 10);
    c2d_poly block = box_poly(-20, 0, -10, 10);
    c2d_vec2 d = vec2(30, 0);
    c2d_hit hit;
    size_t i;
    for (i = 0; i < 6; i++) {
        float r = radii[i];
        c2d_circle dust = circle(-10, 5, r);
        c2d_capsule stick = capsule(-10, 4, -10, 6, r);
        c2d_capsule wire = capsule(5, 0, 5, 10, r);
        /* The core enters the wall at t = 1/3, the wire (within r of it) at about 1/2. */
        CHECK("a speck of dust flying through the middle of a polygon wall hits it",
              c2d_sweep_circle_poly(dust, d, wall, &hit) && hit.t <= F64(1.0 / 3.0) &&
                  hit.t > F64(1.0 / 3.0) - 1e-5 &&
                  !c2d_overlap_poly_circle(wall, circle(hit.pos.x, hit.pos.y, r)));
        CHECK("a speck of a capsule flying through the middle of a polygon wall hits it",
              c2d_sweep_capsule_poly(stick, d, wall, &hit) && hit.t <= F64(1.0 / 3.0) &&
                  hit.t > F64(1.0 / 3.0) - 1e-5);
        CHECK("a speck of a capsule flying through the middle of a rect wall hits it",
              c2d_sweep_capsule_rect(stick, d, slab, &hit) && hit.t <= F64(1.0 / 3.0) &&
                  hit.t > F64(1.0 / 3.0) - 1e-5);
        CHECK("a speck of dust flying through the middle of a hair-thin capsule wire hits it",
              c2d_sweep_circle_capsule(dust, d, wire, &hit) && hit.t <= F64(0.5) &&
                  hit.t > F64(0.5) - 1e-5 &&
                  !c2d_overlap_capsule_circle(wire, circle(hit.pos.x, hit.pos.y, r)));
        /* The block's front face (x = -10) reaches the speck at x = 5 at t = 1/2. */
        CHECK("a 10x10 box flying over a speck of dust hits it",
              c2d_sweep_poly_circle(block, d, circle(5, 5, r), &hit) && hit.t <= F64(0.5) &&
                  hit.t > F64(0.5) - 1e-5 && hit.normal.x == -1.0f);
        CHECK("a 10x10 box flying over a speck of a capsule hits it",
              c2d_sweep_poly_capsule(block, d, capsule(5, 4.5f, 5, 5.5f, r), &hit) &&
                  hit.t <= F64(0.5) && hit.t > F64(0.5) - 1e-5 && hit.normal.x == -1.0f);
        CHECK("a speck of dust passing 1e-3 above the wall misses it",
              !c2d_sweep_circle_poly(circle(-10, 10.001f, r), d, wall, &hit));
    }
}

void test_poly_sweep(void)
{
    RUN_TEST(test_box_sliding_into_a_slope);
    RUN_TEST(test_fast_ball_and_thin_ramp);
    RUN_TEST(test_wall_and_speck);
    RUN_TEST(test_capsule_character);
    RUN_TEST(test_start_overlap_and_bad_input);
    RUN_TEST(test_tiny_radius_does_not_tunnel);
}
