/* C11 and GNU features compilers lower in interesting ways: _Generic,
 * _Static_assert, _Alignof/_Alignas (keywords, no <stdalign.h>), anonymous structs and unions,
 * compound literals, statement expressions, typeof, __builtin_expect,
 * ternary with omitted middle, case ranges, nested functions avoided. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#define type_name(x) _Generic((x), \
    char: "char", signed char: "signed char", unsigned char: "unsigned char", \
    short: "short", int: "int", unsigned: "unsigned", long: "long", \
    unsigned long: "unsigned long", long long: "long long", float: "float", \
    double: "double", long double: "long double", char *: "char *", \
    const char *: "const char *", default: "other")

#define max(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })

_Static_assert(sizeof(int) == 4, "int is 32 bits");
_Static_assert(_Alignof(double) == 8, "double alignment");

struct vec3 {
    union {
        struct { float x, y, z; };
        float v[3];
    };
    int tag;
};

struct aligned_buf { char c; _Alignas(32) unsigned char data[16]; };

static int classify(int c)
{
    switch (c) {
    case '0' ... '9': return 1;
    case 'a' ... 'z': return 2;
    case 'A' ... 'Z': return 3;
    default: return 0;
    }
}

static int sum_arr(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }

int main(void)
{
    char c = 'a';
    unsigned char uc = 1;
    short sh = 1;
    long l = 1;
    float f = 1;
    long double ld = 1;
    const char *cs = "x";
    printf("%s %s %s %s %s %s %s %s\n", type_name(c), type_name(uc), type_name(sh), type_name(sh + sh),
           type_name(l), type_name(f), type_name(f + 1.0), type_name(ld));
    printf("%s %s %s %s\n", type_name(cs), type_name(1u + 1L), type_name('a'), type_name((void *)0));
    printf("alignof: %zu %zu %zu %zu %zu\n", _Alignof(char), _Alignof(short), _Alignof(long long), _Alignof(long double), _Alignof(struct aligned_buf));
    printf("aligned_buf size %zu data offset %zu\n", sizeof(struct aligned_buf), offsetof(struct aligned_buf, data));
    struct vec3 v = { .x = 1.0f, .y = 2.0f, .z = 3.0f, .tag = 7 };
    v.v[1] *= 10.0f;
    printf("vec3 %g %g %g tag %d\n", v.x, v.y, v.z, v.tag);
    int s = sum_arr((int[]){ 1, 2, 3, 4, 5 }, 5);
    struct vec3 *pv = &(struct vec3){ .v = { 4, 5, 6 } };
    printf("compound sum %d, pv->z %g\n", s, pv->z);
    int i1 = 3, i2 = 9;
    double d1 = 2.5;
    printf("max %d %g\n", max(i1, i2), max(d1, 1.0));
    int side = 0;
    int k = max(side++, -1);
    printf("max evaluates once: k=%d side=%d\n", k, side);
    __typeof__(d1) copy = d1 * 2;
    printf("typeof copy %g\n", copy);
    int x = 0;
    int y = x ?: 42, z = 5 ?: 42;
    printf("elvis %d %d\n", y, z);
    int counts[4] = { 0 };
    for (const char *p = "Hello World 2024!"; *p; p++) counts[classify(*p)]++;
    printf("case ranges: other %d digit %d lower %d upper %d\n", counts[0], counts[1], counts[2], counts[3]);
    long hits = 0;
    for (int i = 0; i < 100; i++) if (__builtin_expect(i % 10 == 0, 0)) hits++;
    printf("expect hits %ld\n", hits);
    printf("constant_p %d\n", __builtin_constant_p(42));
    int arr[] = { 5, 6, 7 };
    printf("types_compatible %d %d\n", __builtin_types_compatible_p(__typeof__(arr), int[3]), __builtin_types_compatible_p(int, long));
    uint32_t bits = 0;
    for (int i = 0; i < 32; i += 3) bits |= UINT32_C(1) << i;
    printf("bits %08x\n", bits);
    return 0;
}
