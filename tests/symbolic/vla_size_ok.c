// expect: valid
// options: --symbolic
// a variable-length array of symbolic length (DIVINE's test/sym/libc/vla)
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    int a[n];
    if (n > 3) {
        a[3] = 1;
        return a[3] - 1;
    }
    return 0;
}
