/* Contacts, manifolds and distances of polygons and capsules from C: a crate resting on a
 * 45-degree slope, crates stacked on a floor, a pill-shaped player standing on the ground, a
 * ball against a paddle, a laser into a pill, and input that breaks the rules.
 * Entry point: test_poly_contact(), counted by the harness. */
#include <float.h>
#include <stddef.h>
#include <stdint.h>

#include "test_macros.h"

#define CHECK(label, cond) (CASE(label), ENSURE(cond))

static void test_crate_on_a_slope(void)
{
    /* A 10 x 5 crate turned 45 degrees, its bottom face sunk 0.25 into the slope's face. */
    double sunk = 2.5 - 0.25, h = sunk * 0.70710678118654752;
    c2d_obb crate = obb((float)(32 - h), (float)(32 + h), 5, 2.5f, 45);
    c2d_manifold m;
    c2d_contact c;
    int i;
    CHECK("a crate resting flat on the slope gets two contact points",
          c2d_manifold_obb_poly(crate, slope(), &m) && m.count == 2);
    CASE("the normal points from the crate down into the slope, as the contact's");
    ENSURE_NEAR(m.normal.x, 0.70710678, 1e-5);
    ENSURE_NEAR(m.normal.y, -0.70710678, 1e-5);
    ENSURE(c2d_collide_obb_poly(crate, slope(), &c));
    ENSURE(c.normal.x == m.normal.x && c.normal.y == m.normal.y);
    ENSURE_NEAR(c.depth, 0.25, 1e-4);
    CASE("both points are a quarter unit deep, within a quarter of the slope's face");
    for (i = 0; i < 2; i++) {
        ENSURE_NEAR(m.depth[i], 0.25, 1e-4);
        ENSURE(fabs((double)m.point[i].x - m.point[i].y) * 0.70710678 <= 0.25 + 1e-4);
    }
    ENSURE_NEAR(fabs((double)m.point[0].x - m.point[1].x), F64(10 * 0.70710678), 1e-3);
}

static void test_stacked_crates(void)
{
    c2d_rect floor_ = rect(-50, -10, 100, 10), crate = rect(-4, -0.5f, 8, 8);
    c2d_poly ground = box_poly(-50, -10, 50, 0), box = box_poly(-4, -0.5f, 4, 7.5f);
    c2d_manifold m;
    c2d_contact c;
    /* The crate's bottom is the reference face (the first shape's faces win ties): the points
     * are the floor's top clipped to the crate's sides, half a unit above its bottom. */
    CHECK("a crate sunk half a unit into the floor gets two points under its sides",
          c2d_manifold_poly_poly(box, ground, &m) && m.count == 2);
    ENSURE(m.normal.x == 0 && m.normal.y == -1);
    ENSURE(m.depth[0] == 0.5f && m.depth[1] == 0.5f);
    ENSURE(m.point[0].y == 0 && m.point[1].y == 0);
    ENSURE(m.point[0].x + m.point[1].x == 0 && fabs(m.point[0].x) == 4);
    CHECK("the same as rects: the same points, and collide_rect_rect's normal",
          c2d_manifold_rect_rect(crate, floor_, &m) && m.count == 2 &&
              c2d_collide_rect_rect(crate, floor_, &c) && c.normal.x == m.normal.x &&
              c.normal.y == m.normal.y && m.depth[0] == 0.5f);
    CHECK("a rect crate on polygon ground", c2d_manifold_rect_poly(crate, ground, &m) &&
                                               m.count == 2 && m.normal.y == -1);
    CHECK("the collide point is the middle of the two",
          c2d_collide_poly_poly(box, ground, &c) && c.point.x == 0 && c.point.y == 0 &&
              c.depth == 0.5f);
    CHECK("a crate resting exactly on the floor does not collide, and its manifold is empty",
          !c2d_manifold_poly_poly(box_poly(-4, 0, 4, 8), ground, &m) && m.count == 0);
    CHECK("it is 0 away", c2d_distance_poly_poly(box_poly(-4, 0, 4, 8), ground) == 0);
    CHECK("lifted by 3 it is 3 away", c2d_distance_poly_poly(box_poly(-4, 3, 4, 11), ground) == 3);
}

static void test_player_pill_on_the_ground(void)
{
    c2d_rect ground = rect(-50, -10, 100, 10);
    c2d_contact c;
    CHECK("a pill-shaped player sunk an eighth into the ground is pushed straight up",
          c2d_collide_rect_capsule(ground, capsule(0, 0.375f, 0, 2, 0.5f), &c) && c.normal.x == 0 &&
              c.normal.y == 1 && c.depth == 0.125f);
    CHECK("its contact point is in both", c.point.y <= 0 && c.point.y >= -0.125f);
    CHECK("standing exactly on it: no contact",
          !c2d_collide_rect_capsule(ground, capsule(0, 0.5f, 0, 2, 0.5f), &c));
    CHECK("a quarter above: a quarter away",
          c2d_distance_rect_capsule(ground, capsule(0, 0.75f, 0, 2, 0.5f)) == 0.25f);
    CHECK("on the slope tile, sunk past its core: still out along the slope's normal",
          c2d_collide_poly_capsule(slope(), capsule(32, 32, 32, 32, 2), &c) &&
              fabs(c.normal.x + 0.70710678) < 1e-5 && fabs(c.normal.y - 0.70710678) < 1e-5 &&
              fabs(c.depth - 2) < 1e-5);
}

static void test_ball_and_paddle(void)
{
    c2d_capsule paddle = capsule(-8, 0, 8, 0, 1);
    c2d_contact c;
    CHECK("a ball sunk into the paddle's flat side bounces straight off it",
          c2d_collide_capsule_circle(paddle, circle(2, 2.5f, 2), &c) && c.normal.x == 0 &&
              c.normal.y == 1 && c.depth == 0.5f);
    CHECK("a ball at the round end leaves radially",
          c2d_collide_capsule_circle(paddle, circle(11, 4, 4.5f), &c) &&
              fabs(c.normal.x - 0.6) < 1e-6 && fabs(c.normal.y - 0.8) < 1e-6 &&
              fabs(c.depth - 0.5) < 1e-6);
    CHECK("two paddles crossed at right angles push apart across the longer one (3 + 1 + 1)",
          c2d_collide_capsule_capsule(paddle, capsule(0, -3, 0, 3, 1), &c) && c.depth == 5 &&
              c.normal.x == 0 && fabs(c.normal.y) == 1);
    CHECK("a ball 3 above the paddle is 3 - 1 - 1 away",
          c2d_distance_capsule_circle(paddle, circle(0, 3, 1)) == 1);
    CHECK("a poly and a ball: the gap", c2d_distance_poly_circle(slope(), circle(-4, 0, 1)) == 3);
}

static void test_laser_into_a_pill(void)
{
    c2d_capsule k = capsule(0, 0, 0, 4, 1);
    c2d_hit h;
    CHECK("a laser into the pill's side stops at its skin",
          c2d_raycast_capsule(vec2(-5, 2), vec2(10, 0), k, &h) && h.t == F32(0.4) &&
              h.normal.x == -1 && h.normal.y == 0 && h.pos.x == -1 && h.pos.y == 2);
    CHECK("one from above stops on the round top",
          c2d_raycast_capsule(vec2(0, 10), vec2(0, -10), k, &h) && h.t == 0.5f &&
              h.normal.y == 1);
    CHECK("one passing above misses", !c2d_raycast_capsule(vec2(-5, 6), vec2(10, 0), k, &h));
    CHECK("one from inside hits at once with no normal",
          c2d_raycast_capsule(vec2(0, 1), vec2(3, 0), k, &h) && h.t == 0 && h.normal.x == 0 &&
              h.normal.y == 0);
}

static void test_rule_breaking_input(void)
{
    c2d_poly p = slope();
    c2d_manifold m;
    c2d_contact c;
    float nan = 0.0f / 0.0f;
    memset(&c, 0x55, sizeof c);
    CHECK("a NULL output answers alone", c2d_collide_rect_poly(rect(30, 10, 10, 10), p, NULL) &&
                                            c2d_manifold_poly_poly(p, p, NULL) &&
                                            c2d_raycast_capsule(vec2(-5, 2), vec2(10, 0),
                                                                capsule(0, 0, 0, 4, 1), NULL));
    p.count = 9;
    CHECK("a count out of range: no contact, an empty manifold, an infinite distance",
          !c2d_collide_poly_poly(p, slope(), &c) && !c2d_manifold_poly_poly(p, slope(), &m) &&
              m.count == 0 && c2d_distance_poly_poly(p, slope()) > FLT_MAX);
    p = slope();
    p.verts[2].y = nan;
    CHECK("a NaN vertex: no contact, a NaN distance",
          !c2d_collide_poly_circle(p, circle(32, 10, 100), &c) &&
              c2d_distance_poly_capsule(p, capsule(0, 0, 1, 1, 1)) !=
                  c2d_distance_poly_capsule(p, capsule(0, 0, 1, 1, 1)));
    CHECK("a NaN radius: no contact", !c2d_collide_capsule_capsule(capsule(0, 0, 1, 0, nan),
                                                                  capsule(0, 0, 1, 0, 1), &c));
    CHECK("the contact was left untouched", c.depth != c.depth || c.depth != 0);
    CHECK("an empty capsule is infinitely far",
          c2d_distance_capsule_capsule(capsule(0, 0, 1, 0, -1), capsule(0, 0, 1, 0, 1)) == INFINITY);
    CHECK("an infinite ray is no ray",
          !c2d_raycast_capsule(vec2(-5, 2), vec2(INFINITY, 0), capsule(0, 0, 0, 4, 1), NULL));
}

void test_poly_contact(void)
{
    RUN_TEST(test_crate_on_a_slope);
    RUN_TEST(test_stacked_crates);
    RUN_TEST(test_player_pill_on_the_ground);
    RUN_TEST(test_ball_and_paddle);
    RUN_TEST(test_laser_into_a_pill);
    RUN_TEST(test_rule_breaking_input);
}
