// expect: assert
// errorframe: lib
/* __VERIFIER_error() called when a property is violated. */
#include <stdio.h>

extern void __VERIFIER_error(void);

static int counter;

static void tick(void)
{
    counter++;
    if (counter > 3)
        __VERIFIER_error(); // ERROR
}

int main(void)
{
    for (int i = 0; i < 5; i++) tick();
    printf("%d\n", counter);
    return 0;
}
