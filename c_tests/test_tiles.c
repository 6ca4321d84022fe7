/* Tile layers from C: a platformer's level given as a grid of tile codes instead of one item
 * per tile. A player walks a long floor and up a ramp without catching on a seam, lands on a
 * jump-through platform and jumps up through it, digs a hole in the floor and falls in; the
 * level is saved and restored with the world; and every bad call gets an error, not a crash.
 * Coordinates are y-down (up = (0, -1)), tiles 16 units square.
 * Entry point: test_tiles(), counted by the harness. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "test_macros.h"

#define COLS 24
#define ROWS 8
#define T(kind, tag) ((uint32_t)(kind) | ((uint32_t)(tag) << C2D_TILE_TAG_SHIFT))

/* Row 7 and 6 are ground (tag 1); a ramp up at column 10 (tag 2) onto a ledge of columns
 * 11..15 in row 5 (tag 3) resting on row 6; a jump-through platform over columns 2..6 in row
 * 3 (tag 4). */
static void level_codes(uint32_t *codes) {
    int c, r;
    for (r = 0; r < ROWS; r++) {
        for (c = 0; c < COLS; c++) {
            codes[r * COLS + c] = C2D_TILE_EMPTY;
        }
    }
    for (c = 0; c < COLS; c++) {
        codes[7 * COLS + c] = T(C2D_TILE_SOLID, 1);
        codes[6 * COLS + c] = T(C2D_TILE_SOLID, 1);
    }
    codes[5 * COLS + 10] = T(C2D_TILE_SLOPE_X1Y1, 2);
    for (c = 11; c < 16; c++) {
        codes[5 * COLS + c] = T(C2D_TILE_SOLID, 3);
    }
    for (c = 2; c < 7; c++) {
        codes[3 * COLS + c] = T(C2D_TILE_ONE_WAY_YNEG, 4);
    }
}

static c2d_world *level(uint32_t *layer) {
    uint32_t codes[COLS * ROWS];
    c2d_world *w = c2d_world_new_d(64.0);
    level_codes(codes);
    *layer = 0;
    c2d_world_add_tiles(w, codes, COLS, ROWS, COLS, vec2d(0, 0), vec2d(16, 16), layer);
    return w;
}

static c2d_vec2d walk(c2d_world *w, uint64_t id, double dx, double dy) {
    c2d_rectd r = {0, 0, 0, 0};
    c2d_vec2d end = {-1, -1};
    c2d_world_get_d(w, id, &r, NULL);
    c2d_world_move_d(w, id, vec2d(r.x + dx, r.y + dy), NULL, NULL, &end, NULL, 0, NULL);
    return end;
}

static void test_a_grid_of_codes_becomes_merged_items(void) {
    uint32_t layer, code = 0;
    c2d_world *w = level(&layer);
    uint64_t hits[4];
    c2d_tile_run run;
    CASE("the layer has an id and the ground is a few items, not 48");
    ENSURE(layer != 0);
    ENSURE(c2d_world_count(w) < 20);
    CASE("a point inside the ground finds one item whose tag is its user value");
    ENSURE(c2d_world_query_point_d(w, vec2d(100.5, 110.5), UINT64_MAX, hits, 4) == 1);
    {
        c2d_rectd r;
        uint64_t user = 0;
        ENSURE(c2d_world_get_d(w, hits[0], &r, &user) == C2D_OK && user == 1);
    }
    CASE("the item maps back to its layer and tiles: a block of ground tiles");
    ENSURE(c2d_world_tile_of(w, hits[0], &run) == C2D_OK);
    ENSURE(run.layer == layer && run.code == T(C2D_TILE_SOLID, 1));
    ENSURE(run.row == 6 && run.rows == 2 && run.cols == 4 && run.col <= 6 && run.col + 4 > 6);
    CASE("a point in the air finds nothing; codes read back");
    ENSURE(c2d_world_query_point_d(w, vec2d(100.5, 20.5), UINT64_MAX, hits, 4) == 0);
    ENSURE(c2d_world_get_tile(w, layer, 10, 5, &code) == C2D_OK);
    ENSURE(code == T(C2D_TILE_SLOPE_X1Y1, 2));
    CASE("the grid reads back");
    {
        int32_t cols = 0, rows = 0;
        c2d_vec2d origin = {1, 1}, size = {0, 0};
        ENSURE(c2d_world_get_tiles(w, layer, &cols, &rows, &origin, &size) == C2D_OK);
        ENSURE(cols == COLS && rows == ROWS && origin.x == 0 && origin.y == 0);
        ENSURE(size.x == 16 && size.y == 16);
    }
    CASE("an item of the game's own is of no layer");
    {
        uint64_t crate = c2d_world_add_d(w, rectd(40, 80, 8, 8), 9);
        c2d_tile_run none = {7, 7, 7, 7, 7, 7};
        ENSURE(c2d_world_tile_of(w, crate, &none) == C2D_OK && none.layer == 0 && none.rows == 0);
    }
    c2d_world_free(w);
}

static void test_player_walks_the_floor_and_up_the_ramp_without_catching(void) {
    uint32_t layer;
    c2d_world *w = level(&layer);
    uint64_t player = c2d_world_add_d(w, rectd(0.5, 96 - 12, 10, 12), 0);
    c2d_ground g;
    double last = 0.5;
    int i, stuck = 0;
    CASE("every step with gravity goes on, over the floor's seams and up the ramp");
    for (i = 0; i < 140; i++) {
        c2d_vec2d end = walk(w, player, 2, 1);
        stuck += !(end.x > last + 0.49);
        last = end.x;
    }
    ENSURE(stuck == 0);
    CASE("on the ledge it stands on the floor");
    ENSURE(last > 200.0 && last < 246.0);
    walk(w, player, 0, 1);
    ENSURE(c2d_world_ground(w, player, vec2(0, -1), NULL, NULL, &g) == C2D_OK);
    ENSURE(g.flags == C2D_ON_FLOOR);
    c2d_world_free(w);
}

static void test_jump_through_platform_holds_from_above_only(void) {
    uint32_t layer;
    c2d_world *w = level(&layer);
    uint64_t player = c2d_world_add_d(w, rectd(50, 70, 10, 12), 0);
    c2d_vec2d end;
    CASE("jumping up from below passes through the platform");
    end = walk(w, player, 0, -40);
    ENSURE(end.y == 30.0);
    CASE("falling back lands on it (its top at y = 48)");
    end = walk(w, player, 0, 30);
    ENSURE(end.y == 36.0);
    CASE("walking along it meets no seam");
    end = walk(w, player, 20, 1);
    ENSURE(end.x == 70.0 && end.y == 36.0);
    c2d_world_free(w);
}

static void test_digging_a_hole_lets_the_player_fall_in(void) {
    uint32_t layer, code = 99;
    c2d_world *w = level(&layer);
    uint64_t player = c2d_world_add_d(w, rectd(40, 96 - 12, 10, 12), 0);
    size_t before = c2d_world_count(w);
    c2d_vec2d end;
    CASE("digging two tiles under the player: they read back empty");
    ENSURE(c2d_world_set_tile(w, layer, 2, 6, C2D_TILE_EMPTY) == C2D_OK);
    ENSURE(c2d_world_set_tile(w, layer, 3, 6, C2D_TILE_EMPTY) == C2D_OK);
    ENSURE(c2d_world_get_tile(w, layer, 2, 6, &code) == C2D_OK && code == 0);
    CASE("the player falls into the hole, onto the row below");
    end = walk(w, player, 0, 30);
    ENSURE(end.y == 112.0 - 12.0);
    CASE("filling it again: the same item count as before");
    ENSURE(c2d_world_update_d(w, player, rectd(40, 40, 10, 12)) == C2D_OK);
    ENSURE(c2d_world_set_tile(w, layer, 2, 6, T(C2D_TILE_SOLID, 1)) == C2D_OK);
    ENSURE(c2d_world_set_tile(w, layer, 3, 6, T(C2D_TILE_SOLID, 1)) == C2D_OK);
    ENSURE(c2d_world_count(w) == before);
    CASE("the same code again changes nothing");
    {
        uint64_t hash = c2d_world_hash(w);
        ENSURE(c2d_world_set_tile(w, layer, 3, 6, T(C2D_TILE_SOLID, 1)) == C2D_OK);
        ENSURE(c2d_world_hash(w) == hash);
    }
    c2d_world_free(w);
}

static void test_layers_travel_with_snapshots_and_clones(void) {
    uint32_t layer, code = 0;
    c2d_world *w = level(&layer);
    c2d_world *twin;
    uint64_t hash = c2d_world_hash(w);
    size_t size = c2d_world_snapshot_size(w);
    unsigned char *saved = malloc(size);
    CASE("a snapshot of a world with a layer restores its hash and tiles");
    ENSURE(saved != NULL && c2d_world_snapshot(w, saved, size) == size);
    ENSURE(c2d_world_set_tile(w, layer, 0, 7, C2D_TILE_EMPTY) == C2D_OK);
    ENSURE(c2d_world_hash(w) != hash);
    ENSURE(c2d_world_restore(w, saved, size) == C2D_OK);
    ENSURE(c2d_world_hash(w) == hash);
    ENSURE(c2d_world_get_tile(w, layer, 0, 7, &code) == C2D_OK && code == T(C2D_TILE_SOLID, 1));
    CASE("a clone edits its layer on its own");
    twin = c2d_world_clone(w);
    ENSURE(c2d_world_hash(twin) == hash);
    ENSURE(c2d_world_set_tile(twin, layer, 5, 5, T(C2D_TILE_SOLID, 8)) == C2D_OK);
    ENSURE(c2d_world_get_tile(w, layer, 5, 5, &code) == C2D_OK && code == 0);
    CASE("a cut snapshot is refused and changes nothing");
    ENSURE(c2d_world_restore(w, saved, size - 9) == C2D_ERR_CORRUPT);
    ENSURE(c2d_world_hash(w) == hash);
    free(saved);
    c2d_world_free(twin);
    c2d_world_free(w);
}

static void test_bad_tile_calls_get_errors(void) {
    uint32_t layer = 0, out = 77;
    uint32_t codes[6] = {1, 1, 0, 2, 2, 2};
    c2d_world *w = c2d_world_new(32.0f);
    c2d_vec2d o = {0, 0}, t = {16, 16};
    uint64_t hits[2];
    c2d_tile_run run = {5, 5, 5, 5, 5, 5};
    CASE("NULL world, NULL codes");
    ENSURE(c2d_world_add_tiles(NULL, codes, 3, 2, 3, o, t, &layer) == C2D_ERR_NULL);
    ENSURE(c2d_world_add_tiles(w, NULL, 3, 2, 3, o, t, &layer) == C2D_ERR_NULL);
    CASE("no columns or rows, negative ones, a short stride, a huge grid");
    ENSURE(c2d_world_add_tiles(w, codes, 0, 2, 3, o, t, &layer) == C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, 3, -1, 3, o, t, &layer) == C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, -3, 2, 3, o, t, &layer) == C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 2, o, t, &layer) == C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, INT32_MAX, INT32_MAX, SIZE_MAX, o, t, &layer) ==
           C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, 1, 3, SIZE_MAX / 2, o, t, &layer) == C2D_ERR_INVALID);
    CASE("an unknown kind; NaN, infinite, zero and negative tile sizes and origins");
    codes[2] = 10;
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 3, o, t, &layer) == C2D_ERR_INVALID);
    codes[2] = 0;
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 3, o, vec2d(NAN, 16), &layer) == C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 3, o, vec2d(16, INFINITY), &layer) ==
           C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 3, o, vec2d(0, 16), &layer) == C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 3, o, vec2d(16, -16), &layer) == C2D_ERR_INVALID);
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 3, vec2d(-INFINITY, 0), t, &layer) ==
           C2D_ERR_INVALID);
    ENSURE(layer == 0 && c2d_world_count(w) == 0);
    CASE("a good layer, NULL id pointer allowed");
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 3, o, t, NULL) == C2D_OK);
    ENSURE(c2d_world_add_tiles(w, codes, 3, 2, 3, o, t, &layer) == C2D_OK && layer == 2);
    CASE("tiles outside the grid, unknown kinds, stale layers");
    ENSURE(c2d_world_set_tile(w, layer, 3, 0, 1) == C2D_ERR_INVALID);
    ENSURE(c2d_world_set_tile(w, layer, -1, 0, 1) == C2D_ERR_INVALID);
    ENSURE(c2d_world_set_tile(w, layer, 0, INT32_MIN, 1) == C2D_ERR_INVALID);
    ENSURE(c2d_world_set_tile(w, layer, 0, 0, 0x1ff) == C2D_ERR_INVALID);
    ENSURE(c2d_world_set_tile(w, 0, 0, 0, 1) == C2D_ERR_STALE);
    ENSURE(c2d_world_set_tile(w, 99, -1, 0, 1) == C2D_ERR_STALE);
    ENSURE(c2d_world_get_tile(w, layer, 0, 2, &out) == C2D_ERR_INVALID && out == 77);
    ENSURE(c2d_world_get_tile(w, layer, 0, -2, &out) == C2D_ERR_INVALID && out == 77);
    ENSURE(c2d_world_get_tile(w, 7, 0, 0, &out) == C2D_ERR_STALE && out == 77);
    ENSURE(c2d_world_get_tile(w, layer, 0, 0, NULL) == C2D_OK);
    CASE("NULL worlds");
    ENSURE(c2d_world_set_tile(NULL, layer, 0, 0, 1) == C2D_ERR_NULL);
    ENSURE(c2d_world_get_tile(NULL, layer, 0, 0, &out) == C2D_ERR_NULL);
    ENSURE(c2d_world_tile_of(NULL, 1, &run) == C2D_ERR_NULL);
    ENSURE(c2d_world_get_tiles(NULL, layer, NULL, NULL, NULL, NULL) == C2D_ERR_NULL);
    ENSURE(c2d_world_set_tiles_category(NULL, layer, 1, 1) == C2D_ERR_NULL);
    ENSURE(c2d_world_remove_tiles(NULL, layer) == C2D_ERR_NULL);
    CASE("a layer's item cannot be removed by itself; dead handles are stale");
    ENSURE(c2d_world_query_point_d(w, vec2d(8, 8), UINT64_MAX, hits, 2) == 2);
    ENSURE(c2d_world_remove(w, hits[0]) == C2D_ERR_INVALID);
    ENSURE(c2d_world_tile_of(w, 12345, &run) == C2D_ERR_STALE && run.layer == 5);
    ENSURE(c2d_world_tile_of(w, hits[0], NULL) == C2D_OK);
    CASE("a layer's category is its items'; a removed layer is stale");
    ENSURE(c2d_world_set_tiles_category(w, layer, 2, 2) == C2D_OK);
    ENSURE(c2d_world_query_point_d(w, vec2d(8, 8), 2, hits, 2) == 1);
    ENSURE(c2d_world_remove_tiles(w, layer) == C2D_OK);
    ENSURE(c2d_world_remove_tiles(w, layer) == C2D_ERR_STALE);
    ENSURE(c2d_world_get_tiles(w, layer, NULL, NULL, NULL, NULL) == C2D_ERR_STALE);
    ENSURE(c2d_world_set_tiles_category(w, layer, 1, 1) == C2D_ERR_STALE);
    ENSURE(c2d_world_count(w) == 3);
    c2d_world_free(w);
}

void test_tiles(void) {
    RUN_TEST(test_a_grid_of_codes_becomes_merged_items);
    RUN_TEST(test_player_walks_the_floor_and_up_the_ramp_without_catching);
    RUN_TEST(test_jump_through_platform_holds_from_above_only);
    RUN_TEST(test_digging_a_hole_lets_the_player_fall_in);
    RUN_TEST(test_layers_travel_with_snapshots_and_clones);
    RUN_TEST(test_bad_tile_calls_get_errors);
}
