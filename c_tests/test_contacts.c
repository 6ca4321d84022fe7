/* Contacts (collide_*), the intersection rect, closest points and distances.
 *
 * Every contact is checked against its promise: the answer equals the strict overlap, the normal
 * is a unit vector from the first shape to the second, moving the first shape by -normal*depth
 * leaves the two touching (a little further separates them, half of it does not), and the point
 * lies in both shapes. A NULL out pointer is allowed, and `out` is untouched when the answer is
 * false. */
#include "test_macros.h"

#define SENTINEL 0x5A

/* Slack for positions computed through a rotation or a square root. */
#define EPS 1e-3f

static c2d_rect shift_rect(c2d_rect r, c2d_vec2 d, float k)
{
    return rect(r.x + d.x * k, r.y + d.y * k, r.w, r.h);
}

static c2d_circle shift_circle(c2d_circle c, c2d_vec2 d, float k)
{
    return circle(c.x + d.x * k, c.y + d.y * k, c.r);
}

static c2d_obb shift_obb(c2d_obb o, c2d_vec2 d, float k)
{
    o.center = vec2(o.center.x + d.x * k, o.center.y + d.y * k);
    return o;
}

static int in_rect(c2d_vec2 p, c2d_rect r)
{
    c2d_rect n = r;
    if (n.w < 0) {
        n.x += n.w;
        n.w = -n.w;
    }
    if (n.h < 0) {
        n.y += n.h;
        n.h = -n.h;
    }
    return c2d_touch_point_rect(p, rect(n.x - EPS, n.y - EPS, n.w + 2 * EPS, n.h + 2 * EPS));
}

static int in_circle(c2d_vec2 p, c2d_circle c)
{
    return c2d_touch_point_circle(p, circle(c.x, c.y, c.r + EPS));
}

static int in_obb(c2d_vec2 p, c2d_obb o)
{
    o.half = vec2(fabsf(o.half.x) + EPS, fabsf(o.half.y) + EPS);
    return c2d_touch_point_obb(p, o);
}

static int untouched(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) {
        if (b[i] != SENTINEL) {
            return 0;
        }
    }
    return 1;
}

/* The shared checks of one contact answer; `sep`/`half` say whether the first shape, moved by
 * -normal*(depth + slack) and by -normal*depth/2, still overlaps the second. */
static void check_contact(int hit, int overlap, int hit_null, const c2d_contact *out, int point_in_a,
                          int point_in_b, int sep, int half)
{
    ENSURE(hit == overlap);
    ENSURE(hit_null == hit);
    if (!hit) {
        ENSURE(untouched(out, sizeof *out));
        return;
    }
    ENSURE_NEAR(sqrt((double)out->normal.x * out->normal.x + (double)out->normal.y * out->normal.y),
                1.0, 1e-6);
    ENSURE(out->depth > 0);
    ENSURE(point_in_a);
    ENSURE(point_in_b);
    ENSURE(!sep);
    ENSURE(half);
}

#define CONTACT(pair, a, b, shift_a, in_a, in_b, c) \
    do { \
        int hit_; \
        float far_; \
        memset(&(c), SENTINEL, sizeof(c)); \
        hit_ = c2d_collide_##pair((a), (b), &(c)); \
        far_ = (c).depth * (1 + 1e-4f) + 1e-4f; \
        check_contact(hit_, c2d_overlap_##pair((a), (b)), c2d_collide_##pair((a), (b), NULL), &(c), \
                      hit_ && in_a((c).point, (a)), hit_ && in_b((c).point, (b)), \
                      hit_ && c2d_overlap_##pair(shift_a((a), (c).normal, -far_), (b)), \
                      hit_ && c2d_overlap_##pair(shift_a((a), (c).normal, -(c).depth / 2), (b))); \
    } while (0)

#define EXPECT_CONTACT(c, nx, ny, d, px, py, tol) \
    do { \
        ENSURE_NEAR((c).normal.x, nx, tol); \
        ENSURE_NEAR((c).normal.y, ny, tol); \
        ENSURE_NEAR((c).depth, d, tol); \
        ENSURE_NEAR((c).point.x, px, tol); \
        ENSURE_NEAR((c).point.y, py, tol); \
    } while (0)

static void collide_rect_rect(void)
{
    c2d_rect a = rect(0, 0, 10, 10);
    c2d_contact c;

    CASE("collide rect-rect: shallower along +x");
    CONTACT(rect_rect, a, rect(8, 2, 10, 4), shift_rect, in_rect, in_rect, c);
    EXPECT_CONTACT(c, 1, 0, 2, 9, 4, 0);
    CASE("collide rect-rect: shallower along -x");
    CONTACT(rect_rect, a, rect(-8, 2, 10, 4), shift_rect, in_rect, in_rect, c);
    EXPECT_CONTACT(c, -1, 0, 2, 1, 4, 0);
    CASE("collide rect-rect: shallower along +y");
    CONTACT(rect_rect, a, rect(2, 9, 4, 10), shift_rect, in_rect, in_rect, c);
    EXPECT_CONTACT(c, 0, 1, 1, 4, 9.5f, 0);
    CASE("collide rect-rect: shallower along -y");
    CONTACT(rect_rect, a, rect(2, -9, 4, 10), shift_rect, in_rect, in_rect, c);
    EXPECT_CONTACT(c, 0, -1, 1, 4, 0.5f, 0);
    CASE("collide rect-rect: identical rects pick the documented normal (1, 0)");
    CONTACT(rect_rect, a, a, shift_rect, in_rect, in_rect, c);
    EXPECT_CONTACT(c, 1, 0, 10, 5, 5, 0);
    CASE("collide rect-rect: negative sizes");
    CONTACT(rect_rect, rect(10, 10, -10, -10), rect(18, 6, -10, -4), shift_rect, in_rect, in_rect, c);
    EXPECT_CONTACT(c, 1, 0, 2, 9, 4, 0);
    CASE("collide rect-rect: flush rects do not collide, out untouched");
    CONTACT(rect_rect, a, rect(10, 0, 10, 10), shift_rect, in_rect, in_rect, c);
    CONTACT(rect_rect, a, rect(10, 10, 1, 1), shift_rect, in_rect, in_rect, c);
    CASE("collide rect-rect: one grid step deep");
    CONTACT(rect_rect, a, rect(10 - STEP, 3, 10, 10), shift_rect, in_rect, in_rect, c);
    EXPECT_CONTACT(c, 1, 0, STEP, 10 - STEP / 2, 6.5f, 0);
}

static void collide_circle_circle(void)
{
    c2d_contact c;

    CASE("collide circle-circle: along the 3-4-5 line of centres");
    CONTACT(circle_circle, circle(0, 0, 5), circle(6, 8, 7), shift_circle, in_circle, in_circle, c);
    EXPECT_CONTACT(c, 0.6f, 0.8f, 2, 2.4f, 3.2f, 1e-6);
    CASE("collide circle-circle: concentric circles pick the documented normal (1, 0)");
    CONTACT(circle_circle, circle(1, 1, 2), circle(1, 1, 3), shift_circle, in_circle, in_circle, c);
    EXPECT_CONTACT(c, 1, 0, 5, 1, 1, 1e-6);
    CASE("collide circle-circle: a point circle inside a circle, pushed out to the rim");
    CONTACT(circle_circle, circle(1, 0, 0), circle(0, 0, 5), shift_circle, in_circle, in_circle, c);
    EXPECT_CONTACT(c, -1, 0, 4, 1, 0, 1e-6);
    CASE("collide circle-circle: a small circle inside a big one: the point stays in both");
    CONTACT(circle_circle, circle(0, 0, 1), circle(0.5f, 0, 10), shift_circle, in_circle, in_circle, c);
    EXPECT_CONTACT(c, 1, 0, 10.5f, 0, 0, 1e-6);
    CONTACT(circle_circle, circle(0.5f, 0, 10), circle(0, 0, 1), shift_circle, in_circle, in_circle, c);
    EXPECT_CONTACT(c, -1, 0, 10.5f, 0, 0, 1e-6);
    CASE("collide circle-circle: tangent circles do not collide");
    CONTACT(circle_circle, circle(0, 0, 5), circle(6, 8, 5), shift_circle, in_circle, in_circle, c);
    CASE("collide circle-circle: r < 0 never collides");
    CONTACT(circle_circle, circle(0, 0, -1), circle(0, 0, 5), shift_circle, in_circle, in_circle, c);
    CONTACT(circle_circle, circle(0, 0, 5), circle(0, 0, -1), shift_circle, in_circle, in_circle, c);
}

static void collide_rect_circle(void)
{
    c2d_rect a = rect(0, 0, 10, 10);
    c2d_contact c;

    CASE("collide rect-circle: centre outside, past the +x side");
    CONTACT(rect_circle, a, circle(12, 5, 3), shift_rect, in_rect, in_circle, c);
    EXPECT_CONTACT(c, 1, 0, 1, 10, 5, 1e-6);
    CASE("collide rect-circle: centre outside, past the corner (10, 10)");
    CONTACT(rect_circle, a, circle(13, 14, 6), shift_rect, in_rect, in_circle, c);
    EXPECT_CONTACT(c, 0.6f, 0.8f, 1, 10, 10, 1e-6);
    CASE("collide rect-circle: centre inside, out through the nearest side (+x)");
    CONTACT(rect_circle, a, circle(9, 5, 2), shift_rect, in_rect, in_circle, c);
    EXPECT_CONTACT(c, 1, 0, 3, 9, 5, 1e-6);
    CASE("collide rect-circle: centre inside, out through the nearest side (-y)");
    CONTACT(rect_circle, a, circle(5, 1, 2), shift_rect, in_rect, in_circle, c);
    EXPECT_CONTACT(c, 0, -1, 3, 5, 1, 1e-6);
    CASE("collide rect-circle: centre at the rect's centre: the documented normal (1, 0)");
    CONTACT(rect_circle, a, circle(5, 5, 1), shift_rect, in_rect, in_circle, c);
    EXPECT_CONTACT(c, 1, 0, 6, 5, 5, 1e-6);
    CASE("collide rect-circle: tangent, corner region and empty circles do not collide");
    CONTACT(rect_circle, a, circle(15, 5, 5), shift_rect, in_rect, in_circle, c);
    CONTACT(rect_circle, a, circle(14, 14, 5), shift_rect, in_rect, in_circle, c);
    CONTACT(rect_circle, a, circle(5, 5, -1), shift_rect, in_rect, in_circle, c);
}

static void collide_obb_circle(void)
{
    c2d_contact c;

    CASE("collide obb-circle: at 0 degrees as rect-circle");
    CONTACT(obb_circle, obb(5, 5, 5, 5, 0), circle(13, 14, 6), shift_obb, in_obb, in_circle, c);
    EXPECT_CONTACT(c, 0.6f, 0.8f, 1, 10, 10, 1e-6);
    CASE("collide obb-circle: turned 90 degrees, the normal turns with the box");
    CONTACT(obb_circle, obb(0, 0, 4, 2, 90), circle(3, 0, 2), shift_obb, in_obb, in_circle, c);
    EXPECT_CONTACT(c, 1, 0, 1, 2, 0, 1e-6);
    CASE("collide obb-circle: 30 degrees, centre outside and inside");
    CONTACT(obb_circle, obb(0, 0, 4, 2, 30), circle(4, 3, 2), shift_obb, in_obb, in_circle, c);
    ENSURE(c2d_overlap_obb_circle(obb(0, 0, 4, 2, 30), circle(4, 3, 2)));
    CONTACT(obb_circle, obb(0, 0, 4, 2, 30), circle(1, 1, 1), shift_obb, in_obb, in_circle, c);
    ENSURE(c2d_overlap_obb_circle(obb(0, 0, 4, 2, 30), circle(1, 1, 1)));
    CASE("collide obb-circle: apart");
    CONTACT(obb_circle, obb(0, 0, 4, 2, 30), circle(10, 10, 2), shift_obb, in_obb, in_circle, c);
}

static void collide_obb_rect(void)
{
    c2d_contact c;

    CASE("collide obb-rect: at 0 degrees as rect-rect");
    CONTACT(obb_rect, obb(5, 5, 5, 5, 0), rect(8, 2, 10, 4), shift_obb, in_obb, in_rect, c);
    EXPECT_CONTACT(c, 1, 0, 2, 9, 4, 1e-6);
    CASE("collide obb-rect: turned 90 degrees");
    CONTACT(obb_rect, obb(0, 0, 5, 2, 90), rect(1, -1, 4, 2), shift_obb, in_obb, in_rect, c);
    ENSURE_NEAR(c.normal.x, 1, 1e-6);
    ENSURE_NEAR(c.normal.y, 0, 1e-6);
    ENSURE_NEAR(c.depth, 1, 1e-6);
    CASE("collide obb-rect: diamond vertex into a rect's left side");
    CONTACT(obb_rect, obb(0, 0, 1, 1, 45), rect(1.3f, -1, 2, 2), shift_obb, in_obb, in_rect, c);
    ENSURE_NEAR(c.normal.x, 1, 1e-6);
    ENSURE_NEAR(c.depth, sqrt(2.0) - 1.3, 1e-6);
    CASE("collide obb-rect: flush at 90 degrees does not collide");
    CONTACT(obb_rect, obb(0, 0, 5, 2, 90), rect(2, -1, 3, 2), shift_obb, in_obb, in_rect, c);
}

static void collide_obb_obb(void)
{
    c2d_obb diamond = obb(0, 0, 1, 1, 45);
    c2d_contact c;

    CASE("collide obb-obb: identical diamonds pick the box's own +x axis");
    CONTACT(obb_obb, diamond, diamond, shift_obb, in_obb, in_obb, c);
    ENSURE_NEAR(c.normal.x, sqrt(0.5), 1e-6);
    ENSURE_NEAR(c.normal.y, sqrt(0.5), 1e-6);
    ENSURE_NEAR(c.depth, 2, 1e-6);
    CASE("collide obb-obb: two diamonds side by side");
    CONTACT(obb_obb, diamond, obb(2.6f, 0, 1, 1, 45), shift_obb, in_obb, in_obb, c);
    ENSURE_NEAR(c.depth, 2 - 2.6 * sqrt(0.5), 1e-6);
    CASE("collide obb-obb: 30 against -30 degrees");
    CONTACT(obb_obb, obb(0, 0, 3, 1, 30), obb(4, 2, 3, 1, -30), shift_obb, in_obb, in_obb, c);
    ENSURE(c2d_overlap_obb_obb(obb(0, 0, 3, 1, 30), obb(4, 2, 3, 1, -30)));
    CASE("collide obb-obb: 90 against 0 degrees, exactly as the rects");
    CONTACT(obb_obb, obb(0, 0, 5, 2, 90), obb(3, 0, 2, 1, 0), shift_obb, in_obb, in_obb, c);
    EXPECT_CONTACT(c, 1, 0, 1, 1.5f, 0, 1e-6);
    CASE("collide obb-obb: separated only by the diamond's axis");
    CONTACT(obb_obb, diamond, obb(1.9f, 1.9f, 1, 1, 0), shift_obb, in_obb, in_obb, c);
}

static void intersection_rect(void)
{
    c2d_rect out;

    CASE("intersection rect: overlapping corners");
    ENSURE(c2d_intersection_rect(rect(0, 0, 10, 10), rect(5, 5, 10, 10), &out));
    ENSURE(out.x == 5 && out.y == 5 && out.w == 5 && out.h == 5);
    ENSURE(c2d_intersection_rect(rect(5, 5, 10, 10), rect(0, 0, 10, 10), &out));
    ENSURE(out.x == 5 && out.y == 5 && out.w == 5 && out.h == 5);
    CASE("intersection rect: one inside the other");
    ENSURE(c2d_intersection_rect(rect(0, 0, 10, 10), rect(2, 3, 4, 5), &out));
    ENSURE(out.x == 2 && out.y == 3 && out.w == 4 && out.h == 5);
    CASE("intersection rect: negative sizes give a positive-size result");
    ENSURE(c2d_intersection_rect(rect(10, 10, -10, -10), rect(15, 15, -10, -10), &out));
    ENSURE(out.x == 5 && out.y == 5 && out.w == 5 && out.h == 5);
    CASE("intersection rect: one grid step of overlap");
    ENSURE(c2d_intersection_rect(rect(0, 0, 10, 10), rect(10 - STEP, -5, 10, 20), &out));
    ENSURE(out.x == 10 - STEP && out.y == 0 && out.w == STEP && out.h == 10);
    CASE("intersection rect: flush rects: false, out untouched");
    memset(&out, SENTINEL, sizeof out);
    ENSURE(!c2d_intersection_rect(rect(0, 0, 10, 10), rect(10, 0, 10, 10), &out));
    ENSURE(untouched(&out, sizeof out));
    ENSURE(!c2d_intersection_rect(rect(0, 0, 10, 10), rect(20, 20, 1, 1), &out));
    ENSURE(untouched(&out, sizeof out));
    CASE("intersection rect: NULL out answers the bool only");
    ENSURE(c2d_intersection_rect(rect(0, 0, 10, 10), rect(5, 5, 10, 10), NULL));
    ENSURE(!c2d_intersection_rect(rect(0, 0, 10, 10), rect(10, 0, 10, 10), NULL));
}

#define EXPECT_POINT(p, px, py, tol) \
    do { \
        c2d_vec2 q_ = (p); \
        ENSURE_NEAR(q_.x, px, tol); \
        ENSURE_NEAR(q_.y, py, tol); \
    } while (0)

static void closest_points(void)
{
    c2d_rect a = rect(0, 0, 10, 10);
    c2d_obb tall = obb(0, 0, 5, 2, 90); /* spans x -2..2, y -5..5 */
    c2d_obb diamond = obb(0, 0, 1, 1, 45);
    c2d_segment s = segment(0, 0, 10, 0);

    CASE("closest point rect: beside a side, past a corner, inside, negative sizes");
    EXPECT_POINT(c2d_closest_point_rect(a, vec2(15, 5)), 10, 5, 0);
    EXPECT_POINT(c2d_closest_point_rect(a, vec2(5, 20)), 5, 10, 0);
    EXPECT_POINT(c2d_closest_point_rect(a, vec2(-3, -4)), 0, 0, 0);
    EXPECT_POINT(c2d_closest_point_rect(a, vec2(5, 5)), 5, 5, 0);
    EXPECT_POINT(c2d_closest_point_rect(rect(10, 10, -10, -10), vec2(15, 5)), 10, 5, 0);
    EXPECT_POINT(c2d_closest_point_rect(rect(3, 4, 0, 0), vec2(-7, 9)), 3, 4, 0);
    CASE("closest point obb: turned 90 degrees, and a diamond");
    EXPECT_POINT(c2d_closest_point_obb(tall, vec2(5, 0)), 2, 0, 1e-6);
    EXPECT_POINT(c2d_closest_point_obb(tall, vec2(5, 8)), 2, 5, 1e-6);
    EXPECT_POINT(c2d_closest_point_obb(tall, vec2(1, 1)), 1, 1, 1e-6);
    EXPECT_POINT(c2d_closest_point_obb(diamond, vec2(3, 0)), sqrt(2.0), 0, 1e-6);
    EXPECT_POINT(c2d_closest_point_obb(diamond, vec2(2, 2)), sqrt(0.5), sqrt(0.5), 1e-6);
    CASE("closest point segment: interior, before a, past b, slanted, point segment");
    EXPECT_POINT(c2d_closest_point_segment(s, vec2(5, 5)), 5, 0, 0);
    EXPECT_POINT(c2d_closest_point_segment(s, vec2(-5, 3)), 0, 0, 0);
    EXPECT_POINT(c2d_closest_point_segment(s, vec2(15, -3)), 10, 0, 0);
    EXPECT_POINT(c2d_closest_point_segment(segment(0, 0, 4, 8), vec2(8, 4)), 3.2f, 6.4f, 1e-6);
    EXPECT_POINT(c2d_closest_point_segment(segment(2, 2, 2, 2), vec2(9, 9)), 2, 2, 0);
}

static void distances(void)
{
    c2d_rect a = rect(0, 0, 10, 10);
    c2d_obb tall = obb(0, 0, 5, 2, 90);
    c2d_obb diamond = obb(0, 0, 1, 1, 45);
    float d;

    CASE("distance rect-rect: corner to corner 3-4-5, side gap, touching, overlapping");
    ENSURE(c2d_distance_rect_rect(a, rect(13, 14, 5, 5)) == 5);
    ENSURE(c2d_distance_rect_rect(rect(13, 14, 5, 5), a) == 5);
    ENSURE(c2d_distance_rect_rect(a, rect(12, 0, 5, 5)) == 2);
    ENSURE(c2d_distance_rect_rect(a, rect(10, 10, 5, 5)) == 0);
    ENSURE(c2d_distance_rect_rect(a, rect(5, 5, 5, 5)) == 0);
    ENSURE(c2d_distance_rect_rect(rect(10, 10, -10, -10), rect(18, 14, -5, 5)) == 5);
    CASE("distance circle-circle: apart, tangent, overlapping, empty");
    ENSURE(c2d_distance_circle_circle(circle(0, 0, 5), circle(10, 0, 3)) == 2);
    ENSURE(c2d_distance_circle_circle(circle(0, 0, 5), circle(6, 8, 5)) == 0);
    ENSURE(c2d_distance_circle_circle(circle(0, 0, 5), circle(1, 0, 1)) == 0);
    d = c2d_distance_circle_circle(circle(0, 0, 5), circle(0, 0, -1));
    ENSURE(isinf(d) && d > 0);
    d = c2d_distance_circle_circle(circle(0, 0, -1), circle(100, 0, 5));
    ENSURE(isinf(d) && d > 0);
    CASE("distance rect-circle: past the corner, beside a side, inside, empty");
    ENSURE(c2d_distance_rect_circle(a, circle(13, 14, 1)) == 4);
    ENSURE(c2d_distance_rect_circle(a, circle(15, 5, 2)) == 3);
    ENSURE(c2d_distance_rect_circle(a, circle(5, 5, 1)) == 0);
    ENSURE(c2d_distance_rect_circle(a, circle(15, 5, 5)) == 0);
    d = c2d_distance_rect_circle(a, circle(5, 5, -1));
    ENSURE(isinf(d) && d > 0);
    CASE("distance obb-circle: at 90 degrees and from a diamond's vertex");
    ENSURE_NEAR(c2d_distance_obb_circle(tall, circle(5, 0, 1)), 2, 1e-6);
    ENSURE_NEAR(c2d_distance_obb_circle(diamond, circle(3, 0, 1)), 2 - sqrt(2.0), 1e-6);
    ENSURE(c2d_distance_obb_circle(diamond, circle(0, 0, 1)) == 0);
    d = c2d_distance_obb_circle(diamond, circle(9, 9, -1));
    ENSURE(isinf(d) && d > 0);
    CASE("distance obb-rect: side gap at 90 degrees, from a diamond's vertex, touching");
    ENSURE_NEAR(c2d_distance_obb_rect(tall, rect(4, -1, 1, 1)), 2, 1e-6);
    ENSURE_NEAR(c2d_distance_obb_rect(diamond, rect(3, -1, 2, 2)), 3 - sqrt(2.0), 1e-6);
    ENSURE(c2d_distance_obb_rect(tall, rect(2, -1, 3, 2)) == 0);
    ENSURE(c2d_distance_obb_rect(diamond, rect(0.5f, 0.5f, 2, 2)) == 0);
    CASE("distance obb-obb: diamonds vertex to vertex, corner to corner at 90 degrees");
    ENSURE_NEAR(c2d_distance_obb_obb(diamond, obb(5, 0, 1, 1, 45)), 5 - 2 * sqrt(2.0), 1e-6);
    ENSURE_NEAR(c2d_distance_obb_obb(obb(5, 0, 1, 1, 45), diamond), 5 - 2 * sqrt(2.0), 1e-6);
    ENSURE_NEAR(c2d_distance_obb_obb(tall, obb(5, 0, 1, 1, 0)), 2, 1e-6);
    ENSURE_NEAR(c2d_distance_obb_obb(tall, obb(5, 9, 1, 1, 0)), sqrt(13.0), 1e-6);
    ENSURE(c2d_distance_obb_obb(diamond, diamond) == 0);
    CASE("distance: zero exactly when the closed predicate holds");
    ENSURE((c2d_distance_rect_rect(a, rect(10 + STEP, 0, 1, 1)) == 0) ==
           c2d_touch_rect_rect(a, rect(10 + STEP, 0, 1, 1)));
    ENSURE(c2d_distance_rect_rect(a, rect(10 + STEP, 0, 1, 1)) == STEP);
    ENSURE(c2d_distance_circle_circle(circle(0, 0, 5), circle(10 + STEP, 0, 5)) > 0);
}

void test_contacts(void)
{
    RUN_TEST(collide_rect_rect);
    RUN_TEST(collide_circle_circle);
    RUN_TEST(collide_rect_circle);
    RUN_TEST(collide_obb_circle);
    RUN_TEST(collide_obb_rect);
    RUN_TEST(collide_obb_obb);
    RUN_TEST(intersection_rect);
    RUN_TEST(closest_points);
    RUN_TEST(distances);
}
