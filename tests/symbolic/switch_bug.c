// expect: error assert
// options: --symbolic
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int classify(int c) {
    switch (c) {
    case 1: case 2: return 10;
    case 7: return 20;
    case 1000: return 30;
    default: return 0;
    }
}

int main(void) {
    int c = __VERIFIER_nondet_int();
    int r = classify(c);
    assert(r != 30);  // ERROR
    return 0;
}
