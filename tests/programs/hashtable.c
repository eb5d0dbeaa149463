/* A chained hash table with string keys: insert, update, lookup, delete,
 * rehash on growth, iteration in bucket order, and freeing everything. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { char *key; int value; struct entry *next; };
struct table { size_t nbuckets, count; struct entry **buckets; };

static unsigned long hash(const char *s)
{
    unsigned long h = 5381;
    for (; *s; s++) h = h * 33 + (unsigned char)*s;
    return h;
}

static struct table *table_new(size_t n)
{
    struct table *t = malloc(sizeof *t);
    if (!t) exit(2);
    t->nbuckets = n;
    t->count = 0;
    t->buckets = calloc(n, sizeof *t->buckets);
    if (!t->buckets) exit(2);
    return t;
}

static void rehash(struct table *t)
{
    size_t nn = t->nbuckets * 2;
    struct entry **nb = calloc(nn, sizeof *nb);
    if (!nb) exit(2);
    for (size_t i = 0; i < t->nbuckets; i++) {
        struct entry *e = t->buckets[i];
        while (e) {
            struct entry *next = e->next;
            size_t h = hash(e->key) % nn;
            e->next = nb[h];
            nb[h] = e;
            e = next;
        }
    }
    free(t->buckets);
    t->buckets = nb;
    t->nbuckets = nn;
}

static void put(struct table *t, const char *key, int value)
{
    size_t h = hash(key) % t->nbuckets;
    for (struct entry *e = t->buckets[h]; e; e = e->next)
        if (strcmp(e->key, key) == 0) { e->value = value; return; }
    struct entry *e = malloc(sizeof *e);
    if (!e) exit(2);
    size_t len = strlen(key) + 1;
    e->key = malloc(len);
    if (!e->key) exit(2);
    memcpy(e->key, key, len);
    e->value = value;
    e->next = t->buckets[h];
    t->buckets[h] = e;
    if (++t->count > t->nbuckets * 2) rehash(t);
}

static int get(const struct table *t, const char *key, int *out)
{
    for (struct entry *e = t->buckets[hash(key) % t->nbuckets]; e; e = e->next)
        if (strcmp(e->key, key) == 0) { *out = e->value; return 1; }
    return 0;
}

static int del(struct table *t, const char *key)
{
    struct entry **pp = &t->buckets[hash(key) % t->nbuckets];
    for (; *pp; pp = &(*pp)->next) {
        if (strcmp((*pp)->key, key) == 0) {
            struct entry *e = *pp;
            *pp = e->next;
            free(e->key);
            free(e);
            t->count--;
            return 1;
        }
    }
    return 0;
}

static void table_free(struct table *t)
{
    for (size_t i = 0; i < t->nbuckets; i++) {
        struct entry *e = t->buckets[i];
        while (e) { struct entry *n = e->next; free(e->key); free(e); e = n; }
    }
    free(t->buckets);
    free(t);
}

int main(void)
{
    struct table *t = table_new(4);
    char key[32];
    for (int i = 0; i < 200; i++) {
        snprintf(key, sizeof key, "key%d", i * 37 % 200);
        put(t, key, i);
    }
    printf("count %zu buckets %zu\n", t->count, t->nbuckets);
    /* word counting */
    const char *text = "the cat and the hat and the bat sat on the mat with a cat";
    char buf[128];
    strcpy(buf, text);
    struct table *wc = table_new(8);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        int v = 0;
        get(wc, w, &v);
        put(wc, w, v + 1);
    }
    const char *probe[] = { "the", "cat", "and", "dog", "mat", "a" };
    for (int i = 0; i < 6; i++) {
        int v;
        if (get(wc, probe[i], &v)) printf("%s: %d\n", probe[i], v);
        else printf("%s: absent\n", probe[i]);
    }
    int v, sum = 0;
    for (int i = 0; i < 200; i += 10) {
        snprintf(key, sizeof key, "key%d", i);
        if (get(t, key, &v)) sum += v;
    }
    printf("sum of probes %d\n", sum);
    int deleted = 0;
    for (int i = 0; i < 200; i += 3) {
        snprintf(key, sizeof key, "key%d", i);
        deleted += del(t, key);
    }
    deleted += del(t, "nonexistent");
    printf("deleted %d, count %zu\n", deleted, t->count);
    size_t longest = 0, empty = 0;
    for (size_t i = 0; i < t->nbuckets; i++) {
        size_t len = 0;
        for (struct entry *e = t->buckets[i]; e; e = e->next) len++;
        if (len > longest) longest = len;
        empty += len == 0;
    }
    printf("longest chain %zu, empty buckets %zu\n", longest, empty);
    table_free(t);
    table_free(wc);
    return 0;
}
