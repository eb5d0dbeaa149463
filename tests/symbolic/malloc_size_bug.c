// expect: error memory
// options: --symbolic -o nofail:malloc
// The guard is one element short: an n of 40 bytes holds p[0] to p[9]
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    int *p = malloc(n);
    if (!p)
        return 0;
    if (n >= 40)
        p[10] = 1; // ERROR
    free(p);
    return 0;
}
