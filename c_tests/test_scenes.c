/* Five game scenes, each game's own collision code transcribed to C as the reference where it is
 * right, and the library's answer where it is not. */
#include "test_macros.h"

/* ---- a platformer: rect_to_rect and circle_to_rect (Python, y-down screen, strict) ----------- */

static int platformer_rect_to_rect(c2d_rect r1, c2d_rect r2)
{
    return r1.x < r2.x + r2.w && r2.x < r1.x + r1.w && r1.y < r2.y + r2.h && r2.y < r1.y + r1.h;
}

static double platformer_set_range(double minimal, double maximum, double number)
{
    if (number > maximum) {
        return maximum;
    } else if (number < minimal) {
        return minimal;
    }
    return number;
}

static int platformer_circle_to_rect(c2d_circle c, c2d_rect r)
{
    double x = platformer_set_range(r.x, (double)r.x + r.w, c.x);
    double y = platformer_set_range(r.y, (double)r.y + r.h, c.y);
    double d = sqrt((c.x - x) * (c.x - x) + (c.y - y) * (c.y - y));
    return d < c.r;
}

static void platformer_fire_wheel(void)
{
    /* A 64x48 wall in the screen's top-left quarter; the player is a circle of radius 16. */
    c2d_rect wall = rect(96, 64, 64, 48);
    int x, y, rect_ok = 1, circle_ok = 1;

    CASE("platformer: rect_to_rect, the four strict comparisons, over an 8-unit sweep");
    for (x = 0; x <= 256; x += 8) {
        for (y = 0; y <= 192; y += 8) {
            c2d_rect r = rect((float)x, (float)y, 32, 32);
            rect_ok &= c2d_overlap_rect_rect(wall, r) == platformer_rect_to_rect(wall, r);
            rect_ok &= c2d_overlap_rect_rect(r, wall) == platformer_rect_to_rect(r, wall);
        }
    }
    ENSURE(rect_ok);
    CASE("platformer: rect_to_rect: flush rects do not collide");
    ENSURE(!platformer_rect_to_rect(wall, rect(160, 64, 10, 10)));
    ENSURE(!c2d_overlap_rect_rect(wall, rect(160, 64, 10, 10)));
    ENSURE(c2d_touch_rect_rect(wall, rect(160, 64, 10, 10)));

    CASE("platformer: circle_to_rect, clamp then d < r, over a 4-unit sweep");
    for (x = 40; x <= 220; x += 4) {
        for (y = 20; y <= 160; y += 4) {
            c2d_circle c = circle((float)x, (float)y, 16);
            circle_ok &= c2d_overlap_rect_circle(wall, c) == platformer_circle_to_rect(c, wall);
        }
    }
    ENSURE(circle_ok);
    CASE("platformer: circle_to_rect: the player against the wall's right side and corner");
    ENSURE(!c2d_overlap_rect_circle(wall, circle(176, 80, 16)));
    ENSURE(c2d_touch_rect_circle(wall, circle(176, 80, 16)));
    ENSURE(c2d_overlap_rect_circle(wall, circle(175, 80, 16)));
    /* 12 right of and 14 above the corner (160, 64): each side is within 16, the corner is
     * 18.4 away. 12 and 16 away, the corner is 20 away: radius 20 touches it. */
    ENSURE(!platformer_circle_to_rect(circle(172, 50, 16), wall));
    ENSURE(!c2d_overlap_rect_circle(wall, circle(172, 50, 16)));
    ENSURE(!c2d_touch_rect_circle(wall, circle(172, 50, 16)));
    ENSURE(!c2d_overlap_rect_circle(wall, circle(172, 48, 20)));
    ENSURE(c2d_touch_rect_circle(wall, circle(172, 48, 20)));
}

/* ---- a cocos2d-x MainScene (Lua, y-up) ------------------------------------------------------- */

static const double scene_pi = 3.14159265358979323846;

/* rectIntersectsRect: not (r1.x > r2.x + r2.w or ...): closed. */
static int cocos_rect_intersects_rect(c2d_rect r1, c2d_rect r2)
{
    return !(r1.x > r2.x + r2.w || r1.x + r1.w < r2.x || r1.y > r2.y + r2.h || r1.y + r1.h < r2.y);
}

static int cocos_circle_intersects_circle(c2d_circle c1, c2d_circle c2)
{
    double dx = (double)c1.x - c2.x, dy = (double)c1.y - c2.y, r = (double)c1.r + c2.r;
    return dx * dx + dy * dy < r * r;
}

static int cocos_rect_intersects_circle(c2d_rect rect, c2d_circle circle)
{
    double vx = fabs(circle.x - (rect.x + rect.w / 2.0)), vy = fabs(circle.y - (rect.y + rect.h / 2.0));
    double ux = fmax(vx - rect.w / 2.0, 0), uy = fmax(vy - rect.h / 2.0, 0);
    return ux * ux + uy * uy < (double)circle.r * circle.r;
}

/* rectRotateIntersectsCircle: the rect turned `angle` degrees counter-clockwise about (x, y). */
static int cocos_rect_rotate_intersects_circle(c2d_rect rect, double angle_deg, c2d_circle circle)
{
    double src = angle_deg * scene_pi / 180.0;
    double cx = rect.x + rect.w / 2.0 * cos(src) + rect.h / 2.0 * cos(src + scene_pi / 2);
    double cy = rect.y + rect.w / 2.0 * sin(src) + rect.h / 2.0 * sin(src + scene_pi / 2);
    double vx = circle.x - cx, vy = circle.y - cy;
    double angle = atan2(cy - circle.y, cx - circle.x) - src;
    double len = sqrt(vx * vx + vy * vy);
    double v1 = fabs(len * cos(angle)), v2 = fabs(len * sin(angle));
    double u1 = fmax(v1 - rect.w / 2.0, 0), u2 = fmax(v2 - rect.h / 2.0, 0);
    return u1 * u1 + u2 * u2 < (double)circle.r * circle.r;
}

static void cocos_main_scene(void)
{
    /* rect2: a 180x72 sprite anchored at (0, 0), placed at (620, 300), setRotation(-45), i.e.
     * 45 degrees counter-clockwise; circle1: radius 50, starting at (500, 300). */
    c2d_rect r2 = rect(620, 300, 180, 72);
    c2d_obb box = c2d_obb_from_rect(r2, 45);
    /* Where the circle is dragged, with the answer worked out by hand in the box's frame
     * (u along the 180 side, v along the 72 side, from the pivot) and its distance from the box. */
    static const struct {
        float x, y;
        int hit;
        const char *where;
    } drags[] = {
        {500, 300, 0, "cocos2d-x drag: the start, 85.8 from the corner (u, v) = (0, 72)"},
        {545, 300, 0, "cocos2d-x drag: 53.0 from the short side at the pivot"},
        {555, 300, 1, "cocos2d-x drag: 46.0 from the short side at the pivot"},
        {680, 400, 1, "cocos2d-x drag: centre inside the box"},
        {700, 380, 1, "cocos2d-x drag: centre on the long side v = 0"},
        {760, 400, 1, "cocos2d-x drag: 28.3 below the long side"},
        {700, 300, 0, "cocos2d-x drag: 56.6 below the long side"},
        {800, 460, 0, "cocos2d-x drag: 62.0 past the far corner (180, 0)"},
        {700, 480, 1, "cocos2d-x drag: 3.8 past the far short side"},
        {600, 450, 1, "cocos2d-x drag: 48.2 above the long side v = 72"},
        {560, 420, 0, "cocos2d-x drag: 55.3 above the long side v = 72"},
        {650, 460, 1, "cocos2d-x drag: 19.9 above the long side v = 72"},
    };
    size_t i;

    CASE("cocos2d-x scene: c2d_obb_from_rect turns about the (x, y) corner");
    ENSURE_NEAR(box.center.x, 620 + 90 * cos(scene_pi / 4) - 36 * sin(scene_pi / 4), 1e-3);
    ENSURE_NEAR(box.center.y, 300 + 90 * sin(scene_pi / 4) + 36 * cos(scene_pi / 4), 1e-3);
    ENSURE_NEAR(box.half.x, 90, 0);
    ENSURE_NEAR(box.half.y, 36, 0);
    ENSURE_NEAR(box.rot.c, sqrt(0.5), 1e-7);
    ENSURE_NEAR(box.rot.s, sqrt(0.5), 1e-7);
    CASE("cocos2d-x scene: the pivot corner is on the box, the far corner too");
    ENSURE(c2d_distance_obb_circle(box, circle(620, 300, 0)) < 1e-3f);
    ENSURE(c2d_distance_obb_circle(box, circle(620 + 180 * (float)sqrt(0.5) - 72 * (float)sqrt(0.5),
                                               300 + 180 * (float)sqrt(0.5) + 72 * (float)sqrt(0.5), 0)) <
           1e-3f);

    for (i = 0; i < sizeof drags / sizeof drags[0]; i++) {
        c2d_circle c1 = circle(drags[i].x, drags[i].y, 50);
        CASE(drags[i].where);
        ENSURE(c2d_overlap_obb_circle(box, c1) == drags[i].hit);
        ENSURE(c2d_touch_obb_circle(box, c1) == drags[i].hit);
        ENSURE(cocos_rect_rotate_intersects_circle(r2, 45, c1) == drags[i].hit);
    }

    CASE("cocos2d-x scene: dragging the circle over a 10-unit grid agrees with rectRotateIntersectsCircle");
    {
        int x, y, ok = 1, hits = 0;
        for (x = 400; x <= 900; x += 10) {
            for (y = 200; y <= 600; y += 10) {
                c2d_circle c1 = circle((float)x, (float)y, 50);
                float d = c2d_distance_obb_circle(box, circle((float)x, (float)y, 0));
                /* Only where the scene's trigonometry is clear of the boundary. */
                if (fabs(d - 50) > 1e-2) {
                    int theirs = cocos_rect_rotate_intersects_circle(r2, 45, c1);
                    ok &= c2d_overlap_obb_circle(box, c1) == theirs;
                    hits += theirs;
                }
            }
        }
        ENSURE(ok);
        ENSURE(hits > 100);
    }

    CASE("cocos2d-x scene: the sprite dragged instead: the box follows its (x, y) corner");
    ENSURE(!c2d_overlap_obb_circle(c2d_obb_from_rect(rect(620, 300, 180, 72), 45), circle(500, 300, 50)));
    ENSURE(c2d_overlap_obb_circle(c2d_obb_from_rect(rect(560, 300, 180, 72), 45), circle(500, 300, 50)));

    CASE("cocos2d-x scene: rectIntersectsRect is closed: c2d_touch_rect_rect, flush rects intersect");
    {
        int x, y, ok = 1;
        c2d_rect a = rect(100, 100, 40, 30);
        for (x = 40; x <= 160; x += 5) {
            for (y = 50; y <= 150; y += 5) {
                c2d_rect b = rect((float)x, (float)y, 20, 20);
                ok &= c2d_touch_rect_rect(a, b) == cocos_rect_intersects_rect(a, b);
            }
        }
        ENSURE(ok);
        ENSURE(cocos_rect_intersects_rect(a, rect(140, 130, 20, 20)));
        ENSURE(c2d_touch_rect_rect(a, rect(140, 130, 20, 20)));
        ENSURE(!c2d_overlap_rect_rect(a, rect(140, 130, 20, 20)));
    }
    CASE("cocos2d-x scene: circleIntersectsCircle and rectIntersectsCircle are strict");
    {
        int x, y, ok = 1;
        c2d_circle c = circle(300, 300, 40);
        c2d_rect a = rect(280, 260, 60, 30);
        for (x = 200; x <= 400; x += 5) {
            for (y = 200; y <= 400; y += 5) {
                c2d_circle d = circle((float)x, (float)y, 20);
                ok &= c2d_overlap_circle_circle(c, d) == cocos_circle_intersects_circle(c, d);
                ok &= c2d_overlap_rect_circle(a, d) == cocos_rect_intersects_circle(a, d);
            }
        }
        ENSURE(ok);
        ENSURE(!cocos_circle_intersects_circle(c, circle(336, 348, 20)));
        ENSURE(!c2d_overlap_circle_circle(c, circle(336, 348, 20)));
        ENSURE(!cocos_rect_intersects_circle(a, circle(356, 275, 16)));
        ENSURE(!c2d_overlap_rect_circle(a, circle(356, 275, 16)));
        ENSURE(c2d_touch_rect_circle(a, circle(356, 275, 16)));
    }
}

/* ---- GameLib squares (C++, integers, centre + half size, y-down) ----------------------------- */

typedef struct {
    int x, y, half;
} gamelib_object;

/* Object::isIntersected, as written. */
static int gamelib_is_intersected(gamelib_object a, gamelib_object b)
{
    int this_l = a.x - a.half, this_r = a.x + a.half;
    int that_l = b.x - b.half, that_r = b.x + b.half;
    if (this_l < that_r && this_r > that_l) {
        int this_t = a.y - a.half, this_b = a.y + a.half;
        int that_t = b.y - b.half, that_b = b.y + b.half;
        if (this_t < that_b && this_b > that_t) {
            return 1;
        }
    }
    return 0;
}

static c2d_recti gamelib_box(gamelib_object o)
{
    return recti(o.x - o.half, o.y - o.half, 2 * o.half, 2 * o.half);
}

static void gamelib_squares(void)
{
    gamelib_object dynamic = {16, 50, 16};
    const gamelib_object fixed = {100, 160, 16};
    int frame, ok = 1, blocked_x = 0, blocked_y = 0;

    CASE("GameLib squares: the squares start apart");
    ENSURE(!c2d_overlap_recti_recti(gamelib_box(dynamic), gamelib_box(fixed)));

    CASE("GameLib squares: holding 's' to the static square's level, no hit on the way");
    for (frame = 0; frame < 110; frame++) {
        gamelib_object moved = dynamic;
        moved.y += 1;
        ok &= c2d_overlap_recti_recti(gamelib_box(moved), gamelib_box(fixed)) ==
              gamelib_is_intersected(moved, fixed);
        if (gamelib_is_intersected(moved, fixed)) {
            blocked_y++;
        } else {
            dynamic = moved;
        }
    }
    ENSURE(blocked_y == 0);
    ENSURE(dynamic.y == 160);
    CASE("GameLib squares: then holding 'd', one unit a frame, undone on a hit, agrees every frame");
    for (frame = 0; frame < 100; frame++) {
        gamelib_object moved = dynamic;
        moved.x += 1;
        ok &= c2d_overlap_recti_recti(gamelib_box(moved), gamelib_box(fixed)) ==
              gamelib_is_intersected(moved, fixed);
        if (gamelib_is_intersected(moved, fixed)) {
            blocked_x++;
        } else {
            dynamic = moved;
        }
    }
    ENSURE(ok);
    CASE("GameLib squares: it stops flush against the static square's left side");
    ENSURE(blocked_x == 100 - 52);
    ENSURE(dynamic.x == 68);
    ENSURE(!c2d_overlap_recti_recti(gamelib_box(dynamic), gamelib_box(fixed)));
    ENSURE(c2d_touch_recti_recti(gamelib_box(dynamic), gamelib_box(fixed)));

    CASE("GameLib squares: flush squares (x = 68 against x = 100, half 16) touch, not overlap");
    {
        gamelib_object flush = {68, 160, 16};
        gamelib_object one_in = {69, 160, 16};
        gamelib_object flush_top = {100, 128, 16};
        gamelib_object corner = {68, 128, 16};
        ENSURE(!gamelib_is_intersected(flush, fixed));
        ENSURE(!c2d_overlap_recti_recti(gamelib_box(flush), gamelib_box(fixed)));
        ENSURE(c2d_touch_recti_recti(gamelib_box(flush), gamelib_box(fixed)));
        ENSURE(c2d_overlap_recti_recti(gamelib_box(one_in), gamelib_box(fixed)));
        ENSURE(!c2d_overlap_recti_recti(gamelib_box(flush_top), gamelib_box(fixed)));
        ENSURE(c2d_touch_recti_recti(gamelib_box(flush_top), gamelib_box(fixed)));
        ENSURE(!c2d_overlap_recti_recti(gamelib_box(corner), gamelib_box(fixed)));
        ENSURE(c2d_touch_recti_recti(gamelib_box(corner), gamelib_box(fixed)));
    }
    CASE("GameLib squares: the same squares as float rects answer alike");
    ENSURE(!c2d_overlap_rect_rect(rect(52, 144, 32, 32), rect(84, 144, 32, 32)));
    ENSURE(c2d_touch_rect_rect(rect(52, 144, 32, 32), rect(84, 144, 32, 32)));
    CASE("GameLib squares: a 7-unit step from 2 units away overlaps; stopping flush does not");
    {
        gamelib_object gap2 = {66, 160, 16};
        gamelib_object step7 = {73, 160, 16};
        gamelib_object step2 = {68, 160, 16};
        ENSURE(!c2d_touch_recti_recti(gamelib_box(gap2), gamelib_box(fixed)));
        ENSURE(c2d_overlap_recti_recti(gamelib_box(step7), gamelib_box(fixed)));
        ENSURE(!c2d_overlap_recti_recti(gamelib_box(step2), gamelib_box(fixed)));
    }
}

/* ---- a circle against a rect given as L, R, T, B (JavaScript, y-down) ------------------------ */

/* The first version: the rect grown by the radius on two sides, then the four corners. */
static int lrtb_collision(double l, double r, double t, double b, double x, double y, double radius)
{
    if (l - radius < x && r + radius > x && t < y && b > y) {
        return 1;
    }
    if (l < x && r > x && t - radius < y && b + radius > y) {
        return 1;
    }
    if ((l - x) * (l - x) + (t - y) * (t - y) < radius * radius) {
        return 1;
    }
    if ((r - x) * (r - x) + (t - y) * (t - y) < radius * radius) {
        return 1;
    }
    if ((l - x) * (l - x) + (b - y) * (b - y) < radius * radius) {
        return 1;
    }
    if ((r - x) * (r - x) + (b - y) * (b - y) < radius * radius) {
        return 1;
    }
    return 0;
}

/* The rewritten version: rule out the grown box, then the four corner regions. */
static int lrtb_collision_fast(double l, double r, double t, double b, double x, double y, double radius)
{
    if (l - radius > x || r + radius < x || t - radius > y || b + radius < y) {
        return 0;
    }
    if (l > x && t > y && !((l - x) * (l - x) + (t - y) * (t - y) < radius * radius)) {
        return 0;
    }
    if (r < x && t > y && !((r - x) * (r - x) + (t - y) * (t - y) < radius * radius)) {
        return 0;
    }
    if (l > x && b < y && !((l - x) * (l - x) + (b - y) * (b - y) < radius * radius)) {
        return 0;
    }
    if (r < x && b < y && !((r - x) * (r - x) + (b - y) * (b - y) < radius * radius)) {
        return 0;
    }
    return 1;
}

static void lrtb_circle_against_sides(void)
{
    const float L = 100, R = 200, T = 50, B = 120, radius = 20;
    c2d_rect box = rect(L, T, R - L, B - T);
    int x, y, ok = 1, fast_ok = 1, differ = 0;

    CASE("L/R/T/B circle test: the first collision() is the strict rect-circle test, over a 2-unit sweep");
    for (x = 60; x <= 240; x += 2) {
        for (y = 10; y <= 160; y += 2) {
            c2d_circle c = circle((float)x, (float)y, radius);
            int lib = c2d_overlap_rect_circle(box, c);
            int theirs = lrtb_collision(L, R, T, B, x, y, radius);
            int fast = lrtb_collision_fast(L, R, T, B, x, y, radius);
            ok &= lib == theirs;
            /* The rewrite counts a circle tangent to a side as a hit: it equals the strict test
             * except there, where it equals the closed one. */
            if (fast != lib) {
                differ++;
                fast_ok &= fast == (int)c2d_touch_rect_circle(box, c);
            }
        }
    }
    ENSURE(ok);
    ENSURE(fast_ok);
    ENSURE(differ > 0);

    CASE("L/R/T/B circle test: corner regions: within the radius of both sides, not of the corner");
    ENSURE(!lrtb_collision(L, R, T, B, 215, 35, radius));
    ENSURE(!lrtb_collision_fast(L, R, T, B, 215, 35, radius));
    ENSURE(!c2d_overlap_rect_circle(box, circle(215, 35, radius)));
    ENSURE(!c2d_touch_rect_circle(box, circle(215, 35, radius)));
    ENSURE(!c2d_overlap_rect_circle(box, circle(85, 35, radius)));
    ENSURE(!c2d_overlap_rect_circle(box, circle(85, 135, radius)));
    ENSURE(!c2d_overlap_rect_circle(box, circle(215, 135, radius)));
    CASE("L/R/T/B circle test: corner regions: the corner itself within the radius");
    ENSURE(lrtb_collision(L, R, T, B, 210, 40, radius));
    ENSURE(c2d_overlap_rect_circle(box, circle(210, 40, radius)));
    ENSURE(c2d_overlap_rect_circle(box, circle(90, 40, radius)));
    ENSURE(c2d_overlap_rect_circle(box, circle(90, 130, radius)));
    ENSURE(c2d_overlap_rect_circle(box, circle(210, 130, radius)));
    CASE("L/R/T/B circle test: tangent at a corner (12, 16 from it): neither version hits, touch does");
    ENSURE(!lrtb_collision(L, R, T, B, 212, 34, radius));
    ENSURE(!lrtb_collision_fast(L, R, T, B, 212, 34, radius));
    ENSURE(!c2d_overlap_rect_circle(box, circle(212, 34, radius)));
    ENSURE(c2d_touch_rect_circle(box, circle(212, 34, radius)));
    CASE("L/R/T/B circle test: tangent to the L side: the rewrite hits, the first version does not");
    ENSURE(!lrtb_collision(L, R, T, B, 80, 90, radius));
    ENSURE(lrtb_collision_fast(L, R, T, B, 80, 90, radius));
    ENSURE(!c2d_overlap_rect_circle(box, circle(80, 90, radius)));
    ENSURE(c2d_touch_rect_circle(box, circle(80, 90, radius)));
    CASE("L/R/T/B circle test: centre on each side, and inside");
    ENSURE(c2d_overlap_rect_circle(box, circle(L, 90, radius)));
    ENSURE(c2d_overlap_rect_circle(box, circle(R, 90, radius)));
    ENSURE(c2d_overlap_rect_circle(box, circle(150, T, radius)));
    ENSURE(c2d_overlap_rect_circle(box, circle(150, B, radius)));
    ENSURE(c2d_overlap_rect_circle(box, circle(150, 90, radius)));
}

void test_scenes(void)
{
    RUN_TEST(platformer_fire_wheel);
    RUN_TEST(cocos_main_scene);
    RUN_TEST(gamelib_squares);
    RUN_TEST(lrtb_circle_against_sides);
}
