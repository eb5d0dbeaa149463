/* Flexible array members in heap objects, resized with realloc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>

struct vec {
    size_t len, cap;
    int data[];
};

struct str {
    unsigned short len;
    char text[];
};

static struct vec *vec_push(struct vec *v, int x)
{
    if (v == NULL) {
        v = malloc(sizeof *v + 4 * sizeof(int));
        if (!v) exit(2);
        v->len = 0;
        v->cap = 4;
    } else if (v->len == v->cap) {
        size_t ncap = v->cap * 2;
        struct vec *nv = realloc(v, sizeof *v + ncap * sizeof(int));
        if (!nv) exit(2);
        v = nv;
        v->cap = ncap;
    }
    v->data[v->len++] = x;
    return v;
}

static struct str *str_new(const char *s)
{
    size_t n = strlen(s);
    struct str *p = malloc(offsetof(struct str, text) + n + 1);
    if (!p) exit(2);
    p->len = (unsigned short)n;
    memcpy(p->text, s, n + 1);
    return p;
}

int main(void)
{
    struct vec *v = NULL;
    for (int i = 0; i < 100; i++) v = vec_push(v, i * i - 50 * i);
    long sum = 0;
    for (size_t i = 0; i < v->len; i++) sum += v->data[i];
    printf("len %zu cap %zu sum %ld last %d\n", v->len, v->cap, sum, v->data[v->len - 1]);
    printf("sizeof(struct vec) = %zu, offsetof data = %zu\n", sizeof(struct vec), offsetof(struct vec, data));
    free(v);

    const char *words[] = { "flexible", "array", "member", "" };
    struct str *strs[4];
    for (int i = 0; i < 4; i++) strs[i] = str_new(words[i]);
    for (int i = 0; i < 4; i++) {
        printf("[%s] len %u\n", strs[i]->text, strs[i]->len);
        free(strs[i]);
    }
    printf("offsetof(struct str, text) = %zu\n", offsetof(struct str, text));
    return 0;
}
