// expect: error assert
// options: --symbolic
// A store at a symbolic index (more feasible values than are enumerated)
// leaves an if-then-else in every byte; the model names the index.
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
    assert(a[i] != 7 || i != 41);  // ERROR
    return 0;
}
