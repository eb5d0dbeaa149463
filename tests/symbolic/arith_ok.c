// expect: valid
// options: --symbolic
// Identities that hold for every input, in every width.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
    unsigned x = __VERIFIER_nondet_uint(), y = __VERIFIER_nondet_uint();
    assert((x ^ y) ^ y == x);
    assert(x + y - y == x);
    assert((x & y) + (x | y) == x + y);
    assert(((x << 3) >> 3) == (x & 0x1fffffffu));
    unsigned char c = __VERIFIER_nondet_uchar();
    assert((unsigned)c <= 255);
    char sc = __VERIFIER_nondet_char();
    assert((int)sc >= -128 && (int)sc <= 127);
    short s = __VERIFIER_nondet_short();
    int wide = s;  /* sign extension */
    assert(wide >= -32768 && wide <= 32767);
    unsigned short us = __VERIFIER_nondet_ushort();
    assert((int)us >= 0);
    long l = __VERIFIER_nondet_long();
    unsigned long ul = __VERIFIER_nondet_ulong();
    assert((unsigned long)l + ul - ul == (unsigned long)l);
    assert((int)(unsigned char)x == (int)(x & 255));
    int i = __VERIFIER_nondet_int();
    if (i > 0)
        assert(i / 2 < i && i % 2 >= 0);
    if (i < 0 && i != -2147483647 - 1)
        assert(-i > 0 && i % 3 <= 0);
    _Bool b = __VERIFIER_nondet_bool();
    assert(b == 0 || b == 1);
    int k = i >> 31;
    assert(k == 0 || k == -1);
    return 0;
}
