/* c2d_version() against the header it was built with. */
#include "test_macros.h"

static void version_matches_header(void)
{
    uint32_t v = c2d_version();
    uint32_t expected = ((uint32_t)C2D_VERSION_MAJOR << 16) | ((uint32_t)C2D_VERSION_MINOR << 8) |
                        (uint32_t)C2D_VERSION_PATCH;
    CASE("c2d_version() == MAJOR<<16 | MINOR<<8 | PATCH of the header");
    ENSURE(v == expected);
    CASE("each part fits its byte");
    ENSURE(C2D_VERSION_MINOR >= 0 && C2D_VERSION_MINOR < 256);
    ENSURE(C2D_VERSION_PATCH >= 0 && C2D_VERSION_PATCH < 256);
    ENSURE((v >> 16) == (uint32_t)C2D_VERSION_MAJOR);
    ENSURE(((v >> 8) & 0xffu) == (uint32_t)C2D_VERSION_MINOR);
    ENSURE((v & 0xffu) == (uint32_t)C2D_VERSION_PATCH);
    CASE("a released version is at least 1.0.0");
    ENSURE(C2D_VERSION_MAJOR >= 1);
}

void test_version(void)
{
    RUN_TEST(version_matches_header);
}
