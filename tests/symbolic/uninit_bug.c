// expect: error assert
// options: --symbolic -o nondet:uninit
// -o nondet:uninit: uninitialised locals and heap hold arbitrary values (as
// SV-COMP's tasks assume); each is one input, the same at every read.
#include <assert.h>
#include <stdlib.h>
int main(void) {
    int k;                    /* kept in a register (promoted) */
    int a[4];                 /* in memory: its address is taken below */
    int *h = malloc(2 * sizeof(int));
    a[0] = 3;
    if (k > 5)
        assert(k > 5);        /* one value: never fails */
    int *p = &a[1];
    h[0] = 1;
    if (*p + a[0] == h[1] + h[0])
        assert(*p == a[1]);   /* a read of a[1] again: the same input */
    assert(a[2] != 7 || h[1] != 100);  // ERROR
    free(h);
    return 0;
}
