// expect: valid
// options: --leakcheck exit -o nofail:malloc
// exit() called while main's frame still holds the buffer: it is reachable
// from a live activation, not a leak.
#include <stdlib.h>
#include <string.h>

static void finish(int c) { exit(c); }

int main(void)
{
    char *buf = malloc(16);
    strcpy(buf, "hello");
    finish(buf[0] == 'h' ? 0 : 1);
}
