/* Heap patterns: singly and doubly linked lists, a dynamic array grown
 * with realloc, calloc zeroing, realloc shrinking and moving, strdup-like
 * copies. Every allocation is freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { int v; struct node *next; };
struct dnode { char *name; struct dnode *prev, *next; };

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (!p) { fprintf(stderr, "out of memory\n"); exit(2); }
    return p;
}

static struct node *push(struct node *head, int v)
{
    struct node *n = xmalloc(sizeof *n);
    n->v = v;
    n->next = head;
    return n;
}

static struct node *reverse(struct node *h)
{
    struct node *prev = NULL;
    while (h) { struct node *nx = h->next; h->next = prev; prev = h; h = nx; }
    return prev;
}

static struct node *remove_if_even(struct node *h)
{
    struct node **pp = &h;
    while (*pp) {
        if ((*pp)->v % 2 == 0) { struct node *dead = *pp; *pp = dead->next; free(dead); }
        else pp = &(*pp)->next;
    }
    return h;
}

static void print_list(const char *tag, const struct node *h)
{
    printf("%s:", tag);
    for (; h; h = h->next) printf(" %d", h->v);
    printf("\n");
}

static void free_list(struct node *h) { while (h) { struct node *n = h->next; free(h); h = n; } }

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = xmalloc(n);
    memcpy(p, s, n);
    return p;
}

int main(void)
{
    struct node *h = NULL;
    for (int i = 1; i <= 12; i++) h = push(h, i * 3);
    print_list("pushed", h);
    h = reverse(h);
    print_list("reversed", h);
    h = remove_if_even(h);
    print_list("odd only", h);
    free_list(h);

    /* doubly linked list with owned strings, insertion in sorted order */
    const char *names[] = { "mango", "kiwi", "apple", "zucchini", "banana", "lime" };
    struct dnode *head = NULL, *tail = NULL;
    for (int i = 0; i < 6; i++) {
        struct dnode *n = xmalloc(sizeof *n);
        n->name = dupstr(names[i]);
        struct dnode *at = head;
        while (at && strcmp(at->name, n->name) < 0) at = at->next;
        n->next = at;
        n->prev = at ? at->prev : tail;
        if (n->prev) n->prev->next = n; else head = n;
        if (at) at->prev = n; else tail = n;
    }
    printf("forward:");
    for (struct dnode *n = head; n; n = n->next) printf(" %s", n->name);
    printf("\nbackward:");
    for (struct dnode *n = tail; n; n = n->prev) printf(" %s", n->name);
    printf("\n");
    while (head) {
        struct dnode *n = head->next;
        free(head->name);
        free(head);
        head = n;
    }

    /* dynamic array */
    size_t len = 0, cap = 1;
    long *arr = xmalloc(cap * sizeof *arr);
    for (long i = 0; i < 1000; i++) {
        if (len == cap) {
            cap *= 2;
            long *na = realloc(arr, cap * sizeof *arr);
            if (!na) { free(arr); return 2; }
            arr = na;
        }
        arr[len++] = i * i % 1009;
    }
    long sum = 0;
    for (size_t i = 0; i < len; i++) sum += arr[i];
    printf("dynarray len %zu cap %zu sum %ld\n", len, cap, sum);
    long *shrunk = realloc(arr, 10 * sizeof *arr);
    if (!shrunk) { free(arr); return 2; }
    arr = shrunk;
    printf("after shrink: %ld %ld %ld\n", arr[0], arr[5], arr[9]);
    free(arr);

    /* calloc zeroes, realloc keeps contents */
    int *z = calloc(50, sizeof *z);
    if (!z) return 2;
    int nz = 0;
    for (int i = 0; i < 50; i++) nz += z[i] != 0;
    for (int i = 0; i < 50; i++) z[i] = i + 1;
    int *z2 = realloc(z, 200 * sizeof *z);
    if (!z2) { free(z); return 2; }
    long zs = 0;
    for (int i = 0; i < 50; i++) zs += z2[i];
    printf("calloc nonzero %d, kept sum %ld\n", nz, zs);
    free(z2);
    /* realloc(NULL, n) is malloc, free(NULL) is a no-op */
    char *s = realloc(NULL, 8);
    if (!s) return 2;
    strcpy(s, "realloc");
    printf("%s\n", s);
    free(s);
    free(NULL);
    /* many small blocks of varying size */
    char *blocks[64];
    for (int i = 0; i < 64; i++) {
        blocks[i] = xmalloc((size_t)(i * 7 % 33 + 1));
        memset(blocks[i], 'a' + i % 26, (size_t)(i * 7 % 33 + 1));
    }
    int check = 0;
    for (int i = 63; i >= 0; i -= 2) { check += blocks[i][0]; free(blocks[i]); }
    for (int i = 0; i < 64; i += 2) { check += blocks[i][i * 7 % 33]; free(blocks[i]); }
    printf("blocks check %d\n", check);
    return 0;
}
