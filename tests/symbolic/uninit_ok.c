// expect: valid
// options: --symbolic -o nondet:uninit -o allow:void-main
// Every value of the uninitialised bytes: what the program computes from
// them holds for all.  Partly initialised words keep their defined bits.
#include <assert.h>
#include <string.h>
struct s { char c; int x; };
void main() {                 /* SV-COMP's void main (-o allow:void-main: status 0) */
    unsigned u;
    unsigned char b[4];
    b[0] = 0xff;              /* one byte defined: the word's low byte is fixed */
    unsigned w;
    memcpy(&w, b, 4);
    assert((w & 0xff) == 0xff);
    assert(u * 2 % 2 == 0);
    struct s v;
    v.c = 1;
    struct s t = v;           /* copies undefined bytes as they are */
    assert(t.c == 1);
    if (t.x == 5)
        assert(t.x + 1 == 6);
    double d;
    if (d == d)
        assert(!(d != d));
    long double x;
    if (x >= 1.0L)             /* (x > 1 would not do: 1 + 2^-63 + 1 rounds to 2) */
        assert(x + 1.0L >= 2.0L);
}
