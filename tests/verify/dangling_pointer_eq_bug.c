// expect: error assert
// options: -o nofail:malloc
// Two blocks are freed and r keeps one of them, by a choice.  The key
// must tell which freed block a pointer names: the two states differ in
// what r == p gives (the values of freed pointers stay distinct in divm).
#include <assert.h>
#include <stdlib.h>
#include <dios.h>

extern _Bool __VERIFIER_nondet_bool(void);
static char *p, *q, *r;

int main(void)
{
    p = malloc(1);
    q = malloc(1);
    r = __VERIFIER_nondet_bool() ? q : p;
    free(p);
    free(q);
    __dios_reschedule(); /* a state here */
    assert(r == p); // ERROR
    return 0;
}
