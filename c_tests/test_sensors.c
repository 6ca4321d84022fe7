/* Sensors and their events from C (since 1.3): a coin picked up, a bullet crossing a tripwire
 * far faster than its width per frame, a door zone that ignores one kind of item, a short event
 * buffer that loses nothing, bad input, and random frames checked against a brute-force model.
 * Entry point: test_sensors(), counted by the harness. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "test_macros.h"

/* Whether an event is the one expected. */
static int is_event(c2d_event e, uint64_t sensor, uint64_t item, uint32_t kind, uint32_t flags) {
    return e.sensor == sensor && e.item == item && e.kind == kind && e.flags == flags;
}

static void test_a_coin_picked_up(void) {
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t coin = c2d_world_add(w, rect(100, 0, 16, 16), 7);
    uint64_t player = c2d_world_add(w, rect(0, 0, 12, 24), 1);
    c2d_event ev[4];
    c2d_vec2 at;
    size_t n = 0;
    bool sensor = false;
    CASE("a coin made a sensor says so");
    ENSURE(c2d_world_set_sensor(w, coin, true) == C2D_OK);
    ENSURE(c2d_world_get_sensor(w, coin, &sensor) == C2D_OK && sensor);
    ENSURE(c2d_world_get_sensor(w, player, &sensor) == C2D_OK && !sensor);
    ENSURE(c2d_world_events(w, ev, 4) == 0);

    CASE("walking onto the coin: no hit, the move ends at its goal, the coin sees it come in");
    ENSURE(c2d_world_move(w, player, vec2(95, 0), NULL, NULL, &at, NULL, 0, &n) == C2D_OK);
    ENSURE(at.x == 95.0f && at.y == 0.0f && n == 0);
    ENSURE(c2d_world_events(w, ev, 4) == 1 && is_event(ev[0], coin, player, C2D_EVENT_BEGIN, 0));
    ENSURE(c2d_world_events(w, ev, 4) == 0);

    CASE("the game removes the coin: the pair ends, flagged removed");
    ENSURE(c2d_world_remove(w, coin) == C2D_OK);
    ENSURE(c2d_world_events(w, ev, 4) == 1 &&
           is_event(ev[0], coin, player, C2D_EVENT_END, C2D_EVENT_REMOVED));
    c2d_world_free(w);
}

static void test_a_bullet_crossing_a_tripwire(void) {
    c2d_world *w = c2d_world_new_d(64.0);
    uint64_t wire = c2d_world_add_d(w, rectd(5000, -50, 1.0 / 256, 100), 0);
    uint64_t bullet = c2d_world_add_d(w, rectd(0, 0, 4, 2), 0);
    c2d_event ev[4];
    c2d_vec2d at;
    size_t n = 0;
    c2d_world_set_sensor(w, wire, true);
    CASE("a bullet moving a million units in one frame across a tripwire 1/256 wide");
    ENSURE(c2d_world_move_d(w, bullet, vec2d(1e6, 0), NULL, NULL, &at, NULL, 0, &n) == C2D_OK);
    ENSURE(at.x == 1e6 && n == 0);
    ENSURE(c2d_world_events(w, ev, 4) == 2);
    ENSURE(is_event(ev[0], wire, bullet, C2D_EVENT_BEGIN, C2D_EVENT_PASSED));
    ENSURE(is_event(ev[1], wire, bullet, C2D_EVENT_END, C2D_EVENT_PASSED));

    CASE("teleported back across it, the bullet passes nothing: an update is a teleport");
    ENSURE(c2d_world_update_d(w, bullet, rectd(0, 0, 4, 2)) == C2D_OK);
    ENSURE(c2d_world_events(w, ev, 4) == 0);
    c2d_world_free(w);
}

static void test_a_door_zone_and_categories(void) {
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t door = c2d_world_add(w, rect(0, 0, 64, 64), 0);
    uint64_t hero = c2d_world_add(w, rect(10, 10, 8, 8), 0);
    uint64_t ghost = c2d_world_add(w, rect(20, 20, 8, 8), 0);
    uint64_t other = c2d_world_add(w, rect(40, 40, 8, 8), 0);
    c2d_event ev[2];
    CASE("ghosts (category 2) do not open doors: the door's mask leaves them out");
    c2d_world_set_category(w, ghost, 2, UINT64_MAX);
    c2d_world_set_category(w, door, 1, ~(uint64_t)2);
    c2d_world_set_sensor(w, door, true);

    CASE("a short buffer: two events for a buffer of one, the other waits for the next call");
    ENSURE(c2d_world_events(w, NULL, 0) == 2);
    ENSURE(c2d_world_events(w, ev, 1) == 2 && is_event(ev[0], door, hero, C2D_EVENT_BEGIN, 0));
    c2d_world_remove(w, hero);
    ENSURE(c2d_world_events(w, ev, 2) == 2);
    ENSURE(is_event(ev[0], door, other, C2D_EVENT_BEGIN, 0));
    ENSURE(is_event(ev[1], door, hero, C2D_EVENT_END, C2D_EVENT_REMOVED));
    ENSURE(c2d_world_events(w, ev, 2) == 0);

    CASE("the door stops being a sensor: its pairs end");
    ENSURE(c2d_world_set_sensor(w, door, false) == C2D_OK);
    ENSURE(c2d_world_events(w, ev, 2) == 1 && is_event(ev[0], door, other, C2D_EVENT_END, 0));
    c2d_world_free(w);
}

static void test_bad_input_to_sensors(void) {
    c2d_world *w = c2d_world_new(32.0f);
    uint64_t a = c2d_world_add(w, rect(0, 0, 8, 8), 0);
    bool sensor = true;
    c2d_event ev[1];
    CASE("NULL worlds, stale handles, NULL outputs");
    ENSURE(c2d_world_set_sensor(NULL, a, true) == C2D_ERR_NULL);
    ENSURE(c2d_world_get_sensor(NULL, a, &sensor) == C2D_ERR_NULL);
    ENSURE(c2d_world_events(NULL, ev, 1) == 0);
    ENSURE(c2d_world_get_sensor(w, a, NULL) == C2D_OK);
    ENSURE(c2d_world_set_sensor(w, 0, true) == C2D_ERR_STALE);
    ENSURE(c2d_world_set_sensor(w, a + 1, true) == C2D_ERR_STALE);
    c2d_world_remove(w, a);
    ENSURE(c2d_world_set_sensor(w, a, true) == C2D_ERR_STALE);
    ENSURE(c2d_world_get_sensor(w, a, &sensor) == C2D_ERR_STALE && sensor);
    ENSURE(c2d_world_events(w, NULL, 5) == 0);
    c2d_world_free(w);
}

/* ---- random frames against a brute-force model ---- */

#define NI 20
#define MAXP 1024
#define STEPS 256.0 /* grid steps per unit: every value is k / 256, exact in doubles */

typedef struct {
    int64_t x, y, w, h; /* in grid steps */
    int sensor;
    uint64_t id;
} model_item;

typedef struct {
    uint64_t s, v;
} hpair;

typedef struct {
    hpair p[MAXP];
    int n;
} pairset;

static uint32_t rnd_state = 12345u;
static int64_t rnd(int64_t lo, int64_t hi) {
    rnd_state = rnd_state * 1664525u + 1013904223u;
    return lo + (int64_t)((rnd_state >> 8) % (uint32_t)(hi - lo + 1));
}

static int overlap_m(const model_item *a, const model_item *b) {
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* Whether a moving by (dx, dy) overlaps o at some time in [0, 1]: times as fractions n / d with
 * d > 0, every product below 2^53. */
static int passes_m(const model_item *a, int64_t dx, int64_t dy, const model_item *o) {
    int64_t lon = 0, lod = 1, hin = 1, hid = 1;
    int open = 0, k;
    for (k = 0; k < 2; k++) {
        int64_t alo = k ? a->y : a->x, ahi = alo + (k ? a->h : a->w);
        int64_t olo = k ? o->y : o->x, ohi = olo + (k ? o->h : o->w);
        int64_t d = k ? dy : dx, en, ln, t0, t1;
        if (d == 0) {
            if (!(alo < ohi && olo < ahi)) {
                return 0;
            }
            continue;
        }
        en = olo - ahi;
        ln = ohi - alo;
        if (d < 0) {
            en = -en;
            ln = -ln;
            d = -d;
            t0 = ln;
            t1 = en;
        } else {
            t0 = en;
            t1 = ln;
        }
        if (t0 * lod >= lon * d) {
            lon = t0;
            lod = d;
            open = 1;
        }
        if (t1 * hid <= hin * d) {
            hin = t1;
            hid = d;
            open = 1;
        }
    }
    return open ? lon * hid < hin * lod : 1;
}

static void add_pair(pairset *set, uint64_t s, uint64_t v) {
    int i;
    for (i = 0; i < set->n; i++) {
        if (set->p[i].s == s && set->p[i].v == v) {
            return;
        }
    }
    if (set->n < MAXP) {
        set->p[set->n].s = s;
        set->p[set->n].v = v;
        set->n++;
    }
}

static int has_pair(const pairset *set, uint64_t s, uint64_t v) {
    int i;
    for (i = 0; i < set->n; i++) {
        if (set->p[i].s == s && set->p[i].v == v) {
            return 1;
        }
    }
    return 0;
}

/* The pair (sensor, visitor) of two model items, or 0 when neither visits the other. */
static int visit_pair(const model_item *a, const model_item *b, hpair *out) {
    if (a->sensor == b->sensor) {
        return 0;
    }
    out->s = a->sensor ? a->id : b->id;
    out->v = a->sensor ? b->id : a->id;
    return 1;
}

static void model_pairs(const model_item *items, pairset *out) {
    int i, j;
    hpair p;
    out->n = 0;
    for (i = 0; i < NI; i++) {
        for (j = i + 1; j < NI; j++) {
            if (visit_pair(&items[i], &items[j], &p) && overlap_m(&items[i], &items[j])) {
                add_pair(out, p.s, p.v);
            }
        }
    }
}

static c2d_rectd model_rect(const model_item *m) {
    return rectd((double)m->x / STEPS, (double)m->y / STEPS, (double)m->w / STEPS,
                 (double)m->h / STEPS);
}

static void model_new(c2d_world *w, model_item *m) {
    m->sensor = rnd(0, 2) == 0;
    m->x = rnd(-4096, 4096);
    m->y = rnd(-4096, 4096);
    m->w = m->sensor && rnd(0, 1) ? 1 : rnd(1, 16 * 256);
    m->h = rnd(1, 16 * 256);
    m->id = c2d_world_add_d(w, model_rect(m), 0);
    c2d_world_set_sensor(w, m->id, m->sensor != 0);
}

static c2d_response cross_all(uint64_t item, uint64_t other, void *ctx) {
    (void)item;
    (void)other;
    (void)ctx;
    return C2D_CROSS;
}

static int event_order(const void *pa, const void *pb) {
    const c2d_event *a = (const c2d_event *)pa, *b = (const c2d_event *)pb;
    if (a->sensor != b->sensor) {
        return a->sensor < b->sensor ? -1 : 1;
    }
    if (a->item != b->item) {
        return a->item < b->item ? -1 : 1;
    }
    return (int)a->kind - (int)b->kind;
}

static void push_event(c2d_event *ev, int *n, hpair p, uint32_t kind, uint32_t flags) {
    ev[*n].sensor = p.s;
    ev[*n].item = p.v;
    ev[*n].kind = kind;
    ev[*n].flags = flags;
    (*n)++;
}

static void test_random_frames_against_brute_force(void) {
    static model_item items[NI];
    static pairset before, after, passed, gone_pairs, all;
    static uint64_t gone[64];
    static c2d_event want[4 * MAXP], got[4 * MAXP];
    c2d_world *w = c2d_world_new_d(64.0);
    int frame, i, j, k, ngone, nwant, wrong = 0, total = 0;
    CASE("random frames of moves (some across the field in one frame), teleports, removals and "
         "sensors switched: the events a brute-force diff finds, no more, no fewer");
    for (i = 0; i < NI; i++) {
        model_new(w, &items[i]);
    }
    c2d_world_events(w, NULL, 0);
    c2d_world_events(w, got, 4 * MAXP);
    model_pairs(items, &before);
    for (frame = 0; frame < 300; frame++) {
        int ops = (int)rnd(1, 8);
        passed.n = gone_pairs.n = 0;
        ngone = 0;
        for (k = 0; k < ops; k++) {
            model_item *m = &items[rnd(0, NI - 1)];
            int64_t op = rnd(0, 9);
            hpair p;
            if (op <= 4) {
                int64_t far = rnd(0, 2) == 0;
                int64_t dx = far ? rnd(-200000, 200000) - m->x : rnd(-8192, 8192);
                int64_t dy = far ? rnd(-200000, 200000) - m->y : rnd(-8192, 8192);
                c2d_vec2d at;
                if (rnd(0, 3) == 0) {
                    dy = 0;
                }
                for (j = 0; j < NI; j++) {
                    if (&items[j] != m && visit_pair(m, &items[j], &p) &&
                        passes_m(m, dx, dy, &items[j])) {
                        add_pair(&passed, p.s, p.v);
                    }
                }
                m->x += dx;
                m->y += dy;
                c2d_world_move_d(w, m->id, vec2d((double)m->x / STEPS, (double)m->y / STEPS),
                                 cross_all, NULL, &at, NULL, 0, NULL);
                wrong += at.x != (double)m->x / STEPS || at.y != (double)m->y / STEPS;
            } else if (op == 5) {
                m->x = rnd(-200000, 200000);
                m->y = rnd(-200000, 200000);
                c2d_world_update_d(w, m->id, model_rect(m));
            } else if (op <= 7) {
                for (j = 0; j < NI; j++) {
                    if (&items[j] != m && visit_pair(m, &items[j], &p) && overlap_m(m, &items[j])) {
                        add_pair(&gone_pairs, p.s, p.v);
                    }
                }
                if (ngone < 64) {
                    gone[ngone++] = m->id;
                }
                c2d_world_remove(w, m->id);
                model_new(w, m);
            } else {
                m->sensor = !m->sensor;
                c2d_world_set_sensor(w, m->id, m->sensor != 0);
            }
        }
        model_pairs(items, &after);
        all.n = 0;
        for (i = 0; i < before.n; i++) add_pair(&all, before.p[i].s, before.p[i].v);
        for (i = 0; i < after.n; i++) add_pair(&all, after.p[i].s, after.p[i].v);
        for (i = 0; i < passed.n; i++) add_pair(&all, passed.p[i].s, passed.p[i].v);
        for (i = 0; i < gone_pairs.n; i++) add_pair(&all, gone_pairs.p[i].s, gone_pairs.p[i].v);
        nwant = 0;
        for (i = 0; i < all.n; i++) {
            hpair p = all.p[i];
            int old = has_pair(&before, p.s, p.v), now = has_pair(&after, p.s, p.v), removed = 0;
            for (j = 0; j < ngone; j++) {
                removed |= gone[j] == p.s || gone[j] == p.v;
            }
            if (old && !now) {
                push_event(want, &nwant, p, C2D_EVENT_END, removed ? C2D_EVENT_REMOVED : 0);
            } else if (now && !old) {
                push_event(want, &nwant, p, C2D_EVENT_BEGIN, 0);
            } else if (!old && !now && has_pair(&gone_pairs, p.s, p.v)) {
                push_event(want, &nwant, p, C2D_EVENT_BEGIN, 0);
                push_event(want, &nwant, p, C2D_EVENT_END, C2D_EVENT_REMOVED);
            } else if (!old && !now && has_pair(&passed, p.s, p.v)) {
                push_event(want, &nwant, p, C2D_EVENT_BEGIN, C2D_EVENT_PASSED);
                push_event(want, &nwant, p, C2D_EVENT_END, C2D_EVENT_PASSED);
            }
        }
        qsort(want, (size_t)nwant, sizeof want[0], event_order);
        k = (int)c2d_world_events(w, got, 4 * MAXP);
        if (k != nwant) {
            wrong++;
        } else {
            for (i = 0; i < k; i++) {
                wrong += !is_event(got[i], want[i].sensor, want[i].item, want[i].kind,
                                   want[i].flags);
            }
        }
        total += k;
        before = after;
    }
    ENSURE(wrong == 0);
    ENSURE(total > 100);
    c2d_world_free(w);
}

void test_sensors(void) {
    RUN_TEST(test_a_coin_picked_up);
    RUN_TEST(test_a_bullet_crossing_a_tripwire);
    RUN_TEST(test_a_door_zone_and_categories);
    RUN_TEST(test_bad_input_to_sensors);
    RUN_TEST(test_random_frames_against_brute_force);
}
