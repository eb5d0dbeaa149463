/* Static local variables: counters, memoisation tables, static pointers,
 * static locals in recursive functions, shared by several calls. */
#include <stdio.h>
#include <string.h>

static int counter(void)
{
    static int n;
    return ++n;
}

static const char *next_name(void)
{
    static const char *names[] = { "a", "b", "c" };
    static int i = 0;
    const char *r = names[i];
    i = (i + 1) % 3;
    return r;
}

static long long memo_fib(int n)
{
    static long long memo[91];
    static int calls;
    calls++;
    if (n < 2) return n;
    if (memo[n]) return memo[n];
    memo[n] = memo_fib(n - 1) + memo_fib(n - 2);
    if (n == 90) printf("memo_fib calls so far %d\n", calls);
    return memo[n];
}

static char *buffer_append(const char *s)
{
    static char buf[64];
    static char *end = buf;
    size_t n = strlen(s);
    if ((size_t)(end - buf) + n < sizeof buf) {
        memcpy(end, s, n + 1);
        end += n;
    }
    return buf;
}

static int depth_tracker(int n)
{
    static int max_depth = 0, cur = 0;
    cur++;
    if (cur > max_depth) max_depth = cur;
    if (n > 0) depth_tracker(n - 1);
    cur--;
    return max_depth;
}

static double running_mean(double x)
{
    static double sum = 0.0;
    static unsigned count = 0;
    sum += x;
    return sum / ++count;
}

int main(void)
{
    for (int i = 0; i < 5; i++) printf("%d ", counter());
    printf("\n");
    for (int i = 0; i < 7; i++) printf("%s", next_name());
    printf("\n");
    printf("fib(90) = %lld\n", memo_fib(90));
    printf("fib(50) = %lld\n", memo_fib(50));
    buffer_append("static ");
    buffer_append("buffers ");
    printf("[%s]\n", buffer_append("persist"));
    int d1 = depth_tracker(10);
    int d2 = depth_tracker(3);
    printf("max depth %d, again %d\n", d1, d2);
    double m = 0;
    for (int i = 1; i <= 10; i++) m = running_mean(i * 1.5);
    printf("running mean %g\n", m);
    /* block-scope static initialised from a constant expression */
    for (int i = 0; i < 3; i++) {
        static int seen = 100;
        seen += i;
        printf("seen %d\n", seen);
    }
    return 0;
}
