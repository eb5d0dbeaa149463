// expect: assert
// errorframe: lib
/* SV-COMP style: the program defines reach_error() with an empty body;
 * calling it is an error whatever its body does. (The fault may be raised
 * at the call or on entry to reach_error; the test looks for the first
 * frame outside reach_error.) */
#include <stdio.h>

void reach_error(void) {}

static int nondet_like(int i) { return (i * 7) % 5; }

int main(void)
{
    int x = 0;
    for (int i = 0; i < 10; i++) x += nondet_like(i);
    if (x != 20) {
        printf("x = %d\n", x);
    } else {
        reach_error(); // ERROR
    }
    return 0;
}
