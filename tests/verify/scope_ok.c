// expect: valid
// variables used within their blocks: through pointers, in every pass of
// a loop, in a block a goto jumps into (clang gives such a variable the
// whole function's lifetime), in a switch, and a static local whose
// address outlives its block
#include <string.h>
static int *global_view(void)
{
    static int kept = 5;
    return &kept;
}
int main(void)
{
    int total = 0;
    for (int i = 0; i < 3; i++) {
        int x = i;
        int *p = &x;
        char buf[4];
        memset(buf, i, sizeof buf);
        total += *p + buf[3];
    }
    goto inside;
    {
        int y;
inside:
        y = 4;
        int *q = &y;
        total += *q;
    }
    switch (total) {
    case 10: {
        int z = 1, *r = &z;
        total += *r;
        break;
    }
    default:
        break;
    }
    return (total + *global_view()) == 16 ? 0 : 1;
}
