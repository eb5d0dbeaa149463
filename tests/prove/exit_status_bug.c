// expect: error assert
// options: --symbolic
// proof: refuted
// A non-zero exit status is an error of divm verify (not under -o ignore:exit).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int n = 0;
    while (__VERIFIER_nondet_int())
        if (++n == 3)
            exit(1); // ERROR
    return 0;
}
