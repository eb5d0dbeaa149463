/* Pointer arithmetic, comparison of pointers into the same array,
 * pointer differences, pointers to pointers, const and void pointers,
 * pointers stored in memory and reloaded. */
#include <stdio.h>
#include <stddef.h>
#include <string.h>
#include <stdint.h>

static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }

static void reverse(int *lo, int *hi)
{
    while (lo < hi) swap(lo++, --hi);
}

static int *find(int *begin, int *end, int v)
{
    for (int *p = begin; p != end; p++)
        if (*p == v) return p;
    return end;
}

static void set_via_pp(int **pp, int *target) { *pp = target; }

struct link { int v; struct link *next; };

int main(void)
{
    int a[10];
    for (int i = 0; i < 10; i++) a[i] = i * i;
    int *p = a, *q = a + 10;
    printf("q - p = %td, sizeof a = %zu\n", q - p, sizeof a);
    printf("p[3] = %d, *(p + 4) = %d, 5[p] = %d\n", p[3], *(p + 4), 5[p]);
    int *mid = p + 5;
    printf("mid > p: %d, mid < q: %d, mid == &a[5]: %d, p <= mid: %d\n", mid > p, mid < q, mid == &a[5], p <= mid);
    reverse(a, a + 10);
    for (int *r = a; r < a + 10; r++) printf("%d ", *r);
    printf("\n");
    int *f = find(a, a + 10, 49);
    printf("found 49 at index %td; 50 found: %d\n", f - a, find(a, a + 10, 50) != a + 10);
    /* walking backwards with a one-past-the-end pointer */
    int s = 0;
    for (int *r = a + 10; r != a;) s = s * 3 + *--r;
    printf("backwards hash %d\n", s);
    /* pointer to pointer */
    int x = 1, y = 2;
    int *px = &x;
    int **ppx = &px;
    **ppx = 10;
    set_via_pp(ppx, &y);
    *px += 5;
    printf("x=%d y=%d\n", x, y);
    /* char pointers over an int: byte view */
    uint32_t word = 0x11223344u;
    unsigned char *bp = (unsigned char *)&word;
    printf("bytes %02x %02x %02x %02x\n", bp[0], bp[1], bp[2], bp[3]);
    bp[1] = 0xaa;
    printf("word %08x\n", word);
    /* void pointers and memcpy through them */
    double d = 2.5;
    void *vp = &d;
    double e;
    memcpy(&e, vp, sizeof e);
    printf("e = %g\n", e);
    /* const pointer and pointer to const */
    const int ci = 42;
    const int *pci = &ci;
    int *const cpi = &x;
    *cpi = *pci;
    printf("x = %d\n", x);
    /* linked structure built in an array, traversed via pointers */
    struct link nodes[5];
    for (int i = 0; i < 5; i++) { nodes[i].v = i * 11; nodes[i].next = i < 4 ? &nodes[i + 1] : NULL; }
    nodes[2].next = &nodes[4];
    for (struct link *l = &nodes[0]; l; l = l->next) printf("%d -> ", l->v);
    printf("NULL\n");
    /* pointer arithmetic on struct members */
    struct { int a; char b; double c; } st;
    char *base = (char *)&st;
    printf("offsets %td %td %td\n", (char *)&st.a - base, &st.b - base, (char *)&st.c - base);
    /* array of pointers to strings, and pointer to the char in them */
    const char *words[] = { "alpha", "beta", "gamma" };
    const char **wp = words;
    printf("%s %c %s\n", *(wp + 1), *(*(wp + 2) + 1), wp[0] + 2);
    /* intptr round-trip keeps the pointer usable */
    intptr_t ip = (intptr_t)&a[3];
    int *back = (int *)ip;
    printf("round trip %d\n", *back);
    uintptr_t up = (uintptr_t)&a[0] + 2 * sizeof(int);
    printf("uintptr arith %d\n", *(int *)up);
    /* NULL comparisons */
    int *np = NULL;
    printf("null: %d %d\n", np == NULL, !np);
    /* ptrdiff across a char buffer */
    char buf[64];
    strcpy(buf, "find the needle here");
    char *n = strstr(buf, "needle");
    printf("needle at %td, rest '%s'\n", n - buf, n);
    return 0;
}
