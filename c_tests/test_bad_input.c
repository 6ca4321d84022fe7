/* Bad input everywhere: NaN in each field of each argument of every float function, infinities,
 * -0.0, denormals and values near FLT_MAX. Nothing may crash; every predicate is false on NaN,
 * contacts report no hit and leave `out` alone, distances and closest points are NaN. */
#include <float.h>

#include "test_macros.h"

#define SENTINEL 0x5A
#define MAX_FLOATS 6
#define DENORM 0x1p-149f

/* Each float function, seen as a function of two float arrays (every c2d_ type is made of
 * floats only, without padding). The result is 0/1 for predicates; for the contact functions it
 * is the answer, and `out` must be untouched when it is false. */
typedef int (*pair_fn)(const float *a, const float *b);

static int out_touched;

static int sentinel_changed(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) {
        if (b[i] != SENTINEL) {
            return 1;
        }
    }
    return 0;
}

#define WRAP(name, TA, TB) \
    static int w_##name(const float *a, const float *b) \
    { \
        TA x_; \
        TB y_; \
        memcpy(&x_, a, sizeof x_); \
        memcpy(&y_, b, sizeof y_); \
        return c2d_##name(x_, y_); \
    }

#define WRAP_OUT(name, TA, TB, TOUT) \
    static int w_##name(const float *a, const float *b) \
    { \
        TA x_; \
        TB y_; \
        TOUT out_; \
        int hit_; \
        memcpy(&x_, a, sizeof x_); \
        memcpy(&y_, b, sizeof y_); \
        memset(&out_, SENTINEL, sizeof out_); \
        hit_ = c2d_##name(x_, y_, &out_); \
        if (!hit_ && sentinel_changed(&out_, sizeof out_)) { \
            out_touched = 1; \
        } \
        if (c2d_##name(x_, y_, NULL) != hit_) { \
            out_touched = 1; \
        } \
        return hit_; \
    }

#define PAIR(pair, TA, TB) WRAP(overlap_##pair, TA, TB) WRAP(touch_##pair, TA, TB)

PAIR(rect_rect, c2d_rect, c2d_rect)
PAIR(circle_circle, c2d_circle, c2d_circle)
PAIR(rect_circle, c2d_rect, c2d_circle)
PAIR(point_rect, c2d_vec2, c2d_rect)
PAIR(point_circle, c2d_vec2, c2d_circle)
PAIR(obb_circle, c2d_obb, c2d_circle)
PAIR(obb_rect, c2d_obb, c2d_rect)
PAIR(obb_obb, c2d_obb, c2d_obb)
PAIR(point_obb, c2d_vec2, c2d_obb)
WRAP(intersect_segment_segment, c2d_segment, c2d_segment)
WRAP(intersect_segment_rect, c2d_segment, c2d_rect)
WRAP(intersect_segment_circle, c2d_segment, c2d_circle)
WRAP(intersect_segment_obb, c2d_segment, c2d_obb)
WRAP_OUT(collide_rect_rect, c2d_rect, c2d_rect, c2d_contact)
WRAP_OUT(collide_circle_circle, c2d_circle, c2d_circle, c2d_contact)
WRAP_OUT(collide_rect_circle, c2d_rect, c2d_circle, c2d_contact)
WRAP_OUT(collide_obb_circle, c2d_obb, c2d_circle, c2d_contact)
WRAP_OUT(collide_obb_rect, c2d_obb, c2d_rect, c2d_contact)
WRAP_OUT(collide_obb_obb, c2d_obb, c2d_obb, c2d_contact)
WRAP_OUT(intersection_rect, c2d_rect, c2d_rect, c2d_rect)

/* Distances and closest points: NaN expected on NaN input. */
#define WRAP_DIST(name, TA, TB) \
    static float d_##name(const float *a, const float *b) \
    { \
        TA x_; \
        TB y_; \
        memcpy(&x_, a, sizeof x_); \
        memcpy(&y_, b, sizeof y_); \
        return c2d_##name(x_, y_); \
    }

WRAP_DIST(distance_rect_rect, c2d_rect, c2d_rect)
WRAP_DIST(distance_circle_circle, c2d_circle, c2d_circle)
WRAP_DIST(distance_rect_circle, c2d_rect, c2d_circle)
WRAP_DIST(distance_obb_circle, c2d_obb, c2d_circle)
WRAP_DIST(distance_obb_rect, c2d_obb, c2d_rect)
WRAP_DIST(distance_obb_obb, c2d_obb, c2d_obb)

#define WRAP_CLOSEST(name, TA) \
    static c2d_vec2 p_##name(const float *a, const float *b) \
    { \
        TA x_; \
        c2d_vec2 y_; \
        memcpy(&x_, a, sizeof x_); \
        memcpy(&y_, b, sizeof y_); \
        return c2d_##name(x_, y_); \
    }

WRAP_CLOSEST(closest_point_rect, c2d_rect)
WRAP_CLOSEST(closest_point_obb, c2d_obb)
WRAP_CLOSEST(closest_point_segment, c2d_segment)

/* Overlapping base shapes: every function answers true (or a finite value) on them. */
static const float RECT_A[] = {0, 0, 10, 10};
static const float RECT_B[] = {5, 5, 10, 10};
static const float CIRCLE_A[] = {0, 0, 5};
static const float CIRCLE_B[] = {3, 0, 5};
static const float CIRCLE_IN_RECT[] = {5, 5, 3};
static const float POINT_IN_RECT[] = {5, 5};
static const float POINT_IN_CIRCLE[] = {1, 1};
/* centre, half extents, rot = 30 degrees */
static const float OBB_A[] = {0, 0, 2, 1, 0.8660254f, 0.5f};
static const float OBB_B[] = {1, 1, 2, 1, 1, 0};
static const float CIRCLE_NEAR_OBB[] = {1, 0, 2};
static const float RECT_NEAR_OBB[] = {0, 0, 4, 4};
static const float POINT_IN_OBB[] = {0.5f, 0.2f};
static const float SEG_X[] = {0, 0, 10, 10};
static const float SEG_Y[] = {0, 10, 10, 0};
static const float SEG_THROUGH_RECT[] = {-5, 5, 15, 5};
static const float SEG_THROUGH_CIRCLE[] = {-10, 0, 10, 0};
static const float SEG_THROUGH_OBB[] = {-5, 0, 5, 0};

struct bool_case {
    const char *label;
    pair_fn fn;
    const float *a;
    int na;
    const float *b;
    int nb;
};

#define BOOL_PAIR(pair, a, na, b, nb) \
    {"NaN: c2d_overlap_" #pair, w_overlap_##pair, a, na, b, nb}, \
    {"NaN: c2d_touch_" #pair, w_touch_##pair, a, na, b, nb}

static const struct bool_case bool_cases[] = {
    BOOL_PAIR(rect_rect, RECT_A, 4, RECT_B, 4),
    BOOL_PAIR(circle_circle, CIRCLE_A, 3, CIRCLE_B, 3),
    BOOL_PAIR(rect_circle, RECT_A, 4, CIRCLE_IN_RECT, 3),
    BOOL_PAIR(point_rect, POINT_IN_RECT, 2, RECT_A, 4),
    BOOL_PAIR(point_circle, POINT_IN_CIRCLE, 2, CIRCLE_A, 3),
    BOOL_PAIR(obb_circle, OBB_A, 6, CIRCLE_NEAR_OBB, 3),
    BOOL_PAIR(obb_rect, OBB_A, 6, RECT_NEAR_OBB, 4),
    BOOL_PAIR(obb_obb, OBB_A, 6, OBB_B, 6),
    BOOL_PAIR(point_obb, POINT_IN_OBB, 2, OBB_A, 6),
    {"NaN: c2d_intersect_segment_segment", w_intersect_segment_segment, SEG_X, 4, SEG_Y, 4},
    {"NaN: c2d_intersect_segment_rect", w_intersect_segment_rect, SEG_THROUGH_RECT, 4, RECT_A, 4},
    {"NaN: c2d_intersect_segment_circle", w_intersect_segment_circle, SEG_THROUGH_CIRCLE, 4, CIRCLE_A, 3},
    {"NaN: c2d_intersect_segment_obb", w_intersect_segment_obb, SEG_THROUGH_OBB, 4, OBB_A, 6},
    {"NaN: c2d_collide_rect_rect", w_collide_rect_rect, RECT_A, 4, RECT_B, 4},
    {"NaN: c2d_collide_circle_circle", w_collide_circle_circle, CIRCLE_A, 3, CIRCLE_B, 3},
    {"NaN: c2d_collide_rect_circle", w_collide_rect_circle, RECT_A, 4, CIRCLE_IN_RECT, 3},
    {"NaN: c2d_collide_obb_circle", w_collide_obb_circle, OBB_A, 6, CIRCLE_NEAR_OBB, 3},
    {"NaN: c2d_collide_obb_rect", w_collide_obb_rect, OBB_A, 6, RECT_NEAR_OBB, 4},
    {"NaN: c2d_collide_obb_obb", w_collide_obb_obb, OBB_A, 6, OBB_B, 6},
    {"NaN: c2d_intersection_rect", w_intersection_rect, RECT_A, 4, RECT_B, 4},
};

/* Calls fn with field i (counting a's fields first) replaced by v. */
static int poke(pair_fn fn, const float *a, int na, const float *b, int nb, int i, float v)
{
    float x[MAX_FLOATS], y[MAX_FLOATS];
    memcpy(x, a, sizeof(float) * (size_t)na);
    memcpy(y, b, sizeof(float) * (size_t)nb);
    if (i < na) {
        x[i] = v;
    } else {
        y[i - na] = v;
    }
    return fn(x, y);
}

static void nan_makes_every_predicate_false(void)
{
    size_t k;
    int i;
    for (k = 0; k < sizeof bool_cases / sizeof bool_cases[0]; k++) {
        const struct bool_case *c = &bool_cases[k];
        CASE(c->label);
        out_touched = 0;
        ENSURE(c->fn(c->a, c->b));
        for (i = 0; i < c->na + c->nb; i++) {
            int with_nan = poke(c->fn, c->a, c->na, c->b, c->nb, i, NAN);
            int with_negative_nan = poke(c->fn, c->a, c->na, c->b, c->nb, i, -NAN);
            ENSURE(!with_nan);
            ENSURE(!with_negative_nan);
            if (with_nan || with_negative_nan) {
                printf("       (NaN in field %d of %s)\n", i, i < c->na ? "a" : "b");
            }
        }
        ENSURE(!out_touched);
    }
}

static void infinities_give_defined_answers(void)
{
    static const float values[] = {INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1e30f, -1e30f};
    size_t k, v;
    int i, consistent = 1;
    /* Every function, an infinity or a huge value in each field in turn: no crash, overlap
     * implies touch, and `out` is left alone on false. */
    CASE("inf/huge in every field: overlap implies touch, out untouched on false");
    out_touched = 0;
    for (k = 0; k < sizeof bool_cases / sizeof bool_cases[0]; k++) {
        const struct bool_case *c = &bool_cases[k];
        for (i = 0; i < c->na + c->nb; i++) {
            for (v = 0; v < sizeof values / sizeof values[0]; v++) {
                int r = poke(c->fn, c->a, c->na, c->b, c->nb, i, values[v]);
                consistent &= r == 0 || r == 1;
                /* The entry after an overlap_ one is its touch_ twin. */
                if (strncmp(c->label, "NaN: c2d_overlap_", 17) == 0 && r) {
                    const struct bool_case *t = &bool_cases[k + 1];
                    consistent &= poke(t->fn, t->a, t->na, t->b, t->nb, i, values[v]);
                }
            }
        }
    }
    ENSURE(consistent);
    ENSURE(!out_touched);

    CASE("inf: an infinitely large rect or circle contains finite shapes");
    ENSURE(c2d_overlap_rect_rect(rect(0, 0, INFINITY, INFINITY), rect(1e30f, 1e30f, 1, 1)));
    ENSURE(c2d_overlap_point_rect(vec2(5, 5), rect(0, 0, INFINITY, INFINITY)));
    ENSURE(c2d_overlap_circle_circle(circle(0, 0, INFINITY), circle(1e30f, 0, 1)));
    ENSURE(c2d_overlap_rect_circle(rect(1e30f, 1e30f, 1, 1), circle(0, 0, INFINITY)));
    CASE("inf: shapes at infinity meet nothing finite");
    EXPECT_SYM(rect_rect, rect(INFINITY, 0, 1, 1), rect(0, 0, 10, 10), 0, 0);
    EXPECT_SYM(circle_circle, circle(INFINITY, 0, 1), circle(0, 0, 5), 0, 0);
    EXPECT_PAIR(point_rect, vec2(-INFINITY, 5), rect(0, 0, 10, 10), 0, 0);
    EXPECT_PAIR(point_circle, vec2(0, INFINITY), circle(0, 0, 5), 0, 0);
    ENSURE(!c2d_intersect_segment_rect(segment(INFINITY, 0, INFINITY, 1), rect(0, 0, 10, 10)));
    CASE("inf: -inf + inf spans are NaN spans: false");
    EXPECT_SYM(rect_rect, rect(-INFINITY, 0, INFINITY, 10), rect(0, 0, 10, 10), 0, 0);
    CASE("inf: an infinite rotation is NaN: false");
    {
        c2d_obb o = obb(0, 0, 5, 5, 0);
        o.rot.c = INFINITY;
        EXPECT_PAIR(obb_circle, o, circle(0, 0, 1), 0, 0);
        EXPECT_PAIR(point_obb, vec2(0, 0), o, 0, 0);
        ENSURE(!c2d_intersect_segment_obb(segment(-9, 0, 9, 0), o));
    }
    CASE("inf: distances");
    ENSURE(c2d_distance_rect_rect(rect(INFINITY, 0, 1, 1), rect(0, 0, 1, 1)) == INFINITY);
    ENSURE(c2d_distance_circle_circle(circle(0, 0, INFINITY), circle(5, 5, 1)) == 0);
    ENSURE(c2d_distance_rect_rect(rect(-FLT_MAX, 0, 1, 1), rect(FLT_MAX, 0, 1, 1)) == INFINITY);
}

static void nan_distances_and_closest_points(void)
{
    struct dist_case {
        const char *label;
        float (*fn)(const float *, const float *);
        const float *a;
        int na;
        const float *b;
        int nb;
    };
    static const struct dist_case dists[] = {
        {"NaN: c2d_distance_rect_rect", d_distance_rect_rect, RECT_A, 4, RECT_B, 4},
        {"NaN: c2d_distance_circle_circle", d_distance_circle_circle, CIRCLE_A, 3, CIRCLE_B, 3},
        {"NaN: c2d_distance_rect_circle", d_distance_rect_circle, RECT_A, 4, CIRCLE_IN_RECT, 3},
        {"NaN: c2d_distance_obb_circle", d_distance_obb_circle, OBB_A, 6, CIRCLE_NEAR_OBB, 3},
        {"NaN: c2d_distance_obb_rect", d_distance_obb_rect, OBB_A, 6, RECT_NEAR_OBB, 4},
        {"NaN: c2d_distance_obb_obb", d_distance_obb_obb, OBB_A, 6, OBB_B, 6},
    };
    struct closest_case {
        const char *label;
        c2d_vec2 (*fn)(const float *, const float *);
        const float *a;
        int na;
    };
    static const struct closest_case closest[] = {
        {"NaN: c2d_closest_point_rect", p_closest_point_rect, RECT_A, 4},
        {"NaN: c2d_closest_point_obb", p_closest_point_obb, OBB_A, 6},
        {"NaN: c2d_closest_point_segment", p_closest_point_segment, SEG_X, 4},
    };
    static const float far_point[] = {20, 30};
    static const float near_point[] = {1, 0.5f};
    size_t k;
    int i;

    for (k = 0; k < sizeof dists / sizeof dists[0]; k++) {
        const struct dist_case *c = &dists[k];
        CASE(c->label);
        ENSURE(c->fn(c->a, c->b) == 0);
        for (i = 0; i < c->na + c->nb; i++) {
            float x[MAX_FLOATS], y[MAX_FLOATS];
            memcpy(x, c->a, sizeof(float) * (size_t)c->na);
            memcpy(y, c->b, sizeof(float) * (size_t)c->nb);
            if (i < c->na) {
                x[i] = NAN;
            } else {
                y[i - c->na] = NAN;
            }
            ENSURE(isnan(c->fn(x, y)));
            if (!isnan(c->fn(x, y))) {
                printf("       (NaN in field %d of %s)\n", i, i < c->na ? "a" : "b");
            }
        }
    }
    for (k = 0; k < sizeof closest / sizeof closest[0]; k++) {
        const struct closest_case *c = &closest[k];
        const float *points[2];
        size_t j;
        points[0] = far_point;
        points[1] = near_point;
        CASE(c->label);
        for (j = 0; j < 2; j++) {
            c2d_vec2 q = c->fn(c->a, points[j]);
            ENSURE(!isnan(q.x) && !isnan(q.y));
            for (i = 0; i < c->na + 2; i++) {
                float x[MAX_FLOATS], y[2];
                memcpy(x, c->a, sizeof(float) * (size_t)c->na);
                memcpy(y, points[j], sizeof y);
                if (i < c->na) {
                    x[i] = NAN;
                } else {
                    y[i - c->na] = NAN;
                }
                q = c->fn(x, y);
                ENSURE(isnan(q.x) && isnan(q.y));
                if (!(isnan(q.x) && isnan(q.y))) {
                    printf("       (NaN in field %d of %s gave (%g, %g))\n", i,
                           i < c->na ? "the shape" : "p", (double)q.x, (double)q.y);
                }
            }
        }
    }
}

static void rotations(void)
{
    c2d_rot r;
    c2d_obb o;

    CASE("rot: NaN and infinite angles give a NaN rotation");
    r = c2d_rot_from_degrees(NAN);
    ENSURE(isnan(r.c) && isnan(r.s));
    r = c2d_rot_from_degrees(INFINITY);
    ENSURE(isnan(r.c) && isnan(r.s));
    r = c2d_rot_from_degrees(-INFINITY);
    ENSURE(isnan(r.c) && isnan(r.s));
    r = c2d_rot_from_radians(NAN);
    ENSURE(isnan(r.c) && isnan(r.s));
    r = c2d_rot_from_radians(INFINITY);
    ENSURE(isnan(r.c) && isnan(r.s));
    CASE("rot: an obb made with a NaN angle meets nothing");
    o = c2d_obb_from_rect(rect(0, 0, 10, 10), NAN);
    EXPECT_PAIR(obb_rect, o, rect(0, 0, 10, 10), 0, 0);
    EXPECT_PAIR(point_obb, vec2(5, 5), o, 0, 0);
    ENSURE(!c2d_collide_obb_obb(o, o, NULL));
    CASE("rot: huge, negative, -0.0 and multiple-of-90 angles");
    r = c2d_rot_from_degrees(1e30f);
    ENSURE_NEAR((double)r.c * r.c + (double)r.s * r.s, 1, 1e-6);
    r = c2d_rot_from_degrees(-0.0f);
    ENSURE(r.c == 1 && r.s == 0);
    r = c2d_rot_from_degrees(-90);
    ENSURE(r.c == 0 && r.s == -1);
    r = c2d_rot_from_degrees(450);
    ENSURE(r.c == 0 && r.s == 1);
    r = c2d_rot_from_degrees(-540);
    ENSURE(r.c == -1 && r.s == 0);
    r = c2d_rot_from_radians(1e30f);
    ENSURE_NEAR((double)r.c * r.c + (double)r.s * r.s, 1, 1e-6);
    r = c2d_rot_from_radians(-0.0f);
    ENSURE(r.c == 1 && r.s == 0);
    CASE("rot: (0, 0) reads as no rotation, a non-unit one is normalised");
    o = obb(5, 5, 5, 5, 0);
    o.rot.c = 0;
    o.rot.s = 0;
    EXPECT_PAIR(obb_rect, o, rect(10, 0, 10, 10), 0, 1);
    o.rot.c = 2;
    EXPECT_PAIR(obb_rect, o, rect(10, 0, 10, 10), 0, 1);
    o.rot.c = 0;
    o.rot.s = -3;
    EXPECT_PAIR(obb_rect, obb(0, 0, 5, 2, -90), rect(2, -1, 3, 2), 0, 1);
    o.center = vec2(0, 0);
    o.half = vec2(5, 2);
    EXPECT_PAIR(obb_rect, o, rect(2, -1, 3, 2), 0, 1);
    o.rot.c = DENORM;
    o.rot.s = 0;
    EXPECT_PAIR(obb_rect, o, rect(5, -1, 3, 2), 0, 1);
}

static void negative_zero(void)
{
    CASE("-0.0: a -0.0 edge touches a +0.0 edge");
    EXPECT_SYM(rect_rect, rect(-10, 0, 10, 10), rect(-0.0f, 0, 5, 5), 0, 1);
    EXPECT_SYM(rect_rect, rect(-0.0f, -0.0f, -0.0f, -0.0f), rect(0, 0, 0, 0), 0, 1);
    EXPECT_PAIR(point_rect, vec2(-0.0f, -0.0f), rect(0, 0, 10, 10), 0, 1);
    CASE("-0.0: a radius of -0.0 is a point (not empty), like 0");
    EXPECT_PAIR(point_circle, vec2(1, 1), circle(1, 1, -0.0f), 0, 1);
    EXPECT_SYM(circle_circle, circle(0, 0, -0.0f), circle(0, 0, 0), 0, 1);
    EXPECT_PAIR(rect_circle, rect(0, 0, 10, 10), circle(10, 5, -0.0f), 0, 1);
    ENSURE(c2d_intersect_segment_circle(segment(0, 0, 10, 0), circle(4, -0.0f, -0.0f)));
    ENSURE(c2d_distance_circle_circle(circle(0, 0, -0.0f), circle(3, 4, 0)) == 5);
    CASE("-0.0: sizes of -0.0");
    EXPECT_SYM(rect_rect, rect(5, 5, -0.0f, -0.0f), rect(0, 0, 10, 10), 1, 1);
    EXPECT_PAIR(obb_circle, obb(0, 0, -0.0f, -0.0f, 0), circle(0, 0, 1), 1, 1);
}

static void denormals(void)
{
    const float d = DENORM;

    CASE("denormal: rects a denormal wide touch and overlap exactly");
    EXPECT_SYM(rect_rect, rect(0, 0, d, d), rect(d, 0, 1, 1), 0, 1);
    EXPECT_SYM(rect_rect, rect(0, 0, 2 * d, 2 * d), rect(d, d, 1, 1), 1, 1);
    EXPECT_PAIR(point_rect, vec2(d, d), rect(0, 0, 2 * d, 2 * d), 1, 1);
    EXPECT_PAIR(point_rect, vec2(2 * d, d), rect(0, 0, 2 * d, 2 * d), 0, 1);
    CASE("denormal: circles of denormal radius: squares not flushed to zero");
    EXPECT_SYM(circle_circle, circle(0, 0, d), circle(2 * d, 0, d), 0, 1);
    EXPECT_SYM(circle_circle, circle(0, 0, d), circle(3 * d, 0, d), 0, 0);
    EXPECT_SYM(circle_circle, circle(0, 0, d), circle(3 * d, 4 * d, 4 * d), 0, 1);
    EXPECT_SYM(circle_circle, circle(0, 0, d), circle(3 * d, 4 * d, 5 * d), 1, 1);
    EXPECT_PAIR(point_circle, vec2(3 * d, 4 * d), circle(0, 0, 5 * d), 0, 1);
    EXPECT_PAIR(point_circle, vec2(3 * d, 4 * d), circle(0, 0, 4 * d), 0, 0);
    EXPECT_PAIR(rect_circle, rect(0, 0, d, d), circle(4 * d, 5 * d, 5 * d), 0, 1);
    ENSURE(c2d_distance_circle_circle(circle(0, 0, 0), circle(3 * d, 4 * d, 0)) == 5 * d);
    CASE("denormal: segments");
    ENSURE(c2d_intersect_segment_segment(segment(0, 0, 2 * d, 2 * d), segment(0, 2 * d, 2 * d, 0)));
    ENSURE(!c2d_intersect_segment_segment(segment(0, 0, 2 * d, 0), segment(0, d, 2 * d, d)));
    ENSURE(c2d_intersect_segment_circle(segment(-4 * d, 5 * d, 4 * d, 5 * d), circle(0, 0, 5 * d)));
    ENSURE(!c2d_intersect_segment_circle(segment(-4 * d, 6 * d, 4 * d, 6 * d), circle(0, 0, 5 * d)));
}

static void huge_values(void)
{
    CASE("huge: circles FLT_MAX apart: no overflow to inf in the squares");
    EXPECT_SYM(circle_circle, circle(-FLT_MAX, 0, FLT_MAX), circle(FLT_MAX, 0, FLT_MAX / 2), 0, 0);
    EXPECT_SYM(circle_circle, circle(-FLT_MAX, 0, FLT_MAX), circle(FLT_MAX, 0, FLT_MAX), 0, 1);
    EXPECT_SYM(circle_circle, circle(-FLT_MAX, -FLT_MAX, FLT_MAX), circle(FLT_MAX, FLT_MAX, FLT_MAX), 0, 0);
    EXPECT_PAIR(point_circle, vec2(FLT_MAX, FLT_MAX), circle(-FLT_MAX, -FLT_MAX, FLT_MAX), 0, 0);
    EXPECT_PAIR(rect_circle, rect(FLT_MAX, 0, -FLT_MAX, 1), circle(-FLT_MAX, 0, FLT_MAX / 2), 0, 0);
    CASE("huge: rects whose x + w passes FLT_MAX");
    EXPECT_SYM(rect_rect, rect(FLT_MAX, 0, FLT_MAX, 1), rect(-FLT_MAX, 0, FLT_MAX, 1), 0, 0);
    EXPECT_SYM(rect_rect, rect(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX), rect(0, 0, 1, 1), 0, 1);
    EXPECT_SYM(rect_rect, rect(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX), rect(-1, -1, 2, 2), 1, 1);
    CASE("huge: segments spanning the float range");
    ENSURE(c2d_intersect_segment_segment(segment(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX),
                                         segment(-FLT_MAX, FLT_MAX, FLT_MAX, -FLT_MAX)));
    ENSURE(!c2d_intersect_segment_segment(segment(-FLT_MAX, 0, FLT_MAX, 0), segment(-FLT_MAX, 1, FLT_MAX, 1)));
    ENSURE(c2d_intersect_segment_rect(segment(-FLT_MAX, 5, FLT_MAX, 5), rect(0, 0, 10, 10)));
    ENSURE(!c2d_intersect_segment_circle(segment(-FLT_MAX, 10, FLT_MAX, 10), circle(0, 0, 5)));
    ENSURE(c2d_intersect_segment_circle(segment(-FLT_MAX, 3, FLT_MAX, 3), circle(0, 0, 5)));
    CASE("huge: oriented boxes of FLT_MAX half extents");
    EXPECT_PAIR(obb_circle, obb(0, 0, FLT_MAX, FLT_MAX, 30), circle(1e30f, 1e30f, 1), 1, 1);
    EXPECT_SYM(obb_obb, obb(0, 0, FLT_MAX, FLT_MAX, 0), obb(0, 0, 1, 1, 45), 1, 1);
    CASE("huge: contacts and distances stay defined");
    {
        c2d_contact c;
        ENSURE(c2d_collide_circle_circle(circle(-FLT_MAX, 0, FLT_MAX), circle(FLT_MAX, 0, FLT_MAX * 1.5f), &c) ==
               c2d_overlap_circle_circle(circle(-FLT_MAX, 0, FLT_MAX), circle(FLT_MAX, 0, FLT_MAX * 1.5f)));
        ENSURE(c2d_collide_rect_rect(rect(-FLT_MAX, -FLT_MAX, FLT_MAX, FLT_MAX), rect(-1, -1, 2, 2), &c));
        ENSURE(c.depth == 1 && !isnan(c.point.x) && !isnan(c.point.y));
        ENSURE(c2d_distance_circle_circle(circle(-FLT_MAX, 0, 0), circle(FLT_MAX, 0, 0)) == INFINITY);
        ENSURE(c2d_distance_obb_obb(obb(-FLT_MAX, 0, 1, 1, 30), obb(FLT_MAX, 0, 1, 1, 30)) == INFINITY);
    }
}

/* Infinite inputs follow the formulas, and no answer is NaN unless an input was. */
static void infinities_give_numbers(void)
{
    c2d_contact c;
    c2d_vec2 q;
    CASE("circles with radii near FLT_MAX: the true depth overflows float, FLT_MAX is reported");
    ENSURE(c2d_collide_circle_circle(circle(0, 0, FLT_MAX), circle(1, 0, FLT_MAX), &c));
    ENSURE(c.depth == FLT_MAX && c.normal.x == 1 && isfinite(c.point.x) && isfinite(c.point.y));
    ENSURE(c2d_collide_rect_circle(rect(0, 0, 10, 10), circle(0, 0, FLT_MAX), &c) && c.depth == FLT_MAX);
    CASE("infinite radii: an infinite depth and a point inside both");
    ENSURE(c2d_collide_circle_circle(circle(0, 0, INFINITY), circle(3, 0, INFINITY), &c));
    ENSURE(c.depth == INFINITY && c.point.x == 0 && c.point.y == 0);
    CASE("infinite half extents at an angle: a point inside both");
    ENSURE(c2d_collide_obb_obb(obb(0, 0, INFINITY, 1, 30), obb(1, 1, INFINITY, 1, 0), &c));
    ENSURE(!isnan(c.point.x) && !isnan(c.point.y) && !isnan(c.depth));
    CASE("a rect from -inf with an infinite width is undefined: empty, infinitely far");
    ENSURE(c2d_distance_rect_rect(rect(-INFINITY, 0, INFINITY, 10), rect(5, 5, 10, 10)) == INFINITY);
    q = c2d_closest_point_rect(rect(-INFINITY, 0, INFINITY, 10), vec2(20, 30));
    ENSURE(q.x == INFINITY && q.y == INFINITY);
    CASE("two circles at the same infinity: infinitely far apart");
    ENSURE(c2d_distance_circle_circle(circle(INFINITY, 0, 5), circle(INFINITY, 0, 5)) == INFINITY);
    CASE("a rotated box at infinity: distance +inf, closest point at infinity");
    ENSURE(c2d_distance_obb_rect(obb(INFINITY, 0, 2, 1, 30), rect(20, 0, 4, 4)) == INFINITY);
    q = c2d_closest_point_obb(obb(INFINITY, INFINITY, 2, 1, 30), vec2(20, 30));
    ENSURE(!isnan(q.x) && !isnan(q.y));
    CASE("a segment reaching infinity");
    q = c2d_closest_point_segment(segment(INFINITY, 0, INFINITY, 10), vec2(20, 30));
    ENSURE(!isnan(q.x) && !isnan(q.y));
    CASE("an endless floor: finite contacts, distances and closest points");
    ENSURE(c2d_collide_rect_rect(rect(0, 95, 10, 10), rect(-1000, 100, INFINITY, 20), &c));
    ENSURE(c.depth == 5 && c.normal.y == 1 && isfinite(c.point.x) && isfinite(c.point.y));
    ENSURE(c2d_distance_rect_rect(rect(0, 0, 10, 10), rect(-1000, 100, INFINITY, 20)) == 90);
    q = c2d_closest_point_rect(rect(-1000, 100, INFINITY, 20), vec2(5, 0));
    ENSURE(q.x == 5 && q.y == 100);
}

static void null_out_pointers(void)
{
    CASE("NULL out: every contact function answers the bool only");
    ENSURE(c2d_collide_rect_rect(rect(0, 0, 10, 10), rect(5, 5, 10, 10), NULL));
    ENSURE(c2d_collide_circle_circle(circle(0, 0, 5), circle(3, 0, 5), NULL));
    ENSURE(c2d_collide_rect_circle(rect(0, 0, 10, 10), circle(5, 5, 1), NULL));
    ENSURE(c2d_collide_obb_circle(obb(0, 0, 2, 1, 30), circle(1, 0, 2), NULL));
    ENSURE(c2d_collide_obb_rect(obb(0, 0, 2, 1, 30), rect(0, 0, 4, 4), NULL));
    ENSURE(c2d_collide_obb_obb(obb(0, 0, 2, 1, 30), obb(1, 1, 2, 1, 0), NULL));
    ENSURE(c2d_intersection_rect(rect(0, 0, 10, 10), rect(5, 5, 10, 10), NULL));
    ENSURE(!c2d_collide_rect_rect(rect(0, 0, 10, 10), rect(10, 0, 10, 10), NULL));
    ENSURE(!c2d_collide_obb_obb(obb(0, 0, 2, 1, 0), obb(9, 9, 2, 1, 0), NULL));
}

void test_bad_input(void)
{
    RUN_TEST(nan_makes_every_predicate_false);
    RUN_TEST(infinities_give_defined_answers);
    RUN_TEST(nan_distances_and_closest_points);
    RUN_TEST(rotations);
    RUN_TEST(negative_zero);
    RUN_TEST(denormals);
    RUN_TEST(huge_values);
    RUN_TEST(infinities_give_numbers);
    RUN_TEST(null_out_pointers);
}
