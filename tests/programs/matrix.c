/* Matrix multiplication (int and double), transposition, determinant by
 * Gaussian elimination, identity checks, and a matrix power. */
#include <stdio.h>
#include <math.h>

#define N 8

static void matmul_i(long a[N][N], long b[N][N], long c[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            long s = 0;
            for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static double det(int n, double m[n][n])
{
    double d = 1.0;
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(m[r][c]) > fabs(m[piv][c])) piv = r;
        if (m[piv][c] == 0.0) return 0.0;
        if (piv != c) {
            for (int k = 0; k < n; k++) { double t = m[c][k]; m[c][k] = m[piv][k]; m[piv][k] = t; }
            d = -d;
        }
        d *= m[c][c];
        for (int r = c + 1; r < n; r++) {
            double f = m[r][c] / m[c][c];
            for (int k = c; k < n; k++) m[r][k] -= f * m[c][k];
        }
    }
    return d;
}

static void fib_matrix(int n, unsigned long long out[2][2])
{
    unsigned long long r[2][2] = { { 1, 0 }, { 0, 1 } }, b[2][2] = { { 1, 1 }, { 1, 0 } };
    while (n > 0) {
        unsigned long long t[2][2];
        if (n & 1) {
            for (int i = 0; i < 2; i++)
                for (int j = 0; j < 2; j++) t[i][j] = r[i][0] * b[0][j] + r[i][1] * b[1][j];
            for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) r[i][j] = t[i][j];
        }
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) t[i][j] = b[i][0] * b[0][j] + b[i][1] * b[1][j];
        for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) b[i][j] = t[i][j];
        n >>= 1;
    }
    for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) out[i][j] = r[i][j];
}

int main(void)
{
    long a[N][N], b[N][N], c[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i * 3 + j * 7) % 11 - 5;
            b[i][j] = (i == j) ? 2 : (i + j) % 3;
        }
    matmul_i(a, b, c);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) printf("%5ld", c[i][j]);
        printf("\n");
    }
    long trace = 0;
    for (int i = 0; i < N; i++) trace += c[i][i];
    printf("trace %ld\n", trace);
    /* associativity check: (a*b)*a == a*(b*a) */
    long ab_a[N][N], b_a[N][N], a_ba[N][N];
    matmul_i(c, a, ab_a);
    matmul_i(b, a, b_a);
    matmul_i(a, b_a, a_ba);
    int same = 1;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) same &= ab_a[i][j] == a_ba[i][j];
    printf("associative %d\n", same);
    /* double matrices */
    double h[5][5];
    for (int i = 0; i < 5; i++) for (int j = 0; j < 5; j++) h[i][j] = 1.0 / (i + j + 1);
    printf("det(hilbert5) = %.6e\n", det(5, h));
    double m3[3][3] = { { 2, -3, 1 }, { 2, 0, -1 }, { 1, 4, 5 } };
    printf("det(m3) = %.10g\n", det(3, m3));
    double sing[3][3] = { { 1, 2, 3 }, { 2, 4, 6 }, { 1, 1, 1 } };
    printf("det(singular) = %g\n", det(3, sing));
    unsigned long long f[2][2];
    fib_matrix(90, f);
    printf("fib(90) via matrix = %llu\n", f[0][1]);
    /* rotation matrices compose */
    double ang = 0.1, rx = 1.0, ry = 0.0;
    double cs = cos(ang), sn = sin(ang);
    for (int i = 0; i < 63; i++) { double nx = cs * rx - sn * ry, ny = sn * rx + cs * ry; rx = nx; ry = ny; }
    printf("rotated: %.6f %.6f norm %.9f\n", rx, ry, sqrt(rx * rx + ry * ry));
    return 0;
}
