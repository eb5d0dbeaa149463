/* Structs: nested, passed and returned by value (small ones in registers,
 * large ones in memory, mixed int/float members), arrays of structs,
 * struct assignment and comparison by members. */
#include <stdio.h>
#include <string.h>

struct pt { int x, y; };                        /* 8 bytes: one register */
struct rect { struct pt lo, hi; };              /* 16 bytes: two registers */
struct dpt { double x, y; };                    /* two SSE registers */
struct mix { float f; int i; double d; };       /* SSE + INTEGER */
struct big { int a[10]; char name[12]; long long tag; };   /* memory */
struct tiny { char c; };
struct odd { char c[3]; };                      /* 3 bytes */
struct node { int v; struct pt p; struct { short s; unsigned char b; } inner; };

static struct pt pt_add(struct pt a, struct pt b) { struct pt r = { a.x + b.x, a.y + b.y }; return r; }
static struct rect rect_grow(struct rect r, int d)
{
    r.lo.x -= d; r.lo.y -= d; r.hi.x += d; r.hi.y += d;
    return r;
}
static int rect_area(const struct rect *r) { return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y); }
static struct dpt dpt_scale(struct dpt p, double k) { p.x *= k; p.y *= k; return p; }
static struct mix mix_make(float f, int i, double d) { struct mix m; m.f = f; m.i = i; m.d = d; return m; }
static double mix_sum(struct mix m) { return m.f + m.i + m.d; }
static struct big big_make(int seed)
{
    struct big b;
    memset(&b, 0, sizeof b);
    for (int i = 0; i < 10; i++) b.a[i] = seed * i;
    snprintf(b.name, sizeof b.name, "big%d", seed);
    b.tag = (long long)seed << 40;
    return b;
}
static long long big_sum(struct big b)
{
    long long s = b.tag;
    for (int i = 0; i < 10; i++) s += b.a[i];
    b.a[0] = 999;   /* modifies the callee's copy only */
    return s;
}
static struct tiny tiny_next(struct tiny t) { t.c++; return t; }
static struct odd odd_rev(struct odd o) { struct odd r = { { o.c[2], o.c[1], o.c[0] } }; return r; }
static struct node node_make(int v)
{
    struct node n = { v, { v * 2, v * 3 }, { (short)-v, (unsigned char)(v + 1) } };
    return n;
}
/* many struct args: some in registers, the rest on the stack */
static int many(struct pt a, struct pt b, struct pt c, struct pt d, struct pt e,
                struct pt f, struct pt g, struct pt h, struct rect r)
{
    return a.x + b.y + c.x + d.y + e.x + f.y + g.x + h.y + rect_area(&r);
}

int main(void)
{
    struct pt a = { 1, 2 }, b = { 10, 20 };
    struct pt c = pt_add(a, b);
    printf("pt_add = (%d,%d)\n", c.x, c.y);
    struct rect r = { { 0, 0 }, { 3, 4 } };
    struct rect g = rect_grow(r, 2);
    printf("rect %d,%d-%d,%d area %d, orig area %d\n", g.lo.x, g.lo.y, g.hi.x, g.hi.y, rect_area(&g), rect_area(&r));
    struct dpt d = dpt_scale((struct dpt){ 1.5, -2.25 }, 4.0);
    printf("dpt = (%g,%g)\n", d.x, d.y);
    struct mix m = mix_make(0.5f, 7, 0.25);
    printf("mix = %g %d %g sum=%g\n", m.f, m.i, m.d, mix_sum(m));
    struct big bg = big_make(3);
    printf("big %s sum=%lld a0=%d\n", bg.name, big_sum(bg), bg.a[0]);
    struct big copy = bg;
    copy.a[5] = -1;
    printf("copy a5=%d orig a5=%d\n", copy.a[5], bg.a[5]);
    struct tiny t = { 'a' };
    for (int i = 0; i < 3; i++) t = tiny_next(t);
    printf("tiny %c\n", t.c);
    struct odd o = { { 'x', 'y', 'z' } };
    struct odd orv = odd_rev(o);
    printf("odd %c%c%c\n", orv.c[0], orv.c[1], orv.c[2]);
    struct node n = node_make(5);
    printf("node %d (%d,%d) %d %u\n", n.v, n.p.x, n.p.y, n.inner.s, n.inner.b);
    struct pt ps[8];
    for (int i = 0; i < 8; i++) { ps[i].x = i; ps[i].y = i * i; }
    printf("many = %d\n", many(ps[0], ps[1], ps[2], ps[3], ps[4], ps[5], ps[6], ps[7], r));
    /* array of structs with designated initialisers, sorted by hand */
    struct node arr[4] = { [2] = { .v = 7 }, [0] = { .v = 3, .p = { 1, 1 } }, [3].inner.s = 9 };
    for (int i = 0; i < 4; i++)
        printf("arr[%d] = %d (%d,%d) %d %u\n", i, arr[i].v, arr[i].p.x, arr[i].p.y, arr[i].inner.s, arr[i].inner.b);
    /* struct containing array assignment */
    struct { int v[3]; } s1 = { { 1, 2, 3 } }, s2;
    s2 = s1;
    s1.v[1] = 20;
    printf("s2 = %d %d %d, s1 = %d %d %d\n", s2.v[0], s2.v[1], s2.v[2], s1.v[0], s1.v[1], s1.v[2]);
    printf("sizes: %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct pt), sizeof(struct rect), sizeof(struct mix),
           sizeof(struct big), sizeof(struct tiny), sizeof(struct odd), sizeof(struct node));
    return 0;
}
