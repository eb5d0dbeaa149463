/* exit(3) from a nested function: buffered output (without a final
 * newline) is flushed, atexit handlers run, later code does not run. */
#include <stdio.h>
#include <stdlib.h>

static void handler(void) { printf("[atexit handler]\n"); }

static void level3(int v)
{
    printf("level3 got %d, exiting", v);
    if (v > 2) exit(3);
    printf("not reached\n");
}
static void level2(int v) { level3(v + 1); printf("not reached 2\n"); }
static void level1(int v) { level2(v + 1); printf("not reached 1\n"); }

int main(void)
{
    atexit(handler);
    printf("start\n");
    level1(1);
    printf("not reached main\n");
    return 0;
}
