/* A C program linking collide2d's static library beside a second Rust static library (in both
 * orders on the command line): both must link and both must answer. */
#include <stdio.h>

#include "collide2d.h"

int other_sum(int a, int b);

int main(void)
{
    c2d_rect a = {0, 0, 10, 10}, b = {10, 0, 10, 10};
    int touching = c2d_touch_rect_rect(a, b) && !c2d_overlap_rect_rect(a, b);
    int sum = other_sum(40, 2);
    int overflow = other_sum(2147483647, 1); /* panics inside, caught there */
    printf("collide2d %u, touching %d, the other library's sum %d, its caught panic %d\n",
           (unsigned)c2d_version(), touching, sum, overflow);
    return touching && sum == 42 && overflow == -2147483647 - 1 ? 0 : 1;
}
