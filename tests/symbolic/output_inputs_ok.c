// expect: valid
// options: --symbolic
// Symbolic inputs written out (printf's digits, putchar, a buffer to
// write) are not uninitialised: they print as one value they may have.
#include <stdio.h>
#include <unistd.h>

extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);

int main(void)
{
    int x = __VERIFIER_nondet_int();
    char c = __VERIFIER_nondet_char();
    char buf[2];
    buf[0] = c;
    buf[1] = '\n';
    write(1, buf, 2);
    putchar(c);
    printf("%d\n", x > 0);
    return 0;
}
