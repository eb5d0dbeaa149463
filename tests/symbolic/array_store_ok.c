// expect: valid
// options: --symbolic
// Stores at a symbolic index with more feasible values than are enumerated:
// the bytes become if-then-else terms, and the answer is still decided.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
char a[80];
int main(void) {
    int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
    if (i < 0 || i >= 80 || j < 0 || j >= 80)
        return 0;
    a[i] = 7;
    a[j] = 9;
    assert(a[i] == 7 || i == j);
    assert(a[j] == 9);
    return 0;
}
