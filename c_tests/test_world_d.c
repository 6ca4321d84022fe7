/* The world since 1.1, from C: double-precision items kept as given, a player standing on a
 * platform, bump.lua's rule for a rect that starts inside an item, check and project,
 * categories and masks, filters that change the world, segment queries that end on a face.
 * Entry point: test_world_d(), counted by the harness. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "test_macros.h"

#define CHECK(label, cond) (CASE(label), ENSURE(cond))

static void test_kept_as_given(void) {
    c2d_world *w = c2d_world_new_d(64.0);
    c2d_rectd got;
    uint64_t user = 0, id = 0;
    uint64_t a = c2d_world_add_d(w, rectd(0.1, 99.9, 10.3, 0.7), 5);
    CHECK("a rect at y = 99.9 is at 99.9, not the nearest float",
          c2d_world_get_d(w, a, &got, &user) == C2D_OK && got.y == F64(99.9) && got.x == F64(0.1) && user == 5);
    CHECK("update keeps doubles",
          c2d_world_update_d(w, a, rectd(1.0 / 3.0, 2.0, 1e-9, 4.0)) == C2D_OK &&
              c2d_world_get_d(w, a, &got, NULL) == C2D_OK && got.x == F64(1.0 / 3.0) && got.w == F64(1e-9));
    CHECK("cell size as given", c2d_world_cell_size_d(w) == 64.0);
    CHECK("add_checked answers OK and the handle",
          c2d_world_add_checked(w, rectd(0, 0, 1, 1), 0, &id) == C2D_OK && id != 0);
    CHECK("add_checked names a NaN", c2d_world_add_checked(w, rectd(0.0 / 0.0, 0, 1, 1), 0, &id) == C2D_ERR_INVALID && id == 0);
    CHECK("add_checked on NULL", c2d_world_add_checked(NULL, rectd(0, 0, 1, 1), 0, &id) == C2D_ERR_NULL);
    CHECK("a full world has its own words",
          strstr(c2d_status_str(C2D_ERR_FULL), "full") != NULL &&
              strcmp(c2d_status_str(C2D_ERR_FULL), c2d_status_str(C2D_ERR_INVALID)) != 0);
    CHECK("capacity macro", C2D_WORLD_CAPACITY == 4194304);
    c2d_world_free(w);
}

static void test_player_on_a_platform(void) {
    /* Decimal coordinates as a game has them: the player's feet exactly on the platform's
     * top in doubles. Moving down by 1 lands at once and stays. */
    static const double tops[] = {99.9, 0.3, -17.45, 1234.56, 0.1 + 0.2};
    static const double heights[] = {32.1, 0.7, 10.0, 48.25, 1.1};
    unsigned i;
    for (i = 0; i < sizeof tops / sizeof tops[0]; i++) {
        c2d_world *w = c2d_world_new_d(32.0);
        double y = tops[i] - heights[i];
        uint64_t platform = c2d_world_add_d(w, rectd(-100, tops[i], 400, 20), 0);
        uint64_t player = c2d_world_add_d(w, rectd(10.5, y, 16, heights[i]), 0);
        c2d_vec2d end;
        c2d_world_hitd hits[4];
        size_t n = 0;
        c2d_rectd q = rectd(10.5, y, 16, heights[i]);
        uint64_t found[4];
        size_t overlapping = c2d_world_query_rect_d(w, q, UINT64_MAX, found, 4);
        CASE("standing on a platform");
        ENSURE(c2d_world_move_d(w, player, vec2d(10.5, y + 1.0), NULL, NULL, &end, hits, 4, &n) == C2D_OK);
        ENSURE(end.x == 10.5);
        if (overlapping == 1) {
            /* Touching in the game's own numbers: a landing, not a fall into it. */
            ENSURE(end.y == y && n == 1 && hits[0].id == platform && !hits[0].overlaps);
            ENSURE(hits[0].hit.normal.y == -1.0 && hits[0].response == C2D_SLIDE);
        } else {
            /* y + h rounded above the top: it started inside, and leaves upwards. */
            ENSURE(n >= 1 && hits[0].overlaps && end.y <= y);
        }
        c2d_world_free(w);
    }
}

static void test_start_inside(void) {
    /* A 10x10 box inside a 20x20 obstacle moving by (30, 30), as bump.lua answers. */
    static const c2d_response responses[] = {C2D_TOUCH, C2D_SLIDE, C2D_BOUNCE, C2D_CROSS};
    static const float want[][2] = {{-15, -15}, {-15, 30}, {-60, 30}, {30, 30}};
    c2d_rect around = rect(-5, -5, 20, 20);
    unsigned i;
    for (i = 0; i < 4; i++) {
        c2d_move_info info;
        c2d_vec2 p = c2d_move_rect(rect(0, 0, 10, 10), vec2(30, 30), &around, 1, responses[i], &info);
        c2d_world *w = c2d_world_new(8.0f);
        uint64_t box = c2d_world_add(w, rect(0, 0, 10, 10), 0);
        uint64_t obstacle = c2d_world_add(w, around, 0);
        c2d_vec2 end;
        c2d_world_hit hit;
        size_t n = 0;
        c2d_status st;
        c2d_response r = responses[i];
        CASE("move_rect from inside an obstacle");
        ENSURE(p.x == want[i][0] && p.y == want[i][1] && info.count == 1 && info.first == 0);
        ENSURE(info.first_hit.pos.x == -15.0f && info.first_hit.pos.y == -15.0f && info.first_hit.t == 0.0f);
        CASE("world move from inside an item");
        (void)r;
        st = c2d_world_move(w, box, vec2(30, 30), NULL, NULL, &end, &hit, 1, &n);
        if (responses[i] == C2D_SLIDE) {
            ENSURE(st == C2D_OK && end.x == -15.0f && end.y == 30.0f && n == 1 && hit.id == obstacle);
        }
        c2d_world_free(w);
    }
}

static c2d_response respond_with(uint64_t item, uint64_t other, void *ctx) {
    (void)item;
    (void)other;
    return *(const c2d_response *)ctx;
}

static void test_check_and_project(void) {
    c2d_world *w = c2d_world_new_d(16.0);
    uint64_t me = c2d_world_add_d(w, rectd(0, 0, 4, 4), 0);
    uint64_t near_wall = c2d_world_add_d(w, rectd(10, -10, 2, 30), 0);
    uint64_t far_wall = c2d_world_add_d(w, rectd(20, -10, 2, 30), 0);
    uint64_t inside = c2d_world_add_d(w, rectd(2, 2, 4, 4), 0);
    c2d_world_hitd hits[8];
    size_t n = 0;
    c2d_vec2d end;
    c2d_rectd got;
    c2d_response cross = C2D_CROSS;
    CASE("project lists every item on the straight path, the overlapped one first");
    ENSURE(c2d_world_project_d(w, me, rectd(0, 0, 4, 4), vec2d(30, 0), NULL, NULL, hits, 8, &n) == C2D_OK);
    ENSURE(n == 3 && hits[0].id == inside && hits[0].overlaps && hits[0].hit.t < 0);
    ENSURE(hits[1].id == near_wall && hits[2].id == far_wall && hits[1].hit.t < hits[2].hit.t);
    ENSURE(hits[1].hit.pos.x == 6.0 && hits[1].hit.normal.x == -1.0);
    CASE("project with no item and a filter");
    ENSURE(c2d_world_project_d(w, 0, rectd(0, 0, 4, 4), vec2d(30, 0), respond_with, &cross, hits, 8, &n) == C2D_OK);
    ENSURE(n == 4 && hits[0].response == C2D_CROSS);
    CASE("project in f32");
    {
        c2d_world_hit h32[8];
        c2d_rect r32 = rect(0, 0, 4, 4);
        ENSURE(c2d_world_project(w, me, r32, vec2(30, 0), NULL, NULL, h32, 8, &n) == C2D_OK);
        ENSURE(n == 3 && h32[0].id == inside && h32[0].hit.t == 0.0f && h32[1].hit.pos.x == 6.0f);
    }
    CASE("check moves nothing");
    ENSURE(c2d_world_check_d(w, me, vec2d(30, 0), respond_with, &cross, &end, hits, 8, &n) == C2D_OK);
    ENSURE(end.x == 30.0 && n == 3);
    ENSURE(c2d_world_get_d(w, me, &got, NULL) == C2D_OK && got.x == 0.0);
    CASE("project with a stale item");
    c2d_world_remove(w, inside);
    ENSURE(c2d_world_project_d(w, inside, rectd(0, 0, 4, 4), vec2d(30, 0), NULL, NULL, hits, 8, &n) == C2D_ERR_STALE);
    c2d_world_free(w);
}

static void test_categories(void) {
    c2d_world *w = c2d_world_new_d(16.0);
    uint64_t player = c2d_world_add_d(w, rectd(0, 0, 4, 4), 0);
    uint64_t ghost_wall = c2d_world_add_d(w, rectd(10, -10, 2, 30), 0);
    uint64_t wall = c2d_world_add_d(w, rectd(20, -10, 2, 30), 0);
    uint64_t overlapping, cat = 0, mask = 0, out[4];
    c2d_vec2d end;
    c2d_pair pairs[4];
    /* The player (category 2) passes walls of category 4 it does not collide with. */
    CHECK("defaults", c2d_world_get_category(w, player, &cat, &mask) == C2D_OK && cat == 1 && mask == UINT64_MAX);
    c2d_world_set_category(w, player, 2, ~(uint64_t)4);
    c2d_world_set_category(w, ghost_wall, 4, UINT64_MAX);
    CHECK("stale handle", c2d_world_set_category(w, 0, 1, 1) == C2D_ERR_STALE);
    CHECK("the move skips what it does not interact with",
          c2d_world_move_d(w, player, vec2d(30, 0), NULL, NULL, &end, NULL, 0, NULL) == C2D_OK && end.x == 16.0);
    (void)wall;
    c2d_world_update_d(w, player, rectd(0, 0, 4, 4));
    overlapping = c2d_world_add_d(w, rectd(1, 1, 1, 1), 0);
    CHECK("pairs honour categories", c2d_world_pairs(w, pairs, 4) == 1 && (pairs[0].a == overlapping || pairs[0].b == overlapping));
    c2d_world_set_category(w, overlapping, 8, 1);
    CHECK("one-sided masks do not interact", c2d_world_pairs(w, pairs, 4) == 0);
    CHECK("query masks", c2d_world_query_rect_d(w, rectd(-50, -50, 100, 100), 4, out, 4) == 1 && out[0] == ghost_wall);
    c2d_world_free(w);
}

struct remover {
    c2d_world *w;
    uint64_t victim;
};

static c2d_response remove_other(uint64_t item, uint64_t other, void *ctx) {
    struct remover *r = (struct remover *)ctx;
    (void)item;
    c2d_world_remove(r->w, other);
    return C2D_SLIDE;
}

static c2d_response remove_mover(uint64_t item, uint64_t other, void *ctx) {
    struct remover *r = (struct remover *)ctx;
    (void)other;
    c2d_world_remove(r->w, item);
    return C2D_SLIDE;
}

static void test_filters_that_change_the_world(void) {
    c2d_world *w = c2d_world_new_d(8.0);
    uint64_t me = c2d_world_add_d(w, rectd(0, 0, 4, 4), 0);
    uint64_t door = c2d_world_add_d(w, rectd(10, -10, 2, 30), 0);
    struct remover r;
    c2d_vec2d end;
    c2d_world_hitd hits[4];
    size_t n = 9;
    r.w = w;
    r.victim = door;
    CASE("a filter that opens the door it is asked about");
    ENSURE(c2d_world_move_d(w, me, vec2d(20, 0), remove_other, &r, &end, hits, 4, &n) == C2D_OK);
    ENSURE(end.x == 20.0 && n == 0);
    ENSURE(c2d_world_get_d(w, door, NULL, NULL) == C2D_ERR_STALE);
    CASE("a filter that removes the mover");
    c2d_world_add_d(w, rectd(30, -10, 2, 30), 0);
    ENSURE(c2d_world_move_d(w, me, vec2d(40, 0), remove_mover, &r, &end, hits, 4, &n) == C2D_ERR_STALE);
    c2d_world_free(w);
}

static void test_segments_end_on_a_face(void) {
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t item = c2d_world_add(w, rect(110, -5, 5, 10), 0);
    c2d_world_hit hit;
    c2d_segment s;
    s.a = vec2(0, 0);
    s.b = vec2(110, 0);
    CHECK("a segment ending exactly on an item's face meets it",
          c2d_world_query_segment(w, s, &hit, 1) == 1 && hit.id == item && hit.hit.t == 1.0f);
    s.a = vec2(1e9f, 0);
    s.b = vec2(100, 0);
    CHECK("a long segment from far away meets the item near its end",
          c2d_world_query_segment(w, s, &hit, 1) == 1 && hit.id == item);
    s.a = vec2(1.0f / 0.0f, 0);
    CHECK("a non-finite segment meets nothing", c2d_world_query_segment(w, s, NULL, 0) == 0);
    c2d_world_free(w);
}

void test_world_d(void) {
    RUN_TEST(test_kept_as_given);
    RUN_TEST(test_player_on_a_platform);
    RUN_TEST(test_start_inside);
    RUN_TEST(test_check_and_project);
    RUN_TEST(test_categories);
    RUN_TEST(test_filters_that_change_the_world);
    RUN_TEST(test_segments_end_on_a_face);
}
