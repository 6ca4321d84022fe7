// The header from C++: it must compile cleanly (-Wall -Wextra -Werror -pedantic), link with
// C linkage against the library, and answer as from C. Exits 0 on success.
#include "collide2d.h"

#include <cstdio>

int main()
{
    int failed = 0;
    const c2d_rect a = {0.0f, 0.0f, 32.0f, 32.0f};
    const c2d_rect b = {32.0f, 0.0f, 32.0f, 32.0f};
    const c2d_circle c = {0.0f, 0.0f, 5.0f};
    const c2d_circle d = {6.0f, 8.0f, 7.0f};
    const c2d_segment s = {{0.0f, 0.0f}, {10.0f, 0.0f}};
    const c2d_segment t = {{5.0f, 0.0f}, {15.0f, 0.0f}};
    const c2d_recti ri = {INT32_MAX, 0, INT32_MAX, 10};
    const c2d_recti rj = {INT32_MIN, 0, INT32_MAX, 10};
    c2d_contact contact = c2d_contact();

    // bool comes back as C++ bool.
    bool flush_overlap = c2d_overlap_rect_rect(a, b);
    bool flush_touch = c2d_touch_rect_rect(a, b);
    failed += flush_overlap ? 1 : 0;
    failed += flush_touch ? 0 : 1;
    failed += c2d_intersect_segment_segment(s, t) ? 0 : 1;
    failed += c2d_collide_circle_circle(c, d, &contact) ? 0 : 1;
    failed += (contact.depth > 1.999f && contact.depth < 2.001f) ? 0 : 1;
    failed += c2d_collide_circle_circle(c, d, nullptr) ? 0 : 1;
    failed += c2d_overlap_recti_recti(ri, rj) ? 1 : 0;

    const c2d_obb box = c2d_obb_from_rect(c2d_rect{620.0f, 300.0f, 180.0f, 72.0f}, 45.0f);
    failed += c2d_overlap_obb_circle(box, c2d_circle{680.0f, 400.0f, 50.0f}) ? 0 : 1;

    const uint32_t expected = (static_cast<uint32_t>(C2D_VERSION_MAJOR) << 16) |
                              (static_cast<uint32_t>(C2D_VERSION_MINOR) << 8) |
                              static_cast<uint32_t>(C2D_VERSION_PATCH);
    failed += c2d_version() == expected ? 0 : 1;

    std::printf("C++: %d failed\n", failed);
    return failed != 0;
}
