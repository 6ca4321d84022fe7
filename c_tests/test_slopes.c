/* Slopes in the world from C (since 1.3): slope tiles and convex props met by rect movers, in a
 * platformer's words. A player walks along a floor into the foot of a ramp and up it, over its
 * top onto a flat ledge, and back down; a crate falls onto a ramp and bounces off it sideways.
 * Coordinates are y-down (up = (0, -1)).
 * Entry point: test_slopes(), counted by the harness. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "test_macros.h"

static const c2d_vec2 UP = {0.0f, -1.0f};

static c2d_response bounce(uint64_t item, uint64_t other, void *ctx) {
    (void)item;
    (void)other;
    (void)ctx;
    return C2D_BOUNCE;
}

/* A floor from x = 0 to 64 at y = 100, a 45° ramp up to the right from x = 64 to 96 (top at
 * y = 68) with a block under it, and a ledge from x = 96 on at y = 68. */
static c2d_world *level(uint64_t *ramp) {
    c2d_world *w = c2d_world_new(16.0f);
    c2d_world_add_d(w, rectd(0, 100, 64, 32), 0);
    *ramp = c2d_world_add_d(w, rectd(64, 68, 32, 32), 0);
    c2d_world_set_slope(w, *ramp, C2D_SLOPE_X1Y1);
    c2d_world_add_d(w, rectd(64, 100, 32, 32), 0);
    c2d_world_add_d(w, rectd(96, 68, 64, 64), 0);
    return w;
}

static c2d_vec2d walk(c2d_world *w, uint64_t id, double dx, double dy) {
    c2d_rectd r = {0, 0, 0, 0};
    c2d_vec2d end = {-1, -1};
    c2d_world_get_d(w, id, &r, NULL);
    c2d_world_move_d(w, id, vec2d(r.x + dx, r.y + dy), NULL, NULL, &end, NULL, 0, NULL);
    return end;
}

static void test_slope_tile_is_the_triangle_of_its_rect(void) {
    uint64_t ramp;
    c2d_world *w = level(&ramp);
    c2d_vec2d pts[8];
    size_t n = 99;
    CASE("a ramp rising to the right keeps the bottom-left, bottom-right and top-right corners");
    ENSURE(c2d_world_shape_d(w, ramp, pts, 8, &n) == C2D_OK && n == 3);
    ENSURE(pts[0].x == 96.0 && pts[0].y == 68.0);
    ENSURE(pts[1].x == 96.0 && pts[1].y == 100.0);
    ENSURE(pts[2].x == 64.0 && pts[2].y == 100.0);
    CASE("made a plain rect again, it has no vertices");
    ENSURE(c2d_world_set_shape_d(w, ramp, NULL, 0) == C2D_OK);
    ENSURE(c2d_world_shape_d(w, ramp, pts, 8, &n) == C2D_OK && n == 0);
    c2d_world_free(w);
}

static void test_player_walks_up_a_ramp_onto_a_ledge_and_back_down(void) {
    uint64_t ramp, player;
    c2d_world *w = level(&ramp);
    c2d_ground g;
    int i;
    double last;
    player = c2d_world_add_d(w, rectd(40, 92, 8, 8), 0);
    CASE("walking into the foot of the ramp goes up it: 16 to the foot, 8 more become 4 up");
    {
        c2d_vec2d end = walk(w, player, 24, 0);
        ENSURE_NEAR(end.x, 60.0, 1e-9);
        ENSURE_NEAR(end.y, 88.0, 1e-9);
    }
    CASE("with gravity every step goes on: never caught at the foot nor at the top");
    last = 60.0;
    for (i = 0; i < 70; i++) {
        c2d_vec2d end = walk(w, player, 2, 1);
        ENSURE(end.x > last + 0.49);
        last = end.x;
    }
    CASE("on the ledge it stands on the floor");
    ENSURE(last > 96.0);
    walk(w, player, 0, 1);
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR);
    CASE("and walks back down to the floor below");
    for (i = 0; i < 40; i++) {
        c2d_vec2d end = walk(w, player, -2, 1);
        ENSURE(end.x < last - 0.49);
        last = end.x;
    }
    {
        c2d_rectd r;
        c2d_world_get_d(w, player, &r, NULL);
        ENSURE(r.y + r.h <= 100.0);
    }
    c2d_world_free(w);
}

static void test_player_standing_on_a_ramp_is_on_the_floor(void) {
    uint64_t ramp, player;
    c2d_world *w = level(&ramp);
    c2d_ground g;
    player = c2d_world_add_d(w, rectd(72, 60, 8, 8), 0);
    walk(w, player, 0, 40);
    CASE("fallen onto the slanted face, the player rests on it as on a floor");
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK);
    ENSURE(g.flags == C2D_ON_FLOOR && g.floor == ramp);
    c2d_world_free(w);
}

static void test_crate_bounces_sideways_off_a_ramp(void) {
    uint64_t ramp, crate;
    c2d_world *w = level(&ramp);
    c2d_world_hitd hit;
    size_t n = 0;
    c2d_vec2d end;
    crate = c2d_world_add_d(w, rectd(72, 60, 8, 8), 0);
    /* The bottom-right corner (80, 68) meets the face at y = 84 after 16; the 8 left reflect
     * about the face's normal (-1, -1)/sqrt 2 into 8 to the left. */
    ENSURE(c2d_world_move_d(w, crate, vec2d(72, 84), bounce, NULL, &end, &hit, 1, &n) == C2D_OK);
    CASE("one hit, on the slanted face, with a unit normal");
    ENSURE(n == 1 && hit.id == ramp);
    ENSURE_NEAR(hit.hit.normal.x, -0.7071067811865476, 1e-15);
    ENSURE_NEAR(hit.hit.normal.y, -0.7071067811865476, 1e-15);
    CASE("the fall turned into a move to the left");
    ENSURE_NEAR(end.x, 64.0, 1e-9);
    ENSURE_NEAR(end.y, 76.0, 1e-9);
    c2d_world_free(w);
}

static void test_prop_is_the_hull_of_its_points(void) {
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t rock, ball;
    c2d_vec2d pts[5] = {{10, 0}, {20, 10}, {10, 20}, {0, 10}, {10, 10}};
    c2d_vec2d line[3] = {{0, 0}, {1, 1}, {2, 2}};
    c2d_vec2d bad[3] = {{0, 0}, {1, 1}, {NAN, 2}};
    c2d_rectd r;
    size_t n = 0;
    rock = c2d_world_add_d(w, rectd(0, 0, 1, 1), 0);
    CASE("a diamond prop: four vertices, its box the item's rect");
    ENSURE(c2d_world_set_shape_d(w, rock, pts, 5) == C2D_OK);
    ENSURE(c2d_world_shape_d(w, rock, NULL, 0, &n) == C2D_OK && n == 4);
    ENSURE(c2d_world_get_d(w, rock, &r, NULL) == C2D_OK);
    ENSURE(r.x == 0.0 && r.y == 0.0 && r.w == 20.0 && r.h == 20.0);
    CASE("a ball dropped on the diamond's top vertex rests on it, not on its box");
    ball = c2d_world_add_d(w, rectd(6, -20, 8, 8), 0);
    {
        c2d_vec2d end = walk(w, ball, 0, 30);
        ENSURE(end.y == -8.0);
    }
    CASE("bad shapes change nothing");
    ENSURE(c2d_world_set_shape_d(w, rock, line, 3) == C2D_ERR_DEGENERATE);
    ENSURE(c2d_world_set_shape_d(w, rock, bad, 3) == C2D_ERR_INVALID);
    ENSURE(c2d_world_set_shape_d(w, rock, NULL, 3) == C2D_ERR_NULL);
    ENSURE(c2d_world_set_slope(w, rock, 4) == C2D_ERR_INVALID);
    ENSURE(c2d_world_set_slope(NULL, rock, 0) == C2D_ERR_NULL);
    ENSURE(c2d_world_shape_d(NULL, rock, NULL, 0, &n) == C2D_ERR_NULL);
    ENSURE(c2d_world_shape_d(w, rock, NULL, 0, &n) == C2D_OK && n == 4);
    c2d_world_remove(w, rock);
    ENSURE(c2d_world_set_slope(w, rock, 0) == C2D_ERR_STALE);
    ENSURE(c2d_world_shape_d(w, rock, NULL, 0, &n) == C2D_ERR_STALE);
    c2d_world_free(w);
}

/* A scripting layer reports where each hit sent the mover (bump.lua's col.slide and
 * col.bounce): the library's own redirect along the slanted face, the same move as without
 * the legs asked for. */
static void test_each_hit_reports_where_it_sent_the_mover(void) {
    uint64_t ramp, player, crate;
    c2d_world *w = level(&ramp);
    c2d_world_hitd hits[4], plain[4];
    c2d_vec2d legs[4], end = {0, 0}, end2 = {0, 0};
    c2d_ground g;
    size_t n = 0, n2 = 0;
    player = c2d_world_add_d(w, rectd(40, 92, 8, 8), 0);
    crate = c2d_world_add_d(w, rectd(72, 60, 8, 8), 0);
    CASE("a player walking into the ramp's foot is sent up the face, where the move ends");
    ENSURE(c2d_world_check_d(w, player, vec2d(64, 92), NULL, NULL, &end2, plain, 4, &n2) == C2D_OK);
    ENSURE(c2d_world_check_legs_d(w, player, vec2d(64, 92), NULL, NULL, &end, hits, legs, 4, &n) ==
           C2D_OK);
    ENSURE(n == 1 && n2 == 1 && hits[0].id == ramp && hits[0].hit.t == plain[0].hit.t);
    ENSURE(end.x == end2.x && end.y == end2.y);
    ENSURE_NEAR(legs[0].x, 60.0, 1e-9);
    ENSURE_NEAR(legs[0].y, 88.0, 1e-9);
    CASE("the move itself does the same, and moves the player");
    ENSURE(c2d_world_move_legs_d(w, player, vec2d(64, 92), NULL, NULL, &end, hits, legs, 4, &n) ==
           C2D_OK);
    ENSURE(n == 1 && legs[0].x == end.x && legs[0].y == end.y);
    CASE("a crate bouncing off the ramp is sent sideways, the ground state as without legs");
    ENSURE(c2d_world_move_ground_legs_d(w, crate, vec2d(72, 84), UP, bounce, NULL, &end, hits,
                                        legs, 4, &n, &g) == C2D_OK);
    ENSURE(n == 1 && hits[0].id == ramp);
    ENSURE_NEAR(legs[0].x, 64.0, 1e-9);
    ENSURE_NEAR(legs[0].y, 76.0, 1e-9);
    CASE("legs NULL or cap 0 writes none; the count is still the hits'");
    ENSURE(c2d_world_check_legs_d(w, player, vec2d(100, 60), NULL, NULL, &end, NULL, NULL, 0, &n) ==
           C2D_OK);
    ENSURE(n >= 1);
    CASE("a NULL world, a stale handle and a NaN goal write nothing");
    legs[0].x = -7;
    ENSURE(c2d_world_move_legs_d(NULL, player, vec2d(0, 0), NULL, NULL, &end, hits, legs, 4, &n) ==
           C2D_ERR_NULL);
    ENSURE(c2d_world_move_legs_d(w, 987654, vec2d(0, 0), NULL, NULL, &end, hits, legs, 4, &n) ==
           C2D_ERR_STALE);
    ENSURE(c2d_world_move_legs_d(w, player, vec2d(NAN, 0), NULL, NULL, &end, hits, legs, 4,
                                 &n) == C2D_ERR_INVALID);
    ENSURE(legs[0].x == -7);
    c2d_world_free(w);
}

void test_slopes(void) {
    RUN_TEST(test_slope_tile_is_the_triangle_of_its_rect);
    RUN_TEST(test_player_walks_up_a_ramp_onto_a_ledge_and_back_down);
    RUN_TEST(test_player_standing_on_a_ramp_is_on_the_floor);
    RUN_TEST(test_crate_bounces_sideways_off_a_ramp);
    RUN_TEST(test_prop_is_the_hull_of_its_points);
    RUN_TEST(test_each_hit_reports_where_it_sent_the_mover);
}
