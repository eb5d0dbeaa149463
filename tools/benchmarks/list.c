/* list.c -- malloc/free-heavy singly linked list.
 *
 * Usage: list [R]   -- R rounds; each round mallocs a list of LEN nodes,
 * traverses it, reverses it, traverses again and frees every node
 * (work ~ R * LEN, R * LEN mallocs and frees).
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 185
#define LEN 1000

struct node {
    struct node *next;
    long value;
    int tag;
};

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
    int rounds = size_arg(argc, argv, DEFAULT_SIZE);

    unsigned long check = 0;
    long allocated = 0;
    for (int r = 0; r < rounds; r++) {
        struct node *head = NULL;
        int len = LEN + (r % 17);
        for (int i = 0; i < len; i++) {
            struct node *n = malloc(sizeof *n);
            if (!n)
                return 1;
            n->value = (long)i * 2654435761L % 1000003;
            n->tag = i & 3;
            n->next = head;
            head = n;
            allocated++;
        }

        for (struct node *p = head; p; p = p->next)
            check = check * 31 + (unsigned long)p->value + (unsigned long)p->tag;

        struct node *rev = NULL;
        while (head) {
            struct node *next = head->next;
            head->next = rev;
            rev = head;
            head = next;
        }

        long i = 0;
        for (struct node *p = rev; p; p = p->next, i++)
            if (p->tag == 0)
                check ^= (unsigned long)(p->value + i);

        while (rev) {
            struct node *next = rev->next;
            free(rev);
            rev = next;
        }
    }
    printf("list rounds=%d nodes=%ld checksum=%lu\n", rounds, allocated, check);
    return 0;
}
