/* Structs (small, large, with doubles) passed through varargs, and
 * passed by value to ordinary functions after many register arguments. */
#include <stdio.h>
#include <stdarg.h>

struct small { int a, b; };
struct pair { double x, y; };
struct mixed { long l; double d; };
struct large { int v[6]; const char *name; };

static void take(const char *kinds, ...)
{
    va_list ap;
    va_start(ap, kinds);
    for (const char *k = kinds; *k; k++) {
        if (*k == 's') { struct small s = va_arg(ap, struct small); printf("small(%d,%d) ", s.a, s.b); }
        else if (*k == 'p') { struct pair p = va_arg(ap, struct pair); printf("pair(%g,%g) ", p.x, p.y); }
        else if (*k == 'm') { struct mixed m = va_arg(ap, struct mixed); printf("mixed(%ld,%g) ", m.l, m.d); }
        else if (*k == 'L') {
            struct large l = va_arg(ap, struct large);
            int t = 0;
            for (int i = 0; i < 6; i++) t += l.v[i];
            printf("large(%s,%d) ", l.name, t);
        }
        else if (*k == 'i') printf("int(%d) ", va_arg(ap, int));
        else if (*k == 'd') printf("dbl(%g) ", va_arg(ap, double));
    }
    va_end(ap);
    printf("\n");
}

static double after_regs(int a, int b, int c, int d, int e, int f, struct pair p, struct small s, struct large l)
{
    return a + b + c + d + e + f + p.x * p.y + s.a * s.b + l.v[5];
}

int main(void)
{
    struct small s = { 3, 4 };
    struct pair p = { 1.5, -2.0 };
    struct mixed m = { -77, 0.125 };
    struct large l = { { 1, 2, 3, 4, 5, 6 }, "big" };
    take("spmL", s, p, m, l);
    take("isdpiLm", 1, s, 2.5, p, 3, l, m);
    /* exhaust registers first, then structs go on the stack */
    take("iiiiiidddddddddsp", 1, 2, 3, 4, 5, 6, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, s, p);
    printf("after_regs = %g\n", after_regs(1, 2, 3, 4, 5, 6, p, s, l));
    return 0;
}
