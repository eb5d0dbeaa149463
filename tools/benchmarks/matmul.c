/* matmul.c -- dense double-precision matrix multiplication.
 *
 * Usage: matmul [R]   -- R rounds of C = A * B on DIM x DIM matrices,
 * feeding C back into B after each round (work ~ R * DIM^3).
 * Prints an integer checksum of the final matrix (no %f formatting, so the
 * output does not depend on the C library's float printing).
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_SIZE 11
#define DIM 48

static double *new_matrix(int n)
{
    return malloc(sizeof(double) * n * n);
}

static void multiply(int n, const double *a, const double *b, double *c)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0.0;
            for (int k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
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
    int rounds = size_arg(argc, argv, DEFAULT_SIZE);
    int n = DIM;

    double *a = new_matrix(n), *b = new_matrix(n), *c = new_matrix(n);
    if (!a || !b || !c)
        return 1;

    unsigned seed = 12345;
    for (int i = 0; i < n * n; i++) {
        seed = seed * 1103515245u + 12345u;
        a[i] = (double)((seed >> 16) % 1000) / (500.0 * n);   /* row sums ~ 1 */
        seed = seed * 1103515245u + 12345u;
        b[i] = (double)((seed >> 16) % 1000) / 1000.0 - 0.5;
    }

    for (int r = 0; r < rounds; r++) {
        multiply(n, a, b, c);
        double *t = b; b = c; c = t;
    }

    double trace = 0.0, total = 0.0;
    for (int i = 0; i < n; i++)
        trace += b[i * n + i];
    for (int i = 0; i < n * n; i++)
        total += b[i] * (double)(i % 7 + 1);

    free(a); free(b); free(c);
    printf("matmul dim=%d rounds=%d trace=%lld total=%lld\n", n, rounds,
           (long long)(trace * 1e9), (long long)(total * 1e9));
    return 0;
}
