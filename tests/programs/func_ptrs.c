/* Function pointers: tables, callbacks, functions returning function
 * pointers, function pointers in structs, recursion through pointers. */
#include <stdio.h>

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int dvd(int a, int b) { return b ? a / b : 0; }
static int mx(int a, int b) { return a > b ? a : b; }

static binop table[] = { add, sub, mul, dvd, mx };
static const char *names[] = { "add", "sub", "mul", "div", "max" };

static binop lookup(char c)
{
    switch (c) {
    case '+': return add;
    case '-': return sub;
    case '*': return &mul;
    case '/': return dvd;
    default: return NULL;
    }
}

static int fold(const int *v, int n, int init, binop f)
{
    int acc = init;
    for (int i = 0; i < n; i++) acc = f(acc, v[i]);
    return acc;
}

static void apply_all(int *v, int n, void (*fn)(int *)) { for (int i = 0; i < n; i++) fn(&v[i]); }
static void dbl(int *x) { *x *= 2; }
static void neg(int *x) { *x = -*x; }

struct shape {
    const char *name;
    double (*area)(const struct shape *);
    double w, h;
};
static double rect_area(const struct shape *s) { return s->w * s->h; }
static double tri_area(const struct shape *s) { return s->w * s->h / 2; }

/* returns pointer to function returning int */
static int (*choose(int i))(int, int) { return table[i % 5]; }

static int fact_via(int n, int (*self)(int, void *), void *ctx) { return self(n, ctx); }
static int fact_cb(int n, void *ctx)
{
    int (*f)(int, int (*)(int, void *), void *) = (int (*)(int, int (*)(int, void *), void *))ctx;
    return n <= 1 ? 1 : n * f(n - 1, fact_cb, ctx);
}

static void (*handlers[3])(int *);

int main(void)
{
    for (int i = 0; i < 5; i++) printf("%s(17,5) = %d\n", names[i], table[i](17, 5));
    const char *ops = "+-*/%";
    for (const char *o = ops; *o; o++) {
        binop f = lookup(*o);
        if (f) printf("%c: %d\n", *o, (*f)(100, 7));
        else printf("%c: unsupported\n", *o);
    }
    int v[] = { 3, 1, 4, 1, 5, 9, 2, 6 };
    printf("fold add %d mul %d max %d\n", fold(v, 8, 0, add), fold(v, 8, 1, mul), fold(v, 8, 0, mx));
    handlers[0] = dbl; handlers[1] = neg; handlers[2] = dbl;
    for (int i = 0; i < 3; i++) apply_all(v, 8, handlers[i]);
    for (int i = 0; i < 8; i++) printf("%d ", v[i]);
    printf("\n");
    struct shape shapes[] = { { "rect", rect_area, 3, 4 }, { "tri", tri_area, 3, 4 }, { "sq", rect_area, 2.5, 2.5 } };
    for (int i = 0; i < 3; i++) printf("%s area %g\n", shapes[i].name, shapes[i].area(&shapes[i]));
    printf("choose(7)(6,3) = %d\n", choose(7)(6, 3));
    printf("fact 10 = %d\n", fact_via(10, fact_cb, (void *)fact_via));
    printf("same fn: %d %d\n", table[0] == add, lookup('*') == table[2]);
    return 0;
}
