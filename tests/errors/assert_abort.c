// expect: assert
// errorframe: lib
/* abort() called on an "impossible" state. */
#include <stdio.h>
#include <stdlib.h>

static void check(int state)
{
    if (state > 2) {
        fprintf(stderr, "bad state %d\n", state);
        abort(); // ERROR
    }
}

int main(void)
{
    for (int s = 0; s < 5; s++) check(s);
    return 0;
}
