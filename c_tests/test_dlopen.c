/* Loads the shared library at run time, as plugin hosts and FFI layers do:
 *
 *     test_dlopen path/to/libcollide2d.so [more c2d_ names...]
 *
 * looks up every function of the header (the list below, plus any names given after the path),
 * calls a few through the pointers it found, and exits 0 only if every symbol was found and
 * every call answered as documented. */
#define _POSIX_C_SOURCE 200809L

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The shape constructors only: nothing here links the library, every call goes through dlsym. */
#include "test_macros.h"

static const char *const functions[] = {
    "c2d_closest_point_obb",     "c2d_closest_point_rect",      "c2d_closest_point_segment",
    "c2d_collide_circle_circle", "c2d_collide_obb_circle",      "c2d_collide_obb_obb",
    "c2d_collide_obb_rect",      "c2d_collide_rect_circle",     "c2d_collide_rect_rect",
    "c2d_distance_circle_circle", "c2d_distance_obb_circle",    "c2d_distance_obb_obb",
    "c2d_distance_obb_rect",     "c2d_distance_rect_circle",    "c2d_distance_rect_rect",
    "c2d_intersect_segment_circle", "c2d_intersect_segment_obb", "c2d_intersect_segment_rect",
    "c2d_intersect_segment_segment", "c2d_intersection_rect",   "c2d_obb_from_rect",
    "c2d_overlap_circle_circle", "c2d_overlap_circlei_circlei", "c2d_overlap_obb_circle",
    "c2d_overlap_obb_obb",       "c2d_overlap_obb_rect",        "c2d_overlap_point_circle",
    "c2d_overlap_point_obb",     "c2d_overlap_point_rect",      "c2d_overlap_rect_circle",
    "c2d_overlap_rect_rect",     "c2d_overlap_recti_circlei",   "c2d_overlap_recti_recti",
    "c2d_rot_from_degrees",      "c2d_rot_from_radians",        "c2d_touch_circle_circle",
    "c2d_touch_circlei_circlei", "c2d_touch_obb_circle",        "c2d_touch_obb_obb",
    "c2d_touch_obb_rect",        "c2d_touch_point_circle",      "c2d_touch_point_obb",
    "c2d_touch_point_rect",      "c2d_touch_rect_circle",       "c2d_touch_rect_rect",
    "c2d_touch_recti_circlei",   "c2d_touch_recti_recti",       "c2d_version",
};

typedef uint32_t (*version_fn)(void);
typedef bool (*rect_rect_fn)(c2d_rect, c2d_rect);
typedef bool (*segment_segment_fn)(c2d_segment, c2d_segment);
typedef bool (*collide_circle_circle_fn)(c2d_circle, c2d_circle, c2d_contact *);
typedef bool (*circlei_circlei_fn)(c2d_circlei, c2d_circlei);
typedef c2d_obb (*obb_from_rect_fn)(c2d_rect, float);
typedef bool (*obb_circle_fn)(c2d_obb, c2d_circle);

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        failures++;
        printf("FAILED: %s\n", what);
    }
}

/* dlsym's object pointer turned into a function pointer without the cast ISO C forbids. */
#define LOOKUP(var, lib, name) \
    do { \
        void *sym_ = dlsym((lib), (name)); \
        check(sym_ != NULL, "dlsym " name); \
        memcpy(&(var), &sym_, sizeof(var)); \
    } while (0)

int main(int argc, char **argv)
{
    void *lib;
    size_t i, found = 0, missing = 0, named = 0;
    int k;
    version_fn version = NULL;
    rect_rect_fn overlap_rect_rect = NULL, touch_rect_rect = NULL;
    segment_segment_fn intersect_segment_segment = NULL;
    collide_circle_circle_fn collide_circle_circle = NULL;
    circlei_circlei_fn touch_circlei_circlei = NULL;
    obb_from_rect_fn obb_from_rect = NULL;
    obb_circle_fn overlap_obb_circle = NULL;

    if (argc < 2) {
        fprintf(stderr, "usage: %s path/to/libcollide2d.so [c2d_name...]\n", argv[0]);
        return 2;
    }
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        printf("FAILED: dlopen %s: %s\n", argv[1], dlerror());
        return 1;
    }

    for (i = 0; i < sizeof functions / sizeof functions[0]; i++) {
        if (dlsym(lib, functions[i]) != NULL) {
            found++;
        } else {
            missing++;
            printf("FAILED: missing symbol %s\n", functions[i]);
        }
    }
    for (k = 2; k < argc; k++) {
        named++;
        if (dlsym(lib, argv[k]) != NULL) {
            found++;
        } else {
            missing++;
            printf("FAILED: missing symbol %s\n", argv[k]);
        }
    }
    check(dlsym(lib, "c2d_no_such_function") == NULL, "an unknown name is not found");
    failures += (int)missing;

    LOOKUP(version, lib, "c2d_version");
    LOOKUP(overlap_rect_rect, lib, "c2d_overlap_rect_rect");
    LOOKUP(touch_rect_rect, lib, "c2d_touch_rect_rect");
    LOOKUP(intersect_segment_segment, lib, "c2d_intersect_segment_segment");
    LOOKUP(collide_circle_circle, lib, "c2d_collide_circle_circle");
    LOOKUP(touch_circlei_circlei, lib, "c2d_touch_circlei_circlei");
    LOOKUP(obb_from_rect, lib, "c2d_obb_from_rect");
    LOOKUP(overlap_obb_circle, lib, "c2d_overlap_obb_circle");

    if (failures == 0) {
        c2d_contact c;
        c2d_circlei a, b;
        uint32_t expected = ((uint32_t)C2D_VERSION_MAJOR << 16) |
                            ((uint32_t)C2D_VERSION_MINOR << 8) | (uint32_t)C2D_VERSION_PATCH;
        check(version() == expected, "c2d_version() matches the header");
        /* A platformer's strict test: flush rects do not collide; cocos2d-x's closed test: they touch. */
        check(!overlap_rect_rect(rect(0, 0, 32, 32), rect(32, 0, 32, 32)), "flush rects: overlap false");
        check(touch_rect_rect(rect(0, 0, 32, 32), rect(32, 0, 32, 32)), "flush rects: touch true");
        /* The usual cross-product test misses collinear overlap. */
        check(intersect_segment_segment(segment(0, 0, 10, 0), segment(5, 0, 15, 0)),
              "collinear overlapping segments intersect");
        check(collide_circle_circle(circle(0, 0, 5), circle(6, 8, 7), &c), "circles collide");
        check(c.depth > 1.999f && c.depth < 2.001f, "contact depth 2");
        check(c.normal.x > 0.599f && c.normal.x < 0.601f && c.normal.y > 0.799f && c.normal.y < 0.801f,
              "contact normal (0.6, 0.8)");
        check(collide_circle_circle(circle(0, 0, 5), circle(10, 0, 5), NULL) == false,
              "tangent circles: no contact, NULL out");
        a.x = INT32_MIN + 1;
        a.y = 0;
        a.r = INT32_MAX;
        b.x = INT32_MAX;
        b.y = 0;
        b.r = INT32_MAX;
        check(touch_circlei_circlei(a, b), "integer circles touching across the int32 range");
        a.x = INT32_MIN;
        check(!touch_circlei_circlei(a, b), "integer circles one unit apart across the int32 range");
        /* The cocos2d-x scene's rotated sprite against the circle dragged onto it. */
        check(overlap_obb_circle(obb_from_rect(rect(620, 300, 180, 72), 45), circle(680, 400, 50)),
              "cocos2d-x scene rotated rect against the circle over it");
        check(!overlap_obb_circle(obb_from_rect(rect(620, 300, 180, 72), 45), circle(500, 300, 50)),
              "cocos2d-x scene rotated rect against the circle at its start");
    }

    dlclose(lib);
    printf("dlopen: %lu of %lu lookups found (%lu built in, %lu named), %lu missing\n",
           (unsigned long)found, (unsigned long)(found + missing),
           (unsigned long)(sizeof functions / sizeof functions[0]), (unsigned long)named,
           (unsigned long)missing);
    printf("%d failed\n", failures);
    return failures != 0;
}
