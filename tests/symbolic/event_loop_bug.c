// expect: error assert
// options: --symbolic --max-time 60
// The third pass can see an input held from the first.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int prev = 0, before = 0;
    for (;;) {
        int ev = __VERIFIER_nondet_int();
        if (before == 7 && ev == 9)
            assert(prev != 8);  // ERROR
        before = prev;
        prev = ev;
    }
}
