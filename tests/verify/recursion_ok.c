// expect: valid
// Thousands of recursive calls: a recursive function's entry is a loop
// point, so the search is interrupted there; the resumed calls must keep
// their arguments.
#include <assert.h>

int fib(int n) {
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int even(int n);
int odd(int n) { return n == 0 ? 0 : even(n - 1); }
int even(int n) { return n == 0 ? 1 : odd(n - 1); }

int main(void) {
    assert(fib(15) == 610);
    assert(even(2500) && !odd(2500));
    return 0;
}
