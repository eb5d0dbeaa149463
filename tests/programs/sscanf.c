/* sscanf: conversions, widths, scansets, return values, %n. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    int a = 0, b = 0, c = 0;
    char s[32] = "", t[32] = "";
    double d = 0;
    float f = 0;
    int r = sscanf("12 34 hello 5.25", "%d %d %31s %lf", &a, &b, s, &d);
    printf("r=%d a=%d b=%d s=%s d=%g\n", r, a, b, s, d);
    r = sscanf("x=7,y=-8", "x=%d,y=%d", &a, &b);
    printf("r=%d a=%d b=%d\n", r, a, b);
    r = sscanf("0x1f 017 ff", "%i %i %x", &a, &b, &c);
    printf("r=%d a=%d b=%d c=%d\n", r, a, b, c);
    r = sscanf("abc123def", "%[a-z]%d%s", s, &a, t);
    printf("r=%d s=%s a=%d t=%s\n", r, s, a, t);
    r = sscanf("key: some value here\n", "%31[^:]: %31[^\n]", s, t);
    printf("r=%d s=[%s] t=[%s]\n", r, s, t);
    r = sscanf("12345678", "%3d%2d%d", &a, &b, &c);
    printf("r=%d a=%d b=%d c=%d\n", r, a, b, c);
    r = sscanf("   ", "%d", &a);
    printf("empty r=%d (EOF=%d)\n", r, r == EOF);
    r = sscanf("abc", "%d", &a);
    printf("mismatch r=%d\n", r);
    int n1 = 0, n2 = 0;
    r = sscanf("hello world", "%*s%n %s%n", &n1, s, &n2);
    printf("r=%d n1=%d s=%s n2=%d\n", r, n1, s, n2);
    r = sscanf("1.5e2 -0.25", "%f %lf", &f, &d);
    printf("r=%d f=%g d=%g\n", r, f, d);
    long long ll;
    unsigned long ul;
    short sh;
    unsigned char hh;
    r = sscanf("-9000000000 4000000000 -123 250", "%lld %lu %hd %hhu", &ll, &ul, &sh, &hh);
    printf("r=%d ll=%lld ul=%lu sh=%d hh=%u\n", r, ll, ul, sh, hh);
    char ch1, ch2;
    r = sscanf("a b", "%c %c", &ch1, &ch2);
    printf("r=%d chars %c%c\n", r, ch1, ch2);
    r = sscanf("100%", "%d%%", &a);
    printf("r=%d a=%d\n", r, a);
    /* parse a date and a list */
    int y, mo, dd;
    r = sscanf("2024-02-29T12:00", "%4d-%2d-%2d", &y, &mo, &dd);
    printf("date r=%d %04d/%02d/%02d\n", r, y, mo, dd);
    const char *list = "10,20,30,40,x";
    int total = 0, used, v;
    while (sscanf(list, "%d%n", &v, &used) == 1) {
        total += v;
        list += used;
        if (*list != ',') break;
        list++;
    }
    printf("list total %d rest [%s]\n", total, list);
    return 0;
}
