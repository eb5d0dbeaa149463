// expect: valid
// options: -o check:overflow
// shifts that stay in range, by the C rules: unsigned ones wrap, a
// negative value's shift is in range, shifts in macros and compound
// assignments are matched to their own operator
#include <stdint.h>
#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define SH(x, k) ((x) << (k))
volatile int one = 1;
int main(void)
{
    uint32_t r = ROTL(0x80000001u, one);
    int64_t w = SH((int64_t)0x40000000, one);
    int n = -0x40000000;
    n <<= one;                      /* INT_MIN exactly */
    char c = 0x7f;
    c = (char)(c << one);           /* in int: 254 */
    unsigned big = 0x80000000u << (one - 1);
    int s = (one << 30) >> 1 << 1;
    return (int)((r + (uint32_t)w + (unsigned)n + (unsigned)c + big + (unsigned)s) & 0);
}
