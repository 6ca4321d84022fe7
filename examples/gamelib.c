/* A GameLib-style integer scene on collide2d: a 32x32 square pushed by scripted keys, 7 units a
 * frame, against a static square, drawn into a framebuffer (unsigned vram[w*h], 0xAARRGGBB as
 * GameLib's videoMemory()). Such engines often search for the last free position with a binary
 * search over the step, which stops short of the wall (or inside it); c2d_move_recti moves x then
 * y, each as far as possible, so the square stops flush against the static one.
 *
 * Build and run from the repository root, after `cargo build --release`:
 *   cc -std=c99 -Iinclude examples/gamelib.c -Ltarget/release -lcollide2d -o target/gamelib
 *   LD_LIBRARY_PATH=target/release ./target/gamelib
 * It prints each frame's position and blocked bits and writes target/gamelib_frame_N.ppm
 * (gamelib_frame_N.ppm when there is no target/ directory below the current one). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "collide2d.h"

enum { WIDTH = 160, HEIGHT = 200, HALF = 16 };

static unsigned vram[WIDTH * HEIGHT];

/* GameLib objects are stored by centre and half size. */
typedef struct {
    int x, y, half;
} object;

static c2d_recti box_of(object o) {
    c2d_recti r;
    r.x = o.x - o.half;
    r.y = o.y - o.half;
    r.w = o.half * 2;
    r.h = o.half * 2;
    return r;
}

static void fill(c2d_recti r, unsigned color) {
    int i, j;
    for (i = r.y; i < r.y + r.h; i++) {
        for (j = r.x; j < r.x + r.w; j++) {
            if (i >= 0 && i < HEIGHT && j >= 0 && j < WIDTH) {
                vram[i * WIDTH + j] = color;
            }
        }
    }
}

static int write_ppm(const char* path) {
    int i;
    FILE* f = fopen(path, "wb");
    if (!f) {
        return 0;
    }
    fprintf(f, "P6\n%d %d\n255\n", WIDTH, HEIGHT);
    for (i = 0; i < WIDTH * HEIGHT; i++) {
        unsigned char rgb[3];
        rgb[0] = (unsigned char)(vram[i] >> 16);
        rgb[1] = (unsigned char)(vram[i] >> 8);
        rgb[2] = (unsigned char)vram[i];
        fwrite(rgb, 1, 3, f);
    }
    fclose(f);
    return 1;
}

int main(void) {
    /* The starting positions: dynamic centre (16, 50), static centre (100, 160). */
    object dynamic_obj = {16, 50, HALF};
    object static_obj = {100, 160, HALF};
    /* The scripted keyboard: 16 frames of 's' (down), 10 of 'd' (right, into the static
     * square), 5 of 'w' (up, sliding past its corner) and 6 more of 'd' (over it). */
    const char* script = "ssssssssssssssssddddddddddwwwwwdddddd";
    const int snapshots[] = {0, 16, 24, 31, 37};
    size_t frame, n = strlen(script), next_shot = 0;

    for (frame = 0; frame <= n; frame++) {
        int move_x = 0, move_y = 0;
        uint32_t blocked = 0;
        unsigned color = 0xffff0000u; /* red: moved freely */
        c2d_recti stat = box_of(static_obj), moved;
        if (frame > 0) {
            switch (script[frame - 1]) {
            case 'w': move_y = -7; break;
            case 's': move_y = +7; break;
            case 'a': move_x = -7; break;
            case 'd': move_x = +7; break;
            }
            moved = c2d_move_recti(box_of(dynamic_obj), move_x, move_y, &stat, 1, &blocked);
            dynamic_obj.x = moved.x + HALF;
            dynamic_obj.y = moved.y + HALF;
            if (blocked) {
                color = 0xffffffffu; /* white: cut short by the static square */
            }
        }
        {
            c2d_recti d = box_of(dynamic_obj);
            printf("frame %2u key %c: centre (%3d, %3d) blocked %u%s\n", (unsigned)frame,
                   frame ? script[frame - 1] : '-', dynamic_obj.x, dynamic_obj.y, blocked,
                   blocked ? (stat.x - (d.x + d.w) == 0 || stat.y - (d.y + d.h) == 0
                                  ? " (flush)"
                                  : "")
                           : "");
        }

        memset(vram, 0, sizeof vram);
        fill(box_of(static_obj), 0xff00ffffu);
        fill(box_of(dynamic_obj), color);
        if (next_shot < sizeof snapshots / sizeof snapshots[0] &&
            (int)frame == snapshots[next_shot]) {
            /* target/ from the repository root; the current directory otherwise. */
            char path[64];
            sprintf(path, "target/gamelib_frame_%u.ppm", (unsigned)frame);
            if (!write_ppm(path)) {
                sprintf(path, "gamelib_frame_%u.ppm", (unsigned)frame);
                if (!write_ppm(path)) {
                    fprintf(stderr, "cannot write %s\n", path);
                    return 1;
                }
            }
            next_shot++;
        }
    }
    return 0;
}
