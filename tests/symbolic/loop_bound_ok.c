// expect: valid
// options: --symbolic
// A loop with a symbolic bound: finitely many states, so the search ends.
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int a[16];

int main(void) {
    unsigned n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n <= 16);
    for (unsigned i = 0; i < n; i++)
        a[i] = 2 * i + 1;
    unsigned sum = 0;
    for (unsigned i = 0; i < n; i++)
        sum += a[i];
    assert(sum == n * n);
    return 0;
}
