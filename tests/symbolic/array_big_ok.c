// expect: valid
// options: --symbolic
// Stores and loads at symbolic indices into an array too big for
// if-then-else terms: the array becomes a z3 array, still decided.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[1000];
int main(void) {
    int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
    if (i < 0 || i >= 1000 || j < 0 || j >= 1000)
        return 0;
    a[i] = 5;
    assert(a[j] != 5 || j == i);
    a[j] = 7;
    assert(a[i] == 5 || i == j);
    assert(a[j] == 7);
    return 0;
}
