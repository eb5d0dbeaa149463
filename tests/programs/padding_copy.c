/* Copying objects that contain uninitialised bytes (struct padding,
 * unused array tails, uninitialised struct members) is not an error as
 * long as the undefined bytes never decide a branch, an address or an
 * output. Only initialised members are printed. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

struct padded { char c; /* 7 bytes of padding */ double d; short s; /* 6 bytes */ };
struct partial { int set; int unset; };

static struct padded make(char c, double d, short s)
{
    struct padded p;          /* padding bytes stay uninitialised */
    p.c = c; p.d = d; p.s = s;
    return p;
}

int main(void)
{
    struct padded a = make('x', 2.5, 7);
    struct padded b = a;                      /* struct copy includes padding */
    struct padded c;
    memcpy(&c, &b, sizeof c);                 /* byte copy includes padding */
    printf("%c %g %d\n", c.c, c.d, c.s);
    struct padded arr[4];
    for (int i = 0; i < 4; i++) arr[i] = make((char)('a' + i), i * 0.5, (short)(i * 100));
    struct padded *heap = malloc(sizeof arr);
    if (!heap) return 2;
    memcpy(heap, arr, sizeof arr);
    memmove(heap + 1, heap, 2 * sizeof *heap);
    for (int i = 0; i < 4; i++) printf("%c %g %d\n", heap[i].c, heap[i].d, heap[i].s);
    free(heap);

    char buf[32];                             /* only the first 6 bytes are set */
    strcpy(buf, "hello");
    char copy[32];
    memcpy(copy, buf, sizeof copy);
    printf("%s %zu\n", copy, strlen(copy));

    struct partial p;
    p.set = 5;
    struct partial q = p;                     /* copies the uninitialised member */
    q.unset = 9;                              /* then overwrites it */
    printf("%d %d\n", q.set, q.unset);
    /* an uninitialised value masked to a constant is defined */
    int junk[2];
    junk[0] = 1;
    int *heapint = malloc(sizeof(int));
    if (!heapint) return 2;
    unsigned defined_zero = (unsigned)heapint[0] & 0u;
    free(heapint);
    printf("masked %u %d\n", defined_zero, junk[0]);
    return 0;
}
