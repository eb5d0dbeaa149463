/* A checksum over a symbolic buffer: flipping one byte changes it. */
#include <assert.h>
#ifndef N
#define N 8
#endif
extern void __VERIFIER_nondet_memory(void *, unsigned long);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

unsigned sum(const unsigned char *b) {
    unsigned s = 0;
    for (int i = 0; i < N; i++)
        s = (s << 1 | s >> 31) ^ b[i];
    return s;
}

int main(void) {
    unsigned char buf[N];
    __VERIFIER_nondet_memory(buf, N);
    unsigned before = sum(buf);
    unsigned k = __VERIFIER_nondet_uint();
    __VERIFIER_assume(k < N);
    buf[k] ^= 0x10;
    assert(sum(buf) != before);
    return 0;
}
