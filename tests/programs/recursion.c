/* Recursion: Ackermann, Fibonacci, mutual recursion, deep linear
 * recursion, recursion with arrays (permutations, subsets, Hanoi). */
#include <stdio.h>

static int ack(int m, int n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static long depth_sum(int n) { return n == 0 ? 0 : n + depth_sum(n - 1); }

static int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }

static int moves;
static void hanoi(int n, char from, char to, char via)
{
    if (n == 0) return;
    hanoi(n - 1, from, via, to);
    moves++;
    if (n >= 4) printf("move disk %d %c->%c\n", n, from, to);
    hanoi(n - 1, via, to, from);
}

static int perm_count;
static void permute(char *s, int k, int n)
{
    if (k == n) {
        if (perm_count < 8 || perm_count == 23) printf("%s ", s);
        perm_count++;
        return;
    }
    for (int i = k; i < n; i++) {
        char t = s[k]; s[k] = s[i]; s[i] = t;
        permute(s, k + 1, n);
        t = s[k]; s[k] = s[i]; s[i] = t;
    }
}

static int subset_sums(const int *v, int n, int target)
{
    if (target == 0) return 1;
    if (n == 0 || target < 0) return 0;
    return subset_sums(v + 1, n - 1, target - v[0]) + subset_sums(v + 1, n - 1, target);
}

/* recursion with a large local array in each frame */
static int frames(int n)
{
    int local[32];
    for (int i = 0; i < 32; i++) local[i] = n * i;
    if (n == 0) return local[31];
    return local[n % 32] + frames(n - 1);
}

static double power(double x, int n)
{
    if (n == 0) return 1.0;
    if (n < 0) return 1.0 / power(x, -n);
    double h = power(x, n / 2);
    return n % 2 ? h * h * x : h * h;
}

int main(void)
{
    for (int m = 0; m <= 2; m++)
        for (int n = 0; n <= 3; n++) printf("ack(%d,%d)=%d ", m, n, ack(m, n));
    printf("\nack(3,3)=%d\n", ack(3, 3));
    for (int i = 0; i <= 15; i += 5) printf("fib(%d)=%ld ", i, fib(i));
    printf("fib(18)=%ld\n", fib(18));
    printf("even(101)=%d odd(101)=%d even(1000)=%d\n", is_even(101), is_odd(101), is_even(1000));
    printf("depth_sum(2000)=%ld\n", depth_sum(2000));
    printf("gcd %d %d %d\n", gcd(1071, 462), gcd(17, 5), gcd(1 << 20, 6 << 10));
    hanoi(6, 'A', 'C', 'B');
    printf("hanoi moves %d\n", moves);
    char s[] = "abcd";
    permute(s, 0, 4);
    printf("\nperms %d, s back to %s\n", perm_count, s);
    int set[] = { 3, 34, 4, 12, 5, 2, 7, 8 };
    printf("subsets summing to 15: %d, to 9: %d\n", subset_sums(set, 8, 15), subset_sums(set, 8, 9));
    printf("frames(100)=%d\n", frames(100));
    printf("power %g %g %g\n", power(2.0, 30), power(1.5, 7), power(2.0, -3));
    return 0;
}
