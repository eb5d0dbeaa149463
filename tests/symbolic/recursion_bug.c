// expect: error assert
// options: --symbolic
// Recursion on a symbolic argument: each call's entry ends a transition
// once a branch forked, so the search reaches the base cases.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int sum(int n) {
    if (n <= 0)
        return 0;
    return n + sum(n - 1);
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 1000000)
        return 0;
    assert(sum(x) != 55);  // ERROR
    return 0;
}
