// expect: valid
// glibc 2.38's headers, under C23 or _GNU_SOURCE, rename the strtol and
// scanf families to __isoc23_*, whose integers may also be written in
// binary (0b101; scanf's %b).  The declarations here are the ones those
// headers make; the old names keep C17's rules.
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

extern long c23_strtol(const char *, char **, int) __asm__("__isoc23_strtol");
extern unsigned long long c23_strtoull(const char *, char **, int) __asm__("__isoc23_strtoull");
extern int c23_sscanf(const char *, const char *, ...) __asm__("__isoc23_sscanf");
extern int c23_vsscanf(const char *, const char *, va_list) __asm__("__isoc23_vsscanf");

static int vs(const char *in, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = c23_vsscanf(in, fmt, ap);
    va_end(ap);
    return r;
}

int main(void) {
    char *end;
    const char *s = "0b101z";
    assert(c23_strtol(s, &end, 0) == 5 && end == s + 5);
    assert(c23_strtol("-0B11", 0, 2) == -3);
    assert(c23_strtoull("0x1f", 0, 0) == 31);
    s = "0b2";
    assert(c23_strtol(s, &end, 0) == 0 && end == s + 1);   /* the 0, not the b */
    assert(strtol("0b101", &end, 0) == 0);                  /* C17: stops at b */
    assert(c23_strtol("101", 0, 10) == 101);

    int i = 0, b = 0;
    unsigned u = 0;
    assert(c23_sscanf("0b110 101 0x10", "%i %b %x", &i, &b, &u) == 3);
    assert(i == 6 && b == 5 && u == 16);
    assert(vs("-0b1", "%i", &i) == 1 && i == -1);
    assert(sscanf("0b110", "%i", &i) == 1 && i == 0);       /* C17 */
    return 0;
}
