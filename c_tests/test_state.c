/* World state from C (since 1.3): the hash two players' machines compare frame by frame, a
 * snapshot that rolls a busy room back so the same frames play again alike, clones that go
 * their own way, snapshots carried into a world of another precision, and what a broken
 * snapshot does (nothing). Entry point: test_state(), counted by the harness. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_macros.h"

#define MOVERS 200
#define FRAMES 50
#define SAVED_AT 20

/* A small linear congruential generator: the same walk on every machine. */
static uint32_t next_random(uint32_t *state) {
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* What the game keeps beside its world: the movers' handles and the random state. */
typedef struct {
    uint64_t movers[MOVERS];
    uint64_t platform, ramp;
    uint32_t random;
} game;

/* A new mover somewhere in the room, every third one of category 2, which ignores its kind. */
static uint64_t arrive(c2d_world *w, game *g, uint64_t user, int *bad) {
    double x = 8 + next_random(&g->random) % 600 + 0.1 * (double)(user % 10);
    double y = 8 + next_random(&g->random) % 440 + 0.3;
    uint64_t id = c2d_world_add_d(w, rectd(x, y, 7.5, 9.25), user);
    *bad += id == 0;
    if (user % 1000 % 3 == 0) {
        *bad += c2d_world_set_category(w, id, 2, ~(uint64_t)2) != C2D_OK;
    }
    return id;
}

/* A walled room 640 by 480 (y down) with a jump-through platform, a ramp and 200 movers. */
static c2d_world *room(game *g, int *bad) {
    c2d_world *w = c2d_world_new_d(32.0);
    int i;
    g->random = 2024;
    c2d_world_add_d(w, rectd(-16, -16, 672, 16), 0);
    c2d_world_add_d(w, rectd(-16, 480, 672, 16), 0);
    c2d_world_add_d(w, rectd(-16, 0, 16, 480), 0);
    c2d_world_add_d(w, rectd(640, 0, 16, 480), 0);
    g->platform = c2d_world_add_d(w, rectd(200.5, 300.25, 120, 8), 0);
    g->ramp = c2d_world_add_d(w, rectd(400, 416, 64, 64), 0);
    *bad += c2d_world_set_one_way(w, g->platform, vec2(0, -1)) != C2D_OK;
    *bad += c2d_world_set_slope(w, g->ramp, C2D_SLOPE_X1Y1) != C2D_OK;
    for (i = 0; i < MOVERS; i++) {
        g->movers[i] = arrive(w, g, 1000 + (uint64_t)i, bad);
    }
    return w;
}

/* One frame: every mover takes a random step (falling a little), then two arrive (in the
 * slots the last frame freed) and two leave; the new handles go to `added`. Answers how many
 * calls failed. */
static int frame(c2d_world *w, game *g, uint64_t added[2]) {
    int i, first, second, bad = 0;
    for (i = 0; i < MOVERS; i++) {
        uint32_t r = next_random(&g->random);
        double dx = ((int)(r % 9) - 4) * 1.25;
        double dy = ((int)(r / 9 % 9) - 4) * 0.75 + 0.5;
        c2d_rectd at;
        bad += c2d_world_get_d(w, g->movers[i], &at, NULL) != C2D_OK;
        bad += c2d_world_move_d(w, g->movers[i], vec2d(at.x + dx, at.y + dy), NULL, NULL, NULL,
                                NULL, 0, NULL) != C2D_OK;
    }
    first = (int)(next_random(&g->random) % MOVERS);
    second = (first + 1 + (int)(next_random(&g->random) % (MOVERS - 1))) % MOVERS;
    added[0] = arrive(w, g, 5000 + (uint64_t)first, &bad);
    added[1] = arrive(w, g, 5000 + (uint64_t)second, &bad);
    bad += c2d_world_remove(w, g->movers[first]) != C2D_OK;
    bad += c2d_world_remove(w, g->movers[second]) != C2D_OK;
    g->movers[first] = added[0];
    g->movers[second] = added[1];
    return bad;
}

static void test_rollback_plays_the_same_frames_again(void) {
    game g, saved;
    int bad = 0, f, changed = 0;
    c2d_world *w = room(&g, &bad);
    uint64_t hashes[FRAMES + 1], added[FRAMES + 1][2];
    uint8_t *snap = NULL, *again = NULL;
    size_t size = 0;
    memset(&saved, 0, sizeof saved);
    hashes[0] = c2d_world_hash(w);
    for (f = 1; f <= FRAMES; f++) {
        bad += frame(w, &g, added[f]);
        hashes[f] = c2d_world_hash(w);
        changed += hashes[f] != hashes[f - 1];
        if (f == SAVED_AT) {
            size = c2d_world_snapshot_size(w);
            snap = (uint8_t *)malloc(size);
            CASE("a snapshot at frame 20");
            ENSURE(snap != NULL && c2d_world_snapshot(w, snap, size) == size);
            saved = g;
        }
    }
    CASE("fifty frames of a random walk in a busy room");
    ENSURE(bad == 0 && c2d_world_count(w) == MOVERS + 6);
    ENSURE(changed == FRAMES);
    if (snap == NULL) {
        c2d_world_free(w);
        return;
    }
    CASE("the snapshot opens with its magic and version, little-endian");
    ENSURE(memcmp(snap, "C2DW", 4) == 0 && snap[4] == C2D_SNAPSHOT_VERSION && snap[5] == 0);
    CASE("rolled back to frame 20");
    ENSURE(c2d_world_restore(w, snap, size) == C2D_OK);
    ENSURE(c2d_world_hash(w) == hashes[SAVED_AT] && c2d_world_count(w) == MOVERS + 6);
    again = (uint8_t *)malloc(size);
    ENSURE(again != NULL && c2d_world_snapshot_size(w) == size &&
           c2d_world_snapshot(w, again, size) == size && memcmp(again, snap, size) == 0);
    CASE("movers that arrived after frame 20 are gone");
    for (f = SAVED_AT + 1; f <= FRAMES; f++) {
        ENSURE(c2d_world_get_d(w, added[f][0], NULL, NULL) == C2D_ERR_STALE &&
               c2d_world_get_d(w, added[f][1], NULL, NULL) == C2D_ERR_STALE);
    }
    CASE("frames 21 to 50 again: the same hashes, the same new handles");
    g = saved;
    for (f = SAVED_AT + 1; f <= FRAMES; f++) {
        uint64_t now[2];
        ENSURE(frame(w, &g, now) == 0);
        ENSURE(c2d_world_hash(w) == hashes[f]);
        ENSURE(now[0] == added[f][0] && now[1] == added[f][1]);
    }
    free(again);
    free(snap);
    c2d_world_free(w);
}

static void test_clone_goes_its_own_way(void) {
    game g;
    int bad = 0, i, same = 0;
    c2d_world *w = room(&g, &bad);
    c2d_world *c;
    uint64_t added[2], probe, h, cat = 0, mask = 0;
    c2d_rectd a, b;
    c2d_vec2 face = {0, 0};
    for (i = 0; i < 3; i++) {
        bad += frame(w, &g, added);
    }
    bad += c2d_world_remove(w, g.movers[10]) != C2D_OK;
    bad += c2d_world_remove(w, g.movers[20]) != C2D_OK;
    c = c2d_world_clone(w);
    CASE("a clone hashes as its original");
    ENSURE(bad == 0 && c != NULL && c != w && c2d_world_hash(c) == c2d_world_hash(w));
    ENSURE(c2d_world_count(c) == c2d_world_count(w));
    CASE("a clone answers to the original's handles");
    for (i = 0; i < MOVERS; i++) {
        uint64_t ua = 1, ub = 2;
        c2d_status sa = c2d_world_get_d(w, g.movers[i], &a, &ua);
        c2d_status sb = c2d_world_get_d(c, g.movers[i], &b, &ub);
        same += sa == sb && (sa != C2D_OK || (memcmp(&a, &b, sizeof a) == 0 && ua == ub));
    }
    ENSURE(same == MOVERS);
    ENSURE(c2d_world_get_d(c, g.movers[10], NULL, NULL) == C2D_ERR_STALE);
    ENSURE(c2d_world_get_category(c, g.movers[0], &cat, &mask) == C2D_OK && cat == 2 &&
           mask == ~(uint64_t)2);
    ENSURE(c2d_world_get_one_way(c, g.platform, &face) == C2D_OK && face.y == -1.0f);
    CASE("the next item added takes the same handle in both");
    probe = c2d_world_add_d(w, rectd(2000.5, 2000.25, 8, 8), 77);
    ENSURE(probe != 0 && c2d_world_add_d(c, rectd(2000.5, 2000.25, 8, 8), 77) == probe);
    h = c2d_world_hash(w);
    ENSURE(c2d_world_hash(c) == h);
    CASE("moving an item in the clone changes the clone's hash only");
    ENSURE(c2d_world_move_d(c, probe, vec2d(2003.5, 2000.25), NULL, NULL, NULL, NULL, 0, NULL) ==
           C2D_OK);
    ENSURE(c2d_world_hash(c) != h && c2d_world_hash(w) == h);
    ENSURE(c2d_world_get_d(w, probe, &a, NULL) == C2D_OK && a.x == 2000.5);
    ENSURE(c2d_world_get_d(c, probe, &b, NULL) == C2D_OK && b.x == 2003.5);
    CASE("removing in the original, then freeing it, leaves the clone whole");
    ENSURE(c2d_world_remove(w, probe) == C2D_OK);
    c2d_world_free(w);
    ENSURE(c2d_world_get_d(c, probe, NULL, NULL) == C2D_OK && c2d_world_count(c) == MOVERS + 5);
    c2d_world_free(c);
}

/* Five items in `w`, one removed, every user value from `user`. */
static c2d_world *little(c2d_world *w, uint64_t user, uint64_t ids[5]) {
    ids[0] = c2d_world_add_d(w, rectd(0.1, 0.2, 10, 10), user);
    ids[1] = c2d_world_add_d(w, rectd(20.5, 0, 30, 4), user + 1);
    ids[2] = c2d_world_add_d(w, rectd(60, 0, 16, 16), user + 2);
    ids[3] = c2d_world_add_d(w, rectd(-40, 3.75, 8, 8), user + 3);
    ids[4] = c2d_world_add_d(w, rectd(-80, -20, 8, 8), user + 4);
    c2d_world_remove(w, ids[3]);
    return w;
}

static void test_what_the_hash_sees(void) {
    uint64_t ia[5], ib[5], ic[5];
    c2d_world *a = little(c2d_world_new_d(16.0), 1, ia);
    c2d_world *b = little(c2d_world_new_d(16.0), (uint64_t)(uintptr_t)&ib, ib);
    c2d_world *c = little(c2d_world_new_d(16.0), 1, ic);
    uint64_t h = c2d_world_hash(a);
    int i, differ;
    CASE("a NULL world hashes 0");
    ENSURE(c2d_world_hash(NULL) == 0);
    CASE("worlds built by the same calls hash equal, whatever their user values");
    ENSURE(h != 0 && c2d_world_hash(b) == h && c2d_world_hash(c) == h);
    CASE("the smallest step of a double counts");
    ENSURE(c2d_world_update_d(b, ib[0], rectd(nextafter(0.1, 1.0), 0.2, 10, 10)) == C2D_OK &&
           c2d_world_hash(b) != h);
    ENSURE(c2d_world_update_d(b, ib[0], rectd(0.1, 0.2, 10, nextafter(10.0, 0.0))) == C2D_OK &&
           c2d_world_hash(b) != h);
    ENSURE(c2d_world_update_d(b, ib[0], rectd(0.1, 0.2, 10, 10)) == C2D_OK && c2d_world_hash(b) == h);
    CASE("a category or a mask counts");
    ENSURE(c2d_world_set_category(b, ib[1], 2, UINT64_MAX) == C2D_OK && c2d_world_hash(b) != h);
    ENSURE(c2d_world_set_category(b, ib[1], 1, ~(uint64_t)4) == C2D_OK && c2d_world_hash(b) != h);
    ENSURE(c2d_world_set_category(b, ib[1], 1, UINT64_MAX) == C2D_OK && c2d_world_hash(b) == h);
    CASE("a one-way face counts, and which way it faces");
    ENSURE(c2d_world_set_one_way(b, ib[1], vec2(0, -1)) == C2D_OK &&
           c2d_world_set_one_way(c, ic[1], vec2(0, 1)) == C2D_OK);
    ENSURE(c2d_world_hash(b) != h && c2d_world_hash(c) != h && c2d_world_hash(b) != c2d_world_hash(c));
    ENSURE(c2d_world_set_one_way(b, ib[1], vec2(0, 0)) == C2D_OK &&
           c2d_world_set_one_way(c, ic[1], vec2(0, 0)) == C2D_OK);
    ENSURE(c2d_world_hash(b) == h && c2d_world_hash(c) == h);
    CASE("a slope counts, and its corner");
    ENSURE(c2d_world_set_slope(b, ib[2], C2D_SLOPE_X0Y0) == C2D_OK &&
           c2d_world_set_slope(c, ic[2], C2D_SLOPE_X1Y1) == C2D_OK);
    ENSURE(c2d_world_hash(b) != h && c2d_world_hash(c) != h && c2d_world_hash(b) != c2d_world_hash(c));
    ENSURE(c2d_world_set_shape_d(b, ib[2], NULL, 0) == C2D_OK &&
           c2d_world_set_shape_d(c, ic[2], NULL, 0) == C2D_OK);
    ENSURE(c2d_world_hash(b) == h && c2d_world_hash(c) == h);
    CASE("a move and a teleport to the same place hash equal");
    ENSURE(c2d_world_move_d(b, ib[0], vec2d(0.1, 30.2), NULL, NULL, NULL, NULL, 0, NULL) == C2D_OK);
    ENSURE(c2d_world_update_d(c, ic[0], rectd(0.1, 30.2, 10, 10)) == C2D_OK);
    ENSURE(c2d_world_hash(b) != h && c2d_world_hash(b) == c2d_world_hash(c));
    CASE("the order free slots are reused in counts");
    c2d_world_free(c);
    c = c2d_world_clone(b);
    ENSURE(c2d_world_remove(b, ib[4]) == C2D_OK && c2d_world_remove(b, ib[1]) == C2D_OK);
    ENSURE(c2d_world_remove(c, ib[1]) == C2D_OK && c2d_world_remove(c, ib[4]) == C2D_OK);
    ENSURE(c2d_world_hash(b) != c2d_world_hash(c) && c2d_world_count(b) == c2d_world_count(c));
    for (i = 0, differ = 0; i < 3; i++) {
        differ += c2d_world_add_d(b, rectd(0, 0, 1, 1), 0) != c2d_world_add_d(c, rectd(0, 0, 1, 1), 0);
    }
    ENSURE(differ > 0);
    CASE("filled with the same items, the same slots hash equal however they were reached");
    ENSURE(c2d_world_hash(b) == c2d_world_hash(c));
    c2d_world_free(b);
    c2d_world_free(c);
    CASE("the cell size and the precision count");
    b = little(c2d_world_new_d(32.0), 1, ib);
    c = little(c2d_world_new(16.0f), 1, ic);
    ENSURE(c2d_world_hash(a) == h && c2d_world_hash(b) != h && c2d_world_hash(c) != h);
    c2d_world_free(a);
    c2d_world_free(b);
    c2d_world_free(c);
}

static void test_broken_snapshots_change_nothing(void) {
    static const c2d_vec2d hull[] = {{100, 0}, {110, 2}, {112, 9}, {104, 12}, {98, 6}};
    static uint8_t snap[4096], bad[4096];
    uint64_t ids[5], other_ids[5], h;
    c2d_world *w = little(c2d_world_new_d(16.0), 7, ids);
    c2d_world *other = little(c2d_world_new_d(16.0), 9, other_ids);
    size_t size, n, refused = 0, cut = 0;
    unsigned bit;
    CASE("a small world with every kind of item, and another to restore into");
    ENSURE(c2d_world_set_one_way(w, ids[1], vec2(0, -1)) == C2D_OK &&
           c2d_world_set_slope(w, ids[2], C2D_SLOPE_X1Y0) == C2D_OK &&
           c2d_world_set_category(w, ids[0], 4, 6) == C2D_OK &&
           c2d_world_set_shape_d(w, ids[4], hull, 5) == C2D_OK);
    ENSURE(c2d_world_update_d(other, other_ids[0], rectd(3, 3, 3, 3)) == C2D_OK);
    h = c2d_world_hash(other);
    size = c2d_world_snapshot_size(w);
    ENSURE(h != c2d_world_hash(w) && size > 6 + 8 && size <= sizeof snap);
    size = size > sizeof snap ? sizeof snap : size;
    CASE("NULL worlds");
    ENSURE(c2d_world_snapshot_size(NULL) == 0 && c2d_world_snapshot(NULL, bad, size) == 0);
    ENSURE(c2d_world_restore(NULL, snap, size) == C2D_ERR_NULL && c2d_world_clone(NULL) == NULL);
    CASE("a buffer one byte short gets nothing, and the size");
    memset(bad, 0xA5, size);
    ENSURE(c2d_world_snapshot(w, NULL, 0) == size);
    ENSURE(c2d_world_snapshot(w, bad, size - 1) == size && c2d_world_snapshot(w, bad, 0) == size);
    for (n = 0; n < size && bad[n] == 0xA5; n++) {
    }
    ENSURE(n == size);
    ENSURE(c2d_world_snapshot(w, snap, size) == size);
    CASE("a NULL buffer");
    ENSURE(c2d_world_restore(other, NULL, size) == C2D_ERR_NULL);
    ENSURE(c2d_world_restore(other, NULL, 1) == C2D_ERR_NULL && c2d_world_hash(other) == h);
    CASE("no bytes at all are no snapshot");
    ENSURE(c2d_world_restore(other, NULL, 0) == C2D_ERR_CORRUPT && c2d_world_hash(other) == h);
    CASE("every cut of a snapshot is refused and changes nothing");
    for (n = 0; n < size; n++) {
        c2d_status st = c2d_world_restore(other, snap, n);
        cut += (st == C2D_ERR_CORRUPT || st == C2D_ERR_VERSION) && c2d_world_hash(other) == h;
    }
    ENSURE(cut == size);
    CASE("every flipped bit of a snapshot is refused and changes nothing");
    for (n = 0; n < size; n++) {
        for (bit = 0; bit < 8; bit++) {
            c2d_status st;
            memcpy(bad, snap, size);
            bad[n] ^= (uint8_t)(1u << bit);
            st = c2d_world_restore(other, bad, size);
            refused += (st == C2D_ERR_CORRUPT || st == C2D_ERR_VERSION) && c2d_world_hash(other) == h;
        }
    }
    ENSURE(refused == size * 8);
    ENSURE(c2d_world_get_d(other, other_ids[0], NULL, NULL) == C2D_OK);
    CASE("a snapshot from a newer layout");
    memcpy(bad, snap, size);
    bad[4] = 2;
    ENSURE(c2d_world_restore(other, bad, size) == C2D_ERR_VERSION && c2d_world_hash(other) == h);
    CASE("the new codes have words of their own");
    ENSURE(strcmp(c2d_status_str(C2D_ERR_CORRUPT), "unknown status") != 0 &&
           strcmp(c2d_status_str(C2D_ERR_VERSION), "unknown status") != 0);
    ENSURE(strcmp(c2d_status_str(C2D_ERR_CORRUPT), c2d_status_str(C2D_ERR_VERSION)) != 0);
    CASE("the whole snapshot still restores");
    ENSURE(c2d_world_restore(other, snap, size) == C2D_OK && c2d_world_hash(other) == c2d_world_hash(w));
    c2d_world_free(w);
    c2d_world_free(other);
}

static void test_restore_into_a_world_of_another_precision(void) {
    game g, twin;
    int bad = 0, i, same = 0;
    c2d_world *a = room(&g, &bad);
    c2d_world *b = c2d_world_new(8.0f);
    uint64_t own = c2d_world_add(b, rect(1, 2, 3, 4), 99), added[2], twin_added[2];
    size_t size;
    uint8_t *snap;
    for (i = 0; i < 4; i++) {
        bad += frame(a, &g, added);
    }
    size = c2d_world_snapshot_size(a);
    snap = (uint8_t *)malloc(size);
    CASE("a float world with a cell of 8 takes a double world's snapshot");
    ENSURE(bad == 0 && snap != NULL && c2d_world_snapshot(a, snap, size) == size);
    ENSURE(c2d_world_hash(b) != c2d_world_hash(a) && c2d_world_restore(b, snap, size) == C2D_OK);
    ENSURE(c2d_world_hash(b) == c2d_world_hash(a) && c2d_world_cell_size_d(b) == 32.0);
    CASE("it answers to the first world's handles, not its own");
    for (i = 0; i < MOVERS; i++) {
        c2d_rectd ra, rb;
        uint64_t ua = 1, ub = 2;
        same += c2d_world_get_d(a, g.movers[i], &ra, &ua) == C2D_OK &&
                c2d_world_get_d(b, g.movers[i], &rb, &ub) == C2D_OK &&
                memcmp(&ra, &rb, sizeof ra) == 0 && ua == ub;
    }
    ENSURE(same == MOVERS);
    ENSURE(c2d_world_get_d(b, own, NULL, NULL) == C2D_ERR_STALE);
    CASE("the two then play the same frames alike");
    twin = g;
    for (i = 0; i < 5; i++) {
        ENSURE(frame(a, &g, added) == 0 && frame(b, &twin, twin_added) == 0);
        ENSURE(added[0] == twin_added[0] && added[1] == twin_added[1]);
        ENSURE(c2d_world_hash(a) == c2d_world_hash(b));
    }
    free(snap);
    c2d_world_free(a);
    c2d_world_free(b);
}

void test_state(void) {
    RUN_TEST(test_rollback_plays_the_same_frames_again);
    RUN_TEST(test_clone_goes_its_own_way);
    RUN_TEST(test_what_the_hash_sees);
    RUN_TEST(test_broken_snapshots_change_nothing);
    RUN_TEST(test_restore_into_a_world_of_another_precision);
}
