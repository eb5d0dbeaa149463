/* A loop with a symbolic bound of up to N passes. */
#include <assert.h>
#ifndef N
#define N 40
#endif
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n <= N);
    unsigned s = 0, i;
    for (i = 0; i < n; i++)
        s += i;
    assert(2 * s == n * (n - 1) || n == 0);
    return 0;
}
