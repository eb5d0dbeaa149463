// expect: none
/* Negative control: x is uninitialised, but x & 0 is defined (every bit
 * is 0 whatever x holds), so branching on it is not an error. Copying the
 * undefined value around is not an error either. Exits 0. */
#include <stdio.h>

int main(void)
{
    int x;
    int copy = x;           /* copying undefined bits is fine */
    int y = x & 0;          /* defined: all bits known to be 0 */
    int z = copy | -1;      /* defined: all bits known to be 1 */
    if (y)
        puts("never");
    if (z == -1)
        puts("all ones");
    return 0;
}
