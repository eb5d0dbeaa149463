/* __int128 arithmetic, printed with a hand-written conversion. */
#include <stdio.h>
#include <string.h>

typedef unsigned __int128 u128;
typedef __int128 i128;

static void print_u128(const char *label, u128 v)
{
    char buf[64];
    int n = 0;
    if (v == 0) buf[n++] = '0';
    while (v != 0) {
        buf[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    }
    printf("%s", label);
    while (n > 0) putchar(buf[--n]);
    putchar('\n');
}

static void print_i128(const char *label, i128 v)
{
    if (v < 0) {
        u128 m = (u128)0 - (u128)v;
        printf("%s-", label);
        print_u128("", m);
    } else {
        print_u128(label, (u128)v);
    }
}

static void print_hex(const char *label, u128 v)
{
    printf("%s%016llx%016llx\n", label, (unsigned long long)(v >> 64), (unsigned long long)v);
}

int main(void)
{
    u128 max = ~(u128)0;
    print_u128("u128 max = ", max);
    print_hex("u128 max hex = ", max);
    i128 imax = (i128)(max >> 1);
    i128 imin = -imax - 1;
    print_i128("i128 max = ", imax);
    print_i128("i128 min = ", imin);

    u128 f = 1;
    for (int i = 1; i <= 30; i++) {
        f *= (u128)i;
    }
    print_u128("30! = ", f);
    u128 a = (u128)0x0123456789abcdefULL << 64 | 0xfedcba9876543210ULL;
    u128 b = 0xffffffffffffULL;
    print_hex("a = ", a);
    print_u128("a / b = ", a / b);
    print_u128("a % b = ", a % b);
    print_hex("a * b = ", a * b);
    print_hex("a >> 67 = ", a >> 67);
    print_hex("a << 13 = ", a << 13);
    print_hex("a ^ ~b = ", a ^ ~b);

    i128 s = -(i128)1000000000000000000LL * 1000000000;
    print_i128("s = ", s);
    print_i128("s / 7 = ", s / 7);
    print_i128("s % 7 = ", s % 7);
    print_i128("s / -3 = ", s / -3);
    print_i128("s >> 40 = ", s >> 40);
    printf("s < 0: %d, s < a: %d\n", s < 0, (u128)s < a);

    /* 64x64 -> 128 multiplication, high half */
    unsigned long long x = 0xdeadbeefcafebabeULL, y = 0x123456789abcdef1ULL;
    u128 p = (u128)x * y;
    printf("mulhi = %016llx mullo = %016llx\n", (unsigned long long)(p >> 64), (unsigned long long)p);
    /* conversions */
    long long back = (long long)(s / 1000000000000LL);
    printf("back = %lld\n", back);
    double dv = (double)a;
    printf("(double)a = %.6e\n", dv);
    u128 fromd = (u128)1e30;
    print_u128("(u128)1e30 = ", fromd);
    /* fibonacci in 128 bits */
    u128 f0 = 0, f1 = 1;
    for (int i = 0; i < 180; i++) {
        u128 t = f0 + f1;
        f0 = f1;
        f1 = t;
    }
    print_u128("fib(180) = ", f0);
    return 0;
}
