// expect: assert
// errorframe: lib
/* An assert() that does not hold. */
#include <assert.h>
#include <stdio.h>

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(void)
{
    int r = clamp(15, 0, 10);
    assert(r == 10);
    r = clamp(-5, 0, 10);
    assert(r == -5); // ERROR
    printf("%d\n", r);
    return 0;
}
