/* The movement kit from C (since 1.2), in a platformer's words: jump-through platforms, the
 * ground state of a player, whether a player fits somewhere, pushing a player out of a wall,
 * lifts and moving walls that carry riders and push crates. Each function is checked in f32 and
 * in doubles (_d). Coordinates are y-down (up = (0, -1)) unless a test says otherwise.
 * Entry point: test_kit(), counted by the harness. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "test_macros.h"

#define CHECK(label, cond) (CASE(label), ENSURE(cond))

/* Up on a screen (y grows downwards) and in a y-up world. */
static const c2d_vec2 UP = {0.0f, -1.0f};
static const c2d_vec2 UP_Y_UP = {0.0f, 1.0f};

static int same_ground(c2d_ground a, c2d_ground b) {
    return a.flags == b.flags && a.floor == b.floor && a.ceiling == b.ceiling && a.left == b.left &&
           a.right == b.right;
}

static c2d_rect get(c2d_world *w, uint64_t id) {
    c2d_rect r = {-1, -1, -1, -1};
    c2d_world_get(w, id, &r, NULL);
    return r;
}

static c2d_rectd get_d(c2d_world *w, uint64_t id) {
    c2d_rectd r = {-1, -1, -1, -1};
    c2d_world_get_d(w, id, &r, NULL);
    return r;
}

/* The static scenery of a level: a filter answering C2D_IGNORE when the item asked about is one
 * of them (a lift must not carry or push the walls), C2D_SLIDE otherwise. */
typedef struct {
    uint64_t ids[8];
    int n;
} scenery;

static c2d_response skip_scenery(uint64_t item, uint64_t other, void *ctx) {
    const scenery *s = (const scenery *)ctx;
    int i;
    (void)other;
    for (i = 0; i < s->n; i++) {
        if (s->ids[i] == item) {
            return C2D_IGNORE;
        }
    }
    return C2D_SLIDE;
}

/* A player holding "down": the platform whose handle ctx points to is ignored. */
static c2d_response drop_through(uint64_t item, uint64_t other, void *ctx) {
    (void)item;
    return other == *(const uint64_t *)ctx ? C2D_IGNORE : C2D_SLIDE;
}

static void test_one_way_normal_is_stored_as_a_unit(void) {
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t platform = c2d_world_add(w, rect(0, 100, 100, 10), 0);
    c2d_vec2 n = {9, 9};
    CASE("a new item is solid all round");
    ENSURE(c2d_world_get_one_way(w, platform, &n) == C2D_OK && n.x == 0.0f && n.y == 0.0f);
    CASE("a jump-through platform's top face, given with any length, reads back as a unit normal");
    ENSURE(c2d_world_set_one_way(w, platform, vec2(0, -5)) == C2D_OK);
    ENSURE(c2d_world_get_one_way(w, platform, &n) == C2D_OK && n.x == 0.0f && n.y == -1.0f);
    ENSURE(c2d_world_get_one_way(w, platform, NULL) == C2D_OK);
    CASE("(0, 0) makes the platform solid all round again");
    ENSURE(c2d_world_set_one_way(w, platform, vec2(0, 0)) == C2D_OK);
    ENSURE(c2d_world_get_one_way(w, platform, &n) == C2D_OK && n.x == 0.0f && n.y == 0.0f);
    c2d_world_free(w);
}

static void test_player_lands_on_a_platform_corner_and_stays(void) {
    /* The player's bottom-right corner meets the platform's top-left corner exactly. */
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t platform = c2d_world_add(w, rect(0, 100, 100, 10), 0);
    uint64_t player = c2d_world_add(w, rect(-20, 80, 10, 10), 0);
    c2d_vec2 at = {-1, -1};
    c2d_world_hit hits[4];
    size_t n = 99;
    c2d_ground g;
    int frame, stayed = 1;
    c2d_world_set_one_way(w, platform, UP);
    CASE("a player falling onto a jump-through platform's very corner lands on it");
    ENSURE(c2d_world_move_ground(w, player, vec2(0, 100), UP, NULL, NULL, &at, hits, 4, &n, &g) == C2D_OK);
    ENSURE(at.x == 0.0f && at.y == 90.0f);
    ENSURE(n == 1 && hits[0].id == platform && hits[0].hit.normal.y == -1.0f);
    CASE("the landing frame already stands on the platform");
    ENSURE(g.flags == C2D_ON_FLOOR && g.floor == platform && g.ceiling == 0 && g.left == 0 && g.right == 0);
    CASE("with gravity pulling every frame the player stays on the platform");
    for (frame = 0; frame < 30; frame++) {
        c2d_world_move_ground(w, player, vec2(0, 91), UP, NULL, NULL, &at, NULL, 0, &n, &g);
        stayed &= at.x == 0.0f && at.y == 90.0f && g.flags == C2D_ON_FLOOR && g.floor == platform;
    }
    ENSURE(stayed);
    c2d_world_free(w);
}

static void test_player_lands_on_a_platform_corner_d(void) {
    c2d_world *w = c2d_world_new_d(32.0);
    uint64_t platform = c2d_world_add_d(w, rectd(0, 100.25, 100, 10), 0);
    uint64_t player = c2d_world_add_d(w, rectd(-20, 60.25, 10, 10), 0);
    c2d_vec2d at = {-1, -1};
    c2d_world_hitd hits[4];
    size_t n = 99;
    c2d_ground g;
    c2d_world_set_one_way(w, platform, UP);
    CASE("in doubles: a steep fall onto the platform's very corner lands on its top face");
    ENSURE(c2d_world_move_ground_d(w, player, vec2d(0, 120.25), UP, NULL, NULL, &at, hits, 4, &n, &g) == C2D_OK);
    ENSURE(at.x == 0.0 && at.y == 90.25 && n == 1 && hits[0].id == platform);
    ENSURE(hits[0].hit.pos.x == -10.0 && hits[0].hit.pos.y == 90.25);
    ENSURE(hits[0].hit.normal.x == 0.0 && hits[0].hit.normal.y == -1.0 && hits[0].response == C2D_SLIDE);
    ENSURE(g.flags == C2D_ON_FLOOR && g.floor == platform);
    CASE("in doubles: walking along the platform keeps the player on it");
    ENSURE(c2d_world_move_ground_d(w, player, vec2d(50, 95), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.x == 50.0 && at.y == 90.25 && g.flags == C2D_ON_FLOOR && g.floor == platform);
    c2d_world_free(w);
}

static void test_player_jumps_up_through_a_platform(void) {
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t platform = c2d_world_add(w, rect(0, 100, 100, 10), 0);
    uint64_t player = c2d_world_add(w, rect(20, 115, 10, 10), 0);
    c2d_vec2 at = {0, 0};
    c2d_ground g;
    size_t n = 99;
    float y = 115;
    int never_blocked = 1, never_on_floor_inside = 1, inside_frames = 0;
    c2d_world_set_one_way(w, platform, UP);
    CASE("a player jumping up through a platform is never stopped nor on the floor inside it");
    while (y > 60) {
        c2d_world_move_ground(w, player, vec2(20, y - 3), UP, NULL, NULL, &at, NULL, 0, &n, &g);
        never_blocked &= at.y == y - 3 && n == 0;
        y = at.y;
        if (y < 110 && y + 10 > 100) {
            inside_frames++;
            never_on_floor_inside &= (g.flags & C2D_ON_FLOOR) == 0 && g.floor == 0;
        }
    }
    ENSURE(never_blocked && never_on_floor_inside && inside_frames > 3);
    CASE("falling back down, the player lands on the platform from above");
    ENSURE(c2d_world_move_ground(w, player, vec2(20, 130), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.y == 90.0f && n == 1 && g.flags == C2D_ON_FLOOR && g.floor == platform);
    c2d_world_free(w);
}

static void test_player_jumps_up_through_a_platform_d(void) {
    c2d_world *w = c2d_world_new_d(32.0);
    uint64_t platform = c2d_world_add_d(w, rectd(0, 100, 100, 10), 0);
    uint64_t player = c2d_world_add_d(w, rectd(20, 112.5, 10, 10), 0);
    c2d_vec2d at = {0, 0};
    c2d_ground g;
    size_t n = 99;
    c2d_world_set_one_way(w, platform, UP);
    CASE("in doubles: a jump that ends inside the platform is not stopped and not on the floor");
    ENSURE(c2d_world_move_ground_d(w, player, vec2d(20, 95.5), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.y == 95.5 && n == 0 && (g.flags & C2D_ON_FLOOR) == 0);
    CASE("in doubles: starting inside it, the player falls through it (no floor to land on)");
    ENSURE(c2d_world_move_ground_d(w, player, vec2d(20, 97.5), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.y == 97.5 && n == 0 && g.flags == 0);
    CASE("in doubles: the jump's top ends exactly on the platform, which is the floor");
    ENSURE(c2d_world_move_ground_d(w, player, vec2d(20, 90), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.y == 90.0 && n == 0 && g.flags == C2D_ON_FLOOR && g.floor == platform);
    c2d_world_free(w);
}

static void test_player_drops_through_when_the_filter_ignores_the_platform(void) {
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t platform = c2d_world_add(w, rect(0, 100, 100, 10), 0);
    uint64_t player = c2d_world_add(w, rect(20, 90, 10, 10), 0);
    c2d_vec2 at = {0, 0};
    c2d_vec2d atd = {0, 0};
    c2d_ground g;
    size_t n = 99;
    c2d_world_set_one_way(w, platform, UP);
    CASE("a player standing on the platform and not holding down stays on it");
    ENSURE(c2d_world_move_ground(w, player, vec2(20, 105), UP, drop_through, &player, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.y == 90.0f && n == 1 && g.flags == C2D_ON_FLOOR);
    CASE("holding down (the filter answers C2D_IGNORE) the player drops through, nothing reported");
    ENSURE(c2d_world_move_ground(w, player, vec2(20, 105), UP, drop_through, &platform, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.x == 20.0f && at.y == 105.0f && n == 0 && g.flags == 0 && g.floor == 0);
    CASE("in doubles: a player on the platform holding down drops through too");
    c2d_world_update_d(w, player, rectd(20, 90, 10, 10));
    ENSURE(c2d_world_ground(w, player, UP, drop_through, &platform, &g) == C2D_OK && g.flags == 0);
    ENSURE(c2d_world_move_ground_d(w, player, vec2d(20, 96.5), UP, drop_through, &platform, &atd, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(atd.y == 96.5 && n == 0 && g.flags == 0);
    c2d_world_free(w);
}

static void test_resting_player_gets_the_same_ground_every_frame(void) {
    /* Two floor tiles with a seam under the player, who spans 28..40: 4 units on the left tile,
     * 8 on the right one. Gravity accelerates the player until it lands. */
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t left_tile = c2d_world_add(w, rect(0, 100, 32, 32), 0);
    uint64_t right_tile = c2d_world_add(w, rect(32, 100, 32, 32), 0);
    uint64_t player = c2d_world_add(w, rect(28, 60, 12, 20), 0);
    c2d_vec2 at = {0, 0};
    c2d_ground g, first;
    size_t n = 0;
    float y = 60, vy = 0;
    int frame, landed = -1, identical = 1, early = 1;
    memset(&first, 0, sizeof first);
    (void)left_tile;
    CASE("a falling player: no floor in the air, the floor from the landing frame on, for 60 frames");
    for (frame = 0; frame < 120; frame++) {
        vy += 0.5f;
        c2d_world_move_ground(w, player, vec2(28, y + vy), UP, NULL, NULL, &at, NULL, 0, &n, &g);
        y = at.y;
        if (landed < 0) {
            if (g.flags & C2D_ON_FLOOR) {
                landed = frame;
                first = g;
                vy = 0;
            } else {
                early &= at.y + 20 < 100 && g.flags == 0;
            }
        } else {
            vy = 0;
            if (frame - landed < 60) {
                identical &= same_ground(g, first) && at.y == 80.0f;
            }
        }
    }
    ENSURE(landed > 0 && early && identical);
    CASE("the floor is the tile sharing the longer edge with the player's feet");
    ENSURE(first.flags == C2D_ON_FLOOR && first.floor == right_tile);
    c2d_world_free(w);
}

static void test_resting_player_gets_the_same_ground_every_frame_d(void) {
    /* Decimal gravity in doubles; the feet span 26..38, 6 units on each tile: the tie goes to
     * the lower handle. */
    c2d_world *w = c2d_world_new_d(32.0);
    uint64_t left_tile = c2d_world_add_d(w, rectd(0, 100, 32, 32), 0);
    uint64_t right_tile = c2d_world_add_d(w, rectd(32, 100, 32, 32), 0);
    uint64_t player = c2d_world_add_d(w, rectd(26, 60.1, 12, 20), 0);
    c2d_vec2d at = {0, 0};
    c2d_ground g, first;
    size_t n = 0;
    double y = 60.1, vy = 0;
    int frame, landed = -1, identical = 1;
    memset(&first, 0, sizeof first);
    (void)right_tile;
    CASE("in doubles: a resting player's ground flags and floor are identical over 60 frames");
    for (frame = 0; frame < 120; frame++) {
        vy += 0.3;
        c2d_world_move_ground_d(w, player, vec2d(26, y + vy), UP, NULL, NULL, &at, NULL, 0, &n, &g);
        y = at.y;
        if (landed < 0 && (g.flags & C2D_ON_FLOOR)) {
            landed = frame;
            first = g;
        }
        if (landed >= 0) {
            vy = 0;
            if (frame - landed < 60) {
                identical &= same_ground(g, first);
            }
        }
    }
    ENSURE(landed > 0 && landed < 60 && identical);
    CASE("in doubles: a tie between the two tiles goes to the lower handle");
    ENSURE(first.flags == C2D_ON_FLOOR && first.floor == left_tile);
    c2d_world_free(w);
}

static void test_corner_only_touch_is_not_ground(void) {
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t floor = c2d_world_add(w, rect(0, 100, 100, 10), 0);
    uint64_t player = c2d_world_add(w, rect(100, 90, 10, 10), 0);
    c2d_ground g;
    CASE("a player touching the floor's top-right corner with its bottom-left corner is in the air");
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == 0 && g.floor == 0);
    CASE("the same at the floor's top-left corner, and beside it with its side flush");
    c2d_world_update(w, player, rect(-10, 90, 10, 10));
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == 0);
    c2d_world_update(w, player, rect(-10, 95, 10, 10));
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_RIGHT && g.right == floor);
    CASE("half a unit of overlap along the top face is standing on it");
    c2d_world_update(w, player, rect(99.5f, 90, 10, 10));
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR && g.floor == floor);
    CASE("one grid step above the floor is in the air: there is no margin");
    c2d_world_update(w, player, rect(50, 90 - STEP, 10, 10));
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == 0);
    CASE("in a float world, 1e-9 above the floor is within a float's rounding: standing on it");
    c2d_world_update_d(w, player, rectd(50, 90 - 1e-9, 10, 10));
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR);
    c2d_world_free(w);
    CASE("in a double world, 1e-9 above the floor is in the air (its band is 1e-10)");
    w = c2d_world_new_d(32.0);
    floor = c2d_world_add(w, rect(0, 100, 100, 10), 0);
    player = c2d_world_add_d(w, rectd(50, 90 - 1e-9, 10, 10), 0);
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == 0);
    CASE("... and 1e-11 above it stands on it");
    c2d_world_update_d(w, player, rectd(50, 90 - 1e-11, 10, 10));
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR && g.floor == floor);
    c2d_world_free(w);
}

static void test_walls_left_and_right_and_a_ceiling(void) {
    /* A player in a shaft exactly its width, between a floor and a ceiling. */
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t left = c2d_world_add(w, rect(0, 0, 10, 40), 0);
    uint64_t right = c2d_world_add(w, rect(20, 0, 10, 40), 0);
    uint64_t top = c2d_world_add(w, rect(0, -10, 30, 10), 0);
    uint64_t floor = c2d_world_add(w, rect(0, 40, 30, 10), 0);
    uint64_t player = c2d_world_add(w, rect(10, 0, 10, 40), 0);
    c2d_ground g;
    c2d_vec2 at;
    size_t n;
    CASE("a player wedged in a shaft touches floor, ceiling and both walls, each named");
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK);
    ENSURE(g.flags == (C2D_ON_FLOOR | C2D_ON_CEILING | C2D_ON_LEFT | C2D_ON_RIGHT));
    ENSURE(g.floor == floor && g.ceiling == top && g.left == left && g.right == right);
    CASE("a shorter player standing in the shaft: floor and walls, no ceiling");
    c2d_world_update(w, player, rect(10, 20, 10, 20));
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK);
    ENSURE(g.flags == (C2D_ON_FLOOR | C2D_ON_LEFT | C2D_ON_RIGHT) && g.ceiling == 0);
    CASE("jumping up to the ceiling: ceiling and walls, no floor");
    ENSURE(c2d_world_move_ground(w, player, vec2(10, -5), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.y == 0.0f && g.flags == (C2D_ON_CEILING | C2D_ON_LEFT | C2D_ON_RIGHT) && g.ceiling == top);
    c2d_world_free(w);
}

static void test_y_up_world_has_the_floor_on_the_other_face(void) {
    /* y grows upwards: the floor's top face is at y = 10 and the player stands at y = 10. */
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t floor = c2d_world_add(w, rect(0, 0, 100, 10), 0);
    uint64_t wall = c2d_world_add(w, rect(0, 10, 10, 50), 0);
    uint64_t platform = c2d_world_add(w, rect(40, 40, 40, 5), 0);
    uint64_t player = c2d_world_add(w, rect(10, 10, 10, 10), 0);
    c2d_ground g;
    c2d_vec2 at;
    size_t n = 0;
    CASE("y-up: the player on the floor's top face stands on it, the wall is on its left");
    ENSURE(c2d_world_ground(w, player, UP_Y_UP, NULL, NULL, &g) == C2D_OK);
    ENSURE(g.flags == (C2D_ON_FLOOR | C2D_ON_LEFT) && g.floor == floor && g.left == wall);
    CASE("the same scene read with y-down's up: the floor is a ceiling, the wall still on the left");
    ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK);
    ENSURE(g.flags == (C2D_ON_CEILING | C2D_ON_LEFT) && g.ceiling == floor && g.left == wall);
    CASE("y-up: a jump-through platform faces (0, 1); landing on it from above is the floor");
    c2d_world_set_one_way(w, platform, UP_Y_UP);
    c2d_world_update(w, player, rect(50, 60, 10, 10));
    ENSURE(c2d_world_move_ground(w, player, vec2(50, 30), UP_Y_UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.y == 45.0f && n == 1 && g.flags == C2D_ON_FLOOR && g.floor == platform);
    CASE("y-up: a one-way platform is never a ceiling, and jumping up through it is free");
    c2d_world_update(w, player, rect(50, 30, 10, 10));
    ENSURE(c2d_world_ground(w, player, UP_Y_UP, NULL, NULL, &g) == C2D_OK && g.flags == 0);
    ENSURE(c2d_world_move_ground(w, player, vec2(50, 50), UP_Y_UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_OK);
    ENSURE(at.y == 50.0f && n == 0 && g.flags == 0);
    c2d_world_free(w);
}

static void test_crouching_player_fits_under_a_low_ceiling(void) {
    /* A ceiling whose underside is at y = 10; a crouching player 10 tall stands on y = 25. */
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t ceiling = c2d_world_add(w, rect(0, 0, 100, 10), 0);
    uint64_t player = c2d_world_add(w, rect(20, 15, 10, 10), 0);
    uint64_t platform = c2d_world_add(w, rect(120, 20, 40, 4), 0);
    bool fits = true;
    CASE("standing up to 20 tall under the low ceiling does not fit");
    ENSURE(c2d_world_fits(w, player, rect(20, 5, 10, 20), NULL, NULL, &fits) == C2D_OK && !fits);
    CASE("standing up to 15 tall, head touching the ceiling, fits");
    fits = false;
    ENSURE(c2d_world_fits(w, player, rect(20, 10, 10, 15), NULL, NULL, &fits) == C2D_OK && fits);
    CASE("past the end of the ceiling the player can stand up");
    fits = false;
    ENSURE(c2d_world_fits(w, player, rect(105, 5, 10, 20), NULL, NULL, &fits) == C2D_OK && fits);
    CASE("a jump-through platform never stops a player from standing up");
    c2d_world_set_one_way(w, platform, UP);
    fits = false;
    ENSURE(c2d_world_fits(w, player, rect(130, 5, 10, 20), NULL, NULL, &fits) == C2D_OK && fits);
    CASE("the player's own box and ignored items do not count; nothing moves");
    fits = false;
    ENSURE(c2d_world_fits(w, player, rect(20, 5, 10, 20), drop_through, &ceiling, &fits) == C2D_OK && fits);
    ENSURE(c2d_world_fits(w, player, rect(20, 15, 10, 10), NULL, NULL, &fits) == C2D_OK && fits);
    ENSURE(c2d_world_fits(w, player, rect(20, 5, 10, 20), NULL, NULL, NULL) == C2D_OK);
    ENSURE(get(w, player).y == 15.0f && get(w, player).h == 10.0f);
    CASE("in doubles: 10.0001 below the ceiling fits, 9.9999 does not");
    ENSURE(c2d_world_fits_d(w, player, rectd(20, 10.0001, 10, 15), NULL, NULL, &fits) == C2D_OK && fits);
    ENSURE(c2d_world_fits_d(w, player, rectd(20, 9.9999, 10, 15), NULL, NULL, &fits) == C2D_OK && !fits);
    c2d_world_free(w);
}

static void test_player_spawned_inside_a_wall_is_pushed_out(void) {
    /* A wall 0..100 x 0..20. */
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t wall = c2d_world_add(w, rect(0, 0, 100, 20), 0);
    uint64_t player = c2d_world_add(w, rect(70, 4, 10, 10), 0);
    uint64_t deep = c2d_world_add(w, rect(40, 5, 10, 10), 0);
    c2d_vec2 at = {0, 0};
    (void)wall;
    CASE("a player spawned inside a wall goes out the shortest way: up 14, not down 16 or right 30");
    ENSURE(c2d_world_push_out(w, player, 100, NULL, NULL, &at) == C2D_OK);
    ENSURE(at.x == 70.0f && at.y == -10.0f);
    ENSURE(get(w, player).x == 70.0f && get(w, player).y == -10.0f);
    CASE("a player already clear stays where it is");
    at = vec2(0, 0);
    ENSURE(c2d_world_push_out(w, player, 100, NULL, NULL, &at) == C2D_OK && at.x == 70.0f && at.y == -10.0f);
    CASE("15 up or 15 down: the tie goes down (+y before -y)");
    ENSURE(c2d_world_push_out(w, deep, 15, NULL, NULL, &at) == C2D_OK);
    ENSURE(at.x == 40.0f && at.y == 20.0f);
    CASE("15 left or 15 right, 50 up or down: the tie goes right (+x before -x)");
    {
        uint64_t pillar = c2d_world_add(w, rect(200, 0, 20, 100), 0);
        uint64_t p = c2d_world_add(w, rect(205, 45, 10, 10), 0);
        (void)pillar;
        ENSURE(c2d_world_push_out(w, p, 1000, NULL, NULL, &at) == C2D_OK && at.x == 220.0f && at.y == 45.0f);
    }
    CASE("an exact distance is enough: a push of 14 with a limit of 14");
    c2d_world_update(w, player, rect(70, 4, 10, 10));
    ENSURE(c2d_world_push_out(w, player, 14, NULL, NULL, NULL) == C2D_OK && get(w, player).y == -10.0f);
    CASE("a wall the filter ignores pushes nothing");
    c2d_world_update(w, player, rect(70, 4, 10, 10));
    ENSURE(c2d_world_push_out(w, player, 100, drop_through, &wall, &at) == C2D_OK && at.y == 4.0f);
    c2d_world_free(w);
}

static void test_player_spawned_inside_a_wall_is_pushed_out_d(void) {
    c2d_world *w = c2d_world_new_d(16.0);
    uint64_t wall = c2d_world_add_d(w, rectd(0, 0.5, 100, 20), 0);
    uint64_t platform = c2d_world_add_d(w, rectd(60, -20, 40, 5), 0);
    uint64_t player = c2d_world_add_d(w, rectd(70.3, 4.5, 10, 10), 0);
    c2d_vec2d at = {0, 0};
    (void)wall;
    c2d_world_set_one_way(w, platform, UP);
    CASE("in doubles: pushed up to stand exactly on the wall, a jump-through platform ignored");
    ENSURE(c2d_world_push_out_d(w, player, 100, NULL, NULL, &at) == C2D_OK);
    ENSURE(at.x == F64(70.3) && at.y == -9.5);
    ENSURE(get_d(w, player).x == F64(70.3) && get_d(w, player).y == at.y);
    {
        c2d_ground g;
        ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR && g.floor == wall);
    }
    c2d_world_free(w);
}

static void test_enclosed_box_is_stuck(void) {
    /* A crate spawned deep inside solid rock: every way out is more than 50 long. */
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t rock = c2d_world_add(w, rect(-100, -100, 200, 200), 0);
    uint64_t crate = c2d_world_add(w, rect(0, 0, 10, 10), 0);
    c2d_vec2 at = {-7.0f, -7.0f};
    c2d_vec2d atd = {-7.0, -7.0};
    (void)rock;
    CASE("no way out within 50: C2D_STUCK, the crate left in place, *actual unwritten");
    ENSURE(c2d_world_push_out(w, crate, 50, NULL, NULL, &at) == C2D_STUCK);
    ENSURE(at.x == -7.0f && at.y == -7.0f);
    ENSURE(get(w, crate).x == 0.0f && get(w, crate).y == 0.0f);
    CASE("in doubles: the same");
    ENSURE(c2d_world_push_out_d(w, crate, 50, NULL, NULL, &atd) == C2D_STUCK);
    ENSURE(atd.x == -7.0 && atd.y == -7.0);
    ENSURE(get_d(w, crate).x == 0.0 && get_d(w, crate).y == 0.0);
    CASE("a limit of 0 for an overlapping crate is stuck too");
    ENSURE(c2d_world_push_out(w, crate, 0, NULL, NULL, &at) == C2D_STUCK && at.x == -7.0f);
    CASE("the status has its own words");
    ENSURE(c2d_status_str(C2D_STUCK) != NULL &&
           strcmp(c2d_status_str(C2D_STUCK), c2d_status_str(C2D_ERR_INVALID)) != 0);
    CASE("with room enough (100 up, the nearest way) it gets out");
    ENSURE(c2d_world_push_out(w, crate, 110, NULL, NULL, &at) == C2D_OK && at.x == 100.0f && at.y == 0.0f);
    c2d_world_free(w);
}

static void test_rider_on_a_lift_keeps_its_offset(void) {
    /* A lift 40 wide at y = 100, a player standing on it at x = 10. */
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t lift = c2d_world_add(w, rect(0, 100, 40, 10), 0);
    uint64_t player = c2d_world_add(w, rect(10, 90, 10, 10), 0);
    uint64_t wall = c2d_world_add(w, rect(-50, -200, 10, 400), 0);
    scenery s;
    c2d_vec2 at = {0, 0};
    c2d_moved out[4];
    size_t n = 0;
    int frame, exact = 1;
    s.ids[0] = wall;
    s.n = 1;
    CASE("a lift moving up, sideways and down carries the player, who keeps its offset exactly");
    for (frame = 0; frame < 40; frame++) {
        float dx = frame < 20 ? 0.5f : -0.25f;
        float dy = frame < 20 ? -1.5f : 0.75f;
        c2d_rect l, p;
        memset(out, 0, sizeof out);
        exact &= c2d_world_move_solid(w, lift, vec2(dx, dy), UP, skip_scenery, &s, &at, out, 4, &n) == C2D_OK;
        l = get(w, lift);
        p = get(w, player);
        exact &= at.x == l.x && at.y == l.y;
        exact &= n == 1 && out[0].id == player && out[0].what == C2D_CARRIED;
        exact &= p.x - l.x == 10.0f && p.y + 10.0f == l.y;
    }
    ENSURE(exact);
    ENSURE(get(w, lift).x == 5.0f && get(w, lift).y == 85.0f);
    CASE("the rider stands on the lift after every move");
    {
        c2d_ground g;
        ENSURE(c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR && g.floor == lift);
    }
    c2d_world_free(w);
}

static void test_rider_on_a_lift_d(void) {
    /* Decimal steps in doubles: the rider ends flush on the lift every frame. (The lift's top
     * and the player's y stay between 64 and 128, so the flush position is a double.) */
    c2d_world *w = c2d_world_new_d(16.0);
    uint64_t lift = c2d_world_add_d(w, rectd(0, 100, 40, 10), 0);
    uint64_t player = c2d_world_add_d(w, rectd(10.1, 90, 10, 10), 0);
    c2d_vec2d at = {0, 0};
    c2d_moved out[2];
    size_t n = 0;
    int frame, flush = 1;
    CASE("in doubles: a lift rising 0.1 a frame carries the player standing flush on it");
    for (frame = 0; frame < 30; frame++) {
        c2d_ground g;
        flush &= c2d_world_move_solid_d(w, lift, vec2d(0.07, -0.1), UP, NULL, NULL, &at, out, 2, &n) == C2D_OK;
        flush &= n == 1 && out[0].id == player && out[0].what == C2D_CARRIED;
        flush &= c2d_world_ground(w, player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR && g.floor == lift;
    }
    ENSURE(flush);
    ENSURE(fabs(at.y - 97.0) < 1e-9 && fabs(get_d(w, player).x - 12.2) < 1e-9);
    c2d_world_free(w);
}

static void test_riders_side_by_side_keep_their_offsets(void) {
    /* Two players standing side by side, touching, on a lift that moves 4 to the left; the one
     * behind (at x = 10) was added first. The one in front moves first, so neither stops. */
    c2d_world *w = c2d_world_new_d(16.0);
    uint64_t lift = c2d_world_add_d(w, rectd(0, 10, 40, 2), 0);
    uint64_t behind = c2d_world_add_d(w, rectd(10, 5, 5, 5), 0);
    uint64_t front = c2d_world_add_d(w, rectd(5, 5, 5, 5), 0);
    c2d_vec2d at = {0, 0};
    c2d_moved out[2];
    size_t n = 0;
    CASE("a lift moving sideways carries two touching riders, each keeping its offset");
    ENSURE(c2d_world_move_solid_d(w, lift, vec2d(-4, 0), UP, NULL, NULL, &at, out, 2, &n) == C2D_OK);
    ENSURE(n == 2 && out[0].what == C2D_CARRIED && out[1].what == C2D_CARRIED);
    ENSURE(get_d(w, front).x == 1.0 && get_d(w, behind).x == 6.0);
    c2d_world_free(w);
}

static void test_crate_pushed_by_a_moving_wall(void) {
    /* A wall moving right pushes a crate towards a fixed wall at x = 60. */
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t mover = c2d_world_add(w, rect(0, 0, 10, 40), 0);
    uint64_t wall = c2d_world_add(w, rect(60, 0, 10, 40), 0);
    uint64_t crate = c2d_world_add(w, rect(20, 20, 10, 10), 0);
    scenery s;
    c2d_vec2 at = {0, 0};
    c2d_moved out[4];
    size_t n = 0;
    c2d_ground g;
    s.ids[0] = wall;
    s.n = 1;
    CASE("a wall moving 25 at once passes the crate's old place: the crate is pushed, flush ahead");
    ENSURE(c2d_world_move_solid(w, mover, vec2(25, 0), UP, skip_scenery, &s, &at, out, 4, &n) == C2D_OK);
    ENSURE(at.x == 25.0f && n == 1 && out[0].id == crate && out[0].what == C2D_PUSHED);
    ENSURE(get(w, crate).x == 35.0f && get(w, crate).y == 20.0f);
    ENSURE(c2d_world_ground(w, crate, UP, skip_scenery, &s, &g) == C2D_OK && g.flags == C2D_ON_LEFT && g.left == mover);
    CASE("pushed 10 more it ends flush against the fixed wall");
    ENSURE(c2d_world_move_solid(w, mover, vec2(15, 0), UP, skip_scenery, &s, &at, out, 4, &n) == C2D_OK);
    ENSURE(n == 1 && out[0].what == C2D_PUSHED && get(w, crate).x == 50.0f);
    ENSURE(c2d_world_ground(w, crate, UP, NULL, NULL, &g) == C2D_OK);
    ENSURE(g.flags == (C2D_ON_LEFT | C2D_ON_RIGHT) && g.left == mover && g.right == wall);
    CASE("pushed further it cannot move: C2D_SQUASHED, left where it was");
    ENSURE(c2d_world_move_solid(w, mover, vec2(5, 0), UP, skip_scenery, &s, &at, out, 4, &n) == C2D_OK);
    ENSURE(at.x == 45.0f && n == 1 && out[0].id == crate && out[0].what == C2D_SQUASHED);
    ENSURE(get(w, crate).x == 50.0f && get(w, crate).y == 20.0f);
    c2d_world_free(w);
}

static void test_crate_pushed_by_a_moving_wall_d(void) {
    /* A wall sliding left 0.3 a frame from x = 100 pushes a crate touching it. (Both x stay
     * between 64 and 128, so the flush position is a double.) */
    c2d_world *w = c2d_world_new_d(16.0);
    uint64_t mover = c2d_world_add_d(w, rectd(100, 0, 10, 40), 0);
    uint64_t crate = c2d_world_add_d(w, rectd(90, 20, 10, 10), 0);
    c2d_vec2d at = {0, 0};
    c2d_moved out[2];
    size_t n = 0;
    int frame, pushed = 1;
    CASE("in doubles: a wall moving 0.3 a frame keeps the crate flush against it");
    for (frame = 0; frame < 50; frame++) {
        c2d_ground g;
        pushed &= c2d_world_move_solid_d(w, mover, vec2d(-0.3, 0), UP, NULL, NULL, &at, out, 2, &n) == C2D_OK;
        pushed &= n == 1 && out[0].id == crate && out[0].what == C2D_PUSHED;
        pushed &= c2d_world_ground(w, crate, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_RIGHT && g.right == mover;
        pushed &= get_d(w, crate).x == at.x - 10.0;
    }
    ENSURE(pushed && fabs(get_d(w, crate).x - 75.0) < 1e-9);
    c2d_world_free(w);
}

static void test_player_squashed_between_a_lift_and_a_ceiling(void) {
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t lift = c2d_world_add(w, rect(0, 100, 40, 10), 0);
    uint64_t ceiling = c2d_world_add(w, rect(0, 40, 100, 10), 0);
    uint64_t player = c2d_world_add(w, rect(10, 90, 10, 10), 0);
    scenery s;
    c2d_vec2 at = {0, 0};
    c2d_vec2d atd = {0, 0};
    c2d_moved out[2];
    size_t n = 0;
    s.ids[0] = ceiling;
    s.n = 1;
    CASE("a lift rising 7 carries the player");
    ENSURE(c2d_world_move_solid(w, lift, vec2(1, -7), UP, skip_scenery, &s, &at, out, 2, &n) == C2D_OK);
    ENSURE(n == 1 && out[0].id == player && out[0].what == C2D_CARRIED && get(w, player).y == 83.0f);
    CASE("a lift rising 40 more into the ceiling squashes the player, left where it was");
    ENSURE(c2d_world_move_solid(w, lift, vec2(0, -40), UP, skip_scenery, &s, &at, out, 2, &n) == C2D_OK);
    ENSURE(at.x == 1.0f && at.y == 53.0f);
    ENSURE(n == 1 && out[0].id == player && out[0].what == C2D_SQUASHED);
    ENSURE(get(w, player).x == 11.0f && get(w, player).y == 83.0f);
    CASE("in doubles: a lift rising step by step squashes the player when its head meets the ceiling");
    c2d_world_update_d(w, lift, rectd(0, 100, 40, 10));
    c2d_world_update_d(w, player, rectd(10, 90, 10, 10));
    {
        int frame, squashed_at = -1;
        for (frame = 0; frame < 20 && squashed_at < 0; frame++) {
            ENSURE(c2d_world_move_solid_d(w, lift, vec2d(0, -2.5), UP, skip_scenery, &s, &atd, out, 2, &n) == C2D_OK);
            if (n == 1 && (out[0].what & C2D_SQUASHED)) {
                squashed_at = frame;
            }
        }
        /* The head reaches the ceiling (y = 50) with the lift at 60 after 16 frames; the 17th
         * squashes. */
        ENSURE(squashed_at == 16 && atd.y == 57.5 && get_d(w, player).y == 50.0);
    }
    c2d_world_free(w);
}

static void test_out_shorter_than_the_count(void) {
    /* Three players on one lift, room for two records. */
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t lift = c2d_world_add(w, rect(0, 100, 100, 10), 0);
    uint64_t a = c2d_world_add(w, rect(0, 90, 10, 10), 0);
    uint64_t b = c2d_world_add(w, rect(40, 90, 10, 10), 0);
    uint64_t c = c2d_world_add(w, rect(80, 90, 10, 10), 0);
    c2d_moved out[3];
    size_t n = 0;
    memset(out, 0xab, sizeof out);
    CASE("three riders, cap 2: the count is 3, the first two in ascending handles, the third slot untouched");
    ENSURE(c2d_world_move_solid(w, lift, vec2(0, -1), UP, NULL, NULL, NULL, out, 2, &n) == C2D_OK);
    ENSURE(n == 3 && out[0].id == a && out[1].id == b && a < b && b < c);
    ENSURE(out[0].what == C2D_CARRIED && out[1].what == C2D_CARRIED);
    ENSURE(out[2].id == UINT64_C(0xabababababababab) && out[2].what == 0xababababu);
    ENSURE(get(w, c).y == 89.0f);
    CASE("cap 0 with NULL out still counts them");
    n = 0;
    ENSURE(c2d_world_move_solid_d(w, lift, vec2d(0, -1), UP, NULL, NULL, NULL, NULL, 0, &n) == C2D_OK && n == 3);
    CASE("a landing with room for no hits still counts the hit");
    {
        uint64_t d = c2d_world_add(w, rect(60, 50, 10, 10), 0);
        c2d_world_hit hit;
        c2d_ground g;
        memset(&hit, 0xab, sizeof hit);
        n = 0;
        ENSURE(c2d_world_move_ground(w, d, vec2(60, 100), UP, NULL, NULL, NULL, &hit, 0, &n, &g) == C2D_OK);
        ENSURE(n == 1 && hit.id == UINT64_C(0xabababababababab) && g.floor == lift);
    }
    c2d_world_free(w);
}

static void test_kit_without_a_world(void) {
    c2d_vec2 at = {-7, -7};
    c2d_vec2d atd = {-7, -7};
    c2d_ground g;
    c2d_moved out[1];
    size_t n = 99;
    bool fits = true;
    memset(&g, 0xab, sizeof g);
    CASE("every kit function answers C2D_ERR_NULL for a NULL world and writes nothing");
    ENSURE(c2d_world_set_one_way(NULL, 1, UP) == C2D_ERR_NULL);
    ENSURE(c2d_world_get_one_way(NULL, 1, &at) == C2D_ERR_NULL && at.x == -7.0f);
    ENSURE(c2d_world_ground(NULL, 1, UP, NULL, NULL, &g) == C2D_ERR_NULL && g.flags == 0xababababu);
    ENSURE(c2d_world_move_ground(NULL, 1, vec2(0, 0), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_ERR_NULL);
    ENSURE(c2d_world_move_ground_d(NULL, 1, vec2d(0, 0), UP, NULL, NULL, &atd, NULL, 0, &n, &g) == C2D_ERR_NULL);
    ENSURE(c2d_world_fits(NULL, 1, rect(0, 0, 1, 1), NULL, NULL, &fits) == C2D_ERR_NULL && fits);
    ENSURE(c2d_world_fits_d(NULL, 1, rectd(0, 0, 1, 1), NULL, NULL, &fits) == C2D_ERR_NULL && fits);
    ENSURE(c2d_world_push_out(NULL, 1, 10, NULL, NULL, &at) == C2D_ERR_NULL);
    ENSURE(c2d_world_push_out_d(NULL, 1, 10, NULL, NULL, &atd) == C2D_ERR_NULL);
    ENSURE(c2d_world_move_solid(NULL, 1, vec2(1, 0), UP, NULL, NULL, &at, out, 1, &n) == C2D_ERR_NULL);
    ENSURE(c2d_world_move_solid_d(NULL, 1, vec2d(1, 0), UP, NULL, NULL, &atd, out, 1, &n) == C2D_ERR_NULL);
    ENSURE(at.x == -7.0f && atd.x == -7.0 && n == 99 && g.flags == 0xababababu);
}

static void test_kit_with_a_removed_player(void) {
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t floor = c2d_world_add(w, rect(0, 100, 100, 10), 0);
    uint64_t gone = c2d_world_add(w, rect(10, 90, 10, 10), 0);
    c2d_vec2 at = {-7, -7};
    c2d_vec2d atd = {-7, -7};
    c2d_ground g;
    c2d_moved out[1];
    size_t n = 99;
    bool fits = true;
    c2d_world_remove(w, gone);
    memset(&g, 0xab, sizeof g);
    CASE("a removed player's handle is stale for every kit function, nothing written");
    ENSURE(c2d_world_set_one_way(w, gone, UP) == C2D_ERR_STALE);
    ENSURE(c2d_world_get_one_way(w, gone, &at) == C2D_ERR_STALE && at.x == -7.0f);
    ENSURE(c2d_world_ground(w, gone, UP, NULL, NULL, &g) == C2D_ERR_STALE);
    ENSURE(c2d_world_move_ground(w, gone, vec2(0, 0), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_ERR_STALE);
    ENSURE(c2d_world_move_ground_d(w, gone, vec2d(0, 0), UP, NULL, NULL, &atd, NULL, 0, &n, &g) == C2D_ERR_STALE);
    ENSURE(c2d_world_fits(w, gone, rect(0, 0, 1, 1), NULL, NULL, &fits) == C2D_ERR_STALE && fits);
    ENSURE(c2d_world_fits_d(w, gone, rectd(0, 0, 1, 1), NULL, NULL, &fits) == C2D_ERR_STALE && fits);
    ENSURE(c2d_world_push_out(w, gone, 10, NULL, NULL, &at) == C2D_ERR_STALE);
    ENSURE(c2d_world_push_out_d(w, gone, 10, NULL, NULL, &atd) == C2D_ERR_STALE);
    ENSURE(c2d_world_move_solid(w, gone, vec2(1, 0), UP, NULL, NULL, &at, out, 1, &n) == C2D_ERR_STALE);
    ENSURE(c2d_world_move_solid_d(w, gone, vec2d(1, 0), UP, NULL, NULL, &atd, out, 1, &n) == C2D_ERR_STALE);
    ENSURE(at.x == -7.0f && atd.x == -7.0 && n == 99 && g.flags == 0xababababu);
    CASE("the floor's handle from another world is stale there");
    {
        c2d_world *other = c2d_world_new(16.0f);
        ENSURE(c2d_world_ground(other, floor, UP, NULL, NULL, &g) == C2D_ERR_STALE);
        c2d_world_free(other);
    }
    c2d_world_free(w);
}

static void test_kit_rejects_bad_numbers_and_changes_nothing(void) {
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t lift = c2d_world_add(w, rect(0, 100, 40, 10), 0);
    uint64_t player = c2d_world_add(w, rect(10, 90, 10, 10), 0);
    uint64_t wall = c2d_world_add(w, rect(15, 50, 10, 10), 0);
    uint64_t far_lift = c2d_world_add_d(w, rectd(1e308, 0, 10, 10), 0);
    c2d_vec2 at = {-7, -7};
    c2d_vec2d atd = {-7, -7};
    c2d_vec2 n1 = {9, 9};
    c2d_ground g;
    c2d_moved out[2];
    size_t n = 99;
    bool fits = true;
    const float nan = NAN, inf = INFINITY;
    const c2d_vec2 zero = {0, 0}, diagonal = {0.7071f, -0.7071f}, nan_up = {0, NAN};
    int i;
    memset(&g, 0xab, sizeof g);
    c2d_world_set_one_way(w, lift, UP);
    CASE("a platform's normal with a NaN, an infinity or two components is refused, the old one kept");
    ENSURE(c2d_world_set_one_way(w, lift, vec2(nan, -1)) == C2D_ERR_INVALID);
    ENSURE(c2d_world_set_one_way(w, lift, vec2(0, -inf)) == C2D_ERR_INVALID);
    ENSURE(c2d_world_set_one_way(w, lift, vec2(1, -1)) == C2D_ERR_INVALID);
    ENSURE(c2d_world_get_one_way(w, lift, &n1) == C2D_OK && n1.x == 0.0f && n1.y == -1.0f);
    c2d_world_set_one_way(w, lift, vec2(0, 0));
    CASE("a lift moved by a NaN or infinite delta answers C2D_ERR_INVALID; lift and rider stay");
    ENSURE(c2d_world_move_solid(w, lift, vec2(nan, -1), UP, NULL, NULL, &at, out, 2, &n) == C2D_ERR_INVALID);
    ENSURE(c2d_world_move_solid(w, lift, vec2(0, -inf), UP, NULL, NULL, &at, out, 2, &n) == C2D_ERR_INVALID);
    ENSURE(c2d_world_move_solid_d(w, lift, vec2d(0, NAN), UP, NULL, NULL, &atd, out, 2, &n) == C2D_ERR_INVALID);
    ENSURE(c2d_world_move_solid_d(w, lift, vec2d(INFINITY, 0), UP, NULL, NULL, &atd, out, 2, &n) == C2D_ERR_INVALID);
    CASE("a solid moved past the end of the double range answers C2D_ERR_INVALID and stays");
    ENSURE(c2d_world_move_solid_d(w, far_lift, vec2d(1e308, 0), UP, NULL, NULL, &atd, out, 2, &n) == C2D_ERR_INVALID);
    ENSURE(get_d(w, far_lift).x == F64(1e308));
    CASE("an up that is zero, diagonal or NaN is refused by ground, move_ground and move_solid");
    for (i = 0; i < 3; i++) {
        c2d_vec2 bad = i == 0 ? zero : i == 1 ? diagonal : nan_up;
        ENSURE(c2d_world_ground(w, player, bad, NULL, NULL, &g) == C2D_ERR_INVALID);
        ENSURE(c2d_world_move_ground(w, player, vec2(10, 0), bad, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_ERR_INVALID);
        ENSURE(c2d_world_move_ground_d(w, player, vec2d(10, 0), bad, NULL, NULL, &atd, NULL, 0, &n, &g) == C2D_ERR_INVALID);
        ENSURE(c2d_world_move_solid(w, lift, vec2(0, -5), bad, NULL, NULL, &at, out, 2, &n) == C2D_ERR_INVALID);
        ENSURE(c2d_world_move_solid_d(w, lift, vec2d(0, -5), bad, NULL, NULL, &atd, out, 2, &n) == C2D_ERR_INVALID);
    }
    CASE("a move_ground to a NaN goal is refused");
    ENSURE(c2d_world_move_ground(w, player, vec2(nan, 0), UP, NULL, NULL, &at, NULL, 0, &n, &g) == C2D_ERR_INVALID);
    ENSURE(c2d_world_move_ground_d(w, player, vec2d(0, INFINITY), UP, NULL, NULL, &atd, NULL, 0, &n, &g) == C2D_ERR_INVALID);
    CASE("fits for a rect with a NaN or infinite field is refused");
    ENSURE(c2d_world_fits(w, player, rect(nan, 0, 10, 10), NULL, NULL, &fits) == C2D_ERR_INVALID && fits);
    ENSURE(c2d_world_fits_d(w, player, rectd(0, 0, INFINITY, 10), NULL, NULL, &fits) == C2D_ERR_INVALID && fits);
    CASE("a negative, NaN or infinite push-out distance is refused; the overlapping player stays");
    c2d_world_update(w, wall, rect(15, 85, 10, 10));
    ENSURE(c2d_world_push_out(w, player, -1, NULL, NULL, &at) == C2D_ERR_INVALID);
    ENSURE(c2d_world_push_out(w, player, nan, NULL, NULL, &at) == C2D_ERR_INVALID);
    ENSURE(c2d_world_push_out(w, player, inf, NULL, NULL, &at) == C2D_ERR_INVALID);
    ENSURE(c2d_world_push_out_d(w, player, -0.5, NULL, NULL, &atd) == C2D_ERR_INVALID);
    ENSURE(c2d_world_push_out_d(w, player, NAN, NULL, NULL, &atd) == C2D_ERR_INVALID);
    ENSURE(c2d_world_push_out_d(w, player, INFINITY, NULL, NULL, &atd) == C2D_ERR_INVALID);
    CASE("after all of that nothing moved and nothing was written");
    ENSURE(at.x == -7.0f && at.y == -7.0f && atd.x == -7.0 && atd.y == -7.0 && n == 99);
    ENSURE(g.flags == 0xababababu && fits);
    ENSURE(get(w, lift).x == 0.0f && get(w, lift).y == 100.0f);
    ENSURE(get(w, player).x == 10.0f && get(w, player).y == 90.0f);
    c2d_world_free(w);
}

/* A crate stuck in the middle of a packed block of 400 walls comes out past the nearest side of the
 * block (right and down are as near: right wins the tie), with room to go anywhere. */
static void test_push_out_of_a_packed_block(void) {
    c2d_world *w = c2d_world_new_d(16.0);
    c2d_vec2d at = {0, 0};
    c2d_rectd r;
    uint64_t crate;
    int j;
    for (j = 0; j < 400; j++) {
        c2d_world_add_d(w, rectd((j % 20) * 10.0, (j / 20) * 10.0, 10, 10), 0);
    }
    crate = c2d_world_add_d(w, rectd(101, 101, 8, 8), 0);
    ENSURE(c2d_world_push_out_d(w, crate, 1e6, NULL, NULL, &at) == C2D_OK);
    ENSURE(at.x == 200 && at.y == 101);
    ENSURE(c2d_world_get_d(w, crate, &r, NULL) == C2D_OK && r.x == 200 && r.y == 101);
    ENSURE(c2d_world_push_out_d(w, crate, 1e6, NULL, NULL, &at) == C2D_OK && at.x == 200 && at.y == 101);
    c2d_world_update_d(w, crate, rectd(101, 101, 8, 8));
    ENSURE(c2d_world_push_out_d(w, crate, 98, NULL, NULL, &at) == C2D_STUCK);
    c2d_world_free(w);
}

void test_kit(void) {
    RUN_TEST(test_push_out_of_a_packed_block);
    RUN_TEST(test_one_way_normal_is_stored_as_a_unit);
    RUN_TEST(test_player_lands_on_a_platform_corner_and_stays);
    RUN_TEST(test_player_lands_on_a_platform_corner_d);
    RUN_TEST(test_player_jumps_up_through_a_platform);
    RUN_TEST(test_player_jumps_up_through_a_platform_d);
    RUN_TEST(test_player_drops_through_when_the_filter_ignores_the_platform);
    RUN_TEST(test_resting_player_gets_the_same_ground_every_frame);
    RUN_TEST(test_resting_player_gets_the_same_ground_every_frame_d);
    RUN_TEST(test_corner_only_touch_is_not_ground);
    RUN_TEST(test_walls_left_and_right_and_a_ceiling);
    RUN_TEST(test_y_up_world_has_the_floor_on_the_other_face);
    RUN_TEST(test_crouching_player_fits_under_a_low_ceiling);
    RUN_TEST(test_player_spawned_inside_a_wall_is_pushed_out);
    RUN_TEST(test_player_spawned_inside_a_wall_is_pushed_out_d);
    RUN_TEST(test_enclosed_box_is_stuck);
    RUN_TEST(test_rider_on_a_lift_keeps_its_offset);
    RUN_TEST(test_rider_on_a_lift_d);
    RUN_TEST(test_riders_side_by_side_keep_their_offsets);
    RUN_TEST(test_crate_pushed_by_a_moving_wall);
    RUN_TEST(test_crate_pushed_by_a_moving_wall_d);
    RUN_TEST(test_player_squashed_between_a_lift_and_a_ceiling);
    RUN_TEST(test_out_shorter_than_the_count);
    RUN_TEST(test_kit_without_a_world);
    RUN_TEST(test_kit_with_a_removed_player);
    RUN_TEST(test_kit_rejects_bad_numbers_and_changes_nothing);
}
