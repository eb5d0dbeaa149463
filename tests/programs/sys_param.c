/* <sys/param.h>'s BSD macros, which older programs take from it. */
#include <stdio.h>
#include <sys/param.h>

int main(void)
{
    unsigned char bits[4] = {0};
    setbit(bits, 9);
    setbit(bits, 30);
    clrbit(bits, 30);
    printf("%d %d %d %d %d\n", MIN(3, -4), MAX(3, -4), howmany(10, 4), roundup(10, 4), powerof2(64));
    printf("%d %d %d %d\n", isset(bits, 9) != 0, isclr(bits, 30), NBBY, MAXPATHLEN >= 256);
    return 0;
}
