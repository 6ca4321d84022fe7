/* The harness as a program, linked against the shared library the way an engine links it. */
int c2d_harness_run(void);

int main(void)
{
    return c2d_harness_run() != 0;
}
