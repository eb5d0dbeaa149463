/* Unions: type punning, tagged unions, unions of structs and arrays. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

union fbits { float f; uint32_t u; unsigned char b[4]; };
union dbits { double d; uint64_t u; uint32_t w[2]; };

enum kind { K_INT, K_DBL, K_STR, K_PAIR };
struct value {
    enum kind kind;
    union {
        long i;
        double d;
        char s[16];
        struct { short a, b; } pair;
    } as;
};

static void print_value(const struct value *v)
{
    switch (v->kind) {
    case K_INT: printf("int %ld\n", v->as.i); break;
    case K_DBL: printf("double %g\n", v->as.d); break;
    case K_STR: printf("str \"%s\"\n", v->as.s); break;
    case K_PAIR: printf("pair (%d,%d)\n", v->as.pair.a, v->as.pair.b); break;
    }
}

int main(void)
{
    union fbits fb;
    fb.f = 1.0f;
    printf("1.0f = %08x bytes %02x %02x %02x %02x\n", fb.u, fb.b[0], fb.b[1], fb.b[2], fb.b[3]);
    fb.u = 0x40490fdbu;
    printf("0x40490fdb = %.7f\n", fb.f);
    fb.f = -0.0f;
    printf("-0.0f = %08x\n", fb.u);
    union dbits db;
    db.d = 1.0 / 3.0;
    printf("1/3 = %016llx words %08x %08x\n", (unsigned long long)db.u, db.w[0], db.w[1]);
    db.u = 0x7ff0000000000000ull;
    printf("inf? %g\n", db.d);
    db.u = 0x0000000000000001ull;
    printf("denorm %g\n", db.d);
    /* fast inverse square root style manipulation */
    union fbits q;
    q.f = 4.0f;
    q.u = 0x5f3759dfu - (q.u >> 1);
    printf("invsqrt approx %.6f\n", q.f * (1.5f - 0.5f * 4.0f * q.f * q.f));

    struct value vals[4];
    vals[0].kind = K_INT; vals[0].as.i = -1234567890123L;
    vals[1].kind = K_DBL; vals[1].as.d = 2.5e-3;
    vals[2].kind = K_STR; strcpy(vals[2].as.s, "hello union");
    vals[3].kind = K_PAIR; vals[3].as.pair.a = -3; vals[3].as.pair.b = 300;
    for (int i = 0; i < 4; i++) print_value(&vals[i]);
    printf("sizeof value %zu, union %zu\n", sizeof(struct value), sizeof vals[0].as);

    /* union copy keeps all bytes */
    union { char c[8]; uint64_t u; } u1, u2;
    memcpy(u1.c, "ABCDEFGH", 8);
    u2 = u1;
    printf("u2 = %016llx %.8s\n", (unsigned long long)u2.u, u2.c);
    /* endianness check through a union */
    union { uint16_t s; uint8_t b[2]; } e = { 0x0102 };
    printf("little endian: %d\n", e.b[0] == 2);
    /* union initialised through a designated member */
    union fbits di = { .u = 0x3f000000u };
    printf("designated %g\n", di.f);
    return 0;
}
