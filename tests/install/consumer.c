/* A program of an engine that found collide2d through pkg-config or CMake: a few calls whose
 * answers the library promises, and the version it was built against. Exits 0 when all hold. */
#include <stdio.h>

#include "collide2d.h"

static int failed;

static void check(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok" : "FAILED", what);
    failed += !ok;
}

int main(void)
{
    c2d_rect player = {0, 0, 32, 32};
    c2d_rect wall = {32, 0, 32, 32};
    c2d_rect ball = {116, 100, 8, 8};
    c2d_rect paddle = {100, 130, 40, 8};
    c2d_vec2 fall = {0, 50};
    c2d_hit hit;
    unsigned v = c2d_version();

    check(v == ((unsigned)C2D_VERSION_MAJOR << 16 | (unsigned)C2D_VERSION_MINOR << 8 |
                (unsigned)C2D_VERSION_PATCH),
          "the library's version is the header's");
    check(!c2d_overlap_rect_rect(player, wall), "a crate flush against a wall does not overlap it");
    check(c2d_touch_rect_rect(player, wall), "a crate flush against a wall touches it");
    check(c2d_sweep_rect_rect(ball, fall, paddle, &hit) && hit.pos.y == 122.0f,
          "a ball falling 50 units a frame stops flush on an 8-unit paddle");
    printf("%d passed, %d failed\n", 4 - failed, failed);
    return failed != 0;
}
