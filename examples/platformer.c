/* A small platformer on collide2d's movement kit, four scenes in y-down screen coordinates:
 *
 *   1. a player jumps up through a one-way platform, lands on it, then drops back down through
 *      it by holding "down";
 *   2. a player rides a lift up into a low ceiling and is squashed;
 *   3. a moving wall pushes a crate along the floor until the crate meets a fixed wall;
 *   4. a player spawned inside a wall is pushed out the shortest way and falls to the floor.
 *
 * Every frame prints the player's (or the crate's) position and what it touches, e.g.
 *   frame 12  player (40, 96)  floor=platform
 * Given a directory, it also draws one frame of each scene, with the earlier positions as
 * outlines, as a PNG there (platformer_1_platform.png ... platformer_4_spawn.png; `make pictures`
 * writes them to docs/images/) with the small PNG writer of examples/png.h.
 *
 * Build and run from the repository root, after `cargo build --release`:
 *   cc -std=c99 -Iinclude examples/platformer.c -Ltarget/release -lcollide2d -o target/platformer
 *   LD_LIBRARY_PATH=target/release ./target/platformer [directory for the pictures]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide2d.h"
#include "png.h"

/* ------------------------------------------------------------------------------------------ */
/* The scene: named items, a filter, a picture. */

enum { W = 256, H = 160, SCALE = 2, MAX_ITEMS = 16, MAX_TRAIL = 256 };

/* Palette indices. */
enum { SKY, ROCK, PLATFORM, PLAYER, TRAIL, LIFT, LIFT_TRAIL, CRATE, DANGER, N_COLOURS };

static const unsigned char palette[N_COLOURS][3] = {
    {226, 236, 246}, /* sky */
    {64, 70, 88},    /* walls, floor, ceiling */
    {236, 150, 40},  /* one-way platform */
    {40, 100, 220},  /* player */
    {150, 180, 236}, /* where the player was */
    {50, 160, 90},   /* lift, moving wall */
    {160, 214, 176}, /* where the lift was */
    {150, 96, 50},   /* crate */
    {220, 50, 50},   /* squashed, or spawned inside a wall */
};

typedef struct {
    c2d_world *world;
    uint64_t ids[MAX_ITEMS];
    const char *names[MAX_ITEMS];
    int colours[MAX_ITEMS];
    int statics[MAX_ITEMS]; /* part of the level: never carried or pushed */
    int n;
    uint64_t platform; /* the one-way platform, if any */
    int dropping;      /* the player holds "down": the platform lets it through */
    c2d_rect trail[MAX_TRAIL];
    int trail_n;
    int trail_colour;
    int trail_every;
} scene;

static const c2d_vec2 UP = {0.0f, -1.0f}; /* y-down screen: up is -y */

static c2d_rect rect(float x, float y, float w, float h) {
    c2d_rect r;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    return r;
}

static c2d_vec2 vec2(float x, float y) {
    c2d_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

static uint64_t add(scene *s, c2d_rect r, const char *name, int colour, int is_static) {
    uint64_t id = c2d_world_add(s->world, r, 0);
    s->ids[s->n] = id;
    s->names[s->n] = name;
    s->colours[s->n] = colour;
    s->statics[s->n] = is_static;
    s->n++;
    return id;
}

static const char *name_of(const scene *s, uint64_t id) {
    int i;
    for (i = 0; i < s->n; i++) {
        if (s->ids[i] == id) {
            return s->names[i];
        }
    }
    return "?";
}

static c2d_rect rect_of(const scene *s, uint64_t id) {
    c2d_rect r = {0, 0, 0, 0};
    c2d_world_get(s->world, id, &r, NULL);
    return r;
}

/* One filter for every call: the level's walls are never carried or pushed by a moving solid,
 * and the player holding "down" drops through the one-way platform. */
static c2d_response filter(uint64_t item, uint64_t other, void *ctx) {
    const scene *s = (const scene *)ctx;
    int i;
    for (i = 0; i < s->n; i++) {
        if (s->ids[i] == item && s->statics[i]) {
            return C2D_IGNORE;
        }
    }
    if (s->dropping && other == s->platform) {
        return C2D_IGNORE;
    }
    return C2D_SLIDE;
}

/* "floor=platform left=wall", or "in the air". */
static const char *describe(const scene *s, const c2d_ground *g) {
    static char text[128];
    text[0] = '\0';
    if (g->flags & C2D_ON_FLOOR) {
        sprintf(text + strlen(text), " floor=%s", name_of(s, g->floor));
    }
    if (g->flags & C2D_ON_CEILING) {
        sprintf(text + strlen(text), " ceiling=%s", name_of(s, g->ceiling));
    }
    if (g->flags & C2D_ON_LEFT) {
        sprintf(text + strlen(text), " left=%s", name_of(s, g->left));
    }
    if (g->flags & C2D_ON_RIGHT) {
        sprintf(text + strlen(text), " right=%s", name_of(s, g->right));
    }
    return g->flags ? text + 1 : "in the air";
}

static void remember(scene *s, c2d_rect r) {
    if (s->trail_n < MAX_TRAIL) {
        s->trail[s->trail_n++] = r;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Drawing: a palette framebuffer, W x H, written SCALE times larger. */

static unsigned char pixels[H][W];

static void fill(c2d_rect r, int colour) {
    int x0 = (int)r.x, y0 = (int)r.y, x1 = (int)(r.x + r.w), y1 = (int)(r.y + r.h), x, y;
    for (y = y0 < 0 ? 0 : y0; y < y1 && y < H; y++) {
        for (x = x0 < 0 ? 0 : x0; x < x1 && x < W; x++) {
            pixels[y][x] = (unsigned char)colour;
        }
    }
}

static void outline(c2d_rect r, int colour) {
    fill(rect(r.x, r.y, r.w, 1), colour);
    fill(rect(r.x, r.y + r.h - 1, r.w, 1), colour);
    fill(rect(r.x, r.y, 1, r.h), colour);
    fill(rect(r.x + r.w - 1, r.y, 1, r.h), colour);
}

/* Draws the scene: the level, every `trail_every`th remembered position as an outline, then
 * the items that move. */
static void render(const scene *s) {
    int i;
    memset(pixels, SKY, sizeof pixels);
    for (i = 0; i < s->n; i++) {
        if (s->statics[i]) {
            fill(rect_of(s, s->ids[i]), s->colours[i]);
        }
    }
    for (i = 0; i < s->trail_n; i += s->trail_every) {
        outline(s->trail[i], s->trail_colour);
    }
    for (i = 0; i < s->n; i++) {
        if (!s->statics[i]) {
            fill(rect_of(s, s->ids[i]), s->colours[i]);
        }
    }
}

/* Writes the picture as dir/file when a directory was given. */
static void save(const char *dir, const char *file) {
    char path[512];
    if (!dir) {
        return;
    }
    sprintf(path, "%.400s/%s", dir, file);
    if (!png_write(path, &pixels[0][0], W, H, SCALE, palette, N_COLOURS)) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    printf("wrote %s\n", path);
}

/* ------------------------------------------------------------------------------------------ */
/* The scenes. */

/* 1. Jump up through a one-way platform, land on it, drop back down through it. */
static void platform_scene(const char *dir) {
    scene s;
    uint64_t player;
    c2d_vec2 at;
    c2d_ground g;
    size_t hits;
    float vx = 2, vy = 0;
    int frame, stood = 0, drawn = 0;
    memset(&s, 0, sizeof s);
    s.world = c2d_world_new(32.0f);
    s.trail_colour = TRAIL;
    s.trail_every = 2;
    add(&s, rect(0, 144, 256, 16), "ground", ROCK, 1);
    s.platform = add(&s, rect(64, 88, 112, 6), "platform", PLATFORM, 1);
    c2d_world_set_one_way(s.world, s.platform, UP); /* solid only from above */
    player = add(&s, rect(36, 128, 12, 16), "player", PLAYER, 0);
    memset(&g, 0, sizeof g);
    g.flags = C2D_ON_FLOOR;

    printf("-- 1. a player jumps up through a one-way platform, lands on it and drops through\n");
    for (frame = 1; frame <= 90; frame++) {
        c2d_rect r = rect_of(&s, player);
        if (frame >= 10) {
            remember(&s, r);
        }
        if (frame == 12) {
            vy = -8; /* jump */
        }
        if (r.x >= 128) {
            vx = 0; /* walked far enough */
        }
        if (g.flags & C2D_ON_FLOOR && g.floor == s.platform) {
            stood++;
        }
        s.dropping = stood >= 20; /* after a short rest on the platform, hold "down" */
        vy += 0.5f;
        c2d_world_move_ground(s.world, player, vec2(r.x + vx, r.y + vy), UP, filter, &s, &at, NULL,
                              0, &hits, &g);
        if (g.flags & C2D_ON_FLOOR) {
            vy = 0;
        }
        printf("frame %2d  player (%g, %g)  %s%s\n", frame, at.x, at.y, describe(&s, &g),
               !c2d_overlap_rect_rect(rect_of(&s, player), rect_of(&s, s.platform)) ? ""
               : s.dropping ? "  (dropping through the platform)"
                            : "  (jumping up through the platform)");
        if (stood == 8 && !drawn) {
            render(&s);
            save(dir, "platformer_1_platform.png");
            drawn = 1;
        }
    }
    c2d_world_free(s.world);
}

/* 2. Ride a lift up into a low ceiling. */
static void lift_scene(const char *dir) {
    scene s;
    uint64_t player, lift;
    c2d_vec2 at, lift_at;
    c2d_ground g;
    c2d_moved moved[4];
    size_t n, hits;
    float vy = 0;
    int frame;
    memset(&s, 0, sizeof s);
    s.world = c2d_world_new(32.0f);
    s.trail_colour = LIFT_TRAIL;
    s.trail_every = 6;
    add(&s, rect(0, 144, 256, 16), "ground", ROCK, 1);
    add(&s, rect(112, 24, 144, 16), "ceiling", ROCK, 1);
    lift = add(&s, rect(136, 128, 56, 8), "lift", LIFT, 0);
    player = add(&s, rect(156, 112, 12, 16), "player", PLAYER, 0);

    printf("-- 2. a player rides a lift up into a low ceiling\n");
    for (frame = 1; frame <= 60; frame++) {
        c2d_rect r;
        int squashed = 0;
        size_t i;
        remember(&s, rect_of(&s, lift));
        /* The lift first: it carries what stands on it and pushes what is in its way. */
        c2d_world_move_solid(s.world, lift, vec2(0, -2), UP, filter, &s, &lift_at, moved, 4, &n);
        for (i = 0; i < n && i < 4; i++) {
            if (moved[i].id == player && moved[i].what & C2D_SQUASHED) {
                squashed = 1;
            }
        }
        if (squashed) {
            r = rect_of(&s, player);
            printf("frame %2d  player (%g, %g)  squashed between the lift (%g, %g) and the ceiling\n",
                   frame, r.x, r.y, lift_at.x, lift_at.y);
            s.colours[s.n - 1] = DANGER;
            render(&s);
            save(dir, "platformer_2_lift.png");
            break;
        }
        /* Then the player: gravity, and the ground state after the move. */
        r = rect_of(&s, player);
        vy += 0.5f;
        c2d_world_move_ground(s.world, player, vec2(r.x, r.y + vy), UP, filter, &s, &at, NULL, 0,
                              &hits, &g);
        if (g.flags & C2D_ON_FLOOR) {
            vy = 0;
        }
        printf("frame %2d  player (%g, %g)  %s%s\n", frame, at.x, at.y, describe(&s, &g),
               n ? "  (carried)" : "");
    }
    c2d_world_free(s.world);
}

/* 3. A moving wall pushes a crate until the crate meets a fixed wall. */
static void crate_scene(const char *dir) {
    scene s;
    uint64_t crate, pusher;
    c2d_vec2 pusher_at;
    c2d_ground g;
    c2d_moved moved[4];
    size_t n;
    int frame;
    memset(&s, 0, sizeof s);
    s.world = c2d_world_new(32.0f);
    s.trail_colour = LIFT_TRAIL;
    s.trail_every = 6;
    add(&s, rect(0, 144, 256, 16), "ground", ROCK, 1);
    add(&s, rect(207, 72, 24, 72), "wall", ROCK, 1);
    pusher = add(&s, rect(8, 96, 16, 48), "moving wall", LIFT, 0);
    crate = add(&s, rect(72, 120, 24, 24), "crate", CRATE, 0);

    printf("-- 3. a moving wall pushes a crate into a fixed wall\n");
    for (frame = 1; frame <= 120; frame++) {
        c2d_rect r;
        int squashed;
        remember(&s, rect_of(&s, pusher));
        c2d_world_move_solid(s.world, pusher, vec2(3, 0), UP, filter, &s, &pusher_at, moved, 4, &n);
        squashed = n && moved[0].what & C2D_SQUASHED;
        if (squashed) {
            /* The crate is stuck against the wall: the moving wall backs off to stand flush
             * with it, as a game would. */
            r = rect_of(&s, crate);
            c2d_world_move_solid(s.world, pusher, vec2(r.x - (pusher_at.x + 16), 0), UP, filter,
                                 &s, &pusher_at, moved, 4, &n);
        }
        r = rect_of(&s, crate);
        c2d_world_ground(s.world, crate, UP, filter, &s, &g);
        printf("frame %2d  crate (%g, %g)  %s%s\n", frame, r.x, r.y, describe(&s, &g),
               squashed ? "  (squashed: the moving wall stops)" : n ? "  (pushed)" : "");
        if (squashed) {
            render(&s);
            save(dir, "platformer_3_crate.png");
            break;
        }
    }
    c2d_world_free(s.world);
}

/* 4. A player spawned inside a wall is pushed out, then falls. */
static void spawn_scene(const char *dir) {
    scene s;
    uint64_t player;
    c2d_vec2 at;
    c2d_ground g;
    size_t hits;
    float vy = 0;
    int frame;
    c2d_status st;
    c2d_rect spawn = rect(130, 84, 12, 16);
    memset(&s, 0, sizeof s);
    s.world = c2d_world_new(32.0f);
    s.trail_colour = TRAIL;
    s.trail_every = 2;
    add(&s, rect(0, 144, 256, 16), "ground", ROCK, 1);
    add(&s, rect(96, 56, 56, 88), "pillar", ROCK, 1);
    player = add(&s, spawn, "player", PLAYER, 0);

    printf("-- 4. a player spawned inside a wall is pushed out\n");
    /* The shortest way out: 22 to the right (left 46, up 44, down into the ground). */
    st = c2d_world_push_out(s.world, player, 64, filter, &s, &at);
    printf("frame  0  player spawned at (%g, %g) inside the pillar: %s, pushed out to (%g, %g)\n",
           spawn.x, spawn.y, c2d_status_str(st), at.x, at.y);
    for (frame = 1; frame <= 30; frame++) {
        c2d_rect r = rect_of(&s, player);
        remember(&s, r);
        vy += 0.5f;
        c2d_world_move_ground(s.world, player, vec2(r.x, r.y + vy), UP, filter, &s, &at, NULL, 0,
                              &hits, &g);
        if (g.flags & C2D_ON_FLOOR) {
            vy = 0;
        }
        printf("frame %2d  player (%g, %g)  %s\n", frame, at.x, at.y, describe(&s, &g));
    }
    /* The way down in outlines, the spawn point inside the pillar in red. */
    render(&s);
    outline(spawn, DANGER);
    outline(rect(spawn.x + 1, spawn.y + 1, spawn.w - 2, spawn.h - 2), DANGER);
    save(dir, "platformer_4_spawn.png");
    c2d_world_free(s.world);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : NULL;
    platform_scene(dir);
    lift_scene(dir);
    crate_scene(dir);
    spawn_scene(dir);
    return 0;
}
