/* Global initialisers: pointers to globals and into arrays, function
 * pointer tables, designated initialisers, string tables, nested
 * aggregates, compound literals, self-referential structures. */
#include <stdio.h>
#include <string.h>
#include <stddef.h>

static int garr[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
static int *gp = &garr[3];
static int *gp_end = garr + 10;
static int gx = 42;
static int *const gpx = &gx;
static int **gpp = (int **)&gp;
static char gbuf[16] = "init";
static char *gbp = gbuf + 2;
static const char *greeting = "hello, globals";
static const char *const table[] = { "zero", "one", "two", "three", NULL };
static const char msgs[][8] = { "ok", "warn", "error" };
static unsigned long long big_init = 0xfedcba9876543210ULL;
static double dinit[] = { 1.5, -0.25, 1e100 };
static float finit = 3.25f;
static long double ldinit = 0.1L;
static int zeroed[100];
static struct { int a; char b; double c; } anon = { .c = 2.5, .a = -1 };

static int f_add(int a, int b) { return a + b; }
static int f_sub(int a, int b) { return a - b; }
static int f_mul(int a, int b) { return a * b; }
struct op { const char *name; int (*fn)(int, int); char sym; };
static const struct op ops[] = {
    [2] = { .name = "mul", .fn = f_mul, .sym = '*' },
    [0] = { "add", f_add, '+' },
    [1] = { .sym = '-', .fn = f_sub, .name = "sub" },
};
static int (*const fnptr)(int, int) = f_sub;

struct node { int v; struct node *next; };
static struct node n3 = { 3, NULL };
static struct node n2 = { 2, &n3 };
static struct node n1 = { 1, &n2 };
static struct node ring = { 99, &ring };

struct inner { short s[3]; char tag; };
struct outer { int id; struct inner in[2]; const char *name; int *ptr; };
static struct outer nested = { 7, { { { 1, 2, 3 }, 'x' }, { { 4 }, 'y' } }, "nested", &garr[9] };
static struct outer nested_arr[] = { [1] = { .id = 11, .in[1].s[2] = 5, .name = "second" }, { .id = 12 } };

static int *compound = (int[]){ 10, 20, 30 };
static char *member_ptr = &anon.b;
static ptrdiff_t diff_const = &garr[7] - &garr[2];

union u { int i; float f; unsigned char b[4]; };
static union u u1 = { 0x01020304 };
static union u u2 = { .f = 1.0f };

enum color { RED, GREEN = 5, BLUE };
static const enum color colors[] = { BLUE, RED, GREEN };
static const char *color_names[] = { [RED] = "red", [GREEN] = "green", [BLUE] = "blue" };

int main(void)
{
    printf("*gp=%d gp_end-gp=%td *gpx=%d **gpp=%d\n", *gp, gp_end - gp, *gpx, **gpp);
    *gp = 40;
    printf("garr[3]=%d gbuf=%s gbp=%s greeting=%s\n", garr[3], gbuf, gbp, greeting);
    for (int i = 0; table[i]; i++) printf("%s%c", table[i], table[i + 1] ? ',' : '\n');
    for (int i = 0; i < 3; i++) printf("%s(%zu) ", msgs[i], strlen(msgs[i]));
    printf("\n");
    printf("big=%llx d=%g,%g,%g f=%g ld=%.20Lg\n", big_init, dinit[0], dinit[1], dinit[2], finit, ldinit);
    int z = 0;
    for (int i = 0; i < 100; i++) z |= zeroed[i];
    printf("zeroed %d, anon %d %d %g\n", z, anon.a, anon.b, anon.c);
    for (int i = 0; i < 3; i++) printf("%s %c %d\n", ops[i].name, ops[i].sym, ops[i].fn(12, 4));
    printf("fnptr %d\n", fnptr(1, 2));
    for (struct node *n = &n1; n; n = n->next) printf("node %d\n", n->v);
    printf("ring self %d %d\n", ring.next == &ring, ring.next->next->v);
    printf("nested %d %d%d%d%c %d%d%d%c %s %d\n", nested.id, nested.in[0].s[0], nested.in[0].s[1], nested.in[0].s[2],
           nested.in[0].tag, nested.in[1].s[0], nested.in[1].s[1], nested.in[1].s[2], nested.in[1].tag, nested.name, *nested.ptr);
    printf("nested_arr n=%zu: %d %s | %d %d %s | %d\n", sizeof nested_arr / sizeof nested_arr[0],
           nested_arr[0].id, nested_arr[0].name ? nested_arr[0].name : "(null)",
           nested_arr[1].id, nested_arr[1].in[1].s[2], nested_arr[1].name, nested_arr[2].id);
    printf("compound %d %d %d\n", compound[0], compound[1], compound[2]);
    *member_ptr = 'm';
    printf("member_ptr %c diff %td\n", anon.b, diff_const);
    printf("u1 bytes %d %d %d %d u2 %08x\n", u1.b[0], u1.b[1], u1.b[2], u1.b[3], (unsigned)u2.i);
    for (int i = 0; i < 3; i++) printf("%s=%d ", color_names[colors[i]], (int)colors[i]);
    printf("\n");
    gbp[0] = 'I';
    printf("gbuf now %s\n", gbuf);
    return 0;
}
