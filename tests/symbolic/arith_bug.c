// expect: error assert
// options: --symbolic
// Only one input out of 2^32 reaches the assertion failure.
#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
    unsigned x = __VERIFIER_nondet_uint();
    unsigned h = (x ^ 0xdeadbeefu) * 2654435761u;
    if (h == 0x12345678u)
        assert(0);  // ERROR
    return 0;
}
