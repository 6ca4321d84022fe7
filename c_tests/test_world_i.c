/* The world for integer engines from C (since 1.3): a GameLib-style tile game at 60 frames a
 * second with integer positions, a player landing on the floor and walking into a wall, the
 * integer twins against the double-precision move, and random integer moves that always end on
 * whole units, clear of the walls. Entry point: test_world_i(), counted by the harness. */
#include <stdint.h>
#include <stdio.h>

#include "test_macros.h"

static int same_recti(c2d_recti a, c2d_recti b) {
    return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

static void test_a_player_lands_and_walks_into_a_wall(void) {
    c2d_world *w = c2d_world_new_d(64.0);
    c2d_recti at, got;
    uint64_t user = 0;
    size_t n = 99;
    int i, frame;
    uint64_t player;
    /* A floor of 16-pixel tiles at y = 224 and a wall at x = 160. */
    for (i = 0; i < 20; i++) {
        c2d_world_add_i(w, recti(i * 16, 224, 16, 16), 0);
    }
    c2d_world_add_i(w, recti(160, 160, 16, 64), 0);
    player = c2d_world_add_i(w, recti(40, 100, 16, 24), 7);
    CASE("the integer rect and the user value come back as given");
    ENSURE(c2d_world_get_i(w, player, &got, &user) == C2D_OK);
    ENSURE(same_recti(got, recti(40, 100, 16, 24)) && user == 7);

    CASE("falling 7 pixels a frame, the player lands flush on the floor, on whole pixels");
    for (frame = 0; frame < 30; frame++) {
        c2d_world_get_i(w, player, &got, NULL);
        ENSURE(c2d_world_move_i(w, player, got.x, got.y + 7, NULL, NULL, &at, NULL, 0, &n) ==
               C2D_OK);
    }
    ENSURE(same_recti(at, recti(40, 200, 16, 24)));

    CASE("walking right 3 pixels a frame it stops flush against the wall, and stays there");
    for (frame = 0; frame < 60; frame++) {
        c2d_world_get_i(w, player, &got, NULL);
        c2d_world_move_i(w, player, got.x + 3, got.y, NULL, NULL, &at, NULL, 0, &n);
    }
    ENSURE(same_recti(at, recti(144, 200, 16, 24)));
    ENSURE(n == 1);

    CASE("a query of the wall's rect finds the wall, not the player flush against it");
    {
        uint64_t found[4];
        ENSURE(c2d_world_query_rect_i(w, recti(160, 160, 16, 64), found, 4) == 1);
        ENSURE(c2d_world_query_rect_i(w, recti(143, 200, 2, 2), found, 4) == 1 &&
               found[0] == player);
    }

    CASE("bad input: NULL world, stale handle");
    ENSURE(c2d_world_add_i(NULL, recti(0, 0, 1, 1), 0) == 0);
    ENSURE(c2d_world_move_i(NULL, player, 0, 0, NULL, NULL, &at, NULL, 0, NULL) == C2D_ERR_NULL);
    ENSURE(c2d_world_update_i(w, player + 1, recti(0, 0, 1, 1)) == C2D_ERR_STALE);
    ENSURE(c2d_world_get_i(w, 0, &got, NULL) == C2D_ERR_STALE);
    ENSURE(c2d_world_query_rect_i(NULL, recti(0, 0, 1, 1), NULL, 0) == 0);
    c2d_world_free(w);
}

static c2d_response slide_all(uint64_t item, uint64_t other, void *ctx) {
    (void)item;
    (void)other;
    (void)ctx;
    return C2D_SLIDE;
}

static void test_random_integer_moves_end_on_whole_units_and_clear(void) {
    c2d_world *w = c2d_world_new_d(32.0);
    c2d_recti walls[40], start, at;
    uint32_t state = 99;
    int i, k, bad_units = 0, bad_clear = 0, bad_near = 0, moves = 0;
    uint64_t mover;
    CASE("random walls and random integer moves: every end on whole units, clear of every "
         "wall the mover did not overlap at the start, within a unit of the exact end");
    for (i = 0; i < 40; i++) {
        state = state * 1664525u + 1013904223u;
        walls[i] = recti((int32_t)(state >> 8) % 400 - 200, (int32_t)(state >> 16) % 400 - 200,
                         8 + (int32_t)(state >> 4) % 40, 8 + (int32_t)(state >> 12) % 40);
        c2d_world_add_i(w, walls[i], 0);
    }
    mover = c2d_world_add_i(w, recti(0, 0, 12, 20), 0);
    for (k = 0; k < 2000; k++) {
        c2d_vec2d exact;
        int32_t gx, gy;
        state = state * 1664525u + 1013904223u;
        gx = (int32_t)(state >> 8) % 300 - 150;
        gy = (int32_t)(state >> 16) % 300 - 150;
        c2d_world_get_i(w, mover, &start, NULL);
        /* The exact move first, on a clone, for comparison. */
        {
            c2d_world *twin = c2d_world_clone(w);
            c2d_world_move_d(twin, mover, vec2d(gx, gy), slide_all, NULL, &exact, NULL, 0, NULL);
            c2d_world_free(twin);
        }
        c2d_world_move_i(w, mover, gx, gy, slide_all, NULL, &at, NULL, 0, NULL);
        moves++;
        {
            c2d_rectd r;
            c2d_world_get_d(w, mover, &r, NULL);
            bad_units += r.x != (double)(int32_t)r.x || r.y != (double)(int32_t)r.y;
        }
        bad_near += at.x - exact.x <= -1.0 || at.x - exact.x >= 1.0 || at.y - exact.y <= -1.0 ||
                    at.y - exact.y >= 1.0;
        for (i = 0; i < 40; i++) {
            bad_clear += c2d_overlap_recti_recti(at, walls[i]) &&
                         !c2d_overlap_recti_recti(start, walls[i]);
        }
        if (k % 50 == 0) {
            /* Now and then a teleport to a new start. */
            c2d_world_update_i(w, mover, recti(gx, gy, 12, 20));
        }
    }
    ENSURE(bad_units == 0);
    ENSURE(bad_clear == 0);
    ENSURE(bad_near == 0);
    ENSURE(moves == 2000);
    c2d_world_free(w);
}

void test_world_i(void) {
    RUN_TEST(test_a_player_lands_and_walks_into_a_wall);
    RUN_TEST(test_random_integer_moves_end_on_whole_units_and_clear);
}
