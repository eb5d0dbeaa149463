// expect: error undefined
// A comparison that reads an undefined bit is undefined, even where the
// defined bits would decide it (x | 4 is never 0): DiVM's rule.
#include <stdlib.h>

int main(void)
{
    int x;
    int y = x | 4;
    if (y == 0) // ERROR
        exit(1);
    return 0;
}
