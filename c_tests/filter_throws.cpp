// A C++ engine whose world filter throws. The filter must return normally (the header says
// so); when it does not, the exception must never unwind through the library: the process
// aborts, cleanly, instead of resuming the caller with a half-made move.
#include <cstdio>
#include <stdexcept>

#include "collide2d.h"

static c2d_response throwing_filter(uint64_t, uint64_t, void *) {
    throw std::runtime_error("a script error inside the filter");
}

int main() {
    c2d_world *w = c2d_world_new(16.0f);
    c2d_rect me = {0, 0, 4, 4}, wall = {10, -10, 2, 30};
    uint64_t id = c2d_world_add(w, me, 0);
    c2d_world_add(w, wall, 0);
    c2d_vec2 goal = {20, 0};
    std::printf("moving\n");
    std::fflush(stdout);
    try {
        c2d_world_move(w, id, goal, throwing_filter, nullptr, nullptr, nullptr, 0, nullptr);
        std::printf("the move returned\n");
    } catch (const std::exception &e) {
        std::printf("the exception came through the library: %s\n", e.what());
    }
    std::fflush(stdout);
    c2d_world_free(w);
    return 0;
}
