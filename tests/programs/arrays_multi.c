/* Multi-dimensional arrays, arrays passed as pointers to rows, VLAs,
 * and __builtin_alloca. */
#include <stdio.h>
#include <string.h>

static int grid[5][7];
static const char names[4][6] = { "zero", "one", "two", "three" };

static int trace3(int m[3][3]) { return m[0][0] + m[1][1] + m[2][2]; }
static long sum_rows(int rows, int (*a)[7])
{
    long s = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < 7; j++) s += a[i][j] * (j + 1);
    return s;
}
static double vla_avg(int n, int m, double a[n][m])
{
    double s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) s += a[i][j];
    return s / (n * m);
}
static int use_alloca(int n)
{
    int *p = __builtin_alloca(n * sizeof(int));
    for (int i = 0; i < n; i++) p[i] = i * 3;
    int s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    return s;
}

int main(void)
{
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 7; j++) grid[i][j] = i * 10 + j;
    printf("sum_rows = %ld, grid[4][6] = %d, &grid[1][0]-&grid[0][0] = %td\n", sum_rows(5, grid), grid[4][6], &grid[1][0] - &grid[0][0]);
    int m[3][3] = { { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 } };
    printf("trace = %d\n", trace3(m));
    /* transpose in place */
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) { int t = m[i][j]; m[i][j] = m[j][i]; m[j][i] = t; }
    for (int i = 0; i < 3; i++) printf("%d %d %d\n", m[i][0], m[i][1], m[i][2]);
    for (int i = 0; i < 4; i++) printf("%s(%zu) ", names[i], strlen(names[i]));
    printf("\n");
    /* 3-D array */
    int cube[3][4][5];
    int k = 0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 5; c++) cube[a][b][c] = k++;
    printf("cube[2][3][4]=%d cube[1][2][3]=%d sizeof=%zu sizeof[0]=%zu\n", cube[2][3][4], cube[1][2][3], sizeof cube, sizeof cube[0]);
    int *flat = (int *)cube;
    printf("flat[59]=%d\n", flat[59]);
    /* VLAs of varying sizes */
    for (int n = 1; n <= 4; n++) {
        int mm = n + 2;
        double vla[n][mm];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < mm; j++) vla[i][j] = i * 0.5 + j;
        printf("vla %dx%d sizeof %zu avg %g\n", n, mm, sizeof vla, vla_avg(n, mm, vla));
    }
    int len = 10;
    char vs[len + 1];
    for (int i = 0; i < len; i++) vs[i] = (char)('a' + i);
    vs[len] = '\0';
    printf("vla string %s\n", vs);
    printf("alloca sums: %d %d %d\n", use_alloca(1), use_alloca(10), use_alloca(100));
    /* array of pointers to rows */
    int r0[] = { 1, 2 }, r1[] = { 3, 4, 5 }, r2[] = { 6 };
    int *rows[] = { r0, r1, r2 };
    int lens[] = { 2, 3, 1 };
    int tot = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < lens[i]; j++) tot += rows[i][j] * (i + 1);
    printf("jagged total %d\n", tot);
    /* partially initialised arrays are zero-filled */
    int part[10] = { 1, 2, [7] = 7 };
    for (int i = 0; i < 10; i++) printf("%d", part[i]);
    printf("\n");
    char str[8] = "ab";
    printf("str bytes: %d %d %d %d\n", str[0], str[2], str[5], str[7]);
    return 0;
}
