// expect: error memory
// options: --symbolic -o nofail:malloc
// a block shrunk to 6..15 bytes has no byte 15
#include <stdlib.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    char *p = malloc(20);
    if (!p)
        return 0;
    memset(p, 7, 20);
    unsigned n = __VERIFIER_nondet_uint();
    char *q = realloc(p, n);
    if (!q)
        return 0;
    if (n > 5)
        return q[15] - 7; // ERROR
    return 0;
}
