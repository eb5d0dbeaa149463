/* Bit-fields: packing, unsigned wraparound on store, signed fields,
 * bit-fields spanning bytes, and a register-like union. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

struct flags {
    unsigned a : 1;
    unsigned b : 3;
    unsigned c : 4;
    signed d : 5;
    unsigned e : 19;
};

struct span {
    unsigned char lo : 4;
    unsigned short mid : 10;
    unsigned int hi : 18;
};

struct wide {
    unsigned long long x : 40;
    unsigned long long y : 24;
};

union reg {
    uint32_t raw;
    struct { unsigned en : 1, mode : 3, count : 12, id : 16; } f;
};

struct date { unsigned day : 5, month : 4; int year : 23; };

int main(void)
{
    struct flags f;
    memset(&f, 0, sizeof f);
    f.a = 1; f.b = 5; f.c = 9; f.d = -7; f.e = 300000;
    printf("flags %u %u %u %d %u size %zu\n", f.a, f.b, f.c, f.d, f.e, sizeof f);
    unsigned nine = 9;
    f.b = nine;         /* wraps to 1 */
    f.c = 15; f.c++;    /* wraps to 0 */
    f.d = 15;
    f.e = 524287; f.e += 2;
    printf("after wrap %u %u %d %u\n", f.b, f.c, f.d, f.e);
    f.d = -16;
    printf("d min %d, d as int + 1 = %d\n", f.d, f.d + 1);

    struct span s = { 0, 0, 0 };
    for (int i = 0; i < 20; i++) {
        s.lo += 3;
        s.mid += 100;
        s.hi += 20000;
    }
    printf("span %u %u %u size %zu\n", s.lo, s.mid, s.hi, sizeof s);

    struct wide w = { 0, 0 };
    w.x = 0xffffffffffULL;
    w.x += 5;
    w.y = 0xabcdef;
    printf("wide x=%llx y=%llx size %zu\n", (unsigned long long)w.x, (unsigned long long)w.y, sizeof w);

    union reg r;
    r.raw = 0;
    r.f.en = 1; r.f.mode = 6; r.f.count = 0xabc; r.f.id = 0x1234;
    printf("reg raw=%08x\n", r.raw);
    r.raw = 0xdeadbeef;
    printf("reg fields en=%u mode=%u count=%x id=%x\n", r.f.en, r.f.mode, r.f.count, r.f.id);

    struct date dates[3] = { { 31, 12, 1999 }, { 1, 1, -44 }, { 29, 2, 2024 } };
    for (int i = 0; i < 3; i++)
        printf("date %02u/%02u/%d\n", dates[i].day, dates[i].month, dates[i].year);
    dates[1].year -= 1000;
    printf("year %d\n", dates[1].year);
    /* bit-field in expressions: promotion of unsigned : 3 is int */
    struct flags g = { 0 };
    g.b = 1;
    printf("promotion: %d\n", g.b - 2 < 0);
    return 0;
}
