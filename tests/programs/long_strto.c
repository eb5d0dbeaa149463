/* strtol, strtoul, atol (and the ll forms) and sscanf's %ld/%lu/%lld of
 * values beyond a 32-bit long: the result, errno (ERANGE) and where parsing
 * stopped.  A 64-bit long and a 32-bit one give different results; each
 * build prints its own. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const in[] = {
    "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
    "-4294967295", "-4294967296", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
    "18446744073709551616", "0x7fffffff", "0xffffffff", "0x100000000", "-0x80000000",
    "0xffffffffffffffff", "077777777777", "  +3000000000xyz", "-1", "99999999999999999999999",
};
#define N (int)(sizeof in / sizeof in[0])

int main(void)
{
    for (int i = 0; i < N; i++) {
        char *end;
        errno = 0;
        long l = strtol(in[i], &end, 0);
        int el = errno, pl = (int)(end - in[i]);
        errno = 0;
        unsigned long ul = strtoul(in[i], &end, 0);
        int eul = errno, pul = (int)(end - in[i]);
        errno = 0;
        long long ll = strtoll(in[i], &end, 0);
        int ell = errno;
        errno = 0;
        unsigned long long ull = strtoull(in[i], &end, 0);
        int eull = errno;
        printf("%-24s l %ld%s@%d ul %lu%s@%d ll %lld%s ull %llu%s\n", in[i], l,
               el == ERANGE ? "(ERANGE)" : "", pl, ul, eul == ERANGE ? "(ERANGE)" : "", pul, ll,
               ell == ERANGE ? "(ERANGE)" : "", ull, eull == ERANGE ? "(ERANGE)" : "");
    }

    /* atol is strtol in base 10 (glibc: it saturates too) */
    printf("atol %ld %ld %ld atoll %lld\n", atol("3000000000"), atol("-3000000000"), atol("12345"),
           atoll("-9000000000"));
    errno = 0;
    long r = strtol("123456789012", 0, 10);
    printf("strtol 123456789012 = %ld errno %s\n", r, errno == ERANGE ? "ERANGE" : "0");
    errno = 0;
    r = strtol("-77", 0, 10);
    printf("strtol -77 = %ld errno %d\n", r, errno);
    printf("strtoul base 36 %lu base 2 %lu\n", strtoul("zzzzzz", 0, 36),
           strtoul("11111111111111111111111111111111", 0, 2));

    /* sscanf: %ld takes strtol's range, %lld strtoll's; %d is strtol's cut to an int */
    long a = 0, b = 0;
    unsigned long c = 0;
    long long dd = 0;
    unsigned long long e = 0;
    int f = 0;
    int n = sscanf("3000000000 -3000000000 5000000000 -9223372036854775807 18446744073709551615 "
                   "99999999999",
                   "%ld %ld %lu %lld %llu %d", &a, &b, &c, &dd, &e, &f);
    printf("sscanf %d: %ld %ld %lu %lld %llu %d\n", n, a, b, c, dd, e, f);
    long h = 0;
    long long hl = 0;
    int pos = 0;
    n = sscanf("ffffffff 0x1234567890abc tail", "%lx %lli %n", &h, &hl, &pos);
    printf("sscanf hex %d: %lx %llx rest \"%s\"\n", n, h, hl, "ffffffff 0x1234567890abc tail" + pos);
    long ln = 0;
    long long lln = 0;
    sscanf("abcdef", "abc%lndef%lln", &ln, &lln);
    printf("sscanf n %ld %lld\n", ln, lln);
    return 0;
}
