/* collide2d from C: the answers to a few classic 2D collision questions, from a platformer, a
 * cocos2d-x scene and a tile engine.
 *
 *     cargo build --release
 *     cc -std=c99 -Iinclude examples/demo.c -Ltarget/release -lcollide2d -o demo
 *     LD_LIBRARY_PATH=target/release ./demo
 */
#include <stdio.h>

#include "collide2d.h"

static const char *yes(bool b)
{
    return b ? "yes" : "no";
}

int main(void)
{
    uint32_t v = c2d_version();
    printf("collide2d %u.%u.%u\n", (unsigned)(v >> 16), (unsigned)(v >> 8 & 0xff), (unsigned)(v & 0xff));

    /* A platformer: rects are x, y, w, h (here y-down, x,y = top-left). overlap_ is strict: rects
     * that only share an edge do not collide. touch_ counts touching. */
    c2d_rect wall = {96, 64, 64, 48};
    c2d_rect crate = {160, 64, 32, 32}; /* flush against the wall's right side */
    printf("crate flush against the wall: overlap %s, touch %s\n",
           yes(c2d_overlap_rect_rect(wall, crate)), yes(c2d_touch_rect_rect(wall, crate)));

    /* A circle near the wall's corner: within 16 of both sides, but 18.4 from the corner. */
    c2d_circle player = {172, 50, 16};
    printf("round player by the wall's corner: overlap %s\n",
           yes(c2d_overlap_rect_circle(wall, player)));

    /* A cocos2d-x scene: a 180x72 sprite turned 45 degrees counter-clockwise about its (x, y)
     * corner, and a circle of radius 50 dragged towards it. */
    c2d_obb sprite = c2d_obb_from_rect((c2d_rect){620, 300, 180, 72}, 45);
    c2d_circle ball = {500, 300, 50};
    printf("ball at (500, 300) hits the rotated sprite: %s\n",
           yes(c2d_overlap_obb_circle(sprite, ball)));
    ball.x = 555;
    printf("ball at (555, 300) hits the rotated sprite: %s\n",
           yes(c2d_overlap_obb_circle(sprite, ball)));

    /* An integer tile engine (GameLib): squares given as centre and half size. */
    int half = 16;
    c2d_recti player_box = {68 - half, 160 - half, 2 * half, 2 * half};
    c2d_recti block_box = {100 - half, 160 - half, 2 * half, 2 * half};
    printf("integer squares side by side at x = 68 and x = 100: overlap %s, touch %s\n",
           yes(c2d_overlap_recti_recti(player_box, block_box)),
           yes(c2d_touch_recti_recti(player_box, block_box)));

    /* A contact says how to separate two shapes: move the first by -normal * depth. */
    c2d_rect box = {0, 0, 10, 10};
    c2d_circle coin = {13, 14, 6};
    c2d_contact contact;
    if (c2d_collide_rect_circle(box, coin, &contact)) {
        printf("contact of box and coin: normal (%.2f, %.2f), depth %.2f, point (%.2f, %.2f)\n",
               contact.normal.x, contact.normal.y, contact.depth, contact.point.x, contact.point.y);
    }

    /* The usual cross-product segment test misses segments that overlap along the same line. */
    c2d_segment a = {{0, 0}, {10, 0}};
    c2d_segment b = {{5, 0}, {15, 0}};
    printf("collinear overlapping segments intersect: %s\n", yes(c2d_intersect_segment_segment(a, b)));
    return 0;
}
