/* Loops and expressions: for/while/do-while, break/continue in nested
 * loops, short-circuit evaluation with side effects, the comma operator,
 * conditional expressions, and sequence points in compound assignments. */
#include <stdio.h>

static int calls;
static int t(int v) { calls++; return v; }

int main(void)
{
    /* short-circuit */
    calls = 0;
    int r1 = t(0) && t(1);
    int r2 = t(1) || t(0);
    int r3 = t(1) && t(0) && t(1);
    int r4 = t(0) || t(0) || t(1);
    printf("short-circuit %d %d %d %d calls %d\n", r1, r2, r3, r4, calls);
    /* comma operator and conditional */
    int a = (t(1), t(2), t(3));
    int b = a > 2 ? t(10) : t(20);
    printf("comma %d cond %d calls %d\n", a, b, calls);
    /* nested loops with break and continue */
    int found = 0;
    for (int i = 1; i < 20 && !found; i++) {
        for (int j = i; j < 20; j++) {
            if ((i * j) % 7 != 0) continue;
            if (i + j > 15) { printf("pair %d %d\n", i, j); found = 1; break; }
        }
    }
    /* do-while runs at least once */
    int n = 0;
    do { n++; } while (n < 0);
    int k = 10, steps = 0;
    do { k -= 3; steps++; } while (k > 0);
    printf("do-while n=%d k=%d steps=%d\n", n, k, steps);
    /* while with complex condition */
    unsigned x = 27;
    int collatz = 0;
    while (x != 1 && collatz < 1000) { x = x % 2 ? 3 * x + 1 : x / 2; collatz++; }
    printf("collatz(27) steps %d\n", collatz);
    /* loop counting down with unsigned */
    unsigned total = 0;
    for (unsigned u = 10; u-- > 0;) total += u;
    printf("unsigned countdown total %u\n", total);
    /* compound assignment operators */
    int v = 100;
    v += 5; v -= 3; v *= 2; v /= 3; v %= 50; v <<= 3; v >>= 1; v &= 0xfe; v |= 0x101; v ^= 0x55;
    printf("compound %d\n", v);
    /* pre/post increment in separate statements */
    int arr[5] = { 0 };
    int idx = 0;
    arr[idx++] = 1;
    arr[idx++] = 2;
    arr[++idx] = 4;
    printf("arr %d %d %d %d %d idx %d\n", arr[0], arr[1], arr[2], arr[3], arr[4], idx);
    /* infinite loop with break */
    int iter = 0;
    for (;;) { if (++iter == 17) break; }
    while (1) { if (--iter == 5) break; }
    printf("iter %d\n", iter);
    /* logical values */
    printf("logic %d %d %d %d\n", !0, !5, 3 && -1, 0 || 0.0);
    /* conditional with mixed types */
    double dd = 1 ? 1 : 2.5;
    unsigned char small = 200;
    int promoted = (small > 100 ? small : -1) + 1;
    printf("cond types %g %d\n", dd, promoted);
    /* a labeled nested loop exit via goto */
    int gi, gj;
    for (gi = 0; gi < 10; gi++)
        for (gj = 0; gj < 10; gj++)
            if (gi * gj == 42) goto out;
out:
    printf("goto out at %d %d\n", gi, gj);
    return 0;
}
