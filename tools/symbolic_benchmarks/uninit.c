/* An uninitialised array of N ints searched for an input (SV-COMP's
 * array/sanfoundry style): each element read becomes an input. */
// options: -o nondet:uninit
#include <assert.h>
#ifndef N
#define N 64
#endif
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int v[N], pos = -1;
    int e = __VERIFIER_nondet_int();
    for (int i = 0; i < N && pos < 0; i++)
        if (v[i] == e)
            pos = i;
    for (int x = 0; x < pos; x++)
        assert(v[x] != e);
    return 0;
}
