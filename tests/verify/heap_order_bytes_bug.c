// expect: error assert
// options: -o nofail:malloc
// As heap_order_memcpy_bug.c, with the pointers' bytes hashed one by one
// (as a hash table keyed by address would), and compared with memcmp.
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <dios.h>

extern _Bool __VERIFIER_nondet_bool(void);
static void *a, *b;

static unsigned hash(const void *p)
{
    const unsigned char *c = (const unsigned char *)&p;
    unsigned h = 0;
    for (unsigned i = 0; i < sizeof p; ++i)
        h = h * 31 + c[i];
    return h;
}

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
    assert(memcmp(&a, &b, sizeof a) != 0);
    assert(hash(a) > hash(b)); // ERROR
    return 0;
}
