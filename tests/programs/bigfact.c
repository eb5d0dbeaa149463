/* Big-number arithmetic with arrays of base-10000 limbs: factorials,
 * powers of two, Fibonacci numbers and digit sums. */
#include <stdio.h>
#include <string.h>

#define LIMBS 200
#define BASE 10000

struct big { int n; unsigned v[LIMBS]; };

static void big_set(struct big *b, unsigned x)
{
    b->n = 0;
    memset(b->v, 0, sizeof b->v);
    do { b->v[b->n++] = x % BASE; x /= BASE; } while (x);
}

static void big_mul_small(struct big *b, unsigned m)
{
    unsigned long carry = 0;
    for (int i = 0; i < b->n; i++) {
        unsigned long t = (unsigned long)b->v[i] * m + carry;
        b->v[i] = (unsigned)(t % BASE);
        carry = t / BASE;
    }
    while (carry) { b->v[b->n++] = (unsigned)(carry % BASE); carry /= BASE; }
}

static void big_add(struct big *r, const struct big *a, const struct big *b)
{
    int n = a->n > b->n ? a->n : b->n;
    unsigned carry = 0;
    struct big t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < n; i++) {
        unsigned s = (i < a->n ? a->v[i] : 0) + (i < b->n ? b->v[i] : 0) + carry;
        t.v[i] = s % BASE;
        carry = s / BASE;
    }
    t.n = n;
    if (carry) t.v[t.n++] = carry;
    *r = t;
}

static void big_print(const char *label, const struct big *b)
{
    printf("%s", label);
    printf("%u", b->v[b->n - 1]);
    for (int i = b->n - 2; i >= 0; i--) printf("%04u", b->v[i]);
    printf("\n");
}

static int big_digits(const struct big *b, int *sum)
{
    char buf[LIMBS * 4 + 1];
    int len = sprintf(buf, "%u", b->v[b->n - 1]);
    for (int i = b->n - 2; i >= 0; i--) len += sprintf(buf + len, "%04u", b->v[i]);
    *sum = 0;
    for (int i = 0; i < len; i++) *sum += buf[i] - '0';
    return len;
}

int main(void)
{
    struct big f;
    big_set(&f, 1);
    for (unsigned i = 2; i <= 100; i++) {
        big_mul_small(&f, i);
        if (i == 20 || i == 25 || i == 50) {
            char label[16];
            sprintf(label, "%u! = ", i);
            big_print(label, &f);
        }
    }
    big_print("100! = ", &f);
    int s, d = big_digits(&f, &s);
    printf("100! has %d digits, digit sum %d\n", d, s);
    struct big p;
    big_set(&p, 1);
    for (int i = 0; i < 200; i++) big_mul_small(&p, 2);
    big_print("2^200 = ", &p);
    struct big a, b, c;
    big_set(&a, 0);
    big_set(&b, 1);
    for (int i = 0; i < 300; i++) { big_add(&c, &a, &b); a = b; b = c; }
    big_print("fib(300) = ", &a);
    d = big_digits(&a, &s);
    printf("fib(300) has %d digits, digit sum %d\n", d, s);
    return 0;
}
