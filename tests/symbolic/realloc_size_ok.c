// expect: valid
// options: --symbolic -o nofail:malloc
// realloc to a symbolic size keeps what fits (DIVINE's realloc-free, and more)
#include <assert.h>
#include <stdlib.h>
#include <string.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    char *p = malloc(20);
    assert(p != NULL);
    memset(p, 7, 20);
    unsigned size = __VERIFIER_nondet_uint();
    char *q = realloc(p, size);
    if (size != 0)
        assert(q != NULL);
    if (size > 15)
        assert(q[15] == 7);
    free(q);
    return 0;
}
