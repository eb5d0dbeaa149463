/* A recursion up to N deep on a symbolic argument (SV-COMP's
 * recursion/id): each level passes x - 1 down through its frame and adds
 * one on the way back. */
#include <assert.h>
#ifndef N
#define N 200
#endif
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

static unsigned id(unsigned x) {
    if (x == 0)
        return 0;
    return id(x - 1) + 1;
}

int main(void) {
    unsigned input = __VERIFIER_nondet_uint();
    __VERIFIER_assume(input <= N);
    assert(id(input) == input);
    return 0;
}
