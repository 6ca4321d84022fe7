/* A tile level drawn as text, loaded as one tile layer, walked by a player who picks up coins.
 *
 * The level is 48 x 12 tiles of 16 pixels (y down): '#' solid, '=' a jump-through platform,
 * '/' and '\' ramps, '.' air. The world merges the 165 tiles into two dozen items; the
 * player walks right two pixels a frame over the ground and up and down a hill of ramps, with
 * gravity, without catching on any seam between tiles; coins are sensors, and the events say
 * which ones the player touched. Every 20th frame prints the player's position, and every coin
 * picked up is printed as it happens, e.g.
 *   frame 40  player (96, 124)
 *   frame 47  picked up the coin at (104, 120)
 * Given a directory, it also draws the level as a PNG there (tilemap.png; `make pictures` writes
 * it to docs/images/): tiles by kind, the merged items outlined, the player's path, the coins.
 *
 * Build and run from the repository root, after `cargo build --release`:
 *   cc -std=c99 -Iinclude examples/tilemap.c -Ltarget/release -lcollide2d -o target/tilemap
 *   LD_LIBRARY_PATH=target/release ./target/tilemap [directory for the picture]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide2d.h"
#include "png.h"

enum { COLS = 48, ROWS = 12, TILE = 16, W = COLS * TILE, H = ROWS * TILE, SCALE = 1, COINS = 5 };

static const char *const level[ROWS] = {
    "................................................",
    "................................................",
    "................................................",
    "................................................",
    "...............................=====............",
    "................................................",
    "................................................",
    "...................../####\\....................#",
    "..................../######\\...................#",
    "################################################",
    "################################################",
    "################################################",
};

/* Palette indices. */
enum { SKY, ROCK, RAMP, PLATFORM, SEAM, TRAIL, PLAYER, COIN, TAKEN, N_COLOURS };

static const unsigned char palette[N_COLOURS][3] = {
    {226, 236, 246}, /* sky */
    {96, 102, 120},  /* solid tiles */
    {130, 110, 90},  /* ramps */
    {236, 150, 40},  /* jump-through platforms */
    {30, 30, 40},    /* the outlines of the merged items */
    {150, 180, 236}, /* where the player was */
    {40, 100, 220},  /* player */
    {240, 200, 30},  /* a coin */
    {250, 236, 180}, /* a coin picked up */
};

/* The code of one character of the level. */
static uint32_t code_of(char c) {
    switch (c) {
    case '#':
        return C2D_TILE_SOLID;
    case '=':
        return C2D_TILE_ONE_WAY_YNEG; /* solid face up on a y-down screen */
    case '/':
        return C2D_TILE_SLOPE_X1Y1; /* a ramp rising to the right */
    case '\\':
        return C2D_TILE_SLOPE_X0Y1; /* a ramp rising to the left */
    default:
        return C2D_TILE_EMPTY;
    }
}

static unsigned char pixels[H][W];

static void fill(double x, double y, double w, double h, int colour) {
    int x0 = (int)x, y0 = (int)y, x1 = (int)(x + w), y1 = (int)(y + h), i, j;
    for (j = y0 < 0 ? 0 : y0; j < y1 && j < H; j++) {
        for (i = x0 < 0 ? 0 : x0; i < x1 && i < W; i++) {
            pixels[j][i] = (unsigned char)colour;
        }
    }
}

static void outline(double x, double y, double w, double h, int colour) {
    fill(x, y, w, 1, colour);
    fill(x, y + h - 1, w, 1, colour);
    fill(x, y, 1, h, colour);
    fill(x + w - 1, y, 1, h, colour);
}

/* The level's tiles by kind (ramps as their triangles), then every merged item outlined. */
static void draw_level(c2d_world *w, uint32_t layer) {
    int col, row, i, j;
    uint64_t items[512];
    size_t n, k;
    for (row = 0; row < ROWS; row++) {
        for (col = 0; col < COLS; col++) {
            uint32_t code = 0;
            c2d_world_get_tile(w, layer, col, row, &code);
            code &= C2D_TILE_KIND_MASK;
            if (code == C2D_TILE_SOLID) {
                fill(col * TILE, row * TILE, TILE, TILE, ROCK);
            } else if (code == C2D_TILE_ONE_WAY_YNEG) {
                fill(col * TILE, row * TILE, TILE, 4, PLATFORM);
            } else if (code == C2D_TILE_SLOPE_X1Y1 || code == C2D_TILE_SLOPE_X0Y1) {
                for (j = 0; j < TILE; j++) {
                    for (i = 0; i < TILE; i++) {
                        int below = code == C2D_TILE_SLOPE_X1Y1 ? i + j >= TILE - 1 : j >= i;
                        if (below) {
                            pixels[row * TILE + j][col * TILE + i] = RAMP;
                        }
                    }
                }
            }
        }
    }
    n = c2d_world_query_rect_d(w, (c2d_rectd){-1, -1, W + 2, H + 2}, UINT64_MAX, items, 512);
    for (k = 0; k < n && k < 512; k++) {
        c2d_tile_run run;
        if (c2d_world_tile_of(w, items[k], &run) == C2D_OK && run.layer == layer) {
            outline(run.col * TILE, run.row * TILE, run.cols * TILE, run.rows * TILE, SEAM);
        }
    }
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : NULL;
    static uint32_t codes[ROWS * COLS];
    static c2d_rectd trail[1024];
    c2d_world *w = c2d_world_new_d(64.0);
    const c2d_rectd spots[COINS] = {
        {104, 120, 8, 8}, {200, 128, 8, 8}, {376, 92, 8, 8}, {520, 40, 8, 8}, {600, 128, 8, 8}};
    uint64_t coins[COINS], player;
    int taken[COINS] = {0};
    int col, row, frame, i, tiles = 0, ntrail = 0;
    uint32_t layer = 0;
    c2d_event ev[16];
    for (row = 0; row < ROWS; row++) {
        for (col = 0; col < COLS; col++) {
            codes[row * COLS + col] = code_of(level[row][col]);
            tiles += codes[row * COLS + col] != C2D_TILE_EMPTY;
        }
    }
    if (c2d_world_add_tiles(w, codes, COLS, ROWS, COLS, (c2d_vec2d){0, 0},
                            (c2d_vec2d){TILE, TILE}, &layer) != C2D_OK) {
        fprintf(stderr, "the level did not load\n");
        return 1;
    }
    printf("%d tiles became %zu items\n", tiles, c2d_world_count(w));
    for (i = 0; i < COINS; i++) {
        coins[i] = c2d_world_add_d(w, spots[i], (uint64_t)i);
        c2d_world_set_sensor(w, coins[i], true);
    }
    player = c2d_world_add_d(w, (c2d_rectd){16, 124, 12, 20}, 0);
    for (frame = 1; frame <= 300; frame++) {
        c2d_rectd p;
        size_t n, k;
        c2d_ground ground;
        /* Walk right (a ramp is climbed: the move slides up its face), then fall unless standing
         * on something (gravity on a ramp would slide the player back down it). */
        c2d_world_get_d(w, player, &p, NULL);
        c2d_world_move_d(w, player, (c2d_vec2d){p.x + 2, p.y}, NULL, NULL, NULL, NULL, 0, NULL);
        c2d_world_ground(w, player, (c2d_vec2){0, -1}, NULL, NULL, &ground);
        if (!(ground.flags & C2D_ON_FLOOR)) {
            c2d_world_get_d(w, player, &p, NULL);
            c2d_world_move_d(w, player, (c2d_vec2d){p.x, p.y + 4}, NULL, NULL, NULL, NULL, 0,
                             NULL);
        }
        c2d_world_get_d(w, player, &p, NULL);
        if (frame % 20 == 0) {
            printf("frame %d  player (%g, %g)\n", frame, p.x, p.y);
        }
        if (frame % 6 == 0 && ntrail < 1024) {
            trail[ntrail++] = p;
        }
        n = c2d_world_events(w, ev, 16);
        for (k = 0; k < n && k < 16; k++) {
            for (i = 0; i < COINS; i++) {
                if (ev[k].kind == C2D_EVENT_BEGIN && ev[k].sensor == coins[i]) {
                    printf("frame %d  picked up the coin at (%g, %g)\n", frame, spots[i].x,
                           spots[i].y);
                    taken[i] = 1;
                    c2d_world_remove(w, coins[i]);
                }
            }
        }
    }
    if (dir) {
        char path[512];
        c2d_rectd p;
        memset(pixels, SKY, sizeof pixels);
        draw_level(w, layer);
        for (i = 0; i < ntrail; i++) {
            outline(trail[i].x, trail[i].y, trail[i].w, trail[i].h, TRAIL);
        }
        for (i = 0; i < COINS; i++) {
            fill(spots[i].x, spots[i].y, spots[i].w, spots[i].h, taken[i] ? TAKEN : COIN);
        }
        c2d_world_get_d(w, player, &p, NULL);
        fill(p.x, p.y, p.w, p.h, PLAYER);
        sprintf(path, "%.400s/tilemap.png", dir);
        if (!png_write(path, &pixels[0][0], W, H, SCALE, palette, N_COLOURS)) {
            fprintf(stderr, "cannot write %s\n", path);
            return 1;
        }
        printf("wrote %s\n", path);
    }
    c2d_world_free(w);
    return 0;
}
