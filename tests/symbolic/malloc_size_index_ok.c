// expect: valid
// options: --symbolic -o nofail:malloc
// a symbolic index into a block of symbolic size: made concrete (a few values)
#include <assert.h>
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned n = __VERIFIER_nondet_uint() % 4 + 1;
    unsigned m = __VERIFIER_nondet_uint();
    char *p = malloc(n + m % 2);
    p[n - 1] = 5;
    assert(p[n - 1] == 5);
    free(p);
    return 0;
}
