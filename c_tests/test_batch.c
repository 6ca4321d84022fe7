/* One shape against many, from C: every batch function (c2d_overlap_<q>_<items>,
 * c2d_touch_<q>_<items>, and their _soa forms) answers for each item exactly what the single
 * predicate answers: a bullet against a thousand enemies, a camera against the sprites of an
 * engine's own struct array (the box a field, the stride the struct's size, the array at an odd
 * address), faces meeting exactly on the grid, NaN and infinite fields, counts that are not a
 * multiple of 64, index lists shorter than the hits, and empty or NULL arrays.
 * Entry point: test_batch(), counted by the harness. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test_macros.h"

#define MAXN 1000

/* ---- A small deterministic generator (splitmix64). ---- */
static uint64_t seed;
static uint64_t next_u64(void)
{
    uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static float uniform(float lo, float hi)
{
    return lo + (hi - lo) * (float)((next_u64() >> 40) / 16777216.0);
}
/* Quarters in -8..8, so faces and circles often meet exactly. */
static float grid(void) { return (float)((int)(next_u64() % 65) - 32) / 4.0f; }
static float grid_size(void) { return (float)((int)(next_u64() % 21) - 4) / 4.0f; }
static float odd(void)
{
    static const float v[] = {0.0f, -0.0f, 1e-40f, 1e30f, -1e30f, 3e38f, 1.0e6f, 16384.0f, 0.25f};
    switch (next_u64() % 6) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return v[next_u64() % (sizeof v / sizeof v[0])];
    default: return grid();
    }
}

/* Items in every layout the functions read: plain arrays, float columns, and an engine's
 * structs (the shape one field among others) in a byte buffer at an odd address. */
typedef struct {
    uint8_t tag;
    c2d_rect box;
    uint16_t layer;
    c2d_circle body;
    uint8_t more[3];
} sprite;

static c2d_rect rects[MAXN];
static c2d_circle circles[MAXN];
static float rx[MAXN], ry[MAXN], rw[MAXN], rh[MAXN], cx[MAXN], cy[MAXN], cr[MAXN];
static unsigned char sprite_bytes[1 + MAXN * sizeof(sprite)];
/* The first sprite's shapes, at an odd address: the library reads them without alignment (the
 * test reaches them by byte offsets, never by a member access through a misaligned sprite). */
static const c2d_rect *sprite_box;
static const c2d_circle *sprite_body;

static void lay_out(size_t n)
{
    size_t i;
    sprite s;
    memset(&s, 0, sizeof s);
    for (i = 0; i < n; i++) {
        rx[i] = rects[i].x, ry[i] = rects[i].y, rw[i] = rects[i].w, rh[i] = rects[i].h;
        cx[i] = circles[i].x, cy[i] = circles[i].y, cr[i] = circles[i].r;
        s.box = rects[i];
        s.body = circles[i];
        memcpy(sprite_bytes + 1 + i * sizeof s, &s, sizeof s);
    }
    sprite_box = (const c2d_rect *)(const void *)(sprite_bytes + 1 + offsetof(sprite, box));
    sprite_body = (const c2d_circle *)(const void *)(sprite_bytes + 1 + offsetof(sprite, body));
}

/* ---- Checking one call's outputs against the single predicate's answers. ---- */
static int want[MAXN];
static uint64_t bits[MAXN / 64 + 2];
static uint32_t idx[MAXN + 1];

/* The count, every bit of the (n+63)/64 words and nothing after them, and the index list. */
static void check_outputs(size_t n, size_t got, int check_list)
{
    size_t i, count = 0, words = (n + 63) / 64, listed = 0;
    int bits_ok = 1, list_ok = 1;
    for (i = 0; i < n; i++) {
        int bit = (int)((bits[i / 64] >> (i % 64)) & 1u);
        if (bit != want[i]) bits_ok = 0;
        if (want[i]) {
            if (check_list && listed < n && idx[listed] != (uint32_t)i) list_ok = 0;
            listed++;
            count++;
        }
    }
    for (i = n; i < words * 64; i++) {
        if ((bits[i / 64] >> (i % 64)) & 1u) bits_ok = 0;
    }
    ENSURE(got == count);
    ENSURE(bits_ok);
    ENSURE(bits[words] == 0xA5A5A5A5A5A5A5A5ull); /* the word after the mask is untouched */
    if (check_list) ENSURE(list_ok);
}

static void reset_outputs(void)
{
    memset(bits, 0xA5, sizeof bits);
    memset(idx, 0xA5, sizeof idx);
}

/* Every form of one function pair (structs, engine structs, columns), strict and closed. */
#define CHECK_RECTS(q, op, qn, single_expr) \
    do { \
        size_t i_; \
        for (i_ = 0; i_ < n; i_++) { \
            c2d_rect item = rects[i_]; \
            (void)item; \
            want[i_] = (single_expr); \
        } \
        reset_outputs(); \
        check_outputs(n, c2d_##op##_##qn##_rects(q, rects, 0, n, bits, idx, MAXN), 1); \
        reset_outputs(); \
        check_outputs(n, c2d_##op##_##qn##_rects(q, sprite_box, sizeof(sprite), n, bits, idx, MAXN), 1); \
        reset_outputs(); \
        check_outputs(n, c2d_##op##_##qn##_rects_soa(q, rx, ry, rw, rh, n, bits, idx, MAXN), 1); \
    } while (0)

#define CHECK_CIRCLES(q, op, qn, single_expr) \
    do { \
        size_t i_; \
        for (i_ = 0; i_ < n; i_++) { \
            c2d_circle item = circles[i_]; \
            (void)item; \
            want[i_] = (single_expr); \
        } \
        reset_outputs(); \
        check_outputs(n, c2d_##op##_##qn##_circles(q, circles, 0, n, bits, idx, MAXN), 1); \
        reset_outputs(); \
        check_outputs(n, c2d_##op##_##qn##_circles(q, sprite_body, sizeof(sprite), n, bits, idx, MAXN), 1); \
        reset_outputs(); \
        check_outputs(n, c2d_##op##_##qn##_circles_soa(q, cx, cy, cr, n, bits, idx, MAXN), 1); \
    } while (0)

/* All 24 functions for one query of each kind against the current items. */
static void check_all(size_t n, c2d_rect qr, c2d_circle qc, c2d_vec2 qp)
{
    lay_out(n);
    CHECK_RECTS(qr, overlap, rect, c2d_overlap_rect_rect(qr, item));
    CHECK_RECTS(qr, touch, rect, c2d_touch_rect_rect(qr, item));
    CHECK_RECTS(qp, overlap, point, c2d_overlap_point_rect(qp, item));
    CHECK_RECTS(qp, touch, point, c2d_touch_point_rect(qp, item));
    CHECK_RECTS(qc, overlap, circle, c2d_overlap_rect_circle(item, qc));
    CHECK_RECTS(qc, touch, circle, c2d_touch_rect_circle(item, qc));
    CHECK_CIRCLES(qr, overlap, rect, c2d_overlap_rect_circle(qr, item));
    CHECK_CIRCLES(qr, touch, rect, c2d_touch_rect_circle(qr, item));
    CHECK_CIRCLES(qp, overlap, point, c2d_overlap_point_circle(qp, item));
    CHECK_CIRCLES(qp, touch, point, c2d_touch_point_circle(qp, item));
    CHECK_CIRCLES(qc, overlap, circle, c2d_overlap_circle_circle(qc, item));
    CHECK_CIRCLES(qc, touch, circle, c2d_touch_circle_circle(qc, item));
}

static void bullet_against_a_thousand_enemies(void)
{
    int k;
    size_t i, n = 1000;
    CASE("a bullet against a thousand enemies");
    seed = 0xB011E7;
    for (i = 0; i < n; i++) {
        circles[i] = circle(uniform(0, 1920), uniform(0, 1080), uniform(4, 40));
        rects[i] = rect(circles[i].x - circles[i].r, circles[i].y - circles[i].r, 2 * circles[i].r,
                        2 * circles[i].r);
    }
    for (k = 0; k < 10; k++) {
        c2d_circle bullet = circle(uniform(0, 1920), uniform(0, 1080), 3.0f);
        check_all(n, rect(bullet.x - 3, bullet.y - 3, 6, 6), bullet, vec2(bullet.x, bullet.y));
    }
}

static void camera_against_the_sprites_of_an_engine(void)
{
    size_t i, n = 1000, count, hits = 0;
    c2d_rect camera = rect(0, 0, 1920, 1080);
    CASE("a camera rect against every sprite of the engine's own array, at an odd address");
    seed = 0xCA3E7A;
    for (i = 0; i < n; i++) {
        rects[i] = rect(uniform(-2000, 4000), uniform(-2000, 3000), 32, 48);
        circles[i] = circle(0, 0, 1);
    }
    lay_out(n);
    reset_outputs();
    count = c2d_overlap_rect_rects(camera, sprite_box, sizeof(sprite), n, bits, idx, MAXN);
    for (i = 0; i < n; i++) {
        if (c2d_overlap_rect_rect(camera, rects[i])) {
            ENSURE(hits < count && idx[hits] == (uint32_t)i);
            hits++;
        }
    }
    ENSURE(count == hits && hits > 0 && hits < n);
}

static void faces_meeting_exactly_on_the_grid(void)
{
    int k;
    size_t i, n = 200;
    CASE("grid values where faces and circles meet exactly");
    seed = 0x6121D;
    for (k = 0; k < 30; k++) {
        for (i = 0; i < n; i++) {
            rects[i] = rect(grid(), grid(), grid_size(), grid_size());
            circles[i] = circle(grid(), grid(), grid_size());
        }
        check_all(n, rect(grid(), grid(), grid_size(), grid_size()), circle(grid(), grid(), grid_size()),
                  vec2(grid(), grid()));
    }
}

static void nan_and_infinite_fields(void)
{
    int k;
    size_t i, n = 130;
    CASE("NaN, infinite and huge fields");
    seed = 0x0DD;
    for (k = 0; k < 40; k++) {
        for (i = 0; i < n; i++) {
            rects[i] = rect(odd(), odd(), odd(), odd());
            circles[i] = circle(odd(), odd(), odd());
        }
        check_all(n, rect(odd(), grid(), grid_size(), odd()), circle(grid(), odd(), grid_size()),
                  vec2(odd(), grid()));
    }
}

static void counts_not_a_multiple_of_64(void)
{
    static const size_t sizes[] = {1, 63, 64, 65, 127, 129};
    size_t s, i;
    CASE("counts not a multiple of 64 leave the last word's extra bits clear");
    seed = 0x64;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (i = 0; i < sizes[s]; i++) {
            rects[i] = rect(grid(), grid(), grid_size(), grid_size());
            circles[i] = circle(grid(), grid(), grid_size());
        }
        check_all(sizes[s], rect(-100, -100, 200, 200), circle(0, 0, 100), vec2(0.5f, 0.5f));
    }
}

static void a_short_index_list(void)
{
    size_t i, n = 100, count;
    CASE("an index list shorter than the hits keeps the first ones and counts them all");
    for (i = 0; i < n; i++) rects[i] = rect((float)i, 0, 1, 1);
    memset(idx, 0xA5, sizeof idx);
    count = c2d_touch_point_rects(vec2(50, 0.5f), rects, 0, n, NULL, idx, 1);
    ENSURE(count == 2); /* rects 49 and 50 share the face x = 50 */
    ENSURE(idx[0] == 49 && idx[1] == 0xA5A5A5A5u);
    ENSURE(c2d_overlap_point_rects(vec2(50, 0.5f), rects, 0, n, NULL, NULL, 0) == 0);
    count = c2d_overlap_rect_rects(rect(-1, -1, 200, 3), rects, 0, n, NULL, idx, 10);
    ENSURE(count == 100 && idx[9] == 9 && idx[10] == 0xA5A5A5A5u);
}

static void empty_and_null_arrays(void)
{
    float x[4] = {0, 1, 2, 3};
    CASE("empty and NULL arrays answer 0 and write nothing");
    reset_outputs();
    ENSURE(c2d_overlap_rect_rects(rect(0, 0, 1, 1), NULL, 0, 0, bits, idx, 10) == 0);
    ENSURE(c2d_overlap_rect_rects(rect(0, 0, 1, 1), NULL, 16, 4, bits, idx, 10) == 0);
    ENSURE(c2d_touch_circle_circles_soa(circle(0, 0, 9), x, NULL, x, 4, bits, idx, 10) == 0);
    ENSURE(c2d_touch_point_circles_soa(vec2(0, 0), NULL, NULL, NULL, 0, bits, idx, 10) == 0);
    ENSURE(bits[0] == 0xA5A5A5A5A5A5A5A5ull && idx[0] == 0xA5A5A5A5u);
    /* NULL outputs: the count alone. */
    ENSURE(c2d_touch_circle_circles_soa(circle(0, 0, 9), x, x, x, 4, NULL, NULL, 0) == 4);
}

void test_batch(void)
{
    RUN_TEST(bullet_against_a_thousand_enemies);
    RUN_TEST(camera_against_the_sprites_of_an_engine);
    RUN_TEST(faces_meeting_exactly_on_the_grid);
    RUN_TEST(nan_and_infinite_fields);
    RUN_TEST(counts_not_a_multiple_of_64);
    RUN_TEST(a_short_index_list);
    RUN_TEST(empty_and_null_arrays);
}
