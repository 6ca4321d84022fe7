/* Continuous collision, ray casts and moves through the C ABI: the game scenes and the
 * boundary rules, NULL and NaN handling. Entry point: test_sweep(), counted by the harness. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "test_macros.h"

/* A labelled check: the label names the scenario. */
#define SWEEP_CHECK(label, cond) (CASE(label), ENSURE(cond))

static void breakout_tunnelling(void) {
    c2d_rect paddle = rect(100, 130, 64, 8);
    c2d_rect ball = rect(120, 100, 8, 8);
    c2d_hit hit;
    c2d_rect after = rect(120, 150, 8, 8);
    SWEEP_CHECK("breakout: the frame-by-frame test misses the paddle",
                !c2d_overlap_rect_rect(ball, paddle) && !c2d_overlap_rect_rect(after, paddle));
    SWEEP_CHECK("breakout: ball moving 50 per frame through an 8-unit paddle is hit",
                c2d_sweep_rect_rect(ball, vec2(0, 50), paddle, &hit));
    SWEEP_CHECK("breakout: stops flush on the paddle", hit.pos.y == 122.0f && hit.pos.x == 120.0f);
    SWEEP_CHECK("breakout: normal points up, back toward the ball",
                hit.normal.x == 0.0f && hit.normal.y == -1.0f);
    SWEEP_CHECK("breakout: t is the contact fraction", hit.t == F32(0.44));
    SWEEP_CHECK("breakout: round ball too",
                c2d_sweep_circle_rect(circle(124, 104, 4), vec2(0, 50), paddle, &hit) &&
                    hit.pos.y <= 126.0f && hit.pos.y > 126.0f - 1.0f / 256.0f);
    SWEEP_CHECK("breakout: large mover over a small target between its corner paths",
                c2d_sweep_rect_rect(rect(0, 0, 64, 64), vec2(100, 0), rect(80, 30, 4, 4), &hit) &&
                    hit.pos.x == 16.0f);
    SWEEP_CHECK("breakout: fast small mover against a 1-unit wall",
                c2d_sweep_rect_rect(rect(0, 0, 2, 2), vec2(1000, 0), rect(100, -50, 1, 100), &hit) &&
                    hit.pos.x == 98.0f);
}

static void boundary_rules(void) {
    c2d_hit hit;
    c2d_rect floor = rect(0, 32, 320, 16);
    c2d_rect a = rect(0, 0, 32, 32);
    c2d_rect right = rect(32, 0, 32, 32);
    SWEEP_CHECK("sliding along a face while touching is not a hit",
                !c2d_sweep_rect_rect(rect(10, 0, 32, 32), vec2(100, 0), floor, &hit));
    SWEEP_CHECK("moving into a touching neighbour hits at t = 0",
                c2d_sweep_rect_rect(a, vec2(5, 0), right, &hit) && hit.t == 0.0f &&
                    hit.normal.x == -1.0f);
    SWEEP_CHECK("ending exactly in contact is not a hit",
                !c2d_sweep_rect_rect(a, vec2(8, 0), rect(40, 0, 32, 32), &hit));
    SWEEP_CHECK("already overlapping: t = 0 with the minimum translation",
                c2d_sweep_rect_rect(rect(0, 0, 10, 10), vec2(0, 0), rect(8, 1, 10, 10), &hit) &&
                    hit.t == 0.0f && hit.normal.x == -1.0f);
    SWEEP_CHECK("NULL out answers only", c2d_sweep_rect_rect(a, vec2(5, 0), right, NULL));
    SWEEP_CHECK("NaN is no hit", !c2d_sweep_rect_rect(a, vec2(NAN, 0), right, &hit));
    SWEEP_CHECK("NaN circle is no hit",
                !c2d_sweep_circle_circle(circle(0, 0, NAN), vec2(10, 0), circle(5, 0, 1), &hit));
    SWEEP_CHECK("circles meet at the sum of radii",
                c2d_sweep_circle_circle(circle(0, 0, 5), vec2(20, 0), circle(20, 0, 5), &hit) &&
                    hit.t <= 0.5f && hit.t > 0.49f && hit.normal.x == -1.0f);
    SWEEP_CHECK("rect against circle: normal from the circle toward the rect",
                c2d_sweep_rect_circle(rect(0, -5, 10, 10), vec2(20, 0), circle(25, 0, 5), &hit) &&
                    hit.normal.x < -0.99f && hit.pos.x <= 10.0f && hit.pos.x > 9.99f);
}

static void oriented_boxes(void) {
    c2d_hit hit;
    c2d_obb thin = c2d_obb_from_rect(rect(100, -50, 1, 100), 0.0f);
    c2d_obb turned = c2d_obb_from_rect(rect(100, -50, 1, 100), 10.0f);
    SWEEP_CHECK("rect against an axis-aligned obb: flush",
                c2d_sweep_rect_obb(rect(0, 0, 2, 2), vec2(1000, 0), thin, &hit) &&
                    hit.pos.x <= 98.0f && hit.pos.x > 98.0f - 1.0f / 256.0f);
    SWEEP_CHECK("rect against a turned thin obb is hit",
                c2d_sweep_rect_obb(rect(0, 0, 2, 2), vec2(1000, 0), turned, &hit) &&
                    !c2d_overlap_obb_rect(turned, rect(hit.pos.x, hit.pos.y, 2, 2)));
    SWEEP_CHECK("circle against a turned thin obb is hit",
                c2d_sweep_circle_obb(circle(0, 0, 1), vec2(1000, 0), turned, &hit) &&
                    !c2d_overlap_obb_circle(turned, circle(hit.pos.x, hit.pos.y, 1)));
}

static void raycasts(void) {
    c2d_hit hit;
    c2d_segment s;
    SWEEP_CHECK("ray against rect: entry face",
                c2d_raycast_rect(vec2(0, 5), vec2(20, 0), rect(10, 0, 10, 10), &hit) &&
                    hit.t == 0.5f && hit.normal.x == -1.0f && hit.pos.x == 10.0f);
    SWEEP_CHECK("ray from inside: t = 0, zero normal",
                c2d_raycast_rect(vec2(15, 5), vec2(20, 0), rect(10, 0, 10, 10), &hit) &&
                    hit.t == 0.0f && hit.normal.x == 0.0f && hit.normal.y == 0.0f);
    SWEEP_CHECK("ray against circle",
                c2d_raycast_circle(vec2(0, 0), vec2(10, 0), circle(10, 0, 5), &hit) &&
                    hit.t == 0.5f && hit.normal.x == -1.0f);
    s.a = vec2(8, 0);
    s.b = vec2(4, 0);
    SWEEP_CHECK("collinear segment: the first shared point",
                c2d_raycast_segment(vec2(0, 0), vec2(10, 0), s, &hit) && hit.t == F32(0.4));
    SWEEP_CHECK("ray misses exactly as the segment predicate does",
                c2d_raycast_obb(vec2(0, 0), vec2(5, 0), c2d_obb_from_rect(rect(10, 0, 5, 5), 0), &hit) ==
                    c2d_intersect_segment_obb(s, c2d_obb_from_rect(rect(10, 0, 5, 5), 0)));
}

static void moves(void) {
    c2d_rect tiles[20];
    c2d_move_info info;
    c2d_vec2 p;
    size_t i;
    uint32_t blocked = 99;
    c2d_recti stat = recti(84, 144, 32, 32);
    c2d_recti sq = recti(84 - 32 - 5, 150, 32, 32);
    c2d_recti moved;
    for (i = 0; i < 20; i++) {
        tiles[i] = rect(16.0f * (float)i, 100, 16, 16);
    }
    p = c2d_move_rect(rect(8, 84, 16, 16), vec2(200, 3), tiles, 20, C2D_SLIDE, &info);
    SWEEP_CHECK("slide along 16x16 tiles without catching on seams", p.x == 208.0f && p.y == 84.0f);
    SWEEP_CHECK("slide: one hit, the floor", info.count == 1 && info.first_hit.normal.y == -1.0f);
    p = c2d_move_rect(rect(0, 10, 10, 10), vec2(300, 0), tiles, 0, C2D_TOUCH, &info);
    SWEEP_CHECK("no obstacles: full move, first = SIZE_MAX",
                p.x == 300.0f && info.count == 0 && info.first == SIZE_MAX);
    p = c2d_move_rect(rect(0, 10, 10, 10), vec2(300, 0), NULL, 5, C2D_TOUCH, NULL);
    SWEEP_CHECK("NULL obstacles with n > 0 is no obstacles", p.x == 300.0f);
    tiles[0] = rect(50, 0, 10, 100);
    p = c2d_move_rect(rect(0, 10, 10, 10), vec2(300, 0), tiles, 1, 99u, &info);
    SWEEP_CHECK("unknown response acts as touch", p.x == 40.0f && info.count == 1 && info.first == 0);
    p = c2d_move_rect(rect(0, 10, 10, 10), vec2(300, 0), tiles, 1, C2D_CROSS, &info);
    SWEEP_CHECK("cross passes through, counted", p.x == 300.0f && info.count == 1);
    p = c2d_move_rect(rect(0, 10, 10, 10), vec2(300, 0), tiles, 1, C2D_IGNORE, &info);
    SWEEP_CHECK("ignore passes through, not counted", p.x == 300.0f && info.count == 0);
    p = c2d_move_rect(rect(0, 0, 10, 10), vec2(60, 20), tiles, 1, C2D_BOUNCE, &info);
    SWEEP_CHECK("bounce reflects the rest", p.x == 20.0f && p.y == 20.0f);

    moved = c2d_move_recti(sq, 7, 0, &stat, 1, &blocked);
    SWEEP_CHECK("GameLib squares: 7 units a frame ends flush (gap 0, no overlap)",
                moved.x + 32 == stat.x && blocked == C2D_BLOCKED_X &&
                    !c2d_overlap_recti_recti(moved, stat));
    moved = c2d_move_recti(sq, 7, 0, &stat, 1, NULL);
    SWEEP_CHECK("NULL blocked is fine", moved.x + 32 == stat.x);
    moved = c2d_move_recti(sq, 7, 0, NULL, 1, &blocked);
    SWEEP_CHECK("NULL obstacles is no obstacles", moved.x == sq.x + 7 && blocked == 0);
    moved = c2d_move_recti(recti(INT32_MAX - 3, 0, 2, 2), 100, 0, NULL, 0, &blocked);
    SWEEP_CHECK("saturates at INT32_MAX", moved.x == INT32_MAX && blocked == C2D_BLOCKED_X);
}

/* True when every float of the hit is a number (finite or infinite). */
static int hit_is_numbers(c2d_hit h) {
    return !isnan(h.t) && !isnan(h.normal.x) && !isnan(h.normal.y) && !isnan(h.point.x) &&
           !isnan(h.point.y) && !isnan(h.pos.x) && !isnan(h.pos.y);
}

/* A mover one size step thick: 1e-30, 1e-38 and the smallest subnormal. At y = -90 the sum
 * -90 + h is not exact in double precision; an entry a hair before t = 1 must still be a hit. */
static void size_ratios(void) {
    static const float thin[] = {1e-30f, 1e-38f, 0x1p-149f};
    size_t i;
    for (i = 0; i < sizeof thin / sizeof thin[0]; i++) {
        float h = thin[i];
        c2d_rect wall = rect(-5, 0, 20, 10);
        c2d_rect a = rect(45, -90, 10, h);
        c2d_vec2 d = vec2(-45, 90);
        c2d_hit hit;
        c2d_move_info info;
        c2d_vec2 p;
        SWEEP_CHECK("a rect as thin as a subnormal ends inside a wall by its height: the end overlaps",
                    c2d_overlap_rect_rect(rect(0, 0, 10, h), wall));
        SWEEP_CHECK("... and the sweep hits just before the end, flush below the wall",
                    c2d_sweep_rect_rect(a, d, wall, &hit) && hit.t < 1.0f && hit.t > 0.99f &&
                        hit.normal.y == -1.0f && hit.pos.y == -h &&
                        !c2d_overlap_rect_rect(rect(hit.pos.x, hit.pos.y, 10, h), wall));
        p = c2d_move_rect(a, d, &wall, 1, C2D_TOUCH, &info);
        SWEEP_CHECK("... and the move stops there with the hit reported",
                    info.count == 1 && info.first == 0 && p.y == -h &&
                        !c2d_overlap_rect_rect(rect(p.x, p.y, 10, h), wall));
        SWEEP_CHECK("a rect that thin in x ending inside a wall by its width is hit",
                    c2d_sweep_rect_rect(rect(-90, 45, h, 10), vec2(90, -45), rect(0, -5, 10, 20),
                                        &hit) &&
                        hit.normal.x == -1.0f && hit.pos.x == -h);
        SWEEP_CHECK("a circle of that radius whose centre ends on a face is hit",
                    c2d_sweep_circle_rect(circle(-90, 45, h), vec2(90, -45), rect(0, -5, 10, 20),
                                          &hit) &&
                        hit.t < 1.0f && hit.normal.x == -1.0f);
        SWEEP_CHECK("a rect whose face ends on the centre of a circle of that radius is hit",
                    c2d_sweep_rect_circle(rect(90, 0, 10, 5), vec2(-90, 0), circle(0, 2, h), &hit) &&
                        hit.t < 1.0f && hit.normal.x == 1.0f);
        SWEEP_CHECK("a circle of that radius against the wall as an oriented box turned 90 degrees",
                    c2d_sweep_circle_obb(circle(-90, 45, h), vec2(90, -45), obb(5, 5, 10, 5, 90), &hit) &&
                        hit.t < 1.0f && hit.t > 0.99f);
        SWEEP_CHECK("a box landing on a ledge that thin at y = 90 is hit above it",
                    c2d_sweep_rect_rect(rect(45, 180, 10, 10), vec2(-45, -90), rect(0, 90, 10, h),
                                        &hit) &&
                        hit.normal.y == 1.0f && hit.pos.y > 90.0f);
    }
}

/* No motion at an infinite speed: no hit, and the mover stays where it was. */
static void infinite_motion(void) {
    c2d_circle ball = circle(0, 5, 2);
    c2d_rect paddle = rect(30, 0, 10, 10);
    c2d_rect box = rect(0, 0, 10, 10);
    c2d_segment wall = segment(30, -50, 30, 50);
    c2d_hit hit;
    c2d_move_info info;
    c2d_vec2 p;
    uint32_t r;
    SWEEP_CHECK("a ball thrown at an infinite speed hits no paddle (either order)",
                !c2d_sweep_circle_rect(ball, vec2(INFINITY, 0), paddle, &hit) &&
                    !c2d_sweep_rect_circle(paddle, vec2(-INFINITY, 0), ball, &hit));
    SWEEP_CHECK("... nor a ball, box or oriented box",
                !c2d_sweep_circle_circle(ball, vec2(INFINITY, 0), circle(30, 5, 5), &hit) &&
                    !c2d_sweep_rect_rect(box, vec2(INFINITY, 5), paddle, &hit) &&
                    !c2d_sweep_circle_obb(ball, vec2(0, -INFINITY), c2d_obb_from_rect(paddle, 30), &hit) &&
                    !c2d_sweep_rect_obb(box, vec2(INFINITY, INFINITY), c2d_obb_from_rect(paddle, 30), &hit));
    SWEEP_CHECK("an infinite ray hits nothing",
                !c2d_raycast_rect(vec2(0, 5), vec2(INFINITY, 0), paddle, &hit) &&
                    !c2d_raycast_segment(vec2(0, 5), vec2(INFINITY, 0), wall, &hit) &&
                    !c2d_raycast_circle(vec2(0, 5), vec2(INFINITY, 0), circle(30, 5, 5), &hit) &&
                    !c2d_raycast_obb(vec2(0, 5), vec2(INFINITY, 0), c2d_obb_from_rect(paddle, 30), &hit));
    SWEEP_CHECK("a ray from an infinite origin hits nothing",
                !c2d_raycast_rect(vec2(-INFINITY, 5), vec2(50, 0), paddle, &hit) &&
                    !c2d_raycast_segment(vec2(-INFINITY, 0), vec2(50, 0), wall, &hit));
    for (r = C2D_IGNORE; r <= C2D_BOUNCE; r++) {
        p = c2d_move_rect(box, vec2(INFINITY, 5), &paddle, 1, r, &info);
        SWEEP_CHECK("a box moved by (inf, 5) stays at its start with no hits, whatever the response",
                    p.x == 0.0f && p.y == 0.0f && info.count == 0 && info.first == SIZE_MAX);
    }
}

/* An endless floor (w = INFINITY): every answer is made of numbers, finite where they can be. */
static void endless_floor(void) {
    c2d_rect floor = rect(-1000, 100, INFINITY, 20);
    c2d_rect crate = rect(0, 0, 10, 10);
    c2d_hit hit;
    c2d_move_info info;
    c2d_vec2 p;
    SWEEP_CHECK("a crate falls onto an endless floor and stops flush on it",
                c2d_sweep_rect_rect(crate, vec2(3, 200), floor, &hit) && hit_is_numbers(hit) &&
                    hit.normal.y == -1.0f && hit.pos.y == 90.0f && isfinite(hit.point.x));
    p = c2d_move_rect(crate, vec2(3, 200), &floor, 1, C2D_SLIDE, &info);
    SWEEP_CHECK("... and slides to a finite spot", p.x == 3.0f && p.y == 90.0f && info.count == 1);
    SWEEP_CHECK("a ball lands on it too",
                c2d_sweep_circle_rect(circle(5, 0, 5), vec2(3, 200), floor, &hit) &&
                    hit_is_numbers(hit) && isfinite(hit.pos.x) && hit.normal.y == -1.0f);
    SWEEP_CHECK("a ray straight down meets it halfway",
                c2d_raycast_rect(vec2(5, 0), vec2(0, 200), floor, &hit) && hit.t == 0.5f &&
                    hit.pos.y == 100.0f);
}

void test_sweep(void) {
    th_test = "sweep: breakout tunnelling";
    breakout_tunnelling();
    th_test = "sweep: boundary rules";
    boundary_rules();
    th_test = "sweep: oriented boxes";
    oriented_boxes();
    th_test = "raycasts";
    raycasts();
    th_test = "moves";
    moves();
    th_test = "sweep: size ratios";
    size_ratios();
    th_test = "sweep: infinite motion";
    infinite_motion();
    th_test = "sweep: endless floor";
    endless_floor();
}
