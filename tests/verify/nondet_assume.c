// expect: error assert
// options: --nondet-range=-3:3
#include <assert.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void)
{
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > 0);
    assert(x != 3); // ERROR
    return 0;
}
