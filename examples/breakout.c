/* A breakout scene: one ball against a wall of 96 bricks, every frame.
 *
 * Two ways to find the ball's first hit in a frame, run side by side on the same game:
 *   all:   sweep the ball against every brick still standing (96 tests, the simple way);
 *   world: ask the world for the bricks overlapping the box the ball sweeps through this frame,
 *          then sweep only against those (the usual "test only the bricks near the ball").
 * Both must destroy the same bricks in the same frames; the program checks it and prints the
 * cost of each per frame.
 *
 * Build: cc -std=c99 -O2 -Iinclude examples/breakout.c -Ltarget/release -lcollide2d -o breakout
 * Run:   LD_LIBRARY_PATH=target/release ./breakout */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "collide2d.h"

#define COLS 12
#define ROWS 8
#define BRICKS (COLS * ROWS)
#define FRAMES 20000

typedef struct {
    c2d_rect ball;
    c2d_vec2 velocity;
    c2d_rect bricks[BRICKS];
    int alive[BRICKS];
    int left;
    c2d_world *world;
    uint64_t handle[BRICKS];
} game;

static const c2d_rect arena = {0, 0, 520, 400};

static void reset(game *g, int with_world)
{
    int i;
    g->ball = (c2d_rect){255, 380, 8, 8};
    g->velocity = (c2d_vec2){7, -9};
    g->left = BRICKS;
    g->world = with_world ? c2d_world_new(64) : NULL;
    for (i = 0; i < BRICKS; i++) {
        g->bricks[i] = (c2d_rect){(float)(20 + (i % COLS) * 40), (float)(40 + (i / COLS) * 18), 38, 16};
        g->alive[i] = 1;
        if (g->world)
            g->handle[i] = c2d_world_add(g->world, g->bricks[i], (uint64_t)i);
    }
}

/* The ball's first hit this frame among the candidate bricks; -1 when none. */
static int first_hit(const game *g, const int *candidates, size_t n, c2d_hit *best)
{
    int found = -1;
    size_t k;
    for (k = 0; k < n; k++) {
        int i = candidates[k];
        c2d_hit hit;
        if (g->alive[i] && c2d_sweep_rect_rect(g->ball, g->velocity, g->bricks[i], &hit)
            && (found < 0 || hit.t < best->t || (hit.t == best->t && i < found))) {
            *best = hit;
            found = i;
        }
    }
    return found;
}

/* One frame: find the first brick hit, bounce off it, or move on and bounce off the arena. */
static int step(game *g)
{
    int candidates[BRICKS];
    size_t n = 0;
    c2d_hit hit = {0, {0, 0}, {0, 0}, {0, 0}};
    int i;
    if (g->world) {
        /* The box swept by the ball this frame: the only place a brick can be hit. */
        c2d_rect swept = g->ball;
        uint64_t ids[BRICKS];
        size_t k, total;
        swept.w += g->velocity.x < 0 ? -g->velocity.x : g->velocity.x;
        swept.h += g->velocity.y < 0 ? -g->velocity.y : g->velocity.y;
        if (g->velocity.x < 0) swept.x += g->velocity.x;
        if (g->velocity.y < 0) swept.y += g->velocity.y;
        /* Touching bricks matter to a sweep (a touching neighbour is hit at t = 0): grow by one. */
        swept.x -= 1; swept.y -= 1; swept.w += 2; swept.h += 2;
        total = c2d_world_query_rect(g->world, swept, ids, BRICKS);
        for (k = 0; k < total && k < BRICKS; k++) {
            uint64_t user = 0;
            c2d_world_get(g->world, ids[k], NULL, &user);
            candidates[n++] = (int)user;
        }
    } else {
        for (i = 0; i < BRICKS; i++)
            candidates[n++] = i;
    }
    i = first_hit(g, candidates, n, &hit);
    if (i >= 0) {
        g->ball.x = hit.pos.x;
        g->ball.y = hit.pos.y;
        if (hit.normal.x != 0) g->velocity.x = -g->velocity.x;
        if (hit.normal.y != 0) g->velocity.y = -g->velocity.y;
        g->alive[i] = 0;
        g->left--;
        if (g->world) c2d_world_remove(g->world, g->handle[i]);
        return i;
    }
    g->ball.x += g->velocity.x;
    g->ball.y += g->velocity.y;
    if (g->ball.x < arena.x || g->ball.x + g->ball.w > arena.x + arena.w) g->velocity.x = -g->velocity.x;
    if (g->ball.y < arena.y || g->ball.y + g->ball.h > arena.y + arena.h) g->velocity.y = -g->velocity.y;
    return -1;
}

/* Nanoseconds from a steady clock (processor time on Windows, where C99 offers nothing finer). */
static double now(void)
{
#if defined(_WIN32)
    return (double)clock() * (1e9 / CLOCKS_PER_SEC);
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
#endif
}

/* Plays FRAMES frames (restarting the wall when it is cleared); writes which brick each frame
 * destroyed into `log` and returns the nanoseconds per frame. */
static double play(int with_world, int *log, int *cleared)
{
    game g;
    int f;
    double start;
    reset(&g, with_world);
    *cleared = 0;
    start = now();
    for (f = 0; f < FRAMES; f++) {
        log[f] = step(&g);
        if (g.left == 0) {
            c2d_world_free(g.world);
            reset(&g, with_world);
            (*cleared)++;
        }
    }
    start = now() - start;
    c2d_world_free(g.world);
    return start / FRAMES;
}

int main(void)
{
    static int log_all[FRAMES], log_world[FRAMES];
    int cleared_all, cleared_world, f, destroyed = 0;
    double all = play(0, log_all, &cleared_all);
    double world = play(1, log_world, &cleared_world);
    for (f = 0; f < FRAMES; f++) {
        if (log_all[f] != log_world[f]) {
            printf("frame %d: all bricks says %d, world says %d\n", f, log_all[f], log_world[f]);
            return 1;
        }
        destroyed += log_all[f] >= 0;
    }
    printf("%d frames, %d bricks destroyed, wall cleared %d times: same game both ways\n",
           FRAMES, destroyed, cleared_all);
    printf("sweep against all 96 bricks: %7.1f ns/frame\n", all);
    printf("world query + nearby sweeps: %7.1f ns/frame\n", world);
    return 0;
}
