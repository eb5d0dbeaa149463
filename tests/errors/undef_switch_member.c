// expect: undefined
/* Switches on a struct member that was never initialised. */
#include <stdio.h>

struct msg { int kind; int len; };

static void init_partially(struct msg *m) { m->len = 3; }

int main(void)
{
    struct msg m;
    init_partially(&m);
    switch (m.kind) { // ERROR
    case 0: puts("zero"); break;
    case 1: puts("one"); break;
    default: puts("other"); break;
    }
    return 0;
}
