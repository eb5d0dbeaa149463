/* Assorted standard headers: <stdbool.h>, <stddef.h> (offsetof, size_t,
 * ptrdiff_t), <limits.h>, <float.h>, <inttypes.h> (PRI macros, imaxdiv,
 * strtoimax), <assert.h> with true assertions, <errno.h>. */
#include <stdio.h>
#include <stdbool.h>
#include <stddef.h>
#include <limits.h>
#include <float.h>
#include <stdint.h>
#include <inttypes.h>
#include <assert.h>
#include <errno.h>
#include <stdlib.h>

struct rec { char c; double d; short s; int i; char tail[3]; };

static bool is_prime(unsigned n)
{
    if (n < 2) return false;
    for (unsigned d = 2; d * d <= n; d++) if (n % d == 0) return false;
    return true;
}

int main(void)
{
    bool b = 5;           /* converts to 1 */
    bool nb = !b;
    printf("bool %d %d sizeof %zu true+true=%d\n", b, nb, sizeof(bool), true + true);
    int primes = 0;
    for (unsigned n = 0; n < 100; n++) primes += is_prime(n);
    printf("primes below 100: %d\n", primes);
    printf("offsetof c=%zu d=%zu s=%zu i=%zu tail=%zu sizeof=%zu\n", offsetof(struct rec, c), offsetof(struct rec, d),
           offsetof(struct rec, s), offsetof(struct rec, i), offsetof(struct rec, tail), sizeof(struct rec));
    printf("INT_MAX=%d INT_MIN=%d UINT_MAX=%u LONG_MAX=%ld LLONG_MIN=%lld ULLONG_MAX=%llu\n",
           INT_MAX, INT_MIN, UINT_MAX, LONG_MAX, LLONG_MIN, ULLONG_MAX);
    printf("SHRT_MIN=%d SHRT_MAX=%d USHRT_MAX=%d CHAR_MIN=%d CHAR_MAX=%d MB_LEN_MAX>=1 %d\n",
           SHRT_MIN, SHRT_MAX, USHRT_MAX, CHAR_MIN, CHAR_MAX, MB_LEN_MAX >= 1);
    printf("FLT_MAX=%g FLT_MIN=%g FLT_DIG=%d DBL_DIG=%d DBL_MANT_DIG=%d DBL_MAX_EXP=%d DBL_MIN_EXP=%d FLT_RADIX=%d\n",
           FLT_MAX, FLT_MIN, FLT_DIG, DBL_DIG, DBL_MANT_DIG, DBL_MAX_EXP, DBL_MIN_EXP, FLT_RADIX);
    printf("DBL_MAX=%.17g DBL_MIN=%.17g DBL_EPSILON=%.17g\n", DBL_MAX, DBL_MIN, DBL_EPSILON);
    printf("INT8_MIN=%" PRId8 " INT16_MAX=%" PRId16 " UINT32_MAX=%" PRIu32 " INT64_MIN=%" PRId64 " UINT64_MAX=%" PRIu64 "\n",
           INT8_MIN, INT16_MAX, UINT32_MAX, INT64_MIN, UINT64_MAX);
    printf("hex %" PRIx32 " %" PRIX64 " oct %" PRIo16 "\n", (uint32_t)0xdeadbeef, (uint64_t)0xabcdef0123ULL, (uint16_t)0777);
    printf("SIZE_MAX=%zu PTRDIFF_MAX=%td INTPTR_MAX==INT64_MAX %d INTMAX_MAX=%jd UINTMAX_MAX=%ju\n",
           SIZE_MAX, PTRDIFF_MAX, INTPTR_MAX == INT64_MAX, INTMAX_MAX, UINTMAX_MAX);
    printf("least/fast: %zu %zu %zu %zu\n", sizeof(int_least8_t), sizeof(uint_least16_t), sizeof(int_fast8_t), sizeof(int_least64_t));
    imaxdiv_t q = imaxdiv(-100, 7);
    printf("imaxdiv %jd %jd imaxabs %jd\n", q.quot, q.rem, imaxabs(INTMAX_MIN + 1));
    char *end;
    intmax_t im = strtoimax("  -123456789012345xyz", &end, 10);
    uintmax_t um = strtoumax("0xFFFFFFFFFFFFFFFF", &end, 16);
    printf("strtoimax %jd strtoumax %ju rest [%s]\n", im, um, end);
    printf("INT64_C %" PRId64 " UINT64_C %" PRIu64 "\n", INT64_C(-9000000000000000000), UINT64_C(18000000000000000000));
    assert(primes == 25);
    assert(sizeof(int32_t) == 4 && "int32_t is 4 bytes");
    errno = 0;
    printf("errno initially %d\n", errno);
    errno = ERANGE;
    printf("errno set: %d, EDOM != ERANGE %d, EINVAL nonzero %d\n", errno == ERANGE, EDOM != ERANGE, EINVAL != 0);
    long v = strtol("99999999999999999999", NULL, 10);
    printf("strtol overflow sets ERANGE: %d, v==LONG_MAX %d\n", errno == ERANGE, v == LONG_MAX);
    size_t sz = (size_t)-1;
    ptrdiff_t pd = -5;
    printf("size_t wrap %zu ptrdiff %td\n", sz, pd);
    printf("EXIT_SUCCESS %d EXIT_FAILURE %d\n", EXIT_SUCCESS, EXIT_FAILURE);
    return EXIT_SUCCESS;
}
