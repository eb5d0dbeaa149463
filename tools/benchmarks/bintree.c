/* bintree.c -- binary trees (after the benchmarks game): allocate
 * complete trees recursively, walk them, free them recursively.
 *
 * Usage: bintree [N]   -- N trees of depth DEPTH (2^(DEPTH+1) - 1 nodes
 * each), plus one long-lived tree of the same depth that is walked after
 * every 8 trees (work ~ N).
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 90
#define DEPTH 10

struct node {
    struct node *left, *right;
    int item;
};

static struct node *make(int item, int depth)
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        exit(1);
    n->item = item;
    if (depth > 0) {
        n->left = make(2 * item - 1, depth - 1);
        n->right = make(2 * item, depth - 1);
    } else {
        n->left = n->right = NULL;
    }
    return n;
}

static long check(const struct node *n)
{
    if (!n->left)
        return n->item;
    return n->item + check(n->left) - check(n->right);
}

static int count(const struct node *n)
{
    return n ? 1 + count(n->left) + count(n->right) : 0;
}

static void release(struct node *n)
{
    if (n->left) {
        release(n->left);
        release(n->right);
    }
    free(n);
}

/* argv[1] if it is a positive number, else the default.  Kept out of
 * line: when clang -O1 can see the value's range it rewrites the loops
 * with llvm.smax, which lli's interpreter cannot run. */
static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    long trees = size_arg(argc, argv, DEFAULT_SIZE);

    struct node *keep = make(0, DEPTH);
    long sum = 0, nodes = 0, keep_sum = 0;
    for (long i = 0; i < trees; i++) {
        struct node *t = make((int)(i % 1000), DEPTH);
        sum += check(t);
        nodes += count(t);
        release(t);
        if (i % 8 == 7)
            keep_sum += check(keep) + i;
    }
    long kept = count(keep);
    release(keep);
    printf("bintree trees=%ld nodes=%ld kept=%ld sum=%ld keep=%ld\n",
           trees, nodes, kept, sum, keep_sum);
    return 0;
}
