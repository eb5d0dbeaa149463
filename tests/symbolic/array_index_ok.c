// expect: valid
// options: --symbolic
// A symbolic index that stays in bounds reads an if-then-else term.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
    int sq[10];
    for (int k = 0; k < 10; k++)
        sq[k] = k * k;
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i < 10);
    assert(sq[i] == i * i);
    assert(sq[i] < 82);
    return 0;
}
