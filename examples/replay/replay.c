/* A replay: the same recorded inputs give the same world, frame after frame, on every machine.
 *
 * A level 16,000 pixels wide (a floor, hills of slope tiles, one-way platforms, lifts going up and
 * down and sideways) and 1,000 players, each walking and jumping by its own recorded keys. After
 * each frame the program prints the frame number and the world's hash (c2d_world_hash), e.g.
 *   1 3f0c9a1d5e7b2c44
 * Two machines that print the same lines ran the same game: that is what a lockstep or
 * rollback network game needs, and what a replay file needs to play back. The committed
 * hashes.txt holds the lines every build must print; replay.lua is the same game in Lua.
 *
 *   replay inputs.txt                        play the recording, one line per frame
 *   replay --rollback F N inputs.txt         the same, and at frame F also take a snapshot, play N
 *                                            frames, restore it and play them again: a rollback
 *                                            must give the very same hashes (exit 1 if not)
 *   replay --record FRAMES SEED out.txt      write a new recording (random keys)
 *
 * The game's own arithmetic must be as reproducible as the library's: here every speed is a
 * multiple of 1/8, in doubles. Build with contraction of a*b+c into one fused instruction off
 * (-ffp-contract=off; ISO C modes such as -std=c99 turn it off in GCC) and, on 32-bit x86, with
 * SSE2 maths (-msse2 -mfpmath=sse) instead of the x87's wider registers:
 *   cc -std=c99 -O2 -ffp-contract=off -Iinclude examples/replay/replay.c -Ltarget/release \
 *      -lcollide2d -o target/replay
 *   LD_LIBRARY_PATH=target/release ./target/replay examples/replay/inputs.txt > frames.txt
 *   cmp frames.txt examples/replay/hashes.txt
 *
 * The recording (inputs.txt): a line "movers M frames F", then one line "dframe mover keys" per
 * change of a player's keys: frames since the previous change, the player (0..M-1) and its new
 * keys (1 left, 2 right, 4 jump), in order of frame and player.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide2d.h"

enum { MOVERS = 1000, SECTIONS = 32, LIFT_PERIOD = 280 };

/* The user value of each kind of item: lifts carry and push only players. */
enum { LEVEL = 1, LIFT = 2, PLAYER = 3 };

typedef struct {
    c2d_world *w;
    uint64_t lifts[SECTIONS];
    uint64_t players[MOVERS];
    /* The game's own state, beside the world's: what a rollback must restore too. */
    double vy[MOVERS];
    int on_floor[MOVERS];
    int keys[MOVERS];
} game;

static uint64_t add(game *g, double x, double y, double w, double h, uint64_t kind)
{
    c2d_rectd r = {x, y, w, h};
    uint64_t id = c2d_world_add_d(g->w, r, kind);
    if (id == 0) {
        fprintf(stderr, "replay: could not add an item\n");
        exit(2);
    }
    return id;
}

/* The level, then the players, always added in the same order: the handles are part of the
 * state the hash covers. */
static void build(game *g)
{
    const c2d_vec2 up = {0, -1};
    memset(g, 0, sizeof *g);
    g->w = c2d_world_new_d(64);
    add(g, 0, 760, 16000, 40, LEVEL);
    add(g, -32, -2000, 32, 2800, LEVEL);
    add(g, 16000, -2000, 32, 2800, LEVEL);
    for (int k = 0; k < SECTIONS; k++) {
        double base = k * 500.0;
        /* A hill: a ramp up, a top with a small bump of steeper ramps, a ramp down. */
        c2d_world_set_slope(g->w, add(g, base + 40, 728, 64, 32, LEVEL), C2D_SLOPE_X1Y1);
        add(g, base + 104, 728, 96, 32, LEVEL);
        c2d_world_set_slope(g->w, add(g, base + 200, 728, 64, 32, LEVEL), C2D_SLOPE_X0Y1);
        c2d_world_set_slope(g->w, add(g, base + 120, 712, 32, 16, LEVEL), C2D_SLOPE_X1Y1);
        c2d_world_set_slope(g->w, add(g, base + 152, 712, 32, 16, LEVEL), C2D_SLOPE_X0Y1);
        /* Two one-way platforms, one above the other, level data with decimals. */
        c2d_world_set_one_way(g->w, add(g, base + 280, 680.5, 96, 8, LEVEL), up);
        c2d_world_set_one_way(g->w, add(g, base + 300.25, 610.75, 64, 8, LEVEL), up);
    }
    for (int k = 0; k < SECTIONS; k++) {
        double base = k * 500.0;
        g->lifts[k] = k % 2 == 0 ? add(g, base + 400, 700, 64, 8, LIFT)
                                 : add(g, base + 380, 650, 64, 8, LIFT);
    }
    for (int i = 0; i < MOVERS; i++)
        g->players[i] = add(g, 16 + (i % 250) * 63.5, 100 + (i / 250) * 40, 12, 20, PLAYER);
}

/* Lifts carry and push players, never the level or each other. */
static c2d_response lift_filter(uint64_t item, uint64_t solid, void *ctx)
{
    uint64_t kind = 0;
    (void)solid;
    c2d_world_get_d((const c2d_world *)ctx, item, NULL, &kind);
    return kind == PLAYER ? C2D_SLIDE : C2D_IGNORE;
}

static void check(c2d_status st, const char *what)
{
    if (st != C2D_OK) {
        fprintf(stderr, "replay: %s failed with status %d\n", what, (int)st);
        exit(2);
    }
}

/* One frame: the lifts (even ones up and down by 1, odd ones sideways by 0.5, each 140 frames
 * one way and 140 back, out of step), then every player: walk, gravity, jump when on a floor. */
static void step(game *g, int frame)
{
    const c2d_vec2 up = {0, -1};
    for (int k = 0; k < SECTIONS; k++) {
        int phase = (frame + k * 17) % LIFT_PERIOD;
        double way = phase < LIFT_PERIOD / 2 ? -1 : 1;
        c2d_vec2d d = {0, 0};
        if (k % 2 == 0)
            d.y = way;
        else
            d.x = way * 0.5;
        check(c2d_world_move_solid_d(g->w, g->lifts[k], d, up, lift_filter, g->w, NULL, NULL, 0, NULL),
              "a lift's move");
    }
    for (int i = 0; i < MOVERS; i++) {
        c2d_rectd r;
        c2d_ground ground;
        c2d_vec2d goal, actual;
        double vx = 0;
        check(c2d_world_get_d(g->w, g->players[i], &r, NULL), "get");
        if (g->keys[i] & 1)
            vx -= 2.25;
        if (g->keys[i] & 2)
            vx += 2.25;
        g->vy[i] += 0.375;
        if (g->vy[i] > 12)
            g->vy[i] = 12;
        if ((g->keys[i] & 4) && g->on_floor[i])
            g->vy[i] = -8.5;
        goal.x = r.x + vx;
        goal.y = r.y + g->vy[i];
        check(c2d_world_move_ground_d(g->w, g->players[i], goal, up, NULL, NULL, &actual, NULL, 0, NULL,
                                      &ground),
              "a player's move");
        g->on_floor[i] = (ground.flags & C2D_ON_FLOOR) != 0;
        if ((g->on_floor[i] && g->vy[i] > 0) || ((ground.flags & C2D_ON_CEILING) && g->vy[i] < 0))
            g->vy[i] = 0;
    }
}

/* The recording, read change by change as the frames pass. */
typedef struct {
    FILE *f;
    int next_frame; /* the frame of the pending change, -1 at the end */
    int mover, keys;
} recording;

static void next_change(recording *rec)
{
    int dframe;
    if (fscanf(rec->f, "%d %d %d", &dframe, &rec->mover, &rec->keys) != 3) {
        rec->next_frame = -1;
        return;
    }
    if (dframe < 0 || rec->mover < 0 || rec->mover >= MOVERS) {
        fprintf(stderr, "replay: a damaged recording\n");
        exit(2);
    }
    rec->next_frame += dframe;
}

static int play(const char *path, int rollback_at, int rollback_frames)
{
    static game g;
    recording rec = {fopen(path, "r"), 0, 0, 0};
    int movers, frames;
    if (!rec.f || fscanf(rec.f, "movers %d frames %d", &movers, &frames) != 2 || movers != MOVERS) {
        fprintf(stderr, "replay: cannot read a recording of %d players from %s\n", MOVERS, path);
        return 2;
    }
    build(&g);
    next_change(&rec);
    for (int frame = 0; frame < frames; frame++) {
        while (rec.next_frame == frame) {
            g.keys[rec.mover] = rec.keys;
            next_change(&rec);
        }
        if (frame == rollback_at) {
            /* A rollback: the world's snapshot and the game's own state, N frames played with
             * the keys held now, then both put back and the same frames played again. */
            static game saved;
            size_t size = c2d_world_snapshot_size(g.w);
            uint8_t *snap = malloc(size);
            uint64_t *first = malloc(sizeof(uint64_t) * (size_t)rollback_frames);
            c2d_world *w = g.w;
            int same = 1;
            if (!snap || !first || c2d_world_snapshot(g.w, snap, size) != size) {
                fprintf(stderr, "replay: no snapshot\n");
                return 2;
            }
            saved = g;
            for (int n = 0; n < rollback_frames; n++) {
                step(&g, frame + n);
                first[n] = c2d_world_hash(g.w);
            }
            check(c2d_world_restore(w, snap, size), "restore");
            g = saved;
            for (int n = 0; n < rollback_frames; n++) {
                step(&g, frame + n);
                same &= first[n] == c2d_world_hash(g.w);
            }
            fprintf(stderr, "rollback at frame %d: %d frames played again, %s\n", frame, rollback_frames,
                    same ? "the same hashes" : "DIFFERENT hashes");
            if (!same)
                return 1;
            /* Back to the snapshot once more, and on with the recording. */
            check(c2d_world_restore(w, snap, size), "restore");
            g = saved;
            free(snap);
            free(first);
        }
        step(&g, frame);
        printf("%d %016" PRIx64 "\n", frame + 1, c2d_world_hash(g.w));
    }
    fclose(rec.f);
    c2d_world_free(g.w);
    return 0;
}

/* A new recording: each player holds one of six key sets (standing, walking either way,
 * jumping in place or either way) for 60 to 900 frames. */
static int record(int frames, uint32_t seed, const char *path)
{
    static const int choices[] = {0, 1, 2, 4, 5, 6};
    static int until[MOVERS];
    FILE *f = fopen(path, "w");
    int last = 0;
    if (!f || frames < 1 || seed == 0) {
        fprintf(stderr, "replay: cannot write %s\n", path);
        return 2;
    }
    fprintf(f, "movers %d frames %d\n", MOVERS, frames);
    for (int frame = 0; frame < frames; frame++) {
        for (int i = 0; i < MOVERS; i++) {
            if (until[i] > frame)
                continue;
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            until[i] = frame + 60 + (int)(seed % 841);
            fprintf(f, "%d %d %d\n", frame - last, i, choices[(seed >> 16) % 6]);
            last = frame;
        }
    }
    return fclose(f) == 0 ? 0 : 2;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "--record") == 0)
        return record(atoi(argv[2]), (uint32_t)strtoul(argv[3], NULL, 10), argv[4]);
    if (argc == 5 && strcmp(argv[1], "--rollback") == 0)
        return play(argv[4], atoi(argv[2]), atoi(argv[3]));
    if (argc == 2)
        return play(argv[1], -1, 0);
    fprintf(stderr, "usage: replay inputs.txt\n"
                    "       replay --rollback FRAME N inputs.txt\n"
                    "       replay --record FRAMES SEED out.txt\n");
    return 2;
}
