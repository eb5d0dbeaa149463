/* hashtab.c -- a chained hash table with string keys.
 *
 * Usage: hashtab [N]   -- inserts N generated keys (some repeated), looks
 * up N keys (about half present), deletes every third key, then frees the
 * table (work ~ N).  Keys and entries are malloc'd; keys are hashed with
 * FNV-1a and compared with strcmp.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 26000
#define NBUCKETS 1024

struct entry {
    struct entry *next;
    char *key;
    unsigned hash;
    long value;
};

static struct entry *buckets[NBUCKETS];
static long live;

static unsigned hash_str(const char *s)
{
    unsigned h = 2166136261u;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

/* "k" followed by the base-26 digits of a scrambled i, then a suffix:
 * built by hand so the keys do not depend on the C library */
static void make_key(char *buf, long i)
{
    unsigned long x = (unsigned long)i * 2654435761u % 1000003u;
    char *p = buf;
    *p++ = 'k';
    do {
        *p++ = (char)('a' + x % 26);
        x /= 26;
    } while (x);
    *p++ = '-';
    *p++ = (char)('0' + i % 10);
    *p = '\0';
}

static struct entry *find(const char *key, unsigned h)
{
    for (struct entry *e = buckets[h % NBUCKETS]; e; e = e->next)
        if (e->hash == h && strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

static void insert(const char *key, long value)
{
    unsigned h = hash_str(key);
    struct entry *e = find(key, h);
    if (e) {
        e->value += value;
        return;
    }
    e = malloc(sizeof *e);
    size_t n = strlen(key);
    e->key = malloc(n + 1);
    memcpy(e->key, key, n + 1);
    e->hash = h;
    e->value = value;
    e->next = buckets[h % NBUCKETS];
    buckets[h % NBUCKETS] = e;
    live++;
}

static int delete(const char *key)
{
    unsigned h = hash_str(key);
    struct entry **pp = &buckets[h % NBUCKETS];
    for (struct entry *e = *pp; e; pp = &e->next, e = e->next) {
        if (e->hash == h && strcmp(e->key, key) == 0) {
            *pp = e->next;
            free(e->key);
            free(e);
            live--;
            return 1;
        }
    }
    return 0;
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
    long n = size_arg(argc, argv, DEFAULT_SIZE);
    char key[32];

    for (long i = 0; i < n; i++) {
        make_key(key, i % (n / 2 + 1));   /* every key about twice */
        insert(key, i);
    }
    long after_insert = live;

    unsigned long check = 0;
    long found = 0;
    for (long i = 0; i < n; i++) {
        make_key(key, i);
        struct entry *e = find(key, hash_str(key));
        if (e) {
            found++;
            check = check * 31 + (unsigned long)e->value + strlen(e->key);
        }
    }

    long deleted = 0;
    for (long i = 0; i < n; i += 3) {
        make_key(key, i);
        deleted += delete(key);
    }

    unsigned long squares = 0;   /* sum of squared chain lengths (no max: see below) */
    for (int b = 0; b < NBUCKETS; b++) {
        unsigned long len = 0;
        struct entry *e = buckets[b];
        while (e) {
            struct entry *next = e->next;
            check ^= hash_str(e->key) + (unsigned long)e->value;
            free(e->key);
            free(e);
            e = next;
            len++;
        }
        /* not a running maximum: clang -O1 makes that llvm.umax, which
         * lli's interpreter cannot run */
        squares += len * len;
        buckets[b] = NULL;
    }
    printf("hashtab n=%ld keys=%ld found=%ld deleted=%ld squares=%lu checksum=%lu\n",
           n, after_insert, found, deleted, squares, check);
    return 0;
}
