// expect: error assert
// options: -o nofail:malloc
// As heap_order_memcpy_bug.c, with the pointers read through a union.
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <dios.h>

extern _Bool __VERIFIER_nondet_bool(void);
static union { void *p; uint64_t u; } a, b;

int main(void)
{
    if (__VERIFIER_nondet_bool()) {
        a.p = malloc(4);
        b.p = malloc(4);
    } else {
        b.p = malloc(4);
        a.p = malloc(4);
    }
    __dios_reschedule(); /* a state here: the two orders meet */
    assert(a.u > b.u); // ERROR
    return 0;
}
