/* Signed division and remainder by constants and by variables of both
 * signs, negative array indices held in 64-bit variables, a switch with
 * many destinations, struct copies and overlapping memmove. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { long a; int b; char tag[5]; short s; };

static __attribute__((noinline)) long op(int code, long x, long y)
{
    switch (code) {
    case 0: return x / 7;
    case 1: return x % 7;
    case 2: return x / -256;
    case 3: return x % -256;
    case 4: return x / 16;
    case 5: return x % 16;
    case 6: return y ? x / y : -1;
    case 7: return y ? x % y : -1;
    case 9: return (int)x / 3;
    case 10: return (int)x % -5;
    case 12: return (unsigned long)x / 10;
    case 13: return y ? (long)((unsigned long)x % (unsigned long)y) : -1;
    default: return x + y;
    }
}

int main(int argc, char **argv)
{
    (void)argv;
    long vals[] = { 0, 1, -1, 7, -7, 255, -255, 256, -256, 1000003, -1000003,
                    0x7fffffffffffffffL, -0x7fffffffffffffffL - 1 + argc - 1 };
    int nv = (int)(sizeof vals / sizeof vals[0]);
    unsigned long h = 0;
    for (int c = 0; c < 15; c++)
        for (int i = 0; i < nv; i++)
            for (int j = 0; j < nv; j++) {
                if ((c == 6 || c == 7) && vals[j] == -1 && vals[i] == -0x7fffffffffffffffL - 1)
                    continue;  /* LONG_MIN / -1 overflows */
                h = h * 31 + (unsigned long)op(c, vals[i], vals[j]);
            }
    printf("divisions %lu\n", h);

    long table[16];
    for (int i = 0; i < 16; i++)
        table[i] = i * i;
    long *mid = table + 8;
    long s = 0;
    for (long k = -8 + (argc - 1); k < 8; k++)
        s = s * 3 + mid[k];
    printf("negative indices %ld\n", s);

    struct rec r[6];
    memset(r, 0, sizeof r);
    for (int i = 0; i < 6; i++) {
        r[i].a = i * 100;
        r[i].b = -i;
        r[i].s = (short)(i * 7);
        strcpy(r[i].tag, "t");
        r[i].tag[1] = (char)('0' + i);
    }
    for (int i = 5; i > 0; i--)
        r[i] = r[i - 1];
    memmove(&r[1], &r[0], 4 * sizeof r[0]);
    memmove(&r[0], &r[2], 3 * sizeof r[0]);
    char buf[40] = "0123456789abcdefghijklmnopqrstuvwxyz";
    memmove(buf + 3, buf, 20);
    memmove(buf, buf + 7, 20);
    for (int i = 0; i < 6; i++)
        printf("rec %ld %d %s %d\n", r[i].a, r[i].b, r[i].tag, r[i].s);
    printf("buf %s\n", buf);
    return 0;
}
