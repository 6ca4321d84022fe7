/* Integer rects and circles: the ordinary boundary cases, then positions, sizes and radii at the
 * ends of int32, where x + w and squared distances overflow 32 and 64 bits. Every answer must be
 * the one of exact integer arithmetic. */
#include "test_macros.h"

#define IMAX INT32_MAX
#define IMIN INT32_MIN

static void recti_basics(void)
{
    c2d_recti a = recti(0, 0, 10, 10);

    CASE("recti: overlapping, flush, corner, one unit apart");
    EXPECT_SYM(recti_recti, a, recti(5, 5, 10, 10), 1, 1);
    EXPECT_SYM(recti_recti, a, recti(10, 0, 10, 10), 0, 1);
    EXPECT_SYM(recti_recti, a, recti(10, 10, 10, 10), 0, 1);
    EXPECT_SYM(recti_recti, a, recti(11, 0, 10, 10), 0, 0);
    EXPECT_SYM(recti_recti, a, recti(9, 9, 10, 10), 1, 1);
    CASE("recti: negative sizes span the other way");
    EXPECT_SYM(recti_recti, recti(10, 10, -10, -10), recti(10, 0, 5, 5), 0, 1);
    EXPECT_SYM(recti_recti, recti(10, 10, -10, -10), recti(9, 9, 1, 1), 1, 1);
    CASE("recti: a zero-size rect on the edge");
    EXPECT_SYM(recti_recti, a, recti(10, 4, 0, 0), 0, 1);
    CASE("recti: agrees with the float rects on small values");
    {
        int x, y, ok = 1;
        for (x = -12; x <= 12; x++) {
            for (y = -12; y <= 12; y++) {
                c2d_recti b = recti(x, y, 3, 2 + (x & 3));
                c2d_rect fa = rect(0, 0, 10, 10), fb = rect((float)x, (float)y, 3, (float)(2 + (x & 3)));
                ok &= c2d_overlap_recti_recti(a, b) == c2d_overlap_rect_rect(fa, fb);
                ok &= c2d_touch_recti_recti(a, b) == c2d_touch_rect_rect(fa, fb);
            }
        }
        ENSURE(ok);
    }
}

static void recti_extremes(void)
{
    CASE("recti: x + w past INT32_MAX (would wrap negative in int32) does not reach the far left");
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMAX, 10), recti(IMIN, 0, IMAX, 10), 0, 0);
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMAX, 10), recti(-10, 0, 20, 10), 0, 0);
    CASE("recti: spans past INT32_MAX overlap each other");
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMAX, 10), recti(IMAX - 1, 0, 2, 10), 1, 1);
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMAX, 10), recti(IMAX - 1, 0, 1, 10), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMAX, IMAX, IMAX, IMAX), recti(IMAX, IMAX, IMAX, IMAX), 1, 1);
    CASE("recti: from INT32_MIN with size INT32_MAX ends at -1");
    EXPECT_SYM(recti_recti, recti(IMIN, IMIN, IMAX, IMAX), recti(0, 0, 1, 1), 0, 0);
    EXPECT_SYM(recti_recti, recti(IMIN, IMIN, IMAX, IMAX), recti(-1, -1, 1, 1), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMIN, IMIN, IMAX, IMAX), recti(-2, -2, 1, 1), 1, 1);
    CASE("recti: size INT32_MIN spans x - 2^31..x");
    EXPECT_SYM(recti_recti, recti(0, 0, IMIN, IMIN), recti(-1, -1, 1, 1), 1, 1);
    EXPECT_SYM(recti_recti, recti(0, 0, IMIN, IMIN), recti(0, 0, 5, 5), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMIN, 0, IMIN, 1), recti(IMIN, 0, 1, 1), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMIN, 0, IMIN, 1), recti(IMIN + 1, 0, 1, 1), 0, 0);
    EXPECT_SYM(recti_recti, recti(IMIN, 0, IMIN, 1), recti(IMAX, 0, IMAX, 1), 0, 0);
    CASE("recti: the widest spans, from x + INT32_MIN to x + INT32_MAX, touch end to end");
    EXPECT_SYM(recti_recti, recti(IMIN, 0, IMIN, 1), recti(IMIN, 0, IMAX, 1), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMIN, 1), recti(IMAX, 0, IMAX, 1), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMIN, 1), recti(IMIN, 0, IMAX, 1), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMIN, 1), recti(IMIN, 0, IMAX, 2), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMIN, 1), recti(IMIN, 0, -1, 1), 0, 0);
    EXPECT_SYM(recti_recti, recti(IMAX, 0, IMIN, 1), recti(-2, 0, 2, 1), 1, 1);
    CASE("recti: equal rects at the corners of the int32 plane");
    EXPECT_SYM(recti_recti, recti(IMIN, IMIN, 1, 1), recti(IMIN, IMIN, 1, 1), 1, 1);
    EXPECT_SYM(recti_recti, recti(IMIN, IMIN, 0, 0), recti(IMIN, IMIN, 0, 0), 0, 1);
    EXPECT_SYM(recti_recti, recti(IMIN, IMIN, 1, 1), recti(IMAX, IMAX, 1, 1), 0, 0);
}

static void circlei_extremes(void)
{
    /* A 3-4-5 triangle scaled by k = 858993458: the centres are 5k = 4294967290 apart and the
     * radii sum to it exactly; 25k^2 is about 1.8e19, beyond int64. */
    const int32_t ax = -1288490187, ay = -1717986916; /* -3k/2, -2k */
    const int32_t bx = 1288490187, by = 1717986916;   /*  3k/2,  2k */
    const int32_t r = 2147483645;                      /*  5k/2 */

    CASE("circlei: basics: tangent, apart, overlapping, r < 0, r = 0");
    EXPECT_SYM(circlei_circlei, circlei(0, 0, 5), circlei(6, 8, 5), 0, 1);
    EXPECT_SYM(circlei_circlei, circlei(0, 0, 5), circlei(6, 9, 5), 0, 0);
    EXPECT_SYM(circlei_circlei, circlei(0, 0, 5), circlei(6, 8, 6), 1, 1);
    EXPECT_SYM(circlei_circlei, circlei(0, 0, -1), circlei(0, 0, 5), 0, 0);
    EXPECT_SYM(circlei_circlei, circlei(3, 4, 0), circlei(0, 0, 5), 0, 1);
    EXPECT_SYM(circlei_circlei, circlei(3, 4, 0), circlei(3, 4, 0), 0, 1);
    CASE("circlei: tangent with a squared distance beyond int64, exactly");
    EXPECT_SYM(circlei_circlei, circlei(ax, ay, r), circlei(bx, by, r), 0, 1);
    EXPECT_SYM(circlei_circlei, circlei(ax, ay, r), circlei(bx + 1, by, r), 0, 0);
    EXPECT_SYM(circlei_circlei, circlei(ax, ay, r), circlei(bx, by, r + 1), 1, 1);
    EXPECT_SYM(circlei_circlei, circlei(ax, ay, r - 1), circlei(bx, by, r), 0, 0);
    CASE("circlei: centres INT32_MIN and INT32_MAX apart, radii INT32_MAX");
    EXPECT_SYM(circlei_circlei, circlei(IMIN, 0, IMAX), circlei(IMAX, 0, IMAX), 0, 0);
    EXPECT_SYM(circlei_circlei, circlei(IMIN + 1, 0, IMAX), circlei(IMAX, 0, IMAX), 0, 1);
    EXPECT_SYM(circlei_circlei, circlei(IMIN + 2, 0, IMAX), circlei(IMAX, 0, IMAX), 1, 1);
    EXPECT_SYM(circlei_circlei, circlei(IMIN, IMIN, IMAX), circlei(IMAX, IMAX, IMAX), 0, 0);
    CASE("circlei: INT32_MIN radius is empty");
    EXPECT_SYM(circlei_circlei, circlei(0, 0, IMIN), circlei(0, 0, IMAX), 0, 0);
    CASE("circlei: the same centre at an extreme");
    EXPECT_SYM(circlei_circlei, circlei(IMAX, IMIN, 0), circlei(IMAX, IMIN, 0), 0, 1);
    EXPECT_SYM(circlei_circlei, circlei(IMAX, IMIN, 1), circlei(IMAX, IMIN, 0), 1, 1);
}

static void recti_circlei_extremes(void)
{
    c2d_recti quadrant = recti(0, 0, IMAX, IMAX);

    CASE("recti-circlei: basics: side tangent, corner 3-4-5, corner region, inside");
    EXPECT_PAIR(recti_circlei, recti(0, 0, 10, 10), circlei(15, 5, 5), 0, 1);
    EXPECT_PAIR(recti_circlei, recti(0, 0, 10, 10), circlei(13, 14, 5), 0, 1);
    EXPECT_PAIR(recti_circlei, recti(0, 0, 10, 10), circlei(14, 14, 5), 0, 0);
    EXPECT_PAIR(recti_circlei, recti(0, 0, 10, 10), circlei(5, 5, 1), 1, 1);
    EXPECT_PAIR(recti_circlei, recti(0, 0, 10, 10), circlei(5, 5, 0), 0, 1);
    EXPECT_PAIR(recti_circlei, recti(0, 0, 10, 10), circlei(5, 5, -1), 0, 0);
    EXPECT_PAIR(recti_circlei, recti(10, 10, -10, -10), circlei(13, 14, 5), 0, 1);
    CASE("recti-circlei: 2^31 to the left of the quadrant is out of reach of INT32_MAX");
    EXPECT_PAIR(recti_circlei, quadrant, circlei(IMIN, 0, IMAX), 0, 0);
    EXPECT_PAIR(recti_circlei, quadrant, circlei(IMIN + 1, 5, IMAX), 0, 1);
    EXPECT_PAIR(recti_circlei, quadrant, circlei(IMIN + 2, IMAX, IMAX), 1, 1);
    CASE("recti-circlei: the far corner of a rect reaching past INT32_MAX");
    EXPECT_PAIR(recti_circlei, recti(IMAX, IMAX, IMAX, IMAX), circlei(IMAX, IMAX, 0), 0, 1);
    EXPECT_PAIR(recti_circlei, recti(IMAX, IMAX, IMAX, IMAX), circlei(IMAX, IMAX, 1), 1, 1);
    EXPECT_PAIR(recti_circlei, recti(IMAX, 0, IMAX, 1), circlei(IMIN, 0, IMAX), 0, 0);
    CASE("recti-circlei: corner distance squared beyond int64");
    EXPECT_PAIR(recti_circlei, recti(IMAX, IMAX, 1, 1), circlei(IMIN, IMIN, IMAX), 0, 0);
    CASE("recti-circlei: through the corner on a 3-4-5 diagonal, squares beyond 2^53");
    /* k = 429496729: the centre (-3k, -4k) is 5k = 2147483645 from the corner (0, 0). */
    EXPECT_PAIR(recti_circlei, quadrant, circlei(-1288490187, -1717986916, 2147483645), 0, 1);
    EXPECT_PAIR(recti_circlei, quadrant, circlei(-1288490187, -1717986916, 2147483644), 0, 0);
    EXPECT_PAIR(recti_circlei, quadrant, circlei(-1288490186, -1717986916, 2147483645), 1, 1);
    EXPECT_PAIR(recti_circlei, quadrant, circlei(-1288490187, -1717986917, 2147483645), 0, 0);
    CASE("recti-circlei: INT32_MIN radius is empty even inside");
    EXPECT_PAIR(recti_circlei, quadrant, circlei(5, 5, IMIN), 0, 0);
}

void test_integer(void)
{
    RUN_TEST(recti_basics);
    RUN_TEST(recti_extremes);
    RUN_TEST(circlei_extremes);
    RUN_TEST(recti_circlei_extremes);
}
