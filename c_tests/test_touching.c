/* Touching as the game means it (since 1.3), from C: things placed by the game's own arithmetic
 * instead of on the grid. A player snapped flush against a wall by x = wall.x - w, onto a floor
 * by y = floor.y - h (in float for an f32 world and c2d_move_rect, in doubles for a double
 * world), decimal level data with 2 and 3 decimals, positions stepped by v * dt at 60 Hz,
 * magnitudes near 1e6 and near 1e-3. In exact arithmetic many of these placements overlap the
 * wall by a rounding; the world and c2d_move_rect read them as touching: moving away or along is
 * free and ends at the goal, moving into the wall meets it at t = 0 where the player is, nothing
 * ends on the far side, queries and pairs see no overlap, the player fits where it stands, is not
 * pushed out, and stands on its floor. On the grid nothing changes. Coordinates are y-down
 * (up = (0, -1)). Each scenario runs thousands of placements from a fixed seed, counts the wrong
 * answers (printing the first few with their exact numbers) and expects none.
 * Entry point: test_touching(), counted by the harness. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "test_macros.h"

#define CHECK(label, cond) (CASE(label), ENSURE(cond))

/* Placements per style and per side of the wall (12 styles: 9600 placements for a wall, 4800 for
 * a floor, a ceiling or a platform), and per style for a lift. */
#define CASES 400
#define LIFT_CASES 1000

/* Up on a screen (y grows downwards). */
static const c2d_vec2 UP = {0.0f, -1.0f};

/* ---- A small deterministic generator (splitmix64). ---- */

typedef struct {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* An integer in lo..hi-1. */
static int64_t rng_range(rng *r, int64_t lo, int64_t hi) {
    return lo + (int64_t)(rng_next(r) % (uint64_t)(hi - lo));
}

/* A double in lo..hi with every bit of its mantissa random (never a grid value). */
static double rng_float(rng *r, double lo, double hi) {
    return lo + (hi - lo) * ((double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0));
}

/* ---- How a game places things. ---- */

enum { SNAP, DECIMAL2, DECIMAL3, STEPPED, LARGE, SMALL };

typedef struct {
    const char *name;
    int single; /* the game computes in float and uses an f32 world (or c2d_move_rect) */
    int kind;
} style;

static const style STYLES[] = {
    {"snapped by x = wall.x - w in doubles", 0, SNAP},
    {"decimal level data with 2 decimals", 0, DECIMAL2},
    {"decimal level data with 3 decimals", 0, DECIMAL3},
    {"the wall stepped by v * dt at 60 Hz in doubles, then snapped to", 0, STEPPED},
    {"snapped near 1e6 in doubles", 0, LARGE},
    {"snapped near 1e-3 in doubles", 0, SMALL},
    {"snapped by x = wall.x - w in float", 1, SNAP},
    {"decimal level data with 2 decimals read as floats", 1, DECIMAL2},
    {"decimal level data with 3 decimals read as floats", 1, DECIMAL3},
    {"the wall stepped by v * dt at 60 Hz in float, then snapped to", 1, STEPPED},
    {"snapped near 1e6 in float", 1, LARGE},
    {"snapped near 1e-3 in float", 1, SMALL},
};

#define STYLE_COUNT (sizeof STYLES / sizeof STYLES[0])

/* A value as the game holds it: rounded to float in a float game. (Through a volatile: GCC 12's
 * SLP vectorizer at -O2 drops the rounding of two neighbouring (double)(float)v conversions.) */
static double held(int single, double v) {
    if (single) {
        volatile float f = (float)v;
        return f;
    }
    return v;
}

/* The game's own float arithmetic (C99 rounds a returned value to float, also on x87). */
static float fsub(float a, float b) {
    return a - b;
}

static float fadd(float a, float b) {
    return a + b;
}

/* Two rects flush on one axis as the game computed them: the near rect spans lo..lo + size and
 * the far one starts at hi. */
typedef struct {
    double lo;
    double size;
    double hi;
    double d;     /* a step to move, 3.7 in the placement's units */
    double scale; /* 1, or 1e-3 for the small placements */
} placement;

/* side > 0: the game computed lo from hi (player.x = wall.x - player.w, the wall after the
 * player); side < 0: hi from lo (player.x = wall.x + wall.w, the wall before the player). */
static placement place(const style *s, int side, rng *r) {
    placement p;
    double face = 0, size = 1;
    p.scale = s->kind == SMALL ? 1e-3 : 1.0;
    p.d = held(s->single, 3.7 * p.scale);
    switch (s->kind) {
    case DECIMAL2:
    case DECIMAL3: {
        /* Level data written in decimals, flush in decimals: x + w is the next x as written. */
        double k = s->kind == DECIMAL2 ? 100.0 : 1000.0;
        int64_t x = rng_range(r, (int64_t)(-1000 * k), (int64_t)(1000 * k));
        int64_t w = rng_range(r, (int64_t)k, (int64_t)(64 * k));
        p.lo = held(s->single, (double)x / k);
        p.size = held(s->single, (double)w / k);
        p.hi = held(s->single, (double)(x + w) / k);
        return p;
    }
    case SNAP:
        face = rng_float(r, -2000, 2000);
        size = rng_float(r, 1, 64);
        break;
    case STEPPED: {
        /* A wall that moved at v units per second for a while, one frame at a time. */
        double v = rng_float(r, -300, 300);
        int64_t frames = rng_range(r, 1, 600), i;
        face = (double)rng_range(r, -10000, 10000) / 10.0;
        if (s->single) {
            float f = (float)face, fv = (float)v, dt = 1.0f / 60.0f;
            for (i = 0; i < frames; i++) {
                f = fadd(f, fv * dt);
            }
            face = f;
        } else {
            double dt = 1.0 / 60.0;
            for (i = 0; i < frames; i++) {
                face += v * dt;
            }
        }
        size = (double)rng_range(r, 100, 6400) / 100.0;
        break;
    }
    case LARGE:
        face = 1e6 + (double)rng_range(r, -100000, 100000) / 100.0;
        size = (double)rng_range(r, 100, 6400) / 100.0;
        break;
    case SMALL:
        face = (double)rng_range(r, -1000000, 1000000) / 1e9;
        size = (double)rng_range(r, 100, 6400) / 1e6;
        break;
    default:
        break;
    }
    if (s->single) {
        float f = (float)held(1, face), sz = (float)held(1, size);
        p.size = sz;
        if (side > 0) {
            p.hi = f;
            p.lo = fsub(f, sz);
        } else {
            p.lo = f;
            p.hi = fadd(f, sz);
        }
    } else {
        p.size = size;
        if (side > 0) {
            p.hi = face;
            p.lo = face - size;
        } else {
            p.lo = face;
            p.hi = face + size;
        }
    }
    return p;
}

/* Whether lo + size, summed exactly, lies beyond hi: the placement overlaps by a rounding in
 * real-number arithmetic (Knuth's two-sum gives the rounding error of lo + size). */
static int overlaps_exactly(double lo, double size, double hi) {
    double s = lo + size;
    double bb = s - lo;
    double err = (lo - (s - bb)) + (size - bb);
    return s > hi || (s == hi && err > 0);
}

/* One unit in the last place of magnitude m in the world's precision: the band. */
static double band_of(int single, double m) {
    int e;
    double u;
    if (!(m > 0)) {
        return single ? ldexp(1.0, -149) : 1e-10;
    }
    (void)frexp(m, &e);
    u = ldexp(1.0, single ? e - 24 : e - 53);
    return (!single && u < 1e-10) ? 1e-10 : u;
}

/* The largest magnitude of four values. */
static double max4(double a, double b, double c, double d) {
    double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    double n = fabs(c) > fabs(d) ? fabs(c) : fabs(d);
    return m > n ? m : n;
}

/* ---- The world, in the precision the game uses. ---- */

static c2d_world *world_new(int single) {
    return single ? c2d_world_new(64.0f) : c2d_world_new_d(64.0);
}

static uint64_t add(c2d_world *w, int single, c2d_rectd r) {
    return single ? c2d_world_add(w, rect((float)r.x, (float)r.y, (float)r.w, (float)r.h), 0)
                  : c2d_world_add_d(w, r, 0);
}

static void put(c2d_world *w, int single, uint64_t id, c2d_rectd r) {
    if (single) {
        c2d_world_update(w, id, rect((float)r.x, (float)r.y, (float)r.w, (float)r.h));
    } else {
        c2d_world_update_d(w, id, r);
    }
}

static c2d_rectd get_d(c2d_world *w, uint64_t id) {
    c2d_rectd r = {-1, -1, -1, -1};
    c2d_world_get_d(w, id, &r, NULL);
    return r;
}

/* The first item a move met. */
typedef struct {
    uint64_t id;
    double t;
    c2d_vec2d normal;
    int overlaps; /* -1 where the f32 call does not say */
} met;

/* Moves item id toward goal (no filter: every item slides), through the f32 call in an f32 game;
 * returns how many hits there were (SIZE_MAX if the call failed) and the first in *first. */
static size_t move_to(c2d_world *w, int single, uint64_t id, c2d_vec2d goal, c2d_vec2d *end,
                      met *first) {
    size_t n = 0;
    memset(first, 0, sizeof *first);
    end->x = end->y = -1;
    if (single) {
        c2d_world_hit hits[8];
        c2d_vec2 e;
        if (c2d_world_move(w, id, vec2((float)goal.x, (float)goal.y), NULL, NULL, &e, hits, 8, &n) !=
            C2D_OK) {
            return SIZE_MAX;
        }
        end->x = e.x;
        end->y = e.y;
        if (n > 0) {
            first->id = hits[0].id;
            first->t = hits[0].hit.t;
            first->normal = vec2d(hits[0].hit.normal.x, hits[0].hit.normal.y);
            first->overlaps = -1;
        }
    } else {
        c2d_world_hitd hits[8];
        if (c2d_world_move_d(w, id, goal, NULL, NULL, end, hits, 8, &n) != C2D_OK) {
            return SIZE_MAX;
        }
        if (n > 0) {
            first->id = hits[0].id;
            first->t = hits[0].hit.t;
            first->normal = hits[0].hit.normal;
            first->overlaps = hits[0].overlaps;
        }
    }
    return n;
}

/* A rect from its span on `axis` (0: x, 1: y) and its span across. */
static c2d_rectd rect_on(int axis, double pos, double size, double across, double across_size) {
    return axis ? rectd(across, pos, across_size, size) : rectd(pos, across, size, across_size);
}

/* A motion by `on` along `axis` and `across` across it. */
static c2d_vec2d step_on(int axis, double on, double across) {
    return axis ? vec2d(across, on) : vec2d(on, across);
}

static double pos_on(int axis, c2d_rectd r) {
    return axis ? r.y : r.x;
}

static double size_on(int axis, c2d_rectd r) {
    return axis ? r.h : r.w;
}

/* A player snapped against a wall (axis 0) or a floor or ceiling (axis 1). side > 0: the wall is
 * after the player along the axis (on its right; under it: a floor), 40 thick, and the player
 * was placed by x = wall.x - w; side < 0: before it (on its left; above it: a ceiling), as thick
 * as the placement's size, and the player was placed by x = wall.x + wall.w. The wall spans
 * 10000 units across the axis, the player's whole span and any step along it. */
typedef struct {
    const style *st;
    int single;
    int axis;
    int side;
    placement p;
    c2d_world *w;
    uint64_t wall;
    uint64_t player;
    c2d_rectd wall_rect;
    c2d_rectd start;
    double band;
} scene;

static scene scene_make(const style *st, int axis, int side, rng *r) {
    scene s;
    double k;
    double across, across_size, own;
    s.st = st;
    s.single = st->single;
    s.axis = axis;
    s.side = side;
    s.p = place(st, side, r);
    k = s.p.scale;
    across = held(s.single, (double)rng_range(r, -500, 500) / 10.0 * k);
    across_size = held(s.single, (double)rng_range(r, 50, 400) / 10.0 * k);
    own = held(s.single, (double)rng_range(r, 50, 400) / 10.0 * k);
    if (side > 0) {
        s.start = rect_on(axis, s.p.lo, s.p.size, across, across_size);
        s.wall_rect = rect_on(axis, s.p.hi, held(s.single, 40 * k), held(s.single, -5000 * k),
                              held(s.single, 10000 * k));
    } else {
        s.wall_rect = rect_on(axis, s.p.lo, s.p.size, held(s.single, -5000 * k), held(s.single, 10000 * k));
        s.start = rect_on(axis, s.p.hi, own, across, across_size);
    }
    s.band = band_of(s.single, max4(pos_on(axis, s.start), size_on(axis, s.start), pos_on(axis, s.wall_rect),
                                    size_on(axis, s.wall_rect)));
    s.w = world_new(s.single);
    s.wall = add(s.w, s.single, s.wall_rect);
    s.player = add(s.w, s.single, s.start);
    return s;
}

static void scene_free(scene *s) {
    c2d_world_free(s->w);
    s->w = NULL;
}

/* Back to where the game snapped it. */
static void scene_reset(scene *s) {
    put(s->w, s->single, s->player, s->start);
}

/* The goal start + motion, as the game computes it. */
static c2d_vec2d goal_of(const scene *s, c2d_vec2d motion) {
    return vec2d(held(s->single, s->start.x + motion.x), held(s->single, s->start.y + motion.y));
}

/* The player lies on its own side of the wall (touching within the band counts), never on or
 * past the far side. */
static int on_its_side(const scene *s) {
    c2d_rectd now = get_d(s->w, s->player);
    double pos = pos_on(s->axis, now), size = size_on(s->axis, now);
    double wpos = pos_on(s->axis, s->wall_rect), wsize = size_on(s->axis, s->wall_rect);
    if (s->side > 0) {
        return pos + size <= wpos + 2 * s->band;
    }
    return pos >= wpos + wsize - 2 * s->band;
}

/* ---- Counting wrong answers. ---- */

typedef struct {
    int checks;
    int failed;
    int placements;
    int exact_overlaps; /* placements that overlap the wall in real-number arithmetic */
} tally;

static void count_placement(tally *t, const placement *p) {
    t->placements++;
    if (overlaps_exactly(p->lo, p->size, p->hi)) {
        t->exact_overlaps++;
    }
}

/* Records one check of a scene; prints the first few wrong ones with their exact numbers. */
static void expect(tally *t, int ok, const char *what, const scene *s, c2d_vec2d end) {
    t->checks++;
    if (ok) {
        return;
    }
    if (t->failed < 4) {
        c2d_rectd now = get_d(s->w, s->player);
        printf("WRONG %s [%s; the face %s it along %s]: %s:\n"
               "      player {%.17g, %.17g, %.17g, %.17g} against {%.17g, %.17g, %.17g, %.17g},\n"
               "      ended at (%.17g, %.17g), now {%.17g, %.17g, %.17g, %.17g}, band %.3g\n",
               th_test, s->st->name, s->side > 0 ? "after" : "before", s->axis ? "y" : "x", what, s->start.x,
               s->start.y, s->start.w, s->start.h, s->wall_rect.x, s->wall_rect.y, s->wall_rect.w,
               s->wall_rect.h, end.x, end.y, now.x, now.y, now.w, now.h, s->band);
    }
    t->failed++;
}

/* One ENSURE per style: no wrong answer, and the placements did exercise the rule (some of them
 * overlap the wall in real-number arithmetic, so the old reading would have failed them). */
static void close_tally(const tally *t, const char *label) {
    CASE(label);
    if (t->failed > 0) {
        printf("       %s: %d of %d checks wrong\n", label, t->failed, t->checks);
    }
    ENSURE(t->checks > 0 && t->failed == 0);
    ENSURE(t->placements == 0 || t->exact_overlaps > 0);
}

/* Whether `end` is exactly `want`. */
static int at(c2d_vec2d end, c2d_vec2d want) {
    return end.x == want.x && end.y == want.y;
}

/* Whether the first hit is the wall at t = 0 with the normal pointing away from it. */
static int met_wall_at_once(const scene *s, size_t n, const met *m) {
    c2d_vec2d normal = step_on(s->axis, -(double)s->side, 0);
    return n >= 1 && n != SIZE_MAX && m->id == s->wall && m->t == 0.0 && m->normal.x == normal.x &&
           m->normal.y == normal.y && m->overlaps != 1;
}

/* ---- Running a check on many scenes. ---- */

/* Which scenes a check runs on, from a fixed seed. */
typedef struct {
    uint64_t seed;
    int axis;        /* 0 (a wall) or 1 (a floor or a ceiling), or -1 for both, x first */
    int side;        /* 1 (the wall after the player) or -1 (before it), or 0 for both, 1 first */
    int cases;       /* scenes per style, axis and side */
    int single_only; /* only the styles of a float game */
} scenes;

/* A check of one scene, recording its answers in t; r is the generator the scenes come from
 * (drawn from after the scene was made) and c the scene's number for its style, axis and side. */
typedef void (*scene_check)(scene *s, tally *t, rng *r, int c);

/* Runs check on every scene of how, made in the order style, axis, side, case; counts each
 * placement, one tally per style, closed after its scenes. */
static void for_each_scene(scenes how, scene_check check) {
    rng r;
    size_t i;
    r.s = how.seed;
    for (i = 0; i < STYLE_COUNT; i++) {
        tally t = {0, 0, 0, 0};
        int axis, side, c;
        if (how.single_only && !STYLES[i].single) {
            continue;
        }
        for (axis = 0; axis <= 1; axis++) {
            for (side = 1; side >= -1; side -= 2) {
                if ((how.axis >= 0 && axis != how.axis) || (how.side != 0 && side != how.side)) {
                    continue;
                }
                for (c = 0; c < how.cases; c++) {
                    scene s = scene_make(&STYLES[i], axis, side, &r);
                    count_placement(&t, &s.p);
                    check(&s, &t, &r, c);
                    scene_free(&s);
                }
            }
        }
        close_tally(&t, STYLES[i].name);
    }
}

/* ---- Walls. ---- */

static void walks_away_and_along(scene *s, tally *t, rng *r, int c) {
    double d = s->p.d;
    c2d_vec2d end, goal;
    c2d_world_hitd hits[4];
    size_t n, np = 99;
    met m;
    (void)r;
    (void)c;

    goal = goal_of(s, step_on(0, -s->side * d, 0));
    c2d_world_project_d(s->w, s->player, s->start, goal, NULL, NULL, hits, 4, &np);
    expect(t, np == 0, "a projection away from the wall meets nothing", s, goal);
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "walking away ends at the goal, unhit", s, end);
    expect(t, on_its_side(s), "walking away ends on the near side", s, end);

    scene_reset(s);
    goal = goal_of(s, step_on(0, 0, d));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "walking down along the wall ends at the goal", s, end);

    scene_reset(s);
    goal = goal_of(s, step_on(0, 0, -d));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "walking up along the wall ends at the goal", s, end);
    expect(t, on_its_side(s), "walking along ends on the near side", s, end);
}

static void test_player_snapped_flush_against_a_wall_walks_away_and_along(void) {
    scenes how = {0x7a11, 0, 0, CASES, 0};
    for_each_scene(how, walks_away_and_along);
}

static void walks_into_it_and_stays(scene *s, tally *t, rng *r, int c) {
    double d = s->p.d;
    c2d_vec2d end, here = vec2d(s->start.x, s->start.y);
    size_t n;
    met m;
    int frame;
    (void)r;
    (void)c;

    /* Holding the key into the wall for a few frames. */
    for (frame = 0; frame < 3; frame++) {
        n = move_to(s->w, s->single, s->player, goal_of(s, step_on(0, s->side * d, 0)), &end, &m);
        expect(t, at(end, here), "walking into the wall stays where it is", s, end);
        expect(t, met_wall_at_once(s, n, &m), "walking into the wall meets it at t = 0", s, end);
        expect(t, on_its_side(s), "walking into the wall does not go through it", s, end);
    }

    /* Into it and down: stays against it, slides down. */
    scene_reset(s);
    n = move_to(s->w, s->single, s->player, goal_of(s, step_on(0, s->side * d, d)), &end, &m);
    expect(t, at(end, goal_of(s, step_on(0, 0, d))), "walking into the wall and down slides down it", s, end);
    expect(t, met_wall_at_once(s, n, &m), "walking into the wall and down meets it at t = 0", s, end);
    expect(t, on_its_side(s), "sliding down the wall does not go through it", s, end);
}

static void test_player_snapped_flush_against_a_wall_walks_into_it_and_stays(void) {
    scenes how = {0x1e70, 0, 0, CASES, 0};
    for_each_scene(how, walks_into_it_and_stays);
}

static void does_not_overlap_the_wall(scene *s, tally *t, rng *r, int c) {
    c2d_vec2d here = vec2d(s->start.x, s->start.y), out_at = {-1, -1};
    uint64_t found[4] = {0, 0, 0, 0};
    c2d_pair pairs[2];
    c2d_ground g;
    bool fits = false;
    size_t n;
    (void)r;
    (void)c;

    n = c2d_world_query_rect_d(s->w, s->start, UINT64_MAX, found, 4);
    expect(t, n == 1 && found[0] == s->player, "a query of its own rect finds only itself", s, here);
    if (s->single) {
        n = c2d_world_query_rect(
            s->w, rect((float)s->start.x, (float)s->start.y, (float)s->start.w, (float)s->start.h), found, 4);
        expect(t, n == 1 && found[0] == s->player, "an f32 query of its own rect finds only itself", s, here);
    }
    n = c2d_world_pairs(s->w, pairs, 2);
    expect(t, n == 0, "the player and the wall are no pair", s, here);

    expect(t, c2d_world_fits_d(s->w, s->player, s->start, NULL, NULL, &fits) == C2D_OK && fits,
           "it fits where it stands", s, here);
    if (s->single) {
        fits = false;
        expect(t,
               c2d_world_fits(s->w, s->player,
                              rect((float)s->start.x, (float)s->start.y, (float)s->start.w, (float)s->start.h),
                              NULL, NULL, &fits) == C2D_OK &&
                   fits,
               "it fits where it stands (f32 call)", s, here);
    }

    expect(t,
           c2d_world_push_out_d(s->w, s->player, 100 * s->p.scale, NULL, NULL, &out_at) == C2D_OK &&
               at(out_at, here),
           "push-out leaves it where it is", s, out_at);
    expect(t, at(vec2d(get_d(s->w, s->player).x, get_d(s->w, s->player).y), here),
           "push-out does not move it", s, out_at);

    memset(&g, 0, sizeof g);
    expect(t,
           c2d_world_ground(s->w, s->player, UP, NULL, NULL, &g) == C2D_OK &&
               (s->side > 0 ? g.flags == C2D_ON_RIGHT && g.right == s->wall
                            : g.flags == C2D_ON_LEFT && g.left == s->wall),
           "the ground state has the wall against that face", s, here);
}

static void test_player_snapped_flush_against_a_wall_does_not_overlap_it(void) {
    scenes how = {0x0f17, 0, 0, CASES, 0};
    for_each_scene(how, does_not_overlap_the_wall);
}

/* ---- Floors and ceilings. ---- */

static void stands_on_the_floor(scene *s, tally *t, rng *r, int c) {
    double d = s->p.d;
    c2d_vec2d end, goal, here = vec2d(s->start.x, s->start.y), out_at = {-1, -1};
    c2d_ground g;
    uint64_t found[4] = {0, 0, 0, 0};
    bool fits = false;
    size_t n;
    met m;
    (void)r;
    (void)c;

    memset(&g, 0, sizeof g);
    expect(t,
           c2d_world_ground(s->w, s->player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR &&
               g.floor == s->wall,
           "it stands on the floor", s, here);
    n = c2d_world_query_rect_d(s->w, s->start, UINT64_MAX, found, 4);
    expect(t, n == 1 && found[0] == s->player, "a query of its own rect does not find the floor", s, here);
    expect(t, c2d_world_pairs(s->w, NULL, 0) == 0, "the player and the floor are no pair", s, here);
    expect(t, c2d_world_fits_d(s->w, s->player, s->start, NULL, NULL, &fits) == C2D_OK && fits,
           "it fits where it stands", s, here);
    expect(t,
           c2d_world_push_out_d(s->w, s->player, 100 * s->p.scale, NULL, NULL, &out_at) == C2D_OK &&
               at(out_at, here) && at(vec2d(get_d(s->w, s->player).x, get_d(s->w, s->player).y), here),
           "push-out leaves it where it is", s, out_at);

    goal = goal_of(s, vec2d(d, 0));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "walking right ends at the goal, unhit", s, end);
    scene_reset(s);
    goal = goal_of(s, vec2d(-d, 0));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "walking left ends at the goal, unhit", s, end);

    scene_reset(s);
    goal = goal_of(s, vec2d(0, -10 * d));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "jumping ends at the goal, unhit", s, end);

    scene_reset(s);
    n = move_to(s->w, s->single, s->player, goal_of(s, vec2d(0, d)), &end, &m);
    expect(t, at(end, here), "gravity pulling it down leaves it where it stands", s, end);
    expect(t, met_wall_at_once(s, n, &m), "gravity pulling it down meets the floor at t = 0", s, end);
    expect(t, on_its_side(s), "it does not sink into the floor", s, end);

    scene_reset(s);
    n = move_to(s->w, s->single, s->player, goal_of(s, vec2d(d, d)), &end, &m);
    expect(t, at(end, goal_of(s, vec2d(d, 0))), "walking with gravity on walks along the floor", s, end);
    expect(t, met_wall_at_once(s, n, &m), "walking with gravity on meets the floor at t = 0", s, end);
    expect(t, on_its_side(s), "walking with gravity on does not sink into the floor", s, end);
}

static void test_player_snapped_onto_a_floor_stands_walks_jumps_and_does_not_sink(void) {
    /* y = floor.y - h: the floor is after the player along y. */
    scenes how = {0xf100, 1, 1, CASES, 0};
    for_each_scene(how, stands_on_the_floor);
}

static void bumps_into_the_ceiling(scene *s, tally *t, rng *r, int c) {
    double d = s->p.d;
    c2d_vec2d end, goal, here = vec2d(s->start.x, s->start.y);
    c2d_ground g;
    size_t n;
    met m;
    (void)r;
    (void)c;

    memset(&g, 0, sizeof g);
    expect(t,
           c2d_world_ground(s->w, s->player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_CEILING &&
               g.ceiling == s->wall,
           "the ceiling is against its head", s, here);
    n = move_to(s->w, s->single, s->player, goal_of(s, vec2d(0, -d)), &end, &m);
    expect(t, at(end, here), "jumping into the ceiling stays where it is", s, end);
    expect(t, met_wall_at_once(s, n, &m), "jumping into the ceiling meets it at t = 0", s, end);
    expect(t, on_its_side(s), "jumping does not go up through the ceiling", s, end);

    scene_reset(s);
    goal = goal_of(s, vec2d(d, 0));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "walking under the ceiling ends at the goal, unhit", s, end);

    scene_reset(s);
    goal = goal_of(s, vec2d(0, d));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "falling away from the ceiling ends at the goal, unhit", s, end);
    expect(t, on_its_side(s), "falling ends below the ceiling", s, end);
}

static void test_player_snapped_under_a_ceiling_bumps_its_head_and_walks_on(void) {
    /* y = ceiling.y + ceiling.h: the ceiling is before the player along y. */
    scenes how = {0xce11, 1, -1, CASES, 0};
    for_each_scene(how, bumps_into_the_ceiling);
}

/* ---- Jump-through platforms. ---- */

static void held_by_the_platform(scene *s, tally *t, rng *r, int c) {
    double d = s->p.d;
    c2d_vec2d end, goal, here = vec2d(s->start.x, s->start.y);
    c2d_ground g;
    size_t n;
    met m;
    (void)r;
    (void)c;
    expect(t, c2d_world_set_one_way(s->w, s->wall, UP) == C2D_OK, "the platform is made one-way", s, here);

    n = move_to(s->w, s->single, s->player, goal_of(s, vec2d(0, d)), &end, &m);
    expect(t, at(end, here), "falling onto the platform it stands on stays where it is", s, end);
    expect(t, met_wall_at_once(s, n, &m), "falling meets the platform at t = 0", s, end);
    expect(t, on_its_side(s), "it does not fall through the platform", s, end);

    scene_reset(s);
    n = move_to(s->w, s->single, s->player, goal_of(s, vec2d(d, d)), &end, &m);
    expect(t, at(end, goal_of(s, vec2d(d, 0))), "walking with gravity on walks along the platform", s, end);
    expect(t, met_wall_at_once(s, n, &m), "walking with gravity on meets the platform at t = 0", s, end);

    scene_reset(s);
    memset(&g, 0, sizeof g);
    expect(t,
           c2d_world_ground(s->w, s->player, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR &&
               g.floor == s->wall,
           "it stands on the platform", s, here);

    goal = goal_of(s, vec2d(0, -10 * d));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "jumping up from the platform ends at the goal, unhit", s, end);
}

static void test_player_snapped_onto_a_jump_through_platform_is_held_and_jumps_up(void) {
    scenes how = {0x0e3a, 1, 1, CASES, 0};
    for_each_scene(how, held_by_the_platform);
}

static void jumps_up_through_the_platform(scene *s, tally *t, rng *r, int c) {
    c2d_vec2d end, goal;
    size_t n;
    met m;
    (void)r;
    (void)c;
    c2d_world_set_one_way(s->w, s->wall, UP);
    goal = goal_of(s, vec2d(0, -s->p.d));
    n = move_to(s->w, s->single, s->player, goal, &end, &m);
    expect(t, n == 0 && at(end, goal), "jumping up into the platform from below ends at the goal, unhit", s, end);
}

static void test_player_snapped_under_a_jump_through_platform_jumps_up_through_it(void) {
    scenes how = {0x0e3b, 1, -1, CASES, 0};
    for_each_scene(how, jumps_up_through_the_platform);
}

/* ---- Lifts. ---- */

/* Whether the lift reported the rider carried (and not squashed). */
static int carried(const scene *s, const c2d_moved *out, size_t n) {
    size_t k;
    for (k = 0; k < n && k < 4; k++) {
        if (out[k].id == s->player) {
            return (out[k].what & C2D_CARRIED) != 0 && (out[k].what & C2D_SQUASHED) == 0;
        }
    }
    return 0;
}

/* Whether the rider stands flush on the lift's top, within the band (not left behind above it,
 * not pushed into it). */
static int flush_on_top(const scene *s) {
    c2d_rectd lift = get_d(s->w, s->wall), rider = get_d(s->w, s->player);
    double band = band_of(s->single, max4(lift.y, lift.h, rider.y, rider.h));
    return fabs(rider.y + rider.h - lift.y) <= 2 * band;
}

/* Moves the lift by delta: in an f32 world through the f32 call, or the double one when `via_d`
 * (an f32 world answers both alike); in a double world through c2d_world_move_solid_d. */
static int lift_by(scene *s, c2d_vec2d delta, int via_d, c2d_moved *out, size_t *n) {
    *n = 0;
    memset(out, 0, 4 * sizeof *out);
    if (s->single && !via_d) {
        return c2d_world_move_solid(s->w, s->wall, vec2((float)delta.x, (float)delta.y), UP, NULL, NULL, NULL, out,
                                    4, n) == C2D_OK;
    }
    return c2d_world_move_solid_d(s->w, s->wall, delta, UP, NULL, NULL, NULL, out, 4, n) == C2D_OK;
}

static c2d_vec2d rider_at(const scene *s) {
    c2d_rectd r = get_d(s->w, s->player);
    return vec2d(r.x, r.y);
}

/* The lift is the floor the rider was snapped onto (y = lift.y - h); it moves up, right or down by
 * one step from there, through the double call for every other scene. */
static void carried_by_the_lift(scene *s, tally *t, rng *r, int c) {
    static const char *const carried_what[] = {"the lift going up reports the rider carried",
                                               "the lift going right reports the rider carried",
                                               "the lift going down reports the rider carried"};
    static const char *const flush_what[] = {"the lift going up keeps the rider flush on its top",
                                             "the lift going right keeps the rider flush on its top",
                                             "the lift going down keeps the rider flush on its top"};
    double d = s->p.d;
    int k;
    (void)r;
    for (k = 0; k < 3; k++) {
        c2d_vec2d delta = k == 0 ? vec2d(0, -d) : k == 1 ? vec2d(d, 0) : vec2d(0, d);
        c2d_moved out[4];
        size_t n;
        int ok;
        c2d_rectd rider;
        double xband;
        put(s->w, s->single, s->wall, s->wall_rect);
        scene_reset(s);
        ok = lift_by(s, delta, c & 1, out, &n);
        expect(t, ok && carried(s, out, n), carried_what[k], s, rider_at(s));
        expect(t, flush_on_top(s), flush_what[k], s, rider_at(s));
        rider = get_d(s->w, s->player);
        xband = band_of(s->single, max4(rider.x, rider.w, s->wall_rect.x, s->wall_rect.w));
        expect(t, fabs(rider.x - (s->start.x + delta.x)) <= 2 * xband,
               "the rider moves across with the lift, not left behind", s, rider_at(s));
    }
}

static void test_lift_carries_a_rider_snapped_onto_it(void) {
    scenes how = {0x11f7, 1, 1, LIFT_CASES, 0};
    for_each_scene(how, carried_by_the_lift);
}

/* A third of a second one way and back, one frame at a time: v * dt a frame, v drawn after the
 * scene was made. */
static void carried_at_60_hz(scene *s, tally *t, rng *r, int c) {
    double v = rng_float(r, 20, 300) * s->p.scale * (rng_range(r, 0, 2) ? 1 : -1);
    double step = s->single ? held(1, (float)v * (1.0f / 60.0f)) : v * (1.0 / 60.0);
    int frame;
    for (frame = 0; frame < 40; frame++) {
        c2d_moved out[4];
        size_t n;
        int ok = lift_by(s, vec2d(0, frame < 20 ? step : -step), c & 1, out, &n);
        ok = ok && carried(s, out, n) && flush_on_top(s);
        expect(t, ok, "the lift keeps the rider on it frame after frame", s, rider_at(s));
        if (!ok) {
            break;
        }
    }
}

static void test_lift_moving_at_60_hz_keeps_a_rider_snapped_onto_it(void) {
    scenes how = {0x11f8, 1, 1, LIFT_CASES / 10, 0};
    for_each_scene(how, carried_at_60_hz);
}

/* ---- Level data. ---- */

static void test_flush_tiles_of_decimal_level_data_are_no_pair_and_not_found(void) {
    /* Rows of tiles as a level file lists them: each tile's x is the previous one's x + w, each
     * row's y the previous row's y + h, all written with 2 or 3 decimals. */
    static const int decimals[] = {2, 3};
    rng r = {0xdec1};
    int single, di;
    for (single = 0; single <= 1; single++) {
        for (di = 0; di < 2; di++) {
            double k = decimals[di] == 2 ? 100.0 : 1000.0;
            c2d_world *w = world_new(single);
            static uint64_t ids[20 * 60];
            static c2d_rectd rects[20 * 60];
            int64_t y = rng_range(&r, (int64_t)(-500 * k), (int64_t)(500 * k));
            int count = 0, row, col, wrong_found = 0, wrong_fit = 0, exact_overlaps = 0;
            size_t pairs;
            for (row = 0; row < 20; row++) {
                int64_t x = rng_range(&r, (int64_t)(-1000 * k), (int64_t)(1000 * k));
                int64_t h = rng_range(&r, (int64_t)(1 * k), (int64_t)(64 * k));
                for (col = 0; col < 60; col++) {
                    int64_t wd = rng_range(&r, (int64_t)(1 * k), (int64_t)(64 * k));
                    rects[count] = rectd(held(single, (double)x / k), held(single, (double)y / k),
                                         held(single, (double)wd / k), held(single, (double)h / k));
                    if (col > 0 &&
                        overlaps_exactly(rects[count - 1].x, rects[count - 1].w, rects[count].x)) {
                        exact_overlaps++;
                    }
                    ids[count] = add(w, single, rects[count]);
                    count++;
                    x += wd;
                }
                y += h;
            }
            CASE(single ? (di == 0 ? "tiles with 2 decimals read as floats" : "tiles with 3 decimals read as floats")
                        : (di == 0 ? "tiles with 2 decimals in doubles" : "tiles with 3 decimals in doubles"));
            pairs = c2d_world_pairs(w, NULL, 0);
            ENSURE(pairs == 0);
            if (pairs != 0) {
                c2d_pair p[4];
                size_t j;
                c2d_world_pairs(w, p, 4);
                for (j = 0; j < 4 && j < pairs; j++) {
                    c2d_rectd a = get_d(w, p[j].a), b = get_d(w, p[j].b);
                    printf("       %d decimals: pair {%.17g, %.17g, %.17g, %.17g} and {%.17g, %.17g, %.17g, %.17g}\n",
                           decimals[di], a.x, a.y, a.w, a.h, b.x, b.y, b.w, b.h);
                }
            }
            for (row = 0; row < count; row++) {
                uint64_t found[8] = {0};
                bool fits = false;
                size_t n = c2d_world_query_rect_d(w, rects[row], UINT64_MAX, found, 8);
                if (!(n == 1 && found[0] == ids[row])) {
                    if (wrong_found++ < 3) {
                        printf("       %d decimals: the query of {%.17g, %.17g, %.17g, %.17g} finds %lu items\n",
                               decimals[di], rects[row].x, rects[row].y, rects[row].w, rects[row].h,
                               (unsigned long)n);
                    }
                }
                if (!(c2d_world_fits_d(w, ids[row], rects[row], NULL, NULL, &fits) == C2D_OK && fits)) {
                    wrong_fit++;
                }
            }
            ENSURE(wrong_found == 0);
            ENSURE(wrong_fit == 0);
            ENSURE(exact_overlaps > 0);
            c2d_world_free(w);
        }
    }
}

/* ---- c2d_move_rect, in float. ---- */

static void move_rect_flush(scene *s, tally *t, rng *r, int c) {
    int axis = s->axis, side = s->side;
    c2d_rect a = rect((float)s->start.x, (float)s->start.y, (float)s->start.w, (float)s->start.h);
    c2d_rect wall = rect((float)s->wall_rect.x, (float)s->wall_rect.y, (float)s->wall_rect.w, (float)s->wall_rect.h);
    float d = (float)s->p.d;
    float toward = side > 0 ? d : -d;
    c2d_vec2 delta, end, want;
    c2d_move_info info;
    c2d_vec2 normal = axis ? vec2(0, (float)-side) : vec2((float)-side, 0);
    (void)r;
    (void)c;

    /* Away. */
    delta = axis ? vec2(0, -toward) : vec2(-toward, 0);
    want = vec2(fadd(a.x, delta.x), fadd(a.y, delta.y));
    end = c2d_move_rect(a, delta, &wall, 1, C2D_SLIDE, &info);
    expect(t, end.x == want.x && end.y == want.y && info.count == 0, "moving away ends at the goal, unhit", s,
           vec2d(end.x, end.y));
    /* Along, both ways. */
    delta = axis ? vec2(d, 0) : vec2(0, d);
    want = vec2(fadd(a.x, delta.x), fadd(a.y, delta.y));
    end = c2d_move_rect(a, delta, &wall, 1, C2D_SLIDE, &info);
    expect(t, end.x == want.x && end.y == want.y && info.count == 0, "moving along ends at the goal, unhit", s,
           vec2d(end.x, end.y));
    delta = axis ? vec2(-d, 0) : vec2(0, -d);
    want = vec2(fadd(a.x, delta.x), fadd(a.y, delta.y));
    end = c2d_move_rect(a, delta, &wall, 1, C2D_SLIDE, &info);
    expect(t, end.x == want.x && end.y == want.y && info.count == 0,
           "moving along the other way ends at the goal, unhit", s, vec2d(end.x, end.y));
    /* Into: met at once, stays put. */
    delta = axis ? vec2(0, toward) : vec2(toward, 0);
    end = c2d_move_rect(a, delta, &wall, 1, C2D_SLIDE, &info);
    expect(t,
           end.x == a.x && end.y == a.y && info.count == 1 && info.first == 0 && info.first_hit.t == 0.0f &&
               info.first_hit.normal.x == normal.x && info.first_hit.normal.y == normal.y,
           "moving into it stays where it is, hit at t = 0", s, vec2d(end.x, end.y));
    /* Into and along: slides along. */
    delta = axis ? vec2(d, toward) : vec2(toward, d);
    want = axis ? vec2(fadd(a.x, d), a.y) : vec2(a.x, fadd(a.y, d));
    end = c2d_move_rect(a, delta, &wall, 1, C2D_SLIDE, &info);
    expect(t, end.x == want.x && end.y == want.y && info.count == 1 && info.first_hit.t == 0.0f,
           "moving into it and along slides along it", s, vec2d(end.x, end.y));
}

static void test_move_rect_with_a_player_snapped_flush_against_a_wall_or_a_floor(void) {
    scenes how = {0x3e7, -1, 0, CASES, 1};
    for_each_scene(how, move_rect_flush);
}

/* ---- The numbers a game has. ---- */

static void test_player_beside_a_wall_from_decimal_level_data_walks_away_and_into_it(void) {
    /* x + w is the wall's x as the game adds them, but not in real-number arithmetic. */
    static const double xs[][3] = {{376.98, 24.02, 401.0}, {707.695, 10.18, 717.875}};
    unsigned i;
    for (i = 0; i < 2; i++) {
        c2d_world *w = c2d_world_new_d(64.0);
        double x = xs[i][0], pw = xs[i][1], wall_x = xs[i][2];
        uint64_t wall = c2d_world_add_d(w, rectd(wall_x, 0, 32, 480), 0);
        uint64_t player = c2d_world_add_d(w, rectd(x, 100.5, pw, 32), 0);
        c2d_world_hitd hits[4];
        c2d_vec2d end = {-1, -1};
        uint64_t found[4];
        size_t n = 99;
        bool fits = false;
        CHECK("the placement overlaps the wall in real-number arithmetic", overlaps_exactly(x, pw, wall_x));
        CASE("walking away from the wall ends at the goal");
        ENSURE(c2d_world_move_d(w, player, vec2d(x - 5, 100.5), NULL, NULL, &end, hits, 4, &n) == C2D_OK);
        ENSURE(end.x == F64(x - 5) && end.y == 100.5 && n == 0);
        CASE("walking into the wall stays where it is, hit at t = 0");
        c2d_world_update_d(w, player, rectd(x, 100.5, pw, 32));
        ENSURE(c2d_world_move_d(w, player, vec2d(x + 5, 100.5), NULL, NULL, &end, hits, 4, &n) == C2D_OK);
        ENSURE(end.x == x && end.y == 100.5 && n == 1 && hits[0].id == wall && hits[0].hit.t == 0.0);
        ENSURE(hits[0].hit.normal.x == -1.0 && hits[0].hit.normal.y == 0.0 && !hits[0].overlaps);
        CASE("the world sees no overlap");
        ENSURE(c2d_world_query_rect_d(w, rectd(x, 100.5, pw, 32), UINT64_MAX, found, 4) == 1 && found[0] == player);
        ENSURE(c2d_world_pairs(w, NULL, 0) == 0);
        ENSURE(c2d_world_fits_d(w, player, rectd(x, 100.5, pw, 32), NULL, NULL, &fits) == C2D_OK && fits);
        c2d_world_free(w);
    }
}

/* ---- The grid domain: nothing changes. ---- */

static void test_on_the_grid_one_step_of_overlap_still_overlaps(void) {
    static const float ms[] = {0.0f, 0.25f, 100.5f, -3000.75f, 16000.0f, -16000.0f};
    int single;
    unsigned i;
    for (single = 0; single <= 1; single++) {
        for (i = 0; i < sizeof ms / sizeof ms[0]; i++) {
            double m = ms[i], step = STEP;
            c2d_world *w = world_new(single);
            uint64_t a = add(w, single, rectd(m, m, 10, 10));
            uint64_t right = add(w, single, rectd(m + 10 - step, m + 5, 10, 10));
            uint64_t below = add(w, single, rectd(m - 5, m + 10 - step, 10, 10));
            uint64_t found[4] = {0, 0, 0, 0};
            c2d_pair pairs[4];
            c2d_vec2d end;
            size_t n;
            met hit;
            CASE(single ? "f32 world: rects overlapping by 1/256 are found" : "double world: rects overlapping by 1/256 are found");
            n = c2d_world_query_rect_d(w, rectd(m, m, 10, 10), UINT64_MAX, found, 4);
            ENSURE(n == 3 && found[0] == a && found[1] == right && found[2] == below);
            n = c2d_world_query_rect(w, rect((float)m, (float)m, 10, 10), found, 4);
            ENSURE(n == 3 && found[0] == a && found[1] == right && found[2] == below);
            CASE(single ? "f32 world: rects overlapping by 1/256 are pairs" : "double world: rects overlapping by 1/256 are pairs");
            n = c2d_world_pairs(w, pairs, 4);
            ENSURE(n == 2 && pairs[0].a == a && pairs[0].b == right && pairs[1].a == a && pairs[1].b == below);
            CASE(single ? "f32 world: a move into a rect overlapped by 1/256 is pushed back a step"
                        : "double world: a move into a rect overlapped by 1/256 is pushed back a step");
            c2d_world_remove(w, below);
            n = move_to(w, single, a, vec2d(m + 5, m), &end, &hit);
            ENSURE(n == 1 && hit.id == right && hit.overlaps != 0);
            ENSURE(end.x == m - step && end.y == m);
            c2d_world_free(w);
        }
    }
    for (i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        float m = ms[i];
        c2d_rect obstacle = rect(m + 10 - STEP, m + 5, 10, 10);
        c2d_move_info info;
        c2d_vec2 end = c2d_move_rect(rect(m, m, 10, 10), vec2(5, 0), &obstacle, 1, C2D_SLIDE, &info);
        CHECK("move_rect into an obstacle overlapped by 1/256 is pushed back a step",
              end.x == m - STEP && end.y == m && info.count == 1);
    }
}

static void test_on_the_grid_flush_rects_touch_and_one_step_apart_is_a_gap(void) {
    static const float ms[] = {0.0f, 0.25f, 100.5f, -3000.75f, 16000.0f, -16000.0f};
    int single;
    unsigned i;
    for (single = 0; single <= 1; single++) {
        for (i = 0; i < sizeof ms / sizeof ms[0]; i++) {
            double m = ms[i], step = STEP;
            c2d_world *w = world_new(single);
            uint64_t a = add(w, single, rectd(m, m, 10, 10));
            uint64_t wall = add(w, single, rectd(m + 10, m - 20, 10, 50));
            uint64_t found[4] = {0, 0, 0, 0};
            c2d_ground g;
            c2d_vec2d end;
            size_t n;
            met hit;
            CASE(single ? "f32 world: flush rects touch" : "double world: flush rects touch");
            n = c2d_world_query_rect_d(w, rectd(m, m, 10, 10), UINT64_MAX, found, 4);
            ENSURE(n == 1 && found[0] == a);
            ENSURE(c2d_world_pairs(w, NULL, 0) == 0);
            ENSURE(c2d_world_ground(w, a, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_RIGHT && g.right == wall);
            n = move_to(w, single, a, vec2d(m + 5, m), &end, &hit);
            ENSURE(n == 1 && hit.id == wall && hit.t == 0 && end.x == m && end.y == m);
            n = move_to(w, single, a, vec2d(m, m + 7), &end, &hit);
            ENSURE(n == 0 && end.x == m && end.y == m + 7);

            CASE(single ? "f32 world: one step from a wall is a gap" : "double world: one step from a wall is a gap");
            put(w, single, a, rectd(m - step, m, 10, 10));
            ENSURE(c2d_world_ground(w, a, UP, NULL, NULL, &g) == C2D_OK && g.flags == 0);
            n = move_to(w, single, a, vec2d(m + 5, m), &end, &hit);
            ENSURE(n == 1 && hit.id == wall && hit.t > 0 && end.x == m && end.y == m);

            CASE(single ? "f32 world: one step above a floor is air" : "double world: one step above a floor is air");
            put(w, single, wall, rectd(m - 20, m + 10, 50, 10));
            put(w, single, a, rectd(m, m - step, 10, 10));
            ENSURE(c2d_world_ground(w, a, UP, NULL, NULL, &g) == C2D_OK && g.flags == 0);
            n = move_to(w, single, a, vec2d(m, m + 5), &end, &hit);
            ENSURE(n == 1 && hit.id == wall && hit.t > 0 && end.x == m && end.y == m);
            ENSURE(c2d_world_ground(w, a, UP, NULL, NULL, &g) == C2D_OK && g.flags == C2D_ON_FLOOR && g.floor == wall);
            c2d_world_free(w);
        }
    }
    for (i = 0; i < sizeof ms / sizeof ms[0]; i++) {
        float m = ms[i];
        c2d_rect wall = rect(m + 10, m - 20, 10, 50);
        c2d_move_info info;
        c2d_vec2 end = c2d_move_rect(rect(m, m, 10, 10), vec2(5, 0), &wall, 1, C2D_SLIDE, &info);
        CHECK("move_rect into a flush obstacle stays, hit at t = 0",
              end.x == m && end.y == m && info.count == 1 && info.first_hit.t == 0.0f);
        end = c2d_move_rect(rect(m - STEP, m, 10, 10), vec2(5, 0), &wall, 1, C2D_SLIDE, &info);
        CHECK("move_rect one step from an obstacle travels the step",
              end.x == m && end.y == m && info.count == 1 && info.first_hit.t > 0.0f);
    }
}

void test_touching(void) {
    RUN_TEST(test_player_snapped_flush_against_a_wall_walks_away_and_along);
    RUN_TEST(test_player_snapped_flush_against_a_wall_walks_into_it_and_stays);
    RUN_TEST(test_player_snapped_flush_against_a_wall_does_not_overlap_it);
    RUN_TEST(test_player_snapped_onto_a_floor_stands_walks_jumps_and_does_not_sink);
    RUN_TEST(test_player_snapped_under_a_ceiling_bumps_its_head_and_walks_on);
    RUN_TEST(test_player_snapped_onto_a_jump_through_platform_is_held_and_jumps_up);
    RUN_TEST(test_player_snapped_under_a_jump_through_platform_jumps_up_through_it);
    RUN_TEST(test_lift_carries_a_rider_snapped_onto_it);
    RUN_TEST(test_lift_moving_at_60_hz_keeps_a_rider_snapped_onto_it);
    RUN_TEST(test_flush_tiles_of_decimal_level_data_are_no_pair_and_not_found);
    RUN_TEST(test_move_rect_with_a_player_snapped_flush_against_a_wall_or_a_floor);
    RUN_TEST(test_player_beside_a_wall_from_decimal_level_data_walks_away_and_into_it);
    RUN_TEST(test_on_the_grid_one_step_of_overlap_still_overlaps);
    RUN_TEST(test_on_the_grid_flush_rects_touch_and_one_step_apart_is_a_gap);
}
