// expect: valid
// options: --nondet-range 0:3
// The same event loop without the bad transition: every choice sequence is
// explored, and the loop's finitely many states bound the search.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int state;

int main(void)
{
    for (;;) {
        int e = __VERIFIER_nondet_int();
        if (e == 0)
            state = (state + 1) % 5;
        else if (e == 1)
            state = 0;
        assert(state < 5);
    }
}
