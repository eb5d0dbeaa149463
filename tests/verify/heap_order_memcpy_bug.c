// expect: error assert
// options: -o nofail:malloc
// Which block is allocated first is up to a choice; the program copies
// the two pointers' bytes into integers and compares those.  Heap
// symmetry must not merge the two orders: reading a stored pointer's bytes
// as data shows the objects' numbers as much as a cast does (vm/order.py).
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <dios.h>

extern _Bool __VERIFIER_nondet_bool(void);
static void *a, *b;

int main(void)
{
    if (__VERIFIER_nondet_bool()) {
        a = malloc(4);
        b = malloc(4);
    } else {
        b = malloc(4);
        a = malloc(4);
    }
    __dios_reschedule(); /* a state here: the two orders meet */
    uint64_t ua, ub;
    memcpy(&ua, &a, sizeof ua);
    memcpy(&ub, &b, sizeof ub);
    assert(ua > ub); // ERROR
    return 0;
}
