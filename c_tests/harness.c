/* The harness entry point: runs every area and prints the closing "N passed, N failed" line
 * (counting checks). Linked statically into `cargo test` and, with main.c, built as a program
 * against the shared library. */
#include "test_macros.h"

int th_checks_passed;
int th_checks_failed;
int th_tests_run;
int th_tests_failed;
const char *th_test = "(none)";
const char *th_label = "(no case)";

int th_check(int ok, const char *file, int line, const char *what)
{
    if (ok) {
        th_checks_passed++;
    } else {
        th_checks_failed++;
        printf("FAILED %s [%s] %s:%d: %s\n", th_test, th_label, file, line, what);
    }
    return ok;
}

int th_check_near(double a, double b, double tol, const char *file, int line, const char *what)
{
    /* Written so that a NaN on either side fails. */
    int ok = fabs(a - b) <= tol;
    if (!th_check(ok, file, line, what)) {
        printf("       got %.9g and %.9g (difference %.3g)\n", a, b, fabs(a - b));
    }
    return ok;
}

int c2d_harness_run(void)
{
    th_checks_passed = 0;
    th_checks_failed = 0;
    th_tests_run = 0;
    th_tests_failed = 0;

    test_predicates();
    test_segments();
    test_integer();
    test_contacts();
    test_scenes();
    test_bad_input();
    test_version();
    test_sweep();
    test_world();
    test_world_d();
    test_kit();
    test_poly();
    test_slopes();
    test_poly_contact();
    test_poly_sweep();
    test_touching();
    test_state();
    test_sensors();
    test_world_i();
    test_tiles();
    test_batch();

    printf("%d tests, %d failed\n", th_tests_run, th_tests_failed);
    printf("%d passed, %d failed\n", th_checks_passed, th_checks_failed);
    fflush(stdout);
    return th_checks_failed;
}
