/* The C harness's checking macros, after Box2D's test/test_macros.h.
 *
 * A test is a `static void name(void)` run by RUN_TEST. Inside it, CASE("...") names the
 * scenario being checked; every ENSURE counts as one check, and a failing one prints the test,
 * the case label, the file and line and the condition, then carries on so every failure shows.
 * c2d_harness_run() (harness.c) prints the closing "N passed, N failed" line over all checks. */
#ifndef C2D_TEST_MACROS_H
#define C2D_TEST_MACROS_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collide2d.h"

/* Counters and the current labels, defined in harness.c. */
extern int th_checks_passed;
extern int th_checks_failed;
extern int th_tests_run;
extern int th_tests_failed;
extern const char *th_test;
extern const char *th_label;

/* Records one check; prints where it failed. Returns the condition. */
int th_check(int ok, const char *file, int line, const char *what);
/* As th_check, also printing the two values that were compared. */
int th_check_near(double a, double b, double tol, const char *file, int line, const char *what);

#define CASE(label) (th_label = (label))

/* A decimal constant as the float the library answers with. On 32-bit x86 with x87 maths, C99
 * evaluates `0.44f` with long double precision, so `hit.t == 0.44f` would compare a float with
 * more digits than a float has; the cast rounds to float on every platform. */
#define F32(x) ((float)(x))
/* The same for a double constant or expression (x87 evaluates `1.0 / 3.0` in long double too). */
#define F64(x) ((double)(x))

#define ENSURE(cond) ((void)th_check((cond) ? 1 : 0, __FILE__, __LINE__, #cond))

#define ENSURE_NEAR(a, b, tol) \
    ((void)th_check_near((double)(a), (double)(b), (double)(tol), __FILE__, __LINE__, \
                         #a " ~ " #b " within " #tol))

#define RUN_TEST(fn) \
    do { \
        int failed_before_ = th_checks_failed; \
        th_test = #fn; \
        th_label = "(no case)"; \
        fn(); \
        th_tests_run++; \
        if (th_checks_failed != failed_before_) { \
            th_tests_failed++; \
            printf("test failed: %s\n", #fn); \
        } \
    } while (0)

/* Both flavours of a predicate pair in the order of its name, and the rule that overlapping
 * always implies touching. */
#define EXPECT_PAIR(pair, a, b, overlaps, touches) \
    do { \
        ENSURE(c2d_overlap_##pair((a), (b)) == (overlaps)); \
        ENSURE(c2d_touch_##pair((a), (b)) == (touches)); \
    } while (0)

/* As EXPECT_PAIR, in both argument orders (for pairs of one shape type). */
#define EXPECT_SYM(pair, a, b, overlaps, touches) \
    do { \
        EXPECT_PAIR(pair, a, b, overlaps, touches); \
        EXPECT_PAIR(pair, b, a, overlaps, touches); \
    } while (0)

/* One grid step: the finest unit of the exactness domain. */
#define STEP (1.0f / 256.0f)

static inline c2d_vec2 vec2(float x, float y)
{
    c2d_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

static inline c2d_rect rect(float x, float y, float w, float h)
{
    c2d_rect r;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    return r;
}

static inline c2d_circle circle(float x, float y, float r)
{
    c2d_circle c;
    c.x = x;
    c.y = y;
    c.r = r;
    return c;
}

static inline c2d_segment segment(float ax, float ay, float bx, float by)
{
    c2d_segment s;
    s.a = vec2(ax, ay);
    s.b = vec2(bx, by);
    return s;
}

/* An oriented box from its centre, half extents and angle in degrees (counter-clockwise). */
static inline c2d_obb obb(float cx, float cy, float hx, float hy, float deg)
{
    c2d_obb o;
    o.center = vec2(cx, cy);
    o.half = vec2(hx, hy);
    o.rot = c2d_rot_from_degrees(deg);
    return o;
}

static inline c2d_recti recti(int32_t x, int32_t y, int32_t w, int32_t h)
{
    c2d_recti r;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    return r;
}

static inline c2d_circlei circlei(int32_t x, int32_t y, int32_t r)
{
    c2d_circlei c;
    c.x = x;
    c.y = y;
    c.r = r;
    return c;
}

static inline c2d_rectd rectd(double x, double y, double w, double h)
{
    c2d_rectd r;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    return r;
}

static inline c2d_vec2d vec2d(double x, double y)
{
    c2d_vec2d v;
    v.x = x;
    v.y = y;
    return v;
}

static inline c2d_capsule capsule(float ax, float ay, float bx, float by, float r)
{
    c2d_capsule k;
    k.a = vec2(ax, ay);
    k.b = vec2(bx, by);
    k.r = r;
    return k;
}

/* A polygon from its points through the constructor; a zero count if it refused them. */
static inline c2d_poly poly_of(const c2d_vec2 *pts, size_t n)
{
    c2d_poly p;
    memset(&p, 0, sizeof p);
    if (c2d_poly_make(pts, n, &p) != C2D_OK) {
        p.count = 0;
    }
    return p;
}

/* The polygon of the box x0..x1 by y0..y1. */
static inline c2d_poly box_poly(float x0, float y0, float x1, float y1)
{
    c2d_vec2 pts[4];
    pts[0] = vec2(x0, y0);
    pts[1] = vec2(x1, y0);
    pts[2] = vec2(x1, y1);
    pts[3] = vec2(x0, y1);
    return poly_of(pts, 4);
}

/* The slope tile of a 64-unit level, y up: floor (0,0)-(64,0), wall up to (64,64), and the
 * 45-degree slope y = x between (0,0) and (64,64). */
static inline c2d_poly slope(void)
{
    c2d_vec2 pts[3];
    pts[0] = vec2(0, 0);
    pts[1] = vec2(64, 64);
    pts[2] = vec2(64, 0);
    return poly_of(pts, 3);
}

/* The areas, one per file, each running its tests with RUN_TEST. */
void test_predicates(void);
void test_segments(void);
void test_integer(void);
void test_contacts(void);
void test_scenes(void);
void test_bad_input(void);
void test_version(void);
void test_sweep(void);
void test_world(void);
void test_world_d(void);
void test_kit(void);
void test_poly(void);
void test_slopes(void);
void test_poly_contact(void);
void test_poly_sweep(void);
void test_touching(void);
void test_state(void);
void test_sensors(void);
void test_world_i(void);
void test_tiles(void);
void test_batch(void);

#endif /* C2D_TEST_MACROS_H */
