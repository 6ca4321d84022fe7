/* Every overlap_/touch_ pair in both flavours: overlapping, touching at an edge and at a corner,
 * one grid step apart, negative sizes, empty (r < 0) and point (r = 0) circles. Pairs of one
 * shape type are checked in both argument orders. */
#include "test_macros.h"

static void rect_rect(void)
{
    c2d_rect a = rect(0, 0, 10, 10);

    CASE("rect-rect: overlapping");
    EXPECT_SYM(rect_rect, a, rect(5, 5, 10, 10), 1, 1);
    CASE("rect-rect: one inside the other");
    EXPECT_SYM(rect_rect, a, rect(2, 3, 4, 5), 1, 1);
    CASE("rect-rect: sharing the edge x = 10 (flush neighbours)");
    EXPECT_SYM(rect_rect, a, rect(10, 0, 10, 10), 0, 1);
    CASE("rect-rect: sharing the edge y = 10, partly");
    EXPECT_SYM(rect_rect, a, rect(5, 10, 10, 10), 0, 1);
    CASE("rect-rect: sharing only the corner (10, 10)");
    EXPECT_SYM(rect_rect, a, rect(10, 10, 5, 5), 0, 1);
    CASE("rect-rect: sharing only the corner (0, 0), from below-left");
    EXPECT_SYM(rect_rect, a, rect(-5, -5, 5, 5), 0, 1);
    CASE("rect-rect: one grid step apart");
    EXPECT_SYM(rect_rect, a, rect(10 + STEP, 0, 10, 10), 0, 0);
    EXPECT_SYM(rect_rect, a, rect(0, -10 - STEP, 10, 10), 0, 0);
    EXPECT_SYM(rect_rect, a, rect(10 + STEP, 10 + STEP, 10, 10), 0, 0);
    CASE("rect-rect: one grid step deep");
    EXPECT_SYM(rect_rect, a, rect(10 - STEP, 0, 10, 10), 1, 1);
    EXPECT_SYM(rect_rect, a, rect(10 - STEP, 10 - STEP, 10, 10), 1, 1);
    CASE("rect-rect: far apart");
    EXPECT_SYM(rect_rect, a, rect(100, 100, 10, 10), 0, 0);
    CASE("rect-rect: negative sizes span the other way");
    EXPECT_SYM(rect_rect, rect(10, 10, -10, -10), rect(5, 5, 1, 1), 1, 1);
    EXPECT_SYM(rect_rect, rect(10, 10, -10, -10), rect(10, 0, 5, 5), 0, 1);
    EXPECT_SYM(rect_rect, rect(10, 10, -10, -10), rect(20, 5, -10, 1), 0, 1);
    EXPECT_SYM(rect_rect, rect(10, 0, -10, 10), rect(-STEP, 0, -5, 5), 0, 0);
    CASE("rect-rect: a zero-size rect inside, on the edge, at the same point");
    EXPECT_SYM(rect_rect, a, rect(5, 5, 0, 0), 1, 1);
    EXPECT_SYM(rect_rect, a, rect(10, 5, 0, 0), 0, 1);
    EXPECT_SYM(rect_rect, rect(5, 5, 0, 0), rect(5, 5, 0, 0), 0, 1);
    CASE("rect-rect: corners of the grid domain touch at the origin");
    EXPECT_SYM(rect_rect, rect(-16384, -16384, 16384, 16384), rect(0, 0, 16384, 16384), 0, 1);
    EXPECT_SYM(rect_rect, rect(-16384, -16384, 16384 + STEP, 16384), rect(0, 0, 16384, 16384),
               0, 1);
    EXPECT_SYM(rect_rect, rect(-16384, -16384, 16384 + STEP, 16384 + STEP),
               rect(0, 0, 16384, 16384), 1, 1);
    CASE("rect-rect: an edge just past 16384 (16383.99609375 + 0.0078125)");
    EXPECT_SYM(rect_rect, rect(16384 - STEP, 0, 2 * STEP, 1), rect(16384 + STEP, 0, 1, 1), 0, 1);
}

static void circle_circle(void)
{
    c2d_circle a = circle(0, 0, 5);
    /* A 3-4-5 triangle scaled by k = 2049 + 1/256: the centres are exactly 5k apart, a distance
     * whose square needs about 49 bits (f32 arithmetic rounds it). */
    const float k = 2049.0f + STEP;
    c2d_circle big = circle(0, 0, 2 * k);

    CASE("circle-circle: overlapping");
    EXPECT_SYM(circle_circle, a, circle(6, 0, 2), 1, 1);
    CASE("circle-circle: concentric");
    EXPECT_SYM(circle_circle, a, circle(0, 0, 1), 1, 1);
    CASE("circle-circle: externally tangent on an axis");
    EXPECT_SYM(circle_circle, a, circle(10, 0, 5), 0, 1);
    CASE("circle-circle: externally tangent on a 3-4-5 diagonal");
    EXPECT_SYM(circle_circle, a, circle(6, 8, 5), 0, 1);
    CASE("circle-circle: one grid step apart");
    EXPECT_SYM(circle_circle, a, circle(10 + STEP, 0, 5), 0, 0);
    CASE("circle-circle: one grid step deep");
    EXPECT_SYM(circle_circle, a, circle(10 - STEP, 0, 5), 1, 1);
    CASE("circle-circle: tangent at a 49-bit squared distance, exactly");
    EXPECT_SYM(circle_circle, big, circle(3 * k, 4 * k, 3 * k), 0, 1);
    EXPECT_SYM(circle_circle, big, circle(3 * k, 4 * k + STEP, 3 * k), 0, 0);
    EXPECT_SYM(circle_circle, big, circle(3 * k - STEP, 4 * k, 3 * k), 1, 1);
    EXPECT_SYM(circle_circle, big, circle(3 * k, 4 * k, 3 * k + STEP), 1, 1);
    CASE("circle-circle: d^2 a hair (2^-16) above and below (r1+r2)^2, where f32 says touching");
    /* 2896^2 + 4193407^2 = 4193408^2 + 1 and 2894^2 + 4187618^2 = 4187619^2 - 1 (in 1/256 units). */
    EXPECT_SYM(circle_circle, circle(0, 0, 8192),
               circle(2896 / 256.0f, 4193407 / 256.0f, 4193408 / 256.0f - 8192), 0, 0);
    EXPECT_SYM(circle_circle, circle(0, 0, 8192),
               circle(2894 / 256.0f, 4187618 / 256.0f, 4187619 / 256.0f - 8192), 1, 1);
    CASE("circle-circle: r < 0 is empty, even at the same centre");
    EXPECT_SYM(circle_circle, a, circle(0, 0, -1), 0, 0);
    EXPECT_SYM(circle_circle, circle(0, 0, -1), circle(0, 0, -1), 0, 0);
    EXPECT_SYM(circle_circle, circle(0, 0, -STEP), circle(0, 0, 100), 0, 0);
    CASE("circle-circle: r = 0 is a point: touches on the rim, never overlaps another point");
    EXPECT_SYM(circle_circle, circle(0, 0, 0), circle(0, 0, 0), 0, 1);
    EXPECT_SYM(circle_circle, circle(1, 1, 0), circle(1 + STEP, 1, 0), 0, 0);
    EXPECT_SYM(circle_circle, circle(3, 4, 0), a, 0, 1);
    EXPECT_SYM(circle_circle, circle(3, 4 + STEP, 0), a, 0, 0);
    CASE("circle-circle: r = 0 strictly inside a circle overlaps it (d^2 < (r1+r2)^2)");
    EXPECT_SYM(circle_circle, circle(1, 1, 0), a, 1, 1);
}

static void rect_circle(void)
{
    c2d_rect a = rect(0, 0, 10, 10);

    CASE("rect-circle: centre inside");
    EXPECT_PAIR(rect_circle, a, circle(5, 5, 1), 1, 1);
    CASE("rect-circle: circle containing the rect");
    EXPECT_PAIR(rect_circle, a, circle(5, 5, 100), 1, 1);
    CASE("rect-circle: tangent to each side");
    EXPECT_PAIR(rect_circle, a, circle(15, 5, 5), 0, 1);
    EXPECT_PAIR(rect_circle, a, circle(-5, 5, 5), 0, 1);
    EXPECT_PAIR(rect_circle, a, circle(5, 15, 5), 0, 1);
    EXPECT_PAIR(rect_circle, a, circle(5, -5, 5), 0, 1);
    CASE("rect-circle: one grid step off a side, one grid step into it");
    EXPECT_PAIR(rect_circle, a, circle(15 + STEP, 5, 5), 0, 0);
    EXPECT_PAIR(rect_circle, a, circle(15 - STEP, 5, 5), 1, 1);
    CASE("rect-circle: through the corner (10, 10) on a 3-4-5 diagonal");
    EXPECT_PAIR(rect_circle, a, circle(13, 14, 5), 0, 1);
    EXPECT_PAIR(rect_circle, a, circle(13, 14 + STEP, 5), 0, 0);
    EXPECT_PAIR(rect_circle, a, circle(13, 14 - STEP, 5), 1, 1);
    EXPECT_PAIR(rect_circle, a, circle(-3, -4, 5), 0, 1);
    CASE("rect-circle: the corner a hair (2^-16 in d^2) outside and inside the circle");
    EXPECT_PAIR(rect_circle, rect(0, 0, -10, -10),
                circle(2896 / 256.0f, 4193407 / 256.0f, 4193408 / 256.0f), 0, 0);
    EXPECT_PAIR(rect_circle, rect(0, 0, -10, -10),
                circle(2894 / 256.0f, 4187618 / 256.0f, 4187619 / 256.0f), 1, 1);
    CASE("rect-circle: corner region, within r of both sides but not of the corner");
    EXPECT_PAIR(rect_circle, a, circle(14, 14, 5), 0, 0);
    EXPECT_PAIR(rect_circle, a, circle(-4, 14, 5), 0, 0);
    CASE("rect-circle: negative sizes");
    EXPECT_PAIR(rect_circle, rect(10, 10, -10, -10), circle(13, 14, 5), 0, 1);
    EXPECT_PAIR(rect_circle, rect(10, 10, -10, -10), circle(5, 5, 1), 1, 1);
    EXPECT_PAIR(rect_circle, rect(10, 0, -10, 10), circle(-5 - STEP, 5, 5), 0, 0);
    CASE("rect-circle: r < 0 is empty, even inside the rect");
    EXPECT_PAIR(rect_circle, a, circle(5, 5, -1), 0, 0);
    CASE("rect-circle: r = 0 is a point: touches inside and on the boundary, never overlaps");
    EXPECT_PAIR(rect_circle, a, circle(5, 5, 0), 0, 1);
    EXPECT_PAIR(rect_circle, a, circle(10, 5, 0), 0, 1);
    EXPECT_PAIR(rect_circle, a, circle(10, 10, 0), 0, 1);
    EXPECT_PAIR(rect_circle, a, circle(10 + STEP, 10, 0), 0, 0);
    CASE("rect-circle: zero-size rect is a point");
    EXPECT_PAIR(rect_circle, rect(3, 4, 0, 0), circle(0, 0, 5), 0, 1);
    EXPECT_PAIR(rect_circle, rect(3, 4, 0, 0), circle(0, 0, 5 + STEP), 1, 1);
}

static void point_rect(void)
{
    c2d_rect a = rect(0, 0, 10, 10);

    CASE("point-rect: inside");
    EXPECT_PAIR(point_rect, vec2(5, 5), a, 1, 1);
    CASE("point-rect: on a side and on a corner");
    EXPECT_PAIR(point_rect, vec2(10, 5), a, 0, 1);
    EXPECT_PAIR(point_rect, vec2(5, 0), a, 0, 1);
    EXPECT_PAIR(point_rect, vec2(0, 0), a, 0, 1);
    EXPECT_PAIR(point_rect, vec2(10, 10), a, 0, 1);
    CASE("point-rect: one grid step outside and inside");
    EXPECT_PAIR(point_rect, vec2(10 + STEP, 5), a, 0, 0);
    EXPECT_PAIR(point_rect, vec2(-STEP, 5), a, 0, 0);
    EXPECT_PAIR(point_rect, vec2(10 - STEP, 10 - STEP), a, 1, 1);
    CASE("point-rect: negative sizes");
    EXPECT_PAIR(point_rect, vec2(5, 5), rect(10, 10, -10, -10), 1, 1);
    EXPECT_PAIR(point_rect, vec2(0, 10), rect(10, 10, -10, -10), 0, 1);
    EXPECT_PAIR(point_rect, vec2(11, 5), rect(10, 10, -10, -10), 0, 0);
    CASE("point-rect: zero-size rect at the point");
    EXPECT_PAIR(point_rect, vec2(3, 4), rect(3, 4, 0, 0), 0, 1);
}

static void point_circle(void)
{
    c2d_circle c = circle(0, 0, 5);

    CASE("point-circle: centre and inside");
    EXPECT_PAIR(point_circle, vec2(0, 0), c, 1, 1);
    EXPECT_PAIR(point_circle, vec2(3, 3), c, 1, 1);
    CASE("point-circle: on the rim (3, 4)");
    EXPECT_PAIR(point_circle, vec2(3, 4), c, 0, 1);
    EXPECT_PAIR(point_circle, vec2(-5, 0), c, 0, 1);
    CASE("point-circle: one grid step outside and inside the rim");
    EXPECT_PAIR(point_circle, vec2(3, 4 + STEP), c, 0, 0);
    EXPECT_PAIR(point_circle, vec2(3, 4 - STEP), c, 1, 1);
    CASE("point-circle: a hair (2^-16 in d^2) outside and inside the rim");
    EXPECT_PAIR(point_circle, vec2(2896 / 256.0f, 4193407 / 256.0f), circle(0, 0, 4193408 / 256.0f), 0, 0);
    EXPECT_PAIR(point_circle, vec2(2894 / 256.0f, 4187618 / 256.0f), circle(0, 0, 4187619 / 256.0f), 1, 1);
    CASE("point-circle: r < 0 is empty");
    EXPECT_PAIR(point_circle, vec2(0, 0), circle(0, 0, -1), 0, 0);
    CASE("point-circle: r = 0 is touched only at its centre");
    EXPECT_PAIR(point_circle, vec2(7, 7), circle(7, 7, 0), 0, 1);
    EXPECT_PAIR(point_circle, vec2(7, 7 + STEP), circle(7, 7, 0), 0, 0);
}

static void obb_circle(void)
{
    /* Half extents (5, 2) turned 90 degrees: spans x -2..2, y -5..5. */
    c2d_obb tall = obb(0, 0, 5, 2, 90);
    /* The unit square turned 45 degrees: a diamond with vertices at (+-sqrt 2, 0), (0, +-sqrt 2). */
    c2d_obb diamond = obb(0, 0, 1, 1, 45);

    CASE("obb-circle: at 0 degrees it is the rect");
    EXPECT_PAIR(obb_circle, obb(5, 5, 5, 5, 0), circle(15, 5, 5), 0, 1);
    EXPECT_PAIR(obb_circle, obb(5, 5, 5, 5, 0), circle(13, 14, 5), 0, 1);
    EXPECT_PAIR(obb_circle, obb(5, 5, 5, 5, 0), circle(14, 14, 5), 0, 0);
    EXPECT_PAIR(obb_circle, obb(5, 5, 5, 5, 0), circle(5, 5, 1), 1, 1);
    CASE("obb-circle: turned 90 degrees, tangent to the long side is exact");
    EXPECT_PAIR(obb_circle, tall, circle(5, 0, 3), 0, 1);
    EXPECT_PAIR(obb_circle, tall, circle(5 + STEP, 0, 3), 0, 0);
    EXPECT_PAIR(obb_circle, tall, circle(5 - STEP, 0, 3), 1, 1);
    EXPECT_PAIR(obb_circle, tall, circle(0, 8, 3), 0, 1);
    CASE("obb-circle: 180 and 270 degrees are exact too");
    EXPECT_PAIR(obb_circle, obb(0, 0, 5, 2, 180), circle(0, 5, 3), 0, 1);
    EXPECT_PAIR(obb_circle, obb(0, 0, 5, 2, 270), circle(5, 0, 3), 0, 1);
    EXPECT_PAIR(obb_circle, obb(0, 0, 5, 2, -90), circle(0, 8 + STEP, 3), 0, 0);
    CASE("obb-circle: 45-degree diamond, clear of and into a vertex");
    EXPECT_PAIR(obb_circle, diamond, circle(3, 0, 1.5f), 0, 0);
    EXPECT_PAIR(obb_circle, diamond, circle(3, 0, 1.7f), 1, 1);
    CASE("obb-circle: 45-degree diamond, the bounding box's corner region is outside");
    EXPECT_PAIR(obb_circle, diamond, circle(1.2f, 1.2f, 0.5f), 0, 0);
    EXPECT_PAIR(obb_circle, diamond, circle(1.2f, 1.2f, 1.0f), 1, 1);
    CASE("obb-circle: r < 0 is empty; r = 0 inside touches, never overlaps");
    EXPECT_PAIR(obb_circle, diamond, circle(0, 0, -1), 0, 0);
    EXPECT_PAIR(obb_circle, diamond, circle(0, 0, 0), 0, 1);
    CASE("obb-circle: negative half extents read as their magnitude");
    EXPECT_PAIR(obb_circle, obb(0, 0, -5, -2, 90), circle(5, 0, 3), 0, 1);
}

static void point_obb(void)
{
    c2d_obb tall = obb(0, 0, 5, 2, 90);
    c2d_obb diamond = obb(0, 0, 1, 1, 45);

    CASE("point-obb: inside");
    EXPECT_PAIR(point_obb, vec2(1, 4), tall, 1, 1);
    CASE("point-obb: on a side and a corner at 90 degrees");
    EXPECT_PAIR(point_obb, vec2(2, 0), tall, 0, 1);
    EXPECT_PAIR(point_obb, vec2(-2, -5), tall, 0, 1);
    CASE("point-obb: one grid step outside at 90 degrees");
    EXPECT_PAIR(point_obb, vec2(2 + STEP, 0), tall, 0, 0);
    EXPECT_PAIR(point_obb, vec2(0, 5 + STEP), tall, 0, 0);
    CASE("point-obb: diamond: its centre, and the bounding box corner outside it");
    EXPECT_PAIR(point_obb, vec2(0, 0), diamond, 1, 1);
    EXPECT_PAIR(point_obb, vec2(1.3f, 0), diamond, 1, 1);
    EXPECT_PAIR(point_obb, vec2(1, 1), diamond, 0, 0);
    EXPECT_PAIR(point_obb, vec2(1.5f, 0), diamond, 0, 0);
}

static void obb_rect(void)
{
    c2d_obb tall = obb(0, 0, 5, 2, 90);
    c2d_obb diamond = obb(0, 0, 1, 1, 45);

    CASE("obb-rect: at 0 degrees it is rect-rect");
    EXPECT_PAIR(obb_rect, obb(5, 5, 5, 5, 0), rect(10, 0, 10, 10), 0, 1);
    EXPECT_PAIR(obb_rect, obb(5, 5, 5, 5, 0), rect(10, 10, 10, 10), 0, 1);
    EXPECT_PAIR(obb_rect, obb(5, 5, 5, 5, 0), rect(10 - STEP, 0, 10, 10), 1, 1);
    CASE("obb-rect: turned 90 degrees: flush against a side and a corner, exactly");
    EXPECT_PAIR(obb_rect, tall, rect(2, -1, 3, 2), 0, 1);
    EXPECT_PAIR(obb_rect, tall, rect(2, 5, 3, 2), 0, 1);
    EXPECT_PAIR(obb_rect, tall, rect(2 + STEP, -1, 3, 2), 0, 0);
    EXPECT_PAIR(obb_rect, tall, rect(2 - STEP, -1, 3, 2), 1, 1);
    EXPECT_PAIR(obb_rect, tall, rect(-1, 5 + STEP, 2, 2), 0, 0);
    CASE("obb-rect: diamond inside the rect's bounding corner but separated by its own axis");
    EXPECT_PAIR(obb_rect, diamond, rect(0.9f, 0.9f, 2, 2), 0, 0);
    EXPECT_PAIR(obb_rect, diamond, rect(0.6f, 0.6f, 2, 2), 1, 1);
    CASE("obb-rect: diamond vertex into a rect's side");
    EXPECT_PAIR(obb_rect, diamond, rect(1.5f, -1, 2, 2), 0, 0);
    EXPECT_PAIR(obb_rect, diamond, rect(1.3f, -1, 2, 2), 1, 1);
    CASE("obb-rect: negative rect sizes");
    EXPECT_PAIR(obb_rect, tall, rect(5, 1, -3, -2), 0, 1);
}

static void obb_obb(void)
{
    c2d_obb tall = obb(0, 0, 5, 2, 90);
    c2d_obb diamond = obb(0, 0, 1, 1, 45);

    CASE("obb-obb: identical boxes");
    EXPECT_SYM(obb_obb, diamond, diamond, 1, 1);
    CASE("obb-obb: 90 and 0 degrees flush along a side, exactly");
    EXPECT_SYM(obb_obb, tall, obb(4, 0, 2, 1, 0), 0, 1);
    EXPECT_SYM(obb_obb, tall, obb(4 + STEP, 0, 2, 1, 0), 0, 0);
    EXPECT_SYM(obb_obb, tall, obb(4 - STEP, 0, 2, 1, 0), 1, 1);
    CASE("obb-obb: 90 and 180 degrees sharing a corner");
    EXPECT_SYM(obb_obb, tall, obb(4, 6, 2, 1, 180), 0, 1);
    EXPECT_SYM(obb_obb, tall, obb(4, 6 + STEP, 2, 1, 180), 0, 0);
    CASE("obb-obb: two diamonds, vertex to vertex, apart and crossing");
    EXPECT_SYM(obb_obb, diamond, obb(3, 0, 1, 1, 45), 0, 0);
    EXPECT_SYM(obb_obb, diamond, obb(2.6f, 0, 1, 1, 45), 1, 1);
    CASE("obb-obb: diamond against a square, separated only by the diamond's axis");
    EXPECT_SYM(obb_obb, diamond, obb(1.9f, 1.9f, 1, 1, 0), 0, 0);
    EXPECT_SYM(obb_obb, diamond, obb(1.6f, 1.6f, 1, 1, 0), 1, 1);
    CASE("obb-obb: rotated 30 degrees, far apart and concentric");
    EXPECT_SYM(obb_obb, obb(0, 0, 3, 1, 30), obb(10, 0, 3, 1, -30), 0, 0);
    EXPECT_SYM(obb_obb, obb(0, 0, 3, 1, 30), obb(0, 0, 3, 1, -30), 1, 1);
}

static void overlap_implies_touch(void)
{
    /* Across a small grid of positions, the strict answer never exceeds the closed one, and
     * the one-type pairs are symmetric. */
    int ok_implies = 1, ok_sym = 1;
    float x, y;
    CASE("overlap implies touch, and symmetry, over a 0.5-step grid");
    for (x = -8; x <= 8; x += 0.5f) {
        for (y = -8; y <= 8; y += 0.5f) {
            c2d_rect a = rect(0, 0, 4, 3), b = rect(x, y, 4, 3);
            c2d_circle c = circle(0, 0, 3), d = circle(x, y, 2);
            c2d_obb o = obb(0, 0, 3, 1, 90), p = obb(x, y, 2, 1, 180);
            c2d_vec2 v = vec2(x, y);
            ok_implies &= !c2d_overlap_rect_rect(a, b) || c2d_touch_rect_rect(a, b);
            ok_implies &= !c2d_overlap_circle_circle(c, d) || c2d_touch_circle_circle(c, d);
            ok_implies &= !c2d_overlap_rect_circle(a, d) || c2d_touch_rect_circle(a, d);
            ok_implies &= !c2d_overlap_point_rect(v, a) || c2d_touch_point_rect(v, a);
            ok_implies &= !c2d_overlap_point_circle(v, c) || c2d_touch_point_circle(v, c);
            ok_implies &= !c2d_overlap_obb_circle(o, d) || c2d_touch_obb_circle(o, d);
            ok_implies &= !c2d_overlap_obb_rect(o, b) || c2d_touch_obb_rect(o, b);
            ok_implies &= !c2d_overlap_obb_obb(o, p) || c2d_touch_obb_obb(o, p);
            ok_implies &= !c2d_overlap_point_obb(v, o) || c2d_touch_point_obb(v, o);
            ok_sym &= c2d_overlap_rect_rect(a, b) == c2d_overlap_rect_rect(b, a);
            ok_sym &= c2d_touch_rect_rect(a, b) == c2d_touch_rect_rect(b, a);
            ok_sym &= c2d_overlap_circle_circle(c, d) == c2d_overlap_circle_circle(d, c);
            ok_sym &= c2d_touch_circle_circle(c, d) == c2d_touch_circle_circle(d, c);
            ok_sym &= c2d_overlap_obb_obb(o, p) == c2d_overlap_obb_obb(p, o);
            ok_sym &= c2d_touch_obb_obb(o, p) == c2d_touch_obb_obb(p, o);
            /* Boxes turned by multiples of 90 degrees answer as the rects they cover. */
            ok_sym &= c2d_overlap_obb_rect(p, a) == c2d_overlap_rect_rect(rect(x - 2, y - 1, 4, 2), a);
            ok_sym &= c2d_touch_obb_rect(p, a) == c2d_touch_rect_rect(rect(x - 2, y - 1, 4, 2), a);
        }
    }
    ENSURE(ok_implies);
    ENSURE(ok_sym);
}

void test_predicates(void)
{
    RUN_TEST(rect_rect);
    RUN_TEST(circle_circle);
    RUN_TEST(rect_circle);
    RUN_TEST(point_rect);
    RUN_TEST(point_circle);
    RUN_TEST(obb_circle);
    RUN_TEST(point_obb);
    RUN_TEST(obb_rect);
    RUN_TEST(obb_obb);
    RUN_TEST(overlap_implies_touch);
}
