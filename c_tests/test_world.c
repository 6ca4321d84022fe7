/* The world (c2d_world_*) from C: handles, strict queries, the capacity contract, pairs, moves,
 * NULL worlds. Entry point: test_world(), counted by the harness. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* A game despawning a bullet and spawning the next every frame: the world reuses the bullet's slot
 * for ever (1.2 retired a slot after 1,024 reuses), handles never repeat and old ones stay stale.
 * The slot shows in the handle order: the bullet, added before the wall, stays before it. */
static void test_a_slot_reused_by_thousands_of_bullets(void) {
    enum { CYCLES = 5000 };
    static uint64_t seen[CYCLES];
    c2d_world *w = c2d_world_new(16.0f);
    uint64_t bullet = c2d_world_add(w, rect(0, 0, 2, 2), 0);
    uint64_t wall = c2d_world_add(w, rect(1, 0, 8, 8), 0);
    uint64_t found[3] = {0, 0, 0};
    int i, fresh = 1, stale = 1, before = 1;
    for (i = 0; i < CYCLES; i++) {
        int k;
        uint64_t next;
        c2d_world_remove(w, bullet);
        next = c2d_world_add(w, rect((float)(i % 7), 0, 2, 2), 0);
        for (k = 0; k < i; k++) {
            fresh &= seen[k] != next;
        }
        seen[i] = next;
        stale &= c2d_world_get(w, bullet, NULL, NULL) == C2D_ERR_STALE;
        before &= next != 0 && next < wall;
        bullet = next;
    }
    CHECK("every bullet gets a handle no earlier bullet had", fresh);
    CHECK("the despawned bullets' handles stay stale", stale);
    CHECK("the bullet keeps its slot, before the wall's", before);
    CHECK("a query lists the bullet, then the wall",
          c2d_world_query_rect(w, rect(0, 0, 10, 10), found, 3) == 2 && found[0] == bullet && found[1] == wall);
    c2d_world_free(w);
}

/* Counting the pairs of a crowd in one cell (`NULL, 0`, as a game asks how many before it makes
 * room) gives as many as listing them does, and as many as a brute-force count; the crowd has far
 * more pairs than the count keeps at once, so the count does not cost memory per pair. */
static void test_counting_the_pairs_of_a_crowd(void) {
    enum { N = 1000 };
    static c2d_rect rs[N];
    static c2d_pair listed[N * (N - 1) / 2 + 1];
    c2d_world *w = c2d_world_new(1024.0f);
    size_t i, j, want = 0, counted, got;
    uint64_t seed = 0x5eed;
    for (i = 0; i < N; i++) {
        float x, y;
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        x = (float)((seed >> 33) % 400) / 4.0f;
        y = (float)((seed >> 13) % 400) / 4.0f;
        rs[i] = rect(x, y, 40, 40);
        c2d_world_add(w, rs[i], 0);
    }
    for (i = 0; i < N; i++) {
        for (j = i + 1; j < N; j++) {
            want += c2d_overlap_rect_rect(rs[i], rs[j]);
        }
    }
    counted = c2d_world_pairs(w, NULL, 0);
    got = c2d_world_pairs(w, listed, sizeof listed / sizeof listed[0]);
    CHECK("the crowd has many pairs", want > 100000);
    CHECK("counting finds every pair", counted == want);
    CHECK("listing finds as many", got == want);
    c2d_world_free(w);
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

/* Random sequences of add / update / remove / move against a brute-force model: a deterministic
 * PRNG drives ~5000 operations on coarse-grid rects (multiples of 0.25, zero and negative sizes,
 * now and then a 1000-unit one) and every RS_EVERY operations the world's count, items, queries,
 * pairs and capacity contract are compared with the model's arrays. */
#define RS_MAX 300
#define RS_OPS 5000
#define RS_EVERY 25
#define RS_DEAD 64
#define RS_PAIRS (RS_MAX * (RS_MAX - 1) / 2)
#define RS_SLACK 4
#define RS_CANARY UINT64_C(0xC0FFEE0DDBA11)

static uint64_t rs_state;
static int rs_op;
static int rs_reported;

/* splitmix64. */
static uint64_t rs_next(void) {
    uint64_t z = (rs_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint32_t rs_below(uint32_t n) {
    return (uint32_t)(rs_next() % n);
}

/* A multiple of 0.25 in [-200, 200]. */
static float rs_coord(void) {
    return (float)((int)rs_below(1601) - 800) * 0.25f;
}

/* A multiple of 0.25 in [0, 40], zero about one time in eight, negated about one in eight. */
static float rs_size(void) {
    uint32_t k = rs_below(8);
    float s = (float)rs_below(161) * 0.25f;
    if (k == 0) {
        return 0.0f;
    }
    return k == 1 ? -s : s;
}

static c2d_rect rs_rect(void) {
    if (rs_below(60) == 0) {
        float x = rs_coord(), y = rs_coord();
        return rect(x, y, rs_below(2) ? 1000.0f : -1000.0f, rs_below(2) ? 1000.0f : rs_size());
    }
    {
        float x = rs_coord(), y = rs_coord();
        return rect(x, y, rs_size(), rs_size());
    }
}

static int rs_same_rect(c2d_rect a, c2d_rect b) {
    return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

static int rs_cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int rs_cmp_pair(const void *a, const void *b) {
    const c2d_pair *x = (const c2d_pair *)a, *y = (const c2d_pair *)b;
    if (x->a != y->a) {
        return x->a < y->a ? -1 : 1;
    }
    return x->b < y->b ? -1 : x->b > y->b;
}

/* A labelled check that also says, for the first few failures, at which operation it broke. */
static void rs_check(const char *label, int ok) {
    CHECK(label, ok);
    if (!ok && rs_reported < 10) {
        rs_reported++;
        printf("  random sequences: '%s' failed after operation %d\n", label, rs_op);
    }
}

/* The model reads touching as an f32 world does: two faces within one unit in the last place of
 * the largest finite coordinate or size involved on that axis are the same face, so shapes
 * overlap only by more than that band on both axes. The grid values here never come that close,
 * but the contact points of diagonal slides do. Computed in doubles, exact for these floats. */
static double rs_ulp(double m) {
    int e;
    if (!(m > 0.0)) {
        return ldexp(1.0, -149);
    }
    (void)frexp(m, &e);
    return ldexp(1.0, e - 24 < -149 ? -149 : e - 24);
}

static double rs_max_finite(double a, double b, double c, double d) {
    double v[4], m = 0.0;
    int i;
    v[0] = a, v[1] = b, v[2] = c, v[3] = d;
    for (i = 0; i < 4; i++) {
        if (isfinite(v[i]) && fabs(v[i]) > m) {
            m = fabs(v[i]);
        }
    }
    return m;
}

/* Whether spans lo..hi of two shapes overlap by more than `band` (a span may be given reversed). */
static int rs_span_overlap(double a0, double a1, double b0, double b1, double band) {
    double alo = a0 < a1 ? a0 : a1, ahi = a0 < a1 ? a1 : a0, blo = b0 < b1 ? b0 : b1, bhi = b0 < b1 ? b1 : b0;
    return bhi - alo > band && ahi - blo > band;
}

static int rs_overlap(c2d_rect a, c2d_rect b) {
    double bx = rs_ulp(rs_max_finite(a.x, a.w, b.x, b.w)), by = rs_ulp(rs_max_finite(a.y, a.h, b.y, b.h));
    return rs_span_overlap(a.x, (double)a.x + a.w, b.x, (double)b.x + b.w, bx) &&
           rs_span_overlap(a.y, (double)a.y + a.h, b.y, (double)b.y + b.h, by);
}

/* A circle overlaps a rect as the exact predicate says, and where it meets a face (its centre
 * within the rect's span across that face), by more than the band across it. */
static int rs_overlap_circle(c2d_rect a, c2d_circle c) {
    double x0 = a.w < 0 ? (double)a.x + a.w : a.x, x1 = a.w < 0 ? a.x : (double)a.x + a.w;
    double y0 = a.h < 0 ? (double)a.y + a.h : a.y, y1 = a.h < 0 ? a.y : (double)a.y + a.h;
    double bx = rs_ulp(rs_max_finite(a.x, a.w, c.x, c.r)), by = rs_ulp(rs_max_finite(a.y, a.h, c.y, c.r));
    if (!c2d_overlap_rect_circle(a, c)) {
        return 0;
    }
    if (c.y >= y0 && c.y <= y1 && !rs_span_overlap(x0, x1, (double)c.x - c.r, (double)c.x + c.r, bx)) {
        return 0;
    }
    return !(c.x >= x0 && c.x <= x1 && !rs_span_overlap(y0, y1, (double)c.y - c.r, (double)c.y + c.r, by));
}

/* The model. */
static uint64_t rs_ids[RS_MAX];
static c2d_rect rs_rects[RS_MAX];
static uint64_t rs_users[RS_MAX];
static size_t rs_n;
static uint64_t rs_dead[RS_DEAD];
static size_t rs_ndead;

/* Buffers: what the model expects, what the world wrote (with room for canaries). */
static uint64_t rs_want[RS_MAX];
static uint64_t rs_got[RS_MAX + RS_SLACK];
static c2d_pair rs_wantp[RS_PAIRS];
static c2d_pair rs_gotp[RS_PAIRS + RS_SLACK];

enum rs_query { RS_Q_RECT, RS_Q_POINT, RS_Q_CIRCLE };

/* Runs one query of kind `q` against the world and the model: same total, same set in ascending
 * order, nothing past the total; then again with a cap below the total (canaries after it). */
static void rs_compare_query(c2d_world *w, enum rs_query q, const char *label, const char *cap_label) {
    c2d_rect qr = rs_rect();
    c2d_vec2 qp = vec2(rs_coord(), rs_coord());
    c2d_circle qc = circle(rs_coord(), rs_coord(), rs_below(10) == 0 ? -1.0f : (float)rs_below(161) * 0.25f);
    size_t i, want_n = 0, n, cap;
    int ok;

    for (i = 0; i < rs_n; i++) {
        int hit = q == RS_Q_RECT    ? rs_overlap(rs_rects[i], qr)
                  : q == RS_Q_POINT ? rs_overlap(rs_rects[i], rect(qp.x, qp.y, 0, 0))
                                    : rs_overlap_circle(rs_rects[i], qc);
        if (hit) {
            rs_want[want_n++] = rs_ids[i];
        }
    }
    qsort(rs_want, want_n, sizeof rs_want[0], rs_cmp_u64);

    for (i = 0; i < RS_MAX + RS_SLACK; i++) {
        rs_got[i] = RS_CANARY;
    }
    n = q == RS_Q_RECT    ? c2d_world_query_rect(w, qr, rs_got, RS_MAX + RS_SLACK)
        : q == RS_Q_POINT ? c2d_world_query_point(w, qp, rs_got, RS_MAX + RS_SLACK)
                          : c2d_world_query_circle(w, qc, rs_got, RS_MAX + RS_SLACK);
    ok = n == want_n;
    for (i = 0; ok && i < want_n; i++) {
        ok = rs_got[i] == rs_want[i];
    }
    for (i = want_n; ok && i < RS_MAX + RS_SLACK; i++) {
        ok = rs_got[i] == RS_CANARY;
    }
    rs_check(label, ok);

    if (want_n == 0) {
        return;
    }
    cap = rs_below((uint32_t)want_n);
    for (i = 0; i < cap + RS_SLACK; i++) {
        rs_got[i] = RS_CANARY;
    }
    {
        uint64_t *out = cap == 0 && rs_below(2) ? NULL : rs_got;
        n = q == RS_Q_RECT    ? c2d_world_query_rect(w, qr, out, cap)
            : q == RS_Q_POINT ? c2d_world_query_point(w, qp, out, cap)
                              : c2d_world_query_circle(w, qc, out, cap);
    }
    ok = n == want_n;
    for (i = 0; ok && i < cap; i++) {
        ok = rs_got[i] == rs_want[i];
    }
    for (i = cap; ok && i < cap + RS_SLACK; i++) {
        ok = rs_got[i] == RS_CANARY;
    }
    rs_check(cap_label, ok);
}

static void rs_compare_pairs(const c2d_world *w) {
    size_t i, j, want_n = 0, n, cap;
    int ok;

    for (i = 0; i < rs_n; i++) {
        for (j = i + 1; j < rs_n; j++) {
            if (rs_overlap(rs_rects[i], rs_rects[j])) {
                c2d_pair p;
                p.a = rs_ids[i] < rs_ids[j] ? rs_ids[i] : rs_ids[j];
                p.b = rs_ids[i] < rs_ids[j] ? rs_ids[j] : rs_ids[i];
                rs_wantp[want_n++] = p;
            }
        }
    }
    qsort(rs_wantp, want_n, sizeof rs_wantp[0], rs_cmp_pair);

    for (i = 0; i < want_n + RS_SLACK; i++) {
        rs_gotp[i].a = rs_gotp[i].b = RS_CANARY;
    }
    n = c2d_world_pairs(w, rs_gotp, RS_PAIRS + RS_SLACK);
    ok = n == want_n;
    for (i = 0; ok && i < want_n; i++) {
        ok = rs_gotp[i].a == rs_wantp[i].a && rs_gotp[i].b == rs_wantp[i].b && rs_gotp[i].a < rs_gotp[i].b;
    }
    for (i = want_n; ok && i < want_n + RS_SLACK; i++) {
        ok = rs_gotp[i].a == RS_CANARY && rs_gotp[i].b == RS_CANARY;
    }
    rs_check("random: pairs match the model, ascending (a, b), a < b", ok);

    if (want_n == 0) {
        return;
    }
    cap = rs_below((uint32_t)want_n);
    for (i = 0; i < cap + RS_SLACK; i++) {
        rs_gotp[i].a = rs_gotp[i].b = RS_CANARY;
    }
    n = c2d_world_pairs(w, cap == 0 && rs_below(2) ? NULL : rs_gotp, cap);
    ok = n == want_n;
    for (i = 0; ok && i < cap; i++) {
        ok = rs_gotp[i].a == rs_wantp[i].a && rs_gotp[i].b == rs_wantp[i].b;
    }
    for (i = cap; ok && i < cap + RS_SLACK; i++) {
        ok = rs_gotp[i].a == RS_CANARY && rs_gotp[i].b == RS_CANARY;
    }
    rs_check("random: pairs with a cap below the total (prefix, canaries, full total)", ok);
}

static void rs_compare(c2d_world *w) {
    size_t i;
    int ok = 1;
    int k;

    rs_check("random: count matches the model", c2d_world_count(w) == rs_n);
    for (i = 0; ok && i < rs_n; i++) {
        c2d_rect r;
        uint64_t user = 0;
        ok = c2d_world_get(w, rs_ids[i], &r, &user) == C2D_OK && rs_same_rect(r, rs_rects[i]) && user == rs_users[i];
    }
    rs_check("random: every live item reads back its rect and user", ok);
    ok = 1;
    for (i = 0; ok && i < rs_ndead; i++) {
        ok = c2d_world_get(w, rs_dead[i], NULL, NULL) == C2D_ERR_STALE;
    }
    rs_check("random: removed handles stay stale after slot reuse", ok);

    for (k = 0; k < 3; k++) {
        rs_compare_query(w, RS_Q_RECT, "random: query_rect matches the model", "random: query_rect with a cap below the total");
        rs_compare_query(w, RS_Q_POINT, "random: query_point matches the model", "random: query_point with a cap below the total");
        rs_compare_query(w, RS_Q_CIRCLE, "random: query_circle matches the model", "random: query_circle with a cap below the total");
    }
    rs_compare_pairs(w);
}

static void rs_remove(c2d_world *w, size_t i) {
    uint64_t id = rs_ids[i];
    c2d_rect r = rect(1, 2, 3, 4);
    uint64_t user = 99;
    c2d_vec2 actual = vec2(5, 6);
    size_t count = 7;

    rs_check("random: remove", c2d_world_remove(w, id) == C2D_OK);
    rs_n--;
    rs_ids[i] = rs_ids[rs_n];
    rs_rects[i] = rs_rects[rs_n];
    rs_users[i] = rs_users[rs_n];
    rs_check("random: removed handle is stale (get, nothing written)",
             c2d_world_get(w, id, &r, &user) == C2D_ERR_STALE && r.x == 1.0f && r.h == 4.0f && user == 99);
    rs_check("random: removed handle is stale (update)", c2d_world_update(w, id, rs_rect()) == C2D_ERR_STALE);
    rs_check("random: removed handle is stale (remove)", c2d_world_remove(w, id) == C2D_ERR_STALE);
    rs_check("random: removed handle is stale (move, nothing written)",
             c2d_world_move(w, id, vec2(0, 0), NULL, NULL, &actual, NULL, 0, &count) == C2D_ERR_STALE &&
                 actual.x == 5.0f && count == 7);
    rs_dead[rs_ndead < RS_DEAD ? rs_ndead++ : rs_below(RS_DEAD)] = id;
}

static void rs_move(c2d_world *w, size_t i) {
    static unsigned char before[RS_MAX];
    c2d_rect start = rs_rects[i], r;
    c2d_vec2 goal, actual;
    size_t j, count = 12345;
    int ok;

    if (rs_below(4) == 0) {
        goal = vec2(rs_coord(), rs_coord());
    } else {
        goal = vec2(start.x + (float)((int)rs_below(481) - 240) * 0.25f, start.y + (float)((int)rs_below(481) - 240) * 0.25f);
    }
    for (j = 0; j < rs_n; j++) {
        before[j] = (unsigned char)rs_overlap(start, rs_rects[j]);
    }
    rs_check("random: move (NULL filter) succeeds",
             c2d_world_move(w, rs_ids[i], goal, NULL, NULL, &actual, NULL, 0, &count) == C2D_OK);
    ok = c2d_world_get(w, rs_ids[i], &r, NULL) == C2D_OK;
    rs_check("random: get after move gives the final position, same size",
             ok && r.x == actual.x && r.y == actual.y && r.w == start.w && r.h == start.h);
    rs_rects[i] = r;
    rs_check("random: a move without hits ends at the goal",
             count == 12345 || count > 0 || (actual.x == goal.x && actual.y == goal.y));
    ok = 1;
    for (j = 0; ok && j < rs_n; j++) {
        ok = j == i || before[j] || !rs_overlap(r, rs_rects[j]);
    }
    rs_check("random: a sliding move ends overlapping nothing it did not overlap at the start", ok);
}

static void test_random_sequences(void) {
    c2d_world *w = c2d_world_new(16.0f);
    int op;

    rs_state = UINT64_C(0x5EED0F0C0111DE2D);
    rs_n = 0;
    rs_ndead = 0;
    rs_reported = 0;
    CHECK("random: world made", w != NULL);
    if (w == NULL) {
        return;
    }
    for (op = 1; op <= RS_OPS; op++) {
        /* Phases of 1000 operations: mostly growing, then mostly shrinking (down to empty). */
        uint32_t add_pct = (op / 1000) % 2 == 0 ? 45 : 15;
        uint32_t remove_pct = (op / 1000) % 2 == 0 ? 15 : 45;
        uint32_t roll = rs_below(100);
        rs_op = op;

        if (rs_n == 0 || (roll < add_pct && rs_n < RS_MAX)) {
            c2d_rect r = rs_rect();
            uint64_t user = rs_next();
            uint64_t id = c2d_world_add(w, r, user);
            size_t j;
            int fresh = id != 0;
            for (j = 0; fresh && j < rs_n; j++) {
                fresh = rs_ids[j] != id;
            }
            for (j = 0; fresh && j < rs_ndead; j++) {
                fresh = rs_dead[j] != id;
            }
            rs_check("random: add gives a fresh non-zero handle", fresh);
            rs_ids[rs_n] = id;
            rs_rects[rs_n] = r;
            rs_users[rs_n] = user;
            rs_n++;
        } else if (roll < add_pct + remove_pct) {
            rs_remove(w, rs_below((uint32_t)rs_n));
        } else if (roll < add_pct + remove_pct + 15) {
            size_t i = rs_below((uint32_t)rs_n);
            c2d_rect r = rs_rect();
            rs_check("random: update", c2d_world_update(w, rs_ids[i], r) == C2D_OK);
            rs_rects[i] = r;
        } else {
            rs_move(w, rs_below((uint32_t)rs_n));
        }
        if (op % RS_EVERY == 0) {
            rs_compare(w);
        }
    }
    c2d_world_free(w);
}

void test_world(void) {
    th_test = "world: lifecycle";
    test_lifecycle();
    th_test = "world: a slot reused by thousands of bullets";
    test_a_slot_reused_by_thousands_of_bullets();
    th_test = "world: counting the pairs of a crowd";
    test_counting_the_pairs_of_a_crowd();
    th_test = "world: queries and capacity";
    test_queries_and_capacity();
    th_test = "world: move";
    test_move();
    th_test = "world: NULL world";
    test_null_world();
    th_test = "world: random sequences";
    test_random_sequences();
}
