/* Sensors and their events from C (since 1.3): a coin picked up, a bullet crossing a tripwire
 * far faster than its width per frame, a door zone that ignores one kind of item, a short event
 * buffer that loses nothing, and bad input. Entry point: test_sensors(), counted by the harness. */
#include <stdint.h>
#include <stdio.h>

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

void test_sensors(void) {
    RUN_TEST(test_a_coin_picked_up);
    RUN_TEST(test_a_bullet_crossing_a_tripwire);
    RUN_TEST(test_a_door_zone_and_categories);
    RUN_TEST(test_bad_input_to_sensors);
}
