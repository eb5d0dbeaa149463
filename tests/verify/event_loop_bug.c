// expect: error assert
// A single-threaded event loop over nondeterministic events: each pass makes
// a choice, so each pass ends the transition; the search is finite and
// finds the bad sequence of events (0 four times, then 2).
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int state;

int main(void)
{
    for (;;) {
        int e = __VERIFIER_nondet_int() & 3;
        switch (e) {
        case 0: state = (state + 1) % 5; break;
        case 1: state = 0; break;
        case 2: if (state == 4) state = 7; break;
        default: break;
        }
        assert(state != 7); // ERROR
    }
}
