/* End-to-end check of libc-shim inside the VM: run_vm_smoke.sh runs this
 * natively (glibc) and with `divm run`, and compares stdout, stderr and
 * the exit status.  Deterministic; no addresses in the output. */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

struct rec { int key; char name[8]; };
static int cmp_rec(const void *a, const void *b)
{
    return ((const struct rec *)a)->key - ((const struct rec *)b)->key;
}

static void bye1(void) { puts("atexit 1"); }
static void bye2(void) { puts("atexit 2"); }
static volatile sig_atomic_t got;
static void on_sig(int s) { got = s; }

static int vsum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}

int main(int argc, char **argv)
{
    setlocale(LC_ALL, "");
    /* options */
    int c, verbose = 0;
    const char *name = "none";
    static const struct option lo[] = { { "verbose", no_argument, 0, 'v' }, { "name", required_argument, 0, 'n' }, { 0, 0, 0, 0 } };
    while ((c = getopt_long(argc, argv, "vn:", lo, 0)) != -1) {
        if (c == 'v') verbose++;
        else if (c == 'n') name = optarg;
    }
    printf("verbose=%d name=%s rest=%d", verbose, name, argc - optind);
    for (int i = optind; i < argc; i++) printf(" [%s]", argv[i]);
    putchar('\n');

    /* printf */
    printf("%d %i %u %x %X %o %#x %#o %+d % d %05d %-5d| %.3d %hhd %hd %ld %lld %zu %jd\n", -42, 42, 3000000000u,
           255, 255, 8, 255, 8, 5, 5, 42, 42, 7, 300, 70000, -1L, LLONG_MIN, (size_t)123, (intmax_t)-9);
    printf("%f %e %g %a %.0f %.2f %.10g %G %E\n", 3.14159, 12345.678, 0.0001234, 1.0, 2.5, -2.675, M_PI, 1e-10, 1e300);
    printf("%s|%10s|%-10s|%.2s|%c|%5c|%%|%p\n", "abc", "right", "left", "trunc", 'x', 'y', (void *)0);
    printf("%" PRId64 " %" PRIu64 " %" PRIx32 "\n", (int64_t)-1, UINT64_MAX, (uint32_t)0xdeadbeef);
    printf("%Lf %.20Lg\n", 1.5L, 1.0L / 3);
    printf("%5.1f|%-8.3e|%+.0e|%#.0f|%g|%g|%g\n", 9.96, 0.000123456, 5e5, 3.0, 100000.0, 1e6, 1e-5);
    printf("inf=%f nan=%f -inf=%F\n", INFINITY, NAN, -INFINITY);
    char buf[256];
    int n = snprintf(buf, 8, "%s", "truncated output");
    printf("snprintf %d [%s]\n", n, buf);
    sprintf(buf, "%08.3f|%x", -3.14159, 48879);
    puts(buf);
    char *as;
    if (asprintf(&as, "%s-%d", "asprintf", 99) >= 0) { puts(as); free(as); }
    printf("vsum %d\n", vsum(4, 1, 2, 3, 4));
    int pos;
    printf("abc%n\n", &pos);
    printf("pos %d\n", pos);
    fprintf(stderr, "to stderr %d\n", 1);

    /* stdin: a count, numbers, then lines */
    int cnt;
    if (scanf("%d", &cnt) == 1) {
        double sum = 0, x;
        for (int i = 0; i < cnt && scanf("%lf", &x) == 1; i++) sum += x;
        printf("read %d numbers, sum %.6f\n", cnt, sum);
    }
    char word[32];
    int hexv;
    if (scanf("%31s %x", word, &hexv) == 2) printf("word %s hex %d\n", word, hexv);
    int ch = getchar();
    printf("after scanf: %d\n", ch);
    ungetc('Z', stdin);
    printf("ungetc then getchar: %c\n", getchar());
    char *line = 0;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) > 0) {
        line[strcspn(line, "\n")] = 0;
        printf("line(%zd): %s\n", len, line);
        if (!strcmp(line, "stop")) break;
    }
    if (fgets(buf, sizeof buf, stdin)) printf("fgets: %s", buf);
    int e0 = feof(stdin), g = getchar(), e1 = feof(stdin);
    printf("eof=%d getchar=%d eof=%d\n", e0, g, e1);
    free(line);

    /* strings */
    char s1[64] = "Hello, World";
    strcat(s1, "!!");
    printf("%zu %s %s %d %d\n", strlen(s1), strchr(s1, 'W'), strrchr(s1, 'o'), strcmp("a", "b") < 0, strncmp(s1, "Help", 3));
    char tok[] = "a,b;;c d";
    for (char *t = strtok(tok, ",; "); t; t = strtok(NULL, ",; ")) printf("<%s>", t);
    putchar('\n');
    char *dup = strdup("duplicate");
    printf("%s %s %zu %zu\n", dup, strstr(dup, "lic"), strspn(dup, "dup"), strcspn(dup, "c"));
    free(dup);
    memset(s1, 'x', 3);
    memmove(s1 + 1, s1, 5);
    printf("%.10s %d\n", s1, memcmp("abc", "abd", 3) < 0);
    for (int i = 0; i < 128; i += 17) printf("%d%d%d%d ", isalpha(i) != 0, isdigit(i) != 0, isspace(i) != 0, toupper(i));
    putchar('\n');
    printf("strerror: %s | %s\n", strerror(ENOENT), strerror(12345));
    errno = ERANGE;
    perror("perror");

    /* conversions */
    char *end;
    printf("%ld %lu %lld %ld\n", strtol("  -0x1fZ", &end, 0), strtoul("777", 0, 8), strtoll("9223372036854775808", 0, 10), (long)(end - (char *)0 > 0));
    errno = 0;
    double d = strtod("1e400", &end);
    printf("%g %d %.17g %.9g %La\n", d, errno == ERANGE, strtod("0.1", 0), strtof("3.4028235e38", 0), strtold("0x1.8p1", 0));
    printf("%d %ld %lld %.3f\n", atoi("123abc"), atol("-77"), atoll("1234567890123"), atof("2.5e-1"));

    /* memory */
    int *arr = malloc(10 * sizeof *arr);
    for (int i = 0; i < 10; i++) arr[i] = (i * 7919) % 31;
    arr = realloc(arr, 20 * sizeof *arr);
    for (int i = 10; i < 20; i++) arr[i] = (i * 104729) % 37;
    qsort(arr, 20, sizeof *arr, cmp_int);
    for (int i = 0; i < 20; i++) printf("%d ", arr[i]);
    int key = 17;
    int *found = bsearch(&key, arr, 20, sizeof *arr, cmp_int);
    printf("| 17 %s\n", found ? "found" : "missing");
    free(arr);
    struct rec recs[6] = { { 3, "c" }, { 1, "a1" }, { 2, "b" }, { 1, "a2" }, { 3, "c2" }, { 0, "z" } };
    qsort(recs, 6, sizeof *recs, cmp_rec);
    for (int i = 0; i < 6; i++) printf("%d%s ", recs[i].key, recs[i].name);
    putchar('\n');
    int *z = calloc(5, sizeof *z);
    printf("calloc %d %d\n", z[0], z[4]);
    free(z);

    /* rand */
    srand(42);
    for (int i = 0; i < 5; i++) printf("%d ", rand());
    srand(1);
    printf("%d ", rand() % 1000);
    unsigned seed = 7;
    printf("%d\n", rand_r(&seed));

    /* time */
    time_t t = 1700000000;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %b %j %U %Z", &tm);
    printf("%s | %s", buf, asctime(&tm));
    tm.tm_mday += 40;
    long tg = (long)timegm(&tm);
    printf("mktime %ld %d/%d\n", tg, tm.tm_mon + 1, tm.tm_mday);

    /* misc */
    wchar_t w[] = L"wide";
    printf("wcslen %zu %d\n", wcslen(w), wcscmp(w, L"widf") < 0);
    div_t dv = div(-7, 2);
    printf("div %d %d abs %d labs %ld\n", dv.quot, dv.rem, abs(-5), labs(-6L));
    printf("getenv HOME? %s\n", getenv("DIVM_SMOKE_UNSET") ? "set" : "unset");
    setenv("DIVM_SMOKE", "value", 1);
    printf("setenv %s\n", getenv("DIVM_SMOKE"));
    signal(SIGUSR1, on_sig);
    raise(SIGUSR1);
    printf("signal %d\n", got);
    printf("math %.6f %.6f %.6f %d %d\n", sqrt(2.0), floor(-2.5), fmod(7.5, 2.0), isnan(NAN) != 0, isinf(-INFINITY) != 0);
    assert(1 + 1 == 2);
    atexit(bye1);
    atexit(bye2);
    fflush(stdout);
    return 3;
}
