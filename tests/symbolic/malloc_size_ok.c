// expect: valid
// options: --symbolic -o nofail:malloc
// A block of symbolic size (DIVINE's test/sym/libc/malloc-free): every size
// at once, gigabytes too, none of its bytes made
#include <assert.h>
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned size = __VERIFIER_nondet_uint();
    char *p = malloc(size);
    if (size != 0)
        assert(p != NULL);
    if (size > 10) {
        p[10] = 1;
        p[3] = p[10] + 1;
        assert(p[3] == 2);
    }
    free(p);
    return 0;
}
