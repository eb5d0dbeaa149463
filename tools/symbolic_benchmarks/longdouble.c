/* x87 arithmetic on an input: N additions of a long double bounded by
 * assumptions; the sum stays within its bounds (rounding is monotonic). */
#include <assert.h>
#ifndef N
#define N 4
#endif
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= -1000 && k <= 1000);
    long double x = k, s = 0;
    for (int i = 0; i < N; i++)
        s += x / 4.0L;
    assert(s >= -250.0L * N && s <= 250.0L * N);
    return 0;
}
