// expect: error assert
#include <assert.h>

int fib(int n) {
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int main(void) {
    assert(fib(16) == 986);  // ERROR
    return 0;
}
