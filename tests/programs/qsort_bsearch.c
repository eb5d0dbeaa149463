/* qsort and bsearch on ints, strings and structs. Comparators are total
 * orders (ties broken by a unique key), so the result does not depend on
 * the sorting algorithm of the C library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmp_int_desc(const void *a, const void *b) { return cmp_int(b, a); }
static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

struct rec { char tag[13]; };
static int cmp_rec(const void *a, const void *b)
{
    return strcmp(((const struct rec *)a)->tag, ((const struct rec *)b)->tag);
}

struct person { char name[12]; int age; double score; int id; };

static int by_age_then_name(const void *a, const void *b)
{
    const struct person *p = a, *q = b;
    if (p->age != q->age) return p->age < q->age ? -1 : 1;
    int c = strcmp(p->name, q->name);
    if (c) return c;
    return (p->id > q->id) - (p->id < q->id);
}
static int by_score_desc(const void *a, const void *b)
{
    const struct person *p = a, *q = b;
    if (p->score != q->score) return p->score > q->score ? -1 : 1;
    return (p->id > q->id) - (p->id < q->id);
}

int main(void)
{
    int v[50];
    unsigned s = 12345;
    for (int i = 0; i < 50; i++) { s = s * 1103515245u + 12345u; v[i] = (int)((s >> 16) % 1000) - 500; }
    qsort(v, 50, sizeof v[0], cmp_int);
    for (int i = 0; i < 50; i++) printf("%d%c", v[i], i % 10 == 9 ? '\n' : ' ');
    int keys[] = { v[0], v[17], v[49], 1000, -501, v[25] + 0 };
    for (int i = 0; i < 6; i++) {
        int *f = bsearch(&keys[i], v, 50, sizeof v[0], cmp_int);
        if (f) printf("key %d found, value %d\n", keys[i], *f);
        else printf("key %d not found\n", keys[i]);
    }
    qsort(v, 50, sizeof v[0], cmp_int_desc);
    printf("desc first %d last %d\n", v[0], v[49]);
    qsort(v, 1, sizeof v[0], cmp_int);   /* trivial sizes */
    qsort(v, 0, sizeof v[0], cmp_int);

    const char *words[] = { "pear", "apple", "fig", "banana", "cherry", "date", "elderberry", "grape", "apple2", "Apple" };
    qsort(words, 10, sizeof words[0], cmp_str);
    for (int i = 0; i < 10; i++) printf("%s ", words[i]);
    printf("\n");
    const char *key = "fig";
    const char **w = bsearch(&key, words, 10, sizeof words[0], cmp_str);
    printf("fig at %td\n", w ? w - words : -1);

    struct person ps[] = {
        { "dave", 30, 88.5, 1 }, { "alice", 25, 92.0, 2 }, { "carol", 30, 75.25, 3 },
        { "bob", 25, 92.0, 4 }, { "eve", 22, 60.0, 5 }, { "alice", 30, 88.5, 6 }, { "alice", 25, 50.0, 7 },
    };
    size_t n = sizeof ps / sizeof ps[0];
    qsort(ps, n, sizeof ps[0], by_age_then_name);
    for (size_t i = 0; i < n; i++) printf("%d %s %d %.2f\n", ps[i].age, ps[i].name, ps[i].id, ps[i].score);
    qsort(ps, n, sizeof ps[0], by_score_desc);
    for (size_t i = 0; i < n; i++) printf("%.2f:%d ", ps[i].score, ps[i].id);
    printf("\n");
    /* sort a large-element array (element size not a multiple of 8) */
    struct rec recs[6] = { { "zulu" }, { "alpha" }, { "mike" }, { "echo" }, { "kilo" }, { "bravo" } };
    qsort(recs, 6, sizeof recs[0], cmp_rec);
    for (int i = 0; i < 6; i++) printf("%s ", recs[i].tag);
    printf("\n");
    return 0;
}
