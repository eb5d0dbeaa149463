// expect: error integer
// options: --symbolic -o check:overflow
// abs of a negative input overflows for one value only
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    if (x < -5)
        return abs(x) > 5 ? 0 : 1; // ERROR
    return 0;
}
