/* strtol family, strtod, atoi/atol/atof: bases, signs, end pointers,
 * overflow with ERANGE, hexadecimal and special floating values. */
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <limits.h>
#include <math.h>

static void tl(const char *s, int base)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, base);
    printf("strtol(\"%s\", %d) = %ld, consumed %td, erange %d\n", s, base, v, end - s, errno == ERANGE);
}
static void tul(const char *s, int base)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, base);
    printf("strtoul(\"%s\", %d) = %lu, consumed %td, erange %d\n", s, base, v, end - s, errno == ERANGE);
}
static void td2(const char *s, int show_errno)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    int e = errno == ERANGE;
    printf("strtod(\"%s\") = %.17g, consumed %td", s, v, end - s);
    if (show_errno) printf(", erange %d", e);
    printf("\n");
}
static void td(const char *s) { td2(s, 1); }
/* Whether an underflowing (zero or subnormal) result sets ERANGE is
 * implementation-defined, so errno is not shown for those. */
static void td_underflow(const char *s) { td2(s, 0); }

int main(void)
{
    tl("123", 10); tl("  -123abc", 10); tl("+42", 10); tl("0x1F", 16); tl("0x1F", 0); tl("1F", 16);
    tl("077", 0); tl("077", 10); tl("101", 2); tl("zz", 36); tl("Zz", 36);
    tl("0x", 16); tl("0x", 0); tl("", 10); tl("   ", 10); tl("-", 10); tl("abc", 10);
    tl("9223372036854775807", 10); tl("9223372036854775808", 10); tl("-9223372036854775808", 10);
    tl("-9223372036854775809", 10); tl("99999999999999999999999", 10);
    tul("18446744073709551615", 10); tul("18446744073709551616", 10); tul("-1", 10); tul("0xffffffff", 0);
    char *end;
    errno = 0;
    long long ll = strtoll("-0777", &end, 0);
    printf("strtoll = %lld\n", ll);
    unsigned long long ull = strtoull("0XABCDEF0123456789", &end, 16);
    printf("strtoull = %llx\n", ull);
    printf("atoi: %d %d %d %d\n", atoi("  42z"), atoi("-17"), atoi("x5"), atoi("+0"));
    printf("atol: %ld atoll: %lld\n", atol("-1234567890123"), atoll("9000000000000000000"));

    td("3.14159"); td("  -2.5e3xyz"); td("1e-5"); td(".5"); td("5."); td("-.5e-1");
    td("0x1.8p1"); td("0x10"); td("0X.8p0"); td("1e400"); td("-1e400"); td_underflow("1e-400");
    td("inf"); td("-Infinity"); td("infinit"); td("e5"); td("1e"); td("1e+"); td("  +0.0");
    td("0.1"); td("123456789012345678901234567890"); td_underflow("2.2250738585072011e-308");
    td_underflow("4.9406564584124654e-324"); td("1.7976931348623157e308"); td("1.7976931348623159e308");
    td("0.30000000000000004"); td("9007199254740993");
    errno = 0;
    const char *nan_str = "nan";
    double nv = strtod(nan_str, &end);
    printf("strtod nan: isnan %d consumed %td\n", isnan(nv) != 0, end - nan_str);
    nv = strtod("-NAN(123)", &end);
    printf("strtod -nan(..): isnan %d, rest [%s]\n", isnan(nv) != 0, end);
    float f = strtof("0.1", &end);
    printf("strtof 0.1 = %.9g\n", f);
    f = strtof("1e39", &end);
    printf("strtof 1e39 = %g\n", f);
    printf("atof: %g %g\n", atof("  6.02e23 mol"), atof("junk"));
    return 0;
}
