// expect: none
// exit: 7
/* Negative control: a nonzero exit status is not an error; divm run exits
 * with the program's status (7) and reports no error. */
#include <stdio.h>
#include <stdlib.h>

static void finish(int code)
{
    printf("finishing with %d\n", code);
    exit(code);
}

int main(void)
{
    finish(7);
    return 0;
}
