/* An "old" program: compiled against collide2d.h as frozen beside it (the 1.0.0 header), linked to
 * whatever libcollide2d.so.1 is current. It must keep running unchanged: every struct it passes
 * or receives by value or through a pointer keeps its layout, every function its meaning.
 * Built and run by .ci/abi/check; never edit the frozen header (add a new program instead). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "collide2d.h"

static int failures = 0;

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "abi_old: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                   \
        }                                                                 \
    } while (0)

static c2d_rect rect(float x, float y, float w, float h) {
    c2d_rect r = {x, y, w, h};
    return r;
}

static c2d_vec2 vec(float x, float y) {
    c2d_vec2 v = {x, y};
    return v;
}

int main(void) {
    /* The library's major version is the one this program was built for. */
    CHECK((c2d_version() >> 16) == C2D_VERSION_MAJOR);

    /* Predicates, both flavours (seed 000's touching boxes). */
    c2d_rect a = rect(0, 0, 32, 32), b = rect(32, 0, 32, 32);
    CHECK(!c2d_overlap_rect_rect(a, b));
    CHECK(c2d_touch_rect_rect(a, b));
    c2d_circle c1 = {0, 0, 1}, c2 = {2, 0, 1};
    CHECK(!c2d_overlap_circle_circle(c1, c2) && c2d_touch_circle_circle(c1, c2));
    c2d_recti ri = {INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX}, rj = {-1, -1, 1, 1};
    CHECK(!c2d_overlap_recti_recti(ri, rj) && c2d_touch_recti_recti(ri, rj));
    c2d_obb o = c2d_obb_from_rect(rect(0, 0, 2, 4), 90.0f);
    CHECK(o.center.x == -2.0f && o.center.y == 1.0f && o.half.x == 1.0f && o.half.y == 2.0f);
    CHECK(o.rot.c == 0.0f && o.rot.s == 1.0f);
    CHECK(c2d_overlap_point_obb(vec(-2, 1), o));
    c2d_segment s = {{-1, 16}, {100, 16}};
    CHECK(c2d_intersect_segment_rect(s, a));

    /* A struct returned through a pointer: the contact (normal, depth, point). */
    c2d_contact ct;
    memset(&ct, 0, sizeof ct);
    CHECK(c2d_collide_rect_rect(a, rect(30, 0, 32, 32), &ct));
    CHECK(ct.normal.x == 1.0f && ct.normal.y == 0.0f && ct.depth == 2.0f);
    CHECK(ct.point.x == 31.0f && ct.point.y == 16.0f);
    CHECK(!c2d_collide_rect_rect(a, b, NULL));
    c2d_rect box;
    CHECK(c2d_intersection_rect(a, rect(30, 10, 32, 32), &box));
    CHECK(box.x == 30.0f && box.y == 10.0f && box.w == 2.0f && box.h == 22.0f);
    CHECK(c2d_distance_rect_rect(a, rect(40, 0, 1, 1)) == 8.0f);

    /* The hit: t, normal, point, pos in that order. */
    c2d_hit h;
    memset(&h, 0, sizeof h);
    CHECK(c2d_sweep_rect_rect(rect(0, 0, 1, 1), vec(4, 0), rect(3, 0, 1, 1), &h));
    CHECK(h.t == 0.5f && h.normal.x == -1.0f && h.normal.y == 0.0f);
    CHECK(h.pos.x == 2.0f && h.pos.y == 0.0f);
    CHECK(c2d_raycast_rect(vec(0, 0.5f), vec(4, 0), rect(3, 0, 1, 1), &h) && h.t == 0.75f);

    /* The move info: count, first, first_hit (size_t fields before the hit). */
    c2d_rect walls[2] = {{3, -5, 1, 10}, {-5, 3, 10, 1}};
    c2d_move_info info;
    memset(&info, 0xff, sizeof info);
    c2d_vec2 p = c2d_move_rect(rect(0, 0, 1, 1), vec(4, 1), walls, 2, C2D_SLIDE, &info);
    CHECK(p.x == 2.0f && p.y == 1.0f);
    CHECK(info.count == 1 && info.first == 0);
    CHECK(info.first_hit.t == 0.5f && info.first_hit.normal.x == -1.0f);
    CHECK(info.first_hit.pos.x == 2.0f && info.first_hit.pos.y == 0.5f);
    uint32_t blocked = 0;
    c2d_recti wall = {3, -5, 1, 10};
    c2d_recti moved = c2d_move_recti((c2d_recti){0, 0, 1, 1}, 10, 2, &wall, 1, &blocked);
    CHECK(moved.x == 2 && moved.y == 2 && blocked == C2D_BLOCKED_X);

    /* The world: opaque pointer, uint64_t handles, c2d_world_hit and c2d_pair layouts. */
    c2d_world *w = c2d_world_new(4.0f);
    CHECK(w != NULL);
    uint64_t ia = c2d_world_add(w, rect(0, 0, 2, 2), 10);
    uint64_t ib = c2d_world_add(w, rect(1, 0, 2, 2), 20);
    uint64_t ic = c2d_world_add(w, rect(8, 0, 1, 8), 30);
    CHECK(ia != 0 && ib != 0 && ic != 0 && c2d_world_count(w) == 3);
    c2d_pair pairs[2];
    CHECK(c2d_world_pairs(w, pairs, 2) == 1);
    CHECK(pairs[0].a == (ia < ib ? ia : ib) && pairs[0].b == (ia < ib ? ib : ia));
    c2d_world_hit hits[4];
    c2d_segment ray = {{-1, 1}, {20, 1}};
    CHECK(c2d_world_query_segment(w, ray, hits, 4) == 3);
    CHECK(hits[0].id == ia && hits[2].id == ic && hits[2].hit.t > hits[0].hit.t);
    c2d_vec2 actual;
    size_t nhits = 0;
    CHECK(c2d_world_move(w, ia, vec(10, 0), NULL, NULL, &actual, hits, 4, &nhits) == C2D_OK);
    /* Since 1.1 (a documented behaviour change) `ia`, which starts inside `ib`, leaves it the
     * way bump.lua does: where its line of motion entered `ib` (x = -1), then slides. */
    CHECK(actual.x == -1.0f && actual.y == 0.0f && nhits == 1 && hits[0].id == ib);
    c2d_rect got;
    uint64_t user = 0;
    CHECK(c2d_world_get(w, ia, &got, &user) == C2D_OK && got.x == -1.0f && user == 10);
    CHECK(c2d_world_remove(w, ia) == C2D_OK && c2d_world_remove(w, ia) == C2D_ERR_STALE);
    CHECK(c2d_status_str(C2D_ERR_STALE) != NULL);
    c2d_world_free(w);

    /* Bad input keeps its defined answers. */
    CHECK(!c2d_overlap_rect_rect(rect(NAN, 0, 1, 1), a));
    CHECK(isnan(c2d_distance_rect_rect(rect(NAN, 0, 1, 1), a)));

    if (failures) {
        fprintf(stderr, "abi_old: %d failure(s)\n", failures);
        return 1;
    }
    printf("abi_old: a program built against the 1.0 header runs against this library\n");
    return 0;
}
