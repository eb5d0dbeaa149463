/* structs.c -- struct-heavy code: small structs passed and returned by
 * value, arrays of structs, struct assignment (memcpy), memset of structs.
 *
 * Usage: structs [N]   -- N steps; each step updates an array of particle
 * records with vector arithmetic on structs passed by value, and every
 * 16 steps sorts a copy of the records by a key with struct swaps
 * (work ~ N).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 2650
#define COUNT 64

struct vec { long x, y, z; };          /* 24 bytes: passed in memory */
struct pair { int a, b; };             /* 8 bytes: passed in a register */

struct particle {
    struct vec pos, vel;
    struct pair tag;
    char name[12];
    unsigned flags;
};

static struct vec vadd(struct vec a, struct vec b)
{
    struct vec r = { a.x + b.x, a.y + b.y, a.z + b.z };
    return r;
}

static struct vec vscale(struct vec a, long k)
{
    struct vec r = { a.x * k / 16, a.y * k / 16, a.z * k / 16 };
    return r;
}

static long vdot(struct vec a, struct vec b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static struct pair pswap(struct pair p)
{
    struct pair r = { p.b, p.a + 1 };
    return r;
}

static void init(struct particle *p, int i)
{
    memset(p, 0, sizeof *p);
    p->pos.x = i * 7 % 101 - 50;
    p->pos.y = i * 13 % 97 - 48;
    p->pos.z = i * 29 % 89 - 44;
    p->vel.x = i % 5 - 2;
    p->vel.y = i % 7 - 3;
    p->vel.z = i % 3 - 1;
    p->tag.a = i;
    p->tag.b = COUNT - i;
    for (int k = 0; k < 11; k++)
        p->name[k] = (char)('a' + (i + k) % 26);
    p->flags = (unsigned)i * 2654435761u;
}

static void step(struct particle *ps, int n)
{
    for (int i = 0; i < n; i++) {
        struct particle p = ps[i];           /* a struct copy */
        struct vec pull = vscale(p.pos, -1);
        p.vel = vadd(p.vel, vscale(pull, 1));
        p.pos = vadd(p.pos, p.vel);
        if (vdot(p.pos, p.pos) > 40000) {
            p.pos = vscale(p.pos, 8);
            p.tag = pswap(p.tag);
        }
        p.flags ^= (unsigned)p.pos.x;
        ps[i] = p;
    }
}

static long key(const struct particle *p)
{
    return vdot(p->pos, p->vel) * 64 + p->tag.a;
}

static void sort(struct particle *a, int n)
{
    for (int i = 1; i < n; i++) {
        struct particle v = a[i];
        long kv = key(&v);
        int j = i - 1;
        while (j >= 0 && key(&a[j]) > kv) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
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
    long steps = size_arg(argc, argv, DEFAULT_SIZE);

    struct particle *ps = malloc(sizeof(struct particle) * COUNT);
    struct particle *copy = malloc(sizeof(struct particle) * COUNT);
    if (!ps || !copy)
        return 1;
    for (int i = 0; i < COUNT; i++)
        init(&ps[i], i);

    unsigned long check = 0;
    for (long s = 0; s < steps; s++) {
        step(ps, COUNT);
        if (s % 16 == 0) {
            memcpy(copy, ps, sizeof(struct particle) * COUNT);
            sort(copy, COUNT);
            for (int i = 0; i < COUNT; i++)
                check = check * 31 + (unsigned long)key(&copy[i]) + (unsigned char)copy[i].name[i % 11];
        }
    }
    struct vec total = { 0, 0, 0 };
    unsigned flags = 0;
    for (int i = 0; i < COUNT; i++) {
        total = vadd(total, ps[i].pos);
        flags ^= ps[i].flags + (unsigned)ps[i].tag.a * 3u + (unsigned)ps[i].tag.b;
    }
    free(ps);
    free(copy);
    printf("structs steps=%ld total=%ld,%ld,%ld flags=%u checksum=%lu\n",
           steps, total.x, total.y, total.z, flags, check);
    return 0;
}
