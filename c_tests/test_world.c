/* The world (c2d_world_*) from C: handles, strict queries, the capacity contract, pairs, moves,
 * NULL worlds. Entry point: test_world(), counted by the harness. */
#include <stdio.h>
#include <string.h>

#include "test_macros.h"

/* A labelled check: the label names the scenario. */
#define CHECK(label, cond) (CASE(label), ENSURE(cond))

static void test_lifecycle(void) {
    c2d_world *w = c2d_world_new(16.0f);
    c2d_world *other = c2d_world_new(16.0f);
    c2d_rect got;
    uint64_t user = 0;
    uint64_t a, b, c, foreign;

    CHECK("cell size 0 is refused", c2d_world_new(0.0f) == NULL);
    CHECK("negative cell size is refused", c2d_world_new(-4.0f) == NULL);
    CHECK("world made", w != NULL && other != NULL);
    c2d_world_free(NULL);

    a = c2d_world_add(w, rect(0, 0, 10, 10), 42);
    b = c2d_world_add(w, rect(5, 5, 10, 10), 43);
    CHECK("handles are never 0", a != 0 && b != 0 && a != b);
    CHECK("count", c2d_world_count(w) == 2);
    CHECK("get", c2d_world_get(w, a, &got, &user) == C2D_OK && user == 42 && got.w == 10.0f);
    CHECK("get with NULL outputs", c2d_world_get(w, a, NULL, NULL) == C2D_OK);
    CHECK("update", c2d_world_update(w, a, rect(1, 2, 3, 4)) == C2D_OK);
    CHECK("get after update", c2d_world_get(w, a, &got, NULL) == C2D_OK && got.x == 1.0f && got.h == 4.0f);

    CHECK("remove", c2d_world_remove(w, a) == C2D_OK);
    CHECK("removed handle is stale (get)", c2d_world_get(w, a, &got, &user) == C2D_ERR_STALE);
    CHECK("removed handle is stale (remove)", c2d_world_remove(w, a) == C2D_ERR_STALE);
    CHECK("removed handle is stale (update)", c2d_world_update(w, a, rect(0, 0, 1, 1)) == C2D_ERR_STALE);
    c = c2d_world_add(w, rect(0, 0, 1, 1), 7);
    CHECK("a reused slot gets a new handle", c != 0 && c != a);
    CHECK("handle 0 is stale", c2d_world_get(w, 0, NULL, NULL) == C2D_ERR_STALE);

    foreign = c2d_world_add(other, rect(0, 0, 1, 1), 0);
    CHECK("another world's handle is stale", c2d_world_get(w, foreign, NULL, NULL) == C2D_ERR_STALE);
    CHECK("and cannot remove here", c2d_world_remove(w, foreign) == C2D_ERR_STALE && c2d_world_count(w) == 2);

    {
        float nan = 0.0f / 0.0f;
        CHECK("NaN rect is not added", c2d_world_add(w, rect(nan, 0, 1, 1), 0) == 0);
        CHECK("NaN update is invalid", c2d_world_update(w, b, rect(0, nan, 1, 1)) == C2D_ERR_INVALID);
    }
    c2d_world_free(w);
    c2d_world_free(other);
}

static void test_queries_and_capacity(void) {
    c2d_world *w = c2d_world_new(8.0f);
    uint64_t ids[10];
    uint64_t out[16];
    c2d_world_hit hits[16];
    c2d_pair pairs[64];
    size_t i, n, cap;
    int canary_ok;

    for (i = 0; i < 10; i++) {
        ids[i] = c2d_world_add(w, rect((float)i * 4.0f, 0, 5, 5), (uint64_t)i);
    }
    /* Capacity: nothing written past cap; the total comes back whatever the cap. */
    for (cap = 0; cap <= 12; cap++) {
        for (i = 0; i < 16; i++) {
            out[i] = 0xCAFEu;
        }
        n = c2d_world_query_rect(w, rect(-100, -100, 200, 200), out, cap);
        canary_ok = 1;
        for (i = 0; i < 16; i++) {
            if (i < cap && i < 10) {
                canary_ok &= out[i] == ids[i];
            } else {
                canary_ok &= out[i] == 0xCAFEu;
            }
        }
        CHECK("query_rect total and canaries", n == 10 && canary_ok);
    }
    CHECK("NULL out with cap 0 counts", c2d_world_query_rect(w, rect(-100, -100, 200, 200), NULL, 0) == 10);

    /* Strict: touching is not found. Item 0 spans 0..5, item 1 spans 4..9. */
    CHECK("point on an edge is not inside", c2d_world_query_point(w, vec2(5.0f, 1.0f), out, 16) == 1 && out[0] == ids[1]);
    CHECK("point inside two", c2d_world_query_point(w, vec2(4.5f, 1.0f), out, 16) == 2 && out[0] == ids[0] && out[1] == ids[1]);
    CHECK("rect touching the left edge is not found", c2d_world_query_rect(w, rect(-3, 0, 3, 3), out, 16) == 0);
    {
        c2d_circle cc;
        cc.x = -2.0f;
        cc.y = 2.0f;
        cc.r = 2.0f;
        CHECK("circle touching is not found", c2d_world_query_circle(w, cc, out, 16) == 0);
        cc.r = 2.0f + 1.0f / 256.0f;
        CHECK("circle overlapping is found", c2d_world_query_circle(w, cc, out, 16) == 1 && out[0] == ids[0]);
    }

    /* Pairs: neighbours overlap by one unit: 9 pairs, ascending. */
    n = c2d_world_pairs(w, pairs, 64);
    CHECK("pairs total", n == 9);
    canary_ok = 1;
    for (i = 0; i + 1 < 10; i++) {
        canary_ok &= pairs[i].a == ids[i] && pairs[i].b == ids[i + 1];
    }
    CHECK("pairs ascending, a < b", canary_ok);
    pairs[3].a = 77;
    CHECK("pairs with small cap", c2d_world_pairs(w, pairs, 3) == 9 && pairs[3].a == 77);

    /* Segment: sorted by t, canaries after the total. */
    {
        c2d_segment s;
        s.a = vec2(-10.0f, 1.0f);
        s.b = vec2(30.0f, 1.0f);
        for (i = 0; i < 16; i++) {
            hits[i].id = 0xCAFEu;
        }
        n = c2d_world_query_segment(w, s, hits, 4);
        CHECK("segment total", n == 8);
        CHECK("segment first hit", hits[0].id == ids[0] && hits[0].hit.t == 0.25f && hits[0].hit.normal.x == -1.0f);
        CHECK("segment order", hits[1].id == ids[1] && hits[2].id == ids[2] && hits[3].id == ids[3]);
        CHECK("segment canary", hits[4].id == 0xCAFEu);
    }
    c2d_world_free(w);
}

struct filter_ctx {
    uint64_t cross;
    int calls;
};

static c2d_response filter(uint64_t item, uint64_t other, void *ctx) {
    struct filter_ctx *f = (struct filter_ctx *)ctx;
    (void)item;
    f->calls++;
    return other == f->cross ? C2D_CROSS : C2D_TOUCH;
}

static void test_move(void) {
    c2d_world *w = c2d_world_new(8.0f);
    uint64_t item = c2d_world_add(w, rect(0, 0, 4, 4), 0);
    uint64_t a = c2d_world_add(w, rect(10, 0, 2, 4), 0);
    uint64_t b = c2d_world_add(w, rect(20, -10, 2, 40), 0);
    struct filter_ctx ctx;
    c2d_world_hit hits[4];
    c2d_vec2 actual;
    size_t count = 99;
    c2d_rect r;

    ctx.cross = a;
    ctx.calls = 0;
    CHECK("move ok", c2d_world_move(w, item, vec2(40, 0), filter, &ctx, &actual, hits, 4, &count) == C2D_OK);
    CHECK("crossed a, touched b", count == 2 && hits[0].id == a && hits[1].id == b);
    CHECK("stopped flush against b", actual.x == 16.0f && actual.y == 0.0f);
    CHECK("hit normal faces the mover", hits[1].hit.normal.x == -1.0f && hits[1].hit.normal.y == 0.0f);
    CHECK("filter called", ctx.calls >= 2);
    CHECK("item updated", c2d_world_get(w, item, &r, NULL) == C2D_OK && r.x == 16.0f);

    /* NULL filter slides: moving diagonally into b keeps the y motion. */
    CHECK("slide", c2d_world_move(w, item, vec2(30, 10), NULL, NULL, &actual, NULL, 0, &count) == C2D_OK);
    CHECK("slid along b", actual.x == 16.0f && actual.y == 10.0f && count == 1);
    CHECK("move all outputs NULL", c2d_world_move(w, item, vec2(16, 0), NULL, NULL, NULL, NULL, 0, NULL) == C2D_OK);
    CHECK("stale mover", c2d_world_move(w, 12345u, vec2(0, 0), NULL, NULL, &actual, NULL, 0, &count) == C2D_ERR_STALE);
    c2d_world_free(w);
}

static void test_null_world(void) {
    uint64_t out[2] = {7, 7};
    size_t count = 5;
    c2d_circle cc;
    c2d_segment s;
    cc.x = 0;
    cc.y = 0;
    cc.r = 1;
    s.a = vec2(0, 0);
    s.b = vec2(1, 1);
    CHECK("add", c2d_world_add(NULL, rect(0, 0, 1, 1), 0) == 0);
    CHECK("update", c2d_world_update(NULL, 1, rect(0, 0, 1, 1)) == C2D_ERR_NULL);
    CHECK("remove", c2d_world_remove(NULL, 1) == C2D_ERR_NULL);
    CHECK("get", c2d_world_get(NULL, 1, NULL, NULL) == C2D_ERR_NULL);
    CHECK("count", c2d_world_count(NULL) == 0);
    CHECK("query_rect", c2d_world_query_rect(NULL, rect(0, 0, 1, 1), out, 2) == 0);
    CHECK("query_point", c2d_world_query_point(NULL, vec2(0, 0), out, 2) == 0);
    CHECK("query_circle", c2d_world_query_circle(NULL, cc, out, 2) == 0);
    CHECK("query_segment", c2d_world_query_segment(NULL, s, NULL, 0) == 0);
    CHECK("pairs", c2d_world_pairs(NULL, NULL, 0) == 0);
    CHECK("move", c2d_world_move(NULL, 1, vec2(0, 0), NULL, NULL, NULL, NULL, 0, &count) == C2D_ERR_NULL && count == 5);
    CHECK("outputs untouched", out[0] == 7 && out[1] == 7);
    CHECK("status strings", strcmp(c2d_status_str(C2D_OK), "ok") == 0 && c2d_status_str(12345u) != NULL &&
                                c2d_status_str(C2D_ERR_STALE) != c2d_status_str(C2D_ERR_NULL));
}

void test_world(void) {
    th_test = "world: lifecycle";
    test_lifecycle();
    th_test = "world: queries and capacity";
    test_queries_and_capacity();
    th_test = "world: move";
    test_move();
    th_test = "world: NULL world";
    test_null_world();
}
