/* Integer min/max, three-way comparison and abs (clang makes llvm.smax,
 * llvm.umin, llvm.scmp, llvm.abs of these), in every width, signed and
 * unsigned, at the edges; small struct copies and overlapping moves (inline
 * memcpy/memmove); byte loads and stores. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CMP(x, y) (((x) > (y)) - ((x) < (y)))
#define MAX(x, y) ((x) > (y) ? (x) : (y))
#define MIN(x, y) ((x) < (y) ? (x) : (y))

static const int64_t vals[] = {0, 1, -1, 2, -2, 127, -128, 255, 32767, -32768, 65535,
                               2147483647, -2147483647 - 1, 4294967295LL,
                               INT64_MAX, INT64_MIN, 0x123456789LL, -0x123456789LL};
#define NV (sizeof vals / sizeof vals[0])

struct pair { int a; short b; char c[6]; };
struct big { long x[5]; unsigned char tag; };

static __attribute__((noinline)) void show(const char *what, long h)
{
    printf("%s %ld\n", what, h);
}

int main(void)
{
    long h8 = 0, h16 = 0, h32 = 0, h64 = 0, hu = 0, ha = 0;
    for (unsigned i = 0; i < NV; i++)
        for (unsigned j = 0; j < NV; j++) {
            int8_t a8 = (int8_t)vals[i], b8 = (int8_t)vals[j];
            int16_t a16 = (int16_t)vals[i], b16 = (int16_t)vals[j];
            int32_t a32 = (int32_t)vals[i], b32 = (int32_t)vals[j];
            int64_t a64 = vals[i], b64 = vals[j];
            uint32_t u32 = (uint32_t)vals[i], v32 = (uint32_t)vals[j];
            uint64_t u64 = (uint64_t)vals[i], v64 = (uint64_t)vals[j];
            h8 = h8 * 31 + MAX(a8, b8) * 3 + MIN(a8, b8) + CMP(a8, b8);
            h16 = h16 * 31 + MAX(a16, b16) * 3 + MIN(a16, b16) + CMP(a16, b16);
            h32 = h32 * 31 + MAX(a32, b32) * 3 + MIN(a32, b32) + CMP(a32, b32);
            h64 = h64 * 31 + (MAX(a64, b64) ^ MIN(a64, b64)) + CMP(a64, b64);
            hu = hu * 31 + (long)(MAX(u32, v32) + MIN(u32, v32)) + CMP(u32, v32) +
                 (long)(MAX(u64, v64) ^ MIN(u64, v64)) + CMP(u64, v64);
        }
    for (unsigned i = 0; i < NV; i++) {
        int32_t a32 = (int32_t)vals[i];
        int64_t a64 = vals[i];
        if (a32 != INT32_MIN)
            ha = ha * 7 + abs(a32);
        if (a64 != INT64_MIN)
            ha = ha * 7 + (a64 < 0 ? -a64 : a64);
        ha = ha * 7 + (int8_t)(a32 < 0 ? -(uint8_t)a32 : (uint8_t)a32);
    }
    show("h8", h8);
    show("h16", h16);
    show("h32", h32);
    show("h64", h64);
    show("hu", hu);
    show("abs", ha);

    /* struct copies (padding included) and overlapping moves */
    struct pair ps[8];
    struct big bs[4];
    memset(ps, 0, sizeof ps);
    memset(bs, 0, sizeof bs);
    for (int i = 0; i < 8; i++) {
        ps[i].a = i * 1000 - 3;
        ps[i].b = (short)(i - 4);
        snprintf(ps[i].c, sizeof ps[i].c, "p%d", i);
    }
    for (int r = 0; r < 50; r++) {
        struct pair t = ps[r % 8];
        ps[r % 8] = ps[(r * 3 + 1) % 8];
        ps[(r * 3 + 1) % 8] = t;
        bs[r % 4].x[r % 5] += r;
        bs[r % 4].tag ^= (unsigned char)r;
        bs[(r + 1) % 4] = bs[r % 4];
    }
    char buf[40];
    for (int i = 0; i < 40; i++)
        buf[i] = (char)('a' + i % 26);
    memmove(buf + 3, buf, 20);
    memmove(buf, buf + 5, 30);
    long hs = 0;
    for (int i = 0; i < 8; i++)
        hs = hs * 131 + ps[i].a + ps[i].b + ps[i].c[1];
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 5; k++)
            hs = hs * 131 + bs[i].x[k] + bs[i].tag;
    for (int i = 0; i < 40; i++)
        hs = hs * 131 + (unsigned char)buf[i];
    show("copies", hs);

    /* a heap array of structs, partly initialised: copies of the initialised part */
    struct pair *heap = malloc(16 * sizeof *heap);
    if (!heap)
        return 1;
    heap[0] = ps[0];
    for (int i = 1; i < 8; i++)
        heap[i] = heap[i - 1], heap[i].a += i;
    long hh = 0;
    for (int i = 0; i < 8; i++)
        hh = hh * 131 + heap[i].a + heap[i].c[0];
    free(heap);
    show("heap", hh);
    return 0;
}
