// expect: error assert
// A program that exits with a non-zero status has failed (as DIVINE
// reports it); `divm run` passes the status on instead.
#include <stdlib.h>

static int check(int x) { return x * 2 == 6; }

int main(void)
{
    if (!check(4))
        exit(2); // ERROR
    return 0;
}
