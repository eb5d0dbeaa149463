/* pqueue.c -- a binary min-heap of structs in a realloc-grown array:
 * Dijkstra's shortest paths on a generated grid graph, plus a sorted
 * top-K list kept with memmove.
 * Usage: pqueue [N] -- N runs of Dijkstra from different sources on a
 * 40x40 grid (work ~ N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 18
#define GW 40
#define GH 40
#define TOPK 32

struct item { long dist; int node; int hops; };

struct heap { struct item *a; size_t n, cap; long grows; };

static void push(struct heap *h, struct item it)
{
    if (h->n == h->cap) {
        h->cap = h->cap ? h->cap * 2 : 4;
        h->a = realloc(h->a, h->cap * sizeof *h->a);
        h->grows++;
    }
    size_t i = h->n++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (h->a[p].dist <= it.dist) break;
        h->a[i] = h->a[p];
        i = p;
    }
    h->a[i] = it;
}

static struct item pop(struct heap *h)
{
    struct item top = h->a[0];
    struct item last = h->a[--h->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->n) break;
        if (c + 1 < h->n && h->a[c + 1].dist < h->a[c].dist) c++;
        if (last.dist <= h->a[c].dist) break;
        h->a[i] = h->a[c];
        i = c;
    }
    if (h->n) h->a[i] = last;
    return top;
}

static int weight(int from, int to)
{
    unsigned x = (unsigned)from * 2654435761u ^ (unsigned)to * 40503u;
    x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15;
    return 1 + (int)(x % 97);
}

static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    long runs = size_arg(argc, argv, DEFAULT_SIZE);
    int nn = GW * GH;
    long *dist = malloc(nn * sizeof *dist);
    struct heap h = { 0, 0, 0, 0 };
    static int dx[4] = { -1, 1, 0, 0 }, dy[4] = { 0, 0, -1, 1 };
    long top[TOPK];
    int ntop = 0;
    unsigned long check = 0;
    long pops = 0, heapsum = 0;
    for (long r = 0; r < runs; r++) {
        int src = (int)((r * 7919) % nn);
        for (int i = 0; i < nn; i++) dist[i] = -1;
        h.n = 0;
        struct item s0 = { 0, src, 0 };
        push(&h, s0);
        while (h.n) {
            heapsum += (long)h.n;   /* not a running max: that is llvm.smax, not in lli */
            struct item it = pop(&h);
            pops++;
            if (dist[it.node] >= 0) continue;
            dist[it.node] = it.dist;
            int x = it.node % GW, y = it.node / GW;
            for (int k = 0; k < 4; k++) {
                int nx = x + dx[k], ny = y + dy[k];
                if (nx < 0 || nx >= GW || ny < 0 || ny >= GH) continue;
                int to = ny * GW + nx;
                if (dist[to] >= 0) continue;
                struct item ni = { it.dist + weight(it.node, to), to, it.hops + 1 };
                push(&h, ni);
            }
        }
        for (int i = 0; i < nn; i++) {
            check = check * 31 + (unsigned long)dist[i];
            /* keep the TOPK largest distances, sorted descending */
            long d = dist[i] * 4096 + i;
            int pos = ntop;
            while (pos > 0 && top[pos - 1] < d) pos--;
            if (pos < TOPK) {
                if (ntop < TOPK) {   /* branches, not a min: llvm.smin is not in lli */
                    memmove(&top[pos + 1], &top[pos], (ntop - pos) * sizeof top[0]);
                    ntop++;
                } else {
                    memmove(&top[pos + 1], &top[pos], (TOPK - 1 - pos) * sizeof top[0]);
                }
                top[pos] = d;
            }
        }
        /* shrink the heap back so realloc runs again next time */
        h.cap = 0; free(h.a); h.a = NULL;
    }
    long tsum = 0;
    for (int i = 0; i < ntop; i++) tsum += top[i];
    printf("pqueue runs=%ld pops=%ld heapsum=%ld grows=%ld top0=%ld tsum=%ld check=%lu\n",
           runs, pops, heapsum, h.grows, top[0], tsum, check);
    free(dist);
    return 0;
}
