// expect: valid
// options: --symbolic
// Symbolic bytes through heap memory, memcpy and a struct.
#include <assert.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

struct pair { int a; unsigned char b; long c; };

int main(void) {
    struct pair p;
    p.a = __VERIFIER_nondet_int();
    p.b = __VERIFIER_nondet_uchar();
    p.c = p.a * 2L;
    struct pair *q = malloc(sizeof *q);
    if (!q)
        return 0;
    memcpy(q, &p, sizeof p);
    assert(q->a == p.a && q->b == p.b);
    assert(q->c == 2L * q->a);
    unsigned char bytes[4];
    memcpy(bytes, &q->a, 4);
    assert(bytes[0] == (unsigned char)(p.a & 0xff));
    free(q);
    return 0;
}
