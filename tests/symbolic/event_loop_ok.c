// expect: valid
// options: --symbolic --max-time 60
// An endless event loop over fresh inputs: constraints on inputs nothing
// holds any more are dropped, held ones renamed, so states repeat and the
// search ends.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int mode = 0, last = __VERIFIER_nondet_int();
    for (;;) {
        int ev = __VERIFIER_nondet_int();
        if (ev > 100)
            mode = 1;
        else if (ev < -100)
            mode = 0;
        if (ev > 0)
            last = ev;
        assert(mode == 0 || mode == 1);
        assert(last != 0 || ev <= 0);
    }
}
